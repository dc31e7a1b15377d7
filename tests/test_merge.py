"""Merging witnesses: laws 64 and 67 across the seeds, placing 002's headless
repeat of law 67 by alignment, title conflicts, the reading rule and coverage."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kodeks_testing import ROOT
from pipeline.clean import clean, vocabulary
from pipeline.merge import coverage, merge
from pipeline.model import Source
from pipeline.run import run
from pipeline.segment import segment

S000, S002, S003, S004 = (
    "000_c7e622806fb48599.txt",
    "002_5dc556f7a892ab5b.txt",
    "003_052198ed21df933b.txt",
    "004_84be6ed1e01fa605.txt",
)


@pytest.fixture(scope="module")
def built():
    return run(ROOT / "corpus", until="merge", pdf=False)


def sources_of(entry) -> list[str]:
    return [w.source for w in entry.witnesses]


def test_law_64_from_000_and_002(built):
    cx = built.codex
    for addr in ("64", "64A", "64A1"):
        e = cx.entries[addr]
        assert set(sources_of(e)) == {S000, S002}, addr
        assert e.chosen == S000
        assert all(w.placed_by == "heading" for w in e.witnesses)
    assert cx.entries["64"].title == "Процедура после выявления фальшренонса"
    assert cx.entries["64A"].children[:2] == ("64A1", "64A2")
    assert sources_of(cx.entries["64A2"]) == [S000]  # 002 is cut off before 64A2
    assert cx.entries["64A1"].parent == "64A" and cx.entries["64A"].parent == "64"


def test_law_67_placed_by_alignment(built):
    cx = built.codex
    e = cx.entries["67A1"]
    assert sources_of(e) == [S003, S002]
    assert {w.source: w.placed_by for w in e.witnesses} == {S003: "heading", S002: "alignment"}
    assert any(
        d.code == "K402" and S002 in d.message and "67" in d.message for d in built.diagnostics
    )
    # nothing of 002's law-67 text is left unplaced
    assert not any(
        src == S002 and "Игрок не сыграл картой" in (n.text + str(n.children))
        for src, n in cx.fragments
    )


def test_67B_reading_is_003_and_002_kept_as_variant(built):
    e = built.codex.entries["67B"]
    assert e.chosen == S003
    w003, w002 = e.witnesses
    assert (w003.source, w003.truncated) == (S003, False)
    assert (w002.source, w002.truncated, w002.placed_by) == (S002, True, "alignment")
    assert w002.text != w003.text and w003.text.startswith(w002.text.rstrip()[:40])
    assert f"{S002} is cut off here" in e.why
    assert e.text == w003.text


def _tree(name: str, text: str, priority: int = 50, edition: str = "1987", kind: str = "laws"):
    src = Source(
        path=name,
        name=name,
        stem=name[:-4],
        kind=kind,
        text=text,
        encoding="utf-8",
        priority=priority,
        edition=edition,
    )
    tree, _ = segment(clean(src, vocabulary([text])))
    return tree


def test_different_titles_both_kept_with_K401():
    a = _tree(
        "a.txt", "Правило 67. Дефектная взятка\nA.До того, как обе стороны сыграли\nТекст А.\n"
    )
    b = _tree(
        "b.txt", "Правило 67. Неполная взятка\nA.До того, как обе стороны сыграли\nТекст Б.\n"
    )
    cx, diags = merge([a, b])
    e = cx.entries["67"]
    assert [(w.source, w.title) for w in e.witnesses] == [
        ("a.txt", "Дефектная взятка"),
        ("b.txt", "Неполная взятка"),
    ]
    (d,) = [d for d in diags if d.code == "K401"]
    assert "67" in d.message and "Дефектная взятка" in d.message and "Неполная взятка" in d.message
    assert d.level == "warning"
    # same title for 67A: no diagnostic for it, but both texts are kept
    assert [w.text for w in cx.entries["67A"].witnesses] == ["Текст А.", "Текст Б."]


def test_reading_rule_fewer_repairs_then_priority():
    clean_text = "Правило 50. Штрафная карта\nA.Определение\nКарта становится штрафной.\n"
    damaged = "Правило 50. Штрафная карта\nA.Определение\nКарта стано-\nвится штраф-\nной.\n"
    cx, _ = merge([_tree("a.txt", damaged), _tree("b.txt", clean_text)])
    assert cx.entries["50A"].chosen == "b.txt"
    assert "needed more repairs" in cx.entries["50A"].why
    cx, _ = merge([_tree("a.txt", clean_text, 40), _tree("b.txt", clean_text, 60)])
    assert cx.entries["50A"].chosen == "b.txt"
    assert "lower manifest priority" in cx.entries["50A"].why
    cx, _ = merge([_tree("a.txt", clean_text), _tree("b.txt", clean_text)])
    assert cx.entries["50A"].chosen == "a.txt"


def test_a_copy_that_says_a_sentence_twice_in_a_row_is_not_read():
    """A scan doubled a sentence the cleaner could not tell from text; a clean copy
    later in the corpus, even one that needed more repairs, is read instead."""
    head = "Правило 50. Штрафная карта\nA.Определение\n"
    said = "Карта, показанная партнёру не во время игры, становится штрафной."
    doubled = _tree("a.txt", head + f"{said} {said} Её кладут на стол.\n")
    clean_copy = _tree(
        "b.txt",
        head + "Карта, показанная партнёру не во время иг-\nры, "
        "становится штрафной. Её кладут на стол.\n",
    )
    cx, _ = merge([doubled, clean_copy])
    e = cx.entries["50A"]
    assert e.chosen == "b.txt", e.why
    assert "a.txt says a sentence twice in a row" in e.why
    assert e.text.count("штрафной") == 1
    # a short sentence said twice on purpose does not count
    short = _tree("c.txt", head + "Нет. Нет. Её кладут на стол.\n")
    other = _tree("d.txt", head + "Нет. Её кладут на сто-\nл.\n")
    cx, _ = merge([short, other])
    assert cx.entries["50A"].chosen == "c.txt"


def test_of_two_copies_cut_off_the_one_that_goes_further_is_read():
    """Two pages end inside the same paragraph: the longer copy needs more repairs for
    its extra lines, but it holds more of the text; the shorter is the variant."""
    head = "Правило 50. Штрафная карта\nA.Определение\n"
    lines = ["Карта, которую вистующий показал", "партнёру не во время игры, стано-", "вится"]
    long = _tree("a.txt", head + "\n".join([*lines, "штрафной, если судья не ре-", "шит"]) + "\n")
    short = _tree("b.txt", head + "\n".join(lines) + "\n")
    cx, _ = merge([long, short])
    e = cx.entries["50A"]
    assert e.chosen == "a.txt" and e.text.endswith("становится штрафной, если судья не решит")
    assert "b.txt is cut off sooner" in e.why
    assert [w.source for w in e.witnesses] == ["a.txt", "b.txt"]


def test_unalignable_fragment_stays_unplaced():
    a = _tree(
        "a.txt",
        "Правило 50. Штрафная карта\nТекст.\n– 10\nтекст без начала.\n1.Неведомый пункт\nТекст.\n",
    )
    cx, diags = merge([a])
    assert len(cx.fragments) == 1 and cx.fragments[0][0] == "a.txt"
    assert not any(d.code == "K402" for d in diags)


def test_coverage_hints_where_an_unplaced_fragment_probably_belongs():
    whole = (
        "Правило 50. Штрафная карта\nA.Определение\n"
        "Карта защитника, показанная партнёру до конца розыгрыша, становится штрафной картой.\n"
        "Правило 51. Две штрафные карты\nТекст правила о двух картах.\n"
    )
    cut = (  # a page break, then a passage whose start was lost
        "Правило 49. Открытая карта\nТекст правила.\n– 10\n"
        "показанная партнёру до конца розыгрыша, становится штрафной картой.\n"
        "1.Неведомый пункт\nТекст.\n"
        "Правило 51. Две штрафные карты\nТекст правила о двух картах.\n"
    )
    cx, _ = merge([_tree("a.txt", whole), _tree("b.txt", cut)])
    (row,) = coverage(cx)["unplaced"]
    assert row["source"] == "b.txt"
    assert row["probable"] == "50A"  # a.txt holds the same passage as 50A
    assert row["between"] == ["49", "51"]
    alone, _ = merge([_tree("b.txt", cut)])
    (row,) = coverage(alone)["unplaced"]
    assert "probable" not in row  # no evidence, no guess
    assert row["between"] == ["49", "51"]


def test_a_fragment_before_a_commentary_paragraph_is_probably_the_one_before_it():
    """A page of the commentary that opens inside paragraph 35.1: the next paragraph's
    number leaves 35.1 for the fragment (a hint, never a place). Before 35.1 itself
    the numbering leaves nothing."""
    page = (
        "что судья решает по своему усмотрению.\n"
        "35.2. Право на наказание за заявку утрачено, когда следующий игрок заявил.\n"
    )
    cx, _ = merge([_tree("a.txt", page, kind="commentary")])
    (row,) = coverage(cx)["unplaced"]
    assert row["between"] == [None, "35.2"] and row["probable"] == "35.1"
    first = page.replace("35.2.", "35.1.")
    cx, _ = merge([_tree("a.txt", first, kind="commentary")])
    (row,) = coverage(cx)["unplaced"]
    assert "probable" not in row


def test_coverage(built):
    cov = coverage(built.codex)
    laws = {row["law"]: row for row in cov["laws"]}
    assert "19A" in laws["19"]["missing"]
    assert laws["19"]["inferred"] is True
    assert "67B1" in laws["67"]["truncated"]
    assert laws["67"]["sources"] == sorted([S002, S003])
    assert laws["64"]["missing"] == [] and laws["64"]["truncated"] == []
    assert [row["law"] for row in cov["laws"]] == sorted(laws, key=int)
    assert cov["unplaced"] and all(
        {"source", "line", "first_words"} <= set(u) for u in cov["unplaced"]
    )


def test_table_of_contents_gives_missing_titles_and_gaps():
    text = (
        "Правило 18. Заявки\nA.Первый\nТекст раздела.\n– 40\nB.Продолжение без заголовка\nТекст раздела.\n"
        "Правило 20. Пояснение\nТекст правила.\n"
    )
    toc = (
        "Правило 18. Заявки ........ 39\nA.Первый ........ 39\nB.Второй ........ 40\n"
        "Правило 19. Контра и реконтра ........ 40\nA.Правильная форма ........ 40\nB.Продолжение ........ 41\n"
        "Правило 20. Пояснение ........ 41\nA.Запрос ........ 42\n"
    )
    cx, _ = merge([_tree("a.txt", text), _tree("toc.txt", toc)])
    e = cx.entries["19"]
    assert e.inferred and e.title == "Контра и реконтра"
    assert (
        e.title_from is not None
        and e.title_from.span.source == "toc.txt"
        and e.title_from.page == "40"
    )
    assert cx.entries["18"].title == "Заявки" and cx.entries["18"].title_from is None
    assert all(w.source == "a.txt" for e in cx.entries.values() for w in e.witnesses)
    cov = {row["law"]: row for row in coverage(cx)["laws"]}
    assert "19A" in cov["19"]["missing"] and "20A" in cov["20"]["missing"]
    assert cov["20"]["listed_by"] == ["toc.txt"] and "18A" not in cov["18"]["missing"]


def test_the_contents_of_another_edition_list_no_gaps_of_this_one():
    """A contents page of another edition's code lists its own laws, which this
    edition numbers otherwise: the coverage of this edition's codex lists only its
    own edition's gaps, and a corpus of unknown editions only still lists them all."""
    law = (
        "Правило 18. Заявки\nA.Первый\nТекст раздела, длиннее страницы содержания.\n"
        "B.Второй\nЕщё один текст раздела, чтобы у этой редакции было больше текста.\n"
    )
    toc = "Правило 19. Контра ........ 40\nПравило 20. Пояснение ........ 41\n"
    cx, _ = merge([_tree("a.txt", law), _tree("toc97.txt", toc, edition="1997")])
    assert cx.edition == "1987"  # the edition with the most text
    assert [row["law"] for row in coverage(cx)["laws"]] == ["18"]
    cx, _ = merge([_tree("a.txt", law), _tree("toc.txt", toc)])
    assert [row["law"] for row in coverage(cx)["laws"]] == ["18", "19", "20"]
    # a bare contents page that shows no edition lists gaps of this one still
    cx, _ = merge([_tree("a.txt", law), _tree("toc.txt", toc, edition="unknown")])
    assert [row["law"] for row in coverage(cx)["laws"]] == ["18", "19", "20"]
    cx, _ = merge(
        [_tree("a.txt", law, edition="unknown"), _tree("toc.txt", toc, edition="unknown")]
    )
    assert [row["law"] for row in coverage(cx)["laws"]] == ["18", "19", "20"]


