"""The data model of Kodeks: one file, frozen dataclasses, every field documented.

Every stage passes these values to the next. Russian terms are mapped to English
once, here: правило → law, раздел → part, пункт (A.) → section, подпункт (1.) →
clause, (A). → subclause, комментарий 64.10 → commentary, (i) → item, сноска →
footnote.

Offsets are character offsets into the *decoded* raw text of a source
(``Source.text``); lines are 1-based. A ``Span`` therefore always points at the
exact characters a node, reference or edit came from.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, get_args, overload


def _default_edition() -> str:
    """The default edition's id (``editions.DEFAULT_ID``), read from the table of
    editions when a value first needs it: reading the model (``kodeks show``) does
    not read the table."""
    from .editions import DEFAULT_ID

    return DEFAULT_ID


# The closed vocabularies of the model. Literal types, so the type checker (mypy,
# run by CI) rejects a misspelt kind or status; the values are the plain strings
# that the JSON exports, the SQLite index and the templates carry.
NodeKind = Literal[
    "part", "law", "section", "clause", "subclause", "item", "commentary", "fragment"
]
"""Kind of a node or entry (fragments wrap text whose law is unknown)."""
NODE_KINDS: tuple[NodeKind, ...] = get_args(NodeKind)
"""Every node kind, outermost first."""
TokenKind = Literal[
    "part",
    "law",
    "commentary",
    "section",
    "clause",
    "subclause",
    "item",
    "footnote",
    "bullet",
    "para",
    "toc",
    "index",
    "foreign",
    "orphan",
    "title",
    "front",
]
"""Kind of a line as a block rule read it (``blocks.Token``): a unit's opening line,
a footnote, a bullet, a paragraph, a listing (``toc``/``index``), text in another
language (``foreign``), a law number with no law text after it (``orphan``), the
book's title standing above its first unit (``title``) or front matter in sentences
there (``front``: a translator's or publisher's note)."""
TOKEN_KINDS: tuple[TokenKind, ...] = get_args(TokenKind)
SourceKind = Literal["laws", "commentary"]
"""What a source holds."""
TextKind = Literal["laws", "commentary", "toc", "index", "front", "mixed", "chrome"]
"""What a text looks like to the profile (``Profile.kind``): a source's kind, or a
page of another sort (a table of contents, an index, front matter, a mix, or
nothing but the site's template)."""
RefKind = Literal["plain", "list", "range", "commentary", "footnote", "self"]
"""How a reference names its target (``правило 50``, a list, a range …)."""
REF_KINDS: tuple[RefKind, ...] = get_args(RefKind)
RefField = Literal["title", "text", "footnote"]
"""Where in its node a reference stands."""
RefStatus = Literal["unresolved", "exact", "ancestor", "dangling"]
"""A reference before linking (``unresolved``) and after it."""
PlacedBy = Literal["heading", "inferred", "alignment"]
"""How a witness's address was found."""
Level = Literal["info", "warning", "error"]
"""Diagnostic level, mildest first."""


@dataclass(frozen=True, slots=True)
class Part:
    """A stretch of a container source's extracted text (``Source.text``) and the
    part of the container it came from: an EPUB or DOCX member, an FB2 body or
    section, a PDF or DjVu page. For a container, a source line is a line of the
    extracted text; its part says where in the file to look."""

    name: str
    """The part as a reader of the file finds it: ``OEBPS/ch02.xhtml``, ``page 3``,
    ``section 2 (XML line 57)``, ``notes``."""
    line: int
    """1-based first line of the part in the extracted text."""
    end_line: int
    """1-based last line of the part in the extracted text."""

    def to_json(self) -> dict[str, Any]:
        return {"part": self.name, "line": self.line, "end_line": self.end_line}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Part:
        return cls(name=data["part"], line=data["line"], end_line=data["end_line"])

    @staticmethod
    def at(parts: Sequence[Part], line: int) -> Part | None:
        """The part that holds source line ``line`` (``None`` outside every part)."""
        return next((p for p in parts if p.line <= line <= p.end_line), None)


@dataclass(frozen=True, slots=True)
class Extracted:
    """What a format reader (``pipeline.formats``) gives for one container file:
    its text, one block (paragraph, heading, footnote) per line, footnote bodies
    after the text, and where each stretch of lines came from."""

    text: str
    """The extracted text: the source's raw text (``Source.text``)."""
    fmt: str
    """The format read: ``fb2``, ``epub``, ``docx``, ``odt``, ``rtf``, ``pdf``, ``djvu``."""
    encoding: str
    """The encoding of the text inside the container (``utf-8``, ``cp1251`` …), or the
    kind of text layer (``pdf text layer``)."""
    parts: tuple[Part, ...] = ()
    """The container's parts in text order."""
    diagnostics: tuple[Diagnostic, ...] = ()
    """What the reader noticed that does not stop the file (pages without text …)."""
    title: str = ""
    """The book's own title (FB2 ``book-title``, EPUB ``dc:title``), when it has one."""


@dataclass(frozen=True, slots=True)
class Source:
    """One corpus file, as read."""

    path: str
    """Path of the file as given to the reader (used in every message)."""
    name: str
    """File name, e.g. ``002_5dc556f7a892ab5b.txt``."""
    stem: str
    """File name without extension; the name of its per-source JSON."""
    kind: SourceKind
    """``laws`` or ``commentary`` (from the manifest, else detected)."""
    text: str
    """The decoded raw text, byte for byte what the file holds once decoded."""
    encoding: str
    """The encoding the bytes were decoded with (``utf-8``, ``cp1251``, …)."""
    title: str = ""
    """Human title from the manifest (or the file name)."""
    edition: str = field(default_factory=_default_edition)
    """Edition of the laws the source renders (an id of ``pipeline/editions.toml``)."""
    edition_evidence: tuple[str, ...] = ()
    """What the text showed of its edition (``editions.assess``), for the report."""
    edition_confidence: float = 1.0
    """How sure the edition is: 1 when the manifest names it."""
    edition_from: str = "manifest"
    """``manifest``, ``text`` (detected), ``laws`` (a commentary of the corpus's laws),
    ``commentary`` (a commentary page, of the edition the commentary comments on) or
    ``corpus`` (weak evidence agreeing with the corpus's one edition)."""
    origin: str = ""
    """Where the text comes from: scan, web page, typewriter …"""
    priority: int = 50
    """Merge priority: when two witnesses tie, the higher priority wins."""
    fmt: str = "txt"
    """Input format: ``txt``, ``html`` (reduced to text by the reader) or a container
    format ``pipeline.formats`` extracts (``fb2``, ``epub``, ``docx``, ``odt``, ``rtf``,
    ``pdf``, ``djvu``); for HTML and containers ``text`` is the extracted text."""
    parts: tuple[Part, ...] = ()
    """Containers only: which part of the file (member, section, page) each stretch
    of ``text``'s lines came from."""
    boilerplate: tuple[int, ...] = ()
    """HTML only: the lines (1-based) of ``text`` that a boilerplate extractor
    (jusText) found only in the page's boilerplate; a hint the profile weighs."""
    set_aside: int | None = None
    """``None`` while ``text`` holds the text. A build that sets each source's text
    aside on disk once its per-source stages are done (``pipeline.spill``) keeps a
    copy of the source with ``text`` empty and here the number of characters
    the text has."""

    @property
    def chars(self) -> int:
        """How many characters the decoded text has (set aside or not)."""
        return len(self.text) if self.set_aside is None else self.set_aside


@dataclass(frozen=True, slots=True)
class Span:
    """A stretch of one source's raw text."""

    source: str
    """Source file name."""
    start: int
    """Offset of the first character in ``Source.text``."""
    end: int
    """Offset one past the last character."""
    line: int
    """1-based line of ``start``."""
    end_line: int
    """1-based line of the last character."""

    def to_json(self) -> dict[str, Any]:
        return {
            "source": self.source,
            "start": self.start,
            "end": self.end,
            "line": self.line,
            "end_line": self.end_line,
        }


@dataclass(frozen=True, slots=True)
class Edit:
    """One repair made by the cleaner. Applying every edit of a source to its raw
    text gives the cleaned text; undoing them gives the raw text back."""

    kind: tuple[str, ...]
    """Names of the repairs that made it (``("page-number",)``); more than one when
    a later repair rewrote an earlier one's text (``("dehyphenate", "unwrap")``)."""
    span: Span
    """Where in the raw source the replaced text stood."""
    before: str
    """The raw text replaced (``Source.text[span.start:span.end]``)."""
    after: str
    """What the cleaned text has instead (often ``""`` or ``" "``)."""
    clean_start: int
    """Offset of ``after`` in the cleaned text."""
    why: str = ""
    """A short reason, for the log (e.g. which line it repeats)."""

    @property
    def label(self) -> str:
        """The kinds as the edit log prints them, joined with ``+`` (``dehyphenate+unwrap``).

        This is the stable serialised form of ``kind`` in every JSON product
        (``sources/*.json``, the site's edit log); repair names never contain
        ``+``, so ``Edit.kinds_of(label)`` reads it back. Nothing else joins or
        splits kinds."""
        return "+".join(self.kind)

    @staticmethod
    def kinds_of(label: str) -> tuple[str, ...]:
        """The kinds of a serialised ``label`` (the inverse of ``Edit.label``)."""
        return tuple(label.split("+"))

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.label,
            "span": self.span.to_json(),
            "before": self.before,
            "after": self.after,
            "clean_start": self.clean_start,
            "why": self.why,
        }


