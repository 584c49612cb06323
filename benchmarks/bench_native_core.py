"""The native core's pieces against the Python engine's, in one run.

The native engine (``kanasta._core``, issue 10) is being built piece by piece;
until it plays whole games, this script measures the pieces it has on the very
same inputs as the Python engine's functions: the shuffle of a hand's deck
(G-RNG-1), the deal of a first hand, checking one meld, and listing every
legal move of a position (E-1, E-2: the positions of a meld-biased game of each
preset, the Python engine listing them afresh, the native one from a
``NativeState`` read once beforehand; the native figure includes writing
each move's notation).  Each figure is the
CPU time (``time.process_time``) per call, the median of ``--repeat`` repeats;
the two engines alternate within a repeat.

    python benchmarks/bench_native_core.py [--repeat 5] [--n 2000]

The deal row is not like for like: the Python figure is ``kanasta.new_game``
(the deal and building the immutable ``State`` with its events), the native one
the deal only (no Python objects beyond a ``Deal`` handle).  The shuffle and
meld rows compare the same work.

The apply rows replay the moves of random games (``--games`` per preset, at
most ``--game-moves`` moves each) and give the CPU time per move: the Python figure is
``State.apply`` (which checks the move's legality first), the native ones
``NativeState.apply`` called from Python once per move (the move's text read,
the state cloned and changed, a new Python object), and ``NativeState.replay``
(the same moves applied in one call: the core's clone and apply per move
without the Python call).  The native apply does not check legality (the
native legality will, before it); the three are the whole of ``apply()`` as
each engine stands.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable

import kanasta
from kanasta import _core, _rng, engine, melds
from kanasta._core import _testing
from kanasta.cards import DECK, Card
from kanasta.rules import PRESETS

Bench = Callable[[], object]


def _per_call_us(fn: Bench, calls: int) -> float:
    start = time.process_time()
    fn()
    return (time.process_time() - start) / calls * 1e6


def _candidates(n: int) -> list[tuple[Card, ...]]:
    """Near-melds: a rank's cards or a suit window with some wild cards, shuffled."""
    rng = random.Random(1)
    out = []
    for _ in range(n):
        if rng.random() < 0.5:
            rank = rng.randint(1, 13)
            idx = [4 * (rank - 1) + rng.randrange(4) for _ in range(rng.randint(2, 7))]
        else:
            suit, low = rng.randrange(4), rng.randint(1, 11)
            idx = [4 * (low + i - 1) + suit for i in range(rng.randint(2, 7)) if low + i <= 13]
        idx += [rng.choice((52, 4, 5, 6, 7)) for _ in range(rng.randint(0, 2))]
        out.append(tuple(Card.from_index(i) for i in idx))
    return out


def _meld_biased_positions(rules: kanasta.Rules, moves: int) -> list[kanasta.State]:
    """The positions of a game whose random player melds when it can 4 times in 5."""
    rng = random.Random(7)
    state = kanasta.new_game(rules, 7)
    out = []
    for _ in range(moves):
        if state.is_game_over:
            break
        out.append(state)
        legal = state.legal_actions()
        melding = [m for m in legal if not isinstance(m, (kanasta.Discard, kanasta.Draw))]
        state = state.apply(rng.choice(melding if melding and rng.random() < 0.8 else legal))
    return out


def _legal_rows(moves: int) -> list[tuple[str, Bench, Bench, int]]:
    """(name, Python, native, positions) for listing the legal moves of each preset's positions."""
    rows: list[tuple[str, Bench, Bench, int]] = []
    for name, rules in kanasta.rules.PRESETS.items():
        states = _meld_biased_positions(rules, moves)
        natives = [_core.NativeState.from_json(json.dumps(s.to_dict())) for s in states]

        def python(states: list[kanasta.State] = states) -> None:
            for s in states:
                if hasattr(s, "_legal"):  # a State keeps its moves once listed: list them afresh
                    object.__setattr__(s, "_legal", None)
                engine.legal_actions(s)

        def native(natives: list[_core.NativeState] = natives) -> None:
            for s in natives:
                _testing.legal_moves(s)

        rows.append((f"legal moves, {name}", python, native, len(states)))
    return rows


