"""Hand-made PBN play records read end to end through the CLI handler."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from kodeks_testing import ROOT

PBN_DIR = ROOT / "tests" / "fixtures" / "pbn"

EXPECTED = json.loads((PBN_DIR / "expected.json").read_text(encoding="utf-8"))
CONTRACT_KEYS = ("trick", "offender", "suit", "established", "transferred", "cited")


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_pbn_fixture_json_contract(name, cli):
    rc, out, err = cli(
        ["rule", "revoke", "--pbn", str(PBN_DIR / f"{name}.pbn"), "--format", "json"]
    )
    assert rc == 0, err
    data = json.loads(out)
    assert set(data) == {"boards"}
    got = [
        {
            "board": b["board"],
            "transferred": b["transferred"],
            "revokes": [{k: r[k] for k in CONTRACT_KEYS} for r in b["revokes"]],
        }
        for b in data["boards"]
    ]
    assert got == EXPECTED[name]
    for b in data["boards"]:
        assert b["transferred"] == sum(r["transferred"] for r in b["revokes"])
        for r in b["revokes"]:
            assert 1 <= r["trick"] <= 13 and r["offender"] in "NESW" and r["suit"] in "SHDC"


def test_at_least_ten_fixtures_each_with_a_revoke():
    assert len(EXPECTED) >= 10
    for boards in EXPECTED.values():
        assert all(b["revokes"] for b in boards)


def test_board_filter(cli):
    rc, out, _ = cli(
        [
            "rule",
            "revoke",
            "--pbn",
            str(PBN_DIR / "r09_two_boards.pbn"),
            "--board",
            "8",
            "--format",
            "json",
        ]
    )
    assert rc == 0
    assert [b["board"] for b in json.loads(out)["boards"]] == ["8"]


def test_missing_board_is_bad_input(cli):
    rc, out, err = cli(
        ["rule", "revoke", "--pbn", str(PBN_DIR / "r09_two_boards.pbn"), "--board", "3"]
    )
    assert rc == 2 and "board 3" in err and out == ""


def test_equity_note_is_attached(cli):
    _rc, out, _ = cli(
        ["rule", "revoke", "--pbn", str(PBN_DIR / "r01_defender_discards.pbn"), "--format", "json"]
    )
    rv = json.loads(out)["boards"][0]["revokes"][0]
    notes = [j["text"] for j in rv["ruling"]["judgement"] if j["address"] == "64C"]
    assert any("Двойной болван" in n for n in notes)


def test_dds_failure_becomes_a_note(monkeypatch):
    import endplay.dds

    from pipeline.rulings import rule_revoke_pbn

    def boom(*a, **k):
        raise RuntimeError("solver down")

    monkeypatch.setattr(endplay.dds, "solve_board", boom)
    boards = rule_revoke_pbn((PBN_DIR / "r02_defender_ruffs_wins.pbn").read_text())
    r = boards[0].revokes[0]
    assert r.ruling.outcome["transferred"] == 2
    assert any("не удалась" in j.text for j in r.ruling.judgement)


def test_text_format(cli):
    rc, out, _ = cli(["rule", "revoke", "--pbn", str(PBN_DIR / "r03_dummy_revokes.pbn")])
    assert rc == 0 and "64.10(ii)" in out and "Сдача 1" in out


def test_module_main_runs():
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "pipeline.rulings.cli",
            "rule",
            "revoke",
            "--pbn",
            str(PBN_DIR / "r11_declarer_ruffs.pbn"),
            "--format",
            "json",
            "--no-dds",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["boards"][0]["transferred"] == 2
