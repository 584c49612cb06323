"""Evaluate OpenSpiel's MCTS against a uniform random player in two-player Classic Canasta.

Needs the ``openspiel`` extra (``pip install "kanasta[openspiel]"``).  The games are the
bounded form of ``python_classic_canasta`` (parameter ``max_moves``: the game ends after
that many moves and the team ahead, counting the value of its melds, wins), so that a small search budget finishes
quickly; the MCTS player takes seat 0 in even games and seat 1 in odd ones.  Run it with
``python examples/openspiel_mcts.py [GAMES] [SIMULATIONS]``.
"""

from __future__ import annotations

import random
import sys

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

import kanasta.rl.openspiel  # noqa: F401  (registers the games with pyspiel)


def play(game: pyspiel.Game, bot: mcts.MCTSBot, mcts_seat: int, rng: random.Random) -> list[float]:
    """One game: chance by ``rng``, the MCTS bot at ``mcts_seat``, uniform random moves elsewhere."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = [a for a, _ in state.chance_outcomes()]
            state.apply_action(rng.choice(outcomes))
        elif state.current_player() == mcts_seat:
            state.apply_action(bot.step(state))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    returns: list[float] = state.returns()
    return returns


def main(games: int = 2, simulations: int = 8) -> float:
    """Play ``games`` games and print the MCTS player's mean return (1 win, -1 loss, 0 tie)."""
    game = pyspiel.load_game("python_classic_canasta", {"players": 2, "max_moves": 40})
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=simulations, evaluator=evaluator,
                       random_state=np.random.RandomState(2))
    rng = random.Random(3)
    total = 0.0
    for g in range(games):
        seat = g % 2
        result = play(game, bot, seat, rng)[seat]
        total += result
        print(f"game {g + 1}: MCTS at seat {seat} scores {result:+.0f}")
    mean = total / games
    print(f"MCTS ({simulations} simulations a step) against random: mean return {mean:+.2f} over {games} games")
    return mean


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
