"""Dead ends found in played games (RULES E-1, E-2), kept as regression tests.

Each test gives the position (or the rules and moves) that reached a live
state with no legal move, or a listed move that could not be played, and
checks that the engine now refuses the move that led there.
"""

from __future__ import annotations

from typing import Any

import pytest

import kanasta

pytestmark = pytest.mark.both_engines  # the rule tests run against both engines (tests/conftest.py)

# Kanasta, hand 5: team 1 (238) is not open, so its opening needs 10 points with a natural
# run (K-OPEN-2, K-OPEN-3).  Seat 1 took the pile and holds AC 2C 3C 4S 5S 6S 7H JD JS QC
# KC KS JK.  Counted by hand, the most a turn can lay while two cards stay in hand (no
# kanasta: the hand may not be emptied, K-OUT-1) is 9 points: 7H and KS have no meld, and
# one ace of clubs serves A-2-3 or Q-K-A, never both (K-MELD-2).  A witness that counted
# the ace in both runs offered `meld JD JS JK` and `meld 4S 5S 6S`, after which no move was
# legal: every meld short of the minimum (E-2), every discard before opening (K-OPEN-1).
_SINGLE_ACE: dict[str, Any] = {
    "format": "kanasta.position/1", "rules": "kanasta", "seed": 1, "hand_number": 5, "dealer": 1,
    "scores": [190, 238], "phase": "play", "player": 1,
    "hands": [
        "4C 4H 6D 7D 7H QH KH", "AC 2C 3C 4S 5S 6S 7H JD JS QC KC KS JK",
        "AH 3D 3H 5D 7C 8S TD QS KC KH", "AC 2C 2H 3D 4H 5C 5S 6H 8H JC JK",
    ],
    "stock": "2H AH AD 2D 5H 8S JH 8C 2D 5C 7D JS 3C QH AD QD TS 4D JC 9D 5H 3S TC 6D JD 7S JK 8D 2S",
    "pile": "",
    "melds": [["9C 9C 9D 9H", "6C 6C 6S", "9H 9S 9S", "2S 3S 4S", "QS KS AS"], []],
    "opened": [True, False], "melded_this_hand": [True, False, True, False],
    "packets": ["AS 3H 4D 7C 8C 8H TH TS JH QC KD", "4C 5D 6H 7S 8D TC TD TH QD KD JK"],
    "trump": "9C", "turn": {"drew": "pile"},
}


@pytest.mark.parametrize("text", ["meld JD JS JK", "meld 4S 5S 6S", "meld AC 2C 3C", "meld QC KC AC"])
def test_e2_k_open_3_k_meld_2_one_ace_does_not_count_in_two_runs(text: str) -> None:
    """E-2, K-OPEN-3, K-MELD-2: no meld is offered when the 10-point opening is out of reach."""
    state = kanasta.State.from_dict(_SINGLE_ACE)
    action = kanasta.parse_action(text)
    assert action not in state.legal_actions()
    refusal = state.explain(action)
    assert refusal is not None and "[E-2]" in refusal
    with pytest.raises(kanasta.IllegalActionError) as info:
        state.apply(action)
    assert info.value.rule == "E-2"
    # what is left is to discard without laying anything (K-OPEN-1 binds only after cards are laid)
    hand = _SINGLE_ACE["hands"][1]
    assert state.legal_actions() == tuple(kanasta.Discard(c) for c in kanasta.parse_cards(hand))


def test_e2_k_open_3_with_two_aces_both_runs_open_the_team() -> None:
    """E-2, K-OPEN-3: with a second ace of clubs A-2-3 and Q-K-A are both there: the team opens."""
    hands = list(_SINGLE_ACE["hands"])
    hands[1] = "AC " + hands[1]
    hands[3] = hands[3].replace("AC ", "")  # the second AC is seat 3's
    state = kanasta.State.from_dict(dict(_SINGLE_ACE, hands=hands))
    # JD JS JK (3) + 4S 5S 6S (1½) + A-2-3 (2½) + Q-K-A (3½) = 10½ points; 7H and KS stay, one to discard
    for text in ("meld JD JS JK", "meld 4S 5S 6S", "meld AC 2C 3C", "meld QC KC AC"):
        action = kanasta.parse_action(text)
        assert action in state.legal_actions(), text
        state = state.apply(action)
    assert state.opened == (True, True)
    assert state.hands[1] == kanasta.parse_cards("7H KS")
