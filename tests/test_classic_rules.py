"""Rule tests for Classic Canasta: Parts G, C, C2 and E of the rules (issue 3).

Every test names the rule ID it checks.  Positions are written by hand with
``State.from_dict`` (see tests/_classic_positions.py); expected values are
worked out from the rules by hand, with the arithmetic in a comment, never
copied from the engine.  Filler hands (seats not under test) are
``4S 4S 4D`` (seat 1), ``5S 5S 5D`` (seat 2) and ``6S 6S 6D`` (seat 3): 15
points each (C-VAL-1: 7 to 4 are worth 5).

A refused move is checked the E-1 way (``refused``): it is missing from
``legal_actions()``, ``apply`` raises ``IllegalActionError`` naming the rule,
``explain`` ends with the rule, and the state is unchanged.
"""

from __future__ import annotations

import collections
import json

import attrs
import pytest

import kanasta
from _classic_positions import (
    act,
    after_draw,
    ended,
    kinds,
    late_position,
    moves,
    offered,
    position,
    refused,
)
from _invariants import card_census
from kanasta import (
    DECK,
    AnswerPartner,
    CardsDrawn,
    Draw,
    GameEnded,
    HandEnded,
    HandStarted,
    IllegalActionError,
    Phase,
    PileJoined,
    PileTaken,
    RedThreeLaid,
    Rules,
    State,
    StockExhausted,
    TeamOpened,
    UpcardTurned,
    WentOut,
    parse_action,
    parse_card,
    parse_cards,
)

pytestmark = pytest.mark.both_engines  # the rule tests run against both engines (tests/conftest.py)

CLASSIC = Rules.classic()
# A natural canasta of kings (both KD, KH and KS, one KC; the other KC stays free): 7 x 10 = 70.
CANASTA = "KH KS KD KC KH KS KD"


def rules_doc(**changes: object) -> dict[str, object]:
    """The Classic preset with some options changed, as a position document writes it."""
    return attrs.evolve(CLASSIC, **changes).to_dict()  # type: ignore[arg-type]


def first_seed(predicate, rules: Rules = CLASSIC, limit: int = 2000) -> tuple[int, State]:
    """The first seed (scanning from 0) whose new game satisfies ``predicate``."""
    for seed in range(limit):
        state = kanasta.new_game(rules, seed)
        if predicate(state):
            return seed, state
    raise AssertionError("no seed found")  # pragma: no cover


def upcards(state: State) -> tuple[kanasta.Card, ...]:
    turned = [e for e in state.events if isinstance(e, UpcardTurned)]
    assert len(turned) == 1
    return turned[0].cards


def deal_reds(state: State) -> list[RedThreeLaid]:
    return [e for e in state.events if isinstance(e, RedThreeLaid)]


# =============================================================== Part G


def test_g_deck_1_the_108_cards_are_all_dealt_somewhere() -> None:
    # Two packs of 52 and four jokers: 104 + 4 = 108 cards, 53 distinct values.
    assert len(DECK) == 108 and len(set(DECK)) == 53
    assert collections.Counter(DECK)[parse_card("JK")] == 4
    assert collections.Counter(DECK)[parse_card("7H")] == 2
    state = kanasta.new_game(CLASSIC, seed=3)
    assert card_census(state) == collections.Counter(DECK)


def test_g_deck_1_identical_cards_are_one_move() -> None:
    # Two 7H in hand: "discard 7H" is one move, listed once (copies are not told apart).
    s = after_draw("7H 7H 9C", melds=[["QC QD QH"], []])
    assert moves(s) == ["discard 7H", "discard 9C"]
    after = act(s, "discard 7H")
    assert after.hands[0] == parse_cards("7H 9C")


def test_g_deck_2_ranks_and_suits() -> None:
    ranks = {c.rank for c in DECK if not c.is_joker}
    suits = {c.suit for c in DECK if not c.is_joker}
    assert len(ranks) == 13 and len(suits) == 4
    joker = parse_card("JK")
    assert joker.rank is None and joker.suit is None


def test_g_wild_1_jokers_and_twos_are_wild_in_classic_melds() -> None:
    # K K with a 2 or a joker (or both) is a meld: two naturals and wild cards; K 2 JK is not.
    s = after_draw("KC 2C JK 9S 8D", melds=[["QC QD QH"], []], opened=[True, False])
    ms = moves(s)
    assert "meld KC 2C JK" not in ms  # one natural only (C-MELD-1)
    s = after_draw("KC KC 2C JK 9S 8D", melds=[["QC QD QH"], []])
    ms = moves(s)
    assert "meld KC KC 2C" in ms and "meld KC KC JK" in ms and "meld KC KC 2C JK" in ms
    assert [c.is_wild for c in parse_cards("2C 2H JK 3S KC")] == [True, True, True, False, False]


def test_g_turn_1_draw_phase_then_play_phase_then_discard_ends_the_turn() -> None:
    s = position("9C 9D QS 7H", stock_top="8C", melds=[["QC QD QH"], []])
    assert s.phase is Phase.DRAW
    refused(s, "discard QS", "G-TURN-1")
    refused(s, "meld 9C 9D QS", "G-TURN-1")
    s = act(s, "draw")
    assert s.phase is Phase.PLAY and s.current_player == 0
    assert s.hands[0] == parse_cards("7H 8C 9C 9D QS")
    refused(s, "draw", "G-TURN-1")
    refused(s, "discard KH", "G-TURN-1")  # not in hand
    s = act(s, "discard 7H")
    # The turn passes to the next seat in playing order, in the draw phase.
    assert s.current_player == 1 and s.phase is Phase.DRAW
    assert s.pile[-1] == parse_card("7H")


def test_g_turn_1_going_out_by_melding_the_last_card_needs_no_discard() -> None:
    s = after_draw("QC QD QH 9S 9D 9H", melds=[[CANASTA], []])
    s = act(s, "meld QC QD QH", "meld 9D 9H 9S")
    assert kinds(s)[:2] == ["WentOut", "HandEnded"]
    assert ended(s).went_out == 0


def test_g_meld_1_partner_adds_to_the_team_meld_but_nobody_to_the_others() -> None:
    # Seat 2 (team 0) adds to the 9s seat 0 laid; team 1's 7s are out of team 0's reach.
    s = position(
        hands=["4C 4C 4D", "4S 4S 5D", "9S 9H 8C 8D", "6S 6S 6D"],
        melds=[["9C 9C 9D"], ["7C 7C 7D"]],
        player=2,
        phase="play",
        turn={"drew": "stock"},
    )
    after = offered(s, "add @0 9H 9S")
    assert after.melds[0][0].cards == parse_cards("9C 9C 9D 9H 9S")
    assert after.melds[1][0].cards == parse_cards("7C 7C 7D")  # untouched
    refused(s, "add @1 9H 9S", "G-MELD-1")  # team 0 has only meld @0


def test_g_meld_2_seven_cards_make_a_canasta() -> None:
    s = after_draw("QS QS 9D 8C", melds=[["QC QC QD QD QH"], []])
    assert not s.melds[0][0].is_canasta  # 5 cards
    after = act(s, "add @0 QS QS")
    assert after.melds[0][0].size == 7 and after.melds[0][0].is_canasta


def test_g_score_1_hand_scores_add_to_cumulative_scores_which_may_go_negative() -> None:
    # Team 0 goes out: melds 70 (kings) + 30 (QQQ) = 100, natural canasta 500, going out 100,
    # partner's hand 5S 5S 5D = 15: 100 + 500 + 100 - 15 = 685.
    # Team 1: meld 5C 5C 5H = 15, hands 4S 4S 4D + 6S 6S 6D = 30: 15 - 30 = -15.
    s = after_draw("QC QD QH 9S", melds=[[CANASTA], ["5C 5C 5H"]], scores=[100, 10])
    s = act(s, "meld QC QD QH", "discard 9S")
    result = ended(s)
    assert result.ended_by == "going_out"
    assert [t.total for t in result.teams] == [685, -15]
    # 100 + 685 = 785; 10 - 15 = -5 (negative is fine).
    assert result.scores == (785, -5) == s.scores
    assert s.hand_results[-1] == result


def going_out_for_685(scores: list[int], team1_melds: str = "AC AD AH 2C 2D JK", **rules: object) -> State:
    """Seat 0 to meld QC QD QH and discard 9S, going out (not concealed: the team has melded).

    Team 0's hand score: kings 70 + queens 30 = 100 meld points, natural canasta 500, going out
    100, seat 2's 5S 5S 5D = 15 in hand: 100 + 500 + 100 - 15 = 685.
    Team 1 with AC AD AH 2C 2D JK: 3 x 20 + 2 x 20 + 50 = 150, hands 15 + 15 = 30: 120.
    """
    doc_rules = rules_doc(**rules) if rules else "classic"
    return after_draw("QC QD QH 9S", melds=[[CANASTA], [team1_melds]], scores=scores, rules=doc_rules)


def test_g_game_1_a_team_alone_at_or_over_the_target_wins() -> None:
    s = going_out_for_685([4400, 4900])
    s = act(s, "meld QC QD QH", "discard 9S")
    # 4400 + 685 = 5085 >= 5000, 4900 + 120 = 5020 >= 5000 too, but 5085 is the single highest.
    assert s.events[-1] == GameEnded(winner=0, scores=(5085, 5020))
    assert s.is_game_over and s.phase is Phase.GAME_OVER and s.winner == 0
    assert s.current_player is None and s.legal_actions() == ()
    refused_after_game = s.explain(Draw())
    assert refused_after_game is not None and refused_after_game.endswith("[G-GAME-1]")


def test_g_game_1_a_tie_at_the_top_plays_another_hand() -> None:
    # 4400 + 685 = 5085 and 4965 + 120 = 5085: both over 5000 but tied, so no winner.
    s = going_out_for_685([4400, 4965])
    s = act(s, "meld QC QD QH", "discard 9S")
    assert ended(s).scores == (5085, 5085)
    assert not any(isinstance(e, GameEnded) for e in s.events)
    assert s.winner is None and s.phase is Phase.DRAW and s.hand_number == 2
    assert any(isinstance(e, HandStarted) and e.hand_number == 2 for e in s.events)


def test_g_game_1_below_the_target_plays_another_hand() -> None:
    # 3000 + 685 = 3685, 1000 + 120 = 1120: nobody at 5000.
    s = going_out_for_685([3000, 1000])
    s = act(s, "meld QC QD QH", "discard 9S")
    assert s.scores == (3685, 1120) and not s.is_game_over and s.hand_number == 2


def test_g_game_1_three_totals_tie_at_the_top_continues() -> None:
    # Three players (C2-1): seat 0 goes out. Seat 0: kings 70 + queens 30 + 500 + 100 = 700 (no
    # hand left). Seat 1: AC AD AH 2C 2D JK = 60 + 40 + 50 = 150, minus 4S 4S 4D 15 = 135.
    # Seat 2: no meld, 5S 5S 5D = -15.
    # Before 4400 / 4965 / 100: after 5100 / 5100 / 85, a tie at the top over 5000: play on.
    def three(score0: int) -> State:
        return position(
            "QC QD QH 9S", rules="classic-3", melds=[[CANASTA], ["AC AD AH 2C 2D JK"], []],
            scores=[score0, 4965, 100], phase="play", turn={"drew": "stock"},
        )

    s = act(three(4400), "meld QC QD QH", "discard 9S")
    assert ended(s).scores == (5100, 5100, 85)
    assert not s.is_game_over and s.hand_number == 2
    # The same hand from 4401 breaks the tie: 5101 alone at the top wins.
    s = act(three(4401), "meld QC QD QH", "discard 9S")
    assert s.is_game_over and s.winner == 0 and s.scores == (5101, 5100, 85)


def test_g_deal_1_the_dealer_moves_on_and_the_next_seat_plays_first() -> None:
    s = going_out_for_685([0, 0])
    assert s.dealer == 3  # the seat before the player to act
    s = act(s, "meld QC QD QH", "discard 9S")
    started = [e for e in s.events if isinstance(e, HandStarted)]
    assert started == [HandStarted(hand_number=2, dealer=0, first_player=1)]
    assert s.dealer == 0 and s.current_player == 1 and s.first_player == 1


