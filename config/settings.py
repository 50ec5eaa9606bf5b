"""Django settings for the tournament platform: one module, driven by environment variables.

With nothing set, the app runs on its embedded default: SQLite (WAL journal, IMMEDIATE
transactions), the in-memory channel layer and eager Celery, so one process needs no services.

- ``DATABASE_URL`` (e.g. ``postgres://user:pw@127.0.0.1:5432/eye``) switches to PostgreSQL through
  psycopg 3 with its connection pool.
- ``REDIS_URL`` (e.g. ``redis://127.0.0.1:6379/0``) switches the channel layer, the cache and the
  Celery broker to Redis; Celery tasks then run in separate worker processes.
- ``DEBUG`` defaults to on for the embedded default. ``DEBUG=0`` gives production-safe settings:
  ``SECRET_KEY`` and ``ALLOWED_HOSTS`` become required and HTTPS protections switch on.

The README lists every variable.
"""

import re
from pathlib import Path

import dj_email_url
from django.core.exceptions import ImproperlyConfigured

from config import api_settings, sentry
from config.databases import most_views, postgres_database, sqlite_database
from config.env import env_bool, env_choice, env_int, env_list, env_str
from config.log_config import logging_config
from config.redis_layer import LAYER_KINDS, cache_options, redis_channel_layer

BASE_DIR = Path(__file__).resolve().parent.parent

DEBUG = env_bool("DEBUG", True)

_DEV_SECRET_KEY = "dev-only-insecure-key-never-use-in-production"
SECRET_KEY = env_str("SECRET_KEY", _DEV_SECRET_KEY if DEBUG else "")
if not DEBUG and (not SECRET_KEY or SECRET_KEY == _DEV_SECRET_KEY or len(SECRET_KEY) < 50):
    raise ImproperlyConfigured(
        "SECRET_KEY must be set to a random value of at least 50 characters when DEBUG is off"
    )

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]"] if DEBUG else [])
if not DEBUG and not ALLOWED_HOSTS:
    raise ImproperlyConfigured("ALLOWED_HOSTS must list the site's host names when DEBUG is off")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])
CSRF_FAILURE_VIEW = "config.csrf_failure.csrf_failure"

INSTALLED_APPS = [
    "daphne",
    "accounts.apps.SuperuserAdminConfig",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "rest_framework",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "channels",
    "allauth",
    "allauth.account",
    "allauth.mfa",
    "allauth.usersessions",
    "tournament.apps.TournamentConfig",
    "matches.apps.MatchesConfig",
    "common.audit.apps.AuditConfig",
    "accounts.apps.AccountsConfig",
    "leagues.apps.LeaguesConfig",
    "registrations.apps.RegistrationsConfig",
    "notifications.apps.NotificationsConfig",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "config.request_id.RequestIdMiddleware",
    # /healthz, /readyz and /metrics answer here, before host checks, sessions and CSRF
    "config.probes.ProbesMiddleware",
    "config.request_metrics.RequestMetricsMiddleware",
    "config.headers.SecurityHeadersMiddleware",
    "config.security.RequestLimitsMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # after the session, before CommonMiddleware: the switcher's cookie, then Accept-Language
    "django.middleware.locale.LocaleMiddleware",
    "config.slashes.WriteWithoutSlashMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    "allauth.usersessions.middleware.UserSessionsMiddleware",
    "accounts.middleware.SuperuserSecondFactorMiddleware",
    # after authentication: a signed-in person's saved language wins; an event page's zone is
    # reset after each request (docs/translating.md, "Which language")
    "accounts.language.SavedLanguageMiddleware",
]

if not DEBUG:
    # Production serves the collected static files itself; in DEBUG runserver does it.
    MIDDLEWARE.insert(1, "whitenoise.middleware.WhiteNoiseMiddleware")

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
                "accounts.context_processors.accounts",
            ],
        },
    },
]

# --- Database -----------------------------------------------------------------------------------
DATABASE_URL = env_str("DATABASE_URL")
DATABASES = {
    "default": postgres_database(DATABASE_URL) if DATABASE_URL else sqlite_database(BASE_DIR)
}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Redis: channel layer, cache, Celery broker -------------------------------------------------
REDIS_URL = env_str("REDIS_URL")
if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": redis_channel_layer(
            REDIS_URL, env_choice("REDIS_CHANNEL_LAYER", "pubsub", LAYER_KINDS)
        )
    }
    CACHES = {
        "default": {
            "BACKEND": "config.redis_cache.SharedPoolRedisCache",
            "LOCATION": REDIS_URL,
            # An unreachable Redis costs a page at most two seconds before it is computed
            # without the cache (tournament/services/soft_cache.py), never a hang; a restarted
            # one costs a reconnect.
            "OPTIONS": cache_options(),
        }
    }
