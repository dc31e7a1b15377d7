"""The block rules of the segmenter: every rule in ``blocks.RULES`` has a fixture
table here (a test enforces it), and each row says which tokens a few cleaned
lines make. The sentences are our own, in the layouts real sources use."""

from __future__ import annotations

import pytest

from kodeks_testing import ROOT
from pipeline import blocks
from pipeline.blocks import BlockState, Line, tokenize
from pipeline.model import TOKEN_KINDS


def state_of(text: str, kind: str = "laws") -> BlockState:
    """Lines of a cleaned text; ``~NN`` at a line end stands for the dot leader with
    page NN that the cleaner removed there, a line ``~~~`` for a rule line (``-----``)
    it removed (an empty line; the next line with text comes after a rule)."""
    lines, pos, ruled = [], 0, False
    for t in text.split("\n"):
        if t == "~~~":
            t, ruled = "", True
        t, _, leader = t.partition("~")
        lines.append(Line(t, pos, pos + len(t), 0, 0, leader or None, ruled and bool(t)))
        ruled = ruled and not t
        pos += len(t) + 1
    return BlockState(lines, kind)


def tokens(text: str, kind: str = "laws") -> list[tuple]:
    return [(t.kind, t.label, t.rest) for t in tokenize(state_of(text, kind))]


def rules_used(text: str, kind: str = "laws") -> set[str]:
    return {t.rule for t in tokenize(state_of(text, kind))}


