"""Reading a position document in named steps, and the one check that a position is reachable.

:func:`read_position` is what :meth:`State.from_dict` runs: each step reads one
part of the document and checks it against the parts read before it, raising
:class:`~kanasta.SerializationError` with the dotted path of the bad value and,
for a rule, its RULES ID.  The steps, in order:

1. :func:`_read_seats` — phase, player to move, dealer (G-TURN-1, C-OUT-3);
2. :func:`_read_table` — hands, pile, melds, red 3s, packets, stock;
3. :func:`_read_turn_part` — who melded this hand, and the turn so far;
4. :func:`_complete_deck` — every card once (G-DECK-1), the unseen ones dealt;
5. :func:`_check_threes` and :func:`_check_one_meld_per_rank` (C-THREE-1, C-THREE-2, C-MELD-2);
6. :func:`_read_trump` and :func:`_read_pile_frozen` (K-TRUMP-1, C-PILE-3);
7. :func:`_read_score_sheet` — hand results, scores, winner, hand number (G-GAME-1);
8. :func:`_read_opened` — which teams are down (K-OPEN-1, C-OPEN-2);
9. :func:`_check_turn` — the turn against the rest (G-TURN-1);
10. :func:`unreachable` — what only the whole position can tell: that a game
    could be in it (the same check :func:`kanasta.sample_state` makes of
    every deal it tries).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, NamedTuple, Protocol, TypeVar, cast, get_args, runtime_checkable

import attrs

from kanasta import _rng, engine
from kanasta.actions import ASK, Action, TakePile
from kanasta.cards import DECK, Card, Rank
from kanasta.documents.reading import (
    fail,
    join,
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
from kanasta.errors import EngineLimitError, SerializationError, short_repr
from kanasta.melds import CanastaKind, Meld, MeldKind, read_meld, read_run
from kanasta.position import PHASE_OF, CanastaScore, HandEnd, HandResult, Phase, Position, TeamScore, Turn
from kanasta.rulebook import freezes_pile, is_black_three_set
from kanasta.rules import Rules
from kanasta.scoring import game_winner, score_hand

__all__ = ["CANNOT_SEARCH", "FORMAT", "read_position", "unreachable"]

FORMAT: Final = "kanasta.position/1"

DECK_COUNT: Final[Mapping[Card, int]] = Counter(DECK)
"""How many of each card the deck has (G-DECK-1)."""

_SEPARATORS: Final = re.compile(r"[\s,]+")
_ENDED_BY: Final = get_args(HandEnd)
_KINDS: Final = get_args(CanastaKind)

_TOP_REQUIRED: Final = ("format", "rules", "hands")
_TOP_OPTIONAL: Final = (
    "seed", "hand_number", "dealer", "scores", "phase", "player", "stock", "pile",
    "pile_frozen", "melds", "red_threes", "opened", "melded_this_hand", "packets",
    "packets_taken", "trump", "turn", "winner", "hand_results", "hand_moves",
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

_RESULT_CACHE_SIZE: Final = 256
_RESULT_CACHE_KEY_CHARS: Final = 8192
_RESULT_CACHE: dict[tuple[Rules, str, tuple[int, ...]], HandResult] = {}
"""Hand results already read and re-scored, by their JSON text: at most
:data:`_RESULT_CACHE_SIZE` entries of at most :data:`_RESULT_CACHE_KEY_CHARS`
characters each (reading every state of one long game re-reads its results)."""

P = TypeVar("P", bound=Position)

CANNOT_SEARCH: Final = "the engine cannot search this position"
"""How a document whose legal moves need more than the work budget is refused (the path ``""``);
the native core's reader refuses it with the same words."""


# ------------------------------------------------------------------ small readers


def read_meld_text(value: object, path: str, rules: Rules) -> Meld:
    """Read one meld string; black-3 melds are read here and checked by the caller."""
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


