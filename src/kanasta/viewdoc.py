"""The old import path ``kanasta.viewdoc``: the view document now lives in :mod:`kanasta.view.document`.

This module only re-exports that module's public names, so that ``import kanasta.viewdoc``
and objects pickled before the move (a pickle names its classes by module) keep
working.  New code imports from :mod:`kanasta.view.document`.
"""

from __future__ import annotations

from kanasta.view.document import (
    VIEW_FORMAT,
    event_to_dict,
    seen_events_of,
    view_from_dict,
    view_to_dict,
)

__all__ = [
    "VIEW_FORMAT",
    "event_to_dict",
    "seen_events_of",
    "view_from_dict",
    "view_to_dict",
]
