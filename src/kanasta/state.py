"""The game state: the public facade on top of the data and the rules.

:class:`State` is a :class:`~kanasta.position.Position` (the frozen data of a
game in progress) whose methods are doors into the rules:
:meth:`~State.legal_actions`, :meth:`~State.explain`, :meth:`~State.apply`
(:mod:`kanasta.engine`), :meth:`~State.view` (:mod:`kanasta.view`) and
:meth:`~State.to_dict` / :meth:`~State.from_dict` (:mod:`kanasta.documents.position`).
Those modules work on positions and never import this one, so the layers
form no import cycle.  :func:`new_game` starts a game.  The parts of a state
(events, results, the turn) are defined in :mod:`kanasta.position` and
re-exported here.

>>> import kanasta
>>> s = kanasta.new_game(kanasta.Rules.classic(), seed=7)
>>> s.phase, s.hand_number, len(s.hands[s.current_player])
(<Phase.DRAW: 'draw'>, 1, 11)
"""

from __future__ import annotations

import json
import secrets
from operator import attrgetter
from typing import Any, cast

import attrs

from kanasta import _core
from kanasta import engine as python_engine
from kanasta._native import (
    CONVERT,
    FILLED,
    Engine,
    Made,
    base_class,
    choose_engine,
    lazy_class,
    rules_text,
    slot_setter,
)
from kanasta.actions import Action, own_move
from kanasta.documents.position import state_from_dict, state_to_dict
from kanasta.errors import ActionError, ConfigError, EngineLimitError, IllegalActionError, SerializationError
from kanasta.legality import budget
from kanasta.position import (
    INIT,
    PHASE_OF,
    CanastaScore,
    CardsDrawn,
    Event,
    GameEnded,
    HandEnd,
    HandEnded,
    HandResult,
    HandStarted,
    LogNode,
    PacketTaken,
    Phase,
    PileJoined,
    PileTaken,
    Position,
    RedThreeLaid,
    Step,
    StockExhausted,
    TeamOpened,
    TeamScore,
    Turn,
    UpcardTurned,
    WentOut,
)
from kanasta.reachable import CANNOT_SEARCH
from kanasta.rulebook import Problem
from kanasta.rules import Rules
from kanasta.view.player import PlayerView, make_view, native_view

__all__ = [
    "CanastaScore",
    "CardsDrawn",
    "Engine",
    "Event",
    "GameEnded",
    "HandEnd",
    "HandEnded",
    "HandResult",
    "HandStarted",
    "PacketTaken",
    "Phase",
    "PileJoined",
    "PileTaken",
    "RedThreeLaid",
    "State",
    "Step",
    "StockExhausted",
    "TeamOpened",
    "TeamScore",
    "Turn",
    "UpcardTurned",
    "WentOut",
    "new_game",
]


class _Memo:
    """A state's legal moves, listed on first use: not part of equality, never pickled or copied."""

    __slots__ = ("actions", "lookup")

    def __init__(self) -> None:
        self.actions: tuple[Action, ...] | None = None
        self.lookup: frozenset[Action] | None = None  # the listed moves as a set, made when first needed

    def __reduce__(self) -> tuple[type[_Memo], tuple[()]]:
        return (_Memo, ())


def _hidden(**kwargs: Any) -> Any:
    """A field that is no part of the position: not an ``__init__`` argument, equality, repr."""
    return attrs.field(init=False, eq=False, repr=False, **kwargs)


