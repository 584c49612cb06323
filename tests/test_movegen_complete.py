"""Completeness of move generation (RULES E-1), checked by brute force.

The engine's generators build meld candidates cleverly.  Here every candidate
is built the dumb way — every window of every suit with every wild card in
every place, every new low-to-high list of every run, every sub-multiset of
naturals and wilds for sets — and each is asked of ``State.explain`` (the
independent validator).  The legal ones must be exactly the engine's legal
meld moves, on sampled positions of random games of both games.
"""

from __future__ import annotations

import collections
import itertools
import random

import pytest

import kanasta
from kanasta import AddToMeld, Card, ExtendRun, LayMeld, MeldKind, Phase, State

ALL = kanasta.all_cards()


def natural_at(suit: int, position: int) -> Card:
    rank = 1 if position == 14 else position
    return ALL[(rank - 1) * 4 + suit]


def fits(cards: list[Card], counts: collections.Counter[Card]) -> bool:
    need = collections.Counter(cards)
    return all(counts[c] >= n for c, n in need.items())


def brute_new_runs(s: State, hand: tuple[Card, ...]) -> set[tuple[Card, ...]]:
    counts = collections.Counter(hand)
    wilds = sorted({c for c in hand if c.is_wild}, key=lambda c: c.index)
    out = set()
    for suit in range(4):
        for low in range(1, 13):
            for high in range(low + 2, min(14, low + 12) + 1):
                positions = list(range(low, high + 1))
                for wild_at in [None, *positions]:
                    for w in wilds if wild_at is not None else [None]:
                        cells = [w if p == wild_at else natural_at(suit, p) for p in positions]
                        if fits(cells, counts):  # type: ignore[arg-type]
                            out.add(tuple(cells))  # type: ignore[arg-type]
    return out


def brute_extensions(meld: kanasta.Meld, hand: tuple[Card, ...]) -> set[tuple[Card, ...]]:
    counts = collections.Counter(hand)
    assert meld.suit is not None
    suit = meld.suit.value
    low, high = meld.low, meld.high
    old_wild_pos = None if meld.wild_index is None else low + meld.wild_index
    hand_wilds = sorted({c for c in hand if c.is_wild}, key=lambda c: c.index)
    out = set()
    for new_low in range(1, low + 1):
        for new_high in range(high, 15):
            positions = list(range(new_low, new_high + 1))
            if len(positions) > 13:
                continue
            if old_wild_pos is None:
                choices = [(None, None)] + [(p, w) for p in positions for w in hand_wilds]
            else:
                wild = meld.cards[meld.wild_index]  # type: ignore[index]
                choices = [(p, wild) for p in positions]
            for wild_at, wild_card in choices:
                cells: list[Card] = []
                for p in positions:
                    if p == wild_at:
                        cells.append(wild_card)  # type: ignore[arg-type]
                    elif low <= p <= high and p != old_wild_pos:
                        cells.append(meld.cards[p - low])
                    else:
                        cells.append(natural_at(suit, p))
                added = collections.Counter(cells) - collections.Counter(meld.cards)
                if sum(added.values()) and fits(list(added.elements()), counts):
                    out.add(tuple(cells))
    return out


def brute_sets(hand: tuple[Card, ...]) -> set[tuple[Card, ...]]:
    """Every sub-multiset of the hand with 3+ cards whose natural cards share a rank."""
    counts = collections.Counter(hand)
    wild_items = sorted((c for c in counts if c.is_wild), key=lambda c: c.index)
    by_rank: dict[int, list[Card]] = collections.defaultdict(list)
    for c in counts:
        if not c.is_wild and c.rank is not None:
            by_rank[c.rank.value].append(c)
    out = set()
    wild_subsets = [
        tuple(itertools.chain.from_iterable([c] * k for c, k in zip(wild_items, picks)))
        for picks in itertools.product(*(range(counts[c] + 1) for c in wild_items))
    ]
    for cards in by_rank.values():
        cards.sort(key=lambda c: c.index)
        for picks in itertools.product(*(range(counts[c] + 1) for c in cards)):
            nats = tuple(itertools.chain.from_iterable([c] * k for c, k in zip(cards, picks)))
            if len(nats) < 1:
                continue
            for wilds in wild_subsets:
                if len(nats) + len(wilds) >= 3 and len(wilds) <= 4:
                    out.add(nats + wilds)
    return out


def brute_adds(meld: kanasta.Meld, hand: tuple[Card, ...]) -> set[tuple[Card, ...]]:
    counts = collections.Counter(hand)
    items = sorted((c for c in counts if c.is_wild or c.rank is meld.rank), key=lambda c: c.index)
    out = set()
    for picks in itertools.product(*(range(min(counts[c], 4) + 1) for c in items)):
        cards = tuple(itertools.chain.from_iterable([c] * k for c, k in zip(items, picks)))
        if cards and sum(1 for c in cards if c.is_wild) <= 4:
            out.add(cards)
    return out


def check_play_state(s: State) -> int:
    seat = s.player
    team = s.team_of(seat)
    hand = s.hands[seat]
    legal = set(s.legal_actions())
    found: set[kanasta.Action] = set()
    candidates: list[kanasta.Action] = [LayMeld(c) for c in brute_sets(hand)]
    if s.rules.runs:
        candidates += [LayMeld(c) for c in brute_new_runs(s, hand)]
    for i, meld in enumerate(s.melds[team]):
        if meld.kind is MeldKind.RUN:
            candidates += [ExtendRun(i, run) for run in brute_extensions(meld, hand)]
        else:
            candidates += [AddToMeld(i, cards) for cards in brute_adds(meld, hand)]
    for a in candidates:
        if s.explain(a) is None:
            found.add(a)
    meld_moves = {a for a in legal if isinstance(a, (LayMeld, AddToMeld, ExtendRun))}
    assert found == meld_moves, (
        f"only brute force: {sorted(map(str, found - meld_moves))[:5]}; "
        f"only engine: {sorted(map(str, meld_moves - found))[:5]}"
    )
    return len(candidates)


@pytest.mark.parametrize("rules", [kanasta.Rules.kanasta(), kanasta.Rules.classic(), kanasta.Rules.classic(2)],
                         ids=["kanasta", "classic", "classic-2"])
def test_e1_meld_moves_are_exactly_the_brute_force_legal_ones(rules: kanasta.Rules) -> None:
    """E-1: on sampled play-phase positions, brute-force candidates accepted by explain() == the engine's meld moves."""
    checked = 0
    for seed in range(3):
        s = kanasta.new_game(rules, seed)
        rng = random.Random(seed)
        steps = 0
        while not s.is_game_over and steps < 600:
            if s.phase is Phase.PLAY and steps % 3 == 0 and len(s.hands[s.player]) <= 16:
                check_play_state(s)
                checked += 1
            s = s.apply(rng.choice(s.legal_actions()))
            steps += 1
    assert checked >= 30
