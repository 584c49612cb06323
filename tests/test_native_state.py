"""The native state and its ``apply`` (``kanasta._core.NativeState``) against the Python engine.

The Python engine is the reference.  Games are played by it (seeded random
play, and a player that melds when it can 4 times in 5) under every preset
and some variants (a low target, so games end; a hand move limit); at every
move the same move, in notation, is applied natively, and the native
position document must be the Python ``to_dict()`` (as parsed JSON) and the
native events the Python events.  At random points the native state is also
read back from the Python document (``NativeState.from_json``).

One chore asks a legality question: whether the next player may take the
pile when a turn ends at an empty stock under C-OUT-5.  The native legality
answers it (the core never calls back into Python), so the comparison
covers that answer too.

The amount of play is bounded for CI; ``KANASTA_NATIVE_STATE_GAMES=N`` plays
N games per preset and variant instead of 1 (and ``KANASTA_NATIVE_STATE_MOVES`` bounds each game, 700 moves by default).
"""

from __future__ import annotations

import contextlib
import copy
import json
import os
import pickle
import random
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import attrs
import pytest

import _games
import kanasta
from conformance import run as conformance_run
from kanasta import _core
from kanasta.cards import Card, format_cards
from kanasta.rules import PRESETS, RETIRED_FIELDS
from kanasta.state import Event, HandEnded

CONFORMANCE = Path(__file__).resolve().parent / "conformance"
GAMES = int(os.environ.get("KANASTA_NATIVE_STATE_GAMES", "1"))
MOVES = int(os.environ.get("KANASTA_NATIVE_STATE_MOVES", "700"))

VARIANTS: dict[str, kanasta.Rules] = {
    **PRESETS,
    # games that end (G-GAME-1) within the bounded play, written as a full rules object
    "classic-short": attrs.evolve(PRESETS["classic"], target_score=150),
    "classic-2-short": attrs.evolve(PRESETS["classic-2"], target_score=150),
    "kanasta-short": attrs.evolve(PRESETS["kanasta"], target_score=40),
    # hands cut short by the server bound (ended_by="move_limit")
    "kanasta-limit": attrs.evolve(PRESETS["kanasta"], hand_move_limit=45),
    "classic-3-limit": attrs.evolve(PRESETS["classic-3"], hand_move_limit=60, target_score=300),
}


def _rules_text(rules: kanasta.Rules) -> str:
    for name, preset in PRESETS.items():
        if preset == rules:
            return name
    return json.dumps(rules.to_dict())


def _native_doc(native: Any) -> dict[str, Any]:
    """The native state's position document, without the rules fields Python retired.

    The native core follows the Python engine: until it drops
    ``meld_must_keep_two`` (retired with the C-OUT-1 rework, issue 11 F1) it still
    writes it, and Python reads such documents and ignores the field
    (:data:`kanasta.rules.RETIRED_FIELDS`).
    """
    doc: dict[str, Any] = json.loads(native.to_json())
    if isinstance(doc.get("rules"), dict):
        for key in RETIRED_FIELDS:
            doc["rules"].pop(key, None)
    return doc


def _field(value: object) -> object:
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, tuple) and all(isinstance(c, Card) for c in value):
        return format_cards(value)
    if isinstance(value, tuple):
        return list(value)
    return value


def _event_doc(event: Event, after: dict[str, Any]) -> dict[str, Any]:
    """A Python event in the native event form; a hand's result as ``after`` (the next position) lists it."""
    out: dict[str, Any] = {"kind": type(event).__name__}
    if isinstance(event, HandEnded):
        out["result"] = after["hand_results"][event.result.hand_number - 1]
        return out
    for f in attrs.fields(type(event)):
        out[f.name] = _field(getattr(event, f.name))
    return out


Policy = Callable[[kanasta.State, random.Random], kanasta.Action]


def _random(state: kanasta.State, rng: random.Random) -> kanasta.Action:
    return rng.choice(state.legal_actions())


def _melder(state: kanasta.State, rng: random.Random) -> kanasta.Action:
    moves = state.legal_actions()
    melds = [m for m in moves if not isinstance(m, (kanasta.Discard, kanasta.Draw))]
    return rng.choice(melds if melds and rng.random() < 0.8 else moves)


