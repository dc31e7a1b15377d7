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

from collections.abc import Callable, Iterable

from . import addresses
from .blocks import Line, Token
from .grammar import (
    CLAUSE,
    DITTO,
    LAW_HEAD,
    LEADER,
    PART_HEAD,
    SECTION,
    SHORT_LEADER,
    SUBCLAUSE,
    is_heading_line,
)
from .model import IndexEntry, Span, TocEntry, Tree

SpanOf = Callable[[int, int], Span]


def _pieces(ln: Line) -> list[tuple[str, str | None]]:
    """A listing line cut at its leaders: (entry text, numbers after its leader).
    The last piece takes the leader the cleaner removed from the line end."""
    parts = LEADER.split(ln.text)
    texts, nums = parts[::2], parts[1::2]
    out = [(t, nums[k] if k < len(nums) else ln.leader) for k, t in enumerate(texts)]
    if out and out[-1][1] is None and (short := SHORT_LEADER.search(out[-1][0])):
        # a leader cut to a dot or two at the line's end (``сыграны..78``)
        out[-1] = (out[-1][0][: short.start()], short[1])
    return [(t.strip(), n) for t, n in out if t.strip() or n]


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
    pending, pending_start = "", 0
    region = tok.lines[0].region if tok.lines else 0
    for ln in tok.lines:
        if not ln.text.strip():
            continue
        if ln.region != region:
            # pages are missing here: the entries after the break name their law anew
            region, reader = ln.region, _Toc()
        pieces = _pieces(ln)
        for k, (text, page) in enumerate(pieces):
            if pending and is_heading_line(text):  # a new entry: the wrapped one had no leader
                out.append(reader.entry(pending, None, span_of(pending_start, ln.start)))
                pending = ""
            start = pending_start if pending else ln.start
            text = f"{pending} {text}".strip() if pending else text
            pending = ""
            if (
                page is None and k == len(pieces) - 1 and tok.rule != "heading_list"
            ):  # the entry goes on over the next line, up to its leader
                pending, pending_start = text, start
                continue
            out.append(reader.entry(text, page, span_of(start, ln.end)))
    if pending:
        out.append(reader.entry(pending, None, span_of(pending_start, tok.end)))
    return out


def index_entries(tok: Token, span_of: SpanOf) -> list[IndexEntry]:
    """The entries of one subject index, in order; a ditto mark takes the head term."""
    out: list[IndexEntry] = []
    head = ""
    for ln in tok.lines:
        for text, nums in _pieces(ln):
            if not DITTO.search(text):
                head = text.split(" - ")[0].strip(" ;,")
                term = text
            else:
                term = " ".join(DITTO.sub(head, text).split())
            if nums:
                targets = tuple(
                    str(int(n)) for n in nums.replace(" ", "").split(",") if n and int(n) > 0
                )
                out.append(IndexEntry(term, targets, span_of(ln.start, ln.end)))
    return out


def index_terms(trees: Iterable[Tree]) -> dict[str, tuple[str, ...]]:
    """Every subject-index term of the sources → the addresses it names, in the order
    first seen (terms compared without case; later sources add their targets). This
    is what search offers for a query that names a term of an index."""
    out: dict[str, list[str]] = {}
    shown: dict[str, str] = {}
    for tree in trees:
        for e in tree.index:
            key = " ".join(e.term.lower().split())
            shown.setdefault(key, e.term)
            targets = out.setdefault(key, [])
            targets += [t for t in e.targets if t not in targets]
    return {shown[k]: tuple(v) for k, v in out.items()}
