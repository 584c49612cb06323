"""Positions as documents: State.to_dict / State.from_dict (kanasta.documents.position).

Round trips over random play of all four presets, byte-identical JSON across
processes (G-RNG-1), hand-written positions with defaults, and every kind of
broken document refused with a SerializationError whose path points at the
problem (E-5) — by hand-picked mutations and by Hypothesis.
"""

from __future__ import annotations

import copy
import doctest
import hashlib
import json
import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import kanasta
from _games import PRESET_NAMES, game, json_paths, some_states
from kanasta import Phase, SerializationError, State, parse_cards
from kanasta.documents.parts import rules_from_data, rules_to_data
from kanasta.documents.position import FORMAT

pytestmark = pytest.mark.both_engines  # the rule tests run against both engines (tests/conftest.py)

DOCS = Path(__file__).resolve().parent.parent / "docs"

# ---------------------------------------------------------------------------- round trips


@pytest.mark.one_engine  # randomized: once, on the default engine
@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_round_trip_over_random_play(preset: str) -> None:
    phases = set()
    for state in some_states(preset, every=4):
        doc = state.to_dict()
        text = json.dumps(doc)
        back = State.from_dict(json.loads(text))
        assert back == state
        assert back.to_dict() == doc  # the document is stable too
        assert back.history == () and back.events == ()  # not part of a position
        phases.add(state.phase)
    assert Phase.GAME_OVER in phases and Phase.PLAY in phases and Phase.DRAW in phases


def test_round_trip_reaches_the_answer_phase() -> None:
    asked = [s for s in game("classic", seed=4) if s.phase is Phase.ANSWER]
    assert asked, "random play of Classic should ask partner at least once"
    for state in asked:
        assert State.from_dict(state.to_dict()) == state


def test_events_and_history_are_not_part_of_a_position_or_of_equality() -> None:
    states = game("classic")
    state = states[40]
    loaded = State.from_dict(state.to_dict())
    assert loaded == state and loaded.history == () and len(state.history) == 40
    assert loaded.legal_actions() == state.legal_actions()
    # play on from the loaded state exactly as from the original (G-RNG-1: the seed deals later hands)
    move = states[41].history[-1].action
    assert loaded.apply(move) == states[41]


def test_documents_are_plain_json_with_cards_as_notation() -> None:
    state = next(s for s in game("kanasta") if s.melds[0] and s.melds[1] and s.hand_results)
    doc = state.to_dict()
    assert doc["format"] == FORMAT and doc["rules"] == "kanasta"
    assert all(isinstance(h, str) for h in doc["hands"]) and isinstance(doc["stock"], str)
    assert doc["stock"].split()[0] == str(state.stock[0])  # the stock is written from its top
    assert doc["pile"] == kanasta.format_cards(state.pile)  # bottom to top
    assert doc["melds"][0][0].replace("*", "") == str(state.melds[0][0])
    assert isinstance(doc["hand_results"][0]["teams"][0]["raw_total"], (int, float))
    assert json.loads(json.dumps(doc)) == doc


def _digest(doc: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(doc, sort_keys=True).encode()).hexdigest()


_CROSS_PROCESS = """
import hashlib, json, random, sys
import kanasta
from kanasta.rules import PRESETS
out = []
for name in ("classic", "classic-2", "kanasta"):
    state = kanasta.new_game(PRESETS[name], 11)
    rng = random.Random(11)
    for _ in range(150):
        state = state.apply(rng.choice(state.legal_actions()))
        doc = kanasta.State.from_dict(state.to_dict()).to_dict()
    out.append(hashlib.sha256(json.dumps(doc, sort_keys=True).encode()).hexdigest())
print(" ".join(out))
"""


