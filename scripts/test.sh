#!/usr/bin/env bash
# One command for a fresh machine: install the test needs and run the whole suite with coverage.
# Runs on the embedded default; set DATABASE_URL (and TEST_REDIS_URL for the service tests) to
# run against real servers. Two pytest-xdist workers by default (TEST_WORKERS=0 runs in one
# process). The coverage floor (pyproject.toml, fail_under) is for the whole suite: to run a
# few tests, call .venv/bin/python -m pytest directly. Extra arguments go to pytest.
source "$(dirname "$0")/python.sh"
ensure_requirements requirements-test.txt
exec .venv/bin/python -m pytest --numprocesses="${TEST_WORKERS:-2}" --durations=25 \
  --cov --cov-branch --cov-report=term:skip-covered "$@"
