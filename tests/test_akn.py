"""Akoma Ntoso export: the build's XML validates against the OASIS schema, and
reading it back gives the addresses, titles, texts, footnotes and references of
codex.json."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from lxml import etree

from kodeks_testing import COMMENTARY_AFTER_ITS_LAW, CORPUS, built_page
from pipeline import addresses, akn
from pipeline.model import Codex

NS = {"a": akn.NS, "k": akn.PROV_NS}


def akn_files(built: Path) -> dict[str, etree._ElementTree]:
    folder = built / "akn" / "1987"
    return {p.name: etree.parse(str(p)) for p in sorted(folder.glob("*.xml"))}


def plain(el, keep_markers: bool = True) -> str:
    """Text of an inline container; an authorialNote stands as its marker (it was
    the footnote mark in the text), unless it was attached after the text."""
    out = [el.text or ""]
    for child in el:
        if child.tag == f"{{{akn.NS}}}authorialNote":
            if keep_markers and child.get("class") != "detached":
                out.append(child.get("marker"))
        else:
            out.append(plain(child, keep_markers))
        out.append(child.tail or "")
    return "".join(out)


def target_of(href: str) -> str | None:
    eid = href.rsplit("#", 1)[-1] if href.startswith("#") else href.rsplit("~", 1)[-1]
    return addresses.from_akn_eid(eid)


def read_back(docs: dict[str, etree._ElementTree]) -> dict[str, dict]:
    """Every entry of the AKN documents, keyed by the address its eId names."""
    out: dict[str, dict] = {}
    for name, tree in docs.items():
        if name == "unplaced.xml":
            continue
        for el in tree.iter():
            eid = el.get("eId") if isinstance(el.tag, str) else None
            address = addresses.from_akn_eid(eid or "")
            if address is None or el.get("refersTo") == "#laws":  # the commentary's law containers
                continue
            heading = el.find("a:heading", NS)
            body = el.find("a:content", NS)
            if body is None:
                body = el.find("a:intro", NS)
            paras = body.findall("a:p", NS) if body is not None else []
            refs = []
            for part in ([heading] if heading is not None else []) + paras:
                refs += [(r.text, target_of(r.get("href"))) for r in part.iter(f"{{{akn.NS}}}ref")]
            notes = [
                (n.get("marker"), "\n".join(plain(p) for p in n.findall("a:p", NS)))
                for p in paras
                for n in p.iter(f"{{{akn.NS}}}authorialNote")
            ]
            out[address] = {
                "doc": name,
                "title": plain(heading) if heading is not None else None,
                "text": "\n".join(plain(p) for p in paras),
                "refs": sorted(refs),
                "footnotes": notes,
            }
    return out


@pytest.fixture(scope="module")
def docs(built) -> dict[str, etree._ElementTree]:
    return akn_files(built)


def test_every_document_validates_against_the_oasis_schema(docs):
    schema = akn._schema()
    assert {"act.xml", "commentary.xml", "unplaced.xml"} <= set(docs)
    for name, tree in docs.items():
        assert schema.validate(tree), (name, [str(e) for e in schema.error_log][:5])


def _unindented(el: etree._Element) -> etree._Element:
    """``el`` (parsed from a file) without the whitespace the pretty-printer put
    between elements, so that ``etree.tostring(pretty_print=True)`` indents it again."""
    for e in el.iter():
        if e.text and not e.text.strip() and "\n" in e.text and len(e):
            e.text = None
        if e.tail and not e.tail.strip() and "\n" in e.tail:
            e.tail = None
    return el


@pytest.mark.parametrize("batch", [1, 2, 1000])
def test_a_document_written_a_batch_at_a_time_is_what_tostring_gives_of_it_whole(
    built, tmp_path, monkeypatch, batch
):
    """A document is written around its slots (the body, the provenance), each
    slot's children serialised a batch at a time: the file holds what
    ``etree.tostring`` of the whole document gives."""
    monkeypatch.setattr(akn._Children, "BATCH", batch)
    for path in sorted((built / "akn" / "1987").glob("*.xml")):
        root = _unindented(etree.parse(str(path)).getroot())
        whole = etree.tostring(root, xml_declaration=True, encoding="UTF-8", pretty_print=True)
        assert whole == path.read_bytes()
        slots = {}
        for parent in (root[0][0][2][0], root[0][2]):  # provenance (in meta), the body
            kids = list(parent)
            for k in kids:
                parent.remove(k)
            slot = akn._Slot(len(slots))
            parent.append(slot.marker)
            slots[slot] = lambda out, kids=kids, parent=parent: akn._Children(parent).write(
                iter(kids), out
            )
        akn._write(root, tmp_path / path.name, slots)
        assert (tmp_path / path.name).read_bytes() == whole, path.name


def test_namespaces_and_text_lines_are_written_as_in_the_whole_tree(tmp_path):
    """Children of an element deep in the tree, in another namespace, with lines in
    their text, are written with the indentation and declarations of the whole tree."""
    A, K = akn.A, akn.K

    def children():
        for i in range(5):
            yield K.entry(K.witness(A.p("a\nb ", A.ref("c", href="#x"), " d")), n=str(i))

    whole = A.akomaNtoso(A.act(A.meta(A.proprietary(K.provenance(*children(), edition="e")))))
    slot = akn._Slot(0)
    prov = K.provenance(slot.marker, edition="e")
    root = A.akomaNtoso(A.act(A.meta(A.proprietary(prov))))
    akn._write(
        root, tmp_path / "x.xml", {slot: lambda out: akn._Children(prov).write(children(), out)}
    )
    assert (tmp_path / "x.xml").read_bytes() == etree.tostring(
        whole, xml_declaration=True, encoding="UTF-8", pretty_print=True
    )


def test_a_document_that_does_not_validate_is_reported_and_still_written(tmp_path, monkeypatch):
    """A document that the schema refuses is a defect of Kodeks: K709 names it and
    the schema's complaint; it is written all the same, and nothing else is left
    in the folder."""
    from pipeline.run import run

    codex = run(CORPUS).codex
    monkeypatch.setitem(akn.ELEMENT, "law", "lawx")
    found = [d for d in akn.write_akn(codex, tmp_path) if d.code == "K709"]
    assert found and "act.xml" in found[0].message and "lawx" in found[0].message
    assert sorted(p.name for p in (tmp_path / "1987").iterdir()) == sorted(akn.FILES)
    assert b"<lawx " in (tmp_path / "1987" / "act.xml").read_bytes()


def test_a_document_that_repeats_an_eid_is_reported(tmp_path):
    """The schema has no uniqueness constraint on eIds, so a document giving two
    of its elements one eId passes it: the parse back checks it, and K709 names
    the eId and both lines. The provenance's entries, which repeat the eId of
    the element they describe, do not count."""
    from pipeline.run import run

    akn.write_akn(run(CORPUS).codex, tmp_path)
    act = tmp_path / "1987" / "act.xml"
    assert akn._invalid(akn._schema(), act) is None
    text = act.read_text(encoding="utf-8")
    body = text.index("<body")
    twice = text[:body] + text[body:].replace(
        'eId="art_13__sec_A__cl_2"', 'eId="art_13__sec_A__cl_1"'
    )
    act.write_text(twice, encoding="utf-8")
    found = akn._invalid(akn._schema(), act)
    assert found is not None and found.code == "K709" and "act.xml" in found.message
    assert "eId 'art_13__sec_A__cl_1' is given twice (lines " in found.message


def test_a_document_that_fails_while_written_leaves_no_temporary_file(tmp_path, monkeypatch):
    """A document is written beside its file and put in place when whole; its
    body is made in an anonymous temporary file: an error leaves neither."""
    from pipeline.run import run

    codex = run(CORPUS).codex

    def broken(*args):
        yield from ()
        raise RuntimeError("boom")

    monkeypatch.setattr(akn, "_provenance", broken)
    with pytest.raises(RuntimeError, match="boom"):
        akn.write_akn(codex, tmp_path)
    assert list((tmp_path / "1987").iterdir()) == []  # neither a torn act.xml nor a part


def test_round_trip_matches_codex_json(built, docs):
    codex = json.loads((built / "codex.json").read_text(encoding="utf-8"))
    back = read_back(docs)
    entries = {e["id"]: e for e in codex["entries"]}
    assert set(back) == set(entries)
    for address, e in entries.items():
        got = back[address]
        assert got["title"] == (e["title"] or None), address
        assert got["text"] == e["text"], address
        assert got["footnotes"] == [(f["mark"], f["text"]) for f in e["footnotes"]], address
        want = [
            (r["text"], r["resolved"] if r["status"] in ("exact", "ancestor") else r["target"])
            for r in e["refs"]
        ] + [
            (r["text"], r["resolved"] if r["status"] in ("exact", "ancestor") else r["target"])
            for f in e["footnotes"]
            for r in f["refs"]
        ]
        assert got["refs"] == sorted(want), address
        assert got["doc"] == (
            "commentary.xml"
            if e["kind"] in ("commentary",) or addresses.parse(address).para is not None
            else "act.xml"
        )


def test_levels_and_inline_markers(docs):
    act = docs["act.xml"]
    assert act.find(".//a:part[@eId='part_I']/a:article[@eId='art_24']", NS) is not None
    sub = act.find(".//a:subclause[@eId='art_67__sec_B__cl_1__subcl_A']", NS)
    assert sub is not None and sub.getparent().get("eId") == "art_67__sec_B__cl_1"
    assert sub.getparent().tag == f"{{{akn.NS}}}clause"
    penalties = act.findall(".//a:inline[@name='penalty']", NS)
    assert penalties and all(p.text == "(НАКАЗАНИЕ)" for p in penalties)
    # every in-document reference lands on an element of this document
    eids = {el.get("eId") for el in act.iter() if isinstance(el.tag, str) and el.get("eId")}
    local = [
        r.get("href")[1:] for r in act.iter(f"{{{akn.NS}}}ref") if r.get("href").startswith("#")
    ]
    assert local and set(local) <= eids
    comm = docs["commentary.xml"]
    point = comm.find(
        ".//a:paragraph[@eId='art_64__para_10']/a:point[@eId='art_64__para_10__point_i']", NS
    )
    assert point is not None
    # the commentary's references to the laws point into the act's work
    work = act.find(".//a:FRBRWork/a:FRBRuri", NS).get("value")
    hrefs = [r.get("href") for r in point.iter(f"{{{akn.NS}}}ref")]
    assert hrefs == [f"{work}/rus@/~art_64__sec_A__cl_1"]


def test_frbr_and_provenance(docs):
    act = docs["act.xml"]
    ident = act.find(".//a:identification", NS)
    assert ident.find("a:FRBRExpression/a:FRBRlanguage", NS).get("language") == "rus"
    assert ident.find("a:FRBRWork/a:FRBRthis", NS).get("value").startswith("/akn/")
    assert ident.find("a:FRBRManifestation/a:FRBRformat", NS) is not None
    sources = act.findall(".//k:provenance/k:source", NS)
    assert len(sources) == 5
    entry = act.find(".//k:provenance/k:entry[@address='64A1']", NS)
    assert entry.get("eId") == "art_64__sec_A__cl_1" and entry.get("chosen").startswith("000_")
    chosen = entry.findall("k:witness[@chosen='true']", NS)
    assert len(chosen) == 1 and chosen[0].get("source") == entry.get("chosen")


def test_unplaced_fragments_go_to_the_fallback_with_a_diagnostic(built, docs):
    report = json.loads((built / "report.json").read_text(encoding="utf-8"))
    codex = json.loads((built / "codex.json").read_text(encoding="utf-8"))
    k701 = [d for d in report["diagnostics"] if d["code"] == "K701"]
    assert len(k701) == len(codex["fragments"]) > 0
    unplaced = docs["unplaced.xml"]
    tops = unplaced.findall(".//a:mainBody/a:hcontainer[@name='fragment']", NS)
    assert len(tops) == len(codex["fragments"])
    for top, frag in zip(tops, codex["fragments"]):
        body = top.find("a:content", NS)
        body = top.find("a:intro", NS) if body is None else body
        own = "\n".join(plain(p) for p in body.findall("a:p", NS)) if body is not None else ""
        assert own == frag["node"]["text"]
        labels = [c.find("a:num", NS).text for c in top.findall("a:hcontainer", NS)]
        assert labels == [c["label"] for c in frag["node"]["children"]]


def test_entry_without_a_place_is_kept_with_a_diagnostic(tmp_path):
    """An entry the act's tree does not reach (here: its parent is missing) is
    written to the fallback document, never dropped."""
    from pipeline.run import run

    b = run(CORPUS)
    entries = dict(b.codex.entries)
    stray = entries["64B6"]
    import dataclasses

    entries["64B6"] = dataclasses.replace(stray, parent="64Z")
    entries["64B"] = dataclasses.replace(
        entries["64B"], children=tuple(c for c in entries["64B"].children if c != "64B6")
    )
    codex = dataclasses.replace(b.codex, entries=entries, fragments=())
    found = akn.write_akn(codex, tmp_path)
    assert [d.code for d in found] == ["K702"] and "64B6" in found[0].message
    tree = etree.parse(str(tmp_path / "1987" / "unplaced.xml"))
    assert akn._schema().validate(tree)
    kept = tree.find(".//a:hcontainer[@name='entry']", NS)
    assert kept.find("a:num", NS).text == "64B6"
    assert stray.text.split()[0] in "".join(kept.itertext())


def test_commentary_of_a_law_no_source_holds_stands_under_that_law(tmp_path):
    """A page of the commentary that opens after its law's heading: the commentary
    document gives the law its article (number, no heading) and the paragraphs their
    places in it, as the codex places them; nothing goes to the fallback."""
    codex = built_page(tmp_path, COMMENTARY_AFTER_ITS_LAW)
    found = akn.write_akn(codex, tmp_path / "akn")
    assert "K702" not in [d.code for d in found]
    tree = etree.parse(str(tmp_path / "akn" / "1987" / "commentary.xml"))
    assert akn._schema().validate(tree)
    law = tree.find(".//a:article[@eId='art_35']", NS)
    assert law.find("a:num", NS).text == "35" and law.find("a:heading", NS) is None
    assert [p.get("eId") for p in law.findall("a:paragraph", NS)] == [
        "art_35__para_2",
        "art_35__para_3",
    ]
    assert tree.find(".//a:article[@eId='art_36']/a:paragraph", NS).get("eId") == "art_36__para_1"


def test_unknown_edition_is_refused(tmp_path):
    from pipeline.errors import KodeksError

    codex = Codex(sources=(), trees=(), entries={}, roots=(), fragments=())
    with pytest.raises(KodeksError, match="2017"):
        akn.write_akn(codex, tmp_path, edition="2017")


def test_division_levels_map_to_akn_elements(tmp_path):
    """Chapters («Глава», ``chapter:III``), parts of chapters («Часть»,
    ``chapter-part:II``) and parts («Раздел», ``part:I``) each get their own AKN
    level, and the laws inside keep their own eIds."""
    import dataclasses

    from pipeline.run import run

    b = run(CORPUS)
    entries = dict(b.codex.entries)
    law = entries["24"]
    template = entries["part:I"]
    entries["chapter:III"] = dataclasses.replace(
        template,
        id="chapter:III",
        label="III",
        title="Глава",
        parent=None,
        children=("chapter-part:II",),
    )
    entries["chapter-part:II"] = dataclasses.replace(
        template,
        id="chapter-part:II",
        label="II",
        title="Часть",
        parent="chapter:III",
        children=("part:I",),
    )
    entries["part:I"] = dataclasses.replace(template, parent="chapter-part:II")
    roots = tuple("chapter:III" if r == "part:I" else r for r in b.codex.roots)
    codex = dataclasses.replace(b.codex, entries=entries, roots=roots, fragments=())
    assert not akn.write_akn(codex, tmp_path)
    tree = etree.parse(str(tmp_path / "1987" / "act.xml"))
    assert akn._schema().validate(tree)
    path = tree.find(
        ".//a:chapter[@eId='chp_III']/a:subchapter[@eId='subchp_II']/a:part[@eId='part_I']"
        "/a:article[@eId='art_24']",
        NS,
    )
    assert path is not None and law.title in "".join(path.find("a:heading", NS).itertext())


def test_a_division_numbered_in_arabic_has_its_place_in_the_act(tmp_path):
    """The 1997 code's chapter X has sections numbered in Arabic («Раздел 1
    Ответственность»): part:1 inside chapter:X is a <part> with eId part_1, and the law
    under it keeps its place; nothing goes to the fallback."""
    codex = built_page(
        tmp_path,
        "Глава X. Судья турнира\nРаздел 1 Ответственность\n"
        "Правило 81. Обязанности и полномочия\nA.Официальное положение\n"
        "Судья представляет организаторов турнира и отвечает за проведение игры.\n",
    )
    assert "part:1" in codex.entries
    found = akn.write_akn(codex, tmp_path / "akn")
    assert "K702" not in [d.code for d in found]
    (act,) = (tmp_path / "akn").glob("*/act.xml")
    tree = etree.parse(str(act))
    assert akn._schema().validate(tree)
    assert tree.find(".//a:part[@eId='part_1']/a:article[@eId='art_81']", NS) is not None
    assert addresses.from_akn_eid("part_1") == "part:1"


def test_reference_missing_from_its_text_is_reported(tmp_path):
    """A reference whose words are not in its entry's text cannot become a <ref>;
    the export says so instead of dropping it silently."""
    import dataclasses

    from pipeline.run import run

    b = run(CORPUS)
    entries = dict(b.codex.entries)
    ref = next(r for r in entries["67A2"].refs if r.field == "text")
    entries["67A2"] = dataclasses.replace(
        entries["67A2"], text=entries["67A2"].text.replace(ref.text, "…")
    )
    codex = dataclasses.replace(b.codex, entries=entries, fragments=())
    found = [d for d in akn.write_akn(codex, tmp_path) if d.code == "K702"]
    assert found and ref.text in found[0].message and "art_67__sec_A__cl_2" in found[0].message


def _documents(codex: Codex, folder: Path, *, stream: bool):
    """The documents and diagnostics of ``codex``, each body made when its
    document is written (``stream``) or every body made first."""
    chosen = akn.editions.select(codex, None)
    folder.mkdir(parents=True)
    found = akn._write_documents(akn._writer(codex, chosen), folder, chosen.heading, stream=stream)
    return {p.name: p.read_bytes() for p in sorted(folder.glob("*.xml"))}, found


def test_documents_made_one_at_a_time_are_the_bytes_of_bodies_made_first(tmp_path):
    """Making each document's body only when it is written (so one tree is alive
    at a time) writes what making every body first writes, diagnostics included."""
    from pipeline.run import run

    codex = run(CORPUS).codex
    streamed, found = _documents(codex, tmp_path / "stream", stream=True)
    whole, expected = _documents(codex, tmp_path / "whole", stream=False)
    assert set(streamed) == set(akn.FILES)
    assert streamed == whole
    assert [(d.code, d.message) for d in found] == [(d.code, d.message) for d in expected]
    assert any(d.code == "K701" for d in found)


def test_an_entry_a_later_document_claims_leaves_the_written_one(tmp_path):
    """When the commentary claims an entry the act already placed (and listed in
    its provenance), the act written first would be stale: the documents are
    written again from bodies made first, and the act's provenance omits it."""
    import dataclasses

    from pipeline.run import run

    codex = run(CORPUS).codex
    entries = dict(codex.entries)
    point = entries["64.10(i)"]
    entries["64.10(i)"] = dataclasses.replace(point, children=(*point.children, "64B6"))
    codex = dataclasses.replace(codex, entries=entries)
    with pytest.raises(akn._Moved):
        _documents(codex, tmp_path / "stream", stream=True)
    whole, expected = _documents(codex, tmp_path / "whole", stream=False)
    found = akn.write_akn(codex, tmp_path / "out")
    written = {p.name: p.read_bytes() for p in sorted((tmp_path / "out" / "1987").glob("*.xml"))}
    assert written == whole
    assert [d.message for d in found] == [d.message for d in expected]
    act = etree.fromstring(written["act.xml"])
    assert not act.findall(".//k:entry[@address='64B6']", NS)
    comm = etree.fromstring(written["commentary.xml"])
    assert comm.findall(".//k:entry[@address='64B6']", NS)


