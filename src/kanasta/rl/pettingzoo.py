"""PettingZoo environments and a Gymnasium single-agent environment (extra ``kanasta[pettingzoo]``).

:class:`KanastaAECEnv` is one game of kanasta as a PettingZoo
`AEC environment <https://pettingzoo.farama.org/api/aec/>`_: one agent per
seat (``player_0`` ...), actions are the ids of :mod:`kanasta.rl.actions`
(a ``Discrete(100)`` space).  Like PettingZoo's own classic games, the module
has the factories :func:`env` (the AEC environment in PettingZoo's
order-enforcing and out-of-bounds wrappers), :func:`raw_env` (unwrapped) and
:func:`parallel_env` (:class:`KanastaParallelEnv`, the same game through the
`Parallel API <https://pettingzoo.farama.org/api/parallel/>`_).

The observation has two forms, chosen by ``observation=``:

* ``"dict"`` (the default, the form of PettingZoo's classic games): a dict with

  - ``"observation"``: :func:`kanasta.rl.observation.observe` of the agent's
    own view (``float32``), the sub-decisions chosen so far included;
  - ``"action_mask"``: 100 ``int8`` flags, the ids the agent may choose now
    (all zero when it is not the agent's decision);

* ``"box"``: the ``float32`` array alone, in a ``gymnasium.spaces.Box`` whose
  finite bounds are :func:`kanasta.rl.observation.observation_bounds`; the
  mask is then read from ``infos[agent]["action_mask"]`` (the dict that
  ``last()`` returns as its info).

With ``memory=True`` the tensor has the public-memory blocks
(:func:`kanasta.rl.observation.layout` with ``memory=True``: the cards each
other seat is known to hold, each seat's discards this hand), worked out from
what the agent saw, and the space's bounds are those of that layout.

In both forms ``infos[agent]["action_mask"]`` holds the mask.  PettingZoo's
``api_test`` passes with no warning with ``observation="box"``; with the
dict it warns "Observation is not a NumPy array" and "Observation space ...
should be gymnasium.spaces.box", because its test exempts only PettingZoo's
own games from those two checks.  The dict stays the default because code
written for PettingZoo's classic games reads the mask from the observation.

A move takes several steps of the same agent (``meld``, ``7H``, ``7S``,
``JK``, ``done``); the move is applied when its last id is chosen.  An id
that the mask does not allow raises :class:`~kanasta.IllegalActionError`.

Rewards come at the end of each hand and of the game, and sum to zero over
the seats: after a hand each seat gets its team's hand score minus the mean
of the other teams' hand scores, divided by ``score_scale`` (1000 by
default); when the game ends the winning team's seats get 1 more and the
others ``1 / (teams - 1)`` less.  ``max_moves`` truncates a game after that
many moves (not sub-decisions).  ``render_mode="ansi"`` makes ``render()``
return the terminal picture of what the agent to move sees
(:meth:`kanasta.TextRenderer.view`), ``"human"`` prints it.

:class:`KanastaGymEnv` is a Gymnasium environment for one learning seat; the
other seats are played by bots (``choose(view) -> Action``, such as
:class:`kanasta.bots.GreedyBot`), and the learner's reward is its own from
the AEC environment.  Importing this module registers it with Gymnasium as
``kanasta/Kanasta-v0``, ``kanasta/Classic-v0``, ``kanasta/Classic3-v0`` and
``kanasta/Classic2-v0`` (the presets ``kanasta``, ``classic``,
``classic-3``, ``classic-2``); ``gymnasium.make("kanasta.rl.pettingzoo:kanasta/Classic-v0")``
imports it and makes one in a single call.

>>> from kanasta.rl.pettingzoo import env
>>> aec = env(preset="classic")
>>> aec.reset(seed=1)
>>> agent = aec.agent_selection
>>> obs, reward, terminated, truncated, info = aec.last()
>>> obs["observation"].shape, int(obs["action_mask"].sum()), agent
((1029,), 1, 'player_0')
>>> aec.step(0)                     # draw
>>> aec.agent_selection == agent    # the same seat plays on
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final, Literal, Protocol, TypeAlias, cast

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils import wrappers

from kanasta.actions import Action
from kanasta.errors import ConfigError
from kanasta.rl.actions import NUM_ACTIONS, Decisions, id_name
from kanasta.rl.observation import observation_bounds, observe
from kanasta.rules import Rules
from kanasta.rules import preset as preset_rules
from kanasta.state import HandEnded, State, new_game
from kanasta.text import TextRenderer
from kanasta.view import PlayerView

__all__ = [
    "GYM_IDS",
    "IllegalAction",
    "KanastaAECEnv",
    "KanastaGymEnv",
    "KanastaParallelEnv",
    "ObsDict",
    "Observation",
    "ObservationForm",
    "ViewBot",
    "env",
    "hand_rewards",
    "parallel_env",
    "raw_env",
    "render_text",
]

ObsDict: TypeAlias = dict[str, npt.NDArray[Any]]
"""An observation of the ``"dict"`` form: ``{"observation": float32 array, "action_mask": int8 array}``."""

Observation: TypeAlias = ObsDict | npt.NDArray[np.float32]
"""An observation: an :data:`ObsDict` (``observation="dict"``) or the ``float32`` array (``"box"``)."""

ObservationForm: TypeAlias = Literal["dict", "box"]
"""The observation's form: ``"dict"`` (tensor and mask) or ``"box"`` (the tensor; the mask in the infos)."""

