"""Peak memory of a whole build on the realistic corpora, as a multiple of the input.

    python benchmarks/bench_memory.py [--mb 20 50 100] [--layout small single] [--repeat 3] [--jobs 1]

For each size and layout (``small``: many files of 5–60 KB; ``single``: one
file; both from ``benchmarks/realistic.py``, seeded), a whole build (``kodeks build
--no-pdf --jobs N``) runs in a child process. Its memory is measured
two ways, and both are reported:

- **sampled**: the memory of the build's process tree (the build and every
  worker it starts: proportional set sizes, so that pages a forked child shares
  with the build count once), summed and sampled every 20 ms with psutil; the
  stage the build was in at the peak is named, and the highest sample of each
  stage is kept (``peak_mb_by_stage``; each product of render counts as a
  stage, ``render:html/`` …): the child runs ``pipeline.run.build`` as the
  command does, with a progress callback that names each stage on stderr;
- **maxrss**: ``getrusage(RUSAGE_CHILDREN).ru_maxrss`` of the build, the kernel's
  own high-water mark of its largest process (a pool's workers are counted
  apart, so with ``--jobs 1`` this is the build's whole peak and the samples
  can only miss a short spike).

The peak is divided by the corpus's size on disk (UTF-8 bytes). ``--repeat``
runs of each are made and their median reported with every run's figure. The
machine (cores, CPU model) and its load (``uptime`` before and after) go into
``benchmarks/results/memory.json``. Target (issue: fast at any size): the peak
is at most 3× the input at 100 MB.
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
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

RESULTS = ROOT / "benchmarks" / "results" / "memory.json"

from benchmarks.machine import append_rows, machine, uptime  # noqa: E402


def _child_maxrss() -> int:
    """Bytes: the largest resident size any waited-for child has reached."""
    return resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024  # KiB on Linux


def measure(corpus: Path, out: Path, jobs: int) -> dict:
    """One whole ``kodeks build --no-pdf`` of ``corpus`` in a child process: its
    peak memory, sampled and from the kernel, and the stage at the sampled peak."""

    size = sum(p.stat().st_size for p in corpus.iterdir() if p.is_file())
    # ``pipeline.run.build`` as ``kodeks build --no-pdf --jobs N`` calls it, with a
    # progress callback that names each stage on stderr
    code = (
        "import sys, dataclasses; from pipeline.run import build; from pipeline import render\n"
        "def say(s): print('kodeks-stage', s.replace(' ', ''), file=sys.stderr, flush=True)\n"
        # each product of render is a stage of its own in the breakdown
        "def named(p):\n"
        "    def write(b, path):\n"
        "        say('render:' + p.path)\n"
        "        p.write(b, path)\n"
        "    return dataclasses.replace(p, write=write)\n"
        "render.PRODUCTS = tuple(map(named, render.PRODUCTS))\n"
        f"build({str(corpus)!r}, {str(out)!r}, pdf=False, jobs={jobs}, progress=say)"
    )
    cmd = [sys.executable, "-c", code]
    env = dict(os.environ)
    # a fresh process for the measurement: RUSAGE_CHILDREN keeps the largest child
    # ever waited for, so each run is measured from a process of its own
    probe = [sys.executable, __file__, "--probe", json.dumps({"cmd": cmd, "env": env})]
    proc = subprocess.run(probe, capture_output=True, text=True, cwd=ROOT)
    if proc.returncode:
        sys.stderr.write(proc.stderr)
        raise SystemExit(f"measuring {corpus} failed")
    r = json.loads(proc.stdout.strip().splitlines()[-1])
    return {
        "input_mb": round(size / 1e6, 2),
        "returncode": r["returncode"],
        "sampled_peak_mb": round(r["sampled"] / 1e6, 1),
        "sampled_x": round(r["sampled"] / size, 2),
        "maxrss_mb": round(r["maxrss"] / 1e6, 1),
        "maxrss_x": round(r["maxrss"] / size, 2),
        "stage_at_peak": r["stage"],
        "peak_mb_by_stage": {k: round(v / 1e6, 1) for k, v in r["stages"].items()},
        "wall_s": r["wall"],
        "cpu_s": r["cpu"],
    }


def _pss(p) -> int:
    """The proportional set size of a process (its shared pages split between the
    processes that share them), else its resident size: a child the build forks
    (``fc-match`` for the EPUB) shares the build's pages until it execs, and adding
    its resident size counted them twice."""
    try:
        return p.memory_full_info().pss
    except (AttributeError, OSError):
        return p.memory_info().rss


def _probe(spec: str) -> int:
    """Run the build ``spec`` names, sampling its process tree; print the figures."""
    import psutil

    s = json.loads(spec)
    proc = psutil.Popen(
        s["cmd"],
        env=s["env"],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    peak, peak_stage, stage = 0, "", ["start"]
    by_stage: dict[str, int] = {}
    done = threading.Event()

    def read_stages():
        assert proc.stderr is not None
        for line in proc.stderr:
            if line.startswith("kodeks-stage "):
                stage[0] = line.split()[1]
            else:
                sys.stderr.write(line)

    def sample():
        nonlocal peak, peak_stage
        while not done.is_set():
            rss = 0
            try:
                for p in [proc, *proc.children(recursive=True)]:
                    try:
                        rss += _pss(p)
                    except psutil.Error:
                        pass
            except psutil.Error:
                pass
            if rss > peak:
                peak, peak_stage = rss, stage[0]
            if rss > by_stage.get(stage[0], 0):
                by_stage[stage[0]] = rss
            time.sleep(0.02)

    reader = threading.Thread(target=read_stages, daemon=True)
    sampler = threading.Thread(target=sample, daemon=True)
    t0 = time.perf_counter()
    reader.start()
    sampler.start()
    proc.wait()
    wall = time.perf_counter() - t0
    done.set()
    sampler.join()
    reader.join()
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    print(
        json.dumps(
            {
                "returncode": proc.returncode,
                "sampled": peak,
                "maxrss": _child_maxrss(),
                "stage": peak_stage,
                "stages": by_stage,
                "wall": round(wall, 1),
                "cpu": round(ru.ru_utime + ru.ru_stime, 1),
            }
        )
    )
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--mb", type=float, nargs="+", default=[20.0, 50.0, 100.0])
    ap.add_argument("--layout", nargs="+", choices=("small", "single"), default=["small", "single"])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument(
        "--corpora", help="a folder to keep the generated corpora in (reused when present)"
    )
    ap.add_argument("--no-write", action="store_true", help="print only")
    ap.add_argument("--probe", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.probe:
        return _probe(args.probe)
    from benchmarks import realistic

    data: dict = {
        "machine": machine(),
        "seed": args.seed,
        "jobs": args.jobs,
        "repeat": args.repeat,
        "uptime_before": uptime(),
        "runs": [],
    }
    with tempfile.TemporaryDirectory(prefix="kodeks-memory-") as tmp:
        keep = Path(args.corpora) if args.corpora else Path(tmp)
        for mb in args.mb:
            for layout in args.layout:
                corpus = keep / f"{layout}-{mb:g}"
                if not corpus.exists():
                    make = realistic.small_files if layout == "small" else realistic.single_file
                    make(corpus, mb, args.seed)
                runs = [measure(corpus, Path(tmp) / "out", args.jobs) for _ in range(args.repeat)]
                row = {
                    "layout": layout,
                    "mb": mb,
                    "input_mb": runs[0]["input_mb"],
                    "median_sampled_x": statistics.median(r["sampled_x"] for r in runs),
                    "median_maxrss_x": statistics.median(r["maxrss_x"] for r in runs),
                    "runs": runs,
                    "uptime": uptime(),
                }
                data["runs"].append(row)
                print(json.dumps(row), flush=True)
    data["uptime_after"] = uptime()
    if not args.no_write:
        # the file keeps every round's rows: this run's go after them
        append_rows(RESULTS, data)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
