"""Generating every legal move of a play phase — internal.

:func:`play_actions` builds the candidate moves from the hand, by construction
within the meld rules, and keeps those after which the turn can still be
finished (E-2).  It reads what it needs from the question's
:class:`~kanasta.legality.context.Ctx` (built once per listing), asks
:mod:`kanasta.legality.checks` once for the ask and once for the discards, and
:func:`~kanasta.legality.finish.finishable` for a candidate that a
constant-time test does not settle.  The tests hold a slow, obviously correct
version (``tests/_reference.py``) that lists candidates and asks
:mod:`kanasta.legality.checks` about each one, and check that the two agree.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import product
from typing import Final

from kanasta.actions import Action, AddToMeld, AskPartner, Discard, ExtendRun, LayMeld
from kanasta.cards import Card, all_cards
from kanasta.legality.checks import ask_problem, legal_discards
from kanasta.legality.context import BY_INDEX, Ctx
from kanasta.legality.finish import finishable
from kanasta.legality.situation import Pos
from kanasta.legality.tables import (
    ACE_HIGH,
    IS_WILD,
    NATURAL,
    RANK_OF,
    RUN,
    RUN_CELL,
    SET,
    TWO_OF,
    RunShape,
    SetShape,
    Shape,
    meld_value,
)
from kanasta.melds import Meld, MeldKind
from kanasta.rulebook import CANASTA_SIZE, MELD_MIN, team_opens

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
    return _CARDS[RUN_CELL[suit][position]]


def new_run_candidates(ctx: Ctx, counts: dict[Card, int]) -> list[tuple[tuple[Card, ...], int, int]]:
    """Every new run the hand can lay: (cards low to high, low position, wild position or 0).

    A window of consecutive positions in one suit where every position has its
    natural card in hand, or all but one and a wild fills it; a wild may also
    stand in a position whose natural card the player keeps.
    """
    tables = ctx.tables
    wild_types = sorted((c for c in counts if IS_WILD[c.index]), key=BY_INDEX)
    out: list[tuple[tuple[Card, ...], int, int]] = []
    for suit in range(4):
        have = [False] * (ACE_HIGH + 1)
        for pos in range(1, ACE_HIGH + 1):
            have[pos] = _run_cell(suit, pos) in counts
        for low in range(1, 13):
            missing: list[int] = []
            for high in range(low, min(ACE_HIGH, low + tables.run_max - 1) + 1):
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
                        if p == 2 and w.index == TWO_OF[suit]:
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


RunExtension = tuple[tuple[Card, ...], int, int, tuple[Card, ...]]
"""A new low-to-high list for a run: (the cards, its low position, its wild's position or
:data:`~kanasta.legality.tables.NATURAL`, the cards it adds from the hand)."""


def run_extend_candidates(ctx: Ctx, meld: Meld, counts: dict[Card, int]) -> list[RunExtension]:
    """Every new low-to-high list for ``meld`` the hand can make (see :data:`RunExtension`)."""
    tables = ctx.tables
    assert meld.suit is not None
    suit = meld.suit.value
    wild_types = sorted((c for c in counts if IS_WILD[c.index]), key=BY_INDEX)
    low, high = meld.low, meld.high
    have = [False] * (ACE_HIGH + 1)
    for pos in range(1, ACE_HIGH + 1):
        have[pos] = _run_cell(suit, pos) in counts
    wpos = None if meld.wild_index is None else low + meld.wild_index
    wild_card = None if meld.wild_index is None else meld.cards[meld.wild_index]
    out: list[RunExtension] = []
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
        for new_high in range(high, ACE_HIGH + 1):
            if new_high > high and not have[new_high]:
                missing_high.append(new_high)
            if len(missing_low) + len(missing_high) > 1 or new_high - new_low + 1 > tables.run_max:
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
                added: list[Card] = []  # from the hand: naturals, a new wild
                for p in range(new_low, new_high + 1):
                    if p == wild_at:
                        assert wild is not None
                        cells.append(wild)
                        if wpos is None:
                            added.append(wild)
                    elif low <= p <= high and not (displaced and p == wpos):
                        cells.append(meld.cards[p - low])
                    else:
                        cells.append(_run_cell(suit, p))
                        added.append(cells[-1])
                if added and _fits(added, counts):
                    out.append((tuple(cells), new_low, NATURAL if wild_at is None else wild_at, tuple(added)))

            if wpos is None:
                if not missing:
                    if fresh:
                        build(None, None, False)
                    for p in fresh:
                        for w in wild_types:
                            if p == 2 and w.index == TWO_OF[suit]:
                                continue
                            build(p, w, False)
                else:
                    for w in wild_types:
                        if missing[0] == 2 and w.index == TWO_OF[suit]:
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


class _Gen:
    """The fast generator for one play-phase state: what every candidate needs, worked out once."""

    __slots__ = (
        "ctx", "tables", "rules", "hand", "n", "turn", "must_out", "no_out", "counts",
        "wild_sets", "value", "natural_two", "root", "root_ok",
    )

    def __init__(self, ctx: Ctx) -> None:
        self.ctx = ctx
        self.tables = ctx.tables
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
        wild_counts = sorted(((c, n) for c, n in counts.items() if IS_WILD[c.index]), key=lambda x: x[0].index)
        value = ctx.tables.value
        # each sub-multiset of the wild cards with its size and value (half points)
        self.wild_sets = [
            (w, len(w), sum(value[c.index] for c in w))
            for w in sub_multisets(wild_counts, 0, ctx.rules.max_wilds)
        ]
        self.value = value
        self.natural_two = ctx.tables.natural_two
        #: the situation before any meld, with cards laid (made when first needed)
        self.root: Pos | None = None
        self.root_ok: bool | None = None

    def root_situation(self) -> Pos:
        """The situation as it stands, once cards are laid: each candidate's situation is this one changed."""
        if self.root is None:
            self.root = self.ctx.here(laid=True, must_out=self.must_out, no_out=self.no_out)
        return self.root

    def root_finishable(self) -> bool:
        """Whether the turn could be finished from here once cards are laid.

        Every position a meld leads to is reached from this one by the meld's
        single-card steps, so when this is False no meld is legal (E-2); one
        search here spares a search per candidate.
        """
        if self.root_ok is None:
            self.root_ok = finishable(self.root_situation())
        return self.root_ok

    def ok(
        self,
        removed: tuple[Card, ...],
        index: int | None,
        shape: Shape,
        size: int,
        gain: int,
        natural_runs: int,
        *,
        black3: bool = False,
    ) -> bool:
        """Whether a meld move that passes the meld rules is legal: C-OUT-1, K-OUT-1, E-2.

        The move lays ``removed`` onto the team's meld ``index`` (None: a new meld),
        which then has ``shape`` and ``size`` cards; it lays ``gain`` half points and
        leaves the team ``natural_runs`` natural runs.
        """
        ctx = self.ctx
        left = self.n - len(removed)
        canastas = ctx.n_canastas + (size >= CANASTA_SIZE)
        if index is not None and ctx.sizes[index] >= CANASTA_SIZE:
            canastas -= 1
        count = self.turn.count_halves + gain
        opened = ctx.opened or team_opens(
            self.rules, minimum=ctx.minimum, count=count, natural_run=natural_runs > 0, cards_left=left
        )
        aside = self.turn.aside
        if opened and aside:  # the rest of the pile joins the hand (C-PILE-5)
            left += len(aside)
        if left == 0:
            return ctx.empty_problem(canastas, opened, by_discard=False) is None
        must_out = self.must_out or black3
        forbidden = self.turn.forbidden
        if opened and not must_out and left >= 2 and (forbidden is None or left > 2):
            return True
        if not self.root_finishable():
            return False
        rest = list(self.hand)
        for card in removed:
            rest.remove(card)
        if opened and aside:
            rest.extend(aside)
            aside = ()
        hand = tuple(rest)
        shapes = list(ctx.shapes)
        if index is None:
            shapes.append(shape)
        else:
            shapes[index] = shape
        situation = self.root_situation()._replace(
            hand=hand, shapes=tuple(shapes), opened=opened, laid_count=count, aside=aside, must_out=must_out
        )
        return finishable(situation)


