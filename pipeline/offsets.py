"""Offsets between raw and cleaned text, and spans with line numbers.

``OffsetMap`` maps offsets both ways through a cleaned source's edit log;
``span_of`` makes a ``Span`` (raw offsets with 1-based lines) for a source;
``column`` gives the 1-based column of a raw offset; ``line_edges`` tells
whether a stretch of text touches its line's start and end. Pure functions of the raw
text and the edit log: nothing here changes either.
"""

from __future__ import annotations

from bisect import bisect_right
from functools import lru_cache
from itertools import accumulate

from .model import EditLog, Source, Span


def line_edges(text: str, start: int, end: int) -> tuple[bool, bool]:
    """Whether ``text[start:end]`` begins its line and whether it ends it."""
    return (
        start == 0 or text[start - 1] == "\n",
        end == len(text) or text[end] == "\n",
    )


class OffsetMap:
    """Maps offsets between cleaned and raw text in O(log edits)."""

    def __init__(self, edits):
        # the offsets alone, read from an ``EditLog``'s columns without making an
        # ``Edit`` for each, or from the edits themselves
        if isinstance(edits, EditLog):
            self._clean = edits.clean_starts
            self._raw = edits.raw_starts
            self._raw_end = edits.raw_ends
            self._after = edits.after_lengths
        else:
            edits = list(edits)
            self._clean = [e.clean_start for e in edits]
            self._raw = [e.span.start for e in edits]
            self._raw_end = [e.span.end for e in edits]
            self._after = [len(e.after) for e in edits]

    def to_raw(self, offset: int) -> int:
        """Raw offset of a cleaned offset (an offset inside a replacement maps to
        the start of the replaced raw text)."""
        i = bisect_right(self._clean, offset) - 1
        if i < 0:
            return offset
        cs, after = self._clean[i], self._after[i]
        if offset < cs + after:
            return self._raw[i]
        return self._raw_end[i] + (offset - cs - after)

    def to_clean(self, raw: int) -> int:
        """Cleaned offset of a raw offset (inside a replaced stretch: the start of
        its replacement)."""
        i = bisect_right(self._raw, raw) - 1
        if i < 0:
            return raw
        if raw < self._raw_end[i]:
            return self._clean[i]
        return self._clean[i] + self._after[i] + (raw - self._raw_end[i])


class LineIndex:
    """1-based line numbers of raw offsets, by binary search."""

    def __init__(self, text: str):
        # each line's start, one past the line break before it
        self.starts = list(accumulate((len(ln) + 1 for ln in text.split("\n")[:-1]), initial=0))

    def line(self, offset: int) -> int:
        return bisect_right(self.starts, offset)


@lru_cache(maxsize=64)
def _line_index(text: str) -> LineIndex:
    # keyed by the text itself (its hash is computed once per string), so a text
    # that is freed and another allocated at its address never shares an index
    return LineIndex(text)


def clear_cache() -> None:
    """Forget the line indexes (and so the texts they are keyed by): a build that
    reads a source back from its spill folder (``pipeline.spill``) lets it go
    once done with it."""
    _line_index.cache_clear()


def span_of(source: Source, start: int, end: int) -> Span:
    """A ``Span`` for raw offsets, with 1-based line numbers."""
    index = _line_index(source.text)
    return Span(
        source=source.name,
        start=start,
        end=end,
        line=index.line(start),
        end_line=index.line(max(start, end - 1)),
    )


def column(source: Source, offset: int) -> int:
    """1-based column of a raw offset."""
    return offset - (source.text.rfind("\n", 0, offset) + 1) + 1
