"""The output folder: Kodeks replaces only what it wrote itself (or an empty
folder), refuses everything else with exit 2 and a message naming the path,
locks, cleans up after killed builds, and keeps the previous output when a
build cannot finish."""

from __future__ import annotations

import errno
import fcntl
import json
import os
import shlex
import subprocess
from pathlib import Path

from kodeks_testing import ROOT, kodeks
from pipeline.cli import build_command

LAW = (
    "Правило 64. Процедура после выявления фальшренонса\n"
    "A.Наказание назначается\n"
    "Когда фальшренонс выявлен, взятка переходит к ненарушившей стороне.\n"
    "B.Наказание не назначается\n"
    "Наказание не назначается, если нарушитель не выиграл ни одной взятки.\n"
)


def small_corpus(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "law.txt").write_text(LAW, encoding="utf-8")
    return folder


def build(corpus: Path, out, cwd: Path | None = None) -> subprocess.CompletedProcess:
    return kodeks("build", str(corpus), "-o", str(out), "--no-pdf", "--quiet", cwd=cwd)


def snapshot(folder: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()
    }


def refused(proc: subprocess.CompletedProcess, name: str) -> None:
    assert proc.returncode == 2, proc.stderr
    assert name in proc.stderr, proc.stderr
    assert "Traceback" not in proc.stderr


# --- what may be replaced ----------------------------------------------------------


def test_a_folder_of_other_files_is_refused_and_untouched(tmp_path):
    corpus = small_corpus(tmp_path / "corpus")
    mine = tmp_path / "thesis"
    (mine / "chapters").mkdir(parents=True)
    (mine / "notes.txt").write_text("мои заметки")
    (mine / "chapters" / "one.md").write_text("глава")
    before = snapshot(mine)
    refused(build(corpus, mine), "thesis")
    assert snapshot(mine) == before
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


def test_the_corpus_and_folders_around_it_are_refused(tmp_path):
    corpus = small_corpus(tmp_path / "corpus")
    before = snapshot(tmp_path)
    for out in (corpus, corpus / "out", tmp_path):
        refused(build(corpus, out), str(out))
    refused(build(corpus, "corpus", cwd=tmp_path), "corpus")
    assert snapshot(tmp_path) == before
    assert (corpus / "law.txt").read_text(encoding="utf-8") == LAW


def test_a_plain_file_is_refused(tmp_path):
    corpus = small_corpus(tmp_path / "corpus")
    target = tmp_path / "codex.pdf"
    target.write_bytes(b"%PDF- not mine to replace")
    refused(build(corpus, target), "codex.pdf")
    assert target.read_bytes() == b"%PDF- not mine to replace"


def test_a_special_file_is_refused(tmp_path):
    corpus = small_corpus(tmp_path / "corpus")
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    refused(build(corpus, fifo), "pipe")
    assert fifo.is_fifo()


def test_dev_null_is_refused():
    proc = kodeks("build", "corpus", "-o", "/dev/null", "--no-pdf", "--quiet")
    refused(proc, "/dev/null")
    assert Path("/dev/null").is_char_device()


def test_the_current_folder_and_the_empty_string_are_refused(tmp_path):
    corpus = small_corpus(tmp_path / "corpus")
    work = tmp_path / "work"
    work.mkdir()
    (work / "keep.txt").write_text("x")
    for out in (".", "", "./", ".."):
        proc = build(corpus, out, cwd=work)
        assert proc.returncode == 2, (out, proc.stderr)
        assert "Traceback" not in proc.stderr
    assert (work / "keep.txt").read_text() == "x"
    assert sorted(p.name for p in work.iterdir()) == ["keep.txt"]


def test_an_empty_folder_and_its_own_output_are_replaced(tmp_path):
    corpus = small_corpus(tmp_path / "corpus")
    out = tmp_path / "out"
    out.mkdir()
    assert build(corpus, out).returncode in (0, 1)
    stamp = json.loads((out / ".kodeks-output").read_text())
    assert isinstance(stamp["kodeks_output_format"], int)
    (out / "stale-extra.json").write_text(
        "{}"
    )  # a file an older build left: the folder is still ours
    assert build(corpus, out).returncode in (0, 1)
    assert not (out / "stale-extra.json").exists()
    assert json.loads((out / "codex.json").read_text(encoding="utf-8"))["entries"]


