"""E-2 for sets-only games with one meld per rank (Classic Canasta) — internal.

The turn's plans are counted by rank, so whether the turn can be finished is a
short greedy computation instead of a search: :func:`classic_finishable`.
All values are in half points.
"""

from __future__ import annotations

from itertools import combinations_with_replacement

from kanasta.cards import Card
from kanasta.legality.situation import Pos
from kanasta.legality.tables import Shape, Tables
from kanasta.rulebook import BLACK_THREE_MELD_MAX, CANASTA_SIZE, MELD_MIN, is_black_three_set


class _Counts:
    """A hand counted by what matters in a sets-only game."""

    __slots__ = ("nat", "jokers", "deuces", "black3")

    def __init__(self, hand: tuple[Card, ...], t: Tables) -> None:
        nat = [0] * 14
        jokers = deuces = black3 = 0
        for c in hand:
            i = c.index
            if i == 52:
                jokers += 1
            elif i < 8 and i >= 4:
                deuces += 1
            else:
                r = i // 4 + 1
                if t.set_rank[r]:
                    nat[r] += 1
                else:
                    black3 += 1
        self.nat = nat
        self.jokers = jokers
        self.deuces = deuces
        self.black3 = black3


def classic_finishable(p: Pos) -> bool:
    t = p.t
    rules = t.rules
    counts = _Counts(p.hand, t)
    by_rank: dict[int, Shape] = {}
    b3_meld = 0
    for m in p.shapes:
        if is_black_three_set(rules, m[1]):
            b3_meld = m[4]
        else:
            by_rank[m[1]] = m
    if p.aside:
        # The rest of a pile taken before the team was down waits aside until
        # the minimum is reached, then joins the hand (C-PILE-5).  Asking and
        # black-3 melds are not offered meanwhile, so the player neither must
        # nor may not go out here.
        need = p.minimum - p.count
        a = len(p.aside)
        if _classic_keep(counts, by_rank, t, need, max(0, 2 - a)):
            return True
        if a == 1 and p.discard_empty_ok and not p.no_out:
            # meld the whole hand, get down, then discard the one card that joined
            return _classic_out(p, counts, by_rank, b3_meld, t, need, discard=False)
        return False
    if not p.opened and not p.must_out:
        need = p.minimum - p.count
        if _classic_keep(counts, by_rank, t, need, 2):
            return True
    if p.no_out:
        return False
    need = 0 if (p.opened or p.out_exempt) else p.minimum - p.count
    return _classic_out(p, counts, by_rank, b3_meld, t, need)


def _wild_cap(t: Tables, nat: int, wild: int) -> int:
    rules = t.rules
    cap = rules.max_wilds - wild
    if rules.wilds_within_naturals:
        cap = min(cap, nat - wild)
    return max(cap, 0)


def _classic_best(
    nat: list[int], jokers: int, deuces: int, by_rank: dict[int, Shape], t: Tables
) -> tuple[int, int]:
    """(most value melded from hand, cards kept in that plan) — no black 3s melded."""
    value = 0
    kept = 0
    cap = 0
    pairs: list[int] = []
    v = t.value
    for r in range(1, 14):
        if not t.set_rank[r]:
            continue
        n = nat[r]
        meld = by_rank.get(r)
        if meld is not None:
            w = meld[3]
            cap += _wild_cap(t, meld[2] + n, w)
            value += n * v[(r - 1) * 4]
        elif n >= MELD_MIN:
            cap += _wild_cap(t, n, 0)
            value += n * v[(r - 1) * 4]
        elif n == 2:
            pairs.append(v[(r - 1) * 4])
        else:
            kept += n
    wilds = jokers + deuces
    pairs.sort(reverse=True)
    active = min(wilds, len(pairs))
    for pv in pairs[:active]:
        value += 2 * pv
        cap += _wild_cap(t, 2, 0) - 1
    kept += 2 * (len(pairs) - active)
    used = active + min(wilds - active, cap)
    kept += wilds - used
    j_used = min(jokers, used)
    value += j_used * t.value[52] + (used - j_used) * t.value[4]
    return value, kept


