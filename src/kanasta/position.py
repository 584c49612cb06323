"""A game position and its parts: plain frozen data, the bottom of the state layers.

:class:`Position` holds everything about a game in progress and never changes;
it knows no rule.  The rules are functions above it (:mod:`kanasta.engine`,
``kanasta.legality``), and :class:`kanasta.State`, the public facade, is a
:class:`Position` whose methods call them.  Point quantities are kept in half
points (ints) and shown as :class:`~fractions.Fraction` by properties.

>>> import kanasta
>>> s = kanasta.new_game(kanasta.Rules.classic(), seed=7)
>>> s.phase, s.hand_number, len(s.hands[s.current_player])
(<Phase.DRAW: 'draw'>, 1, 11)
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from fractions import Fraction
from typing import Any, Final, Literal, Self

import attrs

from kanasta.actions import Action
from kanasta.cards import Card, format_cards
from kanasta.melds import CanastaKind, Meld
from kanasta.rules import Rules

__all__ = [
    "FIELDS",
    "INIT",
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
    "Position",
    "RedThreeLaid",
    "Step",
    "StockExhausted",
    "TeamOpened",
    "TeamScore",
    "Turn",
    "UpcardTurned",
    "WentOut",
]


class Phase(enum.Enum):
    """What kind of decision the state is waiting for.

    >>> from kanasta import Phase
    >>> [p.value for p in Phase]
    ['draw', 'play', 'answer', 'game_over']
    """

    DRAW = "draw"
    """Start of a turn: draw from the stock or take the pile (or decline, C-OUT-5)."""
    PLAY = "play"
    """After the draw: meld, add, ask partner, discard."""
    ANSWER = "answer"
    """The partner answers "may I go out?" (C-OUT-3)."""
    GAME_OVER = "game_over"
    """The game has ended (G-GAME-1); no more moves."""


PHASE_OF: Final[dict[str, Phase]] = {p.value: p for p in Phase}
"""Each phase by its value (``"draw"`` ...): how documents and the native core name it."""

GAME_OVER: Final = Phase.GAME_OVER
"""The phase :attr:`Position.is_game_over` and :attr:`Position.current_player` look for, at
every decision of a game loop: read as a module constant, it costs a dictionary read, where
``Phase.GAME_OVER`` costs a lookup through the enum class's ``__getattr__`` hook (about 1,700
machine instructions, as much as a whole move of the native core's play)."""


@attrs.frozen(slots=True)
class Turn:
    """What has happened so far in the current turn.

    >>> import kanasta
    >>> t = kanasta.new_game(kanasta.Rules.kanasta(), seed=1).turn
    >>> t.drew is None, t.count, t.aside
    (True, Fraction(0, 1), ())
    """

    #: ``"stock"`` or ``"pile"`` once the player has drawn, else None.
    drew: Literal["stock", "pile"] | None = None
    #: Value laid down this turn toward the opening minimum, in half points.
    count_halves: int = 0
    #: Whether cards were laid down this turn (the take's meld included).
    laid: bool = False
    #: The rest of a pile taken before the team was down, waiting aside (C-PILE-5).
    aside: tuple[Card, ...] = ()
    #: A card that may not be discarded this turn (K-PILE-3).
    forbidden: Card | None = None
    #: Whether the player asked partner this turn (C-OUT-3).
    asked: bool = False
    #: Partner's answer: True (must go out), False (may not), None (not asked).
    answer: bool | None = None
    #: A meld or addition other than the take's own meld was made (closes C-OUT-3's window).
    melded: bool = False
    #: A black-3 meld was laid: the player must go out this turn (C-THREE-2).
    must_go_out: bool = False
    #: The player had not melded in this hand before this turn (C-OUT-4).
    first_meld: bool = True
    #: Team melds with this index or higher were laid this turn by this player.
    own_from: int = 0
    #: Cards were added to a meld that existed before this turn (not concealed, C-OUT-4).
    added_to_old: bool = False
    #: The last stock card was drawn this turn (K-OUT-6, C-OUT-5 option).
    last_stock: bool = False

    @property
    def count(self) -> Fraction:
        """Value laid down this turn toward the opening minimum (C-OPEN-2, K-OPEN-3).

        >>> import kanasta
        >>> kanasta.Turn(count_halves=9).count
        Fraction(9, 2)
        """
        return Fraction(self.count_halves, 2)


# ----------------------------------------------------------------- scoring


