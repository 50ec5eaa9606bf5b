"""Rate limits: failed sign-ins, result submissions, private-link guessing (429 + Retry-After)."""

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from django.core.cache import cache
from rest_framework.test import APIClient

from common import rate_limits
from common.rate_limits import Rate
from config.asgi import application
from config.ws_limits import RATE_LIMITED
from matches.models import ResultVersion
from tests.api.conftest import entrant_client, game, user_client
from tests.factories import EntrantFactory, TournamentFactory, UserFactory, verified_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def small_limits(settings, monkeypatch):
    """Small limits, and a clock stopped in the middle of a ten-minute window: the windows are
    fixed, so a test running across a window's edge would otherwise see its counts reset."""
    settings.RATE_LIMITS = {
        "login": "3/10m",
        "results": "4/1m",
        "private_link": "5/10m",
        "accounts": "3/10m",
    }
    monkeypatch.setattr(rate_limits, "clock", lambda: 600 * 2_900_000 + 30.0)
    return settings.RATE_LIMITS


def assert_429(response, words):
    assert response.status_code == 429
    assert int(response["Retry-After"]) > 0
    body = response.content.decode()
    assert words in body and "Try again in" in body


def test_rates_parse_and_the_defaults_suit_a_venue(settings):
    assert Rate.parse("30/10m") == Rate(30, 600)
    assert Rate.parse("1200/1m") == Rate(1200, 60)
    assert Rate.parse("5/s") == Rate(5, 1)
    assert Rate.parse("2/3h") == Rate(2, 10800)
    with pytest.raises(ValueError):
        Rate.parse("lots")
    defaults = {scope: Rate.parse(text) for scope, text in settings.RATE_LIMITS.items()}
    # Hundreds of phones behind one address: 20 result submissions a second, 100 bad links.
    assert defaults["results"].count / defaults["results"].seconds >= 20
    assert defaults["private_link"].count >= 100
    assert defaults["login"].count >= 30


def test_the_admin_login_checks_no_password_it_sends_to_the_limited_sign_in(client, small_limits):
    UserFactory(username="boss", password="a-long-test-password", is_staff=True)
    for _ in range(5):
        response = client.post("/admin/login/", {"username": "boss", "password": "wrong"})
        assert response.status_code == 302  # no form here (issue 33.1): the site's sign-in
        assert response["Location"].startswith("/accounts/login/")
    assert client.get("/accounts/login/").status_code == 200  # nothing counted against it


def test_sign_in_page_failures_are_limited_and_successes_do_not_count(client, small_limits):
    verified_user("boss", password="a-long-test-password")
    for _ in range(6):
        response = client.post(
            "/accounts/login/", {"login": "boss", "password": "a-long-test-password"}
        )
        assert response.status_code == 302
        client.logout()
    for _ in range(3):
        response = client.post("/accounts/login/", {"login": "boss", "password": "wrong"})
        assert response.status_code in (200, 400)  # the form again, with its error
        assert "not correct" in response.content.decode()
    blocked = client.post("/accounts/login/", {"login": "boss", "password": "a-long-test-password"})
    assert_429(blocked, "failed sign-ins")


def test_sign_ups_and_password_resets_are_limited(client, small_limits):
    for i in range(3):
        client.post("/accounts/password/reset/", {"email": f"nobody{i}@example.org"})
    blocked = client.post(
        "/accounts/signup/",
        {"email": "new@example.org", "username": "new", "password1": "x", "password2": "x"},
    )
    assert_429(blocked, "account requests")
    assert client.get("/accounts/signup/").status_code == 200  # reading is not limited


def test_api_token_failures_are_limited(small_limits):
    UserFactory(username="boss", password="a-long-test-password")
    api = APIClient()
    for _ in range(3):
        response = api.post("/api/v1/auth/token/", {"username": "boss", "password": "no"})
        assert response.status_code == 400
    blocked = api.post(
        "/api/v1/auth/token/", {"username": "boss", "password": "a-long-test-password"}
    )
    assert_429(blocked, "failed sign-ins")
    assert blocked["Content-Type"] == "application/json"
    assert "detail" in blocked.json()


def test_each_address_has_its_own_count(small_limits):
    verified_user("boss", password="a-long-test-password")
    for _ in range(3):
        APIClient().post("/api/v1/auth/token/", {"username": "boss", "password": "no"})
    other = APIClient(REMOTE_ADDR="10.0.0.9")
    response = other.post(
        "/api/v1/auth/token/", {"username": "boss", "password": "a-long-test-password"}
    )
    assert response.status_code == 200 and "token" in response.json()


def test_api_result_submissions_are_limited(event, small_limits):
    referee = user_client(event.referee)
    url = f"/api/v1/matches/{event.match.pk}/results/"
    assert referee.post(url, {"report": game(event.match)}, format="json").status_code == 201
    correct = url + "correct/"
    for i in range(3):
        body = {"report": game(event.match, seed=i + 1), "reason": f"recount {i}"}
        assert referee.post(correct, body, format="json").status_code == 201
    before = ResultVersion.objects.count()
    blocked = referee.post(correct, {"report": game(event.match), "reason": "x"}, format="json")
    assert_429(blocked, "result submissions")
    assert ResultVersion.objects.count() == before  # refused before the view ran
    # Reads are not limited.
    assert referee.get(url).status_code == 200


