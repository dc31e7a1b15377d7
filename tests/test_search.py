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
    index_data,
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
    row = con.execute(
        "SELECT kind, law, parent, chosen, position FROM nodes WHERE address='64A1'"
    ).fetchone()
    assert row[:3] == ("clause", "64", "64A")
    assert con.execute("SELECT source FROM backlinks WHERE target='64A1'").fetchall() == [
        ("64.10(i)",)
    ]
    assert con.execute("SELECT count(*) FROM witnesses WHERE address='64A1'").fetchone()[0] >= 1
    # positions follow document order
    order = [r[0] for r in con.execute("SELECT address FROM nodes ORDER BY position")]
    assert order == list(codex.entries)
    # the FTS table stores lemmas; nodes keep the original text
    lem = con.execute(
        "SELECT text FROM fts WHERE rowid=(SELECT rowid FROM nodes WHERE address='64A')"
    ).fetchone()[0]
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
    # in a text a dotted number is two terms (a query treats it as an address)
    assert analyze("см. п. 64.8. выше") == ["смотреть", "п", "64", "8", "выше"]


@pytest.mark.parametrize(
    "query, first", [("64.10", "64.10"), ("разыгрывающий 64.10", "64.10"), ("65.3 карты", "65.3")]
)
def test_a_commentary_address_finds_its_paragraph_first(db, query, first):
    hits = search(db, query)
    assert hits and hits[0].address == first and not hits[0].partial
    assert stem("выявить") == stem("выявление") == "выяв"
    assert stem("фальшренонс") is None


def test_morphological_64B4(db):
    hits = search(db, "фальшренонс после заявки в следующей сдаче")
    assert hits and hits[0].address == "64B4"
    assert not hits[0].partial


def test_participle_finds_verb_and_noun(db):
    found = addresses(search(db, "выявленный фальшренонс"))
    assert "64A" in found  # «Когда фальшренонс выявлен»
    assert "64" in found  # «Процедура после выявления фальшренонса»
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
    assert search(db, '"сдаче следующей"') == [] or all(
        h.partial for h in search(db, '"сдаче следующей"')
    )


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
    assert all(
        h.kind == "clause" and h.law == "63"
        for h in search(db, "фальшренонс", law=63, kind="clause")
    )
    assert len(search(db, "фальшренонс", limit=2)) == 2
    with pytest.raises(SearchError):
        search(db, "фальшренонс", kind="nonsense")
    with pytest.raises(SearchError):
        search(db, "фальшренонс", law="nonsense")


def test_fallback_any_word(db):
    hits = search(db, "фальшренонс бегемот")
    assert hits and all(h.partial for h in hits)


# --- bad input ---------------------------------------------------------------------

BAD = [
    "",
    "   ",
    "\x00",
    "x" * 10_000,
    "фальшренонс " * 2000,
    '"',
    '""',
    '"фальшренонс',
    "*",
    "фальш*",
    "NEAR(фальшренонс сдача)",
    "фальшренонс AND",
    ") OR (",
    "AND OR NOT",
    "^фальшренонс",
    "a:b",
    "title:фальшренонс",
    "'; DROP TABLE nodes; --",
    '"; DROP TABLE nodes; --',
    "1=1; SELECT * FROM meta",
    "{title text}: x",
    "-",
    "--",
    "«»",
    "\u0301\u0301",
    "64А1 OR 1=1",
]


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


@settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.text(max_size=200))
def test_search_never_raises(db, text):
    assert isinstance(search(db, text), list)


@settings(
    max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    st.lists(
        st.sampled_from(
            [
                '"',
                "*",
                "(",
                ")",
                "NEAR",
                "AND",
                "OR",
                "NOT",
                "^",
                ":",
                "фальшренонс",
                "сдаче",
                "'",
                ";",
                "--",
                "-",
                "+",
                "{",
                "}",
                "64A1",
                " ",
            ]
        ),
        max_size=20,
    )
)
def test_fts_syntax_never_raises(db, parts):
    assert isinstance(search(db, " ".join(parts)), list)
    assert isinstance(search(db, "".join(parts)), list)


# --- the HTML export ------------------------------------------------------------------


def test_index_data(codex):
    data = index_data(codex)
    assert len(data["entries"]) == len(codex.entries)
    e = next(x for x in data["entries"] if x["address"] == "64A")
    assert "выявить" in e["tokens"].split()
    forms = {f: lem for lem, fs in data["lexicon"].items() for f in fs}
    assert forms["выявлен"] == "выявить"
    assert forms["фальшренонса"] == "фальшренонс"
    assert forms["фальшренонсами"] == "фальшренонс"  # a form the corpus never uses
    assert forms["ренонсом"] == "ренонс"  # a form of a terminology word
    assert data["stems"]["выявление"] == "выяв"
    assert "фальшренонс" in data["synonyms"]["ренонс"]
    assert "сколько" in data["stop"] and "следующей" not in data["stop"]
    assert index_data(codex) == data


