"""API representations of tournaments, entrants and the audit trail (rounds and their tables:
``tournament.api.round_serializers``)."""

from django.utils.translation import gettext, gettext_lazy
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from common.api.serializers import StrictModelSerializer, StrictSerializer
from common.audit.models import AuditEntry
from common.audit.reasons import REASON_MAX_CHARS
from common.engine_messages import problem_text
from engine import api as engine_api
from engine.errors import EngineUserError, ResultInvalid, UnknownSystem
from tournament.logic.scoring_calls import gap_errors
from tournament.models import Entrant, EntrantStatus, Tournament, TournamentStatus
from tournament.models.event import game_length_error
from tournament.models.mode_limits import READ_SETTINGS, mode_errors
from tournament.models.people import MAX_SEED
from tournament.models.tiebreaker_rules import MAX_TIEBREAKERS, tiebreaker_errors
from tournament.services.events import SETTINGS
from tournament.services.player_suggestions import suggestable
from tournament.setting_fields import BY_NAME, api_field

# Options the platform sets itself (per match or from their own fields), never system options.
COMMON_OPTION_KEYS = {"expected_sides", "side_sizes", "points_table", "tie_policy", "game_points"}

TOURNAMENT_SETTINGS = list(SETTINGS)  # one list: the events service records the same ones


class TournamentSerializer(serializers.ModelSerializer):
    """A tournament's public settings."""

    organiser = serializers.StringRelatedField()
    entrant_count = serializers.IntegerField(read_only=True)
    team_play = serializers.BooleanField(read_only=True)
    tiebreakers = serializers.ListField(
        child=serializers.CharField(),
        source="standings_tiebreakers",
        read_only=True,
        help_text="The order the standings apply after points.",
    )
    tiebreakers_are_defaults = serializers.SerializerMethodField(
        help_text="True while the order is the game mode's default (no order of the organiser's)."
    )

    class Meta:
        model = Tournament
        fields = [
            "id",
            *TOURNAMENT_SETTINGS,
            "tiebreakers_are_defaults",
            "organiser",
            "team_play",
            "entrant_count",
        ]
        read_only_fields = fields

    def get_tiebreakers_are_defaults(self, tournament) -> bool:
        return not tournament.tiebreakers


def enum_ref(component: str):
    """Point a second use of a choice set at the enum component of its first use.

    drf-spectacular names one enum per property name; ``status`` has several choice sets, so
    each set must appear in one component only for the schema to stay warning-free.
    """
    return extend_schema_field({"$ref": f"#/components/schemas/{component}"})


@enum_ref("TournamentStatusEnum")
class _TournamentStatusField(serializers.ChoiceField):
    pass


@enum_ref("EntrantStatusEnum")
class _EntrantStatusField(serializers.ChoiceField):
    pass


