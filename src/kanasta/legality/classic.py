"""E-2 for sets-only games with one meld per rank (Classic Canasta) — internal.

The turn's plans are counted by rank, so whether the turn can be finished is a
short greedy computation instead of a search: :func:`classic_finishable`.
The hand is counted by what matters in such a game (:class:`HandCounts`): the
natural cards of each rank that makes sets, the jokers, the 2s, the black 3s.
All values are in half points.
"""

from __future__ import annotations

import enum
from itertools import combinations_with_replacement

from kanasta.cards import Card
from kanasta.legality.situation import Pos
from kanasta.legality.tables import IS_WILD, JOKER_INDEX, RANK_OF, TWO_OF, SetShape, Tables
from kanasta.rulebook import BLACK_THREE_MELD_MAX, CANASTA_SIZE, MELD_MIN

RANKS = range(1, 14)


class Other(enum.Enum):
    """A card that is not a natural card of a rank that makes sets: what may be kept or discarded."""

    JOKER = "joker"
    TWO = "two"
    BLACK_THREE = "black three"


Kept = int | Other
"""A card kind kept in hand or discarded: a rank number (its natural card) or an :class:`Other`."""


class HandCounts:
    """A hand counted by what matters in a sets-only game.

    >>> import kanasta
    >>> t = kanasta.legality.tables.tables_for(kanasta.Rules.classic())
    >>> c = HandCounts(kanasta.parse_cards("3C 5D 5S JK 2H"), t)
    >>> c.naturals[5], c.jokers, c.twos, c.black_threes
    (2, 1, 1, 1)
    """

    __slots__ = ("naturals", "jokers", "twos", "black_threes")

    def __init__(self, hand: tuple[Card, ...], tables: Tables) -> None:
        #: rank number -> natural cards of that rank (ranks that make sets)
        self.naturals = [0] * 14
        self.jokers = self.twos = self.black_threes = 0
        for card in hand:
            index = card.index
            if index == JOKER_INDEX:
                self.jokers += 1
            elif IS_WILD[index]:
                self.twos += 1
            elif tables.set_rank[RANK_OF[index]]:
                self.naturals[RANK_OF[index]] += 1
            else:
                self.black_threes += 1

    def kinds(self, tables: Tables, *, black_threes: bool = False) -> list[Kept]:
        """The kinds of card in hand (a rank number per rank that makes sets, then the others)."""
        out: list[Kept] = [rank for rank in RANKS if tables.set_rank[rank] and self.naturals[rank]]
        if self.jokers:
            out.append(Other.JOKER)
        if self.twos:
            out.append(Other.TWO)
        if black_threes and self.black_threes:
            out.append(Other.BLACK_THREE)
        return out


def classic_finishable(situation: Pos) -> bool:
    """Whether the turn can be finished from ``situation`` (E-2), for rules with ``Tables.classic_fast``.

    Classic, a team at 0 that must reach 50 points (100 half points, C-OPEN-1) after laying cards:

    >>> import kanasta
    >>> from kanasta.legality.tables import tables_for
    >>> laid = Pos(
    ...     tables_for(kanasta.Rules.classic()), kanasta.parse_cards("5C 5D 5H KS KH KD JK 9C 9D"), (),
    ...     opened=False, laid=True, laid_count=0, minimum=100, aside=(), forbidden=None, must_out=False,
    ...     no_out=False, out_exempt=False, discard_empty_ok=True, black3_ok=True,
    ... )
    >>> classic_finishable(laid)  # 5s (15) + kings (30) + the joker (50): 95 points, two 9s stay
    True
    >>> classic_finishable(laid._replace(hand=kanasta.parse_cards("5C 5D 5H 9C 9D 4S")))  # 15 at most
    False
    """
    tables = situation.tables
    counts = HandCounts(situation.hand, tables)
    by_rank: dict[int, SetShape] = {}
    black_three_meld = 0  # the size of the team's meld of black 3s, 0 when there is none
    for meld in situation.shapes:
        assert isinstance(meld, SetShape)  # sets only
        if tables.black_three_set[meld.rank]:
            black_three_meld = meld.size
        else:
            by_rank[meld.rank] = meld
    if situation.aside:
        # The rest of a pile taken before the team was down waits aside until
        # the minimum is reached, then joins the hand (C-PILE-5).  Asking and
        # black-3 melds are not offered meanwhile, so the player neither must
        # nor may not go out here.
        need = situation.minimum - situation.laid_count
        waiting = len(situation.aside)
        if _reaches_keeping(counts, by_rank, tables, need, max(0, 2 - waiting)):
            return True
        if waiting == 1 and situation.discard_empty_ok and not situation.no_out:
            # meld the whole hand, get down, then discard the one card that joined
            return _goes_out(situation, counts, by_rank, black_three_meld, tables, need, discard=False)
        return False
    if not situation.opened and not situation.must_out:
        need = situation.minimum - situation.laid_count
        if _reaches_keeping(counts, by_rank, tables, need, 2):
            return True
    if situation.no_out:
        return False
    need = 0 if (situation.opened or situation.out_exempt) else situation.minimum - situation.laid_count
    return _goes_out(situation, counts, by_rank, black_three_meld, tables, need)


def _wild_room(tables: Tables, naturals: int, wilds: int) -> int:
    """How many more wild cards a set with these cards may take."""
    rules = tables.rules
    room = rules.max_wilds - wilds
    if rules.wilds_within_naturals:
        room = min(room, naturals - wilds)
    return max(room, 0)