else:
    # Channels' in-memory layer, made to fan out to thousands of sockets (config/memory_layer.py)
    CHANNEL_LAYERS = {"default": {"BACKEND": "config.memory_layer.FanOutInMemoryChannelLayer"}}
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

CELERY_BROKER_URL = REDIS_URL or "memory://"
CELERY_RESULT_BACKEND = REDIS_URL or None
# Without Redis there is no worker: tasks run in the calling process, right away.
CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_TASK_ALWAYS_EAGER", not REDIS_URL)
CELERY_TASK_EAGER_PROPAGATES = True
# A task is acknowledged only after it finished, so a worker killed mid-task leaves it queued for
# another worker; the tasks are written to be idempotent.
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# A message taken by a worker that died without acknowledging it (killed, machine lost) goes
# back to the queue after this many seconds, when another worker starts or sweeps. Rounds take
# seconds to generate; a redelivery of a task still running is harmless (idempotent jobs).
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": env_int("CELERY_VISIBILITY_TIMEOUT", 300),
    "unacked_restore_interval": 10,
    "unacked_restore_throttle": 1,
    # Redis unreachable: a request that enqueues a job learns it in seconds (the job is then
    # marked failed and can be asked for again, tournament/jobs.py).
    "socket_connect_timeout": 3,
}
CELERY_TASK_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True

# --- Web Push (docs/notifications.md) -----------------------------------------------------------
# Off unless both keys are set; `manage.py make_vapid_keys` prints a new pair. Keep the pair for
# as long as the subscriptions it made are wanted: a new pair silences every device until it
# subscribes again.
VAPID_PRIVATE_KEY = env_str("VAPID_PRIVATE_KEY")
VAPID_PUBLIC_KEY = env_str("VAPID_PUBLIC_KEY")
# a contact the push services may use about our pushes: mailto:someone@example.org or https://...
VAPID_SUBJECT = env_str("VAPID_SUBJECT")
# The hosts a subscription's endpoint may name (a host or any subdomain of it): the browsers'
# push services. The server POSTs to the endpoint, so it is never an address of its own network.
WEB_PUSH_SERVICE_HOSTS = env_list(
    "WEB_PUSH_SERVICE_HOSTS",
    [
        "fcm.googleapis.com",
        "android.googleapis.com",
        "push.services.mozilla.com",
        "push.apple.com",
        "notify.windows.com",
    ],
)
# TESTS ONLY: accept http://127.0.0.1 (loopback) endpoints, for the local push endpoint the tests
# run. Never on a server: it would let a player make the server post to its own machine.
WEB_PUSH_ALLOW_LOOPBACK = env_bool("WEB_PUSH_ALLOW_LOOPBACK", False)
# TESTS ONLY: a generation task sleeps TEST_TASK_PAUSE_SECONDS inside its transaction, before the
# commit, after writing its process id to the file TEST_TASK_PAUSE_MARKER, so a fault test can
# kill its worker there (tests/faults/test_worker_killed.py). Refused with DEBUG off.
_PAUSE_SECONDS = env_int("TEST_TASK_PAUSE_SECONDS", 0)
TEST_TASK_PAUSE = (
    {"seconds": _PAUSE_SECONDS, "marker": env_str("TEST_TASK_PAUSE_MARKER")}
    if _PAUSE_SECONDS
    else None
)
if TEST_TASK_PAUSE is not None and not DEBUG:
    raise ImproperlyConfigured("TEST_TASK_PAUSE_SECONDS is a test hook: never set it with DEBUG=0")
# How long one send may wait for the push service, and how many go out at once per task.
WEB_PUSH_TIMEOUT_SECONDS = env_int("WEB_PUSH_TIMEOUT_SECONDS", 5)
WEB_PUSH_CONCURRENCY = env_int("WEB_PUSH_CONCURRENCY", 8)
# Without a worker (Celery eager), send from a background thread of the web process so the
# action that caused the pushes answers at once; 0 sends them before it answers (the tests).
WEB_PUSH_IN_BACKGROUND = env_bool("WEB_PUSH_IN_BACKGROUND", True)

# The site's public address: webhook messages link to its pages (docs/webhooks.md).
SITE_URL = env_str("SITE_URL", "http://localhost:8000").rstrip("/")

