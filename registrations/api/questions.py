"""The API of the registration questions (``/api/v1/tournaments/{slug}/registration-questions/``):
read by whoever sees the event, written by its organisers through the questions service; the
answers' deadline; and a registration's answers (its player or the organisers)."""

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import mixins, status
from rest_framework.decorators import action
from rest_framework.exceptions import PermissionDenied
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from common.api.serializers import DETAIL
from common.api.views import actor_for
from registrations.api.question_serializers import (
    AnswersSerializer,
    DeadlineSerializer,
    QuestionMoveSerializer,
    QuestionSerializer,
    QuestionWriteSerializer,
)
from registrations.models import RegistrationQuestion
from registrations.services import questions as service
from registrations.services.answers import save_answers
from registrations.services.question_rules import answers_deadline
from tournament.api.base import TOURNAMENT_SLUG, TournamentChildViewSet, TournamentNestedMixin
from tournament.services.permissions import IsTournamentOrganiser, OrganiserOrReadOnly, is_organiser

WRITE = {"request": QuestionWriteSerializer, "responses": {200: QuestionSerializer, 409: DETAIL}}


@extend_schema_view(
    list=extend_schema(parameters=[TOURNAMENT_SLUG]),
    retrieve=extend_schema(parameters=[TOURNAMENT_SLUG]),
    create=extend_schema(
        parameters=[TOURNAMENT_SLUG],
        request=QuestionWriteSerializer,
        responses={201: QuestionSerializer, 409: DETAIL},
    ),
    update=extend_schema(parameters=[TOURNAMENT_SLUG], **WRITE),
    destroy=extend_schema(parameters=[TOURNAMENT_SLUG], responses={204: None, 409: DETAIL}),
)
class QuestionViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, TournamentChildViewSet):
    """The questions of an event's registration form, in order."""

    queryset = RegistrationQuestion.objects.none()
    serializer_class = QuestionSerializer
    permission_classes = [OrganiserOrReadOnly]
    pagination_class = None
    http_method_names = ["get", "post", "put", "delete", "head", "options"]

    def rows(self, tournament):
        return tournament.registration_questions.order_by("position", "id")

    def create(self, request, *args, **kwargs):
        """Add a question at the end of the form (organisers; before the answers lock)."""
        values = self.validated(QuestionWriteSerializer)
        question = service.add_question(self.get_tournament(), **values, actor=actor_for(request))
        return Response(QuestionSerializer(question).data, status=status.HTTP_201_CREATED)

    def update(self, request, *args, **kwargs):
        """Rewrite a question (once answered, its kind and the choices picked stay)."""
        question = self.get_object()
        values = self.validated(QuestionWriteSerializer)
        question = service.change_question(question, **values, actor=actor_for(request))
        return Response(QuestionSerializer(question).data)

    def destroy(self, request, *args, **kwargs):
        """Remove a question and its answers (before the answers lock)."""
        service.remove_question(self.get_object(), actor_for(request))
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(
        parameters=[TOURNAMENT_SLUG],
        request=QuestionMoveSerializer,
        responses={200: QuestionSerializer(many=True), 409: DETAIL},
    )
    @action(detail=True, methods=["post"])
    def move(self, request, *args, **kwargs):
        """Put the question at ``position`` (1 = first); the form in its new order."""
        question = self.get_object()
        position = self.validated(QuestionMoveSerializer)["position"]
        service.move_question(question, position, actor_for(request))
        return Response(QuestionSerializer(self.get_queryset(), many=True).data)


class AnswersDeadlineView(TournamentNestedMixin, APIView):
    """When the event's answers lock (organisers)."""

    permission_classes = [IsTournamentOrganiser]

    @extend_schema(parameters=[TOURNAMENT_SLUG], responses={200: DeadlineSerializer})
    def get(self, request, tournament_slug):
        deadline = answers_deadline(self.get_tournament())
        return Response(DeadlineSerializer({"answers_close_at": deadline}).data)

    @extend_schema(
        parameters=[TOURNAMENT_SLUG],
        request=DeadlineSerializer,
        responses={200: DeadlineSerializer, 409: DETAIL},
    )
    def put(self, request, tournament_slug):
        serializer = DeadlineSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        closes_at = serializer.validated_data["answers_close_at"]
        service.set_answers_deadline(self.get_tournament(), closes_at, actor_for(request))
        return Response(DeadlineSerializer({"answers_close_at": closes_at}).data)


class RegistrationAnswersView(TournamentNestedMixin, APIView):
    """One registration's answers: read and replaced by its player or the organisers."""

    permission_classes = [IsAuthenticated]

    def _registration(self, request, pk):
        tournament = self.get_tournament()
        registration = get_object_or_404(tournament.registrations, pk=pk)
        if registration.user_id != request.user.pk and not is_organiser(request.user, tournament):
            raise PermissionDenied(
                _("Only the player who registered, or an organiser, may do this.")
            )
        return registration

    @staticmethod
    def _answers(registration) -> dict:
        return {str(a.question_id): a.value for a in registration.answers.all()}

    @extend_schema(parameters=[TOURNAMENT_SLUG], responses={200: AnswersSerializer})
    def get(self, request, tournament_slug, pk):
        registration = self._registration(request, pk)
        return Response({"answers": self._answers(registration)})

    @extend_schema(
        parameters=[TOURNAMENT_SLUG],
        request=AnswersSerializer,
        responses={200: AnswersSerializer, 409: DETAIL},
    )
    def put(self, request, tournament_slug, pk):
        registration = self._registration(request, pk)
        serializer = AnswersSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        save_answers(registration, serializer.validated_data["answers"], actor_for(request))
        return Response({"answers": self._answers(registration)})
