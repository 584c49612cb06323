"""The batched env and the batched rollouts of kanasta.rl.vector: steps per second for 1 and 2 threads.

Prints, for Classic and Kanasta:

- ``env``: environment steps per wall-clock second of :class:`kanasta.rl.vector.VectorEnv`
  (``--envs`` games, ``copy=False``), each step one random legal id per game
  (:meth:`~kanasta.rl.vector.VectorEnv.random_actions`) with the observations and masks the
  core writes;
- ``env+numpy``: the same, the ids picked in NumPy from the masks (``argmax`` of random
  scores times the mask), as a user's own policy code would;
- ``rollouts``: moves per wall-clock second of :func:`kanasta.rl.vector.rollouts`
  (random rollouts to the hand's end from sampled deals; Classic is the bar's preset);

each with 1 and with 2 threads, and the ratio of the two measured in the same repeat (the
machine may be shared: every repeat runs both thread counts back to back, and the load average
is printed), and the same work per CPU second (``time.process_time``, every thread's time
summed: what a loaded machine cannot take away).  With ``--peer-python`` (or
``KANASTA_PEER_PYTHON``) it also runs the peer engine's
OpenSpiel loop (canasta-openspiel, ``observation_tensor`` + ``legal_actions`` +
``apply_action``, as ``bench_loops.py`` runs it) in the same run and prints the env's ratio to it.

    python benchmarks/bench_vector.py --repeat 3 --seconds 1
    python benchmarks/bench_vector.py --peer-python /path/to/peer-venv/bin/python
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

import kanasta
from kanasta.rl.vector import VectorEnv, rollouts

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_loops import peer_rate  # the peer is run as bench_loops runs it

PRESETS = ("classic", "kanasta")
THREADS = (1, 2)


def env_rate(preset: str, envs: int, threads: int, seconds: float, numpy_policy: bool) -> tuple[float, float]:
    """Environment steps per wall-clock second and per CPU second (all threads' CPU time)."""
    env = VectorEnv(preset, envs, num_threads=threads, copy=False)
    out = env.reset(seed=1)
    rng = np.random.default_rng(1)
    steps = 0
    start, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - start < seconds:
        for _ in range(8):
            if numpy_policy:
                ids = (rng.random(out.masks.shape, dtype=np.float32) * out.masks).argmax(axis=1)
            else:
                ids = env.random_actions()
            out = env.step(ids)
        steps += 8 * envs
    return steps / (time.perf_counter() - start), steps / (time.process_time() - cpu)


def rollout_rate(preset: str, states: int, threads: int, seconds: float) -> tuple[float, float]:
    """Rollout moves per wall-clock second and per CPU second (random rollouts of sampled deals to the hand's end)."""
    rules = kanasta.rules.preset(preset)
    state = kanasta.new_game(rules, seed=3).apply(kanasta.Draw())
    seat = state.current_player
    assert seat is not None
    deals = [kanasta.sample_state(state.view(seat), seed=s) for s in range(states)]
    moves = 0
    seed = 0
    start, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - start < seconds:
        moves += rollouts(deals, 16, seed=seed, num_threads=threads).moves
        seed += 1
    return moves / (time.perf_counter() - start), moves / (time.process_time() - cpu)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", default=",".join(PRESETS), help="comma-separated: classic, kanasta")
    parser.add_argument("--envs", type=int, default=512, help="games in the batch; default 512")
    parser.add_argument("--states", type=int, default=32, help="states rolled out (16 rollouts each); default 32")
    parser.add_argument("--repeat", type=int, default=3, help="repeats (figures are medians); default 3")
    parser.add_argument("--seconds", type=float, default=1.0, help="wall-clock seconds per figure; default 1")
    parser.add_argument("--peer-python", default=os.environ.get("KANASTA_PEER_PYTHON"),
                        help="an interpreter with canasta-openspiel installed (default: $KANASTA_PEER_PYTHON)")
    args = parser.parse_args(argv)
    presets = [name for name in args.rules.split(",") if name]
    for name in presets:
        if name not in PRESETS:
            parser.error(f"unknown rules {name!r}")

    print(f"# {platform.python_implementation()} {platform.python_version()}, {platform.machine()}, "
          f"{os.cpu_count()} CPUs, load {os.getloadavg()[0]:.1f}; {args.repeat} repeats of {args.seconds:g} s; "
          f"{args.envs} games a batch")
    loops: dict[str, Callable[[str, int], tuple[float, float]]] = {
        "env": lambda p, t: env_rate(p, args.envs, t, args.seconds, numpy_policy=False),
        "env+numpy": lambda p, t: env_rate(p, args.envs, t, args.seconds, numpy_policy=True),
        "rollouts": lambda p, t: rollout_rate(p, args.states, t, args.seconds),
    }
    runs: dict[str, list[float]] = {}
    for repeat in range(args.repeat):
        if args.peer_python:
            runs.setdefault("peer", []).append(peer_rate(args.peer_python, "openspiel", 1, args.seconds))
        for name in presets:
            for loop, measure in loops.items():
                for threads in THREADS:
                    wall, cpu = measure(name, threads)
                    runs.setdefault(f"{name}/{loop}/{threads}", []).append(wall)
                    runs.setdefault(f"{name}/{loop}/{threads}/cpu", []).append(cpu)
        print(f"# repeat {repeat + 1}/{args.repeat} done, load {os.getloadavg()[0]:.1f}", file=sys.stderr)

    def median(key: str) -> float:
        return statistics.median(runs[key])

    def ratio(key: str, versus: str) -> float:
        return statistics.median(a / b for a, b in zip(runs[key], runs[versus], strict=True))

    if "peer" in runs:
        print(f"peer openspiel loop: {median('peer'):>10,.0f} decisions/CPU s")
    print(f"{'rules':<8} {'loop':<10} {'unit':<8} {'1 thread':>12} {'2 threads':>12} {'2/1':>6}"
          + f" {'1 thr/CPU s':>12} {'2 thr/CPU s':>12}" + (f" {'2 thr/peer':>11}" if "peer" in runs else ""))
    for name in presets:
        for loop in loops:
            one, two = f"{name}/{loop}/1", f"{name}/{loop}/2"
            unit = "moves/s" if loop == "rollouts" else "steps/s"
            line = (f"{name:<8} {loop:<10} {unit:<8} {median(one):>12,.0f} {median(two):>12,.0f} "
                    f"{ratio(two, one):>5.2f}x {median(one + '/cpu'):>12,.0f} {median(two + '/cpu'):>12,.0f}")
            if "peer" in runs and loop != "rollouts":
                line += f" {ratio(two, 'peer'):>10.0f}x"
            print(line)
    print(f"# load at the end {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
