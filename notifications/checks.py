"""A system check on the Web Push settings: half a configuration, or keys that do not belong
together, is refused at start-up instead of failing at every push."""

from django.conf import settings
from django.core.checks import Error, register

from notifications.vapid import problems


@register()
def vapid_settings(app_configs=None, **kwargs):
    """Errors for VAPID settings that cannot sign a push (none when push is simply off)."""
    private_key = getattr(settings, "VAPID_PRIVATE_KEY", "")
    public_key = getattr(settings, "VAPID_PUBLIC_KEY", "")
    if not (private_key or public_key):
        return []
    if not (private_key and public_key):
        found = ["set both VAPID_PRIVATE_KEY and VAPID_PUBLIC_KEY, or neither"]
    else:
        found = problems(private_key, public_key, getattr(settings, "VAPID_SUBJECT", ""))
    return [
        Error(text, hint="manage.py make_vapid_keys prints a new pair", id="notifications.E001")
        for text in found
    ]
