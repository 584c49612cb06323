"""Issue 11, the state side: states cross processes, histories cannot be rewritten, views are cheap.

Each test named after a finding of issue 11 (F4, F5, F7) reproduces it with
the public API and checks the fix.
"""

from __future__ import annotations

import copy
import gc
import operator
import pickle
import random
from concurrent.futures import ProcessPoolExecutor

import attrs
import pytest

import kanasta
from _games import game
from kanasta.actions import ACTION_TYPES
from kanasta.position import LogNode

pytestmark = pytest.mark.both_engines  # the rule tests run against both engines (tests/conftest.py)


def _finished_kanasta() -> kanasta.State:
    state = game("kanasta")[-1]
    assert state.is_game_over and len(state.history) >= 1800  # a real game's length, not a short one
    return state


# ------------------------------------------------------------------ F4


def test_f4_a_finished_kanasta_game_pickles_and_loads_equal_with_its_history() -> None:
    """F4: pickle.dumps failed from move 247 (RecursionError through the linked history)."""
    state = _finished_kanasta()
    for protocol in (2, pickle.HIGHEST_PROTOCOL):
        again = pickle.loads(pickle.dumps(state, protocol=protocol))
        assert again == state and hash(again) == hash(state)
        assert again.history == state.history and again.events == state.events
        assert again.start_events == state.start_events
        assert again.legal_actions() == state.legal_actions() == ()


def test_f4_every_position_of_a_game_pickles_to_an_equal_state_that_plays_on_the_same() -> None:
    """F4: a pickled mid-game state goes on exactly like the original (history and legal moves)."""
    states = game("classic-2")
    rng = random.Random(4)
    for state in rng.sample(states, 25):
        again = pickle.loads(pickle.dumps(state))
        assert again == state and again.history == state.history
        assert again.legal_actions() == state.legal_actions()
        if not state.is_game_over:
            move = state.legal_actions()[0]
            assert again.apply(move) == state.apply(move)
            assert again.apply(move).history == state.apply(move).history


def test_f4_copy_and_deepcopy_of_a_long_game_return_the_state_itself() -> None:
    """F4: copy.deepcopy(state) failed from move 140; a state never changes, so a copy is itself."""
    state = _finished_kanasta()
    assert copy.copy(state) is state
    assert copy.deepcopy(state) is state
    holder = {"state": state, "also": [state]}
    copied = copy.deepcopy(holder)
    assert copied["state"] is state and copied["also"][0] is state


def test_f4_a_history_of_twenty_thousand_moves_pickles_without_recursion() -> None:
    """F4: raising the recursion limit segfaulted at 20k moves; the history is written flat and rebuilt in a loop.

    (The steps of a finished game repeated: the pickling does not look at what they say.)
    """
    state = _finished_kanasta()
    steps = state.history * 11
    long = attrs.evolve(state, log=LogNode.chain(steps))
    assert len(long.history) > 20_000
    again = pickle.loads(pickle.dumps(long))
    assert again == long and again.history == steps
    assert copy.deepcopy(long) is long


def test_f4_finished_kanasta_games_cross_a_process_pool_both_ways() -> None:
    """F4: ProcessPoolExecutor failed both ways; a worker gets the state and sends back states and views."""
    state = _finished_kanasta()
    middle = game("kanasta")[900]
    move = middle.legal_actions()[0]
    with ProcessPoolExecutor(max_workers=1) as pool:
        history = pool.submit(operator.attrgetter("history"), state).result()
        after = pool.submit(kanasta.State.apply, middle, move).result()
        view = pool.submit(kanasta.State.view, middle, 1).result()
        back = pool.submit(copy.copy, state).result()
    assert history == state.history
    assert after == middle.apply(move) and after.history == middle.apply(move).history
    assert view == middle.view(1)
    assert back == state and back.history == state.history


# ------------------------------------------------------------------ F5: the history


