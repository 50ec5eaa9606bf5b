"""The API tests' event and clients, reused by the fuzzers."""

from tests.api.conftest import anon, event  # noqa: F401 - fixtures
