"""The API tests' event and clients, reused by the security tests."""

from tests.api.conftest import anon, event  # noqa: F401 - fixtures
