"""Export a whole tournament to one JSON document and import it into an empty database.

The document holds every row that makes up the event, with its original primary keys:
the users it refers to (no passwords), players, teams, entrants, staff, stages, rounds,
generation jobs, matches, seats, every result version and response, live games with their event
logs, and the audit trail. Importing replays the rows in dependency order inside one
transaction, so a failed import leaves nothing behind.
"""

import datetime
import decimal
import json
import uuid

from django.contrib.auth import get_user_model
from django.core import serializers
from django.db import transaction

from matches.models import (
    AuditEntry,
    LiveEvent,
    LiveGame,
    Match,
    ResultResponse,
    ResultVersion,
    Seat,
)
from tournament.models import (
    Entrant,
    GenerationJob,
    Player,
    Round,
    StaffRole,
    Stage,
    Team,
    TeamMember,
    Tournament,
)

FORMAT = "eye-tournament-export"
FORMAT_VERSION = 1


class TransferError(ValueError):
    """The document cannot be imported; the message says why."""


def _querysets(tournament: Tournament):
    """Every queryset of the event, in an order where each row's references come first."""
    entrants = Entrant.objects.filter(tournament=tournament)
    team_ids = entrants.exclude(team=None).values_list("team_id", flat=True)
    members = TeamMember.objects.filter(team_id__in=team_ids)
    player_ids = set(entrants.exclude(player=None).values_list("player_id", flat=True))
    player_ids |= set(members.values_list("player_id", flat=True))
    matches = Match.objects.filter(round__tournament=tournament)
    versions = ResultVersion.objects.filter(match__in=matches)
    games = LiveGame.objects.filter(match__in=matches)
    user_ids = {tournament.organiser_id}
    user_ids |= set(
        StaffRole.objects.filter(tournament=tournament).values_list("user_id", flat=True)
    )
    for model_qs in (
        versions,
        ResultResponse.objects.filter(version__in=versions),
        AuditEntry.objects.filter(tournament=tournament),
    ):
        user_ids |= set(model_qs.exclude(user=None).values_list("user_id", flat=True))
    user_ids |= set(
        Player.objects.filter(pk__in=player_ids)
        .exclude(user=None)
        .values_list("user_id", flat=True)
    )
    return [
        get_user_model().objects.filter(pk__in=user_ids).order_by("pk"),
        Player.objects.filter(pk__in=player_ids).order_by("pk"),
        Team.objects.filter(pk__in=team_ids).order_by("pk"),
        members.order_by("pk"),
        Tournament.objects.filter(pk=tournament.pk),
        StaffRole.objects.filter(tournament=tournament).order_by("pk"),
        entrants.order_by("pk"),
        Stage.objects.filter(tournament=tournament).order_by("pk"),
        Round.objects.filter(tournament=tournament).order_by("pk"),
        GenerationJob.objects.filter(tournament=tournament).order_by("pk"),
        matches.order_by("pk"),
        Seat.objects.filter(match__in=matches).order_by("pk"),
        versions.order_by("match_id", "number"),
        ResultResponse.objects.filter(version__in=versions).order_by("pk"),
        games.order_by("pk"),
        LiveEvent.objects.filter(game__in=games).order_by("game_id", "sequence"),
        AuditEntry.objects.filter(tournament=tournament).order_by("pk"),
    ]


def _plain(value):
    """JSON for the values the python serializer leaves as objects, without losing precision."""
    if isinstance(value, (datetime.datetime, datetime.date, datetime.time)):
        return value.isoformat()
    if isinstance(value, (decimal.Decimal, uuid.UUID)):
        return str(value)
    raise TypeError(f"cannot export {type(value).__name__}")


def export_tournament(tournament: Tournament) -> dict:
    """The whole event as a JSON-serialisable document."""
    rows = []
    for queryset in _querysets(tournament):
        # Through the "python" serializer and our own encoding: Django's JSON encoder would cut
        # times to milliseconds, and a round trip must give back exactly what was stored.
        rows.extend(
            json.loads(json.dumps(serializers.serialize("python", queryset), default=_plain))
        )
    for row in rows:
        if row["model"] == "auth.user":
            row["fields"]["password"] = "!"  # never export password hashes
            row["fields"]["groups"] = []
            row["fields"]["user_permissions"] = []
    return {"format": FORMAT, "version": FORMAT_VERSION, "slug": tournament.slug, "rows": rows}


@transaction.atomic
def import_tournament(document: dict) -> Tournament:
    """Recreate an exported event with its original keys; refuses if any of it exists."""
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise TransferError("not a tournament export (the format marker is missing)")
    if document.get("version") != FORMAT_VERSION:
        raise TransferError(f"export version {document.get('version')!r} is not supported")
    if Tournament.objects.filter(slug=document.get("slug")).exists():
        raise TransferError(f"a tournament with slug {document['slug']!r} already exists")
    users = get_user_model()
    for obj in serializers.deserialize("python", document["rows"]):
        instance = obj.object
        if isinstance(instance, users) and users.objects.filter(pk=instance.pk).exists():
            existing = users.objects.get(pk=instance.pk)
            if existing.username != instance.username:
                raise TransferError(
                    f"user #{instance.pk} is {existing.username!r} here, "
                    f"{instance.username!r} in the export: import into an empty database"
                )
            continue
        obj.save()
    _reset_sequences()
    return Tournament.objects.get(slug=document["slug"])


def _reset_sequences() -> None:
    """After inserting explicit keys, move PostgreSQL's id sequences past them."""
    from django.core.management.color import no_style
    from django.db import connection

    models = [
        get_user_model(),
        Player,
        Team,
        TeamMember,
        Tournament,
        StaffRole,
        Entrant,
        Stage,
        Round,
        GenerationJob,
        Match,
        Seat,
        ResultVersion,
        ResultResponse,
        LiveGame,
        LiveEvent,
        AuditEntry,
    ]
    statements = connection.ops.sequence_reset_sql(no_style(), models)
    with connection.cursor() as cursor:
        for sql in statements:
            cursor.execute(sql)
