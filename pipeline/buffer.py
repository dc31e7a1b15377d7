"""An edit buffer that keeps the raw text beside the cleaned text.

The cleaned text is a list of pieces. A *kept* piece is a stretch of the raw
text, unchanged; an *edit* piece records a repair: the raw span it replaced and
the text that stands there now. Repairs are applied in bulk, one pass at a
time, with positions in the *current* cleaned text; the buffer maps them back
to raw offsets. When a new repair touches an earlier one, the two merge into a
single edit, so edits never overlap.

Guarantees (checked by the property tests):

- ``raw == unapply(text, edits)``: the edit log rebuilds the raw text exactly;
- every cleaned offset maps to a raw offset (``to_raw``);
- applying a pass costs O(pieces + changes): no quadratic blow-up on big files.

An edit's kind is a tuple of repair names (``("dehyphenate", "unwrap")`` when a
later repair rewrote an earlier one's text), in the order they first touched it,
never a joined string; ``model.Edit.label`` is the one place that joins them for
the edit log (see ``model.Edit``).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from itertools import accumulate
from typing import NamedTuple

Kinds = tuple[str, ...]
"""Names of the repairs that made one edit, first repair first."""


class Change(NamedTuple):
    """One repair proposed by a pass, in current cleaned-text coordinates."""

    start: int
    end: int
    new: str
    kind: str
    """The name of the repair that proposes it."""
    why: str = ""
    pages: tuple[tuple[int, int], ...] = ()
    """Page numbers this change removes: (offset of the page-number line in the
    current text, the number). The cleaner turns them into the page breaks the
    segmenter reads."""


class _Widened(NamedTuple):
    """A change after ``Buffer._widen``: it covers whole earlier edits, and
    carries the names of every change merged into it."""

    start: int
    end: int
    new: str
    kinds: Kinds
    why: str


def _union(groups: Iterable[Kinds]) -> Kinds:
    """The repair names of ``groups`` in order of first appearance, each once."""
    return tuple(dict.fromkeys(k for group in groups for k in group))


@dataclass(slots=True)
class _Piece:
    raw_start: int
    raw_end: int
    text: str
    kind: Kinds | None = None  # None: kept raw text
    why: str = ""


def _rest(piece: _Piece, off: int) -> _Piece:
    """A kept piece without its first ``off`` characters (already written out)."""
    if not off:
        return piece
    return _Piece(piece.raw_start + off, piece.raw_end, piece.text[off:])


class Buffer:
    """Raw text plus the repairs made to it so far."""

    def __init__(self, raw: str):
        self.raw = raw
        self._pieces = [_Piece(0, len(raw), raw)] if raw else []
        self.text = raw
        self._bounds: list[int] | None = None

    # -- applying ------------------------------------------------------------

    def apply(self, changes: Iterable[Change]) -> int:
        """Apply non-overlapping changes, in any order; returns how many were made."""
        widened = self._widen(list(changes))
        if not widened:
            return 0
        pieces = self._pieces
        out: list[_Piece] = []
        idx, pos = 0, 0  # pieces[idx] starts at cleaned offset pos
        n = len(pieces)
        cur: _Piece | None = pieces[0] if pieces else None
        # characters of the kept piece ``cur`` already copied out: its rest is cut
        # only once it is written, so a big kept piece cut by many changes is not
        # copied again after each one (that made one big file quadratic)
        off = 0
        bounds = self._clean_bounds()
        starts, ends = bounds[:-1], bounds[1:]
        last_end = -1
        for ch in widened:
            a, b = ch.start, ch.end
            if a < last_end or b < a:
                raise ValueError(f"changes overlap or are unsorted at {a}:{b}")
            last_end = b
            # 1. copy whole pieces that end at or before a (untouched runs in one slice)
            jump = bisect_right(ends, a)
            if cur is not None and jump > idx + 1:
                out.append(_rest(cur, off))
                off = 0
                out.extend(pieces[idx + 1 : jump])
                idx = jump
                pos = starts[idx] if idx < n else ends[-1]
                cur = pieces[idx] if idx < n else None
            while cur is not None and pos + len(cur.text) - off <= a:
                out.append(_rest(cur, off))
                pos += len(cur.text) - off
                off = 0
                idx += 1
                cur = pieces[idx] if idx < n else None
            prefix, suffix = "", ""
            kinds: list[Kinds] = []
            whys: list[str] = []
            # 2. the piece that straddles a
            if cur is None:
                raw_start = len(self.raw)
            elif pos < a:
                cut = a - pos
                if cur.kind is None:
                    start = cur.raw_start + off
                    out.append(_Piece(start, start + cut, cur.text[off : off + cut]))
                    off += cut
                    pos = a
                    raw_start = start + cut
                else:  # inside an earlier edit: absorb it whole
                    prefix = cur.text[:cut]
                    raw_start = cur.raw_start
                    kinds.append(cur.kind)
                    whys.append(cur.why)
                    cur = _Piece(cur.raw_start, cur.raw_end, cur.text[cut:], cur.kind, cur.why)
                    pos = a
            else:
                raw_start = cur.raw_start + off
            raw_end = raw_start
            # 3. pieces that lie inside [a, b)
            while (
                cur is not None
                and pos + len(cur.text) - off <= b
                and (len(cur.text) > off or pos < b)
            ):
                raw_end = cur.raw_end
                if cur.kind is not None:
                    kinds.append(cur.kind)
                    whys.append(cur.why)
                pos += len(cur.text) - off
                off = 0
                idx += 1
                cur = pieces[idx] if idx < n else None
            # 4. the piece that straddles b
            if cur is not None and pos < b:
                cut = b - pos
                if cur.kind is None:
                    raw_end = cur.raw_start + off + cut
                    off += cut
                    pos = b
                else:
                    suffix = cur.text[cut:]
                    raw_end = cur.raw_end
                    kinds.append(cur.kind)
                    whys.append(cur.why)
                    pos += len(cur.text)
                    idx += 1
                    cur = pieces[idx] if idx < n else None
            new_text = prefix + ch.new + suffix
            if kinds:
                kind = _union([ch.kinds, *kinds])
                why = "; ".join(w for w in dict.fromkeys([ch.why, *whys]) if w)
            else:  # touches no earlier edit: its names are already one each (``_widen``)
                kind, why = ch.kinds, ch.why
            if self.raw[raw_start:raw_end] == new_text:
                if new_text:
                    out.append(_Piece(raw_start, raw_end, new_text))
            else:
                out.append(_Piece(raw_start, raw_end, new_text, kind, why))
        if cur is not None:
            out.append(_rest(cur, off))
            out.extend(pieces[idx + 1 :])
        self._pieces = out
        # a widened change covers whole earlier edits (``_widen``), so the pieces
        # it made hold its text alone: the new text is the old one with each
        # change's span replaced, made without visiting the pieces between changes
        text, parts, at = self.text, [], 0
        for ch in widened:
            parts.append(text[at : ch.start])
            parts.append(ch.new)
            at = ch.end
        parts.append(text[at:])
        self.text = "".join(parts)
        self._bounds = None
        return len(widened)

    def _widen(self, changes: list[Change]) -> list[_Widened]:
        """Widen each change to whole earlier edits it cuts into, then merge the
        changes that now overlap, so that no edit is ever split."""
        if not changes:
            return []
        # in order of position: a repair may find its changes in two passes (a marker
        # run into a sentence, then a subclause glued to a word before it), and one
        # out of order would be merged with a change far from it, duplicating the text
        # between them
        changes.sort(key=lambda c: (c.start, c.end))
        text, bounds, pieces = self.text, self._clean_bounds(), self._pieces
        np = len(pieces)
        out: list[_Widened] = []
        firsts: list[Change] = []  # the change each of ``out`` was made from
        merged: dict[int, list[Change]] = {}  # index in ``out`` → the changes merged there
        for ch in changes:
            a = start = ch.start
            b = ch.end
            # an earlier edit ``a`` (or ``b``) falls strictly inside: only the last
            # piece that starts at or before it can hold it (the pieces tile the
            # text; an empty one there holds nothing)
            i = bisect_right(bounds, a, 0, np) - 1
            if i >= 0 and bounds[i] < a < bounds[i + 1] and pieces[i].kind is not None:
                a = bounds[i]
            if b > start:
                i = bisect_right(bounds, b, 0, np) - 1
                if i >= 0 and bounds[i] < b < bounds[i + 1] and pieces[i].kind is not None:
                    b = bounds[i + 1]
            if out and a < out[-1].end:
                k = len(out) - 1
                last = out.pop()
                members = merged.pop(k, None) or [firsts[k]]
                members.append(ch)
                merged[k] = members
                out.append(_Widened(last.start, max(last.end, b), "", (), ""))
            else:
                out.append(_Widened(a, b, ch.new, (ch.kind,), ch.why))
                firsts.append(ch)
                if (a, b) != (start, ch.end):
                    merged[len(out) - 1] = [ch]
        for k, members in merged.items():
            a, b = out[k].start, out[k].end
            parts, pos = [], a
            for m in members:
                parts.append(text[pos : m.start])
                parts.append(m.new)
                pos = m.end
            parts.append(text[pos:b])
            kinds = _union([(m.kind,) for m in members])
            why = "; ".join(dict.fromkeys(m.why for m in members if m.why))
            out[k] = _Widened(a, b, "".join(parts), kinds, why)
        return out

    # -- reading -------------------------------------------------------------

    def _clean_bounds(self) -> list[int]:
        """The cleaned offset where each piece starts, and the text's length last."""
        if self._bounds is None:
            self._bounds = list(accumulate([len(p.text) for p in self._pieces], initial=0))
        return self._bounds

    def _clean_starts(self) -> list[int]:
        return self._clean_bounds()[:-1]

    def to_raw(self, offset: int) -> int:
        """Raw offset of a cleaned offset (inside an edit: the edit's raw start,
        or its raw end for the edit's last character + 1)."""
        starts = self._clean_bounds()  # one past the last piece: the text's length
        n = len(self._pieces)
        if not n:
            return 0
        i = bisect_right(starts, offset, 0, n) - 1
        # prefer a non-empty piece that contains the offset
        while i > 0 and len(self._pieces[i].text) == 0 and starts[i] == offset:
            i -= 1
        i = max(i, 0)
        p = self._pieces[i]
        rel = offset - starts[i]
        if p.kind is None:
            return p.raw_start + min(rel, len(p.text))
        return p.raw_end if rel >= len(p.text) and rel > 0 else p.raw_start

    def edits(self) -> list[tuple[int, int, str, Kinds, int, str]]:
        """Every edit as ``(raw_start, raw_end, after, kind, clean_start, why)``."""
        out = []
        for start, p in zip(self._clean_starts(), self._pieces):
            if p.kind is not None:
                out.append((p.raw_start, p.raw_end, p.text, p.kind, start, p.why))
        return out

    def marks(self, kind: str, before: Callable[[str], bool] | None = None) -> list[int]:
        """Cleaned offsets of the edits that repair ``kind`` made (one of their kinds),
        those whose raw text satisfies ``before`` when it is given (the raw text is
        cut only then: a big source has edits by the hundred thousand)."""
        raw = self.raw
        return [
            start
            for start, p in zip(self._clean_bounds(), self._pieces)
            if p.kind is not None
            and kind in p.kind
            and (before is None or before(raw[p.raw_start : p.raw_end]))
        ]


def unapply(text: str, edits) -> str:
    """Rebuild the raw text from a cleaned text and its edits (``Edit`` objects,
    ordered by ``clean_start``)."""
    out, pos = [], 0
    for e in edits:
        out.append(text[pos : e.clean_start])
        out.append(e.before)
        pos = e.clean_start + len(e.after)
    out.append(text[pos:])
    return "".join(out)
