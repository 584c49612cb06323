"""A fixed, numbered action space: every move as a short sequence of small decisions.

Learning and search algorithms (OpenSpiel, PettingZoo, Gymnasium) want a
small fixed set of numbered actions and a mask of the legal ones.  A
kanasta move names real cards (``meld 7H 7S JK``), so the number of
distinct moves is huge; here a move is instead *spelled* as a sequence of
**ids**, one decision at a time, following its text form (see
:mod:`kanasta.actions`)::

    draw                   ->  DRAW
    take KH KS @3          ->  TAKE, card KH, card KS, meld 3, DONE
    meld 7H 7S JK          ->  MELD, card 7H, card 7S, card JK, DONE
    add @0 7C JK           ->  ADD, meld 0, card 7C, card JK, DONE
    extend @1 4H 5H 6H JK  ->  EXTEND, meld 1, card 4H, card 5H, card 6H, card JK, DONE
    discard QS             ->  DISCARD, card QS
    ask / yes / no / decline  ->  ASK / YES / NO / DECLINE

The :data:`NUM_ACTIONS` = 100 ids are:

=========  ==================================================================
0 - 9      the verbs :data:`DRAW`, :data:`TAKE`, :data:`MELD`, :data:`ADD`,
           :data:`EXTEND`, :data:`DISCARD`, :data:`ASK`, :data:`YES`,
           :data:`NO`, :data:`DECLINE`
10         :data:`DONE`: the cards are complete
11 - 63    a card, :data:`CARD_BASE` + :attr:`Card.index <kanasta.Card.index>`
           (rank-major, ace first, ``AC`` = 11, ``JK`` = 63)
64 - 99    a team meld, :data:`MELD_BASE` + its index in ``melds[team]``
=========  ==================================================================

Cards are given in the order of the move's text form: a set's cards in
canonical order (naturals then wild cards, each by index), a run's (new) list
low to high with its wild in the place it stands for (K-MELD-5).  The code
is prefix-free (moves of variable length end with :data:`DONE`), so a
complete sequence is one move, and :func:`encode` / :func:`decode` are
inverse.  :data:`MAX_MELDS` = 36 meld ids suffice: every meld holds three
cards or more (C-MELD-1, K-MELD-1, K-MELD-2) and the deck has 108 cards.

:class:`Decisions` turns a position's legal moves into the masks: at each
prefix of ids the legal next ids are exactly those that continue at least one
legal move, so every legal move can be reached, no masked choice leads to a
dead end, and a completed sequence is a legal move, applied as one move.

>>> import kanasta
>>> from kanasta.rl.actions import Decisions, encode, decode, id_name
>>> ids = encode(kanasta.parse_action("add @0 7C JK"))
>>> ids, [id_name(i) for i in ids]
((3, 64, 35, 63, 10), ['add', '@0', '7C', 'JK', 'done'])
>>> str(decode(ids))
'add @0 7C JK'
>>> state = kanasta.new_game(kanasta.Rules.classic(), seed=1)
>>> tree = Decisions(state.legal_actions())
>>> [id_name(i) for i in tree.legal_ids()]
['draw']
>>> tree.step((), tree.legal_ids()[0])
Draw()
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, Final

from kanasta import _core
from kanasta.actions import (
    Action,
    AddToMeld,
    AnswerPartner,
    AskPartner,
    Decline,
    Discard,
    Draw,
    ExtendRun,
    LayMeld,
    TakePile,
)
from kanasta.cards import Card
from kanasta.errors import EngineLimitError, IllegalActionError, NotationError

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from kanasta.state import State

__all__ = [
    "ADD",
    "ASK",
    "CARD_BASE",
    "DECLINE",
    "DISCARD",
    "DONE",
    "DRAW",
    "EXTEND",
    "MAX_MELDS",
    "MELD",
    "MELD_BASE",
    "NO",
    "NUM_ACTIONS",
    "TAKE",
    "VERBS",
    "YES",
    "Decisions",
    "card_id",
    "decode",
    "encode",
    "id_name",
    "meld_id",
]

DRAW: Final = 0
"""Verb id: draw from the stock (:class:`~kanasta.Draw`)."""
TAKE: Final = 1
"""Verb id: take the pile (:class:`~kanasta.TakePile`); cards, an optional meld, :data:`DONE` follow."""
MELD: Final = 2
"""Verb id: a new meld (:class:`~kanasta.LayMeld`); its cards and :data:`DONE` follow."""
ADD: Final = 3
"""Verb id: add to a set (:class:`~kanasta.AddToMeld`); the meld, the cards and :data:`DONE` follow."""
EXTEND: Final = 4
"""Verb id: extend a run (:class:`~kanasta.ExtendRun`); the meld, its new list and :data:`DONE` follow."""
DISCARD: Final = 5
"""Verb id: discard (:class:`~kanasta.Discard`); one card follows."""
ASK: Final = 6
"""Verb id: ask partner (:class:`~kanasta.AskPartner`)."""
YES: Final = 7
"""Verb id: answer "yes" (:class:`~kanasta.AnswerPartner`)."""
NO: Final = 8
"""Verb id: answer "no" (:class:`~kanasta.AnswerPartner`)."""
DECLINE: Final = 9
"""Verb id: decline the pile (:class:`~kanasta.Decline`)."""
DONE: Final = 10
"""The id that ends the cards of a take, meld, addition or run extension."""
CARD_BASE: Final = 11
"""The id of card ``c`` is ``CARD_BASE + c.index`` (53 ids: 52 naturals and the joker)."""
MELD_BASE: Final = 64
"""The id of the team's meld ``i`` is ``MELD_BASE + i``."""
MAX_MELDS: Final = 36
"""How many meld ids there are: a team never has more melds (each has 3 cards or more; 108 cards)."""
NUM_ACTIONS: Final = MELD_BASE + MAX_MELDS
"""The size of the action space (100)."""
VERBS: Final[tuple[str, ...]] = ("draw", "take", "meld", "add", "extend", "discard", "ask", "yes", "no", "decline")
"""The verbs' names, by id (the words of the text notation)."""

