"""Score Kodeks on a local development set of real pages.

    python benchmarks/score_devset.py DIR [--annotations A] [--json] [--jobs N] [--root REPO] [--keep OUT]

``DIR`` holds the pages (``p001.txt`` …). They are third-party text and are never
committed; only their annotations are (``benchmarks/devset/annotations/*.json``,
format in ``benchmarks/devset/README.md``): a page's SHA-256, its kind and edition,
the ids a perfect build makes of it, the reference targets per id, and the noise
classes with line numbers. No sentence of a page is in an annotation.

Each page is built as a corpus of its own with the real command line
(``python -m pipeline.cli build PAGE_DIR -o OUT --no-pdf --quiet``, with
``PYTHONPATH=REPO``, default the repository this script lives in), and the build's
``sources/<stem>.json``, ``codex.json`` and ``report.json`` are compared with the
annotation:

- address precision / recall: the non-null ids of the source export against the
  annotated ids, as multisets (an id made twice counts once as a false positive);
  ids listed as ``optional`` are neither required nor counted against;
- reference precision / recall: ``(unit of the owner, target)`` pairs as multisets,
  where the unit of an id is the id up to its first parenthesis (an item's
  references count for its paragraph, a subclause's for its clause) and the owner
  of a reference inside an unplaced fragment is ``None``;
- residue: chrome, pagers, ``..page`` directives, ditto marks, pilcrows, separators,
  tags, mojibake and the like left in any title, text or footnote
  (``benchmarks/residue.py``, found by shape);
- TOC/index nodes: nodes of any kind built from a page annotated ``toc`` or
  ``index``; non-law nodes: nodes built from ``front``, ``other`` or ``chrome`` pages;
- edition and kind: what the build reports for the source (``codex.json`` sources,
  the source export, or a ``profile`` in ``report.json``) against the annotation; a
  table of contents or index kept under its own key (``toc``/``index``) and a non-law
  page that yields no nodes count as recognised.

A page whose file is missing or whose SHA-256 differs from the annotation is
skipped with a message: the annotation describes another text. Exit code 0 when
every page was scored, 1 when some were skipped, 2 on unusable arguments.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import residue

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
ANNOTATIONS = HERE / "devset" / "annotations"
NON_LAW = {"front", "other", "chrome"}
STRUCTURE = {"toc", "index"}


def unit(owner: str | None) -> str | None:
    """The id a reference is scored against: the owner up to its first parenthesis."""
    return owner.split("(", 1)[0] if owner else None


def build(page: Path, root: Path, keep: Path | None) -> tuple[Path, Path | None, str]:
    """Build ``page`` alone with the real CLI; returns (work dir, output dir or None, stderr)."""
    work = Path(tempfile.mkdtemp(prefix="kodeks-devset-"))
    corpus = work / "corpus"
    corpus.mkdir()
    shutil.copyfile(page, corpus / page.name)
    out = (keep / page.stem) if keep else work / "out"
    if keep and out.exists():
        shutil.rmtree(out)
    if str(root) not in sys.path:
        sys.path.insert(0, str(root))
    from pipeline.cli import build_command  # the scored tree's own command line

    env = dict(os.environ, PYTHONPATH=str(root))
    proc = subprocess.run(
        build_command(corpus, out),
        cwd=work,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    if not (out / "sources").is_dir():
        return work, None, proc.stderr.strip()[-500:] or f"exit {proc.returncode}"
    return work, out, proc.stderr.strip()[-500:]


def _ids(nodes: list[dict]) -> Counter:
    return Counter(n["id"] for n in residue.walk(nodes) if n.get("id"))


def _refs(nodes: list[dict], inherited: str | None = None) -> Counter:
    """``(unit, target)`` pairs of every reference. A node without an id speaks for the
    nearest id above it; inside an unplaced fragment that is ``None``."""
    found: Counter = Counter()
    for n in nodes:
        me = n.get("id") or (None if n.get("kind") == "fragment" else inherited)
        refs = list(n.get("refs") or [])
        for fn in n.get("footnotes") or []:
            refs += fn.get("refs") or []
        for r in refs:
            if r.get("target"):
                found[(unit(me), r["target"])] += 1
        found += _refs(n.get("children") or [], me)
    return found


def _reported(out: Path, stem: str, export: dict) -> tuple[str | None, str | None, dict]:
    """(kind, edition, profile) the build reports for the page's source."""
    kind, edition, profile = export.get("kind"), export.get("edition"), {}
    try:
        codex = json.loads((out / "codex.json").read_text(encoding="utf-8"))
        for s in codex.get("sources") or []:
            if Path(s.get("name", "")).stem == stem:
                edition = edition or s.get("edition")
                kind = kind or s.get("kind")
    except (OSError, ValueError):
        pass
    try:
        report = json.loads((out / "report.json").read_text(encoding="utf-8"))
        src = report.get("sources")
        # report.json keys its sources by file name (older builds: a list of records)
        entries = (
            src.items()
            if isinstance(src, dict)
            else (
                (str(s.get("source") or s.get("name") or ""), s)
                for s in src or []
                if isinstance(s, dict)
            )
        )
        for name, s in entries:
            if Path(name).stem == stem and isinstance(s, dict):
                profile = s.get("profile") or {}
                kind = s.get("kind") or kind
                edition = s.get("edition") or edition
        if isinstance(profile, dict):
            edition = profile.get("edition") or edition
            kind = profile.get("kind") or kind
    except (OSError, ValueError):
        pass
    if isinstance(
        edition, dict
    ):  # report.json's edition record {edition, from, confidence, evidence}
        edition = edition.get("edition")
    return kind, edition, profile if isinstance(profile, dict) else {}


