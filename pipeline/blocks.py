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

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import regex

from . import addresses, editions
from .grammar import (
    BULLET,
    CLAUSE,
    COMMENTARY,
    DITTO,
    FOOTNOTE,
    FULL_STOP,
    INTRODUCES,
    ITEM,
    KEYED_COMMENTARY,
    LATIN_WORD,
    LAW_HEAD,
    LEADER,
    NO_CYRILLIC,
    PART_HEAD,
    PENALTY_MARK,
    RULED_FOOTNOTE,
    RUN_IN_DIVISION,
    RUSSIAN_START,
    SECTION,
    SENTENCE_STOP,
    SHORT_LEADER,
    SUBCLAUSE,
    TAG,
    THREE_LEVELS,
    initial_of_a_name,
    is_heading_line,
    series_place,
    starts_unit,
    titled_point,
    unended,
)
from .model import SourceKind, TextKind, TokenKind


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
    leader: str | None = None
    """The page number of a table-of-contents dot leader the cleaner removed from
    the end of this line (``"83"``), or ``None``."""
    after_rule: bool = False
    """The first line with text after a rule line (``-----``) the cleaner removed:
    where a footnote area starts."""


@dataclass(slots=True)
class Token:
    """A structural unit's opening line (or a paragraph) as a rule read it."""

    kind: TokenKind
    """What the line opens (``model.TokenKind``: ``part``, ``law``, ``clause``,
    ``para``, ``toc`` …)."""
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
    lines: tuple[Line, ...] = ()
    """The lines the token was read from (several for a table of contents or an index)."""


@dataclass(slots=True)
class BlockState:
    """What the rules read and write: the lines, the cursor, the tokens so far."""

    lines: list[Line]
    """Every line of the cleaned text, empty ones included."""
    source_kind: SourceKind
    """``laws`` or ``commentary``: some numberings mean something only in one."""
    laws: int = editions.DEFAULT.laws
    """How many laws the source's edition has: a heading with a larger number is no law."""
    line: int = 0
    """Index of the next line to read."""
    tokens: list[Token] = field(default_factory=list)
    """Tokens pushed so far, in document order."""
    rule: str = ""
    """Name of the rule being tried (stamped on the tokens it pushes)."""
    listing: tuple[int, int | None] = (-1, None)
    """The last line of the listing run opening at a line, once computed."""
    next_listing: list[int] | None = None
    """For each line, the index of the first listing line at or after it
    (``len(lines)`` when none follows): made once, on first use."""

    def push(
        self, kind: TokenKind, label: str | None, rest: str, first: int, last: int | None = None
    ) -> Token:
        """Add a token for lines ``first``..``last`` (inclusive) and move past them."""
        a = self.lines[first]
        b = self.lines[first if last is None else last]
        tok = Token(
            kind,
            label,
            rest,
            a.start,
            b.end,
            a.page,
            a.region,
            self.rule,
            lines=tuple(self.lines[first : (first if last is None else last) + 1]),
        )
        self.tokens.append(tok)
        self.line = (first if last is None else last) + 1
        return tok


Rule = Callable[[BlockState, int, int, bool], bool]


def _marker(
    state: BlockState,
    start: int,
    silent: bool,
    pattern: regex.Pattern,
    kind: TokenKind,
    label: Callable[[regex.Match], str],
    russian: bool = False,
) -> bool:
    """The common shape of a one-line rule: a marker at the start of the line.
    ``russian``: the text after the marker must be Russian (``A. Contestant's Right``
    of an English original, ``B.K. Hansen`` of a name, are no units)."""
    text = state.lines[start].text
    m = pattern.match(text)
    if m is None or (russian and not RUSSIAN_START.match(text, m.end())):
        return False
    if not silent:
        state.push(kind, label(m), text[m.end() :], start)
    return True


def blank(state: BlockState, start: int, end: int, silent: bool) -> bool:
    """An empty line (a rule, a strip or a page number stood there): no token."""
    if state.lines[start].text.strip():
        return False
    if not silent:
        state.line = start + 1
    return True


# --- tables of contents and subject indexes ------------------------------------------
# They are witnesses of structure, not text: their lines become one token each run,
# never law or section nodes (``pipeline.toc`` reads their entries).


def _listing_line(ln: Line) -> bool:
    """A line of a table of contents or an index: it had a dot leader with a page
    number, holds one inside, or carries a ditto mark."""
    t = ln.text  # cheap substring tests first: most lines are neither
    return (
        ln.leader is not None
        or (("..." in t or "……" in t) and LEADER.search(t) is not None)
        or ("=" in t and DITTO.search(t) is not None)
    )


def _next_listing(state: BlockState) -> list[int]:
    """``state.next_listing``, made when first asked for."""
    if state.next_listing is None:
        lines = state.lines
        nxt = [len(lines)] * (len(lines) + 1)
        for i in range(len(lines) - 1, -1, -1):
            nxt[i] = i if _listing_line(lines[i]) else nxt[i + 1]
        state.next_listing = nxt
    return state.next_listing


_LISTING_REACH = 6
"""``_run`` finds a listing line within this many lines of its start, or none."""


def _listing_run(state: BlockState, start: int, end: int) -> int | None:
    """``_run`` once per line: ``index`` and ``toc`` both ask. Without a listing line
    within ``_LISTING_REACH`` lines there is no run, and ``_run`` is not asked."""
    if state.listing[0] != start:
        far = _next_listing(state)[start] >= start + _LISTING_REACH
        state.listing = (start, None if far else _run(state, start, end))
    return state.listing[1]


