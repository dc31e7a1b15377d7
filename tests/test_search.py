"""The SQLite index and the morphological search (pipeline.search)."""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kodeks_testing import CORPUS
from kodeks_testing import write_lookup_output as write_output
from pipeline.run import run
from pipeline.search import (
    SearchError,
    analyze,
    build_index,
    check_index,
    export_for_html,
    parse_query,
    search,
    stem,
)


@pytest.fixture(scope="session")
def codex():
    return run(CORPUS).codex


@pytest.fixture(scope="session")
def out(codex, tmp_path_factory) -> Path:
    return write_output(codex, tmp_path_factory.mktemp("search-out"))


@pytest.fixture(scope="session")
def db(out) -> Path:
    return out / "codex.sqlite"


def addresses(hits):
    return [h.address for h in hits]


# --- the index ------------------------------------------------------------------

def test_tables(db, codex):
    con = sqlite3.connect(db)
    names = {r[0] for r in con.execute("SELECT name FROM sqlite_master")}
    assert {"nodes", "refs", "backlinks", "witnesses", "footnotes", "meta", "fts"} <= names
    assert con.execute("SELECT count(*) FROM nodes").fetchone()[0] == len(codex.entries)
    assert con.execute("SELECT count(*) FROM fts").fetchone()[0] == len(codex.entries)
    row = con.execute("SELECT kind, law, parent, chosen, position FROM nodes WHERE address='64A1'").fetchone()
    assert row[:3] == ("clause", "64", "64A")
    assert con.execute("SELECT source FROM backlinks WHERE target='64A1'").fetchall() == [("64.10(i)",)]
    assert con.execute("SELECT count(*) FROM witnesses WHERE address='64A1'").fetchone()[0] >= 1
    # positions follow document order
    order = [r[0] for r in con.execute("SELECT address FROM nodes ORDER BY position")]
    assert order == list(codex.entries)
    # the FTS table stores lemmas; nodes keep the original text
    lem = con.execute("SELECT text FROM fts WHERE rowid=(SELECT rowid FROM nodes WHERE address='64A')").fetchone()[0]
    assert "выявить" in lem.split()


def test_meta_hash_matches_codex_json(db, out):
    con = sqlite3.connect(db)
    meta = dict(con.execute("SELECT key, value FROM meta"))
    assert meta["format"]
    assert meta["codex_sha256"] == hashlib.sha256((out / "codex.json").read_bytes()).hexdigest()
    check_index(db, out / "codex.json").close()


def test_deterministic(codex, db, tmp_path):
    again = build_index(codex, tmp_path / "again.sqlite")
    assert again.read_bytes() == db.read_bytes()


def test_stale_and_missing(out, tmp_path, codex):
    with pytest.raises(SearchError, match="kodeks build"):
        check_index(tmp_path / "nothing.sqlite", out / "codex.json")
    other = tmp_path / "codex.json"
    other.write_text((out / "codex.json").read_text(encoding="utf-8") + " ", encoding="utf-8")
    with pytest.raises(SearchError, match=r"stale.*kodeks build"):
        check_index(out / "codex.sqlite", other)
    junk = tmp_path / "junk.sqlite"
    junk.write_bytes(b"not a database at all" * 100)
    with pytest.raises(SearchError, match="kodeks build"):
        search(junk, "фальшренонс")


# --- morphology -------------------------------------------------------------------

def test_analyzer_lemmas_and_addresses():
    assert analyze("Выявления фальшренонса") == ["выявление", "фальшренонс"]
    assert analyze("Правила 64А1") == ["правило", "64a1"]
    assert stem("выявить") == stem("выявление") == "выяв"
    assert stem("фальшренонс") is None


def test_morphological_64B4(db):
    hits = search(db, "фальшренонс после заявки в следующей сдаче")
    assert hits and hits[0].address == "64B4"
    assert not hits[0].partial


def test_participle_finds_verb_and_noun(db):
    found = addresses(search(db, "выявленный фальшренонс"))
    assert "64A" in found      # «Когда фальшренонс выявлен»
    assert "64" in found       # «Процедура после выявления фальшренонса»
    found = addresses(search(db, "выявления фальшренонса"))
    assert "64" in found and "64A" in found


