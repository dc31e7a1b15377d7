"""The measuring tools under benchmarks/: the residue detector and the dev-set scorer.

Pages here are written in our own words in the layouts real pages have; no
third-party text is used.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from kodeks_testing import GOLD, ROOT

sys.path.insert(0, str(ROOT / "benchmarks"))
import residue


def test_gold_texts_have_no_residue():
    files = sorted(GOLD.glob("*.json"))
    assert files, "the gold annotations are missing"
    for f in files:
        tree = json.loads(f.read_text(encoding="utf-8"))
        assert residue.in_tree(tree["nodes"]) == [], f.name


@pytest.mark.parametrize(
    "cls,text",
    [
        ("page-directive", "судья решает сам ..page7 и продолжает"),
        ("page-directive", "судья решает сам ..page 7 и продолжает"),
        ("pilcrow", "игрок обязан пасовать.¶"),
        ("tag", "карта остаётся на столе.(DC4)"),
        ("pager", "- « Предыдущая - 1 - 2 - 3"),
        ("pager", "Страницы: 4 5 6"),
        ("pager", "текст 17 18 19 20 21 текст"),
        ("leader", "Правило 41. Начальный ход..........70"),
        ("ditto", "= после паса.................35"),
        ("table-separator", "болван |      | выкладывает"),
        ("chrome", "Шрифт: крупный"),
        ("chrome", "смотрите на http://example.test"),
        ("spaced-letters", "П Р А В И Л А игры"),
        ("question-run", "ход ?????? принят"),
        ("mojibake", "судья сочт„т нужным"),
        ("rule", "========== Правило 3"),
        ("page-number", "конец страницы\n- 41\nначало"),
        ("soft-hyphen", "чтобы насла■ диться игрой"),
        ("soft-hyphen", "чтобы насла\u00adдиться игрой"),
        ("chrome", "Текущая страница: 3 (всего у книги 12 страниц) Первая сдача"),
        ("chrome", '"Сад." - читать интересную книгу автора Первая сдача'),
        ("chrome", "Читать книгу Сад - Иван Петров - Страница 4 Первая сдача"),
        ("chrome", "120 300 книг, 15 400 авторов. Первая сдача"),
        ("chrome", "Первая сдача сообщить о нарушении"),
        ("alphabet-range", "А-П\nП-Я"),
        ("alphabet-range", "Правило 68.\nА-Г Д-К\nтекст"),
        ("pager", "текст правила.\nПредыдущая страница Следующая страница\nтекст"),
        ("pager", "текст правила.\nНазад"),
        ("menu-capitals", "ИСТОРИЯ\nПУТЕШЕСТВИЯ\nОБЗОР ТОРГОВЛИ"),
        ("chrome", "Настройка текста Перенос строк"),
        ("chrome", "Другие обзоры...\nтекст"),
        ("question-run", "ШТРАФНАЯ КАРТА ?? ?? ?? ??"),
        ("rule", "Общие принципы --"),
        ("rule", "текст правила.\n--\nтекст"),
    ],
)
def test_residue_classes(cls, text):
    assert cls in {c for c, _ in residue.find(text)}


@pytest.mark.parametrize(
    "text",
    [
        "см. правила 12, 14 и 20",
        "взятки 7, 8, 9, 10 и 11 выиграны",  # commas: a list, not a pager
        "Правило 64. Процедура после выявления фальшренонса",
        "игрок (см. п. 64.8 выше) вправе",
        "из-за 12-й взятки",
        "13 карт, 4 масти",
        "премия 500 очков, 300 очков за частичную запись",
        "игрок может читать книгу правил",
        "секции A-D правила 64",  # a range inside a sentence
        "I-V",  # Roman numerals
        "следующая сдача играется заново",
        "ШТРАФНАЯ КАРТА\nКарта защитника становится штрафной.",  # one title line, then text
        "Кто сыграл?? Болван.",
        "игрок -- вистующий -- ходит",
        "и так далее...",
    ],
)
def test_clean_text_has_no_residue(text):
    assert residue.find(text) == []


def _annotation(page: Path, **extra) -> dict:
    return {
        "page": page.name,
        "sha256": hashlib.sha256(page.read_bytes()).hexdigest(),
        "kind": "commentary",
        "edition": "1987",
        "nodes": {},
        "optional": [],
        "fragments": [],
        "noise": [],
        "layout": [],
        "notes": "",
        **extra,
    }


def _score(pages: Path, anns: Path, *extra: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [
            sys.executable,
            str(ROOT / "benchmarks" / "score_devset.py"),
            str(pages),
            "--annotations",
            str(anns),
            "--json",
            "--jobs",
            "1",
            *extra,
        ],
        capture_output=True,
        text=True,
        timeout=600,
    )


def test_scorer_skips_a_page_that_is_not_the_annotated_one(tmp_path):
    pages, anns = tmp_path / "pages", tmp_path / "ann"
    pages.mkdir(), anns.mkdir()
    page = pages / "p900.txt"
    page.write_text("64.1. Судья решает сам.\n", encoding="utf-8")
    ann = _annotation(page)
    page.write_text("64.1. Судья решает иначе.\n", encoding="utf-8")
    (anns / "p900.json").write_text(json.dumps(ann), encoding="utf-8")
    proc = _score(pages, anns)
    assert proc.returncode == 1
    assert "p900.txt" in proc.stderr and "SHA-256" in proc.stderr
    out = json.loads(proc.stdout)
    assert out["summary"]["skipped"] == 1 and out["summary"]["scored"] == 0


def test_scorer_scores_a_built_page(tmp_path):
    pages, anns = tmp_path / "pages", tmp_path / "ann"
    pages.mkdir(), anns.mkdir()
    page = pages / "p901.txt"
    page.write_text(
        "Правило 64. ПОРЯДОК ПОСЛЕ ФАЛЬШРЕНОНСА\n"
        "64.1. Судья сначала выясняет, стал ли фальшренонс выявленным (см.\n"
        "Правило 63).\n"
        "64.2. Если нарушитель выиграл взятку, применяется п. 64.1 выше.¶\n",
        encoding="utf-8",
    )
    # 64.3 is not on the page: a false negative the scorer must report
    ann = _annotation(page, nodes={"64": [], "64.1": ["63"], "64.2": ["64.1"], "64.3": []})
    (anns / "p901.json").write_text(json.dumps(ann), encoding="utf-8")
    proc = _score(pages, anns, "--results", str(tmp_path / "public.json"))
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    res = out["pages"][0]
    # the figures fit to commit carry no text of the page, only counts per class
    public = (tmp_path / "public.json").read_text(encoding="utf-8")
    assert "нарушитель" not in public and json.loads(public)["summary"] == out["summary"]
    assert res["ids"]["tp"] == 3 and res["ids"]["fn"] == 1 and res["ids"]["missing"] == ["64.3"]
    assert res["refs"]["tp"] == 2 and res["refs"]["fp"] == 0
    assert res["residue"] == [] and res["toc_nodes"] == 0
    assert out["summary"]["address_recall"] == 0.75


def _bench(*args: str) -> dict:
    proc = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "bench_robustness.py"), "--json", *args],
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def test_simulator_renders_every_class_with_its_truth():
    import simulate

    trees = simulate.gold_trees(limit=2)
    assert len(simulate.DAMAGE) >= 10
    for name in simulate.DAMAGE:
        for stem, text, want in simulate.simulate(name, trees):
            assert text.strip(), (name, stem)
            ids = [n["id"] for n in residue.walk(want["nodes"])]
            # only a page cut out of the book has text whose heading it lost
            assert (None not in ids) or name == "cut", (name, stem)
            assert (not ids) == (name in ("toc", "index")), (name, stem)
    clean_text = simulate.simulate("clean", trees)[0][1]
    assert clean_text.startswith("Правило 64. ")
    assert simulate.simulate("collapsed", trees)[0][1].count("\n") == 1
    assert simulate.simulate("double-spaced", trees)[0][1].count("\n\n") > 5


def test_the_simulator_wraps_a_word_in_spaced_letters_at_its_wide_gaps_only():
    """A printed line breaks a spaced title between its words, never between two
    letters of one word."""
    import random

    import simulate

    title = "П р а в и л о  6 5 .   П О Р Я Д О К  Р А С П О Л О Ж Е Н И Я  В З Я Т О К"
    lines = simulate.wrap(title + " и текст после него", 30, True, random.Random(1))
    assert lines[:3] == ["П р а в и л о  6 5 .", "П О Р Я Д О К", "Р А С П О Л О Ж Е Н И Я"]
    assert " ".join(lines).split() == (title + " и текст после него").split()


def _ids(tree: dict) -> list:
    return [n["id"] for n in residue.walk(tree["nodes"])]


def _book() -> dict:
    """A small laws tree in the gold's shape, our own sentences: laws 40 and 41."""

    def node(id_, kind, label, title, text, children=(), refs=()):
        return {
            "id": id_,
            "kind": kind,
            "label": label,
            "title": title,
            "text": text,
            "inferred": False,
            "penalty": False,
            "tags": [],
            "footnotes": [],
            "refs": [{"text": r, "target": t} for r, t in refs],
            "children": list(children),
        }

    return {
        "source": "book.txt",
        "kind": "laws",
        "nodes": [
            node(
                "40",
                "law",
                "40",
                "Порядок хода",
                "",
                [
                    node(
                        "40A",
                        "section",
                        "A",
                        "Первый ход",
                        "Первый ход делает игрок слева от разыгрывающего, и никто иной.",
                        [
                            node(
                                "40A1",
                                "clause",
                                "1",
                                "Ход не в очередь",
                                "Его карта остаётся открытой на столе до конца взятки.",
                            ),
                            node(
                                "40A2",
                                "clause",
                                "2",
                                "Ход вовремя",
                                "Когда очередь дошла до игрока, он кладёт карту лицом вверх, согласно этому правилу.",
                                refs=[("этому правилу", "40")],
                            ),
                        ],
                    ),
                    node(
                        "40B",
                        "section",
                        "B",
                        "Следующие ходы",
                        "Каждый следующий ход делает выигравший предыдущую взятку, как сказано в правиле 44.",
                        refs=[("правиле 44", "44")],
                    ),
                ],
            ),
            node(
                "41",
                "law",
                "41",
                "Начало розыгрыша",
                "Розыгрыш начинается после первого хода.",
                [
                    node(
                        "41A",
                        "section",
                        "A",
                        "Болван",
                        "Партнёр разыгрывающего открывает свои карты.",
                    )
                ],
            ),
        ],
    }


