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

The action classes are compiled with the native core and both engines use
them.  Their constructors check every field (:class:`~kanasta.ActionError`
otherwise) and nothing can change an action once made — no field can be set
and no class can be subclassed — so actions can be kept, shared and used as
keys freely; the constructor makes a changed one.

>>> m.cards = ()
Traceback (most recent call last):
...
AttributeError: attribute 'cards' of 'kanasta.actions.LayMeld' objects is not writable
>>> LayMeld(m.cards[:2] + parse_cards("7D"))
LayMeld(cards=(Card('7D'), Card('7H'), Card('7S')))
"""

from __future__ import annotations

import re
from typing import Final, NoReturn, TypeAlias, get_args

from kanasta._core import actions as _compiled
from kanasta.cards import QUOTE_LIMIT, Card, all_cards, card_named, card_problem
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

# The action classes are compiled (kanasta._core.actions): both engines make and read the same objects, and
# nothing can change one (no slots, no __dict__, no subclasses), so every game shares them.  Their
# constructors check their fields against the package's cards and raise its ActionError.
_compiled.register_actions(all_cards(), ActionError)
Draw = _compiled.Draw
TakePile = _compiled.TakePile
LayMeld = _compiled.LayMeld
AddToMeld = _compiled.AddToMeld
ExtendRun = _compiled.ExtendRun
Discard = _compiled.Discard
AskPartner = _compiled.AskPartner
AnswerPartner = _compiled.AnswerPartner
Decline = _compiled.Decline


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


def own_move(action: object) -> Action:
    """``action`` itself when it is an object of an action class, else :class:`~kanasta.ActionError` (RULES E-5).

    :meth:`State.apply <kanasta.State.apply>` keeps the move in the history.  An
    object of an action class was made by its constructor, which checked its fields, and
    nothing can change it afterwards (the classes are compiled, frozen and cannot be
    subclassed), so the history may keep the caller's object itself.

    >>> import kanasta
    >>> from kanasta.actions import own_move
    >>> move = kanasta.parse_action("meld 7H 7S JK")
    >>> own_move(move) is move
    True
    >>> own_move("meld 7H 7S JK")
    Traceback (most recent call last):
    ...
    kanasta.errors.ActionError: not a move: a str is not a kanasta action class (parse_action reads text)
    """
    if type(action) not in ACTION_TYPES:
        raise ActionError(
            f"not a move: a {type(action).__name__} is not a kanasta action class (parse_action reads text)"
        )
    try:
        hash(action)  # (an object left without its fields by ``cls.__new__(cls)`` alone has no hash)
    except TypeError:
        raise ActionError(f"a {type(action).__name__} not made by its constructor has no fields") from None
    return action  # type: ignore[return-value]  # one of the action classes


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
