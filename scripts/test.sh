#!/usr/bin/env bash
# One command for a fresh machine: install the test needs, check the style (ruff) and the types of
# the pure layer (mypy, strict: pyproject.toml), then run the whole suite. A style or type error
# fails at once, before any test runs.
# Runs on the embedded default; set DATABASE_URL (and TEST_REDIS_URL for the service tests) to
# run against real servers. Two pytest-xdist workers by default (TEST_WORKERS=0 runs in one
# process). Coverage is measured in CI only (.ci/run sets TEST_COVERAGE=1: branch coverage and
# the floor of pyproject.toml, fail_under, for the whole suite). Property tests run Hypothesis's
# "dev" profile unless HYPOTHESIS_PROFILE says "ci" (tests/hypothesis_profiles.py; CI's is "ci").
# To run a few tests, call .venv/bin/python -m pytest directly. Extra arguments go to pytest.
source "$(dirname "$0")/python.sh"
ensure_requirements requirements-test.txt
check() {
  local what=$1
  shift
  if ! "$@"; then
    echo "scripts/test.sh: $what failed ($*): fix it before the tests run" >&2
    exit 1
  fi
}
# TEST_CHECKS=0 skips them (CI's second run: its first did them on the same tree).
if [ "${TEST_CHECKS:-1}" != 0 ]; then
  check "the format check" .venv/bin/ruff format --check --quiet .
  check "the lint" .venv/bin/ruff check --quiet .
  check "the type check" .venv/bin/mypy
fi
coverage=()
if [ "${TEST_COVERAGE:-0}" = 1 ]; then
  coverage=(--cov --cov-branch --cov-report=term:skip-covered)
fi
export HYPOTHESIS_PROFILE=${HYPOTHESIS_PROFILE:-dev}
# Compiled modules are kept (__pycache__, ignored by git): with PYTHONDONTWRITEBYTECODE set, as
# in some shells, every worker and every server or manage.py a test starts compiles the project
# and pytest rewrites every test module's asserts again, each time.
unset PYTHONDONTWRITEBYTECODE
exec .venv/bin/python -m pytest --numprocesses="${TEST_WORKERS:-2}" --durations=25 \
  "${coverage[@]}" "$@"
