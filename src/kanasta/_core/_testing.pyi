"""Type stub of ``kanasta._core._testing``: the native core's entry points that only tests
and benchmarks call (internal), each asking one piece of the core alone so that a test can
compare it with the Python engine.  Checked against the compiled module by ``mypy.stubtest``.
"""

from collections.abc import Sequence
from typing import Literal, final

from kanasta._core import NativeState

__all__ = [
    "Deal",
    "FinishRules",
    "Meld",
    "MeldRules",
    "can_take",
    "deal",
    "deck",
    "explain",
    "first_dealer",
    "greedy_choice_index",
    "legal_moves",
    "observation_layout",
    "search_nodes",
    "shuffled_indices",
    "stream_values",
]

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

@final
class FinishRules:
    """The fields of :class:`kanasta.Rules` that the E-2 search reads, card values in half points.

    Meld shapes are the Python engine's: ``(0, rank, naturals, wilds, size)``
    for a set, ``(1, suit, low, high, wild position or 0)`` for a run.
    """

    def __new__(
        cls,
        *,
        values: Sequence[int],
        natural_two: int,
        runs: bool,
        max_wilds: int,
        wilds_within_naturals: bool,
        max_meld_size: int | None,
        one_meld_per_rank: bool,
        canastas_to_go_out: int,
        black_threes: bool,
        opening_natural_run: bool,
        opening_one_card_exempt: bool,
    ) -> FinishRules: ...
    def finishable(
        self,
        hand: Sequence[int],
        shapes: Sequence[tuple[int, int, int, int, int]],
        *,
        opened: bool,
        laid: bool,
        count: int,
        aside: Sequence[int],
        must_out: bool,
        minimum: int,
        forbidden: int | None,
        no_out: bool,
        out_exempt: bool,
        discard_empty_ok: bool,
        black3_ok: bool,
    ) -> bool: ...

def legal_moves(state: NativeState, *, budget: int = ...) -> list[str]: ...
def greedy_choice_index(state: NativeState, known: Sequence[Sequence[int]]) -> int: ...
def observation_layout(players: int, teams: int, *, memory: bool = False) -> list[tuple[str, int, int]]: ...
def search_nodes(state: NativeState, *, budget: int = ...) -> int: ...
def can_take(state: NativeState, *, budget: int = ...) -> bool: ...
def explain(state: NativeState, move: str, *, budget: int = ...) -> tuple[str, str] | None: ...
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
