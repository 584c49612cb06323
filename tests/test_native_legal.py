"""The native legality (``kanasta._core``, ``rust/src/legality/``) against the Python engine.

The Python engine is the reference.  The native "can the turn still be
finished" search (RULES E-2, on count-vector hands) must answer exactly what
the Python engine's ``finishable`` answers: compared here on every situation
the Python engine itself asks about while listing the moves of positions from
random and meld-biased games of every preset.

Longer runs: ``KANASTA_NATIVE_LEGAL_GAMES=N`` plays N games per preset instead of one.
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import attrs
import pytest

import _games
import kanasta
from kanasta import _core, engine
from kanasta._core import _testing
from kanasta.cards import all_cards
from kanasta.rules import PRESET_NAMES, PRESETS

GAMES = int(os.environ.get("KANASTA_NATIVE_LEGAL_GAMES", "1"))


def _finish_modules() -> tuple[ModuleType, tuple[ModuleType, ...]]:
    """The Python engine's E-2 module and the modules that call its ``finishable``."""
    try:
        from kanasta.legality import checks, finish, moves
    except ImportError:  # the layout before the legality package
        from kanasta import _checks, _movegen, _solver

        return _solver, (_checks, _movegen)
    return finish, (checks, moves)


def native_rules(rules: kanasta.Rules) -> _testing.FinishRules:
    """The native search's view of ``rules`` (card values in half points, like the Python tables)."""
    return _testing.FinishRules(
        values=[int(rules.card_value(c) * 2) for c in all_cards()],
        natural_two=int(rules.natural_two_value * 2),
        runs=rules.runs,
        max_wilds=rules.max_wilds,
        wilds_within_naturals=rules.wilds_within_naturals,
        max_meld_size=rules.max_meld_size,
        one_meld_per_rank=rules.one_meld_per_rank,
        canastas_to_go_out=rules.canastas_to_go_out,
        black_threes=rules.black_threes,
        opening_natural_run=rules.opening_natural_run,
        opening_one_card_exempt=rules.opening_one_card_exempt,
    )


def native_finishable(native: _testing.FinishRules, p: Any) -> bool:
    """The native answer for the Python engine's situation ``p`` (a ``Pos``)."""
    return native.finishable(
        [c.index for c in p.hand],
        [tuple(s) for s in p.shapes],
        opened=p.opened,
        laid=p.laid,
        count=p.laid_count if hasattr(p, "laid_count") else p.count,
        aside=[c.index for c in p.aside],
        must_out=p.must_out,
        minimum=p.minimum,
        forbidden=None if p.forbidden is None else p.forbidden.index,
        no_out=p.no_out,
        out_exempt=p.out_exempt,
        discard_empty_ok=p.discard_empty_ok,
        black3_ok=p.black3_ok,
    )


def _recording(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Any, bool]]:
    """Make the Python engine record every (situation, answer) its E-2 search gives."""
    finish, callers = _finish_modules()
    original: Callable[[Any], bool] = finish.finishable
    seen: list[tuple[Any, bool]] = []

    def recorded(p: Any) -> bool:
        answer = original(p)
        seen.append((p, answer))
        return answer

    for module in callers:
        monkeypatch.setattr(module, "finishable", recorded)
    return seen


