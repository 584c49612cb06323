"""The published Classic Canasta worked examples 1-7 (rules page), replayed on positions.

Each test names the item, its source and the RULES IDs in its docstring; the expected numbers
are the published ones (with the arithmetic written out), not the engine's output.
"""

from __future__ import annotations

import pytest

import kanasta
from _classic_positions import act, after_draw, ended, offered, position, refused
from kanasta import PileJoined, Rules, TeamOpened, parse_cards

pytestmark = pytest.mark.both_engines  # the rule tests run against both engines (tests/conftest.py)

CLASSIC = Rules.classic()
CANASTA = "KH KS KD KC KH KS KD"


# ---------------------------------------------------------------- worked example 1


# Two loose cards (9S 8D) so that the melds leave the player something to keep and discard.
KINGS = "6C 6D 6H KC KD KH 2C 9S 8D"
ACES = "6C 6D 6H AC AD AH 2C 9S 8D"


def test_examples_1_c_open_2_two_melds_short_of_90() -> None:
    """Worked example 1 (Wikipedia, "Canasta", original rules, initial melds; C-OPEN-1, C-OPEN-2).

    A team with 1,600 needs 90: 6-6-6 and K-K-K-2 count 15 + 50 = 65, not enough.
    """
    s = after_draw(KINGS, scores=[1600, 0])
    assert CLASSIC.opening_minimum(1600) == 90
    # No first meld is offered: nothing in the hand can reach 90 (6 6 6 = 15, K K K 2 = 50).
    assert not any(isinstance(a, kanasta.LayMeld) for a in s.legal_actions())
    refused(s, "meld 6C 6D 6H", "E-2")
    refused(s, "meld KC KD KH 2C", "E-2")


def test_examples_1_c_open_2_two_melds_reach_90() -> None:
    """Worked example 1 (Wikipedia, "Canasta", original rules; C-OPEN-1, C-OPEN-2).

    6-6-6 and A-A-A-2 count 15 + 80 = 95: enough for 90.  The team is down the moment the
    second meld brings the count to 95.
    """
    s = after_draw(ACES, scores=[1600, 0])
    s = offered(s, "meld 6C 6D 6H")
    assert s.turn.count == 15 and not s.opened[0]  # 5 + 5 + 5
    s = offered(s, "meld AC AD AH 2C")
    assert s.turn.count == 95  # 15 + 20 + 20 + 20 + 20
    assert s.events == (TeamOpened(team=0, seat=0),)


@pytest.mark.parametrize(("score", "kings_ok", "aces_ok"), [(1400, True, True), (3000, False, False)])
def test_examples_1_c_open_1_other_bands(score: int, kings_ok: bool, aces_ok: bool) -> None:
    """Worked example 1 (Wikipedia; C-OPEN-1): below 1,500 (minimum 50) both are enough (65, 95);
    at 3,000 or more (minimum 120) neither is."""
    for hand, first, second, ok in (
        (KINGS, "meld 6C 6D 6H", "meld KC KD KH 2C", kings_ok),
        (ACES, "meld 6C 6D 6H", "meld AC AD AH 2C", aces_ok),
    ):
        s = after_draw(hand, scores=[score, 0])
        if ok:
            s = act(s, first, second)
            assert s.opened[0]
        else:
            refused(s, first, "E-2")
            refused(s, second, "E-2")


# ---------------------------------------------------------------- worked example 2


def test_examples_2_c_pile_5_only_the_top_card_counts_minimum_50() -> None:
    """Worked example 2 (Pagat, Classic Canasta; C-OPEN-3, C-PILE-5).

    The pile has a K on top and, buried in it, another K and a Q.  The player holds K K Q Q 2
    (and two loose cards); the team needs 50.  Taking the pile with K K (K-K-K = 30) and laying
    Q-Q-2 from the hand (40) makes 70: legal; the buried K and Q may then be added.
    """
    s = position("KC KS QC QD 2C 6D 9S", pile="5C KD QS KH")
    s = offered(s, "take KC KS")
    assert s.turn.count == 30 and s.turn.aside == parse_cards("5C KD QS")
    s = offered(s, "meld QC QD 2C")
    assert s.turn.count == 70  # 30 + 10 + 10 + 20
    assert s.events == (TeamOpened(team=0, seat=0), PileJoined(seat=0, cards=parse_cards("5C KD QS")))
    # The buried K and Q joined the hand and may be added in the same turn.
    s = offered(s, "add @0 KD")
    s = offered(s, "add @1 QS")
    assert s.melds[0][0].size == 4 and s.melds[0][1].size == 4


