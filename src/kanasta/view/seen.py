"""What one seat may see (RULES E-4), as data: the view's fields and the events as the seat saw them.

:class:`ViewData` holds everything a seat may know about a game and nothing
else; :class:`kanasta.PlayerView` (in :mod:`kanasta.view.player`) is the ViewData
you use, with its documents.  The hidden forms of events
(:class:`CardsDrawnHidden`, :class:`RedThreeLaidHidden`,
:class:`PacketTakenHidden`) stand for events whose cards the seat may not
see; :func:`hide` gives an event as one seat saw it.  :data:`VIEW_FIELDS` is the
one table of the view's fields (their order and kind), which the view document
and the native core's views follow, and :func:`seen_fields` what a seat sees of
a position.  The module knows positions' data only: the view documents
(:mod:`kanasta.view.document`) and the views (:mod:`kanasta.view.player`) sit
above it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, Final, Literal, TypeAlias, overload

import attrs

from kanasta.actions import Action, AddToMeld, Discard, ExtendRun, LayMeld, TakePile
from kanasta.cards import DECK, Card, format_cards
from kanasta.errors import SamplingError
from kanasta.melds import Meld
from kanasta.position import (
    FIELDS,
    GAME_OVER,
    CardsDrawn,
    Event,
    HandResult,
    HandStarted,
    LogNode,
    PacketTaken,
    Phase,
    PileJoined,
    PileTaken,
    Position,
    RedThreeLaid,
    Turn,
    sentence,
)
from kanasta.rules import Rules

__all__ = [
    "VIEW_FIELDS",
    "CardsDrawnHidden",
    "FieldKind",
    "PacketTakenHidden",
    "RedThreeLaidHidden",
    "SeenEvent",
    "SeenHistory",
    "SeenStep",
    "ViewData",
    "hide",
    "known_after",
    "seen_fields",
    "seen_history",
    "track_known",
]


@attrs.frozen(slots=True)
class CardsDrawnHidden:
    """Another seat drew ``count`` cards from the stock (:class:`~kanasta.CardsDrawn` as others see it).

    >>> from kanasta import CardsDrawnHidden
    >>> CardsDrawnHidden(seat=2, count=1).count
    1
    """

    seat: int
    count: int

    def __str__(self) -> str:
        return sentence(self)


@attrs.frozen(slots=True)
class RedThreeLaidHidden:
    """Another seat laid a red 3 and drew a replacement the viewer does not see (C-THREE-1, C-DEAL-3).

    A red 3 laid with no replacement (from the pile, or with the stock
    empty) hides nothing and is shown as a :class:`~kanasta.RedThreeLaid`.

    >>> import kanasta
    >>> kanasta.RedThreeLaidHidden(seat=1, card=kanasta.parse_card("3D"), source="stock").source
    'stock'
    """

    seat: int
    card: Card
    source: Literal["deal", "stock", "pile"]

    def __str__(self) -> str:
        return sentence(self)


@attrs.frozen(slots=True)
class PacketTakenHidden:
    """Another seat picked up packet number ``packet`` of ``size`` cards (K-OUT-2), face down.

    >>> from kanasta import PacketTakenHidden
    >>> PacketTakenHidden(seat=3, packet=1, size=11).size
    11
    """

    seat: int
    packet: int
    size: int

    def __str__(self) -> str:
        return sentence(self)


SeenEvent = Event | CardsDrawnHidden | RedThreeLaidHidden | PacketTakenHidden
"""An event as one seat saw it: the event itself, or its hidden form when it holds cards the seat may not see."""


@attrs.frozen(slots=True)
class SeenStep:
    """One move as one seat saw it: who made it, the move (moves are public), and the events seen.

    >>> import kanasta
    >>> s = kanasta.new_game(kanasta.Rules.classic(), seed=2)
    >>> mover = s.current_player
    >>> s = s.apply(kanasta.Draw())
    >>> [type(e).__name__ for e in s.view(mover).history[-1].events]
    ['CardsDrawn']
    >>> [type(e).__name__ for e in s.view((mover + 1) % 4).history[-1].events]
    ['CardsDrawnHidden']
    """

    seat: int
    action: Action
    events: tuple[SeenEvent, ...]


def hide(event: Event, seat: int) -> SeenEvent:
    """``event`` as ``seat`` sees it (E-4): its hidden form when it holds cards the seat may not see.

    >>> import kanasta
    >>> hide(kanasta.CardsDrawn(seat=1, cards=kanasta.parse_cards("4C 9D")), 0)
    CardsDrawnHidden(seat=1, count=2)
    """
    if isinstance(event, CardsDrawn) and event.seat != seat:
        return CardsDrawnHidden(seat=event.seat, count=len(event.cards))
    if isinstance(event, RedThreeLaid) and event.seat != seat and event.replacement is not None:
        return RedThreeLaidHidden(seat=event.seat, card=event.card, source=event.source)
    if isinstance(event, PacketTaken) and event.seat != seat:
        return PacketTakenHidden(seat=event.seat, packet=event.packet, size=len(event.cards))
    return event


class _SeenLink:
    """One step of one seat's history as that seat saw it, and the link before it (immutable).

    A state's history node keeps the link made for each seat
    (:attr:`LogNode.views`), so a view of a later position reuses the links
    of earlier ones: taking a view costs the same at any game length.
    """

    __slots__ = ("prev", "step", "length")

    prev: _SeenLink | None
    step: SeenStep
    length: int

    def __init__(self, prev: _SeenLink | None, step: SeenStep) -> None:
        object.__setattr__(self, "prev", prev)
        object.__setattr__(self, "step", step)
        object.__setattr__(self, "length", 1 if prev is None else prev.length + 1)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a view's history cannot be changed")


class SeenHistory(Sequence[SeenStep]):
    """The moves of a game as one seat saw them, oldest first: an immutable sequence of :class:`SeenStep`.

    Views of later positions share the steps of earlier ones, so taking a
    view does not copy the history.  It indexes, iterates, slices (a slice is
    a tuple) and compares equal to another history or a tuple with the same
    steps.

    >>> import kanasta
    >>> s = kanasta.new_game(kanasta.Rules.classic(), seed=2)
    >>> s = s.apply(kanasta.Draw())
    >>> h = s.view(0).history
    >>> len(h), str(h[-1].action), h == tuple(h)
    (1, 'draw', True)
    >>> kanasta.SeenHistory(h) == h
    True
    """

    __slots__ = ("_head", "_steps")

    _head: _SeenLink | None
    _steps: tuple[SeenStep, ...] | None

    def __init__(self, steps: Iterable[SeenStep] = ()) -> None:
        head: _SeenLink | None = None
        for step in steps:
            if type(step) is not SeenStep:
                raise TypeError(f"a history holds kanasta.SeenStep values, not {type(step).__name__}")
            head = _SeenLink(head, step)
        object.__setattr__(self, "_head", head)
        object.__setattr__(self, "_steps", None)

    @classmethod
    def _of(cls, head: _SeenLink | None) -> SeenHistory:
        new = cls.__new__(cls)
        object.__setattr__(new, "_head", head)
        object.__setattr__(new, "_steps", None)
        return new

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a view's history cannot be changed")

    def _tuple(self) -> tuple[SeenStep, ...]:
        steps = self._steps
        if steps is None:
            out: list[SeenStep] = []
            link = self._head
            while link is not None:
                out.append(link.step)
                link = link.prev
            out.reverse()
            steps = tuple(out)
            object.__setattr__(self, "_steps", steps)
        return steps

    def __len__(self) -> int:
        return 0 if self._head is None else self._head.length

    @overload
    def __getitem__(self, index: int) -> SeenStep: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[SeenStep, ...]: ...

    def __getitem__(self, index: int | slice) -> SeenStep | tuple[SeenStep, ...]:
        if type(index) is int and -8 <= index < 0 and self._steps is None:
            link = self._head  # the last few steps without building the whole sequence
            for _ in range(-index - 1):
                link = None if link is None else link.prev
            if link is None:
                raise IndexError("history index out of range")
            return link.step
        return self._tuple()[index]

    def __iter__(self) -> Iterator[SeenStep]:
        return iter(self._tuple())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, SeenHistory):
            return other._head is self._head or (len(self) == len(other) and self._tuple() == other._tuple())
        if isinstance(other, tuple):
            return self._tuple() == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._tuple())

    def __repr__(self) -> str:
        return f"SeenHistory({list(self._tuple())!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (SeenHistory, (self._tuple(),))

    def __copy__(self) -> SeenHistory:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> SeenHistory:
        return self


def _history(value: Iterable[SeenStep]) -> SeenHistory:
    return value if isinstance(value, SeenHistory) else SeenHistory(value)


def seen_head(node: LogNode | None, seat: int, players: int) -> _SeenLink | None:
    """The last link of ``seat``'s history up to ``node``: cached on the history, so usually O(1)."""
    missing: list[LogNode] = []
    link: _SeenLink | None = None
    while node is not None:
        refs = node.views
        if refs and refs[seat] is not None:
            link = refs[seat]
            break
        missing.append(node)
        node = node.prev
    for node in reversed(missing):
        step = node.step
        link = _SeenLink(link, SeenStep(
            seat=step.seat, action=step.action, events=tuple(hide(e, seat) for e in step.events)
        ))
        refs = node.views or (None,) * players
        object.__setattr__(node, "views", refs[:seat] + (link,) + refs[seat + 1:])
    return link