_SIMPLE: Final[dict[int, Action]] = {
    DRAW: Draw(),
    ASK: AskPartner(),
    YES: AnswerPartner(True),
    NO: AnswerPartner(False),
    DECLINE: Decline(),
}


def card_id(card: Card) -> int:
    """The id of a card.

    >>> import kanasta
    >>> from kanasta.rl.actions import card_id
    >>> card_id(kanasta.parse_card("AC")), card_id(kanasta.JOKER)
    (11, 63)
    """
    return CARD_BASE + card.index


def meld_id(index: int) -> int:
    """The id of the team's meld number ``index`` (0 to :data:`MAX_MELDS` - 1).

    >>> from kanasta.rl.actions import meld_id
    >>> meld_id(0), meld_id(35)
    (64, 99)
    >>> meld_id(36)
    Traceback (most recent call last):
    ...
    kanasta.errors.NotationError: meld index 36 is out of the action space (0 to 35)
    """
    if not 0 <= index < MAX_MELDS:
        raise NotationError(f"meld index {index} is out of the action space (0 to {MAX_MELDS - 1})")
    return MELD_BASE + index


def id_name(action_id: int) -> str:
    """A short name of an id: a verb, ``done``, a card (``7H``) or a meld (``@2``).

    >>> from kanasta.rl.actions import id_name
    >>> [id_name(i) for i in (0, 10, 11, 63, 64)]
    ['draw', 'done', 'AC', 'JK', '@0']
    """
    _check_id(action_id)
    if action_id < DONE:
        return VERBS[action_id]
    if action_id == DONE:
        return "done"
    if action_id < MELD_BASE:
        return str(Card.from_index(action_id - CARD_BASE))
    return f"@{action_id - MELD_BASE}"


def _check_id(action_id: int) -> None:
    if not isinstance(action_id, int) or isinstance(action_id, bool) or not 0 <= action_id < NUM_ACTIONS:
        raise NotationError(f"an action id must be an int from 0 to {NUM_ACTIONS - 1}, not {action_id!r}")


def _cards(cards: Iterable[Card]) -> tuple[int, ...]:
    return tuple(CARD_BASE + c.index for c in cards)


