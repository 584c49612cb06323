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

from _harness import instrumented, json_or_none, library_errors_only, main

with instrumented(__name__ == "__main__"):
    import kanasta


def check(data: bytes) -> None:
    doc = json_or_none(data)
    if doc is None:
        return
    view = library_errors_only(lambda: kanasta.PlayerView.from_dict(doc))
    if not isinstance(view, kanasta.PlayerView):
        return
    assert kanasta.PlayerView.from_dict(view.to_dict()) == view


if __name__ == "__main__":
    main(check)