@pytest.mark.one_engine  # randomized: once, on the default engine
def test_same_state_gives_byte_identical_json_in_every_process() -> None:
    """G-RNG-1: nothing in a document depends on hash seeds or the process."""
    import random

    from kanasta.rules import PRESETS

    mine = []
    for name in ("classic", "classic-2", "kanasta"):
        state = kanasta.new_game(PRESETS[name], 11)
        rng = random.Random(11)
        for _ in range(150):
            state = state.apply(rng.choice(state.legal_actions()))
            doc = State.from_dict(state.to_dict()).to_dict()
        mine.append(_digest(doc))
    for hash_seed in ("0", "4242"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)
        result = subprocess.run(
            [sys.executable, "-c", _CROSS_PROCESS], env=env, capture_output=True, text=True, check=True, timeout=120
        )
        assert result.stdout.split() == mine


# ---------------------------------------------------------------------------- hand-written positions

MINIMAL = {
    "format": "kanasta.position/1",
    "rules": "classic",
    "hands": ["7H 7D 8S KC", "9C 9D KH QS", "4S 5S 6S 6D", "QC QD QH 2C"],
    "pile": "5C 9S",
}


def test_minimal_hand_written_position_takes_the_documented_defaults() -> None:
    s = State.from_dict(MINIMAL)
    assert (s.seed, s.hand_number, s.player, s.dealer, s.phase) == (0, 1, 0, 3, Phase.DRAW)
    assert s.scores == (0, 0) and s.melds == ((), ()) and s.opened == (False, False)
    assert s.hands[0] == parse_cards("7D 7H 8S KC") and s.pile == parse_cards("5C 9S")  # hands in card order
    assert len(s.stock) == 108 - 16 - 2 and not s.pile_frozen
    assert s.turn == kanasta.Turn(first_meld=True, own_from=0)
    # the stock is every other card, shuffled by the seed: the same document loads the same
    assert State.from_dict(MINIMAL) == s
    assert State.from_dict(dict(MINIMAL, seed=1)).stock != s.stock
    assert sorted(s.stock + tuple(c for h in s.hands for c in h) + s.pile) == list(kanasta.DECK)
    assert s.legal_actions()[0] == kanasta.Draw()


def test_hand_written_hands_are_multisets() -> None:
    a = State.from_dict(MINIMAL)
    b = State.from_dict(dict(MINIMAL, hands=["KC 8S 7D 7H", *MINIMAL["hands"][1:]]))
    assert a == b


def test_hand_written_dealer_gives_the_player_and_back() -> None:
    assert State.from_dict(dict(MINIMAL, dealer=1)).player == 2
    assert State.from_dict(dict(MINIMAL, player=2)).dealer == 1


def test_hand_written_kanasta_position_deals_the_packets() -> None:
    doc = {
        "format": "kanasta.position/1",
        "rules": "kanasta",
        "trump": "9C",
        "player": 1,
        "phase": "play",
        "hands": ["AS AS", "KH KD KS 4D 9H", "5C 6C", "JD JD"],
        "melds": [["3H 4H 5H 6H", "8S 8S JK"], []],
        "turn": {"drew": "stock"},
    }
    s = State.from_dict(doc)
    assert len(s.packets) == 2 and all(len(p) == 11 for p in s.packets)
    assert s.opened == (True, False) and s.melded_this_hand == (True, False, True, False)
    assert s.turn.drew == "stock" and s.turn.own_from == 0 and s.turn.first_meld
    assert kanasta.Discard(kanasta.parse_card("9H")) in s.legal_actions()
    assert State.from_dict(s.to_dict()) == s


def test_rules_may_be_a_preset_with_changes() -> None:
    doc = dict(MINIMAL, rules={"preset": "classic", "target_score": 7500})
    s = State.from_dict(doc)
    assert s.rules == attrs.evolve(kanasta.Rules.classic(), target_score=7500)
    assert s.to_dict()["rules"]["target_score"] == 7500  # not a preset any more: every field
    assert State.from_dict(s.to_dict()) == s
    assert rules_to_data(kanasta.Rules.classic(3)) == "classic-3"
    assert rules_from_data(kanasta.Rules.kanasta().to_dict()) == kanasta.Rules.kanasta()


