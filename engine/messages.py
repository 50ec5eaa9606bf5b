"""The engine's problems in words: a code, its English sentence and the sentence's parameters.

The engine stays free of any framework, so it speaks English only. A problem that has a code
(``Problem.code``) keeps its parameters (``Problem.params``); a door (a form, the API) looks the
code up here, translates the sentence with its own ``gettext`` and fills in the parameters, so a
refused report reads in the player's language and still names the fields and players as the
English one does. A problem without a code is shown in English as it is.

``gettext_noop`` only marks the sentences for ``makemessages``; the doors translate them
(``common.engine_messages``).
"""

from __future__ import annotations

from typing import Any


def gettext_noop(message: str) -> str:
    """Mark ``message`` for the catalogues without translating it here."""
    return message


def ngettext_noop(singular: str, plural: str) -> tuple[str, str]:
    """Mark a counted sentence (its singular and plural) for the catalogues."""
    return singular, plural


#: every problem code and its English sentence (``%(name)s`` parameters)
SENTENCES: dict[str, str] = {
    "required": gettext_noop("%(field)s is required"),
    "unknown_field": gettext_noop("unknown field %(name)s"),
    "not_whole_number": gettext_noop("%(field)s must be a whole number, not %(value)s"),
    "too_small": gettext_noop("%(field)s is %(value)s but must be at least %(limit)s"),
    "too_large": gettext_noop("%(field)s is %(value)s but must be at most %(limit)s"),
    "not_true_or_false": gettext_noop("%(field)s must be true or false, not %(value)s"),
    "not_a_choice": gettext_noop("%(field)s is %(value)s; expected one of %(choices)s"),
    "not_text": gettext_noop("%(field)s must be text"),
    "not_a_side": gettext_noop("%(field)s is %(value)s, which is not a side of this game"),
    "not_a_list": gettext_noop("%(field)s must be a list"),
    "more_problems": gettext_noop("... and %(count)s more problems, not listed"),
    # the report's sides (engine.base)
    "no_sides_list": gettext_noop("the report needs a list of sides"),
    "side_without_id": gettext_noop("entry %(number)s of sides has no side id"),
    "side_repeated": gettext_noop("this side is reported more than once"),
    "side_missing": gettext_noop("this side is missing from the report"),
    "side_not_in_game": gettext_noop("this side is not one of the game's sides"),
    "size_unknown": gettext_noop(
        "the team's player count is unknown (give options.side_sizes or name the characters)"
    ),
    "size_not_allowed": gettext_noop("this side has %(size)s players; %(mode)s allows %(allowed)s"),
    "too_many_players": gettext_noop(
        "%(total)s players in one game; %(mode)s allows at most %(most)s"
    ),
    "no_points_table": gettext_noop(
        "a %(count)s-side game has no points table in the rules; the organiser must give one "
        "(options.points_table) before it can be scored"
    ),
    "characters_not_size": gettext_noop(
        "%(found)s characters named but the side has %(given)s players"
    ),
    "nul_character": gettext_noop("the report contains a NUL character"),
    # Eye for an Eye (engine.systems._eye_checks, eye_vs_eye)
    "chief_twice": gettext_noop(
        "%(name)s is also played by this side; there is one figure of each chief"
    ),
    "chief_elsewhere": gettext_noop(
        "%(name)s is also played by side %(other)s; there is one figure of each chief"
    ),
    "no_survivors": gettext_noop(
        "no side has a character left; the game ends as soon as only one side remains, so at "
        "least one side must have survivors"
    ),
    "survivors_on_many_sides": gettext_noop(
        "the game ended with only one side left, but %(count)s sides (%(sides)s) report survivors"
    ),
    "cup_below_guard": gettext_noop(
        "guard_tokens is %(guard)s but the Victory Cup only holds %(cup)s tokens"
    ),
    "echo_own_guard": gettext_noop(
        "this side plays Echo, so it cannot win Echo's Guard Health Tokens"
    ),
    "too_many_guard_tokens": gettext_noop(
        "%(total)s Guard Health Tokens reported; only %(most)s exist"
    ),
    "guard_without_echo": gettext_noop("Guard Health Tokens reported but nobody played Echo"),
    "side_lost_more": gettext_noop(
        "this side's characters lost at least %(lost)s Health Tokens, but the other sides' "
        "Victory Cups hold only %(others)s regular Health Tokens"
    ),
    "sides_lost_more": gettext_noop(
        "the characters of sides %(sides)s lost at least %(lost)s Health Tokens in all, but "
        "the Victory Cups hold only %(held)s regular Health Tokens"
    ),
    "caught_without_survivors": gettext_noop(
        "nymphlets_caught counts catches by characters still standing, but this side has no "
        "survivors"
    ),
    "caught_by_fallen_all_survived": gettext_noop(
        "nymphlets_caught_by_fallen needs a knocked-out character, but every character of "
        "this side survived"
    ),
    "caught_more_than_brought": gettext_noop(
        "this side caught %(caught)s Nymphlets but the other sides only brought %(others)s"
    ),
    "caught_more_than_supply": gettext_noop(
        "%(caught)s Nymphlets caught in all, but only %(supply)s were in the game"
    ),
    "nymphlets_left": gettext_noop(
        "the game ended because no Nymphlets were left, but only %(caught)s of %(supply)s "
        "were caught"
    ),
    "first_to_target_short": gettext_noop(
        "this player reached %(target)s first but has only %(points)s Viewpoints"
    ),
    # Tsukuyumi (engine.systems.tsukuyumi)
    "supremacy_needs_target": gettext_noop("a supremacy winner needs options.supremacy_target"),
    "supremacy_below_target": gettext_noop(
        "this player won by supremacy but has %(vp)s VP, below %(target)s"
    ),
    "supremacy_unnamed": gettext_noop(
        "%(sides)s reached the supremacy target of %(target)s, so the game ended at once: name "
        "the supremacy winner"
    ),
    "two_player_no_vp": gettext_noop(
        "%(source)s give no VP in a two-player game (only the victory cards do)"
    ),
    "victory_cards_differ": gettext_noop("the victory cards give %(cards)s VP, not %(vp)s"),
    "two_player_vp_cap": gettext_noop(
        "%(vp)s VP: a two-player game gives VP only from two victory cards, at most %(most)s"
    ),
    "victory_cards_two_player_only": gettext_noop("victory cards score only in a two-player game"),
    "vp_parts_differ": gettext_noop("the VP parts add up to %(parts)s, not %(vp)s"),
    "missions_in_play": gettext_noop(
        "%(count)s missions are in play (one per faction), each worth 1 VP to a player once"
    ),
    "missions_in_play_oni": gettext_noop(
        "%(count)s missions are in play (one per faction, three Oni missions), each worth 1 VP "
        "to a player once"
    ),
    "moon_vp": gettext_noop("at most 1 moon VP per round (%(rounds)s rounds)"),
    "faction_goal_vp": gettext_noop("the faction goal is worth 0 or 2 VP"),
    "fertile_ground_vp": gettext_noop("fertile ground is worth 2 VP each"),
    "initiative_vp": gettext_noop("initiative place %(place)s is worth %(bonus)s VP"),
    # the grid skirmish (engine.systems.grid_skirmish)
    "figures_health": gettext_noop(
        "health_left is %(health)s with %(figures)s figures left; each surviving figure has at "
        "least 1 health and eliminated figures have none"
    ),
    "figures_over_army": gettext_noop(
        "figures_left is %(figures)s but the army has %(cards)s cards"
    ),
    "unknown_cards": gettext_noop("unknown cards: %(cards)s"),
    "army_over_cap": gettext_noop("the army costs %(total)s, over the cap of %(cap)s"),
    "no_figures_left": gettext_noop("no side has figures left; the last one standing wins"),
    "winner_not_last": gettext_noop(
        "the winner must be the only side with figures left; sides with figures: %(sides)s"
    ),
    # a live game's setup and its refused events (engine.live)
    "live_no_sides": gettext_noop("the setup needs a list of sides"),
    "live_no_sides_allowed": gettext_noop("the setup needs a list of sides of an allowed size"),
    "live_bad_side_id": gettext_noop("bad or repeated side id %(side)s"),
    "live_name_characters": gettext_noop("name %(sizes)s characters"),
    "live_unknown_character": gettext_noop("%(name)s is unknown or already played"),
    "live_sides_not_allowed": gettext_noop("%(count)s sides cannot play this mode"),
    "live_too_many_players": gettext_noop("too many players for this mode"),
    "live_timing": gettext_noop("timing is realtime or turn_based"),
    "live_counter_start": gettext_noop("%(counter)s must start at 0 or more"),
    "live_unknown_counters": gettext_noop("unknown counters in the setup"),
    "live_same_side": gettext_noop("%(attacker)s cannot hit %(target)s: they are on the same side"),
    "live_unblockable": gettext_noop("%(unblockable)s unblockable hits out of only %(hits)s hits"),
    "live_parry": gettext_noop(
        "a Parry cancelled %(cancelled)s hits but only %(blockable)s could be blocked"
    ),
    "live_guard_flag": gettext_noop("guard must be true or false"),
    "live_no_guard_to_hit": gettext_noop("there is no Guard of %(target)s on the board to hit"),
    "live_overheal": gettext_noop(
        "%(name)s has %(health)s of %(start)s Health Tokens; healing %(tokens)s would go above "
        "the starting health"
    ),
    "live_echo_absent": gettext_noop("Echo is not in play, so no Guard can be placed"),
    "live_guards_left": gettext_noop("Echo has only %(count)s Guards off the board"),
    "live_own_nymphlets": gettext_noop("a side cannot catch its own Nymphlets"),
    "live_no_nymphlet": gettext_noop("%(owner)s has no Nymphlet left on the board"),
    "live_vp_reason": gettext_noop(
        "VP outside a scoring call are a referee's override: give a reason (at most %(most)s "
        "characters)"
    ),
    "live_scorers_list": gettext_noop("on lists the characters that score (possibly none)"),
    "live_listed_twice": gettext_noop("%(name)s is listed twice"),
    "live_colour": gettext_noop("colour is one of %(colours)s"),
    "live_not_started_result": gettext_noop("the game has not started yet, so there is no result"),
    "live_not_a_character": gettext_noop("%(role)s %(name)s is not a character in this game"),
    "live_knocked_out": gettext_noop("%(name)s has been knocked out"),
    "live_not_whole": gettext_noop("%(key)s must be a whole number, not %(value)s"),
    "live_too_small": gettext_noop("%(key)s is %(value)s but must be at least %(minimum)s"),
    "live_event_shape": gettext_noop("an event must be an object with a type"),
    "live_too_many_events": gettext_noop(
        "this game has recorded %(most)s events, the most one game can hold; end it and enter "
        "the result"
    ),
    "live_sequence": gettext_noop(
        "event number %(seq)s arrived but %(expected)s was expected (another event was recorded "
        "first; reload the game)"
    ),
    "live_unknown_event": gettext_noop("unknown event type %(kind)s"),
    "live_unknown_keys": gettext_noop("unknown keys in a %(kind)s event: %(keys)s"),
    "live_game_over": gettext_noop("the game is over; no more events can be recorded"),
    "live_started": gettext_noop("the game has already started"),
    "live_not_started": gettext_noop("the game has not started yet (record the start call first)"),
    "live_end_reasons": gettext_noop("a referee can end this game only for: %(reasons)s"),
    "live_note": gettext_noop("a note is text of at most %(most)s characters"),
    "live_by": gettext_noop("'by' is text of at most %(most)s characters"),
    "live_at": gettext_noop("'at' is a time (a number or text)"),
    "live_at_length": gettext_noop("'at' is a time of at most 40 characters"),
    "live_log_list": gettext_noop("the event log must be a list"),
    "live_unknown_side": gettext_noop("%(side)s is not a side of this game"),
    "live_unknown_counter": gettext_noop("unknown counter %(counter)s"),
    "live_zero_delta": gettext_noop("delta must not be 0"),
    "live_below_zero": gettext_noop("%(counter)s of %(side)s would drop below 0"),
    "live_end_fields": gettext_noop("fields must be an object of game-level report fields"),
    # the organiser's options (engine.options, engine.ranking, the systems' own options)
    "options_not_object": gettext_noop("options must be an object"),
    "expected_sides": gettext_noop("expected_sides must list distinct side ids"),
    "side_sizes_not_object": gettext_noop("side_sizes must be an object"),
    "side_size_too_small": gettext_noop("side_sizes[%(side)s] must be 1 or more"),
    "points_table_not_map": gettext_noop("points_table must map side counts to lists"),
    "points_table_too_many": gettext_noop("points_table has more tables than side counts"),
    "points_table_count": gettext_noop(
        "%(where)s: the side count must be a whole number from 2 to %(most)s"
    ),
    "points_table_twice": gettext_noop("%(where)s: given twice"),
    "points_table_points": gettext_noop(
        "%(where)s: needs %(count)s whole numbers from 0 to %(most)s"
    ),
    "points_table_rising": gettext_noop("%(where)s: points must never rise for a worse place"),
    "card_over_cap": gettext_noop("a card costs more than the army cap"),
    "two_player_rounds": gettext_noop(
        "a two-player game plays %(rounds)s rounds (its own rules), so rounds %(given)s cannot "
        "apply: leave it out or give %(rounds)s"
    ),
}

