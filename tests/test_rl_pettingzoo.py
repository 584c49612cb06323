"""The PettingZoo AEC environment and the Gymnasium wrapper (kanasta.rl.pettingzoo).

PettingZoo's own ``api_test`` and ``seed_test`` run on every preset (short: a bounded
number of cycles, games truncated by ``max_moves``).
"""

from __future__ import annotations

import random

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

import numpy as np
from pettingzoo.test import api_test, seed_test

import kanasta
from _games import PRESET_NAMES
from kanasta.bots import RandomBot
from kanasta.rl.actions import NUM_ACTIONS, decode
from kanasta.rl.pettingzoo import KanastaAECEnv, KanastaGymEnv


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_pettingzoo_api_test(preset: str) -> None:
    env = KanastaAECEnv(preset=preset, max_moves=150)
    api_test(env, num_cycles=60)  # raises on a broken environment
    env.reset(seed=1)  # and the environment still deals a game with a seat to move
    assert env.agent_selection in env.agents and env.observe(env.agent_selection)["action_mask"].any()


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_pettingzoo_seed_test(preset: str) -> None:
    seed_test(lambda: KanastaAECEnv(preset=preset, max_moves=150), num_cycles=40)  # raises if not
    first, second = KanastaAECEnv(preset=preset), KanastaAECEnv(preset=preset)
    first.reset(seed=11)
    second.reset(seed=11)
    agent = first.agent_selection
    assert agent == second.agent_selection
    assert (first.observe(agent)["observation"] == second.observe(agent)["observation"]).all()


def test_masks_are_the_legal_moves_and_moves_apply_whole() -> None:
    env = KanastaAECEnv(preset="kanasta", max_moves=300)
    env.reset(seed=5)
    rng = random.Random(5)
    spelled: list[int] = []
    moves = 0
    while not (env.terminations[env.agent_selection] or env.truncations[env.agent_selection]):
        agent = env.agent_selection
        seat = env.possible_agents.index(agent)
        assert env.game.current_player == seat
        obs = env.observe(agent)
        legal = np.flatnonzero(obs["action_mask"]).tolist()
        assert legal
        for other in env.possible_agents:
            if other != agent:
                assert not env.observe(other)["action_mask"].any()
        before = env.game
        choice = rng.choice(legal)
        spelled.append(choice)
        env.step(choice)
        if env.game is not before:  # the spelling was complete: one whole move applied
            move = decode(spelled)
            assert before.is_legal(move)
            assert env.game == before.apply(move)
            spelled = []
            moves += 1
        else:
            assert env.agent_selection == agent and env.pending == tuple(spelled)
    assert moves == 300 or env.game.is_game_over


def test_rewards_come_at_hand_ends_and_sum_to_zero() -> None:
    env = KanastaAECEnv(preset="classic-3")
    env.reset(seed=2)
    rng = random.Random(2)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    hands_seen = 0
    for _agent in env.agent_iter(200_000):
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        n_hands = len(env.game.hand_results)
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        step_rewards = dict(env.rewards)
        assert sum(step_rewards.values()) == pytest.approx(0.0, abs=1e-9)
        if len(env.game.hand_results) == n_hands:
            assert set(step_rewards.values()) == {0.0}
        else:
            hands_seen += 1
            result = env.game.hand_results[-1]
            totals_now = [t.total for t in result.teams]
            seat0 = step_rewards["player_0"]
            expected = (totals_now[0] - (totals_now[1] + totals_now[2]) / 2) / 1000
            if env.game.is_game_over:
                expected += 1.0 if env.game.winner == 0 else -0.5
            assert seat0 == pytest.approx(expected)
        for a, r in step_rewards.items():
            totals[a] += r
    assert hands_seen >= 1 and not env.agents


def test_gym_wrapper_against_bots() -> None:
    env = KanastaGymEnv(preset="classic", seat=1, bots=[RandomBot(seed=1), RandomBot(seed=2), RandomBot(seed=3)],
                        max_moves=400)
    obs, _ = env.reset(seed=4)
    rng = random.Random(4)
    done = False
    steps = 0
    while not done:
        assert env.aec.game.current_player == 1
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, _reward, terminated, truncated, _ = env.step(action)
        done = terminated or truncated
        steps += 1
    assert steps > 50
    assert obs["observation"].shape == env.observation_space["observation"].shape
    assert obs["action_mask"].shape == (NUM_ACTIONS,)


def test_bad_configuration_is_refused() -> None:
    with pytest.raises(kanasta.ConfigError):
        KanastaAECEnv(preset="canasta-9")
    with pytest.raises(kanasta.ConfigError):
        KanastaGymEnv(preset="classic", seat=4)
    with pytest.raises(kanasta.ConfigError):
        KanastaGymEnv(preset="classic", bots=[RandomBot(seed=1)])
