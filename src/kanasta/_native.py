"""The seam between :class:`kanasta.State` and the native core ``kanasta._core`` (internal).

Which engine a new state uses (:func:`choose_engine`: the ``engine=``
argument, else the environment variable ``KANASTA_ENGINE`` read at each
call), the rules as the native core reads them (:func:`rules_text`), the
maker of the :class:`~kanasta.Action` objects the native listing hands out
(one object per move in a process, kept by the core), a position's fields
one by one from the core (:data:`FILLED`, :data:`CONVERT`), and what the
core makes a game's event, hand-result and meld objects with (classes, their
slots' setters and a few constants: the core calls no function of the
package).  The state
itself (how a native-backed :class:`~kanasta.State` keeps its fields) is in
:mod:`kanasta.state`; the design is on the *Architecture* page.

>>> choose_engine("python"), choose_engine("native")
('python', 'native')
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping
from fractions import Fraction
from operator import attrgetter
from typing import Any, Final, Literal, TypeAlias, TypeVar

import attrs

from kanasta import _core
from kanasta.cards import Card, Rank, Suit
from kanasta.errors import ConfigError, short_repr
from kanasta.melds import Meld, MeldKind
from kanasta.position import (
    INIT,
    PHASE_OF,
    CanastaScore,
    CardsDrawn,
    Event,
    GameEnded,
    HandEnded,
    HandResult,
    HandStarted,
    PacketTaken,
    PileJoined,
    PileTaken,
    RedThreeLaid,
    StockExhausted,
    TeamOpened,
    TeamScore,
    Turn,
    UpcardTurned,
    WentOut,
)
from kanasta.rules import PRESETS, Rules

__all__ = [
    "CONVERT",
    "ENGINES",
    "ENV",
    "FILLED",
    "Engine",
    "choose_engine",
    "rules_text",
]

_CARD: Final = tuple(Card.from_index(i) for i in range(53))

Engine: TypeAlias = Literal["native", "python"]
"""The name of an engine: ``"native"`` (the compiled core) or ``"python"`` (the reference engine)."""

ENGINES: Final[tuple[Engine, ...]] = ("native", "python")
"""The engines, the default first."""

ENV: Final = "KANASTA_ENGINE"
"""The environment variable that chooses the engine when no ``engine=`` is given."""


def choose_engine(engine: object) -> Engine:
    """The engine ``engine`` names; None: the one ``KANASTA_ENGINE`` names, read now (unset or empty: native).

    >>> choose_engine("fast")
    Traceback (most recent call last):
    ...
    kanasta.errors.ConfigError: engine: must be 'native' or 'python', not 'fast'
    """
    where = "engine"
    if engine is None:
        engine = os.environ.get(ENV) or "native"
        where = ENV
    if engine == "native":
        return "native"
    if engine == "python":
        return "python"
    raise ConfigError(where, f"must be 'native' or 'python', not {short_repr(engine)}")


_RULES_TEXT: dict[Rules, str] = {}


def rules_text(rules: Rules) -> str:
    """What ``NativeState.new_game`` reads: a preset's name, or the JSON text of :meth:`Rules.to_dict`.

    >>> rules_text(Rules.kanasta())
    'kanasta'
    """
    text = _RULES_TEXT.get(rules)
    if text is None:
        text = next((name for name, preset in PRESETS.items() if preset == rules), None)
        if text is None:
            text = json.dumps(rules.to_dict())
        if len(_RULES_TEXT) > 256:  # rules made on the fly (a test's variants) are not kept for ever
            _RULES_TEXT.clear()
        _RULES_TEXT[rules] = text
    return text


_new = object.__new__
T = TypeVar("T")


def slot_setter(cls: type, name: str) -> Callable[[Any, Any], None]:
    """The setter of the slot ``name`` of ``cls``'s instances (its slot descriptor's ``__set__``).

    Called directly, it costs about half of ``object.__setattr__``, which finds the
    slot by name first: the way the hot paths fill a frozen object they made.

    >>> from kanasta.position import Turn
    >>> turn = object.__new__(Turn)
    >>> slot_setter(Turn, "drew")(turn, True)
    >>> turn.drew
    True
    """
    setter: Callable[[Any, Any], None] = _slot(cls, name).__set__
    return setter


def _slot(cls: type, name: str) -> Any:
    """The descriptor of ``cls``'s slot ``name`` (found in its class or a base)."""
    return next(klass.__dict__[name] for klass in cls.__mro__ if name in klass.__dict__)


