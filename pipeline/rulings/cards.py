"""Incorrect number of cards (law 13 of the corpus).

Contract: ``rule_incorrect_cards(facts: dict) -> Ruling``.

Facts:
- ``card_counts`` (required): ``{"N": 13, "E": 14, "S": 12, "W": 13}``; each
  0..52, total at most 52, and at least one hand not 13.
- ``offender_called`` (bool): a player with an incorrect hand has called.
- ``cards_seen`` (bool): some player has seen another player's cards.
- ``hand_records`` (bool): hand records of the board exist (13A1).
- ``misdealt`` (bool): the board was misdealt (13A3 → redeal, law 6).
- ``information_unimportant`` (bool or absent): the director's judgement for
  13B1; absent means not yet judged.
- ``all_four_agree`` (bool): all four players consent (13B1).

Decision path: footnote (three hands correct, one short → law 14, outside);
lead-in (offender called → artificial adjusted score); 13A (nobody saw cards:
13A1 / 13A3 / 13A2, then normal play); 13B (cards seen: 13B1 normal play with
consent when the information is unimportant, otherwise an adjusted score — the
rest of 13B is cut off in the corpus).

Outcome: ``applies`` (13 or 14), ``action``, ``offenders`` (seats with a wrong count).
"""

from __future__ import annotations

from typing import Any

from .result import Ruling, RulingBuilder, RulingInputError
from .seats import SEAT_RU, SEATS, boolean, only_keys

FACT_KEYS = {
    "card_counts",
    "offender_called",
    "cards_seen",
    "hand_records",
    "misdealt",
    "information_unimportant",
    "all_four_agree",
}


def _counts(raw: Any) -> dict[str, int]:
    if not isinstance(raw, dict):
        raise RulingInputError('card_counts: expected an object like {"N": 13, ...}')
    unknown = sorted(set(raw) - set(SEATS))
    if unknown:
        raise RulingInputError(f"card_counts: unknown seat(s) {', '.join(map(str, unknown))}")
    missing = [s for s in SEATS if s not in raw]
    if missing:
        raise RulingInputError(f"card_counts: missing seat(s) {', '.join(missing)}")
    for s in SEATS:
        v = raw[s]
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= 52:
            raise RulingInputError(f"card_counts.{s}: {v!r} is not a card count")
    total = sum(raw[s] for s in SEATS)
    if total > 52:
        raise RulingInputError(f"card_counts: {total} cards in all — a pack has 52")
    if all(raw[s] == 13 for s in SEATS):
        raise RulingInputError("card_counts: every hand has 13 cards — nothing to rule")
    return {s: raw[s] for s in SEATS}


def rule_incorrect_cards(facts: dict[str, Any]) -> Ruling:
    only_keys(facts, FACT_KEYS, "cards")
    counts = _counts(facts.get("card_counts"))
    called = boolean(facts, "offender_called")
    seen = boolean(facts, "cards_seen")
    records = boolean(facts, "hand_records")
    misdealt = boolean(facts, "misdealt")
    agree = boolean(facts, "all_four_agree")
    unimportant = facts.get("information_unimportant")
    if unimportant is not None and not isinstance(unimportant, bool):
        raise RulingInputError("information_unimportant: expected true, false or null")
    offenders = [s for s in SEATS if counts[s] != 13]
    b = RulingBuilder("cards")
    out: dict[str, Any] = {"applies": 13, "action": None, "offenders": offenders}
    wrong = ", ".join(f"{SEAT_RU[s]} — {counts[s]}" for s in offenders)
    short = [s for s in SEATS if counts[s] < 13]
    if len(offenders) == 1 and len(short) == 1:
        _law_14(b, out, wrong)
    elif called:
        _after_a_call(b, out, wrong)
    elif not seen:
        _nothing_seen(b, out, wrong, records, misdealt)
    else:
        _cards_seen(b, out, wrong, unimportant, agree)
    return b.build(out)


def _law_14(b: RulingBuilder, out: dict[str, Any], wrong: str) -> None:
    b.step(
        "13",
        "law 14 applies",
        f"Три руки правильные, а в одной не хватает карт ({wrong}): по сноске к закону 13 "
        "применяется закон 14 (текст вне корпуса), а не этот закон.",
    )
    b.step("14", "missing card", "Недостающая карта — закон 14 (вне корпуса).")
    out.update(applies=14, action="apply_law_14")


def _after_a_call(b: RulingBuilder, out: dict[str, Any], wrong: str) -> None:
    b.step(
        "13",
        "artificial adjusted score",
        f"Неправильное число карт ({wrong}), и игрок с неправильной рукой уже сделал "
        "заявку: судья назначает искусственный скорректированный результат и может "
        "оштрафовать провинившегося.",
    )
    b.judge("13", "Штраф провинившемуся — на усмотрение судьи.")
    out["action"] = "artificial_adjusted_score"


def _nothing_seen(
    b: RulingBuilder, out: dict[str, Any], wrong: str, records: bool, misdealt: bool
) -> None:
    """13A: nobody saw another player's cards."""
    b.step(
        "13A",
        "no cards seen",
        f"Неправильное число карт ({wrong}); ни один игрок не видел чужих карт.",
    )
    if records:
        b.step("13A1", "correct from hand records", "Сдача исправляется по записям рук.")
        out["action"] = "correct_from_records"
    elif misdealt:
        b.step(
            "13A3",
            "redeal",
            "Карты были сданы неправильно: требуется пересдача (закон 6, вне корпуса).",
        )
        b.step("6", "redeal", "Пересдача — по закону 6 (текст вне корпуса).")
        out["action"] = "redeal"
        return
    else:
        b.step(
            "13A2",
            "consult previous players",
            "Записей рук нет: сдача исправляется по опросу игроков, игравших её ранее.",
        )
        out["action"] = "correct_from_previous_players"
    b.step("13A", "play normally", "После исправления сдача играется обычным порядком.")


def _cards_seen(
    b: RulingBuilder, out: dict[str, Any], wrong: str, unimportant: bool | None, agree: bool
) -> None:
    """13B: a player saw another's cards."""
    b.step("13B", "cards seen", f"Неправильное число карт ({wrong}); игрок видел чужие карты.")
    if unimportant is True and agree:
        b.step(
            "13B1",
            "normal play with consent",
            "Судья считает информацию несущественной (она не помешает нормальной "
            "торговле и розыгрышу), и все четыре игрока согласны: сдача играется и "
            "засчитывается обычным порядком.",
        )
        out["action"] = "play_normally"
    elif unimportant is None:
        b.step(
            "13B1",
            "director to judge",
            "Судья должен решить, существенна ли полученная информация.",
        )
        b.judge(
            "13B1",
            "Существенна ли информация и согласны ли все четыре игрока — решает "
            "судья; иначе назначается скорректированный результат (остальной "
            "текст 13B в корпусе обрезан).",
        )
        out["action"] = "director_judges"
    else:
        reason = (
            "информация существенна" if unimportant is False else "не все четыре игрока согласны"
        )
        b.step("13B1", "no normal play", f"Обычная игра по 13B1 невозможна: {reason}.")
        b.judge(
            "13B",
            "Судья назначает скорректированный результат (остальной текст 13B в корпусе обрезан).",
        )
        out["action"] = "adjusted_score"
