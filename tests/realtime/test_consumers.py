"""Websocket groups, rights and messages, through the real ASGI application.

Every test runs a websocket scenario against ``config.asgi.application`` (origin check,
session authentication, the project's routes) with Channels' ``WebsocketCommunicator``.
"""

import pytest
from channels.db import database_sync_to_async

from matches.models import LiveEvent, LiveGame
from tests.factories import EntrantFactory, MatchFactory, SeatFactory, UserFactory
from tests.realtime.conftest import communicator, match_state, run
from tournament import tasks
from tournament.logic.clock_maths import ClockState
from tournament.models import GenerationJob, RoundStatus, StaffRole, StaffRoleKind
from tournament.services import rounds as rounds_service

pytestmark = pytest.mark.django_db(transaction=True)


async def connect(path, user=None, *, origin=True):
    comm = await database_sync_to_async(communicator)(path, user, origin=origin)
    connected, _ = await comm.connect(timeout=3)
    return comm, connected


async def hello(comm):
    message = await comm.receive_json_from(timeout=3)
    assert message["type"] == "hello"
    return message


def paths(event):
    return {
        "tournament": f"/ws/tournaments/{event['tournament'].pk}/",
        "round": f"/ws/rounds/{event['round'].pk}/",
        "match": f"/ws/matches/{event['match'].pk}/",
    }


def with_token(path, entrant):
    return f"{path}?token={entrant.access_token}"


# --- who may subscribe ----------------------------------------------------------------------


def test_public_event_is_open_to_anonymous_readers(event):
    async def scenario():
        p = paths(event)
        comm, ok = await connect(p["tournament"])
        assert ok
        assert (await hello(comm))["staff"] is False
        await comm.disconnect()
        comm, ok = await connect(p["round"])
        assert ok
        await hello(comm)
        clock = await comm.receive_json_from(timeout=3)
        assert clock["type"] == "clock" and clock["state"] == "idle"
        assert clock["remaining_ms"] == 300_000 and "server_time_ms" in clock
        await comm.disconnect()
        comm, ok = await connect(p["match"])
        assert ok
        assert (await hello(comm))["role"] == "viewer"
        state = await match_state(comm)
        assert state["game"] is None
        await comm.disconnect()

    run(scenario)


def test_private_event_refuses_anonymous_but_admits_staff_and_its_sides(event):
    tournament = event["tournament"]
    tournament.is_public = False
    tournament.save(update_fields=["is_public"])
    outsider = EntrantFactory()  # a side of another event
    p = paths(event)

    async def scenario():
        for path in p.values():
            comm, ok = await connect(path)
            assert not ok, path
            comm, ok = await connect(with_token(path, outsider))
            assert not ok, path
            comm, ok = await connect(path + "?token=not-a-real-token")
            assert not ok, path
        for user in (event["referee"], event["organiser"]):
            for path in p.values():
                comm, ok = await connect(path, user)
                assert ok, path
                await comm.disconnect()
        for path in p.values():
            comm, ok = await connect(with_token(path, event["entrants"][0]))
            assert ok, path
            await comm.disconnect()

    run(scenario)


def test_a_logged_in_stranger_is_refused_on_a_private_event(event):
    event["tournament"].is_public = False
    event["tournament"].save(update_fields=["is_public"])
    stranger = UserFactory()

    async def scenario():
        comm, ok = await connect(paths(event)["tournament"], stranger)
        assert not ok

    run(scenario)


def test_draft_round_and_its_matches_are_staff_only(event):
    round_ = event["round"]
    round_.status = RoundStatus.DRAFT
    round_.save(update_fields=["status"])
    p = paths(event)

    async def scenario():
        for key in ("round", "match"):
            comm, ok = await connect(p[key])
            assert not ok
            comm, ok = await connect(with_token(p[key], event["entrants"][0]))
            assert not ok
            comm, ok = await connect(p[key], event["referee"])
            assert ok
            await comm.disconnect()

    run(scenario)


def test_missing_objects_are_refused_like_private_ones():
    async def scenario():
        for path in ("/ws/tournaments/999999/", "/ws/rounds/999999/", "/ws/matches/999999/"):
            comm, ok = await connect(path)
            assert not ok

    run(scenario)