# --- Auth, i18n, static -------------------------------------------------------------------------
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
    # not a check: revokes the API tokens whenever a password changes, by any door
    {"NAME": "accounts.password_change.RevokeTokensOnPasswordChange"},
]
# Accounts: django-allauth (sign-in by username or e-mail, sign-up, password reset, e-mail
# verification, TOTP second factor). The Django admin is for superusers only, and its login
# sends to the same sign-in (accounts/admin_site.py).
AUTHENTICATION_BACKENDS = [
    "django.contrib.auth.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
]
LOGIN_URL = "account_login"
LOGIN_REDIRECT_URL = "accounts:dashboard"
ACCOUNT_LOGOUT_REDIRECT_URL = "/"
ACCOUNT_ADAPTER = "accounts.adapter.AccountAdapter"
ACCOUNT_FORMS = {"login": "accounts.forms.SignInForm", "signup": "accounts.forms.SignUpForm"}
ACCOUNT_LOGIN_METHODS = {"username", "email"}
ACCOUNT_SIGNUP_FIELDS = ["email*", "username*", "password1*", "password2*"]
ACCOUNT_UNIQUE_EMAIL = True
# "mandatory": an account signs in only once its e-mail address is verified; "optional", "none".
ACCOUNT_EMAIL_VERIFICATION = env_str("ACCOUNT_EMAIL_VERIFICATION", "mandatory")
ACCOUNT_CONFIRM_EMAIL_ON_GET = False
ACCOUNT_LOGIN_ON_EMAIL_CONFIRMATION = True
ACCOUNT_SESSION_REMEMBER = None
ACCOUNT_EMAIL_SUBJECT_PREFIX = "[Eye for an Eye] "
# Open sign-up (anyone may make an account) or by invitation only (an event's staff invitation
# still lets its holder sign up).
SIGNUP_OPEN = env_bool("SIGNUP_OPEN", True)
MFA_SUPPORTED_TYPES = ["totp", "recovery_codes"]
MFA_TOTP_ISSUER = env_str("MFA_TOTP_ISSUER", "Eye for an Eye tournaments")
# Superusers must set up a second factor before using the site when DEBUG is off.
REQUIRE_SUPERUSER_MFA = env_bool("REQUIRE_SUPERUSER_MFA", not DEBUG)

# E-mail: to the console (the terminal running the server) unless EMAIL_URL names an SMTP server:
# submission://user:password@mail.example.org:587 (STARTTLS), smtp://host:25, or ?ssl=1.
EMAIL_URL = env_str("EMAIL_URL")
if EMAIL_URL:
    _email = dj_email_url.parse(EMAIL_URL)
    if "EMAIL_BACKEND" not in _email:
        raise ImproperlyConfigured(
            "EMAIL_URL must start with submission://, smtp://, file://, console:// or memory://"
        )
    EMAIL_BACKEND = _email["EMAIL_BACKEND"]
    EMAIL_HOST, EMAIL_PORT = _email["EMAIL_HOST"], _email["EMAIL_PORT"]
    EMAIL_HOST_USER, EMAIL_HOST_PASSWORD = _email["EMAIL_HOST_USER"], _email["EMAIL_HOST_PASSWORD"]
    EMAIL_USE_TLS, EMAIL_USE_SSL = _email["EMAIL_USE_TLS"], _email["EMAIL_USE_SSL"]
    EMAIL_TIMEOUT = _email.get("EMAIL_TIMEOUT") or 10
    if _email.get("EMAIL_FILE_PATH"):
        EMAIL_FILE_PATH = _email["EMAIL_FILE_PATH"]  # file:////abs/dir: one file per message
else:
    EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "Eye for an Eye <noreply@localhost>")

