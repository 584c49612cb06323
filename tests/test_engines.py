"""The engine behind :class:`kanasta.State`: choosing it, keeping it, and what a native-backed state does.

Whether the two engines agree move for move over whole games is the
differential test's and the rule tests' job (both run against both engines);
this file checks the seam itself: the ``engine=`` argument and the
``KANASTA_ENGINE`` variable, that a state keeps its engine, that moves are
handed out as the same objects, the careful path for moves the caller made,
the history, pickling of a whole game, and that a native game never falls back
to the Python engine.
"""

from __future__ import annotations

import copy
import pickle
import random
import sys
from fractions import Fraction

import attrs
import pytest

import kanasta
from kanasta import State, _core, _native
from kanasta.actions import Discard, Draw, LayMeld, parse_action
from kanasta.errors import ConfigError, IllegalActionError


def test_engine_argument_chooses_the_engine() -> None:
    rules = kanasta.Rules.classic()
    assert kanasta.new_game(rules, 1, engine="native").engine == "native"
    assert kanasta.new_game(rules, 1, engine="python").engine == "python"
    doc = kanasta.new_game(rules, 1).to_dict()
    assert State.from_dict(doc, engine="native").engine == "native"
    assert State.from_dict(doc, engine="python").engine == "python"
    with pytest.raises(ConfigError) as err:
        kanasta.new_game(rules, 1, engine="rust")  # type: ignore[arg-type]
    assert err.value.field == "engine" and "'native' or 'python'" in str(err.value)
    with pytest.raises(ConfigError):
        State.from_dict(doc, engine="Native")  # type: ignore[arg-type]


