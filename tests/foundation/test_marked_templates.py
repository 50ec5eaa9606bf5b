"""Every template's user-visible text goes through ``{% translate %}`` / ``{% blocktranslate %}``.

The scanner lexes each project template with Django's own ``Lexer``, keeps the literal text
outside the translation tags (and outside ``<script>``/``<style>`` contents, HTML comments and
``{% comment %}``), reads the data and the attributes a person sees or hears (``title``, ``alt``,
``aria-label``, ``placeholder``, a submit input's ``value``) and reports any word of letters left
beyond a few non-language tokens ("API", "CSV", …). A template that still speaks English only
fails here, naming the template and its text.
"""

import re
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

from django.conf import settings
from django.template.base import Lexer, TokenType

TEMPLATES = Path(settings.BASE_DIR) / "templates"

#: templates the helpers of issue 39 are still marking: the list only shrinks (a listed template
#: that has become clean fails the test, so it is taken off the list in the same commit)
NOT_YET_MARKED: set[str] = set()

#: words that belong to no language (abbreviations, names of formats and of the game)
ALLOWED_WORDS = {
    "API",
    "CSV",
    "ICS",
    "JSON",
    "PDF",
    "QR",
    "URL",
    "Elo",
    "OpenAPI",
    "ReDoc",
    "Swagger",
    "iCal",
    "vs",
    "px",
    "ms",
}
#: whole texts that are never translated (titles and the game's calls: locale/glossary.md)
ALLOWED_TEXTS = {
    "Eye for an Eye",
    "Tsukuyumi - Full Moon Down",
    "Yarra Mark!",
    "Yarra Bung!",
    "Burraparay!",
}
#: attributes a person reads or hears
READ_ATTRIBUTES = {"title", "alt", "aria-label", "placeholder"}
#: input types whose ``value`` is the button's text
BUTTON_INPUTS = {"submit", "button", "reset"}
#: tags whose text is inside a translation (or is no text at all)
SKIPPED_BLOCKS = {
    "blocktranslate": "endblocktranslate",
    "blocktrans": "endblocktrans",
    "comment": "endcomment",
    "verbatim": "endverbatim",
}
#: a run of letters and digits: it is a word of a language when it has no digit ("K7QM" is a code)
WORD = re.compile(r"[^\W_]+")
#: elements whose contents are code, not language
CODE_TAGS = {"script", "style", "code", "kbd", "samp"}
#: stands for a Django tag or variable in the text (no letters: it hides nothing and adds none)
HOLE = " "
MAX_LISTED = 20


def literal_html(source: str) -> str:
    """The template's literal text, every tag, variable and translated block a ``HOLE``."""
    parts: list[str] = []
    closing: str | None = None
    for token in Lexer(source).tokenize():
        if closing is not None:
            if token.token_type == TokenType.BLOCK and token.split_contents()[0] == closing:
                closing = None
            continue
        if token.token_type == TokenType.TEXT:
            parts.append(token.contents)
            continue
        if token.token_type == TokenType.BLOCK:
            closing = SKIPPED_BLOCKS.get(token.split_contents()[0])
        parts.append(HOLE)
    return "".join(parts)


