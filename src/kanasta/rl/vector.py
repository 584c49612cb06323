"""Many games at once: a batched environment and batched random rollouts, stepped by the native core.

:class:`VectorEnv` holds ``num_envs`` games of one set of rules and steps
them together: one call takes one action id (:mod:`kanasta.rl.actions`) for
every game and returns NumPy arrays for the whole batch.  The core steps the
games on a pool of ``num_threads`` threads, with the GIL released, and writes
the observations and masks straight into the env's arrays.  Every game is
fixed by its seed, so the batch is the same for any number of threads.

The arrays of a step (:class:`VectorStep`), for ``N = num_envs``:

* ``observations``, ``[N, size]`` float32: the tensor of
  :func:`~kanasta.rl.observation.observe` for the seat to act, its ids so far
  in the move included: only what that seat may see (RULES E-4);
* ``masks``, ``[N, 100]`` int8: 1 for each id the seat to act may choose now;
* ``players``, ``[N]`` int64: the seat to act;
* ``rewards``, ``[N, teams]`` float64: each team's reward for this step;
* ``terminated``, ``[N]`` bool: the step ended the game;
* ``truncated``, ``[N]`` bool: the step cut the game (``max_moves``, or a
  position past the engine's work budget).

Rewards are those of :class:`kanasta.rl.pettingzoo.KanastaAECEnv`, by team
instead of by seat: when a hand ends each team gets its hand score less the
mean of the other teams' hand scores, divided by ``score_scale``; when the
game ends the winning team gets 1 more and the others ``1 / (teams - 1)``
less.  They sum to zero over the teams.

**Auto-reset.**  A game that ends (or is cut) in a step is replaced in that
same step by the slot's next game: that step's ``rewards`` and
``terminated``/``truncated`` are the finished game's, while its
``observations``, ``masks`` and ``players`` are already the new game's first
decision.  This is Gymnasium's ``SAME_STEP`` autoreset mode; unlike Gymnasium
there is no final observation (a finished game has no seat to act, so
nothing to observe), and there is no ``infos`` dict.  Game ``k`` of slot
``i`` (``k = 0`` after :meth:`VectorEnv.reset`) is
``kanasta.new_game(rules, seed + i + k * num_envs)`` (modulo 2**64).

**Where a turn-based game differs from Gymnasium's** ``VectorEnv``: one step
is one *decision* of the seat to act, not a move of every player, so the
learner reads ``players`` to know whose observation and reward it is (the
reward of the acting seat's team is ``rewards[i, players[i] % teams]``
before the step: team of seat ``s`` is ``s % teams``); a move spelled with
several ids takes several steps of the same seat; rewards are by team.
``step`` returns a :class:`VectorStep` (observations, masks, players,
rewards, terminated, truncated) instead of ``(obs, rewards, terminated,
truncated, infos)``.

**Buffers.**  With ``copy=True`` (the default, as in Gymnasium) every array
returned is a new one.  With ``copy=False`` the arrays are read-only views of
the env's own buffers: no copy is made, and the next :meth:`~VectorEnv.step`
or :meth:`~VectorEnv.reset` overwrites them (copy what you keep).

A bad action id — out of 0-99 (:class:`~kanasta.NotationError`) or not legal
in its game (:class:`~kanasta.IllegalActionError`, rule E-1) — is refused
before any game moves: nothing changes.

:func:`rollouts` plays random legal moves (or GreedyBot's) from states to the end of their hand,
many at once on the same kind of thread pool, and returns the hands' score
differences.

>>> import numpy as np
>>> from kanasta.rl.vector import VectorEnv
>>> env = VectorEnv("classic", num_envs=4, num_threads=2)
>>> first = env.reset(seed=7)
>>> first.observations.shape, first.masks.shape, first.masks.dtype.name
((4, 1029), (4, 100), 'int8')
>>> step = env.step(env.random_actions())
>>> step.rewards.shape, bool(step.terminated.any())
((4, 2), False)
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, Final, Literal, NamedTuple, TypeVar

import numpy as np

from kanasta import _core
from kanasta._native import rules_text
from kanasta.cards import Card
from kanasta.errors import ConfigError, IllegalActionError, NotationError
from kanasta.rl.actions import NUM_ACTIONS
from kanasta.rules import Rules, preset
from kanasta.state import State

if TYPE_CHECKING:
    import numpy.typing as npt

__all__ = ["Rollouts", "VectorEnv", "VectorStep", "rollouts"]

SEED_LIMIT: Final = 2**64


class VectorStep(NamedTuple):
    """What :meth:`VectorEnv.reset` and :meth:`VectorEnv.step` return: one array per field, a row per game.

    >>> import kanasta
    >>> from kanasta.rl.vector import VectorEnv
    >>> out = VectorEnv("kanasta", num_envs=2).reset(seed=1)
    >>> out.players.tolist(), out.rewards.tolist()
    ([3, 1], [[0.0, 0.0], [0.0, 0.0]])
    >>> [kanasta.new_game(kanasta.Rules.kanasta(), seed=s).current_player for s in (1, 2)]
    [3, 1]
    """

    observations: npt.NDArray[np.float32]
    """``[num_envs, observation_size]``: the observation of the seat to act in each game."""
    masks: npt.NDArray[np.int8]
    """``[num_envs, 100]``: 1 for each legal id."""
    players: npt.NDArray[np.int64]
    """``[num_envs]``: the seat to act."""
    rewards: npt.NDArray[np.float64]
    """``[num_envs, teams]``: each team's reward for the step (zeros after a reset)."""
    terminated: npt.NDArray[np.bool_]
    """``[num_envs]``: the step ended the game (it was replaced by the next one)."""
    truncated: npt.NDArray[np.bool_]
    """``[num_envs]``: the step cut the game (it was replaced by the next one)."""


