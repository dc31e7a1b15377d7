"""What a build sets aside on disk so that it never holds every source at once.

Contract:

- A build that writes an output folder (``run.run`` with ``out``, ``run.build``)
  and runs its per-source stages on this machine (in this process or a local
  process pool; not on Dask, whose workers may be on other hosts) makes one
  private folder inside that output folder, ``.kodeks-spill-<random>``
  (``Spill.create``). Nothing is written anywhere else. The build removes it
  when it ends, however it ends (``Spill.remove``: after render, on an error,
  on Ctrl-C); a build killed outright leaves it inside its temporary output
  folder, which the next build removes with that folder (``pipeline.output``).
- The read stage's task, as soon as it has read a file, sets the source's text
  aside (``put_text``) with its summary (``put_summary``: ``run.summary``), under
  a key made from the file's path (``key``), and sends the source back without
  its text (``without_text``). So the build never holds every source's text at
  once; it reads the summaries back one at a time to join them (and removes
  them), and each source's per-source task reads its text back (``take_text``).
- The task that ran a source's per-source stages (in whichever process) writes,
  before it returns (``Spill.put``): the source's ``Cleaned`` (the raw text, the
  cleaned text and the edit log, pickled), the source's ``sources/<stem>.json``
  exactly as the output holds it, and the source's part of ``report.json``
  written once at nesting level 0 (``export.Raw`` indents it where it goes).
  It also writes the tree's nodes, tables of contents and index, and sends back
  a stub: a light tree (``light``) with the same profile, a ``Source`` whose
  ``text`` is empty (``Source.set_aside`` holds its length), a ``Cleaned`` whose
  text is empty and whose edits are a ``SpilledEdits`` (the raw offsets of the
  edits and the file to load the rest from), and no nodes, tables or index
  (``Tree.set_aside`` names their file).
- The build holds the stubs in a ``Trees``, which reads a tree back (``loaded``)
  each time a stage walks it, so a stage that walks every tree holds one at a
  time; what needs only the sources reads the stubs (``held``).
- The merge ranks each address's readings from light records, then walks the
  trees once more and writes every witness to one file (``WitnessFile``) as it
  makes it; an entry holds where its witnesses are (``SpilledWitnesses``).
- The build's diagnostics go to an unnamed file in the folder as they are found
  (``Diagnostics``); the stages that read them read them back, a batch at a
  time, and the build lists them again when it ends.
- The stages after that read a source's heavy parts back one source at a time:
  the merge the edit logs of the readings it chose, the site each source's page
  (``restore``), the report each source's part (``report_part``), the
  ``sources/`` product each file (moved into place, ``move_source_json``).
- When the build ends, the folder goes and with it what was set aside: the
  returned build and codex hold the stubs, and the entries' witnesses cannot be
  read. A caller who wants them builds without an output folder (everything in
  memory) or with ``spill=False``.

Between stages the build lets go of caches that would keep texts read back
alive (``release``).

So the output is byte for byte the one a build that kept everything in memory
writes (``run.run(..., spill=False)``, and any build without an output folder).
"""

from __future__ import annotations

import functools
import gc
import hashlib
import os
import pickle
import shutil
import tempfile
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, overload

from .model import (
    Cleaned,
    Diagnostic,
    EditLog,
    Source,
    SpilledEdits,
    SpilledWitnesses,
    Tree,
    Witness,
)

if TYPE_CHECKING:
    from .run import Build

PREFIX = ".kodeks-spill-"
"""The name every spill folder starts with (inside the build's output folder)."""


