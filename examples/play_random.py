"""Play one game of Classic Canasta between four random bots and print the scores.

Run it with ``python examples/play_random.py [SEED]``.
"""

from __future__ import annotations

import sys

import kanasta
from kanasta.bots import RandomBot, play_out


def main(seed: int = 1) -> kanasta.State:
    """Play one whole game with a RandomBot at every seat; print each hand and the result."""
    rules = kanasta.Rules.classic()
    bots = [RandomBot(seed=seed * 10 + seat) for seat in range(rules.players)]
    final = play_out(kanasta.new_game(rules, seed=seed), bots)
    for result in final.hand_results:
        totals = ", ".join(f"team {t.team}: {t.total:+d}" for t in result.teams)
        print(f"hand {result.hand_number} ({result.ended_by}): {totals}; game {result.scores}")
    print(f"team {final.winner} wins with {final.scores} after {len(final.history)} moves")
    return final


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
