"""The greedy bot: a deterministic heuristic player that reads only its seat's view.

:class:`GreedyBot` melds while it can, keeps its wild cards for a canasta or
for going out, takes the pile when it pays, and discards what helps the
other side least; :class:`SeatTable` is what it reads of the seat to act (a
view, or a search's sampled game seen from that seat, see
:mod:`kanasta.bots.montecarlo`).  The names are documented under
:mod:`kanasta.bots`, which re-exports them.

>>> import kanasta
>>> from kanasta.bots import GreedyBot
>>> state = kanasta.new_game(kanasta.Rules.classic(), seed=1)
>>> str(GreedyBot().choose(state.view(state.current_player)))
'draw'
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Final, Protocol

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
from kanasta.bots.base import legal_moves
from kanasta.cards import DECK, Card, Rank, Suit
from kanasta.melds import Meld, MeldKind
from kanasta.rulebook import CANASTA_SIZE
from kanasta.rules import Rules
from kanasta.state import Phase
from kanasta.view import PlayerView

__all__ = ["GreedyBot", "SeatTable"]


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
