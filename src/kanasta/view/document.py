"""Views as JSON-safe documents: what :meth:`PlayerView.to_dict` writes and :meth:`PlayerView.from_dict` reads.

A view document (``"format": "kanasta.view/1"``) is what a server sends one
player: everything that seat may know (RULES E-4) and nothing else — no other
hand, no stock or packet card, no seed.  Like a position document it holds
only strings, numbers, booleans, lists and dicts, cards in card notation and
moves in action notation; every key is listed on the documentation page
*Positions, records and views*.

>>> import json, kanasta
>>> state = kanasta.new_game(kanasta.Rules.classic(), seed=7)
>>> doc = state.view(1).to_dict()
>>> doc["format"], doc["seat"], doc["hand_sizes"], doc["stock_size"], doc["legal_actions"]
('kanasta.view/1', 1, [11, 11, 11, 11], 60, [])
>>> "hands" in doc or "stock" in doc or "seed" in doc
False
>>> kanasta.PlayerView.from_dict(json.loads(json.dumps(doc))) == state.view(1)
True

Loading checks the document and says where it is wrong:

>>> doc["hand_sizes"][1] = 10
>>> kanasta.PlayerView.from_dict(doc)
Traceback (most recent call last):
...
kanasta.errors.SerializationError: hand_sizes.1: the seat's own hand has 11 cards, not 10
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, TypeVar

from kanasta._limits import LIMITS
from kanasta.actions import Action, parse_action
from kanasta.cards import Card, parse_card, parse_cards
from kanasta.documents.parts import DECK_COUNT as _DECK_COUNT
from kanasta.documents.parts import (
    card_to_data,
    cards_to_data,
    meld_to_data,
    read_hand_moves,
    read_pile_frozen,
    result_to_data,
    rules_from_data,
    rules_to_data,
    turn_to_data,
    within_deck,
)
from kanasta.documents.parts import read_meld_text as _meld
from kanasta.documents.parts import read_results as _read_results
from kanasta.documents.parts import read_turn as _read_turn
from kanasta.documents.reading import fail as _fail
from kanasta.documents.reading import join as _join
from kanasta.documents.reading import kind as _kind
from kanasta.documents.reading import read_bool as _bool
from kanasta.documents.reading import read_card as _card
from kanasta.documents.reading import read_cards as _cards
from kanasta.documents.reading import read_int as _int
from kanasta.documents.reading import read_list as _list
from kanasta.documents.reading import read_object as _object
from kanasta.documents.reading import read_optional as _optional
from kanasta.errors import NotationError, short_repr
from kanasta.position import (
    PHASE_OF,
    CardsDrawn,
    GameEnded,
    HandEnded,
    HandResult,
    HandStarted,
    PacketTaken,
    Phase,
    PileJoined,
    PileTaken,
    RedThreeLaid,
    StockExhausted,
    TeamOpened,
    Turn,
    UpcardTurned,
    WentOut,
)
from kanasta.rules import Rules
from kanasta.view.seen import (
    VIEW_FIELDS,
    CardsDrawnHidden,
    FieldKind,
    PacketTakenHidden,
    RedThreeLaidHidden,
    SeenEvent,
    SeenStep,
    ViewData,
)

V = TypeVar("V", bound=ViewData)

__all__ = ["VIEW_FORMAT", "event_to_dict", "seen_events_of", "view_from_dict", "view_to_dict"]

VIEW_FORMAT: Final = "kanasta.view/1"
"""The ``"format"`` of a view document.

>>> from kanasta.view.document import VIEW_FORMAT
>>> VIEW_FORMAT
'kanasta.view/1'
"""

_DECK_SIZE: Final = sum(_DECK_COUNT.values())
_LARGEST: Final = LIMITS["document_int"]
"""The largest hand number or count a document may give: the limits table's ``document_int``, as the position reader."""

_KEYS: Final = ("format", *(name for name, kind in VIEW_FIELDS if kind != "move count"), "legal_actions")
_OPTIONAL_KEYS: Final = ("hand_moves", "history", "start_events")
_SOURCES: Final = ("deal", "stock", "pile")


# ------------------------------------------------------------------ events

