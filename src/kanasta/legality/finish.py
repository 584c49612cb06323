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

from collections.abc import Iterable
from itertools import combinations_with_replacement
from typing import Final

from kanasta.cards import Card, all_cards
from kanasta.errors import EngineLimitError
from kanasta.melds import Meld, MeldKind
from kanasta.rulebook import (
    BLACK_THREE_MELD_MAX,
    CANASTA_SIZE,
    MELD_MIN,
    canastas_in,
    empty_problem,
    is_black_three_set,
    team_opens,
)
from kanasta.rules import Rules

_CARDS: Final = all_cards()


def rank_of(i: int) -> int:
    """Rank number 1..13 of card index ``i`` (0 for the joker)."""
    return i // 4 + 1 if i < 52 else 0


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
            r != 2 and not is_black_three_set(rules, r) for r in range(1, 14)
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
            elif is_black_three_set(rules, rank_of(i)):
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
    """The situation after a candidate move, as the solver needs it.

    ``shapes`` are the team's melds as :data:`Shape` tuples (see :func:`shape_of`).
    """

    __slots__ = (
        "t", "hand", "shapes", "opened", "laid", "count", "minimum", "aside",
        "forbidden", "must_out", "no_out", "out_exempt", "discard_empty_ok", "black3_ok", "work",
    )

    def __init__(
        self,
        t: Tables,
        hand: tuple[Card, ...],
        shapes: tuple[Shape, ...],
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
        black3_ok: bool,
        work: Work | None = None,
    ) -> None:
        self.t = t
        self.hand = hand
        self.shapes = shapes
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
        self.black3_ok = black3_ok
        self.work = work


# A meld as the solver sees it:
#   set: (0, rank, naturals, wilds, size)
#   run: (1, suit, low, high, wild position or 0)
Shape = tuple[int, int, int, int, int]


def shape_of(m: Meld) -> Shape:
    """The solver's view of a meld."""
    if m.kind is MeldKind.SET:
        assert m.rank is not None
        w = m.wild_count
        return (0, m.rank.value, len(m.cards) - w, w, len(m.cards))
    assert m.suit is not None
    wild = 0 if m.wild_index is None else m.low + m.wild_index
    return (1, m.suit.value, m.low, m.high, wild)


def size_of(s: Shape) -> int:
    """Number of cards in a meld shape."""
    return s[4] if s[0] == 0 else s[3] - s[2] + 1


def canastas(melds: tuple[Meld, ...]) -> int:
    """The canastas among ``melds`` (G-MELD-2)."""
    return canastas_in(len(m.cards) for m in melds)


def shape_canastas(shapes: tuple[Shape, ...]) -> int:
    """The canastas among meld shapes (G-MELD-2)."""
    return canastas_in(size_of(s) for s in shapes)


def natural_run_laid(melds: tuple[Meld, ...]) -> bool:
    return any(m.kind is MeldKind.RUN and m.wild_index is None for m in melds)


def natural_runs(shapes: tuple[Shape, ...]) -> int:
    return sum(1 for s in shapes if s[0] == 1 and s[4] == 0)


def finishable(p: Pos) -> bool:
    """Whether the player can still end the turn legally from ``p`` (E-2)."""
    hand = p.hand
    n = len(hand)
    ready = p.opened or not p.laid
    if ready and not p.must_out and n >= 2 and (
        p.forbidden is None or any(c is not p.forbidden for c in hand)
    ):
        return True
    if n == 1 and _discard_empty_ok(p, hand[0], shape_canastas(p.shapes)):
        return True
    if n == 0:  # pragma: no cover - the engine settles emptied hands itself
        return False
    if p.t.classic_fast and p.forbidden is None:
        return _classic(p)
    return _search(p)


def _discard_empty_ok(p: Pos, card: Card, n_canastas: int) -> bool:
    """Whether the last card may be discarded, emptying the hand (the rulebook's emptying check)."""
    return card is not p.forbidden and _may_empty(p, n_canastas, p.opened, by_discard=True)


def _may_empty(p: Pos, n_canastas: int, opened: bool, *, by_discard: bool) -> bool:
    return empty_problem(
        p.t.rules, canastas=n_canastas, opened=opened, exempt=p.out_exempt, answer_no=p.no_out,
        by_discard=by_discard, discard_ok=p.discard_empty_ok,
    ) is None


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


# ------------------------------------------------------------------ search

# NAT_AT[suit][position]: the card index of the natural card at a run position
# (1 = low ace ... 13 = king, 14 = high ace).
NAT_AT: Final = tuple(
    tuple(((1 if pos == 14 else pos) - 1) * 4 + suit if pos else -1 for pos in range(15))
    for suit in range(4)
)

# A hand in the search is a count vector packed in one int: a byte per card
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


