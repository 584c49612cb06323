"""What a seat may see (RULES E-4): the view and view-document checks shared by the tests and the soak.

Used by ``test_view.py``, ``test_viewdoc.py`` and the reliability harness
(``_invariants.py``, so ``benchmarks/soak.py``).  Each ``check_*`` function
raises :class:`AssertionError` with a message naming the seat and what it saw
that it may not; it needs nothing but kanasta, attrs and the standard library.

* :func:`check_view_cards`: the cards of a view object are the seat's hand and
  the table, and its history holds no draw, red-3 replacement or packet of
  another seat;
* :func:`check_view_events`: each step of a view's history is the true step
  with exactly the events another seat may not see replaced by their hidden
  forms (which hold no card but a laid red 3);
* :func:`check_view_document`: every card written anywhere in the view's JSON
  document (``PlayerView.to_json``, the same text as ``json.dumps`` of its
  ``to_dict``) is one the seat may see;
* :func:`check_view_independent`: dealing every card hidden from the seat
  again changes neither its view nor its document.
"""

from __future__ import annotations

import functools
import json
import random
import re
from collections import Counter
from typing import Any

import attrs

import kanasta
from kanasta import (
    Card,
    CardsDrawn,
    CardsDrawnHidden,
    PacketTaken,
    PacketTakenHidden,
    Phase,
    RedThreeLaid,
    RedThreeLaidHidden,
    State,
    parse_card,
)
from kanasta.actions import ACTION_TYPES

#: events every seat sees as they are
PUBLIC_EVENTS = (
    kanasta.HandStarted, kanasta.UpcardTurned, kanasta.PileTaken, kanasta.PileJoined, kanasta.TeamOpened,
    kanasta.WentOut, kanasta.StockExhausted, kanasta.HandEnded, kanasta.GameEnded,
)

# A card token as the library writes it (upper case, T for ten; a run's natural-place 2 may carry a *).
_CARD_TOKEN = re.compile(r"^(?:[2-9TJQKA][CDHS]|JK)\*?$")


def cards_of(obj: Any) -> Counter[Card]:
    """Every card an object (event, action, tuple, meld, view...) holds, anywhere inside it."""
    out: Counter[Card] = Counter()
    _collect_cards(obj, out)
    return out


def _collect_cards(obj: Any, out: Counter[Card]) -> None:
    if isinstance(obj, Card):
        out[obj] += 1
    elif isinstance(obj, (tuple, list)):
        for item in obj:
            _collect_cards(item, out)
    else:
        for name in _card_fields(type(obj)):
            _collect_cards(getattr(obj, name), out)


@functools.cache
def _card_fields(cls: type) -> tuple[str, ...]:
    """The fields of an attrs class or an action class (none for any other class)."""
    if cls in ACTION_TYPES:  # (compiled: their fields in constructor order)
        return tuple(cls.__match_args__)
    return tuple(f.name for f in attrs.fields(cls)) if attrs.has(cls) else ()


def cards_in_text(node: Any) -> Counter[Card]:
    """Every card written anywhere in a JSON document: each token of each string (key or value) that is a card."""
    out: Counter[Card] = Counter()
    _collect_written(node, out)
    return out


def _collect_written(node: Any, out: Counter[Card]) -> None:
    if isinstance(node, str):
        for token in node.split():
            card = _card_of_token(token)
            if card is not None:
                out[card] += 1
    elif isinstance(node, list):
        for item in node:
            _collect_written(item, out)
    elif isinstance(node, dict):
        for key, value in node.items():
            _collect_written(key, out)
            _collect_written(value, out)


@functools.lru_cache(maxsize=4096)
def _card_of_token(token: str) -> Card | None:
    return parse_card(token.rstrip("*")) if _CARD_TOKEN.match(token) else None


