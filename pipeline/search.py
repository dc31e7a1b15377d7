"""Search: the SQLite index ``codex.sqlite`` and the morphological full-text search.

The index holds the merged codex in plain tables (``nodes``, ``refs``,
``backlinks``, ``footnotes``, ``witnesses``, ``meta``) and an FTS5 table
``fts`` over the *lemmas* of every entry's title and text. Documents and
queries go through one analyzer (``analyze``: the words of ``pipeline.morph``
plus digits, lemmatized by ``morph.lemma``), so «выявленный фальшренонс» finds
«фальшренонс выявлен» and «выявления фальшренонса».

Query language (``parse_query``):

- plain words: every word must match (its lemma, or, for verbs and verbal
  nouns, any word sharing the stem: выявить ~ выявление);
- ``"double quoted"`` words: consecutive lemmas (a phrase);
- anything else (``*``, ``(``, ``NEAR``, ``AND``, ``'; DROP TABLE``) is just text:
  the MATCH expression is built only from quoted lemma tokens and every value
  is passed as an SQL parameter, so no input reaches SQL or FTS syntax.

When no entry holds every word, the search falls back to *any* word and marks
the hits ``partial``.

The file is deterministic: the same codex gives the same bytes (rows are
inserted in document order, nothing depends on time, ``VACUUM`` at the end).
``meta`` holds the format version and the SHA-256 of ``codex.json`` so a stale
index is detected (``check_index``).
"""

from __future__ import annotations

import hashlib
import heapq
import html as html_mod
import json
import math
import os
import sqlite3
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path
from typing import Any, BinaryIO

import regex

from . import morph
from .addresses import latin, law_of, lenient
from .errors import KodeksError
from .model import NODE_KINDS, Codex, NodeKind

FORMAT_VERSION = "4"
"""Bumped whenever the tables or the analyzer change; an index of another
version is stale."""

MAX_TERMS = 32
"""Query words beyond this many are ignored (a 10,000-character query still answers)."""

MAX_QUERY_CHARS = 2000
"""Query text beyond this many characters is ignored."""

TOKEN = regex.compile(r"[\p{L}\p{M}\p{N}]+(?:-[\p{L}\p{M}\p{N}]+)*")
"""A word for the index: letters and digits, possibly hyphenated (``64А1``, ``из-за``)."""

QUERY_TOKEN = regex.compile(r"\p{Nd}+(?:\.\p{Nd}+)+|" + TOKEN.pattern)
"""A word of a query: a ``TOKEN``, or numbers joined by dots (``64.10``). A dotted
number names a commentary paragraph: it is that entry's ``name`` (its address as a
title word), so «64.10» finds 64.10 first; in the texts its parts stay two terms."""

_SAFE = regex.compile(r"^[\p{L}\p{N}]+(?:[-.][\p{L}\p{N}]+)*$")


class SearchError(KodeksError):
    """The index is missing, stale or unusable, or a filter is invalid."""


# --- the analyzer --------------------------------------------------------------


def term(word: str) -> str:
    """The index term of one word: its lemma (``morph.lemma``); words with digits
    are addresses, mapped to Latin letters and lower-cased (``64А1`` → ``64a1``)."""
    if any(ch.isdigit() for ch in word):
        return latin(word).lower()
    return morph.lemma(word)


def analyze(text: str) -> list[str]:
    """Index terms of every word of ``text`` in order (documents and queries alike).

    Terms that SQLite's ``unicode61`` tokenizer would not keep whole (marks,
    odd digits) are dropped, so a term always means the same to FTS5 and to us."""
    out = []
    for m in TOKEN.finditer(text or ""):
        t = term(m.group())
        if _SAFE.match(t):
            out.append(t)
    return out


_IMPERFECTIVE = ("ываться", "иваться", "ывать", "ивать")
"""Secondary imperfective suffixes: выигрывать shares its stem with выиграть."""
_VERB_END = ("ться", "тись", "чься", "ть", "ти", "чь")
_NOUN_END = ("ение", "ание", "яние", "ение")


def stem(lemma_: str) -> str | None:
    """A prefix shared by a verb and its verbal noun (выявить, выявление → ``выяв``);
    ``None`` when the lemma is neither or the stem would be shorter than 4 letters."""
    w = lemma_
    if not regex.fullmatch(r"\p{Cyrillic}{6,}", w):
        return None
    base = None
    for end in _IMPERFECTIVE:
        if w.endswith(end) and len(w) - len(end) >= 4:
            return w[: -len(end)]
    for end in _VERB_END:
        if w.endswith(end):
            base = w[: -len(end)]
            if base and base[-1] in "аеиоуыяэ":
                base = base[:-1]
            break
    else:
        for end in _NOUN_END:
            if w.endswith(end):
                base = w[: -len(end)]
                if len(base) >= 2 and base[-1] == "л" and base[-2] in "бвмпф":
                    base = base[:-1]
                break
    if base is None or len(base) < 4:
        return None
    return base


# --- queries -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Query:
    """A parsed query: single words and phrases, as index terms."""

    words: tuple[str, ...]
    """Lemmas that must each occur (deduplicated, in order)."""
    phrases: tuple[tuple[str, ...], ...]
    """Sequences of lemmas that must occur consecutively."""
    truncated: bool = False
    """True when the query was cut to ``MAX_QUERY_CHARS`` / ``MAX_TERMS``."""

    @property
    def empty(self) -> bool:
        return not self.words and not self.phrases

    def groups(self) -> list[str]:
        """One FTS5 expression per word or phrase, built only from quoted terms."""
        out = []
        for w in self.words:
            s = stem(w)
            out.append(f'("{w}" OR "{s}"*)' if s else f'"{w}"')
        for p in self.phrases:
            out.append('"' + " ".join(p) + '"')
        return out

    def match_all(self) -> str:
        return " AND ".join(self.groups())

    def match_any(self) -> str:
        return " OR ".join(self.groups())

    def highlights(self, word: str) -> bool:
        """True when ``word`` (as written in a document) is one the query looks for."""
        t = term(word)
        if t in self._terms:
            return True
        return any(t.startswith(s) for s in self._stems)

    @property
    def _terms(self) -> set[str]:
        return set(self.words) | {t for p in self.phrases for t in p}

    @property
    def _stems(self) -> list[str]:
        return [s for s in (stem(w) for w in self.words) if s]


def is_empty_query(text: str) -> bool:
    """True when ``text`` has no word the engine could look for (``Engine.parse``
    keeps the same tokens); needs no dictionary, so a command can refuse an empty
    query before it loads anything."""
    return not any(
        _SAFE.match(_fold(m.group())) for m in TOKEN.finditer(str(text or "")[:MAX_QUERY_CHARS])
    )