def test_cut_page_truth_places_only_what_the_page_tells():
    """A page that starts inside a law whose heading was on the page before: text
    up to the next law heading belongs to the law before it when it opens with text
    or a section (inferred); a clause whose section heading is lost is unplaced."""
    import simulate

    book = _book()
    pieces = [p for n in book["nodes"] for p in simulate._pieces(n)]
    lines = [p.line for p in pieces]

    # from the middle of 40A2's text (mid-sentence) to the end: the text opens with
    # plain text, then section B, then «Правило 41»: law 40, inferred
    k = lines.index(next(x for x in lines if x.startswith("Когда очередь")))
    c = pieces[k].content.index("он кладёт")
    want = simulate._cut_truth(book, pieces, (k, c), (len(pieces) - 1, None))
    assert _ids(want) == ["40", "40B", "41", "41A"]
    law40 = want["nodes"][0]
    assert law40["inferred"] and law40["label"] is None and law40["text"].startswith("он кладёт")
    assert law40["refs"] == [{"text": "этому правилу", "target": "40"}]
    assert law40["children"][0]["inferred"] and not want["nodes"][1]["inferred"]

    # from section B's heading: law 40 holds it all the same, inferred, no text of its own
    k = lines.index("B.Следующие ходы")
    want = simulate._cut_truth(book, pieces, (k, 0), (len(pieces) - 1, None))
    assert _ids(want) == ["40", "40B", "41", "41A"]
    assert want["nodes"][0]["inferred"] and want["nodes"][0]["text"] == ""

    # from clause 2 of section A: a clause opens the page, so nothing places it;
    # section B stays under the same fragment, the self-reference gives none there
    k = lines.index("2.Ход вовремя")
    want = simulate._cut_truth(book, pieces, (k, 0), (len(pieces) - 1, None))
    assert _ids(want) == [None, None, None, "41", "41A"]
    frag = want["nodes"][0]
    assert frag["kind"] == "fragment" and [n["label"] for n in frag["children"]] == ["2", "B"]
    assert frag["children"][0]["refs"] == [] and frag["children"][1]["refs"][0]["target"] == "44"

    # ending mid-clause: the clause keeps its heading and the words before the cut
    k = lines.index("2.Ход вовремя")
    want = simulate._cut_truth(book, pieces, (0, 0), (k + 1, 13))
    assert _ids(want) == ["40", "40A", "40A1", "40A2"]
    assert want["nodes"][0]["children"][0]["children"][1]["text"] == "Когда очередь"


