"""The Discord preset: a webhook message turned into what a Discord webhook URL takes.

Discord shows ``content`` (at most 2,000 characters) and ``embeds`` (a title of at most 256, a
description of at most 4,096, a link). Mentions are switched off (``allowed_mentions``): a
player named "@everyone" pings nobody. The words are marked here and translated by
``translate``, which the caller gives in the event's language.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tournament.logic.translation import gettext_noop

MAX_CONTENT = 2000
MAX_TITLE = 256
MAX_DESCRIPTION = 4096
#: Discord's "blurple", the embeds' colour
COLOUR = 0x5865F2

Translate = Callable[[str], str]

WORDS = {
    "registration.opened": gettext_noop("Registration is open for %(event)s."),
    "round.published": gettext_noop("%(event)s: round %(round)s is posted."),
    "result.accepted": gettext_noop("%(event)s: a result at table %(table)s (round %(round)s)."),
    "result.corrected": gettext_noop(
        "%(event)s: a referee corrected the result at table %(table)s (round %(round)s)."
    ),
    "standings.changed": gettext_noop("%(event)s: the standings changed."),
    "elimination.seated": gettext_noop("%(event)s: %(stage)s seated."),
    "champion.decided": gettext_noop("%(champion)s wins %(event)s!"),
    "webhook.test": gettext_noop("A test message from %(event)s: this channel is connected."),
}
TOP_TITLE = gettext_noop("Top of the standings")
RESULT_TITLE = gettext_noop("Places")
ROUND_TITLE = gettext_noop("Round %(round)s tables")
POINTS = gettext_noop("%(points)s pts")


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _plain(name: str) -> str:
    """A name shown as written: Discord's markdown marks escaped."""
    for mark in ("\\", "*", "_", "~", "`", "|", ">", "[", "]", "(", ")"):
        name = name.replace(mark, "\\" + mark)
    return name


def _points(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _lines(rows: list[dict[str, Any]], translate: Translate) -> str:
    return "\n".join(
        f"{row['place'] or '-'}. {_plain(row['name'])} · "
        + translate(POINTS) % {"points": _points(row["points"])}
        for row in rows
    )


def _embed(title: str, url: str, description: str) -> dict[str, Any]:
    embed: dict[str, Any] = {"title": _cut(title, MAX_TITLE), "color": COLOUR}
    if url:
        embed["url"] = url
    if description:
        embed["description"] = _cut(description, MAX_DESCRIPTION)
    return embed


def message(body: dict[str, Any], translate: Translate) -> dict[str, Any]:
    """The Discord message for one webhook body (``webhook_payloads.envelope``)."""
    kind, data = body["type"], body["data"]
    event = data.get("tournament") or {"name": data.get("owner", ""), "url": ""}
    values = {
        "event": _plain(event["name"]),
        "round": data.get("round", {}).get("number") if kind == "round.published" else None,
        "table": data.get("table"),
        "stage": _plain(str(data.get("stage", ""))),
        "champion": _plain(data.get("champion", {}).get("name", "")),
    }
    if kind in ("result.accepted", "result.corrected"):
        values["round"] = data["round"]
    content = translate(WORDS.get(kind, WORDS["webhook.test"])) % values
    embeds = []
    if kind == "round.published":
        title = translate(ROUND_TITLE) % {"round": values["round"]}
        embeds.append(_embed(title, data["round"]["url"], ""))
    elif kind == "standings.changed":
        rows = _lines(data["top"], translate)
        embeds.append(_embed(translate(TOP_TITLE), data["standings_url"], rows))
    elif kind == "champion.decided":
        embeds.append(_embed(data["champion"]["name"], data["standings_url"], ""))
    elif kind in ("result.accepted", "result.corrected"):
        rows = _lines(data["sides"], translate)
        embeds.append(_embed(translate(RESULT_TITLE), event["url"], rows))
    elif kind == "elimination.seated":
        embeds.append(_embed(values["stage"], data["bracket_url"], ""))
    elif kind == "registration.opened":
        embeds.append(_embed(event["name"], data["register_url"], ""))
    return {
        "content": _cut(content, MAX_CONTENT),
        "embeds": embeds,
        "allowed_mentions": {"parse": []},
    }
