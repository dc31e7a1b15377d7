"""One PBN game read into a played board, or the reason it cannot be ruled.

Contract: ``read_record(game: Game) -> Record``, or ``BoardSkipped`` with a
``reason`` from ``SKIP_REASONS`` and a message that names the board, the field
and its line. endplay reads every value (``Deal``, ``Contract``, ``Bid``,
``Card``, ``Player``; ``Contract.from_auction``; ``linearise_play``); any error
it raises is wrapped with the board number and the field.

Dialects read:
- ``[Contract]`` or ``[Declarer]`` missing or ``?``: taken from a complete
  ``[Auction]`` (``AP`` = all pass; notes, ``$n`` and ``!``/``?`` suffixes
  ignored). ``[Declarer "^S"]`` (irregular declarer) reads as S.
- Lower-case values (``4sx``, ``s``, ``sa``), ``10`` for the ten.
- ``[Result]`` as ``9``, ``NS 9`` or ``EW 4`` (the side's tricks).
- ``[Play]`` cells four to a trick in the order of the tag's seat, over any
  line breaks; ``-`` (``--`` in some exports) and ``+`` are cards not played
  or not known. The play
  ends in a claim when the record says ``*`` or when it stops with ``-`` cells
  (BBO): the tricks not played are then split by ``[Result]``.
- ``[Vulnerable]``: ``None``/``Love``/``-``, ``NS``, ``EW``, ``All``/``Both``.
- ``[Score]``: ``120``, ``NS 120``, ``EW -90``, ``NS +550``.

Benign reasons (nothing to rule): ``passed-out``, ``no-play``. Every other
reason means the record contradicts itself or is incomplete.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import regex

from .auction import vulnerability
from .pbn_text import Cell, Game, Tag
from .result import RulingInputError

SKIP_REASONS: dict[str, tuple[bool, str]] = {
    # reason: (benign, what it means)
    "passed-out": (True, "the board was passed out"),
    "no-play": (True, "no play record"),
    "unreadable": (False, "a field cannot be read"),
    "no-deal": (False, "a play record without a complete deal"),
    "no-contract": (False, "no contract: neither [Contract] nor a complete [Auction]"),
    "bad-deal": (False, "the deal is not 52 distinct cards, 13 to a hand"),
    "illegal-play": (False, "the deal contradicts the play"),
    "short-record": (False, "the play record stops early without a claim"),
    "no-result": (False, "a claim without [Result]"),
    "bad-result": (False, "[Result] contradicts the tricks played"),
}


class BoardSkipped(RulingInputError):
    """A board that cannot be ruled; ``reason`` is a key of ``SKIP_REASONS``."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason

    @property
    def benign(self) -> bool:
        return SKIP_REASONS[self.reason][0]


@dataclass(frozen=True)
class Record:
    board: str
    line: int
    deal: Any  # endplay Deal, 13 cards to a hand
    hands: dict[str, frozenset[str]]  # seat → card names ("SA", "HT"), from the deal
    level: int
    denom: Any  # endplay Denom (trump, or nt)
    penalty: int  # 1, 2 or 4
    declarer: Any  # endplay Player
    play: tuple[Any, ...]  # endplay Cards in the order played (no padding)
    claimed: bool
    result: int | None  # declarer's tricks from [Result]
    vul: str | None  # NONE, NS, EW, ALL
    score_in_file: int | None  # [Score] from the declarer's side


_RESULT = regex.compile(r"^\^?(?:(NS|EW)\s*)?(\d{1,2})\b", regex.I)
_SCORE = regex.compile(r"^(?:(NS|EW)\s*)?([+-]?\d+)", regex.I)
_CALL_NOISE = regex.compile(r"[!?]+$")
_SKIPPED_CELL = regex.compile(r"^(?:=\d+=|\$\d+)$")


def read_record(game: Game) -> Record:
    where = f"board {game.label} (line {game.line})"
    if game.stray:
        bad = game.stray[0]
        raise BoardSkipped("unreadable", f"{where}: line {bad.line}: {bad.text!r} is not PBN")
    contract = _contract(game, where)  # a passed-out board is skipped first
    play_tag = game.tag("play")
    if play_tag is None or (not play_tag.cells and play_tag.value.strip() in ("", "?", "-")):
        raise BoardSkipped("no-play", f"{where}: no [Play] record")
    if contract is None:
        raise BoardSkipped("no-contract", f"{where}: no [Contract] and no complete [Auction]")
    deal, hands = _deal(game, where)
    level, denom, penalty, declarer = contract
    play, claimed = _play(game, play_tag, declarer, denom, where)
    return Record(
        board=game.label,
        line=game.line,
        deal=deal,
        hands=hands,
        level=level,
        denom=denom,
        penalty=penalty,
        declarer=declarer,
        play=play,
        claimed=claimed,
        result=_result(game, declarer, where),
        vul=_vul(game, where),
        score_in_file=_score(game, declarer, where),
    )


