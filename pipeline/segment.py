"""Stage 4, segment: turn a cleaned source into its tree of addressed nodes.

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

import bisect
import textwrap
from dataclasses import dataclass, field, replace
from itertools import groupby
from typing import cast

from . import addresses, editions, language, toc
from .blocks import (
    LISTINGS,
    OTHER_CODE,
    PARAGRAPH_BREAK,
    Line,
    Token,
    forget_measured,
    front_reason,
    has_letter,
    no_law_text,
    tokens_of,
)
from .errors import diag
from .grammar import (
    CLAUSE_END,
    EN_HEAD,
    FOOTNOTE_MARK,
    FULL_STOP,
    LEAD_IN,
    LETTERED,
    LIST_ITEM_END,
    PENALTY_MARK,
    TAG,
)
from .markup import QUOTATION_END, QUOTATION_START
from .model import (
    Cleaned,
    Diagnostic,
    Footnote,
    Node,
    NodeKind,
    Source,
    TokenKind,
    Tree,
    edits_of_kind,
)
from .offsets import OffsetMap, span_of

_ASSUMED_EDITION = ("commentary", "laws", "corpus")
"""How a source's edition was read when its text did not tell it but the corpus did
(``Source.edition_from``): what its being another code's or game's page withdraws."""
_ASIDE = (*LISTINGS, "foreign", "title", "front")
"""Tokens that are no text of the units around them."""
BESIDE_LINES = 2
"""Most lines of a block in another language printed beside the Russian text, line by
line (``beside``): one line of the original, or one wrapped once."""


def before_quotation(
    tokens: list[Token], quoted: frozenset[int], opened: list[int]
) -> frozenset[int]:
    """The starts of the tokens of a poster's own words before a quotation at a page's
    top: the unquoted text above the first line of a margin's quotation (``quoted``:
    the cleaned offsets of its lines) or above the first code that opens one
    (``opened``: the cleaned offsets of such codes, in order), in the same region. It
    introduces the quoted law and is no end of the law before that one (``_new_region``
    infers none for it). A heading above that quotation opens the page's own law text,
    not quoted (a page that quotes a reader's question under the laws it prints): the
    text above that heading is the end of the law before it, as on any cut page."""
    units = [t for t in tokens if t.kind not in _ASIDE]
    if not units:
        return frozenset()
    region = units[0].region
    stop = next((k for k, t in enumerate(units) if t.start in quoted), None)
    if stop is None or units[stop].region != region:
        stop = None
    if opened and opened[0] > units[0].start:
        by_code = next((k for k, t in enumerate(units) if t.start >= opened[0]), None)
        if by_code is not None and units[by_code].region == region:
            stop = by_code if stop is None else min(stop, by_code)
    if not stop or any(t.kind in ("law", "part", "commentary") for t in units[:stop]):
        return frozenset()
    return frozenset(t.start for t in units[:stop])


def after_quotation(
    tokens: list[Token], text: str, quoted: frozenset[int], closed: list[int]
) -> frozenset[int]:
    """The starts of the tokens that open a poster's own words after a quotation: a mail's
    or a forum's copy quotes a law with a margin (``> ``, which the cleaner takes out:
    ``quoted`` holds the cleaned offsets of its lines) and answers under it, after an empty
    line, without one; or it closes the quotation with its code (``[/quote]``,
    ``markup.QUOTATION_END``: ``closed`` holds the cleaned offsets where such codes were,
    in order). That answer is none of the quoted law's text. A line under a quoted one
    with no empty line between is the quotation's own, wrapped anew; so is a unit's
    marker (``2. …``, ``B. …``) whose margin was dropped: a poster answers in words."""
    out = set()
    prev: Token | None = None
    for t in tokens:
        if t.kind in _ASIDE:
            continue
        if (
            prev is not None
            and t.kind == "para"
            and (
                (
                    prev.start in quoted
                    and t.start not in quoted
                    and PARAGRAPH_BREAK.search(text, prev.end, t.start) is not None
                )
                or _code_between(closed, prev.start, t.start)
            )
        ):
            out.add(t.start)
        prev = t
    return frozenset(out)


def back_in_quotation(
    tokens: list[Token], answers: frozenset[int], quoted: frozenset[int], opened: list[int]
) -> frozenset[int]:
    """The starts of the tokens where a quotation goes on after a poster's answer
    (``after_quotation``): the first line in a margin again (``quoted``) or after an
    opening code (``opened``). A post that answers a law piece by piece quotes its next
    section under the answer: that section is the quoted law's still. An answer that
    goes on with a heading or a unit's marker of its own has left that law."""
    out = set()
    prev: Token | None = None
    answered = False
    for t in tokens:
        if t.kind in _ASIDE:
            continue
        if t.start in answers:
            answered = True
        elif answered and prev is not None:
            if (t.start in quoted and prev.start not in quoted) or _code_between(
                opened, prev.start, t.start
            ):
                out.add(t.start)
                answered = False
            elif t.kind != "para":
                answered = False
        prev = t
    return frozenset(out)


def _code_between(codes: list[int], a: int, b: int) -> bool:
    """Whether one of ``codes`` (cleaned offsets, in order) stands after ``a`` and at or
    before ``b``."""
    k = bisect.bisect_right(codes, a)
    return k < len(codes) and codes[k] <= b


