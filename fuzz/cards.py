"""Fuzz target: ``parse_cards`` (and ``parse_card``) on any text.

Bad text raises :class:`kanasta.NotationError`; parsed cards print as text
that parses back to the same cards.

    python fuzz/cards.py CORPUS_DIR -max_total_time=60
"""

from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from _harness import instrumented, main, text_round_trip

with instrumented(__name__ == "__main__"):
    import kanasta


def check(data: bytes) -> None:
    text_round_trip(data, kanasta.parse_cards, kanasta.format_cards)
    text_round_trip(data, kanasta.parse_card, str)


if __name__ == "__main__":
    main(check)
