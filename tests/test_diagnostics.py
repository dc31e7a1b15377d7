"""The diagnostic catalogue (``pipeline.errors.CATALOGUE``) is honest: every code
in it is one the pipeline can emit, and every code the pipeline emits is in it,
so ``kodeks explain`` and a publisher's filters on codes mean something."""

from __future__ import annotations

import json
from pathlib import Path

import regex

from kodeks_testing import ROOT
from pipeline.errors import CATALOGUE

CODE = regex.compile(r'"(K\d{3})"')


def _emitting_modules() -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for path in sorted((ROOT / "pipeline").rglob("*.py")):
        if path.name == "errors.py":
            continue
        for code in CODE.findall(path.read_text(encoding="utf-8")):
            found.setdefault(code, []).append(str(path.relative_to(ROOT)))
    return found


def test_every_catalogued_code_is_emitted_somewhere():
    emitted = _emitting_modules()
    assert not [c for c in CATALOGUE if c not in emitted], "catalogued but never emitted"


def test_every_emitted_code_is_catalogued():
    emitted = _emitting_modules()
    assert not [c for c in emitted if c not in CATALOGUE], "emitted but not catalogued"


def test_a_reference_to_a_missing_clause_of_a_present_law_is_reported(built: Path):
    # status "ancestor": the link goes to the law or section, and K502 names the clause
    links = json.loads((built / "links.json").read_text(encoding="utf-8"))
    report = json.loads((built / "report.json").read_text(encoding="utf-8"))
    # (a reference inside an unplaced fragment has no entry: it is not linked)
    ancestors = [r for r in links if r["status"] == "ancestor" and r["owner"] is not None]
    k502 = [d for d in report["diagnostics"] if d["code"] == "K502"]
    assert ancestors and len(k502) == len(ancestors)
    for r in ancestors:
        assert any(
            d["span"] == r["span"] and f"linked to {r['resolved']}" in d["message"] for d in k502
        )
