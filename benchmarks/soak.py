"""Soak: play numbered games of every preset with every invariant checked, and report.

    python benchmarks/soak.py                                # 1,000,000 moves (issue 11's soak)
    python benchmarks/soak.py --moves 20000 --json soak.json # a shorter run, figures in a file
    python benchmarks/soak.py --start 0 --games 900 --json a.json     # two runs that split the games
    python benchmarks/soak.py --start 900 --games 900 --json b.json
    python benchmarks/soak.py --merge a.json b.json          # ... and their figures together
    python benchmarks/soak.py --resume soak.json             # carry on a run that was stopped
    python benchmarks/soak.py --checks lockstep --minutes 60 # the two engines against each other

Game ``g`` is ``soak_game(g, seed)`` of the test suite's harness
(``tests/_invariants.py``): ``new_game(rules, seed + g)`` with the four presets
in turn, every third game a random variant of its preset, and the players
changing every four games: random, meld-biased (takes and melds preferred, so
games reach canastas, packets and going out), GreedyBot, meld-biased, and a
mixed table.  A game is fully determined by its number and the seed, so a
finding names the game that reproduces it (``--start g --games 1``), and runs
over separate ranges of games can be merged.  A game is cut short after
``--max-moves``.

The checks (``--checks``): ``sampled`` (the default) gives every state the
cheap ones (card census, a legal move for a game in progress — no dead end —
and none for a finished one, scores) and every ``--every``-th state all the
others: E-1 (the fast and reference move generators, listed moves applied
and explained, near misses), E-2 against an exhaustive oracle on small hands,
immutability, ``to_dict``/``from_dict``, pickle and ``copy.deepcopy`` round
trips, and each seat's view and view document, searched for any card the
seat may not see; at the end of each game every step of every seat's view
history is searched, and every 8th game's record is replayed.  ``full`` and
``light`` are the harness's older mixes.

``lockstep`` plays each game with both engines at once, the native core and
the Python reference engine (``tests/_lockstep.py``, the differential test's
harness): before every move the same position document, ``==``, phase,
player, scores and legal moves in order; after it the same events; on every
``--every``-th state (default 5 with lockstep) the same answers to near
misses (``explain``, and ``apply``'s error class, RULES ID and message) and
the same view document for every seat; now and then both engines read the
Python document back and play on from it; at the end the same history and a
native state that survives pickling.  A divergence ends that game and is
reported like a finding.  A finding does not stop the soak:
the game ends there if it cannot go on, and the next one starts.  One process,
one core.
"""

from __future__ import annotations

import argparse
import collections
import importlib.util
import json
import os
import platform
import subprocess
import sys
import time
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
MAX_REPORTS = 5  # finding reports kept per kind (every finding is counted)


def _harness() -> ModuleType:
    """Load tests/_invariants.py (the test suite's harness, with tests/ on the path for its helpers, _lockstep too)."""
    tests = ROOT / "tests"
    sys.path.insert(0, str(tests))
    path = tests / "_invariants.py"
    spec = importlib.util.spec_from_file_location("_invariants", path)
    if spec is None or spec.loader is None:  # pragma: no cover
        raise SystemExit(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules["_invariants"] = module
    spec.loader.exec_module(module)
    return module


def _commit() -> str:
    try:
        out = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True,
                             text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "-C", str(ROOT), "status", "--porcelain", "--untracked-files=no"],
                               capture_output=True, text=True, check=True).stdout.strip()
        return out + ("+changes" if dirty else "")
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


