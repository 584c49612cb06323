"""Hypothesis strategies for testing code that uses kanasta (and kanasta itself).

This module needs `Hypothesis <https://hypothesis.readthedocs.io>`_ — install
the ``strategies`` extra (``pip install "kanasta[strategies]"``).  Importing
:mod:`kanasta` itself never needs it: import this module by name.

* :func:`cards` — one card; :func:`hands` — a multiset of cards that the deck
  can hold (at most two of each natural card, four jokers);
* :func:`rules` — a playable :class:`~kanasta.Rules`: a preset, or a preset
  with independent options changed (target, opening bands, pile and stock
  options, packets, trump doubling, ...);
* :func:`legal_melds` / :func:`illegal_melds` — card tuples that
  :meth:`Meld.from_cards <kanasta.Meld.from_cards>` accepts / refuses;
* :func:`states` — positions reached by playing legal moves from
  :func:`~kanasta.new_game`, in either game, at any depth; they shrink to
  fewer moves and earlier choices;
* :func:`actions` — a legal move of a state.

Every strategy shrinks toward simple examples: low cards, presets, short games.

>>> import kanasta
>>> from hypothesis import find
>>> from kanasta import strategies
>>> find(strategies.cards(), lambda c: c.rank is not None and c.rank >= kanasta.Rank.QUEEN)
Card('QC')
>>> find(strategies.hands(3, 5), lambda h: True)
(Card('AC'), Card('AC'), Card('AD'))
>>> find(strategies.rules(), lambda r: r.runs).name
'kanasta'

A test of a rule edge case (see the documentation page *Testing with
strategies* for more):

>>> from hypothesis import given, settings
>>> @settings(max_examples=20, deadline=None, database=None)
... @given(strategies.states(max_moves=40))
... def test_every_listed_move_is_legal(state):
...     for action in state.legal_actions():
...         assert state.is_legal(action)
>>> test_every_listed_move_is_legal()
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any, Final

import attrs
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument
from hypothesis.vendor import pretty

from kanasta.actions import Action, AddToMeld, ExtendRun, LayMeld, TakePile
from kanasta.cards import DECK, JOKER, Card, all_cards
from kanasta.errors import ConfigError
from kanasta.rules import PRESET_NAMES, Rules
from kanasta.rules import preset as rules_preset
from kanasta.state import State, new_game

__all__ = [
    "actions",
    "cards",
    "hands",
    "illegal_melds",
    "legal_melds",
    "preset",
    "rules",
    "states",
]


_CARDS: Final = all_cards()
_SEED_LIMIT: Final = 2**64


def _pretty_state(state: State, printer: pretty.RepresentationPrinter, cycle: bool) -> None:
    """Show a state in Hypothesis's reports by its short repr.

    Hypothesis prints attrs classes field by field, which for a state means
    its whole move history — one nested pair per move, deep enough in a long
    game to overflow the stack.  Keep a failing state with ``state.to_dict()``
    or ``GameRecord.from_state(state)`` instead.
    """
    printer.text(repr(state))


pretty.for_type_by_name("kanasta.state", "State", _pretty_state)


def preset(name: str) -> Rules:
    """The preset called ``name`` (one of :data:`kanasta.rules.PRESET_NAMES`).

    >>> from kanasta.strategies import preset
    >>> preset("classic-2").draw_count
    2
    """
    try:
        return rules_preset(name)
    except ConfigError as err:
        raise InvalidArgument(str(err)) from None


# ------------------------------------------------------------------ cards


def cards() -> st.SearchStrategy[Card]:
    """Any of the 53 distinct cards (52 naturals and the joker); shrinks toward ``AC``.

    >>> from hypothesis import find
    >>> from kanasta.strategies import cards
    >>> find(cards(), lambda c: c.rank is not None and c.rank.value == 13)
    Card('KC')
    """
    return st.sampled_from(_CARDS)


def _pick(draw: st.DrawFn, pool: Sequence[Card], n: int) -> list[Card]:
    """``n`` cards taken one at a time from ``pool`` (a multiset), each drawn by position.

    Drawing positions in what is left shrinks well: toward the first cards of
    the pool, and never past the copies it holds.
    """
    left = list(pool)
    out = []
    for _ in range(n):
        out.append(left.pop(draw(st.integers(0, len(left) - 1))))
    return out


@st.composite
def _hand(draw: st.DrawFn, min_size: int, max_size: int) -> tuple[Card, ...]:
    n = draw(st.integers(min_size, max_size))
    return tuple(sorted(_pick(draw, DECK, n), key=lambda c: c.index))


def hands(min_size: int = 0, max_size: int = 11) -> st.SearchStrategy[tuple[Card, ...]]:
    """A multiset of cards the 108-card deck can hold, in card order.

    At most two copies of each natural card and four jokers (RULES G-DECK-1);
    between ``min_size`` and ``max_size`` cards (at most 108).  Shrinks
    toward fewer and lower cards.

    >>> from hypothesis import find
    >>> from kanasta import JOKER
    >>> from kanasta.strategies import hands
    >>> find(hands(0, 11), lambda h: len(h) >= 3)
    (Card('AC'), Card('AC'), Card('AD'))
    >>> find(hands(0, 11), lambda h: h.count(JOKER) >= 2).count(JOKER)
    2
    """
    if not 0 <= min_size <= max_size <= len(DECK):
        raise InvalidArgument(f"need 0 <= min_size <= max_size <= 108, got {min_size}, {max_size}")
    return _hand(min_size, max_size)


# ------------------------------------------------------------------ rules


def _bands(kanasta: bool) -> st.SearchStrategy[tuple[tuple[int | None, Fraction], ...]]:
    """Opening bands the validator accepts: rising starts, whole (or half) minimums."""
    if kanasta:
        minimum = st.integers(0, 24).map(lambda h: Fraction(h, 2))
        start = st.integers(-100, 400)
    else:
        minimum = st.integers(0, 30).map(lambda k: Fraction(5 * k))
        start = st.integers(-1000, 5000)

    def build(first: Fraction, rest: list[tuple[int, Fraction]]) -> tuple[tuple[int | None, Fraction], ...]:
        out: list[tuple[int | None, Fraction]] = [(None, first)]
        for s, m in sorted(rest, key=lambda x: x[0]):
            out.append((s, m))
        return tuple(out)

    return st.builds(
        build,
        minimum,
        st.lists(st.tuples(start, minimum), max_size=3, unique_by=lambda x: x[0]),
    )


@st.composite
def _variant(draw: st.DrawFn, name: str) -> Rules:
    base = preset(name)
    changes: dict[str, Any] = {}
    kanasta = name == "kanasta"

    def maybe(field: str, values: st.SearchStrategy[Any]) -> None:
        if draw(st.booleans()):
            changes[field] = draw(values)

    maybe("target_score", st.integers(1, 2 * base.target_score))
    maybe("opening_minimums", _bands(kanasta))
    maybe("single_card_pile_block", st.booleans())
    if kanasta:
        maybe("trump_doubling", st.booleans())
        maybe("opening_one_card_exempt", st.booleans())
        maybe("opening_natural_run", st.booleans())
        maybe("single_card_discard_block", st.booleans())
        maybe("packets", st.integers(0, 2))
        maybe("packet_team_melds_out", st.booleans())
        maybe("max_meld_size", st.integers(7, 13))
        maybe("canastas_to_go_out", st.integers(0, 2))
        if changes.get("packets", base.packets) == 0:
            maybe("ask_partner", st.booleans())
    else:
        maybe("wilds_within_naturals", st.booleans())
        maybe("black_three_meld_going_out", st.booleans())
        maybe("stock_end", st.sampled_from(("pile_play", "end_of_turn")))
        maybe("take_pile_before_down", st.booleans())
        maybe("concealed_bonus", st.sampled_from((200, None)))
        maybe("pile_freezing", st.booleans())
        maybe("max_wilds", st.integers(1, 4))
        if base.players == 4:
            maybe("ask_partner", st.booleans())
    return attrs.evolve(base, **changes)


def rules(
    games: Sequence[str] = PRESET_NAMES, *, variants: bool = True
) -> st.SearchStrategy[Rules]:
    """A playable :class:`~kanasta.Rules`: a preset, or a preset with options changed.

    ``games`` names the presets to start from (:data:`kanasta.rules.PRESET_NAMES`).  With
    ``variants`` (the default) some independent options are changed, always
    to a combination the validator accepts: the target score, the opening
    bands (K-OPEN-3, C-OPEN-1), the one-card pile block; in Kanasta trump
    doubling, K-OPEN-2 and K-OPEN-4, K-PILE-3, the number of packets and
    K-OUT-4, the meld size limit, the canastas needed to empty a hand, asking
    partner when there are no packets; in Classic
    ``wilds_within_naturals``, black-3 melds when going out, the stock's
    end (C-OUT-5), taking the pile before being down (C-PILE-5), going out
    concealed, pile freezing, the wild-card limit and asking partner.
    Shrinks toward the unchanged presets, in :data:`kanasta.rules.PRESET_NAMES` order.

    >>> import kanasta
    >>> from hypothesis import find
    >>> from kanasta.strategies import rules
    >>> find(rules(), lambda r: True) == kanasta.Rules.classic()
    True
    >>> r = find(rules(["kanasta"]), lambda r: not r.trump_doubling)
    >>> r.name, r.trump, r.trump_doubling
    ('kanasta', True, False)
    """
    names = list(games)
    for name in names:
        preset(name)  # raises InvalidArgument for an unknown name
    if not names:
        raise InvalidArgument("games must name at least one preset")
    plain = st.sampled_from(names).map(preset)
    if not variants:
        return plain
    return st.one_of(plain, st.sampled_from(names).flatmap(_variant))


_any_rules: Final = rules


# ------------------------------------------------------------------ melds


def _natural(rank: int, suit: int) -> Card:
    return _CARDS[(rank - 1) * 4 + suit]


_WILDS: Final = tuple([JOKER] * 4 + [_natural(2, s) for s in range(4) for _ in range(2)])


def _set_ranks(r: Rules) -> list[int]:
    """Ranks a player may meld as a set in ordinary play (no 2s; 3s only without the three rules)."""
    return [k for k in range(1, 14) if k != 2 and not (k == 3 and r.black_threes)]


@st.composite
def _legal_set(draw: st.DrawFn, r: Rules) -> tuple[Card, ...]:
    rank = draw(st.sampled_from(_set_ranks(r)))
    copies = [_natural(rank, s) for s in range(4) for _ in range(2)]
    limit = r.max_meld_size if r.max_meld_size is not None else 10**6
    n_nat = draw(st.integers(2, min(8, limit)))
    naturals = _pick(draw, copies, n_nat)
    max_w = min(r.max_wilds, limit - n_nat, len(_WILDS))
    if r.wilds_within_naturals:
        max_w = min(max_w, n_nat)
    min_w = max(0, 3 - n_nat)
    n_wild = draw(st.integers(min_w, max_w))
    return tuple(draw(st.permutations(naturals + _pick(draw, _WILDS, n_wild))))


@st.composite
def _legal_run(draw: st.DrawFn, r: Rules) -> tuple[Card, ...]:
    suit = draw(st.integers(0, 3))
    limit = 13 if r.max_meld_size is None else min(13, r.max_meld_size)
    length = draw(st.integers(3, limit))
    low = draw(st.integers(1, 15 - length))  # positions 1..14, 14 = the high ace
    cells = [_natural(1 if p == 14 else p, suit) for p in range(low, low + length)]
    if draw(st.booleans()):
        where = draw(st.integers(0, length - 1))
        wild = draw(st.sampled_from((JOKER,) + tuple(_natural(2, s) for s in range(4))))
        cells[where] = wild
    return tuple(cells)


def legal_melds(rules: Rules) -> st.SearchStrategy[tuple[Card, ...]]:
    """Cards that :meth:`Meld.from_cards <kanasta.Meld.from_cards>` accepts as a new meld under ``rules``.

    Sets of any rank that may be melded in play (C-MELD-1, K-MELD-1; never 2s,
    nor black 3s where C-THREE-2 applies), with as many wild cards as the
    rules allow, in any order; and, when the rules have runs, runs from their
    low end to their high end, the ace low or high, with at most one wild in
    the place it stands for (K-MELD-2, K-MELD-4, K-MELD-5, K-MELD-6).  The
    cards always fit in the 108-card deck.

    >>> import kanasta
    >>> from hypothesis import find
    >>> from kanasta.strategies import legal_melds
    >>> k = kanasta.Rules.kanasta()
    >>> run = find(legal_melds(k), lambda cs: kanasta.Meld.from_cards(cs, k).kind.value == "run")
    >>> kanasta.format_cards(run)
    'AC 2C 3C'
    """
    sets = _legal_set(rules)
    if not rules.runs:
        return sets
    return st.one_of(sets, _legal_run(rules))


@st.composite
def _illegal(draw: st.DrawFn, r: Rules) -> tuple[Card, ...]:
    kinds = ["short", "wild_only", "lone_natural", "mixed_ranks", "too_many_wilds"]
    if r.black_threes:
        kinds.append("black_threes")
    if r.runs:
        kinds += ["gap", "wrap", "two_suits", "two_wilds"]
    kind = draw(st.sampled_from(kinds))
    rank = st.sampled_from(_set_ranks(r))
    suit = st.integers(0, 3)
    if kind == "short":
        # one or two cards: every meld needs three (C-MELD-1, K-MELD-1, K-MELD-2)
        return tuple(draw(st.lists(cards(), min_size=0, max_size=2)))
    if kind == "wild_only":
        # no natural card at all (C-MELD-2, K-MELD-1)
        return tuple(_pick(draw, _WILDS, draw(st.integers(3, 6))))
    if kind == "lone_natural":
        # one natural card and jokers: a set needs two naturals, a run holds one wild
        k = draw(rank)
        n = draw(st.integers(2, 3))
        cards_ = [_natural(k, draw(suit))] + [JOKER] * n
        return tuple(draw(st.permutations(cards_)))
    if kind == "mixed_ranks":
        # two naturals of one rank and one of another: neither a set nor a run
        k = draw(rank)
        other = draw(rank.filter(lambda x: x != k))
        cards_ = [_natural(k, draw(suit)), _natural(k, draw(suit)), _natural(other, draw(suit))]
        if draw(st.booleans()):
            cards_.append(JOKER)
        return tuple(draw(st.permutations(cards_)))
    if kind == "too_many_wilds":
        # more wild cards than the rules allow (C-MELD-1, K-MELD-4), or than
        # naturals when wilds_within_naturals is on
        k = draw(rank)
        n_nat = draw(st.integers(2, 3))
        n_wild = r.max_wilds + 1
        if r.wilds_within_naturals:
            n_wild = min(n_wild, n_nat + 1)
        n_wild = min(n_wild, 12)  # pragma: no cover - max_wilds is at most 12
        cards_ = [_natural(k, s % 4) for s in range(n_nat)] + list(_WILDS[:n_wild])
        return tuple(draw(st.permutations(cards_)))
    if kind == "black_threes":
        # C-THREE-2: black 3s are melded only by a player going out (never by Meld.from_cards)
        n = draw(st.integers(3, 4))
        return tuple([_natural(3, 0), _natural(3, 3), _natural(3, 0), _natural(3, 3)][:n])
    s = draw(suit)
    if kind == "gap":
        # a run with a natural card missing from its middle and no wild in its place
        # (from the 3 up: a 2 left in a run could stand for the missing card)
        length = draw(st.integers(4, 12))
        low = draw(st.integers(3, 15 - length))
        cells = [_natural(1 if p == 14 else p, s) for p in range(low, low + length)]
        gap = draw(st.integers(1, length - 2))
        del cells[gap]
        return tuple(cells)
    if kind == "wrap":
        # K-MELD-2: no wrap-around past the ace (K A 2, Q K A 2 ...)
        start = draw(st.integers(11, 13))
        ranks = list(range(start, 14)) + [1] + list(range(2, draw(st.integers(2, 4)) + 1))
        return tuple(_natural(k, s) for k in ranks)
    if kind == "two_suits":
        # consecutive ranks of two suits (K-MELD-2)
        low = draw(st.integers(3, 11))
        other = (s + draw(st.integers(1, 3))) % 4
        return (_natural(low, s), _natural(low + 1, other), _natural(low + 2, s))
    # two_wilds: a run with two wild cards (K-MELD-4); jokers are never natural
    low = draw(st.integers(3, 10))
    cells = [_natural(p, s) for p in range(low, low + 4)]
    a, b = draw(st.lists(st.integers(0, 3), unique=True, min_size=2, max_size=2))
    cells[a] = cells[b] = JOKER
    return tuple(cells)


def illegal_melds(rules: Rules) -> st.SearchStrategy[tuple[Card, ...]]:
    """Cards that :meth:`Meld.from_cards <kanasta.Meld.from_cards>` refuses under ``rules``.

    Each is a near miss of a real meld, of one of these kinds: fewer than
    three cards; wild cards only; one natural card with jokers; naturals of
    two ranks; one wild card too many (C-MELD-1, K-MELD-4); black 3s
    (C-THREE-2, where the three rules apply); and with runs: a natural
    missing from the middle, a wrap past the ace, two suits, two wild cards
    (K-MELD-2, K-MELD-4).

    >>> import kanasta
    >>> from hypothesis import find
    >>> from kanasta.strategies import illegal_melds
    >>> classic = kanasta.Rules.classic()
    >>> wild = find(illegal_melds(classic), lambda cs: len(cs) == 3 and all(c.is_wild for c in cs))
    >>> kanasta.Meld.from_cards(wild, classic)
    Traceback (most recent call last):
    ...
    kanasta.errors.IllegalActionError: a meld of wild cards only is not allowed [C-MELD-2]
    """
    return _illegal(rules)


# ------------------------------------------------------------------ states and actions


_KEEN_MOVES: Final = (TakePile, LayMeld, AddToMeld, ExtendRun)


@st.composite
def _play(
    draw: st.DrawFn,
    rules_strategy: st.SearchStrategy[Rules],
    seeds: st.SearchStrategy[int],
    max_moves: int,
    prefer_melds: bool,
) -> State:
    game_rules = draw(rules_strategy)
    state = new_game(game_rules, draw(seeds))
    moves = draw(st.integers(0, max_moves))
    for _ in range(moves):
        if state.is_game_over:
            break
        legal = state.legal_actions()
        if prefer_melds:
            melds = [a for a in legal if isinstance(a, _KEEN_MOVES)]
            if melds and draw(st.integers(0, 3)) != 0:
                legal = tuple(melds)
        state = state.apply(legal[draw(st.integers(0, len(legal) - 1))])
    return state


def states(
    *,
    rules: Rules | st.SearchStrategy[Rules] | None = None,
    max_moves: int = 300,
    seeds: st.SearchStrategy[int] | None = None,
    prefer_melds: bool = False,
) -> st.SearchStrategy[State]:
    """Positions reached by legal play from :func:`~kanasta.new_game`.

    ``rules`` is a :class:`~kanasta.Rules`, a strategy of them, or None for
    :func:`rules` (both games and their variants).  The game is dealt from a
    seed drawn from ``seeds`` (default: any valid seed), then up to
    ``max_moves`` moves are applied, each chosen by Hypothesis among
    :meth:`State.legal_actions <kanasta.State.legal_actions>`, so every state
    is reachable in real play, in any phase and hand; the game may end on
    the way.  With ``prefer_melds`` the choice favours takes, melds and
    additions three times in four — random play almost never completes a
    canasta otherwise.  Examples shrink toward fewer moves and earlier entries
    in the move lists.

    >>> import kanasta
    >>> from hypothesis import find
    >>> from kanasta.strategies import states
    >>> s = find(states(rules=kanasta.Rules.classic(), max_moves=10), lambda s: s.phase.value == "play")
    >>> s.phase, len(s.history)
    (<Phase.PLAY: 'play'>, 1)
    """
    if not isinstance(max_moves, int) or max_moves < 0:
        raise InvalidArgument(f"max_moves must be an int >= 0, not {max_moves!r}")
    if rules is None:
        strategy: st.SearchStrategy[Rules] = _any_rules()
    elif isinstance(rules, Rules):
        strategy = st.just(rules)
    else:
        strategy = rules
    return _play(strategy, seeds if seeds is not None else st.integers(0, _SEED_LIMIT - 1), max_moves, prefer_melds)


def actions(state: State) -> st.SearchStrategy[Action]:
    """A legal move of ``state`` (one of :meth:`State.legal_actions <kanasta.State.legal_actions>`).

    Raises :class:`hypothesis.errors.InvalidArgument` for a finished game,
    which has none.

    >>> import kanasta
    >>> from hypothesis import find
    >>> from kanasta.strategies import actions
    >>> state = kanasta.new_game(kanasta.Rules.kanasta(), seed=2)
    >>> find(actions(state), lambda a: True)
    Draw()
    """
    legal = state.legal_actions()
    if not legal:
        raise InvalidArgument("the game is over: the state has no legal actions")
    return st.sampled_from(legal)

