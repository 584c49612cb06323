"""Forgiving, exact notation: any letter case in, a precise error for every malformed line out.

Also the public constructors' types and the names a view shares with a state.
"""

from __future__ import annotations

import ast
import inspect
import json
import random
import re
from pathlib import Path

import attrs
import pytest

import kanasta
from _games import PRESET_NAMES, game
from kanasta import NotationError, parse_action, parse_cards
from kanasta.actions import ACTION_TYPES
from kanasta.view.seen import hide as seen_by


def _recase(text: str, rng: random.Random) -> str:
    return "".join(c.upper() if rng.random() < 0.5 else c.lower() for c in text)


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_every_legal_move_reads_in_any_letter_case_and_with_symbols(preset: str) -> None:
    rng = random.Random(preset)
    seen = 0
    for state in game(preset)[::5]:
        for action in state.legal_actions():
            text = str(action)
            assert parse_action(text.upper()) == action == parse_action(text.lower())
            assert parse_action(_recase(text, rng)) == action
            pretty = text.split()[0] + " " + " ".join(
                kanasta.parse_card(t).pretty() if not t.startswith("@") else t for t in text.split()[1:]
            )
            assert parse_action(pretty.strip()) == action  # suit symbols and 10 for ten
            seen += 1
    assert seen > 300


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("fly", "unknown verb 'fly'; verbs are draw take meld add extend discard ask yes no decline"),
        ("Draw now", "'draw' takes nothing after it"),
        ("take 3C 3C @0 @1", "give one meld number, not 2 (@0 @1)"),
        ("take @0 @1 @2 @3 @4 @5", "give one meld number, not 6 (@0 @1 @2 @3 ...)"),
        ("take @1 7H", "the meld number comes last, after the cards (e.g. take KH KS @2)"),
        ("take 7H @", "take: expected a meld number like @0, got '@'"),
        ("take 3X", "bad card '3X' (word 2): unknown suit 'X'; suits are C D H S (or the symbols ♣ ♦ ♥ ♠)"),
        ("meld", "meld needs cards"),
        ("meld ,", "meld needs cards"),
        ("meld 7H @1", "meld takes cards, not a meld number ('@1'); add @N or extend @N adds to a meld"),
        ("meld 7H 7X", "bad card '7X' (word 3): unknown suit 'X'; suits are C D H S (or the symbols ♣ ♦ ♥ ♠)"),
        ("meld 7H 7H,joker", "bad card 'joker' (word 3): a joker is written JK"),
        ("add", "add needs a meld number first, e.g. add @0 7H"),
        ("add 7H", "add needs a meld number first, e.g. add @0 7H"),
        ("add 7H @0", "the meld number comes first, right after 'add' (e.g. add @0 7H)"),
        ("add @0", "add needs cards after the meld number"),
        ("add @0 ,", "add needs cards after the meld number"),
        ("add @x 7H", "add: expected a meld number like @0, got '@x'"),
        ("add @-1 7H", "add: expected a meld number like @0, got '@-1'"),
        ("add @12345 7H", "meld number '@12345' is too large: meld numbers go from @0 to @9999"),
        ("extend @1", "extend needs cards after the meld number"),
        ("extend @1 @2 4H", "give one meld number, not 2 (@1 @2)"),
        ("discard", "discard needs a card"),
        ("discard 7H 8H", "discard takes exactly one card, not 2"),
        ("discard 7H,8H", "discard takes exactly one card, not 2"),
        ("discard @1", "discard takes cards, not a meld number ('@1')"),
    ],
)
def test_each_malformed_line_gets_its_own_message(text: str, message: str) -> None:
    with pytest.raises(NotationError) as err:
        parse_action(text)
    assert str(err.value) == f"bad action {text!r}: {message}"


def test_huge_input_is_quoted_cut_short_and_refused_quickly() -> None:
    cases = {
        "discard " + "Q" * 1_000_000: "bad card 'QQQQQQQQQQQQQQQQQQQQ'... (1000000 characters) (word 2)",
        "add @" + "1" * 100_000 + " 7H": "meld number '@1111111111111111111'... (100001 characters) is too large",
        "x" * 1_000_000: "unknown verb 'xxxxxxxxxxxxxxxxxxxx'... (1000000 characters)",
        "take " + "@1 " * 1000: "give one meld number, not 1000 (@1 @1 @1 @1 ...)",
    }
    for text, part in cases.items():
        with pytest.raises(NotationError) as err:
            parse_action(text)
        message = str(err.value)
        assert part in message and len(message) < 300, message[:300]