def _run(state: BlockState, start: int, end: int) -> int | None:
    """The last line of a run of listing lines opening at ``start``, or ``None``.

    Blank lines may stand inside the run (double spacing, page breaks), and so may
    up to two lines of an entry wrapped before its leader. A run is at least two
    listing lines, or one line holding two leaders (entries merged on a line), or a
    heading line and one entry."""
    lines = state.lines
    i = start
    if not _listing_line(lines[start]):
        # the listing's own heading («С О Д Е Р Ж А Н И Е»), maybe with a second line
        # under it («(номера правил)»), an index's head term above the entries that
        # repeat it, or a first entry wrapped before its leader
        heads = 0
        while i < end and not _listing_line(lines[i]):
            head = lines[i].text
            if head and (len(head) > 120 or FULL_STOP.search(head) or heads == 2):
                return None
            heads += bool(head)
            if i - start > 4:
                return None
            i += 1
        if i >= end:
            return None
        if heads == 2 and not _listing_heading(lines[start].text):
            return None
    last, count = start, 0
    while i < end:
        ln = lines[i]
        if _listing_line(ln) or (count and _short_leader(ln)):
            # entries on the line: one per leader (the one the cleaner took counts too)
            last, count = i, count + max(1, len(LEADER.findall(ln.text)) + (ln.leader is not None))
        elif ln.text.strip():
            # an entry wrapped before its leader continues on a listing line
            ahead = next(
                (
                    j
                    for j in range(i + 1, min(i + 3, end))
                    if _listing_line(lines[j]) or (count and _short_leader(lines[j]))
                ),
                None,
            )
            if FULL_STOP.search(ln.text) or len(ln.text) > 160:
                if count and ahead is None and _cut_entry(lines, i, end):
                    last = i
                break
            if ahead is None:
                # an entry cut off by the end of the source (maybe wrapped over two
                # lines, none a sentence) still belongs to the listing
                # two lines of text after it are enough to say no: looking no
                # further keeps a long source linear (this ran to its end each time)
                rest = []
                for j in range(i + 1, end) if count else ():
                    if lines[j].text.strip():
                        rest.append(j)
                        if len(rest) > 1:
                            break
                if (
                    count
                    and len(rest) <= 1
                    and not any(
                        FULL_STOP.search(lines[j].text) or len(lines[j].text) > 160 for j in rest
                    )
                ):
                    last = rest[-1] if rest else i
                break
            i = ahead
            continue
        i += 1
    headed = not _listing_line(lines[start])  # a heading line, then the entries
    return last if count >= 2 or (headed and count >= 1) else None


_CUT_ENTRY_AT_MOST = 120
"""The most characters of an entry of a listing the source's end cut off before its
leader, over its two lines (``_cut_entry``)."""


def _cut_entry(lines: Sequence[Line], i: int, end: int) -> bool:
    """Line ``i`` after a listing is its last entry, which the source's end cut off
    before its leader: it opens with a structural marker, it is no longer than a
    title, and nothing follows it. Its title may end in a stop (``(A).Разыгрывающий
    требует хода в определённую масть.``), where a cut-off entry without a marker
    is a sentence of text."""
    text = lines[i].text
    return (
        is_heading_line(text)
        and len(text) <= _CUT_ENTRY_AT_MOST
        and not any(lines[j].text.strip() for j in range(i + 1, end))
    )


def _short_leader(ln: Line) -> bool:
    """The line ends an entry with a leader cut to one or two dots (asked only
    inside a listing: ``grammar.SHORT_LEADER``)."""
    return "." in ln.text and SHORT_LEADER.search(ln.text) is not None


def _listing_heading(text: str) -> bool:
    """A heading over two lines stands only above a whole listing: capitals or
    spaced-out letters («П Р Е Д М Е Т Н Ы Й  У К А З А Т Е Л Ь», «СОДЕРЖАНИЕ»)."""
    letters = [c for c in text if c.isalpha()]
    return bool(letters) and all(c.isupper() for c in letters)


def _marked_share(lines: tuple[Line, ...] | list[Line]) -> float:
    """Share of listing entries that open with a structural marker (a table of
    contents names laws and sections; an index names terms)."""
    entries = [e for ln in lines for e in LEADER.split(ln.text)[::2] if e.strip()]
    if not entries:
        return 0.0
    return sum(1 for e in entries if is_heading_line(e.strip(" |\t"))) / len(entries)


def index(state: BlockState, start: int, end: int, silent: bool) -> bool:
    """A subject index: terms with dot leaders and law numbers, ``=`` repeating the
    head term (``= вне очереди........27,31``), several entries merged on a line."""
    last = _listing_run(state, start, end)
    if last is None:
        return False
    run = state.lines[start : last + 1]
    dittos = sum(len(DITTO.findall(ln.text)) for ln in run)
    if dittos < 2 and _marked_share(run) >= 0.5:
        return False
    if not silent:
        state.push("index", None, "", start, last)
    return True


def toc(state: BlockState, start: int, end: int, silent: bool) -> bool:
    """A table of contents: law, section and clause titles with dot leaders and
    page numbers (``Правило 41. Начальный ход..........70``), entries wrapped over two
    lines or merged on one."""
    last = _listing_run(state, start, end)
    if last is None:
        return False
    if not silent:
        state.push("toc", None, "", start, last)
    return True


def heading_list(state: BlockState, start: int, end: int, silent: bool) -> bool:
    """A list of law headings with no text between them (a chapter's own table of
    contents before its text): three or more in a row, or two followed by a division
    heading or by the first one again."""
    lines = state.lines
    i, seen = start, set()
    while i < end and len(lines[i].text) <= 160:
        m = LAW_HEAD.match(lines[i].text)
        if m is None or m[1] in seen:  # the first law's heading again: its text begins
            break
        seen.add(m[1])
        i += 1
    if i - start < 2:  # what follows the headings tells only about two of them
        return False
    if i - start == 2:
        j = i  # by index, not over a slice: a slice copies the rest of the source for every line tried
        while j < end and not lines[j].text.strip():
            j += 1
        nxt = lines[j].text if j < end else ""
        closed = PART_HEAD.match(nxt) is not None or (
            (m := LAW_HEAD.match(nxt)) is not None and m[1] in seen
        )
        if not closed:
            return False
    if not silent:
        state.push("toc", None, "", start, i - 1)
    return True