class EditLog(Sequence[Edit]):
    """The edits of one source, stored column by column: one array each of raw
    starts, raw ends and cleaned starts, and one list each of the texts put in, the
    kinds and the reasons (equal kinds and reasons shared). A big source has edits
    by the hundred thousand, and an ``Edit`` with its ``Span`` and its ``before``
    costs several times these columns in memory and in time to make.

    It reads as a sequence of ``Edit`` (``log[i]``, iteration, ``len``), each made
    when it is read and equal to the one a tuple would hold; ``before`` is cut from
    the source's text and ``span`` is ``offsets.span_of``'s. ``clean_starts``,
    ``raw_starts``, ``raw_ends`` and ``after_lengths`` give the offsets without
    making any ``Edit`` (``offsets.OffsetMap``, the merge's binary searches)."""

    __slots__ = ("_after", "_kind", "_why", "clean_starts", "raw_ends", "raw_starts", "source")

    def __init__(
        self,
        source: Source,
        raw_starts: Sequence[int],
        raw_ends: Sequence[int],
        clean_starts: Sequence[int],
        after: Sequence[str],
        kind: Sequence[tuple[str, ...]],
        why: Sequence[str],
    ):
        n = len(raw_starts)
        if not (len(raw_ends) == len(clean_starts) == len(after) == len(kind) == len(why) == n):
            raise ValueError("EditLog: every column needs one value per edit")
        self.source = source
        self.raw_starts = array("q", raw_starts)
        self.raw_ends = array("q", raw_ends)
        self.clean_starts = array("q", clean_starts)
        self._after = list(after)
        self._kind = list(kind)
        self._why = list(why)

    @property
    def after_lengths(self) -> list[int]:
        return [len(a) for a in self._after]

    def __len__(self) -> int:
        return len(self.raw_starts)

    def _edit(self, i: int) -> Edit:
        from .offsets import span_of

        rs, re_ = self.raw_starts[i], self.raw_ends[i]
        return Edit(
            kind=self._kind[i],
            span=span_of(self.source, rs, re_),
            before=self.source.text[rs:re_],
            after=self._after[i],
            clean_start=self.clean_starts[i],
            why=self._why[i],
        )

    @overload
    def __getitem__(self, i: int) -> Edit: ...

    @overload
    def __getitem__(self, i: slice) -> tuple[Edit, ...]: ...

    def __getitem__(self, i):
        if isinstance(i, slice):
            return tuple(self._edit(k) for k in range(*i.indices(len(self))))
        n = len(self)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("edit index out of range")
        return self._edit(i)

    def __iter__(self) -> Iterator[Edit]:
        return (self._edit(i) for i in range(len(self)))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, EditLog):
            return (
                self.source.text == other.source.text
                and self.source.name == other.source.name
                and self.raw_starts == other.raw_starts
                and self.raw_ends == other.raw_ends
                and self.clean_starts == other.clean_starts
                and self._after == other._after
                and self._kind == other._kind
                and self._why == other._why
            )
        if isinstance(other, tuple | list):
            return len(other) == len(self) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"EditLog({self.source.name!r}, {len(self)} edits)"

    def __getstate__(self):
        return tuple(getattr(self, k) for k in self.__slots__)

    def __setstate__(self, state) -> None:
        for k, v in zip(self.__slots__, state, strict=True):
            setattr(self, k, v)


