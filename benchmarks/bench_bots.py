"""Bot strength and match speed: the figures of the docs page "Writing a bot".

Four measurements, each printed with its 95 % Wilson interval or as a ratio
measured in one run (never asserted):

* ``strength-greedy``: GreedyBot against RandomBot, duplicate deals, in
  Classic (4 and 2 players) and Kanasta;
* ``strength-search``: SearchBot against GreedyBot in Classic (4 players) and
  Kanasta, with the CPU time per move of each;
* ``search-time``: the CPU time of one SearchBot decision where it has a
  choice to search (more than one candidate), on the positions of GreedyBot
  games: median, 90th percentile and maximum;
* ``speedup``: the wall time of one match of two GreedyBots on 1 and on 2
  local worker processes, and the ratio.

Full games take long with the search bot (every decision plays hundreds of
rollouts), so ``--target`` and ``--kanasta-target`` shorten the games of the
search runs; the figures say which targets were used.  ``--search-bot`` and
``--kanasta-search-bot`` choose the budget (``search:N``, N deals a move) in
each game, ``--search-rules`` which games are played, and ``--save DIR``
writes every game of each search match as a JSON line (``MatchGame.to_dict``)
as it ends, with the match's description in a ``.match.json`` file next to
it; with one job a running figure is printed every 10 games, so a run of
many hours can be read before it ends.  ``--resume`` continues a stopped
run: the saved games are kept and only the others are played (a file of
another match is refused), giving the games of an uninterrupted run.

Run: ``python benchmarks/bench_bots.py [strength-greedy|strength-search|search-time|speedup|all] [--games N]``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Sequence
from pathlib import Path

import attrs

import kanasta
from kanasta.bots import GreedyBot
from kanasta.bots.match import BotSpec, play_match
from kanasta.bots.montecarlo import SearchBot
from kanasta.bots.results import MatchGame, MatchResult

_SEED = 2026
"""The match seed of the strength runs."""


def _line(title: str, result: MatchResult) -> str:
    first = result.summary()[0]
    seconds = [r.seconds_per_move for r in result.summary()]
    return (
        f"{title}: {first.bot} wins {first.wins:g}/{first.games} = {100 * first.win_rate:.1f}% "
        f"(95% CI {100 * first.ci_low:.1f}-{100 * first.ci_high:.1f}), "
        f"score diff {first.score_diff_per_game:+.1f}/game {first.score_diff_per_hand:+.1f}/hand, "
        f"CPU s/move " + " / ".join(f"{s:.3f}" for s in seconds)
    )


def strength_greedy(games: int, jobs: int) -> None:
    for title, rules in (
        ("Classic 4", kanasta.Rules.classic()),
        ("Classic 2", kanasta.Rules.classic(players=2)),
        ("Kanasta", kanasta.Rules.kanasta()),
    ):
        result = play_match(rules, ["greedy", "random"], games=games, seed=_SEED, jobs=jobs)
        print(_line(f"greedy vs random, {title}, {games} games", result), flush=True)


def _search_rules(games: Sequence[str], target: int, kanasta_target: int) -> list[tuple[str, str, kanasta.Rules]]:
    """(key, title, rules) of the shortened games the search runs play."""
    out = []
    if "classic" in games:
        out.append(("classic", f"Classic 4 (target {target})",
                    attrs.evolve(kanasta.Rules.classic(), target_score=target)))
    if "kanasta" in games:
        out.append(("kanasta", f"Kanasta (target {kanasta_target})",
                    attrs.evolve(kanasta.Rules.kanasta(), target_score=kanasta_target)))
    return out


def _saved(stream: Path, config: dict[str, object], resume: bool) -> list[MatchGame]:
    """The games already in ``stream`` to resume from (none unless ``resume``); writes the match's description.

    The description (rules, bots, seed, games) sits next to the games, in ``<stream>.match.json``; a
    resumed file must have one equal to this run's, so a file from another match is refused.  A last
    line cut short (the run stopped while writing it) is dropped: that game is played again.
    """
    described = stream.with_suffix(".match.json")
    if not resume:
        described.write_text(json.dumps(config, indent=1) + "\n")
        stream.write_text("")
        return []
    if not stream.exists() or not described.exists():
        raise SystemExit(f"--resume: {stream} and its description {described.name} must both exist")
    before = json.loads(described.read_text())
    differ = sorted(k for k in config.keys() | before.keys() if config.get(k) != before.get(k))
    if differ:
        raise SystemExit(
            f"--resume: {stream} is another match's games (its {', '.join(differ)} differ from this run's)"
        )
    lines = stream.read_text().splitlines(keepends=True)
    if lines and not lines[-1].endswith("\n"):
        lines.pop()
        stream.write_text("".join(lines))
    return [MatchGame.from_dict(json.loads(line)) for line in lines]


def _search_match(
    played: kanasta.Rules, bot: str, label: str, games: int, jobs: int, stream: Path | None, resume: bool
) -> MatchResult:
    """One search match, each game written to ``stream`` as it ends (after the games saved there, if
    ``resume``), with a running figure every 10 games with one job."""
    config = {"rules": played.to_dict(), "bots": [bot, "greedy"], "seed": _SEED, "games": games}
    finished = [] if stream is None else _saved(stream, config, resume)
    if finished:
        print(f"  {label}: resuming {stream} after its {len(finished)} saved games", flush=True)
    done = list(finished)

    def save_game(game: MatchGame) -> None:
        done.append(game)
        if stream is not None:
            with stream.open("a") as out:
                out.write(json.dumps(game.to_dict()) + "\n")
        if jobs == 1 and len(done) % 10 == 0 and len(done) < games:
            partial = MatchResult(rules=played, bots=(bot, "greedy"), seed=_SEED, games=tuple(done))
            print(_line(f"  {label}, {len(done)} games so far", partial), flush=True)

    return play_match(played, [bot, "greedy"], games=games, seed=_SEED, jobs=jobs, on_game=save_game,
                      finished=finished)


def strength_search(
    games: int,
    jobs: int,
    bots: dict[str, str],
    rules: list[tuple[str, str, kanasta.Rules]],
    save: Path | None,
    resume: bool = False,
) -> None:
    """Each game is written to ``save`` as it ends and, with one job, a running figure printed every 10
    games: a long run can be read before it ends, and resumed (``resume``) if it is stopped."""
    for key, title, played in rules:
        bot = bots[key]
        label = f"{bot} vs greedy, {title}"
        stream = None if save is None else save / f"search-{key}-{bot.replace(':', '')}-{games}.jsonl"
        result = _search_match(played, bot, label, games, jobs, stream, resume)
        print(_line(f"{label}, {games} games", result), flush=True)
        if stream is not None:
            print(f"  (every game in {stream})", flush=True)


def search_time(bots: dict[str, str], positions: int, rules: list[tuple[str, str, kanasta.Rules]]) -> None:
    for key, title, played in rules:
        bot = bots[key]
        spec = BotSpec.parse(bot)
        seconds: list[float] = []
        greedy = GreedyBot()
        game = 0
        while len(seconds) < positions:
            state = kanasta.new_game(played, seed=2026 + game)
            game += 1
            while not state.is_game_over and len(seconds) < positions:
                view = state.view(state.player)
                search = spec(len(seconds))
                assert isinstance(search, SearchBot)
                if len(search.candidates(view)) > 1 and len(state.history) % 3 == 0:
                    start = time.thread_time()
                    search.choose(view)
                    seconds.append(time.thread_time() - start)
                state = state.apply(greedy.choose(view))
        seconds.sort()
        print(
            f"{bot}, {title}, {positions} searched decisions: CPU s median {statistics.median(seconds):.3f}, "
            f"p90 {seconds[int(0.9 * (len(seconds) - 1))]:.3f}, max {seconds[-1]:.3f}",
            flush=True,
        )


def speedup(games: int) -> None:
    rules = kanasta.Rules.classic()
    walls = {}
    for jobs in (1, 2):
        start = time.perf_counter()
        play_match(rules, ["greedy", "greedy"], games=games, seed=7, jobs=jobs)
        walls[jobs] = time.perf_counter() - start
        print(f"greedy vs greedy, Classic 4, {games} games, {jobs} worker(s): {walls[jobs]:.1f} s", flush=True)
    print(f"speedup 2 workers vs 1: {walls[1] / walls[2]:.2f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("what", nargs="?", default="all",
                        choices=["strength-greedy", "strength-search", "search-time", "speedup", "all"])
    parser.add_argument("--games", type=int, default=200, help="games a match (default 200)")
    parser.add_argument("--search-games", type=int, default=40, help="games of the search runs (default 40)")
    parser.add_argument("--search-bot", default="search:8", help="the search bot (default search:8)")
    parser.add_argument("--kanasta-search-bot", default=None, help="the search bot in Kanasta (default: --search-bot)")
    parser.add_argument("--search-rules", default="classic,kanasta", help="games of the search runs: classic,kanasta")
    parser.add_argument("--target", type=int, default=1500, help="Classic target of the search runs")
    parser.add_argument("--kanasta-target", type=int, default=100, help="Kanasta target of the search runs")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes of the strength runs")
    parser.add_argument("--positions", type=int, default=40, help="searched decisions timed (default 40)")
    parser.add_argument("--save", type=Path, default=None, help="write each search match's games as JSON here")
    parser.add_argument("--resume", action="store_true",
                        help="with --save: keep the games already saved there and play only the others")
    args = parser.parse_args()
    bots = {"classic": args.search_bot, "kanasta": args.kanasta_search_bot or args.search_bot}
    search_rules = _search_rules(args.search_rules.split(","), args.target, args.kanasta_target)
    if args.what in ("strength-greedy", "all"):
        strength_greedy(args.games, args.jobs)
    if args.what in ("strength-search", "all"):
        if args.resume and args.save is None:
            parser.error("--resume needs --save DIR")
        strength_search(args.search_games, args.jobs, bots, search_rules, args.save, args.resume)
    if args.what in ("search-time", "all"):
        search_time(bots, args.positions, search_rules)
    if args.what in ("speedup", "all"):
        speedup(400)


if __name__ == "__main__":
    main()