def test_origin_check_refuses_missing_and_foreign_origins(event):
    from channels.testing import WebsocketCommunicator

    from config.asgi import application

    path = paths(event)["tournament"]

    async def scenario():
        comm, ok = await connect(path, origin=False)
        assert not ok
        comm = WebsocketCommunicator(
            application, path, headers=[(b"origin", b"https://evil.example")]
        )
        ok, _ = await comm.connect(timeout=3)
        assert not ok

    run(scenario)


# --- what each group hears ------------------------------------------------------------------


def test_round_published_result_accepted_and_standings_ping_reach_their_groups(event):
    match = event["match"]
    p = paths(event)

    async def scenario():
        t, _ = await connect(p["tournament"])
        r, _ = await connect(p["round"])
        m, _ = await connect(p["match"])
        await hello(t)
        await hello(r)
        await r.receive_json_from(timeout=3)  # clock
        await hello(m)
        await match_state(m)

        await database_sync_to_async(rounds_service.notify_round_published)(event["round"])
        published = await t.receive_json_from(timeout=3)
        assert published["type"] == "round.published"
        assert published["round"] == event["round"].pk and published["number"] == 1
        assert (await r.receive_json_from(timeout=3))["type"] == "round.published"

        # Entering the result pushes it by itself (the result service calls the push on commit).
        await database_sync_to_async(_enter_result)(match, event["referee"])
        result = await m.receive_json_from(timeout=3)
        assert result["type"] == "result.accepted"
        assert result["match"] == match.pk and result["table"] == match.table_number
        assert result["status"] == "accepted"
        assert [row["place"] for row in result["placings"]] == sorted(
            row["place"] for row in result["placings"]
        )
        assert {row["entrant"] for row in result["placings"]} == {e.pk for e in event["entrants"]}
        assert (await r.receive_json_from(timeout=3))["type"] == "result.accepted"
        ping = await t.receive_json_from(timeout=3)
        assert ping == {
            "type": "standings.changed",
            "tournament": event["tournament"].pk,
            "round": event["round"].pk,
            "match": match.pk,
            "server_time_ms": ping["server_time_ms"],
        }
        for comm in (t, r, m):
            assert await comm.receive_nothing(timeout=0.1)
            await comm.disconnect()

    run(scenario)


def _enter_result(match, user):
    import random

    from common.audit.actor import Actor
    from matches.services.results import enter_result
    from tournament.logic.simulated_games import random_battle

    sides = [(str(s.entrant_id), 1) for s in match.seats.all()]
    enter_result(match, random_battle("every_eye", sides, random.Random(3)), Actor(user=user))


def test_job_progress_goes_to_staff_only(event):
    tournament = event["tournament"]
    job = GenerationJob.objects.create(
        tournament=tournament, kind="swiss_round", idempotency_key="t:1", progress=40
    )
    path = paths(event)["tournament"]

    async def scenario():
        staff, _ = await connect(path, event["referee"])
        assert (await hello(staff))["staff"] is True
        public, _ = await connect(path)
        await hello(public)
        side, _ = await connect(with_token(path, event["entrants"][0]))
        await hello(side)
        await database_sync_to_async(tasks.notify_job_progress)(job)
        message = await staff.receive_json_from(timeout=3)
        assert message["type"] == "job.progress"
        assert (message["job"], message["progress"], message["status"]) == (job.pk, 40, "queued")
        assert await public.receive_nothing(timeout=0.2)
        assert await side.receive_nothing(timeout=0.1)
        for comm in (staff, public, side):
            await comm.disconnect()

    run(scenario)


def test_ping_pong_and_bad_messages(event):
    async def scenario():
        comm, _ = await connect(paths(event)["tournament"])
        await hello(comm)
        await comm.send_json_to({"action": "ping", "client_time_ms": 123})
        pong = await comm.receive_json_from(timeout=3)
        assert pong["type"] == "pong" and pong["client_time_ms"] == 123
        assert pong["server_time_ms"] > 1_600_000_000_000
        await comm.send_to(text_data="{not json")
        assert (await comm.receive_json_from(timeout=3))["code"] == "bad_request"
        await comm.send_json_to(["a list"])
        assert (await comm.receive_json_from(timeout=3))["code"] == "bad_request"
        await comm.send_json_to({"action": "subscribe", "group": "tournament.1.staff"})
        assert (await comm.receive_json_from(timeout=3))["code"] == "bad_request"
        await comm.send_to(text_data="x" * 9000)
        assert (await comm.receive_json_from(timeout=3))["code"] == "bad_request"
        await comm.disconnect()

    run(scenario)


