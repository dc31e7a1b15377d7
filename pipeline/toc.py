"""Tables of contents and subject indexes: their entries, never nodes.

Input: the ``toc`` and ``index`` tokens of the block rules (``pipeline.blocks``),
each holding the cleaned lines of one listing. Output: ``TocEntry`` and
``IndexEntry`` values with canonical addresses and raw spans.

A table of contents is a witness of structure: its entries name laws, sections
and clauses with their titles (``Правило 53. Ход вне очереди принят......83``).
Entries may be wrapped over two lines (the leader ends the second) or merged
several to a line (each ends with its own leader). An entry's address comes from
the headings before it in the table, as a tree's would. A subject index maps
terms to law numbers; ``=`` repeats the head term
(``Апелляция`` then ``= к главному судье......93``). After a hard page break
(pages missing) the entries lose the law and section before it, as text does.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace

from . import addresses
from .blocks import Line, Token
from .grammar import (
    CLAUSE,
    DITTO,
    LAW_HEAD,
    LEADER,
    PAGE_BEFORE_HEAD,
    PART_HEAD,
    SECTION,
    SEE,
    SEE_ALSO,
    SEE_NEXT,
    SHORT_LEADER,
    SUBCLAUSE,
    is_heading_line,
)
from .model import IndexEntry, Span, TocEntry, Tree

SpanOf = Callable[[int, int], Span]


def _pieces(ln: Line) -> list[tuple[str, str | None, int, int]]:
    """A listing line cut at its leaders: (entry text, numbers after its leader, and
    the cleaned offsets where the entry starts and its leader ends). The last piece
    takes the leader the cleaner removed from the line end."""
    base = ln.end - len(ln.text)  # the line's text is its cleaned line from its first letter
    out: list[tuple[str, str | None, int, int]] = []
    pos = 0
    for m in LEADER.finditer(ln.text):
        out.append((ln.text[pos : m.start()], m[1], pos, m.end()))
        pos = m.end()
    last = ln.text[pos:]
    short = SHORT_LEADER.search(last) if ln.leader is None else None
    if short:
        # a leader cut to a dot or two at the line's end (``сыграны..78``)
        out.append((last[: short.start()], short[1], pos, len(ln.text)))
    else:
        out.append((last, ln.leader, pos, len(ln.text)))
    pieces = []
    for t, n, a, b in out:
        if t.strip() or n:
            a += len(t) - len(t.lstrip())
            pieces.append((t.strip(), n, base + a, base + b))
    return pieces


class _Toc:
    """Gives entries addresses the way the segmenter gives nodes theirs."""

    def __init__(self) -> None:
        self.law: str | None = None
        self.section: str | None = None
        self.clause: str | None = None

    def entry(self, text: str, page: str | None, span: Span) -> TocEntry:
        m = PART_HEAD.match(text)
        if m:
            return TocEntry(
                addresses.division(m[1], m[2]), "part", m[2], text[m.end() :].strip(), page, span
            )
        m = LAW_HEAD.match(text)
        if m:
            self.law, self.section, self.clause = m[1], None, None
            return TocEntry(m[1], "law", m[1], text[m.end() :].strip(), page, span)
        m = SECTION.match(text)
        if m:
            label = addresses.latin(m[1]).upper()
            self.section = addresses.child(self.law, "section", label)
            self.clause = None
            return TocEntry(self.section, "section", label, text[m.end() :].strip(), page, span)
        m = CLAUSE.match(text)
        if m:
            label = str(int(m[1]))
            self.clause = addresses.child(self.section, "clause", label)
            return TocEntry(self.clause, "clause", label, text[m.end() :].strip(), page, span)
        m = SUBCLAUSE.match(text)
        if m:
            label = "(" + addresses.latin(m[1]).upper() + ")"
            return TocEntry(
                addresses.child(self.clause, "subclause", label),
                "subclause",
                label,
                text[m.end() :].strip(),
                page,
                span,
            )
        return TocEntry(None, "other", None, text, page, span)


def toc_entries(tok: Token, span_of: SpanOf) -> list[TocEntry]:
    """The entries of one table of contents, in order."""
    reader, out = _Toc(), []
    pending, pending_start, pending_end = "", 0, 0
    region = tok.lines[0].region if tok.lines else 0
    for ln in tok.lines:
        if not ln.text.strip():
            continue
        if ln.region != region:
            # pages are missing here: the entries after the break name their law anew
            region, reader = ln.region, _Toc()
        pieces = _pieces(ln)
        for k, (text, page, a, b) in enumerate(pieces):
            if pending and is_heading_line(text):  # a new entry: the wrapped one had no leader
                out.append(reader.entry(pending, None, span_of(pending_start, pending_end)))
                pending = ""
            start = pending_start if pending else a
            text = f"{pending} {text}".strip() if pending else text
            pending = ""
            if (
                page is None and k == len(pieces) - 1 and tok.rule != "heading_list"
            ):  # the entry goes on over the next line, up to its leader
                pending, pending_start, pending_end = text, start, b
                continue
            out.append(reader.entry(text, page, span_of(start, b)))
    if pending:
        out.append(reader.entry(pending, None, span_of(pending_start, pending_end)))
    return out


def index_entries(tok: Token, span_of: SpanOf, joins: Sequence[int] = ()) -> list[IndexEntry]:
    """The entries of one subject index, in order; a ditto mark takes the head term.
    ``joins``: the cleaned offsets of the spaces that joined two of the source's lines
    (the cleaner's unwrap): an index is read by its own lines, where a head term
    stands alone above its ditto entries. An entry that sends the reader to other
    terms (``Темп - см. Приличия;``) has no law number: it is kept with no target, so
    its words are not lost.

    Which terms head the ditto entries is the index's own habit. Where some head term
    stands bare (no numbers: ``- 134 Сдача``, a term at a line's end), a group runs from
    a bare head, or a term that sends the reader to others as well as having entries of
    its own (``Торговля - см. также …``), over its ditto entries, and an entry with
    numbers inside it is one of the group's (``Ошибка в восприятии назначения ……19``
    under «Контра»), not a new head; a cross-reference's last item before ditto entries
    is the bare head they repeat (``Модуляция - см. Приличия; Назначение`` |
    ``Достаточность = …``). Elsewhere, and in an index where no term stands bare, a term
    heads the ditto entries under it (``Апелляция ……92`` | ``= к комитету ……93``)."""
    pieces: list[tuple[str, tuple[str, ...], int, int]] = []  # (text, targets, start, end)
    for ln in _source_lines(tok.lines, joins):
        for whole, nums, a, b in _pieces(ln):
            for text, start, end in _see_entries(whole, a, b, nums is not None):
                targets: tuple[str, ...] = ()
                if nums and end == b:
                    targets = tuple(
                        str(int(n)) for n in nums.replace(" ", "").split(",") if n and int(n) > 0
                    )
                pieces.append((text, targets, start, end))
    bare_heads = any(
        not targets and not SEE.search(text) and not DITTO.search(text)
        for text, targets, _a, _b in pieces
    )
    out: list[IndexEntry] = []
    head = ""
    grouped = False  # inside a bare head's group (or a «см. также» term's)
    for k, (text, targets, start, end) in enumerate(pieces):
        see = SEE.search(text)
        if DITTO.search(text):
            if targets or see is not None:
                term = " ".join(DITTO.sub(head, text).split())
                out.append(IndexEntry(term, targets, span_of(start, end)))
            grouped = True
            continue
        if see is not None and bare_heads and k + 1 < len(pieces):
            cut = text.rfind(";", see.end())
            if DITTO.search(pieces[k + 1][0]) and cut >= 0 and text[cut + 1 :].strip():
                # the list's last item is the head of the ditto entries under it
                out.append(IndexEntry(text[: cut + 1], (), span_of(start, start + cut + 1)))
                head, grouped = text[cut + 1 :].strip(" ;,"), True
                continue
        if targets and bare_heads and grouped:
            out.append(IndexEntry(text, targets, span_of(start, end)))
            continue
        head = PAGE_BEFORE_HEAD.sub("", text.split(" - ")[0]).strip(" ;,")
        grouped = not targets and (see is None or SEE_ALSO.search(text, see.start()) is not None)
        if targets or see is not None:
            out.append(IndexEntry(text, targets, span_of(start, end)))
    return out


def _source_lines(lines: Iterable[Line], joins: Sequence[int]) -> Iterable[Line]:
    """``lines`` cut again where the cleaner joined two of the source's lines."""
    k = 0
    for ln in lines:
        base = ln.end - len(ln.text)
        while k < len(joins) and joins[k] < base:
            k += 1
        start = base
        while k < len(joins) and joins[k] < ln.end:
            j = joins[k]
            k += 1
            if j > start:
                yield replace(
                    ln, text=ln.text[start - base : j - base], start=start, end=j, leader=None
                )
            start = j + 1
        yield replace(ln, text=ln.text[start - base :], start=start)


def _see_entries(text: str, a: int, b: int, numbered: bool = False) -> list[tuple[str, int, int]]:
    """A piece of an index line cut before each term that follows a cross-reference
    run into it (``Темп - см. Приличия; Торговля - см. также …``): (text, start,
    end); the last keeps the piece's leader and numbers. A piece with numbers
    (``numbered``) whose last part is a cross-reference's list ends with a term of its
    own, which the numbers are of: a cross-reference has none (``… см. Конвенционная
    игра картой; S.O. ……80``: «S.O.» is cut off). Not so a «см. также» term's, whose
    numbers are its own, or a list in brackets (``Сигналы (см. Конвенции; Приличия)
    ……40``)."""
    cuts = [m.start() for m in SEE_NEXT.finditer(text)]
    last = cuts[-1] if cuts else 0
    see = SEE.search(text, last) if numbered else None
    # a «см. также» term has numbers of its own, and a cross-reference in brackets
    # ends at its bracket: neither runs into another term
    if see is not None and not SEE_ALSO.match(text, see.start()) and ")" not in text[see.end() :]:
        k = text.rfind(";", see.end())
        if k >= 0 and text[k + 1 :].strip():
            cuts.append(k + 1)
    if not cuts:
        return [(text, a, b)]
    bounds = [0, *cuts, len(text)]
    out = []
    for i, j in itertools.pairwise(bounds):
        piece = text[i:j].strip()
        if piece:
            lead = len(text[i:j]) - len(text[i:j].lstrip())
            out.append((piece, a + i + lead, b if j == len(text) else a + i + lead + len(piece)))
    return out


def index_terms(trees: Iterable[Tree]) -> dict[str, tuple[str, ...]]:
    """Every subject-index term of the sources → the addresses it names, in the order
    first seen (terms compared without case; later sources add their targets). This
    is what search offers for a query that names a term of an index."""
    out: dict[str, list[str]] = {}
    shown: dict[str, str] = {}
    for tree in trees:
        for e in tree.index:
            if not e.targets:  # a cross-reference to other terms names no law
                continue
            key = " ".join(e.term.lower().split())
            shown.setdefault(key, e.term)
            targets = out.setdefault(key, [])
            targets += [t for t in e.targets if t not in targets]
    return {shown[k]: tuple(v) for k, v in out.items()}
