"""Hypothesis's two profiles, chosen by ``HYPOTHESIS_PROFILE``: "ci" and "dev" (the default).

* ``ci`` (``.ci/run``): every property test runs its full count of examples (Hypothesis's 100,
  or the count the test names through :func:`examples`).
* ``dev`` (``./scripts/test.sh`` on a laptop, and a bare ``pytest``): a quarter of that count,
  at least 20 examples (never more than the test's own count). The same properties are checked
  on fewer random inputs; CI keeps the full search.

Both leave Hypothesis's wall-clock checks off: tests assert what is right, never how fast (a
200 ms deadline per example, "input generation is slow") fail on a loaded 2-core machine for no
fault of the code; a one-integer draw once took 1.6 s in a full run.
"""

import os

from hypothesis import HealthCheck, settings

PROFILES = ("ci", "dev")
PROFILE = os.environ.get("HYPOTHESIS_PROFILE") or "dev"
if PROFILE not in PROFILES:
    raise RuntimeError(f"HYPOTHESIS_PROFILE={PROFILE!r}: choose one of {', '.join(PROFILES)}")

# Hypothesis's own default count of examples, for the tests that name none.
DEFAULT_EXAMPLES = 100


def examples(count: int) -> int:
    """The number of examples for a property test that asks for ``count`` in CI."""
    return examples_of(PROFILE, count)


def load() -> None:
    """Register both profiles and load the chosen one (the root conftest calls this)."""
    common = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow]}
    settings.register_profile("ci", max_examples=DEFAULT_EXAMPLES, **common)
    settings.register_profile("dev", max_examples=examples_of("dev", DEFAULT_EXAMPLES), **common)
    settings.load_profile(PROFILE)


def examples_of(profile: str, count: int) -> int:
    """:func:`examples` for ``profile`` rather than the chosen one."""
    return count if profile == "ci" else min(count, max(count // 4, 20))