def test_composed_damage_is_sensible_and_seeded():
    import simulate

    names = simulate.combos(30)
    assert names[: len(simulate.COMBOS)] == [simulate.combo_name(c) for c in simulate.COMBOS]
    assert len(set(names)) == 30 and all(simulate.known(n) for n in names)
    assert not simulate.sensible(("collapsed", "page-furniture"))
    assert not simulate.sensible(("cut", "toc")) and not simulate.sensible(("wrapped", "dos"))
    trees = simulate.gold_trees(limit=2)
    name = "reader-chrome+wrapped+misdecoded"
    first, again = simulate.simulate(name, trees), simulate.simulate(name, trees)
    assert first == again
    text = first[0][1]
    assert text.startswith("Читальный зал")
    # wrapped; a wrong code page then read about a quarter of the lines as laid out (a
    # letter it spells as two makes such a line longer)
    body = text.split("\n")[12:40]
    assert sum(len(x) <= 72 for x in body) >= 0.6 * len(body)
    assert "Реклама" in text.split("Правило 64.")[1]  # an advert between the paragraphs
    # two pages of one site: the same template, two other cuts of the book
    pages = simulate.simulate("reader-chrome+two-copies+cut", trees)
    assert [s for s, _, _ in pages[:2]] == [trees[0][0], trees[0][0] + "-copy"]
    assert pages[0][1] != pages[1][1] and pages[0][1][:40] == pages[1][1][:40]


