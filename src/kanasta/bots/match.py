"""Matches and tournaments between bots, on one core, many processes or a Ray cluster.

:func:`play_match` plays a number of games between bots, with **duplicate
deals**: each deal is played once for every way of rotating the bots over
the teams (two games for two teams, the bots' seats swapped), so the luck of
the cards cancels.  Every game is fixed by ``(seed, game index)``: the deal,
the seats and the bots' own seeds all come from them.  So a match gives the
same games whatever runs it -- in this process, on ``jobs`` local processes
(``backend="process"``), or on a Ray cluster (``backend="ray"``, the
``kanasta[ray]`` extra): workers play whole games and send back only the
results (:class:`MatchGame`).

:class:`MatchResult` (:mod:`kanasta.bots.results`, with the games) sums the
games up per bot, then per team in a partnership game or per seat otherwise
(:class:`BotSummary`: games, deals, wins, win rate with its 95 % interval over
the deals -- the two games of a deal share its cards, so they are not counted
as independent, see :func:`kanasta.bots.stats.deal_interval` -- mean score
difference per game and per hand, and the time a move takes: median, 90th
percentile and mean), as a text table, JSON or CSV.  :func:`play_tournament` plays every pair of several bots
and fits Bradley--Terry ratings (:func:`kanasta.bots.stats.bradley_terry`).

Bots are named by :class:`BotSpec` (``"random"``, ``"greedy"``,
``"search"``, ``"search:50"`` -- a search bot with 50 iterations a move), or
given as any picklable ``factory(seed) -> Bot``, such as a class defined at
the top level of a module.

>>> import attrs, kanasta
>>> from kanasta.bots.match import play_match
>>> rules = attrs.evolve(kanasta.Rules.classic(players=2), target_score=500)
>>> result = play_match(rules, ["greedy", "random"], games=4, seed=1)
>>> [(g.deal, g.lineup) for g in result.games]
[(0, (0, 1)), (0, (1, 0)), (1, (0, 1)), (1, (1, 0))]
>>> greedy = result.summary()[0]
>>> greedy.bot, greedy.games, greedy.wins
('greedy', 4, 4.0)
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Final, Literal

import attrs

from kanasta import _rng
from kanasta.bots.base import Bot, RandomBot
from kanasta.bots.greedy import GreedyBot
from kanasta.bots.results import MatchGame, MatchResult, TournamentResult
from kanasta.bots.stats import bradley_terry
from kanasta.errors import ConfigError
from kanasta.rules import Rules
from kanasta.state import HandEnded, new_game

__all__ = ["BotFactory", "BotSpec", "play_game", "play_match", "play_tournament"]

BotFactory = Callable[[int], Bot]
"""Makes a bot from a seed; given to :func:`play_match` (picklable, for other processes)."""

Backend = Literal["process", "ray"]

MAX_MOVES: Final = 100_000
"""Moves after which a game is stopped unfinished (counted as half a win for each side)."""


BOT_NAMES: Final = ("greedy", "random", "search")
"""The built-in bots :class:`BotSpec` knows by name."""


@attrs.frozen(slots=True)
class BotSpec:
    """A built-in bot by name, with optional arguments: ``BotSpec.parse("search:50")``.

    ``random`` and ``greedy`` take no argument; ``search`` takes its
    iterations per move and, after them, a cap in CPU seconds per move
    (:class:`kanasta.bots.montecarlo.SearchBot`): ``search:40:0.9`` searches 40
    deals a move but stops dealing once 0.9 s have gone, so no move takes
    much longer (a capped move depends on the machine's speed; the others
    stay deterministic).  Calling a spec with a seed makes the bot.

    >>> from kanasta.bots.match import BotSpec
    >>> spec = BotSpec.parse("search:20")
    >>> spec, str(spec)
    (BotSpec(name='search', arg=20, seconds=None), 'search:20')
    >>> spec(7)
    SearchBot(iterations=20, seed=7)
    >>> capped = BotSpec.parse("search:40:0.9")
    >>> str(capped), capped(7)
    ('search:40:0.9', SearchBot(iterations=40, seconds=0.9, seed=7))
    >>> BotSpec.parse("chess")
    Traceback (most recent call last):
    ...
    kanasta.errors.ConfigError: bot: unknown bot 'chess'; the bots are greedy, random, search
    """

    name: str
    arg: int | None = None
    seconds: float | None = None

    @classmethod
    def parse(cls, text: str) -> BotSpec:
        """Read ``NAME``, ``NAME:ARG`` or ``search:ITERATIONS:SECONDS`` (case-insensitive).

        >>> from kanasta.bots.match import BotSpec
        >>> BotSpec.parse(" Greedy ")
        BotSpec(name='greedy', arg=None, seconds=None)
        >>> BotSpec.parse("search:40:0")
        Traceback (most recent call last):
        ...
        kanasta.errors.ConfigError: bot: 'search:40:0': search's cap is a number of CPU seconds > 0 a move
        """
        name, _, arg = text.strip().lower().partition(":")
        if name not in BOT_NAMES:
            raise ConfigError("bot", f"unknown bot {name!r}; the bots are {', '.join(BOT_NAMES)}")
        if not arg:
            return cls(name)
        arg, _, cap = arg.partition(":")
        if name != "search" or not arg.isdigit() or int(arg) < 1:
            raise ConfigError("bot", f"{text.strip()!r}: only search takes an argument, a number of iterations >= 1")
        if not cap:
            return cls(name, int(arg))
        try:
            seconds = float(cap)
        except ValueError:
            seconds = math.nan
        if not 0 < seconds < math.inf:
            raise ConfigError("bot", f"{text.strip()!r}: search's cap is a number of CPU seconds > 0 a move")
        return cls(name, int(arg), seconds)

    def __call__(self, seed: int) -> Bot:
        if self.name == "random":
            return RandomBot(seed=seed)
        if self.name == "greedy":
            return GreedyBot()
        from kanasta.bots.montecarlo import SearchBot

        if self.arg is None:
            return SearchBot(seed=seed)
        return SearchBot(iterations=self.arg, seconds=self.seconds, seed=seed)

    def __str__(self) -> str:
        if self.arg is None:
            return self.name
        return f"{self.name}:{self.arg}" + ("" if self.seconds is None else f":{self.seconds:g}")


def _name(bot: str | BotSpec | BotFactory) -> str:
    if isinstance(bot, str | BotSpec):
        return str(bot)
    return getattr(bot, "__name__", None) or type(bot).__name__


def _factory(bot: str | BotSpec | BotFactory) -> BotFactory:
    if isinstance(bot, str):
        return BotSpec.parse(bot)
    if not callable(bot):
        raise ConfigError("bots", f"a bot is a name or a factory(seed) -> Bot, not {type(bot).__name__}")
    return bot


def _lineup(rules: Rules, rotation: int) -> tuple[int, ...]:
    """Bot index by seat: team ``t`` gets bot ``(t + rotation) % teams``."""
    teams = rules.teams
    return tuple((rules.team_of(seat) + rotation) % teams for seat in range(rules.players))


def play_game(
    rules: Rules, bots: Sequence[BotFactory], *, seed: int, index: int, max_moves: int = MAX_MOVES
) -> MatchGame:
    """Play game number ``index`` of a match with seed ``seed``: one whole game, fixed by the two.

    Deal ``index // teams`` (its game seed derived from ``seed`` and the
    deal) is played with the bots rotated ``index % teams`` teams on; each
    seat's bot is made by its factory with a seed derived from ``seed``,
    ``index`` and the seat, and sees only its own seat's view.  The time is
    the process's CPU time spent in ``choose`` (every thread's: the native
    core's rollout threads count too; a process plays one game at a time).  An exception raised while the
    game is played (by a bot's factory or ``choose``, or by the engine) ends
    the game there: it is returned with its ``error`` (the exception's type
    and message) instead of ending the match.

    >>> import attrs, kanasta
    >>> from kanasta.bots.match import play_game
    >>> def broken(seed):
    ...     raise RuntimeError("no bot today")
    >>> rules = attrs.evolve(kanasta.Rules.classic(players=2), target_score=300)
    >>> play_game(rules, (broken, broken), seed=5, index=0).error
    'RuntimeError: no bot today'
    """
    teams = rules.teams
    deal, rotation = divmod(index, teams)
    game_seed = _rng.stream(seed, 0x6A4E, deal).next()
    lineup = _lineup(rules, rotation)
    seat_moves = [0] * rules.players
    seat_seconds = [0.0] * rules.players
    move_seconds: list[list[float]] = [[] for _ in range(rules.players)]
    hands = 0
    moves = 0
    state = None
    error = None
    try:
        players = [bots[b](_rng.stream(seed, 0xB07, index, seat).next()) for seat, b in enumerate(lineup)]
        state = new_game(rules, seed=game_seed)
        while not state.is_game_over and moves < max_moves:
            seat = state.player
            view = state.view(seat)
            start = time.process_time()
            action = players[seat].choose(view)
            took = time.process_time() - start
            seat_seconds[seat] += took
            move_seconds[seat].append(took)
            seat_moves[seat] += 1
            state = state.apply(action)
            moves += 1
            hands += sum(isinstance(e, HandEnded) for e in state.events)
    except Exception as err:  # any failure is this game's, reported with it
        error = f"{type(err).__name__}: {err}"
    return MatchGame(
        index=index,
        deal=deal,
        rotation=rotation,
        seed=game_seed,
        lineup=lineup,
        winner=None if error is not None or state is None else state.winner,
        scores=(0,) * rules.teams if state is None else state.scores,
        hands=hands,
        moves=moves,
        seat_moves=tuple(seat_moves),
        seat_seconds=tuple(seat_seconds),
        move_seconds=tuple(tuple(times) for times in move_seconds),
        error=error,
    )


@attrs.frozen(slots=True)
class _Task:
    """Some games of one match, played by one worker."""

    rules: Rules
    bots: tuple[BotFactory, ...]
    seed: int
    indices: tuple[int, ...]
    max_moves: int
    key: int = 0  # which match of a tournament


def _task_games(task: _Task) -> Iterator[MatchGame]:
    """The task's games, played one after the other as they are asked for."""
    for i in task.indices:
        yield play_game(task.rules, task.bots, seed=task.seed, index=i, max_moves=task.max_moves)


def _play_task(task: _Task) -> tuple[int, tuple[MatchGame, ...]]:
    return task.key, tuple(_task_games(task))


def _run(
    tasks: Sequence[_Task],
    *,
    jobs: int,
    backend: Backend,
    address: str | None,
    progress: Callable[[int, int], None] | None,
    on_game: Callable[[MatchGame], None] | None = None,
    finished: Sequence[MatchGame] = (),
) -> dict[int, list[MatchGame]]:
    """Play every task on the backend; the games of each match key (with ``finished``, of key 0), in game order.

    ``progress(done, total)`` is called once before any game is played, then as games end.
    """
    total = len(finished) + sum(len(t.indices) for t in tasks)
    done = len(finished)
    out: dict[int, list[MatchGame]] = {t.key: [] for t in tasks}
    out.setdefault(0, []).extend(finished)
    if progress is not None:
        progress(done, total)

    def collect(key: int, games: tuple[MatchGame, ...]) -> None:
        nonlocal done
        out[key].extend(games)
        done += len(games)
        if on_game is not None:
            for game in games:
                on_game(game)
        if progress is not None:
            progress(done, total)

    if backend == "ray":
        for key, games in _ray_results(tasks, address):
            collect(key, games)
    elif jobs == 1:
        for task in tasks:  # game by game, so that each is reported as it ends
            for game in _task_games(task):
                collect(task.key, (game,))
    else:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor, as_completed

        context = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
            futures = [pool.submit(_play_task, task) for task in tasks]
            for future in as_completed(futures):
                collect(*future.result())
    for played in out.values():
        played.sort(key=lambda g: g.index)
    return out


def _ray_results(tasks: Sequence[_Task], address: str | None) -> Iterator[tuple[int, tuple[MatchGame, ...]]]:
    try:
        import ray
    except ImportError as err:  # pragma: no cover - depends on the environment
        raise ConfigError("backend", "the ray backend needs the ray extra: pip install 'kanasta[ray]'") from err
    started = not ray.is_initialized()
    if started:
        ray.init(address=address, log_to_driver=False)
    try:
        remote = ray.remote(_play_task)
        pending = [remote.remote(task) for task in tasks]
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            for ref in ready:
                yield ray.get(ref)
    finally:
        if started:
            ray.shutdown()


def _tasks(
    rules: Rules,
    bots: tuple[BotFactory, ...],
    seed: int,
    games: int,
    max_moves: int,
    jobs: int,
    key: int = 0,
    skip: frozenset[int] = frozenset(),
) -> list[_Task]:
    # Small tasks keep the workers evenly busy; a few games each keeps the overhead low.
    todo = [i for i in range(games) if i not in skip]
    size = max(1, min(8, len(todo) // (4 * max(jobs, 1))))
    return [_Task(rules, bots, seed, tuple(todo[start:start + size]), max_moves, key)
            for start in range(0, len(todo), size)]


def _check_finished(rules: Rules, seed: int, games: int, finished: Sequence[MatchGame]) -> frozenset[int]:
    """The indices of ``finished``, once each is shown to be a game of this match (else ConfigError)."""
    seen: set[int] = set()
    for game in finished:
        if not isinstance(game, MatchGame):
            raise ConfigError("finished", f"holds MatchGame objects, not {type(game).__name__}")
        index = game.index
        if not 0 <= index < games:
            raise ConfigError("finished", f"game {index} is not one of this match's {games} games")
        if index in seen:
            raise ConfigError("finished", f"game {index} is given twice")
        seen.add(index)
        deal, rotation = divmod(index, rules.teams)
        expected = (deal, rotation, _rng.stream(seed, 0x6A4E, deal).next(), _lineup(rules, rotation))
        if (game.deal, game.rotation, game.seed, game.lineup) != expected:
            raise ConfigError(
                "finished",
                f"game {index} was dealt by another match (its deal, seats or game seed differ from "
                f"this match's with seed {seed} and {rules.players} players)",
            )
        if len(game.scores) != rules.teams or len(game.seat_moves) != rules.players:
            raise ConfigError("finished", f"game {index} has {len(game.scores)} teams' scores, not {rules.teams}")
    return frozenset(seen)


def _check(rules: Rules, names: Sequence[str], games: int, seed: int, jobs: int, backend: str) -> None:
    if not isinstance(rules, Rules):
        raise ConfigError("rules", f"must be a kanasta.Rules, not {type(rules).__name__}")
    if len(names) != rules.teams:
        raise ConfigError("bots", f"a match needs one bot per team ({rules.teams}), not {len(names)}")
    if games < 1 or games % rules.teams:
        raise ConfigError(
            "games",
            f"must be a positive multiple of {rules.teams} (each deal is played {rules.teams} times), not {games}",
        )
    if not 0 <= seed < _rng.SEED_LIMIT:
        raise ConfigError("seed", f"must be an int from 0 to 2**64 - 1, not {seed!r}")
    if jobs < 1:
        raise ConfigError("jobs", f"must be at least 1, not {jobs}")
    if backend not in ("process", "ray"):
        raise ConfigError("backend", f"must be 'process' or 'ray', not {backend!r}")


def play_match(
    rules: Rules,
    bots: Sequence[str | BotSpec | BotFactory],
    *,
    games: int,
    seed: int = 0,
    jobs: int = 1,
    backend: Backend = "process",
    address: str | None = None,
    max_moves: int = MAX_MOVES,
    progress: Callable[[int, int], None] | None = None,
    on_game: Callable[[MatchGame], None] | None = None,
    finished: Sequence[MatchGame] = (),
) -> MatchResult:
    """Play ``games`` games between ``bots`` with duplicate deals; see the module's introduction.

    ``games`` must be a multiple of the number of teams (each deal is played
    once per rotation of the bots over the teams).  ``jobs`` local processes
    play the games (``jobs=1``: in this process); ``backend="ray"`` sends
    them to a Ray cluster instead (the one this process is connected to, or
    ``ray.init(address=address)``).  ``progress(done, total)`` is called as
    games finish, and ``on_game(game)`` with each game as it ends (to save
    it).  The result is the same for every backend and ``jobs``.  A game
    that fails (a bot or the engine raises) does not stop the match: it is
    kept with its error (:attr:`MatchGame.error`, :attr:`MatchResult.failed`)
    and the other games are played.

    **Resuming.**  ``finished`` are games of this match already played (saved
    with :meth:`MatchGame.to_dict`, read back with
    :meth:`MatchGame.from_dict`): they are kept and only the other games are
    played, so an interrupted match resumed gives the result of an
    uninterrupted one.  A game that this match did not deal (another seed,
    number of players or games) is refused with a
    :class:`~kanasta.errors.ConfigError`; the bots and rules are the
    caller's to keep the same.

    >>> import attrs, kanasta
    >>> from kanasta.bots.match import play_match
    >>> rules = attrs.evolve(kanasta.Rules.classic(players=2), target_score=300)
    >>> play_match(rules, ["greedy", "random"], games=3)
    Traceback (most recent call last):
    ...
    kanasta.errors.ConfigError: games: must be a positive multiple of 2 (each deal is played 2 times), not 3
    """
    names = [_name(b) for b in bots]
    _check(rules, names, games, seed, jobs, backend)
    factories = tuple(_factory(b) for b in bots)
    skip = _check_finished(rules, seed, games, finished)
    results = _run(_tasks(rules, factories, seed, games, max_moves, jobs, skip=skip), jobs=jobs, backend=backend,
                   address=address, progress=progress, on_game=on_game, finished=finished)
    return MatchResult(rules=rules, bots=tuple(names), seed=seed, games=tuple(results[0]))


def play_tournament(
    rules: Rules,
    bots: Sequence[str | BotSpec | BotFactory],
    *,
    games: int,
    seed: int = 0,
    jobs: int = 1,
    backend: Backend = "process",
    address: str | None = None,
    max_moves: int = MAX_MOVES,
    progress: Callable[[int, int], None] | None = None,
) -> TournamentResult:
    """A round robin: a :func:`play_match` of ``games`` games for every pair of ``bots``, and ratings.

    Pair ``(i, j)`` plays with a seed derived from ``seed`` and the pair;
    all the pairs' games share the workers.

    >>> import attrs, kanasta
    >>> from kanasta.bots.match import play_tournament
    >>> rules = attrs.evolve(kanasta.Rules.classic(players=2), target_score=300)
    >>> t = play_tournament(rules, ["greedy", "random", "random"], games=2, seed=2)
    Traceback (most recent call last):
    ...
    kanasta.errors.ConfigError: bots: a tournament needs 2 or more bots with different names
    """
    names = [_name(b) for b in bots]
    if len(names) < 2 or len(set(names)) != len(names):
        raise ConfigError("bots", "a tournament needs 2 or more bots with different names")
    if rules.teams != 2:
        raise ConfigError("rules", f"a tournament plays pairs of bots, so needs two teams, not {rules.teams}")
    _check(rules, names[:2], games, seed, jobs, backend)
    factories = [_factory(b) for b in bots]
    pairs = [(i, j) for i in range(len(names)) for j in range(i + 1, len(names))]
    tasks: list[_Task] = []
    seeds: list[int] = []
    for key, (i, j) in enumerate(pairs):
        pair_seed = _rng.stream(seed, 0x7047, i, j).next()
        seeds.append(pair_seed)
        tasks += _tasks(rules, (factories[i], factories[j]), pair_seed, games, max_moves, jobs, key)
    results = _run(tasks, jobs=jobs, backend=backend, address=address, progress=progress)
    matches = tuple(
        MatchResult(rules=rules, bots=(names[i], names[j]), seed=seeds[key], games=tuple(results[key]))
        for key, (i, j) in enumerate(pairs)
    )
    wins: dict[tuple[str, str], tuple[float, float]] = {}
    for m in matches:
        a, b = m.summary()
        wins[(a.bot, b.bot)] = (a.wins, b.wins)
    ratings = bradley_terry(names, wins)
    return TournamentResult(bots=tuple(names), matches=matches, ratings=tuple(ratings[n] for n in names))
