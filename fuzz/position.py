"""Fuzz target: ``State.from_dict`` on any JSON document.

A refused document raises :class:`kanasta.SerializationError` (or another
:class:`kanasta.KanastaError`); an accepted one gives a state whose document
reads back to the same state and that lists its moves.

    python fuzz/position.py CORPUS_DIR -max_total_time=60
"""

from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from _harness import document_round_trip, instrumented, main

with instrumented(__name__ == "__main__"):
    import kanasta


def read(doc: object) -> kanasta.State:
    state = kanasta.State.from_dict(doc)
    state.legal_actions()  # a loaded position lists its moves
    return state


def check(data: bytes) -> None:
    document_round_trip(data, read, kanasta.State.to_dict)


if __name__ == "__main__":
    main(check)
