"""Stage 3, clean: repair OCR, scan and web-scrape damage, logging every edit.

Input: a ``Source`` (decoded raw text). Output: a ``Cleaned`` whose ``text``
holds one paragraph or heading per line (an empty line stands where a rule, a
strip or a page number before missing pages separated the text), and whose
``edits`` rebuild the raw text exactly (``buffer.unapply``). Cleaning the
cleaned text again changes nothing.

Guarantees after cleaning:

- no line is a page number, a rule (a short one cut by the page end too), site
  chrome or a pagination strip; no line holds a run of three or more ``?`` or of
  three or more ``??`` apart by blanks; no line ends in a word-joining hyphen; no
  line repeats its neighbour;
- hard wraps inside a paragraph or heading are joined with one space; a word
  broken at a line end is joined (its hyphen kept only in real compounds such as
  ``из-за``, ``12-й``); a word split by a stray space is joined when the
  dictionary or the corpus knows the whole and not the parts;
- a structural marker run into the middle of a line starts a line of its own;
- the source's own spelling, punctuation, footnote marks, ``(НАКАЗАНИЕ)`` and
  tags are kept exactly.

Each repair is a named function ``(text, ctx) -> list[Change]`` over the whole
current text; ``REPAIRS`` runs them in order. A repair proposes, the buffer
records: nothing is removed without an ``Edit`` carrying its reason.
"""

from __future__ import annotations

import bisect
import collections
import heapq
import itertools
import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from functools import lru_cache
from typing import NamedTuple, TypeVar

import regex

from . import addresses, codepages, editions, morph, translit
from . import language as language_mod
from . import markup as markup_mod
from . import profile as profile_mod
from .buffer import Buffer, Change
from .editions import BLANK
from .formats import note_mark
from .grammar import (
    ANY_HEADING,
    ASIDE_HEAD,
    AUCTION_ROW,
    BILINGUAL_HEAD,
    BROKEN_WORD,
    CLAUSE,
    CLAUSE_END,
    COMMENTARY,
    COUNTING_REACH,
    EN_HEADS,
    FOOTNOTE,
    FULL_STOP,
    GLUED_SECTION_LETTER,
    GLUED_SUBCLAUSE,
    HAND_ROW,
    KEYED_COMMENTARY,
    LAW_HEAD,
    LEAD_IN,
    LEADER,
    NEXT_MARKER,
    NOTE_ENTRY,
    NOTE_REF,
    NOTES_HEAD,
    NUMBERED_LAW_HEAD,
    OCR_COMMENTARY_NUMBER,
    OCR_FIRST_MARKER,
    OCR_HEADING_NUMBER,
    OCR_LAW_NOUN,
    OCR_LAW_NOUN_INSIDE,
    OCR_LAW_NUMBER,
    OCR_MARKER,
    OCR_MARKER_DIGITS,
    OCR_SECTION_LETTER,
    OCR_SECTION_LETTERS,
    OCR_SPACED_LAW_NUMBER,
    PART_HEAD,
    PENALTY,
    PENALTY_MARK,
    RESTYLED_MARKER,
    RU_HEADS,
    RULED_FOOTNOTE,
    RUN_IN,
    SECTION,
    SECTION_AFTER_LAW_NUMBER,
    SENTENCE_STOP,
    SPLIT_HEAD,
    SPLIT_MARKER,
    STAR_MARK,
    STAR_NOTE,
    STOPLESS_HEAD,
    STOPLESS_OPENING,
    SUPERSCRIPT_MARK,
    TABLE_RULE,
    TAG_END,
    LineOpening,
    collapsed_breaks,
    counts_on_to,
    glued_markers,
    goes_on_counting,
    initial_of_a_name,
    is_bare_heading,
    is_heading_line,
    misread_law_heading,
    never_opening,
    opens_body,
    opens_series,
    run_in_items,
    run_ins,
    series_place,
    starts_unit,
    table_cells,
    table_row,
)
from .model import Cleaned, EditLog, Profile, Source
from .offsets import OffsetMap, line_edges
from .profile import _WHITESPACE
from .refs import HEAD_AT_END

# ---------------------------------------------------------------------------
# Context


@dataclass
class Context:
    """What the repairs may know besides the text."""

    source: Source
    buffer: Buffer
    vocabulary: set[str] = field(default_factory=set)
    """Lower-case word forms seen unbroken in the corpus."""
    profile: Profile = field(default_factory=Profile)
    """The source's profile: its layout and the raw lines that are template."""

    _read: tuple[str | None, list[tuple[int, int, str]]] = field(
        default=(None, []), init=False, repr=False, compare=False
    )

    def known(self, word: str) -> bool:
        """The dictionary or the corpus knows this word form."""
        w = word.lower()
        return morph.is_known(w) or w in self.vocabulary

    def lines(self, text: str) -> list[tuple[int, int, str]]:
        """``(start, end, line)`` of every line of ``text`` (``_lines``), split once for
        each text the repairs read: most repairs change nothing in a given source, and
        the buffer then gives the next repair the same text, whose lines are not split
        again. The list is shared: a repair reads it and never changes it."""
        if self._read[0] is not text:
            self._read = (text, list(_lines(text)))
        return self._read[1]


def _lines(text: str):
    """Yield ``(start, end, line)`` for every line (end excludes the newline)."""
    pos = 0
    for line in text.split("\n"):
        yield pos, pos + len(line), line
        pos += len(line) + 1


def _needle_lines(text: str, needles: Iterable[str]) -> list[tuple[int, int]]:
    """``(first, end)`` of every line that holds one of ``needles`` (strings
    without a newline), in order: ``first`` is where the first needle of the line
    stands, or the run of spaces and tabs before it begins; ``end`` is the offset of
    the line's newline (or the text's end). ``str.find`` looks for them far faster
    than a pattern is tried at every character."""
    found: dict[int, tuple[int, int]] = {}
    for needle in needles:
        i = text.find(needle)
        while i >= 0:
            s = text.rfind("\n", 0, i) + 1
            e = text.find("\n", i)
            e = len(text) if e < 0 else e
            if s not in found or i < found[s][0]:
                found[s] = (i, e)
            i = text.find(needle, e)  # the rest of this line is found already
    out = []
    for s, (i, e) in sorted(found.items()):
        while i > s and text[i - 1] in " \t":
            i -= 1
        out.append((i, e))
    return out


def _hint_lines(text: str, hint: regex.Pattern) -> list[tuple[int, int]]:
    """``(start, end)`` of every line that holds a match of ``hint`` (a pattern
    that matches no newline), in order, as ``_needle_lines`` gives them."""
    out: list[tuple[int, int]] = []
    for m in hint.finditer(text):
        if out and m.start() < out[-1][1]:
            continue
        e = text.find("\n", m.end())
        out.append((text.rfind("\n", 0, m.start()) + 1, len(text) if e < 0 else e))
    return out


def _finditer_lines(pattern: regex.Pattern, text: str, lines: list[tuple[int, int]]):
    """``pattern.finditer(text)``, tried only on ``lines`` (``(from, end)``, from
    ``_needle_lines`` or ``_hint_lines``), for a pattern whose every match stands
    inside one of them: it starts at or after ``from`` and stays inside its line
    (it may take the line's newline; its look-arounds look no further than the
    characters next to the line)."""
    n = len(text)
    for first, e in lines:
        yield from pattern.finditer(text, first, min(e + 1, n))


def _drop_line(text: str, start: int, end: int) -> tuple[int, int]:
    """Range that removes a whole line with its newline."""
    if end < len(text):
        return start, end + 1
    if start > 0:
        return start - 1, end
    return start, end


# ---------------------------------------------------------------------------
# The repairs, in the order they run.


def template_lines(text: str, ctx: Context) -> list[Change]:
    """Remove the lines the profile found to be the reading site's template
    (menus, pagers, alphabet bars, header lines, counters, adverts, lines shared
    with other pages of the same site), each with the profile's reason. Runs
    first, on the raw text, so the profile's line numbers hold."""
    if not ctx.profile.chrome:
        return []
    why = dict(ctx.profile.chrome)
    out = []
    for n, (s, e, _line) in enumerate(ctx.lines(text), start=1):
        if n not in why:
            continue
        out.append(_template_line(text, s, e, why[n]))
    return _merge_sorted(out)


def _template_line(text: str, s: int, e: int, why: str) -> Change:
    """The change that removes the template line ``text[s:e]``, the profile's ``why``
    its reason. A pager between two pages of text separates paragraphs, as a strip of
    page numbers does: an empty line stays, so a second cleaning keeps it."""
    if why.startswith("pager"):
        return Change(s, e, "", "pagination-strip", f"{why}; a paragraph break stays")
    a, b = _drop_line(text, s, e)
    return Change(a, b, "", "site-chrome", why)


def newlines(text: str, ctx: Context) -> list[Change]:
    """``\\r\\n`` and lone ``\\r`` become ``\\n``, and so do the other line breaks a
    copy may carry: the line and paragraph separators (U+2028, U+2029) and the
    vertical tab (a word processor's line break inside a paragraph). A form feed (a
    page break of a text from a PDF or a printer file) is dropped where a line break
    or the text's edge stands beside it (past blanks or a viewer's line number:
    ``_line_opens_at``), and is a line break between two pieces of a line. A
    byte-order mark is dropped. So are the line breaks of a text saved from a script's
    string, written as ``\\n`` (``_WRITTEN_BREAK``), where they outnumber real ones."""
    out = []
    if text.startswith("\ufeff"):
        out.append(Change(0, 1, "", "bom"))
    written = list(_WRITTEN_BREAK.finditer(text)) if "\\n" in text else []
    if len(written) >= 3 and len(written) > text.count("\n"):
        # a text saved from a script's string: its line breaks written as ``\n``, and
        # more of them than of real ones
        out += [
            Change(m.start(), m.end(), "\n", "newline", "a line break written as \\n")
            for m in written
        ]
    if not any(map(text.__contains__, _LINE_BREAKS)):
        return out
    for m in _LINE_BREAK.finditer(text):
        a, b = m.span()
        if m.group() != "\f":
            out.append(Change(a, b, "\n", "newline", _LINE_BREAKS[m.group()[0]]))
        elif _line_opens_at(text, a) or text[b : b + 1] in ("", "\n", "\r"):
            out.append(Change(a, b, "", "form-feed", "a page break beside a line break"))
        else:
            out.append(Change(a, b, "\n", "form-feed", "a page break inside a line"))
    return sorted(out)


def _line_opens_at(text: str, at: int) -> bool:
    """Nothing but blanks or a margin's line number (``241: ``, ``profile.LINE_NUMBER``:
    a viewer numbered the lines of a PDF's text) stands before ``at`` on its line."""
    before = text[max(text.rfind("\n", 0, at), text.rfind("\r", 0, at)) + 1 : at]
    return not before.strip(" \t") or profile_mod.LINE_NUMBER.fullmatch(before) is not None


_LINE_BREAKS = {
    "\r": "",
    "\u2028": "a line separator",
    "\u2029": "a paragraph separator",
    "\x0b": "a vertical tab",
    "\f": "",
}
"""The characters other than ``\\n`` that break a line, with what ``newlines`` says of each."""
_LINE_BREAK = regex.compile(r"\r\n?|[\u2028\u2029\x0b\f]")
_WRITTEN_BREAK = regex.compile(r"(?:\\r)?\\n(?![a-z]{2})")
"""A line break a script's string writes as ``\\n`` (``\\r\\n``), not the start of a
word after a backslash (``\\noindent``)."""


def markup(text: str, ctx: Context) -> list[Change]:
    """The markup a copy carried past its page (``pipeline.markup.FORMS``): the few
    tags of an HTML page's source left in a text (a block element's tag between two
    pieces of a line breaks it), a forum's codes, Markdown's emphasis and heading
    marks, and undecoded character references (``&nbsp;`` is the no-break space it
    names). They hide a heading (``[b]Правило 64.[/b]``) from every pattern. Runs
    once the code pages are decoded back (the markup was written before a wrong code
    page read the file, and a reference decoded first would spoil the line's bytes)
    and the margins, table borders and indents are gone (a heading's ``##`` opens its
    line only then)."""
    return [
        Change(start, end, new, name, _MARKUP_WHY[name])
        for start, end, name, new in markup_mod.changes(text)
    ]


_OTHER_SPACE = "\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u202f\u205f\u3000"
"""The space characters other than the plain space (Unicode's space separators): the
no-break space a web page puts after short words and inside «Правило 64», the thin,
figure and em spaces of typesetting."""
_BLANKS = regex.compile(rf"[ \t{_OTHER_SPACE}]+(?=\n|$)|[{_OTHER_SPACE}]+")
_SPACE_NAMES = {"\u00a0": "a no-break space", "\u202f": "a narrow no-break space"}
_BLANK_NEEDLES = (" \n", "\t\n", *_OTHER_SPACE)
"""What a line that holds a match of ``_BLANKS`` holds, but for a last line that ends
in a blank."""


def _blank_lines(text: str) -> list[tuple[int, int]]:
    """The lines ``_BLANKS`` may match on (``_needle_lines``): most lines of a text hold
    no other space and do not end in a blank, and the pattern, tried at every space of
    them, is not tried there."""
    lines = _needle_lines(text, _BLANK_NEEDLES)
    if text[-1:] in " \t" and not (lines and lines[-1][1] == len(text)):
        lines.append((text.rfind("\n") + 1, len(text)))
    return lines


def blanks(text: str, ctx: Context) -> list[Change]:
    """A space of another kind (``_OTHER_SPACE``: ``&nbsp;`` decoded, a typesetter's
    thin space) becomes the plain space every pattern, search and reader of the
    codex takes it for, and the blanks at a line's end go (a web page's and an OCR
    program's lines often end in some): they would keep a heading's title, a
    footnote's body and a line-end hyphen from their patterns. Runs once the code
    pages are decoded back (a DOS page's «а» read as CP1251 is a no-break space, in a
    title in spaced letters too: ``spaced_mojibake``) and the markup is gone
    (``&nbsp;`` decoded, a tag at a line's end removed)."""
    out = []
    for m in _finditer_lines(_BLANKS, text, _blank_lines(text)):
        a, b = m.span()
        if b == len(text) or text[b] == "\n":
            out.append(Change(a, b, "", "line-end-blanks", "blanks at a line's end"))
        else:
            why = _SPACE_NAMES.get(m.group()[0], "a typographic space")
            out.append(Change(a, b, " " * (b - a), "space", f"{why}, a plain space"))
    return out


def transliteration(text: str, ctx: Context) -> list[Change]:
    """A page of Russian written in Latin letters (``language.transliterated_page``:
    most of its words read back into Russian ones), as some online libraries serve a
    book, is read back into Cyrillic word by word (``translit.changes``: the first
    reading the corpus holds, else the dictionary's first ordinary word, else the
    first form it knows, else the main reading); what the Russian text writes in
    Latin letters too (a unit's letter, a Roman numeral, an abbreviation, the
    players' seats) and web addresses and phrases in another language stay. Runs
    once the markup is gone (a tag's name is Latin too)."""
    if not language_mod.transliterated_page(text):
        return []
    # a converter numbers the pages in its own language (``Page 12``): no Russian word
    pages = [(s, e) for s, e, line in ctx.lines(text) if _PAGE.match(line)]
    return [
        Change(s, e, new, "transliteration", f"{word} → {new}")
        for s, e, word, new in translit.changes(text, ctx.vocabulary.__contains__)
        if not any(a <= s < b for a, b in pages)
    ]


_MARKUP_WHY = {
    "tag": "a tag of a page's markup",
    "forum-code": "a forum's code",
    "markdown": "Markdown's emphasis, heading mark, link or image",
    "entity": "a character reference, decoded",
    "wiki-edit": "a wiki's link to edit a section",
    "link-number": "a text browser's link number or list of links",
}


def invisible(text: str, ctx: Context) -> list[Change]:
    """Characters no reader sees (``markup.INVISIBLE``: zero-width spaces and joiners,
    direction marks, a byte-order mark inside the text) go: a web page puts them
    inside words and between a heading's noun and its number, where they would hide
    the heading, the reference and the word from every pattern; so does a soft hyphen
    inside a word (kind ``soft-hyphen``), or it becomes the hyphen of a compound it
    stands for. They run after the code pages are decoded back (a wrong code page
    spells them in letters, and writes a soft hyphen for a letter)."""
    out = [
        Change(m.start(), m.end(), "", "invisible", "a character no reader sees")
        for m in markup_mod.INVISIBLE.finditer(text)
    ]
    if "\u00ad" in text:
        # a soft hyphen inside a word (a web page's hyphenation point) goes; where it
        # stands for a compound's hyphen (``из\u00adза``, as a PDF's text layer writes
        # it) it is one; at a line's end it is ``dehyphenate``'s
        for m in _SOFT_HYPHEN_INSIDE.finditer(text):
            new = _soft_hyphen(m, ctx.known)
            why = "a compound's hyphen" if new else "a hyphenation point"
            out.append(Change(m.start(2), m.end(2), new, "soft-hyphen", why))
        out.sort(key=lambda c: c.start)
    return out


_SOFT_HYPHEN_INSIDE = regex.compile(r"(\p{L}+)(\u00ad+)(?=(\p{L}+))")
"""A soft hyphen between two letters: the letters before it (1), the hyphen (2) and the
letters after it (3), which the next match begins with."""


def _soft_hyphen(m: regex.Match, known: Callable[[str], bool]) -> str:
    """What the soft hyphen of ``_SOFT_HYPHEN_INSIDE``'s match ``m`` stands for: the
    hyphen of a compound ``known`` knows with it and not without (``из-за``), else
    nothing (a hyphenation point)."""
    left, right = m[1].lower(), m[3].lower()
    return "-" if known(f"{left}-{right}") and not known(left + right) else ""


_COMBINING = re.compile("[\u0300-\u036f]")
"""A combining accent (stdlib ``re``: the test for one runs at memory speed)."""
_ACCENTED = regex.compile(r"\p{L}\p{Mn}+")
_NO_STRESS = str.maketrans("", "", "\u0301\u0300")
_VOWELS = frozenset("аеёиоуыэюяАЕЁИОУЫЭЮЯ")


def accents(text: str, ctx: Context) -> list[Change]:
    """A letter and its accent stored as two characters (``и`` + breve, ``е`` +
    diaeresis: text copied from a PDF or saved on a Mac) become the one character
    every reader, the dictionary and search know (``й``, ``ё``; Unicode's NFC); a
    stress mark over a Russian vowel (``пра́вило``, as books for learners print it), no
    letter of the word's spelling, goes. Both hide a word and a reference from every
    pattern. Any other accent stays as the source has it."""
    if not _COMBINING.search(text):
        return []
    out = []
    for m in _ACCENTED.finditer(text):
        new, kind = _accented(m.group())
        if new != m.group():
            out.append(Change(m.start(), m.end(), new, kind, _ACCENT_WHY[kind]))
    return out


_ACCENT_WHY = {
    "compose": "a letter and its accent stored apart, written as one character",
    "stress-mark": "a stress mark over a vowel: no letter of the word",
}


def _accented(letter: str) -> tuple[str, str]:
    """``accents``' reading of a letter and the accents after it, and the kind of
    the repair: composed, or its stress mark gone."""
    marks = letter[1:]
    if letter[0] in _VOWELS:
        marks = marks.translate(_NO_STRESS)
    new = unicodedata.normalize("NFC", letter[0] + marks)
    return new, "stress-mark" if len(marks) < len(letter) - 1 else "compose"


def _unaccented(text: str) -> str:
    """``text`` as ``accents`` leaves it."""
    if not _COMBINING.search(text):
        return text
    return _ACCENTED.sub(lambda m: _accented(m.group())[0], text)


def blank_lines(text: str, ctx: Context) -> list[Change]:
    """Double spacing (a blank line after nearly every line) carries no meaning:
    drop those blank lines; where two or more stand together (one may hold spaces)
    the page marked a paragraph break, and one empty line stays. Otherwise a blank
    line ends a paragraph and stays (``gaps`` collapses runs of them)."""
    lines = ctx.lines(text)
    if lines and lines[-1][2] == "":
        lines = lines[:-1]  # the "line" after the final newline is no blank line
    # nearly every line: the empty lines that cleaning leaves at rules and page
    # breaks are far fewer, so cleaned text is never taken for double spacing
    if not profile_mod.double_spaced([ln[2] for ln in lines]):
        return []
    # Double spacing puts a blank line inside sentences too. When every blank
    # line follows a finished sentence, the blank lines are paragraph breaks and
    # stay; so a cleaned text of one-line paragraphs is not cleaned again.
    if not any(
        ln[2].strip() and not lines[i + 1][2].strip() and _continues(ln[2], lines, i + 1)
        for i, ln in enumerate(lines[:-1])
    ):
        return []
    out = []
    furniture = _pages_with_heads(lines, ctx.profile.running_heads).keys()
    for i, (s, e, line) in enumerate(lines):
        if line.strip() or (i == len(lines) - 1 and s == e):
            continue
        if _spacing_stops(lines, i, furniture):
            continue  # an index or a contents list printed without the spacing: a break
        if i + 1 < len(lines) and not lines[i + 1][2].strip() and lines[i + 1][0] < len(text):
            a, b = _drop_line(text, s, e)  # the next blank line stays as the break
        elif i > 0 and not lines[i - 1][2].strip():
            if s < e:  # the break that stays is an empty line, not one of spaces
                out.append(Change(s, e, "", "double-spacing", "a paragraph break stays"))
            continue
        else:
            a, b = _drop_line(text, s, e)
        out.append(Change(a, b, "", "double-spacing"))
    return _merge_sorted(out)


def _spacing_stops(lines: list, i: int, furniture: AbstractSet[int] = frozenset()) -> bool:
    """The double spacing stops at the blank line ``lines[i]``: the two lines after
    it, or the two before it, are lines of text with no blank line between them (a
    scan's or a PDF's page number, ``_PAGE`` or a ``_BARE_PAGE`` with no other beside
    it, which the spacing need not reach, parts them as a blank does; so does a line of
    a page's number and running head, ``furniture``)."""

    def bare(j: int) -> bool:
        return 0 <= j < len(lines) and _bare_page(lines[j][2]) is not None

    def page(j: int) -> bool:  # a number alone beside another is a table's column
        return _PAGE.match(lines[j][2]) is not None or (
            bare(j) and not bare(j - 1) and not bare(j + 1)
        )

    def together(pair) -> bool:
        found = [j for j in pair if 0 <= j < len(lines)]
        return len(found) == 2 and all(
            lines[j][2].strip() and not page(j) and j not in furniture for j in found
        )

    return together((i + 1, i + 2)) or together((i - 1, i - 2))


def _continues(line: str, lines: list, j: int) -> bool:
    """Whether the sentence of ``line`` goes on past the blank line(s) from
    ``lines[j]``: ``line`` ends no clause, or the next text starts in lower case."""
    if not CLAUSE_END.search(line):
        return True
    nxt = next((ln[2] for ln in lines[j:] if ln[2].strip()), "")
    return nxt.lstrip()[:1].islower()


def bar_prefix(text: str, ctx: Context) -> list[Change]:
    """When most lines start with a margin, strip it: ``|`` (a scraped table border,
    an e-book dump's margin) or ``>`` (a quotation in a mail or forum copy, ``> >``
    when nested). Most is counted from the first margined line to the last: what
    stands before or after the margined text without a margin (an index behind it,
    a contents list in front, the poster's own words around a quotation) does not
    make it a minority."""
    out: list[Change] = []
    lines: list[tuple[int, int, str]] | None = None
    for mark, prefix, kind, lone in _MARGINS:
        if not (text.startswith(mark) or "\n" + mark in text):
            continue
        if lines is None:
            lines = [ln for ln in ctx.lines(text) if ln[2].strip()]
        at = [i for i, ln in enumerate(lines) if ln[2].startswith(mark) and ln[2].strip() != mark]
        marked = [lines[i] for i in at]
        if len(lines) < 3 or len(marked) < 2:
            continue
        # a line of the mark alone is an empty line of the margined text: not counted
        # (a dumped title page is mostly such lines between its few words)
        span = sum(lines[i][2].strip() != mark for i in range(at[0], at[-1] + 1))
        if len(marked) < 0.6 * span:
            continue
        if lone:  # a line of the mark alone is the margin of an empty line, which stays
            marked = [ln for ln in lines if ln[2].startswith(mark)]
        for s, _e, line in marked:
            m = prefix.match(line)
            out.append(Change(s, s + m.end(), "", kind))
    return out


def line_numbers(text: str, ctx: Context) -> list[Change]:
    """A margin of line numbers (a code viewer's, a pasting site's, a PDF of a court
    document's) is removed: ``profile.numbered_margin`` finds it."""
    if not profile_mod.may_have_numbered_margin(text):
        return []
    lines = ctx.lines(text)
    margin = profile_mod.numbered_margin([line for _s, _e, line in lines])
    return [Change(lines[i][0], lines[i][0] + n, "", "line-number") for i, n in margin.items()]


_GUTTER = regex.compile(r"(?<=\S)[ ]{3,}(?=\S)")
"""A run of three blanks or more between two words: where a line may cross from the
left column to the right one (``columns``)."""
_COLUMN_LINES = 4
"""Lines that must cross the same gutter for a text to be read as two columns."""
_COLUMN_WORDS = 3
"""Words a column's piece of a line has on average: two columns of prose, not a
table's short cells or a contents' page numbers."""
_LEFT_WIDTH = 20
"""The narrowest left column ``columns`` reads."""


def _gaps(text: str) -> dict[int, list[tuple[int, int]]]:
    """The runs of blanks (``_GUTTER``) inside the lines of ``text``, by the offset of
    their line's start: ``(from, to)`` columns, found in one pass over the text."""
    out: dict[int, list[tuple[int, int]]] = {}
    line = seen = 0  # the start of the last match's line, and how far it was looked for
    for m in _GUTTER.finditer(text):
        if (back := text.rfind("\n", seen, m.start())) >= 0:
            line = back + 1
        seen = m.start()
        out.setdefault(line, []).append((m.start() - line, m.end() - line))
    return out


def _crossing(gaps: list[tuple[int, int]] | None, at: int) -> tuple[int, int] | None:
    """The one run of blanks of a line that ends where the right column starts
    (``at``, give or take one character), or None."""
    if gaps is None or len(gaps) != 1 or abs(gaps[0][1] - at) > 1:
        return None
    return gaps[0]


def _gutter(
    lines: list[tuple[int, int, str]], gaps: dict[int, list[tuple[int, int]]]
) -> int | None:
    """The character column where the right column of a two-column text starts, or
    None: the place, give or take one character, where most lines that reach it cross
    a run of blanks to their right half, each line crossing no other."""
    starts = Counter(to for runs in gaps.values() for _from, to in runs)
    at = max(starts, key=lambda g: (starts[g - 1] + starts[g] + starts[g + 1], starts[g]))
    if starts[at - 1] + starts[at] + starts[at + 1] < _COLUMN_LINES or at < _LEFT_WIDTH:
        return None
    crossing = reaching = words_left = words_right = figures = 0
    for s, _e, line in lines:
        if len(line.rstrip()) <= at + 1 or len(line) - len(line.lstrip(" ")) >= at - 2:
            continue  # a line of one column alone
        reaching += 1
        gap = _crossing(gaps.get(s), at)
        if gap is not None:
            crossing += 1
            words_left += len(line[: gap[0]].split())
            words_right += len(line[gap[1] :].split())
            figures += line[gap[1] : gap[1] + 1].isdigit()
    if (
        crossing < _COLUMN_LINES
        or figures * 5 > crossing  # a table's figures: «Трефы без контры    20 очков»
        or crossing < 0.8 * reaching
        or words_left < _COLUMN_WORDS * crossing
        or words_right < _COLUMN_WORDS * crossing
    ):
        return None
    return at


def columns(text: str, ctx: Context) -> list[Change]:
    """A text laid out in two columns side by side, each line of a text viewer's copy
    (a PDF's page read with its layout kept) holding a line of the left column, a run
    of blanks and a line of the right one (a parallel translation, Russian on the left
    and the original on the right; a page set in two columns): each line's right half
    goes, and the right column's lines are set after the left column's, where a line
    across both columns (a heading over them) or the end of the two columns stands.
    Only where four lines or more cross one gutter, most of those that reach it, each
    with no other run of blanks, and both halves hold words, three or more on average
    (a table's cells and a contents' page numbers are short)."""
    gaps = _gaps(text) if "   " in text else {}
    if not gaps:
        return []
    lines = ctx.lines(text)
    at = _gutter(lines, gaps)
    if at is None:
        return []
    out: list[Change] = []
    moved: list[str] = []
    first = last = None  # the lines of the two columns: the first and the last crossing

    def flush(where: int) -> None:
        if moved:
            body = "\n".join(moved)
            out.append(Change(where, where, body + "\n", "columns", "the right column"))
            moved.clear()

    for k, (s, e, line) in enumerate(lines):
        gap = _crossing(gaps.get(s), at)
        if gap is not None:
            if first is None:
                first = k
            last = k
            out.append(Change(s + gap[0], e, "", "columns", "a right column's line"))
            moved.append(line[gap[1] :].rstrip())
        elif first is None:
            continue
        elif not line.strip():
            if moved and moved[-1]:
                moved.append("")  # a paragraph's end in both columns
        elif last is not None and last < k - 2:
            break  # past the two columns: the text below is none of theirs
        elif len(line) - len(line.lstrip(" ")) >= at - 2:
            out.append(
                Change(s, e + 1 if e < len(text) else e, "", "columns", "a right column's line")
            )
            moved.append(line.strip())
            last = k
        elif len(line.rstrip()) > at + 1:
            flush(s)  # a line across both columns
        elif last == k - 1:
            last = k  # the left column goes on under the right one's end
    if last is not None:
        while moved and not moved[-1]:
            moved.pop()
        e = lines[last][1]
        if moved:
            out.append(Change(e, e, "\n" + "\n".join(moved), "columns", "the right column"))
    return out


_MARGINS = (
    ("|", regex.compile(r"\|\s?"), "bar-prefix", False),
    (">", profile_mod.QUOTE_MARGIN, "quote-prefix", True),
)
"""A margin's mark, the pattern of the margin on a line, the kind of its edit, and
whether a line of the mark alone is the margin of an empty line (a quoted empty line;
a lone ``|`` is ``line_artefacts``' to remove)."""


def table_bars(text: str, ctx: Context) -> list[Change]:
    """Table borders of a scraped page: bars standing alone between blanks
    (``…на      | наказание…``, ``|      |      |``) joined what were separate
    lines or cells; between two pieces of text they become a line break, at a
    line's start or end they go. A bar inside a word or a lone ``|`` line is not
    touched here (``line_artefacts`` handles the lone bar). A cell that is the site's
    template line goes with a border beside it (``_template_cells``)."""
    if "|" not in text:
        return []
    out, rows = _data_tables(text)
    barred = _needle_lines(text, "|")
    template, gone = _template_cells(text, barred, rows)
    out += template
    for m in _finditer_lines(_TABLE_BAR, text, barred):
        if text.rfind("\n", 0, m.start()) + 1 in rows:
            continue  # a table's row: its bars part its cells
        a, b = m.start(), m.end()
        if gone and any(s < b and a < e for s, e in gone):
            continue  # a border or a bar of a template cell, gone with it
        at_start, at_end = line_edges(text, a, b)
        if at_start and at_end:
            continue
        if at_start and not _TABLE_BAR.search(
            text, b, text.find("\n", b) % (len(text) + 1) or len(text)
        ):
            continue  # one bar opening a line is a margin (``bar_prefix``), not a table
        line_start = text.rfind("\n", 0, a) + 1
        if (
            text.rfind("[", line_start, a) > text.rfind("]", line_start, a)
            and "]" in text[b : text.find("\n", b) % (len(text) + 1) or len(text)]
        ):
            continue  # a bar between square brackets parts links (``[править | править код]``)
        out.append(
            Change(
                a,
                b,
                "" if at_start or at_end else "\n",
                "table-separator",
                "" if at_start or at_end else "a table border stood between two lines",
            )
        )
    return out


