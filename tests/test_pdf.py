"""The printable codex: render, then read back with poppler and pypdf."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from kodeks_testing import ROOT
from pipeline import pdf
from pipeline.run import run

pytestmark = pytest.mark.skipif(
    shutil.which("pdftotext") is None, reason="poppler-utils not installed"
)


@pytest.fixture(scope="module")
def book(tmp_path_factory) -> Path:
    b = run(ROOT / "corpus")
    target = tmp_path_factory.mktemp("pdf") / "codex.pdf"
    pdf.render_pdf(b.codex, target, b)
    return target


def poppler(*args: str) -> str:
    return subprocess.run(list(args), capture_output=True, text=True, check=True).stdout


def test_pages(book):
    info = poppler("pdfinfo", str(book))
    pages = int(next(line for line in info.splitlines() if line.startswith("Pages:")).split()[1])
    assert pages > 3
    assert "1987" in next(line for line in info.splitlines() if line.startswith("CreationDate"))


def test_outline_has_law_64(book):
    pypdf = pytest.importorskip("pypdf")
    reader = pypdf.PdfReader(str(book))
    titles: list[str] = []

    def walk(items):
        for it in items:
            if isinstance(it, list):
                walk(it)
            else:
                titles.append(it.title)

    walk(reader.outline)
    assert any(t.startswith("Правило 64") for t in titles), titles
    assert any(t.startswith("64A") for t in titles), titles
    assert any(t.startswith("Раздел I") for t in titles), titles


def test_text_extracts_whole(book):
    text = " ".join(poppler("pdftotext", str(book), "-").split())
    assert "плюс одна из последующих взяток, выигранных нарушившей стороной" in text
    assert "Процедура после выявления фальшренонса" in text
    assert "(НАКАЗАНИЕ)" in text
    assert "62D [нет в корпусе]" in text
    # cross-references carry the target's page
    import re

    assert re.search(r"по правилу 64 \(с\. \d+\)", text)
    # table of contents with page numbers
    assert re.search(r"Правило 64\. Процедура после выявления фальшренонса \.+ \d+", text)


def test_fonts_embedded(book):
    fonts = poppler("pdffonts", str(book))
    rows = [line for line in fonts.splitlines()[2:] if line.strip()]
    assert rows and all("DejaVu" in r for r in rows), fonts
    assert all(" yes " in r for r in rows), fonts


def test_deterministic(book, tmp_path):
    b = run(ROOT / "corpus")
    again = tmp_path / "again.pdf"
    pdf.render_pdf(b.codex, again, b)
    assert again.read_bytes() == book.read_bytes()


def test_each_footnote_is_printed_once(book):
    text = poppler("pdftotext", str(book), "-")
    assert text.count("Если три руки правильны") == 1
    assert text.count("см. сноску (*) к правилу 69") == 1


def test_cross_reference_pages_are_right(book):
    """«(с. N)» after a backlink names the page its target really stands on."""
    import re

    first = poppler("pdftotext", str(book), "-")
    m = re.search(r"64C \(с\. (\d+)\)", first)
    assert m, "backlinks of law 64 carry the page of 64C"
    page = poppler("pdftotext", "-f", m[1], "-l", m[1], str(book), "-")
    assert re.search(r"^64C\.? Судья отвечает за справедливость", page, re.M)


def test_fragment_footnotes_are_printed(book):
    assert "Когда игра закончилась; или когда были открыты" in poppler("pdftotext", str(book), "-")


def test_footnote_sits_at_the_foot_of_its_own_page(book):
    info = poppler("pdfinfo", str(book))
    count = int(next(line for line in info.splitlines() if line.startswith("Pages:")).split()[1])
    call = body = None
    for number in range(1, count + 1):
        page = poppler("pdftotext", "-f", str(number), "-l", str(number), str(book), "-")
        if call is None and "количество карт1)" in page:
            call = number
        if body is None and "Если три руки правильны" in page:
            body = number
    assert call is not None and call == body


def test_tagged_for_accessibility(book):
    """PDF/UA-1: tagged, language ru, a title shown in the title bar, headings by level."""
    info = poppler("pdfinfo", str(book))
    assert "Tagged:          yes" in info
    pikepdf = pytest.importorskip("pikepdf")
    with pikepdf.open(str(book)) as doc:
        root = doc.Root
        assert str(root.Lang) == "ru"
        assert bool(root.MarkInfo.Marked)
        assert bool(root.ViewerPreferences.DisplayDocTitle)
        assert "Законы дубликатного бриджа" in str(doc.docinfo["/Title"])
        with doc.open_metadata() as meta:
            assert meta.get("pdfuaid:part") == "1"
        headings: list[tuple[str, str]] = []

        def walk(node, depth=0):
            if not isinstance(node, pikepdf.Dictionary) or "/S" not in node:
                return
            tag = str(node.S)
            if tag in ("/H1", "/H2", "/H3", "/H4"):
                headings.append((tag, str(node.get("/T", ""))))
            kids = node.get("/K")
            if kids is None:
                return
            for k in kids if isinstance(kids, pikepdf.Array) else [kids]:
                walk(k, depth + 1)

        top = root.StructTreeRoot.K
        for k in top if isinstance(top, pikepdf.Array) else [top]:
            walk(k)
    levels = {t for t, _ in headings}
    assert {"/H1", "/H2", "/H3", "/H4"} <= levels, levels
    # an H2 per law (and one for the unplaced fragments), an H1 per part
    codex = run(ROOT / "corpus").codex
    laws = sum(e.kind == "law" for e in codex.entries.values())
    parts = sum(e.kind == "part" for e in codex.entries.values())
    assert sum(t == "/H2" for t, _ in headings) == laws + bool(codex.fragments)
    assert sum(t == "/H1" for t, _ in headings) == parts + 2  # the book's title and the contents


def test_links_work(book):
    """Every internal link of the tagged PDF lands on a page of the document."""
    pypdf = pytest.importorskip("pypdf")
    reader = pypdf.PdfReader(str(book))
    named = reader.named_destinations
    links = 0
    for page in reader.pages:
        for annot in page.get("/Annots", []) or []:
            a = annot.get_object()
            if a.get("/Subtype") != "/Link":
                continue
            links += 1
            dest = a.get("/Dest") or (a.get("/A") or {}).get("/D")
            assert dest is not None, a
            if isinstance(dest, str):
                assert dest in named, dest
    assert links > 50


# -- page numbers: one layout, and every number names the page its target is on --


def _label(title: str) -> str:
    """The address an entry or a bookmark starts with: «Правило 64», «64A»,
    «Комментарий 64.10», «Раздел I», or its first word."""
    import re

    m = re.match(r"((?:Правило|Комментарий|Раздел) [^\s.]+(?:\.\d+)?|[^\s.]+)", title)
    assert m, title
    return m[1]


def _outline_pages(book: Path) -> dict[str, int]:
    """Bookmark address → the page it lands on, as the PDF's outline says."""
    pypdf = pytest.importorskip("pypdf")
    reader = pypdf.PdfReader(str(book))
    out: dict[str, int] = {}

    def walk(items):
        for it in items:
            if isinstance(it, list):
                walk(it)
            else:
                out.setdefault(_label(it.title), reader.get_destination_page_number(it) + 1)

    walk(reader.outline)
    return out


