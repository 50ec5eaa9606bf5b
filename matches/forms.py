"""The result form, generated from the game system's own description of a result.

The engine says which fields a game has and which each side reports (type, range, choices,
help); this module turns that into a Django form with one block of inputs per side, turns the
cleaned data back into the engine's report format, and places the engine's complaints next to
the input they concern.
"""

import re
from dataclasses import dataclass
from dataclasses import field as dataclass_field

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy

from common.audit.reasons import REASON_MAX_CHARS
from common.engine_messages import choice_words, problem_text
from engine.errors import ResultInvalid


def side_field_name(position: int, field: str) -> str:
    """The input name of a side's field (sides are numbered by their seat)."""
    return f"s{position}-{field}"


def game_field_name(field: str) -> str:
    """The input name of a whole-game field."""
    return f"g-{field}"


def _form_field(spec: dict, side_choices: list[tuple[str, str]]) -> forms.Field:
    """One Django form field for one engine field description."""
    common = {
        "label": _(spec["label"]),
        "required": bool(spec["required"]),
        "help_text": _(spec["help_text"]) if spec.get("help_text") else "",
    }
    kind = spec["type"]
    if kind == "int":
        field = forms.IntegerField(min_value=spec.get("min"), max_value=spec.get("max"), **common)
        field.widget.attrs.update({"inputmode": "numeric"})
        return field
    if kind == "choice":
        choices = [(c, choice_words(c)) for c in spec["choices"]]
        if not spec["required"]:
            choices = [("", "-"), *choices]
        return forms.ChoiceField(choices=choices, initial=spec.get("default"), **common)
    if kind == "choice_list":
        return forms.MultipleChoiceField(
            choices=[(c, c) for c in spec["choices"]],
            widget=forms.CheckboxSelectMultiple,
            **common,
        )
    if kind == "side":
        return forms.ChoiceField(choices=[("", _("Nobody")), *side_choices], **common)
    if kind in ("text_list", "side_list"):
        hint = (
            _("Comma-separated, in order, by side number")
            if kind == "side_list"
            else _("Comma-separated")
        )
        common["help_text"] = f"{common['help_text']} ({hint})".strip()
        return forms.CharField(**common)
    return forms.CharField(**common)


#: the field kinds whose help the phone layout writes once (the others keep their own hints)
SHARED_HELP_TYPES = ("int", "choice_list", "choice")


def help_id(field: str) -> str:
    """The element id of a side field's shared help (phone layout)."""
    return f"help-{field}"


@dataclass
class SideRow:
    """One side's block of the phone form, its inputs sorted by how they are entered."""

    seat: object
    numbers: list = dataclass_field(default_factory=list)
    chips: list = dataclass_field(default_factory=list)
    others: list = dataclass_field(default_factory=list)
    survivors: object = None


#: side ids inside an engine message: "(116, 117)" or "sides 116, 117" (not other numbers)
SIDE_LIST = re.compile(r"(\((?=[\d, ]+\))|\bsides? )(\d+(?:, \d+)*)\b")


def field_labels(description: dict) -> dict[str, str]:
    """Each field's code -> its label as a sentence names it ("of which Guard Health Tokens"
    continues the input above it; a message says "Guard Health Tokens")."""
    specs = list(description["game_fields"]) + list(description["side_fields"])
    return {spec["name"]: _(spec["label"]).removeprefix("of which ") for spec in specs}


def with_labels(message: str, labels: dict[str, str]) -> str:
    """The engine's message with its field codes replaced by their labels: a code with an
    underscore anywhere ("guard_tokens is 4"), a plain word only where it opens the message
    ("survivors is 5"), so "4 characters" stays a word."""
    for code, label in labels.items():
        if "_" in code:
            message = re.sub(rf"\b{re.escape(code)}\b", label.replace("\\", r"\\"), message)
        elif re.match(rf"{re.escape(code)}\b(?= is|:)", message):
            message = label + message[len(code) :]
    return message


