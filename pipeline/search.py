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
import html as html_mod
import os
import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import regex

from . import morph
from .addresses import latin, law_of, lenient
from .errors import KodeksError
from .model import NODE_KINDS, Codex

FORMAT_VERSION = "1"
"""Bumped whenever the tables or the analyzer change; an index of another
version is stale."""

MAX_TERMS = 32
"""Query words beyond this many are ignored (a 10,000-character query still answers)."""

MAX_QUERY_CHARS = 2000
"""Query text beyond this many characters is ignored."""

TOKEN = regex.compile(r"[\p{L}\p{M}\p{N}]+(?:-[\p{L}\p{M}\p{N}]+)*")
"""A word for the index: letters and digits, possibly hyphenated (``64А1``, ``из-за``)."""

_SAFE = regex.compile(r"^[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*$")


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


_VERB_END = ("ться", "тись", "чься", "ть", "ти", "чь")
_NOUN_END = ("ение", "ание", "яние", "ение")


def stem(lemma_: str) -> str | None:
    """A prefix shared by a verb and its verbal noun (выявить, выявление → ``выяв``);
    ``None`` when the lemma is neither or the stem would be shorter than 4 letters."""
    w = lemma_
    if not regex.fullmatch(r"\p{Cyrillic}{6,}", w):
        return None
    base = None
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
    kind: str
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
        return {"address": self.address, "title": self.title, "kind": self.kind, "law": self.law,
                "snippet": self.snippet, "plain": self.plain, "html": self.html,
                "marks": [list(m) for m in self.marks], "score": round(self.score, 6),
                "partial": self.partial}


SNIPPET_CHARS = 200


def snippet(text: str, query: Query, width: int = SNIPPET_CHARS) -> tuple[str, tuple[tuple[int, int], ...]]:
    """A window of ``text`` around its first matched word: (plain text, match offsets)."""
    text = " ".join((text or "").split())
    spans = [(m.start(), m.end()) for m in TOKEN.finditer(text) if query.highlights(m.group())]
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


