"""Imported by the pool's forkserver process only (``executor.Pool`` names it in
the forkserver's preload list), never by a build process.

The forkserver forks each pool worker on request from the build process. When a
build is stopped (Ctrl-C, SIGTERM) while the pool is asking for a worker, the
request's connection closes half-way and the forkserver ends with an
``EOFError``; Python would print that as a traceback under the user's prompt.
A worker forked in that moment cannot start either: the pool's semaphores it
unpickles are already gone (``FileNotFoundError`` in ``multiprocessing.spawn``).
The build has already said how it stopped, so both end quietly; any other error
is still printed in full.

Ctrl-C reaches every process of the terminal's foreground group, the workers
too; it is the build process's to handle (it stops the pool). The forkserver
gives each child the SIGINT handler it had before its own loop began, so
ignoring SIGINT here makes a worker ignore it from the moment it is forked: a
worker still starting (importing the build's main module, compiling its
patterns) would otherwise print the interrupt as a traceback."""

from __future__ import annotations

import signal
import sys

_QUIET = (EOFError, ConnectionError)
"""The build process went away mid-request: nothing for the user to act on."""


def _starting_worker(tb) -> bool:
    """Whether the error came from a worker's start (``multiprocessing.spawn``)."""
    while tb is not None:
        code = tb.tb_frame.f_code
        if code.co_name == "_main" and code.co_filename.endswith("spawn.py"):
            return True
        tb = tb.tb_next
    return False


def _excepthook(kind, value, tb) -> None:
    if issubclass(kind, _QUIET) or (issubclass(kind, OSError) and _starting_worker(tb)):
        return
    sys.__excepthook__(kind, value, tb)


sys.excepthook = _excepthook
signal.signal(signal.SIGINT, signal.SIG_IGN)
