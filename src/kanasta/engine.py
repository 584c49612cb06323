"""The rules engine: dealing, legal moves, applying moves, chores (pure functions on positions).

:func:`legal_actions`, :func:`explain` and :func:`perform` are what
:meth:`State.legal_actions`, :meth:`State.explain` and :meth:`State.apply`
call; :func:`start` deals a new game.  The engine works on
:class:`~kanasta.position.Position` values and makes new ones of the same
class, so it never imports the :class:`~kanasta.State` facade above it.
Every check reads an option of :class:`~kanasta.Rules`; none asks which game
is played.  A move is offered only when it is legal by the rules and the turn
can still be finished after it (RULES E-1, E-2; see ``kanasta.legality``).

>>> import kanasta
>>> state = kanasta.new_game(kanasta.Rules.classic(), seed=11)
>>> state = state.apply(kanasta.Draw())
>>> all(state.is_legal(a) for a in state.legal_actions())
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, Generic, TypeVar

import attrs

from kanasta import _rng
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
    own_move,
)
from kanasta.cards import DECK, Card
from kanasta.errors import ActionError, ConfigError, IllegalActionError
from kanasta.legality.checks import answer_problem, explain, explain_own, legal_takes
from kanasta.legality.context import Ctx, remove_cards, sort_cards
from kanasta.legality.moves import play_actions
from kanasta.legality.tables import canastas, meld_value, natural_run_laid, tables_for
from kanasta.melds import Meld, MeldKind, read_meld, read_run, read_set
from kanasta.position import (
    FIELDS,
    INIT,
    CardsDrawn,
    Event,
    GameEnded,
    HandEnd,
    HandEnded,
    HandResult,
    HandStarted,
    LogNode,
    PacketTaken,
    Phase,
    PileJoined,
    PileTaken,
    Position,
    RedThreeLaid,
    Step,
    StockExhausted,
    TeamOpened,
    Turn,
    UpcardTurned,
    WentOut,
)
from kanasta.rulebook import freezes_pile, is_black_three_set, is_bonus_three, team_opens
from kanasta.rules import Rules
from kanasta.scoring import game_winner, score_hand

__all__ = ["apply", "check_start", "explain", "explain_own", "legal_actions", "perform", "start"]

P = TypeVar("P", bound=Position)
"""The class of the positions the engine is given, and makes (:class:`~kanasta.State`)."""


# ------------------------------------------------------------------ a new game


def start(make: type[P], rules: Rules, seed: int) -> P:
    """The first position of a game (what :func:`kanasta.new_game` returns), made with ``make``.

    Draws the first dealer from ``seed`` and deals the first hand (RULES
    G-RNG-1, G-DEAL-1); ``seed`` is an int from 0 to 2**64 - 1.

    >>> import kanasta
    >>> from kanasta.position import Position
    >>> type(start(Position, kanasta.Rules.classic(), 3)).__name__
    'Position'
    """
    check_start(rules, seed)
    dealer = _rng.stream(seed, 0).below(rules.players)
    draft = _Draft(make)
    draft.rules = rules
    draft.seed = seed
    draft.dealer = dealer
    draft.scores = (0,) * rules.teams
    draft.hand_results = ()
    draft.hand_moves = 0
    draft.turn = Turn()
    _deal(draft, 1)
    draft.start_events = tuple(draft.events)
    return draft.freeze()


def check_start(rules: object, seed: object) -> None:
    """Raise :class:`~kanasta.ConfigError` unless ``rules`` is a :class:`~kanasta.Rules` and ``seed`` a 64-bit seed.

    What :func:`start` checks first (and the native engine's new game too).

    >>> check_start(Rules.classic(), 2**64)
    Traceback (most recent call last):
    ...
    kanasta.errors.ConfigError: seed: must be an int from 0 to 2**64 - 1, not an int of 65 bits
    """
    if not isinstance(rules, Rules):
        raise ConfigError("rules", f"must be a kanasta.Rules, not {type(rules).__name__}")
    if type(seed) is not int or not 0 <= seed < _rng.SEED_LIMIT:
        raise ConfigError("seed", f"must be an int from 0 to 2**64 - 1, not {_shown(seed)}")


def _shown(value: object) -> str:
    """A bad value for a message: short even for an int Python would refuse to print (over 4,300 digits)."""
    if type(value) is int and not -10**12 < value < 10**12:
        return f"an int of {value.bit_length()} bits"
    text = repr(value) if type(value) in (int, bool, float, str) or value is None else f"a {type(value).__name__}"
    return text if len(text) <= 40 else text[:40] + "..."


_LISTS: Final = ("hands", "melds", "red_threes", "packets_taken", "opened", "melded_this_hand")
"""The per-seat and per-team fields a draft holds as lists."""


def _write_copiers() -> tuple[Callable[[Any, Any], None], Callable[[Any], Any]]:
    """The draft's two hot functions, written out from :data:`~kanasta.position.INIT` (as attrs writes ``__init__``).

    ``load(draft, position)`` copies the position's fields into the draft (the
    lists as new lists, no events yet); ``save(draft)`` makes the new position
    with one positional call.  ``apply`` runs both on every move: a loop over
    the field names costs several microseconds more than these straight lines.
    """
    load = ["def load(d, s):"]
    args = []
    for name, attribute in INIT:
        if name == "events":
            load.append("    d.events = []")
            args.append("tuple(d.events)")
        elif name in _LISTS:
            load.append(f"    d.{name} = list(s.{attribute})")
            args.append(f"tuple(d.{name})")
        else:
            load.append(f"    d.{name} = s.{attribute}")
            args.append(f"d.{name}")
    source = "\n".join(load) + "\n\ndef save(d):\n    return d.make(" + ", ".join(args) + ")\n"
    namespace: dict[str, Any] = {}
    exec(compile(source, "<kanasta.engine draft copiers>", "exec"), namespace)
    return namespace["load"], namespace["save"]


_LOAD, _SAVE = _write_copiers()


class _Draft(Generic[P]):
    """A mutable copy of a position's fields (:data:`~kanasta.position.FIELDS`) while a move is applied.

    The per-seat and per-team tuples are lists here; :meth:`freeze` makes the
    new position, of the class ``make``.
    """

    __slots__ = (*FIELDS, "make")

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
    hand_results: tuple[HandResult, ...]
    events: list[Event]
    log: LogNode | None
    start_events: tuple[Event, ...]
    hand_moves: int
    make: type[P]

    def __init__(self, make: type[P]) -> None:
        """A blank draft (every field None, the lists empty) that will make a ``make``."""
        for name in FIELDS:
            setattr(self, name, [] if name in _LISTS or name == "events" else None)
        self.make = make

    @classmethod
    def of(cls, s: P) -> _Draft[P]:
        """A draft of ``s``'s fields: references to the same tuples, not copies."""
        d = cls.__new__(cls)
        d.make = type(s)
        _LOAD(d, s)
        return d

    def freeze(self) -> P:
        """The new position."""
        made: P = _SAVE(self)
        return made

    def team(self, seat: int) -> int:
        return seat % self.rules.teams

    def draw_card(self) -> Card | None:
        if not self.stock:
            return None
        card = self.stock[0]
        self.stock = self.stock[1:]
        return card


