"""Cross-reference detector: table-driven forms, gold expectations, the spaCy
component, and properties."""

from __future__ import annotations

import json

import pytest
import regex
import spacy
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import pipeline.refs  # noqa: F401  (registers the "kodeks_refs" factory)
from kodeks_testing import GOLD
from pipeline.addresses import is_canonical, law_of
from pipeline.model import Reference, walk
from pipeline.refs import FORMS, HEAD, KINDS, NOUN_FORMS, find_references, heads


def refs(text, law=None, section=None):
    return [(f.text, f.target) for f in find_references(text, law=law, section=section)]


def kinds(text, law=None, section=None):
    return [(f.text, f.target, f.kind) for f in find_references(text, law=law, section=section)]


# --- forms, table-driven: (text, law, expected [(text, target, kind)]) -------------

PLAIN = [
    ("см. правило 50", None, [("правило 50", "50", "plain")]),
    ("по правилу 64", None, [("правилу 64", "64", "plain")]),
    ("в соответствии с правилом 77", None, [("правилом 77", "77", "plain")]),
    ("(правило 42B2)", None, [("правило 42B2", "42B2", "plain")]),
    ("изложены в Правиле 65D.", None, [("Правиле 65D", "65D", "plain")]),
    ("по правилу 79C,судье", None, [("правилу 79C", "79C", "plain")]),
    ("из правил 40", None, [("правил 40", "40", "plain")]),
    ("ПРАВИЛО 12 гласит", None, [("ПРАВИЛО 12", "12", "plain")]),
    ("применить правило\n58B к", None, [("правило\n58B", "58B", "plain")]),
    ("см. правило 67B1(A).", None, [("правило 67B1(A)", "67B1(A)", "plain")]),
    ("по правилу 9A2(B)(1)", None, [("правилу 9A2(B)(1)", "9A2(B)(1)", "plain")]),
    ("по правилам 12", None, [("правилам 12", "12", "plain")]),
    ("с правилами 90", None, [("правилами 90", "90", "plain")]),
    ("в пункте 64A1", None, [("пункте 64A1", "64A1", "plain")]),
    ("штрафной (см.правило 50)", None, [("правило 50", "50", "plain")]),
    ("см.Правила 64А1.", None, [("Правила 64А1", "64A1", "plain")]),
    ("13.5. Раздел 13С не оставляет судье выбора", None, [("Раздел 13С", "13C", "plain")]),
    (
        "Соответствующий раздел 16 данного Комментария",
        None,
        [("раздел 16", "16", "plain")],
    ),
    ("как сказано в разделе\n64A1, судья", None, [("разделе\n64A1", "64A1", "plain")]),
]

GLOSS = [
    ("правило 45E(5-я карта,сыгранная во взятку)", None, [("правило 45E", "45E", "plain")]),
    ("правило 58B(одновременная игра с одной руки)", None, [("правило 58B", "58B", "plain")]),
    ("по правилу 62C(при фальшренонсе болвана) и", None, [("правилу 62C", "62C", "plain")]),
    ("Правила 64А1.(DC4)", None, [("Правила 64А1", "64A1", "plain")]),
]

MIXED = [
    ("с точки зрения применения Правила 64А1.", None, [("Правила 64А1", "64A1", "plain")]),
    ("Правило 12С2 гласит", None, [("Правило 12С2", "12C2", "plain")]),
    ("см. правило 67В2", None, [("правило 67В2", "67B2", "plain")]),
    ("по правилу 64а1", None, [("правилу 64а1", "64A1", "plain")]),
    ("по правилу 67В1(А)", None, [("правилу 67В1(А)", "67B1(A)", "plain")]),
]

# The later editions letter the points of a clause in small letters, «(a)», «(b)», and
# number theirs in small Roman numerals: the codex files them as the book's «(A)»
# (``clean.restyled_markers``), so a reference to one points there too
LATER_EDITIONS = [
    ("см. Правило 12C1(b).", None, [("Правило 12C1(b)", "12C1(B)", "plain")]),
    ("по правилу 16B1(a)(ii) судья", None, [("правилу 16B1(a)(ii)", "16B1(A)(ii)", "plain")]),
    ("согласно Правилу 12С1(с)", None, [("Правилу 12С1(с)", "12C1(C)", "plain")]),
    # a Roman numeral right after the clause is an item, not a letter
    ("по правилу 16B1(i)", None, [("правилу 16B1(i)", "16B1(i)", "plain")]),
]

LISTS = [
    (
        "в разделах 64A и 64B, а также",
        None,
        [("разделах 64A", "64A", "list"), ("64B", "64B", "list")],
    ),
    (
        "в правиле 42 и правиле 43",
        None,
        [("правиле 42", "42", "list"), ("правиле 43", "43", "list")],
    ),
    ("правила 13 и 14", None, [("правила 13", "13", "list"), ("14", "14", "list")]),
    ("Правилам 61А и 62А", None, [("Правилам 61А", "61A", "list"), ("62А", "62A", "list")]),
    ("правило 53 или 56", None, [("правило 53", "53", "list"), ("56", "56", "list")]),
    (
        "правила 13, 14 и 15",
        None,
        [("правила 13", "13", "list"), ("14", "14", "list"), ("15", "15", "list")],
    ),
]

