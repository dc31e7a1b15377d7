"""The Python API (pipeline.api) and the lookup CLI (pipeline.lookup_cli)."""

from __future__ import annotations

import argparse
import dataclasses
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from kodeks_testing import COMMENTARY_AFTER_ITS_LAW, CORPUS, ROOT, built_page
from kodeks_testing import write_lookup_output as write_output
from pipeline import lookup_cli
from pipeline.api import AmbiguousAddress, BadAddress, CodexReader, Entry, UnknownAddress
from pipeline.errors import KodeksError
from pipeline.run import run


@pytest.fixture(scope="session")
def out(tmp_path_factory) -> Path:
    return write_output(run(CORPUS).codex, tmp_path_factory.mktemp("api-out"))


@pytest.fixture(scope="session")
def codex(out) -> CodexReader:
    return CodexReader.load(out)


def cli(*argv: str) -> int:
    parser = argparse.ArgumentParser(prog="kodeks")
    lookup_cli.register(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(list(argv))
    return args.func(args)


# --- lookups ----------------------------------------------------------------------

LENIENT = {
    "64A1": "64A1",
    "64 A 1": "64A1",
    "64а1": "64A1",
    "64А1": "64A1",
    "правило 64А1": "64A1",
    "Правило 64, A1": "64A1",
    "Law 64A1": "64A1",
    "67B1(A)": "67B1(A)",
    "67B1a": "67B1(A)",
    "67 B 1 (а)": "67B1(A)",
    "п. 64.10": "64.10",
    "64.10(i)": "64.10(i)",
    "Правило 64": "64",
    "part:I": "part:I",
    "B4": "64B4",
}


@pytest.mark.parametrize("text,address", LENIENT.items())
def test_lenient_lookup(codex, text, address):
    assert codex[text].address == address
    assert text in codex


def test_entry_fields(codex):
    e = codex["64A1"]
    assert isinstance(e, Entry)
    assert e.title == "Нарушитель выиграл взятку фальшренонса"
    assert "фальшренонс" in e.text and e.kind == "clause" and e.law == "64" and e.penalty
    assert e.backlinks == ("64.10(i)",)
    assert e.provenance.chosen == e.witnesses[0].source and e.witnesses[0].chosen
    assert e.provenance.why and e.witnesses[0].line >= 1
    assert [c.address for c in codex["64"].commentary] == ["64.10"]
    assert [c.address for c in codex["64.10"].commentary] == ["64.10(i)", "64.10(ii)"]
    assert codex.cited_by("64A1")[0][0] == "64.10(i)"
    with pytest.raises(dataclasses.FrozenInstanceError):
        e.title = "x"  # frozen


def test_unknown_address(codex):
    with pytest.raises(KeyError) as info:
        codex["64A3"]
    assert isinstance(info.value, UnknownAddress)
    assert str(info.value) == "64A3 is not in the corpus; law 64 section A has 1, 2"
    with pytest.raises(UnknownAddress, match="Laws present: 13"):
        codex["99"]
    # a division that is not there names the divisions that are, not the laws
    with pytest.raises(UnknownAddress) as division:
        codex["chapter:II"]
    assert str(division.value) == (
        "Глава II (chapter:II) is not in the corpus. Divisions present: Раздел I (part:I)"
    )
    with pytest.raises(BadAddress):
        codex["not an address"]
    with pytest.raises(AmbiguousAddress, match="64A1"):
        codex["A1"]
    assert codex.get("64A3") is None and "64A3" not in codex


def test_a_law_known_only_by_its_commentary_names_the_commentary(tmp_path):
    """A page of the commentary that opens after its law's heading holds the law's
    paragraphs but not the law: looking the law up names what there is of it."""
    codex = built_page(tmp_path, COMMENTARY_AFTER_ITS_LAW)
    reader = CodexReader.load(write_output(codex, tmp_path / "out"))
    with pytest.raises(UnknownAddress) as info:
        reader["35"]
    assert str(info.value) == "35 is not in the corpus; of law 35 it has 35.2, 35.3"


def test_search_api(codex):
    assert codex.search("выявленный фальшренонс")[0].address in {"63A", "64A"}
    assert codex.search("фальшренонс после заявки в следующей сдаче")[0].address == "64B4"
    assert codex.search("") == []


def test_build_in_memory():
    with CodexReader.build(CORPUS) as c:
        assert c["64B4"].title.startswith("После того")
        assert c.search('"следующей сдаче"')[0].address == "64B4"
        assert c.coverage["laws"] and isinstance(c.links, list)


def test_the_api_is_a_layer_over_the_model_with_no_second_class_of_a_name(out):
    """``pipeline.api`` defines no class the model also defines (``Codex``, ``Entry`` …):
    its entries, references and witnesses are the model's own; the reader has its
    own name. The public entry points load the same codex, and the reader's old
    name still works, with a warning."""
    import inspect
    import warnings

    import pipeline
    from pipeline import api, model

    defined = {
        name
        for name, obj in vars(api).items()
        if inspect.isclass(obj) and obj.__module__ == api.__name__
    }
    assert not defined & set(vars(model)), defined & set(vars(model))
    assert api.Entry is model.Entry and api.Reference is model.Reference

    loaded = pipeline.load(out, index=False)
    assert isinstance(loaded, api.CodexReader) and loaded["64A1"].codex is loaded
    assert api.load(out, index=False)["64 А 1"] == loaded["64A1"]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        old = pipeline.Codex.load(out, index=False)
    assert [w.category for w in caught] == [DeprecationWarning]
    assert isinstance(old, api.CodexReader) and "CodexReader" in str(caught[0].message)


def test_missing_and_stale_index(out, tmp_path):
    folder = tmp_path / "o"
    shutil.copytree(out, folder)
    (folder / "codex.sqlite").unlink()
    with pytest.raises(KodeksError, match="kodeks build"):
        CodexReader.load(folder)
    assert CodexReader.load(folder, index=False)["64A1"].address == "64A1"
    shutil.copy(out / "codex.sqlite", folder / "codex.sqlite")
    CodexReader.load(folder).close()
    path = folder / "codex.json"
    path.write_text(
        path.read_text(encoding="utf-8").replace("Нарушитель выиграл", "Нарушитель взял"),
        encoding="utf-8",
    )
    with pytest.raises(KodeksError, match=r"stale.*kodeks build"):
        CodexReader.load(folder)
    with pytest.raises(KodeksError, match="kodeks build"):
        CodexReader.load(tmp_path / "nowhere")


# --- CLI ---------------------------------------------------------------------------


def test_show_text(out, capsys):
    assert cli("show", "правило 64А1", "--codex", str(out)) == 0
    text = capsys.readouterr().out
    assert "64A1" in text and "Нарушитель выиграл взятку фальшренонса" in text
    assert "Cited by" in text and "64.10(i)" in text and "Provenance" in text


def test_show_commentary(out, capsys):
    assert cli("show", "64", "--codex", str(out)) == 0
    text = capsys.readouterr().out
    assert (
        "Commentary" in text and "64.10" in text and "Разыгрывающий совершает фальшренонс" in text
    )


def test_show_json(out, capsys):
    assert cli("show", "64 A 1", "--codex", str(out), "--format", "json") == 0
    data = json.loads(capsys.readouterr().out)
    assert data["address"] == "64A1" and data["backlinks"] == ["64.10(i)"]
    assert data["provenance"]["witnesses"] and data["cited_by"][0]["owner"] == "64.10(i)"


def test_show_unknown(out, capsys):
    assert cli("show", "64A3", "--codex", str(out)) == 1
    err = capsys.readouterr().err
    assert "64A3 is not in the corpus; law 64 section A has 1, 2" in err
    assert cli("show", "what?", "--codex", str(out)) == 2
    assert "cannot read" in capsys.readouterr().err


def test_show_missing_output(tmp_path, capsys):
    assert cli("show", "64A1", "--codex", str(tmp_path)) == 2
    assert "kodeks build" in capsys.readouterr().err


def test_search_cli(out, capsys):
    assert cli("search", "выявленный", "фальшренонс", "--codex", str(out)) == 0
    assert "64A" in capsys.readouterr().out
    assert (
        cli(
            "search",
            "фальшренонс",
            "--law",
            "64",
            "--kind",
            "commentary",
            "--codex",
            str(out),
            "--format",
            "json",
        )
        == 0
    )
    data = json.loads(capsys.readouterr().out)
    assert [h["address"] for h in data["hits"]] == ["64.10"]
    assert cli("search", "", "--codex", str(out)) == 2
    assert "no words" in capsys.readouterr().err
    for bad in ["'; DROP TABLE nodes; --", "NEAR(a b) AND )", '"', "x" * 10_000]:
        assert cli("search", bad, "--codex", str(out), "--format", "json") in (0, 2)
        capsys.readouterr()
    assert cli("search", "фальшренонс", "--codex", str(out)) == 0


def test_search_stale(out, tmp_path, capsys):
    folder = tmp_path / "o"
    shutil.copytree(out, folder)
    (folder / "codex.sqlite").unlink()
    assert cli("search", "фальшренонс", "--codex", str(folder)) == 2
    assert "kodeks build" in capsys.readouterr().err


def test_refs_cli(out, capsys):
    assert cli("refs", "64A1", "--codex", str(out), "--format", "json") == 0
    data = json.loads(capsys.readouterr().out)
    assert data["cited_by"][0]["owner"] == "64.10(i)"
    assert cli("refs", "64C", "--codex", str(out), "--format", "json") == 0
    assert json.loads(capsys.readouterr().out)["cites"][0]["target"] == "64"
    assert cli("refs", "--dangling", "--codex", str(out), "--format", "json") == 0
    rows = json.loads(capsys.readouterr().out)
    assert rows and all(r["status"] == "dangling" for r in rows)
    assert cli("refs", "--dangling", "--codex", str(out)) == 0
    assert "62D" in capsys.readouterr().out
    assert cli("refs", "--codex", str(out)) == 0
    assert cli("refs", "64A1", "--codex", str(out)) == 0
    assert cli("refs", "64A9", "--codex", str(out)) == 1


def test_coverage_cli(out, capsys):
    assert cli("coverage", "--codex", str(out), "--format", "json") == 0
    data = json.loads(capsys.readouterr().out)
    assert {law["law"] for law in data["laws"]} >= {"64", "67"}
    assert cli("coverage", "--codex", str(out)) == 0
    assert "Coverage" in capsys.readouterr().out


def test_module_main(out):
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "pipeline.lookup_cli",
            "show",
            "64а1",
            "--codex",
            str(out),
            "--format",
            "json",
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["address"] == "64A1"
