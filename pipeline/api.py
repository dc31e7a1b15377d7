"""The Python API of Kodeks: load a built codex (or build one in memory), look
entries up by any address form people type, and search it.

    from pipeline import api
    codex = api.load("output")             # output/codex.json + output/codex.sqlite
    codex = api.build("corpus")            # the pipeline in memory, a temporary index
    e = codex["64 А 1"]                     # any lenient form; KeyError subclass if unknown
    e.title, e.text, e.backlinks, e.refs, e.footnotes, e.commentary, e.provenance
    codex.search("выявленный фальшренонс")[0].address

This module is a thin layer over ``pipeline.model``: entries, references,
footnotes, witnesses and edits are the model's own types, built from
``codex.json`` (the same shape for a loaded and an in-memory codex). What it adds
is ``CodexReader``: lookups by any address form, editions, backlinks and the
search index. (``pipeline.model.Codex`` is the merged codex *inside* a build;
``CodexReader`` reads what a build wrote. ``Codex.load``/``Codex.build`` of
earlier versions still work and warn: ``Codex`` here names the reader.)
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .addresses import (
    describe,
    display,
    law_of,
    lenient,
    merged_aliases,
    parse,
    sort_key,
    split_edition,
    with_edition,
)
from .errors import KodeksError
from .model import Edit, Entry, Footnote, Provenance, Reference, RefField, Span, Witness

if TYPE_CHECKING:
    import sqlite3
    import tempfile

    from .search import Hit, Results

__all__ = [
    "AmbiguousAddress",
    "BadAddress",
    "CodexReader",
    "Entry",
    "Footnote",
    "Hit",
    "KodeksError",
    "Provenance",
    "Reference",
    "UnknownAddress",
    "Witness",
    "build",
    "load",
]


class UnknownAddress(KeyError):
    """A well-formed address that is not in the corpus; the message says what is."""

    def __init__(self, address: str, message: str):
        super().__init__(address)
        self.address = address
        self.message = message

    def __str__(self) -> str:
        return self.message


class BadAddress(KeyError):
    """Text that cannot be read as an address at all."""

    def __init__(self, text: str):
        super().__init__(text)
        self.text = text
        self.message = (
            f"cannot read {text!r} as an address; "
            "try forms like 64A1, 64 A 1, правило 64А1, 67B1(A), 64.10 or 64.10(i)"
        )

    def __str__(self) -> str:
        return self.message


class AmbiguousAddress(BadAddress):
    """A clause named without its law (``A1``) that several laws have."""

    def __init__(self, text: str, candidates: list[str]):
        super().__init__(text)
        self.candidates = candidates
        self.message = f"{text!r} names no law; did you mean {', '.join(candidates)}?"


def _reference(d: Mapping[str, Any], field_: RefField | None = None) -> Reference:
    return Reference(
        text=d["text"],
        target=d["target"],
        owner=d.get("owner"),
        span=Span(**d["span"]) if d.get("span") else None,
        field=field_ or d.get("field", "text"),
        kind=d.get("kind", "plain"),
        status=d.get("status", "unresolved"),
        resolved=d.get("resolved"),
    )


def _edit(d: Mapping[str, Any]) -> Edit:
    return Edit(
        kind=Edit.kinds_of(d["kind"]),
        span=Span(**d["span"]),
        before=d["before"],
        after=d["after"],
        clean_start=d["clean_start"],
        why=d.get("why", ""),
    )


def _entry(d: Mapping[str, Any], codex: CodexReader | None = None) -> Entry:
    """An entry of ``codex.json`` as the model's ``Entry``, attached to ``codex``."""
    wits = tuple(
        Witness(
            source=w["source"],
            title=w.get("title"),
            text=w.get("text", ""),
            span=Span(**w["span"]),
            edits=w.get("edits", 0),
            truncated=bool(w.get("truncated")),
            placed_by=w.get("placed_by", "heading"),
            chosen=i == 0,
        )
        for i, w in enumerate(d.get("witnesses", ()))
    )
    notes = tuple(
        Footnote(
            mark=f["mark"],
            text=f["text"],
            span=Span(**f["span"]),
            refs=tuple(_reference(r, "footnote") for r in f.get("refs", ())),
        )
        for f in d.get("footnotes", ())
    )
    return Entry(
        id=d["id"],
        kind=d["kind"],
        label=d.get("label"),
        title=d.get("title"),
        text=d.get("text", ""),
        parent=d.get("parent"),
        children=tuple(d.get("children", ())),
        chosen=d.get("chosen", ""),
        why=d.get("why", ""),
        witnesses=wits,
        penalty=bool(d.get("penalty")),
        inferred=bool(d.get("inferred")),
        tags=tuple(d.get("tags", ())),
        footnotes=notes,
        refs=tuple(_reference(r) for r in d.get("refs", ())),
        backlinks=tuple(d.get("backlinks", ())),
        edits=tuple(_edit(e) for e in d.get("edits", ())),
        codex=codex,
    )