@attrs.frozen(slots=True, repr=False)
class State(Position):
    """An immutable game position with its moves.  Make one with :func:`new_game`.

    The data (hands, melds, pile, turn, ...) are the fields of
    :class:`~kanasta.position.Position`; the methods below list, check and
    apply moves, and give views and documents.  :attr:`engine` tells which
    engine plays the game (the native core or the Python reference engine);
    both give the same moves, positions and events.

    >>> import kanasta, random
    >>> state = kanasta.new_game(kanasta.Rules.kanasta(), seed=5)
    >>> len(state.stock), len(state.pile) >= 1, state.trump is not None
    (41, True, True)
    >>> after = state.apply(state.legal_actions()[0])
    >>> after is not state and len(state.hands[state.current_player]) == 11
    True
    """

    # not an __init__ argument, so attrs.evolve never carries a stale list into a changed state
    _memo: _Memo = attrs.field(init=False, factory=_Memo, eq=False, repr=False)
    # A native-backed state (see the Architecture page): the native core's position, which
    # keeps its listing and its history (``NativeState.history``: the history made so far and
    # the moves since, never the states it was reached from).  Such a state is of the engine's
    # own subclass (``_native_class``): its position fields but the phase start unset and are
    # made from the native position on first read (``_fill``); its player is read from it.
    _native: _core.NativeState | None = _hidden(default=None)

    @property
    def engine(self) -> Engine:
        """The engine that plays this game: ``"native"`` (the compiled core) or ``"python"`` (the reference).

        Chosen by :func:`new_game` or :meth:`from_dict` (their ``engine=``
        argument, else the environment variable ``KANASTA_ENGINE``); every
        state reached by :meth:`apply` keeps it.  A state made any other way
        (``attrs.evolve``, a position's constructor) is played by the Python
        engine.  Both engines read the same rules and positions: a choice of
        engine is honoured or refused, never swapped for the other.

        >>> import kanasta
        >>> kanasta.new_game(kanasta.Rules.classic(), seed=1, engine="python").engine
        'python'
        >>> kanasta.new_game(kanasta.Rules.classic(), seed=1, engine="native").engine
        'native'
        """
        return "python" if self._native is None else "native"

    def legal_actions(self) -> tuple[Action, ...]:
        """Every legal move, each once, in a fixed order (RULES E-1, E-2).

        Empty once the game is over.  Computed on the first call and kept.  Its
        cost is bounded by the engine's work budget (see the *Performance*
        page): past it, :class:`~kanasta.EngineLimitError` is raised, and
        nothing is kept.

        >>> import kanasta
        >>> s = kanasta.new_game(kanasta.Rules.classic(), seed=1)
        >>> kanasta.Draw() in s.legal_actions()
        True
        """
        native = self._native
        if native is not None:
            try:
                return native.legal_actions()  # listed once and kept by the core
            except _core.BudgetExceeded as err:
                # past the work budget, counted as the Python engine counts it: its error
                raise EngineLimitError(str(err)) from None
        memo = self._memo
        actions = memo.actions
        if actions is None:
            actions = memo.actions = python_engine.legal_actions(self)
        return actions

    def is_legal(self, action: Action) -> bool:
        """Whether ``action`` may be applied now.

        >>> import kanasta
        >>> s = kanasta.new_game(kanasta.Rules.classic(), seed=1)
        >>> s.is_legal(kanasta.Draw()), s.is_legal(kanasta.AskPartner())
        (True, False)
        """
        return self._problem(action) is None

    def explain(self, action: Action) -> str | None:
        """Why ``action`` is illegal now (the message, ending with the RULES ID), or None.

        >>> import kanasta
        >>> s = kanasta.new_game(kanasta.Rules.classic(), seed=1)
        >>> s.explain(kanasta.AskPartner())
        'it is the draw phase: draw from the stock or take the pile [G-TURN-1]'
        """
        problem = self._problem(action)
        return None if problem is None else f"{problem[1]} [{problem[0]}]"

    def _problem(self, action: Action) -> Problem | None:
        """Why ``action`` is illegal here, or None."""
        try:
            action = own_move(action)
        except ActionError as err:
            return ("E-5", str(err))
        return self._own_problem(action)

    def _own_problem(self, action: Action) -> Problem | None:
        """:meth:`_problem` of a move of one of the action classes: a move already listed is legal at once."""
        native = self._native
        if native is not None:
            # the core answers for every move (any number of cards), knowing its own listing
            try:
                return _core.explain_action(native, action)
            except _core.BudgetExceeded as err:
                raise EngineLimitError(str(err)) from None
        memo = self._memo
        if memo.actions is not None:
            lookup = memo.lookup
            if lookup is None:
                lookup = memo.lookup = frozenset(memo.actions)
            if action in lookup:
                return None
        return python_engine.explain_own(self, action)

    def apply(self, action: Action) -> State:
        """The state after ``action``; this state is unchanged.

        Raises :class:`~kanasta.IllegalActionError` (naming the RULES ID) for a
        move that is not legal.  Chores that follow from the move — red-3
        replacement, packet pickup, scoring the hand, dealing the next one —
        are done too; :attr:`events` tells what happened.

        >>> import kanasta
        >>> s = kanasta.new_game(kanasta.Rules.classic(), seed=1)
        >>> s.apply(kanasta.Draw()).phase
        <Phase.PLAY: 'play'>
        """
        native = self._native
        if native is not None:
            # the fast way: one of the move objects of this state's native listing, when listed:
            # the core makes the new state (else the careful way below checks only this move, as
            # the Python engine does)
            try:
                child = native.play(action, type(self))
            except _core.BudgetExceeded as err:  # the C-OUT-5 chore's question, past the work budget
                raise EngineLimitError(str(err)) from None
            if child is not None:
                return child
        try:
            action = own_move(action)  # (the history keeps the move: nothing can change it)
        except ActionError as err:
            raise IllegalActionError("E-5", str(err)) from None
        problem = self._own_problem(action)
        if problem is not None:
            raise IllegalActionError(problem[0], problem[1])
        if native is None:
            return python_engine.perform(self, action)
        # The native-backed state reached (the core keeps the move in its history, and the
        # game's rules and first deal's events): only the phase, which every decision reads,
        # is set now, the other fields on first use (``_fill``), as ``NativeState.play`` makes
        # the state of a listed move.
        after = _native_apply(native, action)
        child = _new(type(self))
        _set_native(child, after)
        _set_phase(child, PHASE_OF[after.phase])
        return child

    def _apply_listed(self, index: int) -> State:
        """The state after the legal move number ``index`` of :meth:`legal_actions`, without making the
        listing's action objects on the native engine (the fast path of an adapter that chooses moves
        by their number in the core's listing: ``kanasta.rl.openspiel``).

        >>> import kanasta
        >>> s = kanasta.new_game(kanasta.Rules.classic(), seed=1)
        >>> s._apply_listed(0) == s.apply(s.legal_actions()[0])
        True
        """
        native = self._native
        if native is None:
            return self.apply(self.legal_actions()[index])
        try:
            return native.play_listed(index, type(self))
        except _core.BudgetExceeded as err:  # the C-OUT-5 chore's question, past the work budget
            raise EngineLimitError(str(err)) from None

    def with_engine(self, engine: Engine | None = None) -> State:
        """This position, its events and history, as a state played by ``engine`` (see :attr:`engine`).

        ``engine`` as for :func:`new_game` (left out: the one ``KANASTA_ENGINE``
        names); a state already played by it is returned as it is.  The new
        state is equal to this one, with the same legal moves; moves applied
        to it are played by ``engine`` from then on (this state keeps its own).
        A position the core cannot read, or whose moves it cannot list within
        the work budget, raises :class:`~kanasta.SerializationError`, as
        :meth:`from_dict` does.  For a search that deals positions itself
        (:func:`~kanasta.sample_state`) and plays many moves from them.

        >>> import kanasta
        >>> s = kanasta.new_game(kanasta.Rules.classic(), seed=1, engine="python").apply(kanasta.Draw())
        >>> t = s.with_engine("native")
        >>> t.engine, t == s, t.history == s.history, t.legal_actions() == s.legal_actions()
        ('native', True, True, True)
        >>> t.with_engine("python").engine, s.with_engine("python") is s
        ('python', True)
        """
        chosen = choose_engine(engine)
        if chosen == self.engine:
            return self
        if chosen == "python":
            return attrs.evolve(self)  # (a state made by its constructor is the Python engine's)
        return _to_native(self)

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may see (RULES E-4); see :class:`kanasta.PlayerView`.

        The seat's own hand, the table, the pile, counts of everything
        hidden, the turn, the results, and the moves as the seat saw them;
        never another hand, the stock, the packets or the seed.

        >>> import kanasta
        >>> s = kanasta.new_game(kanasta.Rules.classic(), seed=1)
        >>> v = s.view(0)
        >>> v.hand == s.hands[0], v.hand_sizes
        (True, (11, 11, 11, 11))
        """
        native = self._native
        if native is not None and type(seat) is int:
            # made by the core: what the seat may see is decided there, the fields made on first use
            # (a number that is no seat of the game is refused below, as the Python engine does)
            try:
                view = native_view(native, seat)
            except _core.BudgetExceeded as err:
                raise EngineLimitError(str(err)) from None
            if view is not None:
                return view
        return make_view(self, seat, legal_actions=self.legal_actions() if self.current_player == seat else ())

    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe dict of the position; :meth:`from_dict` reads it back.

        Cards are written in card notation, melds one string each, the rules
        as a preset name when they are one (see :mod:`kanasta.documents.position` and
        the documentation page on positions).  :attr:`events` and
        :attr:`history` are not part of a position (nor of state equality):
        keep a :class:`~kanasta.GameRecord` for the moves.

        >>> import json, kanasta
        >>> s = kanasta.new_game(kanasta.Rules.classic(), seed=1)
        >>> d = s.to_dict()
        >>> d["rules"], d["hands"][0]
        ('classic', '2D 4D 5D 6D 7C 7S TC TD JS KC KS')
        >>> kanasta.State.from_dict(json.loads(json.dumps(d))) == s
        True
        """
        return state_to_dict(self)

    @classmethod
    def from_dict(cls, data: object, *, engine: Engine | None = None) -> State:
        """Read and validate a position written by :meth:`to_dict` (or by hand).

        Everything is checked: shapes and types, card notation, the 108
        cards, melds under the rules, and that the phase, turn, scores and
        table agree.  Raises :class:`~kanasta.SerializationError` whose
        ``path`` says where the document is wrong (``hands.2``,
        ``melds.0.1``, ``turn.aside``).  Most keys may be left out of a
        hand-written document; the loaded state has no history.
        ``engine`` chooses the engine as for :func:`new_game`.

        >>> import kanasta
        >>> kanasta.State.from_dict({"rules": "classic"})
        Traceback (most recent call last):
        ...
        kanasta.errors.SerializationError: <document>: missing key 'format'
        >>> doc = kanasta.new_game(kanasta.Rules.classic(), seed=1).to_dict()
        >>> kanasta.State.from_dict(doc, engine="python").engine
        'python'
        """
        chosen = choose_engine(engine)
        # the native engine lists the moves the reader's last check needs (and keeps them)
        return state_from_dict(data, cls, None if chosen == "python" else _to_native)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle support: a native-backed state keeps its engine (its history written flat, as always).

        >>> import pickle, kanasta
        >>> s = kanasta.new_game(kanasta.Rules.kanasta(), seed=1, engine="native").apply(kanasta.Draw())
        >>> t = pickle.loads(pickle.dumps(s))
        >>> t == s, t.history == s.history, t.events == s.events, t.engine
        (True, True, True, 'native')
        """
        native = self._native
        if native is None:
            return Position.__reduce__(self)
        return (
            _unpickle_native,
            (base_class(type(self)), native, self.rules, self.history, self.events, self.start_events),
        )


_FIELDS: frozenset[str] = frozenset(FILLED)
"""The position fields a native-backed state reads from the core one by one (``NativeState.field``)."""
_SMALL_NAMES: tuple[str, ...] = (
    "seed", "hand_number", "dealer", "scores", "pile_frozen", "packets_taken", "trump", "opened",
    "melded_this_hand", "winner", "hand_moves",
)
"""The small fields of a native-backed state, made together when the first of them is read (``NativeState.fields``)."""
_SMALL: frozenset[str] = frozenset(_SMALL_NAMES)
_LAZY: tuple[str, ...] = (
    *(name for name in FILLED if name not in ("phase", "player")), "rules", "start_events", "events", "_log", "_memo",
)
"""The fields a native-backed state may leave unset until they are read (its phase, which every
decision reads, is always set)."""
_PLAYER = attrgetter("_native.player")
"""A native-backed state's player: read from its native position at each read (no slot set as a move is made)."""
_CURRENT_PLAYER = attrgetter("_native.current_player")
"""A native-backed state's :attr:`~State.current_player`, read from its native position at once (the
position's property reads the phase and the player, two reads, in Python)."""