def _is_black_three_meld(meld: Meld, rules: Rules) -> bool:
    return meld.kind is MeldKind.SET and meld.rank is not None and is_black_three_set(rules, meld.rank.value)


def _first_difference(a: object, b: object, path: str) -> str | None:
    """The path of the first field where ``a`` and ``b`` differ, or None if they are equal."""
    if a == b:
        return None
    if type(a) is type(b) and attrs.has(type(a)):
        for field in attrs.fields(cast("type[attrs.AttrsInstance]", type(a))):
            found = _first_difference(getattr(a, field.name), getattr(b, field.name), join(path, field.name))
            if found is not None:
                return found
    if isinstance(a, tuple) and isinstance(b, tuple) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            found = _first_difference(x, y, join(path, i))
            if found is not None:
                return found
    return path


def within_deck(places: Sequence[tuple[str, tuple[Card, ...]]]) -> int:
    """How many cards ``places`` hold; refuse the first place with one card more than the deck has (G-DECK-1)."""
    seen: Counter[Card] = Counter()
    for where, cards in places:
        for card in cards:
            seen[card] += 1
            if seen[card] > DECK_COUNT[card]:
                fail(where, f"one {card} too many: the deck has {DECK_COUNT[card]} (G-DECK-1)")
    return sum(seen.values())


def _missing(cards: Sequence[Card], counts: Mapping[Card, int]) -> str:
    return ", ".join(f"{card} ({counts.get(card, 0)} of {DECK_COUNT[card]})" for card in sorted(set(cards)))


# ------------------------------------------------------------------ the turn and the hand results


def read_turn(value: object, path: str, defaults: Turn) -> Turn:
    """Read a turn object; the keys left out keep their ``defaults``."""
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


def read_result(value: object, path: str, rules: Rules, scores_before: tuple[int, ...]) -> HandResult:
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
        r = read_result(item, path, rules, before)
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
    where = _first_difference(result, expected, path)
    if where is not None:
        fail(where, "does not match the hand's score as the rules compute it (C-SCORE-1, K-SCORE-1)")
    return result


# ------------------------------------------------------------------ the steps of reading a position


class _Seats(NamedTuple):
    phase: Phase
    player: int
    dealer: int
    acting: int  # the seat that decides: the partner in the answer phase
    team: int  # the acting seat's team


class _Table(NamedTuple):
    hands: list[tuple[Card, ...]]
    pile: tuple[Card, ...]
    melds: list[tuple[Meld, ...]]
    red_threes: list[tuple[Card, ...]]
    packets_taken: list[int]
    packets: list[tuple[Card, ...]] | None  # None: deal them from the unseen cards
    stock: tuple[Card, ...] | None  # None: the unseen cards left


class _ScoreSheet(NamedTuple):
    hand_results: tuple[HandResult, ...]
    scores: tuple[int, ...]
    winner: int | None
    hand_number: int


def _read_seats(doc: dict[str, Any], rules: Rules) -> _Seats:
    """Phase, player to move and dealer; the dealer defaults to the seat before the player."""
    n = rules.players
    phase_text = doc.get("phase", "draw")
    if not isinstance(phase_text, str) or phase_text not in PHASE_OF:
        fail("phase", f"expected one of {', '.join(PHASE_OF)}, got {short_repr(phase_text)}")
    phase = PHASE_OF[phase_text]
    if "player" in doc:
        player = read_seat(doc["player"], "player", n)
    elif "dealer" in doc:
        player = (read_seat(doc["dealer"], "dealer", n) + 1) % n
    else:
        player = 0
    dealer = read_seat(doc.get("dealer", (player - 1) % n), "dealer", n)
    acting = player
    if phase is Phase.ANSWER:
        if not rules.ask_partner:
            fail("phase", "these rules have no asking partner (C-OUT-3), so no answer phase")
        acting = (player + 2) % n
    return _Seats(phase, player, dealer, acting, rules.team_of(acting))


