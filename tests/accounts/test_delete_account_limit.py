"""Issue 33.11: deleting the account asks for the password, and guesses are limited the way the
password-change page limits them (allauth's ``change_password`` rate: 5 a minute per account,
one budget for both pages, since both check the same password)."""

import pytest
from django.contrib.auth import get_user_model

from tests.factories import verified_user

pytestmark = pytest.mark.django_db

PASSWORD = "a-long-test-password"


def test_password_guesses_on_the_delete_page_are_limited(client):
    user = verified_user("gus", password=PASSWORD)
    client.force_login(user)
    for _ in range(5):
        wrong = client.post("/accounts/delete/", {"password": "guess"})
        assert wrong.status_code == 400 and "That is not your password." in wrong.content.decode()
    blocked = client.post("/accounts/delete/", {"password": PASSWORD})
    assert blocked.status_code == 429
    assert "Too many attempts" in blocked.content.decode()
    assert get_user_model().objects.filter(pk=user.pk).exists()  # nothing changed
    assert client.get("/accounts/delete/").status_code == 200  # reading is not limited


def test_the_delete_page_and_the_password_change_share_one_budget(client):
    user = verified_user("hal", password=PASSWORD)
    client.force_login(user)
    for _ in range(5):
        client.post(
            "/accounts/password/change/",
            {"oldpassword": "guess", "password1": "n3w-passw0rd!x", "password2": "n3w-passw0rd!x"},
        )
    assert client.post("/accounts/delete/", {"password": PASSWORD}).status_code == 429
    assert get_user_model().objects.filter(pk=user.pk).exists()


def test_another_account_has_its_own_budget(client):
    first = verified_user("ida", password=PASSWORD)
    client.force_login(first)
    for _ in range(6):
        client.post("/accounts/delete/", {"password": "guess"})
    second = verified_user("jon", password=PASSWORD)
    client.force_login(second)
    done = client.post("/accounts/delete/", {"password": PASSWORD})
    assert done.status_code == 302
    assert not get_user_model().objects.filter(pk=second.pk).exists()