def may_see(event: Any, seat: int) -> Counter[Card]:
    """The cards of a true event that ``seat`` may see (E-4)."""
    if isinstance(event, (CardsDrawn, PacketTaken)) and event.seat != seat:
        return Counter()
    if isinstance(event, RedThreeLaid) and event.seat != seat:
        return Counter([event.card])  # the red 3 is laid face up; its replacement is drawn face down
    return cards_of(event)


def table_cards(state: State, seat: int) -> Counter[Card]:
    """The cards ``seat`` sees now: its hand, the pile, the melds, red 3s, the cards set aside, the trump."""
    return cards_of((state.hands[seat], state.pile, state.melds, state.red_threes, state.turn.aside,
                     state.turn.forbidden, state.trump))


def hidden_shuffled(state: State, seat: int, rng: random.Random) -> State:
    """The state with every card hidden from ``seat`` dealt again at random, and another seed.

    Hand and packet sizes are kept; red 3s stay in the stock (C-THREE-1).
    """
    rules = state.rules
    hidden = [c for s, h in enumerate(state.hands) if s != seat for c in h]
    hidden += [c for p in state.packets for c in p]
    hidden += [c for c in state.stock if not (rules.red_threes and c.is_red_three)]
    rng.shuffle(hidden)
    hands = []
    for s, h in enumerate(state.hands):
        if s == seat:
            hands.append(h)
        else:
            hands.append(tuple(sorted(hidden[: len(h)])))
            del hidden[: len(h)]
    packets = []
    for p in state.packets:
        packets.append(tuple(sorted(hidden[: len(p)])))
        del hidden[: len(p)]
    reds = [c for c in state.stock if rules.red_threes and c.is_red_three]
    stock = hidden + reds
    rng.shuffle(stock)
    return attrs.evolve(state, hands=tuple(hands), packets=tuple(packets), stock=tuple(stock), seed=state.seed ^ 1)


def answering_own_hand(state: State, seat: int) -> bool:
    """Whether ``seat`` answers its partner now: whether "no" is allowed depends on the asker's hidden hand."""
    return state.phase is Phase.ANSWER and state.current_player == seat


# ---------------------------------------------------------------------------- the checks


def check_view_cards(state: State, seat: int) -> None:
    """E-4: the cards of the seat's view are its hand and the table; its history shows no hidden draw or packet."""
    view = state.view(seat)
    live = cards_of((view.hand, view.pile, view.melds, view.red_threes, view.turn, view.trump))
    table = table_cards(state, seat)
    assert live == table, f"seat {seat}'s view holds {dict(live - table)} and misses {dict(table - live)}"
    for step in view.history:
        for ev in step.events:
            if isinstance(ev, (CardsDrawn, PacketTaken)) or (isinstance(ev, RedThreeLaid) and ev.replacement):
                assert ev.seat == seat, f"seat {seat}'s view shows {ev!r}"


def check_view_events(state: State, seat: int, start: int = 0) -> dict[str, int]:
    """E-4: steps ``start:`` of the seat's view history are the true steps, hidden events in their hidden forms.

    Returns how many events of each kind were hidden from the seat.
    """
    view = state.view(seat)
    true_steps = state.history
    assert len(view.history) == len(true_steps), f"seat {seat}'s view has {len(view.history)} steps"
    hidden: Counter[str] = Counter()
    for i in range(start, len(true_steps)):
        seen, true = view.history[i], true_steps[i]
        where = f"seat {seat}, step {i}"
        assert (seen.seat, seen.action) == (true.seat, true.action), where
        assert len(seen.events) == len(true.events), where
        for s_ev, t_ev in zip(seen.events, true.events):
            if isinstance(t_ev, PUBLIC_EVENTS):
                expected: Any = t_ev
            elif isinstance(t_ev, CardsDrawn):
                expected = t_ev if t_ev.seat == seat else CardsDrawnHidden(t_ev.seat, len(t_ev.cards))
            elif isinstance(t_ev, RedThreeLaid):
                mine = t_ev.seat == seat or t_ev.replacement is None
                expected = t_ev if mine else RedThreeLaidHidden(t_ev.seat, t_ev.card, t_ev.source)
            elif isinstance(t_ev, PacketTaken):
                expected = t_ev if t_ev.seat == seat else PacketTakenHidden(t_ev.seat, t_ev.packet, len(t_ev.cards))
            else:  # pragma: no cover - a new event type must be classified here
                raise AssertionError(f"unclassified event {t_ev!r}")
            assert s_ev == expected, f"{where}: seat sees {s_ev!r} for {t_ev!r}"
            if expected is not t_ev:
                hidden[type(t_ev).__name__] += 1
            # a hidden form holds no card but the public red 3 itself
            if isinstance(s_ev, RedThreeLaidHidden):
                assert cards_of(s_ev) == Counter([s_ev.card]), where
            elif isinstance(s_ev, (CardsDrawnHidden, PacketTakenHidden)):
                assert not cards_of(s_ev), where
    return dict(hidden)