def _read_table(doc: dict[str, Any], rules: Rules) -> _Table:
    """The cards in their places, each place read on its own."""
    n, teams = rules.players, rules.teams
    hands_raw = read_list(doc["hands"], "hands", n, "hands (one per player)")
    hands = [tuple(sorted(read_cards(h, f"hands.{i}"))) for i, h in enumerate(hands_raw)]
    pile = read_cards(doc.get("pile", ""), "pile")
    melds_raw = read_list(doc.get("melds", [[] for _ in range(teams)]), "melds", teams, "teams")
    melds = [
        tuple(read_meld_text(m, f"melds.{t}.{i}", rules) for i, m in enumerate(read_list(team_melds, f"melds.{t}")))
        for t, team_melds in enumerate(melds_raw)
    ]
    reds_raw = read_list(doc.get("red_threes", ["" for _ in range(teams)]), "red_threes", teams, "teams")
    red_threes = [read_cards(c, f"red_threes.{t}") for t, c in enumerate(reds_raw)]
    for t, c in enumerate(red_threes):
        if c and not rules.red_threes:
            fail(f"red_threes.{t}", "these rules have no red-3 bonus cards: the list must be empty")
        if any(not card.is_red_three for card in c):
            fail(f"red_threes.{t}", "only red 3s (3D, 3H) are laid here (C-THREE-1)")
    packets_taken = [
        read_int(v, f"packets_taken.{t}", 0)
        for t, v in enumerate(read_list(doc.get("packets_taken", [0] * teams), "packets_taken", teams, "teams"))
    ]
    if sum(packets_taken) > rules.packets:
        fail("packets_taken", f"these rules have {rules.packets} packet(s), not {sum(packets_taken)}")
    packets: list[tuple[Card, ...]] | None = None
    if "packets" in doc:
        left = rules.packets - sum(packets_taken)
        packets_raw = read_list(doc["packets"], "packets", left, "packets (the rules' packets less those taken)")
        packets = [tuple(sorted(read_cards(p, f"packets.{i}"))) for i, p in enumerate(packets_raw)]
        for i, p in enumerate(packets):
            if len(p) != rules.packet_size:
                fail(f"packets.{i}", f"a packet holds {rules.packet_size} cards, not {len(p)}")
    stock = read_cards(doc["stock"], "stock") if "stock" in doc else None
    return _Table(hands, pile, melds, red_threes, packets_taken, packets, stock)


def _read_turn_part(doc: dict[str, Any], rules: Rules, seats: _Seats, table: _Table) -> tuple[list[bool], Turn]:
    """Who has melded this hand, and the turn so far (read early: the pile set aside holds cards)."""
    n = rules.players
    melded_default = [bool(table.melds[rules.team_of(s)]) for s in range(n)]
    melded_this_hand = [
        read_bool(v, f"melded_this_hand.{s}")
        for s, v in enumerate(read_list(doc.get("melded_this_hand", melded_default), "melded_this_hand", n, "players"))
    ]
    fresh = Turn(first_meld=not melded_this_hand[seats.acting], own_from=len(table.melds[seats.team]))
    turn = read_turn(doc["turn"], "turn", fresh) if "turn" in doc else fresh
    return melded_this_hand, turn


def _places(table: _Table, turn: Turn) -> list[tuple[str, tuple[Card, ...]]]:
    """Every place that holds cards, with its path; packets and stock only when the document gives them."""
    places: list[tuple[str, tuple[Card, ...]]] = [(f"hands.{i}", h) for i, h in enumerate(table.hands)]
    for t, team_melds in enumerate(table.melds):
        places.extend((f"melds.{t}.{i}", m.cards) for i, m in enumerate(team_melds))
    places.extend((f"red_threes.{t}", c) for t, c in enumerate(table.red_threes))
    places.append(("pile", table.pile))
    places.append(("turn.aside", turn.aside))
    if table.packets is not None:
        places.extend((f"packets.{i}", p) for i, p in enumerate(table.packets))
    if table.stock is not None:
        places.append(("stock", table.stock))
    return places


