"""E-book, document and scan sources (``pipeline.formats``), used as a publisher
would: one law text in our own words is written at test time as FB2, EPUB, DOCX,
RTF, PDF and DjVu, each is built alone by ``kodeks build``, and its tree must be the
tree of the same text as a ``.txt`` copy. Broken and hostile files (truncated
archives, zip bombs, XML entities, encrypted PDFs, scans without a text layer)
give an error that names the file and are skipped; the other sources build."""

from __future__ import annotations

import hashlib
import html
import io
import json
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

from kodeks_testing import kodeks
from pipeline.cli import build_args

pytestmark = pytest.mark.slow

# One law text, block by block: (kind, text); "{1}" is where the footnote mark stands.
BLOCKS = [
    ("title", "Правило 33"),
    ("title", "Порядок хода"),
    ("sub", "A. Первый ход"),
    ("p", "Первый ход делает игрок слева от разыгрывающего{1}, когда торговля закончена."),
    ("p", "1. Ход не в свою очередь"),
    (
        "p",
        "Если ход сделал не тот игрок, судья поступает по правилу 34 и объясняет сторонам, "
        "какие права у них остаются после этого нарушения.",
    ),
    ("p", "2. Ход закрытой картой"),
    ("p", "Карту, положенную рубашкой вверх, открывают; ход остаётся за тем же игроком."),
    ("sub", "B. Следующие ходы"),
    ("p", "Каждый следующий ход делает игрок, который взял предыдущую взятку."),
    ("title", "Правило 34"),
    ("title", "Принятие хода не в очередь"),
    (
        "p",
        "Любой игрок стороны, не нарушившей порядок, может принять такой ход (см. правило "
        "33A1); тогда игра продолжается без наказания.",
    ),
]
NOTE = "Разыгрывающего определяет последняя заявка торговли."
MARK = "(*1)"
MANIFEST = '[[source]]\nfile = "{name}"\nkind = "laws"\nedition = "1987"\n'


def txt_copy() -> str:
    """The text as a plain-text copy has it: a block a line, the footnote after it."""
    lines = [text.replace("{1}", MARK) for _kind, text in BLOCKS]
    return "\n".join([*lines, f"{MARK} - {NOTE}"]) + "\n"


def make_fb2(encoding: str = "windows-1251") -> bytes:
    """An FB2 book as e-book sites publish them: cp1251 declared in the prolog, each
    law a <section> with a two-line <title>, sections as <subtitle>, inline
    <emphasis>, a note link into <body name="notes">, a picture in <binary>."""
    body, titled = [], False
    for kind, text in BLOCKS:
        text = (
            html.escape(text)
            .replace("{1}", '<a l:href="#n1" type="note">[1]</a>')
            .replace("разыгрывающего", "<emphasis>разыгрывающего</emphasis>")
        )
        if kind == "title":
            if not titled:
                body.append("</section><section>" if body else "<section>")
                body.append("<title>")
                titled = True
            body.append(f"<p>{text}</p>")
            continue
        if titled:
            body.append("</title><empty-line/>")
            titled = False
        body.append(f"<subtitle>{text}</subtitle>" if kind == "sub" else f"<p>{text}</p>")
    body.append("</section>")
    xml = (
        f'<?xml version="1.0" encoding="{encoding}"?>\n'
        '<FictionBook xmlns="http://www.gribuser.ru/xml/fictionbook/2.0" '
        'xmlns:l="http://www.w3.org/1999/xlink">\n'
        "<description><title-info><genre>reference</genre><book-title>Правила игры, "
        "выдержки</book-title><annotation><p>Краткая аннотация, не текст книги.</p>"
        "</annotation></title-info></description>\n"
        "<body>\n" + "\n".join(body) + "\n</body>\n"
        '<body name="notes"><title><p>Примечания</p></title>'
        f'<section id="n1"><title><p>1</p></title><p>{NOTE}</p></section></body>\n'
        '<binary id="cover.png" content-type="image/png">iVBORw0KGgo=</binary>\n'
        "</FictionBook>\n"
    )
    return xml.encode(encoding)


def _xhtml(title: str, body: str) -> str:
    return (
        '<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE html>\n'
        '<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops">'
        f"<head><title>{title}</title><style>p {{ margin: 0 }}</style></head>"
        f"<body>{body}</body></html>"
    )


PANDOC_REF = '<a href="#fn1" class="footnote-ref" id="fnref1" role="doc-noteref"><sup>1</sup></a>'
PANDOC_NOTES = (
    '<section id="footnotes" class="footnotes footnotes-end-of-document" role="doc-endnotes">'
    f'<hr /><ol><li id="fn1"><p>{NOTE}<a href="#fnref1" class="footnote-back" '
    'role="doc-backlink">↩︎</a></p></li></ol></section>'
)
"""A note as Pandoc writes it: a numbered link, the body an item of a list of notes
at the end of the chapter, with a link back."""


def _epub_chapters(
    ref: str = '<a epub:type="noteref" href="notes.xhtml#n1"><sup>1</sup></a>',
) -> list[str]:
    chapters: list[list[str]] = []
    for kind, text in BLOCKS:
        text = html.escape(text).replace("{1}", ref).replace("закончена", "<em>закончена</em>")
        if kind == "title" and (not chapters or not chapters[-1][-1].startswith("<h1")):
            chapters.append([f"<h1>{text}"])
        elif kind == "title":
            chapters[-1][-1] += f"<br/>{text}</h1>"
        elif kind == "sub":
            chapters[-1].append(f"<h2>{text}</h2>")
        else:
            chapters[-1].append(f"<p>{text}</p>")
    return ["".join(c) for c in chapters]


