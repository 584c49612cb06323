"""The old import path ``kanasta.record``: the game record now lives in :mod:`kanasta.documents.record`.

This module only re-exports that module's public names, so that ``import kanasta.record``
and objects pickled before the move (a pickle names its classes by module) keep
working.  New code imports from :mod:`kanasta.documents.record`.
"""

from __future__ import annotations

from kanasta.documents.record import RECORD_FORMAT, GameRecord

__all__ = [
    "RECORD_FORMAT",
    "GameRecord",
]
