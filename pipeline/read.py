"""Stage 1, read: find the corpus files, decode them, and say what each one is.

Input: a corpus folder. Output: ``Source`` values (decoded text, encoding,
kind, manifest metadata) and diagnostics. A file that cannot be used (empty,
binary, undecodable) gives an error diagnostic naming it and is skipped; the
other sources are read as usual. Only a corpus folder that does not exist
raises (``KodeksError``).

The manifest ``sources.toml`` is optional: without it every ``*.txt`` and
``*.html`` in the folder is read and its kind is detected.

E-books, documents and scans (FB2, EPUB, DOCX, ODT, RTF, PDF, DjVu: ``pipeline.formats``)
are found the same way; their extracted text is the source's text.
"""

from __future__ import annotations

import os
import quopri
import re
import tomllib
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from functools import cache, partial
from pathlib import Path
from typing import Any, TypeVar

import regex

from . import blocks, codepages, editions, formats, language
from .errors import KodeksError, diag
from .executor import Serial
from .grammar import wrapped_on
from .markup import visible
from .model import Diagnostic, Part, Source, SourceKind

T = TypeVar("T")

LEGACY = ("cp1251", "koi8_r", "cp866")
"""Legacy Cyrillic encodings tried when bytes are not UTF-8 (for a whole file,
``codepages.RARE_CYRILLIC`` too)."""

BOMS = (
    (b"\xef\xbb\xbf", "utf-8-sig"),
    (b"\xff\xfe\x00\x00", "utf-32"),
    (b"\x00\x00\xfe\xff", "utf-32"),
    (b"\xff\xfe", "utf-16"),
    (b"\xfe\xff", "utf-16"),
)
"""Byte-order marks, longest first (the UTF-32 LE mark begins like UTF-16 LE's)."""

# The commonest Russian lower-case letters: a correct decoding is full of them.
_FREQUENT = set("оеаинтсрвлкмдпу")

LOW_CONFIDENCE = 0.3
"""Below this share of frequent Russian letters a legacy guess is an error, not a warning."""
_CONTROL_BYTES = bytes([*range(9), *range(14, 32)])
"""Control bytes that plain text does not hold (tab, line ends and form feed aside):
counted with ``bytes.translate``, one C pass, not a Python test per byte."""


def _russianness(text: str) -> float:
    letters = [c for c in text if c.isalpha()]
    if not letters:
        return 0.0
    return sum(c in _FREQUENT for c in letters) / len(letters)


_LEADS_SHARE = 0.4
"""Least share of a text's characters beyond ASCII that are the lead bytes of UTF-8
Russian (``0xD0``, ``0xD1``) as one code page shows them for the whole text to be read
as UTF-8 read through it (each Russian letter is a lead and one more character; in
Russian text «Р» and «С» are a few in a hundred)."""


@cache
def _code_page_leads() -> tuple[tuple[str, str, frozenset[str]], ...]:
    """The code pages ``_decoded_twice`` tries, in order: each one's name, the codec
    that reads it as a browser does (``codepages.sloppy``) and the two characters it
    shows the lead bytes of UTF-8 Russian (``0xD0``, ``0xD1``) as."""
    out = []
    for codec in ("cp1251", *codepages.UTF8_READ_AS):
        sloppy = codepages.sloppy(codec)
        out.append((codec, sloppy, frozenset(bytes([b]).decode(sloppy) for b in (0xD0, 0xD1))))
    return tuple(out)


@cache
def _any_lead() -> re.Pattern[str]:
    """Any one of the characters of ``_code_page_leads`` (a class of literal
    characters, for the standard library's ``re``)."""
    leads = sorted({c for _codec, _sloppy, two in _code_page_leads() for c in two})
    return re.compile("[" + "".join(map(re.escape, leads)) + "]")


def _decoded_twice(text: str) -> tuple[str, str] | None:
    """``(text, code page)``: ``text`` was UTF-8 Russian read through a single-byte code
    page (``codepages.UTF8_READ_AS``, or CP1251) and saved as UTF-8 again, the whole of
    it, so encoding it back through that code page gives bytes that are UTF-8 from end
    to end and read as Russian. None where the text is not so (a text in which only
    some lines went through a code page is mended line by line, ``clean.mojibake``)."""
    sample = text[:65536]
    wide = len(sample) - len(sample.encode("ascii", "ignore"))
    if not wide:
        return None
    # the leads of every code page counted in one pass over the sample, not a pass
    # for each lead of each code page
    counted = Counter(_any_lead().findall(sample))
    for codec, sloppy, leads in _code_page_leads():
        if sum(counted[c] for c in leads) < _LEADS_SHARE * wide:
            continue
        try:
            fixed = text.encode(sloppy).decode("utf-8")
        except (UnicodeEncodeError, UnicodeDecodeError):
            continue
        if _russianness(fixed) > _russianness(text):
            return fixed, codec.replace("sloppy-windows-", "cp")
    return None


