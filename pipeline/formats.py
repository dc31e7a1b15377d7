"""Stage 1, read: the text of e-book, document and scan files (container formats).

Contract: ``detect(path, data)`` names the format of a corpus file, from its first
bytes (and, for a zip archive, the names of its members) before its suffix, or
``None`` for plain text and HTML, which ``pipeline.read`` decodes itself.
``extract(fmt, data, name)`` runs that format's reader from ``FORMATS``, the one
table of readers, each ``(data, name) -> Extracted``.

What a reader gives (``model.Extracted``): the book's text with its block
breaks kept, one block per line (a paragraph, a heading, a subtitle, a table
row), inline markup joined into its line; a footnote mark becomes ``(*N)`` where
it stands and the footnote's body a ``(*N) - …`` block after the text, as printed
copies of the laws set them; and ``parts``, which part of the container (an EPUB
or DOCX member, an FB2 section, a PDF or DjVu page) each stretch of lines came
from. That text is the source's raw text (``Source.text``): the cleaner's edit
log rebuilds it byte for byte, and source lines are its lines. The container
file itself is only read, never changed.

A file that cannot be used raises ``FormatError`` with a message that names the
file and, where it applies, the member or page: a truncated or broken archive,
more unpacked data than ``MAX_UNPACKED`` (a zip bomb), XML that declares entities
(external entities, "billion laughs"), an encrypted PDF, a scan without a text
layer. ``pipeline.read`` turns it into error K131 and skips the file; the other
sources build as usual.
"""

from __future__ import annotations

import codecs
import io
import itertools
import posixpath
import shutil
import subprocess
import tempfile
import zipfile
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import regex

from .errors import diag
from .grammar import RU_HEADS, starts_unit, table_cells, table_row
from .model import Diagnostic, Extracted, Part

MAX_UNPACKED = 64 * 1024 * 1024
"""Bytes an archive may unpack to, all members together: a whole law book is a few
megabytes; past this a zip is taken for a zip bomb and not read."""
MAX_MEMBERS = 10_000
"""Members an archive may list."""
MAX_TEXT_LAYER_SECONDS = 120
"""How long an outside text-layer tool (``djvutxt``) may run on one file."""


class FormatError(Exception):
    """A container file that cannot be used; the message names the file (and the
    part or page) and says what to do. ``code``: K131 (an error: a book that cannot
    be read), or K134 (a warning: a file that holds no book Kodeks reads)."""

    def __init__(self, message: str, code: str = "K131") -> None:
        super().__init__(message)
        self.code = code


# -- the extracted text ---------------------------------------------------------

_LAYOUT_SPACE = regex.compile(r"[ \t\r\n\f\v]+")
"""Layout whitespace inside one block: a block is one line of the extracted text
(no-break and other typographic spaces are the text's own and stay)."""


def _one_line(text: str) -> str:
    return _LAYOUT_SPACE.sub(" ", text).strip()


def note_mark(label: str, ordinal: int) -> str:
    """The footnote mark ``(*N)`` for a link or note titled ``label`` (``1``,
    ``[2]``, ``*``): the number a book gives, its asterisks, else the note's
    ordinal."""
    label = label.strip().strip("[]{}()").strip()
    if label.isdigit():
        return f"(*{label})"
    if label and set(label) == {"*"}:
        return f"({label})"
    return f"(*{ordinal})"


def note_block(mark: str, body: str) -> str:
    """A footnote's block as printed copies of the laws set it after the text: ``(*1) -
    …`` (the mark alone where the note has no words)."""
    return f"{mark} - {body}" if body else mark


class _Text:
    """Collects the blocks of a container in text order, the parts they came
    from, and the footnote bodies that go after the text."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.starts: list[tuple[str, int]] = []
        self.notes: list[tuple[str, str]] = []

    def part(self, name: str) -> None:
        """The lines added from now on come from part ``name``."""
        self.starts.append((name, len(self.lines)))

    def add(self, block: str) -> None:
        line = _one_line(block)
        if line:
            self.lines.append(line)

    def note(self, mark: str, body: str) -> None:
        self.notes.append((mark, _one_line(body)))

    def result(
        self,
        fmt: str,
        encoding: str,
        name: str,
        notes_part: str = "notes",
        diagnostics: tuple[Diagnostic, ...] = (),
        title: str = "",
    ) -> Extracted:
        if self.notes:
            self.part(notes_part)
            for mark, body in self.notes:
                self.lines.append(note_block(mark, body))
        if not self.lines:
            raise FormatError(f"{name}: holds no text; nothing to read")
        parts = []
        for i, (part, start) in enumerate(self.starts):
            end = self.starts[i + 1][1] if i + 1 < len(self.starts) else len(self.lines)
            if end > start:
                parts.append(Part(name=part, line=start + 1, end_line=end))
        return Extracted(
            text="\n".join(self.lines) + "\n",
            fmt=fmt,
            encoding=encoding,
            parts=tuple(parts),
            diagnostics=diagnostics,
            title=_one_line(title),
        )


# -- safe XML and zip -----------------------------------------------------------


def parse_xml(data: bytes, name: str, what: str) -> Any:
    """The root element of an XML document, parsed safely: no network, no DTD
    loaded, no entity substituted, no tree deeper or text longer than libxml2's
    default limits. A document that declares entities (how external-entity and
    "billion laughs" attacks start; FB2, EPUB and DOCX never need them) is refused."""
    from lxml import etree

    if _DECLARES_ENTITY.search(data[:_PROLOG]) or _DECLARES_ENTITY.search(
        data[:_PROLOG].replace(b"\x00", b"")
    ):
        raise FormatError(_entities_refused(name, what))
    parser = etree.XMLParser(
        resolve_entities=False,
        no_network=True,
        load_dtd=False,
        dtd_validation=False,
        huge_tree=False,
        remove_comments=True,
        remove_pis=True,
    )
    try:
        root = etree.fromstring(data, parser)
    except etree.XMLSyntaxError as exc:
        raise FormatError(
            f"{name}: {what} is not well-formed XML (line {exc.lineno}: {exc.msg}); not read"
        ) from None
    if root is None:
        raise FormatError(f"{name}: {what} is empty; not read")
    dtd = root.getroottree().docinfo.internalDTD
    if dtd is not None and any(True for _ in dtd.iterentities()):
        raise FormatError(_entities_refused(name, what))
    return root


_DECLARES_ENTITY = regex.compile(rb"<!DOCTYPE[^>\[]*\[[^\]]*<!ENTITY")
"""An internal DTD subset that declares an entity, seen in the bytes before any
parser runs (also in UTF-16, its zero bytes left out)."""
_PROLOG = 1 << 20
"""How far into a file its DOCTYPE is looked for."""


def _entities_refused(name: str, what: str) -> str:
    return (
        f"{name}: {what} declares XML entities (the way external-entity and "
        '"billion laughs" attacks read other files or blow up memory); not read'
    )


def _local(el: Any) -> str:
    """An element's tag without its namespace ('' for comments and the like)."""
    tag = el.tag
    if not isinstance(tag, str):
        return ""
    return tag.rsplit("}", 1)[-1]


def _attr(el: Any, local: str) -> str | None:
    """The value of the attribute whose local name is ``local``, in any namespace
    (FB2 links are ``l:href`` or ``xlink:href`` by the file's own prefix)."""
    for key, value in el.attrib.items():
        if key.rsplit("}", 1)[-1] == local:
            return str(value)
    return None


class _Zip:
    """A zip archive read within limits: members are unpacked one at a time, and
    the whole archive may unpack to no more than ``MAX_UNPACKED`` bytes, whatever
    its directory declares."""

    def __init__(self, data: bytes, name: str, what: str) -> None:
        self.name, self.what, self.unpacked = name, what, 0
        try:
            self.zip = zipfile.ZipFile(io.BytesIO(data))
            infos = self.zip.infolist()
        except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, ValueError) as exc:
            raise FormatError(
                f"{name}: a broken or truncated {what} (the zip archive cannot be opened: "
                f"{exc}); not read"
            ) from None
        if len(infos) > MAX_MEMBERS:
            raise FormatError(f"{name}: a {what} with {len(infos)} members; not read")
        self.names = {i.filename for i in infos}

    def has(self, member: str) -> bool:
        return member in self.names

    def read(self, member: str) -> bytes:
        """The bytes of ``member``, unpacked no further than the archive's budget."""
        if member not in self.names:
            raise FormatError(f"{self.name}: the {self.what} has no {member}; not read")
        budget = MAX_UNPACKED - self.unpacked
        try:
            with self.zip.open(member) as f:
                data = f.read(budget + 1)
        except (zipfile.BadZipFile, EOFError, OSError, ValueError, NotImplementedError) as exc:
            raise FormatError(
                f"{self.name}: {member} in the {self.what} cannot be unpacked ({exc}); "
                "the file is broken or truncated; not read"
            ) from None
        except RuntimeError as exc:  # an encrypted member
            raise FormatError(
                f"{self.name}: {member} in the {self.what}: {exc}; not read"
            ) from None
        self.unpacked += len(data)
        if len(data) > budget:
            raise FormatError(
                f"{self.name}: {member} unpacks to more than {MAX_UNPACKED // 2**20} MiB "
                f"(a zip bomb?); the {self.what} is not read"
            )
        return data


