"""Revoke rulings from PBN play records, board by board.

Contracts:
- ``rule_pbn(data: bytes | str, board=None, *, equity=True, jobs=1) -> PbnReport``:
  every board of the file (a game with a ``BOARD_TAGS`` tag, or with text
  that could not be read) is ruled or skipped on its own (``BoardRevokes`` or
  ``SkippedBoard``, in file order); one bad board never stops the others.
  Raises ``RulingInputError`` only when the file holds no PBN game at all, or
  when ``board`` is not in it. Bytes are decoded by ``pbn_text.decode_pbn``
  (the report names the encoding); games are read by ``pbn_record``.
- ``rule_revoke_pbn(text, board=None, *, equity=True) -> list[BoardRevokes]``:
  the strict form for library callers: raises ``RulingInputError`` naming the
  first board that cannot be ruled.

Ruling a board:
- A revoke is a card of another suit played by a player who still held the
  suit led, as the deal shows. Each one is ruled with ``rule_revoke``:
  established if the offender or partner played to a later trick (63A1) or the
  play ended in a claim (63A3); ``trick_winners`` from the record; 64A2 second
  part when the offender later won a trick with a card of the revoke trick's
  led suit; 64B2 for a repeat revoke in the same suit by the same player;
  64B3/64.10(ii) when dummy revoked; 64B6 on trick 12. Attention-timing facts
  (64B4, 64B5) are not in a play record and are never assumed.
- After a claim the tricks not played are split between the sides by
  ``[Result]``; within a side they are given to the side's first player, which
  only matters at side level because 64A1/64A2 look at played tricks only.
- Equity (64C): the double-dummy solver estimates the offending side's tricks
  had the offender followed suit with his best legal card; if the non-offending
  side ends up with fewer tricks after the transfer than that, a judgement point
  says 64C should be considered. Solver failures become a judgement note.
- ``score``: the duplicate score (19D/77 table) of the contract with the file's
  ``[Result]`` (or the tricks at the table), from the declarer's side; shown
  beside ``[Score]`` when the file has one.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from .auction import score
from .pbn_record import SKIP_REASONS, BoardSkipped, Record, read_record
from .pbn_text import Game, decode_pbn, read_games
from .result import JudgementPoint, Ruling, RulingInputError
from .revoke import rule_revoke
from .seats import SEATS, SUIT_RU, lho, partner, same_side, tricks_ru

# A game with none of these is no board (a file header, a table of results).
BOARD_TAGS = frozenset({"board", "deal", "contract", "auction", "play"})
# Below this many games a process pool costs more than it saves.
PARALLEL_MIN_GAMES = 200


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
    line: int = 0
    claimed: bool = False
    score: int | None = None
    score_in_file: int | None = None

    @property
    def transferred(self) -> int:
        return sum(r.ruling.outcome["transferred"] for r in self.revokes)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "board": self.board,
            "line": self.line,
            "contract": self.contract,
            "declarer": self.declarer,
            "declarer_tricks_at_table": self.declarer_tricks_at_table,
            "claimed": self.claimed,
            "revokes": [r.to_dict() for r in self.revokes],
            "transferred": self.transferred,
            "score": self.score,
        }
        if self.score_in_file is not None:
            out["score_in_file"] = self.score_in_file
        return out


@dataclass(frozen=True)
class SkippedBoard:
    board: str
    line: int
    reason: str
    """A key of ``pbn_record.SKIP_REASONS``."""
    message: str

    @property
    def benign(self) -> bool:
        return SKIP_REASONS.get(self.reason, (False, ""))[0]

    def to_dict(self) -> dict[str, Any]:
        return {
            "board": self.board,
            "line": self.line,
            "skipped": self.reason,
            "message": self.message,
        }


@dataclass(frozen=True)
class PbnReport:
    encoding: str
    """The codec and how it was chosen, e.g. ``iso8859-1 (declared)``."""
    boards: tuple[BoardRevokes | SkippedBoard, ...]

    @property
    def ruled(self) -> list[BoardRevokes]:
        return [b for b in self.boards if isinstance(b, BoardRevokes)]

    @property
    def skipped(self) -> list[SkippedBoard]:
        return [b for b in self.boards if isinstance(b, SkippedBoard)]

    @property
    def exit_code(self) -> int:
        """0: every board ruled or skipped for a benign reason; 1: some record inconsistent."""
        return 0 if all(b.benign for b in self.skipped) else 1

    def summary(self) -> dict[str, Any]:
        checked = [b for b in self.ruled if b.score is not None and b.score_in_file is not None]
        return {
            "boards": len(self.boards),
            "ruled": len(self.ruled),
            "skipped": dict(sorted(Counter(b.reason for b in self.skipped).items())),
            "revokes": sum(len(b.revokes) for b in self.ruled),
            "transferred": sum(b.transferred for b in self.ruled),
            "scores_checked": len(checked),
            "scores_differing": [b.board for b in checked if b.score != b.score_in_file],
        }


@dataclass
class _Walk:
    """What the play record shows, trick by trick."""

    winners: list[str] = field(default_factory=list)  # complete tricks only
    winning_cards: list[str] = field(default_factory=list)
    cards_by: list[dict[str, str]] = field(default_factory=list)
    revokes: list[tuple[int, str, str, str]] = field(default_factory=list)  # trick, seat, led, card


def rule_pbn(
    data: bytes | str, board: int | str | None = None, *, equity: bool = True, jobs: int = 1
) -> PbnReport:
    if isinstance(data, bytes):
        decoded = decode_pbn(data)
        text, encoding = decoded.text, decoded.describe()
    else:
        text, encoding = data, "text"
    games = read_games(text)
    if not any(BOARD_TAGS & g.tags.keys() for g in games):
        raise RulingInputError(
            "no PBN game in the file (no [Board], [Deal], [Contract], [Auction] or [Play] tag)"
        )
    games = [g for g in games if BOARD_TAGS & g.tags.keys() or g.stray]
    if board is not None:
        games = [g for g in games if g.label == str(board)]
        if not games:
            raise RulingInputError(f"board {board} is not in the PBN file")
    return PbnReport(encoding, tuple(_rule_all(games, equity, jobs)))


def _rule_all(games: list[Game], equity: bool, jobs: int) -> list[BoardRevokes | SkippedBoard]:
    if jobs <= 1 or len(games) < PARALLEL_MIN_GAMES:
        return [rule_game(g, equity) for g in games]
    from concurrent.futures import ProcessPoolExecutor
    from functools import partial

    with ProcessPoolExecutor(jobs) as pool:
        return list(
            pool.map(
                partial(rule_game, equity=equity), games, chunksize=max(1, len(games) // (jobs * 8))
            )
        )


def rule_revoke_pbn(
    text: str, board: int | None = None, *, equity: bool = True
) -> list[BoardRevokes]:
    report = rule_pbn(text, board, equity=equity)
    for b in report.boards:
        if isinstance(b, SkippedBoard):
            raise RulingInputError(b.message)
    return report.ruled


def rule_game(game: Game, equity: bool = True) -> BoardRevokes | SkippedBoard:
    """One game: ruled, or skipped with its reason. Never raises."""
    try:
        return rule_record(read_record(game), equity=equity)
    except BoardSkipped as exc:
        return SkippedBoard(game.label, game.line, exc.reason, str(exc))
    except Exception as exc:  # a defect must cost one board, never the file
        return SkippedBoard(
            game.label,
            game.line,
            "unreadable",
            f"board {game.label} (line {game.line}): cannot be ruled ({type(exc).__name__}: {exc})",
        )


def rule_record(rec: Record, *, equity: bool = True) -> BoardRevokes:
    where = f"board {rec.board} (line {rec.line})"
    walk = _walk(rec, where)
    all_winners, total = _all_winners(rec, walk, where)
    declarer = _seat(rec.declarer)
    found = _rule_revokes(walk, all_winners, declarer, rec.claimed)
    tricks = rec.result if rec.result is not None else total
    result = BoardRevokes(
        board=rec.board,
        contract=_contract_name(rec),
        declarer=declarer,
        revokes=tuple(found),
        declarer_tricks_at_table=total,
        line=rec.line,
        claimed=rec.claimed,
        score=None
        if rec.vul is None
        else score(_contract_name(rec), _vulnerable(rec.vul, declarer), tricks),
        score_in_file=rec.score_in_file,
    )
    if equity and found:
        result = _with_equity(rec, result, all_winners)
    return result


def _walk(rec: Record, where: str) -> _Walk:
    from endplay.types import Player
    from endplay.utils.play import trick_winner

    hands = {seat: set(cards) for seat, cards in rec.hands.items()}
    leader = _seat(rec.declarer.lho)
    walk = _Walk()
    for start in range(0, len(rec.play), 4):
        trick_no = start // 4 + 1
        if trick_no > 13:
            raise BoardSkipped("illegal-play", f"{where}: the play record has more than 13 tricks")
        cards = list(rec.play[start : start + 4])
        played = _play_trick(hands, leader, [_name(c) for c in cards], trick_no, walk, where)
        walk.cards_by.append(played)
        if len(cards) == 4:
            leader = _seat(trick_winner(cards, Player.find(leader), rec.denom))
            walk.winners.append(leader)
            walk.winning_cards.append(played[leader])
    return walk


def _play_trick(
    hands: dict[str, set[str]],
    leader: str,
    cards: list[str],
    trick_no: int,
    walk: _Walk,
    where: str,
) -> dict[str, str]:
    played: dict[str, str] = {}
    led = cards[0][0]
    for i, card in enumerate(cards):
        p = SEATS[(SEATS.index(leader) + i) % 4]
        if card not in hands[p]:
            raise BoardSkipped(
                "illegal-play",
                f"{where}: trick {trick_no}: {p} plays {card}, which is not in his hand",
            )
        if i > 0 and card[0] != led and any(h[0] == led for h in hands[p]):
            walk.revokes.append((trick_no, p, led, card))
        hands[p].discard(card)
        played[p] = card
    return played


def _all_winners(rec: Record, walk: _Walk, where: str) -> tuple[list[str], int]:
    """Winner of every trick (claimed ones split by [Result]) and declarer's total."""
    declarer = _seat(rec.declarer)
    complete = len(walk.winners)
    if complete < 13 and not rec.claimed:
        raise BoardSkipped(
            "short-record",
            f"{where}: the play record stops after {complete} tricks without a claim",
        )
    decl_played = sum(1 for w in walk.winners if same_side(w, declarer))
    if rec.claimed and rec.result is None:
        raise BoardSkipped(
            "no-result", f"{where}: the play ends in a claim but [Result] is missing"
        )
    total = rec.result if rec.claimed and rec.result is not None else decl_played
    rest = 13 - complete
    decl_rest = total - decl_played
    if not 0 <= decl_rest <= rest:
        raise BoardSkipped(
            "bad-result", f"{where}: Result {total} tricks contradicts the {complete} tricks played"
        )
    return walk.winners + [declarer] * decl_rest + [lho(declarer)] * (rest - decl_rest), total


