"""The audit trail told for people: who did what to which table, in words, and how a result changed.

Pure code: ``tell`` turns one audit entry (its action, target, before/after and who did it)
into an :class:`AuditStory`, with the ids replaced by the names in :class:`AuditNames`. The
organiser's audit page shows the stories; the raw codes and JSON stay on the page for experts.
The sentences are English, marked with ``gettext_noop``; a door passes its ``Words`` (Django's
``gettext`` and ``ngettext``: ``common.audit.stories.tell``) to have them in the reader's language.
"""

from dataclasses import dataclass, field
from typing import Protocol

from common.audit.logic.values import human_value, key_label
from common.logic.words import (
    Translate,
    TranslatePlural,
    as_is,
    english_plural,
    gettext_noop,
    ordinal,
)
from engine.json_data import JsonObject


@dataclass(frozen=True)
class Words:
    """How a story is worded: a door's ``gettext`` and ``ngettext`` (English by default)."""

    gettext: Translate = as_is
    ngettext: TranslatePlural = english_plural


ENGLISH = Words()

#: What each recorded action did, as the end of a sentence that starts with who did it.
#: ``%(match)s``, ``%(round)s`` and ``%(entrant)s`` are the entry's target, by name.
ACTION_WORDS = {
    "result.reported": gettext_noop("reported the result of %(match)s"),
    "result.entered": gettext_noop("entered the result of %(match)s"),
    "result.corrected": gettext_noop("corrected the result of %(match)s"),
    "result.confirmed": gettext_noop("confirmed the result of %(match)s"),
    "result.accepted": gettext_noop("accepted the result of %(match)s"),
    "result.bye": gettext_noop("scored the bye at %(match)s"),
    "result.disputed": gettext_noop("disputed the result of %(match)s"),
    "result.disputed_after_acceptance": gettext_noop("disputed the accepted result of %(match)s"),
    "live.created": gettext_noop("opened a live scoreboard for %(match)s"),
    "round.generated": gettext_noop("paired %(round)s"),
    "round.published": gettext_noop("published the tables of %(round)s"),
    "round.completed": gettext_noop("closed %(round)s"),
    "round.repaired": gettext_noop("re-paired %(round)s"),
    "round.seats_swapped": gettext_noop("swapped seats in %(round)s"),
    "round.generation_requested": gettext_noop("asked for the next round's pairings"),
    "clock.start": gettext_noop("started the clock of %(round)s (Yarra Mark!)"),
    "clock.pause": gettext_noop("paused the clock of %(round)s"),
    "clock.resume": gettext_noop("restarted the clock of %(round)s"),
    "clock.extend": gettext_noop("added time to the clock of %(round)s"),
    "clock.end": gettext_noop("ended the game time of %(round)s (Yarra Bung!)"),
    "entrant.created": gettext_noop("registered %(entrant)s"),
    "penalty.warning": gettext_noop("gave %(entrant)s a warning"),
    "penalty.points": gettext_noop("gave %(entrant)s a point penalty"),
    "penalty.withdrawn": gettext_noop("withdrew a warning or penalty of %(entrant)s"),
    "table.extra_time": gettext_noop("set the extra time of %(match)s"),
    "entrant.late_entry": gettext_noop("added %(entrant)s as a late entry"),
    "entrant.updated": gettext_noop("changed the details of %(entrant)s"),
    "entrant.checked_in": gettext_noop("checked in %(entrant)s"),
    "entrant.check_in_undone": gettext_noop("undid the check-in of %(entrant)s"),
    "entrant.dropped": gettext_noop("dropped %(entrant)s from the event"),
    "entrant.reinstated": gettext_noop("reinstated %(entrant)s"),
    "entrant.link_replaced": gettext_noop(
        "gave %(entrant)s a new private link (the old one no longer works)"
    ),
    "entrant.links_sent": gettext_noop("e-mailed the players their private links"),
    "entrants.imported": gettext_noop("imported a list of players"),
    "tournament.created": gettext_noop("created the event"),
    "tournament.updated": gettext_noop("changed the event's settings"),
    "tournament.registration_opened": gettext_noop("opened registration"),
    "tournament.check_in_code_replaced": gettext_noop(
        "replaced the check-in code shown at the venue"
    ),
    "elimination.started": gettext_noop("cut the field to the elimination groups"),
    "elimination.advanced": gettext_noop("moved the elimination on to its next step"),
    "elimination.champion": gettext_noop("crowned the champion"),
    "staff.added": gettext_noop("added a member of staff"),
    "staff.removed": gettext_noop("removed a member of staff"),
    "staff.invited": gettext_noop("invited a member of staff"),
    "staff.invitation_accepted": gettext_noop("accepted an invitation to the staff"),
    "staff.invitation_revoked": gettext_noop("withdrew a staff invitation"),
    "player.claimed": gettext_noop("linked a player's entry to their account"),
    "player.merged": gettext_noop("merged two player profiles"),
    "registration.created": gettext_noop("registered for the event"),
    "registration.registered_again": gettext_noop("registered for the event again"),
    "registration.withdrawn": gettext_noop("withdrew a registration"),
    "registration.promoted": gettext_noop("gave a waitlisted player a free place"),
    "registration.accepted": gettext_noop("accepted a registration"),
    "registration.declined": gettext_noop("declined a registration"),
    "registration.moved": gettext_noop("moved a player in the waitlist"),
    "registration.paid": gettext_noop("marked a player's entry fee paid"),
    "registration.unpaid": gettext_noop("marked a player's entry fee unpaid"),
    "registration.policy_set": gettext_noop("changed the registration settings"),
    "notifications.subscribed": gettext_noop("turned notifications on for a device"),
    "notifications.unsubscribed": gettext_noop("turned notifications off for a device"),
    "question.added": gettext_noop("added a registration question"),
    "question.changed": gettext_noop("changed a registration question"),
    "question.moved": gettext_noop("moved a registration question"),
    "question.removed": gettext_noop("removed a registration question and its answers"),
    "registration.answers_deadline": gettext_noop("set when the players' answers lock"),
    "registration.answered": gettext_noop("saved a player's answers to the registration questions"),
    "registrations.emailed": gettext_noop("e-mailed everyone registered"),
    "registration.team_complete": gettext_noop("entered a team that now has enough members"),
    "registration.team_too_small": gettext_noop("gave up a team's place (too few members left)"),
    "team.created": gettext_noop("registered a team (it takes a place once it has enough members)"),
    "team.joined": gettext_noop("joined a team"),
    "team.left": gettext_noop("left a team"),
    "team.member_removed": gettext_noop("removed a member from a team"),
    "team.withdrawn": gettext_noop("withdrew a team"),
    "entrant.team_members_changed": gettext_noop("changed the players of %(entrant)s"),
}