def encode(action: Action) -> tuple[int, ...]:
    """The sequence of ids that spells ``action``.

    >>> import kanasta
    >>> from kanasta.rl.actions import encode
    >>> encode(kanasta.parse_action("take KH KS @3")), encode(kanasta.parse_action("discard QS"))
    ((1, 61, 62, 67, 10), (5, 58))
    """
    if isinstance(action, Draw):
        return (DRAW,)
    if isinstance(action, AskPartner):
        return (ASK,)
    if isinstance(action, AnswerPartner):
        return (YES,) if action.permit else (NO,)
    if isinstance(action, Decline):
        return (DECLINE,)
    if isinstance(action, Discard):
        return (DISCARD, CARD_BASE + action.card.index)
    if isinstance(action, TakePile):
        target = () if action.meld is None else (meld_id(action.meld),)
        return (TAKE, *_cards(action.cards), *target, DONE)
    if isinstance(action, LayMeld):
        return (MELD, *_cards(action.cards), DONE)
    if isinstance(action, AddToMeld):
        return (ADD, meld_id(action.meld), *_cards(action.cards), DONE)
    if isinstance(action, ExtendRun):
        return (EXTEND, meld_id(action.meld), *_cards(action.run), DONE)
    raise TypeError(f"not a kanasta action: {action!r}")


def decode(ids: Sequence[int]) -> Action:
    """The move a complete sequence of ids spells (the inverse of :func:`encode`).

    >>> from kanasta.rl.actions import decode
    >>> str(decode([2, 35, 36, 63, 10]))
    'meld 7C 7D JK'
    >>> decode([2, 35])
    Traceback (most recent call last):
    ...
    kanasta.errors.NotationError: ids [2, 35] do not spell one move: a meld ends with done (10)
    """
    seq = list(ids)
    for i in seq:
        _check_id(i)

    def bad(why: str) -> NotationError:
        return NotationError(f"ids {seq} do not spell one move: {why}")

    if not seq or seq[0] > DECLINE:
        raise bad("the first id must be a verb (0 to 9)")
    verb, rest = seq[0], seq[1:]
    if verb in _SIMPLE:
        if rest:
            raise bad(f"{VERBS[verb]} takes nothing after it")
        return _SIMPLE[verb]
    if verb == DISCARD:
        if len(rest) != 1 or not CARD_BASE <= rest[0] < MELD_BASE:
            raise bad("discard takes exactly one card")
        return Discard(Card.from_index(rest[0] - CARD_BASE))
    if not rest or rest[-1] != DONE:
        raise bad(f"a {VERBS[verb]} ends with done ({DONE})")
    body = rest[:-1]
    target: int | None = None
    if verb in (ADD, EXTEND):
        if not body or body[0] < MELD_BASE:
            raise bad(f"{VERBS[verb]} names a meld first")
        target, body = body[0] - MELD_BASE, body[1:]
    elif verb == TAKE and body and body[-1] >= MELD_BASE:
        target, body = body[-1] - MELD_BASE, body[:-1]
    if any(not CARD_BASE <= i < MELD_BASE for i in body):
        raise bad("expected cards only between the verb (and meld) and done")
    cards = tuple(Card.from_index(i - CARD_BASE) for i in body)
    if verb == TAKE:
        return TakePile(cards, target)
    if not cards:
        raise bad(f"a {VERBS[verb]} needs cards")
    if verb == MELD:
        return LayMeld(cards)
    assert target is not None
    return AddToMeld(target, cards) if verb == ADD else ExtendRun(target, cards)


