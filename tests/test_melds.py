"""Melds: sets and runs, wild cards, canasta kinds and meld values.

Rules: K-MELD-1..8, K-VAL-1, C-MELD-1, C-MELD-2, C-MELD-4, C-THREE-1, C-THREE-2, C-VAL-1,
G-WILD-1, G-MELD-2; worked examples 1, 3, 7, 8, 9 (rules page).  Every expected value is
computed by hand from those texts (Kanasta values in halves, K-VAL-1).
"""

from __future__ import annotations

from fractions import Fraction

import attrs
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from kanasta import (
    JOKER,
    Card,
    IllegalActionError,
    KanastaError,
    Meld,
    MeldKind,
    Rank,
    Rules,
    Suit,
    parse_card,
    parse_cards,
)
from kanasta.melds import read_meld

K = Rules.kanasta()
C = Rules.classic()
HALF = Fraction(1, 2)
RANKS = "A23456789TJQK"


def meld(text: str, rules: Rules) -> Meld:
    return Meld.from_cards(parse_cards(text), rules)


def refused(text: str, rules: Rules) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as info:
        meld(text, rules)
    assert isinstance(info.value, KanastaError) and isinstance(info.value, ValueError)
    assert str(info.value).endswith(f"[{info.value.rule}]")
    return info.value


def run_text(suit: str, low: int, length: int) -> str:
    """A natural run from position ``low`` (1 = low ace ... 14 = high ace)."""
    return " ".join(RANKS[(p - 1) % 13] + suit for p in range(low, low + length))


# Kanasta card values, K-VAL-1, written out: A 1½, 3-7 ½, 8-K 1, joker 1, a 2 as wild 1,
# a 2 in its natural place ½.
K_VALUE = {"A": Fraction(3, 2), **dict.fromkeys("34567", HALF), **{r: Fraction(1) for r in "89TJQK"}}
# Classic card values, C-VAL-1: joker 50, A and 2 20, K-8 10, 7-4 and black 3 5.
C_VALUE = {"A": 20, "2": 20, **dict.fromkeys("34567", 5), **dict.fromkeys("89TJQK", 10)}


# ====================================================================== sets


def test_k_meld_1_c_meld_1_set_of_three_naturals() -> None:
    for rules in (K, C):
        m = meld("7H 7D 7C", rules)
        assert m.kind is MeldKind.SET
        assert m.rank is Rank.SEVEN
        assert m.suit is None and m.wild_index is None
        assert m.size == 3 and m.wild_count == 0 and m.natural_count == 3 and m.is_natural


def test_k_meld_1_set_may_hold_two_identical_cards() -> None:
    m = meld("7H 7H 7D", K)
    assert m.size == 3
    assert [str(c) for c in m.cards] == ["7D", "7H", "7H"]


@pytest.mark.parametrize("rules", [K, C], ids=["kanasta", "classic"])
@pytest.mark.parametrize("order", ["JK 7S 7H", "7H JK 7S", "7S 7H JK", "7H 7S JK"])
def test_set_cards_are_kept_in_canonical_order(rules: Rules, order: str) -> None:
    """A set's card order carries no meaning (K-MELD-5): naturals first in card order, then wilds."""
    m = meld(order, rules)
    assert [str(c) for c in m.cards] == ["7H", "7S", "JK"]
    assert m == meld("7H 7S JK", rules)
    assert hash(m) == hash(meld("7H 7S JK", rules))


def test_classic_set_canonical_order_several_wilds() -> None:
    m = meld("2D JK KS KH 2C", C)
    assert [str(c) for c in m.cards] == ["KH", "KS", "2C", "2D", "JK"]
    assert m.rank is Rank.KING
    assert m.wild_count == 3 and m.natural_count == 2


@given(st.permutations(parse_cards("9C 9D 9H 9S 9C 2H JK")))
def test_c_meld_1_set_any_order_same_meld(cards: list[Card]) -> None:
    m = Meld.from_cards(cards, C)
    assert m == meld("9C 9C 9D 9H 9S 2H JK", C)


