"""The API of an event's webhooks (``/api/v1/tournaments/<slug>/webhooks/``), for its
organisers only: list, add (the answer holds the secret, once), read, change, remove, rotate the
secret, send a test event, and the delivery log. Every change goes through
``notifications.services.webhooks``; a refusal of the service is a 409, a bad field a 400.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema, extend_schema_view, inline_serializer
from rest_framework import mixins, serializers, status
from rest_framework.decorators import action
from rest_framework.response import Response

from common.api.serializers import StrictSerializer
from common.api.views import actor_for
from notifications.logic.webhook_payloads import EVENT_TYPES
from notifications.models import MAX_URL_LENGTH, WebhookDelivery, WebhookEndpoint, WebhookKind
from notifications.services import webhooks as service
from tournament.api.base import TOURNAMENT_SLUG, TournamentChildViewSet
from tournament.services.permissions import IsTournamentOrganiser

#: deliveries the log answers (newest first)
LOG_LENGTH = 100


class WebhookEndpointSerializer(serializers.ModelSerializer):
    """An endpoint as the API shows it (never its secret)."""

    class Meta:
        model = WebhookEndpoint
        fields = [
            "id",
            "kind",
            "url",
            "events",
            "active",
            "consecutive_failures",
            "disabled_reason",
            "last_success_at",
            "created_at",
        ]
        read_only_fields = fields

    events = serializers.ListField(child=serializers.CharField())


class CreatedEndpointSerializer(WebhookEndpointSerializer):
    """An endpoint just made, with its signing secret (shown this once)."""

    secret = serializers.CharField(help_text=_("whsec_...: shown only in this answer."))

    class Meta(WebhookEndpointSerializer.Meta):
        fields = [*WebhookEndpointSerializer.Meta.fields, "secret"]
        read_only_fields = fields


class WebhookWriteSerializer(StrictSerializer):
    url = serializers.CharField(max_length=MAX_URL_LENGTH)
    kind = serializers.ChoiceField(choices=WebhookKind.choices, default=WebhookKind.STANDARD)
    events = serializers.ListField(
        child=serializers.ChoiceField(choices=list(EVENT_TYPES)),
        min_length=1,
        max_length=len(EVENT_TYPES),
    )
    active = serializers.BooleanField(required=False, default=True)

    def validate(self, attrs):
        errors = service.input_errors(attrs.get("url"), attrs.get("kind"), attrs.get("events"))
        if errors:
            raise serializers.ValidationError(errors)
        return attrs


class DeliverySerializer(serializers.ModelSerializer):
    class Meta:
        model = WebhookDelivery
        fields = [
            "message_id",
            "event_type",
            "attempt",
            "status_code",
            "duration_ms",
            "error",
            "response_excerpt",
            "retry_in",
            "created_at",
        ]
        read_only_fields = fields


SECRET = inline_serializer("WebhookSecret", {"secret": serializers.CharField()})
TEST_SENT = inline_serializer("WebhookTestSent", {"message_id": serializers.CharField()})


@extend_schema_view(
    list=extend_schema(parameters=[TOURNAMENT_SLUG]),
    retrieve=extend_schema(parameters=[TOURNAMENT_SLUG]),
    create=extend_schema(
        parameters=[TOURNAMENT_SLUG],
        request=WebhookWriteSerializer,
        responses={201: CreatedEndpointSerializer},
    ),
    update=extend_schema(
        parameters=[TOURNAMENT_SLUG],
        request=WebhookWriteSerializer,
        responses={200: WebhookEndpointSerializer},
    ),
    destroy=extend_schema(parameters=[TOURNAMENT_SLUG], responses={204: None}),
)
class WebhookViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, TournamentChildViewSet):
    """An event's webhook endpoints (its organisers only)."""

    queryset = WebhookEndpoint.objects.none()
    serializer_class = WebhookEndpointSerializer
    permission_classes = [IsTournamentOrganiser]
    pagination_class = None
    http_method_names = ["get", "post", "put", "delete", "head", "options"]

    def rows(self, tournament):
        return WebhookEndpoint.objects.filter(tournament=tournament)

    def create(self, request, *args, **kwargs):
        fields = self.validated(WebhookWriteSerializer)
        endpoint, secret = service.create_endpoint(
            self.get_tournament(),
            url=fields["url"],
            kind=fields["kind"],
            events=fields["events"],
            actor=actor_for(request),
        )
        endpoint.secret = secret
        return Response(CreatedEndpointSerializer(endpoint).data, status=status.HTTP_201_CREATED)

    def update(self, request, *args, **kwargs):
        endpoint = self.get_object()
        fields = self.validated(WebhookWriteSerializer)
        endpoint = service.update_endpoint(
            endpoint,
            url=fields["url"],
            events=fields["events"],
            active=fields["active"],
            actor=actor_for(request),
        )
        return Response(WebhookEndpointSerializer(endpoint).data)

    def destroy(self, request, *args, **kwargs):
        service.delete_endpoint(self.get_object(), actor_for(request))
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(parameters=[TOURNAMENT_SLUG], request=None, responses={200: SECRET})
    @action(detail=True, methods=["post"], url_path="rotate-secret")
    def rotate_secret(self, request, *args, **kwargs):
        """A new signing secret (the old one stops at once); shown only in this answer."""
        return Response({"secret": service.rotate_secret(self.get_object(), actor_for(request))})

    @extend_schema(parameters=[TOURNAMENT_SLUG], request=None, responses={202: TEST_SENT})
    @action(detail=True, methods=["post"])
    def test(self, request, *args, **kwargs):
        """Send ``webhook.test`` to the endpoint now."""
        message_id = service.send_test_event(self.get_object(), actor_for(request))
        return Response({"message_id": message_id}, status=status.HTTP_202_ACCEPTED)

    @extend_schema(parameters=[TOURNAMENT_SLUG], responses={200: DeliverySerializer(many=True)})
    @action(detail=True, methods=["get"])
    def deliveries(self, request, *args, **kwargs):
        """The endpoint's latest delivery attempts, newest first."""
        log = self.get_object().deliveries.all()[:LOG_LENGTH]
        return Response(DeliverySerializer(log, many=True).data)
