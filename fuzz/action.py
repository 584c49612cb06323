"""Fuzz target: ``parse_action`` on any text.

Bad text raises :class:`kanasta.NotationError`; a parsed action prints as
text that parses back to the same action.

    python fuzz/action.py CORPUS_DIR -max_total_time=60
"""

from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from _harness import instrumented, library_errors_only, main, text_of

with instrumented(__name__ == "__main__"):
    import kanasta


def check(data: bytes) -> None:
    text = text_of(data)
    action = library_errors_only(lambda: kanasta.parse_action(text))
    if action is None:
        return
    assert kanasta.parse_action(str(action)) == action
    assert len(str(action)) <= 4 * len(text) + 16


if __name__ == "__main__":
    main(check)
