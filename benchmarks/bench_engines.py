"""The two engines side by side: random-play speed and memory, native core against the Python reference engine.

For each preset (Classic for 4, 3 and 2 players, Kanasta) both engines play
the same seeded random games through the public API — the loop of the
README: ``new_game(rules, seed, engine=...)``, then ``legal_actions()``,
``rng.choice`` and ``apply()`` until the game is over — and the script
reports, per engine:

- **complete hands/s** and decisions/s: CPU time (``time.process_time``) of
  the whole loop, dealing included.  The native loop plays the same games
  several times over (``--native-loops``) so that its CPU time is long enough
  to measure; the figures are per hand and per decision.
- **µs per decision**: the median over every decision of one
  ``legal_actions()`` + ``apply()`` pair, timed with ``perf_counter_ns``
  around each of the two calls (the random choice between them is not
  timed), and the medians of each call alone.
- **memory per retained state**: every state of seeded random games kept in
  a list (``--memory-moves`` states), measured in a fresh process per engine
  and per measure: ``tracemalloc`` (the Python heap) and the growth of the
  resident set (which also counts the native core's own heap, invisible to
  ``tracemalloc``).

Both engines must play the very same games (the same moves and hands), or the
script stops: a seeded random bot plays the same game under either engine.
Every repeat runs every preset with the engines alternating (python, native,
python, native...), and every figure printed is the median over the repeats;
the ratio is the median of the repeats' native/python ratios, each measured
seconds apart, so a machine shared with other work moves both sides alike.

    python benchmarks/bench_engines.py                 # 5 repeats, the default games
    python benchmarks/bench_engines.py --repeat 3 --json engines.json
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Literal

from bench_random_play import by_phase_lists, play_game, processor_name, timed_game

import kanasta

Engine = Literal["native", "python"]
ENGINES: tuple[Engine, ...] = ("python", "native")
PRESETS = kanasta.rules.PRESETS
ORDER = ("classic", "classic-3", "classic-2", "kanasta")
DEFAULT_GAMES = {"classic": 8, "classic-3": 8, "classic-2": 8, "kanasta": 2}
"""Games per preset per repeat (Kanasta games are long: about 1,800 moves)."""

TARGETS = {"classic": 15.0, "kanasta": 50.0}
"""The issue's targets: native complete hands/s at least this many times the Python engine's."""
TARGET_US_PER_DECISION = 5.0


# ---------------------------------------------------------------- the loops


def play(rules: kanasta.Rules, seeds: Sequence[int], engine: Engine) -> tuple[int, int]:
    """The README's random loop over ``seeds`` (one game each); return (decisions, complete hands)."""
    decisions = hands = 0
    for seed in seeds:
        moves, played = play_game(rules, seed, engine)
        decisions += moves
        hands += played
    return decisions, hands


def timed_loop(rules: kanasta.Rules, seeds: Sequence[int], engine: Engine, loops: int) -> tuple[float, int, int]:
    """CPU seconds of ``loops`` runs of :func:`play`, with the decisions and hands of one run."""
    gc.collect()
    start = time.process_time()
    for _ in range(loops):
        decisions, hands = play(rules, seeds, engine)
    return time.process_time() - start, decisions, hands


def decision_ns(rules: kanasta.Rules, seeds: Sequence[int], engine: Engine) -> tuple[list[int], list[int]]:
    """Nanoseconds of each ``legal_actions()`` call and of each ``apply()`` call of the same games
    (item ``i`` of both lists is one decision), timed by ``bench_random_play``'s loop."""
    legal, apply, counts = by_phase_lists(), by_phase_lists(), by_phase_lists()
    for seed in seeds:
        timed_game(rules, seed, legal, apply, counts, engine)
    return [x for xs in legal.values() for x in xs], [x for xs in apply.values() for x in xs]


# ---------------------------------------------------------------- memory (a fresh process per engine)


def retained_memory(preset: str, engine: Engine, moves: int, how: str) -> tuple[int, float]:
    """States kept, and bytes per kept state: Python heap (``how="traced"``) or resident set growth (``"rss"``).

    The states are those of seeded random games played one after another
    (every state of each game kept), as a bot or a replay tool keeps them.
    """
    rules = PRESETS[preset]
    kept: list[kanasta.State] = []

    def play() -> int:
        seed = 1
        while len(kept) < moves:
            state = kanasta.new_game(rules, seed, engine=engine)
            choose = random.Random(seed).choice
            kept.append(state)
            while not state.is_game_over and len(kept) < moves:
                state = state.apply(choose(state.legal_actions()))
                kept.append(state)
            seed += 1
        return len(kept)

    return grown_per(how, play)


