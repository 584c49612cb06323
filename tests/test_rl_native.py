"""The native core's observation tensors and action-id trees against the Python reference (kanasta.rl).

The Python encoder (:func:`kanasta.rl.observation.encode_view` of a view) and the
Python :class:`~kanasta.rl.actions.Decisions` are the reference; the core's
(:func:`~kanasta.rl.observation.observe` of a native state, ``Decisions.of_state``)
must agree element for element on random positions of every preset, reached with
either engine, and read nothing a seat may not see (RULES E-4).
"""

from __future__ import annotations

import random

import numpy as np
import pytest

import kanasta
from _games import PRESET_NAMES
from _hiding import hidden_shuffled
from kanasta._core import _testing
from kanasta.errors import ConfigError, IllegalActionError
from kanasta.rl.actions import NUM_ACTIONS, Decisions, encode
from kanasta.rl.observation import layout, observation_array, observation_size, observe
from kanasta.rules import PRESETS


def _native(state: kanasta.State) -> kanasta.State:
    return state if state.engine == "native" else kanasta.State.from_dict(state.to_dict(), engine="native")


def _positions(preset: str, engine: str, seed: int, limit: int = 120) -> list[tuple[kanasta.State, kanasta.Action]]:
    """Positions of a random game (melding when it can 4 times in 5) and the move played from each."""
    state = kanasta.new_game(PRESETS[preset], seed, engine=engine)  # type: ignore[arg-type]
    rng = random.Random(seed)
    out: list[tuple[kanasta.State, kanasta.Action]] = []
    while not state.is_game_over and len(out) < limit:
        moves = state.legal_actions()
        melds = [m for m in moves if isinstance(m, kanasta.LayMeld | kanasta.AddToMeld | kanasta.ExtendRun)]
        move = rng.choice(melds) if melds and rng.random() < 0.8 else rng.choice(moves)
        out.append((state, move))
        state = state.apply(move)
    return out


@pytest.mark.parametrize("engine", ["native", "python"])
@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_core_tensor_equals_the_python_encoding(preset: str, engine: str) -> None:
    checked = 0
    for state, move in _positions(preset, engine, seed=11):
        native = _native(state)
        for seat in range(state.rules.players):
            reference = observation_array(state.view(seat))
            assert np.array_equal(observe(native, seat), reference), (preset, seat)
            made = kanasta._core.observation(native._native, seat, ())  # the OpenSpiel game's new array
            assert made.dtype == np.float32 and np.array_equal(made, reference), (preset, seat)
            checked += 1
        mover = state.current_player
        assert mover is not None
        ids = encode(move)
        for n in range(1, len(ids)):  # the mover's ids so far in its move
            pending = ids[:n]
            reference = observation_array(state.view(mover), pending)
            assert np.array_equal(observe(native, mover, pending), reference)
            assert np.array_equal(kanasta._core.observation(native._native, mover, pending), reference)
    assert checked > 100


def _memory_slice(rules: kanasta.Rules) -> slice:
    """Where the memory blocks are in a tensor with memory."""
    blocks = [(o, n) for name, o, n in layout(rules, memory=True) if name.startswith(("known_", "discards_"))]
    return slice(blocks[0][0], blocks[-1][0] + blocks[-1][1])


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_core_memory_tensor_equals_the_python_encoding_across_hands(preset: str) -> None:
    """The core's memory blocks of a single state (read from its line of play) are the Python
    encoding of the seat's view, move after move and across the start of new hands."""
    positions = _positions(preset, "native", seed=7, limit=1500)
    hands = {state.hand_number for state, _ in positions}
    assert len(hands) >= 2, "the game should cross into a new hand"
    remembered = 0
    for state, move in positions[::7]:
        for seat in range(state.rules.players):
            reference = observation_array(state.view(seat), memory=True)
            made = kanasta._core.observation(state._native, seat, (), memory=True)
            assert np.array_equal(made, reference), (preset, seat, state.hand_number)
            assert np.array_equal(observe(state, seat, memory=True), reference)
            remembered += int(reference[_memory_slice(state.rules)].any())
        mover = state.current_player
        assert mover is not None
        pending = encode(move)[:1]
        reference = observation_array(state.view(mover), pending, memory=True)
        assert np.array_equal(observe(state, mover, pending, memory=True), reference)
    assert remembered > 0  # some views remembered a card


