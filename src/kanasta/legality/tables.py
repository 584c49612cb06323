"""What the E-2 solver knows about cards, rules and melds — internal.

* **Card indices.**  The solver counts cards by :attr:`kanasta.Card.index`
  (rank-major, ace first, the joker last: ``index == (rank - 1) * 4 + suit``);
  the lookup tables :data:`RANK_OF`, :data:`IS_WILD` and :data:`RUN_CELL`, and
  the constants next to them, read an index without making a card.
* **Per-rules tables.**  :class:`Tables` (made once per :class:`~kanasta.Rules`
  value by :func:`tables_for`): card values in half points, which ranks make
  sets, the opening minimum for a score, ...
* **Packed hands.**  A hand in the search is a count vector packed in one int
  (:func:`pack`): a byte per card index (a canonical stand-in counts up to
  eight cards: two decks, K-DEAL-1, C-DEAL-1).  Removing cards is a
  subtraction; the memo key is the int.
* **Meld shapes.**  The solver sees a meld as a :class:`SetShape` or a
  :class:`RunShape` (:func:`shape_of`): small immutable tuples, hashable and
  ordered, so a tuple of them is a memo key.

>>> import kanasta
>>> rules = kanasta.Rules.kanasta()
>>> shape_of(kanasta.Meld.from_cards(kanasta.parse_cards("7H 7S JK"), rules))
SetShape(kind=0, rank=7, naturals=2, wilds=1, size=3)
>>> run = shape_of(kanasta.Meld.from_cards(kanasta.parse_cards("4S 2C 6S"), rules))
>>> run, shape_size(run), run.wild_at == NATURAL
(RunShape(kind=1, suit=3, low=4, high=6, wild_at=5), 3, False)
>>> five, nine = natural_index(5, 0), natural_index(9, 2)
>>> hand = pack([five, five, nine])
>>> unpack(hand) == {five: 2, nine: 1}, count_in(hand, five), last_card(hand) == nine
(True, 2, True)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final, NamedTuple

from kanasta.cards import all_cards
from kanasta.melds import Meld, MeldKind
from kanasta.rulebook import CANASTA_SIZE, canastas_in, is_black_three_set
from kanasta.rules import Rules

_CARDS: Final = all_cards()

# ---------------------------------------------------------------- card indices

JOKER_INDEX: Final = 52
"""The joker's card index."""

CARD_INDICES: Final = 53
"""How many distinct cards (indices 0 to 52)."""

BLACK_THREE_INDICES: Final = (8, 11)
"""The black 3s: 3♣ and 3♠."""

