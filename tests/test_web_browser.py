"""End-to-end tests of the browser table: the real page in headless Chromium, driven by Playwright.

The server runs on a free loopback port in a thread (kanasta.web.testing.running);
Chromium is the system's (Debian's ``chromium`` package; ``.ci/run`` installs it),
launched by path: Playwright's own browser download is not used.  Skipped when
no Chromium is found.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator

import pytest
from playwright import sync_api

import kanasta
from kanasta.bots import GreedyBot
from kanasta.web import Table
from kanasta.web.testing import chromium_executable, running

CHROMIUM = chromium_executable()
pytestmark = pytest.mark.skipif(
    CHROMIUM is None,
    reason="no Chromium found (install Debian's chromium package, or set KANASTA_CHROMIUM to a Chromium binary)",
)

WAIT_MS = 60_000
"""How long a step may wait for the page (a safety net, not a timing assertion)."""


@pytest.fixture(scope="module")
def browser() -> Iterator[sync_api.Browser]:
    with sync_api.sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield launched
        launched.close()


def _open(browser: sync_api.Browser, base: str, table: Table, seat: int) -> sync_api.Page:
    page = browser.new_page(viewport={"width": 1300, "height": 900})
    page.set_default_timeout(WAIT_MS)
    page.goto(f"{base}/seat/{seat}?token={table.token(seat)}")
    page.wait_for_selector("body[data-state=online]")
    page.wait_for_selector("body[data-version]")
    return page


def _hand_on_page(page: sync_api.Page) -> list[str]:
    return page.eval_on_selector_all("#hand .card", "cards => cards.map(c => c.dataset.card)")


def test_a_whole_hand_is_played_through_the_page_against_bots(browser: sync_api.Browser) -> None:
    state = kanasta.new_game(kanasta.Rules.classic(), seed=11)
    table = Table(state, humans=[0], bots={s: GreedyBot() for s in (1, 2, 3)})
    with running(table) as base:
        page = _open(browser, base, table, 0)
        clicks = 0
        while not table.state.hand_results:
            # Wait until it is our turn (the bots play the rest) or the hand is over.
            page.wait_for_selector("body[data-turn=mine], #hand-end:not([hidden])")
            if not page.locator("#hand-end").is_hidden():
                break
            version = page.get_attribute("body", "data-version")
            assert _hand_on_page(page) == [str(c) for c in table.state.hands[0]]
            # Play the last legal move offered (a discard ends the turn; the list ends with them).
            if page.locator("#all-moves-box").get_attribute("open") is None:
                page.click("#all-moves-box summary")
            buttons = page.locator("#all-moves button")
            buttons.nth(buttons.count() - 1).click()
            page.wait_for_selector(f"body:not([data-version='{version}'])")
            assert "Refused" not in page.inner_text("#message")
            clicks += 1
            assert clicks < 300, "the hand does not end"
        page.wait_for_selector("#hand-end:not([hidden])")
        result = table.state.hand_results[0]
        heading = page.inner_text("#hand-end-title")
        assert heading.startswith("Hand 1 ended")
        rows = {
            row[0]: row[1:]
            for row in page.eval_on_selector_all(
                "#hand-end-table tr", "rows => rows.map(r => [...r.children].map(c => c.textContent))"
            )
        }
        assert rows["hand total"] == [str(t.total) for t in result.teams]
        assert rows["game score"] == [str(s) for s in result.scores]
        assert clicks > 3
        human_moves = [s for s in table.state.history if s.seat == 0]
        assert len(human_moves) == clicks
        page.close()


def test_a_refused_move_is_shown_on_the_page(browser: sync_api.Browser) -> None:
    state = kanasta.new_game(kanasta.Rules.classic(players=2), seed=4)
    human = state.current_player
    table = Table(state, humans=[human], bots={1 - human: GreedyBot()})
    with running(table) as base:
        page = _open(browser, base, table, human)
        page.wait_for_selector("body[data-turn=mine]")
        card = table.state.hands[human][0]
        page.fill("#move-input", f"discard {card}")  # before drawing: RULES G-TURN-1
        page.click("#move-send")
        page.wait_for_selector("#message:not([hidden])")
        message = page.inner_text("#message")
        assert message.startswith("Refused: ") and message.endswith("[G-TURN-1]")
        assert page.get_attribute("body", "data-refused") == "G-TURN-1"
        assert table.state is state and table.version == 0
        page.fill("#move-input", "meld")
        page.click("#move-send")
        page.locator("#message", has_text="meld needs cards").wait_for()
        # A legal move still goes through afterwards.
        page.fill("#move-input", "draw")
        page.click("#move-send")
        page.wait_for_selector("body[data-phase=play]")
        assert page.inner_text("#message") == "Played: draw"
        assert table.version == 1
        page.close()


def test_two_seats_see_different_cards(browser: sync_api.Browser) -> None:
    state = kanasta.new_game(kanasta.Rules.classic(), seed=2)
    # The bots wait long enough not to move during the test: the table stays as dealt.
    table = Table(state, humans=[0, 1], bots={2: GreedyBot(), 3: GreedyBot()}, bot_delay=600)
    with running(table) as base:
        zero, one = _open(browser, base, table, 0), _open(browser, base, table, 1)
        hand0, hand1 = _hand_on_page(zero), _hand_on_page(one)
        assert hand0 == [str(c) for c in table.state.hands[0]]
        assert hand1 == [str(c) for c in table.state.hands[1]]
        assert hand0 != hand1
        # Face up on each page: the seat's own hand, and elsewhere only public cards (pile, melds, red 3s, trump).
        s = table.state
        public = Counter(str(c) for c in s.pile)
        public.update(str(c) for team in s.melds for m in team for c in m.cards)
        public.update(str(c) for reds in s.red_threes for c in reds)
        if s.trump is not None:
            public[str(s.trump)] += 1
        for page, seat in ((zero, 0), (one, 1)):
            faces = page.eval_on_selector_all(
                ".card:not(.back)", "cards => cards.filter(c => !c.closest('#hand')).map(c => c.dataset.card)"
            )
            assert not Counter(faces) - public, (seat, faces)
            other = page.locator(f"#others [data-seat='{1 - seat}']")
            assert other.locator(".card.back").count() == min(15, len(s.hands[1 - seat]))
            assert other.locator(".card:not(.back)").count() == 0
        zero.close()
        one.close()


def _before_a_hand_ends(seed: int) -> tuple[kanasta.State, kanasta.Action]:
    """A four-player Classic position one move before the first hand ends (greedy play), and that move."""
    state = kanasta.new_game(kanasta.Rules.classic(), seed=seed)
    bot = GreedyBot()
    while True:
        move = bot.choose(state.view(state.current_player))
        after = state.apply(move)
        if after.hand_results:
            return state, move
        state = after


def _hand_cards(move: kanasta.Action, state: kanasta.State) -> list[str]:
    """The hand cards ``move`` uses (the page selects them before choosing the move)."""
    if isinstance(move, kanasta.LayMeld):
        return [str(c) for c in move.cards]
    if isinstance(move, (kanasta.AddToMeld, kanasta.TakePile)):
        return [str(c) for c in move.cards]
    if isinstance(move, kanasta.Discard):
        return [str(move.card)]
    if isinstance(move, kanasta.ExtendRun):
        team = state.rules.team_of(state.current_player)
        left = list(state.melds[team][move.meld].cards)
        out = []
        for c in move.run:
            if c in left:
                left.remove(c)
            else:
                out.append(str(c))
        return out
    return []


def _select_by_keyboard(page: sync_api.Page, cards: list[str]) -> None:
    """Select ``cards`` in the hand with the keyboard only: Tab into the hand, arrows along it, Space."""
    page.locator("#hand .card").first.focus()
    hand = _hand_on_page(page)
    wanted = list(cards)
    at = 0
    for i, card in enumerate(hand):
        if card in wanted:
            for _ in range(i - at):
                page.keyboard.press("ArrowRight")
            at = i
            assert page.evaluate("document.activeElement.dataset.card") == card
            page.keyboard.press("Space")
            page.wait_for_selector(f"#hand .card[data-index='{i}'][aria-pressed=true]")
            wanted.remove(card)
    assert not wanted


def test_the_hand_end_board_stays_until_the_player_continues_and_the_bots_wait(browser: sync_api.Browser) -> None:
    # the human makes the move that ends hand 1, with the keyboard; a bot opens hand 2
    for seed in range(1, 40):
        state, move = _before_a_hand_ends(seed)
        human = state.current_player
        if state.apply(move).current_player != human:
            break
    table = Table(state, humans=[human], bots={s: GreedyBot() for s in range(4) if s != human})
    with running(table) as base:
        page = _open(browser, base, table, human)
        page.wait_for_selector("body[data-turn=mine]")
        cards = _hand_cards(move, state)
        if cards:
            _select_by_keyboard(page, cards)
        button = page.locator(f"#moves button[data-move='{move}']")
        assert button.count() == 1, (str(move), page.inner_text("#moves"))
        button.focus()
        page.keyboard.press("Enter")
        page.wait_for_selector("#hand-end:not([hidden])")
        result = table.state.hand_results[0]
        # the box shows the finished hand's board (the next deal has no melds yet) and its scores
        for team, melds in enumerate(result.melds):
            shown = page.eval_on_selector_all(
                f"#hand-end-board .team[data-team='{team}'] .meld",
                "rows => rows.map(r => [...r.querySelectorAll('.card')].map(c => c.dataset.card).join(' '))",
            )
            assert shown == [kanasta.format_cards(m.cards) for m in melds]
        assert not any(table.state.melds) and any(result.melds)
        assert page.inner_text("#hand-end-title").startswith("Hand 1 ended")
        assert page.evaluate("document.activeElement.id") == "hand-end-close"
        # the bots wait for the player (a bot is to move in the new hand)
        assert table.waiting_for == (human,) and table.bot_to_move() is None
        version = table.version
        page.wait_for_timeout(300)  # give the bots' task a chance to (wrongly) move
        assert table.version == version and not page.locator("#hand-end").is_hidden()
        page.keyboard.press("Enter")  # Continue
        page.wait_for_selector("#hand-end[hidden]", state="attached")
        page.wait_for_selector(f"body:not([data-version='{version}'])")  # the bots play on
        assert table.waiting_for == ()
        page.close()


def test_log_lines_sorting_selection_buttons_and_the_last_move(browser: sync_api.Browser) -> None:
    state = kanasta.new_game(kanasta.Rules.classic(), seed=11)
    table = Table(state, humans=[0], bots={s: GreedyBot() for s in (1, 2, 3)})
    with running(table) as base:
        page = _open(browser, base, table, 0)
        page.wait_for_selector("body[data-turn=mine]")
        # log lines: no card left in notation, punctuation after it or not ("Seat 3 draws 5D.")
        log = page.inner_text("#log")
        assert log and not re.search(r"(?<![A-Za-z0-9@])(?:[2-9TJQKA][CDHS]|JK)(?![A-Za-z0-9])", log), log
        # the last move (a bot's) is named and marked
        assert page.inner_text("#last-move").startswith("Last move: seat 3")
        if table.state.history[-1].action.__class__ is kanasta.Discard:
            assert page.locator("#pile .card.last-move").count() == 1
        # sort by suit, then back by rank (the server's order)
        hand = [str(c) for c in table.state.hands[0]]
        assert _hand_on_page(page) == hand
        page.click("#sort-suit")
        suits = [c[-1] if c != "JK" else "Z" for c in _hand_on_page(page)]
        assert suits == sorted(suits, key="CDHSZ".index) and sorted(_hand_on_page(page)) == sorted(hand)
        page.click("#sort-rank")
        assert _hand_on_page(page) == hand
        # draw with the keyboard: the card-free move is offered with nothing selected
        draw = page.locator("#moves button[data-move='draw']")
        draw.focus()
        page.keyboard.press("Enter")
        page.wait_for_selector("body[data-phase=play]")
        # select one card: one button per kind of move it allows, each a legal move with exactly it
        card = str(table.state.hands[0][0])
        _select_by_keyboard(page, [card])
        offered = page.eval_on_selector_all("#moves button", "bs => bs.map(b => b.dataset.move)")
        legal = [str(a) for a in table.state.legal_actions()]
        assert f"discard {card}" in offered and set(offered) <= set(legal)
        assert all(card in m.split() for m in offered)
        kinds = page.eval_on_selector_all("#moves button", "bs => bs.map(b => b.dataset.kind)")
        assert "discard" in kinds and len(offered) < len(legal)
        version = page.get_attribute("body", "data-version")
        page.locator(f"#moves button[data-move='discard {card}']").click()
        page.wait_for_selector(f"body:not([data-version='{version}'])")  # (the bots may hand the turn back at once)
        assert any(step.seat == 0 and str(step.action) == f"discard {card}" for step in table.state.history)
        page.close()
