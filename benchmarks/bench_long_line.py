"""Cost of one long line: every stage must be linear in the length of a line.

    python benchmarks/bench_long_line.py [--mb 1 2 4 8]

For each size, one source of that many MB (the seed laws repeated) is run
through the text stages (read … link) twice: as written, with its newlines,
and as one line (every newline a space). Per stage it reports seconds for both
and their ratio; the ratio staying flat as the size doubles means the stage is
linear in line length. Each run happens in a fresh subprocess. Prints a table
and writes ``benchmarks/results/long_line.json``.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from benchmarks.machine import machine, save, uptime  # noqa: E402

RESULTS = ROOT / "benchmarks" / "results" / "long_line.json"


def measure(mb: float, one_line: bool) -> dict[str, float]:
    sys.path.insert(0, str(ROOT))
    from pipeline import morph
    from pipeline.run import run

    morph.is_known("правило")  # load the dictionary outside the timings
    seeds = sorted((ROOT / "corpus").glob("*.txt"))
    unit = "\n".join(p.read_text(encoding="utf-8") for p in seeds)
    n = int(mb * 1e6)
    text = unit * (n // len(unit.encode()) + 1)
    text = text.encode()[:n].decode("utf-8", errors="ignore")
    if one_line:
        text = text.replace("\n", " ")
    with tempfile.TemporaryDirectory(prefix="kodeks-long-") as tmp:
        (Path(tmp) / "long.txt").write_text(text, encoding="utf-8")
        b = run(Path(tmp), until="check", pdf=False)
        out = {name: round(t, 3) for name, t in b.timings.items()}
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--mb", type=float, nargs="+", default=[1, 2, 4])
    ap.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        print(json.dumps(measure(float(args.child[0]), args.child[1] == "1")))
        return
    rows = []
    before = uptime()
    for mb in args.mb:
        runs = {}
        for one in ("0", "1"):
            proc = subprocess.run(
                [sys.executable, __file__, "--child", str(mb), one],
                capture_output=True,
                text=True,
                check=True,
            )
            runs[one] = json.loads(proc.stdout.strip().splitlines()[-1])
        for stage in runs["0"]:
            a, b = runs["0"][stage], runs["1"][stage]
            rows.append(
                {
                    "mb": mb,
                    "stage": stage,
                    "lines_s": a,
                    "one_line_s": b,
                    "ratio": round(b / a, 2) if a else None,
                }
            )
        total_a, total_b = sum(runs["0"].values()), sum(runs["1"].values())
        rows.append(
            {
                "mb": mb,
                "stage": "total",
                "lines_s": round(total_a, 3),
                "one_line_s": round(total_b, 3),
                "ratio": round(total_b / total_a, 2) if total_a else None,
            }
        )
    print(f"{'MB':>5} {'stage':<8} {'lines s':>9} {'one line s':>11} {'ratio':>6}")
    for r in rows:
        print(
            f"{r['mb']:>5} {r['stage']:<8} {r['lines_s']:>9.3f} {r['one_line_s']:>11.3f} {r['ratio'] or 0:>6.2f}"
        )
    save(
        RESULTS,
        {"machine": machine(), "uptime_before": before, "rows": rows, "uptime_after": uptime()},
    )


if __name__ == "__main__":
    main()
