"""Contradictory facts and illegal play records raise RulingInputError naming the problem."""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.rulings import (
    RulingInputError,
    rule_auction,
    rule_claim,
    rule_defective_trick,
    rule_incorrect_cards,
    rule_revoke,
    rule_revoke_pbn,
)

PBN_DIR = Path(__file__).resolve().parents[2] / "tests" / "fixtures" / "pbn"
GOOD = {
    "offender": "E",
    "declarer": "S",
    "revoke_trick": 3,
    "established_by": "play",
    "trick_winners": ["N", "E"],
}


@pytest.mark.parametrize(
    "change,needle",
    [
        ({"revoke_trick": 14}, "revoke_trick"),
        ({"revoke_trick": 13}, "revoke_trick"),
        ({"revoke_trick": 0}, "revoke_trick"),
        ({"revoke_trick": "3"}, "revoke_trick"),
        ({"offender": "X"}, "offender"),
        ({"declarer": None}, "declarer"),
        ({"established_by": "maybe"}, "established_by"),
        ({"trick_winners": ["N"] * 12}, "trick_winners"),
        ({"trick_winners": []}, "trick_winners"),
        ({"trick_winners": ["N", "Z"]}, "trick_winners[1]"),
        ({"established_by": None}, "later tricks were played"),
        ({"offender_won_with_revoke_suit_card": [4, 9]}, "offender_won_with_revoke_suit_card"),
        ({"offender_won_with_revoke_suit_card": [2]}, "offender_won_with_revoke_suit_card"),
        ({"attention_after_round": "yes"}, "attention_after_round"),
        ({"colour": "red"}, "colour"),
    ],
)
def test_revoke_facts(change, needle):
    facts = {**GOOD, **change}
    with pytest.raises(RulingInputError) as exc:
        rule_revoke(facts)
    assert needle in str(exc.value)


def test_not_established_but_after_round():
    with pytest.raises(RulingInputError, match="established"):
        rule_revoke(
            {
                "offender": "E",
                "declarer": "S",
                "revoke_trick": 3,
                "established_by": None,
                "attention_after_round": True,
            }
        )


def test_good_facts_are_accepted():
    assert rule_revoke(GOOD).outcome["transferred"] == 1


def _pbn(deal, play_rows, contract="3NT", declarer="S", extra=""):
    lines = [
        '[Board "1"]',
        f'[Deal "{deal}"]',
        f'[Declarer "{declarer}"]',
        f'[Contract "{contract}"]',
        extra,
        '[Play "W"]',
        *play_rows,
    ]
    return "\n".join(line for line in lines if line) + "\n"


D1 = "N:KQ5.A843.K72.J94 J9872.K6.Q85.A63 A4.QJ5.AJ964.KQ7 T63.T972.T3.T852"
R01 = (PBN_DIR / "r01_defender_discards.pbn").read_text()


def test_pbn_fourteen_cards():
    deal = "N:KQ5.A843.K72.J943 J9872.K6.Q85.A6 A4.QJ5.AJ964.KQ7 T63.T972.T3.T852"
    with pytest.raises(RulingInputError, match="14 cards"):
        rule_revoke_pbn(R01.replace(D1, deal))


def test_pbn_duplicate_card():
    deal = "N:KQ5.A843.K72.J94 J9872.K6.Q85.A63 A4.QJ5.AJ964.KQ7 T63.T972.T3.T85A"
    with pytest.raises(RulingInputError):
        rule_revoke_pbn(R01.replace(D1, deal))


def test_pbn_card_not_in_hand():
    # trick 1: N plays the heart two, which West holds
    bad = R01.replace("HT HA H6 H5", "HT H2 H6 H5")
    with pytest.raises(RulingInputError, match="not in his hand"):
        rule_revoke_pbn(bad)


def test_pbn_stops_without_claim():
    lines = R01.splitlines()
    cut = "\n".join(lines[:-4]) + "\n"
    with pytest.raises(RulingInputError, match="without a claim"):
        rule_revoke_pbn(cut)


def test_pbn_result_contradicts_claim():
    text = (PBN_DIR / "r07_claim.pbn").read_text().replace('[Result "9"]', '[Result "2"]')
    with pytest.raises(RulingInputError, match="Result"):
        rule_revoke_pbn(text)


