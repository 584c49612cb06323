"""The library's documents: positions, game records, and the parts and readers they share.

A document is JSON-safe data (strings, numbers, booleans, lists and dicts) that
a program writes, sends and reads back; one may come from a stranger, so
reading one checks everything and names the dotted path of a bad value.  The
package owns, in layers:

* :mod:`kanasta.documents.reading` — one JSON value of each kind (object, list,
  bounded integer, points, cards), read and checked;
* :mod:`kanasta.documents.parts` — the parts every document is made of (rules,
  cards, melds, the turn, hand results), each with its writer and its reader;
* :mod:`kanasta.documents.position` — the position document
  (``kanasta.position/1``): what :meth:`State.to_dict <kanasta.State.to_dict>`
  writes and :meth:`State.from_dict <kanasta.State.from_dict>` reads;
* :mod:`kanasta.documents.record` — :class:`~kanasta.GameRecord`, a whole game
  as its rules, seed and moves (``kanasta.record/1``).

The view document (``kanasta.view/1``) is made of the same parts and lives with
the view (:mod:`kanasta.view.document`).  Importing the package imports none of
its modules: the position document sits below the :class:`~kanasta.State`
facade, the record above it.

>>> import kanasta
>>> from kanasta.documents.position import state_to_dict
>>> state_to_dict(kanasta.new_game(kanasta.Rules.classic(), seed=7))["format"]
'kanasta.position/1'
"""

__all__: list[str] = []
