"""Issue 11 F2: the position reader accepts only positions a game could be in.

Each reproduction of the red-team report is a named test: the document that
used to load (and then got stuck, or carried impossible hand results), now
refused with the dotted path of the problem and the rule's ID.  The same
check (``kanasta.reachable.unreachable``) screens the sampler's deals.
"""

from __future__ import annotations

import copy
from collections import Counter
from typing import Any

import attrs
import pytest

import kanasta
from _games import game
from kanasta import DECK, Phase, SerializationError, State, format_cards, parse_cards
from kanasta.documents import parts
from kanasta.reachable import unreachable
from kanasta.scoring import score_hand

pytestmark = pytest.mark.both_engines  # the rule tests run against both engines (tests/conftest.py)


def _refused(doc: dict[str, Any]) -> SerializationError:
    with pytest.raises(SerializationError) as info:
        State.from_dict(doc)
    return info.value


def _rest_of_deck(*placed: str) -> list[kanasta.Card]:
    """The deck less the cards of ``placed`` (each a card-notation string), sorted."""
    left = Counter(DECK)
    left.subtract(Counter(c for text in placed for c in parse_cards(text)))
    assert all(k >= 0 for k in left.values())
    return sorted(left.elements())


# ------------------------------------------------------------------ K-OUT-6: an empty stock in the draw phase


def test_f2_kanasta_empty_stock_in_the_draw_phase_is_refused() -> None:
    """K-OUT-6: the hand ends with the turn that drew the last stock card, so no draw phase sees an empty stock.

    The report's document loaded, and after ``take``, ``discard 5C`` nothing was legal.
    """
    start = next(s for s in game("kanasta") if s.phase is Phase.DRAW and s.hand_number == 1 and s.pile)
    doc = start.to_dict()
    doc["pile"] = format_cards(parse_cards(doc["stock"]) + parse_cards(doc["pile"]))
    doc["stock"] = ""
    err = _refused(doc)
    assert err.path == "stock"
    assert "K-OUT-6" in str(err)


def test_f2_kanasta_empty_stock_is_seen_in_the_turn_that_drew_the_last_card() -> None:
    """K-OUT-6: the turn that drew the last card (turn.last_stock) is played, so that position loads."""
    states = game("kanasta")
    last = next((s for s in states if s.phase is Phase.PLAY and s.turn.last_stock), None)
    assert last is not None, "the random Kanasta game drew the stock out at least once"
    assert State.from_dict(last.to_dict()) == last


# ------------------------------------------------------------------ C-OUT-5: a Classic stock-out that had ended


def _classic_stock_out(top: str) -> dict[str, Any]:
    """Classic, seat 0 to draw, the stock empty, the other 64 cards in the pile under ``top``."""
    hands = ["4C 4D 5S 6H 7C 8D 9S TC JD QS KC", "4H 5C 5D 6S 7D 8H 9C TD JH QC KD",
             "4S 5H 6C 6D 7H 8S 9D TH JS QD KH", "4C 5S 6H 7S 8C 9H TS JC QH KS AC"]
    melds = [["AD AH AS"], ["KS KH JK"]]
    rest = _rest_of_deck(*hands, top, *melds[0], *melds[1])
    pile = [c for c in rest if not c.is_red_three]
    reds = [c for c in rest if c.is_red_three]
    return {
        "format": "kanasta.position/1", "rules": "classic", "phase": "draw", "player": 0, "dealer": 3,
        "hands": hands, "stock": "", "pile": format_cards([*pile, *parse_cards(top)]),
        "red_threes": [format_cards(reds[:2]), format_cards(reds[2:])],
        "melds": melds, "opened": [True, True], "melded_this_hand": [True, True, False, False],
    }


def test_f2_classic_stock_out_where_the_player_cannot_take_is_refused() -> None:
    """C-OUT-5: "the hand ends as soon as a player cannot take [the pile] (the engine ends it)".

    The report's document loaded and offered ``decline``; a game would have ended the hand.
    Seat 0 holds no 2 and the pile (frozen: it holds wild cards) shows one, so no take is possible.
    """
    doc = _classic_stock_out("2C")
    err = _refused(doc)
    assert err.path == "stock"
    assert "C-OUT-5" in str(err) and "cannot take the pile" in str(err)


def test_f2_classic_stock_out_where_the_player_can_take_loads() -> None:
    """C-OUT-5: with a natural pair of the top card's rank in hand, the frozen pile can be taken: the hand goes on."""
    doc = _classic_stock_out("4H")  # seat 0 holds 4C 4D
    state = State.from_dict(doc)
    assert not state.stock
    assert any(isinstance(a, kanasta.TakePile) for a in state.legal_actions())


# ------------------------------------------------------------------ C-OUT-3: an answer phase needs a legal question


