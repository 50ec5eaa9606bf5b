"""An audit entry takes its provenance from the actor in one place: ``record_change(...,
actor=actor)`` spreads the actor's fields itself, so no module outside the audit app does."""

from pathlib import Path

from tests.architecture.imports import APPS

ROOT = Path(__file__).resolve().parents[2]
AUDIT_APP = ROOT / "common" / "audit"


def callers_of_audit_fields(root: Path) -> list[str]:
    return [
        str(path.relative_to(root))
        for app in (*APPS, "bench")
        for path in sorted((root / app).rglob("*.py"))
        if AUDIT_APP not in path.parents and ".audit_fields(" in path.read_text()
    ]


def test_only_the_audit_app_spreads_an_actors_audit_fields():
    assert callers_of_audit_fields(ROOT) == []


def test_a_call_outside_the_audit_app_is_seen(tmp_path):
    (tmp_path / "matches").mkdir()
    (tmp_path / "matches" / "bad.py").write_text("record_change(t, a, x, **actor.audit_fields())\n")
    assert callers_of_audit_fields(tmp_path) == ["matches/bad.py"]
