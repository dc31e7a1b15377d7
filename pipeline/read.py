"""Stage 1, read: find the corpus files, decode them, and say what each one is.

Input: a corpus folder. Output: ``Source`` values (decoded text, encoding,
kind, manifest metadata) and diagnostics. A file that cannot be used (empty,
binary, undecodable) gives an error diagnostic naming it and is skipped; the
other sources are read as usual. Only a corpus folder that does not exist
raises (``KodeksError``).

The manifest ``sources.toml`` is optional: without it every ``*.txt`` and
``*.html`` in the folder is read and its kind is detected.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from . import blocks, editions
from .errors import KodeksError, diag
from .model import Diagnostic, Source, SourceKind

LEGACY = ("cp1251", "koi8_r", "cp866")
"""Legacy Cyrillic encodings tried, in order, when the bytes are not UTF-8."""

# The commonest Russian lower-case letters: a correct decoding is full of them.
_FREQUENT = set("оеаинтсрвлкмдпу")


def _russianness(text: str) -> float:
    letters = [c for c in text if c.isalpha()]
    if not letters:
        return 0.0
    return sum(c in _FREQUENT for c in letters) / len(letters)


def decode(data: bytes, name: str) -> tuple[str | None, str, list[Diagnostic]]:
    """Decode a file's bytes: UTF-8 (with or without BOM), else the legacy
    Cyrillic encoding whose text reads most like Russian.

    Returns ``(text or None, encoding, diagnostics)``; ``None`` when the file
    cannot be used."""
    if not data.strip():
        return None, "", [diag("K101", f"{name}: the file is empty; nothing to read")]
    sample = data[:65536]
    if b"\x00" in sample or sum(b < 9 or 13 < b < 32 for b in sample) > len(sample) * 0.05:
        return None, "", [diag("K102", f"{name}: binary data, not text; skipped (is it the right file?)")]
    try:
        return data.decode("utf-8-sig" if data.startswith(b"\xef\xbb\xbf") else "utf-8"), "utf-8", []
    except UnicodeDecodeError as exc:
        if exc.start >= len(data) - 3 and exc.reason in ("unexpected end of data",):
            cut = data[:exc.start]
            try:
                text = cut.decode("utf-8")
            except UnicodeDecodeError:
                text = None
            if text is not None:
                line = text.count("\n") + 1
                return text, "utf-8", [diag("K105", f"{name}:{line}: the file ends in the middle of a "
                                                   f"character (bytes {data[exc.start:].hex(' ')} dropped); "
                                                   "the source is probably truncated")]
    best, best_score = None, 0.0
    for enc in LEGACY:
        try:
            text = data.decode(enc)
        except UnicodeDecodeError:
            continue
        score = _russianness(text)
        if score > best_score:
            best, best_score = (text, enc), score
    if best is None or best_score < 0.3:
        return None, "", [diag("K104", f"{name}: not UTF-8 and not readable as cp1251, KOI8-R or cp866; "
                                       "convert it to UTF-8")]
    return best[0], best[1], [diag("K103", f"{name}: not UTF-8; read as {best[1]}")]


def html_text(html: str) -> str:
    """The readable text of an HTML page: scripts, styles and navigation dropped,
    one line per block element."""
    from bs4 import BeautifulSoup

    soup = BeautifulSoup(html, "html.parser")
    for tag in soup(["script", "style", "nav", "header", "footer", "noscript", "form"]):
        tag.decompose()
    body = soup.body or soup
    text = body.get_text("\n")
    return "\n".join(line.strip() for line in text.splitlines() if line.strip()) + "\n"


def html_boilerplate(html: str, text: str) -> tuple[int, ...]:
    """The lines (1-based) of ``text`` (``html_text(html)``) that a boilerplate
    extractor (jusText, with its Russian stop words) finds only in the page's
    boilerplate blocks: menus, link lists, footers. A hint for the profile,
    which decides; nothing is dropped here."""
    try:
        import justext
    except ImportError:  # pragma: no cover - a declared dependency
        return ()
    try:
        paragraphs = justext.justext(html.encode("utf-8"), justext.get_stoplist("Russian"), encoding="utf-8")
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


def load_manifest(folder: Path) -> dict[str, dict]:
    """``sources.toml`` entries by file name (empty without a manifest)."""
    path = folder / "sources.toml"
    if not path.exists():
        return {}
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise KodeksError(f"{path}: the manifest is not valid TOML ({exc}); fix it or delete it") from exc
    return {entry["file"]: entry for entry in data.get("source", []) if "file" in entry}


def read_corpus(folder: str | Path) -> tuple[list[Source], list[Diagnostic]]:
    """Read every source of a corpus folder, in file-name order."""
    folder = Path(folder)
    if not folder.is_dir():
        raise KodeksError(f"{folder}: no such corpus folder; give the folder that holds the *.txt sources")
    manifest = load_manifest(folder)
    files = sorted(p for p in folder.iterdir() if p.suffix.lower() in (".txt", ".html", ".htm") and p.is_file())
    sources, diags = [], []
    for name in manifest:
        if not (folder / name).exists():
            diags.append(diag("K107", f"{folder / 'sources.toml'}: lists {name}, which is not in the folder"))
    for path in files:
        src, found = read_source(path, manifest.get(path.name))
        diags += found
        if src is not None:
            sources.append(src)
    return sources, diags


def read_source(path: Path, meta: dict | None = None) -> tuple[Source | None, list[Diagnostic]]:
    """Read one file; ``None`` with an error diagnostic when it cannot be used."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        return None, [diag("K104", f"{path}: cannot be read ({exc.strerror})")]
    text, encoding, diags = decode(data, str(path))
    if text is None:
        return None, diags
    fmt = "html" if path.suffix.lower() in (".html", ".htm") else "txt"
    boilerplate: tuple[int, ...] = ()
    if fmt == "html":
        html, text = text, html_text(text)
        boilerplate = html_boilerplate(html, text)
    meta = meta or {}
    declared = meta.get("kind")
    kind: SourceKind = declared if declared in ("laws", "commentary") else detect_kind(text)
    if declared not in ("laws", "commentary") and meta:
        diags.append(diag("K106", f"{path}: kind not declared in the manifest; detected as {kind}"))
    edition = str(meta.get("edition") or editions.detect(text) or editions.DEFAULT_ID)
    if "edition" not in meta and edition != editions.DEFAULT_ID:
        diags.append(diag("K108", f"{path}: edition not declared; the text shows the {edition} edition (its readings are "
                                  "never merged with those of another edition)"))
    return Source(path=str(path), name=path.name, stem=path.stem, kind=kind, text=text, encoding=encoding,
                  title=meta.get("title", path.stem), edition=edition,
                  origin=meta.get("origin", ""), priority=int(meta.get("priority", 50)), fmt=fmt,
                  boilerplate=boilerplate), diags
