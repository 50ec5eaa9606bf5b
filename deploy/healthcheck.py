"""The container's health check: GET /healthz of the web process on this machine.

Run as ``deploy/entrypoint.sh healthcheck`` (the image's HEALTHCHECK, compose). It asks the way
the proxy does, so production settings answer rather than redirect: the first name of
``ALLOWED_HOSTS`` as the Host and ``X-Forwarded-Proto: https`` (believed from 127.0.0.1 under
``--proxy-headers``). Exit 0 on a 200, 1 otherwise, with one line saying what it got.
Standard library only: it starts in well under a second.
"""

import os
import sys
import urllib.error
import urllib.request


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    """A redirect is an answer to report (e.g. 301 to HTTPS), not a page to follow."""

    def redirect_request(self, *args, **kwargs):
        return None


def probe_host(allowed_hosts: str) -> str:
    """The Host header to send: the first concrete name of ``ALLOWED_HOSTS``."""
    for name in allowed_hosts.split(","):
        name = name.strip().lstrip(".")
        if name and name != "*":
            return name
    return "127.0.0.1"


def main() -> int:
    port = os.environ.get("PORT", "8000")
    path = sys.argv[1] if len(sys.argv) > 1 else "/healthz"
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}",
        headers={
            "Host": probe_host(os.environ.get("ALLOWED_HOSTS", "")),
            "X-Forwarded-Proto": "https",
        },
    )
    try:
        with urllib.request.build_opener(_NoRedirects).open(request, timeout=3) as answer:
            status = answer.status
    except urllib.error.HTTPError as exc:
        status = exc.code
    except OSError as exc:
        print(f"healthcheck: {path} on port {port} unreachable: {exc}", file=sys.stderr)
        return 1
    if status != 200:
        print(f"healthcheck: {path} on port {port} answered {status}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
