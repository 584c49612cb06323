"""The rule configuration: every difference between the games is a field.

:class:`Rules` is a frozen, hashable attrs class.  The presets
:meth:`Rules.kanasta` and :meth:`Rules.classic` bundle the options of
Parts K, C and C2 of the rules; :func:`attrs.evolve` makes variants, and every
construction is validated (:class:`~kanasta.ConfigError` names the field).

>>> import attrs, kanasta
>>> rules = kanasta.Rules.classic()
>>> rules.players, rules.hand_size, rules.target_score
(4, 11, 5000)
>>> long_game = attrs.evolve(rules, target_score=7500)
>>> long_game.target_score, long_game == rules
(7500, False)
>>> kanasta.Rules.from_dict(long_game.to_dict()) == long_game
True
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from types import MappingProxyType
from typing import Any, Final, Literal, TypeAlias, TypeVar, cast

import attrs

from kanasta._limits import LIMITS, RULE_RANGES
from kanasta.cards import DECK, Card, Rank
from kanasta.errors import ConfigError, SerializationError, short_repr

__all__ = [
    "INT_LIMIT",
    "MIN_STOCK",
    "POINT_LIMIT",
    "PRESETS",
    "PRESET_NAMES",
    "RETIRED_FIELDS",
    "PileTake",
    "Rules",
    "StockEnd",
    "preset",
]

PileTake = Literal["meld_top", "whole"]
"""How the discard pile is taken: ``"meld_top"`` (Classic, C-PILE-1: the top card
is melded at once) or ``"whole"`` (Kanasta, K-PILE-1: the whole pile goes to hand)."""

StockEnd = Literal["pile_play", "end_of_turn"]
"""What happens when the stock runs out: ``"pile_play"`` (C-OUT-5: play goes on
with the pile) or ``"end_of_turn"`` (K-OUT-6: the hand ends after that turn)."""

_T = TypeVar("_T")

MIN_STOCK: Final[int] = LIMITS["min_stock"]
"""The least stock a deal may leave: enough for every card the upcard procedure
(C-DEAL-2) and the red-3 replacements of C-DEAL-3 could take in the worst case.

>>> MIN_STOCK
20
"""

INT_LIMIT: Final[int] = LIMITS["rules_int"]
"""The largest whole-number rule value (a target score, a bonus, a band start): far
beyond any game, small enough that scores stay printable and documents bounded.

Like every limit of a number the library reads, it comes from the one table both
engines read (the *Positions* page lists it).