class Tally:
    """The figures of a soak: totals, by preset, by players; finding reports; CPU time.  JSON-safe."""

    COUNTS = ("games", "finished_games", "hands", "moves", "states", "sampled", "legal_moves_applied",
              "near_misses", "near_misses_refused", "oracle_positions", "oracle_moves", "oracle_dead_ends",
              "oracle_gave_up", "round_trips", "pickles", "deep_copies", "views", "hidden_checks",
              "history_steps_searched", "records")

    def __init__(self) -> None:
        self.total: dict[str, Any] = self.blank()
        self.presets: dict[str, dict[str, Any]] = {}
        self.policies: dict[str, dict[str, Any]] = {}
        self.reports: list[dict[str, Any]] = []
        self.ranges: list[list[int]] = []  # the games played, as [first, last + 1] ranges

    @classmethod
    def blank(cls) -> dict[str, Any]:
        out: dict[str, Any] = dict.fromkeys(cls.COUNTS, 0)
        out.update(variants=0, cpu_s=0.0, events={}, findings={})
        return out

    @staticmethod
    def _add(into: dict[str, Any], other: dict[str, Any]) -> None:
        for key, value in other.items():
            if isinstance(value, dict):
                into[key] = dict(collections.Counter(into.get(key, {})) + collections.Counter(value))
            else:
                into[key] = into.get(key, 0) + value

    def add_game(self, game: Any, stats: Any, cpu: float) -> None:
        """Add one game's stats (a harness ``Stats``) and the CPU time it took."""
        figures: dict[str, Any] = {name: getattr(stats, name) for name in self.COUNTS}
        figures.update(variants=int(game.variant), cpu_s=cpu, events=dict(stats.events),
                       findings=dict(stats.finding_counts))
        self._add(self.total, figures)
        self._add(self.presets.setdefault(game.preset, self.blank()), figures)
        self._add(self.policies.setdefault(game.policy, self.blank()), figures)
        kept = collections.Counter(r["what"] for r in self.reports)
        for finding in stats.findings:
            if kept[finding.what] < MAX_REPORTS:
                self.reports.append(finding.report())
                kept[finding.what] += 1
        if self.ranges and self.ranges[-1][1] == game.number:
            self.ranges[-1][1] += 1
        else:
            self.ranges.append([game.number, game.number + 1])

    def merge(self, other: Tally) -> None:
        self._add(self.total, other.total)
        for mine, theirs in ((self.presets, other.presets), (self.policies, other.policies)):
            for name, figures in theirs.items():
                self._add(mine.setdefault(name, self.blank()), figures)
        kept = collections.Counter(r["what"] for r in self.reports)
        for report in other.reports:
            if kept[report["what"]] < MAX_REPORTS:
                self.reports.append(report)
                kept[report["what"]] += 1
        ranges: list[list[int]] = []
        for first, end in sorted(self.ranges + other.ranges):
            if ranges and ranges[-1][1] == first:
                ranges[-1][1] = end
            else:
                ranges.append([first, end])
        self.ranges = ranges

    def to_dict(self) -> dict[str, Any]:
        return {"total": self.total, "presets": self.presets, "policies": self.policies,
                "ranges": self.ranges, "finding_reports": self.reports}

    @classmethod
    def from_dict(cls, doc: dict[str, Any]) -> Tally:
        tally = cls()
        tally.total, tally.presets, tally.policies = doc["total"], doc["presets"], doc["policies"]
        tally.ranges, tally.reports = doc["ranges"], doc["finding_reports"]
        return tally


def _print_summary(tally: Tally, settings: dict[str, Any], wall: float | None) -> None:
    t = tally.total
    lockstep = settings.get("checks") == "lockstep" or any(r.get("checks") == "lockstep"
                                                             for r in settings.get("runs", ()))
    findings = sum(t["findings"].values())
    print(f"\nsoak: {settings}")
    print(f"games played: {', '.join(f'{a}..{b - 1}' for a, b in tally.ranges) or 'none'}")
    print(f"\n{'':12}{'games':>8}{'variants':>9}{'finished':>9}{'hands':>8}{'moves':>10}{'sampled':>9}"
          f"{'CPU s':>9}{'moves/s':>9}{'findings':>9}")
    for group in (tally.presets, tally.policies):
        for name in sorted(group):
            _row(name, group[name])
        print()
    _row("all", t)
    if lockstep:
        print(f"\nboth engines compared on {t['states']} states (position, legal moves, events), "
              f"{t['sampled']} sampled states ({t['near_misses']} near misses, {t['near_misses_refused']} refused "
              f"alike, {t['legal_moves_applied']} legal ones applied alike; {t['views']} view documents), "
              f"{t['round_trips']} positions read back by both")
    else:
        print(f"\nchecked: {t['states']} states ({t['sampled']} with every check), {t['legal_moves_applied']} "
              f"extra moves applied, {t['near_misses_refused']} of {t['near_misses']} near misses refused, "
              f"{t['oracle_positions']} oracle positions ({t['oracle_moves']} moves, {t['oracle_dead_ends']} dead "
              f"ends refused, {t['oracle_gave_up']} gave up), {t['round_trips']} position round trips, "
              f"{t['pickles']} pickles, {t['deep_copies']} deep copies, {t['views']} views "
              f"({t['hidden_checks']} searched for hidden cards), {t['history_steps_searched']} view-history "
              f"steps searched, {t['records']} records replayed")
    print(f"events: {dict(sorted(t['events'].items()))}")
    print(f"CPU time: {t['cpu_s']:.0f} s ({t['cpu_s'] / 60:.1f} min)" + (f"; wall time {wall:.0f} s" if wall else ""))
    print(f"findings: {findings}" + (f" {dict(sorted(t['findings'].items()))}" if findings else ""))
    for r in tally.reports:
        print(f"FINDING: {r['what']}: {r['detail']} (action {r['action']}) -- game {r.get('game')} "
              f"(seed {r.get('seed')}, {r.get('preset')}{' variant' if r.get('variant') else ''}, "
              f"{r.get('policy')}), move {r.get('move')}")