_TABLE_BAR = regex.compile(r"[ \t]*(?<![^\s])\|(?:[ \t]*\|)*(?![^\s])[ \t]*")


def _template_cells(
    text: str, barred: list[tuple[int, int]], rows: set[int]
) -> tuple[list[Change], list[tuple[int, int]]]:
    """The site's template lines a text saved from a table set in cells beside the
    page's own (``profile.template_cells``: ``↑ Наверх`` before a law's heading, the
    links to the laws beside after its last sentence), which the profile could not
    remove as lines: each goes with the border after it, the row's last with the
    border before it, and a row of nothing else goes whole. The edits, and the spans
    they take (the bars inside them are not parted again)."""
    out: list[Change] = []
    gone: list[tuple[int, int]] = []
    for first, e in barred:
        s = text.rfind("\n", 0, first) + 1
        if s in rows:
            continue  # a table of data: its cells are the page's
        line = text[s:e]
        cells = profile_mod.template_cells(line)
        if not cells:
            continue
        words = [m.span() for m in _CELL_WORDS.finditer(line)]
        if all(any(a <= x and y <= b for a, b, _ in cells) for x, y in words):
            a, b = _drop_line(text, s, e)
            out.append(Change(a, b, "", "site-chrome", f"{cells[0][2]}: a table's row of it"))
            gone.append((a, b))
            continue
        for a, b, why in cells:
            after = next((x for x, _ in words if x >= b), None)
            if after is None:  # the row's last cell: the border before it goes
                a = max((y for _, y in words if y <= a), default=a)
            else:
                b = after
            out.append(Change(s + a, s + b, "", "site-chrome", f"{why}: a cell of a table's row"))
            gone.append((s + a, s + b))
    return out, gone


_CELL_WORDS = regex.compile(r"[^\s|]+")
"""A run of characters of a row other than blanks and bars: the row's words."""


def _data_tables(text: str) -> tuple[list[Change], set[int]]:
    """The rows of the tables of data a text holds (``grammar.table_cells``: two rows
    or more in a row, with as many cells each, a Markdown rule among them maybe), by
    their lines' starts, and the edits that write each row as the codex keeps it:
    its cells apart by `` | ``, the rule under its head gone."""
    out: list[Change] = []
    rows: set[int] = set()
    run: list[tuple[int, int, list[str] | None]] = []  # (start, end, cells or None: a rule)

    def close() -> None:
        counts = Counter(len(c) for _s, _e, c in run if c is not None)
        if counts and counts.most_common(1)[0][1] >= 2 and len(counts) == 1:
            for s, e, cells in run:
                rows.add(s)
                if cells is None:
                    a, b = _drop_line(text, s, e)
                    out.append(Change(a, b, "", "table-separator", "a table's rule"))
                elif (row := table_row(cells)) != text[s:e]:
                    out.append(Change(s, e, row, "table-separator", "a table's row"))
        run.clear()

    for first, e in _needle_lines(text, "|"):
        s = text.rfind("\n", 0, first) + 1
        if run and s != run[-1][1] + 1:
            close()  # a line without bars between
        line = text[s:e]
        cells = table_cells(line)
        if cells is not None or (run and TABLE_RULE.match(line)):
            run.append((s, e, cells))
        elif run:
            close()
    if run:
        close()
    return out, rows


def dos_layout(text: str, ctx: Context) -> list[Change]:
    """DOS e-text layout (the profile says ``dos``): the fixed indent of every
    line goes; a title centred over two lines (both indented deeper than the
    body) becomes one line; the runs of spaces of justified text become one."""
    if "dos" not in ctx.profile.layout:
        return []
    lines = ctx.lines(text)
    # the body's indent is that of the justified lines (double spaces between words)
    # where there are some: a DOS block inside a reader page's chrome (menus, counters
    # at the margin) must not be measured by the chrome
    justified = [ln for _s, _e, ln in lines if _JUSTIFY.search(ln.strip())]
    indents = Counter(
        len(ln) - len(ln.lstrip(" "))
        for ln in justified or [ln for _s, _e, ln in lines]
        if ln.strip()
    )
    if not indents:
        return []
    # the most common indent; of equally common ones the least (first lines and
    # hanging items are indented deeper than the body)
    body = min(indents, key=lambda n: (-indents[n], n))
    widths = sorted(len(ln.rstrip()) for _s, _e, ln in lines if ln.strip())
    width = widths[int(0.9 * (len(widths) - 1))]
    out = []
    prev_centred = False
    prev = ""
    for s, e, line in lines:
        if not line.strip():
            prev_centred = False
            continue
        lead = len(line) - len(line.lstrip(" \t"))
        # centred: indented deeper than the body and about as far from the right
        # edge (a paragraph's indented first line runs on to the edge); a law or
        # division heading indented so is centred even when it fills the line
        right = width - len(line.rstrip())
        centred = lead > body + 3 and (
            right >= lead - body - 3 or _DOS_HEADING.match(line.lstrip()) is not None
        )
        if centred and prev_centred and s > 0 and not starts_unit(line.strip()):
            out.append(
                Change(
                    s - 1,
                    s + lead,
                    " ",
                    "dos-heading",
                    "a centred title continued on the next line",
                )
            )
        elif prev_centred and not centred:
            # a centred title is a line of its own: the text under it starts a paragraph
            out.append(
                Change(s - 1, s + lead, "\n\n", "dos-heading", "the text under a centred title")
            )
        elif (
            lead > body + 1
            and s > 0
            and text[s - 2 : s - 1].strip()
            and (centred or not _GOES_ON.search(prev) or not prev.startswith(" " * body))
        ):
            # a paragraph's indented first line: the paragraph before it ends here
            # (a line indented deeper after a body line whose sentence visibly goes
            # on, as a lettered item hangs, «… Правилами,» / «И   (b) …», goes on with it)
            out.append(
                Change(
                    s - 1,
                    s + lead,
                    "\n\n",
                    "dos-indent",
                    "an indented first line starts a paragraph",
                )
            )
        elif lead:
            out.append(Change(s, s + lead, "", "dos-indent"))
        prev_centred = centred
        prev = line
        end = len(line.rstrip(" \t"))
        # the wide gaps of a title in spaced letters part its words (``spaced_letters``
        # reads them), not a justified line's
        spaced = [m.span() for m in _SPACED.finditer(line)] if "  " in line else []
        if (m := _SINGLES_LINE.fullmatch(line)) and _justified_words(m[1], ctx) is not None:
            spaced = [m.span(1)]  # a title's line in spaced letters, justified
        for m in _JUSTIFY.finditer(line, lead, end):
            if not any(a <= m.start() < b for a, b in spaced):
                out.append(Change(s + m.start(), s + m.end(), " ", "dos-justify"))
        if lead < end < len(line):
            out.append(Change(s + end, e, "", "dos-justify", "trailing spaces"))
    return _merge_sorted(out)


_GLYPH = profile_mod.BULLET_GLYPHS
_GLYPHED_LINE = regex.compile(rf"(?:\A|(?<=\n))[ \t]*[{_GLYPH}][ \t]*(?=\S)")


def bullet_glyphs(text: str, ctx: Context) -> list[Change]:
    """A bullet glyph (``_GLYPH``) before a unit's marker or a heading at a line's start
    (``·⇥A.Наказание``, ``■ Правило 64.``) goes: the marker opens its line again, read
    without its markup too (``■ [Правило 64](/laws/64.html). …``: a heading linked to
    its own page, which ``markup`` reads later). A
    glyph before other text is the list's own and stays, and so is one before a law named
    in a list: beside another line the same glyph opens, or under a line that leads in
    with a colon (``См. также:`` | ``• Правило 16. …``: laws a text cites, no headings)."""
    if not any(g in text for g in _GLYPH):
        return []
    lines = [(s, line) for s, _e, line in ctx.lines(text) if line.strip()]
    out = []
    for k, (at, line) in enumerate(lines):
        m = _GLYPHED_LINE.match(text, at) if line.lstrip()[:1] in _GLYPH else None
        rest = markup_mod.unmarked(line[m.end() - at :]) if m else ""
        if m is None or not starts_unit(rest):
            continue
        if _law_head(rest) or PART_HEAD.match(rest):
            # a law named in a list is no heading: beside a line the same glyph opens,
            # or under a line that leads in to the list
            glyph = line.strip()[0]
            before = lines[k - 1][1] if k else ""
            after = lines[k + 1][1] if k + 1 < len(lines) else ""
            if any(n.strip()[:1] == glyph for n in (before, after)) or before.rstrip().endswith(
                ":"
            ):
                continue
        out.append(Change(m.start(), m.end(), "", "bullet", "a bullet glyph before a marker"))
    return out


def indents(text: str, ctx: Context) -> list[Change]:
    """A line's indent is layout, never text: every line's leading blanks go (a text
    indented throughout, by a tab or a few spaces, or its paragraphs' first lines).
    Runs after ``dos_layout``, which reads a DOS e-text's indents first (centred
    titles, paragraphs' first lines); the markers of units open their lines again."""
    first = _INDENT.match(text)  # the first line's: no newline stands before it
    spans = [first.span()] if first else []
    spans += [m.span(1) for m in _INDENTED_LINE.finditer(text)]
    return [Change(a, b, "", "indent", "a line's indent") for a, b in spans]


_INDENT = regex.compile(rf"{BLANK}+(?=\S)")
"""The blanks before a line's text (a tab, spaces, typographic spaces)."""
_INDENTED_LINE = regex.compile(rf"\n({BLANK}+)(?=\S)")
"""The newline before an indented line, its indent the group: a pattern that opens
with a newline is looked for as fast as ``str.find`` looks for it, where ``(?m)^``
is tried at every character (six times as slow)."""


_JUSTIFY = regex.compile(r"(?<=\S)[ \t]{2,}(?=\S)")
_GOES_ON = regex.compile(r"[\p{Ll},][ \t]*$")
"""A line that ends in a small letter or a comma: its sentence goes on."""
_DOS_HEADING = regex.compile(LAW_HEAD.pattern + "|" + PART_HEAD.pattern)
_UTF8_TAIL = "".join(sorted(set(bytes(range(0x80, 0xC0)).decode(codepages.sloppy("cp1251")))))
"""What CP1251 reads the second byte of a Russian letter in UTF-8 as (``0x80``–``0xBF``)."""
_SPACED_UNIT = (
    rf"(?:[РС][{regex.escape(_UTF8_TAIL)}]|\S|(?<=[^\s\d][ ])\xa0(?=[ ][^\s\d]|[ \t]*(?:\n|¶|$)))"
    r"(?![^\s¶])"
)
"""One spaced character: a letter, or what a wrong code page made of one: two
characters for a letter of UTF-8 read as CP1251 (``Рџ СЂ`` is «Пр», ``Р\xa0`` is «Р»),
or a no-break space between single spaces, the «а» of a DOS page read as CP1251
(``Џ а \xa0 ў Ё « ®`` is «Правило»), with no digit or blank on either side (a deal's
cards keep theirs: ``♠ Т К 5 \xa0 \xa0 ♥ Д В 3``)."""
_SPACED = regex.compile(
    rf"""
    (?<!\S) {_SPACED_UNIT} (?:[ ]{_SPACED_UNIT}){{2,}}          # a word of three or more spaced characters
    (?: [ \t]{{2,}} {_SPACED_UNIT} (?:[ ]{_SPACED_UNIT})* )*    # more spaced words, after wider gaps
""",
    regex.X,
)
"""A run of spaced characters; the last may carry the pilcrow a page dump leaves at
a line's end (``Р А З Д Е Л¶``), which ``inline_marks`` removes later."""


_SPACED_HINT = regex.compile(r" [РС]?[^ \n] [РС]?[^ \n](?![^\s¶])")
"""What every line that holds a match of ``_SPACED`` holds: a lone character (or the
two of a UTF-8 letter read as CP1251) after a space and a second one after it
(``_SPACED`` is slow to try at every character; this starts with a space)."""


def spaced_letters(text: str, ctx: Context) -> list[Change]:
    """Titles typed with a space between letters (``П Р А В И Л О  6 4 .``): the
    letters of a word are joined and the wider gaps between words become one
    space. Where every gap is one space, the run is joined only when the
    dictionary knows the result or two words it splits into, or a wrong code page's
    reading of it (``spaced_mojibake`` decodes it); other runs of single characters
    (cards ``Т К Д В``, compass points ``N W E S``) stay."""
    out: list[Change] = []
    justified = _justified_titles(text, ctx)
    for a, (b, cuts) in justified.items():
        for g in regex.finditer(r"[ \t]+", text[a:b]):
            out.append(
                Change(
                    a + g.start(), a + g.end(), " " if g.start() in cuts else "", "spaced-letters"
                )
            )
    for m in _finditer_lines(_SPACED, text, _hint_lines(text, _SPACED_HINT)):
        if justified and _line_start(text, m.start()) in justified:
            continue  # read whole above
        words = regex.split(r"[ \t]{2,}", m.group())
        if sum(ch.isalpha() for ch in m.group()) < 3:
            continue
        if len(words) == 1:
            letters = m.group().replace(" ", "")
            if _SMALL_THEN_CAPITAL.search(letters):
                continue  # letters listed with a word between (``Б, В и Г``): no word
            split = _split_known(letters, ctx)
            if (
                split is None
                and len(letters) >= _SPACED_MOJIBAKE_LETTERS
                and not any(ch.isascii() for ch in letters)  # a deal's row: «% Д W E %»
                and any(
                    r.isalpha() and len(r) >= _SPACED_MOJIBAKE_LETTERS and morph.is_known(r)
                    for r in _redecoded(letters)
                )
            ):
                split = 0  # a word a wrong code page read (``С Я Р С О Й Х``): decoded later
            if split is None:
                continue
            keep = {m.start() + 2 * split - 1} if split else set()
            out.extend(
                Change(k, k + 1, "", "spaced-letters")
                for k in range(m.start(), m.end())
                if text[k] == " " and k not in keep
            )
            continue
        for g in regex.finditer(r"[ \t]{2,}| ", m.group()):
            a, b = m.start() + g.start(), m.start() + g.end()
            out.append(Change(a, b, " " if b - a > 1 else "", "spaced-letters"))
    out.sort(key=lambda c: c.start)
    return out


def _line_start(text: str, at: int) -> int:
    return text.rfind("\n", 0, at) + 1


_SINGLES_LINE = regex.compile(r"[ \t]*+(\S(?:[ \t]++\S(?!\S)){5,})[ \t]*+")
"""A line of single characters apart (six or more): letters spaced out, or a deal's
cards."""


def _justified_titles(text: str, ctx: Context) -> dict[int, tuple[int, set[int]]]:
    """The lines of a title in spaced letters that a page justified
    (``_justified_words``): ``{start of its letters: (their end, the gaps that part
    words, as offsets from the start)}``."""
    out: dict[int, tuple[int, set[int]]] = {}
    if "  " not in text:
        return out
    for s, _e, line in ctx.lines(text):
        if "  " not in line or (m := _SINGLES_LINE.fullmatch(line)) is None:
            continue
        cuts = _justified_words(m[1], ctx)
        if cuts is not None:
            out[s + m.start(1)] = (s + m.end(1), cuts)
    return out


def _spaced_word_known(word: str, ctx: Context) -> bool:
    """A word of a title in spaced letters, as joined, is a word: the dictionary
    knows it (past its stop or a source tag after it: ``ВЗЯТОК(DC4)``), or it is a
    number with its stop (``64.``)."""
    core = TAG_END.sub("", word).rstrip(".,:;!?")
    if not core:
        return False
    if core.isdigit():
        return True
    return core.isalpha() and ctx.known(core)


_JUSTIFIED_PIECES = 30
"""Most pieces (letters a single space apart) of a run that ``_justified_words`` reads
as words: a title's line of a justified page holds a few words."""


def _justified_words(run: str, ctx: Context) -> set[int] | None:
    """The gaps (their offsets in ``run``) between the words of a title in spaced
    letters that a page justified (``в   ы   я в  л е  н   и я    ф   а л  ь``):
    justifying widened gaps between its letters too, so a gap of two or more blanks
    no longer tells a word's end, but a gap of one still tells two letters of a word.
    Where the words the wide gaps part are not all words (``_spaced_word_known``), the
    letters are parted into the fewest words that all are, at the wide gaps (the wider
    gap first where two partings have as many words); ``None`` where the wide gaps part
    words already, or no such parting is found."""
    gaps = list(regex.finditer(r"[ \t]{2,}", run))
    pieces = [regex.sub(r"[ \t]", "", p) for p in regex.split(r"[ \t]{2,}", run)]
    if len(pieces) > _JUSTIFIED_PIECES or all(_spaced_word_known(p, ctx) for p in pieces):
        return None
    n = len(pieces)
    # best[k]: (words, -width of the gaps parting them, where the last word starts) of
    # the first k pieces, where they part into words
    best: dict[int, tuple[int, int, int]] = {0: (0, 0, 0)}
    for k in range(1, n + 1):
        for j in range(k):
            if j not in best or not _spaced_word_known("".join(pieces[j:k]), ctx):
                continue
            words, width, _ = best[j]
            score = (words + 1, width - (len(gaps[j - 1].group()) if j else 0), j)
            if k not in best or score[:2] < best[k][:2]:
                best[k] = score
    if n not in best:
        return None
    cuts: set[int] = set()
    k = n
    while k:
        k = best[k][2]
        if k:
            cuts.add(gaps[k - 1].start())
    return cuts


_SMALL_THEN_CAPITAL = regex.compile(r"\p{Ll}\p{Lu}")
"""A small letter before a capital: never inside one word (``ВиГ`` of ``В и Г``)."""
_SPACED_MOJIBAKE_LETTERS = 5
"""Least characters of a run of single spaced ones that a wrong code page's reading may
join, as one word the dictionary knows (a run of three or four may be words of one
letter: «в с в», «и к о»; a holding «К Д х х х» reads as no word); none of them ASCII
(a wrong code page makes no ASCII of Russian letters: «% Д W E %» is a deal's row)."""


def _split_known(letters: str, ctx: Context) -> int | None:
    """0 when ``letters`` is a known word, ``k`` when ``letters[:k]`` and
    ``letters[k:]`` both are, ``None`` otherwise."""
    if not letters.isalpha():
        # a word with its punctuation, or with a source tag after it (``ВЗЯТОК(DC4)``)
        word = TAG_END.sub("", letters).rstrip(".,:;!?")
        return 0 if ctx.known(word) and word[:1].isalpha() else None
    if ctx.known(letters):
        return 0
    for k in range(2, len(letters) - 1):
        if ctx.known(letters[:k]) and ctx.known(letters[k:]) and k >= 3 and len(letters) - k >= 3:
            return k
    return None


def collapsed_lines(text: str, ctx: Context) -> list[Change]:
    """A page whose line breaks were all lost (the profile says ``collapsed``), or a
    line of a page whose other lines kept theirs that lost its own
    (``profile.collapsed_line``): a line break goes back before every structural
    marker, even where no sentence end precedes it (titles have none), and between a
    heading's title and its text, where a word in small letters is followed by a
    capital."""
    if "collapsed" in ctx.profile.layout:
        stretches = [(0, len(text))]
    else:  # only the lines that lost their breaks, on a page whose others kept them
        stretches = [(a, b) for a, b, line in ctx.lines(text) if profile_mod.collapsed_line(line)]
    out: list[Change] = []
    for a, b in stretches:
        out += _collapsed_stretch(text[a:b], a)
    return _merge_sorted(out)


def _collapsed_stretch(text: str, at: int) -> list[Change]:
    """``collapsed_lines`` in a stretch of a text that starts at offset ``at``."""
    out = []
    cuts = collapsed_breaks(text)
    cuts += glued_markers(text)  # ``оппонентов.B. Сдача``: no blank to replace
    cuts += _sections_after_law_numbers(text, cuts)  # ``Правило 57.C. Ход``
    cuts.sort(key=lambda m: m.start())
    bounds = [0] + [m.end() for m in cuts]
    for m in cuts:
        out.append(
            Change(
                at + m.start(), at + m.end(), "\n", "collapsed-break", "marker starts a new unit"
            )
        )
    for start, end in zip(bounds, [*bounds[1:], len(text)]):
        # a division's title may run into its first law's heading, which lost its stop
        # (``Раздел I - Показ карты … Правило 24 Показ карты … Когда``): the heading after a
        # title is parted from its own title's text in turn
        while (unit := text[start:end]) and (
            head := ANY_HEADING.match(unit) or STOPLESS_OPENING.match(unit)
        ):
            t = _TITLE_END.search(unit, head.end())
            # a title ends before the first sentence does: past one, the title was glued
            # to its text (``наказанияКогда``) and the next small letter before a capital
            # is the text's, or a site's footer's (``последняя Купите``)
            # … nor past a title glued to its text (``отклонениемЕсли``), which
            # ``glued_headings`` parts
            if not (
                t
                and "\n" not in unit[: t.start()]
                and not SENTENCE_STOP.search(unit, head.end(), t.start())
                and not _GLUED.search(unit, head.end(), t.start())
            ):
                break
            out.append(
                Change(
                    at + start + t.start(),
                    at + start + t.end(),
                    "\n",
                    "collapsed-break",
                    "title ends, text begins",
                )
            )
            start += t.end()
    return out


def _sections_after_law_numbers(text: str, cuts: list) -> list[regex.Match]:
    """The sections glued to a law's number a sentence ends on
    (``SECTION_AFTER_LAW_NUMBER``: ``… применяется Правило 57.C. Правильный ход``) that
    start a unit on a collapsed page, ``cuts`` being where the others start: the
    letter goes on counting the sections of the law it stands in (``C.`` after that
    law's ``B.``), the number is another law's (a law that names its own number names
    its own section), and the law's next section comes after it; where none follows,
    the section's title is glued to its text (``… вне очередиЕсли``), as on the page
    around it: a sentence right after the letter is a reference's (``по правилу 12.C.
    Судья может …``)."""
    found = list(SECTION_AFTER_LAW_NUMBER.finditer(text))
    if not found:
        return []
    starts = sorted({0, *(m.end() for m in cuts)})
    out = []
    for m in found:
        i = bisect.bisect_right(starts, m.start())
        law = next(
            (h for ln in _lines_back(text, starts, i, m.start()) if (h := _law_head(ln))), None
        )
        here = text[m.start() : m.start() + _UNIT_START]
        if (
            law is None
            or int(law[1]) == int(m[1])
            or not goes_on_counting(_lines_back(text, starts, i, m.start()), here)
        ):
            continue
        place = series_place(here)
        nxt = _next_section(text[a : a + _UNIT_START].lstrip() for a in starts[i:])
        if place is None or nxt <= place[1]:
            continue
        if nxt == float("inf"):
            stop = SENTENCE_STOP.search(text, m.end() + 2, m.end() + _UNIT_START)
            if not _GLUED.search(
                text, m.end() + 2, stop.start() if stop else m.end() + _UNIT_START
            ):
                continue
        out.append(m)
    return out


_UNIT_START = 300
"""Characters of a unit read to tell what it opens (its marker, its title)."""


def _lines_back(text: str, starts: list[int], i: int, at: int) -> Iterator[str]:
    """The lines of the units that start at ``starts[:i]``, up to offset ``at``, the
    nearest first, as they are asked for."""
    ends = [*starts[1:i], at]
    for a, b in zip(reversed(starts[:i]), reversed(ends)):
        for ln in reversed(text[a:b].split("\n")):
            yield ln.lstrip()


def _next_section(units: Iterable[str]) -> float:
    """The place of the first section among ``units`` before a law's heading, or
    infinity where none follows."""
    for unit in units:
        if _law_head(unit):
            break
        place = _section_place(unit)
        if place is not None and place[0] == "section":
            return place[1]
    return float("inf")


_JOINED_RUN_WORDS = 120
"""How far a run of template lines on a collapsed page is looked for from where it
may start (a reader site's header is some forty words)."""


def collapsed_chrome(text: str, ctx: Context) -> list[Change]:
    """A reader site's template on a page whose line breaks were all lost: its menus,
    header lines, pager and adverts are joined to the page's text, so the profile,
    which reads lines, found none of them. Once ``collapsed_lines`` has put a break
    before every unit, a run of template lines joined end to end (``profile.
    joined_template``: each piece a template line by its shape, or a short line
    beside one) is removed where a line of the site can stand: before the page's
    first heading, at the start of a line or after a sentence end, up to the end of
    the line or to a word that starts a sentence (a capital); and at the page's end
    after a sentence cut off, a run that reaches the end (the site's pager and
    footer under a page cut out of the book)."""
    if "collapsed" not in ctx.profile.layout:
        return []
    lines = [ln for ln in ctx.lines(text) if ln[2].strip()]
    first = next((n for n, (_, _, line) in enumerate(lines) if starts_unit(line)), len(lines))
    # what stands before the first heading is one stretch (a table's bars may have
    # broken the header into lines); after it, each line is one
    stretches = [lines[:first]] if first else []
    stretches += [[ln] for ln in lines[first:]]
    if len(stretches) > 1 + bool(first) and not starts_unit(stretches[-1][0][2]):
        # the last line is text ``collapsed_lines`` broke off its heading's title: a
        # footer may begin under the title (a page cut off after a heading)
        stretches[-2:] = [stretches[-2] + stretches[-1]]
    out = []
    for n, stretch in enumerate(stretches):
        words = [
            (m.start() + s, m.end() + s, m.group())
            for s, _, line in stretch
            for m in _NON_BLANKS.finditer(line)
        ]
        last = n == len(stretches) - 1
        p = 0
        while p < len(words):
            # in mid-sentence only at the page's end, where a page cut out of the book
            # stops in mid-sentence before the site's footer, and only a run that
            # reaches the end, opening with no small letter
            mid = p > 0 and words[p - 1][2][-1] not in profile_mod._ENDS
            if mid and not (
                last and len(words) - p <= _JOINED_RUN_WORDS and not words[p][2][:1].islower()
            ):
                p += 1
                continue
            ahead = [w for _, _, w in words[p : p + _JOINED_RUN_WORDS]]
            whole = p + len(ahead) == len(words)
            at_start = n == 0 and p == 0 and first > 0
            ends = profile_mod.joined_template(ahead, at_start, whole and (at_start or last))
            k = next(
                (
                    k
                    for k in reversed(ends)
                    if p + k == len(words) or (not mid and words[p + k][2][:1].isupper())
                ),
                0,
            )
            if not k:
                p += 1
                continue
            if p + k < len(words):
                a, b = words[p][0], words[p + k][0]
            elif p:
                a, b = words[p - 1][1], stretch[-1][1]
            else:
                a, b = _drop_line(text, stretch[0][0], stretch[-1][1])
            out.append(
                Change(
                    a, b, "", "site-chrome", "template lines joined to the text (collapsed page)"
                )
            )
            p += k
    return out


_TITLE_END = regex.compile(r"(?<=[а-яё,)]) (?=[А-ЯЁ][а-яё]|[АВИКОСУЯ] [а-яё])")


_CHROME = regex.compile(
    r"""^\s*(?:
      Шрифт\s*:? | Размер\ шрифта.* | Версия\ для\ печати | На\ главную
    | Назад | Вперед | Вперёд | Оглавление\s*:? | Содержание\s*:? | Читать\ далее.* | Меню
    | Поиск(?:\ по\ сайту)?\s*:? | Главная | Войти | Регистрация | Печать | [Сс]качать.*
    | [A-Za-z]\ +[A-Za-z]\ +[A-Za-z]          # font-size toggles "A A A"
)\s*$""",
    regex.X,
)
_PAGE = regex.compile(
    r"^\s*(?:[-–—]\s*(\d{1,4})(?:\s*[-–—])?|(\d{1,4})\s*[-–—]|\[(\d{1,4})\]|\{(\d{1,4})\}"
    r"|(?P<open>[-–—=]+|\[|\()?[ \t]*(?:[Сс]траница|СТРАНИЦА|[Сс]тр\.|[Pp]age|PAGE)[ \t]*"
    r"(\d{1,4})(?:[ \t]*(?:из|of|/)[ \t]*\d{1,4})?[ \t]*"
    r"(?(open)(?:[-–—=]+|\]|\))))\s*$"
)
"""A page number on a line of its own: ``– 87``, ``- 41 -``, ``-41-``, ``41 -``, the ``[42]`` or
``{42}`` an e-text of a printed book keeps where its pages began, and a page's number
with its word, maybe of how many, maybe between dashes or in brackets: ``стр. 12``,
``Страница 12 из 88``, ``[стр. 12]``, ``--- Page 12 ---`` (not ``с. 12``, which ends
a citation wrapped onto its own line as often). A dash glued to the number with no dash
after it (``–2``, ``-47``) is a page's number only where no table's cell stands beside
it (``_minus_cell``)."""
_GLUED_MINUS = regex.compile(r"^\s*[-–—]\d{1,4}\s*$")
_CELLS_AROUND = 2
"""Table cells among the lines around a glued minus that make it one (``_minus_cell``)."""


def _minus_cell(lines: list[tuple[int, int, str]], i: int) -> bool:
    """``lines[i]`` is a number with a dash glued before it (``–2``) among a table's
    cells (``profile.table_cell``: two of the two lines of text above it and the two
    below it): a minus in a table of results or scores, set one cell to a line, not a
    page's number, whose dash a scan may glue to it too (``-47`` between two lines of
    text, or beside one heading: ``Комментарий``)."""
    if _GLUED_MINUS.match(lines[i][2]) is None:
        return False

    def near(steps: range) -> list[str]:  # the two nearest lines of text that way
        return list(itertools.islice((ln for j in steps if (ln := lines[j][2]).strip()), 2))

    around = near(range(i - 1, -1, -1)) + near(range(i + 1, len(lines)))
    return sum(map(profile_mod.table_cell, around)) >= _CELLS_AROUND


_ORNAMENTS = {"<": ">", "(": ")", "~": "~", "*": "*", "·": "·", "•": "•", "#": "#"}
"""The ornaments a typesetter or a converter sets around a page's number (``(12)``,
``~ 12 ~``, ``* 12 *``, ``· 12 ·``, ``# 12``), each with its closing one; ``#`` and
``<`` may stand alone."""
_BARE_PAGE = regex.compile(
    r"^\s*(?P<word>[Сс]\.[ \t]*)?(?P<open>[<(~*·•#])?[ \t]*(?P<page>\d{1,4})"
    r"(?:[ \t]*(?:из|of|/)[ \t]*(?P<of>\d{1,4}))?[ \t]*(?P<close>[>)~*·•#])?\s*$"
)
"""A number alone on its line, maybe of how many, maybe after «с.», maybe between
ornaments (``12``, ``12 из 88``, ``12 / 88``, ``<12>``, ``с. 12``, ``(12)``, ``~ 12 ~``;
groups ``word``, ``open``, ``page``, ``of``, ``close``): a page's number only where its
ornaments pair up (``_page_style``) and the lines around tell (``_bare_pages``; a
citation wrapped onto its own line ends in ``с. 12`` as often)."""


def _page_style(m: regex.Match) -> str | None:
    """The way a ``_BARE_PAGE`` match sets its number (its opening ornament, ``""`` for
    none or ``<``), or None where its ornaments do not pair up (``(12``, ``~ 12 *``): the
    numbers of one way on a page count up together."""
    opening, closing = m["open"], m["close"]
    if opening is None:
        return "" if closing in (None, ">") else None
    if closing == _ORNAMENTS[opening] or (closing is None and opening in "<#"):
        return "" if opening == "<" else opening
    return None


def _bare_page(line: str) -> regex.Match | None:
    """``line`` is a number alone, in one of the ways ``_BARE_PAGE`` knows."""
    m = _BARE_PAGE.match(line)
    return m if m is not None and _page_style(m) is not None else None


