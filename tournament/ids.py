"""How the pure algorithms order ids they are given as text (entrant ids, side ids)."""


def id_sort_key(value: str) -> tuple[int, int, str]:
    """Whole-number ids by value (6 before 15), then any other ids as text.

    Entrant ids grow in the order people registered, so ordering them by value keeps that order
    whatever other events the database holds; as text, "15" would come before "6".
    """
    if value.isdecimal():
        return (0, int(value), value)
    return (1, 0, value)
