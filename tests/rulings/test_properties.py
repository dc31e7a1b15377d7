"""Properties of the revoke ruling over generated facts (hypothesis)."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from pipeline.rulings import rule_revoke
from pipeline.rulings.seats import rotate, same_side

SEATS = ["N", "E", "S", "W"]


@st.composite
def revoke_facts(draw):
    offender = draw(st.sampled_from(SEATS))
    declarer = draw(st.sampled_from(SEATS))
    trick = draw(st.integers(1, 12))
    how = draw(st.sampled_from(["play", "designation", "claim"]))
    winners = draw(st.lists(st.sampled_from(SEATS), min_size=1, max_size=14 - trick))
    later_candidates = [trick + i for i, w in enumerate(winners) if i > 0 and w == offender]
    later = (
        draw(st.lists(st.sampled_from(later_candidates), unique=True)) if later_candidates else []
    )
    facts = {
        "offender": offender,
        "declarer": declarer,
        "revoke_trick": trick,
        "established_by": how,
        "trick_winners": winners,
        "offender_won_with_revoke_suit_card": sorted(later),
    }
    for flag in (
        "second_revoke_same_suit",
        "failed_to_play_faced_card",
        "attention_after_next_deal_call",
        "attention_after_round",
    ):
        if draw(st.booleans()) and draw(st.booleans()):
            facts[flag] = True
    return facts


def _side_won(facts):
    return sum(1 for w in facts["trick_winners"] if same_side(w, facts["offender"]))


@settings(max_examples=400, deadline=None)
@given(revoke_facts())
def test_never_more_than_the_offending_side_won(facts):
    r = rule_revoke(facts)
    won = _side_won(facts)
    assert 0 <= r.outcome["transferred"] <= min(won, 2)
    assert r.outcome["offending_side_won"] == won


@settings(max_examples=300, deadline=None)
@given(revoke_facts())
def test_nothing_won_nothing_transferred(facts):
    facts["trick_winners"] = [
        w for w in facts["trick_winners"] if not same_side(w, facts["offender"])
    ] or [rotate(facts["offender"], 1)]
    facts["offender_won_with_revoke_suit_card"] = []
    r = rule_revoke(facts)
    assert r.outcome["transferred"] == 0
    assert "64B1" in r.cited


@settings(max_examples=300, deadline=None)
@given(revoke_facts(), st.integers(1, 3))
def test_rotating_the_table_changes_nothing(facts, n):
    turned = dict(facts)
    turned["offender"] = rotate(facts["offender"], n)
    turned["declarer"] = rotate(facts["declarer"], n)
    turned["trick_winners"] = [rotate(w, n) for w in facts["trick_winners"]]
    a, b = rule_revoke(facts), rule_revoke(turned)
    assert a.cited == b.cited
    assert [s.address for s in a.steps] == [s.address for s in b.steps]
    for key in (
        "transferred",
        "established",
        "penalty",
        "exceptions",
        "offender_role",
        "offending_side_won",
    ):
        assert a.outcome[key] == b.outcome[key]


@settings(max_examples=200, deadline=None)
@given(revoke_facts())
def test_penalty_only_without_exceptions(facts):
    r = rule_revoke(facts)
    if r.outcome["exceptions"]:
        assert r.outcome["transferred"] == 0 and r.outcome["penalty"] is None
    else:
        assert r.outcome["transferred"] >= 1
        assert r.outcome["penalty"] in r.cited
    assert r.cited[-1] == "64C"


def _rotate_pbn(text: str, n: int) -> str:
    import re

    def seat(m):
        return f'{m.group(1)}"{rotate(m.group(2), n)}'

    text = re.sub(r'(\[Deal )"([NESW])', seat, text)
    text = re.sub(r'(\[Declarer )"([NESW])', seat, text)
    return re.sub(r'(\[Play )"([NESW])', seat, text)


def test_pbn_rotation_changes_nothing_but_seat_names():
    from pathlib import Path

    from pipeline.rulings import rule_revoke_pbn

    pbn_dir = Path(__file__).resolve().parents[2] / "tests" / "fixtures" / "pbn"
    files = sorted(pbn_dir.glob("*.pbn"))
    assert len(files) >= 10
    for path in files:
        text = path.read_text(encoding="utf-8")
        base = rule_revoke_pbn(text, equity=False)
        for n in (1, 2, 3):
            turned = rule_revoke_pbn(_rotate_pbn(text, n), equity=False)
            assert len(turned) == len(base)
            for b0, b1 in zip(base, turned):
                assert b1.declarer == rotate(b0.declarer, n), path.name
                assert b1.transferred == b0.transferred, path.name
                assert [
                    (r.trick, rotate(r.offender, n), r.suit, r.ruling.cited) for r in b0.revokes
                ] == [(r.trick, r.offender, r.suit, r.ruling.cited) for r in b1.revokes], path.name


# --- PBN files damaged at random: every board is ruled or skipped with a named
# reason, never lost to an unexpected error (rule_game would report those as
# "cannot be ruled (ExceptionName: …)").

_PBN_BASE = (
    Path(__file__).resolve().parents[1]
    / "fixtures"
    / "pbn_dialects"
    / "d11_no_blank_line_between_games.pbn"
)


@st.composite
def damaged_pbn(draw):
    lines = _PBN_BASE.read_text(encoding="utf-8").splitlines()
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, len(lines) - 1))
        how = draw(st.sampled_from(["drop", "double", "cut", "noise", "swap"]))
        if how == "drop":
            del lines[i]
        elif how == "double":
            lines.insert(i, lines[i])
        elif how == "cut":
            lines[i] = lines[i][: draw(st.integers(0, max(len(lines[i]) - 1, 0)))]
        elif how == "noise":
            lines[i] = lines[i] + draw(
                st.text(alphabet='-+*{}[];"%=!?$ 0123456789SHDCNTXAKQJ', max_size=6)
            )
        else:
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        if not lines:
            break
    text = "\n".join(lines)
    return text.encode(draw(st.sampled_from(["utf-8", "latin-1", "utf-16"])), errors="replace")


@settings(max_examples=150, deadline=None)
@given(damaged_pbn())
def test_damaged_pbn_files_never_lose_a_board_to_an_error(data):
    from pipeline.rulings import RulingInputError
    from pipeline.rulings.pbn_record import SKIP_REASONS
    from pipeline.rulings.pbn_revoke import rule_pbn

    try:
        report = rule_pbn(data, equity=False)
    except RulingInputError:
        return  # nothing of a board left in the file: exit 2, with a message
    for b in report.skipped:
        assert b.reason in SKIP_REASONS
        assert "cannot be ruled (" not in b.message, b.message
