"""Session 24 (issue 37.9): a private page's report form is drawn once per table and language
(``tournament/views/report_form.py``), with the reader's "(you)" and CSRF token put in at
serving: the next load draws none, the token is the request's own and works, "(you)" marks the
reader's own side alone, and the language is the page's."""

import re

import pytest
from django.test import Client

from matches.models import ResultVersion
from tests.factories import EntrantFactory, TournamentFactory
from tournament.services.rounds import generate_swiss_round, publish_round
from tournament.views import report_form

pytestmark = pytest.mark.django_db

TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


@pytest.fixture
def table():
    """One table of three players, round 1 published, nothing reported."""
    tournament = TournamentFactory(slug="form-cup")
    EntrantFactory.create_batch(3, tournament=tournament)
    match = publish_round(generate_swiss_round(tournament, seed=8)).matches.get()
    seats = list(match.seats.select_related("entrant").order_by("position"))
    return match, [s.entrant for s in seats]


@pytest.fixture
def drawn(monkeypatch):
    """The forms drawn (not taken from the cache) since the test began, by reader."""
    readers = []
    real = report_form.draw_form

    def counting(tournament, match):
        readers.append(match.pk)
        return real(tournament, match)

    monkeypatch.setattr(report_form, "draw_form", counting)
    return readers


def form_of(html: str) -> str:
    start = html.index('<form method="post" class="result-form')
    return html[start : html.index("</form>", start)]


def load(client, entrant, **headers) -> str:
    response = client.get(f"/me/{entrant.access_token}/", **headers)
    assert response.status_code == 200
    return response.content.decode()


def test_the_next_load_draws_no_form_and_shows_the_same_one(client, table, drawn):
    _, (ann, _, _) = table
    first = form_of(load(client, ann))
    again = form_of(load(Client(), ann))  # another phone: a token of its own
    assert len(drawn) == 1
    assert TOKEN.sub("", again) == TOKEN.sub("", first)
    assert TOKEN.search(first).group(1) != TOKEN.search(again).group(1)
    assert report_form.CSRF_MARK not in first + again


def test_the_sides_share_one_drawing_each_with_their_own_you(client, table, drawn):
    _, (ann, bob, _) = table
    ann_form, bob_form = form_of(load(client, ann)), form_of(load(client, bob))
    assert len(drawn) == 1
    assert ann_form.count("(you)") == bob_form.count("(you)") == 2  # legend and heading
    assert "@@" not in ann_form + bob_form

    def you(form: str) -> str:
        strong = re.search(r"<strong>([^<]+)</strong> \(you\)", form)
        return strong.group(1)

    assert you(ann_form) == ann.display_name and you(bob_form) == bob.display_name


def test_the_form_speaks_the_pages_language(client, table, drawn):
    _, (ann, _, _) = table
    english = form_of(load(client, ann))
    german = form_of(load(Client(), ann, HTTP_ACCEPT_LANGUAGE="de"))
    assert "Send the result" in english and "Send the result" not in german
    assert len(drawn) == 2


def test_the_served_token_passes_the_csrf_check(table, drawn):
    match, (ann, _, _) = table
    load(Client(), ann)  # the form drawn for another phone first
    phone = Client(enforce_csrf_checks=True)
    token = TOKEN.search(form_of(load(phone, ann))).group(1)
    assert len(drawn) == 1  # this phone's form came from the cache
    data = {"action": "report", "match": match.pk, "g-ended_by": "time"}
    for seat, cups in zip(match.seats.order_by("position"), [12, 5, 10], strict=True):
        data[f"s{seat.position}-victory_cup_tokens"] = cups
        data[f"s{seat.position}-survivors"] = 1
    response = phone.post(f"/me/{ann.access_token}/", {**data, "csrfmiddlewaretoken": token})
    assert response.status_code == 302
    assert ResultVersion.objects.filter(match=match).count() == 1


def test_a_form_sent_back_with_errors_is_drawn_as_typed(client, table, drawn):
    match, (ann, _, _) = table
    load(client, ann)
    data = {"action": "report", "match": match.pk, "g-ended_by": "time"}
    response = client.post(f"/me/{ann.access_token}/", data)
    html = response.content.decode()
    assert response.status_code == 200 and "Your report was not saved." in html
    assert len(drawn) == 1  # the refused form is not the kept one
    assert report_form.CSRF_MARK not in html


def test_a_name_written_like_a_mark_is_shown_as_written(client, table):
    """The "(you)" marks are HTML comments: a name is escaped, so it can never be taken for
    one and lose its text at serving."""
    _, (ann, bea, _) = table
    bea.display_name = f"<!--you-{ann.pk}-->Bea<!--/you-->"
    bea.save(update_fields=["display_name"])
    form = form_of(load(client, ann))
    assert f"&lt;!--you-{ann.pk}--&gt;Bea&lt;!--/you--&gt;" in form