def test_g_deal_1_first_dealer_from_the_seed() -> None:
    dealers = set()
    for seed in range(12):
        a = kanasta.new_game(CLASSIC, seed)
        assert a.dealer == kanasta.new_game(CLASSIC, seed).dealer
        assert a.current_player == (a.dealer + 1) % 4 == a.first_player
        dealers.add(a.dealer)
    assert len(dealers) > 1  # the seed decides, not a fixed seat


def test_g_rng_1_same_seed_same_game_and_a_restored_state_deals_the_same() -> None:
    assert kanasta.new_game(CLASSIC, 41) == kanasta.new_game(CLASSIC, 41)
    assert kanasta.new_game(CLASSIC, 41).hands != kanasta.new_game(CLASSIC, 42).hands
    s = going_out_for_685([0, 0])
    restored = State.from_dict(json.loads(json.dumps(s.to_dict())))
    a = act(s, "meld QC QD QH", "discard 9S")
    b = act(restored, "meld QC QD QH", "discard 9S")
    assert a == b and a.hand_number == 2
    assert a.events == b.events
    # Another seed deals hand 2 differently.
    other = State.from_dict({**s.to_dict(), "seed": 99})
    c = act(other, "meld QC QD QH", "discard 9S")
    assert c.hands != a.hands


# ============================================================ Part C: values and deal


def test_c_val_1_card_values_in_hand_and_in_melds() -> None:
    # Seat 0 goes out; partner seat 2 keeps one card of each value class:
    # JK 50 + AC 20 + 2C 20 + KC 10 + 8D 10 + 7D 5 + 4C 5 + 3C (black 3) 5 = 125.
    # Team 0 melds: kings 70, 9C 9D JK = 10 + 10 + 50 = 70 (the joker keeps its 50), QQQ 30 = 170.
    # Total: 170 + 500 (natural canasta) + 100 (going out) - 125 = 645.
    s = position(
        hands=["QC QD QH 9S", "4S 4S 4D", "JK AC 2C KC 8D 7D 4C 3C", "6S 6S 6D"],
        melds=[[CANASTA, "9C 9D JK"], []],
        phase="play",
        turn={"drew": "stock"},
    )
    s = act(s, "meld QC QD QH", "discard 9S")
    team = ended(s).teams[0]
    assert team.hand_points == 125
    assert team.meld_points == 170
    assert team.total == 645


def test_c_val_1_count_of_laid_cards() -> None:
    # A 20, A 20, 2 20: AC AD 2C counts 60, enough for the 50 a team at 0 needs.
    s = after_draw("AC AD 2C 9S 8D 7D")
    s = offered(s, "meld AC AD 2C")
    assert s.turn.count == 60
    assert kinds(s) == ["TeamOpened"]


def test_c_deal_1_eleven_cards_an_upcard_and_the_stock() -> None:
    for seed in range(6):
        s = kanasta.new_game(CLASSIC, seed)
        assert [len(h) for h in s.hands] == [11, 11, 11, 11]
        assert not any(c.is_red_three for h in s.hands for c in h)
        assert s.pile == upcards(s) and len(s.pile) >= 1
        # 108 - 4 x 11 = 64 cards; the upcard(s) come off them, and every red 3 laid from the
        # deal took one replacement from the stock.
        assert len(s.stock) == 64 - len(s.pile) - len(deal_reds(s))
        assert s.phase is Phase.DRAW and s.turn.drew is None


def test_c_deal_2_wild_upcard_is_covered_and_the_pile_is_frozen() -> None:
    _, s = first_seed(lambda s: upcards(s)[0].is_wild)
    cards = upcards(s)
    # Every card but the last is a wild card or a red 3; the last is neither.
    assert all(c.is_wild or c.is_red_three for c in cards[:-1])
    assert not (cards[-1].is_wild or cards[-1].is_red_three)
    assert len(cards) >= 2
    turned = next(e for e in s.events if isinstance(e, UpcardTurned))
    assert turned.frozen and s.pile_frozen and s.pile == cards
    # The first player may take the frozen pile only with a natural pair of the top's rank.
    top = cards[-1]
    for take in (a for a in s.legal_actions() if isinstance(a, kanasta.TakePile)):
        assert len(take.cards) == 2 and all(c.rank is top.rank and not c.is_wild for c in take.cards)


def test_c_deal_2_the_frozen_upcard_pile_taken_by_the_first_player() -> None:
    # A seed whose upcard was covered (frozen pile) and whose first player can take it.
    _, s = first_seed(
        lambda s: len(upcards(s)) > 1 and any(isinstance(a, kanasta.TakePile) for a in s.legal_actions())
    )
    takes = [a for a in s.legal_actions() if isinstance(a, kanasta.TakePile)]
    top = s.pile[-1]
    # Frozen: only natural pairs, never natural + wild, never onto a meld (there is none yet).
    assert all(len(t.cards) == 2 and all(c.rank is top.rank for c in t.cards) and t.meld is None for t in takes)
    after = s.apply(takes[0])
    assert not after.pile_frozen and after.pile == ()
    # The covered wild card(s) went to the taker (waiting aside until the team is down, C-PILE-5).
    buried = [c for c in s.pile[:-1] if not c.is_red_three]
    seat = s.first_player
    expected = collections.Counter(s.hands[seat]) - collections.Counter(takes[0].cards) + collections.Counter(buried)
    assert collections.Counter(after.turn.aside + after.hands[seat]) == expected
    assert any(c.is_wild for c in after.turn.aside + after.hands[seat])


def test_c_deal_2_red_three_upcard_is_covered_and_stays_in_the_pile() -> None:
    _, s = first_seed(lambda s: upcards(s)[0].is_red_three)
    cards = upcards(s)
    assert len(cards) >= 2 and not (cards[-1].is_wild or cards[-1].is_red_three)
    assert s.pile_frozen
    # The red 3 is not anyone's yet: it waits in the pile for whoever takes it.
    assert cards[0] in s.pile
    laid = [e.card for e in deal_reds(s)]
    assert sorted(c for team in s.red_threes for c in team) == sorted(laid)


def test_c_deal_2_black_three_upcard_stays_and_blocks_the_first_player() -> None:
    _, s = first_seed(lambda s: upcards(s)[0].is_black_three)
    assert len(s.pile) == 1 and s.pile[0].is_black_three
    assert not s.pile_frozen
    assert s.legal_actions() == (Draw(),)
    black = str(s.pile[0])
    refused(s, f"take {black} {black}", "C-THREE-3")


def test_c_deal_2_a_buried_red_three_goes_to_whoever_takes_the_pile() -> None:
    # The deal turned 3H then 9C (frozen pile). Seat 0 (team 0, down) takes with 9D 9S:
    # the red 3 is laid for team 0, not replaced (C-THREE-1).
    s = position("9D 9S 7C 8C", pile="3H 9C", melds=[["QC QD QH"], []])
    assert s.pile_frozen
    after = offered(s, "take 9D 9S")
    assert RedThreeLaid(seat=0, card=parse_card("3H"), source="pile", replacement=None) in after.events
    assert after.red_threes == (parse_cards("3H"), ())
    assert after.hands[0] == parse_cards("7C 8C")  # nothing else came from the pile
    assert after.melds[0][1].cards == parse_cards("9C 9D 9S")


def test_c_deal_3_red_threes_dealt_are_laid_and_replaced_player_by_player() -> None:
    # A seed where red 3s are dealt to three seats or more, and one where a replacement is itself
    # a red 3 (laid and replaced again before the next player).
    for predicate in (
        lambda s: len({e.seat for e in deal_reds(s)}) >= 3,
        lambda s: any(e.replacement is not None and e.replacement.is_red_three for e in deal_reds(s)),
    ):
        seed, s = first_seed(predicate)
        reds = deal_reds(s)
        assert all(e.source == "deal" and e.replacement is not None for e in reds)
        # Seats in playing order from the first player, each seat's red 3s together.
        order = [(e.seat - s.first_player) % 4 for e in reds]
        assert order == sorted(order)
        # A red 3 drawn as a replacement is laid (by the same seat) before the next seat goes.
        for i, e in enumerate(reds):
            if e.replacement is not None and e.replacement.is_red_three:
                later = [f for f in reds[i + 1:] if f.card is e.replacement and f.seat == e.seat]
                assert later, f"seed {seed}: the red 3 {e.replacement} drawn as a replacement was not laid"
        # The events come right after the upcard, and the hands hold 11 cards and no red 3.
        names = [type(e).__name__ for e in s.events]
        assert names == ["HandStarted", "UpcardTurned"] + ["RedThreeLaid"] * len(reds)
        assert all(len(h) == 11 and not any(c.is_red_three for c in h) for h in s.hands)
        for team in (0, 1):
            assert s.red_threes[team] == tuple(e.card for e in reds if e.seat % 2 == team)
        # Every replacement that is not a red 3 is in its seat's hand.
        for e in reds:
            if not e.replacement.is_red_three:
                assert e.replacement in s.hands[e.seat]


# ==================================================================== Part C: threes


def test_c_three_1_red_three_drawn_from_the_stock_is_laid_and_replaced() -> None:
    s = position("9C 9D QS", stock_top="3H 8C 7D", melds=[["QC QD QH"], []])
    after = act(s, "draw")
    assert after.events == (
        RedThreeLaid(seat=0, card=parse_card("3H"), source="stock", replacement=parse_card("8C")),
        CardsDrawn(seat=0, cards=parse_cards("8C")),
    )
    assert after.red_threes == (parse_cards("3H"), ())
    assert after.hands[0] == parse_cards("8C 9C 9D QS")
    assert after.stock[0] == parse_card("7D") and len(after.stock) == len(s.stock) - 2


def test_c_three_1_red_three_replacing_a_red_three() -> None:
    s = position("9C 9D QS", stock_top="3H 3D 7D", melds=[["QC QD QH"], []])
    after = act(s, "draw")
    assert after.red_threes[0] == parse_cards("3H 3D")
    assert [e.replacement for e in after.events if isinstance(e, RedThreeLaid)] == list(parse_cards("3D 7D"))
    assert after.hands[0] == parse_cards("7D 9C 9D QS")


def test_c_three_1_red_three_from_a_taken_pile_is_not_replaced() -> None:
    # Pile 3D (turned at the deal) 8C 9C; seat 0 takes with 9D 9S: hand 7C + 8C, no replacement.
    s = position("9D 9S 7C", pile="3D 8C 9C", melds=[["QC QD QH"], []])
    stock = s.stock
    after = offered(s, "take 9D 9S")
    assert after.red_threes[0] == parse_cards("3D")
    assert after.hands[0] == parse_cards("7C 8C")
    assert after.stock == stock


def test_c_three_1_red_threes_are_never_held_or_melded() -> None:
    with pytest.raises(kanasta.SerializationError) as info:
        position("3H 9C 9D")
    assert "C-THREE-1" in str(info.value)
    with pytest.raises(IllegalActionError) as err:
        kanasta.Meld.from_cards(parse_cards("3H 3H 3D"), CLASSIC)
    assert err.value.rule == "C-THREE-1"


def test_c_three_2_black_threes_melded_by_a_player_going_out() -> None:
    # Team 0 has a canasta; 3C 3C 3S then discard 9D goes out.
    s = after_draw("3C 3C 3S 9D", melds=[[CANASTA], []])
    after = offered(s, "meld 3C 3C 3S")
    assert after.turn.must_go_out
    assert moves(after) == ["discard 9D"]
    done = act(after, "discard 9D")
    assert ended(done).went_out == 0
    # Four black 3s are a meld too (melding all four empties the hand: going out).
    s = after_draw("3C 3C 3S 3S", melds=[[CANASTA], []])
    out = offered(s, "meld 3C 3C 3S 3S")
    assert kinds(out)[:2] == ["WentOut", "HandEnded"]


