"""From the Swiss standings to a champion: groups, tie-breaks on the line, the final."""

import random

import pytest

from common.audit.actor import Actor
from matches.models import Match
from matches.services.results import enter_result
from tests.factories import EntrantFactory, PlayerFactory, TeamFactory, TournamentFactory
from tournament.logic.simulated_games import random_battle
from tournament.models import RoundStatus, StageKind, TeamMember, TournamentStatus
from tournament.services.elimination import advance_elimination, start_elimination
from tournament.services.rounds import (
    RoundError,
    complete_round,
    generate_swiss_round,
    publish_round,
)
from tournament.services.standings import compute_standings

pytestmark = pytest.mark.django_db
REF = Actor()


def sizes_of(match):
    return [
        (str(s.entrant_id), s.entrant.team.memberships.count() if s.entrant.team else 1)
        for s in match.seats.select_related("entrant__team")
    ]


def play(round_, rng, mode="every_eye"):
    round_ = publish_round(round_) if round_.status == RoundStatus.DRAFT else round_
    for match in round_.matches.filter(is_bye=False):
        enter_result(match, random_battle(mode, sizes_of(match), rng), REF)
    complete_round(round_)


def swiss(tournament, rng, mode="every_eye"):
    for _ in range(tournament.swiss_rounds):
        play(generate_swiss_round(tournament, seed=rng.randrange(10**6)), rng, mode)


def open_rounds(tournament):
    return tournament.rounds.exclude(status=RoundStatus.COMPLETE).order_by("number")


def run_to_champion(tournament, rng, mode="every_eye"):
    state = start_elimination(tournament)
    for _ in range(30):
        for round_ in open_rounds(tournament):
            play(round_, rng, mode)
        state = advance_elimination(tournament)
        if state.champion:
            return state
    raise AssertionError("no champion after 30 steps")


def test_top_sixteen_groups_follow_the_rulebook_seeding():
    tournament = TournamentFactory(swiss_rounds=3)
    EntrantFactory.create_batch(20, tournament=tournament)
    rng = random.Random(1)
    swiss(tournament, rng)
    standings = compute_standings(tournament)
    start_elimination(tournament)
    first = tournament.rounds.get(stage__kind=StageKind.ELIMINATION_1)
    record = first.pairing_report
    assert record["cut"] == 16
    seed_of = {side: n for n, side in enumerate(record["seeds"], 1)}
    # With no tie at the cut (ranks 16 and 17 differ here), seeds are standings positions 1..16.
    assert standings[15].rank != standings[16].rank
    assert "cut_tie" not in record
    assert record["seeds"] == [row.entrant_id for row in standings[:16]]
    groups = {
        m.group_label: [seed_of[str(s.entrant_id)] for s in m.seats.order_by("position")]
        for m in first.matches.all()
    }
    assert groups == {
        "A": [1, 5, 12, 16],
        "B": [2, 6, 11, 15],
        "C": [3, 7, 10, 14],
        "D": [4, 8, 9, 13],
    }


def test_a_full_event_reaches_one_champion_through_ad_bc_and_a_three_game_final():
    tournament = TournamentFactory(swiss_rounds=3)
    EntrantFactory.create_batch(18, tournament=tournament)
    rng = random.Random(7)
    swiss(tournament, rng)
    state = run_to_champion(tournament, rng)
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.FINISHED
    kinds = set(tournament.stages.values_list("kind", flat=True))
    assert {StageKind.ELIMINATION_1, StageKind.ELIMINATION_2, StageKind.FINAL} <= kinds
    second = tournament.rounds.get(stage__kind=StageKind.ELIMINATION_2)
    assert sorted(second.matches.values_list("group_label", flat=True)) == ["AD", "BC"]
    finals = tournament.rounds.filter(stage__kind=StageKind.FINAL)
    assert finals.count() == 3
    finalists = {frozenset(r.seats.values_list("entrant_id", flat=True)) for r in finals}
    assert len(finalists) == 1 and len(next(iter(finalists))) == 4
    assert int(state.champion) in next(iter(finalists))


def report(match, cups, survivors):
    seats = list(match.seats.order_by("position"))
    return {
        "ended_by": "time",
        "sides": [
            {"side": str(s.entrant_id), "victory_cup_tokens": c, "survivors": a}
            for s, c, a in zip(seats, cups, survivors, strict=True)
        ],
    }


def test_equal_scores_on_the_line_make_a_tie_break_game_of_exactly_the_tied_sides():
    tournament = TournamentFactory(swiss_rounds=1)
    EntrantFactory.create_batch(8, tournament=tournament)
    rng = random.Random(3)
    swiss(tournament, rng)
    start_elimination(tournament)  # 8 players: groups (1,4,5,8) and (2,3,6,7)
    first = tournament.rounds.get(stage__kind=StageKind.ELIMINATION_1)
    publish_round(first)
    group_a, group_b = first.matches.order_by("table_number")
    # A: cups 6, 4, 4, 2, all standing -> scores 11, 9, 9, 7: seats 2 and 3 tie on the line.
    enter_result(group_a, report(group_a, [6, 4, 4, 2], [1, 1, 1, 1]), REF)
    enter_result(group_b, report(group_b, [6, 5, 4, 2], [1, 1, 1, 1]), REF)
    complete_round(first)
    state = advance_elimination(tournament)
    tie_break = state.round
    assert tie_break.stage.kind == StageKind.TIE_BREAK
    match = tie_break.matches.get()
    seats_a = list(group_a.seats.order_by("position"))
    assert set(match.seats.values_list("entrant_id", flat=True)) == {
        seats_a[1].entrant_id,
        seats_a[2].entrant_id,
    }
    assert match.group_label == "A tie-break"
    with pytest.raises(RoundError, match="not complete"):
        advance_elimination(tournament)
    publish_round(tie_break)
    # The second seat wins the tie-break: cups 3 v 1, both standing.
    enter_result(match, report(match, [3, 1], [1, 1]), REF)
    complete_round(tie_break)
    advance_elimination(tournament)
    final = tournament.rounds.filter(stage__kind=StageKind.FINAL).order_by("number").first()
    finalists = set(final.seats.values_list("entrant_id", flat=True))
    winner_of_tb = match.seats.order_by("position").first().entrant_id
    assert winner_of_tb in finalists
    assert seats_a[0].entrant_id in finalists
    assert len(finalists) == 4


