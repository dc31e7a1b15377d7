"""Smaller safety cases: law headings with impossible numbers, the exit code of
``kodeks clean`` on a missing file, references on one very long line."""

from __future__ import annotations

import pytest

from kodeks_testing import kodeks
from pipeline.run import run

LAW = (
    "Правило 64. Процедура после выявления фальшренонса\n"
    "A.Наказание назначается\n"
    "Когда фальшренонс выявлен, взятка переходит к ненарушившей стороне.\n"
)
NEXT = "Правило 65. Порядок сдачи взяток\nA.Каждый игрок кладёт карту перед собой.\n"


def _walk(nodes):
    for n in nodes:
        yield n
        yield from _walk(n.children)


@pytest.mark.parametrize("number", ["0", "94", "99999999999"])
def test_a_law_heading_with_an_impossible_number_is_a_fragment(tmp_path, number):
    (tmp_path / "a.txt").write_text(
        LAW + f"Правило {number}. Непонятный заголовок\n"
        "A.Текст, который нельзя отнести к правилу.\n" + NEXT,
        encoding="utf-8",
    )
    b = run(tmp_path, until="segment")
    (tree,) = b.trees
    kinds = [(n.kind, n.id) for n in tree.nodes]
    assert kinds == [("law", "64"), ("fragment", None), ("law", "65")], kinds
    law64 = tree.nodes[0]
    assert all("Непонятный" not in (n.text + (n.title or "")) for n in _walk([law64]))
    frag_text = "\n".join(n.text + (n.title or "") for n in _walk([tree.nodes[1]]))
    assert f"Правило {number}. Непонятный заголовок" in frag_text
    assert "нельзя отнести" in frag_text
    (d,) = [d for d in b.diagnostics if d.code == "K310"]
    assert "a.txt:4" in d.message and number in d.message


def test_clean_on_a_missing_file_exits_2(tmp_path):
    proc = kodeks("clean", str(tmp_path / "nothing.txt"))
    assert proc.returncode == 2
    assert "nothing.txt" in proc.stderr and "Traceback" not in proc.stderr


def test_references_on_one_long_line_are_all_found():
    from pipeline.refs import find_references

    unit = "см. правило 64 и правило 65, а также п. 64.10 выше; "
    text = unit * 2000  # one line of about 100 000 characters
    found = find_references(text)
    assert [f.target for f in found[:3]] == ["64", "65", "64.10"]
    assert len(found) == 3 * 2000


class _Scanned(str):
    """A text that records how far each ``find``/``rfind`` on it may scan."""

    widest = 0

    def rfind(self, sub, start=None, end=None):
        lo, hi = start or 0, len(self) if end is None else end
        type(self).widest = max(type(self).widest, hi - lo)
        return str.rfind(self, sub, start, end)


def test_reference_search_scans_a_bounded_stretch_of_a_long_line():
    """The cost of finding references on one line grows with its length, not its
    square: no search goes back to the start of the line for each candidate (a
    capitalised «Правило 64» asks whether it opens a line, as a heading would)."""
    from pipeline.refs import find_references

    text = _Scanned("см. Правило 64 и правило 65, а также п. 64.10 выше; " * 2000)
    _Scanned.widest = 0
    found = find_references(text)
    assert len(found) == 3 * 2000
    assert _Scanned.widest < 1000


def test_the_books_title_above_the_first_law_is_no_law_text(tmp_path):
    """A page that opens with the book's title, then a law heading: the title is
    kept out of the codex with a K312 note, and no law before the first one is
    inferred from it."""
    (tmp_path / "a.txt").write_text(
        "Законы дубликатного контрактного бриджа\n\n" + LAW + NEXT, encoding="utf-8"
    )
    b = run(tmp_path, until="segment")
    (tree,) = b.trees
    assert [(n.kind, n.id, n.inferred) for n in tree.nodes] == [
        ("law", "64", False),
        ("law", "65", False),
    ]
    (note,) = [d for d in b.diagnostics if d.code == "K312"]
    assert "Законы дубликатного контрактного бриджа" in note.message
    assert note.span is not None and note.span.line == 1


def _nodes_of(folder, text: str) -> dict:
    """The nodes, by address, of a one-page corpus segmented from ``text``."""
    (folder / "a.txt").write_text(text, encoding="utf-8")
    (tree,) = run(folder, until="segment").trees
    return {n.id: n for n in _walk(tree.nodes)}


@pytest.mark.parametrize("sub", ["а)", "(а)", "(a)", "(A)"])
def test_a_law_retyped_with_its_own_list_markers_keeps_its_addresses(tmp_path, sub):
    """Clauses marked ``1)`` and subclauses marked ``а)`` (or ``(a)``) read as the
    book's ``1.`` and ``(A).``: the addresses are the same, the markers out of the text."""
    first, second = sub, {"а)": "б)", "(а)": "(б)", "(a)": "(b)", "(A)": "(B)"}[sub]
    nodes = _nodes_of(
        tmp_path,
        "Правило 67. Дефектная взятка\n"
        "B.После окончания игры\n"
        "Судья определяет дефектную взятку и действует так:\n"
        "1) Нарушитель держит слишком много карт\n"
        "Судья просит показать лишнюю карту:\n"
        f"{first} у нарушителя есть карта масти хода;\n"
        f"{second} у нарушителя нет карты масти хода.\n"
        "2) Нарушитель держит слишком мало карт\n"
        "Судья изучает взятки.\n",
    )
    assert sorted(nodes) == ["67", "67B", "67B1", "67B1(A)", "67B1(B)", "67B2"]
    texts = " ".join((n.title or "") + " " + n.text for n in nodes.values())
    assert "нет карты масти хода" in texts
    assert not any(m in texts for m in ("1)", "2)", first, second))


def test_a_law_retyped_with_sections_marked_in_russian_letters_keeps_its_addresses(tmp_path):
    nodes = _nodes_of(
        tmp_path,
        "Правило 67. Дефектная взятка\n"
        "А) До окончания игры\n"
        "Судья исправляет ошибку сразу.\n"
        "Б) После окончания игры\n"
        "Судья действует так:\n"
        "1) Нарушитель держит слишком много карт\n"
        "Судья просит показать лишнюю карту.\n"
        "2) Нарушитель держит слишком мало карт\n"
        "Судья изучает взятки.\n",
    )
    assert sorted(nodes) == ["67", "67A", "67B", "67B1", "67B2"]
    assert nodes["67B"].title == "После окончания игры"
