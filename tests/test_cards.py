"""Cards, the deck and the card notation (RULES G-DECK-1, G-DECK-2, G-WILD-1, E-5).

Expected values are written out here from the rules (docs/rules.rst), not read back from the code:
the ranks A 2 3 4 5 6 7 8 9 10 J Q K, the suits clubs, diamonds, hearts, spades
(G-DECK-2), two packs plus four jokers (G-DECK-1), jokers and 2s wild (G-WILD-1).
"""

from __future__ import annotations

import copy
import pickle
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kanasta import (
    DECK,
    JOKER,
    Card,
    KanastaError,
    NotationError,
    Rank,
    Suit,
    all_cards,
    format_cards,
    parse_card,
    parse_cards,
)

RANK_LETTERS = "A23456789TJQK"  # G-DECK-2, T for ten in the plain notation
SUIT_LETTERS = "CDHS"  # clubs, diamonds, hearts, spades (G-DECK-2)
SUIT_SYMBOLS = "♣♦♥♠"
NATURAL_TEXTS = [r + s for r in RANK_LETTERS for s in SUIT_LETTERS]
ALL_TEXTS = NATURAL_TEXTS + ["JK"]
ALL_CARDS = [parse_card(t) for t in ALL_TEXTS]


# --------------------------------------------------------------------------- deck


def test_g_deck_1_deck_has_108_cards() -> None:
    assert len(DECK) == 108
    assert all(isinstance(c, Card) for c in DECK)


def test_g_deck_1_g_deck_2_53_distinct_cards() -> None:
    """52 naturals (13 ranks x 4 suits) and the joker (G-DECK-1, G-DECK-2)."""
    distinct = set(DECK)
    assert len(distinct) == 53
    assert distinct == set(ALL_CARDS)
    assert sum(1 for c in distinct if not c.is_joker) == 52


def test_g_deck_1_each_natural_twice_joker_four_times() -> None:
    counts = Counter(DECK)
    assert counts[JOKER] == 4
    for text in NATURAL_TEXTS:
        assert counts[parse_card(text)] == 2, text


def test_g_deck_1_all_cards_gives_the_53_distinct_cards_once() -> None:
    cards = all_cards()
    assert len(cards) == 53
    assert len(set(cards)) == 53
    assert set(cards) == set(DECK)
    assert list(cards) == sorted(cards)
    assert cards[-1] is JOKER


def test_g_deck_2_every_rank_suit_pair_is_a_card() -> None:
    pairs = {(c.rank, c.suit) for c in DECK if not c.is_joker}
    assert pairs == {(r, s) for r in Rank for s in Suit}
    assert len(Rank) == 13 and len(Suit) == 4


def test_g_deck_2_joker_has_no_rank_or_suit() -> None:
    assert JOKER.rank is None and JOKER.suit is None
    assert JOKER.is_joker
    assert Card() is JOKER
    assert sum(1 for c in all_cards() if c.is_joker) == 1


def test_deck_is_in_canonical_sorted_order() -> None:
    assert list(DECK) == sorted(DECK)


# ------------------------------------------------------------------- rank & suit


@pytest.mark.parametrize("number, letter", list(enumerate(RANK_LETTERS, 1)))
def test_g_deck_2_rank_numbers_and_symbols(number: int, letter: str) -> None:
    rank = Rank(number)
    assert rank.value == number
    assert rank.symbol == letter
    assert Rank.from_symbol(letter) is rank


def test_g_deck_2_rank_names() -> None:
    assert Rank.ACE.value == 1 and Rank.TEN.value == 10 and Rank.KING.value == 13
    assert Rank.JACK.symbol == "J" and Rank.QUEEN.symbol == "Q" and Rank.TEN.symbol == "T"


def test_g_deck_2_rank_from_symbol_accepts_10_for_ten() -> None:
    assert Rank.from_symbol("10") is Rank.TEN


@pytest.mark.parametrize("text", ["1", "0", "11", "t", "a", "", "X", "10 ", "JK", "AA"])
def test_e_5_rank_from_symbol_refuses_bad_text(text: str) -> None:
    with pytest.raises(NotationError) as info:
        Rank.from_symbol(text)
    assert repr(text) in str(info.value)


