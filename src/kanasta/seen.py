"""The old import path ``kanasta.seen``: a seat's view as data now lives in :mod:`kanasta.view.seen`.

This module only re-exports that module's public names, so that ``import kanasta.seen``
and objects pickled before the move (a pickle names its classes by module) keep
working.  New code imports from :mod:`kanasta.view.seen`.
"""

from __future__ import annotations

from kanasta.view.seen import (
    CardsDrawnHidden,
    PacketTakenHidden,
    RedThreeLaidHidden,
    SeenEvent,
    SeenHistory,
    SeenStep,
    ViewData,
    hide,
    known_after,
    seen_history,
    track_known,
)

__all__ = [
    "CardsDrawnHidden",
    "PacketTakenHidden",
    "RedThreeLaidHidden",
    "SeenEvent",
    "SeenHistory",
    "SeenStep",
    "ViewData",
    "hide",
    "known_after",
    "seen_history",
    "track_known",
]