class _Break:
    """The type of ``BREAK``."""


class Opens(str):
    """What a ``block_lines`` visitor returns for a block that opens with this text of
    its own (a list item's number, as a browser shows it)."""


BREAK = _Break()
"""What a ``block_lines`` visitor returns for a line break inside a block (``<br>``):
a value no text node can be."""
Visited = str | list[str] | bool | _Break | Opens | None
"""What a ``block_lines`` visitor says of a node."""


def block_lines(
    root: Any, children: Callable[[Any], Iterator], visit: Callable[[Any], Visited]
) -> list[str]:
    """The lines of a document tree, depth first, one per block. ``visit(node)``
    says what a node is: ``None``, left out with all it holds; a string, text
    of the current block (``BREAK`` ends the line there; a list of strings is
    text with a line break between each two); ``True``, a block of
    its own, whose children are read (a line ends before and after it), or
    ``Opens(text)``, such a block that opens with ``text`` (written before its
    first words, whatever block inside holds them);
    ``False``, inline, whose children are read into the current block. An
    explicit stack, not recursion: a hostile file may nest elements deeply."""
    lines: list[str] = []
    buf: list[str] = []
    opening: list[str] = []  # a block's own opening text, waiting for its first words

    def flush() -> None:
        line = _one_line("".join(buf))
        buf.clear()
        if line:
            lines.append(_one_line("".join(opening) + line))
            opening.clear()

    stack: list[Iterator] = [children(root)]
    closing: list[bool] = [False]
    while stack:
        node = next(stack[-1], None)
        if node is None:
            stack.pop()
            if closing.pop():
                flush()
            continue
        what = visit(node)
        if what is None:
            continue
        if isinstance(what, _Break):
            flush()
        elif isinstance(what, Opens):
            flush()
            if opening:  # an item that opens with a list of its own: its label alone
                lines.append(_one_line("".join(opening)))
                opening.clear()
            opening.append(str(what))
            stack.append(children(node))
            closing.append(True)
        elif isinstance(what, str):
            buf.append(what)
        elif isinstance(what, list):
            for i, piece in enumerate(what):
                if i:
                    flush()
                buf.append(piece)
        else:
            if what:
                flush()
            stack.append(children(node))
            closing.append(what)
    flush()
    return lines


# -- FB2 ------------------------------------------------------------------------

_FB2_BLOCKS = frozenset(("p", "subtitle", "v", "text-author", "tr"))
"""FB2 elements that hold one block of text each (a table row is one block)."""
_FB2_NOTE_BODIES = frozenset(("notes", "comments"))
"""The ``name`` of a ``<body>`` that holds footnotes, not text."""


def read_fb2(data: bytes, name: str) -> Extracted:
    """A FictionBook 2 e-book: the main ``<body>``'s titles, paragraphs,
    subtitles, verses and table rows in order (each top-level ``<section>`` a
    part); note links (``<a l:href="#n1">``) become marks, the sections of the
    notes body the footnote bodies after the text. ``<description>`` (metadata)
    and ``<binary>`` (pictures) are not text."""
    diagnostics: tuple[Diagnostic, ...] = ()
    try:
        root = parse_xml(data, name, "the FB2 book")
    except FormatError as exc:
        if "character encoding" not in str(exc) and "proper UTF-8" not in str(exc):
            raise
        # bytes that are not the encoding the prolog declares (or, without a
        # declaration, not UTF-8): an e-book saved in cp1251 under the wrong label
        from .read import LOW_CONFIDENCE, guess_legacy

        text, encoding, confidence = guess_legacy(data)
        if confidence < LOW_CONFIDENCE:
            raise
        declared = _XML_ENCODING.search(text[:200])
        relabelled = _XML_ENCODING.sub('encoding="utf-8"', text, count=1)
        root = parse_xml(relabelled.encode("utf-8"), name, "the FB2 book")
        diagnostics = (
            diag(
                "K103",
                f"{name}: the FB2 book is not in the encoding "
                + (f"its prolog declares ({declared[1]})" if declared else "XML assumes (UTF-8)")
                + f"; read as {encoding}",
            ),
        )
    if _local(root) != "FictionBook":
        raise FormatError(
            f"{name}: not an FB2 book (its root element is <{_local(root)}>, not "
            "<FictionBook>); not read"
        )
    if not diagnostics:
        encoding = root.getroottree().docinfo.encoding or "utf-8"
        try:
            encoding = codecs.lookup(encoding).name
        except LookupError:
            pass
    bodies = [el for el in root if _local(el) == "body"]
    note_bodies = [b for b in bodies if (b.get("name") or "").lower() in _FB2_NOTE_BODIES]
    # the note sections by id, and the mark each gets from the first link to it
    notes: dict[str, Any] = {}
    for body in note_bodies:
        for section in body.iter():
            if _local(section) == "section" and section.get("id"):
                notes[section.get("id")] = section
    marks: dict[str, str] = {}

    def mark_of(el: Any) -> str | None:
        if _local(el) != "a":
            return None
        href = _attr(el, "href") or ""
        target = href[1:] if href.startswith("#") else None
        if target not in notes and el.get("type") != "note":
            return None
        key = target or href
        if key not in marks:
            marks[key] = note_mark("".join(el.itertext()), len(marks) + 1)
        return marks[key]

    out = _Text()
    for b, body in enumerate(b for b in bodies if b not in note_bodies):
        out.part(f"body {b + 1}" if b else "body")
        _fb2_walk(body, out, mark_of, depth=0, label="section")
    for body in note_bodies:
        for sid, section in notes.items():
            if any(section is s for s in body.iter()):
                title = next((t for t in section if _local(t) == "title"), None)
                label = "".join(title.itertext()) if title is not None else ""
                mark = marks.get(sid) or note_mark(label, len(marks) + 1)
                marks.setdefault(sid, mark)
                text = " ".join(
                    _fb2_inline(p, lambda _el: None)
                    for p in section.iter()
                    if _local(p) in _FB2_BLOCKS and not _inside_title(p, section)
                )
                out.note(mark, text)
    title = root.find(".//{*}description/{*}title-info/{*}book-title")
    return out.result(
        "fb2",
        encoding,
        name,
        diagnostics=diagnostics,
        title="".join(title.itertext()) if title is not None else "",
    )


_XML_ENCODING = regex.compile(r"""(?<=^\ufeff?<\?xml[^>]*?)encoding\s*=\s*["']([^"']*)["']""")
"""The encoding an XML prolog declares."""


def _inside_title(el: Any, stop: Any) -> bool:
    parent = el.getparent()
    while parent is not None and parent is not stop:
        if _local(parent) == "title":
            return True
        parent = parent.getparent()
    return False


def _fb2_walk(el: Any, out: _Text, mark_of: Callable, depth: int, label: str) -> None:
    sections = 0
    for child in el:
        tag = _local(child)
        if tag in _FB2_BLOCKS:
            out.add(_fb2_inline(child, mark_of))
        elif tag == "section":
            sections += 1
            if depth == 0:
                out.part(f"{label} {sections} (XML line {child.sourceline})")
            _fb2_walk(child, out, mark_of, depth + 1, label)
        elif tag in ("binary", "image", "empty-line", ""):
            continue
        else:  # title, epigraph, cite, poem, stanza, annotation, table …
            _fb2_walk(child, out, mark_of, depth, label)


def _fb2_inline(el: Any, mark_of: Callable) -> str:
    """The text of one block, inline elements (emphasis, strong, links) joined in,
    note links replaced by their marks; a table row's cells set apart by spaces."""
    out = [el.text or ""]
    for child in el:
        if isinstance(child.tag, str):
            mark = mark_of(child)
            if mark is not None:
                out.append(mark)
            else:
                out.append(_fb2_inline(child, mark_of))
                if _local(child) in ("td", "th"):
                    out.append(" ")
        out.append(child.tail or "")
    return "".join(out)


# -- HTML inside containers (EPUB) ---------------------------------------------

HTML_BLOCKS = frozenset(
    "p div h1 h2 h3 h4 h5 h6 li dt dd blockquote pre tr td th table ul ol dl section article "
    "aside header footer figure figcaption caption address hr body main nav center".split()
)
"""HTML elements that open a block of their own: each becomes a line (a table
cell too: cells of one row are not one sentence)."""
HTML_NOT_TEXT = frozenset(("script", "style", "head", "template", "noscript", "title"))
"""HTML elements whose content is never text of the page."""
_NOTE_TYPES = frozenset(
    ("footnote", "endnote", "rearnote", "note", "doc-footnote", "doc-endnote", "doc-note")
)
"""``epub:type`` / ``role`` values of an element that holds a footnote's body."""