@pytest.mark.parametrize("value", [None, 10, 1.0, ["A"], b"A"])
def test_e_5_rank_from_symbol_refuses_non_text(value: object) -> None:
    """E-5: bad input gives the library's own error, never a TypeError of Python's."""
    with pytest.raises(NotationError):
        Rank.from_symbol(value)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "suit, letter, symbol, red",
    [
        (Suit.CLUBS, "C", "♣", False),
        (Suit.DIAMONDS, "D", "♦", True),
        (Suit.HEARTS, "H", "♥", True),
        (Suit.SPADES, "S", "♠", False),
    ],
)
def test_g_deck_2_suit_helpers(suit: Suit, letter: str, symbol: str, red: bool) -> None:
    assert suit.symbol == letter
    assert suit.pretty == symbol
    assert suit.is_red is red


def test_g_deck_2_suit_order_is_clubs_diamonds_hearts_spades() -> None:
    assert [s.symbol for s in sorted(Suit)] == list(SUIT_LETTERS)


# ------------------------------------------------------------ wild and 3s flags


@pytest.mark.parametrize("card", ALL_CARDS, ids=ALL_TEXTS)
def test_g_wild_1_jokers_and_twos_are_wild(card: Card) -> None:
    expected = card.is_joker or card.rank is Rank.TWO
    assert card.is_wild is expected


def test_g_wild_1_wild_card_count_in_deck() -> None:
    # 8 twos (two packs x 4 suits) + 4 jokers
    assert sum(1 for c in DECK if c.is_wild) == 12
    assert {str(c) for c in all_cards() if c.is_wild} == {"2C", "2D", "2H", "2S", "JK"}


def test_c_three_1_red_threes_are_3d_and_3h() -> None:
    assert {str(c) for c in all_cards() if c.is_red_three} == {"3D", "3H"}
    # C-SCORE-2 speaks of "all four" red 3s: two packs.
    assert sum(1 for c in DECK if c.is_red_three) == 4


def test_c_three_2_black_threes_are_3c_and_3s() -> None:
    assert {str(c) for c in all_cards() if c.is_black_three} == {"3C", "3S"}
    assert sum(1 for c in DECK if c.is_black_three) == 4


def test_joker_is_not_a_three() -> None:
    assert not JOKER.is_red_three and not JOKER.is_black_three


# ------------------------------------------------------------------- notation


@pytest.mark.parametrize("text", ALL_TEXTS)
def test_g_deck_2_str_round_trips_through_parse_card(text: str) -> None:
    card = parse_card(text)
    assert str(card) == text
    assert parse_card(str(card)) is card


@pytest.mark.parametrize("card", ALL_CARDS, ids=ALL_TEXTS)
def test_g_deck_2_pretty_round_trips_through_parse_card(card: Card) -> None:
    assert parse_card(card.pretty()) is card


@pytest.mark.parametrize("card", ALL_CARDS, ids=ALL_TEXTS)
def test_g_deck_2_parsed_card_has_the_written_rank_and_suit(card: Card) -> None:
    text = str(card)
    if text == "JK":
        assert card.is_joker
        return
    assert card.rank is Rank(RANK_LETTERS.index(text[0]) + 1)
    assert card.suit is Suit(SUIT_LETTERS.index(text[1]))


@pytest.mark.parametrize(
    "text, pretty",
    [("7H", "7♥"), ("TD", "10♦"), ("TS", "10♠"), ("AC", "A♣"), ("KS", "K♠"), ("2D", "2♦"), ("JK", "JK")],
)
def test_g_deck_2_pretty_form(text: str, pretty: str) -> None:
    assert parse_card(text).pretty() == pretty


@pytest.mark.parametrize("suit", SUIT_LETTERS)
def test_g_deck_2_ten_written_10_is_accepted(suit: str) -> None:
    assert parse_card("10" + suit) is parse_card("T" + suit)
    assert str(parse_card("10" + suit)) == "T" + suit


@pytest.mark.parametrize("letter, symbol", list(zip(SUIT_LETTERS, SUIT_SYMBOLS)))
def test_g_deck_2_suit_symbols_are_accepted(letter: str, symbol: str) -> None:
    for rank in RANK_LETTERS:
        assert parse_card(rank + symbol) is parse_card(rank + letter)
    assert parse_card("10" + symbol) is parse_card("T" + letter)


