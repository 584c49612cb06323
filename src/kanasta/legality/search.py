"""E-2's search over single-card steps, for any rules — internal.

:func:`search` answers :func:`kanasta.legality.finish.finishable` by a
depth-first search over single-card :class:`Step` s (a new three-card meld,
one card added to a meld or a run end, a run's wild card moving on) with a
memo, bounds that prune hopeless nodes (:mod:`kanasta.legality.bounds`,
the class's other half), and the greedy witness of
:mod:`kanasta.legality.witness` at the root.  A multi-card move of the engine
is a sequence of such steps, so both see the same reachable end positions.
Until the team is open, a node decides one card, its *pivot*: laid (the steps
that lay it) or kept in hand until the opening (:meth:`Search.pivot_steps`),
so each set of melds the opening could be made with is searched in one order
only, and a kept card no longer counts in the bounds.

A hand in the search is a count vector packed in one int
(:func:`~kanasta.legality.tables.pack`); all values are in half points.
"""

from __future__ import annotations

import operator
from typing import Final, NamedTuple

from kanasta.legality.bounds import POINTS, POSITIONS, WAIVER, Bounds
from kanasta.legality.budget import Work
from kanasta.legality.situation import Pos, may_empty
from kanasta.legality.tables import (
    ACE_HIGH,
    BLACK_THREE_INDICES,
    IS_WILD,
    JOKER_INDEX,
    NATURAL,
    NO_CARD,
    OF_RANK,
    ONE,
    RANK_OF,
    RUN,
    RUN_CELL,
    SET,
    TWO_OF,
    RunShape,
    SetShape,
    Shape,
    count_in,
    last_card,
    pack,
    shape_canastas,
    unpack,
)
from kanasta.legality.witness import greedy_opens
from kanasta.rulebook import BLACK_THREE_MELD_MAX, MELD_MIN, team_opens

# ---------------------------------------------------------------- steps


class Step(NamedTuple):
    """One step of the search: some cards from the hand onto one meld.

    A recipe: the search builds the step's hand and melds only when it takes it.
    """

    removed: int
    """The cards taken from the hand, as a packed count vector."""
    cards: int
    """How many."""
    meld: int | None
    """The index of the meld changed, or None for a new meld."""
    shape: Shape
    """The meld's shape after the step."""
    gain: int
    """The value laid (for the opening count)."""
    black_threes: bool
    """A black-3 meld: its player must go out (C-THREE-2)."""
    wild: int = NO_CARD
    """The card the step lays as a wild card (:data:`~kanasta.legality.tables.NO_CARD`: none)."""


_GAIN: Final = operator.attrgetter("gain")

OPENED: Final = -1
"""The count part of the memo key of a node whose team is down (the count no longer matters)."""


