"""E-2's search over single-card steps, for any rules — internal.

:func:`search` answers :func:`kanasta.legality.finish.finishable` by a
depth-first search over single-card steps (new three-card melds, one card
added to a meld) with memoisation, bounds that prune hopeless nodes, and the
greedy witness of :mod:`kanasta.legality.witness` at the root.  A multi-card
move of the engine is a sequence of such steps, so both see the same
reachable end positions.  All values are in half points.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from kanasta.legality.budget import Work
from kanasta.legality.situation import Pos, may_empty
from kanasta.legality.tables import NAT_AT, Shape, natural_runs, shape_canastas
from kanasta.legality.witness import greedy_opens
from kanasta.rulebook import BLACK_THREE_MELD_MAX, CANASTA_SIZE, MELD_MIN, is_black_three_set, team_opens

# index (a canonical stand-in counts up to eight cards: two decks, K-DEAL-1,
# C-DEAL-1).  Removing cards is a subtraction; the memo key is the int.
_BITS: Final = 8
_ONE: Final = tuple(1 << (_BITS * i) for i in range(53))
_WIDTH: Final = 53


def _pack(indices: Iterable[int]) -> int:
    """The count vector of a hand given by card indices."""
    h = 0
    for i in indices:
        h += _ONE[i]
    return h


def _counts(h: int) -> dict[int, int]:
    """Card index -> count, ascending by index, of a packed hand."""
    return {i: c for i, c in enumerate(h.to_bytes(_WIDTH, "little")) if c}



# A step of the search: (cards removed from hand as a packed count vector, how
# many, the meld changed (None: a new one), its new shape, value gained, black-3 meld).
Step = tuple[int, int, "int | None", Shape, int, bool]


class _Search:
    __slots__ = (
        "t", "rules", "p", "canon", "need_run", "minimum", "R", "forbidden", "flags", "exempt",
        "work", "memo", "out_dead",
    )

    def __init__(self, p: Pos) -> None:
        rules = p.t.rules
        self.t = p.t
        self.rules = rules
        self.p = p
        self.canon = not rules.runs and p.forbidden is None
        self.need_run = rules.opening_natural_run
        self.minimum = p.minimum
        self.R = rules.canastas_to_go_out
        self.forbidden = -1 if p.forbidden is None else p.forbidden.index
        self.exempt = rules.opening_one_card_exempt or p.out_exempt
        self.flags = (
            rules, p.minimum, self.forbidden, p.no_out, p.out_exempt, p.discard_empty_ok, p.black3_ok,
        )
        self.work = p.work if p.work is not None else Work()
        self.memo = self.work.table(self.flags)
        # cards that can never be melded a player bound to go out may keep: the one discarded
        self.out_dead = 1 if p.discard_empty_ok and not p.no_out else 0

    def goal(self, hand: int, n: int, shapes: tuple[Shape, ...], opened: bool, must_out: bool) -> bool | None:
        """True/False when the node is settled, None to search on."""
        p = self.p
        if n == 0:
            return may_empty(p, shape_canastas(shapes), opened, by_discard=False)
        forbidden = self.forbidden
        if opened and not must_out and n >= 2 and (forbidden < 0 or (hand >> (_BITS * forbidden)) & 255 < n):
            return True
        if n == 1 and (hand.bit_length() - 1) // _BITS != forbidden and may_empty(
            p, shape_canastas(shapes), opened, by_discard=True
        ):
            return True
        return None

    def open_now(self, shapes: tuple[Shape, ...], count: int, n: int) -> bool:
        return team_opens(
            self.rules, minimum=self.minimum, count=count, natural_run=natural_runs(shapes) > 0, cards_left=n
        )

    def run(self) -> bool:
        p = self.p
        hand = [c.index for c in p.hand]
        aside = [c.index for c in p.aside]
        if self.canon:
            canon = self.t.canon
            hand = [canon[i] for i in hand]
            aside = [canon[i] for i in aside]
        h = _pack(hand)
        a = _pack(aside)
        shapes = tuple(sorted(p.shapes))
        if not p.opened and not p.must_out:
            known = self.memo.get(self.key(h, shapes, p.count, p.opened, a, p.must_out))
            if known is not None:
                return known
            if greedy_opens(self.t, _counts(h), shapes, p.count, minimum=self.minimum, forbidden=self.forbidden):
                return True
        return self.dfs(h, len(hand), shapes, p.count, p.opened, a, len(aside), p.must_out)

    def key(
        self,
        hand: int,
        shapes: tuple[Shape, ...],
        count: int,
        opened: bool,
        aside: int,
        must_out: bool,
    ) -> tuple[object, ...]:
        """The memo key of a node: with the search's flags, its answer depends on nothing else."""
        return (hand, shapes, -1 if opened else min(count, self.minimum), aside, must_out)

    def dfs(
        self,
        hand: int,
        n: int,
        shapes: tuple[Shape, ...],
        count: int,
        opened: bool,
        aside: int,
        n_aside: int,
        must_out: bool,
    ) -> bool:
        settled = self.goal(hand, n, shapes, opened, must_out)
        if settled is not None:
            return settled
        key = self.key(hand, shapes, count, opened, aside, must_out)
        memo = self.memo
        known = memo.get(key)
        if known is not None:
            return known
        self.work.expand()
        result = False
        cnt = _counts(hand)
        if must_out and self.dead(cnt, shapes) > self.out_dead:
            pass  # a card that can never be melded stays in hand: no going out
        elif opened or self.hopeful(cnt, shapes, count):
            for removed, k, index, new_shape, gain, b3 in self.steps(cnt, shapes, must_out):
                lst = list(shapes)
                if index is None:
                    lst.append(new_shape)
                else:
                    lst[index] = new_shape
                lst.sort()
                new_shapes = tuple(lst)
                h2 = hand - removed
                n2 = n - k
                c2 = count if opened else count + gain
                o2 = opened
                a2 = aside
                na2 = n_aside
                if not o2 and self.open_now(new_shapes, c2, n2):
                    o2 = True
                    if aside:
                        h2 += aside
                        n2 += n_aside
                        a2 = 0
                        na2 = 0
                if self.dfs(h2, n2, new_shapes, c2, o2, a2, na2, must_out or b3):
                    result = True
                    break
        memo[key] = result
        return result

    # ---------------------------------------------------------- bounds

    def hopeful(self, cnt: dict[int, int], shapes: tuple[Shape, ...], count: int) -> bool:
        """A necessary condition for a team that is not open to open from here.

        Either the cards that could possibly join a meld are worth enough while
        two cards stay in hand, or the minimum is waived (K-OPEN-4, C-OPEN-4)
        and a canasta could still be formed.
        """
        if self.need_run and not any(s[0] == 1 and s[4] == 0 for s in shapes) and not self._natural_window(cnt):
            return False
        ok_values, dead, nat_rank, wilds, covered, gap_ok = self._live(cnt, shapes)
        ok_value = sum(ok_values)
        keep = max(0, 2 - dead)
        if keep:
            ok_values.sort()
            ok_value -= sum(ok_values[:keep])
        if count + ok_value >= self.minimum:
            return True
        if not self.exempt or dead > 1:
            # the waiver needs the hand melded down to one card, and a card no meld
            # can take now never can later (melding only takes cards from the hand)
            return False
        if self.R == 0 or shape_canastas(shapes) > 0:
            return True
        return self._canasta_possible(cnt, shapes, nat_rank, wilds, covered, gap_ok)

    def dead(self, cnt: dict[int, int], shapes: tuple[Shape, ...]) -> int:
        """How many cards in hand can never be melded this turn (a player going out must discard them).

        Melding only takes cards from the hand, so a card that no meld on the
        table or in hand could take now never can later.  Black 3s count as
        meldable when a player going out could still meld them (C-THREE-2).
        """
        _, dead, _, _, _, _ = self._live(cnt, shapes)
        rules = self.rules
        if rules.black_threes and self.p.black3_ok:
            b3 = sum(k for i, k in cnt.items() if i in (8, 11))
            laid = sum(s[4] for s in shapes if s[0] == 0 and s[1] == 3)
            if b3 and ((laid and laid + b3 <= BLACK_THREE_MELD_MAX) or (not laid and b3 >= MELD_MIN)):
                dead -= b3
        return dead

    def _live(
        self, cnt: dict[int, int], shapes: tuple[Shape, ...]
    ) -> tuple[list[int], int, list[int], int, list[list[bool]], list[bool]]:
        """Which cards in hand could join a meld: the values of those that could (a card per
        entry), how many never can, and what was worked out on the way (naturals by rank,
        wild cards, the run positions covered by suit, the suits where a wild may fill a gap)."""
        t = self.t
        rules = self.rules
        value = t.value
        wilds = sum(n for i, n in cnt.items() if i == 52 or 4 <= i < 8)
        nat_rank = [0] * 15
        for i, n in cnt.items():
            if i < 52 and not 4 <= i < 8:
                nat_rank[i // 4 + 1] += n
        set_ranks = {s[1] for s in shapes if s[0] == 0 and s[4] < t.max_size}
        covered = [[False] * 16 for _ in range(4)]
        runs = rules.runs
        # a suit where one gap may be filled by a wild: one from hand, or a run's
        # wild that its natural card (in hand) can push to an end (K-MELD-7)
        gap_ok = [wilds > 0] * 4
        if runs:
            for s in shapes:
                if s[0] == 1:
                    row = covered[s[1]]
                    for pos in range(s[2], s[3] + 1):
                        row[pos] = True
                    if s[4] and NAT_AT[s[1]][s[4]] in cnt:
                        gap_ok[s[1]] = True
            for i in cnt:
                if i < 52:
                    suit = i % 4
                    rank = i // 4 + 1
                    covered[suit][rank] = True
                    if rank == 1:
                        covered[suit][14] = True
        ok_values: list[int] = []
        dead = 0
        for i, n in cnt.items():
            if i == 52 or (4 <= i < 8 and not runs):
                ok_values.extend([value[i]] * n)
                continue
            rank = i // 4 + 1
            ok = False
            if t.set_rank[rank] and (
                rank in set_ranks or nat_rank[rank] >= MELD_MIN or (nat_rank[rank] == 2 and wilds)
            ):
                ok = True
            if not ok and runs:
                row = covered[i % 4]
                gap = gap_ok[i % 4]
                for pos in ((1, 14) if rank == 1 else (rank,)):
                    for lo in range(max(1, pos - 2), min(pos, 12) + 1):
                        missing = (not row[lo]) + (not row[lo + 1]) + (not row[lo + 2])
                        if missing == 0 or (missing == 1 and gap):
                            ok = True
                            break
                    if ok:
                        break
                if not ok and 4 <= i < 8:
                    ok = True  # a 2 can always stand as a wild card
            if ok:
                ok_values.extend([value[i]] * n)
            else:
                dead += n
        return ok_values, dead, nat_rank, wilds, covered, gap_ok

    def _natural_window(self, cnt: dict[int, int]) -> bool:
        for suit in range(4):
            row = NAT_AT[suit]
            run = 0
            for pos in range(1, 15):
                if row[pos] in cnt:
                    run += 1
                    if run >= MELD_MIN:
                        return True
                else:
                    run = 0
        return False

    def _canasta_possible(
        self,
        cnt: dict[int, int],
        shapes: tuple[Shape, ...],
        nat_rank: list[int],
        wilds: int,
        covered: list[list[bool]],
        gap_ok: list[bool],
    ) -> bool:
        rules = self.rules
        extra = min(wilds, rules.max_wilds)
        best_set = {s[1]: s[4] for s in shapes if s[0] == 0}
        for rank in range(1, 14):
            if self.t.set_rank[rank] and nat_rank[rank] + best_set.get(rank, 0) + extra >= CANASTA_SIZE:
                return True
        if rules.runs:
            for suit in range(4):
                row = covered[suit]
                for lo in range(1, 15):
                    gaps = 0
                    for length, pos in enumerate(range(lo, 15), start=1):
                        if not row[pos]:
                            gaps += 1
                            if gaps > (1 if gap_ok[suit] else 0):
                                break
                        if length >= CANASTA_SIZE:
                            return True
        return False

    # ----------------------------------------------------------- steps
    def steps(self, cnt: dict[int, int], shapes: tuple[Shape, ...], must_out: bool) -> list[Step]:
        """Every single-card step from a hand (its counts) and melds, as :data:`Step` recipes.

        A recipe is cheap; the search builds a step's hand and melds only when it
        takes the step, and the first step that finishes the turn ends the search.
        """
        t = self.t
        rules = self.rules
        value = t.value
        nat2 = t.nat2
        one = _ONE
        out: list[Step] = []
        wilds = [i for i in sorted(cnt) if i == 52 or 4 <= i < 8]

        def remove(cards: tuple[int, ...]) -> int:
            mask = 0
            for c in cards:
                mask += one[c]
            return mask

        black3_rules = rules.black_threes
        # additions to existing melds
        for si, s in enumerate(shapes):
            if s[0] == 0:
                _, rank, nat, wild, size = s
                if size >= t.max_size:
                    continue
                if is_black_three_set(rules, rank):
                    if size < 4:
                        for b in (8, 11):
                            if b in cnt:
                                out.append((one[b], 1, si, (0, 3, nat + 1, 0, size + 1), value[b], True))
                                break
                    continue
                base = (rank - 1) * 4
                for i in range(base, base + 4):
                    if i in cnt:
                        out.append((one[i], 1, si, (0, rank, nat + 1, wild, size + 1), value[i], False))
                if wild < rules.max_wilds and not (rules.wilds_within_naturals and wild + 1 > nat):
                    for i in wilds:
                        out.append((one[i], 1, si, (0, rank, nat, wild + 1, size + 1), value[i], False))
            else:
                _, suit, low, high, wpos = s
                row = NAT_AT[suit]
                ends = []
                if high - low + 1 < t.run_max:
                    if low > 1:
                        ends.append(low - 1)
                    if high < 14:
                        ends.append(high + 1)
                for pos in ends:
                    nat_card = row[pos]
                    nl, nh = min(low, pos), max(high, pos)
                    if nat_card in cnt:
                        gain = nat2 if pos == 2 else value[nat_card]
                        out.append((one[nat_card], 1, si, (1, suit, nl, nh, wpos), gain, False))
                    if wpos == 0:
                        for i in wilds:
                            if pos == 2 and i == 4 + suit:
                                continue  # that 2 would be natural here
                            out.append((one[i], 1, si, (1, suit, nl, nh, pos), value[i], False))
                if wpos:
                    nat_card = row[wpos]
                    if nat_card in cnt:
                        gain = nat2 if wpos == 2 else value[nat_card]
                        for pos in ends:
                            nl, nh = min(low, pos), max(high, pos)
                            out.append((one[nat_card], 1, si, (1, suit, nl, nh, pos), gain, False))
        # new sets of three
        have_set = {s[1] for s in shapes if s[0] == 0}
        by_rank: dict[int, list[int]] = {}
        for i in cnt:
            if i < 52 and not 4 <= i < 8:
                by_rank.setdefault(i // 4 + 1, []).append(i)
        for rank, cards in by_rank.items():
            if not t.set_rank[rank] or (rules.one_meld_per_rank and rank in have_set):
                continue
            pool = [i for i in sorted(cards) for _ in range(cnt[i])]
            if len(pool) < 2:
                continue
            if len(pool) >= MELD_MIN:
                for tri in _sub_multisets(cards, cnt, 3):
                    out.append((remove(tri), 3, None, (0, rank, 3, 0, 3), value[tri[0]] * 3, False))
            for pair in _sub_multisets(cards, cnt, 2):
                for w in wilds:
                    gain = value[pair[0]] * 2 + value[w]
                    out.append((remove(pair + (w,)), 3, None, (0, rank, 2, 1, 3), gain, False))
        # black 3s, only by a player going out (C-THREE-2)
        if self.p.black3_ok and black3_rules and not any(s[0] == 0 and s[1] == 3 for s in shapes):
            pool = [i for i in (8, 11) for _ in range(cnt.get(i, 0))]
            if len(pool) >= MELD_MIN:
                for tri in _sub_multisets([i for i in (8, 11) if i in cnt], cnt, 3):
                    out.append((remove(tri), 3, None, (0, 3, 3, 0, 3), value[8] * 3, True))
        # new runs of three
        if rules.runs:
            for suit in range(4):
                row = NAT_AT[suit]
                present = [pos != 0 and row[pos] in cnt for pos in range(15)]
                if sum(present) < 2:
                    continue
                for low in range(1, 13):
                    window = present[low:low + 3]
                    missing = 3 - sum(window)
                    if missing > 1:
                        continue
                    cells = (row[low], row[low + 1], row[low + 2])
                    gains = tuple(nat2 if low + k == 2 else value[cells[k]] for k in range(3))
                    if missing == 0:  # three different cards, all in hand
                        out.append((remove(cells), 3, None, (1, suit, low, low + 2, 0), sum(gains), False))
                    for k in range(3):
                        if missing == 1 and window[k]:
                            continue
                        others = tuple(cells[j] for j in range(3) if j != k)
                        gain0 = sum(gains[j] for j in range(3) if j != k)
                        for w in wilds:
                            if low + k == 2 and w == 4 + suit:
                                continue
                            if w not in others or cnt[w] >= 2:  # the others are in hand
                                used = others + (w,)
                                shape = (1, suit, low, low + 2, low + k)
                                out.append((remove(used), 3, None, shape, gain0 + value[w], False))
        if not must_out:
            out.sort(key=lambda step: -step[4])
        return out


def _sub_multisets(cards: list[int], cnt: dict[int, int], k: int) -> list[tuple[int, ...]]:
    """Every sorted ``k``-card (2 or 3) sub-multiset of the hand's ``cards`` (counted by ``cnt``), in order."""
    cs = sorted(cards)
    out: list[tuple[int, ...]] = []
    for x, a in enumerate(cs):
        rest = cs[x + 1:]
        if k == 2:
            if cnt[a] >= 2:
                out.append((a, a))
            out.extend((a, b) for b in rest)
            continue
        if cnt[a] >= 3:
            out.append((a, a, a))
        if cnt[a] >= 2:
            out.extend((a, a, b) for b in rest)
        for y, b in enumerate(rest):
            if cnt[b] >= 2:
                out.append((a, b, b))
            out.extend((a, b, c) for c in rest[y + 1:])
    return out


def search(p: Pos) -> bool:
    """Whether the turn can be finished from ``p``, by the search (any rules)."""
    return _Search(p).run()
