"""Issue 11 F3: hostile and huge positions are answered (listed or refused), at a bounded cost.

The red-team report's 444-byte document (Kanasta, an opening minimum of 1000,
a run laid this turn, the team not down, 30 low cards in hand) searched for
159 s and left 864 MB in a module-level memo; 40- to 50-card hands took 6-15 s
to list their moves.  No test here is timed (``benchmarks/bench_worst_case.py``
prints the CPU times and memory of the same documents): each asserts what the
engine answers.
"""

from __future__ import annotations

import collections
import gc
from typing import Any

import attrs
import pytest

import kanasta
from kanasta import Action, AskPartner, Discard, EngineLimitError, ExtendRun, LayMeld, SerializationError, State
from kanasta.legality import budget, finish, search
from kanasta.legality.context import Ctx
from kanasta.legality.moves import play_actions

pytestmark = pytest.mark.both_engines  # the rule tests run against both engines (tests/conftest.py)

F3_HAND = "3C 3C 3D 3D 3H 3H 3S 3S 4C 4C 4D 4D 4H 4H 4S 4S 5C 5C 5D 5D 5H 5H 5S 5S 6C 6C 6D 6D 6H 6H"


def f3_document(minimum: float) -> dict[str, Any]:
    """The report's document, with the opening minimum given."""
    return {
        "format": "kanasta.position/1",
        "rules": {"preset": "kanasta", "opening_minimums": [[None, minimum]]},
        "phase": "play", "player": 0, "trump": "KD",
        "hands": [F3_HAND, "9C 9D", "9H 9S", "TC TD"],
        "melds": [["7C 8C 9C TC JC QC KC"], []], "opened": [False, False],
        "turn": {"drew": "stock", "laid": True, "melded": True, "own_from": 0, "count": 7},
    }


def test_f3_the_report_document_is_refused_at_its_rules() -> None:
    """1000 is more than the 108 Kanasta cards count (92, K-OPEN-3): refused before any search."""
    with pytest.raises(SerializationError) as info:
        State.from_dict(f3_document(1000))
    assert info.value.path == "rules.opening_minimums"


def test_f3_with_the_highest_minimum_the_rules_accept_every_meld_is_listed_and_no_discard() -> None:
    """K-OPEN-3 with a minimum of 92 (the whole deck): the team cannot reach it, so it can open only
    by the K-OPEN-4 exemption, melding down to one card or none.  The run 7C-KC is a canasta
    (K-OUT-1 allows emptying the hand), and every rank in hand keeps three or more cards whatever
    is melded first, so every meld candidate leaves that possible (E-2) and none is refused:

    * sets: for the 3s, 4s and 5s (two of each suit) the sub-multisets of 3 to 8 cards number
      3**4 - 1 - 4 - 10 = 66 each; for the 6s (two each of C, D, H) 3**3 - 1 - 3 - 6 = 17;
      198 + 17 = 215;
    * new natural runs: 3-5, 3-6 and 4-6 in clubs, diamonds and hearts, 3-5 in spades: 10;
    * the run 7C-KC extended down by 6C, 5C-6C, 4C-6C or 3C-6C: 4.

    229 moves; a discard would keep 29 cards with the team not down after laying cards (K-OPEN-1).
    """
    moves = State.from_dict(f3_document(92)).legal_actions()
    assert len(moves) == 229
    assert sum(isinstance(m, LayMeld) for m in moves) == 225
    assert sum(isinstance(m, ExtendRun) for m in moves) == 4
    assert not any(isinstance(m, Discard) for m in moves)


