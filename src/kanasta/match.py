"""The old import path ``kanasta.match``: the match runner now lives in :mod:`kanasta.bots.match`.

What a match gives (its games and summaries) lives in :mod:`kanasta.bots.results`.
This module only re-exports those names (``BOT_NAMES`` and ``MAX_MOVES`` too),
so that ``import kanasta.match`` and objects pickled before the move (a pickle
names its classes by module) keep working.  New code imports from the new homes.
"""

from __future__ import annotations

from kanasta.bots.match import BotFactory, BotSpec, play_game, play_match, play_tournament
from kanasta.bots.results import BotSummary, MatchGame, MatchResult, TournamentResult

__all__ = [
    "BotFactory",
    "BotSpec",
    "BotSummary",
    "MatchGame",
    "MatchResult",
    "TournamentResult",
    "play_game",
    "play_match",
    "play_tournament",
]