def make_epub(chapters: list[str] | None = None, notes_doc: bool = True) -> bytes:
    """An EPUB 3: the manifest lists the chapters in the reverse of the spine's
    order (the spine decides); the notes document holds the footnote in an
    <aside epub:type="footnote">; a nav document outside the spine."""
    chapters = chapters if chapters is not None else _epub_chapters()
    names = [f"text/ch{i + 1:02d}.xhtml" for i in range(len(chapters))]
    files = {
        name: _xhtml(f"Глава {i + 1}", body) for i, (name, body) in enumerate(zip(names, chapters))
    }
    if notes_doc:
        files["text/notes.xhtml"] = _xhtml(
            "Примечания",
            f'<aside epub:type="footnote" id="n1"><p><a href="ch01.xhtml">1</a> {NOTE}</p></aside>',
        )
    files["nav.xhtml"] = _xhtml(
        "Оглавление", '<nav epub:type="toc"><ol><li>Правило 33</li></ol></nav>'
    )
    spine = [*names, "text/notes.xhtml"] if notes_doc else names
    items = [
        f'<item id="i{n}" href="{name}" media-type="application/xhtml+xml"/>'
        for n, name in reversed(list(enumerate(spine)))
    ]
    opf = (
        '<?xml version="1.0" encoding="utf-8"?>\n'
        '<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">'
        '<metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">x</dc:identifier>'
        "<dc:title>Правила игры, выдержки</dc:title><dc:language>ru</dc:language></metadata>"
        '<manifest><item id="nav" href="nav.xhtml" properties="nav" '
        'media-type="application/xhtml+xml"/>' + "".join(items) + "</manifest>"
        "<spine>" + "".join(f'<itemref idref="i{n}"/>' for n in range(len(spine))) + "</spine>"
        "</package>"
    )
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr("mimetype", "application/epub+zip", compress_type=zipfile.ZIP_STORED)
        z.writestr(
            "META-INF/container.xml",
            '<?xml version="1.0"?><container version="1.0" '
            'xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles>'
            '<rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/>'
            "</rootfiles></container>",
        )
        z.writestr("OEBPS/content.opf", opf, compress_type=zipfile.ZIP_DEFLATED)
        for name, text in files.items():
            z.writestr(f"OEBPS/{name}", text, compress_type=zipfile.ZIP_DEFLATED)
    return buf.getvalue()


def make_docx() -> bytes:
    """A Word document written with python-docx: headings styled as headings,
    section letters and clause numbers as automatic list numbers, a bold run
    inside a paragraph, a tracked deletion (not text), and a real footnote
    (``w:footnoteReference`` and ``word/footnotes.xml``)."""
    docx = pytest.importorskip("docx")
    from docx.oxml import OxmlElement
    from docx.oxml.ns import qn

    doc = docx.Document()
    # section letters and clause numbers as Word's automatic list numbers: a
    # two-level list (A., B. … over 1., 2. …), not characters of the text
    w = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
    numbering = doc.part.numbering_part.element
    numbering.insert(
        0,
        docx.oxml.parse_xml(
            f'<w:abstractNum xmlns:w="{w}" w:abstractNumId="90">'
            '<w:multiLevelType w:val="multilevel"/>'
            '<w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="upperLetter"/>'
            '<w:lvlText w:val="%1."/></w:lvl>'
            '<w:lvl w:ilvl="1"><w:start w:val="1"/><w:numFmt w:val="decimal"/>'
            '<w:lvlText w:val="%2."/></w:lvl></w:abstractNum>'
        ),
    )
    numbering.append(
        docx.oxml.parse_xml(
            f'<w:num xmlns:w="{w}" w:numId="90"><w:abstractNumId w:val="90"/></w:num>'
        )
    )

    def numbered(para, level: int) -> None:
        num = docx.oxml.parse_xml(
            f'<w:numPr xmlns:w="{w}"><w:ilvl w:val="{level}"/><w:numId w:val="90"/></w:numPr>'
        )
        para._p.get_or_add_pPr().append(num)

    for kind, text in BLOCKS:
        if kind == "title":
            doc.add_heading(text, level=1)
            continue
        if kind == "sub":
            numbered(doc.add_heading(text.split(". ", 1)[1], level=2), 0)
            continue
        if text[0].isdigit():
            numbered(doc.add_paragraph(text.split(". ", 1)[1], style="List Paragraph"), 1)
            continue
        para = doc.add_paragraph()
        before, _, after = text.partition("{1}")
        head, sep, tail = before.partition("слева")
        para.add_run(head)
        if sep:
            para.add_run(sep).bold = True
            para.add_run(tail)
        if _:
            ref = para.add_run()
            el = OxmlElement("w:footnoteReference")
            el.set(qn("w:id"), "1")
            ref._r.append(el)
            deleted = OxmlElement("w:del")
            run = OxmlElement("w:r")
            gone = OxmlElement("w:delText")
            gone.text = " (удалённая правка)"
            run.append(gone)
            deleted.append(run)
            para._p.append(deleted)
            para.add_run(after)
    buf = io.BytesIO()
    doc.save(buf)
    notes = (
        f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:footnotes xmlns:w="{w}">'
        '<w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:footnote>'
        f'<w:footnote w:id="1"><w:p><w:r><w:t xml:space="preserve">{NOTE}</w:t></w:r></w:p>'
        "</w:footnote></w:footnotes>"
    )
    with zipfile.ZipFile(buf, "a") as z:
        z.writestr("word/footnotes.xml", notes)
    return buf.getvalue()


def make_odt() -> bytes:
    """An OpenDocument text as LibreOffice saves it: headings as ``text:h``, a
    ``text:s`` space, a bold span, a footnote as ``text:note``, a comment and a
    tracked deletion (neither is text)."""
    ns = (
        'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
        'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
        'xmlns:dc="http://purl.org/dc/elements/1.1/"'
    )
    note = (
        '<text:note text:id="ftn1" text:note-class="footnote"><text:note-citation>1'
        f"</text:note-citation><text:note-body><text:p>{NOTE}</text:p></text:note-body></text:note>"
    )
    paras = [
        '<text:tracked-changes><text:changed-region text:id="ct1"><text:deletion>'
        "<office:change-info><dc:creator>Редактор</dc:creator></office:change-info>"
        "<text:p>Удалённый абзац правки.</text:p></text:deletion></text:changed-region>"
        "</text:tracked-changes>"
    ]
    for kind, text in BLOCKS:
        text = html.escape(text).replace("{1}", note).replace("слева от", "слева<text:s/>от")
        text = text.replace("Карту", '<text:span text:style-name="T1">Карту</text:span>')
        if kind == "p" and text.startswith("Каждый"):
            text += (
                "<office:annotation><dc:creator>Редактор</dc:creator><text:p>Проверить "
                'формулировку.</text:p></office:annotation><text:change text:change-id="ct1"/>'
            )
        level = {"title": 1, "sub": 2}.get(kind)
        paras.append(
            f'<text:h text:outline-level="{level}">{text}</text:h>'
            if level
            else f"<text:p>{text}</text:p>"
        )
    content = (
        f'<?xml version="1.0" encoding="UTF-8"?><office:document-content {ns} office:version="1.3">'
        "<office:body><office:text>" + "".join(paras) + "</office:text></office:body>"
        "</office:document-content>"
    )
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr(
            "mimetype", "application/vnd.oasis.opendocument.text", compress_type=zipfile.ZIP_STORED
        )
        z.writestr("content.xml", content, compress_type=zipfile.ZIP_DEFLATED)
        z.writestr(
            "META-INF/manifest.xml",
            '<?xml version="1.0"?><manifest:manifest xmlns:manifest='
            '"urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"/>',
        )
    return buf.getvalue()


