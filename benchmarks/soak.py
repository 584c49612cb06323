"""Soak: play many whole games of both games with every invariant checked, and report.

    python benchmarks/soak.py --games 500              # 500 games
    python benchmarks/soak.py --minutes 25 --json soak.json

Game ``g`` is ``new_game(rules, seed + g)``: the presets in turn, every third
game a random rules variant, half the games with a policy biased toward takes
and melds (so Kanasta games reach kanastas, packets and going out).  Every
step is checked by the harness of ``tests/_invariants.py`` (card
conservation, E-1 with near misses, fast vs reference generator, E-2 with an
exhaustive oracle on small hands, scores, immutability, round trips, views);
``pytest --soak`` runs the same soak as a test.  A finding does not stop the
soak: it is printed (and written with ``--json``) with the position as a
document and the move, and the next game starts.  One process, one core.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
import time
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def _harness() -> ModuleType:
    """Load tests/_invariants.py (the test suite's harness) as a module."""
    path = ROOT / "tests" / "_invariants.py"
    spec = importlib.util.spec_from_file_location("_invariants", path)
    if spec is None or spec.loader is None:  # pragma: no cover
        raise SystemExit(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules["_invariants"] = module
    spec.loader.exec_module(module)
    return module


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Soak the engine: whole games, every invariant checked.")
    parser.add_argument("--games", type=int, default=1_000_000, help="games to play (default: until --minutes)")
    parser.add_argument("--minutes", type=float, default=None, help="stop starting games after this long")
    parser.add_argument("--seed", type=int, default=0, help="game g uses seed SEED + g (default 0)")
    parser.add_argument("--every", type=int, default=10, help="print a progress line every N games")
    parser.add_argument("--light", action="store_true",
                        help="volume: only the cheap checks on every state, round trips and pickles often")
    parser.add_argument("--json", type=Path, default=None, help="write the figures and findings to this file")
    args = parser.parse_args(argv)
    if args.minutes is None and args.games == parser.get_default("games"):
        args.minutes = 5.0
    harness: Any = _harness()
    seconds = None if args.minutes is None else args.minutes * 60

    def progress(stats: Any, elapsed: float) -> None:
        if stats.games % args.every == 0:
            print(
                f"[{elapsed:7.0f} s] games {stats.games} ({stats.finished_games} finished), moves {stats.moves}, "
                f"states {stats.states}, findings {sum(stats.finding_counts.values())}",
                file=sys.stderr, flush=True,
            )

    start = time.perf_counter()
    stats = harness.soak(args.games, seed=args.seed, seconds=seconds, progress=progress, light=args.light)
    elapsed = time.perf_counter() - start
    figures = {
        "games": stats.games,
        "finished_games": stats.finished_games,
        "moves": stats.moves,
        "states_checked": stats.states,
        "legal_moves_applied": stats.legal_moves_applied,
        "near_misses": stats.near_misses,
        "near_misses_refused": stats.near_misses_refused,
        "oracle_positions": stats.oracle_positions,
        "oracle_moves": stats.oracle_moves,
        "oracle_dead_ends": stats.oracle_dead_ends,
        "oracle_gave_up": stats.oracle_gave_up,
        "round_trips": stats.round_trips,
        "pickles": stats.pickles,
        "views": stats.views,
        "events": dict(stats.events),
        "findings": sum(stats.finding_counts.values()),
        "findings_by_kind": dict(stats.finding_counts),
        "elapsed_s": round(elapsed, 1),
        "states_per_s": round(stats.states / elapsed, 1) if elapsed else None,
    }
    for key, value in figures.items():
        print(f"{key:20} {value}")
    for finding in stats.findings[:20]:
        print(f"FINDING: {finding}")
    if args.json is not None:
        figures["finding_reports"] = [f.report() for f in stats.findings]
        args.json.write_text(json.dumps(figures, indent=1) + "\n")
    return 1 if stats.finding_counts else 0


if __name__ == "__main__":
    sys.exit(main())
