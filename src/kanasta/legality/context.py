"""What every legality question about the current turn needs, worked out once — internal.

:class:`Ctx` is built once per question (a listing of moves, the check of one
move) from a :class:`~kanasta.position.Position`: the seat that acts, its
hand and team melds (with their solver shapes, sizes and canastas),
whether the team is down, the opening minimum, the options in play, and the
question's work budget.  The one-move checks (:mod:`kanasta.legality.checks`)
and the move generator (:mod:`kanasta.legality.moves`) both read it; so does
the engine.  The card helpers both need (:func:`sort_cards`,
:func:`remove_cards`) live here too.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable
from typing import Final

from kanasta.cards import Card
from kanasta.legality.budget import Work
from kanasta.legality.situation import Pos
from kanasta.legality.tables import Shape, tables_for, team_view
from kanasta.position import Phase, Position
from kanasta.rulebook import Problem, empty_problem

BY_INDEX: Final = operator.attrgetter("index")
"""Sort key: cards by :attr:`~kanasta.Card.index`."""


def sort_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    """``cards`` in index order (the order of a hand).

    >>> import kanasta
    >>> kanasta.format_cards(sort_cards(kanasta.parse_cards("KS 2C AH")))
    'AH 2C KS'
    """
    return tuple(sorted(cards, key=BY_INDEX))


def remove_cards(hand: tuple[Card, ...], cards: Iterable[Card]) -> tuple[Card, ...] | None:
    """``hand`` without ``cards`` (a multiset difference), or None if some are missing.

    >>> import kanasta
    >>> hand = kanasta.parse_cards("5C 5C 9H")
    >>> kanasta.format_cards(remove_cards(hand, kanasta.parse_cards("5C")))
    '5C 9H'
    >>> remove_cards(hand, kanasta.parse_cards("9H 9H")) is None
    True
    """
    rest = list(hand)
    for c in cards:
        try:
            rest.remove(c)
        except ValueError:
            return None
    return tuple(rest)


class Ctx:
    """What every check of the current player's turn needs, computed once per question.

    >>> import kanasta
    >>> ctx = Ctx(kanasta.new_game(kanasta.Rules.classic(), seed=1))
    >>> ctx.seat == ctx.position.player, len(ctx.hand), ctx.opened, ctx.shapes
    (True, 11, False, ())
    >>> ctx.minimum  # a team at 0 needs 50 points (C-OPEN-1), in half points
    100
    """

    __slots__ = (
        "position", "rules", "tables", "seat", "team", "hand", "melds", "turn", "opened", "minimum",
        "out_exempt", "discard_empty_ok", "black3_ok", "shapes", "sizes",
        "n_canastas", "natural_runs", "work",
    )

    def __init__(self, s: Position) -> None:
        rules = s.rules
        self.position = s
        self.rules = rules
        self.tables = tables_for(rules)
        seat = s.player
        if s.phase is Phase.ANSWER:
            seat = (seat + 2) % rules.players
        self.seat = seat
        self.team = team = seat % rules.teams
        self.hand = s.hands[seat]
        self.melds = s.melds[team]
        self.turn = s.turn
        self.opened = s.opened[team]
        self.out_exempt = (
            rules.concealed_bonus is not None
            and s.turn.drew == "stock"
            and not self.opened
            and s.turn.first_meld
            and not s.turn.added_to_old
        )
        self.discard_empty_ok = not (
            rules.packet_team_melds_out and s.packets and s.packets_taken[team] > 0
        )
        # Decision: while the rest of a pile waits aside (C-PILE-5) the player's
        # hand is not complete, so black-3 melds (which bind the player to go
        # out) and asking partner are not offered until the team is down.
        self.black3_ok = rules.black_threes and rules.black_three_meld_going_out and not s.turn.aside
        view = team_view(self.tables, s.scores[team], self.melds)
        #: the team's opening minimum (half points, C-OPEN-1, K-OPEN-3)
        self.minimum = view.minimum
        #: the team's melds as solver shapes, and their sizes
        self.shapes: tuple[Shape, ...] = view.shapes
        self.sizes = view.sizes
        #: the team's canastas and natural runs (K-OPEN-2)
        self.n_canastas = view.canastas
        self.natural_runs = view.natural_runs
        # the E-2 searches of this question share one memo and one work budget
        self.work = Work()

    def pos(
        self,
        hand: tuple[Card, ...],
        shapes: tuple[Shape, ...],
        *,
        opened: bool,
        laid: bool,
        count: int,
        aside: tuple[Card, ...],
        must_out: bool,
        no_out: bool,
        taken_single: Card | None = None,
    ) -> Pos:
        """The solver's view of a position of this turn.

        ``taken_single`` is the card of a one-card pile about to be taken (K-PILE-3)
        when checking a take; otherwise the turn's forbidden card applies.
        """
        return Pos(
            self.tables, hand, shapes, opened=opened, laid=laid, laid_count=count, minimum=self.minimum,
            aside=aside, forbidden=taken_single if taken_single is not None else self.turn.forbidden,
            must_out=must_out, no_out=no_out, out_exempt=self.out_exempt,
            discard_empty_ok=self.discard_empty_ok,
            black3_ok=self.black3_ok, work=self.work,
        )

    def here(self, *, laid: bool, must_out: bool, no_out: bool) -> Pos:
        """The solver's view of the position as it stands (the current hand and melds)."""
        turn = self.turn
        return self.pos(
            self.hand, self.shapes, opened=self.opened, laid=laid, count=turn.count_halves,
            aside=turn.aside, must_out=must_out, no_out=no_out,
        )

    def empty_problem(self, n_canastas: int, opened: bool, *, by_discard: bool) -> Problem | None:
        """May the player empty the hand now (go out, pick up a packet)?  :func:`kanasta.rulebook.empty_problem`."""
        return empty_problem(
            self.rules, canastas=n_canastas, opened=opened, exempt=self.out_exempt,
            answer_no=self.turn.answer is False, by_discard=by_discard, discard_ok=self.discard_empty_ok,
        )
