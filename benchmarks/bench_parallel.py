"""Where the per-source stages run: one process, a local process pool, Dask.

    python benchmarks/bench_parallel.py [--mb 20] [--repeat 3] [--workers 2] [--no-dask]

Builds a synthetic corpus of ``--mb`` MB (``benchmarks/synth.py``), then runs
the text pipeline (read → link, no render: what ``pipeline.run`` does with
``until="link"``) and reports:

- **Where the CPU goes**, from one run in this process with every per-source
  call timed (``time.process_time``): the CPU of the per-source calls (in
  total and per source), the CPU of the rest (reading, the shared line counts
  and vocabulary, merge, link: the *serial* part), the serial fraction ``s``
  and the speed-up Amdahl's law allows with ``--workers`` processes,
  ``1 / (s + (1 - s) / workers)``. CPU time moves less with the machine's load
  than the wall clock, so these figures hold on a shared machine too.
- **Wall clock**: median seconds of ``--repeat`` runs with ``jobs=1`` and with
  a pool of ``--workers`` processes, and the speed-up.
- **Start of a worker**: the wall time of a fresh pool's first call in each
  worker (import of the stages and the dictionary), which a small corpus does
  not repay (``executor.CHARS_PER_WORKER``).
- **Dask**: the start of a ``LocalCluster`` of ``--workers`` processes (its own
  column: a running cluster pays it once, not per build), the cost per task
  (``--tasks`` no-op tasks mapped over the cluster, wall time divided by their
  number; a build makes four tasks per source, profile, clean, segment and
  refs, and one for the merge), and the build's wall time on that cluster and
  its speed-up over one process.

The machine's load average (``os.getloadavg``) before and after, its cores and
processor are part of the result: on a shared machine a wall-clock speed-up
says little without them. Prints a table and writes
``benchmarks/results/parallel.json``.

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
from itertools import pairwise
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.bench_startup import cpu_model  # noqa: E402
from pipeline import executor  # noqa: E402


def _noop(x: int) -> int:
    return x


def _warm(x: int) -> int:
    """What a worker does before its first source: import the stages, load the dictionary."""
    from pipeline import morph, run  # noqa: F401

    morph.is_known("правило")
    return x


class Timed(executor.Serial):
    """In this process, like ``Serial``, timing the CPU of every per-source call
    (by stage: ``stage`` is set as the build walks the stages)."""

    def __init__(self) -> None:
        self.stage = ""
        self.cpu: dict[str, float] = {}

    def map(self, fn, *iterables, **common) -> list:
        out = []
        for args in zip(*iterables, strict=True):
            t0 = time.process_time()
            out.append(fn(*args, **common))
            self.cpu[self.stage] = self.cpu.get(self.stage, 0.0) + time.process_time() - t0
        return out


def cpu_split(corpus: Path, workers: int) -> dict:
    """CPU of the per-source calls and of the rest, per stage, from one timed run."""
    from pipeline import run as run_mod

    ex = Timed()
    marks: list[tuple[str, float]] = []

    def progress(stage: str) -> None:
        ex.stage = stage
        marks.append((stage, time.process_time()))

    b = run_mod.Build(corpus=corpus, ex=ex, progress=progress)
    run_mod._walk(b, "link")
    marks.append(("", time.process_time()))
    stage_cpu = {a: t1 - t0 for (a, t0), (_b, t1) in pairwise(marks)}
    total = sum(stage_cpu.values())
    parallel = sum(ex.cpu.values())
    serial = total - parallel
    s = serial / total
    return {
        "sources": len(b.sources),
        "cpu_total_s": round(total, 2),
        "cpu_per_source_calls_s": round(parallel, 2),
        "cpu_per_source_ms": round(1000 * parallel / max(1, len(b.sources)), 2),
        "cpu_serial_s": round(serial, 2),
        "serial_fraction": round(s, 3),
        "amdahl_speedup": round(1 / (s + (1 - s) / workers), 2),
        "cpu_by_stage": {
            k: {
                "serial_s": round(v - ex.cpu.get(k, 0.0), 2),
                "per_source_s": round(ex.cpu.get(k, 0.0), 2),
            }
            for k, v in stage_cpu.items()
        },
    }


def _timed(corpus: Path, repeat: int, **kw) -> list[float]:
    from pipeline.run import run

    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        run(corpus, until="link", **kw)
        times.append(time.perf_counter() - t0)
    return times


def measure(mb: float, repeat: int, workers: int, tasks: int, dask: bool = True) -> dict:
    from benchmarks.synth import make_corpus
    from pipeline import morph

    morph.is_known("правило")  # load the dictionary outside the timings
    load_before = os.getloadavg()
    r: dict = {}
    with tempfile.TemporaryDirectory(prefix="kodeks-bench-") as tmp:
        files = make_corpus(ROOT / "corpus", tmp, mb)
        size = sum(f.stat().st_size for f in files)
        r.update(
            mb=round(size / 1e6, 2),
            files=len(files),
            workers=workers,
            repeat=repeat,
            cores=os.cpu_count(),
            cpu=cpu_model(),
        )
        r["cpu_split"] = cpu_split(Path(tmp), workers)
        with executor.Pool(workers) as pool:
            t0 = time.perf_counter()
            pool.map(_warm, range(workers))
            r["worker_start_s"] = round(time.perf_counter() - t0, 2)
        serial = _timed(Path(tmp), repeat, jobs=1)
        pool_t = _timed(Path(tmp), repeat, jobs=workers)
        med = {"jobs1": statistics.median(serial), "pool": statistics.median(pool_t)}
        r.update(
            jobs1_s=round(med["jobs1"], 2),
            pool_s=round(med["pool"], 2),
            pool_speedup=round(med["jobs1"] / med["pool"], 2),
        )
        all_s = {"jobs1": [round(t, 2) for t in serial], "pool": [round(t, 2) for t in pool_t]}
        if dask:
            t0 = time.perf_counter()
            with executor.make("dask", workers) as ex:
                start = time.perf_counter() - t0
                ex.map(_noop, range(workers))  # workers warm
                t0 = time.perf_counter()
                ex.map(_noop, range(tasks))
                per_task = (time.perf_counter() - t0) / tasks
            dask_t = _timed(Path(tmp), repeat, executor="dask", jobs=workers)
            med_dask = statistics.median(dask_t)
            r.update(
                dask_s_with_cluster_start=round(med_dask, 2),
                cluster_start_s=round(start, 2),
                dask_speedup_without_start=round(med["jobs1"] / max(med_dask - start, 1e-9), 2),
                dask_task_ms=round(per_task * 1000, 2),
                dask_tasks_per_build=4 * len(files) + 1,
            )
            all_s["dask"] = [round(t, 2) for t in dask_t]
        r["all_s"] = all_s
    r["load_before"] = [round(x, 2) for x in load_before]
    r["load_after"] = [round(x, 2) for x in os.getloadavg()]
    return r


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--mb", type=float, default=20.0)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--tasks", type=int, default=200)
    ap.add_argument("--no-dask", action="store_true", help="leave out the Dask figures")
    ap.add_argument("--out", default=str(ROOT / "benchmarks" / "results" / "parallel.json"))
    args = ap.parse_args(argv)
    r = measure(args.mb, args.repeat, args.workers, args.tasks, dask=not args.no_dask)
    for k, v in r.items():
        print(f"{k:28} {v}")
    Path(args.out).write_text(json.dumps(r, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
