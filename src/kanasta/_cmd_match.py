"""``kanasta match``: play a match or a round-robin tournament between built-in bots.

The implementation of the subcommand; :mod:`kanasta.cli` only registers it.
Two bots (or one a team) play a :func:`kanasta.match.play_match`; more than
two bots in a two-team game play a :func:`kanasta.match.play_tournament`.
A progress bar goes to standard error while it is a terminal.
"""

from __future__ import annotations

import argparse
import sys
from typing import TextIO

import attrs

from kanasta.errors import KanastaError
from kanasta.match import BOT_NAMES, BotSpec, MatchResult, TournamentResult, play_match, play_tournament
from kanasta.rules import PRESET_NAMES, preset

__all__ = ["add_parser", "run"]

def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``match`` with the ``kanasta`` command's subparsers."""
    match = sub.add_parser(
        "match",
        help="play a match (duplicate deals) or a tournament between built-in bots",
        description=(
            "Play a match between bots with duplicate deals (each deal played again with the bots' "
            "seats swapped) and print a table per bot and seat: games, win rate with its 95%% "
            "Wilson interval, mean score difference per game and per hand, CPU time per move. "
            "With more bots than teams, play a round robin and rate the bots (Bradley-Terry, Elo scale)."
        ),
        epilog="Example: kanasta match --rules classic --bots search,greedy --games 400 --jobs 2",
    )
    match.add_argument(
        "--rules", choices=list(PRESET_NAMES), default="classic", help="the rules preset (default: classic)"
    )
    match.add_argument(
        "--bots",
        default="greedy,random",
        metavar="NAME[,NAME...]",
        help=(
            f"bots from {', '.join(BOT_NAMES)} (search:N: N iterations a move; search:N:S: the same, at most "
            "S CPU seconds a move): one per team for a match, or three or more for a tournament "
            "(default: greedy,random)"
        ),
    )
    match.add_argument("--games", type=int, default=100, help="games (per pair in a tournament; default 100)")
    match.add_argument("--seed", type=int, default=0, help="the match seed (default 0)")
    match.add_argument("--target", type=int, default=None, metavar="POINTS", help="play each game to this score")
    match.add_argument("--jobs", type=int, default=1, help="local worker processes (default 1: this process)")
    match.add_argument(
        "--backend", choices=["process", "ray"], default="process", help="local processes or a Ray cluster"
    )
    match.add_argument("--address", default=None, help="the Ray cluster's address (default: start a local one)")
    match.add_argument(
        "--format", choices=["table", "json", "csv"], default="table", help="what to print (default: table)"
    )
    match.set_defaults(subparser=match)


class _Progress:
    """A one-line progress bar on a terminal; nothing elsewhere."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.on = stream.isatty()

    def __call__(self, done: int, total: int) -> None:
        if not self.on:
            return
        width = 30
        filled = width * done // total
        self.stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games")
        if done == total:
            self.stream.write("\n")
        self.stream.flush()


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """Play what ``args`` ask for and print it; returns the exit status."""
    rules = preset(args.rules)
    try:
        if args.target is not None:
            rules = attrs.evolve(rules, target_score=args.target)
        specs = [BotSpec.parse(name) for name in args.bots.split(",")]
    except KanastaError as err:
        parser.error(str(err))
    progress = _Progress(sys.stderr)
    play = play_tournament if len(specs) > rules.teams else play_match
    try:
        result: MatchResult | TournamentResult = play(
            rules, specs, games=args.games, seed=args.seed, jobs=args.jobs, backend=args.backend,
            address=args.address, progress=progress,
        )
    except KanastaError as err:
        parser.error(str(err))
    if args.format == "json":
        print(result.to_json())
    elif args.format == "csv":
        print(result.to_csv(), end="")
    else:
        print(result.table())
    return 0
