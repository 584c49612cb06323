"""Cards, the 108-card deck and the card notation (RULES G-DECK-1, G-DECK-2).

A :class:`Card` is a small immutable value.  Identical cards (the two 7♥ of the
two packs) are the same value: the library never tells copies apart, so there
are 53 distinct cards, 52 naturals and the joker.

Notation: a rank ``A 2 3 4 5 6 7 8 9 T J Q K`` (``10`` is accepted for ``T``)
followed by a suit ``C D H S`` (the symbols ``♣ ♦ ♥ ♠`` are accepted too), or
``JK`` for a joker.  ``str(card)`` gives the plain form, which parses back;
:meth:`Card.pretty` gives a form with suit symbols for display.

>>> from kanasta import parse_cards
>>> cards = parse_cards("7H 7D TS 10C 2C JK")
>>> [str(c) for c in cards]
['7H', '7D', 'TS', 'TC', '2C', 'JK']
>>> " ".join(c.pretty() for c in cards)
'7♥ 7♦ 10♠ 10♣ 2♣ JK'
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable
from typing import Final, final

from kanasta.errors import NotationError, short_repr

__all__ = [
    "DECK",
    "JOKER",
    "Card",
    "Rank",
    "Suit",
    "all_cards",
    "format_cards",
    "parse_card",
    "parse_cards",
]


class Rank(enum.IntEnum):
    """A card rank; the value is the rank's number with the ace as 1.

    >>> from kanasta import Rank
    >>> Rank.QUEEN.value, Rank.QUEEN.symbol
    (12, 'Q')
    >>> Rank.from_symbol("10")
    <Rank.TEN: 10>
    """

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def symbol(self) -> str:
        """The one-character notation of the rank (``T`` for ten).

        >>> from kanasta import Rank
        >>> Rank.TEN.symbol
        'T'
        """
        return _RANK_SYMBOLS[self.value - 1]

    @classmethod
    def from_symbol(cls, text: str) -> Rank:
        """The rank written ``text`` (``A 2-9 T J Q K``, or ``10``).

        >>> from kanasta import Rank
        >>> Rank.from_symbol("K")
        <Rank.KING: 13>
        >>> Rank.from_symbol("1")
        Traceback (most recent call last):
        ...
        kanasta.errors.NotationError: unknown rank '1'; ranks are A 2 3 4 5 6 7 8 9 T J Q K (10 is accepted for T)
        """
        if not isinstance(text, str):
            raise NotationError(f"a rank must be given as text, not {type(text).__name__}")
        value = _RANK_BY_SYMBOL.get(text)
        if value is None:
            raise NotationError(f"unknown rank {text!r}; {_RANK_HELP}")
        return cls(value)


class Suit(enum.IntEnum):
    """A card suit, in the order clubs, diamonds, hearts, spades.

    >>> from kanasta import Suit
    >>> Suit.HEARTS.symbol, Suit.HEARTS.pretty, Suit.HEARTS.is_red
    ('H', '♥', True)
    """

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def symbol(self) -> str:
        """The letter of the suit in card notation.

        >>> from kanasta import Suit
        >>> Suit.SPADES.symbol
        'S'
        """
        return "CDHS"[self.value]

    @property
    def pretty(self) -> str:
        """The suit symbol used for display.

        >>> from kanasta import Suit
        >>> Suit.CLUBS.pretty
        '♣'
        """
        return "♣♦♥♠"[self.value]

    @property
    def is_red(self) -> bool:
        """True for diamonds and hearts.

        >>> from kanasta import Suit
        >>> Suit.DIAMONDS.is_red, Suit.SPADES.is_red
        (True, False)
        """
        return self.value in (1, 2)


_RANK_SYMBOLS: Final = "A23456789TJQK"
_RANK_BY_SYMBOL: Final[dict[str, int]] = {s: i + 1 for i, s in enumerate(_RANK_SYMBOLS)}
_RANK_BY_SYMBOL["10"] = 10
_RANK_HELP: Final = "ranks are A 2 3 4 5 6 7 8 9 T J Q K (10 is accepted for T)"
_SUIT_BY_SYMBOL: Final[dict[str, int]] = {
    "C": 0, "D": 1, "H": 2, "S": 3, "♣": 0, "♦": 1, "♥": 2, "♠": 3,
}
_SUIT_HELP: Final = "suits are C D H S (or the symbols ♣ ♦ ♥ ♠)"
_JOKER_INDEX: Final = 52


@final
class Card:
    """One card: a natural card (rank and suit) or a joker.

    Cards are interned: there is exactly one object per distinct card, so
    ``Card(Rank.SEVEN, Suit.HEARTS) is parse_card("7H")``.  They compare and sort
    by :attr:`index` (rank-major, ace first, joker last) and cannot be changed.
    They are constants, shared by every game of the process (both engines):
    never change one with ``object.__setattr__``.

    >>> from kanasta import Card, Rank, Suit, JOKER, parse_card
    >>> seven = Card(Rank.SEVEN, Suit.HEARTS)
    >>> seven is parse_card("7H"), str(seven), seven.index
    (True, '7H', 26)
    >>> JOKER.is_joker, JOKER.rank is None, str(JOKER)
    (True, True, 'JK')
    >>> sorted(parse_card(t) for t in ["JK", "KS", "AC"])
    [Card('AC'), Card('KS'), Card('JK')]
    """

    __slots__ = ("index", "rank", "suit", "_text")

    index: int
    rank: Rank | None
    suit: Suit | None
    _text: str

    def __new__(cls, rank: Rank | None = None, suit: Suit | None = None) -> Card:
        if rank is None and suit is None:
            return _CARDS[_JOKER_INDEX]
        if rank is None or suit is None:
            raise NotationError("a natural card needs both a rank and a suit; a joker has neither")
        if not isinstance(rank, int) or isinstance(rank, bool) or not 1 <= rank <= 13:
            raise NotationError(f"rank must be a kanasta.Rank (or 1-13), not {rank!r}")
        if not isinstance(suit, int) or isinstance(suit, bool) or not 0 <= suit <= 3:
            raise NotationError(f"suit must be a kanasta.Suit (or 0-3), not {suit!r}")
        return _CARDS[(int(rank) - 1) * 4 + int(suit)]

    @classmethod
    def _make(cls, index: int) -> Card:
        card = object.__new__(cls)
        if index == _JOKER_INDEX:
            rank, suit, text = None, None, "JK"
        else:
            rank, suit = Rank(index // 4 + 1), Suit(index % 4)
            text = rank.symbol + suit.symbol
        object.__setattr__(card, "index", index)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "_text", text)
        return card

    @staticmethod
    def from_index(index: int) -> Card:
        """The card with the given :attr:`index` (0-52).

        >>> from kanasta import Card
        >>> Card.from_index(0), Card.from_index(52)
        (Card('AC'), Card('JK'))
        """
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index <= _JOKER_INDEX:
            raise NotationError(f"card index must be an int from 0 to 52, not {index!r}")
        return _CARDS[index]

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"Card is immutable; cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"Card is immutable; cannot delete {name!r}")

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (Card.from_index, (self.index,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    def __hash__(self) -> int:
        # Cards are interned, so the inherited identity equality is exact; the
        # hash is the index so that sets of cards behave the same in every process.
        return self.index

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index < other.index

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index <= other.index

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index > other.index

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index >= other.index

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card({self._text!r})"

    @property
    def is_joker(self) -> bool:
        """True for a joker.

        >>> from kanasta import parse_card
        >>> parse_card("JK").is_joker, parse_card("2C").is_joker
        (True, False)
        """
        return self.index == _JOKER_INDEX

    @property
    def is_wild(self) -> bool:
        """True for jokers and 2s, the wild cards of both games (G-WILD-1).

        Whether a 2 *acts* as a wild depends on where it is played: in
        Kanasta a 2 in its natural place in a run of its suit is a natural card
        (K-MELD-6).

        >>> from kanasta import parse_cards
        >>> [c.is_wild for c in parse_cards("JK 2H 3H")]
        [True, True, False]
        """
        return self.index == _JOKER_INDEX or self.index // 4 == 1

    @property
    def is_red_three(self) -> bool:
        """True for 3♦ and 3♥ (the Classic Canasta bonus cards, C-THREE-1).

        >>> from kanasta import parse_cards
        >>> [c.is_red_three for c in parse_cards("3D 3H 3C")]
        [True, True, False]
        """
        return self.index in (9, 10)

    @property
    def is_black_three(self) -> bool:
        """True for 3♣ and 3♠ (C-THREE-2, C-THREE-3).

        >>> from kanasta import parse_cards
        >>> [c.is_black_three for c in parse_cards("3C 3S 3H")]
        [True, True, False]
        """
        return self.index in (8, 11)

    def pretty(self) -> str:
        """The card with its suit symbol and ``10`` for ten, for display.

        This form parses back too.

        >>> from kanasta import parse_card
        >>> parse_card("TD").pretty()
        '10♦'
        >>> parse_card(parse_card("TD").pretty())
        Card('TD')
        """
        if self.rank is None or self.suit is None:
            return "JK"
        rank = "10" if self.rank == Rank.TEN else self.rank.symbol
        return rank + self.suit.pretty


_CARDS: Final[tuple[Card, ...]] = tuple(Card._make(i) for i in range(53))
JOKER: Final[Card] = _CARDS[_JOKER_INDEX]
"""The joker (there are four of them in the deck).

