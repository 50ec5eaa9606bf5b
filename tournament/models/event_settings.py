"""Every setting an organiser gives an event, declared once.

The model fields of ``Tournament`` store the settings; this list says the rest of each one: its
label, its help (``None``: the model field's own help text), its bounds or typed choices, which
modes it applies to, how it is checked beyond its bounds, where the create form shows it and
whether the form may leave it empty (the model's default then). The create form and the admin
(``tournament/setting_fields.py``), the API's serializer, the audit trail of a change
(``tournament/services/events.py``) and docs/settings.md (``manage.py settings_doc``) read it.
Adding a setting: its model field (and migration), then one ``Setting`` here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.functional import lazy
from django.utils.text import format_lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tournament.logic.pairing import all_methods
from tournament.logic.scoring_calls import MAX_GAP_SECONDS, MIN_GAP_SECONDS
from tournament.models.event import (
    MAX_DISPUTE_WINDOW_MINUTES,
    MAX_GAME_SECONDS_ANY_SYSTEM,
    Tournament,
)
from tournament.models.tiebreaker_rules import MAX_TIEBREAKERS


@dataclass(frozen=True)
class Group:
    """A part of the create form (a fieldset) and of the admin page."""

    key: str
    legend: str
    hint: str = ""


GROUPS = (
    Group("event", _("The event")),
    Group("game", _("The game")),
    Group("format", _("Format")),
    Group(
        "modes",
        _("Team and VP modes"),
        _("Used only by the modes they name; the defaults follow the rulebooks."),
    ),
    Group("scoring", _("Scoring")),
    Group("publication", _("Publication")),
)

EVERY_MODE = _("every mode")
ALLIANCES = _("team modes (alliances)")
TWO_SIDES = _("team modes (alliances) and two-player modes")
VP_MODES = _("VP modes (Nymphlet Ceremony, King of the Hill, Domination)")
CALLED_MODES = _("realtime King of the Hill and Domination")


def pairing_methods_help() -> str:
    """The registered pairing methods' help texts, translated, in one paragraph."""
    texts = [gettext(method.help_text) for method in all_methods()]
    return " ".join([*texts, gettext("Every method avoids repeat opponents where it can.")])


@dataclass(frozen=True)
class Setting:
    """One event setting: what the doors and the docs need besides its model field."""

    name: str
    label: str
    group: str
    help: str | None = None
    applies: str = EVERY_MODE
    minimum: int | None = None
    maximum: int | None = None
    #: a number chosen from a list: ((value, label), ...)
    choices: tuple[tuple[Any, str], ...] = ()
    #: how the value is checked beyond its type, bounds and choices (for the docs)
    rule: str = ""
    #: on the create form (the API and the admin show every setting)
    on_form: bool = True
    #: the create form may leave it empty: the model's default then
    optional: bool = False

    @property
    def model_field(self):
        return Tournament._meta.get_field(self.name)

    @property
    def help_text(self) -> str:
        """The help shown by the form, the admin, the API's schema and the docs."""
        return self.model_field.help_text if self.help is None else self.help

    @property
    def default(self) -> Any:
        """The model's default (None when the field has none)."""
        field = self.model_field
        return field.get_default() if field.has_default() else None

    @property
    def nullable(self) -> bool:
        return self.model_field.null


