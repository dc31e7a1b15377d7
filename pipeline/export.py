"""Structured exports: per-source trees in the gold shape, the merged codex,
links, coverage and the build report. Pure functions from model values to
JSON-ready dicts, and the one JSON writer every product uses (``dump``).

The big products (``codex.json``, ``report.json``) are written as they are made:
``codex_json(..., lazy=True)`` and ``report_json(..., lazy=True)`` hold their
long lists as ``Lazy`` (an entry's or an edit's dict is made when the writer
reaches it and dropped once written), so writing them never holds the whole
product as dicts, then as one string, then as bytes. The bytes are the same.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from .model import (
    Cleaned,
    Codex,
    Diagnostic,
    Edit,
    Entry,
    Footnote,
    IndexEntry,
    Node,
    Reference,
    TocEntry,
    Tree,
)

if TYPE_CHECKING:
    from .run import Build

REMOVAL_KINDS = {
    "page-number": "page-number",
    "site-chrome": "site-chrome",
    "pagination-strip": "pagination-strip",
    "underline-rule": "underline-rule",
    "lone-bar": "lone-bar",
    "question-run": "question-run",
    "duplicate": "duplicate",
}


def ref_json(ref: Reference, full: bool = False) -> dict[str, Any]:
    out: dict[str, Any] = {"text": ref.text, "target": ref.target}
    if full:
        out.update(
            owner=ref.owner,
            field=ref.field,
            kind=ref.kind,
            status=ref.status,
            resolved=ref.resolved,
            span=ref.span.to_json() if ref.span else None,
        )
    return out


def footnote_json(fn: Footnote, full: bool = False) -> dict[str, Any]:
    out: dict[str, Any] = {
        "mark": fn.mark,
        "text": fn.text,
        "refs": [ref_json(r, full) for r in fn.refs],
    }
    if full:
        out["span"] = fn.span.to_json()
    return out


def node_json(node: Node, full: bool = False) -> dict[str, Any]:
    """A node in the gold shape; ``full`` adds spans and reference details."""
    out: dict[str, Any] = {
        "id": node.id,
        "kind": node.kind,
        "label": node.label,
        "title": node.title,
        "text": node.text,
        "inferred": node.inferred,
        "penalty": node.penalty,
        "tags": list(node.tags),
        "footnotes": [footnote_json(f, full) for f in node.footnotes],
        "refs": [ref_json(r, full) for r in node.refs],
        "children": [node_json(c, full) for c in node.children],
    }
    if full:
        out["span"] = node.span.to_json()
    return out


def removed(tree: Tree) -> list[dict[str, str]]:
    """Artefacts the cleaner removed, in the gold's ``removed`` shape."""
    out = []
    for e in tree.cleaned.edits:
        kinds = e.kind
        why = next((REMOVAL_KINDS[k] for k in kinds if k in REMOVAL_KINDS), None)
        if why and e.before.strip():
            out.append({"text": e.before.strip(), "why": why})
    return out


def toc_entry_json(entry: TocEntry, full: bool = False) -> dict[str, Any]:
    """A table-of-contents entry: the address it names, its title and page."""
    out: dict[str, Any] = {
        "id": entry.address,
        "kind": entry.kind,
        "label": entry.label,
        "title": entry.title,
        "page": entry.page,
        "line": entry.span.line,
    }
    if full:
        out["span"] = entry.span.to_json()
    return out


def index_entry_json(entry: IndexEntry, full: bool = False) -> dict[str, Any]:
    """A subject-index entry: a term and the addresses it names."""
    out: dict[str, Any] = {
        "term": entry.term,
        "targets": list(entry.targets),
        "line": entry.span.line,
    }
    if full:
        out["span"] = entry.span.to_json()
    return out


def source_json(tree: Tree, full: bool = False) -> dict[str, Any]:
    """One source's tree, exactly in the shape of ``../shared/gold/*.json``."""
    out: dict[str, Any] = {
        "source": tree.source.name,
        "kind": tree.source.kind,
        "edition": tree.source.edition,
        "nodes": [node_json(n, full) for n in tree.nodes],
        "removed": removed(tree),
    }
    # tables of contents and indexes are witnesses of structure, never nodes
    if tree.toc:
        out["toc"] = [toc_entry_json(e, full) for e in tree.toc]
    if tree.index:
        out["index"] = [index_entry_json(e, full) for e in tree.index]
    if full:
        out["encoding"] = tree.source.encoding
        out["truncated_start"] = tree.truncated_start
        out["truncated_end"] = tree.truncated_end
    return out


