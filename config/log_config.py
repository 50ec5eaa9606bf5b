"""The ``LOGGING`` setting: plain lines, or JSON lines with ``LOG_FORMAT=json``.

Every line passes two filters: private-link tokens are cut out (``config.log_redaction``) and
the request id is added (``config.request_id``). A JSON line holds a fixed set of fields, never
a record's extras (Django puts the request object there, whose address may carry a token).
"""

from pythonjsonlogger.json import JsonFormatter

#: the fields of a JSON line, and nothing else
JSON_FIELDS = ("time", "level", "logger", "message", "request_id", "exc_info", "stack_info")


class JsonLines(JsonFormatter):
    """One JSON object a line: time, level, logger, message, request id (and a traceback)."""

    def __init__(self, *args, **kwargs):
        super().__init__(
            "{asctime}{levelname}{name}{message}{request_id}",
            style="{",
            rename_fields={"asctime": "time", "levelname": "level", "name": "logger"},
            datefmt="%Y-%m-%dT%H:%M:%S%z",
        )

    def process_log_record(self, log_data):
        return {key: log_data[key] for key in JSON_FIELDS if key in log_data}


def logging_config(level: str, log_format: str) -> dict:
    """The dictConfig for ``level`` (``LOG_LEVEL``) and ``log_format`` (``text`` or ``json``)."""
    handler = {
        "class": "logging.StreamHandler",
        "formatter": log_format,
        "filters": ["redact", "request_id"],
    }
    quiet = ("django", "django.server", "uvicorn.access", "uvicorn.error", "daphne")
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {
            "text": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"},
            "json": {"()": "config.log_config.JsonLines"},
        },
        "filters": {
            "redact": {"()": "config.log_redaction.RedactPrivateLinks"},
            "request_id": {"()": "config.request_id.AddRequestId"},
        },
        "handlers": {"console": handler},
        "root": {"handlers": ["console"], "level": level},
        # Django's and the servers' lines (request lines, "Not Found: ...") go through the same
        # handler and filters, once each: Django's default config would print them twice.
        "loggers": {
            name: {"handlers": ["console"], "level": level, "propagate": False} for name in quiet
        }
        # daphne's start-up chatter (HTTP/2 extras missing, endpoint lines): the scripts say
        # where they serve; its warnings and errors still show.
        | {"daphne.server": {"handlers": ["console"], "level": "WARNING", "propagate": False}},
    }