def _page_number(m: regex.Match) -> int:
    """The page's number a ``_PAGE``, ``_PAGE_PREFIX`` or ``_BARE_PAGE`` match holds."""
    return int(next(g for g in m.groups() if g and g.isdigit()))


_DIRECTIVE = regex.compile(r"^\s*\.\.page[ \t]?\d*\s*$")
"""``..page4`` (``..page 4`` in some copies): a DOS e-text's printer directive. The e-text runs on across it
(nothing is missing), so it is no page number and no paragraph break."""
_PAGE_PREFIX = regex.compile(r"^\s*[-–—]\s*(\d{1,4})(?P<closed>\s*[-–—])?\s+(?=\S)")
"""A page's number run into the next page's first line: ``– 95 C.…``, or closed by its
second dash (``- 41 - Правило 13.``, or ``- 45 - считать …`` inside a sentence the
page before left unended)."""
_RULE = regex.compile(r"^\s*([-=_*~─═])\1{4,}\s*$")
_SHORT_RULE = regex.compile(r"^\s*([-=_─═])\1{1,3}\s*$")
"""``--``: the first characters of an underline rule whose rest the page end cut off
(a dash that stands for a word always has words beside it)."""
_STRIP = regex.compile(
    r"^\s*\d{1,4}(?:\s+\d{1,4}){4,}\s*$"
    r"|^\s*\d{1,4}(?:\s+\d{1,4}){1,}\s*(?:…|\.{2,})\s*\d{1,4}\s*$"
)
"""``1 2 3 4 5 6`` or, with a gap, ``1 2 3 … 206``."""
_QRUN_BODY = profile_mod.QUESTION_RUN
_QRULE = regex.compile(rf"^\s*{_QRUN_BODY}\s*$")
_ARTEFACT_WORDS = (
    "Все", "Шрифт", "Размер", "Версия", "На", "Вперед", "Вперёд", "Оглавление", "Содержание",
    "Читать", "Меню", "Поиск", "Главная", "Войти", "Регистрация", "Печать", "Скачать",
    "скачать", "Стр.", "стр.", "Страница", "страница", "СТРАНИЦА", "С.", "с.",
)  # fmt: skip
"""How a line that opens with a letter other than a Latin one must open for
``_CHROME`` or ``_PAGE`` to match it (no other line pattern opens with a letter; the
lines of a page's number and running head are found before, ``_pages_with_heads``)."""


def line_artefacts(text: str, ctx: Context) -> list[Change]:
    """Remove whole lines that are not text: site chrome (reader menus), page
    numbers (``– 87``, ``- 41 -``, ``..page4``, ``стр. 12``), pagination strips
    (``1 2 3 … 206``), underline rules (``-----``, ``=====``), a lone ``|``, a
    line of ``?``, a page's number and its running head on one line
    (``56      ПРАВИЛА ИГРЫ``, ``_pages_with_heads``). A page number that opens a line
    of text (``– 95 C.Имеется…``) is removed and the text kept. Page numbers are
    remembered for the segmenter."""
    lines = ctx.lines(text)
    with_head = _pages_with_heads(lines, ctx.profile.running_heads)
    pages = []  # (line index, page number) of every page-number line, for hard/soft
    bare: dict[str, list[tuple[int, int]]] = {}  # the same of the numbers alone, by way
    minus: set[int] = set()  # the lines of a table's glued minus (``_minus_cell``)
    for i, (_s, _e, line) in enumerate(lines):
        if i in with_head:
            pages.append((i, with_head[i]))
            continue
        first = line[:1]
        if first.isalpha() and first not in "СсPp":
            continue  # (a line that opens with a letter has no blanks to strip)
        first = line.lstrip()[:1]
        if not first or (first.isalpha() and first not in "СсPp"):
            continue  # a page number opens with a dash, a digit or its word, never another letter
        if _minus_cell(lines, i):
            minus.add(i)
        m = _PAGE.match(line) or _PAGE_PREFIX.match(line)
        if m and not _CHROME.match(line) and i not in minus:
            pages.append((i, _page_number(m)))
        elif first.isdigit() or first in "Сс" or first in _ORNAMENTS:
            if m := _bare_page(line):
                bare.setdefault(_page_style(m) or "", []).append((i, int(m["page"])))
    bare_pages = {i for way, found in bare.items() for i in _bare_pages(found, lines, way)}
    joined = _joined_pages(lines, with_head.keys())
    if bare_pages:
        pages = sorted(pages + [(i, n) for way in bare.values() for i, n in way if i in bare_pages])
    soft = {i for (i, p), (_j, q) in itertools.pairwise(pages) if q == p + 1}
    # the last page number of a run that counts up: the book runs on past it too
    if len(pages) >= 2 and pages[-1][1] == pages[-2][1] + 1:
        soft.add(pages[-1][0])
    # a page's number that cuts a sentence: the sentence goes on past it
    soft.update(i for i, _p in pages if _cuts_a_sentence(lines, i))
    out = []
    for i, (s, e, line) in enumerate(lines):
        if i in joined:
            a, b, number = joined[i]
            where = "first" if a == 0 else "last"
            out.append(
                _page_cut(s + a, s + b, number, f"page number joined to the page's {where} line")
            )
            if a == 0:
                continue
        if i in with_head:
            reason = "a page's number and its running head on one line"
            if i in soft or (
                0 < i < len(lines) - 1
                and profile_mod.inside_a_sentence(lines[i - 1][2], lines[i + 1][2])
            ):
                a, b = _drop_line(text, s, e)
            else:
                a, b, reason = s, e, f"{reason}; a paragraph break stays"
            out.append(Change(a, b, "", "page-number", reason, ((s, with_head[i]),)))
            continue
        # (every pattern opens with ``^\s*``: an indented line is read after its blanks)
        opening = line.lstrip(_WHITESPACE) if line[:1].isspace() else line
        first = opening[:1]
        if first.isalpha() and not (first.isascii() or opening.startswith(_ARTEFACT_WORDS)):
            continue  # a line of text: every pattern that may open with a letter opens with a word
        stripped = line.strip()
        if not stripped or (len(stripped) > 80 and stripped[0].isalpha()):
            continue  # a long line of words is text: no artefact pattern can match it
        kind = why = None
        page = None
        m = _PAGE.match(line) if i not in minus else None
        m = m or (_bare_page(line) if i in bare_pages else None)
        if _CHROME.match(line):
            kind = "site-chrome"
        elif _DIRECTIVE.match(line):
            kind = "printer-mark"
        elif m:
            kind = "page-number"
            page = _page_number(m)
        elif _STRIP.match(line) and _ascending(stripped):
            kind = "pagination-strip"
        elif _RULE.match(line):
            kind = "underline-rule"
        elif _SHORT_RULE.match(line):
            kind, why = "underline-rule", "a rule cut short; a paragraph break stays"
        elif stripped == "|":
            kind = "lone-bar"
        elif _QRULE.match(line):
            kind, why = "question-run", "a whole line of ? stands for a rule"
        if kind:
            # A rule, a strip or a page number followed by missing pages separates
            # paragraphs: an empty line stays in its place, so that cleaning the
            # cleaned text again keeps the break. Chrome and a page number inside
            # running text (the next page follows) go with their line.
            mark = ((s, page),) if page is not None else ()
            if kind in ("site-chrome", "printer-mark") or (kind == "page-number" and i in soft):
                a, b = _drop_line(text, s, e)
                out.append(Change(a, b, "", kind, why or "", mark))
            else:
                out.append(Change(s, e, "", kind, why or "a paragraph break stays", mark))
            continue
        if stripped[0].isdigit():
            if (glued := _glued_page_over_heading(text, lines, i)) is not None:
                out.append(glued)
            continue
        m = _PAGE_PREFIX.match(line) if stripped[0] in "-–—" else None
        rest = line[m.end() :] if m else ""
        # closed by its dash, before the rest of a sentence: between hyphens as a page's
        # footer is set (``- 45 - считать …``), or after a line that left it unended (a
        # line of dialogue under a question, ``— 9 — ответил он``, and a range, ``- 1 - 2
        # взятки``, are no page's)
        cut = (
            m is not None
            and m["closed"] is not None
            and rest[:1].islower()
            and (
                (stripped[0] == "-" and m["closed"].strip() == "-")
                or (
                    i > 0
                    and bool(lines[i - 1][2].strip())
                    and not CLAUSE_END.search(lines[i - 1][2])
                )
            )
        )
        if m and (cut or starts_unit(rest)):
            into = "heading" if starts_unit(rest) else "page's text"
            out.append(
                _page_cut(s, s + m.end(), int(m[1]), f"page number run into the next {into}")
            )
    return _merge_sorted(out)


def _page_cut(a: int, b: int, number: int, why: str) -> Change:
    """The edit that cuts a page's number (``a``–``b``) out of a line of text, the page
    remembered where it stood."""
    return Change(a, b, "", "page-number", why, ((a, number),))


def _glued_page_over_heading(text: str, lines: list[tuple[int, int, str]], i: int) -> Change | None:
    """A page's number glued with no dash to a heading that opens the page (``12
    Правило 13. …``, ``95 B. После …``, ``95 2. Игрок …``: a document viewer's text
    joins the number in the page's corner to its first line), or None. Only where the
    unit's text follows: a sentence within a few lines, before any law's heading; and
    not where the next line's number counts on from it (a margin of line numbers,
    ``line_numbers``). A law's heading: not where the line of text before is such a
    heading too (a table of contents numbers its entries so, its sections' titles
    under them), nor where the law's heading stood above already (a running head the
    page's number opens, over the rest of a sentence). A section's, a clause's or a
    paragraph's: only where it goes on counting its series (``B.`` after ``A.``; a
    series' first where its next follows), after a line that ended a sentence or
    opened a unit (``… по правилу`` over ``64 B.`` is a reference cut by a wrap)."""
    s, _e, line = lines[i]
    m = _BARE_PAGE_PREFIX.match(line)
    if m is None:
        return None
    rest = line[m.end() :]
    head = _law_head(rest)
    before = next((lines[j][2] for j in range(i - 1, -1, -1) if lines[j][2].strip()), "")
    nxt = next((lines[j][2] for j in range(i + 1, len(lines)) if lines[j][2].strip()), "")
    if (after := _BARE_PAGE_PREFIX.match(nxt)) is not None and int(after[1]) == int(m[1]) + 1:
        return None  # a margin of line numbers counts on under it (``line_numbers``)
    if head is not None:
        if _numbered_law_head(before) or any(
            (h := _law_head(lines[j][2].lstrip(" \t"))) is not None and h[1] == head[1]
            for j in range(i)
        ):
            return None  # a contents list's entry, or a running head over the law's next page
        first = i + 1
    elif _glued_over_unit(text, lines, i, rest, before):
        first = i  # the unit's own line may hold its sentence
    else:
        return None
    # the unit's text under it: a sentence (or the words that open its list, ``…
    # судьи:``) before the next law's heading (a contents list lists titles under its
    # entries). A running head's page goes on with a small letter right under the law's
    # heading (and a contents list's summary after its «;»), where a sentence or a
    # unit's title wrapped goes on so below its first line. The words of a unit's own
    # line open a sentence of their own (a contents list's titles, ``A. …``).
    under = head is None
    words = 0  # of the unit's text so far: a sentence wrapped ends on a short line
    last = ""
    for j in range(first, min(len(lines), i + 1 + _LINES_TO_A_SENTENCE)):
        text_j = (rest if j == i else lines[j][2]).strip()
        if not text_j:
            continue
        small = text_j[0].islower()
        if (small and (not under or (head is not None and last.endswith(";")))) or (
            j > i and (_law_head(text_j) is not None or _numbered_law_head(text_j))
        ):
            return None
        under, last = True, text_j
        if j > i and series_place(text_j) is not None:
            words = 0
        words += len(text_j.split())
        # a contents list's titles under a law's entry end with «;»
        ends = TAG_END.search(text_j) or (
            FULL_STOP.search(text_j) or text_j.endswith(":")
            if head is not None
            else CLAUSE_END.search(text_j)
        )
        if ends and words >= _SENTENCE_WORDS:
            break
    else:
        return None
    return _page_cut(
        s, s + m.end(), int(m[1]), "page number glued to the heading that opens the page"
    )


def _glued_over_unit(
    text: str, lines: list[tuple[int, int, str]], i: int, rest: str, before: str
) -> bool:
    """``rest``, what follows a number and a blank on ``lines[i]``, opens the next unit
    of a series (``goes_on_counting``; a series' first where its next follows,
    ``counts_on_to``, or right under its law's heading) after a line that ended a
    sentence or opened a unit, and the line before is no such numbered unit (a contents
    list)."""
    place = series_place(rest)
    if place is None:
        return False
    prev = before.strip()
    if prev and not (
        CLAUSE_END.search(prev)
        or TAG_END.search(prev)  # a paragraph the source tags (``…(DC4)``) ends so
        or series_place(prev) is not None
        or _law_head(prev) is not None
    ):
        return False  # the line before runs on: a reference cut by a wrap (``правилу`` / ``64 B.``)
    if (p := _BARE_PAGE_PREFIX.match(before)) is not None and series_place(before[p.end() :]):
        return False  # a contents list numbers its entries so
    s = lines[i][0]
    if goes_on_counting(_lines_before(text, s), rest):
        return True
    after = (ln for _a, _b, ln in lines[i + 1 : i + 1 + COUNTING_REACH])
    return place[1] == 1 and (_law_head(prev) is not None or counts_on_to(rest, after))


def _numbered_law_head(line: str) -> bool:
    """``line`` is a law's heading after a number and a blank (``12 Правило 13. …``)."""
    m = _BARE_PAGE_PREFIX.match(line)
    return m is not None and _law_head(line[m.end() :]) is not None


_BARE_PAGE_PREFIX = regex.compile(r"^[ \t]*(\d{1,4})[ \t]+(?=\S)")
"""A number and a blank that open a line (``12 Правило 13. …``)."""
_LINES_TO_A_SENTENCE = 8
"""How many lines under a heading ``_glued_page_over_heading`` reads for its text."""
_SENTENCE_WORDS = 4
"""Least words of the law's text under a heading, up to the end of its first sentence
or clause."""


_LINES_A_PAGE = 5
"""Least lines of text a page holds between two such lines (a contents list's entries,
a caption's numbered examples, stand closer)."""
_CHARACTERS_A_PAGE = 1000
"""Least characters a page holds, on however few lines (a text saved a paragraph a
line)."""


def _a_page_apart(lines: list[tuple[int, int, str]], i: int, j: int) -> bool:
    """``lines[i]`` and ``lines[j]`` (i < j) stand at least a page apart: more than
    ``_LINES_A_PAGE`` lines or ``_CHARACTERS_A_PAGE`` characters."""
    return j - i > _LINES_A_PAGE or lines[j][0] - lines[i][1] >= _CHARACTERS_A_PAGE


def _bare_pages(
    bare: list[tuple[int, int]], lines: list[tuple[int, int, str]], way: str = ""
) -> set[int]:
    """The line indexes of the numbers alone on their lines (``bare``: index, number),
    all set one ``way`` (``_page_style``), that are pages' numbers. A page ends wherever its lines do, so its number cuts
    sentences, where a heading or a list's item numbered so never does (the lines
    around are read past empty ones):

    - a run of them that counts up by one from past the first page, each at least a
      page (``_a_page_apart``) below the one before, where half the breaks cut a
      sentence, all are of one count of pages (``12 / 88``, ``13 / 88``), or all have
      the page's word (``с. 12``, ``с. 13``) and one cuts a sentence or
      ``_UNCUT_PAGES`` count on;
    - a run of ``_UNCUT_PAGES`` or more that counts so where the text was saved a
      paragraph a line, so that no page's end cuts a sentence: half of them stand
      under a line longer than a hard wrap makes (``_under_a_paragraph``; the numbers
      of laws set alone over their titles in a wrapped text stay);
    - any other of a count of pages that cuts a sentence (``57 / 134``), or that cuts
      a word a hyphen broke (``дубли-`` | ``75`` | ``катной``);
    - any other between a typesetter's ornaments (``(57)``, ``~ 57 ~``, ``# 57``) that
      cuts a sentence, past the first page and with no other set so a page around it
      (a list's numbers on lines of their own, ``(1)`` | ``положение карт`` | ``(2)``).

    None under an e-book's notes heading (``Примечания``), where a note's number may
    stand alone above its text."""
    notes = next(
        (i for i in range(len(lines) - 1, -1, -1) if NOTES_HEAD.match(lines[i][2])), len(lines)
    )
    out: set[int] = set()

    def total(i: int) -> int | None:
        m = _BARE_PAGE.match(lines[i][2])
        return int(m["of"]) if m and m["of"] else None

    def alone(i: int, n: int) -> bool:
        t = total(i)
        above = _text_line(lines, i, -1)
        if t is not None:
            return 0 < n <= t and _cuts_a_sentence(lines, i)
        if way:  # one of a list's numbers set so stands beside the others
            return (
                n > 1
                and _cuts_a_sentence(lines, i)
                and not any(0 < abs(j - i) <= _LINES_A_PAGE for j, _n in bare)
            )
        return (
            above is not None
            and _HYPHENATED_PIECE.search(above) is not None
            and _cuts_a_sentence(lines, i)
        )

    def close(run: list[tuple[int, int]]) -> None:
        cut = sum(_cuts_a_sentence(lines, i) for i, _n in run)
        totals = {total(i) for i, _n in run}
        paragraphs = sum(_under_a_paragraph(lines, i) for i, _n in run)
        # «с. 12»: the page's word tells, where one cuts a sentence or three count on
        # (a citation wrapped onto its own line ends so as often)
        worded = all(_BARE_PAGE.match(lines[i][2])["word"] for i, _n in run) and (
            cut or len(run) >= _UNCUT_PAGES
        )
        if (
            len(run) >= 2
            and run[0][1] > 1  # a list's items count from 1
            and (
                2 * cut >= len(run)
                or (len(totals) == 1 and None not in totals)
                or worded
                or (len(run) >= _UNCUT_PAGES and 2 * paragraphs >= len(run))
            )
        ):
            out.update(i for i, _n in run)
        else:
            out.update(i for i, n in run if alone(i, n))

    for run in _counting_runs([(i, n) for i, n in bare if i <= notes], lines):
        close(run)
    return out


_Numbered = TypeVar("_Numbered", bound=tuple[int, ...])


def _counting_runs(
    found: list[_Numbered], lines: list[tuple[int, int, str]]
) -> Iterator[list[_Numbered]]:
    """``found`` (each a line's index first and a number last, in the lines' order) in
    runs that count up by one, each at least a page (``_a_page_apart``) below the one
    before: the runs pages' numbers make."""
    run: list[_Numbered] = []
    for item in found:
        if run and item[-1] == run[-1][-1] + 1 and _a_page_apart(lines, run[-1][0], item[0]):
            run.append(item)
            continue
        if run:
            yield run
        run = [item]
    if run:
        yield run


_UNCUT_PAGES = 3
"""Pages' numbers in a run that tell it pagination where none cuts a sentence."""


def _joined_pages(
    lines: list[tuple[int, int, str]], skip: AbstractSet[int]
) -> dict[int, tuple[int, int, int]]:
    """The pages' numbers a document viewer's text joins, after a blank, to the end of
    a page's last line (``… сыгранных карт. 96``) or to the start of the next page's
    first line: by line index, the span of the number and its blank in the line, and
    the number. At lines' ends, a run of ``_UNCUT_PAGES`` or more that counts up by
    one, each at least a page (``_a_page_apart``) below the one before, one of them
    after a sentence's end (a contents list's entries end in their pages lines apart;
    counts in sentences, ``… выиграл 7`` | ``взяток``, or examples' numbers, ``Пример
    2``, have no stop before them). One in a shorter run only where it cuts a word a hyphen broke
    (``после- 78`` | ``дующие``, ``после-`` | ``78 дующие``), or ends the text after
    its last full stop (the last page's). A number that opens a line of text is read
    no further: a count (``7 взяток``) and a list's item numbered with no stop open
    lines so. Lines ``skip`` and a page's own line (``12 из 88``) are read otherwise."""
    ends: list[tuple[int, int, int, int]] = []  # (line index, from, to, number)
    starts: list[tuple[int, int, int, int]] = []
    for i, (_s, _e, line) in enumerate(lines):
        end = line.rstrip()
        if i in skip or not (end[-1:].isdigit() or end[:1].isdigit()):
            continue
        if _PAGE.match(line) or _bare_page(line) or _CHROME.match(line):
            continue  # a page's own line
        if end[-1:].isdigit():
            m = _TRAILING_PAGE.search(end)
            if m is not None and HEAD_AT_END.search(end, 0, m.start()) is None:
                ends.append((i, m.start(), len(end), int(m[1])))
        if line[:1].isdigit() and (m := _BARE_PAGE_PREFIX.match(line)) is not None:
            starts.append((i, 0, m.end(), int(m[1])))
    out = {i: (a, b, n) for i, a, b, n in starts if _opens_a_hyphens_piece(lines, i, b)}
    for run in _counting_runs(ends, lines):
        if len(run) < _UNCUT_PAGES:
            out.update((i, (a, b, n)) for i, a, b, n in run if _alone_a_page(lines, i, a, b))
        elif any(_after_a_stop(lines[i][2], a) for i, a, _b, _n in run):
            out.update((i, (a, b, n)) for i, a, b, n in run)
    return out


def _after_a_stop(line: str, at: int) -> bool:
    """The text of ``line`` before ``at`` ends a sentence (``FULL_STOP``), not in a
    contents list's dot leader (``grammar.LEADER``: its page follows it)."""
    leaders = (m for m in LEADER.finditer(line) if m.end() > at)
    return FULL_STOP.search(line, 0, at) is not None and next(leaders, None) is None


def _opens_a_hyphens_piece(lines: list[tuple[int, int, str]], i: int, b: int) -> bool:
    """The number that opens ``lines[i]`` (up to ``b``) cuts a word a hyphen broke: the
    line of text above ends in its first piece, the rest of this one goes on in small
    letters (``после-`` | ``78 дующие``)."""
    above = _text_line(lines, i, -1)
    return (
        above is not None
        and _HYPHENATED_PIECE.search(above) is not None
        and lines[i][2][b:].lstrip()[:1].islower()
    )


def _alone_a_page(lines: list[tuple[int, int, str]], i: int, a: int, b: int) -> bool:
    """The number at ``a``–``b`` that ends ``lines[i]``, in a short run, is a page's: it
    cuts a word a hyphen broke (``после- 78`` | ``дующие``), or, of two or three digits,
    it ends the text's last line after a full stop (``… назначает результат. 79``; not
    after a question, whose answer it may be, a bracket or a quote, as a table's last
    value or a year follow them, nor after a dot leader)."""
    line = lines[i][2]
    below = _text_line(lines, i, 1)
    if below is None:
        return (
            len(line[a:b].strip()) >= 2
            and line[:a].rstrip()[-1:] in _LAST_PAGE_AFTER
            and _after_a_stop(line, a)
        )
    return _HYPHENATED_PIECE.search(line, 0, a) is not None and below.lstrip()[:1].islower()


_LAST_PAGE_AFTER = frozenset(".…")
"""What the text's last line ends with before the last page's number joined to it."""
_TRAILING_PAGE = regex.compile(r"(?:(?<=[\p{L}.,;:!?…»)\]])|(?<=\p{L}-))[ \t]+(\d{1,3})$")
"""A number after a blank at a line's end, after a word, a sentence's mark or a word's
piece a hyphen broke."""
_PARAGRAPH_LINE = 100
"""Characters of a line longer than a hard wrap makes (a page's lines hold 60–80): a
paragraph saved on a line of its own."""


def _under_a_paragraph(lines: list[tuple[int, int, str]], i: int) -> bool:
    """``lines[i]`` stands under a paragraph saved on a line of its own."""
    above = _text_line(lines, i, -1)
    return above is not None and len(above.strip()) > _PARAGRAPH_LINE


def _text_index(lines: list[tuple[int, int, str]], i: int, step: int) -> int | None:
    """The index of the first line with text from ``lines[i]`` on in the direction
    ``step`` (its own line left out), or None."""
    j = i + step
    while 0 <= j < len(lines) and not lines[j][2].strip():
        j += step
    return j if 0 <= j < len(lines) else None


def _text_line(lines: list[tuple[int, int, str]], i: int, step: int) -> str | None:
    """The first line with text from ``lines[i]`` on in the direction ``step`` (its
    own line left out), or None."""
    j = _text_index(lines, i, step)
    return None if j is None else lines[j][2]


def _cuts_a_sentence(lines: list[tuple[int, int, str]], i: int) -> bool:
    """``lines[i]`` stands inside a sentence, the lines with text around it read."""
    above, below = _text_line(lines, i, -1), _text_line(lines, i, 1)
    return above is not None and below is not None and profile_mod.inside_a_sentence(above, below)


_ENTRY_END = regex.compile(r"\S[ \t.…]+\d{1,3}[ \t]*$")
"""A contents list's entry: its words, blanks or a leader, and its page."""


def _beside_an_entry(lines: list[tuple[int, int, str]], i: int) -> bool:
    """The text line above or below ``lines[i]`` (past empty lines) ends in a page's
    number as a contents list's entry does (``Правило 6. Тасовка   12``)."""
    return any(
        (line := _text_line(lines, i, step)) is not None and _ENTRY_END.search(line) is not None
        for step in (-1, 1)
    )


def _pages_with_heads(
    lines: list[tuple[int, int, str]], shared: AbstractSet[str] = frozenset()
) -> dict[int, int]:
    """Line index → page number of the lines that hold a page's number and its running
    head (``profile.page_and_head``). Repetition tells: the same head on two such lines
    or more, a page or two apart in numbers and at least ``_LINES_A_PAGE`` lines a page
    apart in the text, in capitals or set far from its number; or heads in capitals on
    consecutive pages (a book heads its left and right pages differently). One such line
    alone, its head in capitals, is one inside a sentence (``profile.inside_a_sentence``),
    or set far from its number between two lines of prose (``profile.prose``), where a
    contents list has its entries, or one whose head other sources of the build set
    far from their page numbers (``shared``, ``Profile.running_heads``), with no other
    such line a page's lines near it and no contents list's entry beside it
    (``_beside_an_entry``)."""
    found: list[tuple[int, int, str, bool]] = []  # (line index, page, head, margins apart)
    for i, (_s, _e, line) in enumerate(lines):
        if (got := profile_mod.page_and_head(line)) is not None:
            found.append((i, *got))
    out: dict[int, int] = {}
    for k, (i, page, head, apart) in enumerate(found):
        if (
            head in shared
            and not any(
                abs(found[n][0] - i) < _LINES_A_PAGE for n in (k - 1, k + 1) if 0 <= n < len(found)
            )
            and not _beside_an_entry(lines, i)
        ):
            out[i] = page
        elif head.isupper():
            # the text beside it, past the empty lines of a double-spaced page
            above = next((ln for _s, _e, ln in reversed(lines[:i]) if ln.strip()), "")
            below = next((ln for _s, _e, ln in lines[i + 1 :] if ln.strip()), "")
            if (above and profile_mod.inside_a_sentence(above, below)) or (
                apart and profile_mod.prose(above) and profile_mod.prose(below)
            ):
                out[i] = page

    def pages_apart(i: int, p: int, j: int, q: int) -> bool:
        return 1 <= q - p <= 2 and j - i >= _LINES_A_PAGE * (q - p)

    by_head: dict[str, list[tuple[int, int, bool]]] = {}
    for i, page, head, apart in found:
        by_head.setdefault(head, []).append((i, page, apart))
    for head, run in by_head.items():
        if len(run) >= 2 and all(
            pages_apart(i, p, j, q) and (head.isupper() or (a and b))
            for (i, p, a), (j, q, b) in itertools.pairwise(run)
        ):
            out.update((i, p) for i, p, _a in run)
    for (i, p, h, _a), (j, q, g, _b) in itertools.pairwise(found):
        if q == p + 1 and pages_apart(i, p, j, q) and h.isupper() and g.isupper():
            out[i], out[j] = p, q
    return out


def gaps(text: str, ctx: Context) -> list[Change]:
    """Empty lines: none at the start or the end of the text, and never two in a row."""
    out = []
    lines = ctx.lines(text)
    n = len(lines)
    i = 0
    while i < n:
        s, _e, line = lines[i]
        if line.strip():
            i += 1
            continue
        j = i
        while j < n and not lines[j][2].strip():
            j += 1
        if j == n:  # at the end: keep only the newline after the last text line
            start = lines[i - 1][1] + 1 if i > 0 else 0
            if start < len(text):
                out.append(Change(start, len(text), "", "gap", "empty lines at the end"))
        elif i == 0:
            out.append(Change(0, lines[j][0], "", "gap", "empty lines at the start"))
        elif j - i > 1 or line:
            out.append(Change(s, lines[j][0] - 1, "", "gap", "empty lines collapsed to one"))
        i = j
    return [c for c in out if c.end > c.start]


def _ascending(line: str) -> bool:
    """Consecutive page numbers; after a gap (``…``) only larger ones."""
    head, *tail = regex.split(r"…|\.{2,}", line, maxsplit=1)
    nums = [int(x) for x in head.split()]
    if not all(b == a + 1 for a, b in itertools.pairwise(nums)):
        return False
    return all(int(x) > nums[-1] for x in "".join(tail).split())


def inline_marks(text: str, ctx: Context) -> list[Change]:
    """Drop printer marks (``..page4``), paragraph signs (``¶``) and table-of-contents
    dot leaders with their page number (``Правило 64 ........ 87``)."""
    if "¶" not in text and "..page" not in text and "...." not in text:
        return []  # none of the marks can match
    out = []
    for m in _finditer_lines(_INLINE_MARK, text, _needle_lines(text, _INLINE_MARK_NEEDLES)):
        g = m.group()
        if "¶" in g:
            at_start = m.start() == 0 or text[m.start() - 1] == "\n"
            if at_start and g.endswith("\n"):
                out.append(Change(m.start(), m.end(), "", "pilcrow", "a pilcrow alone on a line"))
            elif at_start or m.end() == len(text) or text[m.end()] == "\n":
                out.append(Change(m.start(), m.end(), "", "pilcrow"))
            else:  # a paragraph end inside a line whose breaks were lost
                out.append(Change(m.start(), m.end(), "\n", "pilcrow", "a paragraph ends here"))
            continue
        kind = "printer-mark" if "page" in g else "dot-leader"
        start = m.start()
        if (
            kind == "dot-leader"
            and text[start] == "."
            and _ABBREVIATED.search(text[max(0, start - 12) : start])
        ):
            start += 1  # the first dot ends an abbreviation (``Правило 80. S.O.......114``)
        out.append(Change(start, m.end(), "", kind))
    return out


_PAGE_MARK = regex.compile(
    r"[ \t]?\[(?:[сС]|[сС]тр)\.[ \t]*(?P<page>\d{1,4})\](?=[ \t.,;:]|$)", regex.M
)
"""The number of a printed book's page inside a line of its digital copy, at the word
where that page begins (``… взятку [с. 88] фальшренонса``)."""


def page_marks(text: str, ctx: Context) -> list[Change]:
    """A page's number an online library sets inside a line where the printed page
    begins (``_PAGE_MARK``: ``[с. 88]``, ``[стр. 88]``) goes with its blank, where three
    or more count up through the text (an author's citation of a page or two stays). A
    number in brackets alone (``[88]``, ``{88}``) may be a note's mark (``endnotes``)."""
    if "[" not in text:
        return []
    marks = list(_PAGE_MARK.finditer(text))
    numbers = [int(m["page"]) for m in marks]
    # a library marks every page, its numbers counting up; an author cites a page or two
    if len(marks) < 3 or any(b <= a for a, b in itertools.pairwise(numbers)):
        return []
    return [
        Change(m.start(), m.end(), "", "page-number", "a page's number inside a line")
        for m in marks
    ]


