"""The work budget of one legality question — internal.

One :class:`Work` serves one question (a listing of moves, the check of one
move): every E-2 search made for it shares its memo tables and counts its
nodes against :data:`SEARCH_BUDGET`.
"""

from __future__ import annotations

from typing import NoReturn

from kanasta.errors import EngineLimitError

SEARCH_BUDGET = 250_000
"""The most search nodes one legality question may expand: the engine's work budget.

A question is what one :class:`Work` serves: the listing of a position's moves
(``legal_actions()``), or the check of one move.  A node costs time in
proportion to the cards in hand and the melds on the table: for hands of 36
to 40 cards, about 5 microseconds in the core and about 0.3 milliseconds in
CPython, so a question costs the native engine about a second at most (the
Python engine a minute or two); past the budget the search raises
:class:`~kanasta.EngineLimitError` and keeps nothing.  Ordinary play stays far
below it (the most any listing needed in 30 seeded random Kanasta games,
69,483 moves, was 7,308 nodes); bot-played games of rule variants whose
hands grow to 36 to 40 cards that only the K-OPEN-4 waiver can open needed up
to 198,289 (a million moves of them, in the soak of ``benchmarks/soak.py``).
"""


class Work:
    """The memo tables and the node count of one legality question (a listing, a check).

    Every search made for the same question shares the tables (the candidate
    moves of a listing reach many of the same positions), and nothing outlives
    the question: the engine keeps no search results between calls.
    """

    __slots__ = ("memos", "nodes", "limit")

    def __init__(self, limit: int | None = None) -> None:
        self.memos: dict[tuple[object, ...], dict[tuple[object, ...], bool]] = {}
        #: search nodes expanded so far (deterministic: the benchmarks and tests read it)
        self.nodes = 0
        self.limit = SEARCH_BUDGET if limit is None else limit

    def table(self, flags: tuple[object, ...]) -> dict[tuple[object, ...], bool]:
        """The memo table of the searches with these flags (a node's answer depends on its key and them)."""
        found = self.memos.get(flags)
        if found is None:
            found = self.memos[flags] = {}
        return found

    def give_up(self) -> NoReturn:
        """Raise :class:`~kanasta.EngineLimitError`: the question needs more than the budget.

        The search counts its nodes in :attr:`nodes` and calls this once past :attr:`limit`.

        >>> Work(limit=10).give_up()
        Traceback (most recent call last):
        kanasta.errors.EngineLimitError: deciding ... (E-2) needs more than 10 search steps here; ...
        """
        raise EngineLimitError(
            f"deciding whether the turn can be finished (E-2) needs more than {self.limit:,} "
            "search steps here; the engine's work budget for one question"
        )
