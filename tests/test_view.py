"""Views (RULES E-4, G-RNG-1) and the sampler of states consistent with a view."""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest

import kanasta
from _games import PRESET_NAMES, game, some_states
from _hiding import check_view_cards, check_view_events, check_view_independent
from kanasta import (
    Card,
    PacketTaken,
    PacketTakenHidden,
    Phase,
    PileTaken,
    PlayerView,
    SamplingError,
    State,
)
from kanasta.view.seen import known_after, track_known

pytestmark = pytest.mark.both_engines  # the rule tests run against both engines (tests/conftest.py)


def _strided(preset: str, every: int, seed: int = 1) -> list[State]:
    return some_states(preset, every, seed)[::3]


# ---------------------------------------------------------------------------- what a view holds


def test_view_copies_the_public_state() -> None:
    state = next(s for s in game("kanasta") if s.melds[0] and s.melds[1] and s.phase is Phase.PLAY)
    for seat in range(4):
        v = state.view(seat)
        assert v.seat == seat and v.hand == state.hands[seat]
        assert v.hand_sizes == tuple(len(h) for h in state.hands)
        assert v.stock_size == len(state.stock) and v.packet_sizes == tuple(len(p) for p in state.packets)
        for name in ("rules", "hand_number", "dealer", "scores", "pile", "pile_frozen", "melds", "red_threes",
                     "packets_taken", "trump", "opened", "melded_this_hand", "player", "phase", "turn", "winner",
                     "hand_results"):
            assert getattr(v, name) == getattr(state, name), name
        assert v.legal_actions() == (state.legal_actions() if seat == state.current_player else ())
        assert [step.action for step in v.history] == [step.action for step in state.history]
        assert v.current_player == state.current_player and v.team == seat % 2


def test_a_view_has_no_field_for_hidden_cards_or_the_seed() -> None:
    """E-4, G-RNG-1: no other hand, no stock or packet cards, no seed."""
    fields = set(attrs.fields_dict(PlayerView))
    assert not fields & {"hands", "stock", "packets", "seed", "events"}
    state = game("classic")[50]
    reseeded = attrs.evolve(state, seed=state.seed + 1)
    assert reseeded.view(0) == state.view(0)  # the seed changes nothing a seat sees


@pytest.mark.one_engine  # randomized: once, on the default engine
@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_a_view_depends_only_on_what_the_seat_may_see(preset: str) -> None:
    """E-4: deal every card hidden from the seat again; its view (history included) does not change."""
    rng = random.Random(preset)
    checked = 0
    for state in _strided(preset, every=15):
        for seat in range(state.rules.players):
            check_view_independent(state, seat, rng, history=False)
            checked += 1
    assert checked > 100


@pytest.mark.one_engine  # randomized: once, on the default engine
@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_no_view_event_shows_a_card_hidden_from_the_seat(preset: str) -> None:
    """E-4 over whole games: drawn cards, red-3 replacements and packets only to their seat."""
    final = game(preset)[-1]
    hidden_kinds = Counter[str]()
    for seat in range(final.rules.players):
        hidden_kinds.update(check_view_events(final, seat))
    assert hidden_kinds["CardsDrawn"] > 0
    if preset != "kanasta":
        assert hidden_kinds["RedThreeLaid"] > 0


def _packet_pickup() -> State:
    """Kanasta: seat 0 melds its last two cards onto a set and picks up the first packet (K-OUT-2, K-OUT-3)."""
    doc = {
        "format": "kanasta.position/1",
        "rules": "kanasta",
        "trump": "KH",
        "phase": "play",
        "hands": ["9H 9S", "KH KD KS 4D", "5H 6H 7S", "JD JD QD"],
        "melds": [["3C 4C 5C 6C 7C 8C 9C", "9D 9D JK"], []],
        "turn": {"drew": "stock"},
    }
    state = State.from_dict(doc)
    return state.apply(kanasta.AddToMeld(1, kanasta.parse_cards("9H 9S")))


def test_a_packet_picked_up_is_seen_only_by_its_taker() -> None:
    """E-4, K-OUT-2: the packet becomes the taker's hand; the others see its size."""
    state = _packet_pickup()
    taken = next(e for e in state.history[-1].events if isinstance(e, PacketTaken))
    assert taken.cards == state.hands[0] and len(taken.cards) == 11 and state.packets_taken == (1, 0)
    assert state.view(0).history[-1].events == state.history[-1].events
    for seat in (1, 2, 3):
        seen = state.view(seat).history[-1].events
        assert PacketTakenHidden(seat=0, packet=1, size=11) in seen
        assert not any(isinstance(e, PacketTaken) for e in seen)
        assert state.view(seat).packet_sizes == (11,)
        sampled = kanasta.sample_state(state.view(seat), seat)
        assert attrs.evolve(sampled.view(seat), history=()) == attrs.evolve(state.view(seat), history=())


