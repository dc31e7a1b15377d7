"""Editions as data (``pipeline/editions.toml``): the table, and the figures that
come from it (largest law a reference may name, the site title, the PDF date)."""

from __future__ import annotations

from pathlib import Path

import pytest
import regex
from hypothesis import given, settings
from hypothesis import strategies as st

from kodeks_testing import ROOT
from pipeline import editions
from pipeline.model import Source
from pipeline.refs import MAX_LAW, find_references


def test_the_default_edition_is_in_the_table():
    assert editions.DEFAULT.id == editions.DEFAULT_ID == "1987"
    assert editions.DEFAULT.year == 1987 and editions.DEFAULT.laws == 93
    # its table of contents shows «Глава VIII - …», «Часть III - …», then «Раздел I - …» inside it
    assert editions.DEFAULT.divisions == (
        ("Глава", "chapter"),
        ("Часть", "chapter-part"),
        ("Раздел", "part"),
    )
    assert editions.DEFAULT.heading == "Законы дубликатного бриджа (1987)"
    assert editions.DEFAULT.pdf_date.startswith("1987-")


def test_later_editions_carry_what_is_known():
    assert {"1997", "2007", "2017"} <= set(editions.EDITIONS)
    assert [w for w, _prefix in editions.get("1997").divisions] == ["Глава", "Часть", "Раздел"]
    with pytest.raises(KeyError, match="known: 1987"):
        editions.get("1975")


def test_a_new_edition_is_one_table_row(tmp_path: Path):
    table = tmp_path / "editions.toml"
    table.write_text(
        'default = "2030"\n[[edition]]\nid = "2030"\nyear = 2030\n'
        'title = "Законы"\nlaws = 95\ndivisions = [["Глава", "chapter"]]\n',
        encoding="utf-8",
    )
    loaded = editions._load(table)
    found, default = loaded.editions, loaded.default
    assert (
        default == "2030" and found["2030"].laws == 95 and found["2030"].heading == "Законы (2030)"
    )
    # reading another table leaves the build's table as it was
    assert (
        loaded.other_games == loaded.book_terms == []
        and editions.OTHER_GAMES
        and editions.BOOK_TERMS
    )
    assert editions.DEFAULT_ID != "2030"


def test_max_law_comes_from_the_table():
    assert MAX_LAW == editions.DEFAULT.laws
    assert [f.target for f in find_references(f"см. правило {MAX_LAW}")] == [str(MAX_LAW)]
    assert find_references(f"см. правило {MAX_LAW + 1}") == []


def test_edition_of_sources():
    def src(edition: str) -> Source:
        return Source(
            path="t.txt",
            name="t.txt",
            stem="t",
            kind="laws",
            text="x",
            encoding="utf-8",
            edition=edition,
        )

    assert editions.of_sources([src("1997"), src("1997")]).id == "1997"
    assert editions.of_sources([src("1997"), src("1987")]) is editions.DEFAULT
    assert editions.of_sources([]) is editions.DEFAULT


def test_the_year_lives_only_in_the_table():
    """Outside the table (and the corpus manifest) no module, template or CSS names
    the edition's year."""
    offenders = []
    for path in sorted((ROOT / "pipeline").rglob("*")):
        rel = path.relative_to(ROOT / "pipeline")
        if not path.is_file() or path.suffix not in (".py", ".html", ".css", ".js", ".toml"):
            continue
        if path.stem == "editions":
            continue
        if "1987" in path.read_text(encoding="utf-8"):
            offenders.append(str(rel))
    assert offenders == []


def test_site_and_pdf_title_come_from_the_table(built):
    index = (built / "html" / "index.html").read_text(encoding="utf-8")
    assert f"<title>{editions.DEFAULT.heading}" in index


