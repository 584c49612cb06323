"""The rules engine: dealing, legal moves, applying moves, chores (pure functions).

:func:`legal_actions`, :func:`explain` and :func:`apply` are what
:meth:`State.legal_actions`, :meth:`State.explain` and :meth:`State.apply`
call.  Every check reads an option of :class:`~kanasta.Rules`; none asks which
game is played.  A move is offered only when it is legal by the rules and the
turn can still be finished after it (RULES E-1, E-2; see :mod:`kanasta._solver`).

>>> import kanasta
>>> state = kanasta.new_game(kanasta.Rules.classic(), seed=11)
>>> state = state.apply(kanasta.Draw())
>>> all(state.is_legal(a) for a in state.legal_actions())
True
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Sequence
from itertools import product
from typing import Final

import attrs

from kanasta import _rng
from kanasta._solver import Pos, Tables, canastas, finishable, natural_run_laid, rank_of, tables
from kanasta.actions import (
    DECLINE,
    DRAW,
    NO,
    YES,
    Action,
    AddToMeld,
    AnswerPartner,
    AskPartner,
    Decline,
    Discard,
    Draw,
    ExtendRun,
    LayMeld,
    TakePile,
)
from kanasta.cards import DECK, Card, all_cards
from kanasta.errors import ConfigError, IllegalActionError
from kanasta.melds import Meld, MeldKind, read_meld, read_run, read_set
from kanasta.rules import Rules
from kanasta.scoring import score_hand
from kanasta.state import (
    CardsDrawn,
    Event,
    GameEnded,
    HandEnded,
    HandStarted,
    PacketTaken,
    Phase,
    PileJoined,
    PileTaken,
    RedThreeLaid,
    State,
    Step,
    StockExhausted,
    TeamOpened,
    Turn,
    UpcardTurned,
    WentOut,
)

__all__ = ["apply", "explain", "legal_actions", "new_game"]

Problem = tuple[str, str]
_CARDS: Final = all_cards()
_BY_INDEX: Final = operator.attrgetter("index")


def _sort(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=_BY_INDEX))


def _remove(hand: tuple[Card, ...], cards: Iterable[Card]) -> tuple[Card, ...] | None:
    """``hand`` without ``cards`` (a multiset difference), or None if some are missing."""
    lst = list(hand)
    for c in cards:
        try:
            lst.remove(c)
        except ValueError:
            return None
    return tuple(lst)


# ------------------------------------------------------------------ new game


def new_game(rules: Rules, seed: int) -> State:
    """Start a game: draw the first dealer from ``seed`` and deal the first hand.

    ``seed`` is an int from 0 to 2**64 - 1; all chance in the game comes from
    it (RULES G-RNG-1, G-DEAL-1).

    >>> import kanasta
    >>> a = kanasta.new_game(kanasta.Rules.classic(), seed=3)
    >>> b = kanasta.new_game(kanasta.Rules.classic(), seed=3)
    >>> a == b, a.hands == kanasta.new_game(kanasta.Rules.classic(), seed=4).hands
    (True, False)
    >>> kanasta.new_game(kanasta.Rules.classic(), seed=-1)
    Traceback (most recent call last):
    ...
    kanasta.errors.ConfigError: seed: must be an int from 0 to 2**64 - 1, not -1
    """
    if not isinstance(rules, Rules):
        raise ConfigError("rules", f"must be a kanasta.Rules, not {type(rules).__name__}")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < _rng.SEED_LIMIT:
        raise ConfigError("seed", f"must be an int from 0 to 2**64 - 1, not {seed!r}")
    dealer = _rng.stream(seed, 0).below(rules.players)
    teams = rules.teams
    draft = _Draft.blank(rules, seed, dealer, (0,) * teams)
    _deal(draft, 1)
    return draft.freeze()


class _Draft:
    """A mutable copy of a state's fields while a move is being applied."""

    __slots__ = (
        "rules", "seed", "hand_number", "dealer", "scores", "hands", "stock", "pile",
        "pile_frozen", "melds", "red_threes", "packets", "packets_taken", "trump",
        "opened", "melded_this_hand", "player", "phase", "turn", "winner",
        "hand_results", "events", "log",
    )

    rules: Rules
    seed: int
    hand_number: int
    dealer: int
    scores: tuple[int, ...]
    hands: list[tuple[Card, ...]]
    stock: tuple[Card, ...]
    pile: tuple[Card, ...]
    pile_frozen: bool
    melds: list[tuple[Meld, ...]]
    red_threes: list[tuple[Card, ...]]
    packets: tuple[tuple[Card, ...], ...]
    packets_taken: list[int]
    trump: Card | None
    opened: list[bool]
    melded_this_hand: list[bool]
    player: int
    phase: Phase
    turn: Turn
    winner: int | None
    hand_results: tuple[object, ...]
    events: list[Event]
    log: object

    @classmethod
    def blank(cls, rules: Rules, seed: int, dealer: int, scores: tuple[int, ...]) -> _Draft:
        d = cls()
        d.rules = rules
        d.seed = seed
        d.hand_number = 0
        d.dealer = dealer
        d.scores = scores
        d.hands = []
        d.stock = ()
        d.pile = ()
        d.pile_frozen = False
        d.melds = []
        d.red_threes = []
        d.packets = ()
        d.packets_taken = []
        d.trump = None
        d.opened = []
        d.melded_this_hand = []
        d.player = 0
        d.phase = Phase.DRAW
        d.turn = Turn()
        d.winner = None
        d.hand_results = ()
        d.events = []
        d.log = None
        return d

    @classmethod
    def of(cls, s: State) -> _Draft:
        d = cls()
        d.rules = s.rules
        d.seed = s.seed
        d.hand_number = s.hand_number
        d.dealer = s.dealer
        d.scores = s.scores
        d.hands = list(s.hands)
        d.stock = s.stock
        d.pile = s.pile
        d.pile_frozen = s.pile_frozen
        d.melds = list(s.melds)
        d.red_threes = list(s.red_threes)
        d.packets = s.packets
        d.packets_taken = list(s.packets_taken)
        d.trump = s.trump
        d.opened = list(s.opened)
        d.melded_this_hand = list(s.melded_this_hand)
        d.player = s.player
        d.phase = s.phase
        d.turn = s.turn
        d.winner = s.winner
        d.hand_results = s.hand_results
        d.events = []
        d.log = s._log
        return d

    def freeze(self) -> State:
        return State(
            rules=self.rules,
            seed=self.seed,
            hand_number=self.hand_number,
            dealer=self.dealer,
            scores=self.scores,
            hands=tuple(self.hands),
            stock=self.stock,
            pile=self.pile,
            pile_frozen=self.pile_frozen,
            melds=tuple(self.melds),
            red_threes=tuple(self.red_threes),
            packets=self.packets,
            packets_taken=tuple(self.packets_taken),
            trump=self.trump,
            opened=tuple(self.opened),
            melded_this_hand=tuple(self.melded_this_hand),
            player=self.player,
            phase=self.phase,
            turn=self.turn,
            winner=self.winner,
            hand_results=self.hand_results,  # type: ignore[arg-type]
            events=tuple(self.events),
            log=self.log,
        )

    def team(self, seat: int) -> int:
        return seat % self.rules.teams

    def draw_card(self) -> Card | None:
        if not self.stock:
            return None
        card = self.stock[0]
        self.stock = self.stock[1:]
        return card