def _run_with_wild_two_in_its_place() -> State:
    """Kanasta: a run 3H 4H 2H (the 2H stands for 5H), then 5H added: the wild moves to 2H's own place (K-MELD-7)."""
    doc = {
        "format": "kanasta.position/1",
        "rules": "kanasta",
        "trump": "9C",
        "phase": "play",
        "hands": ["5H 7C 8D KS", "KH KD KS", "5C 6C 7S", "JD JD QD"],
        "melds": [["3H 4H 2H", "8S 8S JK", "9S TS JS"], []],
        "turn": {"drew": "stock"},
    }
    s = State.from_dict(doc)
    return s.apply(kanasta.ExtendRun(0, parse_cards("2H 3H 4H 5H")))


def test_a_wild_two_in_its_natural_place_is_marked_with_a_star() -> None:
    """K-MELD-6, K-MELD-7: "2H 3H 4H 5H" alone would be a natural run; the * keeps the wild."""
    s = _run_with_wild_two_in_its_place()
    assert s.melds[0][0].wild_index == 0
    doc = s.to_dict()
    assert doc["melds"][0] == ["2H* 3H 4H 5H", "8S 8S JK", "9S TS JS"]
    assert State.from_dict(doc) == s
    plain = copy.deepcopy(doc)
    plain["melds"][0][0] = "2H 3H 4H 5H"
    natural = State.from_dict(plain)
    assert natural.melds[0][0].wild_index is None and natural != s


@pytest.mark.parametrize("text", ["JK* 3H 4H", "3H 4H 2H*", "2H* 3H* 4H", "* 3H 4H", "2S* 3H 4H 5H"])
def test_a_star_anywhere_else_is_refused(text: str) -> None:
    doc = _run_with_wild_two_in_its_place().to_dict()
    doc["melds"][0][0] = text
    with pytest.raises(SerializationError) as err:
        State.from_dict(doc)
    assert err.value.path == "melds.0.0"


# ---------------------------------------------------------------------------- corrupted documents


def _classic_doc() -> dict[str, Any]:
    state = next(
        s for s in game("classic")
        if s.phase is Phase.PLAY and s.melds[0] and s.melds[1] and s.hand_results and s.turn.drew == "stock"
        and s.player % 2 == 0 and not s.turn.asked
    )
    return state.to_dict()


def _kanasta_doc() -> dict[str, Any]:
    state = next(
        s for s in game("kanasta") if s.phase is Phase.DRAW and s.melds[0] and s.hand_results and len(s.packets) == 2
    )
    return state.to_dict()


def _move_card(doc: dict[str, Any], src: tuple[Any, ...], dst: tuple[Any, ...], card: str | None = None) -> None:
    """Move one card (the first, or ``card``) from one card string of the document to another."""

    def get(path: tuple[Any, ...]) -> Any:
        node: Any = doc
        for key in path:
            node = node[key]
        return node

    def put(path: tuple[Any, ...], value: str) -> None:
        node: Any = doc
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value

    tokens = get(src).split()
    token = card if card is not None else tokens[0]
    tokens.remove(token)
    put(src, " ".join(tokens))
    put(dst, (get(dst) + " " + token).strip())


Mutation = Callable[[dict[str, Any]], None]


def _set(path: str, value: object) -> Mutation:
    def mutate(doc: dict[str, Any]) -> None:
        node: Any = doc
        keys = [int(k) if k.isdigit() else k for k in path.split(".")]
        for key in keys[:-1]:
            node = node[key]
        node[keys[-1]] = value

    return mutate


def _delete(key: str) -> Mutation:
    def mutate(doc: dict[str, Any]) -> None:
        del doc[key]

    return mutate


def _drop_stock_card(doc: dict[str, Any]) -> None:
    doc["stock"] = doc["stock"].split(" ", 1)[1]


def _third_copy_in_meld(doc: dict[str, Any]) -> None:
    card = doc["hands"][1].split()[0]
    doc["melds"][0][0] += " " + card + " " + card


def _illegal_meld(doc: dict[str, Any]) -> None:
    # leave two cards in a meld; the others go to the stock, so that no card is lost
    while len(doc["melds"][1][0].split()) > 2:
        _move_card(doc, ("melds", 1, 0), ("stock",))


