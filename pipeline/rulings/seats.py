"""Seats, suits and their Russian names; strict parsing that raises RulingInputError."""

from __future__ import annotations

from typing import Any, Literal, overload

from .result import RulingInputError

SEATS = ("N", "E", "S", "W")
SUITS = ("S", "H", "D", "C")

SEAT_RU = {"N": "Север", "E": "Восток", "S": "Юг", "W": "Запад"}
SEAT_RU_GEN = {"N": "Севера", "E": "Востока", "S": "Юга", "W": "Запада"}
SUIT_RU = {"S": "пики", "H": "червы", "D": "бубны", "C": "трефы", "NT": "без козыря"}


def seat(value: Any, field: str) -> str:
    if not isinstance(value, str) or value.upper() not in SEATS:
        raise RulingInputError(f"{field}: unknown seat {value!r} (expected one of N, E, S, W)")
    return value.upper()


def suit(value: Any, field: str) -> str:
    if not isinstance(value, str) or value.upper() not in SUITS:
        raise RulingInputError(f"{field}: unknown suit {value!r} (expected one of S, H, D, C)")
    return value.upper()


def partner(s: str) -> str:
    return SEATS[(SEATS.index(s) + 2) % 4]


def lho(s: str) -> str:
    return SEATS[(SEATS.index(s) + 1) % 4]


def same_side(a: str, b: str) -> bool:
    return a == b or a == partner(b)


def rotate(s: str, n: int) -> str:
    """Seat n quarter-turns clockwise from s (N→E→S→W)."""
    return SEATS[(SEATS.index(s) + n) % 4]


def boolean(facts: dict, key: str, default: bool = False) -> bool:
    value = facts.get(key, default)
    if not isinstance(value, bool):
        raise RulingInputError(f"{key}: expected true or false, got {value!r}")
    return value


@overload
def integer(facts: dict, key: str, lo: int, hi: int, *, required: Literal[True] = True) -> int: ...
@overload
def integer(facts: dict, key: str, lo: int, hi: int, *, required: bool) -> int | None: ...
def integer(facts: dict, key: str, lo: int, hi: int, *, required: bool = True) -> int | None:
    if key not in facts or facts[key] is None:
        if required:
            raise RulingInputError(f"{key}: missing")
        return None
    value = facts[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulingInputError(f"{key}: expected an integer, got {value!r}")
    if not lo <= value <= hi:
        raise RulingInputError(f"{key}: {value} is out of range {lo}..{hi}")
    return value


def only_keys(facts: Any, allowed: set[str], what: str) -> dict:
    if not isinstance(facts, dict):
        raise RulingInputError(f"{what}: facts must be a JSON object")
    unknown = sorted(set(facts) - allowed)
    if unknown:
        raise RulingInputError(f"{what}: unknown fact(s) {', '.join(unknown)}")
    return facts


def tricks_ru(n: int) -> str:
    """'1 взятка', '3 взятки', '5 взяток' — Russian plural agreement."""
    if n % 10 == 1 and n % 100 != 11:
        word = "взятка"
    elif n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14):
        word = "взятки"
    else:
        word = "взяток"
    return f"{n} {word}"
