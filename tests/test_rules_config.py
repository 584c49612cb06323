"""The rule configuration: presets, validation and serialization (E-5 and the option rules).

Every preset value below is written out from the rule text it cites (docs/rules.rst), not read back
from the code.  Card values are listed A, 2, 3, ..., K.
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import attrs
import pytest
from hypothesis import given, reject
from hypothesis import strategies as st

from kanasta import ConfigError, KanastaError, Rules, SerializationError, parse_card
from kanasta import rules as rules_module
from kanasta.rules import PRESETS
from kanasta.rules import preset as rules_preset

pytestmark = pytest.mark.both_engines  # the rule tests run against both engines (tests/conftest.py)

HALF = Fraction(1, 2)

def preset(name: str) -> Rules:
    """A fresh copy (equal, not the same object) of the registry's preset ``name``."""
    return attrs.evolve(PRESETS[name])


# ---------------------------------------------------------------- Kanasta preset


def test_k_deal_1_kanasta_four_players_eleven_cards_two_packets_of_eleven() -> None:
    r = Rules.kanasta()
    assert r.players == 4
    assert r.teams == 2
    assert r.hand_size == 11
    assert r.packets == 2
    assert r.packet_size == 11
    assert r.draw_count == 1


def test_k_deal_1_kanasta_deal_leaves_41_stock_cards() -> None:
    """44 dealt + 22 in packets + 1 upcard + 41 stock = 108 (K-DEAL-1, G-DECK-1)."""
    r = Rules.kanasta()
    dealt = r.players * r.hand_size + r.packets * r.packet_size + 1
    assert 108 - dealt == 41


def test_k_val_1_kanasta_card_values() -> None:
    r = Rules.kanasta()
    # A 1½ · 2 (wild or in hand) 1 · 3-7 ½ · 8-K 1
    expected = [Fraction(3, 2), Fraction(1)] + [HALF] * 5 + [Fraction(1)] * 6
    assert list(r.card_values) == expected
    assert r.joker_value == 1
    assert r.natural_two_value == HALF


@pytest.mark.parametrize(
    "text, value",
    [
        ("AS", Fraction(3, 2)),
        ("AH", Fraction(3, 2)),
        ("2C", 1),
        ("3D", HALF),
        ("4S", HALF),
        ("5H", HALF),
        ("6C", HALF),
        ("7D", HALF),
        ("8S", 1),
        ("9H", 1),
        ("TC", 1),
        ("JD", 1),
        ("QS", 1),
        ("KH", 1),
        ("JK", 1),
    ],
)
def test_k_val_1_kanasta_card_value_of_each_rank(text: str, value: Fraction) -> None:
    assert Rules.kanasta().card_value(parse_card(text)) == value


def test_k_val_1_k_meld_6_kanasta_natural_two_value_is_half() -> None:
    r = Rules.kanasta()
    assert r.card_value(parse_card("2H"), natural_two=True) == HALF
    assert r.card_value(parse_card("2H")) == 1  # a 2 as a wild or left in hand


def test_k_val_2_kanasta_values_are_exact_fractions() -> None:
    r = Rules.kanasta()
    assert all(isinstance(v, Fraction) for v in r.card_values)
    assert isinstance(r.joker_value, Fraction) and isinstance(r.natural_two_value, Fraction)
    assert sum(r.card_values) == Fraction(3, 2) + 1 + Fraction(5, 2) + 6  # 11, exact


def test_k_bonus_1_kanasta_bonus_table() -> None:
    r = Rules.kanasta()
    assert (r.dirty_bonus, r.clean_bonus, r.full_bonus) == (10, 20, 50)


def test_k_trump_1_k_trump_2_kanasta_trump_and_doubling_on() -> None:
    r = Rules.kanasta()
    assert r.trump is True
    assert r.trump_doubling is True  # option, default on (K-TRUMP-2)


def test_k_out_2_k_out_5_kanasta_packet_and_going_out_bonuses() -> None:
    r = Rules.kanasta()
    assert r.packet_bonus == 10  # each packet +10 (K-OUT-2)
    assert r.going_out_bonus == 10  # K-OUT-5
    assert r.concealed_bonus is None  # no concealed going out in Kanasta (C-OUT-4 is Classic)
    assert r.packet_team_melds_out is True  # K-OUT-4


def test_k_meld_kanasta_meld_options() -> None:
    r = Rules.kanasta()
    assert r.runs is True  # K-MELD-2
    assert r.max_wilds == 1  # K-MELD-4
    assert r.max_meld_size == 13  # K-MELD-3
    assert r.one_meld_per_rank is False  # K-MELD-9
    assert r.wilds_within_naturals is False


def test_k_out_1_kanasta_one_kanasta_to_empty_the_hand() -> None:
    r = Rules.kanasta()
    assert r.canastas_to_go_out == 1
    assert not hasattr(r, "meld_must_keep_two")  # canastas are checked only when the hand is emptied


