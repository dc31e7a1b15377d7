"""Russian written in Latin letters, and read back into Cyrillic.

Some online libraries serve every book transliterated on request (``Pravilo 64.
Procedura posle vyyavleniya fal'shrenonsa``), and a copy of the laws saved from
such a page reaches a corpus so. ``SPELLINGS`` is the one table of how the usual
schemes (the libraries' own, the passport schemes, the scholarly and ISO letters)
write each Russian letter; everything here reads it:

- ``share_read_back``: the share of a text's Latin words (outside web addresses)
  that read back into words the Russian dictionary knows. ``language.measure`` names
  a text Russian in Latin letters (``language.TRANSLIT``) from it: Russian reads back
  nearly whole, English a quarter, a Slavic language in Latin script up to two thirds;
- ``readings``: every Cyrillic spelling a Latin word may stand for (``ts`` is ц or
  тс, ``e`` is е or э, ``y`` is ы or й), the main spellings first;
- ``changes``: the words of a text to read back, and their readings
  (``read_back``: the first the corpus holds, else the first ordinary word of the
  dictionary, else the first form it knows, else the main one, in the word's own
  case; a title in spaced letters letter by letter; a phrase in another language, a
  web address and what the Russian text writes in Latin letters too left as they
  are); the cleaner writes them (``clean.transliteration``), and what measures a raw
  text reads the text read back (``cyrillic``, through ``markup.visible``);
- ``romanized``: a Cyrillic text written with each letter's main spelling (the
  tests and the benchmark's damage make their Latin pages with it).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from functools import cache, lru_cache
from itertools import accumulate, chain, islice, pairwise, product
from math import prod

import regex

from . import morph
from .grammar import AUCTION_ROW

SPELLINGS: dict[str, tuple[str, ...]] = {
    "а": ("a",),
    "б": ("b",),
    "в": ("v", "w"),
    "г": ("g",),
    "д": ("d",),
    "е": ("e", "ye", "je"),
    "ё": ("jo", "yo", "e", "ë"),
    "ж": ("zh", "ž"),
    "з": ("z",),
    "и": ("i",),
    "й": ("j", "y", "i"),
    "к": ("k", "q"),
    "л": ("l",),
    "м": ("m",),
    "н": ("n",),
    "о": ("o",),
    "п": ("p",),
    "р": ("r",),
    "с": ("s",),
    "т": ("t",),
    "у": ("u",),
    "ф": ("f",),
    "х": ("h", "kh", "x"),
    "ц": ("c", "ts", "tz"),
    "ч": ("ch", "č"),
    "ш": ("sh", "š"),
    "щ": ("shch", "sch", "šč", "ŝ"),
    "ъ": ('"', "''", "ʺ", "'"),
    "ы": ("y",),
    "ь": ("'", "’", "ʹ"),
    "э": ("e'", "e", "è", "ė"),
    "ю": ("yu", "ju", "iu", "û"),
    "я": ("ya", "ja", "ia", "â"),
}
"""Each Russian letter and the Latin spellings that write it, the main one first
(``romanized`` writes that one): the online libraries' own, the passport schemes
(``ia``, ``iu``), the scholarly and ISO 9 letters (``š``, ``ž``, ``ŝ``, ``ʹ``)."""


def _letters_of(spelling: str) -> tuple[str, ...]:
    """The letters ``spelling`` writes, those it is the main spelling of first."""
    letters = [letter for letter, spellings in SPELLINGS.items() if spelling in spellings]
    return tuple(sorted(letters, key=lambda letter: SPELLINGS[letter].index(spelling)))


_LETTERS_OF: dict[str, tuple[str, ...]] = {
    spelling: _letters_of(spelling) for spellings in SPELLINGS.values() for spelling in spellings
}
"""Each Latin spelling and the letters it writes, those it is the main spelling of first
(``y``: ы, then й)."""
_UNIT = regex.compile("|".join(sorted(map(regex.escape, _LETTERS_OF), key=len, reverse=True)))

_LATIN = "A-Za-zšžčŝëèėûâŠŽČŜËÈĖÛÂ"
_SIGN = "'\"’ʹʺ"
WORD = regex.compile(
    rf"(?<![\p{{L}}\d])[{_LATIN}]+(?:[{_SIGN}]{{1,2}}[{_LATIN}]+)*[{_SIGN}]?(?![\p{{L}}\d])"
)
"""A word in Latin letters, with the apostrophes and quotes that write ь and ъ inside
it or ь at its end (``sud'ya``, ``ob"yavlenie``, ``obnaruzhit'``); not a letter joined
to digits (``64A1``)."""

MAX_READINGS = 256
"""Readings ``readings`` gives at most for one word."""


@cache
def _options(unit: str) -> tuple[str, ...]:
    """What one spelling (``_UNIT``) of a word may stand for: the letters it writes,
    then the letters of its two parts where it is two spellings side by side (``ts``:
    ц, then тс; ``sh``: ш, then сх; ``ye``: е, then ые)."""
    out = list(_LETTERS_OF.get(unit, (unit,)))
    for cut in range(1, len(unit)):
        head, tail = unit[:cut], unit[cut:]
        if head in _LETTERS_OF and tail in _LETTERS_OF:
            out += [a + b for a in _LETTERS_OF[head] for b in _LETTERS_OF[tail]]
    return tuple(dict.fromkeys(out))


@lru_cache(maxsize=65_536)
def readings(word: str) -> tuple[str, ...]:
    """The Cyrillic spellings a lower-case Latin ``word`` may stand for, the likeliest
    first: the word is cut into its longest spellings (``shch``, ``zh``, ``ya`` …), and
    the readings come in the order of how far they stray from each spelling's first
    option (``_options``; the second option is one step away, the third two), and
    among readings that stray as far, in the order of the options from the word's
    start (``_picks``); at most ``MAX_READINGS``. A character no spelling holds stays
    as it is."""
    units: list[tuple[str, ...]] = []
    at = 0
    for m in _UNIT.finditer(word):
        units += [(ch,) for ch in word[at : m.start()]]
        units.append(_options(m.group()))
        at = m.end()
    units += [(ch,) for ch in word[at:]]
    varying = [i for i, u in enumerate(units) if len(u) > 1]
    sizes = [len(units[i]) for i in varying]
    room = [*accumulate(reversed([size - 1 for size in sizes]), initial=0)][::-1]
    if prod(sizes) <= _SORTED_AT_MOST:
        # every choice, in order of the places (``product``), then by how far it strays
        # (a stable sort): ``_picks``'s order, faster where the choices are few
        choices: Iterable[tuple[int, ...]] = sorted(product(*map(range, sizes)), key=sum)
    else:
        choices = chain.from_iterable(_picks(sizes, steps, room) for steps in range(room[0] + 1))
    letters = [u[0] for u in units]
    out: list[str] = []
    for picks in islice(choices, MAX_READINGS):
        for i, k in zip(varying, picks, strict=True):
            letters[i] = units[i][k]
        out.append("".join(letters))
    return tuple(out)


_SORTED_AT_MOST = 4096
"""``readings`` sorts all of a word's choices where they are no more than this many."""