def _rtf_escape(text: str) -> str:
    out = []
    for ch in text:
        if ch in "\\{}":
            out.append("\\" + ch)
        elif ord(ch) < 128:
            out.append(ch)
        else:
            out.append("".join(f"\\'{b:02x}" for b in ch.encode("cp1251")))
    return "".join(out)


def make_rtf() -> str:
    """An RTF document as a word processor saves Russian text: cp1251 declared
    (``\\ansicpg1251``), letters as ``\\'xx`` escapes (one word as ``\\u``
    escapes), a ``\\par`` per paragraph, bold runs in groups, and a real footnote
    (``{\\footnote …}`` with an automatic number, ``\\chftn``)."""
    note = "{\\super\\chftn}{\\footnote\\pard\\plain{\\super\\chftn} " + _rtf_escape(NOTE) + "}"
    paras = []
    for _kind, text in BLOCKS:
        text = _rtf_escape(text.replace("{1}", "\x00")).replace("\x00", note)
        text = text.replace(_rtf_escape("Правило"), "{\\b " + _rtf_escape("Правило") + "}")
        text = text.replace(_rtf_escape("взятку"), "".join(f"\\u{ord(c)}?" for c in "взятку"))
        paras.append("{\\pard\\plain\\f0\\fs24 " + text + "\\par}")
    return (
        "{\\rtf1\\ansi\\ansicpg1251\\deff0{\\fonttbl{\\f0\\froman\\fcharset204 Times New Roman;}}"
        "{\\info{\\title " + _rtf_escape("Правила игры") + "}}\n" + "\n".join(paras) + "\n}"
    )


def make_pdf(text_layer: bool = True) -> bytes:
    """A PDF printed by WeasyPrint from our own HTML, set as a publisher sets a
    book: small pages, justified lines hyphenated with the typographic hyphen
    (U+2010), a running head and a page number on every page, the footnote at the
    foot of its page (CSS ``float: footnote``), and a page break inside law 33.
    ``text_layer=False``: a scan (an image only, no text)."""
    weasyprint = pytest.importorskip("weasyprint")
    if text_layer:
        paras = []
        for _kind, text in BLOCKS:
            text = html.escape(text).replace("{1}", f'<span class="fn">{html.escape(NOTE)}</span>')
            brk = ' style="page-break-before: always"' if text.startswith("B.") else ""
            paras.append(f"<p{brk}>{text}</p>")
        body = "".join(paras)
    else:
        body = (
            '<img style="width: 10cm; height: 5cm" src="data:image/svg+xml;utf8,'
            "<svg xmlns='http://www.w3.org/2000/svg' width='100' height='50'>"
            "<rect width='100' height='50' fill='gray'/></svg>\"/>"
        )
    margins = (
        "@top-center { content: 'Законы игры'; font: 8pt 'DejaVu Serif' } "
        "@bottom-center { content: '– ' counter(page) ' –'; font: 8pt 'DejaVu Serif' } "
        if text_layer
        else ""
    )
    page = (
        "<html lang='ru'><head><style>"
        f"@page {{ size: A6; margin: 1.5cm; {margins}}} "
        "body { font: 10pt 'DejaVu Serif' } "
        "p { margin: 0 0 0.4em 0; hyphens: auto; text-align: justify } "
        ".fn { float: footnote; font-size: 8pt } "
        "::footnote-call { content: '(*' counter(footnote) ')' } "
        "::footnote-marker { content: '(*' counter(footnote) ') - ' }"
        f"</style></head><body>{body}</body></html>"
    )
    return weasyprint.HTML(string=page).write_pdf()


def make_djvu(tmp: Path, pages: list[list[str]]) -> bytes:
    """A DjVu with a hidden text layer (djvulibre's cjb2, djvused, djvm), one
    blank bitonal image a page; a page given no lines has no text layer."""
    if not (shutil.which("cjb2") and shutil.which("djvused") and shutil.which("djvm")):
        pytest.skip("djvulibre-bin is not installed")
    work = tmp / "djvu-work"
    work.mkdir()
    pbm = work / "blank.pbm"
    pbm.write_bytes(b"P4\n400 600\n" + bytes(50 * 600))
    files = []
    for n, lines in enumerate(pages, start=1):
        page = work / f"p{n}.djvu"
        subprocess.run(["cjb2", str(pbm), str(page)], check=True)
        if lines:
            quoted = " ".join(
                f'(line 0 {580 - 20 * i} 400 {598 - 20 * i} "{line}")'
                for i, line in enumerate(lines)
            )
            layer = work / f"p{n}.txt"
            layer.write_text(f"(page 0 0 400 600 {quoted})", encoding="utf-8")
            subprocess.run(
                ["djvused", str(page), "-e", f"select 1; set-txt {layer}", "-s"], check=True
            )
        files.append(str(page))
    book = work / "book.djvu"
    subprocess.run(["djvm", "-c", str(book), *files], check=True)
    return book.read_bytes()


# -- building as a user does ---------------------------------------------------------


def build(tmp: Path, files: dict[str, bytes | str], manifest: bool = True, loud: bool = False):
    """``kodeks build`` of a corpus holding ``files`` (``loud``: not ``--quiet``, so
    the summary of diagnostics is printed): (process, output folder)."""
    corpus, out = tmp / "corpus", tmp / "out"
    corpus.mkdir(parents=True)
    for name, data in files.items():
        path = corpus / name
        if isinstance(data, str):
            path.write_text(data, encoding="utf-8")
        else:
            path.write_bytes(data)
    if manifest:
        (corpus / "sources.toml").write_text(
            "".join(MANIFEST.format(name=n) + "\n" for n in files), encoding="utf-8"
        )
    args = build_args(corpus, out)
    if loud:
        args.remove("--quiet")
    proc = kodeks(*args)
    assert "Traceback" not in proc.stderr, proc.stderr
    return proc, out


