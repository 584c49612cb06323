"""A complete bot of one's own, and a short match against the built-in GreedyBot.

``MemoryBot`` plays like :class:`kanasta.bots.GreedyBot`, with one change
worked out from what its seat has seen: when it discards, it prefers a card
whose rank the next player has discarded earlier in this hand (that player
did not want it then, so is less likely to take the pile for it now).  All it
reads is its own seat's view: the legal moves, its hand and the history of
the hand as that seat saw it.

Run: ``python examples/my_bot.py [GAMES]`` (default 20 games).
"""

from __future__ import annotations

import sys

import attrs

import kanasta
from kanasta.bots import GreedyBot
from kanasta.bots.match import play_match


class MemoryBot:
    """GreedyBot, but discards what the next player threw away before, when it can."""

    def __init__(self, seed: int = 0) -> None:
        self.greedy = GreedyBot()

    def choose(self, view: kanasta.PlayerView) -> kanasta.Action:
        move = self.greedy.choose(view)
        if not isinstance(move, kanasta.Discard):
            return move
        nxt = (view.seat + 1) % view.rules.players
        unwanted: set[kanasta.Rank | None] = set()
        for step in view.history:  # the game as this seat saw it
            if any(isinstance(e, kanasta.HandStarted) for e in step.events):
                unwanted.clear()  # a new hand: forget the last one
            if step.seat == nxt and isinstance(step.action, kanasta.Discard):
                unwanted.add(step.action.card.rank)
        discards = [a for a in view.legal_actions() if isinstance(a, kanasta.Discard)]
        ranked = GreedyBot.rank_discards(view, discards)  # best to throw first
        safe = [a for a in ranked if a.card.rank in unwanted and not a.card.is_wild]
        return safe[0] if safe else move


def main(games: int = 20) -> None:
    """Play ``games`` short games of Classic Canasta (duplicate deals) and print the table."""
    rules = attrs.evolve(kanasta.Rules.classic(), target_score=1500)
    result = play_match(rules, [MemoryBot, "greedy"], games=games, seed=1)
    print(result.table())


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