class Decisions:
    """The legal moves of one position as a tree of decisions over the ids.

    Give it the position's legal moves (``state.legal_actions()``, or the
    seat's view's).  A *prefix* is the tuple of ids chosen so far in this
    move; :meth:`legal_ids` and :meth:`mask` give the ids that may follow it,
    and :meth:`step` adds one and returns the longer prefix or, once the
    sequence is complete, the move.  The masks are exact: an id is legal
    after a prefix when, and only when, some legal move is spelled by the
    prefix, that id and more.  A ``Decisions`` never changes; it computes
    each prefix's ids once, when first asked.

    >>> import kanasta
    >>> from kanasta.rl.actions import Decisions, MELD, card_id, id_name
    >>> moves = [kanasta.parse_action(t) for t in ("meld 7H 7S JK", "meld 7H 7S 2C", "discard 7H")]
    >>> tree = Decisions(moves)
    >>> [id_name(i) for i in tree.legal_ids()], [id_name(i) for i in tree.legal_ids((MELD,))]
    (['meld', 'discard'], ['7H'])
    >>> seven_h, seven_s = kanasta.parse_cards("7H 7S")
    >>> p = tree.step((MELD,), card_id(seven_h))
    >>> p = tree.step(p, card_id(seven_s))
    >>> [id_name(i) for i in tree.legal_ids(p)]
    ['2C', 'JK']
    >>> tree.step(tree.step(p, 63), 10)
    LayMeld(cards=(Card('7H'), Card('7S'), Card('JK')))
    """

    __slots__ = ("_codes", "_moves", "_next")

    _moves: dict[tuple[int, ...], Action]
    _codes: list[tuple[int, ...]]
    _next: dict[tuple[int, ...], tuple[int, ...]]

    def __init__(self, moves: Iterable[Action]) -> None:
        table = {encode(move): move for move in moves}
        self._moves = table
        self._codes = sorted(table)
        self._next = {}

    @staticmethod
    def of_state(state: State) -> Decisions:
        """The tree of ``state``'s legal moves; made by the native core for a native state.

        Both kinds answer alike (the same ids, masks and moves); the native
        one spells and sorts the moves in the core, and :meth:`mask_into`
        writes its flags there.

        >>> import kanasta
        >>> from kanasta.rl.actions import Decisions
        >>> state = kanasta.new_game(kanasta.Rules.classic(), seed=1)
        >>> Decisions.of_state(state).legal_ids() == Decisions(state.legal_actions()).legal_ids()
        True
        """
        native = state._native
        if native is None:
            return Decisions(state.legal_actions())
        return _NativeDecisions(state, native)

    @property
    def moves(self) -> tuple[Action, ...]:
        """The moves, in the order of their id sequences.

        >>> import kanasta
        >>> from kanasta.rl.actions import Decisions
        >>> Decisions([kanasta.Discard(kanasta.JOKER), kanasta.Draw()]).moves
        (Draw(), Discard(card=Card('JK')))
        """
        return tuple(self._moves[c] for c in self._codes)

    def __len__(self) -> int:
        return len(self._codes)

    def legal_ids(self, prefix: Sequence[int] = ()) -> tuple[int, ...]:
        """The ids that may follow ``prefix``, ascending (empty when ``prefix`` spells no legal move's start).

        >>> import kanasta
        >>> from kanasta.rl.actions import Decisions
        >>> Decisions([kanasta.Draw(), kanasta.Decline()]).legal_ids()
        (0, 9)
        """
        key = tuple(prefix)
        found = self._next.get(key)
        if found is None:
            codes = self._codes
            depth = len(key)
            lo = bisect.bisect_left(codes, key)
            hi = bisect.bisect_left(codes, (*key[:-1], key[-1] + 1), lo) if depth else len(codes)
            found = tuple(sorted({c[depth] for c in codes[lo:hi] if len(c) > depth}))
            self._next[key] = found
        return found

    def mask(self, prefix: Sequence[int] = ()) -> tuple[bool, ...]:
        """:data:`NUM_ACTIONS` flags: True for each id that may follow ``prefix``.

        >>> import kanasta
        >>> from kanasta.rl.actions import Decisions
        >>> m = Decisions([kanasta.Draw()]).mask()
        >>> len(m), m[0], any(m[1:])
        (100, True, False)
        """
        flags = [False] * NUM_ACTIONS
        for i in self.legal_ids(prefix):
            flags[i] = True
        return tuple(flags)

    def mask_into(self, prefix: Sequence[int], out: npt.NDArray[np.int8]) -> None:
        """Write :meth:`mask` of ``prefix`` into ``out``, a NumPy ``int8`` array of :data:`NUM_ACTIONS` items.

        >>> import numpy as np, kanasta
        >>> from kanasta.rl.actions import Decisions
        >>> out = np.ones(100, np.int8)
        >>> Decisions([kanasta.Draw()]).mask_into((), out)
        >>> int(out.sum()), int(out[0])
        (1, 1)
        """
        out[:] = 0
        out[list(self.legal_ids(prefix))] = 1

    def step(self, prefix: Sequence[int], action_id: int) -> tuple[int, ...] | Action:
        """Choose ``action_id`` after ``prefix``: the longer prefix, or the move once it is complete.

        An id that is not legal there raises :class:`~kanasta.IllegalActionError`
        (rule E-1: no legal move is spelled that way).

        >>> import kanasta
        >>> from kanasta.rl.actions import Decisions, DISCARD
        >>> tree = Decisions([kanasta.parse_action("discard 7H")])
        >>> tree.step((), DISCARD)
        (5,)
        >>> tree.step((DISCARD,), 37)
        Discard(card=Card('7H'))
        >>> tree.step((), 0)
        Traceback (most recent call last):
        ...
        kanasta.errors.IllegalActionError: id 0 (draw) continues no legal move after [] [E-1]
        """
        _check_id(action_id)
        key = tuple(prefix)
        if action_id not in self.legal_ids(key):
            raise _illegal(key, action_id)
        longer = (*key, action_id)
        move = self._moves.get(longer)
        return longer if move is None else move

    def _legal_list(self, prefix: tuple[int, ...]) -> list[int]:
        """:meth:`legal_ids` as a new list (what OpenSpiel's ``legal_actions`` returns)."""
        return list(self.legal_ids(prefix))

    def _step_listed(self, prefix: Sequence[int], action_id: int) -> tuple[int, ...] | Action | int:
        """:meth:`step`; for the tree of a native state (``Decisions.of_state``) the completed move's
        number in the state's listing instead of the move (``State._apply_listed``): the adapters' fast
        path, which makes no action object."""
        return self.step(prefix, action_id)