@pytest.mark.parametrize("rank", list("3456789TJQKA"))
def test_k_meld_1_kanasta_sets_of_every_rank_3_to_a(rank: str) -> None:
    m = meld(f"{rank}C {rank}D {rank}S", K)
    assert m.kind is MeldKind.SET
    assert m.rank is Rank(RANKS.index(rank) + 1)


@pytest.mark.parametrize("rank", list("456789TJQKA"))
def test_c_meld_1_classic_sets_of_every_rank_4_to_a(rank: str) -> None:
    m = meld(f"{rank}C {rank}D {rank}S", C)
    assert m.kind is MeldKind.SET


def test_k_meld_4_kanasta_set_one_wild_allowed() -> None:
    for wild in ("2C", "JK"):
        m = meld(f"7H 7D {wild}", K)
        assert m.wild_count == 1 and m.natural_count == 2 and not m.is_natural


def test_k_meld_4_kanasta_set_of_nine_is_the_largest() -> None:
    """Two naturals at least, one wild at most: 8 naturals (two packs) + 1 wild = 9."""
    m = meld("7C 7C 7D 7D 7H 7H 7S 7S JK", K)
    assert m.size == 9 and m.wild_count == 1


@pytest.mark.parametrize("text", ["7H 7D 2C JK", "7H 7D 2C 2D", "7H 7D 7S JK JK", "AH AD AS AC 2C 2D"])
def test_k_meld_4_kanasta_set_with_two_wilds_refused(text: str) -> None:
    assert refused(text, K).rule == "K-MELD-4"


def test_k_meld_4_kanasta_set_needs_two_naturals() -> None:
    assert refused("7H 2C JK", K).rule == "K-MELD-4"


@pytest.mark.parametrize("text", ["2C 2D 2H", "2C 2C 2S 2S"])
def test_k_meld_1_no_sets_of_twos_in_kanasta(text: str) -> None:
    assert refused(text, K).rule in ("K-MELD-1", "K-MELD-4")


def test_k_meld_4_wild_cards_only_refused_in_kanasta() -> None:
    assert refused("JK JK JK", K).rule in ("K-MELD-1", "K-MELD-4")


@pytest.mark.parametrize("text", ["7H 7D", "7H", ""])
def test_k_meld_1_kanasta_set_needs_three_cards(text: str) -> None:
    assert refused(text, K).rule in ("K-MELD-1", "K-MELD-2")


def test_k_meld_1_kanasta_set_three_of_threes_allowed() -> None:
    """Kanasta has no red/black 3 rules: 3s form sets like any rank 3 to A (K-MELD-1)."""
    m = meld("3H 3D 3C", K)
    assert m.rank is Rank.THREE


# ---- Classic sets


def test_c_meld_1_classic_three_wilds_allowed() -> None:
    m = meld("7H 7D 2C 2D JK", C)
    assert m.wild_count == 3 and m.natural_count == 2


@pytest.mark.parametrize("text", ["7H 7D 7S 2C 2D 2H JK", "7H 7D 2C 2D JK JK", "KH KD KS KC 2C 2D 2H 2S"])
def test_c_meld_1_classic_more_than_three_wilds_refused(text: str) -> None:
    assert refused(text, C).rule == "C-MELD-1"


@pytest.mark.parametrize("text", ["7H 2C 2D", "7H 2C JK", "KH JK JK"])
def test_c_meld_1_classic_needs_two_naturals(text: str) -> None:
    assert refused(text, C).rule == "C-MELD-1"


@pytest.mark.parametrize("text", ["7H 7D", "7H", ""])
def test_c_meld_1_classic_needs_three_cards(text: str) -> None:
    assert refused(text, C).rule == "C-MELD-1"


@pytest.mark.parametrize("text", ["7H 8H 9H", "7H 7D 8H", "5H 6H JK"])
def test_c_meld_1_classic_has_no_runs(text: str) -> None:
    assert refused(text, C).rule == "C-MELD-1"


@pytest.mark.parametrize("text", ["2C 2D JK", "JK JK JK", "2C 2D 2H 2S"])
def test_c_meld_2_classic_wild_cards_only_refused(text: str) -> None:
    assert refused(text, C).rule in ("C-MELD-1", "C-MELD-2")