IllegalAction: TypeAlias = Literal["raise", "penalise", "ignore"]
"""What :class:`KanastaGymEnv` does with an id its mask does not allow (see there)."""

SEED_LIMIT: Final = 2**64

_RENDER_MODES: Final = ("human", "ansi")

GYM_IDS: Final[dict[str, str]] = {
    "kanasta/Kanasta-v0": "kanasta",
    "kanasta/Classic-v0": "classic",
    "kanasta/Classic3-v0": "classic-3",
    "kanasta/Classic2-v0": "classic-2",
}
"""The Gymnasium ids registered on import of this module, each with its preset name.

>>> import gymnasium
>>> import kanasta.rl.pettingzoo
>>> gym_env = gymnasium.make("kanasta/Classic2-v0", seat=1)
>>> gym_env.unwrapped.aec.rules.name, gym_env.unwrapped.seat
('classic-2', 1)
"""


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


def _check_render_mode(render_mode: str | None) -> str | None:
    if render_mode is not None and render_mode not in _RENDER_MODES:
        raise ConfigError("render_mode", f"must be None, 'human' or 'ansi', not {render_mode!r}")
    return render_mode


def render_text(game: State, seat: int, pending: Sequence[int] = ()) -> str:
    """What ``seat`` sees of ``game``, as the terminal game draws it, and the ids it has chosen so far.

    The text that ``render()`` returns with ``render_mode="ansi"`` (and prints with ``"human"``):
    :meth:`kanasta.TextRenderer.view` of the seat's view without its list of moves.

    >>> import kanasta
    >>> from kanasta.rl.pettingzoo import render_text
    >>> text = render_text(kanasta.new_game(kanasta.Rules.classic(), seed=1).apply(kanasta.Draw()), 3, (5,))
    >>> print(text.splitlines()[0])
    Hand 1, dealer seat 2; seat 3 to play. Scores: team 0 0, team 1 0
    >>> text.splitlines()[-1]
    'Chosen so far: discard'
    """
    text = TextRenderer(game.rules).view(game.view(seat), moves=False)
    if pending:
        text += "\nChosen so far: " + " ".join(id_name(i) for i in pending)
    return text


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


def _ends_a_hand(state: State) -> bool:
    """Whether the move that reached ``state`` ended a hand (its events; a native state makes only those)."""
    return any(isinstance(event, HandEnded) for event in state.events)


def _observation_space(rules: Rules, form: str, memory: bool) -> spaces.Space[Any]:
    low, high = observation_bounds(rules, memory=memory)
    tensor = spaces.Box(low=np.array(low, np.float32), high=np.array(high, np.float32), dtype=np.float32)
    if form == "box":
        return tensor
    mask = spaces.Box(low=0, high=1, shape=(NUM_ACTIONS,), dtype=np.int8)
    return spaces.Dict({"observation": tensor, "action_mask": mask})


