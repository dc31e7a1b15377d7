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
from pipeline import editions, grammar
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
        (
            'id = "2030"\nyear = 2030\ntitle = "Законы"\nlaws = 95\nsignals = [["Глава {roman}", 1, "x", "scheme"]]\n',
            "{roman}",
        ),
    ],
    ids=["missing", "wrong-shape", "bad-pattern", "unknown-fragment"],
)
def test_a_bad_table_row_names_the_file_the_line_and_the_key(tmp_path: Path, row: str, key: str):
    table = tmp_path / "editions.toml"
    table.write_text(f'default = "2030"\n\n# the next row\n[[edition]]\n{row}', encoding="utf-8")
    with pytest.raises(editions.TableError) as caught:
        editions._load(table)
    assert f"{table}:4: [[edition]] #1" in str(caught.value) and key in str(caught.value)


@pytest.mark.parametrize(
    "lists, key",
    [
        ("book_terms = ['болван']\ncontest_terms = ['судья']\n", "contest_terms"),
        ("game_terms = ['колод']\ncontest_play = ['игрок']\n", "contest_play"),
    ],
)
def test_a_shared_word_that_is_in_no_list_it_narrows_names_the_key(
    tmp_path: Path, lists: str, key: str
):
    table = tmp_path / "editions.toml"
    row = '[[edition]]\nid = "2030"\nyear = 2030\ntitle = "Законы"\nlaws = 95\n'
    table.write_text(f'default = "2030"\n{lists}\n{row}', encoding="utf-8")
    with pytest.raises(editions.TableError) as caught:
        editions._load(table)
    assert str(table) in str(caught.value) and repr(key) in str(caught.value)


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


# --- other translations and other games (pages in our own words) -----------------

# a law page of the 2017 translation, no year: its title of law 64 and its term
# «установленный фальшренонс» (the 1987 laws say «выявленный»)
LAWS_2017_NO_YEAR = """\
ПРАВИЛО 64. ПРОЦЕДУРА ПОСЛЕ УСТАНОВЛЕНИЯ ФАЛЬШРЕНОНСА
A. Исправление после фальшренонса
1. Если взятку с фальшренонсом взял сам нарушитель, в конце сдачи она уходит другой стороне.
B. Исправления нет
Исправления нет, если установленный фальшренонс случился в последней взятке.
"""

# a table of contents of the 1987 translation: chapters «Глава N - …» with a dash,
# the English shorthand it keeps (RHO, S.O.) and its word «обсчёт»
TOC_1987_CHAPTERS = """\
Правило 31. Заявка в очередь RHO..............64
Глава VIII - ОБСЧЁТ...........................110
Правило 78. Способы обсчёта...................112
Глава IX - ТУРНИР.............................114
Правило 80. Права S.O.........................114
"""

# a title page behind a | margin: the title and the year typed apart, on lines of their own
TITLE_PAGE_SPACED = """\
|
|          З А К О Н Ы
|
|   Д У Б Л И К А Т Н О Г О   Б Р И Д Ж А
|
|
|               1 9 8 7
|
|        Перевод с английского
|
"""

# the 1997 translation beside its English original, chapters «Глава N.» with a full stop
LAWS_1997_BILINGUAL = """\
Глава XI. Апелляции
ПРАВИЛО 92. ПРАВО НА АПЕЛЛЯЦИЮ
A. Участник может попросить пересмотреть решение судьи.
CHAPTER XI. APPEALS
LAW 92 - RIGHT TO APPEAL
A. A contestant may ask for a review of a ruling.
"""

# the code of another card game, numbered like the commentary's paragraphs
OTHER_GAME_CODE = """\
Правила игры в покер
1.1. Игроки садятся за стол и получают по две карты.
1.2. Торговля идёт по кругу, пока все не уравняют ставки.
1.3. Побеждает тот, у кого старшая комбинация.
"""

# a commentary page that starts mid-paragraph: no number, no year, no term
COMMENTARY_MID_PARAGRAPH = """\
что игрок не вправе рассчитывать на подсказку партнёра, и судья, выслушав обе
стороны, решает, было ли у того основание задать вопрос именно тогда.¶
(ii) Если основания не было, судья смотрит, не извлёк ли партнёр из вопроса
пользы, и только потом решает, что делать с результатом.¶
(iii) Сам по себе вопрос ещё ничего не нарушает.¶
"""


def test_a_2017_law_page_without_a_year_is_2017_not_1987():
    found = editions.assess(LAWS_2017_NO_YEAR)
    assert found.edition == "2017"
    assert any(e.startswith("2017:") and "(64)" in e for e in found.evidence)
    # the heading is near the 1987 title of law 64 too, but it is the 2017 one it reads as
    assert not [e for e in found.evidence if e.startswith("1987:") and "law titles" in e]


