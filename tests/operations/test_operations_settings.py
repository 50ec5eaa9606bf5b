"""The operations variables at start-up: Sentry only with SENTRY_DSN, bad values refused by name.

Each case starts the settings in a fresh Python process, as a deployment would (the refusals
share one: tests/foundation/settings_probe.py).
"""

import json

from tests.foundation.settings_probe import run_python, settings_under

SENTRY_PROBE = (
    "import json, sys, django; django.setup(); "
    "loaded = 'sentry_sdk' in sys.modules; "
    "client = sys.modules['sentry_sdk'].get_client() if loaded else None; "
    "print(json.dumps({'loaded': loaded, "
    "'active': bool(client and client.is_active()), "
    "'pii': client.options['send_default_pii'] if client else None, "
    "'environment': client.options['environment'] if client else None, "
    "'integrations': sorted(client.integrations) if client else []}))"
)


def sentry_state(env: dict) -> dict:
    result = run_python(["-c", SENTRY_PROBE], {"SENTRY_DSN": "", **env})
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_sentry_is_neither_imported_nor_started_without_a_dsn():
    assert sentry_state({}) == {
        "loaded": False,
        "active": False,
        "pii": None,
        "environment": None,
        "integrations": [],
    }


def test_sentry_reports_django_and_celery_without_personal_data_with_a_dsn():
    state = sentry_state(
        {"SENTRY_DSN": "https://publickey@127.0.0.1:9/1", "SENTRY_ENVIRONMENT": "club-server"}
    )
    assert state["loaded"] and state["active"]
    assert state["pii"] is False
    assert state["environment"] == "club-server"
    assert {"django", "celery"} <= set(state["integrations"])


def test_bad_operations_values_stop_the_start_naming_the_variable():
    """Read from the settings module, each environment imported afresh in one process
    (tests/foundation/settings_probe.py): the settings are what any start imports first."""
    bad = {
        "LOG_FORMAT": {"LOG_FORMAT": "xml"},
        "METRICS_TOKEN": {"METRICS_TOKEN": "short"},
        "SENTRY": {"SENTRY_TRACES_SAMPLE_RATE": "lots", "SENTRY_DSN": "https://k@127.0.0.1:9/1"},
    }
    started = settings_under(bad, [])
    for named in bad:
        assert "error" in started[named], (named, started[named])
        assert named in started[named]["error"], started[named]
