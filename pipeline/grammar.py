"""The structural grammar of the sources: what opens a unit and what ends a sentence.

Every pattern that says where a structural unit (part, law, section, clause,
subclause, commentary paragraph, item, footnote) starts, and every pattern that
says where a sentence ends, lives here, so the cleaner, the segmenter and the
merger cannot disagree about either. Patterns match at the start of a cleaned
line unless their docstring says otherwise.
"""

from __future__ import annotations

from collections.abc import Iterable

import regex

from .addresses import DIGIT_LOOKALIKES, digits, latin, roman_value
from .editions import DIVISION_NUMBER, DIVISION_WORDS, EDITIONS, SUB_NUMBER, TITLE_AFTER_NUMBER


class LineOpening:
    """Whether some line of a text opens with ``pattern`` (``(?m)^pattern``), as a cheap
    test before a repair reads the text's lines. ``(?m)^`` is tried at every character;
    a pattern that opens with a newline is looked for as fast as ``str.find`` looks for
    it, so the first line is matched on its own and the others after their newline
    (ten times as fast on a text where no line opens so). ``$`` ends a line, as under
    ``(?m)``."""

    def __init__(self, pattern: str):
        self._first = regex.compile(pattern, regex.M)
        self._after_newline = regex.compile(rf"\n(?:{pattern})", regex.M)

    def search(self, text: str) -> bool:
        return self._first.match(text) is not None or self._after_newline.search(text) is not None


_INNER = {w.lower() for e in EDITIONS.values() for w, _space in e.divisions[1:]}
# a word some edition uses under another division («Часть» under «Глава»)


def _division_words(*, inner: bool = False, upper: bool = True) -> str:
    """The division words as an alternation, capitalised and (``upper``) in
    capitals; ``inner``: only those some edition uses under another division."""
    words = [w for w in DIVISION_WORDS if not inner or w in _INNER]
    forms = [w.capitalize() for w in words] + ([w.upper() for w in words] if upper else [])
    return "|".join(forms)


LAW_HEAD = regex.compile(
    r"^(?:Правило|ПРАВИЛО)\s*(?:№[ \t]*)?(\d+)\s*(?:\.\s*|/[ \t]*(?=\p{Lu})|"
    + TITLE_AFTER_NUMBER
    + r"|$)"
)
"""``Правило 64. …``, ``Правило 24.Показ…`` (no space), ``ПРАВИЛО 65. …`` (capitals),
``Правило 21`` alone on its line (its title on the next), ``Правило 21 / Заявка`` (a
bilingual heading's slash, its English half gone), ``Правило 64 – Процедура …``
(``editions.TITLE_AFTER_NUMBER``), ``Правило № 64. …`` (the number sign some copies
write)."""
PENALTY = "(НАКАЗАНИЕ)"
"""The book's mark of a unit that names a penalty, as the renderers write it."""
PENALTY_MARK = regex.compile(
    r"[(\[][ \t]*(?P<word>[НH][АA][КK][АA][З3][АA][НH][ИI][ЕE])[ \t]*[)\]]"
)
"""``PENALTY`` as copies write it: in capitals (some of its letters OCR's Latin or digit
look-alikes, ``(HAKA3AHИE)``, which the cleaner reads back), in brackets or square
brackets, blanks inside them or not. The word with a capital alone or in small letters
is a sentence's (``по разделу (Наказание) регламента``), never the mark."""
_STOPLESS_OPENING = (
    r"(?:Правило|ПРАВИЛО)[ \t]+(?:№[ \t]*)?(?P<number>\d{1,2})(?P<gap>[,;]?)[ \t]+"
    r"(?!(?:Кодекс|Закон|Правил|ПРАВИЛ|Международн|МКБ))"
)
"""A law's heading word and number, no stop after them (or a comma, a semicolon read for
it), before a word that is not the name of the code the law is of."""
STOPLESS_HEAD = regex.compile(
    r"^"
    + _STOPLESS_OPENING
    + r"(?=\p{Lu}[\p{L}-]*(?:[ \t]+[\p{L}«»\"„“-]+){0,12}[ \t]*(?:\([^()\n]{1,8}\))?[ \t]*$)",
    regex.M,
)
"""A law heading whose stop was lost, or read as a comma or a semicolon, before its
title: ``Правило 64 Процедура после выявления…``, the rest of the line words alone, the
first in a capital (no digit, stop or comma; a tag in brackets may end it), never the
name of the code the law is of (``Правило 64 Кодекса``). A sentence may open so as
well: the cleaner's ``stopless_headings`` reads it as a heading only where the
headings around place it. ``number`` is the law's number, ``gap`` the mark read for
the stop."""
STOPLESS_OPENING = regex.compile("^" + _STOPLESS_OPENING + r"(?=\p{Lu}\p{L})")
"""Such a heading's opening before its title's first word, whatever follows the title
on its line: a page whose line breaks were all lost runs the title into its text
(``Правило 14 Недостающая карта Найденную …``; ``clean.collapsed_lines``)."""
RU_HEADS = "Правило|ПРАВИЛО|Глава|ГЛАВА|Часть|ЧАСТЬ|Раздел|РАЗДЕЛ"
"""The Russian heading words of a law or a division, as an alternation."""
SPLIT_HEAD = regex.compile(
    rf"^[ \t]*(?:{RU_HEADS})[ \t]*(?P<split>\n)[ \t]*(?=(?:\d{{1,3}}|[IVXLC]{{1,6}})\.?(?:[ \t]|$|\p{{Lu}}))",
    regex.M,
)
"""A heading's word alone on its line, its number opening the next (``Правило`` |
``64. Процедура …``, ``Часть`` | ``II``): a PDF's text layer breaks a heading set in two
runs so. ``split`` is the line break between them."""
TABLE_RULE = regex.compile(r"^[ \t]*\|?(?:[ \t]*:?-{3,}:?[ \t]*\|){1,}[ \t]*(?::?-{3,}:?[ \t]*)?$")
"""The rule under a table's head row in Markdown (``|-------|:----:|``)."""
TABLE_CELL_WORDS = 4
"""Most words of a cell of a table of figures and names (``Трефы, бубны | 20 | 40``)."""


def bar_cells(line: str) -> list[str]:
    """The cells of a line of bars (``| a | b |``), stripped, the empty ones at its
    edges left out."""
    cells = [c.strip() for c in line.split("|")]
    while cells and not cells[0]:
        cells.pop(0)
    while cells and not cells[-1]:
        cells.pop()
    return cells


def table_cells(line: str) -> list[str] | None:
    """The cells of a row of a table of data (``| Масть | Без контры | С контрой |``,
    ``Трефы, бубны | 20 | 40``): two or more, apart by bars, each a few words that end
    no sentence, the empty ones at the row's edges left out; None for any other line
    (a site's cells that cut a page's sentences into pieces are longer, hold a
    sentence's end, or open a law's units; a rule's cells hold no letter or figure)."""
    if "|" not in line:
        return None
    cells = bar_cells(line)
    if len(cells) < 2 or any(
        len(c.split()) > TABLE_CELL_WORDS
        or c[-1:] in ".!?;:"
        or _SENTENCE_INSIDE.search(c)
        or not _WORDLIKE.search(c)
        or starts_unit(c)
        for c in cells
    ):
        return None
    return cells


def table_row(cells: Iterable[str]) -> str:
    """A table's row as the codex keeps it: its cells apart by `` | ``."""
    return " | ".join(cells)


_WORDLIKE = regex.compile(r"[\p{L}\d]")
_SENTENCE_INSIDE = regex.compile(r"[.!?;]\s+\p{Lu}")
"""A sentence's end inside a cell: a piece of the page's text a layout table cut."""