def seen_history(node: LogNode | None, seat: int, players: int) -> SeenHistory:
    """The history up to ``node`` as ``seat`` saw it (E-4), sharing the links made for earlier views.

    >>> import kanasta
    >>> s = kanasta.new_game(kanasta.Rules.classic(), seed=2).apply(kanasta.Draw())
    >>> seen_history(s._log, 0, 4) == s.view(0).history
    True
    """
    return SeenHistory._of(seen_head(node, seat, players))


def known_after(history: Iterable[SeenStep], rules: Rules) -> list[Counter[Card]]:
    """The cards each seat is known to hold after ``history`` (by seat; see :func:`track_known`).

    >>> import kanasta
    >>> from kanasta.view.seen import known_after
    >>> s = kanasta.new_game(kanasta.Rules.kanasta(), seed=2)
    >>> taker, top = s.current_player, s.pile[-1]
    >>> view = s.apply(kanasta.TakePile()).view((taker + 1) % 4)
    >>> known_after(view.history, view.rules)[taker][top] >= 1
    True
    """
    known: list[Counter[Card]] = [Counter() for _ in range(rules.players)]
    for step in _this_hand(history):
        known = track_known(known, rules, step.seat, step.action, step.events)
    return known


def _this_hand(history: Iterable[SeenStep]) -> Sequence[SeenStep]:
    """The steps of ``history`` from the last one that started a hand (all of them if none did).

    :func:`track_known` forgets everything at a new hand, so :func:`known_after` starts there: its
    cost is the hand's length, not the game's (a view's history is walked back from its newest step).
    """
    if isinstance(history, SeenHistory):
        steps: list[SeenStep] = []
        link = history._head
        while link is not None:
            steps.append(link.step)
            if any(isinstance(e, HandStarted) for e in link.step.events):
                break
            link = link.prev
        steps.reverse()
        return steps
    every = tuple(history)
    for at in range(len(every) - 1, -1, -1):
        if any(isinstance(e, HandStarted) for e in every[at].events):
            return every[at:]
    return every