def _deal(d: _Draft, hand_number: int) -> None:
    """Deal hand ``hand_number`` (E-3): shuffle, hands, packets, upcard/trump, red 3s."""
    rules = d.rules
    n = rules.players
    deck = _rng.shuffled(DECK, _rng.stream(d.seed, 1, hand_number))
    first = (d.dealer + 1) % n
    hands: list[tuple[Card, ...]] = [()] * n
    pos = 0
    for k in range(n):
        seat = (first + k) % n
        hands[seat] = _sort(deck[pos:pos + rules.hand_size])
        pos += rules.hand_size
    packets = []
    for _ in range(rules.packets):
        packets.append(_sort(deck[pos:pos + rules.packet_size]))
        pos += rules.packet_size
    d.hand_number = hand_number
    d.hands = hands
    d.packets = tuple(packets)
    d.packets_taken = [0] * rules.teams
    d.melds = [()] * rules.teams
    d.red_threes = [()] * rules.teams
    d.opened = [False] * rules.teams
    d.melded_this_hand = [False] * n
    d.stock = tuple(deck[pos:])
    d.events.append(HandStarted(hand_number=hand_number, dealer=d.dealer, first_player=first))
    # The upcard (C-DEAL-1, C-DEAL-2, K-TRUMP-1).
    pile = [d.draw_card()]
    frozen = False
    trump: Card | None = None
    if rules.pile_freezing:
        while pile[-1] is not None and (pile[-1].is_wild or (rules.red_threes and pile[-1].is_red_three)):
            frozen = True
            nxt = d.draw_card()
            if nxt is None:  # pragma: no cover - MIN_STOCK makes this impossible
                break
            pile.append(nxt)
    if rules.trump:
        while pile[-1] is not None and pile[-1].is_joker:
            nxt = d.draw_card()
            if nxt is None:  # pragma: no cover - MIN_STOCK makes this impossible
                break
            pile.append(nxt)
        trump = pile[-1] if pile[-1] is not None and not pile[-1].is_joker else None
    turned = tuple(c for c in pile if c is not None)
    d.pile = turned
    d.pile_frozen = frozen
    d.trump = trump
    d.events.append(UpcardTurned(cards=turned, frozen=frozen, trump=trump))
    # Red 3s dealt to players (C-DEAL-3).
    if rules.red_threes:
        for k in range(n):
            seat = (first + k) % n
            while True:
                reds = [c for c in d.hands[seat] if c.is_red_three]
                if not reds:
                    break
                rest = [c for c in d.hands[seat] if not c.is_red_three]
                team = d.team(seat)
                for red in reds:
                    repl = d.draw_card()
                    d.red_threes[team] = d.red_threes[team] + (red,)
                    d.events.append(RedThreeLaid(seat=seat, card=red, source="deal", replacement=repl))
                    if repl is not None:
                        rest.append(repl)
                d.hands[seat] = _sort(rest)
    d.player = first
    d.phase = Phase.DRAW
    d.turn = Turn(first_meld=True, own_from=0)


# --------------------------------------------------------------- the context


class _Ctx:
    """What every check of the current player's turn needs, computed once."""

    __slots__ = (
        "s", "rules", "t", "seat", "team", "hand", "melds", "turn", "opened", "minimum",
        "R", "out_exempt", "discard_empty_ok", "packets_left", "black3_ok", "n_canastas",
    )

    def __init__(self, s: State) -> None:
        rules = s.rules
        self.s = s
        self.rules = rules
        self.t = tables(rules)
        seat = s.player
        if s.phase is Phase.ANSWER:
            seat = (seat + 2) % rules.players
        self.seat = seat
        self.team = team = seat % rules.teams
        self.hand = s.hands[seat]
        self.melds = s.melds[team]
        self.turn = s.turn
        self.opened = s.opened[team]
        self.minimum = self.t.minimum(s.scores[team])
        self.R = rules.canastas_to_go_out
        self.out_exempt = (
            rules.concealed_bonus is not None
            and s.turn.drew == "stock"
            and not self.opened
            and s.turn.first_meld
            and not s.turn.added_to_old
        )
        self.discard_empty_ok = not (
            rules.packet_team_melds_out and s.packets and s.packets_taken[team] > 0
        )
        self.packets_left = len(s.packets)
        # Decision: while the rest of a pile waits aside (C-PILE-5) the player's
        # hand is not complete, so black-3 melds (which bind the player to go
        # out) and asking partner are not offered until the team is down.
        self.black3_ok = rules.black_threes and rules.black_three_meld_going_out and not s.turn.aside
        self.n_canastas = canastas(self.melds)

    def pos(
        self,
        hand: tuple[Card, ...],
        melds: tuple[Meld, ...],
        *,
        opened: bool,
        laid: bool,
        count: int,
        aside: tuple[Card, ...],
        must_out: bool,
        no_out: bool,
    ) -> Pos:
        return Pos(
            self.t, hand, melds, opened=opened, laid=laid, count=count, minimum=self.minimum,
            aside=aside, forbidden=self.turn.forbidden, must_out=must_out, no_out=no_out,
            out_exempt=self.out_exempt, discard_empty_ok=self.discard_empty_ok,
            packets_left=self.packets_left, black3_ok=self.black3_ok,
        )

    def open_condition(self, melds: tuple[Meld, ...], count: int, n_hand: int) -> bool:
        """K-OPEN-1..4 / C-OPEN-2: would the team be open with these melds and count?"""
        rules = self.rules
        if rules.opening_natural_run and not natural_run_laid(melds):
            return False
        if count >= self.minimum:
            return True
        return rules.opening_one_card_exempt and n_hand <= 1


def _rid(rules: Rules, classic: str, kanasta: str) -> str:
    """The RULES ID for a check, by the option in play (meld_must_keep_two marks Part C)."""
    return classic if rules.meld_must_keep_two else kanasta


def _half_value(t: Tables, meld: Meld) -> int:
    total = 0
    value = t.value
    if meld.kind is MeldKind.RUN:
        for i, c in enumerate(meld.cards):
            total += t.nat2 if meld.is_natural_two(i) else value[c.index]
    else:
        for c in meld.cards:
            total += value[c.index]
    return total


