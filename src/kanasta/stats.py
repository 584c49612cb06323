"""The old import path ``kanasta.stats``: match statistics now lives in :mod:`kanasta.bots.stats`.

This module only re-exports that module's public names, so that ``import kanasta.stats``
and objects pickled before the move (a pickle names its classes by module) keep
working.  New code imports from :mod:`kanasta.bots.stats`.
"""

from __future__ import annotations

from kanasta.bots.stats import (
    Z95,
    bradley_terry,
    deal_interval,
    quantile,
    wilson_interval,
)

__all__ = [
    "Z95",
    "bradley_terry",
    "deal_interval",
    "quantile",
    "wilson_interval",
]
