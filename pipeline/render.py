"""Stage 6, render: write every build product into the output folder.

- ``sources/<stem>.json``: each source's tree in the gold shape;
- ``codex.json`` (schema ``schemas/codex.schema.json``), ``links.json``,
  ``coverage.json``, ``report.json``;
- ``codex.sqlite``: nodes, references, backlinks and the full-text index;
- ``html/``: the static site; ``codex.pdf``: the printable book.

Everything written is a function of the corpus alone, so two builds of the same
corpus give byte-identical output.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from . import export, link, merge
from .run import Build, dump, report

OUTPUT_README = Path(__file__).resolve().parent / "templates" / "output-README.md"


def write_all(b: Build) -> None:
    out = b.out
    assert out is not None
    for tree in b.trees:
        dump(out / "sources" / f"{tree.source.stem}.json", export.source_json(tree))
    dump(out / "codex.json", export.codex_json(b.codex))
    dump(out / "links.json", link.all_links(b.codex))
    dump(out / "coverage.json", merge.coverage(b.codex))
    (out / "README.md").write_text(OUTPUT_README.read_text(encoding="utf-8"), encoding="utf-8")
    from . import site

    site.render_site(b.codex, out / "html", b)
    from . import search

    # the index remembers which codex.json it was built from, so a stale one is detected
    digest = hashlib.sha256((out / "codex.json").read_bytes()).hexdigest()
    search.build_index(b.codex, out / "codex.sqlite", codex_hash=digest)
    if b.pdf:
        from . import pdf

        if hasattr(pdf, "render_pdf"):
            pdf.render_pdf(b.codex, out / "codex.pdf", b)
    dump(out / "report.json", report(b))
