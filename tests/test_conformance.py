"""The conformance suite (tests/conformance/*.json, docs/conformance.rst) passes (RULES E-1, E-3, G-RNG-1).

Against both engines: the runner loads each position with
``State.from_dict(..., engine=)``, naming the engine of the test's id.

The cases are positions of the perft games with their legal moves and moves
with the positions they lead to; the published worked examples and hand
scores and events worked out by hand (``hand_cases.py``); and the rule tests
that are naturally a position (``from_tests.py``: refusals with their rule
ID, legal moves, whole move lists, events).  ``tests/conformance/run.py`` is
the runner any engine can imitate.  A failure here means the engine (or the
position format) changed: if intended, regenerate with
``python tests/conformance/make_cases.py`` and explain the diff.
"""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any, Literal

import pytest

import kanasta
from conformance import hand_cases, make_cases, run

pytestmark = pytest.mark.both_engines  # each engine by name (run.check's engine=), and the fixture sets the default

PERFT_FILES = [p for p in run.case_files() if p.stem in kanasta.rules.PRESET_NAMES]


def cases(name: str) -> list[dict[str, Any]]:
    return run.load(run.HERE / name)


@pytest.mark.parametrize("path", run.case_files(), ids=lambda p: p.stem)
def test_every_case_passes(path: Path, kanasta_engine: Literal["native", "python"]) -> None:
    found = run.load(path)
    assert found and {c["kind"] for c in found} <= set(run.KINDS)
    problems = [(case["id"], run.check(case, kanasta_engine)) for case in found]
    assert [p for p in problems if p[1] is not None] == []


@pytest.mark.engines("native")  # reads the files only
def test_the_files_and_their_kinds() -> None:
    """One perft file per preset, the hand-written files and the rule tests; every kind is present."""
    assert sorted(p.name for p in run.case_files()) == sorted(
        [f"{p}.json" for p in kanasta.rules.PRESET_NAMES] + ["examples.json", "rule-tests.json", "scores.json"])
    kinds = {c["kind"] for p in run.case_files() for c in run.load(p)}
    assert kinds == set(run.KINDS)
    for path in run.case_files():
        data = json.loads(path.read_text())
        assert (data["format"], data["version"]) == ("kanasta.conformance/2", run.VERSION)
        ids = [c["id"] for c in data["cases"]]
        assert len(ids) == len(set(ids)), path.name
        for case in data["cases"]:
            assert case["position"]["format"] == "kanasta.position/1"
            assert ("legal_moves" in case) == (case["kind"] == "legal_moves")
            assert ("moves" in case) != (case["kind"] == "legal_moves"), case["id"]


@pytest.mark.engines("native")
def test_perft_files_agree_with_the_perft_counts() -> None:
    for path in PERFT_FILES:
        perft = json.loads((make_cases.PERFT / path.name).read_text())
        counts = {(g["seed"], ply): count for g in perft["games"] for ply, count, _ in g["steps"]}
        for case in run.load(path):
            if case["kind"] == "legal_moves":
                seed, ply = case["position"]["seed"], int(case["id"].split("/ply")[1].split("/")[0])
                assert len(case["legal_moves"]) == counts[(seed, ply)], case["id"]


@pytest.mark.engines("python")
def test_the_hand_written_files_are_hand_cases_py() -> None:
    """examples.json and scores.json are exactly what hand_cases.py writes (positions written out whole)."""
    assert cases("examples.json") == json.loads(json.dumps(make_cases.whole(hand_cases.examples())))
    assert cases("scores.json") == json.loads(json.dumps(make_cases.whole(hand_cases.scores())))


@pytest.mark.engines("native")
def test_every_published_example_is_a_case_naming_its_source() -> None:
    """Worked examples 1-11: each has cases, each case names its published source and RULES IDs."""
    sources = {
        1: "Wikipedia", 2: "Pagat", 3: "Pagat", 4: "canastapedia", 5: "Britannica", 6: "Dummies", 7: "Hoyle",
        8: "Turkish Kanasta write-up", 9: "Turkish Kanasta write-up", 10: "zoo.gr", 11: "Turkish Kanasta write-up",
    }
    found: dict[int, list[dict[str, Any]]] = {}
    for case in cases("examples.json"):
        found_number = re.match(r"example(\d+)/", case["id"])
        assert found_number, case["id"]
        number = int(found_number[1])
        found.setdefault(number, []).append(case)
        assert sources[number] in case["source"] and f"Worked example {number}" in case["source"], case["id"]
        assert case["rule_ids"] and case["description"]
    assert sorted(found) == list(range(1, 12))