_new = object.__new__
_put = object.__setattr__
# the slots' own setters, for the fields a native move sets (State.apply)
_set_native = slot_setter(State, "_native")
_set_phase = slot_setter(State, "phase")
_set_events = slot_setter(State, "events")
# the core makes the state of a listed move the same way (NativeState.play)
_core.set_state_factory(
    (_set_native, _set_phase, _set_events), (Phase.DRAW, Phase.PLAY, Phase.ANSWER, Phase.GAME_OVER)
)


def _fill(state: State, name: str) -> Any:
    """The field ``name`` of a native-backed state whose slot is unset: made from the native position,
    alone, and kept in the slot (the events as the core's event objects; the game's rules and first
    deal's events from the game)."""
    native = state._native
    if native is None:  # (an object of the class not made by the engine: attrs.evolve makes a State)
        raise AttributeError(f"{type(state).__name__!r} object has no attribute {name!r}")
    if name in _SMALL:
        # the small fields (numbers, flags, the trump) cost less than one read each:
        # made together, in one call into the core, when the first of them is read
        for small, made in zip(_SMALL_NAMES, native.fields(_SMALL_NAMES), strict=True):
            _put(state, small, made)
        return getattr(state, name)
    if name == "events":
        value: Any = native.events()
    elif name in _FIELDS:
        value = native.field(name)
        convert = CONVERT.get(name)
        if convert is not None:
            game = native.game  # its melds and turns are the game's own objects (``Made``)
            value = convert(value, None if game is None else cast(Made, game[2]))
    elif name == "_log":
        return _log_of(state)
    elif name == "_memo":
        value = _Memo()
    else:  # the rules or the start events: the game's, kept by the core for every state reached in it
        game = native.game
        if game is None:  # pragma: no cover - every native-backed state's game is kept
            raise AttributeError(f"{type(state).__name__!r} object has no attribute {name!r}")
        _put(state, "rules", game[0])
        _put(state, "start_events", game[1])
        return game[0] if name == "rules" else game[1]
    _put(state, name, value)
    return value