def _best_keeping(
    naturals: list[int], jokers: int, twos: int, by_rank: dict[int, SetShape], tables: Tables
) -> tuple[int, int]:
    """(most value melded from hand, cards kept in that plan) — no black 3s melded."""
    value = 0
    kept = 0
    room = 0
    pairs: list[int] = []
    rank_value = tables.rank_value
    for rank in RANKS:
        if not tables.set_rank[rank]:
            continue
        n = naturals[rank]
        meld = by_rank.get(rank)
        if meld is not None:
            room += _wild_room(tables, meld.naturals + n, meld.wilds)
            value += n * rank_value[rank]
        elif n >= MELD_MIN:
            room += _wild_room(tables, n, 0)
            value += n * rank_value[rank]
        elif n == 2:
            pairs.append(rank_value[rank])
        else:
            kept += n
    wilds = jokers + twos
    pairs.sort(reverse=True)
    completed = min(wilds, len(pairs))  # natural pairs made sets with a wild card
    for pair_value in pairs[:completed]:
        value += 2 * pair_value
        room += _wild_room(tables, 2, 0) - 1
    kept += 2 * (len(pairs) - completed)
    used = completed + min(wilds - completed, room)
    kept += wilds - used
    jokers_used = min(jokers, used)
    value += jokers_used * tables.value[JOKER_INDEX] + (used - jokers_used) * tables.value[TWO_OF[0]]
    return value, kept


def _reaches_keeping(counts: HandCounts, by_rank: dict[int, SetShape], tables: Tables, need: int, keep: int) -> bool:
    """Can melds from hand add ``need`` half points while keeping ``keep`` cards?"""
    value, kept = _best_keeping(counts.naturals, counts.jokers, counts.twos, by_rank, tables)
    kept += counts.black_threes
    if value < need:
        return False
    if kept >= keep:
        return True
    short = keep - kept
    for held in combinations_with_replacement(counts.kinds(tables), short):
        naturals = list(counts.naturals)
        jokers, twos = counts.jokers, counts.twos
        for kind in held:
            if kind is Other.JOKER:
                jokers -= 1
            elif kind is Other.TWO:
                twos -= 1
            else:
                assert isinstance(kind, int)
                naturals[kind] -= 1
        if jokers < 0 or twos < 0 or min(naturals) < 0:
            continue
        value, kept = _best_keeping(naturals, jokers, twos, by_rank, tables)
        if value >= need and kept + counts.black_threes + short >= keep:
            return True
    return False


def _goes_out(
    situation: Pos, counts: HandCounts, by_rank: dict[int, SetShape], black_three_meld: int, tables: Tables, need: int,
    *, discard: bool = True,
) -> bool:
    """Can every card but at most one (discarded) be melded, with the canastas needed?"""
    rules = tables.rules
    total_value = sum(tables.value[c.index] for c in situation.hand)
    discards: list[Kept | None] = [None]
    if situation.discard_empty_ok and discard:
        discards += counts.kinds(tables, black_threes=True)
    for dropped in discards:
        naturals = counts.naturals
        jokers, twos, black_threes = counts.jokers, counts.twos, counts.black_threes
        dropped_value = 0
        if dropped is Other.JOKER:
            jokers -= 1
            dropped_value = tables.value[JOKER_INDEX]
        elif dropped is Other.TWO:
            twos -= 1
            dropped_value = tables.value[TWO_OF[0]]
        elif dropped is Other.BLACK_THREE:
            black_threes -= 1
            dropped_value = tables.rank_value[3]
        elif dropped is not None:
            assert isinstance(dropped, int)
            naturals = list(naturals)
            naturals[dropped] -= 1
            dropped_value = tables.rank_value[dropped]
        # ``need`` is what the turn still lacks (minimum minus the count laid so far)
        if need > 0 and total_value - dropped_value < need:
            continue
        if black_threes and (
            not situation.black3_ok
            or black_threes + black_three_meld > BLACK_THREE_MELD_MAX
            or (black_three_meld == 0 and black_threes < MELD_MIN)
        ):
            continue
        most = _most_canastas_melding_all(naturals, jokers, twos, by_rank, tables)
        if most is not None and most >= rules.canastas_to_go_out:
            return True
    return False


def _most_canastas_melding_all(
    naturals: list[int], jokers: int, twos: int, by_rank: dict[int, SetShape], tables: Tables
) -> int | None:
    """Most canastas when all these cards are melded; None when they cannot all be."""
    pairs = 0  # natural pairs, each needing a wild card to become a set
    room_total = 0
    done = 0
    short_of_canasta: list[int] = []
    for rank in RANKS:
        if not tables.set_rank[rank]:
            continue
        n = naturals[rank]
        meld = by_rank.get(rank)
        if meld is not None:
            size = meld.size + n
            room = _wild_room(tables, meld.naturals + n, meld.wilds)
        elif n >= MELD_MIN:
            size = n
            room = _wild_room(tables, n, 0)
        elif n == 2:
            pairs += 1
            size = 3
            room = _wild_room(tables, 2, 0) - 1
            if room < 0:  # pragma: no cover - max_wilds >= 1
                return None
        elif n == 1:
            return None
        else:
            continue
        room_total += room
        if size >= CANASTA_SIZE:
            done += 1
        elif CANASTA_SIZE - size <= room:
            short_of_canasta.append(CANASTA_SIZE - size)
    wilds = jokers + twos
    if wilds < pairs or wilds - pairs > room_total:
        return None
    spare = wilds - pairs
    short_of_canasta.sort()
    for missing in short_of_canasta:
        if missing > spare:
            break
        spare -= missing
        done += 1
    return done