@attrs.frozen(slots=True)
class CanastaScore:
    """The bonus of one canasta/kanasta in a hand's score (C-MELD-4, K-BONUS-1, K-TRUMP-2).

    >>> from kanasta import CanastaScore
    >>> CanastaScore(meld=0, kind="clean", base=20, trump_doubled=True, bonus=40).bonus
    40
    """

    meld: int
    kind: CanastaKind
    base: int
    trump_doubled: bool
    bonus: int


@attrs.frozen(slots=True)
class TeamScore:
    """One team's score for a hand, part by part (C-SCORE-1, K-SCORE-1).

    ``raw_total`` is the exact sum; ``total`` is it rounded as the rules say
    (up to a whole number in Kanasta).

    >>> from fractions import Fraction
    >>> from kanasta import TeamScore
    >>> t = TeamScore(team=0, packets=1, packet_points=10, meld_points=Fraction(5, 2),
    ...               canastas=(), canasta_points=0, red_threes=0, red_three_points=0,
    ...               going_out_points=0, hand_points=Fraction(1), raw_total=Fraction(23, 2), total=12)
    >>> t.total
    12
    """

    team: int
    packets: int
    packet_points: int
    meld_points: Fraction
    canastas: tuple[CanastaScore, ...]
    canasta_points: int
    red_threes: int
    red_three_points: int
    going_out_points: int
    hand_points: Fraction
    raw_total: Fraction
    total: int


HandEnd = Literal["going_out", "stock", "red_three", "no_take", "declined", "move_limit"]
"""How a hand ended (:attr:`HandResult.ended_by`): by going out, the stock
running out (K-OUT-6 / the end-of-turn option), a red 3 as the last stock
card, no take possible from an empty stock, a declined pile (C-OUT-5), or
the rules' :attr:`~kanasta.Rules.hand_move_limit`.

>>> import typing
>>> from kanasta.state import HandEnd
>>> typing.get_args(HandEnd)
('going_out', 'stock', 'red_three', 'no_take', 'declined', 'move_limit')
"""


@attrs.frozen(slots=True)
class HandResult:
    """How a hand ended and what each team scored.

    ``ended_by`` is ``"going_out"``, ``"stock"`` (K-OUT-6 / the end-of-turn
    option), ``"red_three"`` (a red 3 was the last stock card), ``"no_take"``
    (stock empty and the player could not take the pile), ``"declined"``
    (C-OUT-5) or ``"move_limit"`` (the hand reached
    :attr:`Rules.hand_move_limit <kanasta.Rules.hand_move_limit>`).

    >>> import kanasta
    >>> r = kanasta.HandResult(hand_number=1, dealer=0, ended_by="stock", went_out=None,
    ...     concealed=False, teams=(), scores=(0, 0), melds=(), hands=(), red_threes=(), trump=None)
    >>> r.ended_by
    'stock'
    """

    hand_number: int
    dealer: int
    ended_by: HandEnd
    went_out: int | None
    concealed: bool
    teams: tuple[TeamScore, ...]
    scores: tuple[int, ...]
    melds: tuple[tuple[Meld, ...], ...]
    hands: tuple[tuple[Card, ...], ...]
    red_threes: tuple[tuple[Card, ...], ...]
    trump: Card | None

    def __str__(self) -> str:
        return sentence(self)


# ------------------------------------------------------------------ events


class _Sentences:
    """Who writes ``str()`` of an event or hand result: :mod:`kanasta.text`, which sits above the data.

    The data cannot import the module that describes it without an import
    cycle, so :mod:`kanasta.text` hands its writer over when it is imported
    (``import kanasta`` always imports it).
    """

    write: Callable[[Any], str] = repr


def write_sentences_with(writer: Callable[[Any], str]) -> None:
    """Make ``writer`` write ``str()`` of every event and hand result (called once, by :mod:`kanasta.text`)."""
    _Sentences.write = staticmethod(writer)


def sentence(item: object) -> str:
    """``str()`` of an event or hand result: its sentence, written by :mod:`kanasta.text`.

    Every event class's ``__str__`` calls it (the hidden forms of events in
    :mod:`kanasta.view.seen` too), so that the data need not import the text
    that sits above them.

    >>> import kanasta
    >>> from kanasta.position import sentence
    >>> event = kanasta.CardsDrawn(seat=2, cards=kanasta.parse_cards("7H"))
    >>> sentence(event) == str(event) == "Seat 2 draws 7H."
    True
    """
    return _Sentences.write(item)


