"""The games ``python_kanasta`` and ``python_classic_canasta`` for OpenSpiel (extra ``kanasta[openspiel]``).

Importing this module registers both games with :mod:`pyspiel`; then
``pyspiel.load_game("python_kanasta")`` (or ``"python_classic_canasta"``,
parameter ``players`` 2, 3 or 4) gives a game that OpenSpiel's algorithms
(MCTS, ISMCTS, CFR, RL agents...) can play:

* **players and actions**: one player per seat; the actions are the 100 ids of
  :mod:`kanasta.rl.actions`, so one kanasta move is several OpenSpiel actions
  of the same player (``meld``, ``7H``, ``7S``, ``JK``, ``done``); the legal
  actions are the exact masks of :class:`~kanasta.rl.actions.Decisions`.
* **chance**: the engine deals every hand from one 64-bit seed (G-RNG-1), so the
  game's only chance event is that seed.  It is chosen by
  :data:`SEED_BYTES` = 8 explicit chance nodes at the start, each picking one
  byte uniformly (256 outcomes of probability 1/256): the distribution is
  exactly the engine's (every seed equally likely), ``chance_outcomes()``
  stays small, and the chance mode is ``EXPLICIT_STOCHASTIC``, which every
  OpenSpiel algorithm handles.  No player observes the seed; each seat learns
  the deals only through its view.  Algorithms that sample hidden
  information (ISMCTS) call :meth:`KanastaState.resample_from_infostate`,
  which deals the unseen cards anew with :func:`kanasta.sample_state`.
* **imperfect information**: the information-state string of a seat is its
  view now (:func:`~kanasta.rl.observation.observation_string`) and every
  move with the events as that seat saw them (perfect recall); the observation
  string is the view now.  Both tensors are
  :func:`~kanasta.rl.observation.encode_view` of the seat's view (the current
  view, not a perfect-recall encoding), with the pieces of
  :func:`~kanasta.rl.observation.layout` as the observer's named pieces.  The
  parameter ``memory`` (false by default) adds the public-memory blocks to
  both tensors (``layout(rules, memory=True)``: the cards each other seat is
  known to hold, each seat's discards this hand, from what the seat saw).  The
  sub-decisions chosen so far in a move are seen by the player making it only.
* **returns**: at the end of the game the winning team's seats get 1, the
  others ``-1 / (teams - 1)`` (zero-sum).  The parameter ``max_moves`` (0: no
  limit) ends the game after that many moves (not actions), scored the same
  way, the winner being the team with the most points counting its cumulative
  score and the value of its melds on the table (a tie gives 0 to everyone):
  a bounded game for tests and short searches.

>>> import pyspiel
>>> import kanasta.rl.openspiel
>>> game = pyspiel.load_game("python_classic_canasta", {"players": 3, "max_moves": 20})
>>> game.num_players(), game.num_distinct_actions(), game.max_chance_outcomes()
(3, 100, 256)
>>> state = game.new_initial_state()
>>> for byte in range(8):
...     state.apply_action(byte)
>>> state.is_chance_node(), [state.action_to_string(a) for a in state.legal_actions()]
(False, ['draw'])
>>> memory = pyspiel.load_game("python_kanasta", {"memory": True})
>>> memory.observation_tensor_size() - pyspiel.load_game("python_kanasta").observation_tensor_size()
371
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, TypeAlias

import attrs
import numpy as np
import numpy.typing as npt
import pyspiel

from kanasta import _core
from kanasta.actions import Action
from kanasta.bots.sampling import sample_state
from kanasta.position import GAME_OVER
from kanasta.rl.actions import NUM_ACTIONS, Decisions, _NativeDecisions, id_name
from kanasta.rl.observation import layout, observation_size, observation_string, observe, step_line
from kanasta.rules import Rules
from kanasta.state import State, new_game
from kanasta.view.seen import SeenStep, hide

__all__ = [
    "GAMES",
    "SEED_BYTES",
    "ClassicCanastaSpielGame",
    "KanastaGame",
    "KanastaObserver",
    "KanastaSpielGame",
    "KanastaState",
    "register",
]

SEED_BYTES: Final = 8
"""How many chance nodes choose the 64-bit seed (one byte each)."""

_CHANCE: Final = int(pyspiel.PlayerId.CHANCE)
_TERMINAL: Final = int(pyspiel.PlayerId.TERMINAL)
_UNBOUNDED_LENGTH: Final = 1_000_000
_LONGEST_SPELLING: Final = 17  # extend, meld, 13 cards, done; anything else is shorter


def _classic(params: dict[str, Any]) -> Rules:
    return Rules.classic(players=int(params.get("players", 4)))


def _kanasta(params: dict[str, Any]) -> Rules:
    return Rules.kanasta()


GAMES: Final[dict[str, tuple[str, Callable[[dict[str, Any]], Rules], dict[str, int | bool]]]] = {
    "python_kanasta": ("Python Kanasta (kanasta library)", _kanasta, {"max_moves": 0, "memory": False}),
    "python_classic_canasta": (
        "Python Classic Canasta (kanasta library)", _classic, {"players": 4, "max_moves": 0, "memory": False},
    ),
}
"""The games this module registers: short name -> (long name, rules from parameters, default parameters)."""


_Log: TypeAlias = "tuple[_Log | None, int, Any, Any]"
"""What each seat saw of the moves so far, written when it is read (a linked list, newest first).