def test_the_environment_variable_is_read_at_each_call(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = kanasta.Rules.kanasta()
    monkeypatch.delenv("KANASTA_ENGINE", raising=False)
    assert kanasta.new_game(rules, 2).engine == "native"  # unset: the default
    monkeypatch.setenv("KANASTA_ENGINE", "python")
    assert kanasta.new_game(rules, 2).engine == "python"
    assert kanasta.new_game(rules, 2, engine="native").engine == "native"  # the argument wins
    monkeypatch.setenv("KANASTA_ENGINE", "native")
    assert State.from_dict(kanasta.new_game(rules, 2).to_dict()).engine == "native"
    monkeypatch.setenv("KANASTA_ENGINE", "")
    assert kanasta.new_game(rules, 2).engine == "native"  # empty: the default
    monkeypatch.setenv("KANASTA_ENGINE", "pypy")
    with pytest.raises(ConfigError) as err:
        kanasta.new_game(rules, 2)
    assert err.value.field == "KANASTA_ENGINE" and "'pypy'" in str(err.value)


@pytest.mark.parametrize("engine", ["native", "python"])
def test_a_state_keeps_its_engine_through_apply(engine: kanasta.state.Engine) -> None:
    state = kanasta.new_game(kanasta.Rules.classic(3), 4, engine=engine)
    rng = random.Random(4)
    for _ in range(60):
        state = state.apply(rng.choice(state.legal_actions()))
        assert state.engine == engine


def test_both_engines_deal_and_play_the_same_game() -> None:
    """The same seed, the same random choices: equal states, events and histories (a short game)."""
    rules = kanasta.Rules.kanasta()
    native = kanasta.new_game(rules, 9, engine="native")
    python = kanasta.new_game(rules, 9, engine="python")
    assert native == python and hash(native) == hash(python)
    assert native.events == python.events and native.start_events == python.start_events
    rng = random.Random(9)
    for _ in range(150):
        moves = native.legal_actions()
        assert moves == python.legal_actions()
        move = rng.choice(moves)
        native, python = native.apply(move), python.apply(move)
        assert native.events == python.events
    assert native == python and native.to_dict() == python.to_dict()
    assert native.history == python.history and native.view(2) == python.view(2)


def test_native_listings_hand_out_one_object_for_each_move() -> None:
    """Move objects cannot be changed, so every listing and history of every game shares one per move."""
    a = kanasta.new_game(kanasta.Rules.classic(), 5, engine="native")
    b = kanasta.new_game(kanasta.Rules.classic(), 5, engine="native")
    draw_a = next(m for m in a.legal_actions() if isinstance(m, Draw))
    draw_b = next(m for m in b.legal_actions() if isinstance(m, Draw))
    assert draw_a is draw_b
    assert a.legal_actions() is a.legal_actions()  # kept by the state
    a1, b1 = a.apply(draw_a), b.apply(draw_b)
    assert a1.legal_actions() == b1.legal_actions()
    assert all(x is y for x, y in zip(a1.legal_actions(), b1.legal_actions(), strict=True))
    assert a1.history[-1].action is draw_a
    discard = a1.legal_actions()[-1]
    assert isinstance(discard, kanasta.Discard)
    a2 = a.apply(kanasta.parse_action("draw"))
    assert a2 is not a1 and a2.legal_actions()[-1] is discard


def test_a_move_the_caller_made_is_checked_and_kept_in_the_history() -> None:
    """Not one of the listed objects: the careful way, with the same answers as the Python engine."""
    for engine in ("native", "python"):
        state = kanasta.new_game(kanasta.Rules.classic(), 1, engine=engine)  # type: ignore[arg-type]
        mine = parse_action("draw")
        after = state.apply(mine)
        assert after.history[-1].action == mine and after.engine == engine
        card = after.hands[after.player][0]
        with pytest.raises(IllegalActionError) as err:
            state.apply(Discard(card))  # G-TURN-1: the draw phase
        assert err.value.rule == "G-TURN-1"
        assert str(err.value) == "it is the draw phase: draw from the stock or take the pile [G-TURN-1]"
        with pytest.raises(IllegalActionError) as bad:
            after.apply(LayMeld(after.hands[after.player][:1]))  # a meld is three or more cards (C-MELD-1)
        assert bad.value.rule == "C-MELD-1"


def test_illegal_moves_give_the_same_error_in_both_engines() -> None:
    native = kanasta.new_game(kanasta.Rules.kanasta(), 3, engine="native").apply(Draw())
    python = kanasta.new_game(kanasta.Rules.kanasta(), 3, engine="python").apply(Draw())
    hand = native.hands[native.player]
    tries = [Draw(), LayMeld(hand[:2]), LayMeld(hand[:3]), Discard(kanasta.parse_card("JK"))]
    tries += [Discard(c) for c in hand]
    for move in tries:
        assert native.explain(move) == python.explain(move), move
        assert native.is_legal(move) == python.is_legal(move), move


def test_a_whole_native_game_pickles_with_its_history_without_recursion() -> None:
    """RULES-free: pickling and copying a finished game of every move (issue 10 item 7)."""
    rules = attrs.evolve(kanasta.Rules.kanasta(), target_score=400)
    state = kanasta.new_game(rules, 21, engine="native")
    rng = random.Random(21)
    while not state.is_game_over:
        state = state.apply(rng.choice(state.legal_actions()))
    assert len(state.history) > 300
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(200)  # a recursive writer or reader would need one frame per move
    try:
        back = pickle.loads(pickle.dumps(state))
    finally:
        sys.setrecursionlimit(limit)
    assert back.engine == "native" and back == state and hash(back) == hash(state)
    assert back.history == state.history and back.events == state.events
    assert back.start_events == state.start_events
    assert copy.deepcopy(state) is state and copy.copy(state) is state


def test_a_long_native_line_keeps_its_history_at_any_length() -> None:
    """The history of a state far down a line is made in a loop, and each state keeps its own."""
    rules = kanasta.Rules.classic()
    state = kanasta.new_game(rules, 8, engine="native")
    rng = random.Random(8)
    line = [state]
    for _ in range(1500):
        if state.is_game_over:
            break
        state = state.apply(rng.choice(state.legal_actions()))
        line.append(state)
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(200)
    try:
        steps = state.history
    finally:
        sys.setrecursionlimit(limit)
    assert len(steps) == len(line) - 1
    assert line[100].history == steps[:100] and line[0].history == ()
    assert [s.events for s in steps[-5:]] == [t.events for t in line[-5:]]


def test_evolve_gives_a_state_of_the_python_engine() -> None:
    state = kanasta.new_game(kanasta.Rules.classic(), 2, engine="native")
    moved = attrs.evolve(state, hand_moves=0)
    assert moved == state and moved.engine == "python"
    assert moved.legal_actions() == state.legal_actions()


def test_rules_the_core_does_not_read_are_refused_not_played_by_the_python_engine(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Rules the core refuses (here: forged as an unknown field) raise ConfigError: the engine is never swapped.

    Both engines read rules against one table of limits, so this is never met with real rules
    (tests/test_limits.py); were it met, the game would not silently be the Python engine's.
    """
    import kanasta.state as state_module

    monkeypatch.setattr(state_module, "rules_text", lambda rules: '{"colour": "red"}')
    with pytest.raises(kanasta.ConfigError) as info:
        kanasta.new_game(kanasta.Rules.classic(), 3, engine="native")
    assert info.value.field == "rules" and "colour" in str(info.value)
    assert kanasta.new_game(kanasta.Rules.classic(), 3, engine="python").engine == "python"


def test_a_native_failure_is_raised_not_answered_by_the_python_engine() -> None:
    """One engine per game: a failure of the core (here its maker of event objects, made to
    fail) is raised to the caller; the Python engine does not answer in its place."""
    state = kanasta.new_game(kanasta.Rules.classic(), 9, engine="native")

    def broken(obj: object, value: object) -> None:
        raise RuntimeError("the core's event maker failed")

    events = _native.class_makers(_core.EVENT_FIELDS, _native.EVENT_CLASSES)
    values = _native.class_makers(_core.VALUE_FIELDS, _native.VALUE_CLASSES)
    rest = (
        (kanasta.MeldKind.SET, kanasta.MeldKind.RUN), [None, *(kanasta.Rank(n) for n in range(1, 14))],
        [kanasta.Suit(n) for n in range(4)],
        (Fraction, _native.slot_setter(_native.NATIVE_RESULT, "_native")),
    )
    _core.set_event_factory([(cls, [broken] * len(setters)) for cls, setters in events], values, *rest)
    try:
        with pytest.raises(RuntimeError, match="event maker failed"):
            state.apply(kanasta.Draw()).events  # noqa: B018
    finally:
        _core.set_event_factory(events, values, *rest)
    python = kanasta.new_game(kanasta.Rules.classic(), 9, engine="python").apply(kanasta.Draw())
    assert state.apply(kanasta.Draw()).events == python.events


def test_the_core_explains_moves_of_any_size_as_the_python_engine() -> None:
    """A move with more cards than any legal move (the core's moves hold at most 20) is still
    the core's to explain, with the Python engine's RULES ID and message (E-5: a bad move is
    refused with a clear error and changes nothing)."""
    rules = kanasta.Rules.classic()
    rng = random.Random(4)
    states = [kanasta.new_game(rules, 4, engine=engine) for engine in ("native", "python")]
    checked = 0
    for _ in range(120):
        hand = states[1].hands[states[1].player]
        if states[1].phase is kanasta.Phase.PLAY and len(hand) > 2:
            many = tuple(sorted(hand * 2))[:24]  # 24 cards, some not held twice
            for move in (LayMeld(many), kanasta.AddToMeld(0, many), kanasta.TakePile(many)):
                answers = [s.explain(move) for s in states]
                assert answers[0] == answers[1] and answers[0] is not None, (move, answers)
                native = states[0]._native
                assert native is not None
                rule, message = _core.explain_action(native, move) or ("", "")
                assert f"{message} [{rule}]" == answers[1]  # the core's own answer
                with pytest.raises(IllegalActionError):
                    states[0].apply(move)
                checked += 1
        pick = rng.choice(states[1].legal_actions())
        states = [s.apply(pick) for s in states]
    assert checked >= 30


def test_applying_a_move_to_a_state_not_listed_checks_that_move_alone() -> None:
    """As the Python engine: a move applied to a state whose moves were not asked is checked
    alone (a question of its own, within its own work budget); nothing is listed for it."""
    native = kanasta.new_game(kanasta.Rules.kanasta(), 5, engine="native")
    python = kanasta.new_game(kanasta.Rules.kanasta(), 5, engine="python")
    after = native.apply(Draw())
    assert native._native is not None and not native._native.is_listed
    assert after == python.apply(Draw()) and after.events == python.apply(Draw()).events
    with pytest.raises(IllegalActionError) as err:
        after.apply(Draw())
    assert err.value.rule == "G-TURN-1"
    assert after._native is not None and not after._native.is_listed
