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

import json
import math
import re
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any, Final, NoReturn, TypeVar, cast, get_args

import attrs

from kanasta import _rng
from kanasta.cards import DECK, Card, Rank, format_cards, parse_cards
from kanasta.errors import ConfigError, NotationError, SerializationError
from kanasta.melds import Meld, MeldKind, read_meld, read_run
from kanasta.rules import PRESETS, Rules
from kanasta.rules import preset as _preset
from kanasta.scoring import game_winner, score_hand
from kanasta.state import CanastaScore, HandEnd, HandResult, Phase, State, TeamScore, Turn

__all__ = [
    "FORMAT",
    "rules_from_data",
    "rules_to_data",
    "state_from_dict",
    "state_to_dict",
]

FORMAT: Final = "kanasta.position/1"
"""The ``"format"`` of a position document.

>>> from kanasta.serialize import FORMAT
>>> FORMAT
'kanasta.position/1'
"""

_T = TypeVar("_T")

_DECK_COUNT: Final[dict[Card, int]] = {}
for _c in DECK:
    _DECK_COUNT[_c] = _DECK_COUNT.get(_c, 0) + 1
del _c

_SEPARATORS: Final = re.compile(r"[\s,]+")

_PHASES: Final[dict[str, Phase]] = {p.value: p for p in Phase}
_ENDED_BY: Final = get_args(HandEnd)
_KINDS: Final = ("clean", "dirty", "full")

_TOP_REQUIRED: Final = ("format", "rules", "hands")
_TOP_OPTIONAL: Final = (
    "seed", "hand_number", "dealer", "scores", "phase", "player", "stock", "pile",
    "pile_frozen", "melds", "red_threes", "opened", "melded_this_hand", "packets",
    "packets_taken", "trump", "turn", "winner", "hand_results",
)
_TURN_KEYS: Final = (
    "drew", "count", "laid", "aside", "forbidden", "asked", "answer", "melded",
    "must_go_out", "first_meld", "own_from", "added_to_old", "last_stock",
)
_RESULT_KEYS: Final = (
    "hand_number", "dealer", "ended_by", "went_out", "concealed", "teams", "scores",
    "melds", "hands", "red_threes", "trump",
)
_TEAM_KEYS: Final = (
    "team", "packets", "packet_points", "meld_points", "canastas", "canasta_points",
    "red_threes", "red_three_points", "going_out_points", "hand_points", "raw_total", "total",
)
_CANASTA_KEYS: Final = ("meld", "kind", "base", "trump_doubled", "bonus")


# ------------------------------------------------------------------ rules


def rules_to_data(rules: Rules) -> str | dict[str, Any]:
    """The rules as a document writes them: a preset's name, or every field.

    >>> import attrs, kanasta
    >>> from kanasta.serialize import rules_to_data
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

    >>> from kanasta.serialize import rules_from_data
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
        _fail(path, f"expected a preset name or an object of rules fields, got {_kind(data)}")
    fields = dict(data)
    base: dict[str, Any] = {}
    if "preset" in fields:
        base = _named_preset(fields.pop("preset"), _join(path, "preset")).to_dict()
    for key in fields:
        if not isinstance(key, str):
            _fail(path, f"keys must be text, not {key!r}")
    base.update(fields)
    try:
        return Rules.from_dict(base)
    except SerializationError as err:
        raise SerializationError(_join(path, err.path), str(err).split(": ", 1)[1]) from None
    except ConfigError as err:
        raise SerializationError(_join(path, err.field), str(err).split(": ", 1)[1]) from None


def _named_preset(name: object, path: str) -> Rules:
    try:
        return _preset(cast(str, name))
    except ConfigError as err:
        _fail(path, str(err).split(": ", 1)[1])


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


def state_to_dict(state: State) -> dict[str, Any]:
    """The position document of ``state`` (what :meth:`State.to_dict` returns).

    Every field is written, in a fixed order, so the same state always gives
    the same JSON text.

    >>> import kanasta
    >>> from kanasta.serialize import state_to_dict
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
    }


# ------------------------------------------------------------------ reading helpers


def _fail(path: str, message: str) -> NoReturn:
    raise SerializationError(path, message)


def _join(path: str, key: object) -> str:
    return f"{path}.{key}" if path else str(key)