_TURN_FIELDS = tuple(f.name for f in attrs.fields(Turn))


def _with(turn: Turn, **changes: object) -> Turn:
    """``turn`` with some fields changed (a cheaper attrs.evolve: Turn has no validators)."""
    new = object.__new__(Turn)
    for name in _TURN_FIELDS:
        object.__setattr__(new, name, changes[name] if name in changes else getattr(turn, name))
    return new


def _deal(d: _Draft[Any], hand_number: int) -> None:
    """Deal hand ``hand_number`` (E-3): shuffle, hands, packets, upcard/trump, red 3s."""
    rules = d.rules
    n = rules.players
    deck = _rng.shuffled(DECK, _rng.stream(d.seed, 1, hand_number))
    first = (d.dealer + 1) % n
    hands: list[tuple[Card, ...]] = [()] * n
    pos = 0
    for k in range(n):
        seat = (first + k) % n
        hands[seat] = sort_cards(deck[pos:pos + rules.hand_size])
        pos += rules.hand_size
    packets = []
    for _ in range(rules.packets):
        packets.append(sort_cards(deck[pos:pos + rules.packet_size]))
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
        while pile[-1] is not None and freezes_pile(rules, pile[-1]):
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
                d.hands[seat] = sort_cards(rest)
    d.player = first
    d.phase = Phase.DRAW
    d.turn = Turn(first_meld=True, own_from=0)