def _complete_deck(
    rules: Rules, seed: int, table: _Table, places: Sequence[tuple[str, tuple[Card, ...]]]
) -> tuple[list[tuple[Card, ...]], tuple[Card, ...]]:
    """Every card once, 108 in all (G-DECK-1): packets and stock left out are dealt from the unseen cards."""
    within_deck(places)
    counts = Counter(card for _, cards in places for card in cards)
    rest = sorted(card for card, have in DECK_COUNT.items() for _ in range(have - counts.get(card, 0)))
    packets, stock = table.packets, table.stock
    if packets is not None and stock is not None:
        if rest:
            fail("", f"the position has {len(DECK) - len(rest)} cards, the deck {len(DECK)}; "
                     f"missing: {_missing(rest, counts)}")
        return packets, stock
    shuffled = _rng.shuffled(rest, _rng.stream(seed, 0x706F73, 1))
    if packets is None:
        count = rules.packets - sum(table.packets_taken)
        need = count * rules.packet_size
        if len(shuffled) < need:
            fail("packets", f"only {len(shuffled)} cards are left for {need} packet cards")
        size = rules.packet_size
        packets = [tuple(sorted(shuffled[i * size:(i + 1) * size])) for i in range(count)]
        shuffled = shuffled[need:]
    if stock is None:
        stock = tuple(shuffled)
    elif shuffled:
        fail("", f"the position has {len(DECK) - len(shuffled)} cards, the deck {len(DECK)}; "
                 f"missing: {_missing(shuffled, counts)}")
    return packets, stock


def _check_threes(
    rules: Rules, places: Sequence[tuple[str, tuple[Card, ...]]], melds: Sequence[tuple[Meld, ...]],
    turn: Turn, team: int,
) -> None:
    """Red 3s only laid aside (C-THREE-1); black 3s melded only when going out this turn (C-THREE-2)."""
    if rules.red_threes:
        for where, cards in places:
            if where.startswith(("hands", "melds", "turn.aside", "packets")) and any(c.is_red_three for c in cards):
                if where.startswith("melds"):
                    fail(where, "red 3s are never melded (C-THREE-1)")
                fail(where, "a red 3 is never held: it is laid down at once (C-THREE-1)")
    for t, team_melds in enumerate(melds):
        for i, m in enumerate(team_melds):
            if not _is_black_three_meld(m, rules):
                continue
            if not rules.black_three_meld_going_out:
                fail(f"melds.{t}.{i}", "black 3s are not melded in these rules (C-THREE-2)")
            if not (t == team and i >= turn.own_from and turn.must_go_out):
                fail(f"melds.{t}.{i}", "black 3s are melded only by the player going out this turn, "
                                        "with turn.must_go_out set (C-THREE-2)")
    if turn.must_go_out and not any(_is_black_three_meld(m, rules) for m in melds[team][turn.own_from:]):
        fail("turn.must_go_out", "set only when the player melded black 3s this turn (C-THREE-2)")


def _check_one_meld_per_rank(rules: Rules, melds: Sequence[tuple[Meld, ...]]) -> None:
    """One meld per rank and team (C-MELD-2), when the rules say so."""
    if not rules.one_meld_per_rank:
        return
    for t, team_melds in enumerate(melds):
        seen: set[Rank] = set()
        for i, m in enumerate(team_melds):
            if m.kind is MeldKind.SET and m.rank is not None:
                if m.rank in seen:
                    fail(f"melds.{t}.{i}", f"the team already has a meld of {m.rank.symbol}s (C-MELD-2)")
                seen.add(m.rank)