def beside(tokens: list[Token]) -> frozenset[int]:
    """The starts of the blocks in another language that are the original printed beside
    the Russian text, line by line (a bilingual page's table read row by row: a Russian
    heading or paragraph, its English under it, the next Russian one): a block of at most
    ``BESIDE_LINES`` lines with Russian text of the units around it on either side. The
    Russian text goes on across them; a longer block (an English law after the Russian
    one) is no text of the units around it, and what follows it starts afresh. So does
    a block that opens with an English heading (``grammar.EN_HEAD``) other than under a
    Russian heading: the original of the next law, whose Russian heading the page lost."""
    out = set()
    for k in range(1, len(tokens) - 1):
        t = tokens[k]
        if t.kind != "foreign" or sum(1 for ln in t.lines if ln.text.strip()) > BESIDE_LINES:
            continue
        before, after = tokens[k - 1], tokens[k + 1]
        if EN_HEAD.match(t.lines[0].text) and before.kind not in ("law", "part"):
            continue
        if before.kind not in _ASIDE and after.kind not in _ASIDE and before.region == after.region:
            out.add(t.start)
    return frozenset(out)


LEVEL = {"part": 0, "law": 1, "commentary": 2, "section": 2, "clause": 3, "subclause": 4, "item": 6}


@dataclass
class _Build:
    kind: NodeKind | TokenKind
    id: str | None
    label: str | None
    title: str | None
    paras: list[str]
    start: int
    end: int
    page: int
    region: int = 0
    inferred: bool = False
    level: float = 0
    children: list[_Build] = field(default_factory=list)
    footnotes: list[Footnote] = field(default_factory=list)
    tags: list[str] = field(default_factory=list)
    relabelled: bool = False  # its label was rebuilt (a bullet, a browser-renumbered list item)
    spans: list[tuple[int, int]] = field(default_factory=list)  # cleaned offsets of each para
    sealed: int | None = None  # paragraphs it had when a footnote body followed its text


def _strip_tags(text: str) -> tuple[str, list[str]]:
    tags = TAG.findall(text)
    return (TAG.sub("", text).rstrip() if tags else text), tags


def segment(cleaned: Cleaned) -> tuple[Tree, list[Diagnostic]]:
    """Segment one cleaned source into its tree, in phases: lines → tokens (the
    block rules) → which law headless regions belong to → tree → titles and
    bodies → footnotes → numbering checks."""
    src = cleaned.source
    at = _Where(src, OffsetMap(cleaned.edits))
    edition = editions.EDITIONS.get(src.edition, editions.DEFAULT)
    foreign = cleaned.profile.foreign
    # a text in another language is not read by the block rules, which read Russian
    # (its numbered lines and letters are no units of the codex): no tokens, and the
    # tokens ``measure`` kept of it for reuse are dropped
    if foreign:
        forget_measured()
    tokens = [] if foreign else tokens_of(cleaned.text, _lines(cleaned), src.kind, edition.laws)
    what = None if foreign else no_law_text(tokens)
    if what is None and not foreign and not has_letter(cleaned.text) and has_letter(src.text):
        # a page of a reading site that held nothing but its menus and links
        what = (
            "every line of it was site chrome or page furniture, which the cleaner removed "
            "(report.json lists each line)"
        )
    aside = what is not None
    if aside:
        tokens = [t for t in tokens if t.kind in _ASIDE]
    builder = _TreeBuilder(at, _inferred_laws(tokens) if src.kind != "commentary" else {})
    if src.kind != "commentary":
        builder.next_law, builder.laws = _next_laws(tokens), edition.laws
    builder.beside = beside(tokens)
    quoted = frozenset(e.clean_start for e in edits_of_kind(cleaned.edits, "quote-prefix"))
    codes = [e for kind in ("forum-code", "tag") for e in edits_of_kind(cleaned.edits, kind)]
    opened = sorted(e.clean_start for e in codes if QUOTATION_START.fullmatch(e.before.strip()))
    closed = sorted(e.clean_start for e in codes if QUOTATION_END.fullmatch(e.before.strip()))
    if quoted or opened or closed:
        builder.prologue = before_quotation(tokens, quoted, opened)
        builder.answers = after_quotation(tokens, cleaned.text, quoted, closed)
        builder.resumes = back_in_quotation(tokens, builder.answers, quoted, opened)
    for tok in tokens:
        builder.feed(tok)
    tail = cleaned.text.rstrip()
    # only text can be cut off mid-sentence: a page that yields no nodes, or one
    # that ends with a table of contents or an index (page numbers, no full stop),
    # ends where it should
    last = max(tokens, key=lambda t: t.end, default=None)
    trunc_end = (
        bool(builder.roots and tail)
        and not (last is not None and last.kind in LISTINGS)
        and not FULL_STOP.search(TAG.sub("", tail).rstrip())
    )
    # the unit whose words the source's end cuts off (not a footnote body after it)
    cut = builder.current if trunc_end and last is not None and last.kind != "footnote" else None
    for b in builder.all_nodes:
        _finish(b, cut=b is cut)
    toc_entries = tuple(
        e for tok in builder.listings if tok.kind == "toc" for e in toc.toc_entries(tok, at.span)
    )
    joins = (
        [e.clean_start for e in edits_of_kind(cleaned.edits, "unwrap") if e.after == " "]
        if any(tok.kind == "index" for tok in builder.listings)
        else []
    )
    index_entries = tuple(
        e
        for tok in builder.listings
        if tok.kind == "index"
        for e in toc.index_entries(tok, at.span, joins)
    )
    diags = builder.diags
    if foreign:
        lang = cleaned.profile.language
        what = language.NOT_READ.get(
            lang, f"the text is in {language.described(lang)}, not Russian"
        )
        diags.append(
            diag(
                "K311",
                f"{src.name}: {what}: "
                "it yields no nodes of the Russian codex; its text is kept (the source's page "
                "shows it)"
                + (f" (edition {src.edition})" if src.edition in editions.EDITIONS else ""),
                at.span(0, len(cleaned.text)),
            )
        )
    other_code = (what or "").startswith(OTHER_CODE)
    if aside:
        diags.append(
            diag(
                "K308",
                f"{src.name}: no law text ("
                + (
                    ""
                    if other_code
                    else "no law heading in a text that names a card or the game, no "
                    "commentary paragraph or marker of the law book; "
                )
                + f"{what}); it yields no nodes",
                at.span(0, len(cleaned.text)),
            )
        )
        if other_code and src.edition_from in _ASSUMED_EDITION:
            # the edition was assumed of a page of the book (a commentary page, a page
            # beside the corpus's laws), which its cleaned text shows it is not (a page
            # whose wrong code page hid its words until the cleaner decoded them)
            src = replace(
                src,
                edition=editions.UNKNOWN,
                edition_from="text",
                edition_confidence=0.0,
                edition_evidence=(f"{editions.NOT_LAWS}: {(what or '')[len(OTHER_CODE) + 2 :]}",),
            )
            cleaned = replace(cleaned, source=src)
            diags.append(
                diag(
                    "K114",
                    f"{src.path}: the edition read for a page of the book is withdrawn: its "
                    f"cleaned text is {what}; kept apart as edition unknown",
                )
            )
    diags += _attach_footnotes(builder.footnotes, builder.all_nodes, at)
    diags += _check_numbering(builder.roots, builder.all_nodes, at)
    nodes = tuple(_freeze(b, at) for b in builder.roots)
    first = nodes[0] if nodes else None
    trunc_start = bool(first and (first.kind == "fragment" or first.inferred))
    if trunc_end:
        diags.append(diag("K307", f"{src.name}: ends mid-sentence; the last unit is cut off"))
    return Tree(
        source=src,
        cleaned=cleaned,
        nodes=nodes,
        truncated_start=trunc_start,
        truncated_end=trunc_end,
        toc=toc_entries,
        index=index_entries,
    ), diags