def nodes(out: Path, stem: str = "book") -> list[dict]:
    return json.loads((out / "sources" / f"{stem}.json").read_text(encoding="utf-8"))["nodes"]


def report(out: Path) -> dict:
    return json.loads((out / "report.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def txt_tree(tmp_path_factory) -> list[dict]:
    proc, out = build(tmp_path_factory.mktemp("txt"), {"book.txt": txt_copy()})
    assert proc.returncode == 0, proc.stderr
    tree = nodes(out)
    # the copy is worth comparing with: two laws, sections, clauses, the footnote, a reference
    assert [n["id"] for n in tree] == ["33", "34"]
    assert [c["id"] for c in tree[0]["children"]] == ["33A", "33B"]
    assert [c["id"] for c in tree[0]["children"][0]["children"]] == ["33A1", "33A2"]
    assert tree[0]["children"][0]["footnotes"][0]["text"] == NOTE
    return tree


def _same_tree(tmp: Path, name: str, data: bytes | str, txt_tree: list[dict]) -> dict:
    """Build ``name`` alone; its tree is the ``.txt`` copy's, and every JSON product
    fits its published schema (``format`` and ``parts`` in report.json too)."""
    from test_schemas import products, validate

    proc, out = build(tmp, {name: data})
    assert proc.returncode == 0, proc.stderr
    assert nodes(out) == txt_tree
    for path, schema in products(out):
        validate(json.loads(path.read_text(encoding="utf-8")), schema)
    return report(out)["sources"][name]


def test_fb2_in_cp1251_builds_the_tree_of_the_txt_copy(tmp_path, txt_tree):
    src = _same_tree(tmp_path, "book.fb2", make_fb2(), txt_tree)
    assert (src["format"], src["encoding"]) == ("fb2", "cp1251")
    # the map back to the container: the laws' sections and the notes body
    assert [p["part"].split(" (")[0] for p in src["parts"]] == ["section 1", "section 2", "notes"]
    assert src["parts"][-1]["line"] == src["parts"][-1]["end_line"] == len(txt_copy().splitlines())


def test_fb2_saved_in_cp1251_under_a_utf8_prolog_is_read_with_a_warning(tmp_path, txt_tree):
    data = make_fb2("windows-1251").replace(b'encoding="windows-1251"', b'encoding="utf-8"')
    src = _same_tree(tmp_path, "book.fb2", data, txt_tree)
    assert src["encoding"] == "cp1251"
    (k103,) = [d for d in report(tmp_path / "out")["diagnostics"] if d["code"] == "K103"]
    assert "book.fb2" in k103["message"] and "(utf-8)" in k103["message"]


def test_zipped_fb2_builds_the_same_tree(tmp_path, txt_tree):
    src = _same_tree(tmp_path, "book.zip", _zip_of({"book.fb2": make_fb2("utf-8")}), txt_tree)
    assert src["format"] == "fb2"


def test_epub_builds_the_tree_of_the_txt_copy_in_spine_order(tmp_path, txt_tree):
    src = _same_tree(tmp_path, "book.epub", make_epub(), txt_tree)
    assert src["format"] == "epub"
    assert [p["part"] for p in src["parts"]] == [
        "OEBPS/text/ch01.xhtml",
        "OEBPS/text/ch02.xhtml",
        "notes",
    ]
    # the source's page on the site maps its lines back to the book's documents
    from bs4 import BeautifulSoup

    page = BeautifulSoup(
        (tmp_path / "out" / "html" / "source-book.html").read_text(encoding="utf-8"), "html.parser"
    )
    links = [(a["href"], a.parent.get_text()) for a in page.select("ul.parts a")]
    first = src["parts"][1]
    assert (
        f"#L{first['line']}",
        f"стр. {first['line']}–{first['end_line']}: OEBPS/text/ch02.xhtml",
    ) in links
    assert page.find(id=f"L{first['line']}") is not None


def test_epub_with_notes_as_pandoc_writes_them(tmp_path, txt_tree):
    chapters = _epub_chapters(PANDOC_REF)
    chapters[0] += PANDOC_NOTES
    _same_tree(tmp_path, "book.epub", make_epub(chapters, notes_doc=False), txt_tree)


def test_docx_builds_the_tree_of_the_txt_copy(tmp_path, txt_tree):
    src = _same_tree(tmp_path, "book.docx", make_docx(), txt_tree)
    assert src["format"] == "docx"


def test_the_schemas_name_every_format():
    from pipeline.formats import FORMATS

    schema = json.loads(
        (Path(__file__).parent.parent / "schemas" / "codex.schema.json").read_text(encoding="utf-8")
    )
    named = schema["$defs"]["format"]["enum"]
    # a zipped book is read as the format it holds
    assert set(named) == {"txt", "html"} | {f.name for f in FORMATS if f.name != "zip"}


@pytest.mark.parametrize(
    ("n", "fmt", "shown"),
    [
        (1, "upperLetter", "A"),
        (28, "upperLetter", "BB"),
        (3, "lowerLetter", "c"),
        (9, "russianUpper", "И"),
        (10, "russianUpper", "К"),  # Word's Russian list skips Й
        (14, "lowerRoman", "xiv"),
        (1987, "upperRoman", "MCMLXXXVII"),
        (7, "decimalZero", "07"),
        (12, "decimal", "12"),
    ],
)
def test_word_list_numbers_are_shown_as_word_shows_them(n, fmt, shown):
    from pipeline.formats import _list_number

    assert _list_number(n, fmt) == shown


def test_odt_builds_the_tree_of_the_txt_copy(tmp_path, txt_tree):
    src = _same_tree(tmp_path, "book.odt", make_odt(), txt_tree)
    assert src["format"] == "odt"


def test_rtf_builds_the_tree_of_the_txt_copy(tmp_path, txt_tree):
    pytest.importorskip("striprtf")
    src = _same_tree(tmp_path, "book.rtf", make_rtf(), txt_tree)
    assert (src["format"], src["encoding"]) == ("rtf", "cp1251")


def test_pdf_text_layer_builds_the_tree_of_the_txt_copy(tmp_path, txt_tree):
    src = _same_tree(tmp_path, "book.pdf", make_pdf(), txt_tree)
    assert src["format"] == "pdf"
    assert [p["part"] for p in src["parts"]] == ["page 1", "page 2"]
    # the typesetting was repaired, each repair logged: hyphenation, wrapping, running heads
    edits = src["edits"]
    assert edits.get("dehyphenate") and edits.get("unwrap"), edits
    assert [c["why"].split(":")[0] for c in src["profile"]["chrome"]] == ["running head"] * 2
    # provenance names the page a clause stands on
    shown = kodeks("show", "33B", "--codex", str(tmp_path / "out"), check=True).stdout
    assert "book.pdf" in shown and "(page 2)" in shown and "(page 1)" not in shown
    shown = kodeks("show", "33A2", "--codex", str(tmp_path / "out"), check=True).stdout
    assert "(page 1)" in shown


def test_djvu_text_layer_builds_the_tree_of_the_txt_copy(tmp_path, txt_tree):
    lines = txt_copy().splitlines()
    cut = next(i for i, line in enumerate(lines) if line.startswith("B."))
    data = make_djvu(tmp_path, [lines[:cut], [], lines[cut:]])
    proc, out = build(tmp_path, {"book.djvu": data})
    assert proc.returncode == 0, proc.stderr
    assert nodes(out) == txt_tree
    src = report(out)["sources"]["book.djvu"]
    assert [p["part"] for p in src["parts"]] == ["page 1", "page 3"]
    (missing,) = [d for d in report(out)["diagnostics"] if d["code"] == "K132"]
    assert "book.djvu" in missing["message"] and "page 2 of 3" in missing["message"]


def make_html() -> str:
    """A web page of the text: each block an element, links and emphasis inline,
    the HTML source wrapped inside paragraphs, a menu in <nav>."""
    body = []
    for kind, text in BLOCKS:
        text = html.escape(text.replace("{1}", MARK))
        text = text.replace("правилу 34", '<a href="34.html">правилу 34</a>').replace(
            ", судья", ",\n  <em>судья</em>"
        )
        tag = {"title": "h2", "sub": "h3"}.get(kind, "p")
        body.append(f"<{tag}>{text}</{tag}>")
    body.append(f"<p><small>{html.escape(MARK + ' - ' + NOTE)}</small></p>")
    return (
        "<!DOCTYPE html><html><head><title>Правила</title></head><body>"
        '<nav><a href="/">Главная</a> | <a href="/k">Книги</a></nav>\n'
        + "\n".join(body)
        + "</body></html>"
    )


WORD_NOTE_REF = '<a href="#_ftn1" name="_ftnref1" title=""><sup>[1]</sup></a>'
WORD_NOTE = (
    '<div><br clear=all><hr align=left size=1 width="33%"><div id=ftn1><p class=MsoFootnoteText>'
    '<a href="#_ftnref1" name="_ftn1" title=""><sup>[1]</sup></a> {note}</p></div></div>'
)
WIKI_NOTE_REF = '<sup id="cite_ref-1" class="reference"><a href="#cite_note-1">[1]</a></sup>'
WIKI_NOTE = (
    '<ol class="references"><li id="cite_note-1"><span class="mw-cite-backlink"><b>'
    '<a href="#cite_ref-1">↑</a></b></span> <span class="reference-text">{note}</span></li></ol>'
)

RAISED_NOTE_REF = '<sup><a href="#note1">1</a></sup>'
RAISED_NOTE = '<hr><p id="note1"><sup>1</sup> {note}</p>'


@pytest.mark.parametrize(
    "ref, note",
    [(WORD_NOTE_REF, WORD_NOTE), (WIKI_NOTE_REF, WIKI_NOTE), (RAISED_NOTE_REF, RAISED_NOTE)],
    ids=["word", "wiki", "raised-one-way"],
)
def test_html_page_footnotes_linked_both_ways_are_footnotes(tmp_path, txt_tree, ref, note):
    """A web page's footnote: a link showing its number points to a block after the
    text that links back to it (a word processor's export, an encyclopedia's
    references), or, raised, to a block that opens with that number and has no way
    back. The mark stays where it stands, the note goes to the node that carries it,
    as the plain-text copy's."""
    page = make_html()
    page = page.replace(html.escape(MARK + " - " + NOTE), "").replace(html.escape(MARK), ref)
    page = page.replace("</body>", note.format(note=html.escape(NOTE)) + "</body>")
    assert MARK not in page and "(*" not in page
    _same_tree(tmp_path, "book.html", page, txt_tree)


def test_html_blocks_linked_as_notes_are_notes_only_where_they_can_be_told_apart():
    """An index whose law headings link back to it, a block a page marks as a note that
    nothing links to, two notes in one block that a line of its own opens: text where
    it stands. Two notes in one block, each line opening with its number, are two
    notes; a note of two paragraphs keeps both."""
    from pipeline.read import html_text

    index = (
        '<p>Правила: <a id="t63" href="#l63">63</a></p><p id="l63"><b>Правило 63. Выявление'
        '</b> <a href="#t63">[63]</a></p><p>A. Текст правила.</p>'
    )
    assert html_text(index) == ("Правила: 63\nПравило 63. Выявление [63]\nA. Текст правила.\n")
    aside = (
        '<p>A. Судья решает.</p><p class="note" id="n1">Примечание. См. правило 12.</p>'
        "<h2>Правило 65. Порядок</h2>"
    )
    assert html_text(aside) == (
        "A. Судья решает.\nПримечание. См. правило 12.\nПравило 65. Порядок\n"
    )
    shared = (
        '<p>A. Судья<a id="r1" href="#n1">1</a> и игрок<a id="r2" href="#n2">2</a>.</p>'
        '<div><a name="n1" href="#r1">1</a> Первая.<br><a name="n2" href="#r2">2</a> Вторая.</div>'
    )
    assert html_text(shared) == "A. Судья(*1) и игрок(*2).\n(*1) - Первая.\n(*2) - Вторая.\n"
    headed = shared.replace("<div>", "<div>Примечания<br>")
    assert html_text(headed) == "A. Судья1 и игрок2.\nПримечания\n1 Первая.\n2 Вторая.\n"
    raised = (
        '<p>A. Судья<sup><a href="#n1">1</a></sup> и игрок<sup><a href="#n2">2</a></sup>.</p>'
        '<hr><p><a name="n1"></a>1 Первая, см. правило 63.<br><a name="n2"></a>2 Вторая.</p>'
    )
    assert html_text(raised) == (
        "A. Судья(*1) и игрок(*2).\n(*1) - Первая, см. правило 63.\n(*2) - Вторая.\n"
    )
    # a note's line that opens with a figure is the note's still; an anchor after a
    # paragraph's words, or the law going on under the notes in their block: text
    figure = raised.replace("<br>", "<br>2 раза подряд.<br>")
    assert html_text(figure).endswith(
        "(*1) - Первая, см. правило 63. 2 раза подряд.\n(*2) - Вторая.\n"
    )
    inside = (
        '<p>A. Судья<sup><a href="#n1">1</a></sup>.</p><p>B. Игрок ждёт.<a name="n1"></a>1 Н.</p>'
    )
    assert html_text(inside) == "A. Судья1.\nB. Игрок ждёт.1 Н.\n"
    law_after = raised.replace("Вторая.</p>", "Вторая.<br>Правило 65. Порядок<br>A. Текст.</p>")
    assert "Правило 65. Порядок\nA. Текст.\n" in html_text(law_after)
    word = (
        '<p>A. Судья<a href="#_ftn1" name="_ftnref1">[1]</a> решает.</p><p>B. Игрок ждёт.</p>'
        '<div><hr><div id=ftn1><p><a href="#_ftnref1" name="_ftn1">[1]</a> Первый абзац.</p>'
        "<p>Второй абзац, см. правило 63.</p></div></div>"
    )
    assert html_text(word) == (
        "A. Судья(*1) решает.\nB. Игрок ждёт.\n(*1) - Первый абзац. Второй абзац, см. правило 63.\n"
    )
    # links on the line to numbered blocks (a contents list), a raised link to a block
    # that opens with no number of its own: no notes
    contents = (
        '<p><a href="#c1">1</a> <a href="#c2">2</a></p><p id="c1">1. Игрок ходит.</p>'
        '<p>Судья<sup><a href="#c2">2</a></sup> решает.</p><p id="c2">Заявка делается.</p>'
    )
    assert html_text(contents) == ("1 2\n1. Игрок ходит.\nСудья2 решает.\nЗаявка делается.\n")


def make_html_lists() -> str:
    """The law text as a page that numbers its sections and clauses with ordered lists
    (``<ol type="A">``, ``<ol>``): the markers are not in the text but shown by the
    browser, as a reader sees them."""

    def text(i: int) -> str:
        return html.escape(BLOCKS[i][1].replace("{1}", MARK))

    def own(i: int) -> str:  # the block's words after its marker
        return html.escape(BLOCKS[i][1].split(". ", 1)[1])

    return (
        f"<html><body><h2>{text(0)}</h2><h2>{text(1)}</h2><ol type='A'>"
        f"<li><h3>{own(2)}</h3><p>{text(3)}</p><ol>"
        f"<li><p>{own(4)}</p><p>{text(5)}</p></li><li><p>{own(6)}</p><p>{text(7)}</p></li>"
        f"</ol></li><li><h3>{own(8)}</h3><p>{text(9)}</p></li></ol>"
        f"<h2>{text(10)}</h2><h2>{text(11)}</h2><p>{text(12)}</p>"
        f"<p><small>{html.escape(MARK + ' - ' + NOTE)}</small></p></body></html>"
    )


def test_html_page_numbering_its_units_with_ordered_lists_builds_the_same_tree(tmp_path, txt_tree):
    _same_tree(tmp_path, "book.html", make_html_lists(), txt_tree)


def test_html_page_numbering_its_units_by_its_style_sheet_builds_the_same_tree(tmp_path, txt_tree):
    """The same lists with no ``type``: the page's style sheet gives the sections'
    list its letters, as a browser shows them."""
    page = make_html_lists().replace("<ol type='A'>", "<ol class='sections'>")
    sheet = "<head><style>\nol.sections { list-style-type: upper-latin; }\n</style></head>"
    _same_tree(tmp_path, "book.html", page.replace("<html>", "<html>" + sheet), txt_tree)


def test_html_ordered_lists_show_the_numbers_a_browser_shows():
    """``type``, ``start``, an item's ``value`` and a list's ``list-style-type`` number
    the items; an item that writes its own marker, or a heading, gets none."""
    from pipeline.read import html_text

    page = (
        "<ol type='A' start='2'><li><h3>Раздел</h3><p>Текст.</p></li><li value='4'>D. Свой</li>"
        "<li>Ещё</li></ol><ol style='list-style-type: none'><li>Без номера</li></ol>"
        "<ol><li>Правило 63. Выявление</li></ol><ol type='i'><li>пункт;</li><li>пункт.</li></ol>"
    )
    assert html_text(page) == (
        "B. Раздел\nТекст.\nD. Свой\nE. Ещё\nБез номера\nПравило 63. Выявление\n"
        "i. пункт;\nii. пункт.\n"
    )
    # a breadcrumb trail, a list inside a table's cell: no numbers; an item that opens
    # with a list of its own: its label alone on its line
    page = (
        "<ol class='breadcrumb'><li><a href='/'>Главная</a></li><li>Ренонс</li></ol>"
        "<ol><li><a href='/a'>Первая</a></li><li><a href='/b'>Вторая</a></li><li>Эта</li></ol>"
        "<table><tr><td><ol><li>первое</li><li>второе</li></ol></td></tr></table>"
        "<ol type='A'><li><ol><li>Если так.</li></ol></li></ol>"
    )
    assert html_text(page) == (
        "Главная\nРенонс\nПервая\nВторая\nЭта\nпервое\nвторое\nA.\n1. Если так.\n"
    )


def test_html_ordered_lists_show_the_numbers_the_style_sheet_gives():
    """A page's ``<style>``: the most specific selector wins, the later between equals;
    ``none`` and bullets hide the numbers, an item's own rule beats its list's, an
    inline ``style`` beats the sheet; a sheet that writes its own numbers with
    counters leaves the list's, or shows the counter's style; rules and selectors it
    cannot read change nothing."""
    from pipeline.read import html_text

    sheet = (
        "<style>/* a site's sheet */ ol { list-style: decimal } ol.s { list-style-type: upper-alpha }"
        " #law ol.s { list-style: lower-roman inside } li.bare { list-style-type: none }"
        " ol.menu { list-style: square } @media print { ol { list-style: none } }"
        " a:hover { color: red } ol:unknown-thing(3) { list-style: none }"
        " ol.s li::marker { list-style: none } ol.x { list-style-type: upper-alpha }"
        " ol.x { list-style-type: lower-alpha }</style>"
    )
    page = (
        sheet + "<ol class='s'><li>Первый</li><li class='bare'>Без</li><li>Ещё</li></ol>"
        "<div id='law'><ol class='s'><li>пункт</li></ol></div>"
        "<ol class='menu'><li>Меню</li></ol><ol class='x'><li>Поздний</li></ol>"
        "<ol class='s' style='list-style-type: decimal'><li>Свой</li></ol>"
    )
    assert html_text(page) == ("A. Первый\nБез\nC. Ещё\ni. пункт\nМеню\na. Поздний\n1. Свой\n")
    counted = (
        "<style>ol { list-style: none; counter-reset: i } li::before { content: counter(i) }"
        "</style><ol><li>Первый</li></ol>"
    )
    assert html_text(counted) == "1. Первый\n"
    # a document editor's export: every list's own numbers hidden, each item's shown
    # by the counter of its ``::before``, in the counter's style
    editor = (
        "<style>ol.k-0{list-style-type:none}ol.k-1{list-style-type:none}"
        '.k-0>li:before{content:"" counter(c-0,upper-latin) ". "}'
        '.k-1>li:before{content:"" counter(c-1) ". "}.k-0>li{counter-increment:c-0}</style>'
        "<ol class='k-0 start' start='1'><li>Раз</li></ol><ol class='k-1'><li>Два</li></ol>"
        "<ol class='k-0' start='2'><li>Три</li></ol>"
    )
    assert html_text(editor) == "A. Раз\n1. Два\nB. Три\n"


def test_html_tables_of_data_are_rows_tables_of_layout_are_blocks():
    """A table of figures and names: each row a line, its cells apart by bars. A
    table that lays a page out (a cell of line breaks or paragraphs) keeps its cells
    as lines."""
    from pipeline.read import html_text

    data = (
        "<p>Очки:</p><table><tr><th>Масть</th><th>Без контры</th></tr>"
        "<tr><td>Трефы, бубны</td><td>20</td></tr><tr><td>Черви, пики</td><td>30</td></tr>"
        "</table>"
    )
    assert html_text(data) == "Очки:\nМасть | Без контры\nТрефы, бубны | 20\nЧерви, пики | 30\n"
    layout = (
        "<table><tr><td>A.</td><td><b>Раздел</b><br>Текст раздела.</td></tr>"
        "<tr><td>B.</td><td><p>Второй</p></td></tr></table>"
    )
    assert html_text(layout) == "A.\nРаздел\nТекст раздела.\nB.\nВторой\n"


def test_html_links_within_a_page_that_are_no_footnotes_stay_text():
    """A table of contents whose headings link back to their entries, and a number
    linking to a block that does not link back, are text where they stand."""
    from pipeline.read import html_text

    page = (
        '<p>Содержание: <a name="toc64" href="#law64">64</a></p>'
        '<p>Смотрите таблицу<a href="#t2">2</a> ниже.</p>'
        '<h3><a name="law64" href="#toc64">Правило 64. Процедура</a></h3>'
        "<p>Текст правила.</p>"
        '<p id="t2">2 Таблица взяток.</p>'
    )
    assert html_text(page) == (
        "Содержание: 64\nСмотрите таблицу2 ниже.\nПравило 64. Процедура\nТекст правила.\n"
        "2 Таблица взяток.\n"
    )


def test_html_inline_markup_stays_in_its_line():
    from pipeline.read import html_text

    page = (
        "<p>Судья применяет <a href='#'>правило 34</a>\n и <em>только</em> его.</p><p>B. Второй</p>"
    )
    assert html_text(page) == "Судья применяет правило 34 и только его.\nB. Второй\n"


def test_html_page_builds_the_tree_of_the_txt_copy(tmp_path, txt_tree):
    src = _same_tree(tmp_path, "book.html", make_html(), txt_tree)
    assert src["format"] == "html" and "parts" not in src


def test_raw_of_a_container_is_its_extracted_text_and_the_file_is_untouched(tmp_path):
    """The edit log rebuilds the extracted text byte for byte; the container file
    is read, never written."""
    from pipeline.buffer import unapply
    from pipeline.clean import clean
    from pipeline.read import read_source

    (tmp_path / "corpus").mkdir()
    path = tmp_path / "corpus" / "book.pdf"
    path.write_bytes(make_pdf())
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    src, diags = read_source(path, {"kind": "laws", "edition": "1987"})
    assert src is not None and src.fmt == "pdf" and not [d for d in diags if d.level == "error"]
    cleaned = clean(src)
    assert cleaned.edits, "a wrapped PDF text layer needs repairs"
    assert unapply(cleaned.text, cleaned.edits) == src.text
    kodeks(*build_args(tmp_path / "corpus", tmp_path / "out"), check=True)
    assert hashlib.sha256(path.read_bytes()).hexdigest() == digest


def test_kodeks_clean_reads_a_container(tmp_path):
    path = tmp_path / "book.fb2"
    path.write_bytes(make_fb2())
    proc = kodeks("clean", str(path), check=True)
    assert "Первый ход делает игрок слева от разыгрывающего(*1)" in proc.stdout
    assert "Примечания" not in proc.stdout and "аннотация" not in proc.stdout


# -- broken and hostile files ---------------------------------------------------------


def _zip_of(files: dict[str, str | bytes]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in files.items():
            z.writestr(name, data)
    return buf.getvalue()


def _encrypted_pdf(user_password: str = "секрет", algorithm: str = "RC4-128") -> bytes:
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter()
    for page in PdfReader(io.BytesIO(make_pdf())).pages:
        writer.add_page(page)
    writer.encrypt(user_password=user_password, owner_password="владелец", algorithm=algorithm)
    buf = io.BytesIO()
    writer.write(buf)
    return buf.getvalue()


def test_a_pdf_encrypted_against_copying_only_is_read(tmp_path, txt_tree):
    """Publishers encrypt a PDF with an owner password only (AES, no password to
    open it): it is read like any other."""
    _same_tree(tmp_path, "book.pdf", _encrypted_pdf("", "AES-256"), txt_tree)


def test_broken_and_hostile_files_are_named_and_skipped(tmp_path):
    """Each bad file gives one error that names it (and what is wrong); the good
    source beside them builds; no traceback; nothing outside the corpus is read."""
    secret = tmp_path / "secret.txt"
    secret.write_text("СЕКРЕТНАЯ СТРОКА ВНЕ КОРПУСА", encoding="utf-8")
    lol = "".join(
        f'<!ENTITY l{i} "' + f"&l{i - 1};" * 10 + '">' if i else '<!ENTITY l0 "ха">'
        for i in range(10)
    )
    epub = make_epub()
    files: dict[str, bytes | str] = {
        "book.txt": txt_copy(),
        "laughs.fb2": f'<?xml version="1.0"?><!DOCTYPE FictionBook [{lol}]>'
        "<FictionBook><body><section><p>&l9;</p></section></body></FictionBook>",
        "entity.fb2": f'<?xml version="1.0"?><!DOCTYPE FictionBook [<!ENTITY s SYSTEM '
        f'"file://{secret}">]><FictionBook><body><section><p>&s;</p></section></body>'
        "</FictionBook>",
        "cut.epub": epub[: len(epub) // 2],
        "locked.pdf": _encrypted_pdf(),
        "scan.pdf": make_pdf(text_layer=False),
        "notapdf.pdf": "Правило 12. Это текст, а не PDF.\n",
        "old.doc": b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(500),
        "book.mobi": bytes(60) + b"BOOKMOBI" + bytes(100),
        "sources-backup.zip": _zip_of({"book.txt": txt_copy()}),
    }
    # a zip bomb: a chapter that unpacks past the limit (the archive stays small)
    from pipeline.formats import MAX_UNPACKED

    bomb = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(epub)) as src, zipfile.ZipFile(bomb, "w") as z:
        for info in src.infolist():
            data = src.read(info)
            if info.filename == "OEBPS/text/ch01.xhtml":
                data = data + b" " * (MAX_UNPACKED + 1)
            z.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED)
    files["bomb.epub"] = bomb.getvalue()
    assert len(files["bomb.epub"]) < MAX_UNPACKED // 100
    proc, out = build(tmp_path / "b", files, manifest=False, loud=True)
    assert proc.returncode == 1  # error diagnostics, and a build
    assert nodes(out) and (out / "codex.json").is_file()
    errors = {
        d["message"].split(": ", 1)[0].rsplit("/", 1)[-1]: d
        for d in report(out)["diagnostics"]
        if d["code"] in ("K131", "K134")
    }
    expect = {
        "laughs.fb2": "declares XML entities",
        "entity.fb2": "declares XML entities",
        "cut.epub": "a broken or truncated EPUB",
        "bomb.epub": "zip bomb",
        "locked.pdf": "encrypted PDF that needs a password",
        "scan.pdf": "needs OCR",
        "notapdf.pdf": "PDF",
        "old.doc": "Word 97–2003",
        "book.mobi": "Kindle",
        "sources-backup.zip": "holds no book",
    }
    for name, why in expect.items():
        assert name in errors, (name, sorted(errors))
        assert why in errors[name]["message"], errors[name]["message"]
    warned = ("old.doc", "book.mobi", "sources-backup.zip")  # no book Kodeks reads: not an error
    assert all(errors[n]["level"] == "warning" for n in warned)
    assert all(errors[n]["level"] == "error" for n in expect if n not in warned)
    assert "bomb.epub" in errors and "ch01.xhtml" in errors["bomb.epub"]["message"]
    assert not [d for d in report(out)["diagnostics"] if d["code"] == "K133"]
    # the summary on the terminal shows them too, and nothing of the secret leaked
    assert "K131" in proc.stderr
    leaked = [
        p
        for p in out.rglob("*")
        if p.is_file() and b"\xd0\xa1\xd0\x95\xd0\x9a\xd0\xa0\xd0\x95\xd0\xa2" in p.read_bytes()
    ]
    assert not leaked


def test_a_symlink_to_a_container_outside_the_corpus_is_not_read(tmp_path):
    outside = tmp_path / "elsewhere.fb2"
    outside.write_bytes(make_fb2())
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "book.txt").write_text(txt_copy(), encoding="utf-8")
    (corpus / "linked.fb2").symlink_to(outside)
    proc = kodeks(*build_args(corpus, tmp_path / "out"))
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    (k111,) = [d for d in report(tmp_path / "out")["diagnostics"] if d["code"] == "K111"]
    assert "linked.fb2" in k111["message"]
    assert not (tmp_path / "out" / "sources" / "linked.json").exists()


def test_a_page_source_saved_as_text_is_read_as_html(tmp_path, txt_tree):
    """A web page saved with its markup under a .txt name: read as the page it is,
    with a K133 that says so; a text quoting a tag or two stays text."""
    proc, out = build(tmp_path / "page", {"book.txt": make_html()})
    assert proc.returncode == 0, proc.stderr
    assert nodes(out) == txt_tree
    (k133,) = [d for d in report(out)["diagnostics"] if d["code"] == "K133"]
    assert "book.txt" in k133["message"] and "HTML" in k133["message"]
    quoting = txt_copy() + "Сайт пишет заголовки в <b> и абзацы в <p>.\n"
    _proc, out = build(tmp_path / "quoting", {"book.txt": quoting})
    assert not [d for d in report(out)["diagnostics"] if d["code"] == "K133"]


def test_a_file_named_as_text_but_holding_a_pdf_is_read_as_a_pdf(tmp_path, txt_tree):
    proc, out = build(tmp_path, {"book.txt": make_pdf()})
    assert proc.returncode == 0, proc.stderr
    assert nodes(out) == txt_tree
    (k133,) = [d for d in report(out)["diagnostics"] if d["code"] == "K133"]
    assert "book.txt" in k133["message"] and "PDF" in k133["message"]