>>> INT_LIMIT
1000000000
"""

POINT_LIMIT: Final[int] = LIMITS["rules_points"]
"""The largest card value or opening minimum (Classic's largest card value is 50).

>>> POINT_LIMIT
10000
"""

_RANGES: Final[dict[str, tuple[int, int]]] = RULE_RANGES
"""The range of every whole-number field, from the table both engines read."""

Bands = tuple[tuple[int | None, Fraction], ...]

_THREES_WITH_PACKETS: Final = (
    "the red- and black-3 rules are defined for games without packets: a packet picked up "
    "would bring red 3s into the hand (C-THREE-1), and a black-3 meld binds its player to go "
    "out (C-THREE-2) where emptying the hand picks up a packet instead (K-OUT-2); use "
    "red_threes=False and black_threes=False"
)
"""Why validation refuses packets together with the red- and black-3 rules (the core's reader says the same)."""


def _points(value: object) -> Fraction:
    """Convert a point value given as int, Fraction, float or text to a Fraction (TypeError if not)."""
    if isinstance(value, bool):
        raise TypeError(f"a point value must be a number, not {short_repr(value)}")
    if isinstance(value, Fraction):
        return value
    if isinstance(value, int):
        return Fraction(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise TypeError(f"a point value must be finite, not {short_repr(value)}")
        return Fraction(value)
    if isinstance(value, str):
        if len(value) > 40 or "e" in value.lower():  # no "1e99999999": its Fraction alone takes minutes
            raise TypeError(f"{short_repr(value)} is not a point value such as \"9/2\" or \"4.5\"")
        try:
            return Fraction(value)
        except (ValueError, ZeroDivisionError):
            raise TypeError(f"{short_repr(value)} is not a number") from None
    raise TypeError(f"a point value must be a number, not {type(value).__name__}")


def _bounded_points(value: object) -> Fraction:
    x = _points(value)
    if abs(x) > POINT_LIMIT:
        raise TypeError(f"a point value must be at most {POINT_LIMIT} either way, not {short_repr(x)}")
    return x


def _values(value: object) -> tuple[Fraction, ...]:
    if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
        raise TypeError("card_values must be a sequence of 13 point values (A, 2, ..., K)")
    return tuple(_bounded_points(v) for v in cast("list[object]", value))


def _bands(value: object) -> Bands:
    if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
        raise TypeError("opening_minimums must be a sequence of (from_score, minimum) pairs")
    out: list[tuple[int | None, Fraction]] = []
    for item in cast("list[object]", value):
        if isinstance(item, (str, bytes)) or not hasattr(item, "__iter__"):
            raise TypeError(f"opening band {short_repr(item)} is not a (from_score, minimum) pair")
        pair = tuple(cast("list[object]", item))
        if len(pair) != 2:
            raise TypeError(f"opening band {short_repr(item)} is not a (from_score, minimum) pair")
        start, minimum = pair
        if start is not None and (not isinstance(start, int) or isinstance(start, bool)):
            raise TypeError(f"opening band start {short_repr(start)} must be an int or None")
        low, high = _RANGES["opening_band_start"]
        if start is not None and not low <= start <= high:
            raise TypeError(f"opening band start {short_repr(start)} must be at most {high} either way")
        out.append((start, _bounded_points(minimum)))
    return tuple(out)


def _named(field: str, convert: Callable[[object], _T], value: object) -> _T:
    """Run a converter so that bad input raises ConfigError naming ``field``."""
    try:
        return convert(value)
    except (TypeError, ValueError) as err:
        raise ConfigError(field, str(err)) from None


# What the constructor accepts for point values (the fields store Fractions).
PointValue: TypeAlias = Fraction | int | float | str


def _card_values_in(value: Iterable[PointValue]) -> tuple[Fraction, ...]:
    return _named("card_values", _values, value)


def _joker_value_in(value: PointValue) -> Fraction:
    return _named("joker_value", _bounded_points, value)


def _natural_two_value_in(value: PointValue) -> Fraction:
    return _named("natural_two_value", _bounded_points, value)


def _opening_minimums_in(value: Iterable[tuple[int | None, PointValue]]) -> Bands:
    return _named("opening_minimums", _bands, value)


def _is_half(x: Fraction) -> bool:
    return x.denominator in (1, 2)


@attrs.frozen(cache_hash=True)
class Rules:
    """Every rule option of both games (see the rules page); use the presets and evolve.

    Point values are :class:`~fractions.Fraction` (Kanasta has half points,
    K-VAL-2); they may be given as ints, floats that are whole or half
    numbers, or text such as ``"9/2"``.  A combination that cannot be played
    raises :class:`~kanasta.ConfigError` naming the field.

    >>> import attrs, kanasta
    >>> k = kanasta.Rules.kanasta()
    >>> k.runs, k.max_wilds, k.packets, k.target_score
    (True, 1, 2, 300)
    >>> attrs.evolve(k, trump_doubling=False).trump_doubling
    False
    >>> attrs.evolve(k, players=5)
    Traceback (most recent call last):
    ...
    kanasta.errors.ConfigError: players: must be 2, 3 or 4, not 5
    """

    #: A label for display; never read by a rule check.
    name: str = "custom"
    #: Number of players, 2-4; four play as two partnerships (seats 0+2, 1+3).
    players: int = 4
    #: Cards dealt to each player (C-DEAL-1, C2-1, C2-2, K-DEAL-1).
    hand_size: int = 11
    #: Cards taken by a stock draw (C2-2: two in the two-player game).
    draw_count: int = 1
    #: The game ends after a hand in which a team reaches this (G-GAME-1).
    target_score: int = 5000

    #: Runs (sequences in one suit) may be melded (K-MELD-2).
    runs: bool = False
    #: Most wild cards in one meld (C-MELD-1: 3; K-MELD-4: 1).
    max_wilds: int = 3
    #: Wild cards may never outnumber natural cards in a meld (seed-003 option, C-MELD-1).
    wilds_within_naturals: bool = False
    #: Most cards in one meld, or None for no limit (K-MELD-3: 13).
    max_meld_size: int | None = None
    #: A team holds at most one set of each rank (C-MELD-2); else any number (K-MELD-9).
    one_meld_per_rank: bool = True
    #: Canastas the team needs before a player may go out / empty the hand (C-OUT-1, C2-2, K-OUT-1).
    canastas_to_go_out: int = 1

    #: Value of each natural rank A, 2, ..., K; the 2's entry is a 2 as a wild or in hand (C-VAL-1, K-VAL-1).
    card_values: tuple[Fraction, ...] = attrs.field(
        converter=_card_values_in,
        default=tuple(Fraction(v) for v in (20, 20, 5, 5, 5, 5, 5, 10, 10, 10, 10, 10, 10)),
    )
    #: Value of a joker (C-VAL-1: 50; K-VAL-1: 1).
    joker_value: Fraction = attrs.field(converter=_joker_value_in, default=Fraction(50))
    #: Value of a 2 in its natural place in a run of its suit (K-MELD-6, K-VAL-1: ½).
    natural_two_value: Fraction = attrs.field(
        converter=_natural_two_value_in, default=Fraction(1, 2)
    )

    #: Bonus of a canasta without wild cards: natural (C-MELD-4) / clean (K-BONUS-1).
    clean_bonus: int = 500
    #: Bonus of a canasta with wild cards: mixed (C-MELD-4) / dirty (K-BONUS-1).
    dirty_bonus: int = 300
    #: Bonus of a 13-card run instead of the clean/dirty bonus (K-BONUS-1), or None.
    full_bonus: int | None = None
    #: Bonus for going out (C-SCORE-1: 100; K-OUT-5: 10).
    going_out_bonus: int = 100
    #: Bonus for going out concealed (C-OUT-4: 200), or None: no concealed going out.
    concealed_bonus: int | None = 200

    #: Face-down packets dealt aside (K-DEAL-1, K-OUT-2: two *fi*).
    packets: int = 0
    #: Cards in each packet.
    packet_size: int = 11
    #: Points for each packet a team takes (K-OUT-2).
    packet_bonus: int = 10
    #: A team that has taken a packet may not empty a hand by discarding while
    #: another packet remains: its last card must be melded (K-OUT-4).
    packet_team_melds_out: bool = True

    #: The upcard (jokers skipped) is the hand's trump card (K-TRUMP-1).
    trump: bool = False
    #: A kanasta matching the trump doubles its bonus (K-TRUMP-2).
    trump_doubling: bool = False

    #: Opening minimum by the team's score at the start of the hand, as
    #: ``(from_score, minimum)`` bands in rising order, the first from ``None``
    #: (any lower score) (C-OPEN-1, K-OPEN-3).
    opening_minimums: Bands = attrs.field(
        converter=_opening_minimums_in,
        default=((None, 15), (0, 50), (1500, 90), (3000, 120)),
    )
    #: The opening must include a natural run (K-OPEN-2).
    opening_natural_run: bool = False
    #: The opening minimum does not apply when the hand falls to one card or none (K-OPEN-4).
    opening_one_card_exempt: bool = False

    #: How the pile is taken (C-PILE-1 ``"meld_top"`` / K-PILE-1 ``"whole"``).
    pile_take: PileTake = "meld_top"
    #: Pile freezing by wild cards and red 3s, and the upcard procedure of C-DEAL-2 (C-PILE-3).
    pile_freezing: bool = True
    #: A team that is not down may take the pile (C-PILE-5); a house-rules text forbids it.
    take_pile_before_down: bool = True
    #: A player holding one card cannot take a one-card pile (C-PILE-6, K-PILE-2).
    single_card_pile_block: bool = True
    #: After taking a one-card pile, no card identical to it may be discarded that turn (K-PILE-3).
    single_card_discard_block: bool = False

    #: Red 3s are bonus cards laid down and replaced (C-THREE-1, C-DEAL-3, C-SCORE-2).
    red_threes: bool = True
    #: Points per red 3 (C-SCORE-2).
    red_three_bonus: int = 100
    #: Points for all four red 3s (C-SCORE-2).
    all_red_threes_bonus: int = 800
    #: Black 3s block the pile and cannot be melded in play (C-THREE-2, C-THREE-3).
    black_threes: bool = True
    #: A player going out may meld three or four black 3s (C-THREE-2; a house-rules text forbids it).
    black_three_meld_going_out: bool = True

    #: A player may ask partner "may I go out?" (C-OUT-3).
    ask_partner: bool = True
    #: What an empty stock does (C-OUT-5 ``"pile_play"`` / K-OUT-6 ``"end_of_turn"``).
    stock_end: StockEnd = "pile_play"
    #: A hand total with a half point is rounded up (K-SCORE-1).
    round_hand_up: bool = False
    #: Not a rule of either game: a bound for servers and learners.  When a hand
    #: has lasted this many moves, it ends at the end of that turn and is scored
    #: as it stands (``ended_by="move_limit"``).  None: no bound.
    hand_move_limit: int | None = None

    def __attrs_post_init__(self) -> None:
        _validate(self)

    # ------------------------------------------------------------------ presets
    @classmethod
    def kanasta(cls, players: int = 4) -> Rules:
        """The Turkish Kanasta preset (Part K of the rules), for four players in two partnerships.

        ``players`` is there to say so: any other count raises
        :class:`~kanasta.ConfigError` naming the counts that exist.

        >>> import kanasta
        >>> r = kanasta.Rules.kanasta()
        >>> r.name, r.hand_size, r.trump, str(r.opening_minimum(150))
        ('kanasta', 11, True, '15/2')
        >>> kanasta.Rules.kanasta(players=2)
        Traceback (most recent call last):
        ...
        kanasta.errors.ConfigError: players: Kanasta is for 4 players, not 2; Rules.classic is for 2, 3 or 4
        """
        if players != 4 or isinstance(players, bool):
            raise ConfigError(
                "players",
                f"Kanasta is for 4 players, not {players!r}; Rules.classic is for 2, 3 or 4",
            )
        half = Fraction(1, 2)
        return cls(
            name="kanasta",
            players=4,
            hand_size=11,
            draw_count=1,
            target_score=300,
            runs=True,
            max_wilds=1,
            wilds_within_naturals=False,
            max_meld_size=13,
            one_meld_per_rank=False,
            canastas_to_go_out=1,
            card_values=(3 * half, 1, half, half, half, half, half, 1, 1, 1, 1, 1, 1),
            joker_value=1,
            natural_two_value=half,
            clean_bonus=20,
            dirty_bonus=10,
            full_bonus=50,
            going_out_bonus=10,
            concealed_bonus=None,
            packets=2,
            packet_size=11,
            packet_bonus=10,
            trump=True,
            trump_doubling=True,
            opening_minimums=((None, 9 * half), (100, 15 * half), (200, 10)),
            opening_natural_run=True,
            opening_one_card_exempt=True,
            pile_take="whole",
            pile_freezing=False,
            take_pile_before_down=True,
            single_card_pile_block=True,
            single_card_discard_block=True,
            red_threes=False,
            black_threes=False,
            black_three_meld_going_out=False,
            ask_partner=False,
            stock_end="end_of_turn",
            round_hand_up=True,
        )

    @classmethod
    def classic(cls, players: int = 4) -> Rules:
        """The Classic Canasta preset for 4 (Part C), 3 or 2 players (Part C2).

        >>> import kanasta
        >>> [(r.players, r.hand_size, r.draw_count, r.canastas_to_go_out, r.ask_partner)
        ...  for r in (kanasta.Rules.classic(p) for p in (4, 3, 2))]
        [(4, 11, 1, 1, True), (3, 13, 1, 1, False), (2, 15, 2, 2, False)]
        """
        if players == 4:
            return cls(name="classic")
        if players == 3:
            return cls(name="classic-3", players=3, hand_size=13, ask_partner=False)
        if players == 2:
            return cls(
                name="classic-2",
                players=2,
                hand_size=15,
                draw_count=2,
                canastas_to_go_out=2,
                ask_partner=False,
            )
        raise ConfigError(
            "players", f"Classic Canasta is for 2, 3 or 4 players, not {short_repr(players)}; Rules.kanasta is for 4"
        )

    # ------------------------------------------------------------------ queries
    @property
    def teams(self) -> int:
        """Number of sides: 2 with four players (partnerships), else one per player.

        >>> import kanasta
        >>> kanasta.Rules.classic().teams, kanasta.Rules.classic(3).teams
        (2, 3)
        """
        return 2 if self.players == 4 else self.players

    def team_of(self, seat: int) -> int:
        """The team a seat plays for (seats 0 and 2 are team 0 with four players).

        >>> import kanasta
        >>> [kanasta.Rules.classic().team_of(s) for s in range(4)]
        [0, 1, 0, 1]
        """
        return seat % self.teams

    def opening_minimum(self, score: int) -> Fraction:
        """The opening minimum for a team whose score at the hand's start is ``score``.

        >>> import kanasta
        >>> r = kanasta.Rules.classic()
        >>> [int(r.opening_minimum(s)) for s in (-10, 0, 1495, 1500, 2995, 3000)]
        [15, 50, 50, 90, 90, 120]
        """
        minimum = self.opening_minimums[0][1]
        for start, value in self.opening_minimums[1:]:
            if start is not None and score >= start:
                minimum = value
        return minimum

    def card_value(self, card: Card, *, natural_two: bool = False) -> Fraction:
        """The value of ``card`` in a meld or in hand (C-VAL-1, K-VAL-1).

        ``natural_two`` asks for the value of a 2 sitting in its natural place
        in a run of its suit (K-MELD-6).  A red 3 in Classic is a bonus card;
        its value here is that of a 3 and is never used.

        >>> import kanasta
        >>> from kanasta import parse_card
        >>> k = kanasta.Rules.kanasta()
        >>> [str(k.card_value(parse_card(t))) for t in ("AS", "KS", "7S", "2S", "JK")]
        ['3/2', '1', '1/2', '1', '1']
        >>> str(k.card_value(parse_card("2S"), natural_two=True))
        '1/2'
        >>> int(kanasta.Rules.classic().card_value(parse_card("2S")))
        20
        """
        if card.rank is None:
            return self.joker_value
        if natural_two and card.rank is Rank.TWO:
            return self.natural_two_value
        return self.card_values[card.rank.value - 1]

    # ------------------------------------------------------------ serialization
    def to_dict(self) -> dict[str, Any]:
        """A plain JSON-safe dict of every field; :meth:`from_dict` reads it back.

        Whole point values are ints, half points are floats (exact in JSON).

        >>> import json, kanasta
        >>> d = kanasta.Rules.kanasta().to_dict()
        >>> d["opening_minimums"]
        [[None, 4.5], [100, 7.5], [200, 10]]
        >>> kanasta.Rules.from_dict(json.loads(json.dumps(d))) == kanasta.Rules.kanasta()
        True
        """
        out: dict[str, Any] = {}
        for field in attrs.fields(Rules):
            value = getattr(self, field.name)
            if field.name == "card_values":
                value = [_json_points(v) for v in value]
            elif field.name == "opening_minimums":
                value = [[start, _json_points(m)] for start, m in value]
            elif isinstance(value, Fraction):
                value = _json_points(value)
            out[field.name] = value
        return out

    @classmethod
    def from_dict(cls, data: object) -> Rules:
        """Read rules written by :meth:`to_dict`; missing fields take the defaults.

        Shape and type problems raise :class:`~kanasta.SerializationError`
        naming the key; an unplayable combination raises
        :class:`~kanasta.ConfigError` naming the field.  A field that older
        versions wrote and that no longer exists (:data:`~kanasta.rules.RETIRED_FIELDS`) is
        read and ignored, so their documents and records still load.

        >>> import kanasta
        >>> kanasta.Rules.from_dict({"players": 3, "hand_size": 13, "ask_partner": False}).players
        3
        >>> kanasta.Rules.from_dict({"colour": "red"})
        Traceback (most recent call last):
        ...
        kanasta.errors.SerializationError: colour: unknown rules field
        """
        if not isinstance(data, dict):
            raise SerializationError("", f"rules must be a JSON object, not {type(data).__name__}")
        kwargs: dict[str, Any] = {}
        for key, value in data.items():
            if key in RETIRED_FIELDS:
                if not _kind_ok(RETIRED_FIELDS[key], value):
                    kind = RETIRED_FIELDS[key]
                    raise SerializationError(key, f"expected {kind} (a retired field), got {short_repr(value)}")
                continue
            if key not in _FIELD_KINDS:
                where = key if isinstance(key, str) and len(key) <= 40 else short_repr(key)
                raise SerializationError(where, "unknown rules field")
            kind = _FIELD_KINDS[key]
            if not _kind_ok(kind, value):
                raise SerializationError(key, f"expected {kind}, got {short_repr(value)}")
            kwargs[key] = value
        try:
            return cls(**kwargs)
        except TypeError as err:
            raise SerializationError("", str(err)) from None


def _json_points(value: Fraction) -> int | float:
    return int(value) if value.denominator == 1 else float(value)


_FIELD_KINDS: Final[dict[str, str]] = {}

RETIRED_FIELDS: Final[dict[str, str]] = {"meld_must_keep_two": "bool"}
"""Fields that earlier versions wrote, with their kind, which :meth:`Rules.from_dict` reads and ignores.

``meld_must_keep_two`` (0.1.0) made a meld that left its player fewer than two
cards bring the team its canastas; C-OUT-1 now checks the canastas only when
the hand is emptied, as K-OUT-1 does, so the option went.

>>> import kanasta
>>> kanasta.Rules.from_dict({"meld_must_keep_two": True}) == kanasta.Rules()
True
"""


def _kind_ok(kind: str, value: object) -> bool:
    number = (isinstance(value, int) and not isinstance(value, bool)) or (
        isinstance(value, float) and math.isfinite(value)
    )
    if kind == "int":
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == "int or null":
        return value is None or (isinstance(value, int) and not isinstance(value, bool))
    if kind == "bool":
        return isinstance(value, bool)
    if kind == "str":
        return isinstance(value, str)
    if kind == "number":
        return number
    if kind == "list of numbers":
        return isinstance(value, list) and all(_kind_ok("number", v) for v in value)
    if kind == "list of [int or null, number] pairs":
        return isinstance(value, list) and all(
            isinstance(v, list)
            and len(v) == 2
            and (v[0] is None or (isinstance(v[0], int) and not isinstance(v[0], bool)))
            and _kind_ok("number", v[1])
            for v in value
        )
    raise AssertionError(kind)  # pragma: no cover


def _field_kind(name: str, type_text: object) -> str:
    text = str(type_text)
    if name == "card_values":
        return "list of numbers"
    if name == "opening_minimums":
        return "list of [int or null, number] pairs"
    if text in ("Fraction",):
        return "number"
    if text == "int | None":
        return "int or null"
    if text in ("int", "bool", "str"):
        return text
    return "str"  # the Literal fields


for _f in attrs.fields(Rules):
    _FIELD_KINDS[_f.name] = _field_kind(_f.name, _f.type)
del _f


def _fail(field: str, message: str) -> None:
    raise ConfigError(field, message)


_MAY_BE_NONE: Final = frozenset({"max_meld_size", "full_bonus", "concealed_bonus", "hand_move_limit"})
"""The whole-number fields that may be None (no limit, no bonus)."""


def _check_int(rules: Rules, name: str) -> int:
    low, high = _RANGES[name]
    value = getattr(rules, name)
    if not isinstance(value, int) or isinstance(value, bool):
        _fail(name, f"must be an int, not {short_repr(value)}")
    if value < low or value > high:
        span = f"at least {low}" if high == INT_LIMIT and value < low else f"from {low} to {high}"
        _fail(name, f"must be {span}, not {short_repr(value)}")
    return cast(int, value)


def _encodable(text: str) -> bool:
    """Whether UTF-8 can encode ``text`` (JSON readers other than Python's refuse a lone surrogate)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _validate(r: Rules) -> None:
    if not isinstance(r.name, str):
        _fail("name", f"must be text, not {short_repr(r.name)}")
    if not _encodable(r.name):
        _fail("name", f"must be text that UTF-8 can encode (no lone surrogate), not {short_repr(r.name)}")
    for name in (
        "runs", "wilds_within_naturals", "one_meld_per_rank", "trump", "trump_doubling",
        "packet_team_melds_out",
        "opening_natural_run", "opening_one_card_exempt", "pile_freezing",
        "take_pile_before_down", "single_card_pile_block", "single_card_discard_block",
        "red_threes", "black_threes", "black_three_meld_going_out", "ask_partner",
        "round_hand_up",
    ):
        if not isinstance(getattr(r, name), bool):
            _fail(name, f"must be True or False, not {short_repr(getattr(r, name))}")
    low, high = _RANGES["players"]
    if not isinstance(r.players, int) or isinstance(r.players, bool) or not low <= r.players <= high:
        _fail("players", f"must be 2, 3 or 4, not {short_repr(r.players)}")
    for name in _RANGES:  # the table's order: the core's reader checks them in the same order
        if name in ("players", "opening_band_start") or (name in _MAY_BE_NONE and getattr(r, name) is None):
            continue
        _check_int(r, name)
    if len(r.card_values) != 13:
        _fail("card_values", f"must give 13 values (A, 2, ..., K), not {len(r.card_values)}")
    for rank, value in zip(Rank, r.card_values):
        if value < 0 or not _is_half(value):
            shown = short_repr(value)
            _fail("card_values", f"the value of {rank.symbol} must be a whole or half number >= 0, not {shown}")
    for name in ("joker_value", "natural_two_value"):
        value = getattr(r, name)
        if value < 0 or not _is_half(value):
            _fail(name, f"must be a whole or half number >= 0, not {short_repr(value)}")
    if r.pile_take not in ("meld_top", "whole"):
        _fail("pile_take", f"must be 'meld_top' or 'whole', not {short_repr(r.pile_take)}")
    if r.stock_end not in ("pile_play", "end_of_turn"):
        _fail("stock_end", f"must be 'pile_play' or 'end_of_turn', not {short_repr(r.stock_end)}")

    bands = r.opening_minimums
    if not bands:
        _fail("opening_minimums", "needs at least one band")
    if bands[0][0] is not None:
        _fail("opening_minimums", "the first band must start from None (any lower score)")
    starts = [s for s, _ in bands[1:]]
    if any(s is None for s in starts):
        _fail("opening_minimums", "only the first band may start from None")
    if any(b <= a for a, b in itertools.pairwise(starts)):  # type: ignore[operator]
        shown = ", ".join(short_repr(x) for x in starts)
        _fail("opening_minimums", f"band starts must rise strictly, not [{shown}]")
    for _, minimum in bands:
        if minimum < 0 or not _is_half(minimum):
            _fail("opening_minimums", f"a minimum must be a whole or half number >= 0, not {short_repr(minimum)}")
    most = sum(
        max(r.card_value(c), r.natural_two_value if c.rank is Rank.TWO else r.card_value(c)) for c in DECK
    )
    for _, minimum in bands:
        if minimum > most:
            _fail("opening_minimums", f"a minimum of {minimum} can never be met: the whole deck counts {most} "
                                      "(K-OPEN-3, C-OPEN-1)")

    dealt = r.players * r.hand_size + r.packets * r.packet_size + 1
    if dealt > 108 - MIN_STOCK:
        _fail(
            "players+hand_size+packets+packet_size",
            f"the deal takes {dealt} cards (hands, packets, upcard) and must leave at least "
            f"{MIN_STOCK} in the stock for the upcard procedure and red-3 replacements; the deck has 108",
        )
    if r.trump_doubling and not r.trump:
        _fail("trump_doubling", "needs trump=True (there is no trump card to match)")
    if r.trump and r.pile_freezing:
        _fail(
            "trump+pile_freezing",
            "the trump upcard (K-TRUMP-1) and the frozen-pile upcard (C-DEAL-2) exclude each other",
        )
    if r.runs:
        if r.max_wilds != 1:
            _fail("max_wilds", "runs support exactly one wild card per meld (K-MELD-4)")
        if r.pile_take != "whole":
            _fail(
                "pile_take",
                "runs need pile_take='whole'; taking the pile by melding its top card is defined for sets only",
            )
        if r.red_threes or r.black_threes:
            _fail("red_threes+black_threes", "red and black 3 rules are defined for games without runs")
    if r.red_threes != r.black_threes:
        _fail("red_threes+black_threes", "the red-3 and black-3 rules go together: both on (Classic) or both off")
    if r.opening_natural_run and not r.runs:
        _fail("opening_natural_run", "needs runs=True")
    if r.pile_freezing and r.pile_take != "meld_top":
        _fail("pile_freezing", "needs pile_take='meld_top' (a frozen pile is taken with a natural pair)")
    if r.stock_end == "pile_play" and r.pile_take != "meld_top":
        _fail("stock_end", "'pile_play' needs pile_take='meld_top' (C-OUT-5 forces takes that meld the top card)")
    if r.ask_partner and (r.players != 4 or r.packets):
        _fail("ask_partner", "asking partner needs four players and no packets (C-OUT-3)")
    if r.concealed_bonus is not None and r.packets:
        _fail("concealed_bonus", "going out concealed is defined for games without packets; use None")
    if r.packets and (r.red_threes or r.black_threes):
        _fail("red_threes+black_threes", _THREES_WITH_PACKETS)
    halves = any(v.denominator != 1 for v in r.card_values) or r.joker_value.denominator != 1
    if r.runs and r.natural_two_value.denominator != 1:
        halves = True
    if halves and not r.round_hand_up:
        _fail(
            "round_hand_up",
            "half-point values need round_hand_up=True so that scores stay whole numbers (K-SCORE-1)",
        )


# ------------------------------------------------------------------ the presets

PRESETS: Final[Mapping[str, Rules]] = MappingProxyType({
    "classic": Rules.classic(),
    "classic-3": Rules.classic(3),
    "classic-2": Rules.classic(2),
    "kanasta": Rules.kanasta(),
})
"""The one registry of rules presets, by name, simplest first.

Every place that names a preset reads it here: a position document's
``"rules"``, the command line's ``--rules``, the Hypothesis strategies, the
benchmarks and the tests.  Each preset's :attr:`Rules.name` is its key.

>>> from kanasta.rules import PRESETS
>>> list(PRESETS)
['classic', 'classic-3', 'classic-2', 'kanasta']
>>> all(rules.name == name for name, rules in PRESETS.items())
True
"""

PRESET_NAMES: Final[tuple[str, ...]] = tuple(PRESETS)
"""The names of :data:`PRESETS`, in order (simplest first).

>>> from kanasta.rules import PRESET_NAMES
>>> PRESET_NAMES
('classic', 'classic-3', 'classic-2', 'kanasta')
"""


def preset(name: str) -> Rules:
    """The preset called ``name``; :class:`~kanasta.ConfigError` names the choices if there is none.

    >>> from kanasta.rules import preset
    >>> preset("classic-2").players
    2
    >>> preset("canasta")
    Traceback (most recent call last):
    ...
    kanasta.errors.ConfigError: preset: unknown rules preset 'canasta'; the presets are classic, ...
    """
    found = PRESETS.get(name) if isinstance(name, str) else None
    if found is None:
        names = ", ".join(PRESET_NAMES)
        raise ConfigError("preset", f"unknown rules preset {short_repr(name)}; the presets are {names}")
    return found