>>> from kanasta import JOKER
>>> str(JOKER)
'JK'
"""

DECK: Final[tuple[Card, ...]] = tuple(
    sorted([c for c in _CARDS[:_JOKER_INDEX] for _ in range(2)] + [JOKER] * 4)
)
"""The 108 cards of a game, in canonical order (RULES G-DECK-1).

>>> from kanasta import DECK
>>> len(DECK), len(set(DECK)), DECK.count(DECK[-1])
(108, 53, 4)
"""

_TEXT_TO_CARD: Final[dict[str, Card]] = {}
for _card in _CARDS:
    _TEXT_TO_CARD[str(_card)] = _card
    _TEXT_TO_CARD[_card.pretty()] = _card
    if _card.rank is Rank.TEN and _card.suit is not None:
        _TEXT_TO_CARD["10" + _card.suit.symbol] = _card
        _TEXT_TO_CARD["T" + _card.suit.pretty] = _card
del _card


def all_cards() -> tuple[Card, ...]:
    """The 53 distinct cards, in index order.

    >>> from kanasta import all_cards
    >>> cards = all_cards()
    >>> len(cards), str(cards[0]), str(cards[-1])
    (53, 'AC', 'JK')
    """
    return _CARDS


QUOTE_LIMIT: Final = 20
"""How many characters of a bad token an error message quotes: a longer one is cut short, with its length.