def test_another_edition_is_kept_apart():
    # the default edition is the one with the most text: here a's
    a = _tree(
        "a.txt",
        "Правило 67. Дефектная взятка\nA.До того, как обе стороны сыграли\nТекст А, подлиннее.\n",
    )
    b = _tree(
        "b.txt",
        "Правило 67. Дефектная взятка\nA.До того, как обе стороны сыграли\nИной текст.\n",
        edition="1997",
    )
    cx, diags = merge([a, b])
    assert cx.edition == "1987" and [w.source for w in cx.entries["67A"].witnesses] == ["a.txt"]
    # the other edition is merged on its own
    assert [w.source for w in cx.others["1997"].entries["67A"].witnesses] == ["b.txt"]
    assert [t.source.name for t in cx.trees] == ["a.txt", "b.txt"]
    assert any(d.code == "K403" and "b.txt" in d.message and "1997" in d.message for d in diags)
    # a corpus of one edition merges as always
    cx, diags = merge([b])
    assert [w.source for w in cx.entries["67A"].witnesses] == ["b.txt"] and "K403" not in [
        d.code for d in diags
    ]


@given(
    st.text(alphabet="абвгдеёжзийклмнопрстуАБВГ .-İ", max_size=40),
    st.text(alphabet="абвгдеёжзийклмнопрстуАБВГ .-İ", max_size=40),
)
def test_titles_are_alike_exactly_when_their_full_ratio_says_so(a, b):
    """The cheap upper bounds only skip pairs the full ratio would refuse."""
    import difflib

    from pipeline.merge import ALIKE, _alike

    full = bool(a and b) and (
        difflib.SequenceMatcher(None, a.lower(), b.lower(), autojunk=False).ratio() >= ALIKE
    )
    assert _alike(a, b) == full
    # a title and a near copy of it (one letter lost) are alike
    if len(a) >= 20:
        assert _alike(a, a[:-1])