_READ: Final = """def read(self):
    try:
        return self.{alias}
    except AttributeError:
        return fill(self, {name!r})
"""
_LAZY_CLASSES: dict[type, type] = {}
"""Each class :func:`lazy_class` made, by the class it was made for."""
_BASES: dict[type, type] = {}
"""The other way: the class each of them was made for."""


def lazy_class(
    cls: type[T],
    names: tuple[str, ...],
    fill: Callable[[Any, str], Any],
    derived: Mapping[str, Callable[[Any], Any]] | None = None,
    hidden: tuple[str, ...] = (),
) -> type[T]:
    """The class of ``cls``'s objects made by the core: ``cls`` with its fields ``names`` made on first read.

    An object the core makes leaves those fields' slots unset; reading one calls ``fill(object,
    name)``, which makes the field (and keeps it in its slot, through the slot's setter: the
    property's setter here).  Each field is a property that reads its slot, kept in the class
    under another name, so a field once made costs one slot read, which the interpreter
    specialises.  Not a ``__getattr__`` hook on ``cls``: a class with one is never specialised
    (every attribute and method read of every one of its objects, the core's or not, would take
    the slow way).  A field of ``derived`` is read by its function at every read (a C-level
    function such as an ``operator.attrgetter``: no slot is set for it when an object is made);
    a name of ``derived`` that is no field of ``cls`` (one of its properties) is read the same way.

    The subclass has ``cls``'s name and fields, and no slots of its own but the ``hidden``
    ones (what ``fill`` reads, set by the maker of the objects: no field, never compared,
    printed nor pickled; a class with hidden slots pickles and copies as ``cls`` made from its
    fields); its objects equal and hash as ``cls``'s of the same fields; its constructor (so
    ``attrs.evolve``) makes an object of ``cls``.  Made once per class (the same class on every
    call); given a class it made, it answers that class.

    >>> import attrs
    >>> @attrs.frozen(slots=True)
    ... class Pair:
    ...     left: int
    ...     right: int
    >>> Lazy = lazy_class(Pair, ("right",), lambda pair, name: object.__setattr__(pair, name, 2) or 2)
    >>> pair = object.__new__(Lazy)
    >>> object.__setattr__(pair, "left", 1)
    >>> pair.right, pair == Pair(1, 2), hash(pair) == hash(Pair(1, 2)), type(pair).__name__
    (2, True, True, 'Pair')
    >>> type(attrs.evolve(pair, left=0)) is Pair, lazy_class(Pair, ("right",), print) is Lazy
    (True, True)

    With a hidden slot (here what the field is made from), an object copies and pickles as one
    of ``cls`` made from its fields:

    >>> import copy
    >>> @attrs.frozen(slots=True)
    ... class Box:
    ...     items: tuple[int, ...]
    >>> def fill(box, name):
    ...     made = box.source * 2
    ...     object.__setattr__(box, name, made)
    ...     return made
    >>> Boxed = lazy_class(Box, ("items",), fill, hidden=("source",))
    >>> box = object.__new__(Boxed)
    >>> Boxed.source.__set__(box, (1, 2))
    >>> box.items, copy.copy(box), type(copy.copy(box)) is Box
    ((1, 2, 1, 2), Box(items=(1, 2, 1, 2)), True)
    """
    made = _LAZY_CLASSES.get(cls)
    if made is not None or cls in _BASES:
        return made or cls
    fields = attrs.fields(cls)  # type: ignore[arg-type]
    key = attrgetter(*(f.name for f in fields if f.eq))

    def __new__(_: type, *args: Any, **kwargs: Any) -> T:
        return cls(*args, **kwargs)  # (an object not made by the core: ``cls``'s own)

    def __eq__(self: Any, other: object) -> bool:
        # as attrs' own: an object of the class (here: either class), then the fields compared
        if type(other) is not cls and type(other) is not made:
            return NotImplemented
        return bool(key(self) == key(other))

    namespace: dict[str, Any] = {
        "__slots__": hidden, "__module__": cls.__module__, "__qualname__": cls.__qualname__,
        "__new__": __new__, "__eq__": __eq__, "__hash__": cls.__hash__,
    }
    if hidden:
        if any(f.kw_only for f in fields if f.init):  # pragma: no cover - a programming error
            raise TypeError(f"{cls.__name__}: a class with hidden slots is made from positional fields")
        init = tuple(f.name for f in fields if f.init)

        def __reduce__(self: Any) -> tuple[Any, ...]:
            # as ``cls`` made from its fields (its own way through pickle would read the hidden slots)
            return cls, tuple(getattr(self, name) for name in init)

        namespace["__reduce__"] = __reduce__
    field_names = {f.name for f in fields}
    for name, read in (derived or {}).items():
        namespace[name] = property(read, _slot(cls, name).__set__) if name in field_names else property(read)
    for name in names:
        slot = _slot(cls, name)
        alias = f"_slot{name}"
        code: dict[str, Any] = {"fill": fill}
        exec(_READ.format(alias=alias, name=name), code)  # the class's own field names, no outside text
        namespace[alias] = slot
        namespace[name] = property(code["read"], slot.__set__)
    made = type(cls.__name__, (cls,), namespace)
    _LAZY_CLASSES[cls] = made
    _BASES[made] = cls
    return made