# How each field of an event is written, by kind:
#   seat, team, number: an integer (a seat, a team, a count);  bool: true/false;
#   card: one card;  card?: one card or null;  cards: card notation;  source: deal|stock|pile;
#   scores: a list of integers by team;  result: a hand result (as in ``hand_results``).
_EVENTS: Final[dict[str, tuple[str, tuple[tuple[str, str], ...]]]] = {
    "HandStarted": ("hand_started", (("hand_number", "number"), ("dealer", "seat"), ("first_player", "seat"))),
    "UpcardTurned": ("upcard_turned", (("cards", "cards"), ("frozen", "bool"), ("trump", "card?"))),
    "RedThreeLaid": (
        "red_three_laid", (("seat", "seat"), ("card", "card"), ("source", "source"), ("replacement", "card?")),
    ),
    "RedThreeLaidHidden": ("red_three_laid_hidden", (("seat", "seat"), ("card", "card"), ("source", "source"))),
    "CardsDrawn": ("cards_drawn", (("seat", "seat"), ("cards", "cards"))),
    "CardsDrawnHidden": ("cards_drawn_hidden", (("seat", "seat"), ("count", "number"))),
    "PileTaken": ("pile_taken", (("seat", "seat"), ("cards", "cards"), ("aside", "bool"))),
    "PileJoined": ("pile_joined", (("seat", "seat"), ("cards", "cards"))),
    "TeamOpened": ("team_opened", (("team", "team"), ("seat", "seat"))),
    "PacketTaken": ("packet_taken", (("seat", "seat"), ("packet", "number"), ("cards", "cards"))),
    "PacketTakenHidden": ("packet_taken_hidden", (("seat", "seat"), ("packet", "number"), ("size", "number"))),
    "WentOut": ("went_out", (("seat", "seat"), ("concealed", "bool"))),
    "StockExhausted": ("stock_exhausted", (("seat", "seat"),)),
    "HandEnded": ("hand_ended", (("result", "result"),)),
    "GameEnded": ("game_ended", (("winner", "team"), ("scores", "scores"))),
}
"""Every event class (by name): its ``"event"`` name in a document and its fields."""


def _event_classes() -> dict[str, type]:
    found: dict[str, type] = {
        cls.__name__: cls
        for cls in (HandStarted, UpcardTurned, RedThreeLaid, CardsDrawn, PileTaken, PileJoined, TeamOpened,
                    PacketTaken, WentOut, StockExhausted, HandEnded, GameEnded,
                    RedThreeLaidHidden, CardsDrawnHidden, PacketTakenHidden)
    }
    return {_EVENTS[name][0]: cls for name, cls in found.items()}


def _value_out(kind: str, value: Any) -> Any:
    if kind in ("cards",):
        return cards_to_data(value)
    if kind in ("card", "card?"):
        return card_to_data(value)
    if kind == "scores":
        return list(value)
    if kind == "result":
        return result_to_data(value)
    return value


def event_to_dict(event: SeenEvent) -> dict[str, Any]:
    """One event as a JSON-safe dict: ``{"event": name, field: value, ...}``.

    >>> import kanasta
    >>> from kanasta.view.document import event_to_dict
    >>> event_to_dict(kanasta.CardsDrawnHidden(seat=2, count=1))
    {'event': 'cards_drawn_hidden', 'seat': 2, 'count': 1}
    >>> event_to_dict(kanasta.PileTaken(seat=0, cards=kanasta.parse_cards("4C 9D")))
    {'event': 'pile_taken', 'seat': 0, 'cards': '4C 9D', 'aside': False}
    """
    name, fields = _EVENTS[type(event).__name__]
    out: dict[str, Any] = {"event": name}
    for field, kind in fields:
        out[field] = _value_out(kind, getattr(event, field))
    return out


_CLASS_OF: Final = _event_classes()
"""Every event class by its name in a document."""


def _trusted_value(kind: str, value: Any, results: tuple[HandResult, ...]) -> Any:
    if kind == "cards":
        return parse_cards(value)
    if kind == "card" or kind == "card?":
        return None if value is None else parse_card(value)
    if kind == "scores":
        return tuple(value)
    if kind == "result":
        number = value["hand_number"]
        return next(r for r in results if r.hand_number == number)
    return value


def seen_events_of(items: list[dict[str, Any]], results: tuple[HandResult, ...]) -> tuple[SeenEvent, ...]:
    """The events of a view document's list ``items`` as the library's event objects, unchecked (the core wrote
    them); a hand's result is the one of ``results`` (the view's) with its number.

    >>> from kanasta.view.document import seen_events_of
    >>> seen_events_of([{"event": "cards_drawn_hidden", "seat": 2, "count": 1}], ())
    (CardsDrawnHidden(seat=2, count=1),)
    """
    out: list[SeenEvent] = []
    for item in items:
        cls = _CLASS_OF[item["event"]]
        fields = _EVENTS[cls.__name__][1]
        out.append(cls(**{field: _trusted_value(kind, item[field], results) for field, kind in fields}))
    return tuple(out)


