"""The static HTML site (no browser): structure, links, escaping, offline."""

from __future__ import annotations

import ast
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path

import pytest

import pipeline
from kodeks_testing import CORPUS
from pipeline import addresses
from pipeline import site as site_mod
from pipeline.run import build


class Collect(HTMLParser):
    """Collects ids, links (href, text, class) and every URL-ish attribute."""

    def __init__(self):
        super().__init__()
        self.ids: set[str] = set()
        self.links: list[dict] = []
        self.urls: list[str] = []
        self._a: list[dict] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "id" in a:
            self.ids.add(a["id"])
        for k in ("href", "src", "action"):
            if a.get(k):
                self.urls.append(a[k])
        if tag == "a":
            link = {"href": a.get("href"), "class": a.get("class") or "", "text": "", "attrs": a}
            self.links.append(link)
            self._a.append(link)

    def handle_endtag(self, tag):
        if tag == "a" and self._a:
            self._a.pop()

    def handle_data(self, data):
        for link in self._a:
            link["text"] += data


def parse(path: Path) -> Collect:
    c = Collect()
    c.feed(path.read_text(encoding="utf-8"))
    return c


@pytest.fixture(scope="session")
def site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("site") / "out"
    build(CORPUS, out, pdf=False)
    return out / "html"


def test_index_has_toc_links_to_laws(site):
    idx = parse(site / "index.html")
    hrefs = {link["href"] for link in idx.links}
    for law in ("13", "63", "64", "67", "70"):
        assert f"law-{law}.html" in hrefs
        assert (site / f"law-{law}.html").exists()
    assert "law-64.html#64A" in hrefs  # sections listed under their law
    html = (site / "index.html").read_text(encoding="utf-8")
    assert 'lang="ru"' in html and 'class="skip-link"' in html
    assert "cov-sources" in html  # coverage marks


def test_law_page_anchors_prev_next(site):
    page = parse(site / "law-64.html")
    for addr in ("64", "64A", "64A1", "64A2", "64B6", "64C", "64.10", "64.10(i)"):
        assert addresses.anchor(addr) in page.ids, addr
    rels = {link["attrs"].get("rel") for link in page.links}
    assert {"prev", "next"} <= rels
    html = (site / "law-64.html").read_text(encoding="utf-8")
    assert '<details class="node node-commentary" id="64.10"' in html
    assert "data-copy-link" in html
    assert "badge-penalty" in html


def test_references_are_links(site):
    page = parse(site / "law-67.html")
    ref = [
        link
        for link in page.links
        if "ref" in link["class"].split() and link["text"] == "правилу 64"
    ]
    assert ref, "правилу 64 in 67B1(B) is a link"
    assert ref[0]["href"] == "law-64.html#64"
    assert ref[0]["attrs"].get("data-preview-title", "").startswith("64")
    # an ancestor-resolved reference says where it landed
    html = (site / "law-64.html").read_text(encoding="utf-8")
    assert "ref-ancestor" in html and "→ 64" in html


def test_dangling_marked(site):
    html = (site / "law-63.html").read_text(encoding="utf-8")
    m = re.search(
        r'<span class="ref ref-dangling"[^>]*>правило 62D<span class="ref-missing"> \(нет в корпусе\)',
        html,
    )
    assert m, "62D is marked dangling and still readable"


def test_backlinks(site):
    html = (site / "law-64.html").read_text(encoding="utf-8")
    sec = html[html.index('id="64"') : html.index('id="64A"')]
    assert "На этот пункт ссылаются" in sec
    assert 'href="law-67.html#67B1-B">67B1(B)</a>' in sec


def test_footnotes_both_ways(site):
    page = parse(site / "law-13.html")
    hrefs = {link["href"] for link in page.links}
    assert "#13-fn1" in hrefs and "#13-fnref1" in hrefs
    assert {"13-fn1", "13-fnref1"} <= page.ids


def test_rulings_marked_and_pages(site):
    page = parse(site / "law-64.html")
    assert any(link["href"] == "rule-revoke.html" for link in page.links)
    rule = parse(site / "rule-revoke.html")
    assert any(link["href"] == "law-64.html#64A1" for link in rule.links)
    rules = (site / "rules.html").read_text(encoding="utf-8")
    assert "на усмотрение судьи" in rules and "исполняется" in rules


def test_sources_and_fragments(site):
    src = next(site.glob("source-004_*.html")).read_text(encoding="utf-8")
    assert '<del class="edit' in src and 'id="L1"' in src
    frag = (site / "fragments.html").read_text(encoding="utf-8")
    assert "001_979dfb7559065d2e.txt" in frag and "строки" in frag


