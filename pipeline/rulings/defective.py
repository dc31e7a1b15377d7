"""Defective trick ruling (law 67 of the corpus).

Contract: ``rule_defective_trick(facts: dict) -> Ruling``.

Facts:
- ``offender`` (N/E/S/W, required).
- ``fault`` (required): ``"failed_to_play"`` (no card to the trick, so the
  offender now has too many cards) or ``"played_too_many"`` (more than one card
  to the trick, so he now has too few).
- ``both_sides_played_to_next_trick`` (bool, required): false → 67A, true → 67B.
- ``has_suit_led`` (bool): required for 67B1 — does the offender hold a card
  of the suit led to the defective trick?
- ``extra_card_identifiable`` (bool, default true): for 67B2, can the director
  tell which card was exposed in play?
- ``defective_trick`` (1..13, optional; 67B needs a later trick, so 13 is
  rejected there).
- ``offending_side_won_from_defective_trick`` (int 0..13, optional): for the
  law-64 penalty in 67B1(B); 0 means no penalty (64B1).

Outcome: ``stage`` (67A/67B), ``action``, ``deemed_revoke``, ``transferred``.
"""

from __future__ import annotations

from typing import Any

from .result import Ruling, RulingBuilder, RulingInputError
from .seats import SEAT_RU, SEAT_RU_GEN, boolean, integer, only_keys, seat

FACT_KEYS = {
    "offender",
    "fault",
    "both_sides_played_to_next_trick",
    "has_suit_led",
    "extra_card_identifiable",
    "defective_trick",
    "offending_side_won_from_defective_trick",
}
FAULTS = ("failed_to_play", "played_too_many")


def rule_defective_trick(facts: dict[str, Any]) -> Ruling:
    offender, fault, late, won = _read(facts)
    b = RulingBuilder("defective-trick")
    out: dict[str, Any] = {
        "stage": "67B" if late else "67A",
        "action": None,
        "deemed_revoke": False,
        "transferred": 0,
    }
    if not late:
        _before_next_trick(b, out, offender, fault)
        return b.build(out)
    b.step(
        "67B",
        "after both sides played to the next trick",
        "Обе стороны уже сыграли в следующую взятку: судья устанавливает, какая взятка дефектна.",
    )
    if fault == "failed_to_play":
        _extra_card(b, out, facts, offender, won)
    else:
        _missing_cards(b, out, facts)
    return b.build(out)


def _read(facts: dict[str, Any]) -> tuple[str, str, bool, int | None]:
    """(offender, fault, both sides played to the next trick, tricks the offenders won)."""
    only_keys(facts, FACT_KEYS, "defective-trick")
    offender = seat(facts.get("offender"), "offender")
    fault = facts.get("fault")
    if fault not in FAULTS:
        raise RulingInputError(f"fault: {fault!r} (expected failed_to_play or played_too_many)")
    if "both_sides_played_to_next_trick" not in facts:
        raise RulingInputError("both_sides_played_to_next_trick: missing")
    late = boolean(facts, "both_sides_played_to_next_trick")
    trick = integer(facts, "defective_trick", 1, 13, required=False)
    if late and trick == 13:
        raise RulingInputError(
            "defective_trick: 13 — there is no next trick, so both sides cannot have played to it"
        )
    won = integer(facts, "offending_side_won_from_defective_trick", 0, 13, required=False)
    if won is not None and trick is not None and won > 14 - trick:
        raise RulingInputError(
            f"offending_side_won_from_defective_trick: {won} tricks from trick {trick} on is impossible"
        )
    return offender, str(fault), late, won


def _before_next_trick(b: RulingBuilder, out: dict[str, Any], offender: str, fault: str) -> None:
    """67A: attention drawn before both sides played to the next trick."""
    who = SEAT_RU[offender]
    b.step(
        "67A",
        "before the next trick is complete",
        "Внимание привлечено до того, как обе стороны сыграли в следующую взятку.",
    )
    if fault == "failed_to_play":
        b.step(
            "67A1",
            "supply a card",
            f"{who} не сыграл карту во взятку: он должен добавить карту, которой "
            "может законно сыграть.",
        )
        out["action"] = "supply_legal_card"
    else:
        b.step(
            "67A2",
            "too many cards",
            f"{who} сыграл во взятку больше одной карты: применяется закон 45E (пятая "
            "карта) или 58B (одновременно сыгранные карты) — их текст вне корпуса.",
        )
        out["action"] = "apply_45E_or_58B"


def _extra_card(
    b: RulingBuilder, out: dict[str, Any], facts: dict[str, Any], offender: str, won: int | None
) -> None:
    """67B1: the offender failed to play and holds a card too many."""
    if "has_suit_led" not in facts:
        raise RulingInputError("has_suit_led: required when the offender failed to play (67B1)")
    has_suit = boolean(facts, "has_suit_led")
    b.step(
        "67B1",
        "face a card",
        f"У {SEAT_RU_GEN[offender]} лишняя карта: он открывает карту и кладёт её к "
        "своим сыгранным картам; это не влияет на принадлежность взятки.",
    )
    if has_suit:
        b.step(
            "67B1(A)",
            "card of the suit led, no penalty",
            "У провинившегося есть карта масти хода: он обязан выбрать такую карту; штрафа нет.",
        )
        out["action"] = "face_card_of_suit_led"
        return
    out["action"] = "face_any_card"
    out["deemed_revoke"] = True
    b.step(
        "67B1(B)",
        "deemed revoke",
        "Карты масти хода у провинившегося нет: он выбирает любую карту и "
        "считается сделавшим ренонс в дефектной взятке — со штрафом в одну "
        "взятку по закону 64.",
    )
    if won == 0:
        b.step(
            "64B1",
            "no penalty",
            "Провинившаяся сторона не взяла ни дефектной, ни последующих взяток: "
            "штрафа по закону 64 нет.",
        )
    else:
        b.step("64A2", "1 trick", "По закону 64 непровинившейся стороне передаётся одна взятка.")
        out["transferred"] = 1
    b.judge(
        "64C",
        "Если непровинившаяся сторона недостаточно компенсирована, судья "
        "назначает скорректированный результат.",
    )


def _missing_cards(b: RulingBuilder, out: dict[str, Any], facts: dict[str, Any]) -> None:
    """67B2: the offender played too many cards and is short."""
    out["action"] = "restore_extra_cards"
    identifiable = boolean(facts, "extra_card_identifiable", True)
    exposed = (
        "карта, открытая при игре"
        if identifiable
        else "старшая из карт, которыми он мог законно сыграть (какая карта была "
        "открыта, установить нельзя)"
    )
    b.step(
        "67B2",
        "restore extra cards",
        f"У провинившегося не хватает карт: судья осматривает сыгранные карты и "
        f"требует вернуть лишние в руку; во взятке остаётся {exposed}. Возвращённая "
        "карта считается всё время находившейся в его руке, и неигра ею позже может "
        "стать ренонсом.",
    )
