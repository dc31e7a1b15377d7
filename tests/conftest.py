"""Shared fixtures: the gold folder and one build of the corpus."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from kodeks_testing import CORPUS, GOLD, kodeks


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


# CI runs the property tests with a fixed seed, so a run is reproducible; a
# developer's run explores new examples each time.
from hypothesis import settings as _settings  # noqa: E402

_settings.register_profile("ci", derandomize=True)
if os.environ.get("CI"):
    _settings.load_profile("ci")
