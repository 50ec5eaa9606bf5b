"""The audit trail told for people: who did what to which table, in words, and how a result changed.

Pure code: ``tell`` turns one audit entry (its action, target, before/after and who did it)
into an :class:`AuditStory`, with the ids replaced by the names in :class:`AuditNames`. The
organiser's audit page shows the stories; the raw codes and JSON stay on the page for experts.
"""

from dataclasses import dataclass, field
from typing import Protocol

from common.audit.logic.values import human_value, key_label
from engine.json_data import JsonObject

#: What each recorded action did, as the end of a sentence that starts with who did it.
#: ``{match}``, ``{round}`` and ``{entrant}`` are the entry's target, by name.
ACTION_WORDS = {
    "result.reported": "reported the result of {match}",
    "result.entered": "entered the result of {match}",
    "result.corrected": "corrected the result of {match}",
    "result.confirmed": "confirmed the result of {match}",
    "result.accepted": "accepted the result of {match}",
    "result.bye": "scored the bye at {match}",
    "result.disputed": "disputed the result of {match}",
    "result.disputed_after_acceptance": "disputed the accepted result of {match}",
    "live.created": "opened a live scoreboard for {match}",
    "round.generated": "paired {round}",
    "round.published": "published the tables of {round}",
    "round.completed": "closed {round}",
    "round.repaired": "re-paired {round}",
    "round.seats_swapped": "swapped seats in {round}",
    "round.generation_requested": "asked for the next round's pairings",
    "clock.start": "started the clock of {round} (Yarra Mark!)",
    "clock.pause": "paused the clock of {round}",
    "clock.resume": "restarted the clock of {round}",
    "clock.extend": "added time to the clock of {round}",
    "clock.end": "ended the game time of {round} (Yarra Bung!)",
    "entrant.created": "registered {entrant}",
    "penalty.warning": "gave {entrant} a warning",
    "penalty.points": "gave {entrant} a point penalty",
    "penalty.withdrawn": "withdrew a warning or penalty of {entrant}",
    "table.extra_time": "set the extra time of {match}",
    "entrant.late_entry": "added {entrant} as a late entry",
    "entrant.updated": "changed the details of {entrant}",
    "entrant.checked_in": "checked in {entrant}",
    "entrant.check_in_undone": "undid the check-in of {entrant}",
    "entrant.dropped": "dropped {entrant} from the event",
    "entrant.reinstated": "reinstated {entrant}",
    "entrant.link_replaced": "gave {entrant} a new private link (the old one no longer works)",
    "entrant.links_sent": "e-mailed the players their private links",
    "entrants.imported": "imported a list of players",
    "tournament.created": "created the event",
    "tournament.updated": "changed the event's settings",
    "tournament.registration_opened": "opened registration",
    "tournament.check_in_code_replaced": "replaced the check-in code shown at the venue",
    "elimination.started": "cut the field to the elimination groups",
    "elimination.advanced": "moved the elimination on to its next step",
    "elimination.champion": "crowned the champion",
    "staff.added": "added a member of staff",
    "staff.removed": "removed a member of staff",
    "staff.invited": "invited a member of staff",
    "staff.invitation_accepted": "accepted an invitation to the staff",
    "staff.invitation_revoked": "withdrew a staff invitation",
    "player.claimed": "linked a player's entry to their account",
    "player.merged": "merged two player profiles",
    "registration.created": "registered for the event",
    "registration.registered_again": "registered for the event again",
    "registration.withdrawn": "withdrew a registration",
    "registration.promoted": "gave a waitlisted player a free place",
    "registration.accepted": "accepted a registration",
    "registration.declined": "declined a registration",
    "registration.moved": "moved a player in the waitlist",
    "registration.paid": "marked a player's entry fee paid",
    "registration.unpaid": "marked a player's entry fee unpaid",
    "registration.policy_set": "changed the registration settings",
    "notifications.subscribed": "turned notifications on for a device",
    "notifications.unsubscribed": "turned notifications off for a device",
    "question.added": "added a registration question",
    "question.changed": "changed a registration question",
    "question.moved": "moved a registration question",
    "question.removed": "removed a registration question and its answers",
    "registration.answers_deadline": "set when the players' answers lock",
    "registration.answered": "saved a player's answers to the registration questions",
    "registrations.emailed": "e-mailed everyone registered",
    "registration.team_complete": "entered a team that now has enough members",
    "registration.team_too_small": "gave up a team's place (too few members left)",
    "team.created": "registered a team (it takes a place once it has enough members)",
    "team.joined": "joined a team",
    "team.left": "left a team",
    "team.member_removed": "removed a member from a team",
    "team.withdrawn": "withdrew a team",
    "entrant.team_members_changed": "changed the players of {entrant}",
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


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def number(value: object) -> str:
    """A number as people write it: 4, 2.5 (never 4.0)."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value)


def placing_text(row: JsonObject) -> str:
    """One side's place, points and score in words."""
    parts = []
    if row.get("place") is not None:
        parts.append(ordinal(int(row["place"])))
    if row.get("points") is not None:
        points = number(row["points"])
        parts.append(f"{points} point{'' if points == '1' else 's'}")
    text = ", ".join(parts) or "no place"
    if row.get("score") is not None:
        text += f" (score {number(row['score'])})"
    return text


def placings_of(value: object) -> dict[str, JsonObject]:
    """A before/after value's placings by side id (empty when it has none)."""
    if not isinstance(value, dict) or not isinstance(value.get("placings"), list):
        return {}
    return {str(row.get("side")): row for row in value["placings"] if isinstance(row, dict)}


def placing_changes(before: object, after: object, names: AuditNames) -> list[PlacingChange]:
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
            name=names.entrants.get(side, f"side {side}"),
            before=placing_text(old[side]) if side in old else None,
            after=placing_text(new[side]) if side in new else None,
        )
        for side in sorted(set(old) | set(new), key=order)
    ]


