"""Issue 33.12: what makes an API token and what ends one.

Only a signed-in session or the password exchange makes tokens, never a token (a token's
children would outlive its revocation); a password change or reset revokes every token of the
account; "revoke all" is in the API too.
"""

import pytest
from django.core import mail
from rest_framework.test import APIClient

from accounts import tokens
from accounts.models import ApiToken
from tests.accounts.test_sign_up_and_in import link_in
from tests.accounts.test_token_rules import PASSWORD, with_key
from tests.factories import verified_user

pytestmark = pytest.mark.django_db

NEW_PASSWORD = "a-long-new-password-9"


def test_a_token_cannot_make_tokens():
    user = verified_user("kai")
    key = tokens.issue(user, "script").key
    response = with_key(key).post("/api/v1/tokens/", {"name": "child"}, format="json")
    assert response.status_code == 403
    assert "A token cannot make tokens" in response.json()["detail"]
    assert ApiToken.objects.count() == 1
    # a signed-in session can
    session = APIClient()
    session.force_login(user)
    assert session.post("/api/v1/tokens/", {"name": "child"}, format="json").status_code == 201


def test_changing_the_password_revokes_every_token(client):
    user = verified_user("lou", password=PASSWORD)
    keys = [tokens.issue(user, f"t{i}").key for i in range(2)]
    client.force_login(user)
    response = client.post(
        "/accounts/password/change/",
        {"oldpassword": PASSWORD, "password1": NEW_PASSWORD, "password2": NEW_PASSWORD},
    )
    assert response.status_code == 302
    for key in keys:
        refused = with_key(key).get("/api/v1/tokens/")
        assert refused.status_code == 401 and refused.json()["detail"] == "This token was revoked."


def test_a_password_reset_revokes_every_token(client):
    user = verified_user("max", password=PASSWORD)
    key = tokens.issue(user, "script").key
    client.post("/accounts/password/reset/", {"email": "max@example.org"})
    (message,) = mail.outbox
    reset = link_in(message, "/accounts/password/reset/key/")
    form = client.get(reset, follow=True)
    action = form.redirect_chain[-1][0] if form.redirect_chain else reset
    done = client.post(action, {"password1": NEW_PASSWORD, "password2": NEW_PASSWORD})
    assert done.status_code == 302
    assert with_key(key).get("/api/v1/tokens/").status_code == 401


def test_a_wrong_old_password_changes_nothing(client):
    user = verified_user("ned", password=PASSWORD)
    key = tokens.issue(user, "script").key
    client.force_login(user)
    client.post(
        "/accounts/password/change/",
        {"oldpassword": "wrong", "password1": NEW_PASSWORD, "password2": NEW_PASSWORD},
    )
    assert with_key(key).get("/api/v1/tokens/").status_code == 200


def test_revoke_every_token_through_the_api():
    user = verified_user("oz")
    keys = [tokens.issue(user, f"t{i}").key for i in range(3)]
    response = with_key(keys[0]).post("/api/v1/tokens/revoke-all/")
    assert response.status_code == 200 and response.json() == {"revoked": 3}
    assert all(with_key(k).get("/api/v1/tokens/").status_code == 401 for k in keys)
    assert APIClient().post("/api/v1/tokens/revoke-all/").status_code == 401


def test_the_tokens_page_says_what_ends_a_token(client):
    client.force_login(verified_user("pia"))
    page = client.get("/accounts/tokens/").content.decode()
    assert "Changing or resetting your password revokes every token." in page
