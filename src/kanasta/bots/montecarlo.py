"""SearchBot: determinised Monte Carlo search on a seat's view.

The search is *flat determinised Monte Carlo* ("perfect information Monte
Carlo"), chosen over information-set MCTS because a move's value in canasta
games comes mostly from the rest of the hand, which only a rollout sees, and
because the engine is slow enough that a deep tree would get few visits:

1. **Candidates.**  A handful of moves are worth comparing: in the draw
   phase the stock draw and :class:`~kanasta.bots.GreedyBot`'s best pile
   take; in the play phase GreedyBot's move, stopping to discard instead of
   melding, and GreedyBot's first few discards (one card of each kind:
   where suits do not matter, as in Classic, a 5 of clubs and a 5 of
   diamonds are the same discard); both answers to partner.  A decision
   with one candidate is made at once.
2. **Determinise.**  Each iteration deals the unseen cards at random
   (:func:`kanasta.sample_state`): a full state consistent with the view.
3. **Roll out.**  Every candidate is played from that same deal (common
   random numbers, so candidates are compared on the same cards), then
   GreedyBot plays every seat until the hand ends or ``horizon`` more
   decisions have been made.  The rollout policy decides on the sampled
   state itself (:meth:`GreedyBot.decide <kanasta.bots.GreedyBot.decide>`
   with the cards known to be in each hand followed move by move,
   :func:`kanasta.view.seen.track_known`), making the very moves GreedyBot makes
   on a view, without building a view for every rollout move.  On the
   native core a rollout move reads only what the policy needs (the hand
   of the seat to move, the pile, the melds, and the move's events only
   when the core wrote a pile or packet event), not the whole position.
4. **Score.**  A finished hand counts its real score; an unfinished one the
   table as it would score now, with cards in hand counted at half their
   penalty (they may still be melded), and each meld of 4 to 6 cards
   credited with part of the canasta it is on its way to: ``progress``
   times (cards - 3) / 4 of the bonus of a canasta of its kind (clean
   while it holds no wild card), so a 6-card meld counts 3/8 of its bonus
   at the default 0.5.  Without it a rollout cut by the horizon counts
   nothing for a meld one card short of 300 or 500 points, and the
   moves that build canastas look no better than those that do not (what
   the credit gained in Classic: the docs' strength section).  The value is
   the bot's team's score less the best other team's.
5. **Choose.**  GreedyBot's move stands unless another candidate beats it
   clearly: the best mean among the others is played only when its mean
   gain over GreedyBot's move, deal by deal, exceeds ``margin`` standard
   errors of that gain (and is above zero).  A few noisy deals then cannot
   replace a sound move with a worse one.  Every few deals, a candidate
   whose gain is below zero by more than ``prune`` standard errors is
   dropped (it would not be chosen), and the search stops once only
   GreedyBot's move is left: the deals go to the moves still in question.

The budget is ``iterations`` deals a move, or ``seconds`` of CPU time (at
least one deal).  With an iteration budget the bot is deterministic: the
deals come from ``seed``, the hand number and the number of moves so far,
so the same seed and view give the same move anywhere.  A time budget
depends on the machine's speed.

>>> import kanasta
>>> from kanasta.bots.montecarlo import SearchBot
>>> state = kanasta.new_game(kanasta.Rules.classic(players=2), seed=3)
>>> view = state.view(state.current_player)
>>> bot = SearchBot(iterations=4, seed=1)
>>> move = bot.choose(view)
>>> move in view.legal_actions(), move == SearchBot(iterations=4, seed=1).choose(view)
(True, True)
"""

from __future__ import annotations

import math
import time
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction

from kanasta import _rng
from kanasta.actions import Action, Decline, Discard, Draw, TakePile
from kanasta.bots.base import legal_moves
from kanasta.bots.greedy import GreedyBot
from kanasta.bots.sampling import sample_state
from kanasta.cards import Card, Rank
from kanasta.errors import ConfigError, EngineLimitError
from kanasta.melds import Meld
from kanasta.position import Event
from kanasta.rl.vector import rollouts
from kanasta.rulebook import CANASTA_SIZE
from kanasta.rules import Rules
from kanasta.scoring import score_hand
from kanasta.state import Phase, State
from kanasta.view import PlayerView
from kanasta.view.seen import known_after, track_known

__all__ = ["SearchBot"]

_HAND_WEIGHT = Fraction(1, 2)
"""Weight of the penalty of cards still held when a rollout stops before the hand ends."""


def _value(state: State, team: int, hand_number: int, progress: float = 0.0) -> float:
    """The bot's team's hand score less the best other team's, real or estimated (``progress``: the
    share of a canasta's bonus credited to an unfinished meld of 4 to 6 cards, times (cards - 3) / 4)."""
    rules = state.rules
    for result in state.hand_results:
        if result.hand_number == hand_number:
            totals = [t.total for t in result.teams]
            return float(totals[team] - max(t for i, t in enumerate(totals) if i != team))
    now = score_hand(
        rules, hand_number=state.hand_number, dealer=state.dealer, ended_by="stock", went_out=None,
        concealed=False, melds=state.melds, hands=state.hands, red_threes=state.red_threes,
        packets_taken=state.packets_taken, trump=state.trump, scores_before=state.scores,
    )
    values = [float(t.raw_total + (1 - _HAND_WEIGHT) * t.hand_points) for t in now.teams]
    if progress:
        for side, melds in enumerate(state.melds):
            for meld in melds:
                cards = len(meld.cards)
                if 4 <= cards < CANASTA_SIZE:
                    bonus = rules.clean_bonus if meld.is_natural else rules.dirty_bonus
                    values[side] += progress * (cards - 3) / 4 * bonus
    return values[team] - max(v for i, v in enumerate(values) if i != team)


_PRUNE_EVERY = 4
"""Deals between two looks at the candidates, to drop those clearly worse than GreedyBot's move."""


def _gain(values: Sequence[float], greedy: Sequence[float], errors: float = 1.0) -> tuple[float, float]:
    """The mean gain of a candidate over GreedyBot's move, deal by deal, and ``errors`` standard errors of it.

    A candidate dropped early has fewer deals than GreedyBot's move: it is
    compared on the deals it has.  Fewer than two deals: no gain, no error.

    >>> from kanasta.bots.montecarlo import _gain
    >>> mean, error = _gain([3.0, 5.0, 7.0], [1.0, 1.0, 1.0, 1.0])  # gains 2, 4, 6: spread 2
    >>> mean, round(error, 4), round(2 / 3 ** 0.5, 4)
    (4.0, 1.1547, 1.1547)
    """
    gains = [v - g for v, g in zip(values, greedy, strict=False)]
    deals = len(gains)
    if deals < 2:
        return 0.0, 0.0
    mean = sum(gains) / deals
    spread = math.sqrt(sum((x - mean) ** 2 for x in gains) / (deals - 1))
    return mean, errors * spread / math.sqrt(deals)


class _Sampled:
    """A sampled game seen from the seat to act: what :meth:`GreedyBot.decide` reads, without a view.

    The rollouts play on full states the bot dealt itself, so the policy may
    read them directly; making a :class:`~kanasta.PlayerView` (its history
    as the seat saw it) for every rollout move would cost more than the move.
    ``known`` is what every seat knows the others hold, followed move by move.
    """

    __slots__ = ("_known", "hand", "melds", "phase", "pile", "rules", "seat", "team")

    def __init__(
        self, rules: Rules, seat: int, phase: Phase, table: tuple[tuple[Card, ...], tuple[Card, ...],
        tuple[tuple[Meld, ...], ...]], known: list[Counter[Card]],
    ) -> None:
        self.rules: Rules = rules
        self.seat: int = seat
        self.team: int = rules.team_of(seat)
        self.phase: Phase = phase
        self.hand: tuple[Card, ...]
        self.pile: tuple[Card, ...]
        self.melds: tuple[tuple[Meld, ...], ...]
        self.hand, self.pile, self.melds = table
        self._known = known

    def known_cards(self) -> tuple[tuple[Card, ...], ...]:
        return tuple(
            self.hand if seat == self.seat else tuple(sorted(counts.elements())) if counts else ()
            for seat, counts in enumerate(self._known)
        )