def test_an_empty_codex_writes_an_act_with_its_placeholder_body(tmp_path):
    """A codex without entries still writes a valid act (its body the empty
    placeholder the schema needs), and nothing beside it."""
    import dataclasses

    from pipeline.run import run

    codex = dataclasses.replace(run(CORPUS).codex, entries={}, roots=(), fragments=())
    assert not [d for d in akn.write_akn(codex, tmp_path) if d.code == "K709"]
    assert [p.name for p in (tmp_path / "1987").iterdir()] == ["act.xml"]
    tree = etree.parse(str(tmp_path / "1987" / "act.xml"))
    assert akn._schema().validate(tree)
    assert tree.find(".//a:body/a:hcontainer[@name='empty']", NS) is not None


def test_a_reference_to_a_later_target_in_the_same_document_is_local(tmp_path):
    """A law that cites a law further on, and a commentary paragraph that cites a
    later paragraph, point at the target's ``#eId`` in their own document, as a
    reference back does; a target in the other document gets that document's
    work URI. Every eId a document holds is reached locally."""
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "laws.txt").write_text(
        "Правило 62. Вводное правило\n"
        "A.Этот текст нужен, чтобы книга читалась как законы 1987 года.\n"
        "Правило 63. Первое правило\n"
        "A.Игрок поступает так, как сказано в правиле 64.\n"
        "Правило 64. Второе правило\n"
        "A.Игрок поступает так, как сказано в правиле 63.\n",
        encoding="utf-8",
    )
    from pipeline.run import run

    b = run(corpus)
    assert not [d for d in akn.write_akn(b.codex, tmp_path / "akn") if d.level == "error"]
    folder = tmp_path / "akn" / "1987"
    act = etree.parse(str(folder / "act.xml"))
    hrefs = {
        r.getparent().getparent().getparent().get("eId"): r.get("href")
        for r in act.iter(f"{{{akn.NS}}}ref")
        if r.get("href", "").endswith(("art_63", "art_64"))
    }
    assert hrefs == {"art_63__sec_A": "#art_64", "art_64__sec_A": "#art_63"}, hrefs
    for path in folder.glob("*.xml"):
        tree = etree.parse(str(path))
        eids = {el.get("eId") for el in tree.iter() if isinstance(el.tag, str)}
        far = [
            r.get("href")
            for r in tree.iter(f"{{{akn.NS}}}ref")
            if not r.get("href", "#").startswith("#") and r.get("href").rsplit("~", 1)[-1] in eids
        ]
        assert not far, (path.name, far)
