"""The per-source stages give the same output wherever they run: one process,
a process pool (``--jobs``) or Dask tasks (``--executor dask``)."""

from __future__ import annotations

import os
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
    proc = kodeks(*build_args(CORPUS, out, "--executor", "dask", "--jobs", "2"), check=True)
    assert_same(serial, out)
    # neither Dask's warnings (a large graph, a worker killed at close) nor a traceback
    assert "Warning" not in proc.stderr and "still alive" not in proc.stderr
    assert "Traceback" not in proc.stderr


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
    monkeypatch.setattr(executor.os, "getloadavg", lambda: (0.0, 0.0, 0.0))
    small = executor.make("local", None)
    small.fit([executor.BYTES_PER_WORKER // 2 - 1] * 2)
    assert small.map(pow, [2, 3], [2, 2]) == [4, 9]
    assert getattr(small, "_pool", None) is None  # no worker was started
    big = executor.make("local", None)
    big.fit([executor.BYTES_PER_WORKER] * 50)
    assert big.jobs == 2
    given = executor.make("local", 2)
    given.fit([0])  # a number the user gave stands
    assert given.jobs == 2


def test_without_jobs_a_corpus_that_is_mostly_one_file_is_built_in_one_process(monkeypatch):
    """One file is one task: a second worker would only wait for the first."""
    from pipeline import executor

    monkeypatch.setattr(executor, "default_jobs", lambda: 2)
    monkeypatch.setattr(executor.os, "getloadavg", lambda: (0.0, 0.0, 0.0))
    one_big = executor.make("local", None)
    one_big.fit([20 * executor.BYTES_PER_WORKER, executor.BYTES_PER_WORKER])
    assert one_big.jobs == 1
    halves = executor.make("local", None)
    halves.fit([10 * executor.BYTES_PER_WORKER, 10 * executor.BYTES_PER_WORKER])
    assert halves.jobs == 2


_loads = 0
"""How many times this process unpickled a ``_Counted`` (in a pool's worker)."""


def test_without_jobs_a_busy_machine_gets_no_more_workers_than_idle_cores():
    """The pool's extra CPU is lost where its workers get no core of their own."""
    from pipeline import executor

    many = [executor.BYTES_PER_WORKER] * 50
    assert executor.useful_workers(many, 2, load=0.2) == 2
    assert executor.useful_workers(many, 2, load=1.0) == 1
    assert executor.useful_workers(many, 2, load=20.0) == 1
    assert executor.useful_workers(many, 8, load=5.0) == 3


def _load_counted() -> _Counted:
    global _loads
    _loads += 1
    return _Counted()


class _Counted:
    """A shared value that counts, in the process that receives it, each time it
    arrives (is unpickled)."""

    def __reduce__(self):
        return (_load_counted, ())


def _value_seen(item: int, *, common: _Counted, offset: int) -> tuple[int, int, int]:
    import os

    assert isinstance(common, _Counted)
    return os.getpid(), _loads, item + offset


def test_a_pool_sends_the_shared_values_to_each_worker_once_per_map():
    """The vocabulary reaches a worker once, not with every chunk of tasks."""
    from pipeline import executor

    before: dict[int, int] = {}
    with executor.Pool(2) as pool:
        for offset in (1000, 7):  # a second map sends its own values, once
            seen = pool.map(_value_seen, range(64), common=_Counted(), offset=offset)
            assert [total for _pid, _loads, total in seen] == [i + offset for i in range(64)]
            loads: dict[int, set[int]] = {}
            for pid, n, _total in seen:
                loads.setdefault(pid, set()).add(n)
            # every task a worker ran in this map saw the same, single, arrival
            assert all(len(n) == 1 for n in loads.values()), loads
            for pid, (n,) in loads.items():
                assert n == before.get(pid, 0) + 1, loads
                before[pid] = n


# -- a realistic corpus: sources of many sizes, the damage of real ones -------------


@pytest.fixture(scope="module")
def realistic(tmp_path_factory) -> Path:
    """About 0.4 MB of sources of 5-60 KB (``benchmarks/realistic.py``)."""
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from benchmarks.realistic import small_files

    folder = tmp_path_factory.mktemp("realistic") / "corpus"
    small_files(folder, 0.4, seed=11)
    return folder


def test_two_jobs_write_the_same_bytes_as_one_on_a_realistic_corpus(realistic, tmp_path):
    one, two = tmp_path / "one", tmp_path / "two"
    kodeks(*build_args(realistic, one, "--jobs", "1"))
    kodeks(*build_args(realistic, two, "--jobs", "2"))
    assert len(list(realistic.iterdir())) > 2
    assert_same(one, two)


def _descendants(pid: int) -> list:
    import psutil

    try:
        return psutil.Process(pid).children(recursive=True)
    except psutil.NoSuchProcess:
        return []


@pytest.mark.parametrize("how", ["SIGTERM", "Ctrl-C", "SIGKILL"])
def test_a_killed_build_leaves_no_worker_processes_and_no_partial_output(realistic, tmp_path, how):
    import signal
    import subprocess
    import time

    import psutil

    from pipeline.cli import build_command

    out = tmp_path / "out"
    kodeks(*build_args(CORPUS, out), check=True)  # the previous output
    before = files(out)
    beside = sorted(p.name for p in tmp_path.iterdir())
    proc = subprocess.Popen(
        build_command(realistic, out, "--jobs", "2"),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own process group, as a shell gives a command
    )
    try:
        deadline = time.monotonic() + 300
        workers: list = []
        while time.monotonic() < deadline and proc.poll() is None:
            # the pool's workers are the forkserver's children, two levels down
            workers = [p for p in _descendants(proc.pid) if p.ppid() != proc.pid]
            if len(workers) >= 2:
                break
            time.sleep(0.05)
        assert len(workers) >= 2, "the build ended before its workers started"
        everyone = _descendants(proc.pid)
        if how == "SIGTERM":
            proc.send_signal(signal.SIGTERM)
        elif how == "Ctrl-C":  # the terminal signals the whole foreground group
            os.killpg(proc.pid, signal.SIGINT)
        else:
            proc.kill()
        _stdout, stderr = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
    _gone, alive = psutil.wait_procs(everyone, timeout=30)
    assert not alive, f"left running after {how}: {[p.pid for p in alive]}"
    assert files(out) == before  # the previous output is untouched
    if how != "SIGKILL":  # a SIGKILL leaves the temporary folder to the next build
        assert proc.returncode == {"SIGTERM": 143, "Ctrl-C": 130}[how]
        assert "Traceback" not in stderr
        assert sorted(p.name for p in tmp_path.iterdir()) == beside


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


def test_the_forkserver_ends_quietly_when_the_build_goes_away_mid_request():
    """A build stopped while its pool asks the forkserver for a worker closes the
    request half-way; the forkserver's EOFError must not reach the user's terminal
    as a traceback, and any other error still does."""
    import subprocess
    import sys

    from pipeline import executor

    assert executor.FORKSERVER_PRELOAD[0] == "pipeline.forkserver"
    code = "import pipeline.forkserver\nraise {}('x')"
    quiet = subprocess.run(
        [sys.executable, "-c", code.format("EOFError")], capture_output=True, text=True
    )
    assert quiet.returncode == 1 and quiet.stderr == ""
    loud = subprocess.run(
        [sys.executable, "-c", code.format("ValueError")], capture_output=True, text=True
    )
    assert "Traceback" in loud.stderr and "ValueError: x" in loud.stderr
    # a worker that cannot start because the stopped build's semaphores are gone
    start = (
        "import pipeline.forkserver\n"
        "def _main():\n    raise FileNotFoundError('semaphore')\n"
        "_main.__code__ = _main.__code__.replace(co_filename='multiprocessing/spawn.py')\n"
        "_main()"
    )
    quiet = subprocess.run([sys.executable, "-c", start], capture_output=True, text=True)
    assert quiet.returncode == 1 and quiet.stderr == ""
    loud = subprocess.run(
        [sys.executable, "-c", "import pipeline.forkserver\nopen('/nonexistent/x')"],
        capture_output=True,
        text=True,
    )
    assert "FileNotFoundError" in loud.stderr


def test_a_worker_ignores_ctrl_c_from_the_moment_it_is_forked():
    """Ctrl-C reaches the workers too. One still starting (before the pool's
    initializer runs, importing the build's main module) must already ignore it,
    or it prints the interrupt as a traceback under the user's prompt."""
    import multiprocessing
    import signal

    from pipeline import executor

    ctx = multiprocessing.get_context("forkserver")
    ctx.set_forkserver_preload(list(executor.FORKSERVER_PRELOAD))
    with ctx.Pool(1) as pool:  # no initializer: what a worker has as it is forked
        assert pool.apply(signal.getsignal, (signal.SIGINT,)) is signal.SIG_IGN


@pytest.mark.parametrize("signame, code", [("SIGINT", 130), ("SIGTERM", 143)])
def test_an_interrupt_inside_a_destructor_still_stops_the_program(tmp_path, signame, code):
    """An interrupt that lands while Python runs a ``__del__`` (a library's,
    mid-compile) cannot unwind from there; Python would print it and carry on.
    The build process delivers it again, so it stops quietly with the right status."""
    import subprocess
    import sys

    script = tmp_path / "interrupted.py"
    script.write_text(
        "import signal, sys, time\n"
        "from pipeline import cli\n"
        "class Compiling:\n"
        "    def __del__(self):\n"
        f"        signal.raise_signal(signal.{signame})\n"
        "        time.sleep(0)\n"
        "def run(args):\n"
        "    Compiling()\n"
        "    for _ in range(10**6):\n"
        "        pass\n"
        "    print('not stopped')\n"
        "cli.parser = lambda **kw: type('P', (), {'parse_args': lambda self, a: "
        "type('A', (), {'func': staticmethod(run), 'command': 'build'})()})()\n"
        "status = cli.main(['build'])\n"
        "assert sys.unraisablehook is sys.__unraisablehook__\n"
        "sys.exit(status)\n"
    )
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True)
    assert done.returncode == code, done.stderr
    assert done.stdout == "" and done.stderr == ""


def test_dealing_calls_into_dask_tasks_keeps_each_once_and_evens_them_out():
    from pipeline import executor

    for n, workers in [(1, 2), (7, 2), (16, 2), (369, 2), (1000, 3)]:
        dealt = executor.deal(n, workers)
        assert sorted(i for idx in dealt for i in idx) == list(range(n))
        assert len(dealt) <= workers * executor.TASKS_PER_WORKER
        assert max(map(len, dealt)) - min(map(len, dealt)) <= 1


def test_dask_gives_results_in_order_and_closes_its_cluster_quietly(monkeypatch, caplog):
    """A worker slow to end is killed by Dask at close, with a warning that a busy
    machine made common; the results are all in by then, so the user sees none."""
    pytest.importorskip("dask.distributed")
    import logging

    from distributed import nanny

    from pipeline import executor

    ex = executor.make("dask", 1)
    try:
        assert ex.map(pow, range(40), [2] * 40) == [i * i for i in range(40)]
        assert ex.map_files(pow, [3], [3]) == [27]
        assert ex.reduce(sum, [1, 2, 3]) == 6
        close = nanny.Nanny.close

        async def slow(self, *args, **kwargs):
            # what Dask says when, on a loaded machine, the worker does not end in time
            nanny.logger.warning("Worker process still alive after 4.0 seconds, killing")
            return await close(self, *args, **kwargs)

        monkeypatch.setattr(nanny.Nanny, "close", slow)
        caplog.set_level(logging.INFO)
    finally:
        ex.close()
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING], caplog.text