def test_a_1987_table_of_contents_with_chapters_is_not_1997():
    found = editions.assess(TOC_1987_CHAPTERS)
    assert found.edition == "1987" and found.confidence > 0.5
    assert any("«Глава N - …»" in e for e in found.evidence)
    assert any("RHO" in e for e in found.evidence) and any("S.O." in e for e in found.evidence)
    assert not [e for e in found.evidence if e.startswith("1997:")]


# a page from the middle of the 1987 laws: a part of a chapter headed with a dash,
# no chapter, no year, no term of the edition's own
PART_1987_DASH = """\
Часть II - ОШИБКИ ПРИ ИГРЕ
Правило 49. Открытая карта защитника
A. Защитник, показавший карту, кладёт её на стол лицом вверх.
"""


def test_a_part_headed_with_a_dash_is_the_1987_scheme():
    found = editions.assess(PART_1987_DASH)
    assert found.edition == "1987"
    assert any("«Часть N - …»" in e for e in found.evidence)
    assert editions.assess("Часть II Процедура\nПравило 49. Открытая карта\n").edition != "1987"


def test_a_spaced_year_on_a_margined_title_page_names_the_edition():
    found = editions.assess(TITLE_PAGE_SPACED)
    assert found.edition == "1987"
    assert any("names the year 1987" in e for e in found.evidence)


def test_the_1997_translation_beside_its_english_original():
    found = editions.assess(LAWS_1997_BILINGUAL)
    assert found.edition == "1997" and found.confidence > 0.5
    assert any("«Глава N.»" in e for e in found.evidence)
    assert any("English headings" in e for e in found.evidence)


def test_the_code_of_another_game_gets_no_edition_and_joins_none(tmp_path: Path):
    found = editions.assess(OTHER_GAME_CODE)
    assert found.edition == editions.UNKNOWN and "покер" in found.not_laws
    assert [e.split(":")[0] for e in found.evidence] == [editions.NOT_LAWS]
    # beside a 1987 corpus it stays apart, and the warning says why
    for p in SEEDS:
        shutil.copy(p, tmp_path / p.name)
    (tmp_path / "poker.txt").write_text(OTHER_GAME_CODE, encoding="utf-8")
    sources, diags = read(tmp_path)
    poker = next(s for s in sources if s.name == "poker.txt")
    assert poker.edition == editions.UNKNOWN
    (warning,) = [d for d in diags if "poker.txt" in d.message]
    assert warning.code == "K114" and "another card game" in warning.message


# another code, numbered in three levels; it names no game
THREE_LEVEL_CODE = """\
2.1. Места за столом
2.1.1. Места разыгрывают по картам: кто вытянул младшую, садится первым.
2.1.2. Остальные садятся по часовой стрелке за ним.
2.2. Сдача
2.2.1. Сдают по одной карте каждому, начиная слева.
"""


def _read_alone_as_unknown(tmp_path: Path, text: str, why: str) -> None:
    """``text`` read as a corpus of its own gets no edition, and K114 alone says why."""
    (tmp_path / "code.txt").write_text(text, encoding="utf-8")
    (source,), diags = read(tmp_path)
    assert source.edition == editions.UNKNOWN
    assert [d.code for d in diags] == ["K114"] and why in diags[0].message


def test_a_code_numbered_in_three_levels_gets_no_edition_even_as_a_commentary(tmp_path: Path):
    found = editions.assess(THREE_LEVEL_CODE)
    assert found.edition == editions.UNKNOWN and "three levels" in found.not_laws
    # the reason quotes the page's own numbers, not an example of them
    assert "(«2.1.1.», «2.1.2.»)" in found.not_laws
    assert not [e for e in found.evidence if e.startswith("1987:")]
    _read_alone_as_unknown(tmp_path, THREE_LEVEL_CODE, "three levels")


# another code, its chapters numbered with sub-numbers (as a maritime convention's are)
SUBNUMBERED_CODE = """\
Глава I - Общие положения
Правило 1. Область действия
Эти требования действуют для всех судов, если не сказано иное.
Глава II-1 - Устройство корпуса
Правило 1. Применение
1.1 Глава действует для судов, заложенных после названной даты.
Глава II-2 - Защита от огня
Правило 2. Цели
"""


