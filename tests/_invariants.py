"""The reliability harness: invariants checked on every step of a game (RULES E-1, E-2, E-4, G-DECK-1).

Used by the tests (``test_invariants.py``, ``test_stateful.py``, ``test_soak.py``)
and by ``benchmarks/soak.py``.  It needs nothing but kanasta and the standard
library, so a long soak runs without Hypothesis.

What :class:`Checker` checks on a state (``check_state``) and on a move
(``check_move``):

* **card conservation** (G-DECK-1): the 108 cards, each in exactly one place;
* **E-1**: the listed moves are distinct; each applies; the validator
  (:func:`kanasta.legality.checks.explain`, on a copy of the state without its cached
  move list) accepts each; the fast play-phase generator lists exactly what the
  reference generator lists; and **near misses** — moves one slip away from a
  listed one (a card not in hand, a meld one card short, a wrong meld index,
  the forbidden discard of K-PILE-3, a run's wild moved to the wrong end, a
  take with the wrong pair...) — are refused by ``explain`` exactly when they
  are not listed, and ``apply`` raises :class:`~kanasta.IllegalActionError`
  for them without changing the state;
* **E-2**: a game in progress has a legal move; and, where the hand is small,
  an independent **oracle** — an exhaustive search over the engine's own moves
  with the E-2 solver switched off — decides whether the turn can still be
  finished after each meld, take, ask or "no", and the engine must list the
  move exactly when it can;
* **scores**: every hand result re-adds from its breakdown, and the
  cumulative scores are the sums of the hand totals;
* **immutability**: a state's document is the same before and after moves are
  applied to it, and no attribute of a state, turn, meld, rules or action can be set;
* **round trips and views** (E-4): ``State.from_dict(to_dict())`` gives an
  equal state; pickle and ``copy.deepcopy`` give an equal state; each seat's
  view shows its own hand, the counts of the others, the engine's moves for the
  seat to move and nothing for the others; with ``hiding``, each seat's view and
  view document hold no card it may not see (the checks of ``_hiding.py``), and
  at the end of a game (:meth:`Checker.check_game`) every step of every seat's
  view history is searched and the game's record replays to the final state.

:func:`soak` plays numbered games (:func:`soak_game`): game ``g`` is fully
determined by ``seed + g``, so a finding names the game that reproduces it and
two runs can split a range of games between them.
"""

from __future__ import annotations

import collections
import contextlib
import copy
import json
import pickle
import random
import time
from collections.abc import Callable, Iterator
from typing import Any

import attrs

import kanasta
from _hiding import check_view_cards, check_view_document, check_view_events, check_view_independent
from _reference import reference_play_actions
from kanasta import (
    DECK,
    Action,
    AddToMeld,
    AnswerPartner,
    AskPartner,
    Card,
    Decline,
    Discard,
    Draw,
    ExtendRun,
    GameRecord,
    IllegalActionError,
    LayMeld,
    Phase,
    PlayerView,
    State,
    TakePile,
)
from kanasta.bots import GreedyBot
from kanasta.bots.montecarlo import SearchBot
from kanasta.engine import apply as engine_apply
from kanasta.legality import checks as _checks
from kanasta.legality import moves as _movegen
from kanasta.legality.checks import explain, legal_takes
from kanasta.legality.context import Ctx
from kanasta.legality.moves import play_actions

FULL_DECK = collections.Counter(DECK)
ALL_CARDS = kanasta.all_cards()
MELD_MOVES = (LayMeld, AddToMeld, ExtendRun)

PRESETS = kanasta.rules.PRESETS


class Finding(AssertionError):
    """An invariant that failed, with what it takes to reproduce it."""

    def __init__(self, what: str, state: State, action: Action | None = None, detail: str = "") -> None:
        self.what = what
        self.state = state
        self.action = action
        self.detail = detail
        #: where it happened (the soak's game number, seed, rules, policy, move), set by whoever plays the game
        self.context: dict[str, Any] = {}
        super().__init__(f"{what}: {detail}" + (f" (action {action})" if action is not None else ""))

    def report(self) -> dict[str, Any]:
        """The finding as a JSON-safe dict: what went wrong, where, the position document and the game's record."""
        try:
            position: Any = self.state.to_dict()
        except Exception as err:
            position = f"<to_dict failed: {err!r}>"
        try:  # the moves from new_game(rules, seed) to the position (none if it was loaded from a document)
            record: Any = GameRecord.from_state(self.state, check=False).to_dict()
        except Exception as err:
            record = f"<no record: {err!r}>"
        return {
            "what": self.what,
            "detail": self.detail,
            "action": None if self.action is None else str(self.action),
            **self.context,
            "position": position,
            "record": record,
        }


