"""Issue 35.8: how a knocked-out character stands in Domination (and King of the Hill), and
the reading on the organisers' decisions page: it loses 5 VP once, keeps what it scored, scores
at no later call and no longer counts among the characters outside the called colour."""

import pytest

from engine import api
from engine.decisions import DECISIONS
from engine.errors import EventRejected

EFAE = "eye_for_an_eye"
SETUP = {
    "sides": [
        {"side": "a", "characters": ["Grublic"]},
        {"side": "b", "characters": ["Echo"]},
        {"side": "c", "characters": ["Pluma"]},
    ]
}


def play(*events):
    return api.replay(EFAE, "domination", SETUP, [{"type": "start"}, *events])


def knock_out_pluma():
    return {"type": "hit", "attacker": "Grublic", "target": "Pluma", "hits": 15}


def scoring(*on):
    return {"type": "scoring", "on": list(on), "colour": "red"}


def test_a_knocked_out_character_keeps_its_vp_and_loses_five_once():
    state = play(scoring("Pluma"), knock_out_pluma(), scoring("Grublic"))
    # Pluma scored 1 + 2 before; Grublic later scores 1 + 1 (Pluma no longer counts)
    assert state["characters"]["Pluma"]["vp"] == 3 and state["characters"]["Grublic"]["vp"] == 2
    report = api.proposed_report(EFAE, "domination", state)
    rows = {row["side"]: row for row in api.score(EFAE, "domination", report)}
    assert rows["c"]["score"] == 3 - 5 and rows["a"]["score"] == 2


def test_a_knocked_out_character_cannot_be_named_at_a_call():
    with pytest.raises(EventRejected) as refused:
        play(knock_out_pluma(), scoring("Pluma"))
    assert refused.value.code == "knocked_out"


def test_the_decisions_page_gives_the_reading():
    readings = [d.decision for d in DECISIONS if "knocked-out" in d.decision]
    assert any("Domination" in text and "5 VP" in text for text in readings)
