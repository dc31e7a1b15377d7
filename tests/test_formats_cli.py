"""``kodeks export akn|epub|pdf`` and the build's format switches, run as a user would."""

from __future__ import annotations

import shutil
import subprocess

import pytest
from lxml import etree

from kodeks_testing import CORPUS, kodeks
from pipeline.cli import build_args


def test_build_writes_every_format_unless_told(built, tmp_path):
    assert (built / "codex.epub").is_file()
    assert (built / "akn" / "1987" / "act.xml").is_file()
    out = tmp_path / "out"
    kodeks(*build_args(CORPUS, out, "--no-epub", "--no-akn"), check=True)
    assert (out / "codex.json").is_file()
    assert (
        not (out / "codex.epub").exists()
        and not (out / "akn").exists()
        and not (out / "codex.pdf").exists()
    )


def test_export_akn_validates(tmp_path):
    from pipeline import akn

    proc = kodeks("export", "akn", str(CORPUS), "-o", str(tmp_path / "akn"), check=True)
    assert "akn" in proc.stderr
    files = sorted((tmp_path / "akn" / "1987").glob("*.xml"))
    assert [f.name for f in files] == ["act.xml", "commentary.xml", "unplaced.xml"]
    schema = akn._schema()
    assert all(schema.validate(etree.parse(str(f))) for f in files)
    # a second export replaces its own files
    kodeks("export", "akn", str(CORPUS), "-o", str(tmp_path / "akn"), check=True)


def test_export_never_replaces_what_kodeks_did_not_write(tmp_path):
    mine = tmp_path / "notes.epub"
    mine.write_text("my own notes", encoding="utf-8")
    proc = kodeks("export", "epub", str(CORPUS), "-o", str(mine))
    assert proc.returncode == 2 and "--force" in proc.stderr and "Traceback" not in proc.stderr
    assert mine.read_text(encoding="utf-8") == "my own notes"
    folder = tmp_path / "akn" / "1987"
    folder.mkdir(parents=True)
    (folder / "act.xml").write_text("<mine/>", encoding="utf-8")
    proc = kodeks("export", "akn", str(CORPUS), "-o", str(tmp_path / "akn"))
    assert proc.returncode == 2 and "act.xml" in proc.stderr
    assert (folder / "act.xml").read_text(encoding="utf-8") == "<mine/>"
    # an EPUB Kodeks wrote is replaced without --force; a foreign file only with it
    book = tmp_path / "codex.epub"
    kodeks("export", "epub", str(CORPUS), "-o", str(book), check=True)
    kodeks("export", "epub", str(CORPUS), "-o", str(book), check=True)
    kodeks("export", "epub", str(CORPUS), "-o", str(mine), "--force", check=True)
    assert mine.read_bytes() == book.read_bytes()


def test_export_unknown_edition_is_a_clear_error(tmp_path):
    proc = kodeks(
        "export", "epub", str(CORPUS), "--edition", "2017", "-o", str(tmp_path / "b.epub")
    )
    assert proc.returncode == 2
    assert "edition 2017 is not in the corpus; it has 1987" in proc.stderr
    assert not (tmp_path / "b.epub").exists()


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("pdfinfo") is None, reason="poppler-utils not installed")
def test_export_pdf_is_tagged(tmp_path):
    target = tmp_path / "book.pdf"
    kodeks("export", "pdf", str(CORPUS), "--edition", "1987", "-o", str(target), check=True)
    info = subprocess.run(
        ["pdfinfo", str(target)], capture_output=True, text=True, check=True
    ).stdout
    assert "Tagged:          yes" in info


def test_an_akn_file_naming_kodeks_only_deep_inside_is_not_taken_for_ours(tmp_path):
    """Kodeks's provenance opens in a document's <meta>, so only the head of an
    existing act.xml is read: a user's large file that mentions the provenance
    namespace far down (a quotation, say) is refused, and nothing is read whole."""
    from pipeline import akn, render
    from pipeline.errors import KodeksError

    folder = tmp_path / "akn" / "1987"
    folder.mkdir(parents=True)
    mine = folder / "act.xml"
    mine.write_text(f"<mine>{'x' * 100_000} {akn.PROV_NS}</mine>", encoding="utf-8")
    with pytest.raises(KodeksError, match="was not written by Kodeks"):
        render.check_target("akn", tmp_path / "akn", force=False)
    kodeks("export", "akn", str(CORPUS), "-o", str(tmp_path / "ours"), check=True)
    render.check_target("akn", tmp_path / "ours", force=False)