def _rules(rules: Rules | str) -> Rules:
    if isinstance(rules, Rules):
        return rules
    return preset(rules)


def _count(name: str, value: object, low: int = 1) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < low:
        raise ConfigError(name, f"must be an int of at least {low}, not {value!r}")
    return value


_Array = TypeVar("_Array", bound="np.ndarray[Any, Any]")


def _read_only(array: _Array) -> _Array:
    """A read-only view of ``array``."""
    view = array.view()
    view.flags.writeable = False
    return view


def _seed(seed: object) -> int:
    if seed is None:
        return secrets.randbits(64)
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < SEED_LIMIT:
        raise ConfigError("seed", f"must be an int from 0 to 2**64 - 1, not {seed!r}")
    return seed


class VectorEnv:
    """``num_envs`` games of ``rules`` (a :class:`~kanasta.Rules` or a preset's name) stepped together.

    ``num_threads``: the threads the core steps the batch on (the results do
    not depend on it); ``max_moves``: a game is cut (``truncated``) after that
    many moves (not ids), None for never; ``score_scale``: the divisor of the
    hand scores in the rewards; ``copy``: whether each step returns new arrays
    (True) or read-only views of the env's buffers (False).  See the module's
    documentation for the arrays, the rewards and the auto-reset.  ``memory``:
    the observations have the public-memory blocks
    (:func:`~kanasta.rl.observation.layout` with ``memory=True``), which the
    core follows move by move from each game's public moves.

    >>> from kanasta.rl.vector import VectorEnv
    >>> env = VectorEnv("classic-2", num_envs=3, copy=False)
    >>> env.num_envs, env.observation_size, env.teams
    (3, 1023, 2)
    >>> out = env.reset(seed=5)
    >>> out.observations.flags.writeable
    False
    >>> env.game_seeds()
    (5, 6, 7)
    >>> VectorEnv("classic-2", num_envs=1, memory=True).observation_size - 1023  # 1 known, 2 discards
    159
    """

    __slots__ = ("_core", "_ready", "_views", "copy", "rules")

    def __init__(
        self,
        rules: Rules | str,
        num_envs: int,
        *,
        num_threads: int = 1,
        max_moves: int | None = None,
        score_scale: float = 1000.0,
        copy: bool = True,
        memory: bool = False,
    ) -> None:
        self.rules: Rules = _rules(rules)
        _count("num_envs", num_envs)
        _count("num_threads", num_threads)
        if max_moves is not None:
            _count("max_moves", max_moves)
        if isinstance(score_scale, bool) or not isinstance(score_scale, (int, float)) \
                or not 0 < score_scale < float("inf"):
            raise ConfigError("score_scale", f"must be a finite number above 0, not {score_scale!r}")
        try:
            self._core = _core.VectorEnv(
                rules_text(self.rules), num_envs, num_threads=num_threads, max_moves=max_moves,
                score_scale=float(score_scale), memory=bool(memory),
            )
        except ValueError as err:
            raise ConfigError("rules", f"the native core cannot play these rules: {err}") from None
        self.copy: bool = copy
        """Whether :meth:`step` and :meth:`reset` return copies (True) or read-only views (False)."""
        core = self._core
        self._views = VectorStep(
            _read_only(core.observations), _read_only(core.masks), _read_only(core.players),
            _read_only(core.rewards), _read_only(core.terminated), _read_only(core.truncated),
        )
        self._ready = False

    @property
    def num_envs(self) -> int:
        """The number of games."""
        return self._core.num_envs

    @property
    def num_threads(self) -> int:
        """The number of threads the core steps the games on."""
        return self._core.num_threads

    @property
    def observation_size(self) -> int:
        """The length of one observation (:func:`~kanasta.rl.observation.observation_size` of the rules)."""
        return self._core.observation_size

    @property
    def teams(self) -> int:
        """The number of teams (the width of ``rewards``)."""
        return self.rules.teams

    def _out(self) -> VectorStep:
        v = self._views
        if not self.copy:
            return v
        return VectorStep(
            v.observations.copy(), v.masks.copy(), v.players.copy(), v.rewards.copy(), v.terminated.copy(),
            v.truncated.copy(),
        )

    def reset(self, seed: int | None = None) -> VectorStep:
        """Deal every slot's first game: game ``i`` is ``kanasta.new_game(rules, seed + i)``.

        Without a seed, a secret one is drawn (``secrets.randbits(64)``).

        >>> from kanasta.rl.vector import VectorEnv
        >>> a, b = VectorEnv("classic", 2), VectorEnv("classic", 2)
        >>> bool((a.reset(seed=3).observations == b.reset(seed=3).observations).all())
        True
        """
        self._core.reset(_seed(seed))
        self._ready = True
        return self._out()

    def step(self, actions: npt.ArrayLike) -> VectorStep:
        """Take ``actions[i]`` in game ``i`` for every game; replace the games that end.

        Every id is checked before any game moves: an id out of 0-99 raises
        :class:`~kanasta.NotationError`, one not legal in its game
        :class:`~kanasta.IllegalActionError` (E-1), and nothing changes.

        >>> import kanasta
        >>> from kanasta.rl.vector import VectorEnv
        >>> env = VectorEnv("classic", 2)
        >>> _ = env.reset(seed=1)
        >>> env.step([0, 5])
        Traceback (most recent call last):
        ...
        kanasta.errors.IllegalActionError: game 1: id 5 (discard) continues no legal move after [] [E-1]
        """
        if not self._ready:
            raise ConfigError("reset", "call reset() before the first step()")
        ids = np.asarray(actions)
        n = self.num_envs
        if ids.shape != (n,) or ids.dtype.kind not in "iu":
            raise ConfigError("actions", f"need {n} integer action ids, got an array of shape {ids.shape} "
                              f"and dtype {ids.dtype}")
        if ids.dtype.kind == "u" and n and int(ids.max()) >= NUM_ACTIONS:
            ids = np.minimum(ids, NUM_ACTIONS).astype(np.int64)  # refused below, as ids out of the space
        try:
            self._core.step(np.ascontiguousarray(ids, dtype=np.int64))
        except _core.IllegalMove as err:
            raise IllegalActionError(*err.args) from None
        except ValueError as err:
            raise NotationError(str(err)) from None
        return self._out()

    def random_actions(self) -> npt.NDArray[np.int64]:
        """A uniformly random legal id for every game (a new array), from the env's own generator.

        The generator of slot ``i`` is seeded by :meth:`reset`'s seed and ``i``,
        so a seeded env plays the same random games every time.

        >>> from kanasta.rl.vector import VectorEnv
        >>> env = VectorEnv("classic", 3)
        >>> out = env.reset(seed=2)
        >>> ids = env.random_actions()
        >>> bool(out.masks[range(3), ids].all())
        True
        """
        if not self._ready:
            raise ConfigError("reset", "call reset() before random_actions()")
        return np.array(self._core.random_actions())

    def game_seeds(self) -> tuple[int, ...]:
        """The seed of each slot's game now: ``kanasta.new_game(rules, seed)`` deals that game."""
        return tuple(self._core.game_seeds())

    def pending(self, index: int) -> tuple[int, ...]:
        """The ids chosen so far in the current move of game ``index``.

        >>> from kanasta.rl.vector import VectorEnv
        >>> env = VectorEnv("kanasta", 1)
        >>> _ = env.reset(seed=4)
        >>> env.pending(0)
        ()
        """
        if not isinstance(index, int) or not 0 <= index < self.num_envs:
            raise ConfigError("index", f"must be a game from 0 to {self.num_envs - 1}, not {index!r}")
        return tuple(self._core.pending(index))

    def __repr__(self) -> str:
        return f"VectorEnv({self.rules.name!r}, num_envs={self.num_envs}, num_threads={self.num_threads})"


