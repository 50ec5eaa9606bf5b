"""The two commands that keep committed documents true, run in-process: ``api_contract``
(the v1 promises' snapshot) and ``settings_doc`` (docs/settings.md). ``--check`` passes on the
committed files and fails, naming the problem, on a stale one; writing goes to a temporary copy
(tests never write tracked files)."""

import io
import json
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from tournament.management.commands import api_contract, settings_doc


def run(*args) -> str:
    out = io.StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def test_the_committed_snapshot_keeps_every_promise():
    assert "keeps every promise" in run("api_contract", "--check")


def test_a_promise_the_api_no_longer_keeps_fails_the_check(tmp_path, monkeypatch):
    stale = json.loads(api_contract.SNAPSHOT.read_text())
    stale["GET /api/v1/no-such-endpoint/ 200"] = "operation"
    copy = tmp_path / "contract.json"
    copy.write_text(json.dumps(stale))
    monkeypatch.setattr(api_contract, "SNAPSHOT", copy)
    with pytest.raises(CommandError, match="no-such-endpoint"):
        run("api_contract", "--check")


def test_writing_the_snapshot_gives_what_the_check_reads(tmp_path, monkeypatch):
    copy = tmp_path / "contract.json"
    monkeypatch.setattr(api_contract, "SNAPSHOT", copy)
    assert "promises written" in run("api_contract")
    written = json.loads(copy.read_text())
    committed = json.loads(Path(__file__).with_name("api_v1_contract.json").read_text())
    assert committed.items() <= written.items()  # today's promises include every committed one
    assert "keeps every promise" in run("api_contract", "--check")


def test_settings_doc_checks_and_writes(tmp_path, monkeypatch):
    assert "up to date" in run("settings_doc", "--check")
    copy = tmp_path / "settings.md"
    copy.write_text("stale\n")
    monkeypatch.setattr(settings_doc, "PAGE", copy)
    with pytest.raises(CommandError, match="differs"):
        run("settings_doc", "--check")
    assert "Wrote" in run("settings_doc")
    assert "up to date" in run("settings_doc", "--check")
