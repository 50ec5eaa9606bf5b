"""Issue 34.5: a pairing method is one registered object, and an event setting one declaration.

A method registered for one test only (undone after it) appears in the model's validation, the
create form's choices and help, the API's serializer and schema enum, the pairing itself and
docs/settings.md; docs/settings.md as committed is what the declarations write.
"""

import pytest
from django.core.exceptions import ValidationError
from drf_spectacular.generators import SchemaGenerator

from tests.api.conftest import user_client
from tests.factories import TournamentFactory, UserFactory
from tournament.api.serializers import TournamentWriteSerializer
from tournament.forms import TournamentForm
from tournament.logic.pairing import PairingOptions, Side, method_keys, pair_pods
from tournament.logic.pairing.method import PairingMethod
from tournament.logic.pairing.registry import register, unregister
from tournament.models import Tournament
from tournament.models.event_settings import NAMES, SETTINGS
from tournament.services.events import SETTINGS as AUDITED
from tournament.settings_doc import PAGE, render

pytestmark = pytest.mark.django_db


class Ladder(PairingMethod):
    """A test's own method: the field in points order, as Swiss seats it."""

    key = "ladder"
    label = "Ladder"
    help_text = "Ladder: a test's own method."
    by_points = True


@pytest.fixture
def ladder():
    method = register(Ladder())
    yield method
    unregister(method.key)


def enum_of(document, name="PairingMethodEnum"):
    return document["components"]["schemas"][name]["enum"]


def test_a_registered_method_is_offered_by_every_door(ladder):
    form = TournamentForm()
    assert ("ladder", "Ladder") in [(k, str(v)) for k, v in form.fields["pairing_method"].choices]
    assert "Ladder: a test's own method." in str(form.fields["pairing_method"].help_text)
    field = TournamentWriteSerializer().fields["pairing_method"]
    assert "ladder" in field.choices
    assert "ladder" in enum_of(SchemaGenerator().get_schema(request=None, public=True))
    tournament = TournamentFactory.build(pairing_method="ladder")
    tournament.clean_fields(exclude=["organiser", "slug"])  # the model's choices take it
    sides = [Side(str(i), points=i % 3) for i in range(8)]
    assert pair_pods(sides, PairingOptions(method="ladder")).explanation["method"] == "ladder"
    assert "| `ladder` | Ladder |" in render()


def test_the_api_stores_a_registered_method_and_refuses_it_once_gone(ladder):
    client = user_client(UserFactory())
    body = {"name": "Ladder Night", "slug": "ladder-night", "pairing_method": "ladder"}
    assert client.post("/api/v1/tournaments/", body).status_code == 201
    unregister("ladder")
    assert "ladder" not in method_keys()
    assert "ladder" not in enum_of(SchemaGenerator().get_schema(request=None, public=True))
    assert "ladder" not in dict(TournamentForm().fields["pairing_method"].choices)
    with pytest.raises(ValidationError) as refused:
        Tournament.objects.get(slug="ladder-night").clean_fields(exclude=["organiser"])
    assert list(refused.value.message_dict) == ["pairing_method"]
    answer = client.post("/api/v1/tournaments/", {**body, "slug": "ladder-2"})
    assert answer.status_code == 400 and list(answer.json()) == ["pairing_method"]


def test_the_settings_page_is_what_the_declarations_write():
    text = PAGE.read_text()
    assert text == render(), "docs/settings.md is stale: run manage.py settings_doc"
    methods = text.split("## Pairing methods")[1].split("##")[0]
    listed = [line.split("`")[1] for line in methods.splitlines() if line.startswith("| `")]
    assert listed == list(method_keys()) == ["random", "swiss"]
    for setting in SETTINGS:
        assert f"| `{setting.name}` |" in text


def test_the_declaration_covers_what_the_doors_show():
    assert AUDITED == NAMES  # the audit trail records every declared setting
    assert set(TournamentWriteSerializer.Meta.fields) == set(NAMES)
    on_form = {setting.name for setting in SETTINGS if setting.on_form}
    assert on_form <= set(TournamentForm().fields)
    for name in NAMES:
        Tournament._meta.get_field(name)  # every declared setting is stored
