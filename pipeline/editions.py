"""Editions of the laws as data: the one place that says what an edition is.

The table is ``pipeline/editions.toml`` (shipped with the package): per edition
its id, year, title, number of laws, division scheme (``Раздел`` / ``Глава`` /
``Часть`` and the address prefix each gives) and address forms. Everything that
depends on the edition (the largest law number a reference may name, the site
title, the PDF's date, a source's edition when its manifest names none) reads it
from here. A new edition is one more ``[[edition]]`` in the TOML file.
"""

from __future__ import annotations

import itertools
import re
import tomllib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from .lazy import Pattern

if TYPE_CHECKING:
    import regex

    from .model import Codex, Source

TABLE = Path(__file__).resolve().parent / "editions.toml"


@dataclass(frozen=True, slots=True)
class Edition:
    """One edition of the Laws of Duplicate Contract Bridge."""

    id: str
    """Name in the corpus manifest and in ``codex.json`` (``"1987"``)."""
    year: int
    """Year of the edition."""
    title: str
    """Russian title of the laws (``Законы дубликатного бриджа``)."""
    laws: int
    """Number of laws: a larger number after «правило» is not a reference."""
    divisions: tuple[tuple[str, str], ...] = ()
    """Heading words above the laws, outermost first, with the address prefix each
    gives: ``(("Раздел", "part"),)`` makes ``Раздел I`` → ``part:I``."""
    forms: tuple[str, ...] = ()
    """Example address of every level of the edition, outermost first."""
    pdf_date: str = ""
    """Creation date written into the PDF (ISO 8601), fixed so builds are reproducible."""
    signals: tuple[tuple[str, int, str, str], ...] = ()
    """Evidence a text renders this edition: ``(pattern, weight, what, level)``
    (``level``: ``scheme`` or ``wording``, see ``LEVELS``)."""
    titles: tuple[tuple[int, str], ...] = ()
    """Law titles as this edition words them, by law number: a heading «Правило 24.
    …» whose title reads as this edition's is evidence of it (level ``headings``)."""
    titles_in: tuple[tuple[str, tuple[tuple[int, str], ...]], ...] = ()
    """Law titles of this edition's translations into other languages, per language
    code (``pl``, ``en`` …) and law number: a heading «23. TITLE», «LAW 23 - TITLE»
    or a line that is the title alone, reading as one of them, is evidence of this
    edition (level ``headings``) on a page in that language."""
    commented: bool = False
    """Whether the commentary Kodeks reads (numbered paragraphs ``64.10.``) comments
    on this edition: such paragraphs are then evidence of it."""

    @property
    def heading(self) -> str:
        """Title with the year: ``Законы дубликатного бриджа (1987)``."""
        return f"{self.title} ({self.year})"


LEVELS = ("title", "scheme", "headings", "wording")
"""Kinds of evidence, strongest first: the year named after the laws' title; the
division scheme (heading words only one edition uses); law headings whose titles
read as one edition words them (``titles`` of the table); the wording of
distinctive clauses and terms, and commentary paragraphs (``commented``). The
strongest kind a text shows decides; weaker kinds that point elsewhere lower the
confidence but never overrule it."""


class TableError(ValueError):
    """``editions.toml`` cannot be used: the message names the file, the line and the key."""


def _row_line(text: str, index: int) -> int:
    """The line of the ``index``-th ``[[edition]]`` header (1-based; 1 when absent)."""
    headers = [n for n, line in enumerate(text.splitlines(), 1) if line.strip() == "[[edition]]"]
    return headers[index] if index < len(headers) else 1


SUB_NUMBER = r"[-–—/]\d"
"""A sub-number after a division's Roman number (``II-1``, ``II-2/54``)."""

BLANK = r"[\t\p{Zs}]"
"""A blank inside a line: a tab or any space, the no-break and typographic ones too (a
typeset page writes «правило\u00a064»). Read by the reference detector, the cleaner's
indents and the markup table."""

TITLE_AFTER_NUMBER = (
    r"""(?:[-–—:][ \t]*(?=[\p{Lu}«"„])|(?<=\s)(?=[«"„]\p{Lu})"""
    r"""|(?<=\s)(?=\(\p{Lu}[^()\n]*\p{Ll}[^()\n]*\)[ \t]*$))"""
)
"""How a law heading's title may follow the law's number but after a full stop: after a
dash or a colon (``Правило 64 – Процедура …``, ``Правило 64: …``), in quotation marks
(``Правило 64 «Процедура …»``) or in brackets that close the line (``Правило 64
(Процедура …)``; not the penalty's mark in capitals), as web copies set it. Read by the
grammar's law heading and by the reference detector, which takes no heading for a
reference."""

DIVISION_NUMBER = r"[IVXLC]+\b(?!" + SUB_NUMBER + ")"
"""A division's Roman number. One with a sub-number after a hyphen or a slash
(``Глава II-1``, ``II-2/54``) numbers another code's chapters: no edition of these
laws numbers a division so (``grammar.SUBNUMBERED_DIVISION``). Kept with the table,
whose ``signals`` name it as ``{division_number}`` (``FRAGMENTS``), and read by
``grammar``."""

FRAGMENTS = {"division_number": DIVISION_NUMBER}
r"""Pattern fragments a signal of the table names in braces (``Раздел\s+{division_number}``):
filled in as the table is read, so a fragment the grammar also uses is written once."""

_FRAGMENT = re.compile(r"\{([a-z_]+)\}")


def _fill(pattern: str) -> str:
    """A signal's pattern with its ``{name}`` fragments filled in (``FRAGMENTS``);
    ``ValueError`` naming an unknown one."""

    def one(m: re.Match[str]) -> str:
        if m[1] not in FRAGMENTS:
            raise ValueError(
                f"signal names the unknown fragment {{{m[1]}}} (known: {', '.join(FRAGMENTS)})"
            )
        return FRAGMENTS[m[1]]

    return _FRAGMENT.sub(one, pattern)


def _edition(row: dict) -> Edition:
    return Edition(
        id=str(row["id"]),
        year=int(row["year"]),
        title=str(row["title"]),
        laws=int(row["laws"]),
        divisions=tuple((w, p) for w, p in row.get("divisions", ())),
        forms=tuple(row.get("forms", ())),
        pdf_date=row.get("pdf_date", ""),
        signals=tuple(
            (_fill(str(p)), int(w), str(what), str(level))
            for p, w, what, level in row.get("signals", ())
        ),
        titles=tuple(sorted((int(n), str(t)) for n, t in row.get("titles", {}).items())),
        titles_in=tuple(
            (str(lang), tuple(sorted((int(n), str(t)) for n, t in titles.items())))
            for lang, titles in sorted(row.get("titles_in", {}).items())
        ),
        commented=bool(row.get("commented", False)),
    )