def _read_trump(doc: dict[str, Any], rules: Rules) -> Card | None:
    """The trump card (K-TRUMP-1): given exactly when the rules turn one up, never a joker."""
    if not rules.trump:
        if doc.get("trump") is not None:
            fail("trump", "these rules have no trump card: leave it null")
        return None
    if "trump" not in doc:
        fail("", "missing key 'trump': these rules turn up a trump card (K-TRUMP-1)")
    if doc["trump"] is None:
        fail("trump", "these rules turn up a trump card (K-TRUMP-1): give it")
    trump = read_card(doc["trump"], "trump")
    if trump.is_joker:
        fail("trump", "a joker is never the trump: the next card is turned (K-TRUMP-1)")
    return trump


def _read_pile_frozen(doc: dict[str, Any], rules: Rules, pile: tuple[Card, ...]) -> bool:
    """The pile is frozen exactly while it holds a wild card or a red 3 (C-PILE-3, C-DEAL-2)."""
    frozen = any(freezes_pile(rules, c) for c in pile)
    pile_frozen = read_bool(doc.get("pile_frozen", frozen), "pile_frozen")
    if pile_frozen != frozen:
        fail("pile_frozen", "the pile is frozen exactly while it holds a wild card or a red 3 (C-PILE-3)"
             if rules.pile_freezing else "these rules never freeze the pile")
    return frozen


def _read_score_sheet(doc: dict[str, Any], rules: Rules, seats: _Seats) -> _ScoreSheet:
    """Hand results (each re-scored), scores, winner and hand number, all agreeing (G-GAME-1, G-DEAL-1)."""
    n, teams = rules.players, rules.teams
    results = read_results(doc.get("hand_results", []), rules)
    for i in range(1, len(results)):
        if results[i].dealer != (results[i - 1].dealer + 1) % n:
            fail(f"hand_results.{i}.dealer", "the dealer moves on by one seat every hand (G-DEAL-1)")
    scores_default = list(results[-1].scores) if results else [0] * teams
    scores_raw = read_list(doc.get("scores", scores_default), "scores", teams, "teams")
    scores = tuple(read_int(v, f"scores.{t}") for t, v in enumerate(scores_raw))
    over = seats.phase is Phase.GAME_OVER
    winner = read_optional(doc.get("winner"), "winner", lambda v, p: read_int(v, p, 0, teams - 1))
    won = game_winner(rules, scores)
    if over:
        if winner is None:
            if "winner" not in doc:
                fail("", "missing key 'winner': the game is over (G-GAME-1)")
            fail("winner", "the game is over: give the winning team (G-GAME-1)")
        if won != winner:
            fail("winner", f"with scores {list(scores)} the winner is {won} (G-GAME-1)")
    else:
        if winner is not None:
            fail("winner", "only a finished game has a winner: the phase is not game_over")
        if won is not None:
            fail("scores", f"with these scores team {won} has won and the game is over (G-GAME-1)")
    last = results[-1].hand_number if results else 0
    finished = last if over else last + 1
    hand_number = read_int(doc.get("hand_number", max(1, finished)), "hand_number", 1)
    if results:
        if hand_number != finished:
            fail("hand_number", f"the hand results end with hand {last}, so this is hand {finished}")
        if scores != results[-1].scores:
            fail("scores", "the scores are those after the last hand result")
        last_dealer = results[-1].dealer
        if seats.dealer != (last_dealer if over else (last_dealer + 1) % n):
            fail("dealer", "the dealer moves on by one seat every hand (G-DEAL-1)")
        for i, r in enumerate(results[:-1] if over else results):
            if game_winner(rules, r.scores) is not None:
                fail(f"hand_results.{i}.scores", "with these scores the game ended (G-GAME-1)")
    return _ScoreSheet(tuple(results), scores, winner, hand_number)