def _games(rules: kanasta.Rules, games: int, moves: int) -> list[tuple[int, list[kanasta.Action]]]:
    """Seeded random games' moves (at most ``moves`` each)."""
    out = []
    for seed in range(games):
        state = kanasta.new_game(rules, seed)
        rng = random.Random(seed)
        played: list[kanasta.Action] = []
        while not state.is_game_over and len(played) < moves:
            action = rng.choice(state.legal_actions())
            state = state.apply(action)
            played.append(action)
        out.append((seed, played))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--n", type=int, default=2000, help="calls per piece per repeat")
    parser.add_argument("--moves", type=int, default=400, help="positions per preset for the legal-move rows")
    parser.add_argument("--games", type=int, default=4, help="games per preset replayed by the apply rows")
    parser.add_argument("--game-moves", type=int, default=1500, help="most moves per replayed game")
    args = parser.parse_args()
    n: int = args.n

    seeds = list(range(n))
    rules_by_name = {"classic": kanasta.Rules.classic(), "kanasta": kanasta.Rules.kanasta()}
    cands = _candidates(n)
    cand_indices = [[c.index for c in cards] for cards in cands]

    def native_deal(rules: kanasta.Rules) -> Bench:
        def run() -> None:
            for s in seeds:
                _testing.deal(s, 1, 0, players=rules.players, hand_size=rules.hand_size,
                           packets=rules.packets, packet_size=rules.packet_size,
                           pile_freezing=rules.pile_freezing, red_threes=rules.red_threes,
                           trump=rules.trump)
        return run

    def python_deal(rules: kanasta.Rules) -> Bench:
        return lambda: [kanasta.new_game(rules, s) for s in seeds]

    def python_melds(rules: kanasta.Rules) -> Bench:
        return lambda: [melds.read_meld(c, rules) for c in cands]

    def native_melds(rules: kanasta.Rules) -> Bench:
        checker = _testing.MeldRules(runs=rules.runs, max_wilds=rules.max_wilds,
                                  wilds_within_naturals=rules.wilds_within_naturals,
                                  max_meld_size=rules.max_meld_size, black_threes=rules.black_threes)
        return lambda: [checker.read_meld(c) for c in cand_indices]

    rows: list[tuple[str, int, Bench, Bench]] = [
        ("shuffle a hand's deck", n,
         lambda: [_rng.shuffled(DECK, _rng.stream(s, 1, 1)) for s in seeds],
         lambda: [_testing.shuffled_indices(s, (1, 1), 108) for s in seeds]),
    ]
    for name, rules in rules_by_name.items():
        rows.append((f"deal a first hand, {name} (Python: new_game)", n, python_deal(rules), native_deal(rules)))
        rows.append((f"check one meld, {name}", n, python_melds(rules), native_melds(rules)))

    replay_rows: list[tuple[str, int, Bench, Bench]] = []
    for name, rules in PRESETS.items():
        games = _games(rules, args.games, args.game_moves)
        starts = [(kanasta.new_game(rules, seed), moves) for seed, moves in games]
        native_starts = [(_core.NativeState.new_game(name, seed), [str(m) for m in moves]) for seed, moves in games]
        total = sum(len(moves) for _, moves in games)

        def python_apply(starts: list[tuple[kanasta.State, list[kanasta.Action]]] = starts) -> None:
            for state, moves in starts:
                for m in moves:
                    state = state.apply(m)

        def native_apply(starts: list[tuple[_core.NativeState, list[str]]] = native_starts) -> None:
            for state, moves in starts:
                for m in moves:
                    state = state.apply(m)

        def native_replay(starts: list[tuple[_core.NativeState, list[str]]] = native_starts) -> None:
            for state, moves in starts:
                state.replay(moves)

        rows.append((f"apply a move, {name} (native: NativeState.apply)", total, python_apply, native_apply))
        replay_rows.append((f"apply a move, {name} (native: in-core replay)", total, python_apply, native_replay))
    rows.extend(replay_rows)
    rows.extend((name, calls, py, native) for name, py, native, calls in _legal_rows(args.moves))

    figures: dict[str, tuple[list[float], list[float]]] = {name: ([], []) for name, _, _, _ in rows}
    for _ in range(args.repeat):
        for name, calls, py, native in rows:
            figures[name][0].append(_per_call_us(py, calls))
            figures[name][1].append(_per_call_us(native, calls))

    print(f"kanasta native core pieces: median of {args.repeat} repeats, {n} calls each "
          f"(apply: every move of {args.games} games per preset), CPU µs per call")
    print(f"{'piece':<56} {'Python':>9} {'native':>9} {'ratio':>7}")
    for name, (py_times, native_times) in figures.items():
        py_med, nat_med = statistics.median(py_times), statistics.median(native_times)
        print(f"{name:<56} {py_med:>9.2f} {nat_med:>9.2f} {py_med / nat_med:>6.1f}×")


if __name__ == "__main__":
    main()
