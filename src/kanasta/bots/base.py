"""What a bot is, the checks every bot starts with, a random bot, and a game played out by bots.

A bot is anything with a ``choose(view) -> Action`` method (:class:`Bot`).
It is asked for a move whenever its seat is the one to act, and is given that
seat's :class:`~kanasta.PlayerView` -- never the :class:`~kanasta.State`, so it
cannot read another seat's hand (RULES E-4).  The view carries the legal
moves, and its :attr:`~kanasta.PlayerView.history` is the game so far as the
seat saw it (events holding other seats' cards in their hidden forms), so a
bot that wants a memory of the game reads it there.  :func:`play_out` runs a
game with one bot per seat, giving each bot only its own seat's view.  The
names are documented under :mod:`kanasta.bots`, which re-exports them.

>>> import kanasta
>>> from kanasta.bots import GreedyBot, RandomBot, play_out
>>> start = kanasta.new_game(kanasta.Rules.classic(players=2), seed=3)
>>> final = play_out(start, [GreedyBot(), RandomBot(seed=3)])
>>> final.is_game_over, final.winner in (0, 1)
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from kanasta.actions import Action
from kanasta.errors import ConfigError, IllegalActionError
from kanasta.state import State
from kanasta.view import PlayerView

__all__ = ["Bot", "RandomBot", "legal_moves", "play_out"]


@runtime_checkable
class Bot(Protocol):
    """What a bot is: an object that picks a legal move from its seat's view.

    :meth:`choose` is called with the :class:`~kanasta.PlayerView` of the seat
    to act (``state.view(state.current_player)``; during
    :attr:`~kanasta.Phase.ANSWER` that is the partner who answers "may I go
    out?", C-OUT-3) in a game that is not over.  The move it returns must be
    one of the view's legal actions.  A bot may keep state of its own (a
    random generator, what it worked out on earlier moves); what its seat has
    seen of the game is in the view's history.

    Any class with a matching ``choose`` method is a :class:`Bot`; there is
    nothing to inherit.

    >>> import kanasta
    >>> from kanasta.bots import Bot
    >>> class FirstMoveBot:
    ...     def choose(self, view: kanasta.PlayerView) -> kanasta.Action:
    ...         return view.legal_actions()[0]
    >>> isinstance(FirstMoveBot(), Bot)
    True
    >>> state = kanasta.new_game(kanasta.Rules.classic(), seed=1)
    >>> str(FirstMoveBot().choose(state.view(state.current_player)))
    'draw'
    """

    def choose(self, view: PlayerView) -> Action:
        """Return one of the view's legal actions for its seat.

        >>> import kanasta
        >>> from kanasta.bots import RandomBot
        >>> state = kanasta.new_game(kanasta.Rules.kanasta(), seed=2)
        >>> RandomBot(seed=0).choose(state.view(state.current_player)) in state.legal_actions()
        True
        """
        ...


def legal_moves(view: PlayerView) -> tuple[Action, ...]:
    """The view's legal moves; an error when the view's seat has no move to make.

    Raises :class:`~kanasta.IllegalActionError` when the game is over and
    :class:`~kanasta.ConfigError` when the view is not a view, or is not the
    view of the seat to act.  The built-in bots start with it.

    >>> import kanasta
    >>> from kanasta.bots import legal_moves
    >>> state = kanasta.new_game(kanasta.Rules.classic(), seed=1)
    >>> [str(a) for a in legal_moves(state.view(state.current_player))]
    ['draw']
    >>> legal_moves(state.view((state.current_player + 1) % 4))
    Traceback (most recent call last):
    ...
    kanasta.errors.ConfigError: view: it is seat 3's turn, not seat 0's: a bot is given the view of the seat to act
    """
    if not isinstance(view, PlayerView):
        raise ConfigError("view", f"must be a kanasta.PlayerView, not {type(view).__name__}")
    actions = view.legal_actions()
    if actions:  # (none once the game is over, nor for another seat than the one to act)
        return actions
    if view.is_game_over:
        raise IllegalActionError("G-GAME-1", "the game is over: there is no move to choose")
    raise ConfigError(
        "view",
        f"it is seat {view.player}'s turn, not seat {view.seat}'s: a bot is given the view of the seat to act",
    )


class RandomBot:
    """Picks a legal move uniformly at random, with its own generator.

    The same ``seed`` and the same views give the same moves; ``seed=None``
    seeds from the operating system.  The bot never touches the global
    :mod:`random` state.

    >>> import kanasta
    >>> from kanasta.bots import RandomBot
    >>> state = kanasta.new_game(kanasta.Rules.classic(), seed=5)
    >>> view = state.apply(kanasta.Draw()).view(state.current_player)
    >>> a, b = RandomBot(seed=7), RandomBot(seed=7)
    >>> [a.choose(view) for _ in range(5)] == [b.choose(view) for _ in range(5)]
    True
    """

    __slots__ = ("_rng", "seed")

    def __init__(self, seed: int | None = None) -> None:
        #: The seed the bot was made with (None: seeded by the operating system).
        self.seed = seed
        self._rng = random.Random(seed)

    def __repr__(self) -> str:
        return f"RandomBot(seed={self.seed!r})"

    def choose(self, view: PlayerView) -> Action:
        """A uniformly random move from the view's legal actions (see :func:`legal_moves`).

        >>> import kanasta
        >>> from kanasta.bots import RandomBot
        >>> state = kanasta.new_game(kanasta.Rules.classic(players=3), seed=4)
        >>> RandomBot(seed=1).choose(state.view(state.current_player)) in state.legal_actions()
        True
        """
        if isinstance(view, PlayerView):
            actions = view.legal_actions()
            if actions:
                # ``random.Random.choice`` spelled out (the same draws: k bits until one is below n),
                # without its two calls: a rollout calls this at every move
                n = len(actions)
                k = n.bit_length()
                bits = self._rng.getrandbits
                r = bits(k)
                while r >= n:
                    r = bits(k)
                return actions[r]
        return self._rng.choice(legal_moves(view))  # (no move to choose: legal_moves's error)


def play_out(state: State, bots: Sequence[Bot], *, max_moves: int | None = None) -> State:
    """Let ``bots`` (one per seat, by seat number) play on from ``state``.

    Each bot is asked only for its own seat's moves and is given only its
    own seat's view (``state.view(seat)``).  Returns the state once the game
    is over, or after ``max_moves`` moves if that comes first.  A bot that
    returns an illegal move makes :meth:`State.apply <kanasta.State.apply>`
    raise :class:`~kanasta.IllegalActionError`.

    >>> import kanasta
    >>> from kanasta.bots import GreedyBot, RandomBot, play_out
    >>> start = kanasta.new_game(kanasta.Rules.classic(), seed=1)
    >>> bots = [GreedyBot(), RandomBot(seed=1), GreedyBot(), RandomBot(seed=2)]
    >>> len(play_out(start, bots, max_moves=10).history)
    10
    >>> play_out(start, bots[:2])
    Traceback (most recent call last):
    ...
    kanasta.errors.ConfigError: bots: need one bot per seat (4), got 2
    """
    players = state.rules.players
    if len(bots) != players:
        raise ConfigError("bots", f"need one bot per seat ({players}), got {len(bots)}")
    if max_moves is not None and max_moves < 0:
        raise ConfigError("max_moves", f"must be None or at least 0, not {max_moves}")
    moves = 0
    while not state.is_game_over and (max_moves is None or moves < max_moves):
        seat = state.current_player
        assert seat is not None
        state = state.apply(bots[seat].choose(state.view(seat)))
        moves += 1
    return state