def html_blocks(
    root: Any,
    mark_of: Callable[[Any], str | None] = lambda _el: None,
    skip: frozenset = frozenset(),
    drop: frozenset[str] = HTML_NOT_TEXT,
) -> list[str]:
    """The lines of an HTML element (BeautifulSoup): one per block element, inline
    elements joined into their block, ``<br>`` and a line end inside ``<pre>`` a
    line break; ``mark_of`` may turn an element (a note link) into a mark;
    elements named in ``drop``, and those whose ``id()`` is in ``skip`` (note
    bodies), are left out."""
    from bs4 import NavigableString, Tag
    from bs4.element import Comment, Declaration, Doctype, ProcessingInstruction

    def visit(node: Any) -> Visited:
        if isinstance(node, NavigableString):
            if isinstance(node, (Comment, Declaration, Doctype, ProcessingInstruction)):
                return None
            if "\n" in node and node.find_parent("pre") is not None:
                return str(node).split("\n")  # a preformatted text keeps its lines
            return str(node)
        if not isinstance(node, Tag) or node.name in drop or id(node) in skip:
            return None
        mark = mark_of(node)
        if mark is not None:
            return mark
        if node.name == "br":
            return BREAK
        if node.name == "li" and (label := numbers.label(node)):
            return Opens(label)
        if node.name == "tr" and (row := tables.row(node)) is not None:
            return ["", row, ""]  # a line of its own
        return node.name in HTML_BLOCKS or _quote_caption(node)

    numbers = _ListNumbers(root)
    tables = _DataTables()
    return block_lines(root, lambda node: iter(node.children), visit)


def _quote_caption(node: Any) -> bool:
    """A quotation's caption: a ``<cite>`` that opens a ``<blockquote>`` (a forum's
    ``Иван писал(а):`` over the words it quotes) and ends with a colon or stands over a
    break or a block, which the forum's style sets on a line of its own; run into the
    quoted text, it would glue the quoted law's heading to the caption. A ``<cite>``
    inside a sentence (a book's title) stays inline."""
    if node.name != "cite" or node.find_parent("blockquote") is None:
        return False
    for before in node.previous_siblings:
        if isinstance(before, str):
            if before.strip():
                return False
        elif before.name not in HTML_NOT_TEXT and before.get_text().strip():
            return False
    parent = node.parent
    if parent is None or not (parent.name == "blockquote" or parent.name in HTML_BLOCKS):
        return False
    # a caption ends with its colon (``писал(а):``) or stands over a break or a block; a
    # book's title opening a quoted sentence («<cite>Кодекс</cite> прямо говорит …») goes on
    after = next(
        (n for n in node.next_siblings if not (isinstance(n, str) and not n.strip())), None
    )
    return node.get_text().rstrip().endswith(":") or (
        after is not None and not isinstance(after, str) and after.name in ("br", *HTML_BLOCKS)
    )


class _DataTables:
    """The rows of an HTML table of data (figures and names, ``grammar.table_cells``):
    each row one line, its cells apart by `` | ``, as a text copy of the table reads;
    worked out once a table. A table that lays out a page (cells of paragraphs, line
    breaks, tables inside) keeps its cells as blocks."""

    def __init__(self) -> None:
        self._rows: dict[int, dict[int, str] | None] = {}

    def row(self, tr: Any) -> str | None:
        table = tr.find_parent("table")
        if table is None:
            return None
        if id(table) not in self._rows:
            self._rows[id(table)] = self._read(table)
        rows = self._rows[id(table)]
        return None if rows is None else rows.get(id(tr))

    @staticmethod
    def _read(table: Any) -> dict[int, str] | None:
        if table.find("table") is not None or table.find("br") is not None:
            return None
        out: dict[int, str] = {}
        counts: Counter[int] = Counter()
        for tr in table.find_all("tr"):
            cells = tr.find_all(("td", "th"), recursive=False)
            if any(c.find(list(HTML_BLOCKS)) is not None for c in cells):
                return None
            read = table_cells(table_row(_one_line(c.get_text(" ")) for c in cells))
            if read is None:
                return None
            out[id(tr)] = table_row(read)
            counts[len(read)] += 1
        return out if sum(counts.values()) >= 2 and len(counts) == 1 else None


_HTML_LIST_TYPES = {
    "1": "decimal",
    "A": "upperLetter",
    "a": "lowerLetter",
    "I": "upperRoman",
    "i": "lowerRoman",
}
"""An ordered list's ``type`` attribute, as the number format ``_list_number`` names."""
_CSS_LIST_TYPES: dict[str, str | None] = {
    "decimal": "decimal",
    "decimal-leading-zero": "decimalZero",
    "upper-alpha": "upperLetter",
    "upper-latin": "upperLetter",
    "lower-alpha": "lowerLetter",
    "lower-latin": "lowerLetter",
    "upper-roman": "upperRoman",
    "lower-roman": "lowerRoman",
    "none": None,
    "disc": None,
    "circle": None,
    "square": None,
}
"""The same, of a list's ``list-style-type`` in its ``style`` or the page's style sheet
(``none`` and the bullets: no numbers)."""
_CSS_LIST_STYLE = regex.compile(r"list-style(?:-type)?\s*:\s*([a-z-]+)")
_OWN_LABEL = regex.compile(
    rf"\s*(?:\(?(?:\d{{1,3}}|[A-Za-zА-Яа-яЁё]|[ivxIVX]{{1,5}})[.)]|\(|(?:{RU_HEADS})\b)"
)
"""What an item that writes its own marker, or a heading, opens with (``A. …``,
``1) …``, ``(a) …``, ``Правило 64. …``): a browser's number before it is none of the
text's."""


class _ListNumbers:
    """The numbers a browser shows before the items of an ordered list (``<ol
    type="A">``: ``A.``, ``B.``; ``start``, an item's ``value``, the list's
    ``list-style-type``), worked out once a list."""

    def __init__(self, root: Any) -> None:
        self._lists: dict[int, dict[int, str]] = {}
        self._root = root
        self._sheet: dict[int, str | None] | None = None  # read at the first list

    def label(self, item: Any) -> str | None:
        """``A. `` for the first item of an ``<ol type="A">``, or None: no ordered list,
        no numbers shown, or an item that writes its own marker or a heading."""
        ol = item.parent
        if ol is None or ol.name != "ol":
            return None
        if id(ol) not in self._lists:
            self._lists[id(ol)] = self._numbers(ol)
        label = self._lists[id(ol)].get(id(item))
        if label is None or _OWN_LABEL.match(item.get_text()):
            return None
        return label

    def _numbers(self, ol: Any) -> dict[int, str]:
        if _navigation(ol) or ol.find_parent(("td", "th")) is not None:
            return {}  # a breadcrumb's or a pager's list; a list inside a table's cell
        listed = self._style(ol, _HTML_LIST_TYPES.get(str(ol.get("type") or "1"), "decimal"))
        start = str(ol.get("start") or "1").strip()
        n = int(start) if start.isdigit() else 1
        out = {}
        for li in ol.find_all("li", recursive=False):
            value = str(li.get("value") or "").strip()
            n = int(value) if value.isdigit() else n
            fmt = self._style(li, listed)
            if fmt is not None and (n > 0 or fmt == "decimal"):
                out[id(li)] = f"{_list_number(n, fmt)}. "
            n += 1
        return out

    def _style(self, tag: Any, fmt: str | None) -> str | None:
        """The number format of ``tag``'s items: its ``style``'s ``list-style-type``,
        else the style sheet's, else ``fmt`` (what the list gives an item)."""
        style = _CSS_LIST_STYLE.search(str(tag.get("style") or ""))
        if style is not None and style[1] in _CSS_LIST_TYPES:
            return _CSS_LIST_TYPES[style[1]]
        if self._sheet is None:
            self._sheet = _sheet_list_styles(self._root)
        return self._sheet.get(id(tag), fmt)


def _sheet_list_styles(root: Any) -> dict[int, str | None]:
    """``id(element)`` → the number format the page's style sheets (``<style>``) give
    the elements they select, the most specific selector winning and, between equals,
    the later: by ``list-style-type`` or ``list-style`` (``ol.sections {
    list-style-type: upper-latin }``: the page numbers the law's sections A, B …), or
    by the counter an item's ``::before`` shows (``li::before { content:
    counter(c, upper-latin) ". " }``, as a document editor's export numbers its
    lists: such a sheet hides the lists' own numbers, and its ``none`` is not read)."""
    doc = root
    while doc.parent is not None:
        doc = doc.parent
    sheets = [
        text
        for s in doc.find_all("style")
        if "list-style" in (text := s.get_text()) or "counter(" in text
    ]
    if not sheets:
        return {}
    counted = any("counter(" in sheet for sheet in sheets)
    import cssselect2
    import soupsieve
    import tinycss2

    chosen: dict[int, tuple[tuple[int, int, int], int, str | None]] = {}
    index = _key_index(doc)
    order = 0
    for sheet in sheets:
        for rule in tinycss2.parse_stylesheet(sheet, skip_comments=True, skip_whitespace=True):
            if rule.type != "qualified-rule":
                continue  # an @media block and the like: not read
            value, shown = _sheet_list_value(rule.content)
            if value is None and shown is None:
                continue
            for part in _selectors(rule.prelude):
                try:
                    compiled = cssselect2.compile_selector_list(part)
                    pseudo = compiled[0].pseudo_element if compiled else "?"
                    if pseudo is None and value is not None:
                        fmt = _CSS_LIST_TYPES[value]
                        if counted and fmt is None:
                            continue
                    elif pseudo in _SHOWN_NUMBER and shown is not None:
                        fmt, part = _CSS_LIST_TYPES.get(shown, "decimal"), _bearer(part)
                    else:
                        continue
                    found = _selected(doc, part, index)
                except (
                    cssselect2.SelectorError,
                    soupsieve.SelectorSyntaxError,
                    NotImplementedError,
                    ValueError,
                ):
                    continue  # a selector no library reads: the sheet's other rules count
                order += 1
                key = (compiled[0].specificity, order)
                for el in found:
                    if id(el) not in chosen or chosen[id(el)][:2] <= key:
                        chosen[id(el)] = (*key, fmt)
    return {k: fmt for k, (_spec, _order, fmt) in chosen.items()}


