"""Reading JSON-shaped input: one helper per kind of value, each naming the path of a bad one.

The readers of position documents (:mod:`kanasta.documents.position`), view
documents (:mod:`kanasta.view.document`) and game records
(:mod:`kanasta.documents.record`) read documents that may come from strangers.  Every
helper here checks the type and the range of one value and raises
:class:`~kanasta.SerializationError` with the dotted path of the value; a bad
value is quoted cut short (:func:`~kanasta.errors.short_repr`), so a message
never echoes a megabyte of input nor tries to print an integer of thousands
of digits.  Every integer read is bounded (:data:`INT_LIMIT` unless a tighter
range is given).

>>> from kanasta.documents.reading import read_int
>>> read_int(12, "scores.0")
12
>>> read_int(-10**5000, "scores.0")
Traceback (most recent call last):
...
kanasta.errors.SerializationError: scores.0: must be at least -1000000000000000, not an integer of about 5001 digits
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any, Final, NoReturn, TypeVar, cast

from kanasta._limits import LIMITS
from kanasta.cards import Card, parse_cards
from kanasta.errors import NotationError, SerializationError, short_repr

__all__ = [
    "INT_LIMIT",
    "cut_short",
    "fail",
    "join",
    "kind",
    "read_bool",
    "read_card",
    "read_cards",
    "read_int",
    "read_list",
    "read_object",
    "read_optional",
    "read_points",
    "read_seat",
]

_T = TypeVar("_T")

INT_LIMIT: Final[int] = LIMITS["document_int"]
"""The largest magnitude of any integer or point value in a document (scores, points, counts).

