"""Issue 20.15: the event's final order - champion, final, groups, then the Swiss field."""

from tournament.logic.brackets import final_order
from tournament.logic.brackets.final_order import ordinal

SWISS = [f"s{i}" for i in range(1, 21)]  # s1 best after the Swiss rounds


def test_the_whole_field_once_in_order():
    groups1 = {s: (1 + i % 4, "ABCD"[i // 4]) for i, s in enumerate(SWISS[:16])}
    groups2 = {s: (1 + i % 4, ["AD", "BC"][i // 4]) for i, s in enumerate(SWISS[:8])}
    final = [("s2", 10.0), ("s1", 12.0), ("s3", 7.0), ("s4", 3.0)]
    order = final_order(SWISS, [("Elimination round 1", groups1), ("Elimination round 2", groups2)],
                        final, "s1")  # fmt: skip
    sides = [f.side for f in order]
    assert sorted(sides) == sorted(SWISS) and len(sides) == 20
    assert [f.position for f in order] == list(range(1, 21))
    assert sides[:4] == ["s1", "s2", "s3", "s4"]
    assert order[0].reached == "Champion" and order[0].detail == "winner in the final (12 points)"
    assert order[1].detail == "runner-up in the final (10 points)"
    # knocked out in round 2: s5-s8, by place in their group then Swiss order
    assert [f.reached for f in order[4:8]] == ["Elimination round 2"] * 4
    # then round 1 (s9-s16), then the field that missed the cut in Swiss order
    assert all(f.reached == "Elimination round 1" for f in order[8:16])
    assert sides[16:] == ["s17", "s18", "s19", "s20"]
    assert order[16].detail == "17th after the Swiss rounds"


def test_a_champion_who_won_a_tie_break_comes_first_whatever_the_totals():
    order = final_order(SWISS[:4], [], [("s1", 9.0), ("s2", 9.0), ("s3", 4), ("s4", 1)], "s2")
    assert [f.side for f in order] == ["s2", "s1", "s3", "s4"]


def test_equal_places_in_a_stage_keep_the_swiss_order():
    groups = {"s4": (2, "A"), "s3": (2, "B"), "s2": (1, "A"), "s1": (1, "B")}
    order = final_order(SWISS[:4], [("Elimination round 1", groups)], [], None)
    assert [f.side for f in order] == ["s1", "s2", "s3", "s4"]
    assert order[2].detail == "2nd in group B"


def test_vp_series_say_vp_and_ordinals_read_right():
    order = final_order(["a", "b"], [], [("a", 31.5), ("b", 20)], "a", by_score=True)
    assert order[0].detail == "winner in the final (31.5 VP)"
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 112)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "112th"]  # fmt: skip