def _rule_revokes(
    walk: _Walk, all_winners: list[str], declarer: str, claimed: bool
) -> list[RevokeFound]:
    found: list[RevokeFound] = []
    seen: set[tuple[str, str]] = set()
    for trick_no, offender, led, card in walk.revokes:
        facts = _revoke_facts(walk, all_winners, declarer, claimed, trick_no, offender, led)
        facts["second_revoke_same_suit"] = (offender, led) in seen
        seen.add((offender, led))
        found.append(RevokeFound(trick_no, offender, led, card, rule_revoke(facts)))
    return found


def _revoke_facts(
    walk: _Walk,
    all_winners: list[str],
    declarer: str,
    claimed: bool,
    trick_no: int,
    offender: str,
    led: str,
) -> dict[str, Any]:
    later_played = any(
        p in (offender, partner(offender)) for t in walk.cards_by[trick_no:] for p in t
    )
    how = "play" if later_played else "claim" if claimed else None
    facts: dict[str, Any] = {
        "offender": offender,
        "declarer": declarer,
        "revoke_trick": trick_no,
        "suit": led,
        "established_by": how,
    }
    if how is not None:
        facts["trick_winners"] = all_winners[trick_no - 1 :]
        facts["offender_won_with_revoke_suit_card"] = [
            t + 1
            for t in range(trick_no, len(walk.winners))
            if walk.winners[t] == offender and walk.winning_cards[t][0] == led
        ]
    elif trick_no <= len(walk.winners):
        facts["trick_winners"] = [all_winners[trick_no - 1]]
    return facts