def parse_query(text: str) -> Query:
    """Split a query into words and ``"phrases"`` of index terms; never raises."""
    text = str(text or "")
    truncated = len(text) > MAX_QUERY_CHARS
    text = text[:MAX_QUERY_CHARS]
    words: list[str] = []
    phrases: list[tuple[str, ...]] = []
    parts = text.split('"')
    # Even parts are outside quotes, odd parts inside; an unbalanced last quote
    # leaves its text as plain words.
    balanced = len(parts) % 2 == 1
    for i, part in enumerate(parts):
        terms = analyze(part)
        inside = i % 2 == 1 and (balanced or i < len(parts) - 1)
        if inside and len(terms) > 1:
            phrases.append(tuple(terms[:MAX_TERMS]))
        else:
            words += terms
    seen: set[str] = set()
    uniq = []
    for w in words:
        if w not in seen:
            seen.add(w)
            uniq.append(w)
    phrases = list(dict.fromkeys(phrases))
    if len(uniq) + len(phrases) > MAX_TERMS:
        truncated = True
        phrases = phrases[:MAX_TERMS]
        uniq = uniq[: max(0, MAX_TERMS - len(phrases))]
    return Query(tuple(uniq), tuple(phrases), truncated)


# --- hits and snippets ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Hit:
    """One search result."""

    address: str
    """Canonical address of the entry."""
    title: str | None
    """Its title."""
    kind: NodeKind
    """Its node kind."""
    law: str | None
    """The law it belongs to."""
    snippet: str
    """A stretch of its text (or title) with the matched words in «guillemets»."""
    plain: str
    """The same stretch without any markup (for terminals: style ``marks``)."""
    marks: tuple[tuple[int, int], ...]
    """Offsets of the matched words in ``plain``."""
    score: float
    """Relevance (negated bm25: higher is better)."""
    partial: bool = False
    """True when the hit holds only some of the query words (fallback search)."""
    via: tuple[tuple[str, str, str], ...] = ()
    """How query words that are not in the entry were answered: (how, query
    word, entry's word), how being ``synonym`` («ренонс» → «фальшренонс»),
    ``part`` (the word inside a compound), ``stem`` (verb ~ verbal noun) or
    ``index`` (a source's subject index gives this law for a term the query
    names: (``index``, term, address))."""

    @property
    def html(self) -> str:
        """``plain`` HTML-escaped, matched words in ``<mark>``."""
        out, pos = [], 0
        for a, b in self.marks:
            out.append(html_mod.escape(self.plain[pos:a]))
            out.append("<mark>" + html_mod.escape(self.plain[a:b]) + "</mark>")
            pos = b
        out.append(html_mod.escape(self.plain[pos:]))
        return "".join(out)

    def to_json(self) -> dict[str, Any]:
        return {
            "address": self.address,
            "title": self.title,
            "kind": self.kind,
            "law": self.law,
            "snippet": self.snippet,
            "plain": self.plain,
            "html": self.html,
            "marks": [list(m) for m in self.marks],
            "score": round(self.score, 6),
            "partial": self.partial,
            "via": [{"how": h, "query": q, "term": t} for h, q, t in self.via],
        }


SNIPPET_CHARS = 200


def snippet(
    text: str, highlight: Query | Callable[[str], bool], width: int = SNIPPET_CHARS
) -> tuple[str, tuple[tuple[int, int], ...]]:
    """A window of ``text`` around its first matched word: (plain text, match offsets).

    ``highlight`` tells which words matched (a ``Query`` or a predicate)."""
    is_match = highlight.highlights if isinstance(highlight, Query) else highlight
    text = " ".join((text or "").split())
    spans = [(m.start(), m.end()) for m in TOKEN.finditer(text) if is_match(m.group())]
    return _window(text, spans, width)


def _window(
    text: str, spans: list[tuple[int, int]], width: int = SNIPPET_CHARS
) -> tuple[str, tuple[tuple[int, int], ...]]:
    """The window of ``snippet`` for matched ``spans`` of (whitespace-normalised) ``text``."""
    start = 0
    if spans and spans[0][0] > width // 3:
        start = spans[0][0] - width // 4
        sp = text.find(" ", start)
        start = sp + 1 if 0 <= sp < spans[0][0] else spans[0][0]
    end = min(len(text), start + width)
    if end < len(text):
        sp = text.rfind(" ", start, end)
        if sp > start:
            end = sp
    prefix = "…" if start > 0 else ""
    suffix = "…" if end < len(text) else ""
    body = text[start:end]
    off = len(prefix) - start
    marks = tuple((a + off, b + off) for a, b in spans if a >= start and b <= end)
    return prefix + body + suffix, marks


def _marked(
    plain: str, marks: Iterable[tuple[int, int]], open_: str = "«", close: str = "»"
) -> str:
    out, pos = [], 0
    for a, b in marks:
        out += [plain[pos:a], open_, plain[a:b], close]
        pos = b
    out.append(plain[pos:])
    return "".join(out)


# --- building the index ----------------------------------------------------------


SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE nodes (
    rowid INTEGER PRIMARY KEY,      -- position in document order, from 1
    address TEXT NOT NULL UNIQUE,
    kind TEXT NOT NULL,
    label TEXT,
    title TEXT,
    text TEXT NOT NULL,
    parent TEXT,
    law TEXT,
    penalty INTEGER NOT NULL,
    inferred INTEGER NOT NULL,
    chosen TEXT NOT NULL,           -- source file of the chosen reading
    why TEXT NOT NULL,
    tags TEXT NOT NULL,             -- space-separated
    position INTEGER NOT NULL,
    edition TEXT NOT NULL           -- the edition of the codex indexed (one file per edition)
);
CREATE INDEX nodes_law ON nodes (law, position);
CREATE INDEX nodes_kind ON nodes (kind, position);
CREATE TABLE refs (
    owner TEXT NOT NULL,
    ordinal INTEGER NOT NULL,
    field TEXT NOT NULL,            -- title, text or footnote
    text TEXT NOT NULL,
    target TEXT NOT NULL,
    kind TEXT NOT NULL,
    status TEXT NOT NULL,           -- exact, ancestor or dangling
    resolved TEXT,
    source TEXT NOT NULL,
    line INTEGER NOT NULL,
    edition TEXT NOT NULL,
    PRIMARY KEY (owner, ordinal)
);
CREATE INDEX refs_resolved ON refs (resolved);
CREATE TABLE backlinks (
    target TEXT NOT NULL,
    source TEXT NOT NULL,           -- address of the citing entry
    PRIMARY KEY (target, source)
);
CREATE TABLE footnotes (
    owner TEXT NOT NULL,
    ordinal INTEGER NOT NULL,
    mark TEXT NOT NULL,
    text TEXT NOT NULL,
    PRIMARY KEY (owner, ordinal)
);
CREATE TABLE witnesses (
    address TEXT NOT NULL,
    ordinal INTEGER NOT NULL,       -- 0 is the chosen reading
    source TEXT NOT NULL,
    title TEXT,
    text TEXT NOT NULL,
    start INTEGER NOT NULL,
    "end" INTEGER NOT NULL,
    line INTEGER NOT NULL,
    end_line INTEGER NOT NULL,
    edits INTEGER NOT NULL,
    truncated INTEGER NOT NULL,
    placed_by TEXT NOT NULL,
    edition TEXT NOT NULL,
    PRIMARY KEY (address, ordinal)
);
CREATE VIRTUAL TABLE fts USING fts5 (title, text, tokenize='unicode61');
CREATE TABLE search_data (key TEXT PRIMARY KEY, value TEXT NOT NULL);  -- index_data() as JSON
"""


def codex_bytes(codex: Codex) -> bytes:
    """``codex.json`` exactly as the build writes it (``pipeline.export.dump``)."""
    from .export import codex_json, json_bytes

    return json_bytes(codex_json(codex, lazy=True))


def file_sha256(path: str | Path) -> str:
    """The SHA-256 of a file (``codex.json``, which the index records), read a
    piece at a time: at 100 MB of input ``codex.json`` is some 175 MB, which
    reading it whole held at once."""
    with open(path, "rb") as f:
        return hashlib.file_digest(f, "sha256").hexdigest()


def index_name(edition: str | None = None) -> str:
    """The index file of an edition: ``codex.sqlite`` for the default one,
    ``codex-1997.sqlite`` for each other edition of the corpus."""
    return "codex.sqlite" if edition is None else f"codex-{edition}.sqlite"


def build_index(codex: Codex, path: str | Path, *, codex_hash: str | None = None) -> Path:
    """Write the SQLite index of ``codex`` to ``path`` (replacing it atomically).

    ``codex_hash`` is the SHA-256 of ``codex.json``; computed from ``codex``
    when not given."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    if codex_hash is None:
        codex_hash = hashlib.sha256(codex_bytes(codex)).hexdigest()
    tmp = path.with_name(path.name + ".tmp")
    for p in (tmp, Path(str(tmp) + "-journal")):
        if p.exists():
            p.unlink()
    con = sqlite3.connect(tmp, isolation_level=None)
    try:
        con.execute("PRAGMA journal_mode = DELETE")
        con.execute("PRAGMA page_size = 4096")
        con.execute("BEGIN")
        for stmt in SCHEMA.split(";"):
            if stmt.strip():
                con.execute(stmt)
        _fill(con, codex, codex_hash)
        con.execute("INSERT INTO fts(fts) VALUES ('optimize')")
        con.execute("COMMIT")
        con.execute("VACUUM")
    finally:
        con.close()
    os.replace(tmp, path)
    return path


