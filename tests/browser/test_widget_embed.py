"""Issue 40.3: the event's widget inside a page of another site.

A second local HTTP server (another origin: ``localhost`` and another port, where daphne is
``127.0.0.1``) serves a tiny page that frames the widget. The event listing that origin renders
in the frame and follows a result entered at the referee desk; an event that does not list it
is refused by the browser (``frame-ancestors``), so nothing of it shows.
"""

import contextlib
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from playwright.sync_api import expect

from matches.models import MatchStatus
from tests.browser.helpers import fill_result
from tests.browser.test_live_updates import wait_live
from tests.factories import EntrantFactory, TournamentFactory, UserFactory
from tournament.models import StaffRole, StaffRoleKind
from tournament.services.rounds import generate_swiss_round, publish_round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@contextlib.contextmanager
def host_site(frames: dict[str, str]):
    """A local site on its own port whose page ``/<name>`` frames ``frames[name]``; yields its
    base URL (``http://localhost:<port>``)."""

    class Host(BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 - the standard library's name
            src = frames.get(self.path.strip("/"))
            if src is None:
                self.send_error(404)
                return
            body = (
                "<!doctype html><title>Club site</title><h1>Our club</h1>"
                f'<iframe id="widget" src="{src}" width="600" height="500"></iframe>'
            ).encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Host)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://localhost:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def test_the_widget_renders_in_another_sites_page_and_follows_a_result(new_context, asgi_server):
    frames = {
        "allowed": f"{asgi_server}/events/framed-night/widget/",
        "refused": f"{asgi_server}/events/unframed-night/widget/",
    }
    with host_site(frames) as site:
        tournament = TournamentFactory(slug="framed-night", embed_origins=site)
        TournamentFactory(slug="unframed-night")
        for i in range(8):
            EntrantFactory(tournament=tournament, display_name=f"Framed {i + 1}")
        round_ = publish_round(generate_swiss_round(tournament, seed=5))
        referee = UserFactory(username="widget-referee")
        StaffRole.objects.create(tournament=tournament, user=referee, role=StaffRoleKind.REFEREE)
        match = round_.matches.order_by("table_number").first()
        winner = match.seats.order_by("position").first().entrant

        page = new_context().new_page()
        page.goto(f"{site}/allowed")
        frame = page.frame_locator("#widget")
        expect(frame.locator('[data-widget-part="standings"]')).to_be_visible()
        expect(frame.locator('[data-widget-part="pairings"]')).to_contain_text("Framed")
        first_row = frame.locator("table.standings tbody tr").first
        expect(first_row.locator("td.num strong")).to_have_text("0")
        widget = next(f for f in page.frames if "/widget/" in f.url)
        wait_live(widget)

        desk = new_context(user=referee).new_page()
        desk.goto(f"{asgi_server}/events/framed-night/desk/matches/{match.pk}/")
        fill_result(desk)
        desk.get_by_role("button", name="Save the result").click()
        expect(desk.locator(".messages")).to_contain_text(f"Table {match.table_number}")
        match.refresh_from_db()
        assert match.status == MatchStatus.ACCEPTED

        # the framed standings reload themselves on standings.changed: the winner leads
        expect(first_row.locator("td.name")).to_have_text(winner.display_name)
        expect(first_row.locator("td.num strong")).to_have_text("4")

        refused = new_context().new_page()
        refused.goto(f"{site}/refused")
        expect(refused.locator("h1")).to_have_text("Our club")
        # the frame's load has ended (the browser's error page in place of the widget)
        refused.locator("#widget").element_handle().content_frame().wait_for_load_state()
        assert not any(
            f.url.endswith("/widget/") and f.locator("[data-widget-part]").count()
            for f in refused.frames
        )