class _Reader:
    """Reads the parts of one view document under its rules (for the seat it is for)."""

    def __init__(self, rules: Rules, seat: int) -> None:
        self.rules = rules
        self.seat = seat
        self.classes = _event_classes()
        self.step_class = SeenStep
        # hand results read so far, by hand number, so an event's result is checked against them
        self.results: dict[int, HandResult] = {}

    def value(self, kind: str, value: object, path: str) -> Any:
        rules = self.rules
        if kind == "seat":
            return _int(value, path, 0, rules.players - 1)
        if kind == "team":
            return _int(value, path, 0, rules.teams - 1)
        if kind == "number":
            return _int(value, path, 0, _LARGEST)
        if kind == "bool":
            return _bool(value, path)
        if kind == "card":
            return _card(value, path)
        if kind == "card?":
            return _optional(value, path, _card)
        if kind == "cards":
            return _cards(value, path)
        if kind == "source":
            if value not in _SOURCES:
                _fail(path, f"expected one of {', '.join(_SOURCES)}, got {short_repr(value)}")
            return value
        if kind == "scores":
            return tuple(_int(v, _join(path, t)) for t, v in enumerate(_list(value, path, rules.teams, "teams")))
        assert kind == "result"
        number = value.get("hand_number") if isinstance(value, dict) else None
        known = self.results.get(number) if isinstance(number, int) else None
        if known is None:
            _fail(_join(path, "hand_number"), "a hand_ended event's result is one of the view's hand_results")
        if value != result_to_data(known):
            _fail(path, f"differs from hand_results.{known.hand_number - 1}: the same hand's result")
        return known

    def event(self, value: object, path: str) -> SeenEvent:
        if not isinstance(value, dict):
            _fail(path, f"expected an event object, got {_kind(value)}")
        name = value.get("event")
        cls = self.classes.get(name) if isinstance(name, str) else None
        if cls is None:
            _fail(_join(path, "event"),
                  f"unknown event {short_repr(name)}; the events are {', '.join(sorted(self.classes))}")
        fields = _EVENTS[cls.__name__][1]
        data = _object(value, path, ("event", *(f for f, _ in fields)), ())
        kw = {field: self.value(kind, data[field], _join(path, field)) for field, kind in fields}
        event: SeenEvent = cls(**kw)
        seat = getattr(event, "seat", self.seat)
        hidden = (
            isinstance(event, (CardsDrawn, PacketTaken))
            or (isinstance(event, RedThreeLaid) and event.replacement is not None)
        )
        if hidden and seat != self.seat:
            _fail(path, f"seat {self.seat} cannot see the cards of this {name} event of seat {seat}: "
                        f"a view holds its hidden form (E-4)")
        return event

    def events(self, value: object, path: str) -> tuple[SeenEvent, ...]:
        return tuple(self.event(e, _join(path, i)) for i, e in enumerate(_list(value, path)))

    def action(self, value: object, path: str) -> Action:
        if not isinstance(value, str):
            _fail(path, f"expected a move in action notation (e.g. \"discard 7H\"), got {_kind(value)}")
        try:
            return parse_action(value)
        except NotationError as err:
            _fail(path, str(err))

    def step(self, value: object, path: str) -> SeenStep:
        data = _object(value, path, ("seat", "action", "events"), ())
        return self.step_class(
            seat=self.value("seat", data["seat"], _join(path, "seat")),
            action=self.action(data["action"], _join(path, "action")),
            events=self.events(data["events"], _join(path, "events")),
        )


# ------------------------------------------------------------------ writing

_WRITE: Final[dict[FieldKind, Callable[[Any], Any]]] = {
    "rules": rules_to_data,
    "seat": int,
    "team or none": lambda v: v,
    "hand number": int,
    "count": int,
    "move count": int,
    "bool": bool,
    "phase": lambda v: v.value,
    "scores": list,
    "counts by seat": list,
    "counts": list,
    "numbers by team": list,
    "bools by seat": list,
    "bools by team": list,
    "hand": cards_to_data,
    "cards": cards_to_data,
    "cards by team": lambda v: [cards_to_data(c) for c in v],
    "card or none": card_to_data,
    "melds by team": lambda v: [[meld_to_data(m) for m in team] for team in v],
    "turn": turn_to_data,
    "hand results": lambda v: [result_to_data(r) for r in v],
}
"""How a field of each kind is written (:data:`~kanasta.view.seen.VIEW_FIELDS`)."""