# rule name -> rows of (title, cleaned text, source kind, expected tokens)
CASES: dict[str, list[tuple[str, str, str, list[tuple]]]] = {
    "blank": [
        (
            "empty lines make no token",
            "\n\nТекст абзаца.\n",
            "laws",
            [("para", None, "Текст абзаца.")],
        ),
        ("spaces only", "   \nТекст.", "laws", [("para", None, "Текст.")]),
    ],
    "index": [
        (
            "ditto marks and law numbers",
            "Заявка\n= вне очереди..........27,31\n= после паса.............35",
            "laws",
            [("index", None, "")],
        ),
        (
            "entries merged on one line",
            "Болван..........43 Взятка..........44,67 Контракт..........22",
            "laws",
            [("index", None, "")],
        ),
        (
            "leaders removed by the cleaner",
            "Болван~43\nВзятка~44\nКонтракт~22",
            "laws",
            [("index", None, "")],
        ),
        (
            "an index ends where the text begins",
            "Болван~43\nВзятка~44\nЭто уже обычный текст страницы.",
            "laws",
            [("index", None, ""), ("para", None, "Это уже обычный текст страницы.")],
        ),
        (
            "a heading over two lines, a note under the spaced-out title",
            "П Р Е Д М Е Т Н Ы Й  У К А З А Т Е Л Ь\n(номера правил)\n\n"
            "Болван..........43\n= на столе..........41\nВзятка..........44,67",
            "laws",
            [("index", None, "")],
        ),
        (
            "two lines of prose above entries are no heading",
            "Здесь начинается обычный текст\nи он продолжается на второй строке\n"
            "Болван..........43\n= на столе..........41",
            "laws",
            [
                ("para", None, "Здесь начинается обычный текст"),
                ("index", None, ""),
            ],
        ),
        (
            "a cut-off last entry belongs to it",
            "Болван~43\nВзятка~44\nНесогласие о",
            "laws",
            [("index", None, "")],
        ),
    ],
    "toc": [
        (
            "law and section entries",
            "Правило 5. Места игроков~12\nA.Выбор места~12\nB.Смена места~13",
            "laws",
            [("toc", None, "")],
        ),
        (
            "an entry wrapped before its leader",
            "Правило 5. Места игроков~12\nA.Выбор места, если игроки\n"
            "не договорились~12\nB.Смена места~13",
            "laws",
            [("toc", None, "")],
        ),
        (
            "entries merged on one line",
            "2.Ход принят..........83 Правило 6. Тасование..........84",
            "laws",
            [("toc", None, "")],
        ),
        (
            "leaders cut to one or two dots at the line end, entries wrapped before them",
            "Правило 5. Места игроков~12\nA.Выбор места~12\n(B).Когда игроки не\n"
            "договорились..13\nC.Смена места за столом.14",
            "laws",
            [("toc", None, "")],
        ),
        (
            "an entry wrapped over two lines and cut off by the end of the page",
            "Правило 5. Места игроков~12\nA.Выбор места~12\nB.Смена места, когда\nиг",
            "laws",
            [("toc", None, "")],
        ),
        (
            "two dots before a number in text are no leader",
            "Правило 5. Места игроков\nСм. также п..12\nТекст правила.",
            "laws",
            [
                ("law", "5", "Места игроков"),
                ("para", None, "См. также п..12"),
                ("para", None, "Текст правила."),
            ],
        ),
        (
            "one leader alone is no table",
            "Правило 5. Места игроков..........12\nТекст правила.",
            "laws",
            [("law", "5", "Места игроков..........12"), ("para", None, "Текст правила.")],
        ),
    ],
    "heading_list": [
        (
            "two headings, then the chapter heading again",
            "ПРАВИЛО 92. АПЕЛЛЯЦИЯ\nПРАВИЛО 93. ПРОЦЕДУРА\n\nГлава XI. Апелляции",
            "laws",
            [("toc", None, ""), ("part", "XI", "Апелляции")],
        ),
        (
            "a chapter's list of its laws",
            "ПРАВИЛО 23. ПАС\nПРАВИЛО 24. КОНТРА\nПРАВИЛО 25. РЕКОНТРА\n"
            "ПРАВИЛО 23. ПАС\nТекст правила.",
            "laws",
            [("toc", None, ""), ("law", "23", "ПАС"), ("para", None, "Текст правила.")],
        ),
        (
            "two headings in a row are still laws",
            "Правило 1. Колода\nПравило 2. Тасование\nТекст.",
            "laws",
            [("law", "1", "Колода"), ("law", "2", "Тасование"), ("para", None, "Текст.")],
        ),
    ],
    "foreign": [
        (
            "an English original after the Russian text",
            "LAW 92 - RIGHT TO APPEAL\nA. Contestant's Right\nA contestant may appeal for a review.",
            "laws",
            [("foreign", None, "")],
        ),
        (
            "a Latin abbreviation inside Russian text stays",
            "Судья применяет правило S.O. к этой сдаче.",
            "laws",
            [("para", None, "Судья применяет правило S.O. к этой сдаче.")],
        ),
        ("a tag alone is no foreign text", "(DC4)", "commentary", [("para", None, "(DC4)")]),
    ],
    "part": [
        (
            "Раздел with a dash",
            "Раздел I - Общие положения",
            "laws",
            [("part", "I", "Общие положения")],
        ),
        ("Глава", "Глава VIII - Ход игры", "laws", [("part", "VIII", "Ход игры")]),
        ("Часть with a colon", "Часть II: Розыгрыш", "laws", [("part", "II", "Розыгрыш")]),
        ("capitals", "ГЛАВА V. ТОРГОВЛЯ", "laws", [("part", "V", "ТОРГОВЛЯ")]),
        (
            "a part run into its chapter's heading",
            "Глава V. Торговля - Часть II Отклонения в процедуре",
            "laws",
            [("part", "V", "Торговля"), ("part", "II", "Отклонения в процедуре")],
        ),
        (
            "a word, not a heading",
            "Разделение карт по мастям.",
            "laws",
            [("para", None, "Разделение карт по мастям.")],
        ),
    ],
    "law": [
        ("heading", "Правило 12. Права судьи", "laws", [("law", "12", "Права судьи")]),
        (
            "no space after the full stop",
            "Правило 7.Карты на столе",
            "laws",
            [("law", "7", "Карты на столе")],
        ),
        ("capitals", "ПРАВИЛО 30. ПАС", "laws", [("law", "30", "ПАС")]),
        (
            "a dash after the number",
            "Правило 12 – Права судьи",
            "laws",
            [("law", "12", "Права судьи")],
        ),
        (
            "a colon after the number",
            "Правило 12: Права судьи",
            "laws",
            [("law", "12", "Права судьи")],
        ),
        (
            "the title in quotation marks",
            "Правило 12 «Права судьи»",
            "laws",
            [("law", "12", "«Права судьи»")],
        ),
        (
            "a dash before a small letter is a sentence's",
            "Правило 12 – важное правило.",
            "laws",
            [("para", None, "Правило 12 – важное правило.")],
        ),
        (
            "the number alone on its line, the title on the next",
            "Правило 22\nКонец торговли\nТорговля кончается тремя пасами.",
            "laws",
            [("law", "22", "Конец торговли"), ("para", None, "Торговля кончается тремя пасами.")],
        ),
        (
            "a number no law of the edition has is an orphan",
            "Правило 94. Лишний заголовок",
            "laws",
            [("orphan", "94", "Правило 94. Лишний заголовок")],
        ),
        (
            "a reference in running text is no heading",
            "По правилу 12 судья решает.",
            "laws",
            [("para", None, "По правилу 12 судья решает.")],
        ),
    ],
    "footnote": [
        (
            "body after a dash",
            "(*) - Так бывает редко.",
            "laws",
            [("footnote", "(*)", "Так бывает редко.")],
        ),
        (
            "numbered mark",
            "(*2) – Второе примечание.",
            "laws",
            [("footnote", "(*2)", "Второе примечание.")],
        ),
        (
            "a legal database's marks under a rule, one body after another",
            "Игрок выиграл взятку <*>.\n~~~\n<*> Взятка болвана здесь не в счёт.\n"
            "<**> Второе примечание.\nОбычный текст дальше.",
            "laws",
            [
                ("para", None, "Игрок выиграл взятку <*>."),
                ("footnote", "<*>", "Взятка болвана здесь не в счёт."),
                ("footnote", "<**>", "Второе примечание."),
                ("para", None, "Обычный текст дальше."),
            ],
        ),
        (
            "a star and a numbered mark under a rule",
            "~~~\n* Звёздочка отмечает сноску.\n1) Первое примечание переводчика.",
            "laws",
            [
                ("footnote", "*", "Звёздочка отмечает сноску."),
                ("footnote", "1)", "Первое примечание переводчика."),
            ],
        ),
        (
            "the same marks with no rule above are text",
            "<*> Это не сноска.\n1) Пункт перечня.",
            "laws",
            [("para", None, "<*> Это не сноска."), ("para", None, "1) Пункт перечня.")],
        ),
    ],
    "commentary": [
        (
            "paragraph",
            "12.3. Судья выслушивает обе стороны.",
            "commentary",
            [("commentary", "12.3", "Судья выслушивает обе стороны.")],
        ),
        (
            "merged paragraphs keep both numbers in the label",
            "40.2,3. Оба случая решаются одинаково.",
            "commentary",
            [("commentary", "40.2,3", "Оба случая решаются одинаково.")],
        ),
        (
            "keyed by a subsection, Cyrillic letter",
            "12С1. Судья назначает результат, когда доиграть нельзя.",
            "commentary",
            [("commentary", "12.C1", "Судья назначает результат, когда доиграть нельзя.")],
        ),
        (
            "keyed by a subsection, Latin letter, a lettered item first",
            "12C2.(a) Оценку делают по вероятному исходу.",
            "commentary",
            [("commentary", "12.C2", "(a) Оценку делают по вероятному исходу.")],
        ),
        (
            "a subsection key means nothing in law text",
            "12C1. Текст.",
            "laws",
            [("para", None, "12C1. Текст.")],
        ),
        (
            "the 5.1. style with a lettered item",
            "5.1.(a) Колоду проверяют до начала игры.",
            "commentary",
            [("commentary", "5.1", "(a) Колоду проверяют до начала игры.")],
        ),
        (
            "a lettered item opens the paragraph",
            "1.1.(a) Судья проверяет колоду.",
            "commentary",
            [("commentary", "1.1", "(a) Судья проверяет колоду.")],
        ),
        (
            "comma for the full stop",
            "40,5. Судья смотрит на запись.",
            "commentary",
            [("commentary", "40.5", "Судья смотрит на запись.")],
        ),
        (
            "the first item runs in on the number's line: the paragraph has no words of its own",
            "12.19. (i) Сначала судья выслушивает обе стороны,\n(ii) Потом решает.",
            "commentary",
            [
                ("commentary", "12.19", ""),
                ("item", "(i)", "Сначала судья выслушивает обе стороны,"),
                ("item", "(ii)", "Потом решает."),
            ],
        ),
        (
            "an item run in after a subsection key",
            "12С2. (iii) Судья назначает результат.",
            "commentary",
            [("commentary", "12.C2", ""), ("item", "(iii)", "Судья назначает результат.")],
        ),
        (
            "a bracket after the number that is no item stays the paragraph's text",
            "12.4. (см. п. 12.1) Судья решает сам.",
            "commentary",
            [("commentary", "12.4", "(см. п. 12.1) Судья решает сам.")],
        ),
        (
            "an item mark glued to its word is no item",
            "12.5. (iv)Слитно.",
            "commentary",
            [("commentary", "12.5", "(iv)Слитно.")],
        ),
    ],
    "subclause": [
        ("letter", "(B).Партнёр нарушителя", "laws", [("subclause", "(B)", "Партнёр нарушителя")]),
        ("Cyrillic letter", "(С).Третий случай", "laws", [("subclause", "(C)", "Третий случай")]),
        ("digit", "(2).Болван молчит.", "laws", [("subclause", "(2)", "Болван молчит.")]),
    ],
    "item": [
        (
            "roman item",
            "(ii) Второй вариант решения.",
            "commentary",
            [("item", "(ii)", "Второй вариант решения.")],
        ),
        (
            "a subclause needs its full stop, an item its space",
            "(iv)Слитно.",
            "commentary",
            [("para", None, "(iv)Слитно.")],
        ),
    ],
    "section": [
        (
            "an initial before a surname is a name, no section",
            "В. Смирнов, март 2003 г.\nЮ.Коваленко",
            "laws",
            [("para", None, "В. Смирнов, март 2003 г."), ("para", None, "Ю.Коваленко")],
        ),
        ("Latin letter", "C.Порядок действий", "laws", [("section", "C", "Порядок действий")]),
        ("Cyrillic letter", "В.Второй раздел", "laws", [("section", "B", "Второй раздел")]),
        (
            "space after the full stop",
            "D. Четвёртый раздел",
            "laws",
            [("section", "D", "Четвёртый раздел")],
        ),
        (
            "an initial before a Latin name is no section",
            "B.K. Hansen",
            "laws",
            [("para", None, "B.K. Hansen")],
        ),
    ],
    "clause": [
        ("clause", "3.Игрок заявил пас", "laws", [("clause", "3", "Игрок заявил пас")]),
        ("leading zero dropped", "03.Игрок заявил", "laws", [("clause", "3", "Игрок заявил")]),
        (
            "a decimal number is no clause",
            "3.5 очка за взятку.",
            "laws",
            [("para", None, "3.5 очка за взятку.")],
        ),
    ],
    "bullet": [
        (
            "a dash and a capitalised word",
            "- Нарушитель выиграл взятку",
            "laws",
            [("bullet", "-", "Нарушитель выиграл взятку")],
        ),
        ("a bullet sign", "• Болван молчит", "laws", [("bullet", "-", "Болван молчит")]),
        ("a page number is no bullet", "- 41 -", "laws", [("para", None, "- 41 -")]),
    ],
    "title": [
        (
            "the book's title above the first law heading",
            "Законы дубликатного бриджа\n\nПравило 63. Выявление",
            "laws",
            [("title", None, "Законы дубликатного бриджа"), ("law", "63", "Выявление")],
        ),
        (
            "the commentary's title above a chapter",
            "КОММЕНТАРИЙ К ПРАВИЛАМ КОНТРАКТНОГО БРИДЖА\nГлава VI. Розыгрыш",
            "commentary",
            [
                ("title", None, "КОММЕНТАРИЙ К ПРАВИЛАМ КОНТРАКТНОГО БРИДЖА"),
                ("part", "VI", "Розыгрыш"),
            ],
        ),
        (
            "with its subtitle and translator under it",
            "Законы дубликатного бриджа\nРедакция 1987 года\nПеревод с английского\n"
            "Правило 63. Выявление",
            "laws",
            [("title", None, "Законы дубликатного бриджа"), ("law", "63", "Выявление")],
        ),
        (
            "a sentence under the title is text",
            "Законы дубликатного бриджа\nЭтот текст набран заново.\nПравило 63. Выявление",
            "laws",
            [
                ("para", None, "Законы дубликатного бриджа"),
                ("para", None, "Этот текст набран заново."),
                ("law", "63", "Выявление"),
            ],
        ),
        (
            "a title over text is the start of that text",
            "Правила бриджа\nИгрок кладёт карту на стол.",
            "laws",
            [("para", None, "Правила бриджа"), ("para", None, "Игрок кладёт карту на стол.")],
        ),
        (
            "only the first line of the text",
            "Правило 63. Выявление\nЗаконы дубликатного бриджа\nПравило 64. Процедура",
            "laws",
            [
                ("law", "63", "Выявление"),
                ("para", None, "Законы дубликатного бриджа"),
                ("law", "64", "Процедура"),
            ],
        ),
        (
            "a sentence that names the laws is text",
            "Законы бриджа строго соблюдаются.\nПравило 63. Выявление",
            "laws",
            [("para", None, "Законы бриджа строго соблюдаются."), ("law", "63", "Выявление")],
        ),
    ],
    "front": [
        (
            "a translator's note above the first law heading",
            "Перевод с английского сверен с изданием 1987 года.\nПравило 63. Выявление",
            "laws",
            [
                ("front", None, "Перевод с английского сверен с изданием 1987 года."),
                ("law", "63", "Выявление"),
            ],
        ),
        (
            "the book's title with an editors' note under it",
            "Законы дубликатного бриджа\nЭтот текст мы набрали заново по изданию Федерации.\n"
            "Правило 63. Выявление",
            "laws",
            [("front", None, "Законы дубликатного бриджа"), ("law", "63", "Выявление")],
        ),
        (
            "a copyright line over two lines",
            "© Федерация, 1991.\nВсе права защищены.\n\nГлава VI. Розыгрыш",
            "laws",
            [("front", None, "© Федерация, 1991."), ("part", "VI", "Розыгрыш")],
        ),
        (
            "the cut-off end of the law before is text",
            "назначение, и судья назначает наказание.\nПравило 63. Выявление",
            "laws",
            [
                ("para", None, "назначение, и судья назначает наказание."),
                ("law", "63", "Выявление"),
            ],
        ),
        (
            "a note that speaks of the play is text",
            "Мы напоминаем: болван молчит до конца розыгрыша.\nПравило 63. Выявление",
            "laws",
            [
                ("para", None, "Мы напоминаем: болван молчит до конца розыгрыша."),
                ("law", "63", "Выявление"),
            ],
        ),
        (
            "a note with no heading under it is text",
            "Перевод с английского.\nИгрок кладёт карту на стол.",
            "laws",
            [
                ("para", None, "Перевод с английского."),
                ("para", None, "Игрок кладёт карту на стол."),
            ],
        ),
        (
            "a marked line before the heading",
            "Перевод с английского.\nA. Выявление фальшренонса\nПравило 63. Выявление",
            "laws",
            [
                ("para", None, "Перевод с английского."),
                ("section", "A", "Выявление фальшренонса"),
                ("law", "63", "Выявление"),
            ],
        ),
        (
            "only at the start of the text",
            "Правило 62. Выявление\nПеревод с английского.\nПравило 63. Процедура",
            "laws",
            [
                ("law", "62", "Выявление"),
                ("para", None, "Перевод с английского."),
                ("law", "63", "Процедура"),
            ],
        ),
    ],
    "paragraph": [
        (
            "plain text",
            "Игрок кладёт карту на стол.",
            "laws",
            [("para", None, "Игрок кладёт карту на стол.")],
        ),
        (
            "every non-empty line is one token",
            "Первая строка.\nВторая строка.",
            "laws",
            [("para", None, "Первая строка."), ("para", None, "Вторая строка.")],
        ),
    ],
}

