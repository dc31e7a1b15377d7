"""Canonical addresses: the one place where they are parsed, built and printed.

Forms (``../shared/gold/README.md``):

- divisions above laws, three levels each with its own address space: a «Глава»
  ``chapter:III``, a «Часть» (part of a chapter) ``chapter-part:II``, a «Раздел»
  ``part:I``; the numeral as the source writes it (Roman stays Roman);
- law ``64``; section ``64A``; clause ``64A1``;
- subclause ``67B1(A)``, one level deeper ``9A2(B)(1)``;
- commentary paragraph ``64.10``, its items ``64.10(i)``;
- a commentary paragraph keyed by the subsection it comments (``12С1.``, ``12C1.``):
  ``12.C1`` (the commentary's address space, never the law clause ``12C1``);
- merged commentary paragraphs (``12.4,5.`` is 12.4 and 12.5 printed as one): one
  node whose id is its first key, ``12.4``, whose label is ``12.4,5``;
  ``merged_keys("12.4,5") == ("12.4", "12.5")`` names every paragraph it stands for.

Letters are Latin in addresses whatever script the source used: the Cyrillic
look-alikes А В С Е Н К М О Р Т Х (and lower case) map to A B C E H K M O P T X.
Search, links, HTML anchors and exports all go through this module.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from .lazy import Pattern

# Cyrillic letters that OCR and typists use for Latin ones in markers.
_LOOKALIKE = str.maketrans(
    {
        "А": "A",
        "В": "B",
        "С": "C",
        "Е": "E",
        "Н": "H",
        "К": "K",
        "М": "M",
        "О": "O",
        "Р": "P",
        "Т": "T",
        "Х": "X",
        "а": "a",
        "в": "b",
        "с": "c",
        "е": "e",
        "н": "h",
        "к": "k",
        "м": "m",
        "о": "o",
        "р": "p",
        "т": "t",
        "х": "x",
    }
)


def latin(text: str) -> str:
    """Map Cyrillic look-alike letters to Latin ones (``64А1`` → ``64A1``)."""
    return text.translate(_LOOKALIKE)


CYRILLIC_ORDER = "АБВГДЕЖЗ"
"""Section letters in the Russian alphabet's order, as a copy retyped in Russian may
letter them (``А.``, ``Б.``, ``В.`` for A, B, C): by place, not by look."""
CYRILLIC_ONLY = frozenset("БГДЖЗ")
"""Letters of ``CYRILLIC_ORDER`` with no Latin look-alike: one of them among a law's
section letters shows the law lettered in that order."""
_BY_PLACE = str.maketrans(
    {c: chr(ord("A") + CYRILLIC_ORDER.index(c)) for c in CYRILLIC_ONLY}
    | {c.lower(): chr(ord("a") + CYRILLIC_ORDER.index(c)) for c in CYRILLIC_ONLY}
)


_ALL_BY_PLACE = str.maketrans(
    {c: chr(ord("A") + i) for i, c in enumerate(CYRILLIC_ORDER)}
    | {c.lower(): chr(ord("a") + i) for i, c in enumerate(CYRILLIC_ORDER)}
)
_WRITTEN_SECTION = Pattern(
    r"(?<=\d)[ \t]*([" + CYRILLIC_ORDER + CYRILLIC_ORDER.lower() + r"])"
    r"|(?<![\p{L}\d])([" + CYRILLIC_ORDER + r"])(?!\p{L})"
)
"""A Cyrillic section letter as a reference writes it: right after its law's number
(``13В``, ``64в1``), or a capital alone after a noun (``пункт В``)."""


def by_place(target: str, written: str) -> str:
    """``target`` (a canonical address a reference gives) as a page that letters its
    sections in the Russian alphabet's order means it: its section letter read by its
    place when ``written`` (the reference's text) wrote it in Cyrillic (``правило 64В2``
    → ``64C2``, ``64Е`` → ``64F``); the target as it is otherwise."""
    m = _WRITTEN_SECTION.search(written)
    a = parse(target)
    if m is None or a is None or not a.section or a.para is not None:
        return target
    law = str(a.law)
    letter = (m[1] or m[2]).upper()
    return law + letter.translate(_ALL_BY_PLACE) + target[len(law) + 1 :]


def marker_letter(label: str) -> str:
    """A unit's letter as an address writes it: a look-alike read as its Latin letter
    (``В`` → ``B``), a letter with none by its place in the Russian alphabet (``Б`` →
    ``B``, ``Г`` → ``D``), so that no address holds a Cyrillic letter. (The cleaner
    reads a whole series lettered in the Russian order by place first, ``В`` too.)"""
    return latin(label).translate(_BY_PLACE)


_CYRILLIC = {latin_: chr(cyr) for cyr, latin_ in _LOOKALIKE.items()}


def cyrillic(text: str) -> str:
    """Map Latin letters to their Cyrillic look-alikes (``A`` → ``А``, ``B`` → ``В``): a
    series lettered in the Russian alphabet whose OCR or typist took some of the letters
    from the Latin one (``A)``, ``Б)``)."""
    return "".join(_CYRILLIC.get(c, c) for c in text)


DIGIT_LOOKALIKES = {"З": "3", "О": "0", "O": "0", "l": "1", "I": "1"}
"""Letters OCR reads for digits inside a number («2З» for 23, «4О» for 40, «l6» for 16).
Not «б» for 6: «1б» is as often a sub-item «б» of point 1."""
_DIGIT_LOOKALIKE = str.maketrans(DIGIT_LOOKALIKES)


def digits(text: str) -> str:
    """Map the letters OCR reads for digits to the digits (``2З`` → ``23``, ``4О`` → ``40``);
    only for text already known to be a number."""
    return text.translate(_DIGIT_LOOKALIKE)


SPACES = ("chapter", "chapter-part", "part")
"""The address spaces of divisions, outermost first (a new one also needs its
Akoma Ntoso name in ``_AKN_DIVISIONS``)."""


@lru_cache(maxsize=1)
def divisions() -> dict[str, str]:
    """The division words of the sources (lower case) and their address spaces: the
    ``divisions`` of every edition in ``editions.toml`` (``editions.DIVISION_WORDS``).
    Read when an address first needs them, so that a lookup of an address as the
    codex stores it (``kodeks show 64``) reads no table of editions."""
    from .editions import DIVISION_WORDS

    if unknown := set(DIVISION_WORDS.values()) - set(SPACES):
        raise ValueError(
            f"editions.toml: division address space(s) {', '.join(sorted(unknown))} are not in "
            "pipeline/addresses.py SPACES"
        )
    return DIVISION_WORDS


@lru_cache(maxsize=1)
def _division_word() -> dict[str, str]:
    """The word shown for each address space: the first edition's."""
    words: dict[str, str] = {}
    for word, space in divisions().items():
        words.setdefault(space, word.capitalize())
    return words