def foreign(state: BlockState, start: int, end: int, silent: bool) -> bool:
    """A run of lines in another language (the English original printed after the
    Russian text): no Cyrillic letter, three Latin words on the first line."""
    lines, i = state.lines, start
    if not (_foreign_line(lines[start].text, 3) or _translated_marker(lines, start)):
        return False
    while i < end and (not lines[i].text.strip() or _foreign_line(lines[i].text, 1)):
        i += 1
    while i > start and not lines[i - 1].text.strip():
        i -= 1
    if i == start:
        return False
    if not silent:
        state.push("foreign", None, "", start, i - 1)
    return True


def _foreign_line(text: str, words: int) -> bool:
    return NO_CYRILLIC.match(text) is not None and len(LATIN_WORD.findall(text)) >= words


def _translated_marker(lines: Sequence[Line], at: int) -> bool:
    """A line in another language that opens with the marker of the Russian line before
    it (``A. Trick Adjustment`` under ``A. Компенсация взятками``, ``2. LAW 16`` under
    ``2. ПРАВИЛО 16``): the original printed line by line under its translation, a
    short title too few words for ``foreign``'s first line. A Russian law never numbers
    two units alike in a row."""
    text = lines[at].text
    place = series_place(text)
    if place is None or not _foreign_line(text, 1):
        return False
    j = at - 1
    while j >= 0 and not lines[j].text.strip():
        j -= 1
    return (
        j >= 0 and NO_CYRILLIC.match(lines[j].text) is None and series_place(lines[j].text) == place
    )


def part(state: BlockState, start: int, end: int, silent: bool) -> bool:
    """A division heading: ``Раздел I - …`` (``part:I``), ``Глава VIII - …``
    (``chapter:VIII``), ``Часть II - …`` (``chapter-part:II``)."""
    text = state.lines[start].text
    m = PART_HEAD.match(text)
    if m is None:
        return False
    if not silent:
        rest = text[m.end() :]
        run_in = RUN_IN_DIVISION.search(rest)
        title = rest[: run_in.start()] if run_in else rest
        state.push("part", m[2], title, start).id = addresses.division(m[1], m[2])
        if run_in:  # «Глава V. Торговля - Часть II …»: the part opens on the same line
            second = rest[run_in.end() :]
            inner = PART_HEAD.match(second)
            if inner is not None:
                state.push("part", inner[2], second[inner.end() :], start).id = addresses.division(
                    inner[1], inner[2]
                )
    return True


def law(state: BlockState, start: int, end: int, silent: bool) -> bool:
    """A law heading: ``Правило 64. …``, ``ПРАВИЛО 65. …``, ``Правило 24.Показ…``.
    A heading whose number no law has (``Правило 0.``, ``Правило 94.``) is an
    ``orphan`` token: the whole line, which opens an unplaced fragment."""
    text = state.lines[start].text
    m = LAW_HEAD.match(text)
    if m is None:
        return False
    if not silent:
        if 1 <= int(m[1]) <= state.laws:
            # «Правило 22» with no stop and nothing after it: its title is on the next line
            bare = "." not in m.group() and not text[m.end() :].strip()
            title = _title_below(state, start, end) if bare else None
            if title is None:
                state.push("law", m[1], text[m.end() :], start)
            else:
                state.push("law", m[1], state.lines[title].text, start, title)
        else:
            state.push("orphan", m[1], text, start)
    return True


def _title_below(state: BlockState, start: int, end: int) -> int | None:
    """The line holding the title of a heading that has only its number
    (``Правило 22`` alone, the title on the next line), or ``None``."""
    nxt = start + 1
    while nxt < end and not state.lines[nxt].text.strip():
        nxt += 1
    if nxt >= end or nxt - start > 2:
        return None
    text = state.lines[nxt].text
    if len(text) > 160 or starts_unit(text) or not RUSSIAN_START.match(text):
        return None
    return nxt


def footnote(state: BlockState, start: int, end: int, silent: bool) -> bool:
    """A footnote body: ``(*) - …``; in a footnote area (the lines under a rule
    line, one footnote after another) any footnote mark: ``<*> …``, ``* …``,
    ``1) …`` (label: the mark as written)."""
    if _marker(state, start, silent, FOOTNOTE, "footnote", lambda m: "(" + m[1] + ")"):
        return True
    if not _in_footnote_area(state, start):
        return False
    return _marker(state, start, silent, RULED_FOOTNOTE, "footnote", lambda m: m[1])


def _in_footnote_area(state: BlockState, start: int) -> bool:
    """The line follows a rule line, or the footnote body straight before it does."""
    lines = state.lines
    if lines[start].after_rule:
        return RULED_FOOTNOTE.match(lines[start].text) is not None
    prev = start - 1
    while prev >= 0 and not lines[prev].text.strip():
        prev -= 1
    last = state.tokens[-1] if state.tokens else None
    return (
        prev >= 0
        and last is not None
        and last.kind == "footnote"
        and bool(last.lines)
        and last.lines[-1] is lines[prev]
        and RULED_FOOTNOTE.match(lines[start].text) is not None
    )


_KEY_NUMBER = regex.compile(r"\d{1,2}")
"""A further key of merged commentary paragraphs (``74.2,3.``)."""


def commentary(state: BlockState, start: int, end: int, silent: bool) -> bool:
    """A commentary paragraph: ``64.10. …``; merged paragraphs ``74.2,3. …`` (label
    ``74.2,3``, id ``74.2``: ``addresses.merged_keys``); in a commentary source, a
    paragraph keyed by the subsection it comments, ``12С1. …`` (``12.C1``). An item
    run in on the number's line (``12.19. (i) …``) is an ``item`` token of its own,
    starting at its mark."""
    text = state.lines[start].text
    m = COMMENTARY.match(text)
    if m is not None:
        more = _KEY_NUMBER.findall(m[3])
        label = addresses.commentary_key(m[1], m[2], more)
    elif state.source_kind == "commentary" and (m := KEYED_COMMENTARY.match(text)) is not None:
        label = addresses.commentary_key(m[1], m[2] + m[3])
    else:
        return False
    if label is None:
        return False
    if not silent:
        # «12.19. (i) Наш совет…»: the paragraph's first item runs in on the line of its
        # number; the paragraph has no words of its own before it
        run_in = ITEM.match(text[m.end() :])
        _push_run_in(
            state, start, m.end(), ("commentary", label), run_in and ("item", f"({run_in[1]})")
        )
    return True


