"""The situation the E-2 solver is asked about — internal.

:class:`Pos` is the situation after a candidate move (the hand, the team's
melds as shapes, the opening count, the flags of the turn); :func:`may_empty`
asks the rulebook's one emptying check about it.
"""

from __future__ import annotations

from kanasta.cards import Card
from kanasta.legality.budget import Work
from kanasta.legality.tables import Shape, Tables
from kanasta.rulebook import empty_problem


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


def discard_empties_ok(p: Pos, card: Card, n_canastas: int) -> bool:
    """Whether the last card may be discarded, emptying the hand (the rulebook's emptying check)."""
    return card is not p.forbidden and may_empty(p, n_canastas, p.opened, by_discard=True)


def may_empty(p: Pos, n_canastas: int, opened: bool, *, by_discard: bool) -> bool:
    return empty_problem(
        p.t.rules, canastas=n_canastas, opened=opened, exempt=p.out_exempt, answer_no=p.no_out,
        by_discard=by_discard, discard_ok=p.discard_empty_ok,
    ) is None