def track_known(
    known: list[Counter[Card]], rules: Rules, seat: int, action: Action, events: Iterable[Event | SeenEvent]
) -> list[Counter[Card]]:
    """The cards each seat is known to hold after ``seat`` made ``action`` (with its ``events``).

    ``known`` (by seat) is what everyone knew before the move: cards taken
    from the discard pile, known to stay in the taker's hand until that
    player melds or discards a card of the same kind or picks up a packet
    (see :meth:`ViewData.known_cards`).  It is updated in place and returned,
    or a fresh list is returned when the move starts a new hand.  Every seat
    knows the same of the others, so a search can follow it along a
    sampled game.

    >>> import kanasta
    >>> from collections import Counter
    >>> from kanasta.view.seen import track_known
    >>> s = kanasta.new_game(kanasta.Rules.kanasta(), seed=2)
    >>> taker, top = s.current_player, s.pile[-1]
    >>> after = s.apply(kanasta.TakePile())
    >>> known = track_known([Counter() for _ in range(4)], s.rules, taker, kanasta.TakePile(), after.events)
    >>> known[taker][top] >= 1
    True
    """
    played: tuple[Card, ...] = ()
    if isinstance(action, (LayMeld, AddToMeld, TakePile)):
        played = action.cards
    elif isinstance(action, ExtendRun):
        played = action.run  # the old cards too: a safe under-estimate
    elif isinstance(action, Discard):
        played = (action.card,)
    mine = known[seat]
    for card in played:
        if mine[card] > 0:
            mine[card] -= 1
    for event in events:
        if isinstance(event, HandStarted):
            known = [Counter() for _ in range(rules.players)]
        elif isinstance(event, PileTaken) and not event.aside:
            gained = event.cards if rules.pile_take == "whole" else event.cards[:-1]
            known[event.seat].update(c for c in gained if not (rules.red_threes and c.is_red_three))
        elif isinstance(event, PileJoined):
            known[event.seat].update(event.cards)
        elif isinstance(event, (PacketTaken, PacketTakenHidden)):
            known[event.seat] = Counter()
    return known


