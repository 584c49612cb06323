"""The batched env (kanasta.rl.vector.VectorEnv) and the batched rollouts, checked against single games.

The reference is the public API one game at a time: ``kanasta.new_game`` with
the seed the env documents (game k of slot i: seed + i + k * N), the tree of
``Decisions.of_state``, ``observe`` of the seat to act, and the rewards worked
out here from each hand's result (the formula of the module's documentation).
"""

from __future__ import annotations

from collections import Counter

import attrs
import numpy as np
import pytest

import kanasta
from kanasta import _rng
from kanasta.rl.actions import NUM_ACTIONS, Decisions
from kanasta.rl.observation import layout, observation_bounds, observe
from kanasta.rl.vector import VectorEnv, rollouts
from kanasta.rules import PRESETS

# a game of one or two hands (target 120): games end, so terminations and resets happen often
SHORT_CLASSIC = attrs.evolve(kanasta.Rules.classic(), target_score=120)
SHORT_KANASTA = attrs.evolve(kanasta.Rules.kanasta(), target_score=120)


class Single:
    """Slot ``i`` of an env of ``n`` games played through the public API, one id at a time."""

    def __init__(
        self, rules: kanasta.Rules, seed: int, i: int, n: int, max_moves: int | None, memory: bool = False
    ) -> None:
        self.rules, self.seed, self.i, self.n, self.max_moves = rules, seed, i, n, max_moves
        self.memory = memory
        self.k = -1
        self.next_game()

    def next_game(self) -> None:
        self.k += 1
        self.state = kanasta.new_game(self.rules, (self.seed + self.i + self.k * self.n) % 2**64)
        self.pending: tuple[int, ...] = ()
        self.moves = 0
        self.tree = Decisions.of_state(self.state)

    def expected(self) -> tuple[np.ndarray, np.ndarray, int]:
        seat = self.state.current_player
        assert seat is not None
        mask = np.array(self.tree.mask(self.pending), dtype=np.int8)
        return observe(self.state, seat, self.pending, memory=self.memory), mask, seat

    def step(self, action_id: int) -> tuple[list[float], bool, bool]:
        """Take the id; the rewards by team, terminated, truncated (and on to the next game if it ended)."""
        teams = self.rules.teams
        rewards = [0.0] * teams
        found = self.tree.step(self.pending, action_id)
        if isinstance(found, tuple):
            self.pending = found
            return rewards, False, False
        before = len(self.state.hand_results)
        self.state = self.state.apply(found)
        self.moves += 1
        for result in self.state.hand_results[before:]:
            totals = [t.total for t in result.teams]
            for t in range(teams):
                mean_others = (sum(totals) - totals[t]) / (teams - 1)
                rewards[t] += (totals[t] - mean_others) / 1000
        terminated = self.state.is_game_over
        if terminated:
            for t in range(teams):
                rewards[t] += 1.0 if t == self.state.winner else -1.0 / (teams - 1)
        truncated = not terminated and self.max_moves is not None and self.moves >= self.max_moves
        if terminated or truncated:
            self.next_game()
        else:
            self.pending = ()
            self.tree = Decisions.of_state(self.state)
        return rewards, terminated, truncated


def play_both(
    rules: kanasta.Rules, n: int, threads: int, steps: int, seed: int, max_moves: int | None,
    memory: bool = False,
) -> dict[str, int]:
    env = VectorEnv(rules, n, num_threads=threads, max_moves=max_moves, memory=memory)
    singles = [Single(rules, seed, i, n, max_moves, memory) for i in range(n)]
    out = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    seen = {"terminated": 0, "truncated": 0, "moves": 0}
    for step in range(steps):
        for i, single in enumerate(singles):
            obs, mask, seat = single.expected()
            assert (out.observations[i] == obs).all(), (step, i)
            assert (out.masks[i] == mask).all(), (step, i)
            assert out.players[i] == seat
        assert env.game_seeds() == tuple((seed + i + s.k * n) % 2**64 for i, s in enumerate(singles))
        # choose from the reference's masks, not the env's
        ids = [int(rng.choice(np.flatnonzero(s.expected()[1]))) for s in singles]
        out = env.step(ids)
        for i, (single, action_id) in enumerate(zip(singles, ids, strict=True)):
            rewards, terminated, truncated = single.step(action_id)
            assert out.rewards[i].tolist() == rewards, (step, i)
            assert bool(out.terminated[i]) == terminated and bool(out.truncated[i]) == truncated
            seen["terminated"] += terminated
            seen["truncated"] += truncated
            seen["moves"] += not single.pending
    return seen