@pytest.mark.one_engine  # randomized: once, on the default engine
@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_every_card_in_a_view_is_one_the_seat_may_know(preset: str) -> None:
    """E-4: the cards of a view are the seat's hand, the table, the pile, results and public events — no more."""
    for state in _strided(preset, every=25):
        for seat in range(state.rules.players):
            check_view_cards(state, seat)


def test_legal_actions_only_for_the_seat_to_move() -> None:
    state = game("classic")[10]
    for seat in range(4):
        v = state.view(seat)
        assert bool(v.legal_actions()) == (seat == state.current_player)
    assert game("classic")[-1].view(0).legal_actions() == ()


def test_view_of_a_bad_seat_is_refused() -> None:
    state = game("classic-3")[0]
    for seat in (-1, 3, "0", True):
        with pytest.raises(kanasta.ConfigError):
            state.view(seat)  # type: ignore[arg-type]


def test_known_cards_follow_the_taken_pile() -> None:
    """A pile taken is public: the cards are known to be in the taker's hand until played."""
    for state in game("kanasta"):
        step = state.history[-1] if state.history else None
        if step is None or not any(isinstance(e, PileTaken) for e in step.events):
            continue
        taker = step.seat
        taken = next(e for e in step.events if isinstance(e, PileTaken)).cards
        for seat in range(4):
            known = state.view(seat).known_cards()
            assert Counter(known[taker]) >= Counter(taken) or seat == taker
            assert Counter(known[taker]) <= Counter(state.hands[taker])
        break
    else:  # pragma: no cover
        pytest.fail("no pile was taken")


@pytest.mark.one_engine  # randomized: once, on the default engine
@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_known_cards_are_always_in_the_hand(preset: str) -> None:
    for state in _strided(preset, every=20):
        for seat in range(state.rules.players):
            known = state.view(seat).known_cards()
            for other, cards in enumerate(known):
                assert not Counter(cards) - Counter(state.hands[other])


# ---------------------------------------------------------------------------- the sampler


def _without_history(view: PlayerView) -> PlayerView:
    return attrs.evolve(view, history=())


@pytest.mark.one_engine  # randomized: once, on the default engine
@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_sampled_states_are_legal_and_consistent_with_the_view(preset: str) -> None:
    rng = random.Random(7)
    states = _strided(preset, every=30)
    if preset == "classic":
        states += [s for s in game("classic", seed=4) if s.phase is Phase.ANSWER]
    for state in states:
        for seat in range(state.rules.players):
            view = state.view(seat)
            sampled = kanasta.sample_state(view, rng.randrange(2**64))
            assert State.from_dict(sampled.to_dict()) == sampled  # a legal position
            assert _without_history(sampled.view(seat)) == _without_history(view)
            assert sampled.hands[seat] == state.hands[seat]
            if seat == state.current_player:
                assert sampled.legal_actions() == state.legal_actions()
            # the known cards of the other hands are where they are known to be
            for other, cards in enumerate(view.known_cards()):
                assert not Counter(cards) - Counter(sampled.hands[other])


