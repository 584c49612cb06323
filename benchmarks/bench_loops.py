"""The loops users run, timed side by side: both engines, and the peer engine when it is installed.

A rules library is not only its bare ``legal_actions()`` + ``apply()`` loop: a
front-end reads the events of each move, a bot sees a view, an RL agent reads
an observation tensor, a server sends every seat its view as JSON.  This script
plays seeded random games through the public API in each of those loops and
prints decisions per CPU second (``time.process_time`` of the whole loop,
dealing included), for the native core and the Python reference engine:

- ``bare``: ``legal_actions()``, a random choice, ``apply()``;
- ``events``: the same, reading ``state.events`` after every move (each event's
  fields touched);
- ``bot``: ``state.view(seat)`` -> ``RandomBot.choose(view)`` -> ``apply()``,
  the bots' contract;
- ``openspiel``: the OpenSpiel game of :mod:`kanasta.rl.openspiel`:
  ``observation_tensor()``, ``legal_actions()``, ``apply_action()`` per id (a
  decision here is one id; the seed's chance nodes are part of the loop);
- ``server``: ``apply()``, the events, and every seat's view as JSON text
  (``PlayerView.to_json()``);
- ``fields``: ``apply()`` and every field of every state read (the position's
  fields, then its events and history).

The peer is canasta-openspiel (a pure-Python Canasta game on OpenSpiel, 4-player
Classic only; its next deal after a hand cannot be reached through OpenSpiel's API, so
each of its games is one hand), run in its own interpreter (``--peer-python``, or the
environment variable ``KANASTA_PEER_PYTHON``; left out when neither is given):
its ``bare`` loop (``legal_actions()`` + ``apply_action()``, chance nodes
sampled) and its ``openspiel`` loop (with ``observation_tensor()``).  The
ratios printed are the ones the project's bar reads: ``bare``, ``events`` and
``bot`` against the peer's bare loop, ``openspiel`` against the peer's
``openspiel`` loop, ``server`` and ``fields`` against kanasta's own Python
engine in the same loop.

Every repeat runs every loop once for each engine (and the peer), in turn, so
a machine shared with other work moves all sides alike; each figure is the
median over the repeats, and each ratio the median of the repeats' ratios.
A loop plays whole games (seeds 1, 2, ...) until it has used ``--seconds`` of
CPU time, so every figure comes from the same seeded games' opening stretch.

    python benchmarks/bench_loops.py                                  # classic and kanasta, 3 repeats
    python benchmarks/bench_loops.py --loops bare,bot --repeat 5
    python benchmarks/bench_loops.py --peer-python /path/to/peer-venv/bin/python --json loops.json
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any, Literal

import attrs

import kanasta
from kanasta.bots import RandomBot

Engine = Literal["native", "python"]
ENGINES: tuple[Engine, ...] = ("native", "python")
LOOPS = ("bare", "events", "bot", "openspiel", "server", "fields")
PRESETS = {"classic": kanasta.Rules.classic(), "kanasta": kanasta.Rules.kanasta()}
OPENSPIEL_NAMES = {"classic": "python_classic_canasta", "kanasta": "python_kanasta"}
VERSUS = {"bare": "peer-bare", "events": "peer-bare", "bot": "peer-bare", "openspiel": "peer-openspiel"}
"""The peer's loop each of kanasta's loops is compared with; the others are compared with the Python engine."""

Loop = Callable[[kanasta.Rules, int, Engine, float], int]
"""Play seeded games from ``seed`` on with ``engine`` until ``seconds`` of CPU time are used; return the decisions."""


def _touch_events(events: tuple[kanasta.Event, ...]) -> int:
    """Read every field of every event (a front-end animating them does)."""
    total = 0
    for event in events:
        for field in attrs.fields(type(event)):
            getattr(event, field.name)
            total += 1
    return total


_POSITION_FIELDS = tuple(f.name for f in attrs.fields(kanasta.position.Position) if not f.name.startswith("_"))


def _games(rules: kanasta.Rules, seed: int, engine: Engine, seconds: float, step: Callable[..., Any]) -> int:
    """The common driver: games from ``seed`` on; ``step(state, rng)`` returns the next state."""
    decisions = 0
    start = time.process_time()
    while True:
        rng = random.Random(seed)
        state = kanasta.new_game(rules, seed, engine=engine)
        while not state.is_game_over:
            state = step(state, rng)
            decisions += 1
            if decisions % 64 == 0 and time.process_time() - start >= seconds:
                return decisions
        seed += 1


def loop_bare(rules: kanasta.Rules, seed: int, engine: Engine, seconds: float) -> int:
    def step(state: kanasta.State, rng: random.Random) -> kanasta.State:
        return state.apply(rng.choice(state.legal_actions()))

    return _games(rules, seed, engine, seconds, step)


def loop_events(rules: kanasta.Rules, seed: int, engine: Engine, seconds: float) -> int:
    def step(state: kanasta.State, rng: random.Random) -> kanasta.State:
        after = state.apply(rng.choice(state.legal_actions()))
        _touch_events(after.events)
        return after

    return _games(rules, seed, engine, seconds, step)


def loop_bot(rules: kanasta.Rules, seed: int, engine: Engine, seconds: float) -> int:
    bot = RandomBot(seed)

    def step(state: kanasta.State, rng: random.Random) -> kanasta.State:
        seat = state.current_player
        assert seat is not None  # (a game in progress always has one)
        return state.apply(bot.choose(state.view(seat)))

    return _games(rules, seed, engine, seconds, step)


def loop_server(rules: kanasta.Rules, seed: int, engine: Engine, seconds: float) -> int:
    seats = range(rules.players)

    def step(state: kanasta.State, rng: random.Random) -> kanasta.State:
        after = state.apply(rng.choice(state.legal_actions()))
        _touch_events(after.events)
        for seat in seats:
            after.view(seat).to_json()  # the text a server would send
        return after

    return _games(rules, seed, engine, seconds, step)


def loop_fields(rules: kanasta.Rules, seed: int, engine: Engine, seconds: float) -> int:
    def step(state: kanasta.State, rng: random.Random) -> kanasta.State:
        after = state.apply(rng.choice(state.legal_actions()))
        for name in _POSITION_FIELDS:
            getattr(after, name)
        after.history  # noqa: B018 - the read is the point
        return after

    return _games(rules, seed, engine, seconds, step)


def loop_openspiel(rules: kanasta.Rules, seed: int, engine: Engine, seconds: float) -> int:
    import pyspiel

    import kanasta.rl.openspiel  # noqa: F401 - registers the games

    name = next(key for key, preset in PRESETS.items() if preset == rules)
    game = pyspiel.load_game(OPENSPIEL_NAMES[name])
    previous = os.environ.get("KANASTA_ENGINE")
    os.environ["KANASTA_ENGINE"] = engine  # the OpenSpiel game makes its states with the default engine
    try:
        decisions = 0
        start = time.process_time()
        while True:
            rng = random.Random(seed)
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(rng.randrange(256))
                    continue
                state.observation_tensor()
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
                if decisions % 64 == 0 and time.process_time() - start >= seconds:
                    return decisions
            seed += 1
    finally:
        if previous is None:
            os.environ.pop("KANASTA_ENGINE", None)
        else:
            os.environ["KANASTA_ENGINE"] = previous


LOOP_FUNCTIONS: dict[str, Loop] = {
    "bare": loop_bare,
    "events": loop_events,
    "bot": loop_bot,
    "openspiel": loop_openspiel,
    "server": loop_server,
    "fields": loop_fields,
}


# ------------------------------------------------------------------ the peer

PEER_SCRIPT = r"""
import json, random, sys, time
import pyspiel
import canasta  # registers python_canasta