def test_f5_a_history_link_cannot_be_changed_to_forge_a_later_view() -> None:
    """F5: ``state._log.seen[2] = ...`` rewrote seat 2's view in every later state."""
    states = game("classic")
    state = states[40]
    before = state.view(2)
    node = state._log
    assert node is not None
    with pytest.raises(AttributeError):
        node.step = node.prev.step  # type: ignore[misc, union-attr]
    with pytest.raises(AttributeError):
        node.prev = None  # type: ignore[misc]
    with pytest.raises(AttributeError):
        node.views = ()  # type: ignore[misc]
    with pytest.raises(TypeError):
        node.views[2] = None  # type: ignore[index]  # a tuple: no item assignment
    with pytest.raises(AttributeError):
        del node.step
    assert not hasattr(node, "seen") and not hasattr(node, "__dict__")
    assert state.view(2) == before and states[41].view(2).history[:-1] == tuple(before.history)


def test_f5_a_views_history_cannot_be_changed() -> None:
    """F5: a view's history is an immutable sequence; its links refuse changes too."""
    view = game("classic")[30].view(1)
    history = view.history
    with pytest.raises(TypeError):
        history[0] = history[1]  # type: ignore[index]
    with pytest.raises(AttributeError):
        history._head = None  # type: ignore[misc]
    with pytest.raises(AttributeError):
        history._head.step = history[0]  # type: ignore[misc, union-attr]
    assert history == tuple(history) and len(history) == 30


# ------------------------------------------------------------------ F7: views share the history


def test_f7_views_of_later_positions_share_the_history_of_earlier_ones() -> None:
    """F7: view() rebuilt the whole history (5 ms at 20k moves); now a later view reuses the steps."""
    states = game("kanasta")
    early, late = states[600].view(3), states[1500].view(3)
    assert late.history[599] is early.history[599]  # the same step object: shared, not rebuilt
    assert tuple(late.history[:600]) == tuple(early.history)
    # each seat's steps are its own filtered form (E-4)
    for seat in range(4):
        for seen in states[1500].view(seat).history[-40:]:
            for event in seen.events:
                if isinstance(event, kanasta.CardsDrawn):
                    assert event.seat == seat


def test_f7_a_history_equals_tuples_and_histories_with_the_same_steps() -> None:
    """F7: the shared history keeps the sequence behaviour of the tuple it replaced."""
    state = game("classic-3")[50]
    history = state.view(0).history
    steps = tuple(history)
    assert history == steps and steps == tuple(kanasta.SeenHistory(steps))
    assert kanasta.SeenHistory(steps) == history and hash(kanasta.SeenHistory(steps)) == hash(history)
    assert history[-1] == steps[-1] and history[-3] == steps[-3] and history[0] == steps[0]
    assert list(history[2:5]) == list(steps[2:5]) and len(history) == 50
    assert pickle.loads(pickle.dumps(history)) == history
    with pytest.raises(IndexError):
        kanasta.SeenHistory()[-1]
    with pytest.raises(TypeError):
        kanasta.SeenHistory([state.history[0]])  # type: ignore[list-item]  # a Step is not a SeenStep


# ------------------------------------------------------------------ F5: actions


def _play_state() -> kanasta.State:
    state = kanasta.new_game(kanasta.Rules.classic(), seed=1).apply(kanasta.Draw())
    assert state.phase is kanasta.Phase.PLAY
    return state


def _refused(state: kanasta.State, action: object) -> str:
    """``action`` is refused by is_legal, explain and apply with rule E-5; returns the message."""
    assert state.is_legal(action) is False  # type: ignore[arg-type]
    message = state.explain(action)  # type: ignore[arg-type]
    assert message is not None and message.endswith("[E-5]") and len(message) < 300
    with pytest.raises(kanasta.IllegalActionError) as info:
        state.apply(action)  # type: ignore[arg-type]
    assert info.value.rule == "E-5"
    return message


