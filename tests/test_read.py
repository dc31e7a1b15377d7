"""The reader: legacy Cyrillic encodings, unusable files, truncated UTF-8, a
missing corpus folder, kind detection and HTML sources."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from kodeks_testing import SEEDS
from pipeline.errors import KodeksError
from pipeline.read import decode, detect_kind, read

LAW = (
    "Правило 64. Процедура после выявления фальшренонса\n"
    "A.Наказание назначается\n"
    "Когда фальшренонс выявлен:\n"
    "1.Нарушитель выиграл взятку фальшренонса\n"
    "И взятка, в которой имел место фальшренонс, была выиграна нарушителем, (НАКАЗАНИЕ) после "
    "окончания игры взятка переходит к ненарушившей стороне. Её партнёр тоже.\n"
)


@pytest.mark.parametrize(
    "encoding", ["cp1251", "cp866", "koi8_r", "mac_cyrillic", "utf-8", "utf-8-sig"]
)
def test_legacy_encodings_are_read(tmp_path, encoding):
    (tmp_path / "law.txt").write_bytes(LAW.encode(encoding))
    sources, diags = read(tmp_path)
    assert len(sources) == 1
    assert sources[0].text == LAW
    assert sources[0].encoding == ("utf-8" if encoding.startswith("utf") else encoding)
    if not encoding.startswith("utf"):
        assert [d.code for d in diags] == ["K103"]
        assert "law.txt" in diags[0].message


def test_short_legacy_text_is_read():
    text = "Правило 13. Неправильное количество карт\n"
    for enc in ("cp1251", "cp866", "koi8_r"):
        got, used, _d = decode(text.encode(enc), "x.txt")
        assert (got, used) == (text, enc)


def test_unusable_files_are_skipped_with_a_named_error(tmp_path):
    (tmp_path / "a_good.txt").write_text(LAW, encoding="utf-8")
    (tmp_path / "b_empty.txt").write_bytes(b"")
    (tmp_path / "c_blank.txt").write_bytes(b"  \n\n")
    (tmp_path / "d_binary.txt").write_bytes(bytes(range(256)) * 40)
    (tmp_path / "e_good.txt").write_bytes(LAW.encode("cp1251"))
    sources, diags = read(tmp_path)
    assert [s.name for s in sources] == ["a_good.txt", "e_good.txt"]
    assert all(s.text == LAW for s in sources)
    errors = sorted(
        (d.code, Path(d.message.split(":")[0]).name) for d in diags if d.level == "error"
    )
    assert errors == [("K101", "b_empty.txt"), ("K101", "c_blank.txt"), ("K102", "d_binary.txt")]


def test_png_is_binary(tmp_path):
    (tmp_path / "scan.txt").write_bytes(b"\x89PNG\r\n\x1a\n" + b"\x00\x00\x00\rIHDR" + bytes(200))
    sources, diags = read(tmp_path)
    assert sources == []
    assert [d.code for d in diags] == ["K102"]
    assert "scan.txt" in diags[0].message


def test_truncated_utf8_names_file_and_line(tmp_path):
    data = LAW.encode("utf-8") + "Последняя стро".encode() + "ка".encode()[:1]
    (tmp_path / "cut.txt").write_bytes(data)
    sources, diags = read(tmp_path)
    assert len(sources) == 1
    assert sources[0].text == LAW + "Последняя стро"
    (d,) = [d for d in diags if d.code == "K105"]
    line = LAW.count("\n") + 1
    assert f"cut.txt:{line}:" in d.message


def test_replacement_characters_are_kept_and_named_with_their_lines(tmp_path):
    """A copy whose upstream decoder lost characters (U+FFFD) is read as it stands,
    with a warning that names the file and the lines."""
    lines = LAW.split("\n")
    lines[1] += " и это бы\ufffd"
    lines[2] += " \ufffd\ufffd"
    text = "\n".join(lines) + "\nещё одна строка с потерей \ufffd\n"
    (tmp_path / "lost.txt").write_text(text, encoding="utf-8")
    sources, diags = read(tmp_path)
    assert [s.text for s in sources] == [text]
    (d,) = [d for d in diags if d.code == "K119"]
    assert d.level == "warning"
    last = text.count("\n")
    assert "lost.txt" in d.message and f"2–3, {last}" in d.message and "4 replacement" in d.message
    (tmp_path / "lost.txt").write_text(LAW, encoding="utf-8")
    assert "K119" not in [d.code for d in read(tmp_path)[1]]


def test_missing_corpus_folder_raises(tmp_path):
    with pytest.raises(KodeksError, match="no such corpus folder"):
        read(tmp_path / "nowhere")


def test_a_file_is_not_a_corpus_folder(tmp_path):
    f = tmp_path / "law.txt"
    f.write_text(LAW, encoding="utf-8")
    with pytest.raises(KodeksError):
        read(f)


EXPECTED_KINDS = {"000": "laws", "001": "commentary", "002": "laws", "003": "laws", "004": "laws"}


@pytest.mark.parametrize("path", SEEDS, ids=lambda p: p.stem[:3])
def test_seed_kind_detected(path):
    assert detect_kind(path.read_text(encoding="utf-8")) == EXPECTED_KINDS[path.stem[:3]]


def test_seed_kinds_without_manifest(tmp_path):
    for p in SEEDS:
        shutil.copy(p, tmp_path / p.name)
    sources, diags = read(tmp_path)
    assert {s.stem[:3]: s.kind for s in sources} == EXPECTED_KINDS
    assert not [d for d in diags if d.level == "error"]


def test_manifest_kind_wins(tmp_path):
    (tmp_path / "law.txt").write_text(LAW, encoding="utf-8")
    (tmp_path / "sources.toml").write_text(
        '[[source]]\nfile = "law.txt"\nkind = "commentary"\npriority = 70\n', encoding="utf-8"
    )
    (src,), _diags = read(tmp_path)
    assert (src.kind, src.priority) == ("commentary", 70)


def test_commentary_detected():
    text = (
        "64.10. Разыгрывающий совершает фальшренонс(DC4)\n(i) Если разыгрывающий совершает фальшренонс.(DC4)\n"
        "64.11. Болван совершает фальшренонс(DC4)\n"
    )
    assert detect_kind(text) == "commentary"


def test_html_source(tmp_path):
    html = (
        "<html><head><title>Все о Бридже</title><style>p{color:red}</style>"
        "<script>var x = 'Правило 99. Скрипт';</script></head><body>"
        "<nav><a href='/'>На главную</a> <a href='/x'>Правило 98. Меню</a></nav>"
        "<h2>Правило 64. Процедура после выявления фальшренонса</h2>"
        "<p>A.Наказание назначается</p><p>Когда фальшренонс выявлен:</p>"
        "<footer>© сайт</footer></body></html>"
    )
    (tmp_path / "page.html").write_text(html, encoding="utf-8")
    (src,), _d = read(tmp_path)
    assert src.fmt == "html"
    assert src.text == (
        "Правило 64. Процедура после выявления фальшренонса\nA.Наказание назначается\n"
        "Когда фальшренонс выявлен:\n"
    )
    assert src.kind == "laws"


def test_html_in_cp1251(tmp_path):
    html = "<html><body><p>Правило 64. Процедура после выявления фальшренонса</p></body></html>"
    (tmp_path / "page.htm").write_bytes(html.encode("cp1251"))
    (src,), _diags = read(tmp_path)
    assert src.text == "Правило 64. Процедура после выявления фальшренонса\n"
    assert src.encoding == "cp1251"


def test_other_files_ignored(tmp_path):
    (tmp_path / "law.txt").write_text(LAW, encoding="utf-8")
    (tmp_path / "notes.md").write_text("# заметки", encoding="utf-8")
    (tmp_path / "sub").mkdir()
    sources, _d = read(tmp_path)
    assert [s.name for s in sources] == ["law.txt"]


def test_edition_detected_when_not_declared(tmp_path):
    (tmp_path / "a.txt").write_text("Глава X. Судья турнира\n" + LAW, encoding="utf-8")
    (tmp_path / "b.txt").write_text(LAW, encoding="utf-8")
    (tmp_path / "c.txt").write_text("Глава X. Судья турнира\n" + LAW, encoding="utf-8")
    (tmp_path / "sources.toml").write_text(
        '[[source]]\nfile = "c.txt"\nkind = "laws"\nedition = "1987"\n', encoding="utf-8"
    )
    sources, diags = read(tmp_path)
    assert {s.name: s.edition for s in sources} == {
        "a.txt": "1997",
        "b.txt": "1987",
        "c.txt": "1987",
    }
    assert [d.code for d in diags if "a.txt" in d.message] == ["K108"]
    assert not any(
        d.code == "K108" and ("b.txt" in d.message or "c.txt" in d.message) for d in diags
    )


def test_control_bytes_above_one_in_twenty_make_a_file_binary():
    # no NUL byte: only the share of control characters (tab, line ends and form
    # feed are text) tells a terminal log or a corrupt file from text
    line = "Правило 1. Текст правила.\n".encode()  # 45 bytes
    many = (line + b"\x1b\x07\x08") * 50  # 3 of 48 bytes: 6%
    few = (line + b"\x1b\t\x0c\x0b\r") * 50  # 1 of 50 bytes counts: 2%
    assert [d.code for d in decode(many, "log.txt")[2]] == ["K102"]
    text, enc, diags = decode(few, "ok.txt")
    assert (text, enc, diags) == (few.decode(), "utf-8", [])


_LAW = "Правило 64. Процедура после выявления\nКогда фальшренонс выявлен, судья решает.\n"


@pytest.mark.parametrize("enc", ["utf-16-le", "utf-16-be"])
def test_utf16_with_no_byte_order_mark_is_read(enc):
    text, got, diags = decode(_LAW.encode(enc), "x.txt")
    assert text == _LAW and got == enc
    assert [d.code for d in diags] == ["K103"] and "no byte-order mark" in diags[0].message


def test_quoted_printable_is_decoded_then_read():
    import quopri

    text, enc, diags = decode(quopri.encodestring(_LAW.encode("utf-8")), "x.txt")
    assert text == _LAW and enc == "utf-8"
    assert "quoted-printable" in diags[0].message
    # a plain ASCII text with an equals sign or two before hex digits stays as written
    plain = b"Score: x=3D and y=4F; see the table below for the other rows of it.\n" * 3
    assert decode(plain, "y.txt")[0] == plain.decode()


def test_zeros_of_binary_data_are_no_utf16_text():
    data = b"\x7fELF\x02\x01\x01" + bytes(4000) + b"\x04" * 10
    assert decode(data, "z.txt")[2][0].code == "K102"


@pytest.mark.parametrize(
    "codec", ["sloppy-windows-1252", "sloppy-windows-1251", "latin_1", "mac_roman"]
)
def test_utf8_read_through_a_code_page_and_saved_again_is_decoded_back_whole(codec):
    import ftfy.bad_codecs  # noqa: F401  (the sloppy-windows-* codecs)

    twice = _LAW.encode("utf-8").decode(codec)
    text, enc, diags = decode(twice.encode("utf-8"), "x.txt")
    assert text == _LAW and enc == "utf-8"
    assert [d.code for d in diags] == ["K103"] and "decoded back" in diags[0].message


def test_a_text_only_partly_read_through_a_code_page_is_left_to_the_cleaner():
    import ftfy.bad_codecs  # noqa: F401

    line = "Судья решает, как быть дальше.\n"
    partly = _LAW + line.encode("utf-8").decode("sloppy-windows-1252")
    assert decode(partly.encode("utf-8"), "x.txt") == (partly, "utf-8", [])
    # Russian text with many «Р» and «С» in capitals is Russian as it stands
    capitals = "РСФСР. СССР. РСФСР: СР, РС, СРС.\n" * 3
    assert decode(capitals.encode("utf-8"), "y.txt") == (capitals, "utf-8", [])


def test_a_line_or_two_of_a_common_code_page_is_not_read_in_a_rare_one():
    """A UTF-8 file with one line in CP1251 or KOI8-R reads that line in it, not in Mac
    Cyrillic or ISO 8859-5, which read its small letters alike and its capitals wrong."""
    for enc in ("cp1251", "koi8_r"):
        for line in ("За последующий фальшренонс того же игрока.\n", "Правилом. Мы решили так.\n"):
            data = "Правило 64. Процедура\n".encode() + line.encode(enc) + "Конец.\n".encode()
            assert decode(data, "x.txt")[0].split("\n")[1] + "\n" == line, (enc, line)