LANGUAGE_CODE = "en-gb"
# dates and times in each language's own order, British English with the 24-hour clock
FORMAT_MODULE_PATH = ["config.formats"]
#: the languages a person may choose; English is British English (dates as "29 November")
LANGUAGES = [("en-gb", "English"), ("de", "Deutsch"), ("fr", "Français")]
#: the catalogues: locale/<language>/LC_MESSAGES/django.po and djangojs.po (docs/translating.md)
LOCALE_PATHS = [BASE_DIR / "locale"]
#: the switcher's choice for a visitor without an account (Django's set_language view sets it)
LANGUAGE_COOKIE_NAME = "language"
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
LANGUAGE_COOKIE_SAMESITE = "Lax"
#: the default zone of a new event (each event has its venue's: Tournament.time_zone); times are
#: stored in UTC
TIME_ZONE = env_str("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True
#: the address the accessibility statement names for problems with the site
CONTACT_EMAIL = env_str("CONTACT_EMAIL", "")

STATIC_URL = "static/"
# where collectstatic gathers the static files for production (WhiteNoise serves them from here)
STATIC_ROOT = Path(env_str("STATIC_ROOT", str(BASE_DIR / "staticfiles")))
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

# --- REST API (config/api_settings.py) ---------------------------------------------------------
REST_FRAMEWORK = api_settings.REST_FRAMEWORK
SPECTACULAR_SETTINGS = api_settings.SPECTACULAR_SETTINGS

# --- Security -----------------------------------------------------------------------------------
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
# config.security adds the content security policy (scripts, styles, images from the site only;
# websockets to the same host; no framing) and a Permissions-Policy switching off camera,
# microphone, geolocation and the like. docs/operations.md has the details.

# Request size: a form or JSON body above 2.5 MB is refused (Django answers 400); uploads (the
# CSV import, at most 1 MB of text, see tournament/services/csv_import.py) stay in memory up to
# 2.5 MB; any request announcing a body above REQUEST_MAX_BODY_BYTES is refused with 413 before a
# view runs.
DATA_UPLOAD_MAX_MEMORY_SIZE = env_int("DATA_UPLOAD_MAX_MEMORY_SIZE", 2_621_440)
FILE_UPLOAD_MAX_MEMORY_SIZE = env_int("FILE_UPLOAD_MAX_MEMORY_SIZE", 2_621_440)
DATA_UPLOAD_MAX_NUMBER_FIELDS = env_int("DATA_UPLOAD_MAX_NUMBER_FIELDS", 1000)
REQUEST_MAX_BODY_BYTES = env_int("REQUEST_MAX_BODY_BYTES", 5_000_000)

# Requests of one server process that run their middleware and view at the same time; the others
# wait their turn on the event loop; a view still running after 0.2 s gives its turn up
# (config/request_threads.py).
ASGI_THREADS = env_int("ASGI_THREADS", 2)
# Views of one process running at once, slow ones included; the rest wait on the event loop with
# no database connection. Default: DB_POOL_MAX less 2, so a view always finds a connection.
ASGI_MAX_VIEWS = env_int("ASGI_MAX_VIEWS", most_views(ASGI_THREADS))

# Rate limits per client address, counted in the cache (config/security.py): "count/period" with
# the period in s, m, h or d ("20/10m" = 20 in 10 minutes). Generous for a venue where hundreds
# of phones share one NAT address; docs/operations.md explains the numbers.
RATE_LIMITS_ENABLED = env_bool("RATE_LIMITS_ENABLED", True)
RATE_LIMITS = {
    # failed sign-ins (the sign-in page, POST /api/v1/auth/token/; the admin sends to the first)
    "login": env_str("RATE_LIMIT_LOGIN", "30/10m"),
    # account requests that send e-mail or make something: sign-up, password reset, a new
    # verification e-mail, staff invitations sent or accepted, new API tokens
    "accounts": env_str("RATE_LIMIT_ACCOUNTS", "30/10m"),
    # result submissions: API result POSTs, the players' page POST, the referee desk form
    "results": env_str("RATE_LIMIT_RESULTS", "1200/1m"),
    # requests carrying a private-link token that matches no entrant
    "private_link": env_str("RATE_LIMIT_PRIVATE_LINK", "100/10m"),
    # wrong venue check-in codes, counted per entry (a venue shares one address)
    "check_in_code": env_str("RATE_LIMIT_CHECK_IN_CODE", "10/10m"),
    # the meta across events (page, CSV, API): every request counts, GET included
    "open_data": env_str("RATE_LIMIT_OPEN_DATA", "120/1m"),
}
for _scope, _rate in RATE_LIMITS.items():
    if not re.fullmatch(r"\s*\d+\s*/\s*\d*\s*[smhd][a-z]*\s*", _rate):
        raise ImproperlyConfigured(
            f"RATE_LIMIT_{_scope.upper()} must look like '30/10m' (count/period), not {_rate!r}"
        )
SESSION_COOKIE_HTTPONLY = True
if not DEBUG:
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", True)
    CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", True)
    SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 31_536_000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
    SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", True)
    if env_bool("BEHIND_TLS_PROXY", False):
        SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

# --- Operations: logs, error reports, metrics, probes, backups (docs/operations.md) ------------
LOG_FORMAT = env_choice("LOG_FORMAT", "text", ("text", "json"))
LOGGING = logging_config(env_str("LOG_LEVEL", "INFO"), LOG_FORMAT)
SENTRY_STARTED = sentry.start_if_configured()  # only with SENTRY_DSN (config/sentry.py)
# /metrics answers only a scraper that sends this token (config/probes.py); unset: 404.
METRICS_TOKEN = env_str("METRICS_TOKEN")
if METRICS_TOKEN and len(METRICS_TOKEN) < 32:
    raise ImproperlyConfigured("METRICS_TOKEN must be at least 32 characters long")
WORKER_HEARTBEAT_SECONDS = env_int("WORKER_HEARTBEAT_SECONDS", 60)  # /readyz: worker seen
BACKUP_DIR = Path(env_str("BACKUP_DIR", str(BASE_DIR / "var" / "backups")))
BACKUP_KEEP = env_int("BACKUP_KEEP", 14)
# The probes answer over plain HTTP too: a probe asks the pod's own address (config/probes.py).
SECURE_REDIRECT_EXEMPT = [r"^healthz$", r"^readyz$", r"^metrics$"]
