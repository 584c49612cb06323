"""Write the conformance cases (``tests/conformance/*.json``).

    python tests/conformance/make_cases.py            # rewrite the files
    python tests/conformance/make_cases.py --check    # compare only; exit 1 on a difference

Three sources, one file or more each:

* ``<preset>.json`` -- the perft games (``tests/perft/<preset>.json`` fixes
  three games move by move).  Along each, at every 50th ply, the position
  becomes a ``legal_moves`` case (its legal moves in notation, in kanasta's
  order), and along the first game the move played there becomes an
  ``apply`` case (the position it leads to).  Every case's number of legal
  moves is checked against the count the perft file recorded for that ply,
  so the cases and the perft files pin the same games.  These are a
  snapshot of the reference engine.
* ``examples.json`` and ``scores.json`` -- written by hand in
  ``hand_cases.py``: the published worked examples, and hand scores and
  events worked out from the rules (the arithmetic is in each description).
* ``rule-tests.json`` -- the rule tests that are naturally a position
  (``from_tests.py``): refusals with their rule ID, legal moves, and whole
  lists of legal moves, each expectation the test's own.

Regenerate only when a rule, a test or the position format changes, raise
``run.VERSION`` when any case changes, and say why in the commit.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import kanasta

try:  # imported by the tests (tests/ on the path)
    from conformance import from_tests, hand_cases
    from conformance.run import FORMAT, VERSION
except ImportError:  # run as a script (tests/conformance/ on the path)
    import from_tests  # type: ignore[no-redef]
    import hand_cases  # type: ignore[no-redef]
    from run import FORMAT, VERSION  # type: ignore[no-redef]

HERE = Path(__file__).resolve().parent
PERFT = HERE.parent / "perft"
EVERY = 50


def cases_for(preset: str) -> list[dict[str, Any]]:
    perft = json.loads((PERFT / f"{preset}.json").read_text())
    rules = kanasta.rules.preset(preset)
    cases: list[dict[str, Any]] = []
    for game_number, game in enumerate(perft["games"]):
        state = kanasta.new_game(rules, game["seed"], engine="python")
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
                    "position": state.to_dict(), "moves": [move], "result": after.to_dict(),
                })
            state = after
    return cases


def whole(cases: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The hand-written cases with each short position document written out whole (State.to_dict)."""
    return [{**c, "position": kanasta.State.from_dict(c["position"], engine="python").to_dict()} for c in cases]


def dump(description: str, cases: list[dict[str, Any]], **extra: Any) -> str:
    doc = {"format": FORMAT, "version": VERSION, **extra, "description": description, "cases": cases}
    return json.dumps(doc, indent=1, ensure_ascii=False) + "\n"


def files() -> dict[str, str]:
    """Every case file's name and text."""
    out = {
        f"{preset}.json": dump(
            f"Positions of the perft games of {preset} (every {EVERY}th ply): their legal moves, and the "
            "position each move leads to.", cases_for(preset), rules=preset)
        for preset in kanasta.rules.PRESET_NAMES
    }
    examples, scores = whole(hand_cases.examples()), whole(hand_cases.scores())
    out["examples.json"] = dump(
        "The published worked examples 1-11 of the rules page, each case naming its published source; "
        "the expected values are the published ones, the arithmetic in each description.", examples)
    out["scores.json"] = dump(
        "Hand scores and events worked out by hand from the scoring rules (the arithmetic in each "
        "description).", scores)
    out["rule-tests.json"] = dump(
        "The rule tests that are naturally a position: each refusal with its rule ID, each move a test "
        "finds legal, and each whole list of legal moves a test writes out, as the test asserts it.",
        from_tests.export({from_tests.key(c) for c in examples + scores}))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="compare with the files; write nothing")
    args = parser.parse_args()
    differ = []
    for name, text in files().items():
        path = HERE / name
        if args.check:
            if not path.exists() or path.read_text() != text:
                differ.append(name)
        else:
            path.write_text(text)
    if differ:
        print("differ:", ", ".join(differ))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
