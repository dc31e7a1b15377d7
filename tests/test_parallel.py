"""The per-source stages give the same output wherever they run: one process,
a process pool (``--jobs``) or Dask tasks (``--executor dask``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from kodeks_testing import CORPUS, kodeks
from pipeline.cli import build_args


def files(out: Path) -> dict[str, bytes]:
    """Every file of a build folder, by its path inside the folder."""
    return {str(p.relative_to(out)): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()}


def assert_same(one: Path, other: Path) -> None:
    a, b = files(one), files(other)
    assert a.keys() == b.keys()
    assert a, "the build wrote nothing"
    differ = [name for name in a if a[name] != b[name]]
    assert not differ, f"files differ: {differ[:10]}"


@pytest.fixture(scope="module")
def serial(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("jobs1") / "out"
    kodeks("build", str(CORPUS), "-o", str(out), "--no-pdf", "-q", "--jobs", "1", check=True)
    return out


def test_two_jobs_write_the_same_bytes_as_one(serial, tmp_path):
    out = tmp_path / "out"
    kodeks("build", str(CORPUS), "-o", str(out), "--no-pdf", "-q", "--jobs", "2", check=True)
    assert_same(serial, out)


def test_dask_build_writes_the_same_bytes_as_the_local_one(serial, tmp_path):
    pytest.importorskip("dask.distributed")
    out = tmp_path / "out"
    kodeks(*build_args(CORPUS, out, "--executor", "dask", "--jobs", "2"), check=True)
    assert_same(serial, out)


@pytest.mark.parametrize(
    "args, says",
    [
        (("--jobs", "0"), "--jobs 0"),
        (("--scheduler", "tcp://127.0.0.1:1"), "--executor dask"),
    ],
)
def test_bad_executor_options_are_clear_errors(tmp_path, args, says):
    proc = kodeks("build", str(CORPUS), "-o", str(tmp_path / "out"), "--no-pdf", "-q", *args)
    assert proc.returncode != 0
    assert says in proc.stderr + proc.stdout
    assert "Traceback" not in proc.stderr
    assert not (tmp_path / "out").exists()


def test_without_jobs_a_small_corpus_is_built_in_one_process(monkeypatch):
    from pipeline import executor

    monkeypatch.setattr(executor, "default_jobs", lambda: 2)
    small = executor.make("local", None)
    small.fit(executor.BYTES_PER_WORKER - 1)
    assert small.map(pow, [2, 3], [2, 2]) == [4, 9]
    assert getattr(small, "_pool", None) is None  # no worker was started
    big = executor.make("local", None)
    big.fit(50 * executor.BYTES_PER_WORKER)
    assert big.jobs == 2
    given = executor.make("local", 2)
    given.fit(0)  # a number the user gave stands
    assert given.jobs == 2


def test_reading_in_a_pool_gives_the_same_sources_and_messages(tmp_path):
    from pipeline import executor
    from pipeline.read import read

    corpus = tmp_path / "corpus"
    corpus.mkdir()
    outside = tmp_path / "outside.txt"
    outside.write_text("Правило 1. Текст вне корпуса.\n", encoding="utf-8")
    for name in sorted(p.name for p in CORPUS.glob("*.txt")):
        (corpus / name).write_bytes((CORPUS / name).read_bytes())
    (corpus / "001a_link.txt").symlink_to(outside)  # refused, between two sources
    (corpus / "zz_bad.txt").write_bytes(b"\xff\xfe\x00\xd8 broken")
    serial = read(corpus)
    with executor.Pool(2) as pool:
        pooled = read(corpus, pool)
        assert pool._pool is not None  # the files were read by the workers
    assert pooled == serial
    codes = [d.code for d in serial[1]]
    assert "K111" in codes
