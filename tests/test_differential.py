"""The native engine and the Python reference engine play alike, move by move, through the public API.

Seeded games of every preset, of short variants that reach the end of the
game, of variants cut short by a hand move limit and of random rules
variants are played by both engines in lockstep (``tests/_lockstep.py``):
the same legal moves in the same order and the same ``to_dict()`` before
every move, the same events after it, the same ``explain()`` answer and the
same error (class, RULES ID, message) for a sample of near misses, the same
view document for every seat, and, at the end, the same history and a
native state that survives pickling.  Any disagreement fails with what
differs and where (the seed, the move number, the move).

The amount of play is bounded for CI: ``KANASTA_DIFF_GAMES=N`` plays N games
per case instead of 1, ``KANASTA_DIFF_MOVES=M`` cuts each game at M moves
instead of 300 (the short variants play to the end whatever M says);
``python benchmarks/soak.py --checks lockstep`` plays without bound.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import attrs
import pytest

import kanasta
from _invariants import POLICIES, random_variant
from _lockstep import Divergence, Lockstep, doc_diff
from kanasta.rules import PRESET_NAMES, PRESETS

ROOT = Path(__file__).resolve().parent.parent
GAMES = int(os.environ.get("KANASTA_DIFF_GAMES", "1"))
MOVES = int(os.environ.get("KANASTA_DIFF_MOVES", "300"))

SHORT: dict[str, kanasta.Rules] = {
    # whole games (G-GAME-1) within a few hundred moves
    "classic-short": attrs.evolve(PRESETS["classic"], target_score=150),
    "classic-3-short": attrs.evolve(PRESETS["classic-3"], target_score=150),
    "classic-2-short": attrs.evolve(PRESETS["classic-2"], target_score=150),
    "kanasta-short": attrs.evolve(PRESETS["kanasta"], target_score=40),
    # hands cut short by the server bound (ended_by="move_limit")
    "kanasta-limit": attrs.evolve(PRESETS["kanasta"], hand_move_limit=45, target_score=25),
    "classic-limit": attrs.evolve(PRESETS["classic"], hand_move_limit=60, target_score=300),
}

VARIANT_SEEDS = range(6)
"""Random rules variants (``_invariants.random_variant``) of the presets in turn."""


def _play(rules: kanasta.Rules, seed: int, policy: str, moves: int, round_trip: float = 0.02) -> Lockstep:
    """Play one game in lockstep (a divergence is raised); the lockstep, with what it compared."""
    lockstep = Lockstep(seed=seed, round_trip=round_trip)
    lockstep.play(rules, seed, POLICIES[policy], max_moves=moves,
                  context={"rules": rules.to_dict(), "policy": policy})
    return lockstep


@pytest.mark.parametrize("policy", ["random", "meld-biased"])
@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_presets_play_alike(preset: str, policy: str) -> None:
    for seed in range(GAMES):
        stats = _play(PRESETS[preset], seed, policy, MOVES).stats
        assert stats.moves == MOVES or stats.finished_games == 1
        assert stats.near_misses_refused > 0 and stats.views > 0


@pytest.mark.parametrize("name", list(SHORT))
def test_whole_games_play_alike(name: str) -> None:
    """Games to their end: hands scored, next deals, the game's end, with the history and a pickle compared."""
    for seed in range(100, 100 + GAMES):
        lockstep = _play(SHORT[name], seed, "meld-biased", 100_000, round_trip=0.01)
        stats = lockstep.stats
        assert stats.finished_games == 1
        assert stats.events["HandEnded"] >= 1 and stats.events["GameEnded"] == 1


@pytest.mark.parametrize("number", VARIANT_SEEDS)
def test_random_rules_variants_play_alike(number: int) -> None:
    preset = PRESET_NAMES[number % len(PRESET_NAMES)]
    rules = random_variant(random.Random(number), preset)
    for seed in range(200, 200 + GAMES):
        stats = _play(rules, seed, "random" if number % 2 else "meld-biased", MOVES).stats
        assert stats.moves > 0


def test_a_greedy_table_plays_alike() -> None:
    """The library's GreedyBot (deciding from the Python state's view) and a mixed table, Classic and Kanasta."""
    for preset in ("classic", "kanasta"):
        for policy in ("greedy", "mixed"):
            assert _play(PRESETS[preset], 300, policy, MOVES // 3).stats.moves > 0


# ---------------------------------------------------------------- the harness itself


@pytest.mark.both_engines
def test_the_engine_fixture_sets_the_default_engine(kanasta_engine: str) -> None:
    """A ``both_engines`` test runs under the engine of its id; an explicit argument wins over it."""
    rules = PRESETS["classic"]
    assert kanasta.new_game(rules, 1).engine == kanasta_engine
    assert os.environ["KANASTA_ENGINE"] == kanasta_engine
    other = "python" if kanasta_engine == "native" else "native"
    state = kanasta.new_game(rules, 1, engine=other)
    assert state.engine == other
    assert state.apply(state.legal_actions()[0]).engine == other
    assert kanasta.State.from_dict(state.to_dict()).engine == kanasta_engine


def test_the_lockstep_reports_a_difference() -> None:
    """A difference between the two states is reported, with where the documents differ."""
    lockstep = Lockstep()
    py = kanasta.new_game(PRESETS["classic"], 1, engine="python")
    other = kanasta.new_game(PRESETS["classic"], 2, engine="native")
    with pytest.raises(Divergence, match="to_dict"):
        lockstep.same_position(py, other, None)
    moved = py.apply(kanasta.Draw())
    with pytest.raises(Divergence, match="legal_actions"):
        lockstep.same_legal(py, moved)
    assert doc_diff({"a": [1, 2], "b": "x"}, {"a": [1, 3], "b": "x"}) == ["a.1: python 2, native 3"]
    assert doc_diff({"a": 1}, {"b": 1}) == ["a: only in python", "b: only in native"]


def test_the_soak_plays_in_lockstep(tmp_path: Path) -> None:
    """``benchmarks/soak.py --checks lockstep``: the same harness as a script, its figures in the JSON file."""
    out = tmp_path / "lockstep.json"
    script = [sys.executable, str(ROOT / "benchmarks" / "soak.py"), "--checks", "lockstep", "--games", "2",
              "--max-moves", "40", "--every", "4", "--json", str(out)]
    proc = subprocess.run(script, capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    doc = json.loads(out.read_text())
    assert doc["settings"]["checks"] == "lockstep"
    total = doc["total"]
    assert total["games"] == 2 and total["moves"] == 80 and total["findings"] == {}
    assert total["states"] == 82 and total["sampled"] == 2 * 11 and total["views"] > 0
    assert "both engines compared on 82 states" in proc.stdout