# --- the clock over the round group ---------------------------------------------------------


def test_clock_commands_are_staff_only_and_reach_everyone(event):
    path = paths(event)["round"]
    round_ = event["round"]
    organiser_with_role = UserFactory()
    StaffRole.objects.create(
        tournament=event["tournament"], user=organiser_with_role, role=StaffRoleKind.ORGANISER
    )

    async def open_round(suffix="", user=None):
        comm, ok = await connect(path + suffix, user)
        assert ok
        await hello(comm)
        await comm.receive_json_from(timeout=3)
        return comm

    async def scenario():
        watcher = await open_round()
        anonymous = await open_round()
        player = await open_round(f"?token={event['entrants'][0].access_token}")
        referee = await open_round(user=event["referee"])
        organiser = await open_round(user=organiser_with_role)

        for comm in (anonymous, player):
            await comm.send_json_to({"action": "clock", "command": "start"})
            refused = await comm.receive_json_from(timeout=3)
            assert refused["type"] == "error" and refused["code"] == "forbidden"
        assert await watcher.receive_nothing(timeout=0.2)
        await round_.arefresh_from_db()
        assert round_.clock_started_at is None

        await referee.send_json_to({"action": "clock", "command": "start"})
        for comm in (watcher, anonymous, player, referee, organiser):
            message = await comm.receive_json_from(timeout=3)
            assert message["type"] == "clock" and message["state"] == "running"
            assert message["call"] == "Yarra Mark!" and message["action"] == "start"
            left = message["ends_at_ms"] - message["server_time_ms"]
            assert 295_000 < left <= 300_000 and left == message["remaining_ms"]

        await organiser.send_json_to({"action": "clock", "command": "pause"})
        assert (await watcher.receive_json_from(timeout=3))["state"] == "paused"
        await organiser.send_json_to({"action": "clock", "command": "extend", "seconds": 60})
        extended = await watcher.receive_json_from(timeout=3)
        assert extended["state"] == "paused" and extended["remaining_ms"] > 355_000
        for _ in range(2):  # the referee heard the pause and the extension too
            assert (await referee.receive_json_from(timeout=3))["type"] == "clock"
        await referee.send_json_to({"action": "clock", "command": "pause"})
        refused = await referee.receive_json_from(timeout=3)
        assert refused["code"] == "refused" and "only a running clock" in refused["message"]
        await referee.send_json_to({"action": "clock", "command": "explode"})
        assert (await referee.receive_json_from(timeout=3))["code"] == "bad_request"
        await referee.send_json_to({"action": "clock", "command": "resume"})
        assert (await watcher.receive_json_from(timeout=3))["state"] == "running"
        await referee.send_json_to({"action": "clock", "command": "end"})
        ended = await watcher.receive_json_from(timeout=3)
        assert ended["state"] == "ended" and ended["call"] == "Yarra Bung!"
        await watcher.send_json_to({"action": "sync"})
        assert (await watcher.receive_json_from(timeout=3))["state"] == "ended"
        for comm in (watcher, anonymous, player, referee, organiser):
            await comm.disconnect()

    run(scenario)
    round_.refresh_from_db()
    assert ClockState.of(round_).state == "ended"
    assert round_.status == RoundStatus.RUNNING


# --- hosted live games ----------------------------------------------------------------------


def hit(attacker, target, hits, **extra):
    return {"type": "hit", "attacker": attacker, "target": target, "hits": hits, **extra}


