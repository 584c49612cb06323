"""What hostile and huge positions cost the reader and ``legal_actions()`` (issue 11, F3).

Each document is loaded with ``State.from_dict`` (which lists the moves, to
refuse a position with none) and its moves listed, **in a fresh interpreter**
(so no document profits from the engine's tables filled by another), and the
script prints, per document:

- the outcome: the number of legal moves, or the library error that refused it;
- the CPU time of loading and listing (``time.process_time``, median of
  ``--repeat`` runs, each in its own process);
- the peak resident memory of the worker process (``ru_maxrss``) above that of
  a worker that only imported kanasta;
- the E-2 search's memo entries left in the module afterwards (engines up to
  0.1.0 kept one memo for all calls), and the search nodes the listing expands
  (engines that give each question its own memo and budget count them), or
  ``"-"``.

The documents: the red-team report's 444-byte document (Kanasta with an
opening minimum of 1000, a run laid this turn, the team not down, 30 low
cards in hand); the same with the highest minimum the rules accept (the whole
deck's count); 40- to 50-card hands of the standard presets with the team not
down, dealt from a seeded shuffle; a custom sets-only game in which a team may
hold several sets of one rank; and a custom Kanasta minimum of 60 that a
34-card hand cannot reach, so that only the K-OPEN-4 waiver (melding down to
one card) could open: a search of the ways to meld the whole hand (it ran
into the engine's work budget before the waiver's canasta bounds).  A worker
that runs past ``--timeout`` seconds is stopped and shown as ``>T s``.

    python benchmarks/bench_worst_case.py [--repeat 3] [--timeout 60] [--only NAME,...]

Stdlib only.  Speed is never asserted in a test; tests/test_work_budget.py
asserts the same documents' behaviour.
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from types import ModuleType
from typing import Any

import kanasta

Doc = dict[str, Any]

F3_HAND = "3C 3C 3D 3D 3H 3H 3S 3S 4C 4C 4D 4D 4H 4H 4S 4S 5C 5C 5D 5D 5H 5H 5S 5S 6C 6C 6D 6D 6H 6H"


def f3_document(minimum: float) -> Doc:
    """The report's document, with the opening minimum given."""
    return {
        "format": "kanasta.position/1",
        "rules": {"preset": "kanasta", "opening_minimums": [[None, minimum]]},
        "phase": "play", "player": 0, "trump": "KD",
        "hands": [F3_HAND, "9C 9D", "9H 9S", "TC TD"],
        "melds": [["7C 8C 9C TC JC QC KC"], []], "opened": [False, False],
        "turn": {"drew": "stock", "laid": True, "melded": True, "own_from": 0, "count": 7},
    }


def big_hand(rules: str | dict[str, Any], cards: int, seed: int) -> Doc:
    """Seat 0 holds ``cards`` cards of a seeded shuffle, has drawn, and its team is not down."""
    preset = rules if isinstance(rules, str) else str(rules["preset"])
    base = kanasta.rules.preset(preset)
    deck = [str(c) for c in kanasta.DECK]
    if base.red_threes:  # red 3s are never held (C-THREE-1)
        deck = [c for c in deck if c not in ("3D", "3H")]
    random.Random(seed).shuffle(deck)
    others = [" ".join(deck[cards + 3 * k: cards + 3 * k + 3]) for k in range(base.players - 1)]
    doc: Doc = {
        "format": "kanasta.position/1", "rules": rules, "phase": "play", "player": 0,
        "hands": [" ".join(deck[:cards]), *others], "turn": {"drew": "stock"},
    }
    if base.trump:
        doc["trump"] = "KD"
    return doc


SEVERAL_SETS = {"preset": "classic", "one_meld_per_rank": False}

