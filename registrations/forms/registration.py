"""The player's registration form: the name to play under, the consent to be listed, the code."""

from django import forms
from django.utils.translation import gettext_lazy as _

from registrations.models import MAX_ENTRY_CODE, MAX_NAME_ENTERED, WhoMay

MAX_NAME = MAX_NAME_ENTERED


def suggested_name(user) -> str:
    """The name the form starts with: the account's player record, else its full name or
    username."""
    record = getattr(user, "player", None)
    if record is not None and record.name:
        return record.name
    return user.get_full_name().strip() or user.get_username()


class RegistrationForm(forms.Form):
    """One event's registration: the fields the event asks for, each with a label."""

    name = forms.CharField(
        label=_("Your name"),
        max_length=MAX_NAME,
        help_text=_("As it will appear on the pairings and the standings."),
        widget=forms.TextInput(attrs={"autocomplete": "name"}),
        error_messages={"required": _("Type the name you will play under.")},
    )
    name_listed = forms.BooleanField(
        label=_("List my name publicly on the event's list of entrants"),
        required=False,
        help_text=_("Without it your name still appears at the tables and in the standings."),
    )
    code = forms.CharField(
        label=_("Entry code"),
        max_length=MAX_ENTRY_CODE,
        help_text=_("The code the organiser gave you."),
        widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "none"}),
        error_messages={"required": _("Type the entry code the organiser gave you.")},
    )

    def __init__(self, *args, policy, **kwargs):
        super().__init__(*args, **kwargs)
        self.label_suffix = ""
        if policy.who_may != WhoMay.CODE:
            del self.fields["code"]