# the token kind each rule makes ("blank" makes none)
RULE_KIND = {
    "index": "index",
    "toc": "toc",
    "heading_list": "toc",
    "paragraph": "para",
    "foreign": "foreign",
    "bullet": "bullet",
    "title": "title",
    "front": "front",
    **{
        k: k
        for k in ("part", "law", "footnote", "commentary", "subclause", "item", "section", "clause")
    },
}

ROWS = [
    pytest.param(name, text, kind, expected, id=f"{name}: {title}")
    for name, rows in CASES.items()
    for title, text, kind, expected in rows
]


def test_every_rule_has_a_table():
    assert [name for name, _rule in blocks.RULES] and {name for name, _rule in blocks.RULES} == set(
        CASES
    )


@pytest.mark.parametrize("name, text, kind, expected", ROWS)
def test_rule_table(name, text, kind, expected):
    assert tokens(text, kind) == expected
    # the row exercises its own rule, unless it shows lines the rule must leave alone
    if name != "blank" and any(k == RULE_KIND[name] for k, _l, _r in expected):
        assert name in rules_used(text, kind)


def test_an_item_run_in_on_the_number_line_starts_at_its_mark():
    """The item's token starts at its «(i)», the paragraph's ends there."""
    raw = "  12.19. (i) Судья решает."  # a fixed indent: ``Line.text`` is read without it
    para, first = tokenize(BlockState([Line(raw.lstrip(), 0, len(raw), 0, 0)], "commentary"))
    assert (para.start, para.end) == (0, 9)
    assert (first.start, first.end) == (9, 26)


