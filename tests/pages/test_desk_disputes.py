"""Issue 20.8: a disputed (or just reported) table opens at the desk pre-filled with the
reported numbers, the dispute's reason beside them; saving accepts, changing corrects."""

import pytest

from matches.models import MatchStatus, VersionKind, VersionState
from tests.factories import EntrantFactory, TournamentFactory, report_then_dispute
from tournament.services.rounds import generate_swiss_round, publish_round

pytestmark = pytest.mark.django_db


@pytest.fixture
def disputed(client):
    tournament = TournamentFactory(slug="dispute-cup")
    for i in range(4):
        EntrantFactory(tournament=tournament, display_name=f"Side {i + 1}")
    match = publish_round(generate_swiss_round(tournament, seed=9)).matches.get()
    seats = report_then_dispute(match, [7, 5, 3, 1], "I had six tokens, not five")
    client.force_login(tournament.organiser)
    return match, seats


def test_a_disputed_table_opens_pre_filled_with_the_reason(client, disputed):
    match, seats = disputed
    response = client.get(f"/events/dispute-cup/desk/matches/{match.pk}/")
    page = response.content.decode()
    assert "Disputed by <strong>Side 2</strong>: “I had six tokens, not five”" in page
    assert "Reported by Side 1" in page
    form = response.context["form"]
    values = [form[name].value() for name in form.fields if name.endswith("-victory_cup_tokens")]
    assert [int(v) for v in values] == [7, 5, 3, 1]


def test_saving_the_prefilled_form_accepts_the_report_or_a_change_corrects_it(client, disputed):
    match, seats = disputed
    url = f"/events/dispute-cup/desk/matches/{match.pk}/"
    form = client.get(url).context["form"]
    data = {name: form[name].value() for name in form.fields if form[name].value() is not None}
    cups = [n for n in form.fields if n.endswith("-victory_cup_tokens")]
    data[cups[1]] = "6"  # the second side's count, as its dispute says
    refused = client.post(url, data)  # settling a dispute needs the referee's reason
    assert refused.status_code == 200 and refused.context["reason_form"].errors
    match.refresh_from_db()
    assert match.status == MatchStatus.DISPUTED
    data["reason"] = "Recounted with both players"
    response = client.post(url, data)
    assert response.status_code == 302
    match.refresh_from_db()
    assert match.status == MatchStatus.ACCEPTED
    accepted = match.result_versions.get(state=VersionState.ACCEPTED)
    assert accepted.kind == VersionKind.CORRECTION
    assert accepted.reason == "Recounted with both players"
    tokens = [s["victory_cup_tokens"] for s in accepted.report["sides"]]
    assert tokens == [7, 6, 3, 1]
