"""The language of a source (``pipeline.language``): measured from its letters,
written into its profile (report.json, the source's page); a source in another
language yields no nodes of the Russian codex and one K311, and its text is kept."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from test_schemas import validate

from kodeks_testing import ROOT
from pipeline import codepages, language
from pipeline.clean import clean
from pipeline.model import Source
from pipeline.segment import segment

PAGES = ROOT / "tests" / "fixtures" / "languages"
RUSSIAN_LAW = (
    "Правило 64. Процедура после выявления фальшренонса\nA.Наказание\n"
    "1.Когда фальшренонс выявлен, взятка переходит к стороне, не нарушавшей правил, "
    "см. правило 63.\n"
)


def _lossy_greek(text: str) -> str:
    """``text`` in UTF-8 read as ISO 8859-7 by a page that drops the C1 controls and
    the bytes the code page lacks."""
    shown = text.encode("utf-8").decode("iso8859_7", errors="ignore")
    return "".join(ch for ch in shown if not "\x80" <= ch <= "\x9f")


MEASURED = {
    "Russian law text": (RUSSIAN_LAW, "ru"),
    "Polish law page": ((PAGES / "polish-law.txt").read_text("utf-8"), "pl"),
    "English law page": ((PAGES / "english-law.txt").read_text("utf-8"), "en"),
    "Ukrainian law page (Cyrillic, not Russian)": (
        (PAGES / "ukrainian-law.txt").read_text("utf-8"),
        "uk",
    ),
    "German sentences": (
        "Der Spieler darf seine Ansage ohne Strafe ändern, solange sein Partner noch "
        "nicht gesprochen hat; danach entscheidet der Turnierleiter.",
        "de",
    ),
    # the English original printed after the Russian text: the page stays Russian,
    # the block rules keep the English lines out (K309)
    "Russian with an English block after it": (
        RUSSIAN_LAW * 3 + "Law 64 Procedure after establishment of a revoke\n",
        "ru",
    ),
    "too few letters to tell": ("64 A 1 — 12.", ""),
    # Russian in UTF-8 read as Greek by a page that dropped the bytes its code page
    # lacks: half the letters are the two lead characters, and no decoding is whole
    "Russian read as Greek, bytes lost": (
        _lossy_greek(RUSSIAN_LAW * 2),
        language.MISREAD,
    ),
    # the same with a third of its words left whole (a page decoded twice, the second
    # time letter by letter): the Cyrillic letters left are not what tells
    "Russian read as Greek, a third of the words whole": (
        " ".join(
            w if i % 3 == 0 else _lossy_greek(w) for i, w in enumerate((RUSSIAN_LAW * 2).split(" "))
        ),
        language.MISREAD,
    ),
    # a contents page whose leaders are dashes: the dashes a Mac code page makes of
    # the lead bytes are no sign of misreading in a Cyrillic text
    "Russian contents with dash leaders": (
        "Правило 64 —————————— 41\nПравило 65 —————————— 42\n" * 6
        + "Процедура после выявления фальшренонса\n",
        "ru",
    ),
    # Greek itself has its Π and Ρ, one capital in many letters
    "Greek sentences": (
        "Ο Παίκτης μπορεί να αλλάξει τη δήλωσή του χωρίς ποινή, όσο ο συμπαίκτης του "
        "δεν έχει μιλήσει· Ρητά το λέει ο κανονισμός του Πρωταθλήματος.",
        "el",
    ),
}


@pytest.mark.parametrize("text, code", MEASURED.values(), ids=list(MEASURED))
def test_the_language_is_measured_from_the_letters(text, code):
    assert language.measure(text).code == code


TALLIED = {
    "empty": "",
    "Russian and Latin words, digits, marks": "Правило 64A1: «ревок» — revoke, ё Ё №5.",
    "letters Russian lacks": "Україна: їжак, ґанок, ўсё, Ђорђе, Љубљана, ѕ.",
    # Cyrillic combining marks are Cyrillic but no letters; a Latin accent is neither
    "combining marks": "а\u0483б\u0487 e\u0301",
    "astral letters and symbols": "\U0001d400\U0001d41a \U0001f600 𐐀𐐨",
    "a lone surrogate from undecodable bytes": "пра\udcc0вило",
    "UTF-8 read as Greek and as a Mac's Roman": "Π±Ρ€Π° –ü—Ä–∞ ╨ƒ╤Ç",
}


@pytest.mark.parametrize("text", TALLIED.values(), ids=TALLIED.keys())
def test_the_tally_counts_what_the_patterns_cover(text):
    """One histogram of the code points gives the counts the patterns' runs give."""

    def covered(runs):
        return sum(map(len, runs.findall(text)))

    leads = [ch for ch in text if ch in codepages.utf8_leads()]
    expected = (
        covered(language._LETTERS),
        covered(language._CYRILLIC_WORD),
        len(language._NOT_RUSSIAN.findall(text)),
        len(leads),
        sum(1 for ch in leads if not language._LETTERS.match(ch)),
    )
    assert language._tally(text) == expected