@pytest.mark.parametrize("threads", [1, 2])
def test_the_batch_is_n_single_games_stepped_one_by_one(threads: int) -> None:
    seen = play_both(SHORT_CLASSIC, 3, threads, 700, seed=11, max_moves=None)
    assert seen["terminated"] >= 1  # the check covered a game's end and its reset


@pytest.mark.parametrize("threads", [1, 2])
def test_kanasta_batches_with_cut_games_are_single_games_too(threads: int) -> None:
    seen = play_both(SHORT_KANASTA, 3, threads, 400, seed=2**64 - 2, max_moves=25)
    assert seen["truncated"] >= 3  # every slot was cut at least once (seeds wrap past 2**64)


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_memory_observations_are_the_python_encoding_of_the_view_in_every_preset(name: str) -> None:
    # the core follows the memory blocks move by move; the reference works them out from the seat's view
    rules = attrs.evolve(PRESETS[name], target_score=120)
    seen = play_both(rules, 2, 2, 250, seed=31, max_moves=None, memory=True)
    assert seen["moves"] > 50


def test_memory_blocks_remember_a_pile_taken_and_the_discards() -> None:
    # E-4: what the memory blocks hold is public: the cards taken with the pile, the cards discarded
    rules = kanasta.Rules.kanasta()
    state = kanasta.new_game(rules, seed=2)
    taker, pile = state.current_player, state.pile
    assert taker is not None
    state = state.apply(kanasta.TakePile())
    viewer = (taker + 3) % 4  # the taker is the viewer's relative seat 1
    blocks = {name: (offset, size) for name, offset, size in layout(rules, memory=True)}
    x = observe(state, viewer, memory=True)
    known = x[blocks["known_seat_1"][0]:][:53]
    # Kanasta takes the whole pile to hand (K-PILE-1); a red 3 in it is laid, not kept (so not known)
    expected = Counter(c for c in pile if not (rules.red_threes and c.is_red_three))
    assert pile and {c: int(known[c.index]) for c in kanasta.DECK if known[c.index]} == dict(expected)
    assert x[blocks["discards_seat_1"][0]:][:53].sum() == 0
    card = next(a.card for a in state.legal_actions() if isinstance(a, kanasta.Discard))
    after = state.apply(kanasta.Discard(card))
    x = observe(after, viewer, memory=True)
    assert x[blocks["discards_seat_1"][0] + card.index] == 1
    assert x[blocks["discards_seat_1"][0]:][:53].sum() == 1
    # the layout without memory is the old one, and the memory tensor holds it block for block
    old = {name for name, _, _ in layout(rules)}
    assert old == set(blocks) - {n for n in blocks if n.startswith(("known_", "discards_"))}


def test_memory_blocks_hold_only_cards_the_seat_saw_taken_or_discarded() -> None:
    # E-4: every card counted in a memory block appears in a public event or discard of the seat's history
    rules = SHORT_KANASTA
    env = VectorEnv(rules, 3, num_threads=2, memory=True)
    singles = [Single(rules, 4, i, 3, None, True) for i in range(3)]
    out = env.reset(seed=4)
    blocks = layout(rules, memory=True)
    memory_blocks = [(o, s) for name, o, s in blocks if name.startswith(("known_", "discards_"))]
    checked = 0
    for _ in range(300):
        for i, single in enumerate(singles):
            seat = single.state.current_player
            assert seat is not None
            view = single.state.view(seat)
            public: Counter[kanasta.Card] = Counter()
            for step in view.history:
                if isinstance(step.action, kanasta.Discard):
                    public[step.action.card] += 1
                for event in step.events:
                    if isinstance(event, (kanasta.PileTaken, kanasta.PileJoined)):
                        public.update(event.cards)
            for offset, size in memory_blocks:
                block = out.observations[i, offset:offset + size]
                for card in kanasta.DECK:
                    assert block[card.index] <= public[card], (card, view.history)
                checked += int(block.sum() > 0)
        ids = env.random_actions()
        out = env.step(ids)
        for single, action_id in zip(singles, ids, strict=True):
            single.step(int(action_id))
    assert checked > 0


