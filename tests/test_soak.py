"""The long soak (run with ``pytest --soak``; ``--soak-games N`` sets the number of games).

Plays whole games of both games — the four presets in turn and random rules
variants, half of them with the biased policy that reaches kanastas, packets
and going out — with every invariant of ``_invariants.py`` checked on every
step (the costliest on a sample of the steps).  Skipped in the default run;
``benchmarks/soak.py`` is the same soak as a script with a progress report.
"""

from __future__ import annotations

import json

import pytest

from _invariants import soak


@pytest.mark.soak
def test_soak(soak_games: int) -> None:
    stats = soak(soak_games)
    print(
        f"\nsoak: {stats.games} games ({stats.finished_games} finished), {stats.moves} moves, "
        f"{stats.states} states checked, {stats.near_misses_refused} near misses refused, "
        f"{stats.oracle_positions} oracle positions, findings: {dict(stats.finding_counts) or 'none'}"
    )
    assert stats.games == soak_games
    reports = [f.report() for f in stats.findings]
    assert not stats.finding_counts, json.dumps(reports[:3], indent=1)
