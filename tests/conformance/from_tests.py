"""Export the rule tests that are naturally a position as conformance cases.

``make_cases.py`` runs the rule-test modules (:data:`MODULES`) under pytest,
on the native engine, with their helpers wrapped (and ``State.apply`` and
``State.legal_actions`` watched, and a line tracer on their asserts), and keeps what
the passing tests asserted:

* ``refused(state, move, rule)`` -> a ``refused`` case (the position, the
  move, the rule ID the test names);
* ``offered(state, move)`` -> a ``legal`` case (the move is listed and
  applies);
* ``assert after.events == (...)``, ``after`` made by one move -> an
  ``events`` case (the position before the move, the move, **the test's
  expected events**, evaluated from the test's expression);
* ``assert texts(state) == [...]``, ``assert moves(state) == [...]`` and
  ``assert state.legal_actions() == (...)`` with a literal on the right ->
  a ``legal_moves`` case whose moves are **the test's literal** (read from
  the test's source, its actions written in notation), not the engine's
  answer.

A call is kept only when its test passed.  The case names the test it came
from (``source``), the RULES IDs in the test's name and docstring
(``rule_ids``) and the docstring's first line (``description``).
"""

from __future__ import annotations

import ast
import inspect
import json
import re
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path
from types import CodeType, FrameType
from typing import Any

import pytest

import kanasta
from kanasta.view.document import event_to_dict

TESTS = Path(__file__).resolve().parent.parent
MODULES = ("test_classic_rules.py", "test_kanasta_rules.py", "test_classic_examples.py", "test_kanasta_examples.py")
LISTERS = ("texts", "moves")  # the helpers that list a state's moves in notation
RULE_ID = re.compile(r"\b(?:[GKC]-[A-Z]+-\d+|C2-\d+|E-\d+)\b")
NAME_ID = re.compile(r"(?:^|_)(c2_\d+|[gkce]_(?:[a-z]+_)?\d+)(?=_|$)")


def rule_ids(name: str, doc: str | None) -> list[str]:
    """The RULES IDs a test names: in its function name (``test_k_pile_2_...``) and its docstring."""
    found = [m.group(1).upper().replace("_", "-") for m in NAME_ID.finditer(name.removeprefix("test"))]
    found += RULE_ID.findall(doc or "")
    return list(dict.fromkeys(i for i in found if RULE_ID.fullmatch(i)))


def literal_asserts(path: Path) -> tuple[dict[int, list[str]], dict[int, tuple[str, CodeType]]]:
    """The asserts of ``path`` that compare with an expectation written in the test.

    First, line -> the legal moves of an ``assert <listing> == <literal>``:
    the listing is ``texts(x)``/``moves(x)`` (a list of strings) or
    ``x.legal_actions()`` (a tuple of actions, written here in notation).
    Second, line -> (``x``, the compiled right-hand side) of an ``assert
    x.events == <expression>``; the expression (the test's own, say
    ``(TeamOpened(team=0, seat=0),)``) is evaluated in the test's frame.
    """
    listings: dict[int, list[str]] = {}
    events: dict[int, tuple[str, CodeType]] = {}
    namespace: dict[str, Any] = {name: getattr(kanasta, name) for name in kanasta.__all__}
    namespace["kanasta"] = kanasta
    for node in ast.walk(ast.parse(path.read_text())):
        if not isinstance(node, ast.Assert):
            continue
        tests = node.test.values if isinstance(node.test, ast.BoolOp) else [node.test]
        for test in tests:
            if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.Eq)):
                continue
            left, want = test.left, test.comparators[0]
            if (isinstance(left, ast.Attribute) and left.attr == "events" and isinstance(left.value, ast.Name)
                    and isinstance(want, (ast.Tuple, ast.IfExp))):
                events[node.lineno] = (left.value.id, compile(ast.Expression(want), str(path), "eval"))
            if not isinstance(left, ast.Call):
                continue
            if (isinstance(left.func, ast.Name) and left.func.id in LISTERS and isinstance(want, ast.List)
                    and all(isinstance(e, ast.Constant) for e in want.elts)):
                listings[left.lineno] = [ast.literal_eval(e) for e in want.elts]
            elif (isinstance(left.func, ast.Attribute) and left.func.attr == "legal_actions" and not left.args
                  and isinstance(left.func.value, ast.Name) and isinstance(want, ast.Tuple)):
                actions = eval(compile(ast.Expression(want), str(path), "eval"), namespace)  # the test's literal
                listings[left.lineno] = [str(a) for a in actions]
    return listings, events


