"""``manage.py seed_demo``: create the demo events and logins (once; ``--reset`` rebuilds)."""

from django.core.management.base import BaseCommand

from tournament.management.demo_events import (
    DEMO_SLUGS,
    DEMO_USERS,
    build_demo,
    demo_users,
    remove_demo,
)
from tournament.models import Tournament


class Command(BaseCommand):
    help = "Create three demo events (club night, convention, Alliance cup) and demo logins."

    def add_arguments(self, parser):
        parser.add_argument("--reset", action="store_true", help="Rebuild the demo events.")
        parser.add_argument("--seed", type=int, default=2026, help="Random seed of the demo.")

    def handle(self, *args, reset=False, seed=2026, **options):
        if reset:
            remove_demo()
        if Tournament.objects.filter(slug__in=DEMO_SLUGS).exists():
            demo_users()
            self.stdout.write("Demo events already exist (use --reset to rebuild them).")
        else:
            events = build_demo(seed)
            for event in events:
                self.stdout.write(f"Built {event.name}: /events/{event.slug}/")
        logins = ", ".join(f"{name} / {password}" for name, (password, _) in DEMO_USERS.items())
        self.stdout.write(f"Demo logins: {logins}")
