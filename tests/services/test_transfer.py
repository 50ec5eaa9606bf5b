"""Export a whole tournament, wipe the database, import it: nothing is lost or changed."""

import io
import json
import random

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command

from common.audit.actor import Actor
from common.audit.models import AuditEntry
from leagues.models import Organisation, OrganisationStaff
from matches.models import LiveEvent, LiveGame, Match, ResultResponse, ResultVersion
from matches.services.results import (
    confirm_report,
    correct_result,
    dispute_report,
    enter_result,
    submit_report,
)
from tests.factories import EntrantFactory, PlayerFactory, TournamentFactory, UserFactory
from tournament.logic.simulated_games import random_battle
from tournament.models import Player, StaffRole, Team, Tournament
from tournament.services.field_history import swiss_history
from tournament.services.rounds import complete_round, generate_swiss_round, publish_round
from tournament.services.standings import compute_standings

pytestmark = pytest.mark.django_db


def build_event():
    """Two rounds with entries, a confirmed report, a dispute and a correction."""
    organiser = UserFactory(username="org")
    referee = Actor(user=UserFactory(username="ref"))
    tournament = TournamentFactory(slug="transfer-cup", organiser=organiser)
    StaffRole.objects.create(tournament=tournament, user=referee.user, role="referee")
    EntrantFactory.create_batch(10, tournament=tournament)
    rng = random.Random(4)
    for seed in (1, 2):
        round_ = publish_round(generate_swiss_round(tournament, seed=seed))
        matches = list(round_.matches.all())
        for index, match in enumerate(matches):
            sides = [(str(s.entrant_id), 1) for s in match.seats.all()]
            seats = [s.entrant for s in match.seats.order_by("position")]
            if index == 0:
                version = submit_report(
                    match, random_battle("every_eye", sides, rng), Actor(entrant=seats[0])
                )
                for other in seats[1:]:
                    confirm_report(version, Actor(entrant=other))
            elif index == 1:
                version = submit_report(
                    match, random_battle("every_eye", sides, rng), Actor(entrant=seats[0])
                )
                dispute_report(version, Actor(entrant=seats[1]), "Miscounted")
                correct_result(match, random_battle("every_eye", sides, rng), referee, "Recount")
            else:
                enter_result(match, random_battle("every_eye", sides, rng), referee)
        complete_round(round_)
    return tournament


def wipe_everything():
    ResultResponse.objects.all().delete()
    LiveEvent.objects.all().delete()
    LiveGame.objects.all().delete()
    for version in ResultVersion.objects.order_by("-number"):
        version.delete()
    AuditEntry.objects.all().delete()
    Match.objects.all().delete()
    Tournament.objects.all().delete()
    Team.objects.all().delete()
    Player.objects.all().delete()
    get_user_model().objects.all().delete()


def test_round_trip_reproduces_every_row_and_the_standings(tmp_path):
    tournament = build_event()
    before_history = {
        k: (v.points, v.opponents, v.games) for k, v in swiss_history(tournament).items()
    }
    path = tmp_path / "export.json"
    call_command("export_tournament", "transfer-cup", str(path))
    original = json.loads(path.read_text())
    kinds = {row["model"] for row in original["rows"]}
    assert {
        "matches.resultversion",
        "matches.resultresponse",
        "audit.auditentry",
        "tournament.entrant",
        "matches.seat",
    } <= kinds
    assert all(
        r["fields"]["password"] == "!" for r in original["rows"] if r["model"] == "auth.user"
    )

    wipe_everything()
    assert not Tournament.objects.exists()
    call_command("import_tournament", str(path))

    again = tmp_path / "again.json"
    call_command("export_tournament", "transfer-cup", str(again))
    assert json.loads(again.read_text()) == original
    restored = Tournament.objects.get(slug="transfer-cup")
    after_history = {
        k: (v.points, v.opponents, v.games) for k, v in swiss_history(restored).items()
    }
    assert after_history == before_history
    # New rows after the import get fresh keys (sequences moved past the imported ones).
    EntrantFactory(tournament=restored)