def _fill(con: sqlite3.Connection, codex: Codex, codex_hash: str) -> None:
    entries = list(codex.entries.values())
    con.executemany(
        "INSERT INTO meta VALUES (?, ?)",
        [
            ("format", FORMAT_VERSION),
            ("codex_sha256", codex_hash),
            ("entries", str(len(entries))),
            ("edition", codex.edition),
            ("analyzer", "pymorphy3 lemma via pipeline.morph; digits latin+lower; unicode61"),
        ],
    )

    # each table's rows are made as SQLite takes them (generators, not lists): the
    # witnesses' texts and the analysed text of every entry are never all held at once
    def nodes():
        for pos, e in enumerate(entries, 1):
            yield (
                pos,
                e.id,
                e.kind,
                _utf8(e.label),
                _utf8(e.title),
                _utf8(e.text),
                e.parent,
                law_of(e.id),
                int(e.penalty),
                int(e.inferred),
                e.chosen,
                _utf8(e.why),
                " ".join(e.tags),
                pos,
                codex.edition,
            )

    def refs():
        for e in entries:
            all_refs = list(e.refs) + [r for fn in e.footnotes for r in fn.refs]
            for i, r in enumerate(all_refs):
                yield (
                    e.id,
                    i,
                    r.field,
                    _utf8(r.text),
                    r.target,
                    r.kind,
                    r.status,
                    r.resolved,
                    r.source,
                    r.line,
                    codex.edition,
                )

    def back():
        for e in entries:
            for src in sorted(set(e.backlinks)):
                yield (e.id, src)

    def notes():
        for e in entries:
            for i, fn in enumerate(e.footnotes):
                yield (e.id, i, _utf8(fn.mark), _utf8(fn.text))

    def wits():
        for e in entries:
            for i, w in enumerate(e.witnesses):
                yield (
                    e.id,
                    i,
                    w.source,
                    _utf8(w.title),
                    _utf8(w.text),
                    w.span.start,
                    w.span.end,
                    w.span.line,
                    w.span.end_line,
                    w.edits,
                    int(w.truncated),
                    w.placed_by,
                    codex.edition,
                )

    def fts():
        for pos, e in enumerate(entries, 1):
            body = e.text + "".join("\n" + fn.text for fn in e.footnotes)
            yield (pos, " ".join(analyze(e.title or "")), " ".join(analyze(body)))

    # ``t``: a text the row gives as its UTF-8 bytes (``_utf8``), stored as TEXT
    t = "CAST(? AS TEXT)"
    con.executemany(f"INSERT INTO nodes VALUES (?,?,?,{t},{t},{t},?,?,?,?,?,{t},?,?,?)", nodes())
    con.executemany(f"INSERT INTO refs VALUES (?,?,?,{t},?,?,?,?,?,?,?)", refs())
    con.executemany("INSERT INTO backlinks VALUES (?,?)", back())
    con.executemany(f"INSERT INTO footnotes VALUES (?,?,{t},{t})", notes())
    con.executemany(f"INSERT INTO witnesses VALUES (?,?,?,{t},{t},?,?,?,?,?,?,?,?)", wits())
    con.executemany("INSERT INTO fts(rowid, title, text) VALUES (?,?,?)", fts())
    _store_json(con, _made_or_new(codex))


def _utf8(text: str | None) -> bytes | None:
    """A text of the codex as the UTF-8 bytes its row binds (the statement casts
    them to TEXT: the stored value is the one binding the string gives). Bound as
    a string, ``sqlite3`` asks Python for its UTF-8 form, which Python then keeps
    inside the string object for as long as the string lives: every entry's and
    witness's text would carry a second copy of itself for the rest of the build
    (about 0.6 MB a MB of input); these bytes go as soon as their row is stored."""
    return None if text is None else text.encode("utf-8")


_PIECE = 1 << 20
"""Bytes of the search data's JSON written into its row at a time."""


def _store_json(con: sqlite3.Connection, data: bytearray | BinaryIO) -> None:
    """Store the search data's UTF-8 JSON as the text value of ``search_data``'s
    row. Bound as a parameter, SQLite would copy it and then build the row's
    record from the copy, while ``data`` was alive too: three copies at once.
    Instead the row is made with a zero-filled blob of its length (SQLite never
    allocates the zeros), the JSON is written into it piece by piece, ``data`` is
    emptied (the build holds no other reference to it), and the value is cast to text in place. The stored value and, after
    the ``VACUUM`` that ends ``build_index``, every byte of the file are what
    inserting ``CAST(? AS TEXT)`` gives. ``data`` may be the file the site's
    search box kept the JSON in (``ship_for_html``): it is read a piece at a time
    and closed."""
    if isinstance(data, bytearray):
        size = len(data)
        row = con.execute(
            "INSERT INTO search_data VALUES ('index', zeroblob(?))", (size,)
        ).lastrowid
        assert row is not None
        with con.blobopen("search_data", "value", row) as blob, memoryview(data) as view:
            for at in range(0, size, _PIECE):
                blob.write(view[at : at + _PIECE])
        data.clear()
    else:
        with data:
            size = data.seek(0, 2)
            data.seek(0)
            row = con.execute(
                "INSERT INTO search_data VALUES ('index', zeroblob(?))", (size,)
            ).lastrowid
            assert row is not None
            with con.blobopen("search_data", "value", row) as blob:
                while piece := data.read(_PIECE):
                    blob.write(piece)
    del data
    con.execute("UPDATE search_data SET value = CAST(value AS TEXT) WHERE rowid = ?", (row,))


