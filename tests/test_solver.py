"""The E-2 solver (kanasta.legality.finish and what it asks): regressions and cross-checks of its two algorithms."""

from __future__ import annotations

import random

import pytest

import kanasta
from kanasta.legality import finish as _solver
from kanasta.legality.finish import finishable
from kanasta.legality.search import search
from kanasta.legality.situation import Pos
from kanasta.legality.tables import shape_of, tables_for

K = kanasta.Rules.kanasta()


def kanasta_pos(hand: str, melds: list[str], *, count_halves: int, score: int, forbidden: str | None = None) -> Pos:
    t = tables_for(K)
    shapes = tuple(shape_of(kanasta.Meld.from_cards(kanasta.parse_cards(m), K)) for m in melds)
    return Pos(
        t, tuple(sorted(kanasta.parse_cards(hand), key=lambda c: c.index)), shapes,
        opened=False, laid=True, laid_count=count_halves, minimum=t.minimum(score), aside=(),
        forbidden=None if forbidden is None else kanasta.parse_card(forbidden),
        must_out=False, no_out=False, out_exempt=False, discard_empty_ok=True,
        black3_ok=False,
    )


def test_e2_k_open_3_pairs_and_runs_do_not_share_cards() -> None:
    """K-OPEN-2/3, E-2: a regression — the greedy witness once counted 4D and 6D both in a run and in pairs.

    Score 215 needs 10 (20 half points).  Laid: 8H 9H 2C (1 + 1 + 1 = 3 points) and the natural
    run 2H 3H 4H (½ + ½ + ½ = 1½): 4½ = 9 half points.  Best continuations (half points):
    4C 4D JK (1 + 1 + 2) and 5D 6D JK 8D (1 + 1 + 2 + 2) add 10 -> 19 < 20; the natural run
    4D 5D 6D JK 8D adds 7 -> 16; sets 4C 4D JK and 6D 6S JK add 8 -> 17.  QC and KD never meld.
    So the team cannot open and the turn cannot be finished.
    """
    pos = kanasta_pos(
        "4C 4D 5D 6D 6S 8D QC KD JK JK", ["8H 9H 2C", "2H 3H 4H"], count_halves=9, score=215
    )
    assert not finishable(pos)


def test_e2_k_open_3_same_hand_one_point_lower_minimum_is_finishable() -> None:
    """K-OPEN-3: with a score of 150 (minimum 7½ = 15 half points) the same cards open: 9 + 8 (two sets) = 17."""
    pos = kanasta_pos(
        "4C 4D 5D 6D 6S 8D QC KD JK JK", ["8H 9H 2C", "2H 3H 4H"], count_halves=9, score=150
    )
    assert finishable(pos)


@pytest.mark.parametrize("players", [4, 3, 2])
def test_e2_classic_fast_path_agrees_with_the_search(players: int) -> None:
    """E-2: on every position met in random Classic play with at most 12 cards in hand (and aside),
    the rank-count computation and the generic search give the same answer."""
    rules = kanasta.Rules.classic(players)
    original = _solver.finishable
    compared = 0

    def both(p: Pos) -> bool:
        nonlocal compared
        fast = original(p)
        if p.tables.classic_fast and p.forbidden is None and len(p.hand) + len(p.aside) <= 12:
            quick = len(p.hand) >= 2 and (p.opened or not p.laid) and not p.must_out
            if not quick and not (len(p.hand) == 1 and fast):
                assert search(p) == fast
                compared += 1
        return fast

    import kanasta.legality.checks as checks
    import kanasta.legality.moves as movegen

    checks.finishable = movegen.finishable = both
    try:
        for seed in range(3):
            state = kanasta.new_game(rules, seed, engine="python")  # the Python solver is compared
            rng = random.Random(seed)
            for _ in range(400):
                if state.is_game_over:
                    break
                state = state.apply(rng.choice(state.legal_actions()))
    finally:
        checks.finishable = movegen.finishable = original
    assert compared > 20


def test_e2_k_meld_7_a_displaced_wild_can_fill_the_gap_the_opening_needs() -> None:
    """K-MELD-7, K-OPEN-3, E-2: a regression — the search's bound once treated a run's wild as fixed.

    Score 251 needs 10 (20 half points).  Laid: 2C 7S 8S 9S (the 2C stands for 6S; 1 + ½ + 1 + 1
    = 3½, 7 half points) and 6D 6H 2D (½ + ½ + 1 = 2, 4 half points): 11.  Then JS QS KS (3 points,
    6 half points) is the natural run: 17; adding 6S pushes the 2C to the free low end (5S) (+1),
    and 4S, 3S extend below it (+1, +1): 20 with 3H 7H 8D KH left.  The turn can be finished.
    """
    pos = kanasta_pos(
        "3H 3S 4S 6S 7H 8D JS QS KH KS", ["2C 7S 8S 9S", "6D 6H 2D"], count_halves=11, score=251
    )
    assert finishable(pos)
