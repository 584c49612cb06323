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
from typing import Final, NoReturn, TypeAlias, cast, get_args

import attrs

from kanasta.cards import QUOTE_LIMIT, Card, all_cards, card_named, card_problem, format_cards
from kanasta.errors import ActionError, NotationError, short_repr

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

MAX_MELD_INDEX: Final = 9999
"""The largest meld number an action may name (a team never has more than 36 melds)."""

# every card is one interned object (kanasta.cards): a card field must be one of them
_CARD_IDS: Final = frozenset(id(card) for card in all_cards())


def _number(value: int) -> str:
    """``value`` for a message, short even for a huge int (Python refuses to print ints over 4,300 digits)."""
    if -10**12 < value < 10**12:
        return str(value)
    return f"{'-' if value < 0 else ''}a number of {len(hex(value)) * 6 // 5}-odd digits"


def _what(value: object) -> str:
    """A short description of a bad field value (never its whole repr: it may be huge or hostile)."""
    if type(value) is int:
        return _number(value)
    if type(value) is bool or value is None:
        return repr(value)
    return f"a {type(value).__name__}"


def _cards(value: Iterable[Card]) -> tuple[Card, ...]:
    if isinstance(value, (str, bytes)):
        raise ActionError("cards must be Card values (use kanasta.parse_cards for text)")
    try:
        out = tuple(value)
    except TypeError:
        raise ActionError(f"cards must be an iterable of kanasta.Card values, not {_what(value)}") from None
    if len(out) > 108:
        raise ActionError(f"a move holds at most 108 cards, not {len(out)}")
    for card in out:
        if id(card) not in _CARD_IDS:
            raise ActionError(f"expected a kanasta.Card, got {_what(card)} (use kanasta.parse_cards for text)")
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
    if type(value) is not int:
        raise ActionError(f"a meld number must be an int, not {_what(value)}")
    if not 0 <= value <= MAX_MELD_INDEX:
        raise ActionError(f"a meld number must be from 0 to {MAX_MELD_INDEX}, not {_number(value)}")
    return value


def _optional_index(value: object) -> int | None:
    return None if value is None else _index(value)


def _check_index(_instance: object, _attribute: object, value: int) -> None:
    _index(value)


def _check_optional_index(_instance: object, _attribute: object, value: int | None) -> None:
    _optional_index(value)


def _card(value: object) -> Card:
    if id(value) not in _CARD_IDS:
        raise ActionError(f"expected a kanasta.Card, got {_what(value)} (use kanasta.parse_card for text)")
    return value  # type: ignore[return-value]  # one of the interned cards


def _flag(value: object) -> bool:
    if value is not True and value is not False:
        raise ActionError(f"expected True or False, got {_what(value)}")
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
    meld: int | None = attrs.field(default=None, validator=_check_optional_index)

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

    meld: int = attrs.field(validator=_check_index)
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

    meld: int = attrs.field(validator=_check_index)
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

_REF_DIGITS: Final = 4
# the most digits of a meld number in notation (@0 to @9999; a team never has 40 melds)
_MELD_REF: Final = re.compile(rf"^@(\d{{1,{_REF_DIGITS}}})$")
_CARD_SEPARATORS: Final = re.compile(r"[\s,]+")
_TEXT_SHOWN: Final = 60
_VERBS: Final = "draw take meld add extend discard ask yes no decline"


