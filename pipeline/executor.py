"""Where the per-source work of a build runs: in this process, in a process pool,
or on a Dask cluster.

Contract: ``map(fn, *iterables, **common)`` returns ``[fn(*args, **common) for
args in zip(*iterables)]`` in input order, whichever executor runs it, so a
build's output does not depend on where it ran. ``reduce(fn, items)`` returns
``fn(items)``; on Dask it runs as one task over the gathered results (the
merge). ``fn`` must be a module-level function (or a ``functools.partial`` of
one) so that it can be sent to another process. ``common`` holds values every
call shares (the build's vocabulary, the shared line counts): they reach each
worker process once per ``map`` (a pool pickles them once and each worker
unpickles them on its first task; Dask scatters them to every worker), never
once per task.

Executors are context managers: leaving the ``with`` block stops the pool or
the local cluster they started (a cluster given by ``--scheduler`` is left
running; only the client is closed). Leaving it by an exception (Ctrl-C, a
SIGTERM the CLI turned into one) stops the pool's workers at once rather than
waiting for their tasks, and a worker whose build process died (even by
SIGKILL) dies with it, so a killed build leaves no worker processes behind.
"""

from __future__ import annotations

import math
import os
import pickle
from collections.abc import Callable, Iterable
from functools import partial
from typing import Any

from .errors import KodeksError

EXECUTORS = ("local", "dask")

BYTES_PER_WORKER = 1_500_000
"""Without ``--jobs``, a build starts one worker per this many bytes of source
files, up to one per idle core, and no more workers than its biggest file
leaves work for (``useful_workers``). Starting the forkserver and the workers
costs about 2.5 s of CPU, and receiving the trees about 0.25 s per MB
(``benchmarks/bench_parallel.py``, 4 MB: 8.1 s of CPU in one process, 11.5 s
with two workers): two workers break even near 2 MB of text on two free cores,
so a corpus below 3 MB, or one that is mostly one big file, is built in one
process."""


def default_jobs() -> int:
    """The number of cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not Linux
        return max(1, os.cpu_count() or 1)


def useful_workers(sizes: list[int], cores: int, load: float | None = None) -> int:
    """How many workers a corpus of files of ``sizes`` bytes repays: one per
    ``BYTES_PER_WORKER``, no more than the biggest file leaves work for (a file
    is one task: with one file of 19 MB and one of 1 MB a second worker would
    wait for the first), and no more than the cores other programs leave idle
    (``load``: the load average, read from the system when not given): on a busy
    machine a worker gets no core of its own, and the pool's extra CPU is lost."""
    total = sum(sizes)
    if not total:
        return 1
    if load is None:
        try:
            load = os.getloadavg()[0]
        except OSError:  # not available: assume the cores are free
            load = 0.0
    idle = math.ceil(cores - load)  # a load of 0.6 on two cores leaves both
    by_size = total // BYTES_PER_WORKER
    by_largest = total // max(sizes)
    return max(1, min(cores, idle, by_size, by_largest))


class Serial:
    """Everything in this process, one source after another."""

    local_files = True
    """Its tasks run on this machine and may write files the build reads
    (``pipeline.spill``); not so on Dask."""

    def map(self, fn: Callable, *iterables: Iterable, **common: Any) -> list:
        return [fn(*args, **common) for args in zip(*iterables, strict=True)]

    def map_files(self, fn: Callable, *iterables: Iterable, **common: Any) -> list:
        """``map`` for calls that read this machine's files (``read_source``): a
        pool runs them, a Dask cluster (whose workers may be on other hosts)
        leaves them to this process."""
        return self.map(fn, *iterables, **common)

    def reduce(self, fn: Callable, items: list) -> Any:
        return fn(items)

    def fit(self, sizes: list[int]) -> None:
        """Told the sizes (bytes) of the corpus's source files before the first
        map; only a pool whose size was left to Kodeks uses them."""

    def close(self, abort: bool = False) -> None:
        pass

    def __enter__(self):
        return self

    def __exit__(self, kind, *exc) -> None:
        self.close(abort=kind is not None)


# -- in a pool's worker process ------------------------------------------------

