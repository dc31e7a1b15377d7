"""Text pipeline speed and memory on the realistic corpus (``benchmarks/realistic.py``).

    python benchmarks/bench_text.py [--small 10] [--single 2 8] [--memory 100] [--repeat 3]

Every figure is CPU time (``time.process_time`` of the process that does the
work: the machine is shared, so wall-clock time says more about the neighbours
than about Kodeks), the median of ``--repeat`` runs, each run in a fresh
subprocess with the per-source stages in that process (``jobs=1``), so MB/s is
per core:

- **clean**: ``profile`` + ``clean`` together, MB/s of the input's UTF-8 size;
- **text pipeline**: ``read`` → ``link``, MB/s;
- **segment ratio**: segment's CPU time on one ``--single`` file of the largest
  size over its time on one of the smallest (linear: 4× the size, ≤ 4.2× the time);
- **peak memory**: a whole ``kodeks build --no-pdf`` of a ``--memory`` MB corpus
  in a child process, its process tree's resident memory summed and sampled
  every 20 ms (psutil), reported as a multiple of the input's size.

The corpora are generated in a temporary folder, seeded, before the timings.
The machine (cores, CPU model) and its load (``uptime`` before and after) go
into the results, ``benchmarks/results/text.json``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from benchmarks.machine import machine, save, uptime  # noqa: E402

RESULTS = ROOT / "benchmarks" / "results" / "text.json"
TEXT_STAGES = ("read", "profile", "clean", "segment", "refs", "merge", "link")


def stage_times(corpus: str) -> dict:
    """CPU seconds of each text stage over ``corpus``, in this process, run the
    way a build runs them (``pipeline.run.run`` with one job)."""
    from pipeline import morph
    from pipeline import run as run_mod

    morph.is_known("правило")  # the dictionary loads outside the timings
    # the per-source stages run fused, one task per source: the build adds up
    # each stage's CPU time itself (``Build.cpu``)
    b = run_mod.run(corpus, until="link", pdf=False, jobs=1)
    out = {name: b.cpu[name] for name in TEXT_STAGES}
    size = sum(len(s.text.encode("utf-8")) for s in b.sources)
    return {
        "bytes": size,
        "files": len(b.sources),
        "edits": sum(len(c.edits) for c in b.cleaned),
        "cpu": out,
    }


def _child(corpus: Path) -> dict:
    proc = subprocess.run(
        [sys.executable, __file__, "--one", str(corpus)], capture_output=True, text=True
    )
    if proc.returncode:
        sys.stderr.write(proc.stderr)
        raise SystemExit(proc.returncode)
    return json.loads(proc.stdout.strip().splitlines()[-1])


def _median_runs(corpus: Path, repeat: int) -> dict:
    runs = [_child(corpus) for _ in range(repeat)]
    med = {k: statistics.median(r["cpu"][k] for r in runs) for k in TEXT_STAGES}
    mb = runs[0]["bytes"] / 1e6
    clean = med["profile"] + med["clean"]
    text = sum(med.values())
    return {
        "mb": round(mb, 2),
        "files": runs[0]["files"],
        "edits": runs[0]["edits"],
        "cpu_s": {k: round(v, 3) for k, v in med.items()},
        "runs_cpu_s": [{k: round(v, 3) for k, v in r["cpu"].items()} for r in runs],
        "clean_mb_s": round(mb / clean, 2),
        "text_pipeline_mb_s": round(mb / text, 2),
    }


def peak_memory(corpus: Path, out: Path) -> dict:
    """Peak resident memory of a whole ``kodeks build --no-pdf`` (the process
    and every child it starts), sampled every 20 ms."""
    import psutil

    size = sum(p.stat().st_size for p in corpus.glob("*.txt"))
    cmd = [sys.executable, "-m", "pipeline.cli", "build", str(corpus), "-o", str(out)]
    cmd += ["--no-pdf", "-q"]
    proc = psutil.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=ROOT)
    peak = 0
    done = threading.Event()

    def sample():
        nonlocal peak
        while not done.is_set():
            try:
                procs = [proc, *proc.children(recursive=True)]
                rss = 0
                for p in procs:
                    try:
                        rss += p.memory_info().rss
                    except psutil.Error:
                        pass
                peak = max(peak, rss)
            except psutil.Error:
                pass
            time.sleep(0.02)

    t = threading.Thread(target=sample, daemon=True)
    t.start()
    t0 = time.perf_counter()
    _out, err = proc.communicate()
    wall = time.perf_counter() - t0
    done.set()
    t.join()
    import resource

    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode:
        sys.stderr.write(err.decode(errors="replace"))
    return {
        "mb": round(size / 1e6, 2),
        "returncode": proc.returncode,
        "peak_rss_mb": round(peak / 1e6, 1),
        "peak_x_input": round(peak / size, 2),
        "largest_child_maxrss_mb": round(ru.ru_maxrss / 1024 * 1.048576, 1),
        "wall_s": round(wall, 1),
    }


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--small", type=float, default=10.0, help="MB of many small files")
    ap.add_argument("--single", type=float, nargs="*", default=[2.0, 8.0], help="MB of one file")
    ap.add_argument("--memory", type=float, default=100.0, help="MB for the peak memory build")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--no-write", action="store_true", help="print only")
    ap.add_argument("--one", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.one:
        print(json.dumps(stage_times(args.one)))
        return 0
    from benchmarks import realistic

    data: dict = {"machine": machine(), "seed": args.seed, "repeat": args.repeat}
    with tempfile.TemporaryDirectory(prefix="kodeks-text-") as tmp:
        tmp = Path(tmp)
        corpora = {}
        if args.small:
            corpora["small"] = tmp / "small"
            realistic.small_files(corpora["small"], args.small, args.seed)
        for mb in args.single:
            corpora[f"single_{mb:g}"] = tmp / f"single_{mb:g}"
            realistic.single_file(corpora[f"single_{mb:g}"], mb, args.seed)
        data["uptime_before"] = uptime()
        data["corpora"] = {}
        for name, path in corpora.items():
            data["corpora"][name] = r = _median_runs(path, args.repeat)
            print(name, json.dumps(r), flush=True)
        if len(args.single) >= 2:
            lo, hi = min(args.single), max(args.single)
            a = data["corpora"][f"single_{lo:g}"]["cpu_s"]["segment"]
            b = data["corpora"][f"single_{hi:g}"]["cpu_s"]["segment"]
            data["segment_ratio"] = {
                "sizes_mb": [lo, hi],
                "ratio": round(b / a, 2) if a else None,
                "linear_ratio": round(hi / lo, 2),
            }
            print("segment ratio", data["segment_ratio"], flush=True)
        if args.memory:
            mem = tmp / "memory"
            realistic.small_files(mem, args.memory, args.seed)
            data["memory"] = peak_memory(mem, tmp / "out")
            print("memory", data["memory"], flush=True)
        data["uptime_after"] = uptime()
    print(json.dumps(data, ensure_ascii=False))
    if not args.no_write:
        save(RESULTS, data)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