@attrs.frozen(slots=True)
class HandStarted:
    """A new hand was dealt (E-3).

    >>> import kanasta
    >>> e = kanasta.new_game(kanasta.Rules.classic(), seed=3).events[0]
    >>> type(e).__name__, e.hand_number
    ('HandStarted', 1)
    """

    hand_number: int
    dealer: int
    first_player: int

    def __str__(self) -> str:
        return sentence(self)


@attrs.frozen(slots=True)
class UpcardTurned:
    """The card(s) turned up to start the pile, bottom to top (C-DEAL-2, K-TRUMP-1).

    >>> import kanasta
    >>> kanasta.UpcardTurned(kanasta.parse_cards("JK 7H")).cards[-1]
    Card('7H')
    """

    cards: tuple[Card, ...]
    frozen: bool = False
    trump: Card | None = None

    def __str__(self) -> str:
        return sentence(self)


@attrs.frozen(slots=True)
class RedThreeLaid:
    """A red 3 laid face up for the team (C-THREE-1, C-DEAL-3).

    ``source`` is ``"deal"``, ``"stock"`` or ``"pile"``; ``replacement`` is the
    card drawn for it (None from the pile, or when the stock was empty).  Views
    hide the replacement from the other seats.

    >>> import kanasta
    >>> kanasta.RedThreeLaid(seat=1, card=kanasta.parse_card("3H"), source="stock", replacement=None).seat
    1
    """

    seat: int
    card: Card
    source: Literal["deal", "stock", "pile"]
    replacement: Card | None

    def __str__(self) -> str:
        return sentence(self)


@attrs.frozen(slots=True)
class CardsDrawn:
    """Cards that went into a hand from the stock (hidden from other seats in views).

    >>> import kanasta
    >>> kanasta.CardsDrawn(seat=0, cards=kanasta.parse_cards("7H")).cards
    (Card('7H'),)
    """

    seat: int
    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return sentence(self)


@attrs.frozen(slots=True)
class PileTaken:
    """The pile was taken; ``cards`` are the pile's cards, bottom to top (public).

    >>> import kanasta
    >>> kanasta.PileTaken(seat=2, cards=kanasta.parse_cards("4C 9D")).seat
    2
    """

    seat: int
    cards: tuple[Card, ...]
    aside: bool = False

    def __str__(self) -> str:
        return sentence(self)


@attrs.frozen(slots=True)
class PileJoined:
    """The rest of a pile waiting aside joined the hand when the team got down (C-PILE-5).

    >>> import kanasta
    >>> kanasta.PileJoined(seat=0, cards=()).cards
    ()
    """

    seat: int
    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return sentence(self)


@attrs.frozen(slots=True)
class TeamOpened:
    """A team became open / got down (C-OPEN-2, K-OPEN-1).

    >>> import kanasta
    >>> kanasta.TeamOpened(team=1, seat=3).team
    1
    """

    team: int
    seat: int

    def __str__(self) -> str:
        return sentence(self)


@attrs.frozen(slots=True)
class PacketTaken:
    """A player who emptied the hand picked up a packet (K-OUT-2); ``cards`` hidden in views.

    >>> import kanasta
    >>> kanasta.PacketTaken(seat=0, packet=1, cards=()).packet
    1
    """

    seat: int
    packet: int
    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return sentence(self)


@attrs.frozen(slots=True)
class WentOut:
    """A player went out (C-OUT-1, C-OUT-4, K-OUT-5).

    >>> import kanasta
    >>> kanasta.WentOut(seat=1, concealed=True).concealed
    True
    """

    seat: int
    concealed: bool

    def __str__(self) -> str:
        return sentence(self)


@attrs.frozen(slots=True)
class StockExhausted:
    """The last stock card was drawn (C-OUT-5, K-OUT-6).

    >>> import kanasta
    >>> kanasta.StockExhausted(seat=3).seat
    3
    """

    seat: int

    def __str__(self) -> str:
        return sentence(self)


@attrs.frozen(slots=True)
class HandEnded:
    """A hand ended and was scored (E-3); ``result`` has the breakdown.

    >>> import kanasta
    >>> kanasta.HandEnded.__name__
    'HandEnded'
    """

    result: HandResult

    def __str__(self) -> str:
        return sentence(self)


@attrs.frozen(slots=True)
class GameEnded:
    """The game ended (G-GAME-1).

    >>> import kanasta
    >>> kanasta.GameEnded(winner=0, scores=(5010, 3000)).winner
    0
    """

    winner: int
    scores: tuple[int, ...]

    def __str__(self) -> str:
        return sentence(self)


