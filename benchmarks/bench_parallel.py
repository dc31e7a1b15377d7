"""Where the per-source stages run: one process, a local process pool, Dask.

    python benchmarks/bench_parallel.py [--mb 2] [--repeat 3] [--workers 2]

Builds a synthetic corpus of ``--mb`` MB (``benchmarks/synth.py``), then runs
the text pipeline (read → link, no render: ``pipeline.run.run(until="link")``)
``--repeat`` times each with ``jobs=1``, with a process pool of ``--workers``
and with a Dask ``LocalCluster`` of ``--workers`` processes, and reports the
median wall seconds and the speed-up over one process. The Dask figures count
the cluster's start in a separate column (``cluster_start_s``): a cluster that
is already running pays it once, not per build.

The cost per Dask task is measured on its own: ``--tasks`` no-op tasks
mapped over the same cluster, wall time divided by their number; a build makes
four tasks per source (profile, clean, segment, refs) and one for the merge.

The machine's load average (``os.getloadavg``) before and after is part of
the result: on a shared machine the speed-up says little without it. Prints a
table and writes ``benchmarks/results/parallel.json``.

Target (issue: both cores): ``jobs=2`` ≥ 1.7× faster than ``jobs=1`` at 20 MB.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def _noop(x: int) -> int:
    return x


def _timed(corpus: Path, repeat: int, **kw) -> list[float]:
    from pipeline.run import run

    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        run(corpus, until="link", **kw)
        times.append(time.perf_counter() - t0)
    return times


def measure(mb: float, repeat: int, workers: int, tasks: int) -> dict:
    from benchmarks.synth import make_corpus
    from pipeline import executor, morph

    morph.is_known("правило")  # load the dictionary outside the timings
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory(prefix="kodeks-bench-") as tmp:
        files = make_corpus(ROOT / "corpus", tmp, mb)
        size = sum(f.stat().st_size for f in files)
        serial = _timed(Path(tmp), repeat, jobs=1)
        pool = _timed(Path(tmp), repeat, jobs=workers)
        t0 = time.perf_counter()
        with executor.make("dask", workers) as ex:
            start = time.perf_counter() - t0
            ex.map(_noop, range(workers))  # workers warm
            t0 = time.perf_counter()
            ex.map(_noop, range(tasks))
            per_task = (time.perf_counter() - t0) / tasks
        dask = _timed(Path(tmp), repeat, executor="dask", jobs=workers)
    load_after = os.getloadavg()
    med = {k: statistics.median(v) for k, v in (("jobs1", serial), ("pool", pool), ("dask", dask))}
    return {
        "mb": round(size / 1e6, 2),
        "files": len(files),
        "workers": workers,
        "repeat": repeat,
        "cores": os.cpu_count(),
        "load_before": [round(x, 2) for x in load_before],
        "load_after": [round(x, 2) for x in load_after],
        "jobs1_s": round(med["jobs1"], 2),
        "pool_s": round(med["pool"], 2),
        "dask_s_with_cluster_start": round(med["dask"], 2),
        "cluster_start_s": round(start, 2),
        "pool_speedup": round(med["jobs1"] / med["pool"], 2),
        "dask_speedup_without_start": round(med["jobs1"] / max(med["dask"] - start, 1e-9), 2),
        "dask_task_ms": round(per_task * 1000, 2),
        "dask_tasks_per_build": 4 * len(files) + 1,
        "all_s": {
            "jobs1": [round(t, 2) for t in serial],
            "pool": [round(t, 2) for t in pool],
            "dask": [round(t, 2) for t in dask],
        },
    }


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--mb", type=float, default=2.0)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--tasks", type=int, default=200)
    args = ap.parse_args(argv)
    r = measure(args.mb, args.repeat, args.workers, args.tasks)
    for k, v in r.items():
        print(f"{k:28} {v}")
    out = ROOT / "benchmarks" / "results" / "parallel.json"
    out.write_text(json.dumps(r, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
