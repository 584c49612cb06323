"""The parts of the library's documents, written and read: rules, cards, melds, the turn and hand results.

A position document (:mod:`kanasta.documents.position`), a view document
(:mod:`kanasta.view.document`) and a game record (:mod:`kanasta.documents.record`) are
made of the same parts, written the same way: the rules as a preset's name or
their fields, cards in card notation (one string per place, ``""`` for none),
a meld as one string in its stored order (a run from its low end to its high
end, its wild card in the place it stands for, K-MELD-5; a wild 2 in its own
natural place marked ``*``), points as integers or halves, and the turn and
each hand result as objects.  Each part has its writer here (``..._to_data``)
and its reader (``read_...``), which checks a value from a stranger and
raises :class:`~kanasta.SerializationError` with the dotted path of the bad
value (the one-value readers are :mod:`kanasta.documents.reading`'s).

>>> import kanasta
>>> from kanasta.documents.parts import meld_to_data, read_meld_text
>>> meld = read_meld_text("JK 7S 7H", "melds.0.0", kanasta.Rules.classic())
>>> meld_to_data(meld)
'7H 7S JK'
>>> read_meld_text("7H 7S", "melds.0.0", kanasta.Rules.classic())
Traceback (most recent call last):
...
kanasta.errors.SerializationError: melds.0.0: not a legal meld: ...
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any, Final, cast, get_args

import attrs

from kanasta.cards import DECK, Card, Rank, format_cards
from kanasta.documents.reading import (
    fail,
    join,
    kind,
    read_bool,
    read_card,
    read_cards,
    read_int,
    read_list,
    read_object,
    read_optional,
    read_points,
    read_seat,
)
from kanasta.errors import ConfigError, SerializationError, short_repr
from kanasta.melds import CanastaKind, Meld, MeldKind, read_meld, read_run
from kanasta.position import CanastaScore, HandEnd, HandResult, Phase, TeamScore, Turn
from kanasta.rulebook import freezes_pile
from kanasta.rules import PRESETS, Rules
from kanasta.rules import preset as _preset
from kanasta.scoring import score_hand

__all__ = [
    "DECK_COUNT",
    "card_to_data",
    "cards_to_data",
    "first_difference",
    "meld_to_data",
    "read_hand_moves",
    "read_meld_text",
    "read_pile_frozen",
    "read_results",
    "read_turn",
    "result_to_data",
    "rules_from_data",
    "rules_to_data",
    "turn_to_data",
    "within_deck",
]

DECK_COUNT: Final[Mapping[Card, int]] = Counter(DECK)
"""How many of each card the deck has (G-DECK-1).