def _native_class(cls: type[State]) -> type[State]:
    """The class of ``cls``'s native-backed states: its fields but the phase start unset, made on
    first read (:func:`~kanasta._native.lazy_class`, :func:`_fill`); its player and current player are
    read from the native position.

    >>> import kanasta
    >>> native = kanasta.new_game(kanasta.Rules.classic(), seed=1, engine="native")
    >>> type(native) is _native_class(State), type(native).__name__, isinstance(native, State)
    (True, 'State', True)
    >>> native == kanasta.new_game(kanasta.Rules.classic(), seed=1, engine="python")
    True
    >>> type(attrs.evolve(native)) is State
    True
    """
    return lazy_class(cls, _LAZY, _fill, {"player": _PLAYER, "current_player": _CURRENT_PLAYER})


def _bare(make: type[State], native: _core.NativeState) -> State:
    """A native-backed state of ``make`` with its native position and phase set: its other
    fields are read from ``native`` when asked."""
    state = _new(_native_class(make))
    _set_native(state, native)
    _set_phase(state, PHASE_OF[native.phase])
    return state


def _log_of(state: State) -> LogNode | None:
    """A native-backed state's history links: the history made so far in its line of play and,
    after it, the moves since, which the core keeps as links (a loop: any length).

    The core keeps the links made here, one per move: the states reached from this one, and
    those that share its moves, start from them, as the Python engine's states share theirs.
    The last move's events are the state's own :attr:`~State.events`; the events are the
    game's objects (the core's, as for :attr:`~State.events`).
    """
    native = state._native
    assert native is not None
    log, moves = native.history()
    if moves:
        made: list[LogNode] = []
        for seat, action, events in moves[:-1]:
            log = LogNode(log, Step(seat=seat, action=action, events=events))
            made.append(log)
        seat, action, _ = moves[-1]
        log = LogNode(log, Step(seat=seat, action=action, events=state.events))
        made.append(log)
        native.set_history(made)
    _put(state, "_log", log)
    return log


