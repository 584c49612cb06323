"""Seed inputs for the fuzz targets, made from short seeded games of every preset.

``seeds(target)`` gives the inputs; ``python fuzz/seeds.py TARGET DIR`` writes
them as files into a corpus directory (what ``benchmarks/fuzz.py`` and
``.ci/run`` start each target from).  Nothing here is stored in the
repository: the seeds are rebuilt from the library, so they follow its
formats.
"""

from __future__ import annotations

import functools
import hashlib
import json
import random
import sys
from pathlib import Path

import kanasta
from kanasta.rules import PRESETS

TARGETS = ("position", "action", "cards", "record", "view")


@functools.cache
def _games() -> tuple[tuple[kanasta.State, ...], ...]:
    """For each preset, 60 states of a game of seeded random play (every 7th kept)."""
    out = []
    for i, rules in enumerate(PRESETS.values()):
        rng = random.Random(i)
        state = kanasta.new_game(rules, seed=i)
        kept = [state]
        for ply in range(420):
            if state.is_game_over:
                break
            state = state.apply(rng.choice(state.legal_actions()))
            if ply % 7 == 0:
                kept.append(state)
        out.append(tuple(kept))
    return tuple(out)


def seeds(target: str) -> list[bytes]:
    """The seed inputs of ``target`` (one of :data:`TARGETS`)."""
    states = [s for game in _games() for s in game]
    if target == "position":
        docs = [s.to_dict() for s in states[::3]]
        docs.append({"format": "kanasta.position/1", "rules": "classic",
                     "hands": ["7H 7D 8S", "9C 9D KH", "4S 5S 6S", "QC QD QH"]})
        return [json.dumps(d).encode() for d in docs]
    if target == "action":
        texts = {str(a) for s in states for a in s.legal_actions()}
        return [t.encode() for t in sorted(texts)]
    if target == "cards":
        hands = {kanasta.format_cards(h) for s in states for h in s.hands}
        return [t.encode() for t in sorted(hands)] + ["10H ♥K jk 2s".encode()]
    if target == "record":
        short = {"format": "kanasta.record/1", "rules": "kanasta", "seed": 4, "moves": ["draw", "discard 7H"]}
        records = [kanasta.GameRecord.from_state(g[-1], check=False).to_json().encode() for g in _games()]
        return [*records, json.dumps(short).encode()]
    if target == "view":
        return [json.dumps(s.view(k % s.rules.players).to_dict()).encode() for k, s in enumerate(states[::3])]
    raise ValueError(f"unknown fuzz target {target!r}; the targets are {', '.join(TARGETS)}")


def write(target: str, directory: Path) -> int:
    """Write the seeds of ``target`` into ``directory`` (one file each, named by content); how many."""
    directory.mkdir(parents=True, exist_ok=True)
    items = seeds(target)
    for data in items:
        (directory / hashlib.sha1(data).hexdigest()).write_bytes(data)
    return len(items)


if __name__ == "__main__":
    print(write(sys.argv[1], Path(sys.argv[2])))
