"""Render times of the HTML site, the PDF, the Akoma Ntoso XML and the EPUB, and
the PDF's share of a whole build.

    .venv/bin/python benchmarks/bench_render.py [--copies 20] [--repeat 3]
        [--no-pdf-big] [--no-big] [--no-build] [--against REV] [--out results/render.json]

Builds the codex (read → link, not timed) for
- ``corpus``: the repository's corpus;
- ``xN``: the corpus repeated N times as distinct laws: copy k has every law
  number renumbered to a distinct 3-digit one (``Правило 64`` → ``Правило 1xx``,
  references too: ``правилу 64``, ``п. 64.10``, ``64A1`` …; addresses allow 3
  digits), so the codex has N times the entries;
then times ``site.render_site``, ``pdf.render_pdf`` (tagged, PDF/UA-1),
``akn.write_akn`` (validation against the OASIS schema included) and
``epub.write_epub`` (font subsetting included). Every figure is the median of
``--repeat`` runs, in CPU time (this process and any worker processes it
waited for) and in wall time.

The build share (skip with ``--no-build``) runs ``kodeks build`` on the corpus as a
user does, a fresh process each time, with and without ``--no-pdf``; the PDF's
cost is the difference, set against the rest of the build.

The machine (cores, CPU model) and its load (``uptime`` before and after) are
recorded with the figures: the cores may be shared, and wall times then vary
far more than CPU times. Prints a table and writes the JSON to ``--out``.

``--against REV`` times the PDF as the ``pipeline`` package of git revision REV
renders it too, side by side: both in fresh processes (medians of ``--repeat``
renders each), so the speed-up is measured under the same load.

Targets (issue: fast at any size): the corpus PDF ≥ 1.6× faster in CPU time than
with two layouts (``--against`` a revision that had them), the PDF costs no more
than the rest of the build, the ×20 PDF ≤ 30 s.
"""

from __future__ import annotations

import argparse
import json
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.machine import machine, uptime  # noqa: E402
from pipeline import akn, epub, pdf, site  # noqa: E402
from pipeline.run import run  # noqa: E402

# a law number where the corpus writes one: after the noun, in "п. 64.10", before a section letter
_LAW = re.compile(
    r"(?<![\d.])(\d{1,2})(?=(?:\.\d{1,2}\b)|[A-EА-ЕВС]\d|[A-EА-ЕВС]\b)|"
    r"((?:[Пп]равил\w*|п\.)\s*)(\d{1,2})(?!\d)"
)


def law_numbers(text: str) -> set[int]:
    return {int(m.group(1) or m.group(3)) for m in _LAW.finditer(text)}


def shift(text: str, mapping: dict[int, int]) -> str:
    """Renumber every law number the corpus writes (headings and references)."""

    def sub(m: re.Match) -> str:
        if m.group(1):
            return str(mapping[int(m.group(1))])
        return m.group(2) + str(mapping[int(m.group(3))])

    return _LAW.sub(sub, text)


def make_corpus(folder: Path, copies: int) -> Path:
    """The corpus ``copies`` times; copy k renumbers law n to ``100 + k*N + rank(n)``
    (N distinct law numbers), so every copy's laws are distinct 3-digit laws."""
    folder.mkdir(parents=True, exist_ok=True)
    texts = []
    for src in sorted((ROOT / "corpus").iterdir()):
        if src.suffix != ".txt":
            shutil.copy(src, folder / src.name)
            continue
        raw = src.read_bytes()
        try:
            texts.append((src, raw.decode("utf-8"), "utf-8"))
        except UnicodeDecodeError:
            texts.append((src, raw.decode("cp1251"), "cp1251"))
    numbers = sorted(set().union(*(law_numbers(t) for _, t, _ in texts)))
    if 100 + copies * len(numbers) > 999:
        raise SystemExit(f"--copies {copies} needs more than 3-digit law numbers")
    for k in range(copies):
        mapping = {n: 100 + k * len(numbers) + i for i, n in enumerate(numbers)}
        for src, text, enc in texts:
            (folder / f"{src.stem}_{k:02d}{src.suffix}").write_text(
                shift(text, mapping), encoding=enc
            )
    return folder