def test_a_corpus_of_unknown_edition_is_the_codex_not_an_empty_one():
    """With no source of a known edition there is nothing to keep the unknown ones
    apart from: the codex holds them (the default edition's, as the segmenter read
    them) and says so, instead of an empty codex beside an ``unknown`` one."""
    a = _tree("a.txt", "Правило 67. Дефектная взятка\nA.До того, как\n", edition="unknown")
    b = _tree("b.txt", "Правило 68. Заявление\nРазыгрывающий заявляет.\n", edition="unknown")
    cx, diags = merge([a, b])
    assert cx.edition == "1987" and cx.others == {}
    assert {"67", "67A", "68"} <= set(cx.entries)
    (k404,) = [d for d in diags if d.code == "K404"]
    assert "a.txt, b.txt" in k404.message and "1987" in k404.message
    # beside a source of a known edition, the unknown one stays apart
    cx, diags = merge([a, _tree("c.txt", "Правило 70. Претензия\nРазыгрывающий заявляет.\n")])
    assert set(cx.others) == {"unknown"} and "67" in cx.others["unknown"].entries
    assert "70" in cx.entries and "67" not in cx.entries and "K404" not in [d.code for d in diags]


_NOTICE = (
    "Положение о турнире клуба\n\n"
    "Турнир проводится по Кодексу спортивного бриджа 2017 года. Судья турнира назначается "
    "правлением клуба, а заявки принимаются до пятницы. Призы вручаются трём лучшим парам, "
    "и каждый участник получает грамоту. Расписание сессий объявляется накануне.\n"
)
"""A tournament's notice that names the code it follows and holds no law text."""


