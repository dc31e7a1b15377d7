"""A realistic synthetic corpus for the speed benchmarks: a large vocabulary, the
structure of the laws and of the commentary, and the damage of real sources.

``benchmarks/synth.py`` copies the seeds, so its corpus has a few hundred word
forms (every cache hits) and 12 KB files (cost that grows within one file stays
hidden). This module writes text of its own instead:

- **words**: inflected forms drawn from pymorphy3's dictionary (nouns, verbs,
  adjectives, adverbs of every case, number and tense the dictionary lists),
  mixed with the function words and the bridge terms of the seeds, so that the
  repairs meet unknown, rare and known words in realistic proportions;
- **structure**: laws (``Правило N. Title``) with sections ``A.``, clauses
  ``1.``, subclauses ``(a)``, footnotes after a rule, references (``см.
  Правило 12``, ``п. 64.10``, ``Правила 16B2``), and commentary paragraphs
  ``N.M.`` with ``(i)`` items: a tree in the gold annotations' format, printed
  by ``simulate.render``;
- **damage**: each book is damaged by one of ``simulate.DAMAGE``'s classes
  (reader chrome, pagers, hard wraps with hyphens, collapsed lines, DOS layout,
  mojibake ``ё``, double spacing, table borders, page furniture …).

Everything is seeded: the same arguments give the same bytes. Nothing is
stored; the benchmarks generate the corpus when they run.

    python benchmarks/realistic.py OUT --mb 10 [--single] [--seed 7]

``small_files(dest, mb, seed)`` writes many files of 5–60 KB;
``single_file(dest, mb, seed)`` writes one file of about ``mb`` MB whose books
carry the damage classes that damage part of a file (layout-wide classes such
as a DOS layout or a collapsed page describe a whole file, so a single big file
takes one of them at most, chosen by the seed).
"""

from __future__ import annotations

import argparse
import random
import sys
from functools import lru_cache
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from benchmarks import simulate  # noqa: E402

_FUNCTION = (
    "и в не на что с по к как а но из за от для о до то же при если или это "
    "его её их он она они было была были быть может должен должна должны только "
    "также уже ещё когда после перед между этот эта эти который которая которые"
).split()
_TERMS = (
    "взятка взятку взятки взяток игрок игрока игроку игроком судья судьи судью "
    "партнёр партнёра разыгрывающий разыгрывающего болван болвана карта карты картой "
    "заявка заявки заявку масть масти фальшренонс фальшренонса наказание наказания "
    "сторона стороны стороне нарушитель нарушителя ненарушившей нарушившей сдача сдачи "
    "торговля торговли ход хода правило правила правилу правиле"
).split()
_POS = {"NOUN", "VERB", "ADJF", "ADVB", "INFN", "PRTF", "GRND", "ADJS"}
_NAMES = {"Name", "Surn", "Patr", "Geox", "Orgn", "Trad", "Abbr"}
_LETTERS = "абвгдежзиклмнопрстуфхцчшэюя"


@lru_cache(maxsize=4)
def vocabulary(seed: int = 7, size: int = 60_000) -> tuple[str, ...]:
    """About ``size`` distinct inflected word forms from the dictionary, drawn
    under random two-letter prefixes (the dictionary is alphabetical, so each
    prefix gives a run of forms of a few lemmas in several inflections)."""
    from pipeline import morph

    d = morph.analyzer().dictionary
    rng = random.Random(f"vocab:{seed}")
    words: dict[str, None] = {}
    tries = 0
    while len(words) < size and tries < size:
        tries += 1
        prefix = rng.choice(_LETTERS) + rng.choice(_LETTERS)
        skip = rng.randrange(0, 400)
        taken = 0
        for i, (word, tag, _normal, _para, _idx) in enumerate(d.iter_known_words(prefix)):
            if i < skip:
                continue
            if i > skip + 600 or taken >= 60:
                break
            if (
                tag.POS in _POS
                and "-" not in word
                and len(word) >= 3
                and not _NAMES & tag.grammemes
            ):
                words.setdefault(word, None)
                taken += 1
    return tuple(words)


class Writer:
    """Sentences, titles and references from a seeded random stream."""

    def __init__(self, rng: random.Random, vocab: tuple[str, ...]):
        self.rng, self.vocab = rng, vocab

    def word(self) -> str:
        r = self.rng.random()
        if r < 0.35:
            return self.rng.choice(_FUNCTION)
        if r < 0.45:
            return self.rng.choice(_TERMS)
        return self.rng.choice(self.vocab)

    def ref(self, law: int) -> str:
        r, n = self.rng.random(), self.rng.randint(1, 93)
        if r < 0.3:
            return f"(см. Правило {n})"
        if r < 0.55:
            return f"Правила {n}{self.rng.choice('ABCDE')}{self.rng.randint(1, 4)}"
        if r < 0.8:
            return f"(см. п. {law}.{self.rng.randint(1, 12)} выше)"
        return f"Правилу {n}"

    def sentence(self, law: int, lo: int = 6, hi: int = 24) -> str:
        words = [self.word() for _ in range(self.rng.randint(lo, hi))]
        for _ in range(self.rng.randint(1, 3)):
            if len(words) > 4 and self.rng.random() < 0.5:
                words.insert(self.rng.randrange(2, len(words) - 1), words.pop() + ",")
        if self.rng.random() < 0.12:
            words.insert(self.rng.randrange(1, len(words)), self.ref(law))
        if self.rng.random() < 0.04:
            words.insert(self.rng.randrange(1, len(words)), "(НАКАЗАНИЕ)")
        s = " ".join(words)
        return s[0].upper() + s[1:] + self.rng.choice(".....;:")

    def paragraph(self, law: int, n: tuple[int, int] = (1, 4)) -> str:
        return " ".join(self.sentence(law) for _ in range(self.rng.randint(*n)))

    def title(self) -> str:
        t = " ".join(self.word() for _ in range(self.rng.randint(2, 6)))
        return t[0].upper() + t[1:]