class SpilledEdits(Sequence[Edit]):
    """An ``EditLog`` a build set aside on disk (``pipeline.spill``), standing in
    for it in the source's ``Cleaned``: the raw start and end of each edit stay in
    memory (``raw_starts``, ``raw_ends``: what the merge counts witnesses' repairs
    with), everything else is read back by ``load`` (the whole ``Cleaned``:
    ``cleaned``). Reading it as a sequence loads the log each time: the stages
    that need the edits themselves load them once per source."""

    __slots__ = ("path", "raw_ends", "raw_starts")

    def __init__(self, path: str, raw_starts: Sequence[int], raw_ends: Sequence[int]):
        self.path = path
        """The file ``pipeline.spill`` wrote the source's ``Cleaned`` to."""
        self.raw_starts = array("q", raw_starts)
        self.raw_ends = array("q", raw_ends)

    def cleaned(self) -> Cleaned:
        """The source's whole ``Cleaned`` (its text, edit log and source text)."""
        import pickle

        with open(self.path, "rb") as f:
            out = pickle.load(f)
        assert isinstance(out, Cleaned)
        return out

    def load(self) -> Sequence[Edit]:
        """The edit log itself."""
        return self.cleaned().edits

    def __len__(self) -> int:
        return len(self.raw_starts)

    @overload
    def __getitem__(self, i: int) -> Edit: ...

    @overload
    def __getitem__(self, i: slice) -> Sequence[Edit]: ...

    def __getitem__(self, i):
        return self.load()[i]

    def __iter__(self) -> Iterator[Edit]:
        return iter(self.load())

    def __repr__(self) -> str:
        return f"SpilledEdits({self.path!r}, {len(self)} edits)"