SEARCH_BUDGET = 100_000
"""The most search nodes one legality question may expand: the engine's work budget.

A question is what one :class:`Work` serves: the listing of a position's moves
(``legal_actions()``), or the check of one move.  A node costs time in
proportion to the cards in hand and the melds on the table (tens of
microseconds for a hand of 20 to 50 cards in CPython), so a question costs at
most a few seconds; past the budget the search raises
:class:`~kanasta.EngineLimitError` and keeps nothing.  The most any listing
needed in 30 seeded random Kanasta games (69,483 moves) was 7,308 nodes.
"""


class Work:
    """The memo tables and the node count of one legality question (a listing, a check).

    Every search made for the same question shares the tables (the candidate
    moves of a listing reach many of the same positions), and nothing outlives
    the question: the engine keeps no search results between calls.
    """

    __slots__ = ("tables", "nodes", "limit")

    def __init__(self, limit: int | None = None) -> None:
        self.tables: dict[tuple[object, ...], dict[tuple[object, ...], bool]] = {}
        #: search nodes expanded so far (deterministic: the benchmarks and tests read it)
        self.nodes = 0
        self.limit = SEARCH_BUDGET if limit is None else limit

    def table(self, flags: tuple[object, ...]) -> dict[tuple[object, ...], bool]:
        """The memo table of the searches with these flags (a node's answer depends on its key and them)."""
        found = self.tables.get(flags)
        if found is None:
            found = self.tables[flags] = {}
        return found

    def expand(self) -> None:
        """Count one expanded node; past the budget, give up on the question."""
        self.nodes += 1
        if self.nodes > self.limit:
            raise EngineLimitError(
                f"deciding whether the turn can be finished (E-2) needs more than {self.limit:,} "
                "search steps here; the engine's work budget for one question"
            )


_size = size_of


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
            return _may_empty(p, shape_canastas(shapes), opened, by_discard=False)
        forbidden = self.forbidden
        if opened and not must_out and n >= 2 and (forbidden < 0 or (hand >> (_BITS * forbidden)) & 255 < n):
            return True
        if n == 1 and (hand.bit_length() - 1) // _BITS != forbidden and _may_empty(
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
            if self.greedy(_counts(h), shapes, p.count):
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
    def greedy(self, cnt: dict[int, int], shapes: tuple[Shape, ...], count: int) -> bool:
        """A quick witness that the team can open from here with two cards left.

        For each maximal natural run in hand that could be the opening's natural
        run (or none, when one is laid already): lay it, every set of three or
        more naturals, the other natural runs, and spare wild cards on natural
        pairs and sets.  True only when that plan really opens with two cards (one
        discardable) left; False means "not shown", not "impossible".
        """
        if self.need_run and not any(s[0] == 1 and s[4] == 0 for s in shapes):
            segments = self._segments(cnt)
            if not segments:
                return False
            segments.sort(key=lambda seg: -seg[0])
            return any(self._plan_keeping(cnt, shapes, count, seg) for seg in segments[:3])
        return self._plan_keeping(cnt, shapes, count, None)

    def _plan_keeping(
        self, cnt: dict[int, int], shapes: tuple[Shape, ...], count: int, run: tuple[int, int, list[int]] | None
    ) -> bool:
        """:meth:`_plan`; when it reaches the minimum but melds too much (fewer than two cards
        left), plan again holding back the two cheapest cards outside the run."""
        done = self._plan(dict(cnt), shapes, count, run)
        if done is not None:
            return done
        value = self.t.value
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
        return self._plan(held, shapes, count, run, hold=2) is True

    def _segments(self, cnt: dict[int, int]) -> list[tuple[int, int, list[int]]]:
        """Maximal natural runs in hand: (value, first position, cards)."""
        value = self.t.value
        nat2 = self.t.nat2
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
                while pos <= 14 and cnt.get(row[pos], 0) > 0 and len(cells) < self.t.run_max and row[pos] not in cells:
                    cells.append(row[pos])
                    pos += 1
                if len(cells) >= MELD_MIN:
                    v = sum(nat2 if start + k == 2 else value[c] for k, c in enumerate(cells))
                    out.append((v, start, cells))
        return out

    def _plan(
        self,
        cnt: dict[int, int],
        shapes: tuple[Shape, ...],
        count: int,
        run: tuple[int, int, list[int]] | None,
        hold: int = 0,
    ) -> bool | None:
        """Lay the plan of :meth:`greedy` from ``cnt`` (``hold`` more cards stay in hand): True
        when it opens with two cards (one discardable) left, None when it reaches the minimum
        with fewer, else False.  Changes ``cnt``."""
        t = self.t
        rules = self.rules
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
            for v, _, cells in self._segments(cnt):
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
        if count + gained < self.minimum:
            return False
        if left < 2:
            return None
        # with a forbidden discard (K-PILE-3) and only two cards left, which two
        # stay is not tracked here: leave the question to the exact search
        return self.forbidden < 0 or left > 2

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


def _search(p: Pos) -> bool:
    return _Search(p).run()
