"""Issue 33.12: what makes an API token and what ends one.

Only a signed-in session or the password exchange makes tokens, never a token (a token's
children would outlive its revocation); a new password by any door (a change, a reset,
``manage.py changepassword``) revokes every token of the account; "revoke all" is in the API too.
"""

from io import StringIO

import pytest
from django.core import mail
from django.core.management import call_command
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


def test_manage_py_changepassword_revokes_every_token(monkeypatch):
    """The command line sets a password without allauth: its tokens stop working too."""
    user = verified_user("ola", password=PASSWORD)
    key = tokens.issue(user, "laptop").key
    monkeypatch.setattr("getpass.getpass", lambda prompt="": NEW_PASSWORD)
    call_command("changepassword", "ola", stdout=StringIO())
    user.refresh_from_db()
    assert user.check_password(NEW_PASSWORD)
    assert with_key(key).get("/api/v1/tokens/").status_code == 401


def test_a_new_account_and_a_saved_profile_revoke_nothing():
    """Only a new password revokes: saving the account for anything else leaves tokens alone."""
    user = verified_user("pia", password=PASSWORD)
    key = tokens.issue(user, "phone").key
    user.first_name = "Pia"
    user.save()
    verified_user("quinn", password=PASSWORD)
    assert with_key(key).get("/api/v1/tokens/").status_code == 200


def test_the_new_password_field_says_tokens_end(client):
    client.force_login(verified_user("ria", password=PASSWORD))
    page = client.get("/accounts/password/change/").content.decode()
    assert "A new password ends every API token of your account." in page
    assert "<li></li>" not in page
