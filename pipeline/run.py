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

The per-source stages (``profile``, ``clean``, ``segment``, ``refs``) map one
function over the sources through the build's executor (``executor.py``: this
process, a process pool, or Dask); what looks across sources (the lines the
sources share, the corpus's vocabulary, the merge) is computed here, so the
output is the same wherever the work ran.

A bad source never spoils the others: content problems become diagnostics, and
a file that cannot be read is skipped with an error naming it.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable
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
    trees: list[Tree] = field(default_factory=list)
    codex: Codex = field(default_factory=lambda: Codex((), (), {}, (), ()))
    """Empty until ``merge`` fills it."""
    diagnostics: list[Diagnostic] = field(default_factory=list)
    timings: dict[str, float] = field(default_factory=dict)
    pdf: bool = True
    epub: bool = True
    akn: bool = True
    edition: str | None = None
    """The edition the standard formats name (``None``: the sources' own)."""
    progress: Callable[[str], None] | None = None
    ex: executor_mod.Serial = field(default_factory=executor_mod.Serial)
    """Where the per-source stages run."""


def stage_read(b: Build) -> None:
    b.sources, found = read_mod.read(b.corpus, b.ex)
    b.diagnostics += found
    if not b.sources:
        # an empty codex would replace a good one: stop before anything is written
        why = "".join(f"\n  {d.level} {d.code} {d.message}" for d in found if d.level == "error")
        raise KodeksError(
            f"{b.corpus}: no readable sources (*.txt, *.html); nothing was built "
            f"and the previous output is left as it was{why}"
        )


def _paused_gc(fn: Callable, *args, **common):
    """``fn(*args, **common)`` with the cyclic garbage collector paused. A
    per-source stage makes objects by the hundred thousand that live to the end
    of the call (lines, tokens, pieces, nodes); every full collection walks all
    of them, which made one big source cost more than linear time. Reference
    counting still frees everything that is not a cycle; cycles wait for the
    collector until the call returns."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        return fn(*args, **common)
    finally:
        if enabled:
            gc.enable()


def stage_profile(b: Build) -> None:
    shared = profile_mod.shared_lines(s.text for s in b.sources)
    b.profiles = b.ex.map(partial(_paused_gc, profile_mod.profile), b.sources, shared=shared)


def _clean_one(source: Source, profile: Profile, vocab: set[str]) -> Cleaned:
    return _paused_gc(clean_mod.clean, source, vocab, profile=profile)


def _words(source: Source) -> set[str]:
    return clean_mod.vocabulary([source.text])


def stage_clean(b: Build) -> None:
    # the corpus's vocabulary is the union of each source's: gathered where the
    # sources are cleaned, so the build process only joins the sets
    vocab: set[str] = set().union(*b.ex.map(_words, b.sources))
    b.cleaned = b.ex.map(_clean_one, b.sources, b.profiles, vocab=vocab)


def stage_segment(b: Build) -> None:
    b.trees = []
    for tree, found in b.ex.map(partial(_paused_gc, segment_mod.segment), b.cleaned):
        b.trees.append(tree)
        b.diagnostics += found


def stage_refs(b: Build) -> None:
    trees, b.trees = b.trees, []
    for tree, found in b.ex.map(refs_mod.refs, trees):
        b.trees.append(tree)
        b.diagnostics += found


def stage_merge(b: Build) -> None:
    b.codex, found = b.ex.reduce(merge_mod.merge, b.trees)
    b.diagnostics += found


def stage_link(b: Build) -> None:
    b.codex, found = link_mod.link(b.codex)
    b.diagnostics += found


def stage_check(b: Build) -> None:
    b.diagnostics += check_mod.check(b.codex, curated=(b.corpus / "sources.toml").exists())


def stage_render(b: Build) -> None:
    from . import render

    assert b.out is not None
    render.render(b, b.out)


STAGES: tuple[tuple[str, Callable[[Build], None]], ...] = (
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
"""The pipeline, in order. ``run`` walks it; nothing else decides the order."""


def _check(name: str, b: Build) -> None:
    """The contract each stage promises the next."""
    if name == "read":
        assert all(isinstance(s, Source) and s.text for s in b.sources), (
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
) -> Build:
    """Run the stages in order (``until`` stops after the named one; without
    ``out`` nothing is written and ``render`` is skipped). ``pdf``, ``epub`` and
    ``akn`` say whether those products are written. ``jobs``, ``executor`` and
    ``scheduler`` say where the per-source stages run (``jobs=None``: one
    process per core); the output is the same wherever."""
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
        _walk(b, until)
    b.ex = executor_mod.Serial()
    return b


def _walk(b: Build, until: str | None) -> None:
    progress = b.progress
    for name, stage in STAGES:
        if name == "render" and b.out is None:
            break
        if progress:
            progress(name)
        t0 = time.perf_counter()
        stage(b)
        b.timings[name] = time.perf_counter() - t0
        _check(name, b)
        if name == until:
            break


def export(
    name: str, corpus: str | Path, target: str | Path, edition: str | None = None, force: bool = False
) -> tuple[Path, list[Diagnostic]]:
    """``kodeks export``: build the codex of ``corpus`` in memory and write format
    ``name`` to ``target`` (a folder for ``akn``, a file otherwise). A ``target``
    that exists and that Kodeks did not write is refused (``force`` replaces a
    file). Returns ``(target, diagnostics)``."""
    from . import editions, render

    target = Path(target)
    render.check_target(name, target, force)
    b = run(corpus, pdf=False, epub=False, akn=False)
    b.edition = editions.select(b.codex.sources, edition).id
    # each edition has its own merged codex: export that one's entries, and only
    # that one's (no codex-<edition>.pdf written beside a file the user named)
    b.codex = replace(b.codex.by_edition.get(b.edition, b.codex), others={})
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
