"""Perft files: the number of legal moves along fixed move sequences (tests/perft/*.json).

Like chess's perft counts, these pin move generation down: for fixed seeds of
each preset, the game follows a fixed rule for choosing moves — at ply ``p``
the move with index ``p * 7919 % len(moves)`` in ``legal_actions()`` — for 300
plies, and the file keeps, at each ply, how many moves were legal and which one
was played (one line per ply: ``[ply, count, move]``); every 50 plies it also keeps the number of moves after each legal
move (perft depth 2).  ``tests/test_perft.py`` recomputes everything and
compares, so any change to move generation — a move gained, lost or listed in
another order — shows up as a diff that somebody must explain.

Regenerate the files only when such a change is intended (a rule fixed or
added, an option's default changed, the documented order of
``legal_actions()`` changed, a deal changed), and say why in the commit::

    python tests/make_perft.py            # rewrite tests/perft/*.json
    python tests/make_perft.py --check    # compare only; exit 1 on a difference
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path
from typing import Any

import kanasta

PERFT_DIR = Path(__file__).resolve().parent / "perft"
FORMAT = "kanasta.perft/1"
PLIES = 300
STRIDE = 7919
DEPTH2_EVERY = 50
SEEDS = (1, 2, 3)
PRESETS = kanasta.rules.PRESET_NAMES
preset = kanasta.rules.preset


def fingerprint(state: kanasta.State) -> str:
    """A short hash of the position reached: hands, stock, pile, melds, scores, whose turn."""
    fmt = kanasta.format_cards
    parts = [
        state.hand_number, state.dealer, list(state.scores), state.phase.value, state.player,
        [fmt(h) for h in state.hands], fmt(state.stock), fmt(state.pile),
        [[fmt(m.cards) for m in team] for team in state.melds], [fmt(p) for p in state.packets],
    ]
    return hashlib.sha256(json.dumps(parts).encode()).hexdigest()[:16]


def perft_game(rules: kanasta.Rules, seed: int, plies: int = PLIES) -> dict[str, Any]:
    """The counts along the fixed sequence from ``new_game(rules, seed)``."""
    state = kanasta.new_game(rules, seed)
    steps: list[list[Any]] = []
    depth2: dict[str, int] = {}
    for ply in range(plies):
        legal = state.legal_actions()
        if not legal:
            break
        if ply % DEPTH2_EVERY == 0:
            depth2[str(ply)] = sum(len(state.apply(a).legal_actions()) for a in legal)
        action = legal[ply * STRIDE % len(legal)]
        steps.append([ply, len(legal), str(action)])
        state = state.apply(action)
    return {"seed": seed, "final": fingerprint(state), "depth2": depth2, "steps": steps}


def perft_file(name: str) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "rules": name,
        "plies": PLIES,
        "choice": f"legal_actions()[ply * {STRIDE} % len(legal_actions())]",
        "depth2_every": DEPTH2_EVERY,
        "games": [perft_game(preset(name), seed) for seed in SEEDS],
    }


def path_of(name: str) -> Path:
    return PERFT_DIR / f"{name}.json"


def dump(data: dict[str, Any]) -> str:
    """JSON with one line per ply ``[ply, number of legal moves, move played]``, so diffs read well."""
    head = {k: v for k, v in data.items() if k != "games"}
    lines = ["{"] + [f"  {json.dumps(k)}: {json.dumps(v)}," for k, v in head.items()] + ['  "games": [']
    for g, game in enumerate(data["games"]):
        lines.append("    {")
        for key in ("seed", "final", "depth2"):
            lines.append(f"      {json.dumps(key)}: {json.dumps(game[key])},")
        lines.append('      "steps": [')
        steps = game["steps"]
        for i, step in enumerate(steps):
            lines.append(f"        {json.dumps(step)}" + ("," if i < len(steps) - 1 else ""))
        lines.append("      ]")
        lines.append("    }" + ("," if g < len(data["games"]) - 1 else ""))
    lines += ["  ]", "}"]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare with the files; write nothing")
    args = parser.parse_args(argv)
    status = 0
    for name in PRESETS:
        text = dump(perft_file(name))
        path = path_of(name)
        if args.check:
            same = path.exists() and path.read_text() == text
            print(f"{path.name}: {'same' if same else 'DIFFERS'}")
            status |= not same
        else:
            PERFT_DIR.mkdir(exist_ok=True)
            path.write_text(text)
            print(f"wrote {path}")
    return status


if __name__ == "__main__":
    sys.exit(main())