def test_players_page_posts_are_limited(client, event, small_limits):
    url = f"/me/{event.players[0].access_token}/"
    for _ in range(4):
        assert client.post(url, {"action": "nonsense"}).status_code == 200
    assert_429(client.post(url, {"action": "nonsense"}), "result submissions")
    assert client.get(url).status_code == 200


def test_guessing_private_links_is_limited_per_address(client, event, small_limits):
    for i in range(5):
        assert client.get(f"/me/guess-{i}/").status_code == 404
    assert_429(client.get("/me/guess-6/"), "unknown private link")
    # Over the limit, a right guess is refused the same way: guessing learns nothing.
    assert_429(client.get(f"/me/{event.players[0].access_token}/"), "unknown private link")
    # Pages without a token still work for that address.
    assert client.get(f"/events/{event.tournament.slug}/standings/").status_code == 200
    # Another address is not affected.
    other = client.get(f"/me/{event.players[0].access_token}/", REMOTE_ADDR="10.1.2.3")
    assert other.status_code == 200


def test_unknown_api_tokens_count_as_failures_header_and_query(event, small_limits):
    api = APIClient()
    for i in range(3):
        api.get("/api/v1/tournaments/", HTTP_X_ENTRANT_TOKEN=f"bad-{i}")
    for i in range(2):
        api.get(f"/api/v1/matches/?token=bad-q-{i}")
    blocked = api.get("/api/v1/tournaments/", HTTP_X_ENTRANT_TOKEN="bad-again")
    assert_429(blocked, "unknown private link")
    assert blocked.json()["detail"].startswith("Too many")


def test_valid_private_links_never_count(event, small_limits):
    player = entrant_client(event.players[0])
    for _ in range(20):
        assert player.get(f"/api/v1/matches/{event.match.pk}/").status_code == 200


def test_limits_can_be_switched_off(client, settings, small_limits):
    settings.RATE_LIMITS_ENABLED = False
    for i in range(10):
        assert client.get(f"/me/guess-{i}/").status_code == 404


def test_a_cache_outage_skips_the_limits_instead_of_failing(
    client, event, small_limits, monkeypatch
):
    def broken(*args, **kwargs):
        raise ConnectionError("cache down")

    monkeypatch.setattr(cache, "get", broken)
    monkeypatch.setattr(cache, "add", broken)
    monkeypatch.setattr(cache, "incr", broken)
    for i in range(8):
        assert client.get(f"/me/guess-{i}/").status_code == 404


@pytest.mark.django_db(transaction=True)
def test_websocket_handshakes_with_unknown_tokens_count_and_are_refused_over_the_limit(
    small_limits,
):
    """Issue 12.16: 150 random-token handshakes were all refused 403 and none counted, so a
    socket could guess private links without limit. They count toward the HTTP limit now."""
    entrant = EntrantFactory(tournament=TournamentFactory())
    tournament_id = entrant.tournament_id

    async def handshake(token):
        comm = WebsocketCommunicator(
            application,
            f"/ws/tournaments/{tournament_id}/?token={token}",
            headers=[(b"origin", b"http://127.0.0.1")],
        )
        comm.scope["client"] = ("127.0.0.1", 50000)
        connected, code = await comm.connect(timeout=3)
        await comm.disconnect()
        return connected, code

    async def scenario():
        outcomes = [await handshake(f"guess-{i}") for i in range(7)]
        # The first five unknown tokens are refused by the consumer (no such link) and counted;
        # from then on the address is over the limit: refused before any lookup, even with a
        # real token.
        assert [c for _, c in outcomes[:5]] != [RATE_LIMITED] * 5
        assert outcomes[-1] == (False, RATE_LIMITED)
        assert await handshake(entrant.access_token) == (False, RATE_LIMITED)

    async_to_sync(scenario)()
    # ...and the HTTP side shares the count: a private page from the same address waits too.
    client_response = APIClient().get(f"/me/{entrant.access_token}/", REMOTE_ADDR="127.0.0.1")
    assert client_response.status_code == 429


@pytest.mark.parametrize(
    "path, scope",
    [
        ("/accounts/login/", "login"),
        ("/api/v1/auth/token/", "login"),
        ("/accounts/signup/", "accounts"),
        ("/accounts/password/reset/", "accounts"),
        ("/accounts/email/", "accounts"),
        ("/accounts/tokens/", "accounts"),
        ("/api/v1/tokens/", "accounts"),
        ("/invitations/some-link/", "accounts"),
        ("/events/cup/manage/staff/invite/", "accounts"),
        ("/api/v1/matches/1/results/", "results"),
        ("/api/v1/matches/1/results/correct/", "results"),
        ("/events/cup/desk/matches/1/", "results"),
        ("/me/some-token/", "results"),
        ("/me/some-token/", "private_link"),
        ("/me/some-token/check-in/", "private_link"),
        ("/me/some-token/notifications/", "private_link"),
        ("/me/some-token/notifications/off/", "private_link"),
        ("/p/ABCD/", "private_link"),
    ],
)
def test_every_limited_door_is_marked_on_its_view(path, scope):
    """The limits follow the views' marks (``rate_limited``), not patterns of the address."""
    from django.urls import resolve

    assert scope in rate_limits.scopes_of(resolve(path).func)


def test_an_unmarked_view_has_no_scope_and_a_typo_is_refused():
    from django.urls import resolve

    assert rate_limits.scopes_of(resolve("/").func) == frozenset()
    with pytest.raises(ValueError, match="unknown rate-limit scopes"):
        rate_limits.rate_limited("result")
