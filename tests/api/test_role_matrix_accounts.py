"""The account doors against every kind of credential (issue 33): the admin's login, the admin,
the password exchange for a token, and the tokens API and page.

Roles are what a client presents: nothing, a player's private link, a verified account's
session or token, an unverified account (its password, or a token made while verification was
optional), a superuser without a second factor (``REQUIRE_SUPERUSER_MFA`` on; its session, or a
token made before the rule) and one with a second factor (its session, its token). The
password exchange is tried with the role's own username and password ("nobody" for the first
two). 302: to a sign-in, or (a superuser's session without a second factor, on any page or
API path but /accounts/) to the second factor's set-up; never a session made.
"""

import pytest
from allauth.mfa.totp.internal.auth import TOTP, generate_totp_secret
from rest_framework.test import APIClient

from accounts import tokens
from tests.api.conftest import entrant_client
from tests.factories import EntrantFactory, UserFactory, verified_user

pytestmark = pytest.mark.django_db

PASSWORD = "a-long-test-password"

ROLES = [
    "public",
    "player",
    "account_session",
    "account_token",
    "unverified_password",
    "unverified_token",
    "superuser_no_mfa_session",
    "superuser_no_mfa_token",
    "superuser_mfa_session",
    "superuser_mfa_token",
]

ACTIONS = {
    # action: (method, url, body)
    "admin_login_post": ("post", "/admin/login/", "credentials"),
    "admin_index": ("get", "/admin/", None),
    "token_exchange": ("post", "/api/v1/auth/token/", "credentials"),
    "list_tokens": ("get", "/api/v1/tokens/", None),
    "make_token": ("post", "/api/v1/tokens/", {"name": "matrix"}),
    "make_token_page": ("post", "/accounts/tokens/", {"name": "matrix", "days": "30"}),
    "revoke_all": ("post", "/api/v1/tokens/revoke-all/", {}),
}

# Expected status per action, in the order of ROLES.
EXPECTED = {
    "admin_login_post": [302, 302, 403, 302, 302, 302, 302, 302, 302, 302],
    "admin_index": [302, 302, 302, 302, 302, 302, 302, 302, 200, 302],
    "token_exchange": [400, 400, 200, 200, 400, 400, 302, 400, 400, 400],
    "list_tokens": [401, 401, 200, 200, 401, 401, 302, 401, 200, 200],
    "make_token": [401, 401, 201, 403, 401, 401, 302, 401, 201, 403],
    "make_token_page": [302, 302, 201, 302, 302, 302, 400, 302, 201, 302],
    "revoke_all": [401, 401, 200, 200, 401, 401, 302, 401, 200, 200],
}


@pytest.fixture
def people(settings):
    """The accounts behind the roles; the rules on: mandatory verification, superuser MFA."""
    settings.ACCOUNT_EMAIL_VERIFICATION = "optional"
    settings.REQUIRE_SUPERUSER_MFA = False
    found = {
        "account": verified_user("acct", password=PASSWORD),
        "unverified": UserFactory(username="newbie", email="newbie@example.org"),
        "chief": verified_user("chief", password=PASSWORD, is_superuser=True, is_staff=True),
        "boss": verified_user("boss", password=PASSWORD, is_superuser=True, is_staff=True),
        "entrant": EntrantFactory(),
    }
    TOTP.activate(found["boss"], generate_totp_secret())
    # tokens made before the rules applied (or by a session that met them)
    found["keys"] = {
        name: tokens.issue(found[name], "before").key
        for name in ("account", "unverified", "chief", "boss")
    }
    settings.ACCOUNT_EMAIL_VERIFICATION = "mandatory"
    settings.REQUIRE_SUPERUSER_MFA = True
    return found


def with_key(key):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


def signed_in(user):
    client = APIClient()
    client.force_login(user)
    return client


def client_for(role, people):
    """(client, username for the password exchange) of a role."""
    keys = people["keys"]
    return {
        "public": lambda: (APIClient(), "nobody"),
        "player": lambda: (entrant_client(people["entrant"]), "nobody"),
        "account_session": lambda: (signed_in(people["account"]), "acct"),
        "account_token": lambda: (with_key(keys["account"]), "acct"),
        "unverified_password": lambda: (APIClient(), "newbie"),
        "unverified_token": lambda: (with_key(keys["unverified"]), "newbie"),
        "superuser_no_mfa_session": lambda: (signed_in(people["chief"]), "chief"),
        "superuser_no_mfa_token": lambda: (with_key(keys["chief"]), "chief"),
        "superuser_mfa_session": lambda: (signed_in(people["boss"]), "boss"),
        "superuser_mfa_token": lambda: (with_key(keys["boss"]), "boss"),
    }[role]()


CASES = [
    pytest.param(action, role, EXPECTED[action][i], id=f"{action}-{role}")
    for action in ACTIONS
    for i, role in enumerate(ROLES)
]


@pytest.mark.parametrize(("action", "role", "expected"), CASES)
def test_account_doors_matrix(people, action, role, expected):
    method, url, body = ACTIONS[action]
    client, username = client_for(role, people)
    had_session = "_auth_user_id" in client.session
    if body == "credentials":
        body = {"username": username, "password": PASSWORD}
    if method == "get":
        response = client.get(url)
    elif url.startswith("/api/"):
        response = client.post(url, body, format="json")
    else:
        response = client.post(url, body)
    assert response.status_code == expected, (action, role, response.content[:300])
    if action == "admin_login_post":
        # the admin's login never signs anyone in: only the site's sign-in does
        assert ("_auth_user_id" in client.session) == had_session
        if not had_session:
            assert response["Location"].startswith("/accounts/login/?next=")
