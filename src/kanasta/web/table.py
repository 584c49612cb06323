"""One game at a table: the state, who sits where, and what each seat is sent.

A :class:`Table` holds the :class:`~kanasta.State` of one game and nothing of
it ever leaves except through :meth:`Table.payload`, which is built from
:meth:`State.view <kanasta.State.view>` of one seat alone (RULES E-4).  Human
seats move with :meth:`Table.move` (action notation or the index of a legal
move); bot seats are played by :meth:`Table.run_bots`, a coroutine that moves
whenever a bot is to play.  When a hand ends the bots wait until every human
seat has seen its final board and scores and continued
(:meth:`Table.continue_hand`).  Every move bumps :attr:`Table.version`, every
change (a move or a seat continuing) :attr:`Table.changes`, and wakes whoever
waits in :meth:`Table.wait_change`.

This module needs nothing beyond the library itself; the HTTP and WebSocket
side is :mod:`kanasta.web.app`.

>>> import kanasta
>>> from kanasta.bots import GreedyBot
>>> from kanasta.web import Table
>>> state = kanasta.new_game(kanasta.Rules.classic(players=2), seed=1)
>>> table = Table(state, humans=[state.current_player], bots={1 - state.current_player: GreedyBot()})
>>> seat = state.current_player
>>> table.move_now(seat, "draw")["view"]["phase"]
'play'
>>> table.move_now(seat, "draw")
Traceback (most recent call last):
...
kanasta.web.table.TableError: ... [G-TURN-1]
"""

from __future__ import annotations

import asyncio
import json
import secrets
from collections.abc import Collection, Mapping
from typing import Any, Final

from kanasta.actions import Action, AddToMeld, Discard, ExtendRun, LayMeld, TakePile
from kanasta.bots import Bot
from kanasta.cards import format_cards
from kanasta.errors import IllegalActionError, KanastaError, NotationError
from kanasta.state import GameEnded, HandEnded, HandResult, Phase, State
from kanasta.view import PlayerView
from kanasta.web import _compat

__all__ = ["LOG_STEPS", "MAX_MOVE_TEXT", "Table", "TableError", "seat_payload"]

LOG_STEPS: Final = 40
"""How many of the latest moves :func:`seat_payload` puts in the log."""

MAX_MOVE_TEXT: Final = 200
"""The longest move text :meth:`Table.move` reads (the longest legal move is far shorter)."""


