"""Speed through the reinforcement-learning adapters, beside the raw engine (issue 14).

Every loop plays the *same* random games: at each decision a move is chosen uniformly
from the engine's ``legal_actions()`` by ``random.Random(seed)``; the adapters then spell
it as ids (``kanasta.rl.actions.encode``) and take one step per id.  Measured loops:

- ``engine``: ``legal_actions()`` + ``rng.choice`` + ``apply()`` (the introduction's loop);
- ``actions``: the same, through ``Decisions``: the tree of the position, then
  ``legal_ids`` (the mask) and ``step`` for every id of the move;
- ``pettingzoo``: ``KanastaAECEnv``: ``env.last()`` (the observation tensor and mask)
  and ``env.step(id)`` for every id;
- ``openspiel``: the ``pyspiel`` state: ``legal_actions()`` and ``apply_action(id)`` for
  every id (no observation asked).

Each figure is the median over ``--repeat`` runs, each run in a fresh interpreter (the
engine's E-2 memo would flatter a repeated game), of ``--moves`` moves from one seed
(seed ``S + r`` in run ``r``; a game that ends early is followed by the next seed).
Within a repeat the loops run one after the other, so that drift in the machine's load
hits them alike.  Printed: moves/s (kanasta moves, comparable between loops), steps/s
(adapter steps: ids) and the median ratio of each loop's moves/s to the engine's in the
same repeat.  Needs the ``pettingzoo`` and ``openspiel`` extras.  Run
``python benchmarks/bench_rl.py --help``.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable

import kanasta
from kanasta.rl.actions import Decisions, encode

RULES: dict[str, Callable[[], kanasta.Rules]] = {
    "classic": kanasta.Rules.classic,
    "kanasta": kanasta.Rules.kanasta,
}
LOOPS = ("engine", "actions", "pettingzoo", "openspiel")


def _moves(rules: kanasta.Rules, seed: int, count: int) -> list[tuple[int, list[kanasta.Action]]]:
    """The games to play: (seed, moves) pairs with ``count`` moves in all (not timed)."""
    out: list[tuple[int, list[kanasta.Action]]] = []
    left = count
    while left > 0:
        state = kanasta.new_game(rules, seed)
        rng = random.Random(seed)
        moves: list[kanasta.Action] = []
        while left > 0 and not state.is_game_over:
            move = rng.choice(state.legal_actions())
            moves.append(move)
            state = state.apply(move)
            left -= 1
        out.append((seed, moves))
        seed += 1
    return out


def _run_engine(rules: kanasta.Rules, games: list[tuple[int, list[kanasta.Action]]]) -> int:
    for seed, moves in games:
        state = kanasta.new_game(rules, seed)
        rng = random.Random(seed)
        for _ in moves:
            state = state.apply(rng.choice(state.legal_actions()))
    return 0


def _run_actions(rules: kanasta.Rules, games: list[tuple[int, list[kanasta.Action]]]) -> int:
    steps = 0
    for seed, moves in games:
        state = kanasta.new_game(rules, seed)
        for move in moves:
            tree = Decisions(state.legal_actions())
            prefix: tuple[int, ...] | kanasta.Action = ()
            for i in encode(move):
                assert isinstance(prefix, tuple)
                tree.legal_ids(prefix)
                prefix = tree.step(prefix, i)
                steps += 1
            assert not isinstance(prefix, tuple)
            state = state.apply(prefix)
    return steps


def _run_pettingzoo(rules: kanasta.Rules, games: list[tuple[int, list[kanasta.Action]]]) -> int:
    from kanasta.rl.pettingzoo import KanastaAECEnv

    env = KanastaAECEnv(rules)
    steps = 0
    for seed, moves in games:
        env.reset(options={"game_seed": seed})
        for move in moves:
            for i in encode(move):
                env.last()
                env.step(i)
                steps += 1
    return steps


def _run_openspiel(rules: kanasta.Rules, games: list[tuple[int, list[kanasta.Action]]]) -> int:
    import pyspiel

    import kanasta.rl.openspiel as ks

    name = "python_kanasta" if rules.name == "kanasta" else "python_classic_canasta"
    game = pyspiel.load_game(name)
    steps = 0
    for seed, moves in games:
        state = game.new_initial_state()
        for byte in seed.to_bytes(ks.SEED_BYTES, "big"):
            state.apply_action(byte)
        for move in moves:
            for i in encode(move):
                state.legal_actions()
                state.apply_action(i)
                steps += 1
    return steps


RUNNERS: dict[str, Callable[[kanasta.Rules, list[tuple[int, list[kanasta.Action]]]], int]] = {
    "engine": _run_engine,
    "actions": _run_actions,
    "pettingzoo": _run_pettingzoo,
    "openspiel": _run_openspiel,
}


def one(loop: str, rules_name: str, seed: int, count: int) -> dict[str, float]:
    """One measurement (run in a fresh interpreter by :func:`main`)."""
    rules = RULES[rules_name]()
    games = _moves(rules, seed, count)
    if loop == "pettingzoo":
        import kanasta.rl.pettingzoo
    elif loop == "openspiel":
        import kanasta.rl.openspiel  # noqa: F401
    start = time.perf_counter()
    steps = RUNNERS[loop](rules, games)
    elapsed = time.perf_counter() - start
    moves = sum(len(m) for _, m in games)
    return {"moves_per_s": moves / elapsed, "steps_per_s": (steps or moves) / elapsed}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="classic,kanasta", help="comma-separated: classic, kanasta")
    parser.add_argument("--loops", default=",".join(LOOPS), help="comma-separated: " + ", ".join(LOOPS))
    parser.add_argument("--moves", type=int, default=1500, help="moves per run (default 1500)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure, each in a fresh process")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--one", nargs=2, metavar=("LOOP", "RULES"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.one:
        print(json.dumps(one(args.one[0], args.one[1], args.seed, args.moves)))
        return
    print(f"python {platform.python_version()} ({platform.python_implementation()}), {platform.machine()}, "
          f"{args.moves} moves per run, median of {args.repeat} runs")
    print(f"{'rules':<9} {'loop':<11} {'moves/s':>9} {'steps/s':>9} {'vs engine':>10}")
    loops = args.loops.split(",")
    for rules_name in args.rules.split(","):
        runs: dict[str, list[dict[str, float]]] = {loop: [] for loop in loops}
        for r in range(args.repeat):  # the loops interleaved, so that drift in the machine's load hits all alike
            for loop in loops:
                cmd = [sys.executable, __file__, "--one", loop, rules_name, "--seed", str(args.seed + r),
                       "--moves", str(args.moves)]
                runs[loop].append(json.loads(subprocess.run(cmd, check=True, capture_output=True, text=True).stdout))
        for loop in loops:
            moves = statistics.median(x["moves_per_s"] for x in runs[loop])
            steps = statistics.median(x["steps_per_s"] for x in runs[loop])
            ratio = ""
            if "engine" in runs:
                rel = [x["moves_per_s"] / e["moves_per_s"] for x, e in zip(runs[loop], runs["engine"], strict=True)]
                ratio = f"{statistics.median(rel):.2f}x"
            print(f"{rules_name:<9} {loop:<11} {moves:>9,.0f} {steps:>9,.0f} {ratio:>10}", flush=True)

if __name__ == "__main__":
    main()
