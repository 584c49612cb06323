"""The view one seat is given (RULES E-4): :class:`PlayerView` and :func:`make_view`, and the native core's views.

:meth:`State.view` (or :func:`make_view`) gives a :class:`PlayerView`: the
seat's own hand, the table, the discard pile, the counts of every other hand,
of the stock and of the packets, the scores, the turn so far, the hand
results, and the moves so far as that seat saw them.  It never holds a card
the seat may not see, nor the seed (G-RNG-1), which would tell every future
deal.  Its fields and queries are those of :class:`~kanasta.view.seen.ViewData`;
a PlayerView adds its documents (:meth:`PlayerView.to_dict`,
:meth:`PlayerView.from_dict`).  A view is data: it holds no state and makes
none; to deal the cards the seat cannot see into a full state, see
:func:`kanasta.sample_state`.

>>> import kanasta
>>> state = kanasta.new_game(kanasta.Rules.classic(), seed=4)
>>> view = state.view(state.current_player)
>>> view.hand == state.hands[view.seat], view.hand_sizes, view.stock_size
(True, (11, 11, 11, 11), 62)
>>> view.legal_actions() == state.legal_actions()
True
"""

from __future__ import annotations

import json
from collections.abc import Callable
from operator import attrgetter
from typing import Any, Final, cast

import attrs

from kanasta import _core, engine
from kanasta._native import CONVERT, base_class, class_makers, lazy_class, slot_setter
from kanasta.actions import Action, parse_action
from kanasta.errors import ConfigError
from kanasta.position import PHASE_OF, Position
from kanasta.view.document import seen_events_of, view_from_dict, view_to_dict
from kanasta.view.seen import (
    VIEW_FIELDS,
    CardsDrawnHidden,
    PacketTakenHidden,
    RedThreeLaidHidden,
    SeenEvent,
    SeenHistory,
    SeenStep,
    ViewData,
    _SeenLink,
    seen_fields,
)

__all__ = [
    "CardsDrawnHidden",
    "PacketTakenHidden",
    "PlayerView",
    "RedThreeLaidHidden",
    "SeenEvent",
    "SeenHistory",
    "SeenStep",
    "make_view",
]


