"""The day a weekly event comes round again (pure: no framework)."""

import datetime

WEEK = datetime.timedelta(days=7)


def next_week_day(original: datetime.date | None, today: datetime.date) -> datetime.date:
    """The first day after ``original``, on its weekday, that is not past; a week from today
    when there is no original day (or none fits in a date)."""
    if original is None or original >= datetime.date.max - WEEK:
        return today + WEEK
    weeks = max(1, -(-(today - original).days // 7))
    return original + weeks * WEEK