def test_c_meld_2_classic_no_sets_of_twos() -> None:
    """C-MELD-1: never 2s; a set of 2s is also wild cards only (C-MELD-2)."""
    assert refused("2C 2D 2H", C).rule in ("C-MELD-1", "C-MELD-2")


@pytest.mark.parametrize("text", ["3C 3S 3C", "3C 3S 3C 3S"])
def test_c_three_2_black_threes_refused_when_not_going_out(text: str) -> None:
    assert refused(text, C).rule == "C-THREE-2"


@pytest.mark.parametrize("text", ["3C 3S JK", "3C 3S 2D", "3C 3S 3C 2H"])
def test_c_three_2_black_threes_never_with_wilds(text: str) -> None:
    assert refused(text, C).rule == "C-THREE-2"


@pytest.mark.parametrize("text", ["3D 3H 3D", "3C 3S 3H"])
def test_c_three_1_red_threes_never_melded(text: str) -> None:
    assert refused(text, C).rule in ("C-THREE-1", "C-MELD-1")


@pytest.mark.parametrize("text", ["3C 3S 3C", "3C 3S 3C 3S"])
def test_c_three_2_black_threes_meld_allowed_when_going_out(text: str) -> None:
    m = read_meld(parse_cards(text), C, black_threes_ok=True)
    assert isinstance(m, Meld)
    assert m.rank is Rank.THREE and m.wild_count == 0
    assert m.value(C) == 5 * m.size  # black 3: 5 (C-VAL-1)


def test_c_three_2_black_threes_going_out_meld_still_takes_no_wild() -> None:
    problem = read_meld(parse_cards("3C 3S 3C JK"), C, black_threes_ok=True)
    assert isinstance(problem, tuple) and problem[0] == "C-THREE-2"


def test_c_meld_1_wilds_within_naturals_option() -> None:
    """Seed-003 option: wild cards never outnumber natural cards; only N N W W W changes."""
    strict = attrs.evolve(C, wilds_within_naturals=True)
    assert refused("7H 7D 2C 2D JK", strict).rule == "C-MELD-1"
    assert meld("7H 7D 7S 2C 2D JK", strict).wild_count == 3
    assert meld("7H 7D 2C 2D", strict).wild_count == 2
    assert meld("7H 7D 2C 2D JK", C).wild_count == 3  # default: allowed


def test_c_meld_3_classic_sets_have_no_size_limit() -> None:
    m = meld("KC KC KD KD KH KH KS KS 2C 2D JK", C)
    assert m.size == 11
    assert m.canasta_kind() == "dirty"


def test_k_meld_3_max_meld_size_option_applies_to_sets() -> None:
    small = attrs.evolve(C, max_meld_size=7)
    assert meld("KC KC KD KD KH KH KS", small).size == 7
    assert refused("KC KC KD KD KH KH KS KS", small).rule == "K-MELD-3"


# ====================================================================== runs


@pytest.mark.parametrize(
    "text, low, high, suit",
    [
        ("5H 6H 7H", 5, 7, Suit.HEARTS),
        ("AS 2S 3S", 1, 3, Suit.SPADES),
        ("QS KS AS", 12, 14, Suit.SPADES),
        ("JD QD KD AD", 11, 14, Suit.DIAMONDS),
        ("8C 9C TC JC QC", 8, 12, Suit.CLUBS),
        ("2H 3H 4H", 2, 4, Suit.HEARTS),
    ],
)
def test_k_meld_2_natural_runs(text: str, low: int, high: int, suit: Suit) -> None:
    m = meld(text, K)
    assert m.kind is MeldKind.RUN
    assert (m.low, m.high, m.suit) == (low, high, suit)
    assert m.rank is None
    assert m.wild_index is None and m.wild_count == 0 and m.is_natural
    assert [str(c) for c in m.cards] == text.split()  # a run keeps its low-to-high order


def test_k_meld_2_ace_low_and_ace_high() -> None:
    low = meld("AH 2H 3H", K)
    high = meld("QH KH AH", K)
    assert (low.low, low.high) == (1, 3)
    assert (high.low, high.high) == (12, 14)
    assert low.stands_for(0) == (Rank.ACE, Suit.HEARTS)
    assert high.stands_for(2) == (Rank.ACE, Suit.HEARTS)


