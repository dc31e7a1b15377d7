"""Revoke ruling from facts: laws 63 and 64 with commentary 64.10 (1987 corpus).

Contract: ``rule_revoke(facts: dict) -> Ruling``.

Facts (JSON object):
- ``offender`` (N/E/S/W, required): the player who revoked.
- ``declarer`` (N/E/S/W, required): identifies dummy and the two sides.
- ``revoke_trick`` (1..13, required): the trick on which the revoke occurred.
  Trick 13 is rejected: with one card left a player cannot fail to follow.
- ``suit`` (S/H/D/C, optional): suit led to the revoke trick (shown in text).
- ``established_by``: ``"play"`` (63A1), ``"designation"`` (63A2),
  ``"claim"`` (63A3) or ``null`` (not established).
- ``trick_winners``: seats that won the revoke trick and each later trick, in
  order (index 0 = the revoke trick). Required when the revoke is established.
- ``offender_won_with_revoke_suit_card``: trick numbers of later tricks won by
  the offender with a card that could legally have been played to the revoke
  trick (64A2 second part).
- ``second_revoke_same_suit`` (64B2), ``failed_to_play_faced_card`` (64B3),
  ``attention_after_next_deal_call`` (64B4), ``attention_after_round`` (64B5):
  booleans, default false.

Outcome: ``established``, ``transferred``, ``offender``, ``offender_role``
(declarer/dummy/defender), ``revoke_trick``, ``offending_side_won`` (tricks won
by the offending side from the revoke trick on), ``penalty`` (64A1, 64A2 or
null), ``exceptions`` (64B clauses that apply).

Invariant (commentary fragment before 64.10): never more tricks are transferred
than the offending side won from the revoke trick on.
"""
from __future__ import annotations

from typing import Any

from .result import Ruling, RulingBuilder, RulingInputError
from .seats import SEAT_RU, SUIT_RU, boolean, integer, only_keys, partner, same_side, seat, suit

FACT_KEYS = {
    "offender", "declarer", "revoke_trick", "suit", "established_by", "trick_winners",
    "offender_won_with_revoke_suit_card", "second_revoke_same_suit",
    "failed_to_play_faced_card", "attention_after_next_deal_call", "attention_after_round",
}

ESTABLISHED_BY = {
    "play": ("63A1", "ренонс стал окончательным: провинившийся или его партнёр сыграл "
                     "карту в следующую взятку (63A1)."),
    "designation": ("63A2", "ренонс стал окончательным: провинившийся или его партнёр назвал "
                            "или иным образом указал карту для следующей взятки (63A2)."),
    "claim": ("63A3", "ренонс стал окончательным: член провинившейся стороны сделал заявку "
                      "на взятки или согласился с ней либо отдал взятки (63A3)."),
}


def _role(offender: str, declarer: str) -> str:
    if offender == declarer:
        return "declarer"
    if offender == partner(declarer):
        return "dummy"
    return "defender"


