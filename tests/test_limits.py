"""One table of limits for both engines: the same values accepted, the engine asked for honoured.

The numbers the library reads (rules fields, position documents) are bounded by one
table (the package's ``limits.json``, loaded by :mod:`kanasta._limits` and compiled into the
core by ``rust/src/limits.rs``).  The Python validator of :class:`kanasta.Rules` and the
core's reader of rules check the same ranges with the same words; the two position
readers bound every integer and point value alike; so ``engine="native"`` gives a native
state or a library error, never a Python-engine state (issue 25 R3), and every state a
game reaches under valid rules pickles (R4).  The ranges are documented on the
*Positions* page, read by :func:`test_the_positions_page_lists_the_rule_ranges`.
"""

from __future__ import annotations

import copy
import json
import pickle
import random
import re
from pathlib import Path

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kanasta
import kanasta.documents.reading
from kanasta import _core
from kanasta._limits import LIMITS, RULE_RANGES
from kanasta.rules import INT_LIMIT, MIN_STOCK, POINT_LIMIT
from kanasta.strategies import rules as any_rules

DOCS = Path(__file__).resolve().parent.parent / "docs"
DOCUMENT_INT = 10**15  # the document limit, as the Positions page gives it


def test_the_table_is_what_both_readers_use() -> None:
    """The Python constants are the table's (one table, not two that agree today)."""
    assert LIMITS == {"rules_int": 10**9, "rules_points": 10**4, "document_int": DOCUMENT_INT, "min_stock": 20}
    assert (INT_LIMIT, POINT_LIMIT, MIN_STOCK) == (10**9, 10**4, 20)
    assert kanasta.documents.reading.INT_LIMIT == DOCUMENT_INT
    assert DOCUMENT_INT < 2**53  # exact as a JavaScript number


def _python_refusal(base: kanasta.Rules, field: str, value: int) -> str | None:
    try:
        attrs.evolve(base, **{field: value})
    except kanasta.ConfigError as err:
        return str(err)
    return None


def _core_refusal(base: kanasta.Rules, field: str, value: int) -> str | None:
    try:
        _core.NativeState.new_game(json.dumps(dict(base.to_dict(), **{field: value})), 1)
    except ValueError as err:
        return str(err)
    return None


# the preset whose other fields leave the field's whole range playable
_KANASTA = kanasta.Rules.kanasta()
_BASE: dict[str, kanasta.Rules] = {
    "packets": attrs.evolve(_KANASTA, packet_size=5), "packet_size": _KANASTA, "packet_bonus": _KANASTA,
    "full_bonus": _KANASTA, "players": kanasta.Rules.classic(2),
}


@pytest.mark.parametrize("field", [f for f in RULE_RANGES if f != "opening_band_start"])
def test_e_5_both_engines_accept_the_same_range_of_each_rules_field(field: str) -> None:
    """E-5: each bound is accepted by the validator and the core's reader; one past it is refused by both."""
    low, high = RULE_RANGES[field]
    base = _BASE.get(field, kanasta.Rules.classic())
    for value in (low, min(high, 2 * low + 5)):
        if field in ("hand_size", "packet_size", "players") and value > low:
            continue  # a bigger deal runs into the deck's size, another check
        assert _python_refusal(base, field, value) is None, value
        assert _core_refusal(base, field, value) is None, value
    if field not in ("hand_size", "packet_size"):  # their highest is bounded by the deck first
        assert _python_refusal(base, field, high) is None
        assert _core_refusal(base, field, high) is None
    for value in (low - 1, high + 1, -1):
        if low <= value <= high:
            continue
        python = _python_refusal(base, field, value)
        core = _core_refusal(base, field, value)
        assert python is not None and core is not None, value
        assert python.startswith(f"{field}: "), python
        assert python == core, value  # one message from the one table, negative counts too


def test_e_5_opening_band_starts_bounded_alike() -> None:
    """E-5: a band start of 10**9 either way is accepted by both; one more is refused by both."""
    base = kanasta.Rules.classic()
    for start, ok in ((-(10**9), True), (10**9, True), (10**9 + 1, False), (-(10**9) - 1, False)):
        bands = [[None, 15], [start, 50]]
        python = _python_refusal(base, "opening_minimums", bands)  # type: ignore[arg-type]
        core = _core_refusal(base, "opening_minimums", bands)  # type: ignore[arg-type]
        assert (python is None) == ok and (core is None) == ok, start


def test_e_5_a_rules_name_utf_8_cannot_encode_is_refused() -> None:
    """E-5 (R3): a name with a lone surrogate was valid, and the core could not read it: refused now."""
    with pytest.raises(kanasta.ConfigError) as info:
        attrs.evolve(kanasta.Rules.classic(), name="\ud800")
    assert info.value.field == "name" and "surrogate" in str(info.value)
    with pytest.raises(kanasta.ConfigError):  # (a document's rules: the same check)
        kanasta.Rules.from_dict({"name": "ok \udfff"})
    # any text UTF-8 can encode is a name, on both engines
    rules = attrs.evolve(kanasta.Rules.classic(), name="Kanasta \u00e7ay \U0001f0a1")
    assert kanasta.new_game(rules, 1, engine="native").engine == "native"


# ------------------------------------------------------------------ positions (R3)

_DOC = kanasta.new_game(kanasta.Rules.classic(), seed=1).to_dict()


@pytest.mark.parametrize(
    "key, value",
    [("hand_number", 10**9 + 1), ("hand_number", DOCUMENT_INT), ("scores", [-(10**9) - 1, 0]),
     ("scores", [-DOCUMENT_INT, 1 - DOCUMENT_INT])],
)
def test_e_5_from_dict_engine_native_gives_a_native_state(key: str, value: object) -> None:
    """R3: values the Python reader accepts are read by the core too: engine='native' is honoured."""
    doc = dict(_DOC, **{key: value})
    native = kanasta.State.from_dict(doc, engine="native")
    python = kanasta.State.from_dict(doc, engine="python")
    assert native.engine == "native" and python.engine == "python"
    assert native == python and native.legal_actions() == python.legal_actions()


