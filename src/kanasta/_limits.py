"""The limits of every number the library reads — internal.

One table, the package's data file ``limits.json``, read here for the Python
validator of :class:`~kanasta.Rules` and the Python position reader, and
compiled into the native core (``rust/src/limits.rs``) for its readers: both
engines accept exactly the same values.  The *Positions* page documents it.

>>> LIMITS["rules_int"], LIMITS["document_int"], RULE_RANGES["draw_count"]
(1000000000, 1000000000000000, (1, 5))
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Final

__all__ = ["LIMITS", "RULE_RANGES"]


def _read() -> tuple[dict[str, int], dict[str, tuple[int, int]]]:
    table = json.loads(resources.files("kanasta").joinpath("limits.json").read_text(encoding="utf-8"))
    limits = {key: value for key, value in table.items() if isinstance(value, int)}
    named = {"rules_int": limits["rules_int"], "-rules_int": -limits["rules_int"]}

    def bound(value: int | str) -> int:
        return named[value] if isinstance(value, str) else value

    ranges = {name: (bound(low), bound(high)) for name, low, high in table["rule_ranges"]}
    return limits, ranges


_TABLE: Final = _read()

LIMITS: Final[dict[str, int]] = _TABLE[0]
"""The named limits: ``rules_int``, ``rules_points``, ``document_int`` and ``min_stock``."""

RULE_RANGES: Final[dict[str, tuple[int, int]]] = _TABLE[1]
"""The range ``(lowest, highest)`` of every whole-number field of :class:`~kanasta.Rules`, in the order checked."""