def _kind(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def _object(value: object, path: str, required: Sequence[str], optional: Sequence[str]) -> dict[str, Any]:
    if not isinstance(value, dict):
        _fail(path, f"expected an object, got {_kind(value)}")
    for key in value:
        if not isinstance(key, str):
            _fail(path, f"keys must be text, not {key!r}")
        if key not in required and key not in optional:
            _fail(_join(path, key), "unknown key")
    for key in required:
        if key not in value:
            _fail(path, f"missing key {key!r}")
    return cast("dict[str, Any]", value)


def _list(value: object, path: str, length: int | None = None, what: str = "") -> list[Any]:
    if not isinstance(value, (list, tuple)):
        _fail(path, f"expected a list, got {_kind(value)}")
    if length is not None and len(value) != length:
        _fail(path, f"expected {length} {what or 'items'}, got {len(value)}")
    return list(value)


def _int(value: object, path: str, low: int | None = None, high: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        _fail(path, f"expected an integer, got {_kind(value)}")
    if low is not None and value < low:
        _fail(path, f"must be at least {low}, not {value}")
    if high is not None and value > high:
        _fail(path, f"must be at most {high}, not {value}")
    return value


def _bool(value: object, path: str) -> bool:
    if not isinstance(value, bool):
        _fail(path, f"expected true or false, got {_kind(value)}")
    return value


def _optional(value: object, path: str, read: Callable[[object, str], _T]) -> _T | None:
    return None if value is None else read(value, path)


def _points(value: object, path: str) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        _fail(path, f"expected a number, got {_kind(value)}")
    if isinstance(value, float) and not math.isfinite(value):
        _fail(path, f"expected a finite number, not {value}")
    x = Fraction(value)
    if (2 * x).denominator != 1:
        _fail(path, f"points are whole or half numbers, not {value}")
    return x


def _cards(value: object, path: str) -> tuple[Card, ...]:
    if not isinstance(value, str):
        _fail(path, f"expected cards as text (e.g. \"7H 7D JK\"), got {_kind(value)}")
    try:
        return parse_cards(value)
    except NotationError as err:
        _fail(path, str(err))


def _card(value: object, path: str) -> Card:
    cards = _cards(value, path)
    if len(cards) != 1:
        _fail(path, f"expected one card, got {len(cards)}")
    return cards[0]


def _seat(value: object, path: str, players: int) -> int:
    return _int(value, path, 0, players - 1)


def _meld(value: object, path: str, rules: Rules) -> Meld:
    """Read one meld string; black-3 melds are read here and checked by the caller."""
    if not isinstance(value, str):
        _fail(path, f"expected a meld as text (e.g. \"7H 7S JK\"), got {_kind(value)}")
    tokens = [t for t in _SEPARATORS.split(value.strip()) if t]
    star: int | None = None
    plain: list[str] = []
    for i, token in enumerate(tokens):
        if token.endswith("*"):
            if star is not None:
                _fail(path, "only one card of a run may be marked with *")
            star, token = i, token[:-1]
            if not token:
                _fail(path, "a * follows the card it marks, e.g. 2H*")
        plain.append(token)
    cards = _cards(" ".join(plain), path)
    found: Meld | tuple[str, str]
    if star is None:
        found = read_meld(cards, rules, black_threes_ok=True)
    else:
        marked = cards[star]
        if not rules.runs or marked.rank is not Rank.TWO:
            _fail(path, "a * marks only a run's wild 2 that sits in its own natural place (K-MELD-7)")
        found = read_run(cards, rules, wild_card=marked)
    if isinstance(found, tuple):
        _fail(path, f"not a legal meld: {found[1]} [{found[0]}]")
    if star is not None and not (
        found.kind is MeldKind.RUN
        and found.wild_index == star
        and cards[star].suit is found.suit
        and found.low + star == 2
    ):
        _fail(path, "a * marks only a run's wild 2 that sits in its own natural place (K-MELD-7)")
    return found


def _is_black_three_meld(meld: Meld, rules: Rules) -> bool:
    return rules.black_threes and meld.kind is MeldKind.SET and meld.rank is Rank.THREE


def _first_difference(a: object, b: object, path: str) -> str | None:
    """The path of the first field where ``a`` and ``b`` differ, or None if they are equal."""
    if a == b:
        return None
    if type(a) is type(b) and attrs.has(type(a)):
        for field in attrs.fields(cast("type[attrs.AttrsInstance]", type(a))):
            found = _first_difference(getattr(a, field.name), getattr(b, field.name), _join(path, field.name))
            if found is not None:
                return found
    if isinstance(a, tuple) and isinstance(b, tuple) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            found = _first_difference(x, y, _join(path, i))
            if found is not None:
                return found
    return path


# ------------------------------------------------------------------ reading the parts


def _read_turn(value: object, path: str, defaults: Turn) -> Turn:
    data = _object(value, path, (), _TURN_KEYS)
    kw: dict[str, Any] = {}
    if "drew" in data:
        drew = data["drew"]
        if drew not in (None, "stock", "pile"):
            _fail(_join(path, "drew"), f"expected null, \"stock\" or \"pile\", got {drew!r}")
        kw["drew"] = drew
    if "count" in data:
        count = _points(data["count"], _join(path, "count"))
        if count < 0:
            _fail(_join(path, "count"), f"must be at least 0, not {data['count']}")
        kw["count_halves"] = int(count * 2)
    for key in ("laid", "asked", "melded", "must_go_out", "first_meld", "added_to_old", "last_stock"):
        if key in data:
            kw[key] = _bool(data[key], _join(path, key))
    if "aside" in data:
        kw["aside"] = _cards(data["aside"], _join(path, "aside"))
    if "forbidden" in data:
        kw["forbidden"] = _optional(data["forbidden"], _join(path, "forbidden"), _card)
    if "answer" in data:
        kw["answer"] = _optional(data["answer"], _join(path, "answer"), _bool)
    if "own_from" in data:
        kw["own_from"] = _int(data["own_from"], _join(path, "own_from"), 0)
    return attrs.evolve(defaults, **kw)


def _read_team_score(value: object, path: str) -> TeamScore:
    data = _object(value, path, _TEAM_KEYS, ())
    canastas = []
    for i, item in enumerate(_list(data["canastas"], _join(path, "canastas"))):
        cpath = _join(_join(path, "canastas"), i)
        c = _object(item, cpath, _CANASTA_KEYS, ())
        kind = c["kind"]
        if kind not in _KINDS:
            _fail(_join(cpath, "kind"), f"expected one of {', '.join(_KINDS)}, got {kind!r}")
        canastas.append(
            CanastaScore(
                meld=_int(c["meld"], _join(cpath, "meld"), 0),
                kind=kind,
                base=_int(c["base"], _join(cpath, "base")),
                trump_doubled=_bool(c["trump_doubled"], _join(cpath, "trump_doubled")),
                bonus=_int(c["bonus"], _join(cpath, "bonus")),
            )
        )
    return TeamScore(
        team=_int(data["team"], _join(path, "team")),
        packets=_int(data["packets"], _join(path, "packets"), 0),
        packet_points=_int(data["packet_points"], _join(path, "packet_points")),
        meld_points=_points(data["meld_points"], _join(path, "meld_points")),
        canastas=tuple(canastas),
        canasta_points=_int(data["canasta_points"], _join(path, "canasta_points")),
        red_threes=_int(data["red_threes"], _join(path, "red_threes"), 0),
        red_three_points=_int(data["red_three_points"], _join(path, "red_three_points")),
        going_out_points=_int(data["going_out_points"], _join(path, "going_out_points")),
        hand_points=_points(data["hand_points"], _join(path, "hand_points")),
        raw_total=_points(data["raw_total"], _join(path, "raw_total")),
        total=_int(data["total"], _join(path, "total")),
    )


_RESULT_CACHE: dict[tuple[Rules, str, tuple[int, ...]], HandResult] = {}


def _read_result(value: object, path: str, rules: Rules, scores_before: tuple[int, ...]) -> HandResult:
    """Read and re-score one hand result; results already read (the same text) come from a cache."""
    try:
        key = (rules, json.dumps(value, sort_keys=True, allow_nan=False), scores_before)
    except (TypeError, ValueError):  # not JSON: read it the long way, and let that say what is wrong
        return _read_result_uncached(value, path, rules, scores_before)
    found = _RESULT_CACHE.get(key)
    if found is None:
        found = _read_result_uncached(value, path, rules, scores_before)
        if len(_RESULT_CACHE) >= 4096:
            _RESULT_CACHE.clear()
        _RESULT_CACHE[key] = found
    return found


def _read_result_uncached(value: object, path: str, rules: Rules, scores_before: tuple[int, ...]) -> HandResult:
    n, teams = rules.players, rules.teams
    data = _object(value, path, _RESULT_KEYS, ())
    hand_number = _int(data["hand_number"], _join(path, "hand_number"), 1)
    dealer = _seat(data["dealer"], _join(path, "dealer"), n)
    ended_by = data["ended_by"]
    if ended_by not in _ENDED_BY:
        _fail(_join(path, "ended_by"), f"expected one of {', '.join(_ENDED_BY)}, got {ended_by!r}")
    went_out = _optional(data["went_out"], _join(path, "went_out"), lambda v, p: _seat(v, p, n))
    if (went_out is None) != (ended_by != "going_out"):
        _fail(_join(path, "went_out"), "a seat goes out exactly when the hand ended by going out")
    concealed = _bool(data["concealed"], _join(path, "concealed"))
    if concealed and ended_by != "going_out":
        _fail(_join(path, "concealed"), "only a hand that ended by going out can end concealed")
    team_scores = tuple(
        _read_team_score(t, _join(_join(path, "teams"), i))
        for i, t in enumerate(_list(data["teams"], _join(path, "teams"), teams, "teams"))
    )
    scores = tuple(
        _int(s, _join(_join(path, "scores"), i))
        for i, s in enumerate(_list(data["scores"], _join(path, "scores"), teams, "scores"))
    )
    melds = tuple(
        tuple(_meld(m, _join(_join(_join(path, "melds"), t), i), rules)
              for i, m in enumerate(_list(team, _join(_join(path, "melds"), t))))
        for t, team in enumerate(_list(data["melds"], _join(path, "melds"), teams, "teams"))
    )
    hands = tuple(
        tuple(sorted(_cards(h, _join(_join(path, "hands"), i))))
        for i, h in enumerate(_list(data["hands"], _join(path, "hands"), n, "hands"))
    )
    reds = tuple(
        _cards(c, _join(_join(path, "red_threes"), i))
        for i, c in enumerate(_list(data["red_threes"], _join(path, "red_threes"), teams, "teams"))
    )
    trump = _optional(data["trump"], _join(path, "trump"), _card)
    result = HandResult(
        hand_number=hand_number, dealer=dealer, ended_by=ended_by, went_out=went_out,
        concealed=concealed, teams=team_scores, scores=scores, melds=melds, hands=hands,
        red_threes=reds, trump=trump,
    )
    expected = score_hand(
        rules, hand_number=hand_number, dealer=dealer, ended_by=ended_by, went_out=went_out,
        concealed=concealed, melds=melds, hands=hands, red_threes=reds,
        packets_taken=tuple(t.packets for t in team_scores), trump=trump, scores_before=scores_before,
    )
    where = _first_difference(result, expected, path)
    if where is not None:
        _fail(where, "does not match the hand's score as the rules compute it (C-SCORE-1, K-SCORE-1)")
    return result


# ------------------------------------------------------------------ reading a position


def state_from_dict(data: object) -> State:
    """Read and check a position document (what :meth:`State.from_dict` calls).

    Raises :class:`~kanasta.SerializationError` whose :attr:`path` points at
    the problem, e.g. ``hands.2`` or ``melds.0.1``.

    >>> import kanasta
    >>> from kanasta.serialize import state_from_dict
    >>> s = state_from_dict({"format": "kanasta.position/1", "rules": "classic",
    ...                      "hands": ["7H 7D 8S", "9C 9D KH", "4S 5S 6S", "QC QD QH"]})
    >>> s.phase, s.player, s.dealer, len(s.stock)
    (<Phase.DRAW: 'draw'>, 0, 3, 96)
    >>> state_from_dict({"format": "kanasta.position/1", "rules": "classic", "hands": ["7H 3H", "", "", ""]})
    Traceback (most recent call last):
    ...
    kanasta.errors.SerializationError: hands.0: a red 3 is never held: it is laid down at once (C-THREE-1)
    """
    doc = _object(data, "", _TOP_REQUIRED, _TOP_OPTIONAL)
    if doc["format"] != FORMAT:
        _fail("format", f"expected {FORMAT!r}, got {doc['format']!r}")
    rules = rules_from_data(doc["rules"], "rules")
    n, teams = rules.players, rules.teams

    seed = _int(doc.get("seed", 0), "seed", 0, _rng.SEED_LIMIT - 1)

    # ---- phase, player, dealer
    phase_text = doc.get("phase", "draw")
    if not isinstance(phase_text, str) or phase_text not in _PHASES:
        _fail("phase", f"expected one of {', '.join(_PHASES)}, got {phase_text!r}")
    phase = _PHASES[phase_text]
    if "player" in doc:
        player = _seat(doc["player"], "player", n)
    elif "dealer" in doc:
        player = (_seat(doc["dealer"], "dealer", n) + 1) % n
    else:
        player = 0
    dealer = _seat(doc.get("dealer", (player - 1) % n), "dealer", n)
    acting = player
    if phase is Phase.ANSWER:
        if not rules.ask_partner:
            _fail("phase", "these rules have no asking partner (C-OUT-3), so no answer phase")
        acting = (player + 2) % n
    team = rules.team_of(acting)

    # ---- cards in their places
    hands_raw = _list(doc["hands"], "hands", n, "hands (one per player)")
    hands = [tuple(sorted(_cards(h, f"hands.{i}"))) for i, h in enumerate(hands_raw)]
    pile = _cards(doc.get("pile", ""), "pile")
    melds_raw = _list(doc.get("melds", [[] for _ in range(teams)]), "melds", teams, "teams")
    melds: list[tuple[Meld, ...]] = []
    for t, team_melds in enumerate(melds_raw):
        melds.append(tuple(_meld(m, f"melds.{t}.{i}", rules) for i, m in enumerate(_list(team_melds, f"melds.{t}"))))
    reds_raw = _list(doc.get("red_threes", ["" for _ in range(teams)]), "red_threes", teams, "teams")
    red_threes = [_cards(c, f"red_threes.{t}") for t, c in enumerate(reds_raw)]
    for t, c in enumerate(red_threes):
        if c and not rules.red_threes:
            _fail(f"red_threes.{t}", "these rules have no red-3 bonus cards: the list must be empty")
        if any(not card.is_red_three for card in c):
            _fail(f"red_threes.{t}", "only red 3s (3D, 3H) are laid here (C-THREE-1)")
    packets_taken = [
        _int(v, f"packets_taken.{t}", 0)
        for t, v in enumerate(_list(doc.get("packets_taken", [0] * teams), "packets_taken", teams, "teams"))
    ]
    if sum(packets_taken) > rules.packets:
        _fail("packets_taken", f"these rules have {rules.packets} packet(s), not {sum(packets_taken)}")
    packets: list[tuple[Card, ...]] | None = None
    if "packets" in doc:
        packets = [
            tuple(sorted(_cards(p, f"packets.{i}")))
            for i, p in enumerate(_list(doc["packets"], "packets", rules.packets - sum(packets_taken),
                                        "packets (the rules' packets less those taken)"))
        ]
        for i, p in enumerate(packets):
            if len(p) != rules.packet_size:
                _fail(f"packets.{i}", f"a packet holds {rules.packet_size} cards, not {len(p)}")
    stock = _cards(doc["stock"], "stock") if "stock" in doc else None

    # ---- the turn (read early: the pile set aside holds cards)
    melded_default = [bool(melds[rules.team_of(s)]) for s in range(n)]
    melded_this_hand = [
        _bool(v, f"melded_this_hand.{s}")
        for s, v in enumerate(_list(doc.get("melded_this_hand", melded_default), "melded_this_hand", n, "players"))
    ]
    fresh = Turn(first_meld=not melded_this_hand[acting], own_from=len(melds[team]))
    turn = _read_turn(doc["turn"], "turn", fresh) if "turn" in doc else fresh

    # ---- every card once: 108 in all (G-DECK-1)
    places: list[tuple[str, tuple[Card, ...]]] = [(f"hands.{i}", h) for i, h in enumerate(hands)]
    for t, team_melds in enumerate(melds):
        places.extend((f"melds.{t}.{i}", m.cards) for i, m in enumerate(team_melds))
    places.extend((f"red_threes.{t}", c) for t, c in enumerate(red_threes))
    places.append(("pile", pile))
    places.append(("turn.aside", turn.aside))
    if packets is not None:
        places.extend((f"packets.{i}", p) for i, p in enumerate(packets))
    if stock is not None:
        places.append(("stock", stock))
    counts = Counter(card for _, cards in places for card in cards)
    if any(k > _DECK_COUNT[card] for card, k in counts.items()):
        so_far: Counter[Card] = Counter()
        for where, cards in places:
            for card in cards:
                so_far[card] += 1
                if so_far[card] > _DECK_COUNT[card]:
                    _fail(where, f"one {card} too many: the deck has {_DECK_COUNT[card]} (G-DECK-1)")
    rest: list[Card] = []
    for card, have in _DECK_COUNT.items():
        rest.extend([card] * (have - counts.get(card, 0)))
    rest.sort()
    if packets is None or stock is None:
        shuffled = _rng.shuffled(rest, _rng.stream(seed, 0x706F73, 1))
        if packets is None:
            need = (rules.packets - sum(packets_taken)) * rules.packet_size
            if len(shuffled) < need:
                _fail("packets", f"only {len(shuffled)} cards are left for {need} packet cards")
            packets = [
                tuple(sorted(shuffled[i * rules.packet_size:(i + 1) * rules.packet_size]))
                for i in range(rules.packets - sum(packets_taken))
            ]
            shuffled = shuffled[need:]
        if stock is None:
            stock = tuple(shuffled)
        elif shuffled:
            missing = _missing(shuffled, counts)
            _fail("", f"the position has {108 - len(shuffled)} cards, the deck 108; missing: {missing}")
    elif rest:
        _fail("", f"the position has {108 - len(rest)} cards, the deck 108; missing: {_missing(rest, counts)}")

    # ---- red and black 3s (C-THREE-1, C-THREE-2)
    if rules.red_threes:
        for where, cards in places:
            if where.startswith(("hands", "melds", "turn.aside", "packets")) and any(c.is_red_three for c in cards):
                if where.startswith("melds"):
                    _fail(where, "red 3s are never melded (C-THREE-1)")
                _fail(where, "a red 3 is never held: it is laid down at once (C-THREE-1)")
    for t, team_melds in enumerate(melds):
        for i, m in enumerate(team_melds):
            if not _is_black_three_meld(m, rules):
                continue
            if not rules.black_three_meld_going_out:
                _fail(f"melds.{t}.{i}", "black 3s are not melded in these rules (C-THREE-2)")
            if not (t == team and i >= turn.own_from and turn.must_go_out):
                _fail(f"melds.{t}.{i}", "black 3s are melded only by the player going out this turn, "
                                         "with turn.must_go_out set (C-THREE-2)")
    if turn.must_go_out and not any(
        _is_black_three_meld(m, rules) for m in melds[team][turn.own_from:]
    ):
        _fail("turn.must_go_out", "set only when the player melded black 3s this turn (C-THREE-2)")

    # ---- one meld per rank (C-MELD-2)
    if rules.one_meld_per_rank:
        for t, team_melds in enumerate(melds):
            seen: set[Rank] = set()
            for i, m in enumerate(team_melds):
                if m.kind is MeldKind.SET and m.rank is not None:
                    if m.rank in seen:
                        _fail(f"melds.{t}.{i}", f"the team already has a meld of {m.rank.symbol}s (C-MELD-2)")
                    seen.add(m.rank)

    # ---- trump (K-TRUMP-1)
    trump: Card | None = None
    if rules.trump:
        if "trump" not in doc:
            _fail("", "missing key 'trump': these rules turn up a trump card (K-TRUMP-1)")
        if doc["trump"] is None:
            _fail("trump", "these rules turn up a trump card (K-TRUMP-1): give it")
        trump = _card(doc["trump"], "trump")
        if trump.is_joker:
            _fail("trump", "a joker is never the trump: the next card is turned (K-TRUMP-1)")
    elif doc.get("trump") is not None:
        _fail("trump", "these rules have no trump card: leave it null")

    # ---- pile frozen (C-PILE-3, C-DEAL-2)
    frozen = rules.pile_freezing and any(c.is_wild or (rules.red_threes and c.is_red_three) for c in pile)
    pile_frozen = _bool(doc.get("pile_frozen", frozen), "pile_frozen")
    if pile_frozen != frozen:
        _fail("pile_frozen", "the pile is frozen exactly while it holds a wild card or a red 3 (C-PILE-3)"
              if rules.pile_freezing else "these rules never freeze the pile")

    # ---- scores, hand results, winner
    hand_results: list[HandResult] = []
    before = (0,) * teams
    for i, item in enumerate(_list(doc.get("hand_results", []), "hand_results")):
        r = _read_result(item, f"hand_results.{i}", rules, before)
        if r.hand_number != i + 1:
            _fail(f"hand_results.{i}.hand_number", f"the results list every hand from the first: expected {i + 1}")
        if i and r.dealer != (hand_results[-1].dealer + 1) % n:
            _fail(f"hand_results.{i}.dealer", "the dealer moves on by one seat every hand (G-DEAL-1)")
        hand_results.append(r)
        before = r.scores
    scores_default = list(hand_results[-1].scores) if hand_results else [0] * teams
    scores = tuple(
        _int(v, f"scores.{t}") for t, v in enumerate(_list(doc.get("scores", scores_default), "scores", teams, "teams"))
    )
    over = phase is Phase.GAME_OVER
    winner = _optional(doc.get("winner"), "winner", lambda v, p: _int(v, p, 0, teams - 1))
    won = game_winner(rules, scores)
    if over:
        if winner is None:
            if "winner" not in doc:
                _fail("", "missing key 'winner': the game is over (G-GAME-1)")
            _fail("winner", "the game is over: give the winning team (G-GAME-1)")
        if won != winner:
            _fail("winner", f"with scores {list(scores)} the winner is {won} (G-GAME-1)")
    else:
        if winner is not None:
            _fail("winner", "only a finished game has a winner: the phase is not game_over")
        if won is not None:
            _fail("scores", f"with these scores team {won} has won and the game is over (G-GAME-1)")
    finished = len(hand_results) if over else len(hand_results) + 1
    hand_number = _int(doc.get("hand_number", max(1, finished)), "hand_number", 1)
    if hand_results:
        if hand_number != finished:
            _fail("hand_number", f"the hand results end with hand {len(hand_results)}, so this is hand {finished}")
        if scores != hand_results[-1].scores:
            _fail("scores", "the scores are those after the last hand result")
        last_dealer = hand_results[-1].dealer
        if dealer != (last_dealer if over else (last_dealer + 1) % n):
            _fail("dealer", "the dealer moves on by one seat every hand (G-DEAL-1)")
        for i, r in enumerate(hand_results[:-1] if over else hand_results):
            if game_winner(rules, r.scores) is not None:
                _fail(f"hand_results.{i}.scores", "with these scores the game ended (G-GAME-1)")

    # ---- opened and melded (K-OPEN-1, C-OPEN-2)
    opened_raw = _list(doc.get("opened", [bool(m) for m in melds]), "opened", teams, "teams")
    opened = [_bool(v, f"opened.{t}") for t, v in enumerate(opened_raw)]
    for t in range(teams):
        if opened[t] and not melds[t] and not over:
            _fail(f"opened.{t}", "a team is open (down) only once it has melds")
        if not opened[t] and melds[t] and not (t == team and turn.own_from == 0 and turn.laid):
            _fail(f"opened.{t}", "a team with melds from earlier turns is open (down) (K-OPEN-1, C-OPEN-2)")
    for s in range(n):
        t = rules.team_of(s)
        if melded_this_hand[s] and not melds[t]:
            _fail(f"melded_this_hand.{s}", "the seat's team has no melds")
    for t in range(teams):
        if melds[t] and not any(melded_this_hand[s] for s in range(n) if rules.team_of(s) == t):
            _fail("melded_this_hand", f"team {t} has melds, so one of its players melded")

    # ---- the turn against the rest
    _check_turn(turn, phase, rules, acting, team, stock, pile, melds, opened, melded_this_hand, fresh)

    # ---- the hands
    if not over:
        for s, h in enumerate(hands):
            if not h:
                _fail(f"hands.{s}", "only a finished hand leaves a player with no cards (K-OUT-2, C-OUT-1)")

    state = State(
        rules=rules,
        seed=seed,
        hand_number=hand_number,
        dealer=dealer,
        scores=scores,
        hands=tuple(hands),
        stock=stock,
        pile=pile,
        pile_frozen=pile_frozen,
        melds=tuple(melds),
        red_threes=tuple(red_threes),
        packets=tuple(packets),
        packets_taken=tuple(packets_taken),
        trump=trump,
        opened=tuple(opened),
        melded_this_hand=tuple(melded_this_hand),
        player=player,
        phase=phase,
        turn=turn,
        winner=winner,
        hand_results=tuple(hand_results),
    )
    if not over:
        try:
            moves = state.legal_actions()
        except RuntimeError as err:  # the E-2 search gave up on an outlandish position
            _fail("", f"the engine cannot search this position: {err}")
        if not moves:
            _fail("", f"seat {player} has no legal move in this position (E-2)")
    return state


def _missing(cards: Sequence[Card], counts: Mapping[Card, int]) -> str:
    out = []
    for card in sorted(set(cards)):
        out.append(f"{card} ({counts.get(card, 0)} of {_DECK_COUNT[card]})")
    return ", ".join(out)


def _check_turn(
    turn: Turn,
    phase: Phase,
    rules: Rules,
    acting: int,
    team: int,
    stock: tuple[Card, ...],
    pile: tuple[Card, ...],
    melds: Sequence[tuple[Meld, ...]],
    opened: Sequence[bool],
    melded_this_hand: Sequence[bool],
    fresh: Turn,
) -> None:
    """The turn's fields against each other, the phase and the table (G-TURN-1)."""
    if phase is Phase.DRAW:
        where = _first_difference(turn, fresh, "turn")
        if where is not None:
            _fail(where, "in the draw phase the turn has just begun: leave it out or give a fresh turn")
        return
    if phase in (Phase.PLAY, Phase.ANSWER) and turn.drew is None:
        _fail("turn.drew", "the player has drawn already in this phase: set \"stock\" or \"pile\"")
    if phase is Phase.ANSWER and not (turn.asked and turn.answer is None):
        _fail("turn.asked", "in the answer phase the player has asked and partner has not answered yet (C-OUT-3)")
    if phase is Phase.PLAY and turn.asked != (turn.answer is not None):
        _fail("turn.answer", "after asking partner the play phase comes back with the answer (C-OUT-3)")
    if turn.answer is not None and not turn.asked:
        _fail("turn.answer", "there is no answer without a question (C-OUT-3)")
    if turn.asked and not rules.ask_partner:
        _fail("turn.asked", "these rules have no asking partner (C-OUT-3)")
    if turn.laid and turn.drew is None:
        _fail("turn.laid", "cards are laid only after drawing (G-TURN-1)")
    for key in ("melded", "added_to_old", "must_go_out"):
        if getattr(turn, key) and not turn.laid:
            _fail(f"turn.{key}", "needs turn.laid: cards were laid down this turn")
    if turn.count_halves and not turn.laid:
        _fail("turn.count", "cards count toward the opening only when laid (turn.laid)")
    if turn.own_from > len(melds[team]):
        _fail("turn.own_from", f"the team has only {len(melds[team])} meld(s)")
    if turn.own_from < len(melds[team]) and not turn.laid:
        _fail("turn.own_from", "melds from this index on were laid this turn, so turn.laid must be set")
    if melded_this_hand[acting] != ((not turn.first_meld) or turn.laid):
        _fail("turn.first_meld", "first_meld says the player had not melded before this turn; "
                                 "it must agree with melded_this_hand and turn.laid (C-OUT-4)")
    if turn.forbidden is not None and not (turn.drew == "pile" and rules.single_card_discard_block):
        _fail("turn.forbidden", "only a one-card pile taken this turn forbids a discard (K-PILE-3)")
    if turn.aside and not (turn.drew == "pile" and rules.pile_take == "meld_top" and not opened[team] and turn.laid):
        _fail("turn.aside", "the rest of a pile waits aside only when the player's team took it "
                            "this turn before being down (C-PILE-5)")
    if turn.drew == "pile" and rules.pile_take == "meld_top" and not turn.laid:
        _fail("turn.laid", "taking the pile melds its top card, so cards were laid (C-PILE-1)")
    if phase is not Phase.GAME_OVER and turn.drew == "pile" and pile:
        _fail("pile", "the pile was taken this turn and nothing is discarded before the turn ends")
    if turn.last_stock and not (turn.drew == "stock" and not stock):
        _fail("turn.last_stock", "set when the player drew the last stock card: the stock is empty (C-OUT-5, K-OUT-6)")
    if turn.drew == "stock" and not stock and not turn.last_stock:
        _fail("turn.last_stock", "the player drew from the stock and it is empty: the last card was drawn")