def test_silent_mode_pushes_nothing():
    st = state_of("Правило 12. Права судьи")
    assert blocks.law(st, 0, 1, True) and st.tokens == [] and st.line == 0
    assert not blocks.section(st, 0, 1, True)


def test_tokens_carry_offsets_and_rule():
    (a, b) = tokenize(state_of("Правило 5. Места\nA.Север"))
    assert (a.start, a.end, a.rule, b.start, b.rule) == (0, 16, "law", 17, "section")


@pytest.mark.parametrize(
    "title, text, kind, divisions",
    [
        ("laws", "Правило 5. Места\nA.Выбор места\n1.Жребий\nТекст.\n", "laws", ()),
        (
            "commentary",
            "Правило 5. Места\n5.1. Судья смотрит.\n5.2. Игроки садятся и снимают колоду.\n",
            "commentary",
            (),
        ),
        (
            "a table of contents",
            "Правило 5. Места..........12\nA.Выбор места..........12\nB.Смена..........13\n",
            "toc",
            (),
        ),
        (
            "an index",
            "Болван..........43\n= на столе..........41\nВзятка..........44,67\n",
            "index",
            (),
        ),
        ("front matter", "ОТ ПЕРЕВОДЧИКА\nМы переводили долго.\nСпасибо всем.\n", "front", ()),
        (
            "a list of law titles, then the law",
            "Глава X. Судья\nПРАВИЛО 81. ОБЯЗАННОСТИ\nПРАВИЛО 82. ОШИБКИ\n"
            "ПРАВИЛО 83. АПЕЛЛЯЦИЯ\nГлава X. Судья\nЧасть I - Общее\nПРАВИЛО 81. ОБЯЗАННОСТИ\nA. Положение\n"
            "Судья назначен.\nB. Ограничения\nТекст.\nC. Ещё\nТекст.\nD. И ещё\nТекст.\nE. Последний\nТекст.\n"
            "Текст.\nТекст.\n",
            "laws",
            ("Глава", "Часть"),
        ),
        (
            "a long list of law titles before a short law",
            "ПРАВИЛО 23. ПАС\nПРАВИЛО 24. КОНТРА\nПРАВИЛО 25. РЕКОНТРА\n"
            "ПРАВИЛО 26. ЗАЯВКА\nПРАВИЛО 23. ПАС\nИгрок пасует.\n",
            "laws",
            (),
        ),
        (
            "an article whose numbered points cite laws (an author's initial, no law text)",
            "В. Смирнов, март 2003 г.\nЭта заметка выражает лишь взгляд автора на подсчёт очков.\n"
            "ПОДСЧЁТ ОЧКОВ ПОСЛЕ РЕШЕНИЙ СУДЬИ\n1. Командная встреча, П12с2\n"
            "2. Парный турнир на импы, П12с3\n3. Турнир пар на проценты, П12с3\n",
            "front",
            (),
        ),
        (
            "training notes numbering their points and quoting the code",
            "ПОСОБИЕ\nдля занятий с судьями клубов\n3. Разбор решений по спорным сдачам\n"
            "Напомним несколько положений Кодекса (см. Правило 12).\n"
            "1. Искусственный результат назначают, когда сдачу нельзя доиграть.\n"
            "Замечания:\n1. Следует помнить, что результат выражается в процентах.\n",
            "front",
            (),
        ),
        (
            "competition conditions: a numbered heading, its English original, law citations",
            "ДОПОЛНЕНИЕ 4\nУсловия проведения турнира, май 2001 г.\n"
            "21.4. Особые правила при игре за ширмами\nSupplement 4 to the Conditions\n"
            "21.4. Special Rules when Screens are Used\n"
            "Кодекс действует полностью, кроме перечисленного ниже:\n1. ПРАВИЛО 25; ПРАВИЛО 41B\n"
            "Изменение заявки разрешено, пока поднос не передан.\n2. ПРАВИЛО 16\n"
            "Неторопливость за ширмой не передаёт информацию партнёру.\n",
            "front",
            (),
        ),
        (
            "a law excerpt with no heading: a clause, then subclauses",
            "2.Повторная заявка партнёра\nКогда игрок исправил заявку, партнёр может изменить свою.\n"
            "(B).Заявка была легальной\nЕсли заявка была легальной, нарушитель должен\n"
            "(1).Оставить заявку\nТогда его партнёр пасует один раз.\n",
            "laws",
            (),
        ),
        (
            "a law excerpt with no heading: a section and its clauses",
            "C.Присуждение результата\n1.Искусственный результат\n"
            "Судья назначает его, если сдачу нельзя доиграть.\n2.Оценочный результат\n"
            "Судья оценивает вероятный исход.\n",
            "laws",
            (),
        ),
        (
            "a commentary excerpt: keys opening Russian paragraphs",
            "31.4. Если игрок заявил вне очереди, судья выясняет, чья была очередь.\n"
            "31.5. Партнёр нарушителя обязан пасовать.\n",
            "commentary",
            (),
        ),
        (
            "a table of contents with its own notes",
            "С О Д Е Р Ж А Н И Е\nПравило 5. Места..........12\n"
            "A.Выбор места..........12\nB.Смена..........13\nПримечание редакции.\nЕщё одно примечание.\n"
            "И третье.\nИ четвёртое.\nИ пятое.\n",
            "mixed",
            (),
        ),
    ],
)
def test_measure(title, text, kind, divisions):
    assert blocks.measure(text) == (kind, divisions)


