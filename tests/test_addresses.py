"""Addresses: division address spaces, and every builder and printer of an address
(compose, display, describe, section_of, laws) in ``pipeline.addresses``."""

from __future__ import annotations

import pytest

from kodeks_testing import JUMP_TARGETS, TYPED, jump_expected
from pipeline import addresses


@pytest.mark.parametrize(
    "word, numeral, address, shown",
    [
        ("Глава", "III", "chapter:III", "Глава III"),
        ("ГЛАВА", "x", "chapter:X", "Глава X"),
        ("Часть", "II", "chapter-part:II", "Часть II"),
        ("Раздел", "I", "part:I", "Раздел I"),
        ("Раздел", "1", "part:1", "Раздел 1"),
    ],
)
def test_division_addresses(word, numeral, address, shown):
    assert addresses.division(word, numeral) == address
    assert addresses.is_canonical(address)
    assert str(addresses.parse(address)) == address
    assert addresses.parse(address).kind == "part"
    assert addresses.display(address) == shown
    assert addresses.lenient(shown) == address
    assert addresses.lenient(address) == address


def test_division_word_that_is_none():
    assert addresses.division("Правило", "I") is None


def test_division_anchors_and_ranks():
    assert [addresses.anchor(a) for a in ("part:I", "chapter:III", "chapter-part:II")] == [
        "part-I",
        "chapter-III",
        "chapter-part-II",
    ]
    assert addresses.division_rank("chapter:V") < addresses.division_rank("chapter-part:II")
    assert addresses.parent("chapter-part:II") is None and addresses.law_of("chapter:III") is None


def test_roman_order_in_sort_key():
    got = sorted(["part:IX", "part:IV", "part:VIII", "64"], key=addresses.sort_key)
    assert got == ["part:IV", "part:VIII", "part:IX", "64"]


@pytest.mark.parametrize(
    "args, kw, expected",
    [
        (("64",), {}, "64"),
        (("64", "А", "1"), {}, "64A1"),  # Cyrillic look-alike
        (("67", "B", "01", "(а)"), {}, "67B1(A)"),  # leading zero, Cyrillic subclause
        (("9", "A", "2", "(B)(1)"), {}, "9A2(B)(1)"),
        (("64", "A", "1", "", "(i)"), {}, "64A1(i)"),
        (("64",), {"para": "10"}, "64.10"),
        (("64",), {"para": "08", "para_items": "(ii)"}, "64.8(ii)"),
        (("64", "AB"), {}, None),  # not one section letter
        (("1000",), {}, None),
    ],
)
def test_compose(args, kw, expected):
    assert addresses.compose(*args, **kw) == expected


@pytest.mark.parametrize(
    "address, shown",
    [
        ("part:I", "Раздел I"),
        ("chapter:III", "Глава III"),
        ("chapter-part:II", "Часть II"),
        ("64A1", "64A1"),
        ("64.10(i)", "64.10(i)"),
    ],
)
def test_display(address, shown):
    assert addresses.display(address) == shown


@pytest.mark.parametrize(
    "address, words",
    [
        ("64A1", "law 64 section A clause 1"),
        ("67B1(A)", "law 67 section B clause 1 subclause (A)"),
        ("64.10(i)", "commentary 64.10 item (i)"),
        ("part:I", "part I"),
        ("nonsense", "nonsense"),
    ],
)
def test_describe(address, words):
    assert addresses.describe(address) == words


@pytest.mark.parametrize(
    "address, section",
    [
        ("64A1(B)", "64A"),
        ("64A", "64A"),
        ("64", None),
        ("64.10", None),
        (None, None),
        ("part:I", None),
    ],
)
def test_section_of(address, section):
    assert addresses.section_of(address) == section


def test_laws_in_numeric_order():
    assert addresses.laws(["64A1", "9", "64.10", "part:I", "13B", "9A"]) == ["9", "13", "64"]


@pytest.mark.parametrize("typed", TYPED)
def test_the_jump_table_finds_what_lenient_parses(typed):
    """``fold`` + ``jump_table`` (what the site looks up) give the page of the
    address ``lenient`` reads in the typed text, and nothing where it reads none."""
    table = addresses.jump_table(JUMP_TARGETS)
    assert table.get(addresses.fold(typed)) == jump_expected(typed)


def test_a_folded_form_two_addresses_share_is_left_out():
    table = addresses.jump_table({"67B1(I)": "a.html", "67B1(i)": "b.html", "64": "c.html"})
    assert (
        addresses.fold("67B1(I)") not in table and table[addresses.fold("правило 64")] == "c.html"
    )


def test_commentary_keyed_by_a_subsection_has_its_own_address():
    a = addresses.parse("12.C1")
    assert a is not None and (a.law, a.para, a.kind) == (12, "C1", "commentary")
    assert addresses.parent("12.C1(ii)") == "12.C1" and addresses.parent("12.C1") == "12"
    assert addresses.commentary_key("12", "С1") == "12.C1"  # Cyrillic С
    assert addresses.from_akn_eid(addresses.akn_eid("12.C1") or "") == "12.C1"
    # never the law clause 12C1, and after the numbered paragraphs of its law
    assert addresses.parse("12C1").kind == "clause"
    assert sorted(["12.C1", "12.10", "12.2"], key=addresses.sort_key) == ["12.2", "12.10", "12.C1"]


def test_merged_commentary_paragraphs_name_every_key():
    assert addresses.commentary_key("12", "4", ["5"]) == "12.4,5"
    assert addresses.merged_keys("12.4,5") == ("12.4", "12.5")
    assert addresses.merged_keys("74.2,3,4") == ("74.2", "74.3", "74.4")
    assert addresses.merged_keys("12.4") == ("12.4",)


def test_merged_aliases_name_the_node_holding_each_further_key():
    pairs = [("12.3", "12.3"), ("12.4", "12.4,5"), ("40.2", "40.2,3,4"), ("40.4", "40.4")]
    # 40.4 printed apart by a source is that node's own address
    assert addresses.merged_aliases(pairs) == {"12.5": "12.4", "40.3": "40.2"}


def test_no_address_holds_a_cyrillic_letter():
    """A unit's letter with a Latin look-alike is read as it (``В`` → ``B``); one with
    none by its place in the Russian alphabet (``Б`` → ``B``, ``Г`` → ``D``)."""
    assert addresses.child("13", "section", "Б") == "13B"
    assert addresses.child("19", "section", "Г") == "19D"
    assert addresses.child("64", "section", "В") == "64B"
    assert addresses.child("67B1", "subclause", "(Д)") == "67B1(E)"
    assert addresses.marker_letter("А") == "A"


@pytest.mark.parametrize(
    "target,written,meant",
    [
        ("13B", "правило 13В", "13C"),  # В is the third letter of the Russian order
        ("64B2", "правилу 64В2", "64C2"),
        ("64E", "правила 64Е", "64F"),
        ("13B", "пункт В", "13C"),  # a section named alone after the noun
        ("13B", "правило 13Б", "13B"),  # Б is B either way
        ("13B", "правило 13B", "13B"),  # a Latin letter is the Latin letter
        ("64.10", "п. 64.10", "64.10"),  # a commentary paragraph has no section
        ("13", "правило 13", "13"),
    ],
)
def test_a_reference_of_a_page_lettered_in_the_russian_order(target, written, meant):
    assert addresses.by_place(target, written) == meant
