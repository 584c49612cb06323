"""Test options and the engine fixture.

Options: ``--soak`` runs the long soak tests (skipped otherwise); ``--soak-games N``
sets their size.

Engines: kanasta has two engines, the native core (``kanasta._core``, the
default) and the Python reference engine, chosen by ``new_game(...,
engine=)``, ``State.from_dict(..., engine=)`` or, when neither says, by the
environment variable ``KANASTA_ENGINE`` read at each call.  A test module
marked ``pytestmark = pytest.mark.both_engines`` (the rule tests) runs each of
its tests once per engine, with ids ``[native]`` and ``[python]``: the
autouse fixture :func:`kanasta_engine` sets ``KANASTA_ENGINE`` for the test
(a test that needs to know asks for the fixture by name).  A test marked
``engines("python")`` runs under the named engines only; one marked
``one_engine`` (a slow randomized test in a rule-test module: the
differential test holds the engines together over random games) runs once,
like the tests of unmarked modules.  Other tests run once, under the default
engine (or the one ``KANASTA_ENGINE`` names for the
whole run: ``KANASTA_ENGINE=python python -m pytest`` runs the whole suite
on the reference engine).
"""

from __future__ import annotations

import importlib.util
from collections.abc import Iterator
from pathlib import Path

import pytest

ENGINES = ("native", "python")
"""The engines a ``both_engines`` test runs under, in test-id order."""


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("kanasta soak")
    group.addoption(
        "--soak", action="store_true", default=False,
        help="run the soak tests: many whole games of both games with every invariant checked",
    )
    group.addoption(
        "--soak-games", type=int, default=20_000, metavar="N",
        help="games the soak plays in all, over the presets and rules variants (default 20000; "
             "a game takes about 3 s on one core)",
    )


def _one_native_build() -> None:
    """Stop the run when the package folder holds two builds of ``kanasta._core``.

    The core is built for CPython's stable ABI (``_core.abi3.so``); a build made
    before that (``_core.cpython-311-x86_64-linux-gnu.so``) left in an editable
    checkout is found first by Python's importer, so the tests would run a stale
    core without a word.
    """
    spec = importlib.util.find_spec("kanasta")
    if spec is None or spec.origin is None:
        return
    folder = Path(spec.origin).parent
    builds = sorted(p.name for p in folder.glob("_core.*") if p.suffix in (".so", ".pyd"))
    if len(builds) > 1:
        stale = [name for name in builds if ".abi3." not in name]
        pytest.exit(f"{folder} holds {len(builds)} builds of kanasta._core ({', '.join(builds)}): "
                    f"Python loads the first one it finds; delete the stale one(s): "
                    f"rm {' '.join(str(folder / name) for name in stale)}", returncode=4)


def pytest_configure(config: pytest.Config) -> None:
    _one_native_build()
    config.addinivalue_line("markers", "soak: a long soak test, run only with --soak")
    config.addinivalue_line(
        "markers",
        "both_engines: run the test once per engine (ids [native] and [python]), KANASTA_ENGINE set for each",
    )
    config.addinivalue_line(
        "markers", "engines(*names): run a both_engines test under the named engines only",
    )
    config.addinivalue_line(
        "markers", "one_engine: run a test of a both_engines module once, under the default engine",
    )


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Parametrise the autouse :func:`kanasta_engine` fixture of every ``both_engines`` test."""
    if metafunc.definition.get_closest_marker("both_engines") is None:
        return
    if metafunc.definition.get_closest_marker("one_engine") is not None:
        return
    only = metafunc.definition.get_closest_marker("engines")
    engines = [e for e in ENGINES if only is None or e in only.args]
    unknown = set(only.args) - set(ENGINES) if only is not None else set()
    if unknown or not engines:
        raise pytest.UsageError(f"{metafunc.definition.nodeid}: engines{only.args if only else ()}: "
                                f"choose from {ENGINES}")
    metafunc.parametrize("kanasta_engine", engines, indirect=True)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--soak"):
        return
    skip = pytest.mark.skip(reason="a soak test: run with --soak (and --soak-games N)")
    for item in items:
        if "soak" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(autouse=True)
def kanasta_engine(request: pytest.FixtureRequest) -> Iterator[str | None]:
    """The engine a ``both_engines`` test runs under (``KANASTA_ENGINE`` set for it); None for other tests."""
    engine: str | None = getattr(request, "param", None)
    if engine is None:
        yield None
        return
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("KANASTA_ENGINE", engine)
        yield engine


@pytest.fixture
def soak_games(request: pytest.FixtureRequest) -> int:
    games: int = request.config.getoption("--soak-games")
    return games
