"""Styled lines for ``kodeks show`` and ``kodeks search``, written without ``rich``.

A lookup prints lines with bold, dim or coloured stretches and one plain table.
``rich`` renders them, but importing it and rendering through it took a third of
a lookup's start-up. ``Console`` here writes the very bytes ``rich`` writes for
these lines: words wrapped at the width ``rich`` finds (the terminal's,
``COLUMNS``, else 80), ANSI styles only on a terminal, the table's columns as wide
as their widest cell. What it does not know to write exactly (a character of
another width, a table wider than the console, text ``rich`` would read as
markup, an environment that changes ``rich``'s choices) it hands to ``rich``,
item by item, so the output is the same either way.
"""

from __future__ import annotations

import functools
import os
import re
import sys
from itertools import pairwise
from typing import Any, TextIO

_ATTRIBUTES = {"bold": "1", "dim": "2", "italic": "3", "underline": "4", "strike": "9"}
"""Style words ``rich`` writes as these SGR attribute codes, in ``rich``'s order."""
_COLOURS = {"red": "31", "green": "32", "yellow": "33", "blue": "34", "magenta": "35", "cyan": "36"}
"""Standard colours: the same SGR code in every colour system ``rich`` detects."""

_ENVIRONMENT = (
    "FORCE_COLOR",
    "TTY_COMPATIBLE",
    "TTY_INTERACTIVE",
    "JUPYTER_COLUMNS",
    "JUPYTER_LINES",
    "DATABRICKS_RUNTIME_VERSION",
)
"""Variables with which ``rich`` decides otherwise than plain detection: ``rich`` then prints."""

_NARROW = frozenset(
    chr(c)
    for start, end in (
        # one cell each, as ``rich.cells`` counts them without its table
        (0x20, 0x7E),
        (0xA0, 0xAC),
        (0xAE, 0x2FF),
        (0x370, 0x482),
        # dashes, quotes, ellipsis, per mille, №, arrows: one cell each in ``rich``'s
        # table too (tests/test_styled.py checks every one)
        (0x2010, 0x2027),
        (0x2030, 0x205E),
        (0x2116, 0x2116),
        (0x2190, 0x21FF),
    )
    for c in range(start, end + 1)
)
"""Characters one cell wide and a grapheme each: lines of only these wrap by length."""

_WORD = re.compile(r"\s*\S+\s*")
_TRAILING = re.compile(r"\s+$")


class Unsupported(Exception):
    """What ``Console`` does not write exactly as ``rich`` does: ``rich`` writes it."""


Span = tuple[int, int, str]


class Text:
    """A line (or lines) with styled stretches: ``rich.text.Text``'s subset that
    the lookups use, with the same meaning."""

    __slots__ = ("plain", "spans", "style")

    def __init__(self, text: str = "", style: str = ""):
        self.plain = text
        self.style = style
        self.spans: list[Span] = []

    def append(self, text: str | Text, style: str = "") -> Text:
        offset = len(self.plain)
        if isinstance(text, Text):
            if text.plain:
                if text.style:
                    self.spans.append((offset, offset + len(text.plain), text.style))
                self.spans.extend((a + offset, b + offset, s) for a, b, s in text.spans)
                self.plain += text.plain
        elif text:
            if style:
                self.spans.append((offset, offset + len(text), style))
            self.plain += text
        return self

    def stylize(self, style: str, start: int, end: int) -> None:
        length = len(self.plain)
        if style and start < length and end > start:
            self.spans.append((start, min(length, end), style))

    def __add__(self, other: str | Text) -> Text:
        result = Text(self.plain, self.style)
        result.spans = list(self.spans)
        return result.append(other)

    def to_rich(self) -> Any:
        from rich.text import Text as RichText

        t = RichText(self.plain, style=self.style)
        for a, b, s in self.spans:
            t.stylize(s, a, b)
        return t