@pytest.mark.parametrize("text", ["KH AH 2H", "QH KH AH 2H", "KH AH 2H 3H", "KS AS 2C", "KH AH JK"])
def test_k_meld_2_no_wrap_around(text: str) -> None:
    assert refused(text, K).rule == "K-MELD-2"


@pytest.mark.parametrize("text", ["JK AH 2H 3H", "JK AS 3S", "QH KH AH JK"])
def test_k_meld_2_nothing_below_low_ace_or_above_high_ace(text: str) -> None:
    assert refused(text, K).rule == "K-MELD-2"


@pytest.mark.parametrize("text", ["5H 6D 7H", "5H 6H 7S 8H", "AH 2C 3D"])
def test_k_meld_2_run_naturals_of_one_suit(text: str) -> None:
    assert refused(text, K).rule == "K-MELD-2"


@pytest.mark.parametrize("text", ["5H 7H 8H", "5H 6H 8H", "5H 5H 6H", "7H 6H 5H", "AH 3H 4H", "AH KH QH"])
def test_k_meld_2_run_cards_consecutive_low_to_high(text: str) -> None:
    assert refused(text, K).rule == "K-MELD-2"


@pytest.mark.parametrize("text", ["AH 3H 4H", "AH KH QH", "5H 7H 8H"])
def test_e_1_not_consecutive_message_does_not_blame_wrap_around(text: str) -> None:
    """E-1/E-5: the error says what is wrong. These runs wrap nowhere; the cards are not consecutive."""
    err = refused(text, K)
    assert "wrap" not in str(err)


@pytest.mark.parametrize("text", ["5H 6H", "AH 2H"])
def test_k_meld_2_run_needs_three_cards(text: str) -> None:
    assert refused(text, K).rule in ("K-MELD-1", "K-MELD-2")


@pytest.mark.parametrize("text", ["5H 6H JK", "JK 5H 6H", "5H JK 7H"])
def test_k_meld_5_wild_stands_for_its_place(text: str) -> None:
    m = meld(text, K)
    position = text.split().index("JK")
    assert m.wild_index == position
    assert m.cards[position] is JOKER
    expected_rank = {"5H 6H JK": Rank.SEVEN, "JK 5H 6H": Rank.FOUR, "5H JK 7H": Rank.SIX}[text]
    assert m.stands_for(position) == (expected_rank, Suit.HEARTS)


def test_k_meld_5_wild_at_the_high_ace() -> None:
    m = meld("QH KH JK", K)
    assert (m.low, m.high, m.wild_index) == (12, 14, 2)
    assert m.stands_for(2) == (Rank.ACE, Suit.HEARTS)


def test_k_meld_5_runs_differing_only_in_wild_place_are_different_melds() -> None:
    assert meld("5H 6H JK", K) != meld("JK 5H 6H", K)


@pytest.mark.parametrize(
    "text", ["5H 6H JK JK", "5H 6H JK 2C", "JK 5H 6H 7H 2S", "2C 5H 6H 2D", "4H 5H 6H 2H 2S"]
)
def test_k_meld_4_run_one_wild_max(text: str) -> None:
    assert refused(text, K).rule == "K-MELD-4"


def test_k_meld_4_run_of_wilds_only_refused() -> None:
    assert refused("JK 2H JK", K).rule in ("K-MELD-2", "K-MELD-4")


# ---- the natural-place 2 (K-MELD-6)


@pytest.mark.parametrize("text, two_at", [("AH 2H 3H", 1), ("2H 3H 4H", 0), ("AS 2S 3S 4S 5S", 1)])
def test_k_meld_6_two_in_natural_place_is_natural(text: str, two_at: int) -> None:
    m = meld(text, K)
    assert m.wild_index is None and m.wild_count == 0 and m.is_natural
    assert m.is_natural_two(two_at)
    assert m.stands_for(two_at) == (Rank.TWO, m.suit)


def test_k_meld_6_natural_two_plus_one_wild_allowed() -> None:
    """A-2-3 with the 2 natural plus a joker: the run holds the 2 and one wild besides."""
    m = meld("AH 2H 3H JK", K)
    assert m.wild_index == 3
    assert m.wild_count == 1 and m.natural_count == 3
    assert m.is_natural_two(1) and not m.is_natural_two(3)
    assert m.stands_for(3) == (Rank.FOUR, Suit.HEARTS)
    m = meld("JK 2H 3H", K)
    assert m.wild_index == 0 and m.low == 1 and m.is_natural_two(1)
    m = meld("AH 2H JK", K)
    assert m.wild_index == 2 and m.is_natural_two(1)


