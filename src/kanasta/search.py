"""The old import path ``kanasta.search``: the search bot now lives in :mod:`kanasta.bots.montecarlo`.

This module only re-exports that module's public names, so that ``import kanasta.search``
and objects pickled before the move (a pickle names its classes by module) keep
working.  New code imports from :mod:`kanasta.bots.montecarlo`.
"""

from __future__ import annotations

from kanasta.bots.montecarlo import SearchBot

__all__ = [
    "SearchBot",
]
