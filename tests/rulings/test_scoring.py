"""Scoring agrees with endplay for every level, strain, doubled state, vulnerability, tricks."""

from __future__ import annotations

import itertools

import pytest
from endplay.types import Contract, Denom, Penalty, Player, Vul

from pipeline.rulings import rule_score, score
from pipeline.rulings.result import RulingInputError

STRAINS = {
    "C": Denom.clubs,
    "D": Denom.diamonds,
    "H": Denom.hearts,
    "S": Denom.spades,
    "NT": Denom.nt,
}
STATES = {"": Penalty.passed, "X": Penalty.doubled, "XX": Penalty.redoubled}
VULS = {"NONE": Vul.none, "NS": Vul.ns, "EW": Vul.ew, "ALL": Vul.both}
SEATS = {"N": Player.north, "E": Player.east, "S": Player.south, "W": Player.west}


def _endplay(level, strain, state, declarer, vul, tricks):
    c = Contract(
        level=level,
        denom=STRAINS[strain],
        declarer=SEATS[declarer],
        penalty=STATES[state],
        result=tricks - level - 6,
    )
    return c.score(VULS[vul])


@pytest.mark.parametrize("level,strain", list(itertools.product(range(1, 8), STRAINS)))
def test_every_combination_matches_endplay(level, strain):
    for state, vul, declarer, tricks in itertools.product(STATES, VULS, "NE", range(14)):
        want = _endplay(level, strain, state, declarer, vul, tricks)
        r = rule_score(f"{level}{strain}{state}", vul, declarer, tricks)
        assert r.outcome["score"] == want, (level, strain, state, vul, declarer, tricks)


def test_sign_convention():
    assert score("4S", False, 10) > 0
    assert score("4S", False, 9) < 0


@pytest.mark.parametrize("contract", ["0S", "8H", "4Z", "4SXXX", "", "SX"])
def test_bad_contracts(contract):
    with pytest.raises(RulingInputError):
        score(contract, False, 7)


def test_bad_vul():
    with pytest.raises(RulingInputError, match="vul"):
        rule_score("4S", "BOTH!", "N", 10)
