"""The one result type shared by every ruling, and the input error.

Contract:
- A ruling is a frozen ``Ruling`` with ``outcome`` (a plain dict, JSON-safe),
  ``steps`` (``Step``: address, finding, Russian text), ``judgement``
  (``JudgementPoint``: address, Russian text — points left to the director) and
  ``cited`` (ordered, unique addresses, first the steps then the judgement).
- ``Ruling.to_json()`` produces the shape published in
  ``schemas/ruling.schema.json``.
- Bad input raises ``RulingInputError`` (a ``ValueError``) whose message names
  the problem; a ruling is never produced from contradictory facts.
- Every address is checked by ``pipeline.addresses.is_canonical`` when a step
  is built, so a malformed address fails loudly; whether the clause exists is
  checked against the built codex (``rulings.check_addresses`` at build time,
  and the registry tests for every clause a ruling cites).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from ..addresses import is_canonical


class RulingInputError(ValueError):
    """Facts or a play record that contradict themselves or the rules of play."""


@dataclass(frozen=True)
class Step:
    address: str
    finding: str
    text: str

    def __post_init__(self) -> None:
        if not is_canonical(self.address):
            raise AssertionError(f"malformed clause address in a step: {self.address!r}")

    def to_dict(self) -> dict[str, str]:
        return {"address": self.address, "finding": self.finding, "text": self.text}


@dataclass(frozen=True)
class JudgementPoint:
    address: str
    text: str

    def __post_init__(self) -> None:
        if not is_canonical(self.address):
            raise AssertionError(f"malformed clause address in judgement: {self.address!r}")

    def to_dict(self) -> dict[str, str]:
        return {"address": self.address, "text": self.text}


@dataclass(frozen=True)
class Ruling:
    ruling: str
    outcome: dict[str, Any]
    steps: tuple[Step, ...]
    judgement: tuple[JudgementPoint, ...] = ()
    cited: tuple[str, ...] = field(default=())

    def to_dict(self) -> dict[str, Any]:
        return {
            "ruling": self.ruling,
            "outcome": self.outcome,
            "steps": [s.to_dict() for s in self.steps],
            "judgement": [j.to_dict() for j in self.judgement],
            "cited": list(self.cited),
        }

    def to_json(self, indent: int | None = 2) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=indent)


class RulingBuilder:
    """Collects steps in the order the clauses are applied."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._steps: list[Step] = []
        self._judgement: list[JudgementPoint] = []

    def step(self, address: str, finding: str, text: str) -> None:
        self._steps.append(Step(address, finding, text))

    def judge(self, address: str, text: str) -> None:
        self._judgement.append(JudgementPoint(address, text))

    def build(self, outcome: dict[str, Any]) -> Ruling:
        cited: list[str] = []
        for addr in [s.address for s in self._steps] + [j.address for j in self._judgement]:
            if addr not in cited:
                cited.append(addr)
        return Ruling(
            ruling=self.name,
            outcome=outcome,
            steps=tuple(self._steps),
            judgement=tuple(self._judgement),
            cited=tuple(cited),
        )
