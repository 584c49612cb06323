"""The soak: a bounded run of its machinery in every test run, the long soak with ``pytest --soak``.

The long soak (``--soak-games N`` sets the number of games) plays whole
games of both games — the four presets in turn and random rules variants,
with random, meld-biased, greedy and mixed players — with every invariant of
``_invariants.py`` checked on every step (the costliest on a sample of the
steps).  ``benchmarks/soak.py`` is the issue-11 soak as a script (a million
moves, sampled checks, split and merged runs); the short tests below check
that its games are what it says, that its checks run and that a dead end is
reported with what reproduces it instead of stopping the soak.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import kanasta
from _invariants import POLICY_CYCLE, PRESETS, Checker, play_soak_game, sampled_checker, soak, soak_game

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.soak
def test_soak(soak_games: int) -> None:
    stats = soak(soak_games)
    print(
        f"\nsoak: {stats.games} games ({stats.finished_games} finished), {stats.moves} moves, "
        f"{stats.states} states checked, {stats.near_misses_refused} near misses refused, "
        f"{stats.oracle_positions} oracle positions, findings: {dict(stats.finding_counts) or 'none'}"
    )
    assert stats.games == soak_games
    reports = [f.report() for f in stats.findings]
    assert not stats.finding_counts, json.dumps(reports[:3], indent=1)


def test_soak_games_cover_every_preset_and_player_and_replay_alike() -> None:
    """Game g is fixed by (g, seed): presets in turn, a variant every third game, the players every four."""
    games = [soak_game(g, seed=100) for g in range(4 * len(POLICY_CYCLE) * 3)]
    assert {g.preset for g in games} == set(PRESETS)
    assert {g.policy for g in games} == {"random", "meld-biased", "greedy", "mixed"}
    assert {(g.preset, g.policy, g.variant) for g in games} >= {(p, "meld-biased", False) for p in PRESETS}
    assert [g.seed for g in games[:3]] == [100, 101, 102]
    assert all(g.rules == PRESETS[g.preset] for g in games if not g.variant)
    assert all(g.rules.players == PRESETS[g.preset].players for g in games)
    assert soak_game(14, seed=100) == games[14]  # the variant's rules come from the game's own seed


def test_a_short_sampled_soak_runs_every_check_and_finds_nothing() -> None:
    """Four games cut short at 120 moves, one of each preset, every check on every 5th state: each kind ran."""
    stats = soak(4, start=4, every=5, max_moves=120)  # games 4..7: meld-biased, game 5 a variant
    assert stats.games == 4 and stats.moves == 4 * 120
    assert stats.sampled >= 4 * 120 // 5
    for name in ("round_trips", "pickles", "deep_copies", "hidden_checks", "near_misses_refused"):
        assert getattr(stats, name) > 10, name
    # every step of every seat's view history, once per game
    assert stats.history_steps_searched == sum(120 * soak_game(g).rules.players for g in range(4, 8))
    assert not stats.finding_counts, [f.report()["what"] for f in stats.findings]


def test_a_dead_end_is_a_finding_that_ends_the_game_and_names_how_to_reproduce_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """E-2: a game in progress with no legal move is reported once, with its game, seed and record."""
    real = kanasta.State.legal_actions

    def stuck_after_ten(self: kanasta.State) -> tuple[kanasta.Action, ...]:
        return () if len(self.history) == 10 else real(self)

    monkeypatch.setattr(kanasta.State, "legal_actions", stuck_after_ten)
    game = soak_game(1, seed=7)
    checker = sampled_checker(game.seed, every=3)
    play_soak_game(game, checker)
    stats = checker.stats
    assert stats.games == 1 and stats.finished_games == 0 and stats.moves == 10
    assert dict(stats.finding_counts) == {"E-2: a game in progress has no legal move": 1}
    report = stats.findings[0].report()
    assert (report["game"], report["seed"], report["preset"], report["move"]) == (1, 8, "classic-2", 10)
    assert len(report["record"]["moves"]) == 10
    record = kanasta.GameRecord.from_dict(report["record"])
    assert len(record.replay().history) == 10 and record.seed == 8


def test_a_dead_end_between_samples_is_reported_too(monkeypatch: pytest.MonkeyPatch) -> None:
    real = kanasta.State.legal_actions
    monkeypatch.setattr(kanasta.State, "legal_actions",
                        lambda self: () if len(self.history) == 7 else real(self))
    checker = Checker(seed=1, collect=True, sample_every=1000)
    from _invariants import play_game

    play_game(PRESETS["classic"], 3, checker, check_every=5)  # state 7 is not checked
    assert dict(checker.stats.finding_counts) == {"E-2: a game in progress has no legal move": 1}
    assert checker.stats.findings[0].context["move"] == 7


def test_the_script_splits_merges_and_resumes(tmp_path: Path) -> None:
    """benchmarks/soak.py: two runs over separate games merge to the figures of one run over both."""
    script = [sys.executable, str(ROOT / "benchmarks" / "soak.py"), "--max-moves", "30", "--every", "10"]

    def run(*args: str) -> dict[str, object]:
        out = subprocess.run([*script, *args], capture_output=True, text=True, check=False)
        assert out.returncode == 0, out.stdout + out.stderr
        assert "findings: 0" in out.stdout
        return out.stdout  # type: ignore[return-value]

    run("--games", "2", "--json", str(tmp_path / "a.json"))
    run("--start", "2", "--games", "1", "--json", str(tmp_path / "b.json"))
    run("--games", "3", "--json", str(tmp_path / "all.json"))
    merged = run("--merge", str(tmp_path / "a.json"), str(tmp_path / "b.json"), "--json", str(tmp_path / "m.json"))
    assert "games played: 0..2" in str(merged)
    whole = json.loads((tmp_path / "all.json").read_text())
    both = json.loads((tmp_path / "m.json").read_text())
    for key in ("games", "moves", "states", "sampled", "hands", "views", "history_steps_searched"):
        assert both["total"][key] == whole["total"][key], key
    assert both["total"]["moves"] == 90 and set(both["presets"]) == {"classic", "classic-2", "classic-3"}
    # a run stopped after two games carries on from the third
    run("--resume", str(tmp_path / "a.json"), "--games", "3")
    resumed = json.loads((tmp_path / "a.json").read_text())
    assert resumed["settings"]["next_game"] == 3 and resumed["ranges"] == [[0, 3]]
    assert resumed["total"]["moves"] == whole["total"]["moves"]


def test_a_short_lockstep_soak_of_rule_variants_with_bots_finds_nothing() -> None:
    """E-1, E-2, E-5: GreedyBot and meld-biased seats on random valid variants, both engines move for move.

    Every state: the same position, listing (within the work budget: an ``EngineLimitError``
    would be a divergence or end the game as a finding) and events in both engines, a legal
    move while the game goes on (no dead end); every 5th: near misses and views alike; at the
    end a native state that pickles.  The variants include issue 25's kinds (many cards a draw,
    high opening bands, Classic with packets, canastas to go out).
    """
    from _invariants import POLICIES
    from _lockstep import Lockstep

    games = [soak_game(g, seed=25) for g in range(200)]
    chosen = [g for g in games if g.variant and g.policy in ("greedy", "meld-biased")][:4]
    assert {g.policy for g in chosen} == {"greedy", "meld-biased"}
    moves = 0
    for game in chosen:
        lockstep = Lockstep(seed=game.seed, check_every=5, collect=True)
        lockstep.play(game.rules, game.seed, POLICIES[game.policy], max_moves=100, context=game.context())
        assert not lockstep.stats.finding_counts, [f.report()["what"] for f in lockstep.stats.findings]
        moves += lockstep.stats.moves
    assert moves >= 200