#: The part of a target's type that says which name to use.
TARGET_KIND = {
    "matches.match": "match",
    "tournament.round": "round",
    "tournament.entrant": "entrant",
}

#: before/after keys too technical for the people's view (still in the raw JSON).
HIDDEN_KEYS = {"calls", "server_time", "placings", "version", "ends_at", "started_at", "job"}


@dataclass(frozen=True)
class AuditNames:
    """What the page knows about the event, to put names on the ids an entry holds."""

    #: entrant id (str) -> display name
    entrants: dict[str, str] = field(default_factory=dict)
    #: match id (str) -> (round number, table number)
    matches: dict[str, tuple[int, int]] = field(default_factory=dict)
    #: round id (str) -> round number
    rounds: dict[str, int] = field(default_factory=dict)
    #: user id -> "organiser" / "referee"
    roles: dict[int, str] = field(default_factory=dict)


class AuditRecord(Protocol):
    """What a story reads of an audit entry (an ``AuditEntry`` or anything with its fields;
    its ``user``, if it has one, names who acted)."""

    entrant_id: int | None
    action: str
    target_type: str
    target_id: object
    before: object
    after: object
    reason: str | None


@dataclass(frozen=True)
class PlacingChange:
    """One side's line of a result's before/after: '2nd, 3 points (score 12)'."""

    name: str
    before: str | None
    after: str | None

    @property
    def changed(self) -> bool:
        return self.before != self.after


@dataclass(frozen=True)
class AuditStory:
    """One audit entry in words."""

    who: str
    sentence: str
    reason: str = ""
    placings: list[PlacingChange] = field(default_factory=list)
    changes: list[tuple[str, str, str]] = field(default_factory=list)  # (what, before, after)

    @property
    def has_before(self) -> bool:
        """Whether the result had an earlier state to compare with (a correction, a dispute)."""
        return any(p.before is not None for p in self.placings)


def number(value: object) -> str:
    """A number as people write it: 4, 2.5 (never 4.0)."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value)


def plural_count(text: str) -> int:
    """The count a plural is chosen by for a number as written ("2.5" counts as many)."""
    return int(text) if text.lstrip("-").isdigit() else 2


def placing_text(row: JsonObject, words: Words = ENGLISH) -> str:
    """One side's place, points and score in words."""
    parts = []
    if row.get("place") is not None:
        parts.append(ordinal(int(row["place"]), words.gettext))
    if row.get("points") is not None:
        points = number(row["points"])
        many = words.ngettext("%(points)s point", "%(points)s points", plural_count(points))
        parts.append(many % {"points": points})
    text = ", ".join(parts) or words.gettext(gettext_noop("no place"))
    if row.get("score") is not None:
        score = words.gettext(gettext_noop("%(placing)s (score %(score)s)"))
        text = score % {"placing": text, "score": number(row["score"])}
    return text


def placings_of(value: object) -> dict[str, JsonObject]:
    """A before/after value's placings by side id (empty when it has none)."""
    if not isinstance(value, dict) or not isinstance(value.get("placings"), list):
        return {}
    return {str(row.get("side")): row for row in value["placings"] if isinstance(row, dict)}


