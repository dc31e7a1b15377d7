"""Stage 6, merge: combine every source's tree into one codex.

Input: the per-source trees (with references). Output: a ``Codex`` with one
``Entry`` per address, its chosen reading, every witness and the reason the
chosen one won; plus the fragments no alignment could place.

**Reading rule.** Among the witnesses of an address, the reading comes from the
one that (1) is not cut off inside the node, (2) says no sentence twice in a row,
(3) needed the fewest repairs inside the node's span, (4) has the higher manifest
priority, (5) comes first in corpus order. Other witnesses whose text differs are
kept as variants.

**Editions.** Readings are grouped by (edition, address): each edition present
(declared, or detected by ``editions.assess``; ``unknown`` included) is merged on
its own into its own codex, so a source of one edition is never a variant of
another edition's clauses. The default edition's codex is the one returned; the
others hang from it (``Codex.others``).

**Placing fragments.** An unplaced fragment is aligned with the other sources:
when one of its titled units matches a unit of another source (same kind and
label, near-identical title), the fragment's structure is given the addresses
of that witness (``placed_by: alignment``). Where nothing matches, it stays
unplaced and the codex says so.
"""

from __future__ import annotations

import difflib
import functools
from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace

import regex

from . import addresses, editions, offsets, spill
from .errors import diag
from .grammar import CLAUSE_END
from .model import (
    Codex,
    Diagnostic,
    Edit,
    EditLog,
    Entry,
    Node,
    PlacedBy,
    Source,
    SpilledEdits,
    TocEntry,
    Tree,
    Witness,
    walk,
)

ALIKE = 0.9
"""Least similarity (``difflib`` ratio) of two titles that name the same unit."""


@functools.lru_cache(maxsize=1 << 12)
def _letters(title: str) -> Counter[str]:
    """How often each character occurs in a lower-cased title (cached: one title is
    compared with every witness of its label)."""
    return Counter(title)


@functools.lru_cache(maxsize=1 << 16)
def _alike(a: str | None, b: str | None) -> bool:
    """Whether two titles are similar enough to name the same unit (cached: many
    witnesses repeat the same titles, and aligning a fragment compares it with
    every witness of its labels). The ratio is bounded from above by what the
    lengths alone allow and then by the letters the titles share (``difflib``'s
    ``real_quick_ratio`` and ``quick_ratio``, the second counted here on the titles'
    letter counts, without the index of positions a ``SequenceMatcher`` builds
    first): most pairs fail those cheap bounds, and only the rest need the full
    matching. The verdict is the full ratio's."""
    if not a or not b:
        return False
    a, b = a.lower(), b.lower()
    shorter, longer = sorted((len(a), len(b)))
    if 2.0 * shorter / (shorter + longer) < ALIKE:
        return False
    # the letters the titles share (``(_letters(a) & _letters(b)).total()``, without
    # making that Counter): the least of the two counts of each letter of the one
    # with fewer distinct letters
    fewer, more = _letters(a), _letters(b)
    if len(fewer) > len(more):
        fewer, more = more, fewer
    get, shared = more.get, 0
    for c, n in fewer.items():
        m = get(c)
        if m:
            shared += n if n < m else m
    if 2.0 * shared / (shorter + longer) < ALIKE:
        return False
    return difflib.SequenceMatcher(None, a, b, autojunk=False).ratio() >= ALIKE


def clear_cache() -> None:
    """Forget the title comparisons (``_alike``: full, some 12 MB of titles); a
    build does once its merge is done (``spill.release``)."""
    _alike.cache_clear()
    _letters.cache_clear()


def _truncated(node: Node) -> bool:
    body = node.text or (node.title if not node.children else "")
    return bool(body) and not CLAUSE_END.search(body)


def _raw_spans(edits) -> tuple[Sequence[int], Sequence[int]]:
    """The raw start and end of each edit (an ``EditLog`` and a ``SpilledEdits``
    have them as columns)."""
    if isinstance(edits, EditLog | SpilledEdits):
        return edits.raw_starts, edits.raw_ends
    return [ed.span.start for ed in edits], [ed.span.end for ed in edits]


def _edits_inside(node: Node, spans: tuple[Sequence[int], Sequence[int]]) -> list[int]:
    """The indexes in its source's edit log of the repairs inside a node's raw span
    (binary search; ``spans`` holds the raw start and end of each of the source's
    edits)."""
    starts, ends = spans
    s, e = node.span.start, node.span.end
    i = bisect_left(starts, s)
    if i > 0 and ends[i - 1] > s:
        i -= 1
    inside = []
    while i < len(starts) and starts[i] < max(e, s + 1):
        if s <= starts[i] < e or (s < ends[i] <= e):
            inside.append(i)
        i += 1
    return inside


# -- placing fragments by alignment -------------------------------------------


