"""Fuzzing every parser with bad input (RULES E-5): the library's own errors, never a crash, never a hang.

Random bytes and text, and valid documents mutated structurally — keys
deleted, types changed, cards swapped or replaced, lists truncated or
repeated, NaN, infinities, huge integers and nested junk inserted — go into
``parse_card``, ``parse_cards``, ``parse_action``, ``Rules.from_dict``,
``State.from_dict``, ``GameRecord.from_dict`` / ``from_json`` (and the
record's replay).  Each must return a value or raise a
:class:`~kanasta.KanastaError`; Hypothesis's deadline turns a hang into a failure.
"""

from __future__ import annotations

import copy
import functools
import json
import math
import random
from datetime import timedelta
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import kanasta
from _games import json_paths
from _invariants import PRESETS, biased
from kanasta import GameRecord, KanastaError, Phase, Rules, State

_QUICK = settings(max_examples=300, deadline=timedelta(milliseconds=500), database=None)
_DOCS = settings(
    max_examples=250, deadline=timedelta(seconds=3), database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

_CARD_ALPHABET = "A23456789TJQK10CDHS♣♦♥♠JK*@ ,\t\n-x"
_card_text = st.text(alphabet=_CARD_ALPHABET, max_size=30)
_any_text = st.text(max_size=40)


def _own_error_or_value(fn: Any, *args: Any) -> Any:
    """Call ``fn``; a KanastaError is fine, any other exception fails the test with its type."""
    try:
        return fn(*args)
    except KanastaError:
        return None


# ---------------------------------------------------------------------------- cards and actions


@_QUICK
@given(st.one_of(_card_text, _any_text, st.binary(max_size=10), st.integers(), st.none(), st.floats()))
def test_parse_card_and_cards_raise_only_notation_errors(text: Any) -> None:
    card = _own_error_or_value(kanasta.parse_card, text)
    if card is not None:
        assert kanasta.parse_card(str(card)) is card
    cards = _own_error_or_value(kanasta.parse_cards, text)
    if cards is not None:
        assert kanasta.parse_cards(kanasta.format_cards(cards)) == cards


def _action_texts() -> list[str]:
    out: set[str] = set()
    for state in _some_states():
        out.update(str(a) for a in state.legal_actions())
    return sorted(out)


@st.composite
def _mutated_action(draw: st.DrawFn) -> str:
    tokens = draw(st.sampled_from(_action_texts())).split()
    for _ in range(draw(st.integers(1, 3))):
        op = draw(st.sampled_from(["drop", "dup", "swap", "junk", "ref", "verb"]))
        i = draw(st.integers(0, max(0, len(tokens) - 1)))
        if op == "drop" and tokens:
            tokens.pop(i)
        elif op == "dup" and tokens:
            tokens.insert(i, tokens[i])
        elif op == "swap" and len(tokens) > 1:
            j = draw(st.integers(0, len(tokens) - 1))
            tokens[i], tokens[j] = tokens[j], tokens[i]
        elif op == "junk":
            tokens.insert(i, draw(_card_text))
        elif op == "ref":
            tokens.insert(i, "@" + draw(st.sampled_from(["", "-1", "x", "99999999999999999999", "0", "1.5"])))
        elif op == "verb":
            tokens.insert(0, draw(st.sampled_from(["draw", "take", "meld", "add", "extend", "discard", "ask", "no"])))
    return " ".join(tokens)


@_QUICK
@given(st.one_of(_mutated_action(), _card_text, _any_text, st.integers(), st.none()))
def test_parse_action_raises_only_notation_errors(text: Any) -> None:
    action = _own_error_or_value(kanasta.parse_action, text)
    if action is not None:
        assert kanasta.parse_action(str(action)) == action


@settings(max_examples=150, deadline=timedelta(seconds=2), database=None)
@given(data=st.data())
def test_parsed_actions_are_refused_or_applied_cleanly(data: st.DataObject) -> None:
    """Any parsed action, legal or not, is either applied or refused with IllegalActionError (E-1, E-5)."""
    state = data.draw(st.sampled_from(_some_states()))
    text = data.draw(st.one_of(_mutated_action(), st.sampled_from(_action_texts())))
    action = _own_error_or_value(kanasta.parse_action, text)
    if action is None:
        return
    listed = action in state.legal_actions()
    try:
        state.apply(action)
    except kanasta.IllegalActionError:
        assert not listed
    else:
        assert listed


# ---------------------------------------------------------------------------- JSON mutations


_JUNK = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=True, allow_infinity=True)
    | st.sampled_from([2**64, -(2**64), 10**400, math.nan, math.inf, -math.inf, 1e308, 0.5, -0.0, "", "JK", "7H 7H",
                       "2H*", "@0", "draw", "game_over", "kanasta", "classic-2", "\x00", "A" * 200])
    | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=8,
)




