"""Both engines in lockstep through the public API (the differential test and ``benchmarks/soak.py --checks lockstep``).

One game is played twice at once: ``new_game(rules, seed, engine="python")``
(the reference engine) and ``engine="native"`` (the compiled core).  A policy
chooses each move from the Python state; the same move is applied to both.
Before every move the two states must agree on everything the public API
shows: the position (``to_dict()`` and ``==``), the legal moves in order, the
phase, the player to move, the scores; after it, the events.  On a sample of
states (``check_every``): the same ``hash``, the refusal of near misses (moves one slip away from
legal ones, :func:`_invariants.near_misses`) — the same answer from
``explain``, the same error class, RULES ID and message from ``apply`` — and
every seat's view document.  With ``round_trip``, some states are written
with ``to_dict`` and read back by both engines, and play goes on from there
(the native reader meets Python's documents).  At the end: the history, the
hand results and a pickle round trip of the native state.

A disagreement is a :class:`Divergence` (a :class:`_invariants.Finding`, so the
soak's tally and reports count it).  Every divergence ever found is replayed
by ``tests/test_differential.py``.
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable
from functools import partial
from typing import Any

import kanasta
from _invariants import Finding, Policy, Stats, near_misses
from kanasta import Action, State

ENGINES = ("python", "native")


class Divergence(Finding):
    """The two engines disagree: what, where (the Python state, the move) and how (``detail``)."""


Outcome = tuple[str, Any]
"""``("ok", value)`` or ``("error", (class name, RULES ID or None, message))``."""


def outcome(call: Callable[[], Any]) -> Outcome:
    """What ``call`` returned, or the library error it raised (any other exception propagates)."""
    try:
        return ("ok", call())
    except kanasta.KanastaError as err:
        return ("error", (type(err).__name__, getattr(err, "rule", None), str(err)))


def doc_diff(a: Any, b: Any, path: str = "") -> list[str]:
    """The paths (``hands.2``, ``turn.aside``) where two JSON documents differ, with both values (at most 5)."""
    out: list[str] = []
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            if key not in a or key not in b:
                out.append(f"{path}{key}: only in {'python' if key in a else 'native'}")
            else:
                out.extend(doc_diff(a[key], b[key], f"{path}{key}."))
    elif isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            out.extend(doc_diff(x, y, f"{path}{i}."))
    elif a != b or type(a) is not type(b):
        out.append(f"{path.rstrip('.') or '<document>'}: python {a!r:.200}, native {b!r:.200}")
    return out[:5]


class Lockstep:
    """Plays games with both engines in lockstep, counting what it compared in :attr:`stats`.

    ``check_every``: near misses and views on every n-th state (0: never);
    ``near``: how many near misses per sampled state; ``round_trip``: the
    chance that a state is written and read back by both engines (0: never);
    ``collect``: a divergence is recorded in :attr:`stats` and the game ends
    there (else it is raised).
    """

    def __init__(self, *, seed: int = 0, check_every: int = 5, near: int = 3, round_trip: float = 0.02,
                 collect: bool = False) -> None:
        self.check_every = check_every
        self.near = near
        self.round_trip = round_trip
        self.collect = collect
        self.rng = random.Random(seed)
        self.stats = Stats()

    def play(self, rules: kanasta.Rules, seed: int, policy: Policy, *, max_moves: int = 100_000,
             context: dict[str, Any] | None = None) -> tuple[State, State]:
        """Play ``new_game(rules, seed)`` under both engines until it ends or ``max_moves``; return both last states."""
        py = kanasta.new_game(rules, seed, engine="python")
        native = kanasta.new_game(rules, seed, engine="native")
        choices = random.Random(seed)
        ply = 0
        try:
            for state, engine in ((py, "python"), (native, "native")):
                if state.engine != engine:
                    raise Divergence(f"new_game(engine={engine!r}) made a {state.engine!r} state", py)
            self.same_events(py, native, None)
            while True:
                self.stats.states += 1
                self.same_position(py, native, None)
                legal = self.same_legal(py, native)
                if self.check_every and ply % self.check_every == 0:
                    self.stats.sampled += 1
                    if hash(py) != hash(native):
                        raise Divergence("equal states of the two engines hash differently", py)
                    self.same_refusals(py, native)
                    self.same_views(py, native)
                if py.is_game_over or ply == max_moves or not legal:
                    break
                try:
                    action = policy(py, choices)
                except kanasta.EngineLimitError as err:  # a bot's question past the work budget
                    raise Divergence("a player's question needs more than the work budget", py, None,
                                     str(err)) from None
                py_after = py.apply(action)
                got = outcome(partial(native.apply, action))
                if got[0] != "ok":
                    raise Divergence("a move legal for python fails for native", py, action, str(got[1]))
                native_after: State = got[1]
                if native_after.engine != "native":
                    raise Divergence(f"apply() of a native state made a {native_after.engine!r} state", py, action)
                self.same_position(py_after, native_after, action)
                self.same_events(py_after, native_after, action)
                py, native = py_after, native_after
                ply += 1
                self.stats.moves += 1
                if self.round_trip and self.rng.random() < self.round_trip:
                    py, native = self.read_back(py, native)
            self.same_game(py, native)
        except Divergence as divergence:
            divergence.context.update(context or {}, seed=seed, move=ply)
            if not self.collect:
                raise
            self.stats.record(divergence)
        self.stats.games += 1
        self.stats.finished_games += py.is_game_over
        self.stats.hands += len(py.hand_results)
        return py, native

    # ------------------------------------------------------------ the comparisons

    def same_position(self, py: State, native: State, action: Action | None) -> None:
        """The same position document, ``==`` both ways, the same phase, player, scores and end."""
        a, b = py.to_dict(), native.to_dict()
        if a != b:
            raise Divergence("to_dict() differs", py, action, "; ".join(doc_diff(a, b)))
        if not (py == native and native == py):
            raise Divergence("states of equal documents compare unequal", py, action)
        for name in ("phase", "player", "current_player", "is_game_over", "scores", "hand_number", "winner"):
            if getattr(py, name) != getattr(native, name):
                raise Divergence(f"{name} differs", py, action,
                                 f"python {getattr(py, name)!r}, native {getattr(native, name)!r}")

    def same_events(self, py: State, native: State, action: Action | None) -> None:
        """The same events (class and every field) after a move, or at the deal."""
        if py.events != native.events:
            raise Divergence("events differ", py, action, f"python {py.events!r:.600}, native {native.events!r:.600}")
        for event in py.events:
            self.stats.events[type(event).__name__] += 1

    def same_legal(self, py: State, native: State) -> tuple[Action, ...]:
        """The same legal moves in the same order (or the same error); the moves."""
        a, b = outcome(py.legal_actions), outcome(native.legal_actions)
        if a != b:
            if a[0] == b[0] == "ok":
                x, y = [str(m) for m in a[1]], [str(m) for m in b[1]]
                detail = (f"{len(x)} moves for python, {len(y)} for native; only python "
                          f"{sorted(set(x) - set(y))[:5]}, only native {sorted(set(y) - set(x))[:5]}"
                          + ("; the same moves in another order" if sorted(x) == sorted(y) else ""))
            else:
                detail = f"python {a[1]!r:.300}, native {b[1]!r:.300}"
            raise Divergence("legal_actions() differs", py, None, detail)
        legal: tuple[Action, ...] = a[1] if a[0] == "ok" else ()
        return legal

    def same_refusals(self, py: State, native: State) -> None:
        """Near misses: the same ``explain`` answer, and the same outcome of ``apply``, from both."""
        if py.is_game_over:
            candidates: list[Action] = [kanasta.Draw(), kanasta.Decline()]
        else:
            candidates = near_misses(py, self.rng, per_move=2)
            candidates = self.rng.sample(candidates, min(self.near, len(candidates)))
        for action in candidates:
            self.stats.near_misses += 1
            why, native_why = outcome(partial(py.explain, action)), outcome(partial(native.explain, action))
            if why != native_why:
                raise Divergence("explain() differs", py, action, f"python {why!r}, native {native_why!r}")
            a, b = outcome(partial(py.apply, action)), outcome(partial(native.apply, action))
            if a[0] == b[0] == "ok":
                self.stats.legal_moves_applied += 1
                if a[1].to_dict() != b[1].to_dict():
                    raise Divergence("to_dict() after a near miss that is legal differs", py, action,
                                     "; ".join(doc_diff(a[1].to_dict(), b[1].to_dict())))
            elif a != b:
                raise Divergence("apply() of a near miss differs", py, action, f"python {a[1]!r:.300}, native "
                                 f"{b[1]!r:.300}")
            else:
                self.stats.near_misses_refused += 1

    def same_views(self, py: State, native: State) -> None:
        """Every seat's view document (with its history) is the same from both engines."""
        for seat in range(py.rules.players):
            a, b = py.view(seat).to_dict(), native.view(seat).to_dict()
            self.stats.views += 1
            if a != b:
                raise Divergence(f"view({seat}).to_dict() differs", py, None, "; ".join(doc_diff(a, b)))

    def read_back(self, py: State, native: State) -> tuple[State, State]:
        """Both engines read the Python document of the position; play goes on from the states they made."""
        doc = py.to_dict()
        self.stats.round_trips += 1
        a = outcome(partial(State.from_dict, doc, engine="python"))
        b = outcome(partial(State.from_dict, doc, engine="native"))
        if a[0] != "ok" or b[0] != "ok":
            raise Divergence("from_dict() of a reached position fails", py, None, f"python {a[1]!r:.300}, "
                             f"native {b[1]!r:.300}")
        if b[1].engine != "native" or a[1].engine != "python":
            raise Divergence("from_dict(engine=...) made a state of the other engine", py)
        self.same_position(a[1], b[1], None)
        return a[1], b[1]

    def same_game(self, py: State, native: State) -> None:
        """At the end: the history, the hand results, and the native state through pickle."""
        if py.history != native.history:
            raise Divergence("history differs", py, None, f"{len(py.history)} steps for python, "
                             f"{len(native.history)} for native")
        if py.hand_results != native.hand_results:
            raise Divergence("hand_results differ", py, None)
        copy = pickle.loads(pickle.dumps(native))
        if copy != native or copy.to_dict() != native.to_dict() or copy.engine != "native":
            raise Divergence("a pickled native state comes back different", py)

