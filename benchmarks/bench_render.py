"""Render times of the HTML site, the PDF, the Akoma Ntoso XML and the EPUB.

    .venv/bin/python benchmarks/bench_render.py [--copies 20] [--repeat 3] [--no-pdf-big]

Builds the codex (read → link, not timed) for
- ``corpus``: the repository's corpus;
- ``xN``: the corpus repeated N times as distinct laws: copy k has every law
  number renumbered to a distinct 3-digit one (``Правило 64`` → ``Правило 1xx``,
  references too: ``правилу 64``, ``п. 64.10``, ``64A1`` …; addresses allow 3 digits), so the codex has N times the entries;
then times ``site.render_site``, ``pdf.render_pdf`` (tagged, PDF/UA-1),
``akn.write_akn`` (validation against the OASIS schema included) and
``epub.write_epub`` (font subsetting included), best of ``--repeat``.
Prints a table, then one JSON line. Targets: HTML < 1 s for the corpus and
linear in size; PDF < 10 s for the corpus.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

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


def best(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times)


def measure(corpus: Path, tmp: Path, repeat: int, with_pdf: bool) -> dict:
    b = run(corpus)
    codex = b.codex
    html_s = best(lambda: site.render_site(codex, tmp / "html", b), repeat)
    pages = len(list((tmp / "html").glob("*.html")))
    pdf_s = None
    if with_pdf:
        pdf_s = best(lambda: pdf.render_pdf(codex, tmp / "codex.pdf", b), max(1, repeat // 2))
    akn_s = best(lambda: akn.write_akn(codex, tmp / "akn"), repeat)
    epub_s = best(lambda: epub.write_epub(codex, tmp / "codex.epub"), repeat)
    return {
        "entries": len(codex.entries),
        "laws": pages,
        "html_s": round(html_s, 3),
        "pdf_s": round(pdf_s, 3) if pdf_s is not None else None,
        "akn_s": round(akn_s, 3),
        "epub_s": round(epub_s, 3),
    }


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--copies", type=int, default=20)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--no-pdf-big", action="store_true", help="skip the PDF of the repeated corpus")
    args = ap.parse_args()
    rows = {}
    with tempfile.TemporaryDirectory() as d:
        d = Path(d)
        rows["corpus"] = measure(ROOT / "corpus", d / "a", args.repeat, True)
        big = make_corpus(d / "big", args.copies)
        rows[f"x{args.copies}"] = measure(big, d / "b", args.repeat, not args.no_pdf_big)
    base, big_row = rows["corpus"], rows[f"x{args.copies}"]
    ratio_entries = big_row["entries"] / base["entries"]
    ratio_html = big_row["html_s"] / base["html_s"] if base["html_s"] else None
    print(
        f"{'corpus':<10}{'entries':>9}{'pages':>7}{'html s':>9}{'pdf s':>9}{'akn s':>9}{'epub s':>9}"
    )
    for name, r in rows.items():
        pdf_s = f"{r['pdf_s']:.3f}" if r["pdf_s"] is not None else "-"
        print(
            f"{name:<10}{r['entries']:>9}{r['laws']:>7}{r['html_s']:>9.3f}{pdf_s:>9}"
            f"{r['akn_s']:>9.3f}{r['epub_s']:>9.3f}"
        )
    print(
        f"entries x{ratio_entries:.1f}, html time x{ratio_html:.1f} "
        f"(linear if close to the entries ratio)"
    )
    print(
        json.dumps(
            {
                "rows": rows,
                "entries_ratio": round(ratio_entries, 2),
                "html_ratio": round(ratio_html, 2) if ratio_html else None,
                "targets": {"html_corpus_s": 1.0, "pdf_corpus_s": 10.0},
                "ok": base["html_s"] < 1.0 and (base["pdf_s"] or 0) < 10.0,
            },
            ensure_ascii=False,
        )
    )


if __name__ == "__main__":
    main()
