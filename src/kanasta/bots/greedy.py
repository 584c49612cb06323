"""Built-in bots: a protocol every bot meets, a random bot and a greedy bot.

A bot is anything with a ``choose(view) -> Action`` method (:class:`Bot`).
It is asked for a move whenever its seat is the one to act, and is given that
seat's :class:`~kanasta.PlayerView` -- never the :class:`~kanasta.State`, so it
cannot read another seat's hand (RULES E-4).  The view carries the legal
moves, and its :attr:`~kanasta.PlayerView.history` is the game so far as the
seat saw it (events holding other seats' cards in their hidden forms), so a
bot that wants a memory of the game reads it there.  :func:`play_out` runs a
game with one bot per seat, giving each bot only its own seat's view.

>>> import kanasta
>>> from kanasta.bots import GreedyBot, RandomBot, play_out
>>> start = kanasta.new_game(kanasta.Rules.classic(players=2), seed=3)
>>> final = play_out(start, [GreedyBot(), RandomBot(seed=3)])
>>> final.is_game_over, final.winner in (0, 1)
(True, True)
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Final, Protocol, runtime_checkable

from kanasta.actions import (
    Action,
    AddToMeld,
    AnswerPartner,
    Decline,
    Discard,
    Draw,
    ExtendRun,
    LayMeld,
    TakePile,
)
from kanasta.cards import DECK, Card, Rank, Suit
from kanasta.errors import ConfigError, IllegalActionError
from kanasta.melds import Meld, MeldKind
from kanasta.rulebook import CANASTA_SIZE
from kanasta.rules import Rules
from kanasta.state import Phase, State
from kanasta.view import PlayerView

__all__ = ["Bot", "GreedyBot", "RandomBot", "SeatTable", "legal_moves", "play_out"]


@runtime_checkable
class Bot(Protocol):
    """What a bot is: an object that picks a legal move from its seat's view.

    :meth:`choose` is called with the :class:`~kanasta.PlayerView` of the seat
    to act (``state.view(state.current_player)``; during
    :attr:`~kanasta.Phase.ANSWER` that is the partner who answers "may I go
    out?", C-OUT-3) in a game that is not over.  The move it returns must be
    one of the view's legal actions.  A bot may keep state of its own (a
    random generator, what it worked out on earlier moves); what its seat has
    seen of the game is in the view's history.

    Any class with a matching ``choose`` method is a :class:`Bot`; there is
    nothing to inherit.

    >>> import kanasta
    >>> from kanasta.bots import Bot
    >>> class FirstMoveBot:
    ...     def choose(self, view: kanasta.PlayerView) -> kanasta.Action:
    ...         return view.legal_actions()[0]
    >>> isinstance(FirstMoveBot(), Bot)
    True
    >>> state = kanasta.new_game(kanasta.Rules.classic(), seed=1)
    >>> str(FirstMoveBot().choose(state.view(state.current_player)))
    'draw'
    """

    def choose(self, view: PlayerView) -> Action:
        """Return one of the view's legal actions for its seat.

        >>> import kanasta
        >>> from kanasta.bots import RandomBot
        >>> state = kanasta.new_game(kanasta.Rules.kanasta(), seed=2)
        >>> RandomBot(seed=0).choose(state.view(state.current_player)) in state.legal_actions()
        True
        """
        ...


def legal_moves(view: PlayerView) -> tuple[Action, ...]:
    """The view's legal moves; an error when the view's seat has no move to make.

    Raises :class:`~kanasta.IllegalActionError` when the game is over and
    :class:`~kanasta.ConfigError` when the view is not a view, or is not the
    view of the seat to act.  The built-in bots start with it.

    >>> import kanasta
    >>> from kanasta.bots import legal_moves
    >>> state = kanasta.new_game(kanasta.Rules.classic(), seed=1)
    >>> [str(a) for a in legal_moves(state.view(state.current_player))]
    ['draw']
    >>> legal_moves(state.view((state.current_player + 1) % 4))
    Traceback (most recent call last):
    ...
    kanasta.errors.ConfigError: view: it is seat 3's turn, not seat 0's: a bot is given the view of the seat to act
    """
    if not isinstance(view, PlayerView):
        raise ConfigError("view", f"must be a kanasta.PlayerView, not {type(view).__name__}")
    if view.is_game_over:
        raise IllegalActionError("G-GAME-1", "the game is over: there is no move to choose")
    actions = view.legal_actions()
    if not actions:
        raise ConfigError(
            "view",
            f"it is seat {view.player}'s turn, not seat {view.seat}'s: a bot is given the view of the seat to act",
        )
    return actions


class RandomBot:
    """Picks a legal move uniformly at random, with its own generator.

    The same ``seed`` and the same views give the same moves; ``seed=None``
    seeds from the operating system.  The bot never touches the global
    :mod:`random` state.

    >>> import kanasta
    >>> from kanasta.bots import RandomBot
    >>> state = kanasta.new_game(kanasta.Rules.classic(), seed=5)
    >>> view = state.apply(kanasta.Draw()).view(state.current_player)
    >>> a, b = RandomBot(seed=7), RandomBot(seed=7)
    >>> [a.choose(view) for _ in range(5)] == [b.choose(view) for _ in range(5)]
    True
    """

    __slots__ = ("_rng", "seed")

    def __init__(self, seed: int | None = None) -> None:
        #: The seed the bot was made with (None: seeded by the operating system).
        self.seed = seed
        self._rng = random.Random(seed)

    def __repr__(self) -> str:
        return f"RandomBot(seed={self.seed!r})"

    def choose(self, view: PlayerView) -> Action:
        """A uniformly random move from the view's legal actions (see :func:`legal_moves`).

        >>> import kanasta
        >>> from kanasta.bots import RandomBot
        >>> state = kanasta.new_game(kanasta.Rules.classic(players=3), seed=4)
        >>> RandomBot(seed=1).choose(state.view(state.current_player)) in state.legal_actions()
        True
        """
        return self._rng.choice(legal_moves(view))


class SeatTable(Protocol):
    """What :class:`GreedyBot` reads of the seat to act: its view, or a search's sampled game seen from that seat.

    A :class:`~kanasta.PlayerView` is one; :class:`kanasta.bots.montecarlo.SearchBot`
    passes a cheaper one of its own to :meth:`GreedyBot.decide` in its
    rollouts (a sampled full game, seen from the seat to act, with the cards
    known to be in each hand followed move by move).  ``known_cards`` is by
    seat, as :meth:`PlayerView.known_cards <kanasta.PlayerView.known_cards>`.

    >>> import kanasta
    >>> from kanasta.bots import SeatTable
    >>> view = kanasta.new_game(kanasta.Rules.classic(), seed=1).view(0)
    >>> table: SeatTable = view
    >>> table.seat, len(table.hand)
    (0, 11)
    """

    @property
    def rules(self) -> Rules: ...
    @property
    def seat(self) -> int: ...
    @property
    def team(self) -> int: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def hand(self) -> tuple[Card, ...]: ...
    @property
    def pile(self) -> tuple[Card, ...]: ...
    @property
    def melds(self) -> tuple[tuple[Meld, ...], ...]: ...
    def known_cards(self) -> tuple[tuple[Card, ...], ...]: ...


@functools.lru_cache(maxsize=32)
def _values(rules: Rules) -> tuple[float, ...]:
    """``rules.card_value`` by card index, as floats (halves and whole points are exact): the bots compare
    sums of them on every move."""
    table = [0.0] * (DECK[-1].index + 1)
    for card in DECK:
        table[card.index] = float(rules.card_value(card))
    return tuple(table)


_NATURAL: Final = tuple(0 if card.is_wild else 1 for card in sorted(set(DECK), key=lambda c: c.index))
"""1 for a natural card, 0 for a wild one, by card index: the bots count a move's natural cards on every move."""