def grown_per(how: str, work: Callable[[], int]) -> tuple[int, float]:
    """``work()`` (which returns how many things it made and keeps), and the memory it grew by per thing:
    Python heap (``how="traced"``) or resident set growth (``"rss"``)."""
    gc.collect()
    rss0 = rss_bytes()
    if how == "traced":
        tracemalloc.start()
    made = work()
    gc.collect()
    if how == "traced":
        grown, _ = tracemalloc.get_traced_memory()
        tracemalloc.stop()
    else:
        grown = rss_bytes() - rss0
    return made, grown / made


def rss_bytes() -> int:
    """The resident set of this process (Linux: /proc/self/statm), or 0 where unknown."""
    try:
        with open("/proc/self/statm", encoding="ascii") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0


def memory_in_child(preset: str, engine: Engine, moves: int) -> tuple[float, float]:
    """Bytes per retained state, (tracemalloc, RSS), each measured in a fresh interpreter."""
    return in_children(os.path.abspath(__file__), "--memory-worker", f"{preset},{engine},{moves}")


def in_children(script: str, option: str, job: str) -> tuple[float, float]:
    """The per-thing figure of ``script option job,how`` for how = traced and rss, each in a fresh interpreter."""
    out = []
    for how in ("traced", "rss"):
        cmd = [sys.executable, script, option, f"{job},{how}"]
        _, per_thing = json.loads(subprocess.run(cmd, capture_output=True, text=True, check=True).stdout)
        out.append(float(per_thing))
    return out[0], out[1]


# ---------------------------------------------------------------- figures


@dataclass
class Side:
    """One engine's figures for one preset, every repeat."""

    cpu_s: list[float] = field(default_factory=list)
    hands_per_s: list[float] = field(default_factory=list)
    decisions_per_s: list[float] = field(default_factory=list)
    median_decision_us: list[float] = field(default_factory=list)
    median_legal_us: list[float] = field(default_factory=list)
    median_apply_us: list[float] = field(default_factory=list)


@dataclass
class PresetFigures:
    preset: str
    games: int
    decisions: int
    hands: int
    native_loops: int
    sides: dict[str, Side]
    ratios: list[float] = field(default_factory=list)


def measure(preset: str, games: int, seed: int, native_loops: int, repeat: int) -> PresetFigures:
    """Both engines over the same games, alternating, ``repeat`` times."""
    rules = PRESETS[preset]
    seeds = [seed + g for g in range(games)]
    figures = PresetFigures(preset, games, 0, 0, native_loops, {e: Side() for e in ENGINES})
    for r in range(repeat):
        rates: dict[str, float] = {}
        for engine in ENGINES if r % 2 == 0 else ENGINES[::-1]:
            loops = native_loops if engine == "native" else 1
            cpu, decisions, hands = timed_loop(rules, seeds, engine, loops)
            if figures.decisions and (decisions, hands) != (figures.decisions, figures.hands):
                raise SystemExit(f"{preset}: the {engine} engine played {decisions} moves and {hands} hands, "
                                 f"not {figures.decisions} and {figures.hands}: the engines play different games")
            figures.decisions, figures.hands = decisions, hands
            side = figures.sides[engine]
            side.cpu_s.append(cpu / loops)
            side.hands_per_s.append(hands * loops / cpu)
            side.decisions_per_s.append(decisions * loops / cpu)
            legal_ns, apply_ns = decision_ns(rules, seeds, engine)
            side.median_decision_us.append(statistics.median(a + b for a, b in zip(legal_ns, apply_ns)) / 1000)
            side.median_legal_us.append(statistics.median(legal_ns) / 1000)
            side.median_apply_us.append(statistics.median(apply_ns) / 1000)
            rates[engine] = side.hands_per_s[-1]
        figures.ratios.append(rates["native"] / rates["python"])
        print(f"repeat {r + 1}/{repeat} {preset}: python {rates['python']:.1f} hands/s, native "
              f"{rates['native']:.1f} hands/s, {figures.ratios[-1]:.1f}x", file=sys.stderr, flush=True)
    return figures


