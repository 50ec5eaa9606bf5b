"""The meta across events: the chiefs played in public events' games and how they did.

Counts what the ratings count (docs/ratings.md, "Which games"): the accepted result of every
game of a finished round of a **public** event; byes, waiting or disputed results and open
rounds do not count, and neither does anything of a private event. Narrowed by game system and
mode, organisation, public season, region (the organisation's region, the venue or the
address, as the listing searches) and the event's dates. One query for the games (the newest
``MAX_GAMES`` of them; ``truncated`` says when more matched), plus one per organisation,
season or system check; the pure counting is ``leagues.logic.meta``.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.db.models import Q
from django.utils.translation import gettext as _

from common.errors import ServiceError
from engine import api as engine_api
from leagues.logic.meta import Meta, MetaGame, meta_lines, sides_of
from leagues.models import Organisation, Season
from matches.models import ResultVersion, VersionState
from tournament.models import RoundStatus

#: the most games one answer reads (the newest first)
MAX_GAMES = 100_000
#: the longest range of dates one answer may cover
MAX_RANGE_DAYS = 3660
MAX_SLUG_LENGTH = 80
MAX_TEXT_LENGTH = 100


class MetaFilterError(ServiceError):
    """A filter of the meta that cannot be read (the message says which and why; ``field``
    names the query parameter)."""

    def __init__(self, message: str, field: str):
        super().__init__(message)
        self.field = field


@dataclass(frozen=True)
class MetaFilters:
    """What the meta is narrowed to; empty strings and None mean "any"."""

    system: str = ""
    mode: str = ""
    organisation: str = ""
    season: str = ""
    region: str = ""
    date_from: datetime.date | None = None
    date_to: datetime.date | None = None

    def as_query(self) -> dict[str, str]:
        """The filters given, as query parameters (for links to the CSV and the API)."""
        values = {
            "system": self.system,
            "mode": self.mode,
            "organisation": self.organisation,
            "season": self.season,
            "region": self.region,
            "from": self.date_from.isoformat() if self.date_from else "",
            "to": self.date_to.isoformat() if self.date_to else "",
        }
        return {key: value for key, value in values.items() if value}


def read_date(query, name: str) -> datetime.date | None:
    """The date ``name`` of ``query`` (YYYY-MM-DD), None when absent; refused when malformed."""
    text = (query.get(name) or "").strip()
    if not text:
        return None
    try:
        if len(text) == 10:
            return datetime.date.fromisoformat(text)
    except ValueError:
        pass
    return _bad_date(name)


def _bad_date(name: str):
    raise MetaFilterError(
        _("'%(name)s' must be a date written YYYY-MM-DD, such as 2026-05-31.") % {"name": name},
        name,
    )


def read_filters(query) -> MetaFilters:
    """The filters of a request's query string, each checked; refused with a sentence that
    names the filter when one cannot be used."""
    known = {system["key"]: system for system in engine_api.list_systems()}
    system = (query.get("system") or "").strip()[:MAX_SLUG_LENGTH]
    mode = (query.get("mode") or "").strip()[:MAX_SLUG_LENGTH]
    if system and system not in known:
        raise MetaFilterError(
            _("Unknown game system '%(system)s'; known: %(known)s.")
            % {"system": system, "known": ", ".join(sorted(known))},
            "system",
        )
    modes = {m["key"] for s in ([known[system]] if system else known.values()) for m in s["modes"]}
    if mode and mode not in modes:
        raise MetaFilterError(
            _("Unknown mode '%(mode)s' for this game system.") % {"mode": mode}, "mode"
        )
    date_from, date_to = read_date(query, "from"), read_date(query, "to")
    if date_from and date_to:
        if date_from > date_to:
            raise MetaFilterError(_("'from' must not be after 'to'."), "to")
        if (date_to - date_from).days > MAX_RANGE_DAYS:
            raise MetaFilterError(
                _("The dates may span at most %(days)d days.") % {"days": MAX_RANGE_DAYS}, "to"
            )
    filters = MetaFilters(
        system=system,
        mode=mode,
        organisation=(query.get("organisation") or "").strip()[:MAX_SLUG_LENGTH],
        season=(query.get("season") or "").strip()[:MAX_SLUG_LENGTH],
        region=(query.get("region") or "").strip()[:MAX_TEXT_LENGTH],
        date_from=date_from,
        date_to=date_to,
    )
    check_named(filters)
    return filters


def check_named(filters: MetaFilters) -> None:
    """Refuse an organisation or a season that does not exist (a private season is unknown)."""
    if filters.organisation and not Organisation.objects.filter(slug=filters.organisation).exists():
        raise MetaFilterError(
            _("No organisation has the address '%(slug)s'.") % {"slug": filters.organisation},
            "organisation",
        )
    if filters.season and not Season.objects.filter(slug=filters.season, is_public=True).exists():
        raise MetaFilterError(
            _("No public season has the address '%(slug)s'.") % {"slug": filters.season},
            "season",
        )


def counted_versions(filters: MetaFilters):
    """The accepted results the meta counts, narrowed by ``filters`` (a queryset)."""
    event = "match__round__tournament__"
    versions = ResultVersion.objects.filter(
        state=VersionState.ACCEPTED,
        match__is_bye=False,
        match__round__status=RoundStatus.COMPLETE,
        **{f"{event}is_public": True},
    )
    exact = {
        f"{event}game_system": filters.system,
        f"{event}mode": filters.mode,
        f"{event}organisation__slug": filters.organisation,
        f"{event}season_entries__season__slug": filters.season,
        f"{event}starts_on__gte": filters.date_from,
        f"{event}starts_on__lte": filters.date_to,
    }
    versions = versions.filter(**{key: value for key, value in exact.items() if value})
    if filters.region:
        versions = versions.filter(
            Q(**{f"{event}organisation__region__icontains": filters.region})
            | Q(**{f"{event}address__icontains": filters.region})
            | Q(**{f"{event}venue__icontains": filters.region})
        )
    return versions


@dataclass(frozen=True)
class MetaAnswer:
    """The meta for some filters, and whether the newest ``MAX_GAMES`` games cut it short."""

    meta: Meta
    truncated: bool


def meta_for(filters: MetaFilters) -> MetaAnswer:
    """The chiefs' figures for ``filters`` (one query for the games)."""
    rows = list(
        counted_versions(filters)
        .order_by("-pk")
        .values_list(
            "match__round__tournament__game_system",
            "match__round__tournament__mode",
            "report",
            "placings",
        )[: MAX_GAMES + 1]
    )
    games = (
        MetaGame(system, mode, sides_of((report or {}).get("sides") or [], placings or []))
        for system, mode, report, placings in rows[:MAX_GAMES]
    )
    return MetaAnswer(meta_lines(games), truncated=len(rows) > MAX_GAMES)
