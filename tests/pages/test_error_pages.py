"""Issue 20.7: styled 403, 404 and 500 pages; a referee who is not staff yet is told whom to ask."""

import pytest
from django.test import Client, RequestFactory
from django.views.defaults import server_error

from tests.factories import TournamentFactory, UserFactory

pytestmark = pytest.mark.django_db


def test_a_stranger_at_the_desk_is_told_whom_to_ask(client):
    boss = UserFactory(username="cup-owner")
    TournamentFactory(slug="ask-cup", name="Ask Cup", organiser=boss)
    client.force_login(UserFactory(username="would-be-ref"))
    response = client.get("/events/ask-cup/desk/")
    page = response.content.decode()
    assert response.status_code == 403
    assert 'class="site-header"' in page and "This page is not open to you" in page
    assert "You are not a referee or organiser of Ask Cup" in page and "cup-owner" in page
    console = client.get("/events/ask-cup/manage/").content.decode()
    assert "Only an organiser of Ask Cup may use its console" in console


def test_a_missing_page_is_styled_when_debug_is_off(client, settings):
    settings.DEBUG = False
    response = client.get("/nowhere/at-all/")
    page = response.content.decode()
    assert response.status_code == 404 and "Nothing here" in page
    assert 'class="site-header"' in page and "Resolver404" not in page
    stale = client.get("/me/not-a-real-link/").content.decode()
    assert "This private link is not valid" in stale


def test_the_server_error_page_needs_nothing_but_itself():
    response = server_error(RequestFactory().get("/"))
    page = response.content.decode()
    assert response.status_code == 500
    assert "Something went wrong on our side" in page and "/static/css/site.css" in page


def test_a_refused_form_says_why_in_the_sites_own_page():
    """Issue 42: Django's own CSRF page has an inline style the content security policy blocks;
    ours is the site's layout with what to do next."""
    browser = Client(enforce_csrf_checks=True)
    response = browser.post("/accounts/login/", {"login": "x", "password": "y"})
    page = response.content.decode()
    assert response.status_code == 403
    assert 'class="site-header"' in page and "<style" not in page
    assert "This form could not be sent" in page and "reload the page" in page
    assert [t.name for t in response.templates][0] == "403_csrf.html"
