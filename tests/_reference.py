"""The slow, obviously correct play-phase move list, for the tests (RULES E-1).

:func:`reference_play_actions` lists candidate moves from the hand and asks
the one-move checks of :mod:`kanasta.legality.checks` about each; the property
tests check that the fast generator (:mod:`kanasta.legality.moves`) gives the
same list.
"""

from __future__ import annotations

from kanasta.actions import Action, AddToMeld, AskPartner, Discard, ExtendRun, LayMeld
from kanasta.cards import Card
from kanasta.legality.checks import (
    add_problem,
    ask_problem,
    discard_problem,
    extend_problem,
    new_meld_problem,
)
from kanasta.legality.context import BY_INDEX, Ctx
from kanasta.legality.moves import count_cards, new_run_candidates, run_extend_candidates, sub_multisets
from kanasta.legality.tables import rank_of
from kanasta.melds import Meld, MeldKind
from kanasta.rulebook import MELD_MIN, is_black_three_set


def reference_play_actions(ctx: Ctx) -> tuple[Action, ...]:
    out: list[Action] = []
    if ctx.rules.ask_partner and ask_problem(ctx) is None:
        out.append(AskPartner())
    for cards in _new_meld_candidates(ctx):
        if new_meld_problem(ctx, cards) is None:
            out.append(LayMeld(cards))
    for index, meld in enumerate(ctx.melds):
        if meld.kind is MeldKind.SET:
            for cards in _set_add_candidates(ctx, meld):
                if add_problem(ctx, index, cards) is None:
                    out.append(AddToMeld(index, cards))
        else:
            for run, *_ in run_extend_candidates(ctx, meld, count_cards(ctx.hand)):
                if extend_problem(ctx, index, run) is None:
                    out.append(ExtendRun(index, run))
    for card in sorted(set(ctx.hand), key=BY_INDEX):
        if discard_problem(ctx, card) is None:
            out.append(Discard(card))
    return tuple(out)


def _new_meld_candidates(ctx: Ctx) -> list[tuple[Card, ...]]:
    rules = ctx.rules
    t = ctx.tables
    counts = count_cards(ctx.hand)
    wild_counts = sorted(((c, n) for c, n in counts.items() if c.is_wild), key=lambda x: x[0].index)
    wild_sets = sub_multisets(wild_counts, 0, rules.max_wilds)
    by_rank: dict[int, list[tuple[Card, int]]] = {}
    for c, n in counts.items():
        if not c.is_wild:
            by_rank.setdefault(rank_of(c.index), []).append((c, n))
    out: list[tuple[Card, ...]] = []
    have_rank = {m.rank for m in ctx.melds if m.kind is MeldKind.SET}
    for rank in sorted(by_rank):
        nat_counts = sorted(by_rank[rank], key=lambda x: x[0].index)
        if sum(n for _, n in nat_counts) < 2:
            continue
        if is_black_three_set(rules, rank):
            if not ctx.black3_ok:
                continue
            for nats in sub_multisets(nat_counts, 3, 4):
                out.append(nats)
            continue
        if not t.set_rank[rank]:
            continue
        if rules.one_meld_per_rank and any(r is not None and r.value == rank for r in have_rank):
            continue
        for nats in sub_multisets(nat_counts, 2, t.max_size):
            for wilds in wild_sets:
                if len(nats) + len(wilds) < MELD_MIN or len(nats) + len(wilds) > t.max_size:
                    continue
                if rules.wilds_within_naturals and len(wilds) > len(nats):
                    continue
                out.append(nats + wilds)
    if rules.runs:
        out.extend(cards for cards, _, _ in new_run_candidates(ctx, counts))
    return out


def _set_add_candidates(ctx: Ctx, meld: Meld) -> list[tuple[Card, ...]]:
    rules = ctx.rules
    assert meld.rank is not None
    counts = count_cards(ctx.hand)
    nat_counts = sorted(
        ((c, n) for c, n in counts.items() if c.rank is meld.rank and not c.is_wild), key=lambda x: x[0].index
    )
    black3 = is_black_three_set(rules, meld.rank.value)
    room = ctx.tables.max_size - len(meld.cards)
    if room <= 0:
        return []
    if black3:
        return sub_multisets(nat_counts, 1, 4 - len(meld.cards))
    wild_room = max(0, rules.max_wilds - meld.wild_count)
    wild_counts = sorted(((c, n) for c, n in counts.items() if c.is_wild), key=lambda x: x[0].index)
    out = []
    for nats in sub_multisets(nat_counts, 0, room):
        for wilds in sub_multisets(wild_counts, 0, min(wild_room, room - len(nats))):
            if nats or wilds:
                out.append(nats + wilds)
    return out