@dataclass(frozen=True, slots=True)
class _Where:
    """Maps cleaned offsets back to raw spans and line numbers for messages."""

    src: Source
    omap: OffsetMap

    def span(self, start: int, end: int):
        rs = self.omap.to_raw(start)
        return span_of(self.src, rs, max(rs, self.omap.to_raw(end)))

    def line(self, clean_offset: int) -> int:
        raw = self.omap.to_raw(clean_offset)
        return span_of(self.src, raw, raw).line

    def at(self, clean_offset: int) -> str:
        return f"{self.src.name}:{self.line(clean_offset)}"


def _lines(cleaned: Cleaned) -> list[Line]:
    """Phase 1: the cleaned lines, each with its page and hard-break region."""
    breaks = sorted(cleaned.breaks)
    # table-of-contents dot leaders the cleaner removed: (clean offset, page number)
    leaders = [
        (e.clean_start, e.before.strip(" \t.…")) for e in edits_of_kind(cleaned.edits, "dot-leader")
    ]
    # rule lines the cleaner removed (``-----``): a footnote area starts under one
    rules = [e.clean_start for e in edits_of_kind(cleaned.edits, "underline-rule")]
    out: list[Line] = []
    pos, bi, li, ri, page, region = 0, 0, 0, 0, 0, 0
    ruled = False
    for text in cleaned.text.split("\n"):
        start, end = pos, pos + len(text)
        pos = end + 1
        while bi < len(breaks) and breaks[bi][0] <= start:
            page += 1
            region += 1 if breaks[bi][2] else 0
            bi += 1
        leader = None
        while li < len(leaders) and leaders[li][0] <= end:
            leader = leaders[li][1] if leaders[li][0] >= start else leader
            li += 1
        while ri < len(rules) and rules[ri] <= start:
            ruled = True
            ri += 1
        after_rule = ruled and bool(text.strip())
        ruled = ruled and not text.strip()
        # fixed indents (DOS e-texts) are layout: the rules read the line from its first letter
        out.append(Line(text.lstrip(), start, end, page, region, leader, after_rule))
    return out


def _inferred_laws(tokens: list[Token]) -> dict[int, int]:
    """Phase 2 (laws sources): the law that headless text at a region's start
    belongs to: the one before the next law heading on the same page, when the
    region opens with plain text or a section."""
    out: dict[int, int] = {}
    for region, group in groupby(tokens, key=lambda t: t.region):
        reg = [t for t in group if t.kind not in LISTINGS]
        if not reg:
            continue
        if reg[0].kind in ("law", "part"):
            continue
        first_unit = next((t for t in reg if t.kind not in ("para", "footnote")), None)
        if first_unit is not None and first_unit.kind not in ("section", "law", "part"):
            continue
        head_page = reg[0].page
        nxt = next((t for t in reg if t.kind == "law" and t.page == head_page), None)
        if nxt is not None and nxt.label and int(nxt.label) > 1:
            out[region] = int(nxt.label) - 1
    return out