def _read_opened(
    doc: dict[str, Any], rules: Rules, seats: _Seats, melds: Sequence[tuple[Meld, ...]],
    melded_this_hand: Sequence[bool], turn: Turn,
) -> list[bool]:
    """Which teams are down: a team with melds from earlier turns is (K-OPEN-1, C-OPEN-2)."""
    n, teams = rules.players, rules.teams
    over = seats.phase is Phase.GAME_OVER
    opened_raw = read_list(doc.get("opened", [bool(m) for m in melds]), "opened", teams, "teams")
    opened = [read_bool(v, f"opened.{t}") for t, v in enumerate(opened_raw)]
    for t in range(teams):
        if opened[t] and not melds[t] and not over:
            fail(f"opened.{t}", "a team is open (down) only once it has melds")
        if not opened[t] and melds[t] and not (t == seats.team and turn.own_from == 0 and turn.laid):
            fail(f"opened.{t}", "a team with melds from earlier turns is open (down) (K-OPEN-1, C-OPEN-2)")
    for s in range(n):
        if melded_this_hand[s] and not melds[rules.team_of(s)]:
            fail(f"melded_this_hand.{s}", "the seat's team has no melds")
    for t in range(teams):
        if melds[t] and not any(melded_this_hand[s] for s in range(n) if rules.team_of(s) == t):
            fail("melded_this_hand", f"team {t} has melds, so one of its players melded")
    return opened


def _check_turn(
    turn: Turn, rules: Rules, seats: _Seats, stock: tuple[Card, ...], pile: tuple[Card, ...],
    melds: Sequence[tuple[Meld, ...]], opened: Sequence[bool], melded_this_hand: Sequence[bool],
) -> None:
    """The turn's fields against each other, the phase and the table (G-TURN-1)."""
    phase, team = seats.phase, seats.team
    if phase is Phase.DRAW:
        fresh = Turn(first_meld=not melded_this_hand[seats.acting], own_from=len(melds[team]))
        where = _first_difference(turn, fresh, "turn")
        if where is not None:
            fail(where, "in the draw phase the turn has just begun: leave it out or give a fresh turn")
        return
    if phase in (Phase.PLAY, Phase.ANSWER) and turn.drew is None:
        fail("turn.drew", "the player has drawn already in this phase: set \"stock\" or \"pile\"")
    if phase is Phase.ANSWER and not (turn.asked and turn.answer is None):
        fail("turn.asked", "in the answer phase the player has asked and partner has not answered yet (C-OUT-3)")
    if phase is Phase.PLAY and turn.asked != (turn.answer is not None):
        fail("turn.answer", "after asking partner the play phase comes back with the answer (C-OUT-3)")
    if turn.answer is not None and not turn.asked:
        fail("turn.answer", "there is no answer without a question (C-OUT-3)")
    if turn.asked and not rules.ask_partner:
        fail("turn.asked", "these rules have no asking partner (C-OUT-3)")
    if turn.laid and turn.drew is None:
        fail("turn.laid", "cards are laid only after drawing (G-TURN-1)")
    for key in ("melded", "added_to_old", "must_go_out"):
        if getattr(turn, key) and not turn.laid:
            fail(f"turn.{key}", "needs turn.laid: cards were laid down this turn")
    if turn.count_halves and not turn.laid:
        fail("turn.count", "cards count toward the opening only when laid (turn.laid)")
    if turn.own_from > len(melds[team]):
        fail("turn.own_from", f"the team has only {len(melds[team])} meld(s)")
    if turn.own_from < len(melds[team]) and not turn.laid:
        fail("turn.own_from", "melds from this index on were laid this turn, so turn.laid must be set")
    if melded_this_hand[seats.acting] != ((not turn.first_meld) or turn.laid):
        fail("turn.first_meld", "first_meld says the player had not melded before this turn; "
                                "it must agree with melded_this_hand and turn.laid (C-OUT-4)")
    if turn.forbidden is not None and not (turn.drew == "pile" and rules.single_card_discard_block):
        fail("turn.forbidden", "only a one-card pile taken this turn forbids a discard (K-PILE-3)")
    if turn.aside and not (turn.drew == "pile" and rules.pile_take == "meld_top" and not opened[team] and turn.laid):
        fail("turn.aside", "the rest of a pile waits aside only when the player's team took it "
                           "this turn before being down (C-PILE-5)")
    if turn.drew == "pile" and rules.pile_take == "meld_top" and not turn.laid:
        fail("turn.laid", "taking the pile melds its top card, so cards were laid (C-PILE-1)")
    if phase is not Phase.GAME_OVER and turn.drew == "pile" and pile:
        fail("pile", "the pile was taken this turn and nothing is discarded before the turn ends")
    if turn.last_stock and not (turn.drew == "stock" and not stock):
        fail("turn.last_stock", "set when the player drew the last stock card: the stock is empty (C-OUT-5, K-OUT-6)")
    if turn.drew == "stock" and not stock and not turn.last_stock:
        fail("turn.last_stock", "the player drew from the stock and it is empty: the last card was drawn")


