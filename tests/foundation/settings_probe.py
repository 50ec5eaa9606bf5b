"""The settings module imported under several environments, in one fresh Python process.

A Python start costs about 0.7 s of CPU (the settings module alone; ``django.setup()`` about
3 s), so the cases that only read settings, or only check that the settings refuse an
environment, share one process: for each environment it sets ``os.environ`` to exactly the
test run's variables without the settings ones, plus that environment, forgets every
``config`` module and imports ``config.settings`` again, as a deployment's start would. What
``manage.py`` or a request does with the settings still gets its own process
(``run_python``).
"""

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# Every variable the settings read that a test sets: the run's own values are left out, so each
# case sees only what it names.
SETTINGS_VARIABLES = frozenset(
    {
        "DEBUG",
        "SECRET_KEY",
        "ALLOWED_HOSTS",
        "DATABASE_URL",
        "REDIS_URL",
        "CELERY_TASK_ALWAYS_EAGER",
        "DB_SERVER_SIDE_BINDING",
        "DB_PREPARE_THRESHOLD",
        "STATIC_ROOT",
        "BEHIND_TLS_PROXY",
        "SECURE_SSL_REDIRECT",
        "TEST_TASK_PAUSE_SECONDS",
        "TEST_TASK_PAUSE_MARKER",
    }
)

# Runs in the fresh process: reads {name: environment} and the settings to report on stdin,
# prints {name: {"settings": {...}} or {"error": "..."}}.
_PROBE = """
import importlib, json, os, sys
cases, names = json.loads(sys.stdin.read())
base = dict(os.environ)
found = {}
for case, environment in cases.items():
    os.environ.clear()
    os.environ.update(base)
    os.environ.update(environment)
    for module in [m for m in sys.modules if m == "config" or m.startswith("config.")]:
        del sys.modules[module]
    try:
        settings = importlib.import_module("config.settings")
    except Exception as error:
        found[case] = {"error": f"{type(error).__name__}: {error}"}
        continue
    found[case] = {"settings": {name: getattr(settings, name) for name in names}}
print(json.dumps(found, default=repr))
"""


def run_python(args, env_overrides, **options):
    """Run python in the project with only the given settings variables set."""
    env = {k: v for k, v in os.environ.items() if k not in SETTINGS_VARIABLES}
    env.update(env_overrides)
    env["DJANGO_SETTINGS_MODULE"] = "config.settings"
    return subprocess.run(
        [sys.executable, *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        **options,
    )


def settings_under(environments: dict[str, dict], names: list[str]) -> dict[str, dict]:
    """For each named environment, the settings ``names`` (``{"settings": {...}}``) or the
    error that stopped the settings module (``{"error": "ImproperlyConfigured: ..."}``)."""
    done = run_python(["-c", _PROBE], {}, input=json.dumps([environments, names]))
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])