class SpilledWitnesses(Sequence["Witness"]):
    """An entry's witnesses a build set aside on disk (``pipeline.spill``),
    standing in for the tuple in its ``Entry``: where the merge wrote each of
    them in the build's witness file, in the entry's order (the chosen one
    first). Reading it loads them from the file each time: a product that reads
    an entry's witnesses more than once binds them first."""

    __slots__ = ("offsets", "path")

    def __init__(self, path: str, offsets: Sequence[int]):
        self.path = path
        """The build's witness file (``spill.WitnessFile``)."""
        self.offsets = array("q", offsets)
        """Where each witness starts in it."""

    def _load(self, offsets: Sequence[int]) -> tuple[Witness, ...]:
        import pickle

        with open(self.path, "rb") as f:
            out = []
            for at in offsets:
                f.seek(at)
                out.append(pickle.load(f))
        return tuple(out)

    def __len__(self) -> int:
        return len(self.offsets)

    @overload
    def __getitem__(self, i: int) -> Witness: ...

    @overload
    def __getitem__(self, i: slice) -> tuple[Witness, ...]: ...

    def __getitem__(self, i):
        if isinstance(i, slice):
            return self._load(self.offsets[i])
        return self._load([self.offsets[i]])[0]

    def __iter__(self) -> Iterator[Witness]:
        return iter(self._load(self.offsets))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence):
            return tuple(self) == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"SpilledWitnesses({self.path!r}, {len(self)} witnesses)"


