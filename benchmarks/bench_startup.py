"""Start-up of the lookup commands against a bare Python start.

    python benchmarks/bench_startup.py [--codex output] [--repeat 5]

Times, as a user runs them (a fresh interpreter each time, wall clock, median
of ``--repeat``): ``python -c pass``, ``kodeks show 64`` and ``kodeks search
ревок`` on the build in ``--codex``, and prints each as a ratio to the bare
start, with the machine's load average. Writes
``benchmarks/results/startup.json``.

Targets (issue: fast at any size): show ≤ 3×, search ≤ 5× a bare start.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _median_s(cmd: list[str], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        subprocess.run(cmd, cwd=ROOT, capture_output=True, check=True)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--codex", default=str(ROOT / "output"))
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args(argv)
    py = sys.executable
    load_before = os.getloadavg()
    bare = _median_s([py, "-c", "pass"], args.repeat)
    show = _median_s([py, "-m", "pipeline.cli", "show", "64", "--codex", args.codex], args.repeat)
    search = _median_s(
        [py, "-m", "pipeline.cli", "search", "ревок", "--codex", args.codex], args.repeat
    )
    r = {
        "repeat": args.repeat,
        "cores": os.cpu_count(),
        "load_before": [round(x, 2) for x in load_before],
        "load_after": [round(x, 2) for x in os.getloadavg()],
        "bare_s": round(bare, 3),
        "show_s": round(show, 3),
        "search_s": round(search, 3),
        "show_ratio": round(show / bare, 1),
        "search_ratio": round(search / bare, 1),
    }
    for k, v in r.items():
        print(f"{k:14} {v}")
    (ROOT / "benchmarks" / "results" / "startup.json").write_text(
        json.dumps(r, indent=1) + "\n", encoding="utf-8"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
