"""The settings module: embedded default, the switches by environment, production safety.

Each case imports the settings in a fresh Python process with a controlled environment, the way
a deployment would start. The cases that only read settings, or check that the settings refuse
an environment, share one process that imports the settings module afresh for each environment
(tests/foundation/settings_probe.py: a Python start is about 0.7 s of CPU, ``django.setup()``
about 3 s); the cases about what ``manage.py`` or a request does start the whole project.
"""

import io

import pytest
from django.core.management import call_command

from tests.foundation.settings_probe import run_python, settings_under

PRODUCTION_ENV = {
    "DEBUG": "0",
    "SECRET_KEY": "x" * 20 + "-production-secret-for-the-check-deploy-test-" + "y" * 20,
    "ALLOWED_HOSTS": "events.example.org",
}
POSTGRES = {"DATABASE_URL": "postgres://u:p@127.0.0.1:5432/eye"}
REDIS = {"REDIS_URL": "redis://127.0.0.1:6379/0"}
# Every environment this module reads the settings under, imported in one process.
ENVIRONMENTS = {
    "embedded": {},
    "postgres": POSTGRES,
    "postgres without server-side binding": {**POSTGRES, "DB_SERVER_SIDE_BINDING": "0"},
    "redis": REDIS,
    "redis, core layer": {**REDIS, "REDIS_CHANNEL_LAYER": "core"},
    "redis, unknown layer": {**REDIS, "REDIS_CHANNEL_LAYER": "x"},
    "production without SECRET_KEY": {k: v for k, v in PRODUCTION_ENV.items() if k != "SECRET_KEY"},
    "production without ALLOWED_HOSTS": {
        k: v for k, v in PRODUCTION_ENV.items() if k != "ALLOWED_HOSTS"
    },
    "task pause": {"TEST_TASK_PAUSE_SECONDS": "5"},
    "task pause in production": {**PRODUCTION_ENV, "TEST_TASK_PAUSE_SECONDS": "5"},
    "bad boolean": {"DEBUG": "maybe"},
}
NAMES = [
    "DATABASES",
    "CHANNEL_LAYERS",
    "CELERY_TASK_ALWAYS_EAGER",
    "CELERY_BROKER_URL",
    "DEBUG",
    "TEST_TASK_PAUSE",
]


@pytest.fixture(scope="module")
def started():
    """The settings (or the error that stopped them) under each of :data:`ENVIRONMENTS`."""
    return settings_under(ENVIRONMENTS, NAMES)


def probe(started, case) -> dict:
    """The settings the old one-process-per-case probe printed, under ``case``'s environment."""
    assert "settings" in started[case], started[case]
    s = started[case]["settings"]
    database = s["DATABASES"]["default"]
    return {
        "db": database["ENGINE"],
        "db_options": database.get("OPTIONS", {}),
        "conn_max_age": database.get("CONN_MAX_AGE"),
        "layer": s["CHANNEL_LAYERS"]["default"]["BACKEND"],
        "eager": s["CELERY_TASK_ALWAYS_EAGER"],
        "broker": s["CELERY_BROKER_URL"],
        "debug": s["DEBUG"],
        "pause": s["TEST_TASK_PAUSE"],
    }


def refusal(started, case) -> str:
    """The error that stopped the settings under ``case``'s environment."""
    assert "error" in started[case], f"{case}: the settings started ({started[case]})"
    return started[case]["error"]


def test_embedded_default_needs_no_services(started):
    settings = probe(started, "embedded")
    assert settings["db"] == "django.db.backends.sqlite3"
    assert settings["db_options"]["transaction_mode"] == "IMMEDIATE"
    assert "journal_mode=WAL" in settings["db_options"]["init_command"]
    # Channels' in-memory layer, made to fan out to thousands (config/memory_layer.py)
    assert settings["layer"] == "config.memory_layer.FanOutInMemoryChannelLayer"
    assert settings["eager"] is True
    assert settings["debug"] is True


def test_database_url_switches_to_pooled_postgresql(started):
    settings = probe(started, "postgres")
    assert settings["db"] == "django.db.backends.postgresql"
    assert "pool" in settings["db_options"]
    assert settings["conn_max_age"] == 0
    assert settings["db_options"]["server_side_binding"] is True
    assert settings["db_options"]["prepare_threshold"] == 5


def test_server_side_binding_can_be_switched_off_for_a_transaction_pooler(started):
    settings = probe(started, "postgres without server-side binding")
    assert settings["db_options"]["server_side_binding"] is False


def test_redis_url_switches_channel_layer_and_celery(started):
    settings = probe(started, "redis")
    # one PUBLISH per push, each server process fanning it out itself (config/redis_layer.py)
    assert settings["layer"] == "config.pubsub_layer.PipelinedPubSubChannelLayer"
    assert settings["eager"] is False
    assert settings["broker"] == "redis://127.0.0.1:6379/0"
    core = probe(started, "redis, core layer")
    assert core["layer"] == "channels_redis.core.RedisChannelLayer"


def test_an_unknown_channel_layer_names_the_variable(started):
    assert "REDIS_CHANNEL_LAYER must be one of pubsub, core" in refusal(
        started, "redis, unknown layer"
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
    "plain = c.get('/jsi18n/'); "
    "proxied = c.get('/jsi18n/', headers={'X-Forwarded-Proto': 'https'}); "
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
    assert (plain, location) == ("301", "https://events.example.org/jsi18n/")
    assert proxied == "200" and hsts.startswith("max-age=31536000")


@pytest.mark.parametrize("missing", ["SECRET_KEY", "ALLOWED_HOSTS"])
def test_production_refuses_to_start_without_required_variables(started, missing):
    assert missing in refusal(started, f"production without {missing}")


def test_manage_py_stops_on_a_refused_setting_and_names_it():
    """The settings' refusal stops ``manage.py`` itself (the other refusals are read from the
    settings module: what any start imports first)."""
    result = run_python(["manage.py", "check"], {"DEBUG": "0"})
    assert result.returncode != 0
    assert "SECRET_KEY" in result.stderr


def test_the_task_pause_test_hook_is_refused_in_production(started):
    """The fault tests' pause (``TEST_TASK_PAUSE``) is off by default and never runs on a server."""
    assert probe(started, "embedded")["pause"] is None
    assert probe(started, "task pause")["pause"] == {"seconds": 5, "marker": ""}
    assert "TEST_TASK_PAUSE_SECONDS is a test hook" in refusal(started, "task pause in production")


def test_bad_boolean_names_the_variable(started):
    assert "DEBUG must be a yes/no value" in refusal(started, "bad boolean")


@pytest.mark.django_db  # makemigrations reads the applied migrations (their history's check)
def test_no_model_change_lacks_a_migration():
    """In this process (the models do not depend on the environment): a ``manage.py`` start
    would cost a Django import, some 4 s of CPU."""
    out = io.StringIO()
    try:
        call_command("makemigrations", "--check", "--dry-run", stdout=out, stderr=out)
    except SystemExit as exit:
        pytest.fail(f"a model change lacks its migration ({exit.code}):\n{out.getvalue()}")