def test_c_three_2_black_three_meld_when_not_going_out_is_refused() -> None:
    # With 9D 9H left after the 3s the player cannot go out this turn (9D 9H is no meld).
    s = after_draw("3C 3C 3S 9D 9H", melds=[[CANASTA], []])
    refused(s, "meld 3C 3C 3S", "E-2")
    # Without a canasta nobody on team 0 can go out: the 3s leave the 9D, which can be
    # neither melded nor discarded (C-OUT-1), so the turn could not be finished (E-2).
    s = after_draw("3C 3C 3S 9D", melds=[["QC QD QH"], []])
    refused(s, "meld 3C 3C 3S", "E-2")
    # Black 3s never take wild cards.
    s = after_draw("3C 3S 2C 9D", melds=[[CANASTA], []])
    refused(s, "meld 3C 3S 2C", "C-THREE-2")
    # The same 3s may be melded when going out: meld them, then discard the 9D.
    going_out = after_draw("3C 3C 3S 9D", melds=[[CANASTA], []])
    assert "meld 3C 3C 3S" in moves(going_out)


def test_c_three_2_after_melding_black_threes_the_player_must_go_out() -> None:
    s = after_draw("3C 3C 3S 9D 9H 9S KC", melds=[[CANASTA], []])
    s = offered(s, "meld 3C 3C 3S")
    # 9D 9H 9S KC left: meld the 9s and discard KC, or add KC and meld the 9s.
    refused(s, "discard KC", "C-THREE-2")
    s = act(s, "meld 9D 9H 9S", "discard KC")
    assert ended(s).went_out == 0


def test_c_three_2_a_fourth_black_three_is_added_on_the_way_out() -> None:
    # 3C 3C 3S laid first: the fourth black 3 joins it (3 or 4 black 3s), then 9D goes out.
    # Discarding 3S or 9D now would leave a card: refused (bound to go out).
    s = after_draw("3C 3C 3S 3S 9D", melds=[[CANASTA], []])
    s = act(s, "meld 3C 3C 3S")
    assert moves(s) == ["add @1 3S"]
    refused(s, "discard 9D", "C-THREE-2")
    s = act(s, "add @1 3S", "discard 9D")
    assert ended(s).went_out == 0
    assert ended(s).melds[0][1].size == 4


def test_c_three_2_option_black_three_meld_going_out_off() -> None:
    doc = rules_doc(black_three_meld_going_out=False)
    s = after_draw("3C 3C 3S 9D", melds=[[CANASTA], []], rules=doc)
    refused(s, "meld 3C 3C 3S", "C-THREE-2")
    assert moves(s) == ["discard 3C", "discard 3S", "discard 9D"]
    # Default on: the same position offers the meld.
    s = after_draw("3C 3C 3S 9D", melds=[[CANASTA], []])
    assert "meld 3C 3C 3S" in moves(s)


def test_c_three_3_black_three_on_top_stops_the_pile() -> None:
    s = position("3C 3C 9D 9H", pile="9C 3S", melds=[["QC QD QH"], []])
    assert not s.pile_frozen  # a black 3 does not freeze the pile
    assert s.legal_actions() == (Draw(),)
    refused(s, "take 3C 3C", "C-THREE-3")


def test_c_three_3_a_covered_black_three_has_no_effect() -> None:
    s = position("9D 9H 7C", pile="3S 9C", melds=[["QC QD QH"], []])
    assert not s.pile_frozen
    ms = moves(s)
    # The 9C on top is taken as usual (a natural pair; the hand holds no wild card).
    assert ms == ["draw", "take 9D 9H"]
    after = act(s, "take 9D 9H")
    assert after.hands[0] == parse_cards("3S 7C")


def test_c_three_3_a_black_three_discarded_blocks_the_next_player() -> None:
    # Seat 1 holds 3S 3S and its team has a canasta: still no take of a black 3.
    s = position(
        hands=["3C 9D 8C", "3S 3S 4D 4D", "5S 5S 5D", "6S 6S 6D"],
        melds=[["QC QD QH"], ["AC AC AD AD AH AH AS"]], phase="play", turn={"drew": "stock"},
    )
    s = offered(s, "discard 3C")
    assert s.current_player == 1 and s.legal_actions() == (Draw(),)
    refused(s, "take 3S 3S", "C-THREE-3")


# ===================================================================== Part C: melds


def test_c_meld_1_at_least_two_naturals_at_most_three_wilds() -> None:
    s = after_draw("KC 2C 2D 2H JK QS QS 9D 8D", melds=[["5C 5C 5H"], []])
    refused(s, "meld KC 2C JK", "C-MELD-1")  # one natural
    assert "meld QS QS 2C 2D JK" in moves(s)  # two naturals, three wilds
    refused(s, "meld QS QS 2C 2D 2H JK", "C-MELD-1")  # four wilds


def test_c_meld_1_no_melds_of_twos_or_threes_as_a_rank() -> None:
    s = after_draw("2C 2D 2H 9D 8D 7D", melds=[["5C 5C 5H"], []])
    assert not any(m.startswith("meld") for m in moves(s))
    refused(s, "meld 2C 2D 2H", "C-MELD-1")  # 2s are wild, never a meld's rank


def test_c_meld_2_no_meld_of_wild_cards_only() -> None:
    s = after_draw("2C JK JK JK 9D 8D 7D", melds=[["5C 5C 5H"], []])
    assert not any(m.startswith("meld") for m in moves(s))
    refused(s, "meld 2C JK JK", "C-MELD-2")
    refused(s, "meld JK JK JK", "C-MELD-2")


def test_c_meld_1_option_wilds_within_naturals() -> None:
    hand = "QS QS QH 2C 2D JK 9D 8D"
    default = after_draw(hand, melds=[["5C 5C 5H"], []])
    strict = after_draw(hand, melds=[["5C 5C 5H"], []], rules=rules_doc(wilds_within_naturals=True))
    # N N W W W: legal by default, refused with the option (wilds outnumber naturals).
    assert "meld QS QS 2C 2D JK" in moves(default)
    refused(strict, "meld QS QS 2C 2D JK", "C-MELD-1")
    # N N N W W W and N N W W stay legal with the option.
    assert "meld QH QS QS 2C 2D JK" in moves(strict)
    assert "meld QS QS 2C 2D" in moves(strict)


def test_c_meld_1_option_wilds_within_naturals_when_adding() -> None:
    # The team's Q Q 2 2: adding a joker makes N N W W W.
    default = after_draw("JK 9D 8D", melds=[["QC QD 2C 2D"], []])
    strict = after_draw("JK 9D 8D", melds=[["QC QD 2C 2D"], []], rules=rules_doc(wilds_within_naturals=True))
    assert "add @0 JK" in moves(default)
    refused(strict, "add @0 JK", "C-MELD-1")


def test_c_meld_2_one_meld_per_rank_cards_join_the_team_meld() -> None:
    # Team 0 (seat 2 laid it) has the queens; seat 0's queens can only be added.
    s = after_draw("QS QS QH 9D 8D", melds=[["QC QD QH"], []])
    refused(s, "meld QH QS QS", "C-MELD-2")
    assert not any(m.startswith("meld") for m in moves(s))
    after = offered(s, "add @0 QH QS QS")
    assert len(after.melds[0]) == 1 and after.melds[0][0].size == 6


def test_c_meld_2_the_other_team_having_the_rank_does_not_matter() -> None:
    s = after_draw("QS QS QH 9D 8D", melds=[["5C 5C 5H"], ["QC QD QH"]])
    assert "meld QH QS QS" in moves(s)


def test_c_meld_3_no_size_limit_and_wilds_onto_a_canasta() -> None:
    # A natural canasta of 7 kings takes a 2 (8 cards, mixed now) and later 2 more wilds.
    s = after_draw("2C JK JK KC 9D 8D", melds=[[CANASTA], []])
    assert "add @0 KC 2C JK JK" in moves(s)
    after = offered(s, "add @0 KC 2C JK JK")
    assert after.melds[0][0].size == 11 and after.melds[0][0].wild_count == 3
    # A fourth wild would break C-MELD-1.
    s = after_draw("2D 9D 8D", melds=[["KC KC KD KD KH KH KS 2C JK JK"], []])
    refused(s, "add @0 2D", "C-MELD-1")


def test_c_meld_4_natural_and_mixed_canastas_and_the_bonus_follows_the_meld() -> None:
    # Team 0: natural kings (70) and A A A A A 2 2 (5 x 20 + 2 x 20 = 140, mixed). Seat 0 adds a
    # joker to the kings (now mixed: 70 + 50 = 120) and goes out with Q Q Q (30) + discard 9S.
    # Canastas: kings mixed 300 + aces mixed 300 = 600 (the kings were natural when laid).
    s = after_draw("JK QC QD QH 9S", melds=[[CANASTA, "AC AC AD AD AH 2C 2D"], []])
    s = act(s, "add @0 JK", "meld QC QD QH", "discard 9S")
    team = ended(s).teams[0]
    assert [(c.meld, c.kind, c.bonus) for c in team.canastas] == [(0, "dirty", 300), (1, "dirty", 300)]
    assert team.canasta_points == 600
    assert team.meld_points == 120 + 140 + 30
    # Without the joker the kings stay natural: 500 + 300.
    s = after_draw("QC QD QH 9S", melds=[[CANASTA, "AC AC AD AD AH 2C 2D"], []])
    s = act(s, "meld QC QD QH", "discard 9S")
    assert [(c.kind, c.bonus) for c in ended(s).teams[0].canastas] == [("clean", 500), ("dirty", 300)]


# ============================================================= Part C: initial meld


@pytest.mark.parametrize(
    ("score", "minimum"),
    [(-5, 15), (-1, 15), (0, 50), (1495, 50), (1500, 90), (2995, 90), (3000, 120), (9000, 120)],
)
def test_c_open_1_minimum_by_score_band(score: int, minimum: int) -> None:
    assert CLASSIC.opening_minimum(score) == minimum


@pytest.mark.parametrize(
    ("score", "hand", "meld", "legal"),
    [
        # 4C 4D 4H = 15: enough below 0, not from 0.
        (-5, "4C 4D 4H 9S 7D", "meld 4C 4D 4H", True),
        (0, "4C 4D 4H 9S 7D", "meld 4C 4D 4H", False),
        # KC KD KH 2C = 30 + 20 = 50: enough at 1495, not at 1500 (90).
        (1495, "KC KD KH 2C 9S 7D", "meld KC KD KH 2C", True),
        (1500, "KC KD KH 2C 9S 7D", "meld KC KD KH 2C", False),
        # AC AD AH 2C = 60 + 20 = 80 < 90; with 2D it is 100 (>= 90 but < 120); with a joker
        # instead, 60 + 20 + 50 = 130 >= 120.
        (2995, "AC AD AH 2C 9S 7D", "meld AC AD AH 2C", False),
        (2995, "AC AD AH 2C 2D 9S 7D", "meld AC AD AH 2C 2D", True),  # 100 >= 90
        (3000, "AC AD AH 2C 2D 9S 7D", "meld AC AD AH 2C 2D", False),  # 100 < 120
        (3000, "AC AD AH 2C JK 9S 7D", "meld AC AD AH 2C JK", True),  # 130 >= 120
    ],
)
def test_c_open_1_the_minimum_applies_to_the_first_melds(score: int, hand: str, meld: str, legal: bool) -> None:
    s = after_draw(hand, scores=[score, 0])
    if legal:
        after = offered(s, meld)
        assert TeamOpened(team=0, seat=0) in after.events
    else:
        refused(s, meld, "E-2")


def test_c_open_1_option_opening_minimums() -> None:
    # A table of one band of 30: K K K (30) is enough at any score.
    doc = rules_doc(opening_minimums=[(None, 30)])
    s = after_draw("KC KD KH 9S 7D", scores=[2000, 0], rules=doc)
    after = offered(s, "meld KC KD KH")
    assert after.opened[0]