def entry_json(entry: Entry, edition: str) -> dict[str, Any]:
    return {
        "id": entry.id,
        "edition": edition,
        "kind": entry.kind,
        "label": entry.label,
        "title": entry.title,
        "text": entry.text,
        "parent": entry.parent,
        "children": list(entry.children),
        "inferred": entry.inferred,
        "penalty": entry.penalty,
        "tags": list(entry.tags),
        "footnotes": [footnote_json(f, True) for f in entry.footnotes],
        "refs": [ref_json(r, True) for r in entry.refs],
        "backlinks": list(entry.backlinks),
        "chosen": entry.chosen,
        "why": entry.why,
        "witnesses": [
            {
                "source": w.source,
                "title": w.title,
                "text": w.text,
                "span": w.span.to_json(),
                "edits": w.edits,
                "truncated": w.truncated,
                "placed_by": w.placed_by,
            }
            for w in entry.witnesses
        ],
        "edits": [e.to_json() for e in entry.edits],
        **(
            {
                "title_from": {
                    "kind": "toc",
                    "source": entry.title_from.span.source,
                    "page": entry.title_from.page,
                    "span": entry.title_from.span.to_json(),
                }
            }
            if entry.title_from
            else {}
        ),
    }


def _entries(entries: Iterable[Entry], edition: str, lazy: bool) -> Any:
    if lazy:
        return Lazy(lambda e: entry_json(e, edition), entries)
    return [entry_json(e, edition) for e in entries]


def _fragments(fragments: Iterable[tuple[str, Node]], lazy: bool) -> Any:
    def one(fragment: tuple[str, Node]) -> dict[str, Any]:
        return {"source": fragment[0], "node": node_json(fragment[1], True)}

    return Lazy(one, fragments) if lazy else [one(f) for f in fragments]


def codex_json(codex: Codex, lazy: bool = False) -> dict[str, Any]:
    """The merged codex (schema: ``schemas/codex.schema.json``): the default
    edition's entries at the top, every other edition present under ``editions``
    (only when there is one), each entry naming its ``edition``. ``lazy``: the
    entries and fragments as ``Lazy``, for ``dump``."""
    out: dict[str, Any] = {
        "schema": "https://kodeks.invalid/schemas/codex.schema.json",
        "edition": codex.edition,
        "sources": [
            {
                "name": s.name,
                "title": s.title,
                "kind": s.kind,
                "edition": s.edition,
                "origin": s.origin,
                "priority": s.priority,
                "encoding": s.encoding,
                "format": s.fmt,
                **({"parts": [p.to_json() for p in s.parts]} if s.parts else {}),
            }
            for s in codex.sources
        ],
        "roots": list(codex.roots),
        "entries": _entries(codex.entries.values(), codex.edition, lazy),
        "fragments": _fragments(codex.fragments, lazy),
    }
    if codex.others:
        out["editions"] = {
            edition: {
                "roots": list(other.roots),
                "entries": _entries(other.entries.values(), edition, lazy),
                "fragments": _fragments(other.fragments, lazy),
            }
            for edition, other in codex.others.items()
        }
    return out


def report_part(c: Cleaned, lazy: bool = True) -> tuple[str, dict[str, Any]]:
    """One source's part of ``report.json``: its name and its profile, edition,
    edits by kind and edit log (``lazy``: the edit log as ``Lazy``)."""
    counts: dict[str, int] = {}
    for e in c.edits:
        for k in e.kind:
            counts[k] = counts.get(k, 0) + 1
    return c.source.name, {
        "encoding": c.source.encoding,
        "format": c.source.fmt,
        # a container's parts: which member or page each stretch of source lines is
        **({"parts": [p.to_json() for p in c.source.parts]} if c.source.parts else {}),
        "kind": c.source.kind,
        "profile": c.profile.to_json(),
        "edition": {
            "edition": c.source.edition,
            "from": c.source.edition_from,
            "confidence": round(c.source.edition_confidence, 3),
            "evidence": list(c.source.edition_evidence),
        },
        "edits": dict(sorted(counts.items())),
        "edit_log": Lazy(Edit.to_json, c.edits) if lazy else [e.to_json() for e in c.edits],
    }


def report_json(b: Build, lazy: bool = False) -> dict[str, Any]:
    """The build report: every diagnostic, and per source its profile and a count
    of edits by kind. ``lazy``: the diagnostics and the sources as ``Lazy``, each
    source's edit log too, for ``dump``; a source whose part a build set aside
    (``pipeline.spill``) is read back from its file as it is written."""
    from . import spill

    def one(c: Cleaned) -> tuple[str, Any]:
        if spill.is_light(c):
            return c.source.name, Raw(spill.report_part(c))
        return report_part(c, lazy)

    levels = {
        lvl: sum(d.level == lvl for d in b.diagnostics) for lvl in ("error", "warning", "info")
    }
    return {
        "summary": {
            "sources": len(b.sources),
            "entries": len(b.codex.entries),
            "diagnostics": levels,
        },
        "diagnostics": Lazy(Diagnostic.to_json, b.diagnostics)
        if lazy
        else [d.to_json() for d in b.diagnostics],
        "sources": Lazy(one, b.cleaned, keyed=True) if lazy else dict(map(one, b.cleaned)),
    }