def guess_legacy(data: bytes, whole: bool = False) -> tuple[str, str, float]:
    """The legacy Cyrillic reading of ``data``: ``(text, encoding, confidence)``.

    charset-normalizer chooses among ``LEGACY``, and for a ``whole`` file among
    ``codepages.RARE_CYRILLIC`` too (a run of a few lines of a file, ``_mixed``, reads
    as well in them as in the common one it is in, its capitals aside); the confidence
    is the share of frequent Russian letters in the result (a right decoding of Russian
    scores about 0.5, mojibake far less)."""
    from charset_normalizer import from_bytes

    pages = LEGACY + (codepages.RARE_CYRILLIC if whole else ())
    best = from_bytes(data, cp_isolation=list(pages)).best()
    candidates = [best.encoding] if best is not None and best.encoding in pages else []
    if best is None or best.chaos > 0.2:
        candidates += [e for e in pages if e not in candidates]
    scored: list[tuple[float, int, str, str]] = []
    for enc in candidates:
        try:
            text = data.decode(enc)
        except UnicodeDecodeError:
            continue
        scored.append((_russianness(text), -len(scored), text, enc))
    if not scored:  # KOI8-R maps every byte, so this cannot happen; kept for clarity
        text = data.decode("koi8_r", errors="replace")
        return text, "koi8_r", 0.0
    score, _, text, enc = max(scored)
    return text, enc, score


def _line_ranges(numbers: list[int]) -> str:
    """``[3, 4, 5, 9]`` → ``3–5, 9``."""
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(str(r[0]) if len(r) == 1 else f"{r[0]}–{r[-1]}" for r in runs)


LOST = "\ufffd"
"""The replacement character: what a decoder upstream wrote for bytes it could not read."""


def lost_lines(text: str) -> list[int]:
    """The 1-based numbers of the lines of ``text`` that hold a replacement character."""
    out: list[int] = []
    line, counted = 1, 0  # the line number of offset ``counted``
    at = text.find(LOST)
    while at >= 0:
        line += text.count("\n", counted, at)
        out.append(line)
        counted = text.find("\n", at)
        if counted < 0:
            break
        at = text.find(LOST, counted)
    return out


def _mixed(data: bytes, name: str) -> tuple[str, str, list[Diagnostic]] | None:
    """A UTF-8 file with some lines in a legacy encoding: each line is decoded as
    UTF-8 where it can be, and each run of other lines (with the ASCII lines
    between them) by the legacy encoding that fits that run. ``None`` when no
    line holds any UTF-8 beyond ASCII (the whole file is then legacy)."""
    lines = data.splitlines(keepends=True)
    ok = []
    for line in lines:
        try:
            line.decode("utf-8")
            ok.append(True)
        except UnicodeDecodeError:
            ok.append(False)
    if not any(o and not line.isascii() for o, line in zip(ok, lines)):
        return None
    # regions: runs of non-UTF-8 lines, joined across ASCII-only lines between them
    regions: list[list[int]] = []
    for i in range(len(lines)):
        if not ok[i]:
            if regions and all(lines[j].isascii() for j in range(regions[-1][-1] + 1, i)):
                regions[-1].append(i)
            else:
                regions.append([i])
    parts: list[str | None] = [None] * len(lines)
    diags = []
    for region in regions:
        lo, hi = region[0], region[-1]
        text, enc, confidence = guess_legacy(b"".join(lines[lo : hi + 1]))
        for i in range(lo, hi + 1):
            parts[i] = lines[i].decode(enc)  # the guess decodes the whole region, ASCII lines alike
        numbers = _line_ranges([i + 1 for i in region])
        low = confidence < LOW_CONFIDENCE
        diags.append(
            diag(
                "K109",
                f"{name}:{lo + 1}: lines {numbers} are not UTF-8 like the rest of the file; "
                f"read as {enc}" + (" (a low-confidence guess: check these lines)" if low else ""),
                level="error" if low else None,
            )
        )
    text = "".join(p if p is not None else lines[i].decode("utf-8") for i, p in enumerate(parts))
    return text, "utf-8", diags