def _native_apply(native: _core.NativeState, action: Action) -> _core.NativeState:
    """The native position after the legal move ``action`` (the careful way: by its notation).

    The core answers the C-OUT-5 chore's question (may the next player take the pile from an
    empty stock?) within the work budget, as the Python engine does: past it, its error.
    """
    try:
        return native.apply(str(action))
    except _core.BudgetExceeded as err:
        raise EngineLimitError(str(err)) from None


def _to_native(state: State) -> State:
    """``state`` (read by the Python reader) played by the native engine, or ``state`` if the core cannot read it.

    The core lists the moves as it reads the position, within the engine's work budget: a
    position past it is refused (:class:`~kanasta.SerializationError`) as the Python reader
    refuses it.
    """
    try:
        native = _core.NativeState.from_json(json.dumps(state_to_dict(state)), budget=budget.SEARCH_BUDGET)
    except ValueError as err:
        refused = str(err).removeprefix("<document>: ")
        if refused.startswith(CANNOT_SEARCH):  # the whole document, past the work budget
            raise SerializationError("", refused) from None
        # Both readers accept the same values (one table of limits, limits.json): a
        # document the Python reader accepted and the core does not is refused, never played
        # by the other engine.
        raise SerializationError("", f"the native engine cannot read this position ({refused})") from None
    native.set_game((state.rules, state.start_events, Made()))
    made = _bare(type(state), native)
    for _, attr in INIT:
        _put(made, attr, object.__getattribute__(state, attr))
    log = object.__getattribute__(state, "_log")
    if log is not None:
        native.set_history([log])
    return made