_DIVISION_RANK = {space: rank for rank, space in enumerate(SPACES)}
# Outermost first: a «Часть» sits under a «Глава» («Глава V», then «Часть II»); a
# «Раздел» under a «Часть» («Часть III», then «Раздел I») or a «Глава» («Глава X»,
# then «Раздел 1»). Alone (as in the seeds) a «Раздел» is a root anyway.


def division(word: str, numeral: str) -> str | None:
    """The address of a division heading: ``division("Глава", "III") == "chapter:III"``,
    ``("Часть", "II")`` → ``chapter-part:II``, ``("Раздел", "I")`` → ``part:I``;
    ``None`` for a word that names no division."""
    space = divisions().get(word.lower())
    return f"{space}:{numeral.upper()}" if space else None


def division_rank(address: str) -> int:
    """How deep a division sits: a chapter 0, a part of a chapter 1, a «Раздел» 2."""
    a = parse(address)
    return _DIVISION_RANK.get(a.division, 0) if a and a.part else 0


def display(address: str) -> str:
    """How an address is shown to a reader: ``Глава III``, ``Часть II``, ``Раздел I``;
    other addresses as they are."""
    a = parse(address)
    if a is not None and a.part:
        return f"{_division_word()[a.division]} {a.part}"
    return address


DIVISION_NUMERAL = r"[IVXLC]+|\d{1,2}"
"""A division's numeral in an address: Roman (``chapter:III``) or Arabic (the 1997
code's ``Раздел 1``, ``part:1``)."""