@dataclass(frozen=True, slots=True)
class Table:
    """What a table of editions holds (read by ``_load``, which changes no state)."""

    editions: dict[str, Edition]
    default: str
    concordance: dict[tuple[str, str], dict[str, str]]
    other_games: list[str]
    book_terms: list[str]
    title_words: list[str] = field(default_factory=list)
    other_play: list[str] = field(default_factory=list)
    other_card_play: list[str] = field(default_factory=list)
    event_terms: list[str] = field(default_factory=list)
    card_terms: list[str] = field(default_factory=list)
    past_words: list[str] = field(default_factory=list)
    book_subject: list[str] = field(default_factory=list)
    front_terms: list[str] = field(default_factory=list)
    contest_terms: list[str] = field(default_factory=list)
    game_terms: list[str] = field(default_factory=list)
    contest_play: list[str] = field(default_factory=list)


def _load(path: Path = TABLE, *, patterns: bool = True) -> Table:
    """Read the table; ``TableError`` naming the file, the ``[[edition]]``'s line and
    the key for a row that lacks a field or gives one of the wrong shape, or (with
    ``patterns``) a signal that is not a regex. Reading another table (a test's, a
    user's draft) leaves the loaded one as it is."""
    text = path.read_text(encoding="utf-8")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise TableError(f"{path}: not valid TOML ({exc})") from None
    concordance = {
        (str(row["from"]), str(row["to"])): dict(row.get("moved", {}))
        for row in data.get("concordance", ())
    }
    table = {}
    for index, row in enumerate(data.get("edition", ())):
        where = f"{path}:{_row_line(text, index)}: [[edition]] #{index + 1}"
        try:
            e = _edition(row)
        except KeyError as exc:
            raise TableError(f"{where}: key {exc.args[0]!r} is missing") from None
        except (TypeError, ValueError) as exc:
            raise TableError(f"{where}: a value has the wrong shape ({exc})") from None
        for pattern, _w, what, level in e.signals:
            if level not in LEVELS:
                raise TableError(
                    f"{where}: key 'signals': level {level!r} of {what!r} is not one of {', '.join(LEVELS)}"
                )
            if not patterns:
                continue
            import regex

            try:
                regex.compile(pattern)
            except regex.error as exc:
                raise TableError(
                    f"{where}: key 'signals': pattern of {what!r} is not a regex ({exc})"
                ) from None
        if e.id in table:
            raise TableError(f"{where}: key 'id': edition {e.id!r} is listed twice")
        table[e.id] = e
    try:
        other_games = [str(w) for w in data.get("other_games", ())]
    except TypeError:
        raise TableError(f"{path}: key 'other_games': not a list of words") from None
    try:
        book_terms = [str(w) for w in data.get("book_terms", ())]
    except TypeError:
        raise TableError(f"{path}: key 'book_terms': not a list of patterns") from None
    lists = {}
    for key in (
        "title_words",
        "other_play",
        "other_card_play",
        "event_terms",
        "card_terms",
        "past_words",
        "book_subject",
        "front_terms",
        "contest_terms",
        "game_terms",
        "contest_play",
    ):
        try:
            lists[key] = [str(w) for w in data.get(key, ())]
        except TypeError:
            raise TableError(f"{path}: key {key!r}: not a list of patterns") from None
        if patterns:
            import regex

            for w in lists[key]:
                try:
                    regex.compile(w)
                except regex.error as exc:
                    raise TableError(f"{path}: key {key!r}: {w!r} is not a regex ({exc})") from None
    for key, of, words in (
        ("contest_terms", "book_terms", book_terms),
        ("contest_play", "game_terms", lists["game_terms"]),
    ):
        for w in lists[key]:
            if w not in words:
                raise TableError(f"{path}: key {key!r}: {w!r} is not one of {of!r}")
    if "default" not in data:
        raise TableError(f"{path}: key 'default' is missing")
    default = str(data["default"])
    if default not in table:
        raise TableError(f"{path}: key 'default': edition {default!r} has no [[edition]] entry")
    return Table(table, default, concordance, other_games, book_terms, **lists)


# The signal patterns are checked when detection first uses them (``_signals``), not
# here: a lookup command (``kodeks show``) reads the table but never detects an
# edition, and compiling the patterns was a tenth of its start-up.
_TABLE = _load(patterns=False)

CONCORDANCE: dict[tuple[str, str], dict[str, str]] = _TABLE.concordance
"""Clauses moved or renumbered between two editions: (from, to) → {old address: new address}."""

OTHER_GAMES: list[str] = _TABLE.other_games
"""Stems of the names of other card games (``other_games`` of the table): a text
about one of them renders no edition of these laws."""

BOOK_TERMS: list[str] = _TABLE.book_terms
"""Patterns of words of the law book and its commentary that other texts on cards
rarely use (``book_terms`` of the table; ``book_terms()`` compiles them)."""

EDITIONS, DEFAULT_ID = _TABLE.editions, _TABLE.default
"""Every known edition by id, in the table's order; the id of the default one."""

DEFAULT: Edition = EDITIONS[DEFAULT_ID]
"""The edition of a source whose manifest names none."""

_COMMENTED = [e.id for e in EDITIONS.values() if e.commented]
COMMENTED: str | None = _COMMENTED[0] if len(_COMMENTED) == 1 else None
"""The one edition the commentary Kodeks reads comments on (``commented`` in the
table), or ``None`` when the table marks none or several."""

DIVISION_WORDS: dict[str, str] = {
    w.lower(): str(space) for e in EDITIONS.values() for w, space in e.divisions
}
"""Every division heading word of every edition (lower case) and the address space
it opens (``"раздел": "part"``): ``addresses`` and ``grammar`` read it, so a new
heading word is one entry of an edition's ``divisions`` in the table. Kept here
with the table rather than in the grammar, so that a command which only parses
addresses (``kodeks show``) need not compile the grammar's patterns."""


def _word_starts(key: str, words: list[str]) -> regex.Pattern:
    """One pattern of a list of the table's word patterns, matched at a word's start."""
    import regex

    try:
        return regex.compile(r"(?<!\w)(?:" + "|".join(words or ["(?!)"]) + ")", regex.I)
    except regex.error as exc:
        raise TableError(f"{TABLE}: key {key!r}: not a regex ({exc})") from None


@lru_cache(maxsize=1)
def book_terms() -> regex.Pattern:
    """Words of the law book and its commentary (``book_terms`` in the table), any
    edition, as one pattern; compiled when first needed (the segmenter asks only
    about a page whose one evidence is a numbered paragraph)."""
    return _word_starts("book_terms", BOOK_TERMS)


@lru_cache(maxsize=1)
def _book_own_patterns() -> tuple[regex.Pattern, regex.Pattern]:
    own = [w for w in BOOK_TERMS if w not in _TABLE.contest_terms]
    return _word_starts("book_terms", own), _word_starts("contest_terms", _TABLE.contest_terms)


