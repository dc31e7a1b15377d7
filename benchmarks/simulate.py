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

``compose(classes, …)`` renders several classes at once, in the order a real page goes
through them; ``COMBOS`` are the compositions always measured, ``combos(n)`` adds
sensible ones in a seeded order. ``cut`` is a page cut out of the book: its truth
keeps only what a perfect pipeline can know from the page (``_cut_truth``).

    python benchmarks/simulate.py OUT [--classes a b] [--combos N] [--seeds N] [--seed S]

writes ``OUT/<class>/<stem>.txt`` and ``OUT/<class>/truth/<stem>.json`` for inspection.
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import random
import textwrap
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import regex

HERE = Path(__file__).resolve().parent
GOLD = Path(os.environ.get("KODEKS_GOLD", HERE.parent.parent / "shared" / "gold"))
"""The gold trees: ``$KODEKS_GOLD``, or ``../shared/gold`` beside the clone."""

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


@dataclass
class Piece:
    """One printed line of a rendered tree and what it holds: ``role`` is ``title``
    (marker + title), ``head`` (marker + first paragraph), ``bare`` (the marker
    alone), ``para`` (paragraph ``index``), ``rule`` or ``note`` (footnote ``index``);
    ``lead`` is where the content (title or paragraph) starts in ``line``."""

    line: str
    node: dict
    role: str
    index: int = 0
    lead: int = 0

    @property
    def content(self) -> str:
        if self.role == "title":
            return self.node["title"]
        if self.role in ("head", "para"):
            return _paras(self.node)[self.index]
        return ""


def _paras(node: dict) -> list[str]:
    return [p for p in (node.get("text") or "").split("\n") if p]


def _pieces(node: dict) -> list[Piece]:
    tags = "".join(f"({t})" for t in node.get("tags") or [])
    paras = _paras(node)
    head = node.get("title")
    mark = _marker(node)
    out: list[Piece] = []
    if head:
        out.append(Piece(mark + head, node, "title", 0, len(mark)))
        out += [Piece(p, node, "para", i) for i, p in enumerate(paras)]
    elif paras:
        out.append(Piece(mark + paras[0], node, "head", 0, len(mark)))
        out += [Piece(p, node, "para", i + 1) for i, p in enumerate(paras[1:])]
    else:
        out.append(Piece(mark.rstrip(" -"), node, "bare"))
    if tags:
        out[0].line += tags
    for i, fn in enumerate(node.get("footnotes") or []):
        out += [
            Piece("-" * 20, node, "rule", i),
            Piece(f"{fn['mark']} - {fn['text']}", node, "note", i),
        ]
    for child in node.get("children") or []:
        out += _pieces(child)
    return out


def _lines(node: dict) -> list[str]:
    return [p.line for p in _pieces(node)]


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


_SPACED_WORD = regex.compile(r"(?<!\S)\S(?: \S(?!\S)){2,}")
_KEEP = "\x00"  # a space inside a spaced word while the paragraph is wrapped


def wrap(text: str, width: int, hyphenate: bool, rng: random.Random) -> list[str]:
    """Hard-wrap each paragraph at ``width``; with ``hyphenate`` some long words are
    broken with a hyphen at the line end, as typewritten and OCR sources do. A word
    in spaced letters (``П Р А В И Л О``) is one word: a line breaks at its wide gap,
    never between two of its letters."""
    out: list[str] = []
    for para in text.split("\n"):
        if not para:
            continue
        para = _SPACED_WORD.sub(lambda m: m[0].replace(" ", _KEEP), para)
        lines = textwrap.wrap(para, width, break_long_words=False, break_on_hyphens=False)
        lines = [ln.replace(_KEEP, " ") for ln in lines]
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
    return "\n".join(_chrome(wrap(text, 70, False, rng), page)) + "\n", t


_AD = "Реклама: настольные игры со скидкой на www.stol-igr.ru"