def _key_index(doc: Any) -> dict[str, list[Any]]:
    """The lists and items of ``doc`` by each class (``.c``) and id (``#i``) that they
    or an element around them have: where a selector that names one may match."""
    index: dict[str, list[Any]] = {}
    for el in doc.find_all(("ol", "li")):
        keys: set[str] = set()
        for up in (el, *el.parents):
            if getattr(up, "attrs", None) is None:
                continue
            classes = up.get("class") or []
            keys.update("." + c for c in (classes if isinstance(classes, list) else [classes]))
            if up.get("id"):
                keys.add("#" + str(up["id"]))
        for key in keys:
            index.setdefault(key, []).append(el)
    return index


def _selected(doc: Any, part: list[Any], index: dict[str, list[Any]]) -> list[Any]:
    """The lists and items the selector ``part`` (tinycss2 tokens) matches: tried
    only on those that have, or sit inside, the rarest class or id it names (a
    document editor's sheet has a rule of its own for each list), else on the whole
    document."""
    import soupsieve
    import tinycss2

    text = tinycss2.serialize(part).strip()
    keys = {"#" + t.value for t in part if t.type == "hash"} | {
        "." + b.value
        for a, b in itertools.pairwise(part)
        if a.type == "literal" and a.value == "." and b.type == "ident"
    }
    if not keys:
        return list(doc.select(text))
    candidates = min((index.get(k, []) for k in keys), key=len)
    if not candidates:
        return []
    compiled = soupsieve.compile(text)
    return [el for el in candidates if compiled.match(el)]


_SHOWN_NUMBER = frozenset(("before", "marker"))
"""The pseudo-elements whose ``content`` shows an item's number."""


def _bearer(part: list[Any]) -> list[Any]:
    """A selector of a pseudo-element without it: the element that bears it
    (``ol.a > li::before``: ``ol.a > li``)."""
    end = len(part)
    while end and part[end - 1].type == "whitespace":
        end -= 1
    end -= 1  # the pseudo-element's name
    while end and part[end - 1].type == "literal" and part[end - 1].value == ":":
        end -= 1
    return part[:end]


def _sheet_list_value(content: list[Any]) -> tuple[str | None, str | None]:
    """The list style a rule's declarations set last (``list-style-type: upper-latin``,
    ``list-style: lower-roman inside``), as ``_CSS_LIST_TYPES`` names it, and the
    style of the counter its ``content`` shows (``counter(c, upper-latin)``:
    ``upper-latin``; ``counter(c)``: ``decimal``); None where it sets none."""
    import tinycss2

    value = shown = None
    for decl in tinycss2.parse_declaration_list(content, skip_comments=True, skip_whitespace=True):
        if decl.type != "declaration":
            continue
        if decl.lower_name in ("list-style", "list-style-type"):
            for token in decl.value:
                if token.type == "ident" and token.lower_value in _CSS_LIST_TYPES:
                    value = token.lower_value
        elif decl.lower_name == "content":
            for token in decl.value:
                if token.type == "function" and token.lower_name == "counter":
                    names = [t.lower_value for t in token.arguments if t.type == "ident"]
                    shown = names[1] if len(names) > 1 else "decimal"
    return value, shown


def _selectors(prelude: list[Any]) -> list[list[Any]]:
    """A rule's selector list, one list of tokens each (``ol.a, ul li``)."""
    parts: list[list[Any]] = [[]]
    for token in prelude:
        if token.type == "literal" and token.value == ",":
            parts.append([])
        else:
            parts[-1].append(token)
    return [p for p in parts if any(t.type != "whitespace" for t in p)]


_NAVIGATION = regex.compile(r"breadcrumb|crumbs|pagination|pager|menu|\bnav", regex.I)
"""What the class, role, label or item type of a list of a page's navigation says."""


def _navigation(ol: Any) -> bool:
    """``ol`` is a page's navigation (a breadcrumb trail, a pager, a menu), by what it
    says it is, or by its items, each one link and nothing else but the last (a trail
    ends on the page it is at): a browser's site styles hide such a list's numbers."""
    said = " ".join(str(v) for v in (_kinds(ol), ol.get("aria-label"), ol.get("itemtype")) if v)
    if _NAVIGATION.search(said):
        return True
    items = ol.find_all("li", recursive=False)
    return len(items) >= 2 and all(
        (a := item.find("a")) is not None and a.get_text(strip=True) == item.get_text(strip=True)
        for item in items[:-1]
    )


_NOTE_LISTS = frozenset(("footnotes", "endnotes", "rearnotes", "doc-endnotes"))
"""``epub:type``, ``role`` or ``class`` of an element that holds a list of notes, one
``<li id=…>`` each (as Pandoc and other converters write them)."""
_NOTE_REFS = frozenset(("noteref", "doc-noteref", "footnote-ref", "footnote-reference"))
"""``epub:type``, ``role`` or ``class`` of a link to a note."""
_BACK_LINKS = frozenset(("backlink", "doc-backlink", "footnote-back", "footnote-backref"))
"""The same of a note's link back to its mark (``↩``): not text."""


def _kinds(tag: Any) -> set[str]:
    """What an element says it is: its ``epub:type``, ``role`` and classes."""
    classes = tag.get("class") or []
    return (
        set(str(tag.get("epub:type", "")).split())
        | set(str(tag.get("role", "")).split())
        | set(classes if isinstance(classes, list) else str(classes).split())
    )


def _is_note(tag: Any) -> bool:
    """An element holding a note's body: marked as a note, or an item with an id in a
    list of notes."""
    if _kinds(tag) & _NOTE_TYPES:
        return True
    return (
        tag.name == "li"
        and bool(tag.get("id"))
        and any(_kinds(up) & _NOTE_LISTS for up in tag.parents if up.name)
    )


def _decode_markup(data: bytes) -> str:
    """An XHTML member's text: by its byte-order mark or XML declaration, else UTF-8
    (what EPUB requires), else the legacy guess ``pipeline.read`` makes."""
    from bs4.dammit import EncodingDetector

    for enc in EncodingDetector(data, known_definite_encodings=[], is_html=True).encodings:
        try:
            return data.decode(enc)
        except (UnicodeDecodeError, LookupError):
            continue
    return data.decode("utf-8", errors="replace")


def read_epub(data: bytes, name: str) -> Extracted:
    """An EPUB: the XHTML documents of the spine, in spine order, each a part,
    reduced to text block by block (``html_blocks``); note references
    (``epub:type="noteref"``, or any link to an element marked as a footnote)
    become marks and the notes' bodies the footnote blocks after the text."""
    from bs4 import BeautifulSoup

    z = _Zip(data, name, "EPUB")
    container = parse_xml(z.read("META-INF/container.xml"), name, "META-INF/container.xml")
    rootfile = next((el for el in container.iter() if _local(el) == "rootfile"), None)
    opf_path = _attr(rootfile, "full-path") if rootfile is not None else None
    if not opf_path:
        raise FormatError(f"{name}: META-INF/container.xml names no package document; not read")
    opf = parse_xml(z.read(opf_path), name, opf_path)
    base = posixpath.dirname(opf_path)
    manifest = {
        el.get("id"): (el.get("href") or "", el.get("media-type") or "")
        for el in opf.iter()
        if _local(el) == "item"
    }
    spine = [el.get("idref") for el in opf.iter() if _local(el) == "itemref"]
    title_el = next((el for el in opf.iter() if _local(el) == "title"), None)
    members = []
    for idref in spine:
        if idref not in manifest:
            raise FormatError(
                f"{name}: the spine names {idref!r}, which {opf_path} lacks; not read"
            )
        href, media = manifest[idref]
        if "html" not in media and not href.lower().endswith((".xhtml", ".html", ".htm")):
            continue
        path = posixpath.normpath(posixpath.join(base, unquote(href.split("#", 1)[0])))
        members.append(path)
    if not members:
        raise FormatError(f"{name}: the EPUB's spine holds no XHTML document; not read")
    soups = []
    for member in members:
        soup = BeautifulSoup(_decode_markup(z.read(member)), "html.parser")
        soups.append((member, soup))
    notes = HtmlNotes(soups)
    out = _Text()
    for member, soup in soups:
        out.part(member)
        for line in html_blocks(soup.body or soup, notes.mark_of(member), notes.skip):
            out.add(line)
    for mark, body in notes.bodies():
        out.note(mark, body)
    for text in notes.unlinked():
        out.add(text)
    return out.result(
        "epub",
        "utf-8",
        name,
        title=(title_el.text or "") if title_el is not None else "",
    )