def _unpickle_native(
    make: type[State],
    native: _core.NativeState,
    rules: Rules,
    steps: tuple[Step, ...],
    events: tuple[Event, ...],
    start_events: tuple[Event, ...],
) -> State:
    """Rebuild a pickled native-backed state (see :meth:`State.__reduce__`): the history is rebuilt in a loop."""
    native.set_game((rules, start_events, Made()))
    state = _bare(make, native)
    _put(state, "rules", rules)
    _put(state, "events", events)
    _put(state, "start_events", start_events)
    log = LogNode.chain(steps)
    _put(state, "_log", log)
    if log is not None:
        native.set_history([log])  # the states reached from this one start from it
    return state


def new_game(rules: Rules, seed: int | None = None, *, engine: Engine | None = None) -> State:
    """Start a game: draw the first dealer from ``seed`` and deal the first hand.

    ``seed`` is an int from 0 to 2**64 - 1; all chance in the game comes from
    it (RULES G-RNG-1, G-DEAL-1), so the same rules and seed give the same
    game.  Without a seed, a secret one is drawn from the operating system
    (``secrets.randbits(64)``); :attr:`State.seed` tells it
    afterwards (views never do).

    **A seed someone can guess reveals every card of the game**: from its
    own first hand a bot can try small seeds until one deals that hand, and
    then knows every hand, the stock and every later deal.  Give a seed to
    replay or test a game; leave it out for a game people or bots play for
    real.

    ``engine`` chooses who plays the game: ``"native"`` (the compiled core,
    the default) or ``"python"`` (the reference engine); left out, the
    environment variable ``KANASTA_ENGINE`` chooses (read at each call).
    Both give the same game, move for move; see :attr:`State.engine`.

    >>> import kanasta
    >>> a = kanasta.new_game(kanasta.Rules.classic(), seed=3)
    >>> b = kanasta.new_game(kanasta.Rules.classic(), seed=3, engine="python")
    >>> a == b, a.hands == kanasta.new_game(kanasta.Rules.classic(), seed=4).hands
    (True, False)
    >>> kanasta.new_game(kanasta.Rules.classic(), seed=-1)
    Traceback (most recent call last):
    ...
    kanasta.errors.ConfigError: seed: must be an int from 0 to 2**64 - 1, not -1
    """
    chosen = choose_engine(engine)
    if seed is None:
        seed = secrets.randbits(64)
    if chosen == "python":
        return python_engine.start(State, rules, seed)
    python_engine.check_start(rules, seed)
    try:
        native = _core.NativeState.new_game(rules_text(rules), seed)
    except ValueError as err:
        # Both engines accept the same rules (one table of limits, limits.json): rules
        # the core refuses are refused, never played by the other engine.
        raise ConfigError("rules", f"the native engine cannot play these rules ({err})") from None
    # (not native.events(): the moves' events are made once a state's are read)
    return line_start(rules, native, native.start_events())


def line_start(rules: Rules, native: _core.NativeState, events: tuple[Event, ...]) -> State:
    """The :class:`State` of a core's state that starts a line of play: a new game (``events``: its
    deal's) or a deal the core sampled (:func:`kanasta.sample_state`, no events).

    ``events`` are also its start events; it has no history.  ``native`` becomes the state's own.

    >>> import kanasta
    >>> from kanasta import _core
    >>> from kanasta._native import rules_text
    >>> rules = kanasta.Rules.classic()
    >>> state = line_start(rules, _core.NativeState.new_game(rules_text(rules), 5), ())
    >>> state == kanasta.new_game(rules, seed=5), state.engine, state.history
    (True, 'native', ())
    """
    state = _bare(State, native)
    _put(state, "rules", rules)
    native.set_game((rules, events, Made()))
    _put(state, "events", events)
    _put(state, "start_events", events)
    _put(state, "_log", None)
    return state