class CodexReader:
    """A built codex as its readers use it: entries by address, references,
    coverage and search. Made by ``load`` (an output folder) or ``build`` (a
    corpus, in memory)."""

    def __init__(
        self,
        data: Mapping[str, Any],
        *,
        folder: Path | None = None,
        index: sqlite3.Connection | None = None,
        links: list | None = None,
        coverage: dict | None = None,
    ):
        self.folder = folder
        """The output folder it was loaded from (``None`` when built in memory)."""
        self.data = data
        """``codex.json`` as a dict."""
        self._index = index
        self._links = links
        self._coverage = coverage
        self._tmp: tempfile.TemporaryDirectory | None = None
        self.entries: dict[str, Entry] = {}
        """Entries by canonical address, in document order."""
        for d in data.get("entries", ()):
            self.entries[d["id"]] = _entry(d, self)
        self.aliases: dict[str, str] = merged_aliases((k, e.label) for k, e in self.entries.items())
        """Keys of merged commentary paragraphs → the entry holding them (``12.5`` → ``12.4``)."""
        self.roots: tuple[str, ...] = tuple(data.get("roots", ()))
        self._cited: dict[str, list[tuple[str, Reference]]] | None = None
        self.edition_id: str = str(data.get("edition", ""))
        """The edition of these entries (the build's default edition at the top level)."""
        self._editions: dict[str, CodexReader] = {self.edition_id: self}
        for edition, part in (data.get("editions") or {}).items():
            other = CodexReader(
                {**part, "edition": edition, "sources": data.get("sources", ())},
                folder=folder,
                links=links,
                coverage=coverage,
            )
            other._editions = self._editions
            self._editions[edition] = other

    # --- editions -------------------------------------------------------------

    @property
    def editions(self) -> tuple[str, ...]:
        """Every edition the codex holds, the default first."""
        return tuple(self._editions)

    def own_sources(self) -> frozenset[str]:
        """The names of the sources whose readings this codex holds: those of its
        edition, and, in the default codex of a corpus with no ``unknown`` codex, the
        pages of an unknown edition it read as its own (K404)."""
        from .editions import UNKNOWN

        took_unknown = self.edition_id == self.editions[0] and UNKNOWN not in self._editions
        return frozenset(
            str(s["name"])
            for s in self.data.get("sources", ())
            if s.get("edition") == self.edition_id or (took_unknown and s.get("edition") == UNKNOWN)
        )

    def edition(self, edition: str | None) -> CodexReader:
        """The codex of one edition (``None``: this one); ``KodeksError`` (exit 2)
        naming the editions present for one the corpus does not hold."""
        if edition is None:
            return self
        found = self._editions.get(str(edition).strip().lower())
        if found is None:
            from . import editions  # only for this message: ``show`` starts fast

            shown = (str(s.get("edition", "")) for s in self.data.get("sources", ()))
            raise KodeksError(
                f"edition {edition!r} is not in this corpus; editions present: "
                f"{', '.join(self.editions)}{editions.without_codex(shown, self.editions)}"
            )
        return found

    # --- construction ---------------------------------------------------------

    @classmethod
    def load(cls, folder: str | Path = "output", *, index: bool = True) -> CodexReader:
        """Read ``folder/codex.json`` and open ``folder/codex.sqlite`` for search.

        A missing or stale index (built from another ``codex.json``) raises
        ``KodeksError`` saying to run ``kodeks build``; ``index=False`` skips it
        (lookups only; ``search`` then raises)."""
        folder = Path(folder)
        path = folder / "codex.json"
        if not path.is_file():
            raise KodeksError(
                f"{folder}: no codex.json here; run `kodeks build` first "
                "(or point --codex at a build output folder)"
            )
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise KodeksError(f"{path}: cannot be read ({exc}); run `kodeks build` again") from exc
        try:
            if not isinstance(data, dict) or not isinstance(data.get("entries", []), list):
                raise TypeError("the top level is not an object with a list of entries")
            codex = cls(data, folder=folder)
        except (KeyError, TypeError, AttributeError, ValueError, IndexError) as exc:
            raise KodeksError(
                f"{path}: valid JSON, but not a codex.json as Kodeks writes it "
                f"({type(exc).__name__}: {exc}); run `kodeks build` again"
            ) from exc
        if index:
            from . import search as search_mod

            codex._index = search_mod.check_index(folder / "codex.sqlite", path)
        return codex

    @classmethod
    def build(cls, corpus: str | Path = "corpus") -> CodexReader:
        """Run the pipeline on ``corpus`` in memory and index it in a temporary file."""
        import tempfile
        import weakref

        from . import search as search_mod
        from .render import render
        from .run import run

        tmp = tempfile.TemporaryDirectory(prefix="kodeks-index-")
        folder = Path(tmp.name)
        render(run(corpus), folder, lookup_only=True)

        def read(name: str):
            return json.loads((folder / name).read_text(encoding="utf-8"))

        con = search_mod.connect(folder / "codex.sqlite")
        self = cls(
            read("codex.json"), index=con, links=read("links.json"), coverage=read("coverage.json")
        )
        self._tmp = tmp
        weakref.finalize(self, _cleanup, con, tmp)
        return self

    def close(self) -> None:
        """Close the search index (and remove a temporary one)."""
        if self._index is not None:
            self._index.close()
            self._index = None
        if self._tmp is not None:
            self._tmp.cleanup()
            self._tmp = None

    def __enter__(self) -> CodexReader:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # --- lookup -----------------------------------------------------------------

    def resolve(self, text: str) -> str:
        """The canonical address of ``text`` if the corpus has it; raises
        ``BadAddress`` (unreadable) or ``UnknownAddress`` (not in the corpus)."""
        if text in self.entries:
            return text
        edition, rest = split_edition(str(text))
        if edition is not None and edition != self.edition_id:
            return with_edition(edition, self.edition(edition).resolve(rest))
        text = rest
        key = lenient(str(text))
        if key is None:
            return self._bare(str(text))
        if key in self.entries:
            return key
        if key in self.aliases:
            return self.aliases[key]
        raise UnknownAddress(key, self.unknown_message(key))

    def _bare(self, text: str) -> str:
        """A clause named without its law (``A1``): the one law that has it, else
        ``AmbiguousAddress`` naming the candidates, else ``BadAddress``."""
        stripped = text.strip()
        if stripped and stripped[0].isalpha() and len(stripped) <= 12:
            found = []
            for law in sorted({e.law for e in self.entries.values() if e.law}, key=int):
                key = lenient(law + stripped)
                if key and key in self.entries and key not in found:
                    found.append(key)
            if len(found) == 1:
                return found[0]
            if found:
                raise AmbiguousAddress(text, found)
        raise BadAddress(text)

    def __getitem__(self, address: str) -> Entry:
        entry = self.entries.get(address)
        if entry is not None:
            return entry
        edition, rest = split_edition(str(address))
        if edition is not None:
            return self.edition(edition)[rest]
        return self.entries[self.resolve(address)]

    def get(self, address: str, default: Entry | None = None) -> Entry | None:
        try:
            return self[address]
        except KeyError:
            return default

    def __contains__(self, address: object) -> bool:
        return isinstance(address, str) and self.get(address) is not None

    def __iter__(self) -> Iterator[Entry]:
        return iter(self.entries.values())

    def __len__(self) -> int:
        return len(self.entries)

    def unknown_message(self, key: str) -> str:
        """``64A3 is not in the corpus; law 64 section A has 1, 2``."""
        for anc in [a for a in _ancestors(key)]:
            e = self.entries.get(anc)
            if e is None:
                continue
            labels = [self.entries[c].label or c for c in e.children if c in self.entries]
            has = ", ".join(labels) if labels else "no subdivisions"
            return f"{key} is not in the corpus; {describe(anc)} has {has}"
        parsed = parse(key)
        if parsed is not None and parsed.part:
            # a division: name the divisions there are, not the laws
            present = sorted(
                (a for a in self.entries if (p := parse(a)) is not None and p.part),
                key=sort_key,
            )
            return f"{display(key)} ({key}) is not in the corpus. " + (
                f"Divisions present: {', '.join(f'{display(a)} ({a})' for a in present)}"
                if present
                else "It has no divisions."
            )
        law = law_of(key)
        # a law whose own text no source holds may still have its commentary there (a
        # page of the commentary that opens after the law's heading)
        under = sorted((a for a, e in self.entries.items() if law and e.law == law), key=sort_key)
        if under:
            return f"{key} is not in the corpus; of law {law} it has {', '.join(under)}"
        laws = sorted({e.law for e in self.entries.values() if e.law}, key=int)
        return (
            f"{key} is not in the corpus; its law is missing too. Laws present: {', '.join(laws)}"
        )

    # --- references ---------------------------------------------------------------

    def cited_by(self, address: str) -> list[tuple[str, Reference]]:
        """Every (citing address, reference) whose link lands on ``address``."""
        if self._cited is None:
            cited: dict[str, list[tuple[str, Reference]]] = {}
            for e in self.entries.values():
                for r in e.all_refs:
                    if r.resolved:
                        cited.setdefault(r.resolved, []).append((e.address, r))
            self._cited = cited
        return list(self._cited.get(self.resolve(address), ()))

    @property
    def links(self) -> list[dict[str, Any]]:
        """Every reference of every source with its status (``links.json``)."""
        if self._links is None:
            self._links = self._read_json("links.json")
        return self._links

    @property
    def coverage(self) -> dict[str, Any]:
        """Per law what the corpus holds (``coverage.json``)."""
        if self._coverage is None:
            self._coverage = self._read_json("coverage.json")
        return self._coverage

    def dangling(self) -> list[dict[str, Any]]:
        """References whose target is not in the corpus (from ``links.json``)."""
        return [link for link in self.links if link.get("status") == "dangling"]

    def _read_json(self, name: str):
        if self.folder is None:
            raise KodeksError(f"{name} is not available for this codex")
        path = self.folder / name
        if not path.is_file():
            raise KodeksError(f"{path} is missing; run `kodeks build` to write it")
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise KodeksError(f"{path} cannot be read ({exc}); run `kodeks build` again") from exc
        if not isinstance(data, {"links.json": list}.get(name, dict)):
            raise KodeksError(
                f"{path}: valid JSON, but not a {name} as Kodeks writes it; run `kodeks build` again"
            )
        return data

    # --- search ---------------------------------------------------------------------

    def search(
        self, query: str, *, law: str | int | None = None, kind: str | None = None, limit: int = 20
    ) -> Results:
        """Ranked search (see ``pipeline.search``): a list of ``Hit`` that also
        carries ``corrections``, ``suggestion``, ``ignored`` and ``partial``."""
        from . import search as search_mod

        if (
            self._index is None
            and self.folder is not None
            and self._editions
            and next(iter(self._editions.values())) is not self
        ):
            # another edition's index lies beside the default one's (codex-1997.sqlite)
            self._index = search_mod.check_index(
                self.folder / search_mod.index_name(self.edition_id), self.folder / "codex.json"
            )
        if self._index is None:
            raise KodeksError(
                "this codex was loaded without its search index; "
                "load it with index=True (run `kodeks build` if codex.sqlite is missing)"
            )
        hits = search_mod.search(self._index, query, law=law, kind=kind, limit=limit)
        return self._address_first(query, hits, law, kind)

    def _address_first(self, query: str, hits, law, kind):
        """A query that is an address the codex holds (``12.5`` of a merged ``12.4,5``
        too) puts that entry first, as the site's search box jumps to it."""
        from . import search as search_mod

        key = lenient(query)
        holder = self.entries.get(self.aliases.get(key, key)) if key else None
        if holder is None or (kind and holder.kind != kind):
            return hits
        if law is not None and holder.law != search_mod._law_filter(law):
            return hits
        if hits and hits[0].address == holder.id:
            return hits
        plain, _marks = search_mod.snippet(holder.text or holder.title or "", lambda _w: False)
        first = search_mod.Hit(
            holder.id,
            holder.title,
            holder.kind,
            holder.law,
            plain,
            plain,
            (),
            max((h.score for h in hits), default=0.0),
        )
        rest = [h for h in hits if h.address != holder.id]
        hits[:] = [first, *rest][: max(len(hits), 1)]
        return hits

    def __repr__(self) -> str:
        where = str(self.folder) if self.folder else "in memory"
        return f"<CodexReader {len(self.entries)} entries, {where}>"