_NOTE_LABEL = regex.compile(r"\s*[\[({]?\s*(?:\d{1,3}|\*{1,3})\s*[\])}]?\s*")
"""What a link to a note shows: its number or asterisks, maybe in brackets (``[1]``,
``16``, ``*``, ``(2)``)."""
_BACK_LABEL = regex.compile(rf"{_NOTE_LABEL.pattern}|\s*(?:[\^↑↩⤴]\ufe0e?)?\s*")
"""What a note's link back to its mark shows: the note's number, an arrow or a caret
(``[1]``, ``↑``, ``^``, ``↩``), or nothing (an icon); a heading that links back to its
entry in a table of contents shows its title."""
_NOTE_NUMBER = regex.compile(r"^\s*(?:\[?\d+\]?|\*+)[.)]?\s+")
"""The number a note's body often repeats before its text."""


def _fragment(link: Any) -> str | None:
    """The fragment a link within its own page points to (``href="#_ftn1"``), or None."""
    href = str(link.get("href") or "")
    return unquote(href[1:]) if href.startswith("#") else None


class HtmlNotes:
    """The notes of HTML documents (an EPUB's members, a web page) and the links to
    them. A note is an element marked as one (``_is_note``: ``epub:type``, ``role``
    or a class such as ``footnote``, or an item with an id in a list of notes), or
    the block a link showing a note's number (``_NOTE_LABEL``: ``[1]``, ``16``,
    ``*``) points to on its own page when that block links back to the mark, as a
    word processor's, an encyclopedia's and most sites' footnotes do (``<a
    href="#_ftn1">[1]</a>`` … ``<p><a href="#_ftnref1" name="_ftn1">[1]</a> …``),
    or, where nothing links back, when the link is raised (``<sup>``) and the block
    opens with the number it shows (``<sup><a href="#n1">1</a></sup>`` … ``<p
    id="n1">1 …``), after the mark. Notes that share one block are cut at their
    numbers (``_shared_notes``).
    A link to a note becomes its mark ``(*N)`` (``mark_of``), the notes' bodies are
    left out of the text flow (``skip``) and go after the text (``bodies``); a
    note's links back to its mark are no text."""

    def __init__(self, soups: list[tuple[str, Any]]) -> None:
        self.notes: dict[tuple[str, str], Any] = {}
        """Note bodies by (document, fragment id)."""
        self._backs: set[tuple[str, str]] = set()
        """The anchors of the marks that notes link back to."""
        self._texts: dict[tuple[str, str], str] = {}
        """The text of each note that shares its block with others, cut at its number."""
        for member, soup in soups:
            for tag in soup.find_all(_is_note):
                if tag.get("id"):
                    self.notes[(member, str(tag["id"]))] = tag
            self._linked_notes(member, soup)
        self.skip = frozenset(id(tag) for tag in self.notes.values())
        self._marks: dict[tuple[str, str], str] = {}

    def _linked_notes(self, member: str, soup: Any) -> None:
        anchors: dict[str, Any] = {}
        order: dict[int, int] = {}  # element → its place in the document
        for place, tag in enumerate(soup.find_all(True)):
            order[id(tag)] = place
            for key in (tag.get("id"), tag.get("name") if tag.name == "a" else None):
                if key:
                    anchors.setdefault(str(key), tag)
        found: dict[str, tuple[Any, Any, list[Any]]] = {}  # fragment → (link, body, back links)
        for link in soup.find_all("a", href=True):
            fragment = _fragment(link)
            if fragment is None or not _NOTE_LABEL.fullmatch(link.get_text()):
                continue
            target = anchors.get(fragment)
            if target is None:
                continue
            body = target if target.name in HTML_BLOCKS else _block_of(target)
            if (
                body is None
                or body.name in _NO_NOTE_BLOCKS
                or order[id(body)] < order[id(link)]  # a note follows its mark
                or body in link.parents
                or _HEADING_OPENING.match(body.get_text())  # a law's heading: an index's
            ):
                continue
            own = set()  # the anchors of the mark: the link's and its inline elements'
            for el in (link, *link.parents):
                if el is not link and el.name in HTML_BLOCKS:
                    break
                own |= {str(key) for key in (el.get("id"), el.get("name")) if key}
            back = [
                a
                for a in body.find_all("a", href=True)
                if _fragment(a) in own and _BACK_LABEL.fullmatch(a.get_text())
            ]
            if back or (
                _superscript(link)
                and _opens_with_label(target, link.get_text())
                and _opens_a_line(target, body)
            ):
                found[fragment] = (link, body, back)
        # one block two notes link to holds both: each note is its lines from its
        # number on (``_shared_notes``), or, where they cannot be told apart, the block
        # stays text where it stands
        shared = Counter(id(body) for _link, body, _back in found.values())
        marks = {id(link) for link, _body, _back in found.values()}
        together: dict[int, list[str]] = {}
        for fragment, (_link, body, back) in found.items():
            if shared[id(body)] > 1:
                together.setdefault(id(body), []).append(fragment)
                continue
            # a note of several paragraphs: up to the element that holds it and no
            # other note, no mark and no heading (a word processor's ``<div id=ftn1>``)
            up = body.parent
            while (
                up is not None
                and up.name not in _NO_NOTE_BLOCKS
                and up.name in HTML_BLOCKS
                and not any(
                    id(other) != id(body) and other in up.descendants
                    for _l, other, _b in found.values()
                )
                and not any(id(a) in marks for a in up.find_all("a"))
                and up.find(_HEADINGS) is None
            ):
                body, up = up, up.parent
            self.notes[(member, fragment)] = body
            self._backs |= {(member, str(_fragment(a))) for a in back}
        for fragments in together.values():
            fragments.sort(key=lambda f: order[id(anchors[f])])
            body = found[fragments[0]][1]
            texts = _shared_notes(
                body, [anchors[f] for f in fragments], [found[f][0].get_text() for f in fragments]
            )
            if texts is None:
                continue
            for fragment, text in zip(fragments, texts, strict=True):
                self.notes[(member, fragment)] = body
                self._texts[(member, fragment)] = text
                self._backs |= {(member, str(_fragment(a))) for a in found[fragment][2]}

    def linked_skip(self, soup: Any, member: str = "") -> frozenset[int]:
        """``skip`` for a web page: the notes some link of ``soup`` points to (a block
        a page marks as a note, ``class="note"``, that nothing links to is an aside
        in its place, not a footnote)."""
        pointed = {(member, _fragment(a)) for a in soup.find_all("a", href=True)}
        return frozenset(id(tag) for key, tag in self.notes.items() if key in pointed)

    def mark_of(self, member: str) -> Callable[[Any], str | None]:
        """``html_blocks``'s ``mark_of`` for the document ``member``: a link to a note
        becomes the note's mark, a note's link back to its mark nothing."""

        def mark_of(tag: Any) -> str | None:
            if tag.name != "a" or not tag.get("href") or "#" not in str(tag["href"]):
                return None
            href, fragment = str(tag["href"]).split("#", 1)
            target_member = (
                posixpath.normpath(posixpath.join(posixpath.dirname(member), unquote(href)))
                if href
                else member
            )
            key = (target_member, unquote(fragment))
            if _kinds(tag) & _BACK_LINKS or key in self._backs:
                return ""  # a note's way back to its mark: no text
            if key not in self.notes and not _kinds(tag) & _NOTE_REFS:
                return None
            if key not in self._marks:
                self._marks[key] = note_mark(tag.get_text(), len(self._marks) + 1)
            return self._marks[key]

        return mark_of

    def bodies(self) -> Iterator[tuple[str, str]]:
        """``(mark, text)`` of every note a link points to, in the order of the notes."""
        for key, tag in self.notes.items():
            mark = self._marks.get(key)
            if mark is None:
                continue  # a note nothing links to: ``unlinked``
            body = self._texts.get(key) or " ".join(html_blocks(tag, self.mark_of(key[0])))
            # a note often repeats its own number first: keep the text after it
            yield mark, _NOTE_NUMBER.sub("", body)

    def unlinked(self) -> Iterator[str]:
        """The text of every note nothing links to, to follow the footnotes."""
        for key, tag in self.notes.items():
            if key not in self._marks:
                yield self._texts.get(key) or " ".join(html_blocks(tag))


_HEADINGS = ("h1", "h2", "h3", "h4", "h5", "h6")
_NO_NOTE_BLOCKS = frozenset(("body", "html", "main", "article", *_HEADINGS))
"""Blocks no note is: the page's body, its text, a heading."""
_HEADING_OPENING = regex.compile(rf"\s*(?:{RU_HEADS})[ \t\u00a0]*№?[ \t]*[\dIVXLC]")
"""What a law's or a division's heading opens with: a block a numbered link points to
that opens so is a heading an index links to, not a note."""


def _opens_a_line(target: Any, block: Any) -> bool:
    """The element a link points to opens a line of its block: nothing but blanks
    stands between the block's start, or a ``<br>``, and it (a note's anchor after a
    paragraph's words is none of the note's)."""
    from bs4 import NavigableString

    if target is block:
        return True
    for el in target.previous_elements:
        if el is block or getattr(el, "name", None) == "br":
            return True
        if isinstance(el, NavigableString) and str(el).strip():
            return False
    return True