def test_token_kinds_are_the_closed_vocabulary_the_rules_use():
    """``model.TokenKind`` lists exactly the kinds the rules push: each row's kinds
    are in it, and each of its kinds is made by some row."""
    made = {kind for rows in CASES.values() for *_, expected in rows for kind, *_ in expected}
    assert made == set(TOKEN_KINDS)


def test_a_misspelt_token_kind_is_a_type_error(tmp_path):
    """The type checker CI runs rejects a token kind that does not exist, pushed
    or compared (``strict_equality`` in pyproject.toml)."""
    from mypy import api

    probe = tmp_path / "probe.py"
    probe.write_text(
        "from pipeline.blocks import BlockState, Token\n"
        "def push(state: BlockState) -> None:\n"
        '    state.push("clauze", None, "", 0)\n'
        "def compare(token: Token) -> bool:\n"
        '    return token.kind == "clauze"\n',
        encoding="utf-8",
    )
    out, _err, status = api.run(
        ["--config-file", str(ROOT / "pyproject.toml"), "--follow-imports=silent", str(probe)]
    )
    assert status == 1, out
    assert "probe.py:3: error" in out and "probe.py:5: error" in out, out


def test_listing_runs_read_each_line_a_bounded_number_of_times():
    """A listing entry followed by a line of text (no leader after it) used to
    make ``_run`` read every line to the end of the source, once per such
    entry: a long source was quadratic. Counted in line reads, not in time."""

    class Counting(list):
        reads = 0

        def __getitem__(self, i):
            Counting.reads += 1
            return super().__getitem__(i)

    block = (
        "Сдача карт и торговля...46\nпродолжение строки без точки\n\n"
        "Игрок делает ход. Партнёр отвечает.\nСудья решает спор.\n"
    )
    lines = Counting(blocks.lines_of(block * 400))
    tokenize(BlockState(lines, "laws"))
    assert Counting.reads < 40 * len(lines)