class TableError(KanastaError):
    """A request the table refuses: :attr:`status` is the HTTP status, :attr:`code` a short word.

    :attr:`rule` is the RULES ID when the move itself is illegal
    (:class:`~kanasta.IllegalActionError`), else None.

    >>> from kanasta.web import TableError
    >>> err = TableError(409, "not_your_turn", "it is seat 2's turn")
    >>> err.status, err.code, str(err)
    (409, 'not_your_turn', "it is seat 2's turn")
    """

    #: The HTTP status the server answers with (400, 403, 404, 409, 413, 415 or 422).
    status: int
    #: A short word naming the kind of refusal (``illegal``, ``notation``, ``bad_token``, ...).
    code: str
    #: What is wrong, for people.
    message: str
    #: The RULES ID of the rule refusing the move, or None when it is not the rules.
    rule: str | None

    def __init__(self, status: int, code: str, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.rule = rule

    def to_dict(self) -> dict[str, Any]:
        """The error as the JSON body the server sends: ``{"error": {...}}``.

        >>> from kanasta.web import TableError
        >>> TableError(422, "illegal", "no [X-1]", rule="X-1").to_dict()
        {'error': {'code': 'illegal', 'message': 'no [X-1]', 'rule': 'X-1'}}
        """
        body: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.rule is not None:
            body["rule"] = self.rule
        return {"error": body}


def _points(value: Any) -> str:
    """Points as text: whole numbers plainly, halves as ``3.5``."""
    number = float(value)
    return str(int(number)) if number.is_integer() else f"{number:.1f}"


def _side(view: PlayerView, team: int) -> str:
    rules = view.rules
    if rules.teams == rules.players:
        return f"seat {team}"
    seats = "+".join(str(s) for s in range(rules.players) if rules.team_of(s) == team)
    return f"team {team} ({seats})"


_ENDINGS: Final[dict[str, str]] = {
    "stock": "the stock ran out",
    "red_three": "the last stock card was a red 3",
    "no_take": "the stock ran out and the next player could not take the pile",
    "declined": "the stock ran out and the next player declined the pile",
}


def _hand_table(view: PlayerView, result: HandResult) -> dict[str, Any]:
    """One finished hand's score table: a heading, the column names and rows of cells."""
    rules = view.rules
    if result.ended_by == "going_out" and result.went_out is not None:
        how = f"seat {result.went_out} went out{' concealed' if result.concealed else ''}"
    else:
        how = _ENDINGS.get(result.ended_by, result.ended_by)
    teams = result.teams
    rows: list[list[str]] = []
    if rules.packets:
        rows.append(["packets", *(f"{t.packets} = {t.packet_points}" for t in teams)])
    rows.append(["melds", *(_points(t.meld_points) for t in teams)])
    rows.append(["canastas", *(f"{len(t.canastas)} = {t.canasta_points}" for t in teams)])
    if rules.red_threes:
        rows.append(["red 3s", *(f"{t.red_threes} = {t.red_three_points}" for t in teams)])
    rows.append(["going out", *(str(t.going_out_points) for t in teams)])
    rows.append(["cards in hand", *(_points(-t.hand_points) for t in teams)])
    rows.append(["hand total", *(str(t.total) for t in teams)])
    rows.append(["game score", *(str(s) for s in result.scores)])
    return {
        "hand_number": result.hand_number,
        "heading": f"Hand {result.hand_number} ended: {how}",
        "columns": [_side(view, t.team) for t in teams],
        "rows": rows,
    }


def _final_board(view: PlayerView, result: HandResult) -> dict[str, Any]:
    """The table as one finished hand left it (RULES: the hands are shown for the count), from its result."""
    return {
        "hand_number": result.hand_number,
        "melds": [[format_cards(m.cards) for m in team] for team in result.melds],
        "red_threes": [format_cards(reds) for reds in result.red_threes],
        "hands": [format_cards(hand) for hand in result.hands],
        "trump": str(result.trump) if result.trump is not None else None,
        "went_out": result.went_out,
    }


def _last_move(view: PlayerView) -> dict[str, Any] | None:
    """The latest move as the seat saw it, and what it left on the table: the meld it made or
    changed (``team``, ``meld``) and whether its card tops the pile (``discard``).

    A move that ended a hand left nothing on the board now shown (the next deal): ``hand_ended``.
    """
    if not view.history:
        return None
    step = view.history[-1]
    action = step.action
    team = view.rules.team_of(step.seat)
    ended = any(isinstance(e, HandEnded) for e in step.events)
    meld: int | None = None
    if not ended:
        if isinstance(action, LayMeld) or (isinstance(action, TakePile) and action.meld is None and action.cards):
            meld = len(view.melds[team]) - 1
        elif (isinstance(action, TakePile) and action.meld is not None) or isinstance(action, (AddToMeld, ExtendRun)):
            meld = action.meld
    return {
        "seat": step.seat,
        "move": str(action),
        "team": team,
        "meld": meld,
        "discard": isinstance(action, Discard) and not ended,
        "hand_ended": ended,
    }


def seat_payload(view: PlayerView, *, version: int, seats: tuple[str, ...], title: str = "kanasta") -> dict[str, Any]:
    """What the server sends one seat: built from that seat's view alone, never from the state.

    Keys: ``version`` (the table's change counter), ``seat``, ``title``,
    ``players``, ``teams``, ``seats`` (who plays each seat: ``"human"`` or a
    bot's name), ``view`` (the view's JSON, :meth:`PlayerView.to_dict
    <kanasta.PlayerView.to_dict>` without the history; its ``legal_actions``
    are the seat's legal moves in notation, and a move's index in that list is
    what ``{"index": i}`` sends), ``log`` (the latest moves as lines of text,
    as the seat saw them), ``hand_scores`` (every finished hand's score
    table, newest last), ``final_board`` (the melds, red 3s and hands as
    the last finished hand left them, from its result: the board the score
    table belongs to, drawn while the next deal is already on the table;
    None before the first hand ends) and ``last_move`` (the latest move:
    ``seat``, ``move`` in notation, the ``team`` and ``meld`` index it made
    or changed, ``discard`` when its card tops the pile, ``hand_ended``;
    None before the first move).  A :class:`Table` adds ``continued`` and
    ``waiting_for`` (see :meth:`Table.continue_hand`) and ``problem``.

    >>> import kanasta
    >>> from kanasta.web import seat_payload
    >>> s = kanasta.new_game(kanasta.Rules.classic(), seed=1)
    >>> p = seat_payload(s.view(s.current_player), version=0, seats=("human",) * 4)
    >>> p["view"]["legal_actions"][:1], p["seat"] == s.current_player
    (['draw'], True)
    >>> seat_payload(s.view((s.current_player + 1) % 4), version=0, seats=("human",) * 4)["view"]["legal_actions"]
    []
    """
    payload = _payload_parts(view, version=version, seats=seats, title=title)
    payload["view"] = _compat.view_to_dict(view)
    for key in ("log", "hand_scores", "final_board", "last_move"):  # the keys in their documented order
        payload[key] = payload.pop(key)
    return payload


def _payload_parts(view: PlayerView, *, version: int, seats: tuple[str, ...], title: str) -> dict[str, Any]:
    """:func:`seat_payload` without its ``view``."""
    rules = view.rules
    log: list[str] = []
    for step in view.history[-LOG_STEPS:]:
        log.append(f"seat {step.seat}: {step.action}")
        for event in step.events:
            if isinstance(event, GameEnded):
                log.append(f"    the game is over: {_side(view, event.winner)} wins")
            elif isinstance(event, HandEnded):
                log.append(f"    hand {event.result.hand_number} is over")
            else:
                log.append(f"    {_compat.event_text(event)}")
    return {
        "version": version,
        "seat": view.seat,
        "title": title,
        "players": rules.players,
        "teams": rules.teams,
        "seats": list(seats),
        "log": log,
        "hand_scores": [_hand_table(view, r) for r in view.hand_results],
        "final_board": _final_board(view, view.hand_results[-1]) if view.hand_results else None,
        "last_move": _last_move(view),
    }


class Table:
    """One game served to a mix of human and bot seats.

    ``humans`` are the seats played through the server; ``bots`` maps every
    other seat to its :class:`~kanasta.bots.Bot`.  Each human seat gets a
    random secret token (:meth:`token`) that its requests must carry, so one
    player cannot ask for another seat's view.  ``bot_delay`` is how many
    seconds :meth:`run_bots` waits before each bot move, so that people can
    follow the game.

    A table is a mutable server object (the game moves on); the states it
    holds are immutable values as everywhere in kanasta.

    >>> import kanasta
    >>> from kanasta.bots import RandomBot
    >>> from kanasta.web import Table
    >>> t = Table(kanasta.new_game(kanasta.Rules.classic(), seed=2), humans=[0],
    ...           bots={1: RandomBot(seed=1), 2: RandomBot(seed=2), 3: RandomBot(seed=3)})
    >>> t.seats, t.version
    (('human', 'RandomBot', 'RandomBot', 'RandomBot'), 0)
    >>> t.check_token(0, t.token(0)), t.check_token(0, "guess"), t.check_token(1, "")
    (True, False, False)
    """

    #: Seconds :meth:`run_bots` waits before each bot move.
    bot_delay: float
    #: The game's name as the page shows it.
    title: str

    def __init__(
        self,
        state: State,
        *,
        humans: Collection[int],
        bots: Mapping[int, Bot],
        bot_delay: float = 0.0,
        title: str | None = None,
    ) -> None:
        players = state.rules.players
        human_seats = set(humans)
        for seat in (*human_seats, *bots):
            if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
                raise TableError(400, "bad_seat", f"no seat {seat!r}: seats are 0 to {players - 1}")
        both = human_seats & set(bots)
        if both:
            raise TableError(400, "bad_seat", f"seat {min(both)} is given both to a human and to a bot")
        missing = set(range(players)) - human_seats - set(bots)
        if missing:
            raise TableError(400, "bad_seat", f"seat {min(missing)} has neither a human nor a bot")
        if not bot_delay >= 0:
            raise TableError(400, "bad_delay", f"bot_delay must be at least 0, not {bot_delay!r}")
        self._state = state
        self._bots = dict(bots)
        self._humans = frozenset(human_seats)
        self._tokens = {seat: secrets.token_urlsafe(18) for seat in sorted(human_seats)}
        self.bot_delay = bot_delay
        self.title = title if title is not None else state.rules.name
        self._version = 0
        self._changes = 0
        finished = len(state.hand_results)
        self._continued = dict.fromkeys(sorted(human_seats), finished)
        self._problem: str | None = None
        self._changed: asyncio.Condition | None = None
        self._lock: asyncio.Lock | None = None

    # -- what the table is -------------------------------------------------

    @property
    def state(self) -> State:
        """The game as it stands (for the host program; never sent to a browser)."""
        return self._state

    @property
    def version(self) -> int:
        """How many moves the table has made; it grows by one with each move."""
        return self._version

    @property
    def changes(self) -> int:
        """How many changes the table has seen: moves, and seats continuing after a hand."""
        return self._changes

    @property
    def waiting_for(self) -> tuple[int, ...]:
        """The human seats that have not yet continued past the last finished hand (the bots wait for them).

        Empty once the game is over: there is nothing to wait for.
        """
        if self._state.is_game_over:
            return ()
        finished = len(self._state.hand_results)
        return tuple(seat for seat, seen in self._continued.items() if seen < finished)

    @property
    def seats(self) -> tuple[str, ...]:
        """Who plays each seat: ``"human"`` or the bot's class name."""
        return tuple(
            "human" if seat in self._humans else type(self._bots[seat]).__name__
            for seat in range(self._state.rules.players)
        )

    @property
    def humans(self) -> frozenset[int]:
        """The seats played through the server."""
        return self._humans

    @property
    def problem(self) -> str | None:
        """Why the bots stopped, if a bot failed (a bug in the bot); else None."""
        return self._problem

    def token(self, seat: int) -> str:
        """The secret a human seat's requests carry (in the page's address)."""
        return self._tokens[seat]

    def check_token(self, seat: int, token: str) -> bool:
        """Whether ``token`` is ``seat``'s secret (compared in constant time)."""
        expected = self._tokens.get(seat)
        return expected is not None and secrets.compare_digest(expected.encode(), token.encode())

    def check_seat(self, seat: int, token: str | None) -> None:
        """Raise :class:`TableError` unless ``seat`` is a human seat and ``token`` its secret.

        The token is checked before the seat's kind: a client without a
        seat's secret is not told whether a bot or a person plays it.

        >>> import kanasta
        >>> from kanasta.bots import GreedyBot
        >>> from kanasta.web import Table
        >>> t = Table(kanasta.new_game(kanasta.Rules.classic(players=2), seed=1),
        ...           humans=[0], bots={1: GreedyBot()})
        >>> t.check_seat(5, t.token(0))
        Traceback (most recent call last):
        ...
        kanasta.web.table.TableError: no seat 5: seats are 0 to 1
        >>> t.check_seat(1, "x")
        Traceback (most recent call last):
        ...
        kanasta.web.table.TableError: this is not seat 1's address: the token is missing or wrong
        """
        players = self._state.rules.players
        if not 0 <= seat < players:
            raise TableError(404, "bad_seat", f"no seat {seat}: seats are 0 to {players - 1}")
        if token is None or not self.check_token(seat, token):
            raise TableError(403, "bad_token", f"this is not seat {seat}'s address: the token is missing or wrong")
        if seat not in self._humans:  # pragma: no cover - a bot's seat has no token to pass the check above
            raise TableError(403, "bot_seat", f"seat {seat} is played by a bot")

    def payload(self, seat: int) -> dict[str, Any]:
        """What ``seat`` is sent: :func:`seat_payload` of its view."""
        payload = seat_payload(self._state.view(seat), version=self._version, seats=self.seats, title=self.title)
        payload.update(self._table_keys(seat))
        return payload

    def _table_keys(self, seat: int) -> dict[str, Any]:
        """What a table adds to :func:`seat_payload` for ``seat``."""
        return {
            "problem": self._problem,
            "continued": self._continued.get(seat, len(self._state.hand_results)),
            "waiting_for": list(self.waiting_for),
        }

    def continue_now(self, seat: int, hands: int) -> dict[str, Any]:
        """``seat`` has seen the scores of the first ``hands`` finished hands: the bots may go on (no locking).

        The page sends it when its player closes a hand's score box.  The
        bots wait after each hand until every human seat has continued past
        it (:attr:`waiting_for`).  ``hands`` beyond the hands finished is
        refused; a smaller number than before changes nothing.  Returns the
        seat's new :meth:`payload`.

        >>> import kanasta
        >>> from kanasta.web import Table
        >>> t = Table(kanasta.new_game(kanasta.Rules.classic(players=2), seed=1), humans=[0, 1], bots={})
        >>> t.continue_now(0, 0)["continued"], t.waiting_for
        (0, ())
        >>> t.continue_now(0, 1)
        Traceback (most recent call last):
        ...
        kanasta.web.table.TableError: hand 1 has not ended: 0 hands have
        """
        if isinstance(hands, bool) or not isinstance(hands, int) or hands < 0:
            raise TableError(400, "bad_continue", f"the hands seen must be a whole number >= 0, not {hands!r}")
        finished = len(self._state.hand_results)
        if hands > finished:
            raise TableError(409, "not_ended", f"hand {hands} has not ended: {finished} hands have")
        if seat in self._continued and hands > self._continued[seat]:
            self._continued[seat] = hands
            self._changes += 1
        return self.payload(seat)

    async def continue_hand(self, seat: int, hands: int) -> dict[str, Any]:
        """:meth:`continue_now` under the table's lock, waking every waiter (and the bots); for the server."""
        _, lock = self._sync()
        async with lock:
            payload = self.continue_now(seat, hands)
        await self._notify()
        return payload

    def payload_json(self, seat: int) -> str:
        """:meth:`payload` as the JSON text the server sends, the view's part written by
        :meth:`PlayerView.to_json <kanasta.PlayerView.to_json>` (by the core in a native game).

        >>> import json, kanasta
        >>> from kanasta.bots import RandomBot
        >>> from kanasta.web import Table
        >>> t = Table(kanasta.new_game(kanasta.Rules.classic(), seed=2), humans=[0],
        ...           bots={1: RandomBot(seed=1), 2: RandomBot(seed=2), 3: RandomBot(seed=3)})
        >>> json.loads(t.payload_json(0)) == t.payload(0)
        True
        """
        view = self._state.view(seat)
        payload = _payload_parts(view, version=self._version, seats=self.seats, title=self.title)
        payload.update(self._table_keys(seat))
        return json.dumps(payload)[:-1] + ', "view": ' + _compat.view_json(view) + "}"

    # -- moves ----------------------------------------------------------------

    def _read_move(self, seat: int, move: str | int, version: int | None) -> Action:
        state = self._state
        if state.phase is Phase.GAME_OVER:
            raise TableError(409, "game_over", "the game is over")
        if state.current_player != seat:
            raise TableError(409, "not_your_turn", f"it is seat {state.current_player}'s turn, not seat {seat}'s")
        if isinstance(move, bool):
            raise TableError(400, "bad_move", "a move is notation text or the index of a legal move")
        if isinstance(move, int):
            if version is not None and version != self._version:
                raise TableError(
                    409,
                    "stale",
                    f"the table has moved on (version {self._version}, not {version}): choose again",
                )
            moves = state.legal_actions()
            if not 0 <= move < len(moves):
                raise TableError(
                    400,
                    "bad_index",
                    f"no legal move number {move}: there are {len(moves)} (0 to {len(moves) - 1})",
                )
            return moves[move]
        if len(move) > MAX_MOVE_TEXT:
            raise TableError(400, "bad_move", f"a move is at most {MAX_MOVE_TEXT} characters, not {len(move)}")
        try:
            return _compat.parse_move(move)
        except NotationError as err:
            raise TableError(400, "notation", str(err)) from None

    def move_now(self, seat: int, move: str | int, version: int | None = None) -> dict[str, Any]:
        """Make ``seat``'s move at once and return its new :meth:`payload` (no locking: for scripts and tests).

        ``move`` is action notation or the index of one of the seat's legal
        moves; with an index, ``version`` (when given) must be the table's
        :attr:`version`, so that an index read from an older list is refused.
        Raises :class:`TableError`: 409 when it is not the seat's turn, 400
        for bad notation or index, 422 when the rules refuse the move (with
        the rule's ID in :attr:`TableError.rule <kanasta.web.TableError.rule>`).
        """
        action = self._read_move(seat, move, version)
        try:
            new = self._state.apply(action)
        except IllegalActionError as err:
            raise TableError(422, "illegal", str(err), rule=err.rule) from None
        self._commit(new)
        return self.payload(seat)

    def _commit(self, state: State) -> None:
        self._state = state
        self._version += 1
        self._changes += 1

    async def _notify(self) -> None:
        changed, _ = self._sync()
        async with changed:
            changed.notify_all()

    def _sync(self) -> tuple[asyncio.Condition, asyncio.Lock]:
        if self._changed is None or self._lock is None:
            self._changed = asyncio.Condition()
            self._lock = asyncio.Lock()
        return self._changed, self._lock

    async def move(self, seat: int, move: str | int, version: int | None = None) -> dict[str, Any]:
        """:meth:`move_now` under the table's lock, waking every waiter; for the server."""
        _, lock = self._sync()
        async with lock:
            payload = self.move_now(seat, move, version)
        await self._notify()
        return payload

    async def wait_change(self, changes: int) -> int:
        """Wait until :attr:`changes` differs from ``changes``; return the new count."""
        changed, _ = self._sync()
        async with changed:
            await changed.wait_for(lambda: self._changes != changes)
            return self._changes

    def bot_to_move(self) -> int | None:
        """The bot seat to move, or None (a human's turn, the game over, the bots stopped, or a
        human seat still looking at the last hand's scores: :attr:`waiting_for`)."""
        seat = self._state.current_player
        if seat is None or seat in self._humans or self._problem is not None or self.waiting_for:
            return None
        return seat

    async def run_bots(self) -> None:
        """Play every bot move as it comes, forever (cancel the task to stop).

        Each move is chosen in a worker thread, after :attr:`~kanasta.web.Table.bot_delay`
        seconds.  After a hand ends they wait until every human seat has
        continued (:meth:`continue_hand`).  A bot that fails (raises, or returns an illegal move) stops
        the bots and sets :attr:`problem`, which every seat is shown.
        """
        changed, lock = self._sync()
        while True:
            async with changed:
                await changed.wait_for(lambda: self.bot_to_move() is not None)
            if self.bot_delay:
                await asyncio.sleep(self.bot_delay)
            async with lock:
                seat = self.bot_to_move()
                if seat is None:
                    continue
                state, bot = self._state, self._bots[seat]
                try:
                    new = await asyncio.to_thread(_compat.bot_move, bot, state, seat)
                except Exception as err:  # a broken bot must not take the server down
                    self._problem = f"the bot at seat {seat} failed: {type(err).__name__}: {err}"
                    new = state
                self._commit(new)
            await self._notify()
