"""Fuzz target: ``PlayerView.from_dict`` on any JSON document.

A refused document raises :class:`kanasta.SerializationError` (or another
:class:`kanasta.KanastaError`); an accepted one gives a view whose document
reads back to the same view.

    python fuzz/view.py CORPUS_DIR -max_total_time=60
"""

from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from _harness import document_round_trip, instrumented, main

with instrumented(__name__ == "__main__"):
    import kanasta


def check(data: bytes) -> None:
    document_round_trip(data, kanasta.PlayerView.from_dict, kanasta.PlayerView.to_dict)


if __name__ == "__main__":
    main(check)