# ---------------------------------------------------------------- generation


def legal_actions(s: Position) -> tuple[Action, ...]:
    """Every legal move in ``s``, each once, in a fixed order (E-1, E-2).

    The order: in the draw phase draw, takes, decline; in the play phase
    ask, new sets, new runs, then for each of the team's melds in index order
    its additions (sets) or extensions (runs), then discards; in the answer
    phase yes, no.  Computed afresh on each call: :meth:`kanasta.State.legal_actions`
    keeps the list.

    >>> import kanasta
    >>> s = kanasta.new_game(kanasta.Rules.kanasta(), seed=2)
    >>> [str(a) for a in kanasta.engine.legal_actions(s)]
    ['draw', 'take']
    """
    if s.phase is Phase.GAME_OVER:
        return ()
    if s.phase is Phase.DRAW:
        ctx = Ctx(s)
        takes = legal_takes(ctx)
        out: list[Action] = []
        if s.stock:
            out.append(DRAW)
        out.extend(takes)
        if not s.stock and s.rules.stock_end == "pile_play" and not any(not t.cards for t in takes):
            out.append(DECLINE)
        return tuple(out)
    if s.phase is Phase.ANSWER:
        ctx = Ctx(s)
        return (YES,) if answer_problem(ctx, NO) else (YES, NO)
    return play_actions(Ctx(s))


# ------------------------------------------------------------------ applying


def apply(s: P, action: Action) -> P:
    """Apply ``action`` to ``s`` and return the new position (``s`` is unchanged).

    Raises :class:`~kanasta.IllegalActionError` naming the RULES ID when the
    move is not legal (:func:`explain`), then :func:`perform` makes it.

    >>> import kanasta
    >>> s = kanasta.new_game(kanasta.Rules.classic(), seed=1)
    >>> kanasta.engine.apply(s, kanasta.Discard(s.hands[s.current_player][0]))
    Traceback (most recent call last):
    ...
    kanasta.errors.IllegalActionError: it is the draw phase: draw from the stock or take the pile [G-TURN-1]
    """
    try:
        action = own_move(action)  # (the history keeps the move: nothing can change it)
    except ActionError as err:
        raise IllegalActionError("E-5", str(err)) from None
    problem = explain_own(s, action)
    if problem is not None:
        raise IllegalActionError(problem[0], problem[1])
    return perform(s, action)


def perform(s: P, action: Action) -> P:
    """Make the legal move ``action`` in ``s``: the new position, with the chores that follow.

    The caller has checked ``action`` (:func:`explain`, or a listed move).

    >>> import kanasta
    >>> s = kanasta.new_game(kanasta.Rules.classic(), seed=1)
    >>> perform(s, kanasta.Draw()).phase
    <Phase.PLAY: 'play'>
    """
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
        d.turn = _with(d.turn, asked=True)
        d.phase = Phase.ANSWER
        d.player = (seat + 2) % d.rules.players
    elif isinstance(action, AnswerPartner):
        d.turn = _with(d.turn, answer=action.permit)
        d.phase = Phase.PLAY
        d.player = (seat + 2) % d.rules.players
    if d.rules.hand_move_limit is not None:
        _count_move(d, d.rules.hand_move_limit)
    d.log = LogNode(d.log, Step(seat=seat, action=action, events=tuple(d.events)))
    return d.freeze()