def base_class(cls: type[T]) -> type[T]:
    """The class :func:`lazy_class` made ``cls`` for (``cls`` itself when it made no such class).

    >>> from kanasta.state import State
    >>> import kanasta
    >>> base_class(type(kanasta.new_game(kanasta.Rules.classic(), seed=1, engine="native"))) is State
    True
    """
    return _BASES.get(cls, cls)


Makers: TypeAlias = "list[tuple[Any, list[Callable[[Any, Any], None]]]]"
"""What the core's factories read of one of its field tables: per kind, the class and its slots' setters."""


def class_makers(table: tuple[tuple[str, tuple[str, ...]], ...], classes: Mapping[str, type]) -> Makers:
    """What ``_core.set_event_factory`` and ``set_view_factory`` read of a table.

    ``table`` is one of the core's tables of fields (``_core.EVENT_FIELDS``, ``VALUE_FIELDS``,
    ``SEEN_FIELDS``: per kind, a class's name and the fields the core sets, in the order it
    sets them, the class's own order), ``classes`` the library's classes by those names.  Per
    kind, the class and its slots' setters by the table's names, after checking that they are
    the class's fields in order (else ImportError).  The core makes each object with them
    (``object.__new__`` and the slots' setters, without the classes' converters and
    validators: the core's values are valid, cards in stored order).

    >>> [(c.__name__, len(s)) for c, s in class_makers(_core.VALUE_FIELDS, VALUE_CLASSES)][:2]
    [('Meld', 6), ('CanastaScore', 5)]
    >>> class_makers((("Meld", ("cards",)),), VALUE_CLASSES)
    Traceback (most recent call last):
    ...
    ImportError: kanasta._core's fields of Meld ('cards',) are not the class's
    """
    made: Makers = []
    for kind, names in table:
        cls = classes[kind]
        if tuple(f.name for f in attrs.fields(cls)) != names:
            raise ImportError(f"kanasta._core's fields of {kind} {names} are not the class's")
        made.append((cls, [slot_setter(cls, name) for name in names]))
    return made


# ------------------------------------------------------------ a position's fields

FILLED: Final[tuple[str, ...]] = tuple(
    attr for _, attr in INIT if attr not in ("rules", "events", "start_events", "_log")
)
"""The position fields a native-backed state reads one by one from the core (``NativeState.field``,
:data:`CONVERT`); the rules, events and history are kept apart.  The core's table of them,
``kanasta._core.POSITION_FIELDS``, names the same fields in the same order (checked when the
module loads)."""

_KEPT: Final = 50_000


class Made:
    """The objects made for one native game's fields (kept with its rules, ``NativeState.game``): one per value.

    A turn is made once per distinct value *of that game*, so that no object handed to one
    game is reachable from another (the core keeps the game's melds and tables so).  A
    conversion given no ``Made`` makes new objects.

    >>> made = Made()
    >>> raw = (None, 0, 0, (), None, False, None, False, False, False, None, False, False)
    >>> _turn(raw, made) is _turn(raw, made), _turn(raw, made) is _turn(raw), _turn(raw) == _turn(raw, made)
    (True, False, True)
    """

    __slots__ = ("turns",)

    def __init__(self) -> None:
        self.turns: dict[tuple[Any, ...], Turn] = {}


def _cards(indices: tuple[int, ...]) -> tuple[Card, ...]:
    return tuple(map(_CARD.__getitem__, indices))


def _opt_card(index: int | None) -> Card | None:
    return None if index is None else _CARD[index]


def _kept(table: dict[tuple[Any, ...], Any]) -> None:
    if len(table) >= _KEPT:
        table.clear()


