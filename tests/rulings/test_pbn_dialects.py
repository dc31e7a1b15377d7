"""PBN files in other programs' dialects, and files with one bad board, through the CLI.

The fixtures (``tests/fixtures/pbn_dialects``, written by ``make_dialects.py``)
hold one designed board; ``expected.json`` says by hand what it rules to.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from kodeks_testing import ROOT
from pipeline.rulings import RulingInputError, rule_revoke_pbn
from pipeline.rulings.pbn_revoke import rule_pbn
from pipeline.rulings.pbn_text import decode_pbn, read_games

DIR = ROOT / "tests" / "fixtures" / "pbn_dialects"
EXPECTED = json.loads((DIR / "expected.json").read_text(encoding="utf-8"))
BOARD = EXPECTED["board"]
REVOKE_KEYS = ("trick", "offender", "suit", "card", "established", "transferred", "cited")


def _json(cli, name: str, *extra: str) -> tuple[int, dict, str]:
    rc, out, err = cli(
        [
            "rule",
            "revoke",
            "--pbn",
            str(DIR / f"{name}.pbn"),
            "--no-dds",
            "--format",
            "json",
            *extra,
        ]
    )
    return rc, json.loads(out) if out else {}, err


def _same_as_designed(board: dict) -> None:
    for key in ("contract", "declarer", "declarer_tricks_at_table", "score", "transferred"):
        assert board[key] == BOARD[key], key
    assert [{k: r[k] for k in REVOKE_KEYS} for r in board["revokes"]] == BOARD["revokes"]


@pytest.mark.parametrize("name", sorted(EXPECTED["dialects"]))
def test_every_dialect_reads_to_the_designed_ruling(name, cli):
    want = EXPECTED["dialects"][name]
    rc, data, err = _json(cli, name)
    assert rc == 0, err
    assert len(data["boards"]) == want["boards"]
    for board in data["boards"]:
        assert "skipped" not in board
        assert board["claimed"] is want["claimed"]
        _same_as_designed(board)
    if "encoding" in want:
        assert f"read as {want['encoding']}" in err


@pytest.mark.parametrize("name", sorted(EXPECTED["failures"]))
def test_one_bad_board_never_stops_the_others(name, cli):
    want = EXPECTED["failures"][name]
    rc, data, err = _json(cli, name)
    assert rc == want["exit"], err
    by_board = {b["board"]: b for b in data["boards"]}
    assert set(by_board) == set(want["skipped"]) | set(want["ruled"])
    for label, (reason, line, needle) in want["skipped"].items():
        b = by_board[label]
        assert b["skipped"] == reason and b["line"] == line and "revokes" not in b
        assert needle in b["message"] and f"board {label}" in b["message"]
    for label in want["ruled"]:
        _same_as_designed(by_board[label])


def test_text_output_ends_with_a_summary(cli):
    rc, out, _ = cli(["rule", "revoke", "--pbn", str(DIR / "f03_stops_early.pbn"), "--no-dds"])
    lines = out.strip().splitlines()
    assert rc == 1
    assert "кодировка utf-8" in lines[0]
    assert any("Сдача 1 (строка 1): не рассмотрена — short-record" in line for line in lines)
    assert lines[-1].startswith(
        "Итого: сдач 2; рассмотрено 1; пропущено 1 (short-record: 1); ренонсов 1"
    )


def test_a_file_with_no_game_is_exit_2(cli):
    rc, out, err = cli(["rule", "revoke", "--pbn", str(DIR / "not_pbn.pbn")])
    assert rc == 2 and out == "" and "no PBN game" in err


def test_strict_api_names_the_board():
    text = (DIR / "f04_deal_contradicts_play.pbn").read_text(encoding="utf-8")
    with pytest.raises(RulingInputError, match=r"board 1 .*trick 11"):
        rule_revoke_pbn(text)


def test_errors_from_endplay_name_board_field_and_line():
    report = rule_pbn((DIR / "f06_unreadable_card.pbn").read_bytes())
    (skipped,) = report.skipped
    assert skipped.message.startswith('board 1 (line 1): [Play "W"] at line 9 cannot be read')
    text = (DIR / "base.pbn").read_text(encoding="utf-8")
    for field, bad in (
        ("Deal", '[Deal "N:KQ.XYZ"]'),
        ("Vulnerable", '[Vulnerable "Sometimes"]'),
        ("Contract", '[Contract "9Z"]'),
    ):
        broken = "\n".join(
            bad if line.startswith(f"[{field} ") else line for line in text.splitlines()
        )
        (b,) = rule_pbn(broken.encode()).boards
        assert b.reason == "unreadable" and f"[{field} " in b.message and "board 1" in b.message


@pytest.mark.parametrize(
    "data,codec,how",
    [
        (
            '%Content-type: text/x-pbn; charset=windows-1251\n[Event "Кубок"]\n'.encode("cp1251"),
            "cp1251",
            "declared",
        ),
        (
            '%Content-type: text/x-pbn; charset=UTF-8\n[Event "Köln"]\n'.encode("latin-1"),
            "iso8859-1",
            "default",
        ),
        ('\ufeff[Event "Köln"]\n'.encode("utf-8"), "utf-8", "utf-8"),
        ('[Event "Bridge à Genève"]\n'.encode("latin-1"), "iso8859-1", "default"),
        ('[Event "Turniej, Łódź, Żółć"]\n[Site "Gdańsk"]\n'.encode("cp1250"), "cp1250", "detected"),
        (bytes(range(256)), "iso8859-1", "default"),
    ],
)
def test_decoding_never_fails_and_says_how(data, codec, how):
    d = decode_pbn(data)
    assert (d.encoding, d.how) == (codec, how)
    assert "\ufeff" not in d.text and "\ufffd" not in d.text


def test_games_keep_their_lines_across_line_ends():
    text = (DIR / "d11_no_blank_line_between_games.pbn").read_text(encoding="utf-8")
    for variant in (text, text.replace("\n", "\r\n"), text.replace("\n", "\r")):
        games = read_games(variant)
        assert [(g.label, g.line) for g in games] == [("1", 1), ("2", 23)]
        assert games[1].tags["play"].cells[0].line == 32


def test_rotation_and_parallel_runs_agree():
    big = "\n".join(
        (DIR / "base.pbn").read_text(encoding="utf-8").replace('"1"]', f'"{n}"]')
        for n in range(1, 251)
    ).encode()
    one = rule_pbn(big, equity=False)
    two = rule_pbn(big, equity=False, jobs=2)
    assert [b.to_dict() for b in one.boards] == [b.to_dict() for b in two.boards]
    assert one.summary()["revokes"] == 250


def _run(args: list[str], **kw) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "pipeline.cli", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        **kw,
    )


def test_non_utf8_and_bad_files_never_traceback(tmp_path):
    for name in ("d13_iso8859_declared", "d14_iso8859_undeclared", "not_pbn", "f10_stray_text"):
        proc = _run(["rule", "revoke", "--pbn", str(DIR / f"{name}.pbn"), "--no-dds"])
        assert "Traceback" not in proc.stderr, name
        assert proc.returncode in (0, 1, 2)
    assert (
        _run(
            ["rule", "revoke", "--pbn", str(DIR / "d13_iso8859_declared.pbn"), "--no-dds"]
        ).returncode
        == 0
    )


def test_output_cut_short_by_head_is_quiet(tmp_path):
    # boards without a revoke print one plain line each; 3,000 of them overflow the pipe
    from test_bad_input import CLEAN_ROWS, D1, _pbn

    text = _pbn(D1, CLEAN_ROWS)
    big = tmp_path / "big.pbn"
    big.write_text(
        "\n".join(text.replace('"1"]', f'"{n}"]') for n in range(1, 3001)), encoding="utf-8"
    )
    cmd = f"{sys.executable} -m pipeline.cli rule revoke --pbn {big} --no-dds | head -n 3"
    proc = subprocess.run(
        ["bash", "-c", cmd], cwd=ROOT, capture_output=True, text=True, timeout=300
    )
    assert len(proc.stdout.splitlines()) == 3
    assert "Traceback" not in proc.stderr and "BrokenPipe" not in proc.stderr, proc.stderr


def test_an_unclosed_quote_costs_one_game_and_tables_keep_quoted_cells():
    base = (DIR / "base.pbn").read_text(encoding="utf-8")
    text = (
        '[Event "a header, no board"]\n\n[ActionTable "Rank;Call\\"]\n\n'
        + base.replace('"1"]', '"2"]')
        + '[TotalScoreTable "Rank;Names"]\n'
        '1 "Anna ROSSI ;Olga PETROVA" 72.5\n'
    )
    games = read_games(text)
    assert games[-1].label == "2"
    assert games[-1].tags["totalscoretable"].cells[1].text == "Anna ROSSI ;Olga PETROVA"
    report = rule_pbn(text.encode())
    # the header is not a board; the broken table game is listed as unreadable
    assert [(b.board, getattr(b, "reason", "ruled")) for b in report.boards] == [
        ("?", "unreadable"),
        ("2", "ruled"),
    ]


def test_a_claim_mark_after_the_last_trick_claims_nothing():
    base = (DIR / "base.pbn").read_text(encoding="utf-8")
    for tail in ("*\n", "- - - -\n"):
        text = base.replace('[Result "8"]\n', "") + tail
        (b,) = rule_pbn(text.encode(), equity=False).boards
        assert not hasattr(b, "reason"), b
        assert b.claimed is False and b.declarer_tricks_at_table == 8 and b.transferred == 2