@pytest.mark.engines("native")
def test_the_rule_test_cases_name_a_test_that_exists() -> None:
    """Each exported case names its rule test (file and function), and the rule IDs the test names."""
    exported = cases("rule-tests.json")
    assert {c["kind"] for c in exported} == {"legal_moves", "refused", "legal", "events"}
    for case in exported:
        found = re.fullmatch(r"rule test (test_\w+\.py)::(test_\w+)(\[.*\])?", case["source"])
        assert found, case["source"]
        file, name = found.group(1, 2)
        assert f"def {name}(" in (run.HERE.parent / file).read_text(), case["id"]
        assert case["rule_ids"], case["id"]
    refused = [c for c in exported if c["kind"] == "refused"]
    assert all(re.fullmatch(r"[GKCE]2?-(?:[A-Z]+-)?\d+", c["rule"]) for c in refused)


def test_the_runner_reports_a_wrong_case(kanasta_engine: Literal["native", "python"]) -> None:
    """A case whose expectation is wrong fails, with a message saying how."""
    perft = run.load(PERFT_FILES[0])
    case = copy.deepcopy(next(c for c in perft if c["kind"] == "legal_moves" and len(c["legal_moves"]) > 2))
    case["legal_moves"].reverse()
    assert run.check(case, kanasta_engine) == "the legal moves are right but listed in another order"
    lost = case["legal_moves"].pop()
    assert f"not legal ['{lost}']" in (run.check(case, kanasta_engine) or "")
    apply_case = copy.deepcopy(next(c for c in perft if c["kind"] == "apply"))
    player = apply_case["result"]["player"]
    apply_case["result"]["player"] += 1
    assert run.check(apply_case, kanasta_engine) == f"result.player: expected {player + 1}, got {player}"

    examples = {c["id"]: c for c in cases("examples.json")}
    score = copy.deepcopy(examples["example3/kings"])
    score["hand_result"]["teams"][0]["total"] = 686
    assert run.check(score, kanasta_engine) == "hand_result.teams.0.total: expected 686, got 685"
    refusal = copy.deepcopy(examples["example2/minimum90/take"])
    refusal["rule"] = "C-PILE-3"
    wrong_rule = run.check(refusal, kanasta_engine) or ""
    assert wrong_rule.startswith("'take KC KS' refused naming C-PILE-5, expected C-PILE-3")
    refusal["moves"] = ["draw"]
    assert run.check(refusal, kanasta_engine) == "'draw' is listed as legal"
    events = copy.deepcopy(examples["example2/minimum50/take"])
    events["events"].pop()
    assert (run.check(events, kanasta_engine) or "").startswith("events: expected [")
    legal = copy.deepcopy(examples["example2/minimum50/buried"])
    legal["moves"][1] = "meld QC QD"
    assert run.check(legal, kanasta_engine) == "'meld QC QD' (before the last move) was refused: " + str(
        _error(legal, kanasta_engine))


def _error(case: dict[str, Any], engine: Literal["native", "python"]) -> kanasta.IllegalActionError:
    state = kanasta.State.from_dict(case["position"], engine=engine).apply(kanasta.parse_action(case["moves"][0]))
    with pytest.raises(kanasta.IllegalActionError) as info:
        state.apply(kanasta.parse_action(case["moves"][1]))
    return info.value


@pytest.mark.engines("native")
def test_the_runner_reports_an_unreadable_case(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A position or move the engine cannot read is a failing case, not a crash."""
    data = json.loads((run.HERE / "examples.json").read_text())
    data["cases"] = data["cases"][:2]
    data["cases"][0]["position"]["hands"][0] += " JK"  # one card too many
    data["cases"][1]["moves"] = ["meld 6C 6D 1H"]
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(data))
    assert run.main(["--engine", "native", str(path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("FAIL example1/1600/sixes (native): SerializationError: ")
    assert out[1].startswith("FAIL example1/1600/kings (native): NotationError: ")
    assert out[2] == "0 of 2 conformance checks passed (native)"


@pytest.mark.engines("native")
def test_matching_compares_only_the_keys_given() -> None:
    assert run.mismatch({"a": 1}, {"a": 1, "b": 2}) is None
    assert run.mismatch({"a": [1, {"b": 2}]}, {"a": [1, {"b": 2, "c": 3}]}) is None
    assert run.mismatch({"a": [1]}, {"a": [1, 2]}) == "a: expected [1], got [1, 2]"
    assert run.mismatch({"a": {"b": 2}}, {"a": {}}) == "a.b: missing"
    assert run.mismatch({"a": True}, {"a": 1}) == "a: expected True, got 1"
    assert run.mismatch({"a": 56}, {"a": 56.0}) is None  # numbers compare by value


@pytest.mark.engines("native")  # it runs both engines itself
def test_the_runner_checks_both_engines_by_default(capsys: pytest.CaptureFixture[str]) -> None:
    """``run.py`` with no options runs every case under each engine and says so."""
    path = run.HERE / "examples.json"
    n = len(run.load(path))
    assert run.main([str(path)]) == 0
    assert capsys.readouterr().out == f"{2 * n} of {2 * n} conformance checks passed (native, python)\n"
    assert run.main(["--engine", "python", str(path)]) == 0
    assert "(python)" in capsys.readouterr().out
