"""The site in headless Chromium, opened from file:// with no network."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from kodeks_testing import ROOT
from pipeline.run import build

CHROMIUM = "/usr/bin/chromium"
SHOTS = ROOT / "test-output" / "screenshots"

pytestmark = pytest.mark.browser

if not os.path.exists(CHROMIUM):  # pragma: no cover - depends on the machine
    pytest.skip(f"{CHROMIUM} is not installed", allow_module_level=True)

sync_api = pytest.importorskip("playwright.sync_api")


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("browser") / "out"
    build(ROOT / "corpus", out, pdf=False)
    return out / "html"


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(
            executable_path=CHROMIUM,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
            ],
        )
        yield b
        b.close()


@pytest.fixture
def page(browser, request):
    ctx = browser.new_context(viewport={"width": 1200, "height": 900})
    pg = ctx.new_page()
    requests: list[str] = []
    pg.on("request", lambda r: requests.append(r.url))
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    yield pg
    SHOTS.mkdir(parents=True, exist_ok=True)
    try:
        pg.screenshot(path=str(SHOTS / f"{request.node.name}.png"), full_page=True)
    finally:
        ctx.close()
    assert all(u.startswith(("file://", "data:", "about:")) for u in requests), requests
    assert not errors, errors


def url(site: Path, name: str) -> str:
    return (site / name).as_uri()


def shot(pg, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    pg.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def test_index_to_law_64(site, page):
    page.goto(url(site, "index.html"))
    shot(page, "index")
    page.click("a.toc-law-link[href='law-64.html']")
    page.wait_for_url("**/law-64.html")
    assert page.locator("[id='64A1']").is_visible()
    page.goto(url(site, "index.html"))
    page.click("a[href='law-64.html#64A']")
    page.wait_for_url("**/law-64.html#64A")
    page.click("a.permalink[href='#64A1']")
    assert page.url.endswith("law-64.html#64A1")
    assert page.evaluate("document.querySelector(':target').id") == "64A1"
    shot(page, "law-64-64A1")


def test_reference_click_and_preview(site, page):
    page.goto(url(site, "law-67.html"))
    ref = page.locator("[id='67B1-B'] a.ref", has_text="правилу 64")
    ref.hover()
    tip = page.locator(".ref-tooltip")
    tip.wait_for(state="visible")
    assert "64" in tip.inner_text() and "фальшренонс" in tip.inner_text()
    shot(page, "law-67-preview")
    page.mouse.move(0, 0)
    tip.wait_for(state="detached")
    ref.focus()
    tip.wait_for(state="visible")
    ref.click()
    page.wait_for_url("**/law-64.html#64")
    assert page.locator("[id='64-h']").is_visible()


def test_dangling_marked(site, page):
    page.goto(url(site, "law-63.html"))
    d = page.locator("[id='63B'] .ref-dangling", has_text="62D")
    assert d.count() == 1
    assert "нет в корпусе" in d.inner_text()
    style = d.evaluate("e => getComputedStyle(e).textDecorationStyle")
    assert style == "dotted"
    d.focus()
    page.locator(".ref-tooltip").wait_for(state="visible")
    assert "нет в корпусе" in page.locator(".ref-tooltip").inner_text()
    shot(page, "law-63-dangling")


def test_backlinks(site, page):
    page.goto(url(site, "law-64.html"))
    bl = page.locator("[id='64'] > p.backlinks")
    assert "На этот пункт ссылаются" in bl.inner_text()
    assert bl.locator("a", has_text="67B1(B)").count() == 1


def test_search_address_jump(site, page):
    page.goto(url(site, "index.html"))
    page.fill("#q", "64А1")  # Cyrillic А
    page.press("#q", "Enter")
    page.wait_for_url("**/law-64.html#64A1")
    for q, frag in (("67 B 1 (а)", "law-67.html#67B1-A"), ("п. 64.10", "law-64.html#64.10")):
        page.fill("#q", q)
        page.press("#q", "Enter")
        page.wait_for_url("**/" + frag)
    shot(page, "search-jump")


def test_the_address_jump_agrees_with_python(page, tmp_path):
    """The site parses no address: ``kodeks.js`` folds what was typed with
    ``addresses.FOLD`` and looks it up in ``addresses.jump_table``; for divisions
    (chapter:, chapter-part:, part:), commentary, edition-prefixed and clause
    addresses typed every way a reader does, it opens the page Python's parser
    names, and nothing for what is no address of the site."""
    import json
    import shutil

    from kodeks_testing import JUMP_TARGETS, TYPED, jump_expected
    from pipeline import addresses

    shutil.copyfile(ROOT / "pipeline" / "templates" / "kodeks.js", tmp_path / "kodeks.js")
    data = {
        "KODEKS_PAGES": {a: p for a, p in JUMP_TARGETS.items() if ":" not in a[:5]},
        "KODEKS_ADDRESSES": addresses.jump_table(JUMP_TARGETS),
        "KODEKS_FOLD": addresses.FOLD,
    }
    (tmp_path / "data.js").write_text(
        "".join(f"window.{k} = {json.dumps(v, ensure_ascii=False)};\n" for k, v in data.items()),
        encoding="utf-8",
    )
    (tmp_path / "jump.html").write_text(
        '<!doctype html><meta charset="utf-8"><script src="data.js"></script>'
        '<script src="kodeks.js"></script>',
        encoding="utf-8",
    )
    page.goto((tmp_path / "jump.html").as_uri())
    got = page.evaluate("typed => typed.map(q => window.kodeksJump(q))", list(TYPED))
    assert dict(zip(TYPED, got)) == {q: jump_expected(q) for q in TYPED}
    assert sum(g is not None for g in got) > len(JUMP_TARGETS)


def search_box(page, query: str):
    """Type ``query`` into the header's search box, press Enter; the results box."""
    page.fill("#q", query)
    page.press("#q", "Enter")
    box = page.locator("#search-results")
    box.wait_for(state="visible")
    return box