@attrs.define
class Stats:
    games: int = 0
    finished_games: int = 0
    moves: int = 0
    states: int = 0
    #: states given the full set of checks (every ``sample_every``-th; the rest get the cheap ones)
    sampled: int = 0
    hands: int = 0
    legal_moves_applied: int = 0
    near_misses: int = 0
    near_misses_refused: int = 0
    oracle_positions: int = 0
    oracle_moves: int = 0
    oracle_gave_up: int = 0
    oracle_dead_ends: int = 0
    round_trips: int = 0
    pickles: int = 0
    deep_copies: int = 0
    views: int = 0
    #: views (and their documents) searched for cards the seat may not see
    hidden_checks: int = 0
    #: steps of view histories (object and document) searched at the ends of games
    history_steps_searched: int = 0
    records: int = 0
    events: collections.Counter[str] = attrs.field(factory=collections.Counter)
    findings: list[Finding] = attrs.field(factory=list)
    #: every finding by kind (``findings`` keeps the first few of each kind)
    finding_counts: collections.Counter[str] = attrs.field(factory=collections.Counter)

    def add(self, other: Stats) -> None:
        for field in attrs.fields(Stats):
            if field.name in ("events", "findings", "finding_counts"):
                continue
            setattr(self, field.name, getattr(self, field.name) + getattr(other, field.name))
        self.events.update(other.events)
        for finding in other.findings:
            if sum(1 for f in self.findings if f.what == finding.what) < 5:
                self.findings.append(finding)
        self.finding_counts.update(other.finding_counts)

    def record(self, finding: Finding) -> None:
        self.finding_counts[finding.what] += 1
        if self.finding_counts[finding.what] <= 5:
            self.findings.append(finding)


def uncached(s: State) -> State:
    """An equal state without the cached list of legal moves (so ``explain`` checks in full)."""
    return attrs.evolve(s)


def card_census(s: State) -> collections.Counter[Card]:
    count: collections.Counter[Card] = collections.Counter()
    for hand in s.hands:
        count.update(hand)
    count.update(s.stock)
    count.update(s.pile)
    for melds in s.melds:
        for m in melds:
            count.update(m.cards)
    for reds in s.red_threes:
        count.update(reds)
    for packet in s.packets:
        count.update(packet)
    count.update(s.turn.aside)
    return count


def acting_seat(s: State) -> int:
    """The seat whose turn it is (in the answer phase, the asker)."""
    if s.phase is Phase.ANSWER:
        return (s.player + 2) % s.rules.players
    return s.player


# ---------------------------------------------------------------------------- near misses


def _cards_not_in(hand: tuple[Card, ...]) -> list[Card]:
    return [c for c in ALL_CARDS if c not in hand]


def _without(cards: tuple[Card, ...], i: int) -> tuple[Card, ...]:
    return cards[:i] + cards[i + 1:]


def _mutations(s: State, a: Action, rng: random.Random) -> list[Action]:
    """Moves one slip away from the legal move ``a``."""
    seat = acting_seat(s)
    hand = s.hands[seat]
    team = s.rules.team_of(seat)
    melds = s.melds[team]
    absent = _cards_not_in(hand)
    out: list[Action] = []
    other = rng.choice(absent) if absent else None
    if isinstance(a, Discard):
        if other is not None:
            out.append(Discard(other))  # a card not in hand (G-TURN-1)
        if s.turn.forbidden is not None:
            out.append(Discard(s.turn.forbidden))  # K-PILE-3
    elif isinstance(a, LayMeld):
        cards = a.cards
        i = rng.randrange(len(cards))
        out.append(LayMeld(_without(cards, i)))  # one card short
        if other is not None:
            out.append(LayMeld(cards[:i] + (other,) + cards[i + 1:]))  # a card not in hand
            out.append(LayMeld(cards + (other,)))
        out.append(LayMeld(tuple(reversed(cards))))  # a run backwards
        spare = [c for c in hand if c not in cards]
        if spare:
            out.append(LayMeld(cards + (rng.choice(spare),)))  # one card too many (often legal)
        out.append(AddToMeld(len(melds), cards))  # onto a meld that does not exist
    elif isinstance(a, AddToMeld):
        out.append(AddToMeld(a.meld + 1, a.cards))  # the wrong meld
        out.append(AddToMeld(len(melds), a.cards))
        if len(melds) > 1:
            out.append(AddToMeld(rng.randrange(len(melds)), a.cards))
        if other is not None:
            out.append(AddToMeld(a.meld, a.cards + (other,)))
        if len(a.cards) > 1:
            out.append(AddToMeld(a.meld, _without(a.cards, rng.randrange(len(a.cards)))))
        out.append(AddToMeld(a.meld, ()))
        out.append(LayMeld(a.cards))
    elif isinstance(a, ExtendRun):
        run = a.run
        old = melds[a.meld] if a.meld < len(melds) else None
        w = next((k for k, c in enumerate(run) if c.is_wild), None)
        if old is not None and old.wild_index is not None:
            w = next((k for k, c in enumerate(run) if c is old.cards[old.wild_index]), w)
        if w is not None:
            rest = _without(run, w)
            out.append(ExtendRun(a.meld, rest + (run[w],)))  # the wild at the high end
            out.append(ExtendRun(a.meld, (run[w],) + rest))  # the wild at the low end
        out.append(ExtendRun(a.meld, run[1:]))  # an old card dropped, or one short
        out.append(ExtendRun(a.meld, run[:-1]))
        out.append(ExtendRun(a.meld + 1, run))  # the wrong meld
        out.append(ExtendRun(len(melds), run))
        out.append(ExtendRun(a.meld, tuple(reversed(run))))
        if old is not None:
            out.append(ExtendRun(a.meld, old.cards))  # nothing added
            added = list(run)
            for c in old.cards:
                added.remove(c)
            out.append(AddToMeld(a.meld, tuple(added)))  # a run is extended, not added to
        if other is not None:
            out.append(ExtendRun(a.meld, run[:1] + (other,) + run[1:]))
    elif isinstance(a, TakePile):
        if s.rules.pile_take == "whole":
            if hand:
                out.append(TakePile((rng.choice(hand),)))  # K-PILE-1: no cards
            out.append(TakePile((), 0))
        else:
            cards = a.cards
            if cards:
                i = rng.randrange(len(cards))
                spare = [c for c in hand if c not in cards]
                if spare:
                    out.append(TakePile(cards[:i] + (rng.choice(spare),) + cards[i + 1:], a.meld))  # wrong pair
                if other is not None:
                    out.append(TakePile(cards[:i] + (other,) + cards[i + 1:], a.meld))
                out.append(TakePile(_without(cards, i), a.meld))  # one card
                out.append(TakePile(cards + (rng.choice(hand),), a.meld))
                out.append(TakePile(cards, None if a.meld is not None else 0))
            out.append(TakePile((), a.meld if a.meld is None else a.meld + 1))
            out.append(TakePile((), len(melds)))
    elif isinstance(a, AnswerPartner):
        out.append(AnswerPartner(not a.permit))
    return out


