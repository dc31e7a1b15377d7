"""Editions side by side: detection from the text (with confidence and evidence),
one merged codex per edition in one build, lookups and ``kodeks diff`` across
editions, and each edition's site. The fixtures under ``fixtures/editions/`` are
written in the layout of each edition (a 1997-style page with «Глава»/«Часть» and
bilingual headings, a 2007-style page) in our own words."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from kodeks_testing import ROOT, SEEDS, declared, kodeks, write_corpus
from pipeline import editions
from pipeline.addresses import split_edition
from pipeline.api import CodexReader
from pipeline.read import read

FIXTURES = ROOT / "tests" / "fixtures" / "editions"
PAGE_1997 = FIXTURES / "law64-1997.txt"
PAGE_2007 = FIXTURES / "law40-2007.txt"


# --- detection ------------------------------------------------------------------


@pytest.mark.parametrize("seed", SEEDS, ids=lambda p: p.stem)
def test_each_seed_reads_as_1987_from_its_text(seed: Path):
    found = editions.assess(seed.read_text(encoding="utf-8"))
    # the commentary seed says too little on its own; it takes its laws' edition (below)
    assert found.edition in ("1987", editions.UNKNOWN)
    assert all(e.startswith("1987:") for e in found.evidence)


def test_seeds_without_a_manifest_are_1987(tmp_path: Path):
    for p in SEEDS:
        shutil.copy(p, tmp_path / p.name)
    sources, diags = read(tmp_path)
    assert {s.edition for s in sources} == {"1987"}
    assert all(s.edition_from in ("text", "laws") and s.edition_evidence for s in sources)
    assert not [d for d in diags if d.code in ("K114", "K115")]


def test_the_1997_page_is_never_1987():
    found = editions.assess(PAGE_1997.read_text(encoding="utf-8"))
    assert found.edition == "1997" and found.confidence > 0.5
    assert any("Глава" in e for e in found.evidence) and any(
        "bilingual" in e for e in found.evidence
    )


def test_the_division_scheme_outranks_wording_but_lowers_the_confidence():
    wording_1987 = "Правило 64. Процедура\nКогда фальшренонс выявлен, за выявленный фальшренонс назначается наказание.\n"
    alone = editions.assess(wording_1987)
    mixed = editions.assess("Глава VI. Розыгрыш\n" + wording_1987)
    assert alone.edition == "1987" and alone.confidence == 1.0
    assert mixed.edition == "1997" and 0 < mixed.confidence <= 0.5
    assert any(
        e.startswith("1987:") for e in mixed.evidence
    )  # the contrary evidence is still reported


def test_the_2007_page_names_its_year():
    assert editions.assess(PAGE_2007.read_text(encoding="utf-8")).edition == "2007"


def test_too_little_evidence_is_unknown_with_a_warning(tmp_path: Path):
    (tmp_path / "a.txt").write_text(
        "Правило 40. Договорённости\nA. Игроки договариваются заранее.\n", encoding="utf-8"
    )
    (sources, diags) = read(tmp_path)
    assert sources[0].edition == editions.UNKNOWN
    assert [d.code for d in diags if d.level == "warning"] == ["K114"]


def test_a_manifest_edition_against_strong_evidence_is_warned(tmp_path: Path):
    shutil.copy(PAGE_1997, tmp_path / "p.txt")
    (tmp_path / "sources.toml").write_text(
        '[[source]]\nfile = "p.txt"\nkind = "laws"\nedition = "1987"\n', encoding="utf-8"
    )
    sources, diags = read(tmp_path)
    assert sources[0].edition == "1987"  # the manifest wins, but says what contradicts it
    (warning,) = [d for d in diags if d.code == "K115"]
    assert "Глава" in warning.message and "1997" in warning.message


def test_an_edition_can_be_typed_with_an_address():
    assert split_edition("1997:64A1") == ("1997", "64A1")
    assert split_edition(" 2007 : 64 A 1") == ("2007", "64 A 1")
    assert split_edition("64A1") == (None, "64A1")
    assert split_edition("chapter:III") == (None, "chapter:III")


def test_default_edition_is_the_one_with_most_text():
    from pipeline.model import Source

    def src(edition: str, n: int) -> Source:
        return Source(
            path="t",
            name="t",
            stem="t",
            kind="laws",
            text="x" * n,
            encoding="utf-8",
            edition=edition,
        )

    assert editions.of_sources([src("1997", 10), src("1987", 5)]).id == "1997"
    assert editions.of_sources([src("unknown", 50), src("1987", 5)]).id == "1987"


def test_the_concordance_is_followed_both_ways(monkeypatch):
    monkeypatch.setitem(editions.CONCORDANCE, ("1997", "2007"), {"25B2": "25B1"})
    assert editions.follow("25B2", "1997", "2007") == "25B1"
    assert editions.follow("25B1", "2007", "1997") == "25B2"
    assert editions.follow("64A1", "1997", "2007") == "64A1"


# --- a corpus of two editions ----------------------------------------------------


@pytest.fixture(scope="module")
def two(tmp_path_factory) -> Path:
    """The seeds (no manifest) and a 1997-style page of Law 64, built once."""
    root = tmp_path_factory.mktemp("two-editions")
    corpus = root / "corpus"
    corpus.mkdir()
    for p in SEEDS:
        shutil.copy(p, corpus / p.name)
    shutil.copy(PAGE_1997, corpus / "law64-1997.txt")
    kodeks("build", str(corpus), "-o", str(root / "out"), "--no-pdf", "-q", check=True)
    return root / "out"


def _show(out: Path, *args: str) -> dict:
    proc = kodeks("show", *args, "--codex", str(out), "--format", "json", check=True)
    return json.loads(proc.stdout)


def test_show_gives_the_1987_clause_with_only_1987_witnesses(two: Path):
    e = _show(two, "64A1")
    assert e["edition"] == "1987"
    assert "фальшренонс" in e["text"]
    assert {w["source"] for w in e["provenance"]["witnesses"]} == {SEEDS[0].name, SEEDS[2].name}


def test_show_edition_1997_gives_the_1997_clause(two: Path):
    e = _show(two, "64A1", "--edition", "1997")
    assert e["edition"] == "1997" and "ренонс" in e["text"] and "фальшренонс" not in e["text"]
    assert [w["source"] for w in e["provenance"]["witnesses"]] == ["law64-1997.txt"]
    assert _show(two, "1997:64A1") == e


def test_an_edition_not_in_the_corpus_exits_2_naming_the_present_ones(two: Path):
    for args in (
        ("show", "64A1", "--edition", "2007"),
        ("show", "2007:64A1"),
        ("diff", "64A1", "--from", "1987", "--to", "2017"),
        ("refs", "64A1", "--edition", "1975"),
    ):
        proc = kodeks(*args, "--codex", str(two))
        assert proc.returncode == 2, args
        assert "1987, 1997" in proc.stderr and "Traceback" not in proc.stderr


def test_diff_lists_equal_and_changed_spans(two: Path):
    proc = kodeks(
        "diff",
        "64A1",
        "--from",
        "1987",
        "--to",
        "1997",
        "--format",
        "json",
        "--codex",
        str(two),
        check=True,
    )
    d = json.loads(proc.stdout)
    assert (d["address"], d["from"], d["to"]) == ("64A1", "1987", "1997")
    ops = {c["op"] for c in d["changes"]}
    assert "equal" in ops and ops & {"replace", "insert", "delete"}
    assert set(ops) <= {"equal", "insert", "delete", "replace"}
    # the changes rebuild both texts word for word
    codex = CodexReader.load(two, index=False)
    old = " ".join(c["from_text"] for c in d["changes"] if c["from_text"])
    new = " ".join(c["to_text"] for c in d["changes"] if c["to_text"])
    assert old.split()[-3:] == codex["64A1"].text.split()[-3:]
    assert new.split()[-3:] == codex.edition("1997")["64A1"].text.split()[-3:]
    text = kodeks(
        "diff", "64A1", "--from", "1987", "--to", "1997", "--codex", str(two), check=True
    ).stdout
    assert "64A1: 1987 → 1997" in text


def test_api_codex_per_edition(two: Path):
    codex = CodexReader.load(two, index=False)
    assert codex.editions == ("1987", "1997")
    assert codex.edition("1997")["64A1"].chosen == "law64-1997.txt"
    assert codex["1997:64A1"] == codex.edition("1997")["64A1"]
    assert codex["64A1"].chosen != "law64-1997.txt"
    assert "13" in codex and "13" not in codex.edition("1997")


def test_exports_carry_the_edition(two: Path):
    data = json.loads((two / "codex.json").read_text(encoding="utf-8"))
    assert data["edition"] == "1987" and set(data["editions"]) == {"1997"}
    assert {e["edition"] for e in data["entries"]} == {"1987"}
    assert {e["edition"] for e in data["editions"]["1997"]["entries"]} == {"1997"}
    assert (
        json.loads((two / "sources" / "law64-1997.json").read_text(encoding="utf-8"))["edition"]
        == "1997"
    )
    assert (
        json.loads((two / "sources" / f"{SEEDS[0].stem}.json").read_text(encoding="utf-8"))[
            "edition"
        ]
        == "1987"
    )
    report = json.loads((two / "report.json").read_text(encoding="utf-8"))
    mine = report["sources"]["law64-1997.txt"]["edition"]
    assert mine["edition"] == "1997" and mine["from"] == "text" and mine["evidence"]


def test_schema_accepts_a_two_edition_codex(two: Path):
    import jsonschema

    schema = json.loads((ROOT / "schemas" / "codex.schema.json").read_text(encoding="utf-8"))
    jsonschema.validate(json.loads((two / "codex.json").read_text(encoding="utf-8")), schema)


def test_each_edition_has_its_site_and_the_clause_pages_compare(two: Path):
    main = (two / "html" / "law-64.html").read_text(encoding="utf-8")
    assert 'class="edition-switch"' in main and 'href="1997/index.html"' in main
    assert "В других редакциях" in main and 'href="1997/law-64.html#' in main
    other = (two / "html" / "1997" / "law-64.html").read_text(encoding="utf-8")
    assert "установления ренонса" in other and 'href="../law-64.html#' in other
    # the 1997 table of contents lists only what the 1997 sources hold
    index = (two / "html" / "1997" / "index.html").read_text(encoding="utf-8")
    assert "law-64.html" in index and "law-13.html" not in index


def test_a_one_edition_site_has_no_edition_switch(built: Path):
    page = (built / "html" / "law-64.html").read_text(encoding="utf-8")
    assert "edition-switch" not in page and "В других редакциях" not in page
    assert not (built / "html" / "1997").exists()


def test_one_pdf_per_edition_with_its_edition_on_the_title_page(tmp_path: Path):
    import subprocess

    corpus = tmp_path / "corpus"
    corpus.mkdir()
    shutil.copy(PAGE_1997, corpus / "a.txt")
    shutil.copy(PAGE_2007, corpus / "b.txt")
    kodeks("build", str(corpus), "-o", str(tmp_path / "out"), "-q", check=True)
    pdfs = sorted(p.name for p in (tmp_path / "out").glob("*.pdf"))
    assert pdfs == [
        "codex-2007.pdf",
        "codex.pdf",
    ]  # the default edition (most text) keeps codex.pdf

    def first_page(name: str) -> str:
        return subprocess.run(
            ["pdftotext", "-l", "1", str(tmp_path / "out" / name), "-"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout

    assert "Редакция 1997 года" in first_page("codex.pdf")
    assert "Редакция 2007 года" in first_page("codex-2007.pdf")


def test_search_and_refs_take_an_edition(two: Path):
    import sqlite3

    proc = kodeks(
        "search", "ренонс", "--edition", "1997", "--format", "json", "--codex", str(two), check=True
    )
    hits = json.loads(proc.stdout)["hits"]
    codex = CodexReader.load(two, index=False)
    assert hits and {h["address"] for h in hits} <= set(codex.edition("1997").entries)
    default = json.loads(
        kodeks("search", "фальшренонс", "--format", "json", "--codex", str(two), check=True).stdout
    )["hits"]
    assert default and {h["address"] for h in default} <= set(codex.entries)
    assert any(h["address"] not in codex.edition("1997").entries for h in default)
    refs = json.loads(
        kodeks(
            "refs", "64A1", "--edition", "1997", "--format", "json", "--codex", str(two), check=True
        ).stdout
    )
    assert refs["edition"] == "1997" and refs["address"] == "64A1"
    for name, edition in (("codex.sqlite", "1987"), ("codex-1997.sqlite", "1997")):
        con = sqlite3.connect(two / name)
        for table in ("nodes", "refs", "witnesses"):
            assert {r[0] for r in con.execute(f"SELECT DISTINCT edition FROM {table}")} <= {edition}
        assert {r[0] for r in con.execute("SELECT DISTINCT edition FROM nodes")} == {edition}
        con.close()


_LAW_7 = "Правило 7. Контроль над картами\n\nA. Колода\nКолоду кладут на стол.\n"
_LAW_5 = (
    "Правило 5. Порядок раздачи карт\n\nA. Кто раздаёт\n"
    "Карты раздаёт игрок, которого назначил судья.\n"
)
"""Two law pages of no edition the text tells."""


def test_the_build_summary_counts_every_edition(tmp_path: Path):
    # a page whose edition nothing tells is merged apart from a page of a known
    # edition, into the unknown codex: the summary says where the entries went
    corpus = write_corpus(
        tmp_path / "c",
        {"page.txt": _LAW_5, "known.txt": _LAW_7, "sources.toml": declared("known.txt", "1987")},
    )
    run = kodeks("build", str(corpus), "-o", str(tmp_path / "out"), "--no-pdf", check=True)
    out = " ".join((run.stdout + run.stderr).split())
    codex = json.loads((tmp_path / "out" / "codex.json").read_text(encoding="utf-8"))
    assert [e["id"] for e in codex["entries"]] == ["7", "7A"]
    assert len(codex["editions"]["unknown"]["entries"]) == 2
    assert "4 entries (1987: 2, unknown: 2)" in out, out
    # alone, the page is the codex (K404 says it is read as the default edition),
    # not an empty codex beside an unknown one
    (corpus / "known.txt").unlink()
    (corpus / "sources.toml").unlink()
    run = kodeks("build", str(corpus), "-o", str(tmp_path / "alone"), "--no-pdf", check=True)
    out = " ".join((run.stdout + run.stderr).split())
    codex = json.loads((tmp_path / "alone" / "codex.json").read_text(encoding="utf-8"))
    assert [e["id"] for e in codex["entries"]] == ["5", "5A"] and "editions" not in codex
    assert "2 entries" in out and "unknown" not in out.split("entries")[1][:20], out
    report = json.loads((tmp_path / "alone" / "report.json").read_text(encoding="utf-8"))
    assert "K404" in [d["code"] for d in report["diagnostics"]]


def test_a_notice_naming_another_code_adds_no_empty_site(tmp_path: Path):
    """A tournament's notice that says it follows the 2017 code, beside a law page,
    makes no 2017 site, index or export: it holds no law text (K405), and it is
    listed with the codex's sources."""
    notice = (
        "Положение о турнире\n\nТурнир играется по Кодексу спортивного бриджа 2017 года. "
        "Заявки принимает судья до начала первой сессии, а призы получают три лучшие пары "
        "по итогам обеих сессий.\n"
    )
    corpus = write_corpus(tmp_path / "c", {"law.txt": _LAW_7, "notice.txt": notice})
    out = tmp_path / "out"
    run = kodeks("build", str(corpus), "-o", str(out), "--no-pdf", check=True)
    said = " ".join((run.stdout + run.stderr).split())
    assert "2 entries" in said and "2017" not in said, said
    assert not (out / "html" / "2017").exists() and not (out / "codex-2017.sqlite").exists()
    # the site lists it with what it holds, in the reader's words
    index = (out / "html" / "index.html").read_text(encoding="utf-8")
    assert "notice.txt</a> (не текст правил:" in index and "law.txt</a> (текст правил)" in index
    assert "(laws)" not in index
    page = (out / "html" / "source-notice.html").read_text(encoding="utf-8")
    assert '<dd class="profile-kind">не текст правил:' in page
    codex = json.loads((out / "codex.json").read_text(encoding="utf-8"))
    assert [e["id"] for e in codex["entries"]] == ["7", "7A"] and "editions" not in codex
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    (k405,) = [d for d in report["diagnostics"] if d["code"] == "K405"]
    assert k405["message"].startswith("notice.txt: a page of the 2017 edition with no law text")
    proc = kodeks("export", "epub", str(corpus), "--edition", "2017", "-o", str(tmp_path / "b"))
    assert proc.returncode == 2 and "2017: sources with no law text" in proc.stderr
    proc = kodeks("show", "2017:7A", "--codex", str(out))
    assert proc.returncode == 2 and "(2017: sources with no law text)" in proc.stderr


