"""Table-driven tests: every case in pipeline/rulings/cases/*.json."""

from __future__ import annotations

import jsonschema
import pytest

from pipeline.rulings import RULINGS, get_spec, load_cases

ALL = [(spec.name, i, c) for spec in RULINGS for i, c in enumerate(load_cases(spec.cases))]


def _actual(name: str, key: str, ruling: dict):
    o = ruling["outcome"]
    if key == "cited":
        return ruling["cited"]
    if key == "legal":
        return [c["legal"] for c in o["calls"]]
    if key == "superseded":
        return [c["index"] for c in o["calls"] if c["superseded"]]
    return o[key]


@pytest.mark.parametrize("name,i,case", ALL, ids=[f"{n}-{i}" for n, i, _ in ALL])
def test_case(name, i, case, schema):
    ruling = get_spec(name).run(case["input"]).to_dict()
    jsonschema.validate(ruling, schema)
    for key, want in case["expect"].items():
        assert _actual(name, key, ruling) == want, (case["title"], key)


def test_revoke_table_is_big_enough_and_covers_every_clause():
    cases = load_cases("revoke")
    assert len(cases) >= 40
    cited = {a for c in cases for a in c["expect"]["cited"]}
    for addr in [
        "63A1",
        "63A2",
        "63A3",
        "63B",
        "64A1",
        "64A2",
        "64B1",
        "64B2",
        "64B3",
        "64B4",
        "64B5",
        "64B6",
        "64.10(i)",
        "64.10(ii)",
    ]:
        assert addr in cited, addr
    # both parts of 64A2: a case transferring 2 under 64A2 exists, and one transferring 1
    a2 = [c["expect"]["transferred"] for c in cases if "64A2" in c["expect"]["cited"]]
    assert 1 in a2 and 2 in a2


def test_steps_are_russian_and_every_outside_address_says_so():
    for spec in RULINGS:
        for ex in spec.examples():
            for step in ex["result"]["steps"]:
                assert any("а" <= ch <= "я" for ch in step["text"].lower()), step
                if step["address"] in spec.outside or step["address"] in (
                    "62",
                    "62D",
                    "6",
                    "14",
                    "77",
                    "19A1",
                    "9A2",
                    "9B",
                    "42B2",
                    "79C",
                ):
                    assert "вне корпуса" in step["text"], step
