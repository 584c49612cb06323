"""Game records (rules + seed + moves, RULES G-RNG-1) and the action notation they are written in."""

from __future__ import annotations

import hashlib
import json
import os
import random
import subprocess
import sys

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kanasta
from _games import PRESET_NAMES, game
from kanasta import GameRecord, NotationError, SerializationError, State, parse_action, parse_cards

pytestmark = pytest.mark.both_engines  # the rule tests run against both engines (tests/conftest.py)

# ---------------------------------------------------------------------------- records


@pytest.mark.one_engine  # randomized: once, on the default engine
@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_record_of_a_whole_game_replays_every_state(preset: str) -> None:
    """G-RNG-1: same rules + seed + moves = same states."""
    states = game(preset)
    record = GameRecord.from_state(states[-1])
    assert len(record) == len(states) - 1 and record.seed == 1
    assert record.replay() == states[-1] and record.replay().is_game_over
    for k in (0, 1, 17, len(states) // 2):
        assert record.replay(k) == states[k]
    replayed = list(record.states())
    assert len(replayed) == len(states)
    assert all(a == b for a, b in zip(replayed[::25], states[::25]))
    assert record.replay().history == states[-1].history  # the events too: the same chores happened


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_record_json_round_trip(preset: str) -> None:
    record = GameRecord.from_state(game(preset)[300])
    text = record.to_json()
    doc = json.loads(text)
    assert doc["rules"] == preset and doc["format"] == "kanasta.record/1"
    assert all(isinstance(m, str) for m in doc["moves"])
    again = GameRecord.from_json(text)
    assert again == record and again.replay() == game(preset)[300]
    assert GameRecord.from_dict(record.to_dict()) == record


def test_two_replays_give_equal_states() -> None:
    record = GameRecord.from_state(game("classic")[200])
    assert record.replay() == record.replay()
    assert list(record.states())[-1] == record.replay()


def test_record_of_custom_rules_spells_them_out() -> None:
    rules = attrs.evolve(kanasta.Rules.classic(), target_score=1000, name="short")
    state = kanasta.new_game(rules, 3).apply(kanasta.Draw())
    record = GameRecord.from_state(state)
    doc = record.to_dict()
    assert isinstance(doc["rules"], dict) and doc["rules"]["target_score"] == 1000
    assert GameRecord.from_dict(json.loads(json.dumps(doc))).replay() == state


def test_an_illegal_move_is_named_by_its_index() -> None:
    record = GameRecord.from_dict(
        {"format": "kanasta.record/1", "rules": "classic", "seed": 1, "moves": ["draw", "ask", "decline"]}
    )
    with pytest.raises(SerializationError) as err:
        record.replay()
    assert err.value.path == "moves.1" and "C-OUT-3" in str(err.value)
    assert record.replay(1).phase is kanasta.Phase.PLAY  # the moves before it are fine


def test_a_state_loaded_from_a_position_has_no_record() -> None:
    state = game("classic")[60]
    loaded = State.from_dict(state.to_dict())
    played = loaded.apply(loaded.legal_actions()[0])
    with pytest.raises(SerializationError, match="does not start at new_game"):
        GameRecord.from_state(played)
    assert len(GameRecord.from_state(played, check=False)) == 1


@pytest.mark.parametrize(
    ("doc", "path"),
    [
        ([], ""),
        ({"rules": "classic", "seed": 1}, ""),
        ({"format": "kanasta.position/1", "rules": "classic", "seed": 1}, "format"),
        ({"format": "kanasta.record/1", "rules": "classic", "seed": 1, "when": 2}, "when"),
        ({"format": "kanasta.record/1", "rules": "whist", "seed": 1}, "rules"),
        ({"format": "kanasta.record/1", "rules": {"players": 1}, "seed": 1}, "rules.players"),
        ({"format": "kanasta.record/1", "rules": "classic", "seed": -3}, "seed"),
        ({"format": "kanasta.record/1", "rules": "classic", "seed": "1"}, "seed"),
        ({"format": "kanasta.record/1", "rules": "classic", "seed": 1, "moves": "draw"}, "moves"),
        ({"format": "kanasta.record/1", "rules": "classic", "seed": 1, "moves": ["draw", 7]}, "moves.1"),
        ({"format": "kanasta.record/1", "rules": "classic", "seed": 1, "moves": ["draw", "discrad 7H"]}, "moves.1"),
    ],
)
def test_bad_record_documents_are_refused(doc: object, path: str) -> None:
    with pytest.raises(SerializationError) as err:
        GameRecord.from_dict(doc)
    assert err.value.path == path


def test_bad_json_and_bad_fields_are_refused() -> None:
    with pytest.raises(SerializationError):
        GameRecord.from_json("{not json")
    with pytest.raises(kanasta.ConfigError):
        GameRecord(kanasta.Rules.classic(), -1)
    with pytest.raises(kanasta.ConfigError):
        GameRecord("classic", 1)  # type: ignore[arg-type]
    with pytest.raises(kanasta.ConfigError):
        GameRecord(kanasta.Rules.classic(), 1, ["draw"])  # type: ignore[list-item]
    with pytest.raises(kanasta.ConfigError):
        GameRecord(kanasta.Rules.classic(), 1).replay(1)


_REPLAY_IN_A_CHILD = """
import hashlib, json, sys
import kanasta
record = kanasta.GameRecord.from_json(sys.stdin.read())
out = []
for k in (0, len(record) // 2, len(record)):
    doc = record.replay(k).to_dict()
    out.append(hashlib.sha256(json.dumps(doc, sort_keys=True).encode()).hexdigest())
print(" ".join(out))
"""


@pytest.mark.one_engine  # randomized: once, on the default engine
@pytest.mark.parametrize("preset", ["classic-3", "kanasta"])
def test_replays_are_byte_identical_across_processes(preset: str) -> None:
    """G-RNG-1: the same record gives the same position documents whatever the hash seed."""
    record = GameRecord.from_state(game(preset)[400])
    mine = []
    for k in (0, len(record) // 2, len(record)):
        doc = record.replay(k).to_dict()
        mine.append(hashlib.sha256(json.dumps(doc, sort_keys=True).encode()).hexdigest())
    for hash_seed in ("1", "987654"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)
        result = subprocess.run(
            [sys.executable, "-c", _REPLAY_IN_A_CHILD], input=record.to_json(), env=env,
            capture_output=True, text=True, check=True, timeout=120,
        )
        assert result.stdout.split() == mine


# ---------------------------------------------------------------------------- action notation


@pytest.mark.one_engine  # randomized: once, on the default engine
@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_every_legal_action_reads_back_from_its_text(preset: str) -> None:
    """parse_action(str(a)) == a for every legal move met in a whole game."""
    kinds = set()
    seen = 0
    for state in game(preset):
        for action in state.legal_actions():
            assert parse_action(str(action)) == action, str(action)
            kinds.add(type(action).__name__)
            seen += 1
    assert {"Draw", "TakePile", "LayMeld", "Discard"} <= kinds and seen > 1000
    if preset == "kanasta":
        assert "ExtendRun" in kinds
    else:
        assert "AddToMeld" in kinds
    if preset == "classic":
        assert "AskPartner" in kinds


@pytest.mark.parametrize(
    "text",
    [
        "", "   ", "drwa", "draw now", "yes please", "take @", "take @x", "take 7H @1 @2", "take @1 7H",
        "meld", "meld ,", "meld 7H 7X", "add", "add @0", "add 0 7H", "add @0 ,", "add @-1 7H", "extend @1",
        "extend @1 ,", "discard", "discard ,", "discard 7H 8H", "discard 7H,8H", "ask partner",
        "@1", "take 10", "meld JK JK *",
    ],
)
def test_bad_action_text_raises_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        parse_action(text)


def test_parse_action_refuses_non_text() -> None:
    for value in (None, 3, ["draw"], b"draw"):
        with pytest.raises(NotationError):
            parse_action(value)  # type: ignore[arg-type]


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.sampled_from(["draw", "take", "meld", "add", "extend", "discard", "ask", "yes", "no", "decline",
                         "@0", "@12", "@", "7H", "JK", "2C", "TS", "10D", "X", ",", "*", "7h"]),
        max_size=6,
    ).map(" ".join)
    | st.text(max_size=20)
)
@pytest.mark.one_engine  # randomized: once, on the default engine
def test_any_text_is_an_action_or_a_notation_error(text: str) -> None:
    try:
        action = parse_action(text)
    except NotationError:
        return
    assert parse_action(str(action)) == action  # what reads also writes back the same move


def test_a_set_reads_in_any_order_a_run_only_in_its_own() -> None:
    assert parse_action("meld JK 7S 7H") == parse_action("meld 7H 7S JK")
    assert parse_action("meld 5H 6H JK") != parse_action("meld JK 5H 6H")
    assert parse_action("take KS KH @2") == kanasta.TakePile(parse_cards("KH KS"), 2)
    assert str(parse_action("discard 10H")) == "discard TH"


def test_recorded_moves_are_the_actions_text() -> None:
    states = game("kanasta")
    record = GameRecord.from_state(states[120])
    assert record.to_dict()["moves"] == [str(step.action) for step in states[120].history]
    rng = random.Random(1)
    for text in rng.sample(record.to_dict()["moves"], 20):
        assert str(parse_action(text)) == text
