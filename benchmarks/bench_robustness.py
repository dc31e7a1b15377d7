"""Robustness: Kodeks on simulated damage, class by class, against a known truth.

    python benchmarks/bench_robustness.py [--json] [--classes a b] [--combos N]
        [--combo a+b …] [--seeds N] [--root REPO] [--gold DIR]

For each damage class of ``simulate.py`` the gold trees are rendered, damaged, and
built together as one corpus with the real command line; each source's export is
compared with its truth using the project's own figures (``pipeline.evaluate``):

- ``node_f1``: F1 of node ids; for a table of contents or an index the truth has no
  nodes, so any node built from it makes this 0;
- ``refs_f1``: F1 of reference targets (as counted by ``kodeks eval``);
- ``residue``: damage left in any title, text or footnote (``residue.py``);
- ``cer``: character error rate of the whole reading (titles, texts, footnotes);
  where the truth is empty (table of contents, index) it is the share of the
  page's characters that reached the codex;
- ``nodes``: nodes built (useful where the truth is empty).

- ``wrong_ids``: nodes built with an id the truth does not have (a cut page whose
  heading was lost must give an unplaced fragment, never a guessed address).

Real pages carry several classes at once: ``--combos N`` also measures the first N
compositions of ``simulate.combos`` (the shapes of ``simulate.COMBOS`` first, then
sensible ones in a seeded order; ``--combo a+b`` names them), each under
``"combos"`` with the same figures.

``--json`` prints ``{"classes": {NAME: {"node_f1": …, "refs_f1": …, "residue": …,
"cer": …, "nodes": …, "wrong_ids": …}}, "combos": {…}, "seeds": N, "seconds": …}``.
Targets: node F1 ≥ 0.97, refs F1 ≥ 0.97, no residue, CER ≤ 0.005, no wrong id in
every class and composition.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(HERE))
import residue  # noqa: E402
import simulate  # noqa: E402


def _add(total: dict, c: dict) -> dict:
    for k, v in c.items():
        total[k] = tuple(a + b for a, b in zip(total[k], v)) if k in total else v
    return total


def run_class(name: str, trees: list, root: Path, seed: int) -> dict:
    """Build one damage class and score it; returns the class's figures."""
    sys.path.insert(0, str(root))
    from pipeline import evaluate  # the project's own figures, from the scored tree
    from pipeline.cli import build_command

    work = Path(tempfile.mkdtemp(prefix=f"kodeks-sim-{name}-"))
    try:
        corpus, out = work / "corpus", work / "out"
        corpus.mkdir()
        cases = simulate.simulate(name, trees, seed)
        for stem, text, _ in cases:
            (corpus / f"{stem}.txt").write_text(text, encoding="utf-8")
        proc = subprocess.run(
            build_command(corpus, out),
            cwd=work,
            env=dict(os.environ, PYTHONPATH=str(root)),
            capture_output=True,
            text=True,
            timeout=1200,
        )
        total: dict = {}
        left = nodes = want_nodes = stray = chars = wrong = 0
        for stem, text, want in cases:
            path = out / "sources" / f"{stem}.json"
            got = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else None
            _add(total, evaluate.counts(want, got))
            tree = (got or {}).get("nodes") or []
            left += len(residue.in_tree(tree))
            nodes += sum(1 for _ in residue.walk(tree))
            want_nodes += sum(1 for _ in residue.walk(want.get("nodes") or []))
            ids = {n.get("id") for n in residue.walk(want.get("nodes") or [])}
            wrong += sum(1 for n in residue.walk(tree) if n.get("id") and n["id"] not in ids)
            stray += len(evaluate.reading(got or {}))
            chars += len(text)
        f = evaluate.figures(total)
        if want_nodes == 0:
            # a table of contents or an index: any node at all is a failure, and the
            # "error rate" is the share of the page's characters that reached the codex
            f["nodes_f1"] = 1.0 if nodes == 0 else 0.0
            f["refs_f1"] = 1.0 if f["refs_p"] == 1.0 else 0.0
            f["cer"] = stray / chars if chars else 0.0
        res = {
            "node_f1": round(f["nodes_f1"], 4),
            "refs_f1": round(f["refs_f1"], 4),
            "residue": left,
            "cer": round(f["cer"], 4),
            "nodes": nodes,
            "wrong_ids": wrong,
        }
        if proc.returncode not in (0, 1):
            res["error"] = proc.stderr.strip()[-300:]
        return res
    finally:
        shutil.rmtree(work, ignore_errors=True)


def on_target(r: dict) -> bool:
    """Node and reference F1 ≥ 0.97, no residue, CER ≤ 0.005, no wrong id."""
    return (
        r["node_f1"] >= 0.97
        and r["refs_f1"] >= 0.97
        and r["residue"] == 0
        and r["cer"] <= 0.005
        and r["wrong_ids"] == 0
        and "error" not in r
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--classes", nargs="*", default=list(simulate.DAMAGE))
    ap.add_argument(
        "--seeds", type=int, default=None, help="use only the first N gold trees (size)"
    )
    ap.add_argument("--seed", type=int, default=13, help="random seed of the damage")
    ap.add_argument("--root", type=Path, default=REPO, help="repository whose pipeline is measured")
    ap.add_argument(
        "--gold",
        type=Path,
        default=simulate.GOLD,
        help="folder of gold trees (default: $KODEKS_GOLD, else ../shared/gold)",
    )
    ap.add_argument(
        "--combos",
        type=int,
        default=len(simulate.COMBOS),
        help="also the first N compositions of several classes (default: simulate.COMBOS)",
    )
    ap.add_argument("--combo", nargs="*", default=None, help="these compositions instead (a+b+c)")
    args = ap.parse_args(argv)
    combos = args.combo if args.combo is not None else simulate.combos(args.combos, args.seed)
    unknown = [c for c in args.classes if c not in simulate.DAMAGE]
    unknown += [c for c in combos if not simulate.known(c)]
    if unknown:
        print(
            f"bench_robustness: unknown classes {unknown}; known: {list(simulate.DAMAGE)}",
            file=sys.stderr,
        )
        return 2
    trees = simulate.gold_trees(args.gold, limit=args.seeds)
    if not trees:
        print(
            f"bench_robustness: no gold trees (*.json) in {args.gold}; pass --gold FOLDER",
            file=sys.stderr,
        )
        return 2
    start = time.perf_counter()
    classes = {
        name: run_class(name, trees, args.root.resolve(), args.seed) for name in args.classes
    }
    composed = {name: run_class(name, trees, args.root.resolve(), args.seed) for name in combos}
    from score_devset import measured_on

    report = {
        "classes": classes,
        "combos": composed,
        "seeds": len(trees),
        "seconds": round(time.perf_counter() - start, 1),
        **measured_on(args.root.resolve()),
    }
    if args.json:
        print(json.dumps(report, ensure_ascii=False, indent=1))
    else:
        print(
            f"{'class':44} {'node_f1':>8} {'refs_f1':>8} {'residue':>8} {'cer':>8} {'nodes':>6} {'wrong':>6}"
        )
        for name, r in {**classes, **composed}.items():
            print(
                f"{name:44} {r['node_f1']:>8.4f} {r['refs_f1']:>8.4f} {r['residue']:>8} {r['cer']:>8.4f} "
                f"{r['nodes']:>6} {r['wrong_ids']:>6}  {'ok' if on_target(r) else 'BELOW TARGET'}"
            )
        print(f"{len(trees)} gold trees, {report['seconds']} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