def _empty_hand(doc: dict[str, Any]) -> None:
    doc["stock"] += " " + doc["hands"][1]
    doc["hands"][1] = ""


def _duplicate_into_stock(doc: dict[str, Any]) -> None:
    doc["stock"] += " " + doc["hands"][0].split()[0]


def _opened_without_melds(doc: dict[str, Any]) -> None:
    doc["opened"][1] = False


def _tamper_total(doc: dict[str, Any]) -> None:
    doc["hand_results"][0]["teams"][1]["total"] += 5


def _tamper_meld_points(doc: dict[str, Any]) -> None:
    doc["hand_results"][0]["teams"][0]["meld_points"] = 0.5


def _phase_play_without_draw(doc: dict[str, Any]) -> None:
    doc["phase"] = "play"


def _turn_aside_in_draw(doc: dict[str, Any]) -> None:
    _move_card(doc, ("stock",), ("turn", "aside"))


CLASSIC_CASES: list[tuple[str, Mutation, str]] = [
    ("format as a list", _set("format", [FORMAT]), "format"),
    ("wrong format", _set("format", "kanasta.position/2"), "format"),
    ("unknown key", _set("colour", "red"), "colour"),
    ("missing hands", _delete("hands"), ""),
    ("unknown preset", _set("rules", "canasta"), "rules"),
    ("bad rules field", _set("rules", {"players": 5}), "rules.players"),
    ("unknown rules field", _set("rules", {"colour": "red"}), "rules.colour"),
    ("rules of wrong type", _set("rules", 4), "rules"),
    ("negative seed", _set("seed", -1), "seed"),
    ("seed too big", _set("seed", 2**64), "seed"),
    ("seed as float", _set("seed", 1.5), "seed"),
    ("seed as bool", _set("seed", True), "seed"),
    ("hand_number zero", _set("hand_number", 0), "hand_number"),
    ("hand_number off the results", _set("hand_number", 9), "hand_number"),
    ("dealer out of range", _set("dealer", 4), "dealer"),
    ("dealer off the rotation", lambda d: d.update(dealer=(d["dealer"] + 1) % 4), "dealer"),
    ("player out of range", _set("player", 7), "player"),
    ("player as text", _set("player", "0"), "player"),
    ("unknown phase", _set("phase", "dance"), "phase"),
    ("answer phase without asking", _set("phase", "answer"), "turn.asked"),
    ("game over without winner", _set("phase", "game_over"), "winner"),
    ("winner in play", _set("winner", 0), "winner"),
    ("winner out of range", _set("winner", 2), "winner"),
    ("scores wrong length", _set("scores", [0, 0, 0]), "scores"),
    ("scores as text", _set("scores.0", "10"), "scores.0"),
    ("scores off the results", lambda d: d["scores"].__setitem__(0, d["scores"][0] + 1), "scores"),
    ("hands wrong length", lambda d: d["hands"].pop(), "hands"),
    ("hand as a list", lambda d: d["hands"].__setitem__(1, d["hands"][1].split()), "hands.1"),
    ("bad card in a hand", lambda d: d["hands"].__setitem__(2, d["hands"][2] + " 7X"), "hands.2"),
    ("a card misspelled", lambda d: d["hands"].__setitem__(2, d["hands"][2] + " 7HH"), "hands.2"),
    ("a card removed", _drop_stock_card, ""),
    ("a card duplicated", _duplicate_into_stock, "stock"),
    ("a third copy in a meld", _third_copy_in_meld, "melds.0.0"),
    ("an illegal meld", _illegal_meld, "melds.1.0"),
    ("bad card in a meld", _set("melds.0.0", "7H 7X 7S"), "melds.0.0"),
    ("meld not text", _set("melds.0.0", ["7H", "7D", "7S"]), "melds.0.0"),
    ("melds wrong length", _set("melds", [[]]), "melds"),
    ("an empty hand in play", _empty_hand, "hands.1"),
    ("pile frozen by nothing", lambda d: d.update(pile_frozen=not d["pile_frozen"]), "pile_frozen"),
    ("red 3s of the wrong kind", _set("red_threes.0", "3C"), "red_threes.0"),
    ("team with old melds not open", _opened_without_melds, "opened.1"),
    ("opened wrong length", _set("opened", [True]), "opened"),
    ("melded_this_hand as ints", _set("melded_this_hand", [1, 0, 1, 0]), "melded_this_hand.0"),
    ("packets in Classic", _set("packets", ["7H 7D 7S"]), "packets"),
    ("packets_taken in Classic", _set("packets_taken", [1, 0]), "packets_taken"),
    ("trump in Classic", _set("trump", "7H"), "trump"),
    ("turn not an object", _set("turn", "draw"), "turn"),
    ("unknown turn key", _set("turn.when", "now"), "turn.when"),
    ("drew nowhere", _set("turn.drew", "deck"), "turn.drew"),
    ("play without drawing", _set("turn.drew", None), "turn.drew"),
    ("count not a half", _set("turn.count", 4.3), "turn.count"),
    ("count as text", _set("turn.count", "4"), "turn.count"),
    ("negative count", _set("turn.count", -1), "turn.count"),
    ("answer without asking", _set("turn.answer", True), "turn.answer"),
    ("forbidden card in Classic", _set("turn.forbidden", "7H"), "turn.forbidden"),
    ("black-3 promise without black 3s", _set("turn.must_go_out", True), "turn.must_go_out"),
    ("own_from past the melds", _set("turn.own_from", 99), "turn.own_from"),
    ("last stock card with a stock", _set("turn.last_stock", True), "turn.last_stock"),
    ("hand results not a list", _set("hand_results", {}), "hand_results"),
    ("hand result total tampered", _tamper_total, "hand_results.0.teams.1.total"),
    ("hand result meld points tampered", _tamper_meld_points, "hand_results.0.teams.0.meld_points"),
    ("hand result missing key", lambda d: d["hand_results"][0].pop("trump"), "hand_results.0"),
    ("hand result unknown ending", _set("hand_results.0.ended_by", "tea"), "hand_results.0.ended_by"),
    # the results may start at any hand, so the renumbered result no longer ends where the hand is
    ("hand result renumbered", _set("hand_results.0.hand_number", 2), "hand_number"),
]


