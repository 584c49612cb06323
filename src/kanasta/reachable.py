"""Reachable positions: the one check that a game could be in a position, whatever its fields say.

:func:`unreachable` is what only the whole position can tell, after every field agrees with the
others: the position readers (:meth:`State.from_dict <kanasta.State.from_dict>`) refuse a
position for it, and :func:`kanasta.sample_state` deals again.  It asks the engine (the legal
moves, the check of asking partner), so it sits above the engine and below the facade; the
reading of documents sits above it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, Protocol, runtime_checkable

import attrs

from kanasta import engine
from kanasta.actions import ASK, Action, TakePile
from kanasta.errors import EngineLimitError
from kanasta.position import Phase, Position

__all__ = ["CANNOT_SEARCH", "unreachable"]

CANNOT_SEARCH: Final = "the engine cannot search this position"
"""How a document whose legal moves need more than the work budget is refused (the path ``""``);
the native core's reader refuses it with the same words."""


def unreachable(state: Position) -> tuple[str, str] | None:
    """Why no game could be in ``state``: (dotted path, message with the RULES ID), or None if one could.

    This is what only the whole position tells, checked after every field
    agrees with the others; :meth:`State.from_dict` refuses a position for
    it and :func:`kanasta.sample_state` deals again.  In order:

    * **the stock ran out where the hand would have ended.**  With
      ``stock_end="end_of_turn"`` (K-OUT-6, and the C-OUT-5 option) the hand
      ends with the turn in which the last stock card was drawn, so an empty
      stock is seen only in that turn (``turn.last_stock``).  With
      ``"pile_play"`` (C-OUT-5) a turn that starts at an empty stock, in the
      draw phase, belongs to a player who can take the pile; if not, the hand
      had ended;
    * **asking was legal** (C-OUT-3): in the answer phase, the asker, before
      asking, could have asked (going out was possible with the cards held);
    * **no dead end** (E-2): the seat to act has a legal move.

    >>> import kanasta
    >>> from kanasta.reachable import unreachable
    >>> unreachable(kanasta.new_game(kanasta.Rules.kanasta(), seed=1)) is None
    True
    """
    if state.phase is Phase.GAME_OVER:
        return None
    listed: list[tuple[Action, ...]] = []

    def legal_actions() -> tuple[Action, ...]:
        # a State keeps its listing, so the one made here serves the caller's
        # first legal_actions() too (the search keeps nothing between calls)
        if not listed:
            listed.append(state.legal_actions() if isinstance(state, _Lists) else engine.legal_actions(state))
        return listed[0]

    try:
        return _unreachable_why(state, legal_actions)
    except EngineLimitError as err:  # any of the checks may need the search: past the budget, refused
        return ("", f"{CANNOT_SEARCH}: {err}")


def _unreachable_why(state: Position, legal_actions: Callable[[], tuple[Action, ...]]) -> tuple[str, str] | None:
    """The checks of :func:`unreachable`, in order; the search's budget is the caller's to handle."""
    rules, turn, phase = state.rules, state.turn, state.phase
    if not state.stock:
        if rules.stock_end == "end_of_turn" and not turn.last_stock:
            why = ("the stock is empty, so the hand ended with the turn that drew its last card "
                   "(K-OUT-6, the C-OUT-5 option); only that turn (turn.last_stock) sees an empty stock")
            return ("stock", why)
        if rules.stock_end == "pile_play" and phase is Phase.DRAW and not any(
            isinstance(a, TakePile) for a in legal_actions()
        ):
            why = f"the stock is empty and seat {state.player} cannot take the pile, so the hand had ended (C-OUT-5)"
            return ("stock", why)
    if phase is Phase.ANSWER and not _could_ask(state):
        asker = (state.player + 2) % rules.players
        why = f"seat {asker} could not have asked partner: going out was not possible with the cards held (C-OUT-3)"
        return ("phase", why)
    moves = legal_actions()
    if not moves:
        return ("", f"seat {state.current_player} has no legal move in this position (E-2)")
    return None


@runtime_checkable
class _Lists(Protocol):
    """A position that lists and keeps its own legal moves (:class:`~kanasta.State`)."""

    def legal_actions(self) -> tuple[Action, ...]: ...


def _could_ask(state: Position) -> bool:
    """Whether the asker, back in the play phase before asking, could ask partner (C-OUT-3)."""
    asker = (state.player + 2) % state.rules.players
    before = attrs.evolve(state, player=asker, phase=Phase.PLAY, turn=attrs.evolve(state.turn, asked=False))
    return engine.explain(before, ASK) is None
