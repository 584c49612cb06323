"""The conformance suite (tests/conformance/*.json, docs/conformance.rst) passes (RULES E-1, E-3, G-RNG-1).

Against both engines: the runner loads each position with
``State.from_dict(..., engine=)``, naming the engine of the test's id.

The cases are positions of the perft games with their legal moves, and moves
with the positions they lead to; ``tests/conformance/run.py`` is the runner
any engine can imitate.  A failure here means the engine (or the position
format) changed: if intended, regenerate with
``python tests/conformance/make_cases.py`` and explain the diff.
"""

from __future__ import annotations

import copy
import json
from typing import Literal

import pytest

import kanasta
from conformance import make_cases, run

pytestmark = pytest.mark.both_engines  # each engine by name (run.check's engine=), and the fixture sets the default


@pytest.mark.parametrize("path", run.case_files(), ids=lambda p: p.stem)
def test_every_case_passes(path: run.Path, kanasta_engine: Literal["native", "python"]) -> None:
    cases = run.load(path)
    kinds = {c["kind"] for c in cases}
    assert kinds == {"legal_moves", "apply"}
    problems = [(case["id"], run.check(case, kanasta_engine)) for case in cases]
    assert [p for p in problems if p[1] is not None] == []


def test_one_file_per_preset_with_the_perft_counts() -> None:
    assert sorted(p.stem for p in run.case_files()) == sorted(kanasta.rules.PRESET_NAMES)
    for path in run.case_files():
        perft = json.loads((make_cases.PERFT / path.name).read_text())
        counts = {(g["seed"], ply): count for g in perft["games"] for ply, count, _ in g["steps"]}
        for case in run.load(path):
            if case["kind"] == "legal_moves":
                seed, ply = case["position"]["seed"], int(case["id"].split("/ply")[1].split("/")[0])
                assert len(case["legal_moves"]) == counts[(seed, ply)], case["id"]


def test_the_runner_reports_a_wrong_case(kanasta_engine: Literal["native", "python"]) -> None:
    """A case whose expectation is wrong fails, with a message saying how."""
    cases = run.load(run.case_files()[0])
    case = copy.deepcopy(next(c for c in cases if c["kind"] == "legal_moves" and len(c["legal_moves"]) > 2))
    case["legal_moves"].reverse()
    assert run.check(case, kanasta_engine) == "the legal moves are right but listed in another order"
    lost = case["legal_moves"].pop()
    assert f"not legal ['{lost}']" in (run.check(case, kanasta_engine) or "")
    apply_case = copy.deepcopy(next(c for c in cases if c["kind"] == "apply"))
    apply_case["result"]["player"] += 1
    assert run.check(apply_case, kanasta_engine) == f"after {apply_case['move']!r} the position differs in ['player']"


@pytest.mark.engines("native")  # it runs both engines itself
def test_the_runner_checks_both_engines_by_default(capsys: pytest.CaptureFixture[str]) -> None:
    """``run.py`` with no options runs every case under each engine and says so."""
    path = run.case_files()[0]
    assert run.main([str(path)]) == 0
    out = capsys.readouterr().out
    assert out == f"{2 * len(run.load(path))} of {2 * len(run.load(path))} conformance checks passed (native, python)\n"
    assert run.main(["--engine", "python", str(path)]) == 0
    assert "(python)" in capsys.readouterr().out
