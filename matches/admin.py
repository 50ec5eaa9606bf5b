"""Admin pages for matches, seats, results and the audit trail.

Result versions, responses, live events and audit entries are records of what happened: the
admin shows them read-only; a result is changed by adding a correction, never by editing. The
audit entries belong to the audit app (``common.audit``, which has no doors of its own: it sits
below every app); their admin page is registered here, with the other read-only records.
"""

from django.contrib import admin

from common.audit.models import AuditEntry
from matches.models import LiveEvent, LiveGame, Match, ResultResponse, ResultVersion, Seat
from tournament.services.admin_totals import RetallyAfterEdit


class ReadOnlyAdmin(admin.ModelAdmin):
    """An admin that lists and shows records but never adds, edits or deletes them."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = ["position", "entrant", "flower_colour", "character", "place", "points"]
    readonly_fields = ["place", "points"]
    autocomplete_fields = ["entrant"]


class ResultVersionInline(admin.TabularInline):
    model = ResultVersion
    extra = 0
    fields = ["number", "kind", "state", "created_at", "user", "entrant", "reason"]
    readonly_fields = fields
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Match)
class MatchAdmin(RetallyAfterEdit, admin.ModelAdmin):
    event_path = "round__tournament"
    list_display = ["__str__", "round", "table_number", "group_label", "status"]
    list_filter = ["status", "group_label"]
    search_fields = ["round__tournament__name", "seats__entrant__display_name"]
    inlines = [SeatInline, ResultVersionInline]


@admin.register(Seat)
class SeatAdmin(RetallyAfterEdit, admin.ModelAdmin):
    event_path = "round__tournament"
    list_display = ["entrant", "match", "position", "flower_colour", "character", "place"]
    search_fields = ["entrant__display_name"]
    autocomplete_fields = ["entrant"]
    readonly_fields = ["place", "points", "stats"]


@admin.register(ResultVersion)
class ResultVersionAdmin(ReadOnlyAdmin):
    list_display = ["match", "number", "kind", "state", "channel", "created_at"]
    list_filter = ["state", "kind", "channel"]


@admin.register(ResultResponse)
class ResultResponseAdmin(ReadOnlyAdmin):
    list_display = ["version", "decision", "entrant", "user", "created_at"]
    list_filter = ["decision"]


@admin.register(AuditEntry)
class AuditEntryAdmin(ReadOnlyAdmin):
    list_display = ["created_at", "tournament", "action", "target_type", "target_id", "user"]
    list_filter = ["action", "tournament"]
    search_fields = ["action", "target_id", "reason"]


@admin.register(LiveGame)
class LiveGameAdmin(admin.ModelAdmin):
    list_display = ["match", "game_system", "status", "last_sequence", "updated_at"]
    readonly_fields = ["state", "last_sequence"]


@admin.register(LiveEvent)
class LiveEventAdmin(ReadOnlyAdmin):
    list_display = ["game", "sequence", "created_at"]