class Search(Bounds):
    """The search of one :func:`search` call: the situation's fixed parts, the memo, the budget."""

    __slots__ = (
        "tables", "rules", "situation", "canonical", "need_run", "minimum", "forbidden", "exempt",
        "work", "memo", "out_dead",
    )

    def __init__(self, situation: Pos) -> None:
        rules = situation.tables.rules
        self.tables = situation.tables
        self.rules = rules
        self.situation = situation
        #: suits do not matter (no runs, no forbidden card): cards are replaced by stand-ins
        self.canonical = not rules.runs and situation.forbidden is None
        self.need_run = rules.opening_natural_run
        self.minimum = situation.minimum
        self.forbidden = NO_CARD if situation.forbidden is None else situation.forbidden.index
        #: the opening minimum is waived for a hand melded down to one card (K-OPEN-4, C-OUT-4)
        self.exempt = rules.opening_one_card_exempt or situation.out_exempt
        flags = (
            rules, situation.minimum, self.forbidden, situation.no_out, situation.out_exempt,
            situation.discard_empty_ok, situation.black3_ok,
        )
        self.work = situation.work if situation.work is not None else Work()
        self.memo = self.work.table(flags)
        #: cards that can never be melded a player bound to go out may keep: the one discarded
        self.out_dead = 1 if situation.discard_empty_ok and not situation.no_out else 0

    def goal(self, hand: int, n: int, shapes: tuple[Shape, ...], opened: bool, must_out: bool) -> bool | None:
        """True/False when the node is settled, None to search on."""
        situation = self.situation
        if n == 0:
            return may_empty(situation, shape_canastas(shapes), opened, by_discard=False)
        forbidden = self.forbidden
        if opened and not must_out and n >= 2 and (forbidden == NO_CARD or count_in(hand, forbidden) < n):
            return True
        if n == 1 and last_card(hand) != forbidden and may_empty(
            situation, shape_canastas(shapes), opened, by_discard=True
        ):
            return True
        return None

    def opens(self, shapes: tuple[Shape, ...], count: int, n: int) -> bool:
        """Whether the team is down with these melds, this count and ``n`` cards left (the rulebook's test)."""
        natural_run = any(type(s) is RunShape and s.wild_at == NATURAL for s in shapes)
        return team_opens(self.rules, minimum=self.minimum, count=count, natural_run=natural_run, cards_left=n)

    def run(self) -> bool:
        """The answer for the situation."""
        situation = self.situation
        hand = [c.index for c in situation.hand]
        aside = [c.index for c in situation.aside]
        if self.canonical:
            canon = self.tables.canon
            hand = [canon[i] for i in hand]
            aside = [canon[i] for i in aside]
        packed_hand = pack(hand)
        packed_aside = pack(aside)
        shapes = tuple(sorted(situation.shapes))
        if not situation.opened and not situation.must_out:
            key = self.key(
                packed_hand, shapes, situation.laid_count, situation.opened, packed_aside, situation.must_out
            )
            known = self.memo.get(key)
            if known is not None:
                return known
            if greedy_opens(
                self.tables, unpack(packed_hand), shapes, situation.laid_count,
                minimum=self.minimum, forbidden=self.forbidden,
            ):
                return True
        return self.dfs(
            packed_hand, len(hand), shapes, situation.laid_count, situation.opened, packed_aside, len(aside),
            situation.must_out,
        )

    def key(
        self,
        hand: int,
        shapes: tuple[Shape, ...],
        count: int,
        opened: bool,
        aside: int,
        must_out: bool,
        kept: int = 0,
        plain: int = 0,
    ) -> tuple[object, ...]:
        """The memo key of a node: with the search's flags, its answer depends on nothing else."""
        return (hand, shapes, OPENED if opened else min(count, self.minimum), aside, must_out, kept, plain)

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
        kept: int = 0,
        plain: int = 0,
    ) -> bool:
        """Whether the turn can be finished from this node (``n`` cards in ``hand``, ``n_aside`` aside).

        ``kept``: the cards of the hand (a packed count vector, part of ``hand``) chosen to stay
        there until the team is open (see :meth:`pivot_steps`): no step before the opening lays
        them, and the bounds count them as staying in hand.  The opening releases them.
        ``plain``: the 2s of the hand (a packed count vector) that the search has decided will
        not stand in their natural place (see :meth:`pivot_steps`): they are laid as wild cards,
        one of each value (:meth:`wild_kinds`).
        """
        settled = self.goal(hand, n, shapes, opened, must_out)
        if settled is not None:
            return settled
        key = self.key(hand, shapes, count, opened, aside, must_out, kept, plain)
        memo = self.memo
        known = memo.get(key)
        if known is not None:
            return known
        work = self.work
        work.nodes += 1
        if work.nodes > work.limit:
            work.give_up()
        result = False
        counts = unpack(hand)
        free = unpack(hand - kept) if kept else counts
        hope = POINTS if opened else self.hopeful(free, shapes, count, n - sum(free.values()), counts, n_aside)
        if must_out and self.dead(counts, shapes) > self.out_dead:
            pass  # a card that can never be melded stays in hand: no going out
        elif hope:
            steps = self.steps(free, shapes, must_out, self.wild_kinds(free, counts, aside, shapes, plain))
            pivot = NO_CARD
            decide = False
            if not opened:
                pivot, decide, steps = self.pivot_steps(free, shapes, steps, counts, aside, plain)
            if decide and self.dfs(hand, n, shapes, count, opened, aside, n_aside, must_out, kept, plain + ONE[pivot]):
                # the 2 never stands in its natural place: a plain wild card from now on (the likelier way)
                result = True
                steps = []
            for step in steps:
                melds = list(shapes)
                if step.meld is None:
                    melds.append(step.shape)
                else:
                    melds[step.meld] = step.shape
                melds.sort()
                next_shapes = tuple(melds)
                next_hand = hand - step.removed
                next_n = n - step.cards
                next_count = count if opened else count + step.gain
                next_opened = opened
                next_aside = aside
                next_n_aside = n_aside
                next_kept = kept
                next_plain = plain
                if plain:
                    if step.wild != NO_CARD and count_in(plain, step.wild):
                        next_plain -= ONE[step.wild]  # a wild card is laid as the plain one it is
                    next_plain = _within(next_plain, next_hand)
                if not opened and self.opens(next_shapes, next_count, next_n):
                    next_opened = True
                    next_kept = 0
                    if aside:  # the rest of the pile joins the hand (C-PILE-5)
                        next_hand += aside
                        next_n += n_aside
                        next_aside = 0
                        next_n_aside = 0
                if self.dfs(
                    next_hand, next_n, next_shapes, next_count, next_opened, next_aside, next_n_aside,
                    must_out or step.black_threes, next_kept, next_plain,
                ):
                    result = True
                    break
            else:
                # or the pivot stays in hand until the opening (the waiver leaves one card at most:
                # with one kept, a second would leave the child no hope); a 2 to decide was made plain
                if pivot != NO_CARD and not decide and not (hope == WAIVER and kept):
                    result = self.dfs(
                        hand, n, shapes, count, opened, aside, n_aside, must_out, kept + ONE[pivot], plain
                    )
        memo[key] = result
        return result

    def pivot_steps(
        self,
        counts: dict[int, int],
        shapes: tuple[Shape, ...],
        steps: list[Step],
        held: dict[int, int],
        aside: int,
        plain: int,
    ) -> tuple[int, bool, list[Step]]:
        """The pivot card, whether it is a 2 to decide, and the steps a node searches while the team is not open.

        ``counts`` are the free cards, ``held`` the whole hand.

        Why the answer is the full search's.  Every step is a real step, so a finish found is a
        finish.  Conversely, take any finish, and the melds and hand it has when the team opens
        (or at its end, when it never does): call them the target.  Before the opening the
        order of the steps changes nothing that matters — the count is the sum of the values
        laid whatever the order, and a meld built in another order holds the same cards — so it
        suffices that the search reaches the target, or opens on the way to it (the team is
        then down with a subset of the target's melds and at least its cards in hand, from
        where the finish's remaining steps are all open to the search, which after the opening
        takes every step).  At each node on the way, each free card is either in a target meld
        or in the target's hand.  The node takes one card, the *pivot*, and tries only the
        steps that lay it (onto a meld, or in a new meld of three), that lengthen a run of its
        suit toward its place (the cards between go on first) or push the run's wild card to an
        end, and then keeping it in hand until the opening (:meth:`dfs`, ``kept``): one of them
        leads on toward the target, whichever it is.  A wild card placed as a run's natural
        card only makes the run cleaner.  Natural cards are pivots before wild cards, so a
        wild card is placed when the naturals of its meld are (a set's wild limits count
        naturals, C-MELD-1).  Of the natural cards, the one with the fewest such steps is the
        pivot (the lowest card of those), so that a hand that cannot reach the opening is
        refuted soonest.

        Each set of target melds is so searched in one order only, and a kept card is out of
        the bounds (:meth:`hopeful` counts it as staying in hand: a hand whose free cards
        cannot reach the minimum is refuted at once).  The full search tried every order: a
        27-card Kanasta hand under an opening minimum of 22 (issue 25, soak game 1091) needed
        125,763 nodes to list, now 3,708; with the lowest card as the waiver's pivot a 29-card
        hand under ``canastas_to_go_out=0`` needed more than the budget.

        Before any of that, a 2 that may still stand in its natural place (K-MELD-6) and has a wild
        card of its value beside it is decided: laid in its place now (the steps that lay it there,
        or lengthen a run of its suit toward it), or never — it is then *plain* (:meth:`dfs`,
        ``plain``), laid only as a wild card and one kind with the others of its value
        (:meth:`wild_kinds`).  In the target it stands in its place, or it is a wild card or stays
        in hand; wild cards of one value that are not in their natural places can be swapped
        in the target (a 2 decided so has no place a wild card of the others may take that it
        may not: its suit can hold no wild card at position 2, :meth:`_undecided_two`), so the
        target's wild cards may be taken to be the plain ones.  Until
        then the steps would lay each such 2 as a wild card in turn: a 36-card hand holding
        2C 2D 2H 2S with an ace, 3 or 4 of every suit and 3H (soak game 1739, move 43) needed
        139,452 nodes to list, 93,486 with 2C 2D 2S decided.
        """
        two = self._undecided_two(counts, held, aside, shapes, plain)
        if two != NO_CARD:
            return two, True, _pivot_steps(two, shapes, steps, (2,), natural_only=True)
        naturals = [i for i in counts if not IS_WILD[i]]
        if naturals:
            # the natural card with the fewest steps (the most constrained: a refutation ends soonest)
            pivot, out = NO_CARD, steps
            for i in naturals:
                mine = _pivot_steps(i, shapes, steps, POSITIONS[RANK_OF[i]])
                if pivot == NO_CARD or len(mine) < len(out):
                    pivot, out = i, mine
                    if not mine:
                        break
            return pivot, False, out
        for i in counts:
            if IS_WILD[i]:
                return i, False, _pivot_steps(i, shapes, steps, ())
        return NO_CARD, False, []

    def _undecided_two(
        self, free: dict[int, int], held: dict[int, int], aside: int, shapes: tuple[Shape, ...], plain: int
    ) -> int:
        """The lowest free 2 not yet decided (:meth:`pivot_steps`), or NO_CARD.

        Only a 2 that may stand in its natural place, is not the card that may not be discarded,
        and has another wild card of its value beside it needs deciding: alone, it is a kind of
        its own whatever the decision.  Nor a 2 whose suit may still have a run with a wild card
        at position 2 (:meth:`_wild_at_two`): there it could not stand in for the others, so it
        stays a kind of its own.
        """
        value = self.tables.value
        forbidden = self.forbidden
        for i in sorted(free):
            if (
                not IS_WILD[i] or i == forbidden or free[i] <= count_in(plain, i)
                or not self._may_be_natural(i, held, aside, shapes) or self._wild_at_two(i % 4, held, aside, shapes)
            ):
                continue
            same = sum(n for j, n in free.items() if IS_WILD[j] and j != forbidden and value[j] == value[i])
            if same >= 2:
                return i
        return NO_CARD

    # ----------------------------------------------------------- steps

    def wild_kinds(
        self, free: dict[int, int], held: dict[int, int], aside: int, shapes: tuple[Shape, ...], plain: int = 0
    ) -> list[int]:
        """The wild cards of ``free`` a step lays: one of each kind of interchangeable ones.

        Two wild cards are interchangeable when they have the same value, neither is the card that
        may not be discarded (K-PILE-3) and neither is a 2 that may still stand in its natural
        place (K-MELD-6): a run of its suit reaches position 2 only through a natural ace, 3 or 4
        of the suit (``held``, the whole hand, or ``aside``) or a run of the suit already down to
        position 4 or lower (a run takes one wild card, and cards only leave the hand).  Swapping
        the two everywhere maps a finish after laying one onto a finish after laying the other.
        A 2 the search has decided will not stand in its natural place (``plain``, see
        :meth:`pivot_steps`) is such a card too.
        """
        wilds = [i for i in sorted(free) if IS_WILD[i]]
        out: list[int] = []
        values: list[int] = []
        value = self.tables.value
        for i in wilds:
            if i != self.forbidden and (count_in(plain, i) or not self._may_be_natural(i, held, aside, shapes)):
                if value[i] in values:
                    continue
                values.append(value[i])
            out.append(i)
        return out

    def _wild_at_two(self, suit: int, held: dict[int, int], aside: int, shapes: tuple[Shape, ...]) -> bool:
        """Whether a run of ``suit`` may still hold a wild card at position 2.

        Such a run has three cards or more and one wild card at most, so position 3 holds its
        natural card: the 3 of the suit in hand (``held``) or set ``aside``, or a run of the suit
        on the table over position 3 with its wild card elsewhere.  Cards only leave the hand
        (the aside join it), so once no such run may be made, none ever may.
        """
        if _holds(suit, 3, held, aside):
            return True
        return any(type(s) is RunShape and s.suit == suit and s.low <= 3 <= s.high and s.wild_at != 3 for s in shapes)

    def _may_be_natural(self, wild: int, held: dict[int, int], aside: int, shapes: tuple[Shape, ...]) -> bool:
        if wild == JOKER_INDEX or not self.rules.runs:
            return False
        suit = wild % 4
        if any(_holds(suit, pos, held, aside) for pos in (1, 3, 4)):
            return True
        return any(type(s) is RunShape and s.suit == suit and s.low <= 4 for s in shapes)

    def steps(
        self, counts: dict[int, int], shapes: tuple[Shape, ...], must_out: bool, wilds: list[int] | None = None
    ) -> list[Step]:
        """Every single-card step from a hand (its counts) and melds, as :class:`Step` recipes.

        A recipe is cheap; the search builds a step's hand and melds only when it
        takes the step, and the first step that finishes the turn ends the search.
        Steps that lay the most come first, unless the player must go out.
        """
        tables = self.tables
        rules = self.rules
        value = tables.value
        natural_two = tables.natural_two
        out: list[Step] = []
        if wilds is None:
            wilds = [i for i in sorted(counts) if IS_WILD[i]]
        for at, shape in enumerate(shapes):
            if type(shape) is SetShape:
                self._set_steps(counts, at, shape, wilds, out)
            else:
                assert type(shape) is RunShape
                self._run_steps(counts, at, shape, wilds, out)
        # new sets of three
        have_set = {s.rank for s in shapes if type(s) is SetShape}
        by_rank: dict[int, list[int]] = {}
        for i in counts:
            if not IS_WILD[i]:
                by_rank.setdefault(RANK_OF[i], []).append(i)
        for rank, cards in by_rank.items():
            if not tables.set_rank[rank] or (rules.one_meld_per_rank and rank in have_set):
                continue
            held = sum(counts[i] for i in cards)
            if held < 2:
                continue
            if held >= MELD_MIN:
                for three in _sub_multisets(cards, counts, 3):
                    out.append(Step(pack(three), 3, None, SetShape(SET, rank, 3, 0, 3), value[three[0]] * 3, False))
            for pair in _sub_multisets(cards, counts, 2):
                for wild in wilds:
                    gain = value[pair[0]] * 2 + value[wild]
                    out.append(Step(pack(pair + (wild,)), 3, None, SetShape(SET, rank, 2, 1, 3), gain, False, wild))
        # black 3s, only by a player going out (C-THREE-2)
        black_threes = sum(counts.get(i, 0) for i in BLACK_THREE_INDICES)
        if (
            self.situation.black3_ok and rules.black_threes and black_threes >= MELD_MIN
            and not any(type(s) is SetShape and s.rank == 3 for s in shapes)
        ):
            held_threes: list[int] = [i for i in BLACK_THREE_INDICES if i in counts]
            for three in _sub_multisets(held_threes, counts, 3):
                shape = SetShape(SET, 3, 3, 0, 3)
                out.append(Step(pack(three), 3, None, shape, tables.rank_value[3] * 3, True))
        # new runs of three
        if rules.runs:
            for suit in range(4):
                row = RUN_CELL[suit]
                present = [pos != 0 and row[pos] in counts for pos in range(ACE_HIGH + 1)]
                if present.count(True) < 2:
                    continue
                for low in range(1, ACE_HIGH - 1):
                    window = (present[low], present[low + 1], present[low + 2])
                    missing = 3 - window.count(True)
                    if missing > 1 or (missing and not wilds):
                        continue
                    cells = (row[low], row[low + 1], row[low + 2])
                    gains = tuple(natural_two if low + k == 2 else value[cells[k]] for k in range(3))
                    total = gains[0] + gains[1] + gains[2]
                    if missing == 0:  # three different cards, all in hand
                        shape = RunShape(RUN, suit, low, low + 2, NATURAL)
                        out.append(Step(pack(cells), 3, None, shape, total, False))
                    if not wilds:
                        continue
                    for k in range(3):  # a wild card at position low + k
                        if missing == 1 and window[k]:
                            continue
                        others = cells[:k] + cells[k + 1:]
                        others_packed = ONE[others[0]] + ONE[others[1]]
                        others_gain = total - gains[k]
                        shape = RunShape(RUN, suit, low, low + 2, low + k)
                        for wild in wilds:
                            if low + k == 2 and wild == TWO_OF[suit]:
                                continue  # that 2 would be natural here
                            if wild not in others or counts[wild] >= 2:  # the others are in hand
                                gain = others_gain + value[wild]
                                out.append(Step(others_packed + ONE[wild], 3, None, shape, gain, False, wild))
        if not must_out:
            out.sort(key=_GAIN, reverse=True)  # stable: equal gains keep their order
        return out

    def _set_steps(self, counts: dict[int, int], at: int, shape: SetShape, wilds: list[int], out: list[Step]) -> None:
        """One card onto the set ``shapes[at]``: a natural card of its rank, or a wild card."""
        rules = self.rules
        value = self.tables.value
        one = ONE
        rank, naturals, wild, size = shape.rank, shape.naturals, shape.wilds, shape.size
        if size >= self.tables.max_size:
            return
        if self.tables.black_three_set[rank]:
            if size < BLACK_THREE_MELD_MAX:
                for three in BLACK_THREE_INDICES:
                    if three in counts:
                        grown = SetShape(SET, 3, naturals + 1, 0, size + 1)
                        out.append(Step(one[three], 1, at, grown, value[three], True))
                        break
            return
        for i in OF_RANK[rank]:
            if i in counts:
                out.append(Step(one[i], 1, at, SetShape(SET, rank, naturals + 1, wild, size + 1), value[i], False))
        if wild < rules.max_wilds and not (rules.wilds_within_naturals and wild + 1 > naturals):
            for i in wilds:
                out.append(Step(one[i], 1, at, SetShape(SET, rank, naturals, wild + 1, size + 1), value[i], False, i))

    def _run_steps(self, counts: dict[int, int], at: int, shape: RunShape, wilds: list[int], out: list[Step]) -> None:
        """One card onto the run ``shapes[at]``: at an end, or its natural card pushing its wild to an end."""
        tables = self.tables
        value = tables.value
        natural_two = tables.natural_two
        one = ONE
        suit, low, high, wild_at = shape.suit, shape.low, shape.high, shape.wild_at
        row = RUN_CELL[suit]
        ends = []
        if high - low + 1 < tables.run_max:
            if low > 1:
                ends.append(low - 1)
            if high < ACE_HIGH:
                ends.append(high + 1)
        for pos in ends:
            natural = row[pos]
            new_low, new_high = min(low, pos), max(high, pos)
            if natural in counts:
                gain = natural_two if pos == 2 else value[natural]
                out.append(Step(one[natural], 1, at, RunShape(RUN, suit, new_low, new_high, wild_at), gain, False))
            if wild_at == NATURAL:
                for i in wilds:
                    if pos == 2 and i == TWO_OF[suit]:
                        continue  # that 2 would be natural here
                    out.append(Step(one[i], 1, at, RunShape(RUN, suit, new_low, new_high, pos), value[i], False, i))
        if wild_at != NATURAL:
            natural = row[wild_at]
            if natural in counts:
                gain = natural_two if wild_at == 2 else value[natural]
                for pos in ends:
                    new_low, new_high = min(low, pos), max(high, pos)
                    out.append(Step(one[natural], 1, at, RunShape(RUN, suit, new_low, new_high, pos), gain, False))


