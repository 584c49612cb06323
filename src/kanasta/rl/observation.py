"""Observation encodings of a seat's view: a flat tensor and two strings.

Everything here is computed from a :class:`~kanasta.PlayerView` (what one seat
may see, RULES E-4), never from the full state, so an encoding cannot leak a
hidden card.  Seats and teams are *relative* to the viewer: seat 0 of the
encoding is the viewer, 1 the next player, ...; team 0 is the viewer's team.

:func:`encode_view` gives the tensor as a tuple of floats (pure Python) and
:func:`observation_array` as a NumPy ``float32`` array (needs NumPy: the
``rl``, ``pettingzoo`` or ``openspiel`` extra).  :func:`observe` gives the
same tensor of a *state* for one seat: for a state of the native engine the
core writes it straight into a NumPy array (``out=``, reused from call to
call), from what the seat may see only; for a state of the Python engine it
is :func:`observation_array` of the seat's view.  Its length depends only on
the number of players (:func:`observation_size`); :func:`layout` names the
blocks.  A block "53 cards" holds one number per kind of card, in
:attr:`Card.index <kanasta.Card.index>` order (``AC AD AH AS 2C ... KS JK``):
how many of that card, or a one-hot flag.  The blocks, in order:

* ``hand`` (53): the seat's own hand, counts;
* ``pile`` (53): the discard pile's cards, counts (it is face up);
* ``pile_top`` (53): the top card, one-hot (zeros when the pile is empty);
* ``trump`` (53): the hand's trump card (K-TRUMP-1), one-hot;
* ``aside`` (53): the rest of a pile taken before opening, waiting aside (C-PILE-5);
* ``forbidden`` (53): the card that may not be discarded this turn (K-PILE-3);
* ``melds_team_t`` (53 per team): the cards in each team's melds, counts;
* ``own_melds`` (36 x 10): the viewer's team's melds by index (``@i``): present,
  is a run, rank (a set's rank, a run's low position, divided by 14), size / 13,
  wild cards, is a canasta, the run's suit one-hot (4);
* ``teams`` (6 per team): melds / 10, canastas, red 3s, opened, packets taken,
  score / 1000;
* ``seats`` (3 per seat): hand size / 20, melded this hand, is the seat to move;
* ``table`` (8): stock size / 100, pile size / 50, pile frozen, packets left,
  cards in packets / 50, hand number / 10, the viewer is the dealer, game over;
* ``phase`` (4): draw, play, answer, game over, one-hot;
* ``turn`` (9): drew from the stock, drew the pile, laid cards, count / 100,
  asked partner, answer yes, answer no, must go out, melded;
* ``pending`` (100 + 100): the ids chosen so far in the current move
  (:mod:`kanasta.rl.actions`), counts, then the last one, one-hot.

With ``memory=True`` (:func:`layout`, :func:`encode_view`, :func:`observe`,
:class:`kanasta.rl.vector.VectorEnv`) the tensor has *public-memory* blocks
more, just before ``pending``, worked out from the view's history (what the
seat saw, never a hidden card; a view with no history remembers nothing):

* ``known_seat_r`` (53 each, ``r`` from 1 to players - 1, relative seats):
  the cards seat ``r`` is known to hold, counts: cards it took with the pile,
  until it melds or discards a card of that kind or picks up a packet
  (:meth:`PlayerView.known_cards <kanasta.PlayerView.known_cards>`);
* ``discards_seat_r`` (53 each, ``r`` from 0 to players - 1): the cards seat
  ``r`` discarded this hand, counts (some may since have been taken), each up
  to the deck's copies of the card (a card taken back with the pile and
  discarded again counts again, up to that).

Both start empty at every hand.  Without ``memory`` the layout is the one above.

>>> import kanasta
>>> from kanasta.rl.observation import encode_view, observation_size, layout
>>> state = kanasta.new_game(kanasta.Rules.classic(), seed=3)
>>> view = state.view(state.current_player)
>>> x = encode_view(view)
>>> len(x) == observation_size(kanasta.Rules.classic()), sum(x[:53]) == len(view.hand)
(True, True)
>>> [(name, size) for name, _, size in layout(kanasta.Rules.classic())][:3]
[('hand', 53), ('pile', 53), ('pile_top', 53)]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from kanasta import _core
from kanasta.actions import Action, Discard
from kanasta.cards import DECK, Card, format_cards
from kanasta.documents.reading import INT_LIMIT
from kanasta.errors import ConfigError
from kanasta.melds import MeldKind
from kanasta.position import HandStarted
from kanasta.rl.actions import CARD_BASE, MAX_MELDS, NUM_ACTIONS, id_name
from kanasta.rules import POINT_LIMIT, Rules
from kanasta.state import Phase, State
from kanasta.view import PlayerView, SeenStep
from kanasta.view.seen import track_known

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = [
    "encode_view",
    "history_lines",
    "information_state_string",
    "layout",
    "observation_array",
    "observation_bounds",
    "observation_size",
    "observation_string",
    "observe",
    "step_line",
]

CARD_KINDS: Final = 53
MELD_FEATURES: Final = 10
TEAM_FEATURES: Final = 6
SEAT_FEATURES: Final = 3
_PHASES: Final = (Phase.DRAW, Phase.PLAY, Phase.ANSWER, Phase.GAME_OVER)


def layout(rules: Rules, *, memory: bool = False) -> tuple[tuple[str, int, int], ...]:
    """The blocks of :func:`encode_view` for ``rules``: ``(name, offset, size)`` each, in order.

    ``memory``: with the public-memory blocks (see the module's documentation).

    >>> import kanasta
    >>> from kanasta.rl.observation import layout
    >>> [name for name, _, _ in layout(kanasta.Rules.classic(3))][6:9]
    ['melds_team_0', 'melds_team_1', 'melds_team_2']
    >>> [name for name, _, _ in layout(kanasta.Rules.classic(2), memory=True)][-4:]
    ['known_seat_1', 'discards_seat_0', 'discards_seat_1', 'pending']
    """
    key = (rules.teams, rules.players, bool(memory))  # all the layout depends on
    made = _LAYOUTS.get(key)
    if made is None:
        made = _LAYOUTS[key] = _layout(*key)
    return made


_LAYOUTS: dict[tuple[int, int, bool], tuple[tuple[str, int, int], ...]] = {}
"""The layouts made so far, by (teams, players, memory): an observation asks for its size every time."""


def _layout(teams: int, players: int, memory: bool) -> tuple[tuple[str, int, int], ...]:
    sizes: list[tuple[str, int]] = [
        ("hand", CARD_KINDS),
        ("pile", CARD_KINDS),
        ("pile_top", CARD_KINDS),
        ("trump", CARD_KINDS),
        ("aside", CARD_KINDS),
        ("forbidden", CARD_KINDS),
    ]
    sizes += [(f"melds_team_{t}", CARD_KINDS) for t in range(teams)]
    sizes += [
        ("own_melds", MAX_MELDS * MELD_FEATURES),
        ("teams", TEAM_FEATURES * teams),
        ("seats", SEAT_FEATURES * players),
        ("table", 8),
        ("phase", len(_PHASES)),
        ("turn", 9),
    ]
    if memory:
        sizes += [(f"known_seat_{r}", CARD_KINDS) for r in range(1, players)]
        sizes += [(f"discards_seat_{r}", CARD_KINDS) for r in range(players)]
    sizes.append(("pending", 2 * NUM_ACTIONS))
    out = []
    offset = 0
    for name, size in sizes:
        out.append((name, offset, size))
        offset += size
    return tuple(out)


def observation_size(rules: Rules, *, memory: bool = False) -> int:
    """The length of :func:`encode_view`'s tensor under ``rules`` (``memory``: with the memory blocks).

    >>> import kanasta
    >>> from kanasta.rl.observation import observation_size
    >>> observation_size(kanasta.Rules.classic()), observation_size(kanasta.Rules.classic(3))
    (1029, 1085)
    >>> observation_size(kanasta.Rules.classic(), memory=True) - 1029 == 7 * 53  # 3 known, 4 discards
    True
    """
    _, offset, size = layout(rules, memory=memory)[-1]
    return offset + size


def observation_bounds(rules: Rules, *, memory: bool = False) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """The least and greatest value of each element of :func:`encode_view`'s tensor: ``(low, high)``.

    Every element is 0 or more except the team scores (``teams`` block,
    score / 1000), which may be negative.  The bounds follow from the deck
    (G-DECK-1: 108 cards, two of each natural card and four jokers) and the
    rules: a count of one kind of card is at most its copies in the deck, a
    one-hot flag at most 1, a count of cards at most 108 (scaled as the
    block scales it), packets at most ``rules.packets``.  The scores and the
    hand number are bounded by the largest integer a position document holds
    (10**12: a score of at most 10**9 after the division by 1000); no element
    has equal bounds.  A Gymnasium ``Box(low, high)`` of these bounds holds
    every observation (``memory``: of the layout with the memory blocks, counts
    of cards, bounded by the deck's copies).

    >>> import kanasta
    >>> from kanasta.rl.observation import observation_bounds, encode_view, layout
    >>> rules = kanasta.Rules.kanasta()
    >>> low, high = observation_bounds(rules)
    >>> x = encode_view(kanasta.new_game(rules, seed=1).view(0))
    >>> all(lo <= v <= hi for lo, v, hi in zip(low, x, high))
    True
    >>> blocks = {name: offset for name, offset, _ in layout(rules)}
    >>> high[blocks["hand"]], high[blocks["hand"] + 52]   # two AC, four JK
    (2.0, 4.0)
    >>> sorted({name for name, offset, size in layout(rules) if min(low[offset:offset + size]) < 0})
    ['teams']
    """
    copies = [0.0] * CARD_KINDS
    for card in DECK:
        copies[card.index] += 1.0
    cards = float(len(DECK))
    packets = float(max(1, rules.packets))
    score = INT_LIMIT / 1000
    meld = (
        1.0, 1.0, 1.0, cards / 13, float(sum(1 for c in DECK if c.is_wild)), 1.0,  # present ... canasta
        1.0, 1.0, 1.0, 1.0,  # the run's suit
    )
    highs: dict[str, list[float]] = {
        "hand": copies, "pile": copies, "pile_top": [1.0] * CARD_KINDS, "trump": [1.0] * CARD_KINDS,
        "aside": copies, "forbidden": [1.0] * CARD_KINDS,
        "own_melds": list(meld) * MAX_MELDS,
        # melds / 10, canastas, red 3s, opened, packets taken, score / 1000
        "teams": [MAX_MELDS / 10, float(MAX_MELDS), 4.0, 1.0, packets, score] * rules.teams,
        "seats": [cards / 20, 1.0, 1.0] * rules.players,
        # stock / 100, pile / 50, frozen, packets left, cards in packets / 50, hand / 10, dealer, game over
        "table": [cards / 100, cards / 50, 1.0, packets, cards / 50, INT_LIMIT / 10, 1.0, 1.0],
        "phase": [1.0] * len(_PHASES),
        # drew stock, drew pile, laid, count (points, not halves) / 100 at most 108 cards of the largest value, ...
        "turn": [1.0, 1.0, 1.0, cards * POINT_LIMIT / 100, 1.0, 1.0, 1.0, 1.0, 1.0],
        # a spelling names each card at most as often as the deck holds it, the rest once
        "pending": [*([1.0] * CARD_BASE), *copies, *([1.0] * (NUM_ACTIONS - CARD_BASE - CARD_KINDS)),
                    *([1.0] * NUM_ACTIONS)],
    }
    low: list[float] = []
    high: list[float] = []
    for name, _, size in layout(rules, memory=memory):
        block = highs.get(name, copies)  # melds_team_t, known_seat_r, discards_seat_r: counts of cards
        assert len(block) == size, name
        high += block
        low += [0.0] * size
    _, offset, _ = next(b for b in layout(rules, memory=memory) if b[0] == "teams")
    for t in range(rules.teams):
        low[offset + t * TEAM_FEATURES + 5] = -score
    return tuple(low), tuple(high)


def _count(out: list[float], base: int, cards: Sequence[Card]) -> None:
    for card in cards:
        out[base + card.index] += 1.0


_COPIES: Final[Counter[Card]] = Counter(DECK)
"""How many of each card the deck holds."""


def _memory(view: PlayerView) -> tuple[list[Counter[Card]], list[Counter[Card]]]:
    """The cards each seat is known to hold and the cards each seat discarded this hand, by seat, from the
    view's history only (:func:`kanasta.view.seen.track_known`; both start empty at every hand)."""
    rules = view.rules
    known: list[Counter[Card]] = [Counter() for _ in range(rules.players)]
    discarded: list[Counter[Card]] = [Counter() for _ in range(rules.players)]
    for step in view.history:
        if isinstance(step.action, Discard):
            # up to the deck's copies of the card (a card may come back and be discarded again)
            mine, card = discarded[step.seat], step.action.card
            mine[card] = min(mine[card] + 1, _COPIES[card])
        if any(isinstance(e, HandStarted) for e in step.events):
            discarded = [Counter() for _ in range(rules.players)]
        known = track_known(known, rules, step.seat, step.action, step.events)
    return known, discarded


def encode_view(view: PlayerView, pending: Sequence[int] = (), *, memory: bool = False) -> tuple[float, ...]:
    """The seat's view as a flat tuple of floats (see the module's documentation for the layout).

    ``pending`` is the tuple of ids already chosen in the current move
    (:class:`kanasta.rl.actions.Decisions`); ``memory``: with the public-memory
    blocks, from the view's history.

    >>> import kanasta
    >>> from kanasta.rl.observation import encode_view, layout
    >>> s = kanasta.new_game(kanasta.Rules.kanasta(), seed=2)
    >>> taker, top = s.current_player, s.pile[-1]
    >>> view = s.apply(kanasta.TakePile()).view((taker + 3) % 4)  # the taker is the viewer's seat 1
    >>> blocks = {name: offset for name, offset, _ in layout(view.rules, memory=True)}
    >>> encode_view(view, memory=True)[blocks["known_seat_1"] + top.index] >= 1
    True

    >>> import kanasta
    >>> from kanasta.rl.observation import encode_view, layout
    >>> view = kanasta.new_game(kanasta.Rules.kanasta(), seed=1).view(0)
    >>> x = encode_view(view, pending=(0,))
    >>> offsets = {name: offset for name, offset, _ in layout(view.rules)}
    >>> x[offsets["trump"] + view.trump.index], x[offsets["pending"]]
    (1.0, 1.0)
    """
    rules = view.rules
    players, teams = rules.players, rules.teams
    blocks = {name: offset for name, offset, _ in layout(rules, memory=memory)}
    out = [0.0] * observation_size(rules, memory=memory)
    me, my_team = view.seat, view.team

    def seat_of(rel: int) -> int:
        return (me + rel) % players

    def team_of(rel: int) -> int:
        return (my_team + rel) % teams

    _count(out, blocks["hand"], view.hand)
    _count(out, blocks["pile"], view.pile)
    if view.pile:
        out[blocks["pile_top"] + view.pile[-1].index] = 1.0
    if view.trump is not None:
        out[blocks["trump"] + view.trump.index] = 1.0
    turn = view.turn
    _count(out, blocks["aside"], turn.aside)
    if turn.forbidden is not None:
        out[blocks["forbidden"] + turn.forbidden.index] = 1.0
    for rel in range(teams):
        base = blocks[f"melds_team_{rel}"]
        for meld in view.melds[team_of(rel)]:
            _count(out, base, meld.cards)
    base = blocks["own_melds"]
    for i, meld in enumerate(view.melds[my_team][:MAX_MELDS]):
        at = base + i * MELD_FEATURES
        run = meld.kind is MeldKind.RUN
        out[at] = 1.0
        out[at + 1] = 1.0 if run else 0.0
        out[at + 2] = (meld.low if run else int(meld.rank or 0)) / 14
        out[at + 3] = meld.size / 13
        out[at + 4] = float(meld.wild_count)
        out[at + 5] = 1.0 if meld.is_canasta else 0.0
        if run and meld.suit is not None:
            out[at + 6 + int(meld.suit)] = 1.0
    base = blocks["teams"]
    for rel in range(teams):
        t = team_of(rel)
        at = base + rel * TEAM_FEATURES
        out[at] = len(view.melds[t]) / 10
        out[at + 1] = float(sum(1 for m in view.melds[t] if m.is_canasta))
        out[at + 2] = float(len(view.red_threes[t]))
        out[at + 3] = 1.0 if view.opened[t] else 0.0
        out[at + 4] = float(view.packets_taken[t])
        out[at + 5] = view.scores[t] / 1000
    base = blocks["seats"]
    for rel in range(players):
        s = seat_of(rel)
        at = base + rel * SEAT_FEATURES
        out[at] = view.hand_sizes[s] / 20
        out[at + 1] = 1.0 if view.melded_this_hand[s] else 0.0
        out[at + 2] = 1.0 if view.current_player == s else 0.0
    at = blocks["table"]
    out[at] = view.stock_size / 100
    out[at + 1] = len(view.pile) / 50
    out[at + 2] = 1.0 if view.pile_frozen else 0.0
    out[at + 3] = float(len(view.packet_sizes))
    out[at + 4] = sum(view.packet_sizes) / 50
    out[at + 5] = view.hand_number / 10
    out[at + 6] = 1.0 if view.dealer == me else 0.0
    out[at + 7] = 1.0 if view.is_game_over else 0.0
    out[blocks["phase"] + _PHASES.index(view.phase)] = 1.0
    at = blocks["turn"]
    out[at] = 1.0 if turn.drew == "stock" else 0.0
    out[at + 1] = 1.0 if turn.drew == "pile" else 0.0
    out[at + 2] = 1.0 if turn.laid else 0.0
    out[at + 3] = turn.count_halves / 200
    out[at + 4] = 1.0 if turn.asked else 0.0
    out[at + 5] = 1.0 if turn.answer is True else 0.0
    out[at + 6] = 1.0 if turn.answer is False else 0.0
    out[at + 7] = 1.0 if turn.must_go_out else 0.0
    out[at + 8] = 1.0 if turn.melded else 0.0
    if memory:
        known, discarded = _memory(view)
        for rel in range(1, players):
            _count(out, blocks[f"known_seat_{rel}"], tuple(known[seat_of(rel)].elements()))
        for rel in range(players):
            _count(out, blocks[f"discards_seat_{rel}"], tuple(discarded[seat_of(rel)].elements()))
    base = blocks["pending"]
    for i in pending:
        out[base + i] += 1.0
    if pending:
        out[base + NUM_ACTIONS + pending[-1]] = 1.0
    return tuple(out)


def observation_array(
    view: PlayerView, pending: Sequence[int] = (), *, memory: bool = False
) -> npt.NDArray[np.float32]:
    """:func:`encode_view` as a NumPy ``float32`` array (NumPy must be installed).

    >>> import kanasta
    >>> from kanasta.rl.observation import observation_array
    >>> a = observation_array(kanasta.new_game(kanasta.Rules.classic(2), seed=1).view(1))
    >>> a.dtype.name, a.shape
    ('float32', (1023,))
    """
    try:
        import numpy
    except ImportError as err:  # pragma: no cover - depends on the environment
        raise ImportError("observation_array needs NumPy: pip install 'kanasta[rl]'") from err
    return numpy.asarray(encode_view(view, pending, memory=memory), dtype=numpy.float32)


def observe(
    state: State, seat: int, pending: Sequence[int] = (), *, out: npt.NDArray[np.float32] | None = None,
    memory: bool = False,
) -> npt.NDArray[np.float32]:
    """``seat``'s observation tensor of ``state``: :func:`observation_array` of ``state.view(seat)``.

    For a native state the core writes it into ``out`` (a C-contiguous
    ``float32`` array of :func:`observation_size` items; when None, a new
    array the core makes) from
    what the seat may see (RULES E-4), with no Python object per element; for
    a state of the Python engine it is computed from the view.  ``pending``
    as for :func:`encode_view` (the seat's ids so far in the move).  With
    ``memory`` the tensor has the memory blocks, from what the seat saw of
    the hand (its view's history: the core reads the state's line of play,
    the Python engine the view); :class:`~kanasta.rl.vector.VectorEnv` follows
    them move by move.  Returns ``out`` (the new array when None).  NumPy must be installed.

    >>> import numpy as np, kanasta
    >>> from kanasta.rl.observation import observe, observation_array
    >>> state = kanasta.new_game(kanasta.Rules.kanasta(), seed=5)
    >>> out = np.empty(observation_size(state.rules), np.float32)
    >>> x = observe(state, 2, out=out)
    >>> x is out, bool((x == observation_array(state.view(2))).all())
    (True, True)
    """
    native = state._native
    if native is not None and type(seat) is int:
        # the core's tensor at once (the seat, the ids and ``out`` checked there); anything it
        # refuses is refused below with the library's error, in the order of the checks there
        try:
            if out is None:  # a new array the core writes
                return _core.observation(native, seat, pending, memory=memory)
            _core.observation_into(native, seat, pending, out, memory=memory)
            return out
        except (ValueError, TypeError, OverflowError, BufferError):
            pass
    rules = state.rules
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < rules.players:
        raise ConfigError("seat", f"must be a seat from 0 to {rules.players - 1}, not {seat!r}")
    if native is None or memory:  # memory: a native state whose history the core did not make
        if out is None:
            import numpy

            out = numpy.empty(observation_size(rules, memory=memory), numpy.float32)
        if out.shape != (observation_size(rules, memory=memory),):
            raise ConfigError("out", f"need an array of {observation_size(rules, memory=memory)} items, "
                              f"not one of shape {out.shape}")
        out[:] = encode_view(state.view(seat), pending, memory=memory)
        return out
    for i in pending:
        if not isinstance(i, int) or isinstance(i, bool) or not 0 <= i < NUM_ACTIONS:
            raise ConfigError("pending", f"an action id must be an int from 0 to {NUM_ACTIONS - 1}, not {i!r}")
    if out is None:
        return _core.observation(native, seat, pending)
    try:
        _core.observation_into(native, seat, pending, out)
    except (ValueError, BufferError) as err:
        raise ConfigError("out", str(err)) from None
    return out


def _melds_text(view: PlayerView, team: int) -> str:
    return " ".join(f"@{i}[{format_cards(m.cards)}]" for i, m in enumerate(view.melds[team])) or "-"


def observation_string(view: PlayerView, pending: Sequence[int] = ()) -> str:
    """The seat's view now, as text: what :func:`encode_view` encodes (no history).

    >>> import kanasta
    >>> from kanasta.rl.observation import observation_string
    >>> print(observation_string(kanasta.new_game(kanasta.Rules.classic(), seed=2).view(1)).splitlines()[0])
    seat 1, hand 1, dealer 0, scores 0 0, phase draw, seat 1 to move
    """
    rules = view.rules
    turn = view.turn
    mover = f"seat {view.player} to move" if not view.is_game_over else f"winner team {view.winner}"
    counts = (
        f"hand sizes: {' '.join(map(str, view.hand_sizes))}; stock {view.stock_size}; "
        f"packets {' '.join(map(str, view.packet_sizes)) or '-'}; "
        f"trump {view.trump if view.trump is not None else '-'}"
    )
    lines = [
        (f"seat {view.seat}, hand {view.hand_number}, dealer {view.dealer}, "
        f"scores {' '.join(map(str, view.scores))}, phase {view.phase.value}, {mover}"),
        f"hand: {format_cards(view.hand) or '-'}",
        counts,
        f"pile{' (frozen)' if view.pile_frozen else ''}: {format_cards(view.pile) or '-'}",
    ]
    for t in range(rules.teams):
        lines.append(
            f"team {t}{' (open)' if view.opened[t] else ''}: {_melds_text(view, t)}; "
            f"red 3s {format_cards(view.red_threes[t]) or '-'}; packets taken {view.packets_taken[t]}"
        )
    lines.append(
        f"turn: drew {turn.drew or '-'}, count {turn.count_halves / 2:g}, aside {format_cards(turn.aside) or '-'}, "
        f"forbidden {turn.forbidden or '-'}, asked {turn.asked}, answer {turn.answer}, "
        f"must go out {turn.must_go_out}"
    )
    lines.append(f"pending: {' '.join(id_name(i) for i in pending) or '-'}")
    return "\n".join(lines)


def step_line(step: SeenStep) -> str:
    """One move as the seat saw it, as one line of text (the move and the events it saw).

    >>> import kanasta
    >>> from kanasta.rl.observation import step_line
    >>> s = kanasta.new_game(kanasta.Rules.classic(), seed=2)
    >>> mover = s.current_player
    >>> s = s.apply(kanasta.Draw())
    >>> step_line(s.view((mover + 1) % 4).history[-1])
    '1: draw | CardsDrawnHidden(seat=1, count=1)'
    """
    action: Action = step.action
    events = "; ".join(repr(e) for e in step.events)
    return f"{step.seat}: {action}" + (f" | {events}" if events else "")


def history_lines(view: PlayerView) -> tuple[str, ...]:
    """Every move of the game as the seat saw it, one :func:`step_line` each.

    >>> import kanasta
    >>> from kanasta.rl.observation import history_lines
    >>> s = kanasta.new_game(kanasta.Rules.kanasta(), seed=2)
    >>> len(history_lines(s.apply(kanasta.Draw()).view(0)))
    1
    """
    return tuple(step_line(step) for step in view.history)


def information_state_string(
    view: PlayerView, pending: Sequence[int] = (), history: Sequence[str] | None = None
) -> str:
    """Everything the seat has seen: the view now and every move as the seat saw it (perfect recall).

    ``history`` defaults to :func:`history_lines` of the view; an adapter that keeps its
    own record of what the seat saw may pass it.

    >>> import kanasta
    >>> from kanasta.rl.observation import information_state_string, observation_string
    >>> view = kanasta.new_game(kanasta.Rules.classic(), seed=2).view(0)
    >>> information_state_string(view).startswith(observation_string(view))
    True
    """
    lines = history_lines(view) if history is None else history
    return observation_string(view, pending) + "\nhistory:\n" + "\n".join(lines)