@pytest.mark.parametrize("kind", ACTION_TYPES, ids=lambda k: k.__name__)
def test_f5_no_action_class_can_be_subclassed(kind: type) -> None:
    """F5: a Discard subclass with the hand in its __dict__ reached the partner's views; no subclass exists now."""
    with pytest.raises(TypeError, match="not an acceptable base type"):
        type("Carrier", (kind,), {"__slots__": ("__dict__",)})


def test_f5_a_lookalike_of_an_action_class_is_refused_and_reaches_no_view() -> None:
    """F5: an object that only looks like a move (same name, same field, a hand in its __dict__) is refused."""
    state = _play_state()
    seat = state.current_player
    assert seat is not None

    class Discard:
        def __init__(self, card: kanasta.Card) -> None:
            self.card = card
            self.hand = state.hands[seat]

        def __str__(self) -> str:
            return f"discard {self.card}"

    assert "not a kanasta action class" in _refused(state, Discard(state.hands[seat][0]))
    after = state.apply(kanasta.Discard(state.hands[seat][0]))
    assert type(after.history[-1].action) is kanasta.Discard
    assert type(after.view((seat + 2) % 4).history[-1].action) is kanasta.Discard


def test_f5_an_object_whose_eq_always_says_yes_is_not_legal() -> None:
    """F5: a subclass with an always-true __eq__ made is_legal say yes to a card not in hand; an object
    that equals everything is still no move."""
    state = _play_state()
    seat = state.current_player
    assert seat is not None

    class Agreeable:
        def __eq__(self, other: object) -> bool:
            return True

        def __hash__(self) -> int:
            return hash(kanasta.Discard(state.hands[seat][0]))

    _refused(state, Agreeable())


def test_f5_apply_keeps_the_move_and_nothing_can_change_it() -> None:
    """F5: changing the move object after apply (around its frozen class) changed the history; now it cannot."""
    state = _play_state()
    seat = state.current_player
    assert seat is not None
    card, other = state.hands[seat][0], state.hands[seat][1]
    move = kanasta.Discard(card)
    after = state.apply(move)
    assert after.history[-1].action == move
    for change in (lambda: object.__setattr__(move, "card", other), lambda: setattr(move, "card", other)):
        with pytest.raises(AttributeError):
            change()
    with pytest.raises(AttributeError):
        move.__dict__  # noqa: B018  # (no dict to write into)
    assert move.card is card
    assert after.history[-1].action == kanasta.Discard(card)
    assert str(after.view(seat).history[-1].action) == f"discard {card}"


@pytest.mark.parametrize(
    "kind", [kanasta.TakePile, kanasta.LayMeld, kanasta.AddToMeld, kanasta.ExtendRun, kanasta.Discard,
             kanasta.AnswerPartner],
)
def test_f5_an_action_cannot_be_made_around_its_constructor(kind: type) -> None:
    """F5/F6: ``object.__new__(Discard)`` made a move without its fields; now only the constructor makes one."""
    with pytest.raises(TypeError, match="is not safe"):
        object.__new__(kind)
    made = kind.__new__(kind, *_ARGS[kind])  # __new__ is the constructor: it checks its fields
    assert type(made) is kind and made == kind(*_ARGS[kind])


_ARGS: dict[type, tuple[object, ...]] = {
    kanasta.TakePile: (kanasta.parse_cards("7C 7D"),), kanasta.LayMeld: (kanasta.parse_cards("7C 7D 7H"),),
    kanasta.AddToMeld: (0, kanasta.parse_cards("7C")), kanasta.ExtendRun: (0, kanasta.parse_cards("4H 5H 6H 7H")),
    kanasta.Discard: (kanasta.parse_card("7C"),), kanasta.AnswerPartner: (True,),
}


