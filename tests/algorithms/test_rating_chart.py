"""Issue 17: the rating chart is a well-formed, accessible SVG that fits a phone, draws the
conservative rating after each game from the newcomer's start, and never more than a few
hundred points however long the history."""

import math
import random
import xml.etree.ElementTree as ET

import pytest

from leagues.logic.rating_chart import (
    HEIGHT,
    MAX_POINTS,
    NEWCOMER,
    WIDTH,
    Point,
    downsample,
    rating_chart_svg,
    ticks,
)

NS = {"svg": "http://www.w3.org/2000/svg"}


def parse(svg: str) -> ET.Element:
    # the inline SVG of an HTML page has no namespace; give it one to parse it as XML
    return ET.fromstring(svg.replace("<svg ", '<svg xmlns="http://www.w3.org/2000/svg" ', 1))


def line_points(root) -> list[tuple[float, float]]:
    line = root.find("svg:polyline[@class='line']", NS)
    return [tuple(map(float, pair.split(","))) for pair in line.get("points").split()]


def history(count: int, seed: int = 1) -> list[Point]:
    rng = random.Random(seed)
    mu, sigma, out = 25.0, 25 / 3, []
    for games in range(1, count + 1):
        mu += rng.gauss(0, 0.6)
        sigma = max(0.8, sigma * 0.96)
        out.append(Point(games, mu, sigma))
    return out


def test_no_games_draws_a_sentence_not_a_line():
    root = parse(rating_chart_svg([], "Eye for an Eye", "r"))
    assert root.get("role") == "img"
    assert root.find("svg:title", NS).text == "Eye for an Eye: no rated games yet"
    assert root.find("svg:polyline", NS) is None
    assert "No rated games yet" in "".join(root.itertext())


def test_one_game_draws_from_the_start_to_the_first_rating():
    point = Point(1, 27.0, 7.5)
    root = parse(rating_chart_svg([point], "Eye for an Eye", "r"))
    assert root.find("svg:title", NS).text == "Eye for an Eye rating after 1 game: 27.0"
    (x0, y0), (x1, y1) = line_points(root)
    assert x0 < x1 and y1 < y0  # from 0 games at the newcomer's 25.0 up to 27.0
    ticks_text = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert "games played" in ticks_text and "rating" in ticks_text


def test_the_line_follows_the_points_and_stays_on_the_canvas():
    points = history(12)
    root = parse(rating_chart_svg(points, "Eye for an Eye", "r"))
    drawn = line_points(root)
    assert len(drawn) == 13  # the newcomer's start and one point per game
    assert all(0 <= x <= WIDTH and 0 <= y <= HEIGHT for x, y in drawn)
    xs = [x for x, _ in drawn]
    assert xs == sorted(xs)
    # the highest rating is drawn highest (smallest y), the lowest lowest
    values = [NEWCOMER.listed] + [p.listed for p in points]
    ys = [y for _, y in drawn]
    assert ys.index(min(ys)) == values.index(max(values))
    assert ys.index(max(ys)) == values.index(min(values))
    last = points[-1]
    assert root.find("svg:title", NS).text == (
        f"Eye for an Eye rating after 12 games: {last.listed:.1f}"
    )
    assert root.get("viewBox") == f"0 0 {WIDTH} {HEIGHT}" and root.get("width") == "100%"


def test_five_thousand_games_are_thinned_but_keep_the_extremes_and_the_end():
    points = history(5000, seed=7)
    root = parse(rating_chart_svg(points, "Eye for an Eye", "r"))
    drawn = line_points(root)
    assert len(drawn) <= MAX_POINTS
    ys = [y for _, y in drawn]
    kept = downsample([NEWCOMER, *points])
    assert max(p.listed for p in kept) == max(p.listed for p in points)
    assert min(p.listed for p in kept) == min(NEWCOMER.listed, *(p.listed for p in points))
    assert kept[-1] == points[-1] and len(ys) == len(kept)
    assert "5000 games" in root.find("svg:title", NS).text


def test_downsample_keeps_short_histories_whole_and_refuses_a_silly_limit():
    points = history(10)
    assert downsample(points) == points
    assert len(downsample(history(1000), limit=50)) <= 50
    with pytest.raises(ValueError):
        downsample(points, limit=1)


def test_hostile_names_and_ids_are_escaped():
    svg = rating_chart_svg(history(3), '<script>alert("x")</script>', 'x" onload="evil')
    root = parse(svg)  # still well formed
    assert "<script>" not in svg and 'onload="evil' not in svg
    assert root.find("svg:title", NS).text.startswith('<script>alert("x")</script>')


def test_ticks_are_round_and_enclose_the_range():
    values = ticks(-3.2, 41.7)
    assert values[0] <= -3.2 and values[-1] >= 41.7
    steps = {round(b - a, 6) for a, b in zip(values, values[1:], strict=False)}
    assert len(steps) == 1
    step = steps.pop()
    mantissa = step / 10 ** math.floor(math.log10(step))
    assert round(mantissa, 6) in (1, 2, 5)
    assert 3 <= len(values) <= 7
