"""How the API's OpenAPI document states its error answers (``DEFAULT_SCHEMA_CLASS``).

Every operation documents the errors it can answer, as named components a generated client
can parse (the format is ``common.api.errors``):

* 400 - ``FieldErrors`` (a list of messages per field) or ``Detail`` (a body that is not JSON,
  a bad character in the request); a view's own 400 (a refused result: ``ResultErrors``; the
  CSV import's errors by line) is one more choice;
* 401, 403, 429 - ``Detail`` on every operation (a bad token, missing rights, a rate limit);
* 404 - ``Detail`` on operations with a path parameter;
* 409 - ``Detail`` on operations that change something;
* 413, 415 - ``Detail`` on operations that take a body (too large; not JSON nor a form).

A view serving a file (``as_csv``: the standings as CSV) documents its 200 as ``text/csv``, and
each operation id is a plain identifier (``standings_csv``, not ``standings.csv``).
"""

import re

from django.utils.translation import gettext_lazy as _
from drf_spectacular.openapi import AutoSchema
from drf_spectacular.plumbing import ResolvedComponent

from common.api.serializers import DETAIL

FIELD_ERRORS = ResolvedComponent(
    "FieldErrors",
    ResolvedComponent.SCHEMA,
    object="FieldErrors",
    schema={
        "type": "object",
        "description": _(
            "Invalid input: each field with its list of messages (an object for a nested "
            'field\'s own errors); "non_field_errors" for the body as a whole.'
        ),
        "additionalProperties": {"anyOf": [{"type": "array", "items": {}}, {"type": "object"}]},
    },
)

DESCRIPTIONS = {
    "400": _("Invalid input"),
    "401": _("No credentials, or credentials that are not valid"),
    "403": _("The credentials do not allow this"),
    "404": _("Not found, or not visible to you"),
    "409": _("Not possible in the current state"),
    "413": _("The request body is too large"),
    "415": _("The request body is of a type this operation does not take"),
    "429": _("Too many requests: wait as long as Retry-After says"),
}

CHANGES = {"POST", "PUT", "PATCH", "DELETE"}
WITH_BODY = {"POST", "PUT", "PATCH"}


class ErrorDocumentingAutoSchema(AutoSchema):
    """drf-spectacular's AutoSchema, plus the error answers each operation can give."""

    def get_operation_id(self):
        return re.sub(r"\W", "_", super().get_operation_id())

    def _get_response_bodies(self, direction="response"):
        responses = super()._get_response_bodies(direction)
        if direction != "response":
            return responses
        if getattr(self.view, "as_csv", False):
            responses = {
                "200": {
                    "content": {"text/csv": {"schema": {"type": "string"}}},
                    "description": _("A table as CSV, a header line first"),
                }
            }
        self.registry.register_on_missing(FIELD_ERRORS)
        for code, schemas in self.error_answers().items():
            body = {"anyOf": schemas} if len(schemas) > 1 else schemas[0]
            if code in responses:
                if code != "400":
                    continue
                documented = [m["schema"] for m in responses[code]["content"].values()]
                body = {"anyOf": [*documented[:1], *schemas]}
            responses[code] = {
                "content": {"application/json": {"schema": body}},
                "description": DESCRIPTIONS[code],
            }
        return responses

    def error_answers(self) -> dict[str, list[dict]]:
        """The error codes of this operation, each with the bodies it can answer."""
        detail = [self.resolve_serializer(DETAIL, "response").ref]
        invalid = [FIELD_ERRORS.ref, *detail]
        answers = {"400": invalid, "401": detail, "403": detail}
        if "{" in self.path:
            answers["404"] = detail
        if self.method in CHANGES:
            answers["409"] = detail
        if self.method in WITH_BODY:
            answers["413"] = answers["415"] = detail
        answers["429"] = detail
        return answers
