"""E-2's greedy witness: a quick proof that a team can open with two cards left — internal.

Before searching, :mod:`kanasta.legality.search` asks :func:`greedy_opens`
whether one plain plan (a natural run, the sets, further runs, wild cards on
natural pairs) opens the team from the root while two cards, one of them
discardable, stay in hand.  True settles the question; False means "not
shown", and the search goes on.  All values are in half points.
"""

from __future__ import annotations

from typing import NamedTuple

from kanasta.legality.tables import (
    ACE_HIGH,
    IS_WILD,
    NATURAL,
    NO_CARD,
    OF_RANK,
    RUN_CELL,
    RunShape,
    SetShape,
    Shape,
    Tables,
)
from kanasta.rulebook import MELD_MIN


class Segment(NamedTuple):
    """A maximal natural run in hand."""

    value: int
    start: int
    """Its first run position."""
    cards: list[int]
    """Its card indices, low to high."""


def greedy_opens(
    tables: Tables, counts: dict[int, int], shapes: tuple[Shape, ...], count: int, *, minimum: int, forbidden: int
) -> bool:
    """A quick witness that the team can open from here with two cards left.

    For each maximal natural run in hand that could be the opening's natural
    run (or none, when one is laid already): lay it, every set of three or
    more naturals, the other natural runs, and spare wild cards on natural
    pairs and sets.  True only when that plan really opens with two cards (one
    discardable) left; False means "not shown", not "impossible".

    Kanasta, a minimum of 4½ points (9 half points) with a natural run:

    >>> import kanasta
    >>> from kanasta.legality.tables import NO_CARD, tables_for
    >>> hand = {card.index: 1 for card in kanasta.parse_cards("4S 5S 6S 7S 8C 8D 8H QD KH")}
    >>> greedy_opens(tables_for(kanasta.Rules.kanasta()), hand, (), 0, minimum=9, forbidden=NO_CARD)
    True
    """
    if tables.rules.opening_natural_run and not any(type(s) is RunShape and s.wild_at == NATURAL for s in shapes):
        runs = segments(tables, counts)
        if not runs:
            return False
        runs.sort(key=lambda seg: -seg.value)
        return any(_plan_keeping(tables, minimum, forbidden, counts, shapes, count, seg) for seg in runs[:3])
    return _plan_keeping(tables, minimum, forbidden, counts, shapes, count, None)


def _plan_keeping(
    tables: Tables,
    minimum: int,
    forbidden: int,
    counts: dict[int, int],
    shapes: tuple[Shape, ...],
    count: int,
    run: Segment | None,
) -> bool:
    """:func:`_plan`; when it reaches the minimum but melds too much (fewer than two cards
    left), plan again holding back the two cheapest cards outside the run."""
    done = _plan(tables, minimum, forbidden, dict(counts), shapes, count, run)
    if done is not None:
        return done
    value = tables.value
    rest = dict(counts)
    if run is not None:
        for c in run.cards:
            rest[c] -= 1
    spare = sorted((i for i, k in rest.items() for _ in range(k)), key=lambda i: (value[i], i))
    if len(spare) < 2:
        return False
    held = dict(counts)
    for i in spare[:2]:
        held[i] -= 1
        if not held[i]:
            del held[i]
    return _plan(tables, minimum, forbidden, held, shapes, count, run, hold=2) is True