RANGES = [
    (
        "правила 62–64",
        None,
        [("правила 62", "62", "range"), ("правила 62–64", "63", "range"), ("64", "64", "range")],
    ),
    ("правила 62-63", None, [("правила 62", "62", "range"), ("63", "63", "range")]),
    (
        "правилами 1 — 3.",
        None,
        [("правилами 1", "1", "range"), ("правилами 1 — 3", "2", "range"), ("3", "3", "range")],
    ),
    (
        "правила 13 и 20–21",
        None,
        [("правила 13", "13", "list"), ("20", "20", "range"), ("21", "21", "range")],
    ),
    # a commentary copy writes the range with an ellipsis
    (
        "Правила 36...38 поясняют",
        None,
        [("Правила 36", "36", "range"), ("Правила 36...38", "37", "range"), ("38", "38", "range")],
    ),
    ("правила 20…21", None, [("правила 20", "20", "range"), ("21", "21", "range")]),
    # an ellipsis with no number after it, or a blank, ends the sentence, not a range
    ("по правилу 36... и так далее", None, [("правилу 36", "36", "plain")]),
    ("сослался на правило 12... 15 минут спустя", None, [("правило 12", "12", "plain")]),
]

COMMENTARY = [
    ("п. 64.8", None, [("п. 64.8", "64.8", "commentary")]),
    ("(см. п. 64.8. выше)", None, [("п. 64.8", "64.8", "commentary")]),
    ("(см. п. 64.8.\nвыше)", None, [("п. 64.8", "64.8", "commentary")]),
    ("п.64.8 далее", None, [("п.64.8", "64.8", "commentary")]),
    ("(см.п. 64.8)", None, [("п. 64.8", "64.8", "commentary")]),
    ("см.п.64.8 и", None, [("п.64.8", "64.8", "commentary")]),
    (
        "п.п. 62.6. и 63.3. выше",
        None,
        [("п.п. 62.6", "62.6", "commentary"), ("63.3", "63.3", "commentary")],
    ),
    ("пп. 62.6 и 63.3", None, [("пп. 62.6", "62.6", "commentary"), ("63.3", "63.3", "commentary")]),
    ("см. п. 77.3.(iii)", None, [("п. 77.3.(iii)", "77.3(iii)", "commentary")]),
    ("в пункте 64.10(ii)", None, [("пункте 64.10(ii)", "64.10(ii)", "commentary")]),
]

# No noun at all: a commentary paragraph named by number after «см.» at a sentence's
# end, and laws with their sections opening a paragraph, joined by «и»
BARE = [
    ("так судья и поступает. См. также 10.4.", None, [("10.4", "10.4", "commentary")]),
    ("судья решает сам (см. 12.7)", None, [("12.7", "12.7", "commentary")]),
    ("см.также 45.2. Далее о ходе", None, [("45.2", "45.2", "commentary")]),
    (
        "См. также 62.6 и 63.3.",
        None,
        [("62.6", "62.6", "commentary"), ("63.3", "63.3", "commentary")],
    ),
    ("12В и 12С объясняют, как судья", None, [("12В", "12B", "list"), ("12С", "12C", "list")]),
    (
        "смотря по тому, был ли ход (14А) или ещё нет\n(14В), судья",
        None,
        [("14А", "14A", "plain"), ("14В", "14B", "plain")],
    ),
    ("как сказано выше (64A1), игрок", None, [("64A1", "64A1", "plain")]),
    (
        "Итак, спор решён.\n64A и 64B, 64C вместе говорят",
        None,
        [("64A", "64A", "list"), ("64B", "64B", "list"), ("64C", "64C", "list")],
    ),
]

FOOTNOTES = [
    ("см. сноску (*) к правилу 69.", None, [("правилу 69", "69", "footnote")]),
    ("(**) - см. сноску (**) к правилу 12C1", None, [("правилу 12C1", "12C1", "footnote")]),
    ("см. сноску к правилу 70", None, [("правилу 70", "70", "footnote")]),
    (
        "см. сноску (1) к правилу 40 и правилу 41",
        None,
        [("правилу 40", "40", "footnote"), ("правилу 41", "41", "plain")],
    ),
]

