"""The embedded default's channel layer: one group message to N sockets, layer cost only.

    .venv/bin/python bench/memory_layer.py            # 1000 and 5000 members

N receivers wait on their channels as consumers do, one group send reaches them all, and each
goes back to waiting for the next message (a consumer's loop); it prints how long until all N
had it, with Channels' ``InMemoryChannelLayer`` and with ``config.memory_layer``'s layer (which
sweeps for expired messages at most once a second instead of on every receive). No server, no
sockets: the websocket side is ``bench/ws_fanout.py``. Figures are printed, never asserted.
"""

import asyncio
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from baseline import main_with_baseline  # noqa: E402 - bench/ is on the path
from channels.layers import InMemoryChannelLayer  # noqa: E402

from config.memory_layer import FanOutInMemoryChannelLayer  # noqa: E402

PING = {"type": "push", "payload": {"type": "standings.changed", "tournament": 1, "match": 3}}


async def fan_out(layer_class, members: int) -> float:
    """Milliseconds from one group send to its receipt on every member's channel."""
    layer = layer_class()
    names = [await layer.new_channel() for _ in range(members)]
    for name in names:
        await layer.group_add("event", name)
    received = 0
    everyone = asyncio.Event()

    async def consumer(name):
        nonlocal received
        await layer.receive(name)
        received += 1
        if received == members:
            everyone.set()
        await layer.receive(name)  # waits for the next message, as a consumer does

    tasks = [asyncio.create_task(consumer(name)) for name in names]
    await asyncio.sleep(0)
    start = time.perf_counter()
    await layer.group_send("event", PING)
    await asyncio.wait_for(everyone.wait(), 120)
    took = (time.perf_counter() - start) * 1000
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return took


def main(argv: list[str] | None = None) -> None:
    for members in (1000, 5000):
        for layer_class in (InMemoryChannelLayer, FanOutInMemoryChannelLayer):
            took = asyncio.run(fan_out(layer_class, members))
            print(f"{members} members, {layer_class.__name__}: {took:.0f} ms")


if __name__ == "__main__":
    main_with_baseline(__file__, main)