@attrs.frozen(slots=True, repr=False)
class ViewData:
    """Everything one seat may know about a game, and nothing else (RULES E-4); see :class:`kanasta.PlayerView`.

    Make one with :meth:`State.view` or :func:`make_view`.  Fields indexed by
    seat: :attr:`hand_sizes`, :attr:`melded_this_hand`; by team:
    :attr:`scores`, :attr:`melds`, :attr:`red_threes`, :attr:`packets_taken`,
    :attr:`opened`.  :attr:`turn` is the whole :class:`~kanasta.Turn`: all of
    it is public (the cards laid, the count, the pile set aside, the card
    that may not be discarded).

    :meth:`legal_actions` are the seat's legal moves when it is the seat to
    move (empty otherwise), computed by the engine when the view is made.
    They cannot always be computed from the view: when partner asks "may I go
    out?" (C-OUT-3), whether the answer may be "no" depends on the asker's
    hand (E-2), which the answering seat does not see.  The view carries the
    engine's answer rather than guess.

    >>> import kanasta
    >>> s = kanasta.new_game(kanasta.Rules.kanasta(), seed=3)
    >>> v = s.view(0)
    >>> v.seat, len(v.hand), v.packet_sizes, v.trump == s.trump
    (0, 11, (11, 11), True)
    >>> hasattr(v, "seed"), hasattr(v, "stock")
    (False, False)
    """

    #: The rules of the game.
    rules: Rules
    #: The seat this view is for.
    seat: int
    #: The hand being played, from 1.
    hand_number: int
    #: The dealer of this hand.
    dealer: int
    #: Cumulative scores by team.
    scores: tuple[int, ...]
    #: The seat's own hand, in card order.
    hand: tuple[Card, ...]
    #: How many cards each seat holds.
    hand_sizes: tuple[int, ...]
    #: How many cards are left in the stock.
    stock_size: int
    #: The discard pile, bottom to top (face up, C-PILE-1).
    pile: tuple[Card, ...]
    #: Whether the pile is frozen by a wild card or a red 3 (C-PILE-3).
    pile_frozen: bool
    #: The melds of each team.
    melds: tuple[tuple[Meld, ...], ...]
    #: The red 3s laid by each team (C-THREE-1).
    red_threes: tuple[tuple[Card, ...], ...]
    #: The sizes of the packets still on the table, in the order they are taken (K-OUT-2).
    packet_sizes: tuple[int, ...]
    #: Packets taken by each team (K-OUT-2).
    packets_taken: tuple[int, ...]
    #: The trump card of the hand (K-TRUMP-1), or None.
    trump: Card | None
    #: Whether each team is open / down (K-OPEN-1, C-OPEN-2).
    opened: tuple[bool, ...]
    #: Whether each seat has melded in this hand (C-OUT-4).
    melded_this_hand: tuple[bool, ...]
    #: The seat whose turn it is (during an answer: the partner who answers).
    player: int
    #: What the game waits for.
    phase: Phase
    #: The turn so far (all public).
    turn: Turn
    #: The winning team once the game is over.
    winner: int | None
    #: Every finished hand's result (public: hands are shown when a hand is scored).
    hand_results: tuple[HandResult, ...]
    # The seat's legal moves if it is the seat to move, else empty; read with
    # legal_actions(), like State.legal_actions().  The init argument keeps the
    # public name.
    _legal_actions: tuple[Action, ...] = attrs.field(alias="legal_actions")
    #: The moves so far as this seat saw them.
    history: SeenHistory = attrs.field(converter=_history)
    #: The first hand's deal as this seat saw it (:attr:`State.start_events`);
    #: like the state's events, not part of equality.
    start_events: tuple[SeenEvent, ...] = attrs.field(default=(), eq=False)
    #: Moves made in this hand so far when the rules set
    #: :attr:`~kanasta.Rules.hand_move_limit` (else 0); all moves are public.
    hand_moves: int = 0

    @property
    def current_player(self) -> int | None:
        """The seat whose decision it is, or None once the game is over.

        >>> import kanasta
        >>> s = kanasta.new_game(kanasta.Rules.classic(), seed=1)
        >>> s.view(0).current_player == s.current_player
        True
        """
        return None if self.phase is GAME_OVER else self.player

    @property
    def is_game_over(self) -> bool:
        """True once a team has won (G-GAME-1).

        >>> import kanasta
        >>> kanasta.new_game(kanasta.Rules.classic(), seed=1).view(2).is_game_over
        False
        """
        return self.phase is GAME_OVER

    @property
    def team(self) -> int:
        """The seat's team.

        >>> import kanasta
        >>> kanasta.new_game(kanasta.Rules.classic(), seed=1).view(3).team
        1
        """
        return self.rules.team_of(self.seat)

    @property
    def first_player(self) -> int:
        """The seat that played first in this hand (as :attr:`State.first_player <kanasta.State.first_player>`).

        >>> import kanasta
        >>> s = kanasta.new_game(kanasta.Rules.classic(), seed=1)
        >>> s.view(0).first_player == s.first_player
        True
        """
        return (self.dealer + 1) % self.rules.players

    @property
    def events(self) -> tuple[SeenEvent, ...]:
        """The events of the last move as the seat saw them (as :attr:`State.events <kanasta.State.events>`).

        Before any move: the first deal's events.

        >>> import kanasta
        >>> s = kanasta.new_game(kanasta.Rules.classic(), seed=1).apply(kanasta.Draw())
        >>> s.view(0).events
        (CardsDrawnHidden(seat=3, count=1),)
        """
        return self.history[-1].events if self.history else self.start_events

    def team_of(self, seat: int) -> int:
        """The team of ``seat`` (as :meth:`State.team_of <kanasta.State.team_of>`).

        >>> import kanasta
        >>> kanasta.new_game(kanasta.Rules.classic(), seed=1).view(0).team_of(3)
        1
        """
        return self.rules.team_of(seat)

    def is_legal(self, action: Action) -> bool:
        """Whether the seat may make ``action`` now (as :meth:`State.is_legal <kanasta.State.is_legal>`).

        >>> import kanasta
        >>> s = kanasta.new_game(kanasta.Rules.classic(), seed=1)
        >>> s.view(3).is_legal(kanasta.Draw()), s.view(0).is_legal(kanasta.Draw())
        (True, False)
        """
        return action in self._legal_actions

    def legal_actions(self) -> tuple[Action, ...]:
        """The seat's legal moves if it is the seat to move, else empty (RULES E-1, E-2).

        The same moves, in the same order, as :meth:`State.legal_actions
        <kanasta.State.legal_actions>` of the state the view was taken from.

        >>> import kanasta
        >>> s = kanasta.new_game(kanasta.Rules.classic(), seed=1)
        >>> s.view(s.current_player).legal_actions() == s.legal_actions()
        True
        >>> s.view((s.current_player + 1) % 4).legal_actions()
        ()
        """
        return self._legal_actions

    def known_cards(self) -> tuple[tuple[Card, ...], ...]:
        """Cards the seat knows to be in each hand, by seat (its own: the whole hand).

        Cards taken from the discard pile are seen by everyone; they are known
        to stay in the taker's hand until that player melds or discards a card
        of the same kind (identical cards are not told apart) or picks up a
        packet.  Worked out from :attr:`history`, so a view of a loaded state
        (no history) knows only its own hand.

        >>> import kanasta
        >>> s = kanasta.new_game(kanasta.Rules.kanasta(), seed=2)
        >>> taker = s.current_player
        >>> top = s.pile[-1]
        >>> s = s.apply(kanasta.TakePile())
        >>> top in s.view((taker + 1) % 4).known_cards()[taker]
        True
        """
        known = known_after(self.history, self.rules)
        return tuple(
            self.hand if seat == self.seat else tuple(sorted(known[seat].elements()))
            for seat in range(self.rules.players)
        )

    def unseen_cards(self) -> tuple[Card, ...]:
        """The cards the seat cannot see: the deck less its hand, the pile, the melds, the red 3s and the pile
        set aside.

        They are the other hands, the stock and the packets.

        >>> import kanasta
        >>> v = kanasta.new_game(kanasta.Rules.classic(), seed=1).view(0)
        >>> len(v.unseen_cards()) == sum(v.hand_sizes) - len(v.hand) + v.stock_size
        True
        """
        seen: Counter[Card] = Counter(self.hand)
        seen.update(self.pile)
        seen.update(self.turn.aside)
        for team in self.melds:
            for meld in team:
                seen.update(meld.cards)
        for reds in self.red_threes:
            seen.update(reds)
        left = Counter(DECK)
        left.subtract(seen)
        if any(k < 0 for k in left.values()):
            over = sorted(c for c, k in left.items() if k < 0)
            raise SamplingError(f"the view shows more copies of {format_cards(over)} than the deck has")
        return tuple(sorted(left.elements()))

    def __repr__(self) -> str:
        return (
            f"<PlayerView seat {self.seat}, hand {self.hand_number}, seat {self.player} to {self.phase.value}, "
            f"hand {format_cards(self.hand) or '-'}, stock {self.stock_size}, scores {self.scores}>"
        )