_NUMBER_STARTS = frozenset("0123456789б" + "".join(addresses.DIGIT_LOOKALIKES))
"""The characters a commentary paragraph's number, OCR's misreadings in it, opens with."""
_AFTER_NOUN = "0123456789.:–—-" + "".join(addresses.DIGIT_LOOKALIKES)
"""What may follow a law heading's noun with no blank (``Правнло70.``)."""
_MISREAD_DIGITS = frozenset("б" + "".join(addresses.DIGIT_LOOKALIKES))
"""The letters OCR reads for digits (``OCR_COMMENTARY_NUMBER``)."""


def _line_head(line: str) -> str:
    """The first characters of ``line`` past its indent: where a marker stands."""
    return line.lstrip(" \t")[:12] if line[:1] in " \t" else line[:12]


class _MarkerLines(NamedTuple):
    """The lines ``_ocr_marker_lines`` found, by the misreading they may show."""

    sections: list[regex.Match]
    numbers: list[regex.Match]
    spaced: list[regex.Match]
    firsts: list[regex.Match]
    markers: list[tuple[int, regex.Match]]
    """``OCR_MARKER`` matches that show a misreading, with their line's index."""
    headings: list[regex.Match]


_MARKER_STARTS = frozenset("ABCDEFGHАВСЕ0123456789(" + "".join(OCR_MARKER_DIGITS))
"""The characters an ``OCR_MARKER`` opens with."""


def _ocr_marker_lines(text: str, ctx: Context) -> _MarkerLines:
    """The lines that open with a marker OCR may have misread: a section's letter
    (``OCR_SECTION_LETTER``), a commentary
    paragraph's number with a letter in it (``OCR_COMMENTARY_NUMBER``), a law
    heading's digits set apart (``OCR_SPACED_LAW_NUMBER``) or its «б» for a 6
    (``OCR_HEADING_NUMBER``), a list's first marker (``OCR_FIRST_MARKER``), a marker
    whose stop or digit OCR misread (``OCR_MARKER``). One pass over the lines that looks
    at their first characters before it tries a pattern: each pattern tried at every
    line start of a big text cost more than the rest of the repair."""
    sections: list[regex.Match] = []
    numbers: list[regex.Match] = []
    spaced: list[regex.Match] = []
    firsts: list[regex.Match] = []
    markers: list[tuple[int, regex.Match]] = []
    headings: list[regex.Match] = []
    for i, (s, e, line) in enumerate(ctx.lines(text)):
        head = _line_head(line)
        first = head[:1]
        if not first:
            continue
        if first in _MARKER_STARTS and (m := OCR_MARKER.match(text, s, e)) and _misread(m):
            markers.append((i, m))
        if first in OCR_SECTION_LETTERS and (m := OCR_SECTION_LETTER.match(text, s, e)):
            sections.append(m)
        if first in _NUMBER_STARTS:
            if any(c in _MISREAD_DIGITS for c in head[:7]) and (
                m := OCR_COMMENTARY_NUMBER.match(text, s, e)
            ):
                if not m[1].replace(".", "").isdigit():
                    numbers.append(m)
        if first in "lI(" and (m := OCR_FIRST_MARKER.match(text, s, e)):
            firsts.append(m)
        elif first == "П" and (m := OCR_SPACED_LAW_NUMBER.match(text, s, e)):
            spaced.append(m)
        elif first == "П" and "б" in line[:16] and (m := OCR_HEADING_NUMBER.match(text, s, e)):
            headings.append(m)
    return _MarkerLines(sections, numbers, spaced, firsts, markers, headings)


def _text_after_blank(m: regex.Match) -> bool:
    """A blank stands between an ``OCR_MARKER`` match and the text after it."""
    return m.string[m.end() : m.end() + 1] in (" ", "\t")


def _misread(m: regex.Match) -> bool:
    """The ``OCR_MARKER`` match shows a misreading: a stop that is none, or a letter
    for a clause's digit, or a digit or a round letter for a subclause's letter."""
    sub = m["sub"] or ""
    if m["para"]:  # its stop lost, misread, or glued to the text
        return m["stop"] != "." or not _text_after_blank(m)
    return (
        m["stop"] != "."
        or any(c in OCR_MARKER_DIGITS for c in m["clause"] or "")
        or sub in OCR_SECTION_LETTERS
    )


def penalty_marks(text: str, ctx: Context) -> list[Change]:
    """The penalty's mark with Latin or digit look-alikes for some of its letters
    (``(HAKA3AHИE)``, ``grammar.PENALTY_MARK``), as OCR reads it, is written in
    Cyrillic letters again; its brackets and blanks stay as the source has them."""
    word = PENALTY[1:-1]
    return [
        Change(m.start("word"), m.end("word"), word, "mixed-script", f"{m['word']} → {word}")
        for m in PENALTY_MARK.finditer(text)
        if m["word"] != word
    ]


def split_headings(text: str, ctx: Context) -> list[Change]:
    """A heading's word alone on its line and its number at the next line's start
    (``grammar.SPLIT_HEAD``: ``Правило`` | ``64. Процедура …``), or a unit's marker
    alone and its title or text on the next line (``grammar.SPLIT_MARKER``: ``A.`` |
    ``Наказание назначается``), make one line. Before ``unwrap``, which would join the
    heading's title to the text under it."""
    out = [
        Change(
            m.start("split"), m.end("split"), " ", "split-heading", "a heading's word and number"
        )
        for m in SPLIT_HEAD.finditer(text)
    ]
    out += [
        Change(m.start("split"), m.end("split"), "", "split-heading", "a marker and its title")
        for m in SPLIT_MARKER.finditer(text)
        # a line that opens a unit of its own (``Правило 41. …``, ``ГЛАВА VI``) is no title,
        # and a name's initial over its surname (``В.`` | ``Смирнов``) no marker
        if not starts_unit(_rest_of_line(m)) and not _initial_over_a_name(m)
    ]
    return sorted(out, key=lambda ch: ch.start)


def _initial_over_a_name(m: regex.Match) -> bool:
    """The ``SPLIT_MARKER`` match ``m`` is a name's initial over its surname: one the
    dictionary knows as a surname (``initial_of_a_name``), or, a Cyrillic letter, over a
    line of one word (a signature, ``В.`` | ``Рыбников``: a unit's title has more words,
    and the dictionary does not know every surname)."""
    rest = _rest_of_line(m)
    if initial_of_a_name(m[0].strip() + " " + rest, 0):
        return True
    letter = m[0].strip().strip("().")
    return not letter.isascii() and not letter.isdigit() and len(rest.split()) < 2


def stopless_headings(text: str, ctx: Context) -> list[Change]:
    """A law heading whose stop was lost before its title, or read as a comma
    (``grammar.STOPLESS_HEAD``: ``Правило 64 Процедура после выявления``), gets its stop
    back where the headings around place it: its number comes after that of the heading
    before it and before that of the next heading written with its stop; no heading
    stands on the line with text above or below it (a list of laws, ``См. также:`` |
    ``Правило 16 …`` | ``Правило 75 …``), the line above ends no lead-in (``:``) and the
    text below opens no small letter (a sentence that named a law and wrapped) unless a
    unit's marker opens the line after it (the title wrapped). In a
    source whose headings all lost their stops, two must count up, or a unit's marker
    open the line below."""
    if "Правило" not in text and "ПРАВИЛО" not in text:
        return []
    lines = ctx.lines(text)
    # an entry of a table of contents names a law as its heading does (its leader on
    # its line, or on the next where the entry wrapped): no heading
    leaders = sorted(ctx.buffer.marks("dot-leader"))

    def listed(j: int) -> bool:
        return _contents_entry(lines, leaders, j)

    heads: list[tuple[int, int, regex.Match | None]] = []  # line, number, match if stopless
    for i, (_s, _e, line) in enumerate(lines):
        if not line.startswith(("Правило", "ПРАВИЛО")) or listed(i) or listed(i + 1):
            continue
        if (m := STOPLESS_HEAD.match(line)) is not None:
            heads.append((i, int(m["number"]), m))
        elif (n := _law_heading_number(line)) is not None:
            heads.append((i, n, None))
    if not any(m for _i, _n, m in heads):
        return []
    at_head = {i for i, _n, _m in heads}
    stopped = [n for _i, n, m in heads if m is None]
    following: list[int | None] = []  # the number of the next heading with its stop
    ahead: int | None = None
    for _i, n, m in reversed(heads):
        following.append(ahead)
        if m is None:
            ahead = n
    following.reverse()

    def opens_unit(j: int | None) -> bool:  # a section's, a clause's marker: not a law's heading
        if j is None or _law_heading_number(line := lines[j][2].lstrip()) is not None:
            return False
        # a section's or a clause's marker in another style too (``A)``, ``1)``), which
        # ``restyled_markers`` reads later, or with its stop OCR misread (``A,``, ``1 .``),
        # which ``ocr_digits`` reads later
        restyled = RESTYLED_MARKER.match(line)
        misread = OCR_MARKER.match(line)
        return (
            starts_unit(line)
            or (restyled is not None and bool(restyled["capital"] or restyled["clause"]))
            or (misread is not None and bool(misread["section"] or misread["clause"]))
        )

    found: list[tuple[int, regex.Match]] = []
    before: int | None = None
    for (i, n, m), after in zip(heads, following, strict=True):
        if m is None:
            before = n
            continue
        above, below = _text_index(lines, i, -1), _text_index(lines, i, 1)
        if (
            (before is not None and n <= before)
            or (after is not None and n >= after)
            or above in at_head
            or below in at_head
            or (above is not None and lines[above][2].rstrip().endswith(":"))
            or (
                below is not None
                and lines[below][2].lstrip()[:1].islower()
                and not opens_unit(
                    _text_index(lines, below, 1)
                )  # a title wrapped, a marker under it
            )
        ):
            continue
        found.append((i, m))
        before = n
    if not stopped and len(found) < 2:
        found = [(i, m) for i, m in found if opens_unit(_text_index(lines, i, 1))]
    return [
        Change(
            lines[i][0] + m.end("number"),
            lines[i][0] + m.end("gap"),
            ".",
            "heading-stop",
            "a law heading's stop before its title, lost or read as " + (m["gap"] or "a blank"),
        )
        for i, m in found
    ]


def _contents_entry(lines: list[tuple[int, int, str]], leaders: list[int], j: int) -> bool:
    """``lines[j]`` is an entry of a table of contents: a leader stands on it, whether
    the cleaner took it away already (``leaders``: the sorted offsets of its
    ``dot-leader`` marks) or not, right after a word (``фальшренонса...41``, not a
    range, ``1...13``)."""
    if j >= len(lines):
        return False
    s, e, line = lines[j]
    k = bisect.bisect_left(leaders, s)
    m = LEADER.search(line)
    return (k < len(leaders) and leaders[k] <= e) or (
        m is not None and m.start() > 0 and line[m.start() - 1].isalpha()
    )


def numbered_laws(text: str, ctx: Context) -> list[Change]:
    """A law heading written as its number alone (``grammar.NUMBERED_LAW_HEAD``: ``64.
    Процедура после выявления ренонса``) gets its noun (``Правило 64. …``) where the
    law's first section (``A.``, no name's initial) opens the next line with text, or
    the one after a title wrapped in small letters, and the number is a law's, after
    that of the law heading above: a clause's marker and title never has a law's first
    section under it. Not a clause that goes on counting, nor an item of a list a
    lead-in (``:``) opens. The title's words stand as they are; only the noun is added.
    (A chapter of another code numbers its points ``1.1.`` under ``1. ОБЩИЕ
    ПОЛОЖЕНИЯ`` as the commentary numbers its paragraphs: those headings stay.)"""
    if NUMBERED_LAW_HEAD.search(text) is None:
        return []
    lines = ctx.lines(text)
    leaders = sorted(ctx.buffer.marks("dot-leader"))
    out: list[Change] = []
    before: int | None = None  # the number of the last law heading above
    for i, (s, _e, line) in enumerate(lines):
        if (n := _law_heading_number(line)) is not None:
            before = n
            continue
        m = NUMBERED_LAW_HEAD.match(line) if line[:1] not in _NEVER_NUMBERED_LAW_HEAD else None
        if m is None or not 1 <= int(m["number"]) <= editions.DEFAULT.laws:
            continue
        number = int(m["number"])
        if len(m["title"].split()) > _LAW_TITLE_WORDS or _contents_entry(lines, leaders, i):
            continue  # a paragraph, a contents entry
        # (the series before it, read back over many lines, is asked last)
        above = _text_index(lines, i, -1)
        if above is not None and lines[above][2].rstrip().endswith(":"):
            continue  # a list a lead-in opens: clauses
        if before is not None and number <= before:
            continue  # laws count up: a clause under the law above
        below = _text_index(lines, i, 1)
        if below is not None and lines[below][2].lstrip()[:1].islower():
            below = _text_index(lines, below, 1)  # the title wrapped
        if below is None:
            continue
        under = lines[below][2].strip()
        if series_place(under) != ("section", 1) or initial_of_a_name(under, 0):
            continue  # no first section, or a name's initial (``А. Иванов считает``)
        back = (lines[j][2] for j in range(i - 1, max(i - 1 - COUNTING_REACH, -1), -1))
        if goes_on_counting(back, line.lstrip()):
            continue  # the next clause of a series (``2.`` after ``1.``)
        before = number
        noun = "ПРАВИЛО" if m["title"].isupper() else "Правило"
        at = s + m.start("number")
        out.append(Change(at, at, f"{noun} ", "law-noun", "a law heading written as its number"))
    return out


_LAW_TITLE_WORDS = 15
"""Most words of a law's title on its heading's line."""
_NEVER_NUMBERED_LAW_HEAD = never_opening(NUMBERED_LAW_HEAD)
"""What no ``NUMBERED_LAW_HEAD`` line opens with (most lines of text)."""


def ocr_law_nouns(text: str, ctx: Context) -> list[Change]:
    """A law heading's noun that a scan's OCR read with one letter wrong, lost or added
    (``Правнло 65.``, ``Прав1ло 65.``, ``Првило 67``, ``Правнло 67 – …``;
    ``grammar.OCR_LAW_NOUN``) is the noun again, and a digit of its number read as a
    letter the digit (``Правнло l3.``), where the word is none of the language
    (``Правила 65.`` is a word) and the number is a law's. At a line's start, and
    inside a long line, in a capital, as a page whose line breaks were lost runs its
    headings on (``grammar.OCR_LAW_NOUN_INSIDE``): before ``collapsed_lines`` breaks
    the page at its headings."""
    out: list[Change] = []
    for s, e, line in ctx.lines(text):
        head = _line_head(line)
        found = []
        if head[:1].isupper() and 6 <= len(head.split(None, 1)[0].rstrip(_AFTER_NOUN)) <= 8:
            found = [m] if (m := OCR_LAW_NOUN.match(text, s, e)) else []
        if e - s > _LONG_LINE:
            found += OCR_LAW_NOUN_INSIDE.finditer(text, s, e)
        for m in found:
            read = misread_law_heading(m)
            if read is None:
                continue
            (noun, number), written = read, m[1]
            out.append(Change(m.start(1), m.end(1), noun, "ocr-digit", f"{written} → {noun}"))
            if number != m[2]:
                out.append(Change(m.start(2), m.end(2), number, "ocr-digit", f"{m[2]} → {number}"))
    return out


_LONG_LINE = 300
"""Characters of a line long enough to hold several paragraphs (a page that lost its
line breaks): headings are looked for inside it."""


def _law_heading_number(line: str) -> int | None:
    """The number of the law whose heading ``line`` is (a misread noun was read back
    before, ``ocr_law_nouns``), or None."""
    m = _law_head(line)
    return int(m[1]) if m else None


def _law_head(line: str) -> regex.Match | None:
    """``LAW_HEAD.match(line)``, tried only on a line that can open so (most lines
    of text open with another letter)."""
    return LAW_HEAD.match(line) if line[:1] not in _NEVER_A_LAW_HEAD else None


_NEVER_A_LAW_HEAD = never_opening(LAW_HEAD)
"""What no law heading opens with (all but its noun's first letter)."""


def _commentary_digits(line: str) -> str:
    """``line`` with the commentary number it opens with read as digits (``64.1О.`` →
    ``64.10.``; ``grammar.OCR_COMMENTARY_NUMBER``), so that one misread paragraph's
    number can tell the next one's place."""
    m = OCR_COMMENTARY_NUMBER.match(line)
    if m is None:
        return line
    return line[: m.start(1)] + _paragraph_number(m[1]) + line[m.end(1) :]


def _paragraph_number(written: str) -> str:
    """A commentary paragraph's number OCR misread, in digits (``б4.1О`` → ``64.10``)."""
    return addresses.digits(written).replace("б", "6")


_AHEAD = 20_000
"""Characters read after a line for the next unit of its series (``COUNTING_REACH``
lines of text fit in them)."""


def _lines_before(text: str, at: int) -> Iterator[str]:
    """The lines before offset ``at`` (a line's start), the nearest first, as far
    back as a unit's counting is read (``COUNTING_REACH``)."""
    return reversed(text[:at].rsplit("\n", COUNTING_REACH)[-COUNTING_REACH:])


def _follows_a_section(text: str, at: int, end: int, letter: str) -> bool:
    """A section ``letter`` opening the line at ``at`` (ending at ``end``) comes next
    after the section before it, or, on a page cut after its first section's heading,
    ``B`` comes where clauses stood before it and count again from 1 after it, or where
    the page ends under it with no unit after (a page cut in its first lines)."""
    before = _section_before(text, at)
    if before is not None:
        return before == chr(ord(letter) - 1)
    if letter != "B":
        return False
    clauses_before = False
    for ln in _lines_before(text, at):
        if _law_head(ln.lstrip()):
            return False  # clauses right under their law, which has no sections
        if (p := _section_place(ln.lstrip())) is not None and p[0] == "clause":
            clauses_before = True
    after = text[end : end + _AHEAD].split("\n", COUNTING_REACH)
    nxt = next(
        (p for ln in after[1:COUNTING_REACH] if (p := _section_place(ln.lstrip())) is not None),
        None,
    )
    # nothing but its text to the page's end, all of it read
    ends = nxt is None and end + _AHEAD >= len(text) and len(after) <= COUNTING_REACH
    return clauses_before and (nxt == ("clause", 1) or ends)


def _section_place(line: str) -> tuple[str, int] | None:
    """``series_place`` of ``line``, a section's or a clause's marker OCR misread (``A .``,
    ``B,``, ``1;``, ``З.``; ``OCR_MARKER``, which ``ocr_digits`` reads back in the same
    pass) read as the section or the clause it is."""
    place = series_place(line)
    if place is None and (m := OCR_MARKER.match(line)) is not None:
        if m["section"]:
            return "section", ord(addresses.latin(m["section"])) - ord("A") + 1
        if m["clause"]:
            return "clause", int(m["clause"].translate(_MARKER_DIGIT))
    return place


def _section_after(text: str, at: int, letter: str) -> bool:
    """A section heading with ``letter`` (Latin) stands after offset ``at`` under the
    same law (within ``_AHEAD`` characters)."""
    for line in text[at : at + _AHEAD].split("\n")[1:]:
        line = line.lstrip()
        if _law_head(line):
            return False
        place = _section_place(line)
        if place is not None and place[0] == "section" and place[1] == ord(letter) - ord("A") + 1:
            return True
    return False


def _section_before(text: str, at: int) -> str | None:
    """The letter (Latin) of the nearest section heading before offset ``at`` under
    the same law, or None."""
    for line in _lines_before(text, at):
        line = line.lstrip()
        if _law_head(line):
            return None
        # a section run in after a sentence inside the line stands nearer than its start
        # (``… правило 14. A.Ни один игрок …``: a page that lost its block breaks)
        inner = [
            line[m.end()] for m in RUN_IN.finditer(line) if _RUN_IN_SECTION.match(line, m.end())
        ]
        if inner:
            return addresses.latin(inner[-1])
        place = _section_place(line)
        if place is not None and place[0] == "section":
            return chr(ord("A") + place[1] - 1)
    return None


_RUN_IN_SECTION = regex.compile(r"[A-HА-ЕВС]\.")
"""A section's marker where ``RUN_IN`` found a unit run in after a sentence."""


_SUPERSCRIPT = str.maketrans("¹²³⁴⁵⁶⁷⁸⁹⁰", "1234567890")


def endnotes(text: str, ctx: Context) -> list[Change]:
    """An e-book's notes gathered after its text (``Примечания``, then ``[1] …``,
    ``{1} …``, ``1. …`` or ``1`` alone with the note on the next line), and their marks
    in the text (``карт[1]``, ``карт {1}``, ``карт¹``): each mark becomes the book's own
    ``(*1)`` and each note a footnote body ``(*1) - …``, which the segmenter gives the
    node that carries the mark; the notes' heading goes. Only where the heading is the
    text's last, nothing but notes numbered one after another follows it, the text
    marks every note, and it writes no two other numbers in brackets (a list of the
    text under a heading of that name, or a book's pages numbered in brackets, are
    left as they are; one source cited so, ``[12]``, stays as it is beside the notes)."""
    if "[" not in text and "{" not in text and not any(ch in text for ch in "¹²³⁴⁵⁶⁷⁸⁹⁰"):
        return []
    head = next(iter(reversed(list(NOTES_HEAD.finditer(text)))), None)  # the last
    if head is None:
        return []
    notes: list[tuple[int, int, int]] = []  # (from, to, number): the note's number to replace
    waiting = None  # a number alone on its line, its note to come: (line start, number)
    for s, _e, line in ctx.lines(text):
        if s <= head.start() or not line.strip():
            continue
        m = NOTE_ENTRY.match(line)
        number = int(next(g for g in m.groups() if g)) if m else None
        if number is not None and number == (notes[-1][2] + 1 if notes else number):
            if waiting is not None:
                return []  # a number with no note
            if m.end() == len(line):
                waiting = (s, number)
            else:
                notes.append((s, s + m.end(), number))
            continue
        if waiting is not None:
            notes.append((waiting[0], s, waiting[1]))  # the number's line and the newline
            waiting = None
        elif not notes or starts_unit(line):
            return []  # text that is no note: the heading is none of an e-book's notes
    if waiting is not None or not notes:
        return []
    numbers = {n for _a, _b, n in notes}
    marks = [
        (m, int(next(g for g in m.groups() if g).translate(_SUPERSCRIPT)))
        for m in NOTE_REF.finditer(text, 0, head.start())
    ]
    if len({n for m, n in marks if m[3] is None and n not in numbers}) >= 2:
        return []  # numbers in brackets that are no notes': a printed book's pages
    marks = [(m, n) for m, n in marks if n in numbers]
    if {n for _m, n in marks} != numbers:
        return []
    out = [
        Change(m.start(), m.end(), note_mark(str(n), n), "endnote", "an e-book's note mark")
        for m, n in marks
    ]
    a, b = _drop_line(text, head.start(), head.end())
    out.append(Change(a, b, "", "endnote", "the heading of an e-book's notes"))
    out += [
        Change(a, b, f"{note_mark(str(n), n)} - ", "endnote", "an e-book's note")
        for a, b, n in notes
    ]
    return out


_EMPHASIS_OPENS = regex.compile(r"(?<![\p{L}*])\*\p{L}")
"""An asterisk that opens an emphasis (``*обязан*``): the one after the word closes it."""


_NEVER_A_STAR_NOTE = never_opening(STAR_NOTE)
"""What no ``STAR_NOTE`` line opens with (all but blanks and the asterisk)."""


def star_notes(text: str, ctx: Context) -> list[Change]:
    """A footnote a web copy marks with asterisks and no rule line above its body
    (``карт*,`` … ``* Если три руки …``): the mark becomes the book's own ``(*)`` and
    the body ``(*) - …``, which the segmenter gives the node that carries the mark.
    Only a body that stands alone (no body of as many asterisks on the line before or
    after: a list bulleted with asterisks) after a mark of as many asterisks, and only
    where each count of asterisks has one body at most."""
    if "*" not in text:
        return []
    bodies: dict[str, list[tuple[int, int]]] = {}
    lines = ctx.lines(text)
    for k, (s, _e, line) in enumerate(lines):
        if line[:1] in _NEVER_A_STAR_NOTE or (m := STAR_NOTE.match(line)) is None:
            continue
        first = _FIRST_LETTER.search(line, m.end())
        if first is None or first.start() > m.end() or not first[0].isupper():
            continue  # «* * *» parts a text; an item of a list opens in a small letter
        if any(
            0 <= j < len(lines) and (n := STAR_NOTE.match(lines[j][2])) and n[1] == m[1]
            for j in (k - 1, k + 1)
        ):
            return []  # a list bulleted with asterisks (notes of *, ** may stand stacked)
        above = _line_before(text, s)
        if above is not None and text[above[0] : above[1]].rstrip().endswith(":"):
            continue  # the item of a list a colon opens
        bodies.setdefault(m[1], []).append((s, s + m.end()))
    out = []
    for stars, found in bodies.items():
        if len(found) != 1:
            continue
        body_at, body_end = found[0]
        marks = [
            m
            for m in STAR_MARK.finditer(text, 0, body_at)
            if m[1] == stars
            and not _EMPHASIS_OPENS.search(text, text.rfind("\n", 0, m.start()) + 1, m.start())
        ]
        if not marks:
            continue
        note = f"({stars})"
        out += [
            Change(m.start(), m.end(), note, "star-note", "a web copy's note mark") for m in marks
        ]
        out.append(Change(body_at, body_end, f"{note} - ", "star-note", "a web copy's note"))
    return sorted(out, key=lambda c: c.start)


_ABBREVIATED = regex.compile(r"(?<![\p{L}\d.])(?:\p{L}\.)+\p{L}$")
"""An abbreviation of letters with stops between them (``S.O``, ``т.е``), its last
stop still to come: a dot leader right after it begins with that stop."""


_INLINE_MARK = regex.compile(
    r"^[ \t]*¶[ \t]*\n|[ \t]*¶[ \t]*|[ \t]?\.\.page[ \t]?\d+"
    # a leader is tried once per run of dots, without giving dots, spaces or digits
    # back: none of them can end the line where its whole run did not (an index's
    # «..........62,64» was tried at every dot, and every dot given back, before)
    r"|[ \t]*(?<!\.)\.{4,}+[ \t]*+\d{0,4}+(?=[ \t]*$)",
    regex.M,
)
_INLINE_MARK_NEEDLES = ("¶", "..page", "....")
"""Every match of ``_INLINE_MARK`` holds one of these."""


def reader_header(text: str, ctx: Context) -> list[Change]:
    """A reader site's header glued to the start of a line of text (``"Книга." -
    читать интересную книгу автора Первая фраза…``, on a page whose line breaks were
    lost): the header goes, the text after it stays. A header on a line of its own is
    the profile's template line; the shape lives in ``profile``."""
    out = []
    for m in profile_mod.READER_HEADER_AT_START.finditer(text):
        out.append(Change(m.start(), m.end(), "", "site-chrome", "reader header glued to the text"))
    return out


def question_runs(text: str, ctx: Context) -> list[Change]:
    """Runs of three or more ``?`` (or of three or more ``??`` apart by blanks)
    inside a line stood for lost indentation (at a line start) or a rule
    (mid-line, e.g. before a footnote): the first are deleted, the second become a
    line break."""
    if "??" not in text:
        return []
    out = []
    for m in _QRUN.finditer(text):
        a, b = m.start(), m.end()
        at_start, at_end = line_edges(text, a, b)
        if at_start or at_end:
            out.append(Change(a, b, "", "question-run", "lost indentation"))
        else:
            out.append(Change(a, b, "\n", "question-run", "stood for a rule or line break"))
    return out


_QRUN = regex.compile(rf"[ \t]*{_QRUN_BODY}[ \t]*")


def inline_rules(text: str, ctx: Context) -> list[Change]:
    """A rule drawn inside a line (``то: -------- (*) - …``, ``===== Правило 24.…``)
    or a rule whose box-drawing characters were mis-decoded into a run of one
    letter (``њњњњњњ``): at a line's start or end it goes, between two pieces of
    text it becomes a line break (a rule separates what it stands between)."""
    # every match holds a run of five of one rule character
    needles = _rule_needles(text)
    if not needles:
        return []
    out = []
    for m in _finditer_lines(_INLINE_RULE, text, _needle_lines(text, needles)):
        a, b = m.start(), m.end()
        at_start, at_end = line_edges(text, a, b)
        if at_start and at_end:  # a whole line once its margin marks went: a paragraph break stays
            out.append(Change(a, b, "", "underline-rule", "a paragraph break stays"))
            continue
        out.append(
            Change(
                a, b, "" if at_start or at_end else "\n", "underline-rule", "a rule inside a line"
            )
        )
    return out


_RULE_CHARS = "-=_*~─═"
_MISDECODED_RULE_CHARS = "\u0400\u0402-\u040f\u0450\u0452-\u045f\u0490\u0491"
"""Rule characters (box drawing, bullets, dashes) as a wrong code page shows them: the
letters of the other Cyrillic alphabets (``њ``, ``Ћ``; ``Ґ`` is a Mac's bullet read as
CP1251), which no Russian word holds, let alone five times running."""
_MISDECODED_RUN = re.compile(f"([{_MISDECODED_RULE_CHARS}])\\1{{4}}")


def _rule_needles(text: str) -> list[str]:
    """The runs of five of one rule character that ``text`` holds: every match of
    ``_INLINE_RULE`` holds one."""
    needles = [ch * 5 for ch in _RULE_CHARS if ch * 5 in text]
    return needles + list(dict.fromkeys(m.group() for m in _MISDECODED_RUN.finditer(text)))


_INLINE_RULE = regex.compile(
    rf"[ \t]*(?:([{regex.escape(_RULE_CHARS)}])\1{{4,}}|([{_MISDECODED_RULE_CHARS}])\2{{4,}})[ \t]*"
)


def _norm_words(line: str) -> list[str]:
    return [w.lower() for w in morph.WORD.findall(line)]


def _is_subsequence(short: list[str], long: list[str]) -> bool:
    it = iter(long)
    return all(any(w == x for x in it) for w in short)


_NO_LETTER = regex.compile(r"[^\p{L}]*")


def _repeated_cell(stripped: list[str], i: int) -> bool:
    """Line ``i`` (``stripped``: the lines stripped), which repeats the line before, is
    a table's cell that repeats its neighbour's value (``20`` | ``20``): a line without
    a letter in a column of such values, the line before the two or the line after
    them one too. Between lines of text, or inside a heading, a repeat is a scan's echo
    (``составила`` | ``55,5%`` | ``55,5%`` | ``от всех``, ``ПРАВИЛО`` | ``12`` | ``12``)."""
    if _NO_LETTER.fullmatch(stripped[i]) is None:
        return False
    around = [stripped[j] for j in (i - 2, i + 1) if 0 <= j < len(stripped)]
    return any(ln and _NO_LETTER.fullmatch(ln) is not None for ln in around)


