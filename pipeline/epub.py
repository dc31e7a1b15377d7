"""EPUB 3 export: ``OUT/codex.epub``, for e-readers.

The book holds a title page, the navigation document (``nav.xhtml``, the table of
contents: parts → laws → sections and commentary), one XHTML file per part
(``part-I.xhtml``) and per law (``law-64.xhtml``: the law, its sections, clauses
and commentary, with backlinks and provenance lines), and the unplaced fragments
(``fragments.xhtml``). It is built from the same view data as the site
(``pipeline.site``), with templates of its own (``pipeline/templates/epub/``).

Every reference, backlink and footnote is a link inside the book: a site link
``law-64.html#64A1`` becomes ``law-64.xhtml#a64A1`` (ids get an ``a`` prefix,
because EPUB wants XML names, which cannot start with a digit). Footnotes are
``<aside epub:type="footnote">`` called by ``<a epub:type="noteref">``.

The fonts are embedded (DejaVu, cut down to the characters the book uses), the
language is ``ru``, and the container follows OCF: ``mimetype`` is the first
entry and stored uncompressed. The output is deterministic (fixed dates, fixed
order), so two builds give the same bytes.
"""

from __future__ import annotations

import io
import os
import tempfile
import zipfile
from pathlib import Path

from . import addresses, editions, merge
from . import site as site_mod
from .model import Codex

FONTS = {
    "DejaVuSerif": "DejaVu Serif",
    "DejaVuSerif-Bold": "DejaVu Serif:style=Bold",
    "DejaVuSerif-Italic": "DejaVu Serif:style=Italic",
    "DejaVuSans-Bold": "DejaVu Sans:style=Bold",
}
"""File name in the book (``book.css`` names them) → fontconfig pattern of the face."""


def _book_href(href: str) -> str:
    """A site link as a link inside the book (parts live on pages of their own)."""
    page, _, frag = (href or "").partition("#")
    if page == "index.html" and frag.startswith("part-"):
        page = f"{frag}.html"
    page = page[:-5] + ".xhtml" if page.endswith(".html") else page
    return f"{page}#a{frag}" if frag else page


def _font_file(name: str, pattern: str) -> Path:
    """The font file of a face, found by fontconfig (as WeasyPrint finds the PDF's)."""
    import subprocess

    from .errors import KodeksError

    try:
        found = subprocess.run(
            ["fc-match", "-f", "%{file}", pattern],
            capture_output=True,
            text=True,
            check=True,
            timeout=30,
        ).stdout.strip()
    except (OSError, subprocess.SubprocessError) as exc:
        raise KodeksError(
            f"fontconfig (fc-match) cannot be run to find {pattern} for the EPUB ({exc}); "
            "run scripts/setup"
        ) from exc
    path = Path(found)
    if (
        path.suffix.lower() != ".ttf"
        or not path.stem.startswith(name.split("-")[0])
        or not path.is_file()
    ):
        raise KodeksError(
            f"the EPUB embeds {pattern}, which is not installed (fontconfig offers {found!r}); "
            "install fonts-dejavu-core and fonts-dejavu-extra (scripts/setup)"
        )
    return path


def _subset(font: Path, text: str) -> bytes:
    """The font cut down to the characters of ``text`` (and basic Latin)."""
    from fontTools import subset

    options = subset.Options()
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.notdef_outline = True
    options.drop_tables += ["FFTM"]  # FontForge's timestamp table: fontTools cannot subset it
    f = subset.load_font(str(font), options)
    sub = subset.Subsetter(options)
    sub.populate(text=text + "".join(chr(c) for c in range(0x20, 0x7F)))
    sub.subset(f)
    buf = io.BytesIO()
    f.save(buf)
    return buf.getvalue()


def write_epub(codex: Codex, target: Path, edition: str | None = None) -> None:
    """Write the codex as an EPUB 3 book to ``target`` (atomically: a temporary
    file beside it is moved into place)."""
    from .akn import work_uri

    chosen = editions.select(codex, edition)
    # fixed dates (the edition's), so two builds give the same bytes
    modified = chosen.pdf_date or f"{max(chosen.year, 1980):04d}-01-01T00:00:00Z"
    env = site_mod.environment()
    env.filters["book"] = _book_href
    files, spine, chars = _pages(codex, env, chosen)
    css = (site_mod.TEMPLATES / "epub" / "book.css").read_text(encoding="utf-8")
    used = "".join(sorted(chars))
    fonts = [
        (f"fonts/{name}.ttf", _subset(_font_file(name, pattern), used))
        for name, pattern in FONTS.items()
    ]
    manifest = _manifest(files, fonts)
    ids = {m["href"]: m["id"] for m in manifest}
    opf = env.get_template("epub/content.opf").render(
        identifier=f"urn:kodeks:{work_uri('act', chosen)}/rus@",
        title=chosen.heading,
        edition_year=chosen.year,
        work=work_uri("act", chosen),
        modified=modified,
        manifest=manifest,
        spine=[ids[n] for n in spine],
    )
    container = (site_mod.TEMPLATES / "epub" / "container.xml").read_text(encoding="utf-8")
    members: list[tuple[str, bytes | str]] = [
        ("META-INF/container.xml", container),
        ("OEBPS/content.opf", opf),
        ("OEBPS/book.css", css),
        *((f"OEBPS/{name}", text) for name, _, text in files),
        *((f"OEBPS/{name}", data) for name, data in fonts),
    ]
    zip_time = (int(modified[:4]), int(modified[5:7]), int(modified[8:10]), 0, 0, 0)
    _write_zip(Path(target), members, zip_time)


