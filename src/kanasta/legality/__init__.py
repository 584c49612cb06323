"""The legality core: which moves are legal, and why one is not (RULES E-1, E-2).

Its modules are the questions the engine asks:

* :mod:`kanasta.legality.checks` — checking one move (:func:`~kanasta.legality.checks.explain`);
* :mod:`kanasta.legality.moves` — listing the moves of a play phase;
* :mod:`kanasta.legality.finish` — can the turn still be finished after a move (E-2)?

The rules they share are written once in :mod:`kanasta.rulebook`.  The package
works on :class:`~kanasta.position.Position` data and never imports the
engine or the :class:`~kanasta.State` facade.
"""