def duplicates(text: str, ctx: Context) -> list[Change]:
    """Lines repeated by the scan: an exact repeat of the line before, a repeat
    of that line's last words (``картой,`` after ``…взяток картой,``) or of its first
    two words or more, the last perhaps cut short (``ни вызывать суд`` after ``ни
    вызывать судью до тех пор…``), or a line that the scan printed twice and whose
    words all stand, in order, in the line before (001: ``наказание в две взятки
    не``). The first copy is kept. A line that opens as the one before does and that
    the next line goes on with (in small letters) is ragged text, no echo; a line
    without a letter among a table's cells may repeat the one before
    (``_repeated_cell``)."""
    lines = ctx.lines(text)
    stripped = [line.strip() for _s, _e, line in lines]  # each line stripped once
    n = len(lines)
    out = []
    prev_kept: str | None = None  # stripped, as every line is compared here
    last_dropped: str | None = None  # the last line dropped since prev_kept
    for i, (s, e, _line) in enumerate(lines):
        cur = stripped[i]
        if not cur:
            continue
        dup = None
        if prev_kept is not None:
            # cheap string tests first: words are only split where a repeat is possible
            twin = (i + 1 < n and stripped[i + 1] == cur) or (i > 0 and stripped[i - 1] == cur)
            if cur == prev_kept and not _repeated_cell(stripped, i):
                dup = "repeats the line before"
            elif prev_kept.startswith(cur) and not twin and _ECHO.fullmatch(cur):
                words, pwords = _norm_words(cur), _norm_words(prev_kept)
                nxt = next((stripped[j] for j in range(i + 1, n) if stripped[j]), "")
                if (
                    2 <= len(words) < len(pwords)
                    and not starts_unit(cur)
                    and not AUCTION_ROW.match(cur)
                    # the next line does not go on with it (a ragged line that opens
                    # as the one before does: ``Игрок должен`` | ``быть внимателен``)
                    and (not nxt[:1].islower() or prev_kept.startswith(nxt))
                ):
                    dup = "repeats the head of the line before"
            elif prev_kept.endswith(cur) or twin:
                words, pwords = _norm_words(cur), _norm_words(prev_kept)
                if (
                    words
                    and len(words) <= 5
                    and len(words) < len(pwords)
                    and pwords[-len(words) :] == words
                    and prev_kept.endswith(cur)
                    and not starts_unit(cur)
                ):
                    dup = "repeats the end of the line before"
                elif (
                    twin
                    and words
                    and len(words) <= 6
                    and len(words) < len(pwords)
                    and _is_subsequence(words, pwords)
                    and not starts_unit(cur)
                ):
                    dup = "printed twice; its words stand in the line before"
        if dup:
            a, b = _drop_line(text, s, e)
            out.append(Change(a, b, "", "duplicate", dup))
            last_dropped = cur
            continue
        if last_dropped is not None and prev_kept is not None:
            head = _repeated_head(prev_kept, last_dropped, cur)
            if head:
                at = s + len(_line) - len(_line.lstrip())
                out.append(
                    Change(at, at + head, "", "duplicate", "goes on repeating the line before")
                )
        prev_kept, last_dropped = cur, None
    return _merge_sorted(out)


_ECHO = regex.compile(r"\p{L}[\p{L}\p{M} \t,;:-]*")
"""A line the scan may print again as the head of the line before: words alone (an
index's ditto entry, ``= после заявки ……46``, or a listing's line with its number
opens as the entry above it does, and is no repeat)."""
_LEADING_WORD = regex.compile(r"\G[ \t]*([\p{L}\p{N}]+)[ \t]*")


def _repeated_head(kept: str, dropped: str, line: str) -> int:
    """How many characters at the start of ``line`` go on the repeat that the dropped
    lines began: the scan printed the last words of ``kept`` again, broken over lines
    (``… с любой его`` / ``любой`` / ``любой`` / ``его руки``: the dropped ``любой``
    and this line's ``его`` are the kept line's last two words), so the words are
    read once (``… с любой его руки``); 0 when there is no such repeat."""
    pwords, tail = _norm_words(kept), _norm_words(dropped)
    end = 0
    for _k in range(3):  # at most three words of the repeat run on into the line
        m = _LEADING_WORD.match(line, end)
        if not (m and tail):
            return 0
        tail, end = [*tail, m.group(1).lower()], m.end()
        if len(tail) >= len(pwords):
            return 0
        if pwords[-len(tail) :] == tail:
            return end if end < len(line) else 0
    return 0


_ABBREVIATION_END = regex.compile(r"\b[a-zа-я]\.$")


_OCR_DIGIT_HINT = regex.compile("[" + "".join(addresses.DIGIT_LOOKALIKES) + "]")


def ocr_digits(text: str, ctx: Context) -> list[Change]:
    """A number a scan's OCR misread:

    - a law's number read with a letter for a digit (``Правило 6З.``, ``правило l6``,
      ``правилу 4О``; ``grammar.OCR_LAW_NUMBER``): the letters become the digits they
      stand for, where the number is one of a law (1 to the number of laws of the
      default edition, ``editions.DEFAULT``); a number the source wrote in digits is
      left alone;
    - a law heading's two digits set apart (``Правило 6 5.``) are joined;
    - a section's letter read as a digit or a round letter (``8.Некоторый …`` for
      ``B.``; ``grammar.OCR_SECTION_LETTER``) where it is the next section after the
      one before, no clause that goes on counting the clauses before it, not a line a
      wrap began inside a sentence, not a name's initial (a space after it, and one word
      or a comma after the first) and no section of that letter follows in the law;
    - a commentary paragraph's number read with a letter for a digit (``64.1О.``,
      ``б4.10.``; ``grammar.OCR_COMMENTARY_NUMBER``) where, read with the digits, it
      goes on counting the paragraph before it, the next goes on counting it, or the
      next law's heading follows it;
    - a list's first marker read with a letter for its «1» (``l.Нарушитель``,
      ``(I).Болван``) where the next unit the text opens (past a clause's subclauses)
      is the list's second (``2.``, ``(2).``); a Roman «I.» over a law is no list's;
    - a law heading's «б» for a 6 (``Правило 1б.``; ``grammar.OCR_HEADING_NUMBER``);
    - a section's, clause's or subclause's marker whose stop OCR read as a comma or a
      semicolon or set apart by a blank (``B,Текст``, ``1 .Текст``), or
      whose clause digit or subclause letter it read as a look-alike (``З.`` for
      ``3.``, ``б.`` for ``6.``, ``(8).`` for ``(B).``; ``grammar.OCR_MARKER``), where,
      so read, it goes on counting its series, opens one right under its heading, or
      the series' next or its own first unit follows it (``_misread_markers``)."""
    most = editions.DEFAULT.laws
    out = []
    for m in OCR_LAW_NUMBER.finditer(text) if _OCR_DIGIT_HINT.search(text) else ():
        written = m[1]
        number = addresses.digits(written)
        if number == written or not number.isdigit() or not 1 <= int(number) <= most:
            continue
        out.append(Change(m.start(1), m.end(1), number, "ocr-digit", f"{written} → {number}"))
    sections, numbers, spaced, firsts, markers, headings = _ocr_marker_lines(text, ctx)
    for m in headings:
        written = m["number"]
        number = written.translate(_MARKER_DIGIT)
        if int(number) <= most:
            out.append(
                Change(m.start(1), m.end(1), number, "ocr-digit", f"{written} → {number} (a law)")
            )
    sections_read: dict[int, str] = {}  # a section's line read back, by its start
    for m in sections:
        letter = OCR_SECTION_LETTERS[m[1]]
        end = text.find("\n", m.end())
        end = len(text) if end < 0 else end
        words = text[m.end() : end].split()
        if (
            # a name's initial (a space after it): «О. Волкова», «О. Петров, …»
            (text[m.end()] in " \t" and (len(words) < 2 or "," in "".join(words[:2])))
            or _goes_on(text, m.start())  # a line a wrap began inside a sentence
            or not _follows_a_section(text, m.start(), end, letter)
            or (
                m[1].isdigit()
                and goes_on_counting(_lines_before(text, m.start()), text[m.start() : end])
            )
            or _section_after(text, end, letter)  # the section itself comes later
        ):
            continue
        out.append(
            Change(m.start(1), m.end(1), letter, "ocr-digit", f"{m[1]} → {letter} (a section)")
        )
        sections_read[m.start()] = letter + text[m.end(1) : end]
    out += _misread_markers(text, ctx, markers, sections_read)
    for m in spaced:
        written = m[1]
        number = written[0] + written[-1]
        if int(number) <= most:
            out.append(Change(m.start(1), m.end(1), number, "ocr-digit", f"{written} → {number}"))
    for m in numbers:
        written = m[1]
        number = _paragraph_number(written)
        line_end = text.find("\n", m.end())
        line = number + text[m.end() : line_end if line_end >= 0 else len(text)]
        place = series_place(line)
        if place is None:
            continue
        # the next paragraph of the series or the next law's heading, within as many
        # lines as are read back
        after = text[line_end + 1 : line_end + 1 + _AHEAD] if line_end >= 0 else ""
        nxt, law = None, None
        for ln in after.split("\n", COUNTING_REACH)[:COUNTING_REACH]:
            ln = ln.lstrip()
            if (p := series_place(ln)) is not None and p[0] == place[0]:
                nxt = ln
                break
            if (law := _law_heading_number(ln)) is not None:
                break
        before = (_commentary_digits(ln) for ln in _lines_before(text, m.start()))
        if (
            goes_on_counting(before, line)
            or (nxt is not None and goes_on_counting([line], nxt))
            # the last paragraph of the law before the next law's heading
            or (law is not None and str(law - 1) == number.split(".")[0])
        ):
            out.append(Change(m.start(1), m.end(1), number, "ocr-digit", f"{written} → {number}"))
    for m in firsts:
        clause = m[1] is not None
        # the next unit the text opens (a clause's subclauses may come between)
        nxt = None
        for nxt in NEXT_MARKER.finditer(text, m.end(), m.end() + _SECOND_MARKER_WITHIN):
            if not (clause and nxt["sub"]):
                break
        else:
            continue
        if (clause and nxt["clause"] != "2") or (not clause and nxt["subnumber"] != "2"):
            continue
        at = m.start(1) if clause else m.start(2)
        out.append(Change(at, at + 1, "1", "ocr-digit", f"{text[at]} → 1 (a list's first)"))
    out.sort(key=lambda c: c.start)
    return out


_MARKER_DIGIT = str.maketrans(OCR_MARKER_DIGITS)


def _marker_readings(m: regex.Match) -> list[tuple[str, list[Change]]]:
    """The ways an ``OCR_MARKER`` match may be read: the marker as the book writes it
    (``B.``, ``3.``, ``(B).``) and the changes that make it so. A subclause's ``(8)``
    is read as the number (its stop misread) or as the letter ``(B)``, and ``8`` before
    a misread stop as a clause or as the section ``B`` (``OCR_SECTION_LETTERS``)."""
    stop = []
    if m["para"]:  # «64.10 Текст», «64.10) Текст», «64.10.Текст» → «64.10. Текст»
        after = "." if _text_after_blank(m) else ". "
        why = f"«{m['para']}{m['stop']}» → «{m['para']}{after}» (a paragraph's number)"
        change = Change(m.start("stop"), m.end("stop"), after, "ocr-stop", why)
        return [(m["para"] + after, [change])]
    if m["stop"] != ".":
        why = f"«{m['stop']}» → «.» (a marker's stop)"
        stop = [Change(m.start("stop"), m.end("stop"), ".", "ocr-stop", why)]
    if m["section"]:
        return [(m["section"] + ".", stop)]
    if m["clause"]:
        written = m["clause"]
        number = written.translate(_MARKER_DIGIT)
        if not number.isdigit():
            return []
        why = f"{written} → {number} (a clause)"
        fix = [Change(m.start("clause"), m.end("clause"), number, "ocr-digit", why)]
        out = [(number + ".", (fix if number != written else []) + stop)]
        if written in OCR_SECTION_LETTERS and stop:  # «8 .» for «B.», its stop misread too
            letter = OCR_SECTION_LETTERS[written]
            why = f"{written} → {letter} (a section)"
            fix = [Change(m.start("clause"), m.end("clause"), letter, "ocr-digit", why)]
            out.append((letter + ".", fix + stop))
        return out
    sub, out = m["sub"], []
    if sub.isdigit() and stop:
        out.append((f"({sub}).", stop))
    if sub in OCR_SECTION_LETTERS:
        letter = OCR_SECTION_LETTERS[sub]
        why = f"({sub}) → ({letter}) (a subclause)"
        out.append(
            (
                f"({letter}).",
                [Change(m.start("sub"), m.end("sub"), letter, "ocr-digit", why), *stop],
            )
        )
    elif not sub.isdigit():
        out.append((f"({sub}).", stop))
    return out


def _units_back(lines: Iterable[str]) -> Iterator[str]:
    """``lines`` (the nearest first) as the units they open, each line's units run in
    after a sentence or glued to a word (``… стороны). 2.Игрок …``, ``… и если(A).Нарушитель
    …``, which ``run_in_structure`` sets on lines of their own later) the nearest first:
    a marker OCR misread on the next line goes on counting them."""
    for line in lines:
        cuts = sorted(
            {m.end() for m in run_ins(line)}
            | {m.start() for m in glued_markers(line)}
            | {m.start() for m in GLUED_SUBCLAUSE.finditer(line)}
        )
        for at in reversed(cuts):
            yield line[at:]
        yield line


def _misread_markers(
    text: str,
    ctx: Context,
    markers: list[tuple[int, regex.Match]],
    sections: dict[int, str] | None = None,
) -> list[Change]:
    """The changes that read back the markers OCR misread (``grammar.OCR_MARKER``), each
    where, so read, it goes on counting its series, or opens one right under its
    heading or before the series' second. The lines are read as the markers before
    were read back, and the markers after as they would be (a list misread whole);
    ``sections`` gives the lines whose section letter was read back already (by the
    line's start: ``8.`` for ``B.``, under which a ``1;`` opens the clauses)."""
    if not markers:
        return []
    lines = ctx.lines(text)
    ahead: dict[int, str] = {}  # the lines of later markers, as they would be read
    for i, m in markers:
        readings = _marker_readings(m)
        if readings:
            ahead[i] = readings[0][0] + text[m.end() : lines[i][1]]
    read: dict[int, str] = {}  # the lines of the markers read back so far
    if sections:
        read.update((j, sections[ln[0]]) for j, ln in enumerate(lines) if ln[0] in sections)

    def line_at(j: int, i: int) -> str:
        return read.get(j) or (ahead.get(j) if j > i else None) or lines[j][2]

    out: list[Change] = []
    for i, m in markers:
        if m["clause"] and initial_of_a_name(text, m.start("clause")):
            continue  # «З. Смирнов»
        if "б" in (m["clause"] or "") and any(
            _LETTERED_ITEM.match(lines[j][2]) for j in range(max(0, i - 3), min(len(lines), i + 4))
        ):
            continue  # «б.» of a list lettered «а. б. в.», no clause 6
        rest = text[m.end() : lines[i][1]]
        if m["para"] and len(rest.split()) < _PARAGRAPH_WORDS:
            continue  # another code's numbered heading (``1.1 Колода``), no sentence
        parent = _next_unit(line_at, i, range(i - 1, max(-1, i - 1 - COUNTING_REACH), -1))
        back = range(i - 1, max(-1, i - 1 - COUNTING_REACH), -1)
        on = range(i + 1, min(len(lines), i + 1 + COUNTING_REACH))
        for marker, changes in _marker_readings(m):
            line = marker + rest
            if (
                goes_on_counting(_units_back(line_at(j, i) for j in back), line)
                or (
                    opens_series(line) is not None
                    and parent is not None
                    and opens_body(parent, line)
                )
                # the series' next follows it (also on a page cut off the units before)
                or counts_on_to(line, (line_at(j, i) for j in on))
                # or its own first unit does (``B,`` | ``1.``)
                or ((child := _next_unit(line_at, i, on)) is not None and opens_body(line, child))
                # a paragraph's number between the paragraphs around it (``64.10`` on a
                # page cut before it, ``65.1.`` next)
                or (
                    m["para"] is not None
                    and _in_paragraph_order(
                        line, (line_at(j, i) for j in back), (line_at(j, i) for j in on)
                    )
                )
                # a digit read for the next section's letter, after the clauses of a
                # section begun on the page before (``2.``, ``3.``, ``8 .`` for ``B.``)
                or (
                    m["clause"] is not None
                    and series_place(line) == ("section", 2)
                    and _closes_a_cut_section(line_at, i)
                )
            ):
                read[i] = line
                out += changes
                break
    return out


def _closes_a_cut_section(line_at: Callable[[int, int], str], i: int) -> bool:
    """Line ``i`` comes right after the clauses of a section whose heading was on the
    page before: the units above it, back to the page's first line, are two or more
    clauses that count up to it one by one (``2.``, ``3.``; their subclauses between),
    under no heading of a section, a law or a division; a page cut out of the middle of a law that runs on into
    the next section (``blocks._continued_clauses`` reads it so)."""
    numbers: list[int] = []
    for j in range(i - 1, max(-1, i - 1 - COUNTING_REACH), -1):
        ln = line_at(j, i).lstrip()
        if not starts_unit(ln):
            if j == 0:
                break
            continue
        place = series_place(ln)
        if place is not None and place[0] in ("subclause", "item"):
            continue  # a clause's own units
        if place is None or place[0] != "clause":
            return False  # a section, a law or a division heads them on the page
        if numbers and place[1] != numbers[-1] - 1:
            return False
        numbers.append(place[1])
    else:
        if i > COUNTING_REACH:
            return False  # the page's start is farther than the lines read back
    return len(numbers) >= 2


_LETTERED_ITEM = regex.compile(r"[ \t]*[авгде][.)][ \t]*\S")
"""An item of a list lettered in Russian (``а.``, ``в)``), beside which a ``б.`` is its
second item, not a clause's 6 OCR misread."""
_PARAGRAPH_WORDS = 3
"""Least words after a commentary paragraph's number read back on its line: its
sentence opens there, where another code's numbered headings (``1.1 Колода``) hold a
word or two."""


def _paragraph_key(line: str) -> tuple[int, int] | None:
    """``(law, paragraph)`` of the commentary paragraph ``line`` opens, or None."""
    m = COMMENTARY.match(line)
    return (int(m[1]), int(m[2])) if m else None


def _in_paragraph_order(line: str, before: Iterable[str], after: Iterable[str]) -> bool:
    """The commentary paragraph ``line`` opens comes after the nearest one ``before`` it
    (read back from it) and before the nearest one ``after`` it, and one of them is
    there."""
    key = _paragraph_key(line)
    prev = next((k for ln in before if (k := _paragraph_key(ln.lstrip()))), None)
    nxt = next((k for ln in after if (k := _paragraph_key(ln.lstrip()))), None)
    return (
        key is not None
        and (prev is not None or nxt is not None)
        and (prev is None or prev < key)
        and (nxt is None or key < nxt)
    )


def _next_unit(line_at: Callable[[int, int], str], i: int, lines: range) -> str | None:
    """The first line of ``lines`` (their indexes, in the order read) that opens a
    unit, as ``line_at(j, i)`` reads it, or None."""
    return next((ln for j in lines if starts_unit(ln := line_at(j, i).lstrip())), None)


def cyrillic_sections(text: str, ctx: Context) -> list[Change]:
    """A law whose sections a copy retyped in Russian lettered in the Russian
    alphabet's order (``А.``, ``Б.``, ``В.``, ``Г.`` for A, B, C, D;
    ``addresses.CYRILLIC_ORDER``): each letter becomes the Latin one of its place. Only
    where a letter with no Latin look-alike (``Б``, ``Г``, ``Д``) is among two or more
    of a law's section letters that go up one by one in that order, on a Russian
    page; elsewhere ``В`` is the look-alike of ``B`` and stays for the address module
    to read (which reads a letter with no look-alike by its place too,
    ``addresses.marker_letter``)."""
    if ctx.profile.foreign or not any(
        f"\n{c}" in text or text.startswith(c) for c in addresses.CYRILLIC_ONLY
    ):
        return []  # (a page in Ukrainian or Bulgarian letters its lists so: its own text)
    out: list[Change] = []
    law: list[tuple[int, str]] = []  # (offset, letter) of the current law's sections

    def close() -> None:
        letters = [c for _at, c in law]
        if not any(c in addresses.CYRILLIC_ONLY for c in letters) or any(
            c not in addresses.CYRILLIC_ORDER for c in letters
        ):
            return
        places = [addresses.CYRILLIC_ORDER.index(c) for c in letters]
        # each series the letters start again at: a law whose heading was lost at a
        # page break runs on in the law before it (``А``, ``Б`` | ``Б``, ``В``, ``Г``);
        # each must go up one by one (``А``, ``В``, ``Г``: ``В`` is a look-alike of B, and
        # ``Г`` a name's initial)
        runs: list[list[tuple[int, str, int]]] = []
        for (at, c), place in zip(law, places, strict=True):
            if not runs or place <= runs[-1][-1][2]:
                runs.append([])
            runs[-1].append((at, c, place))
        for run in runs:
            steps = [p for _at, _c, p in run]
            if (
                len(run) < 2
                or not any(c in addresses.CYRILLIC_ONLY for _at, c, _p in run)
                or any(b != a + 1 for a, b in itertools.pairwise(steps))
            ):
                continue  # one letter alone may be a name's initial (``Д. Андреев``)
            for at, c, place in run:
                latin = chr(ord("A") + place)
                out.append(Change(at, at + 1, latin, "cyrillic-section", f"{c} → {latin}"))

    for s, _e, line in ctx.lines(text):
        if _law_head(line):
            close()
            law = []
        elif (m := SECTION.match(line)) is not None:
            law.append((s + m.start(1), m[1]))
    close()
    return out


def restyled_markers(text: str, ctx: Context) -> list[Change]:
    """A law's sections, clauses and subclauses marked in another style than the book's
    (``grammar.RESTYLED_MARKER``): ``A)``, ``Б)`` become ``A.``, ``B.``; ``1)``, ``2)``
    become ``1.``, ``2.``; ``а)``, ``б)`` (or ``(a)``, ``(а)``, ``(A)``) become ``(A).``,
    ``(B).``.

    Only under a law's heading (of a law the edition has), before its commentary, a
    note, a comment or an appendix (``grammar.ASIDE_HEAD``). A ``1)`` under a rule
    line, or anywhere in a law whose text marks footnotes (``нарушения¹``), opens a
    footnote, and so does a later number under a rule that does not count on. No
    section so where the law letters its sections as the book does.

    Only a series that counts up from the first (of two or more; also a clause or a
    subclause alone after a line that leads in with a colon, and a section alone as a
    law's first marker): sections right under a law, clauses right under a law or a
    section, subclauses right under a clause, one style a series. A letter without a Latin
    look-alike (``б``) reads the series in the Russian alphabet's order (a Latin
    look-alike among them, ``A)`` before ``Б)``, read as its Cyrillic letter). A page the
    profile found foreign is read too: a wrong code page makes a Russian one look so
    before ``mojibake`` reads it back, and a foreign law's heading is no ``LAW_HEAD``.

    Where a law's heading is lost (the source opens inside a law whose heading comes
    later, or pages are missing at a page break), its sections may go on from a later
    letter: a series of two or more that counts up from ``B)`` or later, as the first
    marker at the source's start or right after a page break, is read so too."""
    if not _RESTYLED_ANYWHERE.search(text):
        return []
    rules = ctx.buffer.marks("underline-rule")
    pages = sorted(ctx.buffer.marks("page-number") + ctx.buffer.marks("form-feed"))
    out: list[Change] = []
    runs: dict[str, list[regex.Match]] = {
        "section": [],
        "clause": [],
        "subclause": [],
        "deeper": [],  # ``(1)`` under a subclause (``9A2(B)(1)``)
    }
    # a run of one counts: a clause or a subclause after a «…:» line, a section right
    # under its law's heading
    led_in = {"section": False, "clause": False, "subclause": False, "deeper": False}
    # the section series opened where a law's heading is lost: it may count from «B)»
    lost = False
    # no marker has been read since the source's start or the last page break
    fresh = True
    before = ""  # the last line of text
    ruled = False  # under a rule line, where «1)» opens a footnote
    noted = False  # the law's text has marks of footnotes (``нарушения¹``): «1)» opens one
    lettered = False  # the law letters its sections as the book does (``A.``)
    law = False  # inside a law's own text
    parent = ""  # the kind of the last marker above: "law", "section", "clause", "subclause"
    # the restyled points under the subclauses of the run still open: kept only when
    # that run is (a point under a lone «б)» a wrap left is no point)
    points: list[Change] = []
    # the last subclause's sentence has not ended: its lead-in (``(b) Болван:``) may lead
    # in to its points
    sub_open = False

    def close(kind: str) -> None:
        run, runs[kind] = runs[kind], []
        under: list[Change] = []
        if kind == "subclause":
            under, points[:] = points[:], []
        if not run:
            return
        marks = [m["clause"] or m["letter"] or m["capital"] or m["number"] for m in run]
        numbered = kind in ("clause", "deeper")
        from_lost = kind == "section" and lost
        places = [int(c) for c in marks] if numbered else _series_places(marks, from_lost)
        if places != list(range(places[0] if from_lost else 1, places[0] + len(run))):
            return
        if from_lost and len(run) < 2:
            return
        alone = len(run) == 1
        if alone and not (led_in[kind] and not _NEXT_INLINE.search(_rest_of_line(run[0]))):
            return  # one alone, unless led in and not followed on its own line by the next
        if len({(m["clause"] is None, m[0].lstrip()[:1] == "(") for m in run}) > 1:
            return  # two styles: no one list
        for m, place in zip(run, places, strict=True):
            written = m[0].lstrip(" \t")
            at = m.end() - len(written)
            letter = chr(ord("A") + place - 1)
            new = {
                "section": f"{letter}.",
                "clause": f"{place}.",
                "subclause": f"({letter}).",
                "deeper": f"({place}).",
            }
            (points if kind == "deeper" else out).append(
                Change(at, m.end(), new[kind], "restyled-marker", f"{written} → {new[kind]}")
            )
        out.extend(under)

    def close_all() -> None:
        close("deeper")
        close("subclause")
        close("clause")
        close("section")

    def push(kind: str, m: regex.Match, previous: str) -> None:
        if not runs[kind]:
            led_in[kind] = LEAD_IN.search(previous) is not None
        runs[kind].append(m)

    # the source may open inside a law: a law's heading comes later (a page cut from the book)
    cut = _LAW_HEAD_ANYWHERE.search(text) is not None
    headed = False  # a law's heading has been read
    r = p = 0
    for s, e, line in ctx.lines(text):
        while r < len(rules) and rules[r] <= s:
            ruled, r = True, r + 1  # footnotes under a rule (the lists go on after them)
        while p < len(pages) and pages[p] <= s:
            fresh, p = True, p + 1
        head = line.lstrip(" \t")
        if not head:
            continue
        previous, before = before, line
        opening, fresh = fresh, False
        if (m := _law_head(head)) is not None:
            close_all()
            law, parent, ruled = 1 <= int(m[1]) <= editions.DEFAULT.laws, "law", False
            lettered = noted = lost = False
            headed = True
        elif not law:
            # before the first heading, only a section series that goes on from a later
            # letter (the law's heading and its first sections are on missing pages)
            m = RESTYLED_MARKER.match(text, s, e) if cut and not headed else None
            if (
                m is not None
                and m["capital"] is not None
                and (
                    (opening and _later_letter(m))
                    or (lost and _next_in_series(runs["section"], m, True))
                )
            ):
                lost = True
                runs["section"].append(m)
            elif m is None:
                fresh = opening
            continue
        elif ASIDE_HEAD.match(head) or COMMENTARY.match(head) or KEYED_COMMENTARY.match(head):
            close_all()
            law = False
        elif SECTION.match(head):
            close_all()
            parent, ruled, lettered = "section", False, True
        elif (c := CLAUSE.match(head)) is not None:
            close("deeper")
            close("subclause")
            close("clause")
            parent, ruled = "clause", False
            # the later editions run a clause's first point in on its line («1. (a) Если …»)
            m = RESTYLED_MARKER.match(text, e - len(head) + c.end(), e)
            if m is not None and (m["letter"] or "").lower() in ("a", "а"):
                push("subclause", m, previous)
                parent, sub_open = "subclause", not _ends_no_lead_in(line)
        elif (m := RESTYLED_MARKER.match(text, s, e)) is None:
            fresh = opening  # plain text: the next marker still opens the page
            noted = noted or SUPERSCRIPT_MARK.search(line) is not None
            sub_open = sub_open and not _ends_no_lead_in(line)
            continue
        elif m["number"] is not None:
            # ``(1)`` right under a subclause that leads in to it, as the later editions
            # number its points, and the points after it (not a footnote's number)
            if parent == "subclause" and not (noted or ruled):
                if m["number"] == "1" and sub_open and LEAD_IN.search(previous):
                    close("deeper")
                    push("deeper", m, previous)
                elif runs["deeper"]:
                    push("deeper", m, previous)
        elif m["clause"] is not None:
            counts_on = bool(runs["clause"]) and int(m["clause"]) == len(runs["clause"]) + 1
            if noted or (ruled and not counts_on):
                continue  # a footnote's number
            ruled = False
            close("deeper")
            close("subclause")
            if m["clause"] == "1":
                close("clause")
                if parent in ("law", "section"):
                    push("clause", m, previous)
            elif runs["clause"]:
                push("clause", m, previous)
            parent = "clause"
        else:
            first = (m["letter"] or m["capital"]).lower() in "aа"
            capitals = runs["subclause"] and runs["subclause"][-1]["capital"] is not None
            # a series that goes on from a later letter where a law's heading is lost
            resumes = (
                opening
                and not first
                and m["capital"] is not None
                and not lettered
                and not _next_in_series(runs["section"], m, lost)
                and not _next_in_series(runs["subclause"], m)
                and _later_letter(m)
            )
            if resumes:
                close_all()
                lost = True
                runs["section"].append(m)
                parent, ruled = "section", False
            elif m["capital"] is not None and (
                (first and parent in ("law", "section") and not lettered)
                or (
                    not first
                    and _next_in_series(runs["section"], m, lost)
                    and not (capitals and _next_in_series(runs["subclause"], m))
                )
            ):
                close("deeper")
                close("subclause")
                close("clause")
                if first:
                    close("section")
                    led_in["section"] = parent == "law"  # right under the heading
                    lost = False
                runs["section"].append(m)
                parent, ruled = "section", False
            elif parent in ("clause", "subclause"):
                close("deeper")
                if first:
                    close("subclause")
                push("subclause", m, previous)
                parent, sub_open = "subclause", not _ends_no_lead_in(line)
    close_all()
    return out


def _ends_no_lead_in(line: str) -> bool:
    """``line`` ends a sentence or a clause, and no lead-in's colon ends it."""
    return CLAUSE_END.search(line) is not None and LEAD_IN.search(line) is None


_NEXT_INLINE = regex.compile(r"[ \t]\(?(?:2|[бbБB])\)[ \t]")
"""A list's second marker inside the line of its first (a page that lost its line
breaks wrote the list inline: ``…: а) если …, б) если …``)."""


def _rest_of_line(m: regex.Match) -> str:
    """The line that ``m`` matched at, from the match on."""
    end = m.string.find("\n", m.end())
    return m.string[m.end() : end if end >= 0 else len(m.string)]


def _later_letter(m: regex.Match) -> bool:
    """The capital ``m`` (a ``RESTYLED_MARKER``) is a later letter than the first, ``B)``
    or after: a series that goes on where its law's heading and first letters are lost."""
    return _series_places([m["capital"]], True)[0] > 1


def _next_in_series(run: list[regex.Match], m: regex.Match, lost: bool = False) -> bool:
    """The letter ``m`` (a ``RESTYLED_MARKER``) is the next of the series ``run``
    (``lost``: a series that may go on from a later letter than the first)."""
    marks = [r["letter"] or r["capital"] for r in (*run, m)]
    if not run:
        return False
    places = _series_places(marks, lost)
    return places == list(range(places[0] if lost else 1, places[0] + len(marks)))


_LAW_HEAD_ANYWHERE = LineOpening(r"[ \t]*" + LAW_HEAD.pattern.removeprefix("^"))
"""A line that opens with a law's heading (``grammar.LAW_HEAD``)."""

_RESTYLED_ANYWHERE = LineOpening(RESTYLED_MARKER.pattern)
"""A line that opens with a ``RESTYLED_MARKER``: the text is read line by line only
where one does."""