NUMBERED_LAW_HEAD = regex.compile(
    r"^[ \t]*(?P<number>\d{1,2})\.[ \t]*(?=\p{Lu})(?P<title>[^\n]{2,120})$", regex.M
)
"""A law heading written as its number alone, its noun left out (``64. Процедура после
выявления ренонса``: an HTML heading, a list's item): a clause's marker and title read
the same, so ``clean.numbered_laws`` asks what stands under it. ``number``, ``title``."""
SPLIT_MARKER = regex.compile(
    r"^[ \t]*(?:[A-HА-ЕВС]|\d{1,2}|\([A-HА-ЕВС]\)|\(\d{1,2}\))\.[ \t]*"
    r"(?P<split>\n)[ \t]*(?=[\p{Lu}«])",
    regex.M,
)
"""A unit's marker alone on its line, its title or text opening the next with a capital
(``A.`` | ``Наказание назначается``): a page that sets the marker in a cell or a
hanging margin of its own. A letter may be Cyrillic (a look-alike, ``А.``, ``(В).``, or
a letter of the Russian order, ``Б.``), as ``SECTION`` and ``SUBCLAUSE`` read it.
``split`` is the line break between them."""
EN_HEADS = "Law|LAW|Chapter|CHAPTER|Part|PART|Section|SECTION"
"""Their English counterparts, as a bilingual page prints them beside the Russian."""
EN_HEAD = regex.compile(rf"^\s*(?:{EN_HEADS})\s+[\dIVXLC]+\b")
"""A line that opens with an English heading (``LAW 59 - …``, ``CHAPTER VII``)."""
BILINGUAL_HEAD = regex.compile(
    rf"""^\s*(?:
        (?:{RU_HEADS})\s+[\dIVXLC]+\b\.?
        [ \t]*/[ \t]*(?:{EN_HEADS})\s+[\dIVXLC]+\b
      | (?:{EN_HEADS})\s+[\dIVXLC]+\b[ \t]*[.:/]?[ \t]*
        (?=(?:{RU_HEADS})\s+[\dIVXLC]+\b)
    )""",
    regex.X,
)
"""A heading printed in both languages: ``Правило 21 / Law 21. …``, ``Law 21 Правило 21``,
``Law 21. Правило 21. …`` (the English half first; the match is that half)."""
ARABIC_DIVISION_NUMBER = r"\d{1,2}(?!\d)(?=[ \t]*[-–—.:]?[ \t]*(?:\p{Lu}|$))"
"""A division's number in Arabic digits, its title opening with a capital or
none (``Раздел 1 Ответственность``, as the 1997 translation numbers the sections of
its chapter X): «Часть 1 этого правила …» opens a sentence, no heading."""
PART_HEAD = regex.compile(
    r"^("
    + _division_words()
    + r")\s+("
    + DIVISION_NUMBER
    + "|"
    + ARABIC_DIVISION_NUMBER
    + r")\s*[-–—.:]?\s*"
)
"""``Раздел I - …``, ``Глава VIII - …``, ``Часть II - …``, ``ГЛАВА V. …``, ``Раздел 1
Ответственность`` (the words: every edition's ``divisions`` in editions.toml; the
number Roman or, before a title in capitals, Arabic)."""
SUBNUMBERED_DIVISION = regex.compile(
    r"^[ \t]*(?:" + _division_words() + r")[ \t]+[IVXLC]+" + SUB_NUMBER, regex.M
)
"""A division heading with a sub-number, ``Глава II-1 – …`` (``DIVISION_NUMBER``): the
chapters of another code (a maritime convention numbers its chapters ``II-1``,
``II-2``)."""
HEAD_INITIALS = frozenset(
    w[:1] for w in (*RU_HEADS.split("|"), *EN_HEADS.split("|"), *_division_words().split("|"))
)
"""The first character of every ``PART_HEAD`` and ``BILINGUAL_HEAD`` match (after the
blanks ``BILINGUAL_HEAD`` allows): a line that opens with another is neither."""
RUN_IN_DIVISION = regex.compile(
    r"\s+[-–—]\s+(?=(?:" + _division_words(inner=True) + r")\s+" + DIVISION_NUMBER + ")"
)
"""A second division heading run into a first one's title: ``Глава V. Торговля - Часть II …``
(matches the dash before it)."""
SECTION = regex.compile(r"^([A-HА-ЕВСЕ])\.\s*(?=\S)")
"""``A.Наказание…``, Latin or Cyrillic look-alike letter."""
_INITIAL = regex.compile(r"\p{Lu}\.[ \t]*(\p{Lu}\p{Ll}+)")


def initial_of_a_name(text: str, at: int) -> bool:
    """True when the letter at ``at`` and its stop (a section's letter, as ``SECTION``
    reads it) are a name's initial: the word after them is a surname (``В. Смирнов``,
    ``Перевод: С. Смирнов``), which no section title opens with."""
    from . import morph

    w = _INITIAL.match(text, at)
    return w is not None and morph.is_surname(w[1])