def test_cards_in_any_case_in_every_reader() -> None:
    assert parse_cards("7h 10s q♠ jk Th") == parse_cards("7H TS QS JK TH")
    state = game("classic")[40]
    doc = json.loads(json.dumps(state.to_dict()))
    doc["hands"] = [h.lower() for h in doc["hands"]]
    assert kanasta.State.from_dict(doc) == state  # positions too: one notation everywhere


# ---------------------------------------------------------------------------- constructors and names


def test_public_constructors_take_precise_types() -> None:
    """No public constructor takes ``object`` or ``Any`` where a precise type exists."""
    loose = []
    for name in kanasta.__all__:
        obj = getattr(kanasta, name)
        if inspect.isclass(obj) and attrs.has(obj):
            for arg, param in inspect.signature(obj.__init__).parameters.items():
                hint = str(param.annotation)
                if re.search(r"\b(object|Any)\b", hint):
                    loose.append(f"{name}.{arg}: {hint}")
    assert not loose
    assert inspect.signature(kanasta.Rules.__init__).parameters["players"].annotation in (int, "int")


def test_the_compiled_action_classes_are_typed_precisely_in_their_stub() -> None:
    """The action classes are compiled: their constructors' types are in kanasta._core's stub."""
    stub = ast.parse((Path(kanasta.__file__).parent / "_core" / "actions.pyi").read_text())
    hints: dict[str, dict[str, str]] = {}
    for node in stub.body:
        if isinstance(node, ast.ClassDef) and node.name in {cls.__name__ for cls in ACTION_TYPES}:
            new = next(f for f in node.body if isinstance(f, ast.FunctionDef) and f.name == "__new__")
            hints[node.name] = {a.arg: ast.unparse(a.annotation) for a in new.args.args[1:] if a.annotation}
    assert set(hints) == {cls.__name__ for cls in ACTION_TYPES}
    for cls in ACTION_TYPES:
        # the stub names the parameters the compiled constructor takes, in order
        names = list(inspect.signature(cls).parameters)
        assert names == list(hints[cls.__name__]), cls
    loose = [f"{c}.{a}: {h}" for c, args in hints.items() for a, h in args.items() if re.search(r"\b(object|Any)\b", h)]
    assert not loose
    assert hints["AddToMeld"] == {"meld": "int", "cards": "Iterable[Card]"}
    assert hints["TakePile"] == {"cards": "Iterable[Card]", "meld": "int | None"}


def test_a_bad_meld_number_is_still_refused_at_run_time() -> None:
    with pytest.raises((TypeError, ValueError)):
        kanasta.AddToMeld("zero", parse_cards("7H"))  # type: ignore[arg-type]
    with pytest.raises((TypeError, ValueError)):
        kanasta.TakePile(meld=-1)


def test_kanasta_for_another_player_count_is_a_config_error() -> None:
    for players in (2, 3, 5):
        with pytest.raises(kanasta.ConfigError) as err:
            kanasta.Rules.kanasta(players=players)
        assert err.value.field == "players"
        assert f"Kanasta is for 4 players, not {players}" in str(err.value) and "2, 3 or 4" in str(err.value)
    assert kanasta.Rules.kanasta(players=4) == kanasta.Rules.kanasta()
    with pytest.raises(kanasta.ConfigError, match="2, 3 or 4 players, not 5"):
        kanasta.Rules.classic(players=5)


def test_a_view_answers_the_states_questions_by_the_same_names() -> None:
    """What a seat may know is asked of its view as of the state: same names, same answers."""
    hidden = {"seed", "hands", "stock", "packets", "apply", "view", "explain", "to_dict", "from_dict",
              "describe", "history", "engine", "with_engine"}
    state_names = {n for n in dir(kanasta.State) if not n.startswith("_")} - hidden
    view_names = {n for n in dir(kanasta.PlayerView) if not n.startswith("_")}
    assert not state_names - view_names
    state = game("classic")[77]
    seat = state.current_player
    assert seat is not None
    view = state.view(seat)
    for name in sorted(state_names):
        mine, theirs = getattr(view, name), getattr(state, name)
        if callable(theirs):
            if name == "team_of":
                assert all(view.team_of(s) == state.team_of(s) for s in range(4))
            elif name == "is_legal":
                assert all(view.is_legal(a) for a in state.legal_actions())
                assert not view.is_legal(kanasta.AskPartner()) or state.is_legal(kanasta.AskPartner())
            else:
                assert mine() == theirs(), name
        elif name in ("events", "start_events"):  # as the seat saw them: hidden forms of others' draws
            assert mine == tuple(seen_by(e, seat) for e in theirs), name
        else:
            assert mine == theirs, name