def _empty_problem(ctx: _Ctx, n_canastas: int, opened: bool, *, by_discard: bool) -> Problem | None:
    """May the player empty the hand now (go out or pick up a packet)?"""
    rules = ctx.rules
    if ctx.turn.answer is False:
        return ("C-OUT-3", "partner answered no: you may not go out this turn")
    if n_canastas < ctx.R:
        return (
            _rid(rules, "C-OUT-1", "K-OUT-1"),
            f"the team needs {ctx.R} canasta(s) before a hand may be emptied",
        )
    if not opened and not ctx.out_exempt:
        return (_rid(rules, "C-OPEN-2", "K-OPEN-1"), "the team is not down (open) yet")
    if by_discard and not ctx.discard_empty_ok:
        return ("K-OUT-4", "your team took a packet and another is on the table: the last card must be melded")
    return None


def _after_meld(
    ctx: _Ctx,
    removed: Sequence[Card],
    index: int | None,
    meld: Meld,
    gain: int,
    *,
    black3: bool = False,
) -> Problem | None:
    """Check the position a meld move leads to: C-OUT-1, K-OUT-1, E-2."""
    hand = _remove(ctx.hand, removed)
    if hand is None:
        return ("G-TURN-1", "those cards are not all in your hand")
    melds = list(ctx.melds)
    if index is None:
        melds.append(meld)
    else:
        melds[index] = meld
    new_melds = tuple(melds)
    turn = ctx.turn
    count = turn.count_halves + gain
    opened = ctx.opened or ctx.open_condition(new_melds, count, len(hand))
    aside = turn.aside
    if opened and aside:
        hand = hand + aside
        aside = ()
    n_can = canastas(new_melds)
    if not hand:
        return _empty_problem(ctx, n_can, opened, by_discard=False)
    rules = ctx.rules
    if rules.meld_must_keep_two and len(hand) < 2 and n_can < ctx.R:
        return ("C-OUT-1", f"without {ctx.R} canasta(s) a meld must leave you at least two cards")
    pos = ctx.pos(
        hand, new_melds, opened=opened, laid=True, count=count, aside=aside,
        must_out=turn.must_go_out or turn.answer is True or black3, no_out=turn.answer is False,
    )
    if not finishable(pos):
        return ("E-2", "after this move the turn could not be finished legally")
    return None


# ------------------------------------------------------------------- checks


def explain(s: State, action: Action) -> Problem | None:
    """Why ``action`` is illegal in ``s`` as ``(RULES ID, message)``, or None if legal.

    >>> import kanasta
    >>> s = kanasta.new_game(kanasta.Rules.classic(), seed=1)
    >>> kanasta.engine.explain(s, kanasta.Draw()) is None
    True
    >>> kanasta.engine.explain(s, kanasta.Decline())[0]
    'C-OUT-5'
    """
    cached = s._legal
    if cached is not None and action in cached[1]:
        return None
    if s.phase is Phase.GAME_OVER:
        return ("G-GAME-1", "the game is over")
    if isinstance(action, AnswerPartner):
        if s.phase is not Phase.ANSWER:
            return ("C-OUT-3", "nobody has asked to go out")
        return _answer_problem(_Ctx(s), action)
    if s.phase is Phase.ANSWER:
        return ("C-OUT-3", "your partner asked to go out: answer yes or no")
    if isinstance(action, (Draw, TakePile, Decline)):
        if s.phase is not Phase.DRAW:
            return ("G-TURN-1", "you have drawn already this turn")
        if isinstance(action, Draw):
            if not s.stock:
                return ("C-OUT-5", "the stock is empty")
            return None
        if isinstance(action, TakePile):
            return _take_problem(_Ctx(s), action)
        return _decline_problem(_Ctx(s))
    if s.phase is not Phase.PLAY:
        return ("G-TURN-1", "it is the draw phase: draw from the stock or take the pile")
    ctx = _Ctx(s)
    if isinstance(action, Discard):
        return _discard_problem(ctx, action.card)
    if isinstance(action, LayMeld):
        return _new_meld_problem(ctx, action.cards)
    if isinstance(action, AddToMeld):
        return _add_problem(ctx, action.meld, action.cards)
    if isinstance(action, ExtendRun):
        return _extend_problem(ctx, action.meld, action.run)
    if isinstance(action, AskPartner):
        return _ask_problem(ctx)
    return ("G-TURN-1", f"not a move: {action!r}")


def _decline_problem(ctx: _Ctx) -> Problem | None:
    s = ctx.s
    if s.stock or ctx.rules.stock_end != "pile_play":
        return ("C-OUT-5", "you may decline the pile only when the stock is empty")
    takes = _legal_takes(ctx)
    if any(not t.cards for t in takes):
        return ("C-OUT-5", "the top card goes onto your team's meld: you must take the pile")
    return None


def _discard_problem(ctx: _Ctx, card: Card) -> Problem | None:
    if card not in ctx.hand:
        return ("G-TURN-1", f"{card} is not in your hand")
    turn = ctx.turn
    if card is turn.forbidden:
        return ("K-PILE-3", f"you took {card} as a one-card pile: you may not discard it this turn")
    if len(ctx.hand) == 1:
        return _empty_problem(ctx, ctx.n_canastas, ctx.opened, by_discard=True)
    if turn.must_go_out:
        return ("C-THREE-2", "you melded black 3s: you must go out this turn")
    if turn.answer is True:
        return ("C-OUT-3", "partner answered yes: you must go out this turn")
    if turn.laid and not ctx.opened:
        return (
            _rid(ctx.rules, "C-OPEN-2", "K-OPEN-1"),
            "you laid cards down: reach the opening minimum before you discard",
        )
    return None


def _ask_problem(ctx: _Ctx) -> Problem | None:
    rules = ctx.rules
    turn = ctx.turn
    if not rules.ask_partner:
        return ("C-OUT-3", "asking partner is not part of these rules")
    if turn.asked:
        return ("C-OUT-3", "you may ask only once per turn")
    if turn.melded:
        return ("C-OUT-3", "ask right after drawing, before melding")
    if turn.aside:
        return ("C-OUT-3", "the rest of the pile waits aside until your team is down: you cannot ask now")
    pos = ctx.pos(
        ctx.hand, ctx.melds, opened=ctx.opened, laid=turn.laid, count=turn.count_halves,
        aside=turn.aside, must_out=True, no_out=False,
    )
    if not finishable(pos):
        return ("C-OUT-3", "you cannot go out this turn with these cards")
    return None


