"""The API's error format (``REST_FRAMEWORK["EXCEPTION_HANDLER"]`` and every API view).

Error format (every endpoint of /api/v1/):

* invalid input - 400, one list of messages per field: ``{"name": ["This field is required."]}``
  (unknown keys in a body are refused the same way: ``{"colour": ["Unknown field."]}``);
* a result the rules refuse (``engine.errors.ResultInvalid``) - 400
  ``{"errors": [{"side": "12", "field": "survivors", "message": "..."}]}``
  (``side`` is null for whole-game problems; the message in the request's language);
* an action that is not possible in the current state (any service's refusal, a
  ``common.errors.ServiceError``; a concurrent change caught by the database) - 409
  ``{"detail": "..."}``;
* no credentials - 401; credentials without the right - 403; not visible to you - 404;
* a JSON body nested deeper than 20 levels, or holding a NUL character or a lone surrogate
  (text PostgreSQL cannot store) - 400 ``{"detail": "..."}`` saying which, before any view runs.
"""

from django.db import IntegrityError
from django.utils.translation import gettext as _
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from common.engine_messages import problem_text
from common.errors import ServiceError
from engine.errors import EngineUserError, ResultInvalid


def api_exception_handler(exc, context):
    """DRF's handler plus the engine's and the services' errors, in the format above."""
    if isinstance(exc, ResultInvalid):
        return Response(
            {"errors": [{**p.to_dict(), "message": problem_text(p)} for p in exc.problems]},
            status=status.HTTP_400_BAD_REQUEST,
        )
    if isinstance(exc, EngineUserError):
        return Response({"detail": exc.message}, status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, ServiceError):
        return Response({"detail": str(exc)}, status=status.HTTP_409_CONFLICT)
    if isinstance(exc, IntegrityError):
        return Response(
            {"detail": _("the change conflicts with the current data; reload and try again")},
            status=status.HTTP_409_CONFLICT,
        )
    return drf_exception_handler(exc, context)