def test_memory_tensor_of_a_state_read_without_history_remembers_nothing_before_it() -> None:
    """A state read from a position document has no history: its memory starts there, on both engines."""
    positions = _positions("kanasta", "native", seed=7, limit=400)
    state = next(s for s, _ in reversed(positions)
                 if observation_array(s.view(0), memory=True)[_memory_slice(s.rules)].any())
    for engine in ("native", "python"):
        read = kanasta.State.from_dict(state.to_dict(), engine=engine)  # type: ignore[arg-type]
        x = observe(read, 0, memory=True)
        assert not x[_memory_slice(read.rules)].any()  # the memory blocks are empty
        assert np.array_equal(x, observation_array(read.view(0), memory=True))


@pytest.mark.parametrize("engine", ["native", "python"])
@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_core_tree_equals_the_python_tree(preset: str, engine: str) -> None:
    mask = np.empty(NUM_ACTIONS, np.int8)
    for state, move in _positions(preset, engine, seed=5):
        reference = Decisions(state.legal_actions())
        tree = Decisions.of_state(_native(state))
        assert type(tree) is not Decisions
        assert tree.moves == reference.moves and len(tree) == len(reference)
        prefix: tuple[int, ...] | kanasta.Action = ()
        for i in encode(move):
            assert isinstance(prefix, tuple)
            assert tree.legal_ids(prefix) == reference.legal_ids(prefix)
            # the core's ids: a new list of ints (as its stub says), what OpenSpiel's legal_actions returns
            listed = tree._legal_list(prefix)
            assert type(listed) is list and listed == list(reference.legal_ids(prefix))
            assert all(type(i) is int for i in listed) and listed is not tree._legal_list(prefix)
            assert tree.mask(prefix) == reference.mask(prefix)
            tree.mask_into(prefix, mask)
            assert tuple(bool(x) for x in mask) == reference.mask(prefix)
            expected = reference.step(prefix, i)
            prefix = tree.step(prefix, i)
            assert prefix == expected
        assert prefix == move


def test_core_tree_refuses_what_the_python_tree_refuses() -> None:
    state = kanasta.new_game(kanasta.Rules.classic(), seed=1)
    tree, reference = Decisions.of_state(state), Decisions(state.legal_actions())
    for prefix in [(5,), (0, 0), (200,), (-1,)]:
        assert tree.legal_ids(prefix) == reference.legal_ids(prefix) == ()
    with pytest.raises(IllegalActionError, match=r"id 5 \(discard\) continues no legal move after \[\] \[E-1\]"):
        tree.step((), 5)
    with pytest.raises(kanasta.NotationError):
        tree.step((), 100)


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_core_tensor_reads_nothing_hidden(preset: str) -> None:
    """E-4: dealing every card hidden from the seat again changes none of its core tensor."""
    rng = random.Random(3)
    for state, _ in _positions(preset, "native", seed=2, limit=60)[::3]:
        for seat in range(state.rules.players):
            other = _native(kanasta.State.from_dict(hidden_shuffled(state, seat, rng).to_dict()))
            assert other.hands != state.hands or state.rules.players == 1
            assert np.array_equal(observe(state, seat), observe(other, seat))


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_core_layout_is_the_python_layout(preset: str) -> None:
    rules = PRESETS[preset]
    assert tuple(_testing.observation_layout(rules.players, rules.teams)) == layout(rules)
    assert tuple(_testing.observation_layout(rules.players, rules.teams, memory=True)) == layout(rules, memory=True)


def test_bad_arguments_are_refused_and_change_nothing() -> None:
    state = kanasta.new_game(kanasta.Rules.kanasta(), seed=4)
    size = observation_size(state.rules)
    short = np.full(size - 1, 7.0, np.float32)
    with pytest.raises(ConfigError, match="out"):
        observe(state, 0, out=short)
    assert (short == 7.0).all()
    wrong = np.full(size, 7.0, np.float64)
    with pytest.raises(ConfigError, match="out"):
        observe(state, 0, out=wrong)  # type: ignore[arg-type]
    assert (wrong == 7.0).all()
    with pytest.raises(ConfigError, match="seat"):
        observe(state, 4)
    with pytest.raises(ConfigError, match="pending"):
        observe(state, 0, (100,))
    # the seat is checked first, whatever else is wrong (the core refuses them all: the library's errors)
    for seat in (4, -1, True, 0.0):
        with pytest.raises(ConfigError, match="seat"):
            observe(state, seat, (100,), out=short)  # type: ignore[arg-type]
    assert (short == 7.0).all()
