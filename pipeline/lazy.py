"""Patterns compiled on first use.

``Pattern(source)`` stands for ``regex.compile(source)`` and reads as the
compiled pattern (``match``, ``finditer``, ``sub``, ``pattern`` …), but compiles
it, and imports ``regex``, only when it is first used. A module that defines its
patterns at import (``addresses``, ``editions``) then costs a lookup command
(``kodeks show``) nothing for the patterns that command never uses: compiling
the address patterns and importing ``regex`` was a fifth of its start-up.

Flags are written inline at the start of the source (``(?i)``, ``(?x)``), so
that defining a pattern needs no ``regex`` constant. A source that depends on
data read later (the division words of the table of editions) is given as a
function returning it, called at the first use too.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class Pattern:
    """A ``regex`` pattern compiled when first used."""

    __slots__ = ("_compiled", "_source")

    def __init__(self, source: str | Callable[[], str]):
        self._source = source
        self._compiled: Any = None

    def compiled(self) -> Any:
        """The compiled ``regex.Pattern``."""
        if self._compiled is None:
            import regex

            source = self._source if isinstance(self._source, str) else self._source()
            self._compiled = regex.compile(source)
        return self._compiled

    def __getattr__(self, name: str) -> Any:
        # only names a Pattern does not have itself: the compiled pattern's
        return getattr(self.compiled(), name)

    def __repr__(self) -> str:
        return f"Pattern({self._source!r})"