def _next_laws(tokens: list[Token]) -> dict[int, int | None]:
    """The number of the next law heading after each token (by its start), or None."""
    out: dict[int, int | None] = {}
    nxt = None
    for t in reversed(tokens):
        out[t.start] = nxt
        if t.kind == "law" and t.label and t.label.isdigit():
            nxt = int(t.label)
    return out


class _TreeBuilder:
    """Phase 3: nests tokens into ``_Build`` units by their levels."""

    def __init__(self, at: _Where, infer_for_region: dict[int, int]):
        self.at = at
        self.infer_for_region = infer_for_region
        self.roots: list[_Build] = []
        self.stack: list[_Build] = []
        self.all_nodes: list[_Build] = []
        self.footnotes: list[Token] = []
        self.listings: list[Token] = []  # tables of contents and indexes
        self.division: _Build | None = None  # the last division opened
        self.inner: tuple[_Build, int] | None = None  # a renumbered list: its clause, last number
        self.diags: list[Diagnostic] = []
        self.region = -1
        self.current: _Build | None = None  # the unit whose paragraphs are being collected
        self.next_law: dict[int, int | None] = {}  # token start → the next law heading's number
        self.laws = 0  # how many laws the edition has (0: no law is inferred from sections)
        self.beside: frozenset[int] = frozenset()  # foreign blocks the Russian text goes on across
        self.answers: frozenset[int] = frozenset()  # a poster's words after a quotation
        self.prologue: frozenset[int] = frozenset()  # a poster's words before a quotation
        self.resumes: frozenset[int] = frozenset()  # the quotation going on after an answer
        self.held: tuple[list[_Build], _Build | None, int] | None = None  # its law context

    def feed(self, tok: Token) -> None:
        if tok.kind in _ASIDE:
            # a listing, a foreign block or the book's title is no text of the units
            # around it: what follows it starts afresh
            if tok.kind == "title":
                self.diags.append(
                    diag(
                        "K312",
                        f"{self.at.at(tok.start)}: the book's title "
                        f"«{' / '.join(ln.text.strip() for ln in tok.lines if ln.text.strip())}» "
                        "above the first heading kept out of the codex",
                        self.at.span(tok.start, tok.end),
                    )
                )
            elif tok.kind == "front":
                text = " ".join(ln.text.strip() for ln in tok.lines)
                self.diags.append(
                    diag(
                        "K313",
                        f"{self.at.at(tok.start)}: lines {self.at.line(tok.start)}-"
                        f"{self.at.line(tok.end)} above the first heading "
                        f"(«{textwrap.shorten(text, 60, placeholder=' …')}») read as front "
                        f"matter ({front_reason(text)}), not as the end of the law before "
                        "it: kept out of the codex",
                        self.at.span(tok.start, tok.end),
                    )
                )
            elif tok.kind == "foreign":
                self.diags.append(
                    diag(
                        "K309",
                        f"{self.at.at(tok.start)}: {len(tok.lines)} lines in another "
                        "language (no Cyrillic letter) kept out of the codex",
                        self.at.span(tok.start, tok.end),
                    )
                )
            else:
                self.listings.append(tok)
            if tok.start not in self.beside:
                self.region = -1
            return
        if tok.start in self.answers:
            # a poster's answer under a quoted law: none of its text, and no law's; the
            # quoted law's context is held for the quotation going on after it
            if self.held is None:
                self.held = (list(self.stack), self.current, self.region)
            self.region = tok.region
            self._new_region(tok, infer=False)
        elif tok.start in self.resumes and self.held is not None and self.held[2] == tok.region:
            self.stack, self.current, self.region = list(self.held[0]), self.held[1], tok.region
            self.held = None
        elif tok.region != self.region:
            self._new_region(tok, infer=tok.start not in self.prologue)
        if tok.kind == "bullet":
            tok = self._bullet(tok)
        elif tok.kind == "clause":
            tok = self._renumbered(tok)
            if tok.kind == "clause":
                tok = self._restarted(tok)
        elif tok.kind == "section":
            self._section_again(tok)
        if (tok.kind in ("clause", "subclause") and self._under_unnumbered(tok)) or (
            tok.kind == "item" and self._under_lettered()
        ):
            tok = replace(tok, kind="para", label=None, rest=tok.lines[0].text)
        if tok.kind == "footnote":
            self.footnotes.append(tok)
            if self.current is not None:
                # a footnote body is printed after the text it annotates: that text ends here
                self.current.sealed = len(self.current.paras)
        elif tok.kind == "orphan":
            # a law heading with an impossible number: its text is kept, but placed nowhere
            self.stack.clear()
            self._root(
                _Build(
                    "fragment", None, None, None, [tok.rest], tok.start, tok.end, tok.page, level=-1
                )
            )
            self.diags.append(
                diag(
                    "K310",
                    f"{self.at.at(tok.start)}: a law heading with number {tok.label}, "
                    "which no law of the edition has; kept as an unplaced fragment",
                    self.at.span(tok.start, tok.end),
                )
            )
        elif tok.kind == "para":
            current = self.current
            if current is None:  # cannot happen after a region start, kept for safety
                current = _Build(
                    "fragment", None, None, None, [], tok.start, tok.start, tok.page, level=-1
                )
                self._root(current)
            current.paras.append(tok.rest)
            current.spans.append((tok.start, tok.end))
            current.end = tok.end
        else:
            self._unit(tok)

    def _bullet(self, tok: Token) -> Token:
        """A bullet under a section whose clauses are all bullets is its next clause;
        any other bullet is a paragraph, its dash kept."""
        section = next((b for b in reversed(self.stack) if b.kind == "section"), None)
        clauses = [c for c in section.children if c.kind == "clause"] if section is not None else []
        if section is None or not all(c.relabelled for c in clauses):
            return replace(tok, kind="para", label=None, rest=tok.lines[0].text)
        return replace(tok, kind="clause", label=str(len(clauses) + 1))

    def _renumbered(self, tok: Token) -> Token:
        """``1.`` again straight after the heading of a clause of the same section is a
        list the browser renumbered: the subclauses (A), (B) … of that clause
        (``(A).`` shown as ``1.``). The run goes on while the numbers do."""
        section = next((b for b in reversed(self.stack) if b.kind == "section"), None)
        last = section.children[-1] if section is not None and section.children else None
        n = int(tok.label or 0)
        if last is None or last.kind != "clause" or last.relabelled or _after_footnote(last):
            self.inner = None
            return tok
        if self.inner is not None and self.inner[0] is last and n == self.inner[1] + 1:
            self.inner = (last, n)
        elif n == 1 and int(last.label or 0) >= 1 and not last.children and _opens_list(last):
            # straight after the clause's heading, or after its text that runs on into
            # the list («…, и если»; «… так:»); «1.» after a clause whose text ends a
            # sentence is numbering gone backwards (K305)
            self.inner = (last, 1)
        else:
            self.inner = None
            return tok
        return replace(tok, kind="subclause", label=f"({chr(ord('A') + n - 1)})", rule="renumbered")

    def _restarted(self, tok: Token) -> Token:
        """A clause number its section has used already never makes a second node of
        one address. ``1.`` again after a paragraph that introduces a list (the
        clause before it had ended: a footnote body followed it, or its text ended a
        sentence) opens the next section, whose letter the source lost (``inferred``,
        K306). Any other repeat stays text of the unit before it (K304)."""
        section = next((b for b in reversed(self.stack) if b.kind == "section"), None)
        if section is None or section.id is None:
            return tok  # inside an unplaced fragment nothing has an address
        if not any(c.kind == "clause" and c.label == tok.label for c in section.children):
            return tok
        law = next((b for b in reversed(self.stack) if b.kind == "law"), None)
        letter = addresses.next_section(section.id)
        sibling = addresses.child(law.id, "section", letter) if law and letter else None
        intro = self._intro()
        span = self.at.span(tok.start, tok.end)
        if (
            tok.label == "1"
            and intro is not None
            and law is not None
            and sibling is not None
            and not any(c.id == sibling for c in law.children)
        ):
            owner, k = intro
            paras, spans = owner.paras[k:], owner.spans[k:]
            del owner.paras[k:], owner.spans[k:]
            owner.end = owner.spans[-1][1] if owner.spans else owner.start
            b = _Build(
                "section",
                None,
                None,
                None,
                paras,
                spans[0][0],
                spans[-1][1],
                tok.page,
                tok.region,
                level=LEVEL["section"],
                spans=spans,
            )
            self._open(b)
            b.id, b.inferred = sibling, True
            self.diags.append(
                diag(
                    "K306",
                    f"{self.at.at(spans[0][0])}: clause numbering starts again at 1 after "
                    f"a paragraph that opens a list: read as section {sibling}, whose "
                    f"letter the source lost (the section before it is {section.id})",
                    self.at.span(spans[0][0], tok.end),
                )
            )
            return tok
        holder = self.current
        self.diags.append(
            diag(
                "K304",
                f"{self.at.at(tok.start)}: clause {tok.label} again under section "
                f"{section.id}; its line is kept as text of "
                f"{holder.id if holder is not None and holder.id else 'the unit before it'}",
                span,
            )
        )
        return replace(tok, kind="para", label=None, rest=tok.lines[0].text)

    def _open_inferred_law(self, number: str, tok: Token) -> None:
        """Open law ``number``, whose heading the source lost, where ``tok`` stands."""
        self._open(
            _Build(
                "law",
                number,
                None,
                None,
                [],
                tok.start,
                tok.start,
                tok.page,
                tok.region,
                inferred=True,
                level=LEVEL["law"],
            )
        )

    def _section_again(self, tok: Token) -> None:
        """A section letter its law has used already never makes a second node of one
        address: the source lost the heading of the next law. Section ``A`` again,
        under another heading, where the next heading is the law after the next, opens
        the law between them, ``inferred`` (K306); any other repeat (the same section
        printed twice) opens an unplaced fragment (K301)."""
        law = next((b for b in reversed(self.stack) if b.kind == "law"), None)
        if law is None or law.id is None or not law.id.isdigit():
            return
        again = addresses.child(law.id, "section", tok.label)
        first = next((c for c in law.children if c.id == again), None)
        if first is None:
            return
        n, nxt = int(law.id) + 1, self.next_law.get(tok.start)
        span = self.at.span(tok.start, tok.end)
        # the same heading again is a block the page printed twice, not the next law
        repeated = bool(first.paras) and first.paras[0].strip() == tok.rest.strip()
        while self.stack and self.stack[-1].kind != "part":
            self.stack.pop()
        if tok.label == "A" and n <= self.laws and nxt == n + 1 and not repeated:
            self._open_inferred_law(str(n), tok)
            self.diags.append(
                diag(
                    "K306",
                    f"{self.at.at(tok.start)}: section A again after the sections of law "
                    f"{law.id}: read as law {n}, whose heading the source lost (the next "
                    f"heading is law {nxt})",
                    span,
                )
            )
            return
        self.stack.clear()
        self._root(
            _Build("fragment", None, None, None, [], tok.start, tok.start, tok.page, level=-1)
        )
        self.diags.append(
            diag(
                "K301",
                f"{self.at.at(tok.start)}: section {tok.label} again under law {law.id}: "
                "the heading of its own law is lost, and which law it is cannot be told "
                "from this source; kept as an unplaced fragment",
                span,
            )
        )

    def _intro(self) -> tuple[_Build, int] | None:
        """``(unit, k)``: the unit collecting text holds, from its paragraph ``k`` on,
        a paragraph that introduces a list of its own: what follows a footnote body
        of the unit, or a last paragraph that ends with a colon after a paragraph
        that ended a sentence. ``None`` when it holds none."""
        cur = self.current
        if cur is None or cur.kind not in ("section", "clause", "subclause"):
            return None
        if len(cur.spans) != len(cur.paras):
            return None  # text whose offsets are not known paragraph by paragraph
        k: int | None = None
        if cur.sealed is not None and 0 < cur.sealed < len(cur.paras):
            k = cur.sealed
        elif (
            len(cur.paras) >= 2
            and LEAD_IN.search(cur.paras[-1]) is not None
            and FULL_STOP.search(TAG.sub("", cur.paras[-2]).rstrip())
        ):
            k = len(cur.paras) - 1
        if k is None or not cur.paras[k][:1].isupper():
            return None
        return cur, k

    def _under_lettered(self) -> bool:
        """An item (i) after a lettered sub-paragraph (a), (b) of its commentary
        paragraph belongs to that letter, which has no address form: it stays text."""
        para = next((b for b in reversed(self.stack) if b.kind == "commentary"), None)
        return (
            para is not None and not para.children and any(LETTERED.search(p) for p in para.paras)
        )

    def _under_unnumbered(self, tok: Token) -> bool:
        """A clause or subclause straight under a law or a commentary paragraph (no
        section between) has no address of its own (``64.1`` is not used): its line
        stays body text of the unit."""
        level = self._level(tok)
        parent = next((b for b in reversed(self.stack) if b.level < level), None)
        return parent is not None and parent.kind in ("law", "commentary")

    def _root(self, b: _Build) -> None:
        self.roots.append(b)
        self.stack.append(b)
        self.all_nodes.append(b)
        self.current = b

    def _new_region(self, tok: Token, infer: bool = True) -> None:
        """The start of the source, a hard break or a listing: the law context is lost
        (the divisions stay open: a listing inside a chapter leaves it a chapter).
        ``infer``: headless text may be placed in the law before the page's next
        heading (not a poster's answer under a quotation)."""
        self.region = tok.region
        while self.stack and self.stack[-1].kind != "part":
            self.stack.pop()
        if self.stack and self.stack[0].region != tok.region:
            self.stack.clear()
        self.current = None
        if tok.kind in ("law", "part", "commentary"):
            return
        span = self.at.span(tok.start, tok.end)
        if infer and self.region in self.infer_for_region:
            n = str(self.infer_for_region[self.region])
            self._open_inferred_law(n, tok)
            self.diags.append(
                diag(
                    "K306",
                    f"{self.at.at(tok.start)}: text after a page break placed in law "
                    f"{n} (the next heading on the page is law {int(n) + 1})",
                    span,
                )
            )
        else:
            self._root(
                _Build("fragment", None, None, None, [], tok.start, tok.start, tok.page, level=-1)
            )
            self.diags.append(
                diag(
                    "K301",
                    f"{self.at.at(tok.start)}: text whose law cannot be told from this "
                    "source; kept as an unplaced fragment",
                    span,
                )
            )

    def _level(self, tok: Token) -> float:
        if tok.kind == "part":  # a part of a chapter sits under its chapter, above laws
            return addresses.division_rank(tok.id or "") / 3
        level: float = LEVEL[tok.kind]
        if tok.kind == "subclause" and tok.label and tok.label[1:-1].isdigit():
            # (1) inside (B): one level deeper (9A2(B)(1)); beside another (1): the same level
            top = next((b for b in reversed(self.stack) if b.kind == "subclause"), None)
            if top is not None:
                level = top.level if (top.label or "")[1:-1].isdigit() else top.level + 1
        if tok.kind == "item":
            top = self.stack[-1] if self.stack else None
            level = (
                top.level
                if top is not None and top.kind == "item"
                else max((top.level + 1) if top else 0, 5)
            )
        return level

    def _unit(self, tok: Token) -> None:
        b = _Build(
            tok.kind,
            None,
            tok.label,
            None,
            [tok.rest] if tok.rest.strip() else [],
            tok.start,
            tok.end,
            tok.page,
            tok.region,
            level=self._level(tok),
            relabelled=tok.rule in ("bullet", "renumbered"),
            spans=[(tok.start, tok.end)] if tok.rest.strip() else [],
        )
        if tok.kind == "part":
            while self.stack and self.stack[-1].kind != "part":
                self.stack.pop()
            again = self._empty_division(tok.id)
            if again is not None:
                # the heading again after the division's own listing (a page that opens
                # with «Глава VI. … - Часть I …» and the list of its laws, then prints
                # each heading once more over the text): one division, not two
                self._reopen(again)
                return
            b.id = tok.id
            b.title = tok.rest.strip() or None
            b.paras = []
            b.spans = []
        elif tok.kind == "law":
            while self.stack and self.stack[-1].kind not in ("part",):
                self.stack.pop()
            b.id = tok.label
            b.title = tok.rest.strip() or None
            b.paras = []
            b.spans = []
        elif tok.kind == "commentary":
            # merged paragraphs («12.4,5.») are one node under their first key
            b.id = addresses.merged_keys(tok.label or "")[0]
        self._open(b)

    def _empty_division(self, id_: str | None) -> _Build | None:
        """The division ``id_`` opened already, when nothing but empty divisions has been
        opened since (no law, no text, no fragment): its heading printed again."""
        for b in reversed(self.all_nodes):
            if b.kind != "part" or b.paras:
                return None
            if b.id == id_:
                return b
        return None

    def _reopen(self, b: _Build) -> None:
        """Make ``b`` (a node already in the tree) the innermost open unit again."""

        def path(nodes: list[_Build]) -> list[_Build] | None:
            for n in nodes:
                if n is b:
                    return [n]
                below = path(n.children)
                if below is not None:
                    return [n, *below]
            return None

        self.stack[:] = path(self.roots) or [b]
        self.current = self.division = b

    def _open(self, b: _Build) -> None:
        stack = self.stack
        while stack and stack[-1].level >= b.level:
            stack.pop()
        parent = stack[-1] if stack else None
        if b.kind == "commentary" and parent is not None:
            # a commentary paragraph sits under its own law only
            while stack and not (
                stack[-1].kind == "law" and stack[-1].id == (b.label or "").split(".")[0]
            ):
                stack.pop()
            parent = stack[-1] if stack else None
        if b.kind not in ("law", "part", "commentary", "fragment"):
            b.id = (
                addresses.child(parent.id if parent else None, b.kind, b.label) if parent else None
            )
            b.inferred = bool(parent and parent.inferred) or b.relabelled
        (parent.children if parent else self.roots).append(b)
        stack.append(b)
        self.all_nodes.append(b)
        self.current = b
        if b.kind == "part":
            self.division = b