def _picks(sizes: list[int], steps: int, room: list[int]) -> Iterator[tuple[int, ...]]:
    """Every choice of one option at each place (``sizes``: how many options each
    place has) that strays ``steps`` from the first options in all, in the order of
    the choices from the first place on; ``room[i]``: how far the places from ``i``
    on can stray at most (so no choice is begun that cannot be finished)."""
    if not sizes:
        yield ()
        return
    for k in range(max(0, steps - room[1]), min(steps, sizes[0] - 1) + 1):
        for rest in _picks(sizes[1:], steps - k, room[1:]):
            yield (k, *rest)


def read_back(word: str, *tests: Callable[[str], bool]) -> str:
    """The Cyrillic reading of a Latin ``word``: of its ``readings``, the first that
    passes the first of ``tests`` any of them passes (the cleaner asks, in order,
    the corpus's words, the dictionary's ordinary words, any form the dictionary
    knows), else the main one; in the case the word is written in (capitals, a
    capital first, small letters)."""
    low = word.lower()
    return _cased(word, _first_passing(low, tests) or main_reading(low))


@lru_cache(maxsize=65_536)
def main_reading(word: str) -> str:
    """The first of ``readings(word)``: each spelling read as the letter it is the main
    spelling of. Most words of a page in Latin letters read back so, and it is asked
    first, before all the readings are made."""
    return _UNIT.sub(lambda m: _options(m.group())[0], word)


def _first_passing(word: str, tests: tuple[Callable[[str], bool], ...]) -> str | None:
    """Of the ``readings`` of the lower-case ``word``, the first that passes the first
    of ``tests`` any of them passes (the main reading, where it passes the first)."""
    main = main_reading(word)
    if tests and tests[0](main):
        return main
    return next((r for test in tests for r in readings(word) if test(r)), None)