@pytest.mark.parametrize("kind", list(_ARGS), ids=lambda k: k.__name__)
def test_f5_an_object_left_without_its_fields_is_no_move_until_an_unpickler_fills_it_once(kind: type) -> None:
    """``cls.__new__(cls)`` alone (how a pickle written by the attrs classes is read) makes an object
    with no fields: it is refused (E-5), has no hash and no field; its fields come once, checked
    (``__setstate__``, the attrs pickles' state), and never change afterwards."""
    state = _play_state()
    bare = kind.__new__(kind)
    assert "not made by its constructor" in _refused(state, bare)
    with pytest.raises(TypeError):
        hash(bare)
    with pytest.raises(AttributeError):
        getattr(bare, kind.__match_args__[-1])
    made = kind(*_ARGS[kind])
    fields = dict(zip(kind.__match_args__, (getattr(made, name) for name in kind.__match_args__), strict=True))
    with pytest.raises(kanasta.ActionError):
        bare.__setstate__({**fields, kind.__match_args__[-1]: "bad"})
    bare.__setstate__(fields)
    assert bare == made and hash(bare) == hash(made) and str(bare) == str(made)
    bare.__setstate__(fields)  # the same fields again: nothing changes
    other = kind(*_ARGS_OTHER[kind])
    with pytest.raises(AttributeError, match="cannot be changed"):
        bare.__setstate__(dict(zip(kind.__match_args__, (getattr(other, n) for n in kind.__match_args__), strict=True)))
    assert bare == made
    if kind is not kanasta.TakePile:  # (a take's fields all have defaults: TakePile() is "take")
        with pytest.raises(TypeError, match="missing 1 required argument"):
            kind()


_ARGS_OTHER: dict[type, tuple[object, ...]] = {
    kanasta.TakePile: (kanasta.parse_cards("8C 8D"),), kanasta.LayMeld: (kanasta.parse_cards("8C 8D 8H"),),
    kanasta.AddToMeld: (1, kanasta.parse_cards("7C")), kanasta.ExtendRun: (1, kanasta.parse_cards("4H 5H 6H 7H")),
    kanasta.Discard: (kanasta.parse_card("8C"),), kanasta.AnswerPartner: (False,),
}


def test_f5_a_negative_meld_number_is_refused_not_the_last_meld() -> None:
    """F5/F6: ``AddToMeld(meld=-1)`` added to the team's last meld and wrote a record that no longer loads."""
    with pytest.raises(kanasta.ActionError) as info:
        kanasta.AddToMeld(-1, kanasta.parse_cards("7C"))
    assert isinstance(info.value, ValueError) and isinstance(info.value, TypeError)
    forged = kanasta.AddToMeld(0, kanasta.parse_cards("7C"))
    with pytest.raises(AttributeError):
        object.__setattr__(forged, "meld", -1)
    assert forged.meld == 0


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("cards", [kanasta.parse_card("7C")]),  # a list: not what the constructor stores
        ("cards", ("7C",)),  # text, not a card
        ("cards", (kanasta.parse_card("7C"),) * 200),  # more cards than the deck
        ("meld", True),  # a bool is not a meld number
        ("meld", 10**5000),  # printing it raised ValueError (over 4,300 digits)
        ("meld", 2.0),
    ],
    ids=["list", "text", "200-cards", "bool", "5000-digits", "float"],
)
def test_f6_no_field_of_an_action_can_be_forged(field: str, value: object) -> None:
    """F6: fields forged around the constructor reached the engines; now none can be set, and the
    constructor refuses each value with the library's error and a short message."""
    state = _play_state()
    forged = kanasta.AddToMeld(0, kanasta.parse_cards("7C"))
    with pytest.raises(AttributeError):
        object.__setattr__(forged, field, value)
    assert forged == kanasta.AddToMeld(0, kanasta.parse_cards("7C"))
    args = {"meld": 0, "cards": kanasta.parse_cards("7C"), field: value}
    if isinstance(value, list):  # any iterable of cards is accepted, and stored as a tuple
        assert kanasta.AddToMeld(**args).cards == tuple(value)  # type: ignore[arg-type]
    else:
        with pytest.raises(kanasta.ActionError) as info:
            kanasta.AddToMeld(**args)  # type: ignore[arg-type]
        assert len(str(info.value)) < 200
    assert state.is_legal(forged) in (True, False)