def _utf16_unmarked(sample: bytes) -> str | None:
    """``utf-16-le`` or ``utf-16-be`` for a text in UTF-16 saved with no byte-order
    mark, or ``None``: in every other byte stands the high byte of a Latin letter, a
    digit or a blank (0) or of a Cyrillic letter (4), as binary data never holds."""
    sample = sample[: len(sample) // 2 * 2]
    if len(sample) < 8:
        return None
    for enc, high in (("utf-16-le", sample[1::2]), ("utf-16-be", sample[0::2])):
        if high.count(0) + high.count(4) >= 0.95 * len(high) and high.count(0) < len(high):
            return enc
    return None


_CONTROLS = regex.compile(r"[^\P{Cc}\n\r\t]")
"""A control character other than a line's end or a tab."""
_QUOTED_PRINTABLE = regex.compile(rb"=[0-9A-F]{2}")


def _quoted_printable(data: bytes) -> bool:
    """The bytes are a text in quoted-printable (``=D0=9F=D1=80…``, as a mail saves
    one): plain ASCII, and most of its letters written as ``=XX``."""
    if not data.isascii():
        return False
    sample = data[:65536]
    codes = len(_QUOTED_PRINTABLE.findall(sample))
    return codes >= 20 and 3 * codes >= 0.3 * len(sample)


def decode(data: bytes, name: str) -> tuple[str | None, str, list[Diagnostic]]:
    """Decode a file's bytes: by its byte-order mark (UTF-8, UTF-16, UTF-32),
    else UTF-8, else UTF-8 line by line with the non-UTF-8 regions read in the
    legacy encoding that fits each, else the legacy Cyrillic encoding that fits
    the whole file. No text is dropped: every line decoded otherwise than the
    file is named in a diagnostic, and a low-confidence guess is an error.

    Returns ``(text or None, encoding, diagnostics)``; ``None`` when the file
    cannot be used."""
    for bom, enc in BOMS:
        if data.startswith(bom):
            try:
                text = data.decode(enc)
            except UnicodeDecodeError as exc:
                line = data[: exc.start].decode(enc, errors="replace").count("\n") + 1
                return (
                    None,
                    "",
                    [
                        diag(
                            "K104",
                            f"{name}:{line}: starts with a {enc} byte-order mark but is "
                            f"not valid {enc} ({exc.reason}); convert it to UTF-8",
                        )
                    ],
                )
            if not text.strip():
                return None, "", [diag("K101", f"{name}: the file is empty; nothing to read")]
            return text, "utf-8" if enc == "utf-8-sig" else enc, []
    if not data.strip():
        return None, "", [diag("K101", f"{name}: the file is empty; nothing to read")]
    sample = data[:65536]
    if b"\x00" in sample and (wide := _utf16_unmarked(sample)) is not None:
        try:
            text = data[: len(data) // 2 * 2].decode(wide)
        except UnicodeDecodeError:
            text = ""
        # the zeros of binary data read as control characters: no text
        if text and len(_CONTROLS.findall(text[:32768])) <= 0.05 * len(text[:32768]):
            return (
                text,
                wide,
                [diag("K103", f"{name}: not UTF-8; read as {wide} (no byte-order mark)")],
            )
    if _quoted_printable(sample):
        unquoted, enc, diags = decode(quopri.decodestring(data), name)
        if unquoted is not None:
            note = diag("K103", f"{name}: written in quoted-printable; decoded, then read as {enc}")
            return unquoted, enc, [note, *diags]
    controls = len(sample) - len(sample.translate(None, _CONTROL_BYTES))
    if b"\x00" in sample or controls > len(sample) * 0.05:
        return (
            None,
            "",
            [diag("K102", f"{name}: binary data, not text; skipped (is it the right file?)")],
        )
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        if exc.start >= len(data) - 3 and exc.reason in ("unexpected end of data",):
            cut = data[: exc.start]
            try:
                text = cut.decode("utf-8")
            except UnicodeDecodeError:
                pass
            else:
                line = text.count("\n") + 1
                return (
                    text,
                    "utf-8",
                    [
                        diag(
                            "K105",
                            f"{name}:{line}: the file ends in the middle of a "
                            f"character (bytes {data[exc.start :].hex(' ')} dropped); "
                            "the source is probably truncated",
                        )
                    ],
                )
    else:
        twice = _decoded_twice(text)
        if twice is None:
            return text, "utf-8", []
        return (
            twice[0],
            "utf-8",
            [
                diag(
                    "K103",
                    f"{name}: UTF-8 text that was read as {twice[1]} and saved as UTF-8 "
                    "again; decoded back",
                )
            ],
        )
    mixed = _mixed(data, name)
    if mixed is not None:
        return mixed
    text, enc, confidence = guess_legacy(data, whole=True)
    if confidence < LOW_CONFIDENCE:
        return (
            text,
            enc,
            [
                diag(
                    "K103",
                    f"{name}: not UTF-8; read as {enc}, a low-confidence guess (the text "
                    "does not read like Russian); check it or convert the file to UTF-8",
                    level="error",
                )
            ],
        )
    return text, enc, [diag("K103", f"{name}: not UTF-8; read as {enc}")]


WEB_CHROME = frozenset(("nav", "header", "footer", "form"))
"""HTML elements a web page keeps its navigation in: not the text of the page."""


_HTML_START = regex.compile(r"\A\ufeff?\s*<(?:!doctype\s+html|html)\b", regex.I)
"""How an HTML document opens: its doctype or its ``<html>`` element."""
_HTML_TAG = regex.compile(
    r"</?(?:p|br|div|span|b|i|u|strong|em|h[1-6]|li|ul|ol|table|tr|td|th|a|font|center"
    r"|pre|blockquote|body|head|title|meta|script|style)\b[^<>\n]{0,300}>",
    regex.I,
)
"""A tag of the markup a page's text comes in (not a ``<`` of the text's own)."""
HTML_LINES = 0.3
"""Least share of a text's lines that hold a tag for it to be read as an HTML page."""


def looks_like_html(text: str) -> bool:
    """Whether a text saved under another name is an HTML page's source: it opens as
    an HTML document, or tags (``_HTML_TAG``) stand on ``HTML_LINES`` of its
    non-blank lines, three at least (a page's markup saved as text: ``<p>``, ``<br>``,
    ``<b>Правило 64.</b>``). A text that only quotes a tag or two is text."""
    if _HTML_START.match(text):
        return True
    if _HTML_TAG.search(text) is None:
        return False
    lines = [ln for ln in text.split("\n") if ln.strip()]
    tagged = sum(1 for ln in lines if _HTML_TAG.search(ln))
    return tagged >= 3 and tagged >= HTML_LINES * len(lines)


def html_text(html: str) -> str:
    """The readable text of an HTML page: scripts, styles and navigation dropped,
    one line per block element, inline markup (links, emphasis) joined into its
    line (``formats.html_blocks``, which reads an EPUB's pages too); a link to a
    footnote on the page becomes its mark ``(*N)`` and the note's body a footnote
    block ``(*N) - …`` after the text, as an EPUB's notes (``formats.HtmlNotes``)."""
    from bs4 import BeautifulSoup

    soup = BeautifulSoup(html, "html.parser")
    notes = formats.HtmlNotes([("", soup)])
    lines = formats.html_blocks(
        soup.body or soup,
        notes.mark_of(""),
        notes.linked_skip(soup),  # a note nothing links to is an aside where it stands
        formats.HTML_NOT_TEXT | WEB_CHROME,
    )
    lines += [formats.note_block(mark, body) for mark, body in notes.bodies()]
    return "\n".join(lines) + "\n"


def _joined_lines(paragraphs: list) -> list:
    """jusText's paragraphs with the printed lines of one text joined into one
    paragraph (``grammar.wrapped_on``), so that the extractor weighs a paragraph of the
    text, not each of its lines: every line of a wrapped text is short, and jusText
    takes a run of short blocks for a menu. A block with a link is never joined
    (a menu's items are links)."""
    out: list = []
    for p in paragraphs:
        last = out[-1] if out else None
        if (
            last is not None
            and last.chars_count_in_links == 0
            and p.chars_count_in_links == 0
            and wrapped_on(last.text, p.text)
        ):
            last.text_nodes += [" ", *p.text_nodes]
            last.tags_count += p.tags_count
        else:
            out.append(p)
    return out


@cache
def _line_paragraphs() -> Any:
    """jusText's ``ParagraphMaker`` that ends a paragraph at every ``<br>`` as at a
    block element. jusText ends one only at ``<br><br>``: on a page whose lines are
    set apart by ``<br>`` alone (an old library's or an e-book reader's page, its
    text in one ``<td>``, ``<font>`` or the ``<body>``) a paragraph of it was a
    stretch of lines between two blank ones, a heading and the wrapped lines of its
    title among them, judged as one block, and a short stretch taken for a menu
    flagged every line in it. Read a line a block, the page is weighed as the same
    text in ``<p>`` a line is (``_joined_lines`` joins the printed lines of one
    text again)."""
    from justext import core as jt

    class LineParagraphs(jt.ParagraphMaker):
        def startElementNS(self, name, qname, attrs):
            if name[1] != "br":
                super().startElementNS(name, qname, attrs)
                return
            self.path.append("br")
            self.br = False
            self._start_new_pragraph()

    return LineParagraphs


def html_boilerplate(html: str, text: str) -> tuple[int, ...]:
    """The lines (1-based) of ``text`` (``html_text(html)``) that a boilerplate
    extractor (jusText, with its Russian stop words) finds only in the page's
    boilerplate blocks: menus, link lists, footers. A line a ``<br>`` ends is a block
    as a ``<p>`` is (``_line_paragraphs``), and the printed lines of one text, each a
    block of its own, are judged together (``_joined_lines``). A hint for the
    profile, which decides; nothing is dropped here."""
    try:
        from justext import core as jt
        from justext import get_stoplist
    except ImportError:  # pragma: no cover - a declared dependency
        return ()
    try:
        dom = jt.preprocessor(jt.html_to_dom(html.encode("utf-8"), encoding="utf-8"))
        paragraphs = _joined_lines(_line_paragraphs().make_paragraphs(dom))
        jt.classify_paragraphs(paragraphs, get_stoplist("Russian"))
        jt.revise_paragraph_classification(paragraphs)
    except Exception:  # a page jusText cannot parse gets no hint; the text is still read
        return ()
    good = "\n".join(" ".join(p.text.split()) for p in paragraphs if not p.is_boilerplate)
    bad = "\n".join(" ".join(p.text.split()) for p in paragraphs if p.is_boilerplate)
    out = []
    for n, line in enumerate(text.split("\n"), start=1):
        key = " ".join(line.split())
        if key and key in bad and key not in good:
            out.append(n)
    return tuple(out)


def detect_kind(text: str) -> SourceKind:
    """``commentary`` when numbered commentary paragraphs (``64.10.``), their items
    and tags like ``(DC4)`` outnumber section and clause markers, else ``laws``
    (read by the segmenter's block rules, so both agree on what a marker is)."""
    return "commentary" if blocks.text_kind(text) == "commentary" else "laws"


MANIFEST_SCHEMA = {
    "type": "object",
    "properties": {
        "source": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["file"],
                "properties": {
                    # a plain file name inside the corpus folder
                    "file": {
                        "type": "string",
                        "minLength": 1,
                        "pattern": "^(?!\\.\\.?$)[^/\\\\\\x00]+$",
                    },
                    "kind": {"enum": ["laws", "commentary"]},
                    "title": {"type": "string"},
                    "edition": {"type": ["string", "integer"]},
                    "origin": {"type": "string"},
                    "priority": {"type": "integer"},
                },
            },
        },
    },
}
"""What ``sources.toml`` may hold (unknown keys are allowed and ignored)."""


