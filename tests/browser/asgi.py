"""The project's ASGI application with the static files served, for the browser tests.

``config.asgi.application`` serves no static files in DEBUG (``manage.py runserver`` adds them,
a bare daphne does not), so the pages would load without their CSS and scripts. This wraps it
in Django's own ``ASGIStaticFilesHandler``, which answers ``/static/...`` from the finders and
hands every other request and every websocket to the real application unchanged.
"""

from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler

from config.asgi import application as project_application

application = ASGIStaticFilesHandler(project_application)
