# The project's container image: docs/deploy.md tells how compose.yaml runs it.
# Every process starts through deploy/entrypoint.sh with a role (web, worker, migrate, ...), the
# same script the systemd units and the tests run.
#   docker build -t eye-tournaments .

# --- builder: the virtual environment, compiled catalogues, collected static files ----------
FROM python:3.11-slim-trixie AS builder
ENV PYTHONDONTWRITEBYTECODE=1 PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
RUN python -m venv /opt/venv
ENV PATH=/opt/venv/bin:$PATH
# requirements first, so a change of the code alone reuses this layer
COPY requirements.txt /app/requirements.txt
RUN pip install -r /app/requirements.txt
COPY . /app
WORKDIR /app
# Translation catalogues, when the project has any: gettext only then, and only in this stage.
RUN if find . -name '*.po' -not -path './.git/*' | grep -q .; then \
      apt-get update && apt-get install -y --no-install-recommends gettext \
      && DEBUG=1 python manage.py compilemessages \
      && rm -rf /var/lib/apt/lists/*; \
    fi
# The static files with hashed names for WhiteNoise (DEBUG=0's storage); the key and host here
# are for this command only and never reach a running container.
RUN DEBUG=0 ALLOWED_HOSTS=build.invalid STATIC_ROOT=/app/staticfiles \
    SECRET_KEY=build-only-collectstatic-key-not-used-at-runtime-0123456789 \
    python manage.py collectstatic --no-input -v0

# --- runtime: the code, the environment, pg_dump for backups; no compilers, not root --------
FROM python:3.11-slim-trixie
# postgresql-client: `manage.py backup` / `restore` run pg_dump / pg_restore (17, as in compose)
RUN apt-get update && apt-get install -y --no-install-recommends postgresql-client \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --user-group --home-dir /app --shell /usr/sbin/nologin eye \
    && install -d -o eye -g eye /var/lib/eye/backups
COPY --from=builder /opt/venv /opt/venv
COPY --from=builder --chown=root:root /app /app
WORKDIR /app
# production by default: the entrypoint refuses to start without SECRET_KEY and ALLOWED_HOSTS
ENV PATH=/opt/venv/bin:$PATH PYTHONUNBUFFERED=1 PYTHONDONTWRITEBYTECODE=1 \
    DEBUG=0 WEB_HOST=0.0.0.0 PORT=8000 STATIC_ROOT=/app/staticfiles \
    BACKUP_DIR=/var/lib/eye/backups
USER eye
EXPOSE 8000
# /healthz (the process answers): the web role's check; compose gives the worker its own
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
    CMD ["/app/deploy/entrypoint.sh", "healthcheck"]
ENTRYPOINT ["/app/deploy/entrypoint.sh"]
CMD ["web"]