DOCUMENTS: dict[str, Doc] = {
    "f3-report (minimum 1000)": f3_document(1000),
    "f3 with minimum 92 (the deck)": f3_document(92),
    "kanasta 40 cards": big_hand("kanasta", 40, 6),
    "kanasta 45 cards": big_hand("kanasta", 45, 2),
    "kanasta 50 cards": big_hand("kanasta", 50, 1),
    "kanasta 50 cards b": big_hand("kanasta", 50, 5),
    "classic 45 cards": big_hand("classic", 45, 3),
    "classic 50 cards": big_hand("classic", 50, 1),
    "classic-3 50 cards": big_hand("classic-3", 50, 1),
    "classic-2 50 cards": big_hand("classic-2", 50, 1),
    "several sets 30 cards": big_hand(SEVERAL_SETS, 30, 0),
    "several sets 35 cards": big_hand(SEVERAL_SETS, 35, 0),
    "several sets 45 cards": big_hand(SEVERAL_SETS, 45, 0),
    # the K-OPEN-4 waiver with a minimum the hand cannot reach: a search melding the whole hand
    "minimum 60 34 cards": big_hand({"preset": "kanasta", "opening_minimums": [[None, 60]]}, 34, 18732),
}
"""The documents measured, by name (also used by tests/test_work_budget.py's reasoning)."""


def solver_module() -> ModuleType:
    """The Python engine's E-2 search module, wherever this version keeps it."""
    for name in ("kanasta.legality.finish", "kanasta._solver"):
        try:
            return importlib.import_module(name)
        except ImportError:
            continue
    raise SystemExit("cannot find the E-2 search module")


def measure(name: str) -> dict[str, Any]:
    """Load and list one document in this process; what it cost."""
    doc = DOCUMENTS[name]
    solver = solver_module()
    base_rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    start = time.process_time()
    outcome: str
    try:
        state = kanasta.State.from_dict(doc)
        outcome = f"{len(state.legal_actions())} moves"
    except kanasta.KanastaError as err:
        outcome = f"{type(err).__name__}: {str(err)[:60]}"
    cpu = time.process_time() - start
    rss_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - base_rss
    memo = getattr(solver, "_MEMO", None)
    return {
        "outcome": outcome,
        "cpu": cpu,
        "rss_kb": rss_kb,
        "memo": len(memo) if isinstance(memo, dict) else None,
        "nodes": search_nodes(doc) if outcome.endswith(" moves") else None,
    }


def search_nodes(doc: Doc) -> int | None:
    """The search nodes that listing the moves of ``doc`` expands, when the engine counts them.

    The listing is made again, after the timing, through the engine's internals
    (``Ctx.work``, this version's per-question memo and budget).
    """
    from kanasta.legality import context, moves

    state = kanasta.State.from_dict(doc)
    if state.phase is not kanasta.Phase.PLAY:
        return None
    ctx = context.Ctx(state)
    moves.play_actions(ctx)
    work = getattr(ctx, "work", None)
    nodes = getattr(work, "nodes", None)
    return nodes if isinstance(nodes, int) else None


def run_worker(name: str, timeout: float) -> dict[str, Any] | None:
    try:
        done = subprocess.run(
            [sys.executable, __file__, "--worker", name],
            capture_output=True, text=True, timeout=timeout, check=True,
        )
    except subprocess.TimeoutExpired:
        return None
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="What hostile and huge positions cost.")
    parser.add_argument("--repeat", type=int, default=3, help="runs per document; the median is shown")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds before a worker is stopped")
    parser.add_argument("--only", default="", help="comma-separated document names (default all)")
    parser.add_argument("--worker", default=None, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker is not None:
        print(json.dumps(measure(args.worker)))
        return 0
    names = [n for n in DOCUMENTS if not args.only or n in args.only.split(",")]
    print(f"python {sys.version.split()[0]}; kanasta {kanasta.__version__}; "
          f"CPU seconds of from_dict + legal_actions, median of {args.repeat} fresh processes")
    print(f"{'document':32} {'outcome':>44} {'cpu s':>8} {'+rss MB':>8} {'memo':>8} {'nodes':>8}")
    for name in names:
        runs = [run_worker(name, args.timeout) for _ in range(args.repeat)]
        done = [r for r in runs if r is not None]
        if len(done) < len(runs):
            print(f"{name:32} {'(stopped)':>44} {'>' + format(args.timeout, 'g'):>8}", flush=True)
            continue
        last = done[-1]
        cpu = statistics.median(r["cpu"] for r in done)
        rss = statistics.median(r["rss_kb"] for r in done) / 1024
        memo = "-" if last["memo"] is None else f"{last['memo']:,}"
        nodes = "-" if last["nodes"] is None else f"{last['nodes']:,}"
        print(f"{name:32} {last['outcome'][:44]:>44} {cpu:8.3f} {rss:8.1f} {memo:>8} {nodes:>8}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
