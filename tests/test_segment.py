"""The segmenter: golden trees per seed (refs ignored) and rules on inputs of
their own. Structure is compared apart from offsets (``shape``)."""

from __future__ import annotations

import json

import pytest

from kodeks_testing import GOLD, SEEDS, VOCAB, seg
from pipeline import export
from pipeline.clean import clean
from pipeline.model import Node, Source, walk
from pipeline.read import detect_kind
from pipeline.segment import segment


def shape(
    node, keep=("id", "kind", "label", "title", "text", "inferred", "penalty", "tags")
) -> dict:
    """A node without spans and refs: what "the same structure" means. Works on
    ``Node`` values and on gold-shaped dicts."""
    d = export.node_json(node) if isinstance(node, Node) else node
    out = {k: d.get(k) for k in keep}
    out["tags"] = list(out["tags"] or [])
    out["footnotes"] = [{"mark": f["mark"], "text": f["text"]} for f in d.get("footnotes", [])]
    out["children"] = [shape(c, keep) for c in d.get("children", [])]
    return out


def same_structure(a, b) -> bool:
    """Address equality that ignores spans and refs."""
    return [shape(x) for x in a] == [shape(x) for x in b]


def flat(tree) -> list[tuple]:
    return [(n.kind, n.id, n.label, n.title, n.text, n.inferred) for n, _p in walk(tree.nodes)]


def codes(diags) -> list[str]:
    return [d.code for d in diags]


# --- golden -----------------------------------------------------------------------------


@pytest.mark.parametrize("path", SEEDS, ids=lambda p: p.stem[:3])
def test_golden(path):
    gold_file = GOLD / f"{path.stem}.json"
    if not gold_file.exists():
        pytest.skip("../shared/gold is absent")
    gold = json.loads(gold_file.read_text(encoding="utf-8"))
    raw = path.read_text(encoding="utf-8")
    src = Source(
        path=str(path),
        name=path.name,
        stem=path.stem,
        kind=gold["kind"],
        text=raw,
        encoding="utf-8",
    )
    assert detect_kind(raw) == gold["kind"]
    tree, _diags = segment(clean(src, VOCAB))
    got = [shape(n) for n in tree.nodes]
    want = [shape(n) for n in gold["nodes"]]
    for g, w in zip(got, want):
        assert g == w
    assert len(got) == len(want)


def test_shape_ignores_spans():
    a, _ = seg("Правило 64. Процедура\nA.Наказание назначается\nКогда ренонс выявлен:\n")
    b, _ = seg(
        "– 86\n\nПравило 64. Процедура\n\nA.Наказание назначается\n\nКогда ренонс выявлен:\n\n"
    )
    assert a.nodes[0].span != b.nodes[0].span
    assert same_structure(a.nodes, b.nodes)
    c, _ = seg("Правило 64. Процедура\nB.Наказание назначается\nКогда ренонс выявлен:\n")
    assert not same_structure(a.nodes, c.nodes)


# --- rules ---------------------------------------------------------------------------------


def test_law_heading_without_space():
    tree, diags = seg(
        "Правило 24.Показ карт до начала торговли\nЕсли до начала торговли игрок показал карту.\n"
    )
    assert flat(tree) == [
        (
            "law",
            "24",
            "24",
            "Показ карт до начала торговли",
            "Если до начала торговли игрок показал карту.",
            False,
        )
    ]
    assert diags == []


def test_law_heading_in_capitals():
    tree, _ = seg("ПРАВИЛО 65. ПОРЯДОК РАСПОЛОЖЕНИЯ ВЗЯТОК\nКаждый игрок укладывает свои карты.\n")
    assert flat(tree) == [
        (
            "law",
            "65",
            "65",
            "ПОРЯДОК РАСПОЛОЖЕНИЯ ВЗЯТОК",
            "Каждый игрок укладывает свои карты.",
            False,
        )
    ]


@pytest.mark.parametrize(
    "word, num, address",
    [
        ("Раздел", "I", "part:I"),
        ("Глава", "VIII", "chapter:VIII"),
        ("Часть", "II", "chapter-part:II"),
    ],
)
def test_divisions(word, num, address):
    tree, _ = seg(
        f"{word} {num} - Процедура розыгрыша\nПравило 44. Последовательность игры\n"
        "Взятку открывает ход.\n"
    )
    assert [(n.kind, n.id, n.label, n.title) for n, _p in walk(tree.nodes)] == [
        ("part", address, num, "Процедура розыгрыша"),
        ("law", "44", "44", "Последовательность игры"),
    ]


def test_division_levels_nest_and_number_apart():
    tree, diags = seg(
        "Глава VIII - Розыгрыш\nЧасть I - Порядок\nПравило 44. Ход\nТекст.\n"
        "Часть II - Отклонения\nПравило 45. Карта\nТекст.\nГлава IX - Судья\n"
        "Правило 81. Обязанности\nТекст.\n"
    )
    assert [
        (n.id, [(c.id, [g.id for g in c.children]) for c in n.children]) for n in tree.nodes
    ] == [
        ("chapter:VIII", [("chapter-part:I", ["44"]), ("chapter-part:II", ["45"])]),
        ("chapter:IX", [("81", [])]),
    ]
    assert "K305" not in codes(diags)


def test_division_numbering_backwards_within_one_space():
    _tree, diags = seg(
        "Глава IX - Судья\nПравило 81. Обязанности\nТекст.\nГлава VIII - Розыгрыш\n"
        "Правило 44. Ход\nХодят картой.\n"
    )
    assert codes(diags) == ["K305"]


def test_laws_nest_under_their_part():
    tree, _ = seg(
        "Раздел I - Определения\nПравило 1. Колода\nКолода состоит из 52 карт.\n"
        "Раздел II - Процедура\nПравило 2. Тасование\nКарты тасуются.\n"
    )
    assert [(n.id, [c.id for c in n.children]) for n in tree.nodes] == [
        ("part:I", ["1"]),
        ("part:II", ["2"]),
    ]


def test_commentary_multiple_numbers():
    tree, _ = seg(
        "Правило 74. Поведение и этикет(DC4)\n74.2,3. Игроку следует избегать замечаний о картах.(DC4)\n"
        "74.4. Второй абзац.(DC4)\n",
        kind="commentary",
    )
    law = tree.nodes[0]
    assert (law.kind, law.id, law.title, law.tags) == ("law", "74", "Поведение и этикет", ("DC4",))
    # merged paragraphs: one node under the first key, the label shows both
    assert [(c.kind, c.id, c.label, c.text) for c in law.children] == [
        ("commentary", "74.2", "74.2,3", "Игроку следует избегать замечаний о картах."),
        ("commentary", "74.4", "74.4", "Второй абзац."),
    ]


def test_commentary_paragraphs_keyed_by_a_subsection():
    tree, diags = seg(
        "Правило 12. Права судьи\n12.3. Судья решает сам, когда правила молчат.\n"
        "12С1. Искусственный результат дают, если сдачу нельзя доиграть.\n"
        "12C2. Оценочный результат опирается на вероятный исход.\n",
        kind="commentary",
    )
    (law,) = tree.nodes
    assert [(c.kind, c.id, c.label) for c in law.children] == [
        ("commentary", "12.3", "12.3"),
        ("commentary", "12.C1", "12.C1"),
        ("commentary", "12.C2", "12.C2"),
    ]
    assert not {"K304", "K305"} & set(codes(diags))
    # keyed and numbered paragraphs number apart: a numbered one after a keyed one is
    # no numbering going backwards (a page may open with «12С1.» and go on «12.2.»)
    tree, diags = seg(
        "12С1. Искусственный результат дают, если сдачу нельзя доиграть.\n"
        "12.2,3. Оценочный результат опирается на вероятный исход розыгрыша.\n"
        "12.4. Судья решает сам, сколько взяток взял бы разыгрывающий.\n",
        kind="commentary",
    )
    assert [n.id for n in tree.nodes] == ["12.C1", "12.2", "12.4"]
    assert "K305" not in codes(diags)


def test_paragraph_continued_at_the_top_of_a_page_is_no_new_key():
    # the page opens mid-sentence: the text is a fragment of a paragraph whose key is
    # on the page before, and the number inside it is no key
    tree, _diags = seg(
        "партнёра, как указано в 12.4 выше, и судья учитывает его карты.\n"
        "12.5. Следующий случай рассмотрен отдельно.\n",
        kind="commentary",
    )
    first, second = tree.nodes
    assert (first.kind, first.id) == ("fragment", None)
    assert first.text.startswith("партнёра, как указано в 12.4")
    assert (second.kind, second.id) == ("commentary", "12.5")


def test_commentary_heading_in_capitals_with_tag():
    tree, _diags = seg(
        "Правило 65. ПОРЯДОК РАСПОЛОЖЕНИЯ ВЗЯТОК(DC4)\n65.1. Судьям достаточно часто\n"
        "приходится сталкиваться с этим.(DC4)\n65.2. Судьи решают.(DC4)\n",
        kind="commentary",
    )
    law = tree.nodes[0]
    assert (law.id, law.title, law.tags) == ("65", "ПОРЯДОК РАСПОЛОЖЕНИЯ ВЗЯТОК", ("DC4",))
    assert [(c.id, c.title, c.text, c.tags) for c in law.children] == [
        ("65.1", None, "Судьям достаточно часто приходится сталкиваться с этим.", ("DC4",)),
        ("65.2", None, "Судьи решают.", ("DC4",)),
    ]


def test_commentary_items():
    tree, _ = seg(
        "64.10. Разыгрывающий совершает фальшренонс(DC4)\n(i) Если разыгрывающий совершает "
        "фальшренонс.(DC4)\n(ii) За фальшренонс от болвана нет наказания.(DC4)\n",
        kind="commentary",
    )
    (c,) = tree.nodes
    assert (c.id, c.title) == ("64.10", "Разыгрывающий совершает фальшренонс")
    assert [(i.kind, i.id, i.label) for i in c.children] == [
        ("item", "64.10(i)", "(i)"),
        ("item", "64.10(ii)", "(ii)"),
    ]


def test_a_commentary_paragraphs_long_lead_in_to_its_items_is_text_not_a_title():
    """A page that lost the colon of a lead-in to items (``… аннулируется и`` | ``(i)``)
    still gives the paragraph no title: a first paragraph longer than a heading, or one
    that holds lettered sub-paragraphs, is text."""
    lead_in = (
        "Судья, к которому обратились после того, как игрок сделал заявку вне очереди, "
        "обязан прежде всего выяснить, видели ли эту заявку оба оппонента за столом, и лишь "
        "затем решает так"
    )
    tree, _ = seg(
        f"64.11. {lead_in}\n(i) Если оппоненты видели заявку.\n"
        "64.12. (a) Судья решает. (b) Если результат получен на чужой колоде, он снимается и\n"
        "(i) сдача переигрывается.\n",
        kind="commentary",
    )
    long, lettered = tree.nodes
    assert (long.id, long.title, long.text) == ("64.11", None, lead_in)
    assert [i.id for i in long.children] == ["64.11(i)"]
    assert (lettered.id, lettered.title) == ("64.12", None)
    assert lettered.text.startswith("(a) Судья решает. (b) Если результат")


