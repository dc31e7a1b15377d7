"""Damage simulator: clean law and commentary text with a known tree, rendered as
each class of damage that real web copies, scans and e-books show.

The clean text and its tree come from the gold annotations in ``../shared/gold``,
which pair the project's own seed sources (``corpus/``) with their trees: nothing
third-party is added. ``render(tree)`` prints a gold tree back as clean text in the
seeds' layout (``Правило 64. Title``, ``A.Title``, ``1.Title``, ``(A).Title``,
``64.10. text``, ``(i) text``, footnotes after a rule); unplaced fragments are left
out, so the truth is exactly the placed part of the tree (``truth(tree)``).

``DAMAGE`` maps a class name to a function ``(clean_text, truth, rng) -> (text, truth)``
that renders the damage and returns the tree a perfect pipeline makes of the result:
the same tree for damage that must be undone, an empty one for a table of contents
or an index (they must yield no nodes). Each class imitates one shape of issue #13
with invented site names and our own menu wording; no real site's template is copied.

    python benchmarks/simulate.py OUT [--classes a b] [--seeds N] [--seed S]

writes ``OUT/<class>/<stem>.txt`` and ``OUT/<class>/truth/<stem>.json`` for inspection.
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import textwrap
from collections.abc import Callable
from pathlib import Path

import regex

HERE = Path(__file__).resolve().parent
GOLD = HERE.parent.parent / "shared" / "gold"

Tree = dict


# ---------------------------------------------------------------- clean rendering


def truth(tree: Tree) -> Tree:
    """The part of a gold tree whose headings are in the source: top-level unplaced
    fragments and laws known only from their neighbours (``inferred``) are dropped,
    since without the page breaks around them nothing places them."""
    t = copy.deepcopy(tree)
    t["nodes"] = [
        n for n in t.get("nodes") or [] if n.get("id") is not None and not n.get("inferred")
    ]
    t.pop("removed", None)
    return t


def _marker(node: dict) -> str:
    kind, label = node["kind"], node.get("label") or ""
    if kind == "part":
        return f"Раздел {label} - "
    if kind == "law":
        return f"Правило {label}. "
    if kind in ("section", "clause", "subclause"):
        return f"{label}."
    if kind == "commentary":
        return f"{label}. "
    return f"{label} "


def _lines(node: dict) -> list[str]:
    tags = "".join(f"({t})" for t in node.get("tags") or [])
    paras = [p for p in (node.get("text") or "").split("\n") if p]
    head = node.get("title")
    out: list[str] = []
    if head:
        out.append(_marker(node) + head)
        out += paras
    elif paras:
        out.append(_marker(node) + paras[0])
        out += paras[1:]
    else:
        out.append(_marker(node).rstrip(" -"))
    if tags:
        out[0] += tags
    for fn in node.get("footnotes") or []:
        out += ["-" * 20, f"{fn['mark']} - {fn['text']}"]
    for child in node.get("children") or []:
        out += _lines(child)
    return out


def render(tree: Tree) -> str:
    """A gold tree printed back as clean source text, one paragraph per line."""
    lines: list[str] = []
    for node in truth(tree)["nodes"]:
        lines += _lines(node)
    return "\n".join(lines) + "\n"


def _empty(tree: Tree) -> Tree:
    return {**truth(tree), "nodes": []}


# ---------------------------------------------------------------- helpers

_HEAD = regex.compile(
    r"^(?:Правило\s+\d+\.|Раздел\s+[IVX]+\b|[A-H]\.|\d{1,2}\.(?!\d)|\(\w{1,4}\)\.?|\d+\.\d+\.)"
)


def _is_head(line: str) -> bool:
    return bool(_HEAD.match(line))


def wrap(text: str, width: int, hyphenate: bool, rng: random.Random) -> list[str]:
    """Hard-wrap each paragraph at ``width``; with ``hyphenate`` some long words are
    broken with a hyphen at the line end, as typewritten and OCR sources do."""
    out: list[str] = []
    for para in text.split("\n"):
        if not para:
            continue
        lines = textwrap.wrap(para, width, break_long_words=False, break_on_hyphens=False)
        if hyphenate:
            for i in range(len(lines) - 1):
                nxt = lines[i + 1].split(" ", 1)
                word = nxt[0]
                if len(word) >= 8 and word.isalpha() and rng.random() < 0.5:
                    cut = len(word) // 2
                    lines[i] += " " + word[:cut] + "-"
                    lines[i + 1] = word[cut:] + (" " + nxt[1] if len(nxt) > 1 else "")
        out += lines
    return out


# ---------------------------------------------------------------- damage classes


def clean(text: str, t: Tree, rng: random.Random) -> tuple[str, Tree]:
    return text, t


def wrapped(text: str, t: Tree, rng: random.Random) -> tuple[str, Tree]:
    return "\n".join(wrap(text, 60, True, rng)) + "\n", t


_SITE = "Читальный зал «Полка»"
_MENU = [
    "Главная | Жанры | Авторы | Новинки | Вход",
    "Поиск книг:",
    "Популярные книги: Весёлый шахматист, Кухня севера",
]


def reader_chrome(text: str, t: Tree, rng: random.Random) -> tuple[str, Tree]:
    """A reader page: site name, menu, breadcrumb, author/genre header, settings,
    alphabet bar above; a pager with ellipsis and prev/next links and a shop advert below."""
    page = rng.randint(3, 40)
    head = [
        _SITE,
        *_MENU,
        "А Б В Г Д Е Ж З И К Л М Н О П Р С Т У Ф Х Ц Ч Ш Щ Э Ю Я",
        f"Полка / Спорт / Без автора / Сборник правил - читать страницу {page}",
        "Автор: Без автора",
        "Жанр: Спорт, игры",
        "Шрифт: - 100% +",
        "Размер файла: 412 Кб",
        "",
    ]
    pager = [
        "",
        "« Предыдущая  1 2 3 … "
        + " ".join(str(i) for i in range(page - 2, page + 3))
        + " … 88  Следующая »",
        "Страницы: первая предыдущая следующая последняя",
        "Купите столы для игры: shop-stol.example",
        "© Полка 2009–2024",
    ]
    body = wrap(text, 70, False, rng)
    return "\n".join(head + body + pager) + "\n", t


def pager_lines(text: str, t: Tree, rng: random.Random) -> tuple[str, Tree]:
    """A pager of one number per line ("- 1" … "- 120") above the text."""
    head = (
        ["- << Первая", "- « Назад"]
        + [f"- {i}" for i in range(1, 121)]
        + ["- Вперёд »", "- Последняя >>"]
    )
    return "\n".join(head + wrap(text, 66, False, rng)) + "\n", t


def dos(text: str, t: Tree, rng: random.Random) -> tuple[str, Tree]:
    """A DOS e-text: centred headings (a law heading centred over two lines), fixed
    paragraph indents, justified text with double spaces, ``..pageN`` directives."""
    out: list[str] = []
    n = 0
    page = 1
    for line in text.split("\n"):
        if not line:
            continue
        if line.startswith("Правило "):
            words = line.split(" ")
            half = max(3, len(words) // 2)
            for part in (" ".join(words[:half]), " ".join(words[half:])):
                if part:
                    out.append(part.center(72).rstrip())
            out.append("")
            continue
        for i, w in enumerate(wrap(line, 64, True, rng)):
            if i == 0:
                w = " " * 7 + w
            else:
                w = " " * 7 + _justify(w, 64, rng)
            out.append(w)
            n += 1
            if n % 25 == 0:
                page += 1
                out.append(f"..page{page}")
    return "\n".join(out) + "\n", t


def _justify(line: str, width: int, rng: random.Random) -> str:
    words = line.split(" ")
    if len(words) < 3 or line.endswith("-"):
        return line
    gaps = width - len(line)
    for _ in range(max(0, min(gaps, len(words) - 1))):
        i = rng.randrange(len(words) - 1)
        words[i] += " "
    return " ".join(words)


def double_spaced(text: str, t: Tree, rng: random.Random) -> tuple[str, Tree]:
    """A scrape with an empty line after every line."""
    return "\n\n".join(wrap(text, 62, False, rng)) + "\n", t


def collapsed(text: str, t: Tree, rng: random.Random) -> tuple[str, Tree]:
    """Every newline collapsed into a space: the page is one line."""
    return " ".join(wrap(text, 70, False, rng)) + "\n", t


def _toc_entries(t: Tree) -> list[tuple[str, int]]:
    entries, page = [], 40
    for law in t["nodes"]:
        for node in [law, *(law.get("children") or [])]:
            if node["kind"] not in ("law", "section", "part"):
                continue
            page += 1 if node["kind"] == "law" else 0
            entries.append((_marker(node) + (node.get("title") or ""), page))
    return entries


def toc(text: str, t: Tree, rng: random.Random) -> tuple[str, Tree]:
    """A table of contents: dot leaders and page numbers, long entries wrapped over two
    lines, some entries merged into one line, a page number merged into a line."""
    lines: list[str] = ["С О Д Е Р Ж А Н И Е", ""]
    for entry, page in _toc_entries(t):
        dots = "." * max(3, 48 - len(entry))
        if len(entry) > 44:
            cut = entry.rfind(" ", 0, 40)
            lines += [entry[:cut], entry[cut + 1 :] + "..." + str(page)]
        elif lines and rng.random() < 0.3 and "..." in lines[-1]:
            lines[-1] += " " + entry + dots + str(page)
        else:
            lines.append(entry + dots + str(page))
    lines.insert(len(lines) // 2, "- 7")
    return "\n".join(lines) + "\n", _empty(t)


_INDEX_TERMS = ["Фальшренонс", "Взятка", "Судья", "Болван", "Претензия", "Наказание", "Торговля"]


def index(text: str, t: Tree, rng: random.Random) -> tuple[str, Tree]:
    """A subject index: terms with dot leaders to law numbers and "=" ditto marks."""
    laws = [n.get("label") for n in t["nodes"] if n["kind"] == "law"] or ["64"]
    lines = ["П Р Е Д М Е Т Н Ы Й  У К А З А Т Е Л Ь", "(номера правил)", ""]
    for term in _INDEX_TERMS:
        lines.append(term + "." * (40 - len(term)) + rng.choice(laws))
        for sub in ("после заявки", "со стороны болвана", "в последней взятке"):
            if rng.random() < 0.6:
                entry = f"= {sub}"
                lines.append(
                    entry
                    + "." * (40 - len(entry))
                    + ",".join(sorted({rng.choice(laws), rng.choice(laws)}))
                )
    return "\n".join(lines) + "\n", _empty(t)


def glued_html(text: str, t: Tree, rng: random.Random) -> tuple[str, Tree]:
    """HTML whose block breaks were lost: a heading glued to the text after it, and a
    section or clause label glued to the end of the previous sentence."""
    out: list[str] = []
    for line in text.split("\n"):
        if not line:
            continue
        if (
            out
            and regex.match(r"^(?:[A-H]|\d{1,2})\.\S", line)
            and out[-1].endswith((".", ":", ";"))
            and rng.random() < 0.6
        ):
            out[-1] += " " + line
        elif out and _glue_target(out[-1]):
            out[-1] += line
        else:
            out.append(line)
    return "\n".join(out) + "\n", t


def _glue_target(prev: str) -> bool:
    # a heading line (marker + title, no sentence end) takes the next line glued on
    return bool(
        regex.match(r"^(?:[A-H]|\d{1,2}|\([A-Z0-9]\))\.\p{Lu}", prev)
    ) and not prev.endswith((".", ":", ";", ")"))


_LOOK = str.maketrans({"A": "А", "B": "В", "C": "С", "E": "Е"})


def mixed_scripts(text: str, t: Tree, rng: random.Random) -> tuple[str, Tree]:
    """Cyrillic look-alike letters inside addresses and section labels, Latin letters
    inside Russian words, and ё mis-decoded as „ or п."""
    text = regex.sub(r"(?m)^([A-E])\.", lambda m: m[1].translate(_LOOK) + ".", text)
    text = regex.sub(r"(?<=\d)([A-E])(?=\d|\b)", lambda m: m[1].translate(_LOOK), text)
    text = regex.sub(
        r"(?<=\p{Cyrillic})о(?=\p{Cyrillic})", lambda m: "o" if rng.random() < 0.08 else "о", text
    )
    text = regex.sub(r"ё", lambda m: rng.choice(["„", "п"]), text)
    return text, t


_MISREADINGS = (
    ("cp1251", "latin_1"),
    ("koi8_r", "sloppy-windows-1251"),
    ("cp1251", "koi8_r"),
    ("cp866", "sloppy-windows-1251"),
    ("utf_8", "sloppy-windows-1251"),
)
"""(bytes written in, bytes read as): the code-page confusions of Russian web and DOS texts."""


def misdecoded(text: str, t: Tree, rng: random.Random) -> tuple[str, Tree]:
    """Paragraphs that went through a wrong code page before they were published
    (UTF-8 read as CP1251, KOI8-R and CP1251 read as each other, CP1251 as Latin-1,
    CP866 as CP1251): about a quarter of the lines, each with one confusion."""
    import ftfy.bad_codecs  # noqa: F401  (registers the sloppy-windows-* codecs)

    out = []
    for line in text.split("\n"):
        if line and rng.random() < 0.25:
            right, wrong = rng.choice(_MISREADINGS)
            line = line.encode(right).decode(wrong)
        out.append(line)
    return "\n".join(out), t


def pilcrow_margin(text: str, t: Tree, rng: random.Random) -> tuple[str, Tree]:
    """An e-book dump: a "| " margin on every line, pilcrows at paragraph ends and
    sometimes alone on a line."""
    out: list[str] = []
    for para in text.split("\n"):
        if not para:
            continue
        lines = wrap(para, 64, False, rng)
        lines[-1] += "¶"
        out += ["| " + ln for ln in lines]
        if rng.random() < 0.2:
            out.append("¶")
    return "\n".join(out) + "\n", t


def _spaced(s: str) -> str:
    return "  ".join(" ".join(w) for w in s.split(" "))


def spaced_title(text: str, t: Tree, rng: random.Random) -> tuple[str, Tree]:
    """Law headings printed with spaced-out letters: "П Р А В И Л О  6 4 .  ..."."""
    out = []
    for line in text.split("\n"):
        m = regex.match(r"^Правило (\d+)\. (.*)$", line)
        out.append(_spaced(f"Правило {m[1]}.") + "   " + _spaced(m[2]) if m else line)
    return "\n".join(out), t


def blank_unhyphenated(text: str, t: Tree, rng: random.Random) -> tuple[str, Tree]:
    """A blank line between every line, and words broken across lines without a hyphen."""
    lines = wrap(text, 60, True, rng)
    lines = [ln[:-1] if ln.endswith("-") and not ln.endswith(" -") else ln for ln in lines]
    return "\n\n".join(lines) + "\n", t


def bullets(text: str, t: Tree, rng: random.Random) -> tuple[str, Tree]:
    """An HTML list dumped as "- " bullets instead of clause numbers."""
    out = []
    for line in text.split("\n"):
        m = regex.match(r"^\d{1,2}\.(?!\d)(\S.*)$", line)
        out.append("- " + m[1] if m else line)
    return "\n".join(out), t


def page_furniture(text: str, t: Tree, rng: random.Random) -> tuple[str, Tree]:
    """A scanned book: every 18-25 lines a page number line and a running head."""
    out: list[str] = []
    page, left = rng.randint(30, 90), rng.randint(18, 25)
    for line in wrap(text, 64, True, rng):
        out.append(line)
        left -= 1
        if left == 0:
            page += 1
            out += [f"- {page} -", "ПРАВИЛА ИГРЫ"]
            left = rng.randint(18, 25)
    return "\n".join(out) + "\n", t


def table_separators(text: str, t: Tree, rng: random.Random) -> tuple[str, Tree]:
    """A text file saved from a table: cells ``|      |`` join what were lines, several
    to a physical line."""
    cells = wrap(text, 60, False, rng)
    out, i = [], 0
    while i < len(cells):
        k = rng.randint(2, 4)
        out.append("|      " + "      |      ".join(cells[i : i + k]) + "      |")
        i += k
    return "\n".join(out) + "\n", t


def renumbered_ol(text: str, t: Tree, rng: random.Random) -> tuple[str, Tree]:
    """An HTML ordered list renumbered by the browser: lettered subclauses (A), (B) show
    as 1., 2. inside their clause."""
    out = []
    for line in text.split("\n"):
        m = regex.match(r"^\(([A-H])\)\.(.*)$", line)
        out.append(f"{ord(m[1]) - ord('A') + 1}.{m[2]}" if m else line)
    return "\n".join(out), t


def two_copies(text: str, t: Tree, rng: random.Random) -> tuple[str, Tree]:
    """The same hard-wrapped page saved twice (two files of one site): every line of law
    text is shared, so repetition across sources must not be taken for site template."""
    return "\n".join(wrap(text, 64, False, rng)) + "\n", t


# classes whose every page is written twice, under ``<stem>`` and ``<stem>-copy``
COPIES = {"two-copies": 2}


DAMAGE: dict[str, Callable[[str, Tree, random.Random], tuple[str, Tree]]] = {
    "clean": clean,
    "wrapped": wrapped,
    "reader-chrome": reader_chrome,
    "pager-lines": pager_lines,
    "dos": dos,
    "double-spaced": double_spaced,
    "collapsed": collapsed,
    "toc": toc,
    "index": index,
    "glued-html": glued_html,
    "mixed-scripts": mixed_scripts,
    "misdecoded": misdecoded,
    "pilcrow-margin": pilcrow_margin,
    "spaced-title": spaced_title,
    "blank-unhyphenated": blank_unhyphenated,
    "bullets": bullets,
    "page-furniture": page_furniture,
    "table-separators": table_separators,
    "renumbered-ol": renumbered_ol,
    "two-copies": two_copies,
}


def gold_trees(gold: Path = GOLD, limit: int | None = None) -> list[tuple[str, Tree]]:
    """``(stem, tree)`` for every gold annotation (the first ``limit`` of them)."""
    files = sorted(gold.glob("*.json"))[:limit]
    return [(f.stem, json.loads(f.read_text(encoding="utf-8"))) for f in files]


def simulate(
    name: str, trees: list[tuple[str, Tree]], seed: int = 13
) -> list[tuple[str, str, Tree]]:
    """``(stem, damaged text, truth)`` for each tree under damage class ``name``."""
    rng = random.Random(f"{seed}:{name}")
    out = []
    for stem, tree in trees:
        t = truth(tree)
        text, want = DAMAGE[name](render(tree), t, rng)
        for k in range(COPIES.get(name, 1)):
            out.append((stem + ("-copy" * k), text, want))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        description="Write simulated damaged sources and their truth trees."
    )
    ap.add_argument("out", type=Path)
    ap.add_argument("--classes", nargs="*", default=list(DAMAGE))
    ap.add_argument("--seeds", type=int, default=None, help="use only the first N gold trees")
    ap.add_argument("--seed", type=int, default=13)
    args = ap.parse_args(argv)
    trees = gold_trees(limit=args.seeds)
    for name in args.classes:
        d = args.out / name
        (d / "truth").mkdir(parents=True, exist_ok=True)
        for stem, text, want in simulate(name, trees, args.seed):
            (d / f"{stem}.txt").write_text(text, encoding="utf-8")
            (d / "truth" / f"{stem}.json").write_text(
                json.dumps(want, ensure_ascii=False, indent=1), encoding="utf-8"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
