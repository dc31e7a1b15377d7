"""Quality figures: a build's per-source trees against the gold annotations.

The figures are the ones ``../shared/gold/score.py`` defines (its docstring is
the reference): ``cer`` of the whole reading, node-id precision/recall/F1,
exact titles, text similarity, unplaced-fragment recall, reference
precision/recall, owned-reference F1, footnotes, penalty and inferred flags.
They are computed here so that ``kodeks eval`` needs no script from outside the
project; a test checks that both agree to four decimals.
"""

from __future__ import annotations

import collections
import json
from pathlib import Path

from rapidfuzz.distance import Levenshtein

from .errors import KodeksError

COLUMNS = (
    "cer",
    "nodes_f1",
    "titles",
    "text",
    "unplaced_r",
    "refs_p",
    "refs_r",
    "owned_f1",
    "notes_r",
    "penalty_f1",
    "inferred_f1",
)


def _walk(nodes, path=None, counter=None):
    counter = counter if counter is not None else [0]
    for node in nodes:
        if node.get("id") is not None:
            key = node["id"]
        elif path is None:
            counter[0] += 1
            key = f"~{counter[0]}"
        else:
            key = f"{path}/{node.get('label')}"
        yield node, key
        yield from _walk(
            node.get("children") or [], None if node.get("id") is not None else key, counter
        )


def reading(tree: dict) -> str:
    """Every title, text paragraph and footnote text, one per line, in order."""
    lines = []
    for node, _ in _walk(tree.get("nodes") or []):
        if node.get("title"):
            lines.append(node["title"])
        if node.get("text"):
            lines.extend(node["text"].split("\n"))
        lines.extend((n.get("text") or "") for n in node.get("footnotes") or [])
    return "\n".join(lines)


def facts(tree: dict) -> dict:
    ids: set[str] = set()
    titles: dict[str, str | None] = {}
    texts: dict[str, str] = {}
    unplaced: collections.Counter[tuple] = collections.Counter()
    refs: collections.Counter[tuple] = collections.Counter()
    owned: collections.Counter[tuple] = collections.Counter()
    notes: collections.Counter[tuple] = collections.Counter()
    penalty, inferred = set(), set()
    for node, key in _walk(tree.get("nodes") or []):
        if node.get("id") is not None:
            ids.add(key)
            titles[key] = node.get("title")
            texts[key] = node.get("text") or ""
            if node.get("penalty"):
                penalty.add(key)
            if node.get("inferred"):
                inferred.add(key)
        else:
            unplaced[(node.get("kind"), node.get("label"), node.get("title"))] += 1
        for ref in node.get("refs") or []:
            refs[ref.get("target")] += 1
            owned[(key, ref.get("target"))] += 1
        for note in node.get("footnotes") or []:
            notes[(key, note.get("mark"), " ".join((note.get("text") or "").split()))] += 1
            for ref in note.get("refs") or []:
                refs[ref.get("target")] += 1
                owned[(key + "*", ref.get("target"))] += 1
    return dict(
        ids=ids,
        unplaced=unplaced,
        titles=titles,
        texts=texts,
        refs=refs,
        owned=owned,
        notes=notes,
        penalty=penalty,
        inferred=inferred,
    )


def _overlap(gold, out):
    if isinstance(gold, collections.Counter):
        return sum((gold & out).values()), sum(gold.values()), sum(out.values())
    return len(gold & out), len(gold), len(out)


def _prf(hits, n_gold, n_out):
    p = hits / n_out if n_out else (1.0 if not n_gold else 0.0)
    r = hits / n_gold if n_gold else 1.0
    f = 2 * p * r / (p + r) if p + r else 0.0
    return p, r, f


def counts(gold: dict, out: dict | None) -> dict:
    """Raw counts for one source (summed over sources for the overall figures)."""
    g_read, o_read = reading(gold), reading(out) if out else ""
    g, o = facts(gold), facts(out or {})
    c: dict[str, tuple[float, int]] = {"cer": (Levenshtein.distance(g_read, o_read), len(g_read))}
    for name in ("ids", "unplaced", "refs", "owned", "notes", "penalty", "inferred"):
        c[name] = _overlap(g[name], o[name])
    matched = g["ids"] & o["ids"]
    c["titles"] = (sum(g["titles"][k] == o["titles"][k] for k in matched), len(matched))
    sim = 0.0
    for k in matched:
        a, b = g["texts"][k], o["texts"][k]
        longest = max(len(a), len(b))
        sim += 1.0 - (Levenshtein.distance(a, b) / longest if longest else 0.0)
    c["text"] = (sim, len(matched))
    return c


def figures(c: dict) -> dict[str, float]:
    d, n = c["cer"]
    f = {"cer": d / n if n else 0.0}
    for name, label in (("ids", "nodes"), ("refs", "refs")):
        f[label + "_p"], f[label + "_r"], f[label + "_f1"] = _prf(*c[name])
    f["titles"] = c["titles"][0] / c["titles"][1] if c["titles"][1] else 1.0
    f["text"] = c["text"][0] / c["text"][1] if c["text"][1] else 1.0
    f["unplaced_r"] = _prf(*c["unplaced"])[1]
    f["owned_f1"] = _prf(*c["owned"])[2]
    f["notes_p"], f["notes_r"], _ = _prf(*c["notes"])
    f["penalty_f1"] = _prf(*c["penalty"])[2]
    f["inferred_f1"] = _prf(*c["inferred"])[2]
    return f


def _load(path: Path, what: str):
    """One JSON file of the gold or of the build, or ``KodeksError`` naming it and the line."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise KodeksError(f"{path}:{exc.lineno}: not valid JSON ({exc.msg}); not a {what}") from exc
    except (OSError, UnicodeDecodeError) as exc:
        raise KodeksError(f"{path}: cannot be read ({exc}); not a {what}") from exc
    if not isinstance(data, dict) or not isinstance(data.get("nodes"), list):
        raise KodeksError(
            f'{path}: not a {what}: it must be a JSON object whose "nodes" is a list '
            "(the shape the gold folder's README defines)"
        )
    return data


def evaluate(out_dir: str | Path, gold_dir: str | Path) -> dict[str, dict[str, float]]:
    """Figures per source stem and ``overall``, for every gold file."""
    out_dir, gold_dir = Path(out_dir), Path(gold_dir)
    if (out_dir / "sources").is_dir():
        out_dir = out_dir / "sources"
    if not out_dir.is_dir():
        raise KodeksError(f"{out_dir}: no such build folder; run `kodeks build` first")
    if not gold_dir.is_dir():
        raise KodeksError(f"{gold_dir}: no such gold folder")
    rows: dict[str, dict[str, float]] = {}
    total: dict[str, tuple] = {}
    for gold_path in sorted(gold_dir.glob("*.json")):
        path = out_dir / gold_path.name
        gold = _load(gold_path, "gold annotation")
        out = _load(path, "source tree") if path.exists() else None
        try:
            c = counts(gold, out)
        except (KeyError, TypeError, AttributeError, ValueError, IndexError) as exc:
            raise KodeksError(
                f"{gold_path} or {path}: not in the shape of a gold annotation "
                f"({type(exc).__name__}: {exc}); see the gold folder's README"
            ) from exc
        for k, v in c.items():
            total[k] = tuple(a + b for a, b in zip(total.get(k, (0,) * len(v)), v))
        rows[gold_path.stem] = figures(c)
    if not rows:
        raise KodeksError(f"{gold_dir}: no gold *.json files")
    rows["overall"] = figures(total)
    return rows