def _field(game: Game, name: str, where: str, read: Callable[[Tag], Any]) -> Any:
    """Read one tag with endplay; any error names the board, the field and the line."""
    tag = game.tag(name)
    if tag is None:
        return None
    try:
        return read(tag)
    except BoardSkipped:
        raise
    except Exception as exc:  # endplay raises ValueError, KeyError, RuntimeError …
        raise BoardSkipped(
            "unreadable",
            f'{where}: [{tag.name} "{tag.value}"] at line {tag.line} cannot be read: {_why(exc)}',
        ) from exc


def _why(exc: Exception) -> str:
    text = str(exc) or type(exc).__name__
    return text if not isinstance(exc, KeyError) else f"unknown value {text}"


def _unknown(value: str) -> bool:
    return value.strip() in ("", "?", "-")


def _contract(game: Game, where: str) -> tuple[int, Any, int, Any] | None:
    """(level, denom, penalty, declarer) from [Contract]/[Declarer], else from [Auction];
    None when neither says."""
    from endplay.types import Contract, Player

    written = _field(
        game, "contract", where, lambda t: None if _unknown(t.value) else Contract(t.value.strip())
    )
    declarer = _field(
        game,
        "declarer",
        where,
        lambda t: (
            None if _unknown(t.value.lstrip("^")) else Player.find(t.value.strip().lstrip("^"))
        ),
    )
    auction = _field(game, "auction", where, _auction)
    if (written is not None and written.is_passout()) or (
        auction is not None and auction.is_passout()
    ):
        raise BoardSkipped("passed-out", f"{where}: passed out")
    if written is None and auction is None:
        return None
    chosen = written if written is not None else auction
    if declarer is None:
        if auction is None or (auction.level, auction.denom) != (chosen.level, chosen.denom):
            raise BoardSkipped(
                "no-contract",
                f"{where}: no [Declarer], and no [Auction] that ends in "
                f"the contract to tell who declared",
            )
        declarer = auction.declarer
    return chosen.level, chosen.denom, int(chosen.penalty), Player(declarer)


def _auction(tag: Tag) -> Any:
    """The contract a complete auction ends in; None when it is not complete."""
    from endplay.types import Bid, Contract, Player

    dealer = Player.find(tag.value.strip())
    calls: list[Any] = []
    for cell in tag.cells:
        text = _CALL_NOISE.sub("", cell.text).upper()
        if _SKIPPED_CELL.match(text) or not text:
            continue
        if text in ("-", "+", "*"):
            break  # call not known, or the record of the auction ends here
        if text == "AP":  # all pass: as many passes as end the auction
            calls += [Bid("Pass")] * _passes_to_end(calls)
            break
        calls.append(_cell(cell, lambda s: Bid("Pass" if s in ("P", "PASS") else s), text))
    ended = _passes_to_end(calls) == 0
    return Contract.from_auction(dealer, calls) if ended else None


def _passes_to_end(calls: list[Any]) -> int:
    """Passes still needed to end the auction: three after a bid, four without one."""
    from endplay.types import ContractBid, Penalty, PenaltyBid

    passes = 0
    for call in reversed(calls):
        if not (isinstance(call, PenaltyBid) and call.penalty == Penalty.passed):
            break
        passes += 1
    need = 3 if any(isinstance(c, ContractBid) for c in calls) else 4
    return max(need - passes, 0)


def _cell(cell: Cell, read: Callable[[str], Any], text: str | None = None) -> Any:
    try:
        return read(cell.text if text is None else text)
    except Exception as exc:
        raise ValueError(f"cell {cell.text!r} at line {cell.line}: {_why(exc)}") from exc