def test_a_sections_lead_in_to_its_clauses_is_text_not_a_title():
    """A section's first paragraph that ends with a colon leads in to its clauses: it is
    the section's text, whether the page kept the heading above it or lost it."""
    tree, _ = seg(
        "Правило 64. Процедура\nA.Наказание назначается\nКогда фальшренонс выявлен:\n"
        "1.Нарушитель выиграл взятку\nВзятка переходит к оппонентам.\n"
        "B.Когда наказания нет, судья смотрит так:\n1.Фальшренонс повторный\n"
        "Игрок уже был наказан.\n"
    )
    nodes = {n.id: n for n, _ in walk(tree.nodes)}
    assert (nodes["64A"].title, nodes["64A"].text) == (
        "Наказание назначается",
        "Когда фальшренонс выявлен:",
    )
    assert (nodes["64B"].title, nodes["64B"].text) == (
        None,
        "Когда наказания нет, судья смотрит так:",
    )
    assert nodes["64B1"].title == "Фальшренонс повторный"
    # a heading of a few words may end with a colon
    tree, _ = seg("Правило 64. Процедура\nA. Передача взяток:\nВзятка переходит.\n")
    assert [(n.id, n.title) for n, _ in walk(tree.nodes)][1] == ("64A", "Передача взяток:")


def test_a_section_letter_again_opens_the_law_whose_heading_was_lost():
    """Section A again under a law never makes a second node of one address: before a
    later law's heading it opens the law between (inferred, K306); where the next
    heading is the very law after, its law cannot be told (an unplaced fragment)."""
    law_64 = (
        "Правило 64. Процедура\nA.Наказание назначается\nВзятка переходит.\n"
        "B.Наказания нет\nНарушитель не выиграл взятки.\n"
    )
    again = "A.Сыгранные карты\nИгрок держит карту.\nB.Порядок карт\nИгрок хранит порядок.\n"
    tree, diags = seg(law_64 + again + "Правило 66. Просмотр взяток\nA.Своя карта\nТекст.\n")
    nodes = {n.id: n for n, _ in walk(tree.nodes)}
    assert list(nodes) == ["64", "64A", "64B", "65", "65A", "65B", "66", "66A"]
    assert nodes["65"].inferred and nodes["65A"].title == "Сыгранные карты"
    assert (
        "K304" not in codes(diags)
        and "law 65" in next(d for d in diags if d.code == "K306").message
    )
    # the same section printed twice is no law between
    tree, diags = seg(law_64 + law_64.split("\n", 1)[1] + "Правило 66. Просмотр\nA.Карты\nТекст.\n")
    assert [n.id for n, _ in walk(tree.nodes)] == [
        "64",
        "64A",
        "64B",
        None,
        None,
        None,
        "66",
        "66A",
    ]
    tree, diags = seg(law_64 + again + "Правило 65. Расположение\nA.Карты\nТекст.\n")
    ids = [n.id for n, _ in walk(tree.nodes)]
    assert ids == ["64", "64A", "64B", None, None, None, "65", "65A"]
    assert "K301" in codes(diags) and "K304" not in codes(diags)


def test_nested_subclauses():
    tree, diags = seg(
        "Правило 9. Процедура после нарушения\nA.Привлечение внимания к нарушению\n2.Во время розыгрыша\n"
        "(A).Разыгрывающим или любым вистующим\nРазыгрывающий может привлечь внимание.\n"
        "(B).Болваном (ограниченные права болвана)\n"
        "(1).Болван не может привлекать вни-\nмание к нарушению во время игры, но он может сде-\n"
        "лать это после окончания розыгрыша.\n(2).Болван может пытаться предотвра-\nтить нарушение.\n"
        "(C).Третьим\nТекст подпункта.\n"
    )
    got = [(n.kind, n.id, n.label, n.title, n.text) for n, _p in walk(tree.nodes)]
    assert got == [
        ("law", "9", "9", "Процедура после нарушения", ""),
        ("section", "9A", "A", "Привлечение внимания к нарушению", ""),
        ("clause", "9A2", "2", "Во время розыгрыша", ""),
        (
            "subclause",
            "9A2(A)",
            "(A)",
            "Разыгрывающим или любым вистующим",
            "Разыгрывающий может привлечь внимание.",
        ),
        ("subclause", "9A2(B)", "(B)", "Болваном (ограниченные права болвана)", ""),
        # a lone sentence is body, not title
        (
            "subclause",
            "9A2(B)(1)",
            "(1)",
            None,
            "Болван не может привлекать внимание к нарушению во время игры, но он может сделать это после "
            "окончания розыгрыша.",
        ),
        ("subclause", "9A2(B)(2)", "(2)", None, "Болван может пытаться предотвратить нарушение."),
        ("subclause", "9A2(C)", "(C)", "Третьим", "Текст подпункта."),
    ]
    assert "K305" not in codes(diags)


def test_cyrillic_section_letters_become_latin():
    tree, _ = seg(
        "Правило 64. Процедура\nА.Наказание назначается\nКогда выявлен:\nВ.Наказание не назначается\n"
        "Не назначается.\nС.Третий раздел\nТекст.\nЕ.Пятый раздел\nТекст.\n(А).Подпункт кириллицей\nТекст.\n"
    )
    ids = [n.id for n, _p in walk(tree.nodes)]
    assert ids == ["64", "64A", "64B", "64C", "64E", "64E(A)"]
    assert all(n.label is None or n.label.isascii() for n, _p in walk(tree.nodes))


def test_title_wraps_onto_second_line():
    tree, _ = seg(
        "Правило 13. Неправильное количество\nкарт\nB.После того, как обе стороны сыграли в\n"
        "следующую взятку\nПосле того, как обе стороны сыграли.\n"
    )
    (law,) = tree.nodes
    assert law.title == "Неправильное количество карт"
    assert (law.children[0].title, law.children[0].text) == (
        "После того, как обе стороны сыграли в следующую взятку",
        "После того, как обе стороны сыграли.",
    )


def test_single_sentence_unit_is_body():
    tree, _ = seg(
        "Правило 43. Ограничения для болвана\nA.Ограничения\n1.Общие ограничения\n"
        "(A).Болван не может вызывать судью во время игры.\n"
    )
    sub = tree.nodes[0].children[0].children[0].children[0]
    assert (sub.id, sub.title, sub.text) == (
        "43A1(A)",
        None,
        "Болван не может вызывать судью во время игры.",
    )


def test_title_without_full_stop_is_title():
    tree, _ = seg("Правило 43. Ограничения для болвана\nA.Ограничения\n")
    assert (tree.nodes[0].children[0].title, tree.nodes[0].children[0].text) == ("Ограничения", "")


def test_inferred_law_after_hard_break():
    tree, diags = seg(
        "Правило 18. Заявки\nA.Текст\nТекст раздела.\n– 40\nB.Продолжение без заголовка\n"
        "Текст раздела.\nC.Ещё раздел\nТекст.\nПравило 20. Пояснение\nТекст правила.\n"
    )
    assert [(n.kind, n.id, n.inferred) for n, _p in walk(tree.nodes)] == [
        ("law", "18", False),
        ("section", "18A", False),
        ("law", "19", True),
        ("section", "19B", True),
        ("section", "19C", True),
        ("law", "20", False),
    ]
    assert "K306" in codes(diags)


def test_inferred_law_of_restyled_sections_after_a_lost_heading():
    """Sections marked ``B)`` that open a page or the source where a law's heading is
    lost are placed as the book's ``B.`` are: in the law before the next heading."""
    after_break, _diags = seg(
        "Правило 18. Заявки\nA) Текст\nТекст раздела.\n– 40\nB) Продолжение без заголовка\n"
        "Текст раздела.\nC) Ещё раздел\nТекст.\nПравило 20. Пояснение\nA) Первый\nТекст.\n"
    )
    cut, _diags = seg(
        "B) Карты видел другой игрок\nСудья решает, можно ли играть сдачу, и назначает "
        "исправление.\nC) Карт не видел никто\nСдача играется, как её сдали.\n"
        "Правило 20. Пояснение\nA) Первый\nИгрок просит объяснить заявку.\n"
    )
    for tree, first in ((after_break, ["18", "18A"]), (cut, [])):
        assert [(n.id, n.inferred) for n, _p in walk(tree.nodes)] == [
            *((law, False) for law in first),
            ("19", True),
            ("19B", True),
            ("19C", True),
            ("20", False),
            ("20A", False),
        ]


def test_a_list_of_laws_by_number_and_title_with_no_stop_is_no_heading():
    """Lines that name laws by number and title with no stop between (a list of related
    laws under a law's text) are text of the law they stand in, and its references."""
    tree, _diags = seg(
        "Правило 20. Объяснение заявок\nИгрок может попросить объяснить торговлю.\n"
        "Связанные правила:\nПравило 16 Несанкционированная информация\n"
        "Правило 75 Ошибочное объяснение\nСудья учитывает их вместе.\n"
        "Правило 21. Ошибочная информация\nИгрок может изменить заявку.\n"
    )
    assert [n.id for n, _p in walk(tree.nodes)] == ["20", "21"]


def test_the_penalty_mark_in_its_styles_flags_its_unit():
    tree, _diags = seg(
        "Правило 64. Процедура\nA.Наказание назначается [НАКАЗАНИЕ]\nТекст раздела.\n"
        "B.Второе ( НАКАЗАНИЕ )\nТекст раздела.\nC.Третье (HAKA3AHИE)\nТекст.\n"
        "D.Четвёртое\nСудья назначил (наказание) по разделу (Наказание) регламента.\n"
    )
    assert [(n.id, n.penalty) for n, _p in walk(tree.nodes)] == [
        ("64", False),
        ("64A", True),
        ("64B", True),
        ("64C", True),
        ("64D", False),
    ]


def test_soft_break_keeps_the_law():
    tree, diags = seg(
        "– 39\nПравило 18. Заявки\nA.Текст\nТекст раздела.\n– 40\nB.Продолжение\nТекст раздела.\n"
        "Правило 20. Пояснение\nТекст правила.\n– 41\n"
    )
    assert [n.id for n, _p in walk(tree.nodes)] == ["18", "18A", "18B", "20"]
    assert "K306" not in codes(diags)


def test_front_matter_above_the_first_heading_is_no_law_text():
    # a translator's note in sentences above «Правило 64»: not the end of law 63
    tree, diags = seg(
        "Перевод с английского выполнен по изданию 1987 года.\n"
        "Мы благодарим коллег за советы.\n"
        "Правило 64. Процедура\nВзятки переходят.\n"
    )
    assert [(n.kind, n.id, n.inferred) for n in tree.nodes] == [("law", "64", False)]
    assert not tree.truncated_start
    (note,) = [d for d in diags if d.code == "K313"]
    assert "lines 1-2" in note.message and "«Перевод" in note.message
    assert "K306" not in codes(diags)


