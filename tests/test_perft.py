"""Perft: the legal-move counts along fixed move sequences match tests/perft/*.json (RULES E-1, G-RNG-1).

A difference means move generation (or the deal) changed.  If the change is
intended, regenerate the files with ``python tests/make_perft.py`` and explain
the diff in the commit; if not, the first differing ply below says where to look.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import kanasta
from make_perft import FORMAT, PLIES, PRESETS, SEEDS, dump, path_of, perft_game, preset

pytestmark = pytest.mark.both_engines  # the rule tests run against both engines (tests/conftest.py)


def _load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path_of(name).read_text())
    return data


@pytest.mark.parametrize("name", PRESETS)
def test_perft_file_matches_the_engine(name: str) -> None:
    stored = _load(name)
    assert stored["format"] == FORMAT and stored["rules"] == name and stored["plies"] == PLIES
    assert [g["seed"] for g in stored["games"]] == list(SEEDS)
    for game in stored["games"]:
        now = perft_game(preset(name), game["seed"])
        for old, new in zip(game["steps"], now["steps"]):
            assert old == new, (
                f"{name} seed {game['seed']}: at ply {old[0]} the file has {old[1]} legal moves and plays "
                f"{old[2]!r}; the engine now has {new[1]} and plays {new[2]!r}. "
                "If intended, run `python tests/make_perft.py` and explain the diff."
            )
        assert len(game["steps"]) == len(now["steps"]), f"{name} seed {game['seed']}: the game is longer or shorter"
        assert game["depth2"] == now["depth2"], f"{name} seed {game['seed']}: perft depth 2 differs"
        assert game["final"] == now["final"], f"{name} seed {game['seed']}: the final position differs"


def test_perft_files_are_in_the_script_format() -> None:
    """The files are laid out exactly as the script writes them, and every game runs its 300 plies."""
    for name in PRESETS:
        stored = _load(name)
        assert all(len(g["steps"]) == PLIES for g in stored["games"])
        assert path_of(name).read_text() == dump(stored)


@pytest.mark.engines("python")  # it breaks the Python engine's move generator on purpose
def test_perft_notices_a_move_lost(monkeypatch: pytest.MonkeyPatch) -> None:
    """An engine that drops the last discard of each play phase no longer matches the file."""
    import kanasta.engine

    real = kanasta.engine.legal_actions

    def lossy(state: kanasta.State) -> tuple[kanasta.Action, ...]:
        moves = real(state)
        return moves[:-1] if len(moves) > 2 and isinstance(moves[-1], kanasta.Discard) else moves

    monkeypatch.setattr(kanasta.engine, "legal_actions", lossy)
    monkeypatch.setenv("KANASTA_ENGINE", "python")  # the lossy engine is the Python one
    stored = _load("classic")["games"][0]
    assert perft_game(preset("classic"), stored["seed"])["steps"] != stored["steps"]
