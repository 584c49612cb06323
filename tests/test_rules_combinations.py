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
from kanasta._core import _testing

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


# Kanasta with five cards a draw, a 55½-point opening and ten kanastas to empty a hand: a valid
# Rules (seed 383037261).  Played by listed moves (takes, draws and discards only: neither team
# ever opens), it reaches seat 2 holding 29 cards after a draw, where listing the moves needed
# more than the work budget on both engines (EngineLimitError from legal_actions() and view()).
# The cause: the hand's points (25) cannot reach the minimum, so E-2's only way to open is the
# K-OPEN-4 waiver (the hand melded down to one card), and the search tried every order of laying
# 28 cards.  It now lays one card at a time in a fixed order (the pivot) when only the waiver can
# open, which the listing decided in a few thousand nodes; going out needs ten canastas, and
# the bound on the canastas the hand can make now refutes the waiver at the root (1 node).
_STUCK_RULES: dict[str, Any] = dict(
    kanasta.Rules.kanasta().to_dict(), draw_count=5, target_score=150, canastas_to_go_out=10,
    opening_minimums=[[None, 55.5]],
)
_STUCK_SEED = 383037261
_STUCK_MOVES = [
    "take", "discard 6D", "take", "discard JH", "draw", "discard JC", "draw", "discard 7C", "draw", "discard 8S",
    "take", "discard 7H", "take", "discard KD", "draw", "discard 5S", "draw", "discard 2D", "take", "discard 5D",
    "draw", "discard 6H", "take", "discard 5D", "draw", "discard 2H", "take", "discard TS", "draw", "discard 7H",
    "draw", "discard 3H", "take", "discard JS", "take", "discard KS", "draw", "discard AD", "draw", "discard 5S",
    "draw", "discard AS", "take", "discard 4D", "take", "discard 8H", "draw", "discard 6C", "take", "discard JC",
    "take", "discard AD", "take", "discard 4D", "draw", "discard 7C", "draw", "discard 4C", "take", "discard QC",
    "draw", "discard AD", "draw", "discard 7S", "take", "discard KH", "take", "discard JS", "take", "discard 6D",
    "draw", "discard 7C", "take", "discard 5H", "draw", "discard 5H", "take", "discard 4D", "take", "discard 4S",
    "draw", "discard 5S", "take", "discard 5S", "take", "discard 3C", "draw", "discard 4C", "draw", "discard 8S",
    "draw", "discard 3S", "take", "discard AD", "take", "discard AH", "draw", "discard KH", "draw", "discard AC",
    "take", "discard 8C", "take", "discard QH", "draw", "discard JC", "draw", "discard 7S", "draw", "discard 6C",
    "take", "discard JK", "draw", "discard JD", "draw", "discard JH", "draw", "discard 8H", "draw", "discard 5H",
    "draw", "discard AD", "take", "discard 8H", "take", "discard 8D", "take", "discard QH", "draw", "discard 2S",
    "draw", "discard AS", "draw", "discard JH", "draw", "discard AS", "draw", "discard TH", "draw", "discard JD",
    "draw", "discard 2D", "take", "discard QC", "take", "discard AD", "take", "discard 2C", "draw", "discard KS",
    "take", "discard AS", "take", "discard 3D", "take", "discard 8C", "take", "discard 4C", "draw", "discard 5S",
    "take", "discard 7D", "take", "discard 5C", "take", "discard QS", "draw",
]


def _stuck_state() -> kanasta.State:
    state = kanasta.new_game(kanasta.Rules.from_dict(_STUCK_RULES), _STUCK_SEED)
    for text in _STUCK_MOVES:
        action = kanasta.parse_action(text)
        assert action in state.legal_actions(), text  # each move was listed when made
        state = state.apply(action)
    return state


