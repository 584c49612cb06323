"""Views made by the native core (RULES E-4): the same views and view JSON as the Python engine's, byte for byte.

A native state's :meth:`~kanasta.State.view` is made by the core (what the seat
may see decided there, its fields made on first use) and its
:meth:`~kanasta.PlayerView.to_json` written by the core.  Here both engines play
the same random games of every preset, and at positions along them every
seat's views are compared: equal views, the same JSON text, and the same
after pickling the states, after reading their documents back and after
pickling the views.  The information-hiding checks (``_hiding.py``) run on the
native views and their JSON too.
"""

from __future__ import annotations

import json
import pickle
import random
from collections.abc import Iterator

import attrs
import pytest

import kanasta
from _games import PRESET_NAMES
from _hiding import check_view_cards, check_view_document, check_view_events, hidden_shuffled
from kanasta import Phase, PlayerView, Rules, SerializationError, State
from kanasta.rules import PRESETS
from kanasta.state import line_start


def _lockstep(rules: Rules, seed: int, moves: int, every: int) -> Iterator[tuple[State, State]]:
    """Every ``every``-th pair of states (native, Python) of one random game, played move for move."""
    native = kanasta.new_game(rules, seed, engine="native")
    python = kanasta.new_game(rules, seed, engine="python")
    rng = random.Random(seed)
    for i in range(moves):
        if i % every == 0 or native.phase is Phase.ANSWER or native.is_game_over:
            yield native, python
        if native.is_game_over:
            return
        action = rng.choice(native.legal_actions())
        native, python = native.apply(action), python.apply(action)


def _after(rules: Rules, seed: int, moves: int) -> tuple[State, State]:
    """The states (native, Python) after ``moves`` random moves of one game, played move for move."""
    native = kanasta.new_game(rules, seed, engine="native")
    python = kanasta.new_game(rules, seed, engine="python")
    rng = random.Random(seed)
    for _ in range(moves):
        action = rng.choice(native.legal_actions())
        native, python = native.apply(action), python.apply(action)
    return native, python


def _same_views(native: State, python: State, where: str) -> None:
    assert native.engine == "native" and python.engine == "python"
    for seat in range(native.rules.players):
        mine, theirs = native.view(seat), python.view(seat)
        assert mine._native is not None, f"{where}: seat {seat}'s view is not the core's"
        assert mine == theirs, f"{where}: seat {seat}'s views differ"
        # not part of equality: checked on their own, class for class
        assert [(type(e), e) for e in mine.start_events] == [(type(e), e) for e in theirs.start_events], where
        for history in (True, False):
            text = mine.to_json(history=history)
            assert text == theirs.to_json(history=history), f"{where}: seat {seat}'s view JSON differs"
            assert text == json.dumps(theirs.to_dict(history=history)), f"{where}: seat {seat}"
        assert mine.legal_actions() is native.legal_actions() or seat != native.current_player


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_native_views_and_their_json_are_the_python_engines(preset: str) -> None:
    """E-4: both engines' views of the same positions are equal, and their JSON is the same text."""
    checked = 0
    for native, python in _lockstep(PRESETS[preset], seed=3, moves=260, every=13):
        _same_views(native, python, f"{preset}, move {len(python.history)}")
        checked += 1
    assert checked >= 20


def test_a_native_views_start_events_hide_another_seats_red_three_replacement() -> None:
    """E-4, C-DEAL-3: a red 3 dealt and replaced is seen by the other seats as a RedThreeLaidHidden (from the core)."""
    for seed in range(1, 200):
        native = kanasta.new_game(Rules.classic(), seed, engine="native")
        laid = [e for e in native.start_events if isinstance(e, kanasta.RedThreeLaid) and e.replacement is not None]
        if laid:
            break
    else:  # pragma: no cover - a red 3 is dealt in most Classic games
        pytest.fail("no seed dealt a red 3")
    python = kanasta.new_game(Rules.classic(), seed, engine="python")
    layer = laid[0].seat
    for seat in range(4):
        mine, theirs = native.view(seat).start_events, python.view(seat).start_events
        assert [(type(e), e) for e in mine] == [(type(e), e) for e in theirs]
        hidden = [e for e in mine if isinstance(e, kanasta.RedThreeLaidHidden)]
        assert any(e.seat == layer for e in hidden) == (seat != layer)
        assert all(e.card == laid[0].card and e.source == "deal" for e in hidden if e.seat == layer)


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_native_views_after_pickling_and_reading_back(preset: str) -> None:
    """A pickled native state's views (its history rebuilt in the core) and a read position's views agree too."""
    pairs = list(_lockstep(PRESETS[preset], seed=4, moves=180, every=45))
    for native, python in pairs:
        where = f"{preset}, move {len(python.history)}"
        if len(python.history) % 2:
            native.history  # noqa: B018 - the package's history made before pickling, or not
        _same_views(pickle.loads(pickle.dumps(native)), python, f"{where}, pickled")
        doc = python.to_dict()
        _same_views(State.from_dict(doc, engine="native"), State.from_dict(doc, engine="python"), f"{where}, read")
        for seat in range(native.rules.players):
            view = native.view(seat)
            loaded = pickle.loads(pickle.dumps(view))
            assert loaded == view and loaded.to_json() == view.to_json(), f"{where}: seat {seat}'s view pickled"
            assert PlayerView.from_dict(json.loads(view.to_json())) == view