def _name(card: Any) -> str:
    return "SHDC"[int(card.suit)] + card.rank.abbr


def _seat(player: Any) -> str:
    return SEATS[int(player)]


def _contract_name(rec: Record) -> str:
    strain = "NT" if int(rec.denom) == 4 else "SHDC"[int(rec.denom)]
    return f"{rec.level}{strain}{ {1: '', 2: 'X', 4: 'XX'}[rec.penalty] }"


def _vulnerable(vul: str, declarer: str) -> bool:
    from .auction import is_vulnerable

    return is_vulnerable(vul, declarer)


def _with_equity(rec: Record, result: BoardRevokes, all_winners: list[str]) -> BoardRevokes:
    """Attach a 64C judgement point per established revoke, from double dummy."""
    new_revokes = []
    for r in result.revokes:
        if not r.ruling.outcome["established"]:
            new_revokes.append(r)
            continue
        try:
            note = _equity_note(rec, r, all_winners, result.transferred)
        except Exception as exc:  # the solver is an estimate; never let it break a ruling
            note = (
                "Оценка справедливости двойным болваном не удалась "
                f"({type(exc).__name__}); решение по 64C — на усмотрение судьи."
            )
        ruling = dataclasses.replace(
            r.ruling, judgement=(*r.ruling.judgement, JudgementPoint("64C", note))
        )
        new_revokes.append(dataclasses.replace(r, ruling=ruling))
    return dataclasses.replace(result, revokes=tuple(new_revokes))