def _contents(book: Path) -> list[tuple[str, int]]:
    """(entry, printed page) of every line of the table of contents."""
    import re

    text = " ".join(poppler("pdftotext", "-f", "2", "-l", "3", str(book), "-").split())
    text = text.split("Оглавление", 1)[1]
    return [(m[1], int(m[2])) for m in re.finditer(r"\s*(.+?)\s?\.{3,}\s?(\d+)", text)]


def _words(book: Path, page: int) -> list[tuple[float, float, float, float, str]]:
    """Every word of a page with its box (x0, y0, x1, y1; from the top left)."""
    import html
    import re

    out = poppler("pdftotext", "-f", str(page), "-l", str(page), "-bbox", str(book), "-")
    return [
        (float(m[1]), float(m[2]), float(m[3]), float(m[4]), html.unescape(m[5]))
        for m in re.finditer(
            r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>',
            out,
        )
    ]


def _check_contents(book: Path) -> int:
    outline = _outline_pages(book)
    entries = _contents(book)
    codex = run(ROOT / "corpus").codex
    assert len(entries) >= sum(e.kind == "law" for e in codex.entries.values())
    for entry, page in entries:
        assert outline[_label(entry)] == page, (entry, page, outline[_label(entry)])
    # the numbers stand flush right, the leader's dots reaching up to them
    ends = set()
    for number in (2, 3):
        lines: dict[float, list] = {}
        for w in _words(book, number):
            lines.setdefault(round(w[1]), []).append(w)
        for line in lines.values():
            line.sort()
            if len(line) > 2 and line[-1][4].isdigit() and line[-2][4].endswith("."):
                ends.add(round(line[-1][2]))
                assert line[-1][0] - line[-2][2] < 7, f"the leader stops short: {line[-3:]}"
    assert len(ends) == 1, ends
    return len(entries)


