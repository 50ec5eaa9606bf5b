"""The scripts' strings: ``/jsi18n/<language>/`` serves the catalogue of the language it names,
every page that runs one of static/js's scripts loads that catalogue first, and the service
worker and the manifest speak the visitor's language (they cannot read the catalogue)."""

import json
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import translation

from tests.catalogue_text import script_text

pytestmark = pytest.mark.django_db

ROOT = Path(settings.BASE_DIR)
TEMPLATES = ROOT / "templates"
CATALOGUE_SNIPPET = "site/_script_strings.html"
#: partials a template tag renders inside pages that extend base.html (notifications.push)
RENDERED_IN_BASE_PAGES = {"notifications/_switch.html"}
SCRIPT_TAG = re.compile(r"<script[^>]*src=\"\{% static 'js/[^']+' %\}\"[^>]*>")
EXTENDS = re.compile(r"\{%\s*extends\s+[\"']([^\"']+)[\"']")
INCLUDE = re.compile(r"\{%\s*include\s+[\"']([^\"']+)[\"']")


def served_catalogue(client, path: str, **headers) -> str:
    response = client.get(path, **headers)
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    return response.content.decode()


@pytest.mark.parametrize("language", ["de", "fr"])
def test_the_catalogue_of_the_language_the_address_names(client, language):
    entry = '"Reload it": ' + json.dumps(script_text(language, "Reload it"))
    assert entry in served_catalogue(client, f"/jsi18n/{language}/", HTTP_ACCEPT_LANGUAGE="en")
    english = served_catalogue(client, "/jsi18n/en-gb/", HTTP_ACCEPT_LANGUAGE=language)
    assert '"Reload it"' not in english  # English needs no catalogue: the scripts' own words


def test_a_language_the_site_does_not_speak_is_not_found(client):
    for path in ("/jsi18n/xx/", "/jsi18n/DE/", "/jsi18n/de-at/"):
        assert client.get(path).status_code == 404, path
    assert client.post("/jsi18n/de/").status_code == 405


def test_the_catalogue_may_be_kept_an_hour(client):
    assert "max-age=3600" in client.get("/jsi18n/de/")["Cache-Control"]


def sources(name: str, seen: set[str] | None = None) -> str:
    """A template's text with every template it extends or includes (literal names)."""
    seen = set() if seen is None else seen
    if name in seen or not (TEMPLATES / name).exists():
        return ""
    seen.add(name)
    text = (TEMPLATES / name).read_text(encoding="utf-8")
    parts = [text]
    for other in EXTENDS.findall(text) + INCLUDE.findall(text):
        parts.append(sources(other, seen))
    return "\n".join(parts)


def test_every_page_with_a_script_loads_the_catalogue_first():
    """The catalogue's tag is deferred in the page's head, every script's tag deferred after it:
    deferred scripts run in the order of the document."""
    pages = [
        path.relative_to(TEMPLATES).as_posix()
        for path in sorted(TEMPLATES.rglob("*.html"))
        if SCRIPT_TAG.search(path.read_text(encoding="utf-8"))
    ]
    assert len(pages) > 15
    without = [
        name
        for name in pages
        if name not in RENDERED_IN_BASE_PAGES and CATALOGUE_SNIPPET not in sources(name)
    ]
    assert without == [], f"these pages run scripts without their catalogue: {without}"
    not_deferred = [
        name
        for name in pages
        for tag in SCRIPT_TAG.findall((TEMPLATES / name).read_text(encoding="utf-8"))
        if " defer" not in tag
    ]
    assert not_deferred == []
    snippet = (TEMPLATES / CATALOGUE_SNIPPET).read_text(encoding="utf-8")
    assert " defer" in snippet
    for holder in ("base.html", "organiser/_board_head.html", "organiser/projector.html"):
        text = (TEMPLATES / holder).read_text(encoding="utf-8")
        assert text.index(CATALOGUE_SNIPPET) < text.index("</head>"), holder


def test_a_page_names_the_catalogue_of_its_own_language(client):
    page = client.get("/accessibility/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert '<script src="/jsi18n/fr/" defer></script>' in page


@pytest.mark.parametrize("language", ["de", "fr"])
def test_the_service_worker_and_the_manifest_speak_the_visitors_language(client, language):
    with translation.override(language):
        offline = translation.gettext("Offline")
        name = translation.gettext("Eye for an Eye tournaments")
    assert offline != "Offline" or language == "de"  # German says "Offline" too
    client.cookies["language"] = language
    worker = client.get("/sw.js").content.decode()
    assert f'var OFFLINE_LANGUAGE = "{language}";' in worker
    assert f'var OFFLINE_TITLE = "{offline}";' in worker
    assert "jsi18n" in worker  # the worker keeps the catalogue for offline pages
    manifest = json.loads(client.get("/manifest.webmanifest").content)
    assert manifest["lang"] == language and manifest["name"] == name