def near_misses(s: State, rng: random.Random, per_move: int = 4) -> list[Action]:
    """Moves close to legal ones, most of them illegal: wrong phase, wrong cards, wrong meld..."""
    seat = acting_seat(s)
    hand = s.hands[seat]
    absent = _cards_not_in(hand)
    out: list[Action] = [Draw(), AskPartner(), AnswerPartner(True), AnswerPartner(False), Decline(), TakePile()]
    if hand:
        out.append(Discard(rng.choice(hand)))
    if absent:
        out.append(Discard(rng.choice(absent)))
    if s.pile and s.rules.pile_take == "meld_top":
        top = s.pile[-1]
        same = [c for c in hand if c.rank is top.rank and not c.is_wild]
        if same:
            out.append(TakePile((same[0], same[0])))  # a pair of the one copy held
            out.append(TakePile((same[0],)))
        wilds = [c for c in hand if c.is_wild]
        if len(wilds) >= 2:
            out.append(TakePile((wilds[0], wilds[1])))  # two wilds, no natural
    legal = s.legal_actions()
    for a in rng.sample(legal, min(per_move, len(legal))):
        out.extend(_mutations(s, a, rng))
    seen: set[Action] = set()
    unique = []
    for a in out:
        if a not in seen:
            seen.add(a)
            unique.append(a)
    return unique


# ---------------------------------------------------------------------------- the E-2 oracle


class OracleGaveUp(Exception):
    pass


@contextlib.contextmanager
def raw_engine() -> Iterator[None]:
    """The engine with its E-2 solver switched off: every move the rules allow structurally is legal."""
    modules = (_checks, _movegen)
    saved = [m.finishable for m in modules]

    def anything(_p: object) -> bool:
        return True

    for m in modules:
        m.finishable = anything
    try:
        yield
    finally:
        for m, f in zip(modules, saved):
            m.finishable = f


def raw_moves(s: State) -> tuple[Action, ...]:
    """The moves of ``s`` with E-2 off (call inside :func:`raw_engine`); no decline, no draw."""
    if s.phase is Phase.PLAY:
        return reference_play_actions(Ctx(s))
    if s.phase is Phase.ANSWER:
        return (AnswerPartner(True), AnswerPartner(False))
    if s.phase is Phase.DRAW:
        return tuple(legal_takes(Ctx(s)))
    return ()


def raw_apply(s: State, a: Action) -> State:
    """Apply ``a`` with E-2 off (call inside :func:`raw_engine`)."""
    return engine_apply(uncached(s), a)


class Oracle:
    """Can the player who is on turn still finish it?  An exhaustive search over raw engine moves.

    The turn is finished when it is no longer that player's turn in that hand
    (a discard, going out, the hand ending) — and a position where a discard
    is allowed is finished by it.  Otherwise some meld move (a new meld, an
    addition, a run extension) must lead to a position that can be finished.
    """

    def __init__(self, budget: int = 4000) -> None:
        self.memo: dict[object, bool] = {}
        self.budget = budget
        self.nodes = 0

    def key(self, s: State, seat: int) -> object:
        team = s.rules.team_of(seat)
        own = s.turn.own_from
        melds = tuple(sorted((i >= own, tuple(c.index for c in m.cards)) for i, m in enumerate(s.melds[team])))
        return (s.hands[seat], melds, s.turn, s.opened[team], len(s.packets), s.packets_taken[team], s.phase)

    def can_finish(self, s: State, seat: int, hand_number: int) -> bool:
        if s.phase in (Phase.GAME_OVER, Phase.DRAW) or s.hand_number != hand_number or acting_seat(s) != seat:
            return True
        key = self.key(s, seat)
        known = self.memo.get(key)
        if known is not None:
            return known
        self.nodes += 1
        if self.nodes > self.budget:
            raise OracleGaveUp
        moves = raw_moves(s)
        result = any(isinstance(m, Discard) for m in moves)
        if not result:
            for m in moves:
                if isinstance(m, MELD_MOVES) and self.can_finish(raw_apply(s, m), seat, hand_number):
                    result = True
                    break
        self.memo[key] = result
        return result


