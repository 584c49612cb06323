"""The public Hypothesis strategies of :mod:`kanasta.strategies` give what they promise."""

from __future__ import annotations

import collections
import subprocess
import sys

import attrs
import pytest
from hypothesis import HealthCheck, find, given, settings
from hypothesis import Phase as HPhase
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

import kanasta
from _invariants import card_census
from kanasta import DECK, IllegalActionError, Meld, Phase, Rules, State, strategies
from kanasta.rules import PRESET_NAMES

_DECK_COUNT = collections.Counter(DECK)
_FAST = settings(max_examples=60, deadline=None, database=None)


def test_importing_kanasta_does_not_import_hypothesis() -> None:
    """The core needs no Hypothesis: only ``kanasta.strategies`` imports it."""
    code = "import sys, kanasta; assert 'hypothesis' not in sys.modules; print('ok')"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "ok"
    assert not hasattr(kanasta, "strategies") or "strategies" not in kanasta.__all__


@_FAST
@given(strategies.cards())
def test_cards_are_cards(card: kanasta.Card) -> None:
    assert card in kanasta.all_cards()


@_FAST
@given(st.integers(0, 20).flatmap(lambda lo: st.tuples(st.just(lo), strategies.hands(lo, lo + 15))))
def test_hands_respect_the_deck(case: tuple[int, tuple[kanasta.Card, ...]]) -> None:
    """G-DECK-1: never more copies than the deck holds; sizes in range; card order."""
    low, hand = case
    assert low <= len(hand) <= low + 15
    assert all(n <= _DECK_COUNT[c] for c, n in collections.Counter(hand).items())
    assert list(hand) == sorted(hand, key=lambda c: c.index)


# find() without shrinking: the first example found, for conditions that are only about reaching something
_SEARCH = settings(
    max_examples=200, deadline=None, database=None, phases=[HPhase.generate], suppress_health_check=list(HealthCheck)
)


def test_a_whole_deck_is_a_hand() -> None:
    whole_deck = tuple(sorted(DECK, key=lambda c: c.index))
    assert find(strategies.hands(108, 108), lambda h: True, settings=_SEARCH) == whole_deck
    with pytest.raises(InvalidArgument):
        strategies.hands(5, 4)


@settings(max_examples=150, deadline=None, database=None)
@given(strategies.rules())
def test_rules_are_valid_serializable_and_playable(rules: Rules) -> None:
    """Every rules value drawn is accepted by the validator, round-trips, and deals a game with moves."""
    again = Rules.from_dict(rules.to_dict())
    assert again == rules
    state = kanasta.new_game(rules, 1)
    assert state.legal_actions()


def test_rules_reach_both_games_and_the_variants() -> None:
    wide = settings(_SEARCH, max_examples=2000)
    find(strategies.rules(), lambda r: r.runs and r.packets == 0 and r.ask_partner, settings=wide)
    find(strategies.rules(), lambda r: r.players == 2 and r.stock_end == "end_of_turn", settings=wide)
    find(strategies.rules(), lambda r: r.players == 3 and r.wilds_within_naturals and not r.take_pile_before_down,
         settings=wide)
    find(strategies.rules(), lambda r: r.runs and not r.trump_doubling
         and r.opening_minimums != Rules.kanasta().opening_minimums, settings=wide)
    assert find(strategies.rules(variants=False), lambda r: r.runs) == Rules.kanasta()
    with pytest.raises(InvalidArgument):
        strategies.rules(["canasta"])


_RULES = [strategies.preset(n) for n in PRESET_NAMES] + [
    attrs.evolve(Rules.classic(), wilds_within_naturals=True),
]


