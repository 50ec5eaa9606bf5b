"""Export a whole tournament to one JSON document and import it into any database.

The document holds every row that makes up the event, with its original primary keys:
the users it refers to (no passwords, no rights), the organisation it belongs to (without its
staff), players, teams, entrants, staff, stages, rounds,
generation jobs, matches, seats, every result version and response, live games with their event
logs, and the audit trail. Importing inserts the rows in dependency order inside one
transaction, never updating a row that exists (keys are remapped when they are taken), so a
failed import leaves nothing behind and a successful one changes nothing that was there.

A file is input from outside, so the import trusts none of it beyond the event: an account it
makes has no rights (not staff, not superuser, no groups or permissions) and no usable
password, whatever the file says; an account that exists here (matched by username) is used as
it is; a row of a model an export never holds (an API token, a group...) refuses the file.
The event's organisation is matched by slug (its public name in addresses): one that exists
here is used as it is, never changed; a missing one is made with no staff, so the file gives
nobody rights over it (its name and region come from the file).
"""

import datetime
import decimal
import json
import uuid

from django.contrib.auth import get_user_model
from django.core import serializers
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from common.audit.models import AuditEntry
from common.errors import ServiceError
from leagues.models import Organisation
from matches.models import LiveEvent, LiveGame, Match, ResultResponse, ResultVersion, Seat
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
from tournament.services.standing_totals import rebuild_entrant_totals

FORMAT = "eye-tournament-export"
FORMAT_VERSION = 1
#: models that moved to another app since an export may have been made: old label -> new
MOVED_MODELS = {"matches.auditentry": "audit.auditentry"}


class TransferError(ServiceError):
    """The document cannot be imported; the message says why."""


