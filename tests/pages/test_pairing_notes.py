"""Issue 35.9-10: the round page's lines on seat rotation and clubmates, from the record."""

from tournament.views.pairing_notes import club_note, pairing_notes, seat_note

SEATS = {
    "rotated": True,
    "positions": 4,
    "before": {"largest": 3, "mean": 2.1, "most_first_seats": 3, "fewest_first_seats": 0},
    "after": {"largest": 1, "mean": 1.0, "most_first_seats": 2, "fewest_first_seats": 1},
}


def test_the_seat_line_says_how_even_the_seats_are():
    assert seat_note(SEATS) == (
        "Seats rotated: at each table seat 1 went to the side that had sat first least often, "
        "and so on. After this round a side's most- and least-used seats differ by at most 1 "
        "(mean 1.0; 3 without the rotation); the most first seats any side has had is 2."
    )


def test_the_club_line_says_why_a_table_seats_clubmates():
    apart = {"clubs": 2, "tables_with_clubmates": []}
    assert club_note(apart) == "Clubmates kept apart: no table seats two players of one club."
    cost = {"clubs": 1, "tables_with_clubmates": [3], "reason": "cost"}
    assert club_note(cost) == (
        "1 table seats clubmates (table 3): keeping them apart would have cost a repeat "
        "opponent or the points grouping."
    )
    crowded = {
        "clubs": 1,
        "tables_with_clubmates": [1, 2],
        "reason": "crowded",
        "crowded_clubs": {"Club X": 9},
    }
    assert club_note(crowded) == (
        "2 tables seat clubmates (tables 1, 2): too many players from Club X (9) for the "
        "round's tables."
    )
    search = {"clubs": 1, "tables_with_clubmates": [2], "reason": "search"}
    assert club_note(search).endswith(": no grouping found keeps every club apart.")


def test_a_record_without_these_parts_has_no_lines_and_team_sizes_are_read():
    assert pairing_notes({"method": "swiss", "repeats": 0}) == []
    by_size = {"by_size": {"2": {"clubs": {"clubs": 1, "tables_with_clubmates": []}}}}
    assert pairing_notes({"seat_order": SEATS, **by_size})[1].startswith("Clubmates kept apart")