CLAUSE = regex.compile(r"^(\d{1,2})\.(?!\d)\s*(?=\S)")
"""``1.Нарушитель…``."""
SUBCLAUSE = regex.compile(r"^\(([A-HА-ЕВС]|\d{1,2})\)\.\s*")
"""``(A).…``, ``(1).…``."""
RESTYLED_MARKER = regex.compile(
    r"[ \t]*(?:(?P<clause>\d{1,2})\)|\((?P<letter>[A-Ha-hА-ЗЁа-з])\)(?!\.)|(?P<letter>[a-hа-з])\)"
    r"|(?P<capital>[A-HА-З])\)|\((?P<number>\d{1,2})\)(?!\.))(?=[ \t]*[\p{L}«\"(])"
)
"""A section, clause or subclause marker in another style than the book's (``A.``,
``1.``, ``(A).``), as a copy retyped in Russian or from an e-book may set it: ``1)`` for
a clause; ``а)``, ``(а)``, ``(a)`` or ``(A)`` for a subclause; ``A)`` or ``А)`` for a
section, or a subclause under a clause; ``(1)`` one level under a subclause, as the
later editions number the points of their ``(b)`` (``9A2(B)(1)``) (the group ``clause``
holds the number, ``letter`` a subclause's letter, ``capital`` the capital, ``number``
the number in brackets). ``clean.restyled_markers`` reads them back where they count up
from the first under a law's text."""
COMMENTARY = regex.compile(
    r"^(\d{1,3})\s*[.,]\s*(\d{1,2})((?:\s*,\s*\d{1,2})*)\.(?:\s+|(?=\([a-zа-е]\)))"
)
"""``64.10. …``, ``74.2,3. …`` (merged paragraphs: the third group holds ``,3``),
``1.1.(a) …`` (a lettered item opens the paragraph)."""
KEYED_COMMENTARY = regex.compile(r"^(\d{1,3})([A-HА-ЕВС])(\d{1,2})\.(?:\s+|(?=\([a-zа-е]\)))(?=\S)")
"""``12С1. …``, ``12C1. …``: a commentary paragraph keyed by the subsection it
comments (Latin or Cyrillic look-alike letter)."""
THREE_LEVELS = regex.compile(r"^[ \t]*\d{1,2}\.\d{1,2}\.\d{1,2}\.?(?!\d)", regex.M)
"""A line opening with a three-level number («3.8.1.», «3.8.1.1.»): the numbering of
another code; the commentary numbers its paragraphs in two («64.10.», «64.10(i)») and
the laws not at all (``editions`` gives such a text no edition, ``blocks`` reads its
two-level numbers as no commentary keys)."""
ARTICLE_HEAD = regex.compile(
    r"^[ \t]*(?:Статья|СТАТЬЯ)[ \t]+(?P<number>\d{1,4})(?:\.\d{1,3})*\.(?=[ \t]*\p{Lu}|[ \t]*$)",
    regex.M,
)
"""An article's heading at a line's start, its number closed by a stop and its title in
a capital or on the next line («Статья 53. Цифровая нотация»): the unit of a code of law
or of another game's code; no edition of these laws or of the commentary has articles.
A line of text that opens with «Статья 7 Регламента …» is none."""
ITEM = regex.compile(r"^\(([ivx]{1,5})\)\s+")
"""Commentary items ``(i) …``, ``(iii) …``."""
FOOTNOTE = regex.compile(r"^\((\*+\d*)\)\s*[-–—]\s*")
"""A footnote body: ``(*) - …``."""
RULED_FOOTNOTE = regex.compile(r"^(<\*+>|\*+|\(\*+\d*\)|\d{1,2}\))[ \t]*(?:[-–—][ \t]+)?(?=\S)")
"""A footnote body under a rule line (``-----``), where a footnote can only stand:
``<*> …``, ``<**> …``, ``* …``, ``1) …``, ``(*) …`` (a legal database's or an
e-book's marks; the group is the mark as written). Anywhere else these open text."""
NOTES_HEAD = regex.compile(
    r"^[ \t]*(?:Примечания|ПРИМЕЧАНИЯ|Сноски|СНОСКИ)(?:[ \t]+(?:переводчика|ПЕРЕВОДЧИКА))?[ \t]*:?[ \t]*$",
    regex.M,
)
"""The heading of an e-book's notes, gathered after its text (``Примечания``)."""
ASIDE_HEAD = regex.compile(
    r"[ \t]*(?:Примечани|ПРИМЕЧАНИ|Комментари|КОММЕНТАРИ|Приложени|ПРИЛОЖЕНИ|Сноск|СНОСК)\w*\b"
)
"""A line that opens a note, a comment or an appendix set among the laws (``Примечание
переводчика.``, ``Комментарий``, ``Приложение. …``): what follows is no law's own text."""
SUPERSCRIPT_MARK = regex.compile(r"(?<=\S)[¹²³⁴⁵⁶⁷⁸⁹]")
"""A footnote's mark in superscript digits after a word (``нарушения¹``)."""
NOTE_ENTRY = regex.compile(
    r"[ \t]*(?:\[(\d{1,3})\]|\{(\d{1,3})\}|(\d{1,3})[.)]?)(?:[ \t]+(?=\S)|[ \t]*$)"
)
"""A note's number at its line's start under ``NOTES_HEAD``: ``[1] …``, ``{1} …``,
``1. …``, ``1) …``, or ``1``/``[1]`` alone on its line with its text on the next."""
NOTE_REF = regex.compile(
    r"(?<=[\p{L}\p{P}\d])[ \t]?(?:\[(\d{1,3})\]|\{(\d{1,3})\})|(?<=[\p{L}\p{P}])([¹²³⁴⁵⁶⁷⁸⁹⁰]{1,3})"
)
"""An e-book's note mark in the text, after a word, a number or a stop: ``карт[1]``,
``карт {1}``, ``64[2]``, ``карт¹`` (a superscript only right after a word or its stop:
``64²`` is a power). The space before a bracketed mark is the mark's."""
STAR_NOTE = regex.compile(r"[ \t]*(\*{1,3})[ \t]+(?=\S)")
"""A footnote's body that opens with its asterisks at its line's start (``* Если …``)."""
STAR_MARK = regex.compile(r"(?<=[\p{L}.,;:!?»\"')])(\*{1,3})(?![*)\p{L}\d])")
"""A footnote's mark of asterisks right after a word or its stop (``карт*,``), not the
book's own ``(*)``."""
FOOTNOTE_MARK = regex.compile(r"\(\*+\d*\)|<\*+>")
"""A footnote mark inside text: ``карт(*)``, ``игроком <*>``."""
TAG = regex.compile(r"\(([A-Z]{1,3}\d{1,3})\)")
"""Source tags such as ``(DC4)``."""

BULLET_GLYPHS = "•·▪■□◦●○►▸‣⁃\uf0a7\uf0b7"
"""Bullet glyphs a word processor or a page sets before a list's lines (``\uf0b7`` is the
Symbol font's, which a copy from Word keeps)."""
BULLET = regex.compile(r"^[-–—•]\s+(?=\p{Lu}\p{Ll})")
"""A list item an HTML page dumped as a bullet (``- Нарушитель выиграл…``) where the
source numbered it (``1.Нарушитель…``)."""

_BID = r"(?:[1-7][ \t]?(?:NT|БК|[CDHSN♣♦♥♠ТБЧП])|[Пп]ас|[Pp]ass|[Кк]онтра|[Рр]еконтра|[XХ]{1,2})"
_SEAT = r"[WNESЗСВЮ]"
_CALL = rf"(?:{_BID}|{_SEAT}|[-–—?])"
AUCTION_ROW = regex.compile(
    # the row's shape first: a line of prose fails it at its first word, where the
    # count of calls would read the whole line
    rf"^[ \t]*(?={_CALL}(?:[ \t]+{_CALL})+[ \t]*$)"
    rf"(?=(?:.*?(?<![\p{{L}}\d]){_BID}(?![\p{{L}}\d])){{2}}|(?:.*?(?<!\p{{L}}){_SEAT}(?!\p{{L}})){{3}})"
    rf".*$"
)
"""A line of an auction diagram: calls (``1S контра``, ``1NT пас 2♥``, ``— пас пас``),
two or more of them, or the players' compass letters over them, three or more (``W N
E S``, ``З С В Ю``), with dashes for a seat's turn to come, nothing else. A row of its
own, unless it stands inside a sentence (``Если после торговли`` | ``1♠ – пас – 2♠ –
пас`` | ``партнёр …``: ``unwrap`` joins it there)."""

_RANK = r"(?:10|[2-9ТКДВAKQJxх])"
_HOLDING = rf"(?:{_RANK}(?:[ \t]?{_RANK})*|[-–—])"
_SUIT = r"[♠♥♦♣пчбтПЧБSHDC%$#&]"
CARDS_ROW_REST = (
    rf"{_HOLDING}(?:[ \t]+(?:{_SEAT}[ \t]+)?{_SUIT}[ \t]*{_HOLDING}|[ \t]+{_SEAT})*[ \t]*(?=\n|$)"
)
"""The rest of a deal's row after its first suit's sign: that suit's cards (``В1087``,
``9``, a dash for a void), then other suits' and seats' (``S # 4``), nothing else. A
pattern's text, for ``markup``: where a page draws its suits in a font's ASCII (``#
В1087 S # 4``), a ``#`` before such a rest is a suit, no Markdown heading's mark."""
HAND_ROW = regex.compile(
    rf"^[ \t]*(?:{_SEAT}[ \t]+)?{_SUIT}[ \t]*{_HOLDING}"
    rf"(?:[ \t]+(?:{_SEAT}[ \t]+)?{_SUIT}[ \t]*{_HOLDING})*[ \t]*$"
)
"""A line of a deal diagram: one suit of a hand or of several side by side, each a suit
(a symbol, or its letter: ``п ч б т``, ``S H D C``, or the ASCII a font drew as one:
``% $ # &``) and its cards by rank (``ТД104``,
``K Q 10 8``, a dash for a void), a seat's compass letter between hands (``т 7632 Ю т
КВ5``). A row of its own, as ``AUCTION_ROW``'s."""