def test_an_output_from_before_the_stamp_is_still_replaced(tmp_path):
    corpus = small_corpus(tmp_path / "corpus")
    out = tmp_path / "out"
    (out / "html").mkdir(parents=True)
    (out / "codex.json").write_text("{}")
    (out / "report.json").write_text("{}")
    assert build(corpus, out).returncode in (0, 1)
    assert (out / ".kodeks-output").is_file()


def test_a_symlinked_output_is_followed_and_stays_usable(tmp_path):
    corpus = small_corpus(tmp_path / "corpus")
    real = tmp_path / "real"
    link = tmp_path / "link"
    link.symlink_to(real)  # dangling at first
    refused(build(corpus, link), "link")
    real.mkdir()
    for _ in range(2):
        assert build(corpus, link).returncode in (0, 1)
        assert link.is_symlink() and link.resolve() == real
        assert (real / "codex.json").is_file()


def test_the_output_folder_follows_the_umask(tmp_path):
    corpus = small_corpus(tmp_path / "corpus")
    out = tmp_path / "out"
    proc = subprocess.run(
        [
            "sh",
            "-c",
            "umask 022 && exec " + shlex.join(build_command(corpus, out)),
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert proc.returncode in (0, 1), proc.stderr
    assert out.stat().st_mode & 0o777 == 0o755


# --- empty corpus, stale temporaries, concurrent builds, full disk -------------------


def test_an_empty_corpus_keeps_the_previous_output(tmp_path):
    corpus = small_corpus(tmp_path / "corpus")
    out = tmp_path / "out"
    assert build(corpus, out).returncode in (0, 1)
    before = snapshot(out)
    empty = tmp_path / "empty"
    empty.mkdir()
    (empty / "blank.txt").write_text("   \n")
    proc = build(empty, out)
    refused(proc, "empty")
    assert "blank.txt" in proc.stderr
    assert snapshot(out) == before


def test_temporaries_of_a_killed_build_are_removed_and_live_ones_kept(tmp_path):
    corpus = small_corpus(tmp_path / "corpus")
    out = tmp_path / "out"
    dead = tmp_path / ".out.new-12345-deadbeef"
    (dead / "html").mkdir(parents=True)
    (dead / "codex.json").write_text("{}")
    live = tmp_path / ".out.new-99999-0badcafe"
    live.mkdir()
    fd = os.open(live, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)  # what a running build holds on its temporary
        assert build(corpus, out).returncode in (0, 1)
        assert not dead.exists()
        assert live.exists()
    finally:
        os.close(fd)
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        ".out.new-99999-0badcafe",
        "corpus",
        "out",
    ]


def test_concurrent_builds_into_one_folder_both_finish(tmp_path):
    corpus = small_corpus(tmp_path / "corpus")
    out = tmp_path / "out"
    procs = [
        subprocess.Popen(
            build_command(corpus, out),
            cwd=ROOT,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(3)
    ]
    for p in procs:
        _, err = p.communicate(timeout=600)
        assert p.returncode in (0, 1), err
        assert "Traceback" not in err
    assert json.loads((out / "codex.json").read_text(encoding="utf-8"))["entries"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["corpus", "out"]


def test_a_full_disk_keeps_the_previous_output_and_says_so(tmp_path, monkeypatch, capsys):
    from pipeline import cli, run

    corpus = small_corpus(tmp_path / "corpus")
    out = tmp_path / "out"
    assert cli.main(["build", str(corpus), "-o", str(out), "--no-pdf", "--quiet"]) in (0, 1)
    before = snapshot(out)
    real_stage = run.stage_render

    def full(b):
        real_stage(b)
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(b.out / "codex.sqlite"))

    monkeypatch.setattr(
        run, "STAGES", tuple((n, full if n == "render" else f) for n, f in run.STAGES)
    )
    capsys.readouterr()
    assert cli.main(["build", str(corpus), "-o", str(out), "--no-pdf", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert "No space left on device" in err and str(out) in err
    assert "previous output" in err
    assert snapshot(out) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["corpus", "out"]
