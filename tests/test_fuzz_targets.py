"""The coverage-guided fuzz targets of ``fuzz/`` run here over their seeds (no atheris needed).

So a target cannot rot between fuzzing runs: each one's ``check`` accepts
every seed input and a few hostile ones, raising only on a real finding.
The fuzzing itself runs from ``benchmarks/fuzz.py`` (and briefly in ``.ci/run``).
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest

import kanasta

FUZZ = Path(__file__).resolve().parent.parent / "fuzz"
sys.path.insert(0, str(FUZZ))

import seeds  # noqa: E402  (fuzz/seeds.py)


def _target(name: str) -> Callable[[bytes], None]:
    spec = importlib.util.spec_from_file_location(f"kanasta_fuzz_{name}", FUZZ / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module: ModuleType = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    check: Callable[[bytes], None] = module.check
    return check


HOSTILE = [
    b"", b"\xff\xfe", b"[" * 100_000, b"{" * 50_000, b"null", b"[]", b"{}", b"1" * 5000,
    b'{"format": "kanasta.position/1", "rules": "kanasta", "hands": [], "seed": ' + b"9" * 5000 + b"}",
    b'{"format": "kanasta.record/1", "rules": "classic", "seed": -' + b"1" * 4400 + b"}",
    "draw ♥".encode(), b"meld " + b"7H " * 10_000,
]


@pytest.mark.parametrize("name", seeds.TARGETS)
def test_fuzz_target_accepts_its_seeds_and_hostile_input(name: str) -> None:
    check = _target(name)
    inputs = seeds.seeds(name)
    assert inputs, "every target has seeds"
    for data in inputs[:: max(1, len(inputs) // 60)] + HOSTILE:
        check(data)


def test_fuzz_action_finding_a_meld_number_of_5000_digits() -> None:
    """Issue 11 F6 finding: a meld number of 5,000 digits raised a plain ValueError in parse_action."""
    _target("action")(b"add @" + b"1" * 5000 + b" 7H")
    with pytest.raises(kanasta.NotationError, match="too large"):
        kanasta.parse_action("add @" + "1" * 5000 + " 7H")