class Raw:
    """A JSON value already written by ``dump`` to a file (at nesting level 0,
    with its final newline): ``dump`` copies it where it stands, indented for
    its level, a line at a time."""

    __slots__ = ("path",)

    def __init__(self, path: Path):
        self.path = path


class Lazy:
    """A JSON array (``keyed``: an object) whose items are made only as the
    writer reaches them: ``fn(x)`` for each ``x`` of ``items`` (``keyed``: ``fn``
    gives ``(key, value)`` pairs). Only ``dump``/``json_bytes`` take it, anywhere
    in a value of dicts and lists."""

    __slots__ = ("fn", "items", "keyed")

    def __init__(self, fn: Callable[[Any], Any], items: Iterable[Any], keyed: bool = False):
        self.fn, self.items, self.keyed = fn, items, keyed

    def __iter__(self) -> Iterator[Any]:
        return (self.fn(x) for x in self.items)


def _has_lazy(value: Any) -> bool:
    if isinstance(value, Lazy | Raw):
        return True
    if isinstance(value, dict):
        return any(_has_lazy(v) for v in value.values())
    return isinstance(value, list) and any(_has_lazy(v) for v in value)


def _dumps(value: Any, level: int) -> str:
    """``value`` as ``json.dumps`` writes it nested ``level`` deep under indent 1:
    every line break of a value is structural (a string's is escaped), so nesting
    only adds ``level`` blanks after each."""
    text = json.dumps(value, ensure_ascii=False, indent=1)
    return text.replace("\n", "\n" + " " * level) if level else text


def _write(out: Callable[[str], Any], value: Any, level: int) -> None:
    """Write ``value`` at nesting ``level`` exactly as ``json.dumps(..., indent=1)``
    would, making the items of a ``Lazy`` one at a time."""
    if isinstance(value, Raw):
        # every line break of a JSON value is structural: indenting after each
        # one nests it (see ``_dumps``); the file ends in one, which is not copied
        pad = " " * level
        with value.path.open(encoding="utf-8", newline="\n") as f:
            first = True
            for line in f:
                out(line[:-1] if first else "\n" + pad + line[:-1])
                first = False
        return
    if not _has_lazy(value):
        out(_dumps(value, level))
        return
    keyed = isinstance(value, dict) or (isinstance(value, Lazy) and value.keyed)
    items = value.items() if isinstance(value, dict) else iter(value)
    open_, close = ("{", "}") if keyed else ("[", "]")
    inner = "\n" + " " * (level + 1)
    first = True
    for item in items:
        out((open_ if first else ",") + inner)
        first = False
        if keyed:
            key, item = item
            out(json.dumps(key, ensure_ascii=False) + ": ")
        _write(out, item, level + 1)
    out(open_ + close if first else "\n" + " " * level + close)


def _write_json(f: IO[str], data: Any) -> None:
    _write(f.write, data, 0)
    f.write("\n")


def json_bytes(data: Any) -> bytes:
    """JSON exactly as every product is written: UTF-8, keys in the order given,
    indentation 1, a final newline (so two builds give identical bytes)."""
    if not _has_lazy(data):
        return (json.dumps(data, ensure_ascii=False, indent=1) + "\n").encode("utf-8")
    import io

    buf = io.StringIO()
    _write_json(buf, data)
    return buf.getvalue().encode("utf-8")


def compact_pieces(value: Any, depth: int) -> Iterator[str]:
    """``json.dumps(value, ensure_ascii=False)`` (no indentation, the separators
    ``", "`` and ``": "``) in pieces: the containers of the first ``depth`` levels
    are opened here, what lies below each is dumped whole, so no string of the
    whole value is ever made. Joined, the pieces are ``json.dumps``'s string."""
    if depth and isinstance(value, dict) and value and all(isinstance(k, str) for k in value):
        sep = "{"
        for k, v in value.items():
            yield sep + json.dumps(k, ensure_ascii=False) + ": "
            yield from compact_pieces(v, depth - 1)
            sep = ", "
        yield "}"
    elif depth and isinstance(value, list | tuple) and value:
        sep = "["
        for v in value:
            yield sep
            yield from compact_pieces(v, depth - 1)
            sep = ", "
        yield "]"
    else:
        yield json.dumps(value, ensure_ascii=False, sort_keys=False)


def dump(path: Path, data: Any) -> None:
    """Write ``data`` as JSON to ``path`` (see ``json_bytes``), creating its folder;
    a ``data`` holding ``Lazy`` lists is written piece by piece as it is made."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if not _has_lazy(data):
        path.write_bytes(json_bytes(data))
        return
    with path.open("w", encoding="utf-8", newline="\n") as f:
        _write_json(f, data)