_CANON = Pattern(
    r"""(?x)
    ^(?:
        (?P<div>chapter-part|chapter|part):(?P<part>"""
    + DIVISION_NUMERAL
    + r""")
      | (?P<comm>\d{1,3}\.(?:\d{1,2}|[A-Z]\d{1,2}))(?P<citems>(?:\([ivx]+\))*)
      | (?P<law>\d{1,3})
        (?:(?P<sec>[A-Z])
           (?:(?P<cl>\d{1,2})(?P<subs>(?:\((?:[A-Z]|\d{1,2})\))*)(?P<items>(?:\([ivx]+\))*))?
        )?
    )$"""
)


def is_canonical(address: str) -> bool:
    """True for a well-formed canonical address."""
    return bool(_CANON.match(address or ""))


@dataclass(frozen=True, slots=True)
class Address:
    """A parsed canonical address."""

    law: int | None
    """Law number (``None`` for a part)."""
    section: str | None = None
    """Section letter."""
    clause: int | None = None
    """Clause number."""
    subs: tuple[str, ...] = ()
    """Subclause labels, outermost first, without parentheses (``("B", "1")``)."""
    para: int | str | None = None
    """Commentary paragraph number (``10`` in ``64.10``), or the subsection that keys
    it (``"C1"`` in ``12.C1``)."""
    items: tuple[str, ...] = ()
    """Commentary item labels (``("i",)``)."""
    part: str | None = None
    """Numeral of a division (``III``), as the source writes it."""
    division: str = "part"
    """Address space of a division: ``chapter``, ``chapter-part`` or ``part``."""

    def __str__(self) -> str:
        if self.part:
            return f"{self.division}:{self.part}"
        if self.para is not None:
            return f"{self.law}.{self.para}" + "".join(f"({i})" for i in self.items)
        out = str(self.law)
        if self.section:
            out += self.section
            if self.clause is not None:
                out += str(self.clause) + "".join(f"({s})" for s in self.subs)
                out += "".join(f"({i})" for i in self.items)
        return out

    @property
    def kind(self) -> str:
        """The node kind an address of this shape names."""
        if self.part:
            return "part"
        if self.para is not None:
            return "item" if self.items else "commentary"
        if self.items:
            return "item"
        if self.subs:
            return "subclause"
        if self.clause is not None:
            return "clause"
        if self.section:
            return "section"
        return "law"


_ITEM = Pattern(r"\(([ivx]+)\)")
_SUB = Pattern(r"\(([A-Z]|\d+)\)")


@lru_cache(maxsize=65536)
def parse(address: str) -> Address | None:
    """Parse a canonical address; ``None`` when it is not one (cached: a codex
    asks for the same addresses many times)."""
    m = _CANON.match(address or "")
    if not m:
        return None
    if m["part"]:
        return Address(law=None, part=m["part"], division=m["div"])
    if m["comm"]:
        law, para = m["comm"].split(".")
        return Address(
            law=int(law),
            para=int(para) if para.isdigit() else para,
            items=tuple(_ITEM.findall(m["citems"])),
        )
    return Address(
        law=int(m["law"]),
        section=m["sec"],
        clause=int(m["cl"]) if m["cl"] else None,
        subs=tuple(_SUB.findall(m["subs"] or "")),
        items=tuple(_ITEM.findall(m["items"] or "")),
    )


_MERGED = Pattern(r"^(\d{1,3})\.(\d{1,2})((?:,\d{1,2})+)$")


def commentary_key(law: str, key: str, more: Iterable[str] = ()) -> str | None:
    """The label of a commentary paragraph's key as a source writes it:
    ``("12", "4")`` → ``12.4``; ``("12", "С1")`` (Cyrillic look-alike) → ``12.C1``; a merged
    key ``("12", "4", ["5"])`` → ``12.4,5``. ``None`` when it makes no address."""
    first = f"{int(law)}.{int(key)}" if key.isdigit() else f"{int(law)}.{latin(key).upper()}"
    if not is_canonical(first):
        return None
    rest = [str(int(k)) for k in more]
    return first + "".join("," + k for k in rest) if rest and key.isdigit() else first


