"""Run the conformance cases (``tests/conformance/*.json``) against kanasta.

    python tests/conformance/run.py [--engine native|python|both] [FILE ...]

By default every case file here, against both of kanasta's engines (the
native core and the Python reference engine, ``engine=`` of
:meth:`kanasta.State.from_dict`).  Each case is a position (a
``kanasta.position/1`` document) and what the rules say about it: its legal
moves in notation; or moves played from it and what they lead to (a
position, a refusal naming a rule, events, a hand's score).  The format is
described in ``docs/conformance.rst``; the files are plain JSON so that any
engine, in any language, can run them.  This runner checks kanasta's
engines; it prints one line per failing case (and engine) and a summary, and
exits 1 if any case failed.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Literal

import kanasta
from kanasta.view.document import event_to_dict

HERE = Path(__file__).resolve().parent
FORMAT = "kanasta.conformance/2"
VERSION = "2026.12.3"
"""The suite's version (every file carries it): raised whenever a case is added, changed or removed."""
KINDS = ("legal_moves", "apply", "legal", "refused", "events", "hand_score")
ENGINES: tuple[Literal["native", "python"], ...] = ("native", "python")


def case_files() -> list[Path]:
    """Every case file of the suite, in name order."""
    return sorted(HERE.glob("*.json"))


def load(path: Path) -> list[dict[str, Any]]:
    """The cases of one file (checking the file's format tag and the suite version)."""
    data = json.loads(path.read_text())
    if data.get("format") != FORMAT or data.get("version") != VERSION:
        raise ValueError(f"{path.name}: not a {FORMAT} file of version {VERSION}")
    cases: list[dict[str, Any]] = data["cases"]
    return cases


def mismatch(want: Any, got: Any, path: str = "") -> str | None:
    """Where ``got`` fails to match ``want`` (None if it matches).

    An object matches when every key ``want`` gives matches (keys it leaves out
    are not compared); a list when it has as many items and each matches;
    anything else when equal (``true`` is not ``1``).
    """
    if isinstance(want, dict):
        if not isinstance(got, dict):
            return f"{path or 'the value'}: expected an object, got {got!r}"
        for key, value in want.items():
            where = f"{path}.{key}" if path else key
            if key not in got:
                return f"{where}: missing"
            problem = mismatch(value, got[key], where)
            if problem:
                return problem
        return None
    if isinstance(want, list):
        if not isinstance(got, list) or len(got) != len(want):
            return f"{path or 'the value'}: expected {want!r}, got {got!r}"
        for i, (w, g) in enumerate(zip(want, got)):
            problem = mismatch(w, g, f"{path}.{i}" if path else str(i))
            if problem:
                return problem
        return None
    if want != got or isinstance(want, bool) != isinstance(got, bool):
        return f"{path or 'the value'}: expected {want!r}, got {got!r}"
    return None


def check(case: dict[str, Any], engine: Literal["native", "python"] | None = None) -> str | None:
    """None if kanasta's ``engine`` (None: the default one) passes ``case``, else what went wrong."""
    state = kanasta.State.from_dict(case["position"], engine=engine)
    if engine is not None and state.engine != engine:
        return f"State.from_dict(engine={engine!r}) made a {state.engine!r} state"
    kind = case["kind"]
    if kind not in KINDS:
        return f"unknown case kind {kind!r}"
    if kind == "legal_moves":
        got = [str(a) for a in state.legal_actions()]
        want: list[str] = case["legal_moves"]
        if got == want:
            return None
        if sorted(got) == sorted(want):
            return "the legal moves are right but listed in another order"
        missing = sorted(set(want) - set(got))[:5]
        extra = sorted(set(got) - set(want))[:5]
        return f"{len(got)} legal moves, expected {len(want)}; missing {missing}, not legal {extra}"
    *before, last = case["moves"]
    for text in before:
        try:
            state = state.apply(kanasta.parse_action(text))
        except kanasta.IllegalActionError as err:
            return f"{text!r} (before the last move) was refused: {err}"
    move = kanasta.parse_action(last)
    if kind == "refused":
        if move in state.legal_actions():
            return f"{last!r} is listed as legal"
        doc = state.to_dict()
        try:
            state.apply(move)
        except kanasta.IllegalActionError as err:
            if err.rule != case["rule"]:
                return f"{last!r} refused naming {err.rule}, expected {case['rule']} ({err})"
            return None if state.to_dict() == doc else f"refusing {last!r} changed the position"
        return f"{last!r} was applied, expected a refusal naming {case['rule']}"
    if move not in state.legal_actions():
        return f"{last!r} is not listed as legal"
    after = state.apply(move)
    if kind == "apply":
        return mismatch(case["result"], after.to_dict(), "result")
    events = [event_to_dict(e) for e in after.events]
    if kind == "events":
        return mismatch(case["events"], events, "events")
    if kind == "hand_score":
        results = [e["result"] for e in events if e["event"] == "hand_ended"]
        if len(results) != 1:
            return f"{last!r} ended {len(results)} hands, expected 1"
        return mismatch(case["hand_result"], results[0], "hand_result")
    return None  # legal: listed, and applied without an error


def run(
    paths: list[Path], engines: tuple[Literal["native", "python"], ...] = ENGINES
) -> Iterator[tuple[str, str, str | None]]:
    """(case id, engine, problem or None) for every case of ``paths`` and every engine of ``engines``."""
    for path in paths:
        for case in load(path):
            for engine in engines:
                try:
                    problem = check(case, engine)
                except kanasta.KanastaError as err:  # a position or move the engine cannot read
                    problem = f"{type(err).__name__}: {err}"
                yield case["id"], engine, problem


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Run the kanasta conformance cases.")
    parser.add_argument("files", nargs="*", type=Path, help="case files (default: all in tests/conformance)")
    parser.add_argument("--engine", choices=(*ENGINES, "both"), default="both",
                        help="which of kanasta's engines to check (default: both)")
    args = parser.parse_args(argv)
    paths: list[Path] = args.files or case_files()
    engines = ENGINES if args.engine == "both" else (args.engine,)
    total = failed = 0
    for case_id, engine, problem in run(paths, engines):
        total += 1
        if problem is not None:
            failed += 1
            print(f"FAIL {case_id} ({engine}): {problem}")
    print(f"{total - failed} of {total} conformance checks passed ({', '.join(engines)})")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
