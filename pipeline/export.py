"""Structured exports: per-source trees in the gold shape, the merged codex,
links, coverage and the build report. Pure functions from model values to
JSON-ready dicts, and the one JSON writer every product uses (``dump``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .model import Codex, Entry, Footnote, IndexEntry, Node, Reference, TocEntry, Tree

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


def codex_json(codex: Codex) -> dict[str, Any]:
    """The merged codex (schema: ``schemas/codex.schema.json``): the default
    edition's entries at the top, every other edition present under ``editions``
    (only when there is one), each entry naming its ``edition``."""
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
            }
            for s in codex.sources
        ],
        "roots": list(codex.roots),
        "entries": [entry_json(e, codex.edition) for e in codex.entries.values()],
        "fragments": [{"source": src, "node": node_json(n, True)} for src, n in codex.fragments],
    }
    if codex.others:
        out["editions"] = {
            edition: {
                "roots": list(other.roots),
                "entries": [entry_json(e, edition) for e in other.entries.values()],
                "fragments": [
                    {"source": src, "node": node_json(n, True)} for src, n in other.fragments
                ],
            }
            for edition, other in codex.others.items()
        }
    return out


def report_json(b: Build) -> dict[str, Any]:
    """The build report: every diagnostic, and per source its profile and a count of edits by kind."""
    per_source = {}
    for c in b.cleaned:
        counts: dict[str, int] = {}
        for e in c.edits:
            for k in e.kind:
                counts[k] = counts.get(k, 0) + 1
        per_source[c.source.name] = {
            "encoding": c.source.encoding,
            "kind": c.source.kind,
            "profile": c.profile.to_json(),
            "edition": {
                "edition": c.source.edition,
                "from": c.source.edition_from,
                "confidence": round(c.source.edition_confidence, 3),
                "evidence": list(c.source.edition_evidence),
            },
            "edits": dict(sorted(counts.items())),
            "edit_log": [e.to_json() for e in c.edits],
        }
    levels = {
        lvl: sum(d.level == lvl for d in b.diagnostics) for lvl in ("error", "warning", "info")
    }
    return {
        "summary": {
            "sources": len(b.sources),
            "entries": len(b.codex.entries),
            "diagnostics": levels,
        },
        "diagnostics": [d.to_json() for d in b.diagnostics],
        "sources": per_source,
    }


def json_bytes(data: Any) -> bytes:
    """JSON exactly as every product is written: UTF-8, keys in the order given,
    indentation 1, a final newline (so two builds give identical bytes)."""
    return (json.dumps(data, ensure_ascii=False, indent=1) + "\n").encode("utf-8")


def dump(path: Path, data: Any) -> None:
    """Write ``data`` as JSON to ``path`` (see ``json_bytes``), creating its folder."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(json_bytes(data))