def merged_keys(label: str) -> tuple[str, ...]:
    """Every commentary paragraph a label stands for: ``12.4,5`` → ``("12.4", "12.5")``;
    any other label → itself alone. The first is the node's id."""
    if not label or "," not in label:  # not merged: no pattern to compile
        return (label,)
    m = _MERGED.match(label)
    if not m:
        return (label,)
    law = m[1]
    return tuple(f"{law}.{k}" for k in [m[2], *m[3].split(",")[1:]])


def merged_aliases(labelled: Iterable[tuple[str, str | None]]) -> dict[str, str]:
    """Every further key a merged commentary paragraph stands for → its id, from
    ``(id, label)`` pairs: ``("12.4", "12.4,5")`` gives ``{"12.5": "12.4"}``. This is
    how every lookup (``kodeks show``, the API, the site's jump box, search, and
    references) finds ``12.5`` in node 12.4. A key that is an address of its own
    (another source printed 12.5 apart) stays that node's."""
    pairs = list(labelled)
    own = {address for address, _label in pairs}
    out: dict[str, str] = {}
    for address, label in pairs:
        for key in merged_keys(label or "")[1:]:
            if key not in own:
                out.setdefault(key, address)
    return out


def law_of(address: str | None) -> str | None:
    """The law an address belongs to (``"64"`` for ``64A1`` and ``64.10``)."""
    a = parse(address or "")
    return str(a.law) if a and a.law is not None else None


def compose(
    law: str | int,
    section: str | None = None,
    clause: str | None = None,
    subs: str = "",
    items: str = "",
    *,
    para: str | None = None,
    para_items: str = "",
) -> str | None:
    """The canonical address of the pieces a reference names, as written (Cyrillic
    look-alike letters allowed, and a section letter with none read by its place,
    ``marker_letter``; numbers with leading zeros): ``compose("64", "А", "1")
    == "64A1"``, ``compose("64", "Б") == "64B"``, ``compose("64", para="10", para_items="(i)") == "64.10(i)"``. ``None``
    when the pieces do not make a canonical address."""
    base = digits(str(law))
    if para:
        out = f"{base}.{int(para)}{para_items}"
        return out if is_canonical(out) else None
    out = base
    if section:
        out += marker_letter(section.upper())
        if clause:
            out += str(int(digits(clause))) + latin(subs).upper() + items
    return out if is_canonical(out) else None


def describe(address: str) -> str:
    """English name of an address for messages: ``law 64 section A clause 1``,
    ``commentary 64.10 item (i)``, ``part I``."""
    a = parse(address)
    if a is None:
        return address
    if a.part:
        return f"part {a.part}"
    if a.para is not None:
        out = f"commentary {a.law}.{a.para}"
        return out + "".join(f" item ({i})" for i in a.items)
    out = f"law {a.law}"
    if a.section:
        out += f" section {a.section}"
    if a.clause is not None:
        out += f" clause {a.clause}"
    out += "".join(f" subclause ({s})" for s in a.subs)
    out += "".join(f" item ({i})" for i in a.items)
    return out


def section_of(address: str | None) -> str | None:
    """The section an address lies in (``64A`` for ``64A1(B)``); ``None`` outside sections."""
    a = parse(address or "")
    if a and a.section and a.law is not None:
        return str(Address(a.law, a.section))
    return None


def laws(addresses: Iterable[str]) -> list[str]:
    """The distinct laws of some addresses, in numeric order."""
    return sorted({law for a in addresses if (law := law_of(a))}, key=int)


def parent(address: str) -> str | None:
    """The address one level up (``64A1`` → ``64A``, ``64.10(i)`` → ``64.10``,
    ``64.10`` → ``64``); ``None`` at the top."""
    a = parse(address)
    if a is None or a.part:
        return None
    if a.items:
        return str(Address(a.law, a.section, a.clause, a.subs, a.para, a.items[:-1]))
    if a.para is not None:
        return str(a.law)
    if a.subs:
        return str(Address(a.law, a.section, a.clause, a.subs[:-1]))
    if a.clause is not None:
        return str(Address(a.law, a.section))
    if a.section:
        return str(a.law)
    return None


def ancestors(address: str) -> list[str]:
    """Every address above this one, nearest first."""
    out, cur = [], parent(address)
    while cur:
        out.append(cur)
        cur = parent(cur)
    return out


