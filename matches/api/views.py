"""API views of the matches app: matches with seats, and the result flow through the services.

The result flow itself lives in ``matches.services.results``; these views only decide who acts
(a referee by user account, a player by private-link token) and translate the outcome.
"""

import django_filters
from django.db.models import Q
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_view
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.permissions import AllowAny
from rest_framework.response import Response

from common.api.private_links import ENTRANT_TOKEN
from common.api.serializers import DETAIL
from common.api.views import ApiViewMixin, actor_for
from common.db.sql import MAX_ID
from common.rate_limits import rate_limited
from matches.api.serializers import (
    ConfirmSerializer,
    CorrectionSerializer,
    DisputeSerializer,
    MatchSerializer,
    NewResultVersionSerializer,
    ResultErrorsSerializer,
    ResultSubmitSerializer,
    ResultVersionSerializer,
)
from matches.models import Match, ResultVersion
from matches.services.disputes import dispute
from matches.services.idempotency import KEY_HEADER, KeyInvalid, parse_key, was_replayed
from matches.services.results import (
    confirm_report,
    correct_result,
    enter_result,
    submit_report,
)
from matches.services.table_queries import read_match
from tournament.models import RoundStatus, Tournament
from tournament.services.permissions import (
    can_view_round,
    entrant_of_request,
    is_referee,
    staff_tournaments,
)

MATCH_PK = OpenApiParameter("match_pk", OpenApiTypes.INT, OpenApiParameter.PATH)
IDEMPOTENCY_KEY = OpenApiParameter(
    "Idempotency-Key",
    OpenApiTypes.UUID,
    OpenApiParameter.HEADER,
    description=(
        "A UUID the client makes once per action and sends again with every retry: the same "
        "key from the same sender is taken once, and a retry is answered with the first "
        "outcome (header Idempotent-Replayed: true)."
    ),
)
REPLAYED_HEADER = "Idempotent-Replayed"


def visible_matches(request):
    """Matches the requester may see: published rounds of visible events, drafts for staff."""
    matches = Match.objects.select_related("round__tournament").prefetch_related("seats__entrant")
    user = request.user
    if user.is_authenticated and user.is_superuser:
        return matches
    published = ~Q(round__status=RoundStatus.DRAFT)
    query = Q(round__tournament__is_public=True) & published
    if user.is_authenticated:
        staff_of = Tournament.objects.filter(staff_tournaments(user)).values("pk")
        query |= Q(round__tournament__in=staff_of)
    entrant = entrant_of_request(request, None)
    if entrant is not None:
        query |= Q(round__tournament_id=entrant.tournament_id) & published
    return matches.filter(query)


class MatchFilter(django_filters.FilterSet):
    tournament = django_filters.CharFilter(field_name="round__tournament__slug")
    round = django_filters.NumberFilter(field_name="round__number")

    class Meta:
        model = Match
        fields = ["tournament", "round", "status", "table_number"]


@extend_schema_view(
    list=extend_schema(parameters=[ENTRANT_TOKEN]),
    retrieve=extend_schema(parameters=[ENTRANT_TOKEN]),
)
class MatchViewSet(ApiViewMixin, viewsets.ReadOnlyModelViewSet):
    """Tables with their seats; the accepted placings are on the seats (place, points)."""

    queryset = Match.objects.none()
    serializer_class = MatchSerializer
    permission_classes = [AllowAny]
    filterset_class = MatchFilter
    ordering_fields = ["table_number", "round__number"]

    def get_queryset(self):
        return visible_matches(self.request).order_by(
            "round__tournament_id", "round__number", "table_number"
        )


