"""The ``kanasta`` command: watch built-in bots play a whole game.

``python -m kanasta play`` (or the ``kanasta`` console script) plays one game
between the bots of :mod:`kanasta.bots` and prints it move by move in action
notation (``str(action)``, see :func:`kanasta.parse_action`), with what the
engine did along the way (red 3s laid, piles and packets taken, teams opened,
hands ended), each hand's score breakdown per team and the final result.
``--quiet`` prints only the hand summaries and the result.  The output is
plain ASCII and the same on every machine for the same arguments.

>>> from kanasta.cli import main
>>> main(["play", "--rules", "classic-2", "--seed", "1", "--quiet"])
Classic Canasta, 2 players: target 5000, seed 1
Seats: 0 greedy, 1 random
...
Result: seat ... wins with ... after ... hands and ... moves
0
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from typing import Final

import attrs

from kanasta import _cmd_match
from kanasta.actions import Action
from kanasta.bots import Bot, GreedyBot, RandomBot
from kanasta.engine import new_game
from kanasta.errors import KanastaError
from kanasta.rules import PRESET_NAMES, Rules, preset
from kanasta.state import CardsDrawn, Event, GameEnded, HandEnded, HandStarted, State
from kanasta.text import TextRenderer

__all__ = ["main"]

_TITLES: Final[dict[str, str]] = {"classic": "Classic Canasta", "kanasta": "Kanasta"}
"""The game's display title, by the first word of the preset's name (``classic-3`` is Classic)."""

_BOTS: Final[dict[str, Callable[[int, int], Bot]]] = {
    "greedy": lambda seed, seat: GreedyBot(),
    "random": lambda seed, seat: RandomBot(seed=8 * seed + seat),
}
"""The ``--bots`` choices: a factory taking the game seed and the seat."""

_DEFAULT_BOTS: Final = ("greedy", "random")
"""Bots used without ``--bots``: greedy at even seats, random at odd seats."""

_INDENT: Final = " " * 10


class _Printer:
    """Writes a game as text, one move and its events at a time (through :class:`kanasta.TextRenderer`)."""

    def __init__(self, rules: Rules, title: str, *, quiet: bool) -> None:
        self.rules = rules
        self.title = title
        self.quiet = quiet
        self.text = TextRenderer(rules)

    def line(self, text: str = "") -> None:
        print(text)

    def header(self, seed: int, bot_names: Sequence[str]) -> None:
        r = self.rules
        self.line(f"{self.title}, {r.players} players: target {r.target_score}, seed {seed}")
        seats = ", ".join(f"{seat} {name}" for seat, name in enumerate(bot_names))
        teams = ""
        if r.teams != r.players:
            teams = "; " + ", ".join(self.text.side(t, long=True) for t in range(r.teams))
        self.line(f"Seats: {seats}{teams}")

    def move(self, seat: int, action: Action, events: Sequence[Event]) -> None:
        if not self.quiet:
            self.line("  " + self.text.move(seat, action, events))
        self.events(events)

    def events(self, events: Sequence[Event]) -> None:
        for e in events:
            if isinstance(e, HandEnded):
                self.line()
                for line in self.text.hand_summary(e.result, melds=not self.quiet):
                    self.line(line)
            elif isinstance(e, HandStarted):
                if not self.quiet:
                    self.line()
                    self.line(
                        f"=== Hand {e.hand_number}: dealer seat {e.dealer}, seat {e.first_player} plays first ==="
                    )
            elif not isinstance(e, (GameEnded, CardsDrawn)) and not self.quiet:
                self.line(f"{_INDENT}* {self.text.event(e)}")

    def result(self, state: State, moves: int) -> None:
        self.line()
        self.line(self.text.game_result(state.scores, state.winner, len(state.hand_results), moves))


def _bot_names(text: str | None, rules: Rules, parser: argparse.ArgumentParser) -> list[str]:
    if text is None:
        return [_DEFAULT_BOTS[seat % len(_DEFAULT_BOTS)] for seat in range(rules.players)]
    names = [n.strip().lower() for n in text.split(",")]
    for name in names:
        if name not in _BOTS:
            parser.error(f"unknown bot {name!r}; the bots are {', '.join(sorted(_BOTS))}")
    if len(names) not in (1, rules.teams, rules.players):
        counts = sorted({1, rules.teams, rules.players})
        parser.error(
            f"--bots: give {' or '.join(str(c) for c in counts)} names for {rules.players} players "
            f"(one for all seats, one per team, or one per seat), not {len(names)}"
        )
    return [names[seat % len(names)] for seat in range(rules.players)]


def _parser() -> argparse.ArgumentParser:
    from kanasta import __version__

    parser = argparse.ArgumentParser(
        prog="kanasta",
        description="Kanasta and Classic Canasta rules engine: watch built-in bots play a game.",
        epilog="Example: kanasta play --rules kanasta --seed 7 --bots greedy,random",
    )
    parser.add_argument("--version", action="version", version=f"kanasta {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    play = sub.add_parser(
        "play",
        help="play a whole game between built-in bots and print it",
        description=(
            "Play a whole game between built-in bots and print it move by move in action "
            "notation, with each hand's score breakdown and the final result."
        ),
    )
    play.add_argument(
        "--rules",
        choices=PRESET_NAMES,
        default="classic",
        help="the rules preset (default: classic, the four-player partnership game)",
    )
    play.add_argument("--seed", type=int, default=1, help="the game's seed, 0 to 2**64-1 (default: 1)")
    play.add_argument(
        "--bots",
        default=None,
        metavar="NAME[,NAME...]",
        help=(
            f"bots by seat, from {', '.join(sorted(_BOTS))}: one name for every seat, one per team "
            "or one per seat (default: greedy at even seats, random at odd seats)"
        ),
    )
    play.add_argument(
        "--target",
        type=int,
        default=None,
        metavar="POINTS",
        help="end the game at this score instead of the preset's target",
    )
    play.add_argument("--quiet", action="store_true", help="print only the hand summaries and the result")
    play.add_argument(
        "--max-moves",
        type=int,
        default=200_000,
        metavar="N",
        help="stop (exit status 1) if the game is not over after N moves (default: 200000)",
    )
    play.set_defaults(subparser=play)
    from kanasta.web.serve import add_parser as add_serve

    add_serve(sub)
    _cmd_match.add_parser(sub)
    return parser


def _play(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    rules = preset(args.rules)
    title = _TITLES[args.rules.partition("-")[0]]
    if args.target is not None:
        try:
            rules = attrs.evolve(rules, target_score=args.target)
        except KanastaError as err:
            parser.error(f"--target: {err}")
    names = _bot_names(args.bots, rules, parser)
    if args.max_moves < 0:
        parser.error(f"--max-moves: must be at least 0, not {args.max_moves}")
    try:
        state = new_game(rules, seed=args.seed)
    except KanastaError as err:
        parser.error(f"--seed: {str(err).removeprefix('seed: ')}")
    bots = [_BOTS[name](args.seed, seat) for seat, name in enumerate(names)]
    out = _Printer(rules, title, quiet=args.quiet)
    out.header(args.seed, names)
    out.events(state.events)
    moves = 0
    while not state.is_game_over and moves < args.max_moves:
        seat = state.current_player
        assert seat is not None
        action = bots[seat].choose(state.view(seat))
        state = state.apply(action)
        moves += 1
        out.move(seat, action, state.events)
    out.result(state, moves)
    return 0 if state.is_game_over else 1


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (0 when the game was played out).

    >>> from kanasta.cli import main
    >>> main(["play", "--rules", "kanasta", "--seed", "3", "--target", "50", "--quiet"])
    Kanasta, 4 players: target 50, seed 3
    ...
    Result: team ... wins with ... after ... hands and ... moves
    0
    """
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        if args.command == "play":
            return _play(args, args.subparser)
        if args.command == "serve":
            from kanasta.web.serve import serve

            return serve(args)
        if args.command == "match":
            return _cmd_match.run(args, args.subparser)
    except BrokenPipeError:  # e.g. ``kanasta play | head``: stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    parser.error(f"unknown command {args.command!r}")  # pragma: no cover - argparse checks it


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