def _manifest_line(text: str, index: int | None, key: str | None) -> int:
    """The line of ``key`` in the ``index``-th ``[[source]]`` table (or at the top
    level when ``index`` is None); the table's header line when the key is absent."""
    table, header = -1, 1
    key_re = (
        regex.compile(rf"^\s*(?:{regex.escape(key)}|\"{regex.escape(key)}\")\s*=") if key else None
    )
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if stripped.startswith("[["):
            table += 1 if stripped.replace(" ", "").startswith("[[source]]") else 0
            if table == index:
                header = number
            elif index is not None and table > index:
                break
            continue
        if stripped.startswith("["):
            continue
        in_place = (index is None and table == -1) or table == index
        if key_re and in_place and key_re.match(line):
            return number
        if index is None and key and stripped.startswith(key):
            return number
    return header


def load_manifest(folder: Path) -> dict[str, dict]:
    """``sources.toml`` entries by file name (empty without a manifest). A manifest
    that is not valid TOML or does not fit ``MANIFEST_SCHEMA`` raises
    ``KodeksError`` naming the file, the key and the line."""
    path = folder / "sources.toml"
    if not path.exists() and not path.is_symlink():
        return {}
    import jsonschema  # only a corpus with a manifest needs it (a tenth of a second to load)

    if not _inside_corpus(path, folder):
        raise KodeksError(
            f"{path}: the manifest is a symlink to a file outside the corpus; "
            "Kodeks reads nothing outside the corpus; replace it by the file itself"
        )
    try:
        text = path.read_text(encoding="utf-8")
        data = tomllib.loads(text)
    except OSError as exc:
        raise KodeksError(f"{path}: the manifest cannot be read ({exc.strerror})") from exc
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise KodeksError(
            f"{path}: the manifest is not valid TOML ({exc}); fix it or delete it"
        ) from exc
    errors = sorted(
        jsonschema.Draft202012Validator(MANIFEST_SCHEMA).iter_errors(data),
        key=lambda e: [str(x) for x in e.absolute_path],
    )
    if errors:
        lines = []
        for err in errors:
            where = list(err.absolute_path)
            index = where[1] if len(where) > 1 and isinstance(where[1], int) else None
            key = (
                where[2]
                if len(where) > 2
                else (
                    err.validator_value[0]
                    if err.validator == "required"
                    else (where[0] if where else None)
                )
            )
            line = _manifest_line(text, index, str(key) if key is not None else None)
            entry = f"[[source]] #{index + 1}, " if index is not None else ""
            lines.append(f"{path}:{line}: {entry}key {key!r}: {err.message}")
        raise KodeksError(
            "the manifest does not fit its schema; nothing was built:\n  " + "\n  ".join(lines)
        )
    entries = data.get("source", [])
    for index, entry in enumerate(entries):
        if "edition" in entry:
            entry[_LINE_KEY] = _manifest_line(text, index, "edition")
    return {entry["file"]: entry for entry in entries}


