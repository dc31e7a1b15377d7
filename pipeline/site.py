"""The HTML site: a static, offline, cross-linked codex (``OUT/html/``).

Pages (all in one folder, relative links only, no network):

- ``index.html``: table of contents (parts → laws → sections) with coverage marks;
- ``law-<n>.html``: one page per law, every node with its anchor
  (``addresses.anchor``), references, backlinks, footnotes, provenance,
  repairs, ruling marks; commentary paragraphs collapsible;
- ``fragments.html``: unplaced fragments with their source lines;
- ``rules.html`` and ``rule-<name>.html``: the executable rulings;
- ``source-<stem>.html``: each corpus file, raw beside cleaned, repairs marked;
- ``search.html`` plus ``search-index.js`` (the data) and ``kodeks.js`` (the UI).

Markup is built by the Jinja2 templates only (autoescaping on). This module
turns the codex into plain data: text is cut into *tokens* (text, reference,
footnote mark, penalty badge) that the templates render.
"""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined

from . import addresses, editions, jsonld, merge, offsets, spill
from .addresses import display
from .errors import diag
from .grammar import PENALTY_MARK
from .model import Source, Tree

# shipped as package data, so an installed wheel renders too
TEMPLATES = Path(__file__).resolve().parent / "templates"
STATIC = ("kodeks.css", "kodeks.js")
_FN_MARK = re.compile(r"\(\*+\)|\*+")