def _lockstep(rules: kanasta.Rules, seed: int, policy: Policy, moves: int) -> tuple[int, set[str]]:
    """Play one game both ways; return the moves made and the kinds of events seen."""
    state = kanasta.new_game(rules, seed)
    native = _core.NativeState.new_game(_rules_text(rules), seed)
    doc = state.to_dict()
    assert _native_doc(native) == doc
    assert json.loads(native.events_json()) == [_event_doc(e, doc) for e in state.events]
    rng = random.Random(seed)
    kinds: set[str] = set()
    made = 0
    while not state.is_game_over and made < moves:
        action = policy(state, rng)
        after = state.apply(action)
        native = native.apply(str(action))
        doc = after.to_dict()
        where = f"seed {seed}, move {made} ({action}) after {state!r}"
        assert _native_doc(native) == doc, where
        assert json.loads(native.events_json()) == [_event_doc(e, doc) for e in after.events], where
        kinds.update(type(e).__name__ for e in after.events)
        if rng.random() < 0.05:  # read back from the Python document and go on from there
            native = _core.NativeState.from_json(json.dumps(doc))
            assert _native_doc(native) == doc, where
        state = after
        made += 1
    return made, kinds


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_random_games_agree_move_by_move(variant: str) -> None:
    for seed in range(GAMES):
        made, _ = _lockstep(VARIANTS[variant], seed, _random, MOVES)
        assert made > 0, (variant, seed)


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_meld_biased_games_agree_move_by_move(variant: str) -> None:
    for seed in range(100, 100 + GAMES):
        made, _ = _lockstep(VARIANTS[variant], seed, _melder, MOVES)
        assert made > 0, (variant, seed)


def test_the_bounded_play_reaches_every_chore() -> None:
    """The lockstep games above see every kind of event, so every chore is compared."""
    kinds: set[str] = set()
    for variant in ("classic-short", "kanasta-short", "kanasta-limit", "classic-2-short"):
        for seed in range(GAMES):
            kinds |= _lockstep(VARIANTS[variant], seed, _melder, MOVES)[1]
    # Every kind the Python engine has (PileJoined needs a Classic take before the team is down).
    expected = {
        "HandStarted", "UpcardTurned", "RedThreeLaid", "CardsDrawn", "PileTaken", "TeamOpened",
        "PacketTaken", "WentOut", "StockExhausted", "HandEnded", "GameEnded",
    }
    assert expected <= kinds, expected - kinds


def test_documents_read_back_at_every_position_of_a_game() -> None:
    for name in PRESETS:
        state = kanasta.new_game(PRESETS[name], 5)
        rng = random.Random(5)
        for _ in range(300):
            if state.is_game_over:
                break
            doc = state.to_dict()
            assert json.loads(_core.NativeState.from_json(json.dumps(doc)).to_json()) == doc
            state = state.apply(_melder(state, rng))


def test_hand_written_documents_take_the_python_defaults() -> None:
    # state_from_dict's docstring's document: packets and stock left out are dealt by the same stream.
    doc = {"format": "kanasta.position/1", "rules": "classic",
           "hands": ["7H 7D 8S", "9C 9D KH", "4S 5S 6S", "QC QD QH"]}
    python = kanasta.State.from_dict(doc).to_dict()
    assert json.loads(_core.NativeState.from_json(json.dumps(doc)).to_json()) == python
    kanasta_doc = kanasta.new_game(PRESETS["kanasta"], 9).to_dict()
    del kanasta_doc["packets"], kanasta_doc["stock"]
    python = kanasta.State.from_dict(kanasta_doc).to_dict()
    assert json.loads(_core.NativeState.from_json(json.dumps(kanasta_doc)).to_json()) == python


@pytest.mark.parametrize(
    "text",
    [
        "", "{", "[]", "null", '{"format": "kanasta.position/1"}',
        '{"format": "kanasta.position/1", "rules": "classic", "hands": ["7H 7H 7H 7H", "", "", ""]}',
        '{"format": "kanasta.position/1", "rules": {"players": 9}, "hands": []}',
        '{"format": "kanasta.position/1", "rules": "kanasta", "hands": ["7H", "8H", "9H", "TH"], "trump": "JK"}',
    ],
)
def test_malformed_documents_raise_value_error(text: str) -> None:
    with pytest.raises(ValueError):
        _core.NativeState.from_json(text)