_LINE_KEY = " edition line"
"""Where a manifest entry's ``edition`` key stands (a key no TOML table can hold
unquoted), so a diagnostic about it names the line."""


def _inside_corpus(path: Path, folder: Path) -> bool:
    """Whether the real path of ``path`` (symlinks followed) lies inside ``folder``."""
    return path.resolve().is_relative_to(folder.resolve())


_UNSAFE_IN_NAMES = regex.compile(r"[\p{Cc}\p{Cf}\p{Zl}\p{Zp}#?%\\\\]")
"""Characters that break a file name in a link or a shell: control and format
characters, line separators, and the URL delimiters ``#``, ``?``, ``%``."""


def source_ids(sources: list[Source]) -> tuple[list[Source], list[Diagnostic]]:
    """Give every source a unique, stable ``stem`` (the name of its exports).

    A file stem that no other source shares is kept as it is (``a.txt`` →
    ``a``); sources that share a stem, ignoring case, are named by their full
    file name (``a.txt``, ``a.html``). Characters that break links (control
    characters, ``#``, ``?``, ``%``) become ``_``; a name still taken gets
    ``-2``, ``-3`` … in file-name order."""
    from collections import Counter
    from dataclasses import replace

    shared = Counter(s.stem.casefold() for s in sources)
    wanted = [
        _UNSAFE_IN_NAMES.sub("_", s.stem if shared[s.stem.casefold()] == 1 else s.name)
        for s in sources
    ]
    taken: set[str] = set()
    order = sorted(range(len(sources)), key=lambda i: (shared[sources[i].stem.casefold()] > 1, i))
    ids = [""] * len(sources)
    for i in order:
        sid, n = wanted[i], 2
        while sid.casefold() in taken:
            sid, n = f"{wanted[i]}-{n}", n + 1
        taken.add(sid.casefold())
        ids[i] = sid
    diags = [
        diag("K113", f"{s.path}: shares its stem with another source; its exports are named {sid}")
        for s, sid in zip(sources, ids)
        if sid != s.stem and shared[s.stem.casefold()] > 1
    ]
    return [s if sid == s.stem else replace(s, stem=sid) for s, sid in zip(sources, ids)], diags


