"""The native core (``kanasta._core``, built from ``rust/``) against the Python engine.

The Python engine is the reference: every native piece must give exactly what
it gives.  So far the core has the library's RNG (RULES G-RNG-1), the deck
(G-DECK-1) and dealing with its chores (G-DEAL-1, C-DEAL-1..3, K-TRUMP-1,
K-OUT-2): the same seed gives the same stream, the same shuffle and the same
deal, compared here over many seeds and every preset.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import attrs
import pytest

import _games
import kanasta
import kanasta.actions
from kanasta import _rng, melds
from kanasta._core import _testing
from kanasta.actions import ACTION_TYPES
from kanasta.cards import DECK, Card
from kanasta.melds import Meld
from kanasta.state import HandStarted, RedThreeLaid, State, UpcardTurned

PRESETS = {
    "classic": lambda: kanasta.Rules.classic(4),
    "classic-3": lambda: kanasta.Rules.classic(3),
    "classic-2": lambda: kanasta.Rules.classic(2),
    "kanasta": kanasta.Rules.kanasta,
}

# Edge seeds and a spread of large ones (seeds are any int below 2**64).
SEEDS = [0, 1, 2, 3, 7, 42, 2**32 - 1, 2**32, 2**63, 2**64 - 1] + [
    random.Random(10).randrange(2**64) for _ in range(190)
]


def test_splitmix64_matches_the_reference_value() -> None:
    # The published first output of SplitMix64 seeded with 0 (also kanasta._rng's doctest).
    g = _rng.SplitMix64(0)
    assert g.next() == 0xE220A8397B1DCDAF
    # stream(0) with no labels is SplitMix64 seeded with that first output.
    assert _testing.stream_values(0, [], 1) == [_rng.SplitMix64(0xE220A8397B1DCDAF).next()]


@pytest.mark.parametrize("labels", [(), (0,), (1, 1), (1, 7), (0x5EED,), (0x5A4D, 3), (0x706F73, 1)])
def test_streams_are_the_python_streams(labels: tuple[int, ...]) -> None:
    for seed in SEEDS:
        g = _rng.stream(seed, *labels)
        assert _testing.stream_values(seed, labels, 20) == [g.next() for _ in range(20)], seed


@pytest.mark.parametrize("n", [0, 1, 2, 13, 53, 108])
def test_shuffles_are_the_python_shuffles(n: int) -> None:
    for seed in SEEDS[:60]:
        expected = _rng.shuffled(list(range(n)), _rng.stream(seed, 1, 3))
        assert _testing.shuffled_indices(seed, (1, 3), n) == expected, seed


def test_the_deck_is_kanasta_deck() -> None:
    assert _testing.deck() == tuple(c.index for c in DECK)


def _cards(indices: tuple[int, ...]) -> tuple[Card, ...]:
    return tuple(Card.from_index(i) for i in indices)


def _native_deal(rules: kanasta.Rules, seed: int, hand_number: int, dealer: int) -> _testing.Deal:
    return _testing.deal(
        seed, hand_number, dealer, players=rules.players, hand_size=rules.hand_size,
        packets=rules.packets, packet_size=rules.packet_size, pile_freezing=rules.pile_freezing,
        red_threes=rules.red_threes, trump=rules.trump,
    )


def _assert_same_deal(state: State, events: tuple[object, ...]) -> None:
    """``state`` was just dealt (``events`` are the move's events): the native deal must match it."""
    rules = state.rules
    native = _native_deal(rules, state.seed, state.hand_number, state.dealer)
    assert native.first_player == state.player
    assert tuple(_cards(h) for h in native.hands) == state.hands
    assert tuple(_cards(p) for p in native.packets) == state.packets
    assert _cards(native.stock) == state.stock
    assert _cards(native.pile) == state.pile
    assert native.pile_frozen is state.pile_frozen
    assert native.trump == (None if state.trump is None else state.trump.index)
    assert tuple(_cards(r) for r in native.red_threes) == state.red_threes
    # The deal's events: HandStarted, UpcardTurned, then each red 3 dealt.
    start = next(i for i, e in enumerate(events) if isinstance(e, HandStarted))
    assert events[start] == HandStarted(state.hand_number, state.dealer, native.first_player)
    assert events[start + 1] == UpcardTurned(_cards(native.pile), native.pile_frozen, state.trump)
    reds = [e for e in events[start + 2:] if isinstance(e, RedThreeLaid) and e.source == "deal"]
    assert [(e.seat, e.card.index, None if e.replacement is None else e.replacement.index)
            for e in reds] == native.red_three_events


@pytest.mark.parametrize("preset", list(PRESETS))
def test_first_deals_are_the_python_engine_deals(preset: str) -> None:
    rules = PRESETS[preset]()
    red_threes_seen = 0
    for seed in SEEDS:
        state = kanasta.new_game(rules, seed)
        assert _testing.first_dealer(seed, rules.players) == state.dealer
        _assert_same_deal(state, state.start_events)
        red_threes_seen += sum(len(r) for r in state.red_threes)
    # The comparison exercised the red-3 replacement path (C-DEAL-3) in Classic.
    assert (red_threes_seen > 0) == rules.red_threes


@pytest.mark.parametrize("preset", list(PRESETS))
def test_later_deals_are_the_python_engine_deals(preset: str) -> None:
    """Every hand of a whole random game is dealt as the native core deals it."""
    states = _games.game(preset)
    hands = 0
    for state in states[1:]:
        if any(isinstance(e, HandStarted) for e in state.events) and not state.is_game_over:
            _assert_same_deal(state, state.events)
            hands += 1
    assert hands >= 1


def test_bad_arguments_raise_and_do_not_crash() -> None:
    with pytest.raises(ValueError, match="players"):
        _testing.first_dealer(1, 5)
    with pytest.raises(ValueError, match="dealer"):
        _testing.deal(1, 1, 4, players=4, hand_size=11, packets=0, packet_size=0,
                   pile_freezing=True, red_threes=True, trump=False)
    with pytest.raises(ValueError, match="more cards than the deck"):
        _testing.deal(1, 1, 0, players=4, hand_size=27, packets=0, packet_size=0,
                   pile_freezing=True, red_threes=True, trump=False)
    with pytest.raises(OverflowError):
        _testing.stream_values(-1, [], 1)


# ------------------------------------------------------------------ melds

def _meld_rules_variants() -> list[kanasta.Rules]:
    """The presets and the options of each that meld checking reads (C-MELD-1, K-MELD-1..7)."""
    classic, kanasta_ = kanasta.Rules.classic(), kanasta.Rules.kanasta()
    return [make() for make in PRESETS.values()] + [
        attrs.evolve(classic, wilds_within_naturals=True),
        attrs.evolve(classic, max_wilds=2),
        attrs.evolve(classic, max_wilds=1),
        attrs.evolve(classic, max_meld_size=9),
        attrs.evolve(classic, red_threes=False, black_threes=False),
        attrs.evolve(kanasta_, max_meld_size=None),
        attrs.evolve(kanasta_, max_meld_size=8),
    ]


def _native_meld_rules(rules: kanasta.Rules) -> _testing.MeldRules:
    return _testing.MeldRules(
        runs=rules.runs, max_wilds=rules.max_wilds, wilds_within_naturals=rules.wilds_within_naturals,
        max_meld_size=rules.max_meld_size, black_threes=rules.black_threes,
    )


def _candidate(rng: random.Random) -> tuple[Card, ...]:
    """Cards that are often a meld and often nearly one: a rank's or a suit window's cards,
    wild cards, sometimes a stray card, in a random order (or in run order)."""
    wilds = [52, 52, 4, 5, 6, 7]
    if rng.random() < 0.5:
        rank = rng.randint(1, 13)
        cards = [4 * (rank - 1) + rng.randrange(4) for _ in range(rng.randint(0, 8))]
    else:
        suit, low, size = rng.randrange(4), rng.randint(1, 13), rng.randint(1, 13)
        cards = [4 * ((low + i - 1) % 13) + suit for i in range(size)]
        if rng.random() < 0.5:
            del cards[rng.randrange(len(cards))]
    for _ in range(rng.choice((0, 0, 1, 1, 2, 3, 4))):
        cards.insert(rng.randint(0, len(cards)), rng.choice(wilds))
    if rng.random() < 0.15:
        cards.insert(rng.randint(0, len(cards)), rng.randrange(53))
    if rng.random() < 0.3:
        rng.shuffle(cards)
    return tuple(Card.from_index(i) for i in cards)


def _same_verdict(python: Meld | tuple[str, str], native: _testing.Meld | tuple[str, str]) -> bool:
    if isinstance(python, tuple) or isinstance(native, tuple):
        return python == native
    return (
        native.kind == python.kind.value
        and native.cards == tuple(c.index for c in python.cards)
        and native.rank == (None if python.rank is None else python.rank.value)
        and native.suit == (None if python.suit is None else python.suit.value)
        and native.low == python.low
        and native.wild_index == python.wild_index
    )


@pytest.mark.parametrize("rules", _meld_rules_variants())
def test_meld_checks_are_the_python_checks(rules: kanasta.Rules) -> None:
    """The native read_meld/read_set/read_run give the same meld, or the same RULES ID and
    message, as kanasta.melds for thousands of near-melds under each rules variant."""
    native = _native_meld_rules(rules)
    rng = random.Random(rules.name)
    kinds: set[str] = set()
    for _ in range(3000):
        cards = _candidate(rng)
        indices = [c.index for c in cards]
        for ok in (False, True):
            expected = melds.read_meld(cards, rules, black_threes_ok=ok)
            got = native.read_meld(indices, black_threes_ok=ok)
            assert _same_verdict(expected, got), (str(cards), expected, got)
            kinds.add(expected[0] if isinstance(expected, tuple) else expected.kind.value)
        assert _same_verdict(melds.read_set(cards, rules), native.read_set(indices))
        assert _same_verdict(melds.read_run(cards, rules), native.read_run(indices))
        # An extended run keeps its old wild card (K-MELD-7), a 2 included.
        for wild in (52, 4, 6):
            card = Card.from_index(wild)
            if card in cards:
                assert _same_verdict(melds.read_run(cards, rules, wild_card=card),
                                     native.read_run(indices, wild_card=wild))
    # The comparison met legal melds and several different refusals.
    assert "set" in kinds and len(kinds) >= 3
    assert ("run" in kinds) == rules.runs


def test_meld_checks_refuse_bad_card_indices() -> None:
    native = _native_meld_rules(kanasta.Rules.classic())
    with pytest.raises(ValueError, match="0-52"):
        native.read_meld([7, 7, 53])
    with pytest.raises(ValueError, match="0-52"):
        native.read_run([7, 8, 9], wild_card=99)


def _package_text() -> str:
    root = Path(kanasta.__file__).parent
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(root.rglob("*.py")))


