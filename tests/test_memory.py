"""What a build keeps in memory: no spaCy in a build (its import alone costs a
process some 70 MB, and the build's reference finder makes no ``Doc``), while
the ``kodeks_refs`` component stays one import or one ``add_pipe`` away."""

from __future__ import annotations

import json
import shutil
import sqlite3
import subprocess
import sys

from hypothesis import given, settings
from hypothesis import strategies as st

from kodeks_testing import CORPUS, ROOT, SEEDS
from pipeline.export import Lazy, codex_json, dump, json_bytes, report_json
from pipeline.run import run


def _python(code: str, *args: str) -> dict:
    proc = subprocess.run(
        [sys.executable, "-c", code, *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout.strip().splitlines()[-1])


BUILD = """
import json, sys
from pipeline.run import build
b = build(sys.argv[1], sys.argv[2], pdf=False, epub=False, akn=False, jobs=1)
print(json.dumps({"entries": len(b.codex.entries),
                  "refs": sum(len(e.refs) for e in b.codex.entries.values()),
                  "spacy": sorted(m for m in sys.modules if m == "spacy" or m.startswith("spacy."))}))
"""


def test_a_build_does_not_import_spacy(tmp_path):
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    shutil.copy(SEEDS[0], corpus / SEEDS[0].name)
    done = _python(BUILD, str(corpus), str(tmp_path / "out"))
    assert done["entries"] > 10 and done["refs"] > 0  # references were found, without spaCy
    assert done["spacy"] == []


COMPONENT = """
import json, sys
import pipeline.refs  # before spaCy: the factory is found through the entry point
import spacy
nlp = spacy.blank("ru")
nlp.add_pipe("kodeks_refs", config={"law": "64"})
doc = nlp("см. Правило 12 и этому правилу")
print(json.dumps([[s.text, s._.target] for s in doc.spans["kodeks_refs"]]))
"""


def test_the_spacy_component_is_found_when_refs_was_imported_before_spacy():
    assert _python(COMPONENT) == [["Правило 12", "12"], ["этому правилу", "64"]]


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=30,
)


def _lazy(value, flags):
    """``value`` with some of its lists (and dicts) made ``Lazy``, as ``flags`` says."""
    if isinstance(value, list):
        items = [_lazy(v, flags) for v in value]
        return Lazy(lambda x: x, items) if next(flags, False) else items
    if isinstance(value, dict):
        pairs = {k: _lazy(v, flags) for k, v in value.items()}
        return Lazy(lambda kv: kv, list(pairs.items()), keyed=True) if next(flags, False) else pairs
    return value


@settings(max_examples=300, deadline=None)
@given(value=JSON_VALUES, flags=st.lists(st.booleans(), max_size=40))
def test_lazy_json_is_written_byte_for_byte_as_json_dumps(value, flags, tmp_path_factory):
    lazy = _lazy({"value": value, "again": value}, iter(flags))
    plain = {"value": value, "again": value}
    expected = (json.dumps(plain, ensure_ascii=False, indent=1) + "\n").encode("utf-8")
    assert json_bytes(lazy) == expected
    path = tmp_path_factory.mktemp("lazy") / "x.json"
    dump(path, lazy)
    assert path.read_bytes() == expected


@settings(max_examples=200, deadline=None)
@given(value=JSON_VALUES, depth=st.integers(0, 3))
def test_a_value_set_aside_in_a_file_is_written_back_where_it_stands(
    value, depth, tmp_path_factory
):
    """``export.Raw``: a value a build wrote to its spill folder (at level 0) and
    copies into a bigger document at any depth reads as ``json.dumps`` writes it."""
    from pipeline.export import Raw

    path = tmp_path_factory.mktemp("raw") / "part.json"
    dump(path, value)
    plain: object = value
    nested: object = Raw(path)
    for _ in range(depth):
        plain, nested = {"k": [plain]}, {"k": [nested]}
    expected = (json.dumps({"v": plain}, ensure_ascii=False, indent=1) + "\n").encode("utf-8")
    assert json_bytes({"v": nested}) == expected


@settings(max_examples=300, deadline=None)
@given(value=JSON_VALUES)
def test_search_data_written_piece_by_piece_is_json_dumps(value):
    import io

    from pipeline.site import _js_assign

    f = io.StringIO()
    _js_assign(f, "X", {"a": value, "b": [value, {"c": value}]})
    whole = json.dumps({"a": value, "b": [value, {"c": value}]}, ensure_ascii=False)
    assert f.getvalue() == "window.X = " + whole.replace("<", "\\u003c") + ";\n"


