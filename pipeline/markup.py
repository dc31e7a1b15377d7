"""What a reader of a page does not see in its text, though a copy of it carries it.

A copy of the laws taken from the web often holds more than the words of its page:

- characters no reader sees (``INVISIBLE``): zero-width spaces and joiners, word
  joiners, direction marks, a byte-order mark inside the text, which a page puts
  inside words and between a heading's noun and its number;
- the markup of its source (``FORMS``): the tags of an HTML page whose source was
  saved as text (``<b>Правило 64.</b>``, ``<br>``), a forum's codes (``[b]…[/b]``,
  ``[quote=…]``), Markdown's emphasis and heading marks (``**A. Наказание**``,
  ``## Правило 64``), and character references left undecoded (``&nbsp;``, ``&#171;``).

Each form is one row of ``FORMS``: its name (the kind of the cleaner's edit), its
pattern and what stands in its place. The cleaner takes them out as logged edits
(``clean.markup`` and ``clean.invisible``); what measures a raw text before it is
cleaned (its profile, kind, edition and vocabulary) reads it through ``visible``, the
same text on the same lines. A text with markup on a third of its lines is a page's
source and is read as HTML (``read.looks_like_html``); these are the few tags left in
a text."""

from __future__ import annotations

import bisect
import hashlib
import html
from dataclasses import dataclass
from functools import lru_cache

import regex

from . import language, translit
from .editions import BLANK
from .grammar import CARDS_ROW_REST

INVISIBLE = regex.compile(r"(?V1)[\p{Cf}--\u00ad]+")
"""Format characters: no reader sees them. The soft hyphen is one too, but a
word-breaking one: the cleaner's ``invisible`` and ``dehyphenate`` take it (the
hyphen of a compound, ``из\u00adза``, stays a hyphen), and a wrong code page writes
it (CP1251's ``\\xad``) where ``mojibake`` must still find it."""

_INLINE_TAGS = "a|abbr|b|big|em|font|i|mark|s|small|span|strike|strong|sub|sup|u"
_BLOCK_TAGS = "blockquote|br|center|div|h[1-6]|hr|li|ol|p|pre|table|td|th|tr|ul"


_MD_TARGET = (
    r"""(?=(?:[^()\s]|\([^()\s]*\))*[/.#:])(?:[^()\s]|\([^()\s]*\)){1,500}"""
    r"""(?:[ \t]+"[^"\n]{0,200}")?"""
)
"""A Markdown link's address, which holds a slash, a dot, a hash or a colon as every
address does (the book's own ``(*)``, ``(НАКАЗАНИЕ)``, ``(DC4)`` after a bracket are
none), and its title (``/law/63.html "Правило 63"``)."""


@dataclass(frozen=True, slots=True)
class Form:
    """One form of markup: ``name`` (the kind of the cleaner's edit), ``pattern``,
    ``keep`` (the group of the match that stands in its place; 0: nothing) and
    ``breaks`` (between two pieces of a line it stands for a line break: a block
    element's tag)."""

    name: str
    pattern: str
    keep: int = 0
    breaks: bool = False


FORMS: tuple[Form, ...] = (
    # a tag of a page's markup, with its attributes, on one line
    Form("tag", rf"</?(?:{_INLINE_TAGS})\b[^<>\n]{{0,300}}>"),
    Form("tag", rf"</?(?:{_BLOCK_TAGS})\b[^<>\n]{{0,300}}>", breaks=True),
    # a forum's code: [b] [/b] [i] [u] [s] [quote] [quote=Name] [size=3] [color=red] [url=…]
    Form(
        "forum-code",
        r"\[/?(?:b|i|u|s|size|color|font|url|code|spoiler)(?:=[^\]\n]{0,200})?\]",
    ),
    Form("forum-code", r"\[/?(?:quote|center|left|right)(?:=[^\]\n]{0,200})?\]", breaks=True),
    # Markdown's strong emphasis around words (not a footnote mark «(**)»), maybe over
    # a hard wrap but not a paragraph's end, and the marks of a heading at a line's start
    Form(
        "markdown",
        r"(?<![\w*(])\*\*(?=[^\s*])((?:[^*\n]|\n(?![ \t]*\n)){1,500}?)(?<=[^\s*])\*\*(?![\w*)])",
        1,
    ),
    Form(
        "markdown",
        r"(?<![\w_])__(?=[^\s_])((?:[^_\n]|\n(?![ \t]*\n)){1,500}?)(?<=[^\s_])__(?![\w_])",
        1,
    ),
    # (not a suit drawn as ``#`` in a deal's row: ``# В1087``)
    Form(
        "markdown", rf"(?<=(?:\A|\n){BLANK}*)(?:#{{2,6}}|#(?![ \t]+{CARDS_ROW_REST}))[ \t]+(?=\S)"
    ),
    # a page a converter saved as Markdown (a bracket closed right before a bracket
    # opens; the address holds no blank, maybe one pair of brackets, and a title):
    # a line that is a list's item of one link and nothing else is the page's
    # navigation (``- [Правило 63. …](/laws/63.html)``: a link to another page);
    # then its image, and its link, whose text stays (``[правиле 63](/law/63.html)``)
    Form(
        "markdown",
        rf"(?<=(?:\A|\n)[ \t]*)[-*+][ \t]+\[[^\]\n]{{1,300}}\]\({_MD_TARGET}\)[ \t]*(?=\n|\Z)",
    ),
    Form("markdown", rf"!\[[^\]\n]{{0,300}}\]\({_MD_TARGET}\)"),
    Form("markdown", rf"\[([^\]\n]{{1,300}})\]\({_MD_TARGET}\)", 1),
    # Markdown's backslash before a punctuation mark that would be markup (``1\.``,
    # ``\(A\).``, ``\(\*\)``, as a converter escapes a list's and a note's marks; a
    # backslash after a backslash is left as written, so a second cleaning finds no
    # more), and its backslash at a line's end after a word (a hard line break)
    Form("markdown", r"(?<!\\)\\([!-/:-@\[\]^_`{-~])", 1),
    Form("markdown", r"(?<![\\\s])\\(?=[ \t]*(?:\n|\Z))"),
    # a wiki's link to edit the section a heading opens, which a copy of its page keeps
    # (its bar may be gone with a table's, ``clean.table_bars``)
    Form(
        "wiki-edit",
        r"[ \t]*\[[ \t]*(?:править(?:[ \t]*\|?[ \t]*править[ \t]+код)?"
        r"|edit(?:[ \t]*\|?[ \t]*edit[ \t]+source)?)[ \t]*\]",
    ),
    # a character reference left undecoded: named, decimal or hexadecimal
    Form("entity", r"&(?:[A-Za-z][A-Za-z0-9]{1,31}|#[0-9]{1,7}|#[xX][0-9A-Fa-f]{1,6});"),
)
"""Every form of markup ``clean.markup`` takes out (as one pattern: ``MARKUP``)."""