def _series_places(letters: list[str], lost: bool = False) -> list[int]:
    """The places of a series of letters (a section's or a subclause's): as Latin
    letters (look-alikes read so) where that counts up from ``A`` (``lost``: from any
    letter), else in the Russian alphabet's order (``а``, ``б``)."""
    read = [addresses.latin(c).upper() for c in letters]
    if all("A" <= c <= "H" for c in read):
        places = [ord(c) - ord("A") + 1 for c in read]
        if places == list(range(places[0] if lost else 1, places[0] + len(places))):
            return places
    order = addresses.CYRILLIC_ORDER.lower()
    read = [addresses.cyrillic(c).lower() for c in letters]  # ``A)``, ``Б)``: OCR's mix
    return [order.index(c) + 1 if c in order else 0 for c in read]


_SECOND_MARKER_WITHIN = 2000
"""How far after a first marker OCR misread (``l.``) the list's second stands."""


def run_in_structure(text: str, ctx: Context) -> list[Change]:
    """Start a new line where a structural marker was run into the text
    (``…способом). B.Фальшренонс…``, ``…если это не: A.Ложная уступка``), or a
    subclause glued to the word before it (``… и если(A).Нарушитель``)."""
    out = []
    for m in glued_markers(text):
        out.append(Change(m.start(), m.start(), "\n", "run-in-structure", "a marker glued on"))
    for m in run_ins(text):
        before = text[max(0, m.start() - 4) : m.start()]
        # "S.O. C.Игрок": an abbreviation before the marker is still a sentence end.
        if _ABBREVIATION_END.search(before):  # "т.е. A" style abbreviations: not a marker
            continue
        if initial_of_a_name(text, m.end()):
            continue  # «Перевод: С. Смирнов»: a name's initial after a colon
        out.append(Change(m.start(), m.end(), "\n", "run-in-structure", "marker starts a new unit"))
    for m in GLUED_SUBCLAUSE.finditer(text):
        out.append(Change(m.start(), m.start(), "\n", "run-in-structure", "a subclause glued on"))
    for m in run_in_items(text):
        out.append(
            Change(m.start(), m.start(1) - 1, "\n", "run-in-structure", "the next item of a list")
        )
    return out


_GLUED = regex.compile(r"(?<=[а-яё]{3})(?=[А-ЯЁ][а-яё]{2,})")
_GLUED_SHORT = regex.compile(r"(?<=[а-яё]{3})(?=([А-ЯЁ][а-яё]?)(?:[ \t]|$))")
"""A heading's last word glued to the text's first, a word of one or two letters
(``…от нарушителяЗа последующий``, ``…фальшренонсаИ взятка``)."""


def glued_headings(text: str, ctx: Context) -> list[Change]:
    """A heading glued to its text (``A. ТасованиеПеред началом``): break the
    line where a lower-case letter runs into a capital inside one word; where the
    text opens with a word of one or two letters (``…нарушителяЗа последующий``),
    only when both the heading's word and that word are words the dictionary or
    the corpus knows, and the two together are none (a scan's capital at a word's
    end, ``ПравилО``, is no glue)."""
    out = []
    lines = ctx.lines(text)
    for k, (_s, _e, line) in enumerate(lines):
        if not is_heading_line(line):
            continue
        # the heading's own line, and the lines a wrap put the rest of a long heading on
        # (``3.Фальшренонс … открытой`` | ``картойЕсли фальшренонс …``)
        for s, _e, part in lines[k : k + 1 + _HEADING_WRAPS]:
            if part is not line and (not part.strip() or starts_unit(part)):
                break
            m = _GLUED.search(part) or next(
                (g for g in _GLUED_SHORT.finditer(part) if _glued_words(g, ctx)), None
            )
            if m:
                out.append(Change(s + m.start(), s + m.start(), "\n", "glued-heading"))
                break
            if CLAUSE_END.search(part):
                break
    return out


_HEADING_WRAPS = 2
"""Lines after a heading's own that a wrap may have put the rest of it on."""


def _glued_words(m: regex.Match, ctx: Context) -> bool:
    """The words either side of a ``_GLUED_SHORT`` join are known words (the heading's
    to the dictionary or the corpus, ``Context.known``), and the two together are none."""
    before = m.string[: m.start()].split()
    word = regex.sub(r"^\W+", "", before[-1]).lower() if before else ""
    short = m.group(1).lower()
    return (
        len(word) > 3
        and ctx.known(word)
        and morph.is_known(short)
        # the two are no one word whose last letter a scan set in capitals (``ПравилО``)
        and not morph.is_known(word + short)
    )


_BILINGUAL_HEAD = regex.compile(rf"^\s*(?:{RU_HEADS})\s+[\dIVXLC]+\b")
"""A heading whose number a bilingual page may follow by its English half before
the title (``Правило 21 / Law 21. Заявка``)."""
_NEVER_BILINGUAL_HEAD = never_opening(_BILINGUAL_HEAD)
"""What no ``_BILINGUAL_HEAD`` line opens with."""
_ENGLISH_HALF = regex.compile(
    r"""
    [ \t]+/[ \t]*                        # the slash between the two languages
    (?=\p{Latin}) [^\n/\p{Cyrillic}]*?    # the English half: no Cyrillic letter, no slash
    (?= [ \t]*(?:[.:][ \t]*)?\p{Cyrillic}  # … up to the Russian title it interrupts
      | [ \t]*/ | [ \t]*$ )                # or the next half, or the line's end
    """,
    regex.X,
)


_GLUED_ENGLISH = regex.compile(
    rf"(?<=[\p{{Cyrillic}}.)»])[ \t]*(?:{EN_HEADS})[ \t]+([\dIVXLC]+)\b[^\p{{Cyrillic}}\n]*$"
)
"""The English heading a bilingual contents list runs on after the Russian title, with
no slash and maybe no space (``ПРАВИЛО 4. ПарыLAW 4 - PARTNERSHIPS``): the line's rest,
with no Cyrillic letter, from a heading word and the same number as the Russian's."""
_LATIN_HEAD_START = frozenset(" \tLCPS")
"""First characters of a line ``grammar.BILINGUAL_HEAD`` may find an English half at."""
_LATIN_WORD = regex.compile(r"\p{Latin}\p{Ll}{2}")


def bilingual_headings(text: str, ctx: Context) -> list[Change]:
    """A heading printed in both languages (``Правило 20. Пересмотр / Law 20 -
    Review``, ``Глава IV / Chapter IV. Торговля``, ``Law 21 Правило 21``, ``ПРАВИЛО 4.
    ПарыLAW 4 - PARTNERSHIPS``): the English halves go, so the
    title is the Russian one. Only on heading lines, and only a half of Latin
    words in lower case (an address like ``9A2(B)`` or an acronym after a slash is
    no English half)."""
    out = []
    for s, _e, line in ctx.lines(text):
        first = BILINGUAL_HEAD.match(line) if line[:1] in _LATIN_HEAD_START else None
        if first is not None:
            # the English half first («Law 21 Правило 21 …»): it goes, the Russian stays
            out.append(Change(s, s + first.end(), "", "bilingual-heading", first.group().strip()))
            continue
        head = _BILINGUAL_HEAD.match(line) if line[:1] not in _NEVER_BILINGUAL_HEAD else None
        if head is not None:
            glued = _GLUED_ENGLISH.search(line, head.end())
            if glued is not None and glued[1] == head.group().split()[-1]:
                out.append(
                    Change(
                        s + glued.start(),
                        s + len(line),
                        "",
                        "bilingual-heading",
                        glued.group().strip(),
                    )
                )
                continue
        if "/" not in line or not (is_heading_line(line) or head is not None):
            continue
        for m in _ENGLISH_HALF.finditer(line):
            # a word in lower case: «Law», «Review» (an acronym like WBF may be Russian text's)
            if _LATIN_WORD.search(m.group()) and _CYRILLIC.search(line, 0, m.start()):
                out.append(
                    Change(s + m.start(), s + m.end(), "", "bilingual-heading", m.group().strip())
                )
    return out


_LINE_END_HYPHEN = regex.compile(r"(?<=(\w+))([-\u2010\u2011\u2013\u00ac])\n(\n?)(?=(\w+))")
"""A word broken at a line end: by a hyphen-minus, the typographic or the no-break
hyphen (U+2010, U+2011) typesetters and PDF text layers print, an en dash an OCR
took the hyphen for (no blank before it: a dash in a sentence has one), or the ``¬``
some OCR programs mark a break with."""
_NO_HYPHEN = "\u00ac"
"""A break mark that is no hyphen: a compound kept whole gets a hyphen in its place."""
_SOFT_BREAK = regex.compile(r"(?<=\p{L})[\u00ad\u25a0][ \t]*\n?[ \t]*(?=\p{Ll})")
"""A word broken at a line end with a soft hyphen, which some conversions show as a
black square (``насла■``/``диться``); where the line breaks were lost a space
stands after it (``насла■ диться``). A soft hyphen never belongs to the word."""
_KEEP_HYPHEN_SUFFIX = regex.compile(r"^(?:то|либо|нибудь|ка|таки|де|с)\b")
_SPACED_HYPHEN = regex.compile(r"(?<=(\p{L}{2,}))-[ \t]+(?=(\p{Ll}{2,}))")
"""A word broken with a hyphen whose line break a copy turned into a space
(``деномина- цию``: a contents line or a paragraph whose line breaks were lost)."""


def _cut_in_a_word(ctx: Context) -> set[int]:
    """Where lines were removed as a site's template whose last ended inside a broken
    word (a printed line of the text taken for a template's): the line after them
    opens with the rest of that word, never of a word broken before them."""
    return set(
        ctx.buffer.marks(
            "site-chrome", before=lambda raw: BROKEN_WORD.search(raw.rstrip()) is not None
        )
    )


def dehyphenate(text: str, ctx: Context) -> list[Change]:
    """Join a word broken by a hyphen at a line end (``мес-``/``то`` → ``место``).
    The hyphen stays when the word is a real compound (``из-за``, ``какие-либо``)
    or follows a number (``12-``/``й``): decided with the dictionary and the
    corpus's vocabulary, never with a list of words. A soft hyphen (or the black
    square some conversions print for it) before a line end or a space is always
    joined: it never belongs to the word. A hyphen whose line break a copy turned
    into a space (``деномина- цию``) is joined only where the word is known whole and
    neither with the hyphen nor its second half alone. A word is never joined across
    removed lines that ended inside a broken word of their own (``_cut_in_a_word``)."""
    out = []
    cut: set[int] | None = None
    for m in _LINE_END_HYPHEN.finditer(text):
        left, mark, right = m[1], m[2], m[4]
        if starts_unit(text[m.end() : m.end() + 40].split("\n")[0]):
            continue
        if cut is None:
            cut = _cut_in_a_word(ctx)
        if cut and any(at in cut for at in range(m.start() + 1, m.end() + 1)):
            continue
        if m[3] and not right[0].islower():
            continue  # across a paragraph break only a word's lower-case rest is joined
        if not left[-1].isalpha() and not left[-1].isdigit():
            continue
        joined, hyphened = left + right, left + "-" + right
        if left[-1].isdigit():
            keep = True
        elif ctx.known(joined):
            keep = False
        elif ctx.known(hyphened) or (_KEEP_HYPHEN_SUFFIX.match(right) and ctx.known(left)):
            keep = True
        else:
            keep = False  # a typographic break: the usual case
        if keep and mark == _NO_HYPHEN:
            out.append(Change(m.start(), m.end(), "-", "unwrap", "line-end break of a compound"))
        elif keep:
            out.append(
                Change(m.start() + 1, m.end(), "", "unwrap", "line-end hyphen of a compound kept")
            )
        else:
            out.append(Change(m.start(), m.end(), "", "dehyphenate", f"{hyphened} → {joined}"))
    if "- " in text or "-\t" in text:
        for m in _SPACED_HYPHEN.finditer(text):
            # only where the dictionary or the corpus knows the word whole and not its
            # halves with the hyphen: «двух- и трёхкратный» leaves a hyphen for a word
            # to come, and «из- за» is a compound
            left, right = m[1], m[2]
            joined, hyphened = left + right, left + "-" + right
            if ctx.known(joined) and not ctx.known(hyphened) and not morph.is_known(right):
                out.append(
                    Change(m.start(), m.end(), "", "dehyphenate", f"{left}- {right} → {joined}")
                )
    for m in _SOFT_BREAK.finditer(text):
        # a black square inside a word may be anything
        if len(m.group()) > 1 or m.group() == "\u00ad":
            out.append(Change(m.start(), m.end(), "", "dehyphenate", "soft hyphen at a line end"))
    return _merge_sorted(out)


def unwrap(text: str, ctx: Context) -> list[Change]:
    """Join hard-wrapped lines into paragraphs and headings. A line break stays
    where the structure or the sentence says so:

    - the next line opens a unit (marker, heading, footnote), or an empty line
      stands between them (left where a rule or a page number before missing
      pages was removed);
    - the line ends with a tag such as ``(DC4)`` (001 ends every paragraph so);
    - in a heading, the next line begins with a capital (the body starts);
    - in body text, the line ends a sentence and the next begins with a capital
      (not in tagged sources, where only tags end paragraphs, nor on a page whose
      paragraphs end with pilcrows, ``PILCROW_PAGE``), unless the text is
      hard-wrapped and double-spaced and the line was full: the next line's first
      word would not have fitted on it, so the wrap, not the paragraph's end, broke
      it there;
    - a footnote body ends at a full stop (it stands at the foot of its page, so
      what follows is the next page's text, whatever its case);
    - a table-of-contents entry (its dot leader removed) stays a line of its own;
    - a pilcrow (``¶``) the cleaner removed from the line's end ended a paragraph;
    - a bulleted line after a list's item or after a colon is the list's next item
      (``_bulleted``);
    - a row of an auction diagram (``W N E S``, ``1S контра``) or of a deal diagram
      (``п В1082``, ``т 7632 Ю т КВ5``) is a line of its own, unless it stands inside
      a sentence;
    - a heading in capitals of a few words ends before a line of text in small
      letters (``_heading_in_capitals``);
    - a list's items lettered in small letters, one a line (``а) …`` | ``б) …``:
      ``_lettered_item``), count as capitals: each opens a line of its own under a
      heading and after a line that ends a sentence or a clause (``… должен:``), not
      after the head of a reference or a preposition (``… по пункту`` | ``а) правила
      41``); an item alone goes on with the sentence before it, and so does a list
      whose first item does (``… назначается, когда`` | ``а) …;`` | ``б) …``).
    """
    # a table-of-contents entry (its dot leader was removed) is a line of its own
    toc = set(ctx.buffer.marks("dot-leader"))
    lines = ctx.lines(text)
    rows = [_diagram_row(line) for _s, _e, line in lines]  # each line judged once
    # double spacing: a scrape that put an empty line after every line of a wrapped
    # page, so no empty line marks its paragraphs and a full line may end a sentence
    # in mid-paragraph (a typewritten single-spaced page ends paragraphs so too: 004)
    layout = ctx.profile.layout
    measure = _measure(lines) if "double-spaced" in layout and "wrapped" in layout else None
    # a pilcrow the cleaner took from a line's end said the paragraph ends there; on
    # a page that ends its paragraphs so, a line that ends a sentence without one
    # was wrapped there (``… намерение игрока.`` | ``Если судья …``)
    pilcrows = set(ctx.buffer.marks("pilcrow"))
    pilcrowed = sum(1 for at in pilcrows if text[at : at + 1] == "\n") >= PILCROW_PAGE
    # under a rule the cleaner removed, up to the next unit, a footnote's mark (``<*>``,
    # ``*``, ``1)``) after a sentence's end opens each body at the foot of the page: the
    # one before ends at its line's end
    rules = sorted(ctx.buffer.marks("underline-rule"))
    next_rule, under_rule = 0, False
    out: list[Change] = []
    para_is_heading = para_is_footnote = False
    # the paragraph so far is a list's item, or a colon ends its last line
    item = False
    prev_colon = False
    # whether the line before stands apart from the one before it (no join made for it)
    joins, apart = 0, True
    for i, (s, _e, line) in enumerate(lines):
        apart, joins = len(out) == joins, len(out)
        colon = line.rstrip(_WHITESPACE).endswith(":")
        was_item, item = item, _bulleted(line) or colon
        # what the paragraph is if this line is joined to it: an item goes on with it
        # (a colon it ended with is no more)
        joined_item = (was_item and not prev_colon) or colon
        prev_colon = colon
        while next_rule < len(rules) and rules[next_rule] <= s:
            under_rule, next_rule = True, next_rule + 1
        if under_rule and starts_unit(line):
            under_rule = False  # the notes' area ends where the text goes on
        # under a rule, a footnote's mark opens a body after a sentence's end (or an
        # empty line): the line before is read only there
        ruled_note = (
            under_rule
            and (
                i == 0
                or not lines[i - 1][2].strip()
                or FULL_STOP.search(lines[i - 1][2]) is not None
            )
            and RULED_FOOTNOTE.match(line) is not None
        )
        if i == 0 or not lines[i - 1][2].strip():
            para_is_heading = is_heading_line(line)
            para_is_footnote = ruled_note or bool(FOOTNOTE.match(line))
            continue
        prev = lines[i - 1][2]
        # the patterns that end a line are tried only where its last character
        # allows them (a search for ``…\s*$`` tries every character of the line)
        last = prev.rstrip(_WHITESPACE)[-1:]
        nl = s - 1  # the newline before this line
        space = "" if prev.endswith(" ") or line.startswith(" ") else " "
        if line.strip() and nl not in toc and _reference_goes_on(prev, line):
            out.append(Change(nl, nl + 1, space, "unwrap"))
            item = joined_item
            continue
        if (
            not line.strip()
            or nl in toc
            or nl in pilcrows
            or starts_unit(line)
            or ruled_note
            or (last == ")" and TAG_END.search(prev))
            or (para_is_footnote and last in _CLAUSE_LAST and FULL_STOP.search(prev))
            or _language_turns(prev, line, lines[i + 1][2] if i + 1 < len(lines) else "")
            or (was_item and _bulleted(line))
            or _diagram_row_apart(lines, rows, i - 1)
            or _diagram_row_apart(lines, rows, i)
            or _heading_in_capitals(prev, line)
        ):
            # a footnote stands at the foot of its page: its last sentence ends it
            para_is_heading = is_heading_line(line)
            para_is_footnote = ruled_note or bool(FOOTNOTE.match(line))
            continue
        first = line.lstrip()[:1]
        # a list's items lettered in small letters, one a line (``а) …`` | ``б) …``), open
        # their lines as capitals do: the first where the next line opens the next item,
        # the others where the item before stands apart (a list run into its sentence,
        # ``… когда`` | ``а) …;`` | ``б) …``, stays run in); not after the head of a
        # reference or a preposition (``по пункту`` | ``а) правила 41``)
        item_opens = False
        if first.islower() and _lettered_item(line):
            # the first item: after a lead-in's colon, a sentence's end or a title with
            # no comma (``A. Общее``; ``A. … назначается, когда`` runs into its list)
            led_in = CLAUSE_END.search(prev) is not None or (para_is_heading and "," not in prev)
            listed = (
                apart
                if _lettered_item(prev)
                else led_in and i + 1 < len(lines) and _lettered_item(lines[i + 1][2])
            )
            item_opens = (
                listed and HEAD_AT_END.search(prev) is None and not _ends_in_a_link_word(prev)
            )
        # an item in brackets whose text opens with a capital or a figure (``(b) Если
        # …``, ``(1) 60% …``), after a line that ends a sentence or a clause, opens its
        # line as a capital does
        bracketed = (
            first == "("
            and _BRACKETED_ITEM.match(line) is not None
            and HEAD_AT_END.search(prev) is None  # «… в п.» | «(2) Правила 40»
        )
        upper = first.isupper() or first.isdigit() or item_opens or bracketed
        if para_is_heading:
            if (
                upper
                and not _caps_title_goes_on(prev, line)
                and not (first.isdigit() and _ends_in_a_link_word(prev))
            ):
                # the title on the line under a bare heading (``Правило 34``) is
                # still the heading: a capital after it starts the body
                para_is_heading = is_heading_line(line) or is_bare_heading(prev)
                continue
        elif (
            upper
            and last in _CLAUSE_LAST
            and CLAUSE_END.search(prev)
            # paragraphs that end with a source tag (``(DC4)``) end only there, and
            # so do those that end with a pilcrow
            and "tagged" not in layout
            and not pilcrowed
            and not (measure and _full(prev, line, measure))
        ):
            para_is_heading = para_is_footnote = False
            continue
        out.append(Change(nl, nl + 1, space, "unwrap"))
        item = joined_item
    return out


_BRACKETED_ITEM = regex.compile(r"[ \t]*\((?:[a-zа-яё]|\d{1,2})\)[ \t]+[\p{Lu}\d]")
"""A list's item marked by a small letter or a number in brackets, its text opening
with a capital or a figure (``(b) Если …``, ``(1) 60% …``)."""


def _lettered_item(line: str) -> bool:
    """``line`` opens with a list's item lettered in small letters (``а) …``, ``(б) …``:
    ``grammar.RESTYLED_MARKER``)."""
    head = line.lstrip()[:3]  # one letter and its bracket, or both brackets
    if head[1:2] == ")":
        opens = head[:1].islower()
    else:
        opens = head[:1] == "(" and head[1:2].islower() and head[2:3] == ")"
    return opens and RESTYLED_MARKER.match(line) is not None


PILCROW_PAGE = 3
"""Pilcrows (``¶``) a page holds at the ends of its lines at least when it ends its
paragraphs with them (``unwrap``): one or two may be a scan's stray marks, and a
pilcrow that opens a paragraph or stands alone on a line marks no line's end."""


def _diagram_row_apart(lines: list[tuple[int, int, str]], rows: list[bool], k: int) -> bool:
    """``lines[k]`` is a row of an auction diagram (``AUCTION_ROW``) or of a deal's
    (``HAND_ROW``) that stands as a line of its own: not inside a sentence the lines
    around it run on with (``rows``: which of ``lines`` are rows)."""
    if not (0 <= k < len(lines)) or not rows[k]:
        return False
    above = lines[k - 1][2] if k > 0 else ""
    below = lines[k + 1][2] if k + 1 < len(lines) else ""
    # rows of one diagram are no sentence running on (a suit's letter is a small one)
    return (
        not above.strip()
        or (k > 0 and rows[k - 1])
        or (k + 1 < len(lines) and rows[k + 1])
        or not profile_mod.inside_a_sentence(above, below)
    )


def _diagram_row(line: str) -> bool:
    """A row of an auction's or a deal's diagram, or of a table of data, which stands
    as a line of its own."""
    return (
        line[:1] not in _NEVER_A_DIAGRAM_ROW
        and (AUCTION_ROW.match(line) is not None or HAND_ROW.match(line) is not None)
    ) or (" | " in line and table_cells(line) is not None)


_NEVER_A_DIAGRAM_ROW = never_opening(AUCTION_ROW) & never_opening(HAND_ROW)
"""What no row of an auction's or a deal's diagram opens with (most lines of text)."""


def _language_turns(prev: str, line: str, after: str) -> bool:
    """Russian text ends on ``prev`` and text in another language begins on ``line``:
    a page that sets the English beside the Russian, its paragraphs parted only by
    the empty lines of a double-spaced page (``… пары (кроме как в`` | ``CHAPTER XI.
    APPEALS``). ``line`` has Latin words and no Cyrillic letter, and what comes
    after it (``after``: the next line, ``""`` at the end) is no Russian: a name in
    Latin letters that a wrap put on a line of its own goes on in Russian on the
    next line, and is joined."""
    # a Russian line (most lines) is told first: its first letter is Cyrillic, where
    # the search for two Latin letters goes through the whole line
    return (
        _CYRILLIC.search(line) is None
        and _CYRILLIC.search(prev) is not None
        and _LATIN_RUN.search(line) is not None
        and _CYRILLIC.search(after) is None
    )


_LATIN_RUN = regex.compile(r"\p{Latin}{2}")


def _bulleted(line: str) -> bool:
    """``line`` opens with a bullet. After a line that opens with one too, or after a
    colon, it is the next item of a list (``… отвечает за:`` | ``- место игры`` |
    ``- расписание туров``), a line of its own whatever its case (one in capitals
    opens a unit anyway); after any other line it may be a dash a wrap put there."""
    opening = line.lstrip()
    return opening[:1] in profile_mod._BULLETS and profile_mod.BULLET_AT.match(opening) is not None


def _reference_goes_on(prev: str, line: str) -> bool:
    """``line`` opens with the number of a reference whose head ends ``prev`` (``… (см.
    п.`` | ``64.8. выше)``, ``… по правилу`` | ``64. Судья …``): a wrap put it there,
    and it opens no unit."""
    return line.lstrip()[:1].isdigit() and HEAD_AT_END.search(prev) is not None


def _heading_in_capitals(prev: str, line: str) -> bool:
    """``prev`` is a Russian heading in capitals of a few words (``ОТ ПЕРЕВОДЧИКА``,
    ``ПРЕДИСЛОВИЕ``) and ``line`` opens the text under it: a capital, then small
    letters. A title in capitals wrapped over two lines goes on in capitals; a law's
    or a division's heading (``ПРАВИЛО 64``) is no such heading: the title under it
    is still the heading (``unwrap``)."""
    # (a line of more words is split no further than one word past the most)
    words = prev.split(None, _HEADING_WORDS)
    if not 0 < len(words) <= _HEADING_WORDS or prev.rstrip()[-1:] in "-,–—":
        return False
    letters = list(filter(str.isalpha, prev))
    if len(letters) < 4 or not all(map(str.isupper, letters)) or not _CYRILLIC_WORD.search(prev):
        return False
    if is_heading_line(prev) or is_bare_heading(prev):
        return False  # a law's or a division's heading: its title may follow (``ПРАВИЛО 64``)
    first = next((c for c in line if c.isalpha()), "")
    return first.isupper() and any(c.islower() for c in line)


_HEADING_WORDS = 6
"""Words a heading in capitals (``_heading_in_capitals``) has at most."""


_LAST_SHORT_WORD = regex.compile(r"(?<![\p{L}\d])(\p{Cyrillic}{1,3})[ \t]*$")


def _ends_in_a_link_word(line: str) -> bool:
    """``line`` ends with a preposition, a conjunction or a particle (``6.Фальшренонс
    в`` | ``12-й взятке``): a title so cut goes on on a next line that opens with a
    number (a capital there may open the text, as a number never does)."""
    m = _LAST_SHORT_WORD.search(line)
    return m is not None and morph.is_function_word(m[1])


def _caps_title_goes_on(heading: str, line: str) -> bool:
    """A heading whose title is in capitals goes on on ``line`` when it is in
    capitals too, a title wrapped over two lines (``Правило 65. ПОРЯДОК
    РАСПОЛОЖЕНИЯ`` | ``ВЗЯТОК(DC4)``); text under a title opens in small letters."""
    m = ANY_HEADING.match(heading)
    title = heading[m.end() :] if m else ""
    # the words are read one by one: the first in small letters decides
    words = (w for w in morph.WORD.finditer(title + " " + line) if len(w[0]) > 1)
    return (
        bool(_CYRILLIC_WORD.search(title))
        and bool(_CYRILLIC_WORD.search(line))
        and all(w[0].isupper() for w in words)
        and not starts_unit(line)
        and CLAUSE_END.search(line) is None
    )


def _measure(lines: list[tuple[int, int, str]]) -> int | None:
    """The width a hard-wrapped text was wrapped at: the length most of its lines
    reach (the 90th percentile, as ``dos_layout`` measures it), or ``None``."""
    widths = sorted(len(ln.strip()) for _s, _e, ln in lines if ln.strip())
    return widths[int(0.9 * (len(widths) - 1))] if len(widths) >= 4 else None


def _full(prev: str, line: str, measure: int) -> bool:
    """``prev`` ends a sentence (a full stop, not a list's colon or semicolon) but
    was filled to the measure: ``line``'s first word, a capitalised word, would not
    have fitted after it (a double-spaced reader page of the commentary, wrapped at
    65 columns, ends a sentence at the right edge in mid-paragraph)."""
    word = _NON_BLANKS.match(line.lstrip())
    width = len(prev.strip())
    return (
        word is not None
        and word[0].lstrip('«"„(')[:1].isupper()
        and width >= 0.8 * measure
        and width + 1 + len(word[0]) > measure
        and FULL_STOP.search(prev) is not None
    )


_NON_BLANKS = regex.compile(r"\S+")
"""A word as the layout sees it: a run of characters other than white space."""


_CLAUSE_LAST = frozenset(".!?:;…)]»\"”'")
"""The last characters (before white space) of a line ``grammar.CLAUSE_END`` or
``grammar.FULL_STOP`` matches: their marks and the closing brackets and quotes
after them."""


_TOKEN = regex.compile(r"([\p{L}\p{M}-]+)")
_CYRILLIC_WORD = regex.compile(r"\p{Cyrillic}+")


def split_words(text: str, ctx: Context) -> list[Change]:
    """Join a word split by a stray space (``следу ющую``, ``нару шителя``,
    ``откры той``): when the joined form is known to the dictionary or the
    corpus and one of the parts is not a dictionary word. Source typos that are
    whole words (``разыргывалась``) are left alone."""
    # ``parts`` alternates separators and tokens: [sep, tok, sep, tok, …, sep].
    # Each distinct token is looked up once; only unknown ones are visited.
    # (``concurrent=False``: as ``vocabulary``'s scan of every word)
    parts = _TOKEN.split(text, concurrent=False)
    toks = parts[1::2]
    # only a Cyrillic token can be joined (both halves of a pair must be), so only
    # unknown Cyrillic tokens are visited
    unknown = {t for t in morph.unknown(set(toks)) if _CYRILLIC_WORD.fullmatch(t)}
    if not unknown:
        return []
    n = len(toks)
    out = []
    # the offset of a part is summed from the last one found (the joins come in
    # order), not kept for every part
    done, at = 0, 0  # ``at``: where part ``done`` starts
    joined_upto = -1  # index of the last token already joined to the one before it
    wraps: set[int] | None = None  # where ``unwrap`` joined two lines, when first asked
    for i in itertools.compress(range(n), map(unknown.__contains__, toks)):
        # an unknown token: try it with the word before, then with the word after
        for j in (i - 1, i):
            if j < 0 or j + 1 >= n or j <= joined_upto or parts[2 * j + 2] != " ":
                continue
            a, b = toks[j], toks[j + 1]
            if (
                not b[0].islower()
                or not _CYRILLIC_WORD.fullmatch(a)
                or not _CYRILLIC_WORD.fullmatch(b)
            ):
                continue
            joined = a + b
            new = ""
            if not (len(joined) >= 5 and ctx.known(joined)):
                # a compound whose hyphen a line's end lost (``какой`` | ``нибудь``)
                joined = f"{a}-{b}"
                if b in unknown and ctx.known(joined):
                    if wraps is None:
                        wraps = set(ctx.buffer.marks("unwrap"))
                    new = "-"
                else:
                    continue
            second = 2 * j + 3  # the second token's part
            at += sum(map(len, parts[done:second]))
            done = second
            if new and at - 1 not in (wraps or ()):
                continue  # two words apart inside a line stay as the source has them
            out.append(Change(at - 1, at, new, "split-word", f"{a} {b} → {joined}"))
            joined_upto = j + 1
            break
    if len(out) >= _LOST_HYPHENS:
        out += _lost_hyphen_breaks(text, ctx, out)
    return out


_LOST_HYPHENS = 2
"""How many words split at a line's end, with a half no word, show that a page lost
the hyphens of its line-end breaks (``чер`` | ``ву``)."""
_WORD_AT = regex.compile(r"\p{Cyrillic}+")
_WORD_BEFORE = regex.compile(r"(?<!\p{L})\p{Cyrillic}+$")


