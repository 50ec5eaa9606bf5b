"""Round control through the console: generate, review, swap, re-pair, publish, clock, close,
elimination, and a whole small event driven only through the pages."""

import pytest

from common.audit.models import AuditEntry
from matches.models import MatchStatus, Seat
from tests.factories import EntrantFactory, TournamentFactory, UserFactory
from tournament.models import (
    GenerationJob,
    JobStatus,
    RoundStatus,
    StageKind,
    Tournament,
    TournamentStatus,
)
from tournament.services.rounds import generate_swiss_round

pytestmark = pytest.mark.django_db


@pytest.fixture
def cup(client):
    organiser = UserFactory(username="boss")
    tournament = TournamentFactory(slug="cup", organiser=organiser, pairing_method="swiss")
    for i in range(10):
        EntrantFactory(tournament=tournament, display_name=f"Player {i:02d}")
    client.force_login(organiser)
    return tournament


def generate(client, capture, slug="cup"):
    with capture(execute=True):
        return client.post(f"/events/{slug}/manage/rounds/generate/")


def seats_by_entrant(round_):
    return {
        s.entrant_id: (s.match.table_number, s.position, s.flower_colour)
        for s in Seat.objects.filter(round=round_).select_related("match")
    }


def test_generate_goes_through_the_job_once(client, cup, django_capture_on_commit_callbacks):
    # In the tests the task runs when the request's transaction ends, i.e. after the redirect:
    # the page then follows the job (with eager Celery outside tests it is done at once).
    response = generate(client, django_capture_on_commit_callbacks)
    job = GenerationJob.objects.get()
    assert response["Location"] == f"/events/cup/manage/rounds/?job={job.pk}"
    assert job.status == JobStatus.DONE and job.requested_by.username == "boss"
    round_ = cup.rounds.get()
    assert round_.status == RoundStatus.DRAFT
    assert AuditEntry.objects.filter(action="round.generated", user__username="boss").exists()
    # A second click finds the same job and pairs nothing new.
    response = generate(client, django_capture_on_commit_callbacks)
    assert cup.rounds.count() == 1 and GenerationJob.objects.count() == 1
    page = client.get(response["Location"]).content.decode()
    assert "was already paired" in page
    rounds_page = client.get(f"/events/cup/manage/rounds/?job={job.pk}")
    assert rounds_page.context["job"] == job
    assert 'value="100"' in rounds_page.content.decode()
    assert "Review round 1" in rounds_page.content.decode()
    assert client.get(f"/events/cup/manage/jobs/{job.pk}/").json()["status"] == "done"


def test_job_in_progress_shows_a_refresh_link(client, cup):
    # Without running the on-commit task the job stays queued.
    client.post("/events/cup/manage/rounds/generate/")
    job = GenerationJob.objects.get()
    response = client.get(f"/events/cup/manage/rounds/?job={job.pk}")
    page = response.content.decode()
    assert response.context["job_running"]
    assert "Refresh to see the progress" in page
    assert f'data-live-ws="/ws/tournaments/{cup.pk}/"' in page