class TournamentWriteSerializer(StrictModelSerializer):
    """An organiser's settings of a tournament: checked here and by the rules engine."""

    status = _TournamentStatusField(choices=TournamentStatus.choices, required=False)
    points_table = serializers.DictField(child=serializers.JSONField(), required=False)
    system_options = serializers.DictField(child=serializers.JSONField(), required=False)
    tiebreakers = serializers.ListField(
        child=serializers.CharField(max_length=40),
        required=False,
        max_length=MAX_TIEBREAKERS,
        help_text="Standings tiebreakers after points, in order; [] follows the game mode.",
    )

    class Meta:
        model = Tournament
        fields = TOURNAMENT_SETTINGS

    def build_standard_field(self, field_name, model_field):
        """A setting's field with its declared bounds or choices and help
        (``tournament.models.event_settings``)."""
        standard = super().build_standard_field(field_name, model_field)
        setting = BY_NAME.get(field_name)
        return standard if setting is None else api_field(setting, standard)

    def _value(self, attrs, name):
        if name in attrs:
            return attrs[name]
        if self.instance is not None:
            return getattr(self.instance, name)
        return Tournament._meta.get_field(name).get_default()

    def validate(self, attrs):
        system = self._value(attrs, "game_system")
        mode = self._value(attrs, "mode")
        try:
            engine_api.describe(system, mode)
        except UnknownSystem as exc:
            raise serializers.ValidationError({"game_system": [exc.message]}) from exc
        except EngineUserError as exc:
            raise serializers.ValidationError({"mode": [exc.message]}) from exc
        options = dict(self._value(attrs, "system_options") or {})
        common = sorted(set(options) & COMMON_OPTION_KEYS)
        if common:
            raise serializers.ValidationError(
                {"system_options": [f"{key!r} is not a game-system option" for key in common]}
            )
        options["points_table"] = self._value(attrs, "points_table") or {}
        options["tie_policy"] = self._value(attrs, "tie_policy")
        try:
            engine_api.check_options(system, options, mode)
        except ResultInvalid as exc:
            errors: dict[str, list[str]] = {}
            for problem in exc.problems:
                key = problem.field.removeprefix("options.").split(".")[0]
                field = key if key in ("points_table", "tie_policy") else "system_options"
                errors.setdefault(field, []).append(problem_text(problem))
            raise serializers.ValidationError(errors) from exc
        length_error = game_length_error(system, mode, self._value(attrs, "game_length_seconds"))
        if length_error:
            raise serializers.ValidationError({"game_length_seconds": [length_error]})
        gap_problems = gap_errors(
            self._value(attrs, "scoring_call_gap_min_seconds"),
            self._value(attrs, "scoring_call_gap_max_seconds"),
        )
        if gap_problems:
            raise serializers.ValidationError({"scoring_call_gap_min_seconds": gap_problems})
        if "tiebreakers" in attrs or "game_system" in attrs or "mode" in attrs:
            problems = tiebreaker_errors(system, mode, self._value(attrs, "tiebreakers") or [])
            if problems:
                raise serializers.ValidationError({"tiebreakers": problems})
        values = {name: self._value(attrs, name) for name in READ_SETTINGS}
        limits = mode_errors(system, mode, values, self.instance)
        if limits:
            raise serializers.ValidationError(limits)
        return attrs


class EntrantSerializer(serializers.ModelSerializer):
    """An entrant as anyone may see it (never its private link)."""

    side = serializers.SerializerMethodField()
    club = serializers.SerializerMethodField()

    class Meta:
        model = Entrant
        fields = [
            "id",
            "side",
            "display_name",
            "club",
            "seed",
            "status",
            "checked_in_at",
            "dropped_after_round",
        ]
        read_only_fields = fields

    def get_side(self, entrant) -> str:
        """The side id the result reports use for this entrant."""
        return str(entrant.pk)

    def get_club(self, entrant) -> str:
        return entrant.player.club if entrant.player_id else ""


class EntrantStaffSerializer(EntrantSerializer):
    """An entrant as its organiser sees it: with e-mail and private link."""

    status = _EntrantStatusField(choices=EntrantStatus.choices, read_only=True)
    email = serializers.SerializerMethodField()

    class Meta(EntrantSerializer.Meta):
        fields = [
            *EntrantSerializer.Meta.fields,
            "player",
            "team",
            "email",
            "access_token",
            "name_listed",
            "dropped_at",
            "created_at",
        ]
        read_only_fields = fields

    def get_email(self, entrant) -> str:
        return entrant.player.email if entrant.player_id else ""


def _seed_taken(tournament, seed, exclude_pk=None) -> bool:
    query = Entrant.objects.filter(tournament=tournament, seed=seed)
    if exclude_pk is not None:
        query = query.exclude(pk=exclude_pk)
    return query.exists()