class KanastaAECEnv(AECEnv[str, Observation, int]):  # type: ignore[misc]
    """One game of kanasta as a PettingZoo AEC environment (see the module's documentation).

    Give ``rules`` or a ``preset`` name (``"kanasta"``, ``"classic"``,
    ``"classic-3"``, ``"classic-2"``; Kanasta by default).  ``observation``
    is ``"dict"`` (the default) or ``"box"`` (:data:`ObservationForm`);
    ``memory=True`` adds the public-memory blocks to the tensor.
    :meth:`reset` with a seed deals the same game every time; without one,
    the next game of the environment's own generator.

    >>> from kanasta.rl.pettingzoo import KanastaAECEnv
    >>> aec = KanastaAECEnv(preset="classic-3", observation="box")
    >>> aec.possible_agents
    ['player_0', 'player_1', 'player_2']
    >>> aec.reset(seed=2)
    >>> obs, _, _, _, info = aec.last()
    >>> obs.shape, info["action_mask"].nonzero()[0].tolist()
    ((1085,), [0])
    >>> KanastaAECEnv(preset="classic-3", observation="box", memory=True).observation_space("player_0").shape
    (1350,)
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 (the PettingZoo and Gymnasium API)
        "name": "kanasta_v0", "render_modes": list(_RENDER_MODES), "render_fps": 1, "is_parallelizable": False,
    }

    def __init__(
        self,
        rules: Rules | None = None,
        *,
        preset: str | None = None,
        observation: ObservationForm = "dict",
        score_scale: float = 1000.0,
        max_moves: int | None = None,
        render_mode: str | None = None,
        memory: bool = False,
    ) -> None:
        super().__init__()
        self.rules: Rules = _rules(rules, preset)
        if observation not in ("dict", "box"):
            raise ConfigError("observation", f"must be 'dict' or 'box', not {observation!r}")
        if not isinstance(memory, bool):
            raise ConfigError("memory", f"must be True or False, not {memory!r}")
        self.observation_form: ObservationForm = observation
        self.memory = memory
        self.render_mode = _check_render_mode(render_mode)
        self.score_scale = score_scale
        self.max_moves = max_moves
        self.possible_agents: list[str] = [f"player_{i}" for i in range(self.rules.players)]
        self.observation_spaces: dict[str, spaces.Space[Any]] = {
            agent: _observation_space(self.rules, observation, memory) for agent in self.possible_agents
        }
        self.action_spaces: dict[str, spaces.Discrete] = {
            agent: spaces.Discrete(NUM_ACTIONS) for agent in self.possible_agents
        }
        self._rng = random.Random()
        self.game: State = new_game(self.rules, 0)
        self.pending: tuple[int, ...] = ()
        self._tree = Decisions(())
        self._moves = 0
        self._masked: str | None = None  # the agent whose infos hold a non-zero mask
        self._no_rewards = (0.0,) * self.rules.players
        self.agents: list[str] = []

    # ------------------------------------------------------------ the spaces
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same object every time): a ``Dict`` or a ``Box``."""
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
        self.infos: dict[str, dict[str, Any]] = {
            agent: {"action_mask": np.zeros(NUM_ACTIONS, np.int8)} for agent in self.agents
        }
        self._masked = None
        self._select()

    def _live(self) -> bool:
        return not (self.game.is_game_over or any(self.truncations.values()))

    def _select(self) -> None:
        """Point ``agent_selection`` at the seat to move and give it its mask (others' masks are zero)."""
        seat = self.game.current_player
        if seat is not None and self._live():
            self._tree = Decisions.of_state(self.game)
            self.agent_selection = self.possible_agents[seat]
        self._set_mask()

    def _set_mask(self) -> None:
        agent = self.agent_selection
        old = self._masked
        if old is not None and old != agent and old in self.infos:
            self.infos[old]["action_mask"] = np.zeros(NUM_ACTIONS, np.int8)
        mask = np.zeros(NUM_ACTIONS, np.int8)
        if self._live():
            self._tree.mask_into(self.pending, mask)
        self.infos[agent]["action_mask"] = mask  # a new array: the one handed out before stays as it was
        self._masked = agent

    def observe(self, agent: str) -> Observation:
        """``agent``'s observation: its view's tensor, with its action mask in the ``"dict"`` form."""
        seat = self.possible_agents.index(agent)
        pending = self.pending if agent == self.agent_selection else ()
        tensor = observe(self.game, seat, pending, memory=self.memory)
        if self.observation_form == "box":
            return tensor
        info = self.infos.get(agent)
        mask = info["action_mask"].copy() if info is not None else np.zeros(NUM_ACTIONS, np.int8)
        return {"observation": tensor, "action_mask": mask}

    def action_mask(self, agent: str) -> npt.NDArray[np.int8]:
        """``agent``'s action mask now (a copy of ``infos[agent]["action_mask"]``; zeros once it is done).

        >>> from kanasta.rl.pettingzoo import KanastaAECEnv
        >>> aec = KanastaAECEnv(preset="kanasta")
        >>> aec.reset(seed=3)
        >>> [int(i) for i in aec.action_mask(aec.agent_selection).nonzero()[0]]
        [0, 1]
        """
        info = self.infos.get(agent)
        return info["action_mask"].copy() if info is not None else np.zeros(NUM_ACTIONS, np.int8)

    def step(self, action: int | None) -> None:
        """Choose id ``action`` for the agent to move; the move is applied when its spelling is complete.

        An id the mask does not allow raises :class:`~kanasta.IllegalActionError` and changes nothing.
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ConfigError("action", f"{agent} is to move: None is the action of an agent that is done")
        out = self._tree.step(self.pending, int(action))  # raises (and changes nothing) if not legal
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if isinstance(out, tuple):
            self.pending = out
            self._set_mask()
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
        self._select()
        if not _ends_a_hand(self.game):
            return self._no_rewards
        return hand_rewards(before, self.game, self.score_scale)

    def render(self) -> str | None:
        """The position as the agent to move sees it (:func:`render_text`).

        ``render_mode="ansi"``: returned; ``"human"``: printed (returns None); None: nothing.
        """
        if self.render_mode is None or not self.agents:
            return None
        text = render_text(self.game, self.possible_agents.index(self.agent_selection), self.pending)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


class KanastaParallelEnv(ParallelEnv[str, Observation, int]):  # type: ignore[misc]
    """One game of kanasta through PettingZoo's Parallel API; :func:`parallel_env` makes one.

    The game is turn-based: at each step only the agent whose mask is not
    zero (the seat to move) acts, with one id as in :class:`KanastaAECEnv`;
    the other agents' actions are ignored and may be left out of ``actions``.
    Every live agent gets its observation, reward and info at every step;
    when the game ends (or is truncated) all agents are done together.  The
    arguments are those of :class:`KanastaAECEnv`.

    >>> from kanasta.rl.pettingzoo import parallel_env
    >>> par = parallel_env(preset="classic-2")
    >>> obs, infos = par.reset(seed=1)
    >>> mover = next(a for a in par.agents if infos[a]["action_mask"].any())
    >>> obs, rewards, terminations, truncations, infos = par.step({mover: 0})   # draw
    >>> sorted(obs) == par.agents == ["player_0", "player_1"]
    True
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 (the PettingZoo and Gymnasium API)
        "name": "kanasta_v0", "render_modes": list(_RENDER_MODES), "render_fps": 1,
    }

    def __init__(
        self,
        rules: Rules | None = None,
        *,
        preset: str | None = None,
        observation: ObservationForm = "dict",
        score_scale: float = 1000.0,
        max_moves: int | None = None,
        render_mode: str | None = None,
        memory: bool = False,
    ) -> None:
        self.aec = KanastaAECEnv(
            rules, preset=preset, observation=observation, score_scale=score_scale, max_moves=max_moves,
            render_mode=render_mode, memory=memory,
        )
        self.render_mode = self.aec.render_mode
        self.possible_agents: list[str] = self.aec.possible_agents[:]
        self.observation_spaces = self.aec.observation_spaces
        self.action_spaces = self.aec.action_spaces
        self.agents: list[str] = []

    @property
    def rules(self) -> Rules:
        """The game's rules."""
        return self.aec.rules

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same object every time)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        """The action space of ``agent``: ``Discrete(100)``."""
        return self.action_spaces[agent]

    def _out(self) -> tuple[dict[str, Observation], dict[str, dict[str, Any]]]:
        aec = self.aec
        return (
            {agent: aec.observe(agent) for agent in self.agents},
            {agent: {"action_mask": aec.action_mask(agent)} for agent in self.agents},
        )

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Observation], dict[str, dict[str, Any]]]:
        """Start a new game (as :meth:`KanastaAECEnv.reset`); each agent's observation and info."""
        self.aec.reset(seed=seed, options=options)
        self.agents = self.aec.agents[:]
        return self._out()

    def step(self, actions: dict[str, int]) -> tuple[
        dict[str, Observation], dict[str, float], dict[str, bool], dict[str, bool], dict[str, dict[str, Any]]
    ]:
        """The seat to move chooses ``actions[agent]``; every live agent's observation, reward, flags and info."""
        aec = self.aec
        if not self.agents:
            raise ConfigError("actions", "the game is over: reset() starts the next one")
        mover = aec.agent_selection
        if mover not in actions or actions[mover] is None:
            raise ConfigError("actions", f"{mover} is to move and has no action")
        aec.step(actions[mover])
        agents = self.agents
        rewards = {agent: float(aec.rewards[agent]) for agent in agents}
        terminations = {agent: bool(aec.terminations[agent]) for agent in agents}
        truncations = {agent: bool(aec.truncations[agent]) for agent in agents}
        observations, infos = self._out()
        if any(terminations.values()) or any(truncations.values()):
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        """As :meth:`KanastaAECEnv.render`."""
        return self.aec.render()

    def close(self) -> None:
        """Nothing to release."""

    def state(self) -> State:
        """The whole game (every hidden card: for analysis, never for a seat's policy)."""
        return self.aec.game