# ------------------------------------------------------------------ reachable positions


def unreachable(state: Position) -> tuple[str, str] | None:
    """Why no game could be in ``state``: (dotted path, message with the RULES ID), or None if one could.

    This is what only the whole position tells, checked after every field
    agrees with the others; :meth:`State.from_dict` refuses a position for
    it and :func:`kanasta.sample_state` deals again.  In order:

    * **the stock ran out where the hand would have ended.**  With
      ``stock_end="end_of_turn"`` (K-OUT-6, and the C-OUT-5 option) the hand
      ends with the turn in which the last stock card was drawn, so an empty
      stock is seen only in that turn (``turn.last_stock``).  With
      ``"pile_play"`` (C-OUT-5) a turn that starts at an empty stock, in the
      draw phase, belongs to a player who can take the pile; if not, the hand
      had ended;
    * **asking was legal** (C-OUT-3): in the answer phase, the asker, before
      asking, could have asked (going out was possible with the cards held);
    * **no dead end** (E-2): the seat to act has a legal move.

    >>> import kanasta
    >>> from kanasta.documents.position import unreachable
    >>> unreachable(kanasta.new_game(kanasta.Rules.kanasta(), seed=1)) is None
    True
    """
    if state.phase is Phase.GAME_OVER:
        return None
    listed: list[tuple[Action, ...]] = []

    def legal_actions() -> tuple[Action, ...]:
        # a State keeps its listing, so the one made here serves the caller's
        # first legal_actions() too (the search keeps nothing between calls)
        if not listed:
            listed.append(state.legal_actions() if isinstance(state, _Lists) else engine.legal_actions(state))
        return listed[0]

    try:
        return _unreachable_why(state, legal_actions)
    except EngineLimitError as err:  # any of the checks may need the search: past the budget, refused
        return ("", f"{CANNOT_SEARCH}: {err}")


def _unreachable_why(state: Position, legal_actions: Callable[[], tuple[Action, ...]]) -> tuple[str, str] | None:
    """The checks of :func:`unreachable`, in order; the search's budget is the caller's to handle."""
    rules, turn, phase = state.rules, state.turn, state.phase
    if not state.stock:
        if rules.stock_end == "end_of_turn" and not turn.last_stock:
            why = ("the stock is empty, so the hand ended with the turn that drew its last card "
                   "(K-OUT-6, the C-OUT-5 option); only that turn (turn.last_stock) sees an empty stock")
            return ("stock", why)
        if rules.stock_end == "pile_play" and phase is Phase.DRAW and not any(
            isinstance(a, TakePile) for a in legal_actions()
        ):
            why = f"the stock is empty and seat {state.player} cannot take the pile, so the hand had ended (C-OUT-5)"
            return ("stock", why)
    if phase is Phase.ANSWER and not _could_ask(state):
        asker = (state.player + 2) % rules.players
        why = f"seat {asker} could not have asked partner: going out was not possible with the cards held (C-OUT-3)"
        return ("phase", why)
    moves = legal_actions()
    if not moves:
        return ("", f"seat {state.current_player} has no legal move in this position (E-2)")
    return None