def med(xs: Sequence[float]) -> float:
    return statistics.median(xs)


def render(all_figures: Sequence[PresetFigures], memory: dict[str, dict[str, tuple[float, float]]]) -> str:
    """The table: one column per preset, python and native rows, the ratio and the targets."""
    names = [f.preset for f in all_figures]
    rows: list[tuple[str, list[str]]] = [
        ("games / decisions / hands", [f"{f.games} / {f.decisions:,} / {f.hands}" for f in all_figures]),
    ]
    for engine in ENGINES:
        rows.append((f"{engine}: complete hands/s", [f"{med(f.sides[engine].hands_per_s):,.1f}" for f in all_figures]))
        rows.append((f"{engine}: decisions/s", [f"{med(f.sides[engine].decisions_per_s):,.0f}" for f in all_figures]))
        rows.append((f"{engine}: µs per decision (CPU, mean)",
                     [f"{1e6 / med(f.sides[engine].decisions_per_s):.2f}" for f in all_figures]))
        rows.append((f"{engine}: legal_actions()+apply() µs, median",
                     [f"{med(f.sides[engine].median_decision_us):.2f}" for f in all_figures]))
        rows.append((f"{engine}:   legal_actions() / apply() µs, medians",
                     [f"{med(f.sides[engine].median_legal_us):.2f} / {med(f.sides[engine].median_apply_us):.2f}"
                      for f in all_figures]))
    rows.append(("native / python, hands/s (median ratio)", [f"{med(f.ratios):.1f}×" for f in all_figures]))
    rows.append(("  ratio range over the repeats", [f"{min(f.ratios):.1f}-{max(f.ratios):.1f}" for f in all_figures]))
    rows.append(("  target", [f"≥ {TARGETS['kanasta' if n == 'kanasta' else 'classic']:.0f}×"
                              if n in ("classic", "kanasta") else "-" for n in names]))
    for engine in ENGINES:
        if any(engine in memory.get(n, {}) for n in names):
            rows.append((f"{engine}: bytes per retained state (tracemalloc / RSS)",
                         [fmt_memory(memory.get(n, {}).get(engine)) for n in names]))
    width = max(len(label) for label, _ in rows)
    widths = [max(len(names[i]), *(len(cells[i]) for _, cells in rows)) for i in range(len(names))]
    lines = [" " * width + "".join(f"  {n:>{w}}" for n, w in zip(names, widths))]
    lines.append("-" * len(lines[0]))
    lines += [label.ljust(width) + "".join(f"  {c:>{w}}" for c, w in zip(cells, widths)) for label, cells in rows]
    return "\n".join(lines)


def render_rst(all_figures: Sequence[PresetFigures], memory: dict[str, dict[str, tuple[float, float]]]) -> str:
    """The same figures as a reStructuredText list table (the performance page's)."""
    titles = {"classic": "Classic 4", "classic-3": "Classic 3", "classic-2": "Classic 2", "kanasta": "Kanasta"}
    rows: list[list[str]] = [["", *(titles.get(f.preset, f.preset) for f in all_figures)]]
    for engine in ENGINES:
        side = [f.sides[engine] for f in all_figures]
        rows.append([f"{engine}: complete hands / s", *(f"{med(x.hands_per_s):,.1f}" for x in side)])
        rows.append([f"{engine}: decisions / s", *(f"{med(x.decisions_per_s):,.0f}" for x in side)])
        rows.append([f"{engine}: ``legal_actions()`` + ``apply()``, median µs",
                     *(f"{med(x.median_decision_us):.1f}" for x in side)])
    rows.append(["**native / python, hands / s**", *(f"**{med(f.ratios):.1f}×**" for f in all_figures)])
    rows.append(["  (range over the repeats)", *(f"{min(f.ratios):.1f}-{max(f.ratios):.1f}" for f in all_figures)])
    for engine in ENGINES:
        if all(engine in memory.get(f.preset, {}) for f in all_figures):
            rows.append([f"{engine}: bytes per retained state, tracemalloc / RSS",
                         *(fmt_memory(memory[f.preset][engine]) for f in all_figures)])
    out = [".. list-table::", "   :header-rows: 1", ""]
    for row in rows:
        out.append(f"   * - {row[0]}".rstrip())
        out += [f"     - {cell}" for cell in row[1:]]
    return "\n".join(out)


