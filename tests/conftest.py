"""Shared fixtures: the gold folder and one build of the corpus."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest

from kodeks_testing import CORPUS, GOLD, kodeks

# A run started where SIGINT is ignored (a background job of a script) would pass
# that on to every command a test starts, and the tests that press Ctrl-C on a
# build would reach nothing: the run takes the interrupt back, as an interactive
# shell gives it, so the builds it starts get it at its default.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)


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
