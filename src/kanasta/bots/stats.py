"""Statistics for matches: confidence intervals for win rates, quantiles, and ratings.

:func:`wilson_interval` is the Wilson score interval of a win rate (it stays
inside 0..1 and behaves at 0 and at all wins, unlike the normal
approximation).  :func:`deal_interval` is the one a duplicate match reports:
the games of one deal are played by the same cards, so they are not
independent trials, and the interval counts the deals instead.
:func:`quantile` gives the median and the 90th percentile of the time a move
takes.  :func:`bradley_terry` fits Bradley--Terry strengths to the
games of a round robin and gives them as ratings on the Elo scale (a
difference of 400 points means odds of 10 to 1).

>>> from kanasta.bots.stats import bradley_terry, wilson_interval
>>> low, high = wilson_interval(8, 10)
>>> round(low, 4), round(high, 4)
(0.4902, 0.9433)
>>> [round(r, 1) for r in bradley_terry(["a", "b"], {("a", "b"): (3.0, 1.0)}, prior=0.0).values()]
[95.4, -95.4]
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Final

from kanasta.errors import ConfigError

__all__ = ["Z95", "bradley_terry", "deal_interval", "quantile", "wilson_interval"]

Z95: Final = 1.959963984540054
"""The two-sided 95 % quantile of the standard normal distribution."""


def wilson_interval(wins: float, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of ``wins / games`` (95 % by default).

    ``wins`` may hold halves (a game counted as half a win).  With no games
    the interval is the whole range ``(0.0, 1.0)``.

    >>> from kanasta.bots.stats import wilson_interval
    >>> [round(x, 4) for x in wilson_interval(0, 10)]
    [0.0, 0.2775]
    >>> wilson_interval(0, 0)
    (0.0, 1.0)
    >>> wilson_interval(11, 10)
    Traceback (most recent call last):
    ...
    kanasta.errors.ConfigError: wins: must be from 0 to games (10), not 11
    """
    if games < 0:
        raise ConfigError("games", f"must be at least 0, not {games}")
    if not 0 <= wins <= games:
        raise ConfigError("wins", f"must be from 0 to games ({games}), not {wins}")
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    z2 = z * z
    denominator = 1 + z2 / games
    centre = (p + z2 / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def deal_interval(deal_scores: Sequence[float], z: float = Z95) -> tuple[float, float]:
    """The 95 % interval of a win rate from a duplicate match, over its deals.

    ``deal_scores`` holds, for each deal, the bot's share of that deal's
    games it won (a deal played twice with the seats swapped scores 0, 0.5
    or 1).  The games of one deal share their cards, so they are not
    independent: an interval over games would count the luck a deal brings
    twice.  This is the Wilson score interval of the mean deal score with
    the deals as the trials.  A deal's score lies in 0..1, so its variance is
    at most p(1 - p) and the interval keeps (at least) its 95 % coverage.

    Six deals, won 1, 1, 1, 0.5, 0.5, 0 (the bot won 8 of 12 games): a mean
    of 4 / 6 and the interval of 4 wins in 6 trials, (0.3000, 0.9032), wider
    than that of 8 wins in 12 games, (0.3906, 0.8619).

    >>> from kanasta.bots.stats import deal_interval
    >>> [round(x, 4) for x in deal_interval([1, 1, 1, 0.5, 0.5, 0])]
    [0.3, 0.9032]
    >>> deal_interval([])
    (0.0, 1.0)
    >>> deal_interval([1.5])
    Traceback (most recent call last):
    ...
    kanasta.errors.ConfigError: deal_scores: each is from 0 to 1, not 1.5
    """
    for score in deal_scores:
        if not 0 <= score <= 1:
            raise ConfigError("deal_scores", f"each is from 0 to 1, not {score}")
    return wilson_interval(math.fsum(deal_scores), len(deal_scores), z)


def quantile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile of ``values`` (0 <= q <= 1), linear between the two nearest order statistics.

    The quantile at ``q`` of n sorted values sits at position ``q * (n - 1)``
    (counted from 0); between two values it is interpolated (NumPy's default,
    and the ``inclusive`` method of ``statistics.quantiles``).  Of no
    values it is 0.

    >>> from kanasta.bots.stats import quantile
    >>> quantile([4, 1, 3, 2], 0.5)    # halfway between 2 and 3
    2.5
    >>> quantile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.9)  # position 8.1: 9 + 0.1 * (10 - 9)
    9.1
    >>> quantile([], 0.5)
    0.0
    """
    if not 0 <= q <= 1:
        raise ConfigError("q", f"must be from 0 to 1, not {q}")
    if not values:
        return 0.0
    ordered = sorted(values)
    position = q * (len(ordered) - 1)
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (position - low) * (ordered[high] - ordered[low])


def bradley_terry(
    players: Sequence[str],
    results: Mapping[tuple[str, str], tuple[float, float]],
    *,
    prior: float = 0.5,
    iterations: int = 10_000,
) -> dict[str, float]:
    """Bradley--Terry ratings on the Elo scale, averaging 0, from pairwise results.

    ``results[(a, b)] = (wins of a, wins of b)`` over the games between
    ``a`` and ``b`` (halves allowed).  The model says ``a`` beats ``b`` with
    probability ``s_a / (s_a + s_b)``; the strengths ``s`` are fitted by
    maximum likelihood with Hunter's MM iteration, and a rating is
    ``400 * log10(s)`` shifted so that the ratings average 0.  ``prior`` adds
    that many virtual wins to each side of every pair that played, so a bot
    that won every game still gets a finite rating.

    Two players, 3 wins to 1 and no prior: odds of 3, a difference of
    ``400 * log10(3)`` = 190.85 points, split around 0.  With the default
    prior it is 3.5 to 1.5: ``400 * log10(7 / 3)`` = 147.19.

    >>> from kanasta.bots.stats import bradley_terry
    >>> r = bradley_terry(["a", "b"], {("a", "b"): (3.0, 1.0)})
    >>> round(r["a"] - r["b"], 2)
    147.19
    >>> bradley_terry(["a", "b"], {("a", "c"): (1.0, 0.0)})
    Traceback (most recent call last):
    ...
    kanasta.errors.ConfigError: results: ('a', 'c') names a player not in players
    """
    names = list(players)
    if len(set(names)) != len(names):
        raise ConfigError("players", "must not repeat a name")
    if prior < 0:
        raise ConfigError("prior", f"must be at least 0, not {prior}")
    index = {name: i for i, name in enumerate(names)}
    n = len(names)
    wins = [[0.0] * n for _ in range(n)]
    for (a, b), (wa, wb) in results.items():
        if a not in index or b not in index:
            raise ConfigError("results", f"{(a, b)!r} names a player not in players")
        if a == b or wa < 0 or wb < 0:
            raise ConfigError("results", f"{(a, b)!r}: need two players and wins of at least 0")
        i, j = index[a], index[b]
        wins[i][j] += wa
        wins[j][i] += wb
    for i in range(n):
        for j in range(n):
            if i != j and wins[i][j] + wins[j][i] > 0:
                wins[i][j] += prior
    strength = [1.0] * n
    for _ in range(iterations):
        new = []
        for i in range(n):
            total = sum(wins[i])
            denominator = sum(
                (wins[i][j] + wins[j][i]) / (strength[i] + strength[j]) for j in range(n) if j != i
            )
            new.append(total / denominator if denominator > 0 and total > 0 else 1e-12)
        mean_log = sum(math.log(s) for s in new) / n
        new = [s / math.exp(mean_log) for s in new]
        done = max(abs(a - b) / b for a, b in zip(new, strength, strict=True)) < 1e-13
        strength = new
        if done:
            break
    return {name: 400 * math.log10(strength[index[name]]) for name in names}