def _lost_hyphen_breaks(text: str, ctx: Context, joins: list[Change]) -> list[Change]:
    """On a page that lost the hyphens of its line-end breaks (``joins``, the words it
    split with a half no word, ``_LOST_HYPHENS`` of them at a line's end), the words
    split there into two words (``од`` | ``на``, ``пере`` | ``бил``): the joined form is
    a word and the first half is never a word of its own on the page, away from a
    line's end. A word before a line's end that the page uses inside its lines (``по``
    | ``том``) stays a word, and so does a function word (``так`` | ``же``, ``во`` |
    ``время``: both spellings are words, ``morph.is_function_word``)."""
    wraps = set(ctx.buffer.marks("unwrap"))
    done = {c.start for c in joins}
    if sum(c.start in wraps for c in joins) < _LOST_HYPHENS:
        return []
    words = collections.Counter(w.lower() for w in _WORD_AT.findall(text))
    at_ends: collections.Counter[str] = collections.Counter()
    pairs = []
    for p in sorted(wraps):
        if p in done or text[p : p + 1] != " ":
            continue
        a_m = _WORD_BEFORE.search(text, max(0, p - 40), p)
        b_m = _WORD_AT.match(text, p + 1)
        if a_m is None or b_m is None:
            continue
        a, b = a_m.group(), b_m.group()
        at_ends[a.lower()] += 1
        pairs.append((p, a, b))
    out = []
    for p, a, b in pairs:
        joined = a + b
        if (
            b[0].islower()
            and len(joined) >= 4
            and words[a.lower()] == at_ends[a.lower()]
            and not morph.is_function_word(a)
            and ctx.known(joined)
        ):
            out.append(Change(p, p + 1, "", "split-word", f"{a} {b} → {joined} (line end)"))
    return out


_YO_QUOTE = regex.compile(r"(?<=\p{Cyrillic})„")
_CYRILLIC_RUN = regex.compile(r"\p{Cyrillic}+")


_FIRST_HALF = regex.compile(r"\p{Cyrillic}+$")
_SECOND_HALF = regex.compile(r"\p{Cyrillic}+")


def _broken_words(text: str) -> Iterator[tuple[int, str, int, str]]:
    """``(start, first half, start, second half)`` of each word a hyphen or a soft
    hyphen broke over two lines (``_LINE_END_HYPHEN``, ``_SOFT_BREAK``: as
    ``dehyphenate`` finds them)."""
    for m in _LINE_END_HYPHEN.finditer(text):
        yield m.start(1), m[1], m.start(4), m[4]
    if "\u00ad" in text or "\u25a0" in text:
        for m in _SOFT_BREAK.finditer(text):
            head = _FIRST_HALF.search(text, max(0, m.start() - 40), m.start())
            tail = _SECOND_HALF.match(text, m.end())
            if head is not None and tail is not None:
                yield head.start(), head[0], tail.start(), tail[0]


def _runs_with(text: str, letter: str) -> set[str]:
    """The distinct ``_CYRILLIC_RUN`` words of ``text`` that hold ``letter``, read from the
    distinct pieces of ``text`` between white space that hold it (no run holds white
    space, and a text repeats its words: the pattern reads a fraction of it)."""
    out: set[str] = set()
    for piece in set(text.split()):
        if letter in piece:
            out.update(w for w in _CYRILLIC_RUN.findall(piece) if letter in w)
    return out


def yo_mojibake(text: str, ctx: Context) -> list[Change]:
    """``ё`` mis-decoded in older files: as ``„`` inside or at the end of a word
    (``партн„р``, ``вс„``; an opening quote ``„`` follows a space, never a
    letter), or as ``п`` (``ещп``, ``всп``) where the word is not in the
    dictionary and the same word with ``ё`` in that place is; on a page that shows
    such a word, a word a hyphen broke over two lines is judged whole too (``понес-`` |
    ``пнный``)."""
    out = (
        [
            Change(m.start(), m.end(), _yo_case(text, m.start()), "yo", "„ after a letter")
            for m in _YO_QUOTE.finditer(text)
        ]
        if "„" in text
        else []
    )
    # each distinct word is judged once; positions are found only for the words to fix
    known = morph.is_known

    def yo_at(word: str) -> int | None:
        if "п" not in word or known(word):
            return None
        fixes = [
            i for i, ch in enumerate(word) if ch == "п" and known(word[:i] + "ё" + word[i + 1 :])
        ]
        return fixes[0] if len(fixes) == 1 else None

    fix: dict[str, int] = {}
    # only a word the dictionary does not know, with a «п», can be one: the known
    # ones are taken away in one set difference (``morph.unknown``)
    for word in morph.unknown(_runs_with(text, "п")):
        if (k := yo_at(word)) is not None:
            fix[word] = k
    # a page that shows the damage in a whole word (as п or as „): its words a hyphen
    # broke too
    for head_at, head, tail_at, tail in _broken_words(text) if fix or out else ():
        if (k := yo_at(head + tail)) is not None:
            at = head_at + k if k < len(head) else tail_at + k - len(head)
            yo = _yo_case(text, at)
            out.append(Change(at, at + 1, yo, "yo", f"{head}-{tail} → {yo} at {k + 1}"))
    if fix:
        for m in _CYRILLIC_RUN.finditer(text):
            word = m.group()
            k = fix.get(word)
            if k is not None:
                at = m.start() + k
                yo = _yo_case(text, at)
                out.append(Change(at, at + 1, yo, "yo", f"{word} → {word[:k]}{yo}{word[k + 1 :]}"))
    out.sort(key=lambda c: c.start)
    return out


_SUSPECT = regex.compile(
    r"[\u00c0-\u00ff]{3}"  # a single-byte Cyrillic code page read as Latin-1 (Ïðàâèëî)
    # UTF-8 read as a code page of another script: a letter is a lead character and
    # one more, so the same two or three leads come back at every other place
    # (Ð¿Ñ€Ð°, Î\x9fÎ¡, –ü—Ä–∞, ╨ƒ╤Ç)
    rf"|(?:[{regex.escape(codepages.utf8_leads())}].){{3}}"
    r"|\p{Ll}\p{Lu}{2}|(?V1)[\p{Ll}&&\p{Cyrillic}][\p{Lu}&&\p{Cyrillic}]"  # KOI8-R and CP1251
    # read as each other: the case turns over (рТБЧЙМП, дП ФПЗП)
    r"|\p{Cyrillic}[\p{So}\p{Sm}\u2500-\u259f\u00ad\u00ab\u00ae]\p{Cyrillic}"  # CP866 read as CP1251
    # CP1251 or UTF-8 read as CP866/KOI8-R (a sentence's last mark may stand between:
    # the pilcrow after «игрока.» comes out as «ХЦПНЙЮ.╤»)
    r"|[\u2500-\u259f]\p{Cyrillic}|\p{Cyrillic}[\u2500-\u259f]|(?<=\p{Cyrillic})\p{P}[\u2500-\u259f]"
    r"|(?V1)[\p{Cyrillic}--[\u0410-\u044f\u0401\u0451]]\p{Cyrillic}"  # UTF-8 read as CP1251 (РџСЂ)
)
"""A cheap sign that a line may be text decoded with the wrong code page; the
decoders and the dictionary decide."""
_UNCOMMON = re.compile(r"[^\x00-\x2a\x2c-\x3b\x3f-\x7b\x7d\x7f\u0401\u0410-\u044f\u0451]")
_TURNED_CAPITAL = regex.compile(r"(?<=\p{Ll})[A-Z\u0401\u0410-\u042f]")
"""The uncommon characters of a line: one other than a Russian letter or ASCII (the
symbols ``+ < = > | ~`` count as uncommon, ``_UNCOMMON``), or a Russian or ASCII
capital after a small letter (``_TURNED_CAPITAL``). Every match of ``_SUSPECT`` has
one as its first or second character, so ``_SUSPECT`` need only be tried there: a
capital after anything else (a sentence's or a name's first letter, the most
frequent of them) starts or continues no match that another uncommon character does
not find (the case turning over needs a small letter before the first capital; the
symbol or box after a letter is uncommon itself). The first kind is looked for with
the standard library's ``re``, which tries a class of a few ranges at every
character four times as fast as ``regex``; the second needs ``regex``'s ``\\p{Ll}``.
No character is of both kinds."""


def _suspect_lines(text: str) -> set[int]:
    """Start offsets of the lines that hold a match of ``_SUSPECT``. Trying the
    pattern at every character of a big text costs more than all the rest of the
    repair: it is tried only at and just before the uncommon characters, and not
    again on a line already found (no match crosses a line end)."""
    starts: set[int] = set()
    done = -1  # the end of the last line found: the rest of it needs no more tries
    uncommon = heapq.merge(
        [m.start() for m in _UNCOMMON.finditer(text)],
        [m.start() for m in _TURNED_CAPITAL.finditer(text)],
    )
    for p in uncommon:
        if p < done:
            continue
        for q in (p - 1, p) if p else (p,):
            if _SUSPECT.match(text, q):
                s = text.rfind("\n", 0, q) + 1
                starts.add(s)
                e = text.find("\n", q)
                done = len(text) if e < 0 else e
                break
    return starts


_CAPS_WORD = regex.compile(r"\b[\u0410-\u042f\u0401]{4,}\b")
"""A Russian word of four letters or more in capitals."""
_RUSSIAN_LETTER = regex.compile(r"[\u0410-\u044f\u0401\u0451]")


def _known_share(
    text: str, known: Callable[[str], bool], cut: tuple[bool, bool] = (False, False)
) -> float:
    """Share of the words of three letters or more that ``known`` knows; ``cut``: the
    first, the last word is a piece of a word a hyphen broke over two lines, which
    no dictionary knows, and is not counted."""
    # judged as a reader sees it: a zero-width space parts no word, nor does an accent
    # stored apart from its letter (``accents``), and a ``„`` after a letter is the
    # ``ё`` an older file spelled so (``yo_mojibake``), not a break
    words = _counted_words(text, cut)
    if not words:
        return 0.0
    return sum(1 for w in words if known(w)) / len(words)


def _counted_words(text: str, cut: tuple[bool, bool] = (False, False)) -> list[str]:
    """The words of three letters or more ``_known_share`` counts in ``text``; a link's
    address (``[Книги](/books)``, ``http://…``) holds none: no code page changes it, and
    its Latin words are no words a dictionary of Russian knows."""
    if "](" in text or "://" in text:
        text = _LINK_ADDRESS.sub(" ", text)
    if "\u00ad" in text:  # a soft hyphen inside a word is no break between two words
        text = _SOFT_HYPHEN_INSIDE.sub(lambda m: m[1] + _soft_hyphen(m, morph.is_known), text)
    words = morph.WORD.findall(_YO_QUOTE.sub("ё", _unaccented(markup_mod.INVISIBLE.sub("", text))))
    words = words[1 if cut[0] else 0 : len(words) - 1 if cut[1] else len(words)]
    return [w for w in words if len(w) >= 3]


_LINK_ADDRESS = regex.compile(r"(?<=\])\([^()\s]*\)|\b[a-z]{3,6}://[^\s)\]]+")
"""A Markdown link's address after its words, or an address written out."""


def _known_or_look_alike(word: str) -> bool:
    """The dictionary knows ``word``, or the word it is with its letters of the other
    script put back (``справедливoсти`` with a Latin ``o``: the text had look-alike
    letters before it went through the wrong code page, and ``mixed_script`` repairs
    them only after the decoding)."""
    if morph.is_known(word):
        return True
    fixed = _look_alike_word(word)
    return fixed is not None and morph.is_known(fixed)


def _redecoded(line: str) -> list[str]:
    """Readings of ``line`` as if its characters were bytes decoded with the wrong
    code page: ftfy's repair of UTF-8 mis-decodings, and charset-normalizer's
    choice among the Cyrillic code pages for the bytes each wrong decoding gives back.
    Where charset-normalizer chooses none (it declines a line whose words mix the
    scripts, ``кoтoром`` with Latin ``o`` typed before the wrong decoding), every
    Cyrillic code page that can decode the bytes gives a reading, and the dictionary
    chooses."""
    from charset_normalizer import from_bytes
    from ftfy import fix_encoding

    out = [fix_encoding(line)]
    for wrong in codepages.WRONG:
        try:
            raw = line.encode(codepages.sloppy(wrong))
        except UnicodeEncodeError:
            continue
        matches = [str(match) for match in from_bytes(raw, cp_isolation=list(codepages.CYRILLIC))]
        if not matches:
            for right in codepages.CYRILLIC:
                try:
                    matches.append(raw.decode(right))
                except UnicodeDecodeError:
                    continue
        out.extend(matches)
    return out + [lost for r in out if (lost := _lost_a(r)) is not None]


_OPENING = frozenset("([{«„\"'")
"""Signs a word may open right after (``_lost_a``)."""
_CLOSING = frozenset(")]}»“\"'.,;:!?…")
"""Signs a word may end right before (``_lost_a``)."""
_LOST_A_LETTERS = 8
"""Russian letters a reading holds at least, not one of them «а», when its «а» may have
been lost (``_lost_a``)."""


def _lost_a(reading: str) -> str | None:
    """``reading`` with the «а» a page lost put back, or ``None``: CP866 writes «а» with
    the byte CP1251 reads as a no-break space, which a page's copy often made a plain
    space (``‹®¦­ п гбвгЇЄ`` reads back ``Ложн я уступк``). Only a reading without
    any «а» is tried; each of its spaces is a space or an «а», as makes the most
    letters of the dictionary's words (words of four pieces at most)."""
    if "а" in reading or len(_RUSSIAN_LETTER.findall(reading)) < _LOST_A_LETTERS:
        return None
    pieces = reading.split(" ")
    if len(pieces) < 2:
        return None

    def worth(piece: str) -> int:
        return sum(len(w) for w in morph.WORD.findall(piece) if morph.is_known(w))

    def may_join(left: str, right: str) -> bool:
        """An «а» between ``left`` and ``right`` (a piece's last and the next piece's
        first character; empty: a blank) is a letter inside a word, the word «а»
        between blanks, a word's last letter before a blank or its punctuation
        (``хода;``, ``а)``), a word's first letter after a blank or an opening bracket
        or quote (``(а также``), or the word «а» in brackets or quotes (``"а"``); never
        a letter right after a closing sign (``партнёр)а и``, ``Игрок,а``) or between
        two closing signs (``клуб.а»``)."""
        before, after = left[-1:], right[:1]
        if before.isalpha() and after.isalpha():
            return True
        if before.isalpha() or not before:
            return not after or after.isalpha() or after in _CLOSING
        if after.isalpha() or not after:
            return before in _OPENING
        return before in _OPENING and after in _CLOSING

    n = len(pieces)
    best = [0] * (n + 1)
    back = [0] * (n + 1)
    for i in range(1, n + 1):
        best[i], back[i] = -1, i - 1
        lo = i - 1  # the first piece a word ending with piece ``i - 1`` may open with
        while lo > max(0, i - 4) and may_join(pieces[lo - 1], pieces[lo]):
            lo -= 1
        for j in range(lo, i):
            score = best[j] + worth("а".join(pieces[j:i]))
            if score > best[i] or (score == best[i] and j == i - 1):
                best[i], back[i] = score, j
    words, i = [], n
    while i > 0:
        words.append("а".join(pieces[back[i] : i]))
        i = back[i]
    restored = " ".join(reversed(words))
    return restored if restored != reading else None


_LAYOUT_EDGES = regex.compile(r"([|¦\s]*)(.*?)([¶\s]*)$", regex.S)
"""A line's margin bars, its text, and the pilcrows and spaces after it."""


def mojibake(text: str, ctx: Context) -> list[Change]:
    """Text decoded with the wrong code page before it reached the corpus (UTF-8
    read as CP1251, CP1251 read as Latin-1, KOI8-R and CP1251 read as each other,
    CP866 read as CP1251 …): a line that shows the signs of it is decoded back, and
    the reading is kept only when the dictionary knows most of its words and far
    more of them than of the line as it stands. Only the changed stretch of the line
    is replaced. On a page whose line breaks were all lost, one line is many
    paragraphs, each of which went through its own code page (or none) before they
    were joined: each stretch of it that one confusion explains is decoded on its own
    (``_stretches``)."""
    starts = _suspect_lines(text)
    # KOI8-R read as CP1251 turns a sentence into capitals: two unknown words in capitals
    unknown_caps = Counter(
        text.rfind("\n", 0, m.start()) + 1
        for m in _CAPS_WORD.finditer(text)
        if not morph.is_known(m.group())
    )
    starts.update(s for s, n in unknown_caps.items() if n >= 2)
    # the last line of a wrapped paragraph may hold only one: it is read with the
    # paragraph when the line before it is suspect (``| РП РТБЧЙМХ 64.¶``), or when it
    # opens with it and the sentence of the line before goes on (``того же`` | ``ЙЗТПЛБ.``)
    for s in sorted(unknown_caps):
        if s and (text.rfind("\n", 0, s - 1) + 1 in starts or _opens_in_capitals_going_on(text, s)):
            starts.add(s)
    return _decoded_lines(text, ctx, starts)


_LOSSY_WORD = regex.compile(rf"[\p{{L}}{''.join(codepages.LOST_LETTERS)}]+")
"""A word of a line read back by ``codepages.lossy_utf8``, its lost letters marked."""
_LETTER_FREQUENCY = "оеаинтсрвлкмдпуяыьгзбчйхжшюцщэфъё"
"""Russian letters from the commonest: of two readings of a word's lost letters the
dictionary holds, the one with the commoner letters is the likelier."""


def lossy_mojibake(text: str, ctx: Context) -> list[Change]:
    """UTF-8 Russian text read through a code page that has no character for some of
    its bytes, which a copy then dropped (``ΠΡΠ°Π²ΠΈΠ»ΠΎ`` for «Правило»:
    ``codepages.lossy_utf8``): each line so read is decoded back, and each letter whose
    byte was lost is filled from the words the dictionary and the corpus know that the
    word's other letters allow (``morph.fill``, and the forms of the book's own terms;
    of several, one the corpus holds, then one of the book's terms, then the commonest
    word, ``morph.frequency``, then the commoner letters). A letter no known word fills
    stays lost, as ``�``. Only lines whose leads (``Π``, ``Ρ``) are a quarter of their letters, and
    whose bytes make Russian letters almost throughout (a Greek text does not)."""
    if not any(lead in text for lead in codepages.LOSSY_LEADS):
        return []
    out: list[Change] = []
    classes = tuple(codepages.LOST_LETTERS.items())
    for s, e, line in ctx.lines(text):
        if not codepages.may_hold_lossy_utf8(line):
            continue
        back = codepages.lossy_utf8(line)
        if back is None:
            continue
        restored = _LOSSY_WORD.sub(lambda m: _filled(m[0], classes, ctx), back)
        out.append(Change(s, e, restored, "lossy-mojibake", "UTF-8 read through a Greek code page"))
    return out


def _filled(word: str, classes: tuple[tuple[str, str], ...], ctx: Context) -> str:
    """``word`` with its lost letters (``codepages.LOST_CAPITAL``, ``LOST_SMALL``)
    filled, or each left as ``�`` where no known word fits."""
    marks = [i for i, c in enumerate(word) if c in codepages.LOST_LETTERS]
    if not marks:
        return word
    pattern = word.lower()
    book = _book_forms_like(pattern)
    found = (*morph.fill(pattern, classes), *book)
    if not found:
        return "".join("\ufffd" if i in marks else c for i, c in enumerate(word))

    def likely(form: str) -> tuple[bool, bool, float, int]:
        rank = sum(_LETTER_FREQUENCY.find(form[i]) for i in marks)
        return (form not in ctx.vocabulary, form not in book, -morph.frequency(form), rank)

    best = min(found, key=likely)
    known = [c for i, c in enumerate(word) if i not in marks and c.isalpha()]
    if known and all(c.isupper() for c in known) and len(word) > 1:
        return best.upper()
    return "".join(
        (best[i].upper() if word[i] == codepages.LOST_CAPITAL else best[i])
        if i in marks
        else word[i]
        for i in range(len(word))
    )


def _book_forms_like(pattern: str) -> tuple[str, ...]:
    """The forms of the book's own terms (``terminology.toml``: «фальшренонс», which
    no general dictionary holds) that ``pattern``, its lost letters marked, may be."""
    marks = codepages.LOST_LETTERS
    return tuple(
        form
        for form in _book_forms().get(len(pattern), ())
        if all(c == f or (c in marks and f in marks[c]) for c, f in zip(pattern, form, strict=True))
    )


@lru_cache(maxsize=1)
def _book_forms() -> dict[int, tuple[str, ...]]:
    from .search import load_terminology

    forms = {
        f.word
        for group in load_terminology().groups
        for word in group
        for p in morph.analyzer().parse(word)[:1]
        for f in p.lexeme
    }
    out: dict[int, list[str]] = collections.defaultdict(list)
    for form in sorted(forms):
        out[len(form)].append(form)
    return {n: tuple(v) for n, v in out.items()}


_RUNS_INTO = regex.compile(r"(?:[\p{Ll},:]|[^\s\d-]-)[ \t]*$")
"""The end of a line whose sentence goes on into the next: a small letter, a comma, a
colon, or a word a hyphen broke (its last character may be a mis-decoded letter)."""
_OPENS_IN_CAPITALS = regex.compile(
    r"[ \t]*[\p{Pi}\p{Ps}\"']?(?:[\u0410-\u042f\u0401]{1,2}[ \t]+)?[\u0410-\u042f\u0401]{4,}\b"
)
"""A line that opens with a word in capitals (``_CAPS_WORD``), after a quote or a
bracket, or after a short word in capitals (``Ч ЙЗТЕ.`` is «в игре.»)."""


def _line_before(text: str, s: int) -> tuple[int, int] | None:
    """``(start, end)`` of the last line with text before the line that starts at ``s``
    (past the empty lines of a double-spaced page), or ``None``."""
    end = s - 1
    while end > 0:
        start = text.rfind("\n", 0, end) + 1
        if text[start:end].strip():
            return start, end
        end = start - 1
    return None


def _goes_on(text: str, s: int) -> bool:
    """The sentence of the line before the line that starts at ``s`` goes on."""
    before = _line_before(text, s)
    return before is not None and _RUNS_INTO.search(text, *before) is not None


def _opens_in_capitals_going_on(text: str, s: int) -> bool:
    """The line at ``s`` opens with a word in capitals (``_OPENS_IN_CAPITALS``) where
    the sentence of the line before goes on: small letters belong there."""
    return _OPENS_IN_CAPITALS.match(text, s) is not None and _goes_on(text, s)


def decoded_chrome(text: str, ctx: Context) -> list[Change]:
    """A line ``mojibake`` decoded back is judged by its shape once more, as it reads
        now (past its markup, as the profile reads a raw line): a link of the site's template that a wrong code page read (``оБЪБД: рТБЧЙМП
        66`` is «Назад: Правило 66») is the template's still, which the profile could
        not tell on the raw line. It goes as ``template_lines`` removes such a line
    (``_template_line``; a
        page whose line breaks were all lost is one line yet: ``collapsed_chrome``)."""
    if "collapsed" in ctx.profile.layout:
        return []
    starts = sorted({text.rfind("\n", 0, at) + 1 for at in ctx.buffer.marks("mojibake")})
    if not starts:
        return []
    out = []
    # read as the profile reads a raw line: without a margin of line numbers, which
    # the cleaner takes away later (``309<tab>« Правило 63 | … »`` is a pager's line)
    lines = profile_mod.without_numbered_margin(text).split("\n")
    n, pos = 0, 0  # the line number of offset ``pos``
    for s in starts:
        e = text.find("\n", s)
        e = len(text) if e < 0 else e
        n, pos = n + text.count("\n", pos, s), s
        # read as the profile reads a raw line: as a reader sees it, past its markup
        # (a menu of Markdown links, ``[Главная](/) | [Книги](/books)``)
        seen = markup_mod.visible(lines[n])
        if seen != lines[n] and "\n" not in seen:
            lines[n] = seen
        why = profile_mod.shape_among(lines, n)
        if why is not None:
            out.append(_template_line(text, s, e, f"{why}, once decoded"))
    return _merge_sorted(out)


def spaced_mojibake(text: str, ctx: Context) -> list[Change]:
    """A title in spaced letters that a wrong code page read too (``р Т Б Ч Й М П  6 7 .``):
    its letters make words, and show the signs ``mojibake`` looks for, only once
    ``spaced_letters`` has joined them; the lines it joined are tried again."""
    joined = ctx.buffer.marks("spaced-letters")
    return _decoded_lines(text, ctx, {text.rfind("\n", 0, at) + 1 for at in joined})


def _decoded_lines(text: str, ctx: Context, starts: set[int]) -> list[Change]:
    """``mojibake``'s changes for the lines that start at ``starts``."""
    out = []
    joined = "collapsed" in ctx.profile.layout
    decoded_ends: dict[int, str] = {}  # line start → the end of its decoded text
    for line_start in sorted(starts):
        e = text.find("\n", line_start)
        e = len(text) if e < 0 else e
        # a margin bar before the text and a pilcrow after it are the layout's, added
        # after the text was mis-decoded (``| РІС‹Р±РёСЂР°РµС‚ …¶``): left out of the
        # decoding, they neither spoil it nor come out as other letters (``¶`` → ``╢``)
        edges = _LAYOUT_EDGES.match(text, line_start, e)
        s, e = edges.end(1), edges.start(3)
        # «В¶» may be the pilcrow's own UTF-8 bytes read as CP1251, typed before the text
        # was mis-decoded: then it is decoded back with the text (and ``inline_marks``
        # removes it later); a «В» of the text itself keeps the layout's pilcrow apart
        if text[e - 1 : e + 1] == "В¶":
            ends = [(e + 1, _pilcrow_kept)]
        else:
            # a no-break space after the text may be a DOS page's «а» read as CP1251
            # (``Є\xa0ав\xa0`` is «карта», ``Є ав, \xa0`` «карт, а»): decoded with the
            # text when it comes back a word's last «а» or the word «а»
            m = _LOST_A_AFTER.match(text, e, edges.end(3))
            ends = [(m.end(), _a_at_the_end)] if m else []
        # and one before it a word's first «а» (`` \xa0ў«Ґ­`` is «авлен») or the word «а»
        m = _LOST_A_BEFORE.search(text, line_start, s)
        lead = m.end() - m.start() if m else 0
        # the line before may have been decoded just now: its end is read as decoded
        above = _line_before(text, line_start)
        before = decoded_ends.get(above[0]) if above is not None else None
        goes_on = not joined and (
            _RUNS_INTO.search(before) is not None
            if before is not None
            else _goes_on(text, line_start)
        )
        for start, end, good in [
            *((s - lead, end, good) for end, good in [*ends, (e, None)] if lead),
            *((s, end, good) for end, good in [*ends, (e, None)]),
        ]:
            found = _decoded_stretches(text, start, end, ctx, joined, goes_on)
            if (
                found
                and (good is None or good(text, found[-1], end, ctx))
                and (start == s or _a_at_the_start(text, found[0], start, ctx))
            ):
                out += found
                last = found[-1]
                if last.end >= e:
                    decoded_ends[line_start] = (
                        text[max(line_start, last.start - 40) : last.start] + last.new
                    )
                break
    return out


_LOST_A_AFTER = regex.compile("[ \t]?\xa0(?=[ \t\xa0]*(?:¶[ \t]*)?$)")
"""A no-break space right after a line's text, or after one blank (the word «а»); a
page's own blanks may follow it."""
_LOST_A_BEFORE = regex.compile("\xa0[ \t]?$")
"""The same before a line's text."""
_WORD_AT_END = regex.compile(r"(?:^|[^\p{L}])(\p{L}+)$")
_A_AFTER_A_WORD = regex.compile(r"[\p{Ll},][ \t]а$")
_A_BEFORE_A_WORD = regex.compile(r"а[ \t]\p{Ll}")
_HYPHENATED_PIECE = regex.compile(r"\p{L}-[ \t]*$")


def _pilcrow_kept(text: str, last: Change, end: int, ctx: Context) -> bool:
    """The pilcrow decoded with the text came back a pilcrow (it is left out of the
    change that ends before it)."""
    return last.end < end


def _a_at_the_end(text: str, last: Change, end: int, ctx: Context) -> bool:
    """The no-break space decoded with the text (``last``: the line's last change)
    came back a known word's last «а» (``карта``, not ``взяткаа``), or the word «а»
    after a small letter or a comma (not after a sentence's end: ``игры. а``)."""
    if last.end != end:
        return False
    decoded = text[max(0, last.start - 40) : last.start] + last.new
    if text[end - 1] == "\xa0" and text[end - 2 : end - 1].isspace():
        return _A_AFTER_A_WORD.search(decoded) is not None
    m = _WORD_AT_END.search(decoded)
    return m is not None and len(m[1]) > 1 and m[1].endswith("а") and ctx.known(m[1])


def _a_at_the_start(text: str, first: Change, start: int, ctx: Context) -> bool:
    """The no-break space before the text (``first``: the line's first change) came back
    a known word's first «а», or the first letter of the rest of a word a hyphen broke at
    the end of the line before (``испр-`` | ``авлен``), or the word «а» before a small
    letter (never «аСудья»: an indent of no-break spaces)."""
    if first.start != start:
        return False
    decoded = first.new + text[first.end : first.end + 40]
    if text[start + 1 : start + 2].isspace():
        return _A_BEFORE_A_WORD.match(decoded) is not None
    word = morph.WORD.match(decoded)
    if word is None or not word[0].startswith("а"):
        return False
    if ctx.known(word[0]):
        return True
    # the line before may be mis-decoded too, and not yet decoded: its piece is not read
    nl = text.rfind("\n", 0, start)
    return nl > 0 and _HYPHENATED_PIECE.search(text, text.rfind("\n", 0, nl) + 1, nl) is not None


def _decoded_stretches(
    text: str, s: int, e: int, ctx: Context, joined: bool, goes_on: bool = False
) -> list[Change]:
    """``_decoded_lines``' changes for the text of one line, ``text[s:e]`` (``goes_on``:
    the sentence of the line before goes on into it)."""
    line = text[s:e]
    # a word broken with a hyphen over two lines leaves a piece at either edge
    cut = (
        _HYPHENATED.search(text, max(0, s - 12), s) is not None,
        _HYPHENATED.search(text, max(s, e - 12), e) is not None,
    )
    out = []
    for a, b in _stretches(line) if joined else [(0, len(line))]:
        change = _decoded_back(
            line[a:b], s + a, ctx, (False, False) if joined else cut, goes_on and a == 0
        )
        if change is not None:
            out.append(change)
    return out


_HYPHENATED = regex.compile(r"[^\s\d-]-[ \t]*(?:¶[ \t]*)?\n?[ \t|¦]*$")
"""The end of a line (or of the text before a line) whose last word a hyphen broke."""


_KNOWN = 0.6
"""Share of its words the dictionary must know for a reading to replace a line."""
_FIRST_LETTER = regex.compile(r"\p{L}")
_VOUCHED_KNOWN = 0.5
"""The same share for a reading that more than its words vouch for: the shape of the
bytes of UTF-8 read as CP1251 (``codepages.utf8_read_as_cp1251``), or a small letter where the
sentence of the line before goes on. A short line with a word of the book's own
spelling («разыргывалась нормально.») knows half its words."""


