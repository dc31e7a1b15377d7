"""RULINGS registry, address checks and examples."""

from __future__ import annotations

import json

import jsonschema

from pipeline.rulings import (
    OUTSIDE_ADDRESSES,
    RULINGS,
    check_addresses,
    implemented_addresses,
    load_cases,
)

CORPUS = set(
    """13 13A 13A1 13A2 13A3 13B 13B1 19 19B 19B1 19B2 19B3 19C 19D 20 20A 23B 24
63 63A 63A1 63A2 63A3 63B 64 64A 64A1 64A2 64B 64B1 64B2 64B3 64B4 64B5 64B6 64C 64.10
64.10(i) 64.10(ii) 65 65.1 65.2 65.3 67 67A 67A1 67A2 67B 67B1 67B1(A) 67B1(B) 67B2 70C 70C1
70C2 70C3 70D 70E 71 71A""".split()
)


def test_implements_only_corpus_addresses():
    assert check_addresses(CORPUS) == []
    for spec in RULINGS:
        assert set(spec.implements) <= CORPUS, spec.name
        assert not set(spec.outside) & CORPUS, spec.name


def test_check_addresses_reports_missing():
    known = CORPUS - {"64A2", "67B1(B)"}
    assert sorted(check_addresses(known)) == ["64A2", "67B1(B)"]


def test_declared_clauses_match_the_built_codex(built):
    # Which clauses exist is the built codex's word: every clause a ruling implements
    # or leaves to judgement is in it, and none it declares outside the corpus is.
    codex = json.loads((built / "codex.json").read_text(encoding="utf-8"))
    known = {e["id"] for e in codex["entries"]}
    assert check_addresses(known) == []
    for spec in RULINGS:
        assert set(spec.implements) <= known, spec.name
        assert set(spec.judgement) <= known | set(spec.outside), spec.name
        assert not set(spec.outside) & known, spec.name
    assert not OUTSIDE_ADDRESSES & known


def test_every_cited_clause_is_declared_by_its_ruling():
    # A ruling may cite only what it declares: implements, outside or judgement.
    from pathlib import Path

    from pipeline.rulings.pbn_revoke import rule_pbn

    for spec in RULINGS:
        declared = set(spec.implements) | set(spec.outside) | set(spec.judgement)
        for ex in spec.examples():
            assert set(ex["result"]["cited"]) <= declared, (spec.name, ex["title"])
    revoke = next(s for s in RULINGS if s.name == "revoke")
    declared = set(revoke.implements) | set(revoke.outside) | set(revoke.judgement)
    fixtures = Path(__file__).resolve().parents[1] / "fixtures"
    for path in sorted(fixtures.glob("pbn*/*.pbn")):
        try:
            report = rule_pbn(path.read_bytes(), equity=False)
        except ValueError:
            continue  # the file that is not PBN at all
        for board in report.ruled:
            for r in board.revokes:
                assert set(r.ruling.cited) <= declared, path.name


def test_a_malformed_address_in_a_step_fails_loudly():
    import pytest

    from pipeline.rulings.result import Step

    with pytest.raises(AssertionError):
        Step("64A 1", "x", "y")
    assert Step("64.10(ii)", "x", "y").address == "64.10(ii)"


def test_implemented_addresses_maps_to_names():
    m = implemented_addresses()
    assert m["64A1"] == ["revoke"]
    assert set(m["64A2"]) == {"revoke", "defective-trick"}
    assert "9A2" not in m  # outside the corpus: never "implemented"


def test_spec_shape_and_examples(schema):
    names = [s.name for s in RULINGS]
    assert len(names) == len(set(names))
    for spec in RULINGS:
        assert spec.title and spec.summary
        assert all(isinstance(f, str) and d for f, d in spec.inputs)
        assert set(spec.judgement) <= CORPUS | OUTSIDE_ADDRESSES
        examples = spec.examples()
        assert len(examples) == len(load_cases(spec.cases)) > 0
        for ex in examples:
            assert set(ex) == {"title", "input", "result"}
            jsonschema.validate(ex["result"], schema)


def test_every_implemented_address_is_exercised_by_some_case():
    exercised = set()
    for spec in RULINGS:
        for ex in spec.examples():
            exercised |= set(ex["result"]["cited"])
    # Parent addresses (a law or section heading) are implemented through their clauses.
    for spec in RULINGS:
        for addr in spec.implements:
            if any(a != addr and a.startswith(addr) for a in spec.implements):
                continue
            assert addr in exercised, (spec.name, addr)


def test_a_missing_law_is_one_diagnostic_listing_its_clauses():
    # a corpus of a few laws gets one K602 per law the rulings need, not one per clause
    from pipeline.check import check
    from pipeline.model import Codex

    codex = Codex((), (), {a: None for a in CORPUS if not a.startswith("64")}, (), ())  # type: ignore[misc]
    found = check(codex, curated=True)
    k602 = [d for d in found if d.code == "K602"]
    assert len(k602) == 1, [d.message for d in k602]
    assert "law 64 (" in k602[0].message and "64A1" in k602[0].message
    assert "64.10(ii)" in k602[0].message
    assert not [d for d in found if d.code == "K601"]


def test_a_partial_law_is_one_diagnostic_listing_the_clauses_it_lacks():
    # a single page of law 64 holds its heading but not its clauses: one K601, not dozens
    from pipeline.check import check
    from pipeline.model import Codex

    keep = {a: None for a in CORPUS if not a.startswith("64") or a == "64"}
    codex = Codex((), (), keep, (), ())  # type: ignore[misc]
    found = [d for d in check(codex, curated=False) if d.code == "K601"]
    assert len(found) == 1, [d.message for d in found]
    assert found[0].level == "warning"
    assert "law 64" in found[0].message and "64A1" in found[0].message
    assert "64.10(ii)" in found[0].message
    assert [d.level for d in check(codex, curated=True) if d.code == "K601"] == ["error"]