#: the words of a choice field's values on a form (a value not listed is shown as written)
CHOICE_WORDS: dict[str, str] = {
    "last_side_standing": gettext_noop("Last side standing"),
    "time": gettext_noop("Time ran out"),
    "no_nymphlets": gettext_noop("No Nymphlets left"),
    "scoring_complete": gettext_noop("Last scoring done"),
}

#: counted sentences: code -> (singular, plural, the parameter that counts)
PLURALS: dict[str, tuple[str, str, str]] = {
    "sides_not_allowed": (
        *ngettext_noop(
            "%(count)s side reported; %(mode)s allows %(allowed)s sides",
            "%(count)s sides reported; %(mode)s allows %(allowed)s sides",
        ),
        "count",
    ),
    "survivors_over_size": (
        *ngettext_noop(
            "survivors is %(survivors)s but this side only has %(count)s character",
            "survivors is %(survivors)s but this side only has %(count)s characters",
        ),
        "count",
    ),
    "health_too_low": (
        *ngettext_noop(
            "health_left is %(health)s but %(count)s surviving character hold at least one "
            "Health Token each",
            "health_left is %(health)s but %(count)s surviving characters hold at least one "
            "Health Token each",
        ),
        "count",
    ),
    "health_too_high": (
        *ngettext_noop(
            "health_left is %(health)s but %(count)s surviving character can hold at most "
            "%(most)s (healing never goes above starting health)",
            "health_left is %(health)s but %(count)s surviving characters can hold at most "
            "%(most)s (healing never goes above starting health)",
        ),
        "count",
    ),
}


def english(code: str, params: dict[str, Any]) -> str:
    """The sentence of ``code`` in English, filled in (a counted one by its count)."""
    if code in PLURALS:
        singular, plural, count = PLURALS[code]
        return (singular if params[count] == 1 else plural) % params
    return SENTENCES[code] % params


class Sentence(str):
    """An English sentence that also carries its ``code`` and ``params``: it compares, prints and
    concatenates as the plain sentence, so callers that read the text need not change."""

    code: str
    params: dict[str, Any]

    def __new__(cls, code: str, **params: Any) -> Sentence:
        sentence = super().__new__(cls, english(code, params))
        sentence.code = code
        sentence.params = params
        return sentence