def test_bad_moves_raise_and_change_nothing() -> None:
    native = _core.NativeState.new_game("kanasta", 3)
    before = native.to_json()
    for move in ("fly", "discard 7H", "meld 7H 7D 7S", "take KH KS", "yes"):
        with pytest.raises(ValueError):
            native.apply(move)
    assert native.to_json() == before
    assert native.phase == "draw" and not native.is_game_over


def test_an_empty_stock_is_answered_by_the_core() -> None:
    """C-OUT-5: when a turn ends at an empty stock, the core itself decides whether the next
    player may take the pile; the hand ends (or goes on) as in the Python engine."""
    ends = set()
    for seed in range(4, 10):
        states = [kanasta.new_game(PRESETS["classic"], seed, engine=engine) for engine in ("native", "python")]
        # draws and discards only (no melds), so that each hand plays its stock out
        while not states[0].is_game_over and len(states[0].hand_results) < 1:
            moves = [s.legal_actions() for s in states]
            assert moves[0] == moves[1]
            pick = next((m for m in moves[0] if isinstance(m, (kanasta.Draw, kanasta.Discard, kanasta.Decline))),
                        moves[0][0])
            states = [s.apply(pick) for s in states]
            assert states[0] == states[1] and states[0].events == states[1].events
        ends.add(states[0].hand_results[0].ended_by)
    assert ends & {"no_take", "declined"}, ends  # the chore's question was asked and answered


def test_equality_hashing_and_pickling() -> None:
    a = _core.NativeState.new_game("classic", 8)
    b = _core.NativeState.from_json(a.to_json())
    assert a == b and hash(a) == hash(b)
    assert a != a.apply("draw") and a != "draw"
    for state in (a, a.apply("draw")):
        back = pickle.loads(pickle.dumps(state))
        assert back == state and back.to_json() == state.to_json()
        assert copy.deepcopy(state) == state


def _conformance_apply_cases() -> list[dict[str, Any]]:
    cases = []
    for path in sorted(CONFORMANCE.glob("*.json")):
        cases += [c for c in json.loads(path.read_text())["cases"] if c["kind"] == "apply"]
    return cases


def test_the_conformance_apply_cases() -> None:
    """Every "a move and the position it leads to" case of the conformance suite, applied natively."""
    cases = _conformance_apply_cases()
    assert len(cases) >= 20
    for case in cases:
        native = _core.NativeState.from_json(json.dumps(case["position"]))
        for move in case["moves"]:
            native = native.apply(move)
        assert conformance_run.mismatch(case["result"], json.loads(native.to_json())) is None, case["id"]


_ODD_VALUES: list[Any] = [
    None, True, -1, 0, 1, 3, 2**70, 1.5, "", "7H", "JK JK JK JK JK", "2H* 3H 4H", "AH 2H 3H 4H 5H 6H 7H 8H",
    "draw", [], {}, [[]], [None, 4.5], {"preset": "kanasta"},
]


def test_mutated_documents_never_crash_the_core() -> None:
    """Any document is read or refused with ValueError, and a read one can be written and moved on (no panic)."""
    rng = random.Random(12)
    read = refused = 0
    moves = ("draw", "take", "ask", "yes", "decline", "discard 7H", "meld 7H 7D 7S", "add @0 7C", "extend @0 8H")
    for name in PRESETS:
        states = [s for i, s in enumerate(_games.game(name, 3)) if i % 97 == 0][:4]
        for state in states:
            doc = state.to_dict()
            paths = _games.json_paths(doc)[1:]
            for _ in range(60):
                mutated = json.loads(json.dumps(doc))
                for _ in range(rng.randint(1, 3)):
                    *parent, last = rng.choice(paths)
                    node = mutated
                    try:
                        for key in parent:
                            node = node[key]
                        node[last] = rng.choice(_ODD_VALUES)
                    except (KeyError, IndexError, TypeError):
                        continue
                try:
                    native = _core.NativeState.from_json(json.dumps(mutated))
                except ValueError:
                    refused += 1
                    continue
                read += 1
                json.loads(native.to_json())
                for move in moves:
                    with contextlib.suppress(ValueError, RuntimeError):
                        native.apply(move)
    # Both paths are exercised: some mutations still read (and were moved on), some are refused.
    assert read > 0 and refused > 0, (read, refused)


