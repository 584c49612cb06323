"""The action classes as values: compiled with the native core (``kanasta._core.actions``) and used by
both engines.  Their constructors' checks and messages (RULES E-5), equality, hashing, the text and
repr forms, pickling, copying, ``copy.replace``, ``match`` and weak references."""

from __future__ import annotations

import copy
import pickle
import weakref

import pytest

import kanasta
from kanasta import (
    ActionError,
    AddToMeld,
    AnswerPartner,
    AskPartner,
    Decline,
    Discard,
    Draw,
    ExtendRun,
    LayMeld,
    TakePile,
    parse_card,
    parse_cards,
)
from kanasta.actions import ACTION_TYPES, Action

SAMPLES: list[Action] = [
    Draw(),
    TakePile(),
    TakePile(parse_cards("2C KH"), meld=1),
    LayMeld(parse_cards("JK 7S 7H")),
    LayMeld(parse_cards("5H 6H JK")),
    AddToMeld(3, parse_cards("JK 7C")),
    ExtendRun(0, parse_cards("4H 5H 6H 7H")),
    Discard(parse_card("TH")),
    AskPartner(),
    AnswerPartner(True),
    AnswerPartner(False),
    Decline(),
]


def test_every_class_has_a_sample() -> None:
    assert {type(a) for a in SAMPLES} == set(ACTION_TYPES)


@pytest.mark.parametrize("action", SAMPLES, ids=str)
def test_an_action_pickles_copies_and_reads_back_as_itself(action: Action) -> None:
    loaded = pickle.loads(pickle.dumps(action))
    assert type(loaded) is type(action) and loaded == action and hash(loaded) == hash(action)
    assert copy.copy(action) is action and copy.deepcopy(action) is action  # nothing in it can change
    assert kanasta.parse_action(str(action)) == action
    assert weakref.ref(action)() is action


def test_the_repr_is_the_constructor_call_with_field_names() -> None:
    assert repr(TakePile()) == "TakePile(cards=(), meld=None)"
    assert repr(AddToMeld(3, parse_cards("JK 7C"))) == "AddToMeld(meld=3, cards=(Card('7C'), Card('JK')))"
    assert repr(Discard(parse_card("TH"))) == "Discard(card=Card('TH'))"
    assert repr(AnswerPartner(False)) == "AnswerPartner(permit=False)"
    assert repr(Draw()) == "Draw()"


def test_equality_is_by_class_and_fields() -> None:
    seven = parse_cards("7C 7D 7H")
    assert LayMeld(seven) == LayMeld(reversed(seven)) and hash(LayMeld(seven)) == hash(LayMeld(seven[::-1]))
    assert LayMeld(seven) != LayMeld(parse_cards("7C 7D 7S"))
    assert Draw() == Draw() and Draw() != AskPartner() and AskPartner() != Decline()
    assert AddToMeld(0, seven) != ExtendRun(0, seven)  # the same fields, another class
    assert AnswerPartner(True) != AnswerPartner(False)
    assert LayMeld(seven) != "meld 7C 7D 7H" and (LayMeld(seven) == "meld 7C 7D 7H") is False
    assert len({*SAMPLES, *(pickle.loads(pickle.dumps(a)) for a in SAMPLES)}) == len(SAMPLES)


def test_replace_makes_a_changed_action_through_the_constructor() -> None:
    add = AddToMeld(0, parse_cards("7C"))
    moved = add.__replace__(meld=2)  # copy.replace(add, meld=2) on Python 3.13
    assert moved == AddToMeld(2, parse_cards("7C")) and add.meld == 0
    assert add.__replace__(cards=parse_cards("JK 7D")).cards == parse_cards("7D JK")  # stored order again
    with pytest.raises(ActionError, match="from 0 to 9999"):
        add.__replace__(meld=10_000)
    with pytest.raises(TypeError, match="unexpected keyword argument 'run'"):
        add.__replace__(run=())


def test_match_reads_the_fields_in_constructor_order() -> None:
    def describe(action: Action) -> str:
        match action:
            case AddToMeld(meld, cards):
                return f"{len(cards)} to {meld}"
            case TakePile(cards, None):
                return f"take with {len(cards)}"
            case Discard(card):
                return f"drop {card}"
            case _:
                return "other"

    assert describe(AddToMeld(4, parse_cards("7C 7D"))) == "2 to 4"
    assert describe(TakePile(parse_cards("KH KS"))) == "take with 2"
    assert describe(TakePile(meld=1)) == "other"
    assert describe(Discard(parse_card("QS"))) == "drop QS"
    assert [cls.__match_args__ for cls in ACTION_TYPES] == [
        (), ("cards", "meld"), ("cards",), ("meld", "cards"), ("meld", "run"), ("card",), (), ("permit",), (),
    ]