# --- opening and checking ----------------------------------------------------------


def connect(path: str | Path) -> sqlite3.Connection:
    """Open an index read-only; ``SearchError`` when it is missing or not an index."""
    path = Path(path)
    if not path.is_file():
        raise SearchError(f"{path}: no search index; run `kodeks build` to create it")
    try:
        con = sqlite3.connect(
            f"{path.resolve().as_uri()}?mode=ro", uri=True, check_same_thread=False
        )
        version = dict(con.execute("SELECT key, value FROM meta").fetchall()).get("format")
    except sqlite3.Error as exc:
        raise SearchError(f"{path}: not a Kodeks search index ({exc}); run `kodeks build`") from exc
    if version != FORMAT_VERSION:
        con.close()
        raise SearchError(
            f"{path}: index format {version}, this version reads {FORMAT_VERSION}; "
            "run `kodeks build` to rebuild it"
        )
    return con


def meta(con: sqlite3.Connection) -> dict[str, str]:
    return dict(con.execute("SELECT key, value FROM meta").fetchall())


def check_index(sqlite_path: str | Path, codex_json_path: str | Path) -> sqlite3.Connection:
    """Open the index and check it was built from this ``codex.json``; a missing
    or stale index raises ``SearchError`` saying to run ``kodeks build``."""
    con = connect(sqlite_path)
    digest = file_sha256(codex_json_path)
    if meta(con).get("codex_sha256") != digest:
        con.close()
        raise SearchError(
            f"{sqlite_path} is stale: it was not built from {codex_json_path}; "
            "run `kodeks build` to rebuild it"
        )
    return con


# --- the search data: one export for the CLI, the API and the site -------------------
#
# ``index_data(codex)`` is everything a search needs, made once by Python: per entry
# its index terms, the inverse document frequencies, every word form the query
# analyzer knows (corpus forms and the other forms of their lemmas), the stems, the
# synonyms of ``terminology.toml``, the question words and the ranking constants.
# ``build_index`` stores it in the SQLite file (table ``search_data``) and the site
# ships it in ``search-index.js``; ``Engine`` here and ``kodeks.js`` in the browser
# run the same algorithm over it, so the CLI, ``Codex.search`` and the search box
# return the same top 10.

TERMINOLOGY = Path(__file__).with_name("terminology.toml")
"""The synonym and question-word table (package data)."""

PARAMS: dict[str, float] = {
    "k1": 1.2,  # bm25 term-frequency saturation
    "b": 0.5,  # bm25 length normalisation (entries are short; 0.75 favoured empty sections)
    "title": 3.0,  # a title occurrence counts as this many text occurrences
    "exact": 1.0,  # weights of the ways a document term answers a query word
    "stem": 0.6,  # verb ~ verbal noun (выявить ~ выявление)
    "synonym": 0.6,  # terminology.toml (ренонс ~ фальшренонс)
    "part": 0.5,  # the query word inside a compound (ренонс in фальшренонс)
    "lift": 1.0001,  # a child whose title matches ranks just above its parent
    "negation": 0.7,  # a title whose negation disagrees with the query's
    "near": 0.25,  # × (1 + near × share of consecutive query-word pairs adjacent)
    "near_top": 100,  # entries (by score) in which adjacency is looked for
    "coord": 1,  # score × (share of query words an entry holds) ** coord (an integer)
    "typo_distance": 1,  # edit distance (with transpositions) for unknown words
    "typo_min": 4,  # shortest word corrected / looked for inside compounds
    "part_min": 4,
}


@dataclass(frozen=True, slots=True)
class Terminology:
    """``terminology.toml`` read and checked."""

    groups: tuple[tuple[str, ...], ...]
    """Synonym groups as written (single words)."""
    stop: tuple[str, ...]
    """Question and function words."""
    negation: tuple[str, ...] = ()
    """Words that turn a clause into its opposite («не», «ни», «нет», «без»)."""


def load_terminology(path: str | Path = TERMINOLOGY) -> Terminology:
    """Read the terminology table; a malformed one raises ``SearchError`` naming the file."""
    import tomllib

    path = Path(path)
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
        groups = tuple(tuple(str(w) for w in g["words"]) for g in raw.get("synonyms", ()))
        stop = tuple(str(w) for w in raw.get("stop", ()))
        negation = tuple(str(w) for w in raw.get("negation", ()))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, KeyError, TypeError) as exc:
        raise SearchError(f"{path}: not a usable terminology table ({exc})") from exc
    for g in groups:
        for w in g:
            if len(TOKEN.findall(w)) != 1:
                raise SearchError(f"{path}: synonym {w!r} is not a single word")
    return Terminology(groups, stop, negation)


def _fold(word: str) -> str:
    return word.lower().replace("ё", "е")


def _lexeme(word: str) -> frozenset[str]:
    """Every form of every reading of ``word`` (pymorphy3), lower case, ё folded.
    Not cached: ``index_data`` asks once per lemma, and a build's site and index
    share one ``index_data`` (``_MADE``); a cache of every lemma's forms grew to
    hundreds of megabytes on a large corpus and outlived the build."""
    out = set()
    for p in morph.analyzer().parse(_fold(word)):
        for f in p.lexeme:
            out.add(_fold(f.word))
    return frozenset(out)


def _document(e) -> tuple[list[str], list[str], str, str | None]:
    """(title terms, text terms, text with footnotes, name) of an entry; the name
    is its address as a query term: an entry's own address counts as a title word,
    so «64A1» finds 64A1 first."""
    body = e.text + "".join("\n" + fn.text for fn in e.footnotes)
    name = latin(e.id).lower()
    return analyze(e.title or ""), analyze(body), body, name if _SAFE.match(name) else None


_NOT_ONE_SPACE = regex.compile(r"[^\S ]|[\x1c-\x1f]|  |^ | $")
"""Whitespace that ``" ".join(text.split())`` would change: any but a single space
between two other characters (``str.split`` also parts at ``\x1c``–``\x1f``)."""


def _one_spaced(text: str) -> str:
    """``" ".join(text.split())``, without a copy when ``text`` is so already (most
    entries' texts are: the search data then shares the codex's string)."""
    return " ".join(text.split()) if _NOT_ONE_SPACE.search(text) else text