def test_codex_and_report_are_written_as_they_are_made_with_the_same_bytes(tmp_path):
    b = run(CORPUS)
    for name, make in (
        ("codex", lambda lazy: codex_json(b.codex, lazy=lazy)),
        ("report", lambda lazy: report_json(b, lazy=lazy)),
    ):
        whole = make(False)
        streamed = make(True)
        assert isinstance(streamed["entries" if name == "codex" else "sources"], Lazy)
        dump(tmp_path / f"{name}.json", streamed)
        assert (tmp_path / f"{name}.json").read_bytes() == (
            json.dumps(whole, ensure_ascii=False, indent=1) + "\n"
        ).encode("utf-8")


def test_the_site_and_the_index_share_one_search_data(tmp_path, monkeypatch):
    """The search data (every entry's terms and every form of every lemma) is made
    once per codex in a build: the site's search box and the SQLite index hold the
    same data, and nothing keeps every lemma's forms cached to make it twice."""
    from pipeline import search

    made = []
    real = search.index_data

    data = {}

    def counted(codex, terminology=None):
        made.append(codex.edition)
        data[codex.edition] = real(codex, terminology)
        return data[codex.edition]

    monkeypatch.setattr(search, "index_data", counted)
    from pipeline.run import build

    b = build(CORPUS, tmp_path / "out", pdf=False, epub=False, akn=False)
    assert sorted(made) == sorted([b.codex.edition, *b.codex.others])
    assert not hasattr(search._lexeme, "cache_info")
    js = (tmp_path / "out" / "html" / "search-index.js").read_text(encoding="utf-8")
    shipped = json.loads(js.split("window.KODEKS_INDEX = ", 1)[1].rstrip().removesuffix(";"))
    con = sqlite3.connect(tmp_path / "out" / "codex.sqlite")
    try:
        (value,) = con.execute("SELECT value FROM search_data WHERE key = 'index'").fetchone()
    finally:
        con.close()
    assert json.loads(value) == shipped and shipped["entries"]
    # stored exactly as ``json.dumps`` writes it, as text (it goes in as UTF-8 bytes)
    # (the data the build made: after it, the trees it set aside are gone)
    assert value == json.dumps(data[b.codex.edition], ensure_ascii=False)
    con = sqlite3.connect(tmp_path / "out" / "codex.sqlite")
    try:
        assert con.execute("SELECT typeof(value) FROM search_data").fetchall() == [("text",)]
    finally:
        con.close()


@settings(max_examples=300, deadline=None)
@given(value=JSON_VALUES, depth=st.integers(0, 4))
def test_compact_pieces_join_to_json_dumps(value, depth):
    from pipeline.export import compact_pieces

    nested = {"a": value, "b": [value, {"c": value}], "": []}
    assert "".join(compact_pieces(nested, depth)) == json.dumps(nested, ensure_ascii=False)


def test_search_data_written_into_its_row_in_pieces_is_the_same_file(tmp_path, monkeypatch):
    """The index's JSON goes into its row piece by piece and is cast to text there:
    with pieces of a few hundred bytes (many, the last one short) the stored value
    is still ``json.dumps`` of the data, as text, and the file the same bytes."""
    from pipeline import search
    from pipeline.run import run

    codex = run(CORPUS).codex
    whole = search.build_index(codex, tmp_path / "whole.sqlite", codex_hash="0")
    monkeypatch.setattr(search, "_PIECE", 333)
    pieces = search.build_index(codex, tmp_path / "pieces.sqlite", codex_hash="0")
    con = sqlite3.connect(pieces)
    try:
        ((kind, value),) = con.execute("SELECT typeof(value), value FROM search_data").fetchall()
    finally:
        con.close()
    assert kind == "text"
    assert value == json.dumps(search.index_data(codex), ensure_ascii=False)
    assert len(value.encode("utf-8")) > 10 * 333
    assert pieces.read_bytes() == whole.read_bytes()


def test_the_search_data_leaves_no_word_look_ups_behind_it(monkeypatch):
    """The word look-ups that made the search data (each word of the codex and its
    lemma) are let go before its JSON is made beside it; the data is the same."""
    from pipeline import morph, search
    from pipeline.run import run

    codex = run(CORPUS).codex
    made = []
    real = search.index_data

    def watched(codex, terminology=None):
        made.append(real(codex, terminology))
        assert morph.lemma.cache_info().currsize > 1000  # the words were looked up
        return made[-1]

    monkeypatch.setattr(search, "index_data", watched)
    out = search._index_json(codex)
    assert morph.lemma.cache_info().currsize == 0
    assert bytes(out) == json.dumps(made[0], ensure_ascii=False).encode("utf-8")