def read(folder: str | Path, ex: Serial | None = None) -> tuple[list[Source], list[Diagnostic]]:
    """Read every source of a corpus folder, in file-name order (``read_then``,
    with nothing more done in each task)."""
    sources, _found, diags = read_then(folder, ex, _as_read)
    return sources, diags


def _as_read(source: Source) -> tuple[Source, None]:
    return source, None


def read_then(
    folder: str | Path,
    ex: Serial | None,
    then: Callable[[Source], tuple[Source, T]],
) -> tuple[list[Source], list[T], list[Diagnostic]]:
    """Read every source of a corpus folder, in file-name order.

    A symlink is read only when its real path lies inside the corpus; one that
    leads outside, loops or dangles gets an error diagnostic naming it.

    ``ex`` (a build's executor, ``pipeline.executor``) reads the files
    (``read_source``: decoding, kind and edition) in its worker processes, after
    it is told their total size (``ex.fit``); the sources and diagnostics come
    back in the same order either way. ``then`` (picklable) is applied to each
    source read, in the task that read it, while what ``read_source`` measured
    of it is at hand (``markup.visible`` keeps the last text's): it gives the
    source to keep and what else the task made of it, which comes back in the
    sources' order (``run.summarized``: its summary; ``run.set_aside``: its text
    and its summary go to the spill folder there and then)."""
    folder = Path(folder)
    if not folder.is_dir():
        raise KodeksError(
            f"{folder}: no such corpus folder; give the folder that holds the *.txt sources"
        )
    manifest = load_manifest(folder)
    sources, diags = [], []
    for name in manifest:
        if not (folder / name).exists():
            diags.append(
                diag("K107", f"{folder / 'sources.toml'}: lists {name}, which is not in the folder")
            )
    # the files to read, and the symlinks refused, in file-name order
    plan: list[Path | Diagnostic] = []
    for path in sorted(folder.iterdir()):
        suffix = path.suffix.lower()
        if suffix in formats.UNSUPPORTED and not path.is_dir():
            plan.append(diag("K134", f"{path}: {formats.UNSUPPORTED[suffix]}; not read"))
            continue
        if suffix not in SUFFIXES:
            continue
        if path.is_symlink():
            try:
                real = path.resolve(strict=True)
            except (OSError, RuntimeError) as exc:
                why = (
                    "a symlink loop"
                    if isinstance(exc, RuntimeError) or getattr(exc, "errno", None) == 40
                    else "a dangling symlink"
                )
                plan.append(diag("K112", f"{path}: {why} (to {os.readlink(path)}); not read"))
                continue
            if not real.is_relative_to(folder.resolve()):
                plan.append(
                    diag(
                        "K111",
                        f"{path}: a symlink to {real}, outside the corpus; not read "
                        "(Kodeks reads nothing outside the corpus folder)",
                    )
                )
                continue
        if not path.is_file():
            continue
        plan.append(path)
    paths = [p for p in plan if isinstance(p, Path)]
    if ex is None:
        ex = Serial()
    ex.fit([_size(p) for p in paths])
    read = iter(
        ex.map_files(partial(_read_then, then=then), paths, [manifest.get(p.name) for p in paths])
    )
    made: list[T] = []
    for item in plan:
        if not isinstance(item, Path):
            diags.append(item)
            continue
        got, found = next(read)
        diags += found
        if got is not None:
            sources.append(got[0])
            made.append(got[1])
    # both keep the sources' order, one for one
    sources, found = source_ids(_commentary_editions(sources, diags))
    return sources, made, diags + found