def test_a_quoted_page_holds_its_pages_numbers_inside_the_mails_margin():
    """A mail quotes the text as a viewer or a PDF gave it: every line, a page's number
    joined to a line or a page's furniture too, opens with the margin (``> 86 B.…``)."""
    import simulate

    trees = simulate.gold_trees(limit=2)
    for name in ("viewer-pages+quoted", "page-furniture+quoted", "page-heads+quoted"):
        for stem, text, _want in simulate.simulate(name, trees, 239):
            lines = [ln for ln in text.split("\n") if ln]
            assert all(ln.startswith("> ") for ln in lines), (name, stem)
    numbered = [
        ln
        for _stem, text, _want in simulate.simulate("viewer-pages+quoted", trees, 239)
        for ln in text.split("\n")
        if ln[2:3].isdigit() or ln[-1:].isdigit()
    ]
    assert numbered


def test_robustness_bench_output_and_clean_class():
    out = _bench("--seeds", "1", "--classes", "clean", "toc", "--combos", "1")
    assert set(out) >= {"classes", "combos", "seeds", "seconds"} and out["seeds"] == 1
    assert list(out["combos"]) == ["reader-chrome+wrapped+mixed-scripts"]
    for name in ("clean", "toc"):
        assert set(out["classes"][name]) >= {"node_f1", "refs_f1", "residue", "cer"}
    clean = out["classes"]["clean"]
    assert clean["node_f1"] == 1.0 and clean["refs_f1"] == 1.0
    assert clean["residue"] == 0 and clean["cer"] == 0.0 and clean["nodes"] > 0


