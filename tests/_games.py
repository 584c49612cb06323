"""Random games shared by the position, record and view tests (played once per test run)."""

from __future__ import annotations

import functools
import os
import random
from typing import Any

import kanasta
from kanasta.rules import PRESET_NAMES, PRESETS

__all__ = ["PRESET_NAMES", "game", "json_paths", "some_states"]


def game(preset: str, seed: int = 1) -> tuple[kanasta.State, ...]:
    """Every state of one whole game of random play under a preset, the start and the end included.

    Played once per engine: the engine is the one ``KANASTA_ENGINE`` names when
    asked (the tests' engine fixture sets it), so a test run under both engines
    gets each engine's own states.
    """
    return _game(preset, seed, os.environ.get("KANASTA_ENGINE"))


@functools.cache
def _game(preset: str, seed: int, engine: str | None) -> tuple[kanasta.State, ...]:
    state = kanasta.new_game(PRESETS[preset], seed)
    rng = random.Random(seed)
    states = [state]
    while not state.is_game_over:
        state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    return tuple(states)


def some_states(preset: str, every: int, seed: int = 1) -> list[kanasta.State]:
    """The first 200 states of a game, then every ``every``-th, and the states around each phase change."""
    states = game(preset, seed)
    out = []
    for i, s in enumerate(states):
        if i < 200 or i % every == 0 or i == len(states) - 1 or s.phase is kanasta.Phase.ANSWER:
            out.append(s)
    return out


def meld_biased_states(preset: str, seed: int, limit: int, every: int) -> list[kanasta.State]:
    """Positions of a game whose random player melds when it can 4 times in 5 (rich play phases).

    Every ``every``-th of the first ``limit`` positions, and every position with more than 40
    legal moves or in the answer phase.
    """
    state = kanasta.new_game(PRESETS[preset], seed)
    rng = random.Random(seed)
    out = []
    for i in range(limit):
        if state.is_game_over:
            break
        moves = state.legal_actions()
        if i % every == 0 or len(moves) > 40 or state.phase is kanasta.Phase.ANSWER:
            out.append(state)
        melds = [m for m in moves if not isinstance(m, (kanasta.Discard, kanasta.Draw))]
        state = state.apply(rng.choice(melds if melds and rng.random() < 0.8 else moves))
    return out


def json_paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path (keys and indices) into a JSON document, the document itself first."""
    out = [prefix]
    if isinstance(node, dict):
        for key, value in node.items():
            out.extend(json_paths(value, prefix + (key,)))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            out.extend(json_paths(value, prefix + (i,)))
    return out
