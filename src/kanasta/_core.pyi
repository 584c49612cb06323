"""Type stub of ``kanasta._core``, the native core compiled from ``rust/`` (internal).

Cards are their :attr:`kanasta.Card.index` (0-52); sequences of cards are
tuples of indices.  Checked against the compiled module by ``mypy.stubtest``.
"""

from collections.abc import Callable, Sequence
from typing import Any, Literal, TypeVar, final

import numpy as np
import numpy.typing as npt

from kanasta.actions import Action
from kanasta.cards import Card
from kanasta.position import Event, HandResult, LogNode, Phase
from kanasta.rules import Rules

_S = TypeVar("_S")

__all__ = [
    "ACTION_FIELDS",
    "EVENT_FIELDS",
    "POSITION_FIELDS",
    "SEEN_FIELDS",
    "VIEW_FIELDS",
    "BudgetExceeded",
    "Deal",
    "FinishRules",
    "IllegalMove",
    "Meld",
    "MeldRules",
    "NativeDecisions",
    "NativeState",
    "NativeView",
    "VectorEnv",
    "can_take",
    "deal",
    "deck",
    "explain",
    "explain_parts",
    "first_dealer",
    "greedy_choice_index",
    "greedy_rollouts",
    "legal_moves",
    "native_view",
    "observation",
    "observation_into",
    "observation_layout",
    "rollouts",
    "search_nodes",
    "set_action_factory",
    "set_event_factory",
    "set_state_factory",
    "set_view_factory",
    "shuffled_indices",
    "stream_values",
]

class BudgetExceeded(RuntimeError):
    """An E-2 question (a listing, a move check) needed more search nodes than its budget.

    The message is :class:`kanasta.EngineLimitError`'s for the same budget.
    """

class IllegalMove(ValueError):
    """A move that is not legal in the state; ``args`` are the RULES ID and the message.

    The same ID and message as :class:`kanasta.IllegalActionError` for the same move.
    """

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

@final
class NativeState:
    """A native game position (the data of :class:`kanasta.State`) and the events that led to it.

    Immutable: :meth:`apply` returns a new one.  Documents and events cross
    the boundary as JSON text (a position as :meth:`kanasta.State.to_dict`
    writes it; events as objects with their class name as ``"kind"``).
    """

    @staticmethod
    def new_game(rules: str, seed: int) -> NativeState: ...
    @staticmethod
    def from_json(doc: str, *, budget: int = ...) -> NativeState: ...
    @staticmethod
    def from_pickle(doc: str, history: str) -> NativeState: ...
    def to_json(self) -> str: ...
    def field(self, name: str) -> Any: ...
    def fields(self, names: Sequence[str]) -> tuple[Any, ...]: ...
    def start_events(self) -> tuple[Event, ...]: ...
    def events(self) -> tuple[Event, ...]: ...
    def events_json(self) -> str: ...
    def apply(self, move: str, *, budget: int = ...) -> NativeState: ...
    def apply_listed(self, index: int, *, budget: int = ...) -> NativeState: ...
    def legal_moves(self, *, budget: int = ...) -> list[str]: ...
    def legal_count(self, *, budget: int = ...) -> int: ...
    def legal_move(self, index: int, *, budget: int = ...) -> str: ...
    def legal_actions(self, *, budget: int = ...) -> tuple[Action, ...]: ...
    def play(self, action: Action, kind: type[_S], *, budget: int = ...) -> _S | None: ...
    # the third element is the package's own per-game objects (kanasta._native.Made), opaque to the core
    def set_game(self, game: tuple[Rules, tuple[Event, ...], object]) -> bool: ...
    @property
    def game(self) -> tuple[Rules, tuple[Event, ...], object] | None: ...
    @property
    def is_listed(self) -> bool: ...
    def history(self) -> tuple[LogNode | None, list[tuple[int, Action, tuple[Event, ...]]]]: ...
    def set_history(self, made: Sequence[LogNode]) -> None: ...
    def replay(self, moves: Sequence[str], *, budget: int = ...) -> NativeState: ...
    @property
    def phase(self) -> Literal["draw", "play", "answer", "game_over"]: ...
    @property
    def player(self) -> int: ...
    @property
    def is_game_over(self) -> bool: ...
    def __eq__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Callable[[str, str], NativeState], tuple[str, str]]: ...

@final
class NativeView:
    """What one seat may see of a :class:`NativeState` (RULES E-4): the core's side of a native
    :class:`kanasta.PlayerView`.  It hands out only what the seat may see; nothing of the state."""

    def __new__(cls, state: NativeState, seat: int) -> NativeView: ...
    @property
    def seat(self) -> int: ...
    def field(self, name: str) -> Any: ...
    def to_json(self, *, history: bool = True) -> str: ...
    def history(self) -> tuple[Any | None, list[str]]: ...
    def set_seen(self, made: Sequence[Any]) -> None: ...
    def sample_deal(self, seed: int, attempt: int) -> NativeState: ...