# ------------------------------------------------------------------ the view's fields, once

FieldKind: TypeAlias = Literal[
    "rules", "seat", "team or none", "hand number", "count", "move count", "bool", "phase",
    "scores", "counts by seat", "counts", "numbers by team", "bools by seat", "bools by team",
    "hand", "cards", "cards by team", "card or none", "melds by team", "turn", "hand results",
]
"""What kind of value a view's field holds, as its document writes and reads it (see
:mod:`kanasta.view.document`): a number and its range, a list by seat or by team, cards, melds,
the turn, hand results.  ``"move count"`` is :attr:`ViewData.hand_moves`, written only when the
rules count moves."""

VIEW_FIELDS: Final[tuple[tuple[str, FieldKind], ...]] = (
    ("rules", "rules"),
    ("seat", "seat"),
    ("hand_number", "hand number"),
    ("dealer", "seat"),
    ("scores", "scores"),
    ("phase", "phase"),
    ("player", "seat"),
    ("hand", "hand"),
    ("hand_sizes", "counts by seat"),
    ("stock_size", "count"),
    ("pile", "cards"),
    ("pile_frozen", "bool"),
    ("melds", "melds by team"),
    ("red_threes", "cards by team"),
    ("packet_sizes", "counts"),
    ("packets_taken", "numbers by team"),
    ("trump", "card or none"),
    ("opened", "bools by team"),
    ("melded_this_hand", "bools by seat"),
    ("turn", "turn"),
    ("winner", "team or none"),
    ("hand_results", "hand results"),
    ("hand_moves", "move count"),
)
"""The one table of what a seat sees of the table: every field of :class:`ViewData` but its moves
(the legal moves, the history, the start events), in the order of the view document
(``kanasta.view/1``), each with its kind.  The document's writer and reader
(:mod:`kanasta.view.document`) and the native core's views follow it; the core's table
(``kanasta._core.VIEW_FIELDS``, ``rust/src/view/seen.rs``) names the same fields in the same order
(checked when :mod:`kanasta.view` loads).  A new field of the view is declared in :class:`ViewData`
(with a default, so that views pickled before it still load), here, and in :func:`seen_fields`
(and in the core's table, with how the core sees it); the documents, the JSON and the native
views follow.

>>> VIEW_FIELDS[:3]
(('rules', 'rules'), ('seat', 'seat'), ('hand_number', 'hand number'))
"""

