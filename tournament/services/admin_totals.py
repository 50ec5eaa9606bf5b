"""Admin edits that can move what the standings count re-tally the event's running totals.

The admin can change a round's status or stage, a stage's kind, a seat's entrant or match, or
delete any of them; none of that goes through the services that keep ``EntrantTotals`` in step.
So an admin page for these models, after its change is saved (in the same transaction), tallies
the events it touched afresh from their seats and expires their cached standings.
"""

from django.db import transaction

from tournament.models import Tournament
from tournament.services.standing_totals import rebuild_entrant_totals
from tournament.services.standings_revision import bump_standings_revision


class RetallyAfterEdit:
    """Mixin for a ``ModelAdmin``: ``event_path`` is the lookup from the model to its event
    (``""`` for the tournament itself, ``"round__tournament"`` for a seat)."""

    event_path = "tournament"

    def _events_of(self, objects) -> set[int]:
        field = f"{self.event_path}__pk" if self.event_path else "pk"
        pks = [obj.pk for obj in objects if obj.pk is not None]
        return set(self.model.objects.filter(pk__in=pks).values_list(field, flat=True))

    def _retally(self, events: set[int]) -> None:
        for tournament in Tournament.objects.filter(pk__in=events):
            rebuild_entrant_totals(tournament)
            bump_standings_revision(tournament.pk)

    def save_model(self, request, obj, form, change):
        # kept on the object, not the admin (one admin instance serves every request)
        obj._events_before_edit = self._events_of([obj]) if change else set()
        super().save_model(request, obj, form, change)

    def save_related(self, request, form, formsets, change):
        super().save_related(request, form, formsets, change)  # inlines (a match's seats)
        before = getattr(form.instance, "_events_before_edit", set())
        self._retally(before | self._events_of([form.instance]))

    def delete_model(self, request, obj):
        events = self._events_of([obj])
        with transaction.atomic():
            super().delete_model(request, obj)
            self._retally(events)

    def delete_queryset(self, request, queryset):
        events = self._events_of(queryset)
        with transaction.atomic():
            super().delete_queryset(request, queryset)
            self._retally(events)