def view_to_dict(view: ViewData, *, history: bool = True) -> dict[str, Any]:
    """The view document of ``view`` (what :meth:`PlayerView.to_dict` returns).

    Every field of :data:`~kanasta.view.seen.VIEW_FIELDS` is written, in its order
    (``hand_moves`` only when the rules set :attr:`~kanasta.Rules.hand_move_limit`, as in a
    position document), then the legal moves.  With ``history=False`` the moves so far
    (``history`` and ``start_events``) are left out: a smaller document for a front-end that
    keeps its own log.

    >>> import kanasta
    >>> from kanasta.view.document import view_to_dict
    >>> s = kanasta.new_game(kanasta.Rules.kanasta(), seed=1)
    >>> doc = view_to_dict(s.view(s.current_player), history=False)
    >>> doc["packet_sizes"], doc["trump"], doc["legal_actions"][:2], "history" in doc
    ([11, 11], '7C', ['draw', 'take'], False)
    """
    doc: dict[str, Any] = {"format": VIEW_FORMAT}
    counted = view.rules.hand_move_limit is not None
    for name, kind in VIEW_FIELDS:
        if kind != "move count" or counted:
            doc[name] = _WRITE[kind](getattr(view, name))
    doc["legal_actions"] = [str(a) for a in view.legal_actions()]
    if history:
        doc["history"] = [
            {"seat": step.seat, "action": str(step.action), "events": [event_to_dict(e) for e in step.events]}
            for step in view.history
        ]
        doc["start_events"] = [event_to_dict(e) for e in view.start_events]
    return doc


# ------------------------------------------------------------------ reading


def _by(value: object, path: str, length: int, what: str, read: Callable[[object, str], Any]) -> tuple[Any, ...]:
    return tuple(read(v, _join(path, i)) for i, v in enumerate(_list(value, path, length, what)))


class _Fields:
    """The fields of one view document read so far (:data:`~kanasta.view.seen.VIEW_FIELDS`' order),
    by name, and how each kind is read under the document's rules."""

    def __init__(self, doc: dict[str, Any], rules: Rules) -> None:
        self.doc = doc
        self.rules = rules
        self.values: dict[str, Any] = {"rules": rules}

    def read(self, name: str, kind: FieldKind) -> Any:
        """The field ``name`` of the document, of kind ``kind``: its type and range checked."""
        value, rules = self.doc.get(name), self.rules
        n, teams = rules.players, rules.teams

        def count(v: object, p: str) -> int:
            return _int(v, p, 0, _DECK_SIZE)

        if kind == "seat":
            return _int(value, name, 0, n - 1)
        if kind == "team or none":
            return _optional(value, name, lambda v, p: _int(v, p, 0, teams - 1))
        if kind == "hand number":
            return _int(value, name, 1, _LARGEST)
        if kind == "count":
            return count(value, name)
        if kind == "move count":
            return read_hand_moves(self.doc, rules, self.values["phase"])
        if kind == "bool":
            return _bool(value, name)
        if kind == "phase":
            if not isinstance(value, str) or value not in PHASE_OF:
                _fail(name, f"expected one of {', '.join(PHASE_OF)}, got {short_repr(value)}")
            return PHASE_OF[value]
        if kind == "scores":
            return _by(value, name, teams, "teams", lambda v, p: _int(v, p))
        if kind == "counts by seat":
            return _by(value, name, n, "players", count)
        if kind == "counts":
            return tuple(count(v, _join(name, i)) for i, v in enumerate(_list(value, name)))
        if kind == "numbers by team":
            return _by(value, name, teams, "teams", lambda v, p: _int(v, p, 0))
        if kind == "bools by seat":
            return _by(value, name, n, "players", _bool)
        if kind == "bools by team":
            return _by(value, name, teams, "teams", _bool)
        if kind == "hand":
            return tuple(sorted(_cards(value, name)))
        if kind == "cards":
            return _cards(value, name)
        if kind == "cards by team":
            return _by(value, name, teams, "teams", _cards)
        if kind == "card or none":
            return _optional(value, name, _card)
        if kind == "melds by team":
            return _by(value, name, teams, "teams",
                           lambda v, p: tuple(_meld(m, _join(p, i), rules) for i, m in enumerate(_list(v, p))))
        if kind == "turn":
            return _read_turn(value, name, Turn())
        assert kind == "hand results", kind
        return _read_results(value, rules)

    def check(self, name: str) -> None:
        """The field ``name`` against the fields read before it (and the rules)."""
        v, rules = self.values, self.rules
        if name == "hand_sizes" and v["hand_sizes"][v["seat"]] != len(v["hand"]):
            _fail(f"hand_sizes.{v['seat']}",
                  f"the seat's own hand has {len(v['hand'])} cards, not {v['hand_sizes'][v['seat']]}")
        elif name == "pile_frozen":  # frozen exactly while the pile holds a wild or a red 3
            read_pile_frozen(self.doc, rules, v["pile"])
        elif name == "packets_taken":
            taken = sum(v["packets_taken"])
            if taken > rules.packets:
                _fail("packets_taken", f"these rules have {rules.packets} packet(s), not {taken}")
            left = rules.packets - taken
            if len(v["packet_sizes"]) != left:
                _fail("packet_sizes", f"expected {left} packets (the rules' packets less those taken), "
                                      f"got {len(v['packet_sizes'])}")
            for i, size in enumerate(v["packet_sizes"]):
                if size != rules.packet_size:
                    _fail(f"packet_sizes.{i}", f"a packet holds {rules.packet_size} cards, not {size}")
        elif name == "trump":
            if rules.trump and v["trump"] is None:
                _fail("trump", "these rules turn up a trump card (K-TRUMP-1): give it")
            if not rules.trump and v["trump"] is not None:
                _fail("trump", "these rules have no trump card: leave it null")
        elif name == "winner" and (v["winner"] is not None) != (v["phase"] is Phase.GAME_OVER):
            _fail("winner", "a game has a winner exactly when the phase is game_over (G-GAME-1)")