class Spill:
    """One build's spill folder."""

    def __init__(self, folder: Path):
        self.folder = folder

    @classmethod
    def create(cls, out: Path) -> Spill:
        """A new, uniquely named spill folder inside the output folder ``out``."""
        out.mkdir(parents=True, exist_ok=True)
        return cls(Path(tempfile.mkdtemp(prefix=PREFIX, dir=out)))

    def path(self, key: str, what: str) -> Path:
        return self.folder / f"{key}.{what}"

    def put(self, key: str, tree: Tree) -> Tree:
        """Write the heavy parts of one source's ``tree`` (``key``: unique among
        the build's sources) and return the stub that stands for it: a light
        tree (``light``) whose nodes, tables of contents and index are set aside
        too (``Tree.set_aside``; ``loaded`` reads them back)."""
        from . import export

        c = tree.cleaned
        with open(self.path(key, "pickle"), "wb") as f:
            pickle.dump(c, f, protocol=pickle.HIGHEST_PROTOCOL)
        export.dump(self.path(key, "source.json"), export.source_json(tree))
        _name, part = export.report_part(c)
        export.dump(self.path(key, "report.json"), part)
        nodes = self.path(key, "tree")
        with open(nodes, "wb") as f:
            pickle.dump((tree.nodes, tree.toc, tree.index), f, protocol=pickle.HIGHEST_PROTOCOL)
        stub = light(tree, str(self.path(key, "pickle")))
        return replace(stub, nodes=(), toc=(), index=(), set_aside=str(nodes))

    def witnesses(self) -> WitnessFile:
        """The file the merge sets the codex's witnesses aside in."""
        return WitnessFile(self.folder / "witnesses")

    def put_text(self, key: str, text: str) -> None:
        """Set a source's text aside (read stage), for ``take_text``."""
        self.path(key, "raw").write_bytes(text.encode("utf-8", "surrogatepass"))

    def put_summary(self, key: str, summary: object) -> None:
        """Set a source's summary aside (read stage), for ``summary``."""
        with open(self.path(key, "summary"), "wb") as f:
            pickle.dump(summary, f, protocol=pickle.HIGHEST_PROTOCOL)

    def summary(self, key: str):
        """The summary ``put_summary`` set aside (it stays until removed)."""
        with open(self.path(key, "summary"), "rb") as f:
            return pickle.load(f)

    def take_text(self, key: str, source: Source) -> Source:
        """``source`` (``without_text``) with its text back from ``put_text``;
        the file is removed, as the source's ``Cleaned`` will hold the text."""
        path = self.path(key, "raw")
        text = path.read_bytes().decode("utf-8", "surrogatepass")
        path.unlink()
        return replace(source, text=text, set_aside=None)

    def remove(self) -> None:
        shutil.rmtree(self.folder, ignore_errors=True)


def key(path: str) -> str:
    """The key a source's files are set aside under: made from its file's path
    (unique among a build's sources), so the read task that reads the file
    knows it before the build has numbered the sources."""
    return hashlib.blake2b(path.encode("utf-8", "surrogatepass"), digest_size=10).hexdigest()


def without_text(source: Source) -> Source:
    """``source`` with its text set aside: empty, its length kept."""
    return replace(source, text="", set_aside=source.chars)


def light(tree: Tree, path: str) -> Tree:
    """``tree`` without its raw text, cleaned text and edit log, which are in the
    file ``path`` (``Spill.put``)."""
    c = tree.cleaned
    src = without_text(tree.source)
    edits = c.edits
    starts: Sequence[int]
    ends: Sequence[int]
    if isinstance(edits, EditLog):
        starts, ends = edits.raw_starts, edits.raw_ends
    else:
        starts = [e.span.start for e in edits]
        ends = [e.span.end for e in edits]
    cleaned = replace(c, source=src, text="", edits=SpilledEdits(path, starts, ends))
    return replace(tree, source=src, cleaned=cleaned)


def loaded(tree: Tree) -> Tree:
    """``tree`` with its nodes, tables of contents and index (read back when it
    was set aside; its texts and edit log stay aside, as in a light tree)."""
    if tree.set_aside is None:
        return tree
    with open(tree.set_aside, "rb") as f:
        nodes, toc, index = pickle.load(f)
    return replace(tree, nodes=nodes, toc=toc, index=index, set_aside=None)


class Trees(Sequence[Tree]):
    """The trees of a build that set them aside, as the stages after the
    per-source ones read them: held as stubs (``Spill.put``), each read back
    (``loaded``) when it is read, so that a stage walking every tree holds one
    at a time. What needs only a tree's source or cleaned text reads ``stubs``."""

    def __init__(self, stubs: Sequence[Tree]):
        self.stubs = list(stubs)

    def __len__(self) -> int:
        return len(self.stubs)

    @overload
    def __getitem__(self, i: int) -> Tree: ...

    @overload
    def __getitem__(self, i: slice) -> Trees: ...

    def __getitem__(self, i):
        if isinstance(i, slice):
            return Trees(self.stubs[i])
        return loaded(self.stubs[i])

    def __iter__(self) -> Iterator[Tree]:
        return map(loaded, self.stubs)

    def __repr__(self) -> str:
        return f"Trees({len(self)} set aside)"


def held(trees: Sequence[Tree]) -> list[Tree]:
    """The trees as a build holds them: the stubs of ``Trees`` (sources and
    cleaned texts without reading any tree back), else the trees themselves."""
    return trees.stubs if isinstance(trees, Trees) else list(trees)


def pick(trees: Sequence[Tree], at: Sequence[int]) -> Sequence[Tree]:
    """The trees at the indexes ``at``, held as ``trees`` holds them."""
    if isinstance(trees, Trees):
        return Trees([trees.stubs[i] for i in at])
    return [trees[i] for i in at]