SELF = [
    ("согласно этому правилу недостаточную", "64", [("этому правилу", "64", "self")]),
    ("против этого Правила", "65", [("этого Правила", "65", "self")]),
    (
        "применяется не это правило, а правило 14.",
        "13",
        [("это правило", "13", "self"), ("правило 14", "14", "plain")],
    ),
    ("не в согласии с этим Правилом", "65", [("этим Правилом", "65", "self")]),
    ("в силу настоящего правила", "40", [("настоящего правила", "40", "self")]),
    ("нарушение этого же правила", "40", [("этого же правила", "40", "self")]),
    ("как в пункте A", "64", [("пункте A", "64A", "self")]),
    ("как в пункте В2 выше", "67", [("пункте В2", "67B2", "self")]),
    ("в этом пункте", "64", [("этом пункте", "64", "self")]),
    ("как в п. A выше", "64", [("п. A", "64A", "self")]),
]

NEGATIVES = [
    "Раздел I - ПРОЦЕДУРА",
    "Раздел 2 Правильная процедура",
    "раздел 16 правил турнира",
    "после ответа (1С) или (2Н) партнёр",
    "в таблице (12) и (3)",
    "Правило 63. Выявление фальшренонса",
    "Правило 24.Показ карты или ход в ходе торговли",
    "конец абзаца.\nПравило 20. Повторение и объяснение заявок",
    "ПРАВИЛО 65. ПОРЯДОК РАСПОЛОЖЕНИЯ ВЗЯТОК",
    "Правило 64\nПроцедура после выявления",
    "– 87",
    "- 41 -",
    "в 12-й взятке",
    "5-я карта",
    "для 4-х игроков",
    "несанкционированных настоящими правилами",
    "описание предписываемой Правилом процедуры",
    "... как штрафную (см.",
    "подлежит наказанию по правилу",
    "по правилу\n– 87",
    "по правилу\n87\n",
    "правило 150",
    "правила 4-х игроков",
    "неправильно и правильный",
    "и т.п. 5 карт",
    "и т.п.",
    "п. 5",
    "этим правилам",
    "эти правила",
    "правилом 64Ав",
    "правом 64",
    # dotted numbers that name no paragraph: dates, prices, page numbers, scores
    "см. 10.04.2001",
    "(см. 3.8.2.)",
    "см. 4.2 очка в пользу",
    "См. также 10.4, где судья",
    "цена 12.50 руб., см. стр. 4.2",
    "счёт 4.2. Далее игра",
    "на с. 12.3 сказано",
    # a paragraph that opens with a bid pair, one address alone, or no paragraph start
    "1С и 1Н показывают разные руки",
    "8В отвечает на вопрос",
    "сказано в 8В и 8С отвечают",
    "8В и 8С.",
]