def test_k_meld_6_two_of_another_suit_in_the_twos_place_is_the_wild() -> None:
    m = meld("AH 2D 3H", K)
    assert m.suit is Suit.HEARTS
    assert m.wild_index == 1 and m.wild_count == 1
    assert not m.is_natural_two(1)
    assert m.stands_for(1) == (Rank.TWO, Suit.HEARTS)


@pytest.mark.parametrize(
    "text, wild_at", [("4H 5H 6H 2H 8H", 3), ("5H 6H 2H", 2), ("2H 4H 5H", 0), ("AH 2H 3H 2H", 3)]
)
def test_k_meld_6_two_of_the_suit_out_of_place_is_the_wild(text: str, wild_at: int) -> None:
    m = meld(text, K)
    assert m.wild_index == wild_at and m.wild_count == 1
    assert not m.is_natural_two(wild_at)


def test_k_meld_6_two_twos_one_natural_one_wild() -> None:
    """2H as the ace (wild) then 2H in its own place (natural): one wild, allowed."""
    m = meld("2H 2H 3H", K)
    assert (m.low, m.high, m.wild_index) == (1, 3, 0)
    assert m.is_natural_two(1)


def test_k_meld_6_natural_two_plus_out_of_place_two_and_joker_refused() -> None:
    assert refused("AH 2H 3H 2H JK", K).rule == "K-MELD-4"
    assert refused("2H 2D 3H", K).rule == "K-MELD-4"  # 2H as the ace and 2D as the 2: two wilds


# ---- 13-card limit


def test_k_meld_3_full_runs_of_thirteen() -> None:
    a_to_k = meld(run_text("D", 1, 13), K)
    two_to_a = meld(run_text("D", 2, 13), K)
    assert (a_to_k.low, a_to_k.high, a_to_k.size) == (1, 13, 13)
    assert (two_to_a.low, two_to_a.high, two_to_a.size) == (2, 14, 13)


def test_k_meld_3_fourteen_card_run_refused() -> None:
    text = run_text("D", 1, 13) + " AD"
    assert refused(text, K).rule in ("K-MELD-2", "K-MELD-3")


def test_k_meld_3_run_limit_is_thirteen_even_with_a_larger_option() -> None:
    big = attrs.evolve(K, max_meld_size=20)
    assert refused(run_text("D", 1, 13) + " AD", big).rule in ("K-MELD-2", "K-MELD-3")


def test_k_meld_3_smaller_max_meld_size_option_applies_to_runs() -> None:
    small = attrs.evolve(K, max_meld_size=9)
    assert meld(run_text("C", 3, 9), small).size == 9
    assert refused(run_text("C", 3, 10), small).rule == "K-MELD-3"


@given(st.sampled_from("CDHS"), st.integers(1, 12), st.integers(3, 13))
def test_k_meld_2_every_natural_run_is_accepted(suit: str, low: int, length: int) -> None:
    if low + length - 1 > 14:
        assert refused(run_text(suit, low, length), K).rule in ("K-MELD-2", "K-MELD-3")
        return
    m = meld(run_text(suit, low, length), K)
    assert (m.low, m.high, m.size) == (low, low + length - 1, length)
    assert m.suit is Suit("CDHS".index(suit))
    assert m.is_natural
    # K-VAL-1 values, computed from the written table
    expected = sum(
        (HALF if p == 2 else K_VALUE[RANKS[(p - 1) % 13]] for p in range(low, low + length)), Fraction(0)
    )
    assert m.value(K) == expected