Event = (
    HandStarted | UpcardTurned | RedThreeLaid | CardsDrawn | PileTaken | PileJoined
    | TeamOpened | PacketTaken | WentOut | StockExhausted | HandEnded | GameEnded
)
"""Anything the engine did or saw happen while applying a move."""


@attrs.frozen(slots=True)
class Step:
    """One applied move: who made it, the move, and what followed from it.

    >>> import kanasta
    >>> s = kanasta.new_game(kanasta.Rules.classic(), seed=2)
    >>> s2 = s.apply(kanasta.Draw())
    >>> step = s2.history[-1]
    >>> step.seat == s.current_player, str(step.action)
    (True, 'draw')
    """

    seat: int
    action: Action
    events: tuple[Event, ...]


# ------------------------------------------------------------------- state


class LogNode:
    """One link of a game's move history: the step and the link before it.

    States share their history: a new state adds one node in front of its
    parent's.  A node cannot be changed once made (its fields are set by the
    constructor only), so no state's history can be rewritten after the fact.
    ``length`` is the number of steps up to and including this one.
    ``views`` holds, per seat, the step as that seat saw it, linked to the
    seat's earlier steps (filled by :mod:`kanasta.view` when a view is
    taken, set once per seat), so taking a view costs the same at any game
    length.  ``done`` is a memo of :meth:`steps`: the last link whose steps
    were listed keeps them (no part of the history, never compared).
    Internal; use :attr:`State.history`.
    """

    __slots__ = ("prev", "step", "length", "views", "done")

    prev: LogNode | None
    step: Step
    length: int
    views: tuple[Any, ...]
    done: tuple[Step, ...] | None

    def __init__(self, prev: LogNode | None, step: Step) -> None:
        object.__setattr__(self, "prev", prev)
        object.__setattr__(self, "step", step)
        object.__setattr__(self, "length", 1 if prev is None else prev.length + 1)
        object.__setattr__(self, "views", ())
        object.__setattr__(self, "done", None)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a history link cannot be changed (tried to set {name!r})")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a history link cannot be changed (tried to delete {name!r})")

    def steps(self) -> tuple[Step, ...]:
        """The steps up to this one, oldest first (a loop: no recursion at any length).

        Reading the history of each state of a game in turn costs the steps since the last
        one read, not the whole game each time: the steps listed are kept on this link, and
        an earlier link's, once extended here, are dropped (at most one list per line of
        play is kept, whatever its length).

        >>> from kanasta.actions import DRAW
        >>> a = LogNode(None, Step(seat=0, action=DRAW, events=()))
        >>> b = LogNode(a, Step(seat=1, action=DRAW, events=()))
        >>> [s.seat for s in a.steps()], [s.seat for s in b.steps()], a.done, b.steps() is b.steps()
        ([0], [0, 1], None, True)
        """
        done = self.done
        if done is not None:
            return done
        out: list[Step] = []
        node: LogNode | None = self
        while node is not None:
            done = node.done
            if done is not None:
                object.__setattr__(node, "done", None)  # extended here: kept once, on this link
                break
            out.append(node.step)
            node = node.prev
        out.reverse()
        steps = tuple(out) if done is None else done + tuple(out)
        object.__setattr__(self, "done", steps)
        return steps

    @staticmethod
    def chain(steps: tuple[Step, ...]) -> LogNode | None:
        """The history of ``steps`` (oldest first) as links, built in a loop."""
        node: LogNode | None = None
        for step in steps:
            node = LogNode(node, step)
        return node

    def __reduce__(self) -> tuple[Any, ...]:
        # written flat and rebuilt in a loop: pickling a long game never recurses
        return (LogNode.chain, (self.steps(),))

    def __copy__(self) -> LogNode:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> LogNode:
        return self


def _unpickle(make: type[Position], fields: dict[str, Any], steps: tuple[Step, ...]) -> Position:
    """Rebuild a pickled position (see :meth:`Position.__reduce__`): the history is rebuilt in a loop."""
    return make(**fields, log=LogNode.chain(steps))


def _no_eq(**kwargs: Any) -> Any:
    return attrs.field(eq=False, repr=False, **kwargs)


