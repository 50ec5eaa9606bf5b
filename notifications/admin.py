"""The admin's read-only view of push subscriptions (how many, whose, how sends went)."""

from django.contrib import admin

from notifications.models import PushSubscription


@admin.register(PushSubscription)
class PushSubscriptionAdmin(admin.ModelAdmin):
    list_display = ("pk", "tournament", "entrant", "user", "created_at", "last_success_at")
    list_filter = ("tournament",)
    # the endpoint and keys are capabilities: never shown
    fields = (
        "tournament",
        "entrant",
        "user",
        "created_at",
        "last_success_at",
        "last_failure_at",
        "failures",
        "last_error",
    )
    readonly_fields = fields

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False
