"""The bracket page: an inline SVG of the elimination with the right groups, seeds and champion."""

import random
import re

import pytest

from common.audit.actor import Actor
from matches.services.results import enter_result
from tests.factories import EntrantFactory, TournamentFactory
from tournament.logic.simulated_games import random_battle
from tournament.models import RoundStatus, StageKind, TournamentStatus
from tournament.services.elimination import advance_elimination, start_elimination
from tournament.services.rounds import complete_round, generate_swiss_round, publish_round

pytestmark = pytest.mark.django_db
REF = Actor()


def play(round_, rng):
    if round_.status == RoundStatus.DRAFT:
        round_ = publish_round(round_)
    for match in round_.matches.filter(is_bye=False):
        sides = [(str(s.entrant_id), 1) for s in match.seats.all()]
        enter_result(match, random_battle("every_eye", sides, rng), REF)
    complete_round(round_)


def finished_event(players, slug, seed):
    tournament = TournamentFactory(slug=slug, swiss_rounds=2)
    EntrantFactory.create_batch(players, tournament=tournament)
    rng = random.Random(seed)
    for _ in range(tournament.swiss_rounds):
        play(generate_swiss_round(tournament, seed=rng.randrange(10**6)), rng)
    state = start_elimination(tournament)
    for _ in range(30):
        for round_ in tournament.rounds.exclude(status=RoundStatus.COMPLETE).order_by("number"):
            play(round_, rng)
        state = advance_elimination(tournament)
        if state.champion:
            break
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.FINISHED
    return tournament, state.champion


def svg_of(page: str, which: str) -> str:
    match = re.search(rf'<svg class="bracket-svg bracket-{which}".*?</svg>', page, re.S)
    assert match, f"no {which} bracket SVG"
    return match.group(0)


def test_small_event_bracket_shows_groups_seeds_final_and_champion(client):
    tournament, champion = finished_event(8, "br-cup", 11)
    first = tournament.rounds.get(stage__kind=StageKind.ELIMINATION_1)
    seeds = first.pairing_report["seeds"]
    seed_of = {int(side): n for n, side in enumerate(seeds, 1)}
    response = client.get("/events/br-cup/bracket/")
    assert response.status_code == 200
    page = response.content.decode()
    for which in ("h", "v"):
        svg = svg_of(page, which)
        assert f'<title id="bracket-title-{which}">' in svg and "<desc" in svg
        assert "Group A" in svg and "Group B" in svg
        assert "Group AD" not in svg  # a cut of 8 goes straight to the final
        assert svg.count(">Final, game ") == 3
        assert "Champion" in svg
    columns = response.context["columns"]
    group_boxes = {b.title: b for b in columns[0].boxes}
    for label in ("A", "B"):
        match = first.matches.get(group_label=label)
        expected = sorted(seed_of[s.entrant_id] for s in match.seats.all())
        assert sorted(line.seed for line in group_boxes[f"Group {label}"].lines) == expected
    # The rulebook's groups for a cut of 8: A = seeds 1, 4, 5, 8 and B = 2, 3, 6, 7.
    assert sorted(line.seed for line in group_boxes["Group A"].lines) == [1, 4, 5, 8]
    assert sorted(line.seed for line in group_boxes["Group B"].lines) == [2, 3, 6, 7]
    winner = tournament.entrants.get(pk=int(champion)).display_name
    assert columns[-1].title == "Champion" and columns[-1].boxes[0].lines[0].name == winner
    # The final's running totals: each game box adds that game's points.
    finals = [c for c in columns if c.title == "Final"][0].boxes
    games = [b for b in finals if b.title.startswith("Final, game")]
    last_totals = {ln.entrant_id: ln.total for ln in games[-1].lines}
    sums: dict[int, float] = {}
    for box in games:
        for ln in box.lines:
            sums[ln.entrant_id] = sums.get(ln.entrant_id, 0) + ln.points
    assert last_totals == sums
    # Screen readers get the same facts as a list.
    assert "The bracket as a list" in page and "★ champion" in page


def test_sixteen_player_bracket_has_four_groups_then_ad_and_bc(client):
    tournament, _ = finished_event(16, "br-big", 5)
    page = client.get("/events/br-big/bracket/").content.decode()
    svg = svg_of(page, "h")
    for label in ("Group A", "Group B", "Group C", "Group D", "Group AD", "Group BC"):
        assert label in svg
    columns = client.get("/events/br-big/bracket/").context["columns"]
    first = {b.title: sorted(ln.seed for ln in b.lines) for b in columns[0].boxes}
    assert first["Group A"] == [1, 5, 12, 16] and first["Group D"] == [4, 8, 9, 13]


def test_planned_stages_show_before_they_are_seated(client):
    tournament = TournamentFactory(slug="br-plan", swiss_rounds=1)
    EntrantFactory.create_batch(8, tournament=tournament)
    rng = random.Random(2)
    play(generate_swiss_round(tournament, seed=4), rng)
    assert (
        "The elimination has not started" in client.get("/events/br-plan/bracket/").content.decode()
    )
    start_elimination(tournament)
    # The first elimination round is a draft: nothing shows until it is published.
    assert (
        "The elimination has not started" in client.get("/events/br-plan/bracket/").content.decode()
    )
    first = tournament.rounds.get(stage__kind=StageKind.ELIMINATION_1)
    publish_round(first)
    response = client.get("/events/br-plan/bracket/")
    page = response.content.decode()
    assert "Group A" in page and "To be played" in page and "1st from A" in page


def test_private_event_bracket_is_hidden(client):
    TournamentFactory(slug="br-private", is_public=False)
    assert client.get("/events/br-private/bracket/").status_code == 404


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("de", ("Gruppe A", "Noch zu spielen", "1. aus A", "Finale")),
        ("fr", ("Groupe A", "À jouer", "du groupe A", "Finale")),
    ],
)
def test_the_bracket_reads_in_the_readers_language(client, language, words):
    """Issue 39: the planned stages, their boxes and seats in German and French (the stage
    templates still name their stages in English, and the page matches them whatever the
    reader's language: a German reader once got a server error here)."""
    tournament = TournamentFactory(slug=f"br-{language}", swiss_rounds=1)
    EntrantFactory.create_batch(8, tournament=tournament)
    play(generate_swiss_round(tournament, seed=4), random.Random(2))
    start_elimination(tournament)
    publish_round(tournament.rounds.get(stage__kind=StageKind.ELIMINATION_1))
    response = client.get(f"/events/br-{language}/bracket/", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    page = response.content.decode()
    for word in words:
        assert word in page, word
    assert "To be played" not in page and "Group A" not in page