def check_view_document(
    state: State, seat: int, *, history: bool = True, start: int = 0, doc: dict[str, Any] | None = None
) -> int:
    """E-4: search every card written in the seat's view document (``history=False``: without the history).

    The position part holds exactly the seat's hand and the table; the legal
    moves only cards of the hand, pile and melds; the hand results those of
    the state; each step of the history from ``start`` on only the cards of
    the move and of what the seat saw happen (no card another seat drew, no
    packet another seat picked up, no red-3 replacement of another seat).
    ``doc``: search this document instead of the one the view writes (a test
    of the search).  Returns the number of history steps searched.
    """
    if doc is None:
        view = state.view(seat)
        text = view.to_json(history=history)  # written by the core for a native state's view
        assert text == json.dumps(view.to_dict(history=history)), f"seat {seat}'s view JSON is not its to_dict's"
        doc = json.loads(text)
    history = "history" in doc
    now = {k: v for k, v in doc.items() if k not in ("history", "start_events", "hand_results", "legal_actions")}
    where = f"seat {seat}'s view document"
    written, table = cards_in_text(now), table_cards(state, seat)
    assert written == table, f"{where} holds {dict(written - table)} and misses {dict(table - written)}"
    playable = cards_of((state.hands[seat], state.pile, state.melds))  # extend lists the run too
    for text in doc["legal_actions"]:
        assert not cards_in_text(text) - playable, f"{where}: legal move {text!r}"
    assert cards_in_text(doc["hand_results"]) == cards_of(state.hand_results), f"{where}: hand results"
    if not history:
        return 0
    true_steps = state.history
    assert len(doc["history"]) == len(true_steps), f"{where} has {len(doc['history'])} steps"
    for i in range(start, len(true_steps)):
        true = true_steps[i]
        allowed = cards_of(true.action)
        for event in true.events:
            allowed += may_see(event, seat)
        extra = cards_in_text(doc["history"][i]) - allowed
        assert not extra, f"{where}, step {i} ({true.action}): {dict(extra)}"
    allowed = Counter[Card]()
    for event in state.start_events:
        allowed += may_see(event, seat)
    assert not cards_in_text(doc["start_events"]) - allowed, f"{where}: start events"
    return len(true_steps) - start


def check_view_independent(state: State, seat: int, rng: random.Random, *, history: bool = True) -> None:
    """E-4: deal every card hidden from the seat again; its view and its document do not change.

    In the answer phase the answering seat's legal moves are left out: whether
    "no" is allowed depends on the asker's hidden hand (documented).
    """
    other = hidden_shuffled(state, seat, rng)
    assert other.hands[seat] == state.hands[seat]
    mine, theirs = state.view(seat), other.view(seat)
    if answering_own_hand(state, seat):
        mine, theirs = attrs.evolve(mine, legal_actions=()), attrs.evolve(theirs, legal_actions=())
    assert mine == theirs, f"seat {seat}'s view changes when the cards hidden from it are dealt again"
    assert mine.to_json(history=history) == theirs.to_json(history=history), (
        f"seat {seat}'s view document changes when the cards hidden from it are dealt again")
