"""Issue 33.1: the admin has no sign-in form of its own. ``/admin/login/`` sends everyone to the
site's sign-in (allauth, with its second factor) with ``next`` set back to the admin, so a
username and password posted to it never make a session."""

import pytest
from allauth.mfa.totp.internal.auth import TOTP, generate_totp_secret

from tests.accounts.test_second_factor import code_now
from tests.factories import verified_user

pytestmark = pytest.mark.django_db

PASSWORD = "a-long-test-password"


def boss(username="root", **fields):
    return verified_user(username, password=PASSWORD, is_staff=True, is_superuser=True, **fields)


def signed_in(client) -> bool:
    return "_auth_user_id" in client.session


@pytest.mark.parametrize("with_second_factor", [False, True])
def test_a_password_posted_to_the_admin_login_makes_no_session(
    client, settings, with_second_factor
):
    settings.REQUIRE_SUPERUSER_MFA = False
    user = boss()
    if with_second_factor:
        TOTP.activate(user, generate_totp_secret())
    response = client.post("/admin/login/", {"username": "root", "password": PASSWORD})
    assert not signed_in(client)
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/?next=")
    assert client.get("/admin/").status_code == 302


def test_the_admin_login_sends_to_the_sites_sign_in_with_next_set(client):
    response = client.get("/admin/login/", {"next": "/admin/tournament/"})
    assert response.status_code == 302
    assert response["Location"] == "/accounts/login/?next=/admin/tournament/"
    bare = client.get("/admin/login/")
    assert bare["Location"] == "/accounts/login/?next=/admin/"
    # a foreign next is not passed on: back to the admin's index
    foreign = client.get("/admin/login/", {"next": "https://evil.example/"})
    assert foreign["Location"] == "/accounts/login/?next=/admin/"
    # the admin's own pages lead there too
    chain = client.get("/admin/", follow=True).redirect_chain
    assert chain[-1][0] == "/accounts/login/?next=/admin/"


def test_a_superuser_reaches_the_admin_through_the_sign_in_and_its_second_factor(client):
    user = boss()
    secret = generate_totp_secret()
    TOTP.activate(user, secret)
    first = client.post(
        "/accounts/login/?next=/admin/", {"login": "root", "password": PASSWORD, "next": "/admin/"}
    )
    assert first["Location"] == "/accounts/2fa/authenticate/"
    assert not signed_in(client)
    second = client.post("/accounts/2fa/authenticate/", {"code": code_now(secret)})
    assert second.status_code == 302 and second["Location"] == "/admin/"
    assert client.get("/admin/").status_code == 200
    # signed in already: the admin's login page goes straight on
    again = client.get("/admin/login/", {"next": "/admin/tournament/"})
    assert again.status_code == 302 and again["Location"] == "/admin/tournament/"


def test_a_signed_in_account_without_admin_rights_is_told_so_not_sent_round(client):
    client.force_login(verified_user("jo", is_staff=True))
    response = client.get("/admin/login/", {"next": "/admin/"})
    assert response.status_code == 403
    assert "administration is for superusers only" in response.content.decode()


def test_the_admins_password_change_is_the_sites(client):
    client.force_login(boss())
    response = client.get("/admin/password_change/")
    assert response.status_code == 302 and response["Location"] == "/accounts/password/change/"