MARKERS = (
    LAW_HEAD,
    PART_HEAD,
    SECTION,
    CLAUSE,
    SUBCLAUSE,
    COMMENTARY,
    KEYED_COMMENTARY,
    ITEM,
    FOOTNOTE,
    BULLET,
)


# One alternation each, so a line is tested in a single regex call.
_ANY_UNIT = regex.compile("|".join(f"(?:{p.pattern})" for p in MARKERS))
ANY_HEADING = regex.compile(
    "|".join(f"(?:{p.pattern})" for p in (LAW_HEAD, PART_HEAD, SECTION, CLAUSE, SUBCLAUSE))
)


def never_opening(pattern: regex.Pattern) -> frozenset[str]:
    """The characters up to U+052F (ASCII, Latin and Cyrillic letters) that no match of
    ``pattern`` at a string's start opens with, as ``regex``'s partial matching tells of
    each (with its own Unicode tables): a line that opens with one of them need not be
    tried, a test of one character where a pattern of many branches tries each."""
    return frozenset(c for c in map(chr, range(0x530)) if pattern.match(c, partial=True) is None)


_NEVER_A_UNIT = never_opening(_ANY_UNIT)
"""What no line that opens a unit opens with (most lines of text)."""
_NEVER_A_HEADING = never_opening(ANY_HEADING)
"""What no line ``is_heading_line`` takes opens with."""


def starts_unit(line: str) -> bool:
    """True when ``line`` opens a structural unit (heading, marker or footnote)."""
    return line[:1] not in _NEVER_A_UNIT and _ANY_UNIT.match(line) is not None


def is_heading_line(line: str) -> bool:
    """True for a line whose opening words are a title (law, part, section,
    clause or subclause marker), as opposed to commentary paragraphs, items and
    footnotes, whose opening words are usually body text."""
    return line[:1] not in _NEVER_A_HEADING and ANY_HEADING.match(line) is not None


def is_bare_heading(line: str) -> bool:
    """True for a law or division heading with no title on its line (``Правило
    34``, ``Глава III``): its title stands on the next line, as a title set in a
    block of its own (HTML pages, e-books, PDF text layers) reads."""
    s = line.strip()
    found = LAW_HEAD.match(s) or PART_HEAD.match(s)
    return found is not None and not s[found.end() :].strip(" .:-–—")


def series_place(line: str) -> tuple[str, int] | None:
    """The series a unit marker opening ``line`` belongs to and its place in it:
    ``("section", 2)`` for ``B.``, ``("clause", 3)`` for ``3.``, ``("subclause", 1)``
    for ``(A).`` or ``(1).``, ``("item", 2)`` for ``(ii)``, ``("commentary 64", 10)``
    for ``64.10.`` (a law's paragraphs are a series of their own); ``None`` for a
    line that opens no unit of a series."""
    m = SECTION.match(line)
    if m:
        return "section", ord(latin(m[1])) - ord("A") + 1
    m = CLAUSE.match(line)
    if m:
        return "clause", int(m[1])
    m = SUBCLAUSE.match(line)
    if m:
        mark = m[1]
        return "subclause", int(mark) if mark.isdigit() else ord(latin(mark)) - ord("A") + 1
    m = ITEM.match(line)
    if m:
        return "item", roman_value(m[1])
    m = COMMENTARY.match(line)
    return (f"commentary {m[1]}", int(m[2])) if m else None


def goes_on_counting(before: Iterable[str], first: str) -> bool:
    """The unit ``first`` opens is the next of a series a unit ``before`` it opened
    (``2.`` after ``1.``, ``C.`` after ``B.``, ``64.3.`` after ``64.2.``): the text
    runs on up to it. ``before`` gives the lines before, the nearest first; the
    nearest that opens a unit of the same series tells, never one past a law heading
    or past a unit of a series above this one (clauses count again under each
    section)."""
    pair = _series_neighbour(first, before)
    return pair is not None and pair[0] >= 2 and pair[1] == pair[0] - 1


def _series_neighbour(first: str, lines: Iterable[str]) -> tuple[int, int] | None:
    """``(n, m)``: the place ``n`` of the unit ``first`` opens in its series, and the
    place ``m`` of the nearest unit of that series among ``lines`` (in the order given),
    never one past a law heading or past a unit of a series above it; None where there
    is none."""
    place = _counted_place(first)
    if place is None:
        return None
    kind, n = place
    rank = _SERIES_RANK.get(kind, 0)
    for line in lines:
        line = line.lstrip()
        if LAW_HEAD.match(line):
            return None
        seen = _counted_place(line)
        if seen is None:
            continue
        if seen[0] == kind:
            return n, seen[1]
        if _SERIES_RANK.get(seen[0], 0) > rank:
            return None  # a unit above this series opened a new one (clauses under «B.»)
    return None


def counts_on_to(first: str, after: Iterable[str]) -> bool:
    """The next unit of the series ``first`` opens, among the lines ``after`` (in
    order), is its next (``2.`` after ``1.``): the mirror of ``goes_on_counting``, up to
    a law heading or a unit of a series above this one."""
    pair = _series_neighbour(first, after)
    return pair is not None and pair[1] == pair[0] + 1


def _counted_place(line: str) -> tuple[str, int] | None:
    """``series_place``, where a subclause numbered ``(1).`` counts in a series of its
    own, under the lettered ones (``9A2(B)(1)``): ``(B).`` after ``(A).``, ``(1).``,
    ``(2).`` goes on counting ``(A).``."""
    place = series_place(line)
    if place is not None and place[0] == "subclause" and line[1:2].isdigit():
        return "point", place[1]
    return place


_SERIES_RANK = {"section": 5, "clause": 4, "subclause": 3, "point": 2, "item": 1}
"""How high a series stands: a clause's numbers start again under each section, a
subclause's points under each subclause."""
LAW_SERIES = frozenset({"section", "clause", "subclause"})
"""The series of the laws' own units (items and commentary paragraphs are the
commentary's too)."""
COUNTING_REACH = 60
"""Lines read back for the unit before (``goes_on_counting``)."""


def opens_series(line: str) -> str | None:
    """The kind of unit whose first ``line`` opens (``section`` for ``A.``,
    ``clause`` for ``1.``, ``subclause`` for ``(A).`` or ``(1).``, ``item`` for
    ``(i)``, ``commentary`` for ``64.1.``), or ``None``: a later one or no marker."""
    place = series_place(line)
    if place is None or place[1] != 1:
        return None
    return place[0].split()[0]


def opens_body(heading: str, line: str) -> bool:
    """True when ``line`` opens the first unit under the heading ``heading``: section
    ``A.``, clause ``1.`` or commentary paragraph ``64.1.`` under ``Правило 64``,
    clause ``1.`` under a section, subclause ``(A).`` or ``(1).`` under a clause."""
    kind = opens_series(line)
    law = LAW_HEAD.match(heading)
    if law is not None:
        para = COMMENTARY.match(line)
        return kind in ("section", "clause") or (
            kind == "commentary" and para is not None and para[1] == law[1]
        )
    if SECTION.match(heading):
        return kind == "clause"
    return bool(CLAUSE.match(heading)) and kind == "subclause"


