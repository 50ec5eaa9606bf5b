"""How each ASGI server the project runs under is started on a loopback port.

Shared by the tests that start real servers and by the benches, so both run the application
the way production runs it (``deploy/entrypoint.sh web``: the same uvicorn flags, and the
proxy's headers believed).
"""

import sys
from pathlib import Path

#: the servers, by name
SERVERS = ("daphne", "uvicorn")
APPLICATION = "config.asgi:application"


def asgi_command(kind: str, port: int, bin_dir: Path | None = None) -> list[str]:
    """The command line that serves the project with ``kind`` on 127.0.0.1:``port``."""
    bin_dir = bin_dir or Path(sys.executable).parent
    if kind == "daphne":
        return [str(bin_dir / "daphne"), "-b", "127.0.0.1", "-p", str(port), APPLICATION]
    if kind == "uvicorn":
        return [
            str(bin_dir / "uvicorn"),
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--ws-max-size",
            "1048576",
            # The pushes are small JSON texts: compressing each one for each socket cost more
            # CPU than it saved bytes (bench/ws_fanout.py).
            "--ws-per-message-deflate",
            "false",
            "--no-access-log",
            "--log-level",
            "warning",
            APPLICATION,
        ]
    raise ValueError(f"unknown ASGI server {kind!r}; one of {', '.join(SERVERS)}")