def test_an_official_texts_approval_above_the_first_heading_is_no_law_text():
    # the title and the approval line of an official edition above «Правило 16»
    tree, diags = seg(
        "ПРАВИЛА ВИДА СПОРТА «НАСТОЛЬНАЯ ИГРА»\n"
        "Утверждены приказом Министерства спорта от 1 марта 2020 г.\n"
        "Правило 16. Информация\nИгрок не пользуется подсказкой партнёра.\n"
    )
    assert [(n.kind, n.id, n.inferred) for n in tree.nodes] == [("law", "16", False)]
    (note,) = [d for d in diags if d.code == "K313"]
    assert "lines 1-2" in note.message and "front matter («Утверждены приказом»" in note.message


def test_unplaced_fragment():
    tree, diags = seg(
        "Правило 18. Заявки\nТекст.\n– 40\nтекст, оборванный на прошлой странице.\n1.Пункт\n"
        "Текст пункта.\n"
    )
    frag = tree.nodes[1]
    assert (frag.kind, frag.id, frag.text) == (
        "fragment",
        None,
        "текст, оборванный на прошлой странице.",
    )
    assert [(c.kind, c.id, c.label, c.title) for c in frag.children] == [
        ("clause", None, "1", "Пункт")
    ]
    assert "K301" in codes(diags)


def test_source_starting_mid_text():
    # plain text before the first heading belongs to the law before it
    tree, diags = seg("нарушитель выиграл взятку.\nПравило 64. Процедура\nТекст.\n")
    first = tree.nodes[0]
    assert (first.kind, first.id, first.inferred, first.text) == (
        "law",
        "63",
        True,
        "нарушитель выиграл взятку.",
    )
    assert tree.truncated_start and not tree.truncated_end
    assert "K306" in codes(diags)
    # a commentary source never infers: a fragment
    tree, diags = seg(
        "нарушитель выиграл взятку.(DC4)\n64.10. Разыгрывающий совершает фальшренонс(DC4)\n",
        kind="commentary",
    )
    assert tree.nodes[0].kind == "fragment" and tree.truncated_start
    assert "K301" in codes(diags)


def test_source_ending_mid_sentence():
    tree, diags = seg("Правило 64. Процедура\nКогда нарушитель или его партнёр сделал ход или н")
    assert tree.truncated_end
    assert "K307" in codes(diags)


# (title, source kind, text, address, expected (title, text) of that unit)
CUT_OFF_UNITS = [
    (
        "a commentary paragraph cut off by the source's end has no title",
        "commentary",
        "Правило 12. ПРАВА СУДЬИ В БРИДЖЕ\n12.2. Судья решает сам.\n12.3. Судья не вправе менять",
        "12.3",
        (None, "Судья не вправе менять"),
    ),
    (
        "so does one keyed by a subsection",
        "commentary",
        "Правило 12. ПРАВА СУДЬИ В БРИДЖЕ\n12С2. Судья назначает результат по",
        "12.C2",
        (None, "Судья назначает результат по"),
    ),
    (
        "a heading without a full stop before the next paragraph stays a title",
        "commentary",
        "Правило 64. ПРОЦЕДУРА\n64.10. Разыгрывающий ошибся\n64.11. Болван молчит.",
        "64.10",
        ("Разыгрывающий ошибся", ""),
    ),
    (
        "a heading over items keeps its title when the last item is cut off",
        "commentary",
        "Правило 64. ПРОЦЕДУРА\n64.10. Разыгрывающий ошибся\n(i) Если разыгрывающий не",
        "64.10",
        ("Разыгрывающий ошибся", ""),
    ),
    (
        "a clause cut off by the source's end is the start of its text, not a title",
        "laws",
        "Правило 64. Процедура\nA.Наказание\n1.Первый пункт.\n2.Если нарушитель выиграл взятку и",
        "64A2",
        (None, "Если нарушитель выиграл взятку и"),
    ),
    (
        "a section title at the end of a law page stays a title",
        "laws",
        "Правило 64. Процедура\nA.Наказание за фальшренонс\nТекст.\nB.Нет наказания",
        "64B",
        ("Нет наказания", ""),
    ),
]


@pytest.mark.parametrize(
    "kind, text, address, expected",
    [c[1:] for c in CUT_OFF_UNITS],
    ids=[c[0] for c in CUT_OFF_UNITS],
)
def test_the_unit_cut_off_by_the_end_of_the_source(kind, text, address, expected):
    tree, _diags = seg(text, kind)
    node = next(n for n, _p in walk(tree.nodes) if n.id == address)
    assert (node.title, node.text) == expected


# (title, text of a commentary paragraph, expected (title, text))
COMMENTARY_HEADINGS = [
    (
        "a phrase over its items is the heading",
        "64.10. Разыгрывающий ошибся\n(i) Судья решает сам.\n",
        ("Разыгрывающий ошибся", ""),
    ),
    (
        "a first sentence ending a line is text",
        "73.6. Темп обсуждается в Правиле 73D.\nОднако судья решает сам.\n",
        (None, "Темп обсуждается в Правиле 73D.\nОднако судья решает сам."),
    ),
    (
        "a question is text",
        "16.18. Может ли судья вмешаться\nпо своей воле?\nДа, если видел карты.\n",
        (None, "Может ли судья вмешаться по своей воле?\nДа, если видел карты."),
    ),
    (
        "a lead-in to items is text",
        "64.2. Наказания нет в случаях:\n(i) если фальшренонс исправлен;\n",
        (None, "Наказания нет в случаях:"),
    ),
]


@pytest.mark.parametrize(
    "text, expected", [c[1:] for c in COMMENTARY_HEADINGS], ids=[c[0] for c in COMMENTARY_HEADINGS]
)
def test_a_commentary_paragraph_s_heading_is_a_phrase_not_a_sentence(text, expected):
    tree, _diags = seg("Правило 64. ПРОЦЕДУРА\n" + text, "commentary")
    node = next(n for n, _p in walk(tree.nodes) if n.kind == "commentary")
    assert (node.title, node.text) == expected


def test_a_page_ending_with_a_table_of_contents_is_not_cut_off():
    # page numbers, not a full stop, end a table of contents
    tree, diags = seg(
        "Правило 64. Процедура\nТекст правила.\n\nОГЛАВЛЕНИЕ\n"
        "Правило 63. Выявление ........ 41\nПравило 64. Процедура ........ 43\n"
    )
    assert tree.toc and not tree.truncated_end
    assert "K307" not in codes(diags)


def test_footnote_goes_to_first_node_on_its_page_with_the_mark():
    tree, diags = seg(
        "Правило 18. Заявки\nA.Первый\nТекст(*) с пометкой.\nB.Второй\nВторой текст(*) тоже.\n"
        "-----\n(*) - Сноска к тексту.\n– 41\nПравило 19. Другое\nТекст.\n"
    )
    notes = {n.id: [(f.mark, f.text) for f in n.footnotes] for n, _p in walk(tree.nodes)}
    assert notes == {"18": [], "18A": [("(*)", "Сноска к тексту.")], "18B": [], "19": []}
    assert "K302" not in codes(diags) and "K303" not in codes(diags)


def test_an_e_books_notes_go_to_the_nodes_that_mark_them():
    """An e-book's page: marks ``[1]``, ``²`` in the text, its notes gathered after it
    under «Примечания», the second over two lines."""
    tree, diags = seg(
        "Правило 18. Заявки\nA.Первый\nТекст[1] с пометкой.\nB.Второй\nВторой текст² тоже.\n"
        "Правило 19. Другое\nТекст.\n\nПримечания\n\n1\nСноска к первому.\n"
        "2. Сноска ко второму, что идёт\nна другую строку.\n"
    )
    notes = {n.id: [(f.mark, f.text) for f in n.footnotes] for n, _p in walk(tree.nodes)}
    assert notes == {
        "18": [],
        "18A": [("(*1)", "Сноска к первому.")],
        "18B": [("(*2)", "Сноска ко второму, что идёт на другую строку.")],
        "19": [],
    }
    texts = {n.id: n.text for n, _p in walk(tree.nodes)}
    assert texts["18A"] == "Текст(*1) с пометкой." and texts["19"] == "Текст."
    assert not {"K302", "K303"} & set(codes(diags))


def test_a_web_copys_asterisk_note_goes_to_the_node_that_marks_it():
    tree, diags = seg(
        "Правило 18. Заявки\nA.Первый\nТекст* с пометкой.\nB.Второй\nВторой текст.\n\n"
        "* Сноска к первому.\n\nПравило 19. Другое\nТекст.\n"
    )
    notes = {n.id: [(f.mark, f.text) for f in n.footnotes] for n, _p in walk(tree.nodes)}
    assert notes == {"18": [], "18A": [("(*)", "Сноска к первому.")], "18B": [], "19": []}
    assert {n.id: n.text for n, _p in walk(tree.nodes)}["18B"] == "Второй текст."
    assert not {"K302", "K303"} & set(codes(diags))


def test_footnote_on_a_later_page_goes_to_that_page():
    tree, _ = seg(
        "– 40\nПравило 18. Заявки\nТекст(*) с пометкой.\n-----\n(*) - Первая сноска.\n– 41\n"
        "Правило 19. Другое\nТекст(*) снова.\n-----\n(*) - Вторая сноска.\n– 42\n"
    )
    notes = {n.id: [f.text for f in n.footnotes] for n, _p in walk(tree.nodes)}
    assert notes == {"18": ["Первая сноска."], "19": ["Вторая сноска."]}


def test_dangling_footnote_mark():
    _tree, diags = seg("Правило 18. Заявки\nТекст(*18) с пометкой.\n")
    (d,) = [d for d in diags if d.code == "K302"]
    assert "(*18)" in d.message and "t.txt:" in d.message


def test_footnote_body_without_mark():
    tree, diags = seg("Правило 18. Заявки\nТекст без пометки.\n-----\n(*) - Сноска без пометки.\n")
    assert "K303" in codes(diags)
    assert [f.text for f in tree.nodes[0].footnotes] == ["Сноска без пометки."]


def test_duplicate_address():
    # a section letter again under its law makes no second node of its address
    tree, diags = seg("Правило 18. Заявки\nA.Первый\nТекст.\nA.Первый снова\nТекст.\n")
    assert [n.id for n, _ in walk(tree.nodes)] == ["18", "18A", None, None]
    (d,) = [d for d in diags if d.code == "K301"]
    assert "section A again under law 18" in d.message and d.message.startswith("t.txt:4:")
    # a clause number again under its section: its line is text (K304)
    _tree, diags = seg("Правило 18. Заявки\nA.Первый\n1.Пункт\nТекст.\n1.Пункт снова\nТекст.\n")
    (d,) = [d for d in diags if d.code == "K304"]
    assert "clause 1 again under section 18A" in d.message


