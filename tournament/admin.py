"""Admin pages for organisers fixing tournament data by hand."""

from django.contrib import admin
from django.utils.translation import gettext_lazy, ngettext

from common.audit.actor import Actor
from common.audit.channels import Channel
from tournament.models import (
    Entrant,
    GenerationJob,
    Player,
    Round,
    StaffRole,
    Stage,
    Team,
    TeamMember,
    Tournament,
)
from tournament.models.event_settings import GROUPS, in_group
from tournament.services.admin_totals import RetallyAfterEdit
from tournament.services.registration import replace_private_link
from tournament.setting_fields import dress_formfield


class StaffRoleInline(admin.TabularInline):
    model = StaffRole
    extra = 0
    autocomplete_fields = ["user"]


class StageInline(admin.TabularInline):
    model = Stage
    extra = 0


def setting_fieldsets() -> list:
    """The declared settings by group (``tournament.models.event_settings``); the organiser
    joins the first group, the event's own."""
    fieldsets = [(g.legend, {"fields": [s.name for s in in_group(g.key)]}) for g in GROUPS]
    fieldsets[0][1]["fields"].append("organiser")
    return fieldsets


@admin.register(Tournament)
class TournamentAdmin(RetallyAfterEdit, admin.ModelAdmin):
    event_path = ""
    list_display = ["name", "starts_on", "game_system", "mode", "status", "is_public"]
    list_filter = ["status", "game_system", "mode", "pairing_method", "is_public"]
    search_fields = ["name", "slug", "venue", "address"]
    prepopulated_fields = {"slug": ["name"]}
    autocomplete_fields = ["organiser"]
    inlines = [StaffRoleInline, StageInline]
    fieldsets = setting_fieldsets()

    def formfield_for_dbfield(self, db_field, request, **kwargs):
        """A setting's field with its declared label and help."""
        field = super().formfield_for_dbfield(db_field, request, **kwargs)
        return dress_formfield(field, db_field.name)


class TeamMemberInline(admin.TabularInline):
    model = TeamMember
    extra = 0
    autocomplete_fields = ["player"]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "email", "user"]
    search_fields = ["name", "club", "email"]
    autocomplete_fields = ["user"]


@admin.register(Team)
class TeamAdmin(admin.ModelAdmin):
    list_display = ["name"]
    search_fields = ["name", "members__name"]
    inlines = [TeamMemberInline]


@admin.register(TeamMember)
class TeamMemberAdmin(admin.ModelAdmin):
    list_display = ["team", "player"]
    search_fields = ["team__name", "player__name"]
    autocomplete_fields = ["team", "player"]


@admin.register(Entrant)
class EntrantAdmin(admin.ModelAdmin):
    list_display = ["display_name", "tournament", "seed", "status", "checked_in_at"]
    list_filter = ["status", "tournament"]
    search_fields = ["display_name", "player__name", "team__name"]
    autocomplete_fields = ["tournament", "player", "team"]
    readonly_fields = ["access_token", "created_at"]
    actions = ["revoke_links"]

    @admin.action(description=gettext_lazy("Replace the private links of the selected entrants"))
    def revoke_links(self, request, queryset):
        actor = Actor.from_request(request, Channel.PAGE)
        for entrant in queryset:
            replace_private_link(entrant, actor)
        count = queryset.count()
        self.message_user(
            request,
            ngettext("%(count)d private link replaced.", "%(count)d private links replaced.", count)
            % {"count": count},
        )


@admin.register(StaffRole)
class StaffRoleAdmin(admin.ModelAdmin):
    list_display = ["user", "role", "tournament"]
    list_filter = ["role"]
    search_fields = ["user__username", "tournament__name"]
    autocomplete_fields = ["user", "tournament"]


@admin.register(Stage)
class StageAdmin(RetallyAfterEdit, admin.ModelAdmin):
    list_display = ["tournament", "sequence", "kind", "label"]
    list_filter = ["kind"]
    search_fields = ["tournament__name", "label"]


@admin.register(Round)
class RoundAdmin(RetallyAfterEdit, admin.ModelAdmin):
    list_display = ["tournament", "number", "stage", "status", "pairing_method", "published_at"]
    list_filter = ["status", "pairing_method"]
    search_fields = ["tournament__name"]
    readonly_fields = ["seed", "pairing_report", "created_at"]


@admin.register(GenerationJob)
class GenerationJobAdmin(admin.ModelAdmin):
    list_display = ["tournament", "kind", "status", "progress", "created_at"]
    list_filter = ["status", "kind"]
    readonly_fields = ["idempotency_key", "task_id", "created_at", "updated_at"]