class ResultForm(forms.Form):
    """One game's result: the whole-game fields, then one block per side at the table.

    ``shared_help=True`` is the phone layout: a field's help is written once for the whole form
    (``help_entries``, each under the id ``help-<field>``) and every side's input points at it,
    instead of repeating the same sentences under each of up to six sides.
    """

    def __init__(self, description: dict, seats, *args, shared_help: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        self.shared_help = shared_help
        self.description = description
        self.seats = list(seats)
        self.side_ids = {seat.position: str(seat.entrant_id) for seat in self.seats}
        side_choices = [(str(s.entrant_id), s.entrant.display_name) for s in self.seats]
        self.specs = {}
        for spec in description["game_fields"]:
            self._add(game_field_name(spec["name"]), spec, side_choices, game_field_name)
        for seat in self.seats:
            for spec in description["side_fields"]:
                if spec["name"] != "side":
                    name = side_field_name(seat.position, spec["name"])
                    self._add(name, spec, side_choices, str)

    def _add(self, name: str, spec: dict, side_choices, help_key) -> None:
        """Add one input; ``help_key(field name)`` names its shared help (phone layout)."""
        field = _form_field(spec, side_choices)
        if self.shared_help and self._help_is_shared(spec):
            field.widget.attrs["aria-describedby"] = help_id(help_key(spec["name"]))
            field.help_text = ""
        self.fields[name] = field
        self.specs[name] = spec

    @staticmethod
    def _help_is_shared(spec: dict) -> bool:
        return bool(spec.get("help_text")) and spec["type"] in SHARED_HELP_TYPES

    def side_blocks(self):
        """(seat, bound fields) per side, for the template."""
        for seat in self.seats:
            prefix = f"s{seat.position}-"
            yield seat, [self[name] for name in self.fields if name.startswith(prefix)]

    def side_rows(self):
        """Each side's inputs sorted for the phone layout: numbers (steppers), chips (choice
        lists) and anything else, plus the survivors input the "knocked out" tap sets."""
        for seat, fields in self.side_blocks():
            row = SideRow(seat=seat)
            for bound in fields:
                kind = self.specs[bound.name]["type"]
                if kind == "int":
                    row.numbers.append(bound)
                elif kind == "choice_list":
                    row.chips.append(bound)
                else:
                    row.others.append(bound)
                if bound.name.endswith("-survivors"):
                    row.survivors = bound
            yield row

    def help_entries(self) -> list[tuple[str, str, str]]:
        """(id, label, help) of each field whose help is written once (phone layout)."""
        keyed = [(game_field_name(s["name"]), s) for s in self.description["game_fields"]]
        keyed += [(s["name"], s) for s in self.description["side_fields"] if s["name"] != "side"]
        return [
            (help_id(key), _(spec["label"]), _(spec["help_text"]))
            for key, spec in keyed
            if self._help_is_shared(spec)
        ]

    def game_fields(self):
        """The bound whole-game fields, for the template."""
        return [self[name] for name in self.fields if name.startswith("g-")]

    def _value(self, name):
        value = self.cleaned_data.get(name)
        kind = self.specs[name]["type"]
        if value in (None, "", []):
            return None
        if kind == "text_list":
            return [part.strip() for part in value.split(",") if part.strip()]
        if kind == "side_list":
            by_number = {str(pos): sid for pos, sid in self.side_ids.items()}
            return [by_number.get(part.strip(), part.strip()) for part in value.split(",")]
        return value

    def to_report(self) -> dict:
        """The cleaned data in the engine's report format (empty optional fields left out)."""
        report = {}
        for spec in self.description["game_fields"]:
            value = self._value(game_field_name(spec["name"]))
            if value is not None:
                report[spec["name"]] = value
        sides = []
        for seat in self.seats:
            entry = {"side": self.side_ids[seat.position]}
            for spec in self.description["side_fields"]:
                if spec["name"] == "side":
                    continue
                value = self._value(side_field_name(seat.position, spec["name"]))
                if value is not None:
                    entry[spec["name"]] = value
            sides.append(entry)
        report["sides"] = sides
        return report

    def side_label(self, side_id: str) -> str:
        """A side as people know it at the table: its name and starting flower(s)."""
        for seat in self.seats:
            if str(seat.entrant_id) == str(side_id):
                colour = (seat.flower_colour or "").replace("+", " and ")
                return (
                    f"{seat.entrant.display_name} ({colour})"
                    if colour
                    else seat.entrant.display_name
                )
        return str(side_id)

    def in_words(self, message: str) -> str:
        """The engine's message for people: sides named instead of numbered, fields by their
        label, a capital first."""

        known = {str(seat.entrant_id) for seat in self.seats}

        def names(match: re.Match) -> str:
            ids = [part.strip() for part in match.group(2).split(",")]
            if not set(ids) <= known:
                return match.group(0)  # some other number: leave it as it is
            return match.group(1) + ", ".join(self.side_label(i) for i in ids)

        text = with_labels(SIDE_LIST.sub(names, message), field_labels(self.description))
        return text[:1].upper() + text[1:]

    def error_summary(self) -> list[tuple[str, str]]:
        """Every error as (the input's id, a sentence naming the side and the field's label),
        for a summary at the top of a page; errors of the whole form have no input."""
        position_side = {seat.position: seat for seat in self.seats}
        out = []
        for name, errors in self.errors.items():
            for message in errors:
                if name == "__all__":
                    out.append(("", message))
                    continue
                label = self.fields[name].label or name
                where = label
                if name.startswith("s") and "-" in name:
                    seat = position_side.get(int(name[1 : name.index("-")]))
                    if seat is not None:
                        where = f"{self.side_label(seat.entrant_id)}, {label}"
                out.append((self[name].id_for_label, f"{where}: {message}"))
        return out

    def add_engine_errors(self, error: ResultInvalid) -> None:
        """Show each of the engine's problems next to its input, in words (or at the top)."""
        position_of = {sid: pos for pos, sid in self.side_ids.items()}
        for problem in error.problems:
            name = None
            if problem.side is not None and problem.side in position_of:
                name = side_field_name(position_of[problem.side], problem.field)
            elif problem.side is None:
                name = game_field_name(problem.field)
            message = self.in_words(problem_text(problem))
            if name in self.fields:
                self.add_error(name, message)
            elif problem.side is not None:
                self.add_error(None, f"{self.side_label(problem.side)}: {message}")
            else:
                self.add_error(None, message)


class CorrectionReasonForm(forms.Form):
    """Why a referee changes an accepted result (required, kept with the new version)."""

    reason = forms.CharField(
        max_length=REASON_MAX_CHARS,
        widget=forms.Textarea(attrs={"rows": 2}),
        label=_lazy("Reason"),
        help_text=_lazy("Shown in the match history and the audit trail."),
    )
