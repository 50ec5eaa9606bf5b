"""Security headers on every response: the content security policy and its companions."""

import re
from pathlib import Path

import pytest
from django.conf import settings

pytestmark = pytest.mark.django_db

TEMPLATES = Path(settings.BASE_DIR) / "templates"


def policy(response) -> dict[str, str]:
    header = response["Content-Security-Policy"]
    return dict(part.strip().split(" ", 1) for part in header.split(";"))


def test_pages_carry_a_strict_policy(client, event):
    response = client.get(f"/events/{event.tournament.slug}/standings/")
    assert response.status_code == 200
    csp = policy(response)
    assert csp["default-src"] == "'self'"
    assert csp["script-src"] == "'self'"
    assert csp["style-src"] == "'self'"
    assert csp["frame-ancestors"] == "'none'"
    assert csp["object-src"] == "'none'"
    # Live pages open websockets to the same host.
    assert csp["connect-src"] == "'self' ws://testserver wss://testserver"
    assert "unsafe-inline" not in response["Content-Security-Policy"]
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["Referrer-Policy"] == "same-origin"
    assert response["X-Frame-Options"] == "DENY"
    assert "camera=()" in response["Permissions-Policy"]
    assert "geolocation=()" in response["Permissions-Policy"]


def test_api_errors_and_admin_carry_the_policy(client):
    for path in ("/api/v1/tournaments/", "/api/v1/matches/999999/", "/admin/login/", "/nowhere/"):
        response = client.get(path)
        assert "frame-ancestors 'none'" in response["Content-Security-Policy"], path
        assert response["X-Content-Type-Options"] == "nosniff"


def test_api_docs_need_no_cdn_and_only_they_may_show_data_images(client):
    docs = policy(client.get("/api/docs/"))
    assert docs["script-src"] == docs["style-src"] == "'self'"
    assert docs["img-src"] == "'self' data:"
    assert policy(client.get("/"))["img-src"] == "'self'"


def test_templates_have_no_inline_script_style_or_handlers():
    """The policy forbids inline code: templates load scripts and styles from static files."""
    problems = []
    for path in TEMPLATES.rglob("*.html"):
        text = path.read_text()
        for match in re.finditer(r"<script\b[^>]*>", text):
            if "src=" not in match.group(0):
                problems.append(f"{path.name}: inline <script>")
        if re.search(r"<style\b", text):
            problems.append(f"{path.name}: <style> element")
        if re.search(r"\sstyle=\"", text):
            problems.append(f"{path.name}: style attribute")
        if re.search(r"\son[a-z]+=\"", text):
            problems.append(f"{path.name}: on* handler attribute")
        if "javascript:" in text:
            problems.append(f"{path.name}: javascript: URL")
    assert problems == []


def test_production_settings_keep_the_security_middleware():
    assert settings.MIDDLEWARE[0] == "django.middleware.security.SecurityMiddleware"
    assert "config.headers.SecurityHeadersMiddleware" in settings.MIDDLEWARE
    assert "config.security.RequestLimitsMiddleware" in settings.MIDDLEWARE
