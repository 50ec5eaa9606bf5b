"""Property tests: replay is a pure fold, points behave, live and entered results agree."""

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import api
from engine.ranking import DEFAULT_POINTS_TABLES, award_points, places_from_keys
from tests.engine.helpers import EFAE
from tests.hypothesis_profiles import examples

START = {"Grublic": 15, "Riparian": 15, "Banksia": 15, "Incendiary": 15, "Pluma": 15, "Echo": 10}


@st.composite
def legal_games(draw, mode="every_eye"):
    """A setup, a legal event log, and the final numbers worked out independently."""
    names = draw(st.permutations(list(START)))
    if mode == "every_eye":
        count = draw(st.integers(2, 4))
        sides = {f"s{i}": [names[i]] for i in range(count)}
    else:
        shape = draw(st.sampled_from([(2, 2), (3, 3), (2, 3), (2, 2, 2)]))
        sides, i = {}, 0
        for n, size in enumerate(shape):
            sides[f"t{n}"] = names[i : i + size]
            i += size
    owner = {c: s for s, cs in sides.items() for c in cs}
    health = {c: START[c] for c in owner}
    cups = dict.fromkeys(sides, 0)
    guards_on, guards_tokens = 0, 5
    gtok = dict.fromkeys(sides, 0)
    events = [{"type": "start"}]
    ended = None
    for _ in range(draw(st.integers(0, 40))):
        alive = [c for c in owner if health[c] > 0]
        if len({owner[c] for c in alive}) < 2:
            ended = "last_side_standing"
            break
        kind = draw(st.sampled_from(["hit", "hit", "hit", "heal", "guard"]))
        if kind == "heal":
            hurt = [c for c in alive if health[c] < START[c]]
            if hurt:
                c = draw(st.sampled_from(hurt))
                health[c] += 1
                events.append({"type": "heal", "character": c})
            continue
        if kind == "guard":
            if "Echo" in alive and guards_on < 4:
                guards_on += 1
                events.append({"type": "guard_placed"})
            continue
        attacker = draw(st.sampled_from(alive))
        targets = [c for c in alive if owner[c] != owner[attacker]]
        target = draw(st.sampled_from(targets))
        hits = draw(st.integers(1, 6))
        unblockable = draw(st.integers(0, hits))
        cancelled = draw(st.integers(0, hits - unblockable))
        on_guard = target == "Echo" and guards_on > 0 and draw(st.booleans())
        events.append(
            {"type": "hit", "attacker": attacker, "target": target, "hits": hits,
             "unblockable": unblockable, "cancelled": cancelled, "guard": on_guard}
        )  # fmt: skip
        landed = hits - cancelled
        if on_guard:
            if landed:
                guards_on -= 1
                if guards_tokens:
                    guards_tokens -= 1
                    cups[owner[attacker]] += 1
                    gtok[owner[attacker]] += 1
            continue
        moved = min(landed, health[target])
        health[target] -= moved
        cups[owner[attacker]] += moved
        if health[target] == 0 and target == "Echo":
            guards_on = 0
    else:
        if len({owner[c] for c in owner if health[c] > 0}) < 2:
            ended = "last_side_standing"
    if ended is None and draw(st.booleans()):
        events.append({"type": "end"})
    report = {
        "sides": [
            {
                "side": s,
                "victory_cup_tokens": cups[s],
                "guard_tokens": gtok[s],
                "survivors": sum(1 for c in cs if health[c] > 0),
                "health_left": sum(health[c] for c in cs),
                "characters": list(cs),
            }
            for s, cs in sides.items()
        ],
        "ended_by": ended or "time",
    }
    setup = {"sides": [{"side": s, "characters": list(cs)} for s, cs in sides.items()]}
    return setup, events, report


@settings(max_examples=examples(150), deadline=None)
@given(st.data(), st.sampled_from(["every_eye", "alliances"]))
def test_live_and_entered_paths_agree(data, mode):
    setup, events, hand_report = data.draw(legal_games(mode))
    state = api.replay(EFAE, mode, setup, events)
    proposed = api.proposed_report(EFAE, mode, state)
    assert proposed["ended_by"] == hand_report["ended_by"]
    assert sorted(proposed["sides"], key=lambda s: s["side"]) == hand_report["sides"]
    assert api.score(EFAE, mode, proposed) == api.score(EFAE, mode, hand_report)


@settings(max_examples=examples(100), deadline=None)
@given(st.data())
def test_replay_twice_gives_the_same_state(data):
    setup, events, _ = data.draw(legal_games())
    first = api.replay(EFAE, "every_eye", setup, events)
    second = api.replay(EFAE, "every_eye", setup, events)
    assert first == second
    # and applying the events one by one gives the same state as replaying the whole log
    state = api.new_game(EFAE, "every_eye", setup)
    for event in events:
        state = api.apply_event(EFAE, "every_eye", state, event)
    assert state == first


scores = st.lists(st.integers(-5, 30), min_size=2, max_size=4)


@given(scores, st.sampled_from(["shared", "average", "playoff"]))
def test_points_never_rise_for_a_worse_place(values, policy):
    places = places_from_keys([(v,) for v in values])
    awarded = award_points(places, DEFAULT_POINTS_TABLES[len(values)], policy)
    by_place = sorted(zip(places, [p for p, _ in awarded], strict=True))
    assert all(a[1] >= b[1] for a, b in zip(by_place, by_place[1:], strict=False))
    # points always add up to the table's total under "average"
    if policy == "average":
        assert abs(sum(p for p, _ in awarded) - sum(DEFAULT_POINTS_TABLES[len(values)])) < 0.01


@given(scores)
def test_equal_scores_share_a_place(values):
    places = places_from_keys([(v,) for v in values])
    for i, a in enumerate(values):
        for j, b in enumerate(values):
            assert (places[i] == places[j]) == (a == b)
            if a > b:
                assert places[i] < places[j]


@settings(max_examples=examples(60), deadline=None)
@given(st.lists(st.integers(0, 200), min_size=2, max_size=4, unique=True))
def test_eye_vs_eye_scores_share_places_only_on_ties(viewpoints):
    report = {"sides": [{"side": f"p{i}", "viewpoints": v} for i, v in enumerate(viewpoints)]}
    rows = api.score("eye_vs_eye", "standard", report)
    assert [r["place"] for r in rows] == list(range(1, len(viewpoints) + 1))
    assert [r["score"] for r in rows] == sorted(viewpoints, reverse=True)
