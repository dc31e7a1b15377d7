"""Block rules of the segmenter: one named function per kind of line, tried in order.

Every rule has one signature, ``rule(state, start, end, silent) -> bool``
(markdown-it-py's block rules are the model). It looks at ``state.lines[start]``
and may look further, up to ``end`` (exclusive). When the lines there are of its
kind it returns True and, unless ``silent``, pushes the tokens they make and moves
``state.line`` past every line it consumed. ``RULES`` lists the rules in the order
they are tried; ``paragraph`` comes last and always matches, so every non-empty
line ends up in exactly one token.

Guarantees after ``tokenize``: ``state.tokens`` is in document order, each token
carries the cleaned offsets, page and hard-break region of its first line, and
the name of the rule that made it. Rules never edit text (the cleaner does that)
and never build the tree (``segment`` does that from the tokens).

A new layout or numbering is one new rule here, one row in ``RULES`` and one
fixture table in ``tests/test_blocks.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import regex

from . import addresses
from .grammar import CLAUSE, COMMENTARY, FOOTNOTE, ITEM, LAW_HEAD, PART_HEAD, SECTION, SUBCLAUSE


@dataclass(slots=True)
class Line:
    """One line of the cleaned text."""

    text: str
    """The line without its newline."""
    start: int
    """Cleaned offset of its first character."""
    end: int
    """Cleaned offset one past its last character."""
    page: int
    """Index of its page (soft and hard page breaks both count)."""
    region: int
    """Index of its hard-break region (text is missing between regions)."""


@dataclass(slots=True)
class Token:
    """A structural unit's opening line (or a paragraph) as a rule read it."""

    kind: str
    """``part``, ``law``, ``commentary``, ``section``, ``clause``, ``subclause``,
    ``item``, ``footnote`` or ``para``."""
    label: str | None
    """The marker, normalised (``A``, ``1``, ``(A)``, ``64.10``, ``(i)``, ``(*)``)."""
    rest: str
    """The text of the line after the marker."""
    start: int
    """Cleaned offset where the token's lines start."""
    end: int
    """Cleaned offset where they end."""
    page: int
    """Page index of the first line."""
    region: int
    """Hard-break region of the first line."""
    rule: str
    """Name of the rule that made it."""
    id: str | None = None
    """The address, when the line alone gives it (a division: ``chapter:III``)."""


@dataclass(slots=True)
class BlockState:
    """What the rules read and write: the lines, the cursor, the tokens so far."""

    lines: list[Line]
    """Every line of the cleaned text, empty ones included."""
    source_kind: str
    """``laws`` or ``commentary``: some numberings mean something only in one."""
    line: int = 0
    """Index of the next line to read."""
    tokens: list[Token] = field(default_factory=list)
    """Tokens pushed so far, in document order."""
    rule: str = ""
    """Name of the rule being tried (stamped on the tokens it pushes)."""

    def push(self, kind: str, label: str | None, rest: str, first: int, last: int | None = None) -> Token:
        """Add a token for lines ``first``..``last`` (inclusive) and move past them."""
        a = self.lines[first]
        b = self.lines[first if last is None else last]
        tok = Token(kind, label, rest, a.start, b.end, a.page, a.region, self.rule)
        self.tokens.append(tok)
        self.line = (first if last is None else last) + 1
        return tok


Rule = Callable[[BlockState, int, int, bool], bool]


def _marker(state: BlockState, start: int, silent: bool, pattern: regex.Pattern, kind: str,
            label: Callable[[regex.Match], str]) -> bool:
    """The common shape of a one-line rule: a marker at the start of the line."""
    text = state.lines[start].text
    m = pattern.match(text)
    if m is None:
        return False
    if not silent:
        state.push(kind, label(m), text[m.end():], start)
    return True


def blank(state: BlockState, start: int, end: int, silent: bool) -> bool:
    """An empty line (a rule, a strip or a page number stood there): no token."""
    if state.lines[start].text.strip():
        return False
    if not silent:
        state.line = start + 1
    return True


def part(state: BlockState, start: int, end: int, silent: bool) -> bool:
    """A division heading: ``Раздел I - …`` (``part:I``), ``Глава VIII - …``
    (``chapter:VIII``), ``Часть II - …`` (``chapter-part:II``)."""
    text = state.lines[start].text
    m = PART_HEAD.match(text)
    if m is None:
        return False
    if not silent:
        state.push("part", m[2], text[m.end():], start).id = addresses.division(m[1], m[2])
    return True


def law(state: BlockState, start: int, end: int, silent: bool) -> bool:
    """A law heading: ``Правило 64. …``, ``ПРАВИЛО 65. …``, ``Правило 24.Показ…``."""
    return _marker(state, start, silent, LAW_HEAD, "law", lambda m: m[1])


def footnote(state: BlockState, start: int, end: int, silent: bool) -> bool:
    """A footnote body: ``(*) - …``."""
    return _marker(state, start, silent, FOOTNOTE, "footnote", lambda m: "(" + m[1] + ")")


def commentary(state: BlockState, start: int, end: int, silent: bool) -> bool:
    """A commentary paragraph: ``64.10. …``, ``74.2,3. …`` (labelled by its first number)."""
    return _marker(state, start, silent, COMMENTARY, "commentary", lambda m: f"{int(m[1])}.{int(m[2])}")


def subclause(state: BlockState, start: int, end: int, silent: bool) -> bool:
    """A subclause: ``(A).…``, ``(1).…``; Cyrillic look-alike letters read as Latin."""
    return _marker(state, start, silent, SUBCLAUSE, "subclause",
                   lambda m: "(" + addresses.latin(m[1]).upper() + ")")


def item(state: BlockState, start: int, end: int, silent: bool) -> bool:
    """A commentary item: ``(i) …``, ``(iii) …``."""
    return _marker(state, start, silent, ITEM, "item", lambda m: "(" + m[1] + ")")


def section(state: BlockState, start: int, end: int, silent: bool) -> bool:
    """A section: ``A.Наказание…``, Latin or Cyrillic look-alike letter."""
    return _marker(state, start, silent, SECTION, "section", lambda m: addresses.latin(m[1]).upper())


def clause(state: BlockState, start: int, end: int, silent: bool) -> bool:
    """A clause: ``1.Нарушитель…``."""
    return _marker(state, start, silent, CLAUSE, "clause", lambda m: str(int(m[1])))


def paragraph(state: BlockState, start: int, end: int, silent: bool) -> bool:
    """Any other line: body text of the unit before it."""
    if not silent:
        state.push("para", None, state.lines[start].text, start)
    return True


RULES: tuple[tuple[str, Rule], ...] = (
    ("blank", blank),
    ("part", part),
    ("law", law),
    ("footnote", footnote),
    ("commentary", commentary),
    ("subclause", subclause),
    ("item", item),
    ("section", section),
    ("clause", clause),
    ("paragraph", paragraph),
)
"""The block rules, in the order they are tried on each line."""


def tokenize(state: BlockState) -> list[Token]:
    """Run the rules over every line; return the tokens."""
    end = len(state.lines)
    while state.line < end:
        start = state.line
        for name, rule in RULES:
            state.rule = name
            if rule(state, start, end, False):
                break
        if state.line <= start:  # a rule that matched must consume: never loop
            raise RuntimeError(f"block rule {state.rule!r} matched line {start} without consuming it")
    return state.tokens