def _kind_ok(want: str, reported: str | None, nodes: int, structure_key: bool) -> bool:
    """Is the page's kind recognised? Laws and commentary: the reported kind. A table of
    contents or an index: reported as such, or kept under its own key. Front matter,
    other texts and chrome: reported as such, or yielding no nodes."""
    if reported == want:
        return True
    if want in STRUCTURE:
        return structure_key
    if want in NON_LAW:
        return nodes == 0
    return False


def score_page(ann: dict, pages: Path, root: Path, keep: Path | None) -> dict:
    """Build one page and compare it with its annotation."""
    name = ann["page"]
    res: dict = {"page": name, "kind": ann["kind"], "edition": ann.get("edition")}
    path = pages / name
    if not path.is_file():
        return {**res, "skipped": f"{name}: no such file in {pages}"}
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    if digest != ann["sha256"]:
        return {
            **res,
            "skipped": f"{name}: SHA-256 {digest[:12]}… differs from the annotation's "
            f"{ann['sha256'][:12]}…; this is not the annotated page",
        }
    work, out, err = build(path, root, keep)
    try:
        if out is None:
            return {**res, "skipped": f"{name}: build failed: {err}"}
        export = json.loads((out / "sources" / f"{path.stem}.json").read_text(encoding="utf-8"))
        nodes = export.get("nodes") or []
        made, want, optional = (
            _ids(nodes),
            Counter(list(ann["nodes"])),
            set(ann.get("optional") or []),
        )
        tp = sum(min(c, want[i]) for i, c in made.items())
        fp = sum(c - want[i] for i, c in made.items() if i not in optional and c > want[i])
        fn = sum(c - made[i] for i, c in want.items() if made[i] < c)
        got_refs = _refs(nodes)
        exp_refs: Counter = Counter()
        for i, targets in ann["nodes"].items():
            for t in targets:
                exp_refs[(unit(i), t)] += 1
        for frag in ann.get("fragments") or []:
            for t in frag["refs"]:
                exp_refs[(None, t)] += 1
        rtp = sum((got_refs & exp_refs).values())
        left = residue.in_tree(nodes)
        total_nodes = sum(1 for _ in residue.walk(nodes))
        kind, edition, profile = _reported(out, path.stem, export)
        res.update(
            {
                "ids": {
                    "tp": tp,
                    "fp": fp,
                    "fn": fn,
                    "missing": sorted(i for i, c in want.items() if made[i] < c),
                    "extra": sorted(
                        i for i, c in made.items() if i not in optional and c > want[i]
                    ),
                },
                "refs": {
                    "tp": rtp,
                    "fp": sum(got_refs.values()) - rtp,
                    "fn": sum(exp_refs.values()) - rtp,
                    "missing": sorted(f"{o}>{t}" for (o, t) in (exp_refs - got_refs).elements()),
                    "extra": sorted(f"{o}>{t}" for (o, t) in (got_refs - exp_refs).elements()),
                },
                "residue": [{"class": c, "snippet": s} for c, s in left],
                "nodes": total_nodes,
                "toc_nodes": total_nodes if ann["kind"] in STRUCTURE else 0,
                "nonlaw_nodes": total_nodes if ann["kind"] in NON_LAW else 0,
                "toc_key": bool(export.get("toc") or export.get("index")),
                "reported_kind": kind,
                "reported_edition": edition,
                "profile": profile,
                "edition_ok": None
                if ann.get("edition") is None
                else str(edition) == str(ann["edition"]),
                "kind_ok": _kind_ok(
                    ann["kind"], kind, total_nodes, bool(export.get("toc") or export.get("index"))
                ),
            }
        )
        return res
    finally:
        shutil.rmtree(work, ignore_errors=True)


