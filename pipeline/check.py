"""Stage 8, check: the clauses the executable rulings implement are in the corpus.

Each ruling declares the clauses it implements (``pipeline.rulings``); after
linking, every one of them must be an entry of the codex:

- K602 (warning): the clause's whole law is missing from the corpus, so the
  ruling is simply not attached to it;
- K601: the law is there but the clause is not. A curated corpus (one with a
  ``sources.toml`` manifest) must carry every such clause, so there it is an
  error; a folder of dropped-in files may hold a partial law, so there it is a
  warning.
"""

from __future__ import annotations

from .addresses import law_of
from .errors import diag
from .model import Codex, Diagnostic


def check(codex: Codex, *, curated: bool) -> list[Diagnostic]:
    """Diagnostics for every clause a ruling implements that ``codex`` lacks."""
    from .rulings import check_addresses

    known = set(codex.entries)
    diags: list[Diagnostic] = []
    for missing in check_addresses(known):
        if law_of(missing) not in known:
            diags.append(
                diag(
                    "K602",
                    f"a ruling implements {missing}, whose law is not in this corpus; "
                    "the ruling is not attached to it",
                )
            )
        else:
            diags.append(
                diag(
                    "K601",
                    f"a ruling declares clause {missing}, which is not in law "
                    f"{law_of(missing)} of the corpus",
                    level="error" if curated else "warning",
                )
            )
    return diags
