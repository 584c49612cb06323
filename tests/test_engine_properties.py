"""Properties of the engine checked on every step of random games (RULES E-1, E-2, E-3, G-DECK-1).

Every state reached in random play of each preset is checked for:

* card conservation: the 108 cards, each exactly where it is counted once (G-DECK-1);
* E-1: the listed moves are distinct, each one applies, and the fast move
  generator lists exactly what the slow reference generator (candidates checked
  one by one by the independent validator) lists;
* E-2: every non-terminal state has a legal move;
* immutability: applying a move leaves the state it was applied to unchanged;
* scores: every hand result re-adds from its breakdown, and the cumulative
  scores are the sums of the hand totals.
"""

from __future__ import annotations

import copy
import random

import pytest

import kanasta
from _invariants import FULL_DECK, card_census, check_results
from _reference import reference_play_actions
from kanasta import Phase, State
from kanasta.legality.context import Ctx
from kanasta.legality.moves import play_actions

pytestmark = pytest.mark.both_engines  # the rule tests run against both engines (tests/conftest.py)

PRESETS = kanasta.rules.PRESETS


def check_state(s: State) -> None:
    assert card_census(s) == FULL_DECK
    acts = s.legal_actions()
    if s.is_game_over:
        assert acts == ()
        return
    assert acts, "E-2: a non-terminal state must have a legal move"
    assert len(set(acts)) == len(acts), "E-1: each move listed once"
    if s.phase is Phase.PLAY:
        ctx = Ctx(s)
        assert play_actions(ctx) == reference_play_actions(ctx), "E-1: fast and reference generators differ"


def play_checked(rules: kanasta.Rules, seed: int, max_moves: int, apply_all: bool) -> State:
    state = kanasta.new_game(rules, seed)
    rng = random.Random(seed)
    for _ in range(max_moves):
        check_state(state)
        if state.is_game_over:
            break
        acts = state.legal_actions()
        before = copy.deepcopy(state.to_dict()) if hasattr(state, "to_dict") and _serializable() else None
        if apply_all:
            for a in acts:
                state.apply(a)
        nxt = state.apply(rng.choice(acts))
        if before is not None:
            assert state.to_dict() == before, "a state changed after a move was applied to it"
        state = nxt
    check_results(state)
    return state


def _serializable() -> bool:
    try:
        import kanasta.documents.position  # noqa: F401
    except ImportError:
        return False
    return True


@pytest.mark.one_engine  # randomized: once, on the default engine
@pytest.mark.parametrize("name", sorted(PRESETS))
@pytest.mark.parametrize("seed", [0, 1])
def test_e1_e2_conservation_random_play(name: str, seed: int) -> None:
    """E-1, E-2, G-DECK-1 on every step; every listed move applies on the first 150 steps."""
    play_checked(PRESETS[name], seed, max_moves=150, apply_all=True)


@pytest.mark.one_engine  # randomized: once, on the default engine
@pytest.mark.parametrize("name", sorted(PRESETS))
def test_whole_games_end_with_a_winner(name: str) -> None:
    """G-GAME-1: the README's random loop plays a whole game; the winner leads alone at or above the target."""
    state = play_checked(PRESETS[name], seed=7, max_moves=100_000, apply_all=False)
    assert state.is_game_over
    assert state.winner is not None
    best = max(state.scores)
    assert state.scores[state.winner] == best >= state.rules.target_score
    assert state.scores.count(best) == 1
    assert state.current_player is None


def test_same_seed_same_game() -> None:
    """G-RNG-1: the same rules, seed and moves give the same states."""
    a = kanasta.new_game(PRESETS["kanasta"], seed=123)
    b = kanasta.new_game(PRESETS["kanasta"], seed=123)
    rng_a, rng_b = random.Random(5), random.Random(5)
    for _ in range(200):
        assert a == b
        a = a.apply(rng_a.choice(a.legal_actions()))
        b = b.apply(rng_b.choice(b.legal_actions()))


def test_illegal_action_leaves_state_unchanged_and_names_rule() -> None:
    """E-1: a move not listed is refused with IllegalActionError naming a RULES ID."""
    s = kanasta.new_game(PRESETS["classic"], seed=3)
    hand_before = s.hands[s.current_player or 0]
    with pytest.raises(kanasta.IllegalActionError) as info:
        s.apply(kanasta.Discard(hand_before[0]))
    assert info.value.rule == "G-TURN-1"
    assert s.hands[s.current_player or 0] == hand_before
    assert s.phase is Phase.DRAW


def test_evolve_does_not_carry_the_cached_moves() -> None:
    """E-1: a state changed with attrs.evolve recomputes its legal moves (no stale cache)."""
    import attrs

    s = kanasta.new_game(PRESETS["classic"], seed=4)
    assert kanasta.Draw() in s.legal_actions()  # fills the cache
    empty_stock = attrs.evolve(s, stock=())
    # with no stock the draw is gone (C-OUT-5), whatever the original state cached
    assert kanasta.Draw() not in empty_stock.legal_actions()
    assert empty_stock.explain(kanasta.Draw()) == "the stock is empty [C-OUT-5]"


def test_first_deal_events_are_kept_for_the_whole_game() -> None:
    """E-3: the first hand's deal (HandStarted, UpcardTurned, red 3s) stays visible after moves."""
    s = kanasta.new_game(PRESETS["classic"], seed=2)  # seats 2 and 0 are dealt red 3s
    first = s.events
    assert isinstance(first[0], kanasta.HandStarted) and first[0].hand_number == 1
    later = s.apply(s.legal_actions()[0])
    assert later.start_events == first
    assert {e.seat for e in first if isinstance(e, kanasta.RedThreeLaid)} == {0, 2}
    # a seat sees its own red-3 replacement, and only its own (E-4)
    for seat in range(4):
        own = [e for e in later.view(seat).start_events if isinstance(e, kanasta.RedThreeLaid)]
        assert [e.seat for e in own] == ([seat] if seat in (0, 2) else [])