class EntrantCreateSerializer(StrictSerializer):
    """A new entrant: a player, or in a team event a team (``name`` plus its ``members``)."""

    name = serializers.CharField(max_length=100)
    members = serializers.ListField(
        child=serializers.CharField(max_length=100),
        required=False,
        min_length=2,
        max_length=3,
        help_text="Team events only: the team's two or three players.",
    )
    club = serializers.CharField(max_length=100, required=False, allow_blank=True, default="")
    email = serializers.EmailField(required=False, allow_blank=True, default="")
    seed = serializers.IntegerField(
        min_value=1, max_value=MAX_SEED, required=False, allow_null=True
    )
    display_name = serializers.CharField(max_length=120, required=False, allow_blank=True)
    name_listed = serializers.BooleanField(
        required=False,
        default=False,
        help_text=gettext_lazy(
            "The player agreed to be named on the event's public list of entrants."
        ),
    )
    player = serializers.IntegerField(
        min_value=1,
        max_value=2**63 - 1,
        required=False,
        help_text="A known player's id (from entrants/suggestions/): the same person as at "
        "earlier events, so their history, rating and seasons carry on. Empty: a new record.",
    )

    def validate_player(self, player_id):
        request = self.context.get("request")
        known = suggestable(self.context["tournament"], getattr(request, "user", None), player_id)
        if known is None:
            raise serializers.ValidationError(
                "no player you can register here has this id (unknown, or already in the event)"
            )
        return known

    def validate_seed(self, seed):
        if seed is not None and _seed_taken(self.context["tournament"], seed):
            raise serializers.ValidationError("another entrant of this tournament has this seed")
        return seed

    def validate(self, data):
        team_play = self.context["tournament"].team_play
        if team_play and "members" not in data:
            raise serializers.ValidationError(
                {"members": ["a team event needs the team's players"]}
            )
        if team_play and "player" in data:
            raise serializers.ValidationError(
                {"player": ["a team event registers teams; name the team's players"]}
            )
        if not team_play and "members" in data:
            raise serializers.ValidationError(
                {"members": ["this event's sides are single players"]}
            )
        size = len([m for m in data.get("members", ()) if m.strip()])
        problem = self.context["tournament"].mode_fit.team_size_problem(size)
        if team_play and problem is not None:
            raise serializers.ValidationError({"members": [problem.text(gettext)]})
        return data


class EntrantUpdateSerializer(StrictModelSerializer):
    """The fields an organiser may change on an entrant."""

    seed = serializers.IntegerField(
        min_value=1, max_value=MAX_SEED, required=False, allow_null=True
    )

    class Meta:
        model = Entrant
        fields = ["display_name", "seed"]

    def validate_display_name(self, value):
        if not value.strip():
            raise serializers.ValidationError("the display name cannot be empty")
        return value.strip()

    def validate_seed(self, seed):
        if seed is not None and _seed_taken(self.instance.tournament, seed, self.instance.pk):
            raise serializers.ValidationError("another entrant of this tournament has this seed")
        return seed


class EmptySerializer(StrictSerializer):
    """No body (any key is refused)."""


class DropSerializer(StrictSerializer):
    """Why a side leaves the event (optional; kept in the audit trail, as on the console)."""

    reason = serializers.CharField(
        max_length=REASON_MAX_CHARS, required=False, allow_blank=True, default=""
    )


class DropNoShowsSerializer(StrictSerializer):
    """The number of players not checked in the organiser confirms dropping (refused if it has
    changed meanwhile)."""

    expected = serializers.IntegerField(min_value=0, max_value=100_000)


@extend_schema_field(OpenApiTypes.BINARY)
class UploadField(serializers.FileField):
    """A file part of a multipart/form-data body: binary in the schema (not a URI), so that a
    generated client uploads the file's bytes."""


class CsvImportSerializer(StrictSerializer):
    """A CSV file: header ``name,club,email,seed`` (only ``name`` required)."""

    file = UploadField()


class CsvImportResultSerializer(serializers.Serializer):
    created = serializers.IntegerField()
    entrants = EntrantStaffSerializer(many=True)


class AuditEntrySerializer(serializers.ModelSerializer):
    """One change of the audit trail."""

    user = serializers.StringRelatedField(allow_null=True)
    entrant = serializers.StringRelatedField(allow_null=True)

    class Meta:
        model = AuditEntry
        fields = [
            "id",
            "action",
            "target_type",
            "target_id",
            "before",
            "after",
            "reason",
            "user",
            "entrant",
            "channel",
            "ip_address",
            "created_at",
        ]
        read_only_fields = fields
