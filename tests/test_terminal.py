"""Playing in a real terminal: ``kanasta play --human`` and ``kanasta replay``, driven through a pty (pexpect)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import kanasta

pexpect = pytest.importorskip("pexpect")

KANASTA = [sys.executable, "-m", "kanasta"]
PROMPT = r"seat (\d)> "
ESC = "\x1b["
# Classic Canasta, seed 4, target 50, greedy bots: picking the first listed move ends the game in one hand
# after 10 decisions of seat 0 (measured when the test was written).
GAME = ["play", "--rules", "classic", "--seed", "4", "--target", "50", "--bots", "greedy", "--human", "0"]


def _spawn(args: list[str], *, colour: bool = False, timeout: float = 60) -> pexpect.spawn:
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    if not colour:
        env["NO_COLOR"] = "1"
    env["PYTHONIOENCODING"] = "utf-8"
    return pexpect.spawn(KANASTA[0], KANASTA[1:] + args, encoding="utf-8", timeout=timeout, env=env,
                         dimensions=(60, 200))


def _say(child: pexpect.spawn, line: str) -> str:
    """Type a line at the prompt; what the game printed before the next prompt."""
    child.sendline(line)
    child.expect(PROMPT)
    return str(child.before)


def test_a_whole_game_typed_at_the_terminal_with_bad_input_on_the_way(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    child = _spawn([*GAME, "--record", str(record)])
    child.expect(PROMPT)
    opening = str(child.before)
    assert "Seats: 0 human, 1 greedy, 2 greedy, 3 greedy" in opening
    assert "Seat 0 (you): " in opening and "Your moves" not in opening
    assert ESC not in opening  # NO_COLOR
    # bad input: a clear refusal each time, and the game goes on at the same prompt
    out = _say(child, "take 3C 3C @0 @1")
    assert "Not understood: bad action 'take 3C 3C @0 @1': give one meld number, not 2 (@0 @1)" in out
    out = _say(child, "discard 7X")
    assert "bad card '7X' (word 2): unknown suit 'X'" in out
    out = _say(child, "fly away")
    assert "unknown verb 'fly'" in out
    out = _say(child, "add @" + "9" * 3000 + " 7H")
    _echo, answer = out.split("\n", 1)  # the terminal echoes the typed line
    assert "is too large" in answer and len(answer) < 300
    out = _say(child, "ask")
    assert "Not allowed: " in out and "[G-TURN-1]" in out  # the rule's reason, with its ID
    out = _say(child, "7")
    assert "Type 'moves' first" in out
    out = _say(child, "help")
    assert "discard CARD" in out and "moves" in out
    moves = 0
    hand_summary = ""
    while True:
        listing = _say(child, "moves")
        assert re.search(r"^\s+1\. ", listing, flags=re.M), listing
        child.sendline("1")
        found = child.expect([PROMPT, pexpect.EOF])
        moves += 1
        if found == 1:
            hand_summary = str(child.before)
            break
        assert moves < 60
    child.close()
    assert child.exitstatus == 0
    assert moves == 10
    # the hand's score table, the result line and the saved record
    assert "--- Hand 1 ended: " in hand_summary and "game score" in hand_summary
    assert re.search(r"Result: team \d wins with \d+ \(team \d -?\d+\) after 1 hands and \d+ moves", hand_summary)
    saved = json.loads(record.read_text(encoding="utf-8"))
    game = kanasta.GameRecord.from_dict(saved).replay()
    assert game.is_game_over and game.rules.target_score == 50
    assert sum(1 for step in game.history if step.seat == 0) == 10


def test_the_seat_sees_only_its_own_cards_and_other_seats_draws_hidden() -> None:
    child = _spawn(GAME)
    child.expect(PROMPT)
    state = kanasta.new_game(kanasta.Rules.classic(), seed=4)
    screen = str(child.before)
    assert f"Seat 0 (you): {kanasta.format_cards(state.hands[0], pretty=True)}" in screen  # symbols: a terminal
    bots_moves = screen.split("===")[-1]
    assert re.search(r"Seat \d draws a card\.", bots_moves) and "->" not in bots_moves
    child.sendline("quit")
    child.expect(pexpect.EOF)
    assert "Game stopped." in str(child.before)
    child.close()
    assert child.exitstatus == 1


def test_colour_and_suit_symbols_on_a_terminal_unless_no_color() -> None:
    child = _spawn(GAME, colour=True)
    child.expect(PROMPT)
    screen = str(child.before)
    assert ESC + "31m" in screen  # a red suit in red
    assert re.search("[♣♦♥♠]", screen)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()


def test_not_a_terminal_means_plain_text_and_the_end_of_input_stops_the_game() -> None:
    out = subprocess.run([*KANASTA, *GAME], input="draw\n", capture_output=True, text=True, timeout=120,
                         check=False, env={k: v for k, v in os.environ.items() if k != "NO_COLOR"})
    assert out.returncode == 1
    assert ESC not in out.stdout and not re.search("[♣♦♥♠]", out.stdout)
    assert "seat 0  draw  -> " in out.stdout and out.stdout.rstrip().endswith("Game stopped.")


def test_replay_steps_through_a_saved_game(tmp_path: Path) -> None:
    state = kanasta.new_game(kanasta.Rules.classic(players=2), seed=9)
    for _ in range(6):
        state = state.apply(state.legal_actions()[-1])
    record = tmp_path / "game.json"
    record.write_text(kanasta.GameRecord.from_state(state).to_json(), encoding="utf-8")
    child = _spawn(["replay", str(record), "--seat", "1", "--step"])
    child.expect(r"move 1 of 6 .*> ")
    first = str(child.before)
    assert "Replaying 6 moves as seat 1 saw them." in first
    after_one = kanasta.GameRecord.from_state(state).replay(1)
    assert f"Seat 1 (you): {kanasta.format_cards(after_one.hands[1], pretty=True)}" in first
    child.sendline("")
    child.expect(r"move 2 of 6 .*> ")
    child.sendline("3")  # three moves on
    child.expect(r"move 5 of 6 .*> ")
    child.sendline("q")
    child.expect(pexpect.EOF)
    assert "Replay stopped." in str(child.before)
    child.close()
    assert child.exitstatus == 1
    # without --step: the whole game at once, the same moves as the record
    out = subprocess.run([*KANASTA, "replay", str(record)], capture_output=True, text=True, timeout=120,
                         check=False)
    moves = [line.split("  ")[2] for line in out.stdout.splitlines() if re.match(r"^  seat \d  ", line)]
    assert moves == [str(step.action) for step in state.history]
    assert "Result: no winner, stopped after 6 moves (seat 0 0, seat 1 0)" in out.stdout


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["play", "--human", "4"], "--human: seats are 0 to 3, not '4'"),
        (["play", "--human", "x"], "--human: seats are 0 to 3, not 'x'"),
        (["play", "--record", "/nonexistent-dir/game.json"], "--record: cannot write"),
        (["replay", "/nonexistent-dir/game.json"], "cannot read"),
    ],
)
def test_bad_arguments_are_refused(args: list[str], words: str) -> None:
    out = subprocess.run([*KANASTA, *args], capture_output=True, text=True, timeout=60, check=False)
    assert out.returncode == 2 and words in out.stderr


def test_a_record_that_is_not_one_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "kanasta.record/1", "rules": "classic", "seed": 1, "moves": ["fly"]}')
    out = subprocess.run([*KANASTA, "replay", str(bad)], capture_output=True, text=True, timeout=60, check=False)
    assert out.returncode == 2 and "not a game record: moves.0: bad action 'fly'" in out.stderr
    illegal = tmp_path / "illegal.json"
    illegal.write_text('{"format": "kanasta.record/1", "rules": "classic", "seed": 1, "moves": ["draw", "draw"]}')
    out = subprocess.run([*KANASTA, "replay", str(illegal)], capture_output=True, text=True, timeout=60,
                         check=False)
    assert out.returncode == 1 and "stops being a legal game at move" in out.stdout