def test_c_open_2_several_melds_in_one_turn_and_no_discard_before_down() -> None:
    s = after_draw("KC KD KH QC QD QH 9S 8D")
    s = offered(s, "meld KC KD KH")
    # 30 < 50: not down; a discard now is refused.
    assert s.turn.count == 30 and not s.opened[0] and TeamOpened not in map(type, s.events)
    refused(s, "discard 9S", "C-OPEN-2")
    assert moves(s) == ["meld QC QD QH"]
    s = offered(s, "meld QC QD QH")
    # 30 + 30 = 60 >= 50: down from this meld on.
    assert s.turn.count == 60 and s.opened[0]
    assert s.events == (TeamOpened(team=0, seat=0),)
    assert moves(s) == ["discard 8D", "discard 9S"]


def test_c_open_2_red_threes_and_canasta_bonuses_do_not_count() -> None:
    # Team 0 has four red 3s on the table (800 as a bonus) and seat 0 holds seven 4s: a natural
    # canasta (bonus 500) whose cards count 7 x 5 = 35 < 50. 9S and 8D cannot be melded, so
    # this is no concealed going out (C-OPEN-4): the 4s are not a legal first meld.
    s = position(
        hands=["4C 4C 4D 4D 4H 4H 4S 9S 8D", "5S 5S 5D", "6S 6S 6D", "7S 7S 7D"],
        red_threes=["3H 3H 3D 3D", ""], phase="play", turn={"drew": "stock"},
    )
    refused(s, "meld 4C 4C 4D 4D 4H 4H 4S", "E-2")
    assert not any(m.startswith("meld") for m in moves(s))


def test_c_open_2_a_partner_cannot_pool_counts_across_turns() -> None:
    # Seat 0 laid nothing; seat 2 (partner) to play with K K K (30): its count starts at 0.
    s = position(
        hands=["4C 4C 4D", "4S 4S 5D", "KC KD KH 9S 8C", "6S 6S 6D"],
        player=2, phase="play", turn={"drew": "stock"},
    )
    assert s.turn.count == 0
    refused(s, "meld KC KD KH", "E-2")


def test_c_open_3_only_the_top_card_of_the_pile_counts() -> None:
    # Pile 5C QS KD, KD on top (worked example 2 in test_classic_examples.py is the published case).
    # Team at 0 needs 50. Take KD with KC KS: 3 x 10 = 30; the pile's 5C and QS wait aside.
    s = position("KC KS QC QD 2C 6D 9S", pile="5C QS KD")
    s = offered(s, "take KC KS")
    assert s.turn.count == 30 and s.turn.aside == parse_cards("5C QS")
    assert s.events == (PileTaken(seat=0, cards=parse_cards("5C QS KD"), aside=True),)
    assert not s.opened[0]
    refused(s, "discard 9S", "C-OPEN-2")
    # Q Q 2 = 40 from hand: 30 + 40 = 70 >= 50; the aside cards join the hand.
    s = offered(s, "meld QC QD 2C")
    assert s.turn.count == 70
    assert s.events == (TeamOpened(team=0, seat=0), PileJoined(seat=0, cards=parse_cards("5C QS")))
    assert s.hands[0] == parse_cards("5C 6D 9S QS") and s.turn.aside == ()


def test_c_open_4_concealed_going_out_after_a_stock_draw_needs_no_minimum() -> None:
    # Seven 4s = 35 < 50; drawn from the stock, melded all at once, then discard 9H: concealed.
    s = position(
        hands=["4C 4C 4D 4D 4H 4H 4S", "5S 5S 5D", "6S 6S 6D", "7S 7S 7D"], stock_top="9H",
    )
    s = act(s, "draw")
    s = offered(s, "meld 4C 4C 4D 4D 4H 4H 4S")
    assert not s.opened[0]
    assert moves(s) == ["discard 9H"]
    s = act(s, "discard 9H")
    assert WentOut(seat=0, concealed=True) in s.events
    result = ended(s)
    assert result.concealed
    # Team 0: 35 + 500 (natural canasta) + 200 (concealed) - seat 2's 6S 6S 6D (15) = 720.
    assert result.teams[0].going_out_points == 200
    assert result.teams[0].total == 35 + 500 + 200 - 15


def test_c_open_4_with_a_pile_take_the_minimum_still_applies() -> None:
    # Same fours, but the 4S comes from the pile: take with 4C 4C counts 15 < 50 and nothing
    # else in hand can bring it to 50 (4D 4D 4H 4H = 20, 9H alone): the take is refused.
    s = position(
        hands=["4C 4C 4D 4D 4H 4H 9H", "5S 5S 5D", "6S 6S 6D", "7S 7S 7D"], pile="4S",
    )
    refused(s, "take 4C 4C", "C-PILE-5")
    assert moves(s) == ["draw"]


def test_c_out_4_concealed_after_a_pile_take_meets_the_minimum() -> None:
    # With a minimum of 15 (score below 0) the take of 4S with 4C 4C (15) is fine, and going out
    # that turn with the canasta the player laid is still concealed (Decision in C-OUT-4).
    s = position(
        hands=["4C 4C 4D 4D 4H 4H 9H", "5S 5S 5D", "6S 6S 6D", "7S 7S 7D"], pile="4S", scores=[-10, 0],
    )
    s = offered(s, "take 4C 4C")
    assert s.opened[0]  # 15 >= 15 at once
    s = act(s, "add @0 4D 4D 4H 4H", "discard 9H")
    result = ended(s)
    assert result.concealed and result.teams[0].going_out_points == 200


# ============================================================== Part C: discard pile


def test_c_pile_1_take_melds_the_top_card_then_the_rest_goes_to_hand() -> None:
    # Team 0 is down (the 5s). Pile 8C 7D QH (top QH); seat 0 holds QC QD.
    s = position("QC QD 9S 4C", pile="8C 7D QH", melds=[["5C 5C 5H"], []])
    after = offered(s, "take QC QD")
    assert after.events == (PileTaken(seat=0, cards=parse_cards("8C 7D QH"), aside=False),)
    assert after.melds[0][1].cards == parse_cards("QC QD QH")
    assert after.hands[0] == parse_cards("4C 7D 8C 9S")
    assert after.pile == () and after.phase is Phase.PLAY and after.turn.drew == "pile"
    # The pile's own cards never meld the top card (7D is in the pile, not the hand) ...
    s2 = position("QC 7C 9S 4C", pile="8C QD QH", melds=[["5C 5C 5H"], []])
    refused(s2, "take QC QD", "G-TURN-1")
    # ... and the cards named must match the top card.
    refused(s, "take QC 9S", "C-PILE-1")


def test_c_pile_2_wild_or_red_three_on_top_cannot_be_taken() -> None:
    for pile in ("9C 2C", "9C JK"):
        s = position("2D 2D 9D 9H 7C", pile=pile, melds=[["5C 5C 5H"], []])
        assert s.legal_actions() == (Draw(),)
        refused(s, "take 2D 2D", "C-PILE-2")
    s = position("9D 9H 7C", pile="9C 3H", melds=[["5C 5C 5H"], []])
    assert s.legal_actions() == (Draw(),)
    refused(s, "take 9D 9H", "C-PILE-2")


def test_c_pile_3_not_down_the_pile_needs_a_natural_pair() -> None:
    # Not down: natural + wild is refused even though the pile has no wild card.
    s = position("AC AD AH 2C KC KD 9S 8C", pile="7C KH")
    assert not s.pile_frozen
    refused(s, "take KC 2C", "C-PILE-3")
    # K K K (30) + A A A 2 (80) = 110 >= 50: the natural pair is fine.
    assert [m for m in moves(s) if m.startswith("take")] == ["take KC KD"]


def test_c_pile_3_frozen_pile_needs_natural_pair_even_with_meld() -> None:
    # The pile holds a joker (frozen for everyone); team 0 has a meld of kings.
    s = position("KC KD 2C 9S 9D 7H", pile="JK 5C KH", melds=[["KS KS KD"], []])
    assert s.pile_frozen
    refused(s, "take @0", "C-PILE-3")
    refused(s, "take KC 2C @0", "C-PILE-3")
    refused(s, "take KC KD", "C-MELD-2")  # the three cards go onto the kings
    assert [m for m in moves(s) if m.startswith("take")] == ["take KC KD @0"]
    after = offered(s, "take KC KD @0")
    assert after.melds[0] == (kanasta.Meld.from_cards(parse_cards("KS KS KD KH KC KD"), CLASSIC),)
    # Only taking the pile unfreezes it.
    assert not after.pile_frozen
    assert after.hands[0] == parse_cards("2C 5C 7H 9D 9S JK")


def test_c_pile_3_frozen_stays_frozen_until_taken() -> None:
    # The pile holds a 2 (frozen). Seat 0 draws and discards 8C on it: still frozen. Seat 1
    # (team 1, down with its 5s) holds 8H and a 2: natural + wild is refused on a frozen pile,
    # where it would be fine on an unfrozen one (C-PILE-4 b).
    s = position(
        hands=["9S 9D 7H 8C", "8H 2H 4D 4D", "5S 5S 5D", "6S 6S 6D"],
        pile="2S 5C", melds=[["QC QD QH"], ["5C 5H 5H"]], stock_top="4C",
    )
    assert s.pile_frozen
    s = act(s, "draw", "discard 8C")
    assert s.pile == parse_cards("2S 5C 8C") and s.pile_frozen
    assert s.current_player == 1
    refused(s, "take 8H 2H", "C-PILE-3")
    assert s.legal_actions() == (Draw(),)
    unfrozen = position(
        hands=["9S 9D 7H 4C", "8H 2H 4D 4D", "5S 5S 5D", "6S 6S 6D"],
        pile="5C 8C", melds=[["QC QD QH"], ["5C 5H 5H"]], player=1,
    )
    assert "take 8H 2H" in moves(unfrozen)


def test_c_pile_3_unfrozen_by_a_take_and_refrozen_by_a_wild_discard() -> None:
    s = position("KC KD 2C 9S 9D 7H", pile="JK 5C KH", melds=[["KS KS KD"], []])
    s = act(s, "take KC KD @0")
    assert not s.pile_frozen
    s = act(s, "discard 2C")
    assert s.pile == parse_cards("2C") and s.pile_frozen


def test_c_pile_4_unfrozen_pile_three_ways_and_joining_the_meld() -> None:
    s = position("KC KD 2C 9S 9D 7H", pile="5C KH", melds=[["KS KS KD"], []])
    assert not s.pile_frozen
    # (a) natural pair, (b) natural + wild, (c) onto the meld; (a) and (b) join the kings.
    assert [m for m in moves(s) if m.startswith("take")] == [
        "take KC KD @0", "take KC 2C @0", "take KD 2C @0", "take @0",
    ]
    refused(s, "take KC 2C", "C-MELD-2")  # a new meld of kings is no option
    after = offered(s, "take KC 2C @0")
    assert sorted(after.melds[0][0].cards) == sorted(parse_cards("KS KS KD KH KC 2C"))
    after = offered(s, "take @0")
    assert after.melds[0][0].size == 4
    assert after.hands[0] == parse_cards("2C 5C 7H 9D 9S KC KD")


def test_c_pile_4_onto_a_canasta() -> None:
    s = position("9S 9D 7H", pile="5C KC", melds=[[CANASTA], []])
    after = offered(s, "take @0")
    assert after.melds[0][0].size == 8 and after.melds[0][0].is_natural


def test_c_pile_4_wild_limit_when_merging() -> None:
    # The team's kings hold three wild cards: a natural + wild take would make four.
    s = position("KC 2C 9S 9D 7H", pile="5C KH", melds=[["KS KD 2D 2H JK"], []])
    refused(s, "take KC 2C @0", "C-PILE-4")
    assert [m for m in moves(s) if m.startswith("take")] == ["take @0"]


def test_c_pile_4_wild_limit_when_merging_with_wilds_within_naturals() -> None:
    # With the option, K K 2 2 on the table (2 naturals, 2 wilds): a natural + wild take adds
    # KH (top) KC JK: 4 naturals, 3 wilds, within the option. A take always brings at least as
    # many naturals as wilds, so it never breaks the option; the three-wild limit still holds.
    doc = rules_doc(wilds_within_naturals=True)
    s = position("KC JK 9S 9D 7H", pile="5C KH", melds=[["KS KD 2D 2H"], []], rules=doc)
    assert "take KC JK @0" in moves(s)
    s = position("KC JK 9S 9D 7H", pile="5C KH", melds=[["KS KD KD 2D 2H JK"], []], rules=doc)
    refused(s, "take KC JK @0", "C-PILE-4")  # 4 wilds
    assert "take @0" in moves(s)