def index_data(codex: Codex, terminology: Terminology | None = None) -> dict[str, Any]:
    """The search data of ``codex`` (see the comment above); deterministic.

    Keys: ``version``, ``params``, ``latin`` (look-alike letters of addresses),
    ``entries`` (address, kind, law, parent, title, text, ``title_tokens``,
    ``tokens``), ``avgdl``, ``idf`` (term → inverse document frequency),
    ``lexicon`` (lemma → the word forms that reduce to it), ``stems``
    (lemma → verb/verbal-noun stem), ``synonyms`` (lemma → lemmas), ``stop``
    (word forms of questions)."""
    term_table = terminology or load_terminology()
    entries: list[dict[str, Any]] = []
    forms: dict[str, str] = {}
    df: dict[str, int] = {}
    total = 0
    for e in codex.entries.values():
        title, tokens, body, name = _document(e)
        entries.append(
            {
                "address": e.id,
                "kind": e.kind,
                "law": law_of(e.id),
                "parent": e.parent,
                "name": name,
                "title": e.title,
                "text": _one_spaced(body),
                "title_tokens": " ".join(title),
                "tokens": " ".join(tokens),
            }
        )
        if name:
            title = [*title, name]
        total += len(title) + len(tokens)
        for t in set(title) | set(tokens):
            df[t] = df.get(t, 0) + 1
        for m in TOKEN.finditer((e.title or "") + "\n" + body):
            w = _fold(m.group())
            if w not in forms:
                forms[w] = term(m.group())
    n = len(entries)
    idf = {t: math.log(1 + (n - d + 0.5) / (d + 0.5)) for t, d in sorted(df.items())}
    # synonyms: every word of a group reduced to its lemma
    synonyms: dict[str, set[str]] = {}
    extra_words = set()
    for g in term_table.groups:
        lemmas = []
        for w in g:
            forms.setdefault(_fold(w), term(w))
            lemmas.append(term(w))
            extra_words.add(w)
        for a in lemmas:
            synonyms.setdefault(a, set()).update(b for b in lemmas if b != a)
    # terms of the sources' subject indexes (toc.index_terms): their words resolve too
    from .toc import index_terms  # a build's work: a search reads the stored result

    subjects = index_terms(codex.trees)
    for shown in subjects:
        for m in TOKEN.finditer(shown):
            forms.setdefault(_fold(m.group()), term(m.group()))
            extra_words.add(m.group())
    known = set(df) | {forms[_fold(w)] for w in extra_words}
    # the other forms of every known lemma, so «ренонсом» or «защитника» resolve offline
    for lem in sorted(known):
        if not regex.fullmatch(r"[\p{Cyrillic}-]+", lem):
            continue
        for f in sorted(_lexeme(lem)):
            if f not in forms and _SAFE.match(f):
                lf = term(f)
                if lf in known:
                    forms[f] = lf
    lexicon: dict[str, list[str]] = {}
    for f in sorted(forms):
        lexicon.setdefault(forms[f], []).append(f)
    stems = {lem: s for lem in sorted(lexicon) if (s := stem(lem))}
    # every form of a question word that reduces to the same lemma (not participles of a verb)
    stop = sorted(
        {f for w in term_table.stop for f in _lexeme(w) if term(f) == term(w)}
        | {_fold(w) for w in term_table.stop}
    )
    stop_forms = set(stop)
    data = {
        "version": FORMAT_VERSION,
        "params": dict(PARAMS),
        "limits": {"query_chars": MAX_QUERY_CHARS, "terms": MAX_TERMS},
        "latin": {k: v for k, v in sorted(_LATIN.items())},
        "entries": entries,
        "avgdl": total / n if n else 1.0,
        "idf": idf,
        "lexicon": {k: lexicon[k] for k in sorted(lexicon)},
        "stems": stems,
        "synonyms": {k: sorted(v) for k, v in sorted(synonyms.items()) if v},
        "stop": stop,
        "negation": sorted({term(w) for w in term_table.negation}),
        "subjects": [
            [[t for t in analyze(shown) if t not in stop_forms], shown, list(targets)]
            for shown, targets in subjects.items()
            if targets
        ],
    }
    return data


_MADE: dict[int, tuple[Codex, bytearray | BinaryIO]] = {}
"""The stored search data (``_index_json``) of the codexes whose site was written
and whose index was not yet (by ``id``, with the codex itself so that a reused
``id`` never matches): the site and the index of one build share one
computation. ``build_index`` takes its codex's data out; at most ``_MADE_MAX``
are kept."""
_MADE_MAX = 4


def _index_json(
    codex: Codex, shipped: Callable[[str], Any] | None = None, into: BinaryIO | None = None
) -> bytearray:
    """``index_data(codex)`` as the index stores it: ``json.dumps(...,
    ensure_ascii=False)`` in UTF-8, made piece by piece (``export.compact_pieces``),
    each piece also given to ``shipped``. Neither the JSON's string nor a second
    copy of it in UTF-8 is ever made. With ``into`` the bytes go to that file
    instead, and the returned bytes are empty."""
    from .export import compact_pieces

    data = index_data(codex)
    # the word look-ups that made it hold about as much as the data itself: let them
    # go before its JSON is made beside it (the index reads its words again)
    morph.lemma.cache_clear()
    out = bytearray()
    for piece in compact_pieces(data, 3):
        if shipped is not None:
            shipped(piece)
        if into is not None:
            into.write(piece.encode("utf-8"))
        else:
            out += piece.encode("utf-8")
    return out


def _made_or_new(codex: Codex) -> bytearray | BinaryIO:
    made = _MADE.pop(id(codex), None)
    return made[1] if made is not None and made[0] is codex else _index_json(codex)


def ship_for_html(codex: Codex, write: Callable[[str], Any]) -> None:
    """What the static site's search box needs, exactly ``index_data(codex)`` as
    ``json.dumps(..., ensure_ascii=False)`` writes it, given to ``write`` piece by
    piece. The same JSON, in UTF-8, is kept for the ``build_index`` of the same
    codex that follows it in a build: between the two the build holds the JSON's
    bytes, not the data: in an unnamed temporary file (gone when it is closed or
    the process ends), so that the site's pages are made without them in memory."""
    import tempfile

    kept: bytearray | BinaryIO
    try:
        kept = tempfile.TemporaryFile()  # closed by ``_store_json``, or below
    except OSError:  # no writable temporary folder: the JSON waits in memory
        kept = _index_json(codex, write)
    else:
        _index_json(codex, write, into=kept)
    _MADE[id(codex)] = (codex, kept)
    while len(_MADE) > _MADE_MAX:
        _old, dropped = _MADE.pop(next(iter(_MADE)))
        if not isinstance(dropped, bytearray):
            dropped.close()


# --- the engine ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Word:
    """One query word as the engine understood it."""

    typed: str
    """The word as typed (lower case, ё folded)."""
    lemma: str
    """The index term it stands for (after any typo correction)."""
    corrected: str | None = None
    """The known word form a typo was corrected to («фальшренанс» → «фальшренонс»)."""
    alternatives: tuple[tuple[str, float, str], ...] = ()
    """(index term, weight, how) for every term that answers it; how is
    ``exact``, ``stem``, ``synonym`` or ``part``."""


