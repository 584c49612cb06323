"""The OpenSpiel games (kanasta.rl.openspiel): OpenSpiel's own random simulation test, MCTS and ISMCTS.

Kept short: games bounded by the ``max_moves`` parameter, small search budgets.
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pyspiel")

import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import kanasta
from kanasta.rl.actions import NUM_ACTIONS, decode
from kanasta.rl.observation import observation_array, observation_size
from kanasta.rl.openspiel import SEED_BYTES, KanastaState

GAMES = [
    ("python_kanasta", {}),
    ("python_classic_canasta", {"players": 4}),
    ("python_classic_canasta", {"players": 3}),
    ("python_classic_canasta", {"players": 2}),
]


def _dealt(game: pyspiel.Game, seed: int) -> KanastaState:
    state = game.new_initial_state()
    rng = random.Random(seed)
    for _ in range(SEED_BYTES):
        state.apply_action(rng.randrange(256))
    return state


@pytest.mark.parametrize("name, params", GAMES)
def test_openspiel_random_sim_test(name: str, params: dict[str, int]) -> None:
    game = pyspiel.load_game(name, {**params, "max_moves": 60})
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)  # raises on a broken game
    state = _dealt(game, seed=1)  # once the seed is dealt, a player (not chance) moves
    assert 0 <= state.current_player() < game.num_players() and state.legal_actions()


def test_the_game_type_is_imperfect_information_with_explicit_chance() -> None:
    game = pyspiel.load_game("python_kanasta")
    gtype = game.get_type()
    assert gtype.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert gtype.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    state = game.new_initial_state()
    for _ in range(SEED_BYTES):
        assert state.is_chance_node()
        outcomes = state.chance_outcomes()
        assert len(outcomes) == 256 and sum(p for _, p in outcomes) == pytest.approx(1.0)
        state.apply_action(0x01)
    # the seed is the eight bytes, big-endian: 0x0101010101010101
    assert state.game == kanasta.new_game(kanasta.Rules.kanasta(), 0x0101010101010101)


def test_actions_spell_engine_moves_and_hidden_cards_stay_hidden() -> None:
    game = pyspiel.load_game("python_classic_canasta", {"max_moves": 120})
    state = _dealt(game, 1)
    rng = random.Random(1)
    spelled: list[int] = []
    while not state.is_terminal():
        player = state.current_player()
        before = state.game
        action = rng.choice(state.legal_actions())
        spelled.append(action)
        # what other seats know does not change while a move is spelled
        others = [state.information_state_string(p) for p in range(4) if p != player]
        state.apply_action(action)
        if state.game is before:
            assert others == [state.information_state_string(p) for p in range(4) if p != player]
        else:
            assert state.game == before.apply(decode(spelled))
            spelled = []
    assert state.returns() in ([1.0, -1.0, 1.0, -1.0], [-1.0, 1.0, -1.0, 1.0], [0.0] * 4)
    # tensors: the seat's own view only
    for p in range(4):
        tensor = np.asarray(state.observation_tensor(p))
        assert tensor[:53].sum() == len(state.game.hands[p])
        assert np.array_equal(state.information_state_tensor(p), state.observation_tensor(p))


def test_resampling_keeps_the_information_state() -> None:
    game = pyspiel.load_game("python_kanasta", {"max_moves": 40})
    state = _dealt(game, 3)
    rng = random.Random(3)
    for _ in range(25):
        state.apply_action(rng.choice(state.legal_actions()))
    player = state.current_player()
    key = state.information_state_string(player)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    differ = 0
    for _ in range(5):
        other = state.resample_from_infostate(player, sampler)
        assert other.information_state_string(player) == key
        assert other.legal_actions() == state.legal_actions()
        assert other.history() == state.history()
        differ += other.game.hands != state.game.hands
    assert differ > 0


def test_tensors_are_the_observers_values_as_arrays() -> None:
    # observation_tensor / information_state_tensor return NumPy arrays written by the core: the
    # values OpenSpiel's own methods (through KanastaObserver) give as lists, at every kind of node
    game = pyspiel.load_game("python_classic_canasta", {"players": 3, "max_moves": 30})
    state = game.new_initial_state()
    rng = random.Random(5)
    checked = 0
    while not state.is_terminal():
        for p in range(3):
            for ours, base in (
                (state.observation_tensor(p), pyspiel.State.observation_tensor(state, p)),
                (state.information_state_tensor(p), pyspiel.State.information_state_tensor(state, p)),
            ):
                assert isinstance(ours, np.ndarray) and ours.dtype == np.float32
                assert np.array_equal(ours, np.asarray(base, np.float32))
                checked += 1
        if state.is_chance_node():
            assert not state.observation_tensor(0).any()  # nobody sees the seed
            state.apply_action(rng.randrange(256))
        else:
            assert np.array_equal(state.observation_tensor(), state.observation_tensor(state.current_player()))
            state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 100
    for bad in (-1, 3, True):
        with pytest.raises(pyspiel.SpielError):
            state.observation_tensor(bad)


def _answer(ask: Callable[..., list[int]], *args: object) -> list[int] | str:
    try:
        return ask(*args)
    except pyspiel.SpielError:
        return "SpielError"


@pytest.mark.parametrize("name", ["python_classic_canasta", "python_kanasta"])
def test_legal_actions_answer_as_openspiels_own_method(name: str) -> None:
    # KanastaState answers legal_actions / is_chance_node itself (no round trip through OpenSpiel's
    # C++ state): the same answers for every player, pseudo-players included, at chance, play
    # and terminal nodes
    state = pyspiel.load_game(name, {"max_moves": 30}).new_initial_state()
    rng = random.Random(2)
    kinds = set()
    while True:
        kinds.add("chance" if state.is_chance_node() else "terminal" if state.is_terminal() else "play")
        assert state.is_chance_node() == pyspiel.State.is_chance_node(state)
        assert state.legal_actions() == pyspiel.State.legal_actions(state)
        for p in (-4, -1, 0, 1, 2, 3):
            assert _answer(state.legal_actions, p) == _answer(pyspiel.State.legal_actions, state, p)
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    assert kinds == {"chance", "play", "terminal"}
    clone = state.clone()  # a clone shares the game's fixed part and has the same history
    assert clone.history() == state.history() and clone._fixed is state._fixed


def test_information_state_history_is_what_the_seat_saw() -> None:
    # the per-seat history lines are written when asked: the deal and every move with its events
    # as the seat's own view records them (the view's start events and history)
    from kanasta.rl.observation import history_lines

    game = pyspiel.load_game("python_kanasta", {"max_moves": 50})
    state = _dealt(game, 11)
    rng = random.Random(11)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.game is not None and len(state.game.history) == 50
    for p in range(4):
        view = state.game.view(p)
        deal = "deal | " + "; ".join(repr(e) for e in view.start_events)
        text = state.information_state_string(p)
        assert text.endswith("\nhistory:\n" + "\n".join((deal, *history_lines(view))))



@pytest.mark.parametrize("name, params", GAMES[:2])
def test_both_engines_play_the_same_ids_alike(
    name: str, params: dict[str, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The native engine plays a completed move by its number in the core's listing (no action
    object made); the Python engine by the move itself: the same ids give the same games,
    histories, legal ids, tensors and information states."""
    runs = []
    for engine in ("native", "python"):
        monkeypatch.setenv("KANASTA_ENGINE", engine)
        game = pyspiel.load_game(name, {**params, "max_moves": 120})
        state = _dealt(game, 3)
        assert state.game is not None and state.game.engine == engine
        rng = random.Random(3)
        seen = []
        while not state.is_terminal():
            legal = state.legal_actions()
            seen.append((legal, state.observation_tensor().tobytes()))
            state.apply_action(rng.choice(legal))
        assert state.game is not None
        player = state.game.current_player or 0
        runs.append((seen, state.history(), state.game.history, state.information_state_string(player)))
    assert runs[0] == runs[1]