def _push_run_in(
    state: BlockState,
    start: int,
    at: int,
    unit: tuple[TokenKind, str],
    first: tuple[TokenKind, str] | None,
) -> None:
    """Push line ``start``'s unit (kind, label), its words from column ``at`` of the
    line's text; where ``first`` (kind, label) runs in there (``12.19. (i) …``, ``1. (A).
    …``), the unit has no words of its own and ``first`` is a token of its own, starting
    at its mark with the words after the mark (read again by the rule that knows it)."""
    ln = state.lines[start]
    rest = ln.text[at:]
    if first is None:
        state.push(*unit, rest, start)
        return
    mark = _RUN_IN_MARK[first[0]].match(rest)
    assert mark is not None
    offset = ln.end - len(ln.text) + at  # the mark's «(» (``Line.text`` is stripped)
    state.push(*unit, "", start).end = offset
    state.push(*first, rest[mark.end() :], start).start = offset


def subclause(state: BlockState, start: int, end: int, silent: bool) -> bool:
    """A subclause: ``(A).…``, ``(1).…``; Cyrillic look-alike letters read as Latin."""
    return _marker(
        state,
        start,
        silent,
        SUBCLAUSE,
        "subclause",
        lambda m: "(" + addresses.latin(m[1]).upper() + ")",
        russian=True,
    )


def item(state: BlockState, start: int, end: int, silent: bool) -> bool:
    """A commentary item: ``(i) …``, ``(iii) …``."""
    return _marker(state, start, silent, ITEM, "item", lambda m: "(" + m[1] + ")")


def section(state: BlockState, start: int, end: int, silent: bool) -> bool:
    """A section: ``A.Наказание…``, Latin or Cyrillic look-alike letter. An initial
    before a surname (``В. Смирнов``, ``Перевод А. Рыбникова`` cut at the initial) is
    a name, no section."""
    text = state.lines[start].text
    m = SECTION.match(text)
    if m is not None and initial_of_a_name(text, m.start(1)):
        return False
    return _marker(
        state,
        start,
        silent,
        SECTION,
        "section",
        lambda m: addresses.latin(m[1]).upper(),
        russian=True,
    )


def clause(state: BlockState, start: int, end: int, silent: bool) -> bool:
    """A clause: ``1.Нарушитель…``. A subclause run in on the clause's line (``1. (A).
    Если…``: the later editions letter a clause's points so, the first on the line of its
    number) is a ``subclause`` token of its own, starting at its mark; the clause has no
    words of its own before it."""
    text = state.lines[start].text
    m = CLAUSE.match(text)
    if m is None or not RUSSIAN_START.match(text, m.end()):
        return False
    if not silent:
        rest = text[m.end() :]
        run_in = SUBCLAUSE.match(rest)
        if run_in is not None and not RUSSIAN_START.match(rest, run_in.end()):
            run_in = None
        _push_run_in(
            state,
            start,
            m.end(),
            ("clause", str(int(m[1]))),
            run_in and ("subclause", "(" + addresses.latin(run_in[1]).upper() + ")"),
        )
    return True


_RUN_IN_MARK: dict[str, regex.Pattern] = {"item": ITEM, "subclause": SUBCLAUSE}
"""The mark of each kind of unit ``_push_run_in`` finds run in on its parent's line."""


def bullet(state: BlockState, start: int, end: int, silent: bool) -> bool:
    """A bulleted list item (``- Нарушитель выиграл…``): an HTML list that lost its
    numbers. Under a section whose clauses are all bullets it is the next clause
    (numbered by position); elsewhere it stays a paragraph (``segment`` decides)."""
    return _marker(state, start, silent, BULLET, "bullet", lambda m: "-")


TITLE_LINES_BELOW = 3
"""How many short lines may stand under the book's title before the heading (its
subtitle, the edition, the translator: «Перевод с английского»)."""
_SUBTITLE_WORDS = 8


def _subtitle(text: str) -> bool:
    """A short line of a title page: a few words, no sentence or clause end, no marker."""
    return len(text.split()) <= _SUBTITLE_WORDS and unended(text) and not starts_unit(text)


def title(state: BlockState, start: int, end: int, silent: bool) -> bool:
    """The book's title at the very start of the text, right above a heading
    (``editions.names_the_book``: «Законы дубликатного бриджа» over «Правило 63. …»,
    or over «Глава VI»), with at most ``TITLE_LINES_BELOW`` short lines under it
    (``_subtitle``): a page's heading, not the end of the law before (K312)."""
    lines = state.lines
    if state.tokens or not editions.names_the_book(lines[start].text):
        return False
    last = start
    nxt = start + 1
    below = 0
    while True:
        while nxt < end and not lines[nxt].text.strip():
            nxt += 1
        if nxt >= end:
            return False
        if any(rule(state, nxt, end, True) for rule in (part, law, commentary)):
            break
        below += 1
        if below > TITLE_LINES_BELOW or not _subtitle(lines[nxt].text):
            return False
        last = nxt
        nxt += 1
    if not silent:
        state.push("title", None, lines[start].text, start, last)
    return True


FRONT_LINES_ABOVE = 30
"""How many lines of text above the first heading ``front`` reads at most: a note
before the laws is a few sentences, a page of text with no heading is no note."""


