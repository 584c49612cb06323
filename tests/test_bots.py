"""Tests of kanasta.bots: the bots only ever make legal moves, and GreedyBot
follows the heuristic its docstring promises."""

from __future__ import annotations

import attrs
import pytest

import kanasta
from _classic_positions import position
from kanasta.bots import Bot, GreedyBot, RandomBot, play_out

PRESETS = {
    **kanasta.rules.PRESETS,
    # A lower target keeps the Kanasta game to a few hands.
    "kanasta": attrs.evolve(kanasta.rules.PRESETS["kanasta"], target_score=150),
}
MAX_MOVES = 20_000


def _mixed_bots(players: int, seed: int) -> list[Bot]:
    return [GreedyBot() if seat % 2 == 0 else RandomBot(seed=seed * 10 + seat) for seat in range(players)]


def _checked_game(rules: kanasta.Rules, seed: int, bots: list[Bot]) -> tuple[kanasta.State, list[str]]:
    """Play a whole game, asserting every chosen move is among the legal ones."""
    state = kanasta.new_game(rules, seed=seed)
    moves: list[str] = []
    while not state.is_game_over:
        assert len(moves) < MAX_MOVES, "game did not end"
        seat = state.current_player
        assert seat is not None
        legal = state.legal_actions()
        action = bots[seat].choose(state.view(seat))
        assert action in legal, f"{type(bots[seat]).__name__} chose {action} not in {[str(a) for a in legal]}"
        moves.append(str(action))
        state = state.apply(action)
    return state, moves


@pytest.mark.parametrize("name", list(PRESETS))
def test_bots_only_make_legal_moves_over_whole_games(name: str) -> None:
    rules = PRESETS[name]
    state, moves = _checked_game(rules, seed=4, bots=_mixed_bots(rules.players, 4))
    assert state.is_game_over
    assert state.winner is not None and state.scores[state.winner] >= rules.target_score
    assert state.hand_results and len(moves) == len(state.history)


@pytest.mark.parametrize("name", ["classic", "kanasta"])
def test_greedy_against_itself_finishes(name: str) -> None:
    rules = PRESETS[name]
    state, _ = _checked_game(rules, seed=9, bots=[GreedyBot() for _ in range(rules.players)])
    assert state.is_game_over


def test_random_bot_is_reproducible_and_seed_dependent() -> None:
    rules = PRESETS["classic-2"]
    _, a = _checked_game(rules, 1, [RandomBot(seed=1), RandomBot(seed=2)])
    _, b = _checked_game(rules, 1, [RandomBot(seed=1), RandomBot(seed=2)])
    _, c = _checked_game(rules, 1, [RandomBot(seed=3), RandomBot(seed=4)])
    assert a == b
    assert a != c


def test_random_bot_draws_as_random_choice_does() -> None:
    """RandomBot draws its move as ``random.Random(seed).choice`` of the view's legal actions (it
    spells the draw out): the same moves, move for move, as that choice from the same seed, over
    listings of one move and of many (a Kanasta game has listings of dozens)."""
    import random

    for name in ("classic", "kanasta"):
        bot, reference = RandomBot(seed=11), random.Random(11)
        state = kanasta.new_game(PRESETS[name], seed=3, engine="native")
        sizes = set()
        for _ in range(600):
            if state.is_game_over:
                break
            legal = state.legal_actions()
            sizes.add(len(legal))
            move = bot.choose(state.view(state.current_player))
            assert move is reference.choice(legal)
            state = state.apply(move)
        assert 1 in sizes and max(sizes) > 8, sizes


def test_random_bot_does_not_touch_global_random() -> None:
    import random

    random.seed(123)
    expected = random.random()
    random.seed(123)
    state = kanasta.new_game(PRESETS["classic"], seed=1)
    RandomBot(seed=5).choose(state.view(state.player))
    assert random.random() == expected


def test_greedy_bot_is_deterministic() -> None:
    rules = PRESETS["classic"]
    first = _checked_game(rules, 2, [GreedyBot() for _ in range(4)])[1]
    second = _checked_game(rules, 2, [GreedyBot() for _ in range(4)])[1]
    assert first == second


