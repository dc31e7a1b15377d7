"""The cleaner's shortcuts give what the plain passes give: a pattern tried only
on the lines that hold its needle finds what a scan of the whole text finds, a
pattern rewritten not to backtrack matches what the plain one matched, on
generated text built from the characters the patterns care about."""

from __future__ import annotations

import regex
from hypothesis import given, settings
from hypothesis import strategies as st

from pipeline import clean as C

_PIECES = [
    " ", "  ", "\t", "\n", "\n\n", "¶", "..page", "page", ".", "....", "........", "5", "62",
    ",", "|", "| |", "-----", "=====", "~~~~~", "њњњњњ", "---", "слово", "Правило", "x",
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
def test_patterns_tried_on_needle_lines_find_what_a_whole_scan_finds(text):
    rule_needles = [ch * 5 for ch in C._RULE_CHARS + C._MISDECODED_RULE_CHARS]
    for pattern, needles in (
        (C._INLINE_MARK, C._INLINE_MARK_NEEDLES),
        (C._TABLE_BAR, "|"),
        (C._INLINE_RULE, rule_needles),
    ):
        assert _spans(C._finditer_lines(pattern, text, needles)) == _spans(
            pattern.finditer(text)
        ), pattern.pattern


def test_needle_lines_start_at_the_first_needle_and_the_blanks_before_it():
    text = "слово\nab  ¶ c ¶\n\t¶\nx"
    assert C._needle_lines(text, ["¶"]) == [(8, 15), (16, 18)]