def _answer_problem(ctx: _Ctx, action: AnswerPartner) -> Problem | None:
    if action.permit:
        return None
    turn = ctx.turn
    pos = ctx.pos(
        ctx.hand, ctx.melds, opened=ctx.opened, laid=turn.laid, count=turn.count_halves,
        aside=turn.aside, must_out=False, no_out=True,
    )
    if not finishable(pos):
        return ("E-2", "your partner could not end the turn without going out: the answer must be yes")
    return None


def _new_meld_problem(ctx: _Ctx, cards: tuple[Card, ...]) -> Problem | None:
    rules = ctx.rules
    if _remove(ctx.hand, cards) is None:
        return ("G-TURN-1", "those cards are not all in your hand")
    meld = read_meld(cards, rules, black_threes_ok=ctx.black3_ok)
    if isinstance(meld, tuple):
        return meld
    if meld.cards != cards:  # a set given in another order than LayMeld keeps
        return ("K-MELD-5", "cards are out of order")
    black3 = meld.kind is MeldKind.SET and meld.rank is not None and meld.rank.value == 3 and rules.black_threes
    if meld.kind is MeldKind.SET and rules.one_meld_per_rank:
        if any(m.kind is MeldKind.SET and m.rank is meld.rank for m in ctx.melds):
            return ("C-MELD-2", f"your team has a meld of that rank: add to it instead")
    return _after_meld(ctx, cards, None, meld, _half_value(ctx.t, meld), black3=black3)


def _add_problem(ctx: _Ctx, index: int, cards: tuple[Card, ...]) -> Problem | None:
    rules = ctx.rules
    if index >= len(ctx.melds):
        return ("G-MELD-1", f"your team has no meld @{index}")
    old = ctx.melds[index]
    if old.kind is MeldKind.RUN:
        return ("K-MELD-5", f"meld @{index} is a run: give its new low-to-high list with 'extend'")
    if not cards:
        return ("G-TURN-1", "add at least one card")
    if _remove(ctx.hand, cards) is None:
        return ("G-TURN-1", "those cards are not all in your hand")
    assert old.rank is not None
    black3 = old.rank.value == 3 and rules.black_threes
    for c in cards:
        if not c.is_wild and c.rank is not old.rank:
            return (_rid(rules, "C-MELD-2", "K-MELD-1"), f"{c} does not belong in a meld of {old.rank.symbol}s")
    new = read_set(old.cards + cards, rules, black_threes_ok=True)
    if isinstance(new, tuple):
        return new
    if black3 and not ctx.black3_ok:  # pragma: no cover - a black-3 meld exists only when allowed
        return ("C-THREE-2", "black 3s are not melded in these rules")
    gain = sum(ctx.t.value[c.index] for c in cards)
    return _after_meld(ctx, cards, index, new, gain, black3=black3)


def _extend_problem(ctx: _Ctx, index: int, run: tuple[Card, ...]) -> Problem | None:
    rules = ctx.rules
    if index >= len(ctx.melds):
        return ("G-MELD-1", f"your team has no meld @{index}")
    old = ctx.melds[index]
    if old.kind is not MeldKind.RUN:
        return ("K-MELD-5", f"meld @{index} is a set: use 'add'")
    old_wild = None if old.wild_index is None else old.cards[old.wild_index]
    new = read_run(run, rules, wild_card=old_wild)
    if isinstance(new, tuple):
        return new
    added = _remove(run, old.cards)
    if added is None or new.suit is not old.suit:
        return ("K-MELD-7", "the new list must keep every card of the run")
    if not added:
        return ("G-TURN-1", "add at least one card")
    if _remove(ctx.hand, added) is None:
        return ("G-TURN-1", "the added cards are not all in your hand")
    # Natural cards never change place; the wild keeps its place unless its
    # natural card is added, and then it goes beyond the old ends (K-MELD-7).
    for i, c in enumerate(old.cards):
        if i == old.wild_index:
            continue
        j = old.low + i - new.low
        if not 0 <= j < len(run) or run[j] is not c or j == new.wild_index:
            return ("K-MELD-7", "the run's natural cards keep their places")
    if old.wild_index is not None:
        if new.wild_index is None or run[new.wild_index] is not old_wild:
            return ("K-MELD-7", "the run's wild card stays its wild")
        old_pos = old.low + old.wild_index
        new_pos = new.low + new.wild_index
        if new_pos != old_pos:
            if not old.low <= old_pos <= old.high or old.low <= new_pos <= old.high:
                return ("K-MELD-7", "the wild moves only beyond the run's old ends")  # pragma: no cover
            j = old_pos - new.low
            if run[j].is_wild and not new.is_natural_two(j):
                return ("K-MELD-7", "the wild moves only when its natural card is added")
    gain = _half_value(ctx.t, new) - _half_value(ctx.t, old)
    return _after_meld(ctx, added, index, new, gain)


def _take_problem(ctx: _Ctx, action: TakePile) -> Problem | None:
    s = ctx.s
    rules = ctx.rules
    if not s.pile:
        return (_rid(rules, "C-PILE-1", "K-PILE-1"), "the discard pile is empty")
    top = s.pile[-1]
    if rules.black_threes and top.is_black_three:
        return ("C-THREE-3", "a black 3 on top stops the pile being taken")
    if rules.single_card_pile_block and len(ctx.hand) == 1 and len(s.pile) == 1:
        return (_rid(rules, "C-PILE-6", "K-PILE-2"), "holding one card you cannot take a one-card pile")
    if rules.pile_take == "whole":
        if action.cards or action.meld is not None:
            return ("K-PILE-1", "the whole pile goes to hand: take it with no cards")
        return _take_whole_after(ctx)
    return _take_meld_top(ctx, action.cards, action.meld)


def _take_whole_after(ctx: _Ctx) -> Problem | None:
    s = ctx.s
    rules = ctx.rules
    pile = s.pile
    gained = tuple(c for c in pile if not (rules.red_threes and c.is_red_three))
    hand = _sort(ctx.hand + gained)
    forbidden = pile[0] if (len(pile) == 1 and rules.single_card_discard_block) else None
    pos = Pos(
        ctx.t, hand, ctx.melds, opened=ctx.opened, laid=False, count=0, minimum=ctx.minimum,
        aside=(), forbidden=forbidden, must_out=False, no_out=False, out_exempt=False,
        discard_empty_ok=ctx.discard_empty_ok, packets_left=ctx.packets_left, black3_ok=ctx.black3_ok,
    )
    if not finishable(pos):
        return ("K-PILE-3", "after this take no card could be discarded")
    return None