def test_hosted_game_sides_play_viewers_watch_refusals_go_to_the_sender_only(event):
    match = event["match"]
    a, b, _c, _d = event["entrants"]
    path = paths(event)["match"]

    async def open_match(suffix="", user=None):
        comm, ok = await connect(path + suffix, user)
        assert ok
        greeting = await hello(comm)
        await match_state(comm)
        return comm, greeting

    async def scenario():
        viewer, greeting = await open_match()
        assert greeting["role"] == "viewer"
        side_a, greeting = await open_match(f"?token={a.access_token}")
        assert greeting == {**greeting, "role": "side", "side": str(a.pk)}
        side_b, _ = await open_match(f"?token={b.access_token}")

        await viewer.send_json_to({"action": "create"})
        assert (await viewer.receive_json_from(timeout=3))["code"] == "forbidden"

        await side_a.send_json_to({"action": "create"})
        created = await side_a.receive_json_from(timeout=3)
        assert created["type"] == "live.state" and created["sequence"] == 0
        assert [s["characters"] for s in created["state"]["setup"]["sides"]] == [
            ["Grublic"],
            ["Echo"],
            ["Pluma"],
            ["Banksia"],
        ]
        for comm in (viewer, side_a, side_b):
            pushed = await comm.receive_json_from(timeout=3)
            assert pushed["type"] == "live.state" and pushed["state"]["status"] == "setup"

        await side_a.send_json_to({"action": "event", "event": {"type": "start", "seq": 1}})
        ack = await side_a.receive_json_from(timeout=3)
        assert ack["type"] == "live.accepted" and ack["sequence"] == 1
        for comm in (viewer, side_a, side_b):
            pushed = await comm.receive_json_from(timeout=3)
            assert pushed["sequence"] == 1 and pushed["state"]["status"] == "running"
            assert pushed["event"]["type"] == "start"

        await side_b.send_json_to({"action": "event", "event": hit("Echo", "Pluma", 4, seq=2)})
        assert (await side_b.receive_json_from(timeout=3))["type"] == "live.accepted"
        for comm in (viewer, side_a, side_b):
            pushed = await comm.receive_json_from(timeout=3)
            assert pushed["state"]["characters"]["Pluma"]["health"] == 11

        # refused by the engine: a hit on one's own side... here an unknown character
        await side_a.send_json_to({"action": "event", "event": hit("Grublic", "Nobody", 2)})
        refused = await side_a.receive_json_from(timeout=3)
        assert refused["type"] == "live.refused" and refused["code"] == "unknown_character"
        assert "Nobody" in refused["reason"]
        # a stale client
        await side_a.send_json_to({"action": "event", "event": hit("Grublic", "Echo", 1, seq=2)})
        stale = await side_a.receive_json_from(timeout=3)
        assert (stale["code"], stale["seq"]) == ("sequence", 2)
        # the viewer is not allowed to play, and nobody else heard of the refusals
        await viewer.send_json_to({"action": "event", "event": hit("Echo", "Grublic", 1)})
        assert (await viewer.receive_json_from(timeout=3))["code"] == "forbidden"
        assert await side_b.receive_nothing(timeout=0.2)
        assert await viewer.receive_nothing(timeout=0.1)
        for comm in (viewer, side_a, side_b):
            await comm.disconnect()

        # reconnecting gets the whole current state (a snapshot: the log stays on the server)
        again, _ = await connect(path)
        await hello(again)
        state = await again.receive_json_from(timeout=3)
        assert state["sequence"] == 2
        assert state["state"]["event_count"] == 2 and "events" not in state["state"]
        assert state["state"]["status"] == "running"
        await again.disconnect()

    run(scenario)
    game = LiveGame.objects.get(match=match)
    assert game.last_sequence == 2
    assert list(game.events.values_list("sequence", flat=True)) == [1, 2]
    first, second = game.events.order_by("sequence")
    assert (first.entrant_id, second.entrant_id) == (a.pk, b.pk)
    assert second.channel == "live"


def test_a_side_may_only_play_its_own_match(event):
    round_ = event["round"]
    other_match = MatchFactory(round=round_, table_number=2)
    stranger = SeatFactory(match=other_match, position=1).entrant
    path = paths(event)["match"]

    async def scenario():
        comm, ok = await connect(f"{path}?token={stranger.access_token}")
        assert ok  # a public event: anyone may watch
        assert (await hello(comm))["role"] == "viewer"
        await match_state(comm)
        for message in (
            {"action": "create"},
            {"action": "event", "event": {"type": "start"}},
            {"action": "propose"},
        ):
            await comm.send_json_to(message)
            assert (await comm.receive_json_from(timeout=3))["code"] == "forbidden"
        await comm.disconnect()

    run(scenario)
    assert not LiveGame.objects.exists()