# Damage classes seen on real pages (own sentences in the same layout).
WILD = [
    # a clause of the text at hand, not a law
    ("как сказано в предыдущем пункте 1, игрок", "40", []),
    ("(согласно предыдущему пункту 2)", None, []),
    (
        "пункт 3 настоящего правила не применяется",
        "40",
        [("настоящего правила", "40", "self")],
    ),
    ("пункты 1 и 2 выше", "40", []),
    ("в пункте 64A1", None, [("пункте 64A1", "64A1", "plain")]),
    # abbreviation glued to the noun, itself glued to the word before
    ("торговли(см.правило 23A для", None, [("правило 23A", "23A", "plain")]),
    ("заявки(см.п.64.8)", None, [("п.64.8", "64.8", "commentary")]),
    # a blank before the section letter
    ("по правилу 64 A1 судья", None, [("правилу 64 A1", "64A1", "plain")]),
    ("см. правило 12 С2.", None, [("правило 12 С2", "12C2", "plain")]),
    ("правило 64 а также", None, [("правило 64", "64", "plain")]),
    ("см. правило 45 E, где", None, [("правило 45 E", "45E", "plain")]),
    (
        "по правилам 45 C и 46 B.",
        None,
        [("правилам 45 C", "45C", "list"), ("46 B", "46B", "list")],
    ),
    ("согласно правилу 45 В.", None, [("правилу 45 В", "45B", "plain")]),
    ("по правилу 45 В случае ошибки", None, [("правилу 45", "45", "plain")]),
    ("по правилу 45 А также", None, [("правилу 45", "45", "plain")]),
    ("по Правилу 40 А. Смирнов решил", None, [("Правилу 40", "40", "plain")]),
    ("Правило 45 A player may", None, [("Правило 45", "45", "plain")]),
    # letters read for digits inside the number
    ("см. правило 2ЗA", None, [("правило 2ЗA", "23A", "plain")]),
    ("по правилу 4О", None, [("правилу 4О", "40", "plain")]),
    ("по правилу 1ОB", None, [("правилу 1ОB", "10B", "plain")]),
    # missing blank after a comma, upper-case conjunction
    (
        "правила 64,65 и 67",
        None,
        [("правила 64", "64", "list"), ("65", "65", "list"), ("67", "67", "list")],
    ),
    (
        "ПО ПРАВИЛАМ 12C2 И 12C3",
        None,
        [("ПРАВИЛАМ 12C2", "12C2", "list"), ("12C3", "12C3", "list")],
    ),
    # a demonstrative whose noun is on the next line
    ("согласно этому\nправилу судья", "70", [("этому\nправилу", "70", "self")]),
    ("против этого   же\n   Правила", "70", [("этого   же\n   Правила", "70", "self")]),
    ("сказано об этом\n\nПравило не применяется", "70", []),
    # a typeset page keeps the number with its noun by a no-break space (or a
    # narrow one, or a thin one)
    ("см. правило\u00a064 и", None, [("правило\u00a064", "64", "plain")]),
    ("см. п.\u00a064.8.", None, [("п.\u00a064.8", "64.8", "commentary")]),
    ("по правилу\u202f79C судья", None, [("правилу\u202f79C", "79C", "plain")]),
    ("по правилу\u00a064\u00a0A1 судья", None, [("правилу\u00a064\u00a0A1", "64A1", "plain")]),
    (
        "правилам\u00a012C2\u2009и\u00a012C3",
        None,
        [("правилам\u00a012C2", "12C2", "list"), ("12C3", "12C3", "list")],
    ),
    (
        "правила\u00a062\u00a0–\u00a064",
        None,
        [
            ("правила\u00a062", "62", "range"),
            ("правила\u00a062\u00a0–\u00a064", "63", "range"),
            ("64", "64", "range"),
        ],
    ),
    ("согласно этому\u00a0правилу судья", "70", [("этому\u00a0правилу", "70", "self")]),
    # the number sign some write before a law's number
    ("по правилу № 64 судья", None, [("правилу № 64", "64", "plain")]),
    ("см. правило №64А1.", None, [("правило №64А1", "64A1", "plain")]),
    # a heading whose title follows a dash, a colon or stands in quotation marks is no
    # reference; a sentence that opens with the law after a dash is one
    ("Правило 64 – Процедура после выявления", None, []),
    ("Правило 64: Процедура после выявления", None, []),
    ("Правило 64 «Процедура после выявления»", None, []),
    ("Правило 64 (Процедура после выявления)", None, []),
    ("по правилу 64 (Процедура после выявления) судья", None, [("правилу 64", "64", "plain")]),
    ("Правило 64 – важное правило.", None, [("Правило 64", "64", "plain")]),
    # a copy that letters sections in the Russian alphabet's order names them so: a
    # letter with no Latin look-alike is read by its place (Б is B, Г is D)
    ("см. правило 14Б.", None, [("правило 14Б", "14B", "plain")]),
    ("по правилу 64Б2 судья", None, [("правилу 64Б2", "64B2", "plain")]),
    # … only after a head noun: a bid in Russian notation writes the letter too
    ("Север открыл торговлю заявкой (1Б), и судья", None, []),
    ("1Б и 2Б здесь были искусственными заявками.", None, []),
    # … but no name's initial after a blank, and З is a misread 3
    ("по правилу 12 Д. Иванов решил", None, [("правилу 12", "12", "plain")]),
    ("по правилу 2З судья", None, [("правилу 2З", "23", "plain")]),
]


def _check(table):
    return pytest.mark.parametrize("text,law,expected", table, ids=[t for t, _, _ in table])


@_check(WILD)
def test_wild_damage(text, law, expected):
    assert kinds(text, law) == expected


@_check(PLAIN)
def test_plain(text, law, expected):
    assert kinds(text, law) == expected


@_check(GLOSS)
def test_gloss(text, law, expected):
    assert kinds(text, law) == expected


@_check(MIXED)
def test_mixed_script(text, law, expected):
    assert kinds(text, law) == expected


@_check(LATER_EDITIONS)
def test_later_editions_small_letters(text, law, expected):
    assert kinds(text, law) == expected


@_check(LISTS)
def test_lists(text, law, expected):
    assert kinds(text, law) == expected


@_check(RANGES)
def test_ranges(text, law, expected):
    assert kinds(text, law) == expected


@_check(COMMENTARY)
def test_commentary(text, law, expected):
    assert kinds(text, law) == expected


@_check(BARE)
def test_without_a_noun(text, law, expected):
    assert kinds(text, law) == expected


@_check(FOOTNOTES)
def test_footnotes(text, law, expected):
    assert kinds(text, law) == expected


@_check(SELF)
def test_self(text, law, expected):
    assert kinds(text, law) == expected


@_check(SELF)
def test_self_in_fragment_gives_none(text, law, expected):
    assert kinds(text, None) == [e for e in expected if e[2] != "self"]


def test_self_section_resolves_punkt():
    assert refs("в этом пункте", law="64", section="64B") == [("этом пункте", "64B")]
    assert refs("как в пункте A1", law="64", section="64B") == [("пункте A1", "64A1")]


@pytest.mark.parametrize("text", NEGATIVES)
def test_negatives(text):
    assert find_references(text, law="64") == []


# --- the project's gold expectations, exactly and in order --------------------------

