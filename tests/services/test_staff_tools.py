"""Issue 38 item 4: a table's extra time and a side's warnings and point penalties, one service
each: who may act, the bounds, bad input changing nothing, the same send twice making one change,
and a point penalty moving the standings."""

import uuid

import pytest

from common.audit.actor import Actor
from common.audit.models import AuditEntry
from common.live import push_messages
from matches.services.results import enter_result
from matches.services.table_time import MAX_EXTRA_MINUTES, TableTimeError, set_table_time
from tests.factories import EntrantFactory, TournamentFactory, UserFactory
from tournament.models import Penalty, RoundStatus, StaffRole, StaffRoleKind
from tournament.services.penalties import MAX_PENALTY_POINTS, PenaltyError, give_penalty
from tournament.services.rounds import complete_round, generate_swiss_round, publish_round
from tournament.services.standings import compute_standings

pytestmark = pytest.mark.django_db


@pytest.fixture
def event():
    boss = UserFactory(username="staff-boss")
    tournament = TournamentFactory(slug="staff-tools", organiser=boss)
    EntrantFactory.create_batch(4, tournament=tournament)
    round_ = publish_round(generate_swiss_round(tournament, seed=3))
    referee = UserFactory(username="staff-ref")
    StaffRole.objects.create(tournament=tournament, user=referee, role=StaffRoleKind.REFEREE)
    return {
        "tournament": tournament,
        "round": round_,
        "match": round_.matches.filter(is_bye=False).first(),
        "organiser": Actor(user=boss),
        "referee": Actor(user=referee),
        "stranger": Actor(user=UserFactory(username="staff-stranger")),
    }


def audit_count(tournament, prefix):
    return AuditEntry.objects.filter(tournament=tournament, action__startswith=prefix).count()


# --- extra time for one table --------------------------------------------------------------


def test_a_referee_gives_a_table_extra_time_audited_and_pushed(event, monkeypatch):
    pushed = []
    monkeypatch.setattr(
        "common.live.realtime.push_on_commit", lambda group, payload: pushed.append(payload)
    )
    match = set_table_time(event["match"], 3, event["referee"], reason="late start")
    assert match.extra_seconds == 180
    entry = AuditEntry.objects.get(action="table.extra_time")
    assert entry.reason == "late start" and entry.after["extra_seconds"] == 180
    assert pushed[0]["type"] == "table.time" and pushed[0]["extra_ms"] == 180_000
    assert pushed[0]["label"] == "+3 min for this table"


def test_the_same_extension_again_changes_nothing(event):
    set_table_time(event["match"], 3, event["organiser"], reason="rules question")
    set_table_time(event["match"], "3", event["organiser"], reason="rules question")
    assert audit_count(event["tournament"], "table.") == 1
    set_table_time(event["match"], 0, event["organiser"], reason="given by mistake")
    event["match"].refresh_from_db()
    assert event["match"].extra_seconds == 0
    assert audit_count(event["tournament"], "table.") == 2


@pytest.mark.parametrize(
    ("minutes", "reason", "who"),
    [
        (MAX_EXTRA_MINUTES + 1, "late", "referee"),
        (-1, "late", "referee"),
        ("two", "late", "referee"),
        (2.5, "late", "referee"),
        (True, "late", "referee"),
        (3, "   ", "referee"),
        (3, "x" * 2001, "referee"),
        (3, "late", "stranger"),
    ],
)
def test_bad_extensions_are_refused_and_change_nothing(event, minutes, reason, who):
    with pytest.raises(TableTimeError):
        set_table_time(event["match"], minutes, event[who], reason=reason)
    event["match"].refresh_from_db()
    assert event["match"].extra_seconds == 0
    assert audit_count(event["tournament"], "table.") == 0


def test_a_finished_round_gets_no_extra_time(event):
    round_ = event["round"]
    for match in round_.matches.filter(is_bye=False):
        seats = list(match.seats.order_by("position"))
        sides = [
            {"side": str(s.entrant_id), "victory_cup_tokens": 5 - i, "survivors": 1}
            for i, s in enumerate(seats)
        ]
        enter_result(match, {"ended_by": "time", "sides": sides}, event["organiser"])
    complete_round(round_, actor=event["organiser"])
    round_.refresh_from_db()
    assert round_.status == RoundStatus.COMPLETE
    with pytest.raises(TableTimeError, match="not being played"):
        set_table_time(event["match"], 2, event["referee"], reason="late")


