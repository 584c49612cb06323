"""What the E-2 solver knows about cards, rules and melds — internal.

Card indices (rank-major, ace first, the joker last: :attr:`kanasta.Card.index`)
and the helpers that read them, the per-rules lookup tables (:class:`Tables`,
values in half points) and the solver's view of a meld (a *shape*, see
:func:`shape_of`).  Every other module of the E-2 solver reads these.
"""

from __future__ import annotations

from typing import Final

from kanasta.cards import all_cards
from kanasta.melds import Meld, MeldKind
from kanasta.rulebook import canastas_in, is_black_three_set
from kanasta.rules import Rules

_CARDS: Final = all_cards()


def rank_of(i: int) -> int:
    """Rank number 1..13 of card index ``i`` (0 for the joker)."""
    return i // 4 + 1 if i < 52 else 0


class Tables:
    """Per-rules lookup tables (values in half points)."""

    __slots__ = (
        "rules", "value", "nat2", "minimums", "set_rank", "max_size", "run_max",
        "classic_fast", "canon",
    )

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.value = [int(rules.card_value(c) * 2) for c in _CARDS]
        self.nat2 = int(rules.natural_two_value * 2)
        self.minimums = [(start, int(m * 2)) for start, m in rules.opening_minimums]
        # ranks that can form a set in ordinary play (no sets of 2s; 3s are
        # special when the three rules are on: black 3s only when going out)
        self.set_rank = [False] + [
            r != 2 and not is_black_three_set(rules, r) for r in range(1, 14)
        ]
        self.max_size = rules.max_meld_size if rules.max_meld_size is not None else 10**6
        self.run_max = min(13, self.max_size)
        self.classic_fast = (
            not rules.runs and rules.one_meld_per_rank and rules.max_meld_size is None
        )
        # canonical stand-in per card when suits do not matter (no runs)
        canon = []
        for i in range(53):
            if i == 52:
                canon.append(52)
            elif 4 <= i < 8:
                canon.append(4)
            elif is_black_three_set(rules, rank_of(i)):
                canon.append(8 if i in (8, 11) else 9)
            else:
                canon.append((rank_of(i) - 1) * 4)
        self.canon = canon

    def minimum(self, score: int) -> int:
        value = self.minimums[0][1]
        for start, m in self.minimums[1:]:
            if start is not None and score >= start:
                value = m
        return value


_TABLES: dict[Rules, Tables] = {}


def tables(rules: Rules) -> Tables:
    t = _TABLES.get(rules)
    if t is None:
        if len(_TABLES) > 64:
            _TABLES.clear()
        t = _TABLES[rules] = Tables(rules)
    return t




# A meld as the solver sees it:
#   set: (0, rank, naturals, wilds, size)
#   run: (1, suit, low, high, wild position or 0)
Shape = tuple[int, int, int, int, int]


def shape_of(m: Meld) -> Shape:
    """The solver's view of a meld."""
    if m.kind is MeldKind.SET:
        assert m.rank is not None
        w = m.wild_count
        return (0, m.rank.value, len(m.cards) - w, w, len(m.cards))
    assert m.suit is not None
    wild = 0 if m.wild_index is None else m.low + m.wild_index
    return (1, m.suit.value, m.low, m.high, wild)


def size_of(s: Shape) -> int:
    """Number of cards in a meld shape."""
    return s[4] if s[0] == 0 else s[3] - s[2] + 1


def canastas(melds: tuple[Meld, ...]) -> int:
    """The canastas among ``melds`` (G-MELD-2)."""
    return canastas_in(len(m.cards) for m in melds)


def shape_canastas(shapes: tuple[Shape, ...]) -> int:
    """The canastas among meld shapes (G-MELD-2)."""
    return canastas_in(size_of(s) for s in shapes)


def natural_run_laid(melds: tuple[Meld, ...]) -> bool:
    return any(m.kind is MeldKind.RUN and m.wild_index is None for m in melds)


def natural_runs(shapes: tuple[Shape, ...]) -> int:
    return sum(1 for s in shapes if s[0] == 1 and s[4] == 0)


# NAT_AT[suit][position]: the card index of the natural card at a run position
# (1 = low ace ... 13 = king, 14 = high ace).
NAT_AT: Final = tuple(
    tuple(((1 if pos == 14 else pos) - 1) * 4 + suit if pos else -1 for pos in range(15))
    for suit in range(4)
)

# A hand in the search is a count vector packed in one int: a byte per card