def _take_meld_top(ctx: _Ctx, cards: tuple[Card, ...], index: int | None) -> Problem | None:
    s = ctx.s
    rules = ctx.rules
    top = s.pile[-1]
    if top.is_wild or (rules.red_threes and top.is_red_three):
        return ("C-PILE-2", f"the pile cannot be taken with {top} on top")
    rank = rank_of(top.index)
    if not ctx.t.set_rank[rank]:  # pragma: no cover - 2s, red and black 3s are caught above
        return ("C-PILE-2", f"{top} cannot be melded")
    if not ctx.opened and not rules.take_pile_before_down:
        return ("C-PILE-5", "your team must be down before taking the pile (option take_pile_before_down)")
    if _remove(ctx.hand, cards) is None:
        return ("G-TURN-1", "those cards are not all in your hand")
    frozen = rules.pile_freezing and (not ctx.opened or s.pile_frozen)
    naturals = [c for c in cards if not c.is_wild]
    if any(rank_of(c.index) != rank for c in naturals):
        return ("C-PILE-1", f"the cards that take the pile must match the top card {top}")
    same_rank = [i for i, m in enumerate(ctx.melds) if m.kind is MeldKind.SET and m.rank is not None and m.rank.value == rank]
    if len(cards) not in (0, 2):
        return ("C-PILE-4", "take the pile with a pair, a natural and a wild, or no cards onto your meld")
    if frozen and (len(naturals) != 2):
        why = "your team is not down" if not ctx.opened else "the pile is frozen"
        return ("C-PILE-3", f"{why}: the pile is taken only with a natural pair of the top card's rank")
    if cards and not naturals:
        return ("C-PILE-4", "at least one natural card must match the top card")
    if index is not None:
        if index >= len(ctx.melds) or index not in same_rank:
            return ("C-PILE-4", f"meld @{index} is not your team's meld of {top.rank.symbol if top.rank else ''}s")
    else:
        if not cards:
            return ("C-PILE-4", "name the meld the top card goes onto")
        if rules.one_meld_per_rank and same_rank:
            return ("C-MELD-2", "your team has a meld of that rank: the take joins it")
    if index is not None:
        meld = read_set(ctx.melds[index].cards + (top,) + cards, rules)
    else:
        meld = read_set((top,) + cards, rules)
    if isinstance(meld, tuple):
        return ("C-PILE-4", meld[1])
    return _after_take(ctx, cards, index, meld)


def _after_take(ctx: _Ctx, cards: tuple[Card, ...], index: int | None, meld: Meld) -> Problem | None:
    s = ctx.s
    rules = ctx.rules
    t = ctx.t
    top = s.pile[-1]
    hand = _remove(ctx.hand, cards)
    assert hand is not None
    melds = list(ctx.melds)
    if index is None:
        melds.append(meld)
    else:
        melds[index] = meld
    new_melds = tuple(melds)
    rest = tuple(c for c in s.pile[:-1] if not (rules.red_threes and c.is_red_three))
    count = t.value[top.index] + sum(t.value[c.index] for c in cards)
    opened = ctx.opened or ctx.open_condition(new_melds, count, len(hand))
    aside: tuple[Card, ...] = ()
    if opened:
        hand = _sort(hand + rest)
    else:
        aside = rest
    n_can = canastas(new_melds)
    if not hand:
        return _empty_problem(ctx, n_can, opened, by_discard=False)
    if rules.meld_must_keep_two and len(hand) < 2 and n_can < ctx.R:
        return ("C-OUT-1", f"without {ctx.R} canasta(s) the take must leave you at least two cards")
    pos = Pos(
        t, hand, new_melds, opened=opened, laid=True, count=count, minimum=ctx.minimum,
        aside=aside, forbidden=None, must_out=False, no_out=False, out_exempt=False,
        discard_empty_ok=ctx.discard_empty_ok, packets_left=ctx.packets_left, black3_ok=ctx.black3_ok,
    )
    if not finishable(pos):
        if not ctx.opened:
            return ("C-PILE-5", "with this take the opening minimum could not be reached")
        return ("E-2", "after this take the turn could not be finished legally")
    return None


# ---------------------------------------------------------------- generation


def legal_actions(s: State) -> tuple[Action, ...]:
    """Every legal move in ``s``, each once, in a fixed order (E-1, E-2).

    The order: draw, takes, decline; or ask, new melds, additions, run
    extensions, discards; or yes, no.

    >>> import kanasta
    >>> s = kanasta.new_game(kanasta.Rules.kanasta(), seed=2)
    >>> [str(a) for a in s.legal_actions()]
    ['draw', 'take']
    """
    cached = s._legal
    if cached is not None:
        return cached[0]  # type: ignore[no-any-return]
    if s.phase is Phase.GAME_OVER:
        acts: tuple[Action, ...] = ()
    elif s.phase is Phase.DRAW:
        ctx = _Ctx(s)
        takes = _legal_takes(ctx)
        out: list[Action] = []
        if s.stock:
            out.append(DRAW)
        out.extend(takes)
        if not s.stock and s.rules.stock_end == "pile_play" and not any(not t.cards for t in takes):
            out.append(DECLINE)
        acts = tuple(out)
    elif s.phase is Phase.ANSWER:
        ctx = _Ctx(s)
        acts = (YES,) if _answer_problem(ctx, NO) else (YES, NO)
    else:
        acts = _play_actions(_Ctx(s))
    object.__setattr__(s, "_legal", (acts, frozenset(acts)))
    return acts


def _legal_takes(ctx: _Ctx) -> list[TakePile]:
    s = ctx.s
    rules = ctx.rules
    if not s.pile:
        return []
    if rules.pile_take == "whole":
        cand = TakePile()
        return [cand] if _take_problem(ctx, cand) is None else []
    top = s.pile[-1]
    if top.is_wild or (rules.red_threes and top.is_red_three) or (rules.black_threes and top.is_black_three):
        return []
    rank = rank_of(top.index)
    if not ctx.t.set_rank[rank]:
        return []
    naturals = sorted({c for c in ctx.hand if rank_of(c.index) == rank and not c.is_wild}, key=_BY_INDEX)
    wilds = sorted({c for c in ctx.hand if c.is_wild}, key=_BY_INDEX)
    same_rank = [i for i, m in enumerate(ctx.melds) if m.kind is MeldKind.SET and m.rank is not None and m.rank.value == rank]
    targets: list[int | None] = list(same_rank) if rules.one_meld_per_rank and same_rank else [None] + same_rank
    combos: list[tuple[Card, ...]] = []
    for i, a in enumerate(naturals):
        for b in naturals[i:]:
            if a is b and ctx.hand.count(a) < 2:
                continue
            combos.append((a, b))
    for a in naturals:
        for w in wilds:
            combos.append((a, w))
    out: list[TakePile] = []
    for cards in combos:
        for target in targets:
            cand = TakePile(cards, target)
            if _take_problem(ctx, cand) is None:
                out.append(cand)
    for target in same_rank:
        cand = TakePile((), target)
        if _take_problem(ctx, cand) is None:
            out.append(cand)
    return out