@pytest.mark.parametrize(
    "key, value, path",
    [("hand_number", DOCUMENT_INT + 1, "hand_number"), ("scores", [-DOCUMENT_INT - 1, 0], "scores.0"),
     ("scores", [0, 2**63], "scores.1")],
)
@pytest.mark.parametrize("engine", ["native", "python"])
def test_e_5_past_the_document_limit_both_engines_refuse(key: str, value: object, path: str, engine: str) -> None:
    """E-5: one past 10**15 is refused by the reader, on both engines, naming the key."""
    with pytest.raises(kanasta.SerializationError) as info:
        kanasta.State.from_dict(dict(_DOC, **{key: value}), engine=engine)  # type: ignore[arg-type]
    assert info.value.path == path


def test_e_5_the_core_reader_bounds_points_of_a_document_alike() -> None:
    """E-5: a hand result's points up to 10**15 are read by the core (they were cut at 10**4)."""
    state = kanasta.new_game(attrs.evolve(kanasta.Rules.classic(), clean_bonus=10**9, dirty_bonus=10**9), 3)
    doc = state.to_dict()
    reread = _core.NativeState.from_json(json.dumps(dict(doc, scores=[10**14, -(10**14)])), budget=100_000)
    assert json.loads(reread.to_json())["scores"] == [10**14, -(10**14)]


@settings(max_examples=40, deadline=None)
@given(any_rules(), st.integers(0, 2**64 - 1))
def test_new_game_engine_native_is_always_native(rules: kanasta.Rules, seed: int) -> None:
    """R3: every valid Rules is played by the core when asked (no silent Python engine)."""
    state = kanasta.new_game(rules, seed, engine="native")
    assert state.engine == "native"
    assert state == kanasta.new_game(rules, seed, engine="python")


# ------------------------------------------------------------------ pickles (R4)

def _play_first_hand(rules: kanasta.Rules, seed: int) -> kanasta.State:
    """The repro's players: seats 0 and 2 meld and take whenever they can, seats 1 and 3 draw and discard."""
    state, rng = kanasta.new_game(rules, seed, engine="native"), random.Random(seed)
    while state.hand_number == 1:
        listed = state.legal_actions()
        want: tuple[type, ...] = (
            (kanasta.LayMeld, kanasta.AddToMeld, kanasta.TakePile) if state.current_player % 2 == 0
            else (kanasta.Draw, kanasta.Discard)
        )
        chosen = [a for a in listed if isinstance(a, want)]
        state = state.apply(rng.choice(chosen or listed))
    return state


def test_r4_c_score_2_a_billion_point_red_three_state_pickles() -> None:
    """R4, C-SCORE-2: red 3s of 10**9 each, a team without melds: -10**9 - 310 pickles, copies and reads natively."""
    rules = attrs.evolve(kanasta.Rules.classic(), red_three_bonus=10**9, all_red_threes_bonus=10**9)
    state = _play_first_hand(rules, 1002)
    # team 1 laid a red 3 and melded nothing: -10**9 for it (C-SCORE-2), and -310 in hand (C-SCORE-1)
    assert state.scores[1] < -(10**9) and state.engine == "native"
    team = state.hand_results[0].teams[1]
    assert team.red_threes == 1 and team.red_three_points == -(10**9)
    back = pickle.loads(pickle.dumps(state))
    assert back == state and back.engine == "native" and back.history == state.history
    assert copy.deepcopy(state) == state
    reread = kanasta.State.from_dict(state.to_dict(), engine="native")
    assert reread.engine == "native" and reread == state


def test_r4_the_largest_hand_scores_stay_far_inside_the_document_limit() -> None:
    """R4: the most a hand can score under the ranges is far below 10**15 (the bound the docs give)."""
    canastas = 108 // 7  # a canasta takes at least 7 of the 108 cards
    most = (canastas * 2 * INT_LIMIT  # bonuses at 10**9, doubled by a trump (K-TRUMP-2)
            + 4 * INT_LIMIT  # four packets
            + 4 * INT_LIMIT  # four red 3s at 10**9 each (or all four)
            + INT_LIMIT  # going out (or concealed)
            + 108 * POINT_LIMIT)  # every card at the largest card value
    assert most < 4 * 10**10 and 25_000 * most < DOCUMENT_INT


# ------------------------------------------------------------------ the docs

def test_the_positions_page_lists_the_rule_ranges() -> None:
    """The *Limits* table of the Positions page gives the ranges of the core's table."""
    text = (DOCS / "positions.rst").read_text(encoding="utf-8")
    section = text.split("\nLimits\n~~~~~~\n", 1)[1].split("\nGame records\n", 1)[0]

    def shown(value: int) -> str:
        for power in (15, 9, 4):
            if abs(value) == 10**power:
                return ("-" if value < 0 else "") + f"10\\ :sup:`{power}`"
        return str(value)

    rows = re.findall(r"^   \* - (.*?)\n     - (.*?)\n     - (.*?)\n", section, re.MULTILINE | re.DOTALL)
    documented = {}
    for names, low, high in rows[1:]:
        for name in re.findall(r"``(\w+)``", names):
            documented[name] = (low, high.split(" (")[0])
    for field, (low, high) in RULE_RANGES.items():
        if field != "opening_band_start":
            assert documented[field] == (shown(low), shown(high)), field
    assert "10\\ :sup:`15`" in section and "20 cards" in section