def test_draft_review_swap_repair_publish(client, cup):
    round_ = generate_swiss_round(cup, seed=11)
    url = "/events/cup/manage/rounds/1/"
    page = client.get(url).content.decode()
    assert "Table 1" in page and "Publish round 1" in page and "Re-pair" in page
    before = seats_by_entrant(round_)
    a, b = (
        sorted(before, key=lambda e: before[e][0])[0],
        sorted(before, key=lambda e: -before[e][0])[0],
    )
    assert before[a][0] != before[b][0]
    assert client.post(url + "swap/", {"first": a, "second": b}).status_code == 302
    after = seats_by_entrant(round_)
    assert after[a] == before[b] and after[b] == before[a]
    entry = AuditEntry.objects.get(action="round.seats_swapped")
    assert {s["entrant"] for s in entry.before["seats"]} == {a, b}
    assert entry.user.username == "boss"
    # Re-pair: the draft is replaced with a new seed.
    old_seed = round_.seed
    assert client.post(url + "repair/").status_code == 302
    fresh = cup.rounds.get()
    assert fresh.number == 1 and fresh.seed != old_seed and fresh.status == RoundStatus.DRAFT
    assert Seat.objects.filter(round=fresh).count() == 10
    repaired = AuditEntry.objects.get(action="round.repaired")
    assert repaired.before["seed"] == old_seed and repaired.after["seed"] == fresh.seed
    # Publish, then neither swap nor re-pair is possible.
    assert client.post(url + "publish/").status_code == 302
    fresh.refresh_from_db()
    assert fresh.status == RoundStatus.PUBLISHED
    assert AuditEntry.objects.filter(action="round.published", user__username="boss").exists()
    seats = seats_by_entrant(fresh)
    ids = list(seats)
    response = client.post(url + "swap/", {"first": ids[0], "second": ids[-1]})
    assert response.status_code == 400
    assert seats_by_entrant(fresh) == seats
    client.post(url + "repair/")
    assert cup.rounds.get().pk == fresh.pk


def test_swap_refuses_an_entrant_of_another_round_and_changes_nothing(client, cup):
    other = TournamentFactory(slug="other")
    stranger = EntrantFactory(tournament=other)
    round_ = generate_swiss_round(cup, seed=3)
    late = EntrantFactory(tournament=cup, display_name="Late")  # not seated in round 1
    seats = seats_by_entrant(round_)
    anyone = next(iter(seats))
    for intruder in (stranger.pk, late.pk, 999999):
        response = client.post(
            "/events/cup/manage/rounds/1/swap/", {"first": anyone, "second": intruder}
        )
        assert response.status_code == 400
        assert response.context["swap_form"].errors["second"]
    same_table = [e for e, s in seats.items() if s[0] == seats[anyone][0] and e != anyone][0]
    response = client.post(
        "/events/cup/manage/rounds/1/swap/", {"first": anyone, "second": same_table}
    )
    assert response.status_code == 400
    assert "same table" in response.content.decode()
    assert seats_by_entrant(round_) == seats
    assert not AuditEntry.objects.filter(action="round.seats_swapped").exists()


def test_clock_controls_and_projector(client, cup):
    round_ = generate_swiss_round(cup, seed=3)
    url = "/events/cup/manage/rounds/1/"
    response = client.post(url + "clock/start/", follow=True)
    assert "its clock cannot run" in response.content.decode()
    round_.refresh_from_db()
    assert round_.clock_started_at is None  # a draft's clock cannot run
    client.post(url + "publish/")
    response = client.post(url + "clock/start/", follow=True)
    assert "Yarra Mark!" in response.content.decode()
    round_.refresh_from_db()
    assert round_.status == RoundStatus.RUNNING and round_.clock_started_at
    client.post(url + "clock/pause/")
    round_.refresh_from_db()
    assert round_.clock_paused_remaining_ms is not None
    client.post(url + "clock/extend/", {"seconds": "60", "reason": "table 2 restarted"})
    round_.refresh_from_db()
    assert round_.clock_paused_remaining_ms > 300_000
    bad = client.post(url + "clock/extend/", {"seconds": "-5"}, follow=True).content.decode()
    assert "Extra time not added" in bad
    client.post(url + "clock/resume/")
    response = client.post(url + "clock/end/", follow=True)
    assert "Yarra Bung!" in response.content.decode()
    actions = list(
        AuditEntry.objects.filter(action__startswith="clock.")
        .order_by("id")
        .values_list("action", flat=True)
    )
    assert actions == ["clock.start", "clock.pause", "clock.extend", "clock.resume", "clock.end"]
    projector = client.get(url + "clock/").content.decode()
    assert f'data-live-ws="/ws/rounds/{round_.pk}/"' in projector
    assert "Yarra Bung!" in projector and "0:00" in projector
    live = client.get(url + "live.json").json()
    assert live["messages"][0]["type"] == "clock" and live["messages"][0]["state"] == "ended"
    assert client.post(url + "clock/explode/").status_code == 302