def oracle_check(s: State, stats: Stats, max_hand: int = 10, budget: int = 4000) -> None:
    """E-2 against the oracle: each meld, take, ask and "no" is listed iff the turn can be finished after it."""
    if s.phase is Phase.GAME_OVER:
        return
    seat = acting_seat(s)
    size = len(s.hands[seat])
    if s.phase is Phase.DRAW:
        size += len(s.pile)
    if size > max_hand:
        return
    legal = set(s.legal_actions())
    oracle = Oracle(budget)
    checked = 0
    with raw_engine():
        raw = raw_moves(s)
        for m in raw:
            if s.phase is Phase.PLAY and isinstance(m, Discard):
                if m not in legal:
                    raise Finding("E-1: a discard the rules allow is not listed", s, m)
                continue
            try:
                if isinstance(m, AskPartner):
                    after = raw_apply(raw_apply(s, m), AnswerPartner(True))
                else:
                    after = raw_apply(s, m)
                expected = oracle.can_finish(after, seat, s.hand_number)
            except OracleGaveUp:
                stats.oracle_gave_up += 1
                return
            checked += 1
            stats.oracle_dead_ends += not expected
            if expected != (m in legal):
                why = "can" if expected else "cannot"
                listed = "listed" if m in legal else "not listed"
                raise Finding("E-2 oracle", s, m, f"the turn {why} be finished after it, but the move is {listed}")
    for m in legal:
        considered = s.phase is not Phase.DRAW or isinstance(m, TakePile)
        if considered and m not in raw and not isinstance(m, (Draw, Decline)):
            raise Finding("E-2 oracle: a listed move the rules refuse even without E-2", s, m)
    stats.oracle_positions += 1
    stats.oracle_moves += checked


# ---------------------------------------------------------------------------- the checker


def check_results(s: State) -> None:
    totals = [0] * s.rules.teams
    for result in s.hand_results:
        for ts in result.teams:
            raw = (
                ts.packet_points + ts.meld_points + ts.canasta_points + ts.red_three_points
                + ts.going_out_points - ts.hand_points
            )
            if raw != ts.raw_total or sum(c.bonus for c in ts.canastas) != ts.canasta_points:
                raise Finding("scores: a team score does not re-add from its parts", s, detail=repr(ts))
            rounded = (ts.total - 1 < ts.raw_total <= ts.total) if s.rules.round_hand_up else ts.total == ts.raw_total
            if not rounded:
                raise Finding("scores: total is not the raw total rounded as the rules say", s, detail=repr(ts))
            totals[ts.team] += ts.total
        if list(result.scores) != totals:
            raise Finding("scores: cumulative scores are not the sums of the hand totals", s)
    if list(s.scores) != totals:
        raise Finding("scores: the state's scores are not the sums of the hand totals", s)


_FROZEN_PROBES = ("hands", "phase", "player", "scores", "melds", "turn", "pile")


def check_frozen(s: State, rng: random.Random) -> None:
    """No attribute of a state (or of its turn, melds, rules) can be set."""
    targets: list[tuple[object, str]] = [(s, rng.choice(_FROZEN_PROBES)), (s.turn, "drew"), (s.rules, "players")]
    for team_melds in s.melds:
        if team_melds:
            targets.append((team_melds[0], "cards"))
    for obj, name in targets:
        try:
            setattr(obj, name, getattr(obj, name))
        except (attrs.exceptions.FrozenInstanceError, AttributeError):
            continue
        raise Finding("immutability: an attribute could be set", s, detail=f"{type(obj).__name__}.{name}")