def _turn(raw: tuple[Any, ...], made: Made | None = None) -> Turn:
    turns = None if made is None else made.turns
    turn = None if turns is None else turns.get(raw)
    if turn is None:
        drew, count, laid, aside, forbidden, asked, answer, melded, must, first, own_from, added, last = raw
        turn = Turn(
            drew, count, laid, _cards(aside), _opt_card(forbidden), asked, answer, melded, must, first,
            own_from, added, last,
        )
        if turns is not None:
            _kept(turns)
            turns[raw] = turn
    return turn


def _phase(raw: str, made: Made | None = None) -> Any:
    return PHASE_OF[raw]


CONVERT: Final[dict[str, Callable[[Any, Made | None], Any]]] = {"turn": _turn, "phase": _phase}
"""How a field that ``NativeState.field`` gives in a plain form becomes the library's value, given the
objects made for the game (:class:`Made`; the turns are its own).

The other fields come as they are (cards as the library's :class:`~kanasta.Card` objects, melds and hand
results as the game's objects, made by the core).

>>> from kanasta import _core
>>> native = _core.NativeState.new_game("classic", 1)
>>> CONVERT["phase"](native.field("phase"), Made()), native.field("hand_number"), len(native.field("hands")[0])
(<Phase.DRAW: 'draw'>, 1, 11)
"""


def _check_fields() -> None:
    """The core's tables of fields (its names) are the library's classes' fields, in order."""
    if FILLED != _core.POSITION_FIELDS:
        raise ImportError(f"kanasta._core's position fields {_core.POSITION_FIELDS} are not {FILLED}")


EVENT_CLASSES: Final[dict[str, type[Event]]] = {
    cls.__name__: cls
    for cls in (HandStarted, UpcardTurned, RedThreeLaid, CardsDrawn, PileTaken, PileJoined, TeamOpened,
                PacketTaken, WentOut, StockExhausted, HandEnded, GameEnded)
}
"""The event classes by name, as ``kanasta._core.EVENT_FIELDS`` names them."""

_RESULT_SETTERS: Final[dict[str, Callable[[Any, Any], None]]] = {
    name: slot_setter(HandResult, name) for name in _core.RESULT_FIELDS_ON_READ
}


def _fill_result(result: Any, name: str) -> Any:
    """Make the field ``name`` of a hand result the core made (one of ``_core.RESULT_FIELDS_ON_READ``:
    its score objects, melds and card tuples) from the core's result in its hidden slot, and keep it."""
    native: _core.NativeResult = result._native
    value = native.field(name)
    _RESULT_SETTERS[name](result, value)
    return value


NATIVE_RESULT: Final[type[HandResult]] = lazy_class(
    HandResult, _core.RESULT_FIELDS_ON_READ, _fill_result, hidden=("_native",)
)
"""The class of the hand results the core makes: :class:`~kanasta.HandResult` with its teams' scores,
melds, hands and red 3s made when first read (a program that reads a hand's events without looking into
its result makes none of them).

>>> import attrs, copy, kanasta
>>> state = kanasta.new_game(kanasta.Rules.classic(), seed=3, engine="native")
>>> while not state.hand_results:
...     state = state.apply(state.legal_actions()[-1])
>>> result = state.hand_results[0]
>>> type(result) is NATIVE_RESULT, type(result).__name__, attrs.fields(type(result)) == attrs.fields(HandResult)
(True, 'HandResult', True)
>>> result == state.with_engine("python").hand_results[0], type(copy.copy(result)) is HandResult
(True, True)
"""

VALUE_CLASSES: Final[dict[str, type]] = {
    cls.__name__: cls for cls in (Meld, CanastaScore, TeamScore, NATIVE_RESULT)
}
"""The classes of a hand result, its parts and a meld by name, as ``kanasta._core.VALUE_FIELDS`` names them
(the core's hand results: :data:`NATIVE_RESULT`)."""

_check_fields()
# the core makes a game's event, hand-result and meld objects as it makes its moves: object.__new__
# and the slots' setters (a score's half points: Fraction(halves, 2))
_core.set_event_factory(
    class_makers(_core.EVENT_FIELDS, EVENT_CLASSES),
    class_makers(_core.VALUE_FIELDS, VALUE_CLASSES),
    (MeldKind.SET, MeldKind.RUN),
    [None, *(Rank(number) for number in range(1, 14))],
    [Suit(number) for number in range(4)],
    (Fraction, slot_setter(NATIVE_RESULT, "_native")),
)
