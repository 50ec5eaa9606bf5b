"""Helpers of the registration page tests: a page's text, a signed-in client."""

from django.test import Client


def page(client, url: str, status: int = 200) -> str:
    """The text of ``url`` as ``client`` gets it, which must answer ``status``."""
    response = client.get(url)
    assert response.status_code == status, response
    return response.content.decode()


def signed_in(user) -> Client:
    """A new client signed in as ``user``."""
    client = Client()
    client.force_login(user)
    return client
