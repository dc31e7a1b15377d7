"""Reading never leaks a file from outside the corpus and never loses text to a
wrong decoding: symlinks, mixed encodings, UTF-16, CR line ends, clashing stems,
odd file names and a manifest that does not fit its schema."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kodeks_testing import kodeks
from pipeline.errors import KodeksError
from pipeline.read import decode, read

LAW = (
    "Правило 64. Процедура после выявления фальшренонса\n"
    "A.Наказание назначается\n"
    "Когда фальшренонс выявлен, взятка переходит к ненарушившей стороне.\n"
)
OTHER = (
    "Правило 65. Порядок сдачи взяток\n"
    "A.Сдача взяток\n"
    "Каждый игрок кладёт свою карту рубашкой вверх перед собой.\n"
)


def build(corpus: Path, out: Path):
    return kodeks("build", str(corpus), "-o", str(out), "--no-pdf", "--quiet")


def report(out: Path) -> list[dict]:
    return json.loads((out / "report.json").read_text(encoding="utf-8"))["diagnostics"]


def published(out: Path) -> str:
    """Everything a build publishes, as one string."""
    return "\n".join(
        p.read_text(encoding="utf-8", errors="replace")
        for p in sorted(out.rglob("*"))
        if p.is_file() and p.suffix in (".json", ".html")
    )


# --- symlinks ----------------------------------------------------------------------


def test_symlinks_out_of_the_corpus_are_not_read(tmp_path):
    secret = tmp_path / "home" / ".ssh" / "id_note.txt"
    secret.parent.mkdir(parents=True)
    secret.write_text(
        "Правило 90. СЕКРЕТНАЯСТРОКА\nA.Закрытый ключ пользователя.\n", encoding="utf-8"
    )
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "law.txt").write_text(LAW, encoding="utf-8")
    (corpus / "key.txt").symlink_to(secret)
    (corpus / "passwd.txt").symlink_to("/etc/passwd")
    (corpus / "loop.txt").symlink_to("loop.txt")
    (corpus / "gone.txt").symlink_to(tmp_path / "nowhere.txt")
    (corpus / "alias.txt").symlink_to("law.txt")  # inside the corpus: read as usual
    out = tmp_path / "out"
    proc = build(corpus, out)
    assert proc.returncode == 1, proc.stderr
    text = published(out)
    assert "СЕКРЕТНАЯСТРОКА" not in text and "root:" not in text
    found = {(d["code"], Path(d["message"].split(":")[0]).name) for d in report(out)}
    assert {
        ("K111", "key.txt"),
        ("K111", "passwd.txt"),
        ("K112", "loop.txt"),
        ("K112", "gone.txt"),
    } <= found
    assert (out / "sources" / "alias.json").is_file()


def test_a_manifest_symlinked_out_of_the_corpus_is_refused(tmp_path):
    outside = tmp_path / "elsewhere.toml"
    outside.write_text('[[source]]\nfile = "law.txt"\nkind = "laws"\n')
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "law.txt").write_text(LAW, encoding="utf-8")
    (corpus / "sources.toml").symlink_to(outside)
    with pytest.raises(KodeksError, match="outside the corpus"):
        read(corpus)


# --- decoding ------------------------------------------------------------------------


def test_a_utf8_file_with_one_region_in_cp1251_keeps_every_line(tmp_path):
    data = LAW.encode("utf-8") + OTHER.encode("cp1251") + "Конец текста.\n".encode()
    (tmp_path / "mixed.txt").write_bytes(data)
    (src,), diags = read(tmp_path)
    assert src.text == LAW + OTHER + "Конец текста.\n"
    (d,) = [d for d in diags if d.code == "K109"]
    assert "mixed.txt:4" in d.message and "4–6" in d.message and "cp1251" in d.message


def test_regions_in_two_legacy_encodings_are_each_read_right(tmp_path):
    data = (
        LAW.encode("utf-8") + OTHER.encode("koi8_r") + LAW.encode("utf-8") + OTHER.encode("cp866")
    )
    text, _encoding, diags = decode(data, "x.txt")
    assert text == LAW + OTHER + LAW + OTHER
    assert sorted(d.message.rsplit(" ", 1)[-1] for d in diags) == ["cp866", "koi8_r"]


def test_a_low_confidence_guess_is_an_error_and_keeps_the_text(tmp_path):
    # Latin-1 German: not UTF-8 and not Russian in any Cyrillic code page
    data = "Größe der Übungsräume für Spieler, Änderungen später möglich.\n".encode("latin-1") * 3
    (tmp_path / "odd.txt").write_bytes(data)
    sources, diags = read(tmp_path)
    assert len(sources) == 1 and len(sources[0].text) == len(data)
    # the decoding guess is the one error; a text no edition claims also gets K114
    # (edition unknown), which is a warning about the edition, not the decoding
    assert [(d.code, d.level) for d in diags if d.code != "K114"] == [("K103", "error")]


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-be", "utf-16-le", "utf-32"])
def test_utf16_with_a_bom_is_text(tmp_path, encoding):
    data = LAW.encode(encoding)
    if encoding in ("utf-16-be", "utf-16-le"):
        data = ("\ufeff" + LAW).encode(encoding)
    (tmp_path / "wide.txt").write_bytes(data)
    (src,), diags = read(tmp_path)
    assert src.text == LAW
    assert not [d for d in diags if d.level == "error"]


@pytest.mark.parametrize("end", ["\r", "\u2028", "\u2029", "\x0b"])
def test_other_line_ends_alone_give_real_line_numbers(tmp_path, end):
    """Classic Mac line ends, a word processor's line or paragraph separators, its
    vertical tabs: a text whose lines end so and never in ``\\n``."""
    from pipeline.run import run

    (tmp_path / "mac.txt").write_bytes((LAW + OTHER).replace("\n", end).encode("utf-8"))
    b = run(tmp_path, until="segment")
    (tree,) = b.trees
    lines = set()

    def walk(node):
        lines.add(node.span.line)
        for child in node.children:
            walk(child)

    for node in tree.nodes:
        walk(node)
    assert max(lines) >= 4, lines
    assert any(d.code == "K110" for d in b.diagnostics)


# --- ids and names -------------------------------------------------------------------


def test_sources_sharing_a_stem_keep_both_exports(tmp_path):
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "a.txt").write_text(LAW, encoding="utf-8")
    (corpus / "a.html").write_text(
        f"<html><body><p>{OTHER.replace(chr(10), '</p><p>')}</p></body></html>", encoding="utf-8"
    )
    (corpus / "b.txt").write_text(OTHER, encoding="utf-8")
    out = tmp_path / "out"
    assert build(corpus, out).returncode in (0, 1)
    names = sorted(p.name for p in (out / "sources").iterdir())
    assert names == ["a.html.json", "a.txt.json", "b.json"]
    assert "Процедура после выявления" in (out / "sources" / "a.txt.json").read_text(
        encoding="utf-8"
    )
    assert "Порядок сдачи" in (out / "sources" / "a.html.json").read_text(encoding="utf-8")
    pages = {p.name for p in (out / "html").glob("source-*.html")}
    assert pages == {"source-a.txt.html", "source-a.html.html", "source-b.html"}


def test_a_newline_in_a_file_name_keeps_its_page_link(tmp_path):
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "scan\nof #2?.txt").write_text(LAW, encoding="utf-8")
    out = tmp_path / "out"
    assert build(corpus, out).returncode in (0, 1)
    index = (out / "html" / "index.html").read_text(encoding="utf-8")
    import re

    hrefs = re.findall(r'href="(source-[^"]*)"', index)
    assert hrefs, index
    for h in hrefs:
        assert (out / "html" / h).is_file(), h


# --- the manifest ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "entry,key,line",
    [
        ('file = "law.txt"\npriority = "high"\n', "priority", 4),
        ("file = 5\n", "file", 3),
        ('file = "../outside.txt"\n', "file", 3),
        ('kind = "laws"\n', "file", 2),
    ],
)
def test_a_bad_manifest_value_names_file_key_and_line(tmp_path, entry, key, line):
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "law.txt").write_text(LAW, encoding="utf-8")
    (corpus / "sources.toml").write_text("# manifest\n[[source]]\n" + entry, encoding="utf-8")
    proc = build(corpus, tmp_path / "out")
    assert proc.returncode == 2, proc.stderr
    assert "Traceback" not in proc.stderr
    assert f"sources.toml:{line}:" in proc.stderr and repr(key) in proc.stderr, proc.stderr
    assert not (tmp_path / "out").exists()


def test_a_manifest_whose_source_is_not_a_table_list(tmp_path):
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "law.txt").write_text(LAW, encoding="utf-8")
    (corpus / "sources.toml").write_text("# manifest\n\nsource = 5\n", encoding="utf-8")
    proc = build(corpus, tmp_path / "out")
    assert proc.returncode == 2 and "Traceback" not in proc.stderr, proc.stderr
    assert "sources.toml:3:" in proc.stderr and "'source'" in proc.stderr, proc.stderr
