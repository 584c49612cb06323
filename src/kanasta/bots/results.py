"""What a match gives: its games and their summary per bot, as a table, JSON or CSV.

:class:`MatchGame` is one game of a match as it was played (who sat where,
who won, the scores, how long the bots thought, or the error that stopped
it); :class:`MatchResult` sums a match's games up per bot, then per team in a
partnership game or per seat otherwise (:class:`BotSummary`), and
:class:`TournamentResult` holds a round robin's matches and ratings.  The
games are played by :mod:`kanasta.bots.match`; the intervals and ratings are
:mod:`kanasta.bots.stats`'.

>>> import attrs, kanasta
>>> from kanasta.bots.match import play_match
>>> rules = attrs.evolve(kanasta.Rules.classic(players=2), target_score=500)
>>> result = play_match(rules, ["greedy", "random"], games=2, seed=1)
>>> [row.bot for row in result.summary()], result.failed
(['greedy', 'random'], ())
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from typing import Any, Final

import attrs

from kanasta.bots.stats import deal_interval, quantile
from kanasta.errors import ConfigError
from kanasta.rules import Rules

__all__ = ["BotSummary", "MatchGame", "MatchResult", "TournamentResult"]


@attrs.frozen(slots=True)
class MatchGame:
    """One game of a match: who sat where, who won, the scores, and how long the bots thought.

    ``lineup[seat]`` is the index of the bot at that seat (in the match's
    bot list).  ``winner`` is the winning team (None if the game was stopped
    unfinished).  ``seat_seconds`` is each seat's CPU time in ``choose``, and
    ``move_seconds`` each seat's moves' times one by one (empty in a game
    saved without them).  The timings are not part of equality: the same match
    gives equal games on any backend, but never the same timings.

    ``error`` is None for a game played to its end (or to the move limit);
    for a game that failed -- a bot or the engine raised -- it is the
    exception's type and message, and the game holds what was played up to
    it (``winner`` None).  A failed game is reported with its seed and left
    out of the summary; the match's other games go on
    (:attr:`MatchResult.failed`).

    >>> import attrs, kanasta
    >>> from kanasta.bots.match import BotSpec, play_game
    >>> rules = attrs.evolve(kanasta.Rules.classic(players=2), target_score=300)
    >>> game = play_game(rules, (BotSpec("greedy"), BotSpec("random")), seed=5, index=1)
    >>> game.deal, game.rotation, game.lineup, game.moves == sum(game.seat_moves)
    (0, 1, (1, 0), True)
    """

    index: int
    deal: int
    rotation: int
    seed: int
    lineup: tuple[int, ...]
    winner: int | None
    scores: tuple[int, ...]
    hands: int
    moves: int
    seat_moves: tuple[int, ...]
    seat_seconds: tuple[float, ...] = attrs.field(eq=False)
    move_seconds: tuple[tuple[float, ...], ...] = attrs.field(eq=False, default=())
    error: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """The game as JSON-safe data (the move times rounded to 0.1 microsecond).

        >>> import attrs, kanasta
        >>> from kanasta.bots.match import BotSpec, play_game
        >>> rules = attrs.evolve(kanasta.Rules.classic(players=2), target_score=300)
        >>> sorted(play_game(rules, (BotSpec("greedy"), BotSpec("greedy")), seed=1, index=0).to_dict())
        ['deal', 'error', 'hands', 'index', 'lineup', 'move_seconds', 'moves', 'rotation', 'scores',
         'seat_moves', 'seat_seconds', 'seed', 'winner']
        """
        data = attrs.asdict(self)
        data["move_seconds"] = [[round(t, 7) for t in times] for times in self.move_seconds]
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> MatchGame:
        """Read back :meth:`to_dict`'s data (a saved game, to resume a match with).

        >>> import attrs, kanasta
        >>> from kanasta.bots.match import BotSpec, play_game
        >>> rules = attrs.evolve(kanasta.Rules.classic(players=2), target_score=300)
        >>> game = play_game(rules, (BotSpec("greedy"), BotSpec("greedy")), seed=1, index=0)
        >>> MatchGame.from_dict(game.to_dict()) == game
        True
        >>> MatchGame.from_dict({"index": 0})
        Traceback (most recent call last):
        ...
        kanasta.errors.ConfigError: game: a saved game has exactly the fields deal, error, hands, ...

        ``move_seconds`` and ``error`` may be missing (a game saved before they were kept).
        """
        names = sorted(f.name for f in attrs.fields(cls))
        if isinstance(data, dict):
            data = {"move_seconds": [], "error": None, **data}
        if not isinstance(data, dict) or sorted(data) != names:
            raise ConfigError("game", "a saved game has exactly the fields " + ", ".join(names))
        try:
            return cls(
                index=_integer(data["index"]),
                deal=_integer(data["deal"]),
                rotation=_integer(data["rotation"]),
                seed=_integer(data["seed"]),
                lineup=tuple(_integer(b) for b in data["lineup"]),
                winner=None if data["winner"] is None else _integer(data["winner"]),
                scores=tuple(_integer(x) for x in data["scores"]),
                hands=_integer(data["hands"]),
                moves=_integer(data["moves"]),
                seat_moves=tuple(_integer(m) for m in data["seat_moves"]),
                seat_seconds=tuple(float(x) for x in data["seat_seconds"]),
                move_seconds=tuple(tuple(float(t) for t in times) for times in data["move_seconds"]),
                error=_text(data["error"]),
            )
        except (TypeError, ValueError) as err:
            raise ConfigError("game", f"not a saved game: {err}") from err


def _text(value: Any) -> str | None:
    if value is not None and not isinstance(value, str):
        raise TypeError(f"{value!r} is not text or null")
    return value


def _integer(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{value!r} is not an integer")
    return value


@attrs.frozen(slots=True)
class BotSummary:
    """One row of a match's table: a bot over all its games, on one team, or at one seat.

    ``seat`` and ``team`` are None in the row of all the bot's games; a
    partnership game (two seats a team) has a row per team (``team`` set,
    ``seat`` None), other games a row per seat (``seat`` and its ``team``).
    ``wins`` counts a game stopped unfinished as half a win; a failed game
    (:attr:`MatchGame.error`) is not counted.  ``ci_low`` and
    ``ci_high`` bound the win rate at 95 % over the row's ``deals``
    (:func:`kanasta.bots.stats.deal_interval`: a deal's games are not
    independent).  The score difference is the bot's team's final score less
    the best other team's, per game and per hand played.  The times are CPU
    time in ``choose``: ``seconds_per_move`` the mean, then the median and
    90th percentile of a move (over the moves whose times were kept).
    """

    bot: str
    seat: int | None
    games: int
    wins: float
    win_rate: float
    ci_low: float
    ci_high: float
    score_diff_per_game: float
    score_diff_per_hand: float
    seconds_per_move: float
    team: int | None = None
    deals: int = 0
    move_median_seconds: float = 0.0
    move_p90_seconds: float = 0.0


def _summarise(
    name: str, index: int, games: Sequence[MatchGame], rules: Rules, seat: int | None, team: int | None = None
) -> BotSummary:
    played = 0
    wins = 0.0
    diff = 0
    hands = 0
    moves = 0
    seconds = 0.0
    times: list[float] = []
    by_deal: dict[int, list[float]] = {}
    for game in games:
        if game.error is not None:
            continue  # a failed game has no result (MatchResult.failed reports it)
        seats = [s for s, b in enumerate(game.lineup)
                 if b == index and (seat is None or s == seat) and (team is None or rules.team_of(s) == team)]
        if not seats:
            continue
        own = rules.team_of(seats[0])
        played += 1
        won = 0.5 if game.winner is None else float(game.winner == own)
        wins += won
        by_deal.setdefault(game.deal, []).append(won)
        best_other = max(score for t, score in enumerate(game.scores) if t != own)
        diff += game.scores[own] - best_other
        hands += game.hands
        moves += sum(game.seat_moves[s] for s in seats)
        seconds += sum(game.seat_seconds[s] for s in seats)
        for s in seats:
            if s < len(game.move_seconds):
                times.extend(game.move_seconds[s])
    low, high = deal_interval([sum(w) / len(w) for w in by_deal.values()])
    return BotSummary(
        bot=name,
        seat=seat,
        games=played,
        wins=wins,
        win_rate=wins / played if played else 0.0,
        ci_low=low,
        ci_high=high,
        score_diff_per_game=diff / played if played else 0.0,
        score_diff_per_hand=diff / hands if hands else 0.0,
        seconds_per_move=seconds / moves if moves else 0.0,
        team=team if seat is None else (None if team is None and seat is None else rules.team_of(seat)),
        deals=len(by_deal),
        move_median_seconds=quantile(times, 0.5),
        move_p90_seconds=quantile(times, 0.9),
    )


def _csv(header: Sequence[str], rows: Sequence[Sequence[str | float]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)
    return out.getvalue()


_COLUMNS: Final = ("bot", "seat", "games", "wins", "win_rate", "ci_low", "ci_high",
                   "score_diff_per_game", "score_diff_per_hand", "seconds_per_move",
                   "team", "deals", "move_median_seconds", "move_p90_seconds")


@attrs.frozen(slots=True)
class MatchResult:
    """The games of a match and their summary.

    >>> import attrs, kanasta
    >>> from kanasta.bots.match import play_match
    >>> rules = attrs.evolve(kanasta.Rules.kanasta(), target_score=40)
    >>> result = play_match(rules, ["greedy", "random"], games=2, seed=3)
    >>> print(result.table())  # doctest: +SKIP
    bot     seats  games  deals  win rate (95% CI)  diff/game  diff/hand  ms/move median  p90
    greedy  all        2      1  100.0% (20.7-100.0)  ...
    >>> result.to_csv().splitlines()[0].split(",")[:7]
    ['bot', 'seat', 'games', 'wins', 'win_rate', 'ci_low', 'ci_high']
    """

    rules: Rules
    bots: tuple[str, ...]
    seed: int
    games: tuple[MatchGame, ...]

    @property
    def failed(self) -> tuple[MatchGame, ...]:
        """The games that failed (a bot or the engine raised), each with its seed and ``error``.

        >>> import attrs, kanasta
        >>> from kanasta.bots.match import play_match
        >>> rules = attrs.evolve(kanasta.Rules.classic(players=2), target_score=300)
        >>> play_match(rules, ["greedy", "random"], games=2, seed=1).failed
        ()
        """
        return tuple(g for g in self.games if g.error is not None)

    def summary(self, *, per_seat: bool = False) -> tuple[BotSummary, ...]:
        """A row per bot over all its games; with ``per_seat``, then a row per bot and team in a
        partnership game (its two seats play the same games to the same result), per bot and seat
        in the others."""
        rows = [_summarise(name, i, self.games, self.rules, None) for i, name in enumerate(self.bots)]
        if per_seat:
            partners = self.rules.teams < self.rules.players
            for i, name in enumerate(self.bots):
                if partners:
                    parts = [_summarise(name, i, self.games, self.rules, None, team)
                             for team in range(self.rules.teams)]
                else:
                    parts = [_summarise(name, i, self.games, self.rules, seat)
                             for seat in range(self.rules.players)]
                rows += [row for row in parts if row.games]
        return tuple(rows)

    def _seats(self, row: BotSummary) -> str:
        if row.seat is not None:
            return str(row.seat)
        if row.team is not None:
            return "+".join(str(s) for s in range(self.rules.players) if self.rules.team_of(s) == row.team)
        return "all"

    def table(self) -> str:
        """The summary as an aligned text table: per bot, then per team (``0+2``) or per seat.

        The interval is over deals (:func:`kanasta.bots.stats.deal_interval`); the
        time a move takes is its median and 90th percentile, in milliseconds.
        A line per failed game follows (:attr:`failed`): its number, seed and error.
        """
        head = ("bot", "seats", "games", "deals", "win rate (95% CI)", "diff/game", "diff/hand",
                "ms/move median", "p90")
        lines = [head]
        for r in self.summary(per_seat=True):
            lines.append((
                r.bot,
                self._seats(r),
                str(r.games),
                str(r.deals),
                f"{100 * r.win_rate:.1f}% ({100 * r.ci_low:.1f}-{100 * r.ci_high:.1f})",
                f"{r.score_diff_per_game:+.1f}",
                f"{r.score_diff_per_hand:+.1f}",
                f"{1000 * r.move_median_seconds:.2f}",
                f"{1000 * r.move_p90_seconds:.2f}",
            ))
        widths = [max(len(row[c]) for row in lines) for c in range(len(head))]
        text = "\n".join(
            "  ".join(
                cell.ljust(w) if c == 0 else cell.rjust(w)
                for c, (cell, w) in enumerate(zip(row, widths, strict=True))
            )
            for row in lines
        )
        for game in self.failed:
            text += f"\nfailed: game {game.index} (deal {game.deal}, game seed {game.seed}) after {game.moves} " \
                    f"moves: {game.error}"
        return text

    def to_dict(self) -> dict[str, Any]:
        """The match as JSON-safe data: rules, bots, seed, summary rows, every game and the failed games' numbers."""
        return {
            "rules": self.rules.to_dict(),
            "bots": list(self.bots),
            "seed": self.seed,
            "summary": [attrs.asdict(r) for r in self.summary(per_seat=True)],
            "games": [g.to_dict() for g in self.games],
            "failed": [g.index for g in self.failed],
        }

    def to_json(self) -> str:
        """:meth:`to_dict` as indented JSON text."""
        return json.dumps(self.to_dict(), indent=2)

    def to_csv(self) -> str:
        """The summary rows (per bot, then per bot and team or seat) as CSV with a header line."""
        rows = [["all" if v is None else v for v in attrs.astuple(r)] for r in self.summary(per_seat=True)]
        return _csv(_COLUMNS, rows)


