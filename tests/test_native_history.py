"""A native state keeps its history, not the states it was reached from (issue 10).

The core keeps a line of play's history as links (``rust/src/position/history.rs``):
a state reached by a move holds that move's link, who made it, the move and its
events, and through it the moves before; once a state's history is made as the
library's objects, the core keeps it as the line's history so far, and the
states reached from it share it, as the Python engine's states share theirs.
So an earlier state of a line of play can be freed while a later one still
answers ``history`` and ``events`` exactly as the Python engine does.
"""

from __future__ import annotations

import copy
import gc
import json
import pickle
import random
import weakref

import kanasta
from kanasta import HandEnded, State, _core, new_game


def lockstep(preset: str, seed: int, moves: int, after_hand_end: int | None = None) -> tuple[list[State], list[State]]:
    """The states of one seeded random game under each engine (native, python), move for move
    (``after_hand_end``: stop that many moves after the first hand ends)."""
    rules = kanasta.rules.PRESETS[preset]
    native, python = new_game(rules, seed, engine="native"), new_game(rules, seed, engine="python")
    choose = random.Random(seed).choice
    natives, pythons = [native], [python]
    ended = False
    for _ in range(moves):
        if native.is_game_over:
            break
        action = choose(native.legal_actions())
        native, python = native.apply(action), python.apply(action)
        natives.append(native)
        pythons.append(python)
        ended = ended or any(isinstance(e, HandEnded) for e in python.events)  # (the native history unread)
        if after_hand_end is not None and ended:
            if after_hand_end == 0:
                break
            after_hand_end -= 1
    return natives, pythons


def test_an_earlier_state_is_freed_while_the_last_one_answers_its_history() -> None:
    natives, pythons = lockstep("kanasta", 5, 300)
    assert all(s.engine == "native" for s in natives) and len(natives) == 301
    earlier = [weakref.ref(s) for s in natives[:-1]]
    last = natives[-1]
    del natives
    gc.collect()
    assert [r for r in earlier if r() is not None] == []
    want = pythons[-1]
    assert last.history == want.history and len(last.history) == 300
    assert last.events == want.events
    assert last == want and hash(last) == hash(want)
    # each step's seat, move and events, as the Python engine recorded them
    for got, step in zip(last.history, want.history):
        assert (got.seat, got.action, got.events) == (step.seat, step.action, step.events)


def test_a_history_read_midway_is_shared_by_the_states_after_it() -> None:
    """Reading a state's history makes it once; the states reached later start from it (the same
    Step objects, as the Python engine shares them) and do not keep that state alive."""
    natives, pythons = lockstep("classic", 2, 120)
    middle = natives[60]
    made = middle.history
    assert made == pythons[60].history
    later = middle
    for action in [pythons[i + 1].history[-1].action for i in range(60, 120)]:
        later = later.apply(action)
    assert later == pythons[120]
    kept = weakref.ref(middle)
    del natives, middle
    gc.collect()
    assert kept() is None
    assert later.history == pythons[120].history
    assert all(a is b for a, b in zip(later.history[:60], made))  # shared, not made again


def test_a_hand_s_end_is_in_the_history_with_the_position_s_own_result() -> None:
    natives, pythons = lockstep("classic-2", 4, 2_000, after_hand_end=5)
    last, want = natives[-1], pythons[-1]
    del natives
    gc.collect()
    ended = [e for step in last.history for e in step.events if isinstance(e, HandEnded)]
    assert len(ended) == 1 and not any(isinstance(e, HandEnded) for e in last.history[-1].events)
    assert last.history == want.history
    assert ended[0].result is last.hand_results[0]  # the position's result object, as in Python


def test_whole_histories_pickle_and_copy_as_python_ones() -> None:
    natives, pythons = lockstep("kanasta", 8, 200)
    last, want = natives[-1], pythons[-1]
    del natives
    gc.collect()
    back = pickle.loads(pickle.dumps(last))
    assert back.engine == "native"
    assert back == want and back.history == want.history and back.events == want.events
    assert copy.deepcopy(last).history == want.history
    # the states reached from an unpickled one continue its history
    action = back.legal_actions()[0]
    assert back.apply(action).history == want.apply(action).history


def test_the_core_keeps_the_moves_since_the_history_made_so_far() -> None:
    state = _core.NativeState.new_game("classic", 3)
    assert state.history() == (None, [])
    after = state.apply("draw")
    seat = state.player
    base, moves = after.history()
    assert base is None and len(moves) == 1
    assert moves[0][0] == seat and str(moves[0][1]) == "draw"
    # the game's event objects: the very objects the state hands out
    assert [id(e) for e in moves[0][2]] == [id(e) for e in after.events()]
    (drawn,) = moves[0][2]
    assert isinstance(drawn, kanasta.CardsDrawn) and drawn.seat == seat
    assert json.loads(after.events_json()) == [{"kind": "CardsDrawn", "seat": seat,
                                                 "cards": kanasta.format_cards(drawn.cards)}]
    two = after.apply(after.legal_moves()[-1])
    assert [str(m[1]) for m in two.history()[1]] == ["draw", after.legal_moves()[-1]]
    # a history made for `after`: the states reached from it from now on count from there
    made = kanasta.position.LogNode(None, kanasta.Step(seat=seat, action=kanasta.Draw(), events=()))
    after.set_history([made])
    three = after.apply(after.legal_moves()[0])
    base, moves = three.history()
    assert base is made and len(moves) == 1
    # a state read from a document has no history
    assert _core.NativeState.from_json(two.to_json()).history() == (None, [])


def test_states_made_before_any_history_was_read_share_the_one_made_first() -> None:
    """Two states of one line, both made before either history is read: the later one's history
    starts from the steps made for the earlier one (the core records them on the moves' links)."""
    natives, pythons = lockstep("kanasta", 6, 200)
    early, late = natives[80], natives[200]
    first = early.history
    assert late.history == pythons[200].history
    assert all(a is b for a, b in zip(late.history[:80], first))
    assert len(late.history) == 200


def test_histories_read_in_turn_keep_one_list_per_line_and_branches_read_their_own() -> None:
    # the memo of LogNode.steps: a line read state by state keeps the steps on its last link
    # only (memory stays linear in the game), and a branch from an earlier state, read after
    # the line's tip, still reads its own moves (both engines share LogNode)
    from kanasta.position import LogNode

    for engine in ("native", "python"):
        rng = random.Random(3)
        states = [new_game(kanasta.Rules.classic(), seed=3, engine=engine)]
        for _ in range(40):
            states.append(states[-1].apply(rng.choice(states[-1].legal_actions())))
        for i, state in enumerate(states):
            assert len(state.history) == i
        nodes: list[LogNode] = []
        node = object.__getattribute__(states[-1], "_log")
        while node is not None:
            nodes.append(node)
            node = node.prev
        assert [n.done is not None for n in nodes] == [True] + [False] * 39
        middle = states[20]
        move = next(a for a in middle.legal_actions() if a != states[21].history[-1].action)
        branch = middle.apply(move)
        assert branch.history[:20] == states[-1].history[:20]
        assert branch.history[-1].action == move and len(branch.history) == 21
        assert states[-1].history == tuple(n.step for n in reversed(nodes))