def test_numbering_backwards():
    _tree, diags = seg("Правило 18. Заявки\nB.Второй\nТекст.\nA.Первый\nТекст.\n")
    assert codes(diags) == ["K305"]
    _tree, diags = seg(
        "Правило 18. Заявки\nA.Первый\n2.Второй пункт\nТекст.\n1.Первый пункт\nТекст.\n"
    )
    assert codes(diags) == ["K305"]


def test_numbering_forwards_is_quiet():
    _tree, diags = seg(
        "Правило 18. Заявки\nA.Первый\n1.Первый пункт\nТекст.\n2.Второй пункт\nТекст.\n"
        "B.Второй\nТекст.\n"
    )
    assert diags == []


def test_penalty_and_tags():
    tree, _ = seg(
        "Правило 64. Процедура\nA.Наказание\nКогда выявлен:\n1.Нарушитель выиграл взятку\n"
        "Взятка переходит, (НАКАЗАНИЕ) после окончания игры.\n"
    )
    clause = tree.nodes[0].children[0].children[0]
    assert clause.penalty and "(НАКАЗАНИЕ)" in clause.text
    assert not tree.nodes[0].penalty


def test_spans_point_at_raw_lines():
    raw = "Шрифт:\nПравило 64. Процедура\nA.Наказание назначается\nКогда фальшренонс\nвыявлен:\n"
    tree, _ = seg(raw)
    sec = tree.nodes[0].children[0]
    assert (sec.span.line, sec.span.end_line) == (3, 5)
    assert raw[sec.span.start : sec.span.end].startswith("A.Наказание")


# --- tables of contents and indexes ------------------------------------------------------


def test_table_of_contents_makes_no_nodes_and_keeps_its_entries():
    tree, _ = seg(
        "Правило 5. Места игроков ........ 12\nA.Выбор места, если игроки\nне договорились ........ 12\n"
        "1.Жребий ........ 13\nB.Смена места ........ 13\nПравило 6. Тасование ........ 14\n"
    )
    assert tree.nodes == ()
    assert [(e.address, e.kind, e.title, e.page) for e in tree.toc] == [
        ("5", "law", "Места игроков", "12"),
        ("5A", "section", "Выбор места, если игроки не договорились", "12"),
        ("5A1", "clause", "Жребий", "13"),
        ("5B", "section", "Смена места", "13"),
        ("6", "law", "Тасование", "14"),
    ]
    data = export.source_json(tree)
    assert data["nodes"] == [] and [e["id"] for e in data["toc"]] == ["5", "5A", "5A1", "5B", "6"]


def test_toc_entries_merged_on_one_line():
    tree, _ = seg(
        "2.Ход принят..........83 Часть III - ЗАПРЕТНЫЙ ХОД..........83 Правило 53. Ход вне очереди..........84\n"
        "A.Ход признан..........84\n"
    )
    assert tree.nodes == ()
    assert [(e.address, e.title, e.page) for e in tree.toc] == [
        (None, "Ход принят", "83"),
        ("chapter-part:III", "ЗАПРЕТНЫЙ ХОД", "83"),
        ("53", "Ход вне очереди", "84"),
        ("53A", "Ход признан", "84"),
    ]


def test_subject_index_with_ditto_marks():
    tree, _ = seg(
        "Апелляция ........ 92\n= к комитету ........ 93\nПраво на = ........ 92,93\nБлеф ........ 40,73\n"
    )
    assert tree.nodes == () and tree.toc == ()
    assert [(e.term, e.targets) for e in tree.index] == [
        ("Апелляция", ("92",)),
        ("Апелляция к комитету", ("93",)),
        ("Право на Апелляция", ("92", "93")),
        ("Блеф", ("40", "73")),
    ]
    assert "index" in export.source_json(tree) and "toc" not in export.source_json(tree)


def test_subject_index_read_by_its_own_lines():
    # a double-spaced index page whose lines the cleaner joined: a head term stands
    # alone above its ditto entries (a page's number run into it), an entry may send
    # the reader to other terms with no law number, and each entry has its own line
    tree, _ = seg(
        "Указатель\n\nАкцент ........ 73\n\n- 12 Сдача\n\nАннулирование = ........ 6,17\n\n"
        "Дубликация = ........ 6\n\nИспорченная = ........ 87 Сдающий\n\n"
        "Очерёдность = ........ 2\n\nТемп - см. Приличия; Торговля - см. также Период торговли;"
        "\n\nБлеф ........ 40\n\nСигналы - см. Конвенции; Приличия; Ренонс ........ 61\n"
        "\nВисты (см. Конвенции; Приличия) ........ 40,73\n"
        "\nВзятка - см. также Ренонс; Торговля ........ 44\n"
    )
    assert tree.nodes == ()
    assert [(e.term, e.targets, e.span.line) for e in tree.index] == [
        ("Акцент", ("73",), 3),
        ("Аннулирование Сдача", ("6", "17"), 7),
        ("Дубликация Сдача", ("6",), 9),
        ("Испорченная Сдача", ("87",), 11),
        ("Очерёдность Сдающий", ("2",), 13),
        ("Темп - см. Приличия;", (), 15),
        ("Торговля - см. также Период торговли;", (), 15),
        ("Блеф", ("40",), 17),
        # a term with a leader and numbers after another's cross-reference list
        ("Сигналы - см. Конвенции; Приличия;", (), 19),
        ("Ренонс", ("61",), 19),
        # a list in brackets, and a «см. также» term, keep their numbers
        ("Висты (см. Конвенции; Приличия)", ("40", "73"), 21),
        ("Взятка - см. также Ренонс; Торговля", ("44",), 23),
    ]


def test_the_head_of_ditto_entries_is_the_index_own_habit():
    """An index whose heads stand bare: an entry with numbers inside a head's group is
    one of the group's, a cross-reference's last item before ditto entries is their
    head, a «см. также» term heads a group of its own, and a term with numbers after a
    plain cross-reference heads the ditto entries under it."""
    tree, _ = seg(
        "Указатель\n\n- 12 Контра\n\nЛегальная = ........ 19\n\n"
        "Ошибка в восприятии назначения ........ 19\n\nУвеличение стоимости после = ........ 77"
        "\n\nМодуляция - см. Приличия; Назначение\n\nДостаточность = ........ 18\n\n"
        "Торговля - см. также Период торговли;\n\nОчередь заявок ........ 17\n\n"
        "Повторение = ........ 20\n\nАкцент - см. Приличия; Акция вне очереди ........ 37\n\n"
        "Безнаказанная = ........ 35\n"
    )
    assert [(e.term, e.targets) for e in tree.index] == [
        ("Легальная Контра", ("19",)),
        ("Ошибка в восприятии назначения", ("19",)),
        ("Увеличение стоимости после Контра", ("77",)),
        ("Модуляция - см. Приличия;", ()),
        ("Достаточность Назначение", ("18",)),
        ("Торговля - см. также Период торговли;", ()),
        ("Очередь заявок", ("17",)),
        ("Повторение Торговля", ("20",)),
        ("Акцент - см. Приличия;", ()),
        ("Акция вне очереди", ("37",)),
        ("Безнаказанная Акция вне очереди", ("35",)),
    ]


def test_chapter_list_of_law_titles_is_a_toc():
    tree, diags = seg(
        "Глава X. Судья турнира\n\nПРАВИЛО 81. ОБЯЗАННОСТИ\nПРАВИЛО 82. ИСПРАВЛЕНИЕ ОШИБОК\n"
        "ПРАВИЛО 83. УВЕДОМЛЕНИЕ\n\nГлава X. Судья турнира\n\nПРАВИЛО 81. ОБЯЗАННОСТИ\n\n"
        "A. Положение\n\nСудья представляет организаторов и разбирает апелляции.\n"
    )
    assert [n.id for n, _p in walk(tree.nodes)] == ["chapter:X", "81", "81A"]
    assert [e.address for e in tree.toc] == ["81", "82", "83"]
    assert "K304" not in codes(diags)


def test_clause_straight_under_a_law_stays_its_text():
    tree, _ = seg(
        "Правило 86. В командной игре\nСудья поступает так:\n1.Первое указание.\n2.Второе указание о сдаче.\n"
    )
    (law,) = tree.nodes
    assert (law.id, law.children, law.text) == (
        "86",
        (),
        "Судья поступает так:\n1.Первое указание.\n2.Второе указание о сдаче.",
    )


def test_numbered_list_under_a_commentary_paragraph_stays_its_text():
    tree, _ = seg(
        "Правило 19. Контра\n19.3. Изменения при экранах(DC4)\n1.Первое изменение.(DC4)\n",
        kind="commentary",
    )
    (law,) = tree.nodes
    assert [(c.id, c.title, c.text) for c in law.children] == [
        ("19.3", "Изменения при экранах", "1.Первое изменение.")
    ]


def test_page_without_law_text_yields_no_nodes():
    tree, diags = seg(
        "ОТ ПЕРЕВОДЧИКА\nПри переводе мы следовали принятой терминологии.\n"
        "Переводчик благодарит всех, кто помогал в работе.\n"
    )
    assert tree.nodes == ()
    (d,) = [d for d in diags if d.code == "K308"]
    assert "t.txt" in d.message and "no nodes" in d.message


NOT_LAW_PAGES = {
    "an article whose numbered points cite laws": (
        "С. Петров, май 2002 г.\n"
        "Заметка описывает, как считать очки после решений судьи.\n"
        "ПОДСЧЁТ ПОСЛЕ РЕШЕНИЙ СУДЬИ\n"
        "1. Командная встреча, П12с2\n2. Парный турнир на импы, П12с3\n"
        "3. Турнир пар на проценты, П12с3\n"
    ),
    "training notes that number their points": (
        "ПОСОБИЕ\nдля занятий с судьями клубов\n\n3. Разбор решений по спорным сдачам\n\n"
        "Напомним несколько положений Кодекса (см. Правило 12).\n"
        "1. Искусственный результат назначают, когда сдачу нельзя доиграть.\n\n"
        "Замечания:\n\n1. Следует помнить, что такой результат выражают в процентах.\n"
    ),
    "competition conditions quoting laws beside their English original": (
        "ДОПОЛНЕНИЕ 4\nУсловия проведения турнира, май 2001 г.\n"
        "21.4. Особые правила при игре за ширмами\n|\nSupplement 4\n"
        "Tournament Conditions of May 2001\n21.4. Special Rules when Screens are Used\n|\n"
        "Кодекс действует полностью, кроме перечисленного ниже: |\n"
        "The Laws are in effect except as listed below: |\n"
        "1. ПРАВИЛО 25; ПРАВИЛО 41B |\n1. LAW 25; LAW 41B |\n"
        "Изменение заявки разрешено, пока поднос не передан. |\n"
        "A call may be changed until the tray is passed. |\n"
        "2. ПРАВИЛО 16 |\n2. LAW 16 |\n"
        "Неторопливость за ширмой не передаёт информацию партнёру. |\n"
    ),
    "a title page whose translator's initial looked like a section": (
        "ПРАВИЛА СПОРТИВНОГО БРИДЖА\nПеревод с английского\nА. Рыбникова\nИздательство, 1991\n"
    ),
}


