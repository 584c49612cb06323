"""View documents (``kanasta.view/1``): round trips, what they may hold (E-4), and refusals."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from pathlib import Path
from typing import Any

import attrs
import pytest

import kanasta
from _games import PRESET_NAMES, game, json_paths, some_states
from _hiding import cards_in_text, check_view_document, check_view_independent, may_see
from kanasta import (
    Card,
    CardsDrawn,
    PlayerView,
    SerializationError,
    State,
)
from kanasta.view.document import VIEW_FORMAT
from kanasta.view.seen import VIEW_FIELDS, ViewData

pytestmark = pytest.mark.both_engines  # the rule tests run against both engines (tests/conftest.py)

DOCS = Path(__file__).resolve().parent.parent / "docs"


def _states(preset: str, every: int = 25) -> list[State]:
    return some_states(preset, every)[::7]


def _round_trip(view: PlayerView) -> PlayerView:
    return PlayerView.from_dict(json.loads(json.dumps(view.to_dict())))


# ---------------------------------------------------------------------------- round trips


@pytest.mark.one_engine  # randomized: once, on the default engine
@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_every_view_reads_back_equal_through_json(preset: str) -> None:
    checked = 0
    for state in _states(preset):
        for seat in range(state.rules.players):
            view = state.view(seat)
            back = _round_trip(view)
            assert back == view
            assert back.start_events == view.start_events  # not part of equality: checked on its own
            assert back.to_dict() == view.to_dict()
            checked += 1
    assert checked > 30


def test_a_view_without_history_reads_back_without_it() -> None:
    state = game("classic")[120]
    view = state.view(2)
    doc = view.to_dict(history=False)
    assert "history" not in doc and "start_events" not in doc
    assert PlayerView.from_dict(doc) == attrs.evolve(view, history=(), start_events=())


def test_a_finished_game_and_the_answer_phase_read_back() -> None:
    final = game("kanasta")[-1]
    for seat in range(4):
        assert _round_trip(final.view(seat)) == final.view(seat)
    asked = next(s for s in game("classic", seed=4) if s.phase is kanasta.Phase.ANSWER)
    answering = asked.view(asked.player)
    assert _round_trip(answering).legal_actions() == answering.legal_actions() != ()


def test_the_document_is_plain_json_with_a_fixed_key_order() -> None:
    state = game("classic-3")[200]
    doc = state.view(1).to_dict()
    assert list(doc)[:3] == ["format", "rules", "seat"] and doc["format"] == VIEW_FORMAT == "kanasta.view/1"
    assert json.loads(json.dumps(doc)) == doc
    assert json.dumps(doc) == json.dumps(state.view(1).to_dict())


def test_the_documented_keys_are_the_written_keys() -> None:
    """docs/positions.rst lists every key of a view document, and no other (``hand_moves`` with a move limit)."""
    text = (DOCS / "positions.rst").read_text(encoding="utf-8")
    section = text.split("View documents", 1)[1]
    table = section.split(".. list-table::", 1)[1].split("\n\n\n", 1)[0]
    documented = re.findall(r"^   \* - ``(\w+)``", table, flags=re.MULTILINE)
    limited = kanasta.new_game(attrs.evolve(kanasta.Rules.classic(), hand_move_limit=30), seed=3)
    assert documented == list(limited.view(0).to_dict())
    assert [k for k in documented if k != "hand_moves"] == list(game("classic")[3].view(0).to_dict())


def test_the_document_follows_the_one_table_of_the_view_s_fields() -> None:
    """Issue 23: every field of a view but its moves is in VIEW_FIELDS, written in its order (after the
    format, before the legal moves and the history), and the native views of both engines' states
    write the same keys."""
    table = [name for name, _ in VIEW_FIELDS]
    moves = {"_legal_actions", "history", "start_events"}
    assert sorted(table) == sorted(f.name for f in attrs.fields(ViewData) if f.name not in moves)
    rules = attrs.evolve(kanasta.Rules.kanasta(), hand_move_limit=40)
    for engine in ("native", "python"):
        view = kanasta.new_game(rules, seed=5, engine=engine).view(1)
        assert list(view.to_dict()) == ["format", *table, "legal_actions", "history", "start_events"]
        assert list(json.loads(view.to_json())) == list(view.to_dict())
    assert tuple(table) == kanasta._core.VIEW_FIELDS


def test_a_view_under_a_move_limit_reads_back_with_its_move_count() -> None:
    """Found by the soak (issue 11): the view document left out ``hand_moves``, so the view read back differed.

    Under ``hand_move_limit`` (F7) every view carries the moves made in the
    hand; its document writes them, as a position document does, and reads
    them back; rules without a limit refuse the key.
    """
    rules = attrs.evolve(kanasta.Rules.classic(players=2), hand_move_limit=60)
    state = kanasta.new_game(rules, seed=5)
    rng = random.Random(5)
    for _ in range(45):
        state = state.apply(rng.choice(state.legal_actions()))
    assert state.hand_moves == 45  # the first hand of random play lasts longer than 45 moves
    for seat in (0, 1):
        view = state.view(seat)
        doc = json.loads(json.dumps(view.to_dict()))
        assert doc["hand_moves"] == 45
        assert PlayerView.from_dict(doc) == view and PlayerView.from_dict(doc).hand_moves == 45
        short = view.to_dict(history=False)
        assert PlayerView.from_dict(short).hand_moves == 45
    unlimited = state.view(0).to_dict()
    unlimited["rules"] = kanasta.Rules.classic(players=2).to_dict()
    with pytest.raises(SerializationError) as err:
        PlayerView.from_dict(unlimited)
    assert err.value.path == "hand_moves" and "hand_move_limit" in str(err.value)


# ---------------------------------------------------------------------------- nothing hidden (E-4)


@pytest.mark.one_engine  # randomized: once, on the default engine
@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_no_view_document_holds_a_card_the_seat_may_not_see(preset: str) -> None:
    """E-4: search every card written in every view document of a random game.

    The position part holds exactly the seat's hand and the table; each step
    of the history holds only the cards of the move and of what the seat saw
    happen (no card another seat drew, no packet another seat picked up, no
    red-3 replacement of another seat).
    """
    searched = 0
    for state in _states(preset, every=15):
        for seat in range(state.rules.players):
            searched += check_view_document(state, seat)
    assert searched > 1000


def test_the_search_finds_a_leak() -> None:
    """The search above is not blind: a view that showed another seat's draw would fail it."""
    state = kanasta.new_game(kanasta.Rules.classic(), seed=5)
    drawer = state.current_player
    assert drawer is not None
    state = state.apply(kanasta.Draw())
    doc = state.view((drawer + 1) % 4).to_dict()
    drawn = next(e for e in state.history[-1].events if isinstance(e, CardsDrawn))
    leaked = dict(doc["history"][-1], events=[{"event": "cards_drawn", "seat": drawer,
                                                "cards": kanasta.format_cards(drawn.cards)}])
    allowed = Counter[Card]()
    for event in state.history[-1].events:
        allowed += may_see(event, (drawer + 1) % 4)
    assert cards_in_text(leaked) - allowed == Counter(drawn.cards)
    doc["history"][-1] = leaked
    check_view_document(state, (drawer + 1) % 4, doc=json.loads(json.dumps(state.view((drawer + 1) % 4).to_dict())))
    with pytest.raises(AssertionError, match=r"step 0 \(draw\)"):
        check_view_document(state, (drawer + 1) % 4, doc=doc)
    # and the reader refuses such a document
    with pytest.raises(SerializationError) as err:
        PlayerView.from_dict(doc)
    assert err.value.path == "history.0.events.0" and "E-4" in str(err.value)


