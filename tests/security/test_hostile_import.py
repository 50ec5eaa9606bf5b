"""Issue 33.7: an event file cannot make a superuser, nor hand out rights or sign-ins.

Before: ``import_tournament`` took ``is_superuser``, ``is_staff``, the password hash, groups and
permissions of each new account from the file (an edited export made a superuser who could sign
in), and inserted rows of any model the file named (an API token for an account matched by
username). Now an imported account has no rights and no usable password; an account that exists
(matched by username) keeps everything it has; a row of a model an export never holds refuses
the whole file.
"""

import json

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from django.contrib.auth.models import Group, Permission
from django.core.management import CommandError, call_command
from django.test import Client

from accounts.models import ApiToken
from tests.factories import EntrantFactory, TournamentFactory, UserFactory
from tournament.models import Tournament

pytestmark = pytest.mark.django_db

User = get_user_model()


@pytest.fixture
def export(tmp_path):
    """An exported event of one organiser ("mallory") and four players; the event is then
    deleted here, as on another server."""
    organiser = UserFactory(username="mallory")
    tournament = TournamentFactory(slug="forged-cup", organiser=organiser)
    EntrantFactory.create_batch(4, tournament=tournament)
    path = tmp_path / "export.json"
    call_command("export_tournament", "forged-cup", str(path))
    tournament.delete()
    organiser.delete()
    return path


def forge(path, **fields):
    """The export with every account row's fields changed as given."""
    document = json.loads(path.read_text())
    for row in document["rows"]:
        if row["model"] == "auth.user":
            row["fields"].update(fields)
    path.write_text(json.dumps(document))
    return document


def test_an_imported_account_gets_no_rights_and_no_password(export):
    group = Group.objects.create(name="editors")
    group.permissions.add(Permission.objects.get(codename="change_tournament"))
    forge(
        export,
        is_superuser=True,
        is_staff=True,
        password=make_password("a-password-in-the-file"),
        groups=[group.pk],
        user_permissions=[Permission.objects.get(codename="delete_user").pk],
    )
    call_command("import_tournament", str(export))
    mallory = User.objects.get(username="mallory")
    assert not mallory.is_superuser and not mallory.is_staff
    assert not mallory.has_usable_password()
    assert not mallory.groups.exists() and not mallory.user_permissions.exists()
    assert not mallory.has_perm("tournament.change_tournament")
    assert not Client().login(username="mallory", password="a-password-in-the-file")
    assert Tournament.objects.get(slug="forged-cup").organiser == mallory


def test_an_existing_account_keeps_its_rights_and_password(export):
    boss = UserFactory(username="mallory", is_superuser=True, is_staff=True)
    hashed = boss.password
    forge(export, is_superuser=False, is_staff=False, password=make_password("other"))
    call_command("import_tournament", str(export))
    boss.refresh_from_db()
    assert boss.is_superuser and boss.is_staff and boss.password == hashed
    assert Tournament.objects.get(slug="forged-cup").organiser == boss


def test_a_file_cannot_raise_an_existing_account(export):
    plain = UserFactory(username="mallory")
    forge(export, is_superuser=True, is_staff=True, password=make_password("other"))
    call_command("import_tournament", str(export))
    plain.refresh_from_db()
    assert not plain.is_superuser and not plain.is_staff
    assert plain.check_password("a-long-test-password")


@pytest.mark.parametrize(
    "row",
    [
        {
            "model": "accounts.apitoken",
            "pk": 990,
            "fields": {
                "user": "<mallory>",
                "name": "forged",
                "prefix": "x",
                "key_hash": "0" * 64,
                "created_at": "2026-01-01T00:00:00+00:00",
                "expires_at": "2036-01-01T00:00:00+00:00",
                "last_used_at": None,
                "revoked_at": None,
            },
        },
        {"model": "auth.group", "pk": 990, "fields": {"name": "forged", "permissions": []}},
    ],
)
def test_a_row_of_a_model_no_export_holds_refuses_the_file(export, row):
    victim = UserFactory(username="mallory", is_superuser=True)
    document = json.loads(export.read_text())
    old_key = next(r["pk"] for r in document["rows"] if r["model"] == "auth.user")
    if row["fields"].get("user") == "<mallory>":
        row["fields"]["user"] = old_key
    document["rows"].append(row)
    export.write_text(json.dumps(document))
    with pytest.raises(CommandError, match=f"rows of {row['model']}"):
        call_command("import_tournament", str(export))
    assert not ApiToken.objects.filter(user=victim).exists()
    assert not Group.objects.filter(name="forged").exists()
    assert not Tournament.objects.filter(slug="forged-cup").exists()