def play_actions(ctx: Ctx) -> tuple[Action, ...]:
    """Every legal move of the play phase, in the documented order.

    >>> import kanasta
    >>> from kanasta.legality.context import Ctx
    >>> state = kanasta.new_game(kanasta.Rules.classic(), seed=1).apply(kanasta.Draw())
    >>> moves = play_actions(Ctx(state))
    >>> moves == state.legal_actions()
    True
    >>> discards = [m for m in moves if isinstance(m, kanasta.Discard)]  # nothing laid: any card
    >>> len(discards) == len(set(state.hands[state.player]))
    True
    """
    gen = _Gen(ctx)
    out: list[Action] = []
    if ctx.rules.ask_partner and ask_problem(ctx) is None:
        out.append(AskPartner())
    _new_sets(gen, out)
    if ctx.rules.runs:
        _new_runs(gen, out)
    for index, meld in enumerate(ctx.melds):
        if meld.kind is MeldKind.SET:
            _set_adds(gen, index, meld, out)
        else:
            _run_extends(gen, index, meld, out)
    for card in legal_discards(ctx):
        out.append(Discard(card))
    return tuple(out)


def _new_sets(gen: _Gen, out: list[Action]) -> None:
    ctx = gen.ctx
    rules = gen.rules
    tables = gen.tables
    value = gen.value
    by_rank: dict[int, list[tuple[Card, int]]] = {}
    for c, n in gen.counts.items():
        if not IS_WILD[c.index]:
            by_rank.setdefault(RANK_OF[c.index], []).append((c, n))
    have = {s.rank for s in ctx.shapes if type(s) is SetShape}
    for rank in sorted(by_rank):
        nat_counts = sorted(by_rank[rank], key=lambda x: x[0].index)
        if sum(n for _, n in nat_counts) < 2:
            continue
        if tables.black_three_set[rank]:
            if not ctx.black3_ok or (rules.one_meld_per_rank and rank in have):
                continue
            for nats in sub_multisets(nat_counts, 3, 4):
                k = len(nats)
                shape = SetShape(SET, rank, k, 0, k)
                if gen.ok(nats, None, shape, k, sum(value[c.index] for c in nats), ctx.natural_runs, black3=True):
                    out.append(LayMeld(nats))
            continue
        if not tables.set_rank[rank] or (rules.one_meld_per_rank and rank in have):
            continue
        rank_value = tables.rank_value[rank]
        within = rules.wilds_within_naturals
        for nats in sub_multisets(nat_counts, 2, tables.max_size):
            k = len(nats)
            nv = k * rank_value
            for wilds, w, wv in gen.wild_sets:
                size = k + w
                if size < MELD_MIN or size > tables.max_size or (within and w > k):
                    continue
                cards = nats + wilds
                if gen.ok(cards, None, SetShape(SET, rank, k, w, size), size, nv + wv, ctx.natural_runs):
                    out.append(LayMeld(cards))


