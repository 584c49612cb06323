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
from fractions import Fraction
from typing import Final

import attrs

from kanasta import _cmd_match
from kanasta.actions import Action, Draw
from kanasta.bots import Bot, GreedyBot, RandomBot
from kanasta.cards import format_cards
from kanasta.engine import new_game
from kanasta.errors import KanastaError
from kanasta.rules import PRESET_NAMES, Rules, preset
from kanasta.state import (
    CardsDrawn,
    Event,
    GameEnded,
    HandEnded,
    HandResult,
    HandStarted,
    PacketTaken,
    PileJoined,
    PileTaken,
    RedThreeLaid,
    State,
    StockExhausted,
    TeamOpened,
    UpcardTurned,
    WentOut,
)

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

_ENDINGS: Final[dict[str, str]] = {
    "stock": "the stock ran out",
    "red_three": "the last stock card was a red 3",
    "no_take": "the stock ran out and the next player could not take the pile",
    "declined": "the stock ran out and the next player declined the pile",
}

_INDENT: Final = " " * 10


def _points(value: Fraction | int) -> str:
    """Points as text: whole numbers plainly, halves as ``3.5`` (exact)."""
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):.1f}"


def _count(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def _side(rules: Rules, team: int, *, long: bool = False) -> str:
    """``team 0`` (with its seats when ``long``) in partnerships, else ``seat 0``."""
    if rules.teams == rules.players:
        return f"seat {team}"
    if not long:
        return f"team {team}"
    seats = "+".join(str(s) for s in range(rules.players) if rules.team_of(s) == team)
    return f"team {team} (seats {seats})"


class _Printer:
    """Writes a game as text, one move and its events at a time."""

    def __init__(self, rules: Rules, title: str, *, quiet: bool) -> None:
        self.rules = rules
        self.title = title
        self.quiet = quiet

    def line(self, text: str = "") -> None:
        print(text)

    def header(self, seed: int, bot_names: Sequence[str]) -> None:
        r = self.rules
        self.line(f"{self.title}, {r.players} players: target {r.target_score}, seed {seed}")
        seats = ", ".join(f"{seat} {name}" for seat, name in enumerate(bot_names))
        teams = ""
        if r.teams != r.players:
            teams = "; " + ", ".join(_side(r, t, long=True) for t in range(r.teams))
        self.line(f"Seats: {seats}{teams}")

    def move(self, seat: int, action: Action, events: Sequence[Event]) -> None:
        if not self.quiet:
            text = f"  seat {seat}  {action}"
            if isinstance(action, Draw):
                drawn = [c for e in events if isinstance(e, CardsDrawn) for c in e.cards]
                if drawn:
                    text += f"  -> {format_cards(drawn)}"
            self.line(text)
        self.events(events)

    def events(self, events: Sequence[Event]) -> None:
        r = self.rules
        for e in events:
            if isinstance(e, HandEnded):
                self.hand_summary(e.result)
                continue
            if isinstance(e, GameEnded) or self.quiet:
                continue
            if isinstance(e, HandStarted):
                self.line()
                self.line(
                    f"=== Hand {e.hand_number}: dealer seat {e.dealer}, seat {e.first_player} plays first ==="
                )
            elif isinstance(e, UpcardTurned):
                text = f"{_INDENT}* upcard: {format_cards(e.cards)}"
                if e.frozen:
                    text += " (the pile is frozen)"
                if e.trump is not None:
                    text += f"; trump {e.trump}"
                self.line(text)
            elif isinstance(e, RedThreeLaid):
                how = {"deal": "dealt", "stock": "drawn", "pile": "from the pile"}[e.source]
                replaced = ", replaced" if e.replacement is not None else ""
                self.line(f"{_INDENT}* seat {e.seat} lays red 3 {e.card} ({how}{replaced})")
            elif isinstance(e, PileTaken):
                self.line(f"{_INDENT}* seat {e.seat} takes the pile ({_count(len(e.cards))})")
            elif isinstance(e, PileJoined):
                self.line(
                    f"{_INDENT}* the rest of the pile ({_count(len(e.cards))}) joins seat {e.seat}'s hand"
                )
            elif isinstance(e, TeamOpened):
                by = f" (by seat {e.seat})" if r.teams != r.players else ""
                self.line(f"{_INDENT}* {_side(r, e.team, long=True)} has opened{by}")
            elif isinstance(e, PacketTaken):
                self.line(f"{_INDENT}* seat {e.seat} picks up packet {e.packet} ({_count(len(e.cards))})")
            elif isinstance(e, WentOut):
                self.line(f"{_INDENT}* seat {e.seat} goes out{' concealed' if e.concealed else ''}")
            elif isinstance(e, StockExhausted):
                self.line(f"{_INDENT}* the stock is empty")

    def hand_summary(self, result: HandResult) -> None:
        r = self.rules
        if result.ended_by == "going_out" and result.went_out is not None:
            how = f"seat {result.went_out} went out{' concealed' if result.concealed else ''}"
        else:
            how = _ENDINGS.get(result.ended_by, result.ended_by)
        self.line()
        self.line(f"--- Hand {result.hand_number} ended: {how} ---")
        if result.trump is not None:
            self.line(f"Trump: {result.trump}")
        if not self.quiet:
            for team in range(r.teams):
                melds = "; ".join(f"@{i} {m}" for i, m in enumerate(result.melds[team]))
                self.line(f"{_side(r, team, long=True)} melds: {melds or '-'}")
        teams = result.teams
        rows: list[tuple[str, list[str]]] = []
        if r.packets:
            rows.append(("packets", [f"{t.packets} = {t.packet_points}" for t in teams]))
        rows.append(("melds", [_points(t.meld_points) for t in teams]))
        rows.append(("canastas", [f"{len(t.canastas)} = {t.canasta_points}" for t in teams]))
        if r.red_threes:
            rows.append(("red 3s", [f"{t.red_threes} = {t.red_three_points}" for t in teams]))
        rows.append(("going out", [str(t.going_out_points) for t in teams]))
        rows.append(("cards in hand", [_points(-t.hand_points) for t in teams]))
        if r.round_hand_up:
            rows.append(("raw total", [_points(t.raw_total) for t in teams]))
            rows.append(("hand total (rounded up)", [str(t.total) for t in teams]))
        else:
            rows.append(("hand total", [str(t.total) for t in teams]))
        rows.append(("game score", [str(s) for s in result.scores]))
        names = [_side(r, t.team) for t in teams]
        width = max(8, *(len(n) for n in names), *(len(c) for _, cells in rows for c in cells))
        labels = max(len(label) for label, _ in rows)
        self.line(f"{'':<{labels}}" + "".join(f"{n:>{width + 2}}" for n in names))
        for label, cells in rows:
            self.line(f"{label:<{labels}}" + "".join(f"{c:>{width + 2}}" for c in cells))
        for t in teams:
            if not t.canastas:
                continue
            parts = []
            for c in t.canastas:
                part = f"@{c.meld} {c.kind} {c.base}"
                if c.trump_doubled:
                    part += f" x2 (trump) = {c.bonus}"
                parts.append(part)
            self.line(f"  {_side(r, t.team)} canastas: {'; '.join(parts)}")

    def result(self, state: State, moves: int) -> None:
        r = self.rules
        self.line()
        if state.winner is None:
            self.line(f"Result: no winner, stopped after {moves} moves (scores {state.scores})")
            return
        others = ", ".join(f"{_side(r, t)} {s}" for t, s in enumerate(state.scores) if t != state.winner)
        self.line(
            f"Result: {_side(r, state.winner)} wins with {state.scores[state.winner]} ({others}) "
            f"after {len(state.hand_results)} hands and {moves} moves"
        )


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
