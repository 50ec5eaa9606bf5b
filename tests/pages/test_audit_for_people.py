"""Issue 20.16: the audit trail says in words who did what to which table, shows a result's
change as before/after, filters by round, table and person, and keeps the raw record."""

from types import SimpleNamespace

import pytest

from common.audit.actor import Actor
from common.audit.logic.story import AuditNames, placing_text, tell
from common.audit.models import AuditEntry
from common.logic.words import ordinal
from matches.services.results import correct_result, enter_result
from tests.factories import EntrantFactory, TournamentFactory, UserFactory, report_then_dispute
from tournament.models import StaffRole
from tournament.services.rounds import generate_swiss_round, publish_round


def entry(**fields):
    base = {
        "action": "result.corrected",
        "target_type": "matches.match",
        "target_id": "7",
        "before": None,
        "after": None,
        "user": None,
        "entrant_id": None,
        "reason": "",
    }
    return SimpleNamespace(**{**base, **fields})


NAMES = AuditNames(
    entrants={"1": "Ada", "2": "Bo"},
    matches={"7": (2, 3)},
    rounds={"9": 2},
    roles={5: "referee"},
)


def test_ordinals_and_placings_read_as_words():
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st", "111th"
    ]  # fmt: skip
    assert placing_text({"place": 2, "points": 3.0, "score": 12}) == "2nd, 3 points (score 12)"
    assert placing_text({"place": 4, "points": 1}) == "4th, 1 point"
    assert placing_text({"place": 1, "points": 2.5}) == "1st, 2.5 points"


def placing(side, place, points):
    return {"side": side, "place": place, "points": points}


def test_a_correction_names_the_referee_the_table_and_the_changed_places():
    referee = SimpleNamespace(pk=5, get_full_name=lambda: "", get_username=lambda: "sam")
    story = tell(
        entry(
            user=referee,
            reason="cups were swapped",
            before={"placings": [placing("1", 1, 4), placing("2", 2, 2)]},
            after={"placings": [placing("2", 1, 4), placing("1", 2, 2)]},
        ),
        NAMES,
    )
    assert story.sentence == "sam (referee) corrected the result of round 2, table 3."
    assert story.reason == "cups were swapped"
    assert [(p.name, p.before, p.after, p.changed) for p in story.placings] == [
        ("Bo", "2nd, 2 points", "1st, 4 points", True),
        ("Ada", "1st, 4 points", "2nd, 2 points", True),
    ]


def test_a_player_a_round_command_and_an_unknown_action_in_words():
    by_player = tell(entry(action="result.reported", entrant_id=1), NAMES)
    assert (
        by_player.sentence == "Ada (player, private link) reported the result of round 2, table 3."
    )
    clock = tell(
        entry(
            action="clock.pause",
            target_type="tournament.round",
            target_id="9",
            before={"state": "running", "remaining_ms": 5},
            after={"state": "paused", "remaining_ms": 5},
        ),
        NAMES,
    )
    assert clock.sentence == "The system paused the clock of round 2."
    assert clock.changes == [("State", "running", "paused")]
    odd = tell(entry(action="future.thing", target_type="x", target_id="1"), NAMES)
    assert odd.sentence == "The system recorded “future.thing”."


def test_hostile_before_and_after_values_do_not_break_the_story():
    for value in ([1, 2], "text", 3, {"placings": "nope"}, {"placings": [None, 5, {"side": None}]}):
        story = tell(entry(before=value, after={"x": "y" * 500}), NAMES)
        assert story.sentence.endswith("round 2, table 3.")
        assert all(len(after) <= 60 for _, _, after in story.changes)