def test_a_code_with_subnumbered_chapters_is_no_edition_and_has_no_chapter_ii(tmp_path: Path):
    found = editions.assess(SUBNUMBERED_CODE)
    assert found.edition == editions.UNKNOWN and "sub-numbers" in found.not_laws
    assert "(«Глава II-1», «Глава II-2»)" in found.not_laws
    # «Глава II-1» is no heading of chapter II (whose title would read «1 - Устройство …»)
    assert grammar.PART_HEAD.match("Глава II-1 - Устройство корпуса") is None
    assert grammar.PART_HEAD.match("Глава II - Торговля")[2] == "II"
    # one such chapter alone is no evidence of the 1987 scheme either
    alone = "Глава II-1 - Устройство корпуса\nПравило 1. Применение\n"
    assert not [e for e in editions.assess(alone).evidence if "«Глава N - …»" in e]
    (tmp_path / "code.txt").write_text(SUBNUMBERED_CODE, encoding="utf-8")
    (source,), diags = read(tmp_path)
    assert source.edition == editions.UNKNOWN
    assert [d.code for d in diags] == ["K114"] and "sub-numbers" in diags[0].message


def test_a_commentary_page_alone_is_the_commented_edition(tmp_path: Path):
    """A user builds one commentary page that shows no number and no term: the
    commentary Kodeks reads comments on one edition, so the page is of it (K116)."""
    assert editions.assess(COMMENTARY_MID_PARAGRAPH).edition == editions.UNKNOWN
    (tmp_path / "page.txt").write_text(COMMENTARY_MID_PARAGRAPH, encoding="utf-8")
    sources, diags = read(tmp_path)
    (page,) = sources
    assert page.kind == "commentary"
    assert (
        (page.edition, page.edition_from)
        == (editions.COMMENTED, "commentary")
        == ("1987", "commentary")
    )
    assert [d.code for d in diags] == ["K116"]
    assert "comments on the 1987 laws" in diags[0].message


def test_a_commentary_page_beside_laws_of_two_other_editions_stays_apart(tmp_path: Path):
    (tmp_path / "page.txt").write_text(COMMENTARY_MID_PARAGRAPH, encoding="utf-8")
    (tmp_path / "law64-2017.txt").write_text(LAWS_2017_NO_YEAR, encoding="utf-8")
    (tmp_path / "law92-1997.txt").write_text(LAWS_1997_BILINGUAL, encoding="utf-8")
    sources, diags = read(tmp_path)
    by_name = {s.name: s for s in sources}
    assert by_name["law64-2017.txt"].edition == "2017"
    assert by_name["law92-1997.txt"].edition == "1997"
    assert by_name["page.txt"].edition == editions.UNKNOWN
    assert "K114" in [d.code for d in diags if "page.txt" in d.message]


def test_a_1987_corpus_and_a_2017_page_build_apart(tmp_path: Path):
    """Built as a user would: the seeds and a yearless 2017 page of law 64. The build
    succeeds; the 2017 page is its own codex, never a reading of the 1987 law 64, and
    the report says why it stands apart."""
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    for p in SEEDS:
        shutil.copy(p, corpus / p.name)
    (corpus / "law64-2017.txt").write_text(LAWS_2017_NO_YEAR, encoding="utf-8")
    out = tmp_path / "out"
    proc = kodeks("build", str(corpus), "-o", str(out), "--no-pdf", "-q")
    assert proc.returncode == 0 and "Traceback" not in proc.stderr
    codex = json.loads((out / "codex.json").read_text(encoding="utf-8"))
    assert codex["edition"] == "1987" and set(codex.get("editions", {})) == {"2017"}
    witnesses = {w["source"] for e in codex["entries"] for w in e["witnesses"]}
    assert "law64-2017.txt" not in witnesses
    later = {w["source"] for e in codex["editions"]["2017"]["entries"] for w in e["witnesses"]}
    assert later == {"law64-2017.txt"}
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    (why,) = [
        d for d in report["diagnostics"] if d["code"] == "K108" and "law64-2017.txt" in d["message"]
    ]
    assert "2017" in why["message"] and "never merged" in why["message"]


def test_the_scheme_signals_read_the_division_number_of_the_grammar():
    """The table's «Глава N - …» signals are filled with the grammar's one fragment: a
    chapter with a sub-number is no evidence of the scheme, a plain one is."""
    scheme = [p for p, _w, _what, level in editions.get("1987").signals if level == "scheme"]
    assert not any("{" + name + "}" in p for p in scheme for name in editions.FRAGMENTS)
    assert sum(editions.DIVISION_NUMBER in p for p in scheme) == 3
    chapter = next(regex.compile(p, regex.M) for p in scheme if "Глава" in p)
    assert chapter.search("Глава IV - Торговля")
    assert not chapter.search("Глава II-1 - Конструкция")


# another game's code, divided into articles, its points numbered in two levels
ARTICLE_CODE = """\
Статья 12. Запись партии
12.1. Каждый ход записывают на бланке, пока часы идут.
12.2. Бланк подписывают оба участника после окончания партии.
Статья 13. Время
13.1. Опоздавшему засчитывают поражение.
"""


def test_a_code_divided_into_articles_gets_no_edition_even_as_a_commentary(tmp_path: Path):
    found = editions.assess(ARTICLE_CODE)
    assert found.edition == editions.UNKNOWN and "«Статья 12.»" in found.not_laws
    assert not [e for e in found.evidence if e.startswith("1987:")]
    _read_alone_as_unknown(tmp_path, ARTICLE_CODE, "article")


