"""The pipeline: an explicit, ordered list of named stages that one runner walks.

    read → profile → clean → segment → refs → merge → link → check → render

``refs`` finds the references in every source's tree; ``link`` resolves them
against the merged codex and builds the backlinks; ``check`` makes sure the
clauses the rulings implement are in the corpus.

Each stage is a function ``stage_<name>(state) -> None`` here that calls the
function of the same name in the module of the same name (``read.read``,
``refs.refs``, ``link.link`` …, ``render.render``); it reads what the stages before it left in ``Build`` and
adds its own part. The contract between stages is checked at run time
(``_check``), so a stage that breaks it fails loudly with the stage's name
rather than deep in a later one.

The per-source stages (``profile``, ``clean``, ``segment``, ``refs``) work on
one source at a time (``stage_<name>(work)`` with that source's ``Work``), and
one source goes through all of them as ONE task of the build's executor
(``executor.py``: this process, a process pool, or Dask): the source crosses to
the worker once and its tree comes back once, instead of every intermediate
product crossing at every stage. What those stages need from all the sources
is computed before that task starts, from small per-source summaries
(``summary``: the source's distinct normalised lines and its word forms, made
in the workers too: in the task that read the file, ``summarized``, or
``set_aside`` when the build sets its sources aside) and sent once per worker: the lines several sources share
(page furniture) and the corpus's vocabulary. The merge is a reduction over the
trees. So the output is the same wherever the work ran.

A bad source never spoils the others: content problems become diagnostics, and
a file that cannot be read is skipped with an error naming it.
"""

from __future__ import annotations

import gc
import hashlib
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path

from . import check as check_mod
from . import clean as clean_mod
from . import executor as executor_mod
from . import link as link_mod
from . import merge as merge_mod
from . import profile as profile_mod
from . import read as read_mod
from . import refs as refs_mod
from . import segment as segment_mod
from . import spill as spill_mod
from .errors import KodeksError
from .model import Cleaned, Codex, Diagnostic, Profile, Source, Tree


@dataclass
class Build:
    """Everything one build knows, filled in stage by stage."""

    corpus: Path
    out: Path | None = None
    sources: list[Source] = field(default_factory=list)
    profiles: list[Profile] = field(default_factory=list)
    cleaned: list[Cleaned] = field(default_factory=list)
    trees: Sequence[Tree] = field(default_factory=list)
    """Each source's tree (in a build that sets them aside, a ``spill.Trees``)."""
    codex: Codex = field(default_factory=lambda: Codex((), (), {}, (), ()))
    """Empty until ``merge`` fills it."""
    diagnostics: list[Diagnostic] | spill_mod.Diagnostics = field(default_factory=list)
    """What the stages found (in a build that sets its sources aside, a
    ``spill.Diagnostics`` until it ends; a list again when ``run`` returns)."""
    timings: dict[str, float] = field(default_factory=dict)
    """Wall seconds by stage (the per-source stages share one run of tasks: its
    time is split between them in proportion to their CPU)."""
    cpu: dict[str, float] = field(default_factory=dict)
    """CPU seconds by stage: of this process, and for a per-source stage the sum
    over every source's task, wherever it ran."""
    shared: Counter[str] = field(default_factory=Counter)
    """The normalised lines two or more sources share, with their counts (``profile``)."""
    edges: Counter[str] = field(default_factory=Counter)
    """The normalised lines two or more sources hold outside their text, with their
    counts (``profile.edge_lines``)."""
    vocab: set[str] = field(default_factory=set)
    """The corpus's vocabulary (``clean``)."""
    pdf: bool = True
    epub: bool = True
    akn: bool = True
    edition: str | None = None
    """The edition the standard formats name (``None``: the sources' own)."""
    progress: Callable[[str], None] | None = None
    ex: executor_mod.Serial = field(default_factory=executor_mod.Serial)
    """Where the per-source stages run."""
    spill: spill_mod.Spill | None = None
    """Where each source's task sets its heavy parts aside (``pipeline.spill``);
    ``None``: the build keeps them in memory."""