class Checker:
    """Checks states and moves; counts what it did in :attr:`stats`.

    ``near`` near misses per state (0: none); ``apply_all``: apply every listed
    move (else a sample of ``apply_sample``); ``oracle_hand``: run the E-2
    oracle on positions whose hand (plus the pile, in the draw phase) has at
    most that many cards (0: never); ``round_trip_every``: load the document
    of every n-th state (0: never); ``views_every``, ``frozen_every``: look at
    the views, and check immutability, on every n-th state (0: never);
    ``explain_sample``: in the play phase ask the validator about that many of
    the listed moves (None: all; the reference generator asks about all anyway);
    ``collect``: a finding on a state is recorded in :attr:`stats` and the game
    goes on (else it is raised); ``sample_every``: every state gets the cheap
    checks (card census, a move for a game in progress, none for a finished one,
    scores), every n-th the rest — the rates above then count sampled states;
    ``hiding``: with the views, search each seat's view and view document for
    cards it may not see (``_hiding.py``); ``record_every``: at the end of every
    n-th game checked with :meth:`check_game`, replay its record (0: never).
    """

    def __init__(
        self,
        *,
        near: int = 3,
        apply_all: bool = True,
        apply_sample: int = 6,
        oracle_hand: int = 10,
        oracle_budget: int = 4000,
        round_trip_every: int = 1,
        pickle_every: int = 1,
        views: bool = True,
        views_every: int = 1,
        frozen_every: int = 1,
        explain_sample: int | None = None,
        collect: bool = False,
        seed: int = 0,
        sample_every: int = 1,
        hiding: bool = False,
        record_every: int = 0,
    ) -> None:
        self.near = near
        self.apply_all = apply_all
        self.apply_sample = apply_sample
        self.oracle_hand = oracle_hand
        self.oracle_budget = oracle_budget
        self.round_trip_every = round_trip_every
        self.pickle_every = pickle_every
        self.views = views
        self.views_every = views_every
        self.frozen_every = frozen_every
        self.explain_sample = explain_sample
        self.collect = collect
        self.sample_every = sample_every
        self.hiding = hiding
        self.record_every = record_every
        self.rng = random.Random(seed)
        self.stats = Stats()

    # ------------------------------------------------------------ per state
    def check_state(self, s: State) -> None:
        stats = self.stats
        stats.states += 1
        if not dict.__eq__(card_census(s), FULL_DECK):  # (dict's, not Counter's slow __eq__: no zero counts)
            diff = (card_census(s) - FULL_DECK) + (FULL_DECK - card_census(s))
            raise Finding("G-DECK-1: the 108 cards are not each in exactly one place", s, detail=str(dict(diff)))
        legal = s.legal_actions()
        if s.is_game_over:
            if legal:
                raise Finding("E-1: a finished game lists moves", s)
            check_results(s)
            return
        if not legal:
            raise Finding("E-2: a game in progress has no legal move", s)
        if (stats.states - 1) % self.sample_every:
            return
        stats.sampled += 1
        frozen_check = self.frozen_every and stats.sampled % self.frozen_every == 0
        before = s.to_dict() if frozen_check else None
        if len(set(legal)) != len(legal):
            raise Finding("E-1: a move is listed twice", s)
        fresh = uncached(s)
        if s.phase is Phase.PLAY:
            ctx = Ctx(fresh)
            fast, ref = play_actions(ctx), reference_play_actions(ctx)
            if fast != ref:
                only_fast = [str(a) for a in fast if a not in ref]
                only_ref = [str(a) for a in ref if a not in fast]
                raise Finding("E-1: fast and reference generators differ", s,
                              detail=f"only fast: {only_fast}; only reference: {only_ref}; "
                                     f"order differs: {not only_fast and not only_ref}")
        to_explain = legal
        if self.explain_sample is not None and s.phase is Phase.PLAY and len(legal) > self.explain_sample:
            to_explain = tuple(self.rng.sample(legal, self.explain_sample))
        for a in to_explain:
            problem = explain(fresh, a)
            if problem is not None:
                raise Finding("E-1: the validator refuses a listed move", s, a, f"{problem}")
        to_apply = legal if self.apply_all else self.rng.sample(legal, min(self.apply_sample, len(legal)))
        for a in to_apply:
            try:
                s.apply(a)
            except Exception as err:
                raise Finding("E-1: a listed move does not apply", s, a, repr(err)) from err
            stats.legal_moves_applied += 1
        if self.near:
            self.check_near_misses(s, fresh)
        if self.oracle_hand:
            oracle_check(s, stats, self.oracle_hand, self.oracle_budget)
        if self.round_trip_every and stats.sampled % self.round_trip_every == 0:
            self.check_round_trip(s)
        if self.pickle_every and stats.sampled % self.pickle_every == 0:
            self.check_pickle(s)
        if self.views and self.views_every and stats.sampled % self.views_every == 0:
            self.check_views(s)
        if frozen_check:
            check_frozen(s, self.rng)
            if s.to_dict() != before:
                raise Finding("immutability: the state changed while moves were tried on it", s)

    def check_near_misses(self, s: State, fresh: State) -> None:
        legal = set(s.legal_actions())
        for a in near_misses(s, self.rng, self.near):
            self.stats.near_misses += 1
            try:
                problem = explain(uncached(fresh), a)
            except Exception as err:
                raise Finding("E-1: the validator crashed on a near miss", s, a, repr(err)) from err
            listed = a in legal
            if (problem is None) != listed:
                what = "accepts a move that is not listed" if problem is None else "refuses a listed move"
                raise Finding(f"E-1: the validator {what}", s, a, str(problem))
            if s.is_legal(a) != listed:
                raise Finding("E-1: is_legal disagrees with legal_actions", s, a)
            if listed:
                continue
            self.stats.near_misses_refused += 1
            try:
                s.apply(a)
            except IllegalActionError as err:
                assert problem is not None
                if err.rule != problem[0] or not err.rule:
                    raise Finding(
                        "E-1: apply names another rule than explain", s, a, f"{err.rule} vs {problem[0]}"
                    ) from None
                continue
            except Exception as err:
                raise Finding(
                    "E-1: an illegal move raised something else than IllegalActionError", s, a, repr(err)
                ) from err
            raise Finding("E-1: apply accepted a move that is not listed", s, a)

    def check_round_trip(self, s: State) -> None:
        doc = json.loads(json.dumps(s.to_dict()))
        try:
            back = State.from_dict(doc)
        except Exception as err:
            raise Finding("round trip: from_dict refuses to_dict's document", s, detail=repr(err)) from err
        if back != s:
            raise Finding("round trip: from_dict(to_dict()) differs", s)
        if back.legal_actions() != s.legal_actions():
            raise Finding("round trip: the loaded state lists other moves", s)
        self.stats.round_trips += 1

    def check_pickle(self, s: State) -> None:
        """F4: the state pickles and deep-copies to an equal one with the same history and moves; its views too."""
        try:
            back = pickle.loads(pickle.dumps(s))
        except Exception as err:
            raise Finding("pickle: the state does not pickle", s, detail=repr(err)) from err
        if back != s or hash(back) != hash(s):
            raise Finding("pickle: the loaded state differs", s)
        if back.history != s.history or back.legal_actions() != s.legal_actions():
            raise Finding("pickle: the loaded state has another history or other moves", s)
        if back.hand_moves != s.hand_moves:
            raise Finding("pickle: the loaded state counts other hand moves", s)
        seat = acting_seat(s) if not s.is_game_over else 0
        view = s.view(seat)
        if pickle.loads(pickle.dumps(view)) != view:
            raise Finding("pickle: a view does not pickle to an equal view", s, detail=f"seat {seat}")
        self.stats.pickles += 1
        try:
            copies = (copy.deepcopy(s), copy.copy(s), copy.deepcopy(view))
        except Exception as err:
            raise Finding("copy: the state or a view does not copy", s, detail=repr(err)) from err
        if copies[0] != s or copies[1] != s or copies[2] != view:
            raise Finding("copy: a copy of the state or of a view differs", s)
        if copies[0].history != s.history or copies[0].legal_actions() != s.legal_actions():
            raise Finding("copy: the deep copy has another history or other moves", s)
        self.stats.deep_copies += 1

    def check_views(self, s: State) -> None:
        n = s.rules.players
        history = s.history
        for seat in range(n):
            v = s.view(seat)
            self.stats.views += 1
            if len(v.history) != len(history) or (history and (
                v.history[-1].action != history[-1].action or type(v.history[-1].action) is not type(history[-1].action)
            )):
                raise Finding("E-4: a view's history does not follow the state's", s, detail=f"seat {seat}")
            if v.hand_moves != s.hand_moves:
                raise Finding("F7: a view counts other hand moves", s, detail=f"seat {seat}")
            if v.hand != s.hands[seat] or v.hand_sizes != tuple(len(h) for h in s.hands):
                raise Finding("E-4: a view's hand or hand sizes are wrong", s, detail=f"seat {seat}")
            expected = s.legal_actions() if seat == s.current_player else ()
            if v.legal_actions() != expected:
                raise Finding("E-4: a view's legal moves are wrong", s, detail=f"seat {seat}")
            if v.stock_size != len(s.stock) or v.packet_sizes != tuple(len(p) for p in s.packets):
                raise Finding("E-4: a view's counts are wrong", s, detail=f"seat {seat}")
            if not self.hiding:
                continue
            try:
                check_view_cards(s, seat)
                check_view_document(s, seat, history=False)
                check_view_independent(s, seat, self.rng, history=False)
            except AssertionError as err:
                raise Finding("E-4: a view shows what its seat may not see", s, detail=str(err)) from err
            doc = json.loads(json.dumps(v.to_dict(history=False)))
            try:
                back = PlayerView.from_dict(doc)
            except Exception as err:
                raise Finding("view document: from_dict refuses to_dict's document", s,
                              detail=f"seat {seat}: {err!r}") from err
            if back != attrs.evolve(v, history=(), start_events=()) or back.to_dict(history=False) != doc:
                raise Finding("view document: from_dict(to_dict()) differs", s, detail=f"seat {seat}")
            self.stats.hidden_checks += 1

    def check_game(self, final: State, number: int = 0) -> None:
        """At the end of a game (finished or cut short): every seat's view history, and the record.

        Each step of each seat's view history (objects and document) holds only
        what the seat may see (one pass over the game covers every step); with
        ``record_every``, the record of the ``number``-th game reads back
        through JSON and replays to ``final``.
        """
        self.stats.hands += len(final.hand_results)
        if self.hiding:
            for seat in range(final.rules.players):
                try:
                    check_view_events(final, seat)
                    self.stats.history_steps_searched += check_view_document(final, seat)
                except AssertionError as err:
                    raise Finding("E-4: a view's history shows what its seat may not see", final,
                                  detail=str(err)) from err
        if self.record_every and number % self.record_every == 0:
            try:
                record = GameRecord.from_json(GameRecord.from_state(final, check=False).to_json())
                replayed = record.replay()
            except Exception as err:
                raise Finding("record: the game's record does not read back and replay", final,
                              detail=repr(err)) from err
            if replayed != final or replayed.history != final.history:
                raise Finding("record: the game's record replays to another state", final)
            self.stats.records += 1

    # ------------------------------------------------------------ per move
    def check_move(self, s: State, a: Action, t: State) -> None:
        self.stats.moves += 1
        for e in t.events:
            self.stats.events[type(e).__name__] += 1
        if t.is_game_over or t.hand_number != s.hand_number:
            check_results(t)


