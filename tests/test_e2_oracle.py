"""E-2 against an exhaustive oracle, on every position of a few bot-played games (RULES E-1, E-2).

The oracle (:class:`_invariants.Oracle`) shares no code with the engines' E-2 search: it
switches the search off (every move the rules allow structurally is then legal, E-2
aside) and tries every sequence of meld moves the rest of the turn could make, with a
memo and, here, no budget, until a discard (or going out, or the hand's end) finishes
the turn.  Small, slow and obviously right.  On every position of the games below —
GreedyBot at every seat, both games and small rule variants, the first hand of each —
every meld, addition, take, ask and "no" the rules allow is listed exactly when the turn
can still be finished after it: a listed move leaves a finishable turn, and a move E-2
refuses has no finish.  The positions whose hand is larger than ``MAX_HAND`` cards are
left to the soak's sampled oracle (each oracle call there has a budget).
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

import kanasta
from _invariants import PRESETS, Stats, greedy, oracle_check

MAX_HAND = 12
"""The largest hand (plus the pile, before a take) the unbudgeted oracle is run on."""

CASES: list[tuple[str, dict[str, Any], int]] = [
    ("classic", {}, 3),
    ("classic-2", {}, 5),
    ("kanasta", {}, 1),
    ("kanasta", {"canastas_to_go_out": 0, "opening_minimums": ((None, 9),)}, 2),
    ("kanasta", {"canastas_to_go_out": 2, "packets": 1, "max_meld_size": 9}, 4),
    ("classic", {"wilds_within_naturals": True, "max_wilds": 2, "ask_partner": False}, 6),
    # an opening no hand's points reach: only the K-OPEN-4 waiver opens (E-2's pivot search)
    ("kanasta", {"opening_minimums": ((None, 30),)}, 2),
]


@pytest.mark.parametrize("name, changes, seed", CASES, ids=[f"{n}-{s}" for n, _, s in CASES])
def test_e_2_listed_exactly_when_the_oracle_finishes_the_turn(name: str, changes: dict[str, Any], seed: int) -> None:
    """E-1, E-2: on every position of a GreedyBot hand, the listing agrees with the unbudgeted oracle."""
    rules = attrs.evolve(PRESETS[name], **changes)
    state = kanasta.new_game(rules, seed)
    stats = Stats()
    rng = random.Random(seed)
    while state.hand_number == 1 and not state.is_game_over:
        oracle_check(state, stats, max_hand=MAX_HAND, budget=10**12)  # raises a Finding on a disagreement
        state = state.apply(greedy(state, rng))
    assert stats.oracle_gave_up == 0
    assert stats.oracle_positions >= 10 and stats.oracle_moves >= 10  # (the oracle did judge moves)
    assert stats.oracle_dead_ends >= 1  # (and moves E-2 refuses among them)
