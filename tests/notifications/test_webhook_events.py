"""Issue 40.1-2: each moment of an event reaches the endpoints that want it, from the service
that owns it: a whole simulated event (registration to champion) delivered to a local receiver,
an organisation's endpoint hearing its events, the standings coalesced, and the Discord
preset's messages."""

import random
import threading

import pytest

from common.audit.actor import Actor
from common.live import coalesced_pushes
from leagues.services import organisations as org_service
from matches.services.results import correct_result, enter_result
from notifications.services.webhooks import create_endpoint
from tests.browser.helpers import report_for
from tests.factories import EntrantFactory, TournamentFactory, UserFactory
from tournament.logic.simulated_games import random_battle
from tournament.services.registration import open_registration
from tournament.services.rounds import generate_swiss_round, publish_round
from tournament.services.simulation import player_pool, register_sides, run_event

pytestmark = pytest.mark.django_db

ALL = [
    "registration.opened",
    "round.published",
    "result.accepted",
    "result.corrected",
    "standings.changed",
    "elimination.seated",
    "champion.decided",
]


class Windows:
    """The coalescing windows' owners, run when the test says (no thread, no sleeping), as
    tests/realtime/test_coalesced_pushes.py does."""

    def __init__(self, monkeypatch):
        self.waiting = []
        monkeypatch.setattr(coalesced_pushes, "_spawn", self.waiting.append)
        monkeypatch.setattr(coalesced_pushes, "_sleep", lambda seconds: None)

    def close(self):
        while self.waiting:
            self.waiting.pop(0)()


def played_event(capture, monkeypatch, receiver, **hooks):
    """An event of 8 players, 2 Swiss rounds and its elimination, played to its champion with
    the endpoints ``hooks`` (name: (kind, events)) listening."""
    windows = Windows(monkeypatch)
    organiser = UserFactory()
    tournament = TournamentFactory(name="Harbour Cup", organiser=organiser, swiss_rounds=2)
    for name, (kind, events) in hooks.items():
        create_endpoint(
            tournament,
            url=receiver.url(name),
            kind=kind,
            events=events,
            actor=Actor(user=organiser),
        )
    rng = random.Random(5)
    register_sides(tournament, 8, False, rng, pool=player_pool(8, rng))
    with capture(execute=True):
        open_registration(tournament, Actor(user=organiser))
        run_event(tournament, rng)
    # The burst is over: each window's owner sends the last message it was offered. It must run
    # after the callbacks above (they offer the messages and spawn the owners) and in a capture
    # of its own: on its thread, outside any transaction, what it schedules on commit runs at once.
    with capture(execute=True):
        windows.close()
    tournament.refresh_from_db()
    return tournament


def types(receiver, name):
    return [request.json()["type"] for request in receiver.to(name)]


def test_every_moment_of_an_event_reaches_the_endpoint_that_wants_it(
    webhooks_on, receiver, monkeypatch, django_capture_on_commit_callbacks
):
    tournament = played_event(
        django_capture_on_commit_callbacks,
        monkeypatch,
        receiver,
        everything=("standard", ALL),
        champion=("standard", ["champion.decided"]),
    )
    seen = types(receiver, "everything")
    assert seen[0] == "registration.opened"
    # the champion is the last moment; the burst's window then ends with the latest standings
    assert seen[-2:] == ["champion.decided", "standings.changed"]
    rounds = tournament.rounds.count()
    assert seen.count("round.published") == rounds  # the elimination's rounds are posted too
    results = [r.json()["data"] for r in receiver.to("everything") if "result" in r.json()["type"]]
    assert len(results) == sum(
        round_.matches.filter(is_bye=False).count() for round_ in tournament.rounds.all()
    )
    assert 1 <= seen.count("standings.changed") <= len(results)
    # one message for each stage seated after the Swiss (a stage of several games is one)
    stages = tournament.stages.exclude(kind="swiss").order_by("sequence")
    seated = [r.json()["data"] for r in receiver.to("everything")]
    seated = [d["stage"] for d in seated if "bracket_url" in d]
    assert seated == [stage.label or stage.get_kind_display() for stage in stages]
    assert types(receiver, "champion") == ["champion.decided"]
    (crowned,) = receiver.to("champion")
    champion = crowned.json()["data"]["champion"]
    assert champion == {
        "entrant": tournament.champion_id,
        "name": tournament.champion.display_name,
        "place": 1,
        "points": None,
    }
    standings = [r.json()["data"] for r in receiver.to("everything") if "standings" in r.path]
    last = [r.json() for r in receiver.to("everything") if r.json()["type"] == "standings.changed"]
    top = last[-1]["data"]["top"]
    assert 1 <= len(top) <= 10 and top[0]["place"] == 1
    assert standings == []  # every message went to the endpoint's one URL


def test_a_correction_is_its_own_type_with_the_new_places(
    webhooks_on, receiver, monkeypatch, django_capture_on_commit_callbacks
):
    tournament = played_event(
        django_capture_on_commit_callbacks,
        monkeypatch,
        receiver,
        corrections=("standard", ["result.corrected"]),
    )
    assert receiver.to("corrections") == []
    match = tournament.rounds.get(number=1).matches.filter(is_bye=False).first()
    with django_capture_on_commit_callbacks(execute=True):
        correct_result(match, report_for(match), Actor(user=tournament.organiser), "typo")
    (request,) = receiver.to("corrections")
    data = request.json()["data"]
    assert request.json()["type"] == "result.corrected"
    assert (data["round"], data["table"], data["match"]) == (1, match.table_number, match.pk)
    places = {seat.entrant_id: seat.place for seat in match.seats.all()}
    assert {side["entrant"]: side["place"] for side in data["sides"]} == places


