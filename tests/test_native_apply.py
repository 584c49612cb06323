"""The native apply checks its moves and does its own chores (issue 10).

``NativeState.apply`` refuses an illegal move itself, with the RULES ID and
message the Python engine's ``State.apply`` gives (``kanasta._core.IllegalMove``,
a ValueError); ``apply_listed(index)`` applies a move of the state's own
listing without checking it again; the native legality answers the C-OUT-5
chore's question (the core never calls back into Python).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import _games
import kanasta
from kanasta import _core
from kanasta.actions import Action, AddToMeld, Discard, Draw, LayMeld
from kanasta.rules import PRESETS


def native(state: kanasta.State) -> _core.NativeState:
    """The native core's copy of ``state``'s position."""
    return _core.NativeState.from_json(json.dumps(state.to_dict()))


def _play(doc: dict[str, Any]) -> dict[str, Any]:
    """A position document without its rules (fixed for the game)."""
    return {key: value for key, value in doc.items() if key != "rules"}


def illegal_candidates(state: kanasta.State, rng: random.Random) -> list[Action]:
    """Moves of every kind built from the position, most of them illegal."""
    hand = list(state.hands[state.current_player])
    cards = kanasta.parse_cards("7H 7D KS JK 2C 3S AH")
    out: list[Action] = [Draw(), Discard(cards[0]), Discard(hand[0]) if hand else Draw()]
    for _ in range(6):
        if len(hand) >= 3:
            out.append(LayMeld(tuple(rng.sample(hand, 3))))
        if len(hand) >= 1:
            out.append(AddToMeld(rng.randrange(3), (rng.choice(hand),)))
    out.append(LayMeld(tuple(cards[:3])))
    return out


@pytest.mark.parametrize("preset", ["classic", "kanasta"])
def test_illegal_moves_are_refused_with_the_python_rule_and_message(preset: str) -> None:
    """E-1: for moves the Python engine refuses, the native apply raises IllegalMove with the same
    rule ID and message and changes nothing; the moves Python accepts, native accepts."""
    rng = random.Random(7)
    refused = 0
    for state in _games.meld_biased_states(preset, seed=5, limit=120, every=6):
        if state.is_game_over:
            continue
        doc = native(state)
        before = doc.to_json()
        for move in illegal_candidates(state, rng):
            try:
                state.apply(move)
            except kanasta.IllegalActionError as err:
                with pytest.raises(_core.IllegalMove) as info:
                    doc.apply(str(move))
                assert info.value.args == (err.rule, str(err).removesuffix(f" [{err.rule}]")), str(move)
                refused += 1
            else:
                doc.apply(str(move))
        assert doc.to_json() == before
    assert refused > 50


def test_an_illegal_move_is_a_value_error_naming_its_rule() -> None:
    """G-TURN-1: discarding before drawing (the draw phase)."""
    state = kanasta.new_game(PRESETS["classic"], seed=1)
    card = state.hands[state.current_player][0]
    with pytest.raises(ValueError) as info:
        native(state).apply(str(Discard(card)))
    assert isinstance(info.value, _core.IllegalMove)
    assert info.value.args == ("G-TURN-1", "it is the draw phase: draw from the stock or take the pile")


@pytest.mark.parametrize("preset", ["classic", "kanasta"])
def test_apply_listed_is_apply_of_the_listed_move(preset: str) -> None:
    """The fast path makes the same position and events as checking and applying the move."""
    for state in _games.meld_biased_states(preset, seed=2, limit=80, every=8):
        if state.is_game_over:
            continue
        doc = native(state)
        moves = doc.legal_moves()
        assert moves == [str(a) for a in state.legal_actions()]
        assert doc.legal_count() == len(moves)
        assert [doc.legal_move(i) for i in range(len(moves))] == moves
        for index in sorted({0, len(moves) // 2, len(moves) - 1}):
            fast = doc.apply_listed(index)
            checked = native(state).apply(moves[index])
            assert fast == checked
            assert fast.events_json() == checked.events_json()
        with pytest.raises(IndexError):
            doc.apply_listed(len(moves))
        with pytest.raises(IndexError):
            doc.legal_move(len(moves))


@pytest.mark.parametrize("preset", ["classic", "classic-2"])
def test_a_game_played_by_listed_moves_without_callbacks_is_the_python_game(preset: str) -> None:
    """E-3 chores natively, C-OUT-5 included (the stock runs out under C-OUT-5 "pile_play": the
    native legality decides whether the next player can take the pile): move for move the Python
    engine's positions."""
    rng = random.Random(3)
    state = kanasta.new_game(PRESETS[preset], seed=21)
    doc = native(state)
    ends: set[str] = set()
    for _ in range(2500):
        if state.is_game_over:
            break
        pick = rng.randrange(len(state.legal_actions()))
        state = state.apply(state.legal_actions()[pick])
        doc = doc.apply_listed(pick)
        assert _play(json.loads(doc.to_json())) == _play(state.to_dict())
        ends.update(e.result.ended_by for e in state.events if isinstance(e, kanasta.HandEnded))
    assert state.is_game_over
    assert ends & {"stock", "no_take", "declined"}