class Results(list):
    """A list of ``Hit`` with what the engine did to the query.

    ``corrections``: (typed, known word) for every corrected typo; ``suggestion``:
    the query with those corrections («возможно, вы имели в виду …»), or None;
    ``ignored``: words no entry contains (left out of the search); ``partial``:
    no entry holds every word, so these hold some of them."""

    def __init__(
        self,
        hits: Iterable[Hit] = (),
        *,
        corrections: tuple[tuple[str, str], ...] = (),
        suggestion: str | None = None,
        ignored: tuple[str, ...] = (),
        partial: bool = False,
        words: tuple[str, ...] = (),
        phrases: tuple[tuple[str, ...], ...] = (),
        truncated: bool = False,
    ):
        super().__init__(hits)
        self.truncated = truncated
        """The query was cut to ``MAX_QUERY_CHARS`` / ``MAX_TERMS``."""
        self.corrections = corrections
        self.suggestion = suggestion
        self.ignored = ignored
        self.partial = partial
        self.words = words
        self.phrases = phrases

    def to_json(self) -> dict[str, Any]:
        return {
            "words": list(self.words),
            "phrases": [list(p) for p in self.phrases],
            "corrections": [list(c) for c in self.corrections],
            "suggestion": self.suggestion,
            "ignored": list(self.ignored),
            "partial": self.partial,
            "hits": [h.to_json() for h in self],
        }


_DIGIT = regex.compile(r"\p{Nd}")

_LATIN = {ch: latin(ch) for ch in map(chr, range(0x400, 0x500)) if latin(ch) != ch}
"""Cyrillic look-alike letters of addresses and their Latin letters (``addresses.latin``)."""


_EMPTY: frozenset[str] = frozenset()