def _string_constants(node) -> set[str]:
    """The string constants ``node`` may be: itself, either branch of ``a if c else b``, or
    an f-string's constant head (``f"template line shared by {n} sources"``)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}
    if isinstance(node, ast.IfExp):
        return _string_constants(node.body) | _string_constants(node.orelse)
    if isinstance(node, ast.JoinedStr):
        return {"".join(v.value if isinstance(v, ast.Constant) else "2" for v in node.values)}
    return set()


def _module(name: str) -> ast.Module:
    return ast.parse((Path(pipeline.__file__).parent / f"{name}.py").read_text(encoding="utf-8"))


def test_every_edit_kind_layout_and_template_reason_has_russian_words():
    """The site shows a source's edits, layout and template lines in Russian: every
    kind the cleaner can write (read from its code, not from one build's log), every
    layout trait and every reason the profile gives a template line has its words."""
    kinds: set[str] = set()
    for node in ast.walk(_module("clean")):
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Change":
            kinds |= _string_constants(node.args[3]) if len(node.args) > 3 else set()
        elif isinstance(node, ast.Assign):
            names = {getattr(t, "id", "") for t in node.targets}
            if "kind" in names:
                kinds |= _string_constants(node.value)
            elif any(n.endswith("_WHY") for n in names) and isinstance(node.value, ast.Dict):
                kinds |= {k for key in node.value.keys for k in _string_constants(key)}
            elif "_MARGINS" in names:
                kinds |= {k for row in node.value.elts for k in _string_constants(row.elts[2])}
    assert {"unwrap", "site-chrome", "quote-prefix", "entity", "stress-mark"} <= kinds
    assert sorted(kinds - set(site_mod.EDIT_LABELS)) == []
    traits: set[str] = set()
    reasons: set[str] = set()
    for node in ast.walk(_module("profile")):
        if isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "append":
            if getattr(node.func.value, "id", "") == "traits":
                traits |= _string_constants(node.args[0])
        elif isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Subscript):
            if getattr(node.targets[0].value, "id", "") == "chrome":
                reasons |= _string_constants(node.value)
        elif isinstance(node, ast.FunctionDef) and node.name in ("line_shape", "_shape"):
            for ret in ast.walk(node):
                if isinstance(ret, ast.Return) and ret.value is not None:
                    reasons |= _string_constants(ret.value)
    assert {"wrapped", "tagged"} <= traits and {"menu", "pager", "header"} <= reasons
    assert sorted(traits - set(site_mod.LAYOUT_LABELS)) == []
    assert [r for r in sorted(reasons) if site_mod.chrome_label(r) == r] == []
    assert site_mod.chrome_label("template line shared by 6 sources") == (
        "строка шаблона, общая для 6 источников"
    )


def test_a_source_page_names_its_edits_in_russian(site):
    page = next(site.glob("source-004_*.html")).read_text(encoding="utf-8")
    legend = re.search(r"Исправления: (.*?)</p>", page)[1]
    shown = re.findall(r'class="edit-legend edit-([\w-]+)" title="[\w-]+">([^<:]+):', legend)
    assert shown and all(label == site_mod.EDIT_LABELS[kind] for kind, label in shown)
    assert "перенос строки внутри абзаца" in legend or "номер страницы" in legend
    assert re.search(r'<del class="edit[^"]*" title="[а-яё]', page)
    # a clause's repairs, under its text, are named the same way
    repairs = [
        m
        for law in site.glob("law-*.html")
        for m in re.findall(
            r'<span class="edit-kind" title="([\w+-]+)">([^<]+)</span>', law.read_text("utf-8")
        )
    ]
    assert repairs and all(
        label == " + ".join(site_mod.EDIT_LABELS[k] for k in kind.split("+"))
        for kind, label in repairs
    )


def test_provenance(site):
    html = (site / "law-64.html").read_text(encoding="utf-8")
    sec = html[html.index('id="64A1"') : html.index('id="64A2"')]
    assert 'class="provenance"' in sec and "Почему выбран" in sec


def test_search_assets(site):
    js = (site / "search-index.js").read_text(encoding="utf-8")
    assert js.startswith("window.KODEKS_PAGES") and '"64A1": "law-64.html#64A1"' in js
    assert "KODEKS_INDEX" in js
    for page in site.glob("*.html"):
        assert 'role="search"' in page.read_text(encoding="utf-8"), page.name


def test_no_external_urls(site):
    for f in list(site.glob("*.html")) + list(site.glob("*.css")) + list(site.glob("*.js")):
        text = f.read_text(encoding="utf-8")
        assert not re.search(r"(?:src|href|url)\s*[=(]\s*[\"']?\s*(?:https?:)?//", text, re.I), (
            f.name
        )
    for f in site.glob("*.html"):
        for url in parse(f).urls:
            assert not re.match(r"^(?:[a-z]+:)?//", url, re.I), (f.name, url)


def test_script_in_source_is_escaped(tmp_path):
    corpus = tmp_path / "corpus"
    shutil.copytree(CORPUS, corpus)
    f = corpus / "002_5dc556f7a892ab5b.txt"
    text = f.read_text(encoding="utf-8")
    needle = "Фальшренонс становится выявленным, если:"
    assert needle in text
    f.write_text(
        text.replace(needle, needle + " <script>alert('x')</script> <b>жирный</b>", 1),
        encoding="utf-8",
    )
    out = tmp_path / "out"
    build(corpus, out, pdf=False)
    for page in (out / "html").glob("*.html"):
        html = page.read_text(encoding="utf-8")
        assert "<script>alert" not in html, page.name
        assert "<b>жирный" not in html, page.name
    law = (out / "html" / "law-63.html").read_text(encoding="utf-8")
    assert "&lt;script&gt;alert(" in law
    assert "<script>alert" not in (out / "html" / "search-index.js").read_text(encoding="utf-8")


def test_fragment_footnotes_are_shown(site):
    """004's page-45 fragment carries a footnote; it is not lost from the site."""
    html = (site / "fragments.html").read_text(encoding="utf-8")
    assert "Когда игра закончилась; или когда были открыты карты болвана." in html


def test_law_pages_carry_legislation_jsonld(site):
    """Every law page has one schema.org Legislation block with the required
    properties; the title and number are the page's own."""
    import json as _json
    import re as _re

    pages = sorted(site.glob("law-*.html"))
    assert pages
    for page in pages:
        html = page.read_text(encoding="utf-8")
        blocks = _re.findall(r'<script type="application/ld\+json">(.*?)</script>', html, _re.S)
        assert len(blocks) == 1, page.name
        data = _json.loads(blocks[0])
        law = page.stem.split("-", 1)[1]
        assert data["@context"] == "https://schema.org" and data["@type"] == "Legislation"
        assert data["identifier"] == law and data["inLanguage"] == "ru"
        assert data["name"].startswith(f"Правило {law}")
        assert data["legislationDate"] == "1987"
        assert data["isPartOf"]["@type"] == "Legislation"
        assert data["isPartOf"]["identifier"].startswith("/akn/")
        title = _re.search(r"<title>(.*?) — ", html).group(1)
        assert title.replace("&#34;", '"') == data["name"]


def test_jsonld_cannot_close_its_script(tmp_path):
    from pipeline import jsonld
    from pipeline.model import Codex, Entry, Source

    src = Source(path="x.txt", name="x.txt", stem="x", kind="laws", text="x", encoding="utf-8")
    entry = Entry(
        id="7",
        kind="law",
        label="7",
        title="</script><script>alert(1)</script>",
        text="",
        parent=None,
        children=(),
        chosen="x.txt",
        why="",
        witnesses=(),
    )
    codex = Codex(sources=(src,), trees=(), entries={"7": entry}, roots=("7",), fragments=())
    out = jsonld.law_jsonld(codex, "7", "law-7.html")
    assert "</script" not in out.lower() and "<" not in out
    import json as _json

    assert _json.loads(out)["name"] == "Правило 7. </script><script>alert(1)</script>"


def _whole_render(monkeypatch):
    """Make every page the way it was made before the site streamed: the template
    rendered into one str, written at once."""
    import jinja2

    def stream(self, *args, **kwargs):
        return jinja2.environment.TemplateStream(iter([self.render(*args, **kwargs)]))

    monkeypatch.setattr(jinja2.Template, "stream", stream)


def test_streamed_pages_are_the_rendered_pages_byte_for_byte(site, tmp_path, monkeypatch):
    """The site writes each page as Jinja2 streams it; the same build with every
    page rendered whole gives the same files, byte for byte."""
    _whole_render(monkeypatch)
    out = tmp_path / "out"
    build(CORPUS, out, pdf=False)
    pages = sorted(p.relative_to(site) for p in site.rglob("*") if p.is_file())
    assert pages == sorted(
        p.relative_to(out / "html") for p in (out / "html").rglob("*") if p.is_file()
    )
    assert any(p.name.startswith("source-") for p in pages)
    for p in pages:
        assert (site / p).read_bytes() == (out / "html" / p).read_bytes(), p


def test_a_source_page_is_written_a_piece_at_a_time(tmp_path, monkeypatch):
    """A source's page never exists whole in memory: its file is written from the
    template's stream in pieces, none of them more than a fraction of the page
    (the raw text a line at a time, the cleaned text in slices)."""
    import jinja2

    from pipeline import site as site_mod

    pieces: dict[str, list[int]] = {}
    real = jinja2.Template.stream

    def stream(self, *args, **kwargs):
        sizes = pieces.setdefault(kwargs["page"], [])

        def spy(gen):
            for piece in gen:
                sizes.append(len(piece))
                yield piece

        return jinja2.environment.TemplateStream(spy(real(self, *args, **kwargs)))

    monkeypatch.setattr(jinja2.Template, "stream", stream)
    slices = site_mod.text_pieces
    monkeypatch.setattr(site_mod, "text_pieces", lambda text: slices(text, 512))
    out = tmp_path / "out"
    build(CORPUS, out, pdf=False)
    sources = [p for p in pieces if p.startswith("source-")]
    assert sources
    for page in sources:
        size = len((out / "html" / page).read_text(encoding="utf-8"))
        assert sum(pieces[page]) == size, page
        assert len(pieces[page]) > 100 and max(pieces[page]) < size // 4, page


def test_text_pieces_escape_to_the_escaped_text():
    from markupsafe import escape

    from pipeline.site import text_pieces

    text = "<a href='x'>&amp;</a>\n" * 50 + 'Правило 7 «"»'
    assert "".join(text_pieces(text, 7)) == text
    assert "".join(escape(p) for p in text_pieces(text, 7)) == escape(text)
    assert list(text_pieces("")) == []