def _fits(meld: Meld, card: Card) -> bool:
    """Whether a natural ``card`` could join ``meld``: same rank as a set, or next to a run's ends."""
    if card.rank is None:
        return False
    if meld.kind is MeldKind.SET:
        return meld.rank is card.rank
    if card.suit is not meld.suit:
        return False
    number = int(card.rank)
    return number in (meld.low - 1, meld.high + 1) or (number == 1 and meld.high == 13)


class _Fitting:
    """Which natural cards could join some meld of ``melds`` (as :func:`_fits`, asked of them all at once)."""

    __slots__ = ("ends", "ranks")

    def __init__(self, melds: Sequence[Meld]) -> None:
        self.ranks: set[Rank | None] = set()
        self.ends: set[tuple[Suit | None, int]] = set()
        for meld in melds:
            if meld.kind is MeldKind.SET:
                self.ranks.add(meld.rank)
            else:
                self.ends.update(((meld.suit, meld.low - 1), (meld.suit, meld.high + 1)))
                if meld.high == 13:
                    self.ends.add((meld.suit, 1))

    def fits(self, card: Card) -> bool:
        return card.rank is not None and (card.rank in self.ranks or (card.suit, int(card.rank)) in self.ends)


@functools.lru_cache(maxsize=16)
def _near(number: int) -> frozenset[int]:
    """The ranks at most two away from ``number``, itself left out."""
    return frozenset((number - 2, number - 1, number + 1, number + 2))


