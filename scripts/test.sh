#!/usr/bin/env bash
# One command for a fresh machine: install the test needs and run the whole suite with coverage.
# Runs on the embedded default; set DATABASE_URL (and TEST_REDIS_URL for the service tests) to
# run against real servers. Extra arguments go to pytest.
source "$(dirname "$0")/python.sh"
ensure_requirements requirements-test.txt
exec .venv/bin/python -m pytest \
  --cov --cov-branch --cov-report=term:skip-covered --cov-fail-under=0 "$@"