class Engine:
    """The search algorithm over ``index_data``; ``kodeks.js`` is a line-by-line port."""

    def __init__(self, data: Mapping[str, Any]):
        self.data = data
        self.p = data["params"]
        self.entries = data["entries"]
        self.idf: dict[str, float] = data["idf"]
        self.avgdl: float = data["avgdl"]
        self.forms = {f: lem for lem, fs in data["lexicon"].items() for f in fs}
        self.stems: dict[str, str] = data["stems"]
        self.synonyms: dict[str, list[str]] = data["synonyms"]
        self.stop = set(data["stop"])
        self.latin: dict[str, str] = data["latin"]
        self.negation = set(data["negation"])
        self.subjects: list[tuple[list[str], str, list[str]]] = [
            (lemmas, shown, targets) for lemmas, shown, targets in data["subjects"]
        ]
        self.words = sorted(t for t in self.idf if not _DIGIT.search(t))
        self.by_address = {e["address"]: i for i, e in enumerate(self.entries)}
        self.postings: dict[str, dict[int, list[int]]] = {}
        self.title_tokens: list[list[str]] = []
        self.text_tokens: list[list[str]] = []
        self.length: list[int] = []
        self.titled: list[bool] = []
        self.title_neg: list[bool] = []
        for i, e in enumerate(self.entries):
            tt, xt = e["title_tokens"].split(), e["tokens"].split()
            if e["name"]:
                tt.append(e["name"])
            self.title_tokens.append(tt)
            self.text_tokens.append(xt)
            self.length.append(len(tt) + len(xt))
            self.titled.append(bool(e["title_tokens"]))
            self.title_neg.append(any(t in self.negation for t in tt))
            for field, toks in ((0, tt), (1, xt)):
                for t in toks:
                    self.postings.setdefault(t, {}).setdefault(i, [0, 0])[field] += 1
        self._words_of: dict[tuple[int, str], tuple[str, list[tuple[int, int, str]]]] = {}
        self._follows: dict[int, dict[str, set[str]]] = {}
        k1, b = self.p["k1"], self.p["b"]
        self.norm = [k1 * (1 - b + b * n / self.avgdl) for n in self.length]
        """bm25's length normalisation per entry."""
        self._by_len: dict[int, list[str]] | None = None

    @property
    def _forms_by_len(self) -> dict[int, list[str]]:
        """Known forms by length, sorted; made on the first typo (a query of known
        words never needs it)."""
        if self._by_len is None:
            self._by_len = {}
            for f in sorted(self.forms):
                self._by_len.setdefault(len(f), []).append(f)
        return self._by_len

    # --- the query ---------------------------------------------------------------

    def term(self, word: str) -> str | None:
        """The index term of a typed word with digits (an address), else None."""
        if _DIGIT.search(word):
            t = "".join(self.latin.get(ch, ch) for ch in word).lower()
            return t if _SAFE.match(t) else ""
        return None

    def correct(self, word: str) -> str | None:
        """The known form nearest to an unknown word, or None (ties: the lemma
        more entries hold, then alphabetical)."""
        if len(word) < self.p["typo_min"]:
            return None
        d = int(self.p["typo_distance"])
        from rapidfuzz import process
        from rapidfuzz.distance import OSA

        best: tuple[int, float, str] | None = None
        for n in range(len(word) - d, len(word) + d + 1):
            forms = self._forms_by_len.get(n)
            if not forms:
                continue
            for f, dist, _ in process.extract(
                word, forms, scorer=OSA.distance, score_cutoff=d, limit=None
            ):
                key = (int(dist), self.idf.get(self.forms[f], math.inf), f)
                if best is None or key < best:
                    best = key
        return best[2] if best else None

    def resolve(self, typed: str) -> Word:
        corrected = None
        t = self.term(typed)
        if t is not None:
            lemma = t
        elif typed in self.forms:
            lemma = self.forms[typed]
        else:
            corrected = self.correct(typed)
            lemma = self.forms[corrected] if corrected else typed
        alts: dict[str, tuple[float, str]] = {lemma: (self.p["exact"], "exact")}
        s = self.stems.get(lemma)
        if s:
            for w in self.words:
                if w.startswith(s):
                    alts.setdefault(w, (self.p["stem"], "stem"))
        for syn in self.synonyms.get(lemma, ()):
            alts.setdefault(syn, (self.p["synonym"], "synonym"))
        if len(lemma) >= self.p["part_min"] and t is None:
            # a compound that only negates the word («неправильно») is its opposite, not a part
            opposite = {n + lemma for n in sorted(self.negation)}
            for w in self.words:
                if lemma in w and w not in opposite:
                    alts.setdefault(w, (self.p["part"], "part"))
        found = tuple((w, wt, how) for w, (wt, how) in alts.items() if w in self.idf)
        return Word(typed, lemma, corrected, found)

    def parse(self, text: str) -> tuple[list[Word], list[tuple[str, ...]], bool]:
        """(words, phrases, truncated) of a query; quoted runs of words are phrases."""
        text = str(text or "")
        truncated = len(text) > MAX_QUERY_CHARS
        text = text[:MAX_QUERY_CHARS]
        parts = text.split('"')
        balanced = len(parts) % 2 == 1
        typed: list[str] = []
        phrases: list[tuple[str, ...]] = []
        for i, part in enumerate(parts):
            toks = [_fold(m.group()) for m in QUERY_TOKEN.finditer(part)]
            toks = [w for w in toks if _SAFE.match(w)]
            inside = i % 2 == 1 and (balanced or i < len(parts) - 1)
            if inside and len(toks) > 1:
                lemmas = tuple(self.resolve(w).lemma for w in toks[:MAX_TERMS])
                if lemmas not in phrases:
                    phrases.append(lemmas)
            else:
                typed += toks
        content = [w for w in typed if w not in self.stop]
        if content or phrases:
            typed = content
        words: list[Word] = []
        seen: set[str] = set()
        for w in typed:
            r = self.resolve(w)
            if r.lemma not in seen:
                seen.add(r.lemma)
                words.append(r)
        if len(words) + len(phrases) > MAX_TERMS:
            truncated = True
            phrases = phrases[:MAX_TERMS]
            words = words[: max(0, MAX_TERMS - len(phrases))]
        return words, phrases, truncated

    # --- scoring -------------------------------------------------------------------

    def bm25(self, idf: float, tf_title: int, tf_text: int, i: int) -> float:
        tf = self.p["title"] * tf_title + tf_text
        return idf * tf * (self.p["k1"] + 1) / (tf + self.norm[i])

    def phrase_counts(self, phrase: tuple[str, ...], i: int) -> tuple[int, int]:
        out = []
        n = len(phrase)
        for toks in (self.title_tokens[i], self.text_tokens[i]):
            c = 0
            for k in range(len(toks) - n + 1):
                if tuple(toks[k : k + n]) == phrase:
                    c += 1
            out.append(c)
        return out[0], out[1]

    def search(
        self, text: str, *, law: str | None = None, kind: str | None = None, limit: int = 20
    ) -> tuple[list[dict[str, Any]], Results]:
        """Ranked matches: ([{index, score, partial, via, terms}], Results metadata)."""
        words, phrases, truncated = self.parse(text)
        corrections = tuple((w.typed, w.corrected) for w in words if w.corrected)
        live = [w for w in words if w.alternatives]
        ignored = tuple(w.typed for w in words if not w.alternatives)
        n_groups = len(live) + len(phrases)
        negated = any(w.lemma in self.negation for w in words)

        def allowed(i: int) -> bool:
            e = self.entries[i]
            return (law is None or e["law"] == law) and (kind is None or e["kind"] == kind)

        # per entry: [score per group], [title match per group], [best (term, how) per group]
        scores: dict[int, list[float]] = {}
        in_title: dict[int, list[bool]] = {}
        best: dict[int, list[tuple[str, str] | None]] = {}

        def slot(i: int) -> None:
            if i not in scores:
                scores[i] = [0.0] * n_groups
                in_title[i] = [False] * n_groups
                best[i] = [None] * n_groups

        keep = (
            None
            if law is None and kind is None
            else {i for i in range(len(self.entries)) if allowed(i)}
        )
        # the loop below is ``bm25`` inlined (same operations in the same order)
        title_weight, k1_1, norm = self.p["title"], self.p["k1"] + 1, self.norm
        for g, w in enumerate(live):
            for t, weight, how in w.alternatives:
                idf = self.idf[t]
                for i, (tft, tfx) in self.postings.get(t, {}).items():
                    if keep is not None and i not in keep:
                        continue
                    tf = title_weight * tft + tfx
                    s = weight * (idf * tf * k1_1 / (tf + norm[i]))
                    row = scores.get(i)
                    if row is None:
                        row = scores[i] = [0.0] * n_groups
                        in_title[i] = [False] * n_groups
                        best[i] = [None] * n_groups
                    if s > row[g]:
                        row[g] = s
                        best[i][g] = (t, how)
                    if tft:
                        in_title[i][g] = True
        for k, ph in enumerate(phrases):
            g = len(live) + k
            if not all(t in self.postings for t in ph):
                continue
            idf = sum(self.idf[t] for t in ph)
            cand = set(self.postings[ph[0]])
            for t in ph[1:]:
                cand &= set(self.postings[t])
            for i in sorted(cand):
                if not allowed(i):
                    continue
                tft, tfx = self.phrase_counts(ph, i)
                if tft + tfx:
                    slot(i)
                    scores[i][g] = self.bm25(idf, tft, tfx, i)
                    best[i][g] = (" ".join(ph), "exact")
                    in_title[i][g] = tft > 0
        # Entries that lack some words stay, ranked down by the share they hold
        # (squared); a hit is partial when it lacks a word.
        matched = {i: n_groups - b.count(None) for i, b in best.items()}
        chosen = sorted(i for i, m in matched.items() if m)
        # a word weighs its rarest answer's idf: lacking «игрок» costs less than lacking «мало»
        word_idf = [max(self.idf[t] for t, _, _ in w.alternatives) for w in live]
        for ph in phrases:
            phrase_idf = 0.0
            for t in ph:
                phrase_idf += self.idf.get(t, 0.0)
            word_idf.append(phrase_idf)
        all_weight = 0.0
        for x in word_idf:
            all_weight += x
        partial = bool(chosen) and (bool(ignored) or all(matched[i] < n_groups for i in chosen))
        base: dict[int, float] = {}
        for i in chosen:
            total = 0.0
            for g in range(n_groups):
                total += scores[i][g]
            held = 0.0
            for g in range(n_groups):
                if best[i][g] is not None:
                    held += word_idf[g]
            share = held / all_weight if all_weight > 0 else 0.0
            factor = 1.0
            for _ in range(int(self.p["coord"])):  # repeated products: the same bits in JS
                factor *= share
            if self.titled[i] and self.title_neg[i] != negated:
                factor *= self.p["negation"]  # «не назначается» answers only a negated query
            base[i] = total * factor
        # query words next to each other in an entry («может реконтрировать») count more;
        # looked for among the best entries only, so a long list stays cheap
        near: dict[int, int] = {}
        if len(live) > 1:
            answers = [{t for t, _, _ in w.alternatives} for w in live]
            for i in heapq.nsmallest(int(self.p["near_top"]), chosen, key=lambda i: (-base[i], i)):
                near[i] = self._adjacent(i, answers)
        effective: dict[int, float] = {}
        for i in chosen:  # document order: a parent is placed before its children
            effective[i] = base[i]
            if near.get(i):
                effective[i] = base[i] * (1 + self.p["near"] * near[i] / (len(live) - 1))
            parent = self.by_address.get(self.entries[i]["parent"] or "")
            if parent in effective and self._lifts(i, parent, in_title, matched, words):
                if effective[parent] >= effective[i]:
                    effective[i] = effective[parent] * self.p["lift"]
        # a term of a subject index that the query names puts the laws it gives first
        named = self._subjects(words, allowed)
        if named:
            top = max(effective.values()) if effective else 1.0
            for i, _shown in named:
                if i not in effective:
                    chosen.append(i)
                    matched[i] = 0
                    best[i] = [None] * n_groups
                effective[i] = top * self.p["lift"] + effective.get(i, 0.0)
        order = heapq.nsmallest(limit, chosen, key=lambda i: (-effective[i], i))
        # every term that answers a word is highlighted, whichever scored best
        terms = {t for w in live for t, _, _ in w.alternatives} | {t for ph in phrases for t in ph}
        rows = []
        for i in order:
            via = []
            for g in range(n_groups):
                b = best[i][g]
                if b and b[1] in ("synonym", "part", "stem") and g < len(live):
                    via.append((b[1], live[g].corrected or live[g].typed, b[0]))
            via += [("index", shown, self.entries[i]["address"]) for j, shown in named if j == i]
            rows.append(
                {
                    "index": i,
                    "score": effective[i],
                    "via": tuple(via),
                    "terms": terms,
                    "partial": matched[i] < n_groups or bool(ignored),
                }
            )
        suggestion = None
        if corrections:
            suggestion = _apply_corrections(text, dict(corrections))
        meta_ = Results(
            (),
            corrections=corrections,
            suggestion=suggestion,
            ignored=ignored,
            partial=partial,
            words=tuple(w.lemma for w in words),
            phrases=tuple(phrases),
            truncated=truncated,
        )
        return rows, meta_

    def snippet(
        self, i: int, field: str, terms: set[str]
    ) -> tuple[str, tuple[tuple[int, int], ...]]:
        """``snippet`` of entry ``i``'s title or text, words whose term is in ``terms``
        marked; each entry's words are read once per engine."""
        key = (i, field)
        got = self._words_of.get(key)
        if got is None:
            text = " ".join((self.entries[i][field] or "").split())
            found = []
            for m in TOKEN.finditer(text):
                w = _fold(m.group())
                t = self.term(w)
                found.append((m.start(), m.end(), self.forms.get(w, w) if t is None else t))
            got = self._words_of[key] = (text, found)
        text, found = got
        return _window(text, [(a, b) for a, b, t in found if t in terms])

    def _subjects(self, words: list[Word], allowed: Callable[[int], bool]) -> list[tuple[int, str]]:
        """(entry, index term) for every subject-index term whose words the query
        holds, each entry once, in the index's order."""
        answers = [{w.lemma} | {t for t, _, _ in w.alternatives} for w in words]
        out: list[tuple[int, str]] = []
        seen: set[int] = set()
        for lemmas, shown, targets in self.subjects:
            if not lemmas or not all(any(lem in a for a in answers) for lem in lemmas):
                continue
            for address in targets:
                i = self.by_address.get(address)
                if i is not None and allowed(i) and i not in seen:
                    seen.add(i)
                    out.append((i, shown))
        return out

    def _adjacent(self, i: int, answers: list[set[str]]) -> int:
        """How many pairs of consecutive query words stand next to each other
        (in that order) in entry ``i``'s title or text."""
        follows = self._follows.get(i)
        if follows is None:
            follows = {}
            for toks in (self.title_tokens[i], self.text_tokens[i]):
                for a, b in pairwise(toks):
                    follows.setdefault(a, set()).add(b)
            self._follows[i] = follows
        found = 0
        for g in range(len(answers) - 1):
            second = answers[g + 1]
            if any(not follows.get(a, _EMPTY).isdisjoint(second) for a in answers[g]):
                found += 1
        return found

    def _lifts(
        self,
        i: int,
        parent: int,
        in_title: dict[int, list[bool]],
        matched: dict[int, int],
        words: list[Word],
    ) -> bool:
        """Entry ``i`` ranks above its ``parent``: its title holds query words, at
        least as many as the parent's title, it holds as many words in all, and
        the query does not name the parent (by its address, or by every word in
        its title)."""
        mine, theirs = sum(in_title[i]), sum(in_title[parent])
        if not mine or mine < theirs or matched[i] < matched[parent]:
            return False
        name = self.entries[parent]["name"]
        if name and any(w.lemma == name for w in words):
            return False
        return not all(in_title[parent])


