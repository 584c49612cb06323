"""E-2's bounds: what a hand could still lay, meld or make — internal.

:class:`Bounds` is the half of :class:`kanasta.legality.search.Search` that
prunes: a node whose team is not open is searched on only when the points
its cards could still lay may reach the opening minimum, or when the K-OPEN-4
waiver could still open it (:meth:`Bounds.hopeful`: the cards that could
join a meld, :meth:`Bounds.live`; the canastas that could still form,
:meth:`Bounds.canastas_possible`); a player bound to go out cannot keep a card
no meld can take (:meth:`Bounds.dead`).  Each bound may say yes where no
finish exists, never no where one does: the search decides.

All values are in half points; hands are count vectors (``dict`` of card
index to count, :func:`~kanasta.legality.tables.unpack`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, NamedTuple

from kanasta.legality.tables import (
    ACE_HIGH,
    BLACK_THREE_INDICES,
    IS_WILD,
    JOKER_INDEX,
    NATURAL,
    RANK_OF,
    RUN,
    RUN_CELL,
    RunShape,
    SetShape,
    Shape,
)
from kanasta.rulebook import BLACK_THREE_MELD_MAX, CANASTA_SIZE, MELD_MIN

if TYPE_CHECKING:
    from kanasta.legality.situation import Pos
    from kanasta.legality.tables import Tables
    from kanasta.rules import Rules


class Live(NamedTuple):
    """Which cards in hand could still join a meld, and what was worked out on the way."""

    values: list[int]
    """The value of each card that could (one entry per card)."""
    dead: int
    """How many cards never can."""
    naturals: list[int]
    """Rank number -> natural cards of that rank in hand."""
    wilds: int
    """Wild cards in hand."""


POSITIONS: Final = ((),) + tuple((1, ACE_HIGH) if rank == 1 else (rank,) for rank in range(1, 14))
"""``POSITIONS[rank]``: the run positions a natural card of ``rank`` may stand at (an ace low or high)."""

_WINDOWS: Final = tuple(tuple(range(max(1, pos - 2), min(pos, ACE_HIGH - 2) + 1)) for pos in range(ACE_HIGH + 1))
"""``_WINDOWS[pos]``: the first positions of the three-card windows that contain run position ``pos``."""

POINTS: Final = 1
""":meth:`Bounds.hopeful`: the points in hand may still open the team (or it is open)."""
WAIVER: Final = 2
""":meth:`Bounds.hopeful`: only the opening waiver can open the team (the hand melded down to one card)."""


class Bounds:
    """The bounds of one search (a mixin of :class:`kanasta.legality.search.Search`, which sets the fields)."""

    __slots__ = ()

    tables: Tables
    rules: Rules
    situation: Pos
    need_run: bool
    minimum: int
    exempt: bool

    def hopeful(
        self, counts: dict[int, int], shapes: tuple[Shape, ...], count: int, n_kept: int = 0,
        held: dict[int, int] | None = None, n_aside: int = 0,
    ) -> int:
        """A necessary condition for a team that is not open to open from here: 0 when it fails.

        Either the cards that could possibly join a meld are worth enough while
        two cards stay in hand (:data:`POINTS`), or the minimum is waived
        (K-OPEN-4, C-OPEN-4) and a canasta could still be formed
        (:data:`WAIVER`: only melding the hand down to one card can open).

        ``counts`` are the free cards, ``n_kept`` cards are kept and ``held`` is the whole hand
        (see :meth:`~kanasta.legality.search.Search.pivot_steps`).  Sound with kept cards: every
        card laid before the opening is a free one, and the kept ones are never laid before it, so
        the argument for a hand of the free cards alone holds (a card no meld on the table or of
        free cards could take now never can before the opening), the kept cards stay in hand
        beside the dead ones, and the waiver leaves one card at most (the search keeps no second
        card for it).  A canasta may take the kept card after the opening: it is looked for in the
        whole hand.

        Canastas are needed only to empty the hand: with ``n_aside`` cards set aside (C-PILE-5) the
        opening brings them into the hand and a discard may end the turn, so none is looked for.
        A natural run the opening needs (K-OPEN-2) is laid first (:meth:`canastas_after_run`).
        """
        if (
            self.need_run
            and not any(type(s) is RunShape and s.wild_at == NATURAL for s in shapes)
            and not _natural_window(counts)
        ):
            return 0
        live = self.live(counts, shapes)
        values = live.values
        meldable = sum(values)
        keep = max(0, 2 - live.dead - n_kept)
        if keep:
            values.sort()
            meldable -= sum(values[:keep])
        if count + meldable >= self.minimum:
            return POINTS
        if not self.exempt or live.dead + n_kept > 1:
            # the waiver needs the hand melded down to one card, and a card no meld
            # can take now never can later (melding only takes cards from the hand)
            return 0
        needed = self.rules.canastas_to_go_out
        if needed == 0 or n_aside:
            return WAIVER
        free = counts
        if n_kept and held is not None:
            counts, live = held, self.live(held, shapes)
        if self.need_run and not any(type(s) is RunShape and s.wild_at == NATURAL for s in shapes):
            return WAIVER if self.canastas_after_run(free, counts, shapes) >= needed else 0
        return WAIVER if self.canastas_possible(counts, shapes, live) >= needed else 0

    def canastas_after_run(self, free: dict[int, int], counts: dict[int, int], shapes: tuple[Shape, ...]) -> int:
        """The most canastas (:meth:`canastas_possible`) ``counts`` allows once a natural run of three of its
        ``free`` cards is laid, over every such run (0 if none).  The opening must hold a natural run
        (K-OPEN-2) and none is on the table, so one is laid from free cards as a new run of three
        natural cards in a row (a run laid with a wild card stays dirty, K-MELD-7), and its cards stay
        in a run: every finish ends as one from a position with that run laid, where the bound holds.
        """
        best = 0
        for suit in range(4):
            row = RUN_CELL[suit]
            for low in range(1, ACE_HIGH - 1):
                cells = (row[low], row[low + 1], row[low + 2])
                if not all(c in free for c in cells):
                    continue
                rest = dict(counts)
                for c in cells:
                    rest[c] -= 1
                    if not rest[c]:
                        del rest[c]
                laid = (*shapes, RunShape(RUN, suit, low, low + 2, NATURAL))
                best = max(best, self.canastas_possible(rest, laid, self.live(rest, laid)))
        return best

    def dead(self, counts: dict[int, int], shapes: tuple[Shape, ...]) -> int:
        """How many cards in hand can never be melded this turn (a player going out must discard them).

        Melding only takes cards from the hand, so a card that no meld on the
        table or in hand could take now never can later.  Black 3s count as
        meldable when a player going out could still meld them (C-THREE-2).
        """
        dead = self.live(counts, shapes).dead
        if self.rules.black_threes and self.situation.black3_ok:
            black_threes = sum(n for i, n in counts.items() if i in BLACK_THREE_INDICES)
            laid = sum(s.size for s in shapes if type(s) is SetShape and s.rank == 3)
            if black_threes and (
                (laid and laid + black_threes <= BLACK_THREE_MELD_MAX) or (not laid and black_threes >= MELD_MIN)
            ):
                dead -= black_threes
        return dead

    def live(self, counts: dict[int, int], shapes: tuple[Shape, ...]) -> Live:
        """Which cards in hand could join a meld (see :class:`Live`)."""
        tables = self.tables
        value = tables.value
        wilds = sum(n for i, n in counts.items() if IS_WILD[i])
        naturals = [0] * 15
        for i, n in counts.items():
            if not IS_WILD[i]:
                naturals[RANK_OF[i]] += n
        set_ranks = {s.rank for s in shapes if type(s) is SetShape and s.size < tables.max_size}
        covered = [[False] * 16 for _ in range(4)]
        runs = self.rules.runs
        # a suit where one gap may be filled by a wild: one from hand, or a run's
        # wild that its natural card (in hand) can push to an end (K-MELD-7)
        gap_ok = [wilds > 0] * 4
        if runs:
            for s in shapes:
                if type(s) is RunShape:
                    row = covered[s.suit]
                    for pos in range(s.low, s.high + 1):
                        row[pos] = True
                    if s.wild_at != NATURAL and RUN_CELL[s.suit][s.wild_at] in counts:
                        gap_ok[s.suit] = True
            for i in counts:
                if i != JOKER_INDEX:
                    suit = i % 4
                    rank = RANK_OF[i]
                    covered[suit][rank] = True
                    if rank == 1:
                        covered[suit][ACE_HIGH] = True
        values: list[int] = []
        dead = 0
        for i, n in counts.items():
            if i == JOKER_INDEX or (IS_WILD[i] and not runs):
                values.extend([value[i]] * n)
                continue
            rank = RANK_OF[i]
            ok = tables.set_rank[rank] and (
                rank in set_ranks or naturals[rank] >= MELD_MIN or (naturals[rank] == 2 and wilds > 0)
            )
            if not ok and runs:
                row = covered[i % 4]
                gap = gap_ok[i % 4]
                for pos in POSITIONS[rank]:
                    for low in _WINDOWS[pos]:
                        missing = (not row[low]) + (not row[low + 1]) + (not row[low + 2])
                        if missing == 0 or (missing == 1 and gap):
                            ok = True
                            break
                    if ok:
                        break
                if not ok and IS_WILD[i]:
                    ok = True  # a 2 can always stand as a wild card
            if ok:
                values.extend([value[i]] * n)
            else:
                dead += n
        return Live(values, dead, naturals, wilds)

    def canastas_possible(self, counts: dict[int, int], shapes: tuple[Shape, ...], live: Live) -> int:
        """At least as many canastas as the team could hold after melding the hand (``counts``).

        A canasta is a set of one rank or a run of one suit, of seven cards or more, with at
        most ``max_wilds`` wild cards (a set, and it keeps two natural cards) or one (a run);
        canastas share no card.  So the set canastas of a rank are at most its natural cards
        (in hand and in its sets on the table) over the naturals one needs, and at most those
        cards with every wild card in hand over seven, and none unless those cards with the
        wild cards a set may take reach seven; the run canastas of a suit likewise (six
        natural cards each), a 2 of the suit in hand counted as a natural card (its natural
        place, K-MELD-6), and none unless a run canasta could still be made
        (:meth:`_run_canasta`).  Counting every wild card for every rank and suit only makes the
        bound larger.
        """
        rules = self.rules
        tables = self.tables
        wilds = live.wilds
        extra = min(wilds, rules.max_wilds)
        per_set = max(2, CANASTA_SIZE - rules.max_wilds)
        set_naturals = [0] * 14
        set_cards = [0] * 14
        run_naturals = [0] * 4
        run_cards = [0] * 4
        for shape in shapes:
            if type(shape) is SetShape:
                set_naturals[shape.rank] += shape.naturals
                set_cards[shape.rank] += shape.size
            else:
                assert type(shape) is RunShape
                run_cards[shape.suit] += shape.high - shape.low + 1
                run_naturals[shape.suit] += shape.high - shape.low + (shape.wild_at == NATURAL)
        total = 0
        for rank in range(1, 14):
            held = live.naturals[rank]
            if not tables.set_rank[rank] or held + set_cards[rank] + extra < CANASTA_SIZE:
                continue
            total += min((held + set_naturals[rank]) // per_set, (held + set_cards[rank] + wilds) // CANASTA_SIZE)
        if rules.runs:
            suit_held = [0] * 4
            for i, n in counts.items():
                if i != JOKER_INDEX:  # a natural card, or a 2 (natural in its place)
                    suit_held[i % 4] += n
            for suit in range(4):
                if not self._run_canasta(counts, shapes, wilds, suit):
                    continue
                naturals = suit_held[suit] + run_naturals[suit]
                wild = run_cards[suit] - run_naturals[suit]
                total += min(naturals // (CANASTA_SIZE - 1), (naturals + wild + wilds) // CANASTA_SIZE)
        return total

    def _run_canasta(self, counts: dict[int, int], shapes: tuple[Shape, ...], wilds: int, suit: int) -> bool:
        """Whether a run canasta of ``suit`` could still be made (sound: it may say yes when none can).

        Runs never merge, so a run canasta is a run on the table lengthened by natural cards of the
        hand, or a new run of the hand's cards alone: seven run positions in a row held by the hand
        (a 2 at position 2, an ace at both ends) but for one gap a wild card fills, or one run on the
        table and positions on either side held by the hand.  The table run's wild card stays in the
        run: where it stands while its natural card is not in hand, no other gap may be filled (a
        run holds one wild card); when the hand holds that natural card, it may push the wild card
        on to fill one gap (K-MELD-7); a clean run may take a wild card from the hand for one.
        """
        held = [False] * (ACE_HIGH + 2)
        for i in counts:
            if i != JOKER_INDEX and i % 4 == suit:
                held[RANK_OF[i]] = True
                if RANK_OF[i] == 1:
                    held[ACE_HIGH] = True
        last = ACE_HIGH - CANASTA_SIZE + 1  # the lowest position of the highest window
        for low in range(1, last + 1):
            missing = sum(not held[pos] for pos in range(low, low + CANASTA_SIZE))
            if missing == 0 or (missing == 1 and wilds):
                return True
        for shape in shapes:
            if type(shape) is not RunShape or shape.suit != suit:
                continue
            if shape.high - shape.low + 1 >= CANASTA_SIZE:
                return True
            gap = wilds > 0 if shape.wild_at == NATURAL else held[shape.wild_at]
            for low in range(max(1, shape.high - CANASTA_SIZE + 1), min(shape.low, last) + 1):
                missing = sum(
                    not held[pos] for pos in range(low, low + CANASTA_SIZE) if not shape.low <= pos <= shape.high
                )
                if missing == 0 or (missing == 1 and gap):
                    return True
        return False


def _natural_window(counts: dict[int, int]) -> bool:
    """Whether the hand holds three natural cards in a row of one suit (a natural run, K-OPEN-2)."""
    for suit in range(4):
        row = RUN_CELL[suit]
        run = 0
        for pos in range(1, ACE_HIGH + 1):
            if row[pos] in counts:
                run += 1
                if run >= MELD_MIN:
                    return True
            else:
                run = 0
    return False
