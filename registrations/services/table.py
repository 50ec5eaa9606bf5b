"""The organiser's registrations table: every registration with its state, check-in, payment
and answers, in a fixed number of queries; and the same as CSV cells."""

from dataclasses import dataclass

from registrations.models import Registration, RegistrationQuestion, RegistrationStatus
from registrations.services.answers import shown_name
from tournament.models import EntrantStatus, Tournament

#: the table's filters: a state, or "checked in" / "paid" across the states
FILTERS = [*RegistrationStatus.values, "checked_in", "paid"]
CSV_COLUMNS = [
    "queue", "name", "account", "email", "status", "waitlist position", "checked in", "paid",
    "listed", "registered at", "message",
]  # fmt: skip


@dataclass(frozen=True)
class Row:
    """One registration as the table shows it."""

    registration: Registration
    name: str
    checked_in: bool
    waitlist_position: int | None
    answers: list[tuple[RegistrationQuestion, str]]


@dataclass(frozen=True)
class Table:
    questions: list[RegistrationQuestion]
    rows: list[Row]
    counts: dict[str, int]


def registrations_table(tournament: Tournament, shown: str = "") -> Table:
    """The event's registrations in arrival order (only those of ``shown``, a filter), with
    the count of each filter."""
    questions = list(tournament.registration_questions.order_by("position", "id"))
    registrations = list(
        tournament.registrations.select_related("entrant", "player", "user")
        .prefetch_related("answers")
        .order_by("queue_number")
    )
    waiting = [r.pk for r in registrations if r.status == RegistrationStatus.WAITLISTED]
    positions = {pk: number for number, pk in enumerate(waiting, start=1)}
    rows = [_row(r, questions, positions) for r in registrations]
    counts = {name: sum(1 for row in rows if _shows(row, name)) for name in FILTERS}
    if shown in FILTERS:
        rows = [row for row in rows if _shows(row, shown)]
    return Table(questions, rows, counts)


def _row(registration: Registration, questions, positions: dict[int, int]) -> Row:
    given = {a.question_id: a.value for a in registration.answers.all()}
    entrant = registration.entrant
    return Row(
        registration=registration,
        name=shown_name(registration),
        checked_in=bool(entrant and entrant.status == EntrantStatus.CHECKED_IN),
        waitlist_position=positions.get(registration.pk),
        answers=[(q, given.get(q.pk, "")) for q in questions],
    )


def _shows(row: Row, name: str) -> bool:
    if name == "checked_in":
        return row.checked_in
    if name == "paid":
        return row.registration.paid
    return row.registration.status == name


def csv_table(tournament: Tournament) -> tuple[list, list]:
    """Header and rows of every registration with every column and answer (the cells are
    made formula-safe by ``common.csv_export``)."""
    table = registrations_table(tournament)
    header = [*CSV_COLUMNS, *(q.label for q in table.questions)]
    body = [
        [
            row.registration.queue_number,
            row.name,
            row.registration.user.get_username(),
            row.registration.user.email,
            row.registration.status,
            row.waitlist_position or "",
            "yes" if row.checked_in else "",
            "yes" if row.registration.paid else "",
            "yes" if row.registration.name_listed else "",
            row.registration.created_at.isoformat(timespec="seconds"),
            row.registration.organiser_message,
            *(value for _question, value in row.answers),
        ]
        for row in table.rows
    ]
    return header, body