SUFFIXES = frozenset((".txt", ".html", ".htm", *formats.SUFFIXES))
"""The files a corpus folder's sources are: text, HTML and the container formats."""
CONTAINERS = ", ".join(f"*{s}" for s in sorted(formats.SUFFIXES))
"""The container suffixes, for messages."""


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:  # read_source says why
        return 0


def _commentary_editions(sources: list[Source], diags: list[Diagnostic]) -> list[Source]:
    """A source whose edition the text does not tell with confidence joins the
    corpus's edition when nothing contradicts it: a commentary takes the one edition
    of the corpus's laws (K116), or, when the corpus has no laws of another edition,
    the one edition the commentary Kodeks reads comments on (``commented`` in the
    table; K116); any source whose only, weak, evidence names the one edition the
    corpus's other sources have takes it too (K117). A text about another card game
    (evidence ``none: …``) joins none. Otherwise it stays ``unknown`` with a warning
    (a laws source was warned already when read)."""
    laws = {s.edition for s in sources if s.kind == "laws" and s.edition != editions.UNKNOWN}
    known = {s.edition for s in sources if s.edition != editions.UNKNOWN}
    out = []
    for s in sources:
        if s.edition == editions.UNKNOWN:
            shown = {e.split(":", 1)[0] for e in s.edition_evidence}
            evidence = "; ".join(s.edition_evidence) or "no evidence"
            if shown and len(known) == 1 and shown == known:
                (edition,) = known
                diags.append(
                    diag(
                        "K117",
                        f"{s.path}: edition not declared; the text shows weak evidence of the "
                        f"{edition} edition only ({evidence}), the edition of the corpus's other "
                        f"sources: read as {edition}",
                    )
                )
                s = replace(s, edition=edition, edition_from="corpus")
                # the warning given when it was read no longer holds
                diags[:] = [
                    d
                    for d in diags
                    if not (d.code == "K114" and d.message.startswith(f"{s.path}:"))
                ]
            elif s.kind == "commentary" and len(laws) == 1 and not shown - laws:
                (edition,) = laws
                diags.append(
                    diag(
                        "K116",
                        f"{s.path}: edition not declared; a commentary of the {edition} laws "
                        "of this corpus",
                    )
                )
                s = replace(s, edition=edition, edition_from="laws")
            elif (
                s.kind == "commentary"
                and editions.COMMENTED is not None
                and (not laws or editions.COMMENTED in laws)
                and not shown - {editions.COMMENTED}
            ):
                # the commentary Kodeks reads comments on one edition (``commented`` in
                # editions.toml): a commentary page that shows nothing against it, in a
                # corpus without laws of another edition only, is a page of it
                edition = editions.COMMENTED
                diags.append(
                    diag(
                        "K116",
                        f"{s.path}: edition not declared; a commentary page, and the "
                        f"commentary comments on the {edition} laws ({evidence}): read as "
                        f"{edition}",
                    )
                )
                s = replace(s, edition=edition, edition_from="commentary")
            elif s.kind == "commentary":
                diags.append(
                    diag(
                        "K114",
                        f"{s.path}: edition not declared and not told by the text "
                        f"({evidence}); kept apart as edition unknown: name it in sources.toml",
                    )
                )
        out.append(s)
    return out


def _read_then(
    path: Path, meta: dict | None, then: Callable[[Source], tuple[Source, T]]
) -> tuple[tuple[Source, T] | None, list[Diagnostic]]:
    """``read_source``, and ``then`` on the source read."""
    src, diags = read_source(path, meta)
    return (None if src is None else then(src)), diags


_OTHER_LINE_ENDS = {
    "\r": "carriage returns",
    "\u2028": "line separators (U+2028)",
    "\u2029": "paragraph separators (U+2029)",
    "\x0b": "vertical tabs",
}
"""What else ends the lines of a text that has no ``\\n`` (K110); in a text that has
some, the cleaner's ``newlines`` turns them into line breaks as logged edits."""


