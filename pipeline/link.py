"""Stage 4, link: find every reference in every node, resolve it against the
merged codex, and build the backlinks.

``find_in_tree`` works on one source's tree: it fills each node's ``refs`` (and
its footnotes' refs) from its title and text, in order, using
``pipeline.refs.find_references``. Self-references resolve to the law that
contains them; inside an unplaced fragment they give nothing.

``resolve`` works on the merged codex. Each reference gets a status:

- ``exact``: the address is in the codex;
- ``ancestor``: it is not, but its section or law is; the link goes there;
- ``dangling``: not even its law is in the corpus. It is kept, listed, and
  reported (K501).

Every entry then knows which entries cite it (``backlinks``), from law text,
commentary and footnotes alike.
"""

from __future__ import annotations

from dataclasses import replace

from . import addresses
from .errors import diag
from .model import Codex, Diagnostic, Node, Reference, Span, Tree, walk
from .refs import find_references


def _section_of(address: str | None) -> str | None:
    a = addresses.parse(address or "")
    if a and a.section and a.law is not None:
        return f"{a.law}{a.section}"
    return None


def _ref_span(tree: Tree, node_span: Span, text: str) -> Span:
    """Where a reference's text stands in the raw source: searched inside the
    node's raw span (the cleaner may have joined lines inside it)."""
    from .offsets import span_of

    raw = tree.source.text
    pos = raw.find(text, node_span.start, max(node_span.end, node_span.start + 1) + len(text))
    if pos < 0:
        return node_span
    return span_of(tree.source, pos, pos + len(text))


def _refs(tree: Tree, node: Node, text: str, field: str, law: str | None) -> tuple[Reference, ...]:
    out = []
    for f in find_references(text, law=law, section=_section_of(node.id)):
        out.append(Reference(text=f.text, target=f.target, owner=node.id, field=field, kind=f.kind,
                             span=_ref_span(tree, node.span, f.text)))
    return tuple(out)


def _with_refs(tree: Tree, node: Node, law: str | None) -> Node:
    own_law = addresses.law_of(node.id) if node.id else law
    if node.kind == "fragment":
        own_law = None
    refs: list[Reference] = []
    if node.title:
        refs += _refs(tree, node, node.title, "title", own_law)
    if node.text:
        refs += _refs(tree, node, node.text, "text", own_law)
    footnotes = tuple(replace(fn, refs=tuple(
        replace(r, field="footnote", span=_ref_span(tree, fn.span, r.text))
        for r in _refs(tree, node, fn.text, "footnote", own_law))) for fn in node.footnotes)
    children = tuple(_with_refs(tree, c, own_law) for c in node.children)
    return replace(node, refs=tuple(refs), footnotes=footnotes, children=children)


def find_in_tree(tree: Tree) -> Tree:
    """The tree with every node's references filled in."""
    return replace(tree, nodes=tuple(_with_refs(tree, n, None) for n in tree.nodes))


def status_of(target: str, known) -> tuple[str, str | None]:
    """``(status, resolved address)`` of a target against the known addresses."""
    if target in known:
        return "exact", target
    for anc in addresses.ancestors(target):
        if anc in known:
            return "ancestor", anc
    return "dangling", None


def resolve(codex: Codex) -> tuple[Codex, list[Diagnostic]]:
    """Resolve every reference of the codex and fill in the backlinks."""
    diags: list[Diagnostic] = []
    known = codex.entries
    cited_by: dict[str, list[str]] = {k: [] for k in known}
    entries = {}
    for key, entry in known.items():
        refs = []
        for r in entry.refs:
            status, resolved = status_of(r.target, known)
            refs.append(replace(r, status=status, resolved=resolved))
        footnotes = []
        for fn in entry.footnotes:
            frefs = []
            for r in fn.refs:
                status, resolved = status_of(r.target, known)
                frefs.append(replace(r, status=status, resolved=resolved))
            footnotes.append(replace(fn, refs=tuple(frefs)))
        for r in refs + [r for fn in footnotes for r in fn.refs]:
            if r.resolved and key not in cited_by[r.resolved]:
                cited_by[r.resolved].append(key)
            if r.status == "dangling":
                diags.append(diag("K501", f"{r.span.source}:{r.span.line}: «{r.text}» in {key} points to "
                                          f"{r.target}, which is not in the corpus", r.span))
        entries[key] = replace(entry, refs=tuple(refs), footnotes=tuple(footnotes))
    entries = {k: replace(e, backlinks=tuple(sorted(cited_by[k], key=addresses.sort_key)))
               for k, e in entries.items()}
    return replace(codex, entries=entries), diags


def all_links(codex: Codex) -> list[dict]:
    """Every reference of every source (each witness, fragments included), with
    its status against the merged codex: the content of ``links.json``."""
    out = []
    for tree in codex.trees:
        for node, _parent in walk(tree.nodes):
            refs = list(node.refs) + [r for fn in node.footnotes for r in fn.refs]
            for r in refs:
                status, resolved = status_of(r.target, codex.entries)
                out.append({"source": tree.source.name, "owner": node.id, "owner_kind": node.kind,
                            "field": r.field, "text": r.text, "target": r.target, "kind": r.kind,
                            "status": status, "resolved": resolved, "span": r.span.to_json()})
    return out
