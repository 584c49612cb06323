"""E-2's greedy witness: a quick proof that a team can open with two cards left — internal.

Before searching, :mod:`kanasta.legality.search` asks :func:`greedy_opens`
whether one plain plan (a natural run, the sets, further runs, wild cards on
natural pairs) opens the team from the root while two cards, one of them
discardable, stay in hand.  True settles the question; False means "not
shown", and the search goes on.  All values are in half points.
"""

from __future__ import annotations

from kanasta.legality.tables import NAT_AT, Shape, Tables
from kanasta.rulebook import MELD_MIN

Segment = tuple[int, int, list[int]]
"""A maximal natural run in hand: (value, first position, card indices)."""


def greedy_opens(
    t: Tables, cnt: dict[int, int], shapes: tuple[Shape, ...], count: int, *, minimum: int, forbidden: int
) -> bool:
    """A quick witness that the team can open from here with two cards left.

    For each maximal natural run in hand that could be the opening's natural
    run (or none, when one is laid already): lay it, every set of three or
    more naturals, the other natural runs, and spare wild cards on natural
    pairs and sets.  True only when that plan really opens with two cards (one
    discardable) left; False means "not shown", not "impossible".
    """
    if t.rules.opening_natural_run and not any(s[0] == 1 and s[4] == 0 for s in shapes):
        runs = segments(t, cnt)
        if not runs:
            return False
        runs.sort(key=lambda seg: -seg[0])
        return any(_plan_keeping(t, minimum, forbidden, cnt, shapes, count, seg) for seg in runs[:3])
    return _plan_keeping(t, minimum, forbidden, cnt, shapes, count, None)


def _plan_keeping(
    t: Tables,
    minimum: int,
    forbidden: int,
    cnt: dict[int, int],
    shapes: tuple[Shape, ...],
    count: int,
    run: Segment | None,
) -> bool:
    """:func:`_plan`; when it reaches the minimum but melds too much (fewer than two cards
    left), plan again holding back the two cheapest cards outside the run."""
    done = _plan(t, minimum, forbidden, dict(cnt), shapes, count, run)
    if done is not None:
        return done
    value = t.value
    rest = dict(cnt)
    if run is not None:
        for c in run[2]:
            rest[c] -= 1
    spare = sorted((i for i, k in rest.items() for _ in range(k)), key=lambda i: (value[i], i))
    if len(spare) < 2:
        return False
    held = dict(cnt)
    for i in spare[:2]:
        held[i] -= 1
        if not held[i]:
            del held[i]
    return _plan(t, minimum, forbidden, held, shapes, count, run, hold=2) is True


def segments(t: Tables, cnt: dict[int, int]) -> list[Segment]:
    """Maximal natural runs in hand: (value, first position, cards)."""
    value = t.value
    nat2 = t.nat2
    out = []
    for suit in range(4):
        row = NAT_AT[suit]
        pos = 1
        while pos <= 14:
            if cnt.get(row[pos], 0) <= 0:
                pos += 1
                continue
            cells: list[int] = []
            start = pos
            while pos <= 14 and cnt.get(row[pos], 0) > 0 and len(cells) < t.run_max and row[pos] not in cells:
                cells.append(row[pos])
                pos += 1
            if len(cells) >= MELD_MIN:
                v = sum(nat2 if start + k == 2 else value[c] for k, c in enumerate(cells))
                out.append((v, start, cells))
    return out


def _plan(
    t: Tables,
    minimum: int,
    forbidden: int,
    cnt: dict[int, int],
    shapes: tuple[Shape, ...],
    count: int,
    run: Segment | None,
    hold: int = 0,
) -> bool | None:
    """Lay the plan of :func:`greedy_opens` from ``cnt`` (``hold`` more cards stay in hand): True
    when it opens with two cards (one discardable) left, None when it reaches the minimum
    with fewer, else False.  Changes ``cnt``."""
    rules = t.rules
    value = t.value
    gained = 0
    # sets that can still take a wild (wilds never go into runs here, so the
    # natural run the opening needs stays natural, K-OPEN-2)
    wild_slots = sum(
        1 for s in shapes
        if s[0] == 0 and s[3] < rules.max_wilds and s[4] < t.max_size
        and not (rules.wilds_within_naturals and s[3] + 1 > s[2])
    )
    set_ranks = {s[1] for s in shapes if s[0] == 0}
    if run is not None:
        gained += run[0]
        for c in run[2]:
            cnt[c] -= 1
    for rank in range(1, 14):
        if not t.set_rank[rank] or (rules.one_meld_per_rank and rank in set_ranks):
            continue
        base = (rank - 1) * 4
        n = sum(cnt.get(base + k, 0) for k in range(4))
        if 3 <= n <= t.max_size:
            gained += n * value[base]
            for k in range(4):
                cnt.pop(base + k, None)
            wild_slots += 1
    if rules.runs:
        for v, _, cells in segments(t, cnt):
            gained += v
            for c in cells:
                cnt[c] -= 1
    # natural pairs among the cards still unused become sets with a wild
    pairs = [
        rank for rank in range(1, 14)
        if t.set_rank[rank] and not (rules.one_meld_per_rank and rank in set_ranks)
        and sum(cnt.get((rank - 1) * 4 + k, 0) for k in range(4)) == 2
    ]
    wilds = sorted(
        (value[i] for i, k in cnt.items() if i == 52 or 4 <= i < 8 for _ in range(k)), reverse=True
    )
    placed = 0
    for rank in sorted(pairs, key=lambda r: -value[(r - 1) * 4]):
        if placed >= len(wilds) or rules.max_wilds < 1:
            break
        base = (rank - 1) * 4
        gained += 2 * value[base] + wilds[placed]
        placed += 1
        for k in range(4):
            cnt.pop(base + k, None)
    for _ in range(min(wild_slots, len(wilds) - placed)):
        gained += wilds[placed]
        placed += 1
    left = sum(k for k in cnt.values() if k > 0) - placed + hold
    if count + gained < minimum:
        return False
    if left < 2:
        return None
    # with a forbidden discard (K-PILE-3) and only two cards left, which two
    # stay is not tracked here: leave the question to the exact search
    return forbidden < 0 or left > 2