@pytest.mark.parametrize("name", ["classic", "kanasta"])
def test_memory_observations_stay_within_observation_bounds(name: str) -> None:
    # observation_bounds(memory=True) holds every memory observation: a card taken back with the pile
    # and discarded again is counted again, but never past the deck's copies of it (random play
    # passes them within about 200 steps of 32 games when the discards are not capped)
    env = VectorEnv(name, 32, memory=True, copy=False)
    low, high = (np.array(b) for b in observation_bounds(env.rules, memory=True))
    discards = [(o, s) for n, o, s in layout(env.rules, memory=True) if n.startswith("discards_")]
    out = env.reset(seed=1)
    at_copies = 0
    for _ in range(600):
        assert ((out.observations >= low) & (out.observations <= high)).all()
        at_copies += sum(int((out.observations[:, o:o + s] == high[o:o + s]).sum()) for o, s in discards)
        out = env.step(env.random_actions())
    assert at_copies > 0  # the cap is reached: the bound is tight


def test_the_batch_does_not_depend_on_the_number_of_threads() -> None:
    runs = []
    for threads in (1, 2):
        env = VectorEnv(SHORT_KANASTA, 37, num_threads=threads, copy=True)
        out = env.reset(seed=5)
        trail = [out]
        for _ in range(150):
            out = env.step(env.random_actions())
            trail.append(out)
        runs.append(trail)
    for a, b in zip(*runs, strict=True):
        for x, y in zip(a, b, strict=True):
            assert np.array_equal(x, y)


def test_the_arrays_have_the_documented_shapes_and_types() -> None:
    env = VectorEnv("classic-3", 5)
    out = env.reset(seed=1)
    assert out.observations.shape == (5, 1085) and out.observations.dtype == np.float32
    assert out.masks.shape == (5, NUM_ACTIONS) and out.masks.dtype == np.int8
    assert out.players.dtype == np.int64 and out.rewards.shape == (5, 3) and out.rewards.dtype == np.float64
    assert out.terminated.dtype == np.bool_ and out.truncated.shape == (5,)
    # copies by default: changing one changes nothing in the env
    out.observations[:] = 7
    assert not (env.step(env.random_actions()).observations == 7).all()


def test_views_are_read_only_and_overwritten_by_the_next_step() -> None:
    env = VectorEnv("classic", 2, copy=False)
    first = env.reset(seed=3)
    with pytest.raises(ValueError, match="read-only"):
        first.observations[0, 0] = 1.0
    second = env.step(env.random_actions())
    assert second.observations is first.observations  # the same buffers, now the new step's


@pytest.mark.parametrize("bad", [[0, 5], [100, 0], [0, -1]])
def test_a_bad_id_is_refused_and_changes_nothing(bad: list[int]) -> None:
    # RULES E-1: an id that continues no legal move is not a move; a fresh Classic deal's
    # first decision is draw (0) or take (1): discard (5) is not legal there
    env = VectorEnv("classic", 2)
    before = env.reset(seed=1)
    error = kanasta.IllegalActionError if bad == [0, 5] else kanasta.NotationError
    with pytest.raises(error, match="game 1" if bad[1] != 0 else "game 0"):
        env.step(bad)
    with pytest.raises(kanasta.ConfigError, match="actions"):
        env.step([0, 0, 0])
    with pytest.raises(kanasta.ConfigError, match="actions"):
        env.step([0.0, 1.0])
    # nothing changed: the env goes on exactly as a fresh one
    fresh = VectorEnv("classic", 2)
    fresh.reset(seed=1)
    for _ in range(30):
        ids = fresh.random_actions()
        assert np.array_equal(env.random_actions(), ids)
        a, b = env.step(ids), fresh.step(ids)
        for x, y in zip(a, b, strict=True):
            assert np.array_equal(x, y)
    assert all(np.array_equal(x, y) for x, y in zip(before, VectorEnv("classic", 2).reset(seed=1), strict=True))


