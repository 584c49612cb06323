"""The old import path ``kanasta.sampling``: the sampler of states now lives in :mod:`kanasta.bots.sampling`.

This module only re-exports that module's public names, so that ``import kanasta.sampling``
and objects pickled before the move (a pickle names its classes by module) keep
working.  New code imports from :mod:`kanasta.bots.sampling`.
"""

from __future__ import annotations

from kanasta.bots.sampling import SAMPLE_ATTEMPTS, sample_state

__all__ = [
    "SAMPLE_ATTEMPTS",
    "sample_state",
]
