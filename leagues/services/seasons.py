"""Seasons: making one, changing its rules, and choosing the events that count.

Every change is checked under the season's row lock and written to the organisation's log. The
rules are checked by the pure ``leagues.logic.season_table.check_rules`` here too, so a season that
cannot be computed (best 5 of 3) is refused whichever door asks; the form and the serializer
call the same check first to show the errors by field.
"""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from common.audit.actor import Actor
from common.errors import ServiceError
from engine import api as engine_api
from leagues.logic.season_table import SeasonRules, check_rules
from leagues.models import Organisation, Season, SeasonEvent
from leagues.services.organisations import attach_event, log_change, require_staff
from tournament.models import Tournament

#: the rule fields of a season (what the log records, what an update may change)
RULE_FIELDS = (
    "name",
    "description",
    "game_system",
    "method",
    "points_table",
    "participation_points",
    "best_of",
    "planned_events",
    "tiebreakers",
    "is_public",
)


class SeasonError(ServiceError):
    """A season change that cannot be made; the message says why."""


def system_name(key: str) -> str:
    """A game system's name as players know it ("Eye vs Eye"), else its key."""
    return next((s["name"] for s in engine_api.list_systems() if s["key"] == key), key)


def rules_from(values: dict) -> SeasonRules:
    """The pure rules of a season's field values (defaults for what is missing)."""
    default = SeasonRules()
    return SeasonRules(
        method=values.get("method", default.method),
        table=tuple(values.get("points_table") or ()),
        participation=values.get("participation_points") or 0,
        best_of=values.get("best_of", default.best_of),
        events=values.get("planned_events", default.events),
        tiebreakers=tuple(values.get("tiebreakers") or default.tiebreakers),
    )


FIELD_OF_RULE = {
    "method": "method",
    "table": "points_table",
    "participation": "participation_points",
    "best_of": "best_of",
    "events": "planned_events",
    "tiebreakers": "tiebreakers",
}


def rule_errors(values: dict) -> dict[str, str]:
    """What is wrong with a season's rules, keyed by the season's field names."""
    problems = check_rules(rules_from(values), translate=_)
    return {FIELD_OF_RULE[k]: v for k, v in problems.items()}


def _snapshot(season: Season) -> dict:
    return {name: getattr(season, name) for name in RULE_FIELDS}


def _check(values: dict) -> None:
    errors = rule_errors(values)
    if errors:
        field, message = next(iter(errors.items()))
        raise SeasonError(f"{field}: {message}")


@transaction.atomic
def create_season(organisation: Organisation, slug: str, values: dict, actor: Actor) -> Season:
    """Make a season of ``organisation`` with ``values`` (the RULE_FIELDS)."""
    require_staff(organisation, actor)
    _check(values)
    fields = {k: v for k, v in values.items() if k in RULE_FIELDS}
    try:
        with transaction.atomic():
            season = Season.objects.create(organisation=organisation, slug=slug, **fields)
    except IntegrityError as exc:
        raise SeasonError(_("the address %(slug)s is taken") % {"slug": repr(slug)}) from exc
    log_change(organisation, "season.created", season, actor, after=_snapshot(season))
    return season


def _locked(season: Season) -> Season:
    return Season.objects.select_for_update().select_related("organisation").get(pk=season.pk)


@transaction.atomic
def update_season(season: Season, values: dict, actor: Actor) -> Season:
    """Change a season's rules; a correction of the rules recomputes the table on next read."""
    season = _locked(season)
    require_staff(season.organisation, actor)
    before = _snapshot(season)
    merged = {**before, **{k: v for k, v in values.items() if k in RULE_FIELDS}}
    _check(merged)
    if merged["game_system"] != season.game_system and season.entries.exists():
        raise SeasonError(_("the game cannot change once events count for the season"))
    if merged["planned_events"] < season.entries.count():
        raise SeasonError(
            ngettext(
                "the season already counts %(count)s event; remove it before planning fewer",
                "the season already counts %(count)s events; remove some before planning fewer",
                season.entries.count(),
            )
            % {"count": season.entries.count()}
        )
    for name, value in merged.items():
        setattr(season, name, value)
    season.save()
    after = _snapshot(season)
    changed = [k for k in RULE_FIELDS if before[k] != after[k]]
    if changed:
        log_change(
            season.organisation,
            "season.updated",
            season,
            actor,
            before={k: before[k] for k in changed},
            after={k: after[k] for k in changed},
        )
    return season


@transaction.atomic
def add_event(season: Season, tournament: Tournament, actor: Actor) -> SeasonEvent:
    """Count ``tournament`` for the season (before or after it runs)."""
    season = _locked(season)
    require_staff(season.organisation, actor)
    if tournament.game_system != season.game_system:
        raise SeasonError(
            _("%(event)s is played in %(game)s; this season counts %(season_game)s games only")
            % {
                "event": tournament.name,
                "game": system_name(tournament.game_system),
                "season_game": system_name(season.game_system),
            }
        )
    if season.entries.filter(tournament=tournament).exists():
        raise SeasonError(
            _("%(event)s already counts for %(season)s")
            % {"event": tournament.name, "season": season.name}
        )
    if season.entries.count() >= season.planned_events:
        raise SeasonError(
            ngettext(
                "%(season)s is planned for %(count)s event and has it",
                "%(season)s is planned for %(count)s events and has them all",
                season.planned_events,
            )
            % {"season": season.name, "count": season.planned_events}
        )
    attach_event(tournament, season.organisation, actor)
    entry = SeasonEvent.objects.create(season=season, tournament=tournament)
    season.save(update_fields=["updated_at"])  # the table's cache key moves on
    log_change(
        season.organisation, "season.event_added", season, actor, after={"event": tournament.slug}
    )
    return entry


@transaction.atomic
def remove_event(season: Season, tournament: Tournament, actor: Actor) -> None:
    """Stop counting ``tournament`` for the season."""
    season = _locked(season)
    require_staff(season.organisation, actor)
    deleted, _by_model = season.entries.filter(tournament=tournament).delete()
    if not deleted:
        raise SeasonError(
            _("%(event)s does not count for %(season)s")
            % {"event": tournament.name, "season": season.name}
        )
    season.save(update_fields=["updated_at"])
    log_change(
        season.organisation,
        "season.event_removed",
        season,
        actor,
        before={"event": tournament.slug},
    )
