"""How many library modules one play-phase ``legal_actions()`` call enters, and how often.

An *entry* is a call from one module of the library into another (a call inside a
module does not count); the figure behind issue 9's "one ``legal_actions()`` call
enters each module of the legality package once or twice, not ten times".  The
positions are play-phase states of seeded random games of each preset, asked for
their moves for the first time.  Stdlib only::

    python benchmarks/module_entries.py [--games 3] [--positions 40]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections import Counter
from types import FrameType
from typing import Any

import kanasta
from kanasta import engine

PACKAGE_DIR = kanasta.__file__.rsplit("/", 1)[0] + "/"


def module_of(frame: FrameType | None) -> str | None:
    """The library module a frame runs in (``legality.moves``), or None outside the library."""
    if frame is None:
        return None
    path = frame.f_code.co_filename
    if not path.startswith(PACKAGE_DIR):
        return None
    return path[len(PACKAGE_DIR):-3].replace("/", ".")


def entries(state: kanasta.State) -> Counter[str]:
    """The module entries of one ``legal_actions()`` computation on ``state`` (uncached)."""
    counts: Counter[str] = Counter()

    def profile(frame: FrameType, event: str, _arg: Any) -> None:
        if event != "call":
            return
        callee = module_of(frame)
        if callee is not None and callee != module_of(frame.f_back):
            counts[callee] += 1

    sys.setprofile(profile)
    try:
        engine.legal_actions(state)
    finally:
        sys.setprofile(None)
    return counts


def play_positions(games: int, per_game: int) -> list[kanasta.State]:
    out: list[kanasta.State] = []
    for rules in kanasta.rules.PRESETS.values():
        for seed in range(games):
            rng = random.Random(seed)
            state = kanasta.new_game(rules, seed)
            taken = 0
            while not state.is_game_over and taken < per_game:
                if state.phase is kanasta.Phase.PLAY and rng.random() < 0.5:
                    out.append(state)
                    taken += 1
                state = state.apply(rng.choice(state.legal_actions()))
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="games per preset (default 3)")
    parser.add_argument("--positions", type=int, default=40, help="play-phase positions per game (default 40)")
    args = parser.parse_args(argv)
    positions = play_positions(args.games, args.positions)
    per_module: dict[str, list[int]] = {}
    totals: list[int] = []
    for state in positions:
        counts = entries(state)
        totals.append(sum(counts.values()))
        for module in set(per_module) | set(counts):
            per_module.setdefault(module, [0] * (len(totals) - 1)).append(counts.get(module, 0))
    entered = [sum(1 for m in per_module if per_module[m][i]) for i in range(len(totals))]
    print(f"{len(positions)} play-phase positions, one uncached engine.legal_actions() call each")
    print(f"modules entered per call: median {statistics.median(entered):g}, max {max(entered)}")
    print(f"entries per call (calls from another module): median {statistics.median(totals):g}, max {max(totals)}")
    print(f"{'module':24s} {'median':>7s} {'p90':>5s} {'max':>5s}")
    for module in sorted(per_module, key=lambda m: -statistics.median(per_module[m])):
        values = sorted(per_module[module])
        p90 = values[int(0.9 * (len(values) - 1))]
        print(f"{module:24s} {statistics.median(values):7g} {p90:5d} {values[-1]:5d}")


if __name__ == "__main__":
    main()