def _decoded_back(
    line: str,
    s: int,
    ctx: Context,
    cut: tuple[bool, bool] = (False, False),
    goes_on: bool = False,
) -> Change | None:
    """The change that decodes ``line`` (at offset ``s``) back, if a reading of it
    is good enough (``mojibake``); ``cut`` as for ``_known_share``; ``goes_on``: the
    sentence of the line before goes on into it."""
    # the line as it stands is judged by the dictionary alone: the corpus vocabulary
    # holds this very line's words, mis-decoded or not, and is no evidence for them
    before = _known_share(line, morph.is_known, cut)
    if 1.0 < before + 0.3:
        return None  # no reading can know 30 points more of its words (the test below)
    best, score = line, before
    # a reading's words count when the dictionary knows them, or the corpus does and
    # the line as it stands does not hold them (garbage is in the corpus too), both
    # with their look-alike letters of the other script put back
    own = {w.lower() for w in morph.WORD.findall(line)}

    def known(w: str, own: set[str] = own) -> bool:
        if _known_or_look_alike(w):
            return True
        w = _look_alike_word(w) or w  # a word of the book with a Latin «o» in it
        return w.lower() not in own and ctx.known(w)

    rank: tuple[float, int] = (0.0, 0)
    for reading in _redecoded(line):
        if reading == line or "\n" in reading:
            continue
        # most known words first, the dictionary's counting twice: the corpus holds
        # the mis-decoded lines of other pages too, and a wrong reading of this line
        # can spell their garbage (``А.Ни один`` read back as ``ю.мХ НДХМ``); of
        # readings as good, the one with most Russian letters (a short word such as
        # «За» counts for no share but is no «‡а»)
        share = _known_share(reading, known, cut)
        russian = len(_RUSSIAN_LETTER.findall(reading))
        key = (share + _known_share(reading, _known_or_look_alike, cut), russian)
        if key > rank:
            best, score, rank = reading, share, key
    utf8 = codepages.utf8_read_as_cp1251(line)
    bytes_read = utf8 if utf8 is not None else codepages.cp1251_read_as_latin1(line)
    if bytes_read is not None and not before and not _counted_words(bytes_read, cut):
        # a line of UTF-8 read as CP1251, or of CP1251 read as Latin-1, with no whole
        # word to count (``С„РЅСѓСЋ (СЃРј.``, ``ôíóþ (ñì.``: the rest of a broken word and
        # a short one): its bytes alone vouch for it
        best, score = bytes_read, 0.0
    else:
        if best == line or score < before + 0.3:
            return None
        # a reading that opens in a small letter where the sentence goes on, of a line
        # that opens in a capital or in no Russian letter, has its case to vouch for it
        opens, was = _FIRST_LETTER.search(best), _FIRST_LETTER.search(line)
        vouched = (
            goes_on
            and opens is not None
            and opens[0].islower()
            and not (was is not None and was[0].islower() and _RUSSIAN_LETTER.match(was[0]))
        ) or best == utf8
        if score < (_VOUCHED_KNOWN if vouched else _KNOWN):
            return None
    head = len(_common_prefix(line, best))
    tail = len(_common_prefix(line[head:][::-1], best[head:][::-1]))
    return Change(
        s + head,
        s + len(line) - tail,
        best[head : len(best) - tail],
        "mojibake",
        f"decoded back: {before:.0%} → {score:.0%} of the words known",
    )


_SPACED_WORD = regex.compile(r"[^ \t\n]+")
"""A word with its punctuation, as a line's spaces part them (a wrong code page turns
letters into no-break spaces, ``д\xa0«миаҐ­®­б``: they stay inside the word)."""
_RUSSIAN_SHAPE = regex.compile(
    r"\p{P}*(?:[А-ЯЁ]?[а-яё]+|[А-ЯЁ]+|[A-Z\d]+)(?:\p{P}+(?:[А-ЯЁ]?[а-яё]+|[А-ЯЁ]+|[A-Z\d]+))*\p{P}*"
)
"""Words as Russian text writes them: small letters after a capital or none, or all
capitals, with their punctuation, numbers and Latin labels (``A.Ни``)."""
_PLAIN = regex.compile(r"[\x00-\x7f\u0410-\u044f\u0401\u0451\p{P}\p{Z}]*")
"""Characters that a Russian word and its punctuation are made of."""


def _stretches(line: str) -> list[tuple[int, int]]:
    """The stretches of ``line`` (a line of paragraphs joined after some went through
    a wrong code page) that one confusion explains: runs of words the dictionary
    does not know and some reading (``_token_readings``) makes known, or that are
    no Russian letters at all, parted by a known word or where no one confusion
    reads them all. A number, a sign or a word in capitals the dictionary lacks goes
    with the run around it; a word of one or two Russian letters that a confusion
    reads as another (``х`` for И) opens a run but never ends one (a paragraph may
    open with «И», the next one's first word)."""
    toks = list(_SPACED_WORD.finditer(line))
    kinds: list[tuple[str, frozenset[str]]] = []
    for t in toks:
        tok = t.group()
        words = [w for w in morph.WORD.findall(tok) if len(w) >= 3]
        if words and all(_known_or_look_alike(w) for w in words):
            # a word in capitals may be one the case turned over that happens to be a
            # word too (``ВЕЛ`` for «чем»): inside a run it goes with it
            caps = tok.isupper() and bool(_token_readings(tok))
            kinds.append(("short" if caps else "known", frozenset()))
            continue
        plain = _PLAIN.fullmatch(tok) is not None
        readings = _token_readings(tok) if not plain or _RUSSIAN_LETTER.search(tok) else frozenset()
        if not plain and not readings:
            # a word the dictionary lacks (a term only the corpus knows) through a code
            # page that makes no Russian letters of its own: it goes with the run of the
            # confusions that read it in the shape of a Russian word, not with one
            # through another code page just before it (``èñïðàâëåí …б«Ё д\xa0«миаҐ``)
            kinds.append(("unknown", _shaped_readings(tok)))
        elif not plain or (readings and words):
            kinds.append(("unknown", readings))
        elif readings:
            kinds.append(("weak", readings))
        elif words and not tok.isupper() and not _TURNED_CASE.search(tok):
            kinds.append(("known", frozenset()))  # a term the dictionary lacks
        elif words:
            # no term is spelt with its case turned over inside a word (``тЮКЭЬПЕМНМЯ``,
            # KOI8-R and CP1251 read as each other): a word the dictionary lacks seen
            # through a wrong code page (a term only the corpus knows), which goes with
            # a run that one of the confusions reading it as Russian words read (not
            # with a paragraph that went through another code page just before it:
            # ``èãðîêà. 3.жБМШЫТЕОПОУ``); ``_decoded_back`` asks the corpus about its reading
            kinds.append(("unknown", _shaped_readings(tok)))
        else:
            kinds.append(("short", frozenset()))
    out: list[tuple[int, int]] = []
    run: list[int] | None = None  # first and last (unknown) token of the run
    common: frozenset[str] = frozenset()  # the confusions that read all of it
    opening: int | None = None  # the first weak word since the run's last word

    def close() -> None:
        if run is None:
            return
        a, b = toks[run[0]].start(), toks[run[1]].end()
        if _SUSPECT.search(line, a, b) or len(_CAPS_WORD.findall(line, a, b)) >= 2:
            out.append((a, b))

    for k, (kind, readings) in enumerate(kinds):
        if kind == "known":
            close()
            run, opening = None, None
        elif kind == "weak":
            opening = k if opening is None else opening
        elif kind == "unknown":
            if run is not None and common and readings and not common & readings:
                close()
                run = None
            if run is None:
                first = k
                if opening is not None and (not readings or kinds[opening][1] & readings):
                    first = opening
                run, common = [first, k], readings
            else:
                run[1] = k
                common = common & readings if common and readings else common or readings
            opening = None
    close()
    return out


_TURNED_CASE = regex.compile(r"(?V1)[\p{Ll}&&\p{Cyrillic}][\p{Lu}&&\p{Cyrillic}]{2}")
"""A small Russian letter before two capitals inside one word: the case turned over by
KOI8-R and CP1251 read as each other (``_SUSPECT``'s sign, Cyrillic only)."""


_TOKEN_CODECS = tuple(
    (wrong, right) for wrong in codepages.WRONG for right in codepages.CYRILLIC if wrong != right
)


def _token_readings(token: str) -> frozenset[str]:
    """The confusions (``wrong>right``) under which ``token`` reads back as known words
    (none: the word tells nothing, it may go with any stretch)."""
    from ftfy import fix_encoding

    fixed = fix_encoding(token)
    utf8 = {"cp1251>utf_8"} if fixed != token and _reads_as_russian(fixed) else set()
    # (ftfy reads UTF-8 read as (sloppy) CP1251)
    return _confusions(token, _reads_as_russian) | utf8


def _shaped_readings(token: str) -> frozenset[str]:
    """The confusions (``wrong>right``) under which ``token`` reads back as Russian text
    writes its words (``_RUSSIAN_SHAPE``), known to the dictionary or not."""
    return _confusions(token, lambda reading: _RUSSIAN_SHAPE.fullmatch(reading) is not None)


def _confusions(token: str, good: Callable[[str], bool]) -> frozenset[str]:
    """The confusions of ``_TOKEN_CODECS`` (``wrong>right``) whose reading of ``token``
    differs from it and is ``good``."""
    out = set()
    for wrong, right in _TOKEN_CODECS:
        try:
            reading = token.encode(wrong).decode(right)
        except UnicodeError:
            continue
        if reading != token and good(reading):
            out.add(f"{wrong}>{right}")
    return frozenset(out)


def _reads_as_russian(reading: str) -> bool:
    """Russian words the dictionary knows (or one too short for it), as Russian text
    writes them, once the letters of the other script typed into them before the
    wrong code page (``пoрядка`` with a Latin ``o``) are put back."""
    reading = morph.WORD.sub(lambda m: _look_alike_word(m[0]) or m[0], reading)
    words = [w for w in morph.WORD.findall(reading) if len(w) >= 3]
    return bool(_RUSSIAN_SHAPE.fullmatch(reading)) and all(morph.is_known(w) for w in words)


def _common_prefix(a: str, b: str) -> str:
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return a[:n]


@lru_cache(maxsize=4096)
def _homoglyph(ch: str, script: str) -> str | None:
    """The letter of ``script`` (``CYRILLIC``, ``LATIN``) that looks like ``ch``,
    of the same case (Unicode's confusables data, TR39)."""
    from confusable_homoglyphs import confusables

    found = confusables.is_confusable(ch, greedy=True, preferred_aliases=[])
    for glyph in found[0]["homoglyphs"] if found else ():
        c = glyph["c"]
        # one letter for one: «ґ» looks like «r'», two characters, not a letter
        if len(c) == 1 and glyph["n"].startswith(script + " ") and c.isupper() == ch.isupper():
            return c
    return None


_MIXED_WORD = regex.compile(r"\b(?=\p{L}*\p{Cyrillic})(?=\p{L}*\p{Latin})\p{L}{2,}\b")
"""A word written with letters of both scripts."""
_LATIN = regex.compile(r"\p{Latin}")
_CYRILLIC = regex.compile(r"\p{Cyrillic}")


def _mixed_words(text: str):
    """The matches of ``_MIXED_WORD``, in order. Every one holds a Latin character
    or stands right before one, and Latin is rare in Russian text: the pattern is
    tried only at the start of the run of letters around each Latin character, not
    at every word of the text."""
    starts: set[int] = set()
    # where the last walk back began, and the start of its run of letters: a word in
    # Latin letters is walked back once, not once for each of its letters
    last, last_start = -1, -1
    for m in _LATIN.finditer(text):
        p = end = m.start()
        if not text[p].isalpha():  # a Latin non-letter ends the run of letters before it
            if p == 0 or not text[p - 1].isalpha():
                continue
            p = end = p - 1
        while p > 0 and p != last and text[p - 1].isalpha():
            p -= 1
        if p == last:
            p = last_start
        last, last_start = end, p
        starts.add(p)
    for p in sorted(starts):
        m = _MIXED_WORD.match(text, p)
        if m:
            yield m


def mixed_script(text: str, ctx: Context) -> list[Change]:
    """A word typed or recognised with look-alike letters of the other script
    (``Тоpговля`` with a Latin ``p``, ``Правилo``; ``WВF`` with a Cyrillic ``В``):
    the minority letters become their look-alikes in the majority script (Unicode's
    confusables data). A Russian word is changed only when every odd letter has a
    look-alike and the dictionary knows the result or it is Cyrillic throughout in
    a word of four letters or more; addresses (``64А1``) have no letters of two
    scripts and are left to :mod:`pipeline.addresses`."""
    out: list[Change] = []
    for m in _mixed_words(text):
        word = m.group()
        glued = GLUED_SECTION_LETTER.match(text, m.end() - 1)
        if glued and not _LATIN.search(word, 0, len(word) - 1):
            continue  # ``СДАЧАA. Тасование``: a section marker glued on (run_in_structure)
        new = _look_alike_word(word)
        if new is None:
            continue
        russian = 2 * len(_CYRILLIC.findall(word)) > len(word)
        if russian and not (morph.is_known(new) or len(new) >= 4):
            continue
        out.extend(
            Change(m.start() + i, m.start() + i + 1, b, "mixed-script", f"{word} → {new}")
            for i, (a, b) in enumerate(zip(word, new, strict=True))
            if a != b
        )
    return out


_DIGIT_LETTERS = {"0": "о", "3": "з", "6": "б"}
"""Digits OCR reads for the Russian letters they look like, inside a word."""
_DIGITS_READ = "".join(_DIGIT_LETTERS)
_DIGIT_BY_LETTER = regex.compile(
    rf"[{_DIGITS_READ}](?=\p{{Cyrillic}})|(?<=\p{{Cyrillic}})[{_DIGITS_READ}]"
)
"""A digit of ``_DIGIT_LETTERS`` beside a Russian letter: where ``_DIGIT_IN_WORD`` may
stand (one pass over the text finds them; they are few)."""
_DIGIT_IN_WORD = regex.compile(rf"[\p{{Cyrillic}}{_DIGITS_READ}]+")
"""A word of Russian letters and digits of ``_DIGIT_LETTERS`` (``3аявка``, ``0ппонент``):
the whole run of letters and digits around a ``_DIGIT_BY_LETTER`` (an address, ``64А1``,
holds other digits and is no word)."""
_YERY_PAIR = regex.compile(r"(?<=\p{Cyrillic})b[Il1І](?=\p{Cyrillic}|(?![\p{L}\d]))")
"""The two strokes OCR reads for «ы» after a Russian letter (``вbIигрыш``, ``сыгранbI``)."""
_LONE_LATIN = regex.compile(r"(?<=\p{Cyrillic}{2},?[ \t])[acoyk](?=[ \t]\p{Cyrillic}{2})")
"""A one-letter word in Latin between two Russian words (``дефект, a ренонс``): the
conjunction or preposition in its Russian look-alike (а, с, о, у, к)."""
_LONE_LETTERS = str.maketrans("acoyk", "асоук")


def ocr_words(text: str, ctx: Context) -> list[Change]:
    """Russian words a scan's OCR read with characters of another kind for a letter:
    a digit for the letter it looks like (``3аявка``, ``0ппонент``: ``_DIGIT_LETTERS``),
    a capital one at a sentence's start; two strokes for «ы» (``вbIигрыш``); a Latin
    one-letter word between Russian ones (``a`` for «а»). A word is changed only where
    the dictionary or the corpus knows it so and does not know it as written; a lone
    letter only between two Russian words (an English phrase or a subclause's ``(a)``
    has none)."""
    out: list[Change] = []
    read_to = 0  # the end of the last word read: a word's other digits are read with it
    for d in _DIGIT_BY_LETTER.finditer(text):
        if d.start() < read_to:
            continue
        start, end = _word_around(text, d.start(), d.end())
        read_to = end
        word = text[start:end]
        if _DIGIT_IN_WORD.fullmatch(word) is None:
            continue
        new = "".join(_DIGIT_LETTERS.get(c, c) for c in word)
        if all(c.isupper() for c in word if c.isalpha()):
            new = new.upper()  # a word in capitals: «3АКОНЫ»
        elif word[0] in _DIGIT_LETTERS and _sentence_starts(text, start):
            new = new[0].upper() + new[1:]
        if sum(c.isalpha() for c in word) >= 3 and ctx.known(new) and not ctx.known(word):
            out += [
                Change(start + i, start + i + 1, b, "ocr-word", f"{word} → {new}")
                for i, (a, b) in enumerate(zip(word, new, strict=True))
                if a != b
            ]
    for m in _YERY_PAIR.finditer(text):
        w = _word_around(text, m.start(), m.end())
        new = text[w[0] : m.start()] + "ы" + text[m.end() : w[1]]
        if ctx.known(new):
            out.append(Change(m.start(), m.end(), "ы", "ocr-word", f"{text[w[0] : w[1]]} → {new}"))
    out += [
        Change(
            m.start(), m.end(), m[0].translate(_LONE_LETTERS), "ocr-word", "a Latin one-letter word"
        )
        for m in _LONE_LATIN.finditer(text)
        if _ITEM_NOUN_BEFORE.search(text, max(0, m.start() - 16), m.start()) is None
    ]
    return out


_ITEM_NOUN_BEFORE = regex.compile(r"(?i:пункт|подпункт|раздел|букв|литер)\p{L}*[ \t]+$")
"""A noun that names a list's item or a section before a lone letter: «подпункт c
раздела B» names item c, Latin as written."""


def _sentence_starts(text: str, at: int) -> bool:
    """Offset ``at`` opens a sentence: the line's first word, or after a stop."""
    before = text[max(0, at - 3) : at].rstrip(" \t")
    return not before or before[-1] in "\n.!?"


def _word_around(text: str, start: int, end: int) -> tuple[int, int]:
    """The run of letters and digits around ``text[start:end]``."""
    a, b = start, end
    while a > 0 and text[a - 1].isalnum():
        a -= 1
    while b < len(text) and text[b].isalnum():
        b += 1
    return a, b


def _look_alike_word(word: str) -> str | None:
    """``word`` with its minority-script letters turned into their look-alikes of the
    majority script; None when the scripts are even or a letter has no look-alike."""
    cyr = len(_CYRILLIC.findall(word))
    lat = len(word) - cyr
    if cyr == lat or not (cyr and lat):
        return None
    target, odd = ("CYRILLIC", _LATIN) if cyr > lat else ("LATIN", _CYRILLIC)
    fixed = []
    for ch in word:
        if odd.match(ch):
            ch = _homoglyph(ch, target) or ""
            if not ch:
                return None
        fixed.append(ch)
    return "".join(fixed)


def _yo_case(text: str, at: int) -> str:
    """``Ё`` inside a word written in capitals (``ОБСЧ„Т``), ``ё`` otherwise."""
    before = text[at - 1] if at > 0 else ""
    after = text[at + 1] if at + 1 < len(text) else ""
    letters = [c for c in (before, after) if c.isalpha()]
    return "Ё" if letters and all(c.isupper() for c in letters) else "ё"


REPAIRS: tuple[tuple[str, Callable[[str, Context], list[Change]]], ...] = (
    ("template_lines", template_lines),
    ("newlines", newlines),
    ("mojibake", mojibake),
    ("lossy_mojibake", lossy_mojibake),
    ("decoded_chrome", decoded_chrome),
    # characters no reader sees and stress marks stand inside words: gone before the
    # look-alike letters of a word are judged
    ("invisible", invisible),
    ("accents", accents),
    ("mixed_script", mixed_script),
    ("ocr_words", ocr_words),
    ("penalty_marks", penalty_marks),
    ("line_numbers", line_numbers),
    ("columns", columns),
    ("blank_lines", blank_lines),
    ("table_bars", table_bars),
    ("bar_prefix", bar_prefix),
    ("dos_layout", dos_layout),
    ("indents", indents),
    ("bullet_glyphs", bullet_glyphs),
    ("markup", markup),
    ("transliteration", transliteration),
    ("spaced_letters", spaced_letters),
    ("spaced_mojibake", spaced_mojibake),
    # after the last reading of a no-break space as a DOS page's «а»
    ("blanks", blanks),
    ("ocr_law_nouns", ocr_law_nouns),
    ("collapsed_lines", collapsed_lines),
    ("collapsed_chrome", collapsed_chrome),
    ("line_artefacts", line_artefacts),
    ("inline_marks", inline_marks),
    ("page_marks", page_marks),
    ("endnotes", endnotes),
    ("star_notes", star_notes),
    ("reader_header", reader_header),
    ("question_runs", question_runs),
    ("inline_rules", inline_rules),
    ("duplicates", duplicates),
    ("gaps", gaps),
    # after duplicates, which removes a number a scan echoed under the heading's word
    ("split_headings", split_headings),
    ("stopless_headings", stopless_headings),
    ("numbered_laws", numbered_laws),
    # before run_in_structure, which would split «Law 22. Правило 22. …» at its
    # Russian half and leave the English one a line of its own
    ("bilingual_headings", bilingual_headings),
    ("ocr_digits", ocr_digits),
    ("run_in_structure", run_in_structure),
    ("cyrillic_sections", cyrillic_sections),
    ("restyled_markers", restyled_markers),
    ("glued_headings", glued_headings),
    ("yo_mojibake", yo_mojibake),
    ("dehyphenate", dehyphenate),
    ("unwrap", unwrap),
    ("split_words", split_words),
    # Joined lines can make two paragraphs the scan printed twice identical only now.
    ("duplicate_paragraphs", duplicates),
    # the paragraphs it drops may leave empty lines at the text's end or two in a row
    ("last_gaps", gaps),
)
"""Every repair, in the order it runs. Later repairs see the earlier ones' work."""


def _merge_sorted(changes: list[Change]) -> list[Change]:
    """Sort changes and merge those that touch (two removed lines in a row)."""
    changes.sort(key=lambda c: (c.start, c.end))
    out: list[Change] = []
    for c in changes:
        if out and c.start < out[-1].end:
            if not c.new and not out[-1].new and c.end > out[-1].end:
                # the last line of a text without a final newline takes the newline
                # before it, which the removal of the line above already took
                c = c._replace(start=out[-1].end)
            else:
                if c.pages:  # the page number it removes is still a page break
                    out[-1] = out[-1]._replace(pages=out[-1].pages + c.pages)
                continue
        out.append(c)
    return out


def vocabulary(texts) -> set[str]:
    """Lower-case word forms of the given raw texts. A word broken by a line-end
    hyphen or split by a space is usually whole somewhere else in the corpus, so
    the joins consult this set beside the dictionary. The forms are read as
    ``accents`` leaves them (a letter and its accent stored apart, «и» and a breve,
    are one letter; a stress mark is none), as the repairs that ask see them; two
    words glued where a page's markup stood (``взяткиЕсли``) are not one."""
    words: set[str] = set()
    for text in texts:
        seen = _unaccented(markup_mod.visible(text))
        # ``concurrent=False``: ``regex`` lets go of the GIL around each match by
        # default, which no build needs (its workers are processes) and which made
        # this scan of every word a quarter slower
        if _CAPITAL_INSIDE.search(seen) is None:
            words.update(morph.WORD.findall(seen.lower(), concurrent=False))
        else:
            # two words a page's markup glued (``фальшренонсаИ``) are no word of the
            # corpus: a join of ``фальшренонса и`` must not find them there (each
            # form asked once: a text repeats its words)
            words.update(
                w.lower()
                for w in set(morph.WORD.findall(seen, concurrent=False))
                if not _CAPITAL_INSIDE.search(w)
            )
    return words


_CAPITAL_INSIDE = regex.compile(r"\p{Ll}\p{Lu}")
"""A small letter, then a capital: inside a word, two words glued (``взяткиЕсли``)."""


def clean(
    source: Source, vocab: set[str] | None = None, repairs=REPAIRS, profile: Profile | None = None
) -> Cleaned:
    """Run every repair over ``source`` and return the cleaned text with its edit log.
    ``profile`` is the source's profile (measured alone when not given)."""
    buf = Buffer(source.text)
    if profile is None:
        profile = profile_mod.profile(source)
    ctx = Context(
        source=source,
        buffer=buf,
        vocabulary=vocab if vocab is not None else vocabulary([source.text]),
        profile=profile,
    )
    pages: list[tuple[int, int | None]] = []  # (raw offset, number) of every page number removed
    for _name, repair in repairs:
        changes = repair(buf.text, ctx)
        pages.extend((buf.to_raw(at), number) for ch in changes for at, number in ch.pages)
        buf.apply(changes)
    edits = _edit_log(source, buf.edits())
    return Cleaned(
        source=source,
        text=buf.text,
        edits=edits,
        breaks=_breaks(pages, edits, buf.text, source.text),
        profile=profile_mod.settle(profile, buf.text, source.text, source.edition),
    )


def _breaks(
    pages: list[tuple[int, int | None]], edits, text: str = "", raw_text: str = ""
) -> tuple[tuple[int, int | None, bool], ...]:
    """Page breaks in cleaned offsets. A break is hard when the next page number
    is not this one plus one: pages are missing between them, unless the numbers of
    those pages stand in the source (``raw_text``) between the two, where no repair
    read them (``_pages_stand_between``). The last page
    number is soft when it continues a run that counts up. When the numbers cannot
    tell (one page number alone, an unreadable one, a last one after a gap, which
    the break before it already marks), a sentence that runs on over
    the break (no sentence end before it, a small letter after it), a heading
    whose text comes after it, or a unit that goes on counting the units before it
    makes it soft (``_runs_on``)."""
    pages = sorted(pages)
    omap = OffsetMap(edits)
    out = []
    excerpt = _skips_unbroken(text, sorted(omap.to_clean(raw) for raw, _num in pages))
    for i, (raw, num) in enumerate(pages):
        nxt = pages[i + 1][1] if i + 1 < len(pages) else None
        prev = pages[i - 1][1] if i > 0 else None
        at = omap.to_clean(raw)
        if nxt is None:  # the last page number: soft when the numbers before it count up to it
            # (pages missing before it are the break before's: that one is hard already,
            # and what stands at this one tells, as where one page number stands alone)
            hard = num is None or prev is None or num != prev + 1
            told = not hard
        else:
            told = num is not None
            hard = num is None or nxt != num + 1
            if hard and num is not None and nxt is not None:
                hard = not _pages_stand_between(raw_text, pages, i)
        if hard and not told and _runs_on(text, at, excerpt):
            hard = False
        out.append((at, num, hard))
    return tuple(out)


_PAGES_BETWEEN = 20
"""The most pages' numbers ``_pages_stand_between`` looks for between two others."""
_PAGE_SHARE = 0.6
"""The least share of a page's usual length (the median of the source's pages) that
each page a gap skips takes in the text between (``_pages_stand_between``)."""


def _pages_stand_between(text: str, pages: list[tuple[int, int | None]], i: int) -> bool:
    """The numbers of the pages between page ``pages[i]`` and the next (offsets of the
    source's ``text`` and numbers), at most ``_PAGES_BETWEEN`` of them, each stand in the
    source between, in their order, at a line's start or end, where no repair took them
    for pages' numbers (a viewer's number joined to a line of text): those pages are
    there, and no page is missing. Not a number a margin of line numbers counts on from
    on the next line; and where the source's other pages tell how long a page is, only
    if the text between is long enough for the pages the numbers skip, else only where
    two pages or more are skipped (one number alone may be a count, ``13 карт``, or a
    law's)."""
    (at, num), (to, nxt) = pages[i], pages[i + 1]
    if num is None or nxt is None or not 0 < nxt - num - 1 <= _PAGES_BETWEEN or to <= at:
        return False
    lengths = sorted(
        b - a
        for (a, n), (b, m) in itertools.pairwise(pages)
        if n is not None and m is not None and m == n + 1
    )
    if len(lengths) >= 2:
        if to - at < _PAGE_SHARE * (nxt - num) * lengths[len(lengths) // 2]:
            return False
    elif nxt - num - 1 < 2:
        return False
    pos = at
    for page in range(num + 1, nxt):
        pattern = regex.compile(rf"(?m)^{page}(?=[ \t])|(?<=[ \t]){page}$")
        while True:
            m = pattern.search(text, pos, to)
            if m is None:
                return False
            pos = m.end()
            line_end = text.find("\n", pos)
            if line_end < 0 or not text.startswith(f"{page + 1} ", line_end + 1):
                break  # (a margin of line numbers numbers the next line on)
    return True


def _runs_on(text: str, at: int, excerpt: bool = False) -> bool:
    """The sentence before cleaned offset ``at`` goes on after it, or the unit before
    it has had only its heading: a heading at the foot of a page has its text on the
    next one (a title ends with no stop, and its text opens with a capital; a heading
    after it is another unit, as in a table of contents, unless it is the first unit
    under the heading: ``A.`` after ``Правило 64. …``). After a sentence that has
    not ended, a line that opens with a small letter goes on with it, and so does one
    that opens with no letter and no unit marker (the number of a reference cut from
    its head word, ``правило`` | ``62D), и …``, a bracket, a quote). A colon at the
    foot of a page announces the list the next page opens with its first item, and so
    does a sentence that has not ended where the next page opens a subclause's or an
    item's first (``… и если`` | ``(A).Нарушитель …``). A unit
    that goes on counting the units before the break (``2.`` after ``1.``,
    ``grammar.goes_on_counting``) runs on too, unless the law headings on the two
    sides skip a number (``_laws_skip``) in a source whose laws do not skip numbers
    where no page break stands between them (``excerpt``, ``_skips_unbroken``)."""
    before, after = text[:at].rstrip(), text[at:].lstrip()
    if not before or not after:
        return False
    first, head = after.split("\n", 1)[0], before[before.rfind("\n") + 1 :]
    if before.endswith(":") and opens_series(first) in ("clause", "subclause", "item"):
        return True
    if goes_on_counting(_lines_before(before, len(before)), first) and (
        excerpt or not _laws_skip(before, after)
    ):
        return True
    if CLAUSE_END.search(before) or TAG_END.search(before):
        return False
    return (
        after[0].islower()
        or (not after[0].isalpha() and not starts_unit(first))
        or (is_heading_line(head) and (not starts_unit(first) or opens_body(head, first)))
        # the sentence leads into a list whose first unit opens the next page
        # (``… и если`` | ``(A).Нарушитель …``)
        or (not is_heading_line(head) and opens_series(first) in ("subclause", "item"))
    )


def _skips_unbroken(text: str, breaks: list[int]) -> bool:
    """The source's law headings skip a number where no page break stands between
    them (``Правило 13.`` then ``Правило 20.`` on one page), and never go back: it prints
    a selection of the laws, so laws skipped across a break do not show that pages are
    missing."""
    heads, pos = [], 0
    for line in text.split("\n"):
        if m := _law_head(line.lstrip()):
            heads.append((bisect.bisect_right(breaks, pos), int(m[1])))
        pos += len(line) + 1
    pairs = list(itertools.pairwise(heads))
    # headings that go back (``38`` between ``30`` and ``32``: a number OCR misread, or
    # two copies in one file) show nothing of a selection
    return not any(nxt < num for (_p, num), (_q, nxt) in pairs) and any(
        page == nxt_page and nxt > num + 1 for (page, num), (nxt_page, nxt) in pairs
    )


def _laws_skip(before: str, after: str, reach: int = 400) -> bool:
    """The law headings on the two sides of a break (the last before it, the first
    after it, each within ``reach`` lines) skip a number: pages are missing between.
    (So may an excerpt's laws, printed one after another: where the source shows it
    prints a selection, ``_skips_unbroken``, the skip is no evidence; elsewhere the
    break is read as hard, and the text after it is placed in the law before the next
    heading with K306, or kept unplaced with K301.)"""
    last = next(
        (
            m
            for ln in reversed(before.rsplit("\n", reach)[-reach:])
            if (m := _law_head(ln.lstrip()))
        ),
        None,
    )
    nxt = next(
        (m for ln in after.split("\n", reach)[:reach] if (m := _law_head(ln.lstrip()))), None
    )
    return last is not None and nxt is not None and int(nxt[1]) != int(last[1]) + 1


def _edit_log(
    source: Source, edits: list[tuple[int, int, str, tuple[str, ...], int, str]]
) -> EditLog:
    """The buffer's edits as an ``EditLog``: equal kinds, reasons and replacement
    texts are kept once (a big source repeats a few hundred of them many thousand
    times)."""
    if not edits:
        return EditLog(source, [], [], [], [], [], [])
    rs_, re_, after_, kind_, cs_, why_ = zip(*edits, strict=True)
    shared: dict = {}
    share = shared.setdefault  # (column by column: a loop over the edits costs more)
    after = [share(a, a) if len(a) < 8 else a for a in after_]
    return EditLog(
        source, rs_, re_, cs_, after, list(map(share, kind_, kind_)), list(map(share, why_, why_))
    )
