"""The printable codex (``OUT/codex.pdf``), rendered with WeasyPrint; one PDF per
edition: every other edition the corpus holds adds ``OUT/codex-<edition>.pdf``
(``pdf_name``), its edition on the title page.

One HTML document (``pipeline/templates/book.html`` + ``book.css``) built from
the same view data as the site (``pipeline.site``), with the same anchors
(``addresses.anchor``): title page, table of contents with leaders and page
numbers, PDF bookmarks for parts, laws and sections (``bookmark-level``), a
running header with the current law (``string-set``), cross-references as
internal links carrying the target's page, footnotes at the foot of the page
(``float: footnote``) and DejaVu fonts embedded (found by fontconfig through
WeasyPrint by family name, so no font path is hard-wired).

The document is laid out once. The page numbers of the contents and of
cross-references (``см. правило 64 (с. 12)``) cannot be known before that
layout, so the HTML holds placeholders that reserve room for the widest page
number (``(с. 000)``, ``xref_page`` in the template; ``000`` after a contents
entry's leader, ``--page-room`` in its style). After the layout every anchor's
page is read from the laid-out pages and written into those text boxes of the
same layout (``fill_xref_pages``): in running text the rest of the line moves
left by what the number is narrower than its room, in the contents the leader
grows instead. Only when the book needs more digits than were reserved is it
laid out again, with room for them. WeasyPrint's own ``target-counter`` is not
used: forward ones re-lay out pages, which costs a second layout of them and
made WeasyPrint print a footnote twice.

The PDF is tagged, aiming at PDF/UA-1 (WeasyPrint's ``pdf/ua-1`` variant): a
structure tree with headings ``H1``–``H4`` by level (part, law, section or
commentary, clause), paragraphs, lists and links; the document language ``ru``
from ``<html lang>``; the title shown in the viewer's title bar; the PDF/UA
identification in the XMP metadata.

The output is deterministic: fixed metadata dates, no current time.
"""

from __future__ import annotations

from pathlib import Path

import regex

from . import addresses, editions, merge
from . import site as site_mod

ROOM_DIGITS = 3
"""Digits of room a page number gets at first (a longer book is laid out again)."""
PLACEHOLDER_DIGIT = "0"
"""The digit a page number's room is reserved with (DejaVu's digits share one width)."""
XREF_PAGE = "data-page-of"
"""The attribute naming the anchor whose page a placeholder is written with."""
_ROOM = regex.compile(PLACEHOLDER_DIGIT + "+")


def book_html(codex, build=None, digits: int = ROOM_DIGITS) -> str:
    """The whole book as one HTML string (markup comes from the templates only).

    Every cross-reference is followed by a placeholder ``(с. 000)``, and every
    entry of the contents ends in one (``000`` after the leader, from the style's
    ``--page-room``), with room for a page number of ``digits`` digits, which
    ``fill_xref_pages`` writes in."""
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
    """Write the page of every placeholder's anchor into it, in the laid-out
    ``doc`` itself; returns how many were written.

    The number takes the placeholder's text box (``(с. 000)`` → ``(с. 7)``,
    `` 000`` → `` 7``). In running text the boxes after it on the same line move
    left by what the number is narrower than its room; in a line with a leader
    (the table of contents) the number stays flush right and the leader grows
    by that width, with the dots WeasyPrint would have set there. The page's
    links are then gathered again so their areas match. An anchor with no page
    (not in this document) leaves nothing: the box is emptied."""
    from weasyprint.document import Page
    from weasyprint.formatting_structure import boxes

    written = 0
    for number, page in enumerate(doc.pages):
        page_box = page._page_box
        changed = 0
        for line in page_box.descendants():
            if isinstance(line, boxes.LineBox):
                changed += _fill_line(line, pages)
        if changed:
            doc.pages[number] = Page(page_box)
            written += changed
    return written


def _fill_line(line, pages: dict[str, int]) -> int:
    from weasyprint.layout.leader import leader_index

    written, given_back = _fill_inline(line.children, pages, 0.0)
    if not written or not given_back:
        return written
    index, leader = leader_index(line)
    if leader is None:
        return written
    # As WeasyPrint's handle_leader does for the room a leader takes: every box
    # after the leader moves right and the boxes holding it widen.
    box = line
    while index is not None:
        for child in box.children[index[0] + 1 :]:
            if child.is_in_normal_flow():
                child.translate(dx=given_back)
        box = box.children[index[0]]
        box.width += given_back
        index = index[1]
    # the dots sit on a grid counted from the line's right end, as handle_leader sets them
    dot = leader.children[0]
    right = line.position_x + line.width
    dots = []
    for i in range(1, int(line.width // dot.width) + 1):
        x = right - i * dot.width
        if x >= leader.position_x and x + dot.width <= leader.position_x + leader.width:
            dots.append(dot.copy())
            dots[-1].position_x = x
    leader.children = tuple(dots)  # right to left, in the order WeasyPrint sets them
    return written


def _fill_inline(children, pages: dict[str, int], shift: float) -> tuple[int, float]:
    """Fill the placeholders among ``children`` (inline boxes of one line, in order),
    moving every box left by ``shift`` plus what the placeholders before it gave
    back; returns (placeholders written, the shift after them)."""
    from weasyprint.formatting_structure import boxes

    written = 0
    for box in children:
        anchor = _placeholder_of(box) if isinstance(box, boxes.TextBox) else None
        if anchor is not None:
            box.position_x -= shift
            shift += _write_page(box, pages.get(anchor))
            written += 1
        elif isinstance(box, boxes.InlineBox):
            before = shift
            box.position_x -= shift
            n, shift = _fill_inline(box.children, pages, shift)
            box.width -= shift - before
            written += n
        elif shift:
            box.translate(dx=-shift)
    return written, shift


def _placeholder_of(box) -> str | None:
    """The anchor whose page the text box ``box`` holds room for: a cross-reference's
    ``<span data-page-of>`` (its own text, not a pseudo-element's) or the digits
    after the leader of a contents entry (``a::after``, the anchor its ``href``)."""
    element = box.element
    if element is None:
        return None
    if box.element_tag == "span":
        return element.get(XREF_PAGE)
    if box.element_tag == "a::after" and _ROOM.search(box.text):
        href = element.get("href") or ""
        return href[1:] if href.startswith("#") else None
    return None


def _write_page(box, page: int | None) -> float:
    """Write ``page`` over the placeholder digits of a text box; returns the width
    given back."""
    from weasyprint.text.line_break import line_size

    old = box.text
    text = _ROOM.sub(str(page), old, count=1) if page else ""
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
    digits = ROOM_DIGITS
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