def _play_actions(ctx: _Ctx) -> tuple[Action, ...]:
    out: list[Action] = []
    if ctx.rules.ask_partner and _ask_problem(ctx) is None:
        out.append(AskPartner())
    for cards in _new_meld_candidates(ctx):
        if _new_meld_problem(ctx, cards) is None:
            out.append(LayMeld(cards))
    for index, meld in enumerate(ctx.melds):
        if meld.kind is MeldKind.SET:
            for cards in _set_add_candidates(ctx, meld):
                if _add_problem(ctx, index, cards) is None:
                    out.append(AddToMeld(index, cards))
        else:
            for run in _run_extend_candidates(ctx, meld):
                if _extend_problem(ctx, index, run) is None:
                    out.append(ExtendRun(index, run))
    for card in sorted(set(ctx.hand), key=_BY_INDEX):
        if _discard_problem(ctx, card) is None:
            out.append(Discard(card))
    return tuple(out)


def _counts(hand: Iterable[Card]) -> dict[Card, int]:
    out: dict[Card, int] = {}
    for c in hand:
        out[c] = out.get(c, 0) + 1
    return out


def _sub_multisets(counts: list[tuple[Card, int]], low: int, high: int) -> list[tuple[Card, ...]]:
    """Every sub-multiset of ``counts`` with between ``low`` and ``high`` cards."""
    out = []
    for picks in product(*(range(n + 1) for _, n in counts)):
        size = sum(picks)
        if low <= size <= high:
            cards: list[Card] = []
            for (card, _), k in zip(counts, picks):
                cards.extend([card] * k)
            out.append(tuple(cards))
    return out


def _new_meld_candidates(ctx: _Ctx) -> list[tuple[Card, ...]]:
    rules = ctx.rules
    t = ctx.t
    counts = _counts(ctx.hand)
    wild_counts = sorted(((c, n) for c, n in counts.items() if c.is_wild), key=lambda x: x[0].index)
    wild_sets = _sub_multisets(wild_counts, 0, rules.max_wilds)
    by_rank: dict[int, list[tuple[Card, int]]] = {}
    for c, n in counts.items():
        if not c.is_wild:
            by_rank.setdefault(rank_of(c.index), []).append((c, n))
    out: list[tuple[Card, ...]] = []
    have_rank = {m.rank for m in ctx.melds if m.kind is MeldKind.SET}
    for rank in sorted(by_rank):
        nat_counts = sorted(by_rank[rank], key=lambda x: x[0].index)
        if sum(n for _, n in nat_counts) < 2:
            continue
        black3 = rank == 3 and rules.black_threes
        if black3:
            if not ctx.black3_ok:
                continue
            for nats in _sub_multisets(nat_counts, 3, 4):
                out.append(nats)
            continue
        if not t.set_rank[rank]:
            continue
        if rules.one_meld_per_rank and any(r is not None and r.value == rank for r in have_rank):
            continue
        for nats in _sub_multisets(nat_counts, 2, t.max_size):
            for wilds in wild_sets:
                if len(nats) + len(wilds) < 3 or len(nats) + len(wilds) > t.max_size:
                    continue
                if rules.wilds_within_naturals and len(wilds) > len(nats):
                    continue
                out.append(nats + wilds)
    if rules.runs:
        out.extend(_new_run_candidates(ctx, counts))
    return out


def _run_cell(suit: int, position: int) -> Card:
    rank = 1 if position == 14 else position
    return _CARDS[(rank - 1) * 4 + suit]


def _new_run_candidates(ctx: _Ctx, counts: dict[Card, int]) -> list[tuple[Card, ...]]:
    t = ctx.t
    wild_types = sorted((c for c in counts if c.is_wild), key=_BY_INDEX)
    out: list[tuple[Card, ...]] = []
    for suit in range(4):
        have = [False] * 15
        for pos in range(1, 15):
            have[pos] = _run_cell(suit, pos) in counts
        for low in range(1, 13):
            missing: list[int] = []
            for high in range(low, min(14, low + t.run_max - 1) + 1):
                if not have[high]:
                    missing.append(high)
                    if len(missing) > 1:
                        break
                if high - low + 1 < 3:
                    continue
                cells = [_run_cell(suit, p) for p in range(low, high + 1)]
                if not missing:
                    out.append(tuple(cells))
                    fill_positions = list(range(low, high + 1))
                else:
                    fill_positions = missing
                for p in fill_positions:
                    for w in wild_types:
                        if p == 2 and w.index == 4 + suit:
                            continue  # in its natural place a 2 is natural (K-MELD-6)
                        run = list(cells)
                        run[p - low] = w
                        cand = tuple(run)
                        if _fits(cand, counts):
                            out.append(cand)
    return out


def _fits(cards: Sequence[Card], counts: dict[Card, int]) -> bool:
    need = _counts(cards)
    return all(counts.get(c, 0) >= n for c, n in need.items())


def _set_add_candidates(ctx: _Ctx, meld: Meld) -> list[tuple[Card, ...]]:
    rules = ctx.rules
    assert meld.rank is not None
    counts = _counts(ctx.hand)
    nat_counts = sorted(((c, n) for c, n in counts.items() if c.rank is meld.rank and not c.is_wild), key=lambda x: x[0].index)
    black3 = meld.rank.value == 3 and rules.black_threes
    room = ctx.t.max_size - len(meld.cards)
    if room <= 0:
        return []
    if black3:
        return [c for c in _sub_multisets(nat_counts, 1, 4 - len(meld.cards))]
    wild_room = max(0, rules.max_wilds - meld.wild_count)
    wild_counts = sorted(((c, n) for c, n in counts.items() if c.is_wild), key=lambda x: x[0].index)
    out = []
    for nats in _sub_multisets(nat_counts, 0, room):
        for wilds in _sub_multisets(wild_counts, 0, min(wild_room, room - len(nats))):
            if nats or wilds:
                out.append(nats + wilds)
    return out


