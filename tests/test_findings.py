"""Engine bugs found by the reliability harness (issue 6), kept as regression tests.

Each test gives the position as a hand-written document, the move, what
the rules say should happen, and checks the engine does it.
"""

from __future__ import annotations

from typing import Any

import pytest

import kanasta

pytestmark = pytest.mark.both_engines  # the rule tests run against both engines (tests/conftest.py)

# K-MELD-7: "when the natural card that a run's wild stands for is added, the wild moves to
# a free end of the run ... A card that entered a run as its wild stays the wild wherever it
# moves".  The wild moves only when its natural card is added — so the new list must still
# cover the place the wild stood for, now filled by that natural card.
_RUN_WITH_WILD_HIGH: dict[str, Any] = {
    "format": "kanasta.position/1", "rules": "kanasta", "seed": 1, "phase": "play", "player": 0, "dealer": 3,
    "hands": ["5D 6C 9H QS", "4H 5H 8D JD KS", "3C 4C 9S TD QH", "3D 7S 8S TH KD"],
    "melds": [["7C 8C 9C JK"], []], "opened": [True, False], "trump": "7H",
    "turn": {"drew": "stock", "first_meld": False},
}
_RUN_WITH_WILD_LOW: dict[str, Any] = dict(_RUN_WITH_WILD_HIGH, melds=[["2S 3C 4C 5C"], []])


@pytest.mark.parametrize(
    ("doc", "text"),
    [
        (_RUN_WITH_WILD_HIGH, "extend @0 JK 6C 7C 8C 9C"),  # the JK (as TC) jumps to 6C's other side
        (_RUN_WITH_WILD_LOW, "extend @0 3C 4C 5C 6C 2S"),  # the 2S (as 2C) jumps past the new 6C
    ],
)
def test_k_meld_7_the_wild_does_not_move_unless_its_natural_card_is_added(doc: dict[str, Any], text: str) -> None:
    """K-MELD-7: adding 6C to the run does not let its wild jump to the other end; explain refuses, apply raises."""
    state = kanasta.State.from_dict(doc)
    action = kanasta.parse_action(text)
    assert action not in state.legal_actions()
    assert state.explain(action) is not None  # found: IndexError, or None (accepted)
    with pytest.raises(kanasta.IllegalActionError) as info:
        state.apply(action)
    assert info.value.rule == "K-MELD-7"