def _after(state: State, hand_number: int) -> tuple[bool, tuple[Event, ...], tuple[tuple[Card, ...], tuple[Card, ...],
                                                                    tuple[tuple[Meld, ...], ...]]]:
    """Whether the hand ``hand_number`` is over at ``state`` (or the game), and if not the move's events that
    :func:`~kanasta.view.seen.track_known` reads and the player's hand, the pile and the melds.

    A native-backed state makes only the fields read here (each field is made when first read).
    """
    if state.is_game_over or state.hand_number != hand_number:
        return True, (), ((), (), ())
    return False, state.events, (state.hands[state.player], state.pile, state.melds)


class SearchBot:
    """Determinised Monte Carlo search with GreedyBot rollouts; see the module's introduction.

    ``iterations``: deals sampled a move (default 24); ``seconds``: a CPU
    time budget a move instead (then ``iterations`` is only an upper bound);
    ``horizon``: decisions a rollout makes before the hand is scored as it
    stands; ``discards``: how many of GreedyBot's preferred discards are
    compared; ``margin``: how many standard errors another move's gain over
    GreedyBot's must exceed; ``prune``: how many standard errors below zero
    a candidate's gain must be to drop it early (None: never);
    ``progress``: the share of a canasta's bonus an unfinished meld is
    credited with when a rollout stops before the hand ends (0: none);
    ``seed``: the seed of the deals; ``batch``: play the rollouts in the
    native core, the candidates of ``4`` deals at a time
    (:func:`kanasta.rl.vector.rollouts` with ``policy="greedy"``, on
    ``num_threads`` threads; the same values as the Python rollouts, many
    times faster), or one Python move at a time (False, or deals of the
    Python engine).  With ``batch`` a ``seconds`` budget is CPU time of the
    whole process (the core's threads included).

    >>> from kanasta.bots.montecarlo import SearchBot
    >>> SearchBot(iterations=0)
    Traceback (most recent call last):
    ...
    kanasta.errors.ConfigError: iterations: must be at least 1, not 0
    """

    __slots__ = (
        "_greedy", "batch", "discards", "horizon", "iterations", "margin", "num_threads", "progress", "prune",
        "seconds", "seed",
    )

    def __init__(
        self,
        iterations: int = 24,
        *,
        seconds: float | None = None,
        horizon: int = 60,
        discards: int = 4,
        margin: float = 1.0,
        prune: float | None = 2.0,
        progress: float = 0.5,
        seed: int = 0,
        batch: bool = True,
        num_threads: int = 1,
    ) -> None:
        for name, value in (("iterations", iterations), ("horizon", horizon), ("discards", discards),
                            ("num_threads", num_threads)):
            if not isinstance(value, int) or value < 1:
                raise ConfigError(name, f"must be at least 1, not {value!r}")
        if seconds is not None and not seconds > 0:
            raise ConfigError("seconds", f"must be None or more than 0, not {seconds!r}")
        if prune is not None and not prune >= 0:
            raise ConfigError("prune", f"must be None or at least 0, not {prune!r}")
        if not progress >= 0:
            raise ConfigError("progress", f"must be at least 0, not {progress!r}")
        if not isinstance(seed, int) or not 0 <= seed < _rng.SEED_LIMIT:
            raise ConfigError("seed", f"must be an int from 0 to 2**64 - 1, not {seed!r}")
        self.iterations = iterations
        self.seconds = seconds
        self.horizon = horizon
        self.discards = discards
        self.margin = margin
        self.prune = prune
        self.progress = progress
        self.seed = seed
        self.batch = batch
        self.num_threads = num_threads
        self._greedy = GreedyBot()

    def __repr__(self) -> str:
        extra = f", seconds={self.seconds}" if self.seconds is not None else ""
        return f"SearchBot(iterations={self.iterations}{extra}, seed={self.seed})"

    def candidates(self, view: PlayerView) -> tuple[Action, ...]:
        """The moves the search compares at this view (GreedyBot's choice first).

        >>> import kanasta
        >>> from kanasta.bots.montecarlo import SearchBot
        >>> state = kanasta.new_game(kanasta.Rules.kanasta(), seed=2)
        >>> [str(a) for a in SearchBot().candidates(state.view(state.current_player))]
        ['draw', 'take']
        """
        actions = legal_moves(view)
        greedy = self._greedy.choose(view)
        out: list[Action] = [greedy]

        def add(action: Action | None) -> None:
            if action is not None and action not in out:
                out.append(action)

        if view.phase is Phase.ANSWER:
            for action in actions:
                add(action)
        elif view.phase is Phase.DRAW:
            takes = [a for a in actions if isinstance(a, TakePile)]
            add(self._greedy.best_take(view, takes) if takes else None)
            add(next((a for a in actions if isinstance(a, (Draw, Decline))), None))
        else:
            suits = view.rules.runs or view.rules.trump
            kinds: set[Card | tuple[Rank | None, bool]] = set()
            for action in self._greedy.rank_discards(view, [a for a in actions if isinstance(a, Discard)]):
                card = action.card
                kind = card if suits else (card.rank, card.is_black_three)
                if kind not in kinds and len(kinds) < self.discards:
                    kinds.add(kind)
                    add(action)
        return tuple(out)

    def choose(self, view: PlayerView) -> Action:
        """The candidate with the best mean rollout value (see the module's introduction).

        >>> import kanasta
        >>> from kanasta.bots.montecarlo import SearchBot
        >>> state = kanasta.new_game(kanasta.Rules.classic(), seed=4).apply(kanasta.Draw())
        >>> view = state.view(state.current_player)
        >>> SearchBot(iterations=2).choose(view) in view.legal_actions()
        True
        """
        options = self.candidates(view)
        if len(options) == 1:
            return options[0]
        values = self.evaluate(view, options)
        best, best_gain = 0, 0.0
        for k in range(1, len(options)):
            mean, error = _gain(values[k], values[0])
            if mean > best_gain and mean > self.margin * error:
                best, best_gain = k, mean
        return options[best]

    def evaluate(self, view: PlayerView, options: Sequence[Action]) -> list[list[float]]:
        """The rollout value of each of ``options`` on each deal of the budget (by option, then deal).

        >>> import kanasta
        >>> from kanasta.bots.montecarlo import SearchBot
        >>> state = kanasta.new_game(kanasta.Rules.classic(players=2), seed=3).apply(kanasta.Draw())
        >>> view = state.view(state.current_player)
        >>> [len(v) for v in SearchBot(iterations=3).evaluate(view, view.legal_actions()[:2])]
        [3, 3]
        """
        base = _rng.stream(self.seed, view.hand_number, len(view.history), view.seat).next()
        first = sample_state(view, _rng.stream(base, 0).next())  # the first deal, on either path
        if self.batch and first.engine == "native":
            return self._evaluate_batched(view, options, base, first)
        deadline = None if self.seconds is None else time.thread_time() + self.seconds
        values: list[list[float]] = [[] for _ in options]
        team, seat, hand_number = view.team, view.seat, view.hand_number
        known = known_after(view.history, view.rules)
        live = list(range(len(options)))
        for i in range(self.iterations):
            if deadline is not None and i > 0 and time.thread_time() >= deadline:
                break
            deal = first if i == 0 else sample_state(view, _rng.stream(base, i).next())
            for k in live:
                values[k].append(self._rollout(deal, seat, options[k], [Counter(c) for c in known], team, hand_number))
            if self.prune is not None and (i + 1) % _PRUNE_EVERY == 0:
                live = self._pruned(live, values, self.prune)
                if len(live) == 1:
                    break
        return values

    @staticmethod
    def _pruned(live: list[int], values: list[list[float]], prune: float) -> list[int]:
        """The candidates of ``live`` still worth rolling out: Greedy's move (0), and each whose gain over it
        is not clearly negative by the margin ``prune``."""
        return [k for k in live if k == 0 or sum(_gain(values[k], values[0], prune)) >= 0]

    def _evaluate_batched(
        self, view: PlayerView, options: Sequence[Action], base: int, first: State
    ) -> list[list[float]]:
        """:meth:`evaluate` with the rollouts played by the core, the live candidates of ``_PRUNE_EVERY`` deals
        in one call: the same deals, values and pruning as the Python rollouts."""
        deadline = None if self.seconds is None else time.process_time() + self.seconds
        values: list[list[float]] = [[] for _ in options]
        team, seat, hand_number, rules = view.team, view.seat, view.hand_number, view.rules
        known = known_after(view.history, rules)
        live = list(range(len(options)))
        i = 0
        while i < self.iterations:
            if deadline is not None and i > 0 and time.process_time() >= deadline:
                break
            count = min(_PRUNE_EVERY - i % _PRUNE_EVERY, self.iterations - i)
            deals = [first if i + d == 0 else sample_state(view, _rng.stream(base, i + d).next()) for d in range(count)]
            got: list[float] = []
            played: list[State] = []
            held: list[list[list[Card]]] = []
            slots: list[tuple[int, State]] = []  # the place in ``got`` of each rollout the core plays
            for deal in deals:
                for k in live:
                    after = deal.apply(options[k])
                    if after.is_game_over or after.hand_number != hand_number:
                        got.append(_value(after, team, hand_number, self.progress))
                        continue
                    seen = track_known([Counter(c) for c in known], rules, seat, options[k], after.events)
                    slots.append((len(got), after))
                    got.append(math.nan)
                    played.append(after)
                    held.append([list(c.elements()) for c in seen])
            if played:
                out = rollouts(played, 1, seed=0, policy="greedy", teams=team, known=held, horizon=self.horizon,
                               progress=self.progress, num_threads=self.num_threads).values[:, 0]
                for (place, after), value in zip(slots, out.tolist(), strict=True):
                    # a rollout the core could not finish (past its work budget): the table as it stands
                    got[place] = value if not math.isnan(value) else _value(after, team, hand_number, self.progress)
            at = 0
            for _ in deals:
                for k in live:
                    values[k].append(got[at])
                    at += 1
            i += count
            if self.prune is not None and i % _PRUNE_EVERY == 0:
                live = self._pruned(live, values, self.prune)
                if len(live) == 1:
                    break
        return values

    def _rollout(
        self, state: State, seat: int, action: Action, known: list[Counter[Card]], team: int, hand_number: int
    ) -> float:
        """Play ``action`` for ``seat``, then GreedyBot for every seat, and value the hand for ``team``."""
        decide = self._greedy.decide
        rules = state.rules
        first = state = state.apply(action)
        try:
            for _ in range(self.horizon):  # the candidate, then up to ``horizon`` GreedyBot moves
                ended, events, table = _after(state, hand_number)
                if ended:
                    break
                known = track_known(known, rules, seat, action, events)
                seat = state.player
                action = decide(_Sampled(rules, seat, state.phase, table, known), state.legal_actions())
                state = state.apply(action)
        except EngineLimitError:
            # a sampled deal whose moves cannot be listed within the work budget: the table as it
            # stood after the candidate, as for a rollout the core gives up (the batched path)
            return _value(first, team, hand_number, self.progress)
        return _value(state, team, hand_number, self.progress)
