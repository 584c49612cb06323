"""Can the turn still be finished? (RULES E-2) — internal.

The engine offers a move only if, after it, the player can still end the turn
legally: discard with cards left (or empty the hand where the rules allow it),
after reaching the opening minimum when cards were laid, going out when bound to
(C-OUT-3 "yes", C-THREE-2) and not going out when forbidden (C-OUT-3 "no").

:func:`finishable` answers that for a :class:`Pos`, the situation after a
candidate move.  Most positions are settled by a constant-time test (the team
is open and two cards are left).  The rest go to one of two exact searches:

* :func:`~kanasta.legality.classic.classic_finishable` — sets only, one meld per rank (Classic Canasta): the turn's
  plans are counted by rank, so the answer is a short greedy computation;
* :func:`~kanasta.legality.search.search` — any rules: a depth-first search over single-card steps
  (new three-card melds, one card added to a meld) with memoisation.  A
  multi-card move of the engine is a sequence of such steps, so both see the
  same reachable end positions.

All values are in half points.
"""

from __future__ import annotations

from kanasta.legality.classic import classic_finishable
from kanasta.legality.search import search
from kanasta.legality.situation import Pos, discard_empties_ok
from kanasta.legality.tables import shape_canastas


def finishable(situation: Pos) -> bool:
    """Whether the player can still end the turn legally from ``situation`` (E-2)."""
    hand = situation.hand
    n = len(hand)
    ready = situation.opened or not situation.laid
    if ready and not situation.must_out and n >= 2 and (
        situation.forbidden is None or any(c is not situation.forbidden for c in hand)
    ):
        return True
    if n == 1 and discard_empties_ok(situation, hand[0], shape_canastas(situation.shapes)):
        return True
    if n == 0:  # pragma: no cover - the engine settles emptied hands itself
        return False
    if situation.tables.classic_fast and situation.forbidden is None:
        return classic_finishable(situation)
    return search(situation)

