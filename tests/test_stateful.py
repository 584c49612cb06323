"""A Hypothesis state machine drives the engine (RULES E-1, E-2, E-4, E-5, G-DECK-1, G-RNG-1).

Its rules play legal moves (any, or toward melds), try near-miss illegal
moves, round-trip the position through ``to_dict``/``from_dict`` and JSON,
look at every seat's view, and replay the game from its record; the
invariants (cards, a move unless the game is over, scores) hold after each.
Hypothesis shrinks any failure to a short sequence of these steps.
"""

from __future__ import annotations

import collections
import json
import random

import attrs
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

import kanasta
from _invariants import MELD_MOVES, card_census, check_results, near_misses, uncached
from kanasta import DECK, GameRecord, IllegalActionError, Rules, State, TakePile, strategies

_FULL = collections.Counter(DECK)
_VIEW_FIELDS = [f.name for f in attrs.fields(kanasta.PlayerView) if f.eq and f.name not in ("history", "start_events")]


class EngineMachine(RuleBasedStateMachine):
    state: State

    @initialize(rules=strategies.rules(), seed=st.integers(0, 2**64 - 1))
    def start(self, rules: Rules, seed: int) -> None:
        self.state = kanasta.new_game(rules, seed)

    def _apply(self, action: kanasta.Action) -> None:
        before = self.state.to_dict()
        after = self.state.apply(action)
        assert self.state.to_dict() == before, "applying a move changed the state it was applied to"
        self.state = after

    @precondition(lambda self: not self.state.is_game_over)
    @rule(data=st.data())
    def play_a_legal_move(self, data: st.DataObject) -> None:
        self._apply(data.draw(strategies.actions(self.state)))

    @precondition(lambda self: not self.state.is_game_over)
    @rule(data=st.data())
    def play_toward_melds(self, data: st.DataObject) -> None:
        legal = self.state.legal_actions()
        keen: list[kanasta.Action] = [a for a in legal if isinstance(a, MELD_MOVES + (TakePile,))] or list(legal)
        self._apply(data.draw(st.sampled_from(keen)))

    @precondition(lambda self: not self.state.is_game_over)
    @rule(data=st.data())
    def try_a_near_miss(self, data: st.DataObject) -> None:
        """E-1: a move one slip from a legal one is refused exactly when it is not listed."""
        candidates = near_misses(self.state, random.Random(data.draw(st.integers(0, 2**32))), per_move=3)
        action = data.draw(st.sampled_from(candidates))
        listed = action in self.state.legal_actions()
        problem = uncached(self.state).explain(action)
        assert (problem is None) == listed, (str(action), problem)
        if listed:
            return
        before = self.state.to_dict()
        try:
            self.state.apply(action)
        except IllegalActionError as err:
            assert err.rule and problem is not None and problem.endswith(f"[{err.rule}]")
        else:
            raise AssertionError(f"an illegal move applied: {action}")
        assert self.state.to_dict() == before

    @rule()
    def round_trip(self) -> None:
        """A position document reads back as an equal state with the same moves and views."""
        loaded = State.from_dict(json.loads(json.dumps(self.state.to_dict())))
        assert loaded == self.state
        assert loaded.legal_actions() == self.state.legal_actions()
        for seat in range(self.state.rules.players):
            mine, theirs = self.state.view(seat), loaded.view(seat)
            for name in _VIEW_FIELDS:
                assert getattr(mine, name) == getattr(theirs, name), name

    @rule()
    def replay_the_record(self) -> None:
        """G-RNG-1: the game's record replays to the same state."""
        record = GameRecord.from_json(GameRecord.from_state(self.state, check=False).to_json())
        assert record.replay() == self.state

    @invariant()
    def every_card_once(self) -> None:
        assert card_census(self.state) == _FULL

    @invariant()
    def a_move_unless_the_game_is_over(self) -> None:
        assert bool(self.state.legal_actions()) != self.state.is_game_over

    @invariant()
    def scores_add_up(self) -> None:
        check_results(self.state)

    @invariant()
    def views_hide_the_other_hands(self) -> None:
        """E-4: each seat sees its own hand and only the sizes of the others."""
        s = self.state
        for seat in range(s.rules.players):
            v = s.view(seat)
            assert v.hand == s.hands[seat]
            assert v.hand_sizes == tuple(len(h) for h in s.hands)
            assert v.legal_actions() == (s.legal_actions() if seat == s.current_player else ())


EngineMachine.TestCase.settings = settings(
    max_examples=50, stateful_step_count=40, deadline=None, database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
TestEngineMachine = EngineMachine.TestCase