def test_f6_a_set_is_stored_in_its_constructors_order() -> None:
    """E-5: a meld's cards are as its constructor stores them, and cannot be changed afterwards."""
    forged = kanasta.LayMeld(kanasta.parse_cards("JK 7D 7C"))
    assert forged.cards == kanasta.parse_cards("7C 7D JK")
    with pytest.raises(AttributeError):
        object.__setattr__(forged, "cards", kanasta.parse_cards("JK 7C 7D"))
    assert forged.cards == kanasta.parse_cards("7C 7D JK")


def test_f6_a_huge_meld_number_in_text_is_a_notation_error_with_a_short_message() -> None:
    """F6: ``add @111…`` (5,000 digits) raised a plain ValueError; and messages quote a bad token cut short."""
    with pytest.raises(kanasta.NotationError) as info:
        kanasta.parse_action("add @" + "1" * 5000 + " 7C")
    assert len(str(info.value)) < 300
    with pytest.raises(kanasta.NotationError) as info:
        kanasta.parse_action("frobnicate" * 100_000)
    assert len(str(info.value)) < 300


# ------------------------------------------------------------------ F5: the seed


def test_f5_new_game_without_a_seed_draws_a_secret_64_bit_seed() -> None:
    """F5: a small seed is found from one's own first hand by brute force; with no seed, a secret one is drawn."""
    rules = kanasta.Rules.kanasta()
    seeds = {kanasta.new_game(rules).seed for _ in range(8)}
    assert len(seeds) == 8  # eight 64-bit draws: a repeat has probability ~2**-58
    assert all(0 <= seed < 2**64 for seed in seeds)
    assert max(seeds) >= 2**40  # 8 draws all below 2**40: probability 2**-192
    # a given seed stays reproducible
    assert kanasta.new_game(rules, seed=73_421) == kanasta.new_game(rules, 73_421)
    with pytest.raises(kanasta.ConfigError):
        kanasta.new_game(rules, seed=-1)


# ------------------------------------------------------------------ F7: bounded hands


def _pile_taker(state: kanasta.State) -> kanasta.Action:
    """Always take the pile, else discard: the players of F7's endless Kanasta hand."""
    actions = state.legal_actions()
    for action in actions:
        if isinstance(action, kanasta.TakePile):
            return action
    discards = [a for a in actions if isinstance(a, kanasta.Discard)]
    return discards[0] if discards else actions[0]


def test_f7_a_hand_where_everyone_takes_the_pile_ends_at_the_move_limit() -> None:
    """F7: players who always take the pile never end a Kanasta hand; hand_move_limit ends it at the end of a turn."""
    rules = attrs.evolve(kanasta.Rules.kanasta(), hand_move_limit=120)
    state = kanasta.new_game(rules, seed=3)
    stock = len(state.stock)
    while state.hand_number == 1:
        before = state
        state = state.apply(_pile_taker(state))
        assert state.hand_moves == (before.hand_moves + 1 if state.hand_number == 1 else 0)
    moves = len(state.history)
    assert 120 <= moves < 120 + 40  # the turn that reached 120 moves was finished, no more
    last = state.history[-1]
    assert isinstance(last.action, kanasta.Discard)  # it ended at the end of a turn
    assert len(before.stock) == stock  # no one drew: without the limit the hand would go on
    result = state.hand_results[0]
    assert result.ended_by == "move_limit" and result.went_out is None
    # scored as a hand that ended with the stock: no going-out points, the table less the hands
    for team in result.teams:
        assert team.going_out_points == 0
    ended = [e for e in last.events if isinstance(e, kanasta.HandEnded)]
    assert ended and ended[0].result == result
    assert state.hand_number == 2 and state.phase is kanasta.Phase.DRAW