_common: tuple[int, dict[str, Any]] = (0, {})
"""This worker's copy of the values shared by the tasks of one map (its token and
the values), unpickled on the first task of that map that reaches this worker."""


def _with_common(fn: Callable, token: int, blob: bytes, *args: Any) -> Any:
    global _common
    if _common[0] != token:
        _common = (token, pickle.loads(blob))
    return fn(*args, **_common[1])


FORKSERVER_PRELOAD = ("pipeline.forkserver", "pipeline.run")
"""What the pool's forkserver imports once, before it forks any worker: its own
quiet ending (``pipeline.forkserver``), then the stages."""


def _start_worker() -> None:
    """Run in each pool worker as it starts. Ctrl-C is the build process's to
    handle (it stops the pool); and the worker asks the kernel to kill it when
    its parent, the forkserver, ends, which the forkserver does as soon as the
    build process ends, however it ends."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        import ctypes

        pr_set_pdeathsig = 1
        ctypes.CDLL(None, use_errno=True).prctl(pr_set_pdeathsig, signal.SIGKILL)
    except (OSError, AttributeError):  # not Linux: the pool's own shutdown only
        pass
    if os.getppid() == 1:  # the parent was gone before the request was made
        os._exit(1)


class Pool(Serial):
    """A pool of ``jobs`` worker processes on this machine, started on first use.

    ``auto``: the number was not given, so ``fit`` lowers it to what the corpus
    repays (``useful_workers``; one: no pool at all)."""

    def __init__(self, jobs: int, *, auto: bool = False):
        self.jobs = jobs
        self.auto = auto
        self._pool: Any = None  # a multiprocessing pool once started
        self._token = 0

    def fit(self, sizes: list[int]) -> None:
        if self.auto and self._pool is None:
            self.jobs = useful_workers(sizes, self.jobs)

    def map(self, fn: Callable, *iterables: Iterable, **common: Any) -> list:
        columns = [list(it) for it in iterables]
        n = len(columns[0])
        if n <= 1 or self.jobs <= 1:  # a pool for one task costs more than it saves
            return super().map(fn, *columns, **common)
        if self._pool is None:
            import multiprocessing

            # Workers come from a fresh forkserver, not forked from this process: a
            # forked worker would inherit the lock on the build's temporary folder and
            # keep it after a killed build, so the next build could not clean up.
            # The forkserver imports the stages once; each worker is a fork of it.
            ctx = multiprocessing.get_context("forkserver")
            ctx.set_forkserver_preload(list(FORKSERVER_PRELOAD))
            self._pool = ctx.Pool(self.jobs, initializer=_start_worker)
        self._token += 1
        # the shared values are pickled once here, not once per task
        call = partial(_with_common, fn, self._token, pickle.dumps(common, protocol=5))
        # A few chunks per worker, not one task per source: each chunk costs a
        # round trip and carries the shared values; several chunks per worker
        # still even out sources of different sizes.
        chunk = max(1, n // (self.jobs * 8))
        return self._pool.starmap(call, zip(*columns, strict=True), chunksize=chunk)

    def close(self, abort: bool = False) -> None:
        if self._pool is not None:
            pool, self._pool = self._pool, None
            if abort:
                pool.terminate()  # stop the workers now, mid-task
            else:
                pool.close()
            pool.join()


TASKS_PER_WORKER = 8
"""On Dask, the calls of one map are dealt into about this many tasks per
worker: each Dask task costs several milliseconds of scheduling, more than a
small source's work, while several tasks per worker still even out sources of
different sizes (the pool's chunks do the same)."""


def deal(n: int, workers: int) -> list[list[int]]:
    """The indexes ``0 … n-1`` dealt round-robin into at most ``TASKS_PER_WORKER``
    lists per worker: calls given biggest first spread evenly over the lists."""
    k = max(1, min(n, workers * TASKS_PER_WORKER))
    return [list(range(i, n, k)) for i in range(k)]


def _batch(fn: Callable, calls: list[tuple], **common: Any) -> list:
    """One Dask task: ``fn`` over several calls' arguments, in order."""
    return [fn(*args, **common) for args in calls]


class Dask(Serial):
    """Tasks on a Dask cluster: the one at ``scheduler`` (``tcp://HOST:PORT``), or
    a ``LocalCluster`` of ``workers`` processes started here.

    The calls of a map are dealt into a few tasks per worker (``deal``), and
    their arguments are scattered to the workers as data rather than written
    into the task graph (a graph holding the sources' texts is slow to send, and
    Dask warns about it). The workers of a local cluster are on this machine:
    they read the corpus's files themselves (``map_files``), as a pool's do; a
    remote cluster's workers get the text from the build process."""

    local_files = False

    def __init__(self, scheduler: str | None = None, workers: int | None = None):
        try:
            from dask.distributed import Client, LocalCluster
        except ImportError as exc:
            raise KodeksError(
                "--executor dask needs dask.distributed: pip install 'dask[distributed]'"
            ) from exc
        self._cluster = None
        self.workers = 1
        try:
            if scheduler:
                self.client = Client(scheduler, timeout="30s")
                self.workers = max(1, sum(self.client.nthreads().values()))
            else:
                self.workers = workers or default_jobs()
                self._cluster = LocalCluster(
                    n_workers=self.workers,
                    threads_per_worker=1,
                    processes=True,
                    dashboard_address=None,
                )
                self.client = Client(self._cluster)
        except (OSError, TimeoutError) as exc:
            self.close()
            raise KodeksError(
                f"Dask scheduler {scheduler or 'local'}: cannot connect ({exc})"
            ) from exc

    def map(self, fn: Callable, *iterables: Iterable, **common: Any) -> list:
        columns = [list(it) for it in iterables]
        n = len(columns[0]) if columns else 0
        if not n:
            return []
        # each value as ONE datum, sent to every worker once (a dict, a set or a
        # list given to scatter alone would become one datum per element)
        shared = {k: self.client.scatter([v], broadcast=True)[0] for k, v in common.items()}
        dealt = deal(n, self.workers)
        calls = [[tuple(col[i] for col in columns) for i in idx] for idx in dealt]
        data = self.client.scatter(calls, hash=False)
        futures = self.client.map(partial(_batch, fn), data, pure=False, **shared)
        out: list = [None] * n
        for idx, results in zip(dealt, self.client.gather(futures), strict=True):
            for i, r in zip(idx, results, strict=True):
                out[i] = r
        return out

    def map_files(self, fn: Callable, *iterables: Iterable, **common: Any) -> list:
        if self._cluster is not None:  # the workers are on this machine
            return self.map(fn, *iterables, **common)
        # a remote cluster's workers may be on other hosts: the files are read
        # here and only their text is sent (docs/scale.md)
        return Serial.map(self, fn, *iterables, **common)

    def reduce(self, fn: Callable, items: list) -> Any:
        # the items travel as data (one datum each), not inside the task graph
        return self.client.submit(fn, self.client.scatter(items, hash=False), pure=False).result()

    def close(self, abort: bool = False) -> None:
        import logging

        # A worker that takes longer than Dask's 4 s to end is killed, with a
        # warning ("Worker process still alive after 4.0 seconds, killing") that
        # a busy machine makes common. By then every result is in: nothing for
        # the user to act on, so Dask's messages below errors are not shown
        # while the cluster closes.
        quiet = logging.getLogger("distributed")
        level = quiet.level
        quiet.setLevel(logging.ERROR)
        try:
            client = getattr(self, "client", None)
            if client is not None:
                client.close()
            if self._cluster is not None:
                self._cluster.close()
                self._cluster = None
        finally:
            quiet.setLevel(level)


def make(executor: str = "local", jobs: int | None = None, scheduler: str | None = None) -> Serial:
    """The executor a build asked for (``jobs``: worker processes; ``None``: one
    per core, fewer for a small corpus: see ``useful_workers``)."""
    if executor not in EXECUTORS:
        raise KodeksError(f"unknown executor {executor!r}; choose one of {', '.join(EXECUTORS)}")
    if jobs is not None and jobs < 1:
        raise KodeksError(f"--jobs {jobs}: give at least 1")
    if executor == "dask":
        return Dask(scheduler, jobs)
    if scheduler:
        raise KodeksError("--scheduler needs --executor dask")
    if jobs is None:
        return Pool(default_jobs(), auto=True)
    return Serial() if jobs == 1 else Pool(jobs)