# 40- to 50-card hands with standard rules, the team not down, dealt from a shuffled deck
# (benchmarks/bench_worst_case.py deals them: big_hand(preset, cards, seed)).
BIG_HANDS: dict[str, tuple[str | dict[str, Any], list[str]]] = {
    "kanasta-45": ("kanasta", [
        "2S AD 2H AS TH AC KC QH AC 8D 7D 7H JS JK JD 2H 3D 4C TS 3C TC 2C 6D 2C 3D AH 6D TS 7C JK "
        "KS KH JD 5H 5D JH 7H 5S KD 6H QC 4S 2S 8S TD", "9S 6H 4C", "KH JK 8H", "QD 9D 5H"]),
    "classic-50": ("classic", [
        "6D 4D 2C JK 2D QC 4C 8C AH 6C 5H QC 6D 7D JH QD 7S TC TD 3C 9C KD QS 8S 4H 4D JK 7S AH QH "
        "JH TD KS 5D QD 4H 6S 5D 6C KD 3S QS 9H JK KS 7C 4C AS 8S 7D", "JD 2D AS", "6H 5S 8C", "KC TS 3S"]),
    "classic-2-50": ("classic-2", [
        "6D 4D 2C JK 2D QC 4C 8C AH 6C 5H QC 6D 7D JH QD 7S TC TD 3C 9C KD QS 8S 4H 4D JK 7S AH QH "
        "JH TD KS 5D QD 4H 6S 5D 6C KD 3S QS 9H JK KS 7C 4C AS 8S 7D", "JD 2D AS"]),
}


# Custom rules: a team may hold several sets of one rank (a 35-card hand searched for 16 s).
CUSTOM_HANDS: dict[str, tuple[str | dict[str, Any], list[str]]] = {
    "several-sets-45": ({"preset": "classic", "one_meld_per_rank": False}, [
        "5D 9D 6C 2C QS 4H 3C JS 4D 7C 8D 2H 5C KH JK KS QS 7D AD 6S 6H TH JC 5S 9S TC TD 2D QD AD 4D "
        "JH 3S AS 8S QC 7H KD JK 5C 5S JD 8H 2S QH", "KC AH 8S", "4C JK 2S", "4C 5D JH"]),
}


def big_hand_state(name: str) -> State:
    rules, hands = BIG_HANDS[name] if name in BIG_HANDS else CUSTOM_HANDS[name]
    doc: dict[str, Any] = {"format": "kanasta.position/1", "rules": rules, "phase": "play", "player": 0,
                           "hands": hands, "turn": {"drew": "stock"}}
    if rules == "kanasta":
        doc["trump"] = "KD"
    return State.from_dict(doc)


@pytest.mark.parametrize("name", [*BIG_HANDS, *CUSTOM_HANDS])
def test_a_big_hand_with_the_team_not_down_is_listed(name: str) -> None:
    """A player who has drawn and laid nothing may discard any card (C-OPEN-1 / K-OPEN-1 bind only
    after laying cards), so every distinct card is one discard; the meld moves are listed once each,
    and after a listed meld the turn can still be finished (E-2: the next listing is not empty)."""
    state = big_hand_state(name)
    moves = state.legal_actions()
    hand = state.hands[0]
    assert [m.card for m in moves if isinstance(m, Discard)] == sorted(set(hand), key=lambda c: c.index)
    assert len(set(moves)) == len(moves)
    melds = [m for m in moves if not isinstance(m, Discard)]
    assert melds, "a hand this big always has a legal meld"
    for move in (melds[0], melds[-1]):
        after = state.apply(move)
        assert after.legal_actions(), f"{move} leaves no legal move (E-2)"


def test_a_listing_does_not_depend_on_what_was_listed_before() -> None:
    """The search's memo tables never change an answer: the same position lists the same moves
    when loaded fresh, before and after other big positions were listed."""
    first = big_hand_state("kanasta-45").legal_actions()
    big_hand_state("classic-50").legal_actions()
    State.from_dict(f3_document(92)).legal_actions()
    again = big_hand_state("kanasta-45").legal_actions()
    assert again == first
    assert isinstance(first[0], kanasta.Action)


def search_nodes(state: State) -> int:
    """The E-2 search nodes that listing ``state``'s moves expands (deterministic)."""
    ctx = Ctx(state)
    play_actions(ctx)
    return ctx.work.nodes


@pytest.mark.engines("python")  # the Python search's own counters and budget
@pytest.mark.parametrize("name", ["kanasta-45", "classic-50", "several-sets-45"])
def test_a_big_hand_is_listed_with_little_search(name: str) -> None:
    """The work counter: these listings expanded thousands of nodes (the 45-card Kanasta hand 2,423
    memo entries, 2 s) or, for several sets of one rank, ran for minutes; a witness that keeps two
    cards back and the dead-card bound settle them in a few hundred nodes at most."""
    assert search_nodes(big_hand_state(name)) <= 500


