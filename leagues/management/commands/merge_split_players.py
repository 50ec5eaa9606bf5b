"""``manage.py merge_split_players [--apply]``: join the player records that team registration
split before issue 35 (a new record for each member at each team event), so each person's
games rate one record.

A group is records of the same name, at least one a team member, all of whose events one
organiser runs (``tournament.services.team_members.split_groups``). Without ``--apply`` it only
lists them. With it, each record is merged into the group's first (the one with an account, or
the oldest) by ``players.merge``: audited as ``player.merged`` in every event touched, the
ratings rebuilt on commit. A merge the rules refuse (the two sat at one table, or played in one
event: two people) is reported and skipped.
"""

from django.core.management.base import BaseCommand

from common.audit.actor import SYSTEM
from tournament.services.players import PlayerError, merge
from tournament.services.team_members import split_groups


class Command(BaseCommand):
    help = "Merge the player records team registration split (a dry run without --apply)."

    def add_arguments(self, parser):
        parser.add_argument("--apply", action="store_true", help="Merge them (else only list).")

    def handle(self, *args, apply=False, **options):
        groups = split_groups()
        merged = 0
        for target, *sources in groups:
            ids = ", ".join(str(record.pk) for record in sources)
            self.stdout.write(f"{target.name}: records {ids} into {target.pk}")
            if not apply:
                continue
            for source in sources:
                try:
                    target = merge(source, target, SYSTEM)
                    merged += 1
                except PlayerError as error:
                    self.stdout.write(f"  kept {source.pk} apart: {error}")
        verb = "merged" if apply else "to merge (run again with --apply)"
        self.stdout.write(f"{len(groups)} people, {merged if apply else 'records'} {verb}")
