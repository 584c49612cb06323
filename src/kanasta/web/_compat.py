"""The few library calls the table makes, in one place.

Everything the web table needs from the library goes through these
functions: a view's JSON, its legal moves, an event as text, move notation
and a bot's move.  None of them touches a state's private parts.
"""

from __future__ import annotations

from typing import Any

from kanasta.actions import Action, parse_action
from kanasta.bots import Bot
from kanasta.state import State
from kanasta.view import PlayerView, SeenEvent


def view_to_dict(view: PlayerView) -> dict[str, Any]:
    """The view as JSON (``kanasta.view/1``), without the history: the log carries the latest moves."""
    return view.to_dict(history=False)


def view_json(view: PlayerView) -> str:
    """:func:`view_to_dict` as JSON text, written in one step (by the core for a native game's view)."""
    return view.to_json(history=False)


def legal_actions(view: PlayerView) -> tuple[Action, ...]:
    """The seat's legal moves (empty when it is not the seat to move)."""
    return view.legal_actions()


def event_text(event: SeenEvent) -> str:
    """An event as a line of text."""
    return str(event)


def parse_move(text: str) -> Action:
    """A move typed by a player."""
    return parse_action(text.strip())


def bot_move(bot: Bot, state: State, seat: int) -> State:
    """The state after ``bot`` (at ``seat``, the seat to move) makes its move."""
    return state.apply(bot.choose(state.view(seat)))
