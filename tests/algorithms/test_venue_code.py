"""The venue check-in code as plain values: made from the unambiguous alphabet, read from what
a player typed, compared in constant time (no database)."""

from tournament.logic.venue_code import (
    ALPHABET,
    LENGTH,
    code_display,
    new_venue_code,
    normalise_venue_code,
    venue_code_matches,
)


def test_a_new_code_has_six_unambiguous_characters():
    for _ in range(200):
        code = new_venue_code()
        assert len(code) == LENGTH and set(code) <= set(ALPHABET)
    assert not set("ILOU") & set(ALPHABET)


def test_typing_is_forgiving_about_case_spaces_dashes_and_look_alikes():
    assert normalise_venue_code("7kq-2xm") == "7KQ2XM"
    assert normalise_venue_code(" 7KQ 2XM ") == "7KQ2XM"
    assert normalise_venue_code("O1I2L3") == "011213"
    assert code_display("7KQ2XM") == "7KQ 2XM"
    assert normalise_venue_code(code_display("7KQ2XM")) == "7KQ2XM"


def test_what_cannot_be_a_code_is_none():
    for typed in ("", "7KQ2X", "7KQ2XMM", "7KQ2X!", "7" * 21, "ÄKQ2XM"):
        assert normalise_venue_code(typed) is None


def test_matching():
    assert venue_code_matches("7KQ2XM", "7kq 2xm")
    assert not venue_code_matches("7KQ2XM", "7KQ2XN")
    assert not venue_code_matches("7KQ2XM", "")
    assert not venue_code_matches("", "")  # an event without a code takes none
