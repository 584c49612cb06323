"""Full states that match what one seat sees: the unseen cards dealt at random.

:func:`sample_state` deals the cards a :class:`~kanasta.PlayerView`'s seat
cannot see into the other hands, the stock and the packets and returns a full
:class:`~kanasta.State` consistent with the view: the *determinisation* a
search bot plays out.  It sits above :class:`~kanasta.State` (it makes states
and asks them for their moves).

>>> import kanasta
>>> state = kanasta.new_game(kanasta.Rules.classic(), seed=4)
>>> view = state.view(state.current_player)
>>> guess = kanasta.sample_state(view, seed=1)
>>> guess.hands[view.seat] == view.hand, guess.hands == state.hands
(True, False)
>>> guess.legal_actions() == view.legal_actions()
True
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator
from typing import Final

from kanasta import _core, _rng
from kanasta._native import Engine, choose_engine
from kanasta.cards import Card
from kanasta.errors import ConfigError, SamplingError
from kanasta.position import Phase
from kanasta.reachable import unreachable
from kanasta.state import State, line_start
from kanasta.view import PlayerView

__all__ = ["SAMPLE_ATTEMPTS", "sample_state"]

SAMPLE_ATTEMPTS: Final = 1000
"""How many deals :func:`sample_state` tries before it gives up (see :class:`~kanasta.SamplingError`)."""


def _deals(view: PlayerView, seed: int) -> Iterator[State]:
    """Endless random deals of the unseen cards, each as a full state."""
    rules = view.rules
    unseen = Counter(view.unseen_cards())
    need = sum(k for s, k in enumerate(view.hand_sizes) if s != view.seat) + view.stock_size + sum(view.packet_sizes)
    if need != sum(unseen.values()):
        raise SamplingError(
            f"the view does not add up: {sum(unseen.values())} unseen cards for {need} places "
            "(other hands, stock, packets)"
        )
    # Cards known to be in a hand go there (PlayerView.known_cards); the rest is dealt at random.
    known: list[list[Card]] = []
    pool = unseen.copy()
    for seat, held in enumerate(view.known_cards()):
        mine: list[Card] = []
        if seat != view.seat:
            for card in held:
                if pool[card] > 0 and len(mine) < view.hand_sizes[seat]:
                    pool[card] -= 1
                    mine.append(card)
        known.append(mine)
    # Red 3s are never held (C-THREE-1): the unseen ones are in the stock.
    reds = [c for c in sorted(pool.elements()) if rules.red_threes and c.is_red_three]
    rest = [c for c in sorted(pool.elements()) if not (rules.red_threes and c.is_red_three)]
    derived = _rng.stream(seed, 0x5EED).next()
    attempt = 0
    while True:
        g = _rng.stream(seed, 0x5A4D, attempt)
        cards = _rng.shuffled(rest, g)
        attempt += 1
        pos = 0
        hands: list[tuple[Card, ...]] = []
        for seat in range(rules.players):
            if seat == view.seat:
                hands.append(view.hand)
                continue
            k = view.hand_sizes[seat] - len(known[seat])
            hands.append(tuple(sorted(known[seat] + cards[pos:pos + k])))
            pos += k
        packets = []
        for size in view.packet_sizes:
            packets.append(tuple(sorted(cards[pos:pos + size])))
            pos += size
        stock = tuple(_rng.shuffled(cards[pos:] + reds, g) if reds else cards[pos:])
        yield State(
            rules=rules,
            seed=derived,
            hand_number=view.hand_number,
            dealer=view.dealer,
            scores=view.scores,
            hands=tuple(hands),
            stock=stock,
            pile=view.pile,
            pile_frozen=view.pile_frozen,
            melds=view.melds,
            red_threes=view.red_threes,
            packets=tuple(packets),
            packets_taken=view.packets_taken,
            trump=view.trump,
            opened=view.opened,
            melded_this_hand=view.melded_this_hand,
            player=view.player,
            phase=view.phase,
            turn=view.turn,
            winner=view.winner,
            hand_results=view.hand_results,
            hand_moves=view.hand_moves,
        )


def _native_deals(view: PlayerView, native: _core.NativeView, seed: int) -> Iterator[State]:
    """The deals of :func:`_deals`, card for card, dealt by the core from a native view (no Python position made)."""
    for attempt in itertools.count():
        yield line_start(view.rules, native.sample_deal(seed, attempt), ())


def _plausible(state: State, view: PlayerView) -> bool:
    """Whether a sampled state is one the game could be in, as far as the view tells.

    The position reader's own check (:func:`kanasta.reachable.unreachable`:
    the stock-out rules, a legal question in the answer phase, no dead end),
    and, for the viewing seat to move, the same moves as the view offers.
    """
    if unreachable(state) is not None:
        return False
    if state.phase is Phase.GAME_OVER:
        return True
    # Only in the answer phase can they differ: whether "no" is allowed (C-OUT-3, E-2).
    return not (view.current_player == view.seat and state.legal_actions() != view.legal_actions())


def sample_state(view: PlayerView, seed: int, *, engine: Engine | None = None) -> State:
    """A full state consistent with ``view``: the unseen cards dealt at random.

    The cards the seat cannot see (:meth:`PlayerView.unseen_cards`) go to the
    other hands (cards known to be there, :meth:`PlayerView.known_cards`,
    first), the packets and the stock, in the right numbers; everything else
    is copied from the view.  The result:

    * is a legal position (:meth:`State.from_dict` accepts its document);
    * looks the same from the seat: ``sample_state(v, k).view(v.seat)``
      equals ``v`` except for :attr:`~PlayerView.history` (a sampled state has
      none);
    * has a move for the seat to move, and the same
      :meth:`~State.legal_actions` as the view when that is the viewing seat.
      In the answer phase (C-OUT-3) the asker's hand is dealt so that asking
      was legal and, for the answering seat, so that "no" is allowed exactly
      when the view says so; deals that fail are dealt again (up to
      :data:`SAMPLE_ATTEMPTS` times, then :class:`~kanasta.SamplingError`).

    The deal, and the state's own seed (which deals the later hands), come
    from ``seed`` (an int from 0 to 2**64 - 1) by the library's own
    generator, so the same view and seed give the same state everywhere
    (G-RNG-1).

    ``engine`` chooses the engine that plays the sampled state, as for
    :func:`~kanasta.new_game`: left out, the one ``KANASTA_ENGINE`` names
    (the native core unless it says ``python``).  Both engines give the same
    state; a search that plays many moves from it wants the native one.

    >>> import kanasta
    >>> s = kanasta.new_game(kanasta.Rules.kanasta(), seed=8)
    >>> v = s.view(1)
    >>> a, b = kanasta.sample_state(v, 1), kanasta.sample_state(v, 2)
    >>> a.view(1) == v == b.view(1), a.hands == b.hands, a == kanasta.sample_state(v, 1)
    (True, False, True)
    >>> a.engine, kanasta.sample_state(v, 1, engine="python").engine
    ('native', 'python')
    """
    chosen = choose_engine(engine)
    if not isinstance(view, PlayerView):
        raise ConfigError("view", f"must be a kanasta.PlayerView, not {type(view).__name__}")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < _rng.SEED_LIMIT:
        raise ConfigError("seed", f"must be an int from 0 to 2**64 - 1, not {seed!r}")
    native = view._native
    deals = _deals(view, seed) if chosen == "python" or native is None else _native_deals(view, native, seed)
    for attempt, state in enumerate(deals):
        if _plausible(state, view):
            return state.with_engine(chosen)
        if attempt + 1 >= SAMPLE_ATTEMPTS:
            break
    raise SamplingError(f"no deal of the unseen cards fits the view after {SAMPLE_ATTEMPTS} tries")