The notation's readers (cards here, moves in :mod:`kanasta.actions`) quote a
token no further, so a message never echoes a megabyte of input.

>>> import kanasta
>>> kanasta.parse_card("7" * 30)
Traceback (most recent call last):
...
kanasta.errors.NotationError: bad card '77777777777777777777'... (30 characters): a card is a rank and a suit, ...
"""


def card_named(token: str) -> Card | None:
    """The card one token of card notation names, in any letter case, or None when it names none.

    The notation's readers (:func:`parse_card`, :func:`parse_cards`, the move
    reader :func:`kanasta.parse_action`) look each token up here and say
    what is wrong with one that names no card with :func:`card_problem`.

    >>> card_named("10h"), card_named("JK"), card_named("7X")
    (Card('TH'), Card('JK'), None)
    """
    card = _TEXT_TO_CARD.get(token)
    if card is None and len(token) <= 3:
        card = _TEXT_TO_CARD.get(token.upper())
    return card


def card_problem(token: str) -> str:
    """Why ``token`` names no card (:func:`card_named` gave None), in words for an error message.

    >>> card_problem("7X"), card_problem("joker")
    ("unknown suit 'X'; suits are C D H S (or the symbols ♣ ♦ ♥ ♠)", 'a joker is written JK')
    """
    if not token:
        return "empty card"
    if token.upper() in ("J", "JO", "JOKER", "JKR"):
        return "a joker is written JK"
    if len(token) < 2:
        return f"a card is a rank and a suit, e.g. 7H; {_RANK_HELP}"
    if len(token) > 3:
        return "a card is a rank and a suit, e.g. 7H or 10H (JK for a joker)"
    rank, suit = token[:-1].upper(), token[-1].upper()
    if rank not in _RANK_BY_SYMBOL:
        return f"unknown rank {rank!r}; {_RANK_HELP}"
    if suit not in _SUIT_BY_SYMBOL:
        return f"unknown suit {token[-1]!r}; {_SUIT_HELP}"
    return "not a card"  # pragma: no cover - every other token is a card


def parse_card(text: str) -> Card:
    """Read one card in card notation.

    >>> from kanasta import parse_card
    >>> parse_card("10H"), parse_card("TH"), parse_card("Q♠"), parse_card("JK"), parse_card("th")
    (Card('TH'), Card('TH'), Card('QS'), Card('JK'), Card('TH'))
    >>> parse_card("7X")
    Traceback (most recent call last):
    ...
    kanasta.errors.NotationError: bad card '7X': unknown suit 'X'; suits are C D H S (or the symbols ♣ ♦ ♥ ♠)
    """
    if not isinstance(text, str):
        raise NotationError(f"a card must be given as text, not {type(text).__name__}")
    card = card_named(text)
    if card is None:
        raise NotationError(f"bad card {short_repr(text, QUOTE_LIMIT)}: {card_problem(text)}")
    return card


_SEPARATORS: Final = re.compile(r"[\s,]+")


def parse_cards(text: str) -> tuple[Card, ...]:
    """Read cards separated by spaces (or commas); the order is kept.

    The error for a bad token names it and its position.

    >>> from kanasta import parse_cards
    >>> parse_cards("7H 7D TS 10C 2C JK")
    (Card('7H'), Card('7D'), Card('TS'), Card('TC'), Card('2C'), Card('JK'))
    >>> parse_cards("")
    ()
    >>> parse_cards("7H, 8H")
    (Card('7H'), Card('8H'))
    >>> parse_cards("7h 10s q♠ jk")
    (Card('7H'), Card('TS'), Card('QS'), Card('JK'))
    >>> parse_cards("7H QQ")
    Traceback (most recent call last):
    ...
    kanasta.errors.NotationError: bad card 'QQ' (token 2): unknown suit 'Q'; suits are C D H S (or the symbols ♣ ♦ ♥ ♠)
    """
    if not isinstance(text, str):
        raise NotationError(f"cards must be given as text, not {type(text).__name__}")
    tokens = [t for t in _SEPARATORS.split(text.strip()) if t]
    out = []
    for position, token in enumerate(tokens, 1):
        card = card_named(token)
        if card is None:
            raise NotationError(f"bad card {short_repr(token, QUOTE_LIMIT)} (token {position}): {card_problem(token)}")
        out.append(card)
    return tuple(out)


def format_cards(cards: Iterable[Card], *, pretty: bool = False) -> str:
    """Write cards in notation, separated by single spaces.

    >>> from kanasta import format_cards, parse_cards
    >>> format_cards(parse_cards("TH JK"))
    'TH JK'
    >>> format_cards(parse_cards("TH JK"), pretty=True)
    '10♥ JK'
    """
    if pretty:
        return " ".join(c.pretty() for c in cards)
    return " ".join(c._text for c in cards)