_OPS = ["delete", "junk", "retype", "swap_cards", "replace_card", "truncate", "repeat", "number", "nest"]


def _mutate(draw: st.DrawFn, doc: Any, steps: int) -> Any:
    """Apply ``steps`` structural mutations to a JSON document (in place; returns the new root)."""
    root = [doc]
    for _ in range(steps):
        paths = json_paths(root[0], ())
        path = draw(st.sampled_from(paths))
        parent: Any = root
        key: Any = 0
        for k in path:
            parent, key = (parent[key], k)
        value = parent[key]
        op = draw(st.sampled_from(_OPS))
        if op == "delete" and isinstance(parent, (dict, list)) and parent is not root:
            del parent[key]
        elif op == "junk":
            parent[key] = draw(_JUNK)
        elif op == "retype":
            parent[key] = draw(st.sampled_from([[value], {"v": value}, str(value), None, 0, True, 1.5, []]))
        elif op == "swap_cards" and isinstance(value, str) and " " in value:
            tokens = value.split()
            i, j = draw(st.integers(0, len(tokens) - 1)), draw(st.integers(0, len(tokens) - 1))
            tokens[i], tokens[j] = tokens[j], tokens[i]
            parent[key] = " ".join(tokens)
        elif op == "replace_card" and isinstance(value, str):
            tokens = value.split() or [""]
            i = draw(st.integers(0, len(tokens) - 1))
            tokens[i] = str(draw(st.sampled_from(kanasta.all_cards()))) + draw(st.sampled_from(["", "", "*", "x"]))
            parent[key] = " ".join(tokens)
        elif op == "truncate" and isinstance(value, (list, str)):
            parent[key] = value[: draw(st.integers(0, max(0, len(value) - 1)))]
        elif op == "repeat" and isinstance(value, list) and value:
            value.insert(draw(st.integers(0, len(value))), copy.deepcopy(draw(st.sampled_from(value))))
        elif op == "number" and isinstance(value, (int, float)) and not isinstance(value, bool):
            parent[key] = value + draw(st.sampled_from([-1, 1, 2**64, -(2**63), 0.5, math.nan, math.inf]))
        elif op == "nest":
            parent[key] = draw(st.sampled_from([[[[[value]]]], {"a": {"b": value}}, [value] * 50]))
    return root[0]


@functools.cache
def _some_states() -> tuple[State, ...]:
    """States of every preset in many situations: each phase, melds, the pile aside, packets, game over."""
    out: list[State] = []
    for name, rules in PRESETS.items():
        rng = random.Random(5)
        state = kanasta.new_game(attrs.evolve(rules, target_score=1) if name == "classic-3" else rules, 5)
        picked = 0
        for ply in range(1500):
            t = state.turn
            interesting = (
                ply in (0, 1) or state.phase is Phase.ANSWER or t.aside or t.forbidden is not None
                or state.packets_taken != (0,) * len(state.packets_taken) or state.hand_results
                or (state.melds[0] and ply % 17 == 0)
            )
            if interesting and picked < 12 and (not out or out[-1] is not state):
                out.append(state)
                picked += 1
            if state.is_game_over:
                break
            state = state.apply(biased(state, rng))
        out.append(state)
    return tuple(out)