def test_the_table_time_message_has_its_declared_shape(event):
    event["match"].extra_seconds = 120
    message = push_messages.table_time(event["match"])
    declared = push_messages.MESSAGE_TYPES["table.time"]
    assert set(message) == set(declared.__annotations__)


# --- warnings and point penalties -----------------------------------------------------------


def test_a_warning_is_kept_with_its_reason_and_audited(event):
    entrant = event["tournament"].entrants.first()
    penalty = give_penalty(entrant, "warning", event["referee"], reason="slow play")
    assert (penalty.kind, penalty.points, penalty.reason) == ("warning", 0, "slow play")
    assert penalty.issued_by == event["referee"].user
    assert AuditEntry.objects.get(action="penalty.warning").reason == "slow play"


def test_a_point_penalty_moves_the_standings(event):
    tournament = event["tournament"]
    entrant = tournament.entrants.first()
    before = {row.entrant_id: row.points for row in compute_standings(tournament)}
    give_penalty(entrant, "points", event["organiser"], reason="abuse", points=2)
    after = {row.entrant_id: row.points for row in compute_standings(tournament)}
    assert after[str(entrant.pk)] == before[str(entrant.pk)] - 2
    assert {k: v for k, v in after.items() if k != str(entrant.pk)} == {
        k: v for k, v in before.items() if k != str(entrant.pk)
    }


def test_a_warning_does_not_move_the_standings(event):
    tournament = event["tournament"]
    before = compute_standings(tournament)
    give_penalty(tournament.entrants.first(), "warning", event["organiser"], reason="noise")
    assert compute_standings(tournament) == before


def test_the_same_key_twice_gives_one_penalty(event):
    entrant = event["tournament"].entrants.first()
    key = str(uuid.uuid4())
    first = give_penalty(
        entrant, "points", event["referee"], reason="late", points=1, request_key=key
    )
    again = give_penalty(
        entrant, "points", event["referee"], reason="late", points=1, request_key=key
    )
    assert first.pk == again.pk and Penalty.objects.count() == 1
    assert audit_count(event["tournament"], "penalty.") == 1
    with pytest.raises(PenaltyError):
        give_penalty(entrant, "points", event["referee"], reason="late", points=3, request_key=key)
    assert Penalty.objects.count() == 1


@pytest.mark.parametrize(
    ("kind", "points", "reason", "who", "key"),
    [
        ("game_loss", None, "late", "referee", None),
        ("warning", 2, "late", "referee", None),
        ("points", 0, "late", "referee", None),
        ("points", MAX_PENALTY_POINTS + 1, "late", "referee", None),
        ("points", "1.5", "late", "referee", None),
        ("points", 1, "", "referee", None),
        ("points", 1, "x" * 2001, "referee", None),
        ("points", 1, "late", "stranger", None),
        ("points", 1, "late", "referee", "not-a-uuid"),
    ],
)
def test_bad_penalties_are_refused_and_change_nothing(event, kind, points, reason, who, key):
    tournament = event["tournament"]
    before = compute_standings(tournament)
    with pytest.raises(PenaltyError):
        give_penalty(
            tournament.entrants.first(),
            kind,
            event[who],
            reason=reason,
            points=points,
            request_key=key,
        )
    assert Penalty.objects.count() == 0
    assert audit_count(tournament, "penalty.") == 0
    assert compute_standings(tournament) == before


def test_a_round_of_another_event_is_refused(event):
    other = TournamentFactory(slug="other-event", organiser=event["organiser"].user)
    EntrantFactory.create_batch(3, tournament=other)
    foreign = generate_swiss_round(other, seed=1)
    with pytest.raises(PenaltyError):
        give_penalty(
            event["tournament"].entrants.first(),
            "warning",
            event["organiser"],
            reason="noise",
            round_=foreign,
        )
    assert Penalty.objects.count() == 0