def _reads_back(word: str, tests: tuple[Callable[[str], bool], ...]) -> bool:
    """Some reading of the lower-case ``word`` passes some one of ``tests`` (the main
    reading asked first)."""
    main = main_reading(word)
    return any(t(main) for t in tests) or any(t(r) for r in readings(word)[1:] for t in tests)


def _cased(word: str, reading: str) -> str:
    """``reading`` in the case ``word`` is written in."""
    if not word[0].isalpha():
        return reading
    if _in_capitals(word):
        return reading.upper()
    if word[0].isupper():
        return reading[:1].upper() + reading[1:]
    return reading


@lru_cache(maxsize=65_536)
def _in_capitals(word: str) -> bool:
    """A word written in capitals: more than half its letters, and not one letter
    alone (``RASPOLOZHENIYa``: the last letter's second Latin letter may be small).
    Cached: a page repeats its words."""
    letters = [c for c in word if c.isalpha()]
    return len(letters) > 1 and 2 * sum(c.isupper() for c in letters) > len(letters)


_LINE_END_HYPHEN = regex.compile(r"-[ \t]*\n[ \t]*")


def changes(
    text: str, corpus: Callable[[str], bool] | None = None
) -> list[tuple[int, int, str, str]]:
    """``(start, end, word, reading)`` of every Latin word of ``text`` to read back
    (``read_back``: a reading the corpus holds, else an ordinary word of the
    dictionary, else any form it knows, else the main reading). A word a hyphen
    broke over two lines is read whole (``vyyas-`` | ``nitsya``: выяс | нится, where
    ``nitsya`` alone reads ниця), each piece then written on its line. Left in Latin
    letters, as the Russian text writes them too: a unit's letter (``A.``, ``(B)``),
    a commentary's item (``(a)``, ``(iii)``), a Roman numeral (``Razdel IV -``; a
    lone ``I`` or ``V`` before a word in small letters is the conjunction or the
    preposition), a word in capitals of three letters or fewer that reads back into
    no known word (``RHO``, ``NT``), and the words of a web address."""
    tests: tuple[Callable[[str], bool], ...] = (morph.is_common, morph.is_known)
    if corpus is not None:
        tests = (corpus, *tests)
    out: list[tuple[int, int, str, str]] = []
    spaced = []
    for run in _SPACED_RUN.finditer(text):
        if _spaced_title(text, run):
            # a title in spaced letters (``P r a v i l o``): each its letter, in its case
            spaced.append(run.span())
            for piece in regex.finditer(r"\S+", run.group()):
                at, letter = run.start() + piece.start(), _LETTERS_OF[piece.group().lower()][0]
                out.append(
                    (at, at + len(piece.group()), piece.group(), _cased(piece.group(), letter))
                )
    words = [
        m
        for m in _words(text)
        if not _inside(spaced, m.start()) and not _stays_latin(m.group(), text, m.start(), m.end())
    ]
    words = _without_foreign_runs(words, tests)
    readings_of: dict[str, str] = {}  # a page repeats its words: each is read back once
    i = 0
    while i < len(words):
        m = words[i]
        word = m.group()
        nxt = words[i + 1] if i + 1 < len(words) else None
        if nxt is not None and _LINE_END_HYPHEN.fullmatch(text, m.end(), nxt.start()):
            pieces = _read_over_a_break(word, nxt.group(), tests)
            if pieces is not None:
                out += [(m.start(), m.end(), word, pieces[0])]
                out += [(nxt.start(), nxt.end(), nxt.group(), pieces[1])]
                i += 2
                continue
        end = m.end()
        if word[-1] in _SIGN and _quote_open(text, m.start()):
            word, end = word[:-1], end - 1  # a closing quote (``'povedeniem'``), no ь
        new = readings_of.get(word)
        if new is None:
            new = readings_of[word] = read_back(word, *tests)
        if not (len(word) <= 3 and word.isupper() and not morph.is_known(new)):
            out.append((m.start(), end, word, new))  # else an abbreviation the laws write so
        i += 1
    return sorted(out)


_SPACED_RUN = regex.compile(
    rf"(?<!\S)[{_LATIN}{_SIGN}]{{1,4}}(?: [{_LATIN}{_SIGN}]{{1,4}}){{3,}}(?!\S)"
)
"""Four or more spellings of one letter each, a blank between them: a title in spaced
letters (``P r a v i l o``, ``v y ya v l e n i ya``)."""


