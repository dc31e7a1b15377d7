"""Edition profiles (``pipeline/editions.toml``): a text that names no year is still
told by the law titles it shows, its commentary paragraphs, its terms and a
division scheme run into a table of contents; a weakly evidenced source joins the
corpus's one edition; other editions stay apart; a bad table, an unknown edition id
and an unknown manifest edition get a message naming the file, the line and the key.

Every page here is written in our own words, in the layout real pages show."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import regex

from kodeks_testing import ROOT, SEEDS, kodeks
from pipeline import editions
from pipeline.read import read

FIXTURES = ROOT / "tests" / "fixtures" / "editions"

# a law page of the 1987 laws from another site: no year, a heading as that edition titles law 67
LAWS_1987_NO_YEAR = """\
Правило 67. Дефектная взятка

A. Пока следующая взятка не начата
Если кто-то забыл положить свою карту во взятку, он кладёт её, пока никто не пошёл дальше.
"""

# the same law as the 1997 translation titles another one (24)
LAWS_1997_TITLE = """\
ПРАВИЛО 24. КАРТА, ОТКРЫТАЯ ИЛИ СЫГРАННАЯ ВО ВРЕМЯ ТОРГОВЛИ

Если во время торговли игрок уронил карту лицом вверх, судья решает, что с ней делать.
"""

# three numbered paragraphs of the commentary, no year, no distinctive term
COMMENTARY_NO_YEAR = """\
12.1. Судья вмешивается тогда, когда видит, что сторона пострадала от чужой ошибки.
12.2. Назначая результат, он смотрит на то, что вероятнее всего случилось бы без нарушения.
12.3. Когда виноваты обе стороны, судья взвешивает вину каждой из них отдельно.
"""

# a table of contents whose entries run into one line, «Раздел» after a page number
TOC_RUN_IN = (
    "Правило 39. Заявки после последнего паса..........50 "
    "Раздел II - Ход вне очереди..........51 Правило 40. Договорённости..........52\n"
)

# a title page typed with spaces between the letters, table bars between the cells
SPACED_TITLE = (
    "|      |  З А К О Н Ы   Д У Б Л И К А Т Н О Г О   Б Р И Д Ж А  |      |  1 9 8 7  |\n"
)

# the 1987 commentary also says a фальшренонс «становится установленным»
COMMENTARY_ESTABLISHED = """\
63.4. Когда фальшренонс становится установленным, исправить его уже нельзя.
63.5. Игрок, заметивший свой фальшренонс раньше, исправляет его без всякого наказания.
"""

# a single weak hint of the 1987 wording: too little alone, enough beside 1987 sources
WEAK_1987 = """\
Правило 62. Исправление
Пока взятка не закрыта, игрок, у которого фальшренонс, обязан его исправить.
"""


@pytest.mark.parametrize(
    "text, why",
    [
        (LAWS_1987_NO_YEAR, "law titles"),
        (COMMENTARY_NO_YEAR, "commentary paragraphs"),
        (TOC_RUN_IN, "«Раздел» divisions"),
        (SPACED_TITLE, "names the year 1987"),
    ],
    ids=["title", "commentary", "toc-run-in", "spaced-year"],
)
def test_a_1987_text_without_a_year_is_told_by_its_profile(text: str, why: str):
    found = editions.assess(text)
    assert found.edition == "1987" and found.confidence > 0.5
    assert any(e.startswith("1987:") and why in e for e in found.evidence)


def test_a_1997_law_title_tells_the_1997_edition():
    found = editions.assess(LAWS_1997_TITLE)
    assert found.edition == "1997"
    assert any(e.startswith("1997:") and "(24)" in e for e in found.evidence)


def test_a_cut_off_or_damaged_title_still_reads_but_another_title_does_not():
    # the whole title, and one cut off after three words
    assert editions.assess("Правило 63. Выявление фальшренонса\n").edition == "1987"
    assert editions.assess("Правило 64. Процедура после выявления\nТекст.\n").edition == "1987"
    # law 64 under a title no edition of the table gives
    assert editions.assess("Правило 64. Карты на столе\nТекст.\n").edition == editions.UNKNOWN


def test_the_1987_commentary_saying_established_is_not_the_1997_wording():
    found = editions.assess(COMMENTARY_ESTABLISHED)
    assert found.edition == "1987"
    assert not [e for e in found.evidence if e.startswith("1997:")]


def test_a_weakly_evidenced_page_joins_the_corpus_of_its_edition(tmp_path: Path):
    """A user adds a 1987 page from another site to the 1987 corpus: it joins it."""
    assert editions.assess(WEAK_1987).edition == editions.UNKNOWN  # alone it is too little
    for p in SEEDS:
        shutil.copy(p, tmp_path / p.name)
    (tmp_path / "other-site.txt").write_text(WEAK_1987, encoding="utf-8")
    sources, diags = read(tmp_path)
    added = next(s for s in sources if s.name == "other-site.txt")
    assert added.edition == "1987" and added.edition_from == "corpus"
    assert [d.code for d in diags if "other-site.txt" in d.message] == ["K117"]


def test_weak_evidence_of_another_edition_does_not_join(tmp_path: Path):
    for p in SEEDS:
        shutil.copy(p, tmp_path / p.name)
    (tmp_path / "page.txt").write_text(
        "Правило 62. Исправление\nПока взятка не закрыта, установленный ренонс исправить нельзя.\n"
        "Глава VII. Розыгрыш\n",
        encoding="utf-8",
    )
    (tmp_path / "bare.txt").write_text(
        "Правило 40. Договорённости\nA. Игроки договариваются заранее.\n", encoding="utf-8"
    )
    sources, diags = read(tmp_path)
    by_name = {s.name: s for s in sources}
    assert by_name["page.txt"].edition == "1997"
    assert by_name["bare.txt"].edition == editions.UNKNOWN  # no evidence at all: kept apart
    assert "K114" in [d.code for d in diags if "bare.txt" in d.message]


def test_one_codex_for_1987_and_the_1997_page_apart(tmp_path: Path):
    """Built as a user would: the yearless 1987 pages merge into the 1987 codex; the
    1997 pages are their own codex, never variant readings of 1987 clauses, and the
    English half of a bilingual 1997 heading is not in its Russian title."""
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    for p in SEEDS:
        shutil.copy(p, corpus / p.name)
    shutil.copy(FIXTURES / "law64-1997.txt", corpus / "law64-1997.txt")
    (corpus / "law67-copy.txt").write_text(LAWS_1987_NO_YEAR, encoding="utf-8")
    (corpus / "law24-1997.txt").write_text(LAWS_1997_TITLE, encoding="utf-8")
    out = tmp_path / "out"
    kodeks("build", str(corpus), "-o", str(out), "--no-pdf", "-q", check=True)
    codex = json.loads((out / "codex.json").read_text(encoding="utf-8"))
    assert codex["edition"] == "1987"
    assert set(codex.get("editions", {})) == {"1997"}  # no «unknown» codex
    witnesses = {e["id"]: {w["source"] for w in e["witnesses"]} for e in codex["entries"]}
    assert "law67-copy.txt" in witnesses["67"]
    assert not [i for i, sources in witnesses.items() if "law24-1997.txt" in sources]
    later = codex["editions"]["1997"]["entries"]
    assert {"law24-1997.txt", "law64-1997.txt"} <= {
        w["source"] for e in later for w in e["witnesses"]
    }
    titles = {e["id"]: e["title"] for e in later}
    assert titles["64"].startswith("Процедура после установления ренонса")
    assert not [t for t in titles.values() if t and regex.search(r"\p{Latin}{2}", t)]


def test_get_names_the_table_file_and_the_known_ids():
    with pytest.raises(KeyError) as caught:
        editions.get("1975")
    message = str(caught.value)
    assert str(editions.TABLE) in message and "known: 1987, 1997" in message
    assert not message.startswith(("'", '"'))  # a sentence, not a repr


@pytest.mark.parametrize(
    "row, key",
    [
        ('id = "2030"\nyear = 2030\ntitle = "Законы"\n', "laws"),
        ('id = "2030"\nyear = "скоро"\ntitle = "Законы"\nlaws = 95\n', "shape"),
        (
            'id = "2030"\nyear = 2030\ntitle = "Законы"\nlaws = 95\nsignals = [["(", 1, "x", "wording"]]\n',
            "signals",
        ),
    ],
    ids=["missing", "wrong-shape", "bad-pattern"],
)
def test_a_bad_table_row_names_the_file_the_line_and_the_key(tmp_path: Path, row: str, key: str):
    table = tmp_path / "editions.toml"
    table.write_text(f'default = "2030"\n\n# the next row\n[[edition]]\n{row}', encoding="utf-8")
    with pytest.raises(editions.TableError) as caught:
        editions._load(table)
    assert f"{table}:4: [[edition]] #1" in str(caught.value) and key in str(caught.value)


def test_an_unknown_edition_in_the_manifest_is_an_error_naming_file_line_and_key(tmp_path: Path):
    (tmp_path / "a.txt").write_text(LAWS_1987_NO_YEAR, encoding="utf-8")
    (tmp_path / "sources.toml").write_text(
        '# corpus\n\n[[source]]\nfile = "a.txt"\nkind = "laws"\nedition = "1988"\n',
        encoding="utf-8",
    )
    sources, diags = read(tmp_path)
    (error,) = [d for d in diags if d.level == "error"]
    assert error.code == "K118"
    assert f"{tmp_path / 'sources.toml'}:6:" in error.message and "'edition'" in error.message
    assert "1988" in error.message and "known: 1987" in error.message
    assert sources[0].edition == "1987"  # the text decides: never a silent default
    assert sources[0].edition_from == "text"