def test_an_edition_whose_sources_hold_no_law_text_gets_no_codex():
    """A notice that names the 2017 code makes no empty 2017 codex (K405), and,
    though it is more text than the law page, it does not make the codex's
    default edition: the law text does."""
    law = _tree("a.txt", "Правило 70. Претензия\nРазыгрывающий заявляет.\n")
    notice = _tree("b.txt", _NOTICE, edition="2017")
    assert notice.source.chars > law.source.chars and not notice.nodes
    cx, diags = merge([law, notice])
    assert cx.edition == "1987" and cx.others == {} and "70" in cx.entries
    assert [s.name for s in cx.sources] == ["a.txt", "b.txt"]  # the notice is listed
    (k405,) = [d for d in diags if d.code == "K405"]
    assert "b.txt" in k405.message and "2017" in k405.message and "1987" in k405.message
    assert "K403" not in [d.code for d in diags]
    # the law page of an unknown edition beside the notice: the law text is the codex
    cx, diags = merge(
        [_tree("c.txt", "Правило 70. Претензия\nТекст.\n", edition="unknown"), notice]
    )
    assert cx.edition == "1987" and cx.others == {} and "70" in cx.entries
    (k404,) = [d for d in diags if d.code == "K404"]
    assert "c.txt" in k404.message and "b.txt" not in k404.message
    # a corpus of notices alone is still a codex, an empty one
    cx, diags = merge([notice])
    assert cx.edition == "2017" and not cx.entries and "K405" not in [d.code for d in diags]