SETTINGS: tuple[Setting, ...] = (
    Setting("name", _("Event name"), "event"),
    Setting("slug", _("Web address"), "event", rule=_("unique among the events")),
    Setting("description", _("Description"), "event", on_form=False),
    Setting("starts_on", _("Date"), "event"),
    Setting("venue", _("Venue"), "event"),
    Setting("address", _("Address"), "event", optional=True),
    Setting("time_zone", _("Time zone"), "event", optional=True,
            rule=_("an IANA time zone name, such as Europe/Berlin")),
    Setting("language", _("Language"), "event", optional=True),
    Setting("game_system", _("Game system"), "game", on_form=False,
            rule=_("a registered game system (the form's 'Game and mode')")),
    Setting("mode", _("Mode"), "game", on_form=False, rule=_("a mode of the game system")),
    Setting("rules_level", _("Rules"), "game"),
    Setting("timing", _("Timing"), "game"),
    Setting("game_length_seconds", _("Game length (seconds)"), "game", minimum=30,
            maximum=MAX_GAME_SECONDS_ANY_SYSTEM,
            help=_("300 seconds is the standard five-minute game; up to two hours a game "
                   "(eight for Tsukuyumi, whose games run four hours and more)."),
            rule=_("at most the mode's longest game")),
    Setting("swiss_rounds", _("Swiss rounds"), "format", minimum=1, maximum=20),
    Setting("pairing_method", _("Pairing"), "format", help=lazy(pairing_methods_help, str)(),
            rule=_("a registered pairing method")),
    Setting("preferred_pod_size", _("Preferred game size"), "format",
            choices=((4, _("4 sides")), (3, _("3 sides"))),
            help=_("Remainders make smaller games; a 2-side game only when nothing else fits. "
                   "Modes that seat two sides a game (teams, Tsukuyumi's two-player game) play "
                   "in pairs and ignore it.")),
    Setting("rating_seeding", _("Seat by rating"), "format", optional=True),
    Setting("allow_three_team_games",
            _("Alliances: play one 2v2v2 game rather than give a bye"), "modes",
            applies=ALLIANCES,
            rule=_("only where the mode seats three teams (not King of the Hill (Alliance))")),
    Setting("equal_team_sizes", _("Alliances: teams meet only teams of their own size"),
            "modes", applies=ALLIANCES,
            help=_("Alliances: teams meet only teams of their own size (2v2, 3v3, never 2v3); "
                   "a size with an odd count gives its own bye. The cut then takes the teams "
                   "of one size: the size with the most teams (equal counts: the size of the "
                   "best-placed team).")),
    Setting("bye_scores_as_win", _("A bye scores as a win"), "modes", on_form=False,
            applies=TWO_SIDES),
    Setting("points_table", _("Points table"), "scoring", on_form=False,
            rule=_("checked by the game system's rules")),
    Setting("tie_policy", _("Equal scores in one game"), "game"),
    Setting("confirmations", _("A report made by a player is accepted when"), "game",
            optional=True),
    Setting("dispute_window_minutes", _("With one confirmation: minutes left to dispute"),
            "game", minimum=0, maximum=MAX_DISPUTE_WINDOW_MINUTES, optional=True,
            help=_("How long the other sides may still dispute a result one of them "
                   "confirmed.")),
    Setting("series_points", _("VP modes: a game adds to the total"), "modes",
            applies=VP_MODES, optional=True),
    Setting("tiebreakers", _("Tiebreakers"), "scoring", on_form=False,
            rule=format_lazy(_("at most {n}, each one the mode offers, none twice"),
                             n=MAX_TIEBREAKERS)),
    Setting("cut_size", _("Cut size"), "format", minimum=2, maximum=1024, optional=True,
            rule=_("one the mode's bracket plays: 16, 8, 4 in groups of four; 8, 4, 2 with two "
                   "sides a game")),
    Setting("cut_tie_resolution", _("A tie at the cut line is settled by"), "format"),
    Setting("start_clock_on_publish", _("Start the clock when a round is published"), "format"),
    Setting("balance_seats", _("Rotate the seat order over the rounds"), "format",
            help=_("Who sits first chooses their chief first: each table's seats go to the "
                   "sides that have sat there least often, so every side's seats even out over "
                   "the Swiss rounds.")),
    Setting("keep_clubmates_apart", _("Keep clubmates apart"), "format",
            help=_("Players of one club (teams sharing a club) sit at different tables in round "
                   "1, and in later rounds wherever that costs no repeat opponent and no points "
                   "grouping; the round's explanation says when a table still seats clubmates.")),
    Setting("scoring_calls", _("Scoring calls on the round clock"), "modes",
            applies=CALLED_MODES, optional=True,
            help=_("Realtime King of the Hill and Domination: whether the round clock makes the "
                   "scoring calls. The clock picks each call's moment at random in the gap range "
                   "(seeded, so it can be replayed) and, in Domination, the flower that scores; "
                   "projector and phones announce it.")),
    Setting("scoring_call_gap_min_seconds", _("Shortest gap between clock calls (seconds)"),
            "modes", applies=CALLED_MODES, minimum=MIN_GAP_SECONDS, maximum=MAX_GAP_SECONDS,
            optional=True, rule=_("no longer than the longest gap")),
    Setting("scoring_call_gap_max_seconds", _("Longest gap between clock calls (seconds)"),
            "modes", applies=CALLED_MODES, minimum=MIN_GAP_SECONDS, maximum=MAX_GAP_SECONDS,
            optional=True),
    Setting("system_options", _("Game-system options"), "scoring", on_form=False,
            rule=_("checked by the game system's rules")),
    Setting("status", _("Status"), "publication", on_form=False),
    Setting("is_public", _("Public"), "publication", on_form=False),
    Setting("embed_origins", _("Sites that may show the widget"), "publication",
            optional=True,
            rule=_("each an origin (https://host, an optional port, no path); at most 10")),
)  # fmt: skip

#: the settings by name
BY_NAME = {setting.name: setting for setting in SETTINGS}
#: the settings' names, in their declared order (the audit trail records these)
NAMES = tuple(BY_NAME)


def in_group(group: str, *, form: bool = False) -> list[Setting]:
    """The settings of one group, in declared order (``form``: only those on the form)."""
    return [s for s in SETTINGS if s.group == group and (s.on_form or not form)]
