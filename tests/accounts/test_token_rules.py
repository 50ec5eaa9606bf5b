"""Issue 33.4 and 33.5: who may hold and use an API token (accounts/access.py).

* a superuser without a second factor, while ``REQUIRE_SUPERUSER_MFA`` is on, gets no token (by
  password or on the tokens page) and a token it holds is refused (33.4);
* with mandatory e-mail verification, an account whose address was never confirmed gets no
  token and a token it holds is refused (33.5).
"""

import pytest
from allauth.mfa.totp.internal.auth import TOTP, generate_totp_secret
from rest_framework.test import APIClient

from accounts import tokens
from accounts.models import ApiToken
from tests.factories import UserFactory, verified_user

pytestmark = pytest.mark.django_db

PASSWORD = "a-long-test-password"


def with_key(key: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


def exchange(username: str, password: str = PASSWORD):
    return APIClient().post("/api/v1/auth/token/", {"username": username, "password": password})


def superuser(username="chief"):
    return verified_user(username, password=PASSWORD, is_superuser=True, is_staff=True)


# --- 33.4: REQUIRE_SUPERUSER_MFA holds through the API ---------------------------------------


def test_a_superuser_without_a_second_factor_gets_no_token_by_password(settings):
    settings.REQUIRE_SUPERUSER_MFA = True
    superuser()
    response = exchange("chief")
    assert response.status_code == 400
    assert "set up a second factor" in str(response.json())
    assert not ApiToken.objects.exists()


def test_a_token_of_a_superuser_without_a_second_factor_is_refused_while_required(settings):
    settings.REQUIRE_SUPERUSER_MFA = False
    key = tokens.issue(superuser(), "old script").key
    assert with_key(key).get("/api/v1/tokens/").status_code == 200
    settings.REQUIRE_SUPERUSER_MFA = True
    response = with_key(key).post(
        "/api/v1/tournaments/", {"name": "Boss Cup", "slug": "boss-cup"}, format="json"
    )
    assert response.status_code == 401
    assert "set up a second factor" in response.json()["detail"]


def test_the_tokens_page_makes_no_token_before_the_second_factor_is_set_up(client, settings):
    settings.REQUIRE_SUPERUSER_MFA = True
    boss = superuser()
    client.force_login(boss)
    response = client.post("/accounts/tokens/", {"name": "laptop", "days": "30"})
    assert response.status_code == 400
    assert "set up a second factor" in response.content.decode()
    assert not ApiToken.objects.exists()
    TOTP.activate(boss, generate_totp_secret())  # set up: now it may
    assert client.post("/accounts/tokens/", {"name": "laptop", "days": "30"}).status_code == 201


# --- 33.5: mandatory verification holds through the API --------------------------------------


def test_an_unverified_account_gets_no_token_when_verification_is_mandatory(settings):
    settings.ACCOUNT_EMAIL_VERIFICATION = "mandatory"
    UserFactory(username="newbie", email="newbie@example.org")
    response = exchange("newbie")
    assert response.status_code == 400
    assert "confirm your e-mail address" in str(response.json())
    assert not ApiToken.objects.exists()


def test_an_unverified_accounts_token_is_refused_when_verification_is_mandatory(settings):
    settings.ACCOUNT_EMAIL_VERIFICATION = "optional"
    UserFactory(username="newbie", email="newbie@example.org")
    made = exchange("newbie")
    assert made.status_code == 200  # optional verification: the password is enough
    key = made.json()["token"]
    settings.ACCOUNT_EMAIL_VERIFICATION = "mandatory"
    response = with_key(key).post(
        "/api/v1/tournaments/", {"name": "Sneaky", "slug": "sneaky"}, format="json"
    )
    assert response.status_code == 401
    assert "confirm your e-mail address" in response.json()["detail"]