def test_f7_the_move_count_is_part_of_the_position_and_of_the_view() -> None:
    """F7: the count survives to_dict/from_dict and pickling, views show it, a sampled state keeps it."""
    rules = attrs.evolve(kanasta.Rules.classic(players=2), hand_move_limit=500)
    state = kanasta.new_game(rules, seed=9)
    for _ in range(25):
        state = state.apply(state.legal_actions()[0])
    assert state.hand_moves == 25
    doc = state.to_dict()
    assert doc["hand_moves"] == 25 and kanasta.State.from_dict(doc) == state
    assert pickle.loads(pickle.dumps(state)).hand_moves == 25
    view = state.view(state.current_player)  # type: ignore[arg-type]
    assert view.hand_moves == 25 and kanasta.sample_state(view, 1).hand_moves == 25
    # without a limit nothing is counted and documents do not carry the key
    plain = kanasta.new_game(kanasta.Rules.classic(players=2), seed=9).apply(kanasta.Draw())
    assert plain.hand_moves == 0 and "hand_moves" not in plain.to_dict()
    with pytest.raises(kanasta.SerializationError):
        kanasta.State.from_dict(dict(plain.to_dict(), hand_moves=3))


@pytest.mark.parametrize("value", [0, -5, 10**9 + 1, True, 7.0])
def test_f7_the_move_limit_is_validated(value: object) -> None:
    """F7: hand_move_limit is None or an int from 1 to 10**9."""
    with pytest.raises(kanasta.ConfigError) as info:
        attrs.evolve(kanasta.Rules.kanasta(), hand_move_limit=value)
    assert info.value.field == "hand_move_limit"


# ------------------------------------------------------------------ F5: what a view holds


def _reachable(root: object) -> list[object]:
    """Every object reachable from ``root`` by references (gc.get_referents), root included."""
    import gc

    seen: dict[int, object] = {id(root): root}
    todo = [root]
    while todo:
        for child in gc.get_referents(todo.pop()):
            if id(child) not in seen and not isinstance(child, type):
                seen[id(child)] = child
                todo.append(child)
    return list(seen.values())


def test_f5_nothing_reachable_from_a_view_is_a_state_a_history_link_or_a_hidden_card() -> None:
    """F5 / E-4: following references from a view never reaches a State, the full history, or a card it may not see."""
    states = game("kanasta")
    state = states[700]
    for seat in range(4):
        view = state.view(seat)
        objects = _reachable(view)
        assert not any(isinstance(o, (kanasta.State, LogNode, kanasta.Step)) for o in objects)
        drawn = [o for o in objects if isinstance(o, kanasta.CardsDrawn)]
        assert all(event.seat == seat for event in drawn)
        other_hands = {id(state.hands[s]) for s in range(4) if s != seat and state.hands[s]}
        assert not any(id(o) in other_hands for o in objects)


def _mutate(obj: object, name: str, value: object) -> None:
    """What a careless caller does to a frozen object it was handed (``object.__setattr__``, bypassing ``frozen``)."""
    object.__setattr__(obj, name, value)


def test_r5_a_listed_move_cannot_be_changed_by_its_caller_and_is_shared_safely() -> None:
    """Issue 25 R5: a listed move object its caller rewrote changed the history of the game it was played
    in.  Now no move object can be changed, so every game may hand out the same object for a move."""
    first = kanasta.new_game(kanasta.Rules.classic(), seed=11).apply(kanasta.Draw())
    mine = first.legal_actions()[-1]
    assert isinstance(mine, kanasta.Discard)
    played = mine.card
    after = first.apply(mine)
    joker = kanasta.parse_card("JK")
    assert played != joker
    with pytest.raises(AttributeError):
        _mutate(mine, "card", joker)
    assert mine.card is played and after.history[-1].action == kanasta.Discard(played)
    assert kanasta.GameRecord.from_state(after, check=False).to_dict()["moves"][-1] == f"discard {played}"
    assert after.pile[-1] == played
    other = kanasta.new_game(kanasta.Rules.classic(), seed=11).apply(kanasta.Draw())
    theirs = other.legal_actions()[-1]
    assert theirs == kanasta.Discard(played)
    assert other.apply(theirs).history[-1].action == kanasta.Discard(played)


