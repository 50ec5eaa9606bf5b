"""Round generation over the API: a job, run by Celery, that the client can follow.

``POST .../rounds/generate/`` creates (or finds: the request is idempotent) the job for the next
Swiss round and answers 202 with the job and its status URL. With the embedded default Celery is
eager, so the job is usually done by the time the answer leaves; with workers it is queued.
``GET /api/v1/jobs/<id>/`` follows any job (staff of its event).
"""

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from tournament.api.base import EventApiMixin
from tournament.jobs import queue_was_unreachable, redelivery_expected_at, request_swiss_round
from tournament.models import GenerationJob, Tournament
from tournament.services.permissions import is_referee


class GenerationJobSerializer(serializers.ModelSerializer):
    """A background job's progress, and the round it made."""

    round = serializers.SerializerMethodField()
    status_url = serializers.SerializerMethodField()
    redelivery_expected_at = serializers.SerializerMethodField(
        help_text="Set while a running job has reported nothing for a while (its worker is "
        "probably gone): when the queue hands it to another worker."
    )

    class Meta:
        model = GenerationJob
        fields = [
            "id",
            "kind",
            "status",
            "progress",
            "message",
            "error",
            "round",
            "status_url",
            "redelivery_expected_at",
            "created_at",
            "updated_at",
        ]
        read_only_fields = fields

    def get_round(self, job) -> int | None:
        return job.round.number if job.round_id else None

    def get_redelivery_expected_at(self, job) -> str | None:
        when = redelivery_expected_at(job)
        return when.isoformat() if when else None

    def get_status_url(self, job) -> str:
        request = self.context.get("request")
        path = f"/api/v1/jobs/{job.pk}/"
        return request.build_absolute_uri(path) if request else path


def start_swiss_round(tournament: Tournament, actor, *, seed: int | None = None):
    """The job generating the next Swiss round (new, or the one already asked for)."""
    job, created = request_swiss_round(tournament, actor, seed=seed)
    job.refresh_from_db()
    return job, created


def job_response(job: GenerationJob, request) -> Response:
    """202 with the job; 503 with the job and a retry hint when the queue could not be reached."""
    body = GenerationJobSerializer(job, context={"request": request}).data
    if queue_was_unreachable(job):
        body["detail"] = _(
            "the task queue (Redis) could not be reached, so nothing was started; send the "
            "same request again to retry"
        )
        return Response(
            body, status=status.HTTP_503_SERVICE_UNAVAILABLE, headers={"Retry-After": "5"}
        )
    return Response(body, status=status.HTTP_202_ACCEPTED)


class JobView(EventApiMixin, APIView):
    """A background job's progress (staff of its tournament only)."""

    @extend_schema(responses=GenerationJobSerializer)
    def get(self, request, pk):
        job = get_object_or_404(GenerationJob.objects.select_related("tournament", "round"), pk=pk)
        if not is_referee(request.user, job.tournament):
            raise exceptions.NotFound()
        return Response(GenerationJobSerializer(job, context={"request": request}).data)
