"""Tests of the command line (kanasta.cli, python -m kanasta)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import attrs
import pytest

import kanasta
from kanasta.bots import Bot, GreedyBot, RandomBot, play_out
from kanasta.cli import main

RULES = kanasta.rules.PRESETS
MOVE = re.compile(r"^  seat \d  \S")
RESULT = re.compile(r"^Result: (team|seat) (\d) wins with (-?\d+) \(.*\) after (\d+) hands and (\d+) moves$")


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[str]]:
    code = main(list(args))
    return code, capsys.readouterr().out.splitlines()


def _same_game(rules: kanasta.Rules, seed: int) -> kanasta.State:
    """The game the CLI plays by default: greedy at even seats, random at odd ones."""
    bots: list[Bot] = [
        GreedyBot() if seat % 2 == 0 else RandomBot(seed=8 * seed + seat) for seat in range(rules.players)
    ]
    return play_out(kanasta.new_game(rules, seed=seed), bots)


@pytest.mark.parametrize("name", list(RULES))
def test_play_runs_a_whole_game_and_reports_it(capsys: pytest.CaptureFixture[str], name: str) -> None:
    code, lines = _run(capsys, "play", "--rules", name, "--seed", "1")
    assert code == 0
    final = _same_game(RULES[name], 1)
    match = RESULT.match(lines[-1])
    assert match, lines[-1]
    winner, score, hands, moves = (int(match.group(i)) for i in (2, 3, 4, 5))
    assert final.winner is not None
    assert (winner, score) == (final.winner, final.scores[final.winner])
    assert (hands, moves) == (len(final.hand_results), len(final.history))
    # One summary per hand, each with its score rows.
    assert sum(line.startswith("--- Hand ") for line in lines) == hands
    assert sum(line.startswith("game score") for line in lines) == hands
    assert any(line.startswith("cards in hand") for line in lines)
    # Moves in action notation, each of which parses back.
    move_lines = [line for line in lines if MOVE.match(line)]
    assert len(move_lines) == moves
    for line in move_lines[:200]:
        text = line[len("  seat 0  ") :].split("  -> ")[0]
        assert str(kanasta.parse_action(text)) == text


def test_play_prints_the_notable_events(capsys: pytest.CaptureFixture[str]) -> None:
    _, classic = _run(capsys, "play", "--rules", "classic", "--seed", "1")
    text = "\n".join(classic)
    assert "=== Hand 1: dealer seat" in text
    assert "lays red 3" in text
    assert "takes the pile" in text
    assert "has opened" in text
    assert "goes out" in text
    _, kan = _run(capsys, "play", "--rules", "kanasta", "--seed", "1", "--target", "100")
    text = "\n".join(kan)
    assert "picks up packet 1" in text
    assert "; the trump is " in text and "Trump: " in text
    assert "hand total (rounded up)" in text and "raw total" in text


def test_quiet_prints_only_summaries_and_result(capsys: pytest.CaptureFixture[str]) -> None:
    code, quiet = _run(capsys, "play", "--rules", "classic-2", "--seed", "3", "--quiet")
    assert code == 0
    _, loud = _run(capsys, "play", "--rules", "classic-2", "--seed", "3")
    assert not any(MOVE.match(line) or line.startswith("===") for line in quiet)
    assert any(MOVE.match(line) for line in loud)
    assert quiet[-1] == loud[-1] and RESULT.match(quiet[-1])
    assert sum(line.startswith("--- Hand ") for line in quiet) == sum(
        line.startswith("--- Hand ") for line in loud
    )
    assert len(quiet) < len(loud) / 3


def test_output_is_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    first = _run(capsys, "play", "--rules", "classic-3", "--seed", "8", "--quiet")
    second = _run(capsys, "play", "--rules", "classic-3", "--seed", "8", "--quiet")
    assert first == second


def test_bots_and_target_options(capsys: pytest.CaptureFixture[str]) -> None:
    code, lines = _run(
        capsys, "play", "--rules", "classic", "--seed", "2", "--bots", "random", "--target", "1000"
    )
    assert code == 0
    assert lines[1].startswith("Seats: 0 random, 1 random, 2 random, 3 random")
    assert "target 1000" in lines[0]
    match = RESULT.match(lines[-1])
    assert match and int(match.group(3)) >= 1000
    code, lines = _run(capsys, "play", "--rules", "classic-3", "--bots", "random,greedy,greedy", "--quiet")
    assert code == 0 and lines[1] == "Seats: 0 random, 1 greedy, 2 greedy"


def test_max_moves_stops_with_status_1(capsys: pytest.CaptureFixture[str]) -> None:
    code, lines = _run(capsys, "play", "--max-moves", "5")
    assert code == 1
    assert lines[-1].startswith("Result: no winner, stopped after 5 moves")


@pytest.mark.parametrize(
    "args",
    [
        ["play", "--rules", "bridge"],
        ["play", "--bots", "clever"],
        ["play", "--bots", "greedy,random,greedy"],  # 3 names for 4 players
        ["play", "--seed", "-1"],
        ["play", "--target", "0"],
        [],
    ],
)
def test_bad_arguments_exit_2(capsys: pytest.CaptureFixture[str], args: list[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(args)
    assert exc.value.code == 2
    assert "error" in capsys.readouterr().err


def test_module_help_runs() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "kanasta", "--help"], capture_output=True, text=True, check=False, timeout=60
    )
    assert out.returncode == 0
    assert "usage: kanasta" in out.stdout and "play" in out.stdout
    out = subprocess.run(
        [sys.executable, "-m", "kanasta", "play", "--help"],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert out.returncode == 0
    for option in ("--rules", "--seed", "--bots", "--quiet", "classic-3", "kanasta"):
        assert option in out.stdout


def test_module_play_exits_0() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "kanasta", "play", "--rules", "classic-2", "--seed", "1", "--quiet"],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines()[-1].startswith("Result: ")


def test_play_takes_the_bots_match_takes(capsys: pytest.CaptureFixture[str]) -> None:
    from kanasta.bots.montecarlo import SearchBot

    rules = kanasta.Rules.classic(players=2)
    code, lines = _run(capsys, "play", "--rules", "classic-2", "--seed", "5", "--bots", "search:2,greedy",
                       "--target", "100", "--quiet")
    assert code == 0 and lines[1] == "Seats: 0 search:2, 1 greedy"
    # the same game as search:2 seeded 8 * 5 + 0 at seat 0 against a greedy bot
    final = play_out(kanasta.new_game(attrs.evolve(rules, target_score=100), seed=5),
                     [SearchBot(iterations=2, seed=40), GreedyBot()])
    assert f"after {len(final.hand_results)} hands and {len(final.history)} moves" in lines[-1]
    with pytest.raises(SystemExit):
        main(["play", "--bots", "search:0"])
    assert "--bots: 'search:0': only search takes an argument, a number of iterations >= 1" in capsys.readouterr().err


def test_a_bot_seed_past_64_bits_wraps(capsys: pytest.CaptureFixture[str]) -> None:
    # seed 2**64 - 1 at seat 0: the bot's seed (8 * seed + 0) mod 2**64 = 2**64 - 8
    code, lines = _run(capsys, "play", "--rules", "classic-2", "--seed", str(2**64 - 1), "--bots", "search:1",
                       "--max-moves", "6", "--quiet")
    assert code == 1 and lines[-1].startswith("Result: no winner, stopped after 6 moves")


def test_without_a_seed_play_deals_a_random_one_and_prints_it(capsys: pytest.CaptureFixture[str]) -> None:
    seeds = set()
    outputs = {}
    for _ in range(2):
        _, lines = _run(capsys, "play", "--rules", "classic-2", "--target", "100", "--quiet")
        match = re.search(r", seed (\d+)$", lines[0])
        assert match is not None
        seeds.add(int(match.group(1)))
        outputs[int(match.group(1))] = lines
    assert len(seeds) == 2  # two draws of 63 bits
    seed = min(seeds)
    _, again = _run(capsys, "play", "--rules", "classic-2", "--target", "100", "--quiet", "--seed", str(seed))
    assert again == outputs[seed]  # --seed deals the printed game again


def test_replay_names_the_refused_move_counting_from_1(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    record = tmp_path / "illegal.json"
    record.write_text('{"format": "kanasta.record/1", "rules": "classic", "seed": 1, "moves": ["draw", "draw"]}')
    code, lines = _run(capsys, "replay", str(record))
    # the first draw is legal, the second (move 2 of 2) is refused
    assert code == 1
    assert any(line.startswith("The record stops being a legal game at move 2 of 2: moves.1: 'draw' is illegal")
               for line in lines)