def measured_on(root: Path) -> dict:
    """The commit measured and the machine's load, recorded with the figures."""
    try:
        commit = subprocess.run(
            ["git", "-C", str(root), "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            timeout=30,
        ).stdout.strip()
    except OSError:
        commit = ""
    return {
        "commit": commit or None,
        "cpus": os.cpu_count(),
        "load_1min": round(os.getloadavg()[0], 1),
    }


def _pr(tp: int, fp: int, fn: int) -> tuple[float, float]:
    return (tp / (tp + fp) if tp + fp else 1.0, tp / (tp + fn) if tp + fn else 1.0)


def summarize(results: list[dict]) -> dict:
    """Overall figures, micro-averaged over the scored pages."""
    done = [r for r in results if "skipped" not in r]
    s = {k: sum(r["ids"][k] for r in done) for k in ("tp", "fp", "fn")}
    t = {k: sum(r["refs"][k] for r in done) for k in ("tp", "fp", "fn")}
    ap, ar = _pr(s["tp"], s["fp"], s["fn"])
    rp, rr = _pr(t["tp"], t["fp"], t["fn"])
    ed = [r["edition_ok"] for r in done if r["edition_ok"] is not None]
    classes = Counter(x["class"] for r in done for x in r["residue"])
    return {
        "pages": len(results),
        "scored": len(done),
        "skipped": len(results) - len(done),
        "address_precision": round(ap, 4),
        "address_recall": round(ar, 4),
        "reference_precision": round(rp, 4),
        "reference_recall": round(rr, 4),
        "residue": sum(classes.values()),
        "residue_by_class": dict(classes.most_common()),
        "pages_with_residue": sum(1 for r in done if r["residue"]),
        "toc_index_nodes": sum(r["toc_nodes"] for r in done),
        "nonlaw_nodes": sum(r["nonlaw_nodes"] for r in done),
        "edition_accuracy": round(sum(ed) / len(ed), 4) if ed else None,
        "kind_accuracy": round(sum(r["kind_ok"] for r in done) / len(done), 4) if done else None,
        "ids": s,
        "refs": t,
    }


def _public(r: dict) -> dict:
    """A page's result with no third-party text: residue snippets become counts per class."""
    out = {k: v for k, v in r.items() if k not in ("residue", "profile")}
    if "residue" in r:
        out["residue"] = dict(Counter(x["class"] for x in r["residue"]).most_common())
    return out


def _text_report(results: list[dict], summary: dict) -> str:
    lines = [
        f"{'page':9} {'kind':10} {'ids tp/fp/fn':>13} {'refs tp/fp/fn':>14} {'res':>4} {'nodes':>5}  kind/edition"
    ]
    for r in results:
        if "skipped" in r:
            lines.append(f"{r['page']:9} SKIPPED  {r['skipped']}")
            continue
        i, f = r["ids"], r["refs"]
        lines.append(
            f"{r['page']:9} {r['kind']:10} {i['tp']:>4}/{i['fp']:>3}/{i['fn']:>3} "
            f"{f['tp']:>5}/{f['fp']:>3}/{f['fn']:>3} {len(r['residue']):>4} {r['nodes']:>5}  "
            f"{r['reported_kind']}/{r['reported_edition']}"
        )
        if i["missing"]:
            lines.append(f"{'':10}missing ids: {' '.join(i['missing'])}")
        if i["extra"]:
            lines.append(f"{'':10}extra ids: {' '.join(i['extra'])}")
        if f["missing"]:
            lines.append(f"{'':10}missing refs: {' '.join(f['missing'])}")
        if f["extra"]:
            lines.append(f"{'':10}extra refs: {' '.join(f['extra'])}")
        for x in Counter(x["class"] for x in r["residue"]).most_common():
            lines.append(f"{'':10}residue {x[0]}: {x[1]}")
    s = summary
    lines += [
        "",
        f"pages {s['pages']} (scored {s['scored']}, skipped {s['skipped']})",
        f"address   P {s['address_precision']:.4f}  R {s['address_recall']:.4f}  ({s['ids']})",
        f"reference P {s['reference_precision']:.4f}  R {s['reference_recall']:.4f}  ({s['refs']})",
        f"residue {s['residue']} in {s['pages_with_residue']} pages: {s['residue_by_class']}",
        f"TOC/index nodes {s['toc_index_nodes']}, non-law page nodes {s['nonlaw_nodes']}",
        f"edition accuracy {s['edition_accuracy']}, kind accuracy {s['kind_accuracy']}",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("pages", type=Path, help="folder with the local pages (p001.txt …)")
    ap.add_argument("--annotations", type=Path, default=ANNOTATIONS)
    ap.add_argument("--json", action="store_true", help="print the results as JSON")
    ap.add_argument("--jobs", type=int, default=2, help="pages built at once (default 2)")
    ap.add_argument("--root", type=Path, default=REPO, help="repository whose pipeline is scored")
    ap.add_argument("--keep", type=Path, help="keep each page's build under KEEP/<stem>/")
    ap.add_argument("--only", nargs="*", help="score only these page names (p004 or p004.txt)")
    ap.add_argument(
        "--results",
        type=Path,
        help="also write the figures to this JSON file without any page text "
        "(residue as counts per class), fit to commit",
    )
    args = ap.parse_args(argv)
    if not args.pages.is_dir():
        print(f"score_devset: {args.pages} is not a folder", file=sys.stderr)
        return 2
    anns = [
        json.loads(p.read_text(encoding="utf-8")) for p in sorted(args.annotations.glob("*.json"))
    ]
    if args.only:
        wanted = {o if o.endswith(".txt") else o + ".txt" for o in args.only}
        anns = [a for a in anns if a["page"] in wanted]
    if not anns:
        print(f"score_devset: no annotations in {args.annotations}", file=sys.stderr)
        return 2
    if args.keep:
        args.keep.mkdir(parents=True, exist_ok=True)
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        results = list(
            pool.map(lambda a: score_page(a, args.pages, args.root.resolve(), args.keep), anns)
        )
    for r in results:
        if "skipped" in r:
            print(f"score_devset: skipped {r['skipped']}", file=sys.stderr)
    summary = summarize(results)
    summary.update(measured_on(args.root.resolve()))
    if args.results:
        args.results.write_text(
            json.dumps(
                {"summary": summary, "pages": [_public(r) for r in results]},
                ensure_ascii=False,
                indent=1,
            )
            + "\n",
            encoding="utf-8",
        )
    if args.json:
        print(json.dumps({"summary": summary, "pages": results}, ensure_ascii=False, indent=1))
    else:
        print(_text_report(results, summary))
    return 1 if summary["skipped"] else 0


if __name__ == "__main__":
    sys.exit(main())
