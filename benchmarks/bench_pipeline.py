"""Pipeline throughput on a synthetic large corpus (``benchmarks/synth.py``).

    python benchmarks/bench_pipeline.py [--mb 20 100] [--profile-clean MB]

For each size: build the corpus in a temporary folder, then run the stages of
``pipeline.run.STAGES`` one by one (render skipped: it writes the site and the
PDF, not part of the text pipeline) and report, per stage, seconds, MB/s of the
corpus's UTF-8 size, and the process's peak resident memory after the stage
(``ru_maxrss``: it never goes down, so the growth per stage is what the stage
added). Each size runs in a fresh subprocess so peaks do not carry over.
Prints a table and writes ``benchmarks/results/pipeline.json``.

``--profile-clean MB`` also profiles the clean stage (cProfile) on a corpus of
that size and prints the top functions by own time.

Targets: clean ≥ 5 MB/s on one core, memory growing no faster than the input;
segment + merge ≥ 5 MB/s.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from benchmarks.machine import machine, save, uptime  # noqa: E402

RESULTS = ROOT / "benchmarks" / "results" / "pipeline.json"


def _rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux


def measure(mb: float) -> dict:
    """Build a corpus of ``mb`` MB and time each stage in this process."""
    from benchmarks.synth import make_corpus
    from pipeline import morph
    from pipeline.run import Build, _walk

    morph.is_known("правило")  # load the dictionary outside the timings
    with tempfile.TemporaryDirectory(prefix="kodeks-bench-") as tmp:
        files = make_corpus(ROOT / "corpus", tmp, mb)
        size = sum(f.stat().st_size for f in files)
        b = Build(corpus=Path(tmp), pdf=False)
        base = _rss_mb()
        peaks: dict[str, float] = {}
        # the peak after a stage is the one seen when the next starts (the
        # per-source stages are one run of tasks: they share the peak after it)
        started: list[str] = []

        def progress(names: str) -> None:
            for name in started:
                peaks.setdefault(name, _rss_mb())
            started[:] = names.split(" → ")

        b.progress = progress
        _walk(b, "check")
        progress("")
        stages = [
            {
                "stage": name,
                "seconds": round(dt, 3),
                "mb_s": round(size / 1e6 / dt, 2) if dt else None,
                "peak_rss_mb": round(peaks[name], 1),
            }
            for name, dt in b.timings.items()
        ]
        edits = sum(len(c.edits) for c in b.cleaned)
        out = {
            "mb": round(size / 1e6, 2),
            "files": len(files),
            "entries": len(b.codex.entries),
            "edits": edits,
            "diagnostics": len(b.diagnostics),
            "rss_before_mb": round(base, 1),
            "stages": stages,
        }
    by = {s["stage"]: s["seconds"] for s in stages}
    seg_merge = by["segment"] + by["merge"]
    out["segment_merge_mb_s"] = round(out["mb"] / seg_merge, 2) if seg_merge else None
    structure = by["segment"] + by.get("refs", 0.0) + by["merge"] + by["link"]
    out["segment_refs_merge_link_mb_s"] = round(out["mb"] / structure, 2) if structure else None
    out["total_seconds"] = round(sum(by.values()), 2)
    return out


def profile_clean(mb: float, top: int = 20) -> str:
    import cProfile
    import io
    import pstats

    from benchmarks.synth import make_corpus
    from pipeline import morph
    from pipeline.clean import clean
    from pipeline.run import Build, _run_per_source, stage_read

    morph.is_known("правило")
    with tempfile.TemporaryDirectory(prefix="kodeks-prof-") as tmp:
        make_corpus(ROOT / "corpus", tmp, mb)
        b = Build(corpus=Path(tmp), pdf=False)
        stage_read(b)
        _run_per_source(b, ("profile",))
        prof = cProfile.Profile()
        prof.enable()
        for source, profile in zip(b.sources, b.profiles, strict=True):
            clean(source, b.vocab, profile=profile)
        prof.disable()
    s = io.StringIO()
    pstats.Stats(prof, stream=s).sort_stats("tottime").print_stats(top)
    return s.getvalue()


def table(results: list[dict]) -> str:
    lines = [f"{'MB':>7} {'stage':<9} {'seconds':>8} {'MB/s':>8} {'peak RSS MB':>12}"]
    for r in results:
        for s in r["stages"]:
            lines.append(
                f"{r['mb']:>7} {s['stage']:<9} {s['seconds']:>8} {s['mb_s']!s:>8} {s['peak_rss_mb']:>12}"
            )
        lines.append(
            f"{r['mb']:>7} {'seg+merge':<9} {'':>8} {r['segment_merge_mb_s']!s:>8}   "
            f"({r['files']} files, {r['entries']} entries, {r['edits']} edits)"
        )
        lines.append(
            f"{r['mb']:>7} {'seg..link':<9} {'':>8} {r['segment_refs_merge_link_mb_s']!s:>8}   "
            "(segment, refs, merge and link together)"
        )
    return "\n".join(lines)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--mb", type=float, nargs="+", default=[20.0])
    ap.add_argument("--one", type=float, help=argparse.SUPPRESS)  # child process: measure one size
    ap.add_argument("--profile-clean", type=float, metavar="MB")
    args = ap.parse_args(argv)
    if args.one is not None:
        print(json.dumps(measure(args.one)))
        return 0
    results = []
    before = uptime()
    for mb in args.mb:
        proc = subprocess.run(
            [sys.executable, __file__, "--one", str(mb)], capture_output=True, text=True
        )
        if proc.returncode:
            sys.stderr.write(proc.stderr)
            return proc.returncode
        results.append(json.loads(proc.stdout.strip().splitlines()[-1]))
    print(table(results))
    data = {
        "machine": machine(),
        "uptime_before": before,
        "results": results,
        "uptime_after": uptime(),
    }
    save(RESULTS, data)
    print(json.dumps(data, ensure_ascii=False))
    if args.profile_clean:
        print(profile_clean(args.profile_clean))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