def _equity_note(rec: Record, r: RevokeFound, all_winners: list[str], transferred: int) -> str:
    from endplay.dds import solve_board
    from endplay.types import Deal

    deal = Deal(rec.deal.to_pbn())
    deal.first = rec.declarer.lho
    deal.trump = rec.denom
    for card in rec.play[: _index_of_revoke(rec, r)]:  # replay up to the revoke card itself
        deal.play(card)
    legal = [n for card, n in solve_board(deal) if _name(card)[0] == r.suit]
    if not legal:
        raise RuntimeError("no legal card of the suit led in the solver position")
    before = sum(1 for w in all_winners[: r.trick - 1] if same_side(w, r.offender))
    non_equity = 13 - (before + max(legal))
    non_after = 13 - (sum(1 for w in all_winners if same_side(w, r.offender)) - transferred)
    if non_after < non_equity:
        return (
            f"Двойной болван: сыграй провинившийся в масть ({SUIT_RU[r.suit]}) лучшей "
            f"картой, непровинившаяся сторона взяла бы {tricks_ru(non_equity)}, а после "
            f"передачи у неё {tricks_ru(non_after)}. Следует рассмотреть применение 64C."
        )
    return (
        f"Двойной болван: сыграй провинившийся в масть лучшей картой, непровинившаяся "
        f"сторона взяла бы {tricks_ru(non_equity)}; после передачи у неё {tricks_ru(non_after)} — "
        f"компенсация достаточна, 64C, по-видимому, не требуется."
    )


def _index_of_revoke(rec: Record, r: RevokeFound) -> int:
    start = (r.trick - 1) * 4
    for i in range(start, min(start + 4, len(rec.play))):
        if _name(rec.play[i]) == r.card:
            return i
    raise RuntimeError("revoke card not found in the play record")
