"""Revoke ruling from facts: laws 63 and 64 with commentary 64.10 (as the corpus has them).

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

from dataclasses import dataclass
from typing import Any

from .result import Ruling, RulingBuilder, RulingInputError
from .seats import SEAT_RU, SUIT_RU, boolean, integer, only_keys, partner, same_side, seat, suit

FACT_KEYS = {
    "offender",
    "declarer",
    "revoke_trick",
    "suit",
    "established_by",
    "trick_winners",
    "offender_won_with_revoke_suit_card",
    "second_revoke_same_suit",
    "failed_to_play_faced_card",
    "attention_after_next_deal_call",
    "attention_after_round",
}

ESTABLISHED_BY = {
    "play": (
        "63A1",
        "ренонс стал окончательным: провинившийся или его партнёр сыграл "
        "карту в следующую взятку (63A1).",
    ),
    "designation": (
        "63A2",
        "ренонс стал окончательным: провинившийся или его партнёр назвал "
        "или иным образом указал карту для следующей взятки (63A2).",
    ),
    "claim": (
        "63A3",
        "ренонс стал окончательным: член провинившейся стороны сделал заявку "
        "на взятки или согласился с ней либо отдал взятки (63A3).",
    ),
}


@dataclass(frozen=True)
class _Facts:
    """The revoke facts, checked against each other."""

    offender: str
    declarer: str
    trick: int
    suit: str | None
    how: str | None
    winners: list[str]
    later: list[int]
    second: bool
    faced: bool
    after_call: bool
    after_round: bool

    @property
    def established(self) -> bool:
        return self.how is not None

    @property
    def role(self) -> str:
        if self.offender == self.declarer:
            return "declarer"
        return "dummy" if self.offender == partner(self.declarer) else "defender"


def rule_revoke(facts: dict[str, Any]) -> Ruling:
    f = _read(facts)
    b = RulingBuilder("revoke")
    outcome: dict[str, Any] = {
        "established": f.established,
        "transferred": 0,
        "offender": f.offender,
        "offender_role": f.role,
        "revoke_trick": f.trick,
        "offending_side_won": 0,
        "penalty": None,
        "exceptions": [],
    }
    if not f.established:
        _not_established(b, f)
        return b.build(outcome)
    _established(b, f)
    side_won = sum(1 for w in f.winners if same_side(w, f.offender))
    outcome["offending_side_won"] = side_won
    outcome["exceptions"] = _exceptions(b, f, side_won)
    if not outcome["exceptions"]:
        outcome["transferred"] = _capped(b, _penalty(b, outcome, f), side_won)
    b.judge(
        "64C",
        "Если после окончательного ренонса (в том числе не наказываемого) непровинившаяся "
        "сторона недостаточно компенсирована этим законом, судья назначает "
        "скорректированный результат.",
    )
    return b.build(outcome)


def _read(facts: dict[str, Any]) -> _Facts:
    only_keys(facts, FACT_KEYS, "revoke")
    offender = seat(facts.get("offender"), "offender")
    declarer = seat(facts.get("declarer"), "declarer")
    trick = _trick(facts)
    suit_led = suit(facts["suit"], "suit") if facts.get("suit") is not None else None
    how = facts.get("established_by")
    if how is not None and (not isinstance(how, str) or how not in ESTABLISHED_BY):
        raise RulingInputError(
            f"established_by: {how!r} (expected play, designation, claim or null)"
        )
    winners = _winners(facts, trick, how is not None)
    f = _Facts(
        offender,
        declarer,
        trick,
        suit_led,
        how,
        winners,
        _later_wins(facts, trick, winners, offender),
        boolean(facts, "second_revoke_same_suit"),
        boolean(facts, "failed_to_play_faced_card"),
        boolean(facts, "attention_after_next_deal_call"),
        boolean(facts, "attention_after_round"),
    )
    if not f.established and (f.after_call or f.after_round):
        raise RulingInputError(
            "established_by is null but attention was drawn after the deal was over — "
            "by then the revoke is established"
        )
    return f


def _trick(facts: dict[str, Any]) -> int:
    trick = integer(facts, "revoke_trick", 1, 99)
    if trick > 13:
        raise RulingInputError(f"revoke_trick: {trick} — a deal has only 13 tricks")
    if trick == 13:
        raise RulingInputError(
            "revoke_trick: 13 — with a single card left a player cannot fail to follow suit"
        )
    return trick


def _winners(facts: dict[str, Any], trick: int, established: bool) -> list[str]:
    raw = facts.get("trick_winners")
    winners: list[str] = []
    if raw is not None:
        if not isinstance(raw, list):
            raise RulingInputError("trick_winners: expected a list of seats")
        winners = [seat(w, f"trick_winners[{i}]") for i, w in enumerate(raw)]
        if not 1 <= len(winners) <= 14 - trick:
            raise RulingInputError(
                f"trick_winners: {len(winners)} winners from trick {trick} on — "
                f"expected 1..{14 - trick}"
            )
    if established and not winners:
        raise RulingInputError("trick_winners: required once the revoke is established")
    if not established and len(winners) > 1:
        raise RulingInputError(
            "established_by is null but later tricks were played — a revoke becomes "
            "established once the offending side plays to the next trick (63A1)"
        )
    return winners


def _later_wins(facts: dict[str, Any], trick: int, winners: list[str], offender: str) -> list[int]:
    raw = facts.get("offender_won_with_revoke_suit_card", []) or []
    if not isinstance(raw, list):
        raise RulingInputError(
            "offender_won_with_revoke_suit_card: expected a list of trick numbers"
        )
    later: list[int] = []
    for t in raw:
        if isinstance(t, bool) or not isinstance(t, int) or not trick < t <= 13:
            raise RulingInputError(
                f"offender_won_with_revoke_suit_card: {t!r} is not a trick after the revoke trick {trick}"
            )
        idx = t - trick
        if idx >= len(winners) or winners[idx] != offender:
            raise RulingInputError(
                f"offender_won_with_revoke_suit_card: trick {t} was not won by the offender "
                f"{offender} according to trick_winners"
            )
        later.append(t)
    return later


def _suit_text(f: _Facts) -> str:
    return f" (масть хода — {SUIT_RU[f.suit]})" if f.suit else ""


def _not_established(b: RulingBuilder, f: _Facts) -> None:
    b.step(
        "63A",
        "not established",
        f"{SEAT_RU[f.offender]} не сходил в масть на {f.trick}-й взятке{_suit_text(f)}, но ни одно "
        "из условий 63A1–63A3 не выполнено: ренонс ещё не стал окончательным.",
    )
    b.step(
        "62",
        "correct",
        "Неокончательный ренонс исправляется по закону 62 (текст вне корпуса); "
        "взятки не передаются.",
    )


def _established(b: RulingBuilder, f: _Facts) -> None:
    addr, text = ESTABLISHED_BY[f.how or ""]
    b.step(
        addr,
        "established",
        f"{SEAT_RU[f.offender]} не сходил в масть на {f.trick}-й взятке{_suit_text(f)}; {text}",
    )
    if f.trick == 12:
        b.step(
            "63B",
            "trick 12: correction",
            "Окончательный ренонс не исправляется, кроме ренонса на 12-й взятке: его "
            "исправляют по закону 62D (текст вне корпуса).",
        )
        b.step("62D", "correct", "Ренонс на 12-й взятке исправляется по закону 62D (вне корпуса).")
    else:
        b.step(
            "63B",
            "stands",
            "Окончательный ренонс не может быть исправлен; взятка с ренонсом остаётся "
            "такой, как была сыграна.",
        )


def _exceptions(b: RulingBuilder, f: _Facts, side_won: int) -> list[str]:
    """64B1–64B6 in order; each that applies is a step."""
    found: list[str] = []

    def applies(addr: str, text: str) -> None:
        found.append(addr)
        b.step(addr, "no penalty", text)

    if side_won == 0:
        applies(
            "64B1",
            "Провинившаяся сторона не взяла ни взятку с ренонсом, ни одной из "
            "последующих взяток — штрафа нет.",
        )
    if f.second:
        applies("64B2", "Это повторный ренонс в той же масти того же игрока — за него штрафа нет.")
    if f.role == "dummy":
        applies("64B3", "Ренонс допущен непроходом картой открытой руки (болвана) — штрафа нет.")
        b.step(
            "64.10(ii)",
            "equity",
            "За ренонс болвана штраф не назначается; он исправляется восстановлением "
            "справедливости (см. комментарий 64.8, вне корпуса).",
        )
    elif f.faced:
        applies(
            "64B3",
            "Ренонс допущен непроходом открытой картой или картой открытой руки — штрафа нет.",
        )
    if f.after_call:
        applies(
            "64B4",
            "Внимание к ренонсу впервые привлечено после того, как игрок "
            "непровинившейся стороны сделал заявку на следующей сдаче, — штрафа нет.",
        )
    if f.after_round:
        applies("64B5", "Внимание к ренонсу впервые привлечено после окончания тура — штрафа нет.")
    if f.trick == 12:
        applies("64B6", "Ренонс допущен на 12-й взятке — штрафа нет.")
    return found


def _capped(b: RulingBuilder, transferred: int, side_won: int) -> int:
    """Never more than the offending side won from the revoke trick on (commentary to 64)."""
    if transferred <= side_won:
        return transferred
    b.step(
        "64",
        "capped",
        f"По комментарию к закону 64 (фрагмент перед 64.10) передаются только "
        f"взятки, выигранные провинившейся стороной начиная со взятки с ренонсом: "
        f"их {side_won}, поэтому передаётся {side_won}.",
    )
    return side_won


def _penalty(b: RulingBuilder, outcome: dict, f: _Facts) -> int:
    """64A1 or 64A2 (both parts): the tricks to transfer before the cap."""
    revoke_winner = f.winners[0]
    if f.role == "declarer" and revoke_winner == partner(f.declarer):
        b.step(
            "64.10(i)",
            "declarer did not win",
            "Ренонс сделал разыгрывающий, а взятку взял болван: считается, что "
            "разыгрывающий эту взятку не выиграл (для 64A1).",
        )
    subsequent_side = sum(1 for w in f.winners[1:] if same_side(w, f.offender))
    if revoke_winner == f.offender:
        outcome["penalty"] = "64A1"
        n = 1 + (1 if subsequent_side else 0)
        extra = (
            " и ещё одна из последующих взяток провинившейся стороны"
            if subsequent_side
            else "; последующих взяток провинившаяся сторона не брала"
        )
        b.step(
            "64A1",
            f"{n} trick(s)",
            f"Провинившийся выиграл взятку с ренонсом: после розыгрыша непровинившейся "
            f"стороне передаётся взятка с ренонсом{extra}. Итого: {n}.",
        )
        return n
    outcome["penalty"] = "64A2"
    n = 1
    b.step(
        "64A2",
        "1 trick",
        "Провинившийся не выиграл взятку с ренонсом, но провинившаяся сторона взяла эту "
        "или одну из последующих взяток: передаётся одна взятка.",
    )
    if f.later:
        n += 1
        tricks = ", ".join(str(t) for t in f.later)
        b.step(
            "64A2",
            "second part: +1 trick",
            f"Кроме того, провинившийся позднее выиграл взятку (№ {tricks}) картой, которой "
            f"мог законно сыграть во взятку с ренонсом: передаётся ещё одна такая взятка.",
        )
    return n
