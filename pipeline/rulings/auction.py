"""Doubles and redoubles (law 19) and duplicate contract scoring (19D, law 77).

Contracts:
- ``rule_auction(calls: list[str], dealer: str = "N") -> Ruling``: calls are
  ``P``/``PASS``, ``X``, ``XX`` or bids ``1C``..``7NT``. For each double
  (19A1, outside the corpus) and redouble (19B1) it decides legality, and which
  legal doubles/redoubles were superseded by a later legal bid (19C; a
  redouble does not supersede the double it answers). An
  illegal double/redouble is reported and otherwise ignored (its cancellation
  is for other laws). Insufficient bids and calls after the auction has ended
  are bad input. Outcome: ``calls`` (one entry per call), ``contract`` (e.g.
  ``4SX``, or ``null`` when passed out or still open), ``declarer``, ``ended``.
- ``score(contract, vulnerable, tricks) -> int`` and ``rule_score(contract,
  vul, declarer, tricks) -> Ruling``: duplicate score from the declarer's side,
  negative when the contract fails (the scoring table of the corpus's edition; law 77 is outside it).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from .result import Ruling, RulingBuilder, RulingInputError
from .seats import SEAT_RU, SEAT_RU_GEN, SEATS, SUIT_RU, partner, seat

STRAINS = ("C", "D", "H", "S", "NT")
_BID_RE = re.compile(r"^([1-7])(C|D|H|S|NT|N)$")
_CONTRACT_RE = re.compile(r"^([1-7])(C|D|H|S|NT|N)(XX|X)?$")
VULS = ("NONE", "NS", "EW", "ALL")
# Every spelling of a vulnerability in PBN files and on the command line.
_VUL_SPELLINGS = {
    "NONE": "NONE",
    "LOVE": "NONE",
    "-": "NONE",
    "NS": "NS",
    "EW": "EW",
    "ALL": "ALL",
    "BOTH": "ALL",
}


def _norm_call(raw: Any, i: int) -> str:
    if not isinstance(raw, str):
        raise RulingInputError(f"call {i + 1}: {raw!r} is not a call")
    c = raw.strip().upper()
    if c in ("P", "PASS"):
        return "P"
    if c in ("X", "D", "DBL"):
        return "X"
    if c in ("XX", "R", "RDBL"):
        return "XX"
    m = _BID_RE.match(c)
    if not m:
        raise RulingInputError(f"call {i + 1}: {raw!r} is not a call (P, X, XX, 1C..7NT)")
    return m.group(1) + ("NT" if m.group(2) in ("N", "NT") else m.group(2))


def _rank(bid: str) -> int:
    return int(bid[0]) * 5 + STRAINS.index(bid[1:])


def rule_auction(calls: list[str], dealer: str = "N") -> Ruling:
    if not isinstance(calls, list) or not calls:
        raise RulingInputError("calls: expected a non-empty list of calls")
    a = _Auction(seat(dealer, "dealer"), [_norm_call(c, i) for i, c in enumerate(calls)])
    for i, call in enumerate(a.norm):
        if a.ended:
            raise RulingInputError(f"call {i + 1}: {calls[i]!r} comes after the auction has ended")
        a.call(i, call)
    return a.ruling()


@dataclass
class _Auction:
    """The auction so far: which calls were legal, what is in force, who bid a strain first."""

    dealer: str
    norm: list[str]
    b: RulingBuilder = field(default_factory=lambda: RulingBuilder("auction"))
    entries: list[dict[str, Any]] = field(default_factory=list)
    last_bid: tuple[int, str] | None = None  # (index, bid)
    last_action: int | None = None  # index of the last legal call other than a pass
    state: str = ""  # "", "X", "XX" on the last bid
    state_index: int | None = None
    ended: bool = False
    passes: int = 0
    first_in_strain: dict[tuple[int, str], int] = field(
        default_factory=dict
    )  # (side, strain) → seat

    def call(self, i: int, call: str) -> None:
        who = SEATS[(SEATS.index(self.dealer) + i) % 4]
        entry: dict[str, Any] = {
            "index": i + 1,
            "call": call,
            "seat": who,
            "legal": True,
            "superseded": False,
            "address": None,
        }
        if call == "P":
            self.passes += 1
        elif call in ("X", "XX"):
            self._double(i, call, who, entry)
        else:
            self._bid(i, call, who)
        self.entries.append(entry)
        if call == "P" and (
            (self.passes == 3 and self.last_bid is not None)
            or (self.passes == 4 and self.last_bid is None)
        ):
            self.ended = True

    def _double(self, i: int, call: str, who: str, entry: dict[str, Any]) -> None:
        """19A1 / 19B1; an illegal double or redouble is treated as not made (cancelled)."""
        last = self.last_action
        passes_ok = last is not None and all(
            self.norm[j] == "P" or not self.entries[j]["legal"] for j in range(last + 1, i)
        )
        opp = last is not None and (i - last) % 2 == 1
        if call == "X":
            entry["address"] = "19A1"
            ok = passes_ok and opp and self.last_bid is not None and self.last_bid[0] == last
            _double_step(self.b, i, who, ok)
        else:
            entry["address"] = "19B1"
            ok = passes_ok and opp and self.state == "X" and self.state_index == last
            _redouble_step(self.b, i, who, ok)
        entry["legal"] = ok
        if ok:
            self.state, self.state_index = call, i
            self.last_action = i
            self.passes = 0

    def _bid(self, i: int, call: str, who: str) -> None:
        if self.last_bid is not None and _rank(call) <= _rank(self.last_bid[1]):
            raise RulingInputError(f"call {i + 1}: {call} is insufficient after {self.last_bid[1]}")
        # every double/redouble still in force is superseded by this legal bid
        for e in self.entries:
            if e["call"] in ("X", "XX") and e["legal"] and not e["superseded"]:
                _supersede(self.b, self.entries, e["index"] - 1, i, call)
        self.state, self.state_index = "", None
        self.last_bid = (i, call)
        self.last_action = i
        self.passes = 0
        self.first_in_strain.setdefault((SEATS.index(who) % 2, call[1:]), SEATS.index(who))

    def ruling(self) -> Ruling:
        contract = declarer = None
        if self.last_bid is not None:
            bidder = SEATS[(SEATS.index(self.dealer) + self.last_bid[0]) % 4]
            declarer = SEATS[self.first_in_strain[(SEATS.index(bidder) % 2, self.last_bid[1][1:])]]
            contract = self.last_bid[1] + self.state
            if self.state and self.ended:
                self.b.step(
                    "19D",
                    "value increased",
                    f"Контракт {contract} не перебит: его стоимость увеличивается по закону "
                    "77 (текст вне корпуса).",
                )
                self.b.step("77", "scoring", "Таблица записи — закон 77 (вне корпуса).")
        if not any(c in ("X", "XX") for c in self.norm):
            self.b.step(
                "19", "no doubles", "В торговле нет контр и реконтр: закон 19 не применяется."
            )
        return self.b.build(
            {"calls": self.entries, "contract": contract, "declarer": declarer, "ended": self.ended}
        )


def _double_step(b: RulingBuilder, i: int, who: str, ok: bool) -> None:
    if ok:
        b.step(
            "19A1",
            f"call {i + 1}: legal double",
            f"Контра {SEAT_RU_GEN[who]} законна (19A1, текст вне корпуса).",
        )
        return
    why = (
        "только последнюю предшествующую заявку, которая должна быть "
        "назначением противника, после которого были лишь пасы"
    )
    b.step(
        "19A1",
        f"call {i + 1}: illegal double",
        f"Контра {SEAT_RU_GEN[who]} незаконна: контрить можно {why} (19A1, текст вне корпуса).",
    )


def _redouble_step(b: RulingBuilder, i: int, who: str, ok: bool) -> None:
    if ok:
        b.step(
            "19B1",
            f"call {i + 1}: legal redouble",
            f"Реконтра {SEAT_RU_GEN[who]} законна: она относится к последней "
            "предшествующей контре противника, после которой были лишь пасы.",
        )
        return
    b.step(
        "19B1",
        f"call {i + 1}: illegal redouble",
        f"Реконтра {SEAT_RU_GEN[who]} незаконна: реконтрировать можно только "
        "последнюю предшествующую контру противника, после которой были "
        "лишь пасы.",
    )


def _supersede(b: RulingBuilder, entries: list[dict], idx: int, by: int, call: str) -> None:
    for e in entries:
        if e["index"] - 1 == idx and not e["superseded"]:
            e["superseded"] = True
            what = "Контра" if e["call"] == "X" else "Реконтра"
            b.step(
                "19C",
                f"call {idx + 1} superseded",
                f"{what} (заявка {idx + 1}) перебита последующей законной заявкой "
                f"{call} (заявка {by + 1}).",
            )


def parse_contract(text: str) -> tuple[int, str, int]:
    """'4SX' -> (4, 'S', 2). Doubled state multiplier: 1, 2 or 4."""
    if not isinstance(text, str):
        raise RulingInputError(f"contract: {text!r} is not a contract")
    m = _CONTRACT_RE.match(text.strip().upper())
    if not m:
        raise RulingInputError(f"contract: {text!r} is not a contract like 4S, 3NTX, 6HXX")
    strain = "NT" if m.group(2) in ("N", "NT") else m.group(2)
    mult = {None: 1, "X": 2, "XX": 4}[m.group(3)]
    return int(m.group(1)), strain, mult


def score(contract: str, vulnerable: bool, tricks: int) -> int:
    level, strain, mult = parse_contract(contract)
    if isinstance(tricks, bool) or not isinstance(tricks, int) or not 0 <= tricks <= 13:
        raise RulingInputError(f"tricks: {tricks!r} is not 0..13")
    need = level + 6
    if tricks < need:
        down = need - tricks
        if mult == 1:
            return -(100 if vulnerable else 50) * down
        # doubled: vulnerable 200 then 300 each; not vulnerable 100, 200, 200, then 300 each
        if vulnerable:
            pts = 200 + 300 * (down - 1)
        else:
            pts = 100 + 200 * min(down - 1, 2) + 300 * max(down - 3, 0)
        return -pts * (mult // 2)
    per = 20 if strain in ("C", "D") else 30
    trick_score = (per * level + (10 if strain == "NT" else 0)) * mult
    total = trick_score
    total += (500 if vulnerable else 300) if trick_score >= 100 else 50
    if level == 6:
        total += 750 if vulnerable else 500
    elif level == 7:
        total += 1500 if vulnerable else 1000
    over = tricks - need
    if mult == 1:
        total += per * over
    else:
        total += 50 * (mult // 2)  # for the insult: 50 doubled, 100 redoubled
        total += (200 if vulnerable else 100) * (mult // 2) * over
    return total


def vulnerability(vul: Any) -> str:
    """``None``/``Love``/``-``, ``NS``, ``EW``, ``All``/``Both`` in any case → one of ``VULS``."""
    v = _VUL_SPELLINGS.get(vul.strip().upper()) if isinstance(vul, str) else None
    if v is None:
        raise RulingInputError(f"vul: {vul!r} (expected None, Love, -, NS, EW, All or Both)")
    return v


def is_vulnerable(vul: str, declarer: str) -> bool:
    v = vulnerability(vul)
    return v == "ALL" or (v == "NS" and declarer in "NS") or (v == "EW" and declarer in "EW")


def rule_score(contract: str, vul: str, declarer: str, tricks: int) -> Ruling:
    declarer = seat(declarer, "declarer")
    vulnerable = is_vulnerable(vul, declarer)
    level, strain, mult = parse_contract(contract)
    pts = score(contract, vulnerable, tricks)
    b = RulingBuilder("score")
    state = {1: "без контры", 2: "с контрой", 4: "с реконтрой"}[mult]
    strain_ru = SUIT_RU[strain]
    if mult > 1:
        b.step(
            "19D",
            "value increased",
            f"Контракт {level} {strain_ru} {state}: стоимость увеличена по закону 19D.",
        )
    diff = tricks - (level + 6)
    res = "выполнен" if diff >= 0 else f"без {-diff}"
    b.step(
        "77",
        "score",
        f"{SEAT_RU[declarer]} ({'в зоне' if vulnerable else 'до зоны'}), {tricks} взяток, "
        f"контракт {res}: {pts:+d} по таблице записи закона 77 (текст вне корпуса).",
    )
    return b.build(
        {
            "score": pts,
            "contract": f"{level}{strain}{({1: '', 2: 'X', 4: 'XX'})[mult]}",
            "declarer": declarer,
            "vulnerable": vulnerable,
            "tricks": tricks,
            "result": diff,
            "partner": partner(declarer),
        }
    )
