"""Residue: damage left in the text of a built codex, found by its shape.

``find(text)`` returns ``[(class, snippet), ...]`` for every piece of site
chrome, pager, printer directive, ditto mark, pilcrow, table separator, tag,
mojibake and the like that is still inside ``text`` (a node's title, text or a
footnote body after Kodeks cleaned it). The patterns describe shapes, never one
site's wording: a pager is a run of consecutive numbers or previous/next links,
a directive is ``..page`` with a number, chrome is the vocabulary of reader-site
user interfaces (font settings, bookmarks, genre menus, breadcrumbs, links, "more"
links), and a menu in capitals is lines of one or two words in capitals in a row.

Used by ``score_devset.py`` (real pages) and ``bench_robustness.py`` (simulated
damage). The gold texts of the seeds have no residue: ``tests/test_devset_tools.py``
checks that, so a pattern that fires on clean law text is caught.
"""

from __future__ import annotations

import itertools

import regex

# Each class: one verbose pattern. Order matters only for reporting.
PATTERNS: dict[str, regex.Pattern] = {
    # "..page12" of DOS e-texts, with or without the number
    "page-directive": regex.compile(r"\.\.page[ \t]?\d*", regex.I),
    "pilcrow": regex.compile(r"¶"),
    # a soft hyphen (or the black square some conversions print for it) left where a
    # word was broken at a line end
    "soft-hyphen": regex.compile(r"\p{L}[\u00ad\u25a0](?:\s|$)|\p{L}\u00ad\p{L}"),
    # control tags like (DC4) that belong in the node's tags
    "tag": regex.compile(r"\((?:DC\d|ESC|SO|SI)\)"),
    # previous/next links, a "pages:" label, or five numbers counting up
    "pager": regex.compile(
        r"""
          (?:«|<<|‹)\s*(?:Первая|Предыдущая|Назад)
        | (?:Следующая|Последняя|Вперед|Вперёд|ВПЕРЕД)\s*(?:»|>>|›)
        | \bСтраниц[аы]?\s*:
        | \bПерейти\s+на\s+страницу
        | (?:^|\n)[ \t]*(?:(?:Первая|Предыдущая|Следующая|Последняя|Назад|Вперед|Вперёд)
                          (?:[ \t]+(?:страница|глава))?[ \t]*){1,4}(?=\n|$)
        | \b(?:Первая|Предыдущая|Следующая|Последняя)\s+(?:страница|глава)\b
        | (?<![\d.,])(?P<n>\d{1,3})(?:\s*[-–]?\s+)(?P<m>\d{1,3})(?:\s*[-–]?\s+)\d{1,3}(?:\s*[-–]?\s+)\d{1,3}(?:\s*[-–]?\s+)\d{1,3}(?![\d.,])
        """,
        regex.X,
    ),
    # a dot leader to a page number, as in tables of contents and indexes
    "leader": regex.compile(r"\.{5,}\s*\d"),
    # "=" standing for a repeated index heading
    "ditto": regex.compile(r"(?:^|\n|\s)=\s+[а-яё]|[а-яё]\s+=\s*(?:\.|$|\n)", regex.I),
    "table-separator": regex.compile(r"\|\s{2,}\||(?:^|\s)\|(?:\s|$)"),
    "chrome": regex.compile(
        r"""
          \b(?:Шрифт|Интервал|Закладка|Жанр|Автор|Категории)\s*:
        | Читать\s+онлайн | Чтение\s+онлайн | на\s+главную | Самые\s+читаемые
        | ИСКАТЬ\s+КНИГУ | ТОП\s+авторов | Электронная\s+библиотека | Поиск\s+по\s+сайту
        | Версия\s+для\s+печати | \|\s*страница\s+\d | \.fb2\b
        | \bТекущая\s+страница | \bстраница\s*:?\s*\d{1,4}\s*\(\s*(?:всего|из)\b
        | [-–—]\s+(?:читать|чтение)\b(?:\s+\p{Ll}+){0,3}?\s+(?:книгу|онлайн)\b | ^Читать\s+книгу\b
        | \b[Сс]ообщить\s+о\s+(?:нарушении|неприемлемом)
        | \d[\d\ ]{3,}\d\s+\p{L}+\s*,\s*\d[\d\ ]*\s+\p{L}+
        | https?:// | \bwww\.
        | \bНастройк[аи]\s+(?:текста|чтения|шрифта) | \bПеренос\s+строк | \bTop\s?\d{2,3}\b
        | (?:^|\n)\p{Lu}\p{Ll}+(?:[ \t]+\p{Ll}+){1,2}(?:\.{3}|…)(?=\n|$)
        | \b[A-Za-z0-9-]+\.(?:ru|net|com|org|ua|info|club|me)\b
        """,
        regex.X,
    ),
    # runs of single letters: alphabet bars and spaced-out titles (П Р А В И Л О)
    "spaced-letters": regex.compile(r"(?<!\w)(?:\p{Lu}\s{1,3}){5,}\p{Lu}(?!\w)"),
    # half of an alphabet bar (А-П, П-Я) on a line of its own; I-V is a range of numbers
    "alphabet-range": regex.compile(
        r"(?:^|\n)[ \t]*(?![IVXLCDM][-–][IVXLCDM])\p{Lu}[-–]\p{Lu}"
        r"(?:[ \t]+\p{Lu}[-–]\p{Lu}){0,6}[ \t]*(?=\n|$)"
    ),
    # a category menu in capitals: two or more lines in a row of one or two words of
    # capitals each (a title in capitals is a node's title, or one line before text)
    "menu-capitals": regex.compile(
        r"(?:^|\n)(?:[ \t]*\p{Lu}{3,}(?:[ \t]+\p{Lu}{3,})?[ \t]*\n){2,}"
    ),
    # three ? or more in a row, or three pairs or more apart by blanks (?? ?? ??)
    "question-run": regex.compile(r"\?{3,}|(?<!\S)\?\?(?:[ \t]+\?\?){2,}"),
    # ё read as „, a run of Serbian/Macedonian letters that are mis-decoded rules, and
    # Russian read with the wrong code page: UTF-8 as Latin-1 (Ð¿Ñ€), CP1251 as Latin-1
    # (Ïðàâèëî), KOI8-R and CP1251 as each other (the case turned over: рТБЧЙМП),
    # UTF-8 as CP1251 (РџСЂР°), DOS pseudographics inside a word
    "mojibake": regex.compile(
        r"\p{Cyrillic}„\p{Cyrillic}|[њћџђ]{2,}|\ufffd|(?:Ð.|Ñ.){3,}|[\u00c0-\u00ff]{4,}"
        r"|\p{Ll}\p{Lu}{3,}|(?:[РС][\u0400-\u040f\u0450-\u045f°±µ¶·])\p{L}"
        r"|\p{Cyrillic}[\u2500-\u259f]\p{Cyrillic}"
    ),
    # a rule, or its first characters cut by the page end: a line of them, or
    # joined to the end of a title
    "rule": regex.compile(
        r"={4,}|-{5,}|_{4,}|─{3,}|(?:^|\n)[ \t]*([-=_])\1{1,3}[ \t]*(?=\n|$)|[ \t]-{2,4}[ \t]*$"
    ),
    # a page number standing alone as a line of the text
    "page-number": regex.compile(r"(?:^|\n)\s*[-–—]\s*\d{1,3}\s*[-–—]?\s*(?:\n|$)"),
}


