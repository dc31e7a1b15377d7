"""Editions of the laws as data: the one place that says what an edition is.

The table is ``pipeline/editions.toml`` (shipped with the package): per edition
its id, year, title, number of laws, division scheme (``Раздел`` / ``Глава`` /
``Часть`` and the address prefix each gives) and address forms. Everything that
depends on the edition (the largest law number a reference may name, the site
title, the PDF's date, a source's edition when its manifest names none) reads it
from here. A new edition is one more ``[[edition]]`` in the TOML file.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import regex

from .grammar import PART_HEAD

if TYPE_CHECKING:
    from .model import Source

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

    @property
    def heading(self) -> str:
        """Title with the year: ``Законы дубликатного бриджа (1987)``."""
        return f"{self.title} ({self.year})"


def _load(path: Path = TABLE) -> tuple[dict[str, Edition], str]:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    CONCORDANCE.clear()
    for row in data.get("concordance", ()):
        CONCORDANCE[(str(row["from"]), str(row["to"]))] = dict(row.get("moved", {}))
    table = {}
    for row in data["edition"]:
        e = Edition(
            id=str(row["id"]),
            year=int(row["year"]),
            title=row["title"],
            laws=int(row["laws"]),
            divisions=tuple((w, p) for w, p in row.get("divisions", ())),
            forms=tuple(row.get("forms", ())),
            pdf_date=row.get("pdf_date", ""),
            signals=tuple(
                (str(p), int(w), str(what), str(level))
                for p, w, what, level in row.get("signals", ())
            ),
        )
        table[e.id] = e
    default = str(data["default"])
    if default not in table:
        raise ValueError(f"{path}: default edition {default!r} has no [[edition]] entry")
    return table, default


CONCORDANCE: dict[tuple[str, str], dict[str, str]] = {}
"""Clauses moved or renumbered between two editions: (from, to) → {old address: new address}."""

EDITIONS, DEFAULT_ID = _load()
"""Every known edition by id, in the table's order; the id of the default one."""

DEFAULT: Edition = EDITIONS[DEFAULT_ID]
"""The edition of a source whose manifest names none."""


def get(edition_id: str | None) -> Edition:
    """The edition named ``edition_id`` (the default for ``None``); ``KeyError``
    naming the known ones for an id the table does not have."""
    if edition_id is None:
        return DEFAULT
    try:
        return EDITIONS[str(edition_id)]
    except KeyError:
        raise KeyError(
            f"edition {edition_id!r} is not in {TABLE.name}; known: {', '.join(EDITIONS)}"
        ) from None


_NAMED_YEAR = regex.compile(
    r"(?:кодекс|правил|закон|laws?\b)\w*[^\n]{0,50}?(?<!\d)(\d{4})(?!\d)", regex.I
)
"""A year named after the title of the laws: ``Кодекс спортивного бриджа - 1997``,
``КОДЕКС-2007``, ``Правилам контрактного дубликатного бриджа 1987``."""


_DIVISION_LINE = regex.compile(PART_HEAD.pattern, regex.M)


def detect(text: str) -> str | None:
    """The edition a text shows, or ``None`` when nothing tells: the first year of a
    known edition named after the laws' title; else a division heading («Глава …»)
    that the default edition does not use, read as the first edition that does."""
    named = detect_year(text)
    if named:
        return named
    default_words = {w.lower() for w, _space in DEFAULT.divisions}
    for m in _DIVISION_LINE.finditer(text):
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

    def to_json(self) -> dict:
        return {
            "edition": self.edition,
            "confidence": round(self.confidence, 3),
            "evidence": list(self.evidence),
        }


LEVELS = ("title", "scheme", "wording")
"""Kinds of evidence, strongest first: the year named after the laws' title; the
division scheme (heading words only one edition uses); the wording of distinctive
clauses and terms. The strongest kind a text shows decides; weaker kinds that point
elsewhere lower the confidence but never overrule it."""


def _signals(text: str) -> tuple[dict[str, dict[str, int]], list[str]]:
    scores: dict[str, dict[str, int]] = {level: {} for level in LEVELS}
    evidence: list[str] = []
    named = detect_year(text)
    if named:
        scores["title"][named] = STRONG
        evidence.append(f"{named}: the laws' title names the year {EDITIONS[named].year}")
    for e in EDITIONS.values():
        for pattern, weight, what, level in e.signals:
            hits = sum(
                1
                for _ in zip(
                    range(3), regex.finditer(pattern, text, regex.I | regex.M), strict=False
                )
            )
            if hits:
                scores[level][e.id] = scores[level].get(e.id, 0) + weight * hits
                evidence.append(f"{e.id}: {what} ×{hits}")
    return scores, evidence


def assess(text: str) -> Detection:
    """The edition a text renders, with a confidence and the evidence (read from the
    first ``SAMPLE`` characters): the strongest kind of evidence the text shows
    (``LEVELS``) decides; a winner there scoring below ``STRONG``, or tied, is
    ``UNKNOWN``. The confidence is the winner's margin at that level, halved when a
    weaker kind of evidence points to another edition."""
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
    for m in _NAMED_YEAR.finditer(text):
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
            size[s.edition] = size.get(s.edition, 0) + len(s.text)
    if not size:
        return DEFAULT
    most = max(size.values())
    if size.get(DEFAULT_ID) == most:
        return DEFAULT
    return next(EDITIONS[e] for e in size if size[e] == most)


def select(sources: Iterable[Source], wanted: str | None = None) -> Edition:
    """The edition an export (Akoma Ntoso, EPUB, the site's metadata) names:
    ``wanted`` when a source renders it, else the sources' (``of_sources``).
    ``KodeksError`` for an edition no source renders."""
    from .errors import KodeksError

    sources = list(sources)
    if wanted is None:
        return of_sources(sources)
    ids = sorted({s.edition for s in sources})
    if str(wanted) not in ids:
        raise KodeksError(
            f"edition {wanted} is not in the corpus; it has {', '.join(ids) or 'no sources'}"
        )
    return EDITIONS.get(str(wanted), DEFAULT)