# the view the factory of set_view_factory makes (a kanasta.PlayerView), or None
def native_view(state: NativeState, seat: object) -> object | None: ...
def legal_moves(state: NativeState, *, budget: int = ...) -> list[str]: ...
@final
class NativeDecisions:
    def __new__(cls, state: NativeState, *, budget: int = ...) -> NativeDecisions: ...
    def legal_ids(self, prefix: Sequence[int]) -> list[int]: ...
    def mask_into(self, prefix: Sequence[int], out: Any) -> None: ...
    def step(self, prefix: Sequence[int], action_id: int) -> int: ...
    def order(self) -> list[int]: ...
    def __len__(self) -> int: ...

@final
class VectorEnv:
    def __new__(
        cls, rules: str, num_envs: int, *, num_threads: int = 1, max_moves: int | None = None,
        score_scale: float = 1000.0, memory: bool = False,
    ) -> VectorEnv: ...
    def reset(self, seed: int) -> None: ...
    def step(self, actions: npt.NDArray[np.int64]) -> None: ...
    def random_actions(self) -> npt.NDArray[np.int64]: ...
    @property
    def observations(self) -> npt.NDArray[np.float32]: ...
    @property
    def masks(self) -> npt.NDArray[np.int8]: ...
    @property
    def players(self) -> npt.NDArray[np.int64]: ...
    @property
    def rewards(self) -> npt.NDArray[np.float64]: ...
    @property
    def terminated(self) -> npt.NDArray[np.bool_]: ...
    @property
    def truncated(self) -> npt.NDArray[np.bool_]: ...
    def game_seeds(self) -> list[int]: ...
    def moves(self) -> list[int]: ...
    def pending(self, index: int) -> list[int]: ...
    @property
    def num_envs(self) -> int: ...
    @property
    def num_threads(self) -> int: ...
    @property
    def observation_size(self) -> int: ...

def rollouts(
    states: Sequence[NativeState], teams: Sequence[int], count: int, *, seed: int, num_threads: int = 1,
    max_moves: int = 100000,
) -> tuple[npt.NDArray[np.float64], int]: ...
def greedy_rollouts(
    states: Sequence[NativeState], teams: Sequence[int], known: Sequence[Sequence[Sequence[int]]], *,
    num_threads: int = 1, max_moves: int = 100000, horizon: int | None = None, progress: float = 0.0,
) -> tuple[npt.NDArray[np.float64], int]: ...
def greedy_choice_index(state: NativeState, known: Sequence[Sequence[int]]) -> int: ...
def observation(
    state: NativeState, seat: int, pending: Sequence[int], *, memory: bool = False
) -> npt.NDArray[np.float32]: ...
def observation_into(
    state: NativeState, seat: int, pending: Sequence[int], out: Any, *, memory: bool = False
) -> None: ...
def observation_layout(players: int, teams: int, *, memory: bool = False) -> list[tuple[str, int, int]]: ...
def search_nodes(state: NativeState, *, budget: int = ...) -> int: ...
def can_take(state: NativeState, *, budget: int = ...) -> bool: ...
def set_action_factory(
    kinds: Sequence[tuple[Any, Sequence[Callable[[Any, Any], None]]]], cards: Sequence[Card]
) -> None: ...
def set_state_factory(
    setters: tuple[
        Callable[[Any, Any], None], Callable[[Any, Any], None], Callable[[Any, Any], None], Callable[[Any, Any], None]
    ],
    phases: tuple[Phase, Phase, Phase, Phase],
) -> bool: ...
def set_event_factory(
    classes: Sequence[tuple[type[Event], Sequence[Callable[[Any, Any], None]]]],
    result: Callable[[tuple[Any, ...], Any], HandResult],
) -> None: ...

POSITION_FIELDS: tuple[str, ...]
EVENT_FIELDS: tuple[tuple[str, tuple[str, ...]], ...]
ACTION_FIELDS: tuple[tuple[str, tuple[str, ...]], ...]

def set_view_factory(
    view: tuple[type, Sequence[Callable[[Any, Any], None]]],
    phases: Sequence[Phase],
    seen: Sequence[tuple[type, Sequence[Callable[[Any, Any], None]]]],
) -> None: ...

VIEW_FIELDS: tuple[str, ...]
SEEN_FIELDS: tuple[tuple[str, tuple[str, ...]], ...]

def explain(state: NativeState, move: str, *, budget: int = ...) -> tuple[str, str] | None: ...
def explain_parts(
    state: NativeState, kind: int, cards: Sequence[int], meld: int | None, *, budget: int = ...
) -> tuple[str, str] | None: ...
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