def test_an_export_made_before_the_audit_trail_moved_app_imports_its_entries(tmp_path):
    build_event()
    path = tmp_path / "export.json"
    call_command("export_tournament", "transfer-cup", str(path))
    document = json.loads(path.read_text())
    entries = [row for row in document["rows"] if row["model"] == "audit.auditentry"]
    for row in entries:
        row["model"] = "matches.auditentry"  # the label its exports carried until it moved
    path.write_text(json.dumps(document))
    wipe_everything()

    call_command("import_tournament", str(path))

    restored = AuditEntry.objects.filter(tournament__slug="transfer-cup")
    assert sorted(restored.values_list("pk", flat=True)) == sorted(row["pk"] for row in entries)


def test_import_refuses_an_existing_event_and_changes_nothing(tmp_path):
    build_event()
    path = tmp_path / "export.json"
    call_command("export_tournament", "transfer-cup", str(path))
    count = ResultVersion.objects.count()
    with pytest.raises(CommandError, match="already exists"):
        call_command("import_tournament", str(path))
    assert ResultVersion.objects.count() == count


def test_import_refuses_a_file_that_is_not_an_export(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text('{"rows": []}')
    with pytest.raises(CommandError, match="not a tournament export"):
        call_command("import_tournament", str(path))
    path.write_text("{not json")
    with pytest.raises(CommandError, match="cannot read"):
        call_command("import_tournament", str(path))


def test_a_finished_event_with_its_champion_round_trips(tmp_path):
    call_command(
        "simulate_event", "--players", "9", "--rounds", "2", "--seed", "6", "--slug", "done-cup"
    )
    champion = Tournament.objects.get(slug="done-cup").champion
    assert champion is not None
    path = tmp_path / "done.json"
    call_command("export_tournament", "done-cup", str(path))
    wipe_everything()
    call_command("import_tournament", str(path))
    restored = Tournament.objects.get(slug="done-cup")
    assert restored.champion_id == champion.pk
    assert restored.champion.display_name == champion.display_name


def standings_by_name(tournament):
    return [(row.name, row.points, row.tiebreaks) for row in compute_standings(tournament)]


def test_importing_into_a_database_with_other_events_touches_none_of_their_rows(tmp_path):
    """Issue 12.14: an import into a non-empty database overwrote rows with the same ids (a
    tournament replaced, 40 players renamed with their e-mails blanked)."""
    tournament = build_event()
    expected = standings_by_name(tournament)
    path = tmp_path / "export.json"
    call_command("export_tournament", "transfer-cup", str(path))
    wipe_everything()
    # Another club's event now holds the very keys the export carries.
    rows = json.loads(path.read_text())["rows"]
    keys = {
        model: [r["pk"] for r in rows if r["model"] == model]
        for model in (
            "auth.user",
            "tournament.tournament",
            "tournament.player",
            "tournament.entrant",
        )
    }
    club = UserFactory(pk=keys["auth.user"][0], username="club")
    other = TournamentFactory(
        pk=keys["tournament.tournament"][0], slug="club-night", organiser=club
    )
    pairs = zip(keys["tournament.entrant"], keys["tournament.player"], strict=True)
    players = [
        EntrantFactory(
            pk=entrant_pk,
            tournament=other,
            display_name=f"Club player {i}",
            player=PlayerFactory(pk=player_pk, email=f"p{i}@club.example"),
        )
        for i, (entrant_pk, player_pk) in enumerate(pairs)
    ]
    before = {
        e.pk: (e.display_name, e.player.name, e.player.email, e.access_token) for e in players
    }
    generate_swiss_round(other, seed=3)

    call_command("import_tournament", str(path))

    other.refresh_from_db()
    assert other.slug == "club-night" and other.organiser.username == "club"
    after = {
        e.pk: (e.display_name, e.player.name, e.player.email, e.access_token)
        for e in other.entrants.select_related("player")
    }
    assert after == before
    imported = Tournament.objects.get(slug="transfer-cup")
    assert imported.pk != other.pk
    assert standings_by_name(imported) == expected
    assert imported.organiser.username == "org"
    # The audit trail of the imported event points at its own rows.
    for entry in AuditEntry.objects.filter(tournament=imported, target_type="tournament.entrant"):
        assert imported.entrants.filter(pk=int(entry.target_id)).exists()
    for entry in AuditEntry.objects.filter(tournament=imported, target_type="matches.match"):
        assert Match.objects.filter(pk=int(entry.target_id), round__tournament=imported).exists()


def test_a_clash_refuses_the_whole_import_with_a_message(tmp_path):
    tournament = build_event()
    path = tmp_path / "export.json"
    call_command("export_tournament", "transfer-cup", str(path))
    # The same event, renamed: its private links are still the ones in the export.
    tournament.slug = "renamed-cup"
    tournament.save()
    counts = (Tournament.objects.count(), ResultVersion.objects.count(), Player.objects.count())
    with pytest.raises(CommandError, match="clashes with data already here"):
        call_command("import_tournament", str(path))
    assert (
        Tournament.objects.count(),
        ResultVersion.objects.count(),
        Player.objects.count(),
    ) == counts


def club_event(slug="club-cup"):
    """An event of an organisation ("harbour-club", with one staff member) and four players."""
    club = Organisation.objects.create(name="Harbour Club", slug="harbour-club", region="Kent")
    OrganisationStaff.objects.create(organisation=club, user=UserFactory(username="club-boss"))
    tournament = TournamentFactory(slug=slug, organisation=club)
    EntrantFactory.create_batch(4, tournament=tournament)
    return tournament


def test_an_event_of_an_organisation_round_trips_with_it(tmp_path):
    """Issue 33.9: an organisation's event could not be exported and imported (the file lacked
    the organisation). The file carries it (not its staff); an import where it is missing makes
    it again, with nobody's rights over it."""
    club_event()
    path = tmp_path / "club.json"
    call_command("export_tournament", "club-cup", str(path))
    original = json.loads(path.read_text())
    kinds = [row["model"] for row in original["rows"]]
    assert kinds.count("leagues.organisation") == 1
    assert "leagues.organisationstaff" not in kinds
    wipe_everything()
    Organisation.objects.all().delete()

    call_command("import_tournament", str(path))

    restored = Tournament.objects.get(slug="club-cup")
    club = restored.organisation
    assert (club.slug, club.name, club.region) == ("harbour-club", "Harbour Club", "Kent")
    assert not OrganisationStaff.objects.filter(organisation=club).exists()
    again = tmp_path / "again.json"
    call_command("export_tournament", "club-cup", str(again))
    assert json.loads(again.read_text()) == original


def test_an_import_joins_the_organisation_of_the_same_slug_and_changes_nothing_of_it(tmp_path):
    club_event()
    path = tmp_path / "club.json"
    call_command("export_tournament", "club-cup", str(path))
    Tournament.objects.filter(slug="club-cup").delete()
    Organisation.objects.all().delete()
    # the club exists here under another key and another name, with its own staff
    Organisation.objects.create(name="Placeholder", slug="other")
    here = Organisation.objects.create(name="Harbour Club (here)", slug="harbour-club")
    keeper = UserFactory(username="keeper")
    OrganisationStaff.objects.create(organisation=here, user=keeper)

    out = io.StringIO()
    call_command("import_tournament", str(path), stdout=out)

    restored = Tournament.objects.get(slug="club-cup")
    assert restored.organisation == here
    here.refresh_from_db()
    assert here.name == "Harbour Club (here)" and here.region == ""
    assert list(here.staff.values_list("user__username", flat=True)) == ["keeper"]
    assert Organisation.objects.filter(slug="harbour-club").count() == 1
    assert "harbour-club" in out.getvalue()