def _deal(game: Game, where: str) -> tuple[Any, dict[str, frozenset[str]]]:
    from endplay.types import Deal

    deal = _field(
        game, "deal", where, lambda t: None if _unknown(t.value) else Deal(t.value.strip())
    )
    if deal is None:
        raise BoardSkipped("no-deal", f"{where}: a [Play] record but no [Deal]")
    # endplay writes each hand back as "KQ5.A843.K72.J94" (spades first); card
    # names from that string are far cheaper than iterating its Hand objects.
    hands = {
        p.abbr: frozenset(
            suit + rank
            for suit, holding in zip("SHDC", deal[p].to_pbn().split("."))
            for rank in holding
        )
        for p in _players()
    }
    counts = [len(hands[p.abbr]) for p in _players()]
    if counts == [13] * 4 and len(frozenset().union(*hands.values())) == 52:
        return deal, hands
    if any(n == 0 for n in counts):
        raise BoardSkipped(
            "no-deal",
            f"{where}: the [Deal] hides a hand; a play record cannot be checked against it",
        )
    seats = "NESW"
    detail = ", ".join(
        f"{seats[i]} holds {n} cards, not 13" for i, n in enumerate(counts) if n != 13
    )
    raise BoardSkipped(
        "bad-deal", f"{where}: {detail or 'the deal does not hold 52 distinct cards'}"
    )


def _players() -> list[Any]:
    from endplay.types import Player

    return list(Player)


def _play(
    game: Game, tag: Tag, declarer: Any, denom: Any, where: str
) -> tuple[tuple[Any, ...], bool]:
    """Cards in the order played, and whether the play ended in a claim."""
    from endplay.utils.play import linearise_play

    first = _field(game, "play", where, lambda t: _seat(t.value))
    if first != declarer.lho:
        raise BoardSkipped(
            "illegal-play",
            f'{where}: [Play "{tag.value}"] at line {tag.line}: the '
            f"opening lead belongs to {declarer.lho.abbr}, left of "
            f"declarer {declarer.abbr}",
        )
    rows, star, pads = _field(game, "play", where, _rows)
    pad = _pad()
    played = linearise_play(rows, first, denom, pad_value=pad)
    if pad in played:
        raise BoardSkipped(
            "illegal-play",
            f"{where}: [Play] at line {tag.line}: a card is missing before the end of the record",
        )
    # a claim leaves tricks unplayed; a "*" or "-" row after all 52 cards claims nothing
    return tuple(played), (star or pads) and len(played) < 52


def _seat(value: str) -> Any:
    from endplay.types import Player

    return Player.find(value.strip())


def _pad() -> Any:
    """endplay's stand-in for a card not played: a "card" of the notrump suit."""
    from endplay.types import Card, Denom, Rank

    return Card(suit=Denom.nt, rank=Rank.R2)


def _rows(tag: Tag) -> tuple[list[list[Any]], bool, bool]:
    """Tricks of four cells, ``*`` seen, padding seen."""
    pad = _pad()
    cells: list[Any] = []
    star = pads = False
    for cell in tag.cells:
        text = _CALL_NOISE.sub("", cell.text)
        if _SKIPPED_CELL.match(text) or not text:
            continue
        if text == "*":
            star = True
            break
        if text.strip("-") == "" or text == "+":  # "-", and "--" in some exports
            cells.append(pad)
            pads = True
            continue
        cells.append(_cell(cell, _card, text))
    while cells and cells[-1] == pad:
        cells.pop()
    rows = [cells[i : i + 4] for i in range(0, len(cells), 4)]
    if rows and len(rows[-1]) < 4:
        rows[-1] = rows[-1] + [pad] * (4 - len(rows[-1]))
    return rows, star, pads


@lru_cache(maxsize=256)
def _card(text: str) -> Any:
    """endplay's Card for a cell (cards are immutable, so one object serves every board)."""
    from endplay.types import Card

    return Card(text.replace("10", "T"))


def _result(game: Game, declarer: Any, where: str) -> int | None:
    def read(tag: Tag) -> int | None:
        if _unknown(tag.value):
            return None
        m = _RESULT.match(tag.value.strip())
        if not m:
            raise ValueError("expected the number of tricks, e.g. 9 or NS 9")
        n = int(m.group(2))
        if n > 13:
            raise ValueError(f"{n} tricks: a deal has 13")
        side = (m.group(1) or "").upper()
        return 13 - n if side and declarer.abbr not in side else n

    return _field(game, "result", where, read)


def _vul(game: Game, where: str) -> str | None:
    return _field(
        game,
        "vulnerable",
        where,
        lambda t: None if t.value.strip() in ("", "?") else vulnerability(t.value),
    )


def _score(game: Game, declarer: Any, where: str) -> int | None:
    def read(tag: Tag) -> int | None:
        m = _SCORE.match(tag.value.strip())
        if not m:
            return None  # a score form we do not read is not checked, never guessed
        n = int(m.group(2))
        side = (m.group(1) or "").upper()
        return -n if side and declarer.abbr not in side else n

    return _field(game, "score", where, read)