def _after_footnote(unit: _Build) -> bool:
    """The unit holds paragraphs that came after a footnote body of its own text."""
    return unit.sealed is not None and unit.sealed < len(unit.paras)


def _opens_list(clause: _Build) -> bool:
    """A clause with no text but its heading, or whose text stops short of a full stop
    (it introduces the list that follows)."""
    if len(clause.paras) <= 1:
        return True
    return not FULL_STOP.search(TAG.sub("", clause.paras[-1]).rstrip())


def _attach_footnotes(
    footnotes: list[Token], all_nodes: list[_Build], at: _Where
) -> list[Diagnostic]:
    """Phase 5: each footnote body goes to the first node on its page whose text
    carries the mark; marks with no body on their page are reported."""
    diags: list[Diagnostic] = []
    on_page: dict[int, list[_Build]] = {}  # only the nodes of its own page: linear in the source
    for b in all_nodes:
        on_page.setdefault(b.page, []).append(b)
    starts = [b.start for b in all_nodes]  # document order
    carrying: dict[
        tuple[int, str], list[_Build]
    ] = {}  # the page's nodes whose text has the mark, once
    for tok in footnotes:
        mark = tok.label or ""
        body_text, _tags = _strip_tags(tok.rest.strip())
        target = None
        key = (tok.page, mark)
        if key not in carrying:
            carrying[key] = [
                b
                for b in on_page.get(tok.page, ())
                if mark in (b.title or "") + "\n" + "\n".join(b.paras)
            ]
        for b in carrying[key]:
            if b.start > tok.start:
                continue
            if not any(f.mark == mark for f in b.footnotes):
                target = b
                break
        fn = Footnote(mark=mark, text=body_text, span=at.span(tok.start, tok.end))
        if target is None:
            diags.append(
                diag(
                    "K303",
                    f"{at.at(tok.start)}: footnote {mark} has no mark on its page; kept with "
                    "the node before it",
                    fn.span,
                )
            )
            before = bisect.bisect_right(starts, tok.start) - 1
            target = all_nodes[before] if before >= 0 else (all_nodes[0] if all_nodes else None)
        if target is not None:
            target.footnotes.append(fn)
    served = {(tok.page, tok.label) for tok in footnotes}
    for b in all_nodes:
        for mark in FOOTNOTE_MARK.findall((b.title or "") + "\n" + "\n".join(b.paras)):
            if (b.page, mark) not in served:
                diags.append(
                    diag(
                        "K302",
                        f"{at.at(b.start)}: footnote mark {mark} in "
                        f"{b.id or 'an unplaced fragment'} has no body in this source",
                        at.span(b.start, b.end),
                    )
                )
    return diags