def test_c_out_1_and_k_out_1_old_documents_with_the_retired_two_card_option_still_load() -> None:
    """C-OUT-1 (issue 11 F1): 0.1.0 wrote ``meld_must_keep_two`` in every rules document; it is
    read and ignored (both games now check the canastas only when the hand is emptied), while a
    value of the wrong type is still refused."""
    for make in (Rules.classic, Rules.kanasta):
        old = make().to_dict()
        assert "meld_must_keep_two" not in old
        old["meld_must_keep_two"] = make is Rules.classic
        assert Rules.from_dict(old) == make()
    with pytest.raises(SerializationError, match="meld_must_keep_two: expected bool"):
        Rules.from_dict({"meld_must_keep_two": "yes"})


def test_k_open_kanasta_opening_options() -> None:
    r = Rules.kanasta()
    assert r.opening_natural_run is True  # K-OPEN-2
    assert r.opening_one_card_exempt is True  # K-OPEN-4


@pytest.mark.parametrize(
    "score, minimum",
    [
        (-1000, Fraction(9, 2)),
        (-1, Fraction(9, 2)),
        (0, Fraction(9, 2)),
        (99, Fraction(9, 2)),
        (100, Fraction(15, 2)),
        (150, Fraction(15, 2)),
        (199, Fraction(15, 2)),
        (200, Fraction(10)),
        (299, Fraction(10)),
        (10_000, Fraction(10)),
    ],
)
def test_k_open_3_kanasta_opening_bands(score: int, minimum: Fraction) -> None:
    """Below 100 → 4½ · 100–199 → 7½ · 200 or more → 10; a negative score counts as below 100."""
    assert Rules.kanasta().opening_minimum(score) == minimum


def test_k_pile_kanasta_pile_options() -> None:
    r = Rules.kanasta()
    assert r.pile_take == "whole"  # K-PILE-1
    assert r.pile_freezing is False  # K-PILE-1: nothing freezes it
    assert r.single_card_pile_block is True  # K-PILE-2
    assert r.single_card_discard_block is True  # K-PILE-3
    assert r.take_pile_before_down is True  # K-OPEN-5


def test_kanasta_has_no_red_or_black_three_rules_and_no_asking_partner() -> None:
    """Part K has no counterpart of C-THREE-1..3 or C-OUT-3."""
    r = Rules.kanasta()
    assert r.red_threes is False
    assert r.black_threes is False
    assert r.black_three_meld_going_out is False
    assert r.ask_partner is False


def test_k_out_6_kanasta_hand_ends_at_end_of_turn_when_stock_runs_out() -> None:
    assert Rules.kanasta().stock_end == "end_of_turn"


def test_k_score_1_kanasta_rounds_hand_total_up() -> None:
    assert Rules.kanasta().round_hand_up is True


def test_k_game_1_kanasta_target_300() -> None:
    assert Rules.kanasta().target_score == 300


# ---------------------------------------------------------------- Classic presets


@pytest.mark.parametrize(
    "players, hand_size, draw_count, canastas, ask_partner",
    [
        (4, 11, 1, 1, True),  # C-DEAL-1, C-OUT-1, C-OUT-3 (on by default)
        (3, 13, 1, 1, False),  # C2-1: 13 cards, C-OUT-3 does not apply
        (2, 15, 2, 2, False),  # C2-2: 15 cards, draw two, two canastas to go out
    ],
)
def test_c_deal_1_c2_1_c2_2_classic_deal_draw_and_going_out(
    players: int, hand_size: int, draw_count: int, canastas: int, ask_partner: bool
) -> None:
    r = Rules.classic(players)
    assert r.players == players
    assert r.hand_size == hand_size
    assert r.draw_count == draw_count
    assert r.canastas_to_go_out == canastas
    assert r.ask_partner is ask_partner
    assert r.packets == 0


def test_classic_default_is_four_players() -> None:
    assert Rules.classic() == Rules.classic(4)


@pytest.mark.parametrize("players, teams", [(4, 2), (3, 3), (2, 2)])
def test_c2_1_teams_four_players_are_two_partnerships_else_each_for_themself(
    players: int, teams: int
) -> None:
    r = Rules.classic(players)
    assert r.teams == teams
    if players == 4:
        assert [r.team_of(s) for s in range(4)] == [0, 1, 0, 1]  # seats 0+2, 1+3 (RULES intro)
    else:
        assert [r.team_of(s) for s in range(players)] == list(range(players))


@pytest.mark.parametrize("players", [4, 3, 2])
def test_c_val_1_classic_card_values(players: int) -> None:
    r = Rules.classic(players)
    # A 20 · 2 20 · 3-7 5 · 8-K 10 · joker 50
    assert list(r.card_values) == [20, 20, 5, 5, 5, 5, 5, 10, 10, 10, 10, 10, 10]
    assert r.joker_value == 50


@pytest.mark.parametrize(
    "text, value",
    [
        ("JK", 50),
        ("AS", 20),
        ("2D", 20),
        ("KH", 10),
        ("QC", 10),
        ("JS", 10),
        ("TD", 10),
        ("9H", 10),
        ("8C", 10),
        ("7S", 5),
        ("6D", 5),
        ("5H", 5),
        ("4C", 5),
        ("3C", 5),
        ("3S", 5),
    ],
)
def test_c_val_1_classic_card_value_of_each_rank(text: str, value: int) -> None:
    assert Rules.classic().card_value(parse_card(text)) == value