def _positions(preset: str) -> Iterator[kanasta.State]:
    for seed in range(1, GAMES + 1):
        yield from _games.meld_biased_states(preset, seed, limit=500, every=2)
        yield from _games.some_states(preset, every=7, seed=seed)[:300]


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_e2_native_search_answers_as_the_python_engine(preset: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """E-2: every situation the Python engine searches while listing moves gets the same answer natively."""
    states = list(_positions(preset))
    seen = _recording(monkeypatch)
    for state in states:
        engine.legal_actions(fresh(state))
    native = native_rules(PRESETS[preset])
    wrong = [(p, answer) for p, answer in seen if native_finishable(native, p) != answer]
    assert seen, "the Python engine searched nothing: the recording is broken"
    assert not wrong, f"{len(wrong)} of {len(seen)} answers differ; first: {vars_of(wrong[0][0])} -> {wrong[0][1]}"
    # both answers occur, so the comparison could fail either way
    assert {answer for _, answer in seen} == {True, False}


def fresh(state: kanasta.State) -> kanasta.State:
    """The same position made afresh: its legal moves are listed again (a state keeps them once listed)."""
    return kanasta.State.from_dict(state.to_dict())


def vars_of(p: Any) -> dict[str, Any]:
    names = p._fields if hasattr(p, "_fields") else p.__slots__
    return {name: getattr(p, name) for name in names if name not in ("t", "tables")}


def test_e2_native_search_on_random_rule_variants(monkeypatch: pytest.MonkeyPatch) -> None:
    """E-2 under option combinations no preset has (no natural-run opening, meld size limits, wilds rules)."""
    rng = random.Random(5)
    variants = [
        attrs.evolve(kanasta.Rules.kanasta(), opening_natural_run=False),
        attrs.evolve(kanasta.Rules.kanasta(), max_meld_size=8, opening_one_card_exempt=False),
        attrs.evolve(kanasta.Rules.classic(), wilds_within_naturals=True, black_three_meld_going_out=False),
        attrs.evolve(kanasta.Rules.classic(2), one_meld_per_rank=False),
    ]
    compared = 0
    for rules in variants:
        seen = _recording(monkeypatch)
        state = kanasta.new_game(rules, 3)
        for _ in range(400):
            if state.is_game_over:
                break
            moves = engine.legal_actions(state)
            melds = [m for m in moves if not isinstance(m, (kanasta.Discard, kanasta.Draw))]
            state = state.apply(rng.choice(melds if melds and rng.random() < 0.8 else moves))
        native = native_rules(rules)
        for p, answer in seen:
            assert native_finishable(native, p) == answer, vars_of(p)
        compared += len(seen)
        monkeypatch.undo()
    assert compared > 100


def test_finish_rules_refuses_bad_input() -> None:
    """E-5: a wrong number of card values, a card index out of range or a malformed shape is a ValueError."""
    rules = kanasta.Rules.classic()
    with pytest.raises(ValueError, match="53 card values"):
        _testing.FinishRules(
            values=[0] * 52,
            natural_two=0,
            runs=False,
            max_wilds=3,
            wilds_within_naturals=False,
            max_meld_size=None,
            one_meld_per_rank=True,
            canastas_to_go_out=1,
            black_threes=True,
            opening_natural_run=False,
            opening_one_card_exempt=False,
        )
    native = native_rules(rules)
    flags: dict[str, Any] = {
        "opened": True,
        "laid": False,
        "count": 0,
        "aside": [],
        "must_out": False,
        "minimum": 100,
        "forbidden": None,
        "no_out": False,
        "out_exempt": False,
        "discard_empty_ok": True,
        "black3_ok": True,
    }
    with pytest.raises(ValueError, match="not a card index"):
        native.finishable([53, 1], [], **flags)
    with pytest.raises(ValueError, match="not a meld shape"):
        native.finishable([1, 2], [(2, 0, 0, 0, 0)], **flags)
    # a team holds at most 36 melds (three of the 108 cards each): 37 is refused, not a crash
    with pytest.raises(ValueError, match="37 melds: a team has at most 36"):
        native.finishable([0, 1], [(0, 5, 3, 0, 3)] * 37, **flags)
    assert native.finishable([0, 1], [(0, 5, 3, 0, 3)] * 36, **flags) in (True, False)
    assert native.finishable([0, 1], [], **flags)


# ------------------------------------------------------------------ moves


def native_state(state: kanasta.State) -> _core.NativeState:
    """The native engine's copy of ``state``, read from its position document."""
    return _core.NativeState.from_json(json.dumps(state.to_dict()))


def _all_positions(preset: str) -> Iterator[kanasta.State]:
    yield from _positions(preset)
    for seed in range(1, GAMES + 1):
        yield from _games.some_states(preset, every=3, seed=seed + 100)


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_e1_native_legal_moves_are_the_python_engines_in_order(preset: str) -> None:
    """E-1, E-2: the native move listing gives exactly the Python engine's moves, in the same order."""
    phases = set()
    moves = 0
    for state in _all_positions(preset):
        want = [str(a) for a in state.legal_actions()]
        got = _testing.legal_moves(native_state(state))
        assert got == want, f"{preset} hand {state.hand_number} {state.phase}: {sorted(set(got) ^ set(want))[:6]}"
        phases.add(state.phase)
        moves += len(want)
    assert phases >= {kanasta.Phase.DRAW, kanasta.Phase.PLAY}
    assert moves > 1000


def _candidate_moves(state: kanasta.State, rng: random.Random) -> list[str]:
    """Moves worth checking in ``state``: every listed one and a spread of illegal ones."""
    out = [str(a) for a in state.legal_actions()]
    out += ["draw", "decline", "ask", "yes", "no", "take"]
    seat = state.current_player if state.current_player is not None else 0
    hand = [str(c) for c in state.hands[seat]]
    deck = [str(c) for c in all_cards()]
    out += [f"discard {c}" for c in sorted(set(hand))] + [f"discard {rng.choice(deck)}"]
    team = seat % state.rules.teams
    melds = state.melds[team]
    for _ in range(12):
        k = rng.choice([2, 3, 3, 4])
        picks = rng.sample(hand, min(k, len(hand))) if hand else []
        out.append("meld " + " ".join(picks))
        if picks:
            out.append(f"add @{rng.randrange(len(melds) + 1)} " + " ".join(picks[:2]))
            out.append(f"take {' '.join(picks[:2])} @{rng.randrange(len(melds) + 1)}")
            out.append(f"take {' '.join(picks[:2])}")
    for i, m in enumerate(melds):
        cards = [str(c) for c in m.cards]
        if hand:
            out.append(f"extend @{i} " + " ".join([*cards, rng.choice(hand)]))
            out.append(f"extend @{i} " + " ".join([rng.choice(hand), *cards]))
        out.append(f"extend @{i} " + " ".join(cards))
        out.append(f"take @{i}")
    return out


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_e1_native_move_checks_name_the_python_engines_rule(preset: str) -> None:
    """E-1: for listed moves and a spread of illegal ones, the native check gives the Python engine's
    verdict: None for a legal move, else the same RULES ID and the same message."""
    rng = random.Random(preset)
    rules_seen: set[str] = set()
    checked = 0
    for state in _all_positions(preset):
        if rng.random() > 0.35:
            continue
        native = native_state(state)
        for text in _candidate_moves(state, rng):
            try:
                action = kanasta.parse_action(text)
            except (kanasta.KanastaError, ValueError):
                continue
            want = engine.explain(state, action)
            got = _testing.explain(native, text)
            assert got == (None if want is None else tuple(want)), f"{text!r} in {preset} {state.phase}"
            checked += 1
            if want is not None:
                rules_seen.add(want[0])
    assert checked > 500
    assert len(rules_seen) >= 6, rules_seen


def _conformance_cases() -> list[dict[str, Any]]:
    here = Path(__file__).resolve().parent / "conformance"
    cases = []
    for path in sorted(here.glob("*.json")):
        cases += [c for c in json.loads(path.read_text())["cases"] if c["kind"] == "legal_moves"]
    return cases


def test_conformance_legal_moves_pass_against_the_native_engine() -> None:
    """The conformance suite's legal-move cases (tests/conformance) pass against the native engine."""
    cases = _conformance_cases()
    assert cases
    for case in cases:
        native = _core.NativeState.from_json(json.dumps(case["position"]))
        assert _testing.legal_moves(native) == case["legal_moves"], case["id"]


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_native_engine_plays_a_game_with_its_own_legality(preset: str) -> None:
    """E-1, C-OUT-5: a seeded random game played natively (its moves listed by the native
    legality, the empty-stock chore answered by the core's own legality) matches the Python game
    position for position."""
    rules = PRESETS[preset]
    rng = random.Random(11)
    state = kanasta.new_game(rules, 11)
    native = _core.NativeState.new_game(json.dumps(rules.to_dict()), 11)
    for _ in range(1500 if preset.startswith("classic") else 600):
        if state.is_game_over:
            break
        moves = _testing.legal_moves(native)
        assert moves == [str(a) for a in state.legal_actions()]
        pick = rng.randrange(len(moves))
        state = state.apply(state.legal_actions()[pick])
        native = native.apply(moves[pick])
        assert _play(json.loads(native.to_json())) == _play(state.to_dict())


def _play(doc: dict[str, Any]) -> dict[str, Any]:
    """A position document without its rules (fixed for the game; the native core may still
    write a field the Python rules retired)."""
    return {key: value for key, value in doc.items() if key != "rules"}


def test_worst_case_positions_list_the_same_moves_natively() -> None:
    """E-1, E-2 on the worst cases of issue 11 F3 (40- to 50-card hands, and a Kanasta opening
    whose minimum only the K-OPEN-4 exemption can meet): the native listing is the Python one."""
    from test_work_budget import BIG_HANDS, big_hand_state, f3_document

    states = [big_hand_state(name) for name in BIG_HANDS] + [kanasta.State.from_dict(f3_document(92))]
    for state in states:
        want = [str(a) for a in state.legal_actions()]
        assert len(want) > 200
        assert _testing.legal_moves(native_state(state)) == want