@pytest.mark.one_engine  # randomized: once, on the default engine
@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_a_view_document_depends_only_on_what_the_seat_may_see(preset: str) -> None:
    """E-4: deal the cards hidden from the seat again; its view document is the same text."""
    rng = random.Random(preset)
    for state in _states(preset, every=40):
        for seat in range(state.rules.players):
            check_view_independent(state, seat, rng, history=False)


# ---------------------------------------------------------------------------- refusals


def _doc() -> dict[str, Any]:
    state = next(s for s in game("kanasta") if s.melds[0] and s.hand_results and s.phase is kanasta.Phase.PLAY)
    return json.loads(json.dumps(state.view(state.player).to_dict()))


@pytest.mark.parametrize(
    ("change", "path", "words"),
    [
        (lambda d: d.update(format="kanasta.position/1"), "format", "expected 'kanasta.view/1'"),
        (lambda d: d.pop("hand"), "", "missing key 'hand'"),
        (lambda d: d.update(hands=[]), "hands", "unknown key"),
        (lambda d: d.update(seed=1), "seed", "unknown key"),
        (lambda d: d.update(seat=4), "seat", "at most 3"),
        (lambda d: d.update(hand="7H 7X"), "hand", "bad card '7X'"),
        (lambda d: d["hand_sizes"].append(3), "hand_sizes", "expected 4 players"),
        (lambda d: d.update(stock_size=d["stock_size"] + 1), "", "does not add up"),
        (lambda d: d.update(stock_size=True), "stock_size", "expected an integer"),
        (lambda d: d["melds"][0].append("7H 8S 9D"), "melds.0.", "not a legal meld"),
        (lambda d: d.update(pile=d["pile"] + " JK JK JK JK JK"), "pile", "one JK too many"),
        (lambda d: d.update(phase="bidding"), "phase", "expected one of"),
        (lambda d: d.update(winner=0), "winner", "game_over"),
        (lambda d: d.update(trump=None), "trump", "K-TRUMP-1"),
        (lambda d: d.update(legal_actions=[]), "legal_actions", "at least one legal move"),
        (lambda d: d["legal_actions"].append("fly away"), "legal_actions.", "unknown verb"),
        (lambda d: d["history"][0].update(action=7), "history.0.action", "action notation"),
        (lambda d: d["history"][0]["events"].append({"event": "explosion"}), "history.0.events.", "unknown event"),
        (lambda d: d["history"][0]["events"].append({"event": "went_out", "seat": 1}), "history.0.events.",
         "missing key 'concealed'"),
        (lambda d: d["hand_results"][0].update(dealer=9), "hand_results.0.dealer", "at most 3"),
        (lambda d: d["packet_sizes"].append(11), "packet_sizes", "packets"),
        (lambda d: d["turn"].update(drew="sky"), "turn.drew", "expected null"),
    ],
)
def test_a_bad_view_document_is_refused_with_its_path(change: Any, path: str, words: str) -> None:
    doc = _doc()
    change(doc)
    with pytest.raises(SerializationError) as err:
        PlayerView.from_dict(doc)
    assert err.value.path.startswith(path) if path else err.value.path == ""
    assert words in str(err.value)


