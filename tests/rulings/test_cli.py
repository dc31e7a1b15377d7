"""CLI handlers called directly; exit codes and JSON shapes."""

from __future__ import annotations

import json

import jsonschema
import pytest

from pipeline.rulings import load_cases


def _facts(tmp_path, data, name="f.json"):
    p = tmp_path / name
    p.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return str(p)


@pytest.mark.parametrize(
    "cmd,table",
    [
        ("revoke", "revoke"),
        ("defective-trick", "defective_trick"),
        ("cards", "cards"),
        ("claim", "claim"),
        ("concession", "concession"),
        ("attention", "attention"),
    ],
)
def test_facts_commands_json(cmd, table, cli, tmp_path, schema):
    for case in load_cases(table)[:4]:
        rc, out, err = cli(
            ["rule", cmd, "--facts", _facts(tmp_path, case["input"]), "--format", "json"]
        )
        assert rc == 0, err
        data = json.loads(out)
        jsonschema.validate(data, schema)
        assert data["cited"] == case["expect"]["cited"]


@pytest.mark.parametrize("cmd", ["revoke", "defective-trick", "cards", "claim", "concession"])
def test_facts_commands_text(cmd, cli, tmp_path):
    table = {"defective-trick": "defective_trick"}.get(cmd, cmd)
    case = load_cases(table)[0]
    rc, out, _ = cli(["rule", cmd, "--facts", _facts(tmp_path, case["input"])])
    assert rc == 0 and case["expect"]["cited"][0] in out


def test_score_json(cli):
    rc, out, _ = cli(
        [
            "rule",
            "score",
            "4SX",
            "--vul",
            "NS",
            "--declarer",
            "E",
            "--tricks",
            "8",
            "--format",
            "json",
        ]
    )
    assert rc == 0
    data = json.loads(out)
    assert data["score"] == -300 and data["vulnerable"] is False


def test_score_made_vulnerable(cli):
    _rc, out, _ = cli(
        [
            "rule",
            "score",
            "3NT",
            "--vul",
            "ALL",
            "--declarer",
            "N",
            "--tricks",
            "10",
            "--format",
            "json",
        ]
    )
    assert json.loads(out)["score"] == 630


def test_score_bad_contract(cli):
    rc, _out, err = cli(
        ["rule", "score", "8SX", "--vul", "NONE", "--declarer", "N", "--tricks", "10"]
    )
    assert rc == 2 and "8SX" in err


def test_score_bad_tricks(cli):
    rc, _, err = cli(["rule", "score", "4S", "--vul", "NONE", "--declarer", "N", "--tricks", "14"])
    assert rc == 2 and "tricks" in err


def test_auction_json(cli):
    rc, out, _ = cli(["rule", "auction", "1S", "X", "XX", "P", "P", "P", "--format", "json"])
    data = json.loads(out)
    assert rc == 0 and data["outcome"]["contract"] == "1SXX"


def test_auction_bad_call(cli):
    rc, _, err = cli(["rule", "auction", "1S", "2Z"])
    assert rc == 2 and "2Z" in err


def test_auction_insufficient_bid(cli):
    rc, _, err = cli(["rule", "auction", "2S", "1H"])
    assert rc == 2 and "insufficient" in err


def test_list(cli):
    rc, out, _ = cli(["rule", "list", "--format", "json"])
    names = [r["name"] for r in json.loads(out)]
    assert rc == 0 and "revoke" in names and "defective-trick" in names
    rc, out, _ = cli(["rule", "list"])
    assert rc == 0 and "revoke" in out


def test_missing_file(cli, tmp_path):
    rc, out, err = cli(["rule", "cards", "--facts", str(tmp_path / "nope.json")])
    assert rc == 2 and "nope.json" in err and out == ""


def test_invalid_json(cli, tmp_path):
    p = tmp_path / "bad.json"
    p.write_text("{not json", encoding="utf-8")
    rc, _, err = cli(["rule", "claim", "--facts", str(p)])
    assert rc == 2 and "not valid JSON" in err


def test_revoke_needs_exactly_one_source(cli, tmp_path):
    rc, _, err = cli(["rule", "revoke"])
    assert rc == 2 and "--facts or --pbn" in err


def test_revoke_bad_seat_in_facts(cli, tmp_path):
    path = _facts(
        tmp_path,
        {
            "offender": "Q",
            "declarer": "S",
            "revoke_trick": 3,
            "established_by": "play",
            "trick_winners": ["N"],
        },
    )
    rc, _, err = cli(["rule", "revoke", "--facts", path])
    assert rc == 2 and "offender" in err and "'Q'" in err