def _new_runs(gen: _Gen, out: list[Action]) -> None:
    ctx = gen.ctx
    value = gen.value
    natural_two = gen.natural_two
    for cards, low, wild_at in new_run_candidates(ctx, gen.counts):
        gain = 0
        for k, c in enumerate(cards):
            p = low + k
            gain += value[c.index] if p == wild_at or p != 2 else natural_two
        suit = cards[0 if wild_at != low else 1].index % 4
        size = len(cards)
        shape = RunShape(RUN, suit, low, low + size - 1, wild_at)
        if gen.ok(cards, None, shape, size, gain, ctx.natural_runs + (wild_at == NATURAL)):
            out.append(LayMeld(cards))


def _set_adds(gen: _Gen, index: int, meld: Meld, out: list[Action]) -> None:
    ctx = gen.ctx
    rules = gen.rules
    value = gen.value
    shape = ctx.shapes[index]
    assert type(shape) is SetShape
    rank, nat, wild, size = shape.rank, shape.naturals, shape.wilds, shape.size
    room = gen.tables.max_size - size
    if room <= 0:
        return
    nat_counts = sorted(
        ((c, n) for c, n in gen.counts.items() if not IS_WILD[c.index] and RANK_OF[c.index] == rank),
        key=lambda x: x[0].index,
    )
    if gen.tables.black_three_set[rank]:
        for nats in sub_multisets(nat_counts, 1, 4 - size):
            grown = size + len(nats)
            new = SetShape(SET, rank, nat + len(nats), 0, grown)
            if gen.ok(nats, index, new, grown, sum(value[c.index] for c in nats), ctx.natural_runs, black3=True):
                out.append(AddToMeld(index, nats))
        return
    wild_room = max(0, rules.max_wilds - wild)
    rank_value = gen.tables.rank_value[rank]
    within = rules.wilds_within_naturals
    for nats in sub_multisets(nat_counts, 0, room):
        k = len(nats)
        nv = k * rank_value
        for wilds, w, wv in gen.wild_sets:
            if k + w == 0 or w > wild_room or k + w > room:
                continue
            if within and wild + w > nat + k:
                continue
            grown = size + k + w
            new = SetShape(SET, rank, nat + k, wild + w, grown)
            if gen.ok(nats + wilds, index, new, grown, nv + wv, ctx.natural_runs):
                out.append(AddToMeld(index, nats + wilds))


def _run_extends(gen: _Gen, index: int, meld: Meld, out: list[Action]) -> None:
    ctx = gen.ctx
    value = gen.value
    natural_two = gen.natural_two
    old_shape = ctx.shapes[index]
    assert type(old_shape) is RunShape
    was_natural = old_shape.wild_at == NATURAL
    old_value = meld_value(gen.tables, meld)
    for run, low, wild_at, added in run_extend_candidates(ctx, meld, gen.counts):
        size = len(run)
        total = 0
        for k, c in enumerate(run):
            p = low + k
            total += value[c.index] if p == wild_at else (natural_two if p == 2 else value[c.index])
        natural_runs = ctx.natural_runs - was_natural + (wild_at == NATURAL)
        new = RunShape(RUN, old_shape.suit, low, low + size - 1, wild_at)
        if gen.ok(added, index, new, size, total - old_value, natural_runs):
            out.append(ExtendRun(index, run))