_PIECES = [
    "Правило 41. Начальный ход", "Правило 12", "ГЛАВА V. Торговля", "A.Наказание",
    "1.Нарушитель платит взятку.", "(B).Игрок", "64.10. Если судья", "12С1. Когда",
    "(ii) игрок", "(*) - Сноска", "* сноска", "= вне очереди", "Судья решает",
    "Ход...........41", "Заявка..78", "вне очереди.65", "СОДЕРЖАНИЕ", "Law 12 applies here",
    "Text in English only", "- Пункт списка", "", "", " ~41", " ~7", "~~~",
]  # fmt: skip


def _texts():
    from hypothesis import strategies as st

    return st.lists(st.sampled_from(_PIECES), max_size=40).map("\n".join)


def test_a_listing_is_looked_for_only_near_a_listing_line():
    """``_listing_run`` asks ``_run`` only where a listing line stands within
    ``_LISTING_REACH`` lines; elsewhere it answers ``None``, as ``_run`` would."""
    from hypothesis import given, settings

    @settings(max_examples=300, deadline=None)
    @given(_texts())
    def check(text):
        state = state_of(text)
        end = len(state.lines)
        for i in range(end):
            state.listing = (-1, None)
            assert blocks._listing_run(state, i, end) == blocks._run(state, i, end), (i, text)

    check()