@given(st.sampled_from("CDHS"), st.integers(1, 12), st.integers(3, 12), st.data())
def test_k_meld_5_one_wild_anywhere_in_a_run(suit: str, low: int, length: int, data: st.DataObject) -> None:
    if low + length - 1 > 14:
        return
    place = data.draw(st.integers(0, length - 1))
    cards = run_text(suit, low, length).split()
    cards[place] = "JK"
    if all(c == "JK" or c[0] == "2" for c in cards):
        return  # fewer than two other naturals to fix the run
    m = meld(" ".join(cards), K)
    assert m.wild_index == place
    assert m.low == low
    rank_at = RANKS[(low + place - 1) % 13]
    assert m.stands_for(place) == (Rank(RANKS.index(rank_at) + 1), Suit("CDHS".index(suit)))


# ====================================================================== canastas


@pytest.mark.parametrize(
    "text, kind",
    [
        ("7H 7D 7C 7S 7H 7D", None),  # 6 cards
        ("7H 7D 7C 7S 7H 7D 7C", "clean"),
        ("7H 7D 7C 7S 7H 7D JK", "dirty"),
        ("7H 7D 7C 7S 7H 7D 7C JK", "dirty"),
        ("3D 4D 5D 6D 7D 8D", None),
        ("3D 4D 5D 6D 7D 8D 9D", "clean"),
        ("3D 4D 5D 6D 7D JK 9D", "dirty"),
        ("AH 2H 3H 4H 5H 6H 7H", "clean"),  # the natural-place 2 is not a wild
        ("AH 2C 3H 4H 5H 6H 7H", "dirty"),
        ("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH", "clean"),  # 12 cards: not full
        ("AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH", "full"),
        ("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH", "full"),
        ("AH 2H 3H 4H 5H 6H JK 8H 9H TH JH QH KH", "full"),  # with its wild: still full
        ("JK 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS", "full"),
    ],
)
def test_k_meld_8_kanasta_kinds(text: str, kind: str | None) -> None:
    m = meld(text, K)
    assert m.canasta_kind() == kind
    assert m.is_canasta is (kind is not None)


@pytest.mark.parametrize(
    "text, kind",
    [
        ("KH KD KS KC KH KD", None),
        ("KH KD KS KC KH KD KS", "clean"),  # natural canasta
        ("KH KD KS KC KH KD 2C", "dirty"),  # mixed canasta
        ("KH KD KS KC 2C 2D JK", "dirty"),
        ("KH KD 2C 2D JK KS KC KH", "dirty"),
    ],
)
def test_c_meld_4_g_meld_2_classic_kinds(text: str, kind: str | None) -> None:
    m = meld(text, C)
    assert m.canasta_kind() == kind
    assert m.is_canasta is (kind is not None)


# ====================================================================== values


@pytest.mark.parametrize(
    "text, value, source",
    [
        ("7H 7D 2C", Fraction(2), "worked example 8: 7-7 with a wild 2 = 2"),
        ("AH AD 2C", Fraction(4), "worked example 8: A-A with a wild 2 = 4"),
        ("4H 5H 6H 2S 8H", Fraction(7, 2), "worked example 8: 4-5-6-(2 as 7)-8 = 3 1/2"),
        ("4H 5H 6H 2H 8H", Fraction(7, 2), "K-MELD-6: the 2 of the suit out of place is the wild, 1"),
        ("AH 2H 3H", Fraction(5, 2), "worked example 9: the 2 in its place counts 1/2: 1 1/2 + 1/2 + 1/2"),
        ("2H 3H 4H", Fraction(3, 2), "worked example 9: 1/2 + 1/2 + 1/2"),
        ("AH 2D 3H", Fraction(3), "K-VAL-1: 2D is the wild (1): 1 1/2 + 1 + 1/2"),
        ("AH 2H 3H JK", Fraction(7, 2), "K-VAL-1: 1 1/2 + 1/2 + 1/2 + 1"),
        ("2H 2H 3H", Fraction(2), "K-VAL-1: wild 2 (1) + natural-place 2 (1/2) + 3 (1/2)"),
        ("7H 7D JK", Fraction(2), "K-VAL-1: joker 1"),
        ("QS KS AS", Fraction(7, 2), "K-VAL-1: high ace 1 1/2"),
        ("8C 9C TC", Fraction(3), "K-VAL-1: 8-K 1"),
        ("3C 3D 3H", Fraction(3, 2), "K-VAL-1: 3 is 1/2"),
        ("AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD", Fraction(21, 2), "K-VAL-1: 1 1/2 + 1/2 + 5 x 1/2 + 6 x 1"),
    ],
)
def test_k_val_1_kanasta_meld_values(text: str, value: Fraction, source: str) -> None:
    m = meld(text, K)
    assert m.value(K) == value, source
    assert isinstance(m.value(K), Fraction)  # K-VAL-2: exact


