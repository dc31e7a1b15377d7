"""Byte-compare the builds of two Kodeks checkouts: a change that is meant to
make Kodeks faster (or to move code) must leave every output byte as it was.

    python benchmarks/same_output.py OUT_A OUT_B
    python benchmarks/same_output.py --base CHECKOUT --work DIR CORPUS [CORPUS …]

The first form compares two output folders. The second builds each corpus
(``kodeks build --no-pdf -j 1``) twice, once with the code of ``CHECKOUT`` (an
old commit, e.g. ``git worktree add /tmp/old main``) and once with this
checkout, into ``DIR/base/<n>-<name>`` and ``DIR/work/<n>-<name>`` (``n``: the
corpus's place on the command line), and compares them.
The corpus folders are only read.

Files are compared byte for byte. Where bytes differ, containers are opened
before a difference is reported: a zip (EPUB) member by member, an SQLite file
by its SQL dump, and a JSON file with the fields that hold timings left out
(``TIMING_KEYS``), since two runs never take the same time. The exit status is
1 when anything differs, and every difference is listed.
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TIMING_KEYS = frozenset({"timings", "cpu", "wall", "wall_s", "cpu_s", "elapsed", "seconds"})
"""JSON keys whose values are measured times, not output."""


def _untimed(value):
    if isinstance(value, dict):
        return {k: _untimed(v) for k, v in value.items() if k not in TIMING_KEYS}
    if isinstance(value, list):
        return [_untimed(v) for v in value]
    return value


def _sqlite_dump(path: Path) -> list[str]:
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return list(con.iterdump())
    finally:
        con.close()


def _same_file(a: Path, b: Path) -> str | None:
    """``None`` when the two files hold the same output, else what differs."""
    x, y = a.read_bytes(), b.read_bytes()
    if x == y:
        return None
    if zipfile.is_zipfile(a) and zipfile.is_zipfile(b):
        with zipfile.ZipFile(a) as za, zipfile.ZipFile(b) as zb:
            if za.namelist() != zb.namelist():
                return "zip members differ"
            for name in za.namelist():
                if za.read(name) != zb.read(name):
                    return f"zip member {name} differs"
        return None  # only the archive's own timestamps differ
    if x.startswith(b"SQLite format 3") and y.startswith(b"SQLite format 3"):
        return None if _sqlite_dump(a) == _sqlite_dump(b) else "SQLite contents differ"
    if a.suffix == ".json":
        try:
            if _untimed(json.loads(x)) == _untimed(json.loads(y)):
                return None
        except ValueError:
            pass
    # the first differing line, to start the search from
    for n, (p, q) in enumerate(zip(x.split(b"\n"), y.split(b"\n"), strict=False), start=1):
        if p != q:
            return f"line {n} differs"
    return "one file is a prefix of the other"


def compare(a: Path, b: Path) -> list[str]:
    """The differences between output folders ``a`` and ``b`` (empty: the same)."""
    fa = {p.relative_to(a) for p in a.rglob("*") if p.is_file()}
    fb = {p.relative_to(b) for p in b.rglob("*") if p.is_file()}
    out = [f"only in {a}: {p}" for p in sorted(fa - fb)]
    out += [f"only in {b}: {p}" for p in sorted(fb - fa)]
    for rel in sorted(fa & fb):
        why = _same_file(a / rel, b / rel)
        if why:
            out.append(f"{rel}: {why}")
    return out


_BUILT = (0, 1)
"""Exit statuses of a build that wrote its output (1: some source had an error, which
the report names); 2 is input it could not use, and nothing was written."""


def build(checkout: Path, corpus: Path, out: Path) -> int:
    """``kodeks build --no-pdf`` of ``corpus`` into ``out`` with the code of ``checkout``."""
    cmd = [sys.executable, "-m", "pipeline.cli", "build", str(corpus), "-o", str(out)]
    cmd += ["--no-pdf", "-q", "-j", "1"]
    return subprocess.run(cmd, cwd=checkout, stdout=subprocess.DEVNULL).returncode


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("paths", nargs="+", type=Path, help="OUT_A OUT_B, or corpora with --base")
    ap.add_argument("--base", type=Path, help="the checkout whose builds are the reference")
    ap.add_argument("--work", type=Path, help="where the builds go (with --base)")
    args = ap.parse_args(argv)
    bad = 0
    if args.base is None:
        if len(args.paths) != 2:
            ap.error("give two output folders, or --base and corpora")
        pairs = [(args.paths[0], args.paths[1])]
    else:
        if args.work is None:
            ap.error("--base needs --work")
        pairs = []
        for n, corpus in enumerate(args.paths, start=1):
            name = f"{n}-{corpus.resolve().name}"  # two corpora may share a folder name
            a, b = args.work / "base" / name, args.work / "work" / name
            built = True
            for checkout, out in ((args.base, a), (ROOT, b)):
                rc = build(checkout.resolve(), corpus.resolve(), out)
                if rc:
                    print(f"{corpus}: the build with {checkout} exited {rc}")
                built = built and rc in _BUILT
            if built:
                pairs.append((a, b))
            else:  # two builds that made nothing are not the same output
                print(f"{corpus}: not compared: a build made no output")
                bad += 1
    for a, b in pairs:
        diffs = compare(a, b)
        print(f"{a} vs {b}: {'the same' if not diffs else f'{len(diffs)} difference(s)'}")
        for d in diffs:
            print("  " + d)
        bad += bool(diffs)
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
