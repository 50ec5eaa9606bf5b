"""Admin pages for registrations: the policy inline on the event, registrations with filters.

The admin site is for superusers (``accounts.admin_site``); organisers run their events'
registrations from the console. Should the site ever open to staff, each page already shows
only the rows of the events the user runs (``permissions.run_by``).
"""

from django.contrib import admin

from registrations.models import Registration, RegistrationPolicy, TeamEntry, TeamEntryMember
from tournament.admin import TournamentAdmin
from tournament.models import Tournament
from tournament.services.permissions import run_by


class RunByUser:
    """Only the rows of the events the signed-in user runs."""

    def get_queryset(self, request):
        events = Tournament.objects.filter(run_by(request.user)).values("pk")
        return super().get_queryset(request).filter(tournament__in=events)


class RegistrationPolicyInline(RunByUser, admin.StackedInline):
    model = RegistrationPolicy
    extra = 0
    max_num = 1
    can_delete = True


admin.site.unregister(Tournament)


@admin.register(Tournament)
class TournamentWithPolicyAdmin(TournamentAdmin):
    """The event's admin page (``tournament.admin``) with its registration policy inline."""

    inlines = [*TournamentAdmin.inlines, RegistrationPolicyInline]


@admin.register(Registration)
class RegistrationAdmin(RunByUser, admin.ModelAdmin):
    list_display = ["name", "tournament", "status", "queue_number", "paid", "created_at"]
    list_filter = ["status", "paid", "name_listed", "tournament"]
    search_fields = ["name", "user__username", "user__email", "tournament__name"]
    autocomplete_fields = ["tournament", "user", "player", "entrant"]
    readonly_fields = ["created_at", "updated_at"]
    list_select_related = ["tournament"]


@admin.register(RegistrationPolicy)
class RegistrationPolicyAdmin(RunByUser, admin.ModelAdmin):
    list_display = ["tournament", "self_service", "capacity", "waitlist", "who_may", "review"]
    list_filter = ["self_service", "waitlist", "who_may", "review"]
    search_fields = ["tournament__name"]
    autocomplete_fields = ["tournament"]


class TeamEntryMemberInline(admin.TabularInline):
    model = TeamEntryMember
    fields = readonly_fields = ["user", "player", "joined_at"]
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(TeamEntry)
class TeamEntryAdmin(RunByUser, admin.ModelAdmin):
    """Teams their captains registered, to look at: members join and leave through the team
    pages and the API, whose services keep the team's place in step; never here."""

    list_display = ["name", "tournament", "captain", "registration", "created_at"]
    search_fields = ["name", "captain__username", "tournament__name"]
    fields = readonly_fields = ["name", "tournament", "captain", "registration", "team"]
    list_select_related = ["tournament", "captain", "registration"]
    inlines = [TeamEntryMemberInline]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False