@pytest.mark.parametrize(("name", "mutate", "path"), CLASSIC_CASES, ids=[c[0] for c in CLASSIC_CASES])
def test_corrupted_classic_document_is_refused_at_its_path(name: str, mutate: Mutation, path: str) -> None:
    """E-5: a broken position raises SerializationError pointing at the problem; nothing is corrected."""
    doc = _classic_doc()
    State.from_dict(doc)  # the document is good before the change
    mutate(doc)
    with pytest.raises(SerializationError) as err:
        State.from_dict(doc)
    assert err.value.path == path, str(err.value)


KANASTA_CASES: list[tuple[str, Mutation, str]] = [
    ("no trump", _set("trump", None), "trump"),
    ("joker trump", _set("trump", "JK"), "trump"),
    ("two trumps", _set("trump", "7H 8H"), "trump"),
    ("too many packets", lambda d: d["packets"].append(d["packets"][0]), "packets"),
    ("a short packet", lambda d: _move_card(d, ("packets", 0), ("stock",)), "packets.0"),
    ("red 3s laid in Kanasta", lambda d: _move_card(d, ("stock",), ("red_threes", 0)), "red_threes.0"),
    ("a pile aside in the draw phase", _turn_aside_in_draw, "turn.aside"),
    ("a forbidden card in the draw phase", _set("turn.forbidden", "7H"), "turn.forbidden"),
    ("pile frozen in Kanasta", _set("pile_frozen", True), "pile_frozen"),
    ("asking in Kanasta", _set("phase", "answer"), "phase"),
    ("a meld of 14", _set("melds.0.0", "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"), "melds.0.0"),
]


@pytest.mark.parametrize(("name", "mutate", "path"), KANASTA_CASES, ids=[c[0] for c in KANASTA_CASES])
def test_corrupted_kanasta_document_is_refused_at_its_path(name: str, mutate: Mutation, path: str) -> None:
    doc = _kanasta_doc()
    State.from_dict(doc)
    mutate(doc)
    with pytest.raises(SerializationError) as err:
        State.from_dict(doc)
    assert err.value.path == path, str(err.value)


