"""RULINGS registry, address checks and examples."""
from __future__ import annotations

import jsonschema

from pipeline.rulings import (
    CORPUS_ADDRESSES,
    OUTSIDE_ADDRESSES,
    RULINGS,
    check_addresses,
    implemented_addresses,
    load_cases,
)

CORPUS = set("""13 13A 13A1 13A2 13A3 13B 13B1 19 19B 19B1 19B2 19B3 19C 19D 20 20A 23B 24
63 63A 63A1 63A2 63A3 63B 64 64A 64A1 64A2 64B 64B1 64B2 64B3 64B4 64B5 64B6 64C 64.10
64.10(i) 64.10(ii) 65 65.1 65.2 65.3 67 67A 67A1 67A2 67B 67B1 67B1(A) 67B1(B) 67B2 70C 70C1
70C2 70C3 70D 70E 71 71A""".split())


def test_implements_only_corpus_addresses():
    assert check_addresses(CORPUS) == []
    for spec in RULINGS:
        assert set(spec.implements) <= CORPUS, spec.name
        assert not set(spec.outside) & CORPUS, spec.name


def test_check_addresses_reports_missing():
    known = CORPUS - {"64A2", "67B1(B)"}
    assert sorted(check_addresses(known)) == ["64A2", "67B1(B)"]


def test_corpus_list_matches_brief():
    assert CORPUS_ADDRESSES == CORPUS
    assert not CORPUS_ADDRESSES & OUTSIDE_ADDRESSES


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
