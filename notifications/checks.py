"""A system check on the Web Push settings: half a configuration, keys that do not belong
together, or a push host written with a port or a scheme, is refused at start-up instead of
failing at every push."""

from django.conf import settings
from django.core.checks import Error, register

from common.webpush.subscription_data import host_setting_problem
from common.webpush.vapid import problems


@register()
def vapid_settings(app_configs=None, **kwargs):
    """Errors for VAPID settings that cannot sign a push (none when push is simply off)."""
    private_key = getattr(settings, "VAPID_PRIVATE_KEY", "")
    public_key = getattr(settings, "VAPID_PUBLIC_KEY", "")
    hosts = [
        Error(problem, hint="e.g. fcm.googleapis.com", id="notifications.E002")
        for problem in map(host_setting_problem, getattr(settings, "WEB_PUSH_SERVICE_HOSTS", []))
        if problem
    ]
    if not (private_key or public_key):
        return hosts
    if not (private_key and public_key):
        found = ["set both VAPID_PRIVATE_KEY and VAPID_PUBLIC_KEY, or neither"]
    else:
        found = problems(private_key, public_key, getattr(settings, "VAPID_SUBJECT", ""))
    return [
        Error(text, hint="manage.py make_vapid_keys prints a new pair", id="notifications.E001")
        for text in found
    ] + hosts