def _classic_keep(counts: _Counts, by_rank: dict[int, Shape], t: Tables, need: int, k: int) -> bool:
    """Can melds from hand add ``need`` half points while keeping ``k`` cards?"""
    value, kept = _classic_best(counts.nat, counts.jokers, counts.deuces, by_rank, t)
    kept += counts.black3
    if value < need:
        return False
    if kept >= k:
        return True
    short = k - kept
    types: list[int] = [r for r in range(1, 14) if t.set_rank[r] and counts.nat[r]]
    if counts.jokers:
        types.append(-1)
    if counts.deuces:
        types.append(-2)
    for combo in combinations_with_replacement(types, short):
        nat = list(counts.nat)
        j, d = counts.jokers, counts.deuces
        ok = True
        for ty in combo:
            if ty == -1:
                j -= 1
                ok = ok and j >= 0
            elif ty == -2:
                d -= 1
                ok = ok and d >= 0
            else:
                nat[ty] -= 1
                ok = ok and nat[ty] >= 0
        if not ok:
            continue
        v2, kept2 = _classic_best(nat, j, d, by_rank, t)
        if v2 >= need and kept2 + counts.black3 + short >= k:
            return True
    return False


def _classic_out(
    p: Pos, counts: _Counts, by_rank: dict[int, Shape], b3_meld: int, t: Tables, need: int,
    *, discard: bool = True,
) -> bool:
    """Can every card but at most one (discarded) be melded, with the canastas needed?"""
    rules = t.rules
    total_value = sum(t.value[c.index] for c in p.hand)
    options: list[int | None] = [None]
    if p.discard_empty_ok and discard:
        options += [r for r in range(1, 14) if t.set_rank[r] and counts.nat[r]]
        if counts.jokers:
            options.append(-1)
        if counts.deuces:
            options.append(-2)
        if counts.black3:
            options.append(-3)
    for opt in options:
        nat = counts.nat
        j, d, b3 = counts.jokers, counts.deuces, counts.black3
        dropped = 0
        if opt is not None:
            nat = list(nat)
            if opt == -1:
                j -= 1
                dropped = t.value[52]
            elif opt == -2:
                d -= 1
                dropped = t.value[4]
            elif opt == -3:
                b3 -= 1
                dropped = t.value[8]
            else:
                nat[opt] -= 1
                dropped = t.value[(opt - 1) * 4]
        # ``need`` is what the turn still lacks (minimum minus the count laid so far)
        if need > 0 and total_value - dropped < need:
            continue
        if b3 and (not p.black3_ok or b3 + b3_meld > BLACK_THREE_MELD_MAX or (b3_meld == 0 and b3 < MELD_MIN)):
            continue
        if _classic_all_melded(nat, j, d, by_rank, t) >= rules.canastas_to_go_out:
            return True
    return False


def _classic_all_melded(nat: list[int], jokers: int, deuces: int, by_rank: dict[int, Shape], t: Tables) -> int:
    """Most canastas when all these cards are melded; -1 when they cannot all be."""
    mandatory = 0
    cap_total = 0
    done = 0
    deficits: list[int] = []
    for r in range(1, 14):
        if not t.set_rank[r]:
            continue
        n = nat[r]
        meld = by_rank.get(r)
        if meld is not None:
            w = meld[3]
            size = meld[4] + n
            cap = _wild_cap(t, meld[2] + n, w)
        elif n >= MELD_MIN:
            size = n
            cap = _wild_cap(t, n, 0)
        elif n == 2:
            mandatory += 1
            size = 3
            cap = _wild_cap(t, 2, 0) - 1
            if cap < 0:  # pragma: no cover - max_wilds >= 1
                return -1
        elif n == 1:
            return -1
        else:
            continue
        cap_total += cap
        if size >= CANASTA_SIZE:
            done += 1
        elif CANASTA_SIZE - size <= cap:
            deficits.append(CANASTA_SIZE - size)
    wilds = jokers + deuces
    if wilds < mandatory or wilds - mandatory > cap_total:
        return -1
    budget = wilds - mandatory
    deficits.sort()
    for need in deficits:
        if need > budget:
            break
        budget -= need
        done += 1
    return done

