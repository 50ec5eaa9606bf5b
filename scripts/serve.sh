#!/usr/bin/env bash
# One command for a fresh machine: install, migrate, load the demo events and serve the app on
# http://127.0.0.1:8000 with the embedded default (SQLite, in-memory channels, eager Celery).
source "$(dirname "$0")/python.sh"
ensure_requirements requirements.txt
.venv/bin/python manage.py migrate --no-input -v0
.venv/bin/python manage.py seed_demo
echo
echo "Serving on http://127.0.0.1:8000  (API: http://127.0.0.1:8000/api/v1/, admin: /admin/)"
exec .venv/bin/python manage.py runserver 127.0.0.1:8000 "$@"
