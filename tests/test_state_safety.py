"""Issue 11, the state side: states cross processes, histories cannot be rewritten, views are cheap.

Each test named after a finding of issue 11 (F4, F5, F7) reproduces it with
the public API and checks the fix.
"""

from __future__ import annotations

import copy
import operator
import pickle
import random
from concurrent.futures import ProcessPoolExecutor

import attrs
import pytest

import kanasta
from _games import game
from kanasta.state import LogNode


def _finished_kanasta() -> kanasta.State:
    state = game("kanasta")[-1]
    assert state.is_game_over and len(state.history) >= 1800  # a real game's length, not a short one
    return state


# ------------------------------------------------------------------ F4


def test_f4_a_finished_kanasta_game_pickles_and_loads_equal_with_its_history() -> None:
    """F4: pickle.dumps failed from move 247 (RecursionError through the linked history)."""
    state = _finished_kanasta()
    for protocol in (2, pickle.HIGHEST_PROTOCOL):
        again = pickle.loads(pickle.dumps(state, protocol=protocol))
        assert again == state and hash(again) == hash(state)
        assert again.history == state.history and again.events == state.events
        assert again.start_events == state.start_events
        assert again.legal_actions() == state.legal_actions() == ()


def test_f4_every_position_of_a_game_pickles_to_an_equal_state_that_plays_on_the_same() -> None:
    """F4: a pickled mid-game state goes on exactly like the original (history and legal moves)."""
    states = game("classic-2")
    rng = random.Random(4)
    for state in rng.sample(states, 25):
        again = pickle.loads(pickle.dumps(state))
        assert again == state and again.history == state.history
        assert again.legal_actions() == state.legal_actions()
        if not state.is_game_over:
            move = state.legal_actions()[0]
            assert again.apply(move) == state.apply(move)
            assert again.apply(move).history == state.apply(move).history


def test_f4_copy_and_deepcopy_of_a_long_game_return_the_state_itself() -> None:
    """F4: copy.deepcopy(state) failed from move 140; a state never changes, so a copy is itself."""
    state = _finished_kanasta()
    assert copy.copy(state) is state
    assert copy.deepcopy(state) is state
    holder = {"state": state, "also": [state]}
    copied = copy.deepcopy(holder)
    assert copied["state"] is state and copied["also"][0] is state


def test_f4_a_history_of_twenty_thousand_moves_pickles_without_recursion() -> None:
    """F4: raising the recursion limit segfaulted at 20k moves; the history is written flat and rebuilt in a loop.

    (The steps of a finished game repeated: the pickling does not look at what they say.)
    """
    state = _finished_kanasta()
    steps = state.history * 11
    long = attrs.evolve(state, log=LogNode.chain(steps))
    assert len(long.history) > 20_000
    again = pickle.loads(pickle.dumps(long))
    assert again == long and again.history == steps
    assert copy.deepcopy(long) is long


def test_f4_finished_kanasta_games_cross_a_process_pool_both_ways() -> None:
    """F4: ProcessPoolExecutor failed both ways; a worker gets the state and sends back states and views."""
    state = _finished_kanasta()
    middle = game("kanasta")[900]
    move = middle.legal_actions()[0]
    with ProcessPoolExecutor(max_workers=1) as pool:
        history = pool.submit(operator.attrgetter("history"), state).result()
        after = pool.submit(kanasta.State.apply, middle, move).result()
        view = pool.submit(kanasta.State.view, middle, 1).result()
        back = pool.submit(copy.copy, state).result()
    assert history == state.history
    assert after == middle.apply(move) and after.history == middle.apply(move).history
    assert view == middle.view(1)
    assert back == state and back.history == state.history


# ------------------------------------------------------------------ F5: the history


def test_f5_a_history_link_cannot_be_changed_to_forge_a_later_view() -> None:
    """F5: ``state._log.seen[2] = ...`` rewrote seat 2's view in every later state."""
    states = game("classic")
    state = states[40]
    before = state.view(2)
    node = state._log
    assert node is not None
    with pytest.raises(AttributeError):
        node.step = node.prev.step  # type: ignore[misc, union-attr]
    with pytest.raises(AttributeError):
        node.prev = None  # type: ignore[misc]
    with pytest.raises(AttributeError):
        node.views = ()  # type: ignore[misc]
    with pytest.raises(TypeError):
        node.views[2] = None  # type: ignore[index]  # a tuple: no item assignment
    with pytest.raises(AttributeError):
        del node.step
    assert not hasattr(node, "seen") and not hasattr(node, "__dict__")
    assert state.view(2) == before and states[41].view(2).history[:-1] == tuple(before.history)


def test_f5_a_views_history_cannot_be_changed() -> None:
    """F5: a view's history is an immutable sequence; its links refuse changes too."""
    view = game("classic")[30].view(1)
    history = view.history
    with pytest.raises(TypeError):
        history[0] = history[1]  # type: ignore[index]
    with pytest.raises(AttributeError):
        history._head = None  # type: ignore[misc]
    with pytest.raises(AttributeError):
        history._head.step = history[0]  # type: ignore[misc, union-attr]
    assert history == tuple(history) and len(history) == 30


# ------------------------------------------------------------------ F7: views share the history


def test_f7_views_of_later_positions_share_the_history_of_earlier_ones() -> None:
    """F7: view() rebuilt the whole history (5 ms at 20k moves); now a later view reuses the steps."""
    states = game("kanasta")
    early, late = states[600].view(3), states[1500].view(3)
    assert late.history[599] is early.history[599]  # the same step object: shared, not rebuilt
    assert tuple(late.history[:600]) == tuple(early.history)
    # each seat's steps are its own filtered form (E-4)
    for seat in range(4):
        for seen in states[1500].view(seat).history[-40:]:
            for event in seen.events:
                if isinstance(event, kanasta.CardsDrawn):
                    assert event.seat == seat


def test_f7_a_history_equals_tuples_and_histories_with_the_same_steps() -> None:
    """F7: the shared history keeps the sequence behaviour of the tuple it replaced."""
    state = game("classic-3")[50]
    history = state.view(0).history
    steps = tuple(history)
    assert history == steps and steps == tuple(kanasta.SeenHistory(steps))
    assert kanasta.SeenHistory(steps) == history and hash(kanasta.SeenHistory(steps)) == hash(history)
    assert history[-1] == steps[-1] and history[-3] == steps[-3] and history[0] == steps[0]
    assert list(history[2:5]) == list(steps[2:5]) and len(history) == 50
    assert pickle.loads(pickle.dumps(history)) == history
    with pytest.raises(IndexError):
        kanasta.SeenHistory()[-1]
    with pytest.raises(TypeError):
        kanasta.SeenHistory([state.history[0]])  # type: ignore[list-item]  # a Step is not a SeenStep
