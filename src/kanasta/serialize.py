"""The old import path ``kanasta.serialize``: position documents now live in :mod:`kanasta.documents.position`.

The rules' part of a document (:func:`rules_to_data`, :func:`rules_from_data`)
lives in :mod:`kanasta.documents.parts`.  This module only re-exports those
names, so that ``import kanasta.serialize`` keeps working.  New code imports
from the new homes.
"""

from __future__ import annotations

from kanasta.documents.parts import rules_from_data, rules_to_data
from kanasta.documents.position import FORMAT, state_from_dict, state_to_dict

__all__ = [
    "FORMAT",
    "rules_from_data",
    "rules_to_data",
    "state_from_dict",
    "state_to_dict",
]