>>> import kanasta
>>> DECK_COUNT[kanasta.parse_card("JK")], DECK_COUNT[kanasta.parse_card("7H")], sum(DECK_COUNT.values())
(4, 2, 108)
"""

_SEPARATORS: Final = re.compile(r"[\s,]+")
_ENDED_BY: Final = get_args(HandEnd)
_KINDS: Final = get_args(CanastaKind)
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

_RESULT_CACHE_SIZE: Final = 256
_RESULT_CACHE_KEY_CHARS: Final = 8192
_RESULT_CACHE: dict[tuple[Rules, str, tuple[int, ...]], HandResult] = {}
"""Hand results already read and re-scored, by their JSON text: at most
:data:`_RESULT_CACHE_SIZE` entries of at most :data:`_RESULT_CACHE_KEY_CHARS`
characters each (reading every state of one long game re-reads its results)."""


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


def _points_to_data(value: Fraction) -> int | float:
    return int(value) if value.denominator == 1 else float(value)


def cards_to_data(cards: Sequence[Card]) -> str:
    """Cards as a document writes them: card notation, ``""`` for none (read back by
    :func:`~kanasta.documents.reading.read_cards`).

    >>> import kanasta
    >>> cards_to_data(kanasta.parse_cards("7H 7D JK")), cards_to_data(())
    ('7H 7D JK', '')
    """
    return format_cards(cards)


def card_to_data(card: Card | None) -> str | None:
    """One card or none as a document writes it: its notation, or None (``null``).

    >>> import kanasta
    >>> card_to_data(kanasta.parse_card("TS")), card_to_data(None)
    ('TS', None)
    """
    return None if card is None else str(card)


def meld_to_data(meld: Meld) -> str:
    """A meld as a document writes it: its cards in stored order; a wild 2 in its own natural place gets a ``*``.

    :func:`read_meld_text` reads it back.

    >>> import kanasta
    >>> rules = kanasta.Rules.kanasta()
    >>> meld_to_data(read_meld_text("AH 2H 3H 4H", "melds.0.0", rules))
    'AH 2H 3H 4H'
    >>> wild_two = read_meld_text("AH 2H* 3H 4H", "melds.0.0", rules)
    >>> wild_two.wild_index, meld_to_data(wild_two)
    (1, 'AH 2H* 3H 4H')
    """
    tokens = [str(c) for c in meld.cards]
    w = meld.wild_index
    if meld.kind is MeldKind.RUN and w is not None:
        card = meld.cards[w]
        if card.rank is Rank.TWO and card.suit is meld.suit and meld.low + w == 2:
            tokens[w] += "*"
    return " ".join(tokens)


def turn_to_data(turn: Turn) -> dict[str, Any]:
    """The turn so far as a document writes it: every field of :class:`~kanasta.Turn`, cards in notation.

    :func:`read_turn` reads it back.

    >>> import kanasta
    >>> data = turn_to_data(kanasta.Turn(drew="stock"))
    >>> data["drew"], data["count"], data["aside"], data["forbidden"]
    ('stock', 0, '', None)
    >>> read_turn(data, "turn", kanasta.Turn()) == kanasta.Turn(drew="stock")
    True
    """
    return {
        "drew": turn.drew,
        "count": _points_to_data(turn.count),
        "laid": turn.laid,
        "aside": cards_to_data(turn.aside),
        "forbidden": card_to_data(turn.forbidden),
        "asked": turn.asked,
        "answer": turn.answer,
        "melded": turn.melded,
        "must_go_out": turn.must_go_out,
        "first_meld": turn.first_meld,
        "own_from": turn.own_from,
        "added_to_old": turn.added_to_old,
        "last_stock": turn.last_stock,
    }


def _team_to_data(t: TeamScore) -> dict[str, Any]:
    return {
        "team": t.team,
        "packets": t.packets,
        "packet_points": t.packet_points,
        "meld_points": _points_to_data(t.meld_points),
        "canastas": [
            {"meld": c.meld, "kind": c.kind, "base": c.base, "trump_doubled": c.trump_doubled, "bonus": c.bonus}
            for c in t.canastas
        ],
        "canasta_points": t.canasta_points,
        "red_threes": t.red_threes,
        "red_three_points": t.red_three_points,
        "going_out_points": t.going_out_points,
        "hand_points": _points_to_data(t.hand_points),
        "raw_total": _points_to_data(t.raw_total),
        "total": t.total,
    }


def result_to_data(r: HandResult) -> dict[str, Any]:
    """A hand's result as a document writes it: how it ended, each team's score part by part, the
    melds, hands and red 3s it was scored from.  :func:`read_results` reads a list of them back.

    >>> import kanasta
    >>> from kanasta.bots import GreedyBot, play_out
    >>> state = kanasta.new_game(kanasta.Rules.classic(players=2), seed=3)
    >>> state = play_out(state, [GreedyBot(), GreedyBot()])
    >>> data = result_to_data(state.hand_results[0])
    >>> data["hand_number"], len(data["teams"]), data["scores"] == list(state.hand_results[0].scores)
    (1, 2, True)
    """
    return {
        "hand_number": r.hand_number,
        "dealer": r.dealer,
        "ended_by": r.ended_by,
        "went_out": r.went_out,
        "concealed": r.concealed,
        "teams": [_team_to_data(t) for t in r.teams],
        "scores": list(r.scores),
        "melds": [[meld_to_data(m) for m in team] for team in r.melds],
        "hands": [cards_to_data(h) for h in r.hands],
        "red_threes": [cards_to_data(c) for c in r.red_threes],
        "trump": card_to_data(r.trump),
    }


# ------------------------------------------------------------------ reading


def read_meld_text(value: object, path: str, rules: Rules) -> Meld:
    """Read one meld string under ``rules``; black-3 melds are read here and checked by the caller.

    A ``*`` marks a run's wild 2 that stands in its own natural place (K-MELD-7).

    >>> import kanasta
    >>> read_meld_text("7H 7S JK", "melds.0.0", kanasta.Rules.classic()).cards
    (Card('7H'), Card('7S'), Card('JK'))
    >>> read_meld_text("7H 8S JK", "melds.0.0", kanasta.Rules.classic())
    Traceback (most recent call last):
    ...
    kanasta.errors.SerializationError: melds.0.0: not a legal meld: ...
    """
    if not isinstance(value, str):
        fail(path, f"expected a meld as text (e.g. \"7H 7S JK\"), got {short_repr(value)}")
    tokens = [t for t in _SEPARATORS.split(value.strip()) if t]
    star: int | None = None
    plain: list[str] = []
    for i, token in enumerate(tokens):
        if token.endswith("*"):
            if star is not None:
                fail(path, "only one card of a run may be marked with *")
            star, token = i, token[:-1]
            if not token:
                fail(path, "a * follows the card it marks, e.g. 2H*")
        plain.append(token)
    cards = read_cards(" ".join(plain), path)
    found: Meld | tuple[str, str]
    if star is None:
        found = read_meld(cards, rules, black_threes_ok=True)
    else:
        marked = cards[star]
        if not rules.runs or marked.rank is not Rank.TWO:
            fail(path, "a * marks only a run's wild 2 that sits in its own natural place (K-MELD-7)")
        found = read_run(cards, rules, wild_card=marked)
    if isinstance(found, tuple):
        fail(path, f"not a legal meld: {found[1]} [{found[0]}]")
    if star is not None and not (
        found.kind is MeldKind.RUN
        and found.wild_index == star
        and cards[star].suit is found.suit
        and found.low + star == 2
    ):
        fail(path, "a * marks only a run's wild 2 that sits in its own natural place (K-MELD-7)")
    return found


def first_difference(a: object, b: object, path: str) -> str | None:
    """The path of the first field where ``a`` and ``b`` differ, or None if they are equal.

    Fields of attrs classes and items of tuples are followed down to the first that differs.

    >>> import kanasta
    >>> first_difference(kanasta.Turn(), kanasta.Turn(laid=True), "turn")
    'turn.laid'
    >>> first_difference(kanasta.Turn(), kanasta.Turn(), "turn") is None
    True
    """
    if a == b:
        return None
    if type(a) is type(b) and attrs.has(type(a)):
        for field in attrs.fields(cast("type[attrs.AttrsInstance]", type(a))):
            found = first_difference(getattr(a, field.name), getattr(b, field.name), join(path, field.name))
            if found is not None:
                return found
    if isinstance(a, tuple) and isinstance(b, tuple) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            found = first_difference(x, y, join(path, i))
            if found is not None:
                return found
    return path


def within_deck(places: Sequence[tuple[str, tuple[Card, ...]]]) -> int:
    """How many cards ``places`` hold; refuse the first place with one card more than the deck has (G-DECK-1).

    ``places`` are (dotted path, cards) pairs; the error names the path where the card is one too many.

    >>> import kanasta
    >>> within_deck([("hand", kanasta.parse_cards("7H 7H")), ("pile", kanasta.parse_cards("QS"))])
    3
    >>> within_deck([("hand", kanasta.parse_cards("7H 7H")), ("pile", kanasta.parse_cards("7H"))])
    Traceback (most recent call last):
    ...
    kanasta.errors.SerializationError: pile: one 7H too many: the deck has 2 (G-DECK-1)
    """
    seen: Counter[Card] = Counter()
    for where, cards in places:
        for card in cards:
            seen[card] += 1
            if seen[card] > DECK_COUNT[card]:
                fail(where, f"one {card} too many: the deck has {DECK_COUNT[card]} (G-DECK-1)")
    return sum(seen.values())


def read_turn(value: object, path: str, defaults: Turn) -> Turn:
    """Read a turn object (as :func:`turn_to_data` writes it); the keys left out keep their ``defaults``.

    >>> import kanasta
    >>> read_turn({"drew": "pile", "laid": True}, "turn", kanasta.Turn()).drew
    'pile'
    >>> read_turn({"drew": "deck"}, "turn", kanasta.Turn())
    Traceback (most recent call last):
    ...
    kanasta.errors.SerializationError: turn.drew: expected null, "stock" or "pile", got 'deck'
    """
    data = read_object(value, path, (), _TURN_KEYS)
    kw: dict[str, Any] = {}
    if "drew" in data:
        drew = data["drew"]
        if drew not in (None, "stock", "pile"):
            fail(join(path, "drew"), f"expected null, \"stock\" or \"pile\", got {short_repr(drew)}")
        kw["drew"] = drew
    if "count" in data:
        count = read_points(data["count"], join(path, "count"))
        if count < 0:
            fail(join(path, "count"), f"must be at least 0, not {data['count']}")
        kw["count_halves"] = int(count * 2)
    for key in ("laid", "asked", "melded", "must_go_out", "first_meld", "added_to_old", "last_stock"):
        if key in data:
            kw[key] = read_bool(data[key], join(path, key))
    if "aside" in data:
        kw["aside"] = read_cards(data["aside"], join(path, "aside"))
    if "forbidden" in data:
        kw["forbidden"] = read_optional(data["forbidden"], join(path, "forbidden"), read_card)
    if "answer" in data:
        kw["answer"] = read_optional(data["answer"], join(path, "answer"), read_bool)
    if "own_from" in data:
        kw["own_from"] = read_int(data["own_from"], join(path, "own_from"), 0, len(DECK))
    return attrs.evolve(defaults, **kw)


def _read_canasta(value: object, path: str) -> CanastaScore:
    c = read_object(value, path, _CANASTA_KEYS, ())
    kind = c["kind"]
    if kind not in _KINDS:
        fail(join(path, "kind"), f"expected one of {', '.join(_KINDS)}, got {short_repr(kind)}")
    return CanastaScore(
        meld=read_int(c["meld"], join(path, "meld"), 0, len(DECK)),
        kind=kind,
        base=read_int(c["base"], join(path, "base")),
        trump_doubled=read_bool(c["trump_doubled"], join(path, "trump_doubled")),
        bonus=read_int(c["bonus"], join(path, "bonus")),
    )


def _read_team_score(value: object, path: str, rules: Rules) -> TeamScore:
    data = read_object(value, path, _TEAM_KEYS, ())
    canastas = tuple(
        _read_canasta(item, join(join(path, "canastas"), i))
        for i, item in enumerate(read_list(data["canastas"], join(path, "canastas")))
    )
    return TeamScore(
        team=read_int(data["team"], join(path, "team"), 0, rules.teams - 1),
        packets=read_int(data["packets"], join(path, "packets"), 0, rules.packets),
        packet_points=read_int(data["packet_points"], join(path, "packet_points")),
        meld_points=read_points(data["meld_points"], join(path, "meld_points")),
        canastas=canastas,
        canasta_points=read_int(data["canasta_points"], join(path, "canasta_points")),
        red_threes=read_int(data["red_threes"], join(path, "red_threes"), 0, 4),
        red_three_points=read_int(data["red_three_points"], join(path, "red_three_points")),
        going_out_points=read_int(data["going_out_points"], join(path, "going_out_points")),
        hand_points=read_points(data["hand_points"], join(path, "hand_points")),
        raw_total=read_points(data["raw_total"], join(path, "raw_total")),
        total=read_int(data["total"], join(path, "total")),
    )


def _read_result_cached(value: object, path: str, rules: Rules, scores_before: tuple[int, ...]) -> HandResult:
    """Read and re-score one hand result; small results already read (the same text) come from a cache."""
    import json

    try:
        key_text = json.dumps(value, sort_keys=True, allow_nan=False)
    except (TypeError, ValueError, RecursionError):  # not JSON: read it the long way, and let that say what is wrong
        return _read_result(value, path, rules, scores_before)
    if len(key_text) > _RESULT_CACHE_KEY_CHARS:
        return _read_result(value, path, rules, scores_before)
    key = (rules, key_text, scores_before)
    found = _RESULT_CACHE.get(key)
    if found is None:
        found = _read_result(value, path, rules, scores_before)
        if len(_RESULT_CACHE) >= _RESULT_CACHE_SIZE:
            _RESULT_CACHE.clear()
        _RESULT_CACHE[key] = found
    return found


def read_results(value: object, rules: Rules) -> tuple[HandResult, ...]:
    """Read a document's ``hand_results``: the hands finished since the position's starting point.

    A position may start at any hand with any scores (a hand-made position, or one
    written out before its first hand ended), so the first result may be any hand
    number and its scores before it are its scores less its totals; each later result
    is the next hand and adds its totals to the previous scores (C-SCORE-1, K-SCORE-1).

    >>> import kanasta
    >>> state = kanasta.State.from_dict({"format": "kanasta.position/1", "rules": "classic",
    ...     "hand_number": 3, "scores": [1000, 20], "phase": "play", "turn": {"drew": "stock"},
    ...     "hands": ["4C 4D 4H 5S", "9S 9S", "9H 9H", "9D 9D"],
    ...     "melds": [["QC QD QH QS QC QD QH"], []]}, engine="python")
    >>> over = state.apply(kanasta.parse_action("meld 4C 4D 4H"))
    >>> over = over.apply(kanasta.parse_action("discard 5S"))
    >>> [r.hand_number for r in over.hand_results], over.hand_results[0].scores[0] > 1000
    ([3], True)
    >>> read_results(over.to_dict()["hand_results"], over.rules)[0].hand_number
    3
    """
    results: list[HandResult] = []
    for i, item in enumerate(read_list(value, "hand_results")):
        path = f"hand_results.{i}"
        before = results[-1].scores if results else _start_scores(item, rules.teams)
        r = _read_result_cached(item, path, rules, before)
        if results and r.hand_number != results[-1].hand_number + 1:
            fail(f"{path}.hand_number", f"the results list every hand in turn: expected {results[-1].hand_number + 1}")
        results.append(r)
    return tuple(results)


def _start_scores(item: object, teams: int) -> tuple[int, ...]:
    """The scores before a first hand result: its scores less its team totals.

    Anything malformed gives zeros, and reading the result then says what is wrong.
    """
    zeros = (0,) * teams
    if not isinstance(item, dict):
        return zeros
    scores, parts = item.get("scores"), item.get("teams")
    if not (isinstance(scores, list) and isinstance(parts, list) and len(scores) == len(parts) == teams):
        return zeros
    totals = [p.get("total") if isinstance(p, dict) else None for p in parts]
    values = [*scores, *totals]
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
        return zeros
    return tuple(s - t for s, t in zip(scores, totals))


def _read_result(value: object, path: str, rules: Rules, scores_before: tuple[int, ...]) -> HandResult:
    n, teams = rules.players, rules.teams
    data = read_object(value, path, _RESULT_KEYS, ())
    hand_number = read_int(data["hand_number"], join(path, "hand_number"), 1)
    dealer = read_seat(data["dealer"], join(path, "dealer"), n)
    ended_by = data["ended_by"]
    if ended_by not in _ENDED_BY:
        fail(join(path, "ended_by"), f"expected one of {', '.join(_ENDED_BY)}, got {short_repr(ended_by)}")
    went_out = read_optional(data["went_out"], join(path, "went_out"), lambda v, p: read_seat(v, p, n))
    if (went_out is None) != (ended_by != "going_out"):
        fail(join(path, "went_out"), "a seat goes out exactly when the hand ended by going out")
    concealed = read_bool(data["concealed"], join(path, "concealed"))
    if concealed and ended_by != "going_out":
        fail(join(path, "concealed"), "only a hand that ended by going out can end concealed")
    team_scores = tuple(
        _read_team_score(t, join(join(path, "teams"), i), rules)
        for i, t in enumerate(read_list(data["teams"], join(path, "teams"), teams, "teams"))
    )
    if sum(t.packets for t in team_scores) > rules.packets:
        fail(join(path, "teams"), f"these rules have {rules.packets} packet(s), "
                                  f"not {sum(t.packets for t in team_scores)} (K-DEAL-2)")
    scores = tuple(
        read_int(s, join(join(path, "scores"), i))
        for i, s in enumerate(read_list(data["scores"], join(path, "scores"), teams, "scores"))
    )
    melds_path = join(path, "melds")
    melds = tuple(
        tuple(read_meld_text(m, join(join(melds_path, t), i), rules)
              for i, m in enumerate(read_list(team, join(melds_path, t))))
        for t, team in enumerate(read_list(data["melds"], melds_path, teams, "teams"))
    )
    hands = tuple(
        tuple(sorted(read_cards(h, join(join(path, "hands"), i))))
        for i, h in enumerate(read_list(data["hands"], join(path, "hands"), n, "hands"))
    )
    reds = tuple(
        read_cards(c, join(join(path, "red_threes"), i))
        for i, c in enumerate(read_list(data["red_threes"], join(path, "red_threes"), teams, "teams"))
    )
    trump = read_optional(data["trump"], join(path, "trump"), read_card)
    places = [(join(join(melds_path, t), i), m.cards) for t, team in enumerate(melds) for i, m in enumerate(team)]
    places += [(join(join(path, "hands"), i), h) for i, h in enumerate(hands)]
    places += [(join(join(path, "red_threes"), t), c) for t, c in enumerate(reds)]
    within_deck(places)
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
    where = first_difference(result, expected, path)
    if where is not None:
        fail(where, "does not match the hand's score as the rules compute it (C-SCORE-1, K-SCORE-1)")
    return result


def read_pile_frozen(doc: dict[str, Any], rules: Rules, pile: tuple[Card, ...]) -> bool:
    """A document's ``pile_frozen``, checked: the pile is frozen exactly while it holds a wild card or a red 3
    (C-PILE-3, C-DEAL-2); left out, it is worked out from the pile.

    >>> import kanasta
    >>> rules, pile = kanasta.Rules.classic(), kanasta.parse_cards("7H 2C")
    >>> read_pile_frozen({}, rules, pile), read_pile_frozen({"pile_frozen": True}, rules, pile)
    (True, True)
    >>> read_pile_frozen({"pile_frozen": False}, rules, pile)
    Traceback (most recent call last):
    ...
    kanasta.errors.SerializationError: pile_frozen: the pile is frozen exactly while it holds a wild card ... (C-PILE-3)
    """
    frozen = any(freezes_pile(rules, c) for c in pile)
    pile_frozen = read_bool(doc.get("pile_frozen", frozen), "pile_frozen")
    if pile_frozen != frozen:
        fail("pile_frozen", "the pile is frozen exactly while it holds a wild card or a red 3 (C-PILE-3)"
             if rules.pile_freezing else "these rules never freeze the pile")
    return frozen


def read_hand_moves(doc: dict[str, object], rules: Rules, phase: Phase) -> int:
    """A document's ``hand_moves``: the moves made in this hand, counted only when the rules set
    ``hand_move_limit`` (else 0, and the key must be left out).

    >>> import attrs, kanasta
    >>> limited = attrs.evolve(kanasta.Rules.classic(), hand_move_limit=500)
    >>> play = kanasta.Phase.PLAY
    >>> read_hand_moves({"hand_moves": 12}, limited, play), read_hand_moves({}, limited, play)
    (12, 0)
    >>> read_hand_moves({"hand_moves": 12}, kanasta.Rules.classic(), kanasta.Phase.PLAY)
    Traceback (most recent call last):
    ...
    kanasta.errors.SerializationError: hand_moves: moves are counted only when the rules set hand_move_limit
    """
    limit = rules.hand_move_limit
    if limit is None:
        if "hand_moves" in doc:
            fail("hand_moves", "moves are counted only when the rules set hand_move_limit")
        return 0
    moves = read_int(doc.get("hand_moves", 0), "hand_moves", 0, limit + 1000)
    if phase is Phase.GAME_OVER and moves:
        fail("hand_moves", "the game is over: no hand is being played")
    return moves