def test_the_search_json_waits_for_the_index_in_a_file_not_in_memory(tmp_path):
    """Between the site and the index the search data's JSON is kept in an unnamed
    temporary file, which the index reads back in pieces and closes; the stored
    value is the JSON the site shipped."""
    from pipeline import search
    from pipeline.run import run

    codex = run(CORPUS).codex
    shipped: list[str] = []
    search.ship_for_html(codex, shipped.append)
    (_codex, kept) = search._MADE[id(codex)]
    assert not isinstance(kept, bytearray) and not kept.closed
    db = search.build_index(codex, tmp_path / "codex.sqlite", codex_hash="0")
    assert kept.closed and id(codex) not in search._MADE
    con = sqlite3.connect(db)
    try:
        ((kind, value),) = con.execute("SELECT typeof(value), value FROM search_data").fetchall()
    finally:
        con.close()
    assert kind == "text" and value == "".join(shipped)


def test_without_a_temporary_folder_the_search_json_waits_in_memory(tmp_path, monkeypatch):
    """Where no temporary file can be made, the JSON is kept in memory as before and
    the index stores the same value."""
    import tempfile

    from pipeline import search
    from pipeline.run import run

    def refused(*_a, **_k):
        raise OSError("no usable temporary directory")

    codex = run(CORPUS).codex
    shipped: list[str] = []
    monkeypatch.setattr(tempfile, "TemporaryFile", refused)
    search.ship_for_html(codex, shipped.append)
    assert isinstance(search._MADE[id(codex)][1], bytearray)
    db = search.build_index(codex, tmp_path / "codex.sqlite", codex_hash="0")
    con = sqlite3.connect(db)
    try:
        (value,) = con.execute("SELECT value FROM search_data").fetchone()
    finally:
        con.close()
    assert value == "".join(shipped)


def _texts(codex):
    """Every prose string of ``codex`` the index stores, by identity."""
    for e in codex.entries.values():
        yield from (e.label, e.title, e.text, e.why)
        for r in e.refs:
            yield r.text
        for fn in e.footnotes:
            yield from (fn.mark, fn.text)
        for w in e.witnesses:
            yield from (w.title, w.text)


def test_building_the_index_leaves_the_codex_strings_as_they_were(tmp_path):
    """A string bound to a statement as a ``str`` keeps its UTF-8 form inside it
    for as long as it lives (a second copy of every text of the codex for the
    rest of the build): the index binds the codex's texts as their UTF-8 bytes,
    cast to TEXT, and the strings stay their size."""
    from pipeline import search
    from pipeline.run import run

    codex = run(CORPUS).codex
    before = {id(s): sys.getsizeof(s) for s in _texts(codex) if s}
    assert any(not s.isascii() for s in _texts(codex) if s)
    search.build_index(codex, tmp_path / "codex.sqlite", codex_hash="0")
    after = {id(s): sys.getsizeof(s) for s in _texts(codex) if s}
    assert after == before


def test_texts_bound_as_utf8_bytes_are_the_file_strings_give(tmp_path, monkeypatch):
    """Binding the texts as their UTF-8 bytes cast to TEXT stores what binding the
    strings stores: the same file, byte for byte."""
    from pipeline import search
    from pipeline.run import run

    codex = run(CORPUS).codex
    as_bytes = search.build_index(codex, tmp_path / "bytes.sqlite", codex_hash="0")
    monkeypatch.setattr(search, "_utf8", lambda text: text)
    as_str = search.build_index(codex, tmp_path / "str.sqlite", codex_hash="0")
    assert as_bytes.read_bytes() == as_str.read_bytes()
    con = sqlite3.connect(as_bytes)
    try:
        kinds = con.execute(
            "SELECT DISTINCT typeof(title), typeof(text) FROM witnesses"
            " UNION SELECT DISTINCT typeof(title), typeof(text) FROM nodes"
        ).fetchall()
    finally:
        con.close()
    assert {k for pair in kinds for k in pair} <= {"text", "null"}


def test_the_hash_of_codex_json_is_read_a_piece_at_a_time(tmp_path):
    """The index records the SHA-256 of ``codex.json`` (some 175 MB at 100 MB of
    input): it is read a piece at a time, never held whole."""
    import hashlib
    import tracemalloc

    from pipeline import search

    data = bytes(range(256)) * (80 * 1024)  # 20 MiB
    path = tmp_path / "codex.json"
    path.write_bytes(data)
    tracemalloc.start()
    try:
        digest = search.file_sha256(path)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert digest == hashlib.sha256(data).hexdigest()
    assert peak < 2 * 1024 * 1024