def test_f2_answer_phase_where_asking_was_not_legal_is_refused() -> None:
    """C-OUT-3: asking "is offered only when going out is possible this turn with the cards now held".

    Team 0 has no canasta and seat 0 cannot make one from five odd cards, so it could not have
    asked; the report found 171 of 176 such documents stuck after the answer.
    """
    hands = ["4C 5D 6H 8S 9C", "4H 5C 6D 8C 9D TC", "4S 5H 6C 8D 9H TD", "4D 5S 6S 8H 9S TH"]
    doc = {
        "format": "kanasta.position/1", "rules": "classic", "phase": "answer", "player": 2, "dealer": 3,
        "hands": hands, "pile": "7C", "turn": {"drew": "stock", "asked": True},
    }
    err = _refused(doc)
    assert err.path == "phase"
    assert "C-OUT-3" in str(err) and "seat 0 could not have asked" in str(err)


def test_f2_answer_phases_of_real_games_load() -> None:
    """C-OUT-3: an answer phase reached in play (asking was legal) loads and gives back the same state."""
    found = [s for seed in (1, 2, 3) for s in game("classic", seed) if s.phase is Phase.ANSWER]
    assert found, "random Classic games ask partner now and then"
    for s in found:
        assert State.from_dict(s.to_dict()) == s


# ------------------------------------------------------------------ hand results against the deck and the rules


def _doctored_result(hands: tuple[tuple[kanasta.Card, ...], ...] | None = None,
                     packets: tuple[int, ...] | None = None) -> dict[str, Any]:
    """A Kanasta position after hand 1 whose hand result is re-scored by the rules' own scoring with
    doctored hands or packets, so that its figures all agree (target raised so nobody has won)."""
    state = next(s for s in game("kanasta") if len(s.hand_results) == 1 and s.phase is Phase.DRAW)
    rules = attrs.evolve(state.rules, target_score=10**6)
    r = state.hand_results[0]
    new = score_hand(
        rules, hand_number=r.hand_number, dealer=r.dealer, ended_by=r.ended_by, went_out=r.went_out,
        concealed=r.concealed, melds=r.melds, hands=r.hands if hands is None else hands,
        red_threes=r.red_threes, packets_taken=tuple(t.packets for t in r.teams) if packets is None else packets,
        trump=r.trump, scores_before=(0, 0),
    )
    doc = attrs.evolve(state, rules=rules, scores=new.scores, hand_results=(new,)).to_dict()
    assert doc["hand_results"][0]["hands"] == [format_cards(h) for h in new.hands]
    return doc


def test_f2_hand_result_with_400_packets_is_refused() -> None:
    """K-DEAL-2: a team takes at most the rules' packets (two in Kanasta); the report loaded 400."""
    doc = _doctored_result(packets=(400, 0))
    err = _refused(doc)
    assert err.path == "hand_results.0.teams.0.packets"
    assert "must be at most 2, not 400" in str(err)


def test_f2_hand_result_with_50_jokers_in_one_hand_is_refused() -> None:
    """G-DECK-1: a hand result's melds, hands and red 3s hold at most the deck's cards; the report loaded 50 jokers."""
    doc = _doctored_result(hands=((kanasta.JOKER,) * 50,) + game("kanasta")[0].hands[1:])
    err = _refused(doc)
    assert err.path == "hand_results.0.hands.0"
    assert "one JK too many: the deck has 4 (G-DECK-1)" in str(err)


def test_f2_the_hand_result_cache_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    """No unbounded module-level cache: the report grew it by 95 MB with 40 documents.

    The cache holds at most ``_RESULT_CACHE_SIZE`` results, and none whose text is long.
    """
    monkeypatch.setattr(parts, "_RESULT_CACHE", {})
    monkeypatch.setattr(parts, "_RESULT_CACHE_SIZE", 3)
    docs = {len(s.hand_results): s.to_dict() for s in game("classic-2") if s.hand_results}
    assert len(docs) >= 2, "the random two-player game has several hands"
    for doc in docs.values():
        padded = copy.deepcopy(doc)
        padded["hand_results"][0]["hands"][0] += " " * 10_000  # the same cards: it loads, uncached
        State.from_dict(padded)
        State.from_dict(doc)
        assert 0 < len(parts._RESULT_CACHE) <= 3
        assert all(len(key[1]) <= parts._RESULT_CACHE_KEY_CHARS for key in parts._RESULT_CACHE)


# ------------------------------------------------------------------ the sampler shares the check


def test_f2_sampled_states_pass_the_reader_check() -> None:
    """The sampler deals again until the reader's own check passes: every sample loads from its document."""
    for s in game("classic")[::97]:
        for seat in range(4):
            sample = kanasta.sample_state(s.view(seat), seed=seat)
            assert unreachable(sample) is None
            assert State.from_dict(sample.to_dict()) == sample
