"""Rule combinations that validation accepted and play then broke, kept as regression tests.

Every :class:`kanasta.Rules` that validation accepts must play by the rules (RULES E-1,
E-2); a combination the rules cannot honour is refused by validation, in the Python
validator and in the native core's reader of rules alike, with the same message.
"""

from __future__ import annotations

import json
import random
from typing import Any

import attrs
import pytest

import kanasta
from kanasta import AddToMeld, LayMeld, TakePile, _core

pytestmark = pytest.mark.both_engines  # the rule tests run against both engines (tests/conftest.py)

# Classic Canasta with Kanasta's two packets: Classic's red and black 3s (C-THREE-1,
# C-THREE-2) cannot be honoured with packets (K-OUT-2).  A packet is dealt unsorted, so a
# packet picked up brings red 3s into the hand, which C-THREE-1 says is never so; and a
# black-3 meld is allowed only to a player who goes out in that turn, while emptying the
# hand with a packet left picks the packet up instead: such a game reached a play phase
# with eleven cards, bound to go out, and no legal move.
_CLASSIC_WITH_PACKETS: dict[str, Any] = {"packets": 2, "packet_size": 11, "concealed_bonus": None,
                                         "ask_partner": False}


def _meld_biased(rules: kanasta.Rules, seed: int) -> kanasta.State:
    """The first hand of ``rules`` played by a player who melds or takes nine times in ten.

    Every position reached has a move (E-2), every listed move is played by ``apply``, and the
    position reader reads every state again (E-5: it checks every rule a position obeys).
    """
    state, rng = kanasta.new_game(rules, seed), random.Random(seed)
    while state.hand_number == 1:
        listed = state.legal_actions()
        assert listed, f"dead end after {len(state.history)} moves (E-2)"
        melds = [a for a in listed if isinstance(a, (LayMeld, AddToMeld, TakePile))]
        state = state.apply(rng.choice(melds) if melds and rng.random() < 0.9 else rng.choice(listed))
        assert kanasta.State.from_dict(state.to_dict()) == state
    return state


@pytest.mark.parametrize("threes", [{}, {"red_threes": False}, {"black_threes": False}])
def test_c_three_1_c_three_2_k_out_2_packets_with_the_three_rules_are_refused(threes: dict[str, bool]) -> None:
    """C-THREE-1, C-THREE-2, K-OUT-2: Classic with packets and its 3 rules is refused, naming both fields."""
    with pytest.raises(kanasta.ConfigError) as info:
        attrs.evolve(kanasta.Rules.classic(), **_CLASSIC_WITH_PACKETS, **threes)
    if threes:  # one rule alone: refused as the two rules go together (checked first)
        assert "go together" in str(info.value)
        return
    assert info.value.field == "red_threes+black_threes"
    assert "without packets" in str(info.value) and "red_threes=False and black_threes=False" in str(info.value)


@pytest.mark.parametrize("players", [4, 3, 2])
@pytest.mark.parametrize("threes", [(True, True), (True, False), (False, True)])
def test_c_three_1_c_three_2_the_core_reader_refuses_packets_with_the_three_rules(
    players: int, threes: tuple[bool, bool]
) -> None:
    """C-THREE-1, C-THREE-2: the native core's reader refuses what the validator refuses, in its words."""
    fields = dict(kanasta.Rules.classic(players).to_dict(), **_CLASSIC_WITH_PACKETS)
    fields.update(packet_size=9, red_threes=threes[0], black_threes=threes[1])
    with pytest.raises(ValueError, match=r"^red_threes\+black_threes: ") as info:
        _core.NativeState.new_game(json.dumps(fields), 1)
    if threes == (True, True):
        with pytest.raises(kanasta.ConfigError) as python:
            kanasta.Rules.from_dict(fields)
        assert str(info.value) == str(python.value)


@pytest.mark.parametrize("players", [4, 3, 2])
@pytest.mark.parametrize("seed", [1, 7])
def test_e_2_classic_with_packets_and_no_three_rules_plays_by_the_rules(players: int, seed: int) -> None:
    """E-1, E-2, K-OUT-2: without the 3 rules, Classic with packets plays: the repro's games end their hand.

    Seeds 1 and 7 with the meld-biased player are the games that broke with the 3 rules on;
    with them off, each first hand ends (by going out or at the stock's end, C-OUT-5) with no dead end, no
    refused listed move, and the packets taken by whoever emptied a hand (+10 each).
    """
    size = 11 if players == 4 else 9  # three and two players hold 13 and 15 cards: smaller packets fit
    rules = attrs.evolve(kanasta.Rules.classic(players), **dict(_CLASSIC_WITH_PACKETS, packet_size=size),
                         red_threes=False, black_threes=False)
    state = _meld_biased(rules, seed)
    result = state.hand_results[0]
    assert result.ended_by in ("going_out", "no_take", "declined")  # (C-OUT-5's end of the stock)
    for team in result.teams:
        assert team.packet_points == 10 * team.packets
    if result.ended_by == "going_out":  # going out needs both packets taken first (K-OUT-5)
        assert sum(team.packets for team in result.teams) == 2