def speaks_of_the_book(text: str) -> bool:
    """Whether ``text`` speaks as the laws and their commentary do: a word of
    ``book_terms`` that only they use (the dummy, the revoke, a double, an appeal), or
    one they share with the codes of other contests (``contest_terms``: the judge)
    beside a word of cards (``card_terms``). The regulations of a tournament of another
    sport have their «главный судья» and number their points «4.1.», «4.2.» as the
    commentary does, but never name a card."""
    own, shared = _book_own_patterns()
    if own.search(text):
        return True
    return shared.search(text) is not None and _play_patterns()[1].search(text) is not None


def names_the_game(text: str, listed: str = "", as_the_laws: bool = False) -> bool:
    """Whether ``text`` names the game or its book at all: a word of cards
    (``card_terms``: a card, a trick, a suit, a call), of the book (``book_terms``: the
    director, the dummy, an appeal …) or of a card game's play (``game_terms``: the
    deck, the deal, the auction, a player, a concession). Every law and section of the
    book names one; a design note, a set of house rules or a sport's code that heads
    its points «Правило 1» names none. Words that the codes of sports use too (the
    judge, ``contest_terms``; the player, a pass, ``contest_play``) name it only where
    the text is laid out as the laws are (``as_the_laws``: its sections lettered
    ``A.``, ``B.``, or one law of no sections in paragraphs; a sport's code numbers
    its points under «Правило 5. Судья», ``blocks._laid_out_as_the_laws``) or the
    titles of a listing beside it (``listed``: a chapter's list of its laws) name
    another word."""
    if not game_word(text):
        return False
    own = _game_patterns()[1]
    return as_the_laws or own.search(text) is not None or own.search(listed) is not None


def game_word(text: str) -> bool:
    """Whether ``text`` holds a word of the game or its book, those that the codes of
    sports share included (the judge, the player, a pass): what ``names_the_game``
    asks first, and what the title of a law of no sections never holds (a sport's
    «Правило 5. Судья»; ``blocks._laid_out_as_the_laws``)."""
    return _game_patterns()[0].search(text) is not None


def plays_the_game(text: str) -> bool:
    """``names_the_game`` for a whole text, which letters its sections as the laws do
    when a line opens with a section's letter (``grammar.SECTION``): a law that names
    only the director (law 91) letters its sections ``A.``, ``B.``; a chess or football
    code that heads its parts «Раздел I.» names no card, call or deal."""
    if names_the_game(text):
        return True
    from .grammar import SECTION  # imported when first needed, as _division_line does

    return names_the_game(
        text, as_the_laws=any(SECTION.match(ln.lstrip()) for ln in text.split("\n"))
    )


@lru_cache(maxsize=1)
def _game_patterns() -> tuple[regex.Pattern, regex.Pattern]:
    shared = {*_TABLE.contest_terms, *_TABLE.contest_play}
    words = list(dict.fromkeys([*_TABLE.card_terms, *BOOK_TERMS, *_TABLE.game_terms]))
    return (
        _word_starts("game_terms", words),
        _word_starts("game_terms", [w for w in words if w not in shared]),
    )


@lru_cache(maxsize=1)
def _book_title_patterns() -> tuple[regex.Pattern, regex.Pattern]:
    return (
        _word_starts("title_words", _TABLE.title_words),
        _word_starts("book_subject", _TABLE.book_subject),
    )


BOOK_TITLE_WORDS = 14
"""The most words a line that is only the book's title has."""


def names_the_book(line: str) -> bool:
    """Whether ``line`` is the title of the laws or of their commentary standing
    alone: a word of the laws' title (``title_words`` of the table) and the game's
    name (``book_subject``), at most ``BOOK_TITLE_WORDS`` words, and no sentence or
    clause ending it (``grammar.unended``: «Законы дубликатного бриджа 1987»,
    «КОММЕНТАРИЙ К ПРАВИЛАМ КОНТРАКТНОГО БРИДЖА»)."""
    from .grammar import unended  # imported when first needed, as _division_line does

    s = line.strip()
    if not s or len(s.split()) > BOOK_TITLE_WORDS or not unended(s):
        return False
    title, subject = _book_title_patterns()
    return subject.search(s) is not None and title.search(s) is not None


@lru_cache(maxsize=1)
def _front_patterns() -> tuple[regex.Pattern, regex.Pattern]:
    import regex

    titles = [e.title for e in EDITIONS.values()]
    play = [
        w
        for w in dict.fromkeys([*_TABLE.card_terms, *BOOK_TERMS])
        if not any(regex.search(r"(?<!\w)(?:" + w + ")", t, regex.I) for t in titles)
    ]
    return _word_starts("front_terms", _TABLE.front_terms), _word_starts("book_terms", play)


def front_matter(text: str) -> str:
    """Why ``text`` reads as a book's front matter, or ``""``: a word of
    ``front_terms`` (a translation, an edition, its editors, a preface, thanks, a
    copyright line, the editors' «мы»), and no word of the game's play or of the
    laws' procedure (``card_terms`` and ``book_terms``, but the words of the book's
    own title, an edition's ``title``: «дубликатного бриджа» names the book, it says
    nothing the laws say). The end of a law cut off at a page's top speaks of cards,
    calls, the director; a translator's or publisher's note does not."""
    front, play = _front_patterns()
    found = front.search(text)
    if found is None or play.search(text) is not None:
        return ""
    return f"«{found.group()}»"


@lru_cache(maxsize=1)
def _play_patterns() -> tuple[regex.Pattern, regex.Pattern]:
    return (
        _word_starts("other_play", _TABLE.other_play),
        _word_starts("card_terms", _TABLE.card_terms),
    )


@lru_cache(maxsize=8)
def _table_words(key: str) -> tuple[regex.Pattern, tuple[str, ...]]:
    """The pattern of the table's word list ``key``, and the letters each of its words
    opens with (lower case; empty when one opens otherwise): a text that holds none of
    them holds no match, and is not searched by the pattern (which tries every
    position)."""
    import re

    words = getattr(_TABLE, key)
    stems = tuple(m.group().lower() for w in words if (m := re.match(r"\w+", w)))
    if len(stems) < len(words):
        stems = ()
    return _word_starts(key, words), stems


def _outweighs_the_book(text: str, key: str) -> tuple[str, int, int] | None:
    """Whether ``text`` uses the words of the table's list ``key`` twice or more (one
    word or two), and more often than the words of the law book (``book_terms``): the
    first two named (``«x» twice``, ``«x», «y»``), how many uses, how many of the
    book's words; or ``None``."""
    pattern, stems = _table_words(key)
    if stems:
        low = text.lower()
        if not any(stem in low for stem in stems):
            return None
    found = [m.group().lower() for m in pattern.finditer(text)]
    if len(found) < 2:
        return None
    book = sum(1 for _ in itertools.islice(book_terms().finditer(text), len(found)))
    if book >= len(found):
        return None
    words = f"«{found[0]}» twice" if found[0] == found[1] else f"«{found[0]}», «{found[1]}»"
    return words, len(found), book