def test_events_before_a_game_exists_and_bad_setups_are_refused(event):
    match = event["match"]
    seat = match.seats.order_by("position").first()
    seat.character = ""
    seat.save(update_fields=["character"])
    path = paths(event)["match"] + f"?token={event['entrants'][1].access_token}"

    async def scenario():
        comm, _ = await connect(path)
        await hello(comm)
        await match_state(comm)
        await comm.send_json_to({"action": "event", "event": {"type": "start"}})
        reply = await comm.receive_json_from(timeout=3)
        assert reply["code"] == "refused" and "no live game" in reply["message"]
        await comm.send_json_to({"action": "create"})
        reply = await comm.receive_json_from(timeout=3)
        assert reply["code"] == "refused" and "characters" in reply["message"]
        # characters given by the client fill the gap
        await comm.send_json_to(
            {"action": "create", "characters": {str(seat.entrant_id): "Riparian"}}
        )
        created = await comm.receive_json_from(timeout=3)
        assert created["state"]["setup"]["sides"][0]["characters"] == ["Riparian"]
        assert (await comm.receive_json_from(timeout=3))["type"] == "live.state"  # the push
        await comm.send_json_to({"action": "create", "characters": ["x"]})
        assert (await comm.receive_json_from(timeout=3))["code"] == "bad_request"
        await comm.disconnect()

    run(scenario)


def test_referee_hosted_game_ends_in_an_accepted_live_result(event):
    match = event["match"]
    path = paths(event)["match"]

    async def scenario():
        comm, _ = await connect(path, event["referee"])
        assert (await hello(comm))["role"] == "staff"
        await match_state(comm)
        await comm.send_json_to({"action": "create"})
        await comm.receive_json_from(timeout=3)  # reply
        await comm.receive_json_from(timeout=3)  # push
        for event_ in (
            {"type": "start"},
            hit("Grublic", "Pluma", 15),
            {"type": "end", "reason": "time"},
        ):
            await comm.send_json_to({"action": "event", "event": event_})
            ack = await comm.receive_json_from(timeout=3)
            assert ack["type"] == "live.accepted", ack
            pushed = await comm.receive_json_from(timeout=3)
        # The end also accepts the result, which the match group hears about as well; the two
        # pushes leave on the same commit, so either may come first.
        other = await comm.receive_json_from(timeout=3)
        by_type = {pushed["type"]: pushed, other["type"]: other}
        assert set(by_type) == {"live.state", "result.accepted"}
        assert by_type["result.accepted"]["status"] == "accepted"
        pushed = by_type["live.state"]
        assert pushed["status"] == "ended"
        assert pushed["result"]["recorded"] is True and pushed["result"]["state"] == "accepted"
        assert ack["result"] == pushed["result"]
        # nothing after the end
        await comm.send_json_to({"action": "event", "event": hit("Echo", "Grublic", 1)})
        assert (await comm.receive_json_from(timeout=3))["code"] == "ended"
        # proposing again is refused by the result flow, with its reason
        await comm.send_json_to({"action": "propose"})
        again = await comm.receive_json_from(timeout=3)
        assert again["type"] == "live.result" and again["result"]["recorded"] is False
        assert "already has an accepted result" in again["result"]["reason"]
        await comm.disconnect()

    run(scenario)
    match.refresh_from_db()
    assert match.status == "accepted"
    version = match.result_versions.get()
    assert version.channel == "live" and version.user == event["referee"]
    assert LiveEvent.objects.filter(game__match=match).count() == 3


def test_side_hosted_game_ends_in_a_report_the_others_confirm(event):
    match = event["match"]
    a = event["entrants"][0]
    path = paths(event)["match"] + f"?token={a.access_token}"

    async def scenario():
        comm, _ = await connect(path)
        await hello(comm)
        await match_state(comm)
        await comm.send_json_to({"action": "create"})
        await comm.receive_json_from(timeout=3)
        await comm.receive_json_from(timeout=3)
        for event_ in ({"type": "start"}, {"type": "end"}):
            await comm.send_json_to({"action": "event", "event": event_})
            ack = await comm.receive_json_from(timeout=3)
            await comm.receive_json_from(timeout=3)
        assert ack["result"]["recorded"] is True and ack["result"]["state"] == "pending"
        await comm.disconnect()

    run(scenario)
    match.refresh_from_db()
    assert match.status == "reported"
    version = match.result_versions.get()
    assert version.entrant == a and version.channel == "live"