# ---------------------------------------------------------------------------- policies and games


Policy = Callable[[State, random.Random], Action]


def uniform(s: State, rng: random.Random) -> Action:
    return rng.choice(s.legal_actions())


def biased(s: State, rng: random.Random) -> Action:
    """Play toward canastas: take the pile when possible, meld and add far more often than discard.

    Random play almost never completes a Kanasta kanasta, so it never sees a
    packet picked up or a player going out (K-OUT-1..5); this policy does.
    """
    legal = s.legal_actions()
    if s.phase is Phase.DRAW:
        takes = [a for a in legal if isinstance(a, TakePile)]
        if takes and rng.random() < 0.85:
            return rng.choice(takes)
    elif s.phase is Phase.PLAY:
        melds = [a for a in legal if isinstance(a, MELD_MOVES)]
        if melds and rng.random() < 0.9:
            grow = [a for a in melds if not isinstance(a, LayMeld)]
            if grow and rng.random() < 0.6:
                return rng.choice(grow)
            return rng.choice(melds)
    return rng.choice(legal)


def greedy(s: State, rng: random.Random) -> Action:
    """The library's :class:`~kanasta.bots.GreedyBot`, from the view of the seat to move (``rng`` unused)."""
    seat = s.current_player
    assert seat is not None
    return _GREEDY.choose(s.view(seat))


_GREEDY = GreedyBot()


def mixed(s: State, rng: random.Random) -> Action:
    """A table of different players: seat ``n`` plays biased, greedy, random for ``n % 3`` = 0, 1, 2."""
    seat = s.current_player
    assert seat is not None
    return (biased, greedy, uniform)[seat % 3](s, rng)


_SEARCH = SearchBot(iterations=2, horizon=12, discards=2)


def bots(s: State, rng: random.Random) -> Action:
    """A table of the library's bots and a meld-biased seat: seat ``n`` plays GreedyBot, SearchBot (a small
    search: 2 deals a move, 12-decision rollouts), meld-biased for ``n % 3`` = 0, 1, 2 (``rng`` for the last)."""
    seat = s.current_player
    assert seat is not None
    kind = seat % 3
    if kind == 2:
        return biased(s, rng)
    return (_GREEDY if kind == 0 else _SEARCH).choose(s.view(seat))