@pytest.mark.parametrize("players", [4, 3, 2])
def test_c_meld_4_c_score_1_c_score_2_classic_bonuses(players: int) -> None:
    r = Rules.classic(players)
    assert r.clean_bonus == 500  # natural canasta
    assert r.dirty_bonus == 300  # mixed canasta
    assert r.full_bonus is None  # no runs in Classic
    assert r.going_out_bonus == 100
    assert r.concealed_bonus == 200
    assert r.red_three_bonus == 100
    assert r.all_red_threes_bonus == 800


@pytest.mark.parametrize("players", [4, 3, 2])
def test_c_meld_1_c_meld_2_c_meld_3_classic_meld_options(players: int) -> None:
    r = Rules.classic(players)
    assert r.runs is False
    assert r.max_wilds == 3  # C-MELD-1
    assert r.wilds_within_naturals is False  # C-MELD-1 option, off by default
    assert r.one_meld_per_rank is True  # C-MELD-2
    assert r.max_meld_size is None  # C-MELD-3: no size limit


@pytest.mark.parametrize("players", [4, 3, 2])
def test_c_three_classic_red_and_black_threes(players: int) -> None:
    r = Rules.classic(players)
    assert r.red_threes is True  # C-THREE-1
    assert r.black_threes is True  # C-THREE-2, C-THREE-3
    assert r.black_three_meld_going_out is True  # C-THREE-2 option, allowed by default


@pytest.mark.parametrize("players", [4, 3, 2])
def test_c_pile_classic_pile_options(players: int) -> None:
    r = Rules.classic(players)
    assert r.pile_take == "meld_top"  # C-PILE-1
    assert r.pile_freezing is True  # C-PILE-3
    assert r.take_pile_before_down is True  # C-PILE-5: the house-rules ban is an option, default off
    assert r.single_card_pile_block is True  # C-PILE-6
    assert r.single_card_discard_block is False  # K-PILE-3 is Kanasta only


@pytest.mark.parametrize("players", [4, 3, 2])
def test_c_out_5_classic_stock_end_is_pile_play(players: int) -> None:
    assert Rules.classic(players).stock_end == "pile_play"


@pytest.mark.parametrize("players", [4, 3, 2])
def test_classic_has_no_trump_packets_or_rounding(players: int) -> None:
    r = Rules.classic(players)
    assert r.trump is False and r.trump_doubling is False
    assert r.packets == 0
    assert r.round_hand_up is False
    assert r.opening_natural_run is False and r.opening_one_card_exempt is False


@pytest.mark.parametrize("players", [4, 3, 2])
def test_c_game_1_classic_target_5000(players: int) -> None:
    assert Rules.classic(players).target_score == 5000


@pytest.mark.parametrize(
    "score, minimum",
    [
        (-5000, 15),
        (-5, 15),
        (-1, 15),
        (0, 50),
        (5, 50),
        (1495, 50),
        (1499, 50),
        (1500, 90),
        (1525, 90),
        (2995, 90),
        (3000, 120),
        (9000, 120),
    ],
)
@pytest.mark.parametrize("players", [4, 3, 2])
def test_c_open_1_c2_3_classic_opening_bands(players: int, score: int, minimum: int) -> None:
    """Below 0 → 15 · 0–1495 → 50 · 1500–2995 → 90 · 3000 or more → 120."""
    assert Rules.classic(players).opening_minimum(score) == minimum


def test_c_open_1_examples_6_score_band_edges() -> None:
    """Worked example 6 (Card Games For Dummies): 1,495 needs 50, 1,525 needs 90."""
    r = Rules.classic()
    assert r.opening_minimum(1495) == 50
    assert r.opening_minimum(1525) == 90


def test_c_open_1_examples_1_band_of_1600_is_90() -> None:
    """Worked example 1: a team with 1,600 points needs 90; below 1,500 50; at 3,000 or more 120."""
    r = Rules.classic()
    assert r.opening_minimum(1600) == 90
    assert r.opening_minimum(1499) == 50
    assert r.opening_minimum(3000) == 120


@pytest.mark.parametrize("players", [5, 1, 0, 6, -4, "4", None])
def test_c2_classic_preset_only_for_two_to_four_players(players: object) -> None:
    with pytest.raises(ConfigError) as info:
        Rules.classic(players)  # type: ignore[arg-type]
    assert info.value.field == "players"


def test_the_preset_registry_holds_the_preset_constructors() -> None:
    """One registry (kanasta.rules.PRESETS) names what Rules.classic/kanasta build, by their names."""
    assert dict(PRESETS) == {
        "classic": Rules.classic(4),
        "classic-3": Rules.classic(3),
        "classic-2": Rules.classic(2),
        "kanasta": Rules.kanasta(),
    }
    assert list(PRESETS) == ["classic", "classic-3", "classic-2", "kanasta"]
    with pytest.raises(ConfigError, match="unknown rules preset 'classic-4'") as info:
        rules_preset("classic-4")
    assert info.value.field == "preset"


def test_presets_have_distinct_names() -> None:
    names = [preset(n).name for n in PRESETS]
    assert all(isinstance(n, str) and n for n in names)
    assert len(set(names)) == len(PRESETS)


