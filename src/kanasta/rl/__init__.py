"""Adapters for reinforcement learning and search: a fixed action space, observation encodings, environments.

* :mod:`kanasta.rl.actions` — the fixed, numbered action space (pure Python);
* :mod:`kanasta.rl.observation` — tensor and text encodings of a seat's view
  (pure Python; NumPy arrays when NumPy is installed);
* :mod:`kanasta.rl.pettingzoo` — PettingZoo AEC and parallel environments and a
  Gymnasium single-agent environment (extra ``kanasta[pettingzoo]``);
* :mod:`kanasta.rl.openspiel` — the games ``python_kanasta`` and
  ``python_classic_canasta`` for OpenSpiel (extra ``kanasta[openspiel]``).

Importing :mod:`kanasta.rl` loads only the pure-Python parts.

>>> from kanasta.rl import NUM_ACTIONS
>>> NUM_ACTIONS
100
"""

from kanasta.rl.actions import NUM_ACTIONS, Decisions, decode, encode

__all__ = ["NUM_ACTIONS", "Decisions", "decode", "encode"]
