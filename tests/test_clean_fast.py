"""The cleaner's shortcuts give what the plain passes give: a pattern tried only
on the lines that hold its needle finds what a scan of the whole text finds, a
pattern rewritten not to backtrack matches what the plain one matched, on
generated text built from the characters the patterns care about."""

from __future__ import annotations

import regex
from hypothesis import example, given, settings
from hypothesis import strategies as st

from pipeline import clean as C

_PIECES = [
    " ",
    "  ",
    "\t",
    "\n",
    "\n\n",
    "¶",
    "..page",
    "page",
    ".",
    "....",
    "........",
    "5",
    "62",
    ",",
    "|",
    "| |",
    "-----",
    "=====",
    "~~~~~",
    "њњњњњ",
    "---",
    "слово",
    "Правило",
    "x",
]
_TEXTS = st.lists(st.sampled_from(_PIECES), max_size=30).map("".join)

_PLAIN_INLINE_MARK = regex.compile(
    r"^[ \t]*¶[ \t]*\n|[ \t]*¶[ \t]*|[ \t]?\.\.page[ \t]?\d+|[ \t]*\.{4,}[ \t]*\d{0,4}(?=[ \t]*$)",
    regex.M,
)
"""``_INLINE_MARK`` as it was written before it stopped giving back dots."""


def _spans(matches) -> list[tuple[int, int]]:
    return [m.span() for m in matches]


@settings(max_examples=600, deadline=None)
@given(_TEXTS)
def test_inline_marks_match_as_the_plain_pattern_did(text):
    assert _spans(C._INLINE_MARK.finditer(text)) == _spans(_PLAIN_INLINE_MARK.finditer(text))


@settings(max_examples=600, deadline=None)
@given(_TEXTS)
@example("| | ¶¶")  # a spaced word right before a mark: the hint once missed it
def test_patterns_tried_on_needle_lines_find_what_a_whole_scan_finds(text):
    rule_needles = C._rule_needles(text)
    for pattern, lines in (
        (C._INLINE_MARK, C._needle_lines(text, C._INLINE_MARK_NEEDLES)),
        (C._TABLE_BAR, C._needle_lines(text, "|")),
        (C._INLINE_RULE, C._needle_lines(text, rule_needles)),
        (C._SPACED, C._hint_lines(text, C._SPACED_HINT)),
    ):
        assert _spans(C._finditer_lines(pattern, text, lines)) == _spans(pattern.finditer(text)), (
            pattern.pattern
        )


_SPACED_PIECES = [
    " ",
    "  ",
    "   ",
    "\t",
    "\n",
    "\x1c",
    "\xa0",
    "П",
    "Р",
    "а",
    "6",
    "4",
    ".",
    "слово",
]


@settings(max_examples=800, deadline=None)
@given(st.lists(st.sampled_from(_SPACED_PIECES), max_size=30).map("".join))
def test_spaced_letters_found_on_hinted_lines_are_all_there_are(text):
    lines = C._hint_lines(text, C._SPACED_HINT)
    assert _spans(C._finditer_lines(C._SPACED, text, lines)) == _spans(C._SPACED.finditer(text))


def test_needle_lines_start_at_the_first_needle_and_the_blanks_before_it():
    text = "слово\nab  ¶ c ¶\n\t¶\nx"
    assert C._needle_lines(text, ["¶"]) == [(8, 15), (16, 18)]


_LINE_PIECES = [
    "Все о бридже",
    "Шрифт",
    "Размер шрифта",
    "Версия для печати",
    "На главную",
    "Назад",
    "Вперёд",
    "Оглавление",
    "Содержание",
    "Читать далее",
    "Меню",
    "Поиск",
    "Главная",
    "Войти",
    "Регистрация",
    "Печать",
    "скачать",
    "Скачать",
    "Стр. 12",
    "стр. 3",
    "A A A",
    "x",
    " ",
    "-",
    "– 87",
    "12",
    "..page4",
    "=====",
    "?????",
    "|",
    "Правило",
    "слово",
    ":",
]


@settings(max_examples=800, deadline=None)
@given(st.lists(st.sampled_from(_LINE_PIECES), min_size=1, max_size=4).map("".join))
def test_lines_line_artefacts_skips_match_no_artefact_pattern(line):
    first = line[:1]
    if first.isalpha() and not (first.isascii() or line.startswith(C._ARTEFACT_WORDS)):
        for pattern in (
            C._CHROME,
            C._PAGE,
            C._DIRECTIVE,
            C._STRIP,
            C._RULE,
            C._QRULE,
            C._PAGE_PREFIX,
        ):
            assert not pattern.match(line), pattern.pattern


