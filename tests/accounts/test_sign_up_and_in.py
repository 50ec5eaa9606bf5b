"""Issue 14.1: sign-up, e-mail verification, sign-in, sign-out and password reset on the site's
own pages (django-allauth), e-mail read from the outbox; sign-up open or by invitation only."""

import re

import pytest
from django.core import mail

from tests.factories import TournamentFactory, UserFactory, verified_user

pytestmark = pytest.mark.django_db

PASSWORD = "a-long-new-password-9"


def link_in(message, path_prefix: str) -> str:
    match = re.search(rf"https?://[^/\s]+({re.escape(path_prefix)}[^\s]+)", message.body)
    assert match, message.body
    return match.group(1)


def test_a_newcomer_signs_up_verifies_and_lands_on_the_dashboard(client):
    page = client.get("/accounts/signup/")
    assert page.status_code == 200 and "Sign up" in page.content.decode()
    response = client.post(
        "/accounts/signup/",
        {"email": "ann@example.org", "username": "ann", "password1": PASSWORD,
         "password2": PASSWORD},
    )  # fmt: skip
    assert response.status_code == 302
    assert response["Location"] == "/accounts/confirm-email/"
    (message,) = mail.outbox
    assert message.to == ["ann@example.org"]
    confirm = link_in(message, "/accounts/confirm-email/")
    # the link asks before it confirms (a mail scanner following links confirms nothing)
    assert client.get(confirm).status_code == 200
    done = client.post(confirm)
    assert done.status_code == 302 and done["Location"] == "/dashboard/"
    dashboard = client.get("/dashboard/").content.decode()
    assert "My events" in dashboard and "Signed in as <strong>ann</strong>" in dashboard


def test_an_unverified_account_cannot_sign_in_and_is_sent_a_new_link(client):
    UserFactory(username="bob", email="bob@example.org")
    response = client.post("/accounts/login/", {"login": "bob", "password": "a-long-test-password"})
    assert response.status_code == 302 and "confirm-email" in response["Location"]
    assert client.get("/dashboard/").status_code == 302  # still signed out
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["bob@example.org"]


def test_sign_in_by_username_or_email_and_sign_out(client):
    verified_user("cat", password="a-long-test-password")
    for login in ("cat", "cat@example.org"):
        response = client.post(
            "/accounts/login/", {"login": login, "password": "a-long-test-password"}
        )
        assert response.status_code == 302 and response["Location"] == "/dashboard/"
        out = client.post("/accounts/logout/")
        assert out.status_code == 302
        assert client.get("/dashboard/").status_code == 302


def test_a_wrong_password_says_so_on_the_form(client):
    verified_user("dan", password="a-long-test-password")
    response = client.post("/accounts/login/", {"login": "dan", "password": "nope"})
    assert response.status_code in (200, 400)
    assert "not correct" in response.content.decode()


def test_password_reset_by_email(client):
    verified_user("eve", password="a-long-test-password")
    client.post("/accounts/password/reset/", {"email": "eve@example.org"})
    (message,) = mail.outbox
    reset = link_in(message, "/accounts/password/reset/key/")
    form = client.get(reset, follow=True)
    action = form.redirect_chain[-1][0] if form.redirect_chain else reset
    done = client.post(action, {"password1": PASSWORD, "password2": PASSWORD})
    assert done.status_code == 302
    assert client.login(username="eve", password=PASSWORD)


def test_an_unknown_address_gets_the_same_answer_as_a_known_one(client):
    verified_user("fay")
    known = client.post("/accounts/password/reset/", {"email": "fay@example.org"})
    unknown = client.post("/accounts/password/reset/", {"email": "nobody@example.org"})
    assert known.status_code == unknown.status_code == 302
    assert known["Location"] == unknown["Location"]


def test_sign_up_closed_by_setting(client, settings):
    settings.SIGNUP_OPEN = False
    page = client.get("/accounts/signup/").content.decode()
    assert "closed" in page.lower()
    client.post(
        "/accounts/signup/",
        {"email": "gil@example.org", "username": "gil", "password1": PASSWORD,
         "password2": PASSWORD},
    )  # fmt: skip
    from django.contrib.auth import get_user_model

    assert not get_user_model().objects.filter(username="gil").exists()
    assert "Sign up" not in client.get("/").content.decode()


def test_bad_sign_up_input_is_named_on_the_form(client):
    verified_user("hal")
    response = client.post(
        "/accounts/signup/",
        {"email": "hal@example.org", "username": "x" * 200, "password1": "short",
         "password2": "other"},
    )  # fmt: skip
    assert response.status_code == 200
    errors = response.context["form"].errors
    # a taken e-mail address is not told apart (no one learns who has an account here)
    assert {"username", "password1"} <= set(errors)
    assert "150 characters" in " ".join(errors["username"])
    assert not mail.outbox


def test_the_header_shows_who_is_signed_in_everywhere(client):
    tournament = TournamentFactory(name="Header Cup")
    user = verified_user("ivy")
    client.force_login(user)
    for path in ("/", f"/events/{tournament.slug}/", "/dashboard/", "/accounts/tokens/"):
        page = client.get(path).content.decode()
        assert "Signed in as <strong>ivy</strong>" in page, path
        assert 'href="/dashboard/"' in page, path
    client.logout()
    assert 'href="/accounts/login/"' in client.get("/").content.decode()


def test_the_admin_is_for_superusers_only(client):
    organiser = verified_user("jo", is_staff=True)
    client.force_login(organiser)
    assert client.get("/admin/").status_code == 302  # to the admin's login: no access
    boss = verified_user("root", is_staff=True, is_superuser=True)
    client.force_login(boss)
    assert client.get("/admin/").status_code == 200


def test_sign_out_of_every_other_session(client):
    from django.test import Client

    verified_user("kit", password="a-long-test-password")
    other = Client()
    for c in (client, other):
        c.post("/accounts/login/", {"login": "kit", "password": "a-long-test-password"})
        assert c.get("/dashboard/").status_code == 200
    page = client.get("/accounts/sessions/")
    assert page.status_code == 200
    client.post("/accounts/sessions/")
    assert client.get("/dashboard/").status_code == 200  # this device stays signed in
    assert other.get("/dashboard/").status_code == 302  # the other one is signed out


@pytest.mark.parametrize(
    "path",
    ["/accounts/login/", "/accounts/signup/", "/accounts/password/reset/", "/accounts/logout/"],
)
def test_every_signed_out_account_page_renders_in_the_site_layout(client, path):
    response = client.get(path)
    assert response.status_code in (200, 302)
    if response.status_code == 200:
        assert 'class="site-header"' in response.content.decode()


@pytest.mark.parametrize(
    "path",
    [
        "/accounts/email/",
        "/accounts/password/change/",
        "/accounts/2fa/",
        "/accounts/sessions/",
        "/accounts/tokens/",
        "/accounts/history/",
        "/accounts/delete/",
        "/dashboard/",
    ],
)
def test_every_signed_in_account_page_renders_with_the_account_menu(client, path):
    client.force_login(verified_user("nav"))
    response = client.get(path)
    assert response.status_code == 200, path
    page = response.content.decode()
    assert 'class="site-header"' in page and "Signed in as" in page