@rate_limited("results")
@extend_schema_view(
    list=extend_schema(
        parameters=[MATCH_PK, ENTRANT_TOKEN],
        description="Every version of the match's result (staff and the match's own sides).",
    ),
)
class ResultViewSet(ApiViewMixin, mixins.ListModelMixin, viewsets.GenericViewSet):
    """A match's result: history, entry or report, confirmation, dispute, correction."""

    queryset = ResultVersion.objects.none()
    serializer_class = ResultVersionSerializer
    permission_classes = [AllowAny]  # decided per action below, on the match
    lookup_field = "number"
    lookup_value_regex = r"\d+"
    filter_backends = []
    #: a side acts through its private link (so a valid one is credentials: 403, not 401)
    entrant_of_request = staticmethod(entrant_of_request)

    def get_match(self) -> Match:
        """The match of the address, 404 unless the requester may see it.

        The same rule as ``visible_matches``, checked on the one match in Python: the result
        endpoints are the busiest writes of an event, and the joined visibility query cost
        more than the rest of the lookup.
        """
        if not hasattr(self, "_match"):
            pk = int(self.kwargs["match_pk"])  # digits only (the route's pattern)
            user = self.request.user
            # a signed-in user's staff role is asked by the same statement (``is_staff``)
            staff_of = user.pk if user.is_authenticated else None
            match = read_match(pk, staff_of=staff_of) if 0 < pk <= MAX_ID else None
            if match is None or not can_view_round(
                self.request.user, match.round, self.entrant(match.round.tournament)
            ):
                raise NotFound(_("No match found."))
            self._match = match
        return self._match

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return ResultVersion.objects.none()
        return (
            self.get_match()
            .result_versions.select_related("user", "entrant", "supersedes")
            .prefetch_related("responses__user", "responses__entrant")
            .order_by("number")
        )

    def get_serializer_class(self):
        return {
            "create": ResultSubmitSerializer,
            "confirm": ConfirmSerializer,
            "dispute": DisputeSerializer,
            "correct": CorrectionSerializer,
        }.get(self.action, ResultVersionSerializer)

    # --- who acts -----------------------------------------------------------------------------
    def tournament(self):
        return self.get_match().round.tournament

    def side(self):
        """The entrant of this match acting through its private link, or None."""
        entrant = self.entrant(self.tournament())
        if entrant is None:
            return None
        if not self.get_match().seats.filter(entrant=entrant).exists():
            self.permission_denied(self.request, message=_("You do not play at this table."))
        return entrant

    def is_staff(self) -> bool:
        return is_referee(self.request.user, self.tournament())

    def _version(self, number) -> ResultVersion:
        version = self.get_match().result_versions.filter(number=number).first()
        if version is None:
            raise NotFound(_("no version %(number)s of this result") % {"number": number})
        return version

    def _body(self):
        serializer = self.get_serializer(data=self.request.data)
        serializer.is_valid(raise_exception=True)
        return serializer.validated_data

    def _idempotency_key(self):
        """The request's ``Idempotency-Key`` header as a UUID, None if absent; 400 if bad."""
        try:
            return parse_key(self.request.META.get(KEY_HEADER))
        except KeyInvalid as exc:
            raise ValidationError({"Idempotency-Key": [str(exc)]}) from None

    def _version_response(self, version, *, replayed=False):
        version = self.get_queryset().get(pk=version.pk)
        response = Response(ResultVersionSerializer(version).data)
        if replayed:
            response[REPLAYED_HEADER] = "true"
        return response

    def _new_version_response(self, version):
        """201 with a version just stored by this request, not read back: its author and
        predecessor are in hand and nobody has answered it yet."""
        return Response(NewResultVersionSerializer(version).data, status=status.HTTP_201_CREATED)

    # --- endpoints ----------------------------------------------------------------------------
    def list(self, request, *args, **kwargs):
        self.get_match()
        if not self.is_staff() and self.side() is None:
            self.permission_denied(
                request, message=_("Only staff and this match's sides see this.")
            )
        return super().list(request, *args, **kwargs)

    @extend_schema(
        parameters=[MATCH_PK, ENTRANT_TOKEN, IDEMPOTENCY_KEY],
        request=ResultSubmitSerializer,
        responses={201: ResultVersionSerializer, 400: ResultErrorsSerializer, 409: DETAIL},
        description=(
            "With a player's private-link token: a report that every other side must confirm. "
            "Signed in as a referee or organiser: an entry, accepted at once."
        ),
    )
    def create(self, request, *args, **kwargs):
        match = self.get_match()
        entrant = self.side()
        if entrant is None and not self.is_staff():
            self.permission_denied(request, message=_("Only referees and this match's sides."))
        report = self._body()["report"]
        key = self._idempotency_key()
        if entrant is not None:
            version = submit_report(match, report, actor_for(request, entrant), idempotency_key=key)
        else:
            version = enter_result(match, report, actor_for(request), idempotency_key=key)
        if was_replayed(version):
            return self._version_response(version, replayed=True)
        return self._new_version_response(version)

    def _answer(self, request, number, decide):
        self.get_match()
        entrant = self.side()
        if entrant is None:
            self.permission_denied(request, message=_("Only the other sides of this match."))
        data = self._body()
        key = self._idempotency_key()
        version = self._version(number)
        answer = decide(version, actor_for(request, entrant), data, key)
        return self._version_response(version, replayed=was_replayed(answer))

    @extend_schema(
        parameters=[MATCH_PK, ENTRANT_TOKEN, IDEMPOTENCY_KEY],
        request=ConfirmSerializer,
        responses={200: ResultVersionSerializer, 409: DETAIL},
    )
    @action(detail=True, methods=["post"])
    def confirm(self, request, number=None, **kwargs):
        """Another side confirms a reported result (never its own report)."""
        return self._answer(
            request,
            number,
            lambda v, actor, _data, key: confirm_report(v, actor, idempotency_key=key),
        )

    @extend_schema(
        parameters=[MATCH_PK, ENTRANT_TOKEN, IDEMPOTENCY_KEY],
        request=DisputeSerializer,
        responses={200: ResultVersionSerializer, 409: DETAIL},
    )
    @action(detail=True, methods=["post"])
    def dispute(self, request, number=None, **kwargs):
        """Another side disputes a reported result (or, where one confirmation accepts a report,
        an accepted one within the event's dispute window); a referee settles it."""
        return self._answer(
            request,
            number,
            lambda v, actor, data, key: dispute(v, actor, data["reason"], idempotency_key=key),
        )

    @extend_schema(
        parameters=[MATCH_PK, IDEMPOTENCY_KEY],
        request=CorrectionSerializer,
        responses={201: ResultVersionSerializer, 400: ResultErrorsSerializer, 409: DETAIL},
    )
    @action(detail=False, methods=["post"])
    def correct(self, request, **kwargs):
        """A referee's correction: a new accepted version; the old ones are kept."""
        match = self.get_match()
        if not self.is_staff():
            self.permission_denied(request, message=_("Only referees correct results."))
        data = self._body()
        version = correct_result(
            match,
            data["report"],
            actor_for(request),
            data["reason"],
            idempotency_key=self._idempotency_key(),
        )
        if was_replayed(version):
            return self._version_response(version, replayed=True)
        return self._new_version_response(version)


__all__ = ["MatchViewSet", "ResultViewSet"]