@pytest.mark.parametrize(
    "spelling,vulnerable",
    [
        ("None", False),
        ("Love", False),
        ("-", False),
        ("none", False),
        ("NS", True),
        ("EW", False),
        ("All", True),
        ("Both", True),
        ("both", True),
    ],
)
def test_score_takes_every_pbn_vulnerability(spelling, vulnerable, cli):
    rc, out, err = cli(
        [
            "rule",
            "score",
            "4S",
            "--vul",
            spelling,
            "--declarer",
            "N",
            "--tricks",
            "10",
            "--format",
            "json",
        ]
    )
    assert rc == 0, err
    data = json.loads(out)
    assert data["vulnerable"] is vulnerable and data["score"] == (620 if vulnerable else 420)


def test_score_refuses_an_unknown_vulnerability(cli):
    with pytest.raises(SystemExit) as exc:
        cli(["rule", "score", "4S", "--vul", "Sometimes", "--declarer", "N", "--tricks", "10"])
    assert exc.value.code == 2


# Values of the wrong JSON type for any fact: an object or a list where a string,
# a number or a boolean belongs, and the reverse.
WRONG = [{}, {"a": "N"}, [], ["N"], 1.5, -1, None, True, "zz"]


@pytest.mark.parametrize(
    "spec_name", ["revoke", "defective-trick", "cards", "claim", "concession", "attention"]
)
def test_facts_of_the_wrong_type_are_bad_input(spec_name, cli, tmp_path):
    from pipeline.rulings import get_spec

    spec = get_spec(spec_name)
    for case in load_cases(spec.cases)[:3]:
        for key in case["input"]:
            for value in WRONG:
                facts = {**case["input"], key: value}
                rc, out, err = cli(["rule", spec_name, "--facts", _facts(tmp_path, facts)])
                assert rc in (0, 2), (spec_name, key, value)
                if rc == 2:
                    assert out == "" and err.startswith("kodeks rule: "), (key, value)


def test_facts_that_are_not_utf8_are_bad_input(cli, tmp_path):
    p = tmp_path / "latin.json"
    p.write_bytes('{"player": "dummy", "during_play": true, "x": "ö"}'.encode("latin-1"))
    rc, out, err = cli(["rule", "attention", "--facts", str(p)])
    assert rc == 2 and "UTF-8" in err and out == ""


def test_subcommands_come_from_the_registry(monkeypatch, capsys):
    import argparse
    import dataclasses

    import pipeline.rulings.cli as rcli
    from pipeline.rulings import RULINGS

    spec = next(s for s in RULINGS if s.name == "claim")
    extra = dataclasses.replace(spec, name="claim-copy", help="a ruling added to the registry")
    monkeypatch.setattr(rcli, "RULINGS", (*RULINGS, extra))
    parser = argparse.ArgumentParser(prog="kodeks-test")
    rcli.add_rule_parser(parser.add_subparsers(dest="command"))
    sub = next(
        a
        for a in parser._subparsers._group_actions[0].choices["rule"]._actions
        if isinstance(a, argparse._SubParsersAction)
    )
    assert set(sub.choices) == {"list", *(s.name for s in RULINGS), "claim-copy"}
    case = load_cases("claim")[0]
    args = parser.parse_args(["rule", "claim-copy", "--facts", "-", "--format", "json"])
    monkeypatch.setattr(rcli, "_read_facts", lambda path: case["input"])
    assert args.func(args) == 0
    assert json.loads(capsys.readouterr().out)["cited"] == case["expect"]["cited"]


def test_facts_with_an_object_for_a_string_through_the_real_cli(tmp_path):
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    for cmd, facts in (
        (
            "revoke",
            {
                "offender": "E",
                "declarer": "S",
                "revoke_trick": 3,
                "established_by": {"how": "play"},
                "trick_winners": ["N"],
            },
        ),
        ("attention", {"player": ["dummy"], "during_play": True}),
        ("defective-trick", {"offender": {"seat": "E"}, "fault": "failed_to_play"}),
    ):
        path = _facts(tmp_path, facts, f"{cmd}.json")
        proc = subprocess.run(
            [sys.executable, "-m", "pipeline.cli", "rule", cmd, "--facts", path],
            cwd=root,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert proc.returncode == 2, (cmd, proc.stderr)
        assert "Traceback" not in proc.stderr and proc.stderr.startswith("kodeks rule: "), (
            proc.stderr
        )
