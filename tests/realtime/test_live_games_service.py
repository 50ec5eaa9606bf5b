"""Hosted live games in the service layer: storage, refusals, replay of a lost cache."""

import logging

import pytest
from django.db import IntegrityError, transaction
from django.test import override_settings

from common.audit.actor import Actor
from common.audit.channels import Channel
from common.live import realtime
from engine.errors import EventRejected
from matches.models import LiveEvent, LiveGame, Match
from matches.services import live_games, result_pushes
from tournament import tasks
from tournament.services import clock
from tournament.services import rounds as rounds_service

pytestmark = pytest.mark.django_db


def side(entrant):
    return Actor(entrant=entrant, channel=Channel.LIVE)


def test_events_are_numbered_and_stored_with_the_state(event):
    match, (a, b, *_rest) = event["match"], event["entrants"]
    game, created = live_games.create_live_game(match, side(a))
    assert created and game.status == "waiting"
    assert live_games.create_live_game(match, side(b)) == (game, False)
    live_games.apply_live_event(match, {"type": "start"}, side(a))
    out = live_games.apply_live_event(
        match, {"type": "hit", "attacker": "Echo", "target": "Grublic", "hits": 3}, side(b)
    )
    game.refresh_from_db()
    assert out.event.sequence == 2 and game.last_sequence == 2 and game.status == "running"
    assert game.state["characters"]["Grublic"]["health"] == 12
    assert [e.payload["seq"] for e in game.events.order_by("sequence")] == [1, 2]


def test_a_refused_event_stores_nothing(event):
    match, a = event["match"], event["entrants"][0]
    live_games.create_live_game(match, side(a))
    with pytest.raises(EventRejected) as refused:
        live_games.apply_live_event(match, {"type": "heal", "character": "Grublic"}, side(a))
    assert refused.value.code == "not_started"
    with pytest.raises(EventRejected, match="object with a type"):
        live_games.apply_live_event(match, ["start"], side(a))
    game = LiveGame.objects.get(match=match)
    assert game.last_sequence == 0 and not game.events.exists()


def test_the_database_refuses_a_second_event_with_the_same_number(event):
    match, a = event["match"], event["entrants"][0]
    live_games.create_live_game(match, side(a))
    out = live_games.apply_live_event(match, {"type": "start"}, side(a))
    with pytest.raises(IntegrityError), transaction.atomic():
        LiveEvent.objects.create(game=out.game, sequence=1, payload={"type": "start"})


def test_a_lost_or_stale_cache_is_rebuilt_from_the_log(event):
    match, a = event["match"], event["entrants"][0]
    live_games.create_live_game(match, side(a))
    for e in (
        {"type": "start"},
        {"type": "hit", "attacker": "Grublic", "target": "Echo", "hits": 4},
    ):
        live_games.apply_live_event(match, e, side(a))
    expected = LiveGame.objects.get(match=match).state
    LiveGame.objects.filter(match=match).update(state={})
    game = LiveGame.objects.get(match=match)
    assert live_games.current_state(game) == expected
    assert LiveGame.objects.get(match=match).state == expected  # the cache was repaired
    # a cache that is behind the log is not trusted either, even when applying an event
    stale = dict(expected, event_count=1)
    LiveGame.objects.filter(match=match).update(state=stale)
    live_games.apply_live_event(
        match, {"type": "hit", "attacker": "Grublic", "target": "Echo", "hits": 1}, side(a)
    )
    game = LiveGame.objects.get(match=match)
    assert game.state["characters"]["Echo"]["health"] == 5
    assert game.state == live_games.replay_state(game)


def test_strangers_and_byes(event):
    from tests.factories import EntrantFactory

    match = event["match"]
    stranger = EntrantFactory(tournament=event["tournament"])
    with pytest.raises(live_games.LiveGameError, match="does not play"):
        live_games.create_live_game(match, side(stranger))
    with pytest.raises(live_games.LiveGameError, match="only a side"):
        live_games.create_live_game(match, Actor(channel=Channel.LIVE))


def test_setup_for_counter_systems_has_no_characters(event):
    tournament = event["tournament"]
    tournament.game_system, tournament.mode = "eye_vs_eye", "standard"
    tournament.save(update_fields=["game_system", "mode"])
    setup = live_games.build_setup(Match.objects.get(pk=event["match"].pk))
    assert setup == {"sides": [{"side": str(e.pk)} for e in event["entrants"]]}


# --- pushes never break the change that made them -----------------------------------------------

BROKEN_LAYER = {
    "default": {
        "BACKEND": "channels_redis.core.RedisChannelLayer",
        "CONFIG": {"hosts": ["redis://127.0.0.1:1/0"]},  # nothing listens on port 1
    }
}


@override_settings(CHANNEL_LAYERS=BROKEN_LAYER)
def test_a_dead_channel_layer_only_logs_a_warning(
    event, caplog, django_capture_on_commit_callbacks
):
    match, a = event["match"], event["entrants"][0]
    caplog.set_level(logging.WARNING, logger="common.live.realtime")
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        rounds_service.notify_round_published(event["round"])
        tasks.notify_job_progress(
            event["tournament"].jobs.create(kind="swiss_round", idempotency_key="k")
        )
        result_pushes.notify_result_accepted(match)
        clock.notify_clock(event["round"], "start")
        live_games.create_live_game(match, side(a))
        live_games.apply_live_event(match, {"type": "start"}, side(a))  # still stored
    assert len(callbacks) == 7  # six pushes, and the published round's webhook event
    assert LiveGame.objects.get(match=match).last_sequence == 1
    warnings = [r for r in caplog.records if "live push" in r.getMessage()]
    assert len(warnings) >= 5
    assert all(r.levelno == logging.WARNING for r in warnings)


@override_settings(CHANNEL_LAYERS=BROKEN_LAYER)
def test_clock_commands_work_with_the_channel_layer_down(event):
    from tournament.services import clock

    round_ = clock.start(event["round"])
    assert clock.ClockState.of(round_).state == "running"


def test_pushes_wait_for_the_commit_and_vanish_on_rollback(
    event, monkeypatch, django_capture_on_commit_callbacks
):
    sent = []
    monkeypatch.setattr(realtime, "push_now", lambda group, payload: sent.append(group))
    with django_capture_on_commit_callbacks(execute=True):
        with pytest.raises(RuntimeError), transaction.atomic():
            rounds_service.notify_round_published(event["round"])
            raise RuntimeError("rolled back")
        assert sent == []
        rounds_service.notify_round_published(event["round"])
        assert sent == []  # not before the commit
    tid, rid = event["tournament"].pk, event["round"].pk
    assert sent == [f"tournament.{tid}", f"round.{rid}"]


def test_group_names_are_built_from_ids_only():
    assert realtime.tournament_group("12") == "tournament.12"
    assert realtime.staff_group(12) == "tournament.12.staff"
    assert realtime.round_group(3) == "round.3"
    assert realtime.match_group(7) == "match.7"
    with pytest.raises(ValueError):
        realtime.match_group("7; other")