# --- what a director types -------------------------------------------------------------


def test_synonym_finds_and_says_so(db):
    hits = search(db, "ренонс")
    assert hits and {"63", "63A", "64"} & set(addresses(hits[:5]))
    assert ("synonym", "ренонс", "фальшренонс") in hits[0].via
    assert "«Фальшренонс»" in hits[0].snippet or "«фальшренонс»" in hits[0].snippet
    assert addresses(search(db, "штраф за ренонс")[:3]) and set(
        addresses(search(db, "штраф за ренонс")[:3])
    ) <= {"64A", "64A1", "64A2"}
    assert search(db, "защитник не знал о козыре при заявлении")[0].address == "70C2"


def test_word_part_finds_compound(codex, tmp_path):
    """Without the synonym table, «ренонс» still finds «фальшренонс» as a word part."""
    from pipeline import search as search_mod

    bare = search_mod.index_data(codex, search_mod.Terminology((), ()))
    eng = search_mod.Engine(bare)
    rows, _ = eng.search("ренонс", limit=10)
    assert rows and all(("part", "ренонс", "фальшренонс") in r["via"] for r in rows)
    whole, _ = eng.search("фальшренонс", limit=10)
    assert whole[0]["score"] > rows[0]["score"]  # a word part weighs less than the word


def test_typo_corrected_with_suggestion(db):
    hits = search(db, "фальшренанс болвана")
    assert hits.corrections == (("фальшренанс", "фальшренонс"),)
    assert hits.suggestion == "фальшренонс болвана"
    assert hits[0].address in {"64B3", "64.10(ii)"}
    assert search(db, "реконтро")[0].address.startswith("19B")
    assert search(db, "фальшренонс").suggestion is None


def test_question_words_dropped(db):
    hits = search(db, "сколько взяток отдают за ренонс")
    assert set(addresses(hits[:2])) == {"64A1", "64A2"}
    assert "сколько" not in hits.words
    assert search(db, "когда")  # a query of question words only keeps them


def test_clause_title_beats_parent(db):
    assert search(db, "нарушитель не выигрывал взятки ренонса")[0].address == "64A2"
    assert search(db, "как правильно объявить реконтру")[0].address == "19B2"
    # the query names the section by its address
    assert search(db, "64A фальшренонс")[0].address == "64A"


def _tiny(entries):
    """Search data for hand-written entries (address, parent, title terms, text terms)."""
    import math

    from pipeline.search import MAX_QUERY_CHARS, MAX_TERMS, PARAMS

    rows, df = [], {}
    for address, parent, title, text in entries:
        rows.append(
            {
                "address": address,
                "kind": "clause",
                "law": "1",
                "parent": parent,
                "name": address.lower(),
                "title": title,
                "text": text,
                "title_tokens": title,
                "tokens": text,
            }
        )
        for t in set(title.split()) | set(text.split()) | {address.lower()}:
            df[t] = df.get(t, 0) + 1
    n = len(rows)
    lengths = [len(r["title_tokens"].split()) + 1 + len(r["tokens"].split()) for r in rows]
    return {
        "params": dict(PARAMS),
        "limits": {"query_chars": MAX_QUERY_CHARS, "terms": MAX_TERMS},
        "latin": {},
        "entries": rows,
        "avgdl": sum(lengths) / n,
        "idf": {t: math.log(1 + (n - d + 0.5) / (d + 0.5)) for t, d in sorted(df.items())},
        "lexicon": {t: [t] for t in sorted(df)},
        "stems": {},
        "synonyms": {},
        "stop": [],
        "negation": [],
        "subjects": [],
    }


def test_child_title_lifted_over_parent():
    from pipeline.search import Engine

    data = _tiny(
        [
            ("1A", None, "общее", "форма реконтра форма реконтра"),
            ("1A1", "1A", "форма реконтра", " ".join(["слово"] * 30) + " форма"),
            ("2", None, "другое", "слово"),
        ]
    )
    eng = Engine(data)
    rank = lambda q: [eng.entries[r["index"]]["address"] for r in eng.search(q)[0]]  # noqa: E731
    assert rank("форма реконтра")[:2] == ["1A1", "1A"]
    assert rank("1a форма реконтра")[0] == "1A"  # the query names the section
    eng.p["lift"] = 0.0  # without the rule the parent wins
    assert rank("форма реконтра")[0] == "1A"


def test_partial_hits_flagged(db):
    hits = search(db, "реконтра пересдача")
    assert hits.partial and all(h.partial for h in hits)
    assert {"13A3"} & set(addresses(hits)) and {"19B1", "19B2"} & set(addresses(hits))