RUN_IN = regex.compile(
    r"""
    (?<=[.;:!?)»"](?:\(\w{1,4}\))?)        # end of the previous sentence (maybe a tag)
    [ \t]+
    (?=
        [A-HА-ЕВС]\.\s?[А-ЯЁA-Z]            # B.Фальшренонс
      | \d{1,2}\.[А-ЯЁ]                     # 2.Игрок (no space: a clause marker)
      | \((?:[A-HА-ЕВС]|\d{1,2})\)\.         # (A).
      | Правило\s*\d{1,3}\.\s*[А-ЯЁ]         # Правило 64. …
      | \(\*+\d*\)\s*[-–—]\s                 # (*) - footnote body
    )""",
    regex.X,
)
"""A structural marker run into a line: after a sentence end (or a colon), a
section letter, clause number, subclause, law heading or footnote body starts a
new unit. Matches the blank before the marker."""

GLUED_SUBCLAUSE = regex.compile(r"(?<=\p{Ll})(?=\((?:[A-HА-ЕВС]|\d{1,2})\)\.[ \t]?\p{Lu})")
"""A subclause marker glued to the word before it, where an HTML page lost the
break between a clause's text and its list (``… и если(A).Нарушитель имеет``):
matches the empty place before the marker. An address before it (``67B1(A).``)
ends in a digit or a capital, never a small letter."""


GLUED_MARKER = regex.compile(
    r"""
    (?=[A-HА-ЕВС\d])   # first the marker's own first character: one cheap test a position
    (?:
        (?<=\p{Ll}{2}[.;:!?][)»"]?)
        (?=[A-HА-ЕВС]\.[ \t]?\p{Lu}\p{Ll}                     # оппонентов.B. Сдача карт, силе.)D.
          | \d{1,2}\.[ \t]?\p{Lu}\p{Ll})                      # руке.2. Не было тасования
      | (?<=\p{Ll}{3})(?=1\.[ \t]?\p{Lu}\p{Ll})               # и пересдача1. Карты сданы
      | (?<=\p{Cyrillic}{2})(?=[A-H]\.[ \t]?\p{Cyrillic})       # И СДАЧАA. Тасование
    )""",
    regex.X,
)
"""A section letter or clause number glued, with no blank, to what precedes it,
where a page lost the break between two blocks: to a sentence end (maybe closed by a
bracket or a quote: ``силе.)D. Последний``; not to a law's number a sentence ends on,
``правилом 12.C. Судья`` being as often a reference to a section), to the last
word of a title (the first clause, ``1.``, after a small letter: a higher number
glued to a word is a footnote's, ``вниз13. Закрытый ход``), or, for a Latin section
letter, to a Cyrillic word. Matches the empty place before the marker. An
address (``64A1.``, ``п.64.2.``) has a digit or a capital before its letter or
number, never two small letters; initials (``А.Рыбников``) follow a blank."""

SECTION_AFTER_LAW_NUMBER = regex.compile(
    r"(?<=(?:[Пп]равил|ПРАВИЛ)\p{L}{0,3}[ \t]+(\d{1,3})\.)(?=[A-HА-ЕВС]\.[ \t]?\p{Lu}\p{Ll})"
)
"""A section letter glued to the law number a sentence ends on (``… применяется
Правило 57.C. Правильный ход``), where a page lost the break between two blocks:
the empty place before the letter; group 1 is the law's number. As often a
reference to a section (``правилом 12.C. Судья``): ``clean`` starts a unit there
only where the letter goes on counting the sections of the law it stands in."""

_MARKER_STOP = regex.compile(r"(?<=[A-HА-ЕВС\d])\.")
"""The full stop after a section letter or a digit, as ``RUN_IN`` and ``GLUED_MARKER``
read a marker (``[A-HА-ЕВС]\\.``, ``\\d{1,2}\\.``): ``regex`` looks for a pattern that
opens with a literal as fast as ``str.find`` does, where the two patterns, which open
with look-arounds and blanks, are tried at every character."""
_RUN_IN_OPENING = regex.compile(r"\(|Правило")
"""What the markers of ``RUN_IN`` without a full stop in their first three characters
open with: a subclause ``(A).``, a footnote body ``(*) -``, a law heading."""


def glued_markers(text: str):
    """``GLUED_MARKER.finditer(text)``, tried only where a match can be: every branch
    reads a section letter or one or two digits and a full stop there, so a match
    stands one or two characters before a ``_MARKER_STOP``."""
    last = -1
    for stop in _MARKER_STOP.finditer(text):
        for p in (stop.start() - 2, stop.start() - 1):
            if p > last and (m := GLUED_MARKER.match(text, p)) is not None:
                last = p
                yield m


def run_ins(text: str):
    """``RUN_IN.finditer(text)``, tried only on the runs of blanks before a place
    where a marker may open (one or two characters before a ``_MARKER_STOP``, or at
    a ``_RUN_IN_OPENING``). A match is a whole run of blanks: the character before it
    is a sentence end or a tag's bracket, and the marker after it opens with none."""
    ends = {stop.start() - k for stop in _MARKER_STOP.finditer(text) for k in (1, 2)}
    ends.update(m.start() for m in _RUN_IN_OPENING.finditer(text))
    for e in sorted(ends):
        if e < 1 or text[e - 1] not in " \t" or text[e] in " \t":
            continue  # not the end of a run of blanks
        s = e - 1
        while s > 0 and text[s - 1] in " \t":
            s -= 1
        m = RUN_IN.match(text, s)
        if m is not None:
            yield m


_ITEM_MID_LINE = regex.compile(r"(?<=[\p{L},;])[ \t]+\(([ivx]{1,5})\)(?=[ \t]+\S)")
"""A commentary item's marker inside a line, after a word or a clause's punctuation
(``… с претензией или уступкой И (ii) не возникает …``); the group is its numeral. A
marker after a number or a full stop (``п. 77.3 (iii)``, ``см. (ii)``) cites an item."""
_ITEM_JOINED = regex.compile(
    r"(?:[,;:]|(?<!\p{L})(?<!(?:как|так)[ \t]+)(?:и|или|а|либо|and|or))\Z", regex.I
)
"""What an item run on in the line of the item before stands after: a clause's comma,
semicolon or colon, or a conjunction (``… уступкой И (ii) …``); an item named after a
preposition or a noun (``описанном в (ii)``, ``условие (ii)``), or compared (``как и
(ii)``), is cited."""
_CITED_AFTER = regex.compile(r"[ \t]+(?:ниже|выше|пункт[аеу]?\b)", regex.I)
"""What follows an item's marker that cites it (``(ii) ниже``, ``(ii) пункта 64.1``)."""
_ITEM_OR_PARAGRAPH = regex.compile(
    rf"(?:{ITEM.pattern})|(?:{COMMENTARY.pattern})(?:\(([ivx]{{1,5}})\))?|(?:{LAW_HEAD.pattern})",
    regex.M,
)
"""An item's marker at a line's start (``ITEM``), or the start of a commentary paragraph
(``COMMENTARY``, maybe with its first item run in) or of a law (``LAW_HEAD``): what
``run_in_items`` looks back for. Group 1 or 5 is an item's numeral."""
_ITEM_LOOK_BACK = 3000
"""How far back (in characters) ``run_in_items`` looks for the item before."""


