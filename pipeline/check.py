"""Stage 8, check: the clauses the executable rulings implement are in the corpus.

Each ruling declares the clauses it implements (``pipeline.rulings``); after
linking, every one of them must be an entry of the codex:

- K602 (info), one per law: the clauses' whole law is missing from the corpus,
  so the rulings are simply not attached to it;
- K601, one per law: the law is there but some of its clauses are not. A
  curated corpus (one with a ``sources.toml`` manifest) must carry every such
  clause, so there it is an error; a folder of dropped-in files may hold a
  partial law (a single page of it), so there it is a warning.
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
    cut: dict[str, list[str]] = {}
    absent: dict[str, list[str]] = {}
    for missing in check_addresses(known):
        law = str(law_of(missing))
        # one diagnostic per law, not one per clause: a page of a few laws would
        # otherwise bury its own warnings under dozens of these
        (cut if law in known else absent).setdefault(law, []).append(missing)
    for law, clauses in cut.items():
        diags.append(
            diag(
                "K601",
                f"rulings declare {_clauses(clauses)} of law {law}, which the corpus's "
                f"law {law} lacks",
                level="error" if curated else "warning",
            )
        )
    for law, clauses in absent.items():
        diags.append(
            diag(
                "K602",
                f"rulings implement law {law} ({', '.join(clauses)}), which is not in this "
                "corpus; they are not attached to it",
            )
        )
    return diags


def _clauses(addresses: list[str]) -> str:
    if len(addresses) == 1:
        return f"clause {addresses[0]}"
    return f"clauses {', '.join(addresses)}"