def _laid(state: kanasta.State, action: kanasta.Action) -> tuple[kanasta.Card, ...]:
    if isinstance(action, kanasta.ExtendRun):
        rest = list(action.run)
        for card in state.melds[state.team_of(state.player)][action.meld].cards:
            rest.remove(card)
        return tuple(rest)
    assert isinstance(action, (kanasta.LayMeld, kanasta.AddToMeld))
    return action.cards


@pytest.mark.parametrize("name", ["classic", "kanasta"])
def test_greedy_bot_follows_its_heuristic(name: str) -> None:
    """Walk a game and check each GreedyBot decision against the rules its docstring gives."""
    rules = PRESETS[name]
    greedy = GreedyBot()
    bots = _mixed_bots(rules.players, 7)
    state = kanasta.new_game(rules, seed=7)
    seen = {"take": 0, "draw": 0, "meld": 0, "discard": 0, "empties": 0}
    while not state.is_game_over:
        seat = state.current_player
        assert seat is not None
        legal = state.legal_actions()
        choice = greedy.choose(state.view(seat))
        takes = [a for a in legal if isinstance(a, kanasta.TakePile)]
        melds = [a for a in legal if isinstance(a, (kanasta.LayMeld, kanasta.AddToMeld, kanasta.ExtendRun))]
        discards = [a for a in legal if isinstance(a, kanasta.Discard)]
        hand = state.hands[seat]
        if state.phase is kanasta.Phase.DRAW and kanasta.Draw() in legal:
            pile = len(state.pile)
            if takes and (pile >= 3 or (rules.pile_take != "whole" and pile >= 2)):
                assert isinstance(choice, kanasta.TakePile)
                seen["take"] += 1
            elif not takes or pile < 2:
                assert choice == kanasta.Draw()
                seen["draw"] += 1
        elif state.phase is kanasta.Phase.PLAY:
            assert not isinstance(choice, kanasta.AskPartner)
            emptying = [a for a in melds if len(_laid(state, a)) == len(hand)]
            if emptying:  # going out / picking up a packet comes first
                assert choice in emptying
                seen["empties"] += 1
            elif melds and not discards:
                assert choice in melds
            elif melds:
                if isinstance(choice, kanasta.Discard):  # only wild-laying melds were left
                    assert all(any(c.is_wild for c in _laid(state, a)) for a in melds)
                else:
                    seen["meld"] += 1
            if isinstance(choice, kanasta.Discard):
                seen["discard"] += 1
                if choice.card.is_wild:  # never a wild while a natural may go
                    assert all(d.card.is_wild for d in discards)
        state = state.apply(bots[seat].choose(state.view(seat)))
    assert all(n > 0 for k, n in seen.items() if k != "empties"), seen


def test_greedy_discards_a_black_three_and_does_not_feed_the_next_players_melds() -> None:
    """C-THREE-3: a black 3 blocks the next player; a card that fits the next side's meld is kept."""
    from kanasta.bots import GreedyBot

    rules = kanasta.Rules.classic(players=2)
    cards = kanasta.parse_cards
    state = position(
        rules="classic-2", phase="play", player=0, turn={"drew": "stock"},
        hands=["3C 9H KD", "4D 5D 6S 7C 8C"], melds=[["QC QD QH"], ["KC KH KS"]], opened=[True, True],
    )
    view = state.view(0)
    assert GreedyBot().choose(view) == kanasta.Discard(cards("3C")[0])
    without_three = [a for a in view.legal_actions() if isinstance(a, kanasta.Discard) and a.card != cards("3C")[0]]
    ranked = GreedyBot.rank_discards(view, without_three)
    # KD fits seat 1's kings: it is thrown last; 9H goes first.
    assert [str(a) for a in ranked] == ["discard 9H", "discard KD"]
    assert rules.players == 2


