"""schema.org ``Legislation`` metadata (JSON-LD) for the law pages of the site.

Each law page carries one ``<script type="application/ld+json">`` naming the law
(``identifier`` its number, ``name`` «Правило N. Title»), its language (``ru``),
the edition's date (``legislationDate``) and the book it belongs to
(``isPartOf``: the Laws of the edition, identified by their Akoma Ntoso work URI,
so the site, the AKN files and other tools name the same work).
"""

from __future__ import annotations

import json

from .model import Codex


def law_jsonld(codex: Codex, law: str, url: str) -> str:
    """The JSON-LD of law ``law`` (page ``url``), ready to stand inside a
    ``<script>`` element: ``<``, ``>`` and ``&`` are escaped as JSON escapes, so
    no text of the corpus can close the element."""
    from . import editions
    from .akn import work_uri

    edition = editions.EDITIONS.get(codex.edition, editions.DEFAULT)
    e = codex.entries.get(law)
    name = f"Правило {law}" + (f". {e.title}" if e and e.title else "")
    data = {
        "@context": "https://schema.org",
        "@type": "Legislation",
        "identifier": law,
        "name": name,
        "url": url,
        "inLanguage": "ru",
        "legislationDate": str(edition.year),
        "legislationType": "Правило",
        "isPartOf": {
            "@type": "Legislation",
            "identifier": work_uri("act", edition),
            "name": edition.heading,
            "inLanguage": "ru",
            "legislationDate": str(edition.year),
        },
    }
    text = json.dumps(data, ensure_ascii=False, indent=1)
    return text.replace("&", "\\u0026").replace("<", "\\u003c").replace(">", "\\u003e")