def _paused_gc(fn: Callable, *args, **common):
    """``fn(*args, **common)`` with the cyclic garbage collector paused. A
    per-source stage makes objects by the hundred thousand that live to the end
    of the call (lines, tokens, pieces, nodes); every full collection walks all
    of them, which made one big source cost more than linear time. The merge and
    the link walk every tree and make the codex's entries and witnesses, with all
    the trees alive: the collector's passes over them were nearly half of the
    merge's time. Reference counting still frees everything that is not a cycle;
    cycles wait for the collector until the call returns."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        return fn(*args, **common)
    finally:
        if enabled:
            gc.enable()


@dataclass(frozen=True, slots=True)
class Summary:
    """What the per-source stages need to know of one source about the others:
    its distinct normalised lines (``profile.shared_lines``) and its word forms
    (``clean.vocabulary``), each as ONE string, each item ended by a line break
    (neither a normalised line nor a word holds one), and an 8-byte digest of
    each line, in the same order. The lines are sorted; the words are not: the
    vocabulary is only asked whether it holds a word, and sorting every source's
    words was a tenth of the summary's time. A set of strings costs about 70
    bytes an item; all the sources' sets, alive at once, were the build's peak
    (7× the input at 20 MB, kept by the allocator after they were freed), while
    one string per summary costs two bytes a character. The shared lines are
    counted on the digests (``_join``), and only the lines whose digest two or
    more sources have are looked at as text. ``edges``: the lines it holds outside
    its text (``profile.edge_lines``: a few, where a site's template stands), the
    same way, counted as text."""

    digests: bytes
    lines: str
    words: str
    edges: str


def summary(source: Source) -> Summary:
    """The ``Summary`` of one source."""
    lines = sorted(profile_mod.line_set(source.text))
    return Summary(
        b"".join(_digest(line) for line in lines),
        _joined(lines),
        _joined(list(clean_mod.vocabulary([source.text]))),
        _joined(sorted(profile_mod.edge_lines(source.text))),
    )


def summarized(source: Source) -> tuple[Source, Summary]:
    """The read task's last step in a build that keeps its sources in memory: the
    source and its ``summary``, made in the task that read it, while the text as
    a reader sees it (``markup.visible``, which the vocabulary reads) is still
    the one kept (a page in Latin letters is read back into Cyrillic once, not
    again for its summary)."""
    return source, summary(source)


def set_aside(source: Source, spill: Path) -> tuple[Source, None]:
    """The read task's last step in a build that sets its sources aside: the
    source's text and its ``summary`` go to the spill folder as soon as it is
    read (``Spill.put_text``, ``Spill.put_summary``, under ``spill.key`` of its
    path), and the source comes back without its text, so that the build never
    holds every source's text at once."""
    key, aside = spill_mod.key(source.path), spill_mod.Spill(spill)
    aside.put_text(key, source.text)
    aside.put_summary(key, summary(source))
    return spill_mod.without_text(source), None


def _digest(line: str) -> bytes:
    """8 bytes that stand for one normalised line, the same in every process."""
    return hashlib.blake2b(line.encode("utf-8", "surrogatepass"), digest_size=8).digest()


def _joined(items: list[str]) -> str:
    """``items``, each ended by a line break (so an empty item is kept)."""
    return "".join(item + "\n" for item in items)


def _split(joined: str) -> list[str]:
    """The items ``_joined`` joined."""
    return joined.split("\n")[:-1]


def _join(
    summaries: Callable[[], Iterator[Summary]],
) -> tuple[Counter[str], Counter[str], set[str]]:
    """The lines two or more sources share, with their counts, those two or more
    hold outside their text, and the corpus's vocabulary, from every source's summary (``summaries()`` gives them in the
    sources' order, each time it is called; it is called twice). The digests of
    every source's lines are counted first; the lines of the digests two or
    more sources have (a digest that two different lines share included) are
    then counted as text, so the counts are exact and no table of every line of
    the corpus is made."""
    import numpy as np

    vocab: set[str] = set()
    edges: Counter[str] = Counter()
    digests = []
    for s in summaries():
        vocab.update(_split(s.words))
        edges.update(_split(s.edges))
        digests.append(np.frombuffer(s.digests, dtype="<u8"))
    every = np.concatenate(digests) if digests else np.zeros(0, dtype="<u8")
    del digests
    seen, counts = np.unique(every, return_counts=True)
    twice = seen[counts >= 2]
    del every, seen, counts
    shared: Counter[str] = Counter()
    for s in summaries():
        at = np.flatnonzero(np.isin(np.frombuffer(s.digests, dtype="<u8"), twice))
        if at.size:
            lines = _split(s.lines)
            shared.update(lines[i] for i in at)
    return (
        profile_mod.shared_of_counts(sorted(shared.items())),
        profile_mod.shared_of_counts(sorted(edges.items())),
        vocab,
    )


def stage_read(b: Build) -> None:
    then: Callable[[Source], tuple[Source, Summary | None]] = (
        summarized if b.spill is None else partial(set_aside, spill=b.spill.folder)
    )
    b.sources, made, found = read_mod.read_then(b.corpus, b.ex, then)
    b.diagnostics.extend(found)
    if not b.sources:
        # an empty codex would replace a good one: stop before anything is written
        why = "".join(f"\n  {d.level} {d.code} {d.message}" for d in found if d.level == "error")
        raise KodeksError(
            f"{b.corpus}: no readable sources (*.txt, *.html, {read_mod.CONTAINERS}); "
            "nothing was built "
            f"and the previous output is left as it was{why}"
        )
    # the barrier's inputs: small summaries made where the sources are, joined here
    if b.spill is not None:
        # the read tasks set each text and summary aside: from here to render
        # the build holds no source's text, and one summary at a time
        spilled, keys = b.spill, [spill_mod.key(src.path) for src in b.sources]
        b.shared, b.edges, b.vocab = _join(lambda: map(spilled.summary, keys))
        for k in keys:
            spilled.path(k, "summary").unlink()
        spill_mod.trim()
    else:
        summaries = [s for s in made if s is not None]
        b.shared, b.edges, b.vocab = _join(lambda: iter(summaries))


@dataclass
class Work:
    """One source on its way through the per-source stages, in the process that
    runs them: what each stage leaves for the next, its diagnostics by stage and
    the CPU seconds each stage took."""

    source: Source
    shared: Counter[str]
    edges: Counter[str]
    vocab: set[str]
    profile: Profile | None = None
    cleaned: Cleaned | None = None
    tree: Tree | None = None
    diagnostics: dict[str, list[Diagnostic]] = field(default_factory=dict)
    cpu: dict[str, float] = field(default_factory=dict)


def stage_profile(w: Work) -> None:
    w.profile = profile_mod.profile(w.source, w.shared, w.edges)


def stage_clean(w: Work) -> None:
    w.cleaned = clean_mod.clean(w.source, w.vocab, profile=w.profile)


def stage_segment(w: Work) -> None:
    assert w.cleaned is not None
    w.tree, w.diagnostics["segment"] = segment_mod.segment(w.cleaned)


def stage_refs(w: Work) -> None:
    assert w.tree is not None
    w.tree, w.diagnostics["refs"] = refs_mod.refs(w.tree)


@dataclass(frozen=True, slots=True)
class Done:
    """What one source's task sends back: the profile stage's profile, the last
    product it made (the tree, which holds the cleaned text), its diagnostics by
    stage and the CPU seconds by stage. Not the shared values."""

    profile: Profile | None
    product: Profile | Cleaned | Tree
    diagnostics: dict[str, list[Diagnostic]]
    cpu: dict[str, float]


def per_source(
    source: Source,
    key: str,
    names: tuple[str, ...],
    *,
    shared,
    edges,
    vocab,
    spill: Path | None = None,
) -> Done:
    """The task: run the per-source stages ``names`` in order over one source.
    With ``spill`` (the build's spill folder) a finished tree's heavy parts are
    written there, under ``key``, and a light tree comes back (``pipeline.spill``)."""
    if spill is not None and source.set_aside is not None:
        source = spill_mod.Spill(spill).take_text(key, source)
    w = Work(source, shared, edges, vocab)
    _paused_gc(_through, w, names)
    product = w.tree or w.cleaned or w.profile
    assert product is not None
    if spill is not None and isinstance(product, Tree):
        t0 = time.process_time()
        product = spill_mod.Spill(spill).put(key, product)
        w.cpu[names[-1]] += time.process_time() - t0
    return Done(w.profile, product, w.diagnostics, w.cpu)


def _through(w: Work, names: tuple[str, ...]) -> None:
    for name in names:
        t0 = time.process_time()
        _PER_SOURCE[name](w)
        w.cpu[name] = time.process_time() - t0


_PER_SOURCE: dict[str, Callable[[Work], None]] = {
    "profile": stage_profile,
    "clean": stage_clean,
    "segment": stage_segment,
    "refs": stage_refs,
}
"""The stages one task runs for each source, in order."""


def _run_per_source(b: Build, names: tuple[str, ...]) -> None:
    """One task per source runs ``names``; the results land in ``b`` as if each
    stage had run over every source in turn (diagnostics stage by stage)."""
    # the biggest sources first, so that no worker is left with one at the end
    order = sorted(range(len(b.sources)), key=lambda i: -b.sources[i].chars)
    spill = b.spill.folder if b.spill is not None else None
    done = b.ex.map(
        partial(per_source, names=names),
        [b.sources[i] for i in order],
        [spill_mod.key(b.sources[i].path) for i in order],
        shared=b.shared,
        edges=b.edges,
        vocab=b.vocab,
        spill=spill,
    )
    results: list[Done] = [None] * len(order)  # type: ignore[list-item]
    for i, d in zip(order, done, strict=True):
        results[i] = d
    last = names[-1]
    products = [d.product for d in results]
    if "profile" in names:
        b.profiles = [d.profile for d in results]  # type: ignore[misc]
    if last == "clean":
        b.cleaned = products  # type: ignore[assignment]
    elif last in ("segment", "refs"):
        trees: list[Tree] = products  # type: ignore[assignment]
        # the stubs of trees a task set aside are read back one at a time
        b.trees = spill_mod.Trees(trees) if any(t.set_aside for t in trees) else trees
        if "clean" in names:
            b.cleaned = [t.cleaned for t in trees]
    for name in names:
        b.cpu[name] = sum(d.cpu[name] for d in results)
        for d in results:
            b.diagnostics.extend(d.diagnostics.get(name, []))


def stage_merge(b: Build) -> None:
    b.codex, found = _paused_gc(b.ex.reduce, partial(merge_mod.merge, aside=b.spill), b.trees)
    b.diagnostics.extend(found)
    del found  # set aside: let the release hand their memory back
    spill_mod.release(b)


def stage_link(b: Build) -> None:
    b.codex, found = _paused_gc(link_mod.link, b.codex)
    b.diagnostics.extend(found)


def stage_check(b: Build) -> None:
    b.diagnostics.extend(check_mod.check(b.codex, curated=(b.corpus / "sources.toml").exists()))


def stage_render(b: Build) -> None:
    from . import render

    assert b.out is not None
    render.render(b, b.out)


STAGES: tuple[tuple[str, Callable[..., None]], ...] = (
    ("read", stage_read),
    ("profile", stage_profile),
    ("clean", stage_clean),
    ("segment", stage_segment),
    ("refs", stage_refs),
    ("merge", stage_merge),
    ("link", stage_link),
    ("check", stage_check),
    ("render", stage_render),
)
"""The pipeline, in order. ``run`` walks it; nothing else decides the order.
The stages named in ``PER_SOURCE`` take one source's ``Work``, the others the ``Build``."""

PER_SOURCE = tuple(_PER_SOURCE)
"""The per-source stages, which ``_walk`` runs as one task per source."""


def _check(name: str, b: Build) -> None:
    """The contract each stage promises the next."""
    if name == "read":
        assert all(isinstance(s, Source) and s.chars for s in b.sources), (
            "read: every source has text"
        )
    elif name == "profile":
        assert len(b.profiles) == len(b.sources), "profile: one profile per source"
    elif name == "clean":
        assert len(b.cleaned) == len(b.sources), "clean: one cleaned text per source"
    elif name in ("segment", "refs"):
        assert len(b.trees) == len(b.cleaned), f"{name}: one tree per source"
    elif name in ("merge", "link", "check"):
        assert isinstance(b.codex, Codex), f"{name}: a codex"


def run(
    corpus: str | Path,
    out: str | Path | None = None,
    *,
    until: str | None = None,
    pdf: bool = True,
    epub: bool = True,
    akn: bool = True,
    progress: Callable[[str], None] | None = None,
    jobs: int | None = 1,
    executor: str = "local",
    scheduler: str | None = None,
    spill: bool = True,
) -> Build:
    """Run the stages in order (``until`` stops after the named one; without
    ``out`` nothing is written and ``render`` is skipped). ``pdf``, ``epub`` and
    ``akn`` say whether those products are written. ``jobs``, ``executor`` and
    ``scheduler`` say where the per-source stages run (``jobs=None``: one
    process per core); the output is the same wherever. A run that renders
    into ``out`` on this machine sets each source's heavy parts aside in a
    folder of its own inside ``out`` and removes it when it ends, however it
    ends (``pipeline.spill``; ``spill=False``: everything stays in memory); the
    returned ``Build`` then holds the trees' stubs (no nodes), and its entries'
    witnesses, which were set aside, cannot be read."""
    aside: spill_mod.Spill | None = None
    try:
        with executor_mod.make(executor, jobs, scheduler) as ex:
            b = Build(
                corpus=Path(corpus),
                out=Path(out) if out else None,
                pdf=pdf,
                epub=epub,
                akn=akn,
                progress=progress,
                ex=ex,
            )
            if spill and b.out is not None and until in (None, "render") and ex.local_files:
                aside = b.spill = spill_mod.Spill.create(b.out)
                b.diagnostics = spill_mod.Diagnostics(aside.folder, b.diagnostics)
            _walk(b, until)
    finally:
        # after the executor is closed: no worker writes into the folder any more
        if aside is not None:
            aside.remove()
    b.ex = executor_mod.Serial()
    b.spill = None
    if isinstance(b.diagnostics, spill_mod.Diagnostics):
        found = b.diagnostics
        b.diagnostics = list(found)
        found.close()
    if aside is not None:
        # what was set aside went with the folder: the trees are stubs
        b.trees = spill_mod.held(b.trees)
        b.codex = replace(
            b.codex,
            trees=tuple(spill_mod.held(b.codex.trees)),
            others={
                k: replace(c, trees=tuple(spill_mod.held(c.trees)))
                for k, c in b.codex.others.items()
            },
        )
    return b


def _walk(b: Build, until: str | None) -> None:
    progress = b.progress
    names = [name for name, _stage in STAGES]
    last = names.index(until) if until else len(names) - 1
    at = 0
    while at <= last:
        name, stage = STAGES[at]
        if name == "render" and b.out is None:
            break
        # a run of per-source stages (up to ``until``) is one task per source
        run = [name]
        while name in PER_SOURCE and at + len(run) <= last and names[at + len(run)] in PER_SOURCE:
            run.append(names[at + len(run)])
        if progress:
            progress(" → ".join(run))
        t0, c0 = time.perf_counter(), time.process_time()
        if name in PER_SOURCE:
            _run_per_source(b, tuple(run))
            spill_mod.release(b)
            wall = time.perf_counter() - t0
            cpu = sum(b.cpu[n] for n in run) or 1.0
            for n in run:
                b.timings[n] = wall * b.cpu[n] / cpu
        else:
            stage(b)
            b.timings[name] = time.perf_counter() - t0
            b.cpu[name] = time.process_time() - c0
        for n in run:
            _check(n, b)
        at += len(run)


def export(
    name: str,
    corpus: str | Path,
    target: str | Path,
    edition: str | None = None,
    force: bool = False,
) -> tuple[Path, list[Diagnostic]]:
    """``kodeks export``: build the codex of ``corpus`` in memory and write format
    ``name`` to ``target`` (a folder for ``akn``, a file otherwise). A ``target``
    that exists and that Kodeks did not write is refused (``force`` replaces a
    file). Returns ``(target, diagnostics)``."""
    from . import editions, render

    target = Path(target)
    render.check_target(name, target, force)
    b = run(corpus, pdf=False, epub=False, akn=False)
    editions.select(b.codex, edition)  # a clear error for an edition with no codex
    # each edition has its own merged codex: export that one's entries, and only
    # that one's (no codex-<edition>.pdf written beside a file the user named); the
    # format names that codex's edition (``b.edition`` left to it: an ``unknown``
    # codex is named as the default edition's, as its site is)
    b.codex = replace(b.codex.by_edition[str(edition or b.codex.edition)], others={})
    render.write_format(name, b, target)
    return target, list(b.diagnostics)


def build(corpus: str | Path, out: str | Path, **kw) -> Build:
    """Build the codex from ``corpus`` into ``out``, atomically: the output is
    written to a temporary folder beside ``out`` and swapped in at the end, so a
    build that fails or is killed leaves the previous output intact. What may be
    replaced, the locks and the swap are ``pipeline.output``'s contract."""
    from . import output

    real = output.check_target(out, corpus)
    try:
        real.parent.mkdir(parents=True, exist_ok=True)
        output.remove_stale(real)
        tmp = output.Temporary(real)
    except OSError as exc:
        raise KodeksError(
            f"{out}: the output folder cannot be written ({exc.strerror}); choose another with -o"
        ) from exc
    try:
        b = run(corpus, tmp.path, **kw)
        output.swap_in(tmp, corpus)
        b.out = Path(out)
        return b
    except OSError as exc:
        tmp.discard()
        raise KodeksError(
            f"{out}: writing the output failed ({exc.strerror or exc}); the previous "
            "output is left as it was"
        ) from exc
    except BaseException:
        tmp.discard()
        raise