def _with_ad(body: list[str]) -> list[str]:
    """An advert line between two paragraphs (or two lines) in the middle of the text."""
    gaps = [k for k in range(len(body) // 3, len(body)) if k and body[k - 1] == ""]
    k = gaps[0] if gaps else len(body) // 2
    return [*body[:k], _AD, *body[k:]]


def _chrome(body: list[str], page: int) -> list[str]:
    """The reader site's template around ``body`` (page ``page``)."""
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
    return head + body + pager


def pager_lines(text: str, t: Tree, rng: random.Random) -> tuple[str, Tree]:
    """A pager of one number per line ("- 1" … "- 120") above the text."""
    return "\n".join(_PAGER + wrap(text, 66, False, rng)) + "\n", t


_PAGER = (
    ["- << Первая", "- « Назад"]
    + [f"- {i}" for i in range(1, 121)]
    + ["- Вперёд »", "- Последняя >>"]
)


def dos(text: str, t: Tree, rng: random.Random) -> tuple[str, Tree]:
    """A DOS e-text: centred headings (a law heading centred over two lines), fixed
    paragraph indents, justified text with double spaces, ``..pageN`` directives."""
    return "\n".join(_dos_lines(text, rng)) + "\n", t


def _dos_lines(text: str, rng: random.Random) -> list[str]:
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
    return out


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
    return "\n".join(_toc_lines(t, rng)) + "\n", _empty(t)


def _toc_lines(t: Tree, rng: random.Random) -> list[str]:
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
    return lines


_INDEX_TERMS = ["Фальшренонс", "Взятка", "Судья", "Болван", "Претензия", "Наказание", "Торговля"]


def index(text: str, t: Tree, rng: random.Random) -> tuple[str, Tree]:
    """A subject index: terms with dot leaders to law numbers and "=" ditto marks."""
    return "\n".join(_index_lines(t, rng)) + "\n", _empty(t)


def _index_lines(t: Tree, rng: random.Random) -> list[str]:
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
    return lines


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


_NOUN_MISREADINGS = ("Правнло", "Прав1ло", "Првило", "Праввло", "Пранило", "Правило")
"""How a scan's OCR reads the noun of a law heading: a letter wrong, a digit for a
letter, a letter lost; the last one right (most headings are read right)."""
_DIGIT_MISREADINGS = {"3": "З", "0": "О", "1": "l"}
"""The letters OCR takes a digit for inside a number."""


def ocr(text: str, t: Tree, rng: random.Random) -> tuple[str, Tree]:
    """A scan's text layer with OCR's misreadings of the markers: a law heading's
    noun read with a letter wrong or lost, a digit of its number read as a letter
    (``6З``), section B read as «8.», a digit of a commentary paragraph's number read
    as a letter (``64.1О.``), each now and then."""

    def number(digits: str) -> str:
        spots = [i for i, c in enumerate(digits) if c in _DIGIT_MISREADINGS]
        if not spots or rng.random() >= 0.3:
            return digits
        i = rng.choice(spots)
        return digits[:i] + _DIGIT_MISREADINGS[digits[i]] + digits[i + 1 :]

    def heading(m: regex.Match) -> str:
        return f"{rng.choice(_NOUN_MISREADINGS)} {number(m[1])}{m[2]}"

    text = regex.sub(r"(?m)^Правило (\d+)(\.)", heading, text)
    text = regex.sub(r"(?m)^B\.(?=\p{Lu})", lambda m: "8." if rng.random() < 0.5 else "B.", text)
    return regex.sub(r"(?m)^(\d+)\.(\d+)(?=\.\s)", lambda m: f"{m[1]}.{number(m[2])}", text), t


_MARKER_STOPS = (",", ";", " .", " ,")
"""What OCR reads for a marker's stop (``B,``, ``1 .``); a colon it does not (a colon
after a letter is a seat's: ``З: Пас``)."""
_MARKER_LOOKALIKES = {"3.": "З.", "6.": "б.", "(B).": "(8)."}
"""A marker read with a look-alike for its digit or letter."""


def ocr_markers(text: str, t: Tree, rng: random.Random) -> tuple[str, Tree]:
    """A scan's text layer with OCR's misreadings of the marks of sections, clauses
    and subclauses at their lines' starts: the stop read as a comma or a semicolon or
    set apart by a blank (``B,Текст``, ``1 .Текст``), a clause's 3 or 6 read
    as «З» or «б», a subclause's ``(B)`` as ``(8)``, and a law heading's 6 as «б»,
    each now and then."""

    def marker(m: regex.Match) -> str:
        written = m[1] + "."
        if written in _MARKER_LOOKALIKES and rng.random() < 0.5:
            return _MARKER_LOOKALIKES[written]
        return m[1] + rng.choice(_MARKER_STOPS) if rng.random() < 0.4 else written

    text = regex.sub(r"(?m)^([A-H]|\d{1,2}|\([A-H1-9]\))\.(?=\p{Lu})", marker, text)
    return regex.sub(
        r"(?m)^(Правило \d?)6(?=\d?\.)", lambda m: m[1] + ("б" if rng.random() < 0.5 else "6"), text
    ), t


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
            k = rng.randrange(len(_MISREADINGS))
            # a line the chosen code page cannot hold (a „ that stood for ё is no DOS
            # letter) went through the next confusion that can
            for right, wrong in _MISREADINGS[k:] + _MISREADINGS[:k]:
                try:
                    line = line.encode(right).decode(wrong)
                    break
                except UnicodeError:
                    continue
        out.append(line)
    return "\n".join(out), t


def pilcrow_margin(text: str, t: Tree, rng: random.Random) -> tuple[str, Tree]:
    """An e-book dump: a "| " margin on every line, pilcrows at paragraph ends and
    sometimes alone on a line."""
    return "\n".join(_pilcrow_lines(text, rng)) + "\n", t


def _pilcrow_lines(text: str, rng: random.Random) -> list[str]:
    out: list[str] = []
    for para in text.split("\n"):
        if not para:
            continue
        lines = wrap(para, 64, False, rng)
        lines[-1] += "¶"
        out += ["| " + ln for ln in lines]
        if rng.random() < 0.2:
            out.append("¶")
    return out


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
    return "\n".join(_blank_lines(text, rng)) + "\n", t


def _blank_lines(text: str, rng: random.Random) -> list[str]:
    lines = wrap(text, 60, True, rng)
    lines = [ln[:-1] if ln.endswith("-") and not ln.endswith(" -") else ln for ln in lines]
    return _spaced_out(lines)


def _spaced_out(lines: list[str]) -> list[str]:
    """An empty line after every line but the last."""
    return [x for ln in lines for x in (ln, "")][:-1]


def bullets(text: str, t: Tree, rng: random.Random) -> tuple[str, Tree]:
    """An HTML list dumped as "- " bullets instead of clause numbers."""
    out = []
    for line in text.split("\n"):
        m = regex.match(r"^\d{1,2}\.(?!\d)(\S.*)$", line)
        out.append("- " + m[1] if m else line)
    return "\n".join(out), t


def page_furniture(text: str, t: Tree, rng: random.Random) -> tuple[str, Tree]:
    """A scanned book: every 18-25 lines a page number line and a running head."""
    page, left = rng.randint(30, 90), rng.randint(18, 25)
    return "\n".join(_furnish(wrap(text, 64, True, rng), page, left, rng)) + "\n", t


_PAGE_LABELS = (
    "{n}", "{n} / {last}", "Страница {n} из {last}", "Page {n}", "с. {n}", "— {n} —",
    "({n})", "~ {n} ~", "# {n}", "<{n}>", "* {n} *",
)  # fmt: skip
"""How a PDF's text layer or a converter numbers its pages, one way a file: bare, of
how many, with its word, between dashes, in brackets or between a typesetter's
ornaments."""


def pdf_pages(text: str, t: Tree, rng: random.Random) -> tuple[str, Tree]:
    """A PDF's text layer: every 18-25 lines the page's number alone on its line, in
    one of the ways converters write it (``12``, ``12 / 88``, ``Страница 12 из 88``, …),
    with no running head."""
    numbered = _pdf_numbers(rng)
    return "\n".join(numbered(wrap(text, 64, True, rng))) + "\n", t


def _pdf_numbers(rng: random.Random) -> Callable[[list[str]], list[str]]:
    """``pdf_pages``' numbering of a file's lines (its first page, the lines left on
    it and the way its numbers are written drawn now)."""
    page, left = rng.randint(30, 90), rng.randint(18, 25)
    label, last = rng.choice(_PAGE_LABELS), page + rng.randint(40, 200)
    return lambda lines: _furnish(lines, page, left, rng, lambda n: [label.format(n=n, last=last)])


def viewer_pages(text: str, t: Tree, rng: random.Random) -> tuple[str, Tree]:
    """A document viewer's text of a PDF: hard-wrapped, and every 18-25 lines the page's
    number joined, after a blank, to the next page's first line (``97 убрать карту``)
    or to the end of the page's last line (``… карту. 96``), one way a file."""
    return "\n".join(_viewer_numbers(rng)(wrap(text, 64, True, rng))) + "\n", t


def _viewer_numbers(rng: random.Random) -> Callable[[list[str]], list[str]]:
    """``viewer_pages``' numbering of a file's lines (its first page, the lines left on
    it and the end its numbers join drawn now)."""
    page, left, first = rng.randint(30, 90), rng.randint(18, 25), rng.random() < 0.5

    def numbered(lines: list[str]) -> list[str]:
        nonlocal page, left
        out: list[str] = []
        waiting = None  # a page's number for the next line of text
        for line in lines:
            if waiting is not None and line.strip():
                line, waiting = f"{waiting} {line}", None
            out.append(line)
            if not line.strip():
                continue
            left -= 1
            if left == 0:
                page += 1
                if first:
                    waiting = page
                else:
                    out[-1] = f"{out[-1]} {page}"
                left = rng.randint(18, 25)
        return out

    return numbered


def pdf_paragraphs(text: str, t: Tree, rng: random.Random) -> tuple[str, Tree]:
    """A PDF's text saved a paragraph a line (an e-book reader's or a converter's
    export): every 1,200-2,200 characters the page's number alone on its line, in one of
    the ways converters write it, where the page ends between two paragraphs."""
    return "\n".join(_paragraph_pages(text.rstrip("\n").split("\n"), rng)) + "\n", t


def _paragraph_pages(lines: list[str], rng: random.Random) -> list[str]:
    page, label = rng.randint(30, 90), rng.choice(_PAGE_LABELS)
    last, budget = page + rng.randint(40, 200), rng.randint(1200, 2200)
    out: list[str] = []
    for line in lines:
        out.append(line)
        budget -= len(line) + 1
        if budget <= 0:
            page += 1
            out.append(label.format(n=page, last=last))
            budget = rng.randint(1200, 2200)
    return out


def _furnish(
    lines: list[str],
    page: int,
    left: int,
    rng: random.Random,
    furniture: Callable[[int], list[str]] = lambda page: [f"- {page} -", "ПРАВИЛА ИГРЫ"],
) -> list[str]:
    """``lines`` with a page's ``furniture`` (its number, its running head) after every
    18-25 of them, the pages counting up from ``page + 1``."""
    out: list[str] = []
    for line in lines:
        out.append(line)
        left -= 1
        if left == 0:
            page += 1
            out += furniture(page)
            left = rng.randint(18, 25)
    return out


def page_heads(text: str, t: Tree, rng: random.Random) -> tuple[str, Tree]:
    """A scan's text layer: every 18-25 lines a page's number and its running head on one
    line, the number outside (left on even pages, right on odd ones), the left and right
    pages headed differently."""
    page, left = rng.randint(30, 90), rng.randint(18, 25)
    return "\n".join(_headed(wrap(text, 64, True, rng), page, left, rng)) + "\n", t


def _headed(lines: list[str], page: int, left: int, rng: random.Random) -> list[str]:
    gap = " " * rng.randint(1, 24)
    return _furnish(
        lines,
        page,
        left,
        rng,
        lambda p: [f"{p}{gap}ПРАВИЛА ИГРЫ" if p % 2 == 0 else f"МЕЖДУНАРОДНЫЙ КОДЕКС{gap}{p}"],
    )


def table_separators(text: str, t: Tree, rng: random.Random) -> tuple[str, Tree]:
    """A text file saved from a table: cells ``|      |`` join what were lines, several
    to a physical line."""
    return "\n".join(_table_lines(text, rng)) + "\n", t


def _table_lines(text: str, rng: random.Random) -> list[str]:
    cells = wrap(text, 60, False, rng)
    out, i = [], 0
    while i < len(cells):
        k = rng.randint(2, 4)
        out.append("|      " + "      |      ".join(cells[i : i + k]) + "      |")
        i += k
    return out


def renumbered_ol(text: str, t: Tree, rng: random.Random) -> tuple[str, Tree]:
    """An HTML ordered list renumbered by the browser: lettered subclauses (A), (B) show
    as 1., 2. inside their clause."""
    out = []
    for line in text.split("\n"):
        m = regex.match(r"^\(([A-H])\)\.(.*)$", line)
        out.append(f"{ord(m[1]) - ord('A') + 1}.{m[2]}" if m else line)
    return "\n".join(out), t


_SUBCLAUSE_STYLES = ("{ru})", "({ru})", "({la})", "({up})")
"""How a copy retyped in Russian or an e-book marks the subclauses ``(A).``, ``(B).``:
``а)``, ``(а)``, ``(a)``, ``(A)``, one way a file."""


def restyled_markers(text: str, t: Tree, rng: random.Random) -> tuple[str, Tree]:
    """A copy retyped in Russian or an e-book that marks the law's sections ``A)`` or
    ``А)``, ``Б)`` (or keeps ``A.``), its clauses ``1)``, ``2)`` (or keeps ``1.``) and its
    subclauses ``а)``, ``б)`` or ``(a)``, ``(b)``, one style a file, a space after each
    restyled marker."""
    section = rng.choice(("{la}.", "{la})", "{ru})"))
    clause = rng.choice(("{n}.", "{n})"))
    sub = rng.choice(_SUBCLAUSE_STYLES)
    out = []
    for line in text.split("\n"):
        if (m := regex.match(r"^([A-H])\.(\S.*)$", line)) and section != "{la}.":
            place = ord(m[1]) - ord("A")
            line = section.format(la=m[1], ru="АБВГДЕЖЗ"[place]) + " " + m[2]
        elif m := regex.match(r"^(\d{1,2})\.(?!\d)(\S.*)$", line):
            line = clause.format(n=m[1]) + " " + m[2]
        elif m := regex.match(r"^\(([A-H])\)\.(.*)$", line):
            place = ord(m[1]) - ord("A")
            marker = sub.format(ru="абвгдежз"[place], la="abcdefgh"[place], up=m[1])
            line = marker + " " + m[2].lstrip()
        out.append(line)
    return "\n".join(out), t


def two_copies(text: str, t: Tree, rng: random.Random) -> tuple[str, Tree]:
    """The same hard-wrapped page saved twice (two files of one site): every line of law
    text is shared, so repetition across sources must not be taken for site template."""
    return "\n".join(wrap(text, 64, False, rng)) + "\n", t


def invisible(text: str, t: Tree, rng: random.Random) -> tuple[str, Tree]:
    """A page from a CMS: zero-width spaces where a long word may break and between a
    law's noun and its number, a direction mark opening some lines."""
    out = []
    for line in text.split("\n"):
        line = regex.sub(r"^Правило ", "Правило\u200b ", line)
        words = [
            w[: len(w) // 2] + "\u200b" + w[len(w) // 2 :]
            if len(w) >= 10 and w.isalpha() and rng.random() < 0.3
            else w
            for w in line.split(" ")
        ]
        out.append(("\u200e" if line and rng.random() < 0.1 else "") + " ".join(words))
    return "\n".join(out), t


def web_spacing(text: str, t: Tree, rng: random.Random) -> tuple[str, Tree]:
    """A page set by a web typographer: no-break spaces inside «Правило 64» and after
    short words, soft hyphens at the hyphenation points of long words, and blanks
    left at the ends of lines."""
    out = []
    for line in text.split("\n"):
        line = regex.sub(r"^(Правило|Раздел|Глава|Часть) ", "\\1\u00a0", line)
        words = line.split(" ")
        for i, w in enumerate(words[:-1]):
            if len(w) <= 2 and w.isalpha() and rng.random() < 0.5:
                words[i] = w + "\u00a0"
        line = "".join(w if w.endswith("\u00a0") else w + " " for w in words[:-1]) + words[-1]
        line = regex.sub(
            r"\b(\p{Ll}{4})(\p{Ll}{4,})",
            lambda m: m[1] + "\u00ad" + m[2] if rng.random() < 0.3 else m[0],
            line,
        )
        out.append(line + (rng.choice(("", " ", "  ", "\t", "\u00a0")) if line else ""))
    return "\n".join(out), t


_PENALTY_STYLES = ("(HAKA3AHИE)", "(HAKAЗAHИE)", "[НАКАЗАНИЕ]", "(НАКАЗАНИЕ)")
"""The penalty's mark as a page may set it (OCR's look-alikes, square brackets)."""


def set_heads(text: str, t: Tree, rng: random.Random) -> tuple[str, Tree]:
    """A word processor's or a PDF's setting of the headings and markers, one way a
    file: a law heading broken after its word (``Правило`` | ``64. …``) or after a glyph
    (``■ Правило 64.``) or with its stop lost or read as a comma (``Правило 64 …``,
    ``Правило 64, …``), a marker alone on its line over its title (``A.`` |
    ``Наказание …``) or after a bullet glyph (``·⇥A.…``), the
    penalty's mark in square brackets or with OCR's look-alikes, and Markdown's
    escapes of the markers a converter wrote (``1\\.``, ``\\(A\\).``)."""
    head = rng.choice(("split", "glyph", "stopless", "comma"))
    marker = rng.choice(("alone", "glyph", "escaped", "as-is"))
    penalty = rng.choice(_PENALTY_STYLES)
    out = []
    for line in text.split("\n"):
        line = line.replace("(НАКАЗАНИЕ)", penalty)
        if m := regex.match(r"^Правило (\d+)\. (\S.*)$", line):
            line = {
                "split": f"Правило\n{m[1]}. {m[2]}",
                "glyph": f"■ Правило {m[1]}. {m[2]}",
                "stopless": f"Правило {m[1]} {m[2]}",
                "comma": f"Правило {m[1]}, {m[2]}",
            }[head]
        elif m := regex.match(r"^([A-H]|\d{1,2}|\([A-H]\))\.(?!\d)(\p{Lu}.*)$", line):
            escaped = m[1].replace("(", "\\(").replace(")", "\\)") + "\\."
            line = {
                "alone": f"{m[1]}.\n{m[2]}",
                "glyph": f"\u00b7\t{m[1]}.{m[2]}",
                "escaped": escaped + m[2],
                "as-is": line,
            }[marker]
        out.append(line)
    return "\n".join(out), t


def site_links(text: str, t: Tree, rng: random.Random) -> tuple[str, Tree]:
    """A site that gives each law a page of its own, saved together: a link back to
    the page's top over every law heading, and under the text the links to the laws
    beside it."""
    laws = [int(n) for n in regex.findall(r"(?m)^Правило (\d+)\.", text)]
    top = rng.choice(("↑ Наверх", "Наверх ↑", "К началу ▲"))
    text = regex.sub(r"(?m)^(?=Правило \d+\.)", top + "\n", text)
    if laws:
        first, last = laws[0], laws[-1]
        nav = rng.choice(
            (
                f"« Правило {first - 1} | Оглавление | Правило {last + 1} »",
                f"Назад: Правило {first - 1}\nДалее: Правило {last + 1}",
            )
        )
        text = text.rstrip("\n") + "\n" + nav + "\n"
    return text, t


def decomposed(text: str, t: Tree, rng: random.Random) -> tuple[str, Tree]:
    """Text copied from a PDF or saved on a Mac: every й and ё stored as a letter and
    its accent (Unicode's NFD), and, as a book for learners prints them, a stress mark
    over a vowel of some long words."""
    out = []
    for w in unicodedata.normalize("NFD", text).split(" "):
        vowels = [i for i, c in enumerate(w) if c in "аеиоуыэюя"]
        if len(w) >= 8 and vowels and rng.random() < 0.2:
            i = rng.choice(vowels) + 1
            w = w[:i] + "\u0301" + w[i:]
        out.append(w)
    return " ".join(out), t


def transliterated(text: str, t: Tree, rng: random.Random) -> tuple[str, Tree]:
    """A library's copy in Latin letters, as some online libraries serve every book on
    request: each Russian letter in its main Latin spelling (``translit.romanized``;
    the Latin letters of the text, ``A.``, ``RHO``, stay as they are)."""
    from pipeline import translit

    return translit.romanized(text), t


_MARKUP_HEADINGS = ("[b]{}[/b]", "<b>{}</b>", "**{}**", "## {}")


def markup(text: str, t: Tree, rng: random.Random) -> tuple[str, Tree]:
    """A page's source or a post: the law headings in a forum's, HTML's or Markdown's
    bold or heading marks (one style a page), quotes and dashes as undecoded
    character references."""
    style = rng.choice(_MARKUP_HEADINGS)
    out = []
    for line in text.split("\n"):
        if regex.match(r"^Правило \d+\.", line):
            line = style.format(line)
        line = line.replace("«", "&laquo;").replace("»", "&raquo;").replace(" — ", " &mdash; ")
        out.append(line)
    return "\n".join(out), t


_MD_MENU = "[Главная](/) | [Книги](/books) | [Правила](/laws) | [Форум](/forum)"
_MD_REF = regex.compile(r"\b([Пп]равил\p{Ll}{0,3}[ \t]+(\d{1,3})[A-H0-9]*)(?=[\s.,;:)])")


def markdown(text: str, t: Tree, rng: random.Random) -> tuple[str, Tree]:
    """A page a converter saved as Markdown: a menu of links above the text, the law
    headings marked ``##``, each reference to a law a link to its page (its words
    stay the text), an image between two paragraphs and a pager of links under it."""
    body = []
    for line in text.split("\n"):
        if regex.match(r"^Правило \d+\.", line):
            line = "## " + line
        else:
            line = _MD_REF.sub(lambda m: f"[{m[1]}](/laws/{m[2]}.html)", line)
        body.append(line)
    k = max(1, len(body) // 2)
    page = rng.randint(3, 40)
    body[k:k] = ["", "![Обложка книги](/img/cover.jpg)", ""]
    pager = f"[« Предыдущая](/p/{page - 1}) [Следующая »](/p/{page + 1})"
    return "\n".join([_MD_MENU, "", *body, "", pager]) + "\n", t


def text_browser(text: str, t: Tree, rng: random.Random) -> tuple[str, Tree]:
    """A page saved by a text browser (``lynx -dump``): the text indented and wrapped,
    each link's number in brackets before its words (a menu above, the references to
    laws, a pager below) and the list of the links' addresses at the end."""
    links: list[str] = []

    def link(words: str, address: str) -> str:
        links.append(address)
        return f"[{len(links)}]{words}"

    menu = " ".join(link(w, f"/{w.lower()}") for w in ("Главная", "Книги", "Правила", "Форум"))
    body = [
        line
        if regex.match(r"^Правило \d+\.", line)
        else _MD_REF.sub(lambda m: link(m[1], f"/laws/{m[2]}.html"), line)
        for line in text.split("\n")
    ]
    page = rng.randint(3, 40)
    pager = f"{link('« Предыдущая', f'/p/{page - 1}')} {link('Следующая »', f'/p/{page + 1}')}"
    lines = ["   " + ln for ln in wrap("\n".join(body), 72, False, rng)]
    refs = [f"{n:>4}. http://example.org{a}" for n, a in enumerate(links, start=1)]
    return "\n".join(
        ["   " + menu, "", *lines, "", "   " + pager, "", "References", "", *refs]
    ) + "\n", t


_THREAD = (
    "Комментарии (3)",
    "Сергей К.",
    "14.02.2016 в 21:05",
    "Спасибо! А что делать по правилу 16, если партнёр долго думал?",
    "Ответить",
    "Гость",
    "03.03.2016 в 10:41",
    "Правило 72 об этом тоже говорит.",
    "Ответить",
    "Добавить комментарий",
    "Ваше имя",
    "Отправить",
)


def comments(text: str, t: Tree, rng: random.Random) -> tuple[str, Tree]:
    """A site's thread of readers' comments under the page: its head, each comment's
    author, date, words (naming laws) and reply button on lines of their own, and the
    form to add one."""
    return "\n".join([*wrap(text, 70, False, rng), "", *_THREAD]) + "\n", t


def _indented_lines(text: str, rng: random.Random) -> list[str]:
    indent = rng.choice(["\t", "  ", "    "])
    return [indent + ln for ln in wrap(text, 62, True, rng)]


def indented(text: str, t: Tree, rng: random.Random) -> tuple[str, Tree]:
    """A text dump that indents every line (a tab, two or four spaces), hard-wrapped."""
    return "\n".join(_indented_lines(text, rng)) + "\n", t


def _quoted_lines(text: str, rng: random.Random) -> list[str]:
    return _quote(wrap(text, 60, False, rng))


def _quote(lines: list[str]) -> list[str]:
    return ["> " + ln for ln in lines]


def quoted(text: str, t: Tree, rng: random.Random) -> tuple[str, Tree]:
    """A quotation in a mail or a forum copy: a ``> `` margin on every line."""
    return "\n".join(_quoted_lines(text, rng)) + "\n", t


def _numbered(lines: list[str], rng: random.Random) -> list[str]:
    """``lines`` in a margin of line numbers, every line numbered (an empty one too)."""
    form = rng.choice(["{:>4}  ", "{} ", "{}\t", "{:>3} | ", "{}: "])
    first = rng.randint(1, 400)
    return [form.format(first + i) + ln for i, ln in enumerate(lines)]


def line_numbers(text: str, t: Tree, rng: random.Random) -> tuple[str, Tree]:
    """A copy from a code viewer or a pasting site: a margin of line numbers, counting
    up one a line, hard-wrapped."""
    return "\n".join(_numbered(wrap(text, 62, True, rng), rng)) + "\n", t


def _form_fed(lines: list[str], rng: random.Random) -> list[str]:
    """A form feed opens each page's first line (every 40-55 lines), as a PDF's text does."""
    out, left = [], rng.randint(40, 55)
    for line in lines:
        left -= 1
        if left == 0:
            line, left = "\f" + line, rng.randint(40, 55)
        out.append(line)
    return out


def form_feeds(text: str, t: Tree, rng: random.Random) -> tuple[str, Tree]:
    """The text layer of a PDF: hard-wrapped, a form feed where each page begins."""
    return "\n".join(_form_fed(wrap(text, 64, True, rng), rng)) + "\n", t


# ---------------------------------------------------------------- pages cut out of a book

_REF_MARGIN = 30
"""A mid-sentence cut keeps this far from any reference: a cut through «правилу 64 и
65» would leave a bare number that no reader could take for a reference."""


def _doc(node: dict) -> tuple[str, list[int]]:
    """The node's title and paragraphs as one string, and each paragraph's offset."""
    title, paras = node.get("title") or "", _paras(node)
    offs, pos = [], len(title) + 1
    for p in paras:
        offs.append(pos)
        pos += len(p) + 1
    return title + "\n" + "\n".join(paras), offs


def _ref_spans(node: dict, field: str = "refs") -> list[tuple[int, int]]:
    """Where each of the node's references stands in ``_doc(node)``, in order."""
    doc, _ = _doc(node)
    out, cur = [], 0
    for ref in node.get(field) or []:
        k = doc.find(ref["text"], cur)
        k = doc.find(ref["text"]) if k < 0 else k
        out.append((k, k + len(ref["text"])) if k >= 0 else (-1, -1))
        cur = max(cur, k + len(ref["text"])) if k >= 0 else cur
    return out


def _cut_points(piece: Piece, start: bool) -> list[int]:
    """Content offsets where a cut may fall inside a paragraph: word boundaries far
    from references; a page that starts there starts with a small letter (mid-sentence),
    a page that ends there keeps a few words."""
    if piece.role not in ("head", "para"):
        return []
    text = piece.content
    _, offs = _doc(piece.node)
    base = offs[piece.index]
    spans = _ref_spans(piece.node)
    out = []
    for m in regex.finditer(r"(?<= )\S", text):
        k = m.start()
        if any(a - _REF_MARGIN <= base + k <= b + _REF_MARGIN for a, b in spans):
            continue
        if start and not text[k].islower():
            continue
        if not start and (k < 20 or len(text) - k < 10):
            continue
        out.append(k if start else k - 1)
    return out


def _walk_parents(nodes: list[dict], parent: dict | None = None):
    for n in nodes:
        yield n, parent
        yield from _walk_parents(n.get("children") or [], n)


def _keep(node: dict, lo: int, hi: int, field: str = "refs", own: bool = True) -> list[dict]:
    """The node's references inside ``[lo, hi)`` of its ``_doc``; without ``own``,
    self-references (no number: «этому правилу») give none (an unplaced text has no law)."""
    out = []
    for ref, (a, b) in zip(node.get(field) or [], _ref_spans(node, field)):
        if a >= lo and b <= hi and (own or regex.search(r"\d", ref["text"])):
            out.append(dict(ref))
    return out


def _cut_truth(t: Tree, pieces: list[Piece], start: tuple[int, int], end: tuple[int, int | None]):
    """The tree a perfect pipeline makes of ``pieces[start:end]`` (a page cut out of
    the book): what follows a lost law heading belongs to the law before the next law
    heading when it opens with plain text or a section (``inferred``, the gold's rule);
    otherwise it is an unplaced fragment whose units keep their labels and no id.
    ``None`` when the cut is not one a real book gives (a law heading after it that is
    not the next law, where the rendered tree skipped laws) or leaves a footnote whose
    mark was cut off."""
    (i0, c0), (i1, c1) = start, end
    kept: dict[int, dict] = {}
    for k in range(i0, i1 + 1):
        pc = pieces[k]
        node = pc.node
        d = kept.setdefault(
            id(node), {"head": False, "title": None, "paras": [], "notes": [], "lo": None, "hi": 0}
        )
        cut_head = k == i0 and c0 > 0
        if pc.role in ("title", "head", "bare") and not cut_head:
            d["head"] = True
        if pc.role == "note":
            d["notes"].append(pc.index)
        if pc.role not in ("title", "head", "para"):
            continue
        _, offs = _doc(node)
        a = 0 if pc.role == "title" else offs[pc.index]
        text = pc.content
        lo, hi = (c0 if k == i0 else 0), (c1 if k == i1 and c1 is not None else len(text))
        if pc.role == "title":
            d["title"] = text
        else:
            d["paras"].append(text[lo:hi])
        d["lo"] = a + lo if d["lo"] is None else d["lo"]
        d["hi"] = a + hi
    order = list(_walk_parents(t["nodes"]))
    parent_of = {id(n): p for n, p in order}
    present = [n for n, _ in order if id(n) in kept]
    if not present:
        return None
    lead = present[0] if not kept[id(present[0])]["head"] else None
    for n in present:
        d = kept[id(n)]
        text = (d["title"] or "") + "\n" + "\n".join(d["paras"])
        if any(n["footnotes"][i]["mark"] not in text for i in d["notes"]):
            return None  # a footnote body whose mark was cut off

    def law_of(n: dict | None) -> dict | None:
        while n is not None and n["kind"] != "law":
            n = parent_of[id(n)]
        return n

    headed = [n for n in present if kept[id(n)]["head"]]
    holder_law = None
    first = lead or (headed[0] if headed else None)
    law = law_of(first)
    if (
        first is not None
        and t.get("kind") == "laws"
        and law is not None
        and not kept.get(id(law), {}).get("head")
    ):
        unit = headed[0] if headed else None
        nxt = next((n for n in headed if n["kind"] == "law"), None)
        if nxt is not None and int(nxt["label"]) != int(law["label"]) + 1:
            return None  # the rendered tree skipped laws here; no book page does
        if unit is not None and unit["kind"] in ("section", "law", "part") and nxt is not None:
            holder_law = law

    def node_of(n: dict, d: dict, own: bool, ident: str | None, inferred: bool) -> dict:
        title = d["title"]
        text = "\n".join(p for p in d["paras"] if p)
        lo, hi = (d["lo"] if d["lo"] is not None else 0), d["hi"]
        return {
            "id": ident,
            "kind": n["kind"],
            "label": n.get("label"),
            "title": title,
            "text": text,
            "inferred": inferred,
            "penalty": "(НАКАЗАНИЕ)" in (title or "") + text,
            "tags": list(n.get("tags") or []) if d["head"] else [],
            "footnotes": [
                {**n["footnotes"][i], "refs": _keep(n["footnotes"][i], 0, 10**9, "refs", own)}
                for i in d["notes"]
            ],
            "refs": _keep(n, lo, hi, "refs", own),
            "children": [],
        }

    roots: list[dict] = []
    out: dict[int, tuple[dict, bool]] = {}  # original node → (its node in the truth, placed)
    # the law a page opens inside is an inferred law node, as the gold trees keep one,
    # also when the page opens at a heading of its section
    if (
        lead is not None
        or holder_law is not None
        or any(not _placed(n, kept, parent_of, holder_law) for n in headed)
    ):
        d = (
            kept[id(lead)]
            if lead is not None
            else {"head": False, "title": None, "paras": [], "notes": [], "lo": 0, "hi": 0}
        )
        if holder_law is not None:
            h = node_of(lead or holder_law, d, True, holder_law["label"], True)
            h.update(kind="law", label=None, title=None)
            out[id(holder_law)] = (h, True)
        else:
            h = node_of(lead or first, d, False, None, False)
            h.update(kind="fragment", label=None, title=None)
        h["text"] = "\n".join(p for p in d["paras"] if p)
        if lead is not None:
            out[id(lead)] = (h, holder_law is not None)
        roots.append(h)
    for n in headed:
        placed = _placed(n, kept, parent_of, holder_law)
        up = parent_of[id(n)]
        while up is not None and id(up) not in out:
            up = parent_of[id(up)]
        parent = out.get(id(up)) if up is not None else None
        if placed and parent is not None and not parent[1]:
            parent = None
        if not placed and parent is None:
            parent = (roots[0], False)
        inferred = bool(placed and parent is not None and parent[0].get("inferred"))
        node = node_of(n, kept[id(n)], placed, n["id"] if placed else None, inferred)
        (parent[0]["children"] if parent is not None else roots).append(node)
        out[id(n)] = (node, placed)
    return {**t, "nodes": roots}


def _placed(n: dict, kept: dict, parent_of: dict, holder_law: dict | None) -> bool:
    """A unit whose heading is on the page gets its address when its own marker
    says it all (a law, a division, a commentary paragraph) or its parent has one."""
    if not kept[id(n)]["head"]:
        return False
    if n["kind"] in ("law", "part", "commentary"):
        return True
    up = parent_of[id(n)]
    if up is None:
        return False
    if up is holder_law:
        return True
    return _placed(up, kept, parent_of, holder_law) if id(up) in kept else False


def cut(text: str, t: Tree, rng: random.Random) -> tuple[str, Tree]:
    """A page cut out of the book: it starts at a paragraph or mid-sentence (the law or
    section heading is on the page before) and ends at a paragraph or mid-clause, often
    with the end of one law and the beginning of the next. The truth is what a perfect
    pipeline can know (``_cut_truth``); a cut a real book cannot give is drawn again."""
    pieces = [p for node in t["nodes"] for p in _pieces(node)]
    usable = [k for k, p in enumerate(pieces) if p.role not in ("rule", "note")]
    for _ in range(200):
        mode_start, mode_end = (
            rng.choice(["line", "mid", "mid"]),
            rng.choice(["none", "line", "mid"]),
        )
        i0 = rng.choice(usable[: max(1, len(usable) * 2 // 3)])
        c0 = 0
        if mode_start == "mid":
            points = _cut_points(pieces[i0], True)
            if not points:
                continue
            c0 = rng.choice(points)
        elif i0 == 0:
            continue  # no cut at the start at all
        later = [k for k in usable if k >= i0 + 6] + (
            [len(pieces) - 1] if mode_end == "none" else []
        )
        if not later:
            continue
        i1, c1 = (len(pieces) - 1, None) if mode_end == "none" else (rng.choice(later), None)
        if mode_end == "mid":
            points = _cut_points(pieces[i1], False)
            if not points:
                continue
            c1 = rng.choice(points)
        want = _cut_truth(t, pieces, (i0, c0), (i1, c1))
        if want is None:
            continue
        lines = [p.line for p in pieces[i0 : i1 + 1]]
        first, last = pieces[i0], pieces[i1]
        if c0:
            lines[0] = first.line[first.lead + c0 :]
        if c1 is not None:
            end = last.lead + c1
            lines[-1] = lines[-1][: end - (len(first.line) - len(lines[0]) if i0 == i1 else 0)]
        return "\n".join(lines) + "\n", want
    return text, t


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
    "ocr": ocr,
    "ocr-markers": ocr_markers,
    "misdecoded": misdecoded,
    "pilcrow-margin": pilcrow_margin,
    "spaced-title": spaced_title,
    "blank-unhyphenated": blank_unhyphenated,
    "bullets": bullets,
    "page-furniture": page_furniture,
    "page-heads": page_heads,
    "pdf-pages": pdf_pages,
    "pdf-paragraphs": pdf_paragraphs,
    "viewer-pages": viewer_pages,
    "table-separators": table_separators,
    "renumbered-ol": renumbered_ol,
    "restyled-markers": restyled_markers,
    "two-copies": two_copies,
    "cut": cut,
    "invisible": invisible,
    "web-spacing": web_spacing,
    "set-heads": set_heads,
    "site-links": site_links,
    "decomposed": decomposed,
    "markup": markup,
    "markdown": markdown,
    "text-browser": text_browser,
    "comments": comments,
    "indented": indented,
    "quoted": quoted,
    "line-numbers": line_numbers,
    "form-feeds": form_feeds,
    "transliterated": transliterated,
}


# ---------------------------------------------------------------- composed damage
#
# Real pages carry several classes at once. A composition applies its classes in the
# order a page goes through them: what happens to the text itself (a cut out of the
# book, HTML list and heading damage, mixed scripts, a wrong code page), then one
# layout (how paragraphs became lines), then the furniture of printed pages, then what
# stands around the text (a table of contents in front, an index behind, a pager, the
# reader site's template), and last a page whose line breaks were all lost.

CONTENT: dict[str, Callable[[str, Tree, random.Random], tuple[str, Tree]]] = {
    "cut": cut,
    "spaced-title": spaced_title,
    "renumbered-ol": renumbered_ol,
    "restyled-markers": restyled_markers,
    "bullets": bullets,
    "glued-html": glued_html,
    # a library writes the book in Latin letters before its page is saved
    "transliterated": transliterated,
    # the headings as a word processor or a PDF set them, a law's page's own links
    "set-heads": set_heads,
    "site-links": site_links,
    # the page's own markup and characters, before a wrong code page reads the file
    "invisible": invisible,
    "decomposed": decomposed,
    "markup": markup,
    "markdown": markdown,
    "mixed-scripts": mixed_scripts,
    "ocr": ocr,
    "ocr-markers": ocr_markers,
    "misdecoded": misdecoded,
}
LAYOUT: dict[str, Callable[[str, random.Random], list[str]]] = {
    "wrapped": lambda text, rng: wrap(text, 60, True, rng),
    "dos": _dos_lines,
    "double-spaced": lambda text, rng: _spaced_out(wrap(text, 62, False, rng)),
    "pilcrow-margin": _pilcrow_lines,
    "blank-unhyphenated": _blank_lines,
    "table-separators": _table_lines,
    "indented": _indented_lines,
    # the mail's margin goes on last of the page's own lines (``compose``)
    "quoted": lambda text, rng: wrap(text, 60, False, rng),
    # the margin is the viewer's: numbered last, with whatever stands around the text
    "line-numbers": lambda text, rng: wrap(text, 62, True, rng),
}
FRAME = (
    "page-furniture",
    "page-heads",
    "pdf-pages",
    "pdf-paragraphs",
    "viewer-pages",
    "form-feeds",
    "toc",
    "index",
    "pager-lines",
    "reader-chrome",
    "comments",
)
FINAL = ("collapsed",)
ORDER = (*CONTENT, *LAYOUT, *FRAME, *FINAL, "two-copies")
"""Every class a composition may use, in the order they are applied."""

_HTML = {"glued-html", "bullets", "renumbered-ol"}
_PAGED = {
    "dos", "page-furniture", "page-heads", "pdf-pages", "pdf-paragraphs", "viewer-pages",
    "form-feeds",
}  # fmt: skip
_LISTING = {"toc", "index"}
_RELABELLED = {"bullets", "renumbered-ol", "restyled-markers"}

COMBOS: tuple[tuple[str, ...], ...] = (
    ("reader-chrome", "wrapped", "mixed-scripts"),  # a reader page, hard wrap, ё as „
    ("reader-chrome", "wrapped", "misdecoded"),
    ("toc", "page-furniture", "dos"),  # a DOS e-text with furniture and contents in front
    ("glued-html", "mixed-scripts", "bullets"),
    ("reader-chrome", "double-spaced"),  # a double-spaced scrape with chrome between
    ("reader-chrome", "two-copies", "cut"),  # two pages of one site
    ("reader-chrome", "pager-lines", "cut"),
    ("wrapped", "cut"),
)
"""The compositions always measured: the shapes real pages showed most."""


def combo_name(classes) -> str:
    """``reader-chrome+wrapped+misdecoded``: outermost damage first."""
    return "+".join(sorted(classes, key=ORDER.index, reverse=True))


def sensible(classes) -> bool:
    """A composition that real pages show: two or three classes, at most one layout,
    one listing, one kind of page number, the HTML damages only in an HTML-like layout, a collapsed page with
    nothing that needs its lines, a cut page with no front or back matter, no page
    numbers (a cut is one page of the book) and with its clause numbers (what a list
    that lost them under a lost heading is, no page tells), no wrong code page paragraph by paragraph
    in a table dump (its cells put pieces of several paragraphs on one line, where a
    real confusion takes whole lines)."""
    c = set(classes)
    layouts = c & set(LAYOUT)
    if not 2 <= len(c) <= 3 or len(layouts) > 1 or len(c & _LISTING) > 1:
        return False
    if c - set(ORDER):
        return False
    if len(c & {"page-furniture", "page-heads", "pdf-pages", "pdf-paragraphs", "viewer-pages"}) > 1:
        return False  # a page has one number
    if "pdf-paragraphs" in c and layouts:
        return False  # its lines are paragraphs, no layout's
    if "transliterated" in c and c & {"mixed-scripts", "misdecoded", "decomposed"}:
        return False  # Latin letters have no Cyrillic look-alikes, code pages or breves
    if "collapsed" in c and (layouts or c & (_LISTING | _PAGED | {"pager-lines", "comments"})):
        return False
    if c & _HTML and layouts - {"wrapped", "double-spaced"}:
        return False
    if c & _HTML and c & (_PAGED | {"index"}):
        return False
    if "table-separators" in c and c & (_LISTING | _PAGED | {"pager-lines", "misdecoded"}):
        return False
    if "cut" in c and c & (_LISTING | _PAGED | _RELABELLED):
        return False
    if "restyled-markers" in c and c & {"bullets", "renumbered-ol"}:
        return False  # a retyped copy's markers are its own, not an HTML list's
    if "two-copies" in c and c & _LISTING:
        return False
    if "markdown" in c and (layouts or c & (_PAGED | _HTML | {"markup", "collapsed"})):
        return False  # a converter's Markdown: lines unwrapped, no printed pages
    if "comments" in c and c & {"index", "pager-lines"}:
        return False  # the thread closes the page, under its text
    return True


def combos(n: int, seed: int = 13) -> list[str]:
    """The first ``n`` compositions: ``COMBOS``, then sensible ones in a seeded order."""
    import itertools

    names = [combo_name(c) for c in COMBOS]
    pool = sorted(
        {
            combo_name(c)
            for k in (2, 3)
            for c in itertools.combinations(sorted(ORDER), k)
            if sensible(c)
        }
        - set(names)
    )
    random.Random(f"{seed}:combos").shuffle(pool)
    return (names + pool)[:n]


def compose(classes, text: str, t: Tree, rng: random.Random) -> tuple[str, Tree]:
    """``text`` (the tree ``t`` rendered clean) under several damage classes at once."""
    c = set(classes)
    book = t
    for name in CONTENT:
        if name in c and name != "misdecoded":
            text, t = CONTENT[name](text, t, rng)
    layout = next((n for n in LAYOUT if n in c), None)
    if layout is not None:
        lines = LAYOUT[layout](text, rng)
    elif c & {"page-furniture", "page-heads", "pdf-pages", "viewer-pages", "form-feeds"}:
        lines = wrap(text, 64, True, rng)
    else:
        lines = [ln for ln in text.split("\n") if ln]
    if "misdecoded" in c:
        # a wrong code page reads the bytes of the lines as they were laid out (a
        # line break never falls inside a letter it spells as two)
        lines = misdecoded("\n".join(lines), t, rng)[0].split("\n")
    if "page-furniture" in c:
        page, left = rng.randint(30, 90), rng.randint(18, 25)
        lines = _furnish(lines, page, left, rng)
    if "page-heads" in c:
        page, left = rng.randint(30, 90), rng.randint(18, 25)
        lines = _headed(lines, page, left, rng)
    if "pdf-pages" in c:
        lines = _pdf_numbers(rng)(lines)
    if "pdf-paragraphs" in c:
        lines = _paragraph_pages(lines, rng)
    if "viewer-pages" in c:
        lines = _viewer_numbers(rng)(lines)
    if "form-feeds" in c:
        lines = _form_fed(lines, rng)
    if layout == "quoted":
        # a mail quotes the text as a viewer or a PDF gave it: the pages' numbers and
        # furniture inside the margin (``> 86 B.…``), the site's template around it
        lines = _quote(lines)
    if "reader-chrome" in c:
        lines = _with_ad(lines)  # the site's template stands inside the text too
    if "toc" in c:
        lines = [*_toc_lines(book, rng), "", *lines]
    if "index" in c:
        lines = [*lines, "", *_index_lines(book, rng)]
    if "pager-lines" in c:
        lines = [*_PAGER, *lines]
    if "comments" in c:
        lines = [*lines, "", *_THREAD]
    if "reader-chrome" in c:
        # page 6 or later: the pager's run of links around it does not overlap 1 2 3
        lines = _chrome(lines, rng.randint(6, 40))
    if "line-numbers" in c:
        lines = _numbered(lines, rng)
    if "collapsed" in c:
        lines = [" ".join(ln for ln in lines if ln)]
    return "\n".join(lines) + "\n", t


def gold_trees(gold: Path = GOLD, limit: int | None = None) -> list[tuple[str, Tree]]:
    """``(stem, tree)`` for every gold annotation (the first ``limit`` of them)."""
    files = sorted(gold.glob("*.json"))[:limit]
    return [(f.stem, json.loads(f.read_text(encoding="utf-8"))) for f in files]


def simulate(
    name: str, trees: list[tuple[str, Tree]], seed: int = 13
) -> list[tuple[str, str, Tree]]:
    """``(stem, damaged text, truth)`` for each tree under damage class ``name``, or
    under a composition ``a+b+c`` of classes (``combo_name``); a composition with
    ``two-copies`` is two pages of one site: each is damaged anew (another cut,
    another page number), under one template."""
    rng = random.Random(f"{seed}:{name}")
    out = []
    parts = name.split("+")
    for stem, tree in trees:
        t = truth(tree)
        if len(parts) == 1:
            text, want = DAMAGE[name](render(tree), t, rng)
            for k in range(COPIES.get(name, 1)):
                out.append((stem + ("-copy" * k), text, want))
            continue
        for k in range(2 if "two-copies" in parts else 1):
            text, want = compose(parts, render(tree), t, rng)
            out.append((stem + ("-copy" * k), text, want))
    return out


def known(name: str) -> bool:
    """A damage class or a sensible composition of them."""
    parts = name.split("+")
    return name in DAMAGE if len(parts) == 1 else sensible(parts)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        description="Write simulated damaged sources and their truth trees."
    )
    ap.add_argument("out", type=Path)
    ap.add_argument("--classes", nargs="*", default=list(DAMAGE))
    ap.add_argument("--combos", type=int, default=0, help="also the first N compositions")
    ap.add_argument("--seeds", type=int, default=None, help="use only the first N gold trees")
    ap.add_argument("--seed", type=int, default=13)
    args = ap.parse_args(argv)
    trees = gold_trees(limit=args.seeds)
    for name in [*args.classes, *combos(args.combos, args.seed)]:
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