def _discard_key(view: SeatTable) -> Callable[[Discard], tuple[bool, bool, bool, bool, bool, float, int]]:
    """The key of :meth:`GreedyBot.rank_discards`' order at ``view`` (the lowest is the best discard)."""
    rules = view.rules
    hand = view.hand
    nxt = (view.seat + 1) % rules.players
    mine = _Fitting(view.melds[view.team])
    theirs = _Fitting(view.melds[rules.team_of(nxt)] if rules.team_of(nxt) != view.team else ())
    known = Counter(c.rank for c in view.known_cards()[nxt])
    ranks = Counter(c.rank for c in hand)
    runs = rules.runs
    numbers: dict[Suit | None, set[int]] = {}
    for c in hand:
        if c.rank is not None:
            numbers.setdefault(c.suit, set()).add(int(c.rank))
    blocks = rules.black_threes  # a black 3 on top stops the next player taking the pile (C-THREE-3)
    values = _values(rules)

    def need(action: Discard) -> tuple[bool, bool, bool, bool, bool, float, int]:
        card = action.card
        blocker = blocks and card.is_black_three
        natural = card.rank is not None
        feeds = natural and (theirs.fits(card) or known[card.rank] >= 2)
        useful = mine.fits(card)
        twins = natural and ranks[card.rank] >= 2
        # another card of its suit, of a rank at most two away
        near = runs and natural and bool(numbers[card.suit] & _near(int(card.rank or 0)))
        return (not blocker, card.is_wild, feeds, useful, twins or near, values[card.index], card.index)

    return need