def child(parent_id: str | None, kind: str, label: str | None) -> str | None:
    """Compose a child's address from its parent's and its own label.

    ``child("64", "section", "A") == "64A"``; ``child("67B1", "subclause", "(A)") ==
    "67B1(A)"``; ``child(None, …)`` is ``None`` (inside a fragment)."""
    if label is None:
        return None
    if kind == "part":
        return label if ":" in label else f"part:{label}"
    if kind == "law":
        return label
    if kind == "commentary":
        return label
    if parent_id is None:
        return None
    return parent_id + marker_letter(label)


def next_section(address: str) -> str | None:
    """The letter of the section after the one ``address`` names (``64A`` → ``B``), or
    ``None`` when it names no section, or a section ``Z``."""
    a = parse(address or "")
    if a is None or a.section is None or a.clause is not None or a.section >= "Z":
        return None
    return chr(ord(a.section) + 1)


_ROMAN = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100}


def roman_value(numeral: str) -> int:
    """Value of a Roman numeral (``IV`` → 4) or of Arabic digits; 0 for anything else."""
    if numeral.isdigit():
        return int(numeral)
    total = 0
    for i, ch in enumerate(numeral):
        v = _ROMAN.get(ch.upper(), 0)
        if not v:
            return 0
        nxt = _ROMAN.get(numeral[i + 1].upper(), 0) if i + 1 < len(numeral) else 0
        total += -v if v < nxt else v
    return total


def sort_key(address: str) -> tuple:
    """Document order of addresses: parts, then by law, section, clause, …"""
    a = parse(address)
    if a is None:
        return (9, address)
    if a.part:
        return (0, roman_value(a.part), _DIVISION_RANK[a.division], a.division)
    subs = tuple((0, int(s)) if s.isdigit() else (1, ord(s)) for s in a.subs)
    items = tuple(roman_value(i) for i in a.items)
    if a.para is not None:
        # numbered paragraphs first, then those keyed by a subsection, in its order
        key = (0, a.para, "") if isinstance(a.para, int) else (1, 0, a.para)
        return (1, a.law, 1, "", 0, (), key, items)
    return (1, a.law, 0, a.section or "", a.clause or 0, subs, 0, items)


def anchor(address: str) -> str:
    """The HTML anchor of an address: safe in ``id`` and URL fragments.

    ``64A1`` → ``64A1``; ``67B1(A)`` → ``67B1-A``; ``64.10(i)`` → ``64.10-i``;
    ``part:I`` → ``part-I``; ``chapter-part:II`` → ``chapter-part-II``."""
    return address.replace(":", "-").replace(")(", "-").replace("(", "-").replace(")", "")


# --- lenient parsing of what people type -------------------------------------

_HUMAN = Pattern(
    r"""(?xi)
    ^\s*
    (?:(?:правил\w*|law|rule|п\.?\s*п\.?|п\.|пункт\w*|§)\s*)?      # optional noun
    (?P<law>\d{1,3})
    (?:
        \s*\.\s*(?P<para>\d{1,2})\.?\s*(?P<items>(?:\(\s*[ivx]+\s*\)\s*)*)   # 64.10(i)
      | [\s,]*(?P<sec>[A-EА-ЕВСa-eа-е])
        (?:\s*(?P<cl>\d{1,2})
           (?P<subs>(?:\s*\(\s*(?:[A-Za-zА-Яа-я]|\d{1,2})\s*\)|\s*[a-eа-е](?![\w]))*)
           (?P<items>(?:\s*\(\s*[ivx]+\s*\))*)
        )?
    )?
    \s*\.?\s*$"""
)


_HUMAN_DIVISION = Pattern(
    lambda: (
        r"(?i)^(?P<word>"
        + "|".join(sorted({*SPACES, *divisions()}, key=lambda w: (-len(w), w)))
        + r")(?::|\s+)(?P<num>"
        + DIVISION_NUMERAL
        + r")\s*$"
    )
)


_EDITION_PREFIX = Pattern(r"(?i)^\s*(?P<edition>\d{4}|unknown)\s*:\s*(?P<rest>\S.*)$")


_ROMAN_ITEM = Pattern(r"(?i)([ivx]+)")
_TYPED_SUB = Pattern(r"\(?\s*([A-Za-zА-Яа-я]|\d{1,2})\s*\)?")


