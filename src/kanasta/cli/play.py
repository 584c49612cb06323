"""``kanasta play``: a whole game between bots, or with people at some seats, in the terminal.

The implementation of the subcommand; the package :mod:`kanasta.cli` registers it.
Without ``--human`` the bots play and every move is printed (the watcher sees
every card).  With ``--human 0`` (or ``0,2``...) those seats are typed at
the terminal: the seat's view is drawn (suit symbols and colour on a
terminal, none with ``NO_COLOR`` or when the output is not a terminal), moves
are typed in action notation, and other seats' moves are shown as the
(first) human seat sees them.  ``--record FILE`` saves the game as a
:class:`~kanasta.GameRecord` when it ends or stops.
"""

from __future__ import annotations

import argparse
import os
import secrets
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Final, TextIO

import attrs

from kanasta.actions import Action, parse_action
from kanasta.bots import Bot
from kanasta.bots.match import BOT_NAMES, BotSpec
from kanasta.bots.sampling import sample_state
from kanasta.documents.record import GameRecord
from kanasta.errors import KanastaError, NotationError
from kanasta.rules import PRESET_NAMES, Rules, preset
from kanasta.state import CardsDrawn, GameEnded, HandEnded, HandStarted, State, new_game
from kanasta.text import TextRenderer
from kanasta.view import PlayerView, SeenEvent

__all__ = ["add_arguments", "game_seed", "make_bot", "run", "terminal_renderer"]

TITLES: Final[dict[str, str]] = {"classic": "Classic Canasta", "kanasta": "Kanasta"}
"""The game's display title, by the first word of the preset's name (``classic-3`` is Classic)."""

_DEFAULT_BOTS: Final = ("greedy", "random")
_INDENT: Final = " " * 10

HELP: Final = """\
Type a move in action notation (any letter case; 10 or T for ten; suit symbols welcome):
  draw                draw from the stock
  take [CARDS] [@N]   take the pile (Classic: with the cards that meld its top card,
                      or @N to put it on your meld N)
  meld CARDS          lay a new meld, e.g. meld 7H 7S JK (a run low to high)
  add @N CARDS        add cards to your side's meld N
  extend @N CARDS     a run's whole new list, low to high
  discard CARD        discard a card, ending your turn
  ask / yes / no      ask partner to go out / answer
  decline             decline the pile when the stock is empty
Other commands:
  moves               list your legal moves (then a number picks one)
  look                draw the table again
  help                this text
  quit                stop the game (saved with --record)"""
"""What ``help`` prints at a human seat."""


def terminal_renderer(rules: Rules, out: TextIO) -> TextRenderer:
    """A renderer for ``out``: suit symbols and colour on a terminal, plain ASCII otherwise.

    Colour is off when the ``NO_COLOR`` environment variable is set (to
    anything but ``""``), as the convention at no-color.org asks.

    >>> import io, kanasta
    >>> from kanasta.cli.play import terminal_renderer
    >>> r = terminal_renderer(kanasta.Rules.classic(), io.StringIO())
    >>> r.pretty, r.colour
    (False, False)
    """
    tty = out.isatty()
    utf8 = (getattr(out, "encoding", None) or "").lower().replace("-", "") == "utf8"
    return TextRenderer(rules, pretty=tty and utf8, colour=tty and not os.environ.get("NO_COLOR"))


def game_seed(seed: int | None) -> int:
    """The seed rule of ``kanasta play`` and ``kanasta serve``: ``--seed N`` deals game N, else a random seed.

    The random seed (0 to 2**63 - 1) is printed in the game's first
    line, so ``--seed`` deals the same game again.

    >>> from kanasta.cli.play import game_seed
    >>> game_seed(7)
    7
    >>> 0 <= game_seed(None) < 2**63
    True
    """
    return secrets.randbits(63) if seed is None else seed


def make_bot(spec: BotSpec, seed: int, seat: int) -> Bot:
    """The bot ``spec`` names at ``seat`` of the game with seed ``seed``, for ``play`` and ``serve``.

    The bot's own seed is 8 × seed + seat, modulo 2**64 (a bot's seed is 64 bits).

    >>> from kanasta.cli.play import make_bot
    >>> from kanasta.bots.match import BotSpec
    >>> make_bot(BotSpec.parse("search:10"), 1, 3)
    SearchBot(iterations=10, seed=11)
    >>> make_bot(BotSpec.parse("search:10"), 2**64 - 1, 3)
    SearchBot(iterations=10, seed=18446744073709551611)
    """
    return spec((8 * seed + seat) % 2**64)


