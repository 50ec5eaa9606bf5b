"""The project as it runs in production, for the browser tests of ``test_production.py``.

* ``DEBUG=0`` with the README's production settings: a real ``SECRET_KEY``, ``ALLOWED_HOSTS``,
  HTTPS redirects, Secure cookies and HSTS, WhiteNoise serving the files ``collectstatic``
  gathered into a temporary ``STATIC_ROOT`` with the manifest storage (hashed names).
* uvicorn (the README's production server, ``config.asgi_servers``) terminating TLS itself with
  a certificate made for the run, so the browser is really on ``https://127.0.0.1``: the secure
  cookies, the redirect to HTTPS and the CSRF origin checks work as behind a TLS proxy.
  Chromium trusts that one certificate by its key (``--ignore-certificate-errors-spki-list``);
  Playwright's ``ignore_https_errors`` is not enough: Chromium then still refuses to register a
  service worker served with a certificate error.
* ``crawl``: every page reachable by links from a few start pages, each answer's status kept.
"""

import base64
import datetime
import hashlib
import ipaddress
import re
import subprocess
import sys
from collections import Counter, deque
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urldefrag, urljoin, urlsplit

from tests.browser.helpers import ROOT

#: the production settings (README, "Configuration"); the server also gets its STATIC_ROOT
SECRET_KEY = "production-secret-of-the-browser-tests-" + "k7Qz" * 10
PRODUCTION_SETTINGS = {
    "DEBUG": "0",
    "SECRET_KEY": SECRET_KEY,
    "ALLOWED_HOSTS": "127.0.0.1,localhost",
}
#: variables that would weaken the production defaults if the caller's shell had them set
WEAKENING = (
    "SECURE_SSL_REDIRECT",
    "SESSION_COOKIE_SECURE",
    "CSRF_COOKIE_SECURE",
    "SECURE_HSTS_SECONDS",
    "BEHIND_TLS_PROXY",
    "CSRF_TRUSTED_ORIGINS",
    "REQUIRE_SUPERUSER_MFA",
)


def production_env(env: dict, static_root: Path) -> dict:
    """``env`` (a server's environment) switched to the production settings."""
    env = {name: value for name, value in env.items() if name not in WEAKENING}
    env.update(PRODUCTION_SETTINGS, STATIC_ROOT=str(static_root))
    return env


def collect_static(env: dict) -> None:
    """``manage.py collectstatic`` into the ``STATIC_ROOT`` of ``env`` (never a tracked path)."""
    assert not Path(env["STATIC_ROOT"]).resolve().is_relative_to(ROOT), env["STATIC_ROOT"]
    command = [sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"]
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr


def make_certificate(folder: Path) -> tuple[Path, Path, str]:
    """A self-signed certificate for 127.0.0.1 and localhost, valid for a day.

    Returns the certificate's and the key's files, and the base64 SHA-256 of its public key
    (what ``--ignore-certificate-errors-spki-list`` takes).
    """
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "localhost")])
    now = datetime.datetime.now(datetime.UTC)
    names = [x509.DNSName("localhost"), x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]
    certificate = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(x509.SubjectAlternativeName(names), critical=False)
        .sign(key, hashes.SHA256())
    )
    cert_file, key_file = folder / "cert.pem", folder / "key.pem"
    cert_file.write_bytes(certificate.public_bytes(serialization.Encoding.PEM))
    key_file.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    spki = key.public_key().public_bytes(
        serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo
    )
    return cert_file, key_file, base64.b64encode(hashlib.sha256(spki).digest()).decode()


class Links(HTMLParser):
    """The links (``<a href>``) and the assets (stylesheets, scripts, images, the service
    worker ``<body data-service-worker>`` registers) of a page."""

    def __init__(self):
        super().__init__()
        self.pages, self.assets = [], []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "a" and attrs.get("href"):
            self.pages.append(attrs["href"])
        elif tag == "link" and attrs.get("href") and attrs.get("rel") != "canonical":
            self.assets.append(attrs["href"])
        elif tag in ("script", "img") and attrs.get("src"):
            self.assets.append(attrs["src"])
        elif tag == "body" and attrs.get("data-service-worker"):
            self.assets.append(attrs["data-service-worker"])


#: pages a crawl never opens: signing out would end the crawl's session
SKIPPED = re.compile(r"/logout/")


def shape(path: str) -> str:
    """A page address with its numbers and long tokens blanked: pages of one shape are one
    kind of page (``/events/x/rounds/N/``), so a crawl opens only a few of each."""
    path, _, query = path.partition("?")
    path = re.sub(r"(?<=/)[0-9]+(?=/|$)", "N", path)
    path = re.sub(r"(?<=/)[A-Za-z0-9_\-]{20,}(?=/|$)", "T", path)
    keys = sorted({part.partition("=")[0] for part in query.split("&") if part})
    return path + ("?" + "&".join(keys) if keys else "")


def crawl(fetch, origin: str, starts, *, cap: int, per_shape: int = 2) -> dict:
    """Follow same-origin links from ``starts`` (paths), opening at most ``cap`` pages and at
    most ``per_shape`` of each :func:`shape`; every asset a page names is fetched once.

    ``fetch(url)`` answers ``(status, content type, Location header, text)`` without
    following redirects; a redirect's target is crawled like a link. Returns the status of
    every address asked, by path.
    """
    statuses, shapes, queue, queued = {}, Counter(), deque(), set()

    def add(href: str, base: str) -> str | None:
        url = urldefrag(urljoin(base, href)).url
        if not url.startswith(origin + "/"):
            return None
        path = url[len(origin) :]
        if path in queued or SKIPPED.search(urlsplit(path).path):
            return None
        queued.add(path)
        return path

    for start in starts:
        if path := add(start, origin + "/"):
            queue.append(path)
    opened = 0
    while queue and opened < cap:
        path = queue.popleft()
        if shapes[shape(path)] >= per_shape:
            continue
        shapes[shape(path)] += 1
        opened += 1
        status, content_type, location, text = fetch(origin + path)
        statuses[path] = status
        if 300 <= status < 400 and location and (target := add(location, origin + path)):
            queue.append(target)
        if status != 200 or not content_type.startswith("text/html"):
            continue
        links = Links()
        links.feed(text)
        for href in links.assets:
            if (asset := add(href, origin + path)) is not None:
                statuses[asset] = fetch(origin + asset)[0]
        queue.extend(target for href in links.pages if (target := add(href, origin + path)))
    return statuses