def test_c_pile_5_take_before_down_waits_aside_until_the_minimum() -> None:
    # Team 0 not down (needs 50). Pile 7C 9C 8D AS (top AS). Take with AC AD: 60 >= 50 at once,
    # so the rest joins the hand in the same move.
    s = position("AC AD 9S 9H 4C", pile="7C 9C 8D AS")
    after = offered(s, "take AC AD")
    assert after.events == (
        PileTaken(seat=0, cards=parse_cards("7C 9C 8D AS"), aside=True),
        TeamOpened(team=0, seat=0),
        PileJoined(seat=0, cards=parse_cards("7C 9C 8D")),
    )
    assert after.hands[0] == parse_cards("4C 7C 8D 9C 9H 9S") and after.turn.aside == ()


def test_c_pile_5_additions_to_the_takes_meld_count() -> None:
    # Take KH with KC KS (30), then add KD and 2C from hand (10 + 20): 60 >= 50, and the
    # aside 5C QS join the hand.
    s = position("KC KS KD 2C 9S 8C 7D", pile="5C QS KH")
    s = act(s, "take KC KS")
    assert s.turn.aside == parse_cards("5C QS")
    s = offered(s, "add @0 KD 2C")
    assert s.turn.count == 60
    assert s.events == (TeamOpened(team=0, seat=0), PileJoined(seat=0, cards=parse_cards("5C QS")))


def test_c_pile_5_a_one_card_pile_take_must_reach_the_minimum_too() -> None:
    # Team 0 at 1600 needs 90. The pile is the KH alone. Taking it with KC KC counts 30, and the
    # rest of the hand (KS KS KD KD = 40, 5C) brings 70 at most: 90 cannot be reached, and a
    # concealed going out after a pile take still needs the minimum (C-OUT-4 Decision).
    s = position("KC KC KS KS KD KD 5C", pile="KH", scores=[1600, 0])
    refused(s, "take KC KC", "C-PILE-5")
    assert moves(s) == ["draw"]


def test_c_pile_5_take_refused_when_the_minimum_cannot_be_reached() -> None:
    # K K K = 30; the rest of the hand (9S 8C 7D 4C) melds nothing: 30 < 50.
    s = position("KC KS 9S 8C 7D 4C", pile="KD KH QS KC")
    refused(s, "take KC KS", "C-PILE-5")
    assert moves(s) == ["draw"]


def test_c_pile_5_option_take_pile_before_down() -> None:
    hand, pile = "AC AD 9S 9H 4C", "7C 9C 8D AS"
    assert "take AC AD" in moves(position(hand, pile=pile))
    s = position(hand, pile=pile, rules=rules_doc(take_pile_before_down=False))
    refused(s, "take AC AD", "C-PILE-5")
    assert moves(s) == ["draw"]
    # Once down the option does not matter.
    s = position(hand, pile=pile, rules=rules_doc(take_pile_before_down=False), melds=[["5C 5C 5H"], []])
    assert "take AC AD" in moves(s)


def test_c_pile_6_single_card_against_a_single_card_pile() -> None:
    s = position("QC", pile="QS", melds=[[CANASTA, "QD QH QH"], []])
    refused(s, "take @1", "C-PILE-6")
    assert moves(s) == ["draw"]
    # Two cards in the pile: the take is fine.
    s = position("QC", pile="9D QS", melds=[[CANASTA, "QD QH QH"], []])
    assert moves(s) == ["draw", "take @1"]
    # Two cards in hand against one: fine too.
    s = position("QC 9D", pile="QS", melds=[[CANASTA, "QD QH QH"], []])
    assert "take @1" in moves(s)


def test_c_pile_7_any_card_may_be_discarded() -> None:
    s = after_draw("2C JK 3C 9D AH 4C", melds=[["QC QD QH"], []])
    discards = [m for m in moves(s) if m.startswith("discard")]
    assert discards == ["discard AH", "discard 2C", "discard 3C", "discard 4C", "discard 9D", "discard JK"]
    # A wild discarded freezes the pile; a black 3 stops the next player.
    frozen = act(s, "discard JK")
    assert frozen.pile_frozen and frozen.pile[-1] == parse_card("JK")
    stopped = act(s, "discard 3C")
    assert not stopped.pile_frozen and stopped.legal_actions() == (Draw(),)


# ================================================================= Part C: going out


def test_c_out_1_going_out_needs_a_canasta() -> None:
    # Team 0 down without a canasta: Q Q Q would leave the 9S alone, which only a going-out
    # discard could end, and the team has no canasta: a dead end (C-OUT-1 through E-2).
    s = after_draw("QC QD QH 9S", melds=[["5C 5C 5H"], []])
    refused(s, "meld QC QD QH", "E-2")
    assert "without 1 canasta(s) it may not be discarded (C-OUT-1)" in (s.explain(parse_action("meld QC QD QH")) or "")
    assert moves(s) == ["discard 9S", "discard QC", "discard QD", "discard QH"]


def test_c_out_1_the_canasta_may_be_completed_in_the_same_turn() -> None:
    # Q Q Q Q Q on the table; adding Q Q makes the canasta, leaving 9S to discard: out.
    s = after_draw("QD QH 9S", melds=[["QC QC QD QH QS"], []])
    s = offered(s, "add @0 QD QH")
    assert s.melds[0][0].is_canasta
    s = offered(s, "discard 9S")
    assert ended(s).ended_by == "going_out" and ended(s).went_out == 0


def test_c_out_1_a_meld_without_canasta_leaves_one_card_only_if_it_can_be_melded_to_go_out() -> None:
    # The example of docs/rules.rst: four 7s would leave the 9C, which cannot be melded, and
    # without a canasta it may not be discarded; three 7s leave two cards.
    s = after_draw("7H 7S 7D 7C 9C", melds=[["KH KS KD"], []])
    refused(s, "meld 7C 7D 7H 7S", "E-2")
    after = offered(s, "meld 7D 7H 7S")
    assert after.hands[0] == parse_cards("7C 9C")
    # With six 9s on the table the 9C left can still be melded, making the canasta that
    # lets the hand be emptied: the four 7s are offered, and then only that addition
    # (discarding the 9C without a canasta would empty the hand: C-OUT-1).
    s = after_draw("7H 7S 7D 7C 9C", melds=[["9D 9D 9H 9H 9S 9S"], []])
    after = offered(s, "meld 7C 7D 7H 7S")
    assert moves(after) == ["add @0 9C"]
    refused(after, "discard 9C", "C-OUT-1")
    out = offered(after, "add @0 9C")
    assert ended(out).ended_by == "going_out" and ended(out).went_out == 0
    # With a canasta on the table, the four 7s (one card left, then discarded) are fine.
    s = after_draw("7H 7S 7D 7C 9C", melds=[[CANASTA], []])
    assert "meld 7C 7D 7H 7S" in moves(s)


def test_c_out_1_an_addition_or_take_without_canasta_may_leave_only_a_card_that_can_go_out() -> None:
    s = after_draw("QS 9C", melds=[["QC QD QH"], []])
    refused(s, "add @0 QS", "E-2")
    s = position("QS 9C", pile="QH", melds=[["QC QD QD"], []])
    # take @0 of a one-card pile with two in hand leaves two: fine.
    assert "take @0" in moves(s)
    s = position("QS QS 9C", pile="QH", melds=[["5C 5C 5H"], []])
    # Q Q from hand with the Q on top: leaves one card (9C), which cannot be melded, and no canasta.
    refused(s, "take QS QS", "E-2")
    # With six 9s on the table the 9C left makes their canasta: the take is offered.
    s = position("QS QS 9C", pile="QH", melds=[["9D 9D 9H 9H 9S 9S"], []])
    after = offered(s, "take QS QS")
    assert moves(after) == ["ask", "add @0 9C"]  # the take's own meld leaves asking open (C-OUT-3)


def test_c_out_1_issue_11_f1_two_canastas_in_any_order_of_melds_no_dead_end() -> None:
    """C-OUT-1, E-2 (issue 11 F1): the two-player document of the report.  After the black 3s
    (C-THREE-2: the player must go out), 7H completes the 7s and JD the jacks: each addition
    leaves one card that can still be melded to go out, so both are offered in either order;
    the old per-meld two-card rule refused each until the other was made, a dead end."""
    doc = {"format": "kanasta.position/1", "rules": "classic-2", "phase": "play", "player": 0,
           "hands": ["3C 3S 3S 7H JD", "4C 5C 6C 8D 9D"],
           "melds": [["7C 7D 7D 7S JK JK", "JC JH JH JS JS JK"], []], "turn": {"drew": "stock"}}
    s = State.from_dict(doc)
    assert s.is_legal(parse_action("meld 3C 3S 3S"))
    s = s.apply(parse_action("meld 3C 3S 3S"))
    assert moves(s) == ["add @0 7H", "add @1 JD"]
    for first, second in (("add @0 7H", "add @1 JD"), ("add @1 JD", "add @0 7H")):
        after = offered(s, first)
        assert moves(after) == [second]  # the last card may not be discarded with one canasta
        refused(after, "discard " + second[-2:], "C-OUT-1")
        out = offered(after, second)
        assert ended(out).ended_by == "going_out" and ended(out).went_out == 0


def test_c_out_2_going_out_ends_the_hand_at_once() -> None:
    s = after_draw("QC QD QH 9S", melds=[[CANASTA], []])
    s = act(s, "meld QC QD QH", "discard 9S")
    names = kinds(s)
    assert names[:3] == ["WentOut", "HandEnded", "HandStarted"]
    assert s.hand_number == 2 and s.phase is Phase.DRAW
    assert ended(s).hands[0] == ()  # nothing left in the hand that went out


# --------------------------------------------------------------- C-OUT-3: asking


def test_c_out_3_ask_then_the_partner_answers_as_the_player_to_act() -> None:
    s = after_draw("QC QD QH 9S", melds=[[CANASTA], []])
    assert moves(s)[0] == "ask"
    asked = offered(s, "ask")
    assert asked.phase is Phase.ANSWER and asked.current_player == 2
    assert moves(asked) == ["yes", "no"]
    # Nobody else moves in the answer phase: not the asker, not with another move.
    refused(asked, "discard 9S", "C-OUT-3")
    refused(asked, "meld QC QD QH", "C-OUT-3")
    yes = offered(asked, "yes")
    assert yes.history[-1].seat == 2 and yes.history[-1].action == AnswerPartner(True)
    assert yes.phase is Phase.PLAY and yes.current_player == 0 and yes.turn.answer is True


def test_c_out_3_yes_binds_the_player_to_go_out() -> None:
    s = after_draw("QC QD QH 9S 9D 9H 8C", melds=[[CANASTA], []])
    s = act(s, "ask", "yes")
    refused(s, "discard 8C", "C-OUT-3")
    s = act(s, "meld QC QD QH")
    refused(s, "discard 8C", "C-OUT-3")
    s = act(s, "meld 9D 9H 9S", "discard 8C")
    assert ended(s).went_out == 0


def test_c_out_3_no_binds_the_player_not_to_go_out() -> None:
    s = after_draw("QC QD QH 9S 9D 9H", melds=[[CANASTA], []])
    s = act(s, "ask", "no")
    assert s.turn.answer is False
    s = act(s, "meld QC QD QH")
    # Melding the 9s would empty the hand: refused.
    refused(s, "meld 9D 9H 9S", "C-OUT-3")
    assert moves(s) == ["discard 9D", "discard 9H", "discard 9S"]
    s = act(s, "discard 9D")
    assert s.current_player == 1 and not s.hand_results


def test_c_out_3_no_is_not_offered_when_it_would_strand_the_asker() -> None:
    # The tutorial case: a one-card pile taken with a pair leaves a single card (9S), which can
    # only be discarded to go out; "no" would leave no way to end the turn (E-2).
    s = position("QC QD 9S", pile="QS", melds=[[CANASTA], []])
    s = act(s, "take QC QD", "ask")
    assert s.current_player == 2 and moves(s) == ["yes"]
    refused(s, "no", "E-2")


