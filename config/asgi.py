"""ASGI entry point: HTTP through Django (middleware and views in one worker thread per request,
see ``config.asgi_http``), websockets through Channels.

Websocket connections must come from an allowed origin and carry the session (if any); each
consumer then checks the user's rights on the object it serves before joining a group.
"""

import gc
import os

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

from config.asgi_http import get_sync_stack_asgi_application  # noqa: E402

django_asgi_app = get_sync_stack_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402  (needs Django set up first)
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from common.metrics import forget_gauges_at_exit  # noqa: E402
from config.routing import websocket_urlpatterns  # noqa: E402
from config.ws_limits import PrivateLinkHandshakeLimit  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": AllowedHostsOriginValidator(
            PrivateLinkHandshakeLimit(AuthMiddlewareStack(URLRouter(websocket_urlpatterns)))
        ),
    }
)

forget_gauges_at_exit()

# Everything loaded so far (Django, the apps, their models) lives as long as the process: keep it
# out of the garbage collector's full passes, which otherwise walk it all again and again.
gc.freeze()