def test_the_codex_of_an_unknown_edition_exports(tmp_path: Path):
    """A page whose edition nothing tells, beside a page of a declared edition, has
    its own codex, and ``export --edition unknown`` writes it (named as the default
    edition's, as its site is)."""
    corpus = write_corpus(
        tmp_path / "c",
        {"known.txt": _LAW_7, "page.txt": _LAW_5, "sources.toml": declared("known.txt", "1997")},
    )
    out = tmp_path / "akn"
    kodeks("export", "akn", str(corpus), "--edition", "unknown", "-o", str(out), check=True)
    written = " ".join(p.read_text(encoding="utf-8") for p in out.rglob("*.xml"))
    assert "Порядок раздачи карт" in written and "Контроль над картами" not in written


def test_dangling_references_of_unknown_pages_read_into_the_codex_are_listed(tmp_path: Path):
    """``refs --dangling`` lists the references of pages of an unknown edition that
    the codex read as its own (K404) beside a contents page of a known edition."""
    page = (
        "Правило 69. Согласие с претензией\n\nA. Когда согласие считается данным\n"
        "Согласие с претензией разыгрывающего даётся, когда вистующий согласен; взятки "
        "засчитываются по правилу 64A1.\n"
    )
    toc = "Правило 19. Контра ........ 40\nПравило 69. Согласие ........ 90\n" * 3
    corpus = write_corpus(
        tmp_path / "c",
        {"a.txt": page, "toc.txt": toc, "sources.toml": declared("toc.txt", "1987")},
    )
    out = tmp_path / "out"
    kodeks("build", str(corpus), "-o", str(out), "--no-pdf", check=True)
    proc = kodeks("refs", "--dangling", "--codex", str(out), "--format", "json", check=True)
    rows = json.loads(proc.stdout)
    assert [(r["source"], r["target"]) for r in rows] == [("a.txt", "64A1")], rows