def test_a_hand_ended_event_must_be_the_hands_result() -> None:
    doc = _doc()
    i, j = next((i, j) for i, step in enumerate(doc["history"]) for j, e in enumerate(step["events"])
                if e["event"] == "hand_ended")
    doc["history"][i]["events"][j]["result"]["concealed"] = not doc["history"][i]["events"][j]["result"]["concealed"]
    with pytest.raises(SerializationError) as err:
        PlayerView.from_dict(doc)
    assert err.value.path == f"history.{i}.events.{j}.result"


@pytest.mark.one_engine  # randomized: once, on the default engine
def test_any_value_anywhere_is_read_or_refused_with_a_library_error() -> None:
    """Replace every value of a document by values of the wrong kind: SerializationError or a view, nothing else."""
    doc = _doc()
    doc["history"] = doc["history"][:40]
    read = refused = 0
    for path in json_paths(doc)[1:]:
        for bad in (None, "x", -1, 10**30, [], {}, True, 2.5):
            changed = json.loads(json.dumps(doc))
            node = changed
            for key in path[:-1]:
                node = node[key]
            node[path[-1]] = bad
            try:
                assert isinstance(PlayerView.from_dict(changed), PlayerView)
                read += 1
            except SerializationError:
                refused += 1
    # Most replacements are refused; a few land where any value of that kind is fine.
    assert refused > 0 and refused > read