loop, seed, seconds = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
game = pyspiel.load_game("python_canasta")
decisions = 0
start = time.process_time()
done = False
while not done:
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            continue
        if loop == "openspiel":
            state.observation_tensor()
        actions = state.legal_actions()
        if not actions:  # the peer's next deal is not reachable through the API: the game ends here
            break
        state.apply_action(rng.choice(actions))
        decisions += 1
        if decisions % 64 == 0 and time.process_time() - start >= seconds:
            done = True
            break
    seed += 1
print(json.dumps({"decisions": decisions, "cpu": time.process_time() - start}))
"""


def peer_rate(python: str, loop: str, seed: int, seconds: float) -> float:
    """The peer's decisions per CPU second in ``loop`` ("bare" or "openspiel"), run in ``python``."""
    out = subprocess.run(
        [python, "-c", PEER_SCRIPT, loop, str(seed), str(seconds)], check=True, capture_output=True, text=True
    ).stdout
    figures = json.loads(out.strip().splitlines()[-1])
    return float(figures["decisions"]) / float(figures["cpu"])


# ------------------------------------------------------------------ the run


def measure(loop: str, rules: kanasta.Rules, engine: Engine, seed: int, seconds: float) -> float:
    """Decisions per CPU second of one run of ``loop``."""
    start = time.process_time()
    decisions = LOOP_FUNCTIONS[loop](rules, seed, engine, seconds)
    return decisions / (time.process_time() - start)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", default="classic,kanasta", help="comma-separated: classic, kanasta")
    parser.add_argument("--loops", default=",".join(LOOPS), help=f"comma-separated, of: {', '.join(LOOPS)}")
    parser.add_argument("--engines", default="native,python", help="comma-separated: native, python")
    parser.add_argument("--repeat", type=int, default=3, help="repeats (figures are medians); default 3")
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU seconds per loop per engine; default 1")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed; default 1")
    parser.add_argument("--peer-python", default=os.environ.get("KANASTA_PEER_PYTHON"),
                        help="an interpreter with canasta-openspiel installed (default: $KANASTA_PEER_PYTHON)")
    parser.add_argument("--json", help="also write every figure to this file")
    args = parser.parse_args(argv)

    presets = [name for name in args.rules.split(",") if name]
    loops = [name for name in args.loops.split(",") if name]
    engines = [name for name in args.engines.split(",") if name]
    for name in presets:
        if name not in PRESETS:
            parser.error(f"unknown rules {name!r}")
    for name in loops:
        if name not in LOOP_FUNCTIONS:
            parser.error(f"unknown loop {name!r}")
    for name in engines:
        if name not in ENGINES:
            parser.error(f"unknown engine {name!r}")
    peer_loops = sorted({VERSUS[loop] for loop in loops if loop in VERSUS}) if args.peer_python else []

    print(f"# {platform.python_implementation()} {platform.python_version()}, {platform.machine()}, "
          f"load {os.getloadavg()[0]:.1f}; {args.repeat} repeats of {args.seconds:g} CPU s per loop")
    runs: dict[str, list[float]] = {}
    for repeat in range(args.repeat):
        for peer in peer_loops:
            rate = peer_rate(args.peer_python, peer.removeprefix("peer-"), args.seed, args.seconds)
            runs.setdefault(peer, []).append(rate)
        for name in presets:
            for loop in loops:
                for engine in engines:
                    rate = measure(loop, PRESETS[name], engine, args.seed, args.seconds)
                    runs.setdefault(f"{name}/{loop}/{engine}", []).append(rate)
        print(f"# repeat {repeat + 1}/{args.repeat} done, load {os.getloadavg()[0]:.1f}", file=sys.stderr)

    def median(key: str) -> float:
        return statistics.median(runs[key])

    def ratio(key: str, versus: str) -> float:
        return statistics.median(a / b for a, b in zip(runs[key], runs[versus]))

    for peer in peer_loops:
        print(f"peer {peer.removeprefix('peer-'):>9}: {median(peer):>10,.0f} decisions/s")
    header = f"{'rules':<8} {'loop':<10}" + "".join(f"{engine + ' /s':>14}" for engine in engines)
    header += f"{'native/python':>15}{'native/peer':>13}"
    print(header)
    for name in presets:
        for loop in loops:
            line = f"{name:<8} {loop:<10}" + "".join(f"{median(f'{name}/{loop}/{e}'):>14,.0f}" for e in engines)
            key = f"{name}/{loop}/native"
            line += f"{ratio(key, f'{name}/{loop}/python'):>14.1f}x" if "python" in engines and "native" in engines \
                else f"{'':>15}"
            if loop in VERSUS and VERSUS[loop] in runs and "native" in engines:
                line += f"{ratio(key, VERSUS[loop]):>12.1f}x"
            print(line)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump({"runs": runs, "args": vars(args)}, out, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