Each node is ``(previous, kind, a, b)``: kind :data:`_DEAL` (``b``: the game's first
state; its start events are the deal), :data:`_MOVE` (``a``: the seat that moved, the
move or its number in the listing of the state it was played in, and that state;
``b``: the state it made; its events are the move's), or
:data:`_AS` (``a``: for each seat, whose record it reads for the nodes before:
see :meth:`KanastaState.resample_from_infostate`).  Index ``players`` of a seat
is the public record (what a seat that holds no cards would see).
"""
_DEAL: Final = 0
_MOVE: Final = 1
_AS: Final = 2


class _Position:
    """What a :class:`KanastaState` knows but the ids chosen in the current move, never changed once
    made: shared, never copied, by ``clone()``.

    A plain class with slots (one is made per move: an attrs class's frozen ``__init__`` costs a
    call per field).  The ids chosen so far are the state's own slot, so an id that only
    continues a move makes no new position.
    """

    __slots__ = ("game", "log", "moves", "player", "seed_bytes", "tree")

    def __init__(
        self,
        seed_bytes: tuple[int, ...] = (),
        game: State | None = None,
        tree: Decisions | None = None,
        moves: int = 0,
        log: _Log | None = None,
        player: int = _CHANCE,
    ) -> None:
        self.seed_bytes = seed_bytes
        self.game = game
        self.tree = tree
        self.moves = moves
        self.log = log
        # the player to act (CHANCE, TERMINAL or a seat), asked several times per action by OpenSpiel
        self.player = player

    def __deepcopy__(self, memo: dict[int, Any]) -> _Position:
        return self

    def __copy__(self) -> _Position:
        return self


@attrs.frozen(slots=True)
class _Fixed:
    """What a game fixes for all its states: shared, never copied, by ``clone()`` (which deep-copies the rest)."""

    rules: Rules
    max_moves: int
    memory: bool

    def __deepcopy__(self, memo: dict[int, Any]) -> _Fixed:
        return self

    def __copy__(self) -> _Fixed:
        return self


def _lines(node: _Log | None, seat: int) -> list[str]:
    """The lines of what ``seat`` saw, oldest first: the deal, then one :func:`step_line` per move."""
    out: list[str] = []
    while node is not None:
        node, kind, a, b = node
        if kind == _MOVE:
            mover, action, before = a
            if type(action) is int:
                action = before.legal_actions()[action]
            out.append(step_line(SeenStep(mover, action, tuple(hide(e, seat) for e in b.events))))
        elif kind == _DEAL:
            out.append("deal | " + "; ".join(repr(hide(e, seat)) for e in b.start_events))
        else:
            seat = a[seat]
    out.reverse()
    return out


def _game_type(short_name: str) -> pyspiel.GameType:
    long_name, _, defaults = GAMES[short_name]
    players = (2, 4) if "players" in defaults else (4, 4)
    return pyspiel.GameType(
        short_name=short_name,
        long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players[1],
        min_num_players=players[0],
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=dict(defaults),
    )


class KanastaGame(pyspiel.Game):  # type: ignore[misc]
    """A kanasta game for OpenSpiel; made by ``pyspiel.load_game`` (see the module's documentation).

    >>> import pyspiel
    >>> import kanasta.rl.openspiel
    >>> pyspiel.load_game("python_kanasta").rules.name
    'kanasta'
    """

    def __init__(self, params: dict[str, Any] | None = None, *, short_name: str = "python_kanasta") -> None:
        _, make_rules, defaults = GAMES[short_name]
        merged = {**defaults, **(params or {})}
        self.rules: Rules = make_rules(merged)
        self.max_moves: int = int(merged["max_moves"])
        self.memory: bool = bool(merged["memory"])
        teams = self.rules.teams
        length = self.max_moves * _LONGEST_SPELLING if self.max_moves else _UNBOUNDED_LENGTH
        info = pyspiel.GameInfo(
            num_distinct_actions=NUM_ACTIONS,
            max_chance_outcomes=256,
            num_players=self.rules.players,
            min_utility=-1.0 if teams == 2 else -1.0 / (teams - 1),
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=length,
        )
        super().__init__(_game_type(short_name), info, params or {})

    def new_initial_state(self) -> KanastaState:
        """The start of a game: the chance nodes that choose the seed."""
        return KanastaState(self)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: dict[str, Any] | None = None
    ) -> KanastaObserver:
        """An observer: information state (perfect recall) or observation, by ``iig_obs_type``."""
        perfect_recall = bool(iig_obs_type.perfect_recall) if iig_obs_type is not None else False
        return KanastaObserver(self.rules, perfect_recall, params, memory=self.memory)


class KanastaState(pyspiel.State):  # type: ignore[misc]
    """A position of :class:`KanastaGame`: the chance nodes, then the game, one id at a time.

    :attr:`game` is the :class:`kanasta.State` (None during the chance nodes)
    and :attr:`pending` the ids chosen so far in the current move.

    >>> import pyspiel
    >>> import kanasta.rl.openspiel
    >>> state = pyspiel.load_game("python_kanasta").new_initial_state()
    >>> state.is_chance_node(), len(state.chance_outcomes()), state.game is None
    (True, 256, True)
    """

    # three slots, no instance dict: OpenSpiel's C++ side asks for them often (each id: its
    # current_player and _apply_action overrides), and a slot is read faster than a dict entry
    __slots__ = ("_fixed", "_pending", "_pos")

    def __init__(self, game: KanastaGame) -> None:
        super().__init__(game)
        self._fixed = _Fixed(game.rules, game.max_moves, game.memory)
        self._pos = _Position()
        self._pending: tuple[int, ...] = ()

    # ----------------------------------------------------------------- access
    @property  # (in place of the instance dict the slots leave out)
    def __dict__(self) -> dict[str, Any]:
        """The Python-side fields, as OpenSpiel's C++ side reads an instance dict: what ``clone()`` copies
        (the fields are never changed, so shared) and what a pickle or ``serialize_state`` keeps."""
        return {"_fixed": self._fixed, "_pos": self._pos, "_pending": self._pending}

    @__dict__.setter
    def __dict__(self, fields: dict[str, Any]) -> None:
        for name in ("_fixed", "_pos", "_pending"):  # (what a pickle's fields give back; nothing else)
            setattr(self, name, fields[name])

    @property
    def game(self) -> State | None:
        """The kanasta state (None until the seed is chosen)."""
        return self._pos.game

    @property
    def pending(self) -> tuple[int, ...]:
        """The ids chosen so far in the current move."""
        return self._pending

    # -------------------------------------------------------------- the API
    def current_player(self) -> int:
        """The seat to act, ``CHANCE`` while the seed is chosen, ``TERMINAL`` at the end."""
        return self._pos.player

    def _player_of(self, game: State, moves: int) -> int:
        seat = game.current_player
        if seat is None or (self._fixed.max_moves > 0 and moves >= self._fixed.max_moves):
            return _TERMINAL
        return seat

    def is_chance_node(self) -> bool:
        """True while the seed is chosen (the first :data:`SEED_BYTES` actions)."""
        return self._pos.player == _CHANCE

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal action ids of ``player`` (the player to act if None): the seed bytes at a chance node.

        The same list OpenSpiel's own method gives, answered here without a
        round trip through OpenSpiel's C++ state.

        >>> import pyspiel
        >>> import kanasta.rl.openspiel
        >>> state = pyspiel.load_game("python_kanasta").new_initial_state()
        >>> len(state.legal_actions())
        256
        >>> for byte in range(8):
        ...     state.apply_action(byte)
        >>> [state.action_to_string(a) for a in state.legal_actions()]
        ['draw', 'take']
        """
        pos = self._pos
        tree = pos.tree
        if tree is not None and pos.player >= 0 and (player is None or player == pos.player):
            if type(tree) is _NativeDecisions:  # the core's ids at once (a new list: the prefix is the tree's)
                return tree._tree.legal_ids(self._pending)
            return tree._legal_list(self._pending)  # the seat to act: its ids at once
        if player is None:
            player = pos.player
        # as OpenSpiel's own method answers: the chance outcomes to anyone at a chance node,
        # nothing at the end, an error for a pseudo-player otherwise
        if pos.player == _CHANCE:
            return list(range(256))
        if pos.player == _TERMINAL:
            return []
        if player < 0:
            raise pyspiel.SpielError(f"Called LegalActions for pseudo-player {player}")
        return self._legal_actions(player)

    def _legal_actions(self, player: int) -> list[int]:
        pos = self._pos
        tree = pos.tree
        if tree is None or player != pos.player:
            return []
        return tree._legal_list(self._pending)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The 256 values of the next seed byte, each with probability 1/256."""
        return [(b, 1.0 / 256) for b in range(256)]

    def _apply_action(self, action: int) -> None:
        pos = self._pos
        if pos.game is None:
            seed_bytes = (*pos.seed_bytes, int(action))
            if len(seed_bytes) < SEED_BYTES:
                self._pos = _Position(seed_bytes)
                return
            game = new_game(self._fixed.rules, int.from_bytes(bytes(seed_bytes), "big"))
            log: _Log = (None, _DEAL, None, game)
            self._pos = _Position(seed_bytes, game, Decisions.of_state(game), 0, log, self._player_of(game, 0))
            return
        tree = pos.tree
        assert tree is not None
        pending = self._pending
        out: tuple[int, ...] | Action | int
        if type(tree) is _NativeDecisions and 0 <= action < NUM_ACTIONS:
            # the core's tree at once: the move's number in the listing, -1 for a longer prefix
            found = tree._tree.step(pending, action)
            if found >= 0:
                out = found
            elif found == -1:  # a longer prefix
                out = (*pending, action)
            else:  # an id that continues no move: its error
                out = tree._step_listed(pending, action)
        else:
            out = tree._step_listed(pending, int(action))  # (an id that continues no move: its error)
        if type(out) is tuple:  # the move goes on: the same position, one more id chosen
            self._pending = out
            return
        before = pos.game
        # the seat to act, kept with the position (a native state reads its player from the core)
        mover = pos.player if pos.player >= 0 else before.player
        # a native tree gives the move's number in the listing: played without making the listing's objects
        after = before._apply_listed(out) if type(out) is int else before.apply(out)  # type: ignore[arg-type]
        # what each seat saw of the move is written only when an information state asks for it
        log = (pos.log, _MOVE, (mover, out, before), after)
        moves = pos.moves + 1
        self._pending = ()
        if after.phase is GAME_OVER:  # (its is_game_over, without a property's call)
            self._pos = _Position(pos.seed_bytes, after, None, moves, log, _TERMINAL)
            return
        native = after._native
        if native is None:
            self._pos = _Position(
                pos.seed_bytes, after, Decisions.of_state(after), moves, log, self._player_of(after, moves)
            )
            return
        # (as _player_of: the game goes on, so its player is the seat to act)
        player = _TERMINAL if 0 < self._fixed.max_moves <= moves else native.player
        self._pos = _Position(pos.seed_bytes, after, _NativeDecisions(after, native), moves, log, player)

    def observation_tensor(self, player: int | None = None) -> npt.NDArray[np.float32]:
        """``player``'s observation tensor (the current player's if None) as a NumPy ``float32`` array.

        The values are those OpenSpiel's own method gives through the observer
        (:class:`KanastaObserver`), which returns a list of floats; this one
        writes the array with the native core (:func:`~kanasta.rl.observation.observe`)
        and makes no Python float per element.  Zeros while the seed is chosen;
        ``player`` must be a seat (``pyspiel.SpielError`` otherwise, as
        OpenSpiel's own method raises).

        >>> import pyspiel
        >>> import kanasta.rl.openspiel
        >>> state = pyspiel.load_game("python_classic_canasta").new_initial_state()
        >>> for byte in range(8):
        ...     state.apply_action(byte)
        >>> x = state.observation_tensor()
        >>> x.dtype.name, x.shape, list(x) == list(pyspiel.State.observation_tensor(state))
        ('float32', (1029,), True)
        """
        pos = self._pos
        if player is None:
            player = pos.player
        game = pos.game
        if game is not None and type(player) is int:
            native = game._native
            if native is not None:  # the core's tensor at once (what observe() asks it first)
                pending = self._pending if pos.player == player else ()
                try:
                    if self._fixed.memory:
                        return _core.observation(native, player, pending, memory=True)
                    return _core.observation(native, player, pending)  # (no keyword to read: the default)
                except (ValueError, OverflowError):  # not a seat, or a history the core did not make: as below
                    pass
        return self._tensor(player)

    def information_state_tensor(self, player: int | None = None) -> npt.NDArray[np.float32]:
        """``player``'s information-state tensor: the same encoding as :meth:`observation_tensor` (the view now).

        >>> import pyspiel
        >>> import kanasta.rl.openspiel
        >>> state = pyspiel.load_game("python_kanasta").new_initial_state()
        >>> for byte in range(8):
        ...     state.apply_action(byte)
        >>> bool((state.information_state_tensor(1) == state.observation_tensor(1)).all())
        True
        """
        return self.observation_tensor(player)

    def _tensor(self, player: int) -> npt.NDArray[np.float32]:
        """The tensor when the core did not write it: a Python engine's state, the seed not chosen yet, or
        ``player`` no seat (an error)."""
        players = self._fixed.rules.players
        if not isinstance(player, int) or isinstance(player, bool) or not 0 <= player < players:
            raise pyspiel.SpielError(f"player must be a seat from 0 to {players - 1}, not {player!r}")
        pos, fixed = self._pos, self._fixed
        game = pos.game
        if game is None:
            return np.zeros(observation_size(fixed.rules, memory=fixed.memory), np.float32)
        return observe(game, player, self._pending if game.current_player == player else (), memory=fixed.memory)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == _CHANCE:
            return f"seed byte {action}"
        return id_name(int(action))

    def is_terminal(self) -> bool:
        """True once the game is over (or ``max_moves`` moves were played)."""
        return self._pos.player == _TERMINAL

    def returns(self) -> list[float]:
        """1 for the winning team's seats, ``-1 / (teams - 1)`` for the others, at the end; else zeros."""
        rules = self._fixed.rules
        game = self._pos.game
        if game is None or not self.is_terminal():
            return [0.0] * rules.players
        winner = game.winner
        if winner is None:  # truncated: the leader by score and the value melded this hand, if there is one
            standing = [
                game.scores[t] + sum(m.value(rules) for m in game.melds[t]) for t in range(rules.teams)
            ]
            best = max(standing)
            leaders = [t for t, s in enumerate(standing) if s == best]
            if len(leaders) > 1:
                return [0.0] * rules.players
            winner = leaders[0]
        lose = -1.0 / (rules.teams - 1)
        return [1.0 if rules.team_of(s) == winner else lose for s in range(rules.players)]

    def __str__(self) -> str:
        game = self._pos.game
        if game is None:
            return f"choosing the seed: {len(self._pos.seed_bytes)} of {SEED_BYTES} bytes"
        pending = " ".join(id_name(i) for i in self._pending)
        return game.describe() + (f"\npending: {pending}" if pending else "")

    def resample_from_infostate(self, player_id: int, probability_sampler: Callable[[], float]) -> KanastaState:
        """A state with the same information state for ``player_id``, the cards it cannot see dealt anew.

        The other seats' records of what they saw become the public record
        (what they saw privately in the real game is not carried over).
        """
        clone: KanastaState = self.clone()
        pos = self._pos
        if pos.game is None:
            return clone
        seed = min(int(probability_sampler() * 2.0**64), 2**64 - 1)
        sampled = sample_state(pos.game.view(player_id), seed)
        players = self._fixed.rules.players
        seen_as = tuple(s if s in (player_id, players) else players for s in range(players + 1))
        log = (pos.log, _AS, seen_as, None)
        tree = Decisions.of_state(sampled) if not sampled.is_game_over else None
        clone._pos = _Position(pos.seed_bytes, sampled, tree, pos.moves, log, self._player_of(sampled, pos.moves))
        return clone


class KanastaObserver:
    """OpenSpiel's observer for kanasta: the tensor of :func:`~kanasta.rl.observation.encode_view` and the strings.

    :attr:`dict` holds the named pieces of :func:`~kanasta.rl.observation.layout`
    (with the memory blocks when ``memory``: the game's parameter ``memory``).

    >>> import kanasta
    >>> from kanasta.rl.openspiel import KanastaObserver
    >>> obs = KanastaObserver(kanasta.Rules.classic(), perfect_recall=False)
    >>> obs.tensor.shape, obs.dict["hand"].shape
    ((1029,), (53,))
    >>> KanastaObserver(kanasta.Rules.classic(), perfect_recall=False, memory=True).tensor.shape  # 7 blocks of 53
    (1400,)
    """

    def __init__(
        self, rules: Rules, perfect_recall: bool, params: dict[str, Any] | None = None, *, memory: bool = False
    ) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        self.perfect_recall = perfect_recall
        self.memory = memory
        self.tensor: npt.NDArray[np.float32] = np.zeros(observation_size(rules, memory=memory), np.float32)
        self.dict: dict[str, npt.NDArray[np.float32]] = {
            name: self.tensor[offset:offset + size] for name, offset, size in layout(rules, memory=memory)
        }

    def set_from(self, state: KanastaState, player: int) -> None:
        """Fill :attr:`tensor` with ``player``'s view of ``state`` (zeros during the chance nodes)."""
        game = state.game
        if game is None:
            self.tensor.fill(0.0)
            return
        pending = state.pending if game.current_player == player else ()
        observe(game, player, pending, out=self.tensor, memory=self.memory)

    def string_from(self, state: KanastaState, player: int) -> str:
        """``player``'s information state (perfect recall) or observation, as text."""
        game = state.game
        if game is None:
            return f"seat {player}: the seed is being chosen"
        pending = state.pending if game.current_player == player else ()
        text = observation_string(game.view(player), pending)
        if self.perfect_recall:
            text += "\nhistory:\n" + "\n".join(_lines(state._pos.log, player))
        return text


class KanastaSpielGame(KanastaGame):
    """``python_kanasta``: Kanasta (four players in partnerships).

    >>> import pyspiel
    >>> import kanasta.rl.openspiel
    >>> pyspiel.load_game("python_kanasta").num_players()
    4
    """

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__(params, short_name="python_kanasta")


class ClassicCanastaSpielGame(KanastaGame):
    """``python_classic_canasta``: Classic Canasta; parameter ``players`` (2, 3 or 4; 4 by default).

    >>> import pyspiel
    >>> import kanasta.rl.openspiel
    >>> pyspiel.load_game("python_classic_canasta", {"players": 2}).num_players()
    2
    """

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__(params, short_name="python_classic_canasta")


_CLASSES: Final[dict[str, type[KanastaGame]]] = {
    "python_kanasta": KanastaSpielGame,
    "python_classic_canasta": ClassicCanastaSpielGame,
}


def register() -> None:
    """Register the games with :mod:`pyspiel` (done on import; registering again does nothing).

    >>> import pyspiel
    >>> from kanasta.rl.openspiel import register
    >>> register()
    >>> "python_kanasta" in [g.short_name for g in pyspiel.registered_games()]
    True
    """
    known = {g.short_name for g in pyspiel.registered_games()}
    for short_name, cls in _CLASSES.items():
        if short_name not in known:
            pyspiel.register_game(_game_type(short_name), cls)


register()