def read_source(path: Path, meta: dict | None = None) -> tuple[Source | None, list[Diagnostic]]:
    """Read one file; ``None`` with an error diagnostic when it cannot be used."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        return None, [diag("K104", f"{path}: cannot be read ({exc.strerror})")]
    container, diags = formats.detect(path, data)
    boilerplate: tuple[int, ...] = ()
    parts: tuple[Part, ...] = ()
    book_title = ""
    if container is not None:
        # an e-book, document or scan: its extracted text is the source's text
        try:
            got = formats.extract(container, data, str(path))
        except formats.FormatError as exc:
            return None, [*diags, diag(exc.code, str(exc))]
        text, encoding, fmt, parts, book_title = (
            got.text,
            got.encoding,
            got.fmt,
            got.parts,
            got.title,
        )
        diags += got.diagnostics
    else:
        decoded, encoding, decoding = decode(data, str(path))
        diags += decoding
        if decoded is None:
            return None, diags
        text = decoded
        ends = [c for c in _OTHER_LINE_ENDS if c in text] if "\n" not in text else []
        if ends:
            # classic Mac line ends, or a word processor's line and paragraph
            # separators: without this every line would be line 1
            text = text.translate({ord(c): "\n" for c in ends})
            said = " and ".join(_OTHER_LINE_ENDS[c] for c in ends)
            diags.append(diag("K110", f"{path}: lines end in {said} only; read as newlines"))
        fmt = "html" if path.suffix.lower() in (".html", ".htm") else "txt"
        if fmt == "txt" and looks_like_html(text):
            fmt = "html"
            diags.append(
                diag(
                    "K133",
                    f"{path}: named as {path.suffix.lower().lstrip('.') or 'no suffix'} but "
                    "holds an HTML page (its markup); read as what it holds",
                )
            )
        if fmt == "html":
            html, text = text, html_text(text)
            boilerplate = html_boilerplate(html, text)
    lost = lost_lines(text)
    if lost:
        diags.append(
            diag(
                "K119",
                f"{path}: {text.count(LOST)} replacement character(s) (U+FFFD) on line(s) "
                f"{_line_ranges(lost)}: the characters they stand for were lost before the "
                "file reached the corpus (a copy cut off inside a letter, or a wrong decoding "
                "upstream); kept as they stand",
            )
        )
    meta = meta or {}
    declared = meta.get("kind")
    # what a reader sees: no markup, no zero-width characters, a page in Latin letters
    # read back into Cyrillic
    seen = visible(text)
    if seen is not text and language.transliterated_page(text):
        diags.append(
            diag(
                "K120",
                f"{path}: the text is Russian written in Latin letters (transliterated); "
                "read back into Cyrillic, word by word (the edit log has each word)",
            )
        )
    kind: SourceKind = declared if declared in ("laws", "commentary") else detect_kind(seen)
    if declared not in ("laws", "commentary") and meta:
        diags.append(diag("K106", f"{path}: kind not declared in the manifest; detected as {kind}"))
    found = editions.assess(seen)
    declared_edition = meta.get("edition")
    if declared_edition and str(declared_edition) not in editions.EDITIONS:
        diags.append(
            diag(
                "K118",
                f"{path.parent / 'sources.toml'}:{meta.get(_LINE_KEY, '?')}: [[source]] "
                f"{path.name}, key 'edition': "
                + editions.unknown_message(declared_edition)
                + "; the text decides its edition",
            )
        )
        declared_edition = None
    if declared_edition:
        edition, how, confidence = str(declared_edition), "manifest", 1.0
        if found.edition not in (editions.UNKNOWN, edition):
            diags.append(
                diag(
                    "K115",
                    f"{path}: the manifest says edition {edition}, but the text shows the "
                    f"{found.edition} edition ({'; '.join(found.evidence)}); kept as {edition}",
                )
            )
    else:
        edition, how, confidence = found.edition, "text", found.confidence
        if edition == editions.UNKNOWN:
            if kind != "commentary":
                diags.append(
                    diag(
                        "K114",
                        f"{path}: edition not declared and not told by the text ("
                        f"{'; '.join(found.evidence) or 'no evidence'}); kept apart as edition "
                        "unknown: name it in sources.toml",
                    )
                )
        elif edition != editions.DEFAULT_ID:
            diags.append(
                diag(
                    "K108",
                    f"{path}: edition not declared; the text shows the {edition} edition "
                    f"({'; '.join(found.evidence)}); its readings are never merged with those "
                    "of another edition",
                )
            )
    return Source(
        path=str(path),
        name=path.name,
        stem=path.stem,
        kind=kind,
        text=text,
        encoding=encoding,
        title=meta.get("title") or book_title or path.stem,
        edition=edition,
        edition_evidence=found.evidence,
        edition_confidence=confidence,
        edition_from=how,
        origin=meta.get("origin", ""),
        priority=int(meta.get("priority", 50)),
        fmt=fmt,
        boilerplate=boilerplate,
        parts=parts,
    ), diags