def front(state: BlockState, start: int, end: int, silent: bool) -> bool:
    """Front matter in sentences at the very start of the text, right above its first
    heading on the same page: a translator's, editor's or publisher's note, thanks, a
    copyright or source line (``editions.front_matter``: a word of the front matter and
    none of the game's play). Not the end of the law before that heading, which a page
    cut out of the book opens with and which speaks of cards, calls and the director
    (K313); or an introduction that ends on a colon above a quoted law (``front_reason``).
    Every line up to the heading is plain text (no marker, no listing)."""
    lines = state.lines
    if state.tokens:
        return False
    page = lines[start].page
    last = None
    nxt = start
    while True:
        while nxt < end and not lines[nxt].text.strip():
            nxt += 1
        if nxt >= end or lines[nxt].page != page or nxt - start >= FRONT_LINES_ABOVE:
            return False
        if any(rule(state, nxt, end, True) for rule in (part, law, commentary)):
            break
        if not _plain(state, nxt, end):
            return False
        last = nxt
        nxt += 1
    if last is None or not front_reason("\n".join(ln.text for ln in lines[start : last + 1])):
        return False
    if not silent:
        state.push("front", None, lines[start].text, start, last)
    return True


def front_reason(text: str) -> str:
    """Why ``text``, the lines above a page's first heading, is no end of the law before
    that heading, or ``""``: a note's words (``editions.front_matter``), or a colon at its
    end, which introduces the heading under it (a post or an article that quotes a law:
    «напомню, как это сказано в Кодексе:»). A law never ends on a colon: its colon
    opens the clauses that follow it in that law. But a sentence that names the game
    before its colon (the last of the last paragraph; ``editions.game_word``:
    «судье надлежит аннулировать уступку:») is a law's lead-in whose list the page
    lost: a page cut out of the book opens with that law's end."""
    note = editions.front_matter(text)
    if note:
        return f"{note} and no word of the game's play"
    lead = SENTENCE_STOP.split(PARAGRAPH_BREAK.split(text)[-1])[-1]
    if INTRODUCES.search(text) and not editions.game_word(lead):
        return "a colon at its end, introducing the heading under it"
    return ""


PARAGRAPH_BREAK = regex.compile(r"\n[ \t]*\n")
"""An empty line between two paragraphs."""


def _plain(state: BlockState, start: int, end: int) -> bool:
    """Whether the line is body text to every rule (``paragraph`` alone would take it)."""
    if starts_unit(state.lines[start].text):
        return False
    return not any(
        rule(state, start, end, True) for name, rule in RULES if name not in _NOT_MARKERS
    )


_NOT_MARKERS = frozenset(("blank", "title", "front", "paragraph"))
"""Rules that read no marker or listing at a line: ``_plain`` does not ask them."""


def paragraph(state: BlockState, start: int, end: int, silent: bool) -> bool:
    """Any other line: body text of the unit before it."""
    if not silent:
        state.push("para", None, state.lines[start].text, start)
    return True


RULES: tuple[tuple[str, Rule], ...] = (
    ("blank", blank),
    ("index", index),
    ("toc", toc),
    ("heading_list", heading_list),
    ("foreign", foreign),
    ("part", part),
    ("law", law),
    ("footnote", footnote),
    ("commentary", commentary),
    ("subclause", subclause),
    ("item", item),
    ("section", section),
    ("clause", clause),
    ("bullet", bullet),
    ("title", title),
    ("front", front),
    ("paragraph", paragraph),
)
"""The block rules, in the order they are tried on each line."""


def tokenize(state: BlockState) -> list[Token]:
    """Run the rules over every line; return the tokens.

    A line that only ``paragraph`` can take (no marker at its start, some Cyrillic,
    no listing on it or on the next three lines, not the first) goes to it straight away: most
    lines are body text, and trying every rule on each would cost ten times as much."""
    end = len(state.lines)
    nxt = _next_listing(state)
    while state.line < end:
        _step(state, end, nxt)
    return state.tokens


def _step(state: BlockState, end: int, nxt: list[int]) -> None:
    """Read the line at ``state.line``: the first rule that matches it (``tokenize``)."""
    lines = state.lines
    start = state.line
    text = lines[start].text
    if (
        text
        and state.tokens  # the first line may be the book's title (``title``)
        and nxt[start] > start + 3  # no listing line here nor on the next three
        and not starts_unit(text)
        and NO_CYRILLIC.match(text) is None
        and not (RULED_FOOTNOTE.match(text) and _in_footnote_area(state, start))
    ):
        state.rule = "paragraph"
        paragraph(state, start, end, False)
        return
    for name, rule in RULES:
        state.rule = name
        if rule(state, start, end, False):
            break
    if state.line <= start:  # a rule that matched must consume: never loop
        raise RuntimeError(f"block rule {state.rule!r} matched line {start} without consuming it")


# --- what a whole text is ------------------------------------------------------------

_BOOK_MARKS = frozenset(("part", "law", "orphan", "subclause", "item", "footnote"))
"""Units whose markers only the law book and its commentary use: a division or law
heading, a subclause ``(B).``, an item ``(ii)``, a footnote body ``(*) -``."""
LISTINGS = ("toc", "index")
"""Tokens of listings (a table of contents, an index), no text of the units around
them; their lines (a table of contents' titles) are kept whole."""
_HEADINGS = frozenset(("part", "law", "orphan"))
"""Of them, the headings (an orphan is a law heading whose number no law has): other
documents head their chapters «Глава 4» and their points «Правило 1» too, but never
name a card (``editions.names_the_game``)."""


