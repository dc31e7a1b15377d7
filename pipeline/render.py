"""Stage 8, render: write every build product into the output folder.

``PRODUCTS`` is the one list of what a build writes, in order; the build, the
Python API's in-memory codex (``Codex.build``) and the tests all write through
``write_products``. A new output format is one more ``Product`` here.

Everything written is a function of the corpus alone, so two builds of the same
corpus give byte-identical output.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from . import export, link, merge

if TYPE_CHECKING:
    from .run import Build

OUTPUT_README = Path(__file__).resolve().parent / "templates" / "output-README.md"


def _always(b: Build) -> bool:
    return True


@dataclass(frozen=True, slots=True)
class Product:
    """One file or folder of the output and the function that writes it."""

    path: str
    """Where it goes, relative to the output folder (a folder ends in ``/``)."""
    write: Callable[[Build, Path], None]
    """Writes it: ``write(build, path)``; ``path`` is the output folder joined with ``path``."""
    lookup: bool = False
    """Needed by the reading commands and the Python API (``kodeks show``, ``Codex``):
    ``write_products(..., lookup_only=True)`` writes just these."""
    when: Callable[[Build], bool] = _always
    """Whether this build writes it (the PDF only without ``--no-pdf``)."""


def _sources(b: Build, folder: Path) -> None:
    for tree in b.trees:
        export.dump(folder / f"{tree.source.stem}.json", export.source_json(tree))


def _readme(b: Build, path: Path) -> None:
    path.write_text(OUTPUT_README.read_text(encoding="utf-8"), encoding="utf-8")


def _site(b: Build, folder: Path) -> None:
    from . import site

    site.render_site(b.codex, folder, b)


def _index(b: Build, path: Path) -> None:
    from . import search

    # the index remembers which codex.json it was built from, so a stale one is detected
    digest = hashlib.sha256((path.parent / "codex.json").read_bytes()).hexdigest()
    search.build_index(b.codex, path, codex_hash=digest)


def _pdf(b: Build, path: Path) -> None:
    from . import pdf

    pdf.render_pdf(b.codex, path, b)


PRODUCTS: tuple[Product, ...] = (
    Product("sources/", _sources),
    Product("codex.json", lambda b, p: export.dump(p, export.codex_json(b.codex)), lookup=True),
    Product("links.json", lambda b, p: export.dump(p, link.all_links(b.codex)), lookup=True),
    Product("coverage.json", lambda b, p: export.dump(p, merge.coverage(b.codex)), lookup=True),
    Product("README.md", _readme),
    Product("html/", _site),
    Product("codex.sqlite", _index, lookup=True),  # after codex.json: it records its hash
    Product("codex.pdf", _pdf, when=lambda b: b.pdf),
    Product("report.json", lambda b, p: export.dump(p, export.report_json(b))),
)
"""Every build product, in the order written."""


def write_products(b: Build, out: Path, *, lookup_only: bool = False) -> None:
    """Write the products of ``b`` into the folder ``out`` (only the lookup ones
    with ``lookup_only``)."""
    out.mkdir(parents=True, exist_ok=True)
    for product in PRODUCTS:
        if (product.lookup or not lookup_only) and product.when(b):
            product.write(b, out / product.path)
