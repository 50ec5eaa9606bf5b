"""The organiser's registration settings as a form: the policy's fields, with a clear
sentence for each mistake; the policy service then checks and saves them (as for the API)."""

from django import forms
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from registrations.models import MAX_CAPACITY, RegistrationPolicy, WhoMay
from registrations.services.policy import FIELDS

MOMENT = forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M")


class PolicyForm(forms.ModelForm):
    """Self-service on or off, the window, capacity, waitlist, who may, review, fee note."""

    class Meta:
        model = RegistrationPolicy
        fields = FIELDS
        widgets = {
            "opens_at": MOMENT,
            "closes_at": MOMENT,
            "fee_note": forms.Textarea(attrs={"rows": 3}),
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        zone = {"zone": timezone.get_current_timezone_name()}  # the event's (its pages set it)
        self.fields["opens_at"].help_text = (
            gettext_lazy("In the event's time (%(zone)s). Empty: open now.") % zone
        )
        self.fields["closes_at"].help_text = (
            gettext_lazy("In the event's time (%(zone)s). Empty: open until round 1 is paired.")
            % zone
        )
        self.fields["capacity"].widget.attrs.update({"min": 1, "max": MAX_CAPACITY})

    def clean_capacity(self):
        capacity = self.cleaned_data.get("capacity")
        if capacity is not None and not 1 <= capacity <= MAX_CAPACITY:
            raise forms.ValidationError(
                _("The capacity is from 1 to %(max)d places; leave it empty for no limit.")
                % {"max": MAX_CAPACITY}
            )
        return capacity

    def clean(self):
        cleaned = super().clean()
        opens, closes = cleaned.get("opens_at"), cleaned.get("closes_at")
        if opens and closes and closes <= opens:
            self.add_error("closes_at", _("Registration must close after it opens."))
        if cleaned.get("who_may") == WhoMay.CODE and not cleaned.get("entry_code", "").strip():
            self.add_error(
                "entry_code", _("Give the entry code that players must type to register.")
            )
        return cleaned

    def values(self) -> dict:
        """The fields as the policy service takes them."""
        return {name: self.cleaned_data[name] for name in FIELDS}
