"""Random-play speed benchmark for kanasta (the project's speed bar, docs/performance.rst).

For each rules preset it plays N whole games with seeded random legal moves, the loop of
the README's quick start, and reports:

- decisions/s and complete hands/s for the plain loop
  (``legal_actions()`` + ``rng.choice`` + ``apply()``, nothing else timed inside it);
- median and p90 microseconds per ``legal_actions()`` call, overall and per phase, on
  states that have not been asked before (every state the loop meets is new);
- median and p90 microseconds per ``apply()`` call, overall and per phase, as the loop
  calls it (right after ``legal_actions()``, so the legality check is a cache hit), and
  again when the same moves are replayed on states nobody asked (so ``apply()`` validates);
- the mean number of legal actions per decision, per phase; moves per hand; hands per game.

Each repeat plays the same games (same seeds), and every figure printed is the median
over the repeats.  ``--engine native|python`` chooses the engine (through
``KANASTA_ENGINE``, which every pass inherits; default: the library's
default, the native core); ``benchmarks/bench_engines.py`` sets the two
side by side.  Each of the three passes (plain loop, timed loop, replay) runs in a
fresh interpreter, so no pass profits from the engine's memo tables filled by another
pass over the very same games.  Stdlib only.  Run
``python benchmarks/bench_random_play.py --help``.
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
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from typing import Any, TypedDict

import kanasta
from kanasta._native import Engine

PRESETS = kanasta.rules.PRESETS
"""Preset names accepted by ``--rules`` (the library's one registry), each with its Rules."""

DEFAULT_RULES = ("classic", "kanasta")
DEFAULT_GAMES: dict[str, int] = {"classic": 20, "classic-3": 20, "classic-2": 20, "kanasta": 5}
"""Games per repeat when ``--games`` is not given: Kanasta games are long, so fewer of them."""

PHASES = (kanasta.Phase.DRAW, kanasta.Phase.PLAY, kanasta.Phase.ANSWER)

# The project's speed bar, printed next to the figures for comparison.
BAR_DECISIONS_PER_S = 40_000
BAR_HANDS_PER_S = 200
BAR_MEDIAN_US = 50.0


# ---------------------------------------------------------------- playing


def game_seeds(seed: int, games: int) -> list[int]:
    """The seed of each game: game ``g`` uses ``seed + g`` for the deal and the move choices."""
    return [seed + g for g in range(games)]


def play_game(rules: kanasta.Rules, seed: int, engine: Engine | None = None) -> tuple[int, int]:
    """Play one whole game with random legal moves; return ``(moves, hands completed)``.

    This is the plain loop that the rates are measured on: nothing is timed inside it.
    ``engine`` as for :func:`kanasta.new_game` (None: ``KANASTA_ENGINE``, else native).
    """
    state = kanasta.new_game(rules, seed=seed, engine=engine)
    choose = random.Random(seed).choice
    moves = 0
    while not state.is_game_over:
        state = state.apply(choose(state.legal_actions()))
        moves += 1
    return moves, len(state.hand_results)


PhaseSamples = dict[str, list[int]]
"""Samples keyed by phase value (``"draw"``, ``"play"``, ``"answer"``)."""


def by_phase_lists() -> PhaseSamples:
    """An empty list for each phase."""
    return {p.value: [] for p in PHASES}


def listing_kept(state: kanasta.State) -> bool:
    """Whether ``state`` already keeps its legal moves (a private memo of each engine: the
    native core's listing, or the Python engine's ``_memo``)."""
    native = state._native
    if native is not None:
        return native.is_listed
    return state._memo.actions is not None


def timed_game(
    rules: kanasta.Rules,
    seed: int,
    legal_ns: PhaseSamples,
    apply_ns: PhaseSamples,
    n_legal: PhaseSamples,
    engine: Engine | None = None,
) -> tuple[list[kanasta.Action], int]:
    """Play the same game as :func:`play_game`, timing each call (the one timing loop of the benchmarks).

    Appends, per phase, the nanoseconds of each ``legal_actions()`` call, of each
    ``apply()`` call (the random choice between them is not timed) and the number of
    legal moves; sample ``i`` of a phase in each list is the same decision.  Returns the
    moves made and the number of states that already kept their legal moves when the
    loop met them (:func:`listing_kept`): it should be 0, or ``legal_actions()`` was not
    measured on fresh states.
    """
    clock = time.perf_counter_ns
    state = kanasta.new_game(rules, seed=seed, engine=engine)
    choose = random.Random(seed).choice
    moves: list[kanasta.Action] = []
    pre_cached = 0
    while not state.is_game_over:
        phase = state.phase.value
        if listing_kept(state):
            pre_cached += 1
        t0 = clock()
        legal = state.legal_actions()
        t1 = clock()
        action = choose(legal)
        t2 = clock()
        state = state.apply(action)
        t3 = clock()
        legal_ns[phase].append(t1 - t0)
        apply_ns[phase].append(t3 - t2)
        n_legal[phase].append(len(legal))
        moves.append(action)
    return moves, pre_cached


def replay_game(
    rules: kanasta.Rules, seed: int, moves: Sequence[kanasta.Action], apply_ns: PhaseSamples
) -> None:
    """Replay ``moves`` from the same deal without asking ``legal_actions()``: apply() validates."""
    clock = time.perf_counter_ns
    state = kanasta.new_game(rules, seed=seed)
    for action in moves:
        phase = state.phase.value
        t0 = clock()
        state = state.apply(action)
        t1 = clock()
        apply_ns[phase].append(t1 - t0)
    if not state.is_game_over:
        raise RuntimeError(
            "replaying the recorded moves did not end the game: the engine is not deterministic"
        )


# ---------------------------------------------------------------- passes
#
# The engine memoizes searches in module-level tables.  Playing the very same games twice
# in one process would let the second run hit the first one's entries and look far faster
# than any real workload (random play never meets the same game twice), so each pass runs
# in a fresh interpreter: ``--worker PASS`` runs one pass and writes its result as JSON.


class PlainResult(TypedDict):
    moves: int
    hands: int
    wall_ns: int


class TimedResult(TypedDict):
    legal_ns: PhaseSamples
    apply_ns: PhaseSamples
    n_legal: PhaseSamples
    pre_cached: int
    moves: list[list[str]]
    """Each game's moves in action notation (``str(action)``), for the replay pass."""


class ReplayResult(TypedDict):
    apply_ns: PhaseSamples


def plain_pass(rules: kanasta.Rules, seeds: Sequence[int]) -> PlainResult:
    """The plain loop over every game, timed as a whole."""
    moves = hands = 0
    start = time.perf_counter_ns()
    for seed in seeds:
        m, h = play_game(rules, seed)
        moves += m
        hands += h
    return PlainResult(moves=moves, hands=hands, wall_ns=time.perf_counter_ns() - start)


def timed_pass(rules: kanasta.Rules, seeds: Sequence[int]) -> TimedResult:
    """The timed loop over every game."""
    legal_ns, apply_ns, n_legal = by_phase_lists(), by_phase_lists(), by_phase_lists()
    pre_cached = 0
    games: list[list[kanasta.Action]] = []
    for seed in seeds:
        played, cached = timed_game(rules, seed, legal_ns, apply_ns, n_legal)
        games.append(played)
        pre_cached += cached
    return TimedResult(
        legal_ns=legal_ns,
        apply_ns=apply_ns,
        n_legal=n_legal,
        pre_cached=pre_cached,
        moves=[[str(a) for a in played] for played in games],
    )


def replay_pass(rules: kanasta.Rules, seeds: Sequence[int], moves: Sequence[Sequence[str]]) -> ReplayResult:
    """Replay each game's moves (parsed before any timing) on fresh deals."""
    if len(moves) != len(seeds):
        raise ValueError(f"{len(moves)} games of moves for {len(seeds)} seeds")
    games = [[kanasta.parse_action(text) for text in played] for played in moves]
    apply_ns = by_phase_lists()
    for seed, played in zip(seeds, games):
        replay_game(rules, seed, played, apply_ns)
    return ReplayResult(apply_ns=apply_ns)


def run_worker(pass_name: str, preset: str, seed: int, games: int, stdin: str | None = None) -> Any:
    """Run one pass in a fresh interpreter and return its decoded JSON result."""
    cmd = [
        sys.executable,
        os.path.abspath(__file__),
        "--worker",
        pass_name,
        "--rules",
        preset,
        "--seed",
        str(seed),
        "--games",
        str(games),
    ]
    proc = subprocess.run(cmd, input=stdin, capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        raise RuntimeError(f"the {pass_name} pass of {preset} failed:\n{proc.stderr}")
    return json.loads(proc.stdout)


def worker_main(pass_name: str, preset: str, seed: int, games: int) -> int:
    """The ``--worker`` entry point: run one pass, print its result as JSON on stdout."""
    rules = PRESETS[preset]
    seeds = game_seeds(seed, games)
    result: PlainResult | TimedResult | ReplayResult
    if pass_name == "plain":
        result = plain_pass(rules, seeds)
    elif pass_name == "timed":
        result = timed_pass(rules, seeds)
    else:
        result = replay_pass(rules, seeds, json.load(sys.stdin))
    json.dump(result, sys.stdout)
    return 0


# ---------------------------------------------------------------- figures


@dataclass
class Quantiles:
    """Median and p90 of a sample in microseconds, with the sample size."""

    count: int
    median_us: float | None
    p90_us: float | None


def quantiles_us(data_ns: Sequence[int]) -> Quantiles:
    """Median and 90th percentile of ``data_ns`` (nanoseconds), in microseconds."""
    if not data_ns:
        return Quantiles(0, None, None)
    if len(data_ns) == 1:
        only = data_ns[0] / 1000
        return Quantiles(1, only, only)
    p90 = statistics.quantiles(data_ns, n=10)[8]
    return Quantiles(len(data_ns), statistics.median(data_ns) / 1000, p90 / 1000)


def by_phase(data: dict[str, list[int]]) -> dict[str, Quantiles]:
    """Quantiles overall (key ``"all"``) and for each phase."""
    out = {"all": quantiles_us([x for xs in data.values() for x in xs])}
    out.update({phase: quantiles_us(xs) for phase, xs in data.items()})
    return out


def mean_or_none(data: Sequence[int]) -> float | None:
    """The mean of ``data``, or None when it is empty."""
    return statistics.fmean(data) if data else None


@dataclass
class RepeatResult:
    """The figures of one repeat of one preset."""

    games: int
    moves: int
    hands: int
    wall_s: float
    decisions_per_s: float
    hands_per_s: float
    legal: dict[str, Quantiles]
    apply: dict[str, Quantiles]
    apply_validating: dict[str, Quantiles]
    mean_legal: dict[str, float | None]
    pre_cached: int


def run_once(preset: str, seed: int, games: int) -> RepeatResult:
    """One repeat of one preset: the plain pass, the timed pass and the replay, each in a fresh process."""
    plain: PlainResult = run_worker("plain", preset, seed, games)
    timed: TimedResult = run_worker("timed", preset, seed, games)
    replay: ReplayResult = run_worker("replay", preset, seed, games, stdin=json.dumps(timed["moves"]))
    moves, hands = plain["moves"], plain["hands"]
    timed_moves = sum(len(xs) for xs in timed["legal_ns"].values())
    if timed_moves != moves:
        raise RuntimeError(
            f"the timed pass made {timed_moves} moves, the plain pass {moves}: not deterministic"
        )

    all_counts = [x for xs in timed["n_legal"].values() for x in xs]
    mean_legal = {"all": mean_or_none(all_counts)}
    mean_legal.update({phase: mean_or_none(xs) for phase, xs in timed["n_legal"].items()})
    wall_s = plain["wall_ns"] / 1e9
    return RepeatResult(
        games=games,
        moves=moves,
        hands=hands,
        wall_s=wall_s,
        decisions_per_s=moves / wall_s,
        hands_per_s=hands / wall_s,
        legal=by_phase(timed["legal_ns"]),
        apply=by_phase(timed["apply_ns"]),
        apply_validating=by_phase(replay["apply_ns"]),
        mean_legal=mean_legal,
        pre_cached=timed["pre_cached"],
    )


def median_of(values: Sequence[float | None]) -> float | None:
    """The median of the values that are not None (None if there are none)."""
    present = [v for v in values if v is not None]
    return statistics.median(present) if present else None


def median_quantiles(repeats: Sequence[dict[str, Quantiles]]) -> dict[str, Quantiles]:
    """For each key, the median over the repeats of the median and of the p90."""
    return {
        key: Quantiles(
            repeats[0][key].count,
            median_of([r[key].median_us for r in repeats]),
            median_of([r[key].p90_us for r in repeats]),
        )
        for key in repeats[0]
    }


@dataclass
class PresetSummary:
    """A preset's figures: medians over the repeats (the game shape is the same in every repeat)."""

    preset: str
    rules_name: str
    games: int
    moves: int
    hands: int
    decisions_per_s: float
    decisions_per_s_range: tuple[float, float]
    hands_per_s: float
    hands_per_s_range: tuple[float, float]
    moves_per_hand: float
    hands_per_game: float
    legal: dict[str, Quantiles]
    apply: dict[str, Quantiles]
    apply_validating: dict[str, Quantiles]
    mean_legal: dict[str, float | None]
    pre_cached: int
    repeats: list[RepeatResult]


def summarize(preset: str, repeats: list[RepeatResult]) -> PresetSummary:
    """Combine the repeats of one preset into the medians that are printed."""
    first = repeats[0]
    dps = [r.decisions_per_s for r in repeats]
    hps = [r.hands_per_s for r in repeats]
    return PresetSummary(
        preset=preset,
        rules_name=PRESETS[preset].name,
        games=first.games,
        moves=first.moves,
        hands=first.hands,
        decisions_per_s=statistics.median(dps),
        decisions_per_s_range=(min(dps), max(dps)),
        hands_per_s=statistics.median(hps),
        hands_per_s_range=(min(hps), max(hps)),
        moves_per_hand=first.moves / first.hands if first.hands else float("nan"),
        hands_per_game=first.hands / first.games,
        legal=median_quantiles([r.legal for r in repeats]),
        apply=median_quantiles([r.apply for r in repeats]),
        apply_validating=median_quantiles([r.apply_validating for r in repeats]),
        mean_legal=first.mean_legal,
        pre_cached=max(r.pre_cached for r in repeats),
        repeats=repeats,
    )


# ---------------------------------------------------------------- report


def timer_overhead_ns(samples: int = 100_000) -> float:
    """Median cost of one back-to-back pair of ``perf_counter_ns()`` calls (not subtracted)."""
    clock = time.perf_counter_ns
    pairs = []
    for _ in range(samples):
        t0 = clock()
        t1 = clock()
        pairs.append(t1 - t0)
    return float(statistics.median(pairs))


def processor_name() -> str:
    """``platform.processor()``, or the CPU model from /proc/cpuinfo where that is empty (Linux)."""
    name = platform.processor()
    if name and name != platform.machine():
        return name
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.lower().startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return name or "unknown"


def machine_lines() -> list[str]:
    """The Python and machine the figures were measured on."""
    impl = platform.python_implementation()
    return [
        f"Python {platform.python_version()} ({impl}, {platform.python_compiler()})",
        (
            f"machine: {platform.machine()}; processor: {processor_name()}; cpus: {os.cpu_count()}; "
            f"system: {platform.platform()}"
        ),
        f"kanasta {kanasta.__version__}",
    ]


def fmt_q(q: Quantiles) -> str:
    """``median / p90`` in microseconds, or a dash when there were no calls."""
    if q.median_us is None or q.p90_us is None:
        return "-"
    return f"{q.median_us:.1f} / {q.p90_us:.1f}"


def fmt_num(x: float | None, digits: int = 1) -> str:
    """A number with thousands separators, or a dash."""
    return "-" if x is None else f"{x:,.{digits}f}"


def render(summaries: Sequence[PresetSummary]) -> str:
    """The results table: one row per figure, one column per preset."""
    rows: list[tuple[str, list[str]]] = []

    def row(label: str, cells: list[str]) -> None:
        rows.append((label, cells))

    row("rules", [s.rules_name for s in summaries])
    row("games / repeat", [str(s.games) for s in summaries])
    row("moves / repeat", [f"{s.moves:,}" for s in summaries])
    row("decisions/s", [fmt_num(s.decisions_per_s, 0) for s in summaries])
    row(
        "  (min-max of repeats)",
        [f"{s.decisions_per_s_range[0]:,.0f}-{s.decisions_per_s_range[1]:,.0f}" for s in summaries],
    )
    row("complete hands/s", [fmt_num(s.hands_per_s, 1) for s in summaries])
    row(
        "  (min-max of repeats)",
        [f"{s.hands_per_s_range[0]:.1f}-{s.hands_per_s_range[1]:.1f}" for s in summaries],
    )
    row("moves per hand", [fmt_num(s.moves_per_hand) for s in summaries])
    row("hands per game", [fmt_num(s.hands_per_game, 2) for s in summaries])
    keys = ("all",) + tuple(p.value for p in PHASES)
    sections: list[tuple[str, Callable[[PresetSummary], dict[str, Quantiles]]]] = [
        ("legal_actions() us, median / p90 (fresh states)", lambda s: s.legal),
        ("apply() us, median / p90 (after legal_actions)", lambda s: s.apply),
        ("apply() us, median / p90 (unasked state, validates)", lambda s: s.apply_validating),
    ]
    for title, get in sections:
        row(title, ["" for _ in summaries])
        for key in keys:
            row(f"  {key}", [fmt_q(get(s)[key]) for s in summaries])
    row("legal actions per decision (mean)", ["" for _ in summaries])
    for key in keys:
        row(f"  {key}", [fmt_num(s.mean_legal[key]) for s in summaries])
    row("decisions per phase (draw/play/answer)", ["" for _ in summaries])
    row(
        "  count",
        ["/".join(str(s.legal[p.value].count) for p in PHASES) for s in summaries],
    )

    header = ("", [s.preset for s in summaries])
    width0 = max(len(label) for label, _ in [header, *rows])
    widths = [max(len(cells[i]) for _, cells in [header, *rows]) for i in range(len(summaries))]
    lines = []
    for label, cells in [header, *rows]:
        lines.append(label.ljust(width0) + "".join("  " + c.rjust(w) for c, w in zip(cells, widths)))
        if label == "":
            lines.append("-" * len(lines[-1]))
    return "\n".join(lines)


def bar_lines(summaries: Sequence[PresetSummary]) -> list[str]:
    """How each preset compares with the project's speed bar, measured on this machine."""
    out = [
        (
            f"project speed bar: {BAR_DECISIONS_PER_S:,} decisions/s, {BAR_HANDS_PER_S} hands/s, "
            f"legal_actions() and apply() medians under {BAR_MEDIAN_US:.0f} us (this machine, this run):"
        )
    ]
    for s in summaries:
        checks = [
            ("decisions/s", s.decisions_per_s >= BAR_DECISIONS_PER_S),
            ("hands/s", s.hands_per_s >= BAR_HANDS_PER_S),
            ("legal_actions median", (s.legal["all"].median_us or 0.0) < BAR_MEDIAN_US),
            ("apply median", (s.apply["all"].median_us or 0.0) < BAR_MEDIAN_US),
        ]
        verdict = ", ".join(f"{name} {'met' if ok else 'NOT met'}" for name, ok in checks)
        out.append(f"  {s.preset}: {verdict}")
    return out


# ---------------------------------------------------------------- main


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Random-play speed of kanasta: decisions/s, hands/s, per-call latencies.",
    )
    parser.add_argument(
        "--games",
        type=int,
        default=None,
        help="games per preset per repeat (default: "
        + ", ".join(f"{k} {v}" for k, v in DEFAULT_GAMES.items())
        + ")",
    )
    parser.add_argument("--seed", type=int, default=1, help="first game seed; game g uses seed+g (default 1)")
    parser.add_argument(
        "--rules",
        default=",".join(DEFAULT_RULES),
        help=f"comma-separated presets from {', '.join(PRESETS)}, or 'all' (default: {','.join(DEFAULT_RULES)})",
    )
    parser.add_argument(
        "--repeat", type=int, default=3, help="repeats; figures are their medians (default 3)"
    )
    parser.add_argument(
        "--json", metavar="OUT", default=None, help="also write every figure, per repeat, to OUT"
    )
    parser.add_argument(
        "--engine", choices=("native", "python"), default=None,
        help="the engine to measure (default: KANASTA_ENGINE, or the library's default, native)",
    )
    parser.add_argument(
        "--worker", choices=("plain", "timed", "replay"), default=None, help=argparse.SUPPRESS
    )
    args = parser.parse_args(argv)
    names = (
        list(PRESETS)
        if args.rules.strip() == "all"
        else [n.strip() for n in args.rules.split(",") if n.strip()]
    )
    unknown = [n for n in names if n not in PRESETS]
    if unknown or not names:
        parser.error(f"unknown preset(s) {unknown}; choose from {', '.join(PRESETS)} or 'all'")
    if args.games is not None and args.games < 1:
        parser.error("--games must be at least 1")
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")
    args.rules = names
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    names: list[str] = args.rules
    if args.worker is not None:
        return worker_main(args.worker, names[0], args.seed, args.games or DEFAULT_GAMES[names[0]])
    repeat: int = args.repeat
    if args.engine is not None:
        os.environ["KANASTA_ENGINE"] = args.engine  # read by new_game in every pass (each its own process)
    for line in machine_lines():
        print(line)
    print(f"engine: {os.environ.get('KANASTA_ENGINE') or 'the default'}")
    overhead = timer_overhead_ns()
    print(
        f"{repeat} repeat(s), seed {args.seed}; figures are medians of the repeats; "
        f"timer overhead ~{overhead:.0f} ns per perf_counter_ns() pair (not subtracted)"
    )
    print(flush=True)

    games_of = {name: args.games or DEFAULT_GAMES[name] for name in names}
    results: dict[str, list[RepeatResult]] = {name: [] for name in names}
    started = time.perf_counter()
    for r in range(repeat):
        for name in names:  # presets interleaved, so slow drift of the machine hits them alike
            result = run_once(name, args.seed, games_of[name])
            results[name].append(result)
            print(
                f"repeat {r + 1}/{repeat} {name}: {result.decisions_per_s:,.0f} decisions/s, "
                f"{result.hands_per_s:.1f} hands/s",
                file=sys.stderr,
                flush=True,
            )
    elapsed = time.perf_counter() - started

    summaries = [summarize(name, results[name]) for name in names]
    print(render(summaries))
    print()
    for line in bar_lines(summaries):
        print(line)
    for s in summaries:
        if s.pre_cached:
            print(
                f"warning: {s.preset}: {s.pre_cached} states had legal_actions() cached before the loop asked"
            )
    print(f"\ntotal benchmark time {elapsed:.1f} s")

    if args.json:
        doc = {
            "python": platform.python_version(),
            "implementation": platform.python_implementation(),
            "machine": platform.machine(),
            "processor": processor_name(),
            "cpu_count": os.cpu_count(),
            "platform": platform.platform(),
            "kanasta": kanasta.__version__,
            "seed": args.seed,
            "repeat": repeat,
            "timer_overhead_ns": overhead,
            "presets": [asdict(s) for s in summaries],
        }
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(doc, f, indent=2)
            f.write("\n")
        print(f"wrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