def test_a_text_with_no_commentary_line_and_no_tag_is_laws_unread():
    """``text_kind`` answers ``laws`` for a text with no commentary key, no item
    and no tag without the rules reading it: what the rules' counts give."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    more = st.sampled_from(
        ["(DC4)", " 64.10. Если", "\t(iii) игрок", "Судья (L12)", "12.19. (i) Наш"]
    )

    @settings(max_examples=300, deadline=None)
    @given(st.lists(st.sampled_from(_PIECES) | more, max_size=40).map("\n".join))
    def check(text):
        counts, _tokens = blocks._counts(text)
        assert blocks.text_kind(text) == blocks._laws_or_commentary(counts, text), text

    check()


def _plain(toks) -> list[tuple]:
    return [
        (t.kind, t.label, t.rest, t.start, t.end, t.page, t.region, t.rule, t.id, t.lines)
        for t in toks
    ]


def test_the_segmenter_takes_the_tokens_measure_made_when_its_lines_read_alike():
    """``tokens_of`` gives what the rules make of the segmenter's lines, whether it
    takes ``measure``'s tokens of the same text (no leader, no rule line above a
    ruled footnote mark, no keyed commentary in a commentary source, the default
    number of laws) or reads the
    lines again; pages and regions are the segmenter's."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    @settings(max_examples=300, deadline=None)
    @given(_texts(), st.sampled_from(["laws", "commentary"]), st.sampled_from([93, 40]), st.data())
    def check(text, kind, laws, data):
        lines = state_of(text).lines
        clean = "\n".join(ln.text for ln in lines)
        for k, ln in enumerate(lines):  # pages and regions as a segmenter finds them
            ln.page = ln.region = data.draw(st.integers(0, 2)) + (k and lines[k - 1].page)
            # now and then a rule line above it, or a leader the cleaner took, more
            ln.after_rule = ln.after_rule or (bool(ln.text) and data.draw(st.integers(0, 3)) == 0)
            ln.leader = ln.leader or ("41" if data.draw(st.integers(0, 15)) == 0 else None)
        want = tokenize(BlockState(list(lines), kind, laws=laws))
        blocks.measure(clean)
        assert _plain(blocks.tokens_of(clean, lines, kind, laws)) == _plain(want), text
        assert blocks._measured is None  # taken once

    check()
    # a text with nothing that reads otherwise is not read twice
    text = "Правило 1. Цель\nA.Наказание\n1.Игрок платит.\nСудья решает."
    blocks.measure(text)
    made = blocks._measured[1]
    assert blocks.tokens_of(text, blocks.lines_of(text), "laws", 93) is made


