"""Issue 42: the site under production settings, as a phone and the staff meet it.

One uvicorn process for the module, with ``DEBUG=0`` and the README's production settings, the
static files collected into a temporary ``STATIC_ROOT`` by the manifest storage, and TLS
(``tests/browser/production.py`` tells how). On it:

* the app installs: the manifest and its icons are served, the service worker is registered,
  activated and controls the page, keeps the hashed static files and serves a page offline;
  the page logs no error (a script refused by the content security policy, say), HSTS is on;
* the offline and push tests of ``test_offline.py`` and ``test_push_notifications.py`` run
  again, unchanged, against this server;
* a crawl of every page reachable by links from the demo events (``manage.py seed_demo``), as
  a visitor, the organiser (signed in on the sign-in page: its cookies are Secure), the
  referee and the admin, finds no answer in the 5xx range.

``manage.py check --deploy`` is kept clean by ``tests/foundation/test_settings.py``.
"""

import io
import json
import re

import pytest
from allauth.mfa.models import Authenticator
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from django.core.management import call_command
from playwright.sync_api import expect

from config.asgi_servers import asgi_command
from tests.browser.conftest import free_port, module_chromium, running_server, server_env
from tests.browser.helpers import PHONE, log_in
from tests.browser.production import (
    SECRET_KEY,
    collect_static,
    crawl,
    make_certificate,
    production_env,
)
from tests.browser.test_offline import (  # noqa: F401 - run again here, on the production server
    kept_pages,
    open_with_worker,
    test_a_report_made_offline_is_sent_once_when_the_network_returns,
    test_the_desk_enters_two_tables_offline_and_syncs,
    test_the_worker_serves_my_table_offline_with_the_banner,
)
from tests.browser.test_players_day import one_table
from tests.browser.test_push_notifications import (  # noqa: F401 - the same
    push_on_the_server,
    push_service,
    test_a_player_opts_in_and_hears_their_table_when_the_round_is_published,
)
from tournament.management.demo_events import DEMO_SLUGS, DEMO_USERS
from tournament.views.app_shell import PRECACHED_STATIC

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: how many pages one crawl opens at most (a visitor and the organiser see the most pages; the
#: referee's are mostly the organiser's, the admin's mostly Django's admin)
CRAWL_CAP = {"visitor": 120, "organiser": 120, "referee": 60, "admin": 60}


@pytest.fixture(scope="module")
def certificate(tmp_path_factory):
    return make_certificate(tmp_path_factory.mktemp("tls"))


@pytest.fixture(scope="module")
def asgi_server(django_db_setup, django_db_blocker, tmp_path_factory, certificate):
    """The base URL (https) of uvicorn serving the project with the production settings."""
    env = server_env(django_db_blocker)
    env = production_env(env, tmp_path_factory.mktemp("static") / "collected")
    collect_static(env)
    cert_file, key_file, _ = certificate
    port = free_port()
    command = [
        *asgi_command("uvicorn", port),
        "--ssl-certfile",
        str(cert_file),
        "--ssl-keyfile",
        str(key_file),
    ]
    with running_server(command, env, port, "uvicorn-production"):
        yield f"https://127.0.0.1:{port}"


@pytest.fixture(scope="module")
def browser(playwright_manager, certificate):
    """Chromium trusting the server's certificate (a service worker needs a valid one)."""
    trust = f"--ignore-certificate-errors-spki-list={certificate[2]}"
    with module_chromium(playwright_manager, [trust]) as chromium:
        yield chromium


@pytest.fixture(autouse=True)
def server_secret_key(settings):
    """Sessions the tests make (``new_context(user=...)``) are signed with the server's key."""
    settings.SECRET_KEY = SECRET_KEY


def watch_errors(page) -> list[str]:
    """What the page reports as going wrong: console errors (a refused script or style, a
    failed load) and uncaught exceptions."""
    errors = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    return errors


def test_the_app_installs_and_opens_offline_under_production_settings(new_context, asgi_server):
    tournament, _match, _seats = one_table("prod-install")
    # ignore_https_errors is for context.request, Playwright's own HTTP client (the browser
    # trusts the certificate already)
    context = new_context(viewport=PHONE, is_mobile=True, has_touch=True, ignore_https_errors=True)
    page = context.new_page()
    errors = watch_errors(page)
    path = f"/events/{tournament.slug}/"

    first = page.goto(path)
    assert first.status == 200
    assert first.header_value("strict-transport-security").startswith("max-age=31536000")
    manifest_link = page.locator('link[rel="manifest"]').get_attribute("href")
    manifest = context.request.get(manifest_link)
    assert manifest.status == 200
    assert manifest.headers["content-type"] == "application/manifest+json"
    data = json.loads(manifest.text())
    assert data["start_url"] == path and data["display"] == "standalone"
    for icon in data["icons"]:
        assert re.search(r"\.[0-9a-f]{12}\.(png|svg)$", icon["src"]), icon  # hashed names
        assert context.request.get(icon["src"]).status == 200, icon

    worker = context.request.get("/sw.js")
    assert worker.status == 200, worker.text()[:300]
    open_with_worker(page, path)
    assert page.evaluate("navigator.serviceWorker.controller.state") == "activated"
    precached = page.evaluate(
        """async () => {
          const name = (await caches.keys()).find(n => n.startsWith('eye-static-'));
          return (await (await caches.open(name)).keys()).map(r => new URL(r.url).pathname);
        }"""
    )
    assert len(precached) == len(PRECACHED_STATIC) and all(
        re.search(r"\.[0-9a-f]{12}\.(css|js|svg|png)$", url) for url in precached
    ), precached
    assert any(url.endswith(path) for url in kept_pages(page))

    context.set_offline(True)
    page.reload()
    expect(page.get_by_role("heading", level=1)).to_have_text(tournament.name)
    expect(page.locator("[data-offline-banner]")).to_contain_text("Offline - last updated")
    # the stylesheets came from the worker's cache: the page is laid out, not bare
    assert page.evaluate("getComputedStyle(document.body).margin") != "8px"
    context.set_offline(False)
    offline_noise = ("ERR_INTERNET_DISCONNECTED", "WebSocket", "Failed to fetch")
    assert [e for e in errors if not any(n in e for n in offline_noise)] == []


def demo_logins():
    """The demo users, with their documented passwords hashed as the server hashes them
    (the tests' own fast hasher is one the production server does not accept)."""
    users = {}
    for username, (password, _superuser) in DEMO_USERS.items():
        user = get_user_model().objects.get(username=username)
        user.password = make_password(password, hasher="pbkdf2_sha256")
        user.save(update_fields=["password"])
        users[username] = user
    return users


def test_no_page_reachable_from_the_demo_events_answers_a_server_error(new_context, asgi_server):
    call_command("seed_demo", stdout=io.StringIO())
    users = demo_logins()

    def crawl_as(context, starts, cap):
        def fetch(url):  # Playwright's HTTP client, with the context's cookies
            response = context.request.get(url, max_redirects=0, timeout=30_000)
            headers = response.headers
            return (
                response.status,
                headers.get("content-type", ""),
                headers.get("location"),
                response.text() if headers.get("content-type", "").startswith("text/") else "",
            )

        return crawl(fetch, asgi_server, starts, cap=cap)

    events = [f"/events/{slug}/" for slug in DEMO_SLUGS]
    visited = {
        "visitor": crawl_as(
            new_context(ignore_https_errors=True), ["/", *events], CRAWL_CAP["visitor"]
        )
    }

    organiser = new_context(ignore_https_errors=True)
    log_in(organiser.new_page(), "organiser", "/dashboard/", DEMO_USERS["organiser"][0])
    # signed in on the sign-in page over HTTPS: the CSRF and session cookies are Secure only
    cookies = {cookie["name"]: cookie for cookie in organiser.cookies()}
    assert {"csrftoken", "sessionid"} <= set(cookies), cookies
    assert all(cookie["secure"] for cookie in cookies.values()), cookies
    visited["organiser"] = crawl_as(organiser, ["/dashboard/", *events], CRAWL_CAP["organiser"])
    referee = new_context(user=users["referee"], ignore_https_errors=True)
    visited["referee"] = crawl_as(referee, ["/dashboard/", *events], CRAWL_CAP["referee"])
    # the superuser: first sent to set up a second factor, then (with one) the whole site
    admin = new_context(user=users["admin"], ignore_https_errors=True)
    visited["admin without a second factor"] = crawl_as(admin, ["/dashboard/"], 10)
    Authenticator.objects.create(
        user=users["admin"], type=Authenticator.Type.TOTP, data={"secret": "JBSWY3DPEHPK3PXP"}
    )
    visited["admin"] = crawl_as(admin, ["/admin/", "/dashboard/"], CRAWL_CAP["admin"])

    failures = [
        f"{status} {path} ({who})"
        for who, statuses in visited.items()
        for path, status in statuses.items()
        if status >= 500
    ]
    assert not failures, "server errors under production settings:\n" + "\n".join(failures)
    # every page registers the service worker: a redirect of it (the superuser's second-factor
    # set-up, say) makes the browser drop it
    assert {who: statuses.get("/sw.js") for who, statuses in visited.items()} == dict.fromkeys(
        visited, 200
    )
    # the error page (templates/500.html) names its stylesheet without the static tag
    assert organiser.request.get("/static/css/site.css").status == 200
    # the accessibility checker the tests use (tests/browser/vendor/) is not shipped
    assert organiser.request.get("/static/vendor/axe.min.js").status == 404
    # the crawl really went through the site as each of them
    assert len(visited["visitor"]) > 40 and len(visited["organiser"]) > 60
    assert any("/manage/" in path for path in visited["organiser"])
    assert any("/desk/" in path for path in visited["referee"])
    unset = visited["admin without a second factor"]
    assert any(path.startswith("/accounts/2fa/") for path in unset)
    assert any(path.startswith("/admin/tournament/") for path in visited["admin"])


def test_the_api_docs_page_works_under_the_sites_own_policy(new_context, asgi_server):
    """Swagger UI is served from the site's own static files (drf-spectacular-sidecar) with its
    start-up script as a file, so the page needs no CDN (a venue laptop has no internet) and no
    exception to the content security policy."""
    context = new_context(ignore_https_errors=True)
    page = context.new_page()
    errors = watch_errors(page)
    response = page.goto("/api/docs/")
    assert response.status == 200
    policy = response.header_value("content-security-policy")
    assert "script-src 'self';" in policy and "http" not in policy.split("connect-src")[0]
    expect(page.locator(".opblock").first).to_be_visible(timeout=15_000)
    expect(page.locator(".opblock-summary-path", has_text="/api/v1/tournaments/").first)
    assert errors == []
