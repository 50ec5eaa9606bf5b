"""Hostile CSV imports: refused whole with line-numbered errors, or accepted safely when valid."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.api.conftest import user_client
from tests.hypothesis_profiles import examples
from tournament.models import Entrant, Player

pytestmark = pytest.mark.django_db


def post(event, raw: bytes):
    upload = SimpleUploadedFile("players.csv", raw, content_type="text/csv")
    return user_client(event.organiser).post(
        f"/api/v1/tournaments/{event.tournament.slug}/entrants/import/",
        {"file": upload},
        format="multipart",
    )


def refused(event, raw: bytes) -> list[dict]:
    before = (Entrant.objects.count(), Player.objects.count())
    response = post(event, raw)
    assert response.status_code == 400, response.content[:300]
    assert (Entrant.objects.count(), Player.objects.count()) == before  # nothing saved
    errors = response.json()["errors"]
    assert errors and all(isinstance(e["line"], int) for e in errors)
    return errors


@pytest.mark.parametrize(
    "cell", ["=cmd|' /C calc'!A0", "+1+1", "-2+3", "@SUM(A1)", "Nul\x00byte", "Bell\x07"]
)
def test_formulas_and_control_characters_are_refused_with_their_line(event, cell):
    raw = f"name,club\nAda,Chess\n{cell},Club\n".encode()
    errors = refused(event, raw)
    assert {"line": 3, "field": "name"} in [
        {"line": e["line"], "field": e["field"]} for e in errors
    ]
    club = f"name,club\nAda,{cell}\n".encode()
    assert refused(event, club)[0]["field"] == "club"


def test_a_huge_line_is_refused_with_its_line(event):
    errors = refused(event, b"name,club\nAda,Chess\n" + b"B" * 500_000 + b",x\n")
    assert errors[0]["line"] == 3


def test_binary_and_wrong_encoding_are_refused(event):
    assert refused(event, bytes(range(256)) * 10)[0]["line"] in (0, 1)
    latin1 = "name\nJosé Müller\n".encode("latin-1")
    assert refused(event, latin1)[0]["message"] == "the file is not UTF-8 text"
    utf16 = "name\nAda\n".encode("utf-16")
    assert refused(event, utf16)


def test_duplicate_names_are_refused_on_every_line_that_repeats(event):
    raw = b"name\nAda\nBob\nada\nBOB\n"
    errors = refused(event, raw)
    assert [(e["line"], e["field"]) for e in errors] == [(4, "name"), (5, "name")]
    assert "also on line 2" in errors[0]["message"]


def test_thousands_of_rows_within_the_limits_are_accepted(event):
    raw = "name,club,seed\n" + "".join(f"Imported {i},Club {i % 7},{i + 1}\n" for i in range(3000))
    response = post(event, raw.encode())
    assert response.status_code == 201
    assert response.json()["created"] == 3000


def test_more_rows_than_the_limit_are_refused_whole(event):
    raw = "name\n" + "".join(f"Player {i}\n" for i in range(5001))
    errors = refused(event, raw.encode())
    assert any("at most 5000" in e["message"] for e in errors)


def test_quotes_commas_and_unicode_names_are_accepted_as_they_are(event):
    raw = 'name,club\n"O\'Brien, Seán","Club ""Eye"""\nZoë 😀,\n'.encode()
    response = post(event, raw)
    assert response.status_code == 201
    names = set(
        Entrant.objects.filter(tournament=event.tournament).values_list("display_name", flat=True)
    )
    assert {"O'Brien, Seán", "Zoë 😀"} <= names


@settings(
    max_examples=examples(150),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    derandomize=True,
)
@given(
    raw=st.binary(max_size=400)
    | st.lists(
        st.lists(st.text(max_size=12), min_size=0, max_size=5).map(lambda c: ",".join(c)),
        max_size=8,
    ).map(lambda lines: ("name,club,email,seed\n" + "\n".join(lines)).encode())
)
def test_random_files_are_accepted_or_refused_whole_never_a_5xx(event, raw):
    before = Entrant.objects.count()
    response = post(event, raw)
    assert response.status_code in (201, 400), response.content[:300]
    if response.status_code == 400:
        assert Entrant.objects.count() == before
        assert all("line" in e for e in response.json().get("errors", [{"line": 0}]))
    else:
        assert Entrant.objects.count() == before + response.json()["created"]