def test_close_needs_a_reason_when_results_are_missing(client, cup):
    generate_swiss_round(cup, seed=3)
    url = "/events/cup/manage/rounds/1/"
    client.post(url + "publish/")
    response = client.post(url + "close/", {"reason": ""})
    assert response.status_code == 400
    assert "give a reason" in response.content.decode()
    assert cup.rounds.get().status == RoundStatus.PUBLISHED
    assert client.post(url + "close/", {"reason": "Venue closing"}).status_code == 302
    round_ = cup.rounds.get()
    assert round_.status == RoundStatus.COMPLETE and round_.closed_reason == "Venue closing"
    assert AuditEntry.objects.get(action="round.completed").reason == "Venue closing"


def test_print_view_lists_tables_and_slips_with_colours(client, cup):
    round_ = generate_swiss_round(cup, seed=3)
    page = client.get("/events/cup/manage/rounds/1/print/").content.decode()
    assert page.count('class="slip"') == round_.matches.count()
    seat = round_.seats.first()
    assert seat.flower_colour.upper() in page
    assert "@media print" not in page  # the print rules live in console.css


def test_cut_too_early_shows_the_service_message(client, cup):
    response = client.post("/events/cup/manage/elimination/cut/", follow=True)
    assert "very Swiss round must be complete" in response.content.decode()


# --- a whole event through the pages -----------------------------------------------------------


def desk_results(client, slug, round_):
    """Enter every open table of the round through the referee desk form: seat 1 wins."""
    for match in round_.matches.filter(is_bye=False).order_by("table_number"):
        data = {"g-ended_by": "time"}
        seats = list(match.seats.order_by("position"))
        for rank, seat in enumerate(seats):
            # every knocked-out character's tokens sit in some cup (at least 15 each)
            data[f"s{seat.position}-victory_cup_tokens"] = 12 * (len(seats) - rank)
            data[f"s{seat.position}-survivors"] = 1 if rank == 0 else 0
        response = client.post(f"/events/{slug}/desk/matches/{match.pk}/", data)
        assert response.status_code == 302, response.content.decode()[:2000]
        match.refresh_from_db()
        assert match.status == MatchStatus.ACCEPTED


def play_round(client, slug, round_):
    url = f"/events/{slug}/manage/rounds/{round_.number}/"
    assert client.post(url + "publish/").status_code == 302
    assert client.post(url + "clock/start/").status_code == 302
    desk_results(client, slug, round_)
    home = client.get(f"/events/{slug}/manage/").content.decode()
    assert f"Close round {round_.number}" in home
    assert client.post(url + "close/", {"reason": ""}).status_code == 302
    round_.refresh_from_db()
    assert round_.status == RoundStatus.COMPLETE