def test_the_game_pair_is_set_once_and_handed_on() -> None:
    # what a native-backed kanasta.State reads its rules and first deal's events from
    a = _core.NativeState.new_game("classic", 8)
    assert a.game is None
    pair = (kanasta.Rules.classic(), ())
    assert a.set_game(pair) is True
    assert a.set_game((kanasta.Rules.kanasta(), ())) is False  # set once: the first pair stays
    assert a.game is pair
    later = a.apply("draw")
    assert later.game is pair
    assert later.replay([later.legal_moves()[0]]).game is pair
    assert _core.NativeState.from_json(a.to_json()).game is None  # a document holds no pair


def test_states_reached_keep_the_rules_and_first_events() -> None:
    for start in (
        kanasta.new_game(kanasta.Rules.kanasta(), seed=3, engine="native"),
        pickle.loads(
            pickle.dumps(kanasta.new_game(kanasta.Rules.classic(), seed=3, engine="native").apply(kanasta.Draw()))
        ),
        kanasta.State.from_dict(kanasta.new_game(kanasta.Rules.classic(), seed=4).to_dict(), engine="native"),
    ):
        state = start
        for _ in range(5):
            state = state.apply(state.legal_actions()[0])
        assert state.engine == "native"
        assert state.rules is start.rules and state.start_events == start.start_events
        assert state == kanasta.State.from_dict(state.to_dict(), engine="python")


def _slot(state: kanasta.State, name: str) -> object:
    """What the slot of ``name`` holds, read through the slot's own descriptor (reading the attribute
    of a native-backed state makes the field when its slot is empty); AttributeError when empty."""
    slot = next(klass.__dict__[name] for klass in kanasta.State.__mro__ if name in klass.__dict__)
    return slot.__get__(state)


def _unset(state: kanasta.State, name: str) -> bool:
    """Whether the slot of ``name`` is still empty (the field was not made)."""
    try:
        _slot(state, name)
    except AttributeError:
        return True
    return False


def test_a_field_is_made_alone_when_read() -> None:
    # reading one field of a native-backed state makes that field only
    fields = [name for name in _core.POSITION_FIELDS if name not in ("phase", "player")]
    state = kanasta.new_game(kanasta.Rules.classic(), seed=5, engine="native").apply(kanasta.Draw())
    assert all(_unset(state, name) for name in fields)
    state.events  # noqa: B018 - the read is the point
    assert all(_unset(state, name) for name in fields)
    hand = state.hands[state.player]
    assert not _unset(state, "hands") and all(_unset(state, name) for name in fields if name != "hands")
    assert hand == kanasta.State.from_dict(state.to_dict(), engine="python").hands[state.player]
    # the core's table of fields is the library's, in order
    assert tuple(
        name for name in kanasta.position.FIELDS if name not in ("rules", "events", "start_events", "log")
    ) == _core.POSITION_FIELDS


def test_event_objects_are_shared_within_a_game_and_never_across_games() -> None:
    # the core keeps one object per distinct event of a game: equal events of two games
    # (the same seed and moves) are equal and distinct objects, so changing one cannot
    # change another game's history
    def play(engine: kanasta.Engine) -> kanasta.State:
        state = kanasta.new_game(kanasta.Rules.classic(), seed=6, engine=engine)
        rng = random.Random(6)
        for _ in range(300):
            state = state.apply(rng.choice(state.legal_actions()))
        return state

    a, b, reference = play("native"), play("native"), play("python")
    assert a.history == b.history == reference.history
    mine = [e for step in a.history for e in step.events]
    theirs = [e for step in b.history for e in step.events]
    assert mine and not {id(e) for e in mine} & {id(e) for e in theirs}
    assert not {id(a.start_events[0])} & {id(e) for e in b.start_events}
    # within one game, an event object stands for every equal event of that game
    by_value: dict[Event, Event] = {}
    for event in mine:
        assert by_value.setdefault(event, event) is event
    # a hand's result in its event is the position's own object
    ended = [e for e in mine if isinstance(e, HandEnded)]
    assert ended and all(any(e.result is r for r in a.hand_results) for e in ended)


