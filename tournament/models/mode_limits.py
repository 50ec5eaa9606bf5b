"""The event settings and entrants a game mode cannot play: the one check every door shares.

The create form, the API's serializer and the admin (the model's ``clean``) each call
``mode_errors``; registration reads ``event_fit`` for a team's size. The rule itself is pure
(``tournament.logic.mode_fit``); this module reads the engine and the entrants for it and words
the problems in the request's language.
"""

from django.db.models import Count
from django.utils.translation import gettext

from engine import api as engine_api
from engine.errors import EngineUserError
from tournament.logic.mode_fit import (
    ModeFit,
    Problem,
    field_problems,
    mode_fit,
    setting_problems,
)

#: the settings ``setting_problems`` reads
READ_SETTINGS = ("allow_three_team_games", "cut_size")


def event_fit(game_system: str, mode: str) -> ModeFit:
    """What the system's mode can seat, named "System: Mode" in messages."""
    spec = engine_api.mode_spec(game_system, mode)
    return mode_fit(spec, f"{engine_api.system_name(game_system)}: {spec.label}")


def mode_errors(game_system: str, mode: str, values: dict, event=None) -> dict[str, list[str]]:
    """What the mode cannot play, by setting name (empty: nothing): the settings in ``values``
    and, for an existing ``event`` whose system or mode changes, its entrants. An unknown system
    or mode gives nothing here: it is its own field's error."""
    try:
        fit = event_fit(game_system, mode)
    except EngineUserError:
        return {}
    problems = setting_problems(fit, {name: values.get(name) for name in READ_SETTINGS})
    if event is not None and event.pk and (event.game_system, event.mode) != (game_system, mode):
        problems += entrant_problems(event, fit)
    errors: dict[str, list[str]] = {}
    for problem in problems:
        errors.setdefault(problem.setting, []).append(problem.text(gettext))
    return errors


def entrant_problems(event, fit: ModeFit) -> list[Problem]:
    """Why the event's registered sides cannot play ``fit``'s mode (empty: they can)."""
    entrants = event.entrants.annotate(players=Count("team__memberships")).order_by("pk")
    return field_problems(
        fit, [(e.display_name, e.players if e.team_id else None) for e in entrants]
    )
