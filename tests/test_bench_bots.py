"""benchmarks/bench_bots.py's saved search runs: a stopped run resumed gives the games of a whole run,
and a file of another match is refused."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NAME = "search-kanasta-search1-4"


def _bench(save: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    command = [
        sys.executable, str(ROOT / "benchmarks" / "bench_bots.py"), "strength-search", "--search-rules", "kanasta",
        "--kanasta-search-bot", "search:1", "--search-games", "4", "--save", str(save), *extra,
    ]
    return subprocess.run(command, capture_output=True, text=True, check=False)


def _games(path: Path) -> list[dict[str, object]]:
    games = [json.loads(line) for line in path.read_text().splitlines()]
    for game in games:
        # timings differ from run to run: one time per move of each seat, then left out
        times = game.pop("move_seconds")
        assert isinstance(times, list) and [len(t) for t in times] == game["seat_moves"]
        del game["seat_seconds"]
    return games


def test_a_stopped_search_run_resumes_to_the_games_of_a_whole_run(tmp_path: Path) -> None:
    whole, stopped = tmp_path / "whole", tmp_path / "stopped"
    whole.mkdir()
    stopped.mkdir()
    out = _bench(whole, "--kanasta-target", "30")
    assert out.returncode == 0, out.stderr
    lines = (whole / f"{NAME}.jsonl").read_text().splitlines(keepends=True)
    assert len(lines) == 4
    # Stopped after games 0 and 1, while writing game 2 (its line cut short).
    (stopped / f"{NAME}.jsonl").write_text(lines[0] + lines[1] + lines[2][:40])
    (stopped / f"{NAME}.match.json").write_text((whole / f"{NAME}.match.json").read_text())
    out = _bench(stopped, "--kanasta-target", "30", "--resume")
    assert out.returncode == 0, out.stderr
    assert "resuming" in out.stdout and "after its 2 saved games" in out.stdout
    assert _games(stopped / f"{NAME}.jsonl") == _games(whole / f"{NAME}.jsonl")
    # The same figures (but for the timings) as the whole run's, read again from its file.
    again = _bench(whole, "--kanasta-target", "30", "--resume")
    assert again.returncode == 0, again.stderr
    assert _figures(out.stdout) == _figures(again.stdout) and "wins" in _figures(out.stdout)


def _figures(stdout: str) -> str:
    """The final figure line less its CPU times."""
    return stdout.splitlines()[-2].partition(", CPU s/move")[0]


def test_resuming_refuses_another_match_or_a_missing_file(tmp_path: Path) -> None:
    out = _bench(tmp_path, "--kanasta-target", "30", "--resume")
    assert out.returncode != 0 and "must both exist" in out.stderr
    (tmp_path / f"{NAME}.jsonl").write_text("")
    (tmp_path / f"{NAME}.match.json").write_text(json.dumps({"rules": {}, "bots": ["search:1", "greedy"],
                                                             "seed": 2026, "games": 4}))
    out = _bench(tmp_path, "--kanasta-target", "30", "--resume")
    assert out.returncode != 0 and "another match's games (its rules differ" in out.stderr