def segments(tables: Tables, counts: dict[int, int]) -> list[Segment]:
    """The maximal natural runs in hand (at most ``run_max`` cards each), no card used more often than held.

    The ace stands at both ends of a suit (K-MELD-2): a single ace that a
    segment from the low end takes is not there for a segment up to the high end.

    >>> import kanasta
    >>> from kanasta.legality.tables import tables_for
    >>> hand = {card.index: 1 for card in kanasta.parse_cards("AC 2C 3C QC KC")}
    >>> [len(seg.cards) for seg in segments(tables_for(kanasta.Rules.kanasta()), hand)]  # A-2-3; Q-K lacks its ace
    [3]
    """
    value = tables.value
    natural_two = tables.natural_two
    out = []
    for suit in range(4):
        row = RUN_CELL[suit]
        pos = 1
        aces = counts.get(row[1], 0)
        while pos <= ACE_HIGH:
            if counts.get(row[pos], 0) <= 0 or (pos == ACE_HIGH and aces <= 0):
                pos += 1
                continue
            cells: list[int] = []
            start = pos
            while (
                pos <= ACE_HIGH and counts.get(row[pos], 0) > 0 and len(cells) < tables.run_max
                and row[pos] not in cells and not (pos == ACE_HIGH and aces <= 0)
            ):
                cells.append(row[pos])
                pos += 1
            if len(cells) >= MELD_MIN:
                if start == 1:
                    aces -= 1  # this segment holds an ace
                total = sum(natural_two if start + k == 2 else value[c] for k, c in enumerate(cells))
                out.append(Segment(total, start, cells))
    return out


def _plan(
    tables: Tables,
    minimum: int,
    forbidden: int,
    counts: dict[int, int],
    shapes: tuple[Shape, ...],
    count: int,
    run: Segment | None,
    hold: int = 0,
) -> bool | None:
    """Lay the plan of :func:`greedy_opens` from ``counts`` (``hold`` more cards stay in hand): True
    when it opens with two cards (one discardable) left, None when it reaches the minimum
    with fewer, else False.  Changes ``counts``."""
    rules = tables.rules
    value = tables.value
    gained = 0
    # sets that can still take a wild (wilds never go into runs here, so the
    # natural run the opening needs stays natural, K-OPEN-2)
    wild_slots = sum(
        1 for s in shapes
        if type(s) is SetShape and s.wilds < rules.max_wilds and s.size < tables.max_size
        and not (rules.wilds_within_naturals and s.wilds + 1 > s.naturals)
    )
    set_ranks = {s.rank for s in shapes if type(s) is SetShape}
    if run is not None:
        gained += run.value
        for c in run.cards:
            counts[c] -= 1
    for rank in range(1, 14):
        if not tables.set_rank[rank] or (rules.one_meld_per_rank and rank in set_ranks):
            continue
        cards = OF_RANK[rank]
        n = sum(counts.get(i, 0) for i in cards)
        if MELD_MIN <= n <= tables.max_size:
            gained += n * tables.rank_value[rank]
            for i in cards:
                counts.pop(i, None)
            wild_slots += 1
    if rules.runs:
        for segment in segments(tables, counts):
            gained += segment.value
            for c in segment.cards:
                counts[c] -= 1
    # natural pairs among the cards still unused become sets with a wild
    pairs = [
        rank for rank in range(1, 14)
        if tables.set_rank[rank] and not (rules.one_meld_per_rank and rank in set_ranks)
        and sum(counts.get(i, 0) for i in OF_RANK[rank]) == 2
    ]
    wilds = sorted(
        (value[i] for i, k in counts.items() if IS_WILD[i] for _ in range(k)), reverse=True
    )
    placed = 0
    for rank in sorted(pairs, key=lambda r: -tables.rank_value[r]):
        if placed >= len(wilds) or rules.max_wilds < 1:
            break
        gained += 2 * tables.rank_value[rank] + wilds[placed]
        placed += 1
        for i in OF_RANK[rank]:
            counts.pop(i, None)
    for _ in range(min(wild_slots, len(wilds) - placed)):
        gained += wilds[placed]
        placed += 1
    left = sum(k for k in counts.values() if k > 0) - placed + hold
    if count + gained < minimum:
        return False
    if left < 2:
        return None
    # with a forbidden discard (K-PILE-3) and only two cards left, which two
    # stay is not tracked here: leave the question to the exact search
    return forbidden == NO_CARD or left > 2