#: the soak's players by name
POLICIES: dict[str, Policy] = {"random": uniform, "meld-biased": biased, "greedy": greedy, "mixed": mixed,
                               "bots": bots}


def play_game(
    rules: kanasta.Rules,
    seed: int,
    checker: Checker | None,
    *,
    policy: Policy = uniform,
    max_moves: int = 100_000,
    check_every: int = 1,
    number: int = 0,
    context: dict[str, Any] | None = None,
) -> State:
    """Play one game (or ``max_moves`` moves) from ``new_game(rules, seed)``, checking as told.

    With a checker, every ``check_every``-th state is checked, and the end of
    the game with :meth:`Checker.check_game` (``number`` is the game's number
    for its ``record_every``).  A finding is raised, or recorded with
    ``context`` and the move number when the checker collects; a dead end (a
    game in progress with no legal move, E-2) or a listed move that does not
    apply ends the game there.
    """
    rng = random.Random(seed)
    state = kanasta.new_game(rules, seed)

    def found(finding: Finding, ply: int) -> None:
        finding.context.update(context or {})
        finding.context["move"] = ply
        if checker is None or not checker.collect:
            raise finding
        checker.stats.record(finding)

    ply = 0
    while True:
        checked = checker is not None and ply % check_every == 0
        if checked:
            assert checker is not None
            try:
                checker.check_state(state)
            except Finding as finding:
                found(finding, ply)
            except kanasta.EngineLimitError as err:
                found(Finding("E-2: listing the moves needs more than the work budget", state, None, str(err)), ply)
                break
        if state.is_game_over or ply == max_moves:
            break
        try:
            listed = state.legal_actions()
        except kanasta.EngineLimitError as err:  # the game cannot go on: no one can list its moves
            found(Finding("E-2: listing the moves needs more than the work budget", state, None, str(err)), ply)
            break
        if not listed:  # the game cannot go on
            if not checked:
                found(Finding("E-2: a game in progress has no legal move", state), ply)
            break
        try:
            action = policy(state, rng)
        except kanasta.EngineLimitError as err:  # a bot asked something no one can answer within the budget
            found(Finding("E-2: a player's question needs more than the work budget", state, None, str(err)), ply)
            break
        try:
            nxt = state.apply(action)
        except Exception as err:
            found(Finding("E-1: a listed move failed to apply", state, action, repr(err)), ply)
            break
        if checker is not None:
            checker.check_move(state, action, nxt)
        state = nxt
        ply += 1
    if checker is not None:
        try:
            checker.check_game(state, number)
        except Finding as finding:
            found(finding, ply)
        except kanasta.EngineLimitError as err:
            found(Finding("E-2: a view's listing needs more than the work budget", state, None, str(err)), ply)
        checker.stats.games += 1
        checker.stats.finished_games += state.is_game_over
    return state


# ---------------------------------------------------------------------------- the soak


def random_variant(rng: random.Random, name: str | None = None) -> kanasta.Rules:
    """A preset (``name``, or one at random) with some independent options changed.

    The options are those of ``kanasta.strategies.rules``.
    """
    if name is None:
        name = rng.choice(sorted(PRESETS))
    base = PRESETS[name]
    changes: dict[str, Any] = {}
    if rng.random() < 0.5:
        changes["target_score"] = rng.randint(1, base.target_score)
    if rng.random() < 0.3:
        changes["single_card_pile_block"] = rng.random() < 0.5
    if base.runs:
        for field in ("trump_doubling", "opening_one_card_exempt", "opening_natural_run",
                      "single_card_discard_block", "packet_team_melds_out"):
            if rng.random() < 0.3:
                changes[field] = rng.random() < 0.5
        if rng.random() < 0.3:
            changes["packets"] = rng.randint(0, 2)
        if rng.random() < 0.3:
            changes["max_meld_size"] = rng.randint(7, 13)
        if rng.random() < 0.3:
            changes["canastas_to_go_out"] = rng.randint(0, 2)
        if rng.random() < 0.3:
            changes["opening_minimums"] = ((None, rng.randint(0, 20) / 2), (100, rng.randint(0, 24) / 2))
        if changes.get("packets", base.packets) == 0 and rng.random() < 0.5:
            changes["ask_partner"] = True
    else:
        for field in ("wilds_within_naturals", "black_three_meld_going_out", "take_pile_before_down", "pile_freezing"):
            if rng.random() < 0.3:
                changes[field] = rng.random() < 0.5
        if rng.random() < 0.3:
            changes["stock_end"] = rng.choice(("pile_play", "end_of_turn"))
        if rng.random() < 0.3:
            changes["concealed_bonus"] = rng.choice((200, None))
        if rng.random() < 0.3:
            changes["max_wilds"] = rng.randint(1, 4)
        if rng.random() < 0.3:
            changes["opening_minimums"] = ((None, 5 * rng.randint(0, 6)), (0, 5 * rng.randint(0, 20)))
        if base.players == 4 and rng.random() < 0.3:
            changes["ask_partner"] = rng.random() < 0.5
    if rng.random() < 0.2:
        changes["hand_move_limit"] = rng.randint(20, 400)  # F7: bounded hands end at the end of a turn
    # issue 25: the kinds of variants that broke (drawn after the others, which stay as they were):
    # many cards a draw (big hands far from their opening), high opening bands, Classic with
    # packets (without the 3 rules, which validation refuses with packets), canastas to go out
    if rng.random() < 0.2:
        changes["draw_count"] = rng.randint(1, 5)
    if base.runs:
        if rng.random() < 0.15:
            changes["opening_minimums"] = ((None, rng.randint(0, 120) / 2),)
    else:
        if rng.random() < 0.15:
            changes.update(packets=rng.randint(1, 2), packet_size=9, red_threes=False, black_threes=False,
                           concealed_bonus=None, ask_partner=False)
        if rng.random() < 0.2:
            changes["canastas_to_go_out"] = rng.randint(0, 3)
    return attrs.evolve(base, **changes)