def split_edition(text: str) -> tuple[str | None, str]:
    """An address typed with its edition: ``1997:64A1`` → ``("1997", "64A1")``;
    without one, ``(None, text)``."""
    if ":" not in (text or ""):  # the prefix needs a colon: no pattern to compile
        return None, text
    m = _EDITION_PREFIX.match(text)
    if not m:
        return None, text
    return m["edition"].lower(), m["rest"]


def with_edition(edition: str, address: str) -> str:
    """The printed form of an address in an edition: ``1997:64A1``."""
    return f"{edition}:{address}"


def lenient(text: str) -> str | None:
    """Parse an address as a person types it and return the canonical form.

    Accepts ``64A1``, ``64 A 1``, ``64а1``, ``64А1`` (Cyrillic), ``правило 64А1``,
    ``Правило 64, A1``, ``Law 64A1``, ``67B1(A)``, ``67B1a``, ``67 B 1 (а)``,
    ``п. 64.10``, ``64.10(i)``, ``part:I``, ``Раздел I``, ``Глава III``, ``chapter:III``,
    ``Часть II``, ``chapter-part:II``. ``None`` otherwise.
    """
    text = (text or "").strip()
    m = _HUMAN_DIVISION.match(text)
    if m:
        word = m["word"].lower()
        return f"{divisions().get(word, word)}:{m['num'].upper()}"
    m = _HUMAN.match(text)
    if not m:
        return None
    law = str(int(m["law"]))
    if m["para"]:
        items = "".join(f"({i.lower()})" for i in _ROMAN_ITEM.findall(m["items"] or ""))
        return f"{law}.{int(m['para'])}{items}"
    if not m["sec"]:
        return law
    out = law + latin(m["sec"]).upper()
    if m["cl"]:
        out += str(int(m["cl"]))
        for s in _TYPED_SUB.findall(m["subs"] or ""):
            out += f"({latin(s).upper()})"
        for i in _ROMAN_ITEM.findall(m["items"] or ""):
            out += f"({i.lower()})"
    return out if is_canonical(out) else None


# --- the site's address jump: folded forms ---------------------------------------
#
# The HTML site jumps to an address typed into its search box, offline, with no
# parser of its own: each page gets a table from folded typed forms to pages
# (``jump_table``), and ``kodeks.js`` folds what was typed with the same four
# patterns and look-alike map (``FOLD``, shipped beside the table) and looks it
# up. Folding only removes what does not tell addresses apart (case, look-alike
# script, spaces, commas, parentheses, colons, a leading «правило»/«п.», a final
# full stop); the table's values come from the canonical addresses, so a form the
# table does not hold is not an address of that site.

FOLD: dict[str, Any] = {
    "edition": r"^\s*(\d{4}|unknown)\s*:\s*",
    "noun": r"^(?:правил[а-яё]*|law|rule|п\.?\s*п\.?|п\.|пункт[а-яё]*|§)\s*",
    "drop": r"[\s,:()]+",
    "end": r"\.+$",
    "lookalike": {k.lower(): v.lower() for k, v in zip("АВСЕНКМОРТХ", "ABCEHKMOPTX")},
}
"""The folding rules, as data the site's JavaScript reads too. The patterns are
written in the syntax Python's ``regex`` and JavaScript's ``RegExp`` share (no
``\\w``, no named groups); tests/browser checks the two agree."""

_FOLD_EDITION = Pattern(FOLD["edition"])
_FOLD_NOUN = Pattern(FOLD["noun"])
_FOLD_DROP = Pattern(FOLD["drop"])
_FOLD_END = Pattern(FOLD["end"])
_FOLD_LOOKALIKE = str.maketrans(FOLD["lookalike"])


def fold(text: str) -> str:
    """The key a typed address is looked up by in a ``jump_table``: ``64 А 1``,
    ``правило 64a1`` and ``64A1.`` all give ``64a1``; ``Раздел I`` and ``part:I``
    give ``paздeлi`` and ``parti``; ``1997: 64A1`` gives ``1997:64a1``."""
    t = (text or "").strip().lower()
    head = ""
    m = _FOLD_EDITION.match(t)
    if m:
        head, t = m[1] + ":", t[m.end() :]
    t = _FOLD_NOUN.sub("", t, count=1).translate(_FOLD_LOOKALIKE)
    return head + _FOLD_END.sub("", _FOLD_DROP.sub("", t))