def _models() -> list:
    """Every model an export holds rows of (an import refuses any other)."""
    return [
        get_user_model(),
        Organisation,
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
        Organisation.objects.filter(pk=tournament.organisation_id),
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
    """Recreate an exported event without touching any row already in the database.

    Every row is inserted (never updated). When none of the export's keys is taken the event
    keeps them (a restore gives back exactly what was exported); otherwise every row gets a
    new key and every reference (foreign keys, the audit trail's targets) follows it. Accounts
    are matched by username: an account that exists is used as it is, never changed. Anything
    that would clash (the slug, a private link, a player already linked to the account) refuses
    the whole import with a message; nothing is kept of a refused import.
    """
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise TransferError(_("not a tournament export (the format marker is missing)"))
    if document.get("version") != FORMAT_VERSION:
        raise TransferError(
            _("export version %(version)s is not supported")
            % {"version": repr(document.get("version"))}
        )
    if Tournament.objects.filter(slug=document.get("slug")).exists():
        raise TransferError(
            _("a tournament with slug %(slug)s already exists") % {"slug": repr(document["slug"])}
        )
    try:
        rows = [_moved(row) for row in document["rows"]]
        objects = list(serializers.deserialize("python", rows))
    except Exception as exc:  # noqa: BLE001 - any broken row refuses the document
        raise TransferError(_("the export cannot be read: %(why)s") % {"why": exc}) from exc
    foreign = sorted({_label(o.object) for o in objects} - {m._meta.label_lower for m in _models()})
    if foreign:
        raise TransferError(
            _(
                "the file holds rows of %(models)s, which an event export never holds; "
                "nothing was imported"
            )
            % {"models": ", ".join(foreign)}
        )
    matched = _existing_rows(objects)
    keep_keys = _keys_all_free(objects, matched)
    try:
        with transaction.atomic():
            _insert_rows(objects, matched, keep_keys)
    except IntegrityError as exc:
        raise TransferError(
            _("the export clashes with data already here (%(why)s); nothing was imported")
            % {"why": exc}
        ) from exc
    _reset_sequences()
    tournament = Tournament.objects.get(slug=document["slug"])
    rebuild_entrant_totals(tournament)  # derived rows: not in the document, tallied afresh
    return tournament


def _moved(row: dict) -> dict:
    """The row under its model's label today (an export made before the model moved)."""
    label = MOVED_MODELS.get(row.get("model"))
    return row if label is None else {**row, "model": label}


def _label(instance) -> str:
    return instance._meta.label_lower


#: the rows an import matches with one already here instead of inserting: model -> natural key
MATCHED_BY = {"auth.user": "username", "leagues.organisation": "slug"}


def _existing_rows(objects) -> dict:
    """(label, old key) -> key here, of each account (by username) and organisation (by slug)
    of the export that exists here already."""
    matched = {}
    for label, field in MATCHED_BY.items():
        exported = {
            getattr(o.object, field): o.object.pk for o in objects if _label(o.object) == label
        }
        if not exported:
            continue
        model = next(type(o.object) for o in objects if _label(o.object) == label)
        found = model.objects.filter(**{f"{field}__in": list(exported)})
        matched |= {(label, exported[value]): pk for value, pk in found.values_list(field, "pk")}
    return matched


def _keys_all_free(objects, matched: dict) -> bool:
    """Whether no exported key is taken here (rows matched by their natural key aside)."""
    by_model: dict = {}
    for obj in objects:
        instance = obj.object
        here = matched.get((_label(instance), instance.pk))
        if here is not None:
            if here != instance.pk:
                return False
            continue
        by_model.setdefault(type(instance), []).append(instance.pk)
    return not any(model.objects.filter(pk__in=keys).exists() for model, keys in by_model.items())


def _insert_rows(objects, matched: dict, keep_keys: bool) -> None:
    """Insert every row in the export's order, each reference pointed at its row's key here."""
    users = get_user_model()
    exported = {(_label(o.object), o.object.pk) for o in objects}
    keys = dict(matched)
    later: list[tuple] = []  # (instance, attname, target, old key): references to later rows
    for obj in objects:
        instance = obj.object
        label, old_key = _label(instance), instance.pk
        if (label, old_key) in keys:  # an account or organisation that already exists here
            continue
        for field in instance._meta.concrete_fields:
            if not field.is_relation:
                continue
            target, value = field.related_model._meta.label_lower, getattr(instance, field.attname)
            if value is None:
                continue
            if (target, value) in keys:
                setattr(instance, field.attname, keys[(target, value)])
            elif (target, value) in exported and field.null:
                setattr(instance, field.attname, None)
                later.append((instance, field.attname, target, value))
            else:
                raise TransferError(
                    _("%(row)s #%(key)s refers to %(target)s #%(value)s, which the export lacks")
                    % {"row": label, "key": old_key, "target": target, "value": value}
                )
        if isinstance(instance, users):
            _without_rights(obj)
        if isinstance(instance, AuditEntry):
            target = (instance.target_type, _int_or_none(instance.target_id))
            if target in keys:
                instance.target_id = str(keys[target])
        if not keep_keys:
            instance.pk = None
        obj.save(force_insert=True)
        keys[(label, old_key)] = instance.pk
    for instance, attname, target, value in later:
        type(instance).objects.filter(pk=instance.pk).update(**{attname: keys[(target, value)]})


def _without_rights(obj) -> None:
    """A new account from the file: no rights, no groups or permissions, and no usable password
    (nobody signs in with a hash the file carried; an administrator grants what is needed)."""
    account = obj.object
    account.is_superuser = False
    account.is_staff = False
    account.set_unusable_password()
    obj.m2m_data = {}


def _int_or_none(text) -> int | None:
    try:
        return int(text)
    except (TypeError, ValueError):
        return None


def _reset_sequences() -> None:
    """After inserting explicit keys, move PostgreSQL's id sequences past them."""
    from django.core.management.color import no_style
    from django.db import connection

    statements = connection.ops.sequence_reset_sql(no_style(), _models())
    with connection.cursor() as cursor:
        for sql in statements:
            cursor.execute(sql)