def cpu_s() -> float:
    """CPU seconds of this process and of the child processes it has waited for."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def timed(fn, repeat: int) -> dict:
    """Median CPU and wall seconds of ``repeat`` calls of ``fn``."""
    cpu, wall = [], []
    for _ in range(repeat):
        c0, w0 = cpu_s(), time.perf_counter()
        fn()
        cpu.append(cpu_s() - c0)
        wall.append(time.perf_counter() - w0)
    return {"cpu_s": round(statistics.median(cpu), 3), "wall_s": round(statistics.median(wall), 3)}


_PDF_WORKER = """
import json, resource, statistics, sys, time
tree, corpus, out, repeat = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
sys.path.insert(0, tree)
from pipeline import pdf
from pipeline.run import run
b = run(corpus)

def cpu():
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime

cpus, walls = [], []
for _ in range(repeat):
    c0, w0 = cpu(), time.perf_counter()
    pdf.render_pdf(b.codex, out, b)
    cpus.append(cpu() - c0)
    walls.append(time.perf_counter() - w0)
print(json.dumps({"cpu_s": round(statistics.median(cpus), 3),
                  "wall_s": round(statistics.median(walls), 3)}))
"""


def pdf_in(tree: Path, corpus: Path, out: Path, repeat: int) -> dict:
    """``render_pdf`` of the ``pipeline`` package in ``tree``, in a fresh process:
    medians of ``repeat`` renders (the first one pays WeasyPrint's start, as in a build)."""
    proc = subprocess.run(
        [sys.executable, "-c", _PDF_WORKER, str(tree), str(corpus), str(out), str(repeat)],
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(proc.stdout.strip().splitlines()[-1])


def checkout(rev: str, folder: Path) -> Path:
    """The ``pipeline`` package as it was at ``rev`` (git archive), in ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", rev, "pipeline"], capture_output=True, check=True
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    return folder


def measure(
    corpus: Path, tmp: Path, repeat: int, with_pdf: bool, before: Path | None = None
) -> dict:
    b = run(corpus)
    codex = b.codex
    row: dict = {"entries": len(codex.entries)}
    row["html"] = timed(lambda: site.render_site(codex, tmp / "html", b), repeat)
    row["laws"] = len(list((tmp / "html").glob("*.html")))
    if with_pdf and before is not None:
        # before and after side by side, each in its own process, under the same load
        row["pdf_before"] = pdf_in(before, corpus, tmp / "before.pdf", repeat)
        row["pdf"] = pdf_in(ROOT, corpus, tmp / "codex.pdf", repeat)
        row["pdf_speedup_cpu"] = round(row["pdf_before"]["cpu_s"] / row["pdf"]["cpu_s"], 2)
        row["pdf_speedup_wall"] = round(row["pdf_before"]["wall_s"] / row["pdf"]["wall_s"], 2)
        row["pdf_pages"] = pdf_pages(tmp / "codex.pdf")
    elif with_pdf:
        row["pdf"] = timed(lambda: pdf.render_pdf(codex, tmp / "codex.pdf", b), repeat)
        row["pdf_pages"] = pdf_pages(tmp / "codex.pdf")
    row["akn"] = timed(lambda: akn.write_akn(codex, tmp / "akn"), repeat)
    row["epub"] = timed(lambda: epub.write_epub(codex, tmp / "codex.epub"), repeat)
    return row


def pdf_pages(path: Path) -> int | None:
    try:
        from pypdf import PdfReader
    except ImportError:
        return None
    return len(PdfReader(str(path)).pages)


def build_share(corpus: Path, tmp: Path, repeat: int) -> dict:
    """``kodeks build`` as a user runs it, with and without the PDF (medians)."""
    kodeks = [sys.executable, "-m", "pipeline.cli", "build", str(corpus), "--quiet"]

    def once(extra: list[str], out: Path):
        def go():
            if out.exists():
                shutil.rmtree(out)
            subprocess.run(
                [*kodeks, "-o", str(out), *extra], cwd=ROOT, check=True, capture_output=True
            )

        return go

    full = timed(once([], tmp / "full"), repeat)
    rest = timed(once(["--no-pdf"], tmp / "nopdf"), repeat)
    pdf_cpu = round(full["cpu_s"] - rest["cpu_s"], 3)
    pdf_wall = round(full["wall_s"] - rest["wall_s"], 3)
    return {
        "build": full,
        "build_no_pdf": rest,
        "pdf_cpu_s": pdf_cpu,
        "pdf_wall_s": pdf_wall,
        "pdf_share_cpu": round(pdf_cpu / full["cpu_s"], 3) if full["cpu_s"] else None,
        "pdf_share_wall": round(pdf_wall / full["wall_s"], 3) if full["wall_s"] else None,
    }


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--copies", type=int, default=20)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--no-pdf-big", action="store_true", help="skip the PDF of the repeated corpus")
    ap.add_argument("--no-big", action="store_true", help="skip the repeated corpus altogether")
    ap.add_argument("--no-build", action="store_true", help="skip the whole-build share")
    ap.add_argument(
        "--against",
        metavar="REV",
        default=None,
        help="also time the PDF of the pipeline at git revision REV, side by side",
    )
    ap.add_argument("--out", default=str(ROOT / "benchmarks" / "results" / "render.json"))
    args = ap.parse_args()
    result: dict = {"machine": machine(), "uptime_before": uptime(), "repeat": args.repeat}
    rows = {}
    with tempfile.TemporaryDirectory() as d:
        d = Path(d)
        before = checkout(args.against, d / "before") if args.against else None
        if args.against:
            result["against"] = subprocess.run(
                ["git", "-C", str(ROOT), "rev-parse", "--short", args.against],
                capture_output=True,
                text=True,
                check=True,
            ).stdout.strip()
        rows["corpus"] = measure(ROOT / "corpus", d / "a", args.repeat, True, before)
        if not args.no_big:
            big = make_corpus(d / "big", args.copies)
            rows[f"x{args.copies}"] = measure(
                big, d / "b", args.repeat, not args.no_pdf_big, before
            )
        if not args.no_build:
            result["build_share"] = build_share(ROOT / "corpus", d / "c", args.repeat)
    result["rows"] = rows
    result["uptime_after"] = uptime()
    print(result["uptime_before"])
    print(
        f"{'corpus':<8}{'entries':>8}{'pages':>6}"
        + "".join(f"{k + ' cpu/wall s':>20}" for k in ("html", "pdf", "akn", "epub"))
    )
    for name, r in rows.items():
        cells = "".join(
            f"{r[k]['cpu_s']:>10.2f}{r[k]['wall_s']:>10.2f}" if k in r else f"{'-':>20}"
            for k in ("html", "pdf", "akn", "epub")
        )
        print(f"{name:<8}{r['entries']:>8}{r.get('pdf_pages') or '-':>6}{cells}")
    if "build_share" in result:
        s = result["build_share"]
        print(
            f"kodeks build corpus: {s['build']['cpu_s']:.2f} s CPU / {s['build']['wall_s']:.2f} s wall; "
            f"without the PDF {s['build_no_pdf']['cpu_s']:.2f} / {s['build_no_pdf']['wall_s']:.2f}; "
            f"PDF share {s['pdf_share_cpu']:.0%} CPU, {s['pdf_share_wall']:.0%} wall"
        )
    for name, r in rows.items():
        if "pdf_before" in r:
            print(
                f"{name} PDF at {result['against']}: {r['pdf_before']['cpu_s']:.2f} s CPU / "
                f"{r['pdf_before']['wall_s']:.2f} s wall; now {r['pdf']['cpu_s']:.2f} / "
                f"{r['pdf']['wall_s']:.2f}: {r['pdf_speedup_cpu']}x CPU, {r['pdf_speedup_wall']}x wall"
            )
    print(result["uptime_after"])
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(json.dumps(result, ensure_ascii=False, indent=1) + "\n")


if __name__ == "__main__":
    main()