def test_c_out_3_ask_only_when_going_out_is_possible() -> None:
    s = after_draw("QC QD 9S 8C", melds=[[CANASTA], []])
    refused(s, "ask", "C-OUT-3")
    s = after_draw("QC QD QH 9S 8C", melds=[["5C 5C 5H"], []])  # no canasta, none possible
    refused(s, "ask", "C-OUT-3")
    # With the canasta, QC QD QH melded and 9S discarded empty the hand: asking is offered.
    assert "ask" in moves(after_draw("QC QD QH 9S", melds=[[CANASTA], []]))


def test_c_out_3_ask_before_any_meld_and_once_per_turn() -> None:
    s = after_draw("QC QD QH 9S 9D 9H 8C", melds=[[CANASTA], []])
    assert "ask" in moves(s)  # before any meld: offered
    melded = act(s, "meld QC QD QH")
    refused(melded, "ask", "C-OUT-3")
    answered = act(s, "ask", "no")
    refused(answered, "ask", "C-OUT-3")
    # In the draw phase there is nothing to ask yet.
    s = position("QC QD QH 9S", melds=[[CANASTA], []])
    refused(s, "ask", "G-TURN-1")


def test_c_out_3_the_take_and_red_threes_do_not_close_the_ask() -> None:
    # After taking QS with QC QD (the take's own meld) the player may still ask.
    s = position("QC QD 9S 9H 9D", pile="QS", melds=[[CANASTA], []])
    s = act(s, "take QC QD")
    assert "ask" in moves(s)
    # After a red 3 drawn and replaced too.
    s = position("QC QD QH", melds=[[CANASTA], []], stock_top="3D 9S")
    s = act(s, "draw")
    assert any(isinstance(e, RedThreeLaid) for e in s.events) and "ask" in moves(s)


def test_c_out_3_answer_only_after_an_ask() -> None:
    s = after_draw("QC QD QH 9S", melds=[[CANASTA], []])
    refused(s, "yes", "C-OUT-3")
    refused(s, "no", "C-OUT-3")
    asked = act(s, "ask")  # after the ask the partner answers, and does nothing else
    assert asked.phase is Phase.ANSWER and sorted(moves(asked)) == ["no", "yes"]


def test_c_out_3_option_ask_partner_off() -> None:
    doc = rules_doc(ask_partner=False)
    s = after_draw("QC QD QH 9S", melds=[[CANASTA], []], rules=doc)
    refused(s, "ask", "C-OUT-3")
    assert moves(s)[0] == "meld QC QD QH"
    # The option needs four players (and no packets).
    with pytest.raises(kanasta.ConfigError):
        attrs.evolve(Rules.classic(3), ask_partner=True)


# -------------------------------------------------------------- C-OUT-4: concealed


def test_c_out_4_concealed_going_out_scores_200() -> None:
    # Partner seat 2 has melded (team down, 9s); seat 0 has not melded this hand and lays
    # seven queens of its own, then discards 8D: concealed.
    s = after_draw(
        "QC QC QD QD QH QH QS 8D", melds=[["9C 9D 9S"], []], melded_this_hand=[False, False, True, False],
    )
    s = act(s, "meld QC QC QD QD QH QH QS", "discard 8D")
    result = ended(s)
    assert result.concealed and WentOut(seat=0, concealed=True) in s.events
    # Team 0: 9s 30 + queens 70 = 100, natural canasta 500, concealed 200, seat 2's 15 in hand.
    assert result.teams[0].going_out_points == 200
    assert result.teams[0].total == 100 + 500 + 200 - 15


def test_c_out_4_adding_to_the_partners_meld_is_not_concealed() -> None:
    s = after_draw(
        "QC QC QD QD QH QH QS 9H 8D", melds=[["9C 9D 9S"], []], melded_this_hand=[False, False, True, False],
    )
    s = act(s, "meld QC QC QD QD QH QH QS", "add @0 9H", "discard 8D")
    result = ended(s)
    assert not result.concealed
    assert result.teams[0].going_out_points == 100


def test_c_out_4_a_player_who_melded_earlier_is_not_concealed() -> None:
    s = after_draw(
        "QC QC QD QD QH QH QS 8D", melds=[["9C 9D 9S"], []], melded_this_hand=[True, False, False, False],
    )
    s = act(s, "meld QC QC QD QD QH QH QS", "discard 8D")
    assert not ended(s).concealed and ended(s).teams[0].going_out_points == 100


def test_c_out_4_concealed_needs_a_canasta_of_ones_own() -> None:
    # The team's canasta (laid by the partner) does not make seat 0's Q Q Q going out concealed.
    s = after_draw("QC QD QH 9S", melds=[[CANASTA], []], melded_this_hand=[False, False, True, False])
    s = act(s, "meld QC QD QH", "discard 9S")
    assert not ended(s).concealed and ended(s).teams[0].going_out_points == 100


# ------------------------------------------------------- C-OUT-5: the stock runs out


def last_card(seat0: str, seat1: str = "4S 4S 4D", *, stock: str = "8H", team1: str = "JD JD JH", **fields) -> State:
    """Seat 0 (team 0) to draw the last stock card; every card not placed is on team 0's side
    of the table (so the pile is not frozen unless a wild card is put in it)."""
    return late_position(
        0, hands=[seat0, seat1, "5S 5S 5D", "6S 6S 6D"], stock=stock, melds=[[], [team1]], **fields,
    )


def test_c_out_5_last_stock_card_a_red_three_ends_the_hand_at_once() -> None:
    s = position(hands=["9C 9D QS", "4S 4S 4D", "5S 5S 5D", "6S 6S 6D"], stock="3H", rest="pile")
    s = act(s, "draw")
    assert kinds(s)[:3] == ["RedThreeLaid", "StockExhausted", "HandEnded"]
    assert s.events[0] == RedThreeLaid(seat=0, card=parse_card("3H"), source="stock", replacement=None)
    result = ended(s)
    assert result.ended_by == "red_three" and result.went_out is None
    # Team 0 has no meld: the red 3 is -100; hands 9C 9D QS (30) + 5S 5S 5D (15): -145.
    assert result.teams[0].red_three_points == -100
    assert result.teams[0].total == -100 - 45
    assert result.hands[0] == parse_cards("9C 9D QS")  # nothing drawn, no meld, no discard


def test_c_out_5_red_three_replacement_is_the_last_card() -> None:
    s = position(hands=["9C 9D QS", "4S 4S 4D", "5S 5S 5D", "6S 6S 6D"], stock="3H 3D", rest="pile")
    s = act(s, "draw")
    assert [type(e).__name__ for e in s.events][:4] == ["RedThreeLaid", "RedThreeLaid", "StockExhausted", "HandEnded"]
    result = ended(s)
    assert result.ended_by == "red_three" and result.red_threes[0] == parse_cards("3H 3D")


def test_c_out_5_red_three_then_a_natural_last_card_plays_on() -> None:
    s = position(hands=["9C 9D QS", "4S 4S 4D", "5S 5S 5D", "6S 6S 6D"], stock="3H 8C", rest="pile")
    s = act(s, "draw")
    assert kinds(s) == ["RedThreeLaid", "CardsDrawn", "StockExhausted"]
    assert s.phase is Phase.PLAY and s.hands[0] == parse_cards("8C 9C 9D QS")


def test_c_out_5_the_player_who_draws_the_last_card_plays_normally() -> None:
    s = last_card("QS 9C JC")
    s = act(s, "draw")
    assert s.stock == () and StockExhausted(seat=0) in s.events and s.phase is Phase.PLAY
    assert s.turn.last_stock
    # Team 0 has queens and nines on the table (every leftover card): additions are offered.
    assert "add @" in " ".join(moves(s))
    refused(s, "draw", "G-TURN-1")


def test_c_out_5_forced_take_onto_the_team_meld() -> None:
    # Seat 0 discards JC; team 1 (seat 1) has J J J: it must take, no decline.
    s = act(last_card("QS 9C JC"), "draw", "discard JC")
    assert s.current_player == 1 and s.phase is Phase.DRAW and s.stock == ()
    assert moves(s) == ["take @0"]
    refused(s, "decline", "C-OUT-5")
    refused(s, "draw", "C-OUT-5")
    after = act(s, "take @0")
    assert after.melds[1][0].size == 4 and after.phase is Phase.PLAY


def test_c_out_5_optional_take_or_decline() -> None:
    # Seat 0 discards QS; seat 1 holds QH QH (team 1 is down: its jacks) and may take or decline.
    s = act(last_card("QS 9C JC", "QH QH 4S 4S 4D"), "draw", "discard QS")
    assert moves(s) == ["take QH QH", "decline"]
    declined = offered(s, "decline")
    result = ended(declined)
    assert result.ended_by == "declined" and result.went_out is None
    assert [team.going_out_points for team in result.teams] == [0, 0]
    taken = offered(s, "take QH QH")
    assert taken.phase is Phase.PLAY and taken.current_player == 1


def test_c_out_5_not_forced_when_the_pile_is_frozen() -> None:
    # A joker in the pile: team 1's tens could take the TC only with a natural pair.
    s = last_card("QS 9C TC", "TS TS 4S 4S 4D", team1="TD TD TH", pile="JK 7C")
    s = act(s, "draw", "discard TC")
    assert s.pile_frozen
    assert moves(s) == ["take TS TS @0", "decline"]
    refused(s, "take @0", "C-PILE-3")


def test_c_out_5_the_engine_ends_the_hand_when_no_take_is_possible() -> None:
    # Seat 0 discards 9C: seat 1 has no 9s and team 1 no 9 meld.
    s = act(last_card("QS 9C JC"), "draw")
    after = act(s, "discard 9C")
    result = ended(after)
    assert result.ended_by == "no_take" and kinds(after)[0] == "HandEnded"


def test_c_out_5_pile_rules_still_apply_at_the_end() -> None:
    # A black 3 (C-THREE-3) or a wild card (C-PILE-2) on top: nobody can take: the hand ends.
    # Seat 1 holds a pair of black 3s and a pair of 2s: neither helps.
    for card in ("3C", "2C"):
        s = last_card(f"QS 9C {card}", "3S 3S 2H 2H 4D")
        after = act(s, "draw", f"discard {card}")
        assert ended(after).ended_by == "no_take"
        assert ended(after).hands[1] == parse_cards("2H 2H 3S 3S 4D")


def test_c_out_5_option_stock_end_end_of_turn() -> None:
    # Seed 004's rule: the hand ends after the turn of the last draw, though seat 1 could take.
    s = last_card("QS 9C JC", rules=rules_doc(stock_end="end_of_turn"))
    s = act(s, "draw", "discard JC")
    result = ended(s)
    assert result.ended_by == "stock"
    # Default (pile_play): the same discard leaves seat 1 to take.
    assert act(last_card("QS 9C JC"), "draw", "discard JC").current_player == 1


def test_c_out_5_decline_only_with_an_empty_stock() -> None:
    s = position("QC QD 9S", pile="QS", melds=[[CANASTA], []])
    refused(s, "decline", "C-OUT-5")
    # At an empty stock seat 1 may take the 4C with a pair but is not forced (the 4C adds to
    # none of its team's melds), so it may decline.
    s = act(last_card("QS 9C 4C"), "draw", "discard 4C")
    assert not s.stock and "decline" in moves(s)


# ==================================================================== Part C: scoring