def short(value: object) -> str:
    """A before/after value small enough for a phone line."""
    if value is None or value == "":
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (list, dict)):
        text = ", ".join(map(str, value)) if isinstance(value, list) else f"{len(value)} values"
    else:
        text = number(value)
    return text if len(text) <= 60 else text[:59] + "…"


def field_changes(before: object, after: object) -> list[tuple[str, str, str]]:
    """The plain values that differ between before and after, by a readable key."""
    if not isinstance(before, dict) and not isinstance(after, dict):
        return []
    old: JsonObject = before if isinstance(before, dict) else {}
    new: JsonObject = after if isinstance(after, dict) else {}
    out = []
    for key in list(old) + [k for k in new if k not in old]:
        if key in HIDDEN_KEYS or key.endswith("_ms") or old.get(key) == new.get(key):
            continue
        before_value, after_value = human_value(key, old.get(key)), human_value(key, new.get(key))
        out.append((key_label(key), short(before_value), short(after_value)))
    return out


def who_did_it(
    user_id: int | None, user_name: str, entrant_id: int | None, names: AuditNames
) -> str:
    """'Sam (referee)', 'Alice (player, private link)' or 'The system'."""
    if user_id is not None:
        role = names.roles.get(user_id)
        return f"{user_name} ({role})" if role else user_name
    if entrant_id is not None:
        name = names.entrants.get(str(entrant_id), f"entrant {entrant_id}")
        return f"{name} (player, private link)"
    return "The system"


def target_words(target_type: str, target_id: str, names: AuditNames) -> dict[str, str]:
    """The names the sentence templates may use for an entry's target."""
    words = {"match": "a table", "round": "a round", "entrant": "a player"}
    kind = TARGET_KIND.get(target_type)
    if kind == "match" and target_id in names.matches:
        round_number, table = names.matches[target_id]
        words["match"] = f"round {round_number}, table {table}"
    elif kind == "round" and target_id in names.rounds:
        words["round"] = f"round {names.rounds[target_id]}"
    elif kind == "entrant" and target_id in names.entrants:
        words["entrant"] = names.entrants[target_id]
    return words


def tell(entry: AuditRecord, names: AuditNames) -> AuditStory:
    """One audit entry (an ``AuditEntry`` or anything with its fields) in words."""
    user = getattr(entry, "user", None)
    who = who_did_it(
        getattr(user, "pk", None),
        (user.get_full_name() or user.get_username()) if user is not None else "",
        entry.entrant_id,
        names,
    )
    template = ACTION_WORDS.get(entry.action)
    words = target_words(entry.target_type, str(entry.target_id), names)
    what = f"recorded “{entry.action}”" if template is None else template.format(**words)
    placings = placing_changes(entry.before, entry.after, names)
    return AuditStory(
        who=who,
        sentence=f"{who} {what}.",
        reason=entry.reason or "",
        placings=placings,
        changes=field_changes(entry.before, entry.after),
    )