class Rollouts(NamedTuple):
    """What :func:`rollouts` returns: the score differences and the moves played in all."""

    values: npt.NDArray[np.float64]
    """The score difference of each rollout: by state, then rollout (NaN for a rollout that could not finish)."""
    moves: int
    """The moves the rollouts made, all together."""


def rollouts(
    states: State | Sequence[State],
    count: int,
    *,
    seed: int,
    num_threads: int = 1,
    teams: int | Sequence[int] | None = None,
    max_moves: int = 100_000,
    policy: Literal["random", "greedy"] = "random",
    known: Sequence[Sequence[Iterable[Card]]] | None = None,
    horizon: int | None = None,
    progress: float = 0.0,
) -> Rollouts:
    """Play ``count`` rollouts from each state to the end of its hand, on ``num_threads`` threads.

    A rollout plays uniformly random legal moves (each move of
    ``legal_actions()`` equally likely) until the hand in progress ends, and
    is worth that hand's score for a team less the best other team's hand
    score.  ``teams`` gives the team of each state (an int for all; by
    default the team of the state's seat to act).  ``values`` has the shape
    ``[len(states), count]`` (``[count]`` for one state given alone).
    Rollout ``j`` of state ``s`` draws from ``seed``, ``s`` and ``j`` only: the
    values do not depend on ``num_threads``.  A rollout that meets a position
    past the engine's work budget, or makes ``max_moves`` moves, is NaN.

    A rollout plays every card of the state it is given, the stock's order
    too.  **A search for one seat must not roll out the true state**: give it
    states whose hidden cards were sampled from the seat's view
    (:func:`kanasta.sample_state`).

    ``policy="greedy"`` plays :class:`~kanasta.bots.GreedyBot`'s move for
    every seat instead, chosen by the core: the very move GreedyBot makes
    on that seat's view, given ``known`` (for each state, by seat, the cards
    the seat is known to hold, as :meth:`PlayerView.known_cards
    <kanasta.PlayerView.known_cards>` gives them; None: nothing known), which
    the core follows move by move.  GreedyBot uses no randomness, so a
    state's ``count`` greedy rollouts are one game: the core plays it once,
    every column of its row holds its value and ``moves`` counts it once;
    ``seed`` is not used.  A greedy rollout may stop after ``horizon``
    moves: the hand is then valued as it stands, as
    :class:`~kanasta.bots.montecarlo.SearchBot` values it (cards in hand at half
    their penalty, an unfinished meld of 4 to 6 cards credited with
    ``progress`` times (cards - 3) / 4 of its canasta's bonus).

    >>> import kanasta
    >>> from kanasta.rl.vector import rollouts
    >>> view = kanasta.new_game(kanasta.Rules.classic(), seed=3).view(1)
    >>> deals = [kanasta.sample_state(view, seed=s) for s in range(4)]
    >>> out = rollouts(deals, 8, seed=1, num_threads=2)
    >>> out.values.shape, out.moves > 0
    ((4, 8), True)
    >>> bool((out.values == rollouts(deals, 8, seed=1).values).all())
    True
    >>> greedy = rollouts(deals, 1, seed=0, policy="greedy", known=[view.known_cards()] * 4, horizon=40)
    >>> greedy.values.shape, greedy.moves <= 4 * 40
    ((4, 1), True)
    """
    single = isinstance(states, State)
    listed: list[State] = [states] if isinstance(states, State) else list(states)
    _count("count", count, 0)
    _count("num_threads", num_threads)
    _count("max_moves", max_moves)
    natives = []
    for i, state in enumerate(listed):
        if not isinstance(state, State):
            raise ConfigError("states", f"state {i} is not a kanasta.State: {state!r}")
        if state.is_game_over:
            raise ConfigError("states", f"state {i}: the game is over, there is no hand to play out")
        native = state._native
        if native is None:  # a state of the Python engine: the core plays the same position
            native = State.from_dict(state.to_dict(), engine="native")._native
            if native is None:
                raise ConfigError("states", f"state {i}: the native core cannot play these rules")
        natives.append(native)
    if teams is None:
        chosen = [s.rules.team_of(s.player) for s in listed]
    elif isinstance(teams, int):
        chosen = [teams] * len(listed)
    else:
        chosen = list(teams)
    if len(chosen) != len(listed) or any(
        not isinstance(t, int) or isinstance(t, bool) or not 0 <= t < s.rules.teams for t, s in zip(chosen, listed)
    ):
        raise ConfigError("teams", f"need a team of each state's rules for each of the {len(listed)} states")
    if policy == "random":
        if known is not None or horizon is not None or progress:
            raise ConfigError("policy", "known, horizon and progress are for greedy rollouts (policy='greedy')")
        values, moves = _core.rollouts(natives, chosen, count, seed=_seed(seed), num_threads=num_threads,
                                       max_moves=max_moves)
        return Rollouts(values[0] if single else values, moves)
    if policy != "greedy":
        raise ConfigError("policy", f"must be 'random' or 'greedy', not {policy!r}")
    _seed(seed)
    if horizon is not None:
        _count("horizon", horizon, 0)
    if not isinstance(progress, (int, float)) or isinstance(progress, bool) or not progress >= 0:
        raise ConfigError("progress", f"must be a number at least 0, not {progress!r}")
    if known is None:
        held: list[list[list[int]]] = [[] for _ in listed]
    else:
        if single:
            known = [known]  # type: ignore[list-item]
        if len(known) != len(listed):
            raise ConfigError("known", f"need the known cards of each of the {len(listed)} states")
        held = []
        for i, (seats, state) in enumerate(zip(known, listed)):
            if len(seats) > state.rules.players:
                raise ConfigError("known", f"state {i}: {len(seats)} seats for a game of {state.rules.players}")
            try:
                held.append([[card.index for card in cards] for cards in seats])
            except AttributeError:
                raise ConfigError("known", f"state {i}: the known cards must be kanasta.Card objects") from None
    line, moves = _core.greedy_rollouts(natives, chosen, held, num_threads=num_threads, max_moves=max_moves,
                                        horizon=horizon, progress=float(progress))
    values = np.repeat(line[:, None], count, axis=1)
    return Rollouts(values[0] if single else values, moves)
