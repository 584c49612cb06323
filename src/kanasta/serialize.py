"""The old import path ``kanasta.serialize``: position documents now lives in :mod:`kanasta.documents.parts`.

This module only re-exports that module's public names, so that ``import kanasta.serialize``
and objects pickled before the move (a pickle names its classes by module) keep
working.  New code imports from :mod:`kanasta.documents.parts`.
"""

from __future__ import annotations

from kanasta.documents.parts import (
    FORMAT,
    rules_from_data,
    rules_to_data,
    state_from_dict,
    state_to_dict,
)

__all__ = [
    "FORMAT",
    "rules_from_data",
    "rules_to_data",
    "state_from_dict",
    "state_to_dict",
]
