"""Imported by the pool's forkserver process only (``executor.Pool`` names it in
the forkserver's preload list), never by a build process.

The forkserver forks each pool worker on request from the build process. When a
build is stopped (Ctrl-C, SIGTERM) while the pool is asking for a worker, the
request's connection closes half-way and the forkserver ends with an
``EOFError``; Python would print that as a traceback under the user's prompt.
The build has already said how it stopped, so the forkserver ends quietly then;
any other error is still printed in full."""

from __future__ import annotations

import sys

_QUIET = (EOFError, ConnectionError)
"""The build process went away mid-request: nothing for the user to act on."""


def _excepthook(kind, value, tb) -> None:
    if issubclass(kind, _QUIET):
        return
    sys.__excepthook__(kind, value, tb)


sys.excepthook = _excepthook
