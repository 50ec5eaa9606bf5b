"""Issue 41: a client generated from the API's document runs the README's walkthrough.

openapi-python-client generates a package from the document (into a temporary folder) and that
package drives a live server with the demo logins, the README's "REST API in five minutes" call
by call: a token from the password, an event, its players from a CSV file, round 1 generated and
published, a referee's entry, a player's report confirmed by the other sides, the round complete
and the standings. Every answer must parse into the generated model of its documented status,
so a change of the API that breaks such clients fails here.
"""

import io
import time

import pytest

from tests.contract.generated_client import generate, operation
from tests.foundation.test_readme_api import demo_server  # noqa: F401

pytestmark = pytest.mark.django_db(transaction=True)

PLAYERS = "name,club\nAda,North\nBen,North\nCleo,South\nDara,South\nEli,East\nFern,East\n"


def answer(op, status, model, **kwargs):
    """The parsed answer of one call, which must have the status and parse into the model."""
    response = op.sync_detailed(**kwargs)
    assert response.status_code == status, response.content[:2000]
    assert isinstance(response.parsed, model), (type(response.parsed), response.content[:2000])
    return response.parsed


def report(eye, table, first):
    sides = [
        {"side": seat.side, "victory_cup_tokens": first - 2 * i, "survivors": 1}
        for i, seat in enumerate(table.seats)
    ]
    return eye.models.ResultSubmit(
        report=eye.models.ResultSubmitReport.from_dict({"ended_by": "time", "sides": sides})
    )


def test_a_generated_client_runs_the_readme_walkthrough(demo_server, tmp_path):  # noqa: F811
    eye = generate(tmp_path)
    m = eye.models
    base = f"http://127.0.0.1:{demo_server}"
    anon = eye.Client(base_url=base, raise_on_unexpected_status=True)
    sign_in = m.SignIn(username="organiser", password="organiser-demo")
    issued = answer(
        operation(eye, "v1_auth_token_create"), 200, m.IssuedToken, client=anon, body=sign_in
    )
    staff = eye.AuthenticatedClient(
        base_url=base, token=issued.token, prefix="Token", raise_on_unexpected_status=True
    )
    slug = f"friday-arena-{time.time_ns()}"
    event = m.TournamentWrite(name="Friday Arena", slug=slug, swiss_rounds=3)
    answer(operation(eye, "v1_tournaments_create"), 201, m.Tournament, client=staff, body=event)
    csv = eye.types.File(payload=io.BytesIO(PLAYERS.encode()), file_name="players.csv")
    imported = answer(
        operation(eye, "v1_tournaments_entrants_import_create"),
        201,
        m.CsvImportResult,
        client=staff,
        tournament_slug=slug,
        body=m.CsvImport(file=csv),
    )
    tokens = {entrant.side: entrant.access_token for entrant in imported.entrants}
    job = answer(
        operation(eye, "v1_tournaments_rounds_generate_create"),
        202,
        m.GenerationJob,
        client=staff,
        tournament_slug=slug,
        body=m.GenerateRound(),
    )
    deadline = time.monotonic() + 30
    while job.status != m.GenerationJobStatusEnum.DONE and time.monotonic() < deadline:
        time.sleep(0.2)
        job = answer(
            operation(eye, "v1_jobs_retrieve"), 200, m.GenerationJob, client=staff, id=job.id
        )
    assert job.status == m.GenerationJobStatusEnum.DONE
    round_ = {"client": staff, "tournament_slug": slug, "number": "1"}
    answer(operation(eye, "v1_tournaments_rounds_publish_create"), 200, m.Round, **round_)
    tables = answer(
        operation(eye, "v1_tournaments_rounds_matches_list"),
        200,
        m.PaginatedRoundMatchList,
        client=anon,
        tournament_slug=slug,
        number="1",
    ).results
    results = operation(eye, "v1_matches_results_create")
    entry = answer(
        results,
        201,
        m.ResultVersion,
        client=staff,
        match_pk=tables[0].id,
        body=report(eye, tables[0], 8),
    )
    assert entry.state == m.StateEnum.ACCEPTED
    first, *others = [seat.side for seat in tables[1].seats]
    reported = answer(
        results,
        201,
        m.ResultVersion,
        client=anon,
        match_pk=tables[1].id,
        body=report(eye, tables[1], 6),
        x_entrant_token=tokens[first],
    )
    confirm = operation(eye, "v1_matches_results_confirm_create")
    for side in others:
        confirmed = answer(
            confirm,
            200,
            m.ResultVersion,
            client=anon,
            match_pk=tables[1].id,
            number=str(reported.number),
            x_entrant_token=tokens[side],
        )
    assert confirmed.state == m.StateEnum.ACCEPTED
    history = answer(
        operation(eye, "v1_matches_results_list"),
        200,
        m.PaginatedResultVersionList,
        client=staff,
        match_pk=tables[1].id,
    )
    assert [version.number for version in history.results] == [reported.number]
    answer(
        operation(eye, "v1_tournaments_rounds_complete_create"),
        200,
        m.Round,
        **round_,
        body=m.CompleteRound(),
    )
    standings = answer(
        operation(eye, "v1_tournaments_standings_list"),
        200,
        list,
        client=anon,
        tournament_slug=slug,
    )
    assert [row.position for row in standings][:1] == [1]
    assert all(isinstance(row, m.StandingRow) for row in standings)