def _node(kind: str, label: str, nid: str, title: str = "", text: str = "", children=()):
    return {
        "id": nid,
        "kind": kind,
        "label": label,
        "title": title,
        "text": text,
        "inferred": False,
        "tags": [],
        "footnotes": [],
        "children": list(children),
    }


def law_tree(w: Writer, law: int) -> dict:
    """One law: sections, clauses, subclauses and sometimes a footnote."""
    rng = w.rng
    sections = []
    for s in "ABCDEFGH"[: rng.randint(1, 5)]:
        clauses = []
        for c in range(1, rng.randint(1, 6)):
            subs = [
                _node(
                    "subclause", f"({chr(ord('a') + k)})", f"{law}{s}{c}{k}", "", w.paragraph(law)
                )
                for k in range(rng.randint(0, 3) if rng.random() < 0.3 else 0)
            ]
            clauses.append(
                _node("clause", str(c), f"{law}{s}{c}", w.title(), w.paragraph(law), subs)
            )
        sec = _node("section", s, f"{law}{s}", w.title(), w.paragraph(law, (1, 2)), clauses)
        sections.append(sec)
    node = _node("law", str(law), str(law), w.title(), "", sections)
    if rng.random() < 0.25:
        node["footnotes"] = [{"mark": "*", "text": w.paragraph(law, (1, 2))}]
    return node


def commentary_tree(w: Writer, law: int) -> dict:
    """A law's commentary: numbered paragraphs ``law.k``, some with ``(i)`` items."""
    rng = w.rng
    children = []
    for k in range(1, rng.randint(2, 12)):
        items = [
            _node("item", f"({'i' * (j + 1)})", f"{law}.{k}.{j}", "", w.paragraph(law))
            for j in range(rng.randint(1, 3) if rng.random() < 0.2 else 0)
        ]
        children.append(
            _node("commentary", f"{law}.{k}", f"{law}.{k}", "", w.paragraph(law, (2, 6)), items)
        )
    return _node("law", str(law), str(law), w.title().upper(), "", children)


def book(w: Writer, laws: range, commentary: bool) -> dict:
    make = commentary_tree if commentary else law_tree
    return {"nodes": [make(w, n) for n in laws]}


# classes that describe a whole file's layout (a profile decides them per file)
_WHOLE_FILE = {"dos", "collapsed", "double-spaced", "pilcrow-margin", "blank-unhyphenated"}
_PART = [c for c in simulate.DAMAGE if c not in _WHOLE_FILE and c not in simulate.COPIES]


def damaged_book(w: Writer, damage: str, size: int) -> str:
    """One book of about ``size`` characters under damage class ``damage``."""
    rng = w.rng
    parts, total = [], 0
    while total < size:
        start = rng.randint(1, 90)
        laws = range(start, min(93, start + rng.randint(1, 6)) + 1)
        tree = book(w, laws, commentary=rng.random() < 0.4)
        text, _truth = simulate.DAMAGE[damage](simulate.render(tree), tree, rng)
        parts.append(text)
        total += len(text)
    return "\n".join(parts)


def small_files(dest: str | Path, mb: float, seed: int = 7) -> list[Path]:
    """Many files of 5–60 KB (UTF-8), each one book under one damage class."""
    dest = Path(dest)
    dest.mkdir(parents=True, exist_ok=True)
    rng = random.Random(f"small:{seed}")
    w = Writer(rng, vocabulary(seed))
    classes = sorted(simulate.DAMAGE)
    target, size, out = int(mb * 1_000_000), 0, []
    k = 0
    while size < target:
        damage = classes[k % len(classes)]
        text = damaged_book(w, damage, rng.randint(3_000, 35_000))
        data = text.encode("utf-8")
        path = dest / f"book{k:05d}_{damage}.txt"
        path.write_bytes(data)
        out.append(path)
        size += len(data)
        k += 1
    return out


def single_text(mb: float, seed: int = 7, layout: str | None = None) -> str:
    """The text of one file of about ``mb`` MB: books under the damage classes
    that damage part of a file, in turn; ``layout`` adds one whole-file class."""
    rng = random.Random(f"single:{seed}:{mb}:{layout}")
    w = Writer(rng, vocabulary(seed))
    target, size, parts, k = int(mb * 1_000_000), 0, [], 0
    while size < target:
        text = damaged_book(w, _PART[k % len(_PART)], 40_000)
        parts.append(text)
        size += len(text.encode("utf-8"))
        k += 1
    text = "\n".join(parts)
    if layout:
        text, _t = simulate.DAMAGE[layout](text, {"nodes": []}, rng)
    return text


def single_file(dest: str | Path, mb: float, seed: int = 7, layout: str | None = None) -> Path:
    dest = Path(dest)
    dest.mkdir(parents=True, exist_ok=True)
    path = dest / f"single_{mb:g}mb.txt"
    path.write_text(single_text(mb, seed, layout), encoding="utf-8")
    return path


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out", type=Path)
    ap.add_argument("--mb", type=float, default=10.0)
    ap.add_argument("--single", action="store_true", help="one file instead of many")
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args(argv)
    if args.single:
        print(single_file(args.out, args.mb, args.seed))
    else:
        print(f"{len(small_files(args.out, args.mb, args.seed))} files written to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
