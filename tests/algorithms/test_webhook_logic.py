"""Issue 40.1-2, the pure parts: the Standard Webhooks signature (the convention's published
example), the backoff and switch-off rules, the address guard's verdicts, and the Discord
message's bounds and escaping. No database."""

from datetime import UTC, datetime, timedelta

import pytest

from common.outbound.address import is_internal_ip, url_errors
from notifications.logic import discord, webhook_payloads, webhook_signature
from notifications.logic.webhook_policy import backoff_seconds, retry_after, should_disable

# the example of the Standard Webhooks specification and libraries
SPEC_SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
SPEC_ID = "msg_p5jXN8AQM9LWM0D4loKWxJek"
SPEC_TIME = 1614265330
SPEC_BODY = b'{"test": 2432232314}'
SPEC_SIGNATURE = "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="


def test_the_signature_is_the_conventions_own_example():
    assert webhook_signature.signature(SPEC_SECRET, SPEC_ID, SPEC_TIME, SPEC_BODY) == SPEC_SIGNATURE
    headers = webhook_signature.headers(SPEC_SECRET, SPEC_ID, SPEC_TIME, SPEC_BODY)
    assert headers == {
        "webhook-id": SPEC_ID,
        "webhook-timestamp": str(SPEC_TIME),
        "webhook-signature": SPEC_SIGNATURE,
    }
    assert webhook_signature.verify(SPEC_SECRET, headers, SPEC_BODY, SPEC_TIME + 10)
    assert not webhook_signature.verify(SPEC_SECRET, headers, SPEC_BODY + b" ", SPEC_TIME)
    too_late = SPEC_TIME + webhook_signature.TOLERANCE_SECONDS + 1
    assert not webhook_signature.verify(SPEC_SECRET, headers, SPEC_BODY, too_late)
    assert not webhook_signature.verify(SPEC_SECRET, {}, SPEC_BODY, SPEC_TIME)


def test_a_new_secret_is_32_random_bytes_after_whsec():
    first, second = webhook_signature.new_secret(), webhook_signature.new_secret()
    assert first != second and first.startswith("whsec_")
    assert len(webhook_signature.secret_key(first)) == 32
    with pytest.raises(ValueError, match="whsec_"):
        webhook_signature.secret_key("whsec_not base64!")


def test_the_wait_doubles_up_to_its_cap():
    assert [backoff_seconds(n, 30, 3600) for n in range(1, 9)] == [
        30,
        60,
        120,
        240,
        480,
        960,
        1920,
        3600,
    ]


@pytest.mark.parametrize(
    ("attempt", "status", "again"),
    [(1, None, True), (1, 500, True), (1, 503, True), (1, 429, True), (1, 408, True)]
    + [(1, 400, False), (1, 401, False), (1, 404, False), (1, 410, False), (1, 301, False)]
    + [(6, 500, False), (6, None, False), (5, None, True)],
)
def test_what_is_tried_again(attempt, status, again):
    assert retry_after(attempt, 6, status) is again


def test_an_endpoint_is_given_up_after_ten_failures_or_a_day():
    now = datetime(2026, 11, 27, tzinfo=UTC)
    rule = {"max_failures": 10, "max_hours": 24}
    assert not should_disable(9, now - timedelta(hours=23), now, **rule)
    assert should_disable(10, now, now, **rule)
    assert should_disable(2, now - timedelta(hours=24), now, **rule)
    assert not should_disable(0, None, now, **rule)


@pytest.mark.parametrize(
    "address",
    ["10.0.0.1", "172.16.5.4", "192.168.0.1", "127.0.0.1", "169.254.169.254", "100.64.0.1"]
    + ["0.0.0.0", "::1", "fe80::1", "fc00::1", "::ffff:10.0.0.1", "224.0.0.1", "240.0.0.1"],
)
def test_inner_addresses_are_internal(address):
    assert is_internal_ip(address)


@pytest.mark.parametrize("address", ["93.184.215.14", "2606:4700::6810:84e5", "162.159.135.232"])
def test_public_addresses_are_not(address):
    assert not is_internal_ip(address)


def test_the_guard_lets_loopback_through_only_when_asked():
    url = "http://127.0.0.1:8123/hooks/x"
    assert url_errors(url, max_length=500, allow_loopback=True) == []
    assert url_errors(url, max_length=500, allow_loopback=False) == [
        "An address must use https://."
    ]
    assert (
        url_errors("https://discord.com/api/webhooks/1/x", max_length=500, allow_loopback=False)
        == []
    )


def body(kind, data):
    return webhook_payloads.envelope(kind, data, datetime(2026, 11, 27, tzinfo=UTC))


EVENT = webhook_payloads.EventRef(7, "cup", "*Cup* @everyone", "https://e.org/events/cup/")


def test_discord_escapes_markdown_bounds_its_texts_and_pings_nobody():
    lines = [
        webhook_payloads.Line(n, f"Player_{n} " + "x" * 500, n, 12.0 - n) for n in range(1, 11)
    ]
    data = webhook_payloads.standings_changed(EVENT, lines, "https://e.org/events/cup/standings/")
    message = discord.message(body("standings.changed", data), lambda text: text)
    assert message["content"] == "\\*Cup\\* @everyone: the standings changed."
    assert message["allowed_mentions"] == {"parse": []}
    (embed,) = message["embeds"]
    assert len(embed["description"]) <= discord.MAX_DESCRIPTION
    assert embed["description"].startswith("1. Player\\_1 ")
    assert "· 11 pts" in embed["description"].splitlines()[0]


def test_discord_words_go_through_the_translation_given():
    data = webhook_payloads.champion_decided(
        EVENT, webhook_payloads.Line(3, "Ada", 1, None), "https://e.org/s/"
    )
    french = {"%(champion)s wins %(event)s!": "%(champion)s remporte %(event)s !"}
    message = discord.message(body("champion.decided", data), lambda text: french.get(text, text))
    assert message["content"] == "Ada remporte \\*Cup\\* @everyone !"