# ------------------------------------------------------------ frozen value type


@pytest.mark.parametrize("name", list(PRESETS))
def test_rules_equal_by_value_and_hashable(name: str) -> None:
    a, b = preset(name), preset(name)
    assert a == b and a is not b
    assert hash(a) == hash(b)
    assert {a: 1}[b] == 1


def test_rules_differ_when_a_field_differs() -> None:
    assert Rules.kanasta() != Rules.classic()
    assert Rules.classic(3) != Rules.classic(4)
    assert attrs.evolve(Rules.classic(), target_score=7500) != Rules.classic()


def test_point_values_given_as_int_float_text_or_fraction_are_equal() -> None:
    k = Rules.kanasta()
    variants = [attrs.evolve(k, joker_value=v) for v in (Fraction(3, 2), 1.5, "3/2", "1.5")]
    assert all(v == variants[0] for v in variants)
    assert all(hash(v) == hash(variants[0]) for v in variants)
    assert variants[0].joker_value == Fraction(3, 2)
    listed = attrs.evolve(Rules.classic(), card_values=[20, 20, 5, 5, 5, 5, 5, 10, 10, 10, 10, 10, 10])
    assert listed == Rules.classic() and hash(listed) == hash(Rules.classic())


@pytest.mark.parametrize("field", ["players", "target_score", "card_values", "name", "runs"])
def test_rules_are_frozen(field: str) -> None:
    r = Rules.classic()
    with pytest.raises(AttributeError):
        setattr(r, field, getattr(r, field))
    with pytest.raises(AttributeError):
        delattr(r, field)
    assert r == Rules.classic()


def test_evolve_makes_a_variant_and_leaves_the_original() -> None:
    r = Rules.classic()
    long_game = attrs.evolve(r, target_score=7500)
    assert long_game.target_score == 7500
    assert r.target_score == 5000
    assert attrs.evolve(r, target_score=5000) == r


def test_evolve_revalidates() -> None:
    with pytest.raises(ConfigError) as info:
        attrs.evolve(Rules.kanasta(), players=5)
    assert info.value.field == "players"


def test_config_error_is_a_kanasta_error_and_value_error() -> None:
    with pytest.raises(ConfigError) as info:
        attrs.evolve(Rules.classic(), target_score=0)
    assert isinstance(info.value, KanastaError)
    assert isinstance(info.value, ValueError)


# ------------------------------------------------------------------ validation


def _fields(err: ConfigError) -> set[str]:
    return set(err.field.split("+"))


def check_refused(base: Rules, changes: dict[str, Any], field: str, why: str) -> None:
    """``changes`` on ``base`` raise a ConfigError naming ``field`` whose message contains ``why``."""
    with pytest.raises(ConfigError) as info:
        attrs.evolve(base, **changes)
    err = info.value
    assert field in _fields(err), f"{changes}: error names {err.field!r}, not {field!r}"
    message = str(err)
    assert message.startswith(err.field + ":")
    assert why.lower() in message.lower(), f"{changes}: message {message!r} does not say {why!r}"


BOOL_FIELDS = [
    "runs",
    "wilds_within_naturals",
    "one_meld_per_rank",
    "trump",
    "trump_doubling",
    "packet_team_melds_out",
    "opening_natural_run",
    "opening_one_card_exempt",
    "pile_freezing",
    "take_pile_before_down",
    "single_card_pile_block",
    "single_card_discard_block",
    "red_threes",
    "black_threes",
    "black_three_meld_going_out",
    "ask_partner",
    "round_hand_up",
]


def test_bool_field_list_is_every_bool_field() -> None:
    bools = {f.name for f in attrs.fields(Rules) if f.type in (bool, "bool")}
    assert bools == set(BOOL_FIELDS)


@pytest.mark.parametrize("field", BOOL_FIELDS)
@pytest.mark.parametrize("value", [1, 0, "yes", None])
def test_e_5_bool_fields_refuse_non_bool(field: str, value: object) -> None:
    check_refused(Rules.classic(), {field: value}, field, "True or False")


@pytest.mark.parametrize("value", [5, None, b"x"])
def test_e_5_name_must_be_text(value: object) -> None:
    check_refused(Rules.classic(), {"name": value}, "name", "text")


@pytest.mark.parametrize("value", [5, 1, 0, -1, "4", True, None, 4.0, 3.0])
def test_e_5_players_must_be_2_3_or_4(value: object) -> None:
    check_refused(Rules.classic(), {"players": value}, "players", repr(value))