@pytest.mark.parametrize("name", ["python_classic_canasta", "python_kanasta"])
def test_both_engines_refuse_the_same_ids_alike(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """An id that continues no legal move (E-1), one out of the space, a pseudo-player's: the same
    error from both engines at every decision of a game, and the state unchanged; a legal id that
    only starts a move lengthens the prefix."""
    answers = []
    for engine in ("native", "python"):
        monkeypatch.setenv("KANASTA_ENGINE", engine)
        state = _dealt(pyspiel.load_game(name, {"max_moves": 40}), 5)
        rng = random.Random(5)
        seen = []
        while not state.is_terminal():
            legal = state.legal_actions()
            for bad in (*[i for i in range(NUM_ACTIONS) if i not in legal][:3], 100, 255, 10**6, -1):
                trial = state.clone()
                with pytest.raises(Exception) as info:  # (E-1, a notation error, OpenSpiel's own)
                    trial.apply_action(bad)
                seen.append((bad, type(info.value).__name__, str(info.value).splitlines()[0]))
                assert trial.pending == state.pending and trial.legal_actions() == legal
            before = state.pending
            state.apply_action(rng.choice(legal))
            if state.pending:
                assert state.pending[:-1] == before
        answers.append(seen)
    assert answers[0] == answers[1] and len(answers[0]) > 100
    assert {kind for _, kind, _ in answers[0]} >= {"IllegalActionError", "NotationError"}


@pytest.mark.parametrize("name", ["python_classic_canasta", "python_kanasta"])
def test_a_state_pickles_serializes_and_clones_at_every_point_on_both_engines(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A native game's state did not pickle nor serialize once dealt (its tree of decisions, the core's,
    had no pickle form): now every state does, mid-move too, on both engines, and loads as the same
    state (legal ids, pending ids, history, text) that plays on alike."""
    for engine in ("native", "python"):
        monkeypatch.setenv("KANASTA_ENGINE", engine)
        game = pyspiel.load_game(name, {"max_moves": 25})
        state = game.new_initial_state()
        rng = random.Random(9)
        copies = 0
        while not state.is_terminal():
            for loaded in (pickle.loads(pickle.dumps(state)), game.deserialize_state(state.serialize()), state.clone()):
                assert str(loaded) == str(state) and loaded.history() == state.history()
                assert loaded.legal_actions() == state.legal_actions() and loaded.pending == state.pending
                assert set(loaded.__dict__) == {"_fixed", "_pending", "_pos"}
                if not state.is_chance_node() and state.legal_actions():
                    move = state.legal_actions()[0]
                    twin = state.clone()
                    twin.apply_action(move)
                    loaded.apply_action(move)
                    assert str(loaded) == str(twin) and loaded.legal_actions() == twin.legal_actions()
                copies += 1
            state.apply_action(rng.choice(state.legal_actions()))
        assert copies > 60


def _bot_plays(game: pyspiel.Game, bot: pyspiel.Bot, seed: int) -> int:
    """Let ``bot`` play up to 10 moves, each a legal one; returns the moves played."""
    state = _dealt(game, seed)
    played = 0
    for _ in range(10):
        if state.is_terminal():
            break
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        played += 1
    return played


def _rollouts() -> mcts.RandomRolloutEvaluator:
    return mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))


def test_mcts_bot_plays() -> None:
    game = pyspiel.load_game("python_classic_canasta", {"players": 2, "max_moves": 12})
    assert _bot_plays(game, mcts.MCTSBot(game, uct_c=2.0, max_simulations=6, evaluator=_rollouts(),
                                  random_state=np.random.RandomState(2)), seed=5) == 10


def test_ismcts_bot_plays() -> None:
    game = pyspiel.load_game("python_kanasta", {"max_moves": 12})
    assert _bot_plays(game, ismcts.ISMCTSBot(game=game, evaluator=_rollouts(), uct_c=2.0, max_simulations=6,
                                      random_state=np.random.RandomState(3)), seed=7) == 10


def _example() -> object:
    """examples/openspiel_mcts.py, imported from its file."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "examples" / "openspiel_mcts.py"
    spec = importlib.util.spec_from_file_location("openspiel_mcts_example", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_example_searches_what_its_seat_knows_only() -> None:
    # The example's ISMCTS bot picks the same action in two states that differ only in the
    # cards its seat cannot see (RULES E-4): it never reads them.
    example: Any = _example()
    game = pyspiel.load_game("python_classic_canasta", {"players": 2, "max_moves": 40})
    state = _dealt(game, 8)
    rng = random.Random(8)
    while len(state.legal_actions()) < 4:  # a choice worth searching
        state.apply_action(rng.choice(state.legal_actions()))
    player = state.current_player()
    other = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert other.game.hands != state.game.hands or other.game.stock != state.game.stock
    assert other.information_state_string(player) == state.information_state_string(player)
    for seed in (1, 2, 3):
        assert example.make_bot(game, 12, seed).step(state) == example.make_bot(game, 12, seed).step(other)
    assert isinstance(example.make_bot(game, 4, 1), ismcts.ISMCTSBot)


def test_the_example_runs() -> None:
    example: Any = _example()
    mean = example.main(games=1, simulations=2)
    assert mean in (-1.0, 0.0, 1.0)


@pytest.mark.parametrize("name", ["python_classic_canasta", "python_kanasta"])
def test_the_memory_parameter_adds_the_memory_blocks_to_both_tensors(name: str) -> None:
    game = pyspiel.load_game(name, {"max_moves": 150, "memory": True})
    rules = game.rules
    assert game.observation_tensor_size() == observation_size(rules, memory=True)
    assert game.information_state_tensor_size() == observation_size(rules, memory=True)
    state = _dealt(game, seed=4)
    rng = random.Random(4)
    remembered = 0
    while not state.is_terminal():
        for p in range(rules.players):
            pending = state.pending if state.game.current_player == p else ()
            expected = observation_array(state.game.view(p), pending, memory=True)
            assert np.array_equal(state.observation_tensor(p), expected)
            assert np.array_equal(np.asarray(pyspiel.State.observation_tensor(state, p), np.float32), expected)
            remembered += int(expected[observation_size(rules) - 200:-200].any())  # the memory blocks
        state.apply_action(rng.choice(state.legal_actions()))
    assert remembered > 0