@pytest.mark.parametrize(
    "text, edition",
    [
        ("ВВЕДЕНИЕ В КОДЕКС-2007\nКодекс определяет процедуру.", "2007"),
        (
            "ПРЕДИСЛОВИЕ К КОДЕКСУ СПОРТИВНОГО БРИДЖА - 2017\nПравила менялись в 1933, 1987 и 1997 годах.",
            "2017",
        ),
        ("Кодекс спортивного бриджа - 1997 действителен, кроме пунктов ниже.", "1997"),
        ("Комментарий к Правилам контрактного бриджа 1987\nПодготовлен комитетом.", "1987"),
        # «Глава» heads chapters in the 1987 translation too: the word alone tells nothing
        # (``assess`` reads how the heading is punctuated, see test_edition_profiles)
        ("Глава X. Судья турнира\nПРАВИЛО 81. ОБЯЗАННОСТИ", None),
        ("Часть III - Запрещённый ход\nРаздел I - Ход вне очереди", None),
        ("Правило 64. Процедура\nТекст правила, изданного в 2000 году.", None),
    ],
)
def test_detect(text, edition):
    assert editions.detect(text) == edition


def test_a_negated_term_is_not_the_other_editions_wording():
    # «неустановленный» holds «установлен» but is not the 1997 term «установленный ренонс»
    text = (
        "Правило 62. Исправление фальшренонса\n"
        "Если игрок сделал неустановленным фальшренонсом ход, он может исправить его.\n"
    )
    assert editions.assess(text).edition != "1997"


def test_division_words_are_the_tables():
    """Every edition's division words open a division in the grammar, in capitals
    too, and give the address space the table names; nothing else lists them."""
    from pipeline import addresses, grammar

    for e in editions.EDITIONS.values():
        for word, space in e.divisions:
            for written in (word, word.upper()):
                m = grammar.PART_HEAD.match(f"{written} IV - Заголовок")
                assert m and addresses.division(m[1], m[2]) == f"{space}:IV", written
            assert addresses.lenient(f"{word} IV") == f"{space}:IV"
            shown = addresses.display(f"{space}:IV").split()[0]
            assert grammar.DIVISION_WORDS[shown.lower()] == space