def other_card_play(text: str) -> str:
    """Why ``text`` speaks of another card game's play, or ``""``: two uses or more (of
    one word or of two) of the nouns of ``other_card_play`` (the talon, a misère,
    passed-out deals), which bridge has none of, and more of them than of the words of
    the law book (``book_terms``): a commentary that compares bridge with preference
    once («после торговли будет прикуп») speaks of the laws far more."""
    if (used := _outweighs_the_book(text, "other_card_play")) is None:
        return ""
    return f"speaks of another card game's play ({used[0]}), which bridge does not have"


def competition_conditions(text: str, heads_a_law: bool | None = None) -> str:
    """Why ``text`` is a competition's announcement or conditions, or ``""``: two uses
    or more of the words of ``event_terms`` (the championship, the entry fee, the
    organising committee, the prizes, where the event «состоится»), which the laws and
    the commentary never use, and more of them than of the words of the law book
    (``book_terms``). A bridge tournament's conditions name bridge and the director and
    number their points «1.», «2.3.»; a page of the laws under a site's news of a
    championship speaks of the laws far more. A text that heads a law («Правило 80.»,
    ``grammar.LAW_HEAD`` at a line's start; ``heads_a_law`` where the caller has read
    its headings already) is none: conditions number their own points and head no law
    of the book, while a short law (79, on the tricks won) under a club's news of its
    championship, or the law on the organiser and its commentary (80: the place, the
    entry, the prizes), may name fewer words of the book than of the event."""
    if heads_a_law is None:
        from .grammar import LAW_HEAD  # imported when first needed, as _division_line does

        heads_a_law = any(LAW_HEAD.match(ln.lstrip()) for ln in text.split("\n"))
    if heads_a_law:
        return ""
    if (used := _outweighs_the_book(text, "event_terms")) is None:
        return ""
    words, uses, book = used
    return (
        f"a competition's announcement or conditions ({words}, {uses} such words "
        f"against {book} of the law book)"
    )


def other_play(text: str) -> str:
    """Why ``text`` speaks of another game's play and not of cards, or ``""``: words of
    ``other_play`` (the ball, the goal, the puck …) twice or more, and no word of
    ``card_terms`` (a card, a trick, a suit, a call). Such a text is a code of a sport
    (football, hockey, tennis): it numbers its rules and has its «судья» as the laws
    do, but it is no page of them."""
    play, cards = _play_patterns()
    # a word of cards first: the laws name one in their first lines, where the
    # words of play are looked for in the whole text (0.2 s in an 8 MB book)
    if cards.search(text):
        return ""
    found = [m.group().lower() for m in itertools.islice(play.finditer(text), 2)]
    if len(found) < 2:
        return ""
    words = f"«{found[0]}» twice" if found[0] == found[1] else f"«{found[0]}», «{found[1]}»"
    return f"speaks of another game's play ({words}) and never of cards"