def _check_numbering(roots: list[_Build], all_nodes: list[_Build], at: _Where) -> list[Diagnostic]:
    """Phase 6: an address twice in one source; siblings numbered backwards."""
    diags: list[Diagnostic] = []
    seen: dict[str, _Build] = {}
    for b in all_nodes:
        if b.id and b.id in seen:
            diags.append(
                diag(
                    "K304",
                    f"{at.at(b.start)}: address {b.id} occurs twice in this source (first at "
                    f"line {at.line(seen[b.id].start)})",
                    at.span(b.start, b.end),
                )
            )
        elif b.id:
            seen[b.id] = b
    for siblings in [roots] + [b.children for b in all_nodes]:
        prev = None
        for b in siblings:
            if (
                prev is not None
                and prev.kind == b.kind
                and b.label
                and prev.label
                and b.kind != "law"
                and _space(b) == _space(prev)
                and _order(b.kind, b.label) <= _order(prev.kind, prev.label)
            ):
                diags.append(
                    diag(
                        "K305",
                        f"{at.at(b.start)}: {b.kind} {b.label} follows {prev.label}: "
                        "numbering goes backwards",
                        at.span(b.start, b.end),
                    )
                )
            prev = b
    return diags


def _space(b: _Build) -> str | None:
    """The address space a unit numbers in: a division's (chapters and parts number
    apart); a commentary paragraph's, keyed by a subsection («12С1.») or numbered
    («12.2.»), which number apart too."""
    a = addresses.parse(b.id) if b.kind in ("part", "commentary") and b.id else None
    if a is None:
        return None
    if b.kind == "commentary":
        return "keyed" if isinstance(a.para, str) else None
    return a.division


