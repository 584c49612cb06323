"""Readable text: events and hand results as sentences, the renderer, PlayerView.describe()."""

from __future__ import annotations

import re
from collections import Counter
from fractions import Fraction

import pytest

import kanasta
from _games import PRESET_NAMES, game, some_states
from kanasta import (
    Card,
    CardsDrawn,
    CardsDrawnHidden,
    GameEnded,
    HandResult,
    HandStarted,
    PacketTaken,
    PacketTakenHidden,
    PileJoined,
    PileTaken,
    RedThreeLaid,
    RedThreeLaidHidden,
    StockExhausted,
    TeamOpened,
    TextRenderer,
    UpcardTurned,
    WentOut,
    parse_card,
    parse_cards,
)

_CARD_TOKEN = re.compile(r"^(?:[2-9TJQKA][CDHS]|JK)$")
_REPR = re.compile(r"\w+\(\w+=")  # what a repr looks like: CardsDrawn(seat=...


def _is_sentence(text: str) -> bool:
    return bool(text) and text[0].isupper() and text.endswith(".") and "\n" not in text and not _REPR.search(text)


def _cards_in(text: str) -> Counter[Card]:
    return Counter(parse_card(t) for t in re.split(r"[\s,;:()]+", text) if _CARD_TOKEN.match(t))


@pytest.mark.parametrize(
    ("event", "sentence"),
    [
        (HandStarted(hand_number=2, dealer=1, first_player=2), "Hand 2 is dealt by seat 1; seat 2 plays first."),
        (UpcardTurned(parse_cards("7H")), "The upcard is 7H."),
        (UpcardTurned(parse_cards("JK 3D 7H"), frozen=True),
         "The upcards are JK 3D 7H, so the pile is frozen."),
        (UpcardTurned(parse_cards("9S"), trump=parse_card("9S")), "The upcard is 9S; the trump is 9S."),
        (RedThreeLaid(seat=1, card=parse_card("3H"), source="deal", replacement=parse_card("TD")),
         "Seat 1 lays red 3 3H (dealt, replaced by TD)."),
        (RedThreeLaid(seat=1, card=parse_card("3D"), source="pile", replacement=None),
         "Seat 1 lays red 3 3D (from the pile)."),
        (RedThreeLaid(seat=0, card=parse_card("3D"), source="stock", replacement=None),
         "Seat 0 lays red 3 3D (drawn, not replaced: the stock is empty)."),
        (RedThreeLaidHidden(seat=1, card=parse_card("3H"), source="stock"), "Seat 1 lays red 3 3H (drawn, replaced)."),
        (CardsDrawn(seat=0, cards=parse_cards("7H 9C")), "Seat 0 draws 7H 9C."),
        (CardsDrawnHidden(seat=3, count=1), "Seat 3 draws a card."),
        (CardsDrawnHidden(seat=3, count=2), "Seat 3 draws 2 cards."),
        (PileTaken(seat=2, cards=parse_cards("4C")), "Seat 2 takes the pile (1 card)."),
        (PileTaken(seat=2, cards=parse_cards("4C 9D 9D"), aside=True),
         "Seat 2 takes the pile (3 cards); the rest waits aside until the team is down."),
        (PileJoined(seat=0, cards=parse_cards("4C 5D")), "The rest of the pile (2 cards) joins seat 0's hand."),
        (TeamOpened(team=1, seat=3), "Team 1 has opened (by seat 3)."),
        (PacketTaken(seat=0, packet=1, cards=parse_cards("4C 5D")), "Seat 0 picks up packet 1 (2 cards)."),
        (PacketTakenHidden(seat=0, packet=2, size=11), "Seat 0 picks up packet 2 (11 cards)."),
        (WentOut(seat=1, concealed=False), "Seat 1 goes out."),
        (WentOut(seat=1, concealed=True), "Seat 1 goes out concealed."),
        (StockExhausted(seat=3), "The stock is empty: seat 3 drew the last card."),
        (GameEnded(winner=0, scores=(5010, 3000)),
         "The game is over: team 0 wins; final scores team 0 5010, team 1 3000."),
    ],
)
def test_str_of_each_event_is_its_sentence(event: kanasta.SeenEvent, sentence: str) -> None:
    assert str(event) == sentence == kanasta.event_text(event)
    assert _is_sentence(str(event))