class Table:
    """A table without borders or edge padding (``rich.table.Table(box=None,
    pad_edge=False)``), one row per item, cells of plain text."""

    def __init__(self, *columns: str, header_style: str = ""):
        self.columns = columns
        self.header_style = header_style
        self.rows: list[tuple[str, ...]] = []

    def add_row(self, *cells: str) -> None:
        self.rows.append(cells)

    def to_rich(self) -> Any:
        from rich.table import Table as RichTable

        table = RichTable(
            show_header=True, header_style=self.header_style or None, box=None, pad_edge=False
        )
        for c in self.columns:
            table.add_column(c)
        for row in self.rows:
            table.add_row(*row)
        return table


def _narrow(text: str) -> None:
    if not _NARROW.issuperset(text):
        raise Unsupported(text)


def _codes(style: str) -> tuple[frozenset[str], str | None]:
    """The attributes and the colour of a style string such as ``bold cyan``."""
    attrs, colour = set(), None
    for word in style.split():
        if word in _ATTRIBUTES:
            attrs.add(word)
        elif word in _COLOURS:
            colour = word
        else:
            raise Unsupported(style)
    return frozenset(attrs), colour


def _divide(line: str, width: int) -> list[int]:
    """Where ``rich`` breaks ``line`` (one cell a character) to fit ``width``."""
    breaks: list[int] = []
    offset = 0
    for m in _WORD.finditer(line):
        start, word = m.start(), m.group()
        length = len(word.rstrip())
        if width - offset >= length:
            offset += len(word)
        elif length > width:
            pieces = [word[i : i + width] for i in range(0, len(word), width)]
            for n, piece in enumerate(pieces):
                if start:
                    breaks.append(start)
                if n == len(pieces) - 1:
                    offset = len(piece)
                else:
                    start += len(piece)
        elif offset and start:
            breaks.append(start)
            offset = len(word)
    return breaks


def _wrap(text: Text, width: int) -> tuple[str, list[Span]]:
    """The wrapped text (lines joined by ``\\n``) and its spans, as ``rich`` wraps
    a printed ``Text``: the text's own style spans each of its lines."""
    spans = ([(0, len(text.plain), text.style)] if text.style and text.plain else []) + [
        s for s in text.spans
    ]
    out: list[str] = []
    out_spans: list[Span] = []
    pos = 0  # offset of the current source line in text.plain
    at = 0  # offset in the output
    for n, source in enumerate(text.plain.split("\n")):
        if n:
            out.append("\n")
            at += 1
        cuts = [0, *_divide(source, width), len(source)]
        for k, (a, b) in enumerate(pairwise(cuts)):
            if k:
                out.append("\n")
                at += 1
            piece = source[a:b]
            if len(piece) > width:  # rstrip_end: trailing spaces beyond the width go
                m = _TRAILING.search(piece)
                if m:
                    piece = piece[: len(piece) - min(len(m.group()), len(piece) - width)]
            piece = piece[:width]
            lo, hi = pos + a, pos + a + len(piece)
            for s0, s1, style in spans:
                a0, b0 = max(s0, lo), min(s1, hi)
                if b0 > a0:
                    out_spans.append((a0 - lo + at, b0 - lo + at, style))
            out.append(piece)
            at += len(piece)
        pos += len(source) + 1
    return "".join(out), out_spans


def _ansi(text: str, spans: list[Span], no_colour: bool) -> str:
    """``text`` with ``rich``'s SGR codes: one run per stretch between span edges."""
    if not spans:
        return text
    edges = sorted({0, len(text), *(a for a, _b, _s in spans), *(b for _a, b, _s in spans)})
    parsed = [(a, b, *_codes(s)) for a, b, s in spans]
    out = []
    for a, b in pairwise(edges):
        attrs: set[str] = set()
        colour = None
        for s0, s1, at, col in parsed:
            if s0 <= a and s1 >= b:
                attrs |= at
                colour = col or colour
        codes = [_ATTRIBUTES[w] for w in _ATTRIBUTES if w in attrs]
        if colour and not no_colour:
            codes.append(_COLOURS[colour])
        piece = text[a:b]
        out.append(f"\x1b[{';'.join(codes)}m{piece}\x1b[0m" if codes else piece)
    return "".join(out)


def rich_console(**options: Any) -> Any:
    """``rich.console.Console(**options)``, except that a reader who stops reading (``kodeks
    coverage | head``) raises ``BrokenPipeError`` for the command line to end quietly with 0
    (``cli``), where ``rich`` itself would exit with 1."""
    return _rich_console_class()(**options)


