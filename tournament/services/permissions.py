"""Who may do what in one tournament: the role helpers and the DRF permission classes on them.

Roles, per event:

* organiser - the tournament's ``organiser``, a user with an organiser ``StaffRole``, or a
  superuser: everything, including the event's settings, entrants and rounds;
* referee - a user with a referee ``StaffRole`` (or organiser rights): drafts, result entry and
  corrections, the result history and the audit trail;
* player - an entrant acting through its private link (``Entrant.access_token``), sent as the
  header ``X-Entrant-Token`` or the query parameter ``?token=``: reads its own event and reports,
  confirms or disputes the results of its own matches;
* public - published data only: tournaments with ``is_public`` and rounds past the draft.

The helpers take plain objects so that pages and websocket consumers can use them too.
"""

from functools import cache

from django.db.models import Q
from rest_framework.permissions import SAFE_METHODS, BasePermission

from common.api.private_links import ENTRANT_TOKEN_HEADER
from common.db import sql
from tournament.models import Entrant, RoundStatus, StaffRole, StaffRoleKind, Tournament
from tournament.models.people import normalise_short_code

ENTRANT_TOKEN_QUERY = "token"
MAX_TOKEN_LENGTH = 64


def _user_ok(user) -> bool:
    return bool(user is not None and getattr(user, "is_authenticated", False))


def is_organiser(user, tournament: Tournament) -> bool:
    """Whether ``user`` runs ``tournament`` (owner, organiser staff role, or superuser)."""
    if not _user_ok(user) or tournament is None:
        return False
    if user.is_superuser or tournament.organiser_id == user.pk:
        return True
    return StaffRole.objects.filter(
        tournament=tournament, user=user, role=StaffRoleKind.ORGANISER
    ).exists()


#: where ``remember_staff_role`` leaves its answer on a tournament instance
_STAFF_ROLE_ANSWER = "_staff_role_answer"


def is_referee(user, tournament: Tournament) -> bool:
    """Whether ``user`` referees ``tournament`` (a referee role, or organiser rights)."""
    if not _user_ok(user) or tournament is None:
        return False
    if user.is_superuser or tournament.organiser_id == user.pk:
        return True
    known = getattr(tournament, _STAFF_ROLE_ANSWER, None)
    if known is not None and known[0] == user.pk:
        return known[1]
    return bool(sql.fetch_one(_staff_role_sql(), [tournament.pk, user.pk])[0])


def staff_role_condition(tournament_column: str) -> str:
    """SQL that is true when a user (one parameter) holds any staff role in the event whose id
    is ``tournament_column``: a read of the event can carry the answer (``remember_staff_role``)
    instead of asking it in a statement of its own."""
    return (
        f"EXISTS (SELECT 1 FROM {sql.table(StaffRole)} "
        f"WHERE {sql.column(StaffRole, 'tournament')} = {tournament_column} "
        f"AND {sql.column(StaffRole, 'user')} = %s)"
    )


def remember_staff_role(tournament: Tournament, user_id: int, holds: bool) -> None:
    """Let ``is_referee`` take, for this tournament instance and this user, the answer a read
    already gave (``staff_role_condition``). The instance lives as long as the request that
    read it, so a role granted or taken away later is seen by the next request."""
    setattr(tournament, _STAFF_ROLE_ANSWER, (user_id, bool(holds)))


@cache
def _staff_role_sql() -> str:
    """Whether a user holds any staff role in an event (one prepared statement: every staff
    request that has not read it already asks it). Parameters: the event, the user."""
    return f"SELECT {staff_role_condition('%s')}"


is_staff_of = is_referee


def staff_tournaments(user) -> Q:
    """A ``Tournament`` filter for the events ``user`` organises or referees."""
    if not _user_ok(user):
        return Q(pk__in=[])
    if user.is_superuser:
        return Q()
    return Q(organiser=user) | Q(pk__in=StaffRole.objects.filter(user=user).values("tournament_id"))


def run_by(user) -> Q:
    """A ``Tournament`` filter for the events ``user`` runs: those they organise (owner or an
    organiser role) and every event of a club or convention they are staff of; every event for
    a superuser, none for nobody. Whose player records they may attach and merge (issue 33)."""
    if not _user_ok(user):
        return Q(pk__in=[])
    if user.is_superuser:
        return Q()
    organised = StaffRole.objects.filter(user=user, role=StaffRoleKind.ORGANISER)
    clubs = Tournament.objects.filter(organisation__staff__user=user)
    return (
        Q(organiser=user)
        | Q(pk__in=organised.values("tournament_id"))
        | Q(pk__in=clubs.values("pk"))
    )


def _clean_token(token) -> str | None:
    if not isinstance(token, str):
        return None
    token = token.strip()
    if not token or len(token) > MAX_TOKEN_LENGTH:
        return None
    return token


