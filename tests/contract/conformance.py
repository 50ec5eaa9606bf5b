"""The API's answers checked against the OpenAPI document it serves (``/api/schema/``).

``ConformingClient`` is DRF's test client that checks every answer it gets: its status is one
the operation documents, and its body (JSON) matches that status's schema. openapi-core does the
checking, the same way a client generated from the document would read the answer.
"""

from functools import cache

from drf_spectacular.generators import SchemaGenerator
from openapi_core import Config, OpenAPI
from openapi_core.testing import MockRequest, MockResponse
from rest_framework.test import APIClient


@cache
def api_document() -> dict:
    """The document ``manage.py spectacular`` writes and ``/api/schema/`` serves."""
    return SchemaGenerator().get_schema(request=None, public=True)


def as_text(value: bytes, charset: str = "utf-8", **parameters) -> str:
    return value.decode(charset)


@cache
def openapi() -> OpenAPI:
    text = {"text/csv": as_text}  # a CSV answer is text, its schema a string
    # No check of the document itself here (some 4 s of CPU per test process): that is
    # tests/contract/test_schema_document.py's, with the same validator.
    config = Config(extra_media_type_deserializers=text, spec_validator_cls=None)
    return OpenAPI.from_dict(api_document(), config=config)


def check_answer(response) -> None:
    """Raise (openapi-core's error, with the answer) unless the answer matches the document."""
    request = response.wsgi_request
    answer = MockResponse(
        data=response.content,
        status_code=response.status_code,
        headers=dict(response.headers),
        content_type=response.get("Content-Type", ""),
    )
    asked = MockRequest(
        "http://testserver",
        request.method,
        request.path,
        args=request.GET,
        headers=dict(request.headers),
    )
    try:
        openapi().validate_response(asked, answer)
    except Exception as error:
        cause = error.__cause__ or error
        problems = [
            f"{'/'.join(map(str, e.absolute_path))}: {e.message}"
            for e in getattr(cause, "schema_errors", ())
        ] or [repr(cause)]
        raise AssertionError(
            f"{request.method} {request.get_full_path()} -> {response.status_code} "
            f"does not match the schema: {problems}\n{response.content[:1500]!r}"
        ) from None


class ConformingClient(APIClient):
    """An APIClient sending JSON (as the document states) whose every answer must match it."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.default_format = "json"

    def request(self, **kwargs):
        response = super().request(**kwargs)
        check_answer(response)
        return response