def run_in_items(text: str):
    """The runs of blanks before a commentary item run into a line, one that carries on
    its paragraph's list: ``(ii)`` after a clause's punctuation or a conjunction, where
    the last item before it in the same paragraph is ``(i)``, at a line's start or run
    in itself. Another mention of an item (``условие (ii)``, ``описанном в (ii) ниже``,
    ``Положения (i) и (ii) пункта 64.1``) cites it and stays in the text."""
    if not any(map(text.__contains__, ("(i", "(v", "(x"))):
        return  # no bracket before a numeral's letter: no ``_ITEM_MID_LINE``
    run_in: tuple[int, int] | None = None  # (where, numeral) of the last item run in
    for m in _ITEM_MID_LINE.finditer(text):
        value = roman_value(m[1])
        if (
            value < 2
            or _ITEM_JOINED.search(text, max(0, m.start() - 8), m.start()) is None
            or _CITED_AFTER.match(text, m.end()) is not None
        ):
            continue
        found = list(
            _ITEM_OR_PARAGRAPH.finditer(text, max(0, m.start() - _ITEM_LOOK_BACK), m.start())
        )
        before = None
        if found:
            numeral = found[-1][1] or found[-1][5]
            before = (found[-1].start(), roman_value(numeral) if numeral else 0)
        if run_in is not None and (before is None or run_in[0] > before[0]):
            before = run_in
        if before is not None and before[1] == value - 1:
            run_in = (m.start(), value)
            yield m


GLUED_SECTION_LETTER = regex.compile(r"(?<=\p{Cyrillic})[A-H](?=\.[ \t]?\p{Cyrillic})")
"""The Latin section letter of the last branch of ``GLUED_MARKER`` (``СДАЧАA.``):
no look-alike in a mixed word, but a marker."""


COLLAPSED_BREAK = regex.compile(
    r"""
    (?<=[.:;])[ \t]+(?=[-–—•][ \t][А-ЯЁ])                # …выявлен: - Нарушитель (a list item)
  | (?<=[.:;])[ \t]+(?=\d{1,2}[.)][ \t]?[А-ЯЁ])           # …выявлен: 1) Нарушитель
  | (?<=[.:;])[ \t]+(?=(?:\([A-Ha-hА-ЗЁа-з]\)|[a-hа-з]\))[ \t]\p{L})  # …так: а) он
  | (?<=[.:;!?)])[ \t]+(?=(?:[A-HА-ЕВС]|[\dЗб]{1,2})[ \t]?[.,;][ \t]?[А-ЯЁ][а-яё])  # стороне. B ,Текст
  | [ \t]+(?=[A-HА-ЕВС](?:[ \t][.,;][ \t]?|[,;])[А-ЯЁ][а-яё])  # заявок A;Заявка, B ,Наказание
  | [ \t]+(?=\((?:[A-HА-ЕВС]|\d{1,2})\)[ \t]?[,;][ \t]?[А-ЯЁ][а-яё])  # и если (A);Нарушитель
  | [ \t]+(?=(?:\([A-Ha-hА-ЗЁа-з]\)|[A-Ha-hА-За-з]\))[ \t]\p{Lu})    # и если а) Нарушитель
  | GAP
    (?=(?:Правило|ПРАВИЛО)\s*(?=[\dб]{0,2}\d)[\dб]{1,3}\s*\.\s*(?![A-HА-ЕВС]\.)[А-ЯЁA-Z])  # Правило 57.C. Надлежащий
  | (?<=[.!?:;)»])GAP(?=STOPLESS[А-ЯЁ][а-яёА-ЯЁ])  # дальше. Правило 14 Недостающая
  | GAP                                              # a bullet glyph goes with the blanks
    (?=
        (?:DIVISION)\s+NUMBER                           # Раздел I
      | [A-HА-ЕВС]\.\s?[А-ЯЁ]                            # A.Наказание
      | \d{1,2}\.[А-ЯЁ]                                  # 1.Нарушитель
      | \((?:[A-HА-ЕВС]|\d{1,2})\)[ \t]?\.                # (A). (its stop set apart: (A) .)
      | \d{1,3}\.\d{1,2}\.\s                             # 64.10. commentary
      | \([ivx]{1,5}\)\s                                 # (ii) item
      | \(\*+\d*\)\s*[-–—]\s                             # (*) - footnote body
    )""".replace("DIVISION", _division_words(upper=False))
    .replace("NUMBER", DIVISION_NUMBER)
    .replace("STOPLESS", _STOPLESS_OPENING.replace(" ", r"\ "))
    .replace("GAP", rf"[ \t]+(?:[{BULLET_GLYPHS}][ \t]+)?"),
    regex.X,
)
"""Where a structural marker starts inside a page whose line breaks were all
lost: like ``RUN_IN``, but no sentence end need precede it (titles have none). A
law's heading starts one where a title, not a section's marker, follows its number (``… применяется Правило 57.C. Надлежащий ход``
names law 57, and section C follows), and one whose stop was lost or read as a comma
after a sentence's end (``дальше. Правило 14 Недостающая``: ``STOPLESS_OPENING``;
``clean.stopless_headings`` gives it its stop where the headings around place it); a
bullet glyph set before a heading or a marker (``… взятка ·⇥A.До того``,
``BULLET_GLYPHS``) goes with the blanks before it. A
bulleted list item (an HTML list that lost its numbers) starts one only after a
sentence end or a colon: a dash inside a sentence is punctuation; so does a clause
number with a blank after it (``сыграна. 2. Игрок``), and a section's or a clause's
marker whose stop OCR misread (``стороне. B ,Наказание``, ``выявлен: 1 .Нарушитель``,
which ``clean.ocr_digits`` reads back once it opens a line; a section's or a
subclause's, glued to its title, anywhere: ``заявок A;Заявка``, ``и если (A);Нарушитель``;
a colon is a seat's or a speaker's, ``З: Пас``, ``В: Контра``, never a misread stop), and a clause or a subclause
marked in another style (``1)``, ``а)``; ``RESTYLED_MARKER``), which
``clean.restyled_markers`` reads once it opens a line (a section or a subclause before
a capital anywhere, as the book's ``A.`` and ``(A).`` stand: ``и если а) Нарушитель``,
``то: A) Ни один``)."""
_NOT_A_BREAK = regex.compile(r"(?:\b[a-zа-яё]\.|\bсм\.|\(|\b(?:[Пп]равил|ПРАВИЛ)\w*)[ \t]*$")
"""What stands before a marker that is a reference or a law's number, not a new
unit (``п. 64.8.``, ``см. 64.8.``, ``(64.8.``, ``Правило 24.Показ``)."""


def collapsed_breaks(text: str, pos: int = 0, endpos: int | None = None) -> list[regex.Match]:
    """The matches of ``COLLAPSED_BREAK`` in ``text[pos:endpos]`` where a new unit
    starts (not after an abbreviation or a bracket, where the marker is a reference,
    nor at a name's initial)."""
    return [
        m
        for m in COLLAPSED_BREAK.finditer(text, pos, endpos if endpos is not None else len(text))
        if not _NOT_A_BREAK.search(text[max(0, m.start() - 12) : m.start()])
        and not initial_of_a_name(text, m.end())
    ]


# ---------------------------------------------------------------------------
# Sentence ends. One alphabet of terminal marks and closers; the variants differ
# only in whether a colon or semicolon counts, which is a question of use.

_CLOSERS = r"[)\]»\"”']*"