class Recorder:
    """A pytest plugin: wraps the helpers of the rule-test modules and keeps what passing tests asserted."""

    def __init__(self) -> None:
        self.cases: list[dict[str, Any]] = []
        self.pending: list[dict[str, Any]] = []
        self.patched: set[str] = set()
        self.listings: dict[str, dict[int, list[str]]] = {}
        self.events: dict[str, dict[int, tuple[str, CodeType]]] = {}
        self.applied: dict[int, tuple[kanasta.State, kanasta.Action, kanasta.State]] = {}

    def pytest_collection_modifyitems(self, items: list[pytest.Item]) -> None:
        """Each test once, under the native engine (the cases are run against both later)."""
        items[:] = [i for i in items
                    if getattr(getattr(i, "callspec", None), "params", {}).get("kanasta_engine", "native") == "native"]

    def note(self, kind: str, state: kanasta.State, **fields: Any) -> None:
        self.pending.append({"kind": kind, "position": state.to_dict(), **fields})

    def wrap(self, module: Any) -> None:
        if module.__name__ in self.patched:
            return
        self.patched.add(module.__name__)
        path = str(Path(module.__file__))
        self.listings[path], self.events[path] = literal_asserts(Path(path))
        recorder = self
        if hasattr(module, "refused"):
            real_refused: Callable[..., Any] = module.refused

            def refused(state: kanasta.State, text: str, rule: str) -> Any:
                recorder.note("refused", state, moves=[text], rule=rule)
                return real_refused(state, text, rule)

            module.refused = refused
        if hasattr(module, "offered"):
            real_offered: Callable[..., Any] = module.offered

            def offered(state: kanasta.State, text: str) -> Any:
                recorder.note("legal", state, moves=[text])
                return real_offered(state, text)

            module.offered = offered
        for name in LISTERS:
            if hasattr(module, name):
                real = getattr(module, name)

                def lister(state: kanasta.State, _real: Callable[..., Any] = real) -> Any:
                    recorder.listed(state, sys._getframe(1))
                    return _real(state)

                setattr(module, name, lister)

    def listed(self, state: kanasta.State, frame: FrameType) -> None:
        want = self.listings.get(frame.f_code.co_filename, {}).get(frame.f_lineno)
        if want is not None:
            self.note("legal_moves", state, legal_moves=want)

    def line(self, frame: FrameType) -> None:
        """Before an ``assert x.events == ...`` line: the move that made ``x``, and the test's expected events."""
        target = self.events.get(frame.f_code.co_filename, {}).get(frame.f_lineno)
        if target is None:
            return
        name, expression = target
        state = frame.f_locals.get(name)
        made = self.applied.get(id(state))
        if made is None or made[2] is not state:
            return
        want = eval(expression, frame.f_globals, dict(frame.f_locals))  # the test's own expectation
        self.note("events", made[0], moves=[str(made[1])], events=[event_to_dict(e) for e in want])

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_call(self, item: pytest.Item) -> Any:
        self.wrap(item.module)  # type: ignore[attr-defined]
        self.pending = []
        self.applied = {}
        real_listing, real_apply = kanasta.State.legal_actions, kanasta.State.apply
        recorder = self
        files = set(self.events)

        def legal_actions(state: kanasta.State) -> Any:
            recorder.listed(state, sys._getframe(1))
            return real_listing(state)

        def apply(state: kanasta.State, action: kanasta.Action) -> kanasta.State:
            after = real_apply(state, action)
            recorder.applied[id(after)] = (state, action, after)
            return after

        def local(frame: FrameType, event: str, arg: Any) -> Any:
            if event == "line":
                recorder.line(frame)
            return local

        def tracer(frame: FrameType, event: str, arg: Any) -> Any:
            return local if frame.f_code.co_filename in files else None

        kanasta.State.legal_actions = legal_actions  # type: ignore[method-assign]
        kanasta.State.apply = apply  # type: ignore[method-assign]
        sys.settrace(tracer)
        try:
            outcome = yield
        finally:
            sys.settrace(None)
            kanasta.State.legal_actions = real_listing  # type: ignore[method-assign]
            kanasta.State.apply = real_apply  # type: ignore[method-assign]
        self.applied = {}
        if outcome.excinfo is None:
            function = item.function  # type: ignore[attr-defined]
            doc = inspect.getdoc(function)
            name = re.sub(r"\[(.*)\]$", lambda m: "[" + "-".join(p for p in m[1].split("-") if p != "native") + "]",
                          item.name).replace("[]", "")
            for n, case in enumerate(self.pending):
                self.cases.append({
                    "id": f"{Path(item.fspath).stem}/{name}/{n}",
                    "source": f"rule test {Path(item.fspath).name}::{name}",
                    "rule_ids": rule_ids(function.__name__, doc),
                    "description": textwrap.shorten(
                        (doc or function.__name__.removeprefix("test_").replace("_", " ")).split("\n\n")[0], 400),
                    **case,
                })
        self.pending = []


def key(case: dict[str, Any]) -> str:
    """What makes two cases the same: the kind, the position and the moves."""
    return json.dumps([case["kind"], case["position"], case.get("moves")], sort_keys=True)


def export(known: set[str] | frozenset[str] = frozenset()) -> list[dict[str, Any]]:
    """Run the rule tests and return the cases they make, each position and move once and none in ``known``."""
    recorder = Recorder()
    args = [str(TESTS / m) for m in MODULES] + ["-q", "-p", "no:cacheprovider", "-p", "no:randomly", "-x"]
    code = pytest.main(args, plugins=[recorder])
    if code != 0:
        raise SystemExit(f"the rule tests failed (pytest exit {code}); no cases written")
    seen = set(known)
    out = []
    for case in recorder.cases:
        if key(case) in seen:
            continue
        seen.add(key(case))
        try:
            kanasta.State.from_dict(case["position"], engine="python")
        except kanasta.SerializationError as err:  # a position the document format cannot hold: not a case
            print(f"left out {case['id']}: its position does not read back ({err})", file=sys.stderr)
            continue
        out.append(case)
    return out