INT_RANGE_CASES = [
    # field, bad values, base
    ("hand_size", [0, -1, "11", 11.0, True, None], "classic"),
    ("draw_count", [0, 6, -1, "1", 1.0, True], "classic"),
    ("target_score", [0, -5, True, "300", 300.5, None], "classic"),
    ("max_wilds", [0, 13, -1, "3", 3.0, False], "classic"),
    ("max_meld_size", [6, 0, -13, True, "13", 13.0], "classic"),
    ("canastas_to_go_out", [-1, 11, "1", 1.0, True], "classic"),
    ("packets", [-1, 5, "2", 2.0, True], "classic"),
    ("packet_size", [2, 0, -11, "11", 11.0, True], "classic"),
    ("clean_bonus", [-1, True, 1.5, "500", None], "classic"),
    ("dirty_bonus", [-1, True, 1.5, "300", None], "classic"),
    ("going_out_bonus", [-1, True, 1.5, "100", None], "classic"),
    ("packet_bonus", [-1, True, 1.5, "10", None], "kanasta"),
    ("red_three_bonus", [-1, True, 1.5, "100", None], "classic"),
    ("all_red_threes_bonus", [-1, True, 1.5, "800", None], "classic"),
    ("full_bonus", [-1, True, 1.5, "50"], "kanasta"),
    ("concealed_bonus", [-1, True, 1.5, "200"], "classic"),
]
INT_CASES = [(f, v, b) for f, vs, b in INT_RANGE_CASES for v in vs]


@pytest.mark.parametrize("field, value, base", INT_CASES, ids=[f"{f}={v!r}" for f, v, _ in INT_CASES])
def test_e_5_integer_fields_refuse_bad_values(field: str, value: object, base: str) -> None:
    check_refused(
        preset(base), {field: value}, field, repr(value) if not isinstance(value, int) else str(value)
    )


@pytest.mark.parametrize(
    "values",
    [
        [20] * 12,  # 12 entries
        [20] * 14,
        [],
        [20, 20, 5, 5, 5, 5, 5, 10, 10, 10, 10, 10, -10],  # negative
        [20, 20, 5, 5, 5, 5, 5, 10, 10, 10, 10, 10, 0.3],  # not a half
        [20, 20, 5, 5, 5, 5, 5, 10, 10, 10, 10, 10, Fraction(1, 3)],
        [20, 20, 5, 5, 5, 5, 5, 10, 10, 10, 10, 10, "1/4"],
    ],
    ids=["12", "14", "0", "negative", "0.3", "1/3", "'1/4'"],
)
def test_e_5_card_values_refused(values: list[object]) -> None:
    check_refused(Rules.kanasta(), {"card_values": values}, "card_values", "")


@pytest.mark.parametrize(
    "values",
    ["20 20 5", None, [20, 20, 5, 5, 5, 5, 5, 10, 10, 10, 10, 10, "ten"], [True] * 13],
    ids=["text", "None", "'ten' entry", "bools"],
)
def test_e_5_card_values_of_wrong_type_raise_config_error(values: object) -> None:
    """E-5: a malformed config raises the library's own error naming the field."""
    check_refused(Rules.classic(), {"card_values": values}, "card_values", "")


@pytest.mark.parametrize("field", ["joker_value", "natural_two_value"])
@pytest.mark.parametrize("value", [-1, 0.3, Fraction(1, 4), "1/3", -0.5])
def test_e_5_single_point_values_refused(field: str, value: object) -> None:
    check_refused(Rules.kanasta(), {field: value}, field, "half")


@pytest.mark.parametrize("field", ["joker_value", "natural_two_value"])
@pytest.mark.parametrize("value", [None, "fifty", True, float("inf")])
def test_e_5_single_point_values_of_wrong_type_raise_config_error(field: str, value: object) -> None:
    """E-5: a malformed config raises the library's own error naming the field."""
    check_refused(Rules.kanasta(), {field: value}, field, "")


@pytest.mark.parametrize(
    "field, value",
    [
        ("pile_take", "top"),
        ("pile_take", None),
        ("pile_take", ""),
        ("pile_take", "WHOLE"),
        ("stock_end", "never"),
        ("stock_end", None),
        ("stock_end", ""),
    ],
)
def test_e_5_literal_fields_refuse_unknown_values(field: str, value: object) -> None:
    check_refused(Rules.classic(), {field: value}, field, repr(value))


@pytest.mark.parametrize(
    "bands, why",
    [
        ((), "at least one band"),
        (((0, 50),), "None"),
        (((0, 50), (1500, 90)), "None"),
        (((None, 15), (None, 50)), "None"),
        (((None, 15), (0, 50), (None, 90)), "None"),
        (((None, 15), (1500, 90), (0, 50)), "rise"),  # out of order
        (((None, 15), (0, 50), (0, 90)), "rise"),  # equal starts
        (((None, -1),), ">= 0"),
        (((None, 15), (0, -50)), ">= 0"),
        (((None, 0.3),), "half"),
        (((None, 15), (0, Fraction(1, 3))), "half"),
    ],
)
def test_c_open_1_k_open_3_opening_bands_refused(bands: tuple[Any, ...], why: str) -> None:
    check_refused(Rules.classic(), {"opening_minimums": bands}, "opening_minimums", why)


@pytest.mark.parametrize(
    "bands",
    [5, ((None, 15), (0,)), ((None, 15), (True, 50)), ((None, 15), ("0", 50)), ((None, "fifteen"),)],
    ids=["int", "short pair", "bool start", "text start", "text minimum"],
)
def test_e_5_opening_bands_of_wrong_type_raise_config_error(bands: object) -> None:
    """E-5: a malformed config raises the library's own error naming the field."""
    check_refused(Rules.classic(), {"opening_minimums": bands}, "opening_minimums", "")