def test_the_small_fields_are_made_together_on_the_first_read_and_equal_the_python_engine_s() -> None:
    import kanasta
    from kanasta.state import _SMALL_NAMES

    native = kanasta.new_game(kanasta.Rules.kanasta(), seed=9, engine="native")
    python = kanasta.new_game(kanasta.Rules.kanasta(), seed=9, engine="python")
    for _ in range(30):
        move = native.legal_actions()[len(native.legal_actions()) // 2]
        native, python = native.apply(move), python.apply(move)
    assert native.dealer == python.dealer  # the first small field read makes them all
    for name in _SMALL_NAMES:
        assert _slot(native, name) == getattr(python, name), name
    assert _unset(native, "hands"), "hands was made with the small fields"  # a large field: made when read
    with pytest.raises(KeyError):
        native._native.fields(["seed", "no_such_field"])


def test_meld_and_result_objects_are_the_game_s_own_and_a_view_gets_new_ones() -> None:
    # the core makes the melds and hand results (no function of the package is called): equal to
    # the Python engine's, one object per distinct meld and table within a game (a hand's result
    # holds the game's meld objects), never one of another game, and a view's melds are its own
    def play(engine: kanasta.Engine) -> list[kanasta.State]:
        states = [kanasta.new_game(kanasta.Rules.classic(), seed=11, engine=engine)]
        rng = random.Random(11)
        while not states[-1].hand_results:
            states.append(states[-1].apply(rng.choice(states[-1].legal_actions())))
        return states

    a, b, reference = play("native"), play("native"), play("python")
    assert [s.melds for s in a] == [s.melds for s in reference]
    assert a[-1].hand_results == reference[-1].hand_results
    result = a[-1].hand_results[0]
    assert isinstance(result.teams[0].meld_points, Fraction) and any(result.melds)
    # the tables of a game: one tuple per distinct table, one object per distinct meld
    tables: dict[object, object] = {}
    melds: dict[object, object] = {}
    for state in a:
        assert tables.setdefault(state.melds, state.melds) is state.melds
        for team in state.melds:
            for meld in team:
                assert melds.setdefault(meld, meld) is meld
    # the result's melds are the game's (those laid before the last move: the same objects)
    assert any(m in melds for team in result.melds for m in team)
    assert all(melds.get(m, m) is m for team in result.melds for m in team)
    theirs = {id(m) for s in b for team in s.melds for m in team} | {id(b[-1].hand_results[0])}
    assert not theirs & ({id(m) for m in melds.values()} | {id(result)})
    view = a[-1].view(0)
    assert view.melds == a[-1].melds
    assert not {id(m) for team in view.melds for m in team} & {id(m) for m in melds.values()}


def _result_slot_empty(result: kanasta.HandResult, name: str) -> bool:
    """Whether the slot of the hand result's field ``name`` is still empty (read through the slot itself)."""
    try:
        kanasta.HandResult.__dict__[name].__get__(result)
    except AttributeError:
        return True
    return False


def test_a_core_made_hand_result_makes_its_scores_melds_and_cards_when_read() -> None:
    # the events of a hand's last move hold its result: a program that reads the events (a
    # front-end counting hands) makes no team score, meld or card tuple of it until it reads them;
    # read, they are the Python engine's, and the result pickles and copies as a HandResult
    def last_move(engine: kanasta.Engine) -> kanasta.State:
        state = kanasta.new_game(kanasta.Rules.kanasta(), seed=4, engine=engine)
        rng = random.Random(4)
        while not state.hand_results:
            state = state.apply(rng.choice(state.legal_actions()))
        return state

    native, python = last_move("native"), last_move("python")
    (ended,) = (e for e in native.events if isinstance(e, HandEnded))
    result = ended.result
    assert result is native.hand_results[0]  # (the same object: the game's)
    lazy = _core.RESULT_FIELDS_ON_READ
    assert lazy == ("teams", "melds", "hands", "red_threes")
    assert all(_result_slot_empty(result, name) for name in lazy)
    assert not _result_slot_empty(result, "scores") and result.ended_by == python.hand_results[0].ended_by
    expected = python.hand_results[0]
    assert result.hands == expected.hands and not _result_slot_empty(result, "hands")
    assert _result_slot_empty(result, "teams")  # (each field on its own)
    assert result.teams == expected.teams and isinstance(result.teams[0].hand_points, Fraction)
    assert result.teams is result.teams  # made once, then kept
    assert result == expected and hash(result) == hash(expected) and repr(result) == repr(expected)
    for copied in (pickle.loads(pickle.dumps(result)), copy.copy(result), copy.deepcopy(result)):
        assert type(copied) is kanasta.HandResult and copied == expected
    assert type(attrs.evolve(result, hand_number=9)) is kanasta.HandResult
    assert not any(f.name == "_native" for f in attrs.fields(type(result)))
    # a result whose game is gone makes its melds anew (the game's are gone with it), equal
    orphan = last_move("native").hand_results[0]  # (its states dropped: the game with them)
    assert _result_slot_empty(orphan, "melds") and orphan.melds == expected.melds


class _MyState(kanasta.State):
    """A user's subclass of the state."""


def test_a_native_state_is_of_its_engine_s_subclass_and_behaves_as_its_class() -> None:
    # a native-backed state is of a subclass the engine makes (its fields are made on first read,
    # without a __getattr__ hook): same name, equal and hashed as the Python engine's state, pickled
    # and evolved as its own class; a user's subclass of State keeps its class through moves
    doc = kanasta.new_game(kanasta.Rules.classic(), seed=2).to_dict()
    native = _MyState.from_dict(doc, engine="native")
    python = _MyState.from_dict(doc, engine="python")
    assert isinstance(native, _MyState) and type(native) is not _MyState
    assert type(native).__name__ == "_MyState" and type(native).__mro__[1] is _MyState
    assert native == python and python == native and hash(native) == hash(python)
    after = native.apply(native.legal_actions()[0])
    assert type(after) is type(native) and after == python.apply(python.legal_actions()[0])
    again = pickle.loads(pickle.dumps(after))
    assert isinstance(again, _MyState) and again == after and again.engine == "native"
    evolved = attrs.evolve(after)
    assert type(evolved) is _MyState and evolved == after and evolved.engine == "python"
    assert type(kanasta.new_game(kanasta.Rules.classic(), seed=2)) is not kanasta.State


def test_the_current_player_and_a_view_s_seat_are_read_from_the_core() -> None:
    # a native-backed state's current_player and a native view's seat are properties reading the
    # core (no slot set as the object is made): the Python engine's answers for the same positions,
    # None once the game is over; a bot's legal_moves keeps its errors (G-GAME-1 at the end)
    from kanasta.bots import legal_moves

    rules = kanasta.Rules.classic(players=3)
    rng = random.Random(5)
    state = kanasta.new_game(rules, seed=5, engine="native")
    checked = 0
    while True:
        if checked % 40 == 0 or state.is_game_over:
            python = kanasta.State.from_dict(state.to_dict(), engine="python")
            assert state.current_player == python.current_player
            for seat in range(rules.players):
                view, seen = state.view(seat), python.view(seat)  # (the loaded state has no history)
                assert view.seat == seat == seen.seat and view.team == seen.team
                assert view.to_dict(history=False) == seen.to_dict(history=False)
        if state.is_game_over:
            break
        state = state.apply(rng.choice(state.legal_actions()))
        checked += 1
    assert state.current_player is None and state.player is not None
    with pytest.raises(kanasta.IllegalActionError, match=r"the game is over.*G-GAME-1"):
        legal_moves(state.view(0))
    with pytest.raises(AttributeError):
        state.current_player = 1  # type: ignore[misc]
    with pytest.raises(AttributeError):
        state.view(0).seat = 1  # type: ignore[misc]
