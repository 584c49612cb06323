"""Write the conformance cases (``tests/conformance/<preset>.json``) from the perft games.

    python tests/conformance/make_cases.py            # rewrite the files
    python tests/conformance/make_cases.py --check    # compare only; exit 1 on a difference

For each preset the perft file (``tests/perft/<preset>.json``) fixes three
games move by move.  Along each, at every 50th ply, the position becomes a
``legal_moves`` case (its legal moves in notation, in kanasta's order), and
along the first game the move played there becomes an ``apply`` case (the
position it leads to).  Every case's number of legal moves is checked against
the count the perft file recorded for that ply, so the cases and the perft
files pin the same games.  Regenerate only when a rule or the position format
changes, and say why in the commit.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import kanasta

HERE = Path(__file__).resolve().parent
PERFT = HERE.parent / "perft"
FORMAT = "kanasta.conformance/1"
EVERY = 50


def cases_for(preset: str) -> list[dict[str, Any]]:
    perft = json.loads((PERFT / f"{preset}.json").read_text())
    rules = kanasta.rules.preset(preset)
    cases: list[dict[str, Any]] = []
    for game_number, game in enumerate(perft["games"]):
        state = kanasta.new_game(rules, game["seed"])
        for ply, count, move in game["steps"]:
            if ply % EVERY == 0:
                legal = [str(a) for a in state.legal_actions()]
                if len(legal) != count:
                    raise SystemExit(f"{preset} seed {game['seed']} ply {ply}: {len(legal)} moves, perft {count}")
                position = state.to_dict()
                source = f"perft {preset} seed {game['seed']} ply {ply}"
                cases.append({
                    "id": f"{preset}/seed{game['seed']}/ply{ply}/legal",
                    "kind": "legal_moves", "source": source,
                    "position": position, "legal_moves": legal,
                })
            after = state.apply(kanasta.parse_action(move))
            if ply % EVERY == 0 and game_number == 0:
                cases.append({
                    "id": f"{preset}/seed{game['seed']}/ply{ply}/apply",
                    "kind": "apply", "source": f"perft {preset} seed {game['seed']} ply {ply}",
                    "position": state.to_dict(), "move": move, "result": after.to_dict(),
                })
            state = after
    return cases


def dump(preset: str, cases: list[dict[str, Any]]) -> str:
    doc = {
        "format": FORMAT,
        "rules": preset,
        "description": f"Positions of the perft games of {preset} (every {EVERY}th ply): "
                       "their legal moves, and the position each move leads to.",
        "cases": cases,
    }
    return json.dumps(doc, indent=1, ensure_ascii=False) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="compare with the files; write nothing")
    args = parser.parse_args()
    differ = []
    for preset in kanasta.rules.PRESET_NAMES:
        path = HERE / f"{preset}.json"
        text = dump(preset, cases_for(preset))
        if args.check:
            if not path.exists() or path.read_text() != text:
                differ.append(path.name)
        else:
            path.write_text(text)
    if differ:
        print("differ:", ", ".join(differ))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
