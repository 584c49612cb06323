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

from _harness import instrumented, json_or_none, library_errors_only, main

with instrumented(__name__ == "__main__"):
    import kanasta


def check(data: bytes) -> None:
    doc = json_or_none(data)
    if doc is None:
        return
    state = library_errors_only(lambda: kanasta.State.from_dict(doc))
    if not isinstance(state, kanasta.State):
        return
    assert kanasta.State.from_dict(state.to_dict()) == state
    state.legal_actions()


if __name__ == "__main__":
    main(check)