def _pages(codex: Codex, env, chosen) -> tuple[list[tuple[str, str, bytes]], list[str], set[str]]:
    """The book's pages as ``(name, media type, UTF-8 text)``, its reading order
    (the title page, the table of contents, a page per division and per law, the
    unplaced fragments) and the characters the pages use (for the fonts' subsets).
    Each page is kept as the bytes the book stores, not as a ``str`` (two or four
    bytes a character once it holds one Cyrillic letter), and no string of every
    page together is made."""
    by_addr, specs = site_mod._rulings()
    site = site_mod.Site(codex=codex, build=None, rulings_by_addr=by_addr, specs=specs)
    site.laws = addresses.laws(codex.entries)
    site.source_pages = {s.name: None for s in codex.sources}
    groups = site_mod.toc(site, merge.coverage(codex))

    files: list[tuple[str, str, bytes]] = []  # (name, media type, UTF-8 text)
    spine: list[str] = []
    chars: set[str] = set()

    def kept(text: str) -> bytes:
        chars.update(text)
        return text.encode("utf-8")

    def page(name: str, **ctx) -> None:
        text = env.get_template("epub/page.xhtml").render(**ctx)
        files.append((name, "application/xhtml+xml", kept(text)))
        spine.append(name)

    page(
        "title.xhtml",
        kind="title",
        title=chosen.heading,
        edition=chosen.year,
        sources=codex.sources,
    )
    files.append(
        ("nav.xhtml", "application/xhtml+xml", b"")
    )  # filled in below, once the pages are known
    spine.append("nav.xhtml")
    first = None
    for g in groups:
        if g["part"]:
            part = g["part"]
            entry = codex.entries[part["id"]]
            page(
                f"{part['anchor']}.xhtml",
                kind="part",
                title=part["display"],
                part=part,
                laws=g["laws"],
                part_text=site_mod.tokenize(
                    codex, entry.text, [r for r in entry.refs if r.field == "text"]
                ),
            )
        for law in g["laws"]:
            nodes = [site_mod.node_view(site, a) for a in site_mod.law_roots(codex, law["law"])]
            name = f"law-{law['law']}.xhtml"
            first = first or name
            page(
                name,
                kind="law",
                title=f"Правило {law['law']}" + (f". {law['title']}" if law["title"] else ""),
                nodes=nodes,
            )
    frags = [
        {"source": src, "nodes": list(site_mod._walk_fragment(codex, node, 0))}
        for src, node in codex.fragments
    ]
    if frags:
        page(
            "fragments.xhtml", kind="fragments", title="Нераспределённые фрагменты", fragments=frags
        )
    nav = env.get_template("epub/nav.xhtml").render(
        groups=groups, fragments=bool(frags), first=first
    )
    files[1] = ("nav.xhtml", "application/xhtml+xml", kept(nav))
    return files, spine, chars


def _manifest(files: list[tuple[str, str, bytes]], fonts: list[tuple[str, bytes]]) -> list[dict]:
    """The OPF manifest: every page, the style sheet and the fonts."""
    manifest = [
        {
            "id": "nav" if n == "nav.xhtml" else n.rsplit(".", 1)[0],
            "href": n,
            "type": t,
            "properties": "nav" if n == "nav.xhtml" else "",
        }
        for n, t, _ in files
    ]
    manifest.append({"id": "css", "href": "book.css", "type": "text/css", "properties": ""})
    manifest += [
        {"id": f"font-{i}", "href": n, "type": "font/ttf", "properties": ""}
        for i, (n, _) in enumerate(fonts, 1)
    ]
    return manifest


def _write_zip(
    target: Path,
    members: list[tuple[str, bytes | str]],
    zip_time: tuple[int, int, int, int, int, int],
) -> None:
    """The EPUB container: ``mimetype`` first and stored, then ``members``, every
    entry dated ``zip_time``; written beside ``target`` and moved into place."""
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as fh, zipfile.ZipFile(fh, "w") as z:

            def put(name: str, data: bytes | str, stored: bool = False) -> None:
                info = zipfile.ZipInfo(name, date_time=zip_time)
                info.compress_type = zipfile.ZIP_STORED if stored else zipfile.ZIP_DEFLATED
                info.external_attr = 0o644 << 16
                z.writestr(info, data.encode("utf-8") if isinstance(data, str) else data)

            put("mimetype", "application/epub+zip", stored=True)
            for name, data in members:
                put(name, data)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)  # mkstemp makes it private; the book is an ordinary file
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
