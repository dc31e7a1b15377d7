"""Fuzzing: read + clean + segment over random bytes, random mixes of encodings
and random line structures (very long lines included), and builds killed at
random moments. In CI (``CI`` set) both run with a fixed seed (see conftest.py
for hypothesis; ``SEED`` below for the kills)."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from kodeks_testing import ROOT
from pipeline.buffer import unapply
from pipeline.clean import clean
from pipeline.cli import build_command
from pipeline.model import Source
from pipeline.read import decode
from pipeline.segment import segment

WORDS = [
    "Правило",
    "64.",
    "A.",
    "B.",
    "1.",
    "2.",
    "(a)",
    "(i)",
    "64.10.",
    "фальшренонс",
    "взятка",
    "сторона",
    "наказание",
    "(НАКАЗАНИЕ)",
    "см.",
    "правило 65",
    "п. 64.8",
    "–",
    "-",
    "?",
    "????",
    "(*)",
    "(DC4)",
    "Ёлка",
    "ещё",
    "игрок",
    "сдача",
    "перено-",
    "сить",
    "| ",
    "12",
    "– 45 –",
    "ПРАВИЛО 13.",
    "Раздел II",
]
ENCODINGS = ["utf-8", "cp1251", "koi8_r", "cp866"]
FUZZ = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@st.composite
def lines(draw):
    """Lines of Russian-looking text, some of them very long."""
    words = draw(st.lists(st.sampled_from(WORDS), min_size=0, max_size=14))
    line = " ".join(words)
    if draw(st.integers(0, 9)) == 0:
        line = (line + " ") * draw(st.integers(50, 1500))  # up to ~100 000 characters
    return line


@st.composite
def mixed_files(draw):
    """A file whose regions are in different encodings, with mixed line ends."""
    regions = draw(
        st.lists(
            st.tuples(st.sampled_from(ENCODINGS), st.lists(lines(), min_size=1, max_size=6)),
            min_size=1,
            max_size=4,
        )
    )
    ending = draw(st.sampled_from([b"\n", b"\r\n", b"\n\n"]))
    data = b""
    for enc, ls in regions:
        for line in ls:
            data += line.encode(enc, errors="replace") + ending
    return data


def check_kept_or_logged(raw: str, c) -> None:
    """The edit log rebuilds the raw text, and every raw character is kept or
    inside exactly one edit."""
    assert unapply(c.text, c.edits) == raw
    prev = 0
    kept = 0
    for e in c.edits:
        assert e.before == raw[e.span.start : e.span.end]
        assert e.span.start >= prev, "edits overlap or are unsorted"
        kept += e.span.start - prev
        prev = e.span.end
    kept += len(raw) - prev
    assert kept + sum(len(e.before) for e in c.edits) == len(raw)


def pipeline_on(data: bytes) -> None:
    text, encoding, diags = decode(data, "fuzz.txt")
    assert all(d.code.startswith("K1") for d in diags)
    if text is None:
        assert any(d.level == "error" for d in diags)
        return
    if not data.startswith((b"\xff\xfe", b"\xfe\xff", b"\x00\x00\xfe\xff")) and b"\r" not in data:
        # decoding keeps every line: as many newlines as the bytes have (bar a cut last character)
        assert text.count("\n") == data.count(b"\n") or any(d.code == "K105" for d in diags)
    for kind in ("laws", "commentary"):
        src = Source(
            path="fuzz.txt", name="fuzz.txt", stem="fuzz", kind=kind, text=text, encoding=encoding
        )
        c = clean(src)
        check_kept_or_logged(text, c)
        tree, _found = segment(c)
        assert tree.source is src


@FUZZ
@given(st.binary(max_size=4000))
@example(b"Aa\x9e")  # a Cyrillic letter whose Latin look-alike is two characters long
def test_random_bytes(data):
    pipeline_on(data)


@FUZZ
@given(mixed_files())
def test_random_mixes_of_encodings_and_lines(data):
    pipeline_on(data)


@FUZZ
@given(st.lists(lines(), min_size=1, max_size=30), st.sampled_from(["utf-8", "utf-16", "cp1251"]))
def test_random_line_structures(ls, encoding):
    pipeline_on("\n".join(ls).encode(encoding))


# --- builds killed at random moments --------------------------------------------------

SEED = 20261130 if os.environ.get("CI") else random.randrange(1 << 30)
KILLS = 6


def _state(out: Path) -> str:
    """``old`` or ``new`` (a complete output), else what is wrong."""
    if not out.is_dir():
        return "missing"
    stamp = out / ".kodeks-output"
    if not stamp.is_file():
        return "no stamp"
    try:
        codex = json.loads((out / "codex.json").read_text(encoding="utf-8"))
        report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        return f"broken: {exc}"
    if not codex.get("entries") or "summary" not in report:
        return "incomplete"
    return (
        (out / "marker-of-the-old-build").read_text()
        if (out / "marker-of-the-old-build").exists()
        else "new"
    )


@pytest.mark.slow
def test_builds_killed_at_random_moments_leave_a_whole_output(tmp_path):
    rng = random.Random(SEED)
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    for src in sorted((ROOT / "corpus").glob("*.txt"))[:2]:
        (corpus / src.name).write_bytes(src.read_bytes())
    out = tmp_path / "out"
    cmd = build_command(corpus, out)
    t0 = time.monotonic()
    subprocess.run(cmd, cwd=ROOT, check=False, capture_output=True, timeout=600)
    full = time.monotonic() - t0
    assert _state(out) == "new"
    for i in range(KILLS):
        (out / "marker-of-the-old-build").write_text("old")  # a build replaces the whole folder
        delay = rng.uniform(0.0, full * 1.1)
        proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(delay)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        state = _state(out)
        assert state in ("old", "new"), f"seed {SEED}, kill {i} after {delay:.2f}s: {state}"
        leftovers = [p.name for p in tmp_path.iterdir() if p.name not in ("corpus", "out")]
        assert all(n.startswith(".out.new-") for n in leftovers), leftovers
    proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert proc.returncode in (0, 1), proc.stderr
    assert _state(out) == "new"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["corpus", "out"], f"seed {SEED}"