def _check_xref_pages(book: Path) -> int:
    """Every «(с. N)» after a link names the page the link lands on, and sits
    right after the link, with nothing of its room left over."""
    pypdf = pytest.importorskip("pypdf")
    reader = pypdf.PdfReader(str(book))
    named = {
        name: reader.get_destination_page_number(d) + 1
        for name, d in reader.named_destinations.items()
    }
    checked = 0
    for number, page in enumerate(reader.pages, start=1):
        height = float(page.mediabox.height)
        words = _words(book, number)
        for annot in page.get("/Annots", []) or []:
            a = annot.get_object()
            dest = a.get("/Dest")
            if a.get("/Subtype") != "/Link" or not isinstance(dest, str):
                continue
            xs, ys = [float(v) for v in a["/Rect"][::2]], [float(v) for v in a["/Rect"][1::2]]
            x1, top, bottom = max(xs), height - max(ys), height - min(ys)
            # the words after the link on its line
            after = sorted(
                w for w in words if w[0] >= x1 - 0.5 and top - 1 <= (w[1] + w[3]) / 2 <= bottom + 1
            )
            if len(after) < 2 or after[0][4] != "(с.":
                continue
            assert after[0][0] - x1 < 4, f"a gap between the link and its page: {after[:2]}"
            written = after[1][4]
            assert written.rstrip(",.;:)") + ")" == written.rstrip(",.;:") or written[-1] == ")", (
                written
            )
            assert int(written.split(")")[0]) == named[dest], (dest, written, named[dest])
            if len(after) > 2 and abs(after[2][1] - after[1][1]) < 1:
                gap = after[2][0] - after[1][2]
                assert -0.5 < gap < 4.5, f"room left after {written}: {gap:.1f} pt"
            checked += 1
    return checked


def test_contents_pages_are_where_entries_start(book):
    """Each entry of the contents prints the page its heading is on (the outline's)."""
    assert _check_contents(book) > 20


def test_every_cross_reference_page_is_its_targets(book):
    assert _check_xref_pages(book) >= poppler("pdftotext", str(book), "-").count("(с.") - 1


def test_laid_out_once(tmp_path, monkeypatch):
    """One WeasyPrint layout, each page made once: the page numbers are written
    into that layout, not found by laying it out again."""
    pypdf = pytest.importorskip("pypdf")
    import weasyprint
    from weasyprint.layout import page as page_layout

    renders: list[int] = []
    made: list[int] = []
    render, make_page = weasyprint.HTML.render, page_layout.make_page
    monkeypatch.setattr(
        weasyprint.HTML, "render", lambda self, *a, **k: renders.append(1) or render(self, *a, **k)
    )
    monkeypatch.setattr(
        page_layout, "make_page", lambda *a, **k: made.append(1) or make_page(*a, **k)
    )
    b = run(ROOT / "corpus")
    target = tmp_path / "once.pdf"
    pdf.render_pdf(b.codex, target, b)
    assert len(renders) == 1
    assert len(made) == len(pypdf.PdfReader(str(target)).pages)


def test_a_book_longer_than_the_room_is_laid_out_again(tmp_path, monkeypatch):
    """With room for one digit, a 14-page book needs two: it is laid out again with
    room for them, and every number is still right."""
    monkeypatch.setattr(pdf, "ROOM_DIGITS", 1)
    b = run(ROOT / "corpus")
    target = tmp_path / "room.pdf"
    pdf.render_pdf(b.codex, target, b)
    assert _check_contents(target) > 20
    assert _check_xref_pages(target) > 5