def raw_env(rules: Rules | None = None, **kwargs: Any) -> KanastaAECEnv:
    """The AEC environment without wrappers: ``KanastaAECEnv(rules, **kwargs)``.

    >>> from kanasta.rl.pettingzoo import raw_env
    >>> type(raw_env(preset="classic")).__name__
    'KanastaAECEnv'
    """
    return KanastaAECEnv(rules, **kwargs)


def env(rules: Rules | None = None, **kwargs: Any) -> AECEnv:
    """The AEC environment as PettingZoo's classic games give it: ``raw_env`` in PettingZoo's wrappers.

    ``OrderEnforcingWrapper(AssertOutOfBoundsWrapper(raw_env(rules, **kwargs)))``:
    errors for a step before ``reset()`` and for an id outside ``Discrete(100)``.

    >>> from kanasta.rl.pettingzoo import env
    >>> aec = env(preset="kanasta", observation="box")
    >>> type(aec).__name__, type(aec.unwrapped).__name__
    ('OrderEnforcingWrapper', 'KanastaAECEnv')
    """
    return wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(raw_env(rules, **kwargs)))


def parallel_env(rules: Rules | None = None, **kwargs: Any) -> KanastaParallelEnv:
    """The game through PettingZoo's Parallel API: ``KanastaParallelEnv(rules, **kwargs)``.

    >>> from kanasta.rl.pettingzoo import parallel_env
    >>> parallel_env(preset="classic-3").possible_agents
    ['player_0', 'player_1', 'player_2']
    """
    return KanastaParallelEnv(rules, **kwargs)


