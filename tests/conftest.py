"""Test options: ``--soak`` runs the long soak tests (skipped otherwise); ``--soak-games N`` sets their size."""

from __future__ import annotations

import pytest


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


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "soak: a long soak test, run only with --soak")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--soak"):
        return
    skip = pytest.mark.skip(reason="a soak test: run with --soak (and --soak-games N)")
    for item in items:
        if "soak" in item.keywords:
            item.add_marker(skip)


@pytest.fixture
def soak_games(request: pytest.FixtureRequest) -> int:
    games: int = request.config.getoption("--soak-games")
    return games
