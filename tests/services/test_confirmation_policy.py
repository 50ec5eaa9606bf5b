"""Issue 20.12: an event accepts a player's report when every other side confirms (the default)
or when any one does; with one, the other sides keep a dispute window, through the page, the
API and the service alike, refused after the window, on a closed round, or twice."""

from datetime import timedelta

import pytest
from django.utils import timezone

from common.audit.actor import Actor
from common.audit.models import AuditEntry
from matches.models import MatchStatus, ResultResponse, VersionState
from matches.services.confirmations import accepts
from matches.services.disputes import dispute
from matches.services.results import confirm_report, submit_report
from matches.services.tables import ResultFlowError
from tests.api.conftest import entrant_client
from tests.factories import EntrantFactory, TournamentFactory
from tournament.services.rounds import complete_round, generate_swiss_round, publish_round

pytestmark = pytest.mark.django_db


def test_the_rule_itself():
    assert accepts("all", {1, 2, 3}, {1, 2, 3}) and not accepts("all", {1, 2, 3}, {1, 2})
    assert accepts("one", {1, 2, 3}, {2}) and not accepts("one", {1, 2, 3}, set())


def reported(confirmations="one", window=10):
    tournament = TournamentFactory(confirmations=confirmations, dispute_window_minutes=window)
    EntrantFactory.create_batch(4, tournament=tournament)
    match = publish_round(generate_swiss_round(tournament, seed=3)).matches.get()
    a, b, c, d = [s.entrant for s in match.seats.order_by("position")]
    report = {"ended_by": "time", "sides": [
        {"side": str(e.pk), "victory_cup_tokens": t, "survivors": 1}
        for e, t in zip((a, b, c, d), (7, 5, 3, 1), strict=True)]}  # fmt: skip
    version = submit_report(match, report, Actor(entrant=a))
    return match, version, (a, b, c, d)


def test_by_default_every_other_side_must_confirm():
    match, version, (a, b, c, d) = reported("all")
    confirm_report(version, Actor(entrant=b))
    match.refresh_from_db()
    assert match.status == MatchStatus.REPORTED
    confirm_report(version, Actor(entrant=c))
    confirm_report(version, Actor(entrant=d))
    match.refresh_from_db()
    assert match.status == MatchStatus.ACCEPTED
    with pytest.raises(ResultFlowError, match="settled"):
        dispute(version, Actor(entrant=b), "late")  # no window in this event


def test_one_confirmation_accepts_and_the_others_may_still_dispute(client):
    match, version, (a, b, c, d) = reported("one")
    confirm_report(version, Actor(entrant=b))
    match.refresh_from_db()
    version.refresh_from_db()
    assert (match.status, version.state) == (MatchStatus.ACCEPTED, VersionState.ACCEPTED)
    page = client.get(f"/me/{c.access_token}/").content.decode()
    assert "accepted on one confirmation" in page and "you may still dispute it until" in page
    assert "you may still dispute" not in client.get(f"/me/{b.access_token}/").content.decode()
    response = client.post(
        f"/me/{c.access_token}/",
        {"action": "dispute", "version": version.pk, "reason": "I kept three tokens, not five"},
    )
    assert response.status_code == 302
    match.refresh_from_db()
    version.refresh_from_db()
    # the referees settle it; the accepted result counts meanwhile
    assert (match.status, version.state) == (MatchStatus.DISPUTED, VersionState.ACCEPTED)
    entry = AuditEntry.objects.get(action="result.disputed_after_acceptance")
    assert entry.reason == "I kept three tokens, not five" and entry.entrant == c
    with pytest.raises(ResultFlowError, match="already answered"):
        dispute(version, Actor(entrant=c), "again")
    with pytest.raises(ResultFlowError, match="own report"):
        dispute(version, Actor(entrant=a), "mine")


def test_the_window_closes(settings):
    match, version, (a, b, c, d) = reported("one", window=5)
    confirm_report(version, Actor(entrant=b))
    ResultResponse.objects.filter(version=version).update(
        created_at=timezone.now() - timedelta(minutes=6)
    )
    with pytest.raises(ResultFlowError, match="time to dispute this result ended"):
        dispute(version, Actor(entrant=c), "too late")
    match.refresh_from_db()
    assert match.status == MatchStatus.ACCEPTED


def test_no_late_dispute_once_the_round_is_closed():
    match, version, (a, b, c, d) = reported("one")
    confirm_report(version, Actor(entrant=b))
    complete_round(match.round)
    with pytest.raises(ResultFlowError):
        dispute(version, Actor(entrant=d), "after the round")


def test_the_api_takes_the_same_path():
    match, version, (a, b, c, d) = reported("one")
    confirm_report(version, Actor(entrant=b))
    url = f"/api/v1/matches/{match.pk}/results/{version.number}/dispute/"
    response = entrant_client(d).post(url, {"reason": "wrong count"}, format="json")
    assert response.status_code == 200, response.content
    match.refresh_from_db()
    assert match.status == MatchStatus.DISPUTED
    again = entrant_client(d).post(url, {"reason": "again"}, format="json")
    assert again.status_code == 409


def test_the_setting_has_bounds(client):
    from tests.api.conftest import user_client

    tournament = TournamentFactory()
    api = user_client(tournament.organiser)
    url = f"/api/v1/tournaments/{tournament.slug}/"
    assert api.patch(url, {"dispute_window_minutes": 121}, format="json").status_code == 400
    assert api.patch(url, {"confirmations": "some"}, format="json").status_code == 400
    ok = api.patch(url, {"confirmations": "one", "dispute_window_minutes": 0}, format="json")
    assert ok.status_code == 200 and ok.json()["confirmations"] == "one"
