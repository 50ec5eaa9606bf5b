"""What an organiser's own tiebreaker order may hold, for the game mode of their event."""

from django.utils.translation import gettext

from engine import api as engine_api

MAX_TIEBREAKERS = 10


def tiebreaker_errors(game_system: str, mode: str, keys: object) -> list[str]:
    """What is wrong with an organiser's tiebreaker order for this system and mode (empty: ok).

    An empty list is allowed and means the mode's defaults. Each key must be one the mode
    offers (its per-game statistics, strength of schedule, first places), at most once.
    """
    if not isinstance(keys, list) or not all(isinstance(k, str) for k in keys):
        return [gettext("Give the tiebreakers as a list of names.")]
    if len(keys) > MAX_TIEBREAKERS:
        return [gettext("At most %(n)s tiebreakers.") % {"n": MAX_TIEBREAKERS}]
    choices = engine_api.tiebreaker_choices(game_system, mode)
    label = engine_api.describe(game_system, mode)["label"]
    errors = []
    for key in dict.fromkeys(k for k in keys if k not in choices):
        errors.append(
            gettext("%(key)s is not a tiebreaker of %(mode)s; choose from %(choices)s.")
            % {"key": repr(key[:40]), "mode": gettext(label), "choices": ", ".join(choices)}
        )
    repeated = sorted({k for k in keys if keys.count(k) > 1})
    if repeated:
        errors.append(gettext("%(keys)s listed more than once.") % {"keys": ", ".join(repeated)})
    return errors