# ---------------------------------------------------------------------------- what the reader derives


def _pile_state(frozen: bool) -> kanasta.State:
    """A Classic position in the draw phase whose pile is frozen by a wild card or a red 3 (C-PILE-3), or holds
    neither."""
    for state in game("classic"):
        if state.phase is kanasta.Phase.DRAW and state.pile_frozen is frozen and state.pile:
            return state
    raise AssertionError("no such position in the game")  # pragma: no cover


@pytest.mark.parametrize("frozen", [False, True])
def test_c_pile_3_pile_frozen_is_read_against_the_pile(frozen: bool) -> None:
    """C-PILE-3: a view says the pile is frozen exactly while it holds a wild card or a red 3; a lie is refused.

    (Accepted, a lie made ``sample_state`` deal positions the two engines played differently.)
    """
    state = _pile_state(frozen)
    wild_or_red_three = any(c.is_wild or c.is_red_three for c in state.pile)
    assert wild_or_red_three is frozen  # the position is the one the test needs (checked by hand: Classic)
    doc = state.view(state.current_player).to_dict()
    assert PlayerView.from_dict(doc).pile_frozen is frozen
    doc["pile_frozen"] = not frozen
    with pytest.raises(SerializationError) as err:
        PlayerView.from_dict(doc)
    assert err.value.path == "pile_frozen" and "C-PILE-3" in str(err.value)


def _deep(levels: int) -> Any:
    value: Any = 0
    for _ in range(levels):
        value = [value]
    return value


def _with_event(doc: dict[str, Any], event: dict[str, Any]) -> dict[str, Any]:
    doc["history"][0]["events"].append(event)
    return doc


@pytest.mark.parametrize(
    ("path", "change"),
    [
        ("format", lambda d, v: d.update(format=v)),
        ("phase", lambda d, v: d.update(phase=v)),
        ("history.0.events.", lambda d, v: _with_event(d, {"event": v})),
        ("history.0.events.", lambda d, v: _with_event(
            d, {"event": "red_three_laid_hidden", "seat": 1, "card": "3H", "source": v})),
        ("history.0.action", lambda d, v: d["history"][0].update(action=v)),
        ("hand", lambda d, v: d.update(hand=v)),
        ("rules", lambda d, v: d.update(rules=v)),
    ],
)
def test_e_5_a_deep_or_huge_value_is_refused_with_a_short_library_error(path: str, change: Any) -> None:
    """E-5: a value nested 100,000 lists deep, or 5 MB of text, is refused with a SerializationError whose message
    quotes it cut short (as the position reader does), never a RecursionError or a message as long as the input."""
    for bad in (_deep(100_000), "x" * 5_000_000):
        doc = _doc()
        change(doc, bad)
        with pytest.raises(SerializationError) as err:
            PlayerView.from_dict(doc)
        assert err.value.path.startswith(path), err.value.path
        assert len(str(err.value)) < 400, len(str(err.value))


def test_e_5_a_view_reads_hand_numbers_as_far_as_the_position_reader() -> None:
    """E-5: the view reader's bound on a hand number is the limits table's document_int, as a position's."""
    from kanasta._limits import LIMITS

    largest = LIMITS["document_int"]
    doc = game("kanasta", 1)[40].view(0).to_dict()
    doc["hand_number"] = 10**6 + 1  # past the view reader's old bound of its own
    assert kanasta.PlayerView.from_dict(doc).hand_number == 10**6 + 1
    doc["hand_number"] = largest
    assert kanasta.PlayerView.from_dict(doc).hand_number == largest
    position = game("kanasta", 1)[40].to_dict()
    for reader, document in ((kanasta.PlayerView.from_dict, doc), (kanasta.State.from_dict, position)):
        document["hand_number"] = largest + 1
        with pytest.raises(kanasta.SerializationError, match=f"hand_number: must be at most {largest}"):
            reader(document)