def _run_extend_candidates(ctx: _Ctx, meld: Meld) -> list[tuple[Card, ...]]:
    t = ctx.t
    assert meld.suit is not None
    suit = meld.suit.value
    counts = _counts(ctx.hand)
    wild_types = sorted((c for c in counts if c.is_wild), key=_BY_INDEX)
    low, high = meld.low, meld.high
    have = [False] * 15
    for pos in range(1, 15):
        have[pos] = _run_cell(suit, pos) in counts
    wpos = None if meld.wild_index is None else low + meld.wild_index
    wild_card = None if meld.wild_index is None else meld.cards[meld.wild_index]
    out: list[tuple[Card, ...]] = []
    displace = wpos is not None and have[wpos]
    for new_low in range(low, 0, -1):
        for new_high in range(high, 15):
            if new_high - new_low + 1 > t.run_max:
                break
            if new_low == low and new_high == high and not displace:
                continue
            fresh = [p for p in range(new_low, low)] + [p for p in range(high + 1, new_high + 1)]
            missing = [p for p in fresh if not have[p]]
            if len(missing) > 1:
                continue
            def build(wild_at: int | None, wild: Card | None, displaced: bool) -> None:
                cells: list[Card] = []
                for p in range(new_low, new_high + 1):
                    if p == wild_at:
                        assert wild is not None
                        cells.append(wild)
                    elif low <= p <= high and not (displaced and p == wpos):
                        cells.append(meld.cards[p - low])
                    else:
                        cells.append(_run_cell(suit, p))
                cand = tuple(cells)
                added = _remove(cand, meld.cards)
                if added and _fits(added, counts):
                    out.append(cand)

            if wpos is None:
                if not missing:
                    if fresh:
                        build(None, None, False)
                    for p in fresh:
                        for w in wild_types:
                            if p == 2 and w.index == 4 + suit:
                                continue
                            build(p, w, False)
                else:
                    for w in wild_types:
                        if missing[0] == 2 and w.index == 4 + suit:
                            continue
                        build(missing[0], w, False)
            else:
                if not missing and fresh:
                    build(wpos, wild_card, False)
                if displace:
                    for q in (missing if missing else fresh):
                        build(q, wild_card, True)
    return out


# ------------------------------------------------------------------ applying


def apply(s: State, action: Action) -> State:
    """Apply ``action`` to ``s`` and return the new state (``s`` is unchanged).

    Raises :class:`~kanasta.IllegalActionError` naming the RULES ID when the
    move is not legal.

    >>> import kanasta
    >>> s = kanasta.new_game(kanasta.Rules.classic(), seed=1)
    >>> kanasta.engine.apply(s, kanasta.Discard(s.hands[s.current_player][0]))
    Traceback (most recent call last):
    ...
    kanasta.errors.IllegalActionError: it is the draw phase: draw from the stock or take the pile [G-TURN-1]
    """
    problem = explain(s, action)
    if problem is not None:
        raise IllegalActionError(problem[0], problem[1])
    d = _Draft.of(s)
    seat = d.player
    if isinstance(action, Draw):
        _do_draw(d)
    elif isinstance(action, TakePile):
        _do_take(d, action)
    elif isinstance(action, Decline):
        _end_hand(d, "declined", None)
    elif isinstance(action, Discard):
        _do_discard(d, action.card)
    elif isinstance(action, LayMeld):
        _do_meld(d, action.cards, None)
    elif isinstance(action, AddToMeld):
        _do_meld(d, action.cards, action.meld)
    elif isinstance(action, ExtendRun):
        _do_extend(d, action)
    elif isinstance(action, AskPartner):
        d.turn = attrs.evolve(d.turn, asked=True)
        d.phase = Phase.ANSWER
        d.player = (seat + 2) % d.rules.players
    elif isinstance(action, AnswerPartner):
        d.turn = attrs.evolve(d.turn, answer=action.permit)
        d.phase = Phase.PLAY
        d.player = (seat + 2) % d.rules.players
    d.log = (d.log, Step(seat=seat, action=action, events=tuple(d.events)))
    return d.freeze()


def _do_draw(d: _Draft) -> None:
    rules = d.rules
    seat = d.player
    team = d.team(seat)
    drawn: list[Card] = []
    for _ in range(rules.draw_count):
        card = d.draw_card()
        if card is None:
            break
        while rules.red_threes and card.is_red_three:
            repl = d.draw_card()
            d.red_threes[team] = d.red_threes[team] + (card,)
            d.events.append(RedThreeLaid(seat=seat, card=card, source="stock", replacement=repl))
            if repl is None:
                # The last stock card was a red 3: the hand ends at once (C-OUT-5, C2-2).
                if drawn:
                    d.hands[seat] = _sort(d.hands[seat] + tuple(drawn))
                    d.events.append(CardsDrawn(seat=seat, cards=tuple(drawn)))
                d.events.append(StockExhausted(seat=seat))
                _end_hand(d, "red_three", None)
                return
            card = repl
        drawn.append(card)
    d.hands[seat] = _sort(d.hands[seat] + tuple(drawn))
    d.events.append(CardsDrawn(seat=seat, cards=tuple(drawn)))
    last = not d.stock
    if last:
        d.events.append(StockExhausted(seat=seat))
    d.phase = Phase.PLAY
    d.turn = Turn(
        drew="stock",
        first_meld=not d.melded_this_hand[seat],
        own_from=len(d.melds[team]),
        last_stock=last,
    )


def _do_take(d: _Draft, action: TakePile) -> None:
    rules = d.rules
    t = tables(rules)
    seat = d.player
    team = d.team(seat)
    pile = d.pile
    aside = rules.pile_take == "meld_top" and not d.opened[team]
    d.events.append(PileTaken(seat=seat, cards=pile, aside=aside))
    turn = Turn(drew="pile", first_meld=not d.melded_this_hand[seat], own_from=len(d.melds[team]))
    d.pile = ()
    d.pile_frozen = False
    if rules.pile_take == "whole":
        gained = []
        for c in pile:
            if rules.red_threes and c.is_red_three:
                d.red_threes[team] = d.red_threes[team] + (c,)
                d.events.append(RedThreeLaid(seat=seat, card=c, source="pile", replacement=None))
            else:
                gained.append(c)
        d.hands[seat] = _sort(d.hands[seat] + tuple(gained))
        forbidden = pile[0] if (len(pile) == 1 and rules.single_card_discard_block) else None
        d.turn = attrs.evolve(turn, forbidden=forbidden)
        d.phase = Phase.PLAY
        return
    top = pile[-1]
    hand = _remove(d.hands[seat], action.cards)
    assert hand is not None
    melds = list(d.melds[team])
    if action.meld is None:
        new = read_set((top,) + action.cards, rules)
        assert isinstance(new, Meld)
        melds.append(new)
    else:
        new = read_set(melds[action.meld].cards + (top,) + action.cards, rules)
        assert isinstance(new, Meld)
        melds[action.meld] = new
        if action.meld < turn.own_from:
            turn = attrs.evolve(turn, added_to_old=True)
    d.melds[team] = tuple(melds)
    d.melded_this_hand[seat] = True
    rest = []
    for c in pile[:-1]:
        if rules.red_threes and c.is_red_three:
            d.red_threes[team] = d.red_threes[team] + (c,)
            d.events.append(RedThreeLaid(seat=seat, card=c, source="pile", replacement=None))
        else:
            rest.append(c)
    count = t.value[top.index] + sum(t.value[c.index] for c in action.cards)
    turn = attrs.evolve(turn, laid=True, count_halves=count)
    d.hands[seat] = hand
    if d.opened[team]:
        d.hands[seat] = _sort(hand + tuple(rest))
    else:
        turn = attrs.evolve(turn, aside=tuple(rest))
    d.turn = turn
    d.phase = Phase.PLAY
    _after_laying(d)