def test_e_2_k_open_3_k_open_4_a_big_hand_far_from_its_opening_is_listed() -> None:
    """E-1, E-2, K-OPEN-3, K-OPEN-4, K-OUT-1: the 29-card hand lists its moves: every discard, no meld.

    Counted by hand: the hand is worth 25 points (A 1½ ×2, 2 1 ×4, 3-7 ½ ×10, 8-K 1 ×11, JK 1 ×2),
    short of the 55½ the opening needs (K-OPEN-3), so only the waiver could open (K-OPEN-4), and
    it empties the hand, which needs ten kanastas (K-OUT-1): 70 cards, more than the 29 held.
    No meld can be finished, so the moves are a discard of each of the 26 distinct cards (K-OPEN-1
    binds only after cards are laid).
    """
    state = _stuck_state()
    hand = state.hands[state.current_player]
    assert len(hand) == 29 and state.opened == (False, False) and state.phase is kanasta.Phase.PLAY
    assert kanasta.format_cards(hand) == (
        "AC AS 2C 2C 2D 2S 3H 3S 3S 4S 5C 6C 6D 6H 6S 7S 8D 9H 9S TC TD TH JD QD KC KD KS JK JK"
    )
    assert sum(state.rules.card_value(c) for c in hand) == 25
    assert state.legal_actions() == tuple(kanasta.Discard(c) for c in sorted(set(hand), key=lambda c: c.index))
    assert state.view(state.current_player).legal_actions() == state.legal_actions()
    refusal = state.explain(kanasta.parse_action("meld 6C 6D 6H"))
    assert refusal is not None and "[E-2]" in refusal


@pytest.mark.one_engine  # the two engines' searches side by side
def test_e_2_both_engines_search_the_big_hand_alike() -> None:
    """E-2: the Python and the native search expand the same nodes for that listing (one, since the
    canasta bound counts the ten canastas going out needs; 1,263 before it)."""
    from kanasta.legality.context import Ctx
    from kanasta.legality.moves import play_actions

    python = kanasta.State.from_dict(_stuck_state().to_dict(), engine="python")
    native = kanasta.State.from_dict(python.to_dict(), engine="native")
    ctx = Ctx(python)
    play_actions(ctx)
    assert ctx.work.nodes == _testing.search_nodes(native._native)  # type: ignore[arg-type]
    assert ctx.work.nodes < 10_000


def _stuck_state_under(**changes: Any) -> kanasta.State:
    rules = kanasta.Rules.from_dict(dict(_STUCK_RULES, **changes))
    state = kanasta.new_game(rules, _STUCK_SEED, engine="native")
    for text in _STUCK_MOVES:
        action = kanasta.parse_action(text)
        assert action in state.legal_actions(), text  # each move was listed when made
        state = state.apply(action)
    return state


@pytest.mark.one_engine  # the two engines' searches side by side
def test_e_2_k_open_4_the_big_hand_with_no_canasta_to_go_out_is_listed_within_the_budget() -> None:
    """E-2, K-OPEN-4, K-OUT-1: the same game with ``canastas_to_go_out=0`` (issue 25 R2b's remainder).

    Going out needs no canasta now, so the waiver may open by melding 28 of the 29 cards and the
    listing holds melds as well as discards.  Every one of them is a search for a partition of the
    hand into melds, and refuting a meld whose rest cannot be partitioned took 143,744 nodes (past
    the 100,000 budget: EngineLimitError natively) when the pivot was the lowest card; the pivot is
    now the card with the fewest steps, and the listing took 40,570 nodes in both engines (38,213
    since the search decides one pivot per node before every opening, not only the waiver's).
    """
    native = _stuck_state_under(canastas_to_go_out=0)
    hand = native.hands[native.current_player]
    assert len(hand) == 29 and native.opened == (False, False)
    listed = native.legal_actions()
    assert {kanasta.Discard(c) for c in hand} <= set(listed)
    assert any(isinstance(a, LayMeld) for a in listed)
    nodes = _testing.search_nodes(native._native)  # type: ignore[arg-type]
    assert nodes < 100_000  # the work budget (SEARCH_BUDGET)
    from kanasta.legality.context import Ctx
    from kanasta.legality.moves import play_actions

    python = kanasta.State.from_dict(native.to_dict(), engine="python")
    ctx = Ctx(python)
    assert tuple(play_actions(ctx)) == listed
    assert ctx.work.nodes == nodes
