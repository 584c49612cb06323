"""Invariants on every step of random, biased and Hypothesis-driven games (RULES E-1, E-2, E-4, G-DECK-1).

The checks themselves are in ``_invariants.py`` (shared with the soak test and
``benchmarks/soak.py``): card conservation, E-1 with near misses, fast vs
reference generator, E-2 against an exhaustive oracle on small hands, scores,
immutability, round trips and views.  This file runs them on:

* uniform random play of every preset (two seeds each);
* biased play (takes, melds and additions preferred) — the only way random
  play reaches Kanasta's kanastas, packet pickups and going out (K-OUT-1..5),
  which the test asserts it does;
* positions drawn by :func:`kanasta.strategies.states` over every rules variant
  of :func:`kanasta.strategies.rules`, then played on;

and checks that the harness catches a broken engine (each check can fail).
"""

from __future__ import annotations

import collections
import random

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import Phase as HPhase
from hypothesis import strategies as st

import kanasta
from _invariants import (
    MELD_MOVES,
    PRESETS,
    Checker,
    Finding,
    Stats,
    acting_seat,
    biased,
    oracle_check,
    play_game,
    uncached,
    uniform,
)
from kanasta import Phase, State, strategies
from kanasta.legality import checks as _checks
from kanasta.legality import moves as _movegen


@pytest.mark.parametrize("name", sorted(PRESETS))
@pytest.mark.parametrize("seed", [11, 12])
def test_every_invariant_on_every_step_of_random_play(name: str, seed: int) -> None:
    """E-1, E-2 (with the oracle), G-DECK-1, E-4, immutability, round trips on each of 120 steps."""
    checker = Checker(seed=seed, near=3)
    play_game(PRESETS[name], seed, checker, policy=uniform, max_moves=120)
    stats = checker.stats
    assert stats.states == 121
    assert stats.near_misses_refused > 100
    assert stats.oracle_positions > 0


_BIASED_SEEDS = {"kanasta": range(1, 6), "classic": range(1, 3), "classic-2": range(1, 3), "classic-3": range(1, 3)}


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_biased_play_reaches_canastas_packets_and_going_out(name: str) -> None:
    """K-OUT-1..5, C-OUT-1: biased play makes canastas, picks up packets and goes out, every step checked."""
    events: collections.Counter[str] = collections.Counter()
    total = Stats()
    for seed in _BIASED_SEEDS[name]:
        checker = Checker(seed=seed, near=2, apply_all=False, round_trip_every=5)
        play_game(PRESETS[name], seed, checker, policy=biased, max_moves=260 if name == "kanasta" else 200)
        events.update(checker.stats.events)
        total.add(checker.stats)
    assert events["WentOut"] >= 1
    assert events["TeamOpened"] >= 2
    if name == "kanasta":
        assert events["PacketTaken"] >= 2, events
    assert total.oracle_positions > 50


