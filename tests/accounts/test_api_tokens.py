"""Issue 14.4: named, expiring API tokens stored as hashes, shown once, revocable from a page
and the API; the README's sign-in for a token keeps working."""

from datetime import timedelta

import pytest
from allauth.mfa.models import Authenticator
from django.utils import timezone
from rest_framework.test import APIClient

from accounts import tokens
from accounts.models import ApiToken
from tests.factories import TournamentFactory, verified_user

pytestmark = pytest.mark.django_db


def with_key(key: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


def test_a_token_is_stored_as_a_hash_and_works_until_revoked():
    user = verified_user("kim")
    issued = tokens.issue(user, "results script", 30)
    assert issued.key.startswith("eye_") and len(issued.key) > 40
    row = ApiToken.objects.get()
    assert issued.key not in (row.key_hash, row.prefix) and row.prefix == issued.key[:10]
    assert row.key_hash == tokens.hash_key(issued.key)
    client = with_key(issued.key)
    assert client.get("/api/v1/tokens/").status_code == 200
    row.refresh_from_db()
    assert row.last_used_at is not None
    tokens.revoke(user, row.pk)
    response = client.get("/api/v1/tokens/")
    assert response.status_code == 401
    assert response.json()["detail"] == "This token was revoked."
    assert response["WWW-Authenticate"] == "Token"


def test_an_expired_token_is_refused_with_a_reason():
    issued = tokens.issue(verified_user("lee"), "old", 1)
    now = timezone.now()
    ApiToken.objects.update(
        created_at=now - timedelta(days=2), expires_at=now - timedelta(seconds=1)
    )
    response = with_key(issued.key).get("/api/v1/tokens/")
    assert response.status_code == 401 and "expired" in response.json()["detail"]


@pytest.mark.parametrize(
    "header",
    ["Token", "Token a b", "Token nope", "Token " + "x" * 5000, "Bearer nope", "Token ünïcode"],
)
def test_bad_token_headers_get_401_never_500(header):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=header)
    response = client.post("/api/v1/tournaments/", {"name": "x"}, format="json")
    assert response.status_code == 401


def test_sign_in_for_a_token_as_the_readme_does():
    verified_user("organiser-x", password="a-long-test-password")
    response = APIClient().post(
        "/api/v1/auth/token/", {"username": "organiser-x", "password": "a-long-test-password"}
    )
    assert response.status_code == 200
    body = response.json()
    assert body["name"] == "API sign-in" and body["state"] == "active"
    created = with_key(body["token"]).post(
        "/api/v1/tournaments/", {"name": "Token Cup", "slug": "token-cup"}, format="json"
    )
    assert created.status_code == 201
    wrong = APIClient().post(
        "/api/v1/auth/token/", {"username": "organiser-x", "password": "wrong"}
    )
    assert wrong.status_code == 400 and "Unable to sign in" in str(wrong.json())


def test_an_account_with_a_second_factor_gets_no_token_from_a_password_alone():
    user = verified_user("mia", password="a-long-test-password")
    Authenticator.objects.create(user=user, type=Authenticator.Type.TOTP, data={"secret": "x"})
    response = APIClient().post(
        "/api/v1/auth/token/", {"username": "mia", "password": "a-long-test-password"}
    )
    assert response.status_code == 400 and "second factor" in str(response.json())
    assert not ApiToken.objects.exists()


def test_the_tokens_api_lists_without_secrets_makes_and_revokes():
    user = verified_user("ned")
    client = APIClient()
    client.force_authenticate(user)
    made = client.post("/api/v1/tokens/", {"name": "desk laptop", "days": 7}, format="json")
    assert made.status_code == 201
    key = made.json()["token"]
    listed = client.get("/api/v1/tokens/").json()
    assert [t["name"] for t in listed] == ["desk laptop"]
    assert key not in str(listed) and "token" not in listed[0]
    token_id = listed[0]["id"]
    other = verified_user("oli")
    stranger = APIClient()
    stranger.force_authenticate(other)
    assert stranger.delete(f"/api/v1/tokens/{token_id}/").status_code == 404
    assert with_key(key).get("/api/v1/tokens/").status_code == 200
    assert client.delete(f"/api/v1/tokens/{token_id}/").status_code == 204
    assert with_key(key).get("/api/v1/tokens/").status_code == 401


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"name": "", "days": 7}, "name"),
        ({"name": "x" * 101, "days": 7}, "name"),
        ({"name": "ok", "days": 0}, "days"),
        ({"name": "ok", "days": 366}, "days"),
        ({"name": "ok", "days": "soon"}, "days"),
        ({"name": "ok", "days": 7, "admin": True}, "admin"),
    ],
)
def test_bad_token_requests_are_refused_by_field(body, field):
    client = APIClient()
    client.force_authenticate(verified_user("pat"))
    response = client.post("/api/v1/tokens/", body, format="json")
    assert response.status_code == 400 and field in response.json()
    assert not ApiToken.objects.exists()


def test_at_most_fifty_active_tokens():
    user = verified_user("quin")
    for i in range(tokens.MAX_ACTIVE_TOKENS):
        tokens.issue(user, f"t{i}")
    client = APIClient()
    client.force_authenticate(user)
    response = client.post("/api/v1/tokens/", {"name": "one more"}, format="json")
    assert response.status_code == 400 and "revoke one" in str(response.json())
    tokens.revoke(user, ApiToken.objects.first().pk)
    assert client.post("/api/v1/tokens/", {"name": "one more"}, format="json").status_code == 201


def test_the_tokens_page_shows_a_new_secret_once_and_revokes(client):
    user = verified_user("ray")
    client.force_login(user)
    made = client.post("/accounts/tokens/", {"name": "scoreboard", "days": "90"})
    assert made.status_code == 201 and "no-store" in made["Cache-Control"]
    page = made.content.decode()
    key = page.split("data-token-secret>")[1].split("<")[0]
    assert key.startswith("eye_") and "shown this once" in page
    again = client.get("/accounts/tokens/").content.decode()
    assert key not in again and "scoreboard" in again and key[:10] in again
    token = ApiToken.objects.get()
    client.post(f"/accounts/tokens/{token.pk}/revoke/")
    token.refresh_from_db()
    assert token.state == "revoked"
    bad = client.post("/accounts/tokens/", {"name": "", "days": "3"})
    assert bad.status_code == 400 and ApiToken.objects.count() == 1


def test_revoke_every_token_at_once(client):
    user = verified_user("sam")
    keys = [tokens.issue(user, f"t{i}").key for i in range(3)]
    client.force_login(user)
    client.post("/accounts/tokens/revoke-all/")
    assert all(with_key(k).get("/api/v1/tokens/").status_code == 401 for k in keys)


def test_a_token_acts_with_its_owners_rights_only():
    owner = verified_user("tia")
    tournament = TournamentFactory(organiser=owner)
    outsider_key = tokens.issue(verified_user("uma"), "x").key
    url = f"/api/v1/tournaments/{tournament.slug}/"
    assert with_key(outsider_key).patch(url, {"name": "Mine"}, format="json").status_code in (
        403,
        404,
    )
    owner_key = tokens.issue(owner, "x").key
    assert with_key(owner_key).patch(url, {"name": "Mine"}, format="json").status_code == 200
