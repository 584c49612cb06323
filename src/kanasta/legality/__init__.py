"""The legality core: which moves are legal, and why one is not (RULES E-1, E-2).

Its modules are the concepts of legality, bottom to top:

* :mod:`kanasta.legality.tables` — card indices, per-rules tables, meld shapes;
* :mod:`kanasta.legality.budget` — the work budget of one question;
* :mod:`kanasta.legality.situation` — the situation the E-2 solver is asked about;
* :mod:`kanasta.legality.classic`, :mod:`kanasta.legality.witness`,
  :mod:`kanasta.legality.search` — the E-2 procedures;
* :mod:`kanasta.legality.finish` — can the turn still be finished after a move (E-2)?
* :mod:`kanasta.legality.context` — what every question about the turn needs, once;
* :mod:`kanasta.legality.checks` — checking one move (:func:`~kanasta.legality.checks.explain`);
* :mod:`kanasta.legality.moves` — listing the moves of a play phase.

The rules they share are written once in :mod:`kanasta.rulebook`.  The package
works on :class:`~kanasta.position.Position` data and never imports the
engine or the :class:`~kanasta.State` facade.
"""
