"""The API tests' event (round 1 published, two tables of four) serves the contract tests too."""

from tests.api.conftest import event  # noqa: F401