# another card game's players list its penalties in numbered points; they name no game
OTHER_CARD_PLAY = """\
Штрафы за нарушения при сдаче
1. Сдающий посмотрел прикуп до конца торговли.
1.1. Штраф десять очков в гору.
2. Игрок объявил мизер и открыл карты раньше времени.
2.1. Сдача переигрывается.
"""


def test_another_card_games_own_play_gets_no_edition_even_as_a_commentary(tmp_path: Path):
    found = editions.assess(OTHER_CARD_PLAY)
    assert found.edition == editions.UNKNOWN and "«прикуп», «мизер»" in found.not_laws
    assert not [e for e in found.evidence if e.startswith("1987:")]
    _read_alone_as_unknown(tmp_path, OTHER_CARD_PLAY, "another card game")


# a tournament's conditions that name the code it is played by, and that code's year
CONDITIONS = """\
Парный турнир выходного дня по бриджу
Турнир состоится в субботу в клубе на Речной улице.
Турнир проводится по Кодексу спортивного бриджа в редакции 2017 года.
Главный судья: Орлов К.
Взнос 600 рублей с пары, три лучшие пары получают призы.
"""


def test_a_tournaments_conditions_naming_the_codes_year_get_no_edition(tmp_path: Path):
    """The year of the code a tournament is played by names no edition of the page:
    the page is the tournament's conditions, not the laws of that year."""
    found = editions.assess(CONDITIONS)
    assert found.edition == editions.UNKNOWN and "competition" in found.not_laws
    assert not [e for e in found.evidence if e.startswith("2017:")]
    _read_alone_as_unknown(tmp_path, CONDITIONS, "competition")


# a board game's code, its parts headed «Раздел I.» as the 1987 translation heads them
BOARD_GAME_CODE = """\
Правила вида спорта «го»
Раздел I. Общие положения
Настоящие правила действуют на всех официальных соревнованиях по го.
Раздел II. Доска и камни
Игрок ставит камень на свободное пересечение линий доски.
"""


def test_a_code_that_names_no_game_gets_no_edition_from_its_part_headings(tmp_path: Path):
    """A division heading tells an edition only in a text that names the game: a board
    game's code heads its parts «Раздел I.» too. The director's law that letters its
    sections, naming no card, keeps the evidence of its heading."""
    found = editions.assess(BOARD_GAME_CODE)
    assert found.edition == editions.UNKNOWN
    assert not [e for e in found.evidence if e.startswith("1987:")]
    _read_alone_as_unknown(tmp_path, BOARD_GAME_CODE, "no evidence")
    law = (
        "Раздел I - Обязанности\n"
        "Правило 91. Право наказывать\n"
        "A. Порядок в зале\n"
        "Судья вправе наказать участника очками за нарушение порядка.\n"
    )
    assert editions.assess(law).edition == "1987"


def test_words_like_another_games_and_an_article_named_in_text_are_the_laws_own():
    """«мизерный» is no misère, a line of text that opens with «Статья 7 Регламента» is
    no article's heading, and a law's tail that names results «утверждённых» by the
    organisers is no approval of an official text."""
    assert (
        editions.other_card_play("мизерное преимущество нарушителя и даже мизерный выигрыш") == ""
    )
    assert (
        editions.another_code(
            "81.1. Судья отвечает за порядок.\nСтатья 7 Регламента повторяет это.\n"
        )
        == ""
    )
    assert (
        editions.front_matter("результатов, утверждённых организаторами соревнования до начала.")
        == ""
    )
    assert editions.front_matter("по регламенту, утверждённым постановлением Президиума.") == ""
    assert editions.front_matter("Утверждены приказом Министерства спорта от 1 марта 2020 г.")


def test_a_commentary_that_names_another_games_play_or_quotes_an_article_is_the_laws():
    """A commentary paragraph that compares bridge with preference («прикуп»,
    «распасы») speaks of the laws far more; one that quotes a regulation's «Статья 7.»
    numbers no points of it: both stay the commentary."""
    text = (
        "Правило 72. ОБЩИЕ ПОЛОЖЕНИЯ\n"
        "72.1. Игроки, пришедшие в бридж из преферанса, ждут, что после торговли будет "
        "прикуп или что при всех пасах начнутся распасы. Разыгрывающий и вистующие помнят, "
        "что судья применяет правила.\n"
        "72.2. Регламент соревнований говорит о том же:\n"
        "Статья 7. Судья ведёт протокол сдач.\n"
        "72.3. Судья объясняет правило игрокам.\n"
    )
    assert editions.another_code(text) == ""
    assert editions.assess(text).not_laws == ""
