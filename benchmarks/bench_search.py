"""SearchBot on the core's batched rollouts against SearchBot on Python rollouts.

Two measurements, printed, never asserted:

* ``iterations``: iterations (sampled deals) per CPU second of
  :meth:`SearchBot.evaluate <kanasta.bots.montecarlo.SearchBot.evaluate>` with
  ``batch=True`` (the core plays the rollouts, :func:`kanasta.rl.vector.rollouts`)
  and with ``batch=False`` (one Python move at a time), on the same positions: the
  decisions of GreedyBot games where the search has a choice (more than one
  candidate), every third such decision.  Both bots search the same deals with the
  same budget of ``--iterations`` and no pruning, so each position costs both the
  same number of rollouts; the script checks that both gave the same values.  CPU
  time is ``time.process_time`` (the core's threads included).  The ratio is the
  median over positions of each position's ratio, the two measured one after the
  other.
* ``match``: a duplicate match (:func:`kanasta.bots.match.play_match`) of
  ``SearchBot(seconds=S, batch=True)`` against ``SearchBot(seconds=S,
  batch=False)``: the same CPU time a move, so the batched bot searches many more
  deals in it.  Printed: the batched bot's win rate with its 95 % interval over the
  deals (``MatchResult.summary()``), and each bot's CPU seconds a move.  Games are
  shortened (``--target``, ``--kanasta-target``) so that a run ends in minutes.

Run from the repository's root::

    python benchmarks/bench_search.py iterations --positions 20
    python benchmarks/bench_search.py match --games 40 --seconds 0.05
"""

from __future__ import annotations

import argparse
import math
import os
import platform
import statistics
import time
from collections.abc import Iterator

import attrs

import kanasta
from kanasta.bots import GreedyBot
from kanasta.bots.match import play_match
from kanasta.bots.montecarlo import SearchBot
from kanasta.bots.results import MatchResult

SEED = 2026
"""The seed of the games the positions come from, and of the match."""


def presets(names: str, target: int, kanasta_target: int) -> list[tuple[str, kanasta.Rules]]:
    """The rules by name: Classic 4 and Kanasta, their targets shortened for the match."""
    out = []
    for name in names.split(","):
        if name == "classic":
            out.append((f"Classic 4 (target {target})", attrs.evolve(kanasta.Rules.classic(), target_score=target)))
        elif name == "kanasta":
            out.append((f"Kanasta (target {kanasta_target})",
                        attrs.evolve(kanasta.Rules.kanasta(), target_score=kanasta_target)))
        else:
            raise SystemExit(f"--rules: classic or kanasta, not {name!r}")
    return out


def positions(rules: kanasta.Rules, count: int, search: SearchBot) -> Iterator[kanasta.PlayerView]:
    """Every third view of GreedyBot games where ``search`` has more than one candidate."""
    greedy = GreedyBot()
    found = game = 0
    while found < count:
        state = kanasta.new_game(rules, seed=SEED + game)
        game += 1
        choices = 0
        while not state.is_game_over and found < count:
            view = state.view(state.player)
            if len(search.candidates(view)) > 1:
                choices += 1
                if choices % 3 == 0:
                    found += 1
                    yield view
            state = state.apply(greedy.choose(view))


def timed(bot: SearchBot, view: kanasta.PlayerView) -> tuple[float, list[list[float]]]:
    """The CPU time of one evaluation of the view's candidates, and its values."""
    options = bot.candidates(view)
    start = time.process_time()
    values = bot.evaluate(view, options)
    return time.process_time() - start, values