def add_arguments(play: argparse.ArgumentParser) -> None:
    """The options of ``kanasta play``."""
    play.add_argument(
        "--rules",
        choices=PRESET_NAMES,
        default="classic",
        help="the rules preset (default: classic, the four-player partnership game)",
    )
    play.add_argument(
        "--seed", type=int, default=None,
        help="the game's seed, 0 to 2**64-1 (default: a random one, printed in the first line)",
    )
    play.add_argument(
        "--bots",
        default=None,
        metavar="NAME[,NAME...]",
        help=(
            f"bots by seat, from {', '.join(BOT_NAMES)} (search:N: N iterations a move; search:N:S: "
            "the same, at most S CPU seconds a move): one name for every seat, one per team "
            "or one per seat (default: greedy at even seats, random at odd seats)"
        ),
    )
    play.add_argument(
        "--human",
        default=None,
        metavar="SEAT[,SEAT...]",
        help="seats played at this terminal (moves typed in action notation); the others are bots",
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
    play.add_argument(
        "--record", default=None, metavar="FILE", help="save the game (rules, seed, moves) as JSON when it ends"
    )


def _bot_specs(text: str | None, rules: Rules, parser: argparse.ArgumentParser) -> list[BotSpec]:
    if text is None:
        return [BotSpec(_DEFAULT_BOTS[seat % len(_DEFAULT_BOTS)]) for seat in range(rules.players)]
    names: list[BotSpec] = []
    for name in text.split(","):
        try:
            names.append(BotSpec.parse(name))
        except KanastaError as err:
            parser.error(f"--bots: {str(err).removeprefix('bot: ')}")
    if len(names) not in (1, rules.teams, rules.players):
        counts = sorted({1, rules.teams, rules.players})
        parser.error(
            f"--bots: give {' or '.join(str(c) for c in counts)} names for {rules.players} players "
            f"(one for all seats, one per team, or one per seat), not {len(names)}"
        )
    return [names[seat % len(names)] for seat in range(rules.players)]


def _human_seats(text: str | None, rules: Rules, parser: argparse.ArgumentParser) -> list[int]:
    if text is None:
        return []
    seats = []
    for part in text.split(","):
        part = part.strip()
        if not (part.isascii() and part.isdigit() and len(part) <= 2 and int(part) < rules.players):
            parser.error(f"--human: seats are 0 to {rules.players - 1}, not {part!r}")
        if int(part) not in seats:
            seats.append(int(part))
    return sorted(seats)


class _Screen:
    """Writes the game: every move and event for a watcher, or as the human seats see them."""

    def __init__(self, rules: Rules, out: TextIO, *, quiet: bool, renderer: TextRenderer) -> None:
        self.rules = rules
        self.out = out
        self.quiet = quiet
        self.text = renderer

    def line(self, text: str = "") -> None:
        print(text, file=self.out, flush=True)

    def header(self, title: str, seed: int, names: Sequence[str]) -> None:
        """The game's title line and who sits where (``names`` by seat; none: only the teams)."""
        r = self.rules
        self.line(f"{title}, {r.players} players: target {r.target_score}, seed {seed}")
        parts = [", ".join(f"{seat} {name}" for seat, name in enumerate(names))] if names else []
        if r.teams != r.players:
            parts.append(", ".join(self.text.side(t, long=True) for t in range(r.teams)))
        if parts:
            self.line(("Seats: " if names else "Teams: ") + "; ".join(parts))

    def move(self, seat: int, action: Action, events: Sequence[SeenEvent]) -> None:
        if not self.quiet:
            self.line("  " + self.text.move(seat, action, events))
        self.events(events)

    def events(self, events: Sequence[SeenEvent]) -> None:
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


class _Quit(Exception):
    """The person at the terminal stopped the game."""


def _ask_human(view: PlayerView, screen: _Screen, read: Callable[[str], str]) -> Action:
    """Read moves at a human seat until one is legal; refusals keep the game going."""
    screen.line()
    screen.line(screen.text.view(view, moves=False))
    listed: tuple[Action, ...] = ()
    while True:
        try:
            line = read(f"seat {view.seat}> ").strip()
        except EOFError:
            screen.line()
            raise _Quit from None
        word = line.lower()
        if not word:
            continue
        if word in ("help", "?", "h"):
            screen.line(HELP)
        elif word in ("moves", "m", "legal"):
            listed = view.legal_actions()
            for i, action in enumerate(listed, 1):
                screen.line(f"  {i:>3}. {action}")
        elif word in ("look", "l", "table"):
            screen.line(screen.text.view(view, moves=False))
        elif word in ("quit", "exit", "q"):
            raise _Quit
        elif word.isdigit():
            if not listed:
                screen.line("Type 'moves' first to list your moves, then a number picks one.")
            elif 1 <= int(word) <= len(listed):
                return listed[int(word) - 1]
            else:
                screen.line(f"Pick a move from 1 to {len(listed)}.")
        else:
            try:
                action = parse_action(line)
            except NotationError as err:
                screen.line(f"Not understood: {err}. Type 'help' for the notation.")
                continue
            if view.is_legal(action):
                return action
            screen.line(f"Not allowed: {_reason(view, action)}. Type 'moves' to list your moves.")


def _reason(view: PlayerView, action: Action) -> str:
    """Why a move is refused: the engine's reason, asked of a state the view could be (E-2)."""
    try:
        problem = sample_state(view, 0).explain(action)
    except KanastaError:
        problem = None
    return problem or "not one of your legal moves now"


def run(
    args: argparse.Namespace,
    parser: argparse.ArgumentParser,
    *,
    out: TextIO | None = None,
    read: Callable[[str], str] = input,
) -> int:
    """Play the game ``kanasta play`` was asked for; the exit status (0: played out)."""
    out = sys.stdout if out is None else out
    rules = preset(args.rules)
    title = TITLES[args.rules.partition("-")[0]]
    if args.target is not None:
        try:
            rules = attrs.evolve(rules, target_score=args.target)
        except KanastaError as err:
            parser.error(f"--target: {err}")
    specs = _bot_specs(args.bots, rules, parser)
    humans = _human_seats(args.human, rules, parser)
    names = ["human" if seat in humans else str(spec) for seat, spec in enumerate(specs)]
    if args.max_moves < 0:
        parser.error(f"--max-moves: must be at least 0, not {args.max_moves}")
    record_path = Path(args.record) if args.record is not None else None
    if record_path is not None and (record_path.is_dir() or not record_path.parent.is_dir()):
        parser.error(f"--record: cannot write {str(record_path)!r}")
    seed = game_seed(args.seed)
    try:
        state = new_game(rules, seed=seed)
    except KanastaError as err:
        parser.error(f"--seed: {str(err).removeprefix('seed: ')}")
    bots = {s: make_bot(spec, seed, s) for s, spec in enumerate(specs) if s not in humans}
    renderer = terminal_renderer(rules, out) if humans else TextRenderer(rules)
    screen = _Screen(rules, out, quiet=args.quiet, renderer=renderer)
    screen.header(title, seed, names)
    if humans:
        screen.line("Type 'help' for the notation, 'moves' for your legal moves, 'quit' to stop.")
    watcher = humans[0] if humans else None
    screen.events(state.events if watcher is None else state.view(watcher).events)
    moves = 0
    stopped = False
    try:
        while not state.is_game_over and moves < args.max_moves:
            seat = state.current_player
            assert seat is not None
            view = state.view(seat)
            action = _ask_human(view, screen, read) if seat in humans else bots[seat].choose(view)
            state = state.apply(action)
            moves += 1
            screen.move(seat, action, state.events if watcher is None else state.view(watcher).events)
    except _Quit:
        stopped = True
        screen.line("Game stopped.")
    except KeyboardInterrupt:
        stopped = True
        screen.line()
        screen.line("Game stopped.")
    if record_path is not None:
        record_path.write_text(GameRecord.from_state(state, check=False).to_json(indent=1) + "\n", encoding="utf-8")
        screen.line(f"Game saved to {record_path} ({moves} moves); replay it with: kanasta replay {record_path}")
    if not stopped:
        screen.result(state, moves)
    return 0 if state.is_game_over else 1
