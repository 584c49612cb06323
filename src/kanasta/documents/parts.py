"""Positions as JSON-safe documents: what :meth:`State.to_dict` writes and :meth:`State.from_dict` reads.

A position document is a plain dict of strings, numbers, booleans, lists and
dicts that :func:`json.dumps` writes as is.  Cards are card notation, one
string per hand, pile, stock or packet (``""`` for none); melds are one string
each, in the meld's stored order (a run from its low end to its high end, its
wild card in the place it stands for, K-MELD-5).  Every field, its default
when a hand-written document leaves it out, and the checks made on loading are
listed on the documentation page *Positions, records and views*.

What a position is *not*: the :attr:`State.events` of the last move and the
move history (:attr:`State.history`) are not part of it, and they are not
part of :class:`State` equality either; a loaded state has no history.  Use a
:class:`~kanasta.GameRecord` to keep a whole game.

>>> import json, kanasta
>>> state = kanasta.new_game(kanasta.Rules.classic(), seed=7)
>>> doc = state.to_dict()
>>> doc["format"], doc["rules"], doc["phase"], doc["player"]
('kanasta.position/1', 'classic', 'draw', 3)
>>> doc["hands"][3]
'3C 4D 5H 6H 8H 9C TC TC QC KH KH'
>>> kanasta.State.from_dict(json.loads(json.dumps(doc))) == state
True

Loading checks everything and says where a document is wrong:

>>> doc["hands"][3] = "3C 4D 5H 6H 8H 9C TC TC QC KH"
>>> kanasta.State.from_dict(doc)
Traceback (most recent call last):
...
kanasta.errors.SerializationError: <document>: the position has 107 cards, the deck 108; missing: KH (1 of 2)
>>> doc["hands"][3] = "3C 4D 5H 6H 8H 9C TC TC QC KH KH TC"
>>> kanasta.State.from_dict(doc)
Traceback (most recent call last):
...
kanasta.errors.SerializationError: hands.3: one TC too many: the deck has 2 (G-DECK-1)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any, Final, TypeVar, cast

from kanasta.cards import Card, Rank, format_cards
from kanasta.documents import position as _position
from kanasta.documents.position import read_position
from kanasta.documents.reading import fail, join, kind
from kanasta.errors import ConfigError, SerializationError, short_repr
from kanasta.melds import Meld, MeldKind
from kanasta.position import HandResult, Position, TeamScore, Turn
from kanasta.rules import PRESETS, Rules
from kanasta.rules import preset as _preset

__all__ = [
    "FORMAT",
    "rules_from_data",
    "rules_to_data",
    "state_from_dict",
    "state_to_dict",
]

P = TypeVar("P", bound=Position)

FORMAT: Final = _position.FORMAT
"""The ``"format"`` of a position document.

>>> from kanasta.documents.parts import FORMAT
>>> FORMAT
'kanasta.position/1'
"""

# ------------------------------------------------------------------ rules


def rules_to_data(rules: Rules) -> str | dict[str, Any]:
    """The rules as a document writes them: a preset's name, or every field.

    >>> import attrs, kanasta
    >>> from kanasta.documents.parts import rules_to_data
    >>> rules_to_data(kanasta.Rules.classic(players=2))
    'classic-2'
    >>> rules_to_data(attrs.evolve(kanasta.Rules.classic(), target_score=7500))["target_score"]
    7500
    """
    for name, preset in PRESETS.items():
        if rules == preset:
            return name
    return rules.to_dict()


def rules_from_data(data: object, path: str = "rules") -> Rules:
    """Read rules written as a preset name, a full :meth:`Rules.to_dict`, or a preset with changes.

    A dict may name a ``"preset"`` and change some fields of it; without one,
    the fields left out take the :class:`~kanasta.Rules` defaults.  Problems
    raise :class:`~kanasta.SerializationError` with ``path`` in front of the
    offending field.

    >>> from kanasta.documents.parts import rules_from_data
    >>> rules_from_data("kanasta").name
    'kanasta'
    >>> r = rules_from_data({"preset": "kanasta", "target_score": 500})
    >>> r.target_score, r.runs
    (500, True)
    >>> rules_from_data("canasta")
    Traceback (most recent call last):
    ...
    kanasta.errors.SerializationError: rules: unknown rules preset 'canasta'; the presets are classic, ...
    >>> rules_from_data({"players": 5})
    Traceback (most recent call last):
    ...
    kanasta.errors.SerializationError: rules.players: must be 2, 3 or 4, not 5
    """
    if isinstance(data, str):
        return _named_preset(data, path)
    if not isinstance(data, dict):
        fail(path, f"expected a preset name or an object of rules fields, got {kind(data)}")
    fields = dict(data)
    base: dict[str, Any] = {}
    if "preset" in fields:
        base = _named_preset(fields.pop("preset"), join(path, "preset")).to_dict()
    for key in fields:
        if not isinstance(key, str):
            fail(path, f"keys must be text, not {short_repr(key)}")
    base.update(fields)
    try:
        return Rules.from_dict(base)
    except SerializationError as err:
        raise SerializationError(join(path, err.path), str(err).split(": ", 1)[1]) from None
    except ConfigError as err:
        raise SerializationError(join(path, err.field), str(err).split(": ", 1)[1]) from None


def _named_preset(name: object, path: str) -> Rules:
    try:
        return _preset(cast(str, name))
    except ConfigError as err:
        fail(path, str(err).split(": ", 1)[1])


# ------------------------------------------------------------------ writing


def _points_out(value: Fraction) -> int | float:
    return int(value) if value.denominator == 1 else float(value)


def _cards_out(cards: Sequence[Card]) -> str:
    return format_cards(cards)


def _card_out(card: Card | None) -> str | None:
    return None if card is None else str(card)


def _meld_out(meld: Meld) -> str:
    """A meld's cards in stored order; a wild 2 in its own natural place gets a ``*``."""
    tokens = [str(c) for c in meld.cards]
    w = meld.wild_index
    if meld.kind is MeldKind.RUN and w is not None:
        card = meld.cards[w]
        if card.rank is Rank.TWO and card.suit is meld.suit and meld.low + w == 2:
            tokens[w] += "*"
    return " ".join(tokens)


