#!/usr/bin/env bash
# One command for a fresh machine: install, migrate, load the demo events and serve the app with
# the embedded default (SQLite, in-memory channels, eager Celery).
#
#   ./scripts/serve.sh                 http://127.0.0.1:8000
#   ./scripts/serve.sh 8100            another port (or PORT=8100 ./scripts/serve.sh)
#   ./scripts/serve.sh 0.0.0.0:8100    another address too, e.g. for phones on the same Wi-Fi
#                                      (or HOST=0.0.0.0; add the machine's name to ALLOWED_HOSTS)
source "$(dirname "$0")/python.sh"
ADDRESS=${1:-${HOST:-127.0.0.1}:${PORT:-8000}}
case "$ADDRESS" in
  *:*) ;;
  *) ADDRESS="${HOST:-127.0.0.1}:$ADDRESS" ;;
esac
if [ $# -gt 1 ]; then
  echo "usage: $0 [PORT | HOST:PORT]" >&2
  exit 2
fi
ensure_requirements requirements.txt
.venv/bin/python manage.py migrate --no-input -v0
.venv/bin/python manage.py seed_demo
echo
echo "Serving on http://$ADDRESS  (API: http://$ADDRESS/api/v1/, admin: /admin/)"
exec .venv/bin/python manage.py runserver "$ADDRESS"