class KanastaGymEnv(gymnasium.Env[Observation, int]):
    """One learning seat against bots, as a Gymnasium environment.

    ``bots`` play the other seats (one per other seat, in seat order, or one
    for all); by default :class:`kanasta.bots.GreedyBot`.  The learner's
    observation (``observation="dict"`` or ``"box"``) and reward are those of
    :class:`KanastaAECEnv`; ``info["action_mask"]`` is its mask in both forms.
    An episode is one game; a seed replays the same games when the bots are
    deterministic (a :class:`~kanasta.bots.RandomBot` draws on from its own
    generator from one episode to the next).

    ``illegal_action`` says what :meth:`step` does with an id the mask does not allow:

    * ``"raise"`` (the default): :class:`~kanasta.IllegalActionError`, nothing changes;
    * ``"penalise"``: nothing changes, the step's reward is ``illegal_reward``
      (-1 by default) and the learner chooses again;
    * ``"ignore"``: nothing changes, the reward is 0 and the learner chooses again.

    ``"penalise"`` or ``"ignore"`` suit algorithms that do not read the mask, and
    Gymnasium's ``check_env`` (it steps random, unmasked ids).

    >>> from kanasta.rl.pettingzoo import KanastaGymEnv
    >>> gym_env = KanastaGymEnv(preset="classic-2", seat=0, illegal_action="penalise")
    >>> obs, info = gym_env.reset(seed=3)
    >>> legal = info["action_mask"].nonzero()[0].tolist()
    >>> legal                                                        # draw, take
    [0, 1]
    >>> obs, reward, terminated, truncated, info = gym_env.step(99)   # not allowed: penalised
    >>> reward, terminated, info["action_mask"].nonzero()[0].tolist() == legal
    (-1.0, False, True)
    """

    metadata: dict[str, Any] = {"render_modes": list(_RENDER_MODES), "render_fps": 1}  # noqa: RUF012 (the Gymnasium API)

    def __init__(
        self,
        rules: Rules | None = None,
        *,
        preset: str | None = None,
        seat: int = 0,
        bots: ViewBot | Sequence[ViewBot] | None = None,
        observation: ObservationForm = "dict",
        illegal_action: IllegalAction = "raise",
        illegal_reward: float = -1.0,
        score_scale: float = 1000.0,
        max_moves: int | None = None,
        render_mode: str | None = None,
        memory: bool = False,
    ) -> None:
        self.aec = KanastaAECEnv(rules, preset=preset, observation=observation, score_scale=score_scale,
                                 max_moves=max_moves, memory=memory)
        self.render_mode = _check_render_mode(render_mode)
        if illegal_action not in ("raise", "penalise", "ignore"):
            raise ConfigError("illegal_action", f"must be 'raise', 'penalise' or 'ignore', not {illegal_action!r}")
        self.illegal_action: IllegalAction = illegal_action
        self.illegal_reward = float(illegal_reward)
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
        self.observation_space = cast("spaces.Space[Observation]", self.aec.observation_space(self.agent))
        self.action_space = cast("spaces.Space[int]", self.aec.action_space(self.agent))

    def _play_bots(self) -> None:
        """Let the bots move until it is the learner's decision or the game is over."""
        aec = self.aec
        while not (aec.terminations[self.agent] or aec.truncations[self.agent]):
            seat = aec.game.current_player
            if seat is None or seat == self.seat:
                return
            self._reward += aec.play(self.bots[seat].choose(aec.game.view(seat)))[self.seat]

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.aec.action_mask(self.agent)}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Start a game and play the bots up to the learner's first decision.

        ``options`` as for :meth:`KanastaAECEnv.reset` (``{"game_seed": k}``).
        """
        super().reset(seed=seed)
        self.aec.reset(seed=seed, options=options)
        self._reward = 0.0
        self._play_bots()
        return self.aec.observe(self.agent), self._info()

    def step(self, action: int) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """The learner chooses id ``action``; then the bots play until its next decision."""
        aec = self.aec
        if self.illegal_action != "raise" and not (
            isinstance(action, (int, np.integer)) and 0 <= action < NUM_ACTIONS
            and aec.infos[self.agent]["action_mask"][action]
        ):
            reward = self.illegal_reward if self.illegal_action == "penalise" else 0.0
            return aec.observe(self.agent), reward, False, False, self._info()
        aec.step(action)
        self._reward = aec.rewards.get(self.agent, 0.0)
        self._play_bots()
        reward, self._reward = self._reward, 0.0
        return (
            aec.observe(self.agent),
            float(reward),
            aec.terminations[self.agent],
            aec.truncations[self.agent],
            self._info(),
        )

    def render(self) -> str | None:
        """The position as the learner sees it (:func:`render_text`): returned (``"ansi"``), printed (``"human"``)."""
        if self.render_mode is None:
            return None
        text = render_text(self.aec.game, self.seat, self.aec.pending)
        if self.render_mode == "human":
            print(text)
            return None
        return text


def _register_gym_ids() -> None:
    for gym_id, name in GYM_IDS.items():
        if gym_id not in gymnasium.registry:
            gymnasium.register(gym_id, entry_point=f"{__name__}:KanastaGymEnv", kwargs={"preset": name})


_register_gym_ids()
