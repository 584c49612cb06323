"""Checking one move against the rules — internal (see :mod:`kanasta.engine`).

:func:`explain` validates any action a caller hands in, step by step, and names
the RULES ID of the first rule it breaks; it is written independently of the
fast move generator in :mod:`kanasta.legality.moves`, and the test suite checks that
the two agree (RULES E-1).  The per-turn :class:`~kanasta.legality.context.Ctx`
gathers what every check needs once per question.  The generator asks this
module two things once per listing: whether asking partner is legal
(:func:`ask_problem`) and which cards may be discarded (:func:`legal_discards`).
"""

from __future__ import annotations

from collections.abc import Sequence

from kanasta.actions import (
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
from kanasta.cards import Card
from kanasta.errors import ActionError
from kanasta.legality.context import BY_INDEX, Ctx, remove_cards, sort_cards
from kanasta.legality.finish import finishable
from kanasta.legality.tables import Shape, meld_value, natural_runs, rank_of, shape_canastas, shape_of
from kanasta.melds import Meld, MeldKind, read_meld, read_run, read_set
from kanasta.position import Phase, Position
from kanasta.rulebook import (
    Concept,
    Problem,
    frozen_for,
    is_black_three_set,
    is_bonus_three,
    rule_id,
    team_opens,
    unmeldable_top,
)


def _opens(ctx: Ctx, shapes: tuple[Shape, ...], count: int, cards_left: int) -> bool:
    """K-OPEN-1..4 / C-OPEN-2: would the team be down with these melds and this count?"""
    return team_opens(
        ctx.rules, minimum=ctx.minimum, count=count, natural_run=natural_runs(shapes) > 0, cards_left=cards_left
    )


def after_meld(
    ctx: Ctx,
    removed: Sequence[Card],
    index: int | None,
    meld: Meld,
    gain: int,
    *,
    black3: bool = False,
) -> Problem | None:
    """Check the position a meld move leads to: C-OUT-1, K-OUT-1, E-2."""
    hand = remove_cards(ctx.hand, removed)
    if hand is None:
        return ("G-TURN-1", "those cards are not all in your hand")
    shapes = list(ctx.shapes)
    if index is None:
        shapes.append(shape_of(meld))
    else:
        shapes[index] = shape_of(meld)
    new_shapes = tuple(shapes)
    turn = ctx.turn
    count = turn.count_halves + gain
    opened = ctx.opened or _opens(ctx, new_shapes, count, len(hand))
    aside = turn.aside
    if opened and aside:
        hand = hand + aside
        aside = ()
    n_can = shape_canastas(new_shapes)
    if not hand:
        return ctx.empty_problem(n_can, opened, by_discard=False)
    pos = ctx.pos(
        hand, new_shapes, opened=opened, laid=True, count=count, aside=aside,
        must_out=turn.must_go_out or turn.answer is True or black3, no_out=turn.answer is False,
    )
    if not finishable(pos):
        return dead_end(ctx, "move", len(hand), n_can)
    return None


def dead_end(ctx: Ctx, what: str, cards_left: int, n_canastas: int) -> Problem:
    """E-2's refusal of a meld or take after which the turn could not be finished.

    With one card left and the team short of canastas, the card could only be
    melded to go out (C-OUT-1, K-OUT-1: the hand is emptied only with the
    canastas), so the message says that.
    """
    message = f"after this {what} the turn could not be finished legally"
    if cards_left == 1 and n_canastas < ctx.rules.canastas_to_go_out:
        rid = rule_id(ctx.rules, Concept.EMPTY_NEEDS_CANASTAS)
        message += (
            f": the one card left could not be melded to go out, and without {ctx.rules.canastas_to_go_out} canasta(s)"
            f" it may not be discarded ({rid})"
        )
    return ("E-2", message)


# ------------------------------------------------------------------- checks


def explain(s: Position, action: Action) -> Problem | None:
    """Why ``action`` is illegal in ``s`` as ``(RULES ID, message)``, or None if legal.

    >>> import kanasta
    >>> s = kanasta.new_game(kanasta.Rules.classic(), seed=1)
    >>> kanasta.engine.explain(s, kanasta.Draw()) is None
    True
    >>> kanasta.engine.explain(s, kanasta.Decline())[0]
    'C-OUT-5'
    """
    try:
        action = own_move(action)
    except ActionError as err:
        return ("E-5", str(err))
    return explain_own(s, action)


def explain_own(s: Position, action: Action) -> Problem | None:
    """:func:`explain` for an action made by its constructor (``kanasta.actions.own_move``)."""
    if s.phase is Phase.GAME_OVER:
        return ("G-GAME-1", "the game is over")
    if isinstance(action, AnswerPartner):
        if s.phase is not Phase.ANSWER:
            return ("C-OUT-3", "nobody has asked to go out")
        return answer_problem(Ctx(s), action)
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
            return take_problem(Ctx(s), action)
        return decline_problem(Ctx(s))
    if s.phase is not Phase.PLAY:
        return ("G-TURN-1", "it is the draw phase: draw from the stock or take the pile")
    ctx = Ctx(s)
    if isinstance(action, Discard):
        return discard_problem(ctx, action.card)
    if isinstance(action, LayMeld):
        return new_meld_problem(ctx, action.cards)
    if isinstance(action, AddToMeld):
        return add_problem(ctx, action.meld, action.cards)
    if isinstance(action, ExtendRun):
        return extend_problem(ctx, action.meld, action.run)
    if isinstance(action, AskPartner):
        return ask_problem(ctx)
    return ("G-TURN-1", f"not a move: {action!r}")  # pragma: no cover - every action type is handled above


def decline_problem(ctx: Ctx) -> Problem | None:
    s = ctx.position
    if s.stock or ctx.rules.stock_end != "pile_play":
        return ("C-OUT-5", "you may decline the pile only when the stock is empty")
    takes = legal_takes(ctx)
    if any(not t.cards for t in takes):
        return ("C-OUT-5", "the top card goes onto your team's meld: you must take the pile")
    return None


def discard_problem(ctx: Ctx, card: Card) -> Problem | None:
    if card not in ctx.hand:
        return ("G-TURN-1", f"{card} is not in your hand")
    turn = ctx.turn
    if card is turn.forbidden:
        return ("K-PILE-3", f"you took {card} as a one-card pile: you may not discard it this turn")
    if len(ctx.hand) == 1:
        return ctx.empty_problem(ctx.n_canastas, ctx.opened, by_discard=True)
    if turn.must_go_out:
        return ("C-THREE-2", "you melded black 3s: you must go out this turn")
    if turn.answer is True:
        return ("C-OUT-3", "partner answered yes: you must go out this turn")
    if turn.laid and not ctx.opened:
        return (
            rule_id(ctx.rules, Concept.NOT_OPEN),
            "you laid cards down: reach the opening minimum before you discard",
        )
    return None


def legal_discards(ctx: Ctx) -> list[Card]:
    """The cards of the hand that may be discarded now, each once, in index order (:func:`discard_problem`).

    >>> import kanasta
    >>> state = kanasta.new_game(kanasta.Rules.classic(), seed=1).apply(kanasta.Draw())
    >>> hand = state.hands[state.player]
    >>> legal_discards(Ctx(state)) == sorted(set(hand))  # nothing laid yet: any card of the hand
    True
    """
    distinct = sorted({card.index: card for card in ctx.hand}.items())
    return [card for _, card in distinct if discard_problem(ctx, card) is None]


def ask_problem(ctx: Ctx) -> Problem | None:
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
    if not finishable(ctx.here(laid=turn.laid, must_out=True, no_out=False)):
        return ("C-OUT-3", "you cannot go out this turn with these cards")
    return None


def answer_problem(ctx: Ctx, action: AnswerPartner) -> Problem | None:
    if action.permit:
        return None
    turn = ctx.turn
    if not finishable(ctx.here(laid=turn.laid, must_out=False, no_out=True)):
        return ("E-2", "your partner could not end the turn without going out: the answer must be yes")
    return None


def new_meld_problem(ctx: Ctx, cards: tuple[Card, ...]) -> Problem | None:
    rules = ctx.rules
    if remove_cards(ctx.hand, cards) is None:
        return ("G-TURN-1", "those cards are not all in your hand")
    meld = read_meld(cards, rules, black_threes_ok=ctx.black3_ok)
    if isinstance(meld, tuple):
        return meld
    if meld.cards != cards:  # a set given in another order than LayMeld keeps
        return ("K-MELD-5", "cards are out of order")
    black3 = meld.kind is MeldKind.SET and meld.rank is not None and is_black_three_set(rules, meld.rank.value)
    if (
        meld.kind is MeldKind.SET and rules.one_meld_per_rank
        and any(m.kind is MeldKind.SET and m.rank is meld.rank for m in ctx.melds)
    ):
        return ("C-MELD-2", "your team has a meld of that rank: add to it instead")
    return after_meld(ctx, cards, None, meld, meld_value(ctx.tables, meld), black3=black3)


def add_problem(ctx: Ctx, index: int, cards: tuple[Card, ...]) -> Problem | None:
    rules = ctx.rules
    if index >= len(ctx.melds):
        return ("G-MELD-1", f"your team has no meld @{index}")
    old = ctx.melds[index]
    if old.kind is MeldKind.RUN:
        return ("K-MELD-5", f"meld @{index} is a run: give its new low-to-high list with 'extend'")
    if not cards:
        return ("G-TURN-1", "add at least one card")
    if remove_cards(ctx.hand, cards) is None:
        return ("G-TURN-1", "those cards are not all in your hand")
    assert old.rank is not None
    black3 = is_black_three_set(rules, old.rank.value)
    for c in cards:
        if not c.is_wild and c.rank is not old.rank:
            return (rule_id(rules, Concept.WRONG_RANK), f"{c} does not belong in a meld of {old.rank.symbol}s")
    new = read_set(old.cards + cards, rules, black_threes_ok=True)
    if isinstance(new, tuple):
        return new
    if black3 and not ctx.black3_ok:  # pragma: no cover - a black-3 meld exists only when allowed
        return ("C-THREE-2", "black 3s are not melded in these rules")
    gain = sum(ctx.tables.value[c.index] for c in cards)
    return after_meld(ctx, cards, index, new, gain, black3=black3)


def extend_problem(ctx: Ctx, index: int, run: tuple[Card, ...]) -> Problem | None:
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
    added = remove_cards(run, old.cards)
    if added is None or new.suit is not old.suit:
        return ("K-MELD-7", "the new list must keep every card of the run")
    if not added:
        return ("G-TURN-1", "add at least one card")
    if remove_cards(ctx.hand, added) is None:
        return ("G-TURN-1", "the added cards are not all in your hand")
    # Natural cards never change place; the wild keeps its place unless its
    # natural card is added, and then it goes beyond the old ends (K-MELD-7).
    # So the new list covers every place of the old run.
    if new.low > old.low or new.high < old.high:
        return (
            "K-MELD-7",
            "a run only grows: its cards keep their places, and its wild moves only when its natural card is added",
        )
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
    gain = meld_value(ctx.tables, new) - meld_value(ctx.tables, old)
    return after_meld(ctx, added, index, new, gain)


def take_problem(ctx: Ctx, action: TakePile) -> Problem | None:
    s = ctx.position
    rules = ctx.rules
    if not s.pile:
        return (rule_id(rules, Concept.EMPTY_PILE), "the discard pile is empty")
    top = s.pile[-1]
    if rules.black_threes and top.is_black_three:
        return ("C-THREE-3", "a black 3 on top stops the pile being taken")
    if rules.single_card_pile_block and len(ctx.hand) == 1 and len(s.pile) == 1:
        return (rule_id(rules, Concept.ONE_CARD_PILE), "holding one card you cannot take a one-card pile")
    if rules.pile_take == "whole":
        if action.cards or action.meld is not None:
            return ("K-PILE-1", "the whole pile goes to hand: take it with no cards")
        return _take_whole_after(ctx)
    return _take_meld_top(ctx, action.cards, action.meld)


def _take_whole_after(ctx: Ctx) -> Problem | None:
    s = ctx.position
    rules = ctx.rules
    pile = s.pile
    gained = tuple(c for c in pile if not is_bonus_three(rules, c))
    hand = sort_cards(ctx.hand + gained)
    forbidden = pile[0] if (len(pile) == 1 and rules.single_card_discard_block) else None
    # the draw phase: the turn is fresh (nothing laid, no concealed exemption yet)
    pos = ctx.pos(
        hand, ctx.shapes, opened=ctx.opened, laid=False, count=0, aside=(),
        must_out=False, no_out=False, taken_single=forbidden,
    )
    if not finishable(pos):
        return ("K-PILE-3", "after this take no card could be discarded")
    return None


def _take_meld_top(ctx: Ctx, cards: tuple[Card, ...], index: int | None) -> Problem | None:
    s = ctx.position
    rules = ctx.rules
    top = s.pile[-1]
    if unmeldable_top(rules, top):
        return ("C-PILE-2", f"the pile cannot be taken with {top} on top")
    rank = rank_of(top.index)
    if not ctx.tables.set_rank[rank]:  # pragma: no cover - 2s, red and black 3s are caught above
        return ("C-PILE-2", f"{top} cannot be melded")
    if not ctx.opened and not rules.take_pile_before_down:
        return ("C-PILE-5", "your team must be down before taking the pile (option take_pile_before_down)")
    if remove_cards(ctx.hand, cards) is None:
        return ("G-TURN-1", "those cards are not all in your hand")
    frozen = frozen_for(rules, pile_frozen=s.pile_frozen, opened=ctx.opened)
    naturals = [c for c in cards if not c.is_wild]
    if any(rank_of(c.index) != rank for c in naturals):
        return ("C-PILE-1", f"the cards that take the pile must match the top card {top}")
    same_rank = _sets_of_rank(ctx, rank)
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


def _after_take(ctx: Ctx, cards: tuple[Card, ...], index: int | None, meld: Meld) -> Problem | None:
    s = ctx.position
    rules = ctx.rules
    t = ctx.tables
    top = s.pile[-1]
    hand = remove_cards(ctx.hand, cards)
    assert hand is not None
    shapes = list(ctx.shapes)
    if index is None:
        shapes.append(shape_of(meld))
    else:
        shapes[index] = shape_of(meld)
    new_shapes = tuple(shapes)
    rest = tuple(c for c in s.pile[:-1] if not is_bonus_three(rules, c))
    count = t.value[top.index] + sum(t.value[c.index] for c in cards)
    opened = ctx.opened or _opens(ctx, new_shapes, count, len(hand))
    aside: tuple[Card, ...] = ()
    if opened:
        hand = sort_cards(hand + rest)
    else:
        aside = rest
    n_can = shape_canastas(new_shapes)
    if not hand:
        return ctx.empty_problem(n_can, opened, by_discard=False)
    pos = ctx.pos(
        hand, new_shapes, opened=opened, laid=True, count=count, aside=aside, must_out=False, no_out=False,
    )
    if not finishable(pos):
        if not ctx.opened:
            return ("C-PILE-5", "with this take the opening minimum could not be reached")
        return dead_end(ctx, "take", len(hand), n_can)
    return None


def _sets_of_rank(ctx: Ctx, rank: int) -> list[int]:
    """The indexes of the team's sets of ``rank``."""
    return [
        i for i, m in enumerate(ctx.melds) if m.kind is MeldKind.SET and m.rank is not None and m.rank.value == rank
    ]


def legal_takes(ctx: Ctx) -> list[TakePile]:
    s = ctx.position
    rules = ctx.rules
    if not s.pile:
        return []
    if rules.pile_take == "whole":
        cand = TakePile()
        return [cand] if take_problem(ctx, cand) is None else []
    top = s.pile[-1]
    if unmeldable_top(rules, top) or (rules.black_threes and top.is_black_three):
        return []
    rank = rank_of(top.index)
    if not ctx.tables.set_rank[rank]:
        return []
    naturals = sorted({c for c in ctx.hand if rank_of(c.index) == rank and not c.is_wild}, key=BY_INDEX)
    wilds = sorted({c for c in ctx.hand if c.is_wild}, key=BY_INDEX)
    same_rank = _sets_of_rank(ctx, rank)
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
            if take_problem(ctx, cand) is None:
                out.append(cand)
    for target in same_rank:
        cand = TakePile((), target)
        if take_problem(ctx, cand) is None:
            out.append(cand)
    return out


