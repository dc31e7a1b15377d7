"""Stage 7, link: resolve every reference against the merged codex and build
the backlinks (the references were found by stage 5, ``pipeline.refs``).

``link`` works on the merged codex. Each reference gets a status:

- ``exact``: the address is in the codex;
- ``ancestor``: it is not, but its section or law is; the link goes there
  (K502, so a publisher sees which clause the sources lack);
- ``dangling``: not even its law is in the corpus. It is kept, listed, and
  reported (K501).

Every entry then knows which entries cite it (``backlinks``), from law text,
commentary and footnotes alike.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from . import addresses
from .errors import diag
from .model import Codex, Diagnostic, Footnote, Reference, RefStatus, walk


def status_of(target: str, known, aliases=None) -> tuple[RefStatus, str | None]:
    """``(status, resolved address)`` of a target against the known addresses;
    ``aliases`` (``addresses.merged_aliases``): a paragraph printed merged with
    another (``12.5`` in ``12.4,5``) is found exactly in the node that holds it."""
    if target in known:
        return "exact", target
    if aliases and target in aliases:
        return "exact", aliases[target]
    for anc in addresses.ancestors(target):
        if anc in known:
            return "ancestor", anc
    return "dangling", None


def link(codex: Codex) -> tuple[Codex, list[Diagnostic]]:
    """Resolve every reference of the codex and fill in the backlinks; a reference
    resolves within its own edition (each codex of ``codex.others`` on its own)."""
    main, diags = _resolve_one(codex)
    others = {}
    for edition, other in codex.others.items():
        others[edition], found = _resolve_one(other)
        diags += found
    return replace(main, others=others), diags


def _resolve_one(codex: Codex) -> tuple[Codex, list[Diagnostic]]:
    diags: list[Diagnostic] = []
    known = codex.entries
    aliases = _aliases(known)
    cited_by: dict[str, list[str]] = {k: [] for k in known}
    resolved_refs: dict[str, tuple[tuple[Reference, ...], tuple[Footnote, ...]]] = {}
    for key, entry in known.items():
        refs = []
        for r in entry.refs:
            status, resolved = status_of(r.target, known, aliases)
            refs.append(replace(r, status=status, resolved=resolved))
        footnotes = []
        for fn in entry.footnotes:
            if not fn.refs:  # nothing to resolve: the footnote as it is
                footnotes.append(fn)
                continue
            frefs = []
            for r in fn.refs:
                status, resolved = status_of(r.target, known, aliases)
                frefs.append(replace(r, status=status, resolved=resolved))
            footnotes.append(replace(fn, refs=tuple(frefs)))
        for r in refs + [r for fn in footnotes for r in fn.refs]:
            if r.resolved and key not in cited_by[r.resolved]:
                cited_by[r.resolved].append(key)
            if r.status == "dangling":
                diags.append(
                    diag(
                        "K501",
                        f"{r.source}:{r.line}: «{r.text}» in {key} points to "
                        f"{r.target}, which is not in the corpus",
                        r.span,
                    )
                )
            elif r.status == "ancestor":
                diags.append(
                    diag(
                        "K502",
                        f"{r.source}:{r.line}: «{r.text}» in {key} points to {r.target}, "
                        f"which is not in the corpus; linked to {r.resolved}",
                        r.span,
                    )
                )
        resolved_refs[key] = (tuple(refs), tuple(footnotes))
    # one copy of each entry, with its resolved references and its backlinks
    entries = {
        k: replace(
            e,
            refs=resolved_refs[k][0],
            footnotes=resolved_refs[k][1],
            backlinks=tuple(sorted(cited_by[k], key=addresses.sort_key)),
        )
        for k, e in known.items()
    }
    return replace(codex, entries=entries), diags


def all_links(codex: Codex) -> list[dict]:
    """Every reference of every source (each witness, fragments included), with
    its status against the merged codex: the content of ``links.json``."""
    return list(iter_links(codex))


def iter_links(codex: Codex) -> Iterator[dict]:
    """``all_links`` one row at a time, as ``links.json`` is written."""
    aliases: dict[int, dict[str, str]] = {}
    for tree in codex.trees:
        known = codex.by_edition.get(tree.source.edition, codex).entries
        if id(known) not in aliases:
            aliases[id(known)] = _aliases(known)
        for node, _parent in walk(tree.nodes):
            refs = list(node.refs) + [r for fn in node.footnotes for r in fn.refs]
            for r in refs:
                status, resolved = status_of(r.target, known, aliases[id(known)])
                yield link_row(replace(r, status=status, resolved=resolved), node.kind)


def _aliases(entries) -> dict[str, str]:
    return addresses.merged_aliases((k, e.label) for k, e in entries.items())


def link_row(ref: Reference, owner_kind: str) -> dict:
    """One row of ``links.json``: a reference of a source with its status."""
    return {
        "source": ref.source,
        "owner": ref.owner,
        "owner_kind": owner_kind,
        "field": ref.field,
        "text": ref.text,
        "target": ref.target,
        "kind": ref.kind,
        "status": ref.status,
        "resolved": ref.resolved,
        "span": ref.span.to_json() if ref.span else None,
    }
