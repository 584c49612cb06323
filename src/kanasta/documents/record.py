"""Whole games as records: the rules, the seed and the moves (RULES G-RNG-1).

Same rules + same seed + same moves = same states, on every machine, so a
:class:`GameRecord` is all it takes to keep, send or replay a game.  Its JSON
form is small and readable: the rules as a preset name (or every field), the
seed, and the moves in action notation (:func:`kanasta.parse_action`).

>>> import kanasta
>>> state = kanasta.new_game(kanasta.Rules.classic(), seed=9)
>>> for _ in range(3):
...     state = state.apply(state.legal_actions()[-1])
>>> record = kanasta.GameRecord.from_state(state)
>>> record.to_dict()
{'format': 'kanasta.record/1', 'rules': 'classic', 'seed': 9, 'moves': ['draw', 'discard QS', 'draw']}
>>> kanasta.GameRecord.from_json(record.to_json()).replay() == state
True
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any, Final

import attrs

from kanasta import _rng
from kanasta.actions import (
    Action,
    own_move,
    parse_action,
)
from kanasta.documents.parts import rules_from_data, rules_to_data
from kanasta.documents.reading import cut_short
from kanasta.errors import ActionError, ConfigError, IllegalActionError, NotationError, SerializationError, short_repr
from kanasta.rules import Rules
from kanasta.state import State, new_game

__all__ = ["RECORD_FORMAT", "GameRecord"]

RECORD_FORMAT: Final = "kanasta.record/1"
"""The ``"format"`` of a game record document.

