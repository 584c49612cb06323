"""The library's errors.

Every error kanasta raises on purpose is a :class:`KanastaError`.  The
subclasses say what kind of input was refused; all of them are also
:class:`ValueError`, so code that already catches ``ValueError`` keeps working.

>>> import kanasta
>>> try:
...     kanasta.parse_cards("7H 1X")
... except kanasta.NotationError as err:
...     print(err)
bad card '1X' (token 2): unknown rank '1'; ranks are A 2 3 4 5 6 7 8 9 T J Q K (10 is accepted for T)
>>> issubclass(kanasta.IllegalActionError, ValueError)
True
"""

from __future__ import annotations

from fractions import Fraction

__all__ = [
    "ActionError",
    "ConfigError",
    "EngineLimitError",
    "IllegalActionError",
    "KanastaError",
    "NotationError",
    "SamplingError",
    "SerializationError",
    "short_repr",
]


class KanastaError(Exception):
    """Base class of every error raised by kanasta on purpose.

    >>> import kanasta
    >>> issubclass(kanasta.NotationError, kanasta.KanastaError)
    True
    """


class NotationError(KanastaError, ValueError):
    """Text that is not valid card or action notation.

    The message names the offending token and what was expected.

    >>> import kanasta
    >>> kanasta.parse_cards("QQ")
    Traceback (most recent call last):
    ...
    kanasta.errors.NotationError: bad card 'QQ' (token 1): unknown suit 'Q'; suits are C D H S (or the symbols ♣ ♦ ♥ ♠)
    """


class ActionError(KanastaError, TypeError, ValueError):
    """An action value with a field it cannot have (RULES E-5).

    Raised by the action classes' constructors (a meld number that is not a
    whole number from 0, a card that is not a :class:`~kanasta.Card`...).
    It is both a :class:`TypeError` and a :class:`ValueError`, the errors
    these constructors raised before.  An action object made around its
    constructor is refused by :meth:`~kanasta.State.apply` with an
    :class:`IllegalActionError` (rule E-5).

    >>> import kanasta
    >>> kanasta.AddToMeld(-1, kanasta.parse_cards("7C"))
    Traceback (most recent call last):
    ...
    kanasta.errors.ActionError: a meld number must be from 0 to 9999, not -1
    """


class ConfigError(KanastaError, ValueError):
    """A :class:`~kanasta.Rules` that cannot be played.

    :attr:`field` names the offending field (or fields, joined by ``+``).

    >>> import attrs, kanasta
    >>> try:
    ...     attrs.evolve(kanasta.Rules.classic(), target_score=-5)
    ... except kanasta.ConfigError as err:
    ...     print(err.field)
    target_score
    """

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        #: The :class:`~kanasta.Rules` field (or ``+``-joined fields) that is wrong.
        self.field = field


class IllegalActionError(KanastaError, ValueError):
    """An action that the rules do not allow in the state it was applied to.

    :attr:`rule` is the ID (on the docs' rules page) of the rule that refuses it.  The state
    the action was applied to is unchanged (states are immutable).

    >>> import kanasta
    >>> state = kanasta.new_game(kanasta.Rules.classic(), seed=1)
    >>> try:
    ...     state.apply(kanasta.Discard(kanasta.parse_cards("JK")[0]))
    ... except kanasta.IllegalActionError as err:
    ...     print(err.rule)
    G-TURN-1
    """

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{message} [{rule}]")
        #: The ID of the rule that refuses the action (``"C-OUT-1"``, ``"E-2"``, ...).
        self.rule = rule


class SerializationError(KanastaError, ValueError):
    """A serialized document (rules, position, game record) that is malformed.

    :attr:`path` says where in the document the problem is, as a dotted path.

    >>> import kanasta
    >>> try:
    ...     kanasta.Rules.from_dict({"players": "four"})
    ... except kanasta.SerializationError as err:
    ...     print(err.path)
    players
    """

    def __init__(self, path: str, message: str) -> None:
        super().__init__(f"{path or '<document>'}: {message}")
        #: Where the problem is, as a dotted path (``"hands.2"``; empty for the whole document).
        self.path = path


class SamplingError(KanastaError, ValueError):
    """No full state could be dealt to match a :class:`~kanasta.PlayerView`.

    :func:`kanasta.sample_state` raises it when the view does not add up (it
    shows more copies of a card than the deck has, or its counts do not match
    the unseen cards) or when no deal it tried fits the view.

    >>> import attrs, kanasta
    >>> view = kanasta.new_game(kanasta.Rules.classic(), seed=1).view(0)
    >>> kanasta.sample_state(attrs.evolve(view, stock_size=0), seed=1)
    Traceback (most recent call last):
    ...
    kanasta.errors.SamplingError: the view does not add up: 95 unseen cards for 33 places (other hands, stock, packets)
    """


class EngineLimitError(KanastaError, RuntimeError):
    """The E-2 search gave up on a position: it needs more than the engine's work budget.

    Deciding whether a turn can still be finished (RULES E-2) is a search;
    each question (one listing of the legal moves, the check of one move)
    may expand at most 250,000 of its nodes (about a second in the native
    engine, a minute or two in the Python one),
    and keeps nothing once answered or abandoned.  No position of ordinary
    play comes near the budget; a hand of 30 or more cards under custom
    rules that leave only the K-OPEN-4 waiver open can.
    :meth:`State.from_dict <kanasta.State.from_dict>` refuses such a document
    with a :class:`SerializationError`; ``legal_actions()`` raises this error
    and the state stays as it was.  See the *Performance* page.

    >>> import kanasta
    >>> issubclass(kanasta.EngineLimitError, kanasta.KanastaError)
    True
    """


def short_repr(value: object, limit: int = 40) -> str:
    """``repr(value)`` cut short, for quoting bad input in an error message.

    Text longer than ``limit`` characters is cut and its length given; an
    integer too long to print shows its size in digits instead (Python refuses
    to print integers of more than 4,300 digits); containers are named, not
    printed.  The result is never much longer than ``limit``.

    >>> from kanasta.errors import short_repr
    >>> short_repr("7H")
    "'7H'"
    >>> short_repr("X" * 1000)
    "'XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX'... (1000 characters)"
    >>> short_repr(-10**5000)
    'an integer of about 5001 digits'
    >>> short_repr([[[]]])
    'a list'
    """
    if isinstance(value, bool) or value is None or isinstance(value, float):
        return repr(value)
    if isinstance(value, int):
        if value.bit_length() > 3 * limit:
            return f"an integer of about {int(value.bit_length() * 0.30103) + 1} digits"
        return repr(value)
    if isinstance(value, Fraction):
        if max(abs(value.numerator), value.denominator).bit_length() > 3 * limit:
            return f"a number of about {int(abs(value.numerator).bit_length() * 0.30103) + 1} digits"
        return str(value)
    if isinstance(value, str):
        if len(value) > limit:
            return f"{value[:limit]!r}... ({len(value)} characters)"
        return repr(value)
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return f"a {type(value).__name__}"