def typed_forms(address: str) -> tuple[str, ...]:
    """The printed forms of an address a reader may type (before folding): the
    canonical one and the display one (``part:I``, ``Раздел I``), each with the
    edition prefix when the address has one."""
    edition, bare = split_edition(address)
    forms = dict.fromkeys((bare, display(bare)))
    if edition is None:
        return tuple(forms)
    return tuple(with_edition(edition, f) for f in forms)


def jump_table(targets: dict[str, str]) -> dict[str, str]:
    """``fold(form) → page`` for every typed form of every address of ``targets``
    (address, edition-prefixed or not → page). A folded form two addresses share
    is left out: the site then searches the text instead of guessing."""
    seen: dict[str, set[str]] = {}
    for address, page in targets.items():
        for form in typed_forms(address):
            seen.setdefault(fold(form), set()).add(page)
    return {key: next(iter(pages)) for key, pages in seen.items() if len(pages) == 1}


# --- Akoma Ntoso eIds -----------------------------------------------------------

# AKN naming convention abbreviations for the levels Kodeks maps: divisions by the
# prefix of their address, then law → article, section → section, clause → clause,
# subclause → subclause (nested for 9A2(B)(1)), commentary paragraph → paragraph,
# item → point. Laws are numbered through the whole book, so, as the convention
# allows for articles, a law's eId does not repeat the division above it.
_AKN_DIVISIONS = {"part": "part", "chapter": "chp", "chapter-part": "subchp"}
_AKN_LEVELS = {"art": "", "para": ".", "sec": "", "cl": "", "subcl": "()", "point": "()"}
_AKN_PIECE = Pattern(r"^(?P<abbr>[a-z]+)_(?P<num>[0-9A-Za-z]+)$")


_NUMERAL = Pattern(DIVISION_NUMERAL)


def akn_eid(address: str) -> str | None:
    """The Akoma Ntoso eId of an address, by the AKN naming convention.

    ``64`` → ``art_64``; ``64A1`` → ``art_64__sec_A__cl_1``; ``67B1(A)`` →
    ``art_67__sec_B__cl_1__subcl_A``; ``64.10(i)`` → ``art_64__para_10__point_i``;
    ``part:I`` → ``part_I``, ``part:1`` → ``part_1``, ``chapter:III`` → ``chp_III``,
    ``chapter-part:II`` → ``subchp_II``. ``None`` when the address is not canonical."""
    head, sep, num = (address or "").partition(":")
    if sep:
        abbr = _AKN_DIVISIONS.get(head)
        return f"{abbr}_{num}" if abbr and _NUMERAL.fullmatch(num) else None
    a = parse(address)
    if a is None or a.law is None:
        return None
    pieces = [f"art_{a.law}"]
    if a.para is not None:
        pieces.append(f"para_{a.para}")
    if a.section:
        pieces.append(f"sec_{a.section}")
    if a.clause is not None:
        pieces.append(f"cl_{a.clause}")
    pieces += [f"subcl_{s}" for s in a.subs]
    pieces += [f"point_{i}" for i in a.items]
    return "__".join(pieces)


def from_akn_eid(eid: str) -> str | None:
    """The address an eId made by ``akn_eid`` names (its inverse); ``None`` for any
    other eId (notes, containers of the fallback document)."""
    pieces = [_AKN_PIECE.match(p) for p in (eid or "").split("__")]
    if not pieces or not all(pieces):
        return None
    first = pieces[0]
    division = {v: k for k, v in _AKN_DIVISIONS.items()}.get(first["abbr"])
    if division and len(pieces) == 1:
        return f"{division}:{first['num']}"
    if first["abbr"] != "art":
        return None
    out = first["num"]
    for p in pieces[1:]:
        wrap = _AKN_LEVELS.get(p["abbr"])
        if wrap is None or p["abbr"] == "art":
            return None
        out += f"({p['num']})" if wrap == "()" else wrap + p["num"]
    return out if is_canonical(out) else None
