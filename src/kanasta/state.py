"""The game state: the public facade on top of the data and the rules.

:class:`State` is a :class:`~kanasta.position.Position` (the frozen data of a
game in progress) whose methods are doors into the rules:
:meth:`~State.legal_actions`, :meth:`~State.explain`, :meth:`~State.apply`
(:mod:`kanasta.engine`), :meth:`~State.view` (:mod:`kanasta.view`) and
:meth:`~State.to_dict` / :meth:`~State.from_dict` (:mod:`kanasta.serialize`).
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

import secrets
from typing import Any

import attrs

from kanasta import engine
from kanasta.actions import Action, own_copy
from kanasta.errors import ActionError, IllegalActionError
from kanasta.position import (
    CanastaScore,
    CardsDrawn,
    Event,
    GameEnded,
    HandEnd,
    HandEnded,
    HandResult,
    HandStarted,
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
from kanasta.rulebook import Problem
from kanasta.rules import Rules
from kanasta.serialize import state_from_dict, state_to_dict
from kanasta.view import PlayerView, make_view

__all__ = [
    "CanastaScore",
    "CardsDrawn",
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
        self.lookup: frozenset[Action] = frozenset()

    def __reduce__(self) -> tuple[type[_Memo], tuple[()]]:
        return (_Memo, ())


@attrs.frozen(slots=True, repr=False)
class State(Position):
    """An immutable game position with its moves.  Make one with :func:`new_game`.

    The data (hands, melds, pile, turn, ...) are the fields of
    :class:`~kanasta.position.Position`; the methods below list, check and
    apply moves, and give views and documents.

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
        memo = self._memo
        actions = memo.actions
        if actions is None:
            actions = memo.actions = engine.legal_actions(self)
            memo.lookup = frozenset(actions)
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
            action = own_copy(action)
        except ActionError as err:
            return ("E-5", str(err))
        return self._own_problem(action)

    def _own_problem(self, action: Action) -> Problem | None:
        """:meth:`_problem` of the engine's own copy of a move: a move already listed is legal at once."""
        memo = self._memo
        if memo.actions is not None and action in memo.lookup:
            return None
        return engine.explain_own(self, action)

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
        try:
            action = own_copy(action)  # the history keeps the engine's own copy of the move
        except ActionError as err:
            raise IllegalActionError("E-5", str(err)) from None
        problem = self._own_problem(action)
        if problem is not None:
            raise IllegalActionError(problem[0], problem[1])
        return engine.perform(self, action)

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
        return make_view(self, seat, legal_actions=self.legal_actions() if self.current_player == seat else ())

    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe dict of the position; :meth:`from_dict` reads it back.

        Cards are written in card notation, melds one string each, the rules
        as a preset name when they are one (see :mod:`kanasta.serialize` and
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
    def from_dict(cls, data: object) -> State:
        """Read and validate a position written by :meth:`to_dict` (or by hand).

        Everything is checked: shapes and types, card notation, the 108
        cards, melds under the rules, and that the phase, turn, scores and
        table agree.  Raises :class:`~kanasta.SerializationError` whose
        ``path`` says where the document is wrong (``hands.2``,
        ``melds.0.1``, ``turn.aside``).  Most keys may be left out of a
        hand-written document; the loaded state has no history.

        >>> import kanasta
        >>> kanasta.State.from_dict({"rules": "classic"})
        Traceback (most recent call last):
        ...
        kanasta.errors.SerializationError: <document>: missing key 'format'
        """
        return state_from_dict(data, cls)


def new_game(rules: Rules, seed: int | None = None) -> State:
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

    >>> import kanasta
    >>> a = kanasta.new_game(kanasta.Rules.classic(), seed=3)
    >>> b = kanasta.new_game(kanasta.Rules.classic(), seed=3)
    >>> a == b, a.hands == kanasta.new_game(kanasta.Rules.classic(), seed=4).hands
    (True, False)
    >>> kanasta.new_game(kanasta.Rules.classic(), seed=-1)
    Traceback (most recent call last):
    ...
    kanasta.errors.ConfigError: seed: must be an int from 0 to 2**64 - 1, not -1
    """
    if seed is None:
        seed = secrets.randbits(64)
    return engine.start(State, rules, seed)