def _do_meld(d: _Draft, cards: tuple[Card, ...], index: int | None) -> None:
    rules = d.rules
    t = tables(rules)
    seat = d.player
    team = d.team(seat)
    melds = list(d.melds[team])
    turn = d.turn
    if index is None:
        new = read_meld(cards, rules, black_threes_ok=True)
        assert isinstance(new, Meld)
        melds.append(new)
        gain = _half_value(t, new)
    else:
        new = read_set(melds[index].cards + cards, rules, black_threes_ok=True)
        assert isinstance(new, Meld)
        melds[index] = new
        gain = sum(t.value[c.index] for c in cards)
        if index < turn.own_from:
            turn = attrs.evolve(turn, added_to_old=True)
    black3 = new.kind is MeldKind.SET and new.rank is not None and new.rank.value == 3 and rules.black_threes
    hand = _remove(d.hands[seat], cards)
    assert hand is not None
    d.hands[seat] = hand
    d.melds[team] = tuple(melds)
    d.melded_this_hand[seat] = True
    d.turn = attrs.evolve(
        turn, laid=True, melded=True, count_halves=turn.count_halves + gain,
        must_go_out=turn.must_go_out or black3,
    )
    _after_laying(d)


def _do_extend(d: _Draft, action: ExtendRun) -> None:
    rules = d.rules
    t = tables(rules)
    seat = d.player
    team = d.team(seat)
    melds = list(d.melds[team])
    old = melds[action.meld]
    old_wild = None if old.wild_index is None else old.cards[old.wild_index]
    new = read_run(action.run, rules, wild_card=old_wild)
    assert isinstance(new, Meld)
    added = _remove(action.run, old.cards)
    assert added is not None
    melds[action.meld] = new
    turn = d.turn
    if action.meld < turn.own_from:
        turn = attrs.evolve(turn, added_to_old=True)
    hand = _remove(d.hands[seat], added)
    assert hand is not None
    d.hands[seat] = hand
    d.melds[team] = tuple(melds)
    d.melded_this_hand[seat] = True
    gain = _half_value(t, new) - _half_value(t, old)
    d.turn = attrs.evolve(turn, laid=True, melded=True, count_halves=turn.count_halves + gain)
    _after_laying(d)


def _after_laying(d: _Draft) -> None:
    """After a meld or take: opening, the pile aside joining, emptying the hand."""
    rules = d.rules
    t = tables(rules)
    seat = d.player
    team = d.team(seat)
    turn = d.turn
    if not d.opened[team]:
        melds = d.melds[team]
        minimum = t.minimum(d.scores[team])
        run_ok = not rules.opening_natural_run or natural_run_laid(melds)
        n = len(d.hands[seat])
        if run_ok and (turn.count_halves >= minimum or (rules.opening_one_card_exempt and n <= 1)):
            d.opened[team] = True
            d.events.append(TeamOpened(team=team, seat=seat))
            if turn.aside:
                d.hands[seat] = _sort(d.hands[seat] + turn.aside)
                d.events.append(PileJoined(seat=seat, cards=turn.aside))
                d.turn = turn = attrs.evolve(turn, aside=())
    if not d.hands[seat]:
        _emptied(d, by_discard=False)


def _emptied(d: _Draft, *, by_discard: bool) -> None:
    """The player emptied the hand: pick up a packet (K-OUT-2) or go out."""
    seat = d.player
    team = d.team(seat)
    if d.packets:
        packet = d.packets[0]
        d.packets = d.packets[1:]
        d.packets_taken[team] += 1
        d.hands[seat] = packet
        number = d.rules.packets - len(d.packets)
        d.events.append(PacketTaken(seat=seat, packet=number, cards=packet))
        if by_discard:
            _end_turn(d)
        return
    turn = d.turn
    concealed = False
    rules = d.rules
    if rules.concealed_bonus is not None and turn.first_meld and not turn.added_to_old:
        own = d.melds[team][turn.own_from:]
        concealed = canastas(own) >= rules.canastas_to_go_out
    if not d.opened[team]:
        d.opened[team] = True
        d.events.append(TeamOpened(team=team, seat=seat))
    d.events.append(WentOut(seat=seat, concealed=concealed))
    _end_hand(d, "going_out", seat, concealed=concealed)


def _do_discard(d: _Draft, card: Card) -> None:
    rules = d.rules
    seat = d.player
    hand = _remove(d.hands[seat], (card,))
    assert hand is not None
    d.hands[seat] = hand
    d.pile = d.pile + (card,)
    if rules.pile_freezing and (card.is_wild or (rules.red_threes and card.is_red_three)):
        d.pile_frozen = True
    if not hand:
        _emptied(d, by_discard=True)
        return
    _end_turn(d)


def _end_turn(d: _Draft) -> None:
    rules = d.rules
    if d.turn.last_stock and rules.stock_end == "end_of_turn":
        _end_hand(d, "stock", None)
        return
    seat = (d.player + 1) % rules.players
    team = d.team(seat)
    d.player = seat
    d.phase = Phase.DRAW
    d.turn = Turn(first_meld=not d.melded_this_hand[seat], own_from=len(d.melds[team]))
    if not d.stock and rules.stock_end == "pile_play":
        probe = d.freeze()
        if not _legal_takes(_Ctx(probe)):
            _end_hand(d, "no_take", None)


def _end_hand(
    d: _Draft,
    ended_by: str,
    went_out: int | None,
    *,
    concealed: bool = False,
) -> None:
    """Score the hand (E-3), then end the game (G-GAME-1) or deal the next hand."""
    rules = d.rules
    result = score_hand(
        rules,
        hand_number=d.hand_number,
        dealer=d.dealer,
        ended_by=ended_by,  # type: ignore[arg-type]
        went_out=went_out,
        concealed=concealed,
        melds=tuple(d.melds),
        hands=tuple(d.hands),
        red_threes=tuple(d.red_threes),
        packets_taken=tuple(d.packets_taken),
        trump=d.trump,
        scores_before=d.scores,
    )
    d.scores = result.scores
    d.hand_results = d.hand_results + (result,)
    d.events.append(HandEnded(result=result))
    best = max(d.scores)
    if best >= rules.target_score and d.scores.count(best) == 1:
        d.winner = d.scores.index(best)
        d.phase = Phase.GAME_OVER
        d.events.append(GameEnded(winner=d.winner, scores=d.scores))
        return
    d.dealer = (d.dealer + 1) % rules.players
    _deal(d, d.hand_number + 1)