@pytest.mark.parametrize("text", NOT_LAW_PAGES.values(), ids=list(NOT_LAW_PAGES))
def test_numbered_lines_of_other_text_yield_no_nodes(text):
    tree, diags = seg(text)
    assert tree.nodes == ()
    (d,) = [d for d in diags if d.code == "K308"]
    assert "no nodes" in d.message


# Pages from the wild that are not the laws or the commentary: each class in the
# layout it was found in. They yield no nodes and a K308, whatever kind the source has.
WILD_NOT_LAW_PAGES = {
    # a card game's code numbering its points three deep, a score table among them
    "another game's code, points nested three deep": (
        "Свод правил игры в кинг – часть 3\n\n"
        "4.2. Взятки\n\n"
        "4.2.1. Когда карты розданы, первый игрок ходит любой картой (см. 4.2.3.), "
        "остальные отвечают в масть. Кто отвечает в масть, говорит об этом вслух.\n\n"
        "4.2.1.1. Кто не имеет карты нужной масти, кладёт любую.\n\n"
        "4.2.1.2. Взятку забирает старшая карта масти хода.\n\n"
        "4.2.2. Число взяток каждого игрока:\n\n"
        "Сдача 1 2 3 4 5 Итог\n"
        "Взятки 2 3 1 2 4 Без записи\n\n"
        "4.2.3. Если ход сделан не в очередь, карту возвращают в руку.\n"
    ),
    # its contents: numbered chapters in capitals, each opening its points «1.1.»
    "another game's code, its contents": (
        "Устав клуба игры в вист\n\n"
        "принят собранием клуба\n\n"
        "ОГЛАВЛЕНИЕ\n\n"
        "ВСТУПЛЕНИЕ\n\n"
        "1. ОБЩИЕ ПОЛОЖЕНИЯ\n\n"
        "1.1. Игра и её цель\n\n"
        "1.2. Участники\n\n"
        "2. ПОРЯДОК ИГРЫ\n\n"
        "2.1. Сдача карт\n\n"
        "2.2. Ходы и взятки\n\n"
        "3. ПОДСЧЁТ ОЧКОВ\n\n"
        "3.1. Запись\n\n\n"
        "ВСТУПЛЕНИЕ\n\n"
        "Устав определяет порядок игры в клубе и права каждого участника за столом.\n"
    ),
    # points keyed two deep like the commentary, but no word of the laws
    "another game's points keyed like the commentary": (
        "5.1. Мизер объявляют до того, как открыт прикуп. Играющий обязуется не взять "
        "ни одной взятки.\n"
        "5.2. Если играющий взял хотя бы одну взятку, мизер считается несыгранным.\n"
        "5.3. Распасовку играют, когда все игроки спасовали.\n"
    ),
    # a DOS e-text whose title, translator's note and preface lost every newline
    "front matter collapsed into one line": (
        "А.Иванов, Б.Петров Комментарий к Правилам контрактного бриджа 1987 Подготовлен "
        "комиссией Лиги ..page12 ОТ ПЕРЕВОДЧИКА Работая над переводом Комментария, мы "
        'держались терминов самих Правил. Слово "спонсор" оставлено как есть, хотя в '
        'Правилах сказано "организатор". Подробнее об этом см. в части Комментария, '
        "посвящённой Правилу 80. Благодарю коллег за советы по переводу. В.Сидоров "
        "ПРЕДИСЛОВИЕ Одна из главных забот любой федерации бриджа – найти и подготовить "
        "судей, которые разбирают споры за столами спокойно и со знанием дела. Эта книга "
        "написана, чтобы помочь им.\n"
    ),
    # a title page naming the translators by their initials
    "translators' initials on a title page": (
        "Правила спортивного бриджа в редакции 1997 года\n"
        '"Laws of Duplicate Contract Bridge"\n\n'
        "      © 1997 Европейская лига\n"
        "      © 1998 Лига спортивного бриджа (перевод).\n"
        "      Перевод с английского: Б. Сидоров, С. Громов, Е. Котова при участии Л.Белова\n\n"
        "Из предисловия к изданию.\n\n"
        "      Эти правила утверждены в июне и введены в действие осенью того же года.\n"
        "      Они отменяют правила прежней редакции во всех клубах лиги.\n"
    ),
    # a site menu line, a pager line, then a numbered chapter of an article
    "a site menu and a numbered chapter of an article": (
        "ГЛАВНАЯ    КНИГИ    СТАТЬИ    ФОРУМ    КОНТАКТЫ\n\n\n"
        "предыдущая страницаоглавлениеследующая страница\n\n"
        "4. Вист – старинная игра англичан\n\n"
        "Вист – старинная игра англичан\n"
        "Вист – старинная игра англичан\n\n"
        "Прошлые главы говорили об играх без случайности. Эта глава и следующая "
        "посвящены двум играм, где многое решает расклад, – висту и бриджу.\n\n"
        "Вист сложился в Англии давно и долго был любимой игрой клубов.\n"
    ),
    # a story on a reader site that lost its newlines: sentence after sentence, no marker
    "a story collapsed into one line": (
        '"Клубные вечера" - читать книгу онлайн 2 ПАС 3 ПАС КД854 В7 Т962 Д3 Вечер в '
        "клубе начался, как всегда, с опозданием. Старый капитан долго искал очки и "
        "ворчал на партнёра. Потом он всё-таки открыл торговлю, и за столом стало тихо. "
        "Соперники переглянулись, но промолчали. К концу вечера счёт был равным, и никто "
        "не хотел уходить первым.\n"
    ),
    # a page in another language: only a footnote number is left beside it
    "a footnote number beside text in another language": (
        "Les règles du jeu\n\n"
        "3.1. La répartition des places entre les joueurs\n\n"
        "3.1.1. La procédure commence quand tous les joueurs sont assis à la table et que "
        "le donneur est choisi par le sort.\n\n"
        "(9).\n\n"
        "3.1.2. Le premier donneur est désigné par le tirage des cartes, puis la donne "
        "passe au joueur de gauche.\n"
    ),
    # the regulations of another sport's tournament: points keyed as the commentary keys
    # its paragraphs, and a judge, but never a card
    "a contest's regulations with its judges": (
        "Глава 4. Судейская коллегия\n\n"
        "4.1. Для проведения соревнования организаторы назначают судейскую коллегию.\n\n"
        "4.2. В коллегию входят главный судья, его заместитель и судьи на площадке.\n\n"
        "4.3. Главного судью утверждают за три дня до начала соревнования.\n\n"
        "4.4. Судья на площадке останавливает поединок, если участник нарушил правила.\n"
    ),
    # a team's working rules in Markdown, headed as the laws are, that never name a card
    "house rules headed «Правило N»": (
        "## Как мы работаем\n\n"
        "### Правило 1\n\n"
        "Каждое изменение сначала проверяют на настоящем проекте.\n\n"
        "### Правило 2\n\n"
        "Любая схема сразу получает исполняемый пример.\n\n"
        "### Правило 3\n\n"
        "Сначала простая версия, потом всё остальное.\n"
    ),
    # a sport's code: a rule numbered beyond the laws, a pointer to another of its rules
    "a sport's rule numbered beyond the laws": (
        "Документ утратил силу. Подробнее см. справку\n\n"
        "Правило 218. Эстафетный бег\n\n"
        "Перечень эстафет дан в правиле 170.\n"
    ),
    # a sport's code under the laws' own headings: a part, «Правило N.», then points
    # nested three deep, that never name a card
    "a sport's code headed as the laws, its points nested three deep": (
        "Раздел IV\n"
        "Судьи и порядок судейства\n"
        "Правило 31.Судейская коллегия\n"
        "31.1. Состав коллегии.\n"
        "31.1.1. На каждую площадку назначают главного судью, двух судей на линии и "
        "секретаря.\n"
        "31.1.2. Судьи носят форму одного цвета, не похожего на форму команд.\n"
        "31.1.3. Судью, уличённого в пристрастии, отстраняют до конца турнира.\n"
    ),
    # a sport's code headed «Правило N.» as the laws are, its items numbered under it,
    # whose only words the laws share are its judge and its players
    "a sport's rule with its judge and players": (
        "Правило 4. Судья\n"
        "1. Права судьи\n"
        "Каждую встречу ведёт судья, которому даны все права следить за этими "
        "правилами.\n"
        "2. Решения судьи\n"
        "Решение судьи о том, что случилось на площадке, окончательно. Игрок, "
        "который с ним спорит, получает замечание.\n"
    ),
    # a school's notice whose point opens with its classes («5А и 5Б», a law's sections
    # in the commentary's «8.2. 8В и 8С …») of another number than the point's own
    "a school's notice, a point opening with two classes": (
        "2.1. 5А и 5Б классы выезжают на экскурсию в девять часов утра от главного входа.\n"
        "2.2. 7 мая проводится общее собрание родителей.\n"
    ),
    "a school's notice cut before its point on the classes": (
        "родители провожают детей до автобуса.\n"
        "3.2. 9А и 9Б классы сдают нормы в четверг, а судья на дорожке записывает время.\n"
    ),
    # a sport's code in prose, several of its rules on one page: one law of no sections
    # stands alone on the book's pages that hold only it
    "a sport's rules in prose, two on a page": (
        "Правило 6. Замены\n"
        "Игрока можно заменить в любой остановке, если об этом знает судья.\n"
        "Правило 7. Продолжительность встречи\n"
        "Встреча длится два тайма; перерыв между ними объявляет судья.\n"
    ),
    # a sport's rule in prose under «Правило 5. Судья», its points titled, not lettered:
    # each title on its line over its sentence, or a blank line between them
    "a sport's rule titling its points in prose": (
        "ПРАВИЛО 5. СУДЬЯ\n"
        "Права судьи\n"
        "Встречу ведёт судья, и только он решает, когда она начинается и кончается.\n"
        "Ошибки судьи\n"
        "Решение судьи остаётся в силе, пока встреча не продолжена; потом его не меняют.\n"
    ),
    "a sport's rule titling its points, a blank line under each title": (
        "Правило 5. Судья\n\n"
        "Права судьи\n\n"
        "Встречу ведёт судья, и только он решает, когда она начинается и кончается.\n\n"
        "Ошибки судьи\n\n"
        "Решение судьи остаётся в силе, пока встреча не продолжена; потом его не меняют.\n"
    ),
    # a sport's rule in prose, untitled: headed by its judge, or running on for sentences
    "a sport's rule in prose headed by its judge": (
        "Правило 7. Судья на ринге\n\n"
        "Бой ведёт один судья. Он следит, чтобы оба спортсмена соблюдали эти правила.\n\n"
        "Спортсмена, который не слушает команд, судья снимает с боя.\n"
    ),
    "a sport's rule running on in prose": (
        "Правило 2. Порядок выступлений\n\n"
        "Каждый игрок выступает в свой черёд по жребию. Жребий тянут накануне вечером. "
        "Опоздавший выступает последним.\n\n"
        "Судья объявляет выступление, когда зал затих. Перерыв назначает тоже он.\n"
    ),
    # … its titles ended with a colon, over their sentences or run into them
    "a sport's rule titling its points with a colon": (
        "Правило 5. Судья\n\n"
        "Права судьи:\n"
        "Встречу ведёт судья, и только он решает, когда она начинается и кончается.\n\n"
        "Ошибки судьи:\n"
        "Решение судьи остаётся в силе, пока встреча не продолжена; потом его не меняют.\n"
    ),
    "a sport's rule running its titles in with a colon": (
        "Правило 5. Судья\n\n"
        "Права судьи: Встречу ведёт судья, и только он решает, когда она кончается.\n\n"
        "Ошибки судьи: Решение судьи остаётся в силе, пока встреча не продолжена.\n"
    ),
    "a sport's rule whose only such word is its player": (
        "Правило 28: Защита игрока\n"
        "1. Каждый игрок надевает шлем и перчатки до выхода на лёд.\n"
        "2. Игрок без шлема к игре не допускается.\n"
    ),
    # a sport's code lettering its sections as the laws do, its referee forbidden the
    # bribes («взяток») the tricks' word shares a form with, its ball and goal named
    "a sport's rule lettered as the laws, its referee's bribes": (
        "Правило 5. Судья\n"
        "A. Полномочия судьи\n"
        "Каждый матч проводится под контролем судьи, которому даны все полномочия следить за соблюдением правил игры в том матче, на который он назначен.\n"
        "B. Решения судьи\n"
        "Решения судьи о фактах, связанных с игрой, в том числе о том, забит ли гол и пересёк ли мяч линию ворот, окончательны.\n"
        "C. Честность судьи\n"
        "Судья не принимает от команд подарков и взяток; уличённого в этом отстраняют от судейства до конца сезона.\n"
    ),
    # a bridge tournament's conditions: its points count up, each with text under it, as
    # the clauses of a law begun on the page before do, and it names bridge and its judge
    "a bridge tournament's conditions, its points counting up": (
        "Открытый кубок города по спортивному бриджу\n\n"
        "Положение о турнире\n\n"
        "1. Кубок состоится в доме культуры на Садовой улице.\n\n"
        "2. Первый тур начнётся 12 мая в 11:00, последний закончится 13 мая к вечеру.\n\n"
        "3. Программа включает парный и командный турниры.\n\n"
        "Парный турнир: шесть туров по семь сдач;\n"
        "командный турнир: круговая система.\n\n"
        "4. Главный судья:\n\n"
        "Петров И. С.\n\n"
        "5. Турнирный взнос — 1500 рублей с пары, лучшим парам вручают призы.\n"
    ),
    # a championship's conditions keyed «2.1.» as the commentary keys its paragraphs,
    # under headings in capitals, naming the code of bridge it is played by
    "a championship's conditions keyed like the commentary": (
        "Чемпионат клуба по бриджу среди пар\n\n"
        "СРОКИ И МЕСТО ПРОВЕДЕНИЯ\n\n"
        "Чемпионат состоится в первые выходные октября в помещении клуба.\n\n"
        "ОРГАНИЗАЦИЯ И СУДЕЙСТВО\n\n"
        "2.1. Чемпионат проводится по настоящему Положению и Кодексу спортивного бриджа.\n\n"
        "2.2. Оргкомитет: Иванова Н. и Смирнов П.\n\n"
        "2.3. Главный судья: Кузнецов В.\n\n"
        "УСЛОВИЯ УЧАСТИЯ\n\n"
        "3.1. Взнос 800 рублей с участника, заявки на участие принимает оргкомитет.\n"
    ),
    # notes on the rules, all in small letters, one paragraph after another
    "notes in small letters": (
        "покер\n\n\n"
        "играют от двух до восьми человек. каждый получает по пять карт. ставки "
        "делают по кругу, начиная с соседа сдающего\n\n"
        "выигрывает тот, у кого старшая комбинация. при равных комбинациях банк делят\n\n"
        "карты можно сменить один раз. сменённые карты кладут в отбой\n"
    ),
}