From the one table of limits both engines read (``limits.json``, ``kanasta._limits``): 10**15, far
beyond any game (a hand scores at most about 4 * 10**10 under any valid rules), below
2**53 (exact as a JavaScript number), small enough to print."""


def cut_short(message: str, limit: int = 300) -> str:
    """``message`` cut to ``limit`` characters: another reader's message may quote a whole bad token.

    >>> cut_short("bad card " + "X" * 1000)[-30:]
    'XXXXXXXXXXXXXXX... (cut short)'
    """
    return message if len(message) <= limit else message[:limit] + "... (cut short)"


def fail(path: str, message: str) -> NoReturn:
    """Raise :class:`~kanasta.SerializationError` at ``path``.

    >>> fail("hands.2", "expected cards")
    Traceback (most recent call last):
    ...
    kanasta.errors.SerializationError: hands.2: expected cards
    """
    raise SerializationError(path, message)


def join(path: str, key: object) -> str:
    """``path.key`` (or ``key`` at the top).

    >>> join("hands", 2), join("", "turn")
    ('hands.2', 'turn')
    """
    return f"{path}.{key}" if path else str(key)


def kind(value: object) -> str:
    """What a JSON value is, in words (``an integer``, ``a list``, ...).

    >>> kind(None), kind(True), kind([1]), kind({})
    ('null', 'a boolean', 'a list', 'an object')
    """
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def read_object(value: object, path: str, required: Sequence[str], optional: Sequence[str]) -> dict[str, Any]:
    """A JSON object with exactly the ``required`` keys and some of the ``optional`` ones.

    >>> read_object({"seat": 1}, "step", ("seat",), ("action",))
    {'seat': 1}
    >>> read_object({"seat": 1, "colour": "red"}, "step", ("seat",), ("action",))
    Traceback (most recent call last):
    ...
    kanasta.errors.SerializationError: step.colour: unknown key
    """
    if not isinstance(value, dict):
        fail(path, f"expected an object, got {kind(value)}")
    for key in value:
        if not isinstance(key, str):
            fail(path, f"keys must be text, not {short_repr(key)}")
        if key not in required and key not in optional:
            fail(join(path, key if len(key) <= 40 else key[:40] + "..."), "unknown key")
    for key in required:
        if key not in value:
            fail(path, f"missing key {key!r}")
    return cast("dict[str, Any]", value)


def read_list(value: object, path: str, length: int | None = None, what: str = "") -> list[Any]:
    """A JSON list, of ``length`` items if given.

    >>> read_list([0, 5], "scores", 2, "teams")
    [0, 5]
    >>> read_list([0], "scores", 2, "teams")
    Traceback (most recent call last):
    ...
    kanasta.errors.SerializationError: scores: expected 2 teams, got 1
    """
    if not isinstance(value, (list, tuple)):
        fail(path, f"expected a list, got {kind(value)}")
    if length is not None and len(value) != length:
        fail(path, f"expected {length} {what or 'items'}, got {len(value)}")
    return list(value)


def read_int(value: object, path: str, low: int = -INT_LIMIT, high: int = INT_LIMIT) -> int:
    """An integer from ``low`` to ``high`` (by default at most :data:`INT_LIMIT` either way).

    >>> read_int(3, "dealer", 0, 3)
    3
    >>> read_int(True, "dealer", 0, 3)
    Traceback (most recent call last):
    ...
    kanasta.errors.SerializationError: dealer: expected an integer, got a boolean
    """
    if not isinstance(value, int) or isinstance(value, bool):
        fail(path, f"expected an integer, got {kind(value)}")
    if value < low:
        fail(path, f"must be at least {low}, not {short_repr(value)}")
    if value > high:
        fail(path, f"must be at most {high}, not {short_repr(value)}")
    return value


def read_bool(value: object, path: str) -> bool:
    """``true`` or ``false``.

    >>> read_bool(False, "opened.0")
    False
    >>> read_bool(0, "opened.0")
    Traceback (most recent call last):
    ...
    kanasta.errors.SerializationError: opened.0: expected true or false, got an integer
    """
    if not isinstance(value, bool):
        fail(path, f"expected true or false, got {kind(value)}")
    return value


def read_optional(value: object, path: str, read: Callable[[object, str], _T]) -> _T | None:
    """``null``, or what ``read`` makes of the value.

    >>> read_optional(None, "trump", read_card), read_optional("7C", "trump", read_card)
    (None, Card('7C'))
    """
    return None if value is None else read(value, path)


def read_points(value: object, path: str) -> Fraction:
    """A whole or half number of points (an integer, or a float such as 4.5), bounded like integers.

    >>> read_points(4.5, "turn.count")
    Fraction(9, 2)
    >>> read_points(4.25, "turn.count")
    Traceback (most recent call last):
    ...
    kanasta.errors.SerializationError: turn.count: points are whole or half numbers, not 4.25
    """
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        fail(path, f"expected a number, got {kind(value)}")
    if isinstance(value, float) and not math.isfinite(value):
        fail(path, f"expected a finite number, not {value}")
    if abs(value) > INT_LIMIT:
        fail(path, f"must be at most {INT_LIMIT} either way, not {short_repr(value)}")
    x = Fraction(value)
    if (2 * x).denominator != 1:
        fail(path, f"points are whole or half numbers, not {value}")
    return x


def read_cards(value: object, path: str) -> tuple[Card, ...]:
    """Cards in card notation, e.g. ``"7H 7D JK"`` (``""`` for none).

    >>> read_cards("7H 7D JK", "pile"), read_cards("", "pile")
    ((Card('7H'), Card('7D'), Card('JK')), ())
    """
    if not isinstance(value, str):
        fail(path, f"expected cards as text (e.g. \"7H 7D JK\"), got {kind(value)}")
    try:
        return parse_cards(value)
    except NotationError as err:
        fail(path, cut_short(str(err)))


def read_card(value: object, path: str) -> Card:
    """Exactly one card in card notation.

    >>> read_card("QS", "turn.forbidden")
    Card('QS')
    >>> read_card("QS QH", "turn.forbidden")
    Traceback (most recent call last):
    ...
    kanasta.errors.SerializationError: turn.forbidden: expected one card, got 2
    """
    cards = read_cards(value, path)
    if len(cards) != 1:
        fail(path, f"expected one card, got {len(cards)}")
    return cards[0]


def read_seat(value: object, path: str, players: int) -> int:
    """A seat number, 0 to ``players - 1``.

    >>> read_seat(2, "player", 4)
    2
    >>> read_seat(4, "player", 4)
    Traceback (most recent call last):
    ...
    kanasta.errors.SerializationError: player: must be at most 3, not 4
    """
    return read_int(value, path, 0, players - 1)