def test_opening_bands_accept_halves_and_zero() -> None:
    r = attrs.evolve(Rules.kanasta(), opening_minimums=((None, 0), (50, 2.5), (100, "11/2")))
    assert r.opening_minimum(-3) == 0
    assert r.opening_minimum(50) == Fraction(5, 2)
    assert r.opening_minimum(1000) == Fraction(11, 2)


CROSS_CASES = [
    # (base, changes, a field the error must name, why)
    ("kanasta", {"trump": False}, "trump_doubling", "trump"),
    ("classic", {"trump_doubling": True}, "trump_doubling", "trump"),
    ("classic", {"trump": True}, "trump", "pile"),
    ("classic", {"trump": True}, "pile_freezing", "trump"),
    ("kanasta", {"max_wilds": 2}, "max_wilds", "one wild"),
    ("kanasta", {"max_wilds": 3}, "max_wilds", "one wild"),
    ("kanasta", {"pile_take": "meld_top"}, "pile_take", "whole"),
    ("kanasta", {"red_threes": True, "black_threes": True}, "red_threes", "runs"),
    ("kanasta", {"red_threes": True, "black_threes": True}, "black_threes", "runs"),
    ("classic", {"black_threes": False}, "red_threes", "black"),
    ("classic", {"red_threes": False}, "black_threes", "red"),
    ("kanasta", {"red_threes": True}, "red_threes", "3"),
    ("classic", {"opening_natural_run": True}, "opening_natural_run", "runs"),
    ("classic", {"pile_take": "whole"}, "pile_freezing", "meld_top"),
    ("classic", {"pile_take": "whole", "pile_freezing": False}, "stock_end", "meld_top"),
    ("kanasta", {"stock_end": "pile_play"}, "stock_end", "meld_top"),
    ("classic-3", {"ask_partner": True}, "ask_partner", "four players"),
    ("classic-2", {"ask_partner": True}, "ask_partner", "four players"),
    ("classic", {"players": 3, "hand_size": 13}, "ask_partner", "four players"),
    ("classic", {"packets": 1, "concealed_bonus": None}, "ask_partner", "packets"),
    ("classic", {"packets": 1, "ask_partner": False}, "concealed_bonus", "packets"),
    ("kanasta", {"concealed_bonus": 20}, "concealed_bonus", "packets"),
    ("kanasta", {"round_hand_up": False}, "round_hand_up", "half"),
    ("classic", {"joker_value": 50.5}, "round_hand_up", "half"),
    (
        "classic",
        {"card_values": [20, 20, 5, 5, 5, 5, 5, 10, 10, 10, 10, 10, 10.5]},
        "round_hand_up",
        "half",
    ),
    ("classic", {"hand_size": 22}, "hand_size", "108"),
    ("classic-3", {"hand_size": 30}, "hand_size", "108"),
    ("kanasta", {"packet_size": 22}, "packet_size", "108"),
    ("kanasta", {"packets": 4}, "packets", "108"),
    ("classic-2", {"hand_size": 44}, "players", "108"),
]


@pytest.mark.parametrize(
    "base, changes, field, why", CROSS_CASES, ids=[f"{b}:{c}->{f}" for b, c, f, _ in CROSS_CASES]
)
def test_e_5_cross_field_checks(base: str, changes: dict[str, Any], field: str, why: str) -> None:
    check_refused(preset(base), changes, field, why)


def test_kanasta_without_trump_doubling_is_valid_k_trump_2_option() -> None:
    r = attrs.evolve(Rules.kanasta(), trump_doubling=False)
    assert r.trump is True and r.trump_doubling is False
    r = attrs.evolve(Rules.kanasta(), trump=False, trump_doubling=False)
    assert r.trump is False


def test_classic_without_three_rules_is_valid_when_both_are_off() -> None:
    r = attrs.evolve(Rules.classic(), red_threes=False, black_threes=False)
    assert not r.red_threes and not r.black_threes


def test_deal_size_boundary_leaves_min_stock() -> None:
    """The deal is refused exactly when it leaves fewer than MIN_STOCK cards of 108 (G-DECK-1)."""
    base = Rules.classic(3)
    fits = (108 - rules_module.MIN_STOCK - 1) // 3  # 29: 87 dealt + upcard = 88, 20 left
    assert 108 - (3 * fits + 1) >= rules_module.MIN_STOCK
    assert attrs.evolve(base, hand_size=fits).hand_size == fits
    with pytest.raises(ConfigError):
        attrs.evolve(base, hand_size=fits + 1)


def test_players_as_float_does_not_slip_through_to_serialization() -> None:
    """A Rules that validates must serialize: players=4.0 must be refused at construction."""
    try:
        r = attrs.evolve(Rules.classic(), players=4.0)
    except ConfigError as err:
        assert err.field == "players"
    else:
        assert Rules.from_dict(r.to_dict()) == r


# --------------------------------------------------------------- serialization

JSON_SCALARS = (type(None), bool, int, float, str)


def _json_safe(value: object) -> bool:
    if isinstance(value, JSON_SCALARS):
        return True
    if isinstance(value, list):
        return all(_json_safe(v) for v in value)
    if isinstance(value, dict):
        return all(isinstance(k, str) and _json_safe(v) for k, v in value.items())
    return False