def test_the_segmenter_reads_again_only_from_a_footnote_under_a_rule_line():
    """Lines under a rule line that a footnote mark opens: ``tokens_of`` reads them
    and what follows with the rules, up to where the tokens ``measure`` made are
    the same again (``_spliced``), and gives what the rules make of the lines."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    notes = ["* сноска", "(*) - Сноска", "1) Примечание", "<*> Сноска", "** Вторая", "2) Ещё"]
    notes += ["12.19. (i) Наш совет", "Глава V. Торговля - Часть II Заявки"]  # two tokens a line
    pieces = [p for p in _PIECES if "~" not in p] + notes * 3

    @settings(max_examples=500, deadline=None)
    @given(st.lists(st.sampled_from(pieces), max_size=40).map("\n".join), st.data())
    def check(text, data):
        lines = state_of(text).lines
        clean = "\n".join(ln.text for ln in lines)
        for ln in lines:
            ln.after_rule = bool(ln.text) and data.draw(st.integers(0, 2)) == 0
        want = tokenize(BlockState(list(lines), "laws"))
        blocks.measure(clean)
        assert _plain(blocks.tokens_of(clean, lines, "laws", 93)) == _plain(want), text

    check()


def test_clean_and_segment_read_a_laws_text_with_the_rules_once(monkeypatch):
    """Settling the profile (``measure``) and segmenting read the same cleaned text:
    the rules run over it once."""
    from kodeks_testing import seg

    calls = []
    real = blocks.tokenize
    monkeypatch.setattr(blocks, "tokenize", lambda state: calls.append(1) or real(state))
    tree, _diags = seg("Правило 1. Цель\n\nA.Наказание\n1.Игрок платит взятку.\nСудья решает.\n")
    assert [n.id for n in tree.nodes] == ["1"] and len(calls) == 1
