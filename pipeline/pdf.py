"""The printable codex (``OUT/codex.pdf``), rendered with WeasyPrint; one PDF per
edition: every other edition the corpus holds adds ``OUT/codex-<edition>.pdf``
(``pdf_name``), its edition on the title page.

One HTML document (``pipeline/templates/book.html`` + ``book.css``) built from
the same view data as the site (``pipeline.site``), with the same anchors
(``addresses.anchor``): title page, table of contents with page numbers
(``target-counter``), PDF bookmarks for parts, laws and sections
(``bookmark-level``), a running header with the current law (``string-set``),
cross-references as internal links carrying the target's page (written in
after a first layout), footnotes at
the foot of the page (``float: footnote``) and DejaVu fonts embedded (found by
fontconfig through WeasyPrint by family name, so no font path is hard-wired).

The PDF is tagged, aiming at PDF/UA-1 (WeasyPrint's ``pdf/ua-1`` variant): a
structure tree with headings ``H1``–``H4`` by level (part, law, section or
commentary, clause), paragraphs, lists and links; the document language ``ru``
from ``<html lang>``; the title shown in the viewer's title bar; the PDF/UA
identification in the XMP metadata.

The output is deterministic: fixed metadata dates, no current time.
"""

from __future__ import annotations

from pathlib import Path

from . import addresses, editions, merge
from . import site as site_mod


def book_html(codex, build=None, pages: dict[str, int] | None = None) -> str:
    """The whole book as one HTML string (markup comes from the templates only).

    ``pages`` maps anchors to page numbers; cross-references then carry their
    target's page (``см. правило 64 (с. 12)``)."""
    env = site_mod.environment()
    by_addr, specs = site_mod._rulings()
    site = site_mod.Site(codex=codex, build=build, rulings_by_addr=by_addr, specs=specs)
    site.laws = addresses.laws(codex.entries)
    site.source_pages = {s.name: None for s in codex.sources}
    cov = merge.coverage(codex)
    groups = site_mod.toc(site, cov)
    for g in groups:
        for law in g["laws"]:
            law["nodes"] = [
                site_mod.node_view(site, a) for a in site_mod.law_roots(codex, law["law"])
            ]
    frags = [
        {"source": src, "nodes": list(site_mod._walk_fragment(codex, node, 0))}
        for src, node in codex.fragments
    ]
    edition = editions.of_codex(codex.edition)
    return env.get_template("book.html").render(
        groups=groups,
        fragments=frags,
        sources=codex.sources,
        edition=edition,
        date=edition.pdf_date[:10],
        css=(site_mod.TEMPLATES / "book.css").read_text(encoding="utf-8"),
        pages=pages or {},
    )


def pdf_name(edition: str) -> str:
    """The file of another edition's PDF: ``codex-1997.pdf``."""
    return f"codex-{edition}.pdf"


def render_edition_pdfs(codex, folder: Path) -> None:
    """Write ``codex-<edition>.pdf`` for every edition beside the default one."""
    for edition, other in codex.others.items():
        render_pdf(other, Path(folder) / pdf_name(edition))


def anchor_pages(doc) -> dict[str, int]:
    """Page number of every anchor of a rendered document (first occurrence)."""
    out: dict[str, int] = {}
    for number, page in enumerate(doc.pages, start=1):
        for name in page.anchors:
            out.setdefault(name, number)
    return out


def render_pdf(codex, target: Path, build=None) -> None:
    from weasyprint import HTML

    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    # Cross-reference pages are written in as text: lay out, read where every anchor
    # landed, write the numbers in and lay out again until they stop moving (the
    # added "(с. N)" can push text onto another page). WeasyPrint's own
    # target-counter on forward links re-lays out pages and repeats footnotes.
    pages: dict[str, int] = {}
    for _ in range(4):
        html = book_html(codex, build, pages)
        doc = HTML(string=html, base_url=str(site_mod.TEMPLATES)).render()
        found = anchor_pages(doc)
        if found == pages:
            break
        pages = found
    date = editions.of_codex(codex.edition).pdf_date
    doc.metadata.created = date
    doc.metadata.modified = date
    doc.write_pdf(target, pdf_variant="pdf/ua-1")
