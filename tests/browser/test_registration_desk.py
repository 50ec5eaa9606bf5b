"""The registrations desk and the questions on a phone: no sideways scrolling at 360 px, and
no serious accessibility fault (axe-core) at 390 px, with long names, e-mails and answers."""

import pytest
from django.core.management import call_command

from common.audit.actor import Actor
from registrations.services.answers import save_answers
from registrations.services.policy import set_policy
from registrations.services.questions import add_question
from registrations.services.register import register
from tests.browser.conftest import session_key
from tests.browser.helpers import (
    NARROW_PHONE,
    PHONE,
    assert_no_serious_axe_violation,
    assert_no_sideways_overflow,
    staff_user,
)
from tests.factories import TournamentFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db]

SLUG = "harbour-open"
LONG = "Maximiliana Wolkenkratzer-Oberhausen"
DESK = f"/events/{SLUG}/manage/registrations/"


def build_desk() -> dict:
    """A full event with a waitlist, two questions answered at length, a newcomer."""
    organiser = staff_user("desk-organiser")
    tournament = TournamentFactory(slug=SLUG, organiser=organiser, name="Harbour Open")
    boss = Actor(user=organiser)
    set_policy(tournament, boss, self_service=True, capacity=2, fee_note="10 euros at the desk")
    club = add_question(tournament, label="Your club or group", kind="text", actor=boss)
    chief = add_question(
        tournament, label="The chief you will bring", kind="choice",
        choices=["Yarra the Unbroken", "Bunji"], required=True, public=True, actor=boss,
    )  # fmt: skip
    for index, name in enumerate([LONG, "Bo", "Cy"]):
        user = staff_user(f"desk-player-{index}-with-a-long-address")
        registration = register(tournament, user, name=name, actor=Actor(user=user))
        answer = "The Harbour Town Wednesday Evening Dice and Strategy Society " * 3
        save_answers(
            registration, {club.pk: answer, chief.pk: "Yarra the Unbroken"}, Actor(user=user)
        )
    newcomer = staff_user("desk-newcomer")
    return {
        "organiser": session_key(organiser),
        "player": session_key(registration.user),
        "newcomer": session_key(newcomer),
        "question": club.pk,
    }


@pytest.fixture(scope="module")
def desk(django_db_setup, django_db_blocker, asgi_server):
    try:
        with django_db_blocker.unblock():
            data = build_desk()
        yield data
    finally:
        with django_db_blocker.unblock():
            call_command("flush", interactive=False, verbosity=0)


PAGES = {
    "table": (DESK, "organiser"),
    "settings": (DESK + "settings/", "organiser"),
    "questions": (DESK + "questions/", "organiser"),
    "question": (DESK + "questions/{question}/", "organiser"),
    "mail": (DESK + "mail/", "organiser"),
    "register": (f"/events/{SLUG}/register/", "newcomer"),
    "my-answers": (f"/events/{SLUG}/registration/answers/", "player"),
}


@pytest.mark.parametrize("name", list(PAGES))
def test_the_page_fits_a_phone_and_passes_axe(desk, new_context, name):
    path, who = PAGES[name]
    for viewport in (NARROW_PHONE, PHONE):
        page = new_context(viewport=viewport, session=desk[who]).new_page()
        response = page.goto(path.format(question=desk["question"]))
        assert response is not None and response.status == 200, (name, response.status)
        page.wait_for_load_state("load")
        assert_no_sideways_overflow(page, f"{name} at {viewport['width']}px")
    assert_no_serious_axe_violation(page, f"{name} at 390 px")
