"""Fuzz target: ``parse_cards`` (and ``parse_card``) on any text.

Bad text raises :class:`kanasta.NotationError`; parsed cards print as text
that parses back to the same cards.

    python fuzz/cards.py CORPUS_DIR -max_total_time=60
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
    cards = library_errors_only(lambda: kanasta.parse_cards(text))
    if isinstance(cards, tuple):
        assert kanasta.parse_cards(kanasta.format_cards(cards)) == cards
    card = library_errors_only(lambda: kanasta.parse_card(text))
    if isinstance(card, kanasta.Card):
        assert kanasta.parse_card(str(card)) == card


if __name__ == "__main__":
    main(check)