def edits_of_kind(edits: Sequence[Edit], kind: str) -> list[Edit]:
    """The edits a repair named ``kind`` took part in, in order; an ``EditLog``
    makes only those, not an ``Edit`` for every repair of the source."""
    if isinstance(edits, EditLog):
        return [edits[i] for i, k in enumerate(edits._kind) if kind in k]
    return [e for e in edits if kind in e.kind]


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """A problem found in the content. Stages report these and go on."""

    code: str
    """Stable code from ``pipeline.errors.CATALOGUE`` (``K101`` …)."""
    level: Level
    """``info``, ``warning`` or ``error``."""
    message: str
    """What is wrong and, where useful, what to do; names the file and line."""
    span: Span | None = None
    """Where it was found, when it has a place."""

    def to_json(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "level": self.level,
            "message": self.message,
            "span": self.span.to_json() if self.span else None,
        }


@dataclass(frozen=True, slots=True)
class Reference:
    """A cross-reference: found in a text (``refs.find_references`` fills the first
    five fields), placed in a node of a source (``owner``, ``span``, ``field``),
    then resolved against the codex (``status``, ``resolved``). The one reference
    type of Kodeks: the detector, the trees, the codex, the API and every
    export (``links.json``, ``codex.json``, the SQLite ``refs`` table) use it."""

    text: str
    """The smallest span naming the target: ``правилу 64``, ``п. 64.8``."""
    target: str
    """Canonical address of the target (``64A1``, ``64.8``)."""
    owner: str | None = None
    """Address of the node that carries it (``None`` inside a fragment, or before
    the reference is placed in a node)."""
    span: Span | None = None
    """Where in the raw source it stands (``None`` for a reference found in text
    that is not a source, e.g. by the spaCy component)."""
    start: int = 0
    """Offset of its first character in the text it was found in (the title, the
    text or the footnote body of its node)."""
    end: int = 0
    """Offset just past its last character there (``text[start:end] == self.text``)."""
    field: RefField = "text"
    """``title``, ``text`` or ``footnote``."""
    kind: RefKind = "plain"
    """``plain``, ``list``, ``range``, ``commentary``, ``footnote`` or ``self``."""
    status: RefStatus = "unresolved"
    """After linking: ``exact``, ``ancestor`` or ``dangling``."""
    resolved: str | None = None
    """After linking: the address actually linked to (an ancestor for ``ancestor``)."""

    @property
    def source(self) -> str:
        """Source file it was read from (``""`` when it was not read from a source)."""
        return self.span.source if self.span else ""

    @property
    def line(self) -> int:
        """1-based line in that source (0 when it was not read from a source)."""
        return self.span.line if self.span else 0

    def to_json(self) -> dict[str, Any]:
        """The reference as the Python API and ``kodeks refs --format json`` give it."""
        return {
            "text": self.text,
            "target": self.target,
            "status": self.status,
            "resolved": self.resolved,
            "field": self.field,
            "kind": self.kind,
            "source": self.source,
            "line": self.line,
        }


@dataclass(frozen=True, slots=True)
class Footnote:
    """A footnote body attached to the node whose text carries its mark."""

    mark: str
    """The mark as written, e.g. ``(*)``."""
    text: str
    """The body without the mark and the `` - ``."""
    span: Span
    """Where the body stands in the raw source."""
    refs: tuple[Reference, ...] = ()
    """References inside the footnote body."""

    def to_json(self) -> dict[str, Any]:
        """The footnote as the Python API gives it (``codex.json`` has ``export.footnote_json``)."""
        return {"mark": self.mark, "text": self.text, "refs": [r.to_json() for r in self.refs]}


@dataclass(frozen=True, slots=True)
class Node:
    """One unit of a source's tree."""

    kind: NodeKind
    """One of ``NODE_KINDS``."""
    id: str | None
    """Canonical address (``64A1``, ``67B1(A)``, ``64.10``, ``part:I``); ``None``
    for an unplaced fragment and everything inside it."""
    label: str | None
    """The marker as the source writes it, Latin letters: ``A``, ``1``, ``(A)``, ``64.10``."""
    title: str | None
    """Heading text without the marker, or ``None``."""
    text: str
    """Body text, one paragraph per line."""
    span: Span
    """Raw lines the node's own heading and text came from (children excluded)."""
    inferred: bool = False
    """True when the id comes from context, not from a heading in this source."""
    penalty: bool = False
    """True when the text carries ``(НАКАЗАНИЕ)``."""
    tags: tuple[str, ...] = ()
    """Source tags stripped from the text, e.g. ``DC4``."""
    footnotes: tuple[Footnote, ...] = ()
    """Footnote bodies whose marks stand in this node's text."""
    refs: tuple[Reference, ...] = ()
    """References in the title and text, in order."""
    children: tuple[Node, ...] = ()
    """Sub-units in document order."""