def test_same_output_tells_output_from_timings(tmp_path):
    """``benchmarks/same_output.py`` passes two builds that differ only in timings
    and in a zip's own timestamps, and names every file whose output differs."""
    import sqlite3
    import zipfile

    import same_output

    a, b = tmp_path / "a", tmp_path / "b"
    for out, stamp, secs in ((a, (2020, 1, 1, 0, 0, 0), 1.5), (b, (2021, 2, 2, 0, 0, 0), 9.0)):
        (out / "sources").mkdir(parents=True)
        (out / "report.json").write_text(json.dumps({"nodes": 3, "timings": {"clean": secs}}))
        (out / "sources" / "x.json").write_text('{"text": "Правило 1"}')
        with zipfile.ZipFile(out / "book.epub", "w") as z:
            z.writestr(zipfile.ZipInfo("page.xhtml", stamp), "<p>Правило</p>")
        con = sqlite3.connect(out / "codex.sqlite")
        con.execute("create table t(x)")
        con.execute("insert into t values ('Правило')")
        con.commit()
        con.close()
    assert same_output.compare(a, b) == []
    (b / "sources" / "x.json").write_text('{"text": "Правило 2"}')
    (b / "extra.html").write_text("<p></p>")
    with zipfile.ZipFile(b / "book.epub", "w") as z:
        z.writestr("page.xhtml", "<p>Правила</p>")
    assert same_output.compare(a, b) == [
        f"only in {b}: extra.html",
        "book.epub: zip member page.xhtml differs",
        "sources/x.json: line 1 differs",
    ]


def test_same_output_does_not_pass_builds_that_made_nothing(tmp_path):
    """A corpus folder the build cannot read (sources only in subfolders) makes no output
    with either checkout: that is no comparison, and the tool fails instead of calling
    the two the same."""
    corpus = tmp_path / "corpus" / "inner"
    corpus.mkdir(parents=True)
    (corpus / "a.txt").write_text("Правило 1. Колода\nКолода состоит из карт.\n", encoding="utf-8")
    tool = str(ROOT / "benchmarks" / "same_output.py")
    args = ["--base", str(ROOT), "--work", str(tmp_path / "work"), str(tmp_path / "corpus")]
    proc = subprocess.run(
        [sys.executable, tool, *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    assert proc.returncode == 1
    assert "not compared" in proc.stdout and "the same" not in proc.stdout


@pytest.mark.parametrize("how", ["option", "environment"])
def test_robustness_bench_without_gold_says_where_it_looked(tmp_path, how):
    argv = [sys.executable, str(ROOT / "benchmarks" / "bench_robustness.py")]
    env = dict(os.environ)
    if how == "option":
        argv += ["--gold", str(tmp_path)]
    else:
        env["KODEKS_GOLD"] = str(tmp_path)
    proc = subprocess.run(argv, capture_output=True, text=True, timeout=120, env=env)
    assert proc.returncode == 2
    assert str(tmp_path) in proc.stderr and "--gold" in proc.stderr
    assert "Traceback" not in proc.stderr


ANNOTATION_KEYS = {"page", "sha256", "url", "kind", "edition", "nodes", "optional"}
ANNOTATION_KEYS |= {"fragments", "noise", "layout", "notes"}


@pytest.mark.parametrize(
    "path",
    sorted((ROOT / "benchmarks" / "devset").glob("*/*.json")),
    ids=lambda p: f"{p.parent.name}/{p.name}",
)
def test_devset_annotations_are_well_formed(path):
    """Every annotation names its page by file and SHA-256, says where the page was read
    (so a lost local folder can be rebuilt), and uses only the keys the README defines."""
    ann = json.loads(path.read_text(encoding="utf-8"))
    assert set(ann) <= ANNOTATION_KEYS, set(ann) - ANNOTATION_KEYS
    assert ann["page"] == path.stem + ".txt"
    assert len(ann["sha256"]) == 64 and int(ann["sha256"], 16) >= 0
    assert "url" not in ann or ann["url"].startswith(("http://", "https://"))
    assert ann["kind"] in {"laws", "commentary", "toc", "index", "front", "other", "chrome"}
    assert ann["edition"] in {None, "1987", "1997", "2007", "2017"}


def test_a_benchmark_history_keeps_every_rounds_rows(tmp_path):
    """``append_rows`` (the memory benchmark's writer) puts a run's rows after those
    already in the file, each stamped with the revision, machine and load."""
    from benchmarks.machine import append_rows

    path = tmp_path / "memory.json"
    append_rows(path, {"machine": {"cores": 2}, "runs": [{"mb": 20}]})
    append_rows(path, {"machine": {"cores": 2}, "uptime_before": "load 1", "runs": [{"mb": 100}]})
    data = json.loads(path.read_text(encoding="utf-8"))
    assert [r["mb"] for r in data["runs"]] == [20, 100]
    assert data["runs"][1]["uptime_before"] == "load 1"
    assert all(r["machine"] == {"cores": 2} and "revision" in r for r in data["runs"])