def environment() -> Environment:
    env = Environment(
        loader=FileSystemLoader(str(TEMPLATES)),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["anchor"] = addresses.anchor
    env.filters["kind"] = kind_label
    env.filters["edit"] = edit_label
    env.filters["layout"] = layout_label
    env.filters["chrome"] = chrome_label
    env.globals["unknown_edition"] = editions.UNKNOWN_LABEL
    return env


KIND_LABELS: dict[str, str] = {
    "laws": "текст правил",
    "commentary": "комментарий",
    "toc": "оглавление",
    "index": "предметный указатель",
    "front": "не текст правил: предисловие, статья, заметки или страницы сайта",
    "mixed": "текст правил и другой текст",
    "chrome": "только шаблон сайта",
}
"""What a source holds (``model.SourceKind``, ``model.TextKind``), as a reader of the
site reads it."""


EDIT_LABELS: dict[str, str] = {
    "bar-prefix": "черта на поле строки",
    "bilingual-heading": "английская половина заголовка",
    "bom": "метка порядка байтов",
    "bullet": "значок списка перед меткой пункта",
    "collapsed-break": "восстановленный разрыв строки",
    "columns": "две колонки: правая вслед за левой",
    "compose": "буква со знаком, записанная одним символом",
    "cyrillic-section": "кириллическая буква раздела",
    "dehyphenate": "перенос слова",
    "dos-heading": "заголовок текста DOS",
    "dos-indent": "отступ текста DOS",
    "dos-justify": "выключка текста DOS",
    "dot-leader": "отточие оглавления",
    "double-spacing": "лишняя пустая строка",
    "duplicate": "повтор",
    "endnote": "концевая сноска электронной книги",
    "entity": "HTML-ссылка на символ",
    "form-feed": "знак новой страницы",
    "forum-code": "код форума",
    "gap": "пустые строки в начале или в конце",
    "glued-heading": "заголовок, приклеенный к тексту",
    "indent": "отступ",
    "invisible": "невидимый символ",
    "law-noun": "слово «Правило» перед номером правила в заголовке",
    "line-end-blanks": "пробелы в конце строки",
    "line-number": "номер строки на поле",
    "link-number": "номер ссылки текстового браузера",
    "lone-bar": "одинокая черта",
    "markdown": "разметка Markdown",
    "mixed-script": "латинская буква в русском слове",
    "lossy-mojibake": "текст в греческой кодировке с потерянными байтами",
    "ocr-word": "цифра или латинская буква вместо русской в слове",
    "mojibake": "неверная кодировка",
    "newline": "знак конца строки",
    "ocr-digit": "цифра, распознанная как буква, или наоборот",
    "ocr-stop": "точка после метки пункта, распознанная как другой знак",
    "page-number": "номер страницы",
    "pagination-strip": "полоса листалки",
    "pilcrow": "знак абзаца",
    "printer-mark": "метка типографии",
    "question-run": "строка вопросительных знаков",
    "quote-prefix": "знак цитаты на поле",
    "restyled-marker": "метка пункта в другом стиле",
    "run-in-structure": "метка пункта внутри строки",
    "site-chrome": "шаблон сайта",
    "soft-hyphen": "мягкий перенос",
    "space": "особый пробел",
    "spaced-letters": "разрядка",
    "split-heading": "заголовок, разорванный на две строки",
    "heading-stop": "точка после номера правила в заголовке",
    "split-word": "слово, разорванное пробелом",
    "star-note": "сноска со звёздочкой",
    "stress-mark": "знак ударения",
    "table-separator": "граница таблицы",
    "tag": "тег разметки",
    "transliteration": "транслит",
    "wiki-edit": "ссылка «править» вики",
    "underline-rule": "черта над сносками",
    "unwrap": "перенос строки внутри абзаца",
    "yo": "буква ё",
}
"""The kinds of the cleaner's edits (``pipeline.clean``), as a reader of the site reads them."""

LAYOUT_LABELS: dict[str, str] = {
    "wrapped": "строки с жёстким переносом",
    "double-spaced": "через строку",
    "collapsed": "без разрывов строк",
    "dos": "текст DOS",
    "bar-margin": "черта на поле",
    "pilcrows": "знаки абзаца",
    "spaced-letters": "разрядка",
    "tagged": "теги разметки",
}
"""The layout traits of a source's profile (``model.Profile.layout``)."""

CHROME_LABELS: dict[str, str] = {
    "advert": "реклама",
    "alphabet bar": "алфавитная панель",
    "alphabet range": "алфавитный диапазон",
    "boilerplate (jusText)": "служебный текст страницы",
    "archive": "панель веб-архива или кеша",
    "breadcrumb": "цепочка навигации",
    "button": "кнопка или ссылка страницы",
    "minute": "время публикации записи",
    "byline": "подпись записи (дата публикации)",
    "comment": "комментарий посетителя",
    "comments": "комментарии посетителей",
    "counter": "счётчик",
    "date stamp": "дата",
    "document notice": "служебная пометка документа",
    "file name": "имя файла",
    "forum": "служебная строка форума",
    "header": "шапка сайта",
    "link": "ссылка",
    "menu": "меню",
    "pager": "листалка страниц",
    "related posts": "ссылки на похожие записи",
    "running head": "колонтитул",
    "setting": "настройка страницы",
    "share": "кнопки «поделиться»",
    "site notice": "объявление сайта",
    "template block": "блок шаблона",
}
"""Why the profile took a line for the reading site's template (``model.Profile.chrome``):
the reason's name, before any colon."""

_SHARED_TEMPLATE = re.compile(r"template line shared by (\d+) sources")


def _holds(source: Source, trees: Mapping[str, Tree]) -> str:
    """What ``source`` holds as its profile settled it (``profile.settle``: a page a
    manifest calls laws may hold only a site's pages), else its declared kind."""
    t = trees.get(source.name)
    return t.cleaned.profile.kind if t is not None else source.kind


def kind_label(kind: str) -> str:
    """``KIND_LABELS``'s words for ``kind`` (the kind itself where the table has none)."""
    return KIND_LABELS.get(kind, kind)


def edit_label(kind: str) -> str:
    """``EDIT_LABELS``'s words for an edit's ``kind`` (the kind itself where it has none)."""
    return EDIT_LABELS.get(kind, kind)


def layout_label(trait: str) -> str:
    """``LAYOUT_LABELS``' words for a layout ``trait`` (the trait itself where it has none)."""
    return LAYOUT_LABELS.get(trait, trait)


def chrome_label(why: str) -> str:
    """``CHROME_LABELS``' words for why a line is the site's template (the reason
    itself where the table has none)."""
    if m := _SHARED_TEMPLATE.fullmatch(why):
        return f"строка шаблона, общая для {m[1]} источников"
    return CHROME_LABELS.get(why.split(":", 1)[0], why)


# --- addresses → pages ----------------------------------------------------------


def law_page(law: str) -> str:
    return f"law-{law}.html"


def page_of(address: str) -> str:
    """The page an address lives on (parts live on the index)."""
    law = addresses.law_of(address)
    return law_page(law) if law else "index.html"


def href(address: str) -> str:
    return f"{page_of(address)}#{addresses.anchor(address)}"


def preview_text(entry, limit: int = 220) -> str:
    text = " ".join((entry.text or "").split())
    if len(text) > limit:
        text = text[:limit].rsplit(" ", 1)[0] + " …"
    return text


# --- tokens ----------------------------------------------------------------------


@dataclass
class Tok:
    kind: str  # text | ref | fn | penalty
    text: str
    ref: dict | None = None
    fn: dict | None = None


def ref_info(codex, ref) -> dict:
    """Everything a template needs to show one reference."""
    info: dict[str, Any] = {
        "text": ref.text,
        "target": ref.target,
        "status": ref.status,
        "resolved": ref.resolved,
        "href": None,
        "preview_title": "",
        "preview": "",
        "note": "",
    }
    if ref.status in ("exact", "ancestor") and ref.resolved and ref.resolved in codex.entries:
        e = codex.entries[ref.resolved]
        info["href"] = href(ref.resolved)
        info["preview_title"] = f"{display(ref.resolved)}" + (f". {e.title}" if e.title else "")
        first = e
        while (
            not (first.text or "").strip() and first.children and first.children[0] in codex.entries
        ):
            first = codex.entries[first.children[0]]
        lead = f"{display(first.id)}: " if first is not e and first.text else ""
        info["preview"] = (lead + preview_text(first)) if first.text else "(без текста)"
        if ref.status == "ancestor":
            info["note"] = (
                f"Пункта {ref.target} нет в корпусе; ссылка ведёт на {display(ref.resolved)}"
            )
    else:
        info["status"] = "dangling"
        info["preview_title"] = f"{display(ref.target)}: нет в корпусе"
        info["note"] = "нет в корпусе"
    return info


def inside_its_range(ref, text: str) -> bool:
    """``ref`` is a law of a range whose words stand in ``text`` but under another
    link: an inner law (63 of «правила 62–64») has the whole range's words, which the
    links of the range's two ends cover; it has no words of its own to be a link, and
    nothing is lost. (A range's end is linked where its words stand free; one whose
    words are nowhere in ``text`` is lost, and is reported.)"""
    return ref.kind == "range" and ref.text in text


def tokenize(
    codex,
    text: str,
    refs,
    footnotes=(),
    fn_prefix: str | None = None,
    penalties: bool = True,
    *,
    lost: list | None = None,
    where: str = "",
) -> list[list[Tok]]:
    """Cut ``text`` into paragraphs of tokens: references become links, footnote
    marks link to their notes, ``(НАКАЗАНИЕ)`` becomes a badge. A reference whose
    words are not in ``text`` cannot become a link there: it gets a K702 diagnostic
    in ``lost`` (when given; ``where`` names the page and entry), never silence."""
    text = text or ""
    marks: list[tuple[int, int, Tok]] = []
    taken: list[tuple[int, int]] = []

    def free(a: int, b: int) -> bool:
        return all(b <= s or a >= e for s, e in taken)

    cursor = 0
    for r in refs:
        if not r.text:
            continue
        pos = text.find(r.text, cursor)
        if pos < 0 or not free(pos, pos + len(r.text)):
            pos = text.find(r.text)
            while pos >= 0 and not free(pos, pos + len(r.text)):
                pos = text.find(r.text, pos + 1)
        if pos < 0:
            if lost is not None and not inside_its_range(r, text):
                lost.append(
                    diag(
                        "K702",
                        f"HTML site: reference «{r.text}» → {r.target} is not in the text it "
                        f"belongs to ({where or 'a page'}); shown without its link",
                        span=r.span,
                    )
                )
            continue
        end = pos + len(r.text)
        taken.append((pos, end))
        marks.append((pos, end, Tok("ref", r.text, ref=ref_info(codex, r))))
        cursor = end
    if fn_prefix is not None and footnotes:
        cursor = 0
        for i, f in enumerate(footnotes, 1):
            pos = text.find(f.mark, cursor) if f.mark else -1
            if pos < 0 or not free(pos, pos + len(f.mark)):
                continue
            end = pos + len(f.mark)
            taken.append((pos, end))
            marks.append(
                (
                    pos,
                    end,
                    Tok(
                        "fn",
                        f.mark,
                        fn={
                            "id": f"{fn_prefix}-fn{i}",
                            "back": f"{fn_prefix}-fnref{i}",
                            "n": i,
                            "text": f.text,
                        },
                    ),
                )
            )
            cursor = end
    if penalties:
        for m in PENALTY_MARK.finditer(text):
            if free(m.start(), m.end()):
                taken.append((m.start(), m.end()))
                marks.append((m.start(), m.end(), Tok("penalty", "НАКАЗАНИЕ")))
    marks.sort(key=lambda m: m[0])
    flat: list[Tok] = []
    pos = 0
    for s, e, tok in marks:
        if s > pos:
            flat.append(Tok("text", text[pos:s]))
        flat.append(tok)
        pos = e
    if pos < len(text):
        flat.append(Tok("text", text[pos:]))
    paras: list[list[Tok]] = [[]]
    for tok in flat:
        if tok.kind == "text" and "\n" in tok.text:
            parts = tok.text.split("\n")
            for j, part in enumerate(parts):
                if j:
                    paras.append([])
                if part:
                    paras[-1].append(Tok("text", part))
        else:
            paras[-1].append(tok)
    return [p for p in paras if p]


# --- view models -----------------------------------------------------------------


@dataclass
class Site:
    codex: Any
    build: Any
    laws: list[str] = field(default_factory=list)
    rulings_by_addr: dict[str, list[str]] = field(default_factory=dict)
    specs: dict[str, Any] = field(default_factory=dict)
    source_pages: dict[str, str | None] = field(default_factory=dict)
    family: dict[str, Any] = field(default_factory=dict)
    """Every edition's codex (id → codex), for «в других редакциях»; one entry for a one-edition corpus."""
    home: str = ""
    """The way from this site's folder to the default edition's (``../`` in an edition's subfolder)."""
    diagnostics: list = field(default_factory=list)
    """What the pages could not show as the codex has it (K702: a reference not linked)."""


def _rulings():
    try:
        from . import rulings
    except Exception:  # pragma: no cover - the rulings package is part of the project
        return {}, {}
    return rulings.implemented_addresses(), {s.name: s for s in rulings.RULINGS}


def node_view(site: Site, addr: str) -> dict:
    codex = site.codex
    e = codex.entries[addr]
    anc = addresses.anchor(addr)
    text_refs = [r for r in e.refs if r.field == "text"]
    title_refs = [r for r in e.refs if r.field == "title"]
    witnesses = tuple(e.witnesses)  # read once (a build may have set them aside)
    chosen = next(
        (w for w in witnesses if w.source == e.chosen), witnesses[0] if witnesses else None
    )
    others = [w for w in witnesses if w is not chosen]
    variants = [
        {
            "source": w.source,
            "page": site.source_pages.get(w.source),
            "line": w.span.line,
            "end_line": w.span.end_line,
            "title": w.title,
            "text": w.text,
            "placed_by": w.placed_by,
            "truncated": w.truncated,
        }
        for w in others
        if (w.text, w.title) != (e.text, e.title)
    ]
    same = [w.source for w in others if (w.text, w.title) == (e.text, e.title)]
    footnotes = []
    for i, f in enumerate(e.footnotes, 1):
        footnotes.append(
            {
                "id": f"{anc}-fn{i}",
                "back": f"{anc}-fnref{i}",
                "mark": f.mark,
                "paras": tokenize(
                    codex,
                    f.text,
                    f.refs,
                    penalties=False,
                    lost=site.diagnostics,
                    where=f"{page_of(addr)}, note {i} of {addr}",
                ),
            }
        )
    return {
        "id": addr,
        "anchor": anc,
        "kind": e.kind,
        "label": e.label,
        "display": display(addr),
        "title": e.title,
        "title_toks": tokenize(
            codex,
            e.title or "",
            title_refs,
            penalties=False,
            lost=site.diagnostics,
            where=f"{page_of(addr)}, title of {addr}",
        ),
        "paras": tokenize(
            codex,
            e.text,
            text_refs,
            e.footnotes,
            fn_prefix=anc,
            lost=site.diagnostics,
            where=f"{page_of(addr)}, {addr}",
        ),
        "footnotes": footnotes,
        "penalty": e.penalty,
        "inferred": e.inferred,
        "tags": e.tags,
        "backlinks": [
            {"id": b, "display": display(b), "href": href(b)}
            for b in e.backlinks
            if b in codex.entries
        ],
        "chosen": e.chosen,
        "chosen_page": site.source_pages.get(e.chosen),
        "line": chosen.span.line if chosen else None,
        "end_line": chosen.span.end_line if chosen else None,
        "truncated": bool(chosen and chosen.truncated),
        "why": e.why,
        "variants": variants,
        "same": same,
        "edits": [
            {
                "kind": x.label,
                "label": " + ".join(edit_label(k) for k in x.kind),
                "before": x.before,
                "after": x.after,
                "line": x.span.line,
                "why": x.why,
            }
            for x in e.edits
        ],
        "rulings": [
            {"name": n, "title": site.specs[n].title if n in site.specs else n}
            for n in site.rulings_by_addr.get(addr, [])
        ],
        "editions": _in_other_editions(site, addr),
        "children": [
            node_view(site, c)
            for c in e.children
            if c in codex.entries and page_of(c) == page_of(addr)
        ],
    }


def law_roots(codex, law: str) -> list[str]:
    """Top entries of a law's page (the law itself, or orphans when it is missing)."""
    out = []
    for addr, e in codex.entries.items():
        if addresses.law_of(addr) != law:
            continue
        if e.parent is None or e.parent not in codex.entries or page_of(e.parent) != page_of(addr):
            out.append(addr)
    return out


def toc(site: Site, cov: dict) -> list[dict]:
    """Parts → laws → sections, with coverage per law."""
    codex = site.codex
    cov_by_law = {c["law"]: c for c in cov.get("laws", [])}
    placed: set[str] = set()

    def law_item(law: str) -> dict:
        placed.add(law)
        e = codex.entries.get(law)
        c = cov_by_law.get(law, {})
        sections = [
            {
                "id": a,
                "display": display(a),
                "title": codex.entries[a].title,
                "href": href(a),
                "kind": codex.entries[a].kind,
            }
            for a in (e.children if e else [])
            if a in codex.entries
        ]
        return {
            "law": law,
            "href": law_page(law),
            "title": (e.title if e else None) or c.get("title"),
            "sections": sections,
            "sources": c.get("sources", []),
            "missing": c.get("missing", []),
            "truncated": c.get("truncated", []),
            "inferred": c.get("inferred", False),
            "present": len(c.get("present", [])),
        }

    groups: list[dict] = []

    def division(addr: str) -> None:
        # a chapter's laws, then each of its parts with theirs
        e = codex.entries[addr]
        laws = [
            law_item(law)
            for c in e.children
            if (law := addresses.law_of(c)) in site.laws and law not in placed
        ]
        groups.append(
            {
                "part": {
                    "id": addr,
                    "anchor": addresses.anchor(addr),
                    "display": display(addr),
                    "title": e.title,
                },
                "laws": laws,
            }
        )
        for c in e.children:
            if c in codex.entries and codex.entries[c].kind == "part":
                division(c)

    for root in codex.roots:
        if root not in codex.entries:
            continue
        e = codex.entries[root]
        if e.kind == "part":
            division(root)
        else:
            law = addresses.law_of(root)
            if law in site.laws and law not in placed:
                if not groups or groups[-1]["part"] is not None:
                    groups.append({"part": None, "laws": []})
                groups[-1]["laws"].append(law_item(law))
    rest = [law for law in site.laws if law not in placed]
    if rest:
        groups.append({"part": None, "laws": [law_item(x) for x in rest]})
    return groups


def edit_segments(text: str, edits) -> Iterator[dict]:
    """The raw text cut into plain runs, line anchors (``L<n>``) and repairs (for
    the sources pages), one at a time as the page is written: a big source's
    segments are never all held at once."""
    yield {"kind": "line", "line": 1}
    line = 1

    def plain(start: int, stop: int) -> Iterator[dict]:
        # text[start:stop] a line at a time, never sliced out or split whole
        nonlocal line
        while True:
            nl = text.find("\n", start, stop)
            end = stop if nl < 0 else nl
            if end > start:
                yield {"kind": None, "text": text[start:end]}
            if nl < 0:
                return
            line += 1
            yield {"kind": None, "text": "\n"}
            yield {"kind": "line", "line": line}
            start = nl + 1

    pos = 0
    for x in sorted(edits, key=lambda x: x.span.start):
        s, e = x.span.start, x.span.end
        if s < pos:
            continue
        if s > pos:
            yield from plain(pos, s)
        yield {
            "kind": x.label,
            "label": " + ".join(edit_label(k) for k in x.kind),
            "classes": " ".join("edit-" + k for k in x.kind),
            "text": text[s:e],
            "after": x.after,
            "why": x.why,
            "line": x.span.line,
        }
        for _ in range(text[s:e].count("\n")):
            line += 1
            yield {"kind": "line", "line": line}
        pos = e
    if pos < len(text):
        yield from plain(pos, len(text))


def text_pieces(text: str, size: int = 1 << 16) -> Iterator[str]:
    """``text`` in slices of ``size`` characters, for a template to escape and write
    one at a time (escaping goes character by character, so the page is the same):
    a big source's whole text is never also held escaped."""
    for i in range(0, len(text), size):
        yield text[i : i + size]


def jump_targets(site: Site) -> dict[str, str]:
    """The search box's address jump (``addresses.jump_table``): every address of
    this site's edition, bare and with its edition, and every other edition's
    with its edition, each to its page (another edition's in its own folder); a
    key of a merged commentary paragraph (``12.5`` of ``12.4,5``) to its node's."""
    targets: dict[str, str] = {}
    for edition, codex in site.family.items():
        own = edition == site.codex.edition
        folder = "" if own else edition_folder(site, edition)
        held = addresses.merged_aliases((k, e.label) for k, e in codex.entries.items())
        for address, holder in [*((a, a) for a in codex.entries), *held.items()]:
            targets[addresses.with_edition(edition, address)] = folder + href(holder)
            if own:
                targets[address] = href(holder)
    return addresses.jump_table(targets)


def _js_assign(f, name: str, value) -> None:
    """Write ``window.NAME = JSON;`` to the text file ``f``, piece by piece
    (``export.compact_pieces``): a big value is never also copied into a line and
    then into the whole file's text."""
    from .export import compact_pieces

    f.write(f"window.{name} = ")
    for piece in compact_pieces(value, 3):
        f.write(_js_escaped(piece))
    f.write(";\n")


def _js_escaped(piece: str) -> str:
    # JSON inside a .js file (not inside HTML): escape '<' anyway so the data can
    # never close a script element if someone inlines it.
    return piece.replace("<", "\\u003c")


def edition_folder(site: Site, edition: str) -> str:
    """The way from this site's folder to the folder of ``edition``'s site: the default
    edition's site is the top folder, every other edition's is a subfolder named by its id."""
    first = next(iter(site.family))
    return site.home + ("" if edition == first else f"{edition}/")


def _in_other_editions(site: Site, addr: str) -> list[dict]:
    if len(site.family) < 2:
        return []
    from .compare import in_other_editions

    found = in_other_editions(
        {e: c.entries for e, c in site.family.items()}, site.codex.edition, addr
    )
    return [
        {
            **o,
            "display": display(o["address"]),
            "label": editions.label(o["edition"]),
            "href": edition_folder(site, o["edition"]) + href(o["address"]),
        }
        for o in found
    ]


def _heading(codex) -> str:
    """The title of an edition's site: the table's heading, or the edition's id when
    the table does not know it (``unknown``)."""
    known = editions.EDITIONS.get(codex.edition)
    return (
        known.heading
        if known
        else f"{editions.DEFAULT.title} (редакция {editions.label(codex.edition)})"
    )


def render_site(
    codex, folder: Path, build=None, *, family: dict | None = None, home: str = ""
) -> list:
    """Write the site of ``codex`` into ``folder``; each other edition of the corpus
    gets its own site (table of contents, coverage, pages) in ``folder/<edition>/``,
    with an edition switch in every page's header. Returns the diagnostics of what
    the pages could not show (K702)."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    env = environment()
    by_addr, specs = _rulings()
    family = family or codex.by_edition
    site = Site(
        codex=codex, build=build, rulings_by_addr=by_addr, specs=specs, family=family, home=home
    )
    laws = addresses.laws(codex.entries)
    site.laws = laws
    site.source_pages = {s.name: f"source-{s.stem}.html" for s in codex.sources}
    cov = merge.coverage(codex)
    # the trees as held (a build that set them aside holds stubs): their cleaned texts
    trees = {
        t.source.name: t for t in spill.held(getattr(build, "trees", None) or codex.trees or ())
    }
    common = {
        "sources": [
            {"name": s.name, "page": site.source_pages[s.name], "kind": _holds(s, trees)}
            for s in codex.sources
        ],
        "has_fragments": bool(codex.fragments),
        "site_title": "Кодекс дубликатного бриджа",
        "editions": [
            {
                "id": e,
                "label": editions.label(e),
                "href": edition_folder(site, e) + "index.html",
                "current": e == codex.edition,
            }
            for e in family
        ]
        if len(family) > 1
        else [],
    }

    def write(name: str, template: str, **ctx) -> None:
        # streamed (Jinja2's ``TemplateStream.dump``): the page goes to its file a
        # piece at a time as the template makes it, never whole as one str and then
        # as its bytes; a page not finished is not left behind
        path = folder / name
        try:
            env.get_template(template).stream(page=name, **common, **ctx).dump(
                str(path), encoding="utf-8"
            )
        except BaseException:
            path.unlink(missing_ok=True)
            raise

    groups = toc(site, cov)
    write(
        "index.html",
        "index.html",
        title=_heading(codex),
        groups=groups,
        unplaced=cov.get("unplaced", []),
        rule_count=len(specs),
    )
    for i, law in enumerate(laws):
        prev = laws[i - 1] if i else None
        nxt = laws[i + 1] if i + 1 < len(laws) else None
        e = codex.entries.get(law)
        nodes = [node_view(site, a) for a in law_roots(codex, law)]
        write(
            law_page(law),
            "law.html",
            title=f"Правило {law}" + (f". {e.title}" if e and e.title else ""),
            law=law,
            nodes=nodes,
            jsonld=jsonld.law_jsonld(codex, law, law_page(law)),
            prev={"law": prev, "href": law_page(prev)} if prev else None,
            next={"law": nxt, "href": law_page(nxt)} if nxt else None,
        )
    frags = []
    for src, node in codex.fragments:
        frags.append(
            {
                "source": src,
                "page": site.source_pages.get(src),
                "nodes": list(_walk_fragment(codex, node, 0, site.diagnostics)),
            }
        )
    write("fragments.html", "fragments.html", title="Нераспределённые фрагменты", fragments=frags)
    # rulings
    rules = []
    for spec in specs.values():
        rules.append(_rule_view(site, spec))
    implemented = set(by_addr)
    judged = {a for s in specs.values() for a in s.judgement}
    coverage_rows = [
        {
            "id": a,
            "display": display(a),
            "href": href(a),
            "kind": e.kind,
            "title": e.title,
            "rulings": by_addr.get(a, []),
            "judgement": a in judged,
            "state": ("judgement" if a in judged else "exec" if a in implemented else "none"),
        }
        for a, e in codex.entries.items()
        if e.kind != "part"
    ]
    write(
        "rules.html",
        "rules.html",
        title="Исполняемые правила",
        rules=rules,
        rows=coverage_rows,
        n_exec=sum(r["state"] == "exec" for r in coverage_rows),
        n_judge=sum(r["state"] == "judgement" for r in coverage_rows),
    )
    for r in rules:
        write(f"rule-{r['name']}.html", "rule.html", title=r["title"], rule=r)
    # sources
    for s in codex.sources:
        t = trees.get(s.name)
        # one source's texts and edit log at a time, read back if the build set them aside
        full = spill.restore(t.cleaned) if t else None
        raw = full.source.text if full else s.text
        edits = full.edits if full else ()
        kinds: dict[str, int] = {}
        for x in edits:
            for k in x.kind:
                kinds[k] = kinds.get(k, 0) + 1
        page = site.source_pages[s.name]
        assert page is not None, "the site has a page per source"
        write(
            page,
            "source.html",
            title=f"Источник {s.name}",
            source=s,
            segments=edit_segments(raw, edits),
            cleaned=text_pieces(full.text if full else ""),
            kinds=sorted(kinds.items()),
            profile=full.profile if full else None,
        )
        if t is not None and full is not t.cleaned:  # read back from the spill folder
            offsets.clear_cache()
        del full, edits, raw
    write("search.html", "search.html", title="Поиск")
    with (folder / "search-index.js").open("w", encoding="utf-8") as f:
        _js_assign(f, "KODEKS_PAGES", {a: href(a) for a in codex.entries})
        _js_assign(f, "KODEKS_ADDRESSES", jump_targets(site))
        _js_assign(f, "KODEKS_FOLD", addresses.FOLD)
        # the search box runs ``kodeks.js``'s port of ``pipeline.search.Engine``
        # over exactly the data the CLI and the API search
        from . import search as search_mod

        f.write("window.KODEKS_INDEX = ")
        search_mod.ship_for_html(codex, lambda piece: f.write(_js_escaped(piece)))
        f.write(";\n")
    for name in STATIC:
        shutil.copyfile(TEMPLATES / name, folder / name)
    if not home:
        for edition, other in codex.others.items():
            site.diagnostics += render_site(
                other, folder / edition, None, family=family, home="../"
            )
    return site.diagnostics


def _walk_fragment(codex, node, depth, lost: list | None = None):
    yield {
        "depth": depth,
        "kind": node.kind,
        "label": node.label,
        "title": node.title,
        "line": node.span.line,
        "end_line": node.span.end_line,
        "paras": tokenize(
            codex,
            node.text,
            [r for r in node.refs if r.status != "unresolved"],
            lost=lost,
            where=f"fragments.html, line {node.span.line}",
        ),
        "refs": [r.text for r in node.refs],
        "footnotes": [{"mark": f.mark, "text": f.text} for f in node.footnotes],
    }
    for c in node.children:
        yield from _walk_fragment(codex, c, depth + 1, lost)


def _rule_view(site: Site, spec) -> dict:
    codex = site.codex

    def link(a: str) -> dict:
        return {
            "id": a,
            "display": display(a),
            "href": href(a) if a in codex.entries else None,
            "title": codex.entries[a].title if a in codex.entries else None,
        }

    try:
        examples = spec.examples()
    except Exception as exc:  # a broken case must not take the site down
        examples = [{"title": f"пример не выполнен: {exc}", "input": {}, "result": {}}]
    ex_views = []
    for ex in examples:
        res = ex.get("result") or {}
        ex_views.append(
            {
                "title": ex.get("title", ""),
                "input": json.dumps(ex.get("input", {}), ensure_ascii=False, indent=1),
                "outcome": json.dumps(res.get("outcome", {}), ensure_ascii=False, indent=1),
                "steps": [
                    dict(link(s["address"]), finding=s.get("finding", ""), text=s.get("text", ""))
                    for s in res.get("steps", [])
                ],
                "judgement": [
                    dict(link(j["address"]), text=j.get("text", ""))
                    for j in res.get("judgement", [])
                ],
            }
        )
    return {
        "name": spec.name,
        "title": spec.title,
        "summary": spec.summary,
        "href": f"rule-{spec.name}.html",
        "implements": [link(a) for a in spec.implements],
        "judgement": [link(a) for a in spec.judgement],
        "outside": [link(a) for a in spec.outside],
        "inputs": [{"name": n, "text": t} for n, t in spec.inputs],
        "examples": ex_views,
    }
