"""Revoke rulings from PBN play records (read with endplay).

Contract: ``rule_revoke_pbn(text: str, board: int | None = None) -> list[BoardRevokes]``.

For every board in the file (or only the one numbered ``board``):
- the deal must have 52 distinct cards, 13 to a hand; the contract must be a
  real contract with a declarer; the ``[Play]`` record must be legal apart from
  revokes: every card is in its player's hand when played. Anything else raises
  ``RulingInputError`` naming the board and the problem.
- A revoke is a card of another suit played by a player who still held the
  suit led, as the deal shows. Each one found is ruled with ``rule_revoke``:
  established if the offender or partner played to a later trick (63A1) or the
  play ended with a claim (63A3); ``trick_winners`` from the record; 64A2 second
  part when the offender later won a trick with a card of the revoke trick's led
  suit; 64B2 for a repeat revoke in the same suit by the same player; 64B3/64.10(ii)
  when dummy revoked; 64B6 on trick 12. Attention-timing facts (64B4, 64B5) are
  not in a play record and are never assumed.
- If play ended with a claim, the tricks not played are split between the sides
  by the ``Result`` tag (endplay assumes the contract made exactly when the tag
  is missing); within a side they are attributed to the side's first player,
  which only matters at side level because 64A1/64A2 look at played tricks only.
- Equity (64C): the double-dummy solver estimates the offending side's tricks
  had the offender followed suit with his best legal card; if the non-offending
  side ends up with fewer tricks after the transfer than that, a judgement point
  says 64C should be considered. Solver failures become a judgement note.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from .result import JudgementPoint, Ruling, RulingInputError
from .revoke import rule_revoke
from .seats import SEATS, SUIT_RU, lho, partner, same_side, tricks_ru

_SUIT_OF_DENOM = {0: "S", 1: "H", 2: "D", 3: "C"}


@dataclass(frozen=True)
class RevokeFound:
    trick: int
    offender: str
    suit: str
    card: str
    ruling: Ruling

    def to_dict(self) -> dict[str, Any]:
        o = self.ruling.outcome
        return {
            "trick": self.trick,
            "offender": self.offender,
            "suit": self.suit,
            "card": self.card,
            "established": o["established"],
            "transferred": o["transferred"],
            "cited": list(self.ruling.cited),
            "ruling": self.ruling.to_dict(),
        }


@dataclass(frozen=True)
class BoardRevokes:
    board: str
    contract: str
    declarer: str
    revokes: tuple[RevokeFound, ...]
    declarer_tricks_at_table: int
    equity: tuple[dict[str, Any], ...] = ()

    @property
    def transferred(self) -> int:
        return sum(r.ruling.outcome["transferred"] for r in self.revokes)

    def to_dict(self) -> dict[str, Any]:
        return {
            "board": self.board,
            "contract": self.contract,
            "declarer": self.declarer,
            "declarer_tricks_at_table": self.declarer_tricks_at_table,
            "revokes": [r.to_dict() for r in self.revokes],
            "transferred": self.transferred,
        }


def _name(card) -> str:
    suit = _SUIT_OF_DENOM.get(int(card.suit))
    if suit is None:
        return "?"
    return suit + card.rank.abbr


def _seat(player) -> str:
    return SEATS[int(player)]


def load_boards(text: str):
    from endplay.parsers import pbn

    try:
        return pbn.loads(text)
    except Exception as exc:  # endplay raises several types; all mean "not a PBN we can read"
        raise RulingInputError(f"PBN could not be read: {exc}") from exc


def rule_revoke_pbn(text: str, board: int | None = None, *, equity: bool = True) -> list[BoardRevokes]:
    boards = load_boards(text)
    if not boards:
        raise RulingInputError("PBN contains no boards")
    out = []
    for b in boards:
        if board is not None and b.board_num != board:
            continue
        out.append(_rule_board(b, equity=equity))
    if board is not None and not out:
        raise RulingInputError(f"board {board} is not in the PBN file")
    return out


def _rule_board(b, *, equity: bool) -> BoardRevokes:
    label = str(b.board_num) if b.board_num is not None else "?"
    where = f"board {label}"
    if b.deal is None:
        raise RulingInputError(f"{where}: no [Deal]")
    hands: dict[str, set[str]] = {}
    for player, hand in b.deal:
        s = _seat(player)
        names = {_name(c) for c in hand}
        if len(hand) != 13:
            raise RulingInputError(f"{where}: {s} holds {len(hand)} cards, not 13")
        hands[s] = names
    if len(set().union(*hands.values())) != 52:
        raise RulingInputError(f"{where}: the deal does not hold 52 distinct cards")
    c = b.contract
    if c is None or c.is_passout():
        raise RulingInputError(f"{where}: no contract was played")
    declarer = _seat(c.declarer)
    trump = _SUIT_OF_DENOM.get(int(c.denom))  # None in notrump
    play = [_name(card) for card in b.play]
    if not play:
        raise RulingInputError(f"{where}: no [Play] record")

    leader = lho(declarer)
    winners: list[str] = []
    winning_cards: list[str] = []
    revokes: list[tuple[int, str, str, str]] = []  # trick, offender, suit led, card
    cards_by: list[dict[str, str]] = []
    pos = 0
    trick_no = 0
    while pos < len(play):
        trick_no += 1
        if trick_no > 13:
            raise RulingInputError(f"{where}: the play record has more than 13 tricks")
        cards = play[pos:pos + 4]
        pos += 4
        played: dict[str, str] = {}
        led = cards[0][0]
        for i, card in enumerate(cards):
            p = SEATS[(SEATS.index(leader) + i) % 4]
            if card == "?":
                raise RulingInputError(f"{where}: unknown card in trick {trick_no}")
            if card not in hands[p]:
                raise RulingInputError(
                    f"{where}: trick {trick_no}: {p} plays {card}, which is not in his hand")
            if i > 0 and card[0] != led and any(h[0] == led for h in hands[p]):
                revokes.append((trick_no, p, led, card))
            hands[p].discard(card)
            played[p] = card
        cards_by.append(played)
        if len(cards) < 4:
            if not b.claimed:
                raise RulingInputError(
                    f"{where}: trick {trick_no} is incomplete and the play did not end in a claim")
            break
        winner = _winner(played, leader, trump)
        winners.append(winner)
        winning_cards.append(played[winner])
        leader = winner
    complete = len(winners)
    if complete < 13 and not b.claimed:
        raise RulingInputError(
            f"{where}: the play record stops after {complete} tricks without a claim")

    decl_played = sum(1 for w in winners if same_side(w, declarer))
    total = c.level + 6 + c.result if b.claimed else decl_played
    rest = 13 - complete
    decl_rest = total - decl_played
    if not 0 <= decl_rest <= rest:
        raise RulingInputError(
            f"{where}: Result {total} tricks contradicts the {complete} tricks played")
    # Unplayed (claimed) tricks: only the side matters for 64, see module docstring.
    all_winners = winners + [declarer] * decl_rest + [lho(declarer)] * (rest - decl_rest)

    found: list[RevokeFound] = []
    seen: set[tuple[str, str]] = set()
    for trick_no, offender, led, card in revokes:
        later_played = any(
            p in (offender, partner(offender)) for t in cards_by[trick_no:] for p in t)
        if later_played:
            how = "play"
        elif b.claimed:
            how = "claim"
        else:
            how = None
        later_wins = [
            t + 1 for t in range(trick_no, complete)
            if winners[t] == offender and winning_cards[t][0] == led
        ]
        facts = {
            "offender": offender,
            "declarer": declarer,
            "revoke_trick": trick_no,
            "suit": led,
            "established_by": how,
            "second_revoke_same_suit": (offender, led) in seen,
        }
        if how is not None:
            facts["trick_winners"] = all_winners[trick_no - 1:]
            facts["offender_won_with_revoke_suit_card"] = later_wins
        elif trick_no <= complete:
            facts["trick_winners"] = [all_winners[trick_no - 1]]
        seen.add((offender, led))
        found.append(RevokeFound(trick_no, offender, led, card, rule_revoke(facts)))

    result = BoardRevokes(
        board=label,
        contract=f"{c.level}{'NT' if trump is None else trump}{['', 'X', 'XX'][[1, 2, 4].index(int(c.penalty))]}",
        declarer=declarer,
        revokes=tuple(found),
        declarer_tricks_at_table=total,
    )
    if equity and found:
        result = _with_equity(b, result, play, declarer, trump, all_winners)
    return result


def _winner(played: dict[str, str], leader: str, trump: str | None) -> str:
    order = "23456789TJQKA"
    led = played[leader][0]

    def key(item):
        _p, card = item
        if trump and card[0] == trump:
            return (2, order.index(card[1]))
        if card[0] == led:
            return (1, order.index(card[1]))
        return (0, 0)

    return max(played.items(), key=key)[0]


def _with_equity(b, result: BoardRevokes, play: list[str], declarer: str,
                 trump: str | None, all_winners: list[str]) -> BoardRevokes:
    """Attach a 64C judgement point per established revoke, from double dummy."""
    new_revokes = []
    for r in result.revokes:
        if not r.ruling.outcome["established"]:
            new_revokes.append(r)
            continue
        try:
            note = _equity_note(b, r, play, declarer, all_winners, result.transferred)
        except Exception as exc:  # the solver is an estimate; never let it break a ruling
            note = ("Оценка справедливости двойным болваном не удалась "
                    f"({type(exc).__name__}); решение по 64C — на усмотрение судьи.")
        ruling = dataclasses.replace(
            r.ruling, judgement=(*r.ruling.judgement, JudgementPoint("64C", note)))
        new_revokes.append(dataclasses.replace(r, ruling=ruling))
    return dataclasses.replace(result, revokes=tuple(new_revokes))


def _equity_note(b, r: RevokeFound, play: list[str], declarer: str,
                 all_winners: list[str], transferred: int) -> str:
    from endplay.dds import solve_board
    from endplay.types import Card, Deal, Player

    deal = Deal(b.deal.to_pbn())
    deal.first = Player(SEATS.index(lho(declarer)))
    deal.trump = b.contract.denom
    # Replay everything up to the revoke card itself.
    idx = _index_of_revoke(play, r)
    for card in play[:idx]:
        deal.play(Card(card))
    solved = list(solve_board(deal))
    legal = [(card, n) for card, n in solved if _name(card)[0] == r.suit]
    if not legal:
        raise RuntimeError("no legal card of the suit led in the solver position")
    best = max(n for _, n in legal)
    before = sum(1 for w in all_winners[: r.trick - 1] if same_side(w, r.offender))
    equity_side = before + best
    table_side = sum(1 for w in all_winners if same_side(w, r.offender))
    after_transfer_side = table_side - transferred
    non_equity = 13 - equity_side
    non_after = 13 - after_transfer_side
    if non_after < non_equity:
        return (f"Двойной болван: сыграй провинившийся в масть ({SUIT_RU[r.suit]}) лучшей "
                f"картой, непровинившаяся сторона взяла бы {tricks_ru(non_equity)}, а после "
                f"передачи у неё {tricks_ru(non_after)}. Следует рассмотреть применение 64C.")
    return (f"Двойной болван: сыграй провинившийся в масть лучшей картой, непровинившаяся "
            f"сторона взяла бы {tricks_ru(non_equity)}; после передачи у неё {tricks_ru(non_after)} — "
            f"компенсация достаточна, 64C, по-видимому, не требуется.")


def _index_of_revoke(play: list[str], r: RevokeFound) -> int:
    start = (r.trick - 1) * 4
    for i in range(start, min(start + 4, len(play))):
        if play[i] == r.card:
            return i
    raise RuntimeError("revoke card not found in the play record")
