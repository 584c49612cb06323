"""A reference browser table: ``kanasta serve`` (needs the ``web`` extra for the server).

:class:`Table` (in :mod:`kanasta.web.table`, no dependency beyond the library)
holds one game and gives each seat its view as JSON; :func:`kanasta.web.app.create_app`
(Starlette, from ``pip install "kanasta[web]"``) serves it over HTTP and
WebSocket with a plain HTML/CSS/JavaScript page per seat.

>>> import kanasta
>>> from kanasta.bots import GreedyBot
>>> from kanasta.web import Table
>>> table = Table(kanasta.new_game(kanasta.Rules.classic(players=2), seed=1), humans=[0], bots={1: GreedyBot()})
>>> sorted(table.payload(0))[:5]
['continued', 'final_board', 'hand_scores', 'last_move', 'log']
"""

from kanasta.web.table import LOG_STEPS, MAX_MOVE_TEXT, Table, TableError, seat_payload

__all__ = ["LOG_STEPS", "MAX_MOVE_TEXT", "Table", "TableError", "seat_payload"]