def _row(name: str, f: dict[str, Any]) -> None:
    rate = f["moves"] / f["cpu_s"] if f["cpu_s"] else 0
    print(f"{name:12}{f['games']:>8}{f['variants']:>9}{f['finished_games']:>9}{f['hands']:>8}{f['moves']:>10}"
          f"{f['sampled']:>9}{f['cpu_s']:>9.0f}{rate:>9.0f}{sum(f['findings'].values()):>9}")


def _write(path: Path, doc: dict[str, Any]) -> None:
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(json.dumps(doc, indent=1) + "\n")
    os.replace(tmp, path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Soak the engine: numbered games, every invariant checked.")
    parser.add_argument("--moves", type=int, default=None, help="stop starting games once this many moves are "
                        "played (default 1,000,000 when neither --games nor --minutes is given)")
    parser.add_argument("--games", type=int, default=None, help="play at most this many games (in all, with --resume)")
    parser.add_argument("--minutes", type=float, default=None, help="stop starting games after this long")
    parser.add_argument("--start", type=int, default=0, help="the first game's number (default 0)")
    parser.add_argument("--seed", type=int, default=0, help="game g is new_game(rules, SEED + g) (default 0)")
    parser.add_argument("--checks", choices=("sampled", "full", "light", "lockstep"), default="sampled",
                        help="which checks (default sampled: the cheap ones on every state, all on a sample; "
                        "lockstep: the native and the Python engine play each game together and must agree)")
    parser.add_argument("--players", choices=("all", "bots"), default="all",
                        help="all (default): random, meld-biased, GreedyBot and mixed tables in turn; bots: "
                        "bot-played and meld-biased games only (meld-biased, GreedyBot, and tables of "
                        "GreedyBot, SearchBot and meld-biased seats)")
    parser.add_argument("--light", action="store_true", help="the same as --checks light")
    parser.add_argument("--every", type=int, default=None,
                        help="with --checks sampled, every check on every N-th state (default 50); with lockstep, "
                        "near misses and views on every N-th state (default 5)")
    parser.add_argument("--max-moves", type=int, default=10_000,
                        help="cut a game short after this many moves (default 10,000: preset games end by "
                        "2,500; a variant with a short hand_move_limit may score too slowly to end)")
    parser.add_argument("--progress", type=int, default=25, help="a progress line every N games (default 25)")
    parser.add_argument("--json", type=Path, default=None,
                        help="write the figures, settings and findings to this file (also as the run goes)")
    parser.add_argument("--resume", type=Path, default=None, metavar="JSON",
                        help="carry on the run whose --json file this is, from its next game")
    parser.add_argument("--merge", type=Path, nargs="+", default=None, metavar="JSON",
                        help="print the figures of these runs' --json files together, and play nothing")
    args = parser.parse_args(argv)

    if args.merge:
        tally = Tally()
        settings: dict[str, Any] = {}
        for path in args.merge:
            doc = json.loads(path.read_text())
            tally.merge(Tally.from_dict(doc))
            settings.setdefault("runs", []).append({k: doc["settings"][k] for k in ("seed", "checks", "every",
                                                                                     "commit")})
        _print_summary(tally, settings, None)
        if args.json is not None:
            _write(args.json, {"settings": settings, **tally.to_dict()})
        return 1 if tally.total["findings"] else 0

    tally = Tally()
    if args.resume is not None:
        doc = json.loads(args.resume.read_text())
        tally = Tally.from_dict(doc)
        s = doc["settings"]
        args.seed, args.checks, args.every, args.max_moves = s["seed"], s["checks"], s["every"], s["max_moves"]
        args.players = s.get("players", "all")
        args.start = s["next_game"]
        for name in ("moves", "games", "minutes"):
            if getattr(args, name) is None:
                setattr(args, name, s["target"][name])
        args.json = args.json or args.resume
    if args.light:
        args.checks = "light"
    if args.every is None:
        args.every = 5 if args.checks == "lockstep" else 50
    if args.moves is None and args.games is None and args.minutes is None:
        args.moves = 1_000_000

    harness: Any = _harness()
    cycle = harness.BOT_CYCLE if args.players == "bots" else harness.POLICY_CYCLE
    lockstep_module: Any = importlib.import_module("_lockstep")  # tests/ is on the path now
    settings = {
        "seed": args.seed, "start": args.start, "checks": args.checks, "players": args.players,
        "every": args.every if args.checks in ("sampled", "lockstep") else None, "max_moves": args.max_moves,
        "target": {"moves": args.moves, "games": args.games, "minutes": args.minutes},
        "commit": _commit(), "python": platform.python_version(), "date": time.strftime("%Y-%m-%d %H:%M UTC",
                                                                                        time.gmtime()),
        "next_game": args.start,
    }
    if args.checks == "sampled":
        what = (f"every state: census, no dead end, scores; every {args.every}th state ({100 / args.every:.1f}%): "
                "E-1, E-2 oracle, immutability, to_dict/from_dict, pickle, deepcopy, every seat's view and view "
                "document searched for hidden cards; end of game: every seat's whole view history; every 8th "
                "game's record replayed")
    elif args.checks == "lockstep":
        what = (f"both engines in lockstep: every state the same position, legal moves and events; every "
                f"{args.every}th state near misses and every seat's view document alike")
    else:
        what = f"the harness's {args.checks} checks"
    print(f"soak from game {args.start} (seed {args.seed}): {what}", flush=True)
    print(f"target: {args.moves or '-'} moves, {args.games or '-'} games, {args.minutes or '-'} minutes; "
          f"commit {settings['commit']}, Python {settings['python']}", flush=True)

    def make_checker(seed: int) -> Any:
        if args.checks == "sampled":
            return harness.sampled_checker(seed, args.every)
        return harness.light_checker(seed) if args.checks == "light" else harness.soak_checker(seed)

    began, played, moves_here = time.perf_counter(), 0, 0
    number = args.start
    while True:
        if args.games is not None and tally.total["games"] >= args.games:
            break
        if args.moves is not None and tally.total["moves"] >= args.moves:
            break
        if args.minutes is not None and time.perf_counter() - began > args.minutes * 60:
            break
        game = harness.soak_game(number, args.seed, cycle)
        cpu = time.process_time()
        if args.checks == "lockstep":
            lockstep = lockstep_module.Lockstep(seed=game.seed, check_every=args.every, collect=True)
            lockstep.play(game.rules, game.seed, harness.POLICIES[game.policy], max_moves=args.max_moves,
                          context=game.context())
            stats = lockstep.stats
        else:
            checker = make_checker(game.seed)
            harness.play_soak_game(game, checker, args.max_moves)
            stats = checker.stats
        tally.add_game(game, stats, time.process_time() - cpu)
        moves_here += stats.moves
        played += 1
        number += 1
        settings["next_game"] = number
        if played % args.progress == 0:
            elapsed = time.perf_counter() - began
            t = tally.total
            print(f"[{elapsed:6.0f} s] game {number - 1}: {t['games']} games, {t['moves']} moves "
                  f"({moves_here / elapsed:.0f}/s), CPU {t['cpu_s']:.0f} s, findings {sum(t['findings'].values())} "
                  f"{t['findings'] or ''}", file=sys.stderr, flush=True)
            if args.json is not None:
                _write(args.json, {"settings": settings, **tally.to_dict()})
    wall = time.perf_counter() - began
    if args.json is not None:
        _write(args.json, {"settings": settings, **tally.to_dict()})
    _print_summary(tally, settings, wall if args.resume is None else None)
    return 1 if tally.total["findings"] else 0


if __name__ == "__main__":
    sys.exit(main())