def test_the_default_edition_is_the_one_with_the_most_law_text():
    """Only the sources that give the codex a reading or a fragment weigh in the
    choice of the default edition: a long notice beside a short page of its edition,
    or a contents page, does not outweigh the other edition's law pages."""
    law = _tree(
        "a.txt",
        "Правило 70. Претензия\nA.Разыгрывающий заявляет, что возьмёт все взятки.\n"
        "Правило 71. Уступка\nA.Уступка взяток засчитывается.\n",
    )
    short = _tree("b.txt", "Правило 12. Полномочия\nA.Судья решает.\n", edition="2017")
    notice = _tree("c.txt", _NOTICE * 3, edition="2017")
    assert notice.source.chars > law.source.chars > short.source.chars
    cx, diags = merge([law, short, notice])
    assert cx.edition == "1987" and {"70", "71"} <= set(cx.entries)
    assert set(cx.others) == {"2017"} and "12" in cx.others["2017"].entries
    assert "K405" not in [d.code for d in diags]
    toc = "Правило 19. Контра ........ 40\nПравило 20. Пояснение ........ 41\n" * 20
    cx, _ = merge([law, _tree("toc.txt", toc, edition="2017")])
    assert cx.edition == "1987" and "70" in cx.entries
    assert set(cx.others) == {"2017"}  # its contents list what the 2017 codex lacks


def test_unknown_law_pages_join_the_edition_of_the_book_pages_beside_them(monkeypatch):
    """Law pages of an unknown edition beside a contents page of the 1997 book are
    read as the 1997 codex (K404), whose contents then title their laws; beside a
    notice that only names a code they are read as the default edition's. A corpus
    of unknown pages is merged once."""
    import pipeline.merge as merge_mod

    page = _tree("a.txt", "Правило 19\nA.Игрок объявляет контру.\n", edition="unknown")
    toc = "Правило 19. Контра ........ 40\nПравило 20. Пояснение ........ 41\n" * 3
    cx, diags = merge([page, _tree("toc.txt", toc, edition="1997")])
    assert cx.edition == "1997" and cx.others == {} and cx.entries["19"].title == "Контра"
    (k404,) = [d for d in diags if d.code == "K404"]
    assert "(a.txt)" in k404.message and "as the 1997 edition" in k404.message
    cx, diags = merge([page, _tree("b.txt", _NOTICE, edition="1997")])
    assert cx.edition == "1987" and cx.others == {} and "19A" in cx.entries
    assert "K405" in [d.code for d in diags]
    calls = []
    real = merge_mod._merge_one
    monkeypatch.setattr(merge_mod, "_merge_one", lambda *a, **k: calls.append(1) or real(*a, **k))
    other = _tree("c.txt", "Правило 20\nA.Игрок поясняет.\n", edition="unknown")
    cx, _ = merge([page, other])
    assert len(calls) == 1 and {"19A", "20A"} <= set(cx.entries)


