"""``manage.py generate_round SLUG``: pair the next Swiss round from the shell."""

from django.core.management.base import BaseCommand, CommandError

from tournament.models import Tournament
from tournament.services.rounds import RoundError, generate_swiss_round


class Command(BaseCommand):
    help = "Pair the next Swiss round of a tournament as a draft and print its tables."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--seed", type=int, help="Reproduce a pairing from its seed.")

    def handle(self, *args, slug, seed=None, **options):
        try:
            tournament = Tournament.objects.get(slug=slug)
        except Tournament.DoesNotExist as exc:
            raise CommandError(f"no tournament with slug {slug!r}") from exc
        try:
            round_ = generate_swiss_round(tournament, seed=seed)
        except RoundError as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(f"Round {round_.number} (seed {round_.seed}):")
        for match in round_.matches.prefetch_related("seats__entrant"):
            names = ", ".join(
                f"{s.entrant.display_name} ({s.flower_colour or '-'})" for s in match.seats.all()
            )
            self.stdout.write(f"  table {match.table_number}: {names}")