def _turn_out(turn: Turn) -> dict[str, Any]:
    return {
        "drew": turn.drew,
        "count": _points_out(turn.count),
        "laid": turn.laid,
        "aside": _cards_out(turn.aside),
        "forbidden": _card_out(turn.forbidden),
        "asked": turn.asked,
        "answer": turn.answer,
        "melded": turn.melded,
        "must_go_out": turn.must_go_out,
        "first_meld": turn.first_meld,
        "own_from": turn.own_from,
        "added_to_old": turn.added_to_old,
        "last_stock": turn.last_stock,
    }


def _team_out(t: TeamScore) -> dict[str, Any]:
    return {
        "team": t.team,
        "packets": t.packets,
        "packet_points": t.packet_points,
        "meld_points": _points_out(t.meld_points),
        "canastas": [
            {"meld": c.meld, "kind": c.kind, "base": c.base, "trump_doubled": c.trump_doubled, "bonus": c.bonus}
            for c in t.canastas
        ],
        "canasta_points": t.canasta_points,
        "red_threes": t.red_threes,
        "red_three_points": t.red_three_points,
        "going_out_points": t.going_out_points,
        "hand_points": _points_out(t.hand_points),
        "raw_total": _points_out(t.raw_total),
        "total": t.total,
    }


def _result_out(r: HandResult) -> dict[str, Any]:
    return {
        "hand_number": r.hand_number,
        "dealer": r.dealer,
        "ended_by": r.ended_by,
        "went_out": r.went_out,
        "concealed": r.concealed,
        "teams": [_team_out(t) for t in r.teams],
        "scores": list(r.scores),
        "melds": [[_meld_out(m) for m in team] for team in r.melds],
        "hands": [_cards_out(h) for h in r.hands],
        "red_threes": [_cards_out(c) for c in r.red_threes],
        "trump": _card_out(r.trump),
    }


def state_to_dict(state: Position) -> dict[str, Any]:
    """The position document of ``state`` (what :meth:`State.to_dict` returns).

    Every field is written, in a fixed order, so the same state always gives
    the same JSON text.

    >>> import kanasta
    >>> from kanasta.documents.parts import state_to_dict
    >>> doc = state_to_dict(kanasta.new_game(kanasta.Rules.kanasta(), seed=1))
    >>> doc["rules"], len(doc["packets"]), doc["trump"], doc["turn"]["drew"]
    ('kanasta', 2, '7C', None)
    """
    return {
        "format": FORMAT,
        "rules": rules_to_data(state.rules),
        "seed": state.seed,
        "hand_number": state.hand_number,
        "dealer": state.dealer,
        "scores": list(state.scores),
        "phase": state.phase.value,
        "player": state.player,
        "hands": [_cards_out(h) for h in state.hands],
        "stock": _cards_out(state.stock),
        "pile": _cards_out(state.pile),
        "pile_frozen": state.pile_frozen,
        "melds": [[_meld_out(m) for m in team] for team in state.melds],
        "red_threes": [_cards_out(c) for c in state.red_threes],
        "opened": list(state.opened),
        "melded_this_hand": list(state.melded_this_hand),
        "packets": [_cards_out(p) for p in state.packets],
        "packets_taken": list(state.packets_taken),
        "trump": _card_out(state.trump),
        "turn": _turn_out(state.turn),
        "winner": state.winner,
        "hand_results": [_result_out(r) for r in state.hand_results],
        **({"hand_moves": state.hand_moves} if state.rules.hand_move_limit is not None else {}),
    }


# ------------------------------------------------------------------ reading


def state_from_dict(data: object, make: type[P], play: Callable[[P], P] | None = None) -> P:
    """Read and check a position document; ``make`` is the class of the result (what :meth:`State.from_dict` calls).

    Raises :class:`~kanasta.SerializationError` whose :attr:`~kanasta.SerializationError.path` points at
    the problem, e.g. ``hands.2`` or ``melds.0.1``.  The checks, in order,
    are those of the documentation page *Positions, records and views*: each
    part of the document on its own and against the parts before it, then
    that a game could be in the position at all (the check
    :func:`kanasta.sample_state` makes of its deals too).  ``play``, if
    given, hands the position to the engine that will play it before that
    last check, whose listing of the moves is then the engine's own.

    >>> import kanasta
    >>> from kanasta.documents.parts import state_from_dict
    >>> s = state_from_dict({"format": "kanasta.position/1", "rules": "classic",
    ...                      "hands": ["7H 7D 8S", "9C 9D KH", "4S 5S 6S", "QC QD QH"]}, kanasta.State)
    >>> s.phase, s.player, s.dealer, len(s.stock)
    (<Phase.DRAW: 'draw'>, 0, 3, 96)
    >>> doc = {"format": "kanasta.position/1", "rules": "classic", "hands": ["7H 3H", "", "", ""]}
    >>> state_from_dict(doc, kanasta.State)
    Traceback (most recent call last):
    ...
    kanasta.errors.SerializationError: hands.0: a red 3 is never held: it is laid down at once (C-THREE-1)
    """
    return read_position(data, rules_from_data, make, play)
