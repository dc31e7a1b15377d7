"""Addresses of divisions: three levels, each its own address space."""

from __future__ import annotations

import pytest

from pipeline import addresses


@pytest.mark.parametrize("word, numeral, address, shown", [
    ("Глава", "III", "chapter:III", "Глава III"),
    ("ГЛАВА", "x", "chapter:X", "Глава X"),
    ("Часть", "II", "chapter-part:II", "Часть II"),
    ("Раздел", "I", "part:I", "Раздел I"),
    ("Раздел", "1", "part:1", "Раздел 1"),
])
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
        "part-I", "chapter-III", "chapter-part-II"]
    assert addresses.division_rank("chapter:V") < addresses.division_rank("chapter-part:II")
    assert addresses.parent("chapter-part:II") is None and addresses.law_of("chapter:III") is None


def test_roman_order_in_sort_key():
    got = sorted(["part:IX", "part:IV", "part:VIII", "64"], key=addresses.sort_key)
    assert got == ["part:IV", "part:VIII", "part:IX", "64"]