def test_a_new_division_word_is_one_table_row(tmp_path: Path):
    """An edition whose divisions use a word no other edition uses («Секция») needs
    its row in editions.toml and nothing else: the grammar, the lenient parser, the
    display and the edition detection all read it."""
    import shutil
    import subprocess
    import sys

    package = tmp_path / "pipeline"
    shutil.copytree(ROOT / "pipeline", package, ignore=shutil.ignore_patterns("__pycache__"))
    table = package / "editions.toml"
    table.write_text(
        table.read_text(encoding="utf-8")
        + '\n[[edition]]\nid = "2030"\nyear = 2030\ntitle = "Законы"\nlaws = 95\n'
        'divisions = [["Глава", "chapter"], ["Секция", "chapter-part"]]\n',
        encoding="utf-8",
    )
    probe = (
        "from pipeline import addresses, editions, grammar\n"
        "assert grammar.PART_HEAD.match('СЕКЦИЯ IV - Заголовок')[1] == 'СЕКЦИЯ'\n"
        "assert grammar.RUN_IN_DIVISION.search('Глава V. Торговля - Секция II')\n"
        "assert addresses.lenient('секция iv') == 'chapter-part:IV'\n"
        "assert editions.detect('Законы\\n\\nСекция I - Общее\\n') == '2030'\n"
        "print('ok')\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=tmp_path,
        env={"PYTHONPATH": str(tmp_path), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.stdout.strip() == "ok", proc.stderr


def test_named_year_is_the_first_match_of_a_full_scan():
    # detect_year runs its pattern only over the lines that hold a known year; the
    # answer must be the one a scan of the whole text gives
    from hypothesis import given, settings
    from hypothesis import strategies as st

    years = [str(e.year) for e in editions.EDITIONS.values()]
    pieces = ["Кодекс", "правилам", "ЗАКОН", "Laws", "law", " ", "-", "\n", "1", "x", *years]

    def full_scan(text: str) -> str | None:
        for m in editions._NAMED_YEAR.finditer(text):
            for e in editions.EDITIONS.values():
                if str(e.year) == m[1]:
                    return e.id
        return None

    @settings(max_examples=300, deadline=None)
    @given(st.lists(st.sampled_from(pieces), max_size=25).map("".join))
    def check(text):
        assert editions.detect_year(text) == full_scan(text)

    check()
    assert editions.detect_year("Кодекс\nбриджа 1997\nЗакон о бридже 1987") == "1987"


def test_a_signal_is_searched_only_where_its_literals_are():
    """``_needles`` reads the literals a match of a signal must hold; a text without
    them is not searched. Ruling a text out must never lose a match: checked against
    a full search on texts made of the patterns' own pieces, for every signal of the
    table and for patterns of every construct the reader handles."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    signals = [p for e in editions.EDITIONS.values() for p, *_ in e.signals]
    own = [
        r"(?:^\s*|\.{2,}\s*\d+\s+)Глава\s+[IVXLC]+\s*[-–—]",
        r"\bвыявлен\w*\s+(?:\w+\s+){0,2}?фальшренонс|фальшренонс\w*\s+(?:\w+\s+){0,2}?\bвыявлен",
        r"(?:ab|cd)+ef?gh",
        r"x(?>yz)w|(?:q(?:rs|tu))",
        r"(?i:Глава)\s+V",  # a local flag: not read, nothing ruled out
        r"\p{Lu}глава",  # syntax of the regex module only: not read
        r"(a)\1bc",
    ]
    # every construct of the own patterns gives the literals it should
    needles = {p: [[n.pattern for n in w] for w in editions._needles(p)] for p in own}
    assert needles[own[0]] == [["Глава"]]
    assert ["выявлен"] in needles[own[1]] and ["фальшренонс"] in needles[own[1]]
    assert needles[own[2]] == [["ab", "cd"], ["gh"]]
    # single letters are no needles; an atomic group's and a nested branch's are
    assert needles[own[3]] == [["yz", "rs", "tu"]]
    assert needles[own[4]] == needles[own[5]] == needles[own[6]] == []
    assert all(editions._needles(p) for p in signals)  # every signal of the table is read
    pieces = [
        "Глава", "ГЛАВА", "глава", "V", "IX", " ", "\n", "-", "..", "12", "выявленный",
        "фальшренонс", "ab", "cd", "ef", "gh", "xyz", "w", "qrs", "tu", "Law", "LAW 12",
        "Chapter", "/", "Раздел", "RHO", "S.", "O.", "[нарушитель", "обсчёт", "ренонс",
        "установленный", "установления", "Правило", "Часть", "a", "bc",
    ]  # fmt: skip

    @settings(max_examples=400, deadline=None)
    @given(st.lists(st.sampled_from(pieces), max_size=30).map("".join))
    def check(text):
        for p in signals + own:
            if regex.search(p, text, regex.I | regex.M):
                assert editions._may_match(p, text), (p, text)

    check()


def test_a_text_without_a_year_is_not_flattened_for_one():
    """``_flatten`` runs only when ``_may_name_a_year`` says the flattened text can
    hold a year: checked against flattening every text."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    pieces = ["1", "9", "8", "7", "19", "87", "1987", "1997", " ", "  ", "\t", "|", "\n", "\n\n",
              "ЗАКОНЫ", "бриджа", "П Р А В И Л А", "x"]  # fmt: skip

    @settings(max_examples=400, deadline=None)
    @given(st.lists(st.sampled_from(pieces), max_size=30).map("".join))
    def check(text):
        if editions.detect_year(editions._flatten(text)) is not None:
            assert editions._may_name_a_year(text), text

    check()
    assert not editions._may_name_a_year("Законы бриджа 19\n87, 2 0 0")
    assert editions._may_name_a_year("З А К О Н Ы  1 9 8 7")


@pytest.mark.parametrize(
    ("text", "other"),
    [
        ("Вратарь ловит мяч руками только в своей зоне; судья следит за этим.", True),
        ("Мяч в игре, пока не пересёк линию ворот.", True),
        ("Мяч упал, и судья велел сыграть карту снова.", False),  # cards: may be the laws
        ("Судья показывает вратарю жёлтую карточку за мяч, отбитый рукой.", True),
        ("Судья решает, была ли взятка выиграна.", False),
        ("Один мяч ещё не код другой игры.", False),
    ],
)
def test_other_play_needs_two_words_of_another_game_and_none_of_cards(text, other):
    assert bool(editions.other_play(text)) == other


@pytest.mark.parametrize(
    ("text", "conditions"),
    [
        ("Чемпионат состоится в мае; взнос вносят до первого тура.", True),
        ("Призёров кубка награждают в последний день, судья оглашает итоги.", True),
        ("Чемпионат клуба судит судья; болван молчит.", False),  # one word of an event
        # two words of an event, but more of the book: the dummy, the declarer, the director
        ("На чемпионате с призами болван не вмешивается, разыгрывающий зовёт судью.", False),
        ("Признание претензии не приз и не положение о чём-либо.", False),  # look-alikes
        # a page that heads a law: the law on the organiser, or a law under a club's news
        ("Правило 80. Организатор\nНазначает место проведения, взнос и призы.", False),
        ("Новости: чемпионат состоится в мае.\nПравило 79. Взятки\nСудья их считает.", False),
    ],
)
def test_competition_conditions_need_two_words_of_an_event_and_fewer_of_the_book(text, conditions):
    assert bool(editions.competition_conditions(text)) == conditions


_LINE_CHARS = "Ab zЯж1.,'’–-\t\n(ſ23"


def _hinted_as_finditer(text: str) -> None:
    # the hints only say which lines to try: matching there finds what finditer finds
    from pipeline.grammar import THREE_LEVELS

    for hint, pattern in (
        (editions._numbered_line(), editions._FOREIGN_HEADING),
        (editions._numbered_line(), THREE_LEVELS),
        (editions._alone_line(), editions._SHORT_LINE),
    ):
        fast = [m.span() for m in editions._line_matches(hint, pattern, text)]
        assert fast == [m.span() for m in pattern.finditer(text)]


@given(st.text(alphabet=_LINE_CHARS, max_size=300))
@settings(max_examples=400, deadline=None)
def test_line_hints_find_every_line_the_heading_patterns_match(text):
    _hinted_as_finditer(text)


@given(
    st.lists(
        st.sampled_from(
            ["1.2.3. ", "LAW 23 - Title", "Loi 6 > Titre", " \t", "x ", "٣", "12.", "\n"]
        )
        | st.text(alphabet=_LINE_CHARS + "\r\x85\u2028\xa0\u0663\uff11K", max_size=8)
    ).map("".join)
)
@settings(max_examples=400, deadline=None)
def test_the_numbered_line_hint_finds_every_numbered_heading(text):
    _hinted_as_finditer(text)


def test_no_digit_is_among_the_characters_the_numbered_line_hint_skips():
    """``editions._NOT_A_DIGIT`` holds no character ``regex`` reads as a digit."""
    import re

    import regex

    every = "".join(chr(c) for c in range(0x110000) if not 0xD800 <= c < 0xE000)
    skipped = re.compile(f"[{editions._NOT_A_DIGIT}]")
    assert not [c for c in regex.findall(r"\d", every) if skipped.match(c)]
    assert skipped.match("ж") and skipped.match("—") and not skipped.match("7")


@pytest.mark.parametrize(
    "line",
    ["Talia, starszeństwo kart i kolorów", "  The Pack\t", "LAW 23 - Awareness", "ſ 1. Title"],
)
def test_line_hints_keep_a_title_line(line):
    _hinted_as_finditer(f"x.\n{line}\n1.2\n")


def test_a_word_of_cards_anywhere_keeps_a_text_of_the_other_games_words():
    # the card words are looked for first: wherever they stand, the answer is the same
    assert editions.other_play("мяч и мяч, а потом карта") == ""
    assert editions.other_play("карта, мяч и мяч") == ""
    assert "мяч" in editions.other_play("мяч и мяч у ворот")


@given(st.data())
@settings(max_examples=300, deadline=None)
def test_a_line_with_no_letter_of_the_translated_titles_is_no_title(data):
    """The line-alone scorer skips a line sharing no character but spaces with the
    translated titles (``_title_letters``): compared, it would score below the cut-off."""
    from rapidfuzz import fuzz

    wants = [
        w
        for _e, _t, near in editions._foreign_titles()
        for wanted in near.values()
        for _n, w in wanted
    ]
    want = data.draw(st.sampled_from(wants))
    # the title with some of its characters kept and the others put in Cyrillic
    keep = data.draw(st.lists(st.booleans(), min_size=len(want), max_size=len(want)))
    have = "".join(c if k or c == " " else "ж" for c, k in zip(want, keep, strict=True))
    if editions._title_letters().isdisjoint(have):
        assert all(fuzz.ratio(w, have) < editions.TITLE_MATCH for w in wants), have


@given(st.data())
@settings(max_examples=200, deadline=None)
def test_the_lines_alone_skipped_would_have_matched_no_title(data):
    """``_foreign_headings`` finds the same titles whether or not it skips the lines
    that share no letter with the translated titles (with «е» among the letters it
    skips none)."""
    from unittest import mock

    titles = [t for e in editions.EDITIONS.values() for _l, ts in e.titles_in for _n, t in ts]
    line = st.sampled_from(titles).flatmap(
        lambda t: st.lists(st.booleans(), min_size=len(t), max_size=len(t)).map(
            lambda keep: "".join(c if k else "ж" for c, k in zip(t, keep, strict=True))
        )
    ) | st.sampled_from(["Судья решает", "Ёж и ёлка", "THE PACK", "Talia kart", "„ж"])
    text = "\n".join(data.draw(st.lists(line, max_size=8)))
    fast: dict[str, list[int]] = {}
    editions._foreign_headings(text, fast)
    every = editions._title_letters() | {"е"}
    slow: dict[str, list[int]] = {}
    with mock.patch.object(editions, "_title_letters", lambda: every):
        editions._foreign_headings(text, slow)
    assert fast == slow, text


def test_a_year_of_the_codes_history_is_not_the_edition_a_title_names():
    """A later code's preface tells which words the code «до 1987 г.» used: the year
    after «до» (``past_words``) is history, not the edition; a title's year further on
    still is."""
    assert (
        editions.detect_year("В прежних редакциях Кодекса до 1987 г. слова значили иное.") is None
    )
    assert editions.detect_year("Кодекс до 1987 г., а затем Кодекс 1997 года") == "1997"


def test_a_title_wrapped_over_two_short_lines_names_its_year():
    """A site's first page of a code: its title wrapped by one line end over two short
    lines, the year in brackets on the second, then the text. The flattened title is
    one title and names 1997 (``_TITLE_WRAP``)."""
    page = (
        "Меню сайта\n\n"
        "Большой Кодекс\n"
        "турнирного бриджа (1997)\n\n\n"
        "Здесь собран текст свода и решений федерации.\n\n"
        "В прежних редакциях Кодекса до 1987 г. слова «может» и «должен» значили почти одно "
        "и то же.\n"
    )
    assert editions.detect_year(editions._flatten(page)) == "1997"
    assert editions.assess(page).edition == "1997"
    # a law heading over a line of its text is no title with a year
    assert editions.detect_year(editions._flatten("Правило 12. Полномочия судьи\nтекст\n")) is None


def test_evidence_quotes_the_pages_own_commentary_key():
    found = editions.assess("74.3. Игрок не должен торопить партнёра.\n74.4. Взятки.\n")
    assert any("numbered commentary paragraphs («74.3.»)" in e for e in found.evidence), found


def test_a_line_alone_that_is_part_of_a_translated_title_names_no_edition():
    """A law's page in another language has a section's title on a line of its own,
    which may read as the end of another edition's title of the law («Starszeństwo
    kart i kolorów», «The Rank of Cards and Suits»): only a line as long as a whole
    title is one."""
    for part in ("Starszeństwo kart i kolorów", "The Rank of Cards and Suits"):
        found: dict[str, list[int]] = {}
        editions._foreign_headings(f"Prawo 1\n{part}\nTekst.\n", found)
        assert found == {}, part
    found = {}
    editions._foreign_headings("Talia, starszenstwo kart i kolorow\nTekst.\n", found)
    assert found == {"2007": [1]}
