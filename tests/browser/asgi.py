"""The project's ASGI application with the static files served, for the browser tests.

``config.asgi.application`` serves no static files in DEBUG (``manage.py runserver`` adds them,
a bare daphne does not), so the pages would load without their CSS and scripts. This wraps it
in Django's own ``ASGIStaticFilesHandler``, which answers ``/static/...`` from the finders and
hands every other request and every websocket to the real application unchanged.

The server also uses the tests' fast password hashes (tests/conftest.py makes the test users
with MD5, which no real deployment lists), so a login in the browser checks the same password.
MD5 comes first: a sign-up hashes with it, and a login does not rehash the password with the
slow default (PBKDF2, about 0.6 s of CPU a hash); the other hashers stay accepted.
"""

from django.conf import settings
from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler

from config.asgi import application as project_application

settings.PASSWORD_HASHERS = [
    "django.contrib.auth.hashers.MD5PasswordHasher",
    *settings.PASSWORD_HASHERS,
]

application = ASGIStaticFilesHandler(project_application)