def law_text_evidence(tokens: list[Token]) -> str | None:
    """What shows that tokenized text is law or commentary text, or ``None``.

    Numbered lines (``1.``, ``2.``) and a capital letter with a stop (``С. Капустин``,
    the initial of a name) are what any article, programme, set of notes or
    competition conditions has; they are no evidence on their own. Evidence is the
    books' own structure: a law or division heading in a text that names the game
    (``editions.names_the_game``), a subclause, an item or a footnote body (markers no
    other text uses), the penalty mark, a commentary key that opens
    Russian text (``64.10. Если …``; not a numbered heading of another document
    with its English original printed under it, see ``_commentary_keys``), or a
    section followed by its clauses (``A.`` then ``1.``, at most an introductory
    paragraph between), or the middle of a law whose heading was on the page before
    (``_continued_clauses``)."""
    keyed: str | None = None
    game: bool | None = None  # whether the text names the game; read when first needed
    for k, t in enumerate(tokens):
        if t.kind == "part" and (t.label or "").isdigit():
            # «Глава 4.», «Раздел 1»: any code numbers its chapters so; only the 1997
            # translation's sections of a chapter, under a law book's own headings
            continue
        if t.kind in _HEADINGS:
            if game is None:
                game = editions.names_the_game(
                    "\n".join(u.rest for u in tokens),
                    listed="\n".join(
                        ln.text for u in tokens if u.kind in LISTINGS for ln in u.lines
                    ),
                    as_the_laws=_laid_out_as_the_laws(tokens),
                )
            if not game:
                continue
        if t.kind in _BOOK_MARKS:
            return f"{t.kind} {t.label or ''}".strip()
        if t.kind in ("para", "section", "clause", "commentary") and PENALTY_MARK.search(t.rest):
            return "the penalty mark"
        if keyed is None and t.kind == "commentary" and _opens_russian(t.rest.lstrip(), t.label):
            nxt = tokens[k + 1] if k + 1 < len(tokens) else None
            if nxt is None or nxt.kind != "foreign":
                keyed = f"commentary {t.label}"
        if t.kind == "section":
            between = 0
            for u in tokens[k + 1 :]:
                if u.kind == "para" and between < 1:
                    between += 1
                    continue
                if u.kind == "clause":
                    return f"section {t.label} with its clauses"
                break
    if keyed is not None and _commentary_keys(tokens):
        return keyed
    return _continued_clauses(tokens)


def _opens_russian(text: str, key: str | None) -> bool:
    """Whether a commentary paragraph's text is Russian from its start: a Russian
    word, a quote or a bracket (``RUSSIAN_START``), or the sections of the law it
    comments cited before its sentence (``8.2. 8В и 8С отвечают …``, the leading list
    ``refs`` reads, of the law of the paragraph's ``key``). Another document's numbered
    heading over its English original opens neither, nor a notice's point that opens
    with its classes or flats of another number (``2.1. 5А и 5Б классы …``)."""
    if RUSSIAN_START.match(text):
        return True
    if not text[:1].isdigit():
        return False
    from .refs import find_references  # the reference grammar; imported when first needed

    law = addresses.law_of(key)
    lead = [r for r in find_references(text) if r.kind == "list" and r.start == 0]
    return bool(lead) and law is not None and addresses.law_of(lead[0].target) == law


_PLAIN_LAW = frozenset(("law", "para", "footnote"))
"""What a page of one law of no sections holds: its heading, its paragraphs and the
notes under them, no numbered point."""


def _laid_out_as_the_laws(tokens: list[Token]) -> bool:
    """Whether tokenized text is laid out as the laws are, not as a sport's code: it
    letters its sections (``A.``, ``B.``), or it is one law of no sections, its
    heading over paragraphs of sentences alone (a law of the book that has no
    sections, «Правило 3», says its rule in a sentence or three). A sport's code
    numbers its points under «Правило 5. Судья» (``1. Права судьи``, ``5.1.``) or
    titles them (``Полномочия судьи`` alone on a line over a sentence), never letters
    them; a rule headed by its judge or its players («Правило 7. Судья на ринге»,
    ``editions.game_word``: the book letters its laws on the director) or one that
    runs on for sentences (``_prose``: a sport's rule, a post) is no law of the book."""
    if any(t.kind == "section" for t in tokens):
        return True
    kinds = [t.kind for t in tokens]
    if kinds.count("law") != 1 or "para" not in kinds or not set(kinds) <= _PLAIN_LAW:
        return False
    if any(t.kind == "law" and editions.game_word(t.rest) for t in tokens):
        return False
    if _prose(" ".join(t.rest for t in tokens if t.kind == "para")):
        return False
    lines = [ln.text.strip() for t in tokens if t.kind == "para" for ln in t.lines]
    return not any(
        titled_point(line, after) for line, after in zip(lines, [*lines[1:], ""], strict=True)
    )


def _continued_clauses(tokens: list[Token]) -> str | None:
    """A page cut out of the middle of a law (its law and section headings on the page
    before) holds clauses that count up, each a heading with its text (``2.``, text,
    ``3.``, text, ``4.``), or two that run into the next section (``5.``, ``6.``,
    ``C.``), in the book's own words (``editions.speaks_of_the_book``). A programme or a set of
    notes numbers its points too, but as one line each, and does not speak of the
    director, the dummy and the revoke."""
    units = [(k, t) for k, t in enumerate(tokens) if t.kind not in ("para", "footnote")]
    found = None
    i = 0
    while i < len(units) and found is None:
        if units[i][1].kind != "clause":
            i += 1
            continue
        j = i + 1
        while (
            j < len(units)
            and units[j][1].kind == "clause"
            and int(units[j][1].label or 0) == int(units[j - 1][1].label or 0) + 1
            and units[j][0] > units[j - 1][0] + 1  # the clause before has its text
        ):
            j += 1
        nxt = units[j][1] if j < len(units) else None
        if j - i >= 3 or (
            j - i == 2 and nxt is not None and nxt.kind == "section" and nxt.label != "A"
        ):
            found = f"clauses {units[i][1].label}-{units[j - 1][1].label} of a law begun before"
        i = j
    if found is None or not editions.speaks_of_the_book("\n".join(t.rest for t in tokens)):
        return None
    return found


