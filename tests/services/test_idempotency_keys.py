"""Idempotency keys on the result services: a retried send makes one change and gets the first
outcome back; a key reused for something else, or a send that now conflicts, is refused."""

import uuid

import pytest

from common.audit.actor import Actor
from common.audit.models import AuditEntry
from matches.models import IdempotentRequest, ResultResponse, ResultVersion
from matches.services.disputes import dispute
from matches.services.idempotency import KeyInvalid, parse_key, was_replayed
from matches.services.results import confirm_report, correct_result, enter_result, submit_report
from matches.services.tables import ResultFlowError
from tests.factories import UserFactory
from tests.services.test_result_flow import game, pod, side  # noqa: F401 - the fixture
from tournament.services.rounds import complete_round

pytestmark = pytest.mark.django_db


def test_the_same_report_key_twice_makes_one_version_and_returns_it(pod):  # noqa: F811
    match, (a, *_rest) = pod
    key = uuid.uuid4()
    first = submit_report(match, game(match), side(a), idempotency_key=key)
    again = submit_report(match, game(match), side(a), idempotency_key=str(key))
    assert again.pk == first.pk and was_replayed(again) and not was_replayed(first)
    assert ResultVersion.objects.filter(match=match).count() == 1
    assert AuditEntry.objects.filter(action="result.reported").count() == 1


def test_a_retried_report_gets_its_version_even_after_it_was_accepted(pod):  # noqa: F811
    match, (a, b, c, d) = pod
    key = uuid.uuid4()
    version = submit_report(match, game(match), side(a), idempotency_key=key)
    for other in (b, c, d):
        confirm_report(version, side(other))
    again = submit_report(match, game(match), side(a), idempotency_key=key)
    assert again.pk == version.pk and again.state == "accepted"
    # without the key the same send is refused: the table has its result
    with pytest.raises(ResultFlowError, match="already has an accepted result"):
        submit_report(match, game(match), side(a))


def test_a_key_reused_for_another_body_or_match_is_refused(pod):  # noqa: F811
    match, (a, b, *_rest) = pod
    key = uuid.uuid4()
    submit_report(match, game(match), side(a), idempotency_key=key)
    with pytest.raises(KeyInvalid, match="already used for another action"):
        submit_report(match, game(match, seed=5), side(a), idempotency_key=key)
    version = ResultVersion.objects.get(match=match)
    with pytest.raises(KeyInvalid, match="already used"):
        confirm_report(version, side(a), idempotency_key=key)
    assert ResultVersion.objects.filter(match=match).count() == 1
    # another side may use the same key value: keys belong to their sender
    confirm_report(version, side(b), idempotency_key=key)
    assert IdempotentRequest.objects.filter(key=key).count() == 2


def test_a_confirmation_and_a_dispute_are_taken_once(pod):  # noqa: F811
    match, (a, b, c, d) = pod
    version = submit_report(match, game(match), side(a))
    confirmed = confirm_report(version, side(b), idempotency_key=str(uuid.uuid4()))
    key = IdempotentRequest.objects.get().key
    assert confirm_report(version, side(b), idempotency_key=key).pk == confirmed.pk
    dispute_key = uuid.uuid4()
    disputed = dispute(version, side(c), "wrong cups", idempotency_key=dispute_key)
    assert dispute(version, side(c), "wrong cups", idempotency_key=dispute_key).pk == disputed.pk
    with pytest.raises(KeyInvalid):
        dispute(version, side(c), "other words", idempotency_key=dispute_key)
    assert ResultResponse.objects.filter(version=version).count() == 2
    assert AuditEntry.objects.filter(action="result.disputed").count() == 1


def test_a_referee_entry_and_correction_are_taken_once(pod):  # noqa: F811
    match, _entrants = pod
    referee = Actor(user=UserFactory())
    key = uuid.uuid4()
    entered = enter_result(match, game(match), referee, idempotency_key=key)
    assert enter_result(match, game(match), referee, idempotency_key=key).pk == entered.pk
    fix = uuid.uuid4()
    corrected = correct_result(match, game(match, 1), referee, "recount", idempotency_key=fix)
    again = correct_result(match, game(match, 1), referee, "recount", idempotency_key=fix)
    assert again.pk == corrected.pk
    assert ResultVersion.objects.filter(match=match).count() == 2


def test_a_send_that_now_conflicts_is_refused_and_leaves_its_key_unused(pod):  # noqa: F811
    match, (a, b, *_rest) = pod
    submit_report(match, game(match), side(b))  # b reported first
    key = uuid.uuid4()
    with pytest.raises(ResultFlowError, match="already reported"):
        submit_report(match, game(match, 3), side(a), idempotency_key=key)
    assert not IdempotentRequest.objects.filter(key=key).exists()
    referee = Actor(user=UserFactory())
    enter_result(match, game(match, 4), referee)
    with pytest.raises(ResultFlowError, match="already has an accepted result"):
        enter_result(match, game(match, 4), referee, idempotency_key=uuid.uuid4())


def test_a_send_after_the_round_closed_is_refused(pod):  # noqa: F811
    match, (a, *_rest) = pod
    referee = Actor(user=UserFactory())
    enter_result(match, game(match), referee)
    complete_round(match.round, actor=referee)
    key = uuid.uuid4()
    with pytest.raises(ResultFlowError, match="can only be changed now by a referee"):
        submit_report(match, game(match), side(a), idempotency_key=key)


@pytest.mark.parametrize("hostile", ["not-a-key", "1" * 500, "{" + "0" * 32 + "}x", 42])
def test_a_key_that_is_not_a_uuid_is_refused(pod, hostile):  # noqa: F811
    match, (a, *_rest) = pod
    with pytest.raises(KeyInvalid, match="must be a UUID"):
        submit_report(match, game(match), side(a), idempotency_key=hostile)
    assert not ResultVersion.objects.filter(match=match).exists()


def test_an_empty_key_means_no_key():
    assert parse_key(None) is None and parse_key("  ") is None
    key = uuid.uuid4()
    assert parse_key(key.hex) == key and parse_key(str(key).upper()) == key
