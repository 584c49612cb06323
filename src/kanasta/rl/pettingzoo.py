"""A PettingZoo AEC environment and a Gymnasium single-agent wrapper (extra ``kanasta[pettingzoo]``).

:class:`KanastaAECEnv` is one game of kanasta as a PettingZoo
`AEC environment <https://pettingzoo.farama.org/api/aec/>`_: one agent per
seat (``player_0`` ...), actions are the ids of :mod:`kanasta.rl.actions`
(a ``Discrete(100)`` space), and each observation is a dict with

* ``"observation"``: :func:`kanasta.rl.observation.observation_array` of the
  agent's own view (``float32``), the sub-decisions chosen so far included;
* ``"action_mask"``: 100 ``int8`` flags, the ids the agent may choose now (all
  zero when it is not the agent's decision).

A move takes several steps of the same agent (``meld``, ``7H``, ``7S``,
``JK``, ``done``); the move is applied when its last id is chosen.

Rewards come at the end of each hand and of the game, and sum to zero over
the seats: after a hand each seat gets its team's hand score minus the mean
of the other teams' hand scores, divided by ``score_scale`` (1000 by
default); when the game ends the winning team's seats get 1 more and the
others ``1 / (teams - 1)`` less.  ``max_moves`` truncates a game after that
many moves (not sub-decisions).

:class:`KanastaGymEnv` is a Gymnasium environment for one learning seat; the
other seats are played by bots (``choose(view) -> Action``, such as
:class:`kanasta.bots.GreedyBot`), and the learner's reward is its own from
the AEC environment.

>>> from kanasta.rl.pettingzoo import KanastaAECEnv
>>> env = KanastaAECEnv(preset="classic")
>>> env.reset(seed=1)
>>> agent = env.agent_selection
>>> obs, reward, terminated, truncated, info = env.last()
>>> obs["observation"].shape, int(obs["action_mask"].sum()), agent
((1029,), 1, 'player_0')
>>> env.step(0)                     # draw
>>> env.agent_selection == agent    # the same seat plays on
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final, Protocol, TypeAlias, cast

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv

from kanasta.actions import Action
from kanasta.errors import ConfigError
from kanasta.rl.actions import NUM_ACTIONS, Decisions
from kanasta.rl.observation import observation_size, observation_string, observe
from kanasta.rules import Rules
from kanasta.rules import preset as preset_rules
from kanasta.state import State, new_game
from kanasta.view import PlayerView

__all__ = ["KanastaAECEnv", "KanastaGymEnv", "ObsDict", "ViewBot", "hand_rewards"]

ObsDict: TypeAlias = dict[str, npt.NDArray[Any]]
"""An observation: ``{"observation": float32 array, "action_mask": int8 array}``."""

SEED_LIMIT: Final = 2**64


class ViewBot(Protocol):
    """A bot that chooses from its seat's view (the interface of :mod:`kanasta.bots`).

    >>> from kanasta.rl.pettingzoo import ViewBot
    >>> class First:
    ...     def choose(self, view): return view.legal_actions()[0]
    >>> isinstance(First(), object)
    True
    """

    def choose(self, view: PlayerView) -> Action: ...


def _rules(rules: Rules | None, preset: str | None) -> Rules:
    if rules is not None and preset is not None:
        raise ConfigError("rules", "give rules or a preset name, not both")
    if rules is not None:
        return rules
    return preset_rules(preset or "kanasta")


def hand_rewards(before: State, after: State, score_scale: float = 1000.0) -> tuple[float, ...]:
    """Each seat's reward for the move from ``before`` to ``after`` (zero unless a hand or the game ended).

    >>> import kanasta
    >>> from kanasta.rl.pettingzoo import hand_rewards
    >>> s = kanasta.new_game(kanasta.Rules.classic(), seed=1)
    >>> hand_rewards(s, s.apply(kanasta.Draw()))
    (0.0, 0.0, 0.0, 0.0)
    """
    rules = after.rules
    teams = rules.teams
    team_reward = [0.0] * teams
    for result in after.hand_results[len(before.hand_results):]:
        totals = [team.total for team in result.teams]
        for t in range(teams):
            others = [totals[u] for u in range(teams) if u != t]
            team_reward[t] += (totals[t] - sum(others) / len(others)) / score_scale
    if after.winner is not None and before.winner is None:
        for t in range(teams):
            team_reward[t] += 1.0 if t == after.winner else -1.0 / (teams - 1)
    return tuple(team_reward[rules.team_of(s)] for s in range(rules.players))


class KanastaAECEnv(AECEnv[str, ObsDict, int]):  # type: ignore[misc]
    """One game of kanasta as a PettingZoo AEC environment (see the module's documentation).

    Give ``rules`` or a ``preset`` name (``"kanasta"``, ``"classic"``,
    ``"classic-3"``, ``"classic-2"``; Kanasta by default).
    :meth:`reset` with a seed deals the same game every time; without one,
    the next game of the environment's own generator.

    >>> from kanasta.rl.pettingzoo import KanastaAECEnv
    >>> env = KanastaAECEnv(preset="classic-3")
    >>> env.possible_agents
    ['player_0', 'player_1', 'player_2']
    """

    metadata: dict[str, Any] = {"name": "kanasta_v0", "render_modes": ["ansi"], "is_parallelizable": False}  # noqa: RUF012 (the PettingZoo and Gymnasium API)

    def __init__(
        self,
        rules: Rules | None = None,
        *,
        preset: str | None = None,
        score_scale: float = 1000.0,
        max_moves: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.rules: Rules = _rules(rules, preset)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ConfigError("render_mode", f"must be None or 'ansi', not {render_mode!r}")
        self.render_mode = render_mode
        self.score_scale = score_scale
        self.max_moves = max_moves
        self.possible_agents: list[str] = [f"player_{i}" for i in range(self.rules.players)]
        size = observation_size(self.rules)
        self.observation_spaces: dict[str, spaces.Dict] = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(low=-np.inf, high=np.inf, shape=(size,), dtype=np.float32),
                    "action_mask": spaces.Box(low=0, high=1, shape=(NUM_ACTIONS,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces: dict[str, spaces.Discrete] = {
            agent: spaces.Discrete(NUM_ACTIONS) for agent in self.possible_agents
        }
        self._rng = random.Random()
        self.game: State = new_game(self.rules, 0)
        self.pending: tuple[int, ...] = ()
        self._tree = Decisions(())
        self._moves = 0
        self.agents: list[str] = []

    # ------------------------------------------------------------ the spaces
    def observation_space(self, agent: str) -> spaces.Dict:
        """The observation space of ``agent`` (the same object every time)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        """The action space of ``agent``: ``Discrete(100)``, the ids of :mod:`kanasta.rl.actions`."""
        return self.action_spaces[agent]

    # --------------------------------------------------------------- the game
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game (the same one for the same ``seed``).

        ``options={"game_seed": k}`` deals the game ``kanasta.new_game(rules, k)`` instead.
        """
        if seed is not None:
            self._rng = random.Random(seed)
        game_seed = self._rng.randrange(SEED_LIMIT)
        if options and "game_seed" in options:
            game_seed = options["game_seed"]
        self.game = new_game(self.rules, game_seed)
        self.pending = ()
        self._moves = 0
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select()

    def _select(self) -> None:
        seat = self.game.current_player
        if seat is not None:
            self._tree = Decisions.of_state(self.game)
            self.agent_selection = self.possible_agents[seat]

    def observe(self, agent: str) -> ObsDict:
        """``agent``'s observation: its view's tensor and its action mask."""
        seat = self.possible_agents.index(agent)
        mine = agent == self.agent_selection and not self.game.is_game_over
        pending = self.pending if mine else ()
        mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
        if mine:
            self._tree.mask_into(pending, mask)
        return {"observation": observe(self.game, seat, pending), "action_mask": mask}

    def step(self, action: int) -> None:
        """Choose id ``action`` for the agent to move; the move is applied when its spelling is complete."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        out = self._tree.step(self.pending, int(action))
        if isinstance(out, tuple):
            self.pending = out
        else:
            for seat, reward in enumerate(self.play(out)):
                self.rewards[self.possible_agents[seat]] = reward
        self._accumulate_rewards()

    def play(self, move: Action) -> tuple[float, ...]:
        """Apply a whole move for the seat to move (as a bot would); return each seat's reward for it.

        The sub-decisions pending are dropped; the game ends (terminations) or is
        truncated (``max_moves``) as after :meth:`step`.
        """
        before = self.game
        self.game = before.apply(move)
        self.pending = ()
        self._moves += 1
        if self.game.is_game_over:
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.max_moves is not None and self._moves >= self.max_moves:
            self.truncations = dict.fromkeys(self.agents, True)
        else:
            self._select()
        return hand_rewards(before, self.game, self.score_scale)

    def render(self) -> str | None:
        """The position as the agent to move sees it (``render_mode="ansi"``), else None."""
        if self.render_mode != "ansi":
            return None
        seat = self.possible_agents.index(self.agent_selection)
        return observation_string(self.game.view(seat), self.pending)

    def close(self) -> None:
        """Nothing to release."""


class KanastaGymEnv(gymnasium.Env[ObsDict, int]):
    """One learning seat against bots, as a Gymnasium environment.

    ``bots`` play the other seats (one per other seat, in seat order, or one
    for all); by default :class:`kanasta.bots.GreedyBot`.  The learner's
    observation and reward are those of :class:`KanastaAECEnv`; an episode
    is one game.

    >>> from kanasta.rl.pettingzoo import KanastaGymEnv
    >>> env = KanastaGymEnv(preset="classic-2", seat=0)
    >>> obs, info = env.reset(seed=3)
    >>> obs["action_mask"].sum() > 0
    np.True_
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012 (the PettingZoo and Gymnasium API)

    def __init__(
        self,
        rules: Rules | None = None,
        *,
        preset: str | None = None,
        seat: int = 0,
        bots: ViewBot | Sequence[ViewBot] | None = None,
        score_scale: float = 1000.0,
        max_moves: int | None = None,
    ) -> None:
        self.aec = KanastaAECEnv(rules, preset=preset, score_scale=score_scale, max_moves=max_moves)
        players = self.aec.rules.players
        if not isinstance(seat, int) or not 0 <= seat < players:
            raise ConfigError("seat", f"must be a seat from 0 to {players - 1}, not {seat!r}")
        self.seat = seat
        self.agent = self.aec.possible_agents[seat]
        if bots is None:
            from kanasta.bots import GreedyBot

            bots = GreedyBot()
        others = [s for s in range(players) if s != seat]
        if isinstance(bots, Sequence):
            if len(bots) != len(others):
                raise ConfigError("bots", f"need one bot per other seat ({len(others)}), not {len(bots)}")
            self.bots: dict[int, ViewBot] = dict(zip(others, bots, strict=True))
        else:
            self.bots = dict.fromkeys(others, bots)
        self.observation_space = cast("spaces.Space[ObsDict]", self.aec.observation_space(self.agent))
        self.action_space = cast("spaces.Space[int]", self.aec.action_space(self.agent))

    def _play_bots(self) -> None:
        """Let the bots move until it is the learner's decision or the game is over."""
        aec = self.aec
        while not (aec.terminations[self.agent] or aec.truncations[self.agent]):
            seat = aec.game.current_player
            if seat is None or seat == self.seat:
                return
            self._reward += aec.play(self.bots[seat].choose(aec.game.view(seat)))[self.seat]

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[ObsDict, dict[str, Any]]:
        """Start a game and play the bots up to the learner's first decision."""
        super().reset(seed=seed)
        self.aec.reset(seed=seed)
        self._reward = 0.0
        self._play_bots()
        return self.aec.observe(self.agent), {}

    def step(self, action: int) -> tuple[ObsDict, float, bool, bool, dict[str, Any]]:
        """The learner chooses id ``action``; then the bots play until its next decision."""
        aec = self.aec
        aec.step(action)
        self._reward = aec.rewards.get(self.agent, 0.0)
        self._play_bots()
        reward, self._reward = self._reward, 0.0
        return (
            aec.observe(self.agent),
            reward,
            aec.terminations[self.agent],
            aec.truncations[self.agent],
            {},
        )

    def render(self) -> str | None:
        """The position as the learner sees it."""
        return observation_string(self.aec.game.view(self.seat), self.aec.pending)
