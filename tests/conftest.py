"""Shared fixtures: the repository's corpus, the gold folder and one build of it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "corpus"
GOLD = Path(os.environ.get("KODEKS_GOLD", ROOT.parent / "shared" / "gold"))


def kodeks(*args: str, cwd: Path | None = None, check: bool = False) -> subprocess.CompletedProcess:
    """Run the real CLI (the installed console script's module) as a user would."""
    proc = subprocess.run([sys.executable, "-m", "pipeline.cli", *args], cwd=cwd or ROOT,
                          capture_output=True, text=True, timeout=600)
    if check and proc.returncode != 0:
        raise AssertionError(f"kodeks {' '.join(args)} failed ({proc.returncode}):\n{proc.stderr}")
    return proc


@pytest.fixture(scope="session")
def gold_dir() -> Path:
    if not GOLD.is_dir():
        pytest.skip(f"no gold annotations at {GOLD}")
    return GOLD


@pytest.fixture(scope="session")
def built(tmp_path_factory) -> Path:
    """One CLI build of the corpus (without the PDF), shared by the session."""
    out = tmp_path_factory.mktemp("build") / "out"
    kodeks("build", str(CORPUS), "-o", str(out), "--no-pdf", "--quiet", check=True)
    return out