def iterations(rules: list[tuple[str, kanasta.Rules]], count: int, budget: int, threads: int) -> None:
    print(f"iterations per CPU second, {count} positions, {budget} iterations each, no pruning")
    for title, played in rules:
        batched = SearchBot(budget, prune=None, seed=1, batch=True, num_threads=threads)
        python = SearchBot(budget, prune=None, seed=1, batch=False)
        ratios, fast, slow, same = [], [], [], 0
        for view in positions(played, count, python):
            t_fast, v_fast = timed(batched, view)
            t_slow, v_slow = timed(python, view)
            fast.append(budget / t_fast)
            slow.append(budget / t_slow)
            ratios.append(t_slow / t_fast)
            same += all(math.isclose(a, b, abs_tol=1e-9) for va, vb in zip(v_fast, v_slow, strict=True)
                        for a, b in zip(va, vb, strict=True))
        print(f"  {title}: batched {statistics.median(fast):,.1f} it/s, python {statistics.median(slow):,.2f} it/s "
              f"(medians), batched/python {statistics.median(ratios):.1f}x "
              f"(range {min(ratios):.1f}-{max(ratios):.1f}); same values at {same}/{count} positions", flush=True)


@attrs.frozen
class Searcher:
    """A match's bot factory: ``SearchBot(cap, seconds=..., batch=...)`` seeded by the match."""

    seconds: float
    batch: bool
    cap: int = 10_000

    def __call__(self, seed: int) -> SearchBot:
        return SearchBot(self.cap, seconds=self.seconds, batch=self.batch, seed=seed)

    @property
    def __name__(self) -> str:  # the bot's name in the match's rows: the two factories are told apart
        return "search-batched" if self.batch else "search-python"


def match(rules: list[tuple[str, kanasta.Rules]], games: int, seconds: float, jobs: int) -> None:
    print(f"batched vs python SearchBot, {seconds} CPU s a move each, {games} games a match, duplicate deals")
    for title, played in rules:
        start = time.perf_counter()
        result: MatchResult = play_match(played, [Searcher(seconds, True), Searcher(seconds, False)],
                                         games=games, seed=SEED, jobs=jobs)
        new, old = result.summary()[:2]  # a row per bot, in the match's order of bots
        assert (new.bot, old.bot) == ("search-batched", "search-python"), (new.bot, old.bot)
        print(f"  {title}: batched wins {new.wins:g}/{new.games} = {100 * new.win_rate:.1f}% "
              f"(95% CI {100 * new.ci_low:.1f}-{100 * new.ci_high:.1f} over {new.deals} deals), "
              f"score diff {new.score_diff_per_game:+.1f}/game; CPU s a move: batched {new.seconds_per_move:.3f}, "
              f"python {old.seconds_per_move:.3f}; {len(result.failed)} failed; "
              f"{time.perf_counter() - start:.0f} s", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("what", choices=["iterations", "match", "all"], nargs="?", default="all")
    parser.add_argument("--rules", default="classic,kanasta", help="comma-separated: classic, kanasta")
    parser.add_argument("--positions", type=int, default=20, help="positions timed (default 20)")
    parser.add_argument("--iterations", type=int, default=24, help="iterations a position (default 24)")
    parser.add_argument("--threads", type=int, default=1, help="the batched bot's threads (default 1)")
    parser.add_argument("--games", type=int, default=40, help="games a match (default 40)")
    parser.add_argument("--seconds", type=float, default=0.05, help="CPU seconds a move in the match (0.05)")
    parser.add_argument("--target", type=int, default=1500, help="Classic's target score in the match (1500)")
    parser.add_argument("--kanasta-target", type=int, default=100, help="Kanasta's target in the match (100)")
    parser.add_argument("--jobs", type=int, default=1, help="match worker processes (default 1)")
    args = parser.parse_args()
    print(f"# CPython {platform.python_version()}, {platform.machine()}, {os.cpu_count()} CPUs, "
          f"load {os.getloadavg()[0]:.1f}")
    if args.what in ("iterations", "all"):
        full = presets(args.rules, kanasta.Rules.classic().target_score, kanasta.Rules.kanasta().target_score)
        iterations(full, args.positions, args.iterations, args.threads)
    if args.what in ("match", "all"):
        match(presets(args.rules, args.target, args.kanasta_target), args.games, args.seconds, args.jobs)
    print(f"# load at the end {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
