"""Evaluate OpenSpiel's information-set MCTS (ISMCTS) against a uniform random player in two-player Classic Canasta.

Needs the ``openspiel`` extra (``pip install "kanasta[openspiel]"``).  The games are the
bounded form of ``python_classic_canasta`` (parameter ``max_moves``: the game ends after
that many moves and the team ahead, counting the value of its melds, wins), so that a small
search budget finishes quickly; the searching player takes seat 0 in even games and seat 1
in odd ones.  Run it with ``python examples/openspiel_mcts.py [GAMES] [SIMULATIONS]``.

Why ISMCTS and not OpenSpiel's ``MCTSBot``: ``MCTSBot`` searches on ``state.clone()``, the
whole game, so its simulations play against the opponents' real hands and the real order of
the stock: it sees the hidden cards, which no player at the table may (RULES E-4), and its
results say nothing about a fair player.  ``ISMCTSBot`` starts every simulation from
``state.resample_from_infostate(seat, ...)``: a world that the searching seat cannot tell
from the real one, its own hand and everything it saw kept, the cards it cannot see dealt
anew from its view (``kanasta.sample_state``).  Its choice depends on what the seat may
know only; the test suite checks that it picks the same action in two states that differ
only in the hidden cards.
"""

from __future__ import annotations

import random
import sys

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import kanasta.rl.openspiel  # noqa: F401  (registers the games with pyspiel)


def make_bot(game: pyspiel.Game, simulations: int, seed: int) -> ismcts.ISMCTSBot:
    """An ISMCTS bot: each simulation in a sampled world consistent with the seat's view, random rollouts."""
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(seed))
    return ismcts.ISMCTSBot(game=game, evaluator=evaluator, uct_c=2.0, max_simulations=simulations,
                            random_state=np.random.RandomState(seed + 1))


def play(game: pyspiel.Game, bot: ismcts.ISMCTSBot, search_seat: int, rng: random.Random) -> list[float]:
    """One game: chance by ``rng``, the searching bot at ``search_seat``, uniform random moves elsewhere."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = [a for a, _ in state.chance_outcomes()]
            state.apply_action(rng.choice(outcomes))
        elif state.current_player() == search_seat:
            state.apply_action(bot.step(state))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    returns: list[float] = state.returns()
    return returns


def main(games: int = 2, simulations: int = 8) -> float:
    """Play ``games`` games and print the ISMCTS player's mean return (1 win, -1 loss, 0 tie)."""
    game = pyspiel.load_game("python_classic_canasta", {"players": 2, "max_moves": 40})
    bot = make_bot(game, simulations, seed=1)
    rng = random.Random(3)
    total = 0.0
    for g in range(games):
        seat = g % 2
        result = play(game, bot, seat, rng)[seat]
        total += result
        print(f"game {g + 1}: ISMCTS at seat {seat} scores {result:+.0f}")
    mean = total / games
    print(f"ISMCTS ({simulations} simulations a step) against random: mean return {mean:+.2f} over {games} games")
    return mean


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