def _superscript(link: Any) -> bool:
    """The link is set as a note's mark is, raised: in a ``<sup>`` of its line or
    around one (a contents list's or an index's links stand on the line)."""
    if link.find("sup") is not None:
        return True
    for el in link.parents:
        if el.name == "sup":
            return True
        if el.name in HTML_BLOCKS:
            return False
    return False


def _opens_with_label(target: Any, label: str) -> bool:
    """The text from the element a link points to on opens with the number or
    asterisks ``label`` shows (``[1]`` … ``<p id=n1>1 Текст``, ``<a name=n1></a>1.
    Текст``, ``* Текст``): a footnote repeats its mark first."""
    from bs4 import NavigableString

    core = _label_at(label)
    seen = ""
    for el in target.next_elements:
        if isinstance(el, NavigableString):
            seen += str(el)
            if len(seen.strip()) >= _LABEL_LOOK:
                break
    return core is not None and _label_at(seen) == core


_LABEL_LOOK = 8
"""Characters after a note's anchor that are enough to read the number it opens with."""
_LABEL_AT = regex.compile(r"\s*[\[({]?\s*(\d{1,3}|\*{1,3})(?![\d*])")


def _label_at(text: str) -> str | None:
    """The number or asterisks ``text`` opens with (``[2] …``, ``2. …``, ``** …``)."""
    m = _LABEL_AT.match(text)
    return m[1] if m else None


def _shared_notes(block: Any, anchors: list[Any], labels: list[str]) -> list[str] | None:
    """The texts of the notes one block holds, in order: each from its anchor
    (``anchors``, in the document's order) to the next note's, opening with the
    number its link shows (``labels``); None where words stand before the first note,
    a note opens with another number, or a line inside a note opens a unit of the
    law's (the page's text goes on in the block after its notes)."""
    from bs4 import NavigableString

    marks = []
    for k, anchor in enumerate(anchors):
        mark = NavigableString(f"\ue000{k}\ue001")
        anchor.insert_before(mark)
        marks.append(mark)
    try:
        read = "\n".join(html_blocks(block))
    finally:
        for mark in marks:
            mark.extract()
    pieces = regex.split(r"\ue000(\d+)\ue001", read)
    if pieces[0].strip() or [int(k) for k in pieces[1::2]] != list(range(len(anchors))):
        return None
    texts = []
    for label, piece in zip(labels, pieces[2::2], strict=True):
        lines = [ln.strip() for ln in piece.split("\n") if ln.strip()]
        core = _label_at(label)
        if (
            not lines
            or core is None
            or _label_at(lines[0]) != core
            or any(starts_unit(ln) for ln in lines[1:])
        ):
            return None
        texts.append(" ".join(lines))
    return texts


def _block_of(tag: Any) -> Any:
    """The block element ``tag`` stands in, or None."""
    return tag.find_parent(lambda el: el.name in HTML_BLOCKS)


# -- DOCX -----------------------------------------------------------------------


def read_docx(data: bytes, name: str) -> Extracted:
    """A Word document (DOCX): ``word/document.xml``'s paragraphs in order,
    tables row by row; footnote and endnote references become marks and the
    notes (``word/footnotes.xml``, ``word/endnotes.xml``) the footnote blocks
    after the text. Deleted text of tracked changes and field codes are not
    text; a text box's fallback copy is read once."""
    z = _Zip(data, name, "DOCX document")
    doc = parse_xml(z.read("word/document.xml"), name, "word/document.xml")
    bodies: dict[tuple[str, str], str] = {}
    for kind in ("footnote", "endnote"):
        member = f"word/{kind}s.xml"
        if not z.has(member):
            continue
        for note in parse_xml(z.read(member), name, member):
            if _local(note) != kind or _attr(note, "type") not in (None, "normal"):
                continue
            said: list[str] = []
            _docx_walk(note, said, lambda _el: None)
            bodies[(kind, _attr(note, "id") or "")] = " ".join(said)
    marks: dict[tuple[str, str], str] = {}

    def mark_of(el: Any) -> str | None:
        tag = _local(el)
        if tag not in ("footnoteReference", "endnoteReference"):
            return None
        key = (tag.removesuffix("Reference"), _attr(el, "id") or "")
        if key not in marks:
            marks[key] = f"(*{len(marks) + 1})"
        return marks[key]

    numbering = _Numbering(z, name)

    def mark_or_number(el: Any) -> str | None:
        if _local(el) == "pPr":
            return numbering.label(el)
        return mark_of(el)

    out = _Text()
    out.part("word/document.xml")
    lines: list[str] = []
    _docx_walk(doc, lines, mark_or_number)
    for line in lines:
        out.add(line)
    for key, mark in marks.items():
        out.note(mark, bodies.get(key, ""))
    return out.result("docx", "utf-8", name, notes_part="word/footnotes.xml")


_DOCX_SKIP = frozenset(("delText", "instrText", "Fallback", "sectPr", "rPr", "pPr"))


def _docx_walk(root: Any, lines: list[str], mark_of: Callable[[Any], str | None]) -> None:
    def visit(el: Any) -> Visited:
        tag = _local(el)
        if not tag:
            return None
        mark = mark_of(el)  # a note reference's mark, a numbered paragraph's number
        if mark is not None:
            return mark
        if tag in _DOCX_SKIP:
            return None
        if tag == "t":
            return str(el.text or "")
        if tag in ("tab", "noBreakHyphen"):
            return " " if tag == "tab" else "-"
        if tag in ("br", "cr"):
            return BREAK
        return tag in ("p", "tc", "tr")

    lines += block_lines(root, iter, visit)


_RUSSIAN_LETTERS = "АБВГДЕЖЗИКЛМНОПРСТУФХЦЧШЩЭЮЯ"
"""The letters Word numbers a ``russianUpper`` list with."""