def test_a_native_view_of_a_state_reached_from_a_pickled_one_has_the_whole_history() -> None:
    """The moves after unpickling append to the history the pickle brought."""
    rules = Rules.kanasta()
    native, python = _after(rules, seed=5, moves=120)
    loaded = pickle.loads(pickle.dumps(native))
    rng = random.Random(5)
    for _ in range(30):
        action = rng.choice(loaded.legal_actions())
        loaded, python = loaded.apply(action), python.apply(action)
    _same_views(loaded, python, "after the pickle")
    assert len(loaded.view(0).history) == len(python.history) == 150


def test_branching_lines_write_each_their_own_history() -> None:
    """Two moves from one state: each line's view JSON has its own last move (the shared text is not mixed up)."""
    native, python = _after(Rules.classic(), seed=6, moves=60)
    assert native.view(0).to_json()  # the text of the line so far, written before it branches
    moves = native.legal_actions()[:3]
    for action in moves + moves[::-1]:
        _same_views(native.apply(action), python.apply(action), f"after {action}")


def test_the_view_json_of_unicode_rules_and_a_move_limit() -> None:
    """json.dumps' ASCII escapes (a surrogate pair beyond the BMP) and the ``hand_moves`` key."""
    rules = attrs.evolve(Rules.classic(), name="Kanasta \u00e9t\u00e9 \u20ac \U0001f600", hand_move_limit=40)
    for native, python in _lockstep(rules, seed=7, moves=50, every=10):
        assert native.engine == "native"
        _same_views(native, python, f"move {len(python.history)}")
        text = native.view(1).to_json(history=False)
        assert '"name": "Kanasta \\u00e9t\\u00e9 \\u20ac \\ud83d\\ude00"' in text and '"hand_moves": ' in text


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_no_card_hidden_from_the_seat_in_a_native_view_or_its_json(preset: str) -> None:
    """E-4: the hiding checks on native views: their fields, their events and every card of their JSON."""
    for native, _ in _lockstep(PRESETS[preset], seed=8, moves=240, every=30):
        for seat in range(native.rules.players):
            check_view_cards(native, seat)
            check_view_events(native, seat)
            check_view_document(native, seat)


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_a_native_view_does_not_change_when_hidden_cards_are_dealt_again(preset: str) -> None:
    """E-4: the cards hidden from a seat dealt again (a native position read back): its view is the same."""
    rng = random.Random(preset)
    checked = 0
    for native, _ in _lockstep(PRESETS[preset], seed=9, moves=240, every=20):
        base = State.from_dict(native.to_dict(), engine="native")
        for seat in range(native.rules.players):
            if native.phase is Phase.ANSWER and native.current_player == seat:
                continue  # whether "no" is allowed depends on the asker's hidden hand (documented)
            try:
                other = State.from_dict(hidden_shuffled(native, seat, rng).to_dict(), engine="native")
            except SerializationError:
                continue  # the new deal left the player to move no way to finish the turn
            assert other.engine == "native" and other.hands != base.hands
            assert other.view(seat) == base.view(seat), f"{preset}: seat {seat}'s view"
            assert other.view(seat).to_json() == base.view(seat).to_json(), f"{preset}: seat {seat}'s view JSON"
            checked += 1
    assert checked >= 20


def test_a_native_view_holds_nothing_of_the_state() -> None:
    """E-4: the core's side of a native view has no door to the state (no other hand, the stock or the seed)."""
    state = kanasta.new_game(Rules.kanasta(), seed=10).apply(kanasta.Draw())
    core = state.view(0)._native
    assert core is not None
    public = {name for name in dir(core) if not name.startswith("__")}
    assert public == {"field", "history", "legal_actions", "phase", "sample_deal", "seat", "set_seen", "to_json"}
    values = [core.field(name) for name in kanasta._core.VIEW_FIELDS] + [core.history(), core.phase, core.legal_actions]
    assert not any(isinstance(value, kanasta._core.NativeState) for value in values)
    # the phase and the legal moves: the state's, and only for the seat to move (its listing's tuple)
    mover = state.current_player
    assert mover is not None
    assert core.phase is state.phase is kanasta.Phase.PLAY
    assert (core.legal_actions == ()) is (mover != 0)
    assert state.view(mover)._native.legal_actions is state.legal_actions()  # type: ignore[union-attr]
    # sample_deal hands out a new position, never the state: the cards seat 0 cannot see dealt
    # again from the sample's seed (that it reads them only as one lot: test_view's E-4 test)
    for attempt in range(3):
        dealt = line_start(state.rules, core.sample_deal(1, attempt), ())
        assert dealt.hands[0] == state.hands[0] and dealt.pile == state.pile
        assert dealt.hands[1:] != state.hands[1:] and dealt.seed != state.seed