class _Readings:
    """The distinct readings of one (kind, label) over placed nodes, in the order
    first met: ``(address, title, the one source that has it or None)``, with the
    positions of the readings ordered by the length of their lower-cased title, so
    that an alignment compares a title only with those whose length lets
    ``_alike`` hold (most of a common label's readings do not)."""

    __slots__ = ("by_length", "lengths", "rows")

    def __init__(self, by_reading: dict[tuple[str, str], str | None]) -> None:
        self.rows = [(addr, title, only) for (addr, title), only in by_reading.items()]
        order = sorted((len(title.lower()), i) for i, (_a, title, _o) in enumerate(self.rows))
        self.lengths = [n for n, _i in order]
        self.by_length = [i for _n, i in order]

    def near(self, title: str) -> list[tuple[str, str, str | None]]:
        """The readings (in the order first met) whose title is near enough in
        length to ``title`` for ``_alike``: a looser bound than its
        ``real_quick_ratio`` test (a ratio of 0.9 needs the longer within 11/9 of
        the shorter), which still decides."""
        n = len(title.lower())
        lo = bisect_left(self.lengths, n * 4 // 5)
        hi = bisect_right(self.lengths, n * 5 // 4 + 1)
        return [self.rows[i] for i in sorted(self.by_length[lo:hi])]


def _index(trees: Sequence[Tree]) -> dict[tuple[str, str], _Readings]:
    """(kind, label) → the distinct (address, title) readings of placed nodes,
    each with the one source that has it, or ``None`` when several do. Copies of
    one reading collapse into one, so alignment costs grow with distinct
    readings, not with the number of witnesses; and no list of the witnesses is
    kept, which alignment never reads."""
    idx: dict = {}
    for tree in trees:
        name = tree.source.name
        for node, _p in walk(tree.nodes):
            if node.id and node.title and node.label:
                by_reading = idx.setdefault((node.kind, node.label), {})
                key = (node.id, node.title)
                if by_reading.setdefault(key, name) != name:
                    by_reading[key] = None
    return {key: _Readings(by_reading) for key, by_reading in idx.items()}


def _place(fragment: Node, base_law: str | None, base_section: str | None) -> Node:
    """Give a fragment's units addresses under a law (and a section for
    top-level clauses)."""

    def assign(node: Node, parent_id: str | None) -> Node:
        nid = addresses.child(parent_id, node.kind, node.label)
        return replace(
            node, id=nid, inferred=True, children=tuple(assign(c, nid) for c in node.children)
        )

    children = []
    for c in fragment.children:
        if c.kind == "section":
            children.append(assign(c, base_law))
        elif c.kind in ("clause", "subclause") and base_section:
            children.append(assign(c, base_section))
        else:
            return fragment
    return replace(fragment, kind="law", id=base_law, inferred=True, children=tuple(children))


def align_fragment(
    fragment: Node, source: str, index: dict[tuple[str, str], _Readings]
) -> tuple[Node | None, str]:
    """Try to place a fragment by matching its titled units against other
    witnesses. Returns the placed node (a law node) or ``None``."""
    votes: dict[tuple[str, str | None], int] = {}
    for node, parent in walk(fragment.children):
        if not node.title:
            continue
        readings = index.get((node.kind, node.label))
        if readings is None:
            continue
        for addr, title, only in readings.near(node.title):
            if only == source or not _alike(title, node.title):
                continue
            a = addresses.parse(addr)
            if a is None or a.law is None:
                continue
            law = str(a.law)
            top = node if parent is None else None
            section = (
                addresses.section_of(addr) if top is not None and node.kind == "clause" else None
            )
            votes[(law, section)] = votes.get((law, section), 0) + 1
    if not votes:
        return None, ""
    # the law most units agree on; the section from the top-level clause matches
    law = max(
        {k[0] for k in votes}, key=lambda law: sum(v for k, v in votes.items() if k[0] == law)
    )
    sections = [k[1] for k in votes if k[0] == law and k[1]]
    placed = _place(fragment, law, sections[0] if sections else None)
    if placed is fragment:
        return None, ""
    return placed, f"aligned with {law}"


# -- choosing readings --------------------------------------------------------


def _rank(w: _Reading, src: Source) -> tuple:
    """A whole reading first; then one that says no sentence twice in a row; then the
    fewer repairs and the manifest's priority (of readings cut off, ``_further`` then
    puts first the one that goes further)."""
    return (w.truncated, w.repeats, w.edits, -src.priority)


_SENTENCE_END = regex.compile(r"(?<=[.!?;:])\s+|\n")
_REPEAT_LETTERS = 24
"""Least letters of a sentence said twice in a row for ``_repeats`` to count it: a
short one («Нет.», «см. выше») may stand twice on purpose."""


def _repeats(text: str) -> bool:
    """``text`` says a sentence twice in a row (``…взятку. Он берёт взятку. Он берёт
    взятку.``): a scan's or a copy's doubling the cleaner could not tell from text (a
    sentence is compared by its letters, as ``_opening_letters`` reads them)."""
    if len(text) < 2 * _REPEAT_LETTERS:
        return False
    before = ""
    for sentence in _SENTENCE_END.split(text):
        # two copies of a sentence are near in length: only those are compared by letters
        if len(sentence) >= _REPEAT_LETTERS and abs(len(sentence) - len(before)) <= 8:
            letters = _NOT_LETTERS.sub("", sentence).lower()
            if len(letters) >= _REPEAT_LETTERS and letters == _NOT_LETTERS.sub("", before).lower():
                return True
        before = sentence
    return False


_HEAD = 160
"""Characters of a reading's letters kept to tell whether a shorter reading cut off
is the start of a longer one (``_further``)."""
_NOT_LETTERS = regex.compile(r"[^\p{L}]+")


def _opening_letters(text: str) -> str:
    """A reading's first ``_HEAD`` letters, lower case, «ё» as «е»: two copies of one
    text compare alike across their spacing, punctuation and case."""
    return _NOT_LETTERS.sub("", text[: _HEAD * 2]).lower().replace("ё", "е")[:_HEAD]


_LAST_WORDS = 10
"""Words at a reading's end that ``_ends_in_prose`` reads."""
_WORD = regex.compile(r"\p{L}+")


def _ends_in_prose(text: str) -> bool:
    """Most of the last ``_LAST_WORDS`` words of ``text`` open with a small letter, as
    a sentence's do; a site's links and buttons (``Поделиться ВКонтакте Telegram
    Читать далее``) open with capitals."""
    words = _WORD.findall(text[-200:])[-_LAST_WORDS:]
    return 2 * sum(w[0].islower() for w in words) > len(words)


def _further(ranked: list[_Reading]) -> list[_Reading]:
    """``ranked`` with a reading cut off later put before the first one when both are
    cut off, the first is its start and it ends in prose (a copy of a page cut sooner
    holds less of the same text, and needs fewer repairs for it); a longer reading that
    is no such continuation, or ends in a site's links (``Поделиться ВКонтакте …``),
    does not go first."""
    best = ranked[0]
    if not best.truncated:
        return ranked
    longer = [
        r
        for r in ranked[1:]
        if r.truncated and r.length > best.length and r.prose and r.head.startswith(best.head)
    ]
    if not longer:
        return ranked
    first = max(longer, key=lambda r: r.length)
    return [first, *(r for r in ranked if r is not first)]


def merge(
    trees: Sequence[Tree], aside: spill.Spill | None = None
) -> tuple[Codex, list[Diagnostic]]:
    """Merge per-source trees into one codex per edition: readings are grouped by
    (edition, address), and each edition's are merged on their own
    (``unknown`` included). The returned codex is the default edition's and keeps
    every source and tree; each other edition's hangs from it (``codex.others``).

    The default edition is the one whose sources of law text (those that give
    the codex a reading or a fragment) are the most text (``editions.of_sources``);
    where no source gives any, the one with the most text. An edition whose
    sources give its codex nothing (no entry, no fragment, no table of contents
    or index: a tournament's notice that names the code it follows) gets no codex
    of its own (K405); its sources are listed with the default codex's, which
    lists every source. Where only sources of an unknown edition give law text
    (or no source's edition is known), they are read as the default edition's, or
    as the edition of the corpus's one other edition whose pages of the book (a
    table of contents, an index) it holds (K404): kept apart, they would leave the
    codex empty beside an ``unknown`` one. ``aside``: the build's spill folder,
    where the witnesses of every entry are set aside (``spill.WitnessFile``)
    instead of kept in memory."""
    held = spill.held(trees)
    groups: dict[str, list[int]] = {}
    for i, t in enumerate(held):
        groups.setdefault(t.source.edition, []).append(i)
    first = editions.of_sources(t.source for t in held).id
    merged: dict[str, _Merged] = {}
    diags: list[Diagnostic] = []
    sink: _Held | spill.WitnessFile = aside.witnesses() if aside is not None else _Held()
    try:
        if list(groups) in ([], [editions.UNKNOWN]):
            # no source's edition is known (or there is no source): one merge, as the
            # default edition's
            main = first
            merged[main] = _merge_group(trees, groups.get(editions.UNKNOWN, []), main, sink)
            if held:
                why = "no source's edition is known"
                diags.append(_read_as(held, groups[editions.UNKNOWN], main, why))
        else:
            # each edition on its own, the one with the most text first
            for edition in sorted(groups, key=lambda e: e != first):
                merged[edition] = _merge_group(trees, groups[edition], edition, sink)
            giving = [
                t.source for t in held if any(t.source.name in m.giving for m in merged.values())
            ]
            main = editions.of_sources(giving).id if giving else first
            if giving and all(s.edition == editions.UNKNOWN for s in giving):
                # only pages of an unknown edition give law text: they are the codex, read
                # as the edition of the corpus's one other page of the law book (its table
                # of contents or index, which then gives titles and gaps), else as the
                # default edition's (the segmenter read them so); a notice that names a
                # code is no page of the book
                named = [
                    e
                    for e in groups
                    if e != editions.UNKNOWN and not _holds_nothing(merged[e].codex)
                ]
                main = named[0] if len(named) == 1 else main
                unknown = groups[editions.UNKNOWN]
                gave = merged.pop(editions.UNKNOWN).giving
                why = "the law text is only in sources whose edition is not known"
                law = [i for i in unknown if held[i].source.name in gave]
                diags.append(_read_as(held, law, main, why))
                merged[main] = _merge_group(
                    trees, sorted(unknown + groups.get(main, [])), main, sink
                )
    finally:
        sink.close()
    codex = replace(
        merged[main].codex,
        sources=tuple(t.source for t in held),
        trees=trees if isinstance(trees, spill.Trees) else tuple(trees),
    )
    diags += merged[main].diagnostics
    others = {}
    for edition, group in groups.items():
        if edition == main or edition not in merged:
            continue
        got = merged[edition]
        names = ", ".join(held[i].source.name for i in group)
        if _holds_nothing(got.codex):
            what = (
                "of no known edition"
                if edition == editions.UNKNOWN
                else f"of the {edition} edition"
            )
            diags.append(
                diag(
                    "K405",
                    f"{names}: {'a page' if len(group) == 1 else 'pages'} {what} with no law "
                    f"text: no codex of {'its' if len(group) == 1 else 'their'} own; listed "
                    f"among the {main} codex's sources",
                )
            )
        else:
            diags += [
                diag(
                    "K403",
                    f"{held[i].source.name}: the {edition} edition; kept apart from the "
                    f"{main} readings (merged into the {edition} codex)",
                )
                for i in group
            ]
            others[edition] = got.codex
        diags += got.diagnostics
    return replace(codex, others=others), diags


def _read_as(held: Sequence[Tree], law: list[int], main: str, why: str) -> Diagnostic:
    """K404: the pages of an unknown edition at ``law`` are read as the ``main``
    edition's, for the reason ``why``."""
    names = ", ".join(held[i].source.name for i in law)
    return diag(
        "K404",
        f"{why} ({names}): the codex reads {'it' if len(law) == 1 else 'them'} as the "
        f"{main} edition, "
        + (
            "the default"
            if main == editions.DEFAULT_ID
            else "the edition of the corpus's contents or index"
        )
        + "; name the edition in sources.toml",
    )


@dataclass(frozen=True, slots=True)
class _Merged:
    """One edition's codex as merged, with what merging it reported and the names
    of the sources that gave it a reading or a fragment (its law text)."""

    codex: Codex
    diagnostics: list[Diagnostic]
    giving: frozenset[str]


def _merge_group(
    trees: Sequence[Tree], group: list[int], edition: str, sink: _Held | spill.WitnessFile
) -> _Merged:
    """Merge the trees at the indexes ``group`` as the codex of ``edition``."""
    picked = spill.pick(trees, group)
    found: list[Diagnostic] = []
    giving: set[str] = set()
    codex = _merge_one(picked, picked, edition, found, sink, giving)
    return _Merged(codex, found, frozenset(giving))


def _holds_nothing(codex: Codex) -> bool:
    """The codex has no entry and no unplaced fragment, and none of its sources
    has a table of contents or an index (which would list the laws it lacks)."""
    if codex.entries or codex.fragments:
        return False
    return not any(t.toc or t.index for t in codex.trees)


class _Held:
    """Where a merge that keeps its witnesses in memory puts them (the
    in-memory twin of ``spill.WitnessFile``)."""

    def put(self, witness: Witness) -> Witness:
        return witness

    def sequence(self, handles: Sequence[Witness]) -> tuple[Witness, ...]:
        return tuple(handles)

    def close(self) -> None:
        pass


@dataclass(slots=True)
class _Reading:
    """One reading of an address as the merge ranks it, without its text: the
    merge walks the trees once to rank every address's readings and once more
    to make the witnesses and take each chosen reading's text, so that it never
    holds every tree at once."""

    addr: str
    source: str
    """The name of the source it comes from."""
    title: str | None
    truncated: bool
    edits: int
    """How many repairs were made inside it."""
    placed_by: PlacedBy
    parent: str | None
    """The address of its parent in its tree."""
    penalty: bool
    length: int
    """How many characters of its own text it has (its title's when it has none)."""
    head: str
    """Its first letters (``_opening_letters``), when it is cut off."""
    prose: bool
    """It is cut off, and its last words read as prose (``_ends_in_prose``)."""
    repeats: bool = False
    """Its text says a sentence twice in a row (``_repeats``)."""
    pos: int = 0
    """Its place among the address's witnesses (0: the chosen one)."""


@dataclass(frozen=True, slots=True)
class _Chosen:
    """What the entry of an address takes from its chosen reading."""

    node: Node
    """The node, without its children."""
    edits: tuple[Edit, ...]
    """The repairs inside it."""


def _merge_one(
    trees: Sequence[Tree],
    all_trees: Sequence[Tree],
    edition: str,
    diags: list[Diagnostic],
    sink: _Held | spill.WitnessFile,
    giving: set[str] | None = None,
) -> Codex:
    """Merge the trees of one edition; the codex lists ``all_trees`` as its sources.
    ``giving`` gets the names of the sources that give it a reading or a fragment."""
    held = spill.held(trees)
    sources = {t.source.name: t.source for t in held}
    order = {t.source.name: i for i, t in enumerate(held)}
    index = _index(trees)
    seen, per_tree, fragments = _collect(trees, index, diags)
    if giving is not None:
        giving.update(r.source for found in seen.values() for r in found)
        giving.update(name for name, _node in fragments)
    for found in seen.values():
        ranked = _further(
            sorted(found, key=lambda r: (_rank(r, sources[r.source]), order[r.source]))
        )
        for pos, r in enumerate(ranked):
            r.pos = pos
    handles: dict[str, list] = {addr: [None] * len(found) for addr, found in seen.items()}
    chosen: dict[str, _Chosen] = {}
    titles: dict[tuple[str, str], TocEntry] = {}
    for tree, readings in zip(trees, per_tree, strict=True):
        _witnesses(tree, index, readings, sink, handles, chosen)
        _toc_titles(tree, titles)
    entries = {
        addr: _entry(addr, seen, sources, diags, chosen[addr], sink.sequence(handles.pop(addr)))
        for addr in sorted(seen, key=addresses.sort_key)
    }
    entries, roots = _tree_of(entries)
    entries = _titles_from_toc(entries, titles)
    return Codex(
        sources=tuple(t.source for t in spill.held(all_trees)),
        trees=all_trees if isinstance(all_trees, spill.Trees) else tuple(all_trees),
        entries=entries,
        roots=tuple(roots),
        fragments=tuple(fragments),
        edition=edition,
    )


def _readings(
    tree: Tree,
    index: dict[tuple[str, str], _Readings],
    fragments: list[tuple[str, Node]] | None = None,
    diags: list[Diagnostic] | None = None,
) -> Iterator[tuple[Node, str | None, PlacedBy]]:
    """Every reading of an address in ``tree``, in document order, with the
    address of its parent in the tree and how it was placed. A fragment
    alignment places counts as a reading of the clauses it holds (K402, into
    ``diags``); one it does not place goes into ``fragments``."""

    def under(node: Node, parent_id: str | None, placed_by: PlacedBy):
        if node.id is None:
            return
        how: PlacedBy = (
            placed_by if placed_by != "heading" else ("inferred" if node.inferred else "heading")
        )
        yield node, parent_id, how
        for c in node.children:
            yield from under(c, node.id, placed_by)

    for node in tree.nodes:
        if node.kind == "fragment":
            placed, why = (
                align_fragment(node, tree.source.name, index)
                if tree.source.kind == "laws"
                else (None, "")
            )
            if placed is None:
                if fragments is not None:
                    fragments.append((tree.source.name, node))
                continue
            if diags is not None:
                diags.append(
                    diag(
                        "K402",
                        f"{tree.source.name}:{node.span.line}: unplaced text {why}",
                        node.span,
                    )
                )
            for c in placed.children:
                yield from under(c, placed.id, "alignment")
            continue
        yield from under(node, None, "heading")


def _collect(
    trees: Sequence[Tree],
    index: dict[tuple[str, str], _Readings],
    diags: list[Diagnostic],
) -> tuple[dict[str, list[_Reading]], list[list[_Reading]], list[tuple[str, Node]]]:
    """Every reading of every address, by address and by tree (each in document
    order), and the fragments no alignment places."""
    seen: dict[str, list[_Reading]] = {}
    per_tree: list[list[_Reading]] = []
    fragments: list[tuple[str, Node]] = []
    # the same address and title strings, once (each tree read back makes its own)
    one: dict[str, str] = {}
    for tree in trees:
        spans = _raw_spans(tree.cleaned.edits)
        readings = []
        for node, pid, how in _readings(tree, index, fragments, diags):
            assert node.id is not None
            addr = one.setdefault(node.id, node.id)
            body = node.text or node.title or ""
            cut = _truncated(node)
            r = _Reading(
                addr=addr,
                source=tree.source.name,
                title=one.setdefault(node.title, node.title) if node.title else node.title,
                truncated=cut,
                edits=len(_edits_inside(node, spans)),
                placed_by=how,
                parent=one.setdefault(pid, pid) if pid else pid,
                penalty=node.penalty,
                length=len(body),
                # only readings cut off are compared by them (``_further``)
                head=_opening_letters(body) if cut else "",
                prose=cut and _ends_in_prose(body),
                repeats=_repeats(node.text),
            )
            seen.setdefault(addr, []).append(r)
            readings.append(r)
        per_tree.append(readings)
    return seen, per_tree, fragments


def _witnesses(
    tree: Tree,
    index: dict[tuple[str, str], _Readings],
    readings: list[_Reading],
    sink: _Held | spill.WitnessFile,
    handles: dict[str, list],
    chosen: dict[str, _Chosen],
) -> None:
    """Make the witness of each reading of ``tree`` (``readings``: ``_collect``'s,
    in the same order) and put it in its place among its address's witnesses;
    for each reading chosen, what its entry takes from it, the repairs made
    inside it included (a log a build set aside is loaded for its source alone)."""
    spans = _raw_spans(tree.cleaned.edits)
    inside: dict[str, tuple[Node, list[int]]] = {}
    for (node, _pid, _how), r in zip(_readings(tree, index), readings, strict=True):
        w = Witness(
            source=r.source,
            title=node.title,
            text=node.text,
            span=node.span,
            edits=r.edits,
            truncated=r.truncated,
            placed_by=r.placed_by,
            chosen=r.pos == 0,
        )
        handles[r.addr][r.pos] = sink.put(w)
        if r.pos == 0:
            inside[r.addr] = (replace(node, children=()), _edits_inside(node, spans))
    if not inside:
        return
    log = tree.cleaned.edits
    spilled = isinstance(log, SpilledEdits)
    edits = log.load() if isinstance(log, SpilledEdits) else log
    for addr, (node, at) in inside.items():
        chosen[addr] = _Chosen(node, tuple(edits[k] for k in at))
    del edits, log
    if spilled:  # its line index holds the text read back
        offsets.clear_cache()


def _entry(
    addr: str,
    seen: dict[str, list[_Reading]],
    sources: dict[str, Source],
    diags: list[Diagnostic],
    chosen: _Chosen,
    witnesses: Sequence[Witness],
) -> Entry:
    """The entry of ``addr``: its chosen reading (K401 when the sources' titles
    differ), its parent (without children yet) and its witnesses."""
    found = seen[addr]
    ranked = sorted(found, key=lambda r: r.pos)
    best, node = ranked[0], chosen.node
    why = _why(best, ranked[1:], sources)
    titles = {(r.title or "").strip() for r in ranked if r.title}
    if len(titles) > 1:
        diags.append(
            diag(
                "K401",
                f"{addr}: sources give different titles: "
                + "; ".join(f"{r.source}: «{r.title}»" for r in ranked if r.title),
                node.span,
            )
        )
    # The canonical parent (64A1 → 64A) when some witness has it; else where the
    # trees put it (a law under its part). An aligned fragment's clauses sit
    # directly under their law in that source's tree, so the tree alone may mislead.
    parent_ids = [r.parent for r in found if r.parent]
    canonical = addresses.parent(addr)
    parent = canonical if canonical in seen else (parent_ids[0] if parent_ids else None)
    if parent is None and node.kind == "commentary":
        parent = addresses.law_of(addr)
    return Entry(
        id=addr,
        kind=node.kind,
        label=node.label,
        title=node.title,
        text=node.text,
        parent=parent,
        children=(),
        chosen=best.source,
        why=why,
        witnesses=witnesses,
        penalty=any(r.penalty for r in found),
        inferred=all(r.placed_by != "heading" for r in found),
        tags=node.tags,
        footnotes=node.footnotes,
        refs=node.refs,
        edits=chosen.edits,
    )


def _tree_of(entries: dict[str, Entry]) -> tuple[dict[str, Entry], list[str]]:
    """Each entry's children, in address order, and the roots in document order; an
    entry whose parent is missing (commentary of a law no source has) is a root."""
    children: dict[str, list[str]] = {k: [] for k in entries}
    roots = []
    for addr, e in entries.items():
        if e.parent in entries:
            children[e.parent].append(addr)
        else:
            if e.parent is not None:
                entries[addr] = replace(e, parent=None)
            roots.append(addr)
    entries = {
        k: replace(e, children=tuple(sorted(children[k], key=addresses.sort_key)))
        for k, e in entries.items()
    }

    def root_key(addr: str) -> tuple:
        # a division stands where its first law stands (a chapter's may be in its first part)
        first = addr
        while entries[first].kind == "part" and entries[first].children:
            first = entries[first].children[0]
        return addresses.sort_key(first) + ((0,) if entries[addr].kind == "part" else (1,))

    roots.sort(key=root_key)
    return entries, roots


def _toc_titles(tree: Tree, titles: dict[tuple[str, str], TocEntry]) -> None:
    """Note the first entry of a table of contents (in corpus order) that gives
    a law's or a section's title, by (address, kind), for ``_titles_from_toc``."""
    for t in tree.toc:
        if t.address and t.title and t.kind in ("law", "section"):
            titles.setdefault((t.address, t.kind), t)


def _titles_from_toc(
    entries: dict[str, Entry], titles: dict[tuple[str, str], TocEntry]
) -> dict[str, Entry]:
    """A law or section whose heading no source has (an inferred law) takes its
    title from the first table of contents that lists it, and says so."""
    for addr, e in entries.items():
        t = titles.get((addr, e.kind))
        if t is not None and e.title is None:
            entries[addr] = replace(e, title=t.title, title_from=t)
    return entries


def _why(best: _Reading, others: list[_Reading], sources: dict[str, Source]) -> str:
    if not others:
        return "only witness"
    reasons = []
    for o in others:
        if o.truncated and not best.truncated:
            reasons.append(f"{o.source} is cut off here")
        elif o.truncated and o.length < best.length and best.head.startswith(o.head):
            reasons.append(
                f"{o.source} is cut off sooner ({o.length} characters against {best.length})"
            )
        elif o.repeats and not best.repeats:
            reasons.append(f"{o.source} says a sentence twice in a row")
        elif o.edits > best.edits:
            reasons.append(f"{o.source} needed more repairs ({o.edits} against {best.edits})")
        elif sources[o.source].priority < sources[best.source].priority:
            reasons.append(f"{o.source} has a lower manifest priority")
        else:
            reasons.append(f"{o.source} comes later in the corpus")
    return "; ".join(reasons)


def coverage(codex: Codex) -> dict:
    """For every law seen: which sections and clauses are present, from which
    sources, and the gaps (sections missing before the last one seen, cut-off
    text). The codex never pretends to be complete."""
    laws: dict[str, dict] = {}
    for addr, e in codex.entries.items():
        law = addresses.law_of(addr)
        if law is None:
            continue
        info = laws.setdefault(law, _law_info(law))
        if e.kind == "law":
            info["title"] = e.title
            info["inferred"] = e.inferred
        witnesses = tuple(e.witnesses)  # read once (a build may have set them aside)
        info["sources"].update(w.source for w in witnesses)
        info["present"].append(addr)
        if all(w.truncated for w in witnesses):
            info["truncated"].append(addr)
    for law, info in laws.items():
        parsed = [a for a in map(addresses.parse, info["present"]) if a is not None]
        letters = sorted({a.section for a in parsed if a.section})
        if letters:
            for i in range(ord("A"), ord(letters[-1])):
                if chr(i) not in letters:
                    info["missing"].append(str(addresses.Address(int(law), chr(i))))
        for sec in letters:
            nums = sorted({a.clause for a in parsed if a.section == sec and a.clause is not None})
            for n in range(1, nums[-1] if nums else 1):
                if n not in nums:
                    info["missing"].append(str(addresses.Address(int(law), sec, n)))
    _listed_gaps(codex, laws)
    for info in laws.values():
        info["sources"] = sorted(info["sources"])
        info["present"] = sorted(info["present"], key=addresses.sort_key)
    return {
        "laws": [laws[k] for k in sorted(laws, key=int)],
        "unplaced": [
            {
                "source": src,
                "line": n.span.line,
                "end_line": n.span.end_line,
                **fragment_hint(codex, src, n, finder, tops),
                "first_words": (n.text or _first_title(n))[:80],
            }
            for finder, tops in [(_TextFinder(codex), _Tops(codex))]
            for src, n in codex.fragments
        ],
    }


_HINT_WORD = regex.compile(r"\p{L}{6,}")
"""Words long enough to tell passages apart (the hint's candidate index)."""
_HINT_MIN_CHARS = 40
"""A piece of a fragment shorter than this is too short to recognise elsewhere."""
_HINT_MIN_SCORE = 90.0
"""``rapidfuzz`` partial-ratio a piece needs to count as the same passage."""


class _TextFinder:
    """Finds the entry whose text holds a passage: candidates share at least two
    long words with it (an inverted index), then ``rapidfuzz`` partial ratio
    decides, so the cost stays near-linear in the codex's size."""

    def __init__(self, codex: Codex) -> None:
        self.texts = {a: e.text for a, e in codex.entries.items() if e.text}
        self.index: dict[str, list[str]] = {}
        for addr, text in self.texts.items():
            for w in {w.lower() for w in _HINT_WORD.findall(text)}:
                self.index.setdefault(w, []).append(addr)

    def find(self, passage: str) -> str | None:
        """The address of the entry that holds ``passage`` (or its first
        200 characters), or None when no entry clearly does."""
        from rapidfuzz import fuzz

        head = passage[:200]
        if len(head) < _HINT_MIN_CHARS:
            return None
        counts: dict[str, int] = {}
        for w in {w.lower() for w in _HINT_WORD.findall(head)}:
            for addr in self.index.get(w, ()):
                counts[addr] = counts.get(addr, 0) + 1
        best, best_score = None, _HINT_MIN_SCORE
        for addr, n in counts.items():
            if n < 2:
                continue
            score = fuzz.partial_ratio(head, self.texts[addr])
            if score > best_score or (score == best_score and best is None):
                best, best_score = addr, score
        return best


class _Tops:
    """The top-level nodes of a source's tree, by the source's name: the last
    tree asked for is kept (the fragments come source by source), so a tree a
    build set aside is read back once for all its fragments."""

    def __init__(self, codex: Codex) -> None:
        self.trees = codex.trees
        self.at: dict[str, int] = {}
        for i, t in enumerate(spill.held(codex.trees)):
            self.at.setdefault(t.source.name, i)
        self.last: tuple[str, Sequence[Node]] | None = None

    def __call__(self, source: str) -> Sequence[Node] | None:
        if source not in self.at:
            return None
        if self.last is None or self.last[0] != source:
            self.last = (source, self.trees[self.at[source]].nodes)
        return self.last[1]


def fragment_hint(
    codex: Codex, source: str, node: Node, finder: _TextFinder, tops: _Tops | None = None
) -> dict:
    """Where an unplaced fragment probably belongs, as a hint for the reader
    (never used to place it: a fragment stays unplaced).

    ``between``: the addresses of the placed nodes just before and after it in its
    own source (None at either end). ``probable`` (only when there is evidence):
    the entry of another witness whose text holds the fragment's own text; else
    the law whose entries hold the texts of most of its labelled parts; else, before
    commentary paragraph ``N.M`` (``M`` > 1), the paragraph that numbering leaves for
    it, ``N.M-1`` (a page of the commentary that opens inside a paragraph)."""
    hint: dict = {"between": _neighbours((tops or _Tops(codex))(source), node)}
    own = finder.find(node.text) if node.text else None
    if own is not None:
        hint["probable"] = own
        return hint
    laws: dict[str, int] = {}
    for child, _ in walk(node.children):
        found = finder.find(child.text) if child.text else None
        law = addresses.law_of(found) if found else None
        if law is not None:
            laws[law] = laws.get(law, 0) + 1
    if laws:
        law, votes = max(laws.items(), key=lambda kv: kv[1])
        if votes * 2 > sum(laws.values()):
            hint["probable"] = law
            return hint
    after = addresses.parse(hint["between"][1] or "")
    if after is not None and after.kind == "commentary" and isinstance(after.para, int):
        if after.para > 1:
            hint["probable"] = f"{after.law}.{after.para - 1}"
    return hint


def _neighbours(tops: Sequence[Node] | None, node: Node) -> list[str | None]:
    """The addresses of the placed top-level nodes around ``node`` among the
    top-level nodes of its source (``tops``; ``None``: the source is unknown)."""
    if tops is None:
        return [None, None]
    i = next((i for i, n in enumerate(tops) if n.span.start == node.span.start), None)
    if i is None:
        return [None, None]
    before = next((n.id for n in reversed(tops[:i]) if n.id), None)
    after = next((n.id for n in tops[i + 1 :] if n.id), None)
    return [before, after]


def _law_info(law: str) -> dict:
    """An empty coverage row for ``law``."""
    return {
        "law": law,
        "title": None,
        "sources": set(),
        "present": [],
        "missing": [],
        "truncated": [],
        "inferred": False,
    }


def _listed_gaps(codex: Codex, laws: dict[str, dict]) -> None:
    """Laws, sections and clauses a table of contents of this codex's edition (or of
    none it shows) lists and no source has are gaps too; ``listed_by`` names the
    tables that list them. (The default edition's codex keeps every source's tree;
    the contents of another edition's code list its own laws, which the default's
    may number otherwise.)"""
    held = spill.held(codex.trees)  # their sources, without reading a tree back
    own = [
        i
        for i, t in enumerate(held)
        if t.source.edition in (codex.edition, editions.UNKNOWN)  # a bare contents page
    ]
    # a corpus whose editions are all unknown is read as the default edition's
    for i in own or range(len(held)):
        tree = codex.trees[i]
        for t in tree.toc:
            law = addresses.law_of(t.address)
            if (
                law is None
                or t.kind not in ("law", "section", "clause")
                or t.address in codex.entries
            ):
                continue
            info = laws.setdefault(law, _law_info(law))
            if t.kind == "law" and info["title"] is None:
                info["title"] = t.title
            if t.address not in info["missing"]:
                info["missing"].append(t.address)
            listed = info.setdefault("listed_by", [])
            if tree.source.name not in listed:
                listed.append(tree.source.name)


def _first_title(node: Node) -> str:
    for n, _p in walk([node]):
        if n.title:
            return n.title
        if n.text:
            return n.text
    return ""