def test_r5_a_history_or_table_object_changed_by_its_caller_is_not_another_games() -> None:
    """Issue 25 R5: the objects of one game's history and table (moves, melds, turn) are not another game's."""
    states = game("classic")[:400]
    a = states[-1]
    assert any(a.melds)
    b = kanasta.State.from_dict(a.to_dict()).apply(a.legal_actions()[0])  # another game, same table
    b_meld = next(m for team in b.melds for m in team)
    a_meld = next(m for team in a.melds for m in team)
    assert a_meld == b_meld and a_meld is not b_meld
    c = kanasta.State.from_dict(a.to_dict())  # another game, same position
    assert c.turn == a.turn and c.turn is not a.turn
    step = a.history[-1]
    twin = kanasta.State.from_dict(states[-2].to_dict()).apply(step.action)
    assert twin.history[-1].action == step.action  # (a move object is immutable: it may be shared)
    with pytest.raises(AttributeError):
        _mutate(step.action, "cards" if hasattr(step.action, "cards") else "card", ())


def _spoil(obj: object) -> None:
    """Change every field of a frozen object as a careless caller might (``object.__setattr__``)."""
    joker, ace = kanasta.parse_cards("JK AC")
    for field in attrs.fields(type(obj)):
        value = getattr(obj, field.name)
        if isinstance(value, bool):
            spoiled: object = not value
        elif isinstance(value, int):
            spoiled = value + 1
        elif isinstance(value, tuple):
            spoiled = (*value, joker)
        elif isinstance(value, kanasta.Card):
            spoiled = ace if value == joker else joker
        elif value is None:
            spoiled = 0
        else:
            spoiled = "spoiled"
        _mutate(obj, field.name, spoiled)


def _random_line(seed: int, moves: int) -> tuple[list[list[str]], list[str]]:
    """A seeded random Classic game's first ``moves`` moves: each state's listing and events, as text,
    read before anything is changed; then every event object of the game is changed (:func:`_spoil`)
    and let go, with the game (every move object is tried too: none can be changed)."""
    rng = random.Random(seed)
    state = kanasta.new_game(kanasta.Rules.classic(), seed)
    listings: list[list[str]] = []
    events: list[str] = []
    made: list[object] = []
    for _ in range(moves):
        listed = state.legal_actions()
        listings.append([str(a) for a in listed])
        events.append(repr(state.events))
        made.extend(e for e in state.events if not isinstance(e, kanasta.HandEnded))
        for action in listed:
            with pytest.raises(AttributeError):
                _mutate(action, "card", kanasta.JOKER)
        state = state.apply(rng.choice(listed))
    for obj in {id(o): o for o in made}.values():
        _spoil(obj)
    del made, obj, listed
    del state  # the game ends last: its objects are no longer held here
    return listings, events


def test_r5_an_ended_games_changed_objects_reach_no_later_game() -> None:
    """Issue 25 R5 after a game ends: an ended game's event objects, changed by their caller and let go,
    or still held, reach no later game (as a pool of ended games' objects would, unless it checked
    each): a later game of the same seed lists the same moves and events as the first did before the
    change.  (Move objects cannot be changed: every game shares them.)"""
    want_listings, want_events = _random_line(21, 300)
    gc.collect()
    rng = random.Random(21)
    state = kanasta.new_game(kanasta.Rules.classic(), 21)
    for listing, events in zip(want_listings, want_events, strict=True):
        listed = state.legal_actions()
        assert [str(a) for a in listed] == listing
        assert repr(state.events) == events
        state = state.apply(rng.choice(listed))
