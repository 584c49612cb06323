"""``kanasta match``: play a match or a round-robin tournament between built-in bots.

The implementation of the subcommand; the package :mod:`kanasta.cli` registers it.
Two bots (or one a team) play a :func:`kanasta.bots.match.play_match`; more than
two bots in a two-team game play a :func:`kanasta.bots.match.play_tournament`.
A progress line (games done from 0, the rate and the time left) goes to
standard error while it is a terminal; before a match with a search bot that
is expected to take more than a minute, a warning line gives that time,
estimated from a game of greedy bots (its length) and a few search moves
timed on this machine.  ``--save FILE`` writes each game of a match to a
JSON-lines file as it ends (after a first line describing the match), and
``--resume FILE`` plays only the games that file does not hold yet; a failed
game is reported after the table and played again on resume.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final, TextIO

import attrs

from kanasta.bots.match import BOT_NAMES, BotSpec, play_match, play_tournament
from kanasta.bots.results import MatchGame, MatchResult, TournamentResult
from kanasta.errors import KanastaError
from kanasta.rules import PRESET_NAMES, Rules, preset
from kanasta.view import PlayerView

__all__ = ["add_parser", "duration", "estimate_seconds", "run"]

LONG: Final = 60.0
"""Seconds of expected play past which a match with a search bot is announced with its expected time."""

def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``match`` with the ``kanasta`` command's subparsers."""
    match = sub.add_parser(
        "match",
        help="play a match (duplicate deals) or a tournament between built-in bots",
        description=(
            "Play a match between bots with duplicate deals (each deal played again with the bots' "
            "seats swapped) and print a table per bot, then per team (partnerships) or seat: games, "
            "deals, win rate with its 95% Wilson interval over the deals (a deal's two games are not "
            "independent), mean score difference per game and per hand, and the CPU time of a move "
            "(median and 90th percentile). "
            "With more bots than teams, play a round robin and rate the bots (Bradley-Terry, Elo scale)."
        ),
        epilog="Example: kanasta match --rules classic --bots search:8,greedy --games 20 --jobs 2",
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
    saving = match.add_mutually_exclusive_group()
    saving.add_argument(
        "--save", type=Path, default=None, metavar="FILE",
        help="write each game of the match to FILE (JSON lines) as it ends, to resume the match with",
    )
    saving.add_argument(
        "--resume", type=Path, default=None, metavar="FILE",
        help="carry on the match --save FILE began: its games are kept, the others played and added to it",
    )
    match.set_defaults(subparser=match)


def _describe(rules: Rules, specs: Sequence[BotSpec], games: int, seed: int) -> dict[str, Any]:
    """The first line of a save file: what match its games belong to."""
    return {"match": {"rules": rules.to_dict(), "bots": [str(s) for s in specs], "games": games, "seed": seed}}


def _read_save(path: Path, described: dict[str, Any]) -> list[MatchGame]:
    """The games of ``path`` that ended (a failed game is played again), once its first line is this match's.

    A last line cut short (the match stopped while writing it) is dropped, and that game played again.
    """
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as err:
        raise KanastaError(f"--resume: cannot read {path}: {err.strerror}") from err
    lines = text.splitlines(keepends=True)
    if lines and not lines[-1].endswith("\n"):
        lines.pop()
    try:
        head = json.loads(lines[0]) if lines else None
    except ValueError:
        head = None
    if head != described:
        raise KanastaError(f"--resume: {path} is not a save file of this match (its rules, bots, games and "
                           "seed must be this command's)")
    try:
        games = [MatchGame.from_dict(json.loads(line)) for line in lines[1:]]
    except ValueError as err:
        raise KanastaError(f"--resume: {path}: a line is not a saved game ({err})") from err
    path.write_text("".join(lines), encoding="utf-8")
    return [g for g in games if g.error is None]


def duration(seconds: float) -> str:
    """A time in words for a progress line: ``45 s``, ``12 min``, ``3 h 05 min``.

    >>> from kanasta.cli.match import duration
    >>> duration(44.6), duration(750), duration(3 * 3600 + 5 * 60 + 20)
    ('45 s', '12 min', '3 h 05 min')
    """
    if seconds < 59.5:
        return f"{seconds:.0f} s"
    minutes = round(seconds / 60)
    if minutes < 60:
        return f"{minutes} min"
    return f"{minutes // 60} h {minutes % 60:02d} min"


class _Progress:
    """A one-line progress report on a terminal (nothing elsewhere): games done from 0/N, rate, time left."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.on = stream.isatty()
        self.start = time.monotonic()
        self.first: int | None = None

    def line(self, done: int, total: int, elapsed: float) -> str:
        """The text shown after ``done`` of ``total`` games and ``elapsed`` seconds (``first`` games were
        already done when the match began: a resumed match)."""
        width = 30
        filled = width * done // total if total else width
        text = f"[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games"
        played = done - (self.first or 0)
        if played > 0 and elapsed > 0:
            rate = played / elapsed
            per = f"{rate:.2f} games/s" if rate >= 1 / 60 else f"{rate * 3600:.1f} games/h"
            text += f", {per}, {duration(elapsed)} so far"
            if done < total:
                text += f", about {duration((total - done) / rate)} left"
        return text

    def __call__(self, done: int, total: int) -> None:
        if self.first is None:
            self.first = done
            self.start = time.monotonic()
        if not self.on:
            return
        self.stream.write("\r" + self.line(done, total, time.monotonic() - self.start) + "\033[K")
        if done == total:
            self.stream.write("\n")
        self.stream.flush()


def _sample_moves(rules: Rules, seed: int) -> tuple[int, list[PlayerView]]:
    """The moves of one game of greedy bots, and views from it to time a search move on."""
    from kanasta.bots import GreedyBot
    from kanasta.state import new_game

    state = new_game(rules, seed=seed)
    bot = GreedyBot()
    views: list[PlayerView] = []
    moves = 0
    while not state.is_game_over and moves < 20_000:
        view = state.view(state.player)
        if moves % 37 == 11 and len(views) < 3:
            views.append(view)
        state = state.apply(bot.choose(view))
        moves += 1
    return moves, views


def estimate_seconds(rules: Rules, specs: Sequence[BotSpec], games: int, jobs: int, seed: int = 0) -> float:
    """The expected wall time of a match (or a round robin) of ``specs``' search bots, in seconds.

    A game's length is taken from one game of greedy bots; each search spec's
    time a move from three moves timed here (CPU time); the other bots' moves
    count as free.  A match of two bots puts each at half the seats of every
    game; a round robin plays ``games`` games for every pair.  ``jobs``
    processes share the work.  A rough figure: search bots play longer or
    shorter games than greedy ones, and a loaded machine is slower.
    """
    moves, views = _sample_moves(rules, seed)
    cost: dict[BotSpec, float] = {}
    for spec in specs:
        if spec.name != "search" or spec in cost or not views:
            continue
        bot = spec(seed)
        start = time.process_time()
        for view in views:
            bot.choose(view)
        cost[spec] = (time.process_time() - start) / len(views)
    per_game = [moves / rules.teams * cost.get(spec, 0.0) for spec in specs]  # a bot holds 1/teams of the seats
    if len(specs) > rules.teams:  # a round robin: every pair plays `games` games
        total = sum(games * (per_game[i] + per_game[j])
                    for i in range(len(specs)) for j in range(i + 1, len(specs)))
    else:
        total = games * sum(per_game)
    return total / max(jobs, 1)


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """Play what ``args`` ask for and print it; returns the exit status."""
    rules = preset(args.rules)
    try:
        if args.target is not None:
            rules = attrs.evolve(rules, target_score=args.target)
        specs = [BotSpec.parse(name) for name in args.bots.split(",")]
    except KanastaError as err:
        parser.error(str(err))
    if any(spec.name == "search" for spec in specs) and args.games > 0:
        expected = estimate_seconds(rules, specs, args.games, args.jobs if args.backend == "process" else 1,
                                    args.seed)
        if expected > LONG:
            print(f"kanasta match: {args.games} games{' a pair' if len(specs) > rules.teams else ''} with "
                  f"search bots: expect about {duration(expected)} (--jobs {args.jobs}; estimated from "
                  f"search moves timed on this machine; Ctrl-C stops)", file=sys.stderr, flush=True)
    progress = _Progress(sys.stderr)
    path = args.save or args.resume
    try:
        if len(specs) > rules.teams:
            if path is not None:
                parser.error("--save and --resume are for a match of one bot a team, not a tournament")
            result: MatchResult | TournamentResult = play_tournament(
                rules, specs, games=args.games, seed=args.seed, jobs=args.jobs, backend=args.backend,
                address=args.address, progress=progress,
            )
        else:
            described = _describe(rules, specs, args.games, args.seed)
            finished: list[MatchGame] = []
            if args.resume is not None:
                finished = _read_save(args.resume, described)
            elif args.save is not None:
                args.save.write_text(json.dumps(described) + "\n", encoding="utf-8")

            def save(game: MatchGame) -> None:
                if path is not None:
                    with path.open("a", encoding="utf-8") as out:
                        out.write(json.dumps(game.to_dict()) + "\n")

            result = play_match(
                rules, specs, games=args.games, seed=args.seed, jobs=args.jobs, backend=args.backend,
                address=args.address, progress=progress, on_game=save, finished=finished,
            )
    except OSError as err:
        parser.error(f"{path}: {err.strerror}")
    except KanastaError as err:
        parser.error(str(err))
    if args.format == "json":
        print(result.to_json())
    elif args.format == "csv":
        print(result.to_csv(), end="")
    else:
        print(result.table())
    failed = result.failed if isinstance(result, MatchResult) else tuple(
        g for m in result.matches for g in m.failed)
    if failed:
        print(f"kanasta match: {len(failed)} game{'s' if len(failed) > 1 else ''} failed (left out of the "
              "table): " + "; ".join(f"game {g.index} (game seed {g.seed}): {g.error}" for g in failed),
              file=sys.stderr)
        return 1
    return 0