def _illegal(prefix: Sequence[int], action_id: int) -> IllegalActionError:
    names = [id_name(i) for i in prefix]
    return IllegalActionError("E-1", f"id {action_id} ({id_name(action_id)}) continues no legal move after {names}")


class _NativeDecisions(Decisions):
    """:class:`Decisions` of a native state, answered by the core (``Decisions.of_state`` makes it)."""

    __slots__ = ("_listed", "_state", "_tree")

    _tree: _core.NativeDecisions
    _state: State
    _listed: tuple[Action, ...] | None

    def __init__(self, state: State, native: _core.NativeState) -> None:
        self._state = state
        self._listed = None  # the core's listing as action objects, whose numbers its tree gives: made when needed
        try:
            self._tree = _core.NativeDecisions(native)
        except _core.BudgetExceeded as err:  # pragma: no cover - the state's listing was made within the budget
            raise EngineLimitError(str(err)) from None

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its state (the core's tree is made again from it): OpenSpiel states pickle."""
        return (Decisions.of_state, (self._state,))

    @property
    def _actions(self) -> tuple[Action, ...]:
        listed = self._listed
        if listed is None:
            listed = self._listed = self._state.legal_actions()
        return listed

    @property
    def moves(self) -> tuple[Action, ...]:
        actions = self._actions
        return tuple(actions[i] for i in self._tree.order())

    def __len__(self) -> int:
        return len(self._tree)

    def legal_ids(self, prefix: Sequence[int] = ()) -> tuple[int, ...]:
        try:
            return tuple(self._tree.legal_ids(prefix))
        except (ValueError, OverflowError, TypeError):  # an id out of the space starts no legal move
            return ()

    def _legal_list(self, prefix: tuple[int, ...]) -> list[int]:
        try:
            return self._tree.legal_ids(prefix)  # (a new list)
        except (ValueError, OverflowError, TypeError):  # an id out of the space starts no legal move
            return []

    def mask_into(self, prefix: Sequence[int], out: npt.NDArray[np.int8]) -> None:
        try:
            self._tree.mask_into(prefix, out)
        except (OverflowError, TypeError):  # an id out of the space starts no legal move
            out[:] = 0

    def step(self, prefix: Sequence[int], action_id: int) -> tuple[int, ...] | Action:
        found = self._step_listed(prefix, action_id)
        return self._actions[found] if isinstance(found, int) else found

    def _step_listed(self, prefix: Sequence[int], action_id: int) -> tuple[int, ...] | Action | int:
        if type(action_id) is not int or not 0 <= action_id < NUM_ACTIONS:
            _check_id(action_id)  # (its error)
        try:
            found = self._tree.step(prefix, action_id)
        except (ValueError, OverflowError, TypeError):
            found = -2
        if found >= 0:
            return found
        if found == -1:
            return (*prefix, action_id)
        raise _illegal(prefix, action_id)