def test_parse_cards_keeps_order_and_duplicates() -> None:
    cards = parse_cards("7H 7D TS 10C 2C JK 7H JK")
    assert [str(c) for c in cards] == ["7H", "7D", "TS", "TC", "2C", "JK", "7H", "JK"]
    assert isinstance(cards, tuple)


@pytest.mark.parametrize(
    "text",
    ["7H 8H 9H", "7H,8H,9H", "7H, 8H, 9H", "  7H\t8H\n9H  ", "7H ,8H , 9H", ",7H 8H 9H,", "7H\r\n8H  9H"],
)
def test_parse_cards_separators_spaces_and_commas(text: str) -> None:
    assert parse_cards(text) == (parse_card("7H"), parse_card("8H"), parse_card("9H"))


@pytest.mark.parametrize("text", ["", " ", "\t\n", ","])
def test_parse_cards_of_no_cards_is_empty(text: str) -> None:
    assert parse_cards(text) == ()


def test_parse_cards_accepts_pretty_forms() -> None:
    assert parse_cards("10♥ Q♠ JK A♣") == parse_cards("TH QS JK AC")


def test_format_cards_plain_and_pretty() -> None:
    cards = parse_cards("TH JK 7C 2D")
    assert format_cards(cards) == "TH JK 7C 2D"
    assert format_cards(cards, pretty=True) == "10♥ JK 7♣ 2♦"
    assert format_cards([]) == ""
    assert format_cards(iter(cards)) == "TH JK 7C 2D"  # any iterable


@given(st.lists(st.sampled_from(ALL_CARDS), max_size=30))
def test_format_then_parse_round_trips(cards: list[Card]) -> None:
    assert parse_cards(format_cards(cards)) == tuple(cards)
    assert parse_cards(format_cards(cards, pretty=True)) == tuple(cards)


@given(
    st.lists(st.sampled_from(ALL_CARDS), min_size=1, max_size=20),
    st.lists(st.sampled_from([" ", ",", ", ", " , ", "\t", "\n", "   "]), min_size=20, max_size=20),
)
def test_parse_cards_any_separator_mix(cards: list[Card], seps: list[str]) -> None:
    text = str(cards[0]) + "".join(sep + str(c) for sep, c in zip(seps, cards[1:]))
    assert parse_cards(text) == tuple(cards)


# ------------------------------------------------------------------ bad input

BAD_TOKENS = {
    "unknown rank": ["1H", "0H", "BH", "1S", "14S", "1OH", "♥7", "ZZ"],
    "unknown suit": ["7X", "AE", "TZ", "7♡", "QQ", "KK", "10X", "77"],
    "too short": ["7", "H", "T", "♥", "A", "2"],
    "empty or blank": ["", " ", "\t", "\n"],
    "surrounding or inner space": [" 7H", "7H ", "7 H", "J K", "10 H"],
    "joker misspelled": ["J", "JO", "JOKER", "Joker", "joker", "JKR", "KJ", "JJ", "JKK", "J0"],
    "extra characters": ["7HH", "11H", "7H7", "AHS", "10HH", "1010H", "JKJK", "TTH", "100H", "7H."],
    "several cards in one token": ["7H,8H", "7H 8H", "7H,"],
}
ALL_BAD = [(kind, tok) for kind, toks in BAD_TOKENS.items() for tok in toks]


