"""Entrants: public list without private links, organiser changes (audited), CSV import."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from common.audit.models import AuditEntry
from tests.api.conftest import entrant_client, user_client
from tournament.models import Entrant, EntrantStatus
from tournament.services.rounds import complete_round

pytestmark = pytest.mark.django_db

URL = "/api/v1/tournaments/spring-cup/entrants/"


def upload(text: str | bytes):
    raw = text.encode() if isinstance(text, str) else text
    return {"file": SimpleUploadedFile("players.csv", raw, content_type="text/csv")}


def test_public_list_has_no_private_links(event, anon):
    for client in (anon, entrant_client(event.players[0]), user_client(event.referee)):
        response = client.get(URL)
        assert response.status_code == 200
        assert response.json()["count"] == 8
        body = response.content.decode()
        assert "access_token" not in body
        for entrant in event.players:
            assert entrant.access_token not in body


def test_organiser_sees_private_links(event):
    data = user_client(event.organiser).get(URL).json()["results"]
    tokens = {row["id"]: row["access_token"] for row in data}
    assert tokens[event.players[0].pk] == event.players[0].access_token


def test_filter_by_status(event, anon):
    Entrant.objects.filter(pk=event.players[0].pk).update(status=EntrantStatus.DROPPED)
    assert anon.get(f"{URL}?status=dropped").json()["count"] == 1


def test_create_update_check_in_drop_are_audited(event):
    client = user_client(event.organiser)
    response = client.post(URL, {"name": "Ada", "club": "Hexes", "seed": 3}, format="json")
    assert response.status_code == 201, response.json()
    entrant_id = response.json()["id"]
    assert response.json()["display_name"] == "Ada" and response.json()["club"] == "Hexes"
    response = client.patch(f"{URL}{entrant_id}/", {"display_name": "Ada L."}, format="json")
    assert response.status_code == 200 and response.json()["display_name"] == "Ada L."
    response = client.post(f"{URL}{entrant_id}/check-in/", {}, format="json")
    assert response.json()["status"] == "checked_in"
    complete_round(event.round, reason="test")
    response = client.post(f"{URL}{entrant_id}/drop/", {}, format="json")
    assert response.json()["status"] == "dropped"
    assert response.json()["dropped_after_round"] == 1
    assert client.post(f"{URL}{entrant_id}/drop/", {}, format="json").status_code == 409
    assert client.post(f"{URL}{entrant_id}/check-in/", {}, format="json").status_code == 409
    actions = list(
        AuditEntry.objects.filter(tournament=event.tournament, target_type="tournament.entrant")
        .order_by("id")
        .values_list("action", flat=True)
    )
    assert actions == [
        "entrant.late_entry",  # round 1 is already published: Ada joins from round 2
        "entrant.updated",
        "entrant.checked_in",
        "entrant.dropped",
    ]
    updated = event.tournament.audit_entries.get(action="entrant.updated")
    assert updated.before == {"display_name": "Ada"} and updated.after == {"display_name": "Ada L."}


def test_create_refusals(event):
    client = user_client(event.organiser)
    assert client.post(URL, {"club": "x"}, format="json").json() == {
        "name": ["This field is required."]
    }
    client.post(URL, {"name": "A", "seed": 1}, format="json")
    assert "seed" in client.post(URL, {"name": "B", "seed": 1}, format="json").json()
    assert "email" in client.post(URL, {"name": "C", "email": "nope"}, format="json").json()
    assert client.post(URL, {"name": "D", "token": "x"}, format="json").json() == {
        "token": ["Unknown field."]
    }
    assert user_client(event.referee).post(URL, {"name": "E"}, format="json").status_code == 403


def test_dropped_entrant_may_still_view_its_match(event):
    Entrant.objects.filter(pk=event.players[0].pk).update(status=EntrantStatus.DROPPED)
    client = entrant_client(event.players[0])
    event.tournament.is_public = False
    event.tournament.save()
    assert client.get(f"/api/v1/matches/{event.match.pk}/").status_code == 200


def test_csv_import_creates_everyone(event):
    csv_text = "name,club,email,seed\nAda,Hexes,ada@example.org,20\nBo,,,\n\nCy,Owls,,21\n"
    response = user_client(event.organiser).post(
        f"{URL}import/", upload(csv_text), format="multipart"
    )
    assert response.status_code == 201, response.json()
    assert response.json()["created"] == 3
    ada = event.tournament.entrants.get(display_name="Ada")
    assert ada.seed == 20 and ada.player.email == "ada@example.org"
    assert event.tournament.audit_entries.get(action="entrants.imported").after["count"] == 3


def test_csv_import_is_all_or_nothing_with_line_numbers(event):
    csv_text = (
        "name,club,email,seed\n"
        "Ada,Hexes,,1\n"  # line 2: fine
        ",Owls,,\n"  # line 3: no name
        "Bo,,not-an-email,x\n"  # line 4: two problems
        "Cy,,,1\n"  # line 5: seed repeats line 2
        "ada,,,\n"  # line 6: name repeats line 2
    )
    before = event.tournament.entrants.count()
    response = user_client(event.organiser).post(
        f"{URL}import/", upload(csv_text), format="multipart"
    )
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert {(e["line"], e["field"]) for e in errors} == {
        (3, "name"),
        (4, "email"),
        (4, "seed"),
        (5, "seed"),
        (6, "name"),
    }
    assert all(e["message"] for e in errors)
    assert event.tournament.entrants.count() == before
    assert not event.tournament.audit_entries.filter(action="entrants.imported").exists()


@pytest.mark.parametrize(
    ("raw", "line", "field"),
    [
        ("club,email\nHexes,a@b.c\n", 1, "name"),
        ("name,colour\nAda,red\n", 1, "colour"),
        ("\n\n", 1, None),
        ("name\n", 2, None),
        ("name,club\nAda\n", 2, None),
        (b"name\n\xff\xfe\n", 0, None),
    ],
)
def test_csv_import_refuses_bad_files(event, raw, line, field):
    response = user_client(event.organiser).post(f"{URL}import/", upload(raw), format="multipart")
    assert response.status_code == 400
    assert {"line": line, "field": field} in [
        {"line": e["line"], "field": e["field"]} for e in response.json()["errors"]
    ]


def test_csv_import_names_already_registered(event):
    name = event.players[0].display_name
    response = user_client(event.organiser).post(
        f"{URL}import/", upload(f"name\n{name}\n"), format="multipart"
    )
    assert response.status_code == 400
    assert response.json()["errors"][0]["line"] == 2


def test_csv_import_needs_a_file_and_no_other_keys(event):
    client = user_client(event.organiser)
    assert "file" in client.post(f"{URL}import/", {}, format="multipart").json()
    body = {**upload("name\nZed\n"), "extra": "1"}
    assert client.post(f"{URL}import/", body, format="multipart").json() == {
        "extra": ["Unknown field."]
    }


def test_csv_import_of_an_empty_file_is_a_field_error(event):
    response = user_client(event.organiser).post(f"{URL}import/", upload(""), format="multipart")
    assert response.status_code == 400 and "file" in response.json()


def test_team_events_register_teams_with_their_players(event):
    from tests.factories import TournamentFactory
    from tournament.models import StaffRole

    alliance = TournamentFactory(slug="pair-cup", mode="alliances")
    StaffRole.objects.create(tournament=alliance, user=event.organiser, role="organiser")
    client = user_client(event.organiser)
    url = "/api/v1/tournaments/pair-cup/entrants/"
    created = client.post(
        url, {"name": "Salt Talons", "members": ["Cy", "Di", "Ed"]}, format="json"
    )
    assert created.status_code == 201, created.json()
    entrant = alliance.entrants.get()
    assert [m.player.name for m in entrant.team.memberships.order_by("id")] == ["Cy", "Di", "Ed"]
    assert client.post(url, {"name": "Lone"}, format="json").json() == {
        "members": ["a team event needs the team's players"]
    }
    assert (
        "members"
        in client.post(url, {"name": "Too many", "members": list("ABCD")}, format="json").json()
    )
    player_event = "/api/v1/tournaments/spring-cup/entrants/"
    assert client.post(
        player_event, {"name": "X", "members": ["A", "B"]}, format="json"
    ).json() == {"members": ["this event's sides are single players"]}