def _classic_hand_written(**changes: Any) -> dict[str, Any]:
    doc = {
        "format": "kanasta.position/1",
        "rules": "classic",
        "player": 0,
        "phase": "play",
        "hands": ["4C 4D 5S 9H", "9C 9D KH QS", "4S 5C 6S 6D", "QC QD QH 2C"],
        "melds": [["7H 7D 7S 2S"], ["8C 8D 8H"]],
        "turn": {"drew": "stock"},
    }
    doc.update(changes)
    return doc


@pytest.mark.parametrize(
    ("changes", "path", "rule"),
    [
        ({"hands": ["4C 4D 5S 3H", "9C 9D KH QS", "4S 5C 6S 6D", "QC QD QH 2C"]}, "hands.0", "C-THREE-1"),
        ({"melds": [["7H 7D 7S 2S", "7C 7C 2D"], ["8C 8D 8H"]]}, "melds.0.1", "C-MELD-2"),
        ({"melds": [["7H 7D 7S 2S", "3C 3C 3S"], ["8C 8D 8H"]]}, "melds.0.1", "C-THREE-2"),
        ({"melds": [["7H 7D 7S 2S"], ["8C 8D 2H 2D JK JK"]]}, "melds.1.0", "C-MELD-1"),
        ({"melds": [["7H 7D 7S 2S"], ["8C 8D 8H 3H"]]}, "melds.1.0", "C-MELD-1"),
        ({"red_threes": ["3H 3H 3D 3D 3D", ""]}, "red_threes.0", "G-DECK-1"),
        ({"scores": [5000, 10]}, "scores", "G-GAME-1"),
        ({"opened": [True, False]}, "opened.1", "K-OPEN-1"),
        ({"melded_this_hand": [False, True, False, False]}, "melded_this_hand", ""),
        ({"phase": "answer", "turn": {"drew": "stock", "asked": True}, "player": 2,
          "hands": ["4C 4D 5S 9H", "9C 9D KH QS", "", "QC QD QH 2C"]}, "hands.2", ""),
    ],
)
def test_hand_written_positions_that_break_a_rule_are_refused(changes: dict[str, Any], path: str, rule: str) -> None:
    State.from_dict(_classic_hand_written())
    with pytest.raises(SerializationError) as err:
        State.from_dict(_classic_hand_written(**changes))
    assert err.value.path == path, str(err.value)
    assert rule in str(err.value)


def test_black_three_meld_is_accepted_only_with_the_promise_to_go_out() -> None:
    """C-THREE-2: black 3s are melded only by the player going out this turn."""
    doc = _classic_hand_written(
        melds=[["7H 7D 7S 2S 7C 7C 2D", "3C 3C 3S"], ["8C 8D 8H"]],
        turn={"drew": "stock", "laid": True, "melded": True, "must_go_out": True, "own_from": 1, "first_meld": False},
        hands=["4C 4D 4H 9S", "9C 9D KH QS", "4S 5C 6S 6D", "QC QD QH 2C"],
    )
    s = State.from_dict(doc)
    assert s.turn.must_go_out and s.legal_actions()
    doc["turn"]["own_from"] = 2  # the black 3s would be from an earlier turn
    with pytest.raises(SerializationError) as err:
        State.from_dict(doc)
    assert err.value.path == "melds.0.1"


def test_a_position_with_no_legal_move_is_refused() -> None:
    """E-2: a position of a game in progress always has a legal move."""
    doc = _classic_hand_written(
        phase="play",
        opened=[False, True],
        melds=[["7H 7D 7S"], ["8C 8D 8H"]],
        hands=["4C 5S", "9C 9D KH QS", "4S 5C 6S 6D", "QC QD QH 2C"],
        turn={"drew": "stock", "laid": True, "melded": True, "count": 15, "own_from": 0},
    )
    with pytest.raises(SerializationError, match="no legal move"):
        State.from_dict(doc)