class WitnessFile:
    """One file in the spill folder where the merge sets aside every witness of
    the codex's entries (pickled one after another): ``put`` writes one and
    gives where it starts; ``sequence`` gives an entry's witnesses from those
    places, as a ``SpilledWitnesses`` that reads them back when it is read."""

    def __init__(self, path: Path):
        self.path = path
        self._file = open(path, "ab")  # closed by ``close``

    def put(self, witness: Witness) -> int:
        at = self._file.tell()
        pickle.dump(witness, self._file, protocol=pickle.HIGHEST_PROTOCOL)
        return at

    def sequence(self, handles: Sequence[int]) -> SpilledWitnesses:
        return SpilledWitnesses(str(self.path), handles)

    def close(self) -> None:
        self._file.close()


class Diagnostics(Sequence[Diagnostic]):
    """A build's diagnostics while it sets its sources aside: each one added is
    pickled to an unnamed file in the spill folder, and reading them reads them
    back in order. With many sources a merge reports thousands of titles that
    differ (K401), each message naming every source: they stay on disk from the
    merge to the end of the build. ``run`` makes the build's list of them again
    (``list``) when the build is done."""

    BATCH = 256

    def __init__(self, folder: Path, held: Sequence[Diagnostic] = ()):
        # unnamed: the folder can go while the build still reads them
        self._file = tempfile.TemporaryFile(dir=folder)
        self._count = 0
        self.extend(held)

    def append(self, d: Diagnostic) -> None:
        self.extend((d,))

    def extend(self, found: Iterable[Diagnostic]) -> None:
        # in batches, so that reading them back holds one batch at a time
        found = list(found)
        self._file.seek(0, os.SEEK_END)
        for at in range(0, len(found), self.BATCH):
            pickle.dump(found[at : at + self.BATCH], self._file, protocol=pickle.HIGHEST_PROTOCOL)
        self._count += len(found)

    def __len__(self) -> int:
        return self._count

    def __iter__(self) -> Iterator[Diagnostic]:
        f, at = self._file, 0
        while True:
            f.seek(at)
            try:
                batch = pickle.load(f)
            except EOFError:
                return
            at = f.tell()
            yield from batch

    @overload
    def __getitem__(self, i: int) -> Diagnostic: ...

    @overload
    def __getitem__(self, i: slice) -> list[Diagnostic]: ...

    def __getitem__(self, i):
        return list(self)[i]

    def close(self) -> None:
        self._file.close()

    def __repr__(self) -> str:
        return f"Diagnostics({len(self)} set aside)"


def is_light(cleaned: Cleaned) -> bool:
    return isinstance(cleaned.edits, SpilledEdits)


def restore(cleaned: Cleaned) -> Cleaned:
    """The whole ``Cleaned`` of a source (read back when it was set aside)."""
    if isinstance(cleaned.edits, SpilledEdits):
        return cleaned.edits.cleaned()
    return cleaned


def _file(cleaned: Cleaned, what: str) -> Path:
    assert isinstance(cleaned.edits, SpilledEdits)
    return Path(cleaned.edits.path).with_suffix("." + what)


def report_part(cleaned: Cleaned) -> Path:
    """The file holding a light source's part of ``report.json``."""
    return _file(cleaned, "report.json")


def move_source_json(cleaned: Cleaned, target: Path) -> None:
    """Put a light source's ``sources/<stem>.json`` at ``target``."""
    target.parent.mkdir(parents=True, exist_ok=True)
    os.replace(_file(cleaned, "source.json"), target)


def release(b: Build) -> None:
    """In a build that sets its sources aside, let go of what the stages done so
    far leave behind and the next ones do not need: the word look-up caches,
    the line indexes and the last visible text (keyed by raw texts), the language model, the merge's
    title comparisons, the vocabulary and the shared lines,
    and any garbage in cycles. ``run`` calls it when the per-source stages are
    done and after the merge, ``render`` after its heavy products."""
    if b.spill is None:
        return
    from collections import Counter

    from . import language, markup, merge, morph, offsets

    morph.clear_caches()
    offsets.clear_cache()
    markup.clear_cache()
    language.clear_cache()
    merge.clear_cache()
    b.vocab = set()
    b.shared = Counter()
    b.edges = Counter()
    gc.collect()
    trim()


def trim() -> None:
    """Hand the C allocator's free pages back to the system (glibc's
    ``malloc_trim``; elsewhere nothing). What a heavy product freed (lxml's
    trees, SQLite's buffers, the texts read back) stays in the C heap, where
    Python's own objects, which live in arenas of their own, cannot reuse it:
    without this the next product's memory came on top of it. A build calls it
    from ``release`` and when read is done (its texts and summaries freed)."""
    libc = _libc()
    if libc is not None:
        libc.malloc_trim(0)


@functools.cache
def _libc():
    import ctypes

    try:
        libc = ctypes.CDLL(None)  # the symbols the process has loaded: its C library's
        libc.malloc_trim  # noqa: B018  (glibc's alone)
    except (OSError, AttributeError):
        return None
    return libc