def load(folder: str | Path = "output", *, index: bool = True) -> CodexReader:
    """The codex built into ``folder`` (see ``CodexReader.load``)."""
    return CodexReader.load(folder, index=index)


def build(corpus: str | Path = "corpus") -> CodexReader:
    """The codex of ``corpus``, built in memory (see ``CodexReader.build``)."""
    return CodexReader.build(corpus)


def __getattr__(name: str) -> Any:
    # ``api.Codex`` was the reader's name before it was told apart from
    # ``model.Codex``; code written against it keeps working, with a warning.
    if name in ("Hit", "Results"):
        # ``pipeline.search`` (and what it imports) loads only when a search needs
        # it, so a lookup such as ``kodeks show`` starts without it
        from . import search

        return getattr(search, name)
    if name == "Codex":
        import warnings

        warnings.warn(
            "pipeline.api.Codex is now pipeline.api.CodexReader (or use api.load / api.build)",
            DeprecationWarning,
            stacklevel=2,
        )
        return CodexReader
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _ancestors(address: str) -> list[str]:
    from .addresses import ancestors

    return ancestors(address)


def _cleanup(con: sqlite3.Connection, tmp: tempfile.TemporaryDirectory) -> None:
    try:
        con.close()
    finally:
        tmp.cleanup()
