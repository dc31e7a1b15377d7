"""Claims with an unmentioned trump (70C), concessions (71A), who may draw
attention to an irregularity (9A2, 9B — outside the corpus).

Contracts:
- ``rule_claim(facts)``: facts ``trump_outstanding`` (bool, required true for
  70C to be in play), ``claimer_mentioned_trump`` (70C1), ``likely_unaware``
  (70C2), ``trick_could_be_lost`` (70C3). Tricks go to the opponents only if
  all three conditions hold. Outcome: ``award_to_opponents``, ``failed``
  (the first condition that does not hold, or null).
- ``rule_concession(facts)``: ``within_correction_period`` (79C, outside),
  ``could_lose_by_legal_play`` (could the conceding side lose the trick by any
  legal play?). Outcome: ``cancelled``.
- ``rule_attention(facts)``: ``player`` (declarer/defender/dummy), ``during_play``
  (bool). Outcome: ``may_draw_attention``, ``call_director``.
"""

from __future__ import annotations

from typing import Any

from .result import Ruling, RulingBuilder, RulingInputError
from .seats import boolean, only_keys


def _required(facts: dict, key: str) -> bool:
    if key not in facts:
        raise RulingInputError(f"{key}: missing")
    return boolean(facts, key)


def rule_claim(facts: dict[str, Any]) -> Ruling:
    only_keys(
        facts,
        {"trump_outstanding", "claimer_mentioned_trump", "likely_unaware", "trick_could_be_lost"},
        "claim",
    )
    outstanding = _required(facts, "trump_outstanding")
    b = RulingBuilder("claim")
    if not outstanding:
        b.step(
            "70C",
            "not applicable",
            "У противников не осталось козыря: правило 70C о неупомянутом козыре не применяется.",
        )
        return b.build({"award_to_opponents": False, "failed": "70C"})
    mentioned = _required(facts, "claimer_mentioned_trump")
    unaware = _required(facts, "likely_unaware")
    could_lose = _required(facts, "trick_could_be_lost")
    b.step(
        "70C",
        "trump outstanding",
        "При заявлении у противника остался козырь: судья проверяет все три условия 70C.",
    )
    failed = None
    checks = [
        (
            "70C1",
            not mentioned,
            "заявивший ничего не сказал об этом козыре",
            "заявивший упомянул этот козырь",
        ),
        (
            "70C2",
            unaware,
            "вполне вероятно, что заявивший не знал об оставшемся козыре",
            "маловероятно, что заявивший не знал об оставшемся козыре",
        ),
        (
            "70C3",
            could_lose,
            "взятка могла быть проиграна этому козырю при любом нормальном розыгрыше",
            "никакой нормальный розыгрыш не отдаёт взятку этому козырю",
        ),
    ]
    for addr, ok, yes, no in checks:
        b.step(addr, "holds" if ok else "fails", (yes if ok else no).capitalize() + ".")
        if not ok and failed is None:
            failed = addr
    if failed is None:
        b.step(
            "70C",
            "award",
            "Все три условия выполнены: судья присуждает взятку (взятки) противникам.",
        )
    else:
        b.step(
            "70C",
            "no award",
            f"Условие {failed} не выполнено: по 70C взятки противникам не присуждаются.",
        )
    b.judge("70C2", "Вероятность того, что заявивший не знал о козыре, оценивает судья.")
    b.judge("70C3", "Что считать нормальным розыгрышем, решает судья.")
    return b.build({"award_to_opponents": failed is None, "failed": failed})


def rule_concession(facts: dict[str, Any]) -> Ruling:
    only_keys(facts, {"within_correction_period", "could_lose_by_legal_play"}, "concession")
    within = _required(facts, "within_correction_period")
    could_lose = _required(facts, "could_lose_by_legal_play")
    b = RulingBuilder("concession")
    cancelled = within and not could_lose
    if cancelled:
        b.step(
            "71A",
            "cancel",
            "Отданную взятку сторона не могла проиграть ни при каком законном розыгрыше, "
            "и срок для исправлений (79C, вне корпуса) не истёк: судья отменяет отдачу "
            "(текст 71A в корпусе обрезан).",
        )
    else:
        why = (
            "срок для исправлений по 79C (вне корпуса) истёк"
            if not within
            else "взятка могла быть проиграна при законном розыгрыше"
        )
        b.step(
            "71A", "stands", f"Отдача взятки остаётся в силе: {why} (текст 71A в корпусе обрезан)."
        )
    b.step(
        "79C", "correction period", "Срок для исправлений устанавливает закон 79C (вне корпуса)."
    )
    return b.build({"cancelled": cancelled})


def rule_attention(facts: dict[str, Any]) -> Ruling:
    only_keys(facts, {"player", "during_play"}, "attention")
    player = facts.get("player")
    if player not in ("declarer", "defender", "dummy"):
        raise RulingInputError(f"player: {player!r} (expected declarer, defender or dummy)")
    during = _required(facts, "during_play")
    b = RulingBuilder("attention")
    if player == "dummy" and during:
        may = False
        b.step(
            "9A2",
            "dummy may not",
            "Во время розыгрыша болван не может привлекать внимание к нарушению (может — "
            "после окончания розыгрыша), но может попытаться предотвратить нарушение "
            "разыгрывающего (42B2). Текст 9A2 — во фрагменте вне корпуса.",
        )
        b.step("42B2", "prevent", "Право болвана предупредить нарушение — 42B2 (вне корпуса).")
    else:
        may = True
        who = {"declarer": "Разыгрывающий", "defender": "Защитник", "dummy": "Болван"}[player]
        when = "во время розыгрыша" if during else "после розыгрыша"
        b.step(
            "9A2",
            "may",
            f"{who} может привлечь внимание к нарушению {when} "
            "(9A2, текст во фрагменте вне корпуса).",
        )
    if may:
        b.step(
            "9B",
            "call the director",
            "После привлечения внимания к нарушению судью следует вызвать немедленно; "
            "вызвать его может любой игрок (9B, вне корпуса).",
        )
    return b.build({"may_draw_attention": may, "call_director": may})