@pytest.mark.parametrize("rules", _RULES, ids=[r.name + ("-wwn" if r.wilds_within_naturals else "") for r in _RULES])
@settings(max_examples=120, deadline=None, database=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_legal_melds_are_accepted(rules: Rules, data: st.DataObject) -> None:
    """C-MELD-1, K-MELD-1..6: every drawn meld is accepted by Meld.from_cards, within the deck's copies."""
    cards = data.draw(strategies.legal_melds(rules))
    meld = Meld.from_cards(cards, rules)
    assert sorted(meld.cards, key=lambda c: c.index) == sorted(cards, key=lambda c: c.index)
    assert all(n <= _DECK_COUNT[c] for c, n in collections.Counter(cards).items())


@pytest.mark.parametrize("rules", _RULES, ids=[r.name + ("-wwn" if r.wilds_within_naturals else "") for r in _RULES])
@settings(max_examples=120, deadline=None, database=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_illegal_melds_are_refused(rules: Rules, data: st.DataObject) -> None:
    """Every drawn near-miss meld is refused with an IllegalActionError naming a rule."""
    cards = data.draw(strategies.illegal_melds(rules))
    with pytest.raises(IllegalActionError) as info:
        Meld.from_cards(cards, rules)
    assert info.value.rule


@settings(max_examples=200, deadline=None, database=None)
@given(strategies.rules().flatmap(lambda r: st.tuples(st.just(r), strategies.legal_melds(r))))
def test_legal_melds_over_rules_variants(case: tuple[Rules, tuple[kanasta.Card, ...]]) -> None:
    rules, cards = case
    meld = Meld.from_cards(cards, rules)  # raises IllegalActionError if the strategy gave an illegal meld
    assert sorted(meld.cards, key=lambda c: c.index) == sorted(cards, key=lambda c: c.index)


@settings(max_examples=200, deadline=None, database=None)
@given(strategies.rules().flatmap(lambda r: st.tuples(st.just(r), strategies.illegal_melds(r))))
def test_illegal_melds_over_rules_variants(case: tuple[Rules, tuple[kanasta.Card, ...]]) -> None:
    rules, cards = case
    with pytest.raises(IllegalActionError):
        Meld.from_cards(cards, rules)


@settings(max_examples=40, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(strategies.states(max_moves=120))
def test_states_are_reachable_positions(state: State) -> None:
    """Every drawn state conserves the cards, has moves unless over, and replays from its record."""
    assert card_census(state) == collections.Counter(DECK)
    assert bool(state.legal_actions()) != state.is_game_over
    assert kanasta.GameRecord.from_state(state).replay() == state


def test_states_reach_every_phase_later_hands_and_the_end() -> None:
    quick = settings(_SEARCH, max_examples=60)
    classic = Rules.classic()
    find(
        strategies.states(rules=classic, max_moves=40),
        lambda s: s.phase is Phase.PLAY and bool(s.melds[0] or s.melds[1]),
        settings=quick,
    )
    short = attrs.evolve(Rules.kanasta(), target_score=1)
    over = find(strategies.states(rules=short, max_moves=3000, prefer_melds=True), lambda s: s.is_game_over,
                settings=quick)
    assert over.winner is not None
    later = find(strategies.states(rules=st.sampled_from([classic, Rules.classic(2)]), max_moves=1500),
                 lambda s: s.hand_number >= 2, settings=quick)
    assert later.hand_results


def test_states_shrink_to_short_games() -> None:
    s = find(strategies.states(rules=Rules.classic(), max_moves=50), lambda s: s.phase is Phase.PLAY)
    assert len(s.history) == 1


@settings(max_examples=40, deadline=None, database=None)
@given(data=st.data(), state=strategies.states(max_moves=80))
def test_actions_are_legal_moves(data: st.DataObject, state: State) -> None:
    if state.is_game_over:
        with pytest.raises(InvalidArgument):
            strategies.actions(state)
        return
    action = data.draw(strategies.actions(state))
    assert action in state.legal_actions()
    state.apply(action)


def test_preset_names() -> None:
    assert [strategies.preset(n) for n in PRESET_NAMES] == [
        Rules.classic(), Rules.classic(3), Rules.classic(2), Rules.kanasta()
    ]
    with pytest.raises(InvalidArgument):
        strategies.preset("classic-5")


def test_strategies_page_examples_run() -> None:
    import doctest
    from pathlib import Path

    page = Path(__file__).resolve().parent.parent / "docs" / "strategies.rst"
    failures, tried = doctest.testfile(
        str(page), module_relative=False, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    )
    assert tried > 10 and failures == 0


def test_hypothesis_reports_show_a_state_by_its_short_repr() -> None:
    """A long game's state prints as its repr in Hypothesis's reports (field by field it would overflow the stack)."""
    import random

    from hypothesis.vendor.pretty import pretty

    state = kanasta.new_game(Rules.classic(), 1)
    rng = random.Random(1)
    for _ in range(2500):
        if state.is_game_over:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    assert len(state.history) > 700
    assert pretty(state) == repr(state)
