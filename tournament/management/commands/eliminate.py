"""``manage.py eliminate SLUG``: cut to the elimination, or take it one step on."""

from django.core.management.base import BaseCommand, CommandError

from tournament.models import StageKind, Tournament
from tournament.services.elimination import advance_elimination, start_elimination
from tournament.services.rounds import RoundError


class Command(BaseCommand):
    help = "Cut to the elimination stage (first call) or advance it (groups, tie-breaks, final)."

    def add_arguments(self, parser):
        parser.add_argument("slug")

    def handle(self, *args, slug, **options):
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is None:
            raise CommandError(f"no tournament with slug {slug!r}")
        started = tournament.stages.exclude(kind=StageKind.SWISS).exists()
        try:
            state = (advance_elimination if started else start_elimination)(tournament)
        except RoundError as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(state.message)
        if state.round is not None:
            for match in state.round.matches.prefetch_related("seats__entrant"):
                names = ", ".join(s.entrant.display_name for s in match.seats.all())
                self.stdout.write(f"  {match.group_label}: {names}")