FULL_STOP = regex.compile(r"[.!?…]" + _CLOSERS + r"\s*$")
"""A line that ends a sentence with a full stop (``.``, ``!``, ``?``, ``…``),
maybe followed by closing brackets or quotes."""
_OCR_DIGIT = "[" + "".join(DIGIT_LOOKALIKES) + r"\d]"
OCR_LAW_NUMBER = regex.compile(
    rf"(?<![\p{{L}}\d])(?:[Пп]равил|ПРАВИЛ)\p{{L}}{{0,3}}[ \t]{{1,3}}"
    rf"(?=(?:{_OCR_DIGIT}){{0,2}}\d)"  # a digit among them
    rf"((?:{_OCR_DIGIT}){{1,3}})"
    r"(?=[A-HА-Е]?(?:\d|(?!\p{L})))"  # a section's letter may follow, no word
)
"""A law's number after the noun «Правило» (any case) as OCR may read it: its digits,
a letter it took for one among them (``Правило 6З.``, ``правило l6``, ``правилу 4О``,
``правило 6ЗA1``). The group is the number as written."""
_OCR_LAW_NOUN_REST = (
    r"[ \t]{0,3}(?=(?:"
    + _OCR_DIGIT
    + r")?\d)((?:"
    + _OCR_DIGIT
    + r"){1,2})(?=\.(?:[ \t]|\p{Lu}|$)|[ \t]*$|[ \t]*/[ \t]*\p{Lu}|[ \t]*(?:"
    + TITLE_AFTER_NUMBER
    + "))"
)
OCR_LAW_NOUN = regex.compile(r"^[ \t]*(\p{L}[\p{L}\d]{4,6}\p{L})" + _OCR_LAW_NOUN_REST, regex.M)
"""A law heading's first word, whatever OCR made of it, before the law's number and its
stop, its title after a dash or a colon, or the line's end (``Правнло 65. …``,
``Прав1ло 65``, ``Правнло 67 – …``, ``Правнло67.``); ``clean.ocr_law_nouns`` reads
it as the noun «Правило» only when it is one letter away from it and no word. Group 1 is
the word, group 2 the number as written (a letter OCR took for a digit may stand in it,
``Правнло l3.``)."""
OCR_LAW_NOUN_INSIDE = regex.compile(r"(?<=\s)(\p{Lu}[\p{L}\d]{4,6}\p{L})" + _OCR_LAW_NOUN_REST)
"""The same inside a line, in a capital, as a page whose line breaks were lost runs its
headings on (``… взятки. Правнло 13. Неправильное …``)."""


_TWO_STROKES = regex.compile(r"^[Il]{2}(?=\p{Cyrillic})")
"""Two Latin strokes OCR read for the Cyrillic capital П, before the word's Cyrillic
letters."""


def misread_law_heading(m: regex.Match) -> tuple[str, str] | None:
    """The noun and the number an ``OCR_LAW_NOUN`` match stands for (``Правнло l3`` →
    ``Правило``, ``13``), or None: the word is the noun itself, no word one letter
    away from it, or a word of the language, or the number is no law's."""
    from rapidfuzz.distance import Levenshtein

    from . import editions, morph

    written, number = m[1], digits(m[2])
    # a capital П OCR read as two strokes (``IIравило``, ``llРАВИЛО``) is one letter wrong
    read = _TWO_STROKES.sub("П", written, count=1)
    if (
        written.lower() == "правило"
        or not number.isdigit()
        or not 1 <= int(number) <= editions.DEFAULT.laws
        or Levenshtein.distance(read.lower(), "правило", score_cutoff=1) > 1
        or morph.is_known(written)
    ):
        return None
    noun = "ПРАВИЛО" if sum(c.isupper() for c in written) > len(written) // 2 else "Правило"
    return noun, number


OCR_SPACED_LAW_NUMBER = regex.compile(
    r"^[ \t]*(?:Правило|ПРАВИЛО)[ \t]+(\d[ \t]\d)(?=[ \t]*\.(?:[ \t]|\p{Lu}|$))", regex.M
)
"""A law heading whose two digits a scan set apart (``Правило 6 5. …``); the group is
the number as written."""
OCR_SECTION_LETTER = regex.compile(r"^[ \t]*([860ОO])\.(?=[ \t]?\p{Lu}\p{Ll})", regex.M)
"""A section's letter that OCR read as a digit or a round letter, before the section's
title: ``8.`` for ``B.``, ``0.``, ``О.`` or a Latin ``O.`` for ``D.``, ``6.`` for ``G.``.
It is that section only where it comes next after the section before, and nothing
says it is a clause, a name's initial or a wrapped line (``clean.ocr_digits``)."""
OCR_SECTION_LETTERS = {"8": "B", "0": "D", "О": "D", "O": "D", "6": "G"}
"""The section letter each ``OCR_SECTION_LETTER`` character stands for."""
OCR_COMMENTARY_NUMBER = regex.compile(
    r"^[ \t]*((?=(?:[\dб]|" + _OCR_DIGIT + r"){0,2}\d)(?:[\dб]|" + _OCR_DIGIT + r"){1,3}"
    r"\.(?:[\dб]|" + _OCR_DIGIT + r"){1,2})(?=\.[ \t])",
    regex.M,
)
"""A commentary paragraph's number as OCR may read it, a letter for a digit in it
(``64.1О.``, ``б4.10.``, ``64.I0.``; a digit in the law's number: ``II.1.`` is a
preface's Roman part); the group is the number as written. It is that
paragraph only where it goes on counting the paragraphs around it or the next law's
heading follows it (``clean.ocr_digits``), which also allows «б» for 6 here."""
OCR_FIRST_MARKER = regex.compile(r"^[ \t]*(?:([lI])\.|\(([lI])\)\.)(?=[ \t]?\p{Lu}\p{Ll})", regex.M)
"""A first clause ``1.`` or subclause ``(1).`` whose digit OCR read as a letter
(``l.Нарушитель …``, ``(I).Болван …``): group 1 or 2 is the letter. It is the first
of a list only where the second, ``2.`` or ``(2).``, follows (``clean.ocr_digits``)."""
OCR_MARKER = regex.compile(
    r"^[ \t]*(?:(?P<para>\d{1,3}\.\d{1,2})(?P<stop>[ \t]*[.,;:)]?)"
    r"|(?:(?P<section>[A-HА-ЕВС])|(?P<clause>[\dЗб]{1,2})"
    r"|\((?P<sub>[A-HА-ЕВС]|\d{1,2}|[ОO])\))"
    r"(?P<stop>[ \t]*[.,;]))(?=[ \t]?\p{Lu}\p{Ll})",
    regex.M,
)
"""A section's, a clause's or a subclause's marker as OCR may read it, before its title
or text in a capital: its stop read as a comma or a semicolon, or set apart by a blank
(``B,Текст``, ``C;Текст``, ``1 .Текст``, ``(A) ,Текст``; never a colon, which a seat's
letter or a speaker's takes: ``З: Пас``, ``В: Контра``); a clause's digit read
as a letter (``З.`` for ``3.``, ``б.`` for ``6.``: ``OCR_MARKER_DIGITS``); a
subclause's letter read as a digit or a round letter (``(8).`` for ``(B).``:
``OCR_SECTION_LETTERS``). Group ``section``, ``clause`` or ``sub`` is the marker as
written, ``stop`` what stands for its stop; ``para`` a commentary paragraph's number
whose last stop OCR or a page lost, misread or glued to the text (``64.10 Текст``,
``64.10) Текст``, ``64.10.Текст``). ``clean.ocr_digits`` reads it as the marker
only where, so read, it takes its place in its series (``goes_on_counting``), or opens
one under its heading or before the series' second."""
OCR_MARKER_DIGITS = {"З": "3", "б": "6"}
"""The letters OCR reads for a clause's digits (``OCR_MARKER``): «З» for 3, «б» for 6
(only in a marker or a heading's number: «1б» in a sentence is a sub-item «б»)."""
OCR_HEADING_NUMBER = regex.compile(
    r"^[ \t]*(?:Правило|ПРАВИЛО)[ \t]*(?:№[ \t]*)?"
    r"(?P<number>(?=[\dб]{0,2}б)(?=[\dб]{0,2}\d)[\dб]{2,3})"
    r"(?=\.(?:[ \t]|\p{Lu}|$)|[ \t]*$|[ \t]*" + TITLE_AFTER_NUMBER + ")",
    regex.M,
)
"""A law heading's number with «б» read for a 6 in it (``Правило 1б.``, ``Правило б4.
…``): the group is the number as written. Only a heading's (its noun at a line's start,
its stop, its title or the line's end after it): in a sentence «правило 1б» may name a
sub-item «б» (``addresses.DIGIT_LOOKALIKES``)."""
NEXT_MARKER = regex.compile(
    rf"^[ \t]*(?:(?P<head>{RU_HEADS})\b|[A-HА-ЕВС]\.|(?P<clause>\d{{1,2}})\.(?!\d)"
    r"|(?P<sub>\((?:[A-HА-ЕВС]|(?P<subnumber>\d{1,2}))\)\.))",
    regex.M,
)
"""A line that opens a unit: a law's or a division's heading, a section, a clause
(group ``clause``: its number) or a subclause (group ``sub``; ``subnumber``: its
number). ``clean.ocr_digits`` reads the next one after a list's first marker OCR
misread: it is the list's second (``2.``, ``(2).``), or that marker is no list's."""
LIST_ITEM_END = regex.compile(r";" + _CLOSERS + r"\s*$")
"""A line that ends as an item of a list before its next one (``(a) … вероятен;``):
a sentence's part, never a heading."""
LEAD_IN = regex.compile(r":\s*$")
"""A line that ends as a lead-in to a list (``Когда фальшренонс выявлен:``)."""
INTRODUCES = regex.compile(r":" + _CLOSERS + r"\s*$")
"""A line that ends with a colon: it introduces what comes under it (a list's items, a
quotation)."""
CLAUSE_END = regex.compile(r"[.!?:;…]" + _CLOSERS + r"\s*$")
"""A line that ends a sentence or a clause of a list (a colon or a semicolon
before the list's next item counts)."""