def test_c_score_1_every_part_of_a_team_score() -> None:
    # Team 0: kings (natural canasta) 70, aces A A A A A 2 2 (mixed canasta) 5 x 20 + 2 x 20 = 140,
    # Q Q Q laid now 30: meld points 240. Canastas 500 + 300 = 800. Red 3s 3H 3D: 200.
    # Going out 100 (team has melded before: not concealed). Seat 2 keeps 7C 7D JK: 5 + 5 + 50 = 60.
    # 240 + 800 + 200 + 100 - 60 = 1280.
    # Team 1: 5C 5C 5H 2H = 15 + 20 = 35; red 3s 3H 3D with a meld: +200; seats 1 and 3 hold
    # 4S 4S 4D and 6S 6S 6D: 30. 35 + 200 - 30 = 205.
    s = position(
        hands=["QC QD QH 9S", "4S 4S 4D", "7C 7D JK", "6S 6S 6D"],
        melds=[[CANASTA, "AC AC AD AD AH 2C 2D"], ["5C 5C 5H 2H"]],
        red_threes=["3H 3D", "3H 3D"],
        phase="play", turn={"drew": "stock"}, scores=[1000, 2000],
    )
    s = act(s, "meld QC QD QH", "discard 9S")
    r = s.hand_results[-1]
    t0, t1 = r.teams
    assert (t0.meld_points, t0.canasta_points, t0.red_three_points, t0.going_out_points, t0.hand_points) == (
        240, 800, 200, 100, 60,
    )
    assert t0.total == 1280
    assert (t1.meld_points, t1.canasta_points, t1.red_three_points, t1.going_out_points, t1.hand_points) == (
        35, 0, 200, 0, 30,
    )
    assert t1.total == 205
    assert r.scores == (2280, 2205) == s.scores


def test_c_score_1_both_partners_hands_count_against_the_team() -> None:
    # Seat 0 goes out; its partner's 5S 5S 5D (15) still counts against team 0 (Decision).
    s = after_draw("QC QD QH 9S", melds=[[CANASTA], []])
    s = act(s, "meld QC QD QH", "discard 9S")
    r = ended(s)
    assert r.teams[0].hand_points == 15
    # Team 1: seats 1 and 3, 15 each, no melds: -30.
    assert r.teams[1].hand_points == 30 and r.teams[1].total == -30


def test_c_score_2_red_threes_negative_for_a_team_that_never_melded() -> None:
    # Team 1 has two red 3s and no meld when team 0 goes out: -200, minus 30 in hand.
    s = after_draw("QC QD QH 9S", melds=[[CANASTA], []], red_threes=["", "3H 3D"])
    s = act(s, "meld QC QD QH", "discard 9S")
    t1 = ended(s).teams[1]
    assert t1.red_threes == 2 and t1.red_three_points == -200 and t1.total == -230


def test_c_score_2_all_four_red_threes_count_800() -> None:
    # 4 red 3s: 800, not 4 x 100. Team 0 melded: +800.
    s = after_draw("QC QD QH 9S", melds=[[CANASTA], []], red_threes=["3H 3H 3D 3D", ""])
    s = act(s, "meld QC QD QH", "discard 9S")
    assert ended(s).teams[0].red_three_points == 800
    # Three of them: 300.
    s = after_draw("QC QD QH 9S", melds=[[CANASTA], []], red_threes=["3H 3H 3D", ""])
    s = act(s, "meld QC QD QH", "discard 9S")
    assert ended(s).teams[0].red_three_points == 300


def test_c_game_1_target_score_5000_and_the_option() -> None:
    # 4400 + 685 = 5085 wins at the default target 5000 ...
    s = act(going_out_for_685([4400, 1000]), "meld QC QD QH", "discard 9S")
    assert s.is_game_over and s.winner == 0
    # ... and not at 7500 (a house-rules option): another hand is dealt.
    s = act(going_out_for_685([4400, 1000], target_score=7500), "meld QC QD QH", "discard 9S")
    assert not s.is_game_over and s.scores == (5085, 1120) and s.hand_number == 2
    # 7000 + 685 = 7685 >= 7500 wins there.
    s = act(going_out_for_685([7000, 1000], target_score=7500), "meld QC QD QH", "discard 9S")
    assert s.is_game_over and s.winner == 0
    assert Rules.classic().target_score == 5000


# =================================================================== Part C2


THREE = Rules.classic(3)
TWO = Rules.classic(2)


def test_c2_1_three_players_deal_thirteen_and_play_alone() -> None:
    s = kanasta.new_game(THREE, seed=4)
    assert [len(h) for h in s.hands] == [13, 13, 13]
    # 108 - 3 x 13 = 69, less the upcard(s) and the deal's red-3 replacements.
    assert len(s.stock) == 69 - len(s.pile) - len(deal_reds(s))
    assert THREE.teams == 3 and [THREE.team_of(seat) for seat in range(3)] == [0, 1, 2]
    assert len(s.scores) == len(s.melds) == len(s.red_threes) == 3
    assert not THREE.ask_partner


def test_c2_1_three_players_no_asking_and_own_melds() -> None:
    s = position("QC QD QH 9S", rules="classic-3", melds=[[CANASTA], [], ["9C 9D 9H"]],
                 phase="play", turn={"drew": "stock"})
    refused(s, "ask", "C-OUT-3")
    # Seat 0 cannot reach seat 2's nines: its own list has only @0.
    refused(s, "add @1 9S", "G-MELD-1")
    assert "meld QC QD QH" in moves(s)


def test_c2_1_three_players_scoring_reads_team_as_the_player() -> None:
    # Seat 0 goes out: 70 + 30 + 500 + 100 = 700 (its hand is empty). Seat 1: 4S 4S 4D, no meld,
    # red 3 3H with no meld: -100 - 15 = -115. Seat 2: 9C 9D 9H = 30, red 3 3D: +100, minus
    # 5S 5S 5D = 15: 115.
    s = position("QC QD QH 9S", rules="classic-3", melds=[[CANASTA], [], ["9C 9D 9H"]],
                 red_threes=["", "3H", "3D"], phase="play", turn={"drew": "stock"})
    s = act(s, "meld QC QD QH", "discard 9S")
    r = ended(s)
    assert [t.total for t in r.teams] == [700, -115, 115]
    assert [t.hand_points for t in r.teams] == [0, 15, 15]


def test_c2_1_three_player_whole_game() -> None:
    from kanasta.bots import GreedyBot

    bot = GreedyBot()
    state = kanasta.new_game(THREE, seed=2)
    hands_seen = 0
    while not state.is_game_over:
        dealt = any(isinstance(e, HandStarted) for e in state.events)
        if state.phase is Phase.DRAW and state.turn.drew is None and dealt:
            assert [len(h) for h in state.hands] == [13, 13, 13]
            hands_seen += 1
        acts = state.legal_actions()
        assert acts and kanasta.AskPartner() not in acts
        state = state.apply(bot.choose(state.view(state.player)))
        for e in state.events:
            if isinstance(e, HandEnded):
                assert len(e.result.teams) == 3
                if e.result.ended_by == "going_out":
                    seat = e.result.went_out
                    assert any(m.is_canasta for m in e.result.melds[seat])
    assert hands_seen == len(state.hand_results)  # every hand dealt was played to its end
    best = max(state.scores)
    assert best >= 5000 and state.scores.count(best) == 1 and state.scores[state.winner] == best


def test_c2_2_two_players_deal_fifteen() -> None:
    s = kanasta.new_game(TWO, seed=4)
    assert [len(h) for h in s.hands] == [15, 15]
    # 108 - 2 x 15 = 78, less the upcard(s) and the deal's red-3 replacements.
    assert len(s.stock) == 78 - len(s.pile) - len(deal_reds(s))
    assert (TWO.draw_count, TWO.canastas_to_go_out, TWO.ask_partner) == (2, 2, False)


def two(hand: str, **fields) -> State:
    fields.setdefault("hands", [hand, "4S 4S 4D"])
    return position(hand, rules="classic-2", **fields)


def test_c2_2_a_draw_takes_two_cards() -> None:
    s = two("9C 9D QS", stock_top="8C 7D 5C")
    after = act(s, "draw")
    assert after.events == (CardsDrawn(seat=0, cards=parse_cards("8C 7D")),)
    assert after.hands[0] == parse_cards("7D 8C 9C 9D QS")
    assert after.stock[0] == parse_card("5C") and len(after.stock) == len(s.stock) - 2


def test_c2_2_red_three_replaced_before_the_second_card() -> None:
    # 8C, then 3H (laid, replaced by 7D): the hand gets 8C and 7D; 8D stays on the stock.
    s = two("9C 9D QS", stock_top="8C 3H 7D 8D")
    after = act(s, "draw")
    assert after.events == (
        RedThreeLaid(seat=0, card=parse_card("3H"), source="stock", replacement=parse_card("7D")),
        CardsDrawn(seat=0, cards=parse_cards("8C 7D")),
    )
    assert after.stock[0] == parse_card("8D") and after.red_threes == (parse_cards("3H"), ())
    # A red 3 first: 3D replaced by 8C, then 7D.
    after = act(two("9C 9D QS", stock_top="3D 8C 7D 8D"), "draw")
    assert after.hands[0] == parse_cards("7D 8C 9C 9D QS") and after.stock[0] == parse_card("8D")


def test_c2_2_a_take_replaces_the_whole_draw() -> None:
    s = two("9C 9D QS 7H", pile="5C 9S", melds=[["KC KD KH"], []])
    stock = s.stock
    after = offered(s, "take 9C 9D")
    assert after.stock == stock
    assert after.hands[0] == parse_cards("5C 7H QS")


def test_c2_2_two_canastas_to_go_out() -> None:
    s = after_draw("QC QD QH 9S", rules="classic-2", hands=["QC QD QH 9S", "4S 4S 4D"], melds=[[CANASTA], []])
    refused(s, "meld QC QD QH", "E-2")
    s = after_draw(
        "QC QD QH 9S", rules="classic-2", hands=["QC QD QH 9S", "4S 4S 4D"],
        melds=[[CANASTA, "AC AC AD AD AH AH AS"], []],
    )
    s = act(s, "meld QC QD QH", "discard 9S")
    assert ended(s).went_out == 0


def test_c2_2_last_single_card_is_drawn_and_play_goes_on() -> None:
    s = late_position(1, rules="classic-2", hands=["9C 9D QS", "4S 4S 4D"], stock="8C")
    after = act(s, "draw")
    assert after.events == (CardsDrawn(seat=0, cards=parse_cards("8C")), StockExhausted(seat=0))
    assert after.phase is Phase.PLAY and after.hands[0] == parse_cards("8C 9C 9D QS")


def test_c2_2_red_three_as_the_last_card_of_a_two_card_draw() -> None:
    s = late_position(1, rules="classic-2", hands=["9C 9D QS", "4S 4S 4D"], stock="8C 3H")
    after = act(s, "draw")
    assert kinds(after)[:4] == ["RedThreeLaid", "CardsDrawn", "StockExhausted", "HandEnded"]
    r = ended(after)
    assert r.ended_by == "red_three"
    # The 8C drawn first stays in the hand and counts: 8C 9C 9D QS = 40; the red 3 is -100
    # (seat 0 has no meld): -140.
    assert r.hands[0] == parse_cards("8C 9C 9D QS")
    assert r.teams[0].hand_points == 40 and r.teams[0].red_three_points == -100 and r.teams[0].total == -140


def test_c2_2_two_player_whole_game() -> None:
    from kanasta.bots import GreedyBot

    bot = GreedyBot()
    state = kanasta.new_game(TWO, seed=2)
    draws = 0
    while not state.is_game_over:
        before = state
        state = state.apply(bot.choose(state.view(state.player)))
        step = state.history[-1]
        if isinstance(step.action, Draw) and not any(isinstance(e, HandEnded) for e in state.events):
            drawn = [e for e in state.events if isinstance(e, CardsDrawn)]
            # Two cards unless the stock held fewer than two (after red-3 replacements).
            reds = sum(isinstance(e, RedThreeLaid) for e in state.events)
            expected = min(2, len(before.stock) - reds)
            assert len(drawn[0].cards) == expected
            draws += 1
        for e in state.events:
            if isinstance(e, HandEnded) and e.result.ended_by == "going_out":
                seat = e.result.went_out
                assert sum(m.is_canasta for m in e.result.melds[seat]) >= 2
    assert draws > 0
    best = max(state.scores)
    assert best >= 5000 and state.scores.count(best) == 1