@dataclass(frozen=True, slots=True)
class Witness:
    """One source's reading of an address in the merged codex."""

    source: str
    """Source file name."""
    title: str | None
    """That source's title for the address."""
    text: str
    """That source's text."""
    span: Span
    """Where it stands in that source."""
    edits: int
    """How many repairs the cleaner made inside that span."""
    truncated: bool
    """True when the source is cut off inside this node."""
    placed_by: PlacedBy = "heading"
    """``heading``, ``inferred`` or ``alignment`` (a fragment matched to another witness)."""
    chosen: bool = False
    """True for the reading the codex uses (the entry's first witness)."""

    @property
    def line(self) -> int:
        """First line of the reading in its source."""
        return self.span.line

    @property
    def end_line(self) -> int:
        """Last line of the reading in its source."""
        return self.span.end_line

    def to_json(self) -> dict[str, Any]:
        """The witness as the Python API gives it (lines instead of the span)."""
        return {
            "source": self.source,
            "title": self.title,
            "text": self.text,
            "line": self.line,
            "end_line": self.end_line,
            "edits": self.edits,
            "truncated": self.truncated,
            "placed_by": self.placed_by,
            "chosen": self.chosen,
        }


@dataclass(frozen=True, slots=True)
class Provenance:
    """Where an entry's text comes from and why that reading was chosen."""

    chosen: str
    """Source file of the chosen reading."""
    why: str
    """The merge rule that chose it, spelled out."""
    inferred: bool
    """Every witness placed the address by inference."""
    witnesses: tuple[Witness, ...]
    """Every reading, the chosen one first."""

    def to_json(self) -> dict[str, Any]:
        return {
            "chosen": self.chosen,
            "why": self.why,
            "inferred": self.inferred,
            "witnesses": [w.to_json() for w in self.witnesses],
        }


@dataclass(frozen=True, slots=True)
class Entry:
    """One address of the merged codex: its chosen reading and every witness."""

    id: str
    """Canonical address."""
    kind: NodeKind
    """Node kind."""
    label: str | None
    """Marker label."""
    title: str | None
    """Title of the chosen reading."""
    text: str
    """Text of the chosen reading."""
    parent: str | None
    """Address of the parent entry."""
    children: tuple[str, ...]
    """Addresses of the child entries, in order."""
    chosen: str
    """Source file of the chosen reading."""
    why: str
    """Why that witness won (the merge rule, spelled out)."""
    witnesses: Sequence[Witness]
    """Every source that carries the address, the chosen one first (a tuple; in a
    build that sets them aside, a ``SpilledWitnesses``)."""
    penalty: bool = False
    """Any witness carries ``(НАКАЗАНИЕ)``."""
    inferred: bool = False
    """Every witness placed it by inference (none by a heading)."""
    tags: tuple[str, ...] = ()
    """Tags of the chosen reading."""
    footnotes: tuple[Footnote, ...] = ()
    """Footnotes of the chosen reading."""
    refs: tuple[Reference, ...] = ()
    """Outgoing references of the chosen reading, resolved."""
    backlinks: tuple[str, ...] = ()
    """Addresses of the entries that cite this one (any form, incl. footnotes)."""
    edits: tuple[Edit, ...] = field(default=(), repr=False)
    """Repairs made inside the chosen witness's span."""
    title_from: TocEntry | None = None
    """The table-of-contents entry the title was taken from, when no source's
    heading gives one (an inferred law); ``None`` when a witness gave it."""
    codex: Any = field(default=None, repr=False, compare=False)
    """The ``pipeline.api.CodexReader`` a loaded entry belongs to, so that ``commentary``
    and ``child_entries`` can navigate (``None`` inside the pipeline)."""

    @property
    def address(self) -> str:
        """The canonical address (the API's name for ``id``)."""
        return self.id

    @property
    def law(self) -> str | None:
        """The law it belongs to (``"64"`` for ``64A1`` and ``64.10``)."""
        from .addresses import law_of

        return law_of(self.id)

    @property
    def paragraphs(self) -> list[str]:
        """The text's non-empty paragraphs."""
        return [p for p in self.text.split("\n") if p.strip()]

    @property
    def all_refs(self) -> tuple[Reference, ...]:
        """References of the title, text and footnotes."""
        return self.refs + tuple(r for fn in self.footnotes for r in fn.refs)

    @property
    def provenance(self) -> Provenance:
        return Provenance(self.chosen, self.why, self.inferred, tuple(self.witnesses))

    @property
    def child_entries(self) -> tuple[Entry, ...]:
        """The child entries, in order (only for an entry loaded into an API codex)."""
        if self.codex is None:
            return ()
        return tuple(self.codex.entries[c] for c in self.children if c in self.codex.entries)

    @property
    def commentary(self) -> tuple[Entry, ...]:
        """Child commentary entries (``64.10`` under law 64; items under a commentary)."""
        return tuple(c for c in self.child_entries if "." in c.id)

    def to_json(self, *, deep: bool = True) -> dict[str, Any]:
        """The entry as the Python API and ``kodeks show --format json`` give it
        (``codex.json`` has ``export.entry_json``)."""
        out = {
            "address": self.address,
            "kind": self.kind,
            "label": self.label,
            "title": self.title,
            "text": self.text,
            "parent": self.parent,
            "children": list(self.children),
            "law": self.law,
            "penalty": self.penalty,
            "inferred": self.inferred,
            "tags": list(self.tags),
            "refs": [r.to_json() for r in self.refs],
            "footnotes": [f.to_json() for f in self.footnotes],
            "backlinks": list(self.backlinks),
            "provenance": self.provenance.to_json(),
        }
        if deep:
            out["commentary"] = [c.to_json(deep=True) for c in self.commentary]
        return out


