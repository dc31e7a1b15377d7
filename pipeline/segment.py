"""Stage 3, segment: turn a cleaned source into its tree of addressed nodes.

Input: a ``Cleaned`` source (one paragraph or heading per line, page breaks
known). Output: a ``Tree`` whose nodes carry canonical addresses
(``pipeline.addresses``), titles, body text (one paragraph per line), tags,
footnotes, the ``penalty`` and ``inferred`` flags, and the raw span they came
from; plus diagnostics. References are not found here (``link`` does that).

Placement rules:

- a law heading (``Правило 64.``) opens law 64; sections, clauses and
  subclauses nest under it by their markers;
- the start of a source and every *hard* page break (pages missing between
  them) lose the law context. Text that follows, up to the next law heading on
  the same page, belongs to the law before that heading (``inferred``) in a laws
  source, when it starts with plain text or a section; otherwise it stays an
  unplaced fragment (``id: null``) with its inner structure;
- a commentary paragraph (``64.10.``) carries its own address; headless
  commentary text is always a fragment;
- a footnote body (``(*) - …``) goes to the first node on its page whose text
  carries the mark.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import regex

from . import addresses
from .clean import (CLAUSE, COMMENTARY, FOOTNOTE, ITEM, LAW_HEAD, PART_HEAD, SECTION, SUBCLAUSE,
                    TAG, OffsetMap, span_of)
from .errors import diag
from .model import Cleaned, Diagnostic, Footnote, Node, Tree

_SENTENCE_END = regex.compile(r"[.!?…][)\]»\"”']*$")
PENALTY = "(НАКАЗАНИЕ)"

LEVEL = {"part": 0, "law": 1, "commentary": 2, "section": 2, "clause": 3, "subclause": 4, "item": 6}


@dataclass
class _Line:
    kind: str            # part, law, commentary, section, clause, subclause, item, footnote, para
    label: str | None
    rest: str
    start: int           # cleaned offsets
    end: int
    page: int            # index of the page (hard or soft breaks both count)
    region: int          # index of the hard-break region


@dataclass
class _Build:
    kind: str
    id: str | None
    label: str | None
    title: str | None
    paras: list[str]
    start: int
    end: int
    page: int
    inferred: bool = False
    level: int = 0
    children: list["_Build"] = field(default_factory=list)
    footnotes: list[Footnote] = field(default_factory=list)
    tags: list[str] = field(default_factory=list)
    probable: str | None = None


def _classify(line: str) -> tuple[str, str | None, str]:
    """Kind, label and the rest of a cleaned line."""
    for kind, pat in (("part", PART_HEAD), ("law", LAW_HEAD), ("footnote", FOOTNOTE),
                      ("commentary", COMMENTARY), ("subclause", SUBCLAUSE), ("item", ITEM),
                      ("section", SECTION), ("clause", CLAUSE)):
        m = pat.match(line)
        if not m:
            continue
        rest = line[m.end():]
        if kind == "part":
            return kind, m[2], rest
        if kind == "law":
            return kind, m[1], rest
        if kind == "footnote":
            return kind, "(" + m[1] + ")", rest
        if kind == "commentary":
            return kind, f"{int(m[1])}.{int(m[2])}", rest
        if kind == "subclause":
            return kind, "(" + addresses.latin(m[1]).upper() + ")", rest
        if kind == "item":
            return kind, "(" + m[1] + ")", rest
        if kind == "section":
            return kind, addresses.latin(m[1]).upper(), rest
        return kind, str(int(m[1])), rest
    return "para", None, line


def _strip_tags(text: str) -> tuple[str, list[str]]:
    tags = TAG.findall(text)
    return (TAG.sub("", text).rstrip() if tags else text), tags


def segment(cleaned: Cleaned) -> tuple[Tree, list[Diagnostic]]:
    """Segment one cleaned source into its tree."""
    src = cleaned.source
    diags: list[Diagnostic] = []
    omap = OffsetMap(cleaned.edits)
    breaks = sorted(cleaned.breaks)

    # 1. classify lines, with their page and hard-break region
    lines: list[_Line] = []
    pos, bi, page, region = 0, 0, 0, 0
    for raw_line in cleaned.text.split("\n"):
        start, end = pos, pos + len(raw_line)
        pos = end + 1
        while bi < len(breaks) and breaks[bi][0] <= start:
            page += 1
            region += 1 if breaks[bi][2] else 0
            bi += 1
        if not raw_line.strip():
            continue
        kind, label, rest = _classify(raw_line)
        lines.append(_Line(kind, label, rest, start, end, page, region))

    # 2. which law does headless text at a region's start belong to?
    infer_for_region: dict[int, int] = {}
    if src.kind != "commentary":
        for r in sorted({ln.region for ln in lines}):
            reg = [ln for ln in lines if ln.region == r]
            head_page = reg[0].page
            first_unit = next((ln for ln in reg if ln.kind not in ("para", "footnote")), None)
            if not reg or reg[0].kind in ("law", "part"):
                continue
            if first_unit is not None and first_unit.kind not in ("section", "law", "part"):
                continue
            nxt = next((ln for ln in reg if ln.kind == "law" and ln.page == head_page), None)
            if nxt is not None and int(nxt.label) > 1:
                infer_for_region[r] = int(nxt.label) - 1

    # 3. build the tree
    roots: list[_Build] = []
    stack: list[_Build] = []
    footnotes: list[tuple[_Line, str]] = []
    all_nodes: list[_Build] = []
    cur_region = -1
    current: _Build | None = None   # the unit whose paragraphs we are collecting

    def open_node(b: _Build) -> None:
        nonlocal current
        while stack and stack[-1].level >= b.level:
            stack.pop()
        parent = stack[-1] if stack else None
        if b.kind == "commentary" and parent is not None:
            # a commentary paragraph sits under its own law only
            while stack and not (stack[-1].kind == "law" and stack[-1].id == b.label.split(".")[0]):
                stack.pop()
            parent = stack[-1] if stack else None
        if b.kind not in ("law", "part", "commentary", "fragment"):
            b.id = addresses.child(parent.id if parent else None, b.kind, b.label) if parent else None
            b.inferred = bool(parent and parent.inferred)
        (parent.children if parent else roots).append(b)
        stack.append(b)
        all_nodes.append(b)
        current = b

    for ln in lines:
        if ln.region != cur_region:
            cur_region = ln.region
            stack.clear()
            current = None
            if ln.kind not in ("law", "part", "commentary"):
                if cur_region in infer_for_region:
                    n = str(infer_for_region[cur_region])
                    law = _Build("law", n, None, None, [], ln.start, ln.start, ln.page, inferred=True,
                                 level=LEVEL["law"])
                    open_node(law)
                    diags.append(diag("K306", f"{src.name}:{_line_no(src, omap, ln.start)}: text after a page "
                                              f"break placed in law {n} (the next heading on the page is law "
                                              f"{int(n) + 1})", _span(src, omap, ln.start, ln.end)))
                else:
                    frag = _Build("fragment", None, None, None, [], ln.start, ln.start, ln.page, level=-1)
                    roots.append(frag)
                    stack.append(frag)
                    all_nodes.append(frag)
                    current = frag
                    diags.append(diag("K301", f"{src.name}:{_line_no(src, omap, ln.start)}: text whose law "
                                              "cannot be told from this source; kept as an unplaced fragment",
                                      _span(src, omap, ln.start, ln.end)))
        if ln.kind == "footnote":
            footnotes.append((ln, ln.rest))
            continue
        if ln.kind == "para":
            if current is None:  # cannot happen after a region start, kept for safety
                current = _Build("fragment", None, None, None, [], ln.start, ln.start, ln.page, level=-1)
                roots.append(current)
                stack.append(current)
                all_nodes.append(current)
            current.paras.append(ln.rest)
            current.end = ln.end
            continue
        level = LEVEL[ln.kind]
        if ln.kind == "subclause" and ln.label[1:-1].isdigit():
            # (1) inside (B): one level deeper (9A2(B)(1)); beside another (1): the same level
            top = next((b for b in reversed(stack) if b.kind == "subclause"), None)
            if top is not None:
                level = top.level if top.label[1:-1].isdigit() else top.level + 1
        if ln.kind == "item":
            top = stack[-1] if stack else None
            level = top.level if top is not None and top.kind == "item" else max((top.level + 1) if top else 0, 5)
        b = _Build(ln.kind, None, ln.label, None, [ln.rest] if ln.rest.strip() else [], ln.start, ln.end,
                   ln.page, level=level)
        if ln.kind == "part":
            stack.clear()
            b.id = f"part:{ln.label}"
            b.title = ln.rest.strip() or None
            b.paras = []
        elif ln.kind == "law":
            while stack and stack[-1].kind not in ("part",):
                stack.pop()
            b.id = ln.label
            b.title = ln.rest.strip() or None
            b.paras = []
        elif ln.kind == "commentary":
            b.id = ln.label
        open_node(b)

    # 4. titles and bodies, tags, penalties
    for b in all_nodes:
        _finish(b)

    # 5. footnotes: to the first node on their page whose text carries the mark
    for ln, body in footnotes:
        mark = ln.label
        body_text, _tags = _strip_tags(body.strip())
        target = None
        for b in all_nodes:
            if b.page != ln.page or b.start > ln.start:
                continue
            if mark in (b.title or "") + "\n" + "\n".join(b.paras) and not any(f.mark == mark for f in b.footnotes):
                target = b
                break
        fn = Footnote(mark=mark, text=body_text, span=_span(src, omap, ln.start, ln.end))
        if target is None:
            diags.append(diag("K303", f"{src.name}:{_line_no(src, omap, ln.start)}: footnote {mark} has no mark "
                                      "on its page; kept with the node before it", fn.span))
            target = next((b for b in reversed(all_nodes) if b.start <= ln.start), all_nodes[0] if all_nodes else None)
        if target is not None:
            target.footnotes.append(fn)
    served = {(ln.page, ln.label) for ln, _ in footnotes}
    for b in all_nodes:
        for mark in regex.findall(r"\(\*+\d*\)", (b.title or "") + "\n" + "\n".join(b.paras)):
            if (b.page, mark) not in served:
                diags.append(diag("K302", f"{src.name}:{_line_no(src, omap, b.start)}: footnote mark {mark} in "
                                          f"{b.id or 'an unplaced fragment'} has no body in this source",
                                  _span(src, omap, b.start, b.end)))

    # 6. duplicate and backwards numbering
    seen: dict[str, _Build] = {}
    for b in all_nodes:
        if b.id and b.id in seen:
            diags.append(diag("K304", f"{src.name}:{_line_no(src, omap, b.start)}: address {b.id} occurs twice "
                                      f"in this source (first at line {_line_no(src, omap, seen[b.id].start)})",
                              _span(src, omap, b.start, b.end)))
        elif b.id:
            seen[b.id] = b
    for siblings in [roots] + [b.children for b in all_nodes]:
        prev = None
        for b in siblings:
            if prev is not None and prev.kind == b.kind and b.label and prev.label and \
                    _order(b.kind, b.label) <= _order(prev.kind, prev.label) and b.kind != "law":
                diags.append(diag("K305", f"{src.name}:{_line_no(src, omap, b.start)}: {b.kind} {b.label} "
                                          f"follows {prev.label}: numbering goes backwards",
                                  _span(src, omap, b.start, b.end)))
            prev = b

    nodes = tuple(_freeze(b, src, omap) for b in roots)
    first = nodes[0] if nodes else None
    trunc_start = bool(first and (first.kind == "fragment" or first.inferred))
    tail = cleaned.text.rstrip()
    trunc_end = bool(tail) and not _SENTENCE_END.search(TAG.sub("", tail).rstrip())
    if trunc_end:
        diags.append(diag("K307", f"{src.name}: ends mid-sentence; the last unit is cut off"))
    return Tree(source=src, cleaned=cleaned, nodes=nodes, truncated_start=trunc_start,
                truncated_end=trunc_end), diags


def _order(kind: str, label: str) -> tuple:
    core = label.strip("()")
    if kind == "commentary":
        return (0, int(core.split(".")[1]))
    if core.isdigit():
        return (0, int(core))
    if kind == "item":
        return (1, addresses.roman_value(core.upper()))
    return (1, ord(core[0]))


def _finish(b: _Build) -> None:
    """Split a unit's paragraphs into title and body; strip tags; no more edits."""
    paras = []
    tags: list[str] = []
    for p in b.paras:
        t, found = _strip_tags(p.strip())
        tags += found
        paras.append(t)
    if b.kind in ("law", "part"):
        if b.title:
            b.title, found = _strip_tags(b.title)
            tags = found + tags
            b.title = b.title or None
        b.paras = paras
    elif b.kind in ("section", "clause", "subclause", "commentary"):
        # A lone sentence is body text ("(1).Болван не может …розыгрыша."); otherwise
        # the first paragraph is the heading ("E.Неустановленная линия игры (…).").
        lone_sentence = len(paras) == 1 and not b.children and \
            bool(_SENTENCE_END.search(paras[0]) or len(paras[0]) > 160)
        if paras and not lone_sentence:
            b.title, b.paras = paras[0] or None, paras[1:]
        else:
            b.paras = paras
    else:
        b.paras = paras
    b.tags = list(dict.fromkeys(tags))


def _freeze(b: _Build, src, omap: OffsetMap) -> Node:
    text = "\n".join(p for p in b.paras if p)
    return Node(
        kind=b.kind, id=b.id, label=b.label, title=b.title, text=text,
        span=_span(src, omap, b.start, b.end), inferred=b.inferred,
        penalty=PENALTY in (b.title or "") + text, tags=tuple(b.tags), footnotes=tuple(b.footnotes),
        children=tuple(_freeze(c, src, omap) for c in b.children), probable=b.probable,
    )


def _span(src, omap: OffsetMap, start: int, end: int):
    rs = omap.to_raw(start)
    return span_of(src, rs, max(rs, omap.to_raw(end)))


def _line_no(src, omap: OffsetMap, clean_offset: int) -> int:
    return span_of(src, omap.to_raw(clean_offset), omap.to_raw(clean_offset)).line


def walk(nodes, parent: Node | None = None):
    """Yield ``(node, parent)`` depth-first in document order."""
    for n in nodes:
        yield n, parent
        yield from walk(n.children, n)


def with_children(node: Node, children) -> Node:
    """A copy of ``node`` with new children (trees are frozen)."""
    return replace(node, children=tuple(children))
