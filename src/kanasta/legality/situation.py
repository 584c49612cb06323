"""The situation the E-2 solver is asked about — internal.

:class:`Pos` is the situation after a candidate move (the hand, the team's
melds as shapes, the opening count, the flags of the turn); :func:`may_empty`
asks the rulebook's one emptying check about it.
"""

from __future__ import annotations

from typing import NamedTuple

from kanasta.cards import Card
from kanasta.legality.budget import Work
from kanasta.legality.tables import Shape, Tables
from kanasta.rulebook import empty_problem


class Pos(NamedTuple):
    """The situation after a candidate move, as the solver needs it (values in half points).

    >>> import kanasta
    >>> from kanasta.legality.tables import tables_for
    >>> from kanasta.legality.finish import finishable
    >>> here = Pos(
    ...     tables_for(kanasta.Rules.classic()), kanasta.parse_cards("5C 5D 9H"), (), opened=True,
    ...     laid=True, laid_count=0, minimum=100, aside=(), forbidden=None, must_out=False, no_out=False,
    ...     out_exempt=False, discard_empty_ok=True, black3_ok=True,
    ... )
    >>> finishable(here), finishable(here._replace(must_out=True))
    (True, False)
    """

    tables: Tables
    hand: tuple[Card, ...]
    shapes: tuple[Shape, ...]
    """The team's melds (:func:`~kanasta.legality.tables.shape_of`)."""
    opened: bool
    """Whether the team is down (open)."""
    laid: bool
    """Whether the player laid cards this turn (then the team must be down to discard)."""
    laid_count: int
    """What the turn laid so far, for the opening minimum."""
    minimum: int
    """The team's opening minimum."""
    aside: tuple[Card, ...]
    """The rest of a pile taken before the team was down, waiting (C-PILE-5)."""
    forbidden: Card | None
    """The card that may not be discarded this turn (K-PILE-3), if any."""
    must_out: bool
    """The player must go out this turn (C-OUT-3 "yes", C-THREE-2)."""
    no_out: bool
    """The player may not go out this turn (C-OUT-3 "no")."""
    out_exempt: bool
    """A concealed going-out needs no opening (C-OUT-4)."""
    discard_empty_ok: bool
    """The last card may be discarded (K-OUT-4)."""
    black3_ok: bool
    """Black 3s may be melded (by a player going out, C-THREE-2)."""
    work: Work | None = None
    """The question's memo and work budget (a fresh one when None)."""


def discard_empties_ok(situation: Pos, card: Card, n_canastas: int) -> bool:
    """Whether the last card may be discarded, emptying the hand (the rulebook's emptying check)."""
    return card is not situation.forbidden and may_empty(situation, n_canastas, situation.opened, by_discard=True)


def may_empty(situation: Pos, n_canastas: int, opened: bool, *, by_discard: bool) -> bool:
    """Whether the hand may be emptied in ``situation`` with ``n_canastas`` and the team ``opened``."""
    return empty_problem(
        situation.tables.rules, canastas=n_canastas, opened=opened, exempt=situation.out_exempt,
        answer_no=situation.no_out, by_discard=by_discard, discard_ok=situation.discard_empty_ok,
    ) is None