def _spaced_title(text: str, m: regex.Match) -> bool:
    """The spaced run ``m`` is a title in spaced letters: every piece is one letter's
    spelling, and its line is no row of the players' seats (``W N E S``,
    ``grammar.AUCTION_ROW``)."""
    if not all(piece.lower() in _LETTERS_OF for piece in m.group().split(" ")):
        return False
    start = text.rfind("\n", 0, m.start()) + 1
    end = text.find("\n", m.end())
    return AUCTION_ROW.match(text[start : len(text) if end < 0 else end]) is None


FOREIGN_RUN = 3
"""Words in a row, none of which reads back into a word the corpus or the dictionary
knows, that are a phrase in another language (``Calling the Director``): they stay
as they are. Russian words the dictionary lacks seldom stand three in a row."""


def _without_foreign_runs(
    words: list[regex.Match], tests: tuple[Callable[[str], bool], ...]
) -> list[regex.Match]:
    """``words`` without the runs of ``FOREIGN_RUN`` or more words of three letters or
    more that have no reading any of ``tests`` passes (short words inside a run, ``a``,
    ``of``, go with it)."""

    strange: dict[str, bool] = {}  # a text repeats its words: each is asked once

    def stranger(m: regex.Match) -> bool:
        word = m.group().lower()
        if word not in strange:
            forms = {word, word.rstrip(_SIGN)}
            strange[word] = len(word) >= 3 and not any(_reads_back(f, tests) for f in forms)
        return strange[word]

    out: list[regex.Match] = []
    run: list[regex.Match] = []
    strangers = 0
    for m in words:
        if run and "\n" in m.string[run[-1].end() : m.start()]:  # a run stays on its line
            out += run if strangers < FOREIGN_RUN else []
            run, strangers = [], 0
        odd = stranger(m)
        if odd or len(m.group()) < 3:
            run.append(m)
            strangers += odd
        else:
            out += run if strangers < FOREIGN_RUN else []
            run, strangers = [], 0
            out.append(m)
    out += run if strangers < FOREIGN_RUN else []
    return out


_OPENING_QUOTE = regex.compile(r"(?<![^\s(\[«])['’\"](?=\p{L})")
_CLOSING_QUOTE = regex.compile(r"(?<=\p{L})['’\"](?![\p{L}])")


def _quote_open(text: str, at: int) -> bool:
    """A quote opened before ``at`` on its line is not closed yet: an apostrophe or a
    double quote at the end of the word at ``at`` closes it, and writes no ь or ъ."""
    start = text.rfind("\n", 0, at) + 1
    opened = _OPENING_QUOTE.findall(text[start : at + 1])  # with the word's first letter
    return len(opened) > len(_CLOSING_QUOTE.findall(text[start:at]))


def _words(text: str) -> list[regex.Match]:
    """The Latin words of ``text`` outside its web addresses (``_WEB_ADDRESS``), a
    word glued to the next where a page's markup stood between them cut apart
    (``naznachaetsyaKogda``: the small letters of one, then a capital and small
    letters: ``_GLUED``), each piece a match over its own span, so that each reads
    back on its own and keeps its capital for the cleaner's repair of glued
    headings. A word in capitals is not cut (``ZAYaVKI``)."""
    addresses = [m.span() for m in _WEB_ADDRESS.finditer(text)]
    out: list[regex.Match] = []
    for m in WORD.finditer(text):
        if _inside(addresses, m.start()):
            continue
        word = m.group()
        # a cut needs a capital after two letters (``_GLUED``): most words have none
        rest = word[2:]
        cuts = (
            [c.start() for c in _GLUED.finditer(word)]
            if rest != rest.lower() and not _in_capitals(word)
            else []
        )
        if not cuts:
            out.append(m)
            continue
        for a, b in pairwise([0, *cuts, len(word)]):
            piece = _PIECE.fullmatch(text, m.start() + a, m.start() + b)
            assert piece is not None  # a piece of a word is letters and signs
            out.append(piece)
    return out


_PIECE = regex.compile(rf"[{_LATIN}{_SIGN}]+")
_GLUED = regex.compile(rf"(?<=[a-zšžčŝëèėûâ]{{2}}[{_SIGN}]?)(?=[A-ZŠŽČŜËÈĖÛÂ](?![A-ZŠŽČŜËÈĖÛÂ]))")
"""Where two Latin words a page's markup glued together meet (``…sya|Kogda``,
``…vost'|Kogda``, ``…sa|I``): small letters (and a soft sign), then a capital that
no other capital follows."""


def _inside(spans: list[tuple[int, int]], at: int) -> bool:
    """Offset ``at`` lies inside one of ``spans``."""
    return any(a <= at < b for a, b in spans)