class GreedyBot:
    """A deterministic heuristic player: no look-ahead, no randomness, only its seat's view.

    **Answering partner** (C-OUT-3): always yes -- going out scores the bonus
    and leaves the other side holding its cards.

    **Taking the pile**: with the rules where a take must meld the top card
    (Classic), whenever a take is legal and the pile holds two cards or more
    (or a take is the only way on): the take itself melds, and every card of
    the pile is a card to meld.  Where the whole pile may be taken freely
    (Kanasta), only when it holds three cards or more, or two of which one
    fits the hand (a pair, a run neighbour) or a meld of the team: a big
    hand is a big penalty when the hand ends.  Among several takes: the one
    with the fewest wild cards, then the fewest hand cards.

    **Which cards to keep, when to meld**: it melds while it can, making the
    move that empties the hand first (going out, or picking up a packet in
    Kanasta), then one that completes a canasta, then the one that lays the
    most natural cards, then the most points.  It keeps wild cards back for
    those: a move that lays a wild card is made only when it empties the
    hand, completes a canasta, or when nothing else may be done (the opening
    is under way and the turn cannot end yet).  It never asks partner.

    **When to go out**: as soon as it may -- the melding order above empties
    the hand whenever a legal move does (in Kanasta that takes the packets,
    +10 each, then goes out).

    **The opening** is the engine's to check (E-2 offers only melds that
    leave it reachable, a natural run included in Kanasta); the bot opens as
    soon as any opening move is offered and carries on until the team is open.

    **Discarding, not feeding the pile**: it throws the card it needs least
    and the next player wants least: a black 3 first where it blocks the pile
    (C-THREE-3); never a wild card while it holds a natural one; then a card
    that no meld of the next player's side can use and that the next player
    is not known to hold a pair of (the cards it took from the pile); then a
    card that none of its own melds can use, with no other card of its rank
    in hand and (where runs are melded) no card of its suit next to it; then
    the lowest value.

    >>> import kanasta
    >>> from kanasta.bots import GreedyBot
    >>> state = kanasta.new_game(kanasta.Rules.kanasta(), seed=2)
    >>> view = state.view(state.current_player)
    >>> len(view.pile), [str(a) for a in view.legal_actions()]
    (1, ['draw', 'take'])
    >>> str(GreedyBot().choose(view))
    'draw'
    """

    __slots__ = ()

    def __repr__(self) -> str:
        return "GreedyBot()"

    def choose(self, view: PlayerView) -> Action:
        """The move the heuristic above picks; the same view gives the same move.

        Raises like :func:`legal_moves` when the view's seat has no move.

        >>> import kanasta
        >>> from kanasta.bots import GreedyBot
        >>> state = kanasta.new_game(kanasta.Rules.classic(), seed=1).apply(kanasta.Draw())
        >>> view = state.view(state.current_player)
        >>> move = GreedyBot().choose(view)
        >>> move in state.legal_actions(), move == GreedyBot().choose(view)
        (True, True)
        """
        return self.decide(view, legal_moves(view))

    def decide(self, view: SeatTable, actions: tuple[Action, ...]) -> Action:
        """:meth:`choose` given the legal ``actions`` (not empty), for a view or a search's sampled game.

        >>> import kanasta
        >>> from kanasta.bots import GreedyBot
        >>> state = kanasta.new_game(kanasta.Rules.kanasta(), seed=2)
        >>> view = state.view(state.current_player)
        >>> GreedyBot().decide(view, view.legal_actions()) == GreedyBot().choose(view)
        True
        """
        if view.phase is Phase.ANSWER:
            yes = AnswerPartner(True)
            return yes if yes in actions else actions[0]
        if view.phase is Phase.DRAW:
            return self._draw(view, actions)
        return self._play(view, actions)

    def wants_pile(self, view: SeatTable) -> bool:
        """Whether the pile is worth taking (the rule above), a take being legal.

        >>> import kanasta
        >>> from kanasta.bots import GreedyBot
        >>> state = kanasta.new_game(kanasta.Rules.kanasta(), seed=2)
        >>> GreedyBot().wants_pile(state.view(state.current_player))
        False
        """
        pile = view.pile
        if view.rules.pile_take != "whole":
            return len(pile) >= 2
        if len(pile) >= 3:
            return True
        if len(pile) < 2:
            return False
        hand = view.hand
        melds = view.melds[view.team]
        for card in pile:
            if card.is_wild or any(_fits(m, card) for m in melds):
                return True
            for other in hand:
                if other.rank is card.rank or (
                    other.suit is card.suit and card.rank is not None and other.rank is not None
                    and abs(int(other.rank) - int(card.rank)) <= 2
                ):
                    return True
        return False

    @staticmethod
    def best_take(view: SeatTable, takes: Sequence[TakePile]) -> TakePile:
        """The take to make among several: the fewest wild cards, then the fewest hand cards.

        >>> import kanasta
        >>> from kanasta.bots import GreedyBot
        >>> state = kanasta.new_game(kanasta.Rules.kanasta(), seed=2)
        >>> str(GreedyBot.best_take(state.view(state.current_player), [kanasta.TakePile()]))
        'take'
        """
        return min(takes, key=lambda t: (sum(c.is_wild for c in t.cards), len(t.cards)))

    def _draw(self, view: SeatTable, actions: tuple[Action, ...]) -> Action:
        takes = [a for a in actions if isinstance(a, TakePile)]
        can_draw = any(isinstance(a, Draw) for a in actions)
        if takes and (self.wants_pile(view) or not can_draw):
            return self.best_take(view, takes)
        for action in actions:
            if isinstance(action, (Draw, Decline)):
                return action
        return actions[0]

    def _play(self, view: SeatTable, actions: tuple[Action, ...]) -> Action:
        rules = view.rules
        hand_size = len(view.hand)
        discards: list[Discard] = []
        melding: list[LayMeld | AddToMeld | ExtendRun] = []
        for a in actions:
            if isinstance(a, Discard):
                discards.append(a)
            elif isinstance(a, (LayMeld, AddToMeld, ExtendRun)):
                melding.append(a)

        values = _values(rules).__getitem__
        natural = _NATURAL.__getitem__

        mine = view.melds[view.team]
        if melding:
            # each move's key (empties the hand, completes a canasta, natural cards, points) and whether
            # it lays a wild card, worked out once
            keys: list[tuple[bool, bool, int, float]] = []
            wilds: list[bool] = []
            for action in melding:
                # what the move takes from the hand: its cards, or the run less the meld it extends
                cards = [c.index for c in (action.run if isinstance(action, ExtendRun) else action.cards)]
                laid = len(cards)
                naturals = sum(map(natural, cards))
                points = sum(map(values, cards))
                if isinstance(action, LayMeld):
                    completes = laid >= CANASTA_SIZE
                else:
                    old = mine[action.meld].cards
                    if isinstance(action, ExtendRun):
                        before = [c.index for c in old]
                        laid -= len(old)
                        naturals -= sum(map(natural, before))
                        points -= sum(map(values, before))
                    completes = len(old) + laid >= CANASTA_SIZE > len(old)
                keys.append((laid == hand_size, completes, naturals, points))
                wilds.append(naturals < laid)
            best = max(range(len(melding)), key=keys.__getitem__)  # max keeps the first of equals
            empties, completes, _, _ = keys[best]
            if not wilds[best] or empties or completes or not discards:
                return melding[best]
            tame = [i for i in range(len(melding)) if not wilds[i]]
            if tame:
                return melding[max(tame, key=keys.__getitem__)]
        if not discards:
            return actions[0]
        return min(discards, key=_discard_key(view))  # rank_discards' first (min keeps the first of equals)

    @staticmethod
    def rank_discards(view: SeatTable, discards: Sequence[Discard]) -> list[Discard]:
        """``discards`` from the best to throw to the worst, by the discarding rule above.

        >>> import kanasta
        >>> from kanasta.bots import GreedyBot
        >>> state = kanasta.new_game(kanasta.Rules.classic(), seed=1).apply(kanasta.Draw())
        >>> view = state.view(state.current_player)
        >>> ranked = GreedyBot.rank_discards(view, [a for a in view.legal_actions() if isinstance(a, kanasta.Discard)])
        >>> ranked[0] == GreedyBot().choose(view) or not isinstance(GreedyBot().choose(view), kanasta.Discard)
        True
        """
        return sorted(discards, key=_discard_key(view))


