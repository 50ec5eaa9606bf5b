"""Issue 13.15: the project's rules decisions, one list shown to organisers and kept in the docs."""

from pathlib import Path

import pytest

from engine.decisions import DECISIONS, markdown_table

pytestmark = pytest.mark.django_db

DOCS = Path(__file__).resolve().parents[2] / "docs" / "engine.md"


def test_docs_carry_the_same_table_as_the_page():
    assert markdown_table() in DOCS.read_text()
    assert "Living Tournament rules" in DOCS.read_text()


def test_every_decision_names_what_it_rests_on_and_its_setting():
    assert len(DECISIONS) >= 10
    for d in DECISIONS:
        assert d.decision and d.rests_on and d.setting


def test_the_page_lists_every_decision_and_the_create_form_links_it(client, django_user_model):
    page = client.get("/rules/decisions/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "Living Tournament rules" in html
    for d in DECISIONS:
        assert d.setting.replace('"', "&quot;") in html
    client.force_login(django_user_model.objects.create_user("maker", password="x" * 12))
    assert 'href="/rules/decisions/"' in client.get("/manage/new/").content.decode()