def test_a_third_copy_is_reported_where_it_is_found() -> None:
    doc = dict(MINIMAL, hands=["7H 7H 8S KC", "9C 9D KH 7H", "4S 5S 6S 6D", "QC QD QH 2C"])
    with pytest.raises(SerializationError) as err:
        State.from_dict(doc)
    assert err.value.path == "hands.1" and "one 7H too many" in str(err.value)


def test_the_error_says_which_card_is_missing() -> None:
    doc = _classic_doc()
    removed = doc["stock"].split()[0]
    _drop_stock_card(doc)
    with pytest.raises(SerializationError, match=rf"missing: {removed} \(1 of 2\)|missing: {removed} \(3 of 4\)"):
        State.from_dict(doc)


# ---------------------------------------------------------------------------- fuzzing

_json = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 2**65) | st.floats(allow_nan=True) | st.text(max_size=12)
    | st.sampled_from(["7H", "JK", "2H*", "draw", "play", "game_over", "stock", "pile", "classic", ""]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=6,
)




@st.composite
def _mutated(draw: st.DrawFn) -> dict[str, Any]:
    doc = copy.deepcopy(draw(st.sampled_from(_BASE_DOCS)))
    for _ in range(draw(st.integers(1, 3))):
        paths = [p for p in json_paths(doc) if p]
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        parent: Any = doc
        for key in path[:-1]:
            parent = parent[key]
        key = path[-1]
        value = parent[key]
        op = draw(st.sampled_from(["replace", "delete", "text", "insert"]))
        if op == "replace":
            parent[key] = draw(_json)
        elif op == "delete":
            del parent[key]
        elif op == "insert" and isinstance(value, (dict, list)):
            if isinstance(value, dict):
                value[draw(st.text(max_size=8))] = draw(_json)
            else:
                value.insert(draw(st.integers(0, len(value))), draw(_json))
        elif isinstance(value, str):
            tokens = value.split()
            if tokens and draw(st.booleans()):
                i = draw(st.integers(0, len(tokens) - 1))
                if draw(st.booleans()):
                    tokens.pop(i)
                else:
                    tokens.insert(i, tokens[i])
                parent[key] = " ".join(tokens)
            else:
                parent[key] = draw(st.text(alphabet="AJKQT23456789CDHS *,", max_size=20))
        elif isinstance(value, bool) or value is None:
            parent[key] = draw(st.sampled_from([True, False, None, 0, 1]))
        elif isinstance(value, (int, float)):
            parent[key] = value + draw(st.sampled_from([-1, 1, 0.5, 2**64]))
    return doc


_BASE_DOCS: list[dict[str, Any]] = []


def _bases() -> list[dict[str, Any]]:
    if not _BASE_DOCS:
        _BASE_DOCS.extend([
            _classic_doc(), _kanasta_doc(), MINIMAL, game("classic-2")[-1].to_dict(),
            _run_with_wild_two_in_its_place().to_dict(), game("classic-3")[120].to_dict(),
        ])
    return _BASE_DOCS


_bases()


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_mutated())
def test_fuzzed_documents_raise_only_serialization_errors(doc: dict[str, Any]) -> None:
    """E-5: whatever is wrong with a document, the error is a SerializationError (never a crash)."""
    try:
        state = State.from_dict(doc)
    except SerializationError as err:
        assert isinstance(err.path, str)
        return
    assert State.from_dict(state.to_dict()) == state


@settings(max_examples=100, deadline=None)
@given(_json)
def test_any_json_value_is_refused_cleanly(value: Any) -> None:
    with pytest.raises(SerializationError):
        State.from_dict(value)


# ---------------------------------------------------------------------------- the docs page


def test_positions_page_examples_run() -> None:
    failures, tried = doctest.testfile(
        str(DOCS / "positions.rst"),
        module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
    )
    assert tried > 0 and failures == 0