def _count_move(d: _Draft[Any], limit: int) -> None:
    """Count the move made toward ``Rules.hand_move_limit``; end the hand at the end of the turn that reaches it."""
    if any(isinstance(e, HandEnded) for e in d.events):
        d.hand_moves = 0  # the hand ended by this move (and the next one was dealt, or the game is over)
        return
    d.hand_moves += 1
    if d.hand_moves >= limit and d.phase is Phase.DRAW:  # a turn just ended
        d.hand_moves = 0
        _end_hand(d, "move_limit", None)


def _do_draw(d: _Draft[Any]) -> None:
    rules = d.rules
    seat = d.player
    team = d.team(seat)
    drawn: list[Card] = []
    for _ in range(rules.draw_count):
        card = d.draw_card()
        if card is None:
            break
        while is_bonus_three(rules, card):
            repl = d.draw_card()
            d.red_threes[team] = d.red_threes[team] + (card,)
            d.events.append(RedThreeLaid(seat=seat, card=card, source="stock", replacement=repl))
            if repl is None:
                # The last stock card was a red 3: the hand ends at once (C-OUT-5, C2-2).
                if drawn:
                    d.hands[seat] = sort_cards(d.hands[seat] + tuple(drawn))
                    d.events.append(CardsDrawn(seat=seat, cards=tuple(drawn)))
                d.events.append(StockExhausted(seat=seat))
                _end_hand(d, "red_three", None)
                return
            card = repl
        drawn.append(card)
    d.hands[seat] = sort_cards(d.hands[seat] + tuple(drawn))
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


def _do_take(d: _Draft[Any], action: TakePile) -> None:
    rules = d.rules
    t = tables_for(rules)
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
            if is_bonus_three(rules, c):
                d.red_threes[team] = d.red_threes[team] + (c,)
                d.events.append(RedThreeLaid(seat=seat, card=c, source="pile", replacement=None))
            else:
                gained.append(c)
        d.hands[seat] = sort_cards(d.hands[seat] + tuple(gained))
        forbidden = pile[0] if (len(pile) == 1 and rules.single_card_discard_block) else None
        d.turn = _with(turn, forbidden=forbidden)
        d.phase = Phase.PLAY
        return
    top = pile[-1]
    hand = remove_cards(d.hands[seat], action.cards)
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
            turn = _with(turn, added_to_old=True)
    d.melds[team] = tuple(melds)
    d.melded_this_hand[seat] = True
    rest = []
    for c in pile[:-1]:
        if is_bonus_three(rules, c):
            d.red_threes[team] = d.red_threes[team] + (c,)
            d.events.append(RedThreeLaid(seat=seat, card=c, source="pile", replacement=None))
        else:
            rest.append(c)
    count = t.value[top.index] + sum(t.value[c.index] for c in action.cards)
    turn = _with(turn, laid=True, count_halves=count)
    d.hands[seat] = hand
    if d.opened[team]:
        d.hands[seat] = sort_cards(hand + tuple(rest))
    else:
        turn = _with(turn, aside=tuple(rest))
    d.turn = turn
    d.phase = Phase.PLAY
    _after_laying(d)


