"""Profile random play of one kanasta preset with cProfile: where does the engine spend its time?

Plays a few whole games with seeded random legal moves (the same games as
``bench_random_play.py`` with the same ``--seed``) under cProfile and prints the top
functions, by own time (``tottime``) unless ``--sort`` says otherwise.  Stdlib only.

    python benchmarks/profile_play.py --rules kanasta --games 2
    python benchmarks/profile_play.py --rules classic --sort cumulative --top 50 --out play.prof

cProfile slows every Python call down, so the times it prints are inflated and the
small functions most of all: use it to see where time goes, and bench_random_play.py
for the speed itself.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
import time
from collections.abc import Sequence

from bench_random_play import PRESETS, game_seeds, play_game

SORT_KEYS = ("tottime", "cumulative", "ncalls", "pcalls")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="cProfile over random games of one kanasta preset.")
    parser.add_argument(
        "--rules", default="classic", choices=list(PRESETS), help="the preset (default classic)"
    )
    parser.add_argument("--games", type=int, default=3, help="games to play (default 3)")
    parser.add_argument("--seed", type=int, default=1, help="first game seed; game g uses seed+g (default 1)")
    parser.add_argument("--top", type=int, default=30, help="functions to print (default 30)")
    parser.add_argument("--sort", default="tottime", choices=SORT_KEYS, help="sort key (default tottime)")
    parser.add_argument(
        "--out", metavar="FILE", default=None, help="also save the raw profile (for snakeviz etc.)"
    )
    args = parser.parse_args(argv)
    if args.games < 1 or args.top < 1:
        parser.error("--games and --top must be at least 1")

    rules = PRESETS[args.rules]
    profiler = cProfile.Profile()
    moves = hands = 0
    start = time.perf_counter()
    profiler.enable()
    for seed in game_seeds(args.seed, args.games):
        m, h = play_game(rules, seed)
        moves += m
        hands += h
    profiler.disable()
    elapsed = time.perf_counter() - start

    print(
        f"{args.rules}: {args.games} game(s) from seed {args.seed}, {moves:,} moves, {hands} hands, "
        f"{elapsed:.2f} s under the profiler"
    )
    if args.out:
        profiler.dump_stats(args.out)
        print(f"raw profile written to {args.out}")
    stats = pstats.Stats(profiler, stream=sys.stdout)
    stats.strip_dirs().sort_stats(args.sort).print_stats(args.top)
    return 0


if __name__ == "__main__":
    sys.exit(main())