def test_positions_page_json_examples_load() -> None:
    text = (DOCS / "positions.rst").read_text(encoding="utf-8")
    blocks = re.findall(r"\.\. code-block:: json\n\n((?:   .*\n|\n)+)", text)
    loaded = 0
    for block in blocks:
        doc = json.loads(block)
        if doc.get("format") == FORMAT:
            assert State.from_dict(doc).to_dict()["format"] == FORMAT
            loaded += 1
        else:
            assert kanasta.GameRecord.from_dict(doc).replay().hand_number >= 1
    assert loaded >= 2


# ---- a game started from given scores: its hand results begin where the position began


def _ended_hand(hand_number: int, scores: list[int]) -> State:
    """Classic, team 0 goes out in hand ``hand_number`` of a game begun at ``scores``.

    Worked out by hand (C-SCORE-1): team 0 has a clean canasta of queens (500 + 7 x 10)
    and melds 4C 4D 4H (3 x 5), goes out (100, not concealed: it had melds), and seat 2
    keeps 9H 9H (-20): 665. Team 1 has no melds and keeps 9S 9S and 9D 9D: -40.
    """
    start = State.from_dict({
        "format": FORMAT, "rules": "classic", "hand_number": hand_number, "scores": scores,
        "phase": "play", "turn": {"drew": "stock"},
        "hands": ["4C 4D 4H 5S", "9S 9S", "9H 9H", "9D 9D"],
        "melds": [["QC QD QH QS QC QD QH"], []],
    })
    return start.apply(kanasta.parse_action("meld 4C 4D 4H")).apply(kanasta.parse_action("discard 5S"))


@pytest.mark.parametrize(("hand_number", "scores"), [(1, [1000, 0]), (3, [1000, 20])])
def test_a_game_begun_from_given_scores_writes_and_reads_its_hand_results(
    hand_number: int, scores: list[int],
) -> None:
    # Found by the conformance seeding: a first hand begun at [1000, 0] wrote hand results
    # that did not add up from zero, and its own document was refused on reading.
    state = _ended_hand(hand_number, scores)
    (result,) = state.hand_results
    assert result.hand_number == hand_number
    assert [t.total for t in result.teams] == [665, -40]
    assert result.scores == (scores[0] + 665, scores[1] - 40)
    assert state.hand_number == hand_number + 1 and state.scores == result.scores
    doc = state.to_dict()
    back = State.from_dict(json.loads(json.dumps(doc)))
    assert back == state and back.to_dict() == doc and back.hand_results == state.hand_results
    del doc["hand_number"]  # left out, it follows the last result (both engines' readers)
    assert State.from_dict(doc).hand_number == hand_number + 1


def test_a_view_of_a_game_begun_from_given_scores_reads_back() -> None:
    state = _ended_hand(2, [700, 300])
    for seat in range(4):
        view = state.view(seat)
        assert kanasta.PlayerView.from_dict(json.loads(json.dumps(view.to_dict()))) == view


def test_hand_results_from_given_scores_are_still_checked() -> None:
    doc = _ended_hand(3, [1000, 20]).to_dict()
    total = copy.deepcopy(doc)
    total["hand_results"][0]["teams"][0]["total"] = 666  # the hand scores 665 (C-SCORE-1)
    with pytest.raises(SerializationError, match=r"hand_results\.0\.teams\.0"):
        State.from_dict(total)
    score = copy.deepcopy(doc)
    score["hand_results"][0]["scores"][0] += 1  # a start of 1001, but the game's scores say 1000
    with pytest.raises(SerializationError, match="the scores are those after the last hand result"):
        State.from_dict(score)
    later = copy.deepcopy(doc)
    later["hand_number"] = 5
    with pytest.raises(SerializationError, match="the hand results end with hand 3, so this is hand 4"):
        State.from_dict(later)
    two = copy.deepcopy(doc)
    second = copy.deepcopy(doc["hand_results"][0])
    second["hand_number"] = 5  # hand 4 is missing (its scores follow on: 1665 + 665, -20 - 40)
    second["scores"] = [2330, -60]
    two["hand_results"].append(second)
    with pytest.raises(SerializationError, match=r"hand_results\.1\.hand_number: the results list every hand"):
        State.from_dict(two)