def test_a_russian_text_does_not_load_the_model():
    language._identifier.cache_clear()
    assert language.measure(RUSSIAN_LAW * 5).code == "ru"
    assert language._identifier.cache_info().currsize == 0


def test_a_page_through_a_wrong_code_page_is_russian_without_the_model():
    """CP866 bytes read as CP1251 write letters Russian lacks (``ў``, ``Ї``, ``Ґ``): the
    raw letters leave the language to the model, but the cleaned text, decoded back,
    is plainly Russian, and that settles it without loading the model. A page in
    another Cyrillic language still is named by it."""
    text = (
        "Правило 64. Процедура после выявления фальшренонса\n"
        "1.Когда фальшренонс выявлен, взятка переходит к стороне, не нарушавшей правил.\n"
        "2.Судья решает, сколько взяток получает сторона, если игроки не согласны.\n"
    )
    misread = text.encode("cp866").decode("cp1251")
    assert language.measure(misread, identify=False).code == language.UNNAMED
    language._identifier.cache_clear()
    cleaned, tree, _diags = _seg(misread)
    assert cleaned.profile.language == "ru"
    assert language._identifier.cache_info().currsize == 0
    assert [n.id for n in tree.nodes][:1] == ["64"]
    cleaned, _tree, _diags = _seg((PAGES / "ukrainian-law.txt").read_text("utf-8"))
    assert cleaned.profile.language == "uk"


def test_the_mapped_model_scores_as_the_library_loads_it():
    """The identifier over the mapped model (``language._mapped``) ranks every
    language with the very scores of py3langid's own loader, on texts in several
    scripts and on bytes the DFA has never seen."""
    from py3langid.langid import MODEL_FILE, LanguageIdentifier

    library = LanguageIdentifier.from_model_file(MODEL_FILE, norm_probs=True)
    language._identifier.cache_clear()
    mapped = language._identifier()
    assert isinstance(mapped.tk_nextmove, memoryview)  # the tables were mapped
    texts = [text for text, _code in MEASURED.values()] + ["", "\u2603\U0001f600 ß", "x" * 50]
    for text in texts:
        assert mapped.rank(text) == library.rank(text)
        assert mapped.classify(text) == library.classify(text)


def test_a_model_of_another_layout_is_read_by_the_library(monkeypatch):
    """A model file whose arrays are not the layout ``_mapped`` reads is loaded by
    py3langid's own loader, and still names the language."""
    monkeypatch.setattr(language, "_LAYOUT", frozenset({"weights"}))
    language._identifier.cache_clear()
    try:
        assert not isinstance(language._identifier().tk_nextmove, memoryview)
        assert language.measure((PAGES / "polish-law.txt").read_text("utf-8")).code == "pl"
    finally:
        language._identifier.cache_clear()


def test_the_mapped_model_leaves_no_file_behind(tmp_path, monkeypatch):
    """The model is unpacked into files with no name: nothing is left in the
    temporary folder while it is mapped or after it is let go."""
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    language._identifier.cache_clear()
    assert language.measure((PAGES / "polish-law.txt").read_text("utf-8")).code == "pl"
    assert language._identifier.cache_info().currsize == 1
    assert list(tmp_path.iterdir()) == []
    language.clear_cache()
    assert list(tmp_path.iterdir()) == []


def _seg(text: str, name: str = "page.txt"):
    src = Source(
        path=name, name=name, stem=Path(name).stem, kind="laws", text=text, encoding="utf-8"
    )
    cleaned = clean(src)
    return cleaned, *segment(cleaned)