def test_an_empty_merge_is_an_empty_codex():
    cx, diags = merge([])
    assert cx.edition == "1987" and not cx.entries and cx.others == {} and diags == []


def test_exports_name_the_codex_edition_not_the_sources_largest():
    from pipeline import editions
    from pipeline.errors import KodeksError

    law = _tree("a.txt", "Правило 70. Претензия\nРазыгрывающий заявляет.\n")
    cx, _ = merge([law, _tree("b.txt", _NOTICE, edition="2017")])
    assert editions.select(cx).id == "1987"
    with pytest.raises(KodeksError, match="edition 2017 is not in the corpus; it has 1987 "):
        editions.select(cx, "2017")


def test_refs_merge_and_link_copy_only_what_they_change(monkeypatch):
    """The per-node and per-entry stages copy a frozen value only to change it:
    ``refs`` keeps a node in whose subtree it finds no reference as it is; ``merge``
    copies no witness (it makes each with its chosen flag, the chosen one first); ``link`` makes one
    copy of each entry (references, footnotes and backlinks at once)."""
    from dataclasses import replace as real_replace

    from pipeline import link as link_mod
    from pipeline import merge as merge_mod
    from pipeline import refs as refs_mod
    from pipeline.model import Entry, Witness, walk

    b = run(ROOT / "corpus", until="segment", pdf=False)
    kept = found = 0
    for tree in b.trees:
        after, _diags = refs_mod.refs(tree)
        before = {id(n) for n, _p in walk(tree.nodes)}
        for node, _p in walk(after.nodes):
            has = any(n.refs or any(f.refs for f in n.footnotes) for n, _q in walk((node,)))
            kept += not has
            found += has
            assert (id(node) in before) == (not has), node.id
    assert kept and found

    copies: dict[type, int] = {}

    def counting(obj, **changes):
        copies[type(obj)] = copies.get(type(obj), 0) + 1
        return real_replace(obj, **changes)

    monkeypatch.setattr(merge_mod, "replace", counting)
    monkeypatch.setattr(link_mod, "replace", counting)
    b = run(ROOT / "corpus", until="refs", pdf=False)
    codex, _d = merge_mod.merge(b.trees)
    entries = len(codex.entries) + sum(len(o.entries) for o in codex.others.values())
    witnesses = sum(len(e.witnesses) for e in codex.entries.values())
    assert witnesses > entries and Witness not in copies
    assert all(
        [w.chosen for w in e.witnesses] == [True] + [False] * (len(e.witnesses) - 1)
        for e in codex.entries.values()
    )
    copies.clear()
    link_mod.link(codex)
    assert copies[Entry] == entries


def test_a_longer_reading_cut_off_that_goes_on_with_other_words_is_not_read():
    """A copy cut off with a site's links after the law's words is longer than a copy
    cut off inside them, but it does not go on with the same text: the fewer repairs
    decide, as for any two readings."""
    head = "Правило 50. Штрафная карта\nA.Определение\n"
    clean_cut = _tree("a.txt", head + "Карта, которую вистующий показал партнёру, если судья не\n")
    junk = _tree(
        "b.txt",
        head + "Карта, которую вистующий показал во время игры, Поделиться ВКонтакте Одноклассники "
        "Читать далее\n",
    )
    cx, _ = merge([clean_cut, junk])
    assert cx.entries["50A"].chosen == "a.txt"
    assert "cut off sooner" not in cx.entries["50A"].why


def test_a_longer_reading_cut_off_that_ends_in_a_sites_links_is_not_read():
    """A copy whose law's words run on into a site's links is longer than a clean copy
    cut off at the same place, and starts as it does: it is still not read."""
    head = "Правило 50. Штрафная карта\nA.Определение\n"
    words = "Карта, которую вистующий показал партнёру не во время игры,"
    clean_cut = _tree("a.txt", head + words + "\n")
    links = _tree(
        "b.txt",
        head + words + " Поделиться ВКонтакте Одноклассники Telegram WhatsApp Читать далее\n",
    )
    cx, _ = merge([clean_cut, links])
    assert cx.entries["50A"].chosen == "a.txt"
