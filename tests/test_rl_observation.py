"""Observation encodings (kanasta.rl.observation): from the view only (E-4), blocks as documented."""

from __future__ import annotations

import pytest

import kanasta
from _games import PRESET_NAMES, meld_biased_states
from kanasta.rl.observation import (
    encode_view,
    information_state_string,
    layout,
    observation_size,
    observation_string,
)
from kanasta.rules import PRESETS


def _positions(preset: str) -> list[kanasta.State]:
    return meld_biased_states(preset, seed=3, limit=400, every=37)


def _block(x: tuple[float, ...], rules: kanasta.Rules, name: str) -> tuple[float, ...]:
    for block, offset, size in layout(rules):
        if block == name:
            return x[offset:offset + size]
    raise KeyError(name)


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_encoding_depends_only_on_the_view(preset: str) -> None:
    redealt = 0
    for state in _positions(preset):
        for seat in range(state.rules.players):
            view = state.view(seat)
            other = kanasta.sample_state(view, seed=7)  # other hands and stock dealt anew
            redealt += other.hands != state.hands
            x = encode_view(view)
            assert x == encode_view(other.view(seat))
            assert observation_string(view) == observation_string(other.view(seat))
    assert redealt > 0


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_blocks_hold_what_the_layout_says(preset: str) -> None:
    rules = PRESETS[preset]
    blocks = layout(rules)
    assert blocks[-1][1] + blocks[-1][2] == observation_size(rules)
    assert [offset for _, offset, _ in blocks] == sorted(offset for _, offset, _ in blocks)
    for state in _positions(preset):
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        x = encode_view(view, pending=(2, 30, 30))
        assert len(x) == observation_size(rules)
        hand = _block(x, rules, "hand")
        assert [int(v) for v in hand] == [view.hand.count(c) for c in kanasta.all_cards()]
        assert sum(_block(x, rules, "pile")) == len(view.pile)
        assert sum(_block(x, rules, "pile_top")) == (1 if view.pile else 0)
        mine = _block(x, rules, "melds_team_0")
        assert sum(mine) == sum(m.size for m in view.melds[view.team])
        assert sum(_block(x, rules, "own_melds")[0::10]) == len(view.melds[view.team])
        assert _block(x, rules, "phase").index(1.0) == ["draw", "play", "answer", "game_over"].index(view.phase.value)
        pending = _block(x, rules, "pending")
        assert pending[2] == 1.0 and pending[30] == 2.0 and pending[100 + 30] == 1.0 and sum(pending) == 4.0
        seats = _block(x, rules, "seats")
        assert seats[2] == 1.0  # the viewer (relative seat 0) is to move
        assert seats[0] == len(view.hand) / 20


def test_seats_and_teams_are_relative_to_the_viewer() -> None:
    state = kanasta.new_game(kanasta.Rules.classic(3), seed=5)
    rules = state.rules
    mover = state.current_player
    assert mover is not None
    for seat in range(3):
        x = encode_view(state.view(seat))
        seats = _block(x, rules, "seats")
        rel = (mover - seat) % 3
        assert [seats[3 * r + 2] for r in range(3)] == [1.0 if r == rel else 0.0 for r in range(3)]


def test_information_state_string_has_the_history_the_observation_does_not() -> None:
    state = kanasta.new_game(kanasta.Rules.classic(), seed=2)
    mover = state.current_player
    assert mover is not None
    after = state.apply(kanasta.Draw())
    text = information_state_string(after.view(mover))
    drawn = after.hands[mover]
    assert f"{mover}: draw | CardsDrawn(" in text
    other = information_state_string(after.view((mover + 1) % 4))
    assert "CardsDrawnHidden" in other and "CardsDrawn(" not in other
    assert "history" not in observation_string(after.view(mover))
    assert kanasta.format_cards(drawn) in text


def test_numpy_array_matches_the_tuple() -> None:
    np = pytest.importorskip("numpy")
    from kanasta.rl.observation import observation_array

    view = kanasta.new_game(kanasta.Rules.kanasta(), seed=9).view(2)
    a = observation_array(view, (1,))
    assert a.dtype == np.float32
    assert a.tolist() == pytest.approx(list(encode_view(view, (1,))))
