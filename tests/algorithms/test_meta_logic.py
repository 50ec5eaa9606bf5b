"""Issue 40.4: the meta's pure pieces: the Wilson interval, the counting, the chart."""

import pytest

from leagues.logic.meta import MetaGame, MetaSide, meta_lines, sides_of, wilson_interval
from leagues.logic.meta_chart import MAX_BARS, meta_chart_svg


def test_wilson_interval_matches_the_published_values():
    assert wilson_interval(6, 8) == pytest.approx((0.4093, 0.9285), abs=1e-4)
    assert wilson_interval(0, 10) == pytest.approx((0.0, 0.2775), abs=1e-4)
    assert wilson_interval(10, 10) == pytest.approx((0.7225, 1.0), abs=1e-4)
    assert wilson_interval(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError):
        wilson_interval(5, 4)


def test_the_interval_narrows_as_games_grow():
    small, large = wilson_interval(5, 10), wilson_interval(500, 1000)
    assert small[1] - small[0] > large[1] - large[0]


def test_a_teams_chiefs_each_count_its_place_and_unnamed_games_are_counted():
    games = [
        MetaGame("s", "m", (MetaSide(("Echo", "Pluma"), 1), MetaSide(("Banksia",), 2))),
        MetaGame("s", "m", (MetaSide((), 1), MetaSide((), 2))),
        MetaGame("s", "other", (MetaSide(("Echo", "Echo"), 2),)),
    ]
    meta = meta_lines(games)
    assert (meta.games, meta.unnamed_games) == (3, 1)
    got = {(x.mode, x.chief): (x.games, x.wins, x.average_place) for x in meta.lines}
    assert got == {
        ("m", "Echo"): (1, 1, 1.0),
        ("m", "Pluma"): (1, 1, 1.0),
        ("m", "Banksia"): (1, 0, 2.0),
        ("other", "Echo"): (1, 0, 2.0),  # named twice by one side: one game
    }


def test_sides_of_leaves_out_what_it_cannot_read():
    sides = sides_of(
        [{"side": "1", "characters": ["Echo"]}, {"side": "2"}, "junk", {"side": "3"}],
        [{"side": "1", "place": 2}, {"side": "2", "place": 1}, {"side": "3", "place": "x"}],
    )
    assert sides == (MetaSide(("Echo",), 2), MetaSide((), 1))


def test_the_chart_escapes_names_and_bounds_its_bars():
    games = [
        MetaGame("s", "m", (MetaSide((f"<b>{n}</b>",), 1 + n % 2),)) for n in range(MAX_BARS + 5)
    ]
    svg = meta_chart_svg(meta_lines(games).lines, 'A "title"', "won", "meta-s-m")
    assert svg.count('class="bar"') == MAX_BARS
    assert "<b>" not in svg and "&lt;b&gt;" in svg
    assert "A &quot;title&quot;" in svg
    assert svg.startswith("<svg") and svg.endswith("</svg>")