QUOTATION_START = regex.compile(r"\[quote(?:=[^\]\n]*)?\]|<blockquote\b[^<>\n]*>", regex.I)
"""A forum's code or a page's tag that opens a quotation (``FORMS`` takes it out): the
words before it are the poster's, not the end of a law before the quoted one
(``segment.before_quotation``)."""
QUOTATION_END = regex.compile(r"\[/quote\]|</blockquote\s*>", regex.I)
"""A forum's code or a page's tag that closes a quotation (``FORMS`` takes it out): the
words after it are the poster's, not the quoted text's (``segment.after_quotation``)."""
MARKUP = regex.compile("|".join(f"(?P<f{k}>{f.pattern})" for k, f in enumerate(FORMS)))
"""The forms of ``FORMS`` as one pattern: group ``f<k>`` is form ``k``."""
_NAMES = tuple(f"f{k}" for k in range(len(FORMS)))
_HINTS = ("<", "[", "**", "__", "#", "&", "\\")
"""What every match of ``MARKUP`` holds (a text without any of them has none)."""
_LINE_BREAKS = frozenset("\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029")


def _replacement(m: regex.Match, text: str) -> tuple[str, str] | None:
    """``(name, new text)`` for a match of ``MARKUP`` in ``text``; ``None`` where
    nothing is to be done (a reference that names no character, or a line break)."""
    k = next(k for k, name in enumerate(_NAMES) if m.group(name) is not None)
    form = FORMS[k]
    if form.name == "entity":
        char = html.unescape(m.group())
        return None if char == m.group() or _LINE_BREAKS & set(char) else (form.name, char)
    if form.keep:  # its group ``keep`` is numbered after the form's own in MARKUP
        return form.name, m.group(MARKUP.groupindex[_NAMES[k]] + form.keep)
    if form.breaks:
        before = text[text.rfind("\n", 0, m.start()) + 1 : m.start()]
        end = text.find("\n", m.end())
        after = text[m.end() : len(text) if end < 0 else end]
        if before.strip() and after.strip():
            return form.name, "\n"  # between two pieces of a line
    return form.name, ""


def changes(text: str) -> list[tuple[int, int, str, str]]:
    """``(start, end, name, new text)`` of every piece of markup in ``text``, in order."""
    out = []
    if any(map(text.__contains__, _HINTS)):
        for m in MARKUP.finditer(text):
            got = _replacement(m, text)
            if got is not None:
                out.append((m.start(), m.end(), got[0], got[1]))
    links = link_numbers(text)
    if links:  # markup inside a text browser's list goes with the list's lines
        links.sort()
        starts = [a for a, _b, _n, _t in links]

        def listed(at: int) -> bool:
            k = bisect.bisect_right(starts, at) - 1
            return k >= 0 and at < links[k][1]

        out = sorted([*(c for c in out if not listed(c[0])), *links])
    return out


