"""The audit trail's stories read in the page's language (common.audit.stories), English as
it was without a translation."""

from types import SimpleNamespace

from django.utils import translation

from common.audit.logic.story import AuditNames
from common.audit.logic.story import tell as tell_in_english
from common.audit.stories import tell

NAMES = AuditNames(entrants={"7": "Alice"}, matches={"3": (2, 5)}, roles={1: "referee"})


def entry(**fields):
    user = SimpleNamespace(pk=1, get_full_name=lambda: "Sam", get_username=lambda: "sam")
    base = {"entrant_id": None, "action": "result.corrected", "target_type": "matches.match",
            "target_id": "3", "reason": "", "user": user}  # fmt: skip
    placings = {"placings": [{"side": 7, "place": 1, "points": 3}]}
    return SimpleNamespace(**{**base, "before": None, "after": placings, **fields})


def test_a_story_reads_in_german_and_french():
    with translation.override("de"):
        story = tell(entry(), NAMES)
    assert story.sentence == ("Sam (referee) hat das Ergebnis von Runde 2, Tisch 5 korrigiert.")
    assert story.placings[0].after == "1., 3 Punkte"
    with translation.override("fr"):
        story = tell(entry(user=None, entrant_id=7), NAMES)
    assert story.sentence == (
        "Alice (joueur, lien personnel) a corrigé le résultat de la ronde 2, table 5."
    )


def test_english_stays_as_it_was():
    with translation.override("en-gb"):
        story = tell(entry(), NAMES)
    assert story == tell_in_english(entry(), NAMES)
    assert story.sentence == "Sam (referee) corrected the result of round 2, table 5."
    assert story.placings[0].after == "1st, 3 points"
