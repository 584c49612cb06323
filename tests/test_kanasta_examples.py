"""Published Kanasta worked examples 8-11 (rules page), replayed on hand-built positions.

The Turkish write-ups score in tens; the rules divide by ten (K-VAL-1), so "20" there is
2 here.  Each test names the item, its source and the RULES IDs, and works the numbers out
by hand in a comment.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

import kanasta
from kanasta import (
    Discard,
    HandEnded,
    LayMeld,
    Meld,
    PacketTaken,
    State,
    parse_action,
    parse_card,
    parse_cards,
)

pytestmark = pytest.mark.both_engines  # the rule tests run against both engines (tests/conftest.py)

K = kanasta.Rules.kanasta()
KINGS = "KC KC KD KD KS KS KH"  # a clean kanasta (cards 7, bonus 20) so that team 0 may go out


def position(hands: list[str], **fields: Any) -> State:
    doc: dict[str, Any] = {"format": "kanasta.position/1", "rules": "kanasta", "trump": "8C", "hands": hands}
    doc.update(fields)
    return State.from_dict(doc)


def going_out(melds0: list[str], melds1: list[str], *, trump: str = "8C",
              packets_taken: tuple[int, int] = (1, 1)) -> kanasta.HandResult:
    """Both packets gone; seat 0 discards its last card (QS) and goes out (K-OUT-5).

    The other hands hold 3D (seat 1), 3S (seat 2, partner) and 3C (seat 3): ½ each.
    """
    state = position(
        ["QS", "3D", "3S", "3C"], phase="play", turn={"drew": "stock"}, trump=trump,
        melds=[melds0, melds1], packets=[], packets_taken=list(packets_taken),
    )
    after = state.apply(Discard(parse_card("QS")))
    ended = [e for e in after.events if isinstance(e, HandEnded)]
    assert len(ended) == 1 and after.hand_results[-1] == ended[0].result
    return ended[0].result


def meld(text: str) -> Meld:
    return Meld.from_cards(parse_cards(text), K)


# ----------------------------------------------------------------- worked example 8


def test_examples_8_meld_values_turkish_write_up_k_val_1() -> None:
    """Worked example 8 (a Turkish Kanasta write-up, 2010; K-VAL-1).

    7-7 with a wild 2: 5 + 5 + 10 = 20, i.e. 2.  A-A with a wild 2: 15 + 15 + 10 = 40,
    i.e. 4.  The run 4-5-6-(2 as 7)-8: 5 + 5 + 5 + 10 + 10 = 35, i.e. 3½.
    """
    assert meld("7C 7D 2S").value(K) == 2
    assert meld("AC AD 2H").value(K) == 4
    assert meld("4H 5H 6H 2S 8H").value(K) == Fraction(7, 2)
    # A heart 2 away from its own place is a wild too: still 3½.
    assert meld("4H 5H 6H 2H 8H").value(K) == Fraction(7, 2)

    # Laid from hand by an open team, each meld is worth the same on the table.
    state = position(
        ["7C 7D 2S AC AD 2H 4H 5H 6H 2C 8H 9D QD", "4S 4S 4D", "6S 6S 6D", "5S 5S 5D"],
        phase="play", turn={"drew": "stock"}, melds=[[KINGS], []],
    )
    for text, value in [("meld 7C 7D 2S", 2), ("meld AC AD 2H", 4), ("meld 4H 5H 6H 2C 8H", Fraction(7, 2))]:
        move = parse_action(text)
        assert isinstance(move, LayMeld) and move in state.legal_actions()
        state = state.apply(move)
        assert state.melds[0][-1].value(K) == value

    # At the end of the hand: kings 7 + 2 + 4 + 3½ = 16½ in meld points.
    result = going_out([KINGS, "7C 7D 2S", "AC AD 2H", "4H 5H 6H 2C 8H"], [])
    t0 = result.teams[0]
    assert t0.meld_points == Fraction(33, 2)
    # 10 (packet) + 16½ + 20 (clean kings) + 10 (out) - ½ (3S) = 56
    assert t0.raw_total == 56 and t0.total == 56


# ----------------------------------------------------------------- worked example 9


def test_examples_9_a_two_in_its_place_turkish_write_up_k_meld_6_k_val_1() -> None:
    """Worked example 9 (same write-up; K-MELD-6, K-VAL-1): a 2 in its own place in a run of
    its suit counts 5, i.e. ½, and is not the meld's wild."""
    run = meld("AH 2H 3H")
    assert run.wild_index is None and run.wild_count == 0 and run.is_natural_two(1)
    assert run.value(K) == Fraction(5, 2)  # 1½ + ½ + ½
    # Not the wild: the run still takes one, and a 7-card run holding it is clean.
    with_joker = meld("AH 2H 3H JK")
    assert with_joker.wild_index == 3 and with_joker.value(K) == Fraction(7, 2)  # 2½ + 1
    result = going_out([KINGS, "2H 3H 4H 5H 6H 7H 8H"], [])
    t0 = result.teams[0]
    assert [(c.meld, c.kind, c.bonus) for c in t0.canastas] == [(0, "clean", 20), (1, "clean", 20)]
    # kings 7 + (½ + 5 x ½ + 1 = 4) = 11
    assert t0.meld_points == 11


# ---------------------------------------------------------------- worked example 10


def test_examples_10_trump_doubling_zoo_gr_biriba_k_trump_2_k_bonus_1() -> None:
    """Worked example 10 (zoo.gr Biriba scoring help; K-TRUMP-2, K-BONUS-1): with clubs as
    trump a clean run of clubs earns 400 instead of 200, i.e. 40 instead of 20."""
    clubs = "3C 4C 5C 6C 7C 8C 9C"
    trumped = going_out([KINGS, clubs], [], trump="KC").teams[0].canastas[1]
    assert (trumped.kind, trumped.base, trumped.trump_doubled, trumped.bonus) == ("clean", 20, True, 40)
    plain = going_out([KINGS, clubs], [], trump="KH").teams[0].canastas[1]
    assert (plain.kind, plain.base, plain.trump_doubled, plain.bonus) == ("clean", 20, False, 20)


# ---------------------------------------------------------------- worked example 11


def test_examples_11_packets_turkish_write_up_k_out_2() -> None:
    """Worked example 11 (same Turkish write-up; K-OUT-2): each fi taken is worth 100, i.e. 10."""
    result = going_out([KINGS], [], packets_taken=(2, 0))
    assert [(t.packets, t.packet_points) for t in result.teams] == [(2, 20), (0, 0)]
    result = going_out([KINGS], [], packets_taken=(1, 1))
    assert [(t.packets, t.packet_points) for t in result.teams] == [(1, 10), (1, 10)]

    # Taking a packet in play is what counts it: seat 0 discards its last card, picks up
    # packet 1, and team 0 has one packet (10 points at the end of the hand).
    packet1 = "TC TC TD TD JC JC JD JD QC QD QH"
    packet2 = "3C 3D 4C 4H 5C 5H 6C 6H 7C 7D 8D"
    state = position(
        ["9C", "4S 4S 4D", "6S 6S 6D", "5S 5S 5D"], phase="play", turn={"drew": "stock"},
        melds=[[KINGS], []], packets=[packet1, packet2],
    )
    after = state.apply(Discard(parse_card("9C")))
    assert [e.packet for e in after.events if isinstance(e, PacketTaken)] == [1]
    assert after.packets_taken == (1, 0)
