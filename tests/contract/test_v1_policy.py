"""docs/api-versioning.md pinned: the committed snapshot of v1's promises
(``manage.py api_contract`` writes tests/contract/api_v1_contract.json) still holds; a removal or a
type change fails, an addition passes; the schema shows the cursor pages."""

import json
from pathlib import Path

from common.api.contract import broken, promises
from tests.contract.conformance import api_document

SNAPSHOT = Path(__file__).with_name("api_v1_contract.json")


def test_the_current_schema_keeps_every_v1_promise():
    problems = broken(json.loads(SNAPSHOT.read_text()), promises(api_document()))
    assert problems == [], "v1 broken (docs/api-versioning.md):\n" + "\n".join(problems)


def test_removals_and_type_changes_break_v1_additions_do_not():
    snapshot = promises(api_document())
    added = {**snapshot, "field Entrant.nickname": "string"}
    assert broken(snapshot, added) == []
    removed = {k: v for k, v in snapshot.items() if k != "field Entrant.display_name"}
    assert broken(snapshot, removed) == ["removed: field Entrant.display_name (string)"]
    retyped = {**snapshot, "field Entrant.seed": "string"}
    assert broken(snapshot, retyped)[0].startswith("changed: field Entrant.seed")
    path = "operation GET /api/v1/tournaments/{tournament_slug}/entrants/"
    assert broken(snapshot, {k: v for k, v in snapshot.items() if k != path})


def test_the_schema_shows_the_cursor_pages():
    operation = api_document()["paths"]["/api/v1/tournaments/{tournament_slug}/entrants/"]["get"]
    parameters = {p["name"]: p for p in operation["parameters"]}
    assert {"cursor", "limit"} <= set(parameters) and parameters["offset"]["deprecated"]
    page = api_document()["components"]["schemas"]["PaginatedEntrantList"]
    assert {"count", "next", "previous", "results"} <= set(page["properties"])