def placing_changes(
    before: object, after: object, names: AuditNames, words: Words = ENGLISH
) -> list[PlacingChange]:
    """Each side's result before and after, best place after first."""
    old, new = placings_of(before), placings_of(after)
    if not old and not new:
        return []

    def order(side: str) -> tuple[bool, int, str]:
        row = new.get(side) or old.get(side) or {}
        place = row.get("place")
        return (place is None, place or 0, names.entrants.get(side, side))

    return [
        PlacingChange(
            name=names.entrants.get(side)
            or words.gettext(gettext_noop("side %(id)s")) % {"id": side},
            before=placing_text(old[side], words) if side in old else None,
            after=placing_text(new[side], words) if side in new else None,
        )
        for side in sorted(set(old) | set(new), key=order)
    ]


def short(value: object, words: Words = ENGLISH) -> str:
    """A before/after value small enough for a phone line."""
    if value is None or value == "":
        return "-"
    if isinstance(value, bool):
        return words.gettext(gettext_noop("yes") if value else gettext_noop("no"))
    if isinstance(value, dict):
        count = len(value)
        text = words.ngettext("%(count)s value", "%(count)s values", count) % {"count": count}
    elif isinstance(value, list):
        text = ", ".join(map(str, value))
    else:
        text = number(value)
    return text if len(text) <= 60 else text[:59] + "…"


def field_changes(
    before: object, after: object, words: Words = ENGLISH
) -> list[tuple[str, str, str]]:
    """The plain values that differ between before and after, by a readable key."""
    if not isinstance(before, dict) and not isinstance(after, dict):
        return []
    old: JsonObject = before if isinstance(before, dict) else {}
    new: JsonObject = after if isinstance(after, dict) else {}
    out = []
    for key in list(old) + [k for k in new if k not in old]:
        if key in HIDDEN_KEYS or key.endswith("_ms") or old.get(key) == new.get(key):
            continue
        before_value = human_value(key, old.get(key), words.gettext)
        after_value = human_value(key, new.get(key), words.gettext)
        out.append(
            (key_label(key, words.gettext), short(before_value, words), short(after_value, words))
        )
    return out


def who_did_it(
    user_id: int | None,
    user_name: str,
    entrant_id: int | None,
    names: AuditNames,
    words: Words = ENGLISH,
) -> str:
    """'Sam (referee)', 'Alice (player, private link)' or 'The system'."""
    say = words.gettext
    if user_id is not None:
        role = names.roles.get(user_id)
        if not role:
            return user_name
        return say(gettext_noop("%(name)s (%(role)s)")) % {"name": user_name, "role": role}
    if entrant_id is not None:
        name = names.entrants.get(str(entrant_id)) or say(gettext_noop("entrant %(id)s")) % {
            "id": entrant_id
        }
        return say(gettext_noop("%(name)s (player, private link)")) % {"name": name}
    return say(gettext_noop("The system"))


def target_words(
    target_type: str, target_id: str, names: AuditNames, words: Words = ENGLISH
) -> dict[str, str]:
    """The names the sentence templates may use for an entry's target."""
    say = words.gettext
    found = {
        "match": say(gettext_noop("a table")),
        "round": say(gettext_noop("a round")),
        "entrant": say(gettext_noop("a player")),
    }
    kind = TARGET_KIND.get(target_type)
    if kind == "match" and target_id in names.matches:
        round_number, table = names.matches[target_id]
        found["match"] = say(gettext_noop("round %(round)s, table %(table)s")) % {
            "round": round_number,
            "table": table,
        }
    elif kind == "round" and target_id in names.rounds:
        found["round"] = say(gettext_noop("round %(round)s")) % {"round": names.rounds[target_id]}
    elif kind == "entrant" and target_id in names.entrants:
        found["entrant"] = names.entrants[target_id]
    return found


def tell(entry: AuditRecord, names: AuditNames, words: Words = ENGLISH) -> AuditStory:
    """One audit entry (an ``AuditEntry`` or anything with its fields) in words."""
    say = words.gettext
    user = getattr(entry, "user", None)
    who = who_did_it(
        getattr(user, "pk", None),
        (user.get_full_name() or user.get_username()) if user is not None else "",
        entry.entrant_id,
        names,
        words,
    )
    template = ACTION_WORDS.get(entry.action)
    targets = target_words(entry.target_type, str(entry.target_id), names, words)
    if template is None:
        what = say(gettext_noop("recorded “%(action)s”")) % {"action": entry.action}
    else:
        what = say(template) % targets
    placings = placing_changes(entry.before, entry.after, names, words)
    return AuditStory(
        who=who,
        sentence=say(gettext_noop("%(who)s %(what)s.")) % {"who": who, "what": what},
        reason=entry.reason or "",
        placings=placings,
        changes=field_changes(entry.before, entry.after, words),
    )