def _do_meld(d: _Draft[Any], cards: tuple[Card, ...], index: int | None) -> None:
    rules = d.rules
    t = tables_for(rules)
    seat = d.player
    team = d.team(seat)
    melds = list(d.melds[team])
    turn = d.turn
    if index is None:
        new = read_meld(cards, rules, black_threes_ok=True)
        assert isinstance(new, Meld)
        melds.append(new)
        gain = meld_value(t, new)
    else:
        new = read_set(melds[index].cards + cards, rules, black_threes_ok=True)
        assert isinstance(new, Meld)
        melds[index] = new
        gain = sum(t.value[c.index] for c in cards)
        if index < turn.own_from:
            turn = _with(turn, added_to_old=True)
    black3 = new.kind is MeldKind.SET and new.rank is not None and is_black_three_set(rules, new.rank.value)
    hand = remove_cards(d.hands[seat], cards)
    assert hand is not None
    d.hands[seat] = hand
    d.melds[team] = tuple(melds)
    d.melded_this_hand[seat] = True
    d.turn = attrs.evolve(
        turn, laid=True, melded=True, count_halves=turn.count_halves + gain,
        must_go_out=turn.must_go_out or black3,
    )
    _after_laying(d)


def _do_extend(d: _Draft[Any], action: ExtendRun) -> None:
    rules = d.rules
    t = tables_for(rules)
    seat = d.player
    team = d.team(seat)
    melds = list(d.melds[team])
    old = melds[action.meld]
    old_wild = None if old.wild_index is None else old.cards[old.wild_index]
    new = read_run(action.run, rules, wild_card=old_wild)
    assert isinstance(new, Meld)
    added = remove_cards(action.run, old.cards)
    assert added is not None
    melds[action.meld] = new
    turn = d.turn
    if action.meld < turn.own_from:
        turn = _with(turn, added_to_old=True)
    hand = remove_cards(d.hands[seat], added)
    assert hand is not None
    d.hands[seat] = hand
    d.melds[team] = tuple(melds)
    d.melded_this_hand[seat] = True
    gain = meld_value(t, new) - meld_value(t, old)
    d.turn = _with(turn, laid=True, melded=True, count_halves=turn.count_halves + gain)
    _after_laying(d)


def _after_laying(d: _Draft[Any]) -> None:
    """After a meld or take: opening, the pile aside joining, emptying the hand."""
    rules = d.rules
    t = tables_for(rules)
    seat = d.player
    team = d.team(seat)
    turn = d.turn
    if not d.opened[team] and team_opens(
        rules, minimum=t.minimum(d.scores[team]), count=turn.count_halves,
        natural_run=natural_run_laid(d.melds[team]), cards_left=len(d.hands[seat]),
    ):
        d.opened[team] = True
        d.events.append(TeamOpened(team=team, seat=seat))
        if turn.aside:
            d.hands[seat] = sort_cards(d.hands[seat] + turn.aside)
            d.events.append(PileJoined(seat=seat, cards=turn.aside))
            d.turn = turn = _with(turn, aside=())
    if not d.hands[seat]:
        _emptied(d, by_discard=False)


def _emptied(d: _Draft[Any], *, by_discard: bool) -> None:
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


def _do_discard(d: _Draft[Any], card: Card) -> None:
    rules = d.rules
    seat = d.player
    hand = remove_cards(d.hands[seat], (card,))
    assert hand is not None
    d.hands[seat] = hand
    d.pile = d.pile + (card,)
    if freezes_pile(rules, card):
        d.pile_frozen = True
    if not hand:
        _emptied(d, by_discard=True)
        return
    _end_turn(d)


def _end_turn(d: _Draft[Any]) -> None:
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
        if not legal_takes(Ctx(probe)):
            _end_hand(d, "no_take", None)


def _end_hand(
    d: _Draft[Any],
    ended_by: HandEnd,
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
        ended_by=ended_by,
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
    winner = game_winner(rules, d.scores)
    if winner is not None:
        d.winner = winner
        d.phase = Phase.GAME_OVER
        d.events.append(GameEnded(winner=d.winner, scores=d.scores))
        return
    d.dealer = (d.dealer + 1) % rules.players
    _deal(d, d.hand_number + 1)