@st.composite
def _passes(draw):
    """A raw text and passes of sorted, non-overlapping changes in the coordinates
    of the text each pass meets (insertions, deletions, replacements, some of them
    cutting into or covering what an earlier pass wrote)."""
    raw = draw(st.text(alphabet="аб \n-.¶x", max_size=30))
    text, passes = raw, []
    for _ in range(draw(st.integers(1, 4))):
        cuts = sorted(draw(st.lists(st.integers(0, len(text)), max_size=8)))
        changes, last = [], -1
        for a, b in zip(cuts[::2], cuts[1::2], strict=False):
            if a < last:
                continue
            new = draw(st.sampled_from(["", " ", "\n", "ё", "аб"]))
            kind = draw(st.sampled_from(["unwrap", "dehyphenate", "gap"]))
            changes.append(C.Change(a, b, new, kind, draw(st.sampled_from(["", "why"]))))
            last = b
        out, at = [], 0
        for ch in changes:
            out += [text[at : ch.start], ch.new]
            at = ch.end
        text = "".join([*out, text[at:]])
        passes.append(changes)
    return raw, passes


@settings(max_examples=500, deadline=None)
@given(_passes())
def test_buffer_text_is_each_pass_applied_and_its_edits_rebuild_the_raw_text(case):
    from pipeline.buffer import Buffer, unapply
    from pipeline.model import Edit

    raw, passes = case
    buf = Buffer(raw)
    for changes in passes:
        before = buf.text
        buf.apply(changes)
        out, at = [], 0
        for ch in changes:
            out += [before[at : ch.start], ch.new]
            at = ch.end
        assert buf.text == "".join([*out, before[at:]])
        edits = [
            Edit(kind=k, span=None, before=raw[rs:re], after=after, clean_start=cs, why=why)
            for rs, re, after, k, cs, why in buf.edits()
        ]
        assert unapply(buf.text, edits) == raw
        starts = [e.clean_start for e in edits]
        assert starts == sorted(starts)


def test_is_known_answers_as_the_dictionary_does():
    """``morph.is_known`` asks the DAWG of word forms first: its answers stay those
    of pymorphy3's ``word_is_known`` (ё written as е too), and non-Russian words
    stay unknown."""
    from pipeline import morph

    words = [
        "правило",
        "Правило",
        "ПРАВИЛО",
        "ежик",
        "ёжик",
        "еще",
        "ещё",
        "партнер",
        "партнёр",
        "из-за",
        "какие-либо",
        "нару",
        "шителя",
        "следу",
        "ющую",
        "law",
        "64А1",
        "-",
        "слово1",
        "ВЗЯТКА",
        "взяткаа",
    ]
    for w in words:
        morph.is_known.cache_clear()
        lw = w.lower()
        expected = bool(morph._CYRILLIC_WORD.fullmatch(lw)) and morph.analyzer().word_is_known(lw)
        assert morph.is_known(w) == expected, w


_SUSPECT_PIECES = [
    " ",
    "\n",
    "слово",
    "Правило",
    "ПРАВИЛО",
    "дП",
    "рТБЧЙМП",
    "aBC",
    "Law",
    "Ïðàâèëî",
    "Ё",
    "ё",
    "РџСЂ",
    "Ѓ",
    "і",
    "╢",
    "¤",
    "\u00ad",
    "«",
    "+",
    "|",
    "5",
    ".",
]


@settings(max_examples=800, deadline=None)
@given(st.lists(st.sampled_from(_SUSPECT_PIECES), max_size=20).map("".join))
def test_suspect_lines_are_the_lines_a_whole_scan_finds(text):
    lines = {text.rfind("\n", 0, m.start()) + 1 for m in C._SUSPECT.finditer(text)}
    assert C._suspect_lines(text) == lines