def test_the_renderer_names_sides_as_the_rules_do() -> None:
    four, three = TextRenderer(kanasta.Rules.classic()), TextRenderer(kanasta.Rules.classic(players=3))
    opened = TeamOpened(team=1, seat=3)
    assert four.event(opened) == "Team 1 (seats 1+3) has opened (by seat 3)."
    assert three.event(TeamOpened(team=2, seat=2)) == "Seat 2 has opened."
    assert three.event(GameEnded(winner=2, scores=(10, 20, 5020))) == (
        "The game is over: seat 2 wins; final scores seat 0 10, seat 1 20, seat 2 5020."
    )


def test_str_of_a_hand_result_is_a_sentence() -> None:
    state = next(s for s in game("classic") if s.hand_results)
    result = state.hand_results[0]
    text = str(result)
    assert _is_sentence(text) and text.startswith("Hand 1 ended: ")
    for team in result.teams:
        assert f"team {team.team} {team.total}" in text
    assert text.endswith(f"game scores team 0 {result.scores[0]}, team 1 {result.scores[1]}.")
    empty = HandResult(hand_number=3, dealer=0, ended_by="red_three", went_out=None, concealed=False, teams=(),
                       scores=(1, 2), melds=(), hands=(), red_threes=(), trump=None)
    assert str(empty) == "Hand 3 ended: the last stock card was a red 3; game scores team 0 1, team 1 2."


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_every_event_of_a_game_reads_as_a_sentence_for_every_seat(preset: str) -> None:
    final = game(preset)[-1]
    kinds = set()
    for seat in range(final.rules.players):
        view = final.view(seat)
        renderer = TextRenderer(final.rules, pretty=True)
        for step in view.history:
            for event in step.events:
                kinds.add(type(event).__name__)
                assert _is_sentence(str(event)), event
                assert _is_sentence(renderer.event(event)), event
                if isinstance(event, (CardsDrawnHidden, PacketTakenHidden)):
                    assert not _cards_in(str(event))  # a hidden event's sentence shows no card
    assert {"CardsDrawn", "CardsDrawnHidden", "HandEnded", "GameEnded"} <= kinds


def test_points_with_halves_and_the_score_table() -> None:
    from kanasta.text import points

    assert points(Fraction(7, 2)) == "3.5" and points(Fraction(-4)) == "-4"
    state = next(s for s in game("kanasta") if s.hand_results)
    lines = TextRenderer(state.rules).score_table(state.hand_results[0])
    labels = [line.split("  ")[0] for line in lines[1:]]
    assert labels[:3] == ["packets", "melds", "canastas"] and "hand total (rounded up)" in labels
    totals = next(line for line in lines if line.startswith("hand total"))
    assert totals.split()[-2:] == [str(t.total) for t in state.hand_results[0].teams]


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_describe_shows_the_seat_only_what_it_may_see(preset: str) -> None:
    """E-4: the cards in a view's picture are its own hand, the table and its moves' cards — no other hand."""
    for state in some_states(preset, 60)[::25]:
        for seat in range(state.rules.players):
            view = state.view(seat)
            text = view.describe()
            seen = _cards_in(text)
            table = Counter(c for c in (*state.hands[seat], *state.pile, *state.turn.aside) if c)
            for team in range(state.rules.teams):
                table.update(c for m in state.melds[team] for c in m.cards)
                table.update(state.red_threes[team])
            if state.trump is not None:
                table[state.trump] += 1
            if state.turn.forbidden is not None:
                table[state.turn.forbidden] += 1
            moves = Counter[Card]()
            for line in text.splitlines():
                if line.startswith("Your moves: "):
                    moves = _cards_in(line)
            assert not (seen - moves) - table
            assert f"Seat {seat} (you): {kanasta.format_cards(view.hand) or '-'}" in text
            assert view.describe(pretty=True).count("\n") == text.count("\n")


def test_describe_lists_the_moves_only_for_the_seat_to_move() -> None:
    state = game("classic")[30]
    mover = state.current_player
    for seat in range(4):
        assert ("Your moves: " in state.view(seat).describe()) == (seat == mover)
    final = game("classic")[-1]
    assert final.view(0).describe().startswith(f"Game over: team {final.winner} wins.")


def test_colour_only_when_asked() -> None:
    cards = parse_cards("7H 7S 2C JK")
    assert "\x1b[" not in TextRenderer().cards(cards)
    coloured = TextRenderer(colour=True, pretty=True).cards(cards)
    assert coloured.count("\x1b[31m") == 1 and coloured.count("\x1b[1m") == 2  # a red 7; two wild cards
    assert re.sub(r"\x1b\[\d+m", "", coloured) == "7♥ 7♠ 2♣ JK"
