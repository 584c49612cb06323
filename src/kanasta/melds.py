"""What a meld is: sets and runs, their wild cards, kinds of canasta and values.

A :class:`Meld` is an immutable value.  A set's cards are kept naturals first
(in card order), then wild cards; a run's cards are kept from its low end to
its high end, and :attr:`Meld.wild_index` says which of them is the run's wild
card (K-MELD-5, K-MELD-7), so the rank every card stands for is explicit.

>>> import kanasta
>>> from kanasta import Meld, parse_cards
>>> k = kanasta.Rules.kanasta()
>>> run = Meld.from_cards(parse_cards("5H 6H JK"), k)
>>> run.kind.value, run.low, run.high, run.wild_index, str(run)
('run', 5, 7, 2, '5H 6H JK')
>>> Meld.from_cards(parse_cards("AH 2H 3H JK"), k).wild_index   # the 2 is natural (K-MELD-6)
3
>>> s = Meld.from_cards(parse_cards("JK 7S 7H"), kanasta.Rules.classic())
>>> str(s), s.rank, s.wild_count
('7H 7S JK', <Rank.SEVEN: 7>, 1)
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from fractions import Fraction
from typing import Literal

import attrs

from kanasta.cards import Card, Rank, Suit, format_cards
from kanasta.errors import IllegalActionError
from kanasta.rulebook import BLACK_THREE_MELD_MAX, MELD_MIN, Concept, Problem, is_canasta, rule_id
from kanasta.rules import Rules

__all__ = ["CanastaKind", "Meld", "MeldKind"]

CanastaKind = Literal["clean", "dirty", "full"]
"""Kind of a canasta: ``clean`` (no wild: Classic's *natural*), ``dirty`` (with
wild cards: Classic's *mixed*), ``full`` (a 13-card run, K-MELD-8)."""


class MeldKind(enum.Enum):
    """A set (cards of one rank) or a run (consecutive cards of one suit).

    >>> from kanasta import MeldKind
    >>> [k.value for k in MeldKind]
    ['set', 'run']
    """

    SET = "set"
    RUN = "run"


def _rank_num(card: Card) -> int:
    """Rank number 1..13 (A=1), 0 for a joker."""
    return card.index // 4 + 1 if card.index < 52 else 0


def _rank_at(number: int) -> int:
    """The card rank (1..13) that stands at a run position 1..14 (14 is the high ace)."""
    return 1 if number == 14 else number


@attrs.frozen(slots=True, repr=False)
class Meld:
    """One meld on the table.

    For a set, :attr:`rank` is its rank and :attr:`suit`, :attr:`low` and
    :attr:`wild_index` are ``None``/``0``.  For a run, :attr:`suit` is its suit,
    :attr:`low` the position of its first card (1 = ace low ... 13 = king; the
    high ace is position 14) and :attr:`wild_index` the index in :attr:`cards`
    of its wild card, or ``None`` when it has none.

    Build one with :meth:`from_cards`, which checks it against the rules.

    >>> import kanasta
    >>> from kanasta import Meld, parse_cards
    >>> m = Meld.from_cards(parse_cards("QS KS AS"), kanasta.Rules.kanasta())
    >>> m.low, m.high, m.is_natural, m.size
    (12, 14, True, 3)
    """

    kind: MeldKind
    cards: tuple[Card, ...]
    rank: Rank | None = None
    suit: Suit | None = None
    low: int = 0
    wild_index: int | None = None

    # -------------------------------------------------------------- queries
    @property
    def size(self) -> int:
        """Number of cards.

        >>> import kanasta
        >>> kanasta.Meld.from_cards(kanasta.parse_cards("7H 7D 7C 7S"), kanasta.Rules.classic()).size
        4
        """
        return len(self.cards)

    @property
    def high(self) -> int:
        """Position of a run's last card (14 for a high ace); 0 for a set.

        >>> import kanasta
        >>> kanasta.Meld.from_cards(kanasta.parse_cards("JK 2S 3S"), kanasta.Rules.kanasta()).high
        3
        """
        return self.low + len(self.cards) - 1 if self.kind is MeldKind.RUN else 0

    @property
    def wild_count(self) -> int:
        """Number of cards acting as wild cards.

        In a run a 2 of its suit in its natural place is not a wild (K-MELD-6).

        >>> import kanasta
        >>> k = kanasta.Rules.kanasta()
        >>> kanasta.Meld.from_cards(kanasta.parse_cards("AH 2H 3H"), k).wild_count
        0
        >>> kanasta.Meld.from_cards(kanasta.parse_cards("5H 2H 7H"), k).wild_count
        1
        """
        if self.kind is MeldKind.RUN:
            return 0 if self.wild_index is None else 1
        return sum(1 for c in self.cards if c.index >= 52 or 4 <= c.index < 8)

    @property
    def natural_count(self) -> int:
        """Number of natural cards.

        >>> import kanasta
        >>> kanasta.Meld.from_cards(kanasta.parse_cards("8C 8D 2S JK"), kanasta.Rules.classic()).natural_count
        2
        """
        return len(self.cards) - self.wild_count

    @property
    def is_natural(self) -> bool:
        """True when the meld holds no wild card (clean / natural).

        >>> import kanasta
        >>> kanasta.Meld.from_cards(kanasta.parse_cards("8C 8D 8S"), kanasta.Rules.classic()).is_natural
        True
        """
        return self.wild_count == 0

    @property
    def is_canasta(self) -> bool:
        """True for seven cards or more (G-MELD-2).

        >>> import kanasta
        >>> kanasta.Meld.from_cards(kanasta.parse_cards("8C 8D 8S 8S 8H 2C JK"), kanasta.Rules.classic()).is_canasta
        True
        """
        return is_canasta(len(self.cards))

    def canasta_kind(self) -> CanastaKind | None:
        """``'full'``, ``'clean'``, ``'dirty'`` or ``None`` when not a canasta (K-MELD-8, C-MELD-4).

        >>> import kanasta
        >>> from kanasta import Meld, parse_cards
        >>> k = kanasta.Rules.kanasta()
        >>> Meld.from_cards(parse_cards("2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD"), k).canasta_kind()
        'full'
        >>> Meld.from_cards(parse_cards("3D 4D 5D 6D 7D JK 9D"), k).canasta_kind()
        'dirty'
        """
        if not is_canasta(len(self.cards)):
            return None
        if self.kind is MeldKind.RUN and len(self.cards) == 13:
            return "full"
        return "clean" if self.wild_count == 0 else "dirty"

    def is_natural_two(self, position: int) -> bool:
        """True when the card at ``position`` is a 2 in its natural place in the run (K-MELD-6).

        >>> import kanasta
        >>> m = kanasta.Meld.from_cards(kanasta.parse_cards("AH 2H 3H"), kanasta.Rules.kanasta())
        >>> [m.is_natural_two(i) for i in range(3)]
        [False, True, False]
        """
        return (
            self.kind is MeldKind.RUN
            and position != self.wild_index
            and self.low + position == 2
        )

    def stands_for(self, position: int) -> tuple[Rank, Suit] | Rank:
        """The card the card at ``position`` stands for: ``(rank, suit)`` in a run, the rank in a set.

        >>> import kanasta
        >>> m = kanasta.Meld.from_cards(kanasta.parse_cards("5H 6H JK"), kanasta.Rules.kanasta())
        >>> m.stands_for(2)
        (<Rank.SEVEN: 7>, <Suit.HEARTS: 2>)
        """
        if self.kind is MeldKind.SET:
            assert self.rank is not None
            return self.rank
        assert self.suit is not None
        return Rank(_rank_at(self.low + position)), self.suit

    def value(self, rules: Rules) -> Fraction:
        """Total card value of the meld (C-VAL-1, K-VAL-1; bonuses not included).

        A wild keeps its own value; a 2 in its natural place in a run counts
        ``rules.natural_two_value``.

        >>> import kanasta
        >>> from kanasta import Meld, parse_cards
        >>> k = kanasta.Rules.kanasta()
        >>> str(Meld.from_cards(parse_cards("4H 5H 6H 2S 8H"), k).value(k))   # worked example 8: 3 1/2
        '7/2'
        >>> int(Meld.from_cards(parse_cards("KH KD KS 2C"), kanasta.Rules.classic()).value(kanasta.Rules.classic()))
        50
        """
        total = Fraction(0)
        for i, card in enumerate(self.cards):
            total += rules.card_value(card, natural_two=self.is_natural_two(i))
        return total

    def __str__(self) -> str:
        return format_cards(self.cards)

    def __repr__(self) -> str:
        return f"Meld({self.kind.value}: {format_cards(self.cards)})"

    # ------------------------------------------------------------ building
    @classmethod
    def from_cards(cls, cards: Sequence[Card], rules: Rules) -> Meld:
        """Read ``cards`` as a new meld under ``rules``, or raise.

        A set may be given in any order; a run is given from its low end to its
        high end, the wild card in the place it stands for (K-MELD-5).  Raises
        :class:`~kanasta.IllegalActionError` naming the rule a bad meld breaks.

        >>> import kanasta
        >>> from kanasta import Meld, parse_cards
        >>> Meld.from_cards(parse_cards("7H 7D"), kanasta.Rules.classic())
        Traceback (most recent call last):
        ...
        kanasta.errors.IllegalActionError: a meld needs at least 3 cards, not 2 [C-MELD-1]
        >>> Meld.from_cards(parse_cards("KS AS 2S"), kanasta.Rules.kanasta())
        Traceback (most recent call last):
        ...
        kanasta.errors.IllegalActionError: 'KS AS 2S' is not a run: no wrap-around past the ace [K-MELD-2]
        """
        meld = read_meld(tuple(cards), rules)
        if isinstance(meld, tuple):
            raise IllegalActionError(meld[0], meld[1])
        return meld


def _mid(rules: Rules) -> str:
    return rule_id(rules, Concept.MELD)


def read_set(cards: tuple[Card, ...], rules: Rules, *, black_threes_ok: bool = False) -> Meld | Problem:
    """Check ``cards`` as a set; return the meld (cards in canonical order) or a problem."""
    naturals = [c for c in cards if not c.is_wild]
    wilds = [c for c in cards if c.is_wild]
    if len(cards) < MELD_MIN:
        return (_mid(rules), f"a meld needs at least 3 cards, not {len(cards)}")
    if not naturals:
        if all(4 <= c.index < 8 for c in cards):
            return (_mid(rules), "there are no melds of 2s: a 2 is a wild card")
        return (rule_id(rules, Concept.WILDS_ONLY), "a meld of wild cards only is not allowed")
    rank_number = _rank_num(naturals[0])
    if any(_rank_num(c) != rank_number for c in naturals):
        return (_mid(rules), f"{format_cards(cards)!r} is not a set: the natural cards differ in rank")
    rank = Rank(rank_number)
    if rank is Rank.THREE and rules.black_threes:
        if any(c.is_red_three for c in naturals):  # pragma: no cover - red 3s never reach a hand
            return ("C-THREE-1", "red 3s are never melded")
        if wilds:
            return ("C-THREE-2", "a meld of black 3s takes no wild cards")
        if not black_threes_ok:
            return ("C-THREE-2", "black 3s are melded only by a player going out, as 3 or 4 black 3s")
        if not MELD_MIN <= len(naturals) <= BLACK_THREE_MELD_MAX:  # pragma: no cover - there are only four black 3s
            return ("C-THREE-2", "a black-3 meld has three or four cards")
    if len(naturals) < 2:
        return (rule_id(rules, Concept.NATURALS_AND_WILDS), "a meld needs at least two natural cards")
    if len(wilds) > rules.max_wilds:
        # the limit in force names the rule: one wild card is K-MELD-4's limit (whichever game sets it),
        # a larger one is Classic's C-MELD-1
        rid = "K-MELD-4" if rules.max_wilds == 1 else "C-MELD-1"
        return (rid, f"a meld holds at most {rules.max_wilds} wild card(s), not {len(wilds)}")
    if rules.wilds_within_naturals and len(wilds) > len(naturals):
        return ("C-MELD-1", "wild cards may not outnumber natural cards (option wilds_within_naturals)")
    if rules.max_meld_size is not None and len(cards) > rules.max_meld_size:
        return ("K-MELD-3", f"a meld holds at most {rules.max_meld_size} cards")
    ordered = tuple(sorted(naturals)) + tuple(sorted(wilds))
    return Meld(MeldKind.SET, ordered, rank=rank)


def read_run(
    cards: tuple[Card, ...],
    rules: Rules,
    *,
    wild_card: Card | None = None,
) -> Meld | Problem:
    """Check ``cards`` (low to high) as a run; return the meld or a problem.

    ``wild_card`` is the card that is already the run's wild when an existing
    run is being extended: it stays the wild wherever it lands (K-MELD-7).
    """
    text = format_cards(cards)
    if not rules.runs:
        return ("C-MELD-1", "runs are not melds in this game")
    if len(cards) < MELD_MIN:
        return ("K-MELD-2", f"a run needs at least 3 cards, not {len(cards)}")
    limit = 13 if rules.max_meld_size is None else min(13, rules.max_meld_size)
    if len(cards) > limit:
        return ("K-MELD-3", f"a meld holds at most {limit} cards")
    fixed = [(i, c) for i, c in enumerate(cards) if not c.is_wild]
    if not fixed:
        return ("K-MELD-4", "a run needs natural cards")
    suit_index = fixed[0][1].index % 4
    if any(c.index % 4 != suit_index for _, c in fixed):
        return ("K-MELD-2", f"{text!r} is not a run: the natural cards differ in suit")
    first_pos, first = fixed[0]
    number = _rank_num(first)
    candidates = [number - first_pos]
    if number == 1:
        candidates.append(14 - first_pos)
    reason = "the cards are not consecutive"
    wrap = False
    for low in candidates:
        if low < 1 or low + len(cards) - 1 > 14:
            wrap = True
            continue
        ok = True
        for i, c in fixed:
            if _rank_at(low + i) != _rank_num(c):
                ok = False
                break
        if not ok:
            continue
        # Wild cards: jokers, 2s of another suit, 2s out of their natural place,
        # and the card that already is the run's wild (K-MELD-6, K-MELD-7).
        wild_positions = []
        for i, c in enumerate(cards):
            if c.index == 52 or (4 <= c.index < 8 and not (c.index % 4 == suit_index and low + i == 2)):
                wild_positions.append(i)
        if wild_card is not None and wild_card.index != 52 and 4 <= wild_card.index < 8:
            # The old wild is a 2 that may now sit in its own natural place.
            naturally_placed = [
                i for i, c in enumerate(cards)
                if c is wild_card and i not in wild_positions
            ]
            if naturally_placed and not any(cards[i] is wild_card for i in wild_positions):
                wild_positions.append(naturally_placed[0])
        if len(wild_positions) > 1:
            return ("K-MELD-4", f"{text!r}: a meld holds at most one wild card")
        if len(cards) - len(wild_positions) < 2:  # pragma: no cover - 3+ cards, one wild
            return ("K-MELD-4", "a run needs at least two natural cards")
        return Meld(
            MeldKind.RUN,
            cards,
            suit=Suit(suit_index),
            low=low,
            wild_index=wild_positions[0] if wild_positions else None,
        )
    if wrap and _wraps(cards, fixed):
        reason = "no wrap-around past the ace"
    return ("K-MELD-2", f"{text!r} is not a run: {reason}")


def _wraps(cards: tuple[Card, ...], fixed: list[tuple[int, Card]]) -> bool:
    """Whether the natural cards would be consecutive if the ranks wrapped round past the ace."""
    first_pos, first = fixed[0]
    start = _rank_num(first) - first_pos
    return all((start + i - 1) % 13 + 1 == _rank_num(c) for i, c in fixed)


def read_meld(cards: tuple[Card, ...], rules: Rules, *, black_threes_ok: bool = False) -> Meld | Problem:
    """Read ``cards`` as a new set or run; return the meld or the problem."""
    naturals = [c for c in cards if not c.is_wild]
    if not naturals:
        # only 2s and jokers: no set (there are no sets of 2s) and no run (a run
        # holds at most one natural 2, in its place, and needs two naturals)
        return read_set(cards, rules, black_threes_ok=black_threes_ok)
    same_rank = bool(naturals) and all(_rank_num(c) == _rank_num(naturals[0]) for c in naturals)
    if same_rank or not rules.runs:
        as_set = read_set(cards, rules, black_threes_ok=black_threes_ok)
        if not isinstance(as_set, tuple) or not rules.runs:
            return as_set
        as_run = read_run(cards, rules)
        return as_set if isinstance(as_run, tuple) else as_run
    return read_run(cards, rules)