def _marked(plain: str, marks: Iterable[tuple[int, int]], open_: str = "«", close: str = "»") -> str:
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
    position INTEGER NOT NULL
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
    PRIMARY KEY (address, ordinal)
);
CREATE VIRTUAL TABLE fts USING fts5 (title, text, tokenize='unicode61');
"""


def codex_bytes(codex: Codex) -> bytes:
    """``codex.json`` exactly as the build writes it (``pipeline.export.dump``)."""
    from .export import codex_json, json_bytes

    return json_bytes(codex_json(codex))


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
    con.executemany("INSERT INTO meta VALUES (?, ?)", [
        ("format", FORMAT_VERSION), ("codex_sha256", codex_hash), ("entries", str(len(entries))),
        ("analyzer", "pymorphy3 lemma via pipeline.morph; digits latin+lower; unicode61"),
    ])
    nodes, refs, back, notes, wits, fts = [], [], [], [], [], []
    for pos, e in enumerate(entries, 1):
        nodes.append((pos, e.id, e.kind, e.label, e.title, e.text, e.parent, law_of(e.id),
                      int(e.penalty), int(e.inferred), e.chosen, e.why, " ".join(e.tags), pos))
        all_refs = list(e.refs) + [r for fn in e.footnotes for r in fn.refs]
        for i, r in enumerate(all_refs):
            refs.append((e.id, i, r.field, r.text, r.target, r.kind, r.status, r.resolved,
                         r.source, r.line))
        for src in sorted(set(e.backlinks)):
            back.append((e.id, src))
        for i, fn in enumerate(e.footnotes):
            notes.append((e.id, i, fn.mark, fn.text))
        for i, w in enumerate(e.witnesses):
            wits.append((e.id, i, w.source, w.title, w.text, w.span.start, w.span.end, w.span.line,
                         w.span.end_line, w.edits, int(w.truncated), w.placed_by))
        body = e.text + "".join("\n" + fn.text for fn in e.footnotes)
        fts.append((pos, " ".join(analyze(e.title or "")), " ".join(analyze(body))))
    con.executemany("INSERT INTO nodes VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)", nodes)
    con.executemany("INSERT INTO refs VALUES (?,?,?,?,?,?,?,?,?,?)", refs)
    con.executemany("INSERT INTO backlinks VALUES (?,?)", back)
    con.executemany("INSERT INTO footnotes VALUES (?,?,?,?)", notes)
    con.executemany("INSERT INTO witnesses VALUES (?,?,?,?,?,?,?,?,?,?,?,?)", wits)
    con.executemany("INSERT INTO fts(rowid, title, text) VALUES (?,?,?)", fts)


# --- opening and checking ----------------------------------------------------------


def connect(path: str | Path) -> sqlite3.Connection:
    """Open an index read-only; ``SearchError`` when it is missing or not an index."""
    path = Path(path)
    if not path.is_file():
        raise SearchError(f"{path}: no search index; run `kodeks build` to create it")
    try:
        con = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, check_same_thread=False)
        version = dict(con.execute("SELECT key, value FROM meta").fetchall()).get("format")
    except sqlite3.Error as exc:
        raise SearchError(f"{path}: not a Kodeks search index ({exc}); run `kodeks build`") from exc
    if version != FORMAT_VERSION:
        con.close()
        raise SearchError(f"{path}: index format {version}, this version reads {FORMAT_VERSION}; "
                          "run `kodeks build` to rebuild it")
    return con


def meta(con: sqlite3.Connection) -> dict[str, str]:
    return dict(con.execute("SELECT key, value FROM meta").fetchall())


def check_index(sqlite_path: str | Path, codex_json_path: str | Path) -> sqlite3.Connection:
    """Open the index and check it was built from this ``codex.json``; a missing
    or stale index raises ``SearchError`` saying to run ``kodeks build``."""
    con = connect(sqlite_path)
    digest = hashlib.sha256(Path(codex_json_path).read_bytes()).hexdigest()
    if meta(con).get("codex_sha256") != digest:
        con.close()
        raise SearchError(f"{sqlite_path} is stale: it was not built from {codex_json_path}; "
                          "run `kodeks build` to rebuild it")
    return con


# --- searching -----------------------------------------------------------------------


def search(db_or_path: sqlite3.Connection | str | Path, query: str, *, law: str | int | None = None,
           kind: str | None = None, limit: int = 20) -> list[Hit]:
    """Ranked entries matching ``query`` (see the module doc for the language).

    ``law`` keeps entries of one law (``64`` or ``"64"``; any lenient address
    form names its law), ``kind`` one node kind. Never raises on the query text;
    raises ``SearchError`` for an unusable index or an unknown ``kind``/``law``."""
    law_value = _law_filter(law)
    if kind is not None and kind not in NODE_KINDS:
        raise SearchError(f"unknown kind {kind!r}; one of {', '.join(NODE_KINDS)}")
    try:
        limit = int(limit)
    except (TypeError, ValueError):
        raise SearchError(f"limit must be a number, not {limit!r}") from None
    limit = min(limit, 1000)
    q = parse_query(query)
    if q.empty or limit <= 0:
        return []
    own = not isinstance(db_or_path, sqlite3.Connection)
    con = db_or_path if isinstance(db_or_path, sqlite3.Connection) else connect(db_or_path)
    try:
        hits = _run(con, q, q.match_all(), law_value, kind, limit, partial=False)
        if not hits and len(q.groups()) > 1:
            hits = _run(con, q, q.match_any(), law_value, kind, limit, partial=True)
        return hits
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


def _run(con: sqlite3.Connection, q: Query, match: str, law: str | None, kind: str | None,
         limit: int, partial: bool) -> list[Hit]:
    sql = ["SELECT n.address, n.title, n.kind, n.law, n.text, bm25(fts, 2.0, 1.0) AS s",
           "FROM fts JOIN nodes n ON n.rowid = fts.rowid WHERE fts MATCH ?"]
    params: list[Any] = [match]
    if law is not None:
        sql.append("AND n.law = ?")
        params.append(law)
    if kind is not None:
        sql.append("AND n.kind = ?")
        params.append(kind)
    sql.append("ORDER BY s, n.position LIMIT ?")
    params.append(limit)
    try:
        rows = con.execute(" ".join(sql), params).fetchall()
    except sqlite3.OperationalError as exc:
        if "no such table" in str(exc) or "no such column" in str(exc):
            raise SearchError(f"the search index is damaged ({exc}); run `kodeks build`") from exc
        return []  # an FTS expression SQLite rejects: nothing matches it
    hits = []
    for address, title, kind_, law_, text, score in rows:
        plain, marks = snippet(text, q)
        if not marks and title:
            t_plain, t_marks = snippet(title, q)
            if t_marks or not plain:
                plain, marks = t_plain, t_marks
        hits.append(Hit(address, title, kind_, law_, _marked(plain, marks), plain, marks,
                        -float(score), partial))
    return hits


# --- the offline HTML search box -------------------------------------------------------


def export_for_html(codex: Codex) -> dict[str, Any]:
    """What the static site's search box needs offline, made by the same analyzer.

    ``entries``: per entry its address, kind, law, title and ``tokens`` (the
    index terms of title and text, space-separated); ``lemmas``: word form (lower
    case) → lemma for every corpus form whose lemma differs from it, so the
    browser lemmatizes query words that occur in the corpus; ``stems``: lemma →
    verb/verbal-noun stem for prefix matching (see ``stem``)."""
    entries, forms = [], {}
    for e in codex.entries.values():
        body = e.text + "".join("\n" + fn.text for fn in e.footnotes)
        entries.append({"address": e.id, "kind": e.kind, "law": law_of(e.id), "title": e.title,
                        "title_tokens": " ".join(analyze(e.title or "")),
                        "tokens": " ".join(analyze(body))})
        for m in TOKEN.finditer((e.title or "") + "\n" + body):
            w = m.group().lower().replace("ё", "е")
            if w not in forms:
                forms[w] = term(m.group())
    lemmas = {w: forms[w] for w in sorted(forms) if forms[w] != w}
    stems = {}
    for t in sorted(set(forms.values())):
        s = stem(t)
        if s:
            stems[t] = s
    return {"version": FORMAT_VERSION, "entries": entries, "lemmas": lemmas, "stems": stems}