def test_a_law_of_the_director_that_names_only_the_judge_is_law_text():
    # the words a sport's code shares (the judge, a player) name the game where the
    # page letters its sections as the laws do
    tree, diags = seg(
        "Правило 91. Право наказывать\n"
        "A. Порядок в зале\n"
        "Судья вправе наказать участника очками за нарушение порядка.\n"
        "B. Отстранение\n"
        "Судья может отстранить игрока до конца сессии.\n"
    )
    assert [n.id for n, _p in walk(tree.nodes)] == ["91", "91A", "91B"]
    assert "K308" not in codes(diags)


ONE_LAW_OF_NO_SECTIONS = {
    # a page that holds one law of no sections (a site's page a law, a reader's page cut
    # around it), whose only words of the game are the director and the players:
    # (text, the law's id, its text's first words)
    "the seating of the tables": (
        "Правило 3. Расстановка столов\n\n"
        "За каждый стол садятся четыре игрока; столам дают номера в порядке, который "
        "выбрал судья. Он же указывает, какая сторона считается Севером.\n",
        "3",
        "За каждый стол садятся",
    ),
    "the director's power, two paragraphs": (
        "ПРАВИЛО 91. НАКАЗАНИЕ\n"
        "Исполняя свои обязанности, судья вправе наказать игрока за нарушение порядка.\n"
        "В тяжёлом случае он отстраняет игрока до конца сессии.\n",
        "91",
        "Исполняя свои обязанности",
    ),
}


@pytest.mark.parametrize("kind", ["laws", "commentary"])
@pytest.mark.parametrize(
    ("text", "law_id", "opens"), ONE_LAW_OF_NO_SECTIONS.values(), ids=list(ONE_LAW_OF_NO_SECTIONS)
)
def test_one_law_of_no_sections_that_names_only_the_judge_is_law_text(text, law_id, opens, kind):
    # a law of no sections runs on in paragraphs under its heading; a sport's code
    # numbers its points under «Правило 5. Судья» (WILD_NOT_LAW_PAGES)
    tree, diags = seg(text, kind)
    (law,) = tree.nodes
    assert (law.kind, law.id) == ("law", law_id)
    assert law.text.startswith(opens)
    assert "K308" not in codes(diags)


@pytest.mark.parametrize(
    ("line", "after", "titled"),
    [
        ("Права судьи", "Встречу ведёт судья.", True),  # a point's title over its sentence
        ("Права судьи Встречу ведёт судья, и только он.", "", True),  # run into it
        ("Права судьи:", "Встречу ведёт судья.", True),  # with a colon
        ("Права судьи: Встречу ведёт судья, и только он.", "", True),
        # a law's lead-in to its list, over the list's items
        ("Судья вправе:", "наказать игрока;", False),
        # a printed line of a sentence, its next line going on with a name
        ("который выбрал судья. Он же указывает, какая сторона", "Севером считается.", False),
        ("Четыре игрока садятся за стол.", "Судья даёт номера столам.", False),
        # a menu's words run on to no stop: no title of a point
        ("Титульная страница  Оглавление  Указатель  ← 2  → 4", "За каждый стол.", False),
    ],
)
def test_a_titled_point_is_told_from_a_law_of_no_sections(line, after, titled):
    from pipeline.grammar import titled_point

    assert titled_point(line, after) is titled


@pytest.mark.parametrize("kind", ["laws", "commentary"])
@pytest.mark.parametrize("text", WILD_NOT_LAW_PAGES.values(), ids=list(WILD_NOT_LAW_PAGES))
def test_pages_from_the_wild_that_are_not_law_text_yield_no_nodes(text, kind):
    from pipeline.blocks import measure

    tree, diags = seg(text, kind)
    assert tree.nodes == ()
    # one diagnostic says why: no law text (K308), or (a page in another language) K311
    (d,) = [d for d in diags if d.code in ("K308", "K311")]
    assert "no nodes" in d.message
    assert measure(tree.cleaned.text)[0] == "front"  # the profile says so too


COMMENTARY_ON_THE_LAWS = {
    "a word of the book": (
        "70.1. Болвана не спрашивают. Претензию разбирают до конца тура.\n"
        "70.2. Если претензия оспорена, решение принимает судья.\n"
    ),
    # the judge alone is a word other contests share: beside a word of cards it is the book's
    "the judge beside a card": (
        "70.1. Судья выслушивает обе стороны. Претензию на взятки разбирают до конца тура.\n"
        "70.2. Если претензия оспорена, решение принимает судья.\n"
    ),
    "a reference to a law": (
        "64.3. Взятку передают стороне, не нарушавшей правила, см. правило 63.\n"
        "64.4. Вторую взятку передают так же.\n"
    ),
    # a competition's words (a championship, its prizes and fee), but the book's own more
    "a championship's prizes beside more words of the book": (
        "80.1. Условия чемпионата, его призы и взнос объявляет спонсор; судья следит, чтобы "
        "болван, разыгрывающий и вистующие знали порядок обсчёта.\n"
        "80.2. Судья объявляет этот порядок до первого тура.\n"
    ),
}


def test_a_key_whose_text_opens_with_the_sections_it_comments_is_commentary():
    # «8.2. 8В и 8С …»: the paragraph names the laws' sections before its sentence
    tree, diags = seg(
        "сессии, и пары расходятся.\n"
        "8.2. 8В и 8С говорят, когда кончается тур: конец объявляет судья, кроме стола, "
        "где игра ещё идёт.\n",
        "commentary",
    )
    assert [n.id for n in tree.nodes] == [None, "8.2"]
    assert tree.nodes[1].text.startswith("8В и 8С говорят")
    assert "K308" not in codes(diags)


@pytest.mark.parametrize("text", COMMENTARY_ON_THE_LAWS.values(), ids=list(COMMENTARY_ON_THE_LAWS))
def test_keys_of_a_text_on_the_laws_stay_commentary(text):
    """The same layout as another game's points keyed «5.1.», but the text speaks of
    the laws: its keys are the commentary's."""
    tree, diags = seg(text, "commentary")
    assert [n.kind for n in tree.nodes] == ["commentary", "commentary"]
    assert "K308" not in codes(diags)