GOLD_CASES = [
    ("(см. правило 50)", None, [("правило 50", "50")]),
    ("применяется правило 67.", None, [("правило 67", "67")]),
    ("(кроме фальшренонса в 12-й взятке - см. правило 62D)", None, [("правило 62D", "62D")]),
    ("наказания по правилу 64.", None, [("правилу 64", "64")]),
    (
        "правило 45E(5-я карта,сыгранная во взятку) или правило 58B(одновременная игра с одной руки)",
        None,
        [("правило 45E", "45E"), ("правило 58B", "58B")],
    ),
    ("см. сноску (*) к правилу 69.", None, [("правилу 69", "69")]),
    ("определённого по правилу 79C,судье", None, [("правилу 79C", "79C")]),
    ("с точки зрения применения Правила 64А1.", None, [("Правила 64А1", "64A1")]),
    ("(см. п. 64.8.\nвыше)", None, [("п. 64.8", "64.8")]),
    ("не в согласии с этим Правилом", "65", [("этим Правилом", "65")]),
    ("против этого Правила", "65", [("этого Правила", "65")]),
    ("изложены в Правиле 65D.", None, [("Правиле 65D", "65D")]),
    ("согласно этому правилу недостаточную", "64", [("этому правилу", "64")]),
    (
        "(ограниченные права болвана определены в правиле 42 и правиле 43)",
        None,
        [("правиле 42", "42"), ("правиле 43", "43")],
    ),
    ("(правило 42B2).", None, [("правило 42B2", "42B2")]),
    ("(для болвана см. правило 43A1).", None, [("правило 43A1", "43A1")]),
    ("(правило 6).", None, [("правило 6", "6")]),
    (
        "применяется не это правило, а правило 14.",
        "13",
        [("это правило", "13"), ("правило 14", "14")],
    ),
    ("(Может применяться правило 16 о нелегальной информации)", None, [("правило 16", "16")]),
    ("в соответствии с правилом 77.", None, [("правилом 77", "77")]),
]


@_check(GOLD_CASES)
def test_gold_expectations(text, law, expected):
    assert refs(text, law) == expected


def _walk(nodes, law=None):
    for n in nodes:
        here = None if n["kind"] == "fragment" else (law_of(n["id"]) if n["id"] else law)
        yield n, here
        yield from _walk(n.get("children", []), here)