def test_a_suspect_line_whose_words_are_known_is_not_decoded(monkeypatch):
    """A reading is kept only when it knows 30 points more of its words than the
    line does: a line that knows more than 70% of them is not decoded at all (the
    decoders cost most of the repair), and a mis-decoded line still is."""
    from pipeline.buffer import Buffer

    tried: list[str] = []
    real = C._redecoded
    monkeypatch.setattr(C, "_redecoded", lambda line: tried.append(line) or real(line))
    known = "Игрок должен сыграть картой«той же масти, если может\n"
    broken = "Игрок должен сыграть картой той же масти".encode("cp1251").decode("latin-1")
    text = known + broken + "\n"
    ctx = C.Context(source=None, buffer=Buffer(text))  # type: ignore[arg-type]
    changes = C.mojibake(text, ctx)
    assert tried == [broken]
    assert [c.start for c in changes] == [len(known)]


_END_PIECES = [
    "слово",
    " ",
    "\t",
    "\xa0",
    "\x1c",
    ".",
    "!",
    "?",
    ":",
    ";",
    "…",
    ")",
    "]",
    "»",
    '"',
    "”",
    "'",
    "(DC4)",
    "(A1)",
    ",",
    "-",
]


@settings(max_examples=800, deadline=None)
@given(st.lists(st.sampled_from(_END_PIECES), max_size=8).map("".join))
def test_unwrap_tries_line_end_patterns_only_where_the_last_character_allows(line):
    from pipeline.grammar import CLAUSE_END, FULL_STOP, TAG_END

    last = line.rstrip(C._WHITESPACE)[-1:]
    if TAG_END.search(line):
        assert last == ")"
    if CLAUSE_END.search(line) or FULL_STOP.search(line):
        assert last in C._CLAUSE_LAST


_SHAPE_PIECES = [
    " ",
    "  ",
    "     ",
    "\t",
    "\xa0",
    "\x1c",
    "-",
    "– ",
    "• ",
    "* ",
    "|",
    "¶",
    ".",
    ":",
    "(",
    ")",
    "+7",
    "1",
    "09",
    "2018",
    "355 500",
    "мин",
    "июля",
    "Правило",
    "ПРАВИЛО",
    "Глава",
    "ГЛАВА",
    "Раздел",
    "Часть",
    "Law",
    "Section",
    "Chapter",
    "II",
    "21",
    "/",
    "Текущая",
    "страница",
    "Страница",
    "\u1c84екущая",
    "всего",
    "из",
    "Следующая",
    "« Предыдущая",
    "Назад",
    "Вперёд",
    "В начало",
    "Перейти на страницу",
    "След.",
    "произведений",
    "слово",
    "A",
    "Б",
    "А-Г",
    "Law 21 Правило 21",
    "Section 2 / Раздел 2",
    "Правило 21 / Law 21",
    "ГЛАВА II",
    "страница 3 (всего 10)",
    "Текущая страница: 3 (из 10)",
    "ᲃтраница 3 (из 10)",
    "Документ утратил силу",
    "документ не вступил в силу",
    "актуальную версию документа",
    "открыть этот документ",
    "Далее: ",
    "Назад:",
    "Предыдущее правило: ",
    "Правило 12",
    " | ",
    "Оглавление",
    "К\tоглавлению",
    "В\tначало",
    "« ",
    " »",
    "← ",
    " →",
    "Posted by ",
    "Иван",
    " at 14:22",
    "Labels: ",
    "Posted in ",
    "Newer Post",
    " Older Post",
    " Home",
    "2 comments",
    "Previous Entry | Next Entry",
    "Неизвестен автор",
    "Книга: ",
]


@settings(max_examples=1500, deadline=None)
@given(st.lists(st.sampled_from(_SHAPE_PIECES), min_size=1, max_size=10).map("".join))
def test_line_shape_guards_hold_wherever_their_pattern_matches(line):
    """``line_shape`` and ``_structural`` try a pattern only where a cheap test
    allows it: each test is true wherever the pattern matches."""
    from pipeline import grammar as G
    from pipeline import profile as P

    s = line.strip()
    low = s.casefold()
    if P._PAGER_WORDS.match(s):
        assert P._has_any(low, P._PAGER_WORDS_HINTS)
    if P._neighbour_links(s):
        assert P._DIGITS.search(s)
        assert any(map(s.__contains__, P._NEIGHBOUR_ARROWS)) or P._has_any(low, P._NEIGHBOUR_HINTS)
    if P._CURRENT_PAGE.match(s):
        assert low[:1] in P._CURRENT_PAGE_INITIALS
    if P._DOCUMENT_NOTICE.search(s):
        assert P._DOCUMENT_HINT in s
    if P._BUTTON.match(s):
        assert s[0] in P._BUTTON_INITIALS
    if P._POSTED_BY.match(s):
        assert s.startswith("Posted by")
    if P._POST_LABEL.match(s) or P._RELATED_HEAD.match(s):
        assert P._has_any(low, P._POST_HINTS)
    for pattern in (P._CATALOGUE_COUNTER, P._DATE_STAMP, P._READING_TIME):
        if pattern.match(s):
            assert s[0].isdigit(), pattern.pattern
    if P._INDENTED.match(line):
        assert line.startswith(P._INDENT)
    core = P._core(line)
    assert core == P.BULLET_AT.sub("", line.strip().strip("|¶ \t").strip())
    if G.PART_HEAD.match(core) or G.BILINGUAL_HEAD.match(core):
        assert core[0] in G.HEAD_INITIALS


