"""Can the turn still be finished? (RULES E-2) — internal.

The engine offers a move only if, after it, the player can still end the turn
legally: discard with cards left (or empty the hand where the rules allow it),
after reaching the opening minimum when cards were laid, going out when bound to
(C-OUT-3 "yes", C-THREE-2) and not going out when forbidden (C-OUT-3 "no").

:func:`finishable` answers that for a :class:`Pos`, the situation after a
candidate move.  Most positions are settled by a constant-time test (the team
is open and two cards are left).  The rest go to one of two exact searches:

* :func:`_classic` — sets only, one meld per rank (Classic Canasta): the turn's
  plans are counted by rank, so the answer is a short greedy computation;
* :func:`_search` — any rules: a depth-first search over single-card steps
  (new three-card melds, one card added to a meld) with memoisation.  A
  multi-card move of the engine is a sequence of such steps, so both see the
  same reachable end positions.

All values are in half points.
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Final

from kanasta.cards import Card, all_cards
from kanasta.melds import Meld, MeldKind
from kanasta.rules import Rules

_CARDS: Final = all_cards()
JOKER_I: Final = 52


def rank_of(i: int) -> int:
    """Rank number 1..13 of card index ``i`` (0 for the joker)."""
    return i // 4 + 1 if i < 52 else 0


def is_wild_i(i: int) -> bool:
    return i == 52 or 4 <= i < 8


class Tables:
    """Per-rules lookup tables (values in half points)."""

    __slots__ = (
        "rules", "value", "nat2", "minimums", "set_rank", "max_size", "run_max",
        "classic_fast", "canon",
    )

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.value = [int(rules.card_value(c) * 2) for c in _CARDS]
        self.nat2 = int(rules.natural_two_value * 2)
        self.minimums = [(start, int(m * 2)) for start, m in rules.opening_minimums]
        # ranks that can form a set in ordinary play (no sets of 2s; 3s are
        # special when the three rules are on: black 3s only when going out)
        self.set_rank = [False] + [
            r != 2 and not (r == 3 and rules.black_threes) for r in range(1, 14)
        ]
        self.max_size = rules.max_meld_size if rules.max_meld_size is not None else 10**6
        self.run_max = min(13, self.max_size)
        self.classic_fast = (
            not rules.runs and rules.one_meld_per_rank and rules.max_meld_size is None
        )
        # canonical stand-in per card when suits do not matter (no runs)
        canon = []
        for i in range(53):
            if i == 52:
                canon.append(52)
            elif 4 <= i < 8:
                canon.append(4)
            elif rank_of(i) == 3 and rules.black_threes:
                canon.append(8 if i in (8, 11) else 9)
            else:
                canon.append((rank_of(i) - 1) * 4)
        self.canon = canon

    def minimum(self, score: int) -> int:
        value = self.minimums[0][1]
        for start, m in self.minimums[1:]:
            if start is not None and score >= start:
                value = m
        return value


_TABLES: dict[Rules, Tables] = {}


def tables(rules: Rules) -> Tables:
    t = _TABLES.get(rules)
    if t is None:
        if len(_TABLES) > 64:
            _TABLES.clear()
        t = _TABLES[rules] = Tables(rules)
    return t


class Pos:
    """The situation after a candidate move, as the solver needs it."""

    __slots__ = (
        "t", "hand", "melds", "opened", "laid", "count", "minimum", "aside",
        "forbidden", "must_out", "no_out", "out_exempt", "discard_empty_ok",
        "packets_left", "black3_ok",
    )

    def __init__(
        self,
        t: Tables,
        hand: tuple[Card, ...],
        melds: tuple[Meld, ...],
        *,
        opened: bool,
        laid: bool,
        count: int,
        minimum: int,
        aside: tuple[Card, ...],
        forbidden: Card | None,
        must_out: bool,
        no_out: bool,
        out_exempt: bool,
        discard_empty_ok: bool,
        packets_left: int,
        black3_ok: bool,
    ) -> None:
        self.t = t
        self.hand = hand
        self.melds = melds
        self.opened = opened
        self.laid = laid
        self.count = count
        self.minimum = minimum
        self.aside = aside
        self.forbidden = forbidden
        self.must_out = must_out
        self.no_out = no_out
        self.out_exempt = out_exempt
        self.discard_empty_ok = discard_empty_ok
        self.packets_left = packets_left
        self.black3_ok = black3_ok


def canastas(melds: tuple[Meld, ...]) -> int:
    return sum(1 for m in melds if len(m.cards) >= 7)


def natural_run_laid(melds: tuple[Meld, ...]) -> bool:
    return any(m.kind is MeldKind.RUN and m.wild_index is None for m in melds)


def finishable(p: Pos) -> bool:
    """Whether the player can still end the turn legally from ``p`` (E-2)."""
    hand = p.hand
    n = len(hand)
    ready = p.opened or not p.laid
    if ready and not p.must_out and n >= 2 and (
        p.forbidden is None or any(c is not p.forbidden for c in hand)
    ):
        return True
    if n == 1 and _discard_empty_ok(p, hand[0], canastas(p.melds)):
        return True
    if n == 0:  # pragma: no cover - the engine settles emptied hands itself
        return False
    if p.t.classic_fast and p.forbidden is None:
        return _classic(p)
    return _search(p)


def _discard_empty_ok(p: Pos, card: Card, n_canastas: int) -> bool:
    rules = p.t.rules
    if card is p.forbidden or p.no_out or not p.discard_empty_ok:
        return False
    if n_canastas < rules.canastas_to_go_out:
        return False
    return p.opened or p.out_exempt


# ------------------------------------------------------------------ Classic


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


def _classic(p: Pos) -> bool:
    t = p.t
    rules = t.rules
    counts = _Counts(p.hand, t)
    by_rank: dict[int, Meld] = {}
    b3_meld = 0
    for m in p.melds:
        assert m.rank is not None
        if m.rank.value == 3 and rules.black_threes:
            b3_meld = len(m.cards)
        else:
            by_rank[m.rank.value] = m
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
    nat: list[int], jokers: int, deuces: int, by_rank: dict[int, Meld], t: Tables
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
            w = meld.wild_count
            cap += _wild_cap(t, len(meld.cards) - w + n, w)
            value += n * v[(r - 1) * 4]
        elif n >= 3:
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


def _classic_keep(counts: _Counts, by_rank: dict[int, Meld], t: Tables, need: int, k: int) -> bool:
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
    p: Pos, counts: _Counts, by_rank: dict[int, Meld], b3_meld: int, t: Tables, need: int,
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
        if need > 0 and p.count + total_value - dropped < need:
            continue
        if b3:
            if not p.black3_ok or b3 + b3_meld > 4 or (b3_meld == 0 and b3 < 3):
                continue
        if _classic_all_melded(nat, j, d, by_rank, t) >= rules.canastas_to_go_out:
            return True
    return False


def _classic_all_melded(nat: list[int], jokers: int, deuces: int, by_rank: dict[int, Meld], t: Tables) -> int:
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
            w = meld.wild_count
            size = len(meld.cards) + n
            cap = _wild_cap(t, size - w, w)
        elif n >= 3:
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
        if size >= 7:
            done += 1
        elif 7 - size <= cap:
            deficits.append(7 - size)
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


# ------------------------------------------------------------------ search

# A meld shape for the search:
#   set: (0, rank, naturals, wilds, size)
#   run: (1, suit, low, high, wild position or 0)
Shape = tuple[int, int, int, int, int]


def _shape(m: Meld) -> Shape:
    if m.kind is MeldKind.SET:
        assert m.rank is not None
        w = m.wild_count
        return (0, m.rank.value, len(m.cards) - w, w, len(m.cards))
    assert m.suit is not None
    wild = 0 if m.wild_index is None else m.low + m.wild_index
    return (1, m.suit.value, m.low, m.high, wild)


def _natural_at(suit: int, position: int) -> int:
    """Card index of the natural card at a run position (14 = high ace)."""
    rank = 1 if position == 14 else position
    return (rank - 1) * 4 + suit


class _Search:
    __slots__ = (
        "t", "rules", "p", "seen", "canon", "need_run", "minimum", "R",
        "forbidden", "exempt_open", "budget",
    )

    def __init__(self, p: Pos) -> None:
        self.t = p.t
        self.rules = p.t.rules
        self.p = p
        self.seen: set[object] = set()
        self.canon = not self.rules.runs and p.forbidden is None
        self.need_run = self.rules.opening_natural_run
        self.minimum = p.minimum
        self.R = self.rules.canastas_to_go_out
        self.forbidden = -1 if p.forbidden is None else p.forbidden.index
        self.budget = 200_000

    def value_of(self, i: int) -> int:
        return self.t.value[i]

    def open_now(self, shapes: tuple[Shape, ...], count: int, n: int) -> bool:
        if self.need_run and not any(s[0] == 1 and s[4] == 0 for s in shapes):
            return False
        if count >= self.minimum:
            return True
        return self.rules.opening_one_card_exempt and n <= 1

    def goal(self, hand: tuple[int, ...], shapes: tuple[Shape, ...], opened: bool, must_out: bool) -> bool | None:
        """True/False when the node is settled, None to search on."""
        p = self.p
        n = len(hand)
        n_can = sum(1 for s in shapes if (s[4] if s[0] == 0 else s[3] - s[2] + 1) >= 7)
        if n == 0:
            if p.no_out or n_can < self.R:
                return False
            return opened or p.out_exempt
        if opened and not must_out and n >= 2 and any(i != self.forbidden for i in hand):
            return True
        if n == 1 and hand[0] != self.forbidden and not p.no_out and p.discard_empty_ok:
            if n_can >= self.R and (opened or p.out_exempt):
                return True
        return None

    def run(self) -> bool:
        p = self.p
        hand = tuple(sorted(c.index for c in p.hand))
        aside = tuple(sorted(c.index for c in p.aside))
        if self.canon:
            canon = self.t.canon
            hand = tuple(sorted(canon[i] for i in hand))
            aside = tuple(sorted(canon[i] for i in aside))
        shapes = tuple(sorted(_shape(m) for m in p.melds))
        return self.dfs(hand, shapes, p.count, p.opened, aside, p.must_out)

    def dfs(
        self,
        hand: tuple[int, ...],
        shapes: tuple[Shape, ...],
        count: int,
        opened: bool,
        aside: tuple[int, ...],
        must_out: bool,
    ) -> bool:
        settled = self.goal(hand, shapes, opened, must_out)
        if settled is not None:
            return settled
        key = (hand, shapes, min(count, self.minimum) if not opened else -1, opened, aside, must_out)
        if key in self.seen:
            return False
        self.seen.add(key)
        self.budget -= 1
        if self.budget < 0:  # pragma: no cover - a safety net, never reached in practice
            raise RuntimeError("E-2 search too large")
        if not opened and not self.hopeful(hand, shapes, count):
            return False
        for new_hand, new_shapes, gain, b3 in self.steps(hand, shapes, must_out):
            c2 = count + gain if not opened else count
            o2 = opened
            h2 = new_hand
            a2 = aside
            if not o2 and self.open_now(new_shapes, c2, len(new_hand)):
                o2 = True
                if aside:
                    h2 = tuple(sorted(new_hand + aside))
                    a2 = ()
            if self.dfs(h2, new_shapes, c2, o2, a2, must_out or b3):
                return True
        return False

    def hopeful(self, hand: tuple[int, ...], shapes: tuple[Shape, ...], count: int) -> bool:
        """A quick necessary condition for opening from here (value or exemption)."""
        if self.need_run:
            has_run = any(s[0] == 1 and s[4] == 0 for s in shapes)
            if not has_run and not self.natural_window(hand):
                return False
        total = count + sum(self.t.value[i] for i in hand)
        if total >= self.minimum:
            return True
        exempt = self.rules.opening_one_card_exempt or self.p.out_exempt
        if not exempt:
            return False
        biggest = max([len(hand)] + [(s[4] if s[0] == 0 else s[3] - s[2] + 1) + len(hand) for s in shapes])
        return biggest >= 7 or self.R == 0

    def natural_window(self, hand: tuple[int, ...]) -> bool:
        present = set(hand)
        for suit in range(4):
            run = 0
            for pos in range(1, 15):
                if _natural_at(suit, pos) in present:
                    run += 1
                    if run >= 3:
                        return True
                else:
                    run = 0
        return False

    def steps(
        self, hand: tuple[int, ...], shapes: tuple[Shape, ...], must_out: bool
    ) -> list[tuple[tuple[int, ...], tuple[Shape, ...], int, bool]]:
        """Every single-card step: (new hand, new shapes, value gained, black-3 meld)."""
        t = self.t
        rules = self.rules
        out: list[tuple[tuple[int, ...], tuple[Shape, ...], int, bool]] = []
        distinct = sorted(set(hand))
        wilds = [i for i in distinct if is_wild_i(i)]
        value = t.value

        def remove(*cards: int) -> tuple[int, ...] | None:
            lst = list(hand)
            for c in cards:
                try:
                    lst.remove(c)
                except ValueError:
                    return None
            return tuple(lst)

        def with_shape(index: int | None, new: Shape) -> tuple[Shape, ...]:
            lst = list(shapes)
            if index is None:
                lst.append(new)
            else:
                lst[index] = new
            return tuple(sorted(lst))

        # additions to existing melds
        for si, s in enumerate(shapes):
            if s[0] == 0:
                _, rank, nat, wild, size = s
                if size >= t.max_size:
                    continue
                if rank == 3 and rules.black_threes:
                    if size < 4:
                        for b in (8, 11):
                            if b in hand:
                                h2 = remove(b)
                                assert h2 is not None
                                out.append((h2, with_shape(si, (0, 3, nat + 1, 0, size + 1)), value[b], True))
                                break
                    continue
                base = (rank - 1) * 4
                for i in distinct:
                    if base <= i < base + 4:
                        h2 = remove(i)
                        assert h2 is not None
                        out.append((h2, with_shape(si, (0, rank, nat + 1, wild, size + 1)), value[i], False))
                if wild < rules.max_wilds and not (rules.wilds_within_naturals and wild + 1 > nat):
                    for i in wilds:
                        h2 = remove(i)
                        assert h2 is not None
                        out.append((h2, with_shape(si, (0, rank, nat, wild + 1, size + 1)), value[i], False))
            else:
                _, suit, low, high, wpos = s
                length = high - low + 1
                ends = []
                if length < t.run_max:
                    if low > 1:
                        ends.append(low - 1)
                    if high < 14:
                        ends.append(high + 1)
                for pos in ends:
                    nat_card = _natural_at(suit, pos)
                    if nat_card in hand:
                        gain = t.nat2 if pos == 2 else value[nat_card]
                        h2 = remove(nat_card)
                        assert h2 is not None
                        nl, nh = min(low, pos), max(high, pos)
                        out.append((h2, with_shape(si, (1, suit, nl, nh, wpos)), gain, False))
                    if wpos == 0:
                        for i in wilds:
                            if pos == 2 and i == 4 + suit:
                                continue  # that 2 would be natural here
                            h2 = remove(i)
                            assert h2 is not None
                            nl, nh = min(low, pos), max(high, pos)
                            out.append((h2, with_shape(si, (1, suit, nl, nh, pos)), value[i], False))
                if wpos:
                    nat_card = _natural_at(suit, wpos)
                    if nat_card in hand:
                        gain = t.nat2 if wpos == 2 else value[nat_card]
                        for pos in ends:
                            h2 = remove(nat_card)
                            assert h2 is not None
                            nl, nh = min(low, pos), max(high, pos)
                            out.append((h2, with_shape(si, (1, suit, nl, nh, pos)), gain, False))
        # new sets of three
        naturals_by_rank: dict[int, list[int]] = {}
        for i in distinct:
            if i < 52 and not is_wild_i(i):
                naturals_by_rank.setdefault(rank_of(i), []).append(i)
        have_set = {s[1] for s in shapes if s[0] == 0}
        for rank, cards in naturals_by_rank.items():
            if not t.set_rank[rank]:
                continue
            if rules.one_meld_per_rank and rank in have_set:
                continue
            pool = [i for i in cards for _ in range(hand.count(i))]
            if len(pool) < 2:
                continue
            triples = set(_combos(pool, 3))
            for tri in sorted(triples):
                h2 = remove(*tri)
                assert h2 is not None
                out.append((h2, with_shape(None, (0, rank, 3, 0, 3)), sum(value[i] for i in tri), False))
            if rules.max_wilds >= 1:
                for pair in sorted(set(_combos(pool, 2))):
                    for w in wilds:
                        h2 = remove(pair[0], pair[1], w)
                        if h2 is None:
                            continue
                        gain = value[pair[0]] + value[pair[1]] + value[w]
                        out.append((h2, with_shape(None, (0, rank, 2, 1, 3)), gain, False))
        # black 3s, only by a player going out (C-THREE-2)
        if self.p.black3_ok and rules.black_threes and not any(s[0] == 0 and s[1] == 3 for s in shapes):
            pool = [i for i in hand if i in (8, 11)]
            if len(pool) >= 3:
                for tri in sorted(set(_combos(pool, 3))):
                    h2 = remove(*tri)
                    assert h2 is not None
                    out.append((h2, with_shape(None, (0, 3, 3, 0, 3)), sum(value[i] for i in tri), True))
        # new runs of three
        if rules.runs:
            present = set(hand)
            for suit in range(4):
                for low in range(1, 13):
                    cells = [_natural_at(suit, low + k) for k in range(3)]
                    have = [c in present for c in cells]
                    if all(have):
                        h2 = remove(*cells)
                        assert h2 is not None
                        gain = sum(t.nat2 if low + k == 2 else value[c] for k, c in enumerate(cells))
                        out.append((h2, with_shape(None, (1, suit, low, low + 2, 0)), gain, False))
                    for k in range(3):
                        if not all(have[j] for j in range(3) if j != k):
                            continue
                        others = [cells[j] for j in range(3) if j != k]
                        gain0 = sum(t.nat2 if low + j == 2 else value[cells[j]] for j in range(3) if j != k)
                        for w in wilds:
                            if low + k == 2 and w == 4 + suit:
                                continue
                            h2 = remove(*others, w)
                            if h2 is None:
                                continue
                            out.append((h2, with_shape(None, (1, suit, low, low + 2, low + k)), gain0 + value[w], False))
        if must_out:
            return out
        out.sort(key=lambda step: -step[2])
        return out


def _combos(pool: list[int], k: int) -> list[tuple[int, ...]]:
    from itertools import combinations

    return [tuple(sorted(c)) for c in combinations(pool, k)]


def _search(p: Pos) -> bool:
    return _Search(p).run()