class UnknownEdition(KeyError):
    """An edition id the table does not have; the message names the table file and
    the known ids (a ``KeyError``, so a lookup that expects one still catches it)."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


def unknown_message(edition_id: object) -> str:
    """What to tell a user who names an edition the table does not have."""
    return (
        f"edition {str(edition_id)!r} is not in {TABLE}; known: {', '.join(EDITIONS)} "
        "(a new edition is one more [[edition]] there)"
    )


def get(edition_id: str | None) -> Edition:
    """The edition named ``edition_id`` (the default for ``None``); ``UnknownEdition``
    (a ``KeyError``) naming the table file and the known ids for one it does not have."""
    if edition_id is None:
        return DEFAULT
    try:
        return EDITIONS[str(edition_id)]
    except KeyError:
        raise UnknownEdition(unknown_message(edition_id)) from None


_NAMED_YEAR = Pattern(
    r"(?i)(?:"
    + "|".join(_TABLE.title_words or ["(?!)"])
    + r")\w*[^\n]{0,50}?(?<!\d)"
    + (r"(?<!(?<!\w)(?:" + "|".join(_TABLE.past_words) + r")\s)" if _TABLE.past_words else "")
    + r"(\d{4})(?!\d)"
)
"""A year named after the title of the laws (``title_words`` of the table), in
Russian or another language: ``Кодекс спортивного бриджа - 1997``, ``КОДЕКС-2007``,
``Правилам контрактного дубликатного бриджа 1987``, «Międzynarodowe Prawo Brydżowe
2017», «Lois du Bridge de Compétition 2017». Not a year right after a word of
``past_words`` («до 1987 г.»: a date in the code's history)."""


@lru_cache(maxsize=1)
def _division_line() -> regex.Pattern:
    """The grammar's division heading at the start of any line (the grammar is
    imported when first needed: it reads ``DIVISION_WORDS`` from here)."""
    import regex

    from .grammar import PART_HEAD

    return regex.compile(PART_HEAD.pattern, regex.M)


def detect(text: str) -> str | None:
    """The edition a text shows, or ``None`` when nothing tells: the first year of a
    known edition named after the laws' title; else a division heading («Глава …»)
    that the default edition does not use, read as the first edition that does."""
    named = detect_year(text)
    if named:
        return named
    default_words = {w.lower() for w, _space in DEFAULT.divisions}
    for m in _division_line().finditer(text):
        word = m[1].lower()
        if word not in default_words:
            for e in EDITIONS.values():
                if word in {w.lower() for w, _space in e.divisions}:
                    return e.id
    return None


def follow(address: str, from_edition: str, to_edition: str) -> str:
    """Where the clause ``address`` of ``from_edition`` stands in ``to_edition``: the
    concordance's entry (either direction), else the same address."""
    moved = CONCORDANCE.get((from_edition, to_edition))
    if moved and address in moved:
        return moved[address]
    back = CONCORDANCE.get((to_edition, from_edition))
    if back:
        for old, new in back.items():
            if new == address:
                return old
    return address


UNKNOWN = "unknown"
"""The edition of a source whose text does not tell it with confidence: kept apart,
never merged into a known edition."""
UNKNOWN_LABEL = "не установлена"
"""What a reader sees for ``UNKNOWN`` (``label``)."""


def label(edition_id: str) -> str:
    """An edition's id as a reader sees it: the id (its year), or «не установлена» for
    ``UNKNOWN``, an id kept for files and folders."""
    return UNKNOWN_LABEL if edition_id == UNKNOWN else edition_id


STRONG = 3
"""A score at least this high, with no rival as high, names the edition with confidence."""

SAMPLE = 400_000
"""Characters of a text that ``assess`` reads: an edition shows in its headings and
wording long before that, and a source of many megabytes is read in bounded time."""


@dataclass(frozen=True, slots=True)
class Detection:
    """What a text says about its edition."""

    edition: str
    """An edition id, or ``UNKNOWN``."""
    confidence: float
    """0 … 1: the winning score's share of all evidence, scaled down below ``STRONG``."""
    evidence: tuple[str, ...]
    """What was seen, as ``"1997: «Глава» divisions ×2"``."""
    scores: tuple[tuple[str, int], ...] = ()
    """Score per edition that had any evidence, highest first."""
    not_laws: str = ""
    """Why the text renders no edition of these laws at all, when it does not (it is
    about another card game, or numbered as another code): it never joins one."""

    def to_json(self) -> dict:
        return {
            "edition": self.edition,
            "confidence": round(self.confidence, 3),
            "evidence": list(self.evidence),
        }


_FOREIGN_HEADING = Pattern(
    r"(?im)^[ \t]*(?:(?:law|loi|regel|artikel|przepis|prawo)[ \t]+)?(\d{1,2})(?!\d)[ \t]*[.:)]?"
    r"[ \t]*(?:[-–—>][ \t]*)?(?P<title>\p{L}[^\n]{2,120})"
)
"""A numbered law heading as translations print it: «23. TITLE», «LAW 23 - TITLE»,
«Loi 23 > Title», a table of contents' «23. Title ..... 41»."""

_SHORT_LINE = Pattern(r"(?m)^[ \t]*(\p{L}[\p{L} ,'’–-]{2,100}+)[ \t]*$")
"""A line of words alone, no number and no sentence end: a title printed without its
number. The run of words is possessive: what follows it can only be tabs and the line's
end, which giving back words never makes (a line of prose was tried 100 ways)."""


_NOT_A_DIGIT = "\\x00-/:-\u024f\u0400-\u052f\u2000-\u206f"
"""Characters no ``regex`` digit (``\\d``) is: ASCII but ``0``-``9``, the Latin
letters, the Cyrillic letters and the general punctuation
(``tests/test_editions.py`` checks every code point)."""


@lru_cache(maxsize=1)
def _numbered_line() -> re.Pattern:
    """The start of every line ``_FOREIGN_HEADING`` and ``grammar.THREE_LEVELS`` can
    match: blanks, one word at most and a digit, after a line break
    (``_line_matches``), for the standard library's ``re`` (as ``_alone_line``: four
    times faster over a text than ``regex`` tries a line start at every position).
    It names ASCII characters and ranges of code points only, so it reads every
    character alike whatever Unicode version each module knows: any run of
    characters but blanks and line ends stands for the word, and any character
    outside ``_NOT_A_DIGIT`` for the digit."""
    return re.compile(rf"\n[ \t]*(?:[^ \t\n]+[ \t]+)?[^{_NOT_A_DIGIT}]")


@lru_cache(maxsize=1)
def _alone_line() -> re.Pattern:
    """Every line ``_SHORT_LINE`` can match, after a line break (``_line_matches``):
    three characters or more, none of them an ASCII character outside its classes
    (a digit, a stop, a bracket …), written for the standard library's ``re``, which
    skips the other lines five times faster than ``regex`` tries the pattern; it
    names ASCII characters only, so it reads every other character alike whatever
    Unicode version each module knows."""
    return re.compile(r"(?m)\n[^\n\x00-\x08\x0b-\x1f!-&(-+./0-9:-@\[-`{-\x7f]{3,}$")


def _line_matches(
    hint: re.Pattern, pattern: Pattern | regex.Pattern, text: str
) -> Iterator[regex.Match]:
    """``pattern.finditer(text)`` for a pattern anchored at a line's start whose
    matches never cross a line's end: matched at each line ``hint`` finds. A hint
    matches a line break and the start of the line after it, never past that
    line's end: ``re`` looks for a pattern that opens with a character at memory
    speed, where it tries one that opens with ``^`` at every position of the text.
    The first line, which no break opens, is asked with one put before it."""
    compiled = pattern.compiled() if isinstance(pattern, Pattern) else pattern
    end = text.find("\n")
    starts = itertools.chain(
        [0] if hint.match("\n" + (text if end < 0 else text[:end])) else [],
        (line.start() + 1 for line in hint.finditer(text)),
    )
    for start in starts:
        m = compiled.match(text, start)
        if m is not None:
            yield m


@lru_cache(maxsize=1)
def _patterns() -> tuple[regex.Pattern, regex.Pattern]:
    """A law heading anywhere on a line (tables of contents run several into one
    line), and a numbered commentary paragraph at the start of any line: the
    grammar's patterns, compiled when first needed (the grammar reads this module's
    table, so it is not imported at load)."""
    import regex

    from .grammar import COMMENTARY, LAW_HEAD

    titled = regex.compile(
        r"(?<!\w)" + LAW_HEAD.pattern.removeprefix("^") + r"(?P<title>[^\n]{3,120})"
    )
    return titled, regex.compile(COMMENTARY.pattern, regex.M)


_NOT_LETTER = Pattern(r"[^\p{L}\d]+")


def _words(text: str) -> str:
    """Letters and digits only, one space between words, lower case, ``ё`` (and its
    mojibake ``„``) as ``е``: titles compare across case, punctuation and damage."""
    text = text.casefold().replace("ё", "е").replace("„", "е")
    return _NOT_LETTER.sub(" ", text).strip()


TITLE_MATCH = 85
"""Least similarity (``rapidfuzz`` ratio, 0 … 100) of a heading to an edition's title."""


def _title_score(wanted: str, written: str) -> float:
    """How closely the heading text ``written`` starts with the title ``wanted``
    (0 … 100; 0 when fewer than two words of it can be compared, or fewer than three
    of a title the heading cuts off): a cut-off title still counts, minor damage too."""
    from rapidfuzz import fuzz

    want, have = _words(wanted).split(), _words(written).split()
    n = min(len(want), len(have))
    if n < 2 or (n < len(want) and n < 3):
        return 0.0
    return fuzz.ratio(" ".join(want[:n]), " ".join(have[:n]))


def _headings(text: str) -> dict[str, list[int]]:
    """Law numbers whose heading reads as each edition words its title. Editions
    word some titles alike («Процедура после выявления фальшренонса», «… после
    установления фальшренонса»): a heading counts for the edition(s) whose title it
    is closest to, never for every title it is near."""
    found: dict[str, list[int]] = {}
    for m in _patterns()[0].finditer(text):
        number = int(m[1])
        scores = {
            e.id: _title_score(title, m["title"])
            for e in EDITIONS.values()
            if (title := dict(e.titles).get(number))
        }
        best = max(scores.values(), default=0.0)
        if best < TITLE_MATCH:
            continue
        for edition, score in scores.items():
            if score == best and number not in found.get(edition, []):
                found.setdefault(edition, []).append(number)
    _foreign_headings(text, found)
    return found


Near = dict[int, tuple[tuple[int, str], ...]]


@lru_cache(maxsize=1)
def _foreign_titles() -> tuple[tuple[str, dict[int, str], Near], ...]:
    """Per translation of an edition (``titles_in``): its id, its titles by law
    number, and, by a line's number of words, the titles of two words or more
    (``_words``, as a line alone is compared) whose length is within one word of
    it, in the order of their numbers."""
    out = []
    for e in EDITIONS.values():
        for _lang, t in e.titles_in:
            words = ((n, _words(title)) for n, title in t)
            sized = [(n, w, len(w.split())) for n, w in words if len(w.split()) >= 2]
            longest = max((size for *_, size in sized), default=0)
            near = {
                length: tuple((n, w) for n, w, size in sized if abs(size - length) <= 1)
                for length in range(longest + 2)
            }
            out.append((e.id, dict(t), near))
    return tuple(out)


@lru_cache(maxsize=1)
def _title_letters() -> frozenset[str]:
    """Every character but the space of the translated titles a line alone is
    compared with (``_foreign_titles``). A line (``_words``) that has none of them
    shares with any such title its spaces at most, fewer than half of either's
    characters: its ``fuzz.ratio`` is below 50, far below ``TITLE_MATCH``, and it is
    not compared."""
    return frozenset(
        c
        for _eid, _titles, near in _foreign_titles()
        for wanted in near.values()
        for _n, want in wanted
        for c in want
        if c != " "
    )


ALONE_LENGTH = 0.9
"""Least ratio of the shorter to the longer of a line alone and the title it is
compared with (``_whole``)."""


def _whole(want: str, have: str) -> bool:
    """A line alone reads as the whole title ``want``, not as a part of it: a section's
    title inside a law's («Starszeństwo kart i kolorów» in «Talia, starszeństwo kart i
    kolorów») is close to it by ``fuzz.ratio`` but a word short. Their lengths are
    within ``ALONE_LENGTH`` of each other."""
    return min(len(want), len(have)) >= ALONE_LENGTH * max(len(want), len(have))


def _foreign_headings(text: str, found: dict[str, list[int]]) -> None:
    """Add to ``found`` the law numbers whose heading in another language reads as an
    edition's translation words its title (``titles_in``): numbered («23. TITLE»,
    «LAW 23 - TITLE») or a line that is the whole title alone. As for the Russian
    titles, a heading counts for the edition(s) whose title it is closest to."""
    from rapidfuzz import fuzz

    foreign = _foreign_titles()
    if not foreign:
        return

    def add(number: int, scores: dict[str, float]) -> None:
        best = max(scores.values(), default=0.0)
        if best < TITLE_MATCH:
            return
        for edition, score in scores.items():
            if score == best and number not in found.get(edition, []):
                found.setdefault(edition, []).append(number)

    letters = _title_letters()
    # ``_words`` keeps of a line its letters case-folded, and writes «е» for «ё»
    e_kept = "е" not in letters
    for m in _line_matches(_numbered_line(), _FOREIGN_HEADING, text):
        if e_kept and letters.isdisjoint(m["title"].casefold()):
            # no letter of any title: a Russian clause («1.Когда …») for titles in
            # Latin letters, below TITLE_MATCH with every title (spaces alone match)
            continue
        number, scores = int(m[1]), dict[str, float]()
        for eid, titles, _near in foreign:
            if title := titles.get(number):
                scores[eid] = max(scores.get(eid, 0.0), _title_score(title, m["title"]))
        add(number, scores)
    alone: dict[int, dict[str, float]] = {}
    for m in _line_matches(_alone_line(), _SHORT_LINE, text):
        if e_kept and letters.isdisjoint(m[1].casefold()):
            continue  # a line of Russian words, for titles in Latin letters: no title
        have = _words(m[1])
        length = len(have.split())
        for eid, _titles, near in foreign:
            for number, want in near.get(length, ()):
                # below the cut-off rapidfuzz gives 0 (and stops early); at or above
                # it, the ratio itself
                score = fuzz.ratio(want, have, score_cutoff=TITLE_MATCH)
                if score >= TITLE_MATCH and _whole(want, have):
                    seen = alone.setdefault(number, {})
                    seen[eid] = max(seen.get(eid, 0.0), score)
    for number, scores in alone.items():
        add(number, scores)


_BLANK_LINES = Pattern(r"[ \t]*\n(?:[ \t]*\n)+[ \t]*")
_TITLE_WRAP = Pattern(r"(?m)^(?=[^\n]{1,40}\n)([^\n]*[^\s.!?:;])[ \t]*\n(?=[ \t]*\S[^\n]{0,59}$)")
"""A short line with no sentence end and the short line under it: a title wrapped by
one line end («Международный Кодекс» over «спортивного бриджа (1997)»)."""


def _may_name_a_year(text: str) -> bool:
    """Whether ``_flatten(text)`` can hold a known edition's year: flattening only
    removes or widens blanks, tabs and bars (and turns runs of empty lines into a
    space), so a year it shows is in the text with those removed."""
    bare = text.replace(" ", "").replace("\t", "").replace("|", "")
    return any(str(e.year) in bare for e in EDITIONS.values())


@lru_cache(maxsize=256)
def _needles(pattern: str) -> tuple[tuple[regex.Pattern, ...], ...]:
    """Literal strings every match of ``pattern`` contains (compiled to search
    case-insensitively, as the signals are matched): one tuple per part of the
    pattern a match cannot skip, any one of whose strings a match holds (the
    branches of an alternation). Empty when the pattern is not read (syntax only
    the ``regex`` module knows, inline flags): then nothing is ruled out.

    A search for one literal runs at memory speed; a signal such as
    ``^\\s*Глава\\s+…`` is tried at every position of the text."""
    import importlib
    import re

    import regex

    # the standard library's own reader of a pattern's syntax (not a public module)
    _parser = importlib.import_module("re._parser")
    try:
        tree = _parser.parse(pattern)
    except (re.error, ValueError, TypeError, OverflowError, RecursionError):
        return ()
    if tree.state.flags & ~(re.UNICODE | re.MULTILINE):
        return ()  # an inline (?i), (?x), (?s) … changes what a literal is
    found = _required(list(tree))
    if found is None:
        return ()
    return tuple(
        tuple(regex.compile(regex.escape(w), regex.I) for w in dict.fromkeys(words))
        for words in found
    )


def _required(items: list) -> list[tuple[str, ...]] | None:
    """The literal parts a match of the parsed sequence ``items`` cannot skip: a
    list of alternatives (``None`` when an item is not understood)."""
    import importlib

    c = importlib.import_module("re._constants")

    out: list[tuple[str, ...]] = []
    run: list[str] = []

    def flush() -> None:
        if len(run) >= 2:
            out.append(("".join(run),))
        run.clear()

    for op, av in items:
        if op is c.LITERAL:
            run.append(chr(av))
            continue
        flush()
        if op is c.SUBPATTERN:
            _group, add, remove, inner = av
            if add or remove:
                return None
            found = _required(list(inner))
            if found is None:
                return None
            out += found
        elif op is c.BRANCH:
            # a match takes one branch and holds all that branch requires: any one
            # required part of each branch, taken together, is required of it
            branches = [_required(list(branch)) for branch in av[1]]
            if all(branches):
                combos = itertools.islice(itertools.product(*branches), 16)  # type: ignore[arg-type]
                out += [tuple(w for words in combo for w in words) for combo in combos]
        elif op in (c.MAX_REPEAT, c.MIN_REPEAT, c.POSSESSIVE_REPEAT):
            least, _most, inner = av
            found = _required(list(inner))
            if found is None:
                return None
            if least >= 1:
                out += found
        elif op is c.ATOMIC_GROUP:
            found = _required(list(av))
            if found is None:
                return None
            out += found
        elif op in (c.GROUPREF, c.GROUPREF_EXISTS):
            return None
        # anything else (a class, a category, an anchor, a look-around) holds no
        # literal a match must contain, and ends the run of literals
    flush()
    return out


def _may_match(pattern: str, text: str, seen: dict[str, bool] | None = None) -> bool:
    """False only when no match of ``pattern`` (``regex.I``) can be in ``text``:
    one of its required literals (``_needles``) is missing. ``seen`` keeps, for
    one text, whether each literal is in it: the signals share literals
    (``фальшренонс``, ``установлен``), each then looked for once."""
    if seen is None:
        seen = {}

    def holds(needle: regex.Pattern) -> bool:
        found = seen.get(needle.pattern)
        if found is None:
            found = seen[needle.pattern] = needle.search(text) is not None
        return found

    return all(any(holds(n) for n in words) for words in _needles(pattern))


def _flatten(text: str) -> str:
    """The text as the title and year read: table bars and wide gaps one space,
    letters typed apart (``1 9 8 7``, ``П   Р   А   В   И   Л   А``) joined, and
    the lines of a title page, which stand apart by empty lines (or lines of a
    ``|`` margin only), one line: «ПРАВИЛА … 1987» spread over a page is one title;
    so are a title's short lines wrapped by a single line end (``_TITLE_WRAP``)."""
    import regex

    from .clean import _SPACED

    text = regex.sub(r"[ \t|]{2,}|[ \t]*\|[ \t]*", " ", text)
    text = _SPACED.sub(lambda m: regex.sub(r"(?<=\S) (?=\S)", "", m.group()), text)
    text = _TITLE_WRAP.sub(r"\1 ", text)
    return _BLANK_LINES.sub(" ", text)


@lru_cache(maxsize=1)
def _check_patterns() -> None:
    """Compile every signal pattern of the table once, the first time detection
    needs them: one that is not a regex is a ``TableError`` naming the file, the
    line and the key, as any other fault of the table is."""
    _load(TABLE)


def _signals(text: str) -> tuple[dict[str, dict[str, int]], list[str]]:
    import regex

    _check_patterns()
    scores: dict[str, dict[str, int]] = {level: {} for level in LEVELS}
    evidence: list[str] = []

    def add(level: str, edition: str, points: int, what: str) -> None:
        scores[level][edition] = scores[level].get(edition, 0) + points
        evidence.append(f"{edition}: {what}")

    named = detect_year(text) or (_may_name_a_year(text) and detect_year(_flatten(text)))
    if named:
        add("title", named, STRONG, f"the laws' title names the year {EDITIONS[named].year}")
    for edition, numbers in _headings(text).items():
        shown = ", ".join(map(str, numbers[:5]))
        add(
            "headings",
            edition,
            STRONG * len(numbers),
            f"law titles worded as in this edition ({shown}) ×{len(numbers)}",
        )
    keys = [m.group().strip() for m in itertools.islice(_patterns()[1].finditer(text), 3)]
    paragraphs = len(keys)
    literals: dict[str, bool] = {}
    # a division heading tells an edition only in a text that names the game: a chess
    # code heads its parts «Раздел I.» as the 1987 translation does (``plays_the_game``)
    game: list[bool] = []
    for e in EDITIONS.values():
        if e.commented and paragraphs:
            add(
                "wording",
                e.id,
                paragraphs,
                f"numbered commentary paragraphs («{keys[0]}»), and the commentary comments "
                f"on this edition ×{paragraphs}",
            )
        for pattern, weight, what, level in e.signals:
            if not _may_match(pattern, text, literals):
                continue
            if level == "scheme":
                if not game:
                    game.append(plays_the_game(text))
                if not game[0]:
                    continue
            hits = sum(
                1
                for _ in zip(
                    range(3), regex.finditer(pattern, text, regex.I | regex.M), strict=False
                )
            )
            if hits:
                add(level, e.id, weight * hits, f"{what} ×{hits}")
    return scores, evidence


NOT_LAWS = "none"
"""The prefix of evidence that a text renders no edition at all (``"none: …"``)."""


def not_these_laws(text: str) -> str:
    """Why ``text`` renders no edition of these laws, or ``""``: a title line names
    the code or rules of another card game (``OTHER_GAMES``), the text names such
    games at least twice and more often than bridge, or it is another game's or
    sport's code by its play or its numbering (``another_code``)."""
    import regex

    # both patterns below need the name of a game: one literal search per name
    # tells (an alternation of them, or a pattern at every line start, is slow)
    if any(regex.search(regex.escape(g), text, regex.I) for g in OTHER_GAMES):
        games = "|".join(map(regex.escape, OTHER_GAMES))
        title = regex.search(
            rf"^[^\w\n]*(?:кодекс|правил|закон)\w*\s+(?:игры\s+в\s+)?(?:{games})\w*",
            text,
            regex.I | regex.M,
        )
        if title:
            return f"the title names the code of another card game («{title.group().strip()}»)"
        named = [
            m.group().lower() for m in regex.finditer(rf"(?<!\w)(?:{games})\w*", text, regex.I)
        ]
        bridge = len(regex.findall(r"(?<!\w)бридж", text, regex.I))
        if len(named) >= 2 and len(named) > bridge:
            return (
                f"names another card game more often than bridge "
                f"(«{named[0]}» ×{len(named)}, «бридж» ×{bridge})"
            )
    return another_code(text)


_THREE_LEVEL_HINT = re.compile(r"\.\d{1,2}\.\d")
"""What every match of ``grammar.THREE_LEVELS`` holds (``3.8.1``: a stop, the second
level, a stop, a digit), for the standard library's ``re``, which finds a pattern that
opens with a literal much faster than ``_line_matches`` reads the lines."""
_SUB_NUMBER_HINT = re.compile(r"[IVXLC][-–—/]\d")
"""What every match of ``grammar.SUBNUMBERED_DIVISION`` holds (``II-1``)."""


def another_code(text: str, heads_a_law: bool | None = None) -> str:
    """Why ``text`` is a code of another game or sport, or ``""``: it speaks of another
    game's or another card game's play (``other_play``, ``other_card_play``), it is a
    competition's announcement or conditions (``competition_conditions``), two or
    more of its lines open with three-level
    numbers («3.8.1.»), two or more head divisions with sub-numbers («Глава II-1»), or
    a line heads an article over its own points («Статья 53.» | «53.1.»).
    Unlike a name of another card game, which the laws' text may use in a figure of
    speech (a «poker face»), none of these is in any edition of the laws or of the
    commentary, so a page that shows one holds no law text (``blocks.no_law_text``).
    ``heads_a_law``: whether the text heads a law, where the caller knows
    (``competition_conditions``)."""
    play = other_play(text) or other_card_play(text) or competition_conditions(text, heads_a_law)
    if play:
        return play
    from .grammar import (  # imported when first needed, as _division_line does
        ARTICLE_HEAD,
        SUBNUMBERED_DIVISION,
        THREE_LEVELS,
    )

    # each pattern is tried only where a literal search finds what its match holds
    found = _THREE_LEVEL_HINT.search(text) and _two(
        _line_matches(_numbered_line(), THREE_LEVELS, text)
    )
    if found:
        return (
            f"paragraphs numbered in three levels ({found}), as no edition of these laws or "
            "its commentary numbers them"
        )
    found = _SUB_NUMBER_HINT.search(text) and _two(
        _line_matches(_subnumbered_line(), SUBNUMBERED_DIVISION, text)
    )
    if found:
        return (
            f"divisions numbered with sub-numbers ({found}), as no edition of these laws "
            "numbers them"
        )
    for article in ARTICLE_HEAD.finditer(text) if "татья" in text or "ТАТЬЯ" in text else ():
        # an article numbers its own points (``Статья 53.`` | ``53.1.``); one the text
        # quotes (a commentary citing a regulation's «Статья 7.») numbers none of them
        points = re.compile(rf"^[ \t]*{article['number']}\.\d{{1,2}}\.", re.M)
        if points.search(text, article.end()):
            return (
                f"an article's heading («{article.group().strip()}») over its own points, as "
                "no edition of these laws or its commentary has articles"
            )
    return ""


def _two(matches: Iterator[regex.Match]) -> str:
    """The first two of ``matches`` as the text has them («4.19.1.», «4.19.2.»), or
    ``""`` when there are fewer (read no further than the second)."""
    two = [m.group().strip() for m in itertools.islice(matches, 2)]
    return ", ".join(f"«{t}»" for t in two) if len(two) == 2 else ""


@lru_cache(maxsize=1)
def _subnumbered_line() -> re.Pattern:
    """Every line ``grammar.SUBNUMBERED_DIVISION`` can match (a word, then a Roman
    number with a hyphen or slash and a digit after it), after a line break, for the
    standard library's ``re``, as ``_numbered_line``."""
    return re.compile(r"\n[ \t]*[^ \t\n]+[ \t]+[IVXLC]+" + SUB_NUMBER)


def assess(text: str) -> Detection:
    """The edition a text renders, with a confidence and the evidence (read from the
    first ``SAMPLE`` characters): the strongest kind of evidence the text shows
    (``LEVELS``) decides; a winner there scoring below ``STRONG``, or tied, is
    ``UNKNOWN``. The confidence is the winner's margin at that level, halved when a
    weaker kind of evidence points to another edition. A text that is not these
    laws (``not_these_laws``: another card game, another code's numbering) is
    ``UNKNOWN`` with that as its only evidence (``"none: …"``) and ``not_laws`` set:
    it never joins an edition."""
    why = not_these_laws(text[:SAMPLE])
    if why:
        return Detection(UNKNOWN, 0.0, (f"{NOT_LAWS}: {why}",), (), why)
    scores, evidence = _signals(text[:SAMPLE])
    level = next((lv for lv in LEVELS if scores[lv]), None)
    if level is None:
        return Detection(UNKNOWN, 0.0, ())
    ranked = sorted(scores[level].items(), key=lambda kv: -kv[1])
    best, top = ranked[0]
    rival = ranked[1][1] if len(ranked) > 1 else 0
    confidence = (top - rival) / top * min(1.0, top / STRONG)
    weaker = LEVELS[LEVELS.index(level) + 1 :]
    if any(e != best for lv in weaker for e in scores[lv]):
        confidence /= 2
    if top < STRONG or top == rival:
        return Detection(UNKNOWN, confidence, tuple(evidence), tuple(ranked))
    return Detection(best, confidence, tuple(evidence), tuple(ranked))


def detect_year(text: str) -> str | None:
    """The first year of a known edition named after the laws' title."""
    # A match never crosses a line end, and only one that ends in a known year
    # counts: the pattern runs over the lines that hold such a year, in order,
    # not over every character of the text.
    lines: set[int] = set()
    for year in {str(e.year) for e in EDITIONS.values()}:
        at = text.find(year)
        while at >= 0:
            lines.add(text.rfind("\n", 0, at) + 1)
            at = text.find(year, at + 1)
    for start in sorted(lines):
        end = text.find("\n", start)
        for m in _NAMED_YEAR.finditer(text, start, len(text) if end < 0 else end):
            for e in EDITIONS.values():
                if str(e.year) == m[1]:
                    return e.id
    return None


def of_codex(edition_id: str) -> Edition:
    """The table's row of a codex's edition; for ``unknown`` a row with the default's
    title and figures and no year (the title page then says the edition is not known)."""
    known = EDITIONS.get(edition_id)
    if known is not None:
        return known
    return Edition(
        id=edition_id, year=0, title=DEFAULT.title, laws=DEFAULT.laws, pdf_date=DEFAULT.pdf_date
    )


def of_sources(sources: Iterable[Source]) -> Edition:
    """The default edition of a set of sources: of the known editions they render,
    the one with the most text (ties go to the table's default); the table's
    default when none is known."""
    size: dict[str, int] = {}
    for s in sources:
        if s.edition in EDITIONS:
            size[s.edition] = size.get(s.edition, 0) + s.chars
    if not size:
        return DEFAULT
    most = max(size.values())
    if size.get(DEFAULT_ID) == most:
        return DEFAULT
    return next(EDITIONS[e] for e in size if size[e] == most)


def select(codex: Codex, wanted: str | None = None) -> Edition:
    """The edition an export (Akoma Ntoso, EPUB, the site's metadata) names:
    ``wanted`` when the corpus has a codex of it (``Codex.by_edition``), else the
    codex's own (a codex of an unknown edition is named as the default edition's).
    ``KodeksError`` for an edition the corpus has no codex of: no source renders
    it, or its sources hold no law text (``merge``, K405)."""
    from .errors import KodeksError

    if wanted is None:
        return EDITIONS.get(codex.edition, DEFAULT)
    ids = sorted(codex.by_edition)
    if str(wanted) not in ids:
        why = without_codex((s.edition for s in codex.sources), ids)
        raise KodeksError(f"edition {wanted} is not in the corpus; it has {', '.join(ids)}{why}")
    return EDITIONS.get(str(wanted), DEFAULT)


def without_codex(shown: Iterable[str], codexes: Iterable[str]) -> str:
    """`` (2017: sources with no law text)``: the editions the sources show (``shown``)
    that have no codex among ``codexes`` (``merge``, K405), for a message that names
    the editions a corpus has; empty when there are none. (Pages of an unknown
    edition whose law text the default codex took, K404, are no such edition.)"""
    bare = sorted(set(shown) - {*codexes, UNKNOWN})
    return f" ({', '.join(bare)}: sources with no law text)" if bare else ""