def _plain_double_spaced(lines: list[str]) -> bool:
    """``profile.double_spaced`` as it was written before it stopped early: every
    line of text tried for a page number and a listing."""
    from pipeline import profile as P

    def spaced(kept: list[int]) -> bool:
        followed = sum(1 for i in kept if i + 1 < len(lines) and not lines[i + 1].strip())
        return len(kept) >= 4 and followed >= 0.8 * (len(kept) - 1)

    body = [i for i, ln in enumerate(lines) if ln.strip()]
    text = [i for i in body if not P._PAGE_NUMBER_LINE.match(lines[i]) and not P._listing(lines[i])]
    return spaced(body) or spaced(text)


@settings(max_examples=1500, deadline=None)
@given(
    st.lists(
        st.sampled_from(["", " ", "Текст строки.", "12", "- 13 -", "Правило 5 ...... 12", "〃"]),
        max_size=40,
    )
)
def test_double_spaced_stops_early_with_the_answer_of_every_line_tried(lines):
    from pipeline import profile as P

    assert P.double_spaced(lines) == _plain_double_spaced(lines)


_PIECE_WORDS = [
    *"1 2 3 17 206 … ... << >> « » ‹ › ← → - – — • · | / \\ : + ( )".split(),
    *"Страницы: Страница Page Pages: Автор: Жанр Размер шрифта Читать онлайн".split(),
    *"site.ru www.example.com http://x.ru Сайт читать чтение книгу автора онлайн".split(),
    *"стр. страница 12 Кб 1,2 Мб Просмотров: Рейтинг: 09.02.2018 14:13 5 мин".split(),
    *"Текущая страница: (всего 10) из А Б В Г-Д А-Г Д-К Л-П Р-Я file.txt A AA En Ru".split(),
    *"Первая Предыдущая Следующая Последняя Назад Вперёд В начало Перейти на".split(),
    *"Пред. След. 355 500 произведений, авторов. Правило 64. слово Игрок после".split(),
    *"следующей сдачи. ГЛАВА II Law 21 Сообщить о ошибке Главная Меню".split(),
]


@settings(max_examples=3000, deadline=None)
@given(st.lists(st.sampled_from(_PIECE_WORDS), min_size=1, max_size=18))
@example("А Б В Г Д Е Ж З И К".split())  # an alphabet bar: short words, nothing else
@example("А-Г Д-К Л-П Р-Я".split())  # alphabet ranges: a dash, longer than a setting
@example(["zakonybridzha1987.fb2"])  # a file name: one word
@example("Просмотров: 1234".split())  # a counter's label before its number
def test_a_piece_line_shape_claims_has_what_the_gate_asks(words):
    """``profile._may_have_shape`` is true of every piece of words, joined by single
    spaces, that ``line_shape`` finds a shape in: the joined-template search skips the
    shapes only where none can be found."""
    from kodeks_testing import gate_allows
    from pipeline import profile as P

    s = " ".join(words)
    assert P.line_shape(s) is None or gate_allows(words), s


@settings(max_examples=800, deadline=None)
@given(
    st.lists(st.sampled_from(_PIECE_WORDS), min_size=1, max_size=40),
    st.booleans(),
    st.booleans(),
)
def test_joined_template_finds_what_trying_every_piece_finds(words, open_start, open_end):
    """The joined-template search gives the same ends whether or not the shapes are
    tried on the pieces the gate rules out."""
    from unittest import mock

    from pipeline import profile as P

    fast = P.joined_template(words, open_start, open_end)
    with mock.patch.object(P, "_may_have_shape", lambda *a: True):
        every = P.joined_template(words, open_start, open_end)
    assert fast == every