def test_terminology_errors_name_the_file(tmp_path):
    from pipeline.search import load_terminology

    bad = tmp_path / "terms.toml"
    bad.write_text('[[synonyms]]\nwords = ["два слова", "x"]\n', encoding="utf-8")
    with pytest.raises(SearchError, match=r"terms\.toml"):
        load_terminology(bad)
    bad.write_text("stop = [", encoding="utf-8")
    with pytest.raises(SearchError, match=r"terms\.toml"):
        load_terminology(bad)


def test_cli_says_did_you_mean_and_synonym(out, capsys):
    from pipeline.cli import main as cli

    assert cli(["search", "фальшренанс", "болвана", "--codex", str(out)]) == 0
    text = capsys.readouterr().out
    assert "возможно, вы имели в виду: фальшренонс болвана" in text
    assert cli(["search", "ренонс", "болвана", "--codex", str(out)]) == 0
    assert "по синониму: ренонс → фальшренонс" in capsys.readouterr().out


def test_negation_must_agree(db):
    assert search(db, "что если нет карты в масти хода в дефектной взятке")[0].address == "67B1(B)"
    assert search(db, "нарушитель имеет карту в масти хода")[0].address == "67B1(A)"
    assert search(db, "можно ли играть сдачу если игрок видел чужие карты")[0].address in {
        "13B",
        "13B1",
    }


def test_negation_on_written_entries():
    from pipeline.search import Engine

    data = _tiny(
        [
            ("1A", None, "наказание назначается", "текст"),
            ("1B", None, "наказание не назначается", "текст"),
        ]
    )
    data["negation"] = ["не"]
    eng = Engine(data)
    rank = lambda q: [eng.entries[r["index"]]["address"] for r in eng.search(q)[0]]  # noqa: E731
    assert rank("наказание назначается")[0] == "1A"
    assert rank("наказание не назначается")[0] == "1B"


def test_adjacent_words_count_more(db):
    assert search(db, "кто может реконтрировать")[0].address == "19B1"
    from pipeline.search import Engine

    eng = Engine(
        _tiny(
            [
                ("1", None, "", "может сыграть реконтрировать"),
                ("2", None, "", "может реконтрировать сыграть"),
            ]
        )
    )
    assert [eng.entries[r["index"]]["address"] for r in eng.search("может реконтрировать")[0]] == [
        "2",
        "1",
    ]


def test_missing_common_word_costs_less(db):
    assert search(db, "что если у игрока слишком мало карт")[0].address == "67B2"


INDEX_SOURCE = "Предметный указатель\n\nБолван ........ 64\nАннулирование уступки ........ 71\n"
"""A subject index of our own, in the layout of the printed books' indexes."""


@pytest.fixture(scope="module")
def indexed_out(tmp_path_factory) -> Path:
    """The corpus plus a subject-index source, built."""
    import shutil

    from pipeline.run import build

    corpus = tmp_path_factory.mktemp("indexed") / "corpus"
    shutil.copytree(CORPUS, corpus)
    (corpus / "sources.toml").unlink(missing_ok=True)
    (corpus / "900_index.txt").write_text(INDEX_SOURCE, encoding="utf-8")
    out = corpus.parent / "out"
    build(corpus, out, pdf=False)
    return out


def test_subject_index_term_puts_its_law_first(indexed_out, db):
    from pipeline.api import CodexReader

    with CodexReader.load(indexed_out) as c:
        hits = c.search("болван")
        assert hits[0].address == "64"
        assert ("index", "Болван", "64") in hits[0].via
        assert c.search("аннулирование уступки")[0].address == "71"
    assert search(db, "болван")[0].address != "64"  # without the index


def test_subject_index_on_written_entries():
    from pipeline.search import Engine

    data = _tiny([("1", None, "", "апелляция подаётся"), ("2", None, "", "комитет рассматривает")])
    data["subjects"] = [[["апелляция"], "Апелляция", ["2"]]]
    eng = Engine(data)
    rows, _ = eng.search("апелляция")
    assert [eng.entries[r["index"]]["address"] for r in rows] == ["2", "1"]
    assert rows[0]["via"] == (("index", "Апелляция", "2"),)


def test_negated_compound_is_not_a_word_part(db):
    """«неправильно» holds «правильно» but means its opposite."""
    hits = search(db, "как правильно объявить реконтру")
    assert hits[0].address == "19B2"
    assert all(("part", "правильно", "неправильно") not in h.via for h in hits)


@settings(max_examples=400, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.text(alphabet=st.sampled_from(list("аб 1\t\n\u00a0\u2028\x1c\x1f\x85\u3000"))) | st.text()
)
def test_the_search_datas_text_is_the_entry_text_one_spaced(text):
    """The search data shares an entry's text when it is one-spaced already, and
    spaces it as ``str.split`` would otherwise (``\\x1c``–``\\x1f`` included)."""
    from pipeline.search import _one_spaced

    assert _one_spaced(text) == " ".join(text.split())
    assert (_one_spaced(text) is text) == (text == " ".join(text.split()))