def fmt_memory(figure: tuple[float, float] | None) -> str:
    if figure is None:
        return "-"
    traced, rss = figure
    return f"{traced:,.0f} / {rss:,.0f}"


def target_lines(all_figures: Sequence[PresetFigures]) -> list[str]:
    out = []
    for f in all_figures:
        if f.preset in TARGETS:
            ratio = med(f.ratios)
            out.append(f"{f.preset}: native {ratio:.1f}× the Python engine's hands/s, target ≥ "
                       f"{TARGETS[f.preset]:.0f}×: {'met' if ratio >= TARGETS[f.preset] else 'NOT met'}")
    us = max(med(f.sides["native"].median_decision_us) for f in all_figures)
    out.append(f"native legal_actions()+apply() median, slowest preset: {us:.2f} µs, target ≤ "
               f"{TARGET_US_PER_DECISION:.0f} µs: {'met' if us <= TARGET_US_PER_DECISION else 'NOT met'}")
    return out


def machine_lines() -> list[str]:
    load = os.getloadavg() if hasattr(os, "getloadavg") else None
    return [
        f"Python {platform.python_version()} ({platform.python_implementation()}), kanasta {kanasta.__version__}",
        f"{platform.machine()}, {processor_name()}, {os.cpu_count()} CPUs, {platform.platform()}",
        f"load average at the start: {' '.join(f'{x:.1f}' for x in load) if load else 'unknown'}",
    ]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--rules", default=",".join(ORDER), help=f"comma-separated presets (default {','.join(ORDER)})")
    parser.add_argument("--games", type=int, default=None,
                        help="games per preset per repeat (default: " + ", ".join(f"{k} {v}" for k, v in
                                                                                   DEFAULT_GAMES.items()) + ")")
    parser.add_argument("--seed", type=int, default=1, help="game g uses seed SEED + g (default 1)")
    parser.add_argument("--repeat", type=int, default=5, help="repeats; figures are their medians (default 5)")
    parser.add_argument("--native-loops", type=int, default=10,
                        help="times the native loop plays the same games per repeat (default 10)")
    parser.add_argument("--memory-moves", type=int, default=20_000,
                        help="states retained for the memory figure, per preset and engine (0: skip; default 20000)")
    parser.add_argument("--json", default=None, metavar="OUT", help="also write every figure to OUT")
    parser.add_argument("--rst", action="store_true", help="also print the table as reStructuredText")
    parser.add_argument("--memory-worker", default=None, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.memory_worker:
        preset, engine, moves, how = args.memory_worker.split(",")
        if engine not in ENGINES:
            parser.error(f"unknown engine {engine!r}")
        print(json.dumps(retained_memory(preset, "native" if engine == "native" else "python", int(moves), how)))
        return 0
    names = [n.strip() for n in args.rules.split(",") if n.strip()]
    unknown = [n for n in names if n not in PRESETS]
    if unknown:
        parser.error(f"unknown presets {unknown}; choose from {', '.join(PRESETS)}")

    for line in machine_lines():
        print(line)
    print(f"{args.repeat} repeats, engines alternating; the native loop plays each game {args.native_loops} times "
          "per repeat; figures are medians of the repeats\n", flush=True)
    started = time.perf_counter()
    all_figures = [measure(n, args.games or DEFAULT_GAMES.get(n, 4), args.seed, args.native_loops, args.repeat)
                   for n in names]
    memory: dict[str, dict[str, tuple[float, float]]] = {}
    if args.memory_moves:
        for n in names:
            memory[n] = {e: memory_in_child(n, e, args.memory_moves) for e in ENGINES}
    print(render(all_figures, memory))
    print()
    for line in target_lines(all_figures):
        print(line)
    if args.rst:
        print()
        print(render_rst(all_figures, memory))
    print(f"\ntotal benchmark time {time.perf_counter() - started:.0f} s")
    if args.json:
        doc = {"machine": machine_lines(), "repeat": args.repeat, "seed": args.seed,
               "presets": [asdict(f) for f in all_figures], "memory": memory}
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(doc, f, indent=1)
            f.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
