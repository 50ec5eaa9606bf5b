"""Choice lists shared by the tournament models, the forms and the API."""

from django.db import models
from django.utils import translation
from django.utils.translation import gettext_lazy
from django.utils.translation import gettext_lazy as _

from tournament.logic.pairing import all_methods


class RulesLevel(models.TextChoices):
    """Core rules for newcomers, advanced rules (the tournament preference)."""

    CORE = "core", _("Core rules")
    ADVANCED = "advanced", _("Advanced rules")


class Timing(models.TextChoices):
    """Realtime games run on the clock; turn-based games have no timer."""

    REALTIME = "realtime", _("Realtime")
    TURN_BASED = "turn_based", _("Turn-based")


def pairing_method_choices() -> list[tuple[str, str]]:
    """The registered pairing methods (``tournament.logic.pairing.registry``) as (key, label),
    read afresh on each use: the model fields' choices, hence the create form's and the API's."""
    return [(method.key, gettext_lazy(method.label)) for method in all_methods()]


class RatingSeeding(models.TextChoices):
    """Whether a round is seated by the players' ratings instead of by chance (the pure
    ``tournament.logic.pairing.seeding`` styles): every random round, and round 1 of a Swiss
    event."""

    OFF = "off", _("By chance (no seeding)")
    SPREAD = "spread", _("Spread by rating: the strongest start at different tables")
    SIMILAR = "similar", _("Group by rating: similar ratings share a table")


class TiePolicy(models.TextChoices):
    """What equal scores inside one game do to places and points."""

    SHARED = "shared", _("Tied sides share the better place and its points")
    AVERAGE = "average", _("Tied sides share the average of the places' points")
    PLAYOFF = "playoff", _("Tied sides play one more game")


class SeriesPoints(models.TextChoices):
    """What a VP-mode game adds to a side's total: its VP (the rulebook's series) or its place."""

    SUM_VP = "sum_vp", _("Sum of VP (each game adds its VP, as the rulebook totals a series)")
    BY_PLACE = "by_place", _("Points by place (each game adds the points table's points)")


class ScoringCalls(models.TextChoices):
    """Who makes a VP mode's scoring calls in real time: the round clock, or the tables."""

    MODE = (
        "mode",
        _(
            "As the mode plays: the clock calls Burraparay in Domination; King of the Hill is "
            "called from its scoring card"
        ),
    )
    CLOCK = "clock", _("The clock makes every scoring call (King of the Hill too)")
    OFF = "off", _("Never the clock: a soundtrack or the tables make the calls")


class Confirmations(models.TextChoices):
    """How many of the other sides must confirm a player's report before it is accepted."""

    ALL_OTHERS = "all", _("Every other side at the table confirms (the rulebook's table agrees)")
    ONE_OPPONENT = (
        "one",
        _("Any one other side confirms; the rest may still dispute for a few minutes"),
    )


class CutTieResolution(models.TextChoices):
    """How a tie still standing at the cut line is settled."""

    GAME = "game", _("A tie-break game")
    RANDOM_DRAW = "random_draw", _("A seeded random draw, recorded in the audit log")


class TournamentStatus(models.TextChoices):
    """Where an event is in its life."""

    SETUP = "setup", _("Being set up")
    REGISTRATION = "registration", _("Registration open")
    SWISS = "swiss", _("Swiss rounds")
    ELIMINATION = "elimination", _("Elimination")
    FINISHED = "finished", _("Finished")


class EntrantStatus(models.TextChoices):
    """An entrant's attendance."""

    REGISTERED = "registered", _("Registered")
    CHECKED_IN = "checked_in", _("Checked in")
    DROPPED = "dropped", _("Dropped")


class StageKind(models.TextChoices):
    """The parts of an event, in the order they are usually played."""

    SWISS = "swiss", _("Swiss rounds")
    ELIMINATION_1 = "elimination_1", _("Elimination round 1")
    ELIMINATION_2 = "elimination_2", _("Elimination round 2")
    FINAL = "final", _("Final")
    TIE_BREAK = "tie_break", _("Tie-break")


#: The elimination's stages in the order they are played. A bracket template names each stage
#: by its kind's label ("Elimination round 1", "Final"): ``stage_kind_named`` reads it back.
ELIMINATION_STAGES = (StageKind.ELIMINATION_1, StageKind.ELIMINATION_2, StageKind.FINAL)


def stage_kind_named(name: str) -> StageKind | None:
    """The elimination stage kind a bracket template's stage name stands for (None if none).
    The templates name stages in English, whatever language the request speaks."""
    return next((kind for kind in ELIMINATION_STAGES if english_label(kind) == name), None)


def english_label(kind: str) -> str:
    """A stage kind's name as the pure layer and the stored records say it ("Final"), not in
    the reader's language: the pages translate it where they show it."""
    with translation.override(None):
        return str(StageKind(kind).label)


class RoundStatus(models.TextChoices):
    """A round is drafted, published to players, played on the clock, then complete."""

    DRAFT = "draft", _("Draft")
    PUBLISHED = "published", _("Published")
    RUNNING = "running", _("Running")
    COMPLETE = "complete", _("Complete")


#: the rounds players see: every one but a draft
PUBLIC_ROUND_STATES = [RoundStatus.PUBLISHED, RoundStatus.RUNNING, RoundStatus.COMPLETE]


class StaffRoleKind(models.TextChoices):
    """Per-event staff rights."""

    ORGANISER = "organiser", _("Organiser")
    REFEREE = "referee", _("Referee")


class JobStatus(models.TextChoices):
    """Progress of a background job such as generating a round."""

    QUEUED = "queued", _("Queued")
    RUNNING = "running", _("Running")
    DONE = "done", _("Done")
    FAILED = "failed", _("Failed")
