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