def test_search_words(site, page):
    page.goto(url(site, "law-13.html"))
    box = search_box(page, "ренонс взятки")
    assert box.locator("li").count() >= 1
    assert box.locator("li a").first.get_attribute("href").startswith("law-")
    shot(page, "search-words")
    page.fill("#q", "фальшренонс")
    page.press("#q", "Enter")
    assert box.locator("li", has_text="64A1").count() >= 1


def test_keyboard_skip_link(site, page):
    page.goto(url(site, "law-64.html"))
    page.keyboard.press("Tab")
    focused = page.evaluate("document.activeElement.className")
    assert "skip-link" in focused
    assert page.locator(".skip-link").is_visible()


def test_phone_width(site, browser):
    ctx = browser.new_context(viewport={"width": 360, "height": 740})
    pg = ctx.new_page()
    pg.goto(url(site, "law-64.html"))
    width = pg.evaluate("document.documentElement.scrollWidth")
    shot(pg, "law-64-phone")
    ctx.close()
    assert width <= 362


AXE = None


def run_axe(pg) -> list[dict]:
    import axe_playwright_python

    js = Path(axe_playwright_python.__file__).with_name("axe.min.js")
    pg.add_script_tag(path=str(js))
    result = pg.evaluate("async () => await axe.run(document, {resultTypes: ['violations']})")
    return [v for v in result["violations"] if v.get("impact") in ("serious", "critical")]


@pytest.mark.parametrize(
    "name",
    [
        "index.html",
        "law-64.html",
        "rules.html",
        "rule-revoke.html",
        "fragments.html",
        "source-002_5dc556f7a892ab5b.html",
    ],
)
def test_axe(site, page, name):
    page.goto(url(site, name))
    bad = run_axe(page)
    assert not bad, [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:5]) for v in bad]


# --- the search box answers as the CLI and the API do ----------------------------------

PARITY_QUERIES = [
    "ренонс",
    "ренонсом",
    "штраф за ренонс",
    "фальшренанс",
    "сколько взяток отдают за ренонс",
    "защитник не знал о козыре при заявлении",
    "выявленый фальшренонс",
    "как правильно объявить реконтру",
    "когда ренонс не наказывается",
    "карта масть",
    "ренонс директор",
    "реконтро",
    "64А1",
    "64",
    "64.10",
    "65.3 карты",
    '"следующей сдаче"',
    'фальшренонс "следующей сдаче" болван',
    "ренонс двенадцатой взятке",
    "неустановленая линия игры",
    "уступкa",
    "nothing",
    "когда",
    "'; DROP TABLE nodes; --",
    "NEAR(a b) AND )",
    "судья справедливость",
    "пересдача сдачи",
    "одновзяточное",
]