def view_from_dict(data: object, make: type[V]) -> V:
    """Read and check a view document; ``make`` is the class made (what :meth:`PlayerView.from_dict` does).

    Checked: the shape and type of every key, card and action notation, every
    meld under the rules, the hand results (re-scored), the seat's hand
    against its count, ``pile_frozen`` against the pile (frozen exactly while
    it holds a wild card or a red 3, C-PILE-3, as in a position document), no
    card more often than the deck has it, the hidden counts adding up to the
    deck, the phase against the winner and the legal moves, and no event
    showing the seat a card it may not see.  Problems raise
    :class:`~kanasta.SerializationError` with the dotted path of the bad part.

    >>> import kanasta
    >>> from kanasta.view.document import view_from_dict
    >>> view_from_dict({"format": "kanasta.position/1"}, kanasta.PlayerView)
    Traceback (most recent call last):
    ...
    kanasta.errors.SerializationError: format: expected 'kanasta.view/1', got 'kanasta.position/1'
    """
    if isinstance(data, dict) and "format" in data and data["format"] != VIEW_FORMAT:
        _fail("format", f"expected {VIEW_FORMAT!r}, got {short_repr(data['format'])}")
    doc = _object(data, "", _KEYS, _OPTIONAL_KEYS)
    fields = _Fields(doc, rules_from_data(doc["rules"], "rules"))
    for name, kind in VIEW_FIELDS[1:]:
        fields.values[name] = fields.read(name, kind)
        fields.check(name)
    v = fields.values
    rules, seat, phase, player = fields.rules, v["seat"], v["phase"], v["player"]
    read = _Reader(rules, seat)
    for r in v["hand_results"]:
        read.results[r.hand_number] = r

    legal = tuple(read.action(a, f"legal_actions.{i}") for i, a in enumerate(_list(doc["legal_actions"],
                                                                                   "legal_actions")))
    if legal and (phase is Phase.GAME_OVER or player != seat):
        _fail("legal_actions", f"only the seat to move has legal moves: seat {player} moves, not seat {seat}")
    if not legal and phase is not Phase.GAME_OVER and player == seat:
        _fail("legal_actions", "the seat to move has at least one legal move (E-2)")

    # ---- every card the seat sees, and the hidden counts, make the deck (G-DECK-1)
    places: list[tuple[str, tuple[Card, ...]]] = [("hand", v["hand"]), ("pile", v["pile"]),
                                                  ("turn.aside", v["turn"].aside)]
    for t, team_melds in enumerate(v["melds"]):
        places.extend((f"melds.{t}.{i}", m.cards) for i, m in enumerate(team_melds))
    places.extend((f"red_threes.{t}", c) for t, c in enumerate(v["red_threes"]))
    seen = within_deck(places)
    sizes = v["hand_sizes"]
    hidden = sum(sizes) - sizes[seat] + v["stock_size"] + sum(v["packet_sizes"])
    if seen + hidden != _DECK_SIZE:
        _fail("", f"the view does not add up to the deck: {seen} cards seen and {hidden} "
                  f"hidden (other hands, stock, packets), not {_DECK_SIZE}")

    steps = tuple(read.step(s, f"history.{i}") for i, s in enumerate(_list(doc.get("history", []), "history")))
    start_events = read.events(doc.get("start_events", []), "start_events")
    return make(legal_actions=legal, history=steps, start_events=start_events, **v)