@pytest.mark.skipif(not GOLD.is_dir(), reason="gold annotations not available")
def test_gold_files_exactly():
    """Every node and footnote of the gold trees: found refs == gold refs, in order
    (including every node that has none)."""
    checked = 0
    for path in sorted(GOLD.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        for node, law in _walk(data["nodes"]):
            got = []
            for part in (node.get("title") or "", node["text"]):
                got += [
                    {"text": f.text, "target": f.target} for f in find_references(part, law=law)
                ]
            assert got == node["refs"], (path.name, node["id"])
            for fn in node.get("footnotes", []):
                got = [
                    {"text": f.text, "target": f.target}
                    for f in find_references(fn["text"], law=law)
                ]
                assert got == fn["refs"], (path.name, node["id"], fn["mark"])
            checked += 1
    assert checked > 50


# --- API details ----------------------------------------------------------------------


def test_found_is_frozen_with_offsets():
    text = "штраф (см. правило 50) и по правилу 64А1."
    found = find_references(text)
    assert all(isinstance(f, Reference) for f in found)
    assert [text[f.start : f.end] for f in found] == ["правило 50", "правилу 64А1"]
    with pytest.raises(AttributeError):
        found[0].target = "x"  # type: ignore[misc]


def test_long_text_offsets_and_order():
    unit = (
        "Карта становится штрафной (см. правило 50). Применяется этому правилу и п. 64.8.\n"
        + "слово " * 80
    )
    text = unit * 30
    found = find_references(text, law="64")
    assert [f.target for f in found] == ["50", "64", "64.8"] * 30
    assert all(text[f.start : f.end] == f.text for f in found)
    assert [f.start for f in found] == sorted(f.start for f in found)


def test_noun_forms_are_the_lexemes():
    """The closed list of head nouns is every form pymorphy3 knows of them."""
    from pipeline.morph import analyzer

    for noun, forms in NOUN_FORMS.items():
        lexeme = {f.word for f in analyzer().parse(noun)[0].lexeme}
        assert lexeme == set(forms)


def test_one_head_pass_in_the_grammar_table():
    text = "см. этому правилу, сноску (*) к правилу 5, ПУНКТЫ и п. 64.8 (т.е. неправило)"
    assert [m.group() for m in HEAD.finditer(text)] == ["правилу", "правилу", "ПУНКТЫ", "п."]
    found = [(text[s:e], kind, before) for _, e, _, kind, before, s in heads(text)]
    assert found == [
        ("этому правилу", "NOUN", "dem"),
        ("сноску (*) к правилу", "NOUN", "foot"),
        ("ПУНКТЫ", "NOUN", None),
        ("п.", "PABBR", None),
    ]
    assert {"noun", "dem", "foot", "p_abbr", "addr", "sep"} <= set(FORMS)


def test_heading_only_at_line_start():
    text = "Правило 63. Выявление фальшренонса\nСм. также Правило 63. И ещё"
    assert refs(text) == [("Правило 63", "63")]


# --- the spaCy component ---------------------------------------------------------------


def _spans(doc):
    return [(s.text, s._.target, s._.ref_kind) for s in doc.spans["kodeks_refs"]]


TEXT = (
    "правило 45E(5-я карта,сыгранная во взятку) или правило\n58B, правила 62–64, "
    "п.64.8 и Правила 64А1.(DC4) согласно этому правилу. см. сноску (*) к правилу 69."
)


def test_component_on_blank_pipeline():
    nlp = spacy.blank("ru")
    nlp.add_pipe("kodeks_refs", config={"law": "64"})
    doc = nlp(TEXT)
    expected = [(f.text, f.target, f.kind) for f in find_references(TEXT, law="64")]
    assert _spans(doc) == expected
    assert ("правило 45E", "45E", "plain") in expected and (
        "этому правилу",
        "64",
        "self",
    ) in expected
    for span in doc.spans["kodeks_refs"]:
        assert span.kb_id_ == span._.target and span.label_ == span._.ref_kind


def test_component_law_from_user_data():
    nlp = spacy.blank("ru")
    nlp.add_pipe("kodeks_refs")
    assert _spans(nlp("согласно этому правилу")) == []
    doc = nlp.make_doc("согласно этому правилу")
    doc.user_data["kodeks_law"] = "65"
    doc = nlp.get_pipe("kodeks_refs")(doc)
    assert _spans(doc) == [("этому правилу", "65", "self")]


def test_component_after_morph_lemmatizer():
    from pipeline.morph import nlp as morph_nlp

    base = morph_nlp()
    nlp = spacy.blank("ru")
    nlp.add_pipe("lemmatizer", config={"mode": "pymorphy3", "overwrite": True})
    nlp.initialize()
    nlp.add_pipe("kodeks_refs", config={"law": "65"})
    doc = nlp("против этого Правила и по Правилам 61А и 62А")
    assert _spans(doc) == [
        ("этого Правила", "65", "self"),
        ("Правилам 61А", "61A", "list"),
        ("62А", "62A", "list"),
    ]
    assert base is morph_nlp()  # the shared pipeline is left alone


def test_component_keeps_existing_lemmas_when_asked():
    nlp = spacy.blank("ru")
    nlp.add_pipe("kodeks_refs", config={"overwrite_lemmas": False})
    doc = nlp.make_doc("по правилу 64")
    doc[0].lemma_ = "ПО"
    doc = nlp.get_pipe("kodeks_refs")(doc)
    assert doc[0].lemma_ == "ПО"
    assert _spans(doc) == [("правилу 64", "64", "plain")]


# --- properties -----------------------------------------------------------------------

TRIGGERS = ("прав", "п.", "пункт", "сноск", "это", "настоящ", "см.", "раздел")
ALPHABET = (
    "абвгдежзийклмнопрстуфхцчшщъыьэюяАБВГДЕЖЗИКЛМНОПРСТУФХЦЧШЩЭЮЯABCDEFabc0123456789 .,;:()–-*\n"
)
WORDS = [
    "правило",
    "правилу",
    "Правила",
    "правиле",
    "правилом",
    "правил",
    "правилам",
    "Правило",
    "п.",
    "п.п.",
    "пп.",
    "пункте",
    "этому",
    "этого",
    "это",
    "этим",
    "настоящего",
    "настоящими",
    "сноску",
    "(*)",
    "к",
    "и",
    "или",
    ",",
    "см.",
    "64А1",
    "64.8.",
    "77.3.(iii)",
    "45E(5-я",
    "62–64",
    "12-й",
    "4-х",
    "–",
    "87",
    "\n",
    "42",
    "B2",
    "63.",
    "Выявление",
    "карта",
    "(",
    ")",
    "64",
    "13",
    "14",
    "5",
    "A",
    "(A)",
    "150",
]


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(alphabet=ALPHABET, max_size=300))
def test_no_trigger_no_reference(text):
    assume(not any(t in text.lower() for t in TRIGGERS))
    # nor a line that opens with a law and section (the form without a noun)
    assume(not regex.search(r"(?m)^[ \t]*\d+[A-HАВСЕНa-hавсен]", text))
    # nor a law and section alone in brackets, «(14А)»
    assume(not regex.search(r"\(\d+[A-HАВСЕН]\d?\)", text))
    assert find_references(text, law="64", section="64A") == []


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(WORDS), max_size=40), st.sampled_from([None, "64"]))
def test_spans_are_exact_and_canonical(words, law):
    text = " ".join(words)
    found = find_references(text, law=law)
    for f in found:
        assert text[f.start : f.end] == f.text
        assert is_canonical(f.target)
        assert f.kind in KINDS
        if law is None:
            assert f.kind != "self"
    assert [f.start for f in found] == sorted(f.start for f in found)