def entrant_from_token(tournament: Tournament | None, token) -> Entrant | None:
    """The entrant whose private link is ``token`` (in ``tournament`` when given), or None.

    The token is compared by the database's unique-index lookup, which does not leak the
    stored tokens character by character. Dropped entrants are returned too: they may still
    view their event and their past matches.
    """
    token = _clean_token(token)
    if token is None:
        return None
    entrants = Entrant.objects.select_related("tournament")
    if tournament is not None:
        entrants = entrants.filter(tournament=tournament)
    return entrants.filter(access_token=token).first()


def _read_already(request, token) -> Entrant | None:
    """The entrant of ``token`` if the rate limits' check (``config.security``) read it for this
    request already (``link_entrant``), else None."""
    known = getattr(request, "link_entrant", None)
    return known if known is not None and token and known.access_token == token else None


def link_entrant_of(request, token) -> Entrant | None:
    """``entrant_from_token(None, token)``, read once per request."""
    return _read_already(request, token) or entrant_from_token(None, token)


def private_link_known(kind: str, value: str) -> bool:
    """Whether ``value`` is some entrant's private link: its ``token``, or its short ``code``."""
    if kind == "code":
        code = normalise_short_code(value)
        return code is not None and Entrant.objects.filter(short_code=code).exists()
    return (
        _clean_token(value) is not None
        and Entrant.objects.filter(access_token=_clean_token(value)).exists()
    )


def token_from_request(request) -> str | None:
    """The private-link token of a request: header ``X-Entrant-Token`` or query ``?token=``."""
    token = request.headers.get(ENTRANT_TOKEN_HEADER)
    if not token:
        params = getattr(request, "query_params", None) or getattr(request, "GET", {})
        token = params.get(ENTRANT_TOKEN_QUERY)
    return _clean_token(token)


def entrant_of_request(request, tournament: Tournament | None) -> Entrant | None:
    """The entrant acting through its private link on this request, cached per request."""
    cache = request.__dict__.setdefault("_entrant_cache", {})
    key = tournament.pk if tournament is not None else None
    if key not in cache:
        token = token_from_request(request)
        known = _read_already(request, token)
        if known is None:
            cache[key] = entrant_from_token(tournament, token)
        else:
            cache[key] = known if key in (None, known.tournament_id) else None
    return cache[key]


def can_view_tournament(user, tournament: Tournament, entrant: Entrant | None = None) -> bool:
    """Public events for everyone; private ones for their staff and their own entrants."""
    if tournament.is_public:
        return True
    if entrant is not None and entrant.tournament_id == tournament.pk:
        return True
    return is_referee(user, tournament)


def can_view_round(user, round_, entrant: Entrant | None = None) -> bool:
    """A drafted round is seen only by the event's staff; later rounds by whoever sees the event."""
    tournament = round_.tournament
    if round_.status == RoundStatus.DRAFT:
        return is_referee(user, tournament)
    return can_view_tournament(user, tournament, entrant)


def tournament_of(obj) -> Tournament | None:
    """The tournament an API object belongs to (tournament, entrant, round, match, version...)."""
    if isinstance(obj, Tournament):
        return obj
    for path in ("tournament", "round.tournament", "match.round.tournament"):
        current = obj
        for attr in path.split("."):
            current = getattr(current, attr, None)
            if current is None:
                break
        if isinstance(current, Tournament):
            return current
    return None


def _view_tournament(view, obj=None) -> Tournament | None:
    if obj is not None:
        return tournament_of(obj)
    getter = getattr(view, "get_tournament", None)
    return getter() if getter is not None else None


class _TournamentRolePermission(BasePermission):
    """Checks a role against the view's tournament (nested views) or the object's."""

    safe_methods_allowed = False

    def has_role(self, request, tournament) -> bool:  # pragma: no cover - overridden
        raise NotImplementedError

    def _check(self, request, view, obj=None) -> bool:
        if self.safe_methods_allowed and request.method in SAFE_METHODS:
            return True
        tournament = _view_tournament(view, obj)
        if tournament is None:
            # A top-level view without a tournament yet: decide on the object.
            return _user_ok(request.user)
        return self.has_role(request, tournament)

    def has_permission(self, request, view):
        return self._check(request, view)

    def has_object_permission(self, request, view, obj):
        return self._check(request, view, obj)


class IsTournamentOrganiser(_TournamentRolePermission):
    """Only the event's organisers."""

    message = "Only an organiser of this tournament may do this."

    def has_role(self, request, tournament):
        return is_organiser(request.user, tournament)


class IsTournamentReferee(_TournamentRolePermission):
    """The event's referees and organisers."""

    message = "Only a referee or organiser of this tournament may do this."

    def has_role(self, request, tournament):
        return is_referee(request.user, tournament)


class OrganiserOrReadOnly(IsTournamentOrganiser):
    """Reads for whoever may see the object (the queryset decides), writes for organisers."""

    safe_methods_allowed = True