def _order(kind: str, label: str) -> tuple:
    core = label.strip("()")
    if kind == "part":
        return (0, addresses.roman_value(core))
    if kind == "commentary":
        return addresses.sort_key(addresses.merged_keys(label)[0])
    if core.isdigit():
        return (0, int(core))
    if kind == "item":
        return (1, addresses.roman_value(core.upper()))
    return (1, ord(core[0]))


_LEAD_IN_WORDS = 5
"""The fewest words of a first paragraph ending with a colon that is a lead-in to a
list, not a heading."""
_HEADING_AT_MOST = 160
"""The most characters a unit's heading holds; a longer first paragraph is its text."""


def _list_item(para: str) -> bool:
    """``para`` is an item of a list, no heading: it ends with a semicolon
    (``grammar.LIST_ITEM_END``) after as many words as a lead-in has at least (a scan
    reads a heading's stop as a semicolon: «A. Текущая взятка;»)."""
    return LIST_ITEM_END.search(para) is not None and len(para.split()) >= _LEAD_IN_WORDS


def _finish(b: _Build, cut: bool = False) -> None:
    """Split a unit's paragraphs into title and body; strip tags; no more edits.
    ``cut``: the end of the source cuts the unit's last paragraph off mid-sentence."""
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
        # A lone paragraph the source's end cuts off is the start of the unit's text
        # (a section's is its heading: «D. Title» closing a page).
        # A commentary paragraph's heading is a phrase with text or items after it
        # ("64.10. Разыгрывающий совершает фальшренонс"): a first paragraph that
        # ends as a sentence, a question or a lead-in to a list, that holds lettered
        # sub-paragraphs or that runs longer than a heading is text (its lead-in to
        # items ``(i)`` whose colon a page lost: «…он аннулируется и» | «(i) если…»).
        lone_sentence = (
            len(paras) == 1
            and not b.children
            and bool(
                FULL_STOP.search(paras[0])
                or _list_item(paras[0])
                or len(paras[0]) > _HEADING_AT_MOST
                or (cut and b.kind != "section")
            )
        )
        sentence_first = bool(paras) and (
            bool(
                CLAUSE_END.search(paras[0])
                or LETTERED.search(paras[0])
                or len(paras[0]) > _HEADING_AT_MOST
            )
            if b.kind == "commentary"
            # a lead-in to a list is no heading (a page that lost the heading above
            # it: «Нет исправления … вслед за фальшренонсом:» | «1. Если …»); a
            # heading of a few words may end with a colon («A. Передача взяток:»)
            else (
                (LEAD_IN.search(paras[0]) is not None and len(paras[0].split()) >= _LEAD_IN_WORDS)
                # an item of a list, its text going on under it: a sentence's part
                or _list_item(paras[0])
            )
        )
        if paras and not lone_sentence and not sentence_first:
            b.title, b.paras = paras[0] or None, paras[1:]
        else:
            b.paras = paras
    else:
        b.paras = paras
    b.tags = list(dict.fromkeys(tags))


def _freeze(b: _Build, at: _Where) -> Node:
    text = "\n".join(p for p in b.paras if p)
    return Node(
        kind=cast(NodeKind, b.kind),
        id=b.id,
        label=b.label,
        title=b.title,
        text=text,
        span=at.span(b.start, b.end),
        inferred=b.inferred,
        penalty=PENALTY_MARK.search((b.title or "") + "\n" + text) is not None,
        tags=tuple(b.tags),
        footnotes=tuple(b.footnotes),
        children=tuple(_freeze(c, at) for c in b.children),
    )
