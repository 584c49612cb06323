"""Positions as JSON-safe documents: what :meth:`State.to_dict` writes and :meth:`State.from_dict` reads.

A position document is a plain dict of strings, numbers, booleans, lists and
dicts that :func:`json.dumps` writes as is, made of the parts of
:mod:`kanasta.documents.parts` (cards in card notation, one string per hand,
pile, stock or packet; melds one string each).  Every field, its default when
a hand-written document leaves it out, and the checks made on loading are
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

:func:`state_from_dict` reads a document in named steps: each step reads one
part of the document and checks it against the parts read before it, raising
:class:`~kanasta.SerializationError` with the dotted path of the bad value and,
for a rule, its RULES ID.  The steps, in order:

1. ``_read_seats`` — phase, player to move, dealer (G-TURN-1, C-OUT-3);
2. ``_read_table`` — hands, pile, melds, red 3s, packets, stock;
3. ``_read_turn_part`` — who melded this hand, and the turn so far;
4. ``_complete_deck`` — every card once (G-DECK-1), the unseen ones dealt;
5. ``_check_threes`` and ``_check_one_meld_per_rank`` (C-THREE-1, C-THREE-2, C-MELD-2);
6. ``_read_trump`` and :func:`~kanasta.documents.parts.read_pile_frozen` (K-TRUMP-1, C-PILE-3);
7. ``_read_score_sheet`` — hand results, scores, winner, hand number (G-GAME-1);
8. ``_read_opened`` — which teams are down (K-OPEN-1, C-OPEN-2);
9. ``_check_turn`` — the turn against the rest (G-TURN-1);
10. :func:`kanasta.reachable.unreachable` — what only the whole position can
    tell: that a game could be in it (the same check :func:`kanasta.sample_state`
    makes of every deal it tries).

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

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, NamedTuple, TypeVar

from kanasta import _rng
from kanasta.cards import DECK, Card, Rank
from kanasta.documents.parts import (
    DECK_COUNT,
    card_to_data,
    cards_to_data,
    first_difference,
    meld_to_data,
    read_hand_moves,
    read_meld_text,
    read_pile_frozen,
    read_results,
    read_turn,
    result_to_data,
    rules_from_data,
    rules_to_data,
    turn_to_data,
    within_deck,
)
from kanasta.documents.reading import (
    fail,
    read_bool,
    read_card,
    read_cards,
    read_int,
    read_list,
    read_object,
    read_optional,
    read_seat,
)
from kanasta.errors import SerializationError, short_repr
from kanasta.melds import Meld, MeldKind
from kanasta.position import PHASE_OF, HandResult, Phase, Position, Turn
from kanasta.reachable import unreachable
from kanasta.rulebook import is_black_three_set
from kanasta.rules import Rules
from kanasta.scoring import game_winner

__all__ = ["FORMAT", "state_from_dict", "state_to_dict"]

P = TypeVar("P", bound=Position)

FORMAT: Final = "kanasta.position/1"
"""The ``"format"`` of a position document.

>>> from kanasta.documents.position import FORMAT
>>> FORMAT
'kanasta.position/1'
"""

_TOP_REQUIRED: Final = ("format", "rules", "hands")
_TOP_OPTIONAL: Final = (
    "seed", "hand_number", "dealer", "scores", "phase", "player", "stock", "pile",
    "pile_frozen", "melds", "red_threes", "opened", "melded_this_hand", "packets",
    "packets_taken", "trump", "turn", "winner", "hand_results", "hand_moves",
)


# ------------------------------------------------------------------ writing


def state_to_dict(state: Position) -> dict[str, Any]:
    """The position document of ``state`` (what :meth:`State.to_dict` returns).

    Every field is written, in a fixed order, so the same state always gives
    the same JSON text.

    >>> import kanasta
    >>> from kanasta.documents.position import state_to_dict
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
        "hands": [cards_to_data(h) for h in state.hands],
        "stock": cards_to_data(state.stock),
        "pile": cards_to_data(state.pile),
        "pile_frozen": state.pile_frozen,
        "melds": [[meld_to_data(m) for m in team] for team in state.melds],
        "red_threes": [cards_to_data(c) for c in state.red_threes],
        "opened": list(state.opened),
        "melded_this_hand": list(state.melded_this_hand),
        "packets": [cards_to_data(p) for p in state.packets],
        "packets_taken": list(state.packets_taken),
        "trump": card_to_data(state.trump),
        "turn": turn_to_data(state.turn),
        "winner": state.winner,
        "hand_results": [result_to_data(r) for r in state.hand_results],
        **({"hand_moves": state.hand_moves} if state.rules.hand_move_limit is not None else {}),
    }


# ------------------------------------------------------------------ the steps of reading a position


def _is_black_three_meld(meld: Meld, rules: Rules) -> bool:
    return meld.kind is MeldKind.SET and meld.rank is not None and is_black_three_set(rules, meld.rank.value)


def _missing(cards: Sequence[Card], counts: Mapping[Card, int]) -> str:
    return ", ".join(f"{card} ({counts.get(card, 0)} of {DECK_COUNT[card]})" for card in sorted(set(cards)))
















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
        where = first_difference(turn, fresh, "turn")
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
    >>> from kanasta.documents.position import state_from_dict
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
    pile_frozen = read_pile_frozen(doc, rules, table.pile)
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
        hand_moves=read_hand_moves(doc, rules, seats.phase),
    )
    if play is not None:
        state = play(state)
    problem = unreachable(state)
    if problem is not None:
        raise SerializationError(*problem)
    return state