_LINK_LIST_HEAD = regex.compile(
    r"^[ \t]*(?:References|Visible links|Hidden links|Ссылки)[ \t]*:?[ \t]*$", regex.M
)
_LINK_LIST_HINTS = ("References", "links", "Ссылки")
"""What every match of ``_LINK_LIST_HEAD`` holds."""
_LINK_ENTRY = regex.compile(r"[ \t]*(\d{1,4})\.[ \t]+(?:[A-Za-z][A-Za-z0-9+.-]*:|/|www\.)\S*[ \t]*")
"""An entry of a text browser's list of links: its number and the address."""
_LINK_LINES = regex.compile(rf"(?:\n(?:{_LINK_ENTRY.pattern})?[ \t]*)*\n?")
"""Entries of a list of links and blank lines only, between two of its heads."""
_LINK_MARK = regex.compile(r"(?<!\])\[(\d{1,4})\](?=\S)")
"""A link's number before its words; one right after another bracketed number is that
link's note mark (``совершён[12][1]``), not a link's."""


def link_numbers(text: str) -> list[tuple[int, int, str, str]]:
    """A text browser's dump of a page (``lynx -dump``): each link's number in square
    brackets right before its words (``[5]правиле 63``) and, at the end, the list of
    the links' addresses under its heading (``References``, then ``5.
    http://…``). Where such a list closes the text, the marks of the numbers it lists
    go, and so does the list, line by line (its lines stay, empty, so that line
    numbers hold); a bracketed number the list does not hold stays (a note's mark)."""
    if not any(map(text.__contains__, _LINK_LIST_HINTS)):
        return []
    heads = list(_LINK_LIST_HEAD.finditer(text))
    if not heads:
        return []
    # the first head of the run that closes the text (``References``, then ``Visible
    # links:`` and ``Hidden links:``, each over its entries)
    head = heads[-1]
    for earlier in reversed(heads[:-1]):
        if not _LINK_LINES.fullmatch(text, earlier.end(), head.start()):
            break
        head = earlier
    out: list[tuple[int, int, str, str]] = []
    numbers: list[str] = []
    pos = head.start()
    for line in text[head.start() :].split("\n"):
        end = pos + len(line)
        if line.strip():
            m = _LINK_ENTRY.fullmatch(line)
            if m is None and not _LINK_LIST_HEAD.fullmatch(line):
                return []  # text under the heading: no text browser's list
            if m is not None:
                numbers.append(m[1])
            out.append((pos, end, "link-number", ""))
        pos = end + 1
    if [int(n) for n in numbers] != list(range(1, len(numbers) + 1)):
        return []  # a text browser numbers its links 1, 2, 3 … in order
    listed = set(numbers)
    marks = [
        (m.start(), m.end(), "link-number", "")
        for m in _LINK_MARK.finditer(text, 0, head.start())
        if m[1] in listed
    ]
    return marks + out


@lru_cache(maxsize=1)
def visible(text: str) -> str:
    """``text`` as a reader sees it: without its ``INVISIBLE`` characters and its markup
    (``FORMS``; a line break a tag stands for is a space here), and a page of Russian in
    Latin letters read back into Cyrillic (``translit.cyrillic``), on the same lines, so
    line numbers hold. What measures a raw text (its profile, kind, edition and
    vocabulary) reads this; the cleaner takes them out as logged edits.

    A build asks it of every source's text again and again (read: for the kind and
    the edition, for the vocabulary and for the lines at the page's edges; the
    profile), each time a pass of two patterns over the whole text and a measure of
    its letters. The last text's answer is kept (keyed by the text itself, as
    ``offsets._line_index``): read asks it for the vocabulary right after the kind
    and the edition when it sets the source aside at once, and the profile right
    after read in a corpus of one text. Most texts are as a reader sees them: their
    digests are kept too (``_AS_SEEN``, a few bytes a text), and such a text comes
    back at once whenever it is asked again."""
    digest = _digest(text)
    if digest in _AS_SEEN:
        return text
    seen = _seen(text)
    if seen is text:
        _AS_SEEN.add(digest)
    return seen


_AS_SEEN: set[bytes] = set()
"""The digests (``_digest``) of the texts ``visible`` leaves as they are."""


def _digest(text: str) -> bytes:
    """16 bytes that stand for ``text`` (its hash alone could be another text's),
    hashed a slice at a time: a big text is never encoded whole (that would hold a
    second copy of it, in bytes, at the build's peak)."""
    h = hashlib.blake2b(digest_size=16)
    for at in range(0, len(text), _DIGEST_SLICE):
        h.update(text[at : at + _DIGEST_SLICE].encode("utf-8", "surrogatepass"))
    return h.digest()


_DIGEST_SLICE = 1 << 20
"""Characters hashed at a time (``_digest``)."""


def unmarked(text: str) -> str:
    """``text`` without its markup (``changes``; a line break a tag stands for is a
    space here), on the same lines."""
    found = changes(text)
    if not found:
        return text
    parts, at = [], 0
    for start, end, _name, new in found:
        parts += [text[at:start], " " if new == "\n" else new]
        at = end
    parts.append(text[at:])
    return "".join(parts)


def _seen(text: str) -> str:
    """``visible`` of ``text``, worked out."""
    if INVISIBLE.search(text):
        text = INVISIBLE.sub("", text)
    text = unmarked(text)
    if language.transliterated_page(text):
        text = translit.cyrillic(text)
    return text


def clear_cache() -> None:
    """Let go of what ``visible`` keeps (``spill.release``)."""
    visible.cache_clear()
    _AS_SEEN.clear()