def test_examples_2_c_pile_5_only_the_top_card_counts_minimum_90() -> None:
    """Worked example 2 (Pagat, Classic Canasta; C-OPEN-3, C-PILE-5).

    With a minimum of 90 the take is illegal, even though the buried K and Q would bring the
    cards laid down to 30 + 40 + 10 + 10 = 90.
    """
    s = position("KC KS QC QD 2C 6D 9S", pile="5C KD QS KH", scores=[1600, 0])
    refused(s, "take KC KS", "C-PILE-5")
    assert s.legal_actions() == (kanasta.Draw(),)


# ---------------------------------------------------------------- worked example 3


def test_examples_3_c_meld_4_natural_canasta_of_kings_is_worth_570() -> None:
    """Worked example 3 (Pagat; C-MELD-4, C-SCORE-1): a natural canasta of seven kings is worth 500
    for the canasta and 70 for the kings: 570."""
    s = after_draw("QC QD QH 9S", melds=[[CANASTA], []])
    s = act(s, "meld QC QD QH", "discard 9S")
    team = ended(s).teams[0]
    kings = team.canastas[0]
    assert (kings.meld, kings.kind, kings.bonus) == (0, "clean", 500)
    kings_value = ended(s).melds[0][0].value(CLASSIC)
    assert kings.bonus + kings_value == 570
    # The whole team: 570 + Q Q Q 30 + going out 100 - partner's 5S 5S 5D 15 = 685.
    assert team.total == 685


# ---------------------------------------------------------------- worked example 4


def test_examples_4_c_score_1_cards_left_in_both_hands() -> None:
    """Worked example 4 (canastapedia, Classic scoring; C-SCORE-1): two 4s in one partner's hand and
    a 5 and a K in the other's cost the team 5 + 5 + 5 + 10 = 25."""
    s = position(
        hands=["QC QD QH 9S", "4C 4D", "6S 6S 6D", "5H KS"],
        melds=[["KH KC KD KC KH KS KD"], []],  # kings without KS x2: seat 3 holds a KS
        phase="play", turn={"drew": "stock"},
    )
    s = act(s, "meld QC QD QH", "discard 9S")
    t1 = ended(s).teams[1]
    assert t1.hand_points == 25
    assert t1.total == -25  # no melds, no red 3s


# ---------------------------------------------------------------- worked example 5


def test_examples_5_c_score_2_four_red_threes_without_a_meld() -> None:
    """Worked example 5 (Encyclopaedia Britannica, Canasta; C-SCORE-2): a team holding all four red
    3s that has made no meld scores -800 for them."""
    s = after_draw("QC QD QH 9S", melds=[[CANASTA], []], red_threes=["", "3H 3H 3D 3D"])
    s = act(s, "meld QC QD QH", "discard 9S")
    t1 = ended(s).teams[1]
    assert t1.red_threes == 4 and t1.red_three_points == -800
    # -800 and seats 1 and 3's 4S 4S 4D and 6S 6S 6D (15 + 15): -830.
    assert t1.total == -830


# ---------------------------------------------------------------- worked example 6


@pytest.mark.parametrize(("score", "legal"), [(1495, True), (1525, False)])
def test_examples_6_c_open_1_score_bands(score: int, legal: bool) -> None:
    """Worked example 6 (Card Games For Dummies, Canasta; C-OPEN-1): 1,495 points needs 50 in the
    next hand, 1,525 needs 90 ("better off having 1,495 than 1,525").  K K K 2 counts
    10 + 10 + 10 + 20 = 50."""
    assert CLASSIC.opening_minimum(score) == (50 if legal else 90)
    s = after_draw("KC KD KH 2C 9S 8D", scores=[score, 0])
    if legal:
        s = offered(s, "meld KC KD KH 2C")
        assert s.opened[0] and s.turn.count == 50
    else:
        refused(s, "meld KC KD KH 2C", "E-2")


# ---------------------------------------------------------------- worked example 7


def test_examples_7_c_val_1_a_two_in_a_meld_of_kings_counts_20() -> None:
    """Worked example 7 (Hoyle's rules in a Canasta program's help; C-VAL-1): a 2 in a meld of kings
    counts 20, not 10."""
    s = after_draw("KC KD KH 2C 9S 8D")
    s = offered(s, "meld KC KD KH 2C")
    assert s.turn.count == 50  # 3 x 10 + 20
    # At the end of the hand the meld is worth 50 too.
    s = after_draw("QC QD QH 9S", melds=[[CANASTA, "JC JD 2C"], []])
    s = act(s, "meld QC QD QH", "discard 9S")
    # Meld points: kings 70 + J J 2 (10 + 10 + 20 = 40) + Q Q Q 30 = 140.
    assert ended(s).teams[0].meld_points == 140
