"""Stage 9, render: write every build product into the output folder.

``PRODUCTS`` is the one list of what a build writes, in order; the build, the
Python API's in-memory codex (``api.build``) and the tests all write through
``render``. A new output format is one more ``Product`` here.

The standard formats (``akn/<edition>/``: Akoma Ntoso 3.0, ``codex.epub``: EPUB 3,
``codex.pdf``: the tagged PDF) are products too; ``FORMATS`` names them for
``kodeks export`` (``run.export``), which writes one alone (``write_format``).

Everything written is a function of the corpus alone, so two builds of the same
corpus give byte-identical output.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from . import export, link, merge, output

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
    ``render(..., lookup_only=True)`` writes just these."""
    when: Callable[[Build], bool] = _always
    """Whether this build writes it (the PDF only without ``--no-pdf``)."""


def _sources(b: Build, folder: Path) -> None:
    from . import spill

    for tree in spill.held(b.trees):
        path = folder / f"{tree.source.stem}.json"
        if spill.is_light(tree.cleaned):
            # written by the source's task, with the same ``export.dump``
            spill.move_source_json(tree.cleaned, path)
        else:
            export.dump(path, export.source_json(tree))


def _row(row: dict) -> dict:
    return row


def _readme(b: Build, path: Path) -> None:
    path.write_text(OUTPUT_README.read_text(encoding="utf-8"), encoding="utf-8")


def _site(b: Build, folder: Path) -> None:
    from . import site

    b.diagnostics.extend(site.render_site(b.codex, folder, b))


def _index(b: Build, path: Path) -> None:
    from . import search

    # the index remembers which codex.json it was built from, so a stale one is detected
    digest = search.file_sha256(path.parent / "codex.json")
    search.build_index(b.codex, path, codex_hash=digest)
    # every other edition is indexed on its own, beside it (codex-1997.sqlite)
    for edition, other in b.codex.others.items():
        search.build_index(other, path.with_name(search.index_name(edition)), codex_hash=digest)


def _pdf(b: Build, path: Path) -> None:
    from . import pdf

    pdf.render_pdf(b.codex, path, b)
    # one more PDF per other edition of the corpus, beside it: codex-1997.pdf …
    pdf.render_edition_pdfs(b.codex, path.parent)


def _akn(b: Build, folder: Path) -> None:
    from . import akn

    b.diagnostics.extend(akn.write_akn(b.codex, folder, b.edition))


def _epub(b: Build, path: Path) -> None:
    from . import epub

    epub.write_epub(b.codex, path, b.edition)


PRODUCTS: tuple[Product, ...] = (
    Product("sources/", _sources),
    Product(
        "codex.json",
        lambda b, p: export.dump(p, export.codex_json(b.codex, lazy=True)),
        lookup=True,
    ),
    Product(
        "links.json",
        lambda b, p: export.dump(p, export.Lazy(_row, link.iter_links(b.codex))),
        lookup=True,
    ),
    Product("coverage.json", lambda b, p: export.dump(p, merge.coverage(b.codex)), lookup=True),
    Product("README.md", _readme),
    Product("html/", _site),
    Product("codex.sqlite", _index, lookup=True),  # after codex.json: it records its hash
    Product("akn/", _akn, when=lambda b: b.akn),
    Product("codex.epub", _epub, when=lambda b: b.epub),
    Product("codex.pdf", _pdf, when=lambda b: b.pdf),  # and codex-<edition>.pdf per other edition
    Product("report.json", lambda b, p: export.dump(p, export.report_json(b, lazy=True))),
    # last: the stamp that lets the next build replace this folder (pipeline/output.py)
    Product(output.STAMP, lambda b, p: output.write_stamp(p)),
)
"""Every build product, in the order written."""


def render(b: Build, out: Path, *, lookup_only: bool = False) -> None:
    """Write the products of ``b`` into the folder ``out`` (only the lookup ones
    with ``lookup_only``)."""
    from .spill import release, trim

    out.mkdir(parents=True, exist_ok=True)
    for product in PRODUCTS:
        if (product.lookup or not lookup_only) and product.when(b):
            product.write(b, out / product.path)
            if product.path in HEAVY:
                release(b)
            elif b.spill is not None:
                trim()  # what the product freed, back to the system before the next


HEAVY = ("html/", "codex.sqlite", "akn/")
"""The products after which a build lets go of its caches and garbage (``spill.release``)."""

FORMATS: dict[str, str] = {"akn": "akn/", "epub": "codex.epub", "pdf": "codex.pdf"}
"""The standard formats ``kodeks export`` writes: name → the path of its product."""


# how much of an Akoma Ntoso file ``check_target`` reads to find Kodeks's provenance
_AKN_HEAD = 1 << 16


def check_target(name: str, target: Path, force: bool) -> None:
    """Refuse an unknown format, and a ``target`` whose present content Kodeks did
    not write: an export replaces only its own files (``force`` replaces a file of
    the user's)."""
    import zipfile

    from .errors import KodeksError

    if name not in FORMATS:
        raise KodeksError(f"unknown format {name!r}; choose one of {', '.join(FORMATS)}")
    if name == "akn":
        from .akn import FILES, PROV_NS

        if target.exists() and not target.is_dir():
            raise KodeksError(f"{target} is a file; akn writes a folder: choose a folder path")
        for path in sorted(p for n in FILES for p in target.glob(f"*/{n}")):
            # Kodeks's provenance opens in <meta>, before any body: the head of
            # the file tells, however large the document is
            with path.open("rb") as f:
                head = f.read(_AKN_HEAD)
            if PROV_NS.encode() not in head:
                raise KodeksError(f"{path} was not written by Kodeks; choose another folder")
        return
    if not target.exists():
        return
    if target.is_dir():
        raise KodeksError(f"{target} is a folder; {name} writes a file: give a file path")
    ours = False
    if name == "epub" and zipfile.is_zipfile(target):
        with zipfile.ZipFile(target) as z:
            names = z.namelist()
            ours = (
                names[:1] == ["mimetype"]
                and "OEBPS/content.opf" in names
                and b"urn:kodeks:" in z.read("OEBPS/content.opf")
            )
    if not ours and not force:
        raise KodeksError(
            f"{target} exists and Kodeks cannot tell it wrote it; "
            "choose another path or pass --force to replace it"
        )


def write_format(name: str, b: Build, target: Path) -> None:
    """Write the standard format ``name`` of ``b`` to ``target`` alone (after
    ``check_target``): the same ``Product`` a build writes."""
    product = next(p for p in PRODUCTS if p.path == FORMATS[name])
    product.write(b, target)
