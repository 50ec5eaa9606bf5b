"""The registration API under ``/api/v1/tournaments/{slug}/``: the policy (organisers), and
registrations (a signed-in player registers and withdraws; organisers review, promote,
reorder and mark paid). Each door parses the body and calls the one service."""

from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import mixins, status
from rest_framework.decorators import action
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from common.api.cursor_pagination import CountedCursorPagination
from common.api.serializers import DETAIL
from common.api.views import actor_for
from registrations.api.serializers import (
    MessageSerializer,
    MoveSerializer,
    PaidSerializer,
    PolicySerializer,
    PromoteSerializer,
    RegisterSerializer,
    RegistrationSerializer,
)
from registrations.models import Registration, RegistrationPolicy
from registrations.services import desk, review
from registrations.services.places import policy_of
from registrations.services.policy import set_policy
from registrations.services.register_answers import register_with_answers
from registrations.services.withdraw import withdraw
from tournament.api.base import TOURNAMENT_SLUG, TournamentChildViewSet, TournamentNestedMixin
from tournament.api.serializers import EmptySerializer
from tournament.services.permissions import IsTournamentOrganiser, is_organiser


def site_of(request) -> str:
    """The site's address, for the links e-mailed to promoted players."""
    return request.build_absolute_uri("/").rstrip("/")


class RegistrationPolicyView(TournamentNestedMixin, APIView):
    """The event's registration policy (organisers): read it, or set every field."""

    permission_classes = [IsAuthenticated, IsTournamentOrganiser]

    def _answer(self, policy):
        return Response(PolicySerializer(policy).data)

    @extend_schema(parameters=[TOURNAMENT_SLUG], responses=PolicySerializer)
    def get(self, request, *args, **kwargs):
        """The policy; an event without one answers the defaults (players do not register)."""
        tournament = self.get_tournament()
        return self._answer(policy_of(tournament) or RegistrationPolicy(tournament=tournament))

    @extend_schema(
        parameters=[TOURNAMENT_SLUG],
        request=PolicySerializer,
        responses={200: PolicySerializer, 409: DETAIL},
    )
    def put(self, request, *args, **kwargs):
        """Set the policy; a capacity or window at odds with itself answers 409, nothing set."""
        serializer = PolicySerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        policy = set_policy(
            self.get_tournament(),
            actor_for(request),
            site=site_of(request),
            **serializer.validated_data,
        )
        return self._answer(policy)


ORGANISER_ACTIONS = ("accept", "decline", "promote", "move", "paid")


def acts_with(body):
    """The schema of an action on one registration: ``body`` in, the registration out (409:
    the service's refusal)."""
    return extend_schema(
        parameters=[TOURNAMENT_SLUG],
        request=body,
        responses={200: RegistrationSerializer, 409: DETAIL},
    )


@extend_schema_view(
    list=extend_schema(parameters=[TOURNAMENT_SLUG]),
    create=extend_schema(
        parameters=[TOURNAMENT_SLUG],
        request=RegisterSerializer,
        responses={201: RegistrationSerializer, 200: RegistrationSerializer, 409: DETAIL},
    ),
)
class RegistrationViewSet(mixins.ListModelMixin, mixins.CreateModelMixin, TournamentChildViewSet):
    """An event's registrations: organisers see all, a signed-in player their own."""

    queryset = Registration.objects.none()
    serializer_class = RegistrationSerializer
    permission_classes = [IsAuthenticated]
    ordering = ["queue_number", "id"]
    pagination_class = CountedCursorPagination

    def get_permissions(self):
        if self.action in ORGANISER_ACTIONS:
            return [IsAuthenticated(), IsTournamentOrganiser()]
        return super().get_permissions()

    def rows(self, tournament):
        rows = (
            tournament.registrations.select_related("entrant")
            .prefetch_related("answers")
            .order_by("queue_number")
        )
        if is_organiser(self.request.user, tournament):
            return rows
        return rows.filter(user=self.request.user)

    def get_serializer_class(self):
        if getattr(self, "swagger_fake_view", False):
            return RegistrationSerializer
        bodies = {
            "create": RegisterSerializer,
            "withdraw": EmptySerializer,
            "accept": MessageSerializer,
            "decline": MessageSerializer,
            "promote": PromoteSerializer,
            "move": MoveSerializer,
            "paid": PaidSerializer,
        }
        return bodies.get(self.action, RegistrationSerializer)

    def _answer(self, registration, code=status.HTTP_200_OK):
        return Response(RegistrationSerializer(registration).data, status=code)

    def create(self, request, *args, **kwargs):
        """Register the signed-in player: 201 the first time, 200 with the same registration
        on a repeat; a closed or full event, a wrong code: 409, nothing made."""
        data = self.validated()
        entry = register_with_answers(
            self.get_tournament(),
            request.user,
            actor=actor_for(request),
            site=site_of(request),
            **data,
        )
        return self._answer(
            entry.registration, status.HTTP_201_CREATED if entry.created else status.HTTP_200_OK
        )

    @acts_with(EmptySerializer)
    @action(detail=True, methods=["post"])
    def withdraw(self, request, *args, **kwargs):
        """Withdraw (the player, or an organiser); a place it held goes to the waitlist."""
        self.validated()
        registration = withdraw(self.get_object(), actor_for(request), site=site_of(request))
        return self._answer(registration)

    @acts_with(MessageSerializer)
    @action(detail=True, methods=["post"])
    def accept(self, request, *args, **kwargs):
        """Accept a registration awaiting review (organisers)."""
        message = self.validated()["message"]
        registration = review.accept(
            self.get_object(), actor_for(request), message, site=site_of(request)
        )
        return self._answer(registration)

    @acts_with(MessageSerializer)
    @action(detail=True, methods=["post"])
    def decline(self, request, *args, **kwargs):
        """Decline a registration awaiting review, saying why (organisers)."""
        message = self.validated()["message"]
        return self._answer(review.decline(self.get_object(), actor_for(request), message))

    @acts_with(PromoteSerializer)
    @action(detail=True, methods=["post"])
    def promote(self, request, *args, **kwargs):
        """Move a waitlisted player into the field (over the capacity only when asked)."""
        over = self.validated()["over_capacity"]
        registration = desk.promote(
            self.get_object(), actor_for(request), over_capacity=over, site=site_of(request)
        )
        return self._answer(registration)

    @acts_with(MoveSerializer)
    @action(detail=True, methods=["post"])
    def move(self, request, *args, **kwargs):
        """Put a waitlisted player at another position of the waitlist (organisers)."""
        position = self.validated()["position"]
        registration = desk.move_in_waitlist(self.get_object(), position, actor_for(request))
        return self._answer(registration)

    @acts_with(PaidSerializer)
    @action(detail=True, methods=["post"])
    def paid(self, request, *args, **kwargs):
        """Mark the entry fee paid or not (organisers)."""
        paid = self.validated()["paid"]
        return self._answer(desk.mark_paid(self.get_object(), paid, actor_for(request)))
