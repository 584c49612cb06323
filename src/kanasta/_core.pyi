"""Type stub of ``kanasta._core``, the native core compiled from ``rust/`` (internal).

Cards are their :attr:`kanasta.Card.index` (0-52); sequences of cards are
tuples of indices.  Checked against the compiled module by ``mypy.stubtest``.
"""

from collections.abc import Sequence
from typing import Literal, final

__all__ = ["Deal", "Meld", "MeldRules", "deal", "deck", "first_dealer", "shuffled_indices", "stream_values"]

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

@final
class Meld:
    """A legal meld: the fields of :class:`kanasta.Meld`, cards as indices."""

    @property
    def kind(self) -> Literal["set", "run"]: ...
    @property
    def cards(self) -> tuple[int, ...]: ...
    @property
    def rank(self) -> int | None: ...
    @property
    def suit(self) -> int | None: ...
    @property
    def low(self) -> int: ...
    @property
    def wild_index(self) -> int | None: ...

@final
class MeldRules:
    """The fields of :class:`kanasta.Rules` that checking a meld depends on."""

    def __new__(
        cls,
        *,
        runs: bool,
        max_wilds: int,
        wilds_within_naturals: bool,
        max_meld_size: int | None,
        black_threes: bool,
    ) -> MeldRules: ...
    def read_meld(self, cards: Sequence[int], *, black_threes_ok: bool = False) -> Meld | tuple[str, str]: ...
    def read_set(self, cards: Sequence[int], *, black_threes_ok: bool = False) -> Meld | tuple[str, str]: ...
    def read_run(self, cards: Sequence[int], *, wild_card: int | None = None) -> Meld | tuple[str, str]: ...

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