# No shrinking: a failure's Finding already names the position and the move, and shrinking
# whole games under every check takes minutes.
@settings(
    max_examples=25, deadline=None, database=None, phases=[HPhase.explicit, HPhase.reuse, HPhase.generate],
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(state=strategies.states(rules=strategies.rules(), max_moves=150, prefer_melds=True), data=st.data())
def test_every_invariant_on_hypothesis_positions_of_every_variant(state: State, data: st.DataObject) -> None:
    """The same invariants on positions drawn by the strategies, over rules variants, then 15 more steps."""
    checker = Checker(seed=data.draw(st.integers(0, 2**16)), near=3, round_trip_every=3)
    for _ in range(15):
        checker.check_state(state)
        if state.is_game_over:
            break
        legal = state.legal_actions()
        action = legal[data.draw(st.integers(0, len(legal) - 1))]
        after = state.apply(action)
        checker.check_move(state, action, after)
        state = after


# ---------------------------------------------------------------------------- the harness can fail


def _a_few_states(name: str, count: int = 200) -> list[State]:
    rng = random.Random(4)
    state = kanasta.new_game(PRESETS[name], 4)
    out = []
    for _ in range(count):
        out.append(state)
        state = state.apply(biased(state, rng))
    return out


def test_the_oracle_catches_a_generator_that_offers_dead_ends(monkeypatch: pytest.MonkeyPatch) -> None:
    """E-2: with the fast generator's solver switched off, the oracle (or the reference comparison) reports it."""
    states = _a_few_states("kanasta") + _a_few_states("classic")
    monkeypatch.setattr(_movegen, "finishable", lambda _p: True)
    caught = 0
    for s in states:
        try:
            oracle_check(uncached(s), Stats())
        except Finding as f:
            assert f.what == "E-2 oracle"
            caught += 1
    assert caught > 0


def test_the_oracle_agrees_and_finds_dead_ends_on_small_hands() -> None:
    """E-2: the oracle ran, judged moves both ways, and agreed with the engine on each."""
    stats = Stats()
    for name in ("kanasta", "classic"):
        for s in _a_few_states(name):
            oracle_check(s, stats, max_hand=10)
    assert stats.oracle_positions > 100
    assert stats.oracle_moves > 100
    assert stats.oracle_dead_ends > 0


_TWO_CANASTAS = attrs.evolve(PRESETS["classic"], canastas_to_go_out=2)


@pytest.mark.parametrize(
    "rules", [PRESETS["classic-2"], PRESETS["classic-3"], _TWO_CANASTAS], ids=["classic-2", "classic-3", "two-canastas"]
)
def test_c_out_1_the_oracle_agrees_on_every_classic_table_and_two_canasta_requirements(rules: kanasta.Rules) -> None:
    """C-OUT-1, E-2 (issue 11 F1): on small hands of two- and three-player Classic (two and one
    canastas to go out) and of four-player Classic needing two canastas, the exhaustive oracle
    agrees with the engine, including where the team still lacks its canastas and a meld leaves
    one card that can only be melded to go out."""
    stats = Stats()
    short = one_card = 0
    for seed in range(1, 9):
        rng = random.Random(seed)
        s = kanasta.new_game(rules, seed)
        for _ in range(300):
            if s.is_game_over:
                break
            before = stats.oracle_positions
            oracle_check(s, stats, max_hand=10)
            seat = acting_seat(s)
            canastas = sum(m.is_canasta for m in s.melds[rules.team_of(seat)])
            if stats.oracle_positions > before and s.phase is Phase.PLAY and canastas < rules.canastas_to_go_out:
                short += 1
                for a in s.legal_actions():
                    after = s.apply(a)
                    one_card += isinstance(a, MELD_MOVES) and after.player == seat and len(after.hands[seat]) == 1
            s = s.apply(biased(s, rng))
    assert stats.oracle_positions > 1000 and stats.oracle_gave_up == 0
    assert stats.oracle_dead_ends > 100
    assert short > 500  # the team short of its canastas: C-OUT-1 decides what is offered
    assert one_card >= 2  # melds down to one card, offered because that card can still go out


def test_near_misses_catch_a_validator_that_forgets_a_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    """E-1: a validator that lets any card in hand be discarded (forgetting K-PILE-3, K-OPEN-1...) is caught."""
    original = _checks.explain_own

    def lax(s: kanasta.position.Position, action: kanasta.actions.Action) -> tuple[str, str] | None:
        # the one-move check only: the move generator lists discards by the rule itself
        if isinstance(action, kanasta.Discard) and action.card in s.hands[s.player]:
            return None
        return original(s, action)

    states = [s for s in _a_few_states("kanasta", 300) if s.phase is Phase.PLAY]
    monkeypatch.setattr(_checks, "explain_own", lax)
    caught = []
    for s in states:
        checker = Checker(seed=1, near=3, oracle_hand=0, round_trip_every=0, views=False)
        try:
            checker.check_near_misses(s, s)
        except Finding as f:
            caught.append(f.what)
    assert "E-1: the validator accepts a move that is not listed" in caught


def test_census_catches_a_lost_card() -> None:
    """G-DECK-1: a state missing one card is reported."""
    import attrs

    s = kanasta.new_game(PRESETS["classic"], 1)
    broken = attrs.evolve(s, stock=s.stock[1:])
    with pytest.raises(Finding, match="G-DECK-1"):
        Checker().check_state(broken)


def test_a_players_question_past_the_work_budget_is_a_finding_not_a_crash() -> None:
    """A bot that raises EngineLimitError (a listing past the budget) is reported with the game's state
    and the soak goes on to its next game, as a listing past the budget between moves is."""
    calls = 0

    def tiring(state: State, rng: random.Random) -> kanasta.Action:
        nonlocal calls
        calls += 1
        if calls == 30:
            raise kanasta.EngineLimitError("over the budget (test)")
        return uniform(state, rng)

    checker = Checker(collect=True)
    final = play_game(PRESETS["classic"], 3, checker, policy=tiring, context={"game": 7})
    found = checker.stats.findings
    assert [f.what for f in found] == ["E-2: a player's question needs more than the work budget"]
    assert found[0].state == final and found[0].context["move"] == 29 and found[0].context["game"] == 7
    assert checker.stats.games == 1