_NLP = None


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(st.sampled_from(WORDS + ["слово"] * 10), max_size=120), st.sampled_from([None, "64"])
)
def test_component_and_find_references_agree(words, law):
    global _NLP
    if _NLP is None:
        _NLP = spacy.blank("ru")
        _NLP.add_pipe("kodeks_refs")
    text = " ".join(words)
    doc = _NLP.make_doc(text)
    doc.user_data["kodeks_law"] = law
    doc = _NLP.get_pipe("kodeks_refs")(doc)
    assert _spans(doc) == [(f.text, f.target, f.kind) for f in find_references(text, law=law)]


def test_long_list_past_the_window():
    nums = list(range(1, 60))
    text = "см. правила " + ", ".join(map(str, nums)) + " и 60. " + "слово " * 50
    found = find_references(text)
    assert [f.target for f in found] == [str(n) for n in [*nums, 60]]
    assert found[0].text == "правила 1" and found[-1].text == "60"
    assert all(text[f.start : f.end] == f.text for f in found)


def test_widened_window_does_not_repeat():
    text = (
        "правила "
        + ", ".join(map(str, range(1, 60)))
        + ". Далее по правилу 64А1 и этому правилу. "
        + "x " * 100
    )
    found = find_references(text, law="65")
    assert [f.target for f in found] == [str(n) for n in range(1, 60)] + ["64A1", "65"]
    assert len(set(found)) == len(found)


# --- pages that are not law text; the site never loses a reference silently --------

_LAW_PAGE = (
    "Правило 64. Процедура после выявления фальшренонса\n"
    "A.Наказание назначается\n"
    "Когда фальшренонс выявлен, см. правило 63 и правило 65, взятка переходит.\n"
)


@pytest.fixture(scope="module")
def segmented(tmp_path_factory):
    from pipeline.run import run

    folder = tmp_path_factory.mktemp("corpus")
    (folder / "a.txt").write_text(_LAW_PAGE, encoding="utf-8")
    (tree,) = run(folder, until="segment").trees
    return tree


def _tree_refs(tree):
    def walk(nodes):
        for n in nodes:
            yield from ((r.text, r.target) for r in n.refs)
            yield from walk(n.children)

    return list(walk(tree.nodes))


def test_references_of_a_law_page_are_linked(segmented):
    from pipeline.refs import refs as refs_stage

    tree, found = refs_stage(segmented)
    assert _tree_refs(tree) == [("правило 63", "63"), ("правило 65", "65")]
    assert found == []


_NOT_LAW_PAGES = {
    "toc": (
        "СОДЕРЖАНИЕ\n"
        "Правило 1. Колода .......... 5\n"
        "Правило 2. Доски .......... 6\n"
        "Правило 3. Расположение столов .......... 7\n"
        "О прежней нумерации см. правило 64.\n"
    ),
    "index": (
        "Болван..........43\n"
        "Взятка..........44,67\n"
        "Контракт..........22\n"
        "О терминах см. правило 75.\n"
    ),
}


@pytest.mark.parametrize("kind", sorted(_NOT_LAW_PAGES))
def test_references_of_a_page_that_is_not_law_text_are_reported_not_linked(tmp_path, kind):
    """A listing with a stray line of text: its profile, read from the cleaned
    text, says it is not law text, so the reference is reported, never linked."""
    from pipeline.refs import refs as refs_stage
    from pipeline.run import run

    (tmp_path / "a.txt").write_text(_NOT_LAW_PAGES[kind], encoding="utf-8")
    (tree,) = run(tmp_path, until="segment").trees
    assert tree.cleaned.profile.kind == kind
    assert tree.nodes  # the stray line is kept as text ...
    linked, found = refs_stage(tree)
    assert _tree_refs(linked) == []  # ... but its reference links nothing
    (d,) = found
    assert d.code == "K503" and kind in d.message
    assert d.span is not None and d.span.line == 5 - (kind == "index")


def _margined(text: str) -> str:
    return "".join(f"| {ln}¶\n" for ln in text.splitlines())


def _table(text: str) -> str:
    lines = text.splitlines()
    return "".join(
        "|      " + "      |      ".join(lines[i : i + 2]) + "      |\n"
        for i in range(0, len(lines), 2)
    )


