"""Forms of the account pages."""

from allauth.account.forms import LoginForm, SignupForm
from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from accounts.tokens import DEFAULT_DAYS, LIFETIME_CHOICES, MAX_NAME_LENGTH


class TokenForm(forms.Form):
    """A new API token: what it is for, and how long it lives."""

    name = forms.CharField(
        max_length=MAX_NAME_LENGTH,
        label=_("Name"),
        help_text=_("What the token is for, e.g. 'results script' or 'desk laptop'."),
    )
    days = forms.TypedChoiceField(
        coerce=int,
        choices=lambda: [
            (d, ngettext("%(count)d day", "%(count)d days", d) % {"count": d})
            for d in LIFETIME_CHOICES
        ],
        initial=DEFAULT_DAYS,
        label=_("Expires after"),
    )


class SignInForm(LoginForm):
    """allauth's sign-in form, with labels a newcomer reads at a glance."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.label_suffix = ""
        self.fields["login"].label = _("Username or e-mail")
        self.fields["login"].widget.attrs["placeholder"] = ""
        self.fields["password"].widget.attrs["placeholder"] = ""
        if "remember" in self.fields:
            self.fields["remember"].label = _("Keep me signed in on this device")


class SignUpForm(SignupForm):
    """allauth's sign-up form, with the same plain labels as the rest of the site."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.label_suffix = ""
        labels = {"email": _("E-mail"), "password2": _("Password again")}
        for name, field in self.fields.items():
            field.label = labels.get(name, field.label)
            field.widget.attrs.pop("placeholder", None)
        self.fields["username"].help_text = _("Shown to the events you run or referee.")