def _commentary_keys(tokens: list[Token]) -> bool:
    """Whether the dotted numbers (``3.8.``) of tokenized text key the commentary on
    the laws rather than the points of another code: the codes of other card games,
    statutes and programmes number their chapters and points the same way. They are
    the commentary's when the text is no decimal outline (no two points nested
    three deep, ``3.8.1.1.``; no numbered heading ``1.`` opening its points ``1.1.``, where
    the commentary has «Правило 1») and it speaks of the laws: a word of the book
    (``editions.speaks_of_the_book``: the dummy, the revoke, the director beside a card …) or a reference to a law
    (``правилу 12А2``; the commentary cites the laws on nearly every page)."""
    prev: Token | None = None
    deep = 0
    for t in tokens:
        if t.kind == "para" and THREE_LEVELS.match(t.rest):
            deep += 1
            if deep >= 2:  # one such line may be a quotation; an outline has many
                return False
        if (
            t.kind == "commentary"
            and prev is not None
            and prev.kind == "clause"
            and prev.label == (t.label or "").split(".")[0]
        ):
            return False
        prev = t
    text = "\n".join(t.rest for t in tokens)
    if editions.speaks_of_the_book(text):
        return True
    from .refs import find_references  # the reference grammar; imported when first needed

    return any(r.kind != "commentary" for r in find_references(text))


_UNIT_KINDS = frozenset(("part", "law", "commentary", "section", "clause", "subclause", "item"))
_ASIDE_UNITS = _UNIT_KINDS | {"orphan", "footnote"}

_SENTENCE_START = regex.compile(r"(?<![\p{L}.])(?:\p{L}{3,}|[)»\"])[.!?…]+[ \t]+[«\"]?(\p{L})")
"""A sentence end inside a line and the first letter after it (``… пары). партнеры``,
``… тура. Судья``);
the word before the stop has three letters or more, so ``см. правило`` and ``т. е.``
are no sentence ends."""


def _prose(text: str) -> bool:
    """A paragraph that runs on for four sentences or more: a story, a blog post or
    notes that lost their newlines (in small letters or not). The end of one unit
    cut off at a page's top is a sentence or two."""
    return sum(1 for _ in _SENTENCE_START.finditer(text)) >= 3


_LETTER = regex.compile(r"\p{L}")


def has_letter(text: str) -> bool:
    """``text`` holds a letter of any script (a page of nothing but numbers, marks
    and rules holds none)."""
    return _LETTER.search(text) is not None


OTHER_CODE = "the text of another code or game"
"""How ``no_law_text`` opens what it says of a code of another game or sport."""


def no_law_text(tokens: list[Token]) -> str | None:
    """What tokenized text holds when it holds no law text (front matter, a
    translator's note, a preface, an article, notes or a code of another game that
    number their points, a page of site chrome), or ``None`` when it may be law
    text. Whether it is law text is ``law_text_evidence``'s call; without evidence,
    two or more paragraphs and numbered lines are other text. A single one is kept (a
    page may hold nothing but the cut-off end of a unit) unless it runs on for
    sentences (``_prose``) or holds no word at all (``(9).`` left beside text in
    another language). The segmenter (no nodes, K308) and ``measure`` (kind
    ``front``) both ask this."""
    other = editions.another_code(
        "\n".join(t.rest for t in tokens)[: editions.SAMPLE],
        heads_a_law=any(t.kind == "law" for t in tokens),
    )
    if other:
        # another game's or sport's code (its play, its points nested three deep under
        # «Правило 24.»), whatever headings it shares with the laws
        return f"{OTHER_CODE}: {other}"
    if law_text_evidence(tokens) is not None:
        return None
    paras = sum(1 for t in tokens if t.kind == "para")
    units = sum(1 for t in tokens if t.kind in _ASIDE_UNITS)
    if paras + units == 0:
        return None
    text = "\n".join(t.rest for t in tokens if t.kind not in (*LISTINGS, "foreign"))
    bullets = sum(1 for t in tokens if t.kind == "bullet")
    if bullets and not editions.book_terms().search(text):
        # a bulleted list that never speaks of the game (a golf or football code's
        # list of its rules, «- Правила 4»): more lines of other text, not the cut-off
        # end of one unit of the laws
        units += bullets
    if paras + units < 2 and has_letter(text) and not _prose(text):
        return None
    return (
        f"only {paras} paragraph(s)"
        + (
            f" and {units} numbered or lettered line(s) with none of the law book's own markers"
            if units
            else ""
        )
        + " of other text such as front matter, notes, an article or site pages"
    )


def lines_of(text: str) -> list[Line]:
    """The lines of a text as the rules read them (one page, one region)."""
    out, pos = [], 0
    for t in text.split("\n"):
        out.append(Line(t.lstrip(), pos, pos + len(t), 0, 0))
        pos += len(t) + 1
    return out


def _counts(text: str) -> tuple[dict[str, int], list[Token]]:
    """Non-empty lines per token kind, and the tokens, of a text read by the rules."""
    tokens = tokenize(BlockState(lines_of(text), "laws"))
    counts: dict[str, int] = {}
    for t in tokens:
        counts[t.kind] = counts.get(t.kind, 0) + (
            len([ln for ln in t.lines if ln.text.strip()]) or 1
        )
    return counts, tokens


def _laws_or_commentary(counts: dict[str, int], text: str) -> SourceKind:
    comm = counts.get("commentary", 0) + counts.get("item", 0) + len(TAG.findall(text))
    return (
        "commentary"
        if comm > sum(counts.get(k, 0) for k in ("section", "clause", "subclause"))
        else "laws"
    )


def text_kind(text: str) -> SourceKind:
    """``commentary`` when commentary paragraphs, their items and tags outnumber
    section, clause and subclause markers; else ``laws`` (a source's kind).

    Only the ``commentary`` rule (``COMMENTARY`` at a line's start, read as laws)
    and the ``item`` rule (``ITEM``) make commentary and item tokens: a text with
    no such line and no tag counts none, and is ``laws`` whatever its sections and
    clauses, without the rules reading it (most laws texts)."""
    if TAG.search(text) is None and not any(
        COMMENTARY.match(ln) or ITEM.match(ln) for ln in (t.lstrip() for t in text.split("\n"))
    ):
        return "laws"
    return _laws_or_commentary(_counts(text)[0], text)