@functools.cache
def _rich_console_class() -> type:
    from rich.console import Console as RichConsole

    class PipeConsole(RichConsole):
        def on_broken_pipe(self) -> None:
            raise BrokenPipeError

    return PipeConsole


class Console:
    """Prints ``Text``, ``Table`` and plain strings as ``rich.console.Console(file,
    highlight=False, soft_wrap=False)`` does."""

    def __init__(self, file: TextIO | None = None):
        self.file = file if file is not None else sys.stdout
        self._rich: Any = None
        self.terminal = False
        self.width = 0
        self.no_colour = False
        try:
            self._detect()
            self.fast = True
        except Unsupported:
            self.fast = False

    def _detect(self) -> None:
        env = os.environ
        if sys.platform == "win32" or any(k in env for k in _ENVIRONMENT):
            raise Unsupported("environment")
        try:
            self.terminal = bool(self.file.isatty())
        except (AttributeError, ValueError):
            self.terminal = False
        term = env.get("TERM", "")
        if self.terminal and (
            term.lower() in ("dumb", "unknown") or term.strip().lower() in ("dumb", "unknown")
        ):
            raise Unsupported("dumb terminal")
        self.no_colour = env.get("NO_COLOR", "") != ""
        width = None
        for fd in (0, 1, 2):  # as rich: the first standard stream that is a terminal
            try:
                width = os.get_terminal_size(fd)[0]
            except (AttributeError, ValueError, OSError):
                continue
            break
        columns = env.get("COLUMNS")
        if columns is not None and columns.isdigit():
            width = int(columns)
        self.width = width or 80
        if self.width < 20:
            raise Unsupported("narrow console")

    def print(self, item: str | Text | Table = "") -> None:
        if self.fast:
            try:
                if isinstance(item, str) and ("[" in item or ":" in item):
                    raise Unsupported("markup")  # rich reads a str as markup and emoji codes
                rendered = self._render(Text(item) if isinstance(item, str) else item)
            except Unsupported:
                pass
            else:
                self.file.write(rendered)
                return
        self._print_rich(item)

    def _print_rich(self, item: str | Text | Table) -> None:
        if self._rich is None:
            self._rich = rich_console(file=self.file, highlight=False, soft_wrap=False)
        self._rich.print(item if isinstance(item, str) else item.to_rich())

    def _render(self, item: Text | Table) -> str:
        if isinstance(item, Table):
            return self._table(item)
        _narrow(item.plain.replace("\n", ""))
        text, spans = _wrap(item, self.width)
        if self.terminal:
            return _ansi(text, spans, self.no_colour) + "\n"
        for _a, _b, s in spans:
            _codes(s)  # a style rich does not read the way this module does: rich prints
        return text + "\n"

    def _table(self, table: Table) -> str:
        rows = [table.columns, *table.rows]
        n = len(table.columns)
        for row in rows:
            if len(row) != n:
                raise Unsupported("ragged table")
            for cell in row:
                if "[" in cell or ":" in cell or "\n" in cell:
                    raise Unsupported("markup")  # rich reads cells as markup and emoji codes
                _narrow(cell)
        pads = [(0 if i == 0 else 1, 0 if i == n - 1 else 1) for i in range(n)]
        # rich: a column is as wide as its widest cell and its padding, at least 1
        outer = [max(max(len(row[i]) for row in rows) + sum(pads[i]), 1) for i in range(n)]
        if sum(outer) > self.width:
            raise Unsupported("wide table")
        widths = [w - sum(pad) for w, pad in zip(outer, pads, strict=True)]
        header = _codes(table.header_style) if table.header_style else None
        lines = []
        for k, row in enumerate(rows):
            parts = []
            for i, cell in enumerate(row):
                left, right = pads[i]
                pieces = [" " * left, cell.ljust(widths[i]), " " * right]
                if k == 0 and header is not None and self.terminal:
                    pieces = [
                        _ansi(p, [(0, len(p), table.header_style)], self.no_colour)
                        for p in pieces
                        if p
                    ]
                parts.append("".join(pieces))
            lines.append("".join(parts))
        return "\n".join(lines) + "\n"