@pytest.mark.parametrize(
    "text, value, source",
    [
        ("KH KD KS 2C", 50, "worked example 7: a 2 in a meld of kings counts 20: 10+10+10+20"),
        ("6C 6D 6H", 15, "worked example 1: 6-6-6 = 15"),
        ("AC AD AS 2C", 80, "worked example 1: A-A-A-2 = 80"),
        ("KC KC KD KD KH KH KS", 70, "worked example 3: seven kings = 70"),
        ("7H 7D JK", 60, "C-VAL-1: joker 50"),
        ("4C 4D 4H 2S 2D JK", 105, "C-VAL-1: 15 + 20 + 20 + 50"),
        ("8C 8D 8H", 30, "C-VAL-1: 8 is 10"),
        ("TC TD TH", 30, "C-VAL-1: 10 is 10"),
        ("AC AD AH", 60, "C-VAL-1: A is 20"),
    ],
)
def test_c_val_1_classic_meld_values(text: str, value: int, source: str) -> None:
    assert meld(text, C).value(C) == value, source


def test_examples_1_initial_meld_counts() -> None:
    """Worked example 1 (C-OPEN-1/2): 6-6-6 and K-K-K-2 = 65 < 90; 6-6-6 and A-A-A-2 = 95 >= 90."""
    sixes, kings, aces = meld("6C 6D 6H", C), meld("KH KD KS 2C", C), meld("AC AD AS 2C", C)
    need = C.opening_minimum(1600)
    assert sixes.value(C) + kings.value(C) < need
    assert sixes.value(C) + aces.value(C) >= need


def test_examples_3_canasta_of_seven_kings_worth_570() -> None:
    m = meld("KC KC KD KD KH KH KS", C)
    assert m.canasta_kind() == "clean"
    assert C.clean_bonus + m.value(C) == 570


@given(st.sampled_from(list("3456789TJQKA")), st.integers(2, 8), st.sampled_from(["", "2C", "JK"]), st.data())
def test_k_val_1_kanasta_set_value_is_sum_of_table(rank: str, n: int, wild: str, data: st.DataObject) -> None:
    suits = data.draw(st.lists(st.sampled_from("CDHS"), min_size=n, max_size=n))
    texts = [rank + s for s in suits] + ([wild] if wild else [])
    assume(len(texts) >= 3)  # K-MELD-1: three cards or more
    assume(all(texts.count(t) <= 2 for t in texts))  # only two packs
    cards = data.draw(st.permutations(parse_cards(" ".join(texts))))
    m = Meld.from_cards(cards, K)
    assert m.rank is Rank(RANKS.index(rank) + 1)
    assert m.value(K) == n * K_VALUE[rank] + (1 if wild else 0)
    assert m.wild_count == (1 if wild else 0)
    assert list(m.cards) == sorted(c for c in cards if not c.is_wild) + [c for c in cards if c.is_wild]


# ====================================================================== errors & value type


def test_illegal_action_error_carries_rule_and_message() -> None:
    err = refused("7H 7D", C)
    assert err.rule == "C-MELD-1"
    assert "3" in str(err)


def test_meld_is_immutable_and_hashable() -> None:
    m = meld("5H 6H 7H", K)
    with pytest.raises(AttributeError):
        m.low = 4  # type: ignore[misc]
    assert hash(m) == hash(meld("5H 6H 7H", K))
    assert {m: 1}[meld("5H 6H 7H", K)] == 1


def test_meld_str_lists_its_cards() -> None:
    assert str(meld("JK 7S 7H", C)) == "7H 7S JK"
    assert str(meld("5H 6H JK", K)) == "5H 6H JK"


def test_from_cards_accepts_any_sequence() -> None:
    cards = [parse_card("5H"), parse_card("6H"), parse_card("7H")]
    assert Meld.from_cards(cards, K) == Meld.from_cards(tuple(cards), K)