@dataclass(frozen=True, slots=True)
class Profile:
    """What a source looks like (``pipeline.profile``): its layout and template lines
    measured before it is cleaned, its kind and divisions read from the cleaned text."""

    layout: tuple[str, ...] = ()
    """Layout traits: ``wrapped``, ``double-spaced``, ``collapsed``, ``dos``,
    ``bar-margin``, ``pilcrows``, ``spaced-letters``, ``tagged``."""
    chrome: tuple[tuple[int, str], ...] = ()
    """The raw lines (1-based) that are the reading site's template, each with
    the reason; the cleaner removes exactly these lines, as logged edits."""
    kind: TextKind = "laws"
    """What the text is: ``laws``, ``commentary``, ``toc``, ``index``, ``front``, ``mixed``, or
    ``chrome`` (nothing but the site's template). Read from the cleaned text
    (``profile.settle``), where the segmenter reads the structure."""
    divisions: tuple[str, ...] = ()
    """Division headings the text uses, in order of first appearance (``Глава``, ``Часть``, ``Раздел``)."""
    running_heads: frozenset[str] = frozenset()
    """The running heads its lines of a page's number and head share with other
    sources of the build (``profile.running_heads``): read by the cleaner, not written
    out."""
    language: str = ""
    """The language of its text (``pipeline.language``): an ISO 639-1 code, ``ru`` for
    Russian, ``""`` when the text has too few letters to tell (``?`` before
    ``profile.settle`` where only the model can name it)."""

    @property
    def foreign(self) -> bool:
        """Its text is in a language other than Russian: it yields no nodes (K311)."""
        return self.language not in ("", "ru")

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "language": self.language,
            "layout": list(self.layout),
            "divisions": list(self.divisions),
            "chrome": [{"line": line, "why": why} for line, why in self.chrome],
        }


