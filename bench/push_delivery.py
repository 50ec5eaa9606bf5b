"""Benchmark Web Push delivery when a round is published: how long the publish takes with the
pushes sent in the same process (Celery eager), for N subscribed players.

Every player's phone is a fake device on a local push service (tests/notifications/
push_service.py) that checks the VAPID signature and decrypts each push, answering after
``--latency`` ms as a distant push service would. Runs on a scratch SQLite file. Prints the
time of the publish (which includes the sends: they run when its transaction commits), the
pushes delivered, and the time per push; ``--background`` sends them from a thread, as the
embedded server does, and the publish answers at once. With a worker (``REDIS_URL``) the
publish returns without waiting for them either.

Usage: python bench/push_delivery.py [--players 200] [--latency 50] [--concurrency 8] [--off]
                                     [--background]
"""

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from baseline import main_with_baseline  # noqa: E402 - bench/ is on the path

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ["SQLITE_PATH"] = str(Path(tempfile.mkdtemp()) / "bench.sqlite3")
os.environ.pop("REDIS_URL", None)

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.contrib.auth import get_user_model  # noqa: E402
from django.core.management import call_command  # noqa: E402

from common.audit.actor import Actor  # noqa: E402
from common.webpush.subscription_data import SubscriptionData  # noqa: E402
from common.webpush.vapid import make_key_pair  # noqa: E402
from notifications.services.subscriptions import subscribe_entrant  # noqa: E402
from tests.notifications.push_service import LocalPushService  # noqa: E402
from tournament.models import Entrant, Player, Tournament  # noqa: E402
from tournament.services.rounds import generate_swiss_round, publish_round  # noqa: E402


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--latency", type=float, default=50, help="ms per push service answer")
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument("--off", action="store_true", help="push off: the publish alone")
    parser.add_argument(
        "--background", action="store_true", help="send from a background thread (the default)"
    )
    args = parser.parse_args(argv)
    call_command("migrate", verbosity=0)
    settings.VAPID_PRIVATE_KEY, settings.VAPID_PUBLIC_KEY = make_key_pair()
    settings.VAPID_SUBJECT = "mailto:bench@example.org"
    settings.WEB_PUSH_ALLOW_LOOPBACK = True
    settings.WEB_PUSH_CONCURRENCY = args.concurrency
    settings.WEB_PUSH_IN_BACKGROUND = args.background
    service = LocalPushService(delay=args.latency / 1000)
    organiser = get_user_model().objects.create(username="bench-push")
    tournament = Tournament.objects.create(
        name="Push bench", slug="push-bench", organiser=organiser
    )
    for i in range(args.players):
        entrant = Entrant.objects.create(
            tournament=tournament, player=Player.objects.create(name=f"P{i}"), display_name=f"P{i}"
        )
        data = service.device(f"p{i}").subscription()
        keys = data["keys"]
        subscribe_entrant(
            entrant, SubscriptionData(data["endpoint"], keys["p256dh"], keys["auth"]), Actor()
        )
    round_ = generate_swiss_round(tournament, seed=1)
    if args.off:
        settings.VAPID_PRIVATE_KEY = settings.VAPID_PUBLIC_KEY = ""
    started = time.perf_counter()
    publish_round(round_)
    answered = time.perf_counter() - started
    wanted = 0 if args.off else args.players
    deadline = time.monotonic() + 120
    while len(service.received) + len(service.refused) < wanted and time.monotonic() < deadline:
        time.sleep(0.01)
    elapsed = time.perf_counter() - started
    service.close()
    delivered = len(service.received)
    how = "background thread" if args.background else "before the publish returns"
    print(
        f"{args.players} players, push service answering in {args.latency:g} ms, "
        f"{args.concurrency} sends at once, {how}: publish answered in {answered:.2f} s, "
        f"{delivered} delivered and decrypted after {elapsed:.2f} s "
        f"({elapsed / max(delivered, 1) * 1000:.1f} ms per push), {len(service.refused)} refused"
    )


if __name__ == "__main__":
    main_with_baseline(__file__, main)