_SHARED: Final[tuple[str, ...]] = tuple(
    name for name, _ in VIEW_FIELDS if name in FIELDS and name not in ("hand", "start_events")
)
"""The fields a seat sees of the position as they are (the public table, derived)."""


def seen_fields(state: Position, seat: int) -> dict[str, Any]:
    """What ``seat`` sees of ``state`` (RULES E-4): the fields of its view but its legal moves, by name.

    The fields of :data:`VIEW_FIELDS`: the public ones as the position holds them, the seat's
    own hand, and of every hidden place its size; the history and the first deal's events as
    the seat saw them.  :func:`kanasta.make_view` makes the view of them.

    >>> import kanasta
    >>> s = kanasta.new_game(kanasta.Rules.kanasta(), seed=3)
    >>> fields = seen_fields(s, 1)
    >>> fields["hand"] == s.hands[1], fields["packet_sizes"], "stock" in fields
    (True, (11, 11), False)
    """
    players = state.rules.players
    return {
        "seat": seat,
        "hand": state.hands[seat],
        "hand_sizes": tuple(len(h) for h in state.hands),
        "stock_size": len(state.stock),
        "packet_sizes": tuple(len(p) for p in state.packets),
        "history": seen_history(state._log, seat, players),
        "start_events": tuple(hide(e, seat) for e in state.start_events),
        **{name: getattr(state, name) for name in _SHARED},
    }
