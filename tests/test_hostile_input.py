"""Issue 11 F3 (custom rule values) and F6 (readers): hostile input gets the library's own errors, quickly.

Each reproduction of the red-team report is a named test.  Before the fix
these raised a plain ``ValueError`` (Python will not print an integer of more
than 4,300 digits), a ``RecursionError``, echoed a megabyte of input, or (F3)
searched for minutes.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

import kanasta
from kanasta import ConfigError, GameRecord, Rules, SerializationError, State

pytestmark = pytest.mark.both_engines  # the rule tests run against both engines (tests/conftest.py)

HUGE = 10**5000  # 5,001 digits: str() of it raises ValueError


def _deep(levels: int) -> list[Any]:
    """A list nested ``levels`` deep, built without recursion."""
    out: list[Any] = []
    for _ in range(levels):
        out = [out]
    return out


def _doc(**changes: Any) -> dict[str, Any]:
    doc: dict[str, Any] = {"format": "kanasta.position/1", "rules": "classic",
                           "hands": ["7H 7D 8S", "9C 9D KH", "4S 5S 6S", "QC QD QH"]}
    doc.update(changes)
    return doc


def _refused(doc: object) -> SerializationError:
    with pytest.raises(SerializationError) as info:
        State.from_dict(doc)
    return info.value


# ------------------------------------------------------------------ F3: rule values bounded by the deck


def test_f3_an_opening_minimum_no_deck_can_reach_is_a_config_error() -> None:
    """K-OPEN-3: the opening must reach the minimum; 1000 is more than all 108 Kanasta cards count (92)."""
    with pytest.raises(ConfigError) as info:
        attrs.evolve(Rules.kanasta(), opening_minimums=((None, 1000),))
    assert info.value.field == "opening_minimums"
    assert "can never be met: the whole deck counts 92" in str(info.value)


def test_f3_the_hostile_document_is_refused_at_its_rules() -> None:
    """The report's 444-byte document (Kanasta, ``opening_minimums: [[null, 1000]]``, a run laid this
    turn, the team not down, 30 low cards in hand) cost 159 s and 864 MB; now its rules are refused."""
    doc = {
        "format": "kanasta.position/1",
        "rules": {"preset": "kanasta", "opening_minimums": [[None, 1000]]},
        "phase": "play", "player": 0, "trump": "KD",
        "hands": ["3C 3C 3D 3D 3H 3H 3S 3S 4C 4C 4D 4D 4H 4H 4S 4S 5C 5C 5D 5D 5H 5H 5S 5S 6C 6C 6D 6D 6H 6H",
                  "9C 9D", "9H 9S", "TC TD"],
        "melds": [["7C 8C 9C TC JC QC KC"], []], "opened": [False, False],
        "turn": {"drew": "stock", "laid": True, "melded": True, "own_from": 0, "count": 7},
    }
    err = _refused(doc)
    assert err.path == "rules.opening_minimums"


def test_f3_a_point_value_in_exponent_form_is_refused_without_building_it() -> None:
    """``"1e99999999"`` as a card value would make a 100-million-digit Fraction; it is refused as text."""
    with pytest.raises(ConfigError) as info:
        attrs.evolve(Rules.kanasta(), joker_value="1e99999999")
    assert info.value.field == "joker_value"


def test_f3_rule_values_have_upper_bounds() -> None:
    """No rule value is unbounded: targets and bonuses up to 10**9, card values up to 10**4."""
    with pytest.raises(ConfigError) as info:
        attrs.evolve(Rules.classic(), target_score=10**9 + 1)
    assert info.value.field == "target_score"
    assert "from 1 to 1000000000" in str(info.value)
    with pytest.raises(ConfigError) as info:
        attrs.evolve(Rules.classic(), joker_value=10**4 + 1)
    assert info.value.field == "joker_value"


# ------------------------------------------------------------------ F6: bounded integers


def test_f6_a_seed_of_5001_digits_is_refused_and_named() -> None:
    err = _refused(_doc(seed=-HUGE))
    assert err.path == "seed"
    assert "an integer of about 5001 digits" in str(err)


def test_f6_a_target_score_of_5001_digits_is_refused_and_named() -> None:
    err = _refused(_doc(rules={"preset": "classic", "target_score": HUGE}))
    assert err.path == "rules.target_score"
    assert "about 5001 digits" in str(err)
    with pytest.raises(ConfigError) as info:
        attrs.evolve(Rules.classic(), target_score=HUGE)
    assert info.value.field == "target_score"


def test_f6_a_score_of_minus_10_to_the_5000_is_refused() -> None:
    """The report's -10**5000 score loaded, and then repr, describe and json.dumps(to_dict()) raised."""
    err = _refused(_doc(scores=[-HUGE, 0]))
    assert err.path == "scores.0"
    assert "must be at least -1000000000000000," in str(err)


def test_f6_huge_integers_in_game_records_are_refused() -> None:
    with pytest.raises(SerializationError) as info:
        GameRecord.from_dict({"format": "kanasta.record/1", "rules": "classic", "seed": HUGE})
    assert info.value.path == "seed" and "digits" in str(info.value)
    with pytest.raises(ConfigError) as cinfo:
        GameRecord(Rules.classic(), HUGE)
    assert cinfo.value.field == "seed"
    with pytest.raises(SerializationError):
        GameRecord.from_json('{"format": "kanasta.record/1", "rules": "classic", "seed": ' + "9" * 5000 + "}")


# ------------------------------------------------------------------ F6: deep nesting


def test_f6_game_record_from_json_of_100000_brackets_is_a_serialization_error() -> None:
    """The report: ``GameRecord.from_json("[" * 100000)`` raised RecursionError."""
    with pytest.raises(SerializationError) as info:
        GameRecord.from_json("[" * 100_000)
    assert "nested too deeply" in str(info.value)


@pytest.mark.parametrize("key", ["rules", "hands", "hand_results", "melds", "turn", "scores"])
def test_f6_deep_nesting_in_from_dict_is_a_serialization_error(key: str) -> None:
    err = _refused(_doc(**{key: _deep(100_000)}))
    assert err.path.split(".")[0] == key


# ------------------------------------------------------------------ F6: messages quote bad input cut short


@pytest.mark.parametrize(
    "doc",
    [
        _doc(format="x" * 1_000_000),
        _doc(phase="x" * 1_000_000),
        _doc(hands=["Q" * 1_000_000, "", "", ""]),
        _doc(**{"x" * 1_000_000: 1}),
        _doc(turn={"drew": "x" * 1_000_000}),
    ],
    ids=["format", "phase", "hand", "unknown key", "turn.drew"],
)
def test_f6_error_messages_quote_a_bad_value_cut_short(doc: dict[str, Any]) -> None:
    """The report: error messages echoed a whole 1 MB token."""
    err = _refused(doc)
    assert len(str(err)) < 500


def test_f6_a_1mb_unknown_rules_field_is_named_cut_short() -> None:
    with pytest.raises(SerializationError) as info:
        Rules.from_dict({"y" * 1_000_000: 1})
    assert len(str(info.value)) < 200
    assert kanasta.errors.short_repr("y" * 1_000_000).endswith("... (1000000 characters)")