def test_pages_that_are_not_law_text_through_the_cli(tmp_path):
    """As a publisher adds them: each page that is not law text is reported (K308)
    with the kind ``front`` in report.json and gives the codex nothing, not even the
    reference a translator's note makes; the law page beside them is built whole."""
    import subprocess

    from kodeks_testing import ROOT
    from pipeline.cli import build_command

    corpus = tmp_path / "corpus"
    corpus.mkdir()
    pages = {
        "collapsed.txt": "front matter collapsed into one line",
        "code.txt": "another game's code, points nested three deep",
        "notes.txt": "notes in small letters",
    }
    for name, key in pages.items():
        (corpus / name).write_text(WILD_NOT_LAW_PAGES[key], encoding="utf-8")
    (corpus / "law.txt").write_text(
        "Правило 64. Процедура после выявления фальшренонса\nA.Наказание\n"
        "1.Когда фальшренонс выявлен, взятка переходит, см. правило 63.\n",
        encoding="utf-8",
    )
    out = tmp_path / "out"
    subprocess.run(build_command(corpus, out), check=True, cwd=ROOT, capture_output=True)
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    for name in pages:
        assert report["sources"][name]["profile"]["kind"] == "front", name
        assert any(
            d["code"] == "K308" and d["message"].startswith(name) for d in report["diagnostics"]
        ), name
        export_ = json.loads((out / "sources" / name.replace(".txt", ".json")).read_text("utf-8"))
        assert export_["nodes"] == [], name
    links = json.loads((out / "links.json").read_text(encoding="utf-8"))
    assert {r["source"] for r in links} == {"law.txt"}
    codex = json.loads((out / "codex.json").read_text(encoding="utf-8"))
    assert "64A1" in json.dumps(codex)


LAW_EXCERPTS = {
    "a clause and its subclauses, no heading on the page": (
        "2.Повторная заявка партнёра\nКогда игрок исправил заявку, партнёр может изменить свою.\n"
        "(B).Заявка была легальной\nЕсли заявка была легальной, нарушитель должен\n"
        "(1).Оставить заявку\nТогда его партнёр пасует один раз.\n",
        ["clause", "subclause", "subclause"],
    ),
    "a section and its clauses, no heading on the page": (
        "C.Присуждение результата\n1.Искусственный результат\n"
        "Судья назначает его, если сдачу нельзя доиграть.\n2.Оценочный результат\n"
        "Судья оценивает вероятный исход.\n",
        ["section", "clause", "clause"],
    ),
    "one law": (
        "Правило 7. Колода\nКолоду тасуют перед каждой сдачей.\nКарты не показывают.\n",
        ["law"],
    ),
    # the laws may name another card game in a figure of speech: that is no other code
    "a law that names another game twice in a figure of speech": (
        "Правило 73. Общение партнёров\nD.Непреднамеренная информация\n"
        "1.Игроку желательно сохранять «покерное лицо» во время торговли.\n"
        "2.Отступление от «покерного лица» само по себе не нарушение.\n",
        ["law", "section", "clause", "clause"],
    ),
    # a short law under a club's news of its championship: more words of the event than
    # of the book, but the page heads a law, as no competition's conditions do
    "a short law under a club's news of its championship": (
        "Правило 79. Взятые взятки\nA.Согласие\n"
        "Число взятых взяток стороны согласуют до следующей сдачи.\n"
        "B.Спор\nЕсли согласия нет, зовут судью.\n\n"
        "Новости клуба\nЧемпионат клуба состоится в марте, взнос 300 рублей, призы лучшим.\n",
        ["law", "section", "section"],
    ),
    # the law on the organiser names the place, the entry and the prizes it sets
    "the law on the organiser, its place, entry fee and prizes": (
        "Правило 80. Организатор\nA.Судья\nОрганизатор назначает судью.\n"
        "B.Подготовка\nОн выбирает место проведения, объявляет взнос и призы.\n",
        ["law", "section", "section"],
    ),
}


@pytest.mark.parametrize("text, kinds", LAW_EXCERPTS.values(), ids=list(LAW_EXCERPTS))
def test_short_law_excerpts_still_segment(text, kinds):
    tree, diags = seg(text)
    assert [n.kind for n, _p in walk(tree.nodes) if n.kind != "fragment"] == kinds
    assert "K308" not in codes(diags)


def test_one_cut_off_paragraph_is_still_a_fragment():
    tree, diags = seg("сторона, нарушившая правило, не получает преимуществ\n")
    assert [n.kind for n in tree.nodes] == ["fragment"] and "K308" not in codes(diags)


def test_english_original_makes_no_nodes():
    tree, diags = seg(
        "Правило 92. Право на апелляцию\nA.Право участника\nУчастник может подать апелляцию.\n\n"
        "LAW 92 - RIGHT TO APPEAL\nA. Contestant's Right\nA contestant may appeal for a review.\n"
    )
    assert [(n.id, n.text) for n, _p in walk(tree.nodes)] == [
        ("92", ""),
        ("92A", "Участник может подать апелляцию."),
    ]
    assert "K309" in codes(diags)


def test_a_section_of_a_chapter_numbered_in_arabic_digits():
    # the 1997 translation numbers the sections of its chapter X «Раздел 1», «Раздел 2»
    tree, _ = seg(
        "Глава X. Судья турнира\n\nРаздел 1 Ответственность\n\n"
        "Правило 81. Обязанности и полномочия\nA. Положение\nСудья ведёт турнир по бриджу.\n\n"
        "Раздел 2 Исправление ошибок\n\nПравило 82. Исправление ошибок\n"
        "A. Обязанность судьи\nСудья исправляет ошибку, если видит её.\n"
    )
    assert [(n.id, n.title, p.id if p else None) for n, p in walk(tree.nodes)] == [
        ("chapter:X", "Судья турнира", None),
        ("part:1", "Ответственность", "chapter:X"),
        ("81", "Обязанности и полномочия", "part:1"),
        ("81A", "Положение", "81"),
        ("part:2", "Исправление ошибок", "chapter:X"),
        ("82", "Исправление ошибок", "part:2"),
        ("82A", "Обязанность судьи", "82"),
    ]
    # a sentence that opens with such a word and a number is no heading
    tree, _ = seg(
        "Правило 81. Обязанности\nСудья ведёт турнир по бриджу и решает, когда\n"
        "Часть 1 этого правила применяется.\n"
    )
    assert [n.id for n, _p in walk(tree.nodes)] == ["81"]


def test_chapter_and_part_on_one_line():
    tree, _ = seg(
        "Глава V. Торговля - Часть II Отклонения в процедуре\n\nПравило 23. Вынужденный пас\nТекст.\n"
    )
    assert [(n.id, n.title) for n, _p in walk(tree.nodes)] == [
        ("chapter:V", "Торговля"),
        ("chapter-part:II", "Отклонения в процедуре"),
        ("23", "Вынужденный пас"),
    ]


def test_index_terms_over_sources():
    from pipeline.toc import index_terms

    a, _ = seg("Апелляция ........ 92\n= к комитету ........ 93\nБлеф ........ 40,73\n")
    b, _ = seg("Блеф ........ 40,75\nБолван ........ 43\n")
    assert index_terms([a, b]) == {
        "Апелляция": ("92",),
        "Апелляция к комитету": ("93",),
        "Блеф": ("40", "73", "75"),
        "Болван": ("43",),
    }


def test_bulleted_clauses_are_numbered_by_their_place():
    tree, _ = seg(
        "Правило 64. Процедура\nA.Наказание назначается\nКогда выявлен:\n- Нарушитель выиграл взятку.\n"
        "- Нарушитель сыграл иначе.\nB.Наказание не назначается\n- Первый случай.\n"
    )
    got = [(n.id, n.text, n.inferred) for n, _p in walk(tree.nodes) if n.kind == "clause"]
    assert got == [
        ("64A1", "Нарушитель выиграл взятку.", True),
        ("64A2", "Нарушитель сыграл иначе.", True),
        ("64B1", "Первый случай.", True),
    ]


def test_bullets_beside_numbered_clauses_or_outside_a_section_stay_text():
    tree, _ = seg(
        "Правило 64. Процедура\nA.Наказание\n1.Нарушитель выиграл\nТекст.\n- Ещё одно замечание.\n"
    )
    assert [n.id for n, _p in walk(tree.nodes)] == ["64", "64A", "64A1"]
    assert tree.nodes[0].children[0].children[0].text.endswith("- Ещё одно замечание.")
    tree, _ = seg("Правило 65. Взятки\nСудья смотрит:\n- Первое.\n- Второе.\n")
    assert [n.id for n, _p in walk(tree.nodes)] == ["65"] and "- Второе." in tree.nodes[0].text


def test_renumbered_ordered_list_is_the_clauses_subclauses():
    tree, diags = seg(
        "Правило 9. Процедура\nA.Привлечение внимания\n1.До розыгрыша\nТекст.\n2.Во время розыгрыша\n"
        "1.Разыгрывающим или вистующим\nТекст.\n2.Болваном\n(1).Болван не может вмешиваться.\n"
        "3.Третьим лицом\nТекст.\nB.После розыгрыша\n1.Любым игроком\nТекст.\n"
    )
    got = [(n.id, n.inferred) for n, _p in walk(tree.nodes)]
    assert got == [
        ("9", False),
        ("9A", False),
        ("9A1", False),
        ("9A2", False),
        ("9A2(A)", True),
        ("9A2(B)", True),
        ("9A2(B)(1)", True),
        ("9A2(C)", True),
        ("9B", False),
        ("9B1", False),
    ]
    assert "K305" not in codes(diags)


def test_renumbered_list_after_a_clause_text_that_runs_on_into_it():
    # the clause has a paragraph of its own that leads into the list («…, и если»)
    tree, diags = seg(
        "Правило 67. Дефектная взятка\nB.После следующей взятки\n"
        "1.У нарушителя лишняя карта\nСудья осматривает взятку и, если\n"
        "1.Карта масти хода есть\nНарушитель кладёт её во взятку.\n"
        "2.Карты масти хода нет\nНарушитель кладёт любую карту.\n"
    )
    assert [n.id for n, _p in walk(tree.nodes)] == ["67", "67B", "67B1", "67B1(A)", "67B1(B)"]
    assert not {"K304", "K305"} & set(codes(diags))
    # after a clause whose text ends a sentence, «1.» is numbering going backwards
    tree, diags = seg(
        "Правило 67. Дефектная взятка\nB.После следующей взятки\n"
        "2.У нарушителя лишняя карта\nСудья осматривает взятку.\n1.Карта масти хода есть\n"
    )
    assert "K305" in codes(diags)


def test_clause_numbers_going_on_stay_clauses():
    tree, _ = seg(
        "Правило 9. Процедура\nA.Привлечение\n1.Первый\n(A).Подпункт\nТекст.\n2.Второй\nТекст.\n"
    )
    assert [n.id for n, _p in walk(tree.nodes)] == ["9", "9A", "9A1", "9A1(A)", "9A2"]


