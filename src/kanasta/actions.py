"""The moves of both games: small immutable, hashable values with a text form.

Every turn is made of atomic moves (G-TURN-1):

===================  ==========================================================
``draw``             :class:`Draw` the top of the stock (two cards in C2-2)
``take ...``         :class:`TakePile`, with the hand cards that meld its top card
``meld ...``         :class:`LayMeld`, a new meld (a run low to high, K-MELD-5)
``add @i ...``       :class:`AddToMeld`, cards added to the team's set ``i``
``extend @i ...``    :class:`ExtendRun`, the team's run ``i`` given as its new
                     low-to-high list (K-MELD-5, K-MELD-7)
``discard X``        :class:`Discard` a card, ending the turn
``ask``              :class:`AskPartner` "may I go out?" (C-OUT-3)
``yes`` / ``no``     :class:`AnswerPartner`, the partner's answer
``decline``          :class:`Decline` the pile when the stock is empty (C-OUT-5)
===================  ==========================================================

Meld indices (``@i``) count from 0 in the team's list of melds
(``state.melds[team]``).  ``str(action)`` is the text form and
:func:`parse_action` reads it back.

>>> from kanasta import LayMeld, Discard, parse_cards, parse_action
>>> m = LayMeld(parse_cards("JK 7S 7H"))
>>> str(m), m == parse_action("meld 7H 7S JK")
('meld 7H 7S JK', True)
>>> str(parse_action("extend @1 JK 4H 5H 6H"))
'extend @1 JK 4H 5H 6H'
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final, TypeAlias, get_args

import attrs

from kanasta.cards import Card, format_cards, parse_cards
from kanasta.errors import NotationError

__all__ = [
    "ACTION_TYPES",
    "Action",
    "AddToMeld",
    "AnswerPartner",
    "AskPartner",
    "Decline",
    "Discard",
    "Draw",
    "ExtendRun",
    "LayMeld",
    "TakePile",
    "parse_action",
]


def _cards(value: Iterable[Card]) -> tuple[Card, ...]:
    if isinstance(value, (str, bytes)):
        raise TypeError("cards must be Card values (use kanasta.parse_cards for text)")
    out = tuple(value)
    for card in out:
        if not isinstance(card, Card):
            raise TypeError(f"expected a kanasta.Card, got {card!r} (use kanasta.parse_cards for text)")
    return out


def _sorted_cards(value: Iterable[Card]) -> tuple[Card, ...]:
    """Canonical order of cards joining a set: naturals, then wild cards, each by index."""
    return tuple(sorted(_cards(value), key=lambda c: (c.is_wild, c.index)))


def _set_order(value: Iterable[Card]) -> tuple[Card, ...]:
    """Put a set's cards in canonical order; leave anything else (a run) as given."""
    cards = _cards(value)
    naturals = [c for c in cards if not c.is_wild]
    if len(naturals) >= 2 and all(c.index // 4 == naturals[0].index // 4 for c in naturals):
        return tuple(sorted(naturals)) + tuple(sorted(c for c in cards if c.is_wild))
    return cards


def _index(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"a meld index must be an int, not {value!r}")
    if value < 0:
        raise ValueError(f"a meld index must be >= 0, not {value}")
    return value


def _optional_index(value: object) -> int | None:
    return None if value is None else _index(value)


def _card(value: object) -> Card:
    if not isinstance(value, Card):
        raise TypeError(f"expected a kanasta.Card, got {value!r} (use kanasta.parse_card for text)")
    return value


def _flag(value: object) -> bool:
    if not isinstance(value, bool):
        raise TypeError(f"expected True or False, got {value!r}")
    return value


@attrs.frozen(slots=True)
class Draw:
    """Draw from the stock (G-TURN-1; two cards in the two-player game, C2-2).

    >>> from kanasta import Draw
    >>> str(Draw()), Draw() == Draw()
    ('draw', True)
    """

    def __str__(self) -> str:
        return "draw"


@attrs.frozen(slots=True)
class TakePile:
    """Take the discard pile.

    In Classic Canasta (C-PILE-1) :attr:`cards` are the hand cards that meld the
    top card — a natural pair, or one natural and one wild — or empty when the
    top card goes onto the team's meld :attr:`meld`.  When both are given the
    new three cards join meld :attr:`meld` (C-PILE-4).  In Kanasta the whole pile
    goes to hand and both are empty (K-PILE-1).

    >>> from kanasta import TakePile, parse_cards
    >>> str(TakePile(parse_cards("KH KS")))
    'take KH KS'
    >>> str(TakePile(parse_cards("2C KH"), meld=1))
    'take KH 2C @1'
    >>> str(TakePile(meld=2)), str(TakePile())
    ('take @2', 'take')
    """

    cards: tuple[Card, ...] = attrs.field(default=(), converter=_sorted_cards)
    meld: int | None = attrs.field(default=None, converter=_optional_index)

    def __str__(self) -> str:
        parts = ["take"]
        if self.cards:
            parts.append(format_cards(self.cards))
        if self.meld is not None:
            parts.append(f"@{self.meld}")
        return " ".join(parts)


@attrs.frozen(slots=True)
class LayMeld:
    """Lay down a new meld from hand.

    A set's cards are stored in canonical order (naturals, then wilds); a run's
    are kept as given, low to high, the wild in the place it stands for
    (K-MELD-5): ``5H 6H JK`` and ``JK 5H 6H`` are different moves.

    >>> from kanasta import LayMeld, parse_cards
    >>> str(LayMeld(parse_cards("2C 9S 9D")))
    'meld 9D 9S 2C'
    >>> LayMeld(parse_cards("5H 6H JK")) == LayMeld(parse_cards("JK 5H 6H"))
    False
    """

    cards: tuple[Card, ...] = attrs.field(converter=_set_order)

    def __str__(self) -> str:
        return "meld " + format_cards(self.cards)


@attrs.frozen(slots=True)
class AddToMeld:
    """Add cards from hand to the team's set number :attr:`meld`.

    >>> from kanasta import AddToMeld, parse_cards
    >>> str(AddToMeld(0, parse_cards("JK 7C")))
    'add @0 7C JK'
    """

    meld: int = attrs.field(converter=_index)
    cards: tuple[Card, ...] = attrs.field(converter=_sorted_cards)

    def __str__(self) -> str:
        return f"add @{self.meld} {format_cards(self.cards)}"


@attrs.frozen(slots=True)
class ExtendRun:
    """Add cards from hand to the team's run number :attr:`meld`.

    :attr:`run` is the run's new list from low end to high end (K-MELD-5): it
    shows where a new wild goes and, when its natural card is added, which free
    end the run's wild moves to (K-MELD-7).

    >>> from kanasta import ExtendRun, parse_cards
    >>> str(ExtendRun(1, parse_cards("4H 5H 6H 7H JK")))
    'extend @1 4H 5H 6H 7H JK'
    """

    meld: int = attrs.field(converter=_index)
    run: tuple[Card, ...] = attrs.field(converter=_cards)

    def __str__(self) -> str:
        return f"extend @{self.meld} {format_cards(self.run)}"


@attrs.frozen(slots=True)
class Discard:
    """Discard a card, ending the turn (or emptying the hand with the last card).

    >>> from kanasta import Discard, parse_card
    >>> str(Discard(parse_card("QS")))
    'discard QS'
    """

    card: Card = attrs.field(validator=lambda _i, _a, v: _card(v))

    def __str__(self) -> str:
        return f"discard {self.card}"


@attrs.frozen(slots=True)
class AskPartner:
    """Ask partner "may I go out?" (C-OUT-3); the partner answers next.

    >>> from kanasta import AskPartner
    >>> str(AskPartner())
    'ask'
    """

    def __str__(self) -> str:
        return "ask"


@attrs.frozen(slots=True)
class AnswerPartner:
    """The partner's binding answer to :class:`AskPartner` (C-OUT-3).

    >>> from kanasta import AnswerPartner
    >>> str(AnswerPartner(True)), str(AnswerPartner(False))
    ('yes', 'no')
    """

    permit: bool = attrs.field(validator=lambda _i, _a, v: _flag(v))

    def __str__(self) -> str:
        return "yes" if self.permit else "no"


@attrs.frozen(slots=True)
class Decline:
    """Decline to take the pile once the stock is empty, ending the hand (C-OUT-5).

    >>> from kanasta import Decline
    >>> str(Decline())
    'decline'
    """

    def __str__(self) -> str:
        return "decline"


Action: TypeAlias = (
    Draw | TakePile | LayMeld | AddToMeld | ExtendRun | Discard | AskPartner | AnswerPartner | Decline
)
"""Any move: the union of the action classes."""

ACTION_TYPES: Final[tuple[type[Action], ...]] = get_args(Action)
"""The action classes, as a tuple: every class of the :data:`Action` union, in its order.

>>> from kanasta.actions import ACTION_TYPES
>>> [t.__name__ for t in ACTION_TYPES]
['Draw', 'TakePile', 'LayMeld', 'AddToMeld', 'ExtendRun', 'Discard', 'AskPartner', 'AnswerPartner', 'Decline']
"""

DRAW: Final = Draw()
ASK: Final = AskPartner()
YES: Final = AnswerPartner(True)
NO: Final = AnswerPartner(False)
DECLINE: Final = Decline()

_MELD_REF: Final = re.compile(r"^@(\d+)$")


def _ref(token: str, text: str) -> int:
    m = _MELD_REF.match(token)
    if m is None:
        raise NotationError(f"bad action {text!r}: expected a meld number like @0, got {token!r}")
    return int(m.group(1))


def parse_action(text: str) -> Action:
    """Read an action from its text form (the form ``str(action)`` gives).

    Grammar (tokens separated by spaces; ``CARDS`` is card notation)::

        draw | ask | yes | no | decline
        take [CARDS] [@N]
        meld CARDS
        add @N CARDS
        extend @N CARDS       (the run's whole new list, low to high)
        discard CARD

    >>> from kanasta import parse_action
    >>> parse_action("take KH KS @3")
    TakePile(cards=(Card('KH'), Card('KS')), meld=3)
    >>> parse_action("add @0 7C")
    AddToMeld(meld=0, cards=(Card('7C'),))
    >>> parse_action("discard 7C 8C")
    Traceback (most recent call last):
    ...
    kanasta.errors.NotationError: bad action 'discard 7C 8C': discard takes exactly one card
    """
    if not isinstance(text, str):
        raise NotationError(f"an action must be given as text, not {type(text).__name__}")
    tokens = text.split()
    if not tokens:
        raise NotationError("empty action text")
    verb, rest = tokens[0], tokens[1:]
    simple: dict[str, Action] = {"draw": DRAW, "ask": ASK, "yes": YES, "no": NO, "decline": DECLINE}
    if verb in simple:
        if rest:
            raise NotationError(f"bad action {text!r}: {verb!r} takes nothing after it")
        return simple[verb]
    if verb == "take":
        meld = None
        if rest and rest[-1].startswith("@"):
            meld = _ref(rest[-1], text)
            rest = rest[:-1]
        return TakePile(parse_cards(" ".join(rest)), meld)
    if verb == "meld":
        cards = parse_cards(" ".join(rest))
        if not cards:
            raise NotationError(f"bad action {text!r}: meld needs cards")
        return LayMeld(cards)
    if verb in ("add", "extend"):
        if len(rest) < 2:
            raise NotationError(f"bad action {text!r}: {verb} needs a meld number and cards")
        index = _ref(rest[0], text)
        cards = parse_cards(" ".join(rest[1:]))
        if not cards:
            raise NotationError(f"bad action {text!r}: {verb} needs cards")
        return AddToMeld(index, cards) if verb == "add" else ExtendRun(index, cards)
    if verb == "discard":
        cards = parse_cards(" ".join(rest))
        if len(cards) != 1:
            raise NotationError(f"bad action {text!r}: discard takes exactly one card")
        return Discard(cards[0])
    raise NotationError(
        f"bad action {text!r}: unknown verb {verb!r}; verbs are draw take meld add extend discard ask yes no decline"
    )
