"""Throughput of the cross-reference detector, in CPU time, on realistic text.

    .venv/bin/python benchmarks/bench_refs.py [--mb 20] [--slice-mb 0.3] [--repeat 3] [--json]
                                             [--out benchmarks/results/refs.json]

The text (``--mb`` megabytes of UTF-8) is not copies of one file:

- the gold trees of the seeds rendered under every damage class of the simulator
  (``benchmarks/simulate.py``: reader chrome, pagers, DOS layout, collapsed
  pages, glued HTML, mixed scripts, …), each class again with another random
  seed until the size is reached, so the references stand in the layouts real
  pages give them;
- interleaved with paragraphs of varied Russian word forms from pymorphy3's
  dictionary (about a third of the text), so the vocabulary is large and no
  per-word cache can hide a per-word cost.

Measured, each the median of ``--repeat`` runs, in CPU time (``time.process_time``):

- ``refs``: :func:`pipeline.refs.find_references` on the whole text (the build's
  hot path);
- ``regex``: one pass of one plain ``regex`` over the same text: the stem
  «правил» that every reference detector has to look for, the floor of any
  regex-based detector (``ratio`` = refs time / this);
- ``heads``: the detector's own head pass (:data:`pipeline.refs.HEAD`) alone;
- ``component``: the ``kodeks_refs`` spaCy component (tokenizer, lemmas, same
  grammar) on a ``--slice-mb`` slice, extrapolated; it must find exactly the
  references :func:`find_references` finds on the slice.

The machine's load (``os.getloadavg``) is printed before and after: other
processes share the cores, CPU time is the fair measure.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

import regex

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from pipeline.refs import HEAD, find_references  # noqa: E402

MB = 1_000_000
TARGET_MB_S = 25.0
TARGET_RATIO = 40.0


def _vocabulary(n: int, rng: random.Random) -> list[str]:
    """About ``n`` distinct Russian word forms from pymorphy3's dictionary, drawn
    evenly over the initial letters."""
    from pipeline.morph import analyzer

    letters = "абвгдежзиклмнопрстуфхцчшщэюя"
    forms: set[str] = set()
    for letter in letters:
        mine: set[str] = set()
        for word, *_ in analyzer().iter_known_word_parses(letter):
            if word.isalpha():
                mine.add(word)
            if len(mine) >= n // len(letters):
                break
        forms |= mine
    out = sorted(forms)
    rng.shuffle(out)
    return out


def _filler(words: list[str], chars: int, rng: random.Random) -> str:
    out, size = [], 0
    while size < chars:
        k = rng.randint(8, 22)
        s = " ".join(rng.choice(words) for _ in range(k)).capitalize() + "."
        out.append(s)
        size += len(s) + 1
    return " ".join(out) + "\n"


def build(mb: float, seed: int = 15) -> str:
    """Damaged renderings of the gold trees, interleaved with varied word forms."""
    from simulate import DAMAGE, GOLD, gold_trees, simulate

    trees = gold_trees()
    if not trees:
        raise SystemExit(f"no gold annotations in {GOLD} (set KODEKS_GOLD)")
    rng = random.Random(seed)
    words = _vocabulary(60_000, rng)
    parts: list[str] = []
    size, round_ = 0, 0
    while size < mb * MB:
        for name in DAMAGE:
            for _stem, text, _truth in simulate(name, trees, seed=seed + round_):
                filler = _filler(words, len(text) // 2, rng)
                parts.append(text + "\n" + filler)
                size += len(text.encode("utf-8")) + len(filler.encode("utf-8"))
                if size >= mb * MB:
                    break
            if size >= mb * MB:
                break
        round_ += 1
    return "\n".join(parts)


def cpu(fn, repeat: int) -> tuple[float, object]:
    times, out = [], None
    for _ in range(repeat):
        t0 = time.process_time()
        out = fn()
        times.append(time.process_time() - t0)
    return statistics.median(times), out


def component_refs(text: str) -> tuple[float, list[tuple[str, str, str]]]:
    import spacy

    import pipeline.refs  # noqa: F401  (registers the factory)

    nlp = spacy.blank("ru")
    nlp.max_length = len(text) + 1
    nlp.add_pipe("kodeks_refs", config={"law": "64"})
    nlp("прогрев: см. правило 50")  # load pymorphy3 outside the timing
    t0 = time.process_time()
    doc = nlp(text)
    spent = time.process_time() - t0
    return spent, [(s.text, s._.target, s._.ref_kind) for s in doc.spans["kodeks_refs"]]


def main(argv=None) -> dict:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--mb", type=float, default=20.0, help="size of the text (MB of UTF-8)")
    ap.add_argument("--slice-mb", type=float, default=0.3, help="slice for the spaCy component")
    ap.add_argument("--repeat", type=int, default=3, help="runs per figure; the median is kept")
    ap.add_argument("--json", action="store_true", help="print only the JSON line")
    ap.add_argument("--out", type=Path, help="also write the JSON result to this file")
    args = ap.parse_args(argv)

    load_before = os.getloadavg()
    text = build(args.mb)
    size = len(text.encode("utf-8")) / MB
    find_references("прогрев: см. правило 50 и этому правилу", law="64")

    stem = regex.compile("правил")
    regex_s, hits = cpu(lambda: sum(1 for _ in stem.finditer(text)), args.repeat)
    heads_s, n_heads = cpu(lambda: sum(1 for _ in HEAD.finditer(text)), args.repeat)
    refs_s, found = cpu(lambda: find_references(text, law="64"), args.repeat)
    assert isinstance(found, list)

    cut = text.find("\n", int(args.slice_mb * MB / 2))  # ~2 bytes a character
    sl = text[: cut if cut > 0 else len(text)]
    sl_size = len(sl.encode("utf-8")) / MB
    comp_s, comp = component_refs(sl)
    fast = [(f.text, f.target, f.kind) for f in find_references(sl, law="64")]
    load_after = os.getloadavg()

    refs_mbs = size / refs_s
    result = {
        "size_mb": round(size, 2),
        "refs_mb_s": round(refs_mbs, 1),
        "refs_cpu_s": round(refs_s, 3),
        "refs_found": len(found),
        "regex_pass_mb_s": round(size / regex_s, 1),
        "regex_pass_hits": hits,
        "ratio_to_regex_pass": round(refs_s / regex_s, 1),
        "heads_pass_mb_s": round(size / heads_s, 1),
        "heads": n_heads,
        "component_mb_s": round(sl_size / comp_s, 2),
        "component_slice_mb": round(sl_size, 2),
        "component_same_refs": comp == fast,
        "component_refs_on_slice": len(comp),
        "repeat": args.repeat,
        "cpu_time": True,
        "load_before": [round(x, 2) for x in load_before],
        "load_after": [round(x, 2) for x in load_after],
        "cores": os.cpu_count(),
        "target_mb_s": TARGET_MB_S,
        "target_ratio": TARGET_RATIO,
        "meets_target": refs_mbs >= TARGET_MB_S and refs_s / regex_s <= TARGET_RATIO,
    }
    if not args.json:
        rows = [
            ("text (MB UTF-8)", f"{size:.2f}  (damaged seeds + varied word forms)"),
            ("find_references (MB/s CPU)", f"{refs_mbs:.1f}  ({len(found)} refs)"),
            ("one regex pass «правил» (MB/s CPU)", f"{size / regex_s:.1f}"),
            ("ratio refs / regex pass", f"{refs_s / regex_s:.1f}x  (target ≤ {TARGET_RATIO:g}x)"),
            ("head pass alone (MB/s CPU)", f"{size / heads_s:.1f}  ({n_heads} heads)"),
            (
                "spaCy component (MB/s CPU)",
                f"{sl_size / comp_s:.2f} on {sl_size:.2f} MB; same refs: {comp == fast}",
            ),
            ("load average before / after", f"{load_before} / {load_after}"),
        ]
        w = max(len(k) for k, _ in rows)
        for k, v in rows:
            print(f"{k:<{w}}  {v}")
    line = json.dumps(result, ensure_ascii=False)
    print(line)
    if args.out:
        args.out.write_text(line + "\n", encoding="utf-8")
    return result


if __name__ == "__main__":
    main()