def _is_pager_run(m: regex.Match) -> bool:
    """Five numbers form a pager only when they count up by one."""
    if m.group("n") is None:
        return True
    nums = [int(x) for x in regex.findall(r"\d+", m.group(0))]
    return all(b == a + 1 for a, b in itertools.pairwise(nums))


def find(text: str | None) -> list[tuple[str, str]]:
    """Every residue in ``text`` as ``(class, snippet)``; an empty list for clean text."""
    if not text:
        return []
    found: list[tuple[str, str]] = []
    for name, pattern in PATTERNS.items():
        for m in pattern.finditer(text):
            if name == "pager" and not _is_pager_run(m):
                continue
            start, end = max(0, m.start() - 15), min(len(text), m.end() + 15)
            found.append((name, text[start:end].replace("\n", " ")))
    return found


def node_texts(node: dict):
    """Title, text and footnote bodies of one exported node (source-export shape)."""
    yield node.get("title")
    yield node.get("text")
    for fn in node.get("footnotes") or []:
        yield fn.get("text")


def walk(nodes: list[dict]):
    """Every node of an exported tree, depth first, in document order."""
    for n in nodes:
        yield n
        yield from walk(n.get("children") or [])


def in_tree(nodes: list[dict]) -> list[tuple[str, str]]:
    """Every residue in every node of an exported tree."""
    out: list[tuple[str, str]] = []
    for n in walk(nodes):
        for t in node_texts(n):
            out += find(t)
    return out
