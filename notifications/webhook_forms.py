"""The form that adds a webhook endpoint on the console (an event's or an organisation's)."""

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from notifications.logic.webhook_payloads import EVENT_TYPES
from notifications.models import MAX_URL_LENGTH, WebhookKind
from notifications.services.webhooks import input_errors


def event_choices() -> list[tuple[str, str]]:
    return [(key, gettext(label)) for key, label in EVENT_TYPES.items()]


class WebhookForm(forms.Form):
    url = forms.CharField(
        label=_("URL"),
        max_length=MAX_URL_LENGTH,
        help_text=_("https:// only; a Discord channel's webhook URL for the Discord kind."),
    )
    kind = forms.ChoiceField(label=_("Kind"), choices=WebhookKind.choices)
    events = forms.MultipleChoiceField(
        label=_("Events"), choices=event_choices, widget=forms.CheckboxSelectMultiple
    )

    def clean(self):
        data = super().clean()
        if not self.errors:
            for field, problems in input_errors(data["url"], data["kind"], data["events"]).items():
                for problem in problems:
                    self.add_error(field, problem)
        return data
