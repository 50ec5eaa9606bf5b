"""A warning or point penalty given by mistake is withdrawn with a reason: kept and shown, its
points no longer counted, audited once; a retried tap changes nothing; only staff may."""

import pytest
from django.test import Client

from common.audit.actor import Actor
from common.audit.models import AuditEntry
from tests.factories import EntrantFactory, TournamentFactory, UserFactory
from tournament.models import StaffRole, StaffRoleKind
from tournament.services.penalties import PenaltyError, give_penalty, withdraw_penalty
from tournament.services.rounds import generate_swiss_round, publish_round
from tournament.services.standings import compute_standings

pytestmark = pytest.mark.django_db


@pytest.fixture
def event():
    boss = UserFactory(username="withdraw-boss")
    tournament = TournamentFactory(slug="withdraw-cup", organiser=boss)
    EntrantFactory.create_batch(4, tournament=tournament)
    StaffRole.objects.create(tournament=tournament, user=boss, role=StaffRoleKind.ORGANISER)
    round_ = publish_round(generate_swiss_round(tournament, seed=3))
    referee = UserFactory(username="withdraw-ref")
    StaffRole.objects.create(tournament=tournament, user=referee, role=StaffRoleKind.REFEREE)
    return {
        "tournament": tournament,
        "match": round_.matches.filter(is_bye=False).first(),
        "boss": boss,
        "referee": Actor(user=referee),
        "stranger": Actor(user=UserFactory(username="withdraw-stranger")),
    }


def points_of(tournament) -> dict:
    return {row.entrant_id: row.points for row in compute_standings(tournament)}


def test_a_withdrawn_point_penalty_no_longer_counts_and_is_kept(event):
    tournament = event["tournament"]
    entrant = tournament.entrants.first()
    before = points_of(tournament)
    penalty = give_penalty(entrant, "points", event["referee"], reason="abuse", points=3)
    assert points_of(tournament)[str(entrant.pk)] == before[str(entrant.pk)] - 3
    withdrawn = withdraw_penalty(penalty, event["referee"], reason="wrong player")
    assert withdrawn.withdrawn_at is not None and withdrawn.withdrawal_reason == "wrong player"
    assert withdrawn.withdrawn_by == event["referee"].user
    assert points_of(tournament) == before
    entry = AuditEntry.objects.get(action="penalty.withdrawn")
    assert entry.reason == "wrong player" and entry.before["points"] == 3
    assert tournament.penalties.count() == 1  # kept, never deleted


def test_withdrawing_twice_changes_nothing(event):
    entrant = event["tournament"].entrants.first()
    penalty = give_penalty(entrant, "warning", event["referee"], reason="noise")
    first = withdraw_penalty(penalty, event["referee"], reason="it was the next table")
    again = withdraw_penalty(penalty, event["referee"], reason="another reason")
    assert (again.withdrawn_at, again.withdrawal_reason) == (
        first.withdrawn_at,
        "it was the next table",
    )
    assert AuditEntry.objects.filter(action="penalty.withdrawn").count() == 1


@pytest.mark.parametrize(("who", "reason"), [("stranger", "mistake"), ("referee", "   ")])
def test_a_refused_withdrawal_changes_nothing(event, who, reason):
    tournament = event["tournament"]
    penalty = give_penalty(
        tournament.entrants.first(), "points", event["referee"], reason="x", points=1
    )
    before = points_of(tournament)
    with pytest.raises(PenaltyError):
        withdraw_penalty(penalty, event[who], reason=reason)
    penalty.refresh_from_db()
    assert penalty.withdrawn_at is None and penalty.withdrawal_reason == ""
    assert points_of(tournament) == before
    assert not AuditEntry.objects.filter(action="penalty.withdrawn").exists()


def test_the_desk_withdraws_and_the_player_sees_it_withdrawn(event):
    tournament, match = event["tournament"], event["match"]
    seat = match.seats.select_related("entrant").first()
    penalty = give_penalty(seat.entrant, "points", event["referee"], reason="late", points=2)
    desk = Client()
    desk.force_login(event["boss"])
    url = f"/events/{tournament.slug}/desk/matches/{match.pk}/penalties/{penalty.pk}/withdraw/"
    page = desk.get(f"/events/{tournament.slug}/desk/matches/{match.pk}/").content.decode()
    assert url in page
    refused = desk.post(url, {"reason": ""}, follow=True).content.decode()
    assert "Nothing withdrawn" in refused
    done = desk.post(url, {"reason": "scored the wrong side"}, follow=True).content.decode()
    assert "withdrawn." in done and "Withdrawn: “scored the wrong side”" in done
    assert url not in done  # no second button for a withdrawn penalty
    mine = Client().get(f"/me/{seat.entrant.access_token}/").content.decode()
    assert "Withdrawn: “scored the wrong side”" in mine


def test_a_stranger_cannot_withdraw_from_the_desk(event):
    tournament, match = event["tournament"], event["match"]
    seat = match.seats.select_related("entrant").first()
    penalty = give_penalty(seat.entrant, "warning", event["referee"], reason="noise")
    stranger = Client()
    stranger.force_login(event["stranger"].user)
    url = f"/events/{tournament.slug}/desk/matches/{match.pk}/penalties/{penalty.pk}/withdraw/"
    assert stranger.post(url, {"reason": "mine now"}).status_code in (403, 404)
    penalty.refresh_from_db()
    assert penalty.withdrawn_at is None