def test_highlight(db):
    h = search(db, "фальшренонс после заявки в следующей сдаче")[0]
    assert "«следующей»" in h.snippet and "«сдаче»" in h.snippet
    assert [h.plain[a:b] for a, b in h.marks][-2:] == ["следующей", "сдаче"]
    assert "<mark>сдаче</mark>" in h.html


def test_phrase(db):
    assert addresses(search(db, '"следующей сдаче"')) == ["64B4"]
    # the same words out of order are no phrase
    assert search(db, '"сдаче следующей"') == [] or all(h.partial for h in search(db, '"сдаче следующей"'))


def test_ranked(db):
    hits = search(db, "наказание")
    assert len(hits) > 2
    scores = [h.score for h in hits]
    assert scores == sorted(scores, reverse=True)


def test_filters(db):
    hits = search(db, "фальшренонс", law=64)
    assert hits and all(h.law == "64" for h in hits)
    assert addresses(search(db, "фальшренонс", law="64")) == addresses(hits)
    hits = search(db, "фальшренонс", kind="commentary")
    assert hits and all(h.kind == "commentary" for h in hits)
    assert all(h.kind == "clause" and h.law == "63" for h in search(db, "фальшренонс", law=63, kind="clause"))
    assert len(search(db, "фальшренонс", limit=2)) == 2
    with pytest.raises(SearchError):
        search(db, "фальшренонс", kind="nonsense")
    with pytest.raises(SearchError):
        search(db, "фальшренонс", law="nonsense")


def test_fallback_any_word(db):
    hits = search(db, "фальшренонс бегемот")
    assert hits and all(h.partial for h in hits)


# --- bad input ---------------------------------------------------------------------

BAD = ["", "   ", "\x00", "x" * 10_000, "фальшренонс " * 2000, '"', '""', '"фальшренонс', "*", "фальш*",
       "NEAR(фальшренонс сдача)", "фальшренонс AND", ") OR (", "AND OR NOT", "^фальшренонс", "a:b",
       "title:фальшренонс", "'; DROP TABLE nodes; --", "\"; DROP TABLE nodes; --",
       "1=1; SELECT * FROM meta", "{title text}: x", "-", "--", "«»", "\u0301\u0301", "64А1 OR 1=1"]


@pytest.mark.parametrize("query", BAD)
def test_bad_queries_answer(db, query):
    hits = search(db, query)
    assert isinstance(hits, list)
    con = sqlite3.connect(db)
    assert con.execute("SELECT count(*) FROM nodes").fetchone()[0] > 0


def test_injection_leaves_tables(db):
    before = db.read_bytes()
    search(db, "'; DROP TABLE nodes; --")
    search(db, "x'); DELETE FROM nodes; --", law="64", kind="clause")
    assert db.read_bytes() == before


def test_long_query_is_cut(db):
    q = parse_query("слово " * 5000 + " ".join(f"w{i}" for i in range(100)))
    assert q.truncated and len(q.words) <= 32
    assert search(db, "сдача " * 5000)  # repeated word collapses to one


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.text(max_size=200))
def test_search_never_raises(db, text):
    assert isinstance(search(db, text), list)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.sampled_from(['"', "*", "(", ")", "NEAR", "AND", "OR", "NOT", "^", ":", "фальшренонс",
                                 "сдаче", "'", ";", "--", "-", "+", "{", "}", "64A1", " "]), max_size=20))
def test_fts_syntax_never_raises(db, parts):
    assert isinstance(search(db, " ".join(parts)), list)
    assert isinstance(search(db, "".join(parts)), list)


# --- the HTML export ------------------------------------------------------------------

def test_export_for_html(codex):
    data = export_for_html(codex)
    assert len(data["entries"]) == len(codex.entries)
    e = next(x for x in data["entries"] if x["address"] == "64A")
    assert "выявить" in e["tokens"].split()
    assert data["lemmas"]["выявлен"] == "выявить"
    assert data["lemmas"]["фальшренонса"] == "фальшренонс"
    assert data["stems"]["выявление"] == "выяв"
    assert export_for_html(codex) == data
