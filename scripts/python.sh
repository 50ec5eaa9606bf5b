# Sourced by the other scripts: make .venv with Python 3.11 (or the python3 on PATH) and
# install the given requirements file into it when it changed since the last install.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
PY=$(command -v python3.11 || command -v python3)
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
ensure_requirements() {
  local file=$1 stamp=".venv/.installed-$(basename "$1")"
  if [ ! -f "$stamp" ] || [ "$file" -nt "$stamp" ] || [ requirements.txt -nt "$stamp" ]; then
    .venv/bin/python -m pip install --quiet --disable-pip-version-check -r "$file"
    touch "$stamp"
  fi
}