def _apply_corrections(text: str, fixes: dict[str, str]) -> str:
    """``text`` with each corrected word replaced by the known form (case kept for the rest)."""

    def repl(m: regex.Match) -> str:
        w = _fold(m.group())
        return fixes.get(w, m.group())

    return TOKEN.sub(repl, str(text or "")[:MAX_QUERY_CHARS])


# --- searching -----------------------------------------------------------------------


_ENGINES: dict[tuple[str, str, str], Engine] = {}
"""Engines by the index's content: (format, codex_sha256, entries) from ``meta``."""


def engine(con: sqlite3.Connection) -> Engine:
    """The engine of an open index, made once per connection and content."""
    m = meta(con)
    key = (m.get("format", ""), m.get("codex_sha256", ""), m.get("entries", ""))
    hit = _ENGINES.get(key)
    if hit is not None:
        return hit
    try:
        row = con.execute("SELECT value FROM search_data WHERE key = 'index'").fetchone()
    except sqlite3.OperationalError as exc:
        raise SearchError(f"the search index is damaged ({exc}); run `kodeks build`") from exc
    if row is None:
        raise SearchError("the search index has no search data; run `kodeks build`")
    eng = Engine(json.loads(row[0]))
    if len(_ENGINES) > 16:
        _ENGINES.clear()
    _ENGINES[key] = eng
    return eng


def search(
    db_or_path: sqlite3.Connection | str | Path,
    query: str,
    *,
    law: str | int | None = None,
    kind: str | None = None,
    limit: int = 20,
) -> Results:
    """Ranked entries matching ``query`` (see the module doc for the language).

    ``law`` keeps entries of one law (``64`` or ``"64"``; any lenient address
    form names its law), ``kind`` one node kind. Never raises on the query text;
    raises ``SearchError`` for an unusable index or an unknown ``kind``/``law``.
    The list also carries ``corrections``, ``suggestion``, ``ignored`` and
    ``partial`` (see ``Results``)."""
    law_value = _law_filter(law)
    if kind is not None and kind not in NODE_KINDS:
        raise SearchError(f"unknown kind {kind!r}; one of {', '.join(NODE_KINDS)}")
    try:
        limit = int(limit)
    except (TypeError, ValueError):
        raise SearchError(f"limit must be a number, not {limit!r}") from None
    limit = min(limit, 1000)
    own = not isinstance(db_or_path, sqlite3.Connection)
    con = db_or_path if isinstance(db_or_path, sqlite3.Connection) else connect(db_or_path)
    try:
        eng = engine(con)
        if limit <= 0:
            return Results()
        rows, res = eng.search(query, law=law_value, kind=kind, limit=limit)
        for r in rows:
            e = eng.entries[r["index"]]
            plain, marks = eng.snippet(r["index"], "text", r["terms"])
            if not marks and e["title"]:
                t_plain, t_marks = eng.snippet(r["index"], "title", r["terms"])
                if t_marks or not plain:
                    plain, marks = t_plain, t_marks
            res.append(
                Hit(
                    e["address"],
                    e["title"],
                    e["kind"],
                    e["law"],
                    _marked(plain, marks),
                    plain,
                    marks,
                    r["score"],
                    r["partial"],
                    r["via"],
                )
            )
        return res
    finally:
        if own:
            con.close()


def _law_filter(law: str | int | None) -> str | None:
    if law is None or law == "":
        return None
    if isinstance(law, int):
        return str(law)
    text = str(law).strip()
    if text.isdigit():
        return str(int(text))
    key = law_of(lenient(text) or "")
    if key is None:
        raise SearchError(f"--law wants a law number such as 64, not {law!r}")
    return key
