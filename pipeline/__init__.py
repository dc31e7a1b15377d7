"""Kodeks: the Russian Laws of Duplicate Contract Bridge as a clean,
structured, cross-linked codex with executable rulings.

    from pipeline import Codex
    codex = Codex.load("output")          # or Codex.build("corpus")
    codex["64A1"].title, codex["64A1"].backlinks
    codex.search("выявленный фальшренонс")[0].address

The stages (``pipeline.run.STAGES``): read → profile → clean → segment → refs → merge → link → check → render.
"""

from __future__ import annotations

__version__ = "0.1.0"
__all__ = ["Codex", "__version__"]


def __getattr__(name: str):
    # Imported lazily: ``import pipeline`` stays cheap for the CLI and the stages.
    if name == "Codex":
        from .api import Codex

        return Codex
    raise AttributeError(name)
