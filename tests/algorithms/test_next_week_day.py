"""The suggested day of "Run this again": the event's weekday, never in the past."""

import datetime

from tournament.logic.weekly import next_week_day

TODAY = datetime.date(2030, 5, 15)  # a Wednesday


def test_a_past_event_comes_round_on_its_weekday_from_today_on():
    assert next_week_day(datetime.date(2030, 5, 14), TODAY) == datetime.date(2030, 5, 21)
    assert next_week_day(datetime.date(2030, 5, 1), TODAY) == TODAY
    assert next_week_day(datetime.date(2030, 4, 30), TODAY) == datetime.date(2030, 5, 21)


def test_a_future_event_comes_round_a_week_after_itself():
    assert next_week_day(datetime.date(2030, 6, 1), TODAY) == datetime.date(2030, 6, 8)
    assert next_week_day(TODAY, TODAY) == datetime.date(2030, 5, 22)


def test_no_day_or_the_last_days_a_date_holds_give_a_week_from_today():
    assert next_week_day(None, TODAY) == datetime.date(2030, 5, 22)
    assert next_week_day(datetime.date.max, TODAY) == datetime.date(2030, 5, 22)
