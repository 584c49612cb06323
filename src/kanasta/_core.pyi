"""Type stub of ``kanasta._core``, the native core compiled from ``rust/`` (internal).

Cards are their :attr:`kanasta.Card.index` (0-52); sequences of cards are
tuples of indices.  Checked against the compiled module by ``mypy.stubtest``.
"""

from collections.abc import Sequence
from typing import final

__all__ = ["Deal", "deal", "deck", "first_dealer", "shuffled_indices", "stream_values"]

@final
class Deal:
    """A dealt hand, as the Python engine's ``_deal`` deals it (E-3)."""

    @property
    def first_player(self) -> int: ...
    @property
    def hands(self) -> tuple[tuple[int, ...], ...]: ...
    @property
    def packets(self) -> tuple[tuple[int, ...], ...]: ...
    @property
    def stock(self) -> tuple[int, ...]: ...
    @property
    def pile(self) -> tuple[int, ...]: ...
    @property
    def pile_frozen(self) -> bool: ...
    @property
    def trump(self) -> int | None: ...
    @property
    def red_threes(self) -> tuple[tuple[int, ...], ...]: ...
    @property
    def red_three_events(self) -> list[tuple[int, int, int | None]]: ...

def stream_values(seed: int, labels: Sequence[int], count: int) -> list[int]: ...
def shuffled_indices(seed: int, labels: Sequence[int], n: int) -> list[int]: ...
def deck() -> tuple[int, ...]: ...
def first_dealer(seed: int, players: int) -> int: ...
def deal(
    seed: int,
    hand_number: int,
    dealer: int,
    *,
    players: int,
    hand_size: int,
    packets: int,
    packet_size: int,
    pile_freezing: bool,
    red_threes: bool,
    trump: bool,
) -> Deal: ...