@pytest.mark.parametrize("kind, token", ALL_BAD, ids=[f"{k}:{t!r}" for k, t in ALL_BAD])
def test_e_5_parse_card_refuses_bad_token_naming_it(kind: str, token: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_card(token)
    err = info.value
    assert isinstance(err, KanastaError) and isinstance(err, ValueError)
    assert repr(token) in str(err), f"{kind}: message {str(err)!r} does not name {token!r}"


BAD_SINGLE_TOKENS = [
    (k, t)
    for k, t in ALL_BAD
    if k not in ("empty or blank", "surrounding or inner space", "several cards in one token")
]


@pytest.mark.parametrize("kind, token", BAD_SINGLE_TOKENS, ids=[f"{k}:{t!r}" for k, t in BAD_SINGLE_TOKENS])
def test_e_5_parse_cards_refuses_bad_token_naming_it_and_its_position(kind: str, token: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_cards(f"7H 8D {token} 9S")
    message = str(info.value)
    assert repr(token) in message
    assert "token 3" in message  # its position: the third token (documented in parse_cards)


def test_e_5_parse_cards_refuses_first_bad_token_even_after_good_ones() -> None:
    with pytest.raises(NotationError) as info:
        parse_cards("7H, 8D, 7X, 1H")
    assert "'7X'" in str(info.value)
    assert "'1H'" not in str(info.value)


@pytest.mark.parametrize("token", ["7h", "th", "ah", "qs", "kD", "Ts", "10h", "t♥", "q♠", "jk", "Jk", "jK"])
def test_cards_are_read_in_any_letter_case(token: str) -> None:
    """Typed cards need not be capitals: 7h, 10h, q♠ and jk read as 7H, TH, QS and JK."""
    assert parse_card(token) is parse_card(token.upper())
    assert parse_cards(f"7H {token}")[1] is parse_card(token.upper())


def test_a_huge_token_is_quoted_cut_short() -> None:
    """A 1 MB token is refused with its start and length, not echoed whole."""
    token = "A" * 1_000_000
    for read in (parse_card, parse_cards):
        with pytest.raises(NotationError) as info:
            read(token)
        message = str(info.value)
        assert len(message) < 200 and "'AAAAAAAAAAAAAAAAAAAA'... (1000000 characters)" in message


@pytest.mark.parametrize("token", ["J", "JO", "JOKER", "Joker", "joker"])
def test_e_5_joker_misspelling_message_says_how_to_write_a_joker(token: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_card(token)
    assert "JK" in str(info.value)


def test_e_5_unknown_suit_and_rank_messages_say_which_part_is_wrong() -> None:
    with pytest.raises(NotationError, match="suit"):
        parse_card("7X")
    with pytest.raises(NotationError, match="rank"):
        parse_card("1H")


@pytest.mark.parametrize("value", [None, 7, 7.0, b"7H", ["7H"], ("7", "H"), JOKER])
def test_e_5_parse_card_refuses_non_text(value: object) -> None:
    with pytest.raises(NotationError) as info:
        parse_card(value)  # type: ignore[arg-type]
    assert type(value).__name__ in str(info.value)


@pytest.mark.parametrize("value", [None, 7, b"7H 8H", ["7H", "8H"], ("7H",)])
def test_e_5_parse_cards_refuses_non_text(value: object) -> None:
    with pytest.raises(NotationError) as info:
        parse_cards(value)  # type: ignore[arg-type]
    assert type(value).__name__ in str(info.value)


@given(st.text(max_size=6))
def test_e_5_parse_card_never_raises_anything_but_notation_error(text: str) -> None:
    try:
        card = parse_card(text)
    except NotationError as err:
        assert repr(text) in str(err)
    else:
        assert isinstance(card, Card)
        assert card is parse_card(str(card))


@given(st.text(max_size=30))
def test_e_5_parse_cards_never_raises_anything_but_notation_error(text: str) -> None:
    try:
        cards = parse_cards(text)
    except NotationError:
        pass
    else:
        assert parse_cards(format_cards(cards)) == cards


# ------------------------------------------------------------- Card as a value


@pytest.mark.parametrize("card", ALL_CARDS, ids=ALL_TEXTS)
def test_cards_are_interned(card: Card) -> None:
    assert Card(card.rank, card.suit) is card
    assert Card.from_index(card.index) is card
    assert parse_card(str(card)) is card


def test_interning_example_seven_of_hearts() -> None:
    assert Card(Rank.SEVEN, Suit.HEARTS) is parse_card("7H")
    assert Card(7, 2) is parse_card("7H")  # plain ints are read as Rank / Suit values


def test_identical_deck_cards_are_the_same_object() -> None:
    """G-DECK-1: identical cards are interchangeable; the library never tells copies apart."""
    sevens = [c for c in DECK if str(c) == "7H"]
    assert len(sevens) == 2 and sevens[0] is sevens[1]


@pytest.mark.parametrize(
    "args",
    [
        (Rank.SEVEN, None),
        (None, Suit.HEARTS),
        (14, Suit.HEARTS),
        (0, Suit.HEARTS),
        (Rank.SEVEN, 4),
        ("7", "H"),
    ],
)
def test_e_5_bad_card_constructor_arguments_raise_notation_error(args: tuple[object, object]) -> None:
    with pytest.raises(NotationError):
        Card(*args)  # type: ignore[arg-type]


@pytest.mark.parametrize("index", [-1, 53, 100, True, "1", 1.0, None])
def test_e_5_from_index_refuses_bad_index(index: object) -> None:
    with pytest.raises(NotationError):
        Card.from_index(index)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", ["index", "rank", "suit", "_text", "colour"])
def test_card_is_immutable_set_and_delete(name: str) -> None:
    card = parse_card("7H")
    with pytest.raises(AttributeError):
        setattr(card, name, 1)
    with pytest.raises(AttributeError):
        delattr(card, name)
    assert str(card) == "7H" and card.rank is Rank.SEVEN and card.suit is Suit.HEARTS


@pytest.mark.parametrize("card", ALL_CARDS, ids=ALL_TEXTS)
def test_pickle_and_copy_keep_identity(card: Card) -> None:
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        assert pickle.loads(pickle.dumps(card, protocol)) is card
    assert copy.copy(card) is card
    assert copy.deepcopy(card) is card
    assert copy.deepcopy([card, card]) == [card, card]


def test_pickle_a_hand_keeps_identity() -> None:
    hand = parse_cards("7H 7H JK 2C")
    back = pickle.loads(pickle.dumps(hand))
    assert all(a is b for a, b in zip(back, hand))


@pytest.mark.parametrize("card", ALL_CARDS, ids=ALL_TEXTS)
def test_hash_is_index_and_consistent(card: Card) -> None:
    assert hash(card) == card.index
    assert hash(card) == hash(parse_card(str(card)))


def test_indexes_are_0_to_52_rank_major_ace_first_joker_last() -> None:
    assert [c.index for c in all_cards()] == list(range(53))
    # rank-major, suits in C D H S order within a rank (computed by hand: (rank-1)*4 + suit)
    assert parse_card("AC").index == 0
    assert parse_card("AS").index == 3
    assert parse_card("2C").index == 4
    assert parse_card("7H").index == 26
    assert parse_card("KS").index == 51
    assert JOKER.index == 52


def test_cards_in_a_set_or_dict() -> None:
    cards = parse_cards("7H 7H 7D JK JK")
    assert len(set(cards)) == 3
    assert Counter(cards) == {parse_card("7H"): 2, parse_card("7D"): 1, JOKER: 2}


def test_equality_is_by_card() -> None:
    assert parse_card("7H") == parse_card("7♥")
    assert parse_card("7H") != parse_card("7D")
    assert parse_card("7H") != "7H"


def test_ordering_rank_major_ace_first_joker_last() -> None:
    texts = ["JK", "KS", "AC", "2C", "AS", "TD", "7H", "7C"]
    assert [str(c) for c in sorted(parse_card(t) for t in texts)] == [
        "AC",
        "AS",
        "2C",
        "7C",
        "7H",
        "TD",
        "KS",
        "JK",
    ]
    seven, eight = parse_card("7S"), parse_card("8C")
    assert seven < eight and seven <= eight and eight > seven and eight >= seven
    same = parse_card("7♠")
    assert seven <= same and seven >= same
    assert not seven < same and not seven > same


@given(st.sampled_from(ALL_CARDS), st.sampled_from(ALL_CARDS))
def test_ordering_agrees_with_index(a: Card, b: Card) -> None:
    assert (a < b) == (a.index < b.index)
    assert (a <= b) == (a.index <= b.index)
    assert (a > b) == (a.index > b.index)
    assert (a >= b) == (a.index >= b.index)
    assert (a == b) == (a.index == b.index)


@pytest.mark.parametrize("other", [1, "7H", None, 26.0])
def test_ordering_against_non_cards_is_a_type_error(other: object) -> None:
    """Python convention: comparing with an unrelated type raises TypeError, not AttributeError."""
    card = parse_card("7H")
    with pytest.raises(TypeError):
        card < other  # type: ignore[operator]  # noqa: B015
    with pytest.raises(TypeError):
        card >= other  # type: ignore[operator]  # noqa: B015


def test_repr_names_the_card() -> None:
    assert repr(parse_card("TH")) == "Card('TH')"
    assert repr(JOKER) == "Card('JK')"