@attrs.frozen(slots=True, repr=False)
class Position:
    """The data of an immutable game position; :class:`kanasta.State` is the one you use.

    A :class:`kanasta.State` is a Position with the moves as methods
    (:meth:`~kanasta.State.legal_actions`, :meth:`~kanasta.State.apply`, ...);
    make one with :func:`kanasta.new_game`.  Tuples indexed by seat: :attr:`hands`; by team: :attr:`scores`,
    :attr:`melds`, :attr:`red_threes`, :attr:`packets_taken`, :attr:`opened`.
    The stock is listed from its top card; the pile from bottom to top.

    >>> import kanasta, random
    >>> state = kanasta.new_game(kanasta.Rules.kanasta(), seed=5)
    >>> len(state.stock), len(state.pile) >= 1, state.trump is not None
    (41, True, True)
    >>> after = state.apply(state.legal_actions()[0])
    >>> after is not state and len(state.hands[state.current_player]) == 11
    True
    """

    #: The rules of the game.
    rules: Rules
    #: The game's seed (G-RNG-1); it deals every hand.  Hidden from views.
    seed: int
    #: The hand being played, from 1.
    hand_number: int
    #: The seat that dealt this hand (G-DEAL-1).
    dealer: int
    #: Cumulative scores by team at the start of this hand (G-SCORE-1).
    scores: tuple[int, ...]
    #: Each seat's hand, in card order.
    hands: tuple[tuple[Card, ...], ...]
    #: The stock, from its top card (the next one drawn).
    stock: tuple[Card, ...]
    #: The discard pile, from bottom to top.
    pile: tuple[Card, ...]
    #: The pile holds a wild card or a red 3 and is frozen for everyone (C-PILE-3).
    pile_frozen: bool
    #: Each team's melds, in the order they were laid (the ``@i`` of the notation).
    melds: tuple[tuple[Meld, ...], ...]
    #: Each team's red 3s laid face up (C-THREE-1).
    red_threes: tuple[tuple[Card, ...], ...]
    #: The packets still on the table, the next one first (K-OUT-2).
    packets: tuple[tuple[Card, ...], ...]
    #: Packets taken by each team (K-OUT-2).
    packets_taken: tuple[int, ...]
    #: The hand's trump card (K-TRUMP-1), or None.
    trump: Card | None
    #: Whether each team is open / down (K-OPEN-1, C-OPEN-2).
    opened: tuple[bool, ...]
    #: Whether each seat has melded in this hand (C-OUT-4, concealed going out).
    melded_this_hand: tuple[bool, ...]
    #: The seat to act (in :attr:`Phase.ANSWER`, the partner who answers).
    player: int
    #: What the state waits for.
    phase: Phase
    #: What has happened in the current turn.
    turn: Turn
    #: The winning team once the game is over (G-GAME-1), else None.
    winner: int | None = None
    #: The result of every finished hand, oldest first.
    hand_results: tuple[HandResult, ...] = ()
    #: Moves made in this hand so far, counted only when the rules set
    #: :attr:`~kanasta.Rules.hand_move_limit` (else always 0).
    hand_moves: int = 0
    #: What the engine did while applying the move that led here (E-3): red 3s
    #: laid, packets taken, the hand's end and score, the next deal... Not part
    #: of equality or of a serialized position.
    events: tuple[Event, ...] = _no_eq(default=())
    #: The events of dealing the game's first hand (what :func:`~kanasta.new_game`
    #: reported).  Later hands are dealt in the move that ended the hand before,
    #: so their deal events are in that move's :class:`Step`.
    start_events: tuple[Event, ...] = _no_eq(default=())
    _log: LogNode | None = _no_eq(default=None)

    # ------------------------------------------------------------- queries
    @property
    def current_player(self) -> int | None:
        """The seat whose decision it is, or None once the game is over.

        During :attr:`Phase.ANSWER` it is the asking player's partner.

        >>> import kanasta
        >>> s = kanasta.new_game(kanasta.Rules.classic(), seed=1)
        >>> s.current_player == (s.dealer + 1) % 4
        True
        """
        return None if self.phase is GAME_OVER else self.player

    @property
    def is_game_over(self) -> bool:
        """True once a team has won (G-GAME-1).

        >>> import kanasta
        >>> kanasta.new_game(kanasta.Rules.classic(), seed=1).is_game_over
        False
        """
        return self.phase is GAME_OVER

    @property
    def first_player(self) -> int:
        """The seat that played first in this hand (the player after the dealer, G-DEAL-1).

        >>> import kanasta
        >>> s = kanasta.new_game(kanasta.Rules.classic(), seed=1)
        >>> s.first_player == (s.dealer + 1) % 4
        True
        """
        return (self.dealer + 1) % self.rules.players

    @property
    def history(self) -> tuple[Step, ...]:
        """Every move applied since the game started, oldest first.

        >>> import kanasta
        >>> s = kanasta.new_game(kanasta.Rules.classic(), seed=1)
        >>> s.history, len(s.apply(kanasta.Draw()).history)
        ((), 1)
        """
        return () if self._log is None else self._log.steps()

    def team_of(self, seat: int) -> int:
        """The team of ``seat`` (see :meth:`Rules.team_of`).

        >>> import kanasta
        >>> kanasta.new_game(kanasta.Rules.classic(), seed=1).team_of(3)
        1
        """
        return self.rules.team_of(seat)

    # ------------------------------------------------- copying and pickling
    def __copy__(self) -> Self:
        """A position never changes, so a copy is the position itself.

        >>> import copy, kanasta
        >>> s = kanasta.new_game(kanasta.Rules.classic(), seed=1)
        >>> copy.copy(s) is s, copy.deepcopy(s) is s
        (True, True)
        """
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle support: the fields, and the history written flat (no recursion at any game length).

        >>> import pickle, kanasta
        >>> s = kanasta.new_game(kanasta.Rules.kanasta(), seed=1).apply(kanasta.Draw())
        >>> t = pickle.loads(pickle.dumps(s))
        >>> t == s, t.history == s.history, t.events == s.events, type(t).__name__
        (True, True, True, 'State')
        """
        fields = {name: getattr(self, attr) for name, attr in INIT if name != "log"}
        return (_unpickle, (type(self), fields, self.history))

    def __repr__(self) -> str:
        if self.phase is Phase.GAME_OVER:
            return f"<State game over, winner team {self.winner}, scores {self.scores}>"
        return (
            f"<State hand {self.hand_number}, seat {self.player} to {self.phase.value}, "
            f"pile top {self.pile[-1] if self.pile else '-'}, stock {len(self.stock)}, scores {self.scores}>"
        )

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        # IPython / Hypothesis pretty printers: the short repr, not every field
        # (the history nests one level per move)
        printer.text(repr(self))

    def describe(self) -> str:
        """A multi-line text picture of the whole position (all hands shown).

        >>> import kanasta
        >>> print(kanasta.new_game(kanasta.Rules.classic(), seed=1).describe().splitlines()[0])
        Hand 1, dealer seat 2, seat 3 to draw; scores 0 / 0
        """
        lines = [
            f"Hand {self.hand_number}, dealer seat {self.dealer}, seat {self.player} to {self.phase.value}; "
            f"scores {' / '.join(str(s) for s in self.scores)}"
        ]
        if self.trump is not None:
            lines.append(f"Trump: {self.trump.pretty()}")
        pile = format_cards(self.pile, pretty=True) or "-"
        lines.append(f"Stock: {len(self.stock)} cards; pile (bottom to top): {pile}"
                     + (" [frozen]" if self.pile_frozen else ""))
        for seat, hand in enumerate(self.hands):
            lines.append(f"Seat {seat} hand ({len(hand)}): {format_cards(hand, pretty=True)}")
        for team in range(self.rules.teams):
            melds = "; ".join(f"@{i} {format_cards(m.cards, pretty=True)}" for i, m in enumerate(self.melds[team]))
            extra = ""
            if self.red_threes[team]:
                extra += f" red 3s: {format_cards(self.red_threes[team], pretty=True)}"
            if self.rules.packets:
                extra += f" packets taken: {self.packets_taken[team]}"
            lines.append(f"Team {team}{' (open)' if self.opened[team] else ''}: {melds or '-'}{extra}")
        return "\n".join(lines)


INIT: tuple[tuple[str, str], ...] = tuple((f.alias or f.name, f.name) for f in attrs.fields(Position))
"""(``__init__`` argument, attribute) for each field of a position, in order.

>>> from kanasta.position import INIT
>>> INIT[0], INIT[-1]
(('rules', 'rules'), ('log', '_log'))
"""

FIELDS: tuple[str, ...] = tuple(name for name, _ in INIT)
"""The names of :class:`Position`'s ``__init__`` arguments, in order (the field list, derived once).

>>> from kanasta.position import FIELDS
>>> FIELDS[:3], FIELDS[-1]
(('rules', 'seed', 'hand_number'), 'log')
"""