@attrs.frozen(slots=True, repr=False)
class PlayerView(ViewData):
    """Everything one seat may know about a game, and nothing else (RULES E-4).

    The fields and queries are those of :class:`~kanasta.view.seen.ViewData`: the
    seat's own hand, the table, the counts of every hidden place, the turn,
    the results and the moves as the seat saw them.  Make one with
    :meth:`State.view <kanasta.State.view>` or :func:`make_view`.

    >>> import kanasta
    >>> s = kanasta.new_game(kanasta.Rules.kanasta(), seed=3)
    >>> v = s.view(0)
    >>> v.seat, len(v.hand), v.packet_sizes, v.trump == s.trump
    (0, 11, (11, 11), True)
    >>> hasattr(v, "seed"), hasattr(v, "stock")
    (False, False)
    """

    # A view of a native state (see the Architecture page): the core's view of the seat
    # (``kanasta._core.NativeView``), which hands out only what the seat may see.  The core
    # makes the view with that set (``_core.native_view``), of the class ``_NativeView``,
    # whose seat, phase and legal moves are read from it; the other fields start unset and
    # are made on first read, each alone (``_fill``).
    _native: _core.NativeView | None = attrs.field(init=False, default=None, eq=False, repr=False)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its fields (a native view's made first): it loads as a view of the same fields.

        >>> import pickle, kanasta
        >>> s = kanasta.new_game(kanasta.Rules.classic(), seed=1).apply(kanasta.Draw())
        >>> v = s.view(3)
        >>> pickle.loads(pickle.dumps(v)) == v
        True
        """
        return (_rebuild_named, (base_class(type(self)), {arg: getattr(self, attr) for attr, arg in _INIT}))

    def to_json(self, *, history: bool = True) -> str:
        """The view document (:meth:`to_dict`) as JSON text: ``json.dumps(view.to_dict(history=history))``.

        What a server sends a player, written in one step: a view of a
        native state has it written by the core, the same text byte for byte
        (keys in order, ``", "`` and ``": "`` separators, every character
        beyond ASCII escaped).

        >>> import json, kanasta
        >>> s = kanasta.new_game(kanasta.Rules.classic(), seed=1).apply(kanasta.Draw())
        >>> v = s.view(0)
        >>> v.to_json() == json.dumps(v.to_dict())
        True
        >>> v.to_json(history=False)[:48]
        '{"format": "kanasta.view/1", "rules": "classic",'
        """
        native = self._native
        if native is not None:
            return native.to_json(history=history)
        text: str = json.dumps(self.to_dict(history=history))
        return text

    def describe(self, *, pretty: bool = False) -> str:
        """A multi-line text picture of what the seat sees (its own hand only), with its moves when it is to move.

        ``pretty`` draws suit symbols; :class:`kanasta.TextRenderer` draws it
        and offers colour too.

        >>> import kanasta
        >>> s = kanasta.new_game(kanasta.Rules.classic(), seed=1)
        >>> print(s.view(0).describe())
        Hand 1, dealer seat 2; seat 3 to draw. Scores: team 0 0, team 1 0
        Stock: 62 cards
        Pile (bottom to top): 3S
        team 0 (seats 0+2): no melds
        team 1 (seats 1+3): no melds; red 3s: 3H
        Hands: seat 0 11 cards, seat 1 11 cards, seat 2 11 cards, seat 3 11 cards
        Seat 0 (you): 2D 4D 5D 6D 7C 7S TC TD JS KC KS
        """
        from kanasta.text import TextRenderer

        return TextRenderer(self.rules, pretty=pretty).view(self)

    def to_dict(self, *, history: bool = True) -> dict[str, Any]:
        """A JSON-safe dict of the view (format ``kanasta.view/1``); :meth:`from_dict` reads it back.

        What a server sends a player: every field of the view, cards in card
        notation, moves in action notation, events as small objects — and
        nothing the seat may not see (E-4).  ``history=False`` leaves out the
        moves so far (:attr:`history`, :attr:`start_events`).  See
        :mod:`kanasta.view.document` and the documentation page on positions and
        views for every key.

        >>> import json, kanasta
        >>> v = kanasta.new_game(kanasta.Rules.classic(), seed=1).view(0)
        >>> d = v.to_dict()
        >>> d["format"], d["hand"], d["hand_sizes"]
        ('kanasta.view/1', '2D 4D 5D 6D 7C 7S TC TD JS KC KS', [11, 11, 11, 11])
        >>> kanasta.PlayerView.from_dict(json.loads(json.dumps(d))) == v
        True
        """
        return view_to_dict(self, history=history)

    @classmethod
    def from_dict(cls, data: object) -> PlayerView:
        """Read and check a view document written by :meth:`to_dict`.

        Raises :class:`~kanasta.SerializationError` whose ``path`` says where
        the document is wrong (``hand``, ``melds.0.1``, ``history.12.events.0``).

        >>> import kanasta
        >>> kanasta.PlayerView.from_dict({"format": "kanasta.view/1"})
        Traceback (most recent call last):
        ...
        kanasta.errors.SerializationError: <document>: missing key 'rules'
        """
        return view_from_dict(data, cls)


FILLED: tuple[str, ...] = (*(name for name, _ in VIEW_FIELDS if name not in ("seat", "phase")), "start_events")
"""The view fields a native view reads one by one from the core (``NativeView.field``, converted
by :data:`kanasta._native.CONVERT` as a native state's fields are): those of
:data:`~kanasta.view.seen.VIEW_FIELDS` but the seat (read from the core's view at each read) and
the phase (read from the core's view at each read, as the legal moves), and the start events; the history
is made apart."""

_INIT: tuple[tuple[str, str], ...] = tuple((f.name, f.alias or f.name) for f in attrs.fields(ViewData))
"""The fields a view is made of, each with its constructor's argument: what a pickled view holds, by name."""

_PICKLED_IN_ORDER: tuple[str, ...] = (
    "rules", "seat", "hand_number", "dealer", "scores", "hand", "hand_sizes", "stock_size", "pile", "pile_frozen",
    "melds", "red_threes", "packet_sizes", "packets_taken", "trump", "opened", "melded_this_hand", "player",
    "phase", "turn", "winner", "hand_results", "legal_actions", "history", "start_events", "hand_moves",
)
"""The constructor's arguments in the order of the views pickled by position, which older releases wrote
(:func:`_rebuild`); fixed, so that a field added to the view anywhere leaves them readable."""

_LAZY: tuple[str, ...] = (*FILLED, "history")
"""The fields a native view may leave unset until they are read."""


def _fill(view: PlayerView, name: str) -> Any:
    """The field ``name`` of a native view whose slot is unset: made by the core (``NativeView.field``,
    converted as a native state's fields are), or its history; kept in its slot."""
    native = view._native
    if native is None:  # (an object of the class not made by the core: attrs.evolve makes a PlayerView)
        raise AttributeError(f"{type(view).__name__!r} object has no attribute {name!r}")
    if name == "history":
        value: Any = _native_history(native, view.hand_results)
    else:
        value = native.field(name)
        convert = CONVERT.get(name)
        if convert is not None:  # (new objects: the game's own are not a view's to hand out)
            value = convert(value, None)
    object.__setattr__(view, name, value)
    return value


def _rebuild_named(make: type[PlayerView], values: dict[str, Any]) -> PlayerView:
    """A view of the fields ``values`` by constructor argument: what a pickled view loads as (a field
    added to the view since the pickle was made takes its default)."""
    return make(**values)


def _rebuild(make: type[PlayerView], values: tuple[Any, ...]) -> PlayerView:
    """A view pickled by position (:data:`_PICKLED_IN_ORDER`), as older releases wrote them."""
    return make(**dict(zip(_PICKLED_IN_ORDER, values, strict=True)))


def _native_history(native: _core.NativeView, results: tuple[Any, ...]) -> SeenHistory:
    """A native view's history: the seat's links made so far and, after them, the moves since
    as the core wrote them for the seat (the core keeps the links made here, so the views of
    later positions share them)."""
    link, texts = native.history()
    if texts:
        made: list[_SeenLink] = []
        for item in json.loads("[" + ", ".join(texts) + "]"):
            step = SeenStep(
                seat=item["seat"], action=parse_action(item["action"]),
                events=seen_events_of(item["events"], results),
            )
            link = _SeenLink(link, step)
            made.append(link)
        native.set_seen(made)
    return SeenHistory._of(link)


def _check_fields() -> None:
    """The core's table of a view's fields (``rust/src/view/seen.rs``) names the fields of
    :data:`~kanasta.view.seen.VIEW_FIELDS`, in order (the hidden events': ``class_makers``)."""
    names = tuple(name for name, _ in VIEW_FIELDS)
    if names != _core.VIEW_FIELDS:
        raise ImportError(f"kanasta._core's view fields {_core.VIEW_FIELDS} are not {names}")


_SEEN_CLASSES: dict[str, type] = {
    cls.__name__: cls for cls in (CardsDrawnHidden, RedThreeLaidHidden, PacketTakenHidden)
}
"""The hidden event classes by name, as ``kanasta._core.SEEN_FIELDS`` names them."""

_check_fields()
# the core makes a native state's views (their core's view set, which gives the seat, phase and
# legal moves at each read, the other fields left for first use), and the hidden events of its
# views, as it makes events: object.__new__ and the slots' setters
_NativeView: Final = lazy_class(
    PlayerView, _LAZY, _fill,
    {
        "seat": attrgetter("_native.seat"), "phase": attrgetter("_native.phase"),
        "_legal_actions": attrgetter("_native.legal_actions"),
    },
)
"""The class of the core's views: a :class:`PlayerView` whose fields are made on first read."""
_core.set_view_factory(
    (_NativeView, [slot_setter(PlayerView, "_native")]),
    [PHASE_OF[name] for name in ("draw", "play", "answer", "game_over")],
    class_makers(_core.SEEN_FIELDS, _SEEN_CLASSES),
)

# the core hands back what the factory above made: a PlayerView (the stub, below the view, says object)
native_view: Final = cast("Callable[[_core.NativeState, object], PlayerView | None]", _core.native_view)
"""The view of ``seat`` (a seat number) of a native state, made by the core; its fields are made on first use.

None when ``seat`` is not one of the game's seats or the core cannot write the state's history
(see ``kanasta._core.native_view``); ``kanasta._core.BudgetExceeded`` when the seat's moves
cannot be listed within the work budget."""


def make_view(state: Position, seat: int, *, legal_actions: tuple[Action, ...] | None = None) -> PlayerView:
    """What ``seat`` may see of ``state`` (RULES E-4); :meth:`State.view` calls this.

    ``legal_actions`` are the state's legal moves when the caller has them
    already; otherwise they are listed here when ``seat`` is to move.

    >>> import kanasta
    >>> s = kanasta.new_game(kanasta.Rules.classic(), seed=1)
    >>> kanasta.make_view(s, 1) == s.view(1)
    True
    >>> kanasta.make_view(s, 4)
    Traceback (most recent call last):
    ...
    kanasta.errors.ConfigError: seat: must be a seat from 0 to 3, not 4
    """
    players = state.rules.players
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
        raise ConfigError("seat", f"must be a seat from 0 to {players - 1}, not {seat!r}")
    if state.current_player != seat:
        legal_actions = ()
    elif legal_actions is None:
        legal_actions = engine.legal_actions(state)
    return PlayerView(legal_actions=legal_actions, **seen_fields(state, seat))