@attrs.frozen(slots=True)
class TournamentResult:
    """A round robin: one :class:`MatchResult` per pair of bots, and ratings.

    ``ratings`` are Bradley--Terry ratings on the Elo scale (average 0),
    fitted to the pairs' win counts (:func:`kanasta.bots.stats.bradley_terry`).
    """

    bots: tuple[str, ...]
    matches: tuple[MatchResult, ...]
    ratings: tuple[float, ...]

    def table(self) -> str:
        """The ratings, best first, then each pair's match table."""
        order = sorted(range(len(self.bots)), key=lambda i: -self.ratings[i])
        width = max(len(b) for b in self.bots)
        lines = ["rating", *(f"{self.bots[i]:<{width}}  {self.ratings[i]:+7.1f}" for i in order)]
        for m in self.matches:
            lines += ["", f"{m.bots[0]} vs {m.bots[1]}", m.table()]
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe data: the ratings and every match."""
        return {
            "ratings": dict(zip(self.bots, self.ratings, strict=True)),
            "matches": [m.to_dict() for m in self.matches],
        }

    def to_json(self) -> str:
        """:meth:`to_dict` as indented JSON text."""
        return json.dumps(self.to_dict(), indent=2)

    def to_csv(self) -> str:
        """One line per bot: its rating, then its games and wins over all its matches."""
        rows = []
        for i, name in enumerate(self.bots):
            games = sum(r.games for m in self.matches for r in m.summary() if r.bot == name)
            wins = sum(r.wins for m in self.matches for r in m.summary() if r.bot == name)
            rows.append((name, round(self.ratings[i], 3), games, wins, wins / games if games else 0.0))
        return _csv(("bot", "rating", "games", "wins", "win_rate"), rows)
