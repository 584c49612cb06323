"""The rules that more than one part of the library applies, each written once.

Every check of a move, the move generator, the E-2 search, the engine's
chores and the position reader ask these predicates and constants instead of
spelling a rule out again.  Each carries its RULES ID, so a reader finds a rule
by its ID (search this file for ``C-OUT-1``).

The module knows cards and :class:`~kanasta.Rules` only: it sits below melds,
positions and the engine.

>>> import kanasta
>>> from kanasta import rulebook
>>> rulebook.CANASTA_SIZE, rulebook.MELD_MIN
(7, 3)
>>> rulebook.rule_id(kanasta.Rules.kanasta(), rulebook.Concept.EMPTY_NEEDS_CANASTAS)
'K-OUT-1'
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import Final

from kanasta.cards import Card
from kanasta.rules import Rules

__all__ = [
    "CANASTA_SIZE",
    "MELD_MIN",
    "Concept",
    "Problem",
    "canastas_in",
    "empty_problem",
    "freezes_pile",
    "frozen_for",
    "is_black_three_set",
    "is_bonus_three",
    "is_canasta",
    "part",
    "rule_id",
    "team_opens",
    "unmeldable_top",
]

Problem = tuple[str, str]
"""``(RULES ID, message)``: why a move or a meld is not legal."""

CANASTA_SIZE: Final = 7
"""A meld of seven cards or more is a canasta (G-MELD-2, C-MELD-3, K-MELD-8)."""

MELD_MIN: Final = 3
"""A meld is laid with at least three cards (C-MELD-1, K-MELD-1, K-MELD-2)."""

BLACK_THREE_MELD_MAX: Final = 4
"""A meld of black 3s has three or four cards, never a wild (C-THREE-2)."""


# ---------------------------------------------------------------- rule IDs


class Concept(enum.Enum):
    """A rule that both rulebooks state, under a different ID in each (see :func:`rule_id`).

    >>> from kanasta.rulebook import Concept
    >>> Concept.NOT_OPEN.value
    ('C-OPEN-2', 'K-OPEN-1')
    """

    #: The hand is emptied only when the team has the canastas required.
    EMPTY_NEEDS_CANASTAS = ("C-OUT-1", "K-OUT-1")
    #: The team is not open (down) yet.
    NOT_OPEN = ("C-OPEN-2", "K-OPEN-1")
    #: What a meld is (sizes, ranks, natural cards).
    MELD = ("C-MELD-1", "K-MELD-1")
    #: A meld of wild cards only.
    WILDS_ONLY = ("C-MELD-2", "K-MELD-4")
    #: Too few natural cards, or more wild cards than a meld may hold.
    NATURALS_AND_WILDS = ("C-MELD-1", "K-MELD-4")
    #: A card of another rank added to a set.
    WRONG_RANK = ("C-MELD-2", "K-MELD-1")
    #: Taking an empty pile.
    EMPTY_PILE = ("C-PILE-1", "K-PILE-1")
    #: Holding one card, a one-card pile cannot be taken.
    ONE_CARD_PILE = ("C-PILE-6", "K-PILE-2")


def part(rules: Rules) -> int:
    """Which rulebook's text governs ``rules``: 0 for Part C (Classic), 1 for Part K (Kanasta).

    The one place the choice is made: runs exist only in Part K, so rules with
    runs are read under Part K's IDs.  No check asks this; only the ID a
    problem is reported under depends on it.

    >>> import kanasta
    >>> part(kanasta.Rules.classic(2)), part(kanasta.Rules.kanasta())
    (0, 1)
    """
    return 1 if rules.runs else 0


def rule_id(rules: Rules, concept: Concept) -> str:
    """The RULES ID under which ``rules`` state ``concept`` (the explicit table :class:`Concept`).

    >>> import kanasta
    >>> rule_id(kanasta.Rules.classic(), Concept.NOT_OPEN), rule_id(kanasta.Rules.kanasta(), Concept.NOT_OPEN)
    ('C-OPEN-2', 'K-OPEN-1')
    """
    return concept.value[part(rules)]


# ---------------------------------------------------------------- cards


def is_bonus_three(rules: Rules, card: Card) -> bool:
    """A red 3 that is a bonus card, laid face up and never held (C-THREE-1).

    >>> import kanasta
    >>> red = kanasta.parse_card("3H")
    >>> is_bonus_three(kanasta.Rules.classic(), red), is_bonus_three(kanasta.Rules.kanasta(), red)
    (True, False)
    """
    return rules.red_threes and card.is_red_three


def unmeldable_top(rules: Rules, card: Card) -> bool:
    """A wild card or a (bonus) red 3: with it on top the pile cannot be taken to a meld (C-PILE-2).

    >>> import kanasta
    >>> c = kanasta.Rules.classic()
    >>> [unmeldable_top(c, kanasta.parse_card(x)) for x in ("JK", "2C", "3D", "3C", "9S")]
    [True, True, True, False, False]
    """
    return card.is_wild or is_bonus_three(rules, card)


def freezes_pile(rules: Rules, card: Card) -> bool:
    """A card that freezes the pile while it is in it: a wild card or a red 3 (C-PILE-3, C-DEAL-2).

    >>> import kanasta
    >>> [freezes_pile(r, kanasta.JOKER) for r in (kanasta.Rules.classic(), kanasta.Rules.kanasta())]
    [True, False]
    """
    return rules.pile_freezing and unmeldable_top(rules, card)


def frozen_for(rules: Rules, *, pile_frozen: bool, opened: bool) -> bool:
    """Whether the pile is taken only with a natural pair: frozen, or the team not down (C-PILE-3).

    >>> import kanasta
    >>> frozen_for(kanasta.Rules.classic(), pile_frozen=False, opened=False)
    True
    """
    return rules.pile_freezing and (not opened or pile_frozen)


def is_black_three_set(rules: Rules, rank: int) -> bool:
    """Whether a set of ``rank`` is a black-3 meld, which binds its player to go out (C-THREE-2).

    >>> import kanasta
    >>> is_black_three_set(kanasta.Rules.classic(), 3), is_black_three_set(kanasta.Rules.kanasta(), 3)
    (True, False)
    """
    return rank == 3 and rules.black_threes


# ---------------------------------------------------------------- melds


def is_canasta(size: int) -> bool:
    """Whether a meld of ``size`` cards is a canasta (G-MELD-2).

    >>> is_canasta(6), is_canasta(7)
    (False, True)
    """
    return size >= CANASTA_SIZE


def canastas_in(sizes: Iterable[int]) -> int:
    """How many of the meld sizes ``sizes`` (an iterable of ints) are canastas (G-MELD-2).

    >>> canastas_in([3, 7, 8, 6])
    2
    """
    return sum(1 for size in sizes if size >= CANASTA_SIZE)


# ---------------------------------------------------------------- turn rules


def team_opens(
    rules: Rules, *, minimum: int, count: int, natural_run: bool, cards_left: int
) -> bool:
    """Whether a team that is not down is down (open) now (C-OPEN-2, K-OPEN-1 to K-OPEN-4).

    ``count`` is what the turn laid and ``minimum`` the opening minimum, both
    in half points; ``natural_run`` whether the team has a natural run
    (K-OPEN-2, needed when ``opening_natural_run``); ``cards_left`` the cards
    left in the player's hand (K-OPEN-4: one or none waives the minimum).

    >>> import kanasta
    >>> k = kanasta.Rules.kanasta()
    >>> team_opens(k, minimum=9, count=8, natural_run=True, cards_left=3)
    False
    >>> team_opens(k, minimum=9, count=8, natural_run=True, cards_left=1)
    True
    >>> team_opens(k, minimum=9, count=20, natural_run=False, cards_left=3)
    False
    """
    if rules.opening_natural_run and not natural_run:
        return False
    return count >= minimum or (rules.opening_one_card_exempt and cards_left <= 1)


def empty_problem(
    rules: Rules,
    *,
    canastas: int,
    opened: bool,
    exempt: bool,
    answer_no: bool,
    by_discard: bool,
    discard_ok: bool,
) -> Problem | None:
    """May the player empty the hand now (go out, or pick up a packet)?  The one emptying check.

    ``canastas``: the team's canastas once the move is made; ``opened``:
    whether the team is then down; ``exempt``: the concealed going-out that
    needs no opening (C-OUT-4); ``answer_no``: partner answered no (C-OUT-3);
    ``by_discard``: the last card is discarded; ``discard_ok``: K-OUT-4 allows
    that.  The checks of one move, the move generator and the E-2 search all
    ask this (C-OUT-1, C-OUT-3, C-OPEN-2, K-OUT-1, K-OPEN-1, K-OUT-4).

    >>> import kanasta
    >>> c2 = kanasta.Rules.classic(2)
    >>> empty_problem(c2, canastas=1, opened=True, exempt=False, answer_no=False, by_discard=False, discard_ok=True)
    ('C-OUT-1', 'the team needs 2 canasta(s) before a hand may be emptied')
    >>> empty_problem(c2, canastas=2, opened=True, exempt=False, answer_no=False, by_discard=True, discard_ok=True)
    """
    if answer_no:
        return ("C-OUT-3", "partner answered no: you may not go out this turn")
    if canastas < rules.canastas_to_go_out:
        return (
            rule_id(rules, Concept.EMPTY_NEEDS_CANASTAS),
            f"the team needs {rules.canastas_to_go_out} canasta(s) before a hand may be emptied",
        )
    if not opened and not exempt:
        return (rule_id(rules, Concept.NOT_OPEN), "the team is not down (open) yet")
    if by_discard and not discard_ok:
        return ("K-OUT-4", "your team took a packet and another is on the table: the last card must be melded")
    return None