def _list_number(n: int, fmt: str) -> str:
    """Word's rendering of list number ``n`` in number format ``fmt``."""
    if fmt in ("upperLetter", "lowerLetter", "russianUpper", "russianLower"):
        alphabet = _RUSSIAN_LETTERS if fmt.startswith("russian") else "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
        letter = alphabet[(n - 1) % len(alphabet)] * ((n - 1) // len(alphabet) + 1)
        return letter.lower() if fmt in ("lowerLetter", "russianLower") else letter
    if fmt in ("upperRoman", "lowerRoman"):
        out, rest = "", n
        for value, numeral in (
            (1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
            (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"),
        ):  # fmt: skip
            count, rest = divmod(rest, value)
            out += numeral * count
        return out.lower() if fmt == "lowerRoman" else out
    if fmt == "decimalZero":
        return f"{n:02d}"
    return str(n)


class _Numbering:
    """Word's automatic list numbers (``word/numbering.xml``): a numbered
    paragraph's label (``A.``, ``1.``, ``(a)``) is not in its text but made by
    Word as it shows the page, from the list's levels and the paragraphs before
    it. Numbering given by a paragraph style (``word/styles.xml``) counts too."""

    def __init__(self, z: _Zip, name: str) -> None:
        # numId → ilvl → (start, number format, label pattern such as ``%1.%2.``)
        self.levels: dict[str, dict[int, tuple[int, str, str]]] = {}
        self.by_style: dict[str, tuple[str, int]] = {}
        self.counters: dict[str, dict[int, int]] = {}
        if z.has("word/numbering.xml"):
            root = parse_xml(z.read("word/numbering.xml"), name, "word/numbering.xml")
            abstract = {
                _attr(el, "abstractNumId"): self._levels(el)
                for el in root
                if _local(el) == "abstractNum"
            }
            for el in root:
                if _local(el) != "num":
                    continue
                levels = dict(abstract.get(self._val(el, "abstractNumId"), {}))
                for override in (c for c in el if _local(c) == "lvlOverride"):
                    ilvl = int(_attr(override, "ilvl") or 0)
                    levels.update(self._levels(override))
                    start = self._val(override, "startOverride")
                    if start is not None and ilvl in levels:
                        levels[ilvl] = (int(start), *levels[ilvl][1:])
                self.levels[_attr(el, "numId") or ""] = levels
        if z.has("word/styles.xml"):
            for style in parse_xml(z.read("word/styles.xml"), name, "word/styles.xml"):
                num = next((c for c in style.iter() if _local(c) == "numPr"), None)
                if _local(style) == "style" and num is not None:
                    num_id = self._val(num, "numId")
                    if num_id is not None:
                        self.by_style[_attr(style, "styleId") or ""] = (
                            num_id,
                            int(self._val(num, "ilvl") or 0),
                        )

    @staticmethod
    def _val(el: Any, child: str) -> str | None:
        found = next((c for c in el if _local(c) == child), None)
        return _attr(found, "val") if found is not None else None

    def _levels(self, el: Any) -> dict[int, tuple[int, str, str]]:
        return {
            int(_attr(lvl, "ilvl") or 0): (
                int(self._val(lvl, "start") or 1),
                self._val(lvl, "numFmt") or "decimal",
                self._val(lvl, "lvlText") or "",
            )
            for lvl in el
            if _local(lvl) == "lvl"
        }

    def label(self, ppr: Any) -> str | None:
        """The label Word shows before the paragraph whose ``w:pPr`` is ``ppr``, and
        a space; ``None`` when the paragraph is not numbered (or has a bullet)."""
        num = next((c for c in ppr if _local(c) == "numPr"), None)
        if num is not None:
            num_id, ilvl = self._val(num, "numId"), int(self._val(num, "ilvl") or 0)
        else:
            num_id, ilvl = self.by_style.get(self._val(ppr, "pStyle") or "", (None, 0))
        levels = self.levels.get(num_id or "")
        if not levels or ilvl not in levels:
            return None
        count = self.counters.setdefault(num_id or "", {})
        count[ilvl] = count[ilvl] + 1 if ilvl in count else levels[ilvl][0]
        for deeper in [k for k in count if k > ilvl]:
            del count[deeper]  # a new item restarts the levels under it
        _start, fmt, pattern = levels[ilvl]
        if fmt in ("bullet", "none") or not pattern:
            return None

        def number(m: Any) -> str:
            k = int(m[1]) - 1
            start, level_fmt, _ = levels.get(k, (1, "decimal", ""))
            return _list_number(count.get(k, start), level_fmt)

        return regex.sub(r"%([1-9])", number, pattern) + " "


# -- ODT ------------------------------------------------------------------------

_ODT_SKIP = frozenset(
    ("tracked-changes", "annotation", "note-citation", "sequence-decls", "bookmark-ref")
)
"""OpenDocument elements that are not the text: the deleted text of tracked changes,
comments, a note's own number (its mark is made from the citation once)."""


def read_odt(data: bytes, name: str) -> Extracted:
    """An OpenDocument text (LibreOffice, ``.odt``): ``content.xml``'s headings,
    paragraphs and table cells in order; ``text:s`` runs of spaces, tabs and line
    breaks as they show; a ``text:note`` becomes its mark and its body a footnote
    block after the text; tracked deletions and comments are not text."""
    z = _Zip(data, name, "OpenDocument text")
    root = parse_xml(z.read("content.xml"), name, "content.xml")
    body = next((el for el in root.iter() if _local(el) == "text"), root)
    notes: list[tuple[str, Any]] = []

    def visit(el: Any) -> Visited:
        if isinstance(el, str):
            return el
        tag = _local(el)
        if not tag or tag in _ODT_SKIP:
            return None
        if tag == "note":
            citation = next((c for c in el if _local(c) == "note-citation"), None)
            mark = note_mark(
                "".join(citation.itertext()) if citation is not None else "", len(notes) + 1
            )
            notes.append((mark, next((c for c in el if _local(c) == "note-body"), el)))
            return mark
        if tag == "s":
            return " " * int(_attr(el, "c") or 1)
        if tag == "tab":
            return " "
        if tag == "line-break":
            return BREAK
        return tag in ("p", "h", "table-cell", "list-item")

    out = _Text()
    out.part("content.xml")
    for line in block_lines(body, _odt_children, visit):
        out.add(line)
    for mark, note in notes:
        out.note(mark, " ".join(block_lines(note, _odt_children, visit)))
    return out.result("odt", "utf-8", name)


def _odt_children(el: Any) -> Iterator:
    """An element's children with its text and their tails between them, as
    ``block_lines`` reads them (lxml keeps text in ``.text`` and ``.tail``)."""
    if el.text:
        yield el.text
    for child in el:
        yield child
        if child.tail:
            yield child.tail


# -- RTF ------------------------------------------------------------------------

_ANSICPG = regex.compile(rb"\\ansicpg(\d+)")


def read_rtf(data: bytes, name: str) -> Extracted:
    """An RTF document (striprtf): ``\\'xx`` escapes decoded in the document's code
    page (``\\ansicpg1251``; cp1251 when it names none), ``\\u`` escapes as
    Unicode; a ``\\par`` ends a block; a ``{\\footnote …}`` group becomes its mark
    and a footnote block after the text."""
    from striprtf.striprtf import rtf_to_text

    if not data.lstrip().startswith(b"{\\rtf"):
        raise FormatError(f"{name}: not an RTF document (it does not start with {{\\rtf); not read")
    found = _ANSICPG.search(data[:4096])
    encoding = f"cp{int(found[1])}" if found else "cp1251"
    try:
        codecs.lookup(encoding)
    except LookupError:
        encoding = "cp1251"
    if encoding == "cp1252" and regex.search(rb"\\'[c-f][0-9a-f]", data):
        # Russian text saved under the Western code page's header: the escapes are cp1251
        encoding = "cp1251"
    document, notes = _rtf_footnotes(data.decode("latin-1"))
    try:
        text = rtf_to_text(document, encoding=encoding, errors="replace")
        bodies = [
            rtf_to_text("{\\rtf1 " + note + "}", encoding=encoding, errors="replace")
            for note in notes
        ]
    except Exception as exc:  # striprtf raises plain exceptions on malformed groups
        raise FormatError(f"{name}: a broken RTF document ({exc}); not read") from None
    out = _Text()
    for line in text.splitlines():
        out.add(line)
    for n, body in enumerate(bodies, start=1):
        out.note(f"(*{n})", body)
    return out.result("rtf", encoding, name)


_RTF_NOTE = regex.compile(r"\{(?:\\\*)?\\footnote(?![a-z])")
"""The start of an RTF footnote group: ``{\\footnote …}``."""


def _rtf_footnotes(rtf: str) -> tuple[str, list[str]]:
    """The document with each footnote group replaced by its mark ``(*N)``, and
    the groups' contents in order (striprtf would drop them, text and all)."""
    notes: list[str] = []
    out: list[str] = []
    pos = 0
    for start in (m.start() for m in _RTF_NOTE.finditer(rtf)):
        if start < pos:
            continue  # a footnote inside a footnote is read with its outer one
        depth, i = 0, start
        while i < len(rtf):
            ch = rtf[i]
            if ch == "\\":
                i += 2  # an escaped brace or backslash
                continue
            if ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
                if depth == 0:
                    break
            i += 1
        out.append(rtf[pos:start])
        notes.append(_RTF_NOTE.sub("", rtf[start:i], count=1))
        out.append(f"(*{len(notes)})")
        pos = i + 1
    out.append(rtf[pos:])
    return "".join(out), notes


# -- PDF and DjVu: a scan's text layer ---------------------------------------------


def _pages_result(pages: list[str], fmt: str, encoding: str, name: str, what: str) -> Extracted:
    """A paged text layer: each page's lines as the layer has them (hard-wrapped,
    as a scan is: the cleaner unwraps them), each page a part. Pages without text
    are named in a warning; a file with none is a scan that needs OCR first."""
    empty = [n for n, page in enumerate(pages, start=1) if not page.strip()]
    if len(empty) == len(pages):
        raise FormatError(
            f"{name}: {'no page' if len(pages) != 1 else 'its one page'} of the {what} "
            "has a text layer: a scan that needs OCR before Kodeks can read it; not read"
        )
    out = _Text()
    for n, page in enumerate(pages, start=1):
        out.part(f"page {n}")
        for line in page.splitlines():
            # a text layer's spaces are positions: the runs of justified lines become one
            line = _LAYOUT_SPACE.sub(" ", line).strip()
            if line:
                out.lines.append(line)
    diagnostics: tuple[Diagnostic, ...] = ()
    if empty:
        from .read import _line_ranges

        diagnostics = (
            diag(
                "K132",
                f"{name}: page{'s' if len(empty) > 1 else ''} {_line_ranges(empty)} of "
                f"{len(pages)} {'have' if len(empty) > 1 else 'has'} no text layer (scanned "
                f"without OCR): {'their' if len(empty) > 1 else 'its'} text is missing from "
                "this source",
            ),
        )
    return out.result(fmt, encoding, name, diagnostics=diagnostics)


def read_pdf(data: bytes, name: str) -> Extracted:
    """A PDF's text layer (pypdf), page by page. An encrypted PDF that opens
    without a password is read; one that needs a password is not."""
    import logging

    from pypdf import PdfReader
    from pypdf.errors import DependencyError, PyPdfError

    # pypdf logs what it works around in a damaged file; what matters reaches the
    # user as this file's diagnostic, not as stray lines on the terminal
    logging.getLogger("pypdf").setLevel(logging.ERROR)

    try:
        reader = PdfReader(io.BytesIO(data))
        if reader.is_encrypted:
            try:
                opened = bool(reader.decrypt(""))
            except DependencyError:
                raise FormatError(
                    f"{name}: an AES-encrypted PDF; reading it needs the cryptography package "
                    "(pypdf[crypto], a dependency of Kodeks: reinstall it); not read"
                ) from None
            except Exception:  # an encryption pypdf cannot undo without a password
                opened = False
            if not opened:
                raise FormatError(
                    f"{name}: an encrypted PDF that needs a password; save an unencrypted "
                    "copy to read it; not read"
                )
        count = len(reader.pages)
    except FormatError:
        raise
    except (PyPdfError, ValueError, KeyError, TypeError, AttributeError, OSError) as exc:
        raise FormatError(f"{name}: a broken or truncated PDF ({exc}); not read") from None
    pages = []
    for n in range(count):
        try:
            pages.append(reader.pages[n].extract_text() or "")
        except Exception as exc:  # one bad page does not spoil the others
            raise FormatError(
                f"{name}: page {n + 1} of the PDF cannot be read ({type(exc).__name__}: {exc}); "
                "not read"
            ) from None
    return _pages_result(pages, "pdf", "pdf text layer", name, "PDF")


def read_djvu(data: bytes, name: str) -> Extracted:
    """A DjVu's hidden text layer, page by page, read by djvulibre's ``djvused``
    (the page count) and ``djvutxt`` (Debian's djvulibre-bin, installed by
    ``scripts/setup``). A page is read on its own, so one without a text layer
    keeps its number."""
    if not data.startswith(b"AT&TFORM") or len(data) < 12:
        raise FormatError(f"{name}: not a DjVu file (it does not start with AT&TFORM); not read")
    # the IFF header declares the file's length: a shorter file was cut off
    declared = 12 + int.from_bytes(data[8:12], "big")
    if len(data) < declared:
        raise FormatError(
            f"{name}: a truncated DjVu file ({len(data)} of {declared} bytes); not read"
        )
    djvused, djvutxt = shutil.which("djvused"), shutil.which("djvutxt")
    if djvused is None or djvutxt is None:
        raise FormatError(
            f"{name}: a DjVu scan; reading its text layer needs djvutxt and djvused (Debian "
            "package djvulibre-bin, installed by scripts/setup); not read"
        )
    with tempfile.TemporaryDirectory(prefix="kodeks-djvu-") as tmp:
        copy = Path(tmp) / "book.djvu"
        copy.write_bytes(data)

        def run(*args: str) -> str:
            try:
                proc = subprocess.run(
                    [*args, str(copy)],
                    capture_output=True,
                    timeout=MAX_TEXT_LAYER_SECONDS,
                    check=False,
                )
            except subprocess.TimeoutExpired:
                raise FormatError(
                    f"{name}: {Path(args[0]).name} did not finish in "
                    f"{MAX_TEXT_LAYER_SECONDS} s; not read"
                ) from None
            if proc.returncode != 0:
                # djvulibre's first message line says what; the lines after it, where
                why = proc.stderr.decode("utf-8", errors="replace").strip().splitlines()
                said = regex.sub(r"^\*+\s*(?:\[[\d-]+\]\s*)?", "", why[0]) if why else ""
                raise FormatError(
                    f"{name}: a broken DjVu file ({said or f'exit {proc.returncode}'}); not read"
                )
            return proc.stdout.decode("utf-8", errors="replace")

        count = run(djvused, "-e", "n").strip()
        if not count.isdigit() or int(count) == 0:
            raise FormatError(f"{name}: a DjVu file without pages; not read")
        pages = [run(djvutxt, f"--page={n}").replace("\f", "") for n in range(1, int(count) + 1)]
    return _pages_result(pages, "djvu", "djvu text layer", name, "DjVu")


# -- the table ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Format:
    """One container format Kodeks reads."""

    name: str
    """Its id: ``Source.fmt`` and ``Extracted.fmt``."""
    title: str
    """What a user calls it."""
    suffixes: tuple[str, ...]
    """File-name suffixes it comes under (lower case)."""
    read: Callable[[bytes, str], Extracted]
    """The reader: ``(file bytes, file name for messages) -> Extracted``."""


def read_zip(data: bytes, name: str) -> Extracted:
    """A zip archive: read as the book it holds (an EPUB, a DOCX, or one FB2 book
    zipped, as e-book sites hand out ``.fb2.zip``)."""
    fmt = _zip_kind(data)
    if fmt == "fb2":
        z = _Zip(data, name, "zip archive")
        (member,) = [n for n in z.names if n.lower().endswith(".fb2")]
        extracted = read_fb2(z.read(member), f"{name}:{member}")
        return extracted
    if fmt in ZIPPED:
        return FORMATS_BY_NAME[fmt].read(data, name)
    _Zip(data, name, "zip archive")  # a broken archive says so
    raise FormatError(
        f"{name}: a zip archive that holds no book Kodeks reads (an EPUB, a DOCX, an ODT "
        "or one FB2 file); not read",
        code="K134",
    )


ZIPPED = ("epub", "docx", "odt")
"""The formats that are zip archives themselves, told apart by their members."""


FORMATS: tuple[Format, ...] = (
    Format("fb2", "FictionBook 2 e-book", (".fb2",), read_fb2),
    Format("epub", "EPUB e-book", (".epub",), read_epub),
    Format("docx", "Word document", (".docx",), read_docx),
    Format("odt", "OpenDocument text", (".odt",), read_odt),
    Format("rtf", "RTF document", (".rtf",), read_rtf),
    Format("pdf", "PDF with a text layer", (".pdf",), read_pdf),
    Format("djvu", "DjVu scan with a text layer", (".djvu", ".djv"), read_djvu),
    Format("zip", "zipped e-book", (".zip",), read_zip),
)
"""The container formats, one reader each; plain text and HTML are read by
``pipeline.read``."""
FORMATS_BY_NAME = {f.name: f for f in FORMATS}
SUFFIXES = {s: f.name for f in FORMATS for s in f.suffixes}
"""Container suffix → format name."""
UNSUPPORTED = {
    ".doc": "a Word 97–2003 document: save it as DOCX, RTF or plain text",
    ".mobi": "a Kindle e-book: convert it to EPUB or FB2",
    ".azw": "a Kindle e-book: convert it to EPUB or FB2",
    ".azw3": "a Kindle e-book: convert it to EPUB or FB2",
    ".prc": "a Mobipocket e-book: convert it to EPUB or FB2",
    ".lit": "a Microsoft Reader e-book: convert it to EPUB or FB2",
    ".chm": "a compiled HTML help file: convert it to HTML",
}
"""Book and document formats Kodeks does not read, and what to do: a file under one
of these suffixes gets a warning instead of being passed over in silence."""


def _zip_kind(data: bytes) -> str | None:
    """What a zip archive holds, from its member names alone (nothing unpacked)."""
    try:
        names = zipfile.ZipFile(io.BytesIO(data)).namelist()
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, ValueError):
        return None
    if "META-INF/container.xml" in names:
        return "epub"
    if "word/document.xml" in names:
        return "docx"
    if "content.xml" in names and "mimetype" in names:
        return "odt"
    if sum(n.lower().endswith(".fb2") for n in names) == 1:
        return "fb2"
    return None


def _by_magic(data: bytes) -> str | None:
    """The format the first bytes show: ``%PDF-``, ``AT&TFORM`` (DjVu), ``{\\rtf``, a
    zip archive (told apart by its members), or XML whose root is ``FictionBook``."""
    head = data[:1024].lstrip(b"\xef\xbb\xbf \t\r\n")
    if head.startswith(b"%PDF-") or b"%PDF-" in data[:1024]:
        return "pdf"
    if head.startswith(b"AT&TFORM"):
        return "djvu"
    if head.startswith(b"{\\rtf"):
        return "rtf"
    if head.startswith(b"PK\x03\x04"):
        kind = _zip_kind(data)
        return kind if kind in ZIPPED else "zip"  # a zipped FB2: read_zip unpacks it
    if head.startswith(b"<") and b"<FictionBook" in data[:4096]:
        return "fb2"
    return None


def detect(path: Path, data: bytes) -> tuple[str | None, list[Diagnostic]]:
    """The container format of a corpus file, or ``None`` for text and HTML.

    The bytes decide before the name: a PDF named ``.txt`` is read as a PDF (with
    an info diagnostic, K133). A file under a container suffix whose bytes show
    another format (or none) is read as the container the suffix names, whose
    reader then says what is wrong with it."""
    by_suffix = SUFFIXES.get(path.suffix.lower())
    by_magic = _by_magic(data)
    if by_magic is None or (by_magic == "zip" and by_suffix in ZIPPED):
        # a zip that is not what its name says: the reader of its name says what is wrong
        return by_suffix, []
    if by_magic != by_suffix and not (by_suffix == "zip" and by_magic in ZIPPED):
        named = by_suffix or path.suffix.lower().lstrip(".") or "no suffix"
        return by_magic, [
            diag(
                "K133",
                f"{path}: named as {named} but holds {FORMATS_BY_NAME[by_magic].title}; "
                "read as what it holds",
            )
        ]
    return by_magic, []


def extract(fmt: str, data: bytes, name: str) -> Extracted:
    """Run the reader of ``fmt`` on a file's bytes. Any failure of a parser on a
    hostile or broken file becomes a ``FormatError`` naming the file: a user
    never sees a traceback for a bad corpus file."""
    spec = FORMATS_BY_NAME[fmt]
    try:
        return spec.read(data, name)
    except FormatError:
        raise
    except (RecursionError, MemoryError):
        raise FormatError(
            f"{name}: the {spec.title} is nested too deeply or too large to read; not read"
        ) from None
    except Exception as exc:
        raise FormatError(
            f"{name}: cannot be read as a {spec.title} ({type(exc).__name__}: {exc}); not read"
        ) from None