def test_a_page_in_another_language_yields_no_nodes_and_one_k311():
    from pipeline import blocks

    cleaned, tree, diags = _seg((PAGES / "polish-law.txt").read_text("utf-8"), "pl.txt")
    assert cleaned.profile.language == "pl"
    assert tree.nodes == ()
    # the tokens the profile's reading kept for the segmenter are dropped, not left
    # for the next source
    assert blocks._measured is None
    (k311,) = [d for d in diags if d.code == "K311"]
    assert k311.message.startswith("pl.txt") and "Polish" in k311.message
    # one diagnostic says it: not also «no law text» (K308)
    assert [d.code for d in diags if d.code.startswith("K30")] == []


def test_a_page_misread_through_the_greek_code_page_with_bytes_lost_is_read_back():
    """UTF-8 read through ISO 8859-7 with the bytes it lacks dropped measures as Russian
    misread (never Greek), and the cleaner reads it back (``clean.lossy_mojibake``): the
    page keeps its nodes and is reported as no foreign page."""
    lossy = _lossy_greek(RUSSIAN_LAW * 3)
    assert language.measure(lossy).code == language.MISREAD
    cleaned, tree, diags = _seg(lossy, "lossy.txt")
    assert cleaned.profile.language == "ru"
    _clean, whole, _diags = _seg(RUSSIAN_LAW * 3, "whole.txt")
    assert [n.id for n in tree.nodes] == [n.id for n in whole.nodes] == ["64"] * 3
    assert "K311" not in [d.code for d in diags]


@pytest.mark.parametrize("wrong", ["sloppy-windows-1253", "iso8859_7", "mac_roman", "cp437"])
def test_a_page_misread_whole_is_decoded_back_and_keeps_its_nodes(wrong):
    import ftfy.bad_codecs  # noqa: F401  (registers the sloppy-windows-* codecs)

    cleaned, tree, diags = _seg(RUSSIAN_LAW.encode("utf-8").decode(wrong))
    assert cleaned.profile.language == "ru"
    assert [n.id for n in tree.nodes] == ["64"]
    assert "K311" not in [d.code for d in diags]


def test_a_russian_page_keeps_its_nodes():
    cleaned, tree, diags = _seg(RUSSIAN_LAW)
    assert cleaned.profile.language == "ru"
    assert [n.id for n in tree.nodes] == ["64"]
    assert "K311" not in [d.code for d in diags]


def test_foreign_pages_through_the_cli(tmp_path):
    """As a publisher drops them into a corpus beside a Russian page: each foreign
    page is reported with its language (K311, report.json, its page on the site),
    gives the codex nothing and keeps its text on its source page; the Russian page
    is built whole."""
    from pipeline.cli import build_command

    corpus = tmp_path / "corpus"
    corpus.mkdir()
    foreign = {
        "polish-law.txt": "pl",
        "english-law.txt": "en",
        "ukrainian-law.txt": "uk",
        "polish-contents.txt": "pl",
    }
    edition = {
        "polish-law.txt": "2007",
        "english-law.txt": "2017",
        "ukrainian-law.txt": "unknown",
        "polish-contents.txt": "unknown",
    }
    for name in foreign:
        (corpus / name).write_bytes((PAGES / name).read_bytes())
    (corpus / "law.txt").write_text(RUSSIAN_LAW, encoding="utf-8")
    out = tmp_path / "out"
    subprocess.run(build_command(corpus, out), check=True, cwd=ROOT, capture_output=True)
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    validate(report, "report.schema.json")
    assert report["sources"]["law.txt"]["profile"]["language"] == "ru"
    for name, code in foreign.items():
        source = report["sources"][name]
        assert source["profile"]["language"] == code, name
        # the edition its headings and wording show; a law page of a known edition is
        # «laws», though it yields no nodes of the Russian codex
        assert source["edition"]["edition"] == edition[name], name
        if edition[name] != "unknown":
            assert source["profile"]["kind"] == "laws", name
        # a table of contents without leaders: numbered titles, lettered sections under them
        assert (source["profile"]["kind"] == "toc") == (name == "polish-contents.txt"), name
        (k311,) = [
            d
            for d in report["diagnostics"]
            if d["code"] == "K311" and d["message"].startswith(name)
        ]
        assert language.name(code) in k311["message"]
        export = json.loads((out / "sources" / name.replace(".txt", ".json")).read_text("utf-8"))
        assert export["nodes"] == [], name
        page = (out / "html" / f"source-{Path(name).stem}.html").read_text("utf-8")
        assert f'profile-language">{code}<' in page
        # the text is not dropped: its source page shows it
        first_words = (PAGES / name).read_text("utf-8").split("\n")[3].split()[:2]
        assert " ".join(first_words) in page, name
    assert not [
        d
        for d in report["diagnostics"]
        if d["code"] == "K311" and d["message"].startswith("law.txt")
    ]
    codex = json.loads((out / "codex.json").read_text(encoding="utf-8"))
    assert "64A1" in json.dumps(codex)