def test_greedy_bot_answers_yes_to_partner() -> None:
    rules = PRESETS["classic"]
    state = kanasta.new_game(rules, seed=3)
    rng_bot = RandomBot(seed=3)
    for _ in range(MAX_MOVES):
        if state.is_game_over:
            break
        if state.phase is kanasta.Phase.ANSWER:
            assert GreedyBot().choose(state.view(state.player)) == kanasta.AnswerPartner(True)
            return
        legal = state.legal_actions()
        ask = kanasta.AskPartner()
        state = state.apply(ask if ask in legal else rng_bot.choose(state.view(state.player)))
    pytest.fail("no position where partner is asked was reached")


def test_play_out_checks_its_arguments_and_stops_at_max_moves() -> None:
    start = kanasta.new_game(PRESETS["classic"], seed=1)
    bots = _mixed_bots(4, 1)
    with pytest.raises(kanasta.ConfigError):
        play_out(start, bots[:3])
    with pytest.raises(kanasta.ConfigError):
        play_out(start, bots, max_moves=-1)
    assert play_out(start, bots, max_moves=0) is start
    partial = play_out(start, bots, max_moves=25)
    assert len(partial.history) == 25 and not partial.is_game_over
    final = play_out(partial, bots)
    assert final.is_game_over and final.history[:25] == partial.history


def test_play_out_refuses_an_illegal_move() -> None:
    class Cheater:
        def choose(self, view: kanasta.PlayerView) -> kanasta.Action:
            return kanasta.Discard(view.hand[0])

    start = kanasta.new_game(PRESETS["classic"], seed=1)
    with pytest.raises(kanasta.IllegalActionError):
        play_out(start, [Cheater() for _ in range(4)])


def test_bots_refuse_a_finished_game() -> None:
    rules = PRESETS["classic-2"]
    final = play_out(kanasta.new_game(rules, seed=5), [GreedyBot(), GreedyBot()])
    assert final.is_game_over
    for bot in (GreedyBot(), RandomBot(seed=0)):
        with pytest.raises(kanasta.IllegalActionError):
            bot.choose(final.view(0))


def test_builtin_bots_meet_the_protocol() -> None:
    assert isinstance(GreedyBot(), Bot)
    assert isinstance(RandomBot(), Bot)
    assert not isinstance(object(), Bot)


def test_play_out_gives_each_bot_only_its_own_seats_view() -> None:
    """E-4: a bot is handed a PlayerView of its own seat, and another seat's draws show hidden."""

    class Spy:
        def __init__(self, seat: int) -> None:
            self.seat = seat
            self.views: list[kanasta.PlayerView] = []
            self.inner = RandomBot(seed=seat)

        def choose(self, view: kanasta.PlayerView) -> kanasta.Action:
            assert isinstance(view, kanasta.PlayerView) and view.seat == self.seat
            self.views.append(view)
            return self.inner.choose(view)

    spies = [Spy(seat) for seat in range(4)]
    final = play_out(kanasta.new_game(PRESETS["classic"], seed=6), spies, max_moves=60)
    assert all(spy.views for spy in spies)
    for spy in spies:
        last = spy.views[-1]
        other_draws = [
            e for step in last.history for e in step.events
            if isinstance(e, (kanasta.CardsDrawn, kanasta.CardsDrawnHidden)) and e.seat != spy.seat
        ]
        assert other_draws and all(isinstance(e, kanasta.CardsDrawnHidden) for e in other_draws)
        assert not hasattr(last, "hands") and not hasattr(last, "stock")
    assert len(final.history) == 60


def test_legal_moves_refuses_a_view_of_a_seat_not_to_act_and_a_state() -> None:
    from kanasta.bots import legal_moves

    state = kanasta.new_game(PRESETS["classic"], seed=1)
    other = (state.player + 1) % 4
    with pytest.raises(kanasta.ConfigError, match="not seat"):
        GreedyBot().choose(state.view(other))
    with pytest.raises(kanasta.ConfigError, match="PlayerView"):
        legal_moves(state)  # type: ignore[arg-type]