def rule_revoke(facts: dict[str, Any]) -> Ruling:
    only_keys(facts, FACT_KEYS, "revoke")
    offender = seat(facts.get("offender"), "offender")
    declarer = seat(facts.get("declarer"), "declarer")
    trick = integer(facts, "revoke_trick", 1, 99)
    if trick > 13:
        raise RulingInputError(f"revoke_trick: {trick} — a deal has only 13 tricks")
    if trick == 13:
        raise RulingInputError(
            "revoke_trick: 13 — with a single card left a player cannot fail to follow suit")
    suit_led = suit(facts["suit"], "suit") if facts.get("suit") is not None else None
    how = facts.get("established_by")
    if how is not None and (not isinstance(how, str) or how not in ESTABLISHED_BY):
        raise RulingInputError(
            f"established_by: {how!r} (expected play, designation, claim or null)")
    established = how is not None

    winners_raw = facts.get("trick_winners")
    winners: list[str] = []
    if winners_raw is not None:
        if not isinstance(winners_raw, list):
            raise RulingInputError("trick_winners: expected a list of seats")
        winners = [seat(w, f"trick_winners[{i}]") for i, w in enumerate(winners_raw)]
        if not 1 <= len(winners) <= 14 - trick:
            raise RulingInputError(
                f"trick_winners: {len(winners)} winners from trick {trick} on — "
                f"expected 1..{14 - trick}")
    if established and not winners:
        raise RulingInputError("trick_winners: required once the revoke is established")
    if not established and len(winners) > 1:
        raise RulingInputError(
            "established_by is null but later tricks were played — a revoke becomes "
            "established once the offending side plays to the next trick (63A1)")

    later_raw = facts.get("offender_won_with_revoke_suit_card", []) or []
    if not isinstance(later_raw, list):
        raise RulingInputError("offender_won_with_revoke_suit_card: expected a list of trick numbers")
    later: list[int] = []
    for t in later_raw:
        if isinstance(t, bool) or not isinstance(t, int) or not trick < t <= 13:
            raise RulingInputError(
                f"offender_won_with_revoke_suit_card: {t!r} is not a trick after the revoke trick {trick}")
        idx = t - trick
        if idx >= len(winners) or winners[idx] != offender:
            raise RulingInputError(
                f"offender_won_with_revoke_suit_card: trick {t} was not won by the offender "
                f"{offender} according to trick_winners")
        later.append(t)

    second = boolean(facts, "second_revoke_same_suit")
    faced = boolean(facts, "failed_to_play_faced_card")
    after_call = boolean(facts, "attention_after_next_deal_call")
    after_round = boolean(facts, "attention_after_round")
    if not established and (after_call or after_round):
        raise RulingInputError(
            "established_by is null but attention was drawn after the deal was over — "
            "by then the revoke is established")

    role = _role(offender, declarer)
    dummy = partner(declarer)
    b = RulingBuilder("revoke")
    suit_txt = f" (масть хода — {SUIT_RU[suit_led]})" if suit_led else ""
    outcome: dict[str, Any] = {
        "established": established,
        "transferred": 0,
        "offender": offender,
        "offender_role": role,
        "revoke_trick": trick,
        "offending_side_won": 0,
        "penalty": None,
        "exceptions": [],
    }

    if how is None:
        b.step("63A", "not established",
               f"{SEAT_RU[offender]} не сходил в масть на {trick}-й взятке{suit_txt}, но ни одно "
               "из условий 63A1–63A3 не выполнено: ренонс ещё не стал окончательным.")
        b.step("62", "correct",
               "Неокончательный ренонс исправляется по закону 62 (текст вне корпуса); "
               "взятки не передаются.")
        return b.build(outcome)

    addr, text = ESTABLISHED_BY[how]
    b.step(addr, "established",
           f"{SEAT_RU[offender]} не сходил в масть на {trick}-й взятке{suit_txt}; {text}")
    if trick == 12:
        b.step("63B", "trick 12: correction",
               "Окончательный ренонс не исправляется, кроме ренонса на 12-й взятке: его "
               "исправляют по закону 62D (текст вне корпуса).")
        b.step("62D", "correct", "Ренонс на 12-й взятке исправляется по закону 62D (вне корпуса).")
    else:
        b.step("63B", "stands",
               "Окончательный ренонс не может быть исправлен; взятка с ренонсом остаётся "
               "такой, как была сыграна.")

    side_won = sum(1 for w in winners if same_side(w, offender))
    outcome["offending_side_won"] = side_won

    exceptions: list[str] = []
    if side_won == 0:
        exceptions.append("64B1")
        b.step("64B1", "no penalty",
               "Провинившаяся сторона не взяла ни взятку с ренонсом, ни одной из последующих "
               "взяток — штрафа нет.")
    if second:
        exceptions.append("64B2")
        b.step("64B2", "no penalty",
               "Это повторный ренонс в той же масти того же игрока — за него штрафа нет.")
    if role == "dummy" or faced:
        exceptions.append("64B3")
        if role == "dummy":
            b.step("64B3", "no penalty",
                   "Ренонс допущен непроходом картой открытой руки (болвана) — штрафа нет.")
            b.step("64.10(ii)", "equity",
                   "За ренонс болвана штраф не назначается; он исправляется восстановлением "
                   "справедливости (см. комментарий 64.8, вне корпуса).")
        else:
            b.step("64B3", "no penalty",
                   "Ренонс допущен непроходом открытой картой или картой открытой руки — "
                   "штрафа нет.")
    if after_call:
        exceptions.append("64B4")
        b.step("64B4", "no penalty",
               "Внимание к ренонсу впервые привлечено после того, как игрок непровинившейся "
               "стороны сделал заявку на следующей сдаче, — штрафа нет.")
    if after_round:
        exceptions.append("64B5")
        b.step("64B5", "no penalty",
               "Внимание к ренонсу впервые привлечено после окончания тура — штрафа нет.")
    if trick == 12:
        exceptions.append("64B6")
        b.step("64B6", "no penalty", "Ренонс допущен на 12-й взятке — штрафа нет.")
    outcome["exceptions"] = exceptions

    if not exceptions:
        transferred = _penalty(b, outcome, offender, declarer, dummy, role, trick, winners, later)
        if transferred > side_won:
            b.step("64", "capped",
                   f"По комментарию к закону 64 (фрагмент перед 64.10) передаются только "
                   f"взятки, выигранные провинившейся стороной начиная со взятки с ренонсом: "
                   f"их {side_won}, поэтому передаётся {side_won}.")
            transferred = side_won
        outcome["transferred"] = transferred

    b.judge("64C",
            "Если после окончательного ренонса (в том числе не наказываемого) непровинившаяся "
            "сторона недостаточно компенсирована этим законом, судья назначает "
            "скорректированный результат.")
    return b.build(outcome)


def _penalty(b: RulingBuilder, outcome: dict, offender: str, declarer: str, dummy: str,
             role: str, trick: int, winners: list[str], later: list[int]) -> int:
    revoke_winner = winners[0]
    if role == "declarer" and revoke_winner == dummy:
        b.step("64.10(i)", "declarer did not win",
               "Ренонс сделал разыгрывающий, а взятку взял болван: считается, что "
               "разыгрывающий эту взятку не выиграл (для 64A1).")
    subsequent_side = sum(1 for w in winners[1:] if same_side(w, offender))
    if revoke_winner == offender:
        outcome["penalty"] = "64A1"
        n = 1 + (1 if subsequent_side else 0)
        extra = (" и ещё одна из последующих взяток провинившейся стороны"
                 if subsequent_side else "; последующих взяток провинившаяся сторона не брала")
        b.step("64A1", f"{n} trick(s)",
               f"Провинившийся выиграл взятку с ренонсом: после розыгрыша непровинившейся "
               f"стороне передаётся взятка с ренонсом{extra}. Итого: {n}.")
        return n
    outcome["penalty"] = "64A2"
    n = 1
    b.step("64A2", "1 trick",
           "Провинившийся не выиграл взятку с ренонсом, но провинившаяся сторона взяла эту "
           "или одну из последующих взяток: передаётся одна взятка.")
    if later:
        n += 1
        tricks = ", ".join(str(t) for t in later)
        b.step("64A2", "second part: +1 trick",
               f"Кроме того, провинившийся позднее выиграл взятку (№ {tricks}) картой, которой "
               f"мог законно сыграть во взятку с ренонсом: передаётся ещё одна такая взятка.")
    return n