FOREIGN_EDITIONS = {
    "a Polish title page naming the year on the next line": (
        "MIĘDZYNARODOWE PRAWO BRYDŻOWE\n\n2017\n\nTłumaczenie i redakcja\n",
        "2017",
    ),
    "a German title with the year glued to it": ("Turnier-Bridge-Regeln2017\nVorwort\n", "2017"),
    "a French title and year": ("Lois du Bridge de Compétition 2007\nAvant-propos\n", "2007"),
    "a Polish table of contents with titles the 2017 revision renamed": (
        "22. Postępowanie po zakończeniu licytacji 22\n\n"
        "23. Świadomość możliwości wyrządzenia szkody. 23\n",
        "2007",
    ),
    "an English law title printed alone, without its number": (
        "Comparable Call\n\nA call that replaces a cancelled one ...\n",
        "2017",
    ),
    # «Tasowanie i rozdawanie» (the shuffle and deal) is worded alike in every edition
    "a title every edition shares tells nothing": (
        "6. TASOWANIE I ROZDAWANIE\nA. Tasowanie\nKażdą talię tasuje się przed grą.\n",
        "unknown",
    ),
}


@pytest.mark.parametrize("text, edition", FOREIGN_EDITIONS.values(), ids=list(FOREIGN_EDITIONS))
def test_the_edition_of_a_page_in_another_language(text, edition):
    from pipeline import editions

    assert editions.assess(text).edition == edition


def test_english_headings_are_evidence_of_1997_only_beside_russian_text():
    from pipeline import editions

    english = "LAW 92 - RIGHT TO APPEAL\nA. A contestant may ask for a review of a ruling.\n"
    assert not [e for e in editions.assess(english).evidence if e.startswith("1997:")]
    bilingual = "ПРАВИЛО 92. ПРАВО НА АПЕЛЛЯЦИЮ\nУчастник может попросить.\n" + english
    assert any("English headings" in e for e in editions.assess(bilingual).evidence)


def test_a_page_misread_with_bytes_lost_through_the_cli(tmp_path):
    """A page that reached the corpus as UTF-8 read through a Greek code page with
    bytes dropped, beside a Russian page and a page misread whole: all three are built,
    the lossy one read back (before ``clean.lossy_mojibake`` it gave no nodes, K311)."""
    import ftfy.bad_codecs  # noqa: F401  (registers the sloppy-windows-* codecs)

    from pipeline.cli import build_command

    corpus = tmp_path / "corpus"
    corpus.mkdir()
    lossy = _lossy_greek(RUSSIAN_LAW * 3)
    (corpus / "lossy.txt").write_text(lossy, encoding="utf-8")
    whole = RUSSIAN_LAW.replace("64", "65").encode("utf-8").decode("sloppy-windows-1253")
    (corpus / "whole.txt").write_text(whole, encoding="utf-8")
    (corpus / "law.txt").write_text(RUSSIAN_LAW, encoding="utf-8")
    out = tmp_path / "out"
    subprocess.run(build_command(corpus, out), check=True, cwd=ROOT, capture_output=True)
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    validate(report, "report.schema.json")
    langs = {n: s["profile"]["language"] for n, s in report["sources"].items()}
    assert langs == {"lossy.txt": "ru", "whole.txt": "ru", "law.txt": "ru"}
    assert not [d for d in report["diagnostics"] if d["code"] == "K311"]
    export = json.loads((out / "sources" / "lossy.json").read_text("utf-8"))
    assert [n["id"] for n in export["nodes"]] == ["64"] * 3
    codex = json.dumps(json.loads((out / "codex.json").read_text(encoding="utf-8")))
    assert "64A1" in codex and "65A1" in codex


def test_a_language_the_report_has_no_name_for_is_named_by_its_code_once():
    assert language.described("pl") == "Polish (pl)"
    assert language.described("no") == "the language coded no"
