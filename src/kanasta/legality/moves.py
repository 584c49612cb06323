"""Generating every legal move of a play phase — internal.

:func:`play_actions` builds the candidate moves from the hand, by construction
within the meld rules, and keeps those after which the turn can still be
finished (E-2).  The tests hold a slow, obviously correct version
(``tests/_reference.py``) that lists candidates and asks
:mod:`kanasta.legality.checks` about each one, and check that the two agree.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import product
from typing import Final, TypeVar

from kanasta.actions import Action, AddToMeld, AskPartner, Discard, ExtendRun, LayMeld
from kanasta.cards import Card, all_cards
from kanasta.legality.checks import (
    BY_INDEX,
    Ctx,
    ask_problem,
    discard_problem,
    empty_problem,
    half_value,
    remove_cards,
)
from kanasta.legality.finish import finishable
from kanasta.legality.tables import Shape, size_of
from kanasta.melds import Meld, MeldKind
from kanasta.rulebook import MELD_MIN, is_black_three_set, is_canasta

_CARDS: Final = all_cards()


def count_cards(hand: Iterable[Card]) -> dict[Card, int]:
    out: dict[Card, int] = {}
    for c in hand:
        out[c] = out.get(c, 0) + 1
    return out


def sub_multisets(counts: list[tuple[Card, int]], low: int, high: int) -> list[tuple[Card, ...]]:
    """Every sub-multiset of ``counts`` with between ``low`` and ``high`` cards."""
    out = []
    for picks in product(*(range(n + 1) for _, n in counts)):
        size = sum(picks)
        if low <= size <= high:
            cards: list[Card] = []
            for (card, _), k in zip(counts, picks):
                cards.extend([card] * k)
            out.append(tuple(cards))
    return out


def _run_cell(suit: int, position: int) -> Card:
    rank = 1 if position == 14 else position
    return _CARDS[(rank - 1) * 4 + suit]


def new_run_candidates(ctx: Ctx, counts: dict[Card, int]) -> list[tuple[tuple[Card, ...], int, int]]:
    """Every new run the hand can lay: (cards low to high, low position, wild position or 0).

    A window of consecutive positions in one suit where every position has its
    natural card in hand, or all but one and a wild fills it; a wild may also
    stand in a position whose natural card the player keeps.
    """
    t = ctx.t
    wild_types = sorted((c for c in counts if c.is_wild), key=BY_INDEX)
    out: list[tuple[tuple[Card, ...], int, int]] = []
    for suit in range(4):
        have = [False] * 15
        for pos in range(1, 15):
            have[pos] = _run_cell(suit, pos) in counts
        for low in range(1, 13):
            missing: list[int] = []
            for high in range(low, min(14, low + t.run_max - 1) + 1):
                if not have[high]:
                    missing.append(high)
                    if len(missing) > 1:
                        break
                if high - low + 1 < MELD_MIN:
                    continue
                cells = [_run_cell(suit, p) for p in range(low, high + 1)]
                if not missing:
                    out.append((tuple(cells), low, 0))
                    fill_positions = list(range(low, high + 1))
                else:
                    fill_positions = missing
                for p in fill_positions:
                    for w in wild_types:
                        if p == 2 and w.index == 4 + suit:
                            continue  # in its natural place a 2 is natural (K-MELD-6)
                        run = list(cells)
                        run[p - low] = w
                        cand = tuple(run)
                        if _fits(cand, counts):
                            out.append((cand, low, p))
    return out


def _fits(cards: Sequence[Card], counts: dict[Card, int]) -> bool:
    need = count_cards(cards)
    return all(counts.get(c, 0) >= n for c, n in need.items())


def run_extend_candidates(
    ctx: Ctx, meld: Meld, counts: dict[Card, int]
) -> list[tuple[tuple[Card, ...], int, int]]:
    """Every new low-to-high list for ``meld`` the hand can make: (run, low, wild position or 0)."""
    t = ctx.t
    assert meld.suit is not None
    suit = meld.suit.value
    wild_types = sorted((c for c in counts if c.is_wild), key=BY_INDEX)
    low, high = meld.low, meld.high
    have = [False] * 15
    for pos in range(1, 15):
        have[pos] = _run_cell(suit, pos) in counts
    wpos = None if meld.wild_index is None else low + meld.wild_index
    wild_card = None if meld.wild_index is None else meld.cards[meld.wild_index]
    out: list[tuple[tuple[Card, ...], int, int]] = []
    displace = wpos is not None and have[wpos]
    # Positions beyond the old ends are filled by natural cards from hand, except
    # at most one (the wild's); stop widening once two positions lack a natural.
    missing_low: list[int] = []
    for new_low in range(low, 0, -1):
        if new_low < low and not have[new_low]:
            missing_low.append(new_low)
            if len(missing_low) > 1:
                break
        missing_high: list[int] = []
        for new_high in range(high, 15):
            if new_high > high and not have[new_high]:
                missing_high.append(new_high)
            if len(missing_low) + len(missing_high) > 1 or new_high - new_low + 1 > t.run_max:
                break
            if new_low == low and new_high == high and not displace:
                continue
            fresh = list(range(new_low, low)) + list(range(high + 1, new_high + 1))
            missing = missing_low + missing_high

            def build(
                wild_at: int | None, wild: Card | None, displaced: bool,
                new_low: int = new_low, new_high: int = new_high,
            ) -> None:
                cells: list[Card] = []
                for p in range(new_low, new_high + 1):
                    if p == wild_at:
                        assert wild is not None
                        cells.append(wild)
                    elif low <= p <= high and not (displaced and p == wpos):
                        cells.append(meld.cards[p - low])
                    else:
                        cells.append(_run_cell(suit, p))
                cand = tuple(cells)
                added = remove_cards(cand, meld.cards)
                if added and _fits(added, counts):
                    out.append((cand, new_low, wild_at or 0))

            if wpos is None:
                if not missing:
                    if fresh:
                        build(None, None, False)
                    for p in fresh:
                        for w in wild_types:
                            if p == 2 and w.index == 4 + suit:
                                continue
                            build(p, w, False)
                else:
                    for w in wild_types:
                        if missing[0] == 2 and w.index == 4 + suit:
                            continue
                        build(missing[0], w, False)
            else:
                if not missing and fresh:
                    build(wpos, wild_card, False)
                if displace:
                    for q in (missing if missing else fresh):
                        build(q, wild_card, True)
    return out



# ----------------------------------------------------------------- fast path


_A = TypeVar("_A")


def _raw(cls: type[_A], **fields: object) -> _A:
    """Make a frozen action without its converters (the generator's cards are canonical)."""
    obj: _A = object.__new__(cls)
    for name, value in fields.items():
        object.__setattr__(obj, name, value)
    return obj


class _Gen:
    """The fast generator for one play-phase state."""

    __slots__ = (
        "ctx", "t", "rules", "hand", "n", "turn", "must_out", "no_out", "counts",
        "wild_sets", "value", "nat2", "root_ok",
    )

    def __init__(self, ctx: Ctx) -> None:
        self.ctx = ctx
        self.t = ctx.t
        self.rules = ctx.rules
        self.hand = ctx.hand
        self.n = len(ctx.hand)
        self.turn = ctx.turn
        self.must_out = ctx.turn.must_go_out or ctx.turn.answer is True
        self.no_out = ctx.turn.answer is False
        counts: dict[Card, int] = {}
        for c in ctx.hand:
            counts[c] = counts.get(c, 0) + 1
        self.counts = counts
        wild_counts = sorted(((c, n) for c, n in counts.items() if c.is_wild), key=lambda x: x[0].index)
        value = ctx.t.value
        # each sub-multiset of the wild cards with its size and value (half points)
        self.wild_sets = [
            (w, len(w), sum(value[c.index] for c in w))
            for w in sub_multisets(wild_counts, 0, ctx.rules.max_wilds)
        ]
        self.value = ctx.t.value
        self.nat2 = ctx.t.nat2
        self.root_ok: bool | None = None

    def root_finishable(self) -> bool:
        """Whether the turn could be finished from here once cards are laid.

        Every position a meld leads to is reached from this one by the meld's
        single-card steps, so when this is False no meld is legal (E-2); one
        search here spares a search per candidate.
        """
        if self.root_ok is None:
            self.root_ok = finishable(self.ctx.here(laid=True, must_out=self.must_out, no_out=self.no_out))
        return self.root_ok

    def ok(
        self,
        removed: tuple[Card, ...],
        index: int | None,
        shape: Shape,
        gain: int,
        nat_runs: int,
        *,
        black3: bool = False,
    ) -> bool:
        """Whether a meld move that passes the meld rules is legal: C-OUT-1, K-OUT-1, E-2."""
        ctx = self.ctx
        n2 = self.n - len(removed)
        old_canasta = index is not None and is_canasta(size_of(ctx.shapes[index]))
        can2 = ctx.n_canastas + is_canasta(size_of(shape)) - old_canasta
        count2 = self.turn.count_halves + gain
        opened2 = ctx.opened or ctx.open_condition(nat_runs, count2, n2)
        aside = self.turn.aside
        if opened2 and aside:
            n2 += len(aside)
            aside = ()
        if n2 == 0:
            return empty_problem(ctx, can2, opened2, by_discard=False) is None
        must_out = self.must_out or black3
        forbidden = self.turn.forbidden
        if opened2 and not must_out and n2 >= 2 and (forbidden is None or n2 > 2):
            return True
        if not self.root_finishable():
            return False
        hand = remove_cards(self.hand, removed)
        assert hand is not None
        if aside == () and self.turn.aside and opened2:
            hand = hand + self.turn.aside
        shapes = list(ctx.shapes)
        if index is None:
            shapes.append(shape)
        else:
            shapes[index] = shape
        pos = ctx.pos(
            hand, tuple(shapes), opened=opened2, laid=True, count=count2, aside=aside,
            must_out=must_out, no_out=self.no_out,
        )
        return finishable(pos)


def play_actions(ctx: Ctx) -> tuple[Action, ...]:
    """Every legal move of the play phase, in the documented order."""
    g = _Gen(ctx)
    out: list[Action] = []
    if ctx.rules.ask_partner and ask_problem(ctx) is None:
        out.append(AskPartner())
    _new_sets(g, out)
    if ctx.rules.runs:
        _new_runs(g, out)
    for index, meld in enumerate(ctx.melds):
        if meld.kind is MeldKind.SET:
            _set_adds(g, index, meld, out)
        else:
            _run_extends(g, index, meld, out)
    for card in sorted(g.counts, key=BY_INDEX):
        if discard_problem(ctx, card) is None:
            out.append(_raw(Discard, card=card))
    return tuple(out)


def _new_sets(g: _Gen, out: list[Action]) -> None:
    ctx = g.ctx
    rules = g.rules
    t = g.t
    value = g.value
    by_rank: dict[int, list[tuple[Card, int]]] = {}
    for c, n in g.counts.items():
        if not c.is_wild:
            by_rank.setdefault(c.index // 4 + 1, []).append((c, n))
    have = {s[1] for s in ctx.shapes if s[0] == 0}
    for rank in sorted(by_rank):
        nat_counts = sorted(by_rank[rank], key=lambda x: x[0].index)
        if sum(n for _, n in nat_counts) < 2:
            continue
        if is_black_three_set(rules, rank):
            if not ctx.black3_ok or (rules.one_meld_per_rank and 3 in have):
                continue
            for nats in sub_multisets(nat_counts, 3, 4):
                shape = (0, 3, len(nats), 0, len(nats))
                if g.ok(nats, None, shape, sum(value[c.index] for c in nats), ctx.nat_runs, black3=True):
                    out.append(_raw(LayMeld, cards=nats))
            continue
        if not t.set_rank[rank] or (rules.one_meld_per_rank and rank in have):
            continue
        rank_value = value[(rank - 1) * 4]
        within = rules.wilds_within_naturals
        for nats in sub_multisets(nat_counts, 2, t.max_size):
            k = len(nats)
            nv = k * rank_value
            for wilds, w, wv in g.wild_sets:
                size = k + w
                if size < MELD_MIN or size > t.max_size or (within and w > k):
                    continue
                cards = nats + wilds
                if g.ok(cards, None, (0, rank, k, w, size), nv + wv, ctx.nat_runs):
                    out.append(_raw(LayMeld, cards=cards))


def _new_runs(g: _Gen, out: list[Action]) -> None:
    ctx = g.ctx
    value = g.value
    nat2 = g.nat2
    for cards, low, wpos in new_run_candidates(ctx, g.counts):
        gain = 0
        for k, c in enumerate(cards):
            p = low + k
            gain += value[c.index] if p == wpos or p != 2 else nat2
        suit = cards[0 if wpos != low else 1].index % 4
        shape = (1, suit, low, low + len(cards) - 1, wpos)
        if g.ok(cards, None, shape, gain, ctx.nat_runs + (wpos == 0)):
            out.append(_raw(LayMeld, cards=cards))


def _set_adds(g: _Gen, index: int, meld: Meld, out: list[Action]) -> None:
    ctx = g.ctx
    rules = g.rules
    value = g.value
    shape = ctx.shapes[index]
    _, rank, nat, wild, size = shape
    room = g.t.max_size - size
    if room <= 0:
        return
    nat_counts = sorted(
        ((c, n) for c, n in g.counts.items() if not c.is_wild and c.index // 4 + 1 == rank),
        key=lambda x: x[0].index,
    )
    if is_black_three_set(rules, rank):
        for nats in sub_multisets(nat_counts, 1, 4 - size):
            new = (0, 3, nat + len(nats), 0, size + len(nats))
            if g.ok(nats, index, new, sum(value[c.index] for c in nats), ctx.nat_runs, black3=True):
                out.append(_raw(AddToMeld, meld=index, cards=nats))
        return
    wild_room = max(0, rules.max_wilds - wild)
    rank_value = value[(rank - 1) * 4]
    within = rules.wilds_within_naturals
    for nats in sub_multisets(nat_counts, 0, room):
        k = len(nats)
        nv = k * rank_value
        for wilds, w, wv in g.wild_sets:
            if k + w == 0 or w > wild_room or k + w > room:
                continue
            if within and wild + w > nat + k:
                continue
            new = (0, rank, nat + k, wild + w, size + k + w)
            if g.ok(nats + wilds, index, new, nv + wv, ctx.nat_runs):
                out.append(_raw(AddToMeld, meld=index, cards=nats + wilds))


def _run_extends(g: _Gen, index: int, meld: Meld, out: list[Action]) -> None:
    ctx = g.ctx
    value = g.value
    nat2 = g.nat2
    old_shape = ctx.shapes[index]
    was_natural = old_shape[4] == 0
    old_value = half_value(g.t, meld)
    for cand in run_extend_candidates(ctx, meld, g.counts):
        run, low, wpos = cand
        high = low + len(run) - 1
        total = 0
        for k, c in enumerate(run):
            p = low + k
            total += value[c.index] if p == wpos else (nat2 if p == 2 else value[c.index])
        added = remove_cards(run, meld.cards)
        assert added is not None
        nat_runs = ctx.nat_runs - was_natural + (wpos == 0)
        if g.ok(added, index, (1, old_shape[1], low, high, wpos), total - old_value, nat_runs):
            out.append(_raw(ExtendRun, meld=index, run=run))