@runtime_checkable
class _Lists(Protocol):
    """A position that lists and keeps its own legal moves (:class:`~kanasta.State`)."""

    def legal_actions(self) -> tuple[Action, ...]: ...


def _could_ask(state: Position) -> bool:
    """Whether the asker, back in the play phase before asking, could ask partner (C-OUT-3)."""
    asker = (state.player + 2) % state.rules.players
    before = attrs.evolve(state, player=asker, phase=Phase.PLAY, turn=attrs.evolve(state.turn, asked=False))
    return engine.explain(before, ASK) is None


# ------------------------------------------------------------------ reading a position


def _read_hand_moves(doc: dict[str, object], rules: Rules, phase: Phase) -> int:
    """The moves made in this hand, counted only when the rules set ``hand_move_limit``."""
    limit = rules.hand_move_limit
    if limit is None:
        if "hand_moves" in doc:
            fail("hand_moves", "moves are counted only when the rules set hand_move_limit")
        return 0
    moves = read_int(doc.get("hand_moves", 0), "hand_moves", 0, limit + 1000)
    if phase is Phase.GAME_OVER and moves:
        fail("hand_moves", "the game is over: no hand is being played")
    return moves


def read_position(
    data: object, rules_from_data: Callable[[object, str], Rules], make: type[P], play: Callable[[P], P] | None = None
) -> P:
    """Read and check a position document: the steps listed in this module's docstring, in order.

    ``make`` is the class of the position made (:class:`~kanasta.State`);
    ``play``, if given, hands the position to the engine that will play it
    before the last step, so that the engine's own listing is the one checked
    (and kept).
    """
    doc = read_object(data, "", _TOP_REQUIRED, _TOP_OPTIONAL)
    if doc["format"] != FORMAT:
        fail("format", f"expected {FORMAT!r}, got {short_repr(doc['format'])}")
    rules = rules_from_data(doc["rules"], "rules")
    seed = read_int(doc.get("seed", 0), "seed", 0, _rng.SEED_LIMIT - 1)
    seats = _read_seats(doc, rules)
    table = _read_table(doc, rules)
    melded_this_hand, turn = _read_turn_part(doc, rules, seats, table)
    places = _places(table, turn)
    packets, stock = _complete_deck(rules, seed, table, places)
    _check_threes(rules, places, table.melds, turn, seats.team)
    _check_one_meld_per_rank(rules, table.melds)
    trump = _read_trump(doc, rules)
    pile_frozen = _read_pile_frozen(doc, rules, table.pile)
    sheet = _read_score_sheet(doc, rules, seats)
    opened = _read_opened(doc, rules, seats, table.melds, melded_this_hand, turn)
    _check_turn(turn, rules, seats, stock, table.pile, table.melds, opened, melded_this_hand)
    if seats.phase is not Phase.GAME_OVER:
        for s, h in enumerate(table.hands):
            if not h:
                fail(f"hands.{s}", "only a finished hand leaves a player with no cards (K-OUT-2, C-OUT-1)")
    state = make(
        rules=rules,
        seed=seed,
        hand_number=sheet.hand_number,
        dealer=seats.dealer,
        scores=sheet.scores,
        hands=tuple(table.hands),
        stock=stock,
        pile=table.pile,
        pile_frozen=pile_frozen,
        melds=tuple(table.melds),
        red_threes=tuple(table.red_threes),
        packets=tuple(packets),
        packets_taken=tuple(table.packets_taken),
        trump=trump,
        opened=tuple(opened),
        melded_this_hand=tuple(melded_this_hand),
        player=seats.player,
        phase=seats.phase,
        turn=turn,
        winner=sheet.winner,
        hand_results=sheet.hand_results,
        hand_moves=_read_hand_moves(doc, rules, seats.phase),
    )
    if play is not None:
        state = play(state)
    problem = unreachable(state)
    if problem is not None:
        raise SerializationError(*problem)
    return state
