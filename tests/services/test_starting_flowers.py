"""Issue 13.8: every *player* takes a starting flower (a 3v3 uses all six), and Domination
tables get none (its players start next to the centre)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from notifications.logic import texts
from tests.factories import EntrantFactory, PlayerFactory, TeamFactory, TournamentFactory
from tournament.logic.pairing import FLOWERS, PairingError, deal_flowers, flower_list
from tournament.models import TeamMember
from tournament.services.rounds import generate_swiss_round, publish_round

pytestmark = pytest.mark.django_db


@given(
    sizes=st.lists(st.integers(1, 3), min_size=2, max_size=3).filter(lambda s: sum(s) <= 6),
    seed=st.integers(0, 10**9),
    table=st.integers(1, 50),
)
def test_each_player_gets_a_different_flower_and_the_seed_repeats_the_deal(sizes, seed, table):
    dealt = deal_flowers(sizes, seed, table)
    assert [len(flower_list(d)) for d in dealt] == sizes
    colours = [c for d in dealt for c in flower_list(d)]
    assert len(set(colours)) == len(colours) and set(colours) <= set(FLOWERS)
    assert deal_flowers(sizes, seed, table) == dealt


def test_a_table_with_more_players_than_flowers_is_refused():
    with pytest.raises(PairingError, match="7 players"):
        deal_flowers([3, 3, 1], 1, 1)


def team_event(mode, sizes):
    tournament = TournamentFactory(mode=mode)
    for size in sizes:
        team = TeamFactory()
        for _ in range(size):
            TeamMember.objects.create(team=team, player=PlayerFactory())
        EntrantFactory(tournament=tournament, team=team, player=None)
    return tournament


def test_a_3v3_alliance_game_uses_all_six_flowers():
    tournament = team_event("alliances", [3, 3])
    match = publish_round(generate_swiss_round(tournament, seed=5)).matches.get()
    seats = list(match.seats.all())
    assert [len(flower_list(s.flower_colour)) for s in seats] == [3, 3]
    assert sorted(c for s in seats for c in flower_list(s.flower_colour)) == sorted(FLOWERS)


def test_a_2v3_alliance_game_deals_five_flowers():
    tournament = team_event("alliances", [2, 3])
    match = generate_swiss_round(tournament, seed=5).matches.get()
    sizes = sorted(len(flower_list(s.flower_colour)) for s in match.seats.all())
    assert sizes == [2, 3]


@pytest.mark.parametrize("mode", ["domination", "domination_alliance"])
def test_domination_tables_get_no_flowers(mode, client):
    if mode == "domination":
        tournament = TournamentFactory(mode=mode)
        EntrantFactory.create_batch(4, tournament=tournament)
    else:
        tournament = team_event(mode, [2, 2])
    round_ = publish_round(generate_swiss_round(tournament, seed=2))
    assert {s.flower_colour for s in round_.seats.all()} == {""}
    entrant = round_.seats.first().entrant
    page = client.get(f"/me/{entrant.access_token}/").content.decode()
    assert "Start next to the centre" in page


def test_every_eye_still_deals_one_flower_per_player(client):
    tournament = TournamentFactory()
    EntrantFactory.create_batch(4, tournament=tournament)
    round_ = publish_round(generate_swiss_round(tournament, seed=2))
    colours = [s.flower_colour for s in round_.seats.all()]
    assert len(set(colours)) == 4 and set(colours) <= set(FLOWERS)
    seat = round_.seats.first()
    page = client.get(f"/me/{seat.entrant.access_token}/").content.decode()
    assert f"flower-{seat.flower_colour}" in page


@pytest.mark.parametrize("system", ["tsukuyumi", "eye_vs_eye", "grid_skirmish"])
def test_other_games_deal_no_ceremonial_flowers_and_name_no_starting_place(system, client):
    """Ceremonial Flowers belong to Eye for an Eye: another game's phones say only the table."""
    tournament = TournamentFactory(game_system=system, mode="standard")
    EntrantFactory.create_batch(4, tournament=tournament)
    round_ = publish_round(generate_swiss_round(tournament, seed=2))
    assert {s.flower_colour for s in round_.seats.all()} == {""}
    page = client.get(f"/me/{round_.seats.first().entrant.access_token}/").content.decode()
    for words in ("Start on", "next to the centre", "any colour"):
        assert words not in page
    assert (
        texts.table_published(
            "Cup",
            1,
            1,
            3,
            bye=False,
            flower_colour="",
            starting_flowers=False,
            starts_by_centre=False,
            url="/",
        ).body
        == "Round 1: table 3"
    )
