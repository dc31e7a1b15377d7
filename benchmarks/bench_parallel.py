"""Where the per-source work runs: one process, a local process pool, Dask.

    python benchmarks/bench_parallel.py [--mb 20] [--repeat 3] [--workers 2]
                                        [--shape small single] [--no-dask] [--full]

For each corpus shape (``benchmarks/realistic.py``: ``small``, many files of
5–60 KB; ``single``, one file of ``--mb`` MB) of ``--mb`` MB it reports:

- **Where the CPU goes**, from one run in this process with every mapped call
  timed (``time.process_time``): the CPU of the calls an executor may run
  elsewhere (reading each file, each source's summary, each source's task
  ``profile → clean → segment → refs``), the CPU of the rest (listing the
  corpus, joining the summaries into the shared lines and the vocabulary,
  merge, link: the *serial* part), the serial fraction ``s`` and the speed-up
  Amdahl's law allows with ``--workers`` processes, ``1 / (s + (1 - s) /
  workers)``; for one file, the largest task bounds it further (``bound``).
  CPU time moves less with the machine's load than the wall clock.
- **Wall clock and CPU of real runs**: each run is a fresh process (as
  ``kodeks build`` is: the pool's start is part of the run) doing the text
  pipeline (read → link, ``pipeline.run`` with ``until="link"``; with
  ``--full`` the whole build without the PDF into a temporary folder). Median
  seconds of ``--repeat`` runs with ``jobs=1`` and with a pool of ``--workers``
  processes, the speed-up, and the CPU seconds of the build process and of its
  workers (``pool_cpu_parent_s``, ``pool_cpu_workers_s``: what crossing
  between processes and starting the workers add shows as their sum minus
  ``jobs1``'s CPU).
- **Dask** (not with ``--no-dask``): the start of a ``LocalCluster`` of
  ``--workers`` processes (its own column: a running cluster pays it once, not
  per build), the cost per task (``--tasks`` no-op tasks, wall time divided by
  their number; a build deals each of its three mapped steps, reading, the
  summaries and the per-source tasks, into at most 8 tasks per worker, and
  makes one for the merge), and the build's wall time on that
  cluster without its start, and its speed-up over one process.

The machine's load average (``os.getloadavg``) before and after every run, its
cores and processor are part of the result: on a shared machine a wall-clock
speed-up says little without them. Prints the figures and writes
``benchmarks/results/parallel.json``.

Target (issue: both cores): ``jobs=2`` ≥ 1.7× faster than ``jobs=1`` at 20 MB.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.bench_startup import cpu_model  # noqa: E402
from pipeline import executor  # noqa: E402


def _noop(x: int) -> int:
    return x


class Timed(executor.Serial):
    """In this process, like ``Serial``, timing the CPU of every mapped call."""

    def __init__(self) -> None:
        self.cpu = 0.0
        self.calls: list[float] = []

    def map(self, fn, *iterables, **common) -> list:
        out = []
        for args in zip(*iterables, strict=True):
            t0 = time.process_time()
            out.append(fn(*args, **common))
            dt = time.process_time() - t0
            self.cpu += dt
            self.calls.append(dt)
        return out


def cpu_split(corpus: Path, workers: int) -> dict:
    """CPU of the mapped calls and of the rest, from one timed run."""
    from pipeline import run as run_mod

    ex = Timed()
    b = run_mod.Build(corpus=corpus, ex=ex)
    t0 = time.process_time()
    run_mod._walk(b, "link")
    total = time.process_time() - t0
    parallel = ex.cpu
    serial = total - parallel
    s = serial / total
    amdahl = 1 / (s + (1 - s) / workers)
    # one file is one task: no schedule beats serial part + the largest task
    bound = total / (serial + max(max(ex.calls), parallel / workers))
    return {
        "sources": len(b.sources),
        "cpu_total_s": round(total, 2),
        "cpu_mapped_calls_s": round(parallel, 2),
        "cpu_largest_call_s": round(max(ex.calls), 2),
        "cpu_serial_s": round(serial, 2),
        "serial_fraction": round(s, 3),
        "amdahl_speedup": round(amdahl, 2),
        "bound_speedup": round(min(amdahl, bound), 2),
        "cpu_by_stage_s": {k: round(v, 2) for k, v in b.cpu.items()},
    }


def child(corpus: str, jobs: int, executor_name: str, full: bool) -> dict:
    """One run in this (fresh) process: wall, this process's CPU, its workers' CPU."""
    import psutil

    from pipeline import run as run_mod

    me = psutil.Process()

    def descendants_cpu() -> float:
        # the running ones (the forkserver, which has reaped its workers) and
        # the ones this process reaped (a Dask cluster's workers)
        reaped = resource.getrusage(resource.RUSAGE_CHILDREN)
        t = reaped.ru_utime + reaped.ru_stime
        for c in me.children(recursive=True):
            try:
                ct = c.cpu_times()
            except psutil.Error:
                continue
            t += ct.user + ct.system + ct.children_user + ct.children_system
        return t

    load = os.getloadavg()[0]
    w0, c0 = time.perf_counter(), time.process_time()
    k0 = descendants_cpu()
    if full:
        with tempfile.TemporaryDirectory(prefix="kodeks-bench-out-") as tmp:
            run_mod.build(corpus, Path(tmp) / "out", pdf=False, jobs=jobs, executor=executor_name)
            workers = descendants_cpu() - k0  # the forkserver has reaped its workers
    else:
        run_mod.run(corpus, until="link", jobs=jobs, executor=executor_name)
        workers = descendants_cpu() - k0
    return {
        "wall_s": time.perf_counter() - w0,
        "cpu_parent_s": time.process_time() - c0,
        "cpu_workers_s": workers,
        "load": load,
    }


def _runs(corpus: Path, repeat: int, jobs: int, executor_name: str, full: bool) -> list[dict]:
    out = []
    for _ in range(repeat):
        proc = subprocess.run(
            [sys.executable, __file__, "--child", str(corpus), str(jobs), executor_name]
            + (["--full"] if full else []),
            capture_output=True,
            text=True,
            check=True,
        )
        out.append(json.loads(proc.stdout.strip().splitlines()[-1]))
    return out


def _median(runs: list[dict], key: str) -> float:
    return round(statistics.median(r[key] for r in runs), 2)


def measure_shape(
    shape: str, mb: float, repeat: int, workers: int, tasks: int, dask: bool, full: bool
) -> dict:
    from benchmarks import realistic

    r: dict = {"shape": shape}
    with tempfile.TemporaryDirectory(prefix="kodeks-bench-") as tmp:
        if shape == "single":
            files = [realistic.single_file(tmp, mb)]
        else:
            files = realistic.small_files(tmp, mb)
        size = sum(f.stat().st_size for f in files)
        r.update(mb=round(size / 1e6, 2), files=len(files))
        r["cpu_split"] = cpu_split(Path(tmp), workers)
        serial = _runs(Path(tmp), repeat, 1, "local", full)
        pool = _runs(Path(tmp), repeat, workers, "local", full)
        auto = executor.useful_workers([f.stat().st_size for f in files], workers, load=0.0)
        r.update(
            jobs1_s=_median(serial, "wall_s"),
            pool_s=_median(pool, "wall_s"),
            pool_speedup=round(_median(serial, "wall_s") / _median(pool, "wall_s"), 2),
            jobs1_cpu_s=_median(serial, "cpu_parent_s"),
            pool_cpu_parent_s=_median(pool, "cpu_parent_s"),
            pool_cpu_workers_s=_median(pool, "cpu_workers_s"),
            default_workers=auto,
            runs={"jobs1": serial, "pool": pool},
        )
        if dask:
            t0 = time.perf_counter()
            with executor.make("dask", workers) as ex:
                start = time.perf_counter() - t0
                ex.map(_noop, range(workers))  # workers warm
                # Dask's own cost of a task: ``tasks`` no-op tasks submitted one by
                # one (``ex.map`` would deal them into a few tasks per worker)
                client = ex.client  # type: ignore[attr-defined]
                t0 = time.perf_counter()
                client.gather(client.map(_noop, range(tasks), pure=False))
                per_task = (time.perf_counter() - t0) / tasks
            on_dask = _runs(Path(tmp), repeat, workers, "dask", full)
            med = _median(on_dask, "wall_s")
            r.update(
                dask_s_with_cluster_start=med,
                cluster_start_s=round(start, 2),
                dask_speedup_without_start=round(
                    _median(serial, "wall_s") / max(med - start, 1e-9), 2
                ),
                dask_task_ms=round(per_task * 1000, 2),
                # three mapped steps (read, summary, per-source), dealt into tasks, and the merge
                dask_tasks_per_build=3 * len(executor.deal(len(files), workers)) + 1,
            )
            r["runs"]["dask"] = on_dask
    for runs in r["runs"].values():
        for run in runs:
            for k, v in run.items():
                run[k] = round(v, 2)
    return r


def measure(
    mb: float, repeat: int, workers: int, tasks: int, shapes: list[str], dask: bool, full: bool
) -> dict:
    r: dict = {
        "workers": workers,
        "repeat": repeat,
        "what": "whole build without the PDF" if full else "text pipeline read → link",
        "cores": os.cpu_count(),
        "cpu": cpu_model(),
        "load_before": [round(x, 2) for x in os.getloadavg()],
    }
    r["shapes"] = [measure_shape(s, mb, repeat, workers, tasks, dask, full) for s in shapes]
    r["load_after"] = [round(x, 2) for x in os.getloadavg()]
    return r


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--mb", type=float, default=20.0)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--tasks", type=int, default=200)
    ap.add_argument("--shape", nargs="+", default=["small", "single"], choices=["small", "single"])
    ap.add_argument("--no-dask", action="store_true", help="leave out the Dask figures")
    ap.add_argument("--full", action="store_true", help="the whole build, not read → link")
    ap.add_argument("--child", nargs=3, help=argparse.SUPPRESS)
    ap.add_argument("--out", default=str(ROOT / "benchmarks" / "results" / "parallel.json"))
    args = ap.parse_args(argv)
    if args.child:
        corpus, jobs, name = args.child
        print(json.dumps(child(corpus, int(jobs), name, args.full)))
        return 0
    r = measure(
        args.mb, args.repeat, args.workers, args.tasks, args.shape, not args.no_dask, args.full
    )
    print(json.dumps(r, ensure_ascii=False, indent=1))
    Path(args.out).write_text(json.dumps(r, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