def test_a_burst_of_results_gives_the_first_and_the_last_standings(
    webhooks_on, receiver, monkeypatch, django_capture_on_commit_callbacks
):
    tournament = played_event(
        django_capture_on_commit_callbacks,
        monkeypatch,
        receiver,
        table=("standard", ["standings.changed"]),
    )
    # one burst: every result of the event within one window (the owner ran at the end)
    first, last = receiver.to("table")
    assert first.headers["webhook-id"] != last.headers["webhook-id"]  # two messages, no retry
    final = last.json()["data"]
    assert final["standings_url"].endswith(f"/events/{tournament.slug}/standings/")


@pytest.mark.django_db(transaction=True)
def test_a_burst_on_the_owners_own_thread_ends_with_the_latest_standings(
    webhooks_on, receiver, monkeypatch
):
    # as in production: the window's owner is a real thread, outside any transaction. Its
    # window ends when the burst is over, and its marks outlive the burst: not a second and
    # ten seconds of wall-clock time, which a loaded machine (on PostgreSQL most) spent on
    # fewer than four results, so there was no burst to coalesce
    burst_over = threading.Event()
    monkeypatch.setattr(coalesced_pushes, "_sleep", lambda seconds: burst_over.wait(60))
    monkeypatch.setattr(coalesced_pushes, "MARK_SECONDS", 600)
    tournament = TournamentFactory()
    EntrantFactory.create_batch(16, tournament=tournament)
    create_endpoint(
        tournament,
        url=receiver.url("table"),
        kind="standard",
        events=["standings.changed"],
        actor=Actor(user=tournament.organiser),
    )
    round_ = publish_round(generate_swiss_round(tournament, seed=3))
    matches = list(round_.matches.order_by("table_number"))
    for match in matches:
        sides = [(str(seat.entrant_id), 1) for seat in match.seats.order_by("position")]
        game = random_battle("every_eye", sides, random.Random(match.pk))
        enter_result(match, game, Actor(user=tournament.organiser))
    burst_over.set()
    for owner in threading.enumerate():
        if owner.name == "coalesced-push":
            owner.join(10)
    messages = [request.json()["data"]["top"] for request in receiver.to("table")]
    assert len(messages) == 2  # the first at once, the last at the window's end
    scored = [[line for line in top if line["points"]] for top in messages]
    assert len(scored[0]) == matches[0].seats.count()  # at once: the first table's result
    assert len(scored[-1]) == len(messages[-1])  # at the window's end: every table's


def test_an_organisations_endpoint_hears_each_of_its_events(
    webhooks_on, receiver, django_capture_on_commit_callbacks
):
    boss = UserFactory()
    club = org_service.create_organisation("North Club", "north", "Northshire", Actor(user=boss))
    create_endpoint(
        club,
        url=receiver.url("club"),
        kind="standard",
        events=["registration.opened"],
        actor=Actor(user=boss),
    )
    ours = TournamentFactory(organiser=boss, organisation=club)
    other = TournamentFactory()
    with django_capture_on_commit_callbacks(execute=True):
        open_registration(ours, Actor(user=boss))
        open_registration(other, Actor(user=other.organiser))
    (request,) = receiver.to("club")
    assert request.json()["data"]["tournament"]["slug"] == ours.slug


def test_the_discord_preset_posts_the_round_the_standings_and_the_champion(
    webhooks_on, receiver, monkeypatch, django_capture_on_commit_callbacks
):
    tournament = played_event(
        django_capture_on_commit_callbacks,
        monkeypatch,
        receiver,
        discord=("discord", ["round.published", "standings.changed", "champion.decided"]),
    )
    messages = [request.json() for request in receiver.to("discord")]
    for message in messages:
        assert set(message) == {"content", "embeds", "allowed_mentions"}
        assert message["allowed_mentions"] == {"parse": []}
        assert 0 < len(message["content"]) <= 2000
        assert len(message["embeds"]) == 1 and len(message["embeds"][0]["title"]) <= 256
    site = f"https://events.example.org/events/{tournament.slug}/"
    first = messages[0]
    assert first["content"] == "Harbour Cup: round 1 is posted."
    assert first["embeds"][0]["title"] == "Round 1 tables"
    assert first["embeds"][0]["url"] == site + "rounds/1/"
    standings = [m for m in messages if m["content"] == "Harbour Cup: the standings changed."]
    assert standings
    embed = standings[-1]["embeds"][0]
    assert embed["title"] == "Top of the standings" and embed["url"] == site + "standings/"
    assert embed["description"].splitlines()[0].startswith("1. ")
    assert " pts" in embed["description"]
    crowned, closing = messages[-2:]  # the burst's window ends after the final
    assert closing["content"] == "Harbour Cup: the standings changed."
    name = tournament.champion.display_name
    assert crowned["content"] == f"{name} wins Harbour Cup!"
    assert crowned["embeds"][0] == {
        "title": name,
        "color": 0x5865F2,
        "url": site + "standings/",
    }
