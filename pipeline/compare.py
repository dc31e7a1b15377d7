"""Compare a clause across editions: ``kodeks diff ADDR --from E1 --to E2``.

``diff(codex, address, from_edition, to_edition)`` returns
``{"address", "from", "to", "changes": [{"op", "from_text", "to_text"}]}``: a
word-level diff (``difflib.SequenceMatcher`` over whitespace-separated words) of
the clause and its subtree (title, text, then each subdivision in order; the
commentary on it is not part of the clause). ``op`` is ``equal``, ``insert``,
``delete`` or ``replace``. The address is looked up in the second edition through
the concordance of ``pipeline/editions.toml`` (a clause moved or renumbered
between editions), so ``address`` always names the clause in the first edition.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from . import editions

if TYPE_CHECKING:
    from .api import CodexReader
    from .model import Entry


def subtree_words(entries: Mapping[str, Entry], address: str) -> list[str]:
    """The words of a clause and everything under it, in reading order (no commentary)."""
    words: list[str] = []

    def visit(addr: str) -> None:
        e = entries[addr]
        for part in (e.title, e.text):
            if part:
                words.extend(str(part).split())
        for c in e.children:
            if c in entries and entries[c].kind != "commentary":
                visit(c)

    visit(address)
    return words


def changes(old: list[str], new: list[str]) -> list[dict[str, str]]:
    """The word-level edit script from ``old`` to ``new``."""
    out = []
    matcher = difflib.SequenceMatcher(a=old, b=new, autojunk=False)
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        out.append({"op": op, "from_text": " ".join(old[i1:i2]), "to_text": " ".join(new[j1:j2])})
    return out


def diff(codex: CodexReader, address: str, from_edition: str, to_edition: str) -> dict[str, Any]:
    """The clause ``address`` of ``from_edition`` against its counterpart in ``to_edition``
    (``KeyError`` subclasses from ``CodexReader`` for an address either edition lacks;
    ``KodeksError`` for an edition the codex does not hold)."""
    first, second = codex.edition(from_edition), codex.edition(to_edition)
    old = first[address]
    target = editions.follow(old.address, first.edition_id, second.edition_id)
    new = second[target]
    return {
        "address": old.address,
        "from": first.edition_id,
        "to": second.edition_id,
        **({"to_address": new.address} if new.address != old.address else {}),
        "changes": changes(
            subtree_words(first.entries, old.address), subtree_words(second.entries, new.address)
        ),
    }


def in_other_editions(
    by_edition: Mapping[str, Mapping[str, Entry]], edition: str, address: str
) -> list[dict[str, Any]]:
    """What the clause ``address`` of ``edition`` says in each other edition of
    ``by_edition`` (edition → entries), with the diff from it («в других
    редакциях»); an edition that lacks the clause is left out."""
    mine = subtree_words(by_edition[edition], address)
    out = []
    for other, entries in by_edition.items():
        if other == edition:
            continue
        target = editions.follow(address, edition, other)
        if target not in entries:
            continue
        out.append(
            {
                "edition": other,
                "address": target,
                "changes": changes(mine, subtree_words(entries, target)),
            }
        )
    return out
