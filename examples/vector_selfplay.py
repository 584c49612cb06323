"""Self-play on the batched env: a linear softmax policy trained by REINFORCE, NumPy only.

Every seat of every game plays the same policy: logits ``observation @ W`` over
the 100 action ids, illegal ids masked out.  When a hand ends, each of its
decisions is credited with the reward its team got for the hand
(:class:`kanasta.rl.vector.VectorEnv`'s rewards are by team), and ``W`` takes a
policy-gradient step.  After training, the policy plays team 0 against
uniformly random play for team 1, and the mean reward of each is printed.

Run it with ``python examples/vector_selfplay.py [ITERATIONS]`` (NumPy needed:
``pip install "kanasta[rl]"``).
"""

from __future__ import annotations

import sys

import numpy as np
import numpy.typing as npt

from kanasta.rl.actions import NUM_ACTIONS
from kanasta.rl.vector import VectorEnv, VectorStep

Floats = npt.NDArray[np.float32]


def policy(weights: Floats, out: VectorStep) -> Floats:
    """Each game's probabilities over the ids: a softmax of the legal ids' logits."""
    logits = out.observations @ weights
    logits = np.where(out.masks == 1, logits, -np.inf)
    logits -= logits.max(axis=1, keepdims=True)
    p: Floats = np.exp(logits).astype(np.float32)
    p /= p.sum(axis=1, keepdims=True)
    return p


def sample(rng: np.random.Generator, p: Floats) -> npt.NDArray[np.int64]:
    """One id per row of ``p``, drawn with those probabilities."""
    u = rng.random((p.shape[0], 1), dtype=np.float32)
    picks: npt.NDArray[np.int64] = (p.cumsum(axis=1) < u).sum(axis=1, dtype=np.int64)
    return np.minimum(picks, NUM_ACTIONS - 1)


def train(iterations: int, envs: int = 32, lr: float = 0.05, seed: int = 1) -> Floats:
    """Train the policy by self-play; return its weights."""
    env = VectorEnv("classic-2", envs, num_threads=2)
    rng = np.random.default_rng(seed)
    weights = np.zeros((env.observation_size, NUM_ACTIONS), np.float32)
    trail: list[list[tuple[Floats, Floats, int]]] = [[] for _ in range(envs)]  # (x, onehot - p, team)
    out = env.reset(seed=seed)
    for _ in range(iterations):
        p = policy(weights, out)
        ids = sample(rng, p)
        grad_log = -p
        grad_log[np.arange(envs), ids] += 1.0
        teams = out.players % env.teams
        for i in range(envs):
            trail[i].append((out.observations[i], grad_log[i], int(teams[i])))
        out = env.step(ids)
        gradient = np.zeros_like(weights)
        for i in np.flatnonzero(out.rewards.any(axis=1) | out.terminated | out.truncated).tolist():
            for x, g, team in trail[i]:
                gradient += np.outer(x, g * out.rewards[i, team])
            trail[i] = []
        weights += lr * gradient / envs
    return weights


def evaluate(weights: Floats, steps: int = 3000, envs: int = 32, seed: int = 99) -> tuple[float, float]:
    """Team 0 plays the policy, team 1 plays random legal ids: each team's mean reward per game slot."""
    env = VectorEnv("classic-2", envs, num_threads=2)
    rng = np.random.default_rng(seed)
    out = env.reset(seed=seed)
    total = np.zeros(env.teams)
    for _ in range(steps):
        learned = sample(rng, policy(weights, out))
        ids = np.where(out.players % env.teams == 0, learned, env.random_actions())
        out = env.step(ids)
        total += out.rewards.sum(axis=0)
    return float(total[0] / envs), float(total[1] / envs)


def main(iterations: int = 2000) -> tuple[float, float]:
    weights = train(iterations)
    learned, random_play = evaluate(weights)
    print(f"after {iterations} self-play steps of 32 games: reward per game slot, "
          f"policy {learned:+.3f}, random {random_play:+.3f}")
    return learned, random_play


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2000)
