"""Rule tests for Kanasta (Part K of the rules, with E-1/E-2/E-3 at the edges).

Every test is built on an exact, hand-written position (``State.from_dict``) or on a
seeded deal, and asserts on ``legal_actions()``, ``apply()``, ``explain()``,
``IllegalActionError.rule``, the events and the ``hand_results[-1]`` breakdown.  Every
expected number is worked out by hand from the rules, with the arithmetic in a comment:

    K-VAL-1    3-7 ½ · 8-K 1 · A 1½ · joker 1 · a 2 as wild 1 · a 2 in its natural place ½
               · a 2 left in hand 1
    K-BONUS-1  dirty 10 · clean 20 · full 50, doubled (20 / 40 / 100) when matching trump
    K-OUT-2    10 a packet · K-OUT-5 10 for going out
    K-SCORE-1  total rounded up (ceiling toward +inf), only the total

Seats: 0 and 2 are team 0, 1 and 3 team 1; seat 0 is to play unless a test says otherwise.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations, permutations
from typing import Any

import pytest

import kanasta
from kanasta import (
    DECK,
    CardsDrawn,
    Discard,
    ExtendRun,
    GameEnded,
    HandEnded,
    HandStarted,
    IllegalActionError,
    LayMeld,
    PacketTaken,
    Phase,
    PileTaken,
    State,
    StockExhausted,
    TakePile,
    TeamOpened,
    UpcardTurned,
    WentOut,
    format_cards,
    parse_action,
    parse_card,
    parse_cards,
)

pytestmark = pytest.mark.both_engines  # the rule tests run against both engines (tests/conftest.py)

K = kanasta.Rules.kanasta()

# Filler hands for the seats a test does not care about (cards no test hand uses).
RIGHT = "4S 4S 4D"   # seat 1, team 1
PARTNER = "6S 6S 6D"  # seat 2, team 0
LEFT = "5S 5S 5D"     # seat 3, team 1

# Two packets for tests that look at what is picked up (11 cards each, K-DEAL-1).
P1 = "TC TC TD TD JC JC JD JD QC QD QH"
P2 = "3C 3D 4C 4H 5C 5H 6C 6H 7C 7D 8D"


# ------------------------------------------------------------------ helpers


def position(
    hand: str,
    *,
    right: str = RIGHT,
    partner: str = PARTNER,
    left: str = LEFT,
    trump: str = "8C",
    rules: Any = "kanasta",
    **fields: Any,
) -> State:
    """A Kanasta position; seat 0 holds ``hand``.  Other keys go into the document as given."""
    doc: dict[str, Any] = {
        "format": "kanasta.position/1",
        "rules": rules,
        "trump": trump,
        "hands": [hand, right, partner, left],
        **fields,
    }
    return State.from_dict(doc)


def after_drawing(hand: str, **fields: Any) -> State:
    """Seat ``fields.get('player', 0)`` has drawn from the stock and is in the play phase."""
    fields.setdefault("turn", {"drew": "stock"})
    return position(hand, phase="play", **fields)


def play(state: State, *moves: str) -> State:
    for text in moves:
        state = state.apply(parse_action(text))
    return state


def texts(state: State) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def kinds(state: State) -> list[str]:
    return [type(e).__name__ for e in state.events]


def refused(state: State, text: str, rule: str) -> IllegalActionError:
    """The move is not offered, ``apply`` raises naming ``rule``, and nothing changes (E-1)."""
    action = parse_action(text)
    assert action not in state.legal_actions()
    assert not state.is_legal(action)
    before = state.to_dict()
    with pytest.raises(IllegalActionError) as info:
        state.apply(action)
    assert info.value.rule == rule, str(info.value)
    message = state.explain(action)
    assert message is not None and message.endswith(f"[{rule}]")
    assert state.to_dict() == before
    return info.value


def rest_of_deck(*placed: str) -> str:
    """The cards of the 108-card deck (G-DECK-1) not in ``placed``, as one string."""
    left = Counter(DECK)
    for text in placed:
        for card in parse_cards(text):
            left[card] -= 1
            assert left[card] >= 0, f"{card} placed too often"
    return format_cards(sorted(left.elements(), key=lambda c: c.index))


def result_after(state: State) -> kanasta.HandResult:
    """The result of the hand that the last move ended."""
    ended = [e for e in state.events if isinstance(e, HandEnded)]
    assert len(ended) == 1
    assert state.hand_results[-1] == ended[0].result
    return ended[0].result


def going_out(
    melds0: list[str],
    melds1: list[str],
    *,
    last: str,
    partner: str,
    right: str,
    left: str,
    trump: str = "8C",
    rules: Any = "kanasta",
    packets_taken: tuple[int, int] = (1, 1),
    scores: tuple[int, int] = (0, 0),
) -> tuple[State, kanasta.HandResult]:
    """Both packets are gone; seat 0 discards its last card ``last`` and goes out (K-OUT-5)."""
    state = after_drawing(
        last, partner=partner, right=right, left=left, trump=trump, rules=rules,
        melds=[melds0, melds1], packets=[], packets_taken=list(packets_taken), scores=list(scores),
    )
    after = state.apply(Discard(parse_card(last)))
    return after, result_after(after)


# ====================================================================== deal


def test_k_deal_1_eleven_each_two_packets_of_eleven_one_upcard_41_stock() -> None:
    state = kanasta.new_game(K, seed=2)
    assert [len(h) for h in state.hands] == [11, 11, 11, 11]
    assert [len(p) for p in state.packets] == [11, 11]
    assert state.packets_taken == (0, 0)
    # 44 + 22 + 1 + 41 = 108
    assert len(state.pile) == 1 and not state.pile[0].is_joker
    assert len(state.stock) == 41
    everything = [c for h in state.hands for c in h] + [c for p in state.packets for c in p]
    assert Counter(everything + list(state.pile) + list(state.stock)) == Counter(DECK)
    # Partners opposite: seats 0 and 2, 1 and 3.
    assert [state.team_of(s) for s in range(4)] == [0, 1, 0, 1]
    assert [type(e) for e in state.events] == [HandStarted, UpcardTurned]
    assert state.current_player == (state.dealer + 1) % 4


# ===================================================================== trump


def test_k_trump_1_upcard_is_the_trump() -> None:
    state = kanasta.new_game(K, seed=2)
    upcard = state.pile[0]
    assert state.trump is upcard
    turned = state.events[1]
    assert isinstance(turned, UpcardTurned)
    assert turned.cards == (upcard,) and turned.trump is upcard


def test_k_trump_1_joker_upcard_turns_the_next_card() -> None:
    """Scan seeds for a joker upcard: the jokers stay in the pile, the next non-joker is trump."""
    found = 0
    for seed in range(600):
        state = kanasta.new_game(K, seed=seed)
        turned = state.events[1]
        assert isinstance(turned, UpcardTurned)
        if not turned.cards[0].is_joker:
            continue
        found += 1
        jokers = len(state.pile) - 1
        assert jokers >= 1
        assert all(c.is_joker for c in state.pile[:-1])
        assert not state.pile[-1].is_joker
        assert state.trump is state.pile[-1] and turned.trump is state.trump
        assert turned.cards == state.pile
        # The stock is shorter by the jokers turned over: 41 - jokers.
        assert len(state.stock) == 41 - jokers
        assert [len(h) for h in state.hands] == [11] * 4 and [len(p) for p in state.packets] == [11, 11]
        if found == 3:
            break
    assert found == 3


def test_k_trump_1_trump_kept_after_the_pile_is_taken() -> None:
    state = kanasta.new_game(K, seed=2)
    trump = state.trump
    taken = state.apply(TakePile())
    assert taken.pile == ()
    assert taken.trump is trump
    assert trump in taken.hands[state.player]


def test_k_trump_1_trump_two_is_matched_by_a_run_of_its_suit_only() -> None:
    # Trump 2H: there are no sets of 2s (K-MELD-1), so only a heart run can match it.
    _, result = going_out(
        ["3H 4H 5H 6H 7H 8H 9H", "KC KC KD KD KS KS KH"], [],
        last="QS", partner="3D", right="3S", left="3C", trump="2H",
    )
    hearts, kings = result.teams[0].canastas
    assert (hearts.kind, hearts.base, hearts.trump_doubled, hearts.bonus) == ("clean", 20, True, 40)
    assert (kings.kind, kings.base, kings.trump_doubled, kings.bonus) == ("clean", 20, False, 20)
    assert result.trump == parse_card("2H")


# ============================================================== trump doubling

# Trump 9C.  Team 0:
#   @0 9D 9D 9H 9H 9S 9S 9C  clean set of 9s, rank matches   20 x2 = 40   cards 7 x 1 = 7
#   @1 3C 4C 5C 6C 7C 8C JK  dirty club run, suit matches    10 x2 = 20   5 x ½ + 1 + 1 = 4½
#   @2 2D 3D 4D 5D 6D 7D 8D  clean diamond run (natural 2)   20           ½ + 5 x ½ + 1 = 4
#   @3 KD KD KH KH KS KS KC  clean set of Ks, no match       20           7
# Team 1:
#   @0 QC QC QD QD QH QH QS  clean set of Qs: holds clubs but a set matches by rank only: 20, cards 7
DOUBLING_T0 = ["9D 9D 9H 9H 9S 9S 9C", "3C 4C 5C 6C 7C 8C JK", "2D 3D 4D 5D 6D 7D 8D", "KD KD KH KH KS KS KC"]
DOUBLING_T1 = ["QC QC QD QD QH QH QS"]


def test_k_trump_2_set_matches_by_rank_run_by_suit() -> None:
    _, result = going_out(
        DOUBLING_T0, DOUBLING_T1, last="4H", partner="5H", right="JH", left="3S", trump="9C"
    )
    t0, t1 = result.teams
    got = [(c.meld, c.kind, c.base, c.trump_doubled, c.bonus) for c in t0.canastas]
    assert got == [
        (0, "clean", 20, True, 40),
        (1, "dirty", 10, True, 20),
        (2, "clean", 20, False, 20),
        (3, "clean", 20, False, 20),
    ]
    assert [(c.kind, c.trump_doubled, c.bonus) for c in t1.canastas] == [("clean", False, 20)]
    # Card values are never doubled: 7 + 4½ + 4 + 7 = 22½.
    assert t0.meld_points == Fraction(45, 2)
    assert t0.canasta_points == 100  # 40 + 20 + 20 + 20
    # 10 (packet) + 22½ + 100 + 10 (out) - ½ (5H in partner's hand) = 142
    assert t0.raw_total == 142 and t0.total == 142
    # 10 + 7 + 20 - (JH 1 + 3S ½) = 35½ -> 36
    assert t1.raw_total == Fraction(71, 2) and t1.total == 36


def test_k_trump_2_option_trump_doubling_off() -> None:
    rules = {"preset": "kanasta", "trump_doubling": False}
    _, result = going_out(
        DOUBLING_T0, DOUBLING_T1, last="4H", partner="5H", right="JH", left="3S", trump="9C", rules=rules
    )
    t0 = result.teams[0]
    assert [(c.base, c.trump_doubled, c.bonus) for c in t0.canastas] == [
        (20, False, 20), (10, False, 10), (20, False, 20), (20, False, 20)
    ]
    assert t0.canasta_points == 70  # 20 + 10 + 20 + 20
    # 10 + 22½ + 70 + 10 - ½ = 112
    assert t0.raw_total == 112 and t0.total == 112


# ================================================================= card values


def test_k_val_1_values_of_melded_cards_and_cards_left_in_hand() -> None:
    # Team 0, trump 8C (nothing matches):
    #   KC KD KH KS KC KD KH    7 x 1                               = 7  (clean kanasta, 20)
    #   AH 2H 3H                1½ + ½ (2 in its place) + ½          = 2½
    #   3C 4C 2D                ½ + ½ + 1 (2D is the wild 5C)        = 2
    #   9D 9H JK                1 + 1 + 1                            = 3
    #   5S 6S 7S 8S             ½ + ½ + ½ + 1                        = 2½
    #   meld points 7 + 2½ + 2 + 3 + 2½ = 17
    # Partner's hand 2S AD: 1 (a 2 in hand) + 1½ = 2½
    _, result = going_out(
        ["KC KD KH KS KC KD KH", "AH 2H 3H", "3C 4C 2D", "9D 9H JK", "5S 6S 7S 8S"], [],
        last="QS", partner="2S AD", right="3D", left="JK", packets_taken=(2, 0),
    )
    t0, t1 = result.teams
    assert t0.meld_points == 17
    assert t0.hand_points == Fraction(5, 2)
    # 20 (two packets) + 17 + 20 + 10 - 2½ = 64½ -> 65
    assert (t0.packet_points, t0.canasta_points, t0.going_out_points) == (20, 20, 10)
    assert t0.raw_total == Fraction(129, 2) and t0.total == 65
    # Team 1: no melds, 3D ½ + JK 1 left = -1½ -> -1
    assert t1.hand_points == Fraction(3, 2)
    assert t1.raw_total == Fraction(-3, 2) and t1.total == -1
    melds = result.melds[0]
    assert [m.value(K) for m in melds] == [7, Fraction(5, 2), 2, 3, Fraction(5, 2)]


def test_k_val_2_halves_are_exact_fractions() -> None:
    _, result = going_out(
        ["KC KD KH KS KC KD KH", "3H 4H 5H"], [],
        last="QS", partner="3D", right="3S", left="3C",
    )
    t0 = result.teams[0]
    for value in (t0.meld_points, t0.hand_points, t0.raw_total):
        assert isinstance(value, Fraction)
    # 10 + (7 + 1½) + 20 + 10 - ½ = 48
    assert t0.meld_points == Fraction(17, 2)
    assert t0.raw_total == 48 and isinstance(t0.total, int) and t0.total == 48


# ====================================================================== melds


def test_k_meld_1_set_of_threes_with_two_identical_cards() -> None:
    state = after_drawing("3C 3C 3D 9H KD", melds=[["TC JC QC"], []])
    assert "meld 3C 3C 3D" in texts(state)
    after = play(state, "meld 3C 3C 3D")
    new = after.melds[0][1]
    assert new.kind is kanasta.MeldKind.SET and new.rank is kanasta.Rank.THREE
    assert format_cards(new.cards) == "3C 3C 3D"
    assert format_cards(after.hands[0]) == "9H KD"


def test_k_meld_1_no_sets_of_twos() -> None:
    state = after_drawing("2C 2D 2H 9C KD", melds=[["TC JC QC"], []])
    assert not any(isinstance(a, LayMeld) and all(c.rank is kanasta.Rank.TWO for c in a.cards)
                   for a in state.legal_actions())
    refused(state, "meld 2C 2D 2H", "K-MELD-1")


def test_k_meld_1_a_card_of_another_rank_does_not_join_a_set() -> None:
    state = after_drawing("9H QS KD", melds=[["TC JC QC", "KC KH KS"], []])
    assert "add @1 KD" in texts(state)
    refused(state, "add @1 9H", "K-MELD-1")


def test_k_meld_2_ace_low_and_ace_high_runs() -> None:
    state = after_drawing("AH 2H 3H QS KS AS 9C", melds=[["TC JC QC"], []])
    legal = texts(state)
    assert "meld AH 2H 3H" in legal and "meld QS KS AS" in legal
    low = play(state, "meld AH 2H 3H").melds[0][1]
    high = play(state, "meld QS KS AS").melds[0][1]
    assert (low.low, low.high, low.wild_index) == (1, 3, None)
    assert (high.low, high.high, high.wild_index) == (12, 14, None)


def test_k_meld_2_no_wrap_around() -> None:
    state = after_drawing("KH AH 2H 9C 9D", melds=[["TC JC QC"], []])
    refused(state, "meld KH AH 2H", "K-MELD-2")
    refused(state, "meld AH 2H KH", "K-MELD-2")
    # With these three cards the only run is the 2H as the wild QH below K-A (high ace).
    runs = [str(a) for a in state.legal_actions()
            if isinstance(a, LayMeld) and {str(c) for c in a.cards} == {"KH", "AH", "2H"}]
    assert runs == ["meld 2H KH AH"]
    assert play(state, "meld 2H KH AH").melds[0][1].stands_for(0) == (kanasta.Rank.QUEEN, kanasta.Suit.HEARTS)


def test_k_meld_2_wild_at_the_ace_end_goes_the_only_free_way() -> None:
    # QS KS AS: nothing above the high ace, so a joker can only be the JS.
    # AD 2D 3D: nothing below the low ace, so a joker can only be the 4D.
    state = after_drawing("JK 9C KH", melds=[["QS KS AS", "AD 2D 3D"], []])
    extends = [str(a) for a in state.legal_actions() if isinstance(a, ExtendRun)]
    assert extends == ["extend @0 JK QS KS AS", "extend @1 AD 2D 3D JK"]
    refused(state, "extend @0 QS KS AS JK", "K-MELD-2")
    refused(state, "extend @1 JK AD 2D 3D", "K-MELD-2")


def test_k_meld_2_k_meld_3_ace_never_at_both_ends_and_13_cards_at_most() -> None:
    # A..K is a 13-card run; the second ace cannot go on top (that would be 14 cards and
    # the ace at both ends).
    state = after_drawing("AH 9C KD", melds=[["AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"], []])
    assert not any(isinstance(a, ExtendRun) for a in state.legal_actions())
    refused(state, "extend @0 AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH", "K-MELD-3")


def test_k_meld_3_twelve_card_run_takes_a_thirteenth() -> None:
    state = after_drawing("AH 9C KD", melds=[["2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"], []])
    # The ace goes low (A..K) or high (2..A): both 13 cards.
    extends = [str(a) for a in state.legal_actions() if isinstance(a, ExtendRun)]
    assert sorted(extends) == [
        "extend @0 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
        "extend @0 AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
    ]
    after = play(state, "extend @0 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH")
    assert after.melds[0][0].size == 13 and after.melds[0][0].high == 14


def test_k_meld_4_at_most_one_wild() -> None:
    state = after_drawing("7H 7S 2C JK 9D", melds=[["TC JC QC", "KC KD 2D", "5H 6H JK"], []])
    refused(state, "meld 7H 7S 2C JK", "K-MELD-4")
    refused(state, "add @1 2C", "K-MELD-4")
    refused(state, "extend @2 5H 6H JK 2C", "K-MELD-4")
    legal = texts(state)
    assert "meld 7H 7S 2C" in legal and "meld 7H 7S JK" in legal
    assert "extend @0 TC JC QC JK" in legal  # a natural run takes one wild


def test_k_meld_4_a_set_holds_at_most_nine_cards() -> None:
    # Eight natural 7s and one wild: 9 cards; a second wild is refused.
    state = after_drawing("JK 2C 9D", melds=[["7C 7C 7D 7D 7H 7H 7S 7S", "TC JC QC"], []])
    assert "add @0 JK" in texts(state)
    after = play(state, "add @0 JK")
    assert after.melds[0][0].size == 9
    refused(after, "add @0 2C", "K-MELD-4")


def test_k_meld_5_wild_place_is_given_by_the_order_of_the_cards() -> None:
    state = after_drawing("5H 6H JK 9C KD", melds=[["TC JC QC"], []])
    high, low = parse_action("meld 5H 6H JK"), parse_action("meld JK 5H 6H")
    assert high != low
    legal = state.legal_actions()
    assert high in legal and low in legal
    assert legal.count(high) == 1 and legal.count(low) == 1
    as_seven = state.apply(high).melds[0][1]
    as_four = state.apply(low).melds[0][1]
    assert as_seven.stands_for(2) == (kanasta.Rank.SEVEN, kanasta.Suit.HEARTS)
    assert as_four.stands_for(0) == (kanasta.Rank.FOUR, kanasta.Suit.HEARTS)
    assert (as_seven.low, as_four.low) == (5, 4)


def test_k_meld_5_run_cards_out_of_order_are_refused_set_order_is_free() -> None:
    state = after_drawing("5H 6H 7H 7S 7D KD", melds=[["TC JC QC"], []])
    refused(state, "meld 6H 5H 7H", "K-MELD-2")
    assert parse_action("meld 7S 7H 7D") == parse_action("meld 7D 7H 7S")
    assert parse_action("meld 7S 7H 7D") in state.legal_actions()


def test_k_meld_5_extending_gives_the_whole_new_list() -> None:
    # 5H 6H 7H natural; a joker may stand below or above it: two different moves.
    state = after_drawing("JK 9C KD", melds=[["5H 6H 7H"], []])
    extends = [a for a in state.legal_actions() if isinstance(a, ExtendRun)]
    assert [str(a) for a in extends] == ["extend @0 5H 6H 7H JK", "extend @0 JK 5H 6H 7H"]
    above, below = (state.apply(a).melds[0][0] for a in extends)
    assert above.stands_for(3) == (kanasta.Rank.EIGHT, kanasta.Suit.HEARTS)
    assert below.stands_for(0) == (kanasta.Rank.FOUR, kanasta.Suit.HEARTS)


def test_k_meld_6_natural_place_two_and_a_wild_in_one_run() -> None:
    state = after_drawing("AH 2H 3H JK 9C KD", melds=[["TC JC QC"], []])
    legal = texts(state)
    assert "meld AH 2H 3H JK" in legal
    run = play(state, "meld AH 2H 3H JK").melds[0][1]
    assert run.wild_index == 3 and run.is_natural_two(1) and run.wild_count == 1
    # 1½ + ½ + ½ + 1 = 3½
    assert run.value(K) == Fraction(7, 2)
    # A 2 of another suit in the second place is the wild.
    other = play(after_drawing("AH 2S 3H 9C KD", melds=[["TC JC QC"], []]), "meld AH 2S 3H").melds[0][1]
    assert other.wild_index == 1 and other.value(K) == 3  # 1½ + 1 + ½


def test_k_meld_6_natural_place_two_counts_half_toward_the_opening() -> None:
    # Not open, score 0: threshold 4½ (K-OPEN-3).  AH 2H 3H is a natural run worth
    # 1½ + ½ + ½ = 2½; with 3C 3D 3S (1½) that is 4: too little.  (Were the 2 worth 1,
    # it would be 4½ and open.)
    short = after_drawing("AH 2H 3H 3C 3D 3S 9D", pile="")
    assert not any(isinstance(a, LayMeld) for a in short.legal_actions())
    refused(short, "meld AH 2H 3H", "E-2")
    # With KC KD KS (3) instead: 2½ + 3 = 5½ >= 4½, and the run holding the 2 is natural.
    enough = after_drawing("AH 2H 3H KC KD KS 9D JC", pile="")
    after = play(enough, "meld AH 2H 3H")
    assert after.opened == (False, False) and after.turn.count == Fraction(5, 2)
    after = play(after, "meld KC KD KS")
    assert after.events == (TeamOpened(team=0, seat=0),)
    assert after.turn.count == Fraction(11, 2)


def test_k_meld_7_wild_moves_to_the_free_end_of_the_players_choice() -> None:
    # 5H JK 7H: the joker is the 6H.  Adding the 6H sends it to either free end.
    state = after_drawing("6H 9C KD", melds=[["5H JK 7H"], []])
    extends = [str(a) for a in state.legal_actions() if isinstance(a, ExtendRun)]
    assert sorted(extends) == sorted(["extend @0 5H 6H 7H JK", "extend @0 JK 5H 6H 7H"])
    high = play(state, "extend @0 5H 6H 7H JK").melds[0][0]
    low = play(state, "extend @0 JK 5H 6H 7H").melds[0][0]
    assert (high.wild_index, low.wild_index) == (3, 0)
    assert high.stands_for(3) == (kanasta.Rank.EIGHT, kanasta.Suit.HEARTS)
    assert low.stands_for(0) == (kanasta.Rank.FOUR, kanasta.Suit.HEARTS)
    # The wild never leaves the meld, and stays in place unless its natural card comes.
    refused(state, "extend @0 5H 6H 7H", "K-MELD-7")


def test_k_meld_7_only_one_free_end() -> None:
    # QH JK AH: the joker is the KH; above the high ace there is nothing, so adding the KH
    # sends the joker to the low end only (it becomes the JH).
    state = after_drawing("KH 9C 9D", melds=[["QH JK AH"], []])
    extends = [str(a) for a in state.legal_actions() if isinstance(a, ExtendRun)]
    assert extends == ["extend @0 JK QH KH AH"]


def test_k_meld_7_no_free_end_the_natural_card_cannot_be_added() -> None:
    # A 13-card run with the joker as the 7H: no end is free.
    full = "AH 2H 3H 4H 5H 6H JK 8H 9H TH JH QH KH"
    state = after_drawing("7H 9C KD", melds=[[full], []])
    assert not any(isinstance(a, ExtendRun) for a in state.legal_actions())
    assert texts(state) == ["discard 7H", "discard 9C", "discard KD"]
    refused(state, "extend @0 AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH JK", "K-MELD-3")
    refused(state, "extend @0 JK AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH", "K-MELD-3")
    # Dropping the joker to make room is no way either: a wild never leaves a meld.
    refused(state, "extend @0 AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH", "K-MELD-7")


def test_k_meld_7_a_wild_two_stays_the_wild_in_its_natural_place() -> None:
    # 3H 4H 2H: the 2H is the wild 5H.  Adding the 5H moves it to either end; at the low end
    # it lands on its own natural place and is still the wild.
    state = after_drawing("5H AH JK 9C KD", melds=[["3H 4H 2H"], []])
    legal = texts(state)
    assert "extend @0 2H 3H 4H 5H" in legal and "extend @0 3H 4H 5H 2H" in legal
    after = play(state, "extend @0 2H 3H 4H 5H")
    run = after.melds[0][0]
    assert run.wild_index == 0 and run.wild_count == 1 and not run.is_natural_two(0)
    # wild 2 counts 1, not ½: 1 + ½ + ½ + ½ = 2½
    assert run.value(K) == Fraction(5, 2)
    # ... and the run takes no other wild.
    assert not any(isinstance(a, ExtendRun) and parse_card("JK") in a.run for a in after.legal_actions())
    refused(after, "extend @0 2H 3H 4H 5H JK", "K-MELD-4")
    assert after.to_dict()["melds"][0] == ["2H* 3H 4H 5H"]
    # The AH below it: the 2H is still the wild (1), the run still dirty.
    lower = play(after, "extend @0 AH 2H 3H 4H 5H").melds[0][0]
    assert lower.wild_index == 1 and not lower.is_natural_two(1)
    assert lower.value(K) == 4  # 1½ + 1 + ½ + ½ + ½


def test_k_meld_8_k_bonus_1_kinds_of_kanasta_and_their_bonuses() -> None:
    # Trump 8C: nothing below matches it.
    # Team 0: KC KC KD KD KS KS KH   clean set               20   cards 7
    #         3S 4S 5S 6S JK 8S 9S   dirty run (JK = 7S)     10   4 x ½ + 1 + 1 + 1 = 5
    #         2H 3H ... KH AH        full 13-card run        50   ½ + 2½ + 6 + 1½ = 10½
    # Team 1: AD 2D 3D 4D 5D 6D 7D   clean (the 2 is natural) 20  1½ + ½ + 2½ = 4½
    #         QC QC QD QS QS QH 2C   dirty set               10   6 + 1 = 7
    full = "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"
    _, result = going_out(
        ["KC KC KD KD KS KS KH", "3S 4S 5S 6S JK 8S 9S", full],
        ["AD 2D 3D 4D 5D 6D 7D", "QC QC QD QS QS QH 2C"],
        last="TC", partner="7C", right="9D", left="AC",
    )
    t0, t1 = result.teams
    assert [(c.meld, c.kind, c.base, c.trump_doubled, c.bonus) for c in t0.canastas] == [
        (0, "clean", 20, False, 20), (1, "dirty", 10, False, 10), (2, "full", 50, False, 50)
    ]
    assert [(c.meld, c.kind, c.bonus) for c in t1.canastas] == [(0, "clean", 20), (1, "dirty", 10)]
    assert t0.canasta_points == 80 and t1.canasta_points == 30
    assert t0.meld_points == Fraction(45, 2)  # 7 + 5 + 10½
    assert t1.meld_points == Fraction(23, 2)  # 4½ + 7
    # Team 0: 10 + 22½ + 80 + 10 - ½ (7C) = 122
    assert t0.raw_total == 122 and t0.total == 122
    # Team 1: 10 + 11½ + 30 - (9D 1 + AC 1½) = 49
    assert t1.raw_total == 49 and t1.total == 49


def test_k_meld_8_k_bonus_1_full_and_dirty_with_trump() -> None:
    # Trump 5C.  Full club run (matches): 50 x 2 = 100.  Dirty set of 5s (matches by rank,
    # 10 x 2 = 20).  A run whose wild 2 moved into its natural place stays dirty: 10.
    full = "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC"
    _, result = going_out(
        [full, "5C 5D 5D 5H 5S 5S JK", "2H* 3H 4H 5H 6H 7H 8H"], [],
        last="KD", partner="QD", right="9D", left="9S", trump="5C",
    )
    t0 = result.teams[0]
    assert [(c.kind, c.base, c.trump_doubled, c.bonus) for c in t0.canastas] == [
        ("full", 50, True, 100), ("dirty", 10, True, 20), ("dirty", 10, False, 10)
    ]
    # Cards: full run 1½ + ½ + 2½ + 6 = 10½; set 6 x ½ + 1 = 4; run 1 (wild 2) + 5 x ½ + 1 = 4½
    assert t0.meld_points == 19
    # 10 + 19 + 130 + 10 - 1 (QD) = 168
    assert t0.raw_total == 168 and t0.total == 168


def test_k_meld_9_several_sets_of_one_rank_and_runs_of_one_suit() -> None:
    state = after_drawing("7C 7D 7S 9H TH JH KD QD", melds=[["7C 7D 7H", "3H 4H 5H"], []])
    legal = texts(state)
    assert "meld 7C 7D 7S" in legal       # a second set of 7s
    assert "add @0 7C 7D 7S" in legal     # or onto the first
    assert "meld 9H TH JH" in legal       # a second heart run
    after = play(state, "meld 7C 7D 7S", "meld 9H TH JH")
    assert [str(m) for m in after.melds[0]] == ["7C 7D 7H", "3H 4H 5H", "7C 7D 7S", "9H TH JH"]
    # Melds never merge: a card added names its meld and joins only that one.
    state = after_drawing("7H 6H KD QD", melds=[["7C 7D 7H", "3H 4H 5H", "7C 7D 7S", "8H 9H TH"], []])
    after = play(state, "add @2 7H")
    assert [m.size for m in after.melds[0]] == [3, 3, 4, 3]
    after = play(state, "extend @1 3H 4H 5H 6H")
    assert [str(m) for m in after.melds[0]][1:4:2] == ["3H 4H 5H 6H", "8H 9H TH"]
    # 6H joins run 1 but never run 3 (whose low end is 8H).
    refused(state, "extend @3 6H 8H 9H TH", "K-MELD-2")


# ==================================================================== opening


def test_k_open_1_opening_over_two_melds_no_discard_until_open() -> None:
    # Score 0: threshold 4½.  9H TH JH = 3; then AC AD AS = 4½; 7½ in all.
    state = after_drawing("9H TH JH AC AD AS 5C 9D", pile="")
    after_run = play(state, "meld 9H TH JH")
    assert after_run.events == () and after_run.opened == (False, False)
    assert after_run.turn.count == 3
    assert not any(isinstance(a, Discard) for a in after_run.legal_actions())
    refused(after_run, "discard 5C", "K-OPEN-1")
    opened = play(after_run, "meld AC AD AS")
    assert opened.events == (TeamOpened(team=0, seat=0),)
    assert opened.opened == (True, False)
    assert opened.turn.count == Fraction(15, 2)
    assert texts(opened) == ["discard 5C", "discard 9D"]


def test_k_open_1_after_opening_the_player_melds_freely_that_turn() -> None:
    # Adding a wild to the opening run later in the turn is fine.
    state = after_drawing("9H TH JH AC AD AS JK 5C 9D", pile="")
    opened = play(state, "meld 9H TH JH", "meld AC AD AS")
    assert opened.opened[0]
    legal = texts(opened)
    assert "extend @0 9H TH JH JK" in legal and "extend @0 JK 9H TH JH" in legal
    assert "add @1 JK" in legal
    after = play(opened, "extend @0 JK 9H TH JH")
    assert after.opened[0] and not any(isinstance(e, TeamOpened) for e in after.events)


def test_k_open_1_partner_of_an_open_team_melds_freely() -> None:
    # Team 0 is open (it has melds).  Seat 2 lays 7C 7D JK: 2 points, no natural run.
    state = after_drawing("KD QS", player=2, partner="7C 7D JK 9S 9D", melds=[["3H 4H 5H"], []])
    assert state.opened == (True, False)
    assert "meld 7C 7D JK" in texts(state)
    after = play(state, "meld 7C 7D JK")
    assert after.events == () and after.melds[0][1].wild_count == 1


def test_k_open_2_sets_alone_do_not_open() -> None:
    # Aces 4½ + kings 3 = 7½ >= 4½, but no natural run: nothing can be laid.
    state = after_drawing("AC AD AS KC KD KS 9D 5C", pile="")
    assert all(isinstance(a, Discard) for a in state.legal_actions())
    refused(state, "meld AC AD AS", "E-2")


def test_k_open_2_a_run_with_a_wild_is_not_natural() -> None:
    # 9H TH JK = 3, aces 4½: 7½, but the only run holds a wild.
    state = after_drawing("9H TH JK AC AD AS 5C 9D", pile="")
    assert all(isinstance(a, Discard) for a in state.legal_actions())
    refused(state, "meld 9H TH JK", "E-2")


def test_k_open_2_the_natural_run_must_still_be_natural_when_the_team_opens() -> None:
    # docs/rules.rst "K-OPEN-2 is checked when the team opens": putting the joker on the only
    # natural run before the count is reached leaves no natural run.
    state = play(after_drawing("5H 6H 7H JK AS AD AC 9D 4C", pile=""), "meld 5H 6H 7H")
    refused(state, "extend @0 5H 6H 7H JK", "E-2")
    assert "meld AC AD AS" in texts(state)


@pytest.mark.parametrize(
    ("score", "hand", "melds"),
    [
        # below 100: 4½.  9H TH JH 3 + 3C 3D 3S 1½ = 4½ exactly
        (0, "9H TH JH 3C 3D 3S 5C 9D", ["meld 9H TH JH", "meld 3C 3D 3S"]),
        (99, "9H TH JH 3C 3D 3S 5C 9D", ["meld 9H TH JH", "meld 3C 3D 3S"]),
        (-50, "9H TH JH 3C 3D 3S 5C 9D", ["meld 9H TH JH", "meld 3C 3D 3S"]),
        # 100-199: 7½.  9H TH JH 3 + AC AD AS 4½ = 7½ exactly
        (100, "9H TH JH AC AD AS 5C 9D", ["meld 9H TH JH", "meld AC AD AS"]),
        (199, "9H TH JH AC AD AS 5C 9D", ["meld 9H TH JH", "meld AC AD AS"]),
        # 200 or more: 10.  7H 8H 9H 2½ + AC AD AS 4½ + KC KD KS 3 = 10 exactly
        (200, "7H 8H 9H AC AD AS KC KD KS 5C 9D", ["meld 7H 8H 9H", "meld AC AD AS", "meld KC KD KS"]),
        (299, "7H 8H 9H AC AD AS KC KD KS 5C 9D", ["meld 7H 8H 9H", "meld AC AD AS", "meld KC KD KS"]),
    ],
)
def test_k_open_3_exact_threshold_opens(score: int, hand: str, melds: list[str]) -> None:
    state = after_drawing(hand, pile="", scores=[score, 0])
    for i, move in enumerate(melds):
        assert move in texts(state)
        state = play(state, move)
        last = i == len(melds) - 1
        assert state.opened[0] is last
        assert state.events == ((TeamOpened(team=0, seat=0),) if last else ())
    assert texts(state) == ["discard 5C", "discard 9D"]


@pytest.mark.parametrize(
    ("score", "hand"),
    [
        # below 100 (negative too): 7H 8H 9H 2½ + 3C 3D 3S 1½ = 4 < 4½
        (0, "7H 8H 9H 3C 3D 3S 5C 9D"),
        (-50, "7H 8H 9H 3C 3D 3S 5C 9D"),
        (99, "7H 8H 9H 3C 3D 3S 5C 9D"),
        # 100-199: 7H 8H 9H 2½ + AC AD AS 4½ = 7 < 7½; and 7½ is too little from 200 on
        (100, "7H 8H 9H AC AD AS 5C 9D"),
        (199, "7H 8H 9H AC AD AS 5C 9D"),
        (200, "9H TH JH AC AD AS 5C 9D"),
        # 200 or more: 6H 7H 8H 2 + AC AD AS 4½ + KC KD KS 3 = 9½ < 10
        (250, "6H 7H 8H AC AD AS KC KD KS 5C 9D"),
    ],
)
def test_k_open_3_below_threshold_cannot_open(score: int, hand: str) -> None:
    state = after_drawing(hand, pile="", scores=[score, 0])
    assert all(isinstance(a, Discard) for a in state.legal_actions())
    refused(state, "meld " + " ".join(hand.split()[:3]), "E-2")


def test_k_open_3_the_kanasta_bonus_does_not_count() -> None:
    # Score 150: threshold 7½.  3H..9H is a clean kanasta worth 2½ + 2 = 4½ in cards (its
    # bonus of 20 does not count); two cards stay in hand, so K-OPEN-4 does not help.
    state = after_drawing("3H 4H 5H 6H 7H 8H 9H JC KD", pile="", scores=[150, 0])
    assert all(isinstance(a, Discard) for a in state.legal_actions())
    refused(state, "meld 3H 4H 5H 6H 7H 8H 9H", "E-2")
    # At score 0 (threshold 4½) the same kanasta opens.
    state = after_drawing("3H 4H 5H 6H 7H 8H 9H JC KD", pile="", scores=[0, 0])
    after = play(state, "meld 3H 4H 5H 6H 7H 8H 9H")
    assert after.events == (TeamOpened(team=0, seat=0),) and after.turn.count == Fraction(9, 2)


def test_k_open_4_one_card_left_opens_below_the_threshold() -> None:
    # 2H..8H: ½ x 6 + 1 = 4 < 4½, but one card (9C) is left: open.  It is a clean kanasta,
    # so the 9C may then be discarded to empty the hand (K-OUT-1) and pick up packet 1.
    state = after_drawing("2H 3H 4H 5H 6H 7H 8H 9C", pile="", packets=[P1, P2])
    assert "meld 2H 3H 4H 5H 6H 7H 8H" in texts(state)
    after = play(state, "meld 2H 3H 4H 5H 6H 7H 8H")
    assert after.events == (TeamOpened(team=0, seat=0),)
    assert after.turn.count == 4 and format_cards(after.hands[0]) == "9C"
    assert texts(after) == ["discard 9C"]
    after = play(after, "discard 9C")
    assert after.events == (PacketTaken(seat=0, packet=1, cards=tuple(sorted(parse_cards(P1)))),)
    assert after.current_player == 1 and after.phase is Phase.DRAW


def test_k_open_4_melding_the_whole_hand_opens_at_any_threshold() -> None:
    # Score 150 (7½): 3H..9H is 4½, the hand falls to none: open, kanasta, packet 1.
    state = after_drawing("3H 4H 5H 6H 7H 8H 9H", pile="", scores=[150, 0], packets=[P1, P2])
    after = play(state, "meld 3H 4H 5H 6H 7H 8H 9H")
    assert kinds(after) == ["TeamOpened", "PacketTaken"]
    assert after.opened == (True, False) and after.packets_taken == (1, 0)
    assert after.current_player == 0 and after.phase is Phase.PLAY


def test_k_open_4_needs_a_kanasta_to_be_of_use() -> None:
    # 3H 4H 5H leaves one card, which could then only be discarded: without a kanasta the
    # hand may not be emptied (K-OUT-1), so the meld is not offered (E-2).
    state = after_drawing("3H 4H 5H 9C", pile="")
    assert texts(state) == ["discard 3H", "discard 4H", "discard 5H", "discard 9C"]
    refused(state, "meld 3H 4H 5H", "E-2")


def test_k_open_4_still_needs_a_natural_run() -> None:
    # Seven 7s (3½) leave one card but hold no run: K-OPEN-2 still applies.
    state = after_drawing("7C 7C 7D 7D 7H 7H 7S 9C", pile="")
    assert all(isinstance(a, Discard) for a in state.legal_actions())
    refused(state, "meld 7C 7C 7D 7D 7H 7H 7S", "E-2")
    # Melding all seven (no card left) is refused as not open.
    whole = after_drawing("7C 7C 7D 7D 7H 7H 7S", pile="")
    refused(whole, "meld 7C 7C 7D 7D 7H 7H 7S", "K-OPEN-1")


def test_k_open_5_a_team_not_open_takes_the_pile_and_its_cards_count() -> None:
    # Pile JC 5H KC.  After the take: 3H 4H 5H (1½) + KC KD KS (3) = 4½: open with the
    # 5H and KC from the pile.
    state = position("3H 4H KD KS 9C 9D", pile="JC 5H KC")
    assert state.opened == (False, False)
    assert texts(state) == ["draw", "take"]
    taken = play(state, "take")
    assert taken.events == (PileTaken(seat=0, cards=parse_cards("JC 5H KC"), aside=False),)
    assert format_cards(taken.hands[0]) == "3H 4H 5H 9C 9D JC KC KD KS"
    opened = play(taken, "meld 3H 4H 5H", "meld KC KD KS")
    assert opened.events == (TeamOpened(team=0, seat=0),)
    assert opened.turn.count == Fraction(9, 2)


# ======================================================================= pile


def test_k_pile_1_whole_pile_taken_with_a_wild_on_top_nothing_frozen() -> None:
    state = position("3H KD", pile="9C 2D JK")
    assert state.pile_frozen is False
    assert "take" in texts(state)
    taken = play(state, "take")
    assert taken.pile == ()
    assert format_cards(taken.hands[0]) == "2D 3H 9C KD JK"
    # The taker need not use the top card: any discard ends the turn.
    assert {"discard 3H", "discard JK", "discard 9C"} <= set(texts(taken))
    after = play(taken, "discard JK")
    assert after.pile == (parse_card("JK"),) and after.pile_frozen is False
    assert after.current_player == 1 and "take" in texts(after)


def test_k_pile_1_take_names_no_cards() -> None:
    state = position("KD KS 9C", pile="9D KH")
    refused(state, "take KD KS", "K-PILE-1")
    assert texts(state) == ["draw", "take"]


def test_k_pile_2_single_card_pile_blocked() -> None:
    state = position("9C", pile="KD", melds=[["KC KS KH"], []])
    assert texts(state) == ["draw"]
    refused(state, "take", "K-PILE-2")
    # A two-card pile, or a two-card hand, may be taken.
    assert "take" in texts(position("9C", pile="7S KD", melds=[["KC KS KH"], []]))
    assert "take" in texts(position("9C 9D", pile="KD"))


def test_k_pile_3_no_discarding_the_card_taken_alone() -> None:
    # The 7H from the pile and the 7H already in hand are the same card: neither goes.
    taken = play(position("7H 9C KD", pile="7H"), "take")
    assert taken.turn.forbidden == parse_card("7H")
    assert texts(taken) == ["discard 9C", "discard KD"]
    refused(taken, "discard 7H", "K-PILE-3")


def test_k_pile_3_a_copy_from_a_packet_picked_up_that_turn_is_blocked_too() -> None:
    # Take the 7H, add it to the 7s, meld the 9s: the hand is empty and packet 1 (holding
    # the other 7H) comes up; the 7H still may not be discarded this turn.
    packet1 = "7H 8D 8H 9H TH JH QH AH AD 3D 4C"
    state = position(
        "9C 9D 9S", pile="7H", melds=[["KC KC KD KD KS KH KH", "7C 7D 7S"], []], packets=[packet1, P2]
    )
    state = play(state, "take", "add @1 7H", "meld 9C 9D 9S")
    assert kinds(state) == ["PacketTaken"]
    assert state.phase is Phase.PLAY and state.current_player == 0
    assert parse_card("7H") in state.hands[0]
    assert state.turn.forbidden == parse_card("7H")
    assert "discard 7H" not in texts(state) and "discard 8D" in texts(state)
    refused(state, "discard 7H", "K-PILE-3")


def test_k_pile_3_e_2_a_meld_that_strands_the_player_is_not_offered() -> None:
    # Took the 7H holding 7H 8C: hand 7H 7H 8C.  Adding the 8C to the 8s would leave only
    # the 7Hs, which may not be discarded: a dead end.
    taken = play(position("7H 8C", pile="7H", melds=[["8D 8H 8S"], []]), "take")
    assert texts(taken) == ["discard 8C"]
    refused(taken, "add @0 8C", "E-2")
    after = play(taken, "discard 8C")
    assert format_cards(after.hands[0]) == "7H 7H" and after.current_player == 1


def test_k_pile_3_e_2_a_take_that_leaves_no_discard_is_not_offered() -> None:
    # Under the default rules K-PILE-2 already stops one card against a one-card pile; with
    # that option off, taking the 7H holding the other 7H leaves only 7Hs: not offered.
    rules = {"preset": "kanasta", "single_card_pile_block": False}
    state = position("7H", pile="7H", rules=rules, melds=[["KC KS KH"], []])
    assert texts(state) == ["draw"]
    refused(state, "take", "K-PILE-3")


def test_k_pile_4_any_card_may_be_discarded() -> None:
    state = after_drawing("JK 2C 8C KD QS", melds=[["8D 8H 8S"], []])
    discards = [str(a) for a in state.legal_actions() if isinstance(a, Discard)]
    # wild cards and a card that fits the 8s included
    assert discards == ["discard 2C", "discard 8C", "discard QS", "discard KD", "discard JK"]
    after = play(state, "discard JK")
    assert after.pile[-1] == parse_card("JK") and after.current_player == 1


# ============================================================ emptying the hand

KINGS = "KC KC KD KD KS KS KH"  # a clean kanasta for team 0


def test_k_out_1_no_emptying_the_hand_without_a_kanasta() -> None:
    # Melding the last cards:
    state = after_drawing("9C 9D 9S", melds=[["3H 4H 5H"], []], packets=[P1, P2])
    assert texts(state) == ["discard 9C", "discard 9D", "discard 9S"]
    refused(state, "meld 9C 9D 9S", "K-OUT-1")
    # A meld that would leave a last card to discard is not offered either (E-2).
    state = after_drawing("9C 9D 9S 4D", melds=[["3H 4H 5H"], []], packets=[P1, P2])
    assert not any(isinstance(a, LayMeld) for a in state.legal_actions())
    refused(state, "meld 9C 9D 9S", "E-2")


def test_k_out_1_with_a_kanasta_the_hand_may_be_emptied() -> None:
    state = after_drawing("9C 9D 9S 4D", melds=[[KINGS], []], packets=[P1, P2])
    after = play(state, "meld 9C 9D 9S", "discard 4D")
    assert kinds(after) == ["PacketTaken"]
    assert after.packets_taken == (1, 0)


def test_k_out_1_a_kanasta_completed_this_turn_counts() -> None:
    # KC KC KD KD KS KS: six kings.  The KH makes the kanasta, then the 9C empties the hand.
    state = after_drawing("KH 9C", melds=[["KC KC KD KD KS KS"], []], packets=[P1, P2])
    assert texts(state) == ["add @0 KH", "discard 9C", "discard KH"]
    after = play(state, "add @0 KH")
    assert texts(after) == ["discard 9C"]
    after = play(after, "discard 9C")
    assert kinds(after) == ["PacketTaken"]


def test_k_out_1_the_last_cards_may_complete_the_kanasta_they_empty_the_hand_into() -> None:
    # Five kings on the table; KH KS from hand make seven (a clean kanasta) and empty the hand.
    state = after_drawing("KH KS", melds=[["KC KC KD KD KS"], []], packets=[P1, P2])
    # (Adding one king alone is fine too: the other then completes the kanasta.)
    assert set(texts(state)) == {"add @0 KH KS", "add @0 KH", "add @0 KS", "discard KH", "discard KS"}
    after = play(state, "add @0 KH KS")
    assert after.melds[0][0].canasta_kind() == "clean"
    assert [e.packet for e in after.events if isinstance(e, PacketTaken)] == [1]
    # With only four kings on the table the same two cards make six: refused.
    short = after_drawing("KH KS", melds=[["KC KD KD KS"], []], packets=[P1, P2])
    refused(short, "add @0 KH KS", "K-OUT-1")


def test_k_out_2_k_out_3_emptying_by_discarding_picks_up_packet_1_and_the_turn_passes() -> None:
    state = after_drawing("9C", melds=[[KINGS], []], packets=[P1, P2])
    after = play(state, "discard 9C")
    assert after.events == (PacketTaken(seat=0, packet=1, cards=tuple(sorted(parse_cards(P1)))),)
    assert after.hands[0] == tuple(sorted(parse_cards(P1)))
    assert after.packets == (tuple(sorted(parse_cards(P2))),)
    assert after.packets_taken == (1, 0)
    assert after.pile[-1] == parse_card("9C")
    assert after.current_player == 1 and after.phase is Phase.DRAW


def test_k_out_2_k_out_3_emptying_by_melding_picks_up_the_packet_and_plays_on() -> None:
    state = after_drawing("9C 9D 9S", melds=[[KINGS], []], packets=[P1, P2])
    after = play(state, "meld 9C 9D 9S")
    assert after.events == (PacketTaken(seat=0, packet=1, cards=tuple(sorted(parse_cards(P1)))),)
    assert after.current_player == 0 and after.phase is Phase.PLAY
    assert after.hands[0] == tuple(sorted(parse_cards(P1)))
    assert after.turn.drew == "stock" and after.turn.melded
    # The same turn goes on: the new hand melds and discards.
    legal = texts(after)
    assert "meld TC TC TD" in legal and "discard QH" in legal
    assert not any(a == kanasta.Draw() for a in after.legal_actions())


def test_k_out_2_packets_in_order_either_team_takes_the_next() -> None:
    # Team 0 took packet 1; seat 1 (team 1) empties its hand and takes packet 2.
    state = after_drawing(
        "3D 4H", player=1, right="9C", melds=[[KINGS], ["QC QC QD QD QS QS QH"]],
        packets=[P2], packets_taken=[1, 0],
    )
    after = play(state, "discard 9C")
    assert after.events == (PacketTaken(seat=1, packet=2, cards=tuple(sorted(parse_cards(P2)))),)
    assert after.packets == () and after.packets_taken == (1, 1)
    assert after.current_player == 2


def test_k_out_2_one_player_takes_both_packets_in_one_turn() -> None:
    # Packet 1 is TC TC TD TD / JC JC JD JD / QC QD QH: three sets that empty the hand again.
    state = after_drawing("9C 9D 9S", melds=[[KINGS], []], packets=[P1, P2])
    state = play(state, "meld 9C 9D 9S")
    assert state.packets_taken == (1, 0)
    state = play(state, "meld TC TC TD TD", "meld JC JC JD JD")
    assert state.events == ()
    state = play(state, "meld QC QD QH")
    assert state.events == (PacketTaken(seat=0, packet=2, cards=tuple(sorted(parse_cards(P2)))),)
    assert state.packets == () and state.packets_taken == (2, 0)
    assert state.current_player == 0 and state.phase is Phase.PLAY


def _packet_2_left(team_with_packet: int, seat: int) -> State:
    """Both teams have a kanasta; packet 2 remains; ``seat`` holds only a KH that fits a set."""
    melds = [["QC QC QD QD QS QS QH", "KC KD KS"], ["JC JC JD JD JS JS JH", "KC KD KS"]]
    taken = [1, 0] if team_with_packet == 0 else [0, 1]
    hands = {"hand": "3D 4H", "right": "3S 4C", "partner": "3C", "left": "4D"}
    key = ["hand", "right", "partner", "left"][seat]
    hands[key] = "KH"
    return after_drawing(
        hands.pop("hand"), player=seat, melds=melds, packets=[P2], packets_taken=taken, **hands
    )


@pytest.mark.parametrize("seat", [0, 1])
def test_k_out_4_the_packet_team_must_meld_its_last_card(seat: int) -> None:
    team = seat % 2
    state = _packet_2_left(team_with_packet=team, seat=seat)
    assert texts(state) == ["add @1 KH"]
    refused(state, "discard KH", "K-OUT-4")
    after = play(state, "add @1 KH")
    assert [e.packet for e in after.events if isinstance(e, PacketTaken)] == [2]
    assert after.current_player == seat and after.phase is Phase.PLAY


@pytest.mark.parametrize("seat", [0, 1])
def test_k_out_4_binds_only_the_team_that_took_packet_1(seat: int) -> None:
    state = _packet_2_left(team_with_packet=1 - seat % 2, seat=seat)
    assert texts(state) == ["add @1 KH", "discard KH"]
    after = play(state, "discard KH")
    assert [e.packet for e in after.events if isinstance(e, PacketTaken)] == [2]
    assert after.current_player == (seat + 1) % 4 and after.phase is Phase.DRAW


def test_k_out_4_e_2_a_meld_leaving_one_card_to_discard_is_not_offered() -> None:
    # docs/rules.rst "K-OUT-4 generalised": team 0 has a kanasta; packet 2 on the table.
    def state_for(taken: list[int]) -> State:
        return after_drawing("9C 9D 9S 4D", melds=[[KINGS], []], packets=[P2], packets_taken=taken)

    bound = state_for([1, 0])
    assert not any(isinstance(a, LayMeld) for a in bound.legal_actions())
    refused(bound, "meld 9C 9D 9S", "E-2")
    free = state_for([0, 1])
    assert "meld 9C 9D 9S" in texts(free)
    after = play(free, "meld 9C 9D 9S", "discard 4D")
    assert [e.packet for e in after.events if isinstance(e, PacketTaken)] == [2]


def test_k_out_5_going_out_by_discarding_after_both_packets() -> None:
    # Team 0: kings 7 + 20; packet 10; out 10; partner's 3D -½.  = 46½ -> 47.
    # Team 1: packet 10 - (3S ½ + 3C ½) = 9.
    after, result = going_out([KINGS], [], last="QS", partner="3D", right="3S", left="3C")
    assert kinds(after)[:2] == ["WentOut", "HandEnded"]
    assert after.events[0] == WentOut(seat=0, concealed=False)
    assert result.ended_by == "going_out" and result.went_out == 0
    t0, t1 = result.teams
    assert (t0.going_out_points, t1.going_out_points) == (10, 0)
    assert t0.raw_total == Fraction(93, 2) and t0.total == 47
    assert t1.raw_total == 9 and t1.total == 9
    assert after.scores == (47, 9)
    assert after.hand_number == 2


def test_k_out_5_going_out_by_melding_the_last_card() -> None:
    state = after_drawing("9C 9D 9S", melds=[[KINGS], []], packets=[], packets_taken=[1, 1],
                          partner="3D", right="3S", left="3C")
    after = play(state, "meld 9C 9D 9S")
    assert kinds(after)[:2] == ["WentOut", "HandEnded"]
    result = result_after(after)
    # 10 + (7 + 3) + 20 + 10 - ½ = 49½ -> 50
    assert result.teams[0].raw_total == Fraction(99, 2) and result.teams[0].total == 50


# ------------------------------------------------------------- the last stock card


def _last_stock(hand: str, melds: list[list[str]], packets: list[str], packets_taken: list[int],
                partner: str = "5C", right: str = "AS AD", left: str = "3S") -> State:
    """Seat 0 to draw the only stock card, the 9D; every other card placed, the rest in the pile."""
    placed = [hand, right, partner, left, *melds[0], *melds[1], *packets, "9D", "8C"]
    pile = rest_of_deck(*placed) + " 8C"
    return position(hand, right=right, partner=partner, left=left, stock="9D", pile=pile, melds=melds,
                    packets=packets, packets_taken=packets_taken)


def test_k_out_6_the_hand_ends_after_the_turn_of_the_last_stock_card() -> None:
    state = _last_stock("7D QS", [["3H 4H 5H", "9S TS JS"], []], [P1, P2], [0, 0])
    drawn = play(state, "draw")
    assert drawn.events == (CardsDrawn(seat=0, cards=(parse_card("9D"),)), StockExhausted(seat=0))
    assert drawn.turn.last_stock and drawn.phase is Phase.PLAY and drawn.stock == ()
    after = play(drawn, "discard QS")
    assert kinds(after) == ["HandEnded", "HandStarted", "UpcardTurned"]
    result = result_after(after)
    assert result.ended_by == "stock" and result.went_out is None
    t0, t1 = result.teams
    assert (t0.going_out_points, t1.going_out_points) == (0, 0)
    assert (t0.packet_points, t1.packet_points) == (0, 0)  # untaken packets score nothing
    # Team 0: (1½ + 3) - (7D ½ + 9D 1 + 5C ½) = 4½ - 2 = 2½ -> 3
    assert t0.meld_points == Fraction(9, 2) and t0.hand_points == 2
    assert t0.raw_total == Fraction(5, 2) and t0.total == 3
    # Team 1: 0 - (AS 1½ + AD 1½ + 3S ½) = -3½ -> -3 (ceiling, toward +inf)
    assert t1.raw_total == Fraction(-7, 2) and t1.total == -3
    assert after.scores == (3, -3)


def test_k_out_6_emptying_by_melding_in_that_turn_takes_a_packet_that_counts_in_hand() -> None:
    packet1 = "3C 3D 4C 4D 5D 5H 6C 6D 7C 7H 8D"  # ten cards of ½ and the 8D (1): 6
    state = _last_stock("9C 9S", [[KINGS], []], [packet1, P2], [0, 0], partner="5C")
    state = play(state, "draw", "meld 9C 9D 9S")
    assert kinds(state) == ["PacketTaken"]
    assert state.phase is Phase.PLAY and state.turn.last_stock
    after = play(state, "discard 8D")
    result = result_after(after)
    assert result.ended_by == "stock" and result.went_out is None
    t0 = result.teams[0]
    assert t0.packets == 1 and t0.packet_points == 10
    assert t0.hand_points == Fraction(11, 2)  # ten packet cards at ½ + the partner's 5C ½
    # 10 + (7 + 3) + 20 + 0 - 5½ = 34½ -> 35
    assert t0.going_out_points == 0
    assert t0.raw_total == Fraction(69, 2) and t0.total == 35


def test_k_out_6_emptying_by_discarding_in_that_turn_takes_a_packet_and_ends_the_hand() -> None:
    state = _last_stock("9C 9S KH", [[KINGS], []], [P1, P2], [0, 0], partner="5C")
    state = play(state, "draw", "meld 9C 9D 9S")
    after = play(state, "discard KH")
    assert kinds(after)[:2] == ["PacketTaken", "HandEnded"]
    result = result_after(after)
    assert result.ended_by == "stock"
    t0 = result.teams[0]
    # Packet 1 (TC TC TD TD JC JC JD JD QC QD QH: 11 x 1 = 11) is left in hand, + 5C ½.
    assert t0.hand_points == Fraction(23, 2)
    # 10 + 10 + 20 - 11½ = 28½ -> 29
    assert t0.raw_total == Fraction(57, 2) and t0.total == 29
    assert result.hands[0] == tuple(sorted(parse_cards(P1)))


def test_k_out_6_going_out_in_that_turn_scores_the_bonus() -> None:
    state = _last_stock("9C 9S KH", [[KINGS], []], [], [1, 1], partner="5C")
    after = play(state, "draw", "meld 9C 9D 9S", "discard KH")
    assert kinds(after)[:2] == ["WentOut", "HandEnded"]
    result = result_after(after)
    assert result.ended_by == "going_out" and result.went_out == 0
    t0 = result.teams[0]
    # 10 + 10 + 20 + 10 - ½ = 49½ -> 50
    assert t0.going_out_points == 10
    assert t0.raw_total == Fraction(99, 2) and t0.total == 50


# ==================================================================== scoring


def test_k_score_1_full_breakdown_before_and_after_rounding() -> None:
    # Trump 8C.
    # Team 0 melds:
    #   8C 8D 8H 8S 8C 8D 8H  clean set of 8s, matches trump: 20 x 2 = 40    cards 7
    #   3H 4H 5H 6H 7H JK 9H  dirty heart run: 10                            2½ + 1 + 1 = 4½
    #   AH 2H 3H              natural 2 worth ½: 1½ + ½ + ½                   = 2½
    #   KC KD 2S              1 + 1 + 1                                       = 3
    #   meld points 7 + 4½ + 2½ + 3 = 17; bonuses 50
    # Seat 0 discards its last card QS and goes out (+10); partner holds 2D 5D: 1 + ½ = 1½.
    # Team 0: 10 + 17 + 50 + 10 - 1½ = 85½ -> 86
    # Team 1 melds:
    #   5C 6C 7C JK 9C TC JC  dirty club run, trump suit: 10 x 2 = 20        1½ + 1 + 3 = 5½
    #   QH QS QD                                                              3
    #   hands AS AD 7S (1½ + 1½ + ½ = 3½) and 3S 4C JK (½ + ½ + 1 = 2): 5½
    # Team 1: 10 + 8½ + 20 + 0 - 5½ = 33
    after, result = going_out(
        ["8C 8D 8H 8S 8C 8D 8H", "3H 4H 5H 6H 7H JK 9H", "AH 2H 3H", "KC KD 2S"],
        ["5C 6C 7C JK 9C TC JC", "QH QS QD"],
        last="QS", partner="2D 5D", right="AS AD 7S", left="3S 4C JK",
    )
    t0, t1 = result.teams
    assert (t0.team, t0.packets, t0.packet_points) == (0, 1, 10)
    assert t0.meld_points == 17
    assert [(c.meld, c.kind, c.base, c.trump_doubled, c.bonus) for c in t0.canastas] == [
        (0, "clean", 20, True, 40), (1, "dirty", 10, False, 10)
    ]
    assert t0.canasta_points == 50
    assert t0.going_out_points == 10
    assert t0.hand_points == Fraction(3, 2)
    assert t0.red_threes == 0 and t0.red_three_points == 0
    assert t0.raw_total == Fraction(171, 2) and t0.total == 86
    assert (t1.team, t1.packets, t1.packet_points) == (1, 1, 10)
    assert t1.meld_points == Fraction(17, 2)
    assert [(c.meld, c.kind, c.trump_doubled, c.bonus) for c in t1.canastas] == [(0, "dirty", True, 20)]
    assert t1.going_out_points == 0
    assert t1.hand_points == Fraction(11, 2)
    assert t1.raw_total == 33 and t1.total == 33
    # The parts re-add to the unrounded total; only the total is rounded.
    for t in (t0, t1):
        parts = t.packet_points + t.meld_points + t.canasta_points + t.going_out_points - t.hand_points
        assert parts == t.raw_total
    assert result.scores == (86, 33) and after.scores == (86, 33)
    assert result.hands[2] == parse_cards("2D 5D") and result.hands[0] == ()


@pytest.mark.parametrize(
    ("partner", "raw", "total"),
    [
        # Team 0: 10 (packet) + kings 7 + 20 + 10 (out) = 47, less the partner's cards.
        ("3D", Fraction(93, 2), 47),          # 47 - ½ = 46½ -> 47
        ("AD", Fraction(91, 2), 46),          # 47 - 1½ = 45½ -> 46
        ("3D 5D", 46, 46),                    # 47 - 1 = 46
    ],
)
def test_k_score_1_total_rounded_up(partner: str, raw: Fraction, total: int) -> None:
    _, result = going_out([KINGS], [], last="QS", partner=partner, right="JD", left="JS")
    assert result.teams[0].raw_total == raw and result.teams[0].total == total


@pytest.mark.parametrize(
    ("right", "left", "raw", "total"),
    [
        # Team 1 has no melds and no packet: minus its cards.
        ("AS AD", "3C", Fraction(-7, 2), -3),    # -(1½ + 1½ + ½) = -3½ -> -3
        ("AS", "3C", Fraction(-2), -2),          # -(1½ + ½) = -2
        ("3S", "3C 4C JK", Fraction(-5, 2), -2),  # -(½ + ½ + ½ + 1) = -2½ -> -2
    ],
)
def test_k_score_1_negative_totals_round_toward_plus_infinity(
    right: str, left: str, raw: Fraction, total: int
) -> None:
    _, result = going_out([KINGS], [], last="QS", partner="3D", right=right, left=left, packets_taken=(2, 0))
    t1 = result.teams[1]
    assert t1.raw_total == raw and t1.total == total


# ======================================================================= game


def _game_hand(scores: tuple[int, int]) -> State:
    """A hand that scores team 0 +47 and team 1 +36.

    Team 0: 10 + kings (7 + 20) + 10 - ½ (3D) = 46½ -> 47.
    Team 1: 10 + queens (7 + 20) - (3S ½ + 3C ½) = 36.
    """
    after, result = going_out(
        [KINGS], ["QC QC QD QD QS QS QH"], last="9S", partner="3D", right="3S", left="3C", scores=scores
    )
    assert (result.teams[0].total, result.teams[1].total) == (47, 36)
    return after


@pytest.mark.parametrize(
    ("before", "winner"),
    [
        ((253, 0), 0),      # 300 exactly
        ((260, 270), 0),    # 307 against 306: both over, the higher wins
        ((252, 264), 1),    # 299 against 300: the team that did not go out wins
    ],
)
def test_k_game_1_target_300_one_highest_team_wins(before: tuple[int, int], winner: int) -> None:
    after = _game_hand(before)
    final = (before[0] + 47, before[1] + 36)
    assert after.scores == final
    assert after.events[-1] == GameEnded(winner=winner, scores=final)
    assert after.winner == winner and after.phase is Phase.GAME_OVER and after.is_game_over
    assert after.current_player is None and after.legal_actions() == ()
    refused(after, "draw", "G-GAME-1")


@pytest.mark.parametrize(
    "before",
    [
        (252, 263),   # 299 / 299: nobody at 300
        (253, 264),   # 300 / 300: a tie at the top -> another hand (G-GAME-1)
    ],
)
def test_k_game_1_g_game_1_below_target_or_tied_another_hand(before: tuple[int, int]) -> None:
    after = _game_hand(before)
    assert after.scores == (before[0] + 47, before[1] + 36)
    assert after.winner is None and not after.is_game_over
    assert not any(isinstance(e, GameEnded) for e in after.events)
    assert kinds(after)[-3:] == ["HandEnded", "HandStarted", "UpcardTurned"]
    assert after.hand_number == 2 and after.phase is Phase.DRAW
    assert len(after.hand_results) == 1


# ============================================================ E-1 / E-2 / E-3


def _assert_sound(state: State) -> None:
    """E-1: every listed move applies, each is listed once."""
    moves = state.legal_actions()
    assert len(set(moves)) == len(moves)
    for move in moves:
        state.apply(move)


def test_e_1_run_whose_wild_could_stand_at_either_end() -> None:
    state = after_drawing("5H 6H 7H JK 9C KD", melds=[["TC JC QC"], []])
    new_runs = [str(a) for a in state.legal_actions()
                if isinstance(a, LayMeld) and parse_card("JK") in a.cards and len(a.cards) == 4]
    # The joker below or above the natural 5H 6H 7H: two moves, each listed once.
    assert sorted(new_runs) == ["meld 5H 6H 7H JK", "meld JK 5H 6H 7H"]
    # The joker inside the run stands for the rank it replaces.
    assert "meld 5H JK 7H" in texts(state)
    assert play(state, "meld 5H JK 7H").melds[0][1].stands_for(1) == (kanasta.Rank.SIX, kanasta.Suit.HEARTS)
    _assert_sound(state)
    refused(state, "meld 5H 6H JK 7H", "K-MELD-2")


def test_e_1_e_2_packet_pickup_mid_turn_continues_the_same_turn() -> None:
    state = after_drawing("9C 9D 9S", melds=[[KINGS], []], packets=[P1, P2])
    after = play(state, "meld 9C 9D 9S")
    _assert_sound(after)
    # The turn record carries on: the new hand cannot draw again.
    refused(after, "draw", "G-TURN-1")
    refused(after, "take", "G-TURN-1")


def test_e_1_last_stock_card_no_draw_after_it() -> None:
    state = _last_stock("7D QS", [["3H 4H 5H", "9S TS JS"], []], [P1, P2], [0, 0])
    drawn = play(state, "draw")
    _assert_sound(drawn)
    refused(drawn, "draw", "G-TURN-1")
    # Hand 7D 9D QS: the QS may extend 9S TS JS; every discard ends the hand (K-OUT-6, E-3).
    assert texts(drawn) == ["extend @1 9S TS JS QS", "discard 7D", "discard 9D", "discard QS"]
    for move in drawn.legal_actions():
        after = drawn.apply(move)
        if isinstance(move, Discard):
            assert result_after(after).ended_by == "stock" and after.hand_number == 2
        else:
            assert after.events == () and after.phase is Phase.PLAY and after.turn.last_stock


def test_e_3_chores_are_done_and_recorded() -> None:
    # Going out: the hand is scored and the next one dealt in the same apply().
    before = after_drawing("QS", melds=[[KINGS], []], packets=[], packets_taken=[1, 1],
                           partner="3D", right="3S", left="3C", dealer=3)
    after = play(before, "discard QS")
    assert kinds(after) == ["WentOut", "HandEnded", "HandStarted", "UpcardTurned"]
    started = after.events[2]
    assert isinstance(started, HandStarted) and started.hand_number == 2
    assert started.dealer == 0 and after.dealer == 0 and after.current_player == 1  # G-DEAL-1
    turned = after.events[3]
    assert isinstance(turned, UpcardTurned) and turned.trump is after.trump
    assert [len(h) for h in after.hands] == [11] * 4 and [len(p) for p in after.packets] == [11, 11]
    assert after.history[-1].events == after.events


# ------------------------------------------- K-MELD-7 / E-1: a wild moves only with its card


@pytest.mark.parametrize(
    ("run", "hand", "move"),
    [
        # The joker is the 3H.  The 3H is not added, so the joker may not move up to the 6H
        # (or the 7H).
        ("JK 4H 5H", "7H 9D QD", "extend @0 4H 5H JK 7H"),
        ("JK 4H 5H", "6H 8H 9D QD", "extend @0 4H 5H 6H JK 8H"),
        # The 2S is the wild 2H; moved to the 6H without the 2H being added.
        ("2S 3H 4H", "5H 9D QD", "extend @0 3H 4H 5H 2S"),
        # The 2H is the wild 5H; the 5H is not added, so it may not go down to its own place.
        ("3H 4H 2H", "AH 9D QD", "extend @0 AH 2H 3H 4H"),
        ("4H 5H 6H 2H", "3H 9D QD", "extend @0 2H 3H 4H 5H 6H"),
        # The joker is the 5H; it may not become the 2H.
        ("3H 4H JK", "AH 9D QD", "extend @0 AH JK 3H 4H"),
    ],
)
def test_k_meld_7_the_wild_moves_only_when_its_natural_card_is_added(run: str, hand: str, move: str) -> None:
    state = after_drawing(hand, melds=[[run], []])
    refused(state, move, "K-MELD-7")
    # No hand here holds the card a wild stands for, so every extension offered keeps the
    # run's cards, its wild included, in their places: the old run stands whole in the new.
    old = parse_cards(run)
    for action in state.legal_actions():
        if isinstance(action, ExtendRun) and action.meld == 0:
            new = action.run
            assert any(new[i:i + len(old)] == old for i in range(len(new))), str(action)


def _candidates(state: State) -> set[kanasta.Action]:
    """Every meld, addition, run list and discard that can be made from the hand (small hands)."""
    hand = state.hands[state.player]
    team = state.player % 2

    def subsets(low: int, high: int) -> set[tuple[kanasta.Card, ...]]:
        return {
            tuple(sorted((hand[i] for i in pick), key=lambda c: c.index))
            for k in range(low, high + 1)
            for pick in combinations(range(len(hand)), k)
        }

    out: set[kanasta.Action] = {Discard(c) for c in hand}
    for cards in subsets(3, len(hand)):
        out.update(LayMeld(p) for p in set(permutations(cards)))
    for i, m in enumerate(state.melds[team]):
        for cards in subsets(1, len(hand)):
            if m.kind is kanasta.MeldKind.SET:
                out.add(kanasta.AddToMeld(i, cards))
            elif m.size + len(cards) <= 7:
                out.update(ExtendRun(i, p) for p in set(permutations(m.cards + cards)))
    return out


@pytest.mark.parametrize(
    ("melds", "hand"),
    [
        (["5H JK 7H"], "6H 8H 4C 9D"),          # docs/rules.rst "Extending a run"
        (["AH 2H 3H", "7C 7D JK"], "JK 4H 7S 9D"),
        (["2H 3H 4H"], "AH 5H 2S 9D"),
        (["QH JK AH"], "KH JH 9D QD"),
        (["3H 4H 2H"], "AH 5H 6H 9D"),
        (["JK 4H 5H"], "3H 6H 7H 9D"),
    ],
)
def test_e_1_explain_agrees_with_legal_actions(melds: list[str], hand: str) -> None:
    """E-1: every candidate move is legal by explain() exactly when legal_actions() lists it."""
    state = after_drawing(hand, melds=[melds, []])
    legal = set(state.legal_actions())
    wrong = []
    for action in _candidates(state):
        try:
            problem = state.explain(action)
        except Exception as error:
            wrong.append(f"{action}: {type(error).__name__}")
            continue
        if (problem is None) != (action in legal):
            wrong.append(f"{action}: explain={problem!r}, listed={action in legal}")
    assert sorted(wrong) == []
    assert legal <= _candidates(state)
