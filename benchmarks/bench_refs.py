"""Throughput of the cross-reference detector.

    .venv/bin/python benchmarks/bench_refs.py [--mb 20] [--full-mb 1] [--repeat 3]

Builds a synthetic text by repeating the corpus files (``corpus/*.txt``) up to
``--mb`` megabytes (UTF-8 bytes; the text is mostly Cyrillic, ~2 bytes a
character), then measures:

- ``fast``: :func:`pipeline.refs.find_references` on the whole text: character
  prefilter, spaCy only on windows around candidates, lemmas cached by form;
- ``full``: the ``kodeks_refs`` spaCy component run on every token (tokenizer +
  lemma for every token + matcher), on a ``--full-mb`` slice only, and
  EXTRAPOLATED to the full size (throughput is linear in the text size).

Prints a table, then one JSON line with both figures, their ratio and the peak
memory (``ru_maxrss`` of the process and the ``tracemalloc`` peak of the fast pass).
"""

from __future__ import annotations

import argparse
import json
import resource
import sys
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pipeline.refs import find_references  # noqa: E402

MB = 1_000_000


def build(mb: float) -> str:
    """Corpus files repeated until the text has ``mb`` MB of UTF-8."""
    files = [p.read_text(encoding="utf-8") for p in sorted((ROOT / "corpus").glob("*.txt"))]
    if not files:
        raise SystemExit("no corpus/*.txt")
    unit = "\n".join(files) + "\n"
    unit_bytes = len(unit.encode("utf-8"))
    return unit * max(1, round(mb * MB / unit_bytes))


def chunks(text: str, size: int = 200_000) -> list[str]:
    """Cut at line ends into pieces below spaCy's max_length."""
    out, start = [], 0
    while start < len(text):
        end = text.find("\n", start + size)
        end = len(text) if end < 0 else end + 1
        out.append(text[start:end])
        start = end
    return out


def bench_fast(text: str, repeat: int) -> tuple[float, int]:
    best, n = float("inf"), 0
    for _ in range(repeat):
        t0 = time.perf_counter()
        n = len(find_references(text, law="64"))
        best = min(best, time.perf_counter() - t0)
    return best, n


def bench_full(text: str) -> tuple[float, int]:
    import spacy

    nlp = spacy.blank("ru")
    nlp.add_pipe("kodeks_refs", config={"law": "64"})
    nlp("прогрев: см. правило 50")  # load pymorphy3 outside the timing
    t0 = time.perf_counter()
    n = sum(len(doc.spans["kodeks_refs"]) for doc in nlp.pipe(chunks(text)))
    return time.perf_counter() - t0, n


def main(argv=None) -> dict:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument(
        "--mb", type=float, default=20.0, help="size of the synthetic text (MB of UTF-8)"
    )
    ap.add_argument(
        "--full-mb", type=float, default=1.0, help="slice for the full-pipeline run (extrapolated)"
    )
    ap.add_argument("--repeat", type=int, default=3, help="fast-path runs; the best is kept")
    args = ap.parse_args(argv)

    text = build(args.mb)
    size = len(text.encode("utf-8")) / MB
    find_references("прогрев: см. правило 50 и этому правилу", law="64")  # load models

    fast_s, fast_n = bench_fast(text, args.repeat)

    tracemalloc.start()
    find_references(text, law="64")
    _, fast_peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()

    sl = build(min(args.full_mb, args.mb))
    sl_size = len(sl.encode("utf-8")) / MB
    full_s, full_n = bench_full(sl)
    sl_fast_n = len(find_references(sl, law="64"))

    fast_mbs = size / fast_s
    full_mbs = sl_size / full_s
    result = {
        "size_mb": round(size, 2),
        "fast_mb_s": round(fast_mbs, 2),
        "fast_s": round(fast_s, 3),
        "fast_refs": fast_n,
        "full_mb_s": round(full_mbs, 3),
        "full_slice_mb": round(sl_size, 2),
        "full_s_extrapolated": round(size / full_mbs, 1),
        "full_refs_slice": full_n,
        "fast_refs_slice": sl_fast_n,
        "same_refs_on_slice": full_n == sl_fast_n,
        "speedup": round(fast_mbs / full_mbs, 1),
        "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
        "fast_tracemalloc_peak_mb": round(fast_peak / MB, 1),
        "target_mb_s": 2.0,
        "meets_target": fast_mbs >= 2.0,
    }
    rows = [
        ("text size (MB UTF-8)", f"{size:.2f}"),
        (
            "fast: prefilter + windows (MB/s)",
            f"{fast_mbs:.2f}  ({fast_s:.2f} s, {fast_n} refs, best of {args.repeat})",
        ),
        (
            "full spaCy on every token (MB/s)",
            f"{full_mbs:.3f}  (measured on {sl_size:.2f} MB, {full_n} refs)",
        ),
        ("full spaCy, extrapolated (s)", f"{size / full_mbs:.1f}  (extrapolated, not run)"),
        ("speed-up fast / full", f"{fast_mbs / full_mbs:.1f}x"),
        ("same refs on the slice", str(full_n == sl_fast_n)),
        ("peak RSS (MB)", f"{result['peak_rss_mb']}"),
        ("tracemalloc peak, fast pass (MB)", f"{result['fast_tracemalloc_peak_mb']}"),
    ]
    w = max(len(k) for k, _ in rows)
    for k, v in rows:
        print(f"{k:<{w}}  {v}")
    print(json.dumps(result, ensure_ascii=False))
    return result


if __name__ == "__main__":
    main()