@dataclass(frozen=True, slots=True)
class Cleaned:
    """A source after cleaning."""

    source: Source
    """The source it came from."""
    text: str
    """The cleaned text: one paragraph or heading per line; an empty line where
    a rule or a page number before missing pages separated paragraphs."""
    edits: Sequence[Edit]
    """Every repair, ordered by position; together they rebuild ``source.text``
    (the cleaner gives an ``EditLog``; a tuple of ``Edit`` reads the same)."""
    breaks: tuple[tuple[int, int | None, bool], ...]
    """Page breaks as ``(clean offset, page number or None, hard)``; a hard break
    is one where text is missing between the pages (the numbering jumps)."""
    profile: Profile = field(default_factory=Profile)
    """The source's profile: layout and template lines measured before cleaning,
    kind and divisions read from this cleaned text."""


@dataclass(frozen=True, slots=True)
class TocEntry:
    """One entry of a table of contents: a witness of structure, not of text."""

    address: str | None
    """The canonical address the entry names (``53``, ``54B1``, ``chapter-part:III``);
    ``None`` when it cannot be told (a section before any law heading)."""
    kind: NodeKind | Literal["other"]
    """Node kind of the unit it names (``part``, ``law``, ``section`` …), or
    ``other`` for a line of the table that names no unit."""
    label: str | None
    """The marker as written, Latin letters (``53``, ``A``, ``1``)."""
    title: str
    """The title as the table gives it."""
    page: str | None
    """The page number(s) printed after the dot leader, when there is one."""
    span: Span
    """Where the entry's line stands in the raw source."""


@dataclass(frozen=True, slots=True)
class IndexEntry:
    """One entry of a subject index: a term and the laws it sends the reader to."""

    term: str
    """The term, with a ditto mark (``=``) replaced by its head term."""
    targets: tuple[str, ...]
    """Canonical addresses the entry names (law numbers), in the index's order."""
    span: Span
    """Where the entry's line stands in the raw source."""


@dataclass(frozen=True, slots=True)
class Tree:
    """A source's segmented tree."""

    source: Source
    """The source."""
    cleaned: Cleaned
    """Its cleaned text and edit log."""
    nodes: tuple[Node, ...]
    """Top-level nodes in document order."""
    truncated_start: bool
    """The source begins mid-unit (the first node is a fragment or inferred)."""
    truncated_end: bool
    """The source ends mid-sentence."""
    toc: tuple[TocEntry, ...] = ()
    """Entries of the tables of contents in the source (never nodes)."""
    index: tuple[IndexEntry, ...] = ()
    """Entries of the subject indexes in the source (never nodes)."""
    set_aside: str | None = None
    """``None`` while ``nodes``, ``toc`` and ``index`` hold the tree. A build
    that sets each source's tree aside on disk (``pipeline.spill``) keeps a copy
    with those three empty and here the file that holds them."""


@dataclass(frozen=True, slots=True)
class Codex:
    """The merged codex: every address once, with its witnesses and links."""

    sources: tuple[Source, ...]
    """The sources read, in corpus order."""
    trees: Sequence[Tree]
    """Each source's own tree (with references), in corpus order (in a build that
    sets the trees aside, a ``spill.Trees`` that reads each back when it is read)."""
    entries: dict[str, Entry]
    """Merged entries by address, in document order."""
    roots: tuple[str, ...]
    """Addresses of the top-level entries (parts and laws), in order."""
    fragments: tuple[tuple[str, Node], ...]
    """Unplaced fragments that no alignment could place: (source name, node)."""
    diagnostics: tuple[Diagnostic, ...] = ()
    """Everything the stages reported."""
    edition: str = field(default_factory=_default_edition)
    """The edition these entries render (the build's default edition)."""
    others: dict[str, Codex] = field(default_factory=dict)
    """One merged codex per other edition the corpus holds (id → codex, each with
    only that edition's sources, trees and entries); empty for a one-edition corpus."""

    @property
    def by_edition(self) -> dict[str, Codex]:
        """Every edition's codex, this one first."""
        return {self.edition: self, **self.others}

    def __getitem__(self, address: str) -> Entry:
        from .addresses import lenient

        key = lenient(address) or address
        return self.entries[key]

    def __contains__(self, address: str) -> bool:
        from .addresses import lenient

        return (lenient(address) or address) in self.entries


def walk(nodes, parent: Node | None = None):
    """Yield ``(node, parent)`` depth-first in document order over a tree's nodes."""
    for n in nodes:
        yield n, parent
        yield from walk(n.children, n)