def test_step_before_reset_and_bad_settings_are_config_errors() -> None:
    env = VectorEnv("kanasta", 1)
    with pytest.raises(kanasta.ConfigError, match="reset"):
        env.step([0])
    for kwargs in ({"num_threads": 0}, {"max_moves": 0}, {"score_scale": 0.0}):
        with pytest.raises(kanasta.ConfigError):
            VectorEnv("kanasta", 1, **kwargs)  # type: ignore[arg-type]
    with pytest.raises(kanasta.ConfigError, match="num_envs"):
        VectorEnv("kanasta", 0)
    with pytest.raises(kanasta.ConfigError, match="seed"):
        env.reset(seed=-1)


def test_observations_show_only_what_the_seat_to_act_may_see() -> None:
    # RULES E-4: redealing every card the seat to act cannot see leaves its observation as it is
    env = VectorEnv(SHORT_KANASTA, 2, num_threads=2)
    singles = [Single(SHORT_KANASTA, 9, i, 2, None) for i in range(2)]
    out = env.reset(seed=9)
    for step in range(60):
        for i, single in enumerate(singles):
            seat = single.state.current_player
            assert seat is not None
            view = single.state.view(seat)
            for k in range(2):
                other = kanasta.sample_state(view, seed=1000 * step + k)
                assert other.hands != single.state.hands or other.stock != single.state.stock
                assert (observe(other, seat, single.pending) == out.observations[i]).all()
        ids = env.random_actions()
        out = env.step(ids)
        for single, action_id in zip(singles, ids, strict=True):
            single.step(int(action_id))


def test_rollouts_play_random_hands_to_their_end() -> None:
    state = kanasta.new_game(kanasta.Rules.classic(), seed=4)
    view = state.view(state.current_player)
    deals = [kanasta.sample_state(view, seed=s) for s in range(3)]
    one = rollouts(deals, 6, seed=8, num_threads=1)
    two = rollouts(deals, 6, seed=8, num_threads=2)
    assert one.values.shape == (3, 6) and np.array_equal(one.values, two.values) and one.moves == two.moves
    assert np.isfinite(one.values).all()
    # each value is a real hand's score difference: team 0's less team 1's for the seat to act's
    # team; the other team's value of the same rollouts is its negative
    team = state.rules.team_of(state.current_player)
    other = rollouts(deals, 6, seed=8, teams=1 - team)
    assert np.array_equal(other.values, -one.values)
    assert not np.array_equal(one.values, rollouts(deals, 6, seed=9).values)
    alone = rollouts(deals[0], 6, seed=8)
    assert alone.values.shape == (6,) and np.array_equal(alone.values, one.values[0])
    # a Python-engine state plays as the same native position
    python = kanasta.sample_state(view, seed=0, engine="python")
    assert np.array_equal(rollouts(python, 6, seed=8).values, one.values[0])


def test_a_rollout_is_the_random_hand_the_public_api_plays_from_its_stream() -> None:
    # rollout j of state s: move number g.below(len(legal_actions())) each time, g the library's
    # stream (seed, s, j), until the hand ends; worth the team's hand total less the other's
    state = kanasta.new_game(kanasta.Rules.classic(players=2), seed=6).apply(kanasta.Draw())
    values = rollouts([state, state], 3, seed=12, teams=[0, 1]).values
    for s in range(2):
        for j in range(3):
            g = _rng.stream(12, s, j)
            played = state
            while not played.hand_results:
                moves = played.legal_actions()
                played = played.apply(moves[g.below(len(moves))])
            totals = [t.total for t in played.hand_results[0].teams]
            assert values[s, j] == totals[s] - totals[1 - s]


def test_rollouts_refuse_what_they_cannot_play() -> None:
    with pytest.raises(kanasta.ConfigError, match="teams"):
        rollouts(kanasta.new_game(kanasta.Rules.classic(), seed=1), 2, seed=1, teams=2)
    with pytest.raises(kanasta.ConfigError, match="states"):
        rollouts([object()], 2, seed=1)  # type: ignore[list-item]