def _read_over_a_break(
    head: str, tail: str, tests: tuple[Callable[[str], bool], ...]
) -> tuple[str, str] | None:
    """The readings of the two pieces of a word a line-end hyphen broke, read whole:
    ``None`` where no reading of the whole passes a test, or the cut falls inside a
    letter's spelling (``t-s`` of ц)."""
    whole = _first_passing((head + tail).lower(), tests)
    if whole is None:
        return None
    first = next((h for h in readings(head.lower()) if whole.startswith(h)), None)
    if first is None or len(first) == len(whole):
        return None
    return _cased(head, first), _cased(tail, whole[len(first) :])


def cyrillic(text: str) -> str:
    """``text`` with its Latin words read back (``changes``), on the same lines: what
    measures a source before it is cleaned (its kind, its edition) reads this of a
    page in Latin letters."""
    parts, at = [], 0
    for s, e, _word, new in changes(text):
        parts += [text[at:s], new]
        at = e
    parts.append(text[at:])
    return "".join(parts)


_WEB_ADDRESS = regex.compile(
    r"(?<!\S)\S*?(?:://|www\.|@)\S*"
    r"|(?<!\S)\S*?[\w-]\.(?:ru|su|com|org|net|info|biz|edu|gov|ua|by|kz|pl|de|uk|eu|io|me)\b\S*",
    regex.I,
)
"""A web address, with its scheme or ``www.`` or an ``@``, or a domain's name with its
path (``bridge-klub.example.ru/zakony/pravilo-11``): its words stay as they are. A
match is a whole run of characters between blanks, begun only at its first (where a
match begun anywhere else would have begun)."""
_ROMAN = regex.compile(r"[IVXLC]+")


def _stays_latin(word: str, text: str, s: int, e: int) -> bool:
    """``changes``: the Latin ``word`` at ``text[s:e]`` is written so in the Russian text
    too: a unit's letter, a commentary's item, a Roman numeral, or a capital alone that
    is no Russian word of one letter (a player's seat, a card)."""
    after = text[e : e + 2]
    if len(word) == 1 and word.isupper() and (after[:1] in ".)" or text[s - 1 : s] == "("):
        return True  # ``A.``, ``(B)``
    if (
        text[s - 1 : s] == "("
        and after[:1] == ")"
        and (len(word) == 1 or _ROMAN.fullmatch(word.upper()))
    ):
        return True  # a commentary's items: ``(a)``, ``(iii)``
    if _ROMAN.fullmatch(word) and len(word) > 1:
        return True  # ``Razdel IV -``
    if len(word) == 1 and word.isupper():
        # a capital alone is one of Russian's words of one letter (``I``, ``V``, ``S``,
        # ``K``, ``A``, ``O``, ``U``) in its main spelling before a word in small letters
        # (``I sud'ya``, ``V sluchae``); else a Roman numeral (``Chast' I.``), a
        # player's seat (``W N E S``) or a card (``♠K``)
        main = _LETTERS_OF.get(word.lower(), ("",))[0]
        before_word = after[:1] == " " and after[1:2].islower()
        return main not in _ONE_LETTER_WORDS or not before_word
    return False


_ONE_LETTER_WORDS = frozenset("авикосуя")


def share_read_back(text: str, most: int = 300) -> tuple[float, int]:
    """``(share, words)``: of the distinct Latin words of three letters or more in
    ``text`` (the first ``most``), the share with a reading the dictionary knows, and
    how many were read."""
    words: dict[str, None] = {}
    for m in _words(text):
        w = m.group().lower()
        if sum(c.isalpha() for c in w) >= 3:
            words[w] = None
            if len(words) >= most:
                break
    if not words:
        return 0.0, 0
    read = sum(1 for w in words if _reads_back(w, (morph.is_known,)))
    return read / len(words), len(words)


_MAIN = {letter: spellings[0] for letter, spellings in SPELLINGS.items()}


def romanized(text: str) -> str:
    """``text`` with each Russian letter written in its main Latin spelling, in its
    case (``Ш`` → ``Sh``, or ``SH`` inside a word in capitals)."""
    out = []
    for i, ch in enumerate(text):
        low = ch.lower()
        latin = _MAIN.get(low)
        if latin is None:
            out.append(ch)
        elif ch == low:
            out.append(latin)
        else:
            # a word in capitals: a letter beside another capital (``ЗАЯВКИ`` →
            # ``ZAYaVKI`` would read as a capital and a small letter)
            near = text[i + 1 : i + 2] + (text[i - 1 : i] if i else "")
            caps = any(c.isupper() for c in near)
            out.append(latin.upper() if caps else latin[:1].upper() + latin[1:])
    return "".join(out)