def _director_queries() -> list[str]:
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "bench_search_quality", ROOT / "benchmarks" / "bench_search_quality.py"
    )
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return [q for q, _, _ in mod.QUERIES]


@pytest.fixture(scope="module")
def api(site):
    from pipeline.api import CodexReader

    with CodexReader.load(site.parent) as c:
        yield c


@pytest.mark.parametrize("law,kind", [(None, None), ("64", None), (None, "clause")])
def test_search_box_same_top10_as_api(site, page, api, law, kind):
    page.goto(url(site, "search.html"))
    for q in PARITY_QUERIES + _director_queries():
        want = api.search(q, law=law, kind=kind, limit=10)
        got = page.evaluate(
            "([q, law, kind]) => { const r = window.kodeksSearch(q, {law, kind, limit: 10});"
            " return {hits: r.hits.map(h => [h.address, h.partial, h.via]),"
            " suggestion: r.suggestion, partial: r.partial}; }",
            [q, law, kind],
        )
        assert [h[0] for h in got["hits"]] == [h.address for h in want], q
        assert [h[1] for h in got["hits"]] == [h.partial for h in want], q
        assert [[tuple(v) for v in h[2]] for h in got["hits"]] == [list(h.via) for h in want], q
        assert got["suggestion"] == want.suggestion, q
        assert got["partial"] == want.partial, q


def test_search_box_typo_and_synonym(site, page):
    page.goto(url(site, "law-13.html"))
    box = search_box(page, "фальшренанс болвана")
    assert (
        "Возможно, вы имели в виду: фальшренонс болвана"
        in box.locator(".search-suggestion").inner_text()
    )
    first = search_box(page, "ренонс болвана").locator("li").first
    assert "по синониму: ренонс → фальшренонс" in first.locator(".result-via").inner_text()
    assert first.locator("mark").count() >= 1
    shot(page, "search-synonym")


def test_search_box_partial_words(site, page):
    """Two words never found in one entry: partial hits, as in the CLI."""
    page.goto(url(site, "index.html"))
    box = search_box(page, "реконтра пересдача")
    assert "пункты с частью слов" in box.locator(".search-count").inner_text()
    assert box.locator("li").count() >= 2


@pytest.fixture(scope="module")
def indexed_site(tmp_path_factory) -> Path:
    """The corpus plus a subject index of our own, built."""
    import shutil

    corpus = tmp_path_factory.mktemp("indexed") / "corpus"
    shutil.copytree(ROOT / "corpus", corpus)
    (corpus / "sources.toml").unlink(missing_ok=True)
    (corpus / "900_index.txt").write_text(
        "Предметный указатель\n\nБолван ........ 64\nАннулирование уступки ........ 71\n",
        encoding="utf-8",
    )
    build(corpus, corpus.parent / "out", pdf=False)
    return corpus.parent / "out" / "html"


def test_search_box_subject_index(indexed_site, page):
    from pipeline.api import CodexReader

    page.goto(url(indexed_site, "index.html"))
    first = search_box(page, "болван").locator("li").first
    assert first.get_attribute("data-address") == "64"
    assert "по предметному указателю: Болван → 64" in first.locator(".result-via").inner_text()
    with CodexReader.load(indexed_site.parent) as api:
        for q in ("болван", "аннулирование уступки", "болван ренонс", "уступка", "болван", "64"):
            got = page.evaluate(
                "q => window.kodeksSearch(q, {limit: 10}).hits.map(h => h.address)", q
            )
            assert got == [h.address for h in api.search(q, limit=10)], q


def test_a_malformed_query_in_the_address_keeps_the_search_working(site, page):
    # "%E0%A4%A" is a broken %-escape: decoding it throws, which once killed the script
    page.goto(url(site, "search.html") + "?q=%E0%A4%A")
    assert page.input_value("#q") == "%E0%A4%A"
    page.fill("#q", "фальшренонс")
    page.press("#q", "Enter")
    assert page.locator("li", has_text="64A1").count() >= 1