@pytest.fixture
def played(db):
    organiser = UserFactory(username="boss", first_name="Bea", last_name="Boss")
    referee = UserFactory(username="ref")
    tournament = TournamentFactory(slug="cup", organiser=organiser, name="Cup")
    StaffRole.objects.create(tournament=tournament, user=referee, role="referee")
    for name in ("Ada", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"):
        EntrantFactory(tournament=tournament, display_name=name)
    round_ = publish_round(generate_swiss_round(tournament, seed=3))
    first, second = round_.matches.order_by("table_number")
    seats = report_then_dispute(first, [6, 4, 2, 1], "Our cups were counted wrong")
    sides = [
        {"side": str(s.entrant_id), "victory_cup_tokens": t, "survivors": 1}
        for s, t in zip(seats, [1, 2, 4, 6], strict=True)
    ]
    correct_result(first, {"ended_by": "time", "sides": sides}, Actor(user=referee), "Recounted")
    other = list(second.seats.order_by("position"))
    enter_result(
        second,
        {
            "ended_by": "time",
            "sides": [
                {"side": str(s.entrant_id), "victory_cup_tokens": t, "survivors": 1}
                for s, t in zip(other, [6, 4, 2, 1], strict=True)
            ],
        },
        Actor(user=organiser),
    )
    return tournament, organiser, referee, first, seats


def test_the_page_tells_the_story_of_a_disputed_table(client, played):
    tournament, organiser, referee, first, seats = played
    client.force_login(referee)
    page = client.get("/events/cup/manage/audit/?round=1&table=1").content.decode()
    reporter, disputer = seats[0].entrant.display_name, seats[1].entrant.display_name
    assert f"{reporter} (player, private link) reported the result of round 1, table 1." in page
    assert f"{disputer} (player, private link) disputed the result of round 1, table 1." in page
    assert "Reason: “Our cups were counted wrong”" in page
    assert "ref (referee) corrected the result of round 1, table 1." in page
    assert "Reason: “Recounted”" in page
    assert "1st, 4 points (score 11)" in page and "4th, 1 point (score 6)" in page
    assert "Raw record" in page and "result.corrected" in page  # the expert's view stays
    # the correction's "before" is the disputed report it replaced, so the change is visible
    corrected = AuditEntry.objects.get(action="result.corrected")
    assert corrected.before["version"] == 1 and corrected.after["version"] == 2
    assert 'class="changed"' in page
    assert "table 2" not in page  # the filter keeps to table 1


def test_filters_by_round_table_and_person(client, played):
    tournament, organiser, referee, first, seats = played
    client.force_login(organiser)

    def count(query):
        return client.get(f"/events/cup/manage/audit/?{query}").context["page"].paginator.count

    everything = AuditEntry.objects.filter(tournament=tournament).count()
    assert count("") == everything
    assert count("table=2") == 1  # the organiser's entry at table 2
    actions = set(AuditEntry.objects.values_list("action", flat=True))
    assert {"round.generated", "round.published", "result.reported"} <= actions
    assert count("round=1") == everything  # the round's own entries and its tables'
    assert count("round=2") == 0
    assert count(f"person=u{referee.pk}") == 1
    assert count(f"person=u{organiser.pk}") >= 1
    assert count(f"person=e{seats[1].entrant_id}") == 1  # the dispute
    assert count("round=1&table=1&action=result.disputed") == 1
    hostile_filters = ("round=-1", "table=abc", "person=zzz", "person=u", "round=" + "9" * 50)
    for hostile in (*hostile_filters, "action=" + "x" * 500, "person=e" + "1" * 40):
        assert client.get(f"/events/cup/manage/audit/?{hostile}").status_code == 200
    page = client.get("/events/cup/manage/audit/?person=e99999").content.decode()
    assert "Nothing recorded that matches these filters." in page


def test_the_page_tells_the_story_in_the_readers_language(client, played):
    """The audit page words its stories through the door that translates them (issue 39)."""
    tournament, organiser, referee, first, seats = played
    client.force_login(referee)
    page = client.get(
        "/events/cup/manage/audit/?round=1&table=1", HTTP_ACCEPT_LANGUAGE="de"
    ).content.decode()
    assert "hat das Ergebnis von Runde 1, Tisch 1 korrigiert." in page
    assert "corrected the result of round 1" not in page
