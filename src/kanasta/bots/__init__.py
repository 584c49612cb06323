"""Bots: what a bot is, the built-in bots, and the games, matches and statistics they play.

A bot is given its seat's view, never the state (RULES E-4).  The package owns:

* :mod:`kanasta.bots.base` — the :class:`Bot` protocol, :func:`legal_moves`,
  :class:`RandomBot` and :func:`play_out`, a game played by one bot a seat;
* :mod:`kanasta.bots.greedy` — :class:`GreedyBot` (and :class:`SeatTable`, what
  it reads of the seat to act);
* :mod:`kanasta.bots.sampling` — :func:`~kanasta.sample_state`, a full state
  consistent with a view: the unseen cards dealt at random (for search bots);
* :mod:`kanasta.bots.montecarlo` — :class:`~kanasta.bots.montecarlo.SearchBot`,
  a determinised Monte Carlo search over sampled deals (it needs NumPy, the
  ``rl`` extra, for the native core's rollouts);
* :mod:`kanasta.bots.match` — matches with duplicate deals and tournaments, on
  one core, many processes or a Ray cluster;
* :mod:`kanasta.bots.stats` — the statistics of a match (intervals, ratings).

The names below are the bots' public face (``from kanasta.bots import
GreedyBot``); importing the package imports neither the search bot nor the
match runner.

>>> import kanasta
>>> from kanasta.bots import GreedyBot, RandomBot, play_out
>>> start = kanasta.new_game(kanasta.Rules.classic(players=2), seed=3)
>>> play_out(start, [GreedyBot(), RandomBot(seed=3)]).is_game_over
True
"""

from __future__ import annotations

from kanasta.bots.base import Bot, RandomBot, legal_moves, play_out
from kanasta.bots.greedy import GreedyBot, SeatTable

__all__ = ["Bot", "GreedyBot", "RandomBot", "SeatTable", "legal_moves", "play_out"]
