"""``kanasta replay FILE``: step through a saved game (a :class:`~kanasta.GameRecord`).

The implementation of the subcommand; the package :mod:`kanasta.cli` registers it.
The record is replayed move by move (RULES G-RNG-1: the same rules, seed and
moves give the same game).  Every move is printed as ``kanasta play`` prints
it; ``--seat N`` shows the game as that seat saw it (other hands hidden) and
``--step`` stops after each move to draw the table: Enter goes on, a number
goes on that many moves, ``q`` stops.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from kanasta.cli.play import TITLES, _Screen, terminal_renderer
from kanasta.documents.record import GameRecord
from kanasta.errors import KanastaError
from kanasta.state import State
from kanasta.text import TextRenderer

__all__ = ["add_parser", "run"]

_LARGEST_FILE = 64 * 1024 * 1024
"""A game record larger than this is refused unread (a long game's record is a few kilobytes)."""


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``replay`` with the ``kanasta`` command's subparsers."""
    replay = sub.add_parser(
        "replay",
        help="step through a saved game (kanasta play --record FILE)",
        description=(
            "Replay a game record (JSON: format, rules, seed, moves) move by move, printing each move "
            "and what followed, each hand's scores and the result."
        ),
        epilog="Example: kanasta replay game.json --seat 0 --step",
    )
    replay.add_argument("file", metavar="FILE", help="the game record (JSON), e.g. from kanasta play --record")
    replay.add_argument("--seat", type=int, default=None, help="show the game as this seat saw it")
    replay.add_argument("--step", action="store_true", help="stop after each move and draw the table")
    replay.add_argument("--quiet", action="store_true", help="print only the hand summaries and the result")
    replay.set_defaults(subparser=replay)


def _load(path: Path, parser: argparse.ArgumentParser) -> GameRecord:
    try:
        if path.stat().st_size > _LARGEST_FILE:
            parser.error(f"{path}: larger than {_LARGEST_FILE // (1024 * 1024)} MB: not a game record")
        text = path.read_bytes()
    except OSError as err:
        parser.error(f"cannot read {str(path)!r}: {err.strerror or err}")
    try:
        return GameRecord.from_json(text)
    except KanastaError as err:
        parser.error(f"{path}: not a game record: {err}")


def _table(state: State, seat: int | None, text: TextRenderer) -> str:
    if seat is None:
        return state.describe()
    return text.view(state.view(seat), moves=False)


def run(
    args: argparse.Namespace,
    parser: argparse.ArgumentParser,
    *,
    out: TextIO | None = None,
    read: Callable[[str], str] = input,
) -> int:
    """Replay the record; the exit status (0: replayed to the end, 1: a move was illegal or stopped)."""
    out = sys.stdout if out is None else out
    record = _load(Path(args.file), parser)
    rules = record.rules
    seat: int | None = args.seat
    if seat is not None and not 0 <= seat < rules.players:
        parser.error(f"--seat: seats are 0 to {rules.players - 1}, not {seat}")
    renderer = terminal_renderer(rules, out) if args.step else TextRenderer(rules)
    screen = _Screen(rules, out, quiet=args.quiet, renderer=renderer)
    title = TITLES.get(rules.name.partition("-")[0], rules.name)
    screen.header(title, record.seed, [])
    screen.line(f"Replaying {len(record)} moves{'' if seat is None else f' as seat {seat} saw them'}.")
    states = record.states()
    state = next(states)
    screen.events(state.events if seat is None else state.view(seat).events)
    skip = 0
    done = 0
    try:
        for state in states:
            step = state.history[-1]
            done += 1
            screen.move(step.seat, step.action, state.events if seat is None else state.view(seat).events)
            if not args.step or done == len(record):
                continue
            if skip > 0:
                skip -= 1
                continue
            screen.line()
            screen.line(_table(state, seat, renderer))
            answer = read(f"move {done} of {len(record)} (Enter: next, N: N moves on, q: quit)> ").strip().lower()
            if answer in ("q", "quit", "exit"):
                screen.line("Replay stopped.")
                return 1
            if answer.isdigit() and len(answer) <= 9:
                skip = max(int(answer) - 1, 0)
    except KanastaError as err:
        # ``done`` moves were legal: the one refused is move done + 1, counted from 1
        screen.line(f"The record stops being a legal game at move {done + 1} of {len(record)}: {err}")
        return 1
    except (EOFError, KeyboardInterrupt):
        screen.line()
        screen.line("Replay stopped.")
        return 1
    screen.result(state, len(record))
    return 0 if state.is_game_over else 1