class VisibleText(HTMLParser):
    """Collects the data and the read attributes of an HTML fragment, skipping comments and
    the contents of ``CODE_TAGS``."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.texts: list[str] = []
        self.inside_code = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in CODE_TAGS:
            self.inside_code += 1
        values = dict(attrs)
        for name, value in attrs:
            if value and name in READ_ATTRIBUTES:
                self.texts.append(value)
        value = values.get("value")
        # a <button> shows its content and only sends its value (a code such as "next")
        if value and tag == "input" and (values.get("type") or "").lower() in BUTTON_INPUTS:
            self.texts.append(value)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag in CODE_TAGS:
            self.inside_code -= 1

    def handle_endtag(self, tag: str) -> None:
        if tag in CODE_TAGS and self.inside_code:
            self.inside_code -= 1

    def handle_data(self, data: str) -> None:
        if not self.inside_code:
            self.texts.append(data)


def unmarked_texts(source: str) -> list[str]:
    """The texts of a template a person sees in English whatever their language."""
    parser = VisibleText()
    parser.feed(literal_html(source))
    parser.close()
    found = []
    for text in parser.texts:
        text = " ".join(text.split())
        if text in ALLOWED_TEXTS:
            continue
        words = [word for word in WORD.findall(text) if not any(c.isdigit() for c in word)]
        if any(word not in ALLOWED_WORDS for word in words):
            found.append(text)
    return found


def project_templates() -> Iterator[Path]:
    yield from sorted(TEMPLATES.rglob("*.html"))


def findings() -> dict[str, list[str]]:
    """Each template with unmarked text, by its path under templates/."""
    found = {}
    for path in project_templates():
        texts = unmarked_texts(path.read_text(encoding="utf-8"))
        if texts:
            found[path.relative_to(TEMPLATES).as_posix()] = texts
    return found


# --- the scanner itself ---------------------------------------------------------------------


def test_plain_text_is_found():
    assert unmarked_texts("<p>Report the result</p>") == ["Report the result"]


def test_translated_text_is_not_found():
    source = (
        "{% load i18n %}<p>{% translate 'Report the result' %}</p>"
        "<p>{% blocktranslate trimmed with n=count %}Round {{ n }} starts{% endblocktranslate %}"
        "</p>{% blocktranslate count n=k %}one{% plural %}{{ n }} more{% endblocktranslate %}"
    )
    assert unmarked_texts(source) == []


def test_text_around_a_variable_is_found():
    assert unmarked_texts("<p>Table {{ table.number }}</p>") == ["Table"]


def test_scripts_styles_and_comments_are_not_text():
    source = (
        "<script>const label = 'Hello';</script><style>.a::after{content:'x'}</style>"
        "<!-- a note for developers -->{% comment %}Old text{% endcomment %}{# note #}"
    )
    assert unmarked_texts(source) == []


def test_read_attributes_are_found():
    source = (
        '<img src="a.png" alt="A table"><a title="Open the round" href="/x">{{ x }}</a>'
        '<button aria-label="Close" class="icon">×</button><input placeholder="Your name">'
        '<input type="submit" value="Save"><input type="hidden" name="next" value="later">'
        '<button name="then" value="next">Go on</button>'
    )
    expected = ["A table", "Open the round", "Close", "Your name", "Save", "Go on"]
    assert unmarked_texts(source) == expected


def test_translated_attributes_are_not_found():
    source = '{% load i18n %}<img alt="{% translate "A table" %}"><input value="{{ v }}">'
    assert unmarked_texts(source) == []


def test_tokens_of_no_language_pass():
    source = (
        "<p>API · CSV × 12 — 3:2</p><h1>Eye for an Eye</h1><p><code>Authorization: Token</code>"
        '</p><input name="code" placeholder="K7QM-2XPD">'
    )
    assert unmarked_texts(source) == []


def test_a_template_broken_on_purpose_fails(tmp_path):
    """A marked template, then the same with one heading left in English."""
    marked = "{% load i18n %}<h1>{% translate 'Standings' %}</h1><p>{{ name }} · 3</p>"
    assert unmarked_texts(marked) == []
    broken = marked.replace("{% translate 'Standings' %}", "Standings")
    assert unmarked_texts(broken) == ["Standings"]


# --- the project's templates ----------------------------------------------------------------


def describe(found: dict[str, list[str]]) -> str:
    lines = [f"{path}: {text!r}" for path, texts in found.items() for text in texts]
    more = f"\n… and {len(lines) - MAX_LISTED} more" if len(lines) > MAX_LISTED else ""
    return "\n".join(lines[:MAX_LISTED]) + more


def test_every_template_marks_its_text():
    """Mark the text with {% translate %} / {% blocktranslate trimmed %} (docs/translating.md)."""
    found = {path: texts for path, texts in findings().items() if path not in NOT_YET_MARKED}
    assert found == {}, "unmarked text in templates:\n" + describe(found)


def test_the_not_yet_marked_list_only_shrinks():
    """A template on NOT_YET_MARKED that is clean now comes off the list."""
    found = findings()
    missing = sorted(path for path in NOT_YET_MARKED if not (TEMPLATES / path).exists())
    clean = sorted(path for path in NOT_YET_MARKED if path not in found and path not in missing)
    assert clean == [], f"take these off NOT_YET_MARKED, they are marked now: {clean}"
    assert missing == [], f"these templates are gone: take them off NOT_YET_MARKED: {missing}"
