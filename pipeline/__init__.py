"""Kodeks: the Russian Laws of Duplicate Contract Bridge as a clean,
structured, cross-linked codex with executable rulings.

    import pipeline
    codex = pipeline.load("output")       # or pipeline.build("corpus")
    codex["64A1"].title, codex["64A1"].backlinks
    codex.search("выявленный фальшренонс")[0].address

``load`` and ``build`` give a ``pipeline.api.CodexReader``; the data types are
``pipeline.model``'s.

The stages (``pipeline.run.STAGES``): read → profile → clean → segment → refs → merge → link → check → render.
"""

from __future__ import annotations

__version__ = "0.1.0"
__all__ = ["CodexReader", "__version__", "build", "load"]


def __getattr__(name: str):
    # Imported lazily: ``import pipeline`` stays cheap for the CLI and the stages.
    if name in ("CodexReader", "load", "build", "Codex"):
        from . import api

        return getattr(api, name)  # ``Codex``: the reader's old name, with a warning
    raise AttributeError(name)
