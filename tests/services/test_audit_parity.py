"""Issue 16: one path per action. The organiser's console and the API call the same services,
so the same action leaves the same audit entries (same actions, targets and recorded fields;
only the door - channel "page" or "api" - differs)."""

import pytest
from rest_framework.test import APIClient

from common.audit.actor import Actor
from common.audit.channels import Channel
from common.audit.models import AuditEntry
from matches.services.results import enter_result
from tests.browser.helpers import report_for
from tests.factories import EntrantFactory, UserFactory
from tests.pages.test_organiser_console import create_data
from tournament.models import Tournament
from tournament.services.rounds import complete_round

pytestmark = pytest.mark.django_db

SETTINGS = {
    "starts_on": "2026-10-03",
    "venue": "Town hall",
    "rules_level": "core",
    "timing": "turn_based",
    "swiss_rounds": 1,
    "pairing_method": "swiss",
    "preferred_pod_size": 4,
    "cut_tie_resolution": "random_draw",
    "game_length_seconds": 300,
    "tie_policy": "shared",
    # the switches the form shows checked, as a browser posts them
    "balance_seats": True,
    "keep_clubmates_apart": True,
}


def shape(entries) -> list[tuple]:
    """What an audit entry says, without the door, the time and the ids."""
    return [
        (
            e.action,
            e.target_type,
            sorted(e.before or {}) if isinstance(e.before, dict) else e.before,
            sorted(e.after or {}) if isinstance(e.after, dict) else e.after,
        )
        for e in entries
    ]


def new_entries(tournament, since: int):
    return list(tournament.audit_entries.filter(pk__gt=since).order_by("pk"))


def last_id() -> int:
    entry = AuditEntry.objects.order_by("-pk").first()
    return entry.pk if entry else 0


class Console:
    """The organiser's pages."""

    channel = Channel.PAGE

    def __init__(self, client, user):
        client.force_login(user)
        self.client = client

    def create(self, slug):
        data = create_data(name=slug, slug=slug, system_mode="eye_for_an_eye:every_eye", **SETTINGS)
        assert self.client.post("/manage/new/", data).status_code == 302
        return Tournament.objects.get(slug=slug)

    def generate(self, slug):
        assert self.client.post(f"/events/{slug}/manage/rounds/generate/").status_code == 302

    def publish(self, slug, number):
        path = f"/events/{slug}/manage/rounds/{number}/publish/"
        assert self.client.post(path).status_code == 302

    def cut(self, slug):
        assert self.client.post(f"/events/{slug}/manage/elimination/cut/").status_code == 302

    def drop(self, slug, entrant):
        path = f"/events/{slug}/manage/entrants/{entrant.pk}/drop/"
        assert self.client.post(path, {"reason": "went home"}).status_code == 302


class Api:
    """The REST API."""

    channel = Channel.API

    def __init__(self, user):
        self.client = APIClient()
        self.client.force_authenticate(user)

    def create(self, slug):
        data = {"name": slug, "slug": slug, "game_system": "eye_for_an_eye"} | SETTINGS
        response = self.client.post(
            "/api/v1/tournaments/", data | {"mode": "every_eye"}, format="json"
        )
        assert response.status_code == 201, response.content
        return Tournament.objects.get(slug=slug)

    def generate(self, slug):
        response = self.client.post(f"/api/v1/tournaments/{slug}/rounds/generate/", {})
        assert response.status_code == 202, response.content

    def publish(self, slug, number):
        response = self.client.post(f"/api/v1/tournaments/{slug}/rounds/{number}/publish/")
        assert response.status_code == 200, response.content

    def cut(self, slug):
        response = self.client.post(f"/api/v1/tournaments/{slug}/elimination/step/")
        assert response.status_code == 202, response.content

    def drop(self, slug, entrant):
        path = f"/api/v1/tournaments/{slug}/entrants/{entrant.pk}/drop/"
        response = self.client.post(path, {"reason": "went home"}, format="json")
        assert response.status_code == 200, response.content


def run_event(door, slug, commit) -> dict[str, list]:
    """Each action through ``door`` (its on-commit work run, as after a real commit): the
    audit entries it left."""
    trail = {}
    mark = last_id()
    tournament = door.create(slug)
    trail["create"] = new_entries(tournament, mark)
    for i in range(8):
        EntrantFactory(tournament=tournament, display_name=f"{slug} {i}")
    for name, action in (
        ("generate", lambda: door.generate(slug)),
        ("publish", lambda: door.publish(slug, 1)),
        ("drop", lambda: door.drop(slug, tournament.entrants.order_by("pk").last())),
    ):
        mark = last_id()
        with commit(execute=True):
            action()
        trail[name] = new_entries(tournament, mark)
    return trail


def test_console_and_api_leave_the_same_trail(client, django_capture_on_commit_callbacks):
    organiser = UserFactory(username="twin-organiser")
    by_page = run_event(Console(client, organiser), "by-page", django_capture_on_commit_callbacks)
    by_api = run_event(Api(organiser), "by-api", django_capture_on_commit_callbacks)
    for name in by_page:
        assert by_page[name], f"{name}: the console left no audit entry"
        assert shape(by_page[name]) == shape(by_api[name]), name
        assert {e.channel for e in by_page[name]} <= {Channel.PAGE, Channel.SYSTEM}, name
        assert {e.channel for e in by_api[name]} <= {Channel.API, Channel.SYSTEM}, name
        assert all(e.user_id == organiser.pk for e in by_page[name] + by_api[name]), name
    created = by_page["create"][0]
    assert created.action == "tournament.created" and created.after["swiss_rounds"] == 1
    assert by_api["create"][0].after == {**created.after, "name": "by-api", "slug": "by-api"}
    assert [e.action for e in by_page["generate"]] == [
        "round.generation_requested",
        "round.generated",
    ]


def test_the_elimination_cut_is_audited_the_same_from_both_doors(
    client, django_capture_on_commit_callbacks
):
    organiser = UserFactory(username="cut-organiser")
    trails = {}
    for door, slug in ((Console(client, organiser), "cut-page"), (Api(organiser), "cut-api")):
        tournament = door.create(slug)
        for i in range(8):
            EntrantFactory(tournament=tournament, display_name=f"{slug} {i}")
        with django_capture_on_commit_callbacks(execute=True):
            door.generate(slug)
        door.publish(slug, 1)
        round_ = tournament.rounds.get(number=1)
        for match in round_.matches.all():
            enter_result(match, report_for(match), Actor(user=organiser))
        complete_round(round_)
        mark = last_id()
        with django_capture_on_commit_callbacks(execute=True):
            door.cut(slug)
        trails[slug] = new_entries(tournament, mark)
    page = [e for e in trails["cut-page"] if e.action.startswith("elimination.")]
    api = [e for e in trails["cut-api"] if e.action.startswith("elimination.")]
    assert (
        shape(page)
        == shape(api)
        == [("elimination.started", "tournament.tournament", None, ["message", "round"])]
    )
    assert page[0].channel == Channel.PAGE and api[0].channel == Channel.API
