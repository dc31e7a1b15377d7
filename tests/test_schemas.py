"""Every JSON product a build writes validates against its published schema in
``schemas/`` (developers feed these files to other tools): the corpus build, and
a small corpus of our own with a table of contents, a subject index and an
unplaced fragment, so the optional keys are checked too."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from referencing import Registry, Resource

from kodeks_testing import ROOT, kodeks

SCHEMAS = {
    p.name: json.loads(p.read_text(encoding="utf-8")) for p in (ROOT / "schemas").glob("*.json")
}
REGISTRY = Registry().with_resources(
    (s["$id"], Resource.from_contents(s)) for s in SCHEMAS.values()
)


def validate(data, schema_name: str) -> None:
    schema = SCHEMAS[schema_name]
    jsonschema.Draft202012Validator(schema, registry=REGISTRY).validate(data)


def products(out: Path):
    """(file, schema) for every JSON product of a build in ``out``."""
    yield out / "links.json", "links.schema.json"
    yield out / "coverage.json", "coverage.schema.json"
    yield out / "report.json", "report.schema.json"
    yield out / "codex.json", "codex.schema.json"
    for p in sorted((out / "sources").glob("*.json")):
        yield p, "source.schema.json"


def test_every_schema_is_a_valid_draft_2020_12_schema():
    assert {
        "source.schema.json",
        "links.schema.json",
        "coverage.schema.json",
        "report.schema.json",
    } <= set(SCHEMAS)
    for schema in SCHEMAS.values():
        jsonschema.Draft202012Validator.check_schema(schema)


def test_the_corpus_build_validates(built):
    seen = 0
    for path, schema in products(built):
        validate(json.loads(path.read_text(encoding="utf-8")), schema)
        seen += 1
    assert seen >= 4 + 5  # four products and the five sources


# Our own sentences, in the layouts the tables of contents and indexes of real copies use.
CONTENTS = """ОГЛАВЛЕНИЕ

Правило 5. Порядок раздачи карт ........................ 7
Правило 6. Тасование ................................... 8
Правило 7. Хранение колоды ............................. 9
"""
INDEX = """ПРЕДМЕТНЫЙ УКАЗАТЕЛЬ

Колода, хранение ........................ 7
  = перетасованная ...................... 6
Раздача карт ............................ 5
"""
LAWS = """Правило 5. Порядок раздачи карт

A. Кто раздаёт
Карты раздаёт игрок, назначенный судьёй, если правило 6 не говорит иначе.

B. Новая раздача
Если карты розданы неверно, их раздают снова по правилу 6.

Правило 7. Хранение колоды

A. Колода на столе
Колода лежит на середине стола до конца сдачи, как сказано в правиле 5A.
"""
LOOSE = """и потому никто из игроков не вправе касаться чужих карт до конца сдачи, пока судья не разрешит.
"""


@pytest.fixture(scope="module")
def own_build(tmp_path_factory) -> Path:
    corpus = tmp_path_factory.mktemp("corpus")
    (corpus / "a_laws.txt").write_text(LAWS, encoding="utf-8")
    (corpus / "b_contents.txt").write_text(CONTENTS, encoding="utf-8")
    (corpus / "c_index.txt").write_text(INDEX, encoding="utf-8")
    (corpus / "d_loose.txt").write_text(LOOSE, encoding="utf-8")
    out = corpus.parent / "out"
    kodeks("build", str(corpus), "-o", str(out), "--no-pdf", "--quiet", check=True)
    return out


def test_a_build_with_contents_index_and_fragments_validates(own_build):
    for path, schema in products(own_build):
        validate(json.loads(path.read_text(encoding="utf-8")), schema)
    trees = [
        json.loads(p.read_text(encoding="utf-8")) for p in (own_build / "sources").glob("*.json")
    ]
    # the optional keys are really there, so their schemas were exercised
    assert any(t.get("toc") for t in trees), "the contents page gives toc entries"
    assert any(t.get("index") for t in trees), "the index page gives index entries"
    links = json.loads((own_build / "links.json").read_text(encoding="utf-8"))
    assert links, "the law page's references are linked"


def test_the_schemas_reject_what_a_build_never_writes(built):
    report = json.loads((built / "report.json").read_text(encoding="utf-8"))
    report["diagnostics"].append({"code": "K999", "level": "fatal", "message": "x", "span": None})
    with pytest.raises(jsonschema.ValidationError):
        validate(report, "report.schema.json")
    report = json.loads((built / "report.json").read_text(encoding="utf-8"))
    profile = next(iter(report["sources"].values()))["profile"]
    profile["language"] = "Russian"  # a language is named by its ISO 639 code
    with pytest.raises(jsonschema.ValidationError):
        validate(report, "report.schema.json")
    del profile["language"]
    with pytest.raises(jsonschema.ValidationError):
        validate(report, "report.schema.json")
    links = json.loads((built / "links.json").read_text(encoding="utf-8"))
    links[0]["target"] = "Правило 64"
    with pytest.raises(jsonschema.ValidationError):
        validate(links, "links.schema.json")
