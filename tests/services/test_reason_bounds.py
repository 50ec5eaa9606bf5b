"""One bound for every reason (dispute, correction, drop, closing a round, extra time): a reason
the audit trail would not keep whole is refused with a message, never cut short, and the
action changes nothing."""

import pytest

from common.audit.actor import SYSTEM
from common.audit.models import AuditEntry
from common.audit.reasons import REASON_MAX_CHARS, ReasonTooLong
from matches.models import ResultResponse, ResultVersion
from matches.services.results import correct_result, enter_result
from tests.factories import EntrantFactory, TournamentFactory, UserFactory
from tournament.models import EntrantStatus, RoundStatus
from tournament.services import clock
from tournament.services.rounds import complete_round, generate_swiss_round, publish_round

pytestmark = pytest.mark.django_db

LONGEST = "x" * REASON_MAX_CHARS
TOO_LONG = "y" * (REASON_MAX_CHARS + 1)


@pytest.fixture
def table():
    boss = UserFactory(username="reason-boss")
    tournament = TournamentFactory(slug="reasons", organiser=boss)
    EntrantFactory.create_batch(3, tournament=tournament)
    round_ = publish_round(generate_swiss_round(tournament, seed=8))
    return round_.matches.get()


def report(match, cups):
    seats = match.seats.order_by("position")
    return {
        "ended_by": "time",
        "sides": [
            {"side": str(s.entrant_id), "victory_cup_tokens": c, "survivors": 1}
            for s, c in zip(seats, cups, strict=True)
        ],
    }


def test_a_correction_keeps_the_longest_reason_whole_and_refuses_one_more_character(table):
    enter_result(table, report(table, [3, 2, 1]), SYSTEM)
    with pytest.raises(ReasonTooLong, match=f"{REASON_MAX_CHARS + 1} characters"):
        correct_result(table, report(table, [1, 2, 3]), SYSTEM, TOO_LONG)
    assert ResultVersion.objects.filter(match=table).count() == 1  # nothing changed
    version = correct_result(table, report(table, [1, 2, 3]), SYSTEM, LONGEST)
    assert version.reason == LONGEST
    assert AuditEntry.objects.get(action="result.corrected").reason == LONGEST


def test_the_players_page_refuses_a_long_dispute_with_a_message_and_keeps_nothing(client, table):
    ann, bob, _ = [s.entrant for s in table.seats.select_related("entrant").order_by("position")]
    client.post(
        f"/me/{ann.access_token}/",
        {
            "action": "report",
            "match": table.pk,
            "g-ended_by": "time",
            **{f"s{p}-victory_cup_tokens": c for p, c in zip((1, 2, 3), (12, 5, 10), strict=True)},
            **{f"s{p}-survivors": 1 for p in (1, 2, 3)},
        },
    )
    version = ResultVersion.objects.get(match=table)
    page = client.get(f"/me/{bob.access_token}/").content.decode()
    assert f'maxlength="{REASON_MAX_CHARS}"' in page
    data = {"action": "dispute", "version": version.pk, "reason": TOO_LONG}
    response = client.post(f"/me/{bob.access_token}/", data)
    assert response.status_code == 200
    assert "at most 2000 are kept" in response.content.decode()
    assert not ResultResponse.objects.exists()  # not disputed with a cut-short reason


def test_closing_a_round_and_extra_time_refuse_a_long_reason(table):
    round_ = table.round
    with pytest.raises(ReasonTooLong):
        complete_round(round_, reason=TOO_LONG)
    round_.refresh_from_db()
    assert round_.status != RoundStatus.COMPLETE
    clock.start(round_)
    with pytest.raises(clock.ClockError, match="at most 2000"):
        clock.run_command(round_, "extend", seconds=60, reason=TOO_LONG)
    with pytest.raises(clock.ClockError, match="must be text"):
        clock.run_command(round_, "extend", seconds=60, reason=["a", "list"])
    assert not AuditEntry.objects.filter(action__contains="extend").exists()


def test_the_drop_page_and_api_refuse_a_long_reason(client, table):
    tournament = table.round.tournament
    entrant = tournament.entrants.first()
    client.force_login(tournament.organiser)
    url = f"/events/{tournament.slug}/manage/entrants/{entrant.pk}/drop/"
    assert f'maxlength="{REASON_MAX_CHARS}"' in client.get(url).content.decode()
    response = client.post(url, {"reason": TOO_LONG}, follow=True)
    assert "at most 2000 are kept" in response.content.decode()
    entrant.refresh_from_db()
    assert entrant.status != EntrantStatus.DROPPED
    api = client.post(
        f"/api/v1/tournaments/{tournament.slug}/entrants/{entrant.pk}/drop/",
        {"reason": TOO_LONG},
        content_type="application/json",
    )
    assert api.status_code == 400 and "reason" in api.json()
    entrant.refresh_from_db()
    assert entrant.status != EntrantStatus.DROPPED