@functools.cache
def _documents() -> tuple[str, ...]:
    return tuple(json.dumps(s.to_dict()) for s in _some_states())


@st.composite
def _mutated_position(draw: st.DrawFn) -> Any:
    doc = json.loads(draw(st.sampled_from(_documents())))
    return _mutate(draw, doc, draw(st.integers(1, 4)))


@_DOCS
@given(_mutated_position())
def test_state_from_dict_raises_only_its_own_errors(doc: Any) -> None:
    state = _own_error_or_value(State.from_dict, doc)
    if state is not None:
        assert State.from_dict(state.to_dict()) == state
        state.legal_actions()


@_QUICK
@given(st.one_of(_JUNK, st.binary(max_size=20), st.just(float("nan"))))
def test_state_from_dict_refuses_junk(value: Any) -> None:
    with pytest.raises(KanastaError):
        State.from_dict(value)


@st.composite
def _mutated_rules(draw: st.DrawFn) -> Any:
    name = draw(st.sampled_from(sorted(PRESETS)))
    doc = PRESETS[name].to_dict()
    if draw(st.booleans()):
        doc = {"preset": name, **{k: doc[k] for k in draw(st.lists(st.sampled_from(sorted(doc)), max_size=3))}}
    return _mutate(draw, doc, draw(st.integers(1, 3)))


@_QUICK
@given(st.one_of(_mutated_rules(), _JUNK))
def test_rules_from_dict_raises_only_its_own_errors(doc: Any) -> None:
    rules = _own_error_or_value(Rules.from_dict, doc)
    if rules is not None:
        assert Rules.from_dict(rules.to_dict()) == rules
        kanasta.new_game(rules, 0).legal_actions()


@settings(_DOCS, max_examples=150)
@given(st.one_of(_mutated_rules(), _JUNK))
def test_rules_inside_a_position_raise_only_its_own_errors(rules_doc: Any) -> None:
    doc = json.loads(_documents()[0])
    doc["rules"] = rules_doc
    state = _own_error_or_value(State.from_dict, doc)
    if state is not None:  # whatever rules were accepted, the position reads back as written
        assert State.from_dict(state.to_dict()) == state


@functools.cache
def _records() -> tuple[str, ...]:
    out = []
    for rules in PRESETS.values():
        rng = random.Random(9)
        state = kanasta.new_game(rules, 9)
        for _ in range(60):
            state = state.apply(biased(state, rng))
        out.append(GameRecord.from_state(state).to_json())
    return tuple(out)


@st.composite
def _mutated_record(draw: st.DrawFn) -> Any:
    doc = json.loads(draw(st.sampled_from(_records())))
    return _mutate(draw, doc, draw(st.integers(1, 3)))


@settings(_DOCS, max_examples=200)
@given(_mutated_record())
def test_game_records_raise_only_their_own_errors(doc: Any) -> None:
    record = _own_error_or_value(GameRecord.from_dict, doc)
    if record is not None:
        assert GameRecord.from_dict(record.to_dict()) == record  # what was accepted reads back
        _own_error_or_value(record.replay)
    text = _own_error_or_value(json.dumps, doc)
    if text is not None:
        from_text = _own_error_or_value(GameRecord.from_json, text)
        assert from_text == record  # the text and the document are read alike


@_QUICK
@given(st.one_of(st.binary(max_size=60), _any_text, st.sampled_from(_records()).map(lambda t: t[: len(t) // 2])))
def test_game_record_from_json_refuses_bad_text(text: Any) -> None:
    record = _own_error_or_value(GameRecord.from_json, text)
    if record is not None:  # only whole record text is accepted, and it reads back
        assert GameRecord.from_json(record.to_json()) == record


def test_own_error_or_value_lets_other_errors_through() -> None:
    """The fuzz helper itself: an exception that is not a KanastaError fails the test."""
    with pytest.raises(ZeroDivisionError):
        _own_error_or_value(lambda: 1 / 0)
