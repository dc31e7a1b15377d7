"""Helpers shared by the tests: paths, small sources cleaned or segmented in
memory, running the real CLI, writing the lookup part of an output folder."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from pipeline.clean import clean, vocabulary
from pipeline.model import Source

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "corpus"
GOLD = Path(os.environ.get("KODEKS_GOLD", ROOT.parent / "shared" / "gold"))
SEEDS = sorted(CORPUS.glob("*.txt"))
VOCAB = vocabulary(p.read_text(encoding="utf-8") for p in SEEDS)
"""The vocabulary of the seed corpus, as the build computes it."""


def source(text: str, kind: str = "laws") -> Source:
    """A source made from ``text`` in memory."""
    return Source(path="t.txt", name="t.txt", stem="t", kind=kind, text=text, encoding="utf-8")


def seg(text: str, kind: str = "laws"):
    """``text`` cleaned with the seeds' vocabulary and segmented: ``(tree, diagnostics)``."""
    from pipeline.segment import segment

    return segment(clean(source(text, kind), VOCAB))


def kodeks(*args: str, cwd: Path | None = None, check: bool = False) -> subprocess.CompletedProcess:
    """Run the real CLI (the installed console script's module) as a user would."""
    proc = subprocess.run(
        [sys.executable, "-m", "pipeline.cli", *args],
        cwd=cwd or ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    if check and proc.returncode != 0:
        raise AssertionError(f"kodeks {' '.join(args)} failed ({proc.returncode}):\n{proc.stderr}")
    return proc


def write_lookup_output(codex, out: Path) -> Path:
    """The lookup part of a build output (what render writes), without HTML/PDF."""
    from pipeline.render import render
    from pipeline.run import Build

    build = Build(corpus=out, sources=list(codex.sources), trees=list(codex.trees), codex=codex)
    render(build, out, lookup_only=True)
    return out