def _pivot_steps(
    pivot: int, shapes: tuple[Shape, ...], steps: list[Step], toward: tuple[int, ...], natural_only: bool = False
) -> list[Step]:
    """The steps that lay ``pivot``, that lengthen a run of its suit toward its places ``toward``, or push the
    run's wild (``natural_only``: the steps that lay ``pivot`` as a wild card are left out)."""
    suit = pivot % 4
    out = []
    for step in steps:
        laid = count_in(step.removed, pivot)
        if laid:
            if not natural_only or laid > (step.wild == pivot):
                out.append(step)
            continue
        if step.meld is None or not toward:
            continue
        old, new = shapes[step.meld], step.shape
        if type(old) is not RunShape or type(new) is not RunShape or old.suit != suit:
            continue
        if old.wild_at != NATURAL and new.wild_at != old.wild_at:
            out.append(step)  # a natural card pushing the run's wild to an end (K-MELD-7)
        elif any(pos < new.low for pos in toward) if new.low < old.low else any(pos > new.high for pos in toward):
            out.append(step)  # the run grows toward the pivot's place
    return out


def _holds(suit: int, pos: int, held: dict[int, int], aside: int) -> bool:
    """Whether the natural card at run position ``pos`` of ``suit`` is in the hand ``held`` or set ``aside``."""
    cell = RUN_CELL[suit][pos]
    return cell in held or count_in(aside, cell) > 0