def test_pbn_no_contract():
    text = R01.replace('[Contract "3NT"]\n', "")
    with pytest.raises(RulingInputError):
        rule_revoke_pbn(text)


def test_pbn_garbage():
    with pytest.raises(RulingInputError):
        rule_revoke_pbn("this is not pbn")


CLEAN_ROWS = [
    "HT HA H6 H5",
    "S3 SK S2 S4",
    "D3 DK D5 D4",
    "C2 CJ CA C7",
    "S6 S5 SJ SA",
    "DT D2 D8 DA",
    "H2 D7 DQ DJ",
    "ST SQ S9 D6",
    "H7 H8 HK HJ",
    "C5 H3 S8 D9",
    "C8 C4 C6 CK",
    "H9 H4 C3 HQ",
    "CT C9 S7 CQ",
]


def test_pbn_clean_board_has_no_revokes():
    boards = rule_revoke_pbn(_pbn(D1, CLEAN_ROWS))
    assert boards[0].revokes == () and boards[0].transferred == 0
    assert boards[0].declarer_tricks_at_table == 9


def test_pbn_revoke_detected_when_clean_board_is_altered():
    rows = list(CLEAN_ROWS)
    rows[2] = "D3 DK C3 D4"  # E discards a club while holding diamonds
    rows[11] = "H9 H4 D5 HQ"  # and plays the diamond later instead
    boards = rule_revoke_pbn(_pbn(D1, rows), equity=False)
    (r,) = boards[0].revokes
    assert (r.trick, r.offender, r.suit, r.card) == (3, "E", "D", "C3")


def test_pbn_too_many_tricks():
    with pytest.raises(RulingInputError):
        rule_revoke_pbn(_pbn(D1, [*CLEAN_ROWS, "HT HA H6 H5"]))


@pytest.mark.parametrize(
    "fn,facts,needle",
    [
        (rule_defective_trick, {"offender": "E", "fault": "lost"}, "fault"),
        (
            rule_defective_trick,
            {"offender": "E", "fault": "failed_to_play"},
            "both_sides_played_to_next_trick",
        ),
        (
            rule_defective_trick,
            {"offender": "E", "fault": "failed_to_play", "both_sides_played_to_next_trick": True},
            "has_suit_led",
        ),
        (
            rule_defective_trick,
            {
                "offender": "E",
                "fault": "failed_to_play",
                "both_sides_played_to_next_trick": True,
                "has_suit_led": False,
                "defective_trick": 13,
            },
            "defective_trick",
        ),
        (
            rule_defective_trick,
            {"offender": "U", "fault": "failed_to_play", "both_sides_played_to_next_trick": False},
            "offender",
        ),
        (rule_incorrect_cards, {"card_counts": {"N": 14, "E": 14, "S": 13, "W": 13}}, "54"),
        (rule_incorrect_cards, {"card_counts": {"N": 13, "E": 13, "S": 13, "W": 13}}, "13 cards"),
        (rule_incorrect_cards, {"card_counts": {"N": 13, "E": 13, "S": 13}}, "W"),
        (rule_incorrect_cards, {"card_counts": {"N": 13, "E": 13, "S": 13, "W": 13, "Q": 0}}, "Q"),
        (
            rule_incorrect_cards,
            {"card_counts": {"N": -1, "E": 14, "S": 13, "W": 13}},
            "card_counts.N",
        ),
        (rule_claim, {"trump_outstanding": True}, "claimer_mentioned_trump"),
    ],
)
def test_other_facts(fn, facts, needle):
    with pytest.raises(RulingInputError) as exc:
        fn(facts)
    assert needle in str(exc.value)


@pytest.mark.parametrize(
    "calls,needle",
    [
        (["1S", "P", "P", "P", "2H"], "after the auction has ended"),
        (["P", "P", "P", "P", "1C"], "after the auction has ended"),
        (["2S", "2H"], "insufficient"),
        (["1S", "X", "1S"], "insufficient"),
        ([], "calls"),
        (["1S", 3], "call 2"),
    ],
)
def test_auction_bad(calls, needle):
    with pytest.raises(RulingInputError) as exc:
        rule_auction(calls)
    assert needle in str(exc.value)
