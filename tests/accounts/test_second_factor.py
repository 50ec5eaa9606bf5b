"""Issue 14.1: an optional TOTP second factor (allauth's MFA): once set up, signing in asks for
the six-digit code, and a wrong code signs nobody in."""

import time

import pytest
from allauth.mfa.totp.internal.auth import TOTP, format_hotp_value, generate_totp_secret, hotp_value

from tests.factories import verified_user

pytestmark = pytest.mark.django_db


def code_now(secret: str) -> str:
    return format_hotp_value(hotp_value(secret, int(time.time()) // 30))


def test_sign_in_asks_for_the_code_once_a_second_factor_is_set_up(client):
    user = verified_user("mfa-user", password="a-long-test-password")
    secret = generate_totp_secret()
    TOTP.activate(user, secret)
    response = client.post(
        "/accounts/login/", {"login": "mfa-user", "password": "a-long-test-password"}
    )
    assert response.status_code == 302 and response["Location"] == "/accounts/2fa/authenticate/"
    assert client.get("/dashboard/").status_code == 302  # not signed in yet
    wrong = client.post("/accounts/2fa/authenticate/", {"code": "000000"})
    assert wrong.status_code in (200, 400) and client.get("/dashboard/").status_code == 302
    right = client.post("/accounts/2fa/authenticate/", {"code": code_now(secret)})
    assert right.status_code == 302 and right["Location"] == "/dashboard/"
    assert client.get("/dashboard/").status_code == 200


def test_the_set_up_page_shows_a_qr_code_to_scan(client):
    user = verified_user("mfa-new", password="a-long-test-password")
    client.post("/accounts/login/", {"login": "mfa-new", "password": "a-long-test-password"})
    first = client.get("/accounts/2fa/totp/activate/")
    if first.status_code == 302:  # allauth asks for the password again before a change
        assert first["Location"].startswith("/accounts/reauthenticate/")
        client.post(first["Location"], {"password": "a-long-test-password"})
    page = client.get("/accounts/2fa/totp/activate/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "<svg" in html or "data:image" in html  # the QR code
    assert user.authenticator_set.count() == 0
