"""The PettingZoo environments and the Gymnasium environment (kanasta.rl.pettingzoo).

PettingZoo's own ``api_test``, ``parallel_api_test``, ``render_test`` and ``seed_test``
and Gymnasium's ``check_env`` run on every preset (short: a bounded number of cycles,
games truncated by ``max_moves``), with every warning recorded: none is allowed but the
two that ``api_test`` gives any dict observation of a game not PettingZoo's own.
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Callable, Iterator

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

import gymnasium
import numpy as np
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, parallel_api_test, render_test, seed_test
from pettingzoo.utils import wrappers

import kanasta
from _games import PRESET_NAMES
from kanasta.bots import RandomBot
from kanasta.rl.actions import NUM_ACTIONS, decode
from kanasta.rl.observation import observation_array, observation_bounds, observation_size
from kanasta.rl.pettingzoo import (
    GYM_IDS,
    KanastaAECEnv,
    KanastaGymEnv,
    KanastaParallelEnv,
    env,
    parallel_env,
    raw_env,
)


def _warnings_of(run: Callable[[], object]) -> list[str]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        run()
    return [str(w.message) for w in caught]


class _Counting(KanastaAECEnv):
    """Counts the games api_test plays to their end (the dead-agent steps)."""

    done_steps = 0

    def _was_dead_step(self, action: object) -> None:
        type(self).done_steps += 1
        super()._was_dead_step(action)


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_pettingzoo_api_test_box_observations_give_no_warning(preset: str) -> None:
    _Counting.done_steps = 0
    raw = _Counting(preset=preset, observation="box", max_moves=20)
    wrapped = wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(raw))
    assert _warnings_of(lambda: api_test(wrapped, num_cycles=60)) == []  # api_test itself raises on a broken env
    # the games were truncated inside the test, so the agents' last steps were checked too
    assert _Counting.done_steps >= raw.num_agents
    raw.reset(seed=1)  # and the environment still deals a game with a seat to move
    obs, _, _, _, info = raw.last()
    assert obs.dtype == np.float32 and obs.shape == raw.observation_space(raw.agent_selection).shape
    assert info is raw.infos[raw.agent_selection] and info["action_mask"].any()


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_pettingzoo_api_test_dict_observations_warn_only_for_the_name_list(preset: str) -> None:
    messages = set(_warnings_of(lambda: api_test(env(preset=preset, max_moves=20), num_cycles=30)))
    assert messages == {
        "Observation is not a NumPy array",
        "Observation space for each agent probably should be gymnasium.spaces.box or gymnasium.spaces.discrete",
    }


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_pettingzoo_parallel_api_test(preset: str) -> None:
    par = parallel_env(preset=preset, max_moves=30)
    assert _warnings_of(lambda: parallel_api_test(par, num_cycles=400)) == []
    assert par.agents == []  # the game ran to its (truncated) end inside the test


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_pettingzoo_render_test(preset: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert _warnings_of(lambda: render_test(lambda render_mode=None: env(preset=preset, render_mode=render_mode))) == []
    printed = capsys.readouterr().out
    assert "(you):" in printed and "Scores:" in printed  # "human" printed the terminal view


@pytest.mark.parametrize("gym_id", sorted(GYM_IDS))
@pytest.mark.parametrize("form", ["dict", "box"])
def test_gymnasium_check_env(gym_id: str, form: str, capsys: pytest.CaptureFixture[str]) -> None:
    made = gymnasium.make(gym_id, observation=form, illegal_action="penalise", max_moves=200)
    assert made.spec is not None and made.unwrapped.aec.rules.name == GYM_IDS[gym_id]
    assert _warnings_of(lambda: check_env(made.unwrapped)) == []  # it steps random ids, most of them illegal
    capsys.readouterr()


def test_gymnasium_make_imports_the_module() -> None:
    made = gymnasium.make("kanasta.rl.pettingzoo:kanasta/Classic-v0", seat=2)
    assert isinstance(made.unwrapped, KanastaGymEnv) and made.unwrapped.seat == 2


def test_factories_like_pettingzoo_classic_games() -> None:
    wrapped = env(preset="classic-3")
    assert isinstance(wrapped, wrappers.OrderEnforcingWrapper)
    assert isinstance(wrapped.env, wrappers.AssertOutOfBoundsWrapper)
    assert type(wrapped.unwrapped) is KanastaAECEnv and type(raw_env(preset="classic-3")) is KanastaAECEnv
    assert isinstance(parallel_env(preset="classic-3"), KanastaParallelEnv)
    wrapped.reset(seed=1)
    with pytest.raises(AssertionError):
        wrapped.step(NUM_ACTIONS)  # outside Discrete(100): the out-of-bounds wrapper refuses it


def _random_aec_steps(aec: KanastaAECEnv, seed: int, steps: int) -> Iterator[object]:
    rng = random.Random(seed)
    for _ in aec.agent_iter(steps):
        obs, _, terminated, truncated, info = aec.last()
        yield obs
        aec.step(None if terminated or truncated else int(rng.choice(np.flatnonzero(info["action_mask"]))))


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_box_observations_within_bounds_and_the_mask_in_infos(preset: str) -> None:
    box = KanastaAECEnv(preset=preset, observation="box", max_moves=400)
    plain = KanastaAECEnv(preset=preset, max_moves=400)
    box.reset(seed=7)
    plain.reset(seed=7)
    low, high = (np.array(b, np.float32) for b in observation_bounds(box.rules))
    space = box.observation_space("player_0")
    assert np.array_equal(space.low, low) and np.array_equal(space.high, high)
    assert np.isfinite(space.low).all() and np.isfinite(space.high).all() and (space.low < space.high).all()
    rng = random.Random(7)
    while box.agents and not (box.terminations[box.agent_selection] or box.truncations[box.agent_selection]):
        agent = box.agent_selection
        tensor, _, _, _, info = box.last()
        same = plain.observe(agent)
        assert space.contains(tensor)
        assert np.array_equal(tensor, same["observation"]) and np.array_equal(info["action_mask"], same["action_mask"])
        for other in box.possible_agents:
            assert box.infos[other]["action_mask"].any() == (other == agent)
        choice = int(rng.choice(np.flatnonzero(info["action_mask"])))
        box.step(choice)
        plain.step(choice)
    assert box.game == plain.game


def test_a_mask_handed_out_is_not_changed_by_later_steps() -> None:
    aec = KanastaAECEnv(preset="classic")
    aec.reset(seed=3)
    first = aec.infos[aec.agent_selection]["action_mask"]
    kept = first.copy()
    aec.step(int(np.flatnonzero(first)[0]))  # draw
    assert np.array_equal(first, kept) and aec.infos[aec.agent_selection]["action_mask"] is not first


def test_an_illegal_id_raises_and_changes_nothing() -> None:
    aec = KanastaAECEnv(preset="kanasta")
    aec.reset(seed=4)
    agent, game = aec.agent_selection, aec.game
    mask = aec.infos[agent]["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(kanasta.IllegalActionError):
        aec.step(illegal)
    assert aec.game is game and aec.pending == () and aec.agent_selection == agent
    assert np.array_equal(aec.infos[agent]["action_mask"], mask)
    with pytest.raises(kanasta.ConfigError):
        aec.step(None)  # a live agent must choose an id


def test_parallel_env_plays_the_aec_game() -> None:
    par = parallel_env(preset="classic", max_moves=60)
    aec = KanastaAECEnv(preset="classic", max_moves=60)
    obs, infos = par.reset(seed=9)
    aec.reset(seed=9)
    rng = random.Random(9)
    while par.agents:
        movers = [a for a in par.agents if infos[a]["action_mask"].any()]
        assert movers == [aec.agent_selection]
        for agent in par.agents:
            assert np.array_equal(obs[agent]["observation"], aec.observe(agent)["observation"])
        choice = int(rng.choice(np.flatnonzero(infos[movers[0]]["action_mask"])))
        aec.step(choice)
        obs, rewards, terminations, truncations, infos = par.step({movers[0]: choice})  # others may be left out
        assert rewards == aec.rewards
        assert set(obs) == set(rewards) == set(terminations) == set(truncations) == set(infos)
    assert all(truncations.values()) and par.state() == aec.game
    with pytest.raises(kanasta.ConfigError):
        par.step({})


def test_render_modes(capsys: pytest.CaptureFixture[str]) -> None:
    ansi = KanastaAECEnv(preset="classic-2", render_mode="ansi")
    human = KanastaAECEnv(preset="classic-2", render_mode="human")
    silent = KanastaAECEnv(preset="classic-2")
    for e in (ansi, human, silent):
        e.reset(seed=5)
        e.step(0)  # draw
        e.step(5)  # discard ...
    text = ansi.render()
    assert isinstance(text, str)
    seat = ansi.possible_agents.index(ansi.agent_selection)
    assert text.splitlines()[-1] == "Chosen so far: discard"
    assert f"Seat {seat} (you): " in text and "Your moves" not in text
    assert human.render() is None and capsys.readouterr().out == text + "\n"
    assert silent.render() is None and capsys.readouterr().out == ""
    with pytest.raises(kanasta.ConfigError):
        KanastaAECEnv(preset="classic", render_mode="rgb_array")


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


@pytest.mark.parametrize("mode", ["penalise", "ignore"])
def test_gym_illegal_action_option(mode: str) -> None:
    gym_env = KanastaGymEnv(preset="classic-2", seat=0, illegal_action=mode, illegal_reward=-2.5)  # type: ignore[arg-type]
    obs, info = gym_env.reset(seed=6)
    game = gym_env.aec.game
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    obs2, reward, terminated, truncated, info2 = gym_env.step(illegal)
    assert gym_env.aec.game is game and gym_env.aec.pending == ()
    assert reward == (-2.5 if mode == "penalise" else 0.0) and not terminated and not truncated
    assert np.array_equal(obs2["observation"], obs["observation"])
    assert np.array_equal(info2["action_mask"], info["action_mask"]) and info2["action_mask"] is not info["action_mask"]
    legal = int(np.flatnonzero(info2["action_mask"])[0])
    gym_env.step(legal)
    assert gym_env.aec.game is not game or gym_env.aec.pending == (legal,)


def test_gym_illegal_action_raises_by_default() -> None:
    gym_env = KanastaGymEnv(preset="classic-2", seat=0)
    _, info = gym_env.reset(seed=6)
    game = gym_env.aec.game
    with pytest.raises(kanasta.IllegalActionError):
        gym_env.step(int(np.flatnonzero(info["action_mask"] == 0)[0]))
    assert gym_env.aec.game is game


def test_bad_configuration_is_refused() -> None:
    with pytest.raises(kanasta.ConfigError):
        KanastaGymEnv(preset="classic", illegal_action="skip")  # type: ignore[arg-type]
    with pytest.raises(kanasta.ConfigError):
        KanastaAECEnv(preset="classic", observation="tensor")  # type: ignore[arg-type]
    with pytest.raises(kanasta.ConfigError):
        KanastaAECEnv(preset="canasta-9")
    with pytest.raises(kanasta.ConfigError):
        KanastaGymEnv(preset="classic", seat=4)
    with pytest.raises(kanasta.ConfigError):
        KanastaGymEnv(preset="classic", bots=[RandomBot(seed=1)])


@pytest.mark.parametrize("preset", ["kanasta", "classic-3"])
def test_memory_observations_are_the_views_memory_tensor_and_within_bounds(preset: str) -> None:
    """memory=True: each agent's tensor is the memory encoding of its view, inside the space's bounds."""
    aec = KanastaAECEnv(preset=preset, observation="box", max_moves=600, memory=True)
    aec.reset(seed=3)
    space = aec.observation_space("player_0")
    low, high = (np.array(b, np.float32) for b in observation_bounds(aec.rules, memory=True))
    assert space.shape == (observation_size(aec.rules, memory=True),)
    assert np.array_equal(space.low, low) and np.array_equal(space.high, high)
    rng = random.Random(3)
    remembered = 0
    while aec.agents and not (aec.terminations[aec.agent_selection] or aec.truncations[aec.agent_selection]):
        agent = aec.agent_selection
        seat = aec.possible_agents.index(agent)
        tensor, _, _, _, info = aec.last()
        assert space.contains(tensor)
        assert np.array_equal(tensor, observation_array(aec.game.view(seat), aec.pending, memory=True))
        remembered += int(tensor[observation_size(aec.rules) - 200:-200].any())  # the memory blocks
        aec.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
    assert remembered > 0
    with pytest.raises(kanasta.ConfigError, match="memory"):
        KanastaAECEnv(preset=preset, memory="yes")  # type: ignore[arg-type]