POINT_TITLE_WORDS = 4
"""The most words of a point's title standing alone on its line (``Полномочия
судьи``): a printed line of a sentence has more."""
RUN_IN_TITLE = regex.compile(
    rf"^\p{{Lu}}\p{{L}}*(?:[ \t]+\p{{L}}+){{0,{POINT_TITLE_WORDS - 1}}}:?[ \t]+\p{{Lu}}\p{{Ll}}"
)
"""A paragraph that opens with a point's title its line was joined to (``Полномочия
судьи Каждый матч …``) or that runs it in with a colon (``Полномочия судьи: Каждый
матч …``): at most ``POINT_TITLE_WORDS`` words with no stop or comma between them,
then a capital letter."""


def titled_point(line: str, after: str) -> bool:
    """``line`` is a point's title over ``after`` (``Полномочия судьи`` over
    ``Каждый матч …``, also with a colon, ``LEAD_IN``: a law's lead-in to its list
    stands over the list's items, not over a sentence), or ``line`` opens with one run
    into its first sentence (``RUN_IN_TITLE``, the line ending a sentence: a menu's
    words run on to no stop). A law of the book letters the titles of its sections
    (``A. Официальное положение``); a title with no letter is another code's."""
    if unended(line) or LEAD_IN.search(line):
        return len(line.split()) <= POINT_TITLE_WORDS and after[:1].isupper()
    return RUN_IN_TITLE.match(line) is not None


def unended(line: str) -> bool:
    """A line that ends no sentence, no clause of a list and no list's item (no
    ``CLAUSE_END``, no comma): a title, a heading or the start of a wrapped line."""
    return CLAUSE_END.search(line) is None and not line.rstrip().endswith(",")


BROKEN_WORD = regex.compile(r"\p{L}[-\u2010\u00ad]$")
"""A line that ends inside a word broken by a hyphen (``мес-``)."""


def wrapped_on(line: str, after: str) -> bool:
    """``after`` is the next printed line of the sentence ``line`` is a line of: ``line``
    ends inside a broken word, or it ends no sentence (``FULL_STOP``) and ``after`` goes
    on in small letters; and ``after`` opens no unit (a marker, a heading). Where every
    printed line of a text is a block of its own (a PDF converted to HTML, a page's
    source with a ``<p>`` a line) each block is a piece of a sentence so; a menu's or a
    footer's lines are names and labels, whole each."""
    line, after = line.strip(), after.strip()
    if not line or not after or starts_unit(after):
        return False
    if BROKEN_WORD.search(line) is not None:
        return True
    return after[0].islower() and FULL_STOP.search(line) is None


SENTENCE_STOP = regex.compile(r"[.!?;](?=\s)")
"""A sentence's or a clause's stop inside a line, a blank after it (a title has none:
``clean.collapsed_lines`` looks for a title's end only before the first)."""

TAG_END = regex.compile(r"\([A-Z]{1,3}\d{1,3}\)\s*$")
"""A line that ends with a source tag such as ``(DC4)`` (001 ends every paragraph so)."""


# ---------------------------------------------------------------------------
# Listings (tables of contents, subject indexes) and text that is not Russian.

LEADER = regex.compile(
    r"[ \t]*(?:\.{3,}|…{2,}\.*)[ \t]*(\d{1,4}(?:[ \t]*,[ \t]*\d{1,4})*)(?![\d.,])"
)
"""A dot leader and the page (or law) numbers after it, inside a line:
``Правило 41. Начальный ход..........70``; one group, the numbers."""
SHORT_LEADER = regex.compile(r"(?<=\p{L}[)»\"]?)[ \t]*\.{1,2}[ \t]*(\d{1,4})[ \t]*$")
"""A leader cut down to one or two dots before the page number at the end of a
line (``сыграны..78``, ``вне очереди.65``: a site that fits entries to a width).
Only a line inside a table of contents is read so: in text, ``см. п.10`` ends so too."""
PAGE_BEFORE_HEAD = regex.compile(r"^[-–—][ \t]*\d{1,4}[ \t]*(?:[-–—][ \t]*)?(?=\p{L})")
"""A page's number run into the head term under it on an index's page (``- 134 Сдача``)."""
SEE = regex.compile(r"(?<!\w)см\.")
"""A subject index's cross-reference to other terms: ``Темп - см. Приличия``."""
SEE_ALSO = regex.compile(r"см\.[ \t]*также\b")
"""A cross-reference of a term that has entries of its own too: ``Торговля - см. также …``."""
SEE_NEXT = regex.compile(r"(?<=;)[ \t]+(?=[^;\n]*?\S[ \t]+[-–—][ \t]*см\.)")
"""Where a term with its own cross-reference starts after the list of another's
(``… см. Приличия; Торговля - см. также …``: before «Торговля»)."""
DITTO = regex.compile(r"(?<![\S])=(?![\S=])")
"""An index's ditto mark: a lone ``=`` standing for the head term (``= вне очереди``)."""
RUSSIAN_START = regex.compile(r"[\p{Cyrillic}«\"„(\[]")
"""What the text after a section, clause or subclause marker opens with: a Russian
word, a quote or a bracket (``A. Contestant's Right``, ``B.K. Hansen`` are no units)."""
NO_CYRILLIC = regex.compile(r"^[^\p{Cyrillic}]*$")
"""A line without a single Cyrillic letter."""
LATIN_WORD = regex.compile(r"\b[A-Za-z]{2,}\b")
"""A Latin word of two letters or more."""
LETTERED = regex.compile(r"(?:^|\s)\([a-hа-е]\)\s")
"""A lettered sub-paragraph ``(a) …``, ``(b) …`` inside a commentary paragraph's text."""
