"""Where the per-source work of a build runs: in this process, in a process pool,
or on a Dask cluster.

Contract: ``map(fn, *iterables, **common)`` returns ``[fn(*args, **common) for
args in zip(*iterables)]`` in input order, whichever executor runs it, so a
build's output does not depend on where it ran. ``reduce(fn, items)`` returns
``fn(items)``; on Dask it runs as one task over the gathered results (the
merge). ``fn`` must be a module-level function (or a ``functools.partial`` of
one) so that it can be sent to another process. ``common`` holds values every
call shares (the build's vocabulary, the shared line counts); they are sent
once per worker on Dask rather than once per task.

Executors are context managers: leaving the ``with`` block stops the pool or
the local cluster they started (a cluster given by ``--scheduler`` is left
running; only the client is closed).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from functools import partial
from typing import Any

from .errors import KodeksError

EXECUTORS = ("local", "dask")

BYTES_PER_WORKER = 1_000_000
"""Without ``--jobs``, a build starts one worker per this many bytes of source
files, up to one per core (``Pool.fit``). A worker first imports the
stages and loads the dictionary, and every source and result crosses between
processes; below about a megabyte of text that costs more than the second core
saves (``benchmarks/bench_parallel.py`` measures both), so a small corpus is
built in one process."""


def default_jobs() -> int:
    """The number of cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not Linux
        return max(1, os.cpu_count() or 1)


class Serial:
    """Everything in this process, one source after another."""

    def map(self, fn: Callable, *iterables: Iterable, **common: Any) -> list:
        return [fn(*args, **common) for args in zip(*iterables, strict=True)]

    def map_files(self, fn: Callable, *iterables: Iterable, **common: Any) -> list:
        """``map`` for calls that read this machine's files (``read_source``): a
        pool runs them, a Dask cluster (whose workers may be on other hosts)
        leaves them to this process."""
        return self.map(fn, *iterables, **common)

    def reduce(self, fn: Callable, items: list) -> Any:
        return fn(items)

    def fit(self, size: int) -> None:
        """Told the corpus's size (bytes of its source files) before the first
        map; only a pool whose size was left to Kodeks uses it."""

    def close(self) -> None:
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()


class Pool(Serial):
    """A pool of ``jobs`` worker processes on this machine, started on first use.

    ``auto``: the number was not given, so ``fit`` lowers it to one worker per
    ``BYTES_PER_WORKER`` of source files (one: no pool at all)."""

    def __init__(self, jobs: int, *, auto: bool = False):
        self.jobs = jobs
        self.auto = auto
        self._pool: Any = None  # a ProcessPoolExecutor once started

    def fit(self, size: int) -> None:
        if self.auto and self._pool is None:
            self.jobs = max(1, min(self.jobs, size // BYTES_PER_WORKER))

    def map(self, fn: Callable, *iterables: Iterable, **common: Any) -> list:
        columns = [list(it) for it in iterables]
        n = len(columns[0])
        if n <= 1 or self.jobs <= 1:  # a pool for one source costs more than it saves
            return super().map(fn, *columns, **common)
        if self._pool is None:
            import multiprocessing
            from concurrent.futures import ProcessPoolExecutor

            # Workers come from a fresh forkserver, not forked from this process: a
            # forked worker would inherit the lock on the build's temporary folder and
            # keep it after a killed build, so the next build could not clean up.
            ctx = multiprocessing.get_context("forkserver")
            self._pool = ProcessPoolExecutor(max_workers=self.jobs, mp_context=ctx)
        # A few chunks per worker, not one task per source: the shared values
        # (``common``: the vocabulary, the line counts) travel with each chunk, and
        # each task costs a round trip; a few chunks per worker still even out
        # sources of different sizes.
        chunk = max(1, n // (self.jobs * 4))
        call = partial(fn, **common) if common else fn
        return list(self._pool.map(call, *columns, chunksize=chunk))

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(cancel_futures=True)
            self._pool = None


class Dask(Serial):
    """Tasks on a Dask cluster: the one at ``scheduler`` (``tcp://HOST:PORT``), or
    a ``LocalCluster`` of ``workers`` processes started here."""

    def __init__(self, scheduler: str | None = None, workers: int | None = None):
        try:
            from dask.distributed import Client, LocalCluster
        except ImportError as exc:
            raise KodeksError(
                "--executor dask needs dask.distributed: pip install 'dask[distributed]'"
            ) from exc
        self._cluster = None
        try:
            if scheduler:
                self.client = Client(scheduler, timeout="30s")
            else:
                n = workers or default_jobs()
                self._cluster = LocalCluster(
                    n_workers=n, threads_per_worker=1, processes=True, dashboard_address=None
                )
                self.client = Client(self._cluster)
        except (OSError, TimeoutError) as exc:
            self.close()
            raise KodeksError(
                f"Dask scheduler {scheduler or 'local'}: cannot connect ({exc})"
            ) from exc

    def map(self, fn: Callable, *iterables: Iterable, **common: Any) -> list:
        columns = [list(it) for it in iterables]
        shared = {k: self.client.scatter(v, broadcast=True) for k, v in common.items()}
        futures = self.client.map(fn, *columns, pure=False, **shared)
        return self.client.gather(futures)

    def map_files(self, fn: Callable, *iterables: Iterable, **common: Any) -> list:
        # the workers may be on other hosts: the files are read here and only
        # their text is sent (docs/scale.md)
        return Serial.map(self, fn, *iterables, **common)

    def reduce(self, fn: Callable, items: list) -> Any:
        return self.client.submit(fn, items, pure=False).result()

    def close(self) -> None:
        client = getattr(self, "client", None)
        if client is not None:
            client.close()
        if self._cluster is not None:
            self._cluster.close()
            self._cluster = None


def make(executor: str = "local", jobs: int | None = None, scheduler: str | None = None) -> Serial:
    """The executor a build asked for (``jobs``: worker processes; ``None``: one
    per core, fewer for a small corpus: see ``BYTES_PER_WORKER``)."""
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