def test_items_under_lettered_subparagraphs_stay_text():
    tree, _ = seg(
        "Правило 1. Колода(DC4)\n1.1.(a) Судья проверяет колоду. (b) Если колода неполна, сдача "
        "переигрывается:(DC4)\n(i) если время позволяет;(DC4)\n(ii) иначе назначается результат.(DC4)\n",
        kind="commentary",
    )
    assert [n.id for n, _p in walk(tree.nodes)] == ["1", "1.1"]
    assert "(ii) иначе назначается результат." in tree.nodes[0].children[0].text


def test_clause_numbers_starting_again_open_the_section_whose_letter_was_lost():
    # a legal database dropped the label «B.» of the second section: after the first
    # section's clauses and their footnote, a paragraph opens a new list 1-3
    tree, diags = seg(
        "Правило 30. Пас не в свою очередь\n"
        "A. Пас до первой заявки\n"
        "1. Если пас сказан до того, как кто-либо заявил <*>, нарушитель пасует в свою очередь.\n"
        "2. Если пас сказан в очередь партнёра <*>, партнёр обязан пасовать один раз.\n"
        "-----------------\n"
        "<*> Здесь болван считается игроком, как и в любой другой торговле.\n"
        "Нет наказания (как в пункте A) после паса в чужую очередь:\n"
        "1. Если соперник слева принял пас и сам заявил.\n"
        "2. Если судью не позвали до следующей заявки.\n"
        "3. Если пас повторил уже сказанное раньше, о чём знали все игроки.\n"
    )
    nodes = {n.id: n for n, _p in walk(tree.nodes)}
    assert list(nodes) == ["30", "30A", "30A1", "30A2", "30B", "30B1", "30B2", "30B3"]
    b = nodes["30B"]
    # the paragraph that leads in to its clauses is its text: the heading was lost too
    assert b.inferred and b.label is None and b.title is None
    assert b.text == "Нет наказания (как в пункте A) после паса в чужую очередь:"
    assert all(nodes[k].inferred for k in ("30B1", "30B2", "30B3"))
    assert not any(nodes[k].inferred for k in ("30", "30A", "30A1", "30A2"))
    # the footnote is a footnote, not text of the clause before it
    assert "Здесь болван" not in nodes["30A2"].text and "Нет наказания" not in nodes["30A2"].text
    assert [(f.mark, f.text) for f in nodes["30A1"].footnotes] == [
        ("<*>", "Здесь болван считается игроком, как и в любой другой торговле.")
    ]
    (d,) = [d for d in diags if d.code == "K306"]
    assert "30B" in d.message and d.message.startswith("t.txt:7:") and d.span is not None
    assert "K304" not in codes(diags)


def test_a_section_ended_by_a_colon_paragraph_restarts_after_subclauses():
    # no footnote: the clause before ended a sentence, its subclauses followed, and a
    # paragraph of its own ending with a colon introduces the next list
    tree, diags = seg(
        "Правило 30. Пас не в свою очередь\n"
        "A. Пас до первой заявки\n"
        "1. Нарушитель пасует в свою очередь.\n"
        "(A). Партнёр нарушителя может заявлять.\n"
        "(B). Соперники могут принять пас.\n"
        "Второй случай касается паса после заявки.\n"
        "Нет наказания после паса в чужую очередь:\n"
        "1. Если соперник слева принял пас.\n"
        "2. Если судью не позвали.\n"
    )
    ids = [n.id for n, _p in walk(tree.nodes)]
    assert ids == ["30", "30A", "30A1", "30A1(A)", "30A1(B)", "30B", "30B1", "30B2"]
    assert "K306" in codes(diags)


def test_a_repeated_clause_number_without_evidence_never_duplicates_an_id():
    tree, diags = seg(
        "Правило 30. Пас не в свою очередь\n"
        "A. Пас до первой заявки\n"
        "1. Нарушитель пасует в свою очередь.\n"
        "2. Партнёр нарушителя пасует один раз.\n"
        "2. Соперники могут принять пас и продолжить торговлю.\n"
    )
    ids = [n.id for n, _p in walk(tree.nodes)]
    assert ids == ["30", "30A", "30A1", "30A2"] and len(set(ids)) == len(ids)
    nodes = {n.id: n for n, _p in walk(tree.nodes)}
    # the text is kept, under the unit before it, and the diagnostic says where
    assert "2. Соперники могут принять пас" in nodes["30A2"].text
    (d,) = [d for d in diags if d.code == "K304"]
    assert d.message.startswith("t.txt:5:") and "30A" in d.message and "30A2" in d.message


def test_a_toc_page_with_short_leaders_and_a_cut_entry_yields_no_nodes():
    tree, _diags = seg(
        "Правило 30. Пас не в свою очередь.........62\n"
        "A.Пас до первой заявки...................62\n"
        "B.Пас после заявки.......................63\n"
        "1.В очередь партнёра.....................63\n"
        "(A).Требования к нарушителю..............63\n"
        "(B).Что разрешено партнёру\n"
        "нарушителя..63\n"
        "2.В очередь соперника слева..............64 Правило 31. Заявка не в очередь.64\n"
        "A.Заявка до первой заявки................64\n"
        "B.Заявка после паса соперника,\n"
        "ког\n"
    )
    assert tree.nodes == ()
    assert [(e.address, e.title, e.page) for e in tree.toc][5:] == [
        ("30B1(B)", "Что разрешено партнёру нарушителя", "63"),
        ("30B2", "В очередь соперника слева", "64"),
        ("31", "Заявка не в очередь", "64"),
        ("31A", "Заявка до первой заявки", "64"),
        ("31B", "Заявка после паса соперника, ког", None),
    ]


def test_a_bilingual_heading_shaped_like_a_breadcrumb_is_a_heading():
    tree, _diags = seg(
        "Главная » Книги » Спорт\n"
        "Правило 21 / Law 21 / Неверная информация\n"
        "A. Заявка по ошибке\n"
        "Игрок может изменить заявку, сделанную по ошибке.\n"
        "Law 22 Правило 22\n"
        "Конец торговли\n"
        "A. Три паса\n"
        "Торговля кончается, когда за заявкой следуют три паса.\n"
    )
    laws = [(n.id, n.title) for n in tree.nodes]
    assert laws == [("21", "Неверная информация"), ("22", "Конец торговли")]
    assert [n.id for n, _p in walk(tree.nodes)] == ["21", "21A", "22", "22A"]
    # only the English halves went, each a logged edit
    dropped = [e.before.strip() for e in tree.cleaned.edits if "bilingual-heading" in e.kind]
    assert dropped == ["/ Law 21", "Law 22"]


def test_one_page_number_inside_a_sentence_keeps_the_law():
    tree, diags = seg(
        "Правило 65. Расположение взяток\n"
        "A.Порядок взяток\n"
        "Игрок кладёт свои карты рядом, и если этот порядок\n"
        "- 41 -\n"
        "ПРАВИЛА ИГРЫ\n"
        "не признан обеими сторонами, судья решает против него.\n"
    )
    assert [n.id for n, _p in walk(tree.nodes)] == ["65", "65A"]
    text = tree.nodes[0].children[0].text
    assert "не признан обеими сторонами" in text and "ПРАВИЛА ИГРЫ" not in text
    assert "K301" not in codes(diags) and "K306" not in codes(diags)


def test_toc_entries_after_missing_pages_do_not_take_the_law_before_them():
    tree, _diags = seg(
        "Правило 30. Пас не в свою очередь.........62\n"
        "A.Пас до первой заявки...................62\n"
        "B.Пас после заявки.......................63\n"
        "- 9 -\n"
        "E.Изменение игры после ошибки............78\n"
        "1.Ход не в очередь.......................78\n"
    )
    assert tree.nodes == ()
    assert [(e.address, e.label, e.page) for e in tree.toc] == [
        ("30", "30", "62"),
        ("30A", "A", "62"),
        ("30B", "B", "63"),
        (None, "E", "78"),
        (None, "1", "78"),
    ]


def test_segment_reads_only_the_edits_it_needs(monkeypatch):
    """The segmenter asks the edit log for its dot leaders and rule lines only: an
    ``Edit`` made for every repair of a big source cost more than the segmenting.
    The tree is the one the whole log (a tuple of every edit) gives."""
    from dataclasses import replace

    from pipeline.model import EditLog
    from pipeline.segment import _lines

    text = (
        "Правило 64. Проце-\nдура\n\nA.Наказание  за фальшренонс\n1.Нарушитель  отдаёт взятку.\n"
        "-----\n(*) - Сноска.\n- 12 -\nОглавление\nПравило 1. Цель.....3\nПравило 2. Ход....5\n"
    ) * 3
    c = clean(source_of(text), VOCAB)
    log = c.edits
    assert isinstance(log, EditLog)
    needed = {
        i for i, kinds in enumerate(log._kind) if {"dot-leader", "underline-rule"} & set(kinds)
    }
    assert needed and len(needed) < len(log)
    made: list[int] = []
    real = EditLog._edit
    monkeypatch.setattr(EditLog, "_edit", lambda self, i: made.append(i) or real(self, i))
    fast = _lines(c)
    assert set(made) == needed
    monkeypatch.setattr(EditLog, "_edit", real)
    assert fast == _lines(replace(c, edits=tuple(log)))


def source_of(text: str) -> Source:
    return Source(path="t.txt", name="t.txt", stem="t", kind="laws", text=text, encoding="utf-8")


def test_a_page_that_is_all_site_chrome_says_so():
    """A reading site's page that holds only its menus: the cleaner removes every line,
    and the segmenter says the source yields nothing (K308), rather than nothing at all."""
    menu = "Выбрать раздел каталога\nПриключения и путешествия\n" + "".join(
        f"- {name}\n"
        for name in (
            "Морские приключения",
            "Путешествия по горам",
            "Исторические хроники",
            "Книги о животных",
            "Рассказы для детей",
            "Научные открытия",
            "Городские легенды",
            "Записки охотника",
            "Дальние страны",
            "Северные сказания",
            "Южные рассказы",
            "Дневники экспедиций",
        )
    )
    tree, diags = seg(menu)
    assert tree.nodes == () and tree.cleaned.text.strip() == ""
    (d,) = [d for d in diags if d.code == "K308"]
    assert "site chrome" in d.message and "no nodes" in d.message


def test_a_law_heading_with_the_number_sign():
    """Some copies write the number sign before a law's number (``Правило № 64.``)."""
    for head in ("Правило № 64. Процедура", "Правило №64. Процедура", "ПРАВИЛО № 64. ПРОЦЕДУРА"):
        tree, diags = seg(
            "Правило 63. Выявление фальшренонса\nA.Фальшренонс выявлен\nСудья решает.\n"
            f"{head}\nA.Наказание назначается\nВзятка переходит к другой стороне.\n"
        )
        assert [n.id for n, _p in walk(tree.nodes)] == ["63", "63A", "64", "64A"], head
        assert tree.nodes[1].title.lower() == "процедура" and not codes(diags), head
