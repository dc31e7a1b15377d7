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


@pytest.mark.parametrize("cmd,table", [
    ("revoke", "revoke"), ("defective-trick", "defective_trick"), ("cards", "cards"),
    ("claim", "claim"), ("concession", "concession"), ("attention", "attention"),
])
def test_facts_commands_json(cmd, table, cli, tmp_path, schema):
    for case in load_cases(table)[:4]:
        rc, out, err = cli(["rule", cmd, "--facts", _facts(tmp_path, case["input"]), "--format", "json"])
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
    rc, out, _ = cli(["rule", "score", "4SX", "--vul", "NS", "--declarer", "E", "--tricks", "8", "--format", "json"])
    assert rc == 0
    data = json.loads(out)
    assert data["score"] == -300 and data["vulnerable"] is False


def test_score_made_vulnerable(cli):
    _rc, out, _ = cli(["rule", "score", "3NT", "--vul", "ALL", "--declarer", "N", "--tricks", "10", "--format", "json"])
    assert json.loads(out)["score"] == 630


def test_score_bad_contract(cli):
    rc, _out, err = cli(["rule", "score", "8SX", "--vul", "NONE", "--declarer", "N", "--tricks", "10"])
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
    path = _facts(tmp_path, {"offender": "Q", "declarer": "S", "revoke_trick": 3, "established_by": "play", "trick_winners": ["N"]})
    rc, _, err = cli(["rule", "revoke", "--facts", path])
    assert rc == 2 and "offender" in err and "'Q'" in err
