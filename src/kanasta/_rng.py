"""The library's own deterministic shuffle (RULES G-RNG-1) — internal.

SplitMix64 (Steele, Lea and Flood, 2014) drives a Fisher-Yates shuffle.  Only
integer arithmetic is used, so the same seed gives the same deal on every
machine and Python version; nothing depends on :mod:`random` or hash seeds.
Each hand's deal is derived from ``(seed, hand_number)``, so a restored state
deals exactly as the original would have.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, TypeVar

T = TypeVar("T")

MASK: Final = (1 << 64) - 1
SEED_LIMIT: Final = 1 << 64


class SplitMix64:
    """A tiny, well-mixed 64-bit generator.

    >>> g = SplitMix64(0)
    >>> hex(g.next())
    '0xe220a8397b1dcdaf'
    """

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A number in ``range(n)`` (multiply-shift; the bias is below 2**-56 for n <= 256)."""
        return (self.next() * n) >> 64


def stream(seed: int, *labels: int) -> SplitMix64:
    """A generator for one purpose (e.g. the deal of hand 3) of one game seed."""
    g = SplitMix64(seed)
    state = g.next()
    for label in labels:
        state = SplitMix64(state ^ ((label * 0xD1B54A32D192ED03) & MASK)).next()
    return SplitMix64(state)


def shuffled(items: Sequence[T], g: SplitMix64) -> list[T]:
    """A Fisher-Yates shuffle of ``items`` driven by ``g``."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = g.below(i + 1)
        out[i], out[j] = out[j], out[i]
    return out