def test_the_core_exports_what_the_package_uses_and_the_tests_ask_in_a_submodule() -> None:
    """Issue 23: ``kanasta._core`` holds the names the package calls (each used as ``_core.NAME``
    somewhere in src/kanasta); the entry points only tests and benchmarks call are in
    ``kanasta._core._testing``, which the package never imports."""
    import kanasta._core as core

    text = _package_text()
    public = [name for name in core.__all__ if not name.startswith("_")]
    assert len(public) >= 20 and "NativeState" in public
    unused = [name for name in public if not re.search(rf"\b_core\.{name}\b", text)]
    assert unused == [], f"kanasta._core names the package never uses (move them to _testing): {unused}"
    assert set(_testing.__all__) >= {"Deal", "FinishRules", "legal_moves", "search_nodes", "stream_values"}
    assert not set(_testing.__all__) & set(public)
    assert core._testing is _testing and _testing.__name__ == "kanasta._core._testing"
    # the action classes are a submodule of their own, which kanasta.actions re-exports
    assert core.actions.__name__ == "kanasta._core.actions"
    assert set(core.actions.__all__) == {cls.__name__ for cls in ACTION_TYPES} | {"register_actions"}
    for cls in ACTION_TYPES:
        assert getattr(core.actions, cls.__name__) is cls is getattr(kanasta.actions, cls.__name__)
        assert cls.__module__ == "kanasta.actions"
    assert "_testing" not in text