>>> from kanasta.record import RECORD_FORMAT
>>> RECORD_FORMAT
'kanasta.record/1'
"""

def _check_rules(_instance: object, _attribute: object, value: Rules) -> None:
    if not isinstance(value, Rules):
        raise ConfigError("rules", f"must be a kanasta.Rules, not {type(value).__name__}")


def _check_seed(_instance: object, _attribute: object, value: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < _rng.SEED_LIMIT:
        raise ConfigError("seed", f"must be an int from 0 to 2**64 - 1, not {short_repr(value)}")


def _actions(value: Iterable[Action]) -> tuple[Action, ...]:
    if isinstance(value, (str, bytes)):
        raise ConfigError("actions", "must be Action values (use kanasta.parse_action for text)")
    out = []
    for i, action in enumerate(value):
        try:
            out.append(own_move(action))
        except ActionError as err:
            raise ConfigError(f"actions.{i}", str(err)) from None
    return tuple(out)


@attrs.frozen(slots=True)
class GameRecord:
    """A game from its start: rules, seed and every move made, in order.

    >>> import kanasta
    >>> rec = kanasta.GameRecord(kanasta.Rules.kanasta(), 5, [kanasta.Draw()])
    >>> rec.actions, len(rec)
    ((Draw(),), 1)
    >>> rec.replay().history[-1].action
    Draw()
    """

    #: The rules the game is played by.
    rules: Rules = attrs.field(validator=_check_rules)
    #: The seed given to :func:`kanasta.new_game`.
    seed: int = attrs.field(validator=_check_seed)
    #: The moves, in the order they were made.
    actions: tuple[Action, ...] = attrs.field(default=(), converter=_actions)

    def __len__(self) -> int:
        return len(self.actions)

    @classmethod
    def from_state(cls, state: State, *, check: bool = True) -> GameRecord:
        """The record of the game that led to ``state`` (from :attr:`State.history`).

        A state's history starts where the state was made: at
        :func:`kanasta.new_game`, or at a position loaded with
        :meth:`State.from_dict` (which has none).  With ``check`` (the
        default) the record is replayed and must reach ``state``, so that a
        game that did not start at :func:`~kanasta.new_game` raises
        :class:`~kanasta.SerializationError` rather than give a wrong record;
        ``check=False`` skips the replay.

        >>> import kanasta
        >>> s = kanasta.new_game(kanasta.Rules.classic(), seed=1).apply(kanasta.Draw())
        >>> kanasta.GameRecord.from_state(s).actions
        (Draw(),)
        >>> loaded = kanasta.State.from_dict(s.to_dict())
        >>> move = loaded.legal_actions()[-1]
        >>> kanasta.GameRecord.from_state(loaded.apply(move))
        Traceback (most recent call last):
        ...
        kanasta.errors.SerializationError: <document>: the state's history does not start at new_game(rules, seed) ...
        """
        record = cls(state.rules, state.seed, tuple(step.action for step in state.history))
        if check:
            try:
                reached = record.replay()
            except SerializationError:
                reached = None
            if reached != state:
                raise SerializationError(
                    "", "the state's history does not start at new_game(rules, seed) "
                    "(was it loaded with State.from_dict?)"
                )
        return record

    # ------------------------------------------------------------ documents
    def to_dict(self) -> dict[str, Any]:
        """The record as a JSON-safe dict: format, rules (a preset name or every field), seed, moves.

        >>> import kanasta
        >>> kanasta.GameRecord(kanasta.Rules.classic(players=3), 2, [kanasta.Draw()]).to_dict()
        {'format': 'kanasta.record/1', 'rules': 'classic-3', 'seed': 2, 'moves': ['draw']}
        """
        return {
            "format": RECORD_FORMAT,
            "rules": rules_to_data(self.rules),
            "seed": self.seed,
            "moves": [str(a) for a in self.actions],
        }

    @classmethod
    def from_dict(cls, data: object) -> GameRecord:
        """Read a record written by :meth:`to_dict` (or by hand).

        The moves are read as action notation; whether they are legal is
        checked when the record is replayed.  Problems raise
        :class:`~kanasta.SerializationError` with the path of the bad part,
        e.g. ``moves.3``.  ``"moves"`` may be left out (no moves yet).

        >>> import kanasta
        >>> rec = kanasta.GameRecord.from_dict({"format": "kanasta.record/1", "rules": "kanasta", "seed": 4,
        ...                                     "moves": ["draw", "discard 7X"]})
        Traceback (most recent call last):
        ...
        kanasta.errors.SerializationError: moves.1: bad action 'discard 7X': bad card '7X' (word 2): ...
        """
        if not isinstance(data, dict):
            raise SerializationError("", f"a game record must be a JSON object, not {type(data).__name__}")
        for key in data:
            if key not in ("format", "rules", "seed", "moves"):
                where = key if isinstance(key, str) and len(key) <= 40 else short_repr(key)
                raise SerializationError(where, "unknown key")
        for key in ("format", "rules", "seed"):
            if key not in data:
                raise SerializationError("", f"missing key {key!r}")
        if data["format"] != RECORD_FORMAT:
            raise SerializationError("format", f"expected {RECORD_FORMAT!r}, got {short_repr(data['format'])}")
        rules = rules_from_data(data["rules"], "rules")
        seed = data["seed"]
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < _rng.SEED_LIMIT:
            raise SerializationError("seed", f"expected an integer from 0 to 2**64 - 1, got {short_repr(seed)}")
        moves = data.get("moves", [])
        if not isinstance(moves, (list, tuple)):
            raise SerializationError("moves", f"expected a list of moves, got {type(moves).__name__}")
        actions = []
        for i, text in enumerate(moves):
            if not isinstance(text, str):
                raise SerializationError(f"moves.{i}", f"expected a move as text, got {short_repr(text)}")
            try:
                actions.append(parse_action(text))
            except NotationError as err:
                raise SerializationError(f"moves.{i}", cut_short(str(err))) from None
        return cls(rules, seed, tuple(actions))

    def to_json(self, *, indent: int | None = None) -> str:
        """The record as JSON text (see :meth:`to_dict`).

        >>> import kanasta
        >>> kanasta.GameRecord(kanasta.Rules.classic(), 1, [kanasta.Draw()]).to_json()
        '{"format": "kanasta.record/1", "rules": "classic", "seed": 1, "moves": ["draw"]}'
        """
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str | bytes) -> GameRecord:
        """Read a record from JSON text (see :meth:`from_dict`).

        >>> import kanasta
        >>> kanasta.GameRecord.from_json('{"format": "kanasta.record/1", "rules": "classic", "seed": 1}').seed
        1
        >>> kanasta.GameRecord.from_json('{"format": ')
        Traceback (most recent call last):
        ...
        kanasta.errors.SerializationError: <document>: not JSON: Expecting value: line 1 column 12 (char 11)
        """
        try:
            data = json.loads(text)
        except (ValueError, TypeError) as err:  # int too long to read included (ValueError)
            raise SerializationError("", f"not JSON: {err}") from None
        except RecursionError:
            raise SerializationError("", "not JSON this reader takes: nested too deeply") from None
        return cls.from_dict(data)

    # ------------------------------------------------------------ replaying
    def states(self) -> Iterator[State]:
        """Every state of the game: the start, then the state after each move.

        A move that is not legal where it is made raises
        :class:`~kanasta.SerializationError` naming its index (``moves.N``)
        and the rule that refuses it.

        >>> import kanasta
        >>> rec = kanasta.GameRecord(kanasta.Rules.classic(), 1, [kanasta.Draw(), kanasta.Draw()])
        >>> it = rec.states()
        >>> next(it).phase, next(it).phase
        (<Phase.DRAW: 'draw'>, <Phase.PLAY: 'play'>)
        >>> next(it)
        Traceback (most recent call last):
        ...
        kanasta.errors.SerializationError: moves.1: 'draw' is illegal: you have drawn already this turn [G-TURN-1]
        """
        state = new_game(self.rules, self.seed)
        yield state
        for i, action in enumerate(self.actions):
            try:
                state = state.apply(action)
            except IllegalActionError as err:
                raise SerializationError(f"moves.{i}", f"{str(action)!r} is illegal: {err}") from None
            yield state

    def replay(self, upto: int | None = None) -> State:
        """The state after the first ``upto`` moves (all of them by default).

        >>> import kanasta
        >>> rec = kanasta.GameRecord(kanasta.Rules.classic(), 1, [kanasta.Draw()])
        >>> rec.replay(0) == kanasta.new_game(kanasta.Rules.classic(), 1), rec.replay().phase
        (True, <Phase.PLAY: 'play'>)
        >>> rec.replay(2)
        Traceback (most recent call last):
        ...
        kanasta.errors.ConfigError: upto: must be an int from 0 to 1 (the number of moves), not 2
        """
        count = len(self.actions)
        if upto is None:
            upto = count
        if not isinstance(upto, int) or isinstance(upto, bool) or not 0 <= upto <= count:
            raise ConfigError("upto", f"must be an int from 0 to {count} (the number of moves), not {short_repr(upto)}")
        last: State | None = None
        for i, state in enumerate(self.states()):
            last = state
            if i == upto:
                break
        assert last is not None
        return last
