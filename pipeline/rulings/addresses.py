"""Clause addresses the rulings may cite.

Contract:
- ``CORPUS_ADDRESSES``: addresses whose text is present in the 1987 corpus;
  only these may appear in a ruling's ``implements``.
- ``OUTSIDE_ADDRESSES``: addresses cited by rulings whose text is not in the
  corpus (or only in an unplaced fragment); steps citing them say so in text.
- ``canonical(addr)`` turns Cyrillic look-alike letters into Latin and strips
  spaces, so ``64А1`` (Cyrillic А) becomes ``64A1``.
"""
from __future__ import annotations

import re

CORPUS_ADDRESSES: frozenset[str] = frozenset(
    """
    13 13A 13A1 13A2 13A3 13B 13B1 19 19B 19B1 19B2 19B3 19C 19D 20 20A 23B 24
    63 63A 63A1 63A2 63A3 63B 64 64A 64A1 64A2 64B 64B1 64B2 64B3 64B4 64B5
    64B6 64C 64.10 64.10(i) 64.10(ii) 65 65.1 65.2 65.3 67 67A 67A1 67A2 67B
    67B1 67B1(A) 67B1(B) 67B2 70C 70C1 70C2 70C3 70D 70E 71 71A
    """.split()
)

# Cited by rulings but not present in the corpus: scoring (77), the double
# half of law 19 (19A, 19A1), the unplaced fragment of law 9 (9A2, 9B), the
# revoke-correction law (62, 62D), redeal (6), missing card (14), the laws
# referenced by 67A2 (45E, 58B), commentary 64.8, the correction period (79C)
# and dummy's right to prevent an irregularity (42B2).
OUTSIDE_ADDRESSES: frozenset[str] = frozenset(
    "77 19A 19A1 9A2 9B 62 62D 6 14 45E 58B 64.8 79C 42B2".split()
)

_CYRILLIC_TO_LATIN = str.maketrans(
    {"А": "A", "В": "B", "С": "C", "Е": "E", "а": "A", "в": "B", "с": "C", "е": "E",
     "Д": "D", "д": "D"}
)

ADDRESS_RE = re.compile(r"^\d{1,2}(?:[A-E](?:\d(?:\([A-Z]\))?)?)?$|^\d{1,2}\.\d{1,2}(?:\((?:i|ii|iii|iv|v)\))?$")


def canonical(addr: str) -> str:
    s = addr.strip().replace(" ", "").translate(_CYRILLIC_TO_LATIN)
    return s


def is_known_address(addr: str) -> bool:
    return addr in CORPUS_ADDRESSES or addr in OUTSIDE_ADDRESSES


def is_outside(addr: str) -> bool:
    return addr in OUTSIDE_ADDRESSES