def soak_checker(seed: int) -> Checker:
    """The soak's checks: every kind of invariant, the costliest on a sample of states."""
    return Checker(
        seed=seed, near=2, apply_all=False, apply_sample=4, oracle_hand=10, oracle_budget=2000,
        round_trip_every=40, pickle_every=40, views_every=25, frozen_every=10, explain_sample=4, collect=True,
        record_every=8,
    )


def light_checker(seed: int) -> Checker:
    """A soak for volume: the cheap checks on every state (census, E-1/E-2, views), round trips and pickles often."""
    return Checker(
        seed=seed, near=0, apply_all=False, apply_sample=1, oracle_hand=0,
        round_trip_every=5, pickle_every=50, views_every=1, frozen_every=0, explain_sample=1, collect=True,
        record_every=8,
    )


def sampled_checker(seed: int, every: int, record_every: int = 8) -> Checker:
    """A soak of a million moves: the cheap checks on every state, all the others on every ``every``-th.

    Every state: the card census, a legal move for a game in progress and none
    for a finished one, the scores.  Every ``every``-th state: E-1 (distinct
    moves, fast vs reference generator, a sample applied and explained, near
    misses), E-2 against the oracle on small hands, immutability, the position
    round trip, pickle and deep copy, and every seat's view and view document
    (hiding included).  At the end of each game, every seat's whole view
    history, and the record of every ``record_every``-th game replayed.
    """
    return Checker(
        seed=seed, near=1, apply_all=False, apply_sample=2, oracle_hand=10, oracle_budget=2000,
        round_trip_every=1, pickle_every=1, views_every=1, frozen_every=1, explain_sample=4, collect=True,
        sample_every=every, hiding=True, record_every=record_every,
    )


#: the players of the soak's games, in turn (the preset changes every game, the players every four)
POLICY_CYCLE = ("random", "meld-biased", "greedy", "meld-biased", "mixed")
#: the players of a soak of bot-played and meld-biased games only (``soak.py --players bots``)
BOT_CYCLE = ("meld-biased", "greedy", "meld-biased", "greedy", "bots")


@attrs.frozen
class SoakGame:
    """Game ``number`` of a soak started at ``seed``: everything it takes to play it again."""

    number: int
    seed: int
    preset: str
    variant: bool
    rules: kanasta.Rules
    policy: str

    def context(self) -> dict[str, Any]:
        """What a finding in this game reports (JSON-safe): the game, its seed, rules and players."""
        return {"game": self.number, "seed": self.seed, "preset": self.preset, "variant": self.variant,
                "rules": self.rules.to_dict() if self.variant else self.preset, "policy": self.policy}


def soak_game(number: int, seed: int = 0, cycle: tuple[str, ...] = POLICY_CYCLE) -> SoakGame:
    """Game ``number`` of the soak: ``new_game(rules, seed + number)``, the players and rules fixed by the number.

    The four presets in turn; every third game a random variant of its preset;
    the players change every four games (``cycle``: :data:`POLICY_CYCLE`, or
    :data:`BOT_CYCLE` for bot-played and meld-biased games only).
    """
    game_seed = seed + number
    names = sorted(PRESETS)
    preset = names[number % len(names)]
    variant = number % 3 == 2
    rules = random_variant(random.Random(game_seed), preset) if variant else PRESETS[preset]
    policy = cycle[(number // len(names)) % len(cycle)]
    return SoakGame(number, game_seed, preset, variant, rules, policy)


def play_soak_game(game: SoakGame, checker: Checker, max_moves: int = 10_000) -> State:
    """Play one game of the soak with ``checker`` (which should collect its findings)."""
    return play_game(game.rules, game.seed, checker, policy=POLICIES[game.policy], max_moves=max_moves,
                     number=game.number, context=game.context())


def soak(
    games: int,
    *,
    seed: int = 0,
    start: int = 0,
    light: bool = False,
    every: int | None = None,
    seconds: float | None = None,
    max_moves: int = 30_000,
    progress: Callable[[Stats, float], None] | None = None,
) -> Stats:
    """Play games ``start``, ``start + 1``... (``games`` of them, or for ``seconds``); findings are collected.

    Game ``g`` is :func:`soak_game` ``(g, seed)``.  The checks: those of
    :func:`soak_checker`, or :func:`light_checker`, or (``every``) of
    :func:`sampled_checker`.
    """
    total = Stats()
    began = time.perf_counter()
    for g in range(start, start + games):
        if seconds is not None and time.perf_counter() - began > seconds:
            break
        game = soak_game(g, seed)
        if every is not None:
            checker = sampled_checker(game.seed, every)
        else:
            checker = light_checker(game.seed) if light else soak_checker(game.seed)
        play_soak_game(game, checker, max_moves)
        total.add(checker.stats)
        if progress is not None:
            progress(total, time.perf_counter() - began)
    return total


def timed(fn: Callable[[], object]) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start