def test_constructors_take_keywords_and_refuse_what_a_python_function_would() -> None:
    assert AddToMeld(cards=parse_cards("7C"), meld=1) == AddToMeld(1, parse_cards("7C"))
    assert TakePile(meld=None) == TakePile(()) == TakePile()
    with pytest.raises(TypeError, match="takes 2 positional arguments but 3 were given"):
        AddToMeld(1, parse_cards("7C"), 2)  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="multiple values for argument 'meld'"):
        AddToMeld(1, parse_cards("7C"), meld=2)  # type: ignore[misc]
    with pytest.raises(TypeError, match="unexpected keyword argument 'card'"):
        LayMeld(card=parse_card("7C"))  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="missing 1 required argument: 'cards'"):
        AddToMeld(1)  # type: ignore[call-arg]


BIG = 10**5000


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: AddToMeld(True, parse_cards("7C")), "a meld number must be an int, not True"),
        (lambda: AddToMeld(2.0, parse_cards("7C")), "a meld number must be an int, not a float"),
        (lambda: TakePile(meld=-1), "a meld number must be from 0 to 9999, not -1"),
        # hex(10**12) is "0xe8d4a51000": 12 characters, 12 * 6 // 5 = 14
        (lambda: ExtendRun(10**12, parse_cards("7C")), "from 0 to 9999, not a number of 14-odd digits"),
        (lambda: ExtendRun(10**12 - 1, parse_cards("7C")), "from 0 to 9999, not 999999999999"),
        # len(hex(10**5000)) is 4,155 (16,610 bits: 4,153 hex digits and "0x"); 4,155 * 6 // 5 = 4,986
        (lambda: AddToMeld(BIG, parse_cards("7C")), "from 0 to 9999, not a number of 4986-odd digits"),
        (lambda: AddToMeld(-BIG, parse_cards("7C")), "not -a number of 4987-odd digits"),
        (lambda: Discard("7H"), "expected a kanasta.Card, got a str (use kanasta.parse_card for text)"),
        (lambda: Discard(None), "expected a kanasta.Card, got None (use kanasta.parse_card for text)"),
        (lambda: LayMeld("7H 7S 7C"), "cards must be Card values (use kanasta.parse_cards for text)"),
        (lambda: LayMeld(b"7H"), "cards must be Card values (use kanasta.parse_cards for text)"),
        (lambda: LayMeld(5), "cards must be an iterable of kanasta.Card values, not 5"),
        (lambda: LayMeld([parse_card("7H"), 7]), "expected a kanasta.Card, got 7 (use kanasta.parse_cards for text)"),
        (lambda: LayMeld(parse_cards("JK") * 109), "a move holds at most 108 cards, not 109"),
        (lambda: AnswerPartner(1), "expected True or False, got 1"),
        (lambda: AnswerPartner("yes"), "expected True or False, got a str"),
    ],
    ids=lambda x: x if isinstance(x, str) else "",
)
def test_a_bad_field_is_refused_with_a_short_clear_message(make: object, message: str) -> None:
    """RULES E-5: the library's ActionError (a TypeError and a ValueError), never a huge or hostile repr."""
    with pytest.raises(ActionError) as info:
        make()  # type: ignore[operator]
    assert message in str(info.value)
    assert isinstance(info.value, TypeError) and isinstance(info.value, ValueError)


def test_an_iterable_that_fails_is_refused_and_its_own_error_is_kept() -> None:
    def broken():  # type: ignore[no-untyped-def]
        yield parse_card("7H")
        raise KeyError("inside")

    with pytest.raises(KeyError, match="inside"):
        LayMeld(broken())
    a_108 = LayMeld(parse_cards("JK") * 108)  # as many as the deck holds: a value, though never a legal move
    assert len(a_108.cards) == 108 and str(a_108).count("JK") == 108
    state = kanasta.new_game(kanasta.Rules.classic(), seed=1).apply(Draw())
    assert state.is_legal(a_108) is False


def test_a_set_is_stored_in_canonical_order_and_a_run_as_given() -> None:
    """K-MELD-5: a run's wild card stands where it is given; a set's cards are naturals, then wilds."""
    assert LayMeld(parse_cards("2C 9S 9D")).cards == parse_cards("9D 9S 2C")
    assert LayMeld(parse_cards("JK 5H 6H")).cards == parse_cards("JK 5H 6H")
    assert TakePile(parse_cards("2C KH")).cards == parse_cards("KH 2C")
    assert ExtendRun(0, parse_cards("JK 4H 5H")).run == parse_cards("JK 4H 5H")


def test_a_caller_made_move_equal_to_a_listed_one_is_played_as_the_listed_one() -> None:
    """The native engine plays an action equal to a listed move at once (an action cannot change), with
    the same result as the listed object and as the Python engine."""
    for engine in ("native", "python"):
        state = kanasta.new_game(kanasta.Rules.classic(), seed=2, engine=engine).apply(Draw())  # type: ignore[arg-type]
        listed = state.legal_actions()
        discard = next(a for a in listed if isinstance(a, Discard))
        mine = Discard(discard.card)
        assert mine == discard
        after = state.apply(mine)
        assert after == state.apply(discard) and after.history[-1].action == discard
        assert after.engine == engine
