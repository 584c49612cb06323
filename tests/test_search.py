"""Tests of kanasta.search.SearchBot: legal and deterministic moves from the view alone,
GreedyBot's move as the default, the budgets."""

from __future__ import annotations

import attrs
import pytest

import kanasta
from kanasta.bots import GreedyBot, play_out
from kanasta.search import SearchBot

SHORT2 = attrs.evolve(kanasta.Rules.classic(players=2), target_score=300)


def _positions(rules: kanasta.Rules, seed: int, count: int) -> list[kanasta.State]:
    """Positions of a greedy game where the player has a choice worth searching."""
    state = kanasta.new_game(rules, seed=seed)
    out = []
    greedy = GreedyBot()
    while not state.is_game_over and len(out) < count:
        view = state.view(state.player)
        if len(SearchBot().candidates(view)) > 1:
            out.append(state)
        state = state.apply(greedy.choose(view))
    return out


@pytest.mark.parametrize("rules", [SHORT2, attrs.evolve(kanasta.Rules.kanasta(), target_score=30)])
def test_search_moves_are_legal_and_the_same_for_the_same_seed(rules: kanasta.Rules) -> None:
    for state in _positions(rules, seed=4, count=3):
        view = state.view(state.player)
        move = SearchBot(iterations=3, seed=9).choose(view)
        assert move in state.legal_actions()
        assert move == SearchBot(iterations=3, seed=9).choose(view)


def test_candidates_start_with_greedys_move_and_hold_only_legal_moves() -> None:
    for state in _positions(SHORT2, seed=2, count=5):
        view = state.view(state.player)
        options = SearchBot().candidates(view)
        assert options[0] == GreedyBot().choose(view)
        assert len(set(options)) == len(options) and all(a in state.legal_actions() for a in options)


def test_an_unreachable_margin_keeps_greedys_move() -> None:
    for state in _positions(SHORT2, seed=5, count=4):
        view = state.view(state.player)
        assert SearchBot(iterations=3, margin=1e9).choose(view) == GreedyBot().choose(view)


def test_the_search_sees_only_the_view() -> None:
    """Two states that differ only in cards the seat cannot see give the same move (E-4)."""
    state = _positions(SHORT2, seed=3, count=1)[0]
    seat = state.player
    view = state.view(seat)
    a, b = kanasta.sample_state(view, 77), kanasta.sample_state(view, 78)  # the hidden cards dealt two ways
    assert a.hands != b.hands and a.view(seat) == b.view(seat)
    bot = SearchBot(iterations=2, seed=1)
    assert bot.choose(a.view(seat)) == bot.choose(b.view(seat))


def test_a_time_budget_still_plays_whole_games() -> None:
    bots = [SearchBot(iterations=50, seconds=0.001, horizon=8), GreedyBot()]
    final = play_out(kanasta.new_game(SHORT2, seed=1), bots)
    assert final.is_game_over


def test_a_time_cap_stops_dealing_once_the_seconds_are_spent(monkeypatch: pytest.MonkeyPatch) -> None:
    # A fake CPU clock that moves 0.5 s at each reading: the budget starts at 0 (deadline 1.0); the
    # deal count is read before deals 1 (0.5: go on) and 2 (1.0: stop), so 2 of the 40 deals are played.
    ticks = iter(0.5 * n for n in range(1000))
    monkeypatch.setattr("kanasta.search.time.thread_time", lambda: next(ticks))
    state = _positions(SHORT2, 3, 1)[0]
    view = state.view(state.player)
    options = SearchBot().candidates(view)
    values = SearchBot(iterations=40, seconds=1.0, prune=None).evaluate(view, options)
    assert [len(v) for v in values] == [2] * len(options)
    # Without a cap, the 40 deals.
    assert [len(v) for v in SearchBot(iterations=40, prune=None).evaluate(view, options)] == [40] * len(options)


def test_bad_budgets_are_refused() -> None:
    for kwargs in ({"iterations": 0}, {"horizon": 0}, {"discards": 0}, {"seconds": 0.0}, {"seed": -1}, {"prune": -1.0}):
        with pytest.raises(kanasta.ConfigError):
            SearchBot(**kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "rules",
    [kanasta.Rules.classic(), SHORT2, attrs.evolve(kanasta.Rules.kanasta(), target_score=60)],
    ids=["classic", "classic-2", "kanasta"],
)
def test_the_rollout_policy_plays_greedys_moves_without_views(rules: kanasta.Rules) -> None:
    """The rollouts decide on the sampled state with known cards followed move by move (no view);
    every decision must be the one GreedyBot makes on the seat's real view."""
    from collections import Counter

    from kanasta.search import _Sampled
    from kanasta.seen import known_after, track_known

    greedy = GreedyBot()
    state = kanasta.new_game(rules, seed=21)
    known: list[Counter[kanasta.Card]] = [Counter() for _ in range(rules.players)]
    moves = takes = 0
    while not state.is_game_over and moves < 700:
        seat = state.player
        view = state.view(seat)
        action = greedy.decide(_Sampled(state, known), state.legal_actions())
        assert action == greedy.choose(view)
        others = [s for s in range(rules.players) if s != seat]
        assert [sorted(known[s].elements()) for s in others] == [list(view.known_cards()[s]) for s in others]
        state = state.apply(action)
        known = track_known(known, rules, seat, action, state.events)
        moves += 1
        takes += isinstance(action, kanasta.TakePile)
    assert takes > 0  # the known cards were exercised
    assert known_after(state.view(0).history, rules)[1:] == known[1:]


def test_pruning_only_stops_rollouts_of_moves_clearly_worse() -> None:
    """A pruned search plays the same deals as an unpruned one, for fewer candidates; the dropped ones
    are clearly worse than GreedyBot's move on the deals they had."""
    from kanasta.search import _gain

    pruned = 0
    for state in _positions(SHORT2, seed=6, count=6):
        view = state.view(state.player)
        options = SearchBot().candidates(view)
        full = SearchBot(iterations=12, prune=None, seed=3).evaluate(view, options)
        some = SearchBot(iterations=12, prune=0.5, seed=3).evaluate(view, options)
        assert all(len(v) == 12 for v in full)
        for k, (a, b) in enumerate(zip(full, some, strict=True)):
            assert a[: len(b)] == b  # the same deals, the same rollouts
            if k > 0 and len(b) < len(some[0]):
                pruned += 1
                mean, error = _gain(b, some[0], 0.5)
                assert mean + error < 0
    assert pruned > 0
