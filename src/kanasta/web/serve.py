"""``kanasta serve``: play at a browser table, humans and bots mixed.

>>> from kanasta.web.serve import parse_seats
>>> parse_seats("0, 2", 4)
[0, 2]
>>> parse_seats("4", 4)
Traceback (most recent call last):
...
ValueError: no seat 4: seats are 0 to 3
"""

from __future__ import annotations

import argparse
import socket
import sys

from kanasta.bots.match import BOT_NAMES, BotSpec
from kanasta.errors import KanastaError
from kanasta.rules import PRESET_NAMES, preset
from kanasta.state import new_game

__all__ = ["add_parser", "parse_seats", "serve"]

def parse_seats(text: str, players: int) -> list[int]:
    """The seats in ``--human``'s comma-separated list, checked against the number of players."""
    seats: list[int] = []
    for part in text.split(","):
        part = part.strip()
        if not part.isdigit():
            raise ValueError(f"{part!r} is not a seat number")
        seat = int(part)
        if seat >= players:
            raise ValueError(f"no seat {seat}: seats are 0 to {players - 1}")
        if seat in seats:
            raise ValueError(f"seat {seat} is named twice")
        seats.append(seat)
    return seats


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``serve`` on the ``kanasta`` command's subcommands."""
    p = sub.add_parser(
        "serve",
        help="play at a browser table (needs the web extra)",
        description=(
            "Serve a game to browsers: one page per human seat, showing only that seat's view; "
            "bots play the other seats. Needs pip install 'kanasta[web]'."
        ),
        epilog="Example: kanasta serve --rules classic --human 0,2 --bots greedy",
    )
    p.add_argument("--rules", choices=PRESET_NAMES, default="classic", help="the rules preset (default: classic)")
    p.add_argument(
        "--seed",
        type=int,
        default=None,
        help="the game's seed (default: a random one; printed only when at most one human plays)",
    )
    p.add_argument("--human", default="0", metavar="SEAT[,SEAT...]", help="the human seats (default: 0)")
    p.add_argument(
        "--bots",
        default="greedy",
        metavar="BOT",
        help=f"the bot playing every other seat: {', '.join(BOT_NAMES)} or search:ITERATIONS (default: greedy)",
    )
    p.add_argument("--target", type=int, default=None, metavar="POINTS", help="end the game at this score")
    p.add_argument(
        "--host", default="127.0.0.1", help="the address to listen on (default: 127.0.0.1, this machine only)"
    )
    p.add_argument("--port", type=int, default=8000, help="the port (default: 8000; 0 picks a free one)")
    p.add_argument(
        "--bot-delay",
        type=float,
        default=0.8,
        metavar="SECONDS",
        help="pause before each bot move, so that people can follow (default: 0.8)",
    )
    p.set_defaults(subparser=p)


def serve(args: argparse.Namespace) -> int:
    """Run ``kanasta serve`` with parsed arguments; returns the exit status."""
    parser: argparse.ArgumentParser = args.subparser
    try:
        import uvicorn

        from kanasta.web.app import create_app
    except ImportError as err:
        parser.error(f"the browser table needs the web extra: pip install 'kanasta[web]' "
                     f"(from a checkout: pip install '.[web]') ({err})")
    import attrs

    from kanasta.cli.play import game_seed, make_bot
    from kanasta.web.table import Table

    rules = preset(args.rules)
    game = "Kanasta" if args.rules == "kanasta" else "Classic Canasta"
    title = f"{game}, {rules.players} players"
    if args.target is not None:
        try:
            rules = attrs.evolve(rules, target_score=args.target)
        except KanastaError as err:
            parser.error(f"--target: {err}")
    try:
        spec = BotSpec.parse(args.bots)
    except KanastaError as err:
        parser.error(f"--bots: {str(err).removeprefix('bot: ')}")
    try:
        humans = parse_seats(args.human, rules.players)
    except ValueError as err:
        parser.error(f"--human: {err}")
    if not 0 <= args.port <= 65535:
        parser.error(f"--port: must be from 0 to 65535, not {args.port}")
    if not args.bot_delay >= 0:
        parser.error(f"--bot-delay: must be at least 0, not {args.bot_delay}")
    seed = game_seed(args.seed)  # the seed rule of play and serve
    try:
        state = new_game(rules, seed=seed)
    except KanastaError as err:
        parser.error(f"--seed: {err}")
    bots = {s: make_bot(spec, seed, s) for s in range(rules.players) if s not in humans}
    table = Table(state, humans=humans, bots=bots, bot_delay=args.bot_delay, title=title)
    family = socket.AF_INET6 if ":" in args.host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((args.host, args.port))
    except OSError as err:
        parser.error(f"cannot listen on {args.host} port {args.port}: {err.strerror}")
    sock.listen(128)  # listening before the addresses are printed: a browser opened at once connects
    host, port = sock.getsockname()[:2]
    shown = f"[{host}]" if family == socket.AF_INET6 else host
    seats = ", ".join(f"{s} {k}" for s, k in enumerate(table.seats))
    if len(humans) > 1:
        # the seed deals every hand: a host who plays beside other people must not see it
        print(f"{title} (seed not shown: {len(humans)} people play): seats {seats}")
    else:
        print(f"{title}, seed {seed}: seats {seats}")
    for seat in humans:
        print(f"  seat {seat}: http://{shown}:{port}/seat/{seat}?token={table.token(seat)}")
    print("Each address is that seat's secret: give it only to its player. Ctrl-C stops the server.")
    sys.stdout.flush()
    config = uvicorn.Config(create_app(table), log_level="warning", ws_max_size=65536, ws_ping_interval=20)
    uvicorn.Server(config).run(sockets=[sock])
    return 0
