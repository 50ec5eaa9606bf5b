"""The captain's form for a new team: its name, the captain's name for a new player record,
and the event's entry code when the event asks for one."""

from django import forms
from django.utils.translation import gettext_lazy as _

from registrations.models import MAX_TEAM_NAME, WhoMay

#: the longest name a new player record takes (``Player.name``)
MAX_PLAYER_NAME = 100


class NewTeamForm(forms.Form):
    """A team's name, and what the captain's registration needs."""

    name = forms.CharField(label=_("Team name"), max_length=MAX_TEAM_NAME)
    player_name = forms.CharField(
        label=_("Your name, as the pairings show it"), max_length=MAX_PLAYER_NAME, required=False
    )
    code = forms.CharField(label=_("Entry code"), max_length=100, required=False)

    def __init__(self, *args, policy=None, has_player: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        if has_player:
            del self.fields["player_name"]
        if policy is None or policy.who_may != WhoMay.CODE:
            del self.fields["code"]


class JoinTeamForm(forms.Form):
    """A member's name for a new player record (an account with one needs nothing)."""

    player_name = forms.CharField(
        label=_("Your name, as the pairings show it"), max_length=MAX_PLAYER_NAME, required=False
    )
