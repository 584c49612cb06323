"""The core's greedy rollout policy (rust/src/bots/greedy.rs) against the Python GreedyBot and SearchBot's rollouts."""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pytest

import kanasta
from kanasta._core import _testing
from kanasta.bots import GreedyBot
from kanasta.bots.montecarlo import SearchBot
from kanasta.errors import ConfigError
from kanasta.rl.vector import rollouts
from kanasta.rules import PRESETS
from kanasta.view.seen import known_after, track_known


def _positions(rules: kanasta.Rules, seed: int, steps: int = 300) -> list[kanasta.State]:
    """Positions of a game played half by GreedyBot, half at random (so both kinds of position come up)."""
    state = kanasta.new_game(rules, seed=seed, engine="native")
    rng = random.Random(seed)
    out = []
    greedy = GreedyBot()
    for _ in range(steps):
        if state.is_game_over:
            break
        out.append(state)
        view = state.view(state.current_player)
        move = greedy.choose(view) if rng.random() < 0.5 else rng.choice(view.legal_actions())
        state = state.apply(move)
    return out


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_the_core_chooses_what_greedybot_chooses(name: str) -> None:
    # every phase comes up: draw (E-1 listing), play, and the answer where the rules ask partner (C-OUT-3)
    phases = Counter()
    for seed in range(3):
        for state in _positions(PRESETS[name], seed):
            view = state.view(state.current_player)
            known = [[c.index for c in cards] for cards in view.known_cards()]
            assert state._native is not None
            index = _testing.greedy_choice_index(state._native, known)
            assert view.legal_actions()[index] == GreedyBot().choose(view), (name, seed, str(state.phase))
            phases[state.phase] += 1
    assert phases[kanasta.Phase.DRAW] > 0 and phases[kanasta.Phase.PLAY] > 0


def _python_rollout(bot: SearchBot, view: kanasta.PlayerView, deal: kanasta.State, action: kanasta.Action) -> float:
    known = [Counter(c) for c in known_after(view.history, view.rules)]
    return bot._rollout(deal, view.seat, action, known, view.team, view.hand_number)


@pytest.mark.parametrize("name", ["classic", "kanasta", "classic_2p"])
def test_a_greedy_rollout_is_searchbots_rollout(name: str) -> None:
    rules = PRESETS[name] if name in PRESETS else kanasta.Rules.classic(players=2)
    bot = SearchBot(horizon=30, progress=0.5)
    checked = 0
    for state in _positions(rules, 11, 120)[::7]:
        view = state.view(state.current_player)
        deal = kanasta.sample_state(view, seed=checked)
        for action in view.legal_actions()[:3]:
            after = deal.apply(action)
            if after.is_game_over or after.hand_number != view.hand_number:
                continue
            known = track_known([Counter(c) for c in known_after(view.history, rules)], rules, view.seat, action,
                                after.events)
            seats = [list(counts.elements()) for counts in known]
            out = rollouts(after, 1, seed=0, policy="greedy", teams=view.team, known=seats, horizon=30,
                           progress=0.5)
            assert out.values[0] == _python_rollout(bot, view, deal, action)
            checked += 1
    assert checked >= 10


def test_greedy_rollouts_do_not_depend_on_threads_or_count() -> None:
    view = kanasta.new_game(kanasta.Rules.kanasta(), seed=3).view(0)
    deals = [kanasta.sample_state(view, seed=s) for s in range(6)]
    one = rollouts(deals, 3, seed=1, policy="greedy", num_threads=1)
    two = rollouts(deals, 3, seed=2, policy="greedy", num_threads=2)
    assert one.values.shape == (6, 3)
    assert (one.values == two.values).all() and one.moves == two.moves
    assert (one.values == one.values[:, :1]).all()  # one game per state
    assert np.isfinite(one.values).all()  # played to the hand's end (no horizon)


def test_bad_greedy_arguments_are_refused() -> None:
    state = kanasta.new_game(kanasta.Rules.classic(), seed=3)
    with pytest.raises(ConfigError, match="policy"):
        rollouts(state, 1, seed=0, policy="best")  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match="greedy"):
        rollouts(state, 1, seed=0, horizon=3)
    with pytest.raises(ConfigError, match="known"):
        rollouts([state], 1, seed=0, policy="greedy", known=[])
    with pytest.raises(ConfigError, match="seats"):
        rollouts(state, 1, seed=0, policy="greedy", known=[[]] * 5)
    with pytest.raises(ConfigError, match="horizon"):
        rollouts(state, 1, seed=0, policy="greedy", horizon=-1)


@pytest.mark.parametrize("name", ["classic", "kanasta"])
def test_searchbot_on_core_rollouts_values_the_deals_as_before(name: str) -> None:
    # the same deals, rollouts, values and pruning: batch=True only changes who plays the rollouts
    checked = 0
    for state in _positions(PRESETS[name], 5, 60)[::9]:
        view = state.view(state.current_player)
        new, old = SearchBot(iterations=6, seed=2, horizon=20), SearchBot(iterations=6, seed=2, horizon=20, batch=False)
        options = new.candidates(view)
        if len(options) < 2:
            continue
        assert new.evaluate(view, options) == old.evaluate(view, options)
        assert new.choose(view) == old.choose(view)
        checked += 1
    assert checked >= 2