@pytest.mark.parametrize("damage", [_margined, _table], ids=["bar-margin", "table-separators"])
def test_a_law_page_behind_a_margin_keeps_its_references(tmp_path, damage):
    """A ``| `` margin on every line (or table separators) hides the headings in the
    raw text; the kind is read where the segmenter reads the structure, so the law
    page is law text in report.json and its references are linked."""
    import subprocess

    from kodeks_testing import ROOT
    from pipeline.cli import build_command

    corpus = tmp_path / "corpus"
    corpus.mkdir()
    page = (
        "Правило 64. Процедура после выявления фальшренонса\n"
        "A. Наказание\n"
        "1. Когда фальшренонс выявлен, взятка переходит к стороне, см. правило 63.\n"
        "2. Если нарушитель взял и следующую взятку, см. правило 65.\n"
        "B. Без наказания\n"
        "Наказание не назначается, если фальшренонс не выявлен вовремя.\n"
    )
    (corpus / "page.txt").write_text(damage(page), encoding="utf-8")
    out = tmp_path / "out"
    subprocess.run(build_command(corpus, out), check=True, cwd=ROOT, capture_output=True)
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    assert report["sources"]["page.txt"]["profile"]["kind"] == "laws"
    assert not [d for d in report["diagnostics"] if d["code"] in ("K503", "K308")]
    links = json.loads((out / "links.json").read_text(encoding="utf-8"))
    assert {"63", "65"} <= {r["target"] for r in _walk_refs(links)}


def _walk_refs(obj):
    if isinstance(obj, dict):
        if "target" in obj:
            yield obj
        for v in obj.values():
            yield from _walk_refs(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from _walk_refs(v)


def test_site_reports_a_reference_whose_words_are_not_in_the_text():
    from pipeline.site import tokenize

    ref = Reference(text="правилу 64", target="64", kind="plain", start=0, end=10)
    lost: list = []
    paras = tokenize(None, "Текст без той ссылки.", [ref], lost=lost, where="law-64.html, 64A")
    assert [t.kind for p in paras for t in p] == ["text"]
    (d,) = lost
    assert d.code == "K702" and "«правилу 64»" in d.message and "law-64.html, 64A" in d.message


def test_site_links_a_range_by_its_ends_and_loses_nothing_of_it():
    """«правила 62–64»: 62 and 64 are links; 63, inside the range, has the range's
    words, which the two links cover: no K702 (a reference lost from the text still
    gets one, above)."""
    from pipeline.refs import find_references
    from pipeline.site import tokenize

    text = "Судья применяет правила 62–64 к этому случаю."
    refs = find_references(text)
    assert [(r.text, r.target, r.kind) for r in refs] == [
        ("правила 62", "62", "range"),
        ("правила 62–64", "63", "range"),
        ("64", "64", "range"),
    ]
    lost: list = []
    paras = tokenize(None, text, refs, lost=lost, where="law-10.html, 10A")
    assert [t.text for p in paras for t in p if t.kind == "ref"] == ["правила 62", "64"]
    assert lost == []


@pytest.mark.parametrize(
    ("ending", "targets", "cut"),
    [
        ("а в остальном судья поступает, как сказано в правиле 73", ["12", "73"], True),
        ("а в остальном судья поступает, как сказано в правиле 73.", ["12", "73", "73"], False),
        ("а дальше судья смотрит правило 73 и решает", ["12", "73", "73"], False),
    ],
    ids=["cut-after-the-address", "sentence-ends", "cut-later"],
)
def test_a_reference_the_cut_of_the_page_ends_on_links_nothing(tmp_path, ending, targets, cut):
    """A page cut off mid-sentence right after «в правиле 73» may have gone on «73D»:
    that last reference gives none (K504, its text kept); one the sentence closes, or
    one further back, is linked."""
    from pipeline.run import run

    (tmp_path / "a.txt").write_text(
        "Правило 73. Общение партнёров\n"
        "73.1. Здесь речь о том, что сказано в правиле 12 и в правиле 73.\n"
        f"73.2. Игрок не подаёт знаков партнёру, {ending}",
        encoding="utf-8",
    )
    build = run(tmp_path, until="refs")
    (tree,) = build.trees
    assert [t for _text, t in _tree_refs(tree)] == targets
    k504 = [d for d in build.diagnostics if d.code == "K504"]
    assert bool(k504) == cut
    if cut:
        assert "«правиле 73»" in k504[0].message and k504[0].span.line == 3
    last = tree.nodes[0].children[-1]
    assert ending in f"{last.title or ''} {last.text}"


def test_a_reference_wrapped_over_two_lines_points_at_both_lines():
    """The cleaner joins «к Правилу» | «55.» into one line: the reference's source
    span is still its own two lines, not its node's whole span."""
    from kodeks_testing import seg
    from pipeline.refs import refs

    text = (
        "Правило 67. Неправильная взятка\n"
        "67.3. Судья сначала выслушивает обе стороны и только\n"
        "потом решает. Если это был ход, он обращается к Правилу\n"
        "55. Если нет, игра продолжается.\n"
    )
    tree, _ = refs(seg(text, "commentary")[0])
    (ref,) = [r for n, _p in walk(tree.nodes) for r in n.refs if r.target == "55"]
    assert (ref.span.line, ref.span.end_line) == (3, 4)
    assert text[ref.span.start : ref.span.end] == "Правилу\n55"
