"""Stage 8, check: the clauses the executable rulings implement are in the corpus.

Each ruling declares the clauses it implements (``pipeline.rulings``); after
linking, every one of them must be an entry of the codex:

- K602 (info), one per law: the clauses' whole law is missing from the corpus,
  so the rulings are simply not attached to it;
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
    absent: dict[str, list[str]] = {}
    for missing in check_addresses(known):
        law = law_of(missing)
        if law not in known:
            # one diagnostic per missing law, not one per clause: a corpus of a few
            # laws would otherwise bury its own warnings under dozens of these
            absent.setdefault(str(law), []).append(missing)
        else:
            diags.append(
                diag(
                    "K601",
                    f"a ruling declares clause {missing}, which is not in law "
                    f"{law_of(missing)} of the corpus",
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