def play_out(state: State, bots: Sequence[Bot], *, max_moves: int | None = None) -> State:
    """Let ``bots`` (one per seat, by seat number) play on from ``state``.

    Each bot is asked only for its own seat's moves and is given only its
    own seat's view (``state.view(seat)``).  Returns the state once the game
    is over, or after ``max_moves`` moves if that comes first.  A bot that
    returns an illegal move makes :meth:`State.apply <kanasta.State.apply>`
    raise :class:`~kanasta.IllegalActionError`.

    >>> import kanasta
    >>> from kanasta.bots import GreedyBot, RandomBot, play_out
    >>> start = kanasta.new_game(kanasta.Rules.classic(), seed=1)
    >>> bots = [GreedyBot(), RandomBot(seed=1), GreedyBot(), RandomBot(seed=2)]
    >>> len(play_out(start, bots, max_moves=10).history)
    10
    >>> play_out(start, bots[:2])
    Traceback (most recent call last):
    ...
    kanasta.errors.ConfigError: bots: need one bot per seat (4), got 2
    """
    players = state.rules.players
    if len(bots) != players:
        raise ConfigError("bots", f"need one bot per seat ({players}), got {len(bots)}")
    if max_moves is not None and max_moves < 0:
        raise ConfigError("max_moves", f"must be None or at least 0, not {max_moves}")
    moves = 0
    while not state.is_game_over and (max_moves is None or moves < max_moves):
        seat = state.current_player
        assert seat is not None
        state = state.apply(bots[seat].choose(state.view(seat)))
        moves += 1
    return state
