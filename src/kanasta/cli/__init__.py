"""The ``kanasta`` command: watch built-in bots play a whole game.

``python -m kanasta play`` (or the ``kanasta`` console script) plays one game
between the bots of :mod:`kanasta.bots` and prints it move by move in action
notation (``str(action)``, see :func:`kanasta.parse_action`), with what the
engine did along the way (red 3s laid, piles and packets taken, teams opened,
hands ended), each hand's score breakdown per team and the final result.
``--quiet`` prints only the hand summaries and the result.  The output is
plain ASCII and the same on every machine for the same arguments.

The package is the command: :func:`main` parses the arguments and runs the
subcommand, each in a module of its own — :mod:`kanasta.cli.play` (a game
between bots, or with people at the terminal; its seed and bot rules are
``kanasta serve``'s too), :mod:`kanasta.cli.replay` (a saved game, move by
move) and :mod:`kanasta.cli.match` (a match or a tournament) — and
``kanasta serve``, which lives with the browser table (:mod:`kanasta.web.serve`).
They use the library's public API and print through :class:`~kanasta.TextRenderer`.

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
from collections.abc import Sequence

from kanasta.cli import match, play, replay

__all__ = ["main"]


def _parser() -> argparse.ArgumentParser:
    from kanasta import __version__

    parser = argparse.ArgumentParser(
        prog="kanasta",
        description="Kanasta and Classic Canasta rules engine: watch built-in bots play a game.",
        epilog="Example: kanasta play --rules kanasta --seed 7 --bots greedy,random",
    )
    parser.add_argument("--version", action="version", version=f"kanasta {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    play_parser = sub.add_parser(
        "play",
        help="play a whole game between built-in bots (or with you at some seats) and print it",
        description=(
            "Play a whole game between built-in bots and print it move by move in action "
            "notation, with each hand's score breakdown and the final result. With --human, "
            "you play those seats at the terminal."
        ),
    )
    play.add_arguments(play_parser)
    play_parser.set_defaults(subparser=play_parser)
    from kanasta.web.serve import add_parser as add_serve

    add_serve(sub)
    match.add_parser(sub)
    replay.add_parser(sub)
    return parser


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
            return play.run(args, args.subparser)
        if args.command == "replay":
            return replay.run(args, args.subparser)
        if args.command == "serve":
            from kanasta.web.serve import serve

            return serve(args)
        if args.command == "match":
            return match.run(args, args.subparser)
    except BrokenPipeError:  # e.g. ``kanasta play | head``: stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    parser.error(f"unknown command {args.command!r}")  # pragma: no cover - argparse checks it


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