_measured: tuple[str, list[Token]] | None = None
"""The text ``measure`` read last and its tokens, kept for ``tokens_of`` (which
takes them): the segmenter reads the same cleaned text right after."""


def forget_measured() -> None:
    """Drop the tokens ``measure`` kept for ``tokens_of``: the segmenter does not read
    a text in another language, and its tokens must not stay behind."""
    global _measured
    _measured = None


def tokens_of(text: str, lines: list[Line], source_kind: SourceKind, laws: int) -> list[Token]:
    """``tokenize(BlockState(lines, source_kind, laws=laws))`` for ``lines``, the
    lines of ``text``.

    The rules read of a line its text, its ``leader`` and its ``after_rule``; of
    the state the source kind (keyed commentary) and the number of laws. A line's
    ``after_rule`` tells only where ``RULED_FOOTNOTE`` matches its text
    (``_in_footnote_area``: under a rule line, any other line is in no footnote
    area either way). When no line has a leader or a rule above it that a ruled
    footnote mark opens, no line is keyed commentary (or the
    source is laws) and the number of laws is the default's, the tokens ``measure``
    made of the same text (``lines_of``: page and region 0) are these tokens but
    for their page and region: those are taken, stamped with the pages, regions
    and lines of ``lines``, and the text is not read by the rules a second time.
    Otherwise the rules read ``lines``."""
    global _measured
    last, _measured = _measured, None
    if (
        last is None
        or laws != editions.DEFAULT.laws
        or last[0] != text
        or any(ln.leader is not None for ln in lines)
        or (source_kind != "laws" and any(KEYED_COMMENTARY.match(ln.text) for ln in lines))
    ):
        return tokenize(BlockState(lines, source_kind, laws=laws))
    tokens, firsts, i = last[1], [], 0
    for t in tokens:  # in document order, as the lines are
        first = t.lines[0].start
        while lines[i].start < first:
            i += 1
        t.page, t.region = lines[i].page, lines[i].region
        t.lines = tuple(lines[i : i + len(t.lines)])
        firsts.append(i)
    ruled = {i for i, ln in enumerate(lines) if ln.after_rule and RULED_FOOTNOTE.match(ln.text)}
    if not ruled:
        return tokens
    return _spliced(BlockState(lines, source_kind, laws=laws), tokens, firsts, ruled)


def _spliced(
    state: BlockState, made: list[Token], firsts: list[int], ruled: set[int]
) -> list[Token]:
    """``tokenize(state)``, given the tokens ``made`` of the same lines read with no
    rule line above any (``firsts``: the index of each one's first line) and the
    lines under a rule that a ruled footnote mark opens (``ruled``).

    The rules read a line's ``after_rule`` only at the line they are at
    (``_in_footnote_area``), and of the tokens before it only whether there is
    any (``title``, ``front``, and ``_step``'s shortcut) and whether the last is a footnote
    and its last line. So the two readings are the same up to a token
    that opens on a ``ruled`` line: from there the rules read the lines, up to the
    first token of ``made`` they reach again (not on a ``ruled`` line) with a last
    token alike (a footnote ending on the same line, or no footnote); the tokens
    of ``made`` are taken from there on, until the next ``ruled`` line."""
    end = len(state.lines)
    nxt = _next_listing(state)
    out = state.tokens
    at: dict[int, int] = {}  # the first token of ``made`` opening at a line
    for k, first in enumerate(firsts):
        at.setdefault(first, k)

    def alike(a: Token, b: Token) -> bool:
        if a.kind != "footnote" or b.kind != "footnote":
            return a.kind != "footnote" and b.kind != "footnote"
        return a.lines[-1] is b.lines[-1]

    k = 0
    while k < len(made):
        if firsts[k] not in ruled:
            out.append(made[k])
            k += 1
            continue
        state.line = firsts[k]
        while True:
            _step(state, end, nxt)
            if state.line >= end:
                return out
            j = at.get(state.line)
            if j is not None and state.line not in ruled and j > 0 and alike(out[-1], made[j - 1]):
                k = j
                break
    return out


def measure(text: str) -> tuple[TextKind, tuple[str, ...]]:
    """``(kind, divisions)`` of a text, read by the block rules.

    ``kind``: ``text_kind`` when it holds law text (a structural unit and body
    text), whatever listings stand beside it; else ``toc`` or ``index`` when
    listings outweigh its other paragraphs, ``mixed`` when they do not; ``front``
    when it holds several paragraphs and no law text (front matter, notes, an
    article or competition conditions whose numbered lines are no laws, a page of
    site menus; ``law_text_evidence`` decides). ``divisions``: the division words its headings use, in
    order of first appearance (``Глава``, ``Часть``, ``Раздел``)."""
    counts, tokens = _counts(text)
    global _measured
    _measured = (text, tokens)
    listed = counts.get("toc", 0) + counts.get("index", 0)
    units = sum(counts.get(k, 0) for k in _UNIT_KINDS)
    paras = counts.get("para", 0)
    aside = no_law_text(tokens) is not None
    if aside:
        # numbered lines of an article or notes: paragraphs like the rest of its text
        units, paras = 0, units + paras
    divisions = tuple(
        dict.fromkeys(
            addresses.display(t.id).split()[0] for t in tokens if t.kind == "part" and t.id
        )
    )
    kind: TextKind
    if units and paras:  # law text beside any listing (a chapter's list of its laws)
        kind = _laws_or_commentary(counts, text)
    elif listed and listed >= paras:
        kind = "index" if counts.get("index", 0) >= counts.get("toc", 0) else "toc"
    elif listed:
        kind = "mixed"
    elif paras >= 2 or (aside and paras):
        kind = "front"
    else:
        kind = _laws_or_commentary(counts, text)
    return kind, divisions
