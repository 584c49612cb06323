"""The fixed action space (kanasta.rl.actions): exact masks over random positions of every preset.

At each sampled position the whole tree of sub-decisions is walked through the public
API (``legal_ids`` / ``step``) and compared with the engine's ``legal_actions()``: every
legal move is reached exactly once, every masked id leads on (no dead end), every
completed sequence is a legal move that ``apply`` accepts, and the masks equal the ones
an independent trie of the legal moves' spellings gives (E-1).
"""

from __future__ import annotations

import pytest

import kanasta
from _games import PRESET_NAMES, meld_biased_states
from kanasta.rl import actions as A


def _trie(moves: tuple[kanasta.Action, ...]) -> dict[tuple[int, ...], set[int]]:
    """Independent reference: every prefix of every move's spelling, with the ids that follow it."""
    nxt: dict[tuple[int, ...], set[int]] = {}
    for move in moves:
        code = A.encode(move)
        for k in range(len(code)):
            nxt.setdefault(code[:k], set()).add(code[k])
    return nxt


def _walk(state: kanasta.State) -> None:
    legal = state.legal_actions()
    tree = A.Decisions(legal)
    reference = _trie(legal)
    reached: list[kanasta.Action] = []
    stack: list[tuple[int, ...]] = [()]
    while stack:
        prefix = stack.pop()
        ids = tree.legal_ids(prefix)
        assert ids, f"dead end after {prefix}"
        assert set(ids) == reference[prefix]
        mask = tree.mask(prefix)
        assert [i for i in range(A.NUM_ACTIONS) if mask[i]] == list(ids)
        for i in ids:
            out = tree.step(prefix, i)
            if isinstance(out, tuple):
                assert out == (*prefix, i)
                stack.append(out)
            else:
                assert A.decode((*prefix, i)) == out
                assert A.encode(out) == (*prefix, i)
                reached.append(out)
    assert len(reached) == len(legal)
    assert set(reached) == set(legal)
    # One id outside the mask at the root and after the verb is refused and changes nothing.
    outside = [i for i in range(A.NUM_ACTIONS) if i not in tree.legal_ids()]
    with pytest.raises(kanasta.IllegalActionError):
        tree.step((), outside[0])
    # The composed move is applied as one move.
    move = reached[len(reached) // 2]
    after = state.apply(move)
    assert len(after.history) == len(state.history) + 1


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_masks_are_exact_on_random_positions(preset: str) -> None:
    positions = [p for seed in (1, 2) for p in meld_biased_states(preset, seed, limit=700, every=7)]
    phases = {p.phase for p in positions}
    assert {kanasta.Phase.DRAW, kanasta.Phase.PLAY} <= phases
    assert max(len(p.legal_actions()) for p in positions) > 30  # some rich play phases were walked
    for state in positions:
        _walk(state)


def test_every_id_has_a_name_and_the_space_is_small() -> None:
    names = [A.id_name(i) for i in range(A.NUM_ACTIONS)]
    assert len(set(names)) == A.NUM_ACTIONS == 100
    assert names[A.CARD_BASE:A.MELD_BASE] == [str(c) for c in kanasta.all_cards()]
    with pytest.raises(kanasta.NotationError):
        A.id_name(100)


@pytest.mark.parametrize(
    "text, names",
    [
        ("draw", ["draw"]),
        ("take", ["take", "done"]),
        ("take KH KS @3", ["take", "KH", "KS", "@3", "done"]),
        ("take @2", ["take", "@2", "done"]),
        ("meld 5H 6H JK", ["meld", "5H", "6H", "JK", "done"]),
        ("meld JK 5H 6H", ["meld", "JK", "5H", "6H", "done"]),
        ("add @0 7C JK", ["add", "@0", "7C", "JK", "done"]),
        ("extend @1 4H 5H 6H 7H JK", ["extend", "@1", "4H", "5H", "6H", "7H", "JK", "done"]),
        ("discard QS", ["discard", "QS"]),
        ("ask", ["ask"]),
        ("yes", ["yes"]),
        ("no", ["no"]),
        ("decline", ["decline"]),
    ],
)
def test_spelling_follows_the_text_form(text: str, names: list[str]) -> None:
    move = kanasta.parse_action(text)
    code = A.encode(move)
    assert [A.id_name(i) for i in code] == names
    assert A.decode(code) == move


@pytest.mark.parametrize(
    "ids",
    [[], [A.DONE], [A.DRAW, A.DONE], [A.DISCARD], [A.DISCARD, A.MELD_BASE], [A.MELD, A.DONE],
     [A.ADD, A.CARD_BASE, A.DONE], [A.MELD, A.MELD_BASE, A.CARD_BASE, A.DONE], [A.TAKE], [100], [-1]],
)
def test_decode_refuses_what_spells_no_move(ids: list[int]) -> None:
    with pytest.raises(kanasta.NotationError):
        A.decode(ids)


def test_meld_ids_cover_every_possible_meld() -> None:
    # Each meld holds at least three cards (C-MELD-1, K-MELD-1, K-MELD-2) and the deck 108.
    assert len(kanasta.DECK) <= A.MAX_MELDS * 3
    with pytest.raises(kanasta.NotationError):
        A.encode(kanasta.AddToMeld(A.MAX_MELDS, kanasta.parse_cards("7H")))
