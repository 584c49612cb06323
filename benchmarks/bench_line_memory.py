"""What a line of play keeps: memory per move held by the last state of each game, both engines.

A bot or a server that keeps only the current state of a game still keeps the
game's history (``state.history``), so memory grows with the moves played.
This script plays seeded random games through the public API, keeps only the
last state of each game, and reports the bytes kept per move played, in a
fresh process per engine and per measure (as ``bench_engines.py`` measures
memory per retained state): ``tracemalloc`` (the Python heap) and the growth
of the resident set (which also counts the native core's own heap).  With
``--read-history`` every kept state's history is read once (made as Python
objects), as a replay tool or a view of the table would.

    python benchmarks/bench_line_memory.py                  # Classic and Kanasta, 20,000 moves each
    python benchmarks/bench_line_memory.py --moves 5000 --read-history
"""

from __future__ import annotations

import argparse
import json
import os
import random

from bench_engines import ENGINES, PRESETS, Engine, grown_per, in_children

import kanasta


def line_memory(preset: str, engine: Engine, moves: int, how: str, read_history: bool) -> tuple[int, float]:
    """Moves played, and bytes kept per move: Python heap (``how="traced"``) or resident set growth (``"rss"``)."""
    rules = PRESETS[preset]
    kept: list[kanasta.State] = []

    def play() -> int:
        played = 0
        seed = 1
        while played < moves:
            state = kanasta.new_game(rules, seed, engine=engine)
            choose = random.Random(seed).choice
            while not state.is_game_over and played < moves:
                state = state.apply(choose(state.legal_actions()))
                played += 1
            if read_history:
                assert len(state.history) > 0
            kept.append(state)  # the last state only: the game's earlier states may go
            seed += 1
        return played

    return grown_per(how, play)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--moves", type=int, default=20_000, help="moves played per preset and engine (default 20000)")
    parser.add_argument("--presets", default="classic,kanasta", help="presets to play (default classic,kanasta)")
    parser.add_argument("--read-history", action="store_true", help="read each kept state's history once")
    parser.add_argument("--worker", default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        preset, engine, moves, read, how = args.worker.split(",")
        chosen: Engine = "native" if engine == "native" else "python"
        print(json.dumps(line_memory(preset, chosen, int(moves), how, read == "1")))
        return
    history = "history read" if args.read_history else "history not read"
    print(f"bytes kept per move played, only each game's last state kept ({history}); tracemalloc / RSS")
    for preset in args.presets.split(","):
        for engine in ENGINES:
            job = f"{preset},{engine},{args.moves},{int(args.read_history)}"
            traced, rss = in_children(os.path.abspath(__file__), "--worker", job)
            print(f"  {preset:<10} {engine:<7} {traced:8.0f} / {rss:8.0f}")


if __name__ == "__main__":
    main()