def test_small_field_goes_straight_to_a_final_of_four():
    tournament = TournamentFactory(swiss_rounds=2)
    EntrantFactory.create_batch(6, tournament=tournament)
    rng = random.Random(5)
    swiss(tournament, rng)
    start_elimination(tournament)
    assert not tournament.stages.filter(kind=StageKind.ELIMINATION_1).exists()
    finals = tournament.rounds.filter(stage__kind=StageKind.FINAL)
    assert finals.count() == 3
    assert all(r.matches.get().seats.count() == 4 for r in finals)


def test_alliance_top_eight_plays_one_v_eight_down_to_a_champion_team():
    tournament = TournamentFactory(swiss_rounds=2, mode="alliances")
    for _ in range(9):
        entrant = EntrantFactory(tournament=tournament, player=None, team=TeamFactory())
        for _ in range(2):
            TeamMember.objects.create(team=entrant.team, player=PlayerFactory())
    rng = random.Random(11)
    swiss(tournament, rng, mode="alliances")
    start_elimination(tournament)
    first = tournament.rounds.get(stage__kind=StageKind.ELIMINATION_1)
    seeds = first.pairing_report["seeds"]
    pairs = {
        m.group_label: [str(s.entrant_id) for s in m.seats.order_by("position")]
        for m in first.matches.all()
    }
    assert pairs == {
        "A": [seeds[0], seeds[7]],
        "B": [seeds[1], seeds[6]],
        "C": [seeds[2], seeds[5]],
        "D": [seeds[3], seeds[4]],
    }
    for _ in range(30):
        for round_ in open_rounds(tournament):
            play(round_, rng, "alliances")
        state = advance_elimination(tournament)
        if state.champion:
            break
    assert state.champion
    assert Match.objects.filter(round__stage__kind=StageKind.FINAL).count() == 3


def test_the_cut_waits_for_every_swiss_round():
    tournament = TournamentFactory(swiss_rounds=2)
    EntrantFactory.create_batch(8, tournament=tournament)
    generate_swiss_round(tournament, seed=1)
    with pytest.raises(RoundError, match="every Swiss round"):
        start_elimination(tournament)


def nine_players_one_round(tie_resolution):
    """Three pods of three: points 4, 4, 4, 2, 2, 2, 1, 1, 1; ranked on points alone the top 8
    cut falls among the three 1-point players, who fight for two places."""
    tournament = TournamentFactory(
        swiss_rounds=1, tiebreakers=[], cut_tie_resolution=tie_resolution
    )
    EntrantFactory.create_batch(9, tournament=tournament)
    round_ = publish_round(generate_swiss_round(tournament, seed=4))
    for match in round_.matches.all():
        enter_result(match, report(match, [6, 4, 2], [1, 1, 1]), REF)
    complete_round(round_)
    last = [int(row.entrant_id) for row in compute_standings(tournament) if row.points == 1.0]
    assert len(last) == 3
    return tournament, last


def test_a_tie_on_the_cut_line_is_played_off_then_the_winners_take_the_last_seeds():
    tournament, tied = nine_players_one_round("game")
    state = start_elimination(tournament)
    assert state.round.stage.kind == StageKind.TIE_BREAK
    playoff = state.round.matches.get()
    assert set(playoff.seats.values_list("entrant_id", flat=True)) == set(tied)
    publish_round(state.round)
    # cups 5, 3, 1 all standing -> first and second seat go through.
    enter_result(playoff, report(playoff, [5, 3, 1], [1, 1, 1]), REF)
    complete_round(state.round)
    advance_elimination(tournament)
    first = tournament.rounds.get(stage__kind=StageKind.ELIMINATION_1)
    seated = set(first.seats.values_list("entrant_id", flat=True))
    order = [s.entrant_id for s in playoff.seats.order_by("position")]
    assert len(seated) == 8
    assert order[0] in seated and order[1] in seated and order[2] not in seated


def test_a_tie_on_the_cut_line_by_seeded_draw_is_recorded():
    tournament, tied = nine_players_one_round("random_draw")
    start_elimination(tournament)
    first = tournament.rounds.get(stage__kind=StageKind.ELIMINATION_1)
    draw = first.pairing_report["cut_tie"]
    assert draw["resolution"] == "draw" and draw["draw_seed"] is not None
    assert sorted(map(int, draw["sides"])) == sorted(tied)
    assert first.pairing_report["seeds"][-2:] == draw["draw_order"][:2]


def test_every_bracket_template_stage_names_an_elimination_stage_kind():
    """One source for the stages: each template stage's name is its kind's label."""
    from tournament.logic.brackets.formats import _TEMPLATES
    from tournament.models import ELIMINATION_STAGES, stage_kind_named

    names = {stage.name for stages in _TEMPLATES.values() for stage in stages}
    assert {stage_kind_named(name) for name in names} <= set(ELIMINATION_STAGES)
    assert None not in {stage_kind_named(name) for name in names}
    assert stage_kind_named("Swiss rounds") is None
