"""The settings module: embedded default, the switches by environment, production safety.

Each case imports the settings in a fresh Python process with a controlled environment, the way
a deployment would start. The probes that only read settings import the settings module alone
(a tenth of the CPU of ``django.setup()``, which imports every app); the cases about what
``manage.py`` or a request does start the whole project.
"""

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command

ROOT = Path(__file__).resolve().parents[2]
PRODUCTION_ENV = {
    "DEBUG": "0",
    "SECRET_KEY": "x" * 20 + "-production-secret-for-the-check-deploy-test-" + "y" * 20,
    "ALLOWED_HOSTS": "events.example.org",
}
PROBE = (
    "import json; from django.conf import settings as s; "
    "print(json.dumps({'db': s.DATABASES['default']['ENGINE'], "
    "'db_options': s.DATABASES['default'].get('OPTIONS', {}), "
    "'conn_max_age': s.DATABASES['default'].get('CONN_MAX_AGE'), "
    "'layer': s.CHANNEL_LAYERS['default']['BACKEND'], 'eager': s.CELERY_TASK_ALWAYS_EAGER, "
    "'broker': s.CELERY_BROKER_URL, 'debug': s.DEBUG}))"
)


def run_python(args, env_overrides):
    """Run python in the project with only the given settings variables set."""
    env = {k: v for k, v in os.environ.items() if k not in _SETTINGS_VARIABLES}
    env.update(env_overrides)
    env["DJANGO_SETTINGS_MODULE"] = "config.settings"
    return subprocess.run(
        [sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )


_SETTINGS_VARIABLES = {
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


def probe(env_overrides):
    result = run_python(["-c", PROBE], env_overrides)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_embedded_default_needs_no_services():
    settings = probe({})
    assert settings["db"] == "django.db.backends.sqlite3"
    assert settings["db_options"]["transaction_mode"] == "IMMEDIATE"
    assert "journal_mode=WAL" in settings["db_options"]["init_command"]
    # Channels' in-memory layer, made to fan out to thousands (config/memory_layer.py)
    assert settings["layer"] == "config.memory_layer.FanOutInMemoryChannelLayer"
    assert settings["eager"] is True
    assert settings["debug"] is True


def test_database_url_switches_to_pooled_postgresql():
    settings = probe({"DATABASE_URL": "postgres://u:p@127.0.0.1:5432/eye"})
    assert settings["db"] == "django.db.backends.postgresql"
    assert "pool" in settings["db_options"]
    assert settings["conn_max_age"] == 0
    assert settings["db_options"]["server_side_binding"] is True
    assert settings["db_options"]["prepare_threshold"] == 5


def test_server_side_binding_can_be_switched_off_for_a_transaction_pooler():
    settings = probe(
        {"DATABASE_URL": "postgres://u:p@127.0.0.1:5432/eye", "DB_SERVER_SIDE_BINDING": "0"}
    )
    assert settings["db_options"]["server_side_binding"] is False


def test_redis_url_switches_channel_layer_and_celery():
    settings = probe({"REDIS_URL": "redis://127.0.0.1:6379/0"})
    # one PUBLISH per push, each server process fanning it out itself (config/redis_layer.py)
    assert settings["layer"] == "config.pubsub_layer.PipelinedPubSubChannelLayer"
    assert settings["eager"] is False
    assert settings["broker"] == "redis://127.0.0.1:6379/0"
    core = probe({"REDIS_URL": "redis://127.0.0.1:6379/0", "REDIS_CHANNEL_LAYER": "core"})
    assert core["layer"] == "channels_redis.core.RedisChannelLayer"


def test_an_unknown_channel_layer_names_the_variable():
    result = run_python(
        ["manage.py", "check"],
        {"REDIS_URL": "redis://127.0.0.1:6379/0", "REDIS_CHANNEL_LAYER": "x"},
    )
    assert result.returncode != 0 and "REDIS_CHANNEL_LAYER must be one of pubsub, core" in (
        result.stderr
    )


def test_check_deploy_passes_with_production_variables():
    result = run_python(
        ["manage.py", "check", "--deploy", "--fail-level", "WARNING"], PRODUCTION_ENV
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


PROXY_PROBE = (
    "import django; django.setup(); from django.test import Client; "
    "c = Client(HTTP_HOST='events.example.org'); "
    "plain = c.get('/api/schema/'); "
    "proxied = c.get('/api/schema/', headers={'X-Forwarded-Proto': 'https'}); "
    "print(plain.status_code, plain.get('Location'), proxied.status_code, "
    "proxied.get('Strict-Transport-Security'))"
)


def test_behind_a_tls_proxy_a_forwarded_https_request_is_served_not_redirected(tmp_path):
    """``BEHIND_TLS_PROXY=1``: the proxy's ``X-Forwarded-Proto: https`` makes a request secure
    (no redirect loop under ``SECURE_SSL_REDIRECT``); a plain HTTP one is sent to HTTPS."""
    env = {**PRODUCTION_ENV, "BEHIND_TLS_PROXY": "1", "STATIC_ROOT": str(tmp_path)}
    result = run_python(["-c", PROXY_PROBE], env)
    assert result.returncode == 0, result.stderr
    plain, location, proxied, hsts = result.stdout.strip().splitlines()[-1].split(" ", 3)
    assert (plain, location) == ("301", "https://events.example.org/api/schema/")
    assert proxied == "200" and hsts.startswith("max-age=31536000")


@pytest.mark.parametrize("missing", ["SECRET_KEY", "ALLOWED_HOSTS"])
def test_production_refuses_to_start_without_required_variables(missing):
    env = {k: v for k, v in PRODUCTION_ENV.items() if k != missing}
    result = run_python(["manage.py", "check"], env)
    assert result.returncode != 0
    assert missing in result.stderr


def test_the_task_pause_test_hook_is_refused_in_production():
    """The fault tests' pause (``TEST_TASK_PAUSE``) is off by default and never runs on a server."""
    assert "'pause': None" in run_python(["-c", PAUSE_PROBE], {}).stdout
    paused = run_python(["-c", PAUSE_PROBE], {"TEST_TASK_PAUSE_SECONDS": "5"})
    assert "'pause': {'seconds': 5, 'marker': ''}" in paused.stdout, paused.stderr
    refused = run_python(["manage.py", "check"], {**PRODUCTION_ENV, "TEST_TASK_PAUSE_SECONDS": "5"})
    assert refused.returncode != 0
    assert "TEST_TASK_PAUSE_SECONDS is a test hook" in refused.stderr


PAUSE_PROBE = "from django.conf import settings as s; print({'pause': s.TEST_TASK_PAUSE})"


def test_bad_boolean_names_the_variable():
    result = run_python(["manage.py", "check"], {"DEBUG": "maybe"})
    assert result.returncode != 0
    assert "DEBUG must be a yes/no value" in result.stderr


@pytest.mark.django_db  # makemigrations reads the applied migrations (their history's check)
def test_no_model_change_lacks_a_migration():
    """In this process (the models do not depend on the environment): a ``manage.py`` start
    would cost a Django import, some 4 s of CPU."""
    out = io.StringIO()
    try:
        call_command("makemigrations", "--check", "--dry-run", stdout=out, stderr=out)
    except SystemExit as exit:
        pytest.fail(f"a model change lacks its migration ({exit.code}):\n{out.getvalue()}")