@pytest.mark.one_engine  # the native sampler against the Python one
@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_the_core_deals_the_python_samplers_deals_card_for_card(preset: str) -> None:
    """A native view's sample is dealt by the core: the same state as the Python sampler deals."""
    states = [s.with_engine("native") for s in _strided(preset, every=25)]
    if preset == "classic":
        states += [s.with_engine("native") for s in game("classic", seed=4) if s.phase is Phase.ANSWER]
    states.append(State.from_dict(states[len(states) // 2].to_dict(), engine="native"))  # loaded: no history
    rng = random.Random(11)
    known = 0
    for state in states:
        for seat in range(state.rules.players):
            view = state.view(seat)
            assert view._native is not None  # the core's view: the core deals
            known += any(cards for other, cards in enumerate(view.known_cards()) if other != seat)
            seed = rng.randrange(2**64)
            native, python = kanasta.sample_state(view, seed), kanasta.sample_state(view, seed, engine="python")
            assert (native.engine, python.engine) == ("native", "python")
            assert native.to_dict() == python.to_dict()
            assert (native.events, native.start_events, native.history) == ((), (), ())
            assert native.legal_actions() == python.legal_actions()
    assert known  # some views knew cards in another hand (taken with the pile)


def test_e4_the_cores_deal_depends_on_the_unseen_cards_only_as_one_lot() -> None:
    """E-4: two positions that look the same from a seat give the same sample, whoever holds what."""
    tried = 0
    for state in _strided("classic", every=15):
        seat = state.current_player
        view = state.view(seat)
        if any(cards for other, cards in enumerate(view.known_cards()) if other != seat):
            continue  # the other position (a sample: no history) would know less
        other = kanasta.sample_state(view, 5)  # the same view, the hidden cards elsewhere
        assert other.hands != state.hands or other.stock != state.stock
        mine = kanasta.sample_state(view, 9)
        theirs = kanasta.sample_state(other.view(seat), 9)
        assert (mine.hands, mine.stock, mine.packets, mine.seed) == (theirs.hands, theirs.stock, theirs.packets,
                                                                      theirs.seed)
        tried += 1
    assert tried > 3


def test_sampling_is_deterministic_and_varies_with_the_seed() -> None:
    state = game("classic-2")[30]
    view = state.view(0)
    a, b, c = kanasta.sample_state(view, 1), kanasta.sample_state(view, 1), kanasta.sample_state(view, 2)
    assert a == b and a.seed == b.seed
    assert a.hands[1] != c.hands[1] or a.stock != c.stock
    assert a.seed != c.seed  # the sampled state's own seed comes from the sampler's
    others = {kanasta.sample_state(view, k).hands[1] for k in range(10)}
    assert len(others) > 5


def test_sampled_hidden_hands_are_spread_like_a_deal() -> None:
    """Every unseen card lands in the other hand sometimes: nothing is held back."""
    state = game("classic-2")[5]
    view = state.view(0)
    landed = Counter[Card]()
    for k in range(60):
        landed.update(set(kanasta.sample_state(view, k).hands[1]))
    unseen = set(view.unseen_cards()) - {c for c in view.unseen_cards() if c.is_red_three}
    assert set(landed) == unseen


def test_red_threes_are_never_dealt_into_a_sampled_hand() -> None:
    """C-THREE-1: unseen red 3s are in the stock."""
    state = next(s for s in game("classic") if sum(c.is_red_three for c in s.stock) >= 2)
    for k in range(20):
        sampled = kanasta.sample_state(state.view(0), k)
        assert not any(c.is_red_three for h in sampled.hands for c in h)


def test_a_view_that_does_not_add_up_cannot_be_sampled() -> None:
    view = game("classic")[3].view(1)
    with pytest.raises(SamplingError):
        kanasta.sample_state(attrs.evolve(view, stock_size=view.stock_size + 1), 0)
    with pytest.raises(SamplingError):
        kanasta.sample_state(attrs.evolve(view, hand=view.hand + view.pile * 3), 0)
    for bad in (-1, 2**64, 1.0):
        with pytest.raises(kanasta.ConfigError):
            kanasta.sample_state(view, bad)  # type: ignore[arg-type]


def test_the_sampler_plays_on() -> None:
    """A determinisation is a real game: random play from a sample reaches the end of the hand."""
    state = game("kanasta")[40]
    sampled = kanasta.sample_state(state.view(state.current_player), 3)
    rng = random.Random(0)
    hand = sampled.hand_number
    while sampled.hand_number == hand and not sampled.is_game_over:
        sampled = sampled.apply(rng.choice(sampled.legal_actions()))
    assert sampled.hand_number == hand + 1 or sampled.is_game_over


def test_e4_views_of_a_long_game_reuse_each_steps_seat_filtered_form() -> None:
    """E-4: a view's history is the same whether built fresh or from the per-step cache."""
    s = kanasta.new_game(kanasta.Rules.classic(), seed=12)
    rng = random.Random(12)
    for _ in range(120):
        s = s.apply(rng.choice(s.legal_actions()))
    first = s.view(1).history  # builds seat 1's chain of seen steps
    again = s.view(1).history  # shares it
    assert first == again and len(first) == 120
    # other seats get their own filtered forms, not seat 1's
    for seat in (0, 2, 3):
        for mine, theirs in zip(s.view(seat).history, first):
            for a, b in zip(mine.events, theirs.events):
                if isinstance(a, kanasta.CardsDrawn):
                    assert a.seat == seat and not isinstance(b, kanasta.CardsDrawn)


@pytest.mark.parametrize("preset", ["kanasta", "classic"])
def test_known_cards_start_at_the_hand_and_match_the_whole_history(preset: str) -> None:
    """known_after walks a view's history back to the step that started the hand (the known cards
    are forgotten there), so a bot's question costs the hand's length, not the game's (soak game 479:
    hands of 24 moves, a game cut at 10,000 moves).  Over several hands its answer is the fold of
    track_known over the whole history, for a view's history and for a plain tuple of its steps."""
    rules = attrs.evolve(kanasta.rules.PRESETS[preset], hand_move_limit=30)
    state = kanasta.new_game(rules, 7)
    rng = random.Random(7)
    checked = taken = 0
    while state.hand_number <= 4 and not state.is_game_over:
        if len(state.history) % 7 == 0:
            for seat in range(rules.players):
                history = state.view(seat).history
                whole: list[Counter[Card]] = [Counter() for _ in range(rules.players)]
                for step in history:
                    whole = track_known(whole, rules, step.seat, step.action, step.events)
                assert known_after(history, rules) == whole
                assert known_after(tuple(history), rules) == whole
                taken += any(whole)
                checked += 1
        moves = state.legal_actions()
        takes = [m for m in moves if isinstance(m, kanasta.TakePile)]
        state = state.apply(takes[0] if takes else rng.choice(moves))
    assert state.hand_number > 3 and checked > 50 and taken > 0
