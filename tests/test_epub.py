"""The EPUB 3 book: unzip it as an e-reader would and check the container, the
package, one page per law, every internal link, footnotes, fonts and language;
epubcheck too when it is installed."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import zipfile
from pathlib import Path
from posixpath import dirname, join, normpath

import pytest
from lxml import etree

from kodeks_testing import CORPUS
from pipeline import addresses

XHTML = "http://www.w3.org/1999/xhtml"
OPS = "http://www.idpf.org/2007/ops"
OPF = "http://www.idpf.org/2007/opf"
NS = {"h": XHTML, "epub": OPS, "opf": OPF, "dc": "http://purl.org/dc/elements/1.1/"}
EPUBCHECK_JAR = Path("/usr/share/java/epubcheck.jar")


@pytest.fixture(scope="module")
def book(built) -> Path:
    return built / "codex.epub"


@pytest.fixture(scope="module")
def pages(book) -> dict[str, etree._Element]:
    with zipfile.ZipFile(book) as z:
        return {n: etree.fromstring(z.read(n)) for n in z.namelist() if n.endswith(".xhtml")}


@pytest.fixture(scope="module")
def codex(built) -> dict:
    return json.loads((built / "codex.json").read_text(encoding="utf-8"))


def test_container(book):
    with zipfile.ZipFile(book) as z:
        first = z.infolist()[0]
        assert first.filename == "mimetype" and first.compress_type == zipfile.ZIP_STORED
        assert z.read("mimetype") == b"application/epub+zip"
        # the mimetype's bytes start at offset 38, as OCF readers look for them there
        assert book.read_bytes()[30:38] == b"mimetype"
        container = etree.fromstring(z.read("META-INF/container.xml"))
        opf_path = container.find(".//{*}rootfile").get("full-path")
        opf = etree.fromstring(z.read(opf_path))
        names = set(z.namelist())
    assert opf.findtext(".//dc:language", namespaces=NS) == "ru"
    assert opf.findtext(".//dc:title", namespaces=NS).startswith("Законы дубликатного бриджа")
    assert opf.find(".//opf:meta[@property='dcterms:modified']", NS) is not None
    base = dirname(opf_path)
    items = opf.findall(".//opf:manifest/opf:item", NS)
    listed = {normpath(join(base, i.get("href"))) for i in items}
    assert listed == names - {"mimetype", "META-INF/container.xml", opf_path}
    assert [i for i in items if i.get("properties") == "nav"]
    ids = {i.get("id") for i in items}
    assert all(r.get("idref") in ids for r in opf.findall(".//opf:spine/opf:itemref", NS))


def test_one_page_per_law_and_language(pages, codex):
    laws = {e["id"] for e in codex["entries"] if e["kind"] == "law"}
    assert {f"OEBPS/law-{law}.xhtml" for law in laws} <= set(pages)
    for name, root in pages.items():
        assert (
            root.get("lang") == "ru"
            and root.get("{http://www.w3.org/XML/1998/namespace}lang") == "ru"
        ), name


def test_every_internal_link_lands(pages):
    ids = {
        name: {el.get("id") for el in root.iter() if isinstance(el.tag, str) and el.get("id")}
        for name, root in pages.items()
    }
    links = 0
    for name, root in pages.items():
        for a in root.iter(f"{{{XHTML}}}a"):
            href = a.get("href")
            assert href and not re.match(r"^[a-z]+:", href), (name, href)
            page, _, frag = href.partition("#")
            target = normpath(join(dirname(name), page)) if page else name
            assert target in pages, (name, href)
            if frag:
                assert frag in ids[target], (name, href)
            links += 1
    assert links > 50


def test_references_backlinks_and_commentary_inside_the_book(pages, codex):
    law64 = pages["OEBPS/law-64.xhtml"]
    comm = law64.find(".//h:section[@id='a64.10']", NS)
    assert comm is not None and "Разыгрывающий совершает фальшренонс" in "".join(comm.itertext())
    hrefs = [a.get("href") for a in comm.iter(f"{{{XHTML}}}a")]
    assert "law-64.xhtml#a64A1" in hrefs  # «Правила 64А1» from the commentary
    entries = {e["id"]: e for e in codex["entries"]}
    for address, e in entries.items():
        if not e["backlinks"]:
            continue
        anchor = addresses.anchor(address)
        page = pages[f"OEBPS/law-{addresses.law_of(address)}.xhtml"]
        section = page.find(f".//h:section[@id='a{anchor}']", NS)
        back = section.find("h:p[@class='backlinks']", NS)
        assert back is not None, address
        assert [a.text for a in back.findall("h:a", NS)] == e["backlinks"]


def test_footnotes_are_epub_footnotes(pages, codex):
    asides = [a for root in pages.values() for a in root.iter(f"{{{XHTML}}}aside")]
    notes = [a for a in asides if a.get(f"{{{OPS}}}type") == "footnote"]
    want = sum(len(e["footnotes"]) for e in codex["entries"])
    assert len(notes) == want > 0
    refs = {
        a.get("href")[1:]
        for root in pages.values()
        for a in root.iter(f"{{{XHTML}}}a")
        if a.get(f"{{{OPS}}}type") == "noteref"
    }
    assert {n.get("id") for n in notes} <= refs


def test_fonts_embedded_and_cover_the_text(book, pages):
    import io

    from fontTools.ttLib import TTFont

    with zipfile.ZipFile(book) as z:
        css = z.read("OEBPS/book.css").decode()
        urls = re.findall(r'url\("([^"]+)"\)', css)
        assert urls
        fonts = {u: TTFont(io.BytesIO(z.read(f"OEBPS/{u}"))) for u in urls}
    body_font = fonts["fonts/DejaVuSerif.ttf"]
    cmap = body_font.getBestCmap()
    text = "".join("".join(root.itertext()) for root in pages.values())
    missing = {c for c in set(text) if not c.isspace() and ord(c) not in cmap}
    assert not missing, missing


def test_deterministic(tmp_path, book):
    from pipeline import epub
    from pipeline.run import run

    b = run(CORPUS)
    again = tmp_path / "again.epub"
    epub.write_epub(b.codex, again)
    assert again.read_bytes() == book.read_bytes()


@pytest.mark.slow
@pytest.mark.skipif(
    not EPUBCHECK_JAR.exists() or shutil.which("java") is None,
    reason="epubcheck not installed (scripts/setup --test installs it)",
)
def test_epubcheck(book):
    proc = subprocess.run(
        ["java", "-jar", str(EPUBCHECK_JAR), str(book)], capture_output=True, text=True, timeout=600
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "0 fatals / 0 errors / 0 warnings" in proc.stdout, proc.stdout
