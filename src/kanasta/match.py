"""The old import path ``kanasta.match``: the match runner now lives in :mod:`kanasta.bots.match`.

This module only re-exports that module's public names, so that ``import kanasta.match``
and objects pickled before the move (a pickle names its classes by module) keep
working (``BOT_NAMES`` and ``MAX_MOVES`` too).  New code imports from :mod:`kanasta.bots.match`.
"""

from __future__ import annotations

from kanasta.bots.match import (
    BotFactory,
    BotSpec,
    BotSummary,
    MatchGame,
    MatchResult,
    TournamentResult,
    play_game,
    play_match,
    play_tournament,
)

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
