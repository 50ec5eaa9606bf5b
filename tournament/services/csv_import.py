"""Bulk registration from a CSV file: every line checked first, then all saved or none.

Columns: ``name`` (required), ``club``, ``email``, ``seed`` (all optional), in any order, with a
header line. Errors name the line of the file (the header is line 1):
``{"errors": [{"line": 3, "field": "name", "message": "..."}]}``.
"""

import csv
import io
import re
from dataclasses import dataclass, field

from django.core.exceptions import ValidationError as DjangoValidationError
from django.core.validators import validate_email
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from tournament.models import Entrant, Player
from tournament.models.people import MAX_SEED

COLUMNS = ("name", "club", "email", "seed")
MAX_BYTES = 1_000_000
MAX_ROWS = 5_000
# A cell a spreadsheet would run as a formula when the exported CSV files are opened again.
FORMULA_START = re.compile(r"^[=+\-@\t\r]")
CONTROL_CHARS = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


class CsvImportInvalid(Exception):
    """The file cannot be imported; ``errors`` lists every problem with its line."""

    def __init__(self, errors: list[dict]):
        super().__init__(f"{len(errors)} problem(s) in the CSV file")
        self.errors = errors


@dataclass
class _Row:
    line: int
    name: str
    club: str = ""
    email: str = ""
    seed: int | None = None


@dataclass
class _Checker:
    errors: list[dict] = field(default_factory=list)

    def add(self, line: int, field_name: str | None, message: str) -> None:
        self.errors.append({"line": line, "field": field_name, "message": message})


def _decode(raw: bytes, check: _Checker) -> str | None:
    if len(raw) > MAX_BYTES:
        check.add(0, None, _("the file is larger than %(most)s kB") % {"most": MAX_BYTES // 1000})
        return None
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        check.add(0, None, _("the file is not UTF-8 text"))
        return None


def parse_rows(raw: bytes, tournament) -> list[_Row]:
    """Check every line of the file; raise ``CsvImportInvalid`` listing all problems."""
    check = _Checker()
    text = _decode(raw, check)
    if text is None:
        raise CsvImportInvalid(check.errors)
    reader = csv.reader(io.StringIO(text, newline=""))
    try:
        header = next(reader, None)
    except csv.Error as exc:
        raise CsvImportInvalid([{"line": 1, "field": None, "message": str(exc)}]) from exc
    if not header or not any(cell.strip() for cell in header):
        raise CsvImportInvalid([{"line": 1, "field": None, "message": _("the file is empty")}])
    columns = [cell.strip().lower() for cell in header]
    for name in columns:
        if name not in COLUMNS:
            check.add(
                1,
                name,
                _("unknown column %(name)s; the columns are %(columns)s")
                % {"name": repr(name), "columns": ", ".join(COLUMNS)},
            )
        elif columns.count(name) > 1:
            check.add(1, name, _("column %(name)s appears twice") % {"name": repr(name)})
    if "name" not in columns:
        check.add(1, "name", _("the header needs a 'name' column"))
    if check.errors:
        raise CsvImportInvalid(check.errors)

    existing_names = {n.lower() for n in tournament.entrants.values_list("display_name", flat=True)}
    existing_seeds = set(tournament.entrants.exclude(seed=None).values_list("seed", flat=True))
    names_seen: dict[str, int] = {}
    seeds_seen: dict[int, int] = {}
    rows: list[_Row] = []
    try:
        for cells in reader:
            line = reader.line_num
            if not any(cell.strip() for cell in cells):
                continue  # blank lines are skipped
            if len(rows) >= MAX_ROWS:
                check.add(line, None, _("at most %(most)s entrants per file") % {"most": MAX_ROWS})
                break
            if len(cells) != len(columns):
                check.add(
                    line,
                    None,
                    _("expected %(expected)s values, found %(found)s")
                    % {"expected": len(columns), "found": len(cells)},
                )
                continue
            values = {col: cell.strip() for col, cell in zip(columns, cells, strict=True)}
            row = _check_row(line, values, check)
            if row is None:
                continue
            key = row.name.lower()
            if key in existing_names:
                check.add(
                    line, "name", _("%(name)s is already registered") % {"name": repr(row.name)}
                )
            elif key in names_seen:
                check.add(
                    line,
                    "name",
                    _("%(name)s is also on line %(line)s")
                    % {"name": repr(row.name), "line": names_seen[key]},
                )
            names_seen.setdefault(key, line)
            if row.seed is not None:
                if row.seed in existing_seeds:
                    check.add(
                        line, "seed", _("seed %(seed)s is already taken") % {"seed": row.seed}
                    )
                elif row.seed in seeds_seen:
                    check.add(
                        line,
                        "seed",
                        _("seed %(seed)s is also on line %(line)s")
                        % {"seed": row.seed, "line": seeds_seen[row.seed]},
                    )
                seeds_seen.setdefault(row.seed, line)
            rows.append(row)
    except csv.Error as exc:
        check.add(reader.line_num, None, _("unreadable CSV: %(why)s") % {"why": exc})
    if not rows and not check.errors:
        check.add(2, None, _("the file has no entrants"))
    if check.errors:
        raise CsvImportInvalid(check.errors)
    return rows


def _check_row(line: int, values: dict, check: _Checker) -> _Row | None:
    before = len(check.errors)
    name = values.get("name", "")
    club = values.get("club", "")
    email = values.get("email", "")
    seed_text = values.get("seed", "")
    if not name:
        check.add(line, "name", "a name is required")
    elif len(name) > 100:
        check.add(line, "name", _("a name has at most 100 characters"))
    if len(club) > 100:
        check.add(line, "club", _("a club has at most 100 characters"))
    for field_name, value in (("name", name), ("club", club)):
        if value and (FORMULA_START.match(value) or CONTROL_CHARS.search(value)):
            check.add(
                line,
                field_name,
                _(
                    "%(field)s must not start with = + - @ or hold control characters "
                    "(spreadsheet formulas are refused)"
                )
                % {"field": field_name},
            )
    if email:
        try:
            validate_email(email)
        except DjangoValidationError:
            check.add(
                line, "email", _("%(email)s is not an e-mail address") % {"email": repr(email)}
            )
    seed = None
    if seed_text:
        try:
            seed = int(seed_text)
        except ValueError:
            seed = None
            check.add(
                line, "seed", _("%(value)s is not a whole number") % {"value": repr(seed_text)}
            )
        else:
            if not 1 <= seed <= MAX_SEED:
                check.add(line, "seed", _("a seed is between 1 and %(most)s") % {"most": MAX_SEED})
    if len(check.errors) != before:
        return None
    return _Row(line=line, name=name, club=club, email=email, seed=seed)


def import_entrants(tournament, raw: bytes) -> list[Entrant]:
    """Register every line of the file in one transaction, or nothing."""
    rows = parse_rows(raw, tournament)
    try:
        with transaction.atomic():
            entrants = []
            for row in rows:
                player = Player.objects.create(name=row.name, club=row.club, email=row.email)
                entrants.append(
                    Entrant.objects.create(
                        tournament=tournament, player=player, display_name=row.name, seed=row.seed
                    )
                )
    except IntegrityError as exc:
        # Another request registered a clashing seed meanwhile; nothing was saved.
        raise CsvImportInvalid(
            [{"line": 0, "field": None, "message": _("the entrants changed meanwhile; try again")}]
        ) from exc
    return entrants