def test_c2_3_the_opening_minimum_from_each_players_own_score() -> None:
    # Three players: seat 0 at 1600 needs 90; K K K 2 (50) is not enough for it ...
    doc = {"rules": "classic-3", "scores": [1600, 0, -10], "phase": "play", "turn": {"drew": "stock"}}
    s = position(hands=["KC KD KH 2C 9S 7D", "4S 4S 4D", "5S 5S 5D"], **doc)
    refused(s, "meld KC KD KH 2C", "E-2")
    # ... but seat 1 at 0 needs 50, and seat 2 at -10 needs 15.
    s = position(hands=["4S 4S 4D", "KC KD KH 2C 9S 7D", "5S 5S 5D"], player=1, **doc)
    assert "meld KC KD KH 2C" in moves(s)
    s = position(hands=["4S 4S 5D", "5S 5S 6D", "4C 4D 4H 9S 7D"], player=2, **doc)
    after = offered(s, "meld 4C 4D 4H")
    assert after.opened == (False, False, True)


def test_c2_3_two_players_minimum_from_own_score() -> None:
    s = after_draw("KC KD KH 2C 9S 7D", rules="classic-2", hands=["KC KD KH 2C 9S 7D", "4S 4S 4D"], scores=[1500, 0])
    refused(s, "meld KC KD KH 2C", "E-2")
    s = after_draw("KC KD KH 2C 9S 7D", rules="classic-2", hands=["KC KD KH 2C 9S 7D", "4S 4S 4D"], scores=[1495, 3000])
    assert "meld KC KD KH 2C" in moves(s)


# ===================================================================== Part E


def candidates(s: State) -> set[kanasta.Action]:
    """Moves a caller might try: every discard, draw, decline, ask, answer, and takes, melds and
    additions built from the hand (the legal ones among them and many illegal ones)."""
    from itertools import combinations

    seat = s.player if s.phase is not Phase.ANSWER else (s.player + 2) % s.rules.players
    hand = sorted(set(s.hands[seat]))
    team = s.team_of(seat)
    out: set[kanasta.Action] = {
        Draw(), kanasta.Decline(), kanasta.AskPartner(), AnswerPartner(True), AnswerPartner(False)
    }
    out |= {kanasta.Discard(c) for c in kanasta.all_cards()}
    indices = list(range(len(s.melds[team]) + 1))
    for a, b in combinations(list(s.hands[seat]), 2):
        for i in [None] + indices:
            out.add(kanasta.TakePile((a, b), i))
    for i in indices:
        out.add(kanasta.TakePile((), i))
        for c in hand:
            out.add(kanasta.AddToMeld(i, (c,)))
    for k in (3, 4):
        for combo in combinations(list(s.hands[seat]), k):
            out.add(kanasta.LayMeld(combo))
    return out


E1_POSITIONS = [
    lambda: position("KC KD 2C 9S 9D 7H", pile="JK 5C KH", melds=[["KS KS KD"], []]),
    lambda: position("KC KD 2C 9S 9D 7H", pile="5C KH", melds=[["KS KD 2D 2H"], []]),
    lambda: position("KC KS QC QD 2C 6D 9S", pile="5C QS KD"),
    lambda: after_draw("QC QD QH 9S 9D 9H 8C", melds=[[CANASTA], []]),
    lambda: after_draw("3C 3C 3S 9D 9H 9S KC", melds=[[CANASTA], []]),
    lambda: act(after_draw("QC QD QH 9S", melds=[[CANASTA], []]), "ask"),
    lambda: act(last_card("QS 9C JC", "QH QH 4S 4S 4D"), "draw", "discard QS"),
    lambda: act(position("KC KS QC QD 2C 6D 9S", pile="5C QS KD"), "take KC KS"),
]


@pytest.mark.parametrize("make", E1_POSITIONS, ids=range(len(E1_POSITIONS)))
def test_e_1_listed_moves_apply_and_every_other_move_is_refused_naming_a_rule(make) -> None:
    s = make()
    legal = s.legal_actions()
    assert len(set(legal)) == len(legal)  # each once
    for action in legal:
        assert s.explain(action) is None
        s.apply(action)  # must not raise
    before = s.to_dict()
    for action in candidates(s) - set(legal):
        with pytest.raises(IllegalActionError) as info:
            s.apply(action)
        assert info.value.rule, action
        message = s.explain(action)
        assert message is not None and message.endswith(f"[{info.value.rule}]")
    assert s.to_dict() == before


def walk_turn(start: State, limit: int = 4000) -> int:
    """Visit every state reachable in the current turn; each must have a legal move (E-2)."""
    seat, hand_number = start.player, start.hand_number
    seen = 0
    stack = [start]
    while stack:
        s = stack.pop()
        seen += 1
        assert seen <= limit
        if s.is_game_over or s.hand_number != hand_number:
            continue
        acts = s.legal_actions()
        assert acts, f"E-2: dead end after {[str(st.action) for st in s.history]}:\n{s.describe()}"
        for a in acts:
            nxt = s.apply(a)
            same_turn = nxt.hand_number == hand_number and (nxt.player == seat or nxt.phase is Phase.ANSWER)
            if same_turn and nxt.phase is not Phase.DRAW:
                stack.append(nxt)
    return seen


@pytest.mark.parametrize(
    "make",
    [
        lambda: position("KC KS QC QD 2C 6D 9S", pile="5C QS KD"),
        lambda: position("KC KS QC QD 2C 9S", pile="5C QS KD"),
        lambda: position("AC AD AH 2C KC KD 9S 8C", pile="7C KH"),
        lambda: position("QC QD 9S", pile="QS", melds=[[CANASTA], []]),
        lambda: after_draw("QC QD QH 9S 9D 9H 8C", melds=[[CANASTA], []]),
        lambda: after_draw("3C 3C 3S 9D 9H 9S KC", melds=[[CANASTA], []]),
        lambda: after_draw("7H 7S 7D 7C 9C", melds=[["KH KS KD"], []]),
        lambda: position(hands=["4C 4C 4D 4D 4H 4H 4S", "5S 5S 5D", "6S 6S 6D", "7S 7S 7D"], stock_top="9H"),
    ],
    ids=[
        "pile-aside", "pile-aside-joins", "not-down-pair", "one-card-pile", "ask", "black-3s", "keep-two", "concealed"
    ],
)
def test_e_2_every_position_reached_in_the_turn_has_a_legal_move(make) -> None:
    assert walk_turn(make()) > 1


def test_e_2_pile_take_before_down_has_no_dead_end_when_only_going_out_is_left() -> None:
    # Team 0 not down (needs 50). Taking 4S with 4C 4C counts 15; the hand's 4D 4D 4H 4H add 20
    # (35 < 50) and 9H melds nothing. A concealed exemption needs a stock draw (C-OPEN-4), so the
    # take can never be finished: it must not be offered (C-PILE-5, E-2), and whatever is
    # offered must not lead to a position without a legal move.
    s = position(hands=["4C 4C 4D 4D 4H 4H 9H", "5S 5S 5D", "6S 6S 6D", "7S 7S 7D"], pile="4S")
    assert not any(m.startswith("take") for m in moves(s))
    assert walk_turn(s) > 1


def test_e_3_chores_are_done_by_the_engine_and_visible() -> None:
    # A red 3 drawn: laid and replaced inside apply(Draw()).
    s = act(position("QC QD QH 9S", melds=[[CANASTA], []], stock_top="3D 8C"), "draw")
    assert isinstance(s.events[0], RedThreeLaid) and s.history[-1].events == s.events
    # Going out: the hand is scored and the next one dealt in the same apply.
    s = after_draw("QC QD QH 9S", melds=[[CANASTA], []])
    s = act(s, "meld QC QD QH", "discard 9S")
    names = kinds(s)
    assert names[:4] == ["WentOut", "HandEnded", "HandStarted", "UpcardTurned"]
    assert all(n == "RedThreeLaid" for n in names[4:])
    assert s.hand_number == 2 and [len(h) for h in s.hands] == [11, 11, 11, 11]
    assert s.phase is Phase.DRAW and s.melds == ((), ()) and s.opened == (False, False)
    assert s.history[-1].events == s.events


def test_e_4_a_view_hides_other_hands_and_red_three_replacements() -> None:
    s = act(position("QC QD QH 9S", melds=[[CANASTA], []], stock_top="3D 8C"), "draw")
    mine, theirs = s.view(0), s.view(1)
    assert mine.hand == s.hands[0] and theirs.hand == s.hands[1]
    assert theirs.hand_sizes == (5, 3, 3, 3)
    assert not hasattr(theirs, "hands") and not hasattr(theirs, "stock") and not hasattr(theirs, "seed")
    seen = theirs.history[-1].events
    assert seen[0] == kanasta.RedThreeLaidHidden(seat=0, card=parse_card("3D"), source="stock")
    assert seen[1] == kanasta.CardsDrawnHidden(seat=0, count=1)
    assert parse_card("8C") not in [getattr(e, "replacement", None) for e in seen]
    assert mine.history[-1].events == s.events
    # The asker's partner sees only its own legal answers.
    asked = act(after_draw("QC QD QH 9S", melds=[[CANASTA], []]), "ask")
    assert asked.view(2).legal_actions() == (AnswerPartner(True), AnswerPartner(False))
    assert asked.view(0).legal_actions() == ()


def test_e_5_bad_input_is_refused_with_the_librarys_errors() -> None:
    with pytest.raises(kanasta.NotationError):
        parse_action("discard ZZ")
    with pytest.raises(kanasta.NotationError):
        parse_action("fly")
    with pytest.raises(kanasta.ConfigError) as config:
        attrs.evolve(CLASSIC, players=5)
    assert "players" in str(config.value)
    with pytest.raises(kanasta.SerializationError) as doc:
        position("QC QD QH 9S", melds=[["QC QD"], []])
    assert doc.value.path == "melds.0.0"
    with pytest.raises(kanasta.ConfigError):
        kanasta.new_game(CLASSIC, seed=-1)
    for err in (kanasta.NotationError, kanasta.ConfigError, kanasta.SerializationError, IllegalActionError):
        assert issubclass(err, kanasta.KanastaError) and issubclass(err, ValueError)


@pytest.mark.parametrize("phase", ["draw", "play"])
def test_e_5_a_non_action_is_refused_as_not_a_move(phase: str) -> None:
    s = position("QC QD QH 9S", melds=[[CANASTA], []])
    if phase == "play":
        s = act(s, "draw")
    for bad in ("draw", None, 3):
        with pytest.raises(IllegalActionError) as info:
            s.apply(bad)  # type: ignore[arg-type]
        assert "not a move" in str(info.value), f"{phase}: {bad!r} refused as: {info.value}"


def test_c_pile_3_a_red_three_in_the_pile_freezes_it_for_a_team_that_is_down() -> None:
    s = position("9D 9S 2C 8C", pile="3H 9C", melds=[["QC QD QH"], []])
    assert s.pile_frozen
    refused(s, "take 9D 2C", "C-PILE-3")
    assert [m for m in moves(s) if m.startswith("take")] == ["take 9D 9S"]


def test_c_out_4_two_players_concealed_needs_two_canastas_of_ones_own() -> None:
    # Seven 4s (35) and seven 5s (35) from the stock draw, then discard 9H: 70 + 500 + 500 + 200.
    hand = "4C 4C 4D 4D 4H 4H 4S 5C 5C 5D 5D 5H 5H 5S 9H"
    s = after_draw(hand, rules="classic-2", hands=[hand, "6S 6S 6D"])
    s = act(s, "meld 4C 4C 4D 4D 4H 4H 4S", "meld 5C 5C 5D 5D 5H 5H 5S", "discard 9H")
    r = ended(s)
    assert r.concealed and r.teams[0].going_out_points == 200
    assert r.teams[0].total == 70 + 1000 + 200


def test_c2_2_red_three_then_the_last_card_stops_the_draw() -> None:
    # Stock 3H 8C: 3H laid and replaced by 8C, the last card; the second card cannot be drawn.
    s = late_position(1, rules="classic-2", hands=["9C 9D QS", "4S 4S 4D"], stock="3H 8C")
    after = act(s, "draw")
    assert kinds(after) == ["RedThreeLaid", "CardsDrawn", "StockExhausted"]
    assert after.phase is Phase.PLAY and after.hands[0] == parse_cards("8C 9C 9D QS")
