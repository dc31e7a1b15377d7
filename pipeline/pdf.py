"""The printable codex (``OUT/codex.pdf``), rendered with WeasyPrint; one PDF per
edition: every other edition the corpus holds adds ``OUT/codex-<edition>.pdf``
(``pdf_name``), its edition on the title page.

One HTML document (``pipeline/templates/book.html`` + ``book.css``) built from
the same view data as the site (``pipeline.site``), with the same anchors
(``addresses.anchor``): title page, table of contents with page numbers
(``target-counter``), PDF bookmarks for parts, laws and sections
(``bookmark-level``), a running header with the current law (``string-set``),
cross-references as internal links carrying the target's page, footnotes at
the foot of the page (``float: footnote``) and DejaVu fonts embedded (found by
fontconfig through WeasyPrint by family name, so no font path is hard-wired).

The document is laid out once. A cross-reference's page (``см. правило 64 (с.
12)``) cannot be known before that layout, so the HTML holds a placeholder
that reserves room for the widest page number (``xref_page`` in the template);
after the layout every anchor's page is read from the laid-out pages and
written into those text boxes of the same layout (``fill_xref_pages``), the
rest of each line moving left by what the number is narrower than its room.
Only when the document turns out to need more digits than were reserved is it
laid out again, with room for them. The table of contents keeps WeasyPrint's
``target-counter``, which re-lays out the contents' own pages only.

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

PLACEHOLDER_DIGIT = "0"
"""The digit a page number's room is reserved with (DejaVu's digits share one width)."""
XREF_PAGE = "data-page-of"
"""The attribute naming the anchor whose page a placeholder is written with."""


def book_html(codex, build=None, digits: int = 3) -> str:
    """The whole book as one HTML string (markup comes from the templates only).

    Every cross-reference is followed by a placeholder ``(с. 000)`` with room for a
    page number of ``digits`` digits, which ``fill_xref_pages`` writes in."""
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
        placeholder=PLACEHOLDER_DIGIT * digits,
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


def fill_xref_pages(doc, pages: dict[str, int]) -> int:
    """Write the page of every cross-reference's target into its placeholder, in
    the laid-out ``doc`` itself; returns how many were written.

    The number takes the placeholder's text box (``(с. 000)`` → ``(с. 7)``); the
    boxes after it on the same line move left by what the new text is narrower,
    and the page's links are gathered again so their areas match. A target
    with no page (not in this document) leaves nothing: the box is emptied."""
    from weasyprint.document import Page
    from weasyprint.formatting_structure import boxes

    written = 0
    for number, page in enumerate(doc.pages):
        page_box = page._page_box
        changed = 0
        for line in page_box.descendants():
            if isinstance(line, boxes.LineBox):
                n, _ = _fill_line(line.children, pages, 0.0)
                changed += n
        if changed:
            doc.pages[number] = Page(page_box)
            written += changed
    return written


def _fill_line(children, pages: dict[str, int], shift: float) -> tuple[int, float]:
    """Fill the placeholders among ``children`` (inline boxes of one line, in order),
    moving every box left by ``shift`` plus what the placeholders before it gave
    back; returns (placeholders written, the shift after them)."""
    from weasyprint.formatting_structure import boxes

    written = 0
    for box in children:
        if isinstance(box, boxes.TextBox) and _placeholder_of(box) is not None:
            box.position_x -= shift
            shift += _write_page(box, pages.get(_placeholder_of(box)))
            written += 1
        elif isinstance(box, boxes.InlineBox):
            before = shift
            box.position_x -= shift
            n, shift = _fill_line(box.children, pages, shift)
            box.width -= shift - before
            written += n
        elif shift:
            box.translate(dx=-shift)
    return written, shift


def _placeholder_of(box) -> str | None:
    element = box.element
    if element is None or box.element_tag != "span":
        return None
    return element.get(XREF_PAGE)


def _write_page(box, page: int | None) -> float:
    """Put ``(с. page)`` into a placeholder's text box; returns the width given back."""
    from weasyprint.text.line_break import line_size

    old = box.text
    text = old[: old.index(PLACEHOLDER_DIGIT)] + f"{page})" if page else ""
    layout = box.pango_layout
    if text:
        layout.reactivate(box.style)
        layout.set_text(text)
        width, _ = line_size(layout.get_first_line()[0], box.style)
        layout.deactivate()
    else:
        width = 0.0
    layout.text = box.text = text or " "  # a text box is never empty; a space is not drawn
    given_back = box.width - width
    box.width = width
    return given_back


def render_pdf(codex, target: Path, build=None) -> None:
    from weasyprint import HTML

    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    # One layout with room for the pages of cross-references; the numbers are then
    # written into that room. Laid out again only if the book has more pages than
    # the room has digits for (the second layout then has room enough).
    digits = 3
    while True:
        html = book_html(codex, build, digits)
        doc = HTML(string=html, base_url=str(site_mod.TEMPLATES)).render()
        if len(str(len(doc.pages))) <= digits:
            break
        digits = len(str(len(doc.pages)))
    fill_xref_pages(doc, anchor_pages(doc))
    date = editions.of_codex(codex.edition).pdf_date
    doc.metadata.created = date
    doc.metadata.modified = date
    doc.write_pdf(target, pdf_variant="pdf/ua-1")