def test_a_whole_event_through_the_console(client, django_capture_on_commit_callbacks):
    organiser = UserFactory(username="boss")
    client.force_login(organiser)
    response = client.post(
        "/manage/new/",
        {
            "name": "Eight Eyes",
            "system_mode": "eye_for_an_eye:every_eye",
            "rules_level": "advanced",
            "timing": "realtime",
            "swiss_rounds": "2",
            "pairing_method": "swiss",
            "preferred_pod_size": "4",
            "cut_tie_resolution": "game",
            "game_length_seconds": "300",
            "tie_policy": "shared",
        },
    )
    assert response.status_code == 302
    slug = "eight-eyes"
    tournament = Tournament.objects.get(slug=slug)
    assert "Register the players" in client.get(f"/events/{slug}/manage/").content.decode()
    client.post(f"/events/{slug}/manage/open-registration/")
    for i in range(8):
        client.post(f"/events/{slug}/manage/entrants/", {"name": f"Player {i}"})
    entrants = list(tournament.entrants.order_by("id"))
    assert (
        "8 registered players have not checked in"
        in client.get(f"/events/{slug}/manage/").content.decode()
    )
    # seven are checked in at the desk, the eighth checks in from their phone
    for entrant in entrants[:7]:
        client.post(f"/events/{slug}/manage/entrants/{entrant.pk}/check-in/")
    assert client.post(f"/me/{entrants[7].access_token}/check-in/").status_code == 302
    assert "Generate round 1" in client.get(f"/events/{slug}/manage/").content.decode()

    for number in (1, 2):
        generate(client, django_capture_on_commit_callbacks, slug)
        round_ = tournament.rounds.get(number=number)
        assert round_.matches.count() == 2
        play_round(client, slug, round_)

    home = client.get(f"/events/{slug}/manage/").content.decode()
    assert "Choose the cut" in home
    preview = client.get(f"/events/{slug}/manage/elimination/cut/").content.decode()
    assert "Top 4 of 8" in preview and "Top 8" not in preview  # only cuts smaller than the field
    response = client.post(f"/events/{slug}/manage/elimination/cut/", follow=True)
    assert "seated: top 8" in response.content.decode()
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.ELIMINATION

    # elimination round(s), then the final's three games, then the champion
    for _ in range(10):
        tournament.refresh_from_db()
        if tournament.status == TournamentStatus.FINISHED:
            break
        pending = tournament.rounds.exclude(status=RoundStatus.COMPLETE).order_by("number")
        if pending.exists():
            for round_ in pending:
                play_round(client, slug, round_)
        else:
            response = client.post(f"/events/{slug}/manage/elimination/advance/", follow=True)
            assert response.status_code == 200
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.FINISHED
    final = tournament.stages.get(kind=StageKind.FINAL)
    assert final.rounds.count() == 3
    champion = AuditEntry.objects.get(action="elimination.champion").after["name"]
    home = client.get(f"/events/{slug}/manage/").content.decode()
    assert f"Champion: <strong>{champion}</strong>" in home
    stages = client.get(f"/events/{slug}/manage/rounds/").content.decode()
    assert "Elimination round 1" in stages and "Final" in stages
    # every step left its mark in the audit trail
    actions = set(AuditEntry.objects.filter(tournament=tournament).values_list("action", flat=True))
    assert {
        "tournament.created",
        "entrant.created",
        "entrant.checked_in",
        "round.generated",
        "round.published",
        "clock.start",
        "round.completed",
        "elimination.started",
        "elimination.advanced",
        "elimination.champion",
    } <= actions
    assert any(action.startswith("result.") for action in actions)


def test_a_domination_round_says_the_clock_calls_burraparay(client, cup):
    cup.mode = "domination"
    cup.scoring_call_gap_min_seconds, cup.scoring_call_gap_max_seconds = 30, 75
    cup.save()
    generate_swiss_round(cup, seed=3)
    url = "/events/cup/manage/rounds/1/"
    client.post(url + "publish/")
    console = client.get(url).content.decode()
    assert "The clock calls Burraparay! at random every 30-75 seconds" in console
    assert "naming the flower that scores" in console
    client.post(url + "clock/start/")
    projector = client.get(url + "clock/").content.decode()
    assert "The clock calls Burraparay! every 30-75 seconds." in projector
    assert "data-call-sound" in projector and "js/calls.js" in projector
    start = AuditEntry.objects.get(action="clock.start")
    assert start.after["calls"]["gap_seconds"] == [30, 75]


def test_a_battle_round_has_no_scoring_calls(client, cup):
    generate_swiss_round(cup, seed=3)
    url = "/events/cup/manage/rounds/1/"
    client.post(url + "publish/")
    assert "The clock calls" not in client.get(url).content.decode()
    client.post(url + "clock/start/")
    assert "The clock calls" not in client.get(url + "clock/").content.decode()
    assert "calls" not in AuditEntry.objects.get(action="clock.start").after
