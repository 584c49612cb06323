"""Run the conformance cases (``tests/conformance/*.json``) against kanasta.

    python tests/conformance/run.py [--engine native|python|both] [FILE ...]

By default every case file here, against both of kanasta's engines (the
native core and the Python reference engine, ``engine=`` of
:meth:`kanasta.State.from_dict`).  Each case is a position (a ``kanasta.position/1`` document) and what the
rules say about it: the legal moves in notation, or a move and the position
it leads to.  The format is described in ``docs/conformance.rst``; the files
are plain JSON so that any engine, in any language, can run them.  This
runner checks kanasta's engines; it prints one line per failing case (and
engine) and a summary, and exits 1 if any case failed.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Literal

import kanasta

HERE = Path(__file__).resolve().parent
FORMAT = "kanasta.conformance/1"
ENGINES: tuple[Literal["native", "python"], ...] = ("native", "python")


def case_files() -> list[Path]:
    """Every case file of the suite, in name order."""
    return sorted(HERE.glob("*.json"))


def load(path: Path) -> list[dict[str, Any]]:
    """The cases of one file (checking the file's format tag)."""
    data = json.loads(path.read_text())
    if data.get("format") != FORMAT:
        raise ValueError(f"{path.name}: not a {FORMAT} file")
    cases: list[dict[str, Any]] = data["cases"]
    return cases


def check(case: dict[str, Any], engine: Literal["native", "python"] | None = None) -> str | None:
    """None if kanasta's ``engine`` (None: the default one) passes ``case``, else what went wrong."""
    state = kanasta.State.from_dict(case["position"], engine=engine)
    if engine is not None and state.engine != engine:
        return f"State.from_dict(engine={engine!r}) made a {state.engine!r} state"
    if case["kind"] == "legal_moves":
        got = [str(a) for a in state.legal_actions()]
        want: list[str] = case["legal_moves"]
        if got == want:
            return None
        if sorted(got) == sorted(want):
            return "the legal moves are right but listed in another order"
        missing = sorted(set(want) - set(got))[:5]
        extra = sorted(set(got) - set(want))[:5]
        return f"{len(got)} legal moves, expected {len(want)}; missing {missing}, not legal {extra}"
    if case["kind"] == "apply":
        after = state.apply(kanasta.parse_action(case["move"]))
        if after.to_dict() == case["result"]:
            return None
        diff = sorted(k for k, v in case["result"].items() if after.to_dict().get(k) != v)
        return f"after {case['move']!r} the position differs in {diff}"
    return f"unknown case kind {case['kind']!r}"


def run(
    paths: list[Path], engines: tuple[Literal["native", "python"], ...] = ENGINES
) -> Iterator[tuple[str, str, str | None]]:
    """(case id, engine, problem or None) for every case of ``paths`` and every engine of ``engines``."""
    for path in paths:
        for case in load(path):
            for engine in engines:
                yield case["id"], engine, check(case, engine)


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