class _Line:
    """One action text being read: its words and the error messages that quote it."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.quoted = short_repr(text, _TEXT_SHOWN)

    def fail(self, problem: str) -> NoReturn:
        raise NotationError(f"bad action {self.quoted}: {problem}")

    def ref(self, token: str, verb: str) -> int:
        m = _MELD_REF.match(token)
        if m is not None:
            return int(m.group(1))
        digits = token[1:]
        if digits.isascii() and digits.isdigit():
            self.fail(
                f"meld number {short_repr(token, QUOTE_LIMIT)} is too large: "
                f"meld numbers go from @0 to @{'9' * _REF_DIGITS}"
            )
        self.fail(f"{verb}: expected a meld number like @0, got {short_repr(token, QUOTE_LIMIT)}")

    def cards(self, words: list[tuple[int, str]], verb: str) -> tuple[Card, ...]:
        out = []
        for position, word in words:
            for token in (t for t in _CARD_SEPARATORS.split(word) if t):
                if token.startswith("@"):
                    self.fail(f"{verb} takes no meld number here ({short_repr(token, QUOTE_LIMIT)})")
                card = card_named(token)
                if card is None:
                    self.fail(f"bad card {short_repr(token, QUOTE_LIMIT)} (word {position}): {card_problem(token)}")
                out.append(card)
        return tuple(out)

# the fields of each action class, in constructor order
_FIELDS: Final[dict[type, tuple[str, ...]]] = {
    Draw: (), TakePile: ("cards", "meld"), LayMeld: ("cards",), AddToMeld: ("meld", "cards"),
    ExtendRun: ("meld", "run"), Discard: ("card",), AskPartner: (), AnswerPartner: ("permit",), Decline: (),
}
_CONSTANTS: Final[dict[type, Action]] = {Draw: DRAW, AskPartner: ASK, Decline: DECLINE}


def own_copy(action: object) -> Action:
    """A new action equal to ``action``, made by its class's constructor (RULES E-5).

    :meth:`State.apply <kanasta.State.apply>` keeps this copy in the
    history, so nothing the caller holds is kept.  Only the action classes
    themselves are accepted (not subclasses, which could carry anything), and
    every field must be one the constructor would have stored; otherwise
    :class:`~kanasta.ActionError`.

    >>> import kanasta
    >>> from kanasta.actions import own_copy
    >>> move = kanasta.parse_action("meld 7H 7S JK")
    >>> own_copy(move) == move, own_copy(move) is move
    (True, False)
    >>> class Sneaky(kanasta.Discard): pass
    >>> own_copy(Sneaky(kanasta.parse_card("7H")))
    Traceback (most recent call last):
    ...
    kanasta.errors.ActionError: not a move: a Sneaky is not a kanasta action class (parse_action reads text)
    """
    kind = type(action)
    names = _FIELDS.get(kind)
    if names is None:
        raise ActionError(
            f"not a move: a {kind.__name__} is not a kanasta action class (parse_action reads text)"
        )
    if not names:
        return _CONSTANTS[kind]
    values = []
    for name in names:
        try:
            value = object.__getattribute__(action, name)
        except AttributeError:
            raise ActionError(f"a {kind.__name__} without its {name!r} (not made by its constructor)") from None
        if name in ("cards", "run") and type(value) is not tuple:
            raise ActionError(f"a {kind.__name__} whose {name!r} is {_what(value)}, not a tuple of cards")
        values.append(value)
    copy = cast(Action, kind(*values))
    for name, value in zip(names, values):
        if object.__getattribute__(copy, name) != value:  # both validated: plain ints, tuples of cards
            raise ActionError(f"a {kind.__name__} whose {name!r} is not as its constructor stores it")
    return copy


def parse_action(text: str) -> Action:
    """Read an action from its text form (the form ``str(action)`` gives).

    Grammar (words separated by spaces; ``CARDS`` is card notation, cards
    separated by spaces or commas; ``@N`` is a meld number)::

        draw | ask | yes | no | decline
        take [CARDS] [@N]
        meld CARDS
        add @N CARDS
        extend @N CARDS       (the run's whole new list, low to high)
        discard CARD

    Verbs and cards may be written in any letter case, cards with suit
    symbols or ``10`` for ten.  Anything else raises
    :class:`~kanasta.NotationError` saying what is wrong with the line (long
    text is quoted cut short).

    >>> from kanasta import parse_action
    >>> parse_action("take KH KS @3")
    TakePile(cards=(Card('KH'), Card('KS')), meld=3)
    >>> parse_action("Add @0 7c"), parse_action("DISCARD 10♥")
    (AddToMeld(meld=0, cards=(Card('7C'),)), Discard(card=Card('TH')))
    >>> parse_action("discard 7C 8C")
    Traceback (most recent call last):
    ...
    kanasta.errors.NotationError: bad action 'discard 7C 8C': discard takes exactly one card, not 2
    >>> parse_action("take 3C 3C @0 @1")
    Traceback (most recent call last):
    ...
    kanasta.errors.NotationError: bad action 'take 3C 3C @0 @1': give one meld number, not 2 (@0 @1)
    """
    if not isinstance(text, str):
        raise NotationError(f"an action must be given as text, not {type(text).__name__}")
    line = _Line(text)
    words = text.split()
    if not words:
        raise NotationError("empty action text")
    verb = words[0].lower()
    rest = list(enumerate(words[1:], 2))
    simple: dict[str, Action] = {"draw": DRAW, "ask": ASK, "yes": YES, "no": NO, "decline": DECLINE}
    if verb in simple:
        if rest:
            line.fail(f"{verb!r} takes nothing after it")
        return simple[verb]
    if verb not in ("take", "meld", "add", "extend", "discard"):
        line.fail(f"unknown verb {short_repr(words[0], QUOTE_LIMIT)}; verbs are {_VERBS}")
    refs = [(i, w) for i, w in rest if w.startswith("@")]
    plain = [(i, w) for i, w in rest if not w.startswith("@")]
    if len(refs) > 1:
        numbers = " ".join(short_repr(w, QUOTE_LIMIT) if len(w) > 8 else w for _, w in refs[:4])
        line.fail(f"give one meld number, not {len(refs)} ({numbers}{' ...' if len(refs) > 4 else ''})")
    if verb == "take":
        meld = None
        if refs:
            position, word = refs[0]
            if position != len(words):
                line.fail("the meld number comes last, after the cards (e.g. take KH KS @2)")
            meld = line.ref(word, verb)
        return TakePile(line.cards(plain, verb), meld)
    if verb in ("meld", "discard") and refs:
        hint = "; add @N or extend @N adds to a meld" if verb == "meld" else ""
        line.fail(f"{verb} takes cards, not a meld number ({short_repr(refs[0][1], QUOTE_LIMIT)}){hint}")
    if verb == "meld":
        cards = line.cards(plain, verb)
        if not cards:
            line.fail("meld needs cards")
        return LayMeld(cards)
    if verb == "discard":
        cards = line.cards(plain, verb)
        if len(cards) != 1:
            line.fail("discard needs a card" if not cards else f"discard takes exactly one card, not {len(cards)}")
        return Discard(cards[0])
    # add / extend
    if not refs:
        line.fail(f"{verb} needs a meld number first, e.g. {verb} @0 7H")
    if refs[0][0] != 2:
        line.fail(f"the meld number comes first, right after {verb!r} (e.g. {verb} @0 7H)")
    index = line.ref(refs[0][1], verb)
    cards = line.cards(plain, verb)
    if not cards:
        line.fail(f"{verb} needs cards after the meld number")
    return AddToMeld(index, cards) if verb == "add" else ExtendRun(index, cards)
