"""What one seat may see (RULES E-4): the view, its data and its document.

The package owns everything about a seat's view of a game, in three modules:

* :mod:`kanasta.view.seen` — the rules of what a seat sees: :class:`~kanasta.view.seen.ViewData`
  (the view's fields and queries), the hidden forms of events
  (:class:`~kanasta.CardsDrawnHidden`, ...), :func:`~kanasta.view.seen.hide`, the history as
  the seat saw it and the cards known to be in each hand;
* :mod:`kanasta.view.player` — :class:`~kanasta.PlayerView` (the view you use, with its
  documents and text) and :func:`~kanasta.make_view`, and the seam to the native core's views;
* :mod:`kanasta.view.document` — the view as a JSON-safe document (``kanasta.view/1``),
  written and read.

It reads positions and uses the position documents' parts; the :class:`~kanasta.State`
facade sits above it.  The names below are the view's public face;
``kanasta`` itself re-exports them.

>>> import kanasta
>>> from kanasta.view import PlayerView
>>> view = kanasta.new_game(kanasta.Rules.classic(), seed=4).view(0)
>>> isinstance(view, PlayerView), view.seat, view.stock_size
(True, 0, 62)
"""

from __future__ import annotations

from kanasta.view.player import PlayerView, make_view
from kanasta.view.seen import (
    CardsDrawnHidden,
    PacketTakenHidden,
    RedThreeLaidHidden,
    SeenEvent,
    SeenHistory,
    SeenStep,
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

# A view pickled before the view became a package names ``kanasta.view._rebuild`` as its maker.
from kanasta.view.player import _rebuild as _rebuild