@pytest.mark.parametrize("name", list(PRESETS))
def test_to_dict_is_json_safe_and_complete(name: str) -> None:
    r = preset(name)
    d = r.to_dict()
    assert _json_safe(d)
    json.dumps(d, allow_nan=False)
    assert set(d) == {f.name for f in attrs.fields(Rules)}


def test_to_dict_keeps_half_points_exact() -> None:
    d = Rules.kanasta().to_dict()
    assert d["card_values"][0] == 1.5
    assert d["card_values"][2] == 0.5
    assert d["opening_minimums"] == [[None, 4.5], [100, 7.5], [200, 10]]
    assert d["natural_two_value"] == 0.5


@pytest.mark.parametrize("name", list(PRESETS))
def test_from_dict_round_trips_presets(name: str) -> None:
    r = preset(name)
    assert Rules.from_dict(r.to_dict()) == r
    assert Rules.from_dict(json.loads(json.dumps(r.to_dict()))) == r


def test_from_dict_missing_fields_take_defaults() -> None:
    assert Rules.from_dict({}) == Rules()
    r = Rules.from_dict({"players": 3, "hand_size": 13, "ask_partner": False})
    assert r == attrs.evolve(Rules(), players=3, hand_size=13, ask_partner=False)


half_points = st.integers(0, 40).map(lambda n: Fraction(n, 2))
whole_points = st.integers(0, 200).map(Fraction)


@st.composite
def bands(draw: st.DrawFn, points: st.SearchStrategy[Fraction]) -> tuple[tuple[int | None, Fraction], ...]:
    starts = sorted(draw(st.sets(st.integers(-5000, 10_000), max_size=4)))
    return tuple((s, draw(points)) for s in [None, *starts])


common_changes = {
    "name": st.text(max_size=12),
    "target_score": st.integers(1, 10**7),
    "wilds_within_naturals": st.booleans(),
    "one_meld_per_rank": st.booleans(),
    "canastas_to_go_out": st.integers(0, 10),
    "clean_bonus": st.integers(0, 10_000),
    "dirty_bonus": st.integers(0, 10_000),
    "going_out_bonus": st.integers(0, 10_000),
    "take_pile_before_down": st.booleans(),
    "single_card_pile_block": st.booleans(),
    "single_card_discard_block": st.booleans(),
    "opening_one_card_exempt": st.booleans(),
    "full_bonus": st.none() | st.integers(0, 1000),
    "red_three_bonus": st.integers(0, 1000),
    "all_red_threes_bonus": st.integers(0, 5000),
    "draw_count": st.integers(1, 5),
}


def _variant_of(base: Rules, changes: dict[str, object]) -> Rules:
    """``base`` with ``changes``; a draw whose card values cannot reach its own opening minimum is rejected.

    The options are drawn independently, so card values near zero can meet a high minimum drawn
    beside them: the validator refuses that pair (K-OPEN-3, C-OPEN-1), and the draw is not a
    valid variant.  Any other refusal is a bug of the strategy and fails the test.
    """
    try:
        return attrs.evolve(base, **changes)
    except ConfigError as err:
        if err.field == "opening_minimums" and "can never be met" in str(err):
            reject()
        raise


@st.composite
def kanasta_variants(draw: st.DrawFn) -> Rules:
    changes = draw(st.fixed_dictionaries({}, optional=common_changes))
    changes.update(
        draw(
            st.fixed_dictionaries(
                {},
                optional={
                    "trump_doubling": st.booleans(),
                    "packet_team_melds_out": st.booleans(),
                    "packets": st.integers(0, 2),
                    "packet_bonus": st.integers(0, 100),
                    "max_meld_size": st.none() | st.integers(7, 20),
                    "card_values": st.lists(half_points, min_size=13, max_size=13),
                    "joker_value": half_points,
                    "natural_two_value": half_points,
                    "opening_minimums": bands(half_points),
                    "opening_natural_run": st.booleans(),
                },
            )
        )
    )
    return _variant_of(Rules.kanasta(), changes)


@st.composite
def classic_variants(draw: st.DrawFn) -> Rules:
    players = draw(st.sampled_from([4, 3, 2]))
    changes = draw(st.fixed_dictionaries({}, optional=common_changes))
    changes.update(
        draw(
            st.fixed_dictionaries(
                {},
                optional={
                    "max_wilds": st.integers(1, 12),
                    "max_meld_size": st.none() | st.integers(7, 30),
                    "black_three_meld_going_out": st.booleans(),
                    "concealed_bonus": st.none() | st.integers(0, 1000),
                    "card_values": st.lists(whole_points, min_size=13, max_size=13),
                    "joker_value": whole_points,
                    "opening_minimums": bands(whole_points),
                    "stock_end": st.sampled_from(["pile_play", "end_of_turn"]),
                    "round_hand_up": st.booleans(),
                    "pile_freezing": st.booleans(),
                },
            )
        )
    )
    if players == 4:
        changes.update(draw(st.fixed_dictionaries({}, optional={"ask_partner": st.booleans()})))
    return _variant_of(Rules.classic(players), changes)