def test_several_sets_of_one_rank_a_hand_with_two_black_threes_cannot_ask_to_go_out() -> None:
    """C-OUT-3, C-THREE-2: 3C and 3S are two black 3s; they may be melded only by a player going out
    and only three or four together, so they can never leave the hand and going out (hence asking
    partner) is impossible.  This search ran for minutes when a team could hold several sets of one
    rank; the two dead cards now end it at once.  The melds are still offered (AD AS JK opens
    nothing yet, but the hand can reach 50 with two cards left)."""
    moves = big_hand_state("several-sets-45").legal_actions()
    assert not any(isinstance(m, AskPartner) for m in moves)
    assert LayMeld(kanasta.parse_cards("AD AS JK")) in moves


@pytest.mark.engines("python")  # the Python search's own counters and budget
def test_the_report_document_at_the_highest_minimum_is_settled_within_the_budget() -> None:
    """The K-OPEN-4 waiver forces a search melding the whole hand; it stays far inside the budget."""
    nodes = search_nodes(State.from_dict(f3_document(92)))
    assert 0 < nodes <= budget.SEARCH_BUDGET // 10


@pytest.mark.engines("python")  # the Python search's own counters and budget
def test_nothing_is_kept_between_questions() -> None:
    """The search's memo lives as long as one question: after listings, no search tables remain
    (0.1.0 kept a module-level memo that a hostile document filled with 2 million entries)."""
    for name in [*BIG_HANDS, *CUSTOM_HANDS]:
        big_hand_state(name).legal_actions()
    State.from_dict(f3_document(92)).legal_actions()
    gc.collect()
    assert not [o for o in gc.get_objects() if isinstance(o, budget.Work)]
    assert not hasattr(search, "_MEMO") and not hasattr(finish, "_MEMO")


@pytest.mark.engines("python")  # the Python search's own counters and budget
def test_past_the_work_budget_the_reader_refuses_and_legal_actions_raises(monkeypatch: pytest.MonkeyPatch) -> None:
    """Beyond the budget the search gives up: ``from_dict`` refuses the document (SerializationError),
    ``legal_actions()`` raises EngineLimitError, and nothing of the failed search is kept: with the
    budget back, the same state lists its 229 moves."""
    state = State.from_dict(f3_document(92))
    fresh = attrs.evolve(state)  # the same position, its moves not listed yet
    monkeypatch.setattr(budget, "SEARCH_BUDGET", 100)
    with pytest.raises(SerializationError) as info:
        State.from_dict(f3_document(92))
    assert info.value.path == ""
    assert "work budget" in str(info.value) and "100 search steps" in str(info.value)
    with pytest.raises(EngineLimitError):
        fresh.legal_actions()
    monkeypatch.undo()
    assert len(fresh.legal_actions()) == 229
    assert state.legal_actions() == fresh.legal_actions()


def test_a_search_past_the_budget_in_the_empty_stock_check_is_a_refused_document(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """C-OUT-5: at an empty stock in the draw phase the reader asks whether the player can take
    the pile, which may need the search; past the budget that is a SerializationError like
    every other check of the reader, not an EngineLimitError escaping from ``from_dict``."""
    hands = ["KC KS AC AD AH 2C JK 7C 7D 7H 8S 8D", "9C 9D 9H", "9S TC TD", "TH TS JC"]
    laid = "3D 3D 3H 3H"
    rest = collections.Counter({f"{r}{s}": 2 for r in "A23456789TJQK" for s in "CDHS"} | {"JK": 4})
    rest.subtract(" ".join([*hands, laid, "KH"]).split())
    doc = {"format": "kanasta.position/1", "rules": "classic", "phase": "draw", "player": 0,
           "stock": "", "pile": " ".join([*sorted(rest.elements()), "KH"]), "red_threes": [laid, ""],
           "hands": hands}
    assert [str(a) for a in State.from_dict(doc).legal_actions()] == ["take KC KS", "decline"]

    def past_the_budget(self: State) -> tuple[Action, ...]:
        raise EngineLimitError("the search gave up after 100 search steps (work budget)")

    monkeypatch.setattr(State, "legal_actions", past_the_budget)
    with pytest.raises(SerializationError) as info:
        State.from_dict(doc)
    assert info.value.path == "" and "work budget" in str(info.value)
