#!/bin/sh
# The one way every deployment starts a process of the project: the container image (its
# ENTRYPOINT), the systemd units (deploy/systemd/), the Kubernetes manifests (deploy/k8s/) and
# the test (tests/deploy/test_entrypoint.py) all run this script with a role:
#
#   web            uvicorn on $WEB_HOST:$PORT (default 127.0.0.1:8000) with the project's flags
#   worker         a Celery worker (needs REDIS_URL: without it tasks run inside the web process)
#   migrate        apply the database migrations, then exit (run once before web and worker)
#   collectstatic  gather the static files into STATIC_ROOT (the image does it at build)
#   backup         one `manage.py backup` (BACKUP_DIR, BACKUP_KEEP), then exit
#   backup-every   a backup now and then every BACKUP_INTERVAL_SECONDS (compose's schedule)
#   healthcheck    exit 0 if the web process on $PORT answers /healthz with 200 (HEALTHCHECK)
#   ping-worker    exit 0 if this machine's Celery worker answers a ping (its health check)
#   check          check the variables and `manage.py check --deploy`, then exit
#   manage ARGS    any other `manage.py` command (createsuperuser, export_tournament, ...)
#
# Before any role it checks the variables a production start needs and names each one that is
# missing or wrong in one message, rather than letting Django stop at the first. There is no
# `beat` role: no Celery task is periodic today (docs/deploy.md, "Periodic jobs").
set -eu

APP_DIR=$(CDPATH='' cd -- "$(dirname -- "$0")/.." && pwd)
cd "$APP_DIR"
# The project's virtual environment when there is one (systemd, a laptop); the image puts its
# own on the PATH.
if [ -z "${PYTHON:-}" ]; then
  if [ -x "$APP_DIR/.venv/bin/python" ]; then PYTHON=$APP_DIR/.venv/bin/python; else PYTHON=python; fi
fi

problems=""
problem() { problems="$problems
  - $1"; }

is_number() { case "$1" in '' | *[!0-9]*) return 1 ;; *) return 0 ;; esac; }

check_environment() {
  role=$1
  if [ "${DEBUG:-1}" = "0" ]; then
    case "${SECRET_KEY:-}" in
      '') problem "SECRET_KEY is not set: DEBUG=0 needs 50+ random characters (python -c 'import secrets; print(secrets.token_urlsafe(50))')" ;;
      *change-me*) problem "SECRET_KEY is still the placeholder of .env.example: set a random one" ;;
    esac
    if [ -n "${SECRET_KEY:-}" ] && [ "${#SECRET_KEY}" -lt 50 ]; then
      problem "SECRET_KEY has ${#SECRET_KEY} characters: DEBUG=0 needs at least 50"
    fi
    [ -n "${ALLOWED_HOSTS:-}" ] || problem "ALLOWED_HOSTS is not set: DEBUG=0 needs the site's host names (comma-separated)"
  fi
  if [ "$role" = worker ] && [ -z "${REDIS_URL:-}" ]; then
    problem "REDIS_URL is not set: a worker takes its jobs from Redis (without it they run inside the web process)"
  fi
  is_number "${PORT:-8000}" || problem "PORT must be a port number, not '${PORT}'"
  is_number "${WORKER_CONCURRENCY:-2}" || problem "WORKER_CONCURRENCY must be a number, not '${WORKER_CONCURRENCY}'"
  is_number "${BACKUP_INTERVAL_SECONDS:-86400}" || problem "BACKUP_INTERVAL_SECONDS must be a number of seconds, not '${BACKUP_INTERVAL_SECONDS}'"
  if [ -n "$problems" ]; then
    echo "entrypoint: cannot start '$role':$problems" >&2
    echo "See docs/configuration.md and .env.example." >&2
    exit 64
  fi
  # prometheus-client's multiprocess mode writes its files there (docs/configuration.md)
  if [ -n "${PROMETHEUS_MULTIPROC_DIR:-}" ]; then mkdir -p "$PROMETHEUS_MULTIPROC_DIR"; fi
}

manage() { "$PYTHON" manage.py "$@"; }

role=${1:-}
[ $# -gt 0 ] && shift
case "$role" in
  web)
    check_environment web
    # The flags of docs/configuration.md: 1 MB websocket frames at most, no per-message
    # deflate (it cost more CPU than it saved, bench/ws_fanout.py); the proxy's
    # X-Forwarded-Proto/For are believed only from FORWARDED_ALLOW_IPS; open requests get
    # 20 s to finish on a stop, then websockets are closed and the phones reconnect.
    exec "$PYTHON" -m uvicorn config.asgi:application \
      --host "${WEB_HOST:-127.0.0.1}" --port "${PORT:-8000}" \
      --ws-max-size 1048576 --ws-per-message-deflate false \
      --proxy-headers --forwarded-allow-ips "${FORWARDED_ALLOW_IPS:-127.0.0.1}" \
      --timeout-graceful-shutdown 20 "$@"
    ;;
  worker)
    check_environment worker
    exec "$PYTHON" -m celery -A config worker --loglevel "${LOG_LEVEL:-INFO}" \
      --concurrency "${WORKER_CONCURRENCY:-2}" "$@"
    ;;
  migrate)
    check_environment migrate
    manage migrate --no-input "$@"
    # migrate runs before the web processes start (compose, eye.target): the metrics files of
    # the processes that ran before are stale now, and prometheus-client wants them gone
    if [ -n "${PROMETHEUS_MULTIPROC_DIR:-}" ]; then
      find "$PROMETHEUS_MULTIPROC_DIR" -maxdepth 1 -name '*.db' -type f -delete
    fi
    ;;
  collectstatic)
    check_environment collectstatic
    manage collectstatic --no-input -v0 "$@"
    ;;
  backup)
    check_environment backup
    manage backup "$@"
    ;;
  backup-every)
    check_environment backup-every
    while :; do
      # a failed backup is reported and tried again at the next turn; the loop never dies of it
      manage backup "$@" || echo "entrypoint: backup failed (status $?), next try in ${BACKUP_INTERVAL_SECONDS:-86400} s" >&2
      sleep "${BACKUP_INTERVAL_SECONDS:-86400}"
    done
    ;;
  healthcheck)
    exec "$PYTHON" deploy/healthcheck.py "$@"
    ;;
  ping-worker)
    exec "$PYTHON" -m celery -A config inspect ping --timeout 5 \
      --destination "celery@$("$PYTHON" -c 'import socket; print(socket.gethostname())')"
    ;;
  check)
    check_environment check
    manage check --deploy "$@"
    ;;
  manage)
    check_environment manage
    manage "$@"
    ;;
  *)
    echo "usage: $0 web|worker|migrate|collectstatic|backup|backup-every|healthcheck|ping-worker|check|manage [ARGS...]" >&2
    exit 64
    ;;
esac