def _within(plain: int, hand: int) -> int:
    """``plain`` (a packed count vector) holding no card more often than ``hand`` does."""
    for i, n in unpack(plain).items():
        extra = n - count_in(hand, i)
        if extra > 0:
            plain -= extra * ONE[i]
    return plain


def _sub_multisets(cards: list[int], counts: dict[int, int], k: int) -> list[tuple[int, ...]]:
    """Every sorted ``k``-card (2 or 3) sub-multiset of the hand's ``cards`` (counted by ``counts``), in order."""
    ordered = sorted(cards)
    out: list[tuple[int, ...]] = []
    for x, a in enumerate(ordered):
        rest = ordered[x + 1:]
        if k == 2:
            if counts[a] >= 2:
                out.append((a, a))
            out.extend((a, b) for b in rest)
            continue
        if counts[a] >= 3:
            out.append((a, a, a))
        if counts[a] >= 2:
            out.extend((a, a, b) for b in rest)
        for y, b in enumerate(rest):
            if counts[b] >= 2:
                out.append((a, b, b))
            out.extend((a, b, c) for c in rest[y + 1:])
    return out


def search(situation: Pos) -> bool:
    """Whether the turn can be finished from ``situation``, by the search (any rules).

    Kanasta, a team at 0 that must lay 4½ points (9 half points) with a natural run (K-OPEN-2,
    K-OPEN-3) after laying cards:

    >>> import kanasta
    >>> from kanasta.legality.tables import tables_for
    >>> laid = Pos(
    ...     tables_for(kanasta.Rules.kanasta()), kanasta.parse_cards("4S 5S 6S 7S 8C 8D 8H QD KH"), (),
    ...     opened=False, laid=True, laid_count=0, minimum=9, aside=(), forbidden=None, must_out=False,
    ...     no_out=False, out_exempt=False, discard_empty_ok=True, black3_ok=False,
    ... )
    >>> search(laid)  # the run 4S-7S (2 points) and the 8s (3 points): 5, and QD KH stay
    True
    >>> search(laid._replace(hand=kanasta.parse_cards("4S 5S 6S 8D 8H JC QD KH")))  # 1½ at most
    False
    """
    return Search(situation).run()