RANK_OF: Final = tuple(i // 4 + 1 if i < JOKER_INDEX else 0 for i in range(CARD_INDICES))
"""The rank number (1 for the ace ... 13 for the king) of each card index; 0 for the joker.

>>> RANK_OF[0], RANK_OF[51], RANK_OF[JOKER_INDEX]
(1, 13, 0)
"""

IS_WILD: Final = tuple(i == JOKER_INDEX or RANK_OF[i] == 2 for i in range(CARD_INDICES))
"""Whether each card index is a wild card (the joker, a 2)."""

ACE_HIGH: Final = 14
"""The run position of an ace above the king (the low ace is position 1)."""

NO_CARD: Final = -1
"""Stands for "no card" where a card index is expected."""


def natural_index(rank: int, suit: int) -> int:
    """The card index of the natural card of ``rank`` (1 to 13) and ``suit`` (0 to 3).

    >>> natural_index(1, 0), natural_index(13, 3)
    (0, 51)
    """
    return (rank - 1) * 4 + suit


OF_RANK: Final = ((),) + tuple(tuple(natural_index(rank, suit) for suit in range(4)) for rank in range(1, 14))
"""``OF_RANK[rank]``: the card indices of the four natural cards of ``rank`` (1 to 13), by suit.

>>> OF_RANK[5]
(16, 17, 18, 19)
"""

TWO_OF: Final = tuple(natural_index(2, suit) for suit in range(4))
"""``TWO_OF[suit]``: the card index of the 2 of ``suit`` (in its natural place in a run it is natural, K-MELD-6)."""


RUN_CELL: Final = tuple(
    tuple(NO_CARD if pos == 0 else natural_index(1 if pos == ACE_HIGH else pos, suit) for pos in range(ACE_HIGH + 1))
    for suit in range(4)
)
"""``RUN_CELL[suit][position]``: the natural card at a run position (1 the low ace ... 13 the
king, :data:`ACE_HIGH` the high ace); :data:`NO_CARD` at position 0.

>>> RUN_CELL[3][1] == RUN_CELL[3][ACE_HIGH] == natural_index(1, 3)
True
"""


def rank_of(index: int) -> int:
    """The rank number 1..13 of card ``index`` (0 for the joker).

    >>> rank_of(4), rank_of(JOKER_INDEX)
    (2, 0)
    """
    return RANK_OF[index]


# ---------------------------------------------------------------- per-rules tables


class Tables:
    """Per-rules lookup tables (values in half points).

    >>> import kanasta
    >>> t = tables_for(kanasta.Rules.classic())
    >>> t.value[JOKER_INDEX], t.rank_value[13], t.set_rank[3], t.minimum(1500)
    (100, 20, False, 180)
    """

    __slots__ = (
        "rules", "value", "rank_value", "natural_two", "minimums", "set_rank", "black_three_set", "max_size", "run_max",
        "classic_fast", "canon",
    )

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        #: card index -> its value (half points); a 2 at its wild value
        self.value = [int(rules.card_value(c) * 2) for c in _CARDS]
        #: rank number -> the value of a natural card of that rank (index 0 unused)
        self.rank_value = [0] + [self.value[natural_index(rank, 0)] for rank in range(1, 14)]
        #: a 2 standing in its natural place in a run (K-MELD-6)
        self.natural_two = int(rules.natural_two_value * 2)
        self.minimums = [(start, int(m * 2)) for start, m in rules.opening_minimums]
        #: rank number -> whether it makes a set in ordinary play (no sets of 2s;
        #: black 3s only by a player going out, when the three rules are on)
        self.set_rank = [False] + [rank != 2 and not is_black_three_set(rules, rank) for rank in range(1, 14)]
        #: rank number -> whether its set is a black-3 meld (C-THREE-2, the rulebook's predicate)
        self.black_three_set = [is_black_three_set(rules, rank) for rank in range(14)]
        #: the most cards in a meld (a large number when unbounded)
        self.max_size = rules.max_meld_size if rules.max_meld_size is not None else 10**6
        self.run_max = min(13, self.max_size)
        #: sets only, one meld per rank, no size bound: the Classic computation applies
        self.classic_fast = not rules.runs and rules.one_meld_per_rank and rules.max_meld_size is None
        #: card index -> a canonical stand-in when suits do not matter (no runs)
        self.canon = [self._stand_in(rules, i) for i in range(CARD_INDICES)]

    @staticmethod
    def _stand_in(rules: Rules, index: int) -> int:
        if index == JOKER_INDEX:
            return JOKER_INDEX
        rank = RANK_OF[index]
        if rank == 2:
            return TWO_OF[0]
        if is_black_three_set(rules, rank):  # black and red 3s differ
            return BLACK_THREE_INDICES[0] if index in BLACK_THREE_INDICES else natural_index(3, 1)
        return natural_index(rank, 0)

    def minimum(self, score: int) -> int:
        """The opening minimum (half points) of a team with ``score`` (C-OPEN-1, K-OPEN-3)."""
        value = self.minimums[0][1]
        for start, m in self.minimums[1:]:
            if start is not None and score >= start:
                value = m
        return value


_TABLES: dict[Rules, Tables] = {}


def tables_for(rules: Rules) -> Tables:
    """The :class:`Tables` of ``rules`` (made once, at most 64 kept)."""
    found = _TABLES.get(rules)
    if found is None:
        if len(_TABLES) > 64:
            _TABLES.clear()
        found = _TABLES[rules] = Tables(rules)
    return found


# ---------------------------------------------------------------- meld shapes

SET: Final = 0
"""The :attr:`SetShape.kind` (sets sort before runs)."""

RUN: Final = 1
"""The :attr:`RunShape.kind`."""

NATURAL: Final = 0
"""The :attr:`RunShape.wild_at` of a run without a wild card."""


class SetShape(NamedTuple):
    """A set as the solver sees it: its rank and how many natural and wild cards it holds."""

    kind: int
    """Always :data:`SET`."""
    rank: int
    naturals: int
    wilds: int
    size: int
    """``naturals + wilds``."""


class RunShape(NamedTuple):
    """A run as the solver sees it: its suit, the positions it spans, where its wild card stands.

    Positions run from 1 (the low ace) to :data:`ACE_HIGH`; ``wild_at`` is the
    position the run's wild card fills, or :data:`NATURAL`.
    """

    kind: int
    """Always :data:`RUN`."""
    suit: int
    low: int
    high: int
    wild_at: int


Shape = SetShape | RunShape
"""A meld as the solver sees it.  The native solver reads the same five numbers."""


def set_shape(rank: int, naturals: int, wilds: int) -> SetShape:
    """The shape of a set of ``rank`` with these cards."""
    return SetShape(SET, rank, naturals, wilds, naturals + wilds)


def run_shape(suit: int, low: int, high: int, wild_at: int = NATURAL) -> RunShape:
    """The shape of a run of ``suit`` from ``low`` to ``high``, its wild at ``wild_at``."""
    return RunShape(RUN, suit, low, high, wild_at)


def shape_of(meld: Meld) -> Shape:
    """The solver's view of a meld."""
    if meld.kind is MeldKind.SET:
        assert meld.rank is not None
        wilds = meld.wild_count
        return set_shape(meld.rank.value, len(meld.cards) - wilds, wilds)
    assert meld.suit is not None
    wild_at = NATURAL if meld.wild_index is None else meld.low + meld.wild_index
    return run_shape(meld.suit.value, meld.low, meld.high, wild_at)


def shape_size(shape: Shape) -> int:
    """The number of cards in a meld shape."""
    return shape.size if isinstance(shape, SetShape) else shape.high - shape.low + 1


def shape_is_canasta(shape: Shape) -> bool:
    """Whether the meld is a canasta (G-MELD-2)."""
    return shape_size(shape) >= CANASTA_SIZE


def canastas(melds: Iterable[Meld]) -> int:
    """The canastas among ``melds`` (G-MELD-2)."""
    return canastas_in(len(m.cards) for m in melds)


def shape_canastas(shapes: Iterable[Shape]) -> int:
    """The canastas among meld shapes (G-MELD-2)."""
    return canastas_in([shape_size(s) for s in shapes])


def natural_run_laid(melds: Iterable[Meld]) -> bool:
    """Whether one of ``melds`` is a natural run (K-OPEN-2)."""
    return any(m.kind is MeldKind.RUN and m.wild_index is None for m in melds)


def natural_runs(shapes: Iterable[Shape]) -> int:
    """How many of ``shapes`` are natural runs (K-OPEN-2)."""
    return sum(1 for s in shapes if isinstance(s, RunShape) and s.wild_at == NATURAL)


def meld_value(t: Tables, meld: Meld) -> int:
    """The value of a meld's cards in half points (a 2 in its natural place in a run at its natural value).

    >>> import kanasta
    >>> rules = kanasta.Rules.kanasta()
    >>> [meld_value(tables_for(rules), kanasta.Meld.from_cards(kanasta.parse_cards(m), rules))
    ...  for m in ("AS 2S 3S", "7H 7S JK")]  # ½ for 2S in its place, 3 to 7 ½, the ace 1½, a joker 1 (K-VAL-1)
    [5, 4]
    """
    value = t.value
    if meld.kind is MeldKind.RUN:
        return sum(t.natural_two if meld.is_natural_two(i) else value[c.index] for i, c in enumerate(meld.cards))
    return sum(value[c.index] for c in meld.cards)


class TeamView(NamedTuple):
    """A team as the legality core reads it: its opening minimum and its melds, worked out once per question."""

    minimum: int
    """The opening minimum for the team's score (half points)."""
    shapes: tuple[Shape, ...]
    sizes: tuple[int, ...]
    canastas: int
    natural_runs: int


def team_view(t: Tables, score: int, melds: tuple[Meld, ...]) -> TeamView:
    """The opening minimum of a team with ``score``; the shapes, sizes, canastas and natural runs of ``melds``.

    >>> import kanasta
    >>> rules = kanasta.Rules.kanasta()
    >>> melds = tuple(kanasta.Meld.from_cards(kanasta.parse_cards(m), rules) for m in ("4S 5S 6S", "7H 7S JK"))
    >>> team = team_view(tables_for(rules), 0, melds)
    >>> team.minimum  # 4½ points below a score of 100 (K-OPEN-3), in half points
    9
    >>> team.sizes, team.canastas, team.natural_runs
    ((3, 3), 0, 1)
    """
    shapes = tuple(shape_of(m) for m in melds)
    sizes = tuple(shape_size(s) for s in shapes)
    return TeamView(t.minimum(score), shapes, sizes, canastas_in(sizes), natural_runs(shapes))


# ---------------------------------------------------------------- packed hands

_BITS: Final = 8
_BYTE: Final = (1 << _BITS) - 1
ONE: Final = tuple(1 << (_BITS * i) for i in range(CARD_INDICES))
"""``ONE[index]``: the packed hand of that one card."""


def pack(indices: Iterable[int]) -> int:
    """The packed count vector of a hand given by card indices."""
    hand = 0
    for index in indices:
        hand += ONE[index]
    return hand


def unpack(hand: int) -> dict[int, int]:
    """Card index -> count, ascending by index, of a packed hand."""
    return {i: n for i, n in enumerate(hand.to_bytes(CARD_INDICES, "little")) if n}


def count_in(hand: int, index: int) -> int:
    """How many of card ``index`` a packed hand holds."""
    return (hand >> (_BITS * index)) & _BYTE


def last_card(hand: int) -> int:
    """The highest card index in a non-empty packed hand (its only card, when it holds one)."""
    return (hand.bit_length() - 1) // _BITS