@pytest.mark.one_engine  # randomized: once, on the default engine
@given(kanasta_variants() | classic_variants())
def test_from_dict_round_trips_random_valid_variants(r: Rules) -> None:
    d = r.to_dict()
    assert _json_safe(d)
    back = Rules.from_dict(json.loads(json.dumps(d, allow_nan=False)))
    assert back == r
    assert hash(back) == hash(r)
    assert back.to_dict() == d


@pytest.mark.parametrize("data", [None, [], [("players", 4)], "players=4", 4, b"{}", ()])
def test_from_dict_refuses_non_dict(data: object) -> None:
    with pytest.raises(SerializationError) as info:
        Rules.from_dict(data)
    assert info.value.path == ""
    assert type(data).__name__ in str(info.value)


@pytest.mark.parametrize("key", ["colour", "Players", "player", "trumps", "", "seed"])
def test_from_dict_refuses_unknown_keys_naming_them(key: str) -> None:
    data = Rules.classic().to_dict()
    data[key] = 1
    with pytest.raises(SerializationError) as info:
        Rules.from_dict(data)
    assert info.value.path == key


def test_from_dict_refuses_non_text_key() -> None:
    with pytest.raises(SerializationError):
        Rules.from_dict({1: 2})


WRONG_JSON_TYPES = [
    ("players", "four"),
    ("players", 4.0),
    ("players", True),
    ("players", None),
    ("hand_size", "11"),
    ("target_score", True),
    ("target_score", 300.0),
    ("draw_count", [1]),
    ("full_bonus", "50"),
    ("full_bonus", 50.0),
    ("max_meld_size", 7.5),
    ("concealed_bonus", False),
    ("runs", 1),
    ("trump", "yes"),
    ("ask_partner", None),
    ("round_hand_up", 0),
    ("name", 5),
    ("name", None),
    ("pile_take", 3),
    ("pile_take", None),
    ("stock_end", ["pile_play"]),
    ("joker_value", "50"),
    ("joker_value", True),
    ("joker_value", None),
    ("natural_two_value", [0.5]),
    ("card_values", "20 20 5"),
    ("card_values", 20),
    ("card_values", [20] * 12 + ["10"]),
    ("card_values", [True] * 13),
    ("card_values", [20] * 12 + [None]),
    ("card_values", {"A": 20}),
    ("opening_minimums", [[None]]),
    ("opening_minimums", [[None, "15"]]),
    ("opening_minimums", [["0", 50]]),
    ("opening_minimums", [[None, 15], [True, 50]]),
    ("opening_minimums", [[None, 15, 0]]),
    ("opening_minimums", "none:15"),
    ("opening_minimums", [[None, 15], [0.0, 50]]),
    ("opening_minimums", [None]),
    ("opening_minimums", {"None": 15}),
]


@pytest.mark.parametrize("key, value", WRONG_JSON_TYPES, ids=[f"{k}={v!r}" for k, v in WRONG_JSON_TYPES])
def test_from_dict_refuses_wrong_json_types_naming_the_key(key: str, value: object) -> None:
    data = Rules.classic().to_dict()
    data[key] = value
    with pytest.raises(SerializationError) as info:
        Rules.from_dict(data)
    assert info.value.path == key
    assert isinstance(info.value, KanastaError) and isinstance(info.value, ValueError)


@pytest.mark.parametrize("key", ["joker_value", "natural_two_value"])
@pytest.mark.parametrize("value", [float("inf"), float("-inf"), float("nan")])
def test_from_dict_non_finite_number_names_the_key(key: str, value: float) -> None:
    """json.loads reads Infinity/NaN; the error must still say which key holds it."""
    data = Rules.kanasta().to_dict()
    data[key] = value
    with pytest.raises(KanastaError) as info:
        Rules.from_dict(data)
    where = getattr(info.value, "path", None) or getattr(info.value, "field", None)
    assert where == key


UNPLAYABLE = [
    ({"players": 5}, "players"),
    ({"players": 3}, "ask_partner"),  # ask_partner defaults on (C-OUT-3 needs four players)
    ({"trump_doubling": True}, "trump_doubling"),
    ({"target_score": 0}, "target_score"),
    ({"card_values": [20] * 12}, "card_values"),
    ({"joker_value": 0.3}, "joker_value"),
    ({"opening_minimums": [[0, 50]]}, "opening_minimums"),
    ({"pile_take": "whole"}, "pile_freezing"),
    ({"pile_take": "everything"}, "pile_take"),
    ({"runs": True}, "max_wilds"),
    ({"hand_size": 30}, "hand_size"),
]


@pytest.mark.parametrize("data, field", UNPLAYABLE, ids=[str(d) for d, _ in UNPLAYABLE])
def test_from_dict_refuses_unplayable_combinations_with_config_error(
    data: dict[str, Any], field: str
) -> None:
    with pytest.raises(ConfigError) as info:
        Rules.from_dict(data)
    assert field in _fields(info.value)


def test_from_dict_does_not_change_its_input() -> None:
    d = Rules.kanasta().to_dict()
    snapshot = json.dumps(d)
    Rules.from_dict(d)
    assert json.dumps(d) == snapshot
