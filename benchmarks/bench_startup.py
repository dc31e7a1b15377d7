"""Start-up of the lookup commands against a bare Python start.

    python benchmarks/bench_startup.py [--codex output] [--repeat 9]

Times, as a user runs them (a fresh interpreter each time, wall clock, median
of ``--repeat``): ``python -c pass``, ``kodeks show 64`` and ``kodeks search
ревок`` on the build in ``--codex``, and prints each as a ratio to the bare
start, with the machine's load average. Writes
``benchmarks/results/startup.json``.

The package is byte-compiled first (``compileall``, as ``pip install`` does),
so the figures do not count compiling Kodeks's own source on every start when
the environment sets ``PYTHONDONTWRITEBYTECODE``. Beside the wall clock, the
CPU time of each command (``wait4``'s user + system) is given as a ratio too:
on a shared machine it moves less with the load than the wall clock does.

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


def _median_s(cmd: list[str], repeat: int) -> tuple[float, float]:
    """Median wall seconds and median CPU seconds of ``repeat`` runs of ``cmd``."""
    wall, cpu = [], []
    for _ in range(repeat):
        t0 = time.perf_counter()
        proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(proc.pid, 0)
        wall.append(time.perf_counter() - t0)
        cpu.append(usage.ru_utime + usage.ru_stime)
        if os.waitstatus_to_exitcode(status) != 0:
            raise SystemExit(f"{' '.join(cmd)} failed (exit {os.waitstatus_to_exitcode(status)})")
    return statistics.median(wall), statistics.median(cpu)


def cpu_model() -> str:
    """The processor's name from ``/proc/cpuinfo`` (empty where there is none)."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return ""


def compile_package() -> None:
    """Byte-compile ``pipeline`` as an installed copy would be."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    subprocess.run(
        [sys.executable, "-m", "compileall", "-q", str(ROOT / "pipeline")],
        cwd=ROOT,
        env=env,
        check=True,
        stdout=subprocess.DEVNULL,
    )


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--codex", default=str(ROOT / "output"))
    ap.add_argument("--repeat", type=int, default=9)
    args = ap.parse_args(argv)
    py = sys.executable
    compile_package()
    load_before = os.getloadavg()
    bare, bare_cpu = _median_s([py, "-c", "pass"], args.repeat)
    show, show_cpu = _median_s(
        [py, "-m", "pipeline.cli", "show", "64", "--codex", args.codex], args.repeat
    )
    search, search_cpu = _median_s(
        [py, "-m", "pipeline.cli", "search", "ревок", "--codex", args.codex], args.repeat
    )
    r = {
        "repeat": args.repeat,
        "cores": os.cpu_count(),
        "cpu": cpu_model(),
        "load_before": [round(x, 2) for x in load_before],
        "load_after": [round(x, 2) for x in os.getloadavg()],
        "bare_s": round(bare, 3),
        "show_s": round(show, 3),
        "search_s": round(search, 3),
        "show_ratio": round(show / bare, 1),
        "search_ratio": round(search / bare, 1),
        "bare_cpu_s": round(bare_cpu, 3),
        "show_cpu_ratio": round(show_cpu / bare_cpu, 1),
        "search_cpu_ratio": round(search_cpu / bare_cpu, 1),
    }
    for k, v in r.items():
        print(f"{k:14} {v}")
    (ROOT / "benchmarks" / "results" / "startup.json").write_text(
        json.dumps(r, indent=1) + "\n", encoding="utf-8"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
