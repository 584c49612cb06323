"""What one seat may see (RULES E-4).

:meth:`State.view` (or :func:`make_view`) gives a :class:`PlayerView`: the
seat's own hand, the table, the discard pile, the counts of every other hand,
of the stock and of the packets, the scores, the turn so far, the hand
results, and the moves so far as that seat saw them.  It never holds a card
the seat may not see, nor the seed (G-RNG-1), which would tell every future
deal.  Its fields and queries are those of :class:`~kanasta.seen.ViewData`;
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

from typing import Any

import attrs

from kanasta import engine
from kanasta.actions import Action
from kanasta.errors import ConfigError
from kanasta.position import FIELDS, Position
from kanasta.seen import (
    CardsDrawnHidden,
    PacketTakenHidden,
    RedThreeLaidHidden,
    SeenEvent,
    SeenHistory,
    SeenStep,
    ViewData,
    hide,
    seen_history,
)
from kanasta.viewdoc import view_from_dict, view_to_dict

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

    The fields and queries are those of :class:`~kanasta.seen.ViewData`: the
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
        :mod:`kanasta.viewdoc` and the documentation page on positions and
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


_SHARED: tuple[str, ...] = tuple(
    f.name for f in attrs.fields(PlayerView) if f.name in FIELDS and f.name != "start_events"
)
"""The fields a view copies from the position as they are (the public table, derived); the
start events are shown as the seat saw them."""


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
    return PlayerView(
        seat=seat,
        hand=state.hands[seat],
        hand_sizes=tuple(len(h) for h in state.hands),
        stock_size=len(state.stock),
        packet_sizes=tuple(len(p) for p in state.packets),
        legal_actions=legal_actions,
        history=seen_history(state._log, seat, players),
        start_events=tuple(hide(e, seat) for e in state.start_events),
        **{name: getattr(state, name) for name in _SHARED},
    )
