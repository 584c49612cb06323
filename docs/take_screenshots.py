"""Take the screenshots of the browser table shown in docs/frontend.rst.

Run from the repository root, with the ``test`` extra installed and Debian's
``chromium`` (the same setup as tests/test_web_browser.py)::

    python docs/take_screenshots.py

It writes ``docs/images/table-*.png``.  The games are seeded, so the pictures
only change when the page or the engine does.
"""

from __future__ import annotations

import sys
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

import kanasta
from kanasta.bots import GreedyBot
from kanasta.web import Table
from kanasta.web.testing import chromium_executable, running

OUT = Path(__file__).resolve().parent / "images"
SIZE = {"width": 1280, "height": 800}
TITLE = "Classic Canasta, 4 players"


def mid_game(seed: int) -> kanasta.State:
    """A Classic game played by greedy bots until seat 0 must draw with both teams' melds on the table."""
    state = kanasta.new_game(kanasta.Rules.classic(), seed=seed)
    bot = GreedyBot()
    while True:
        seat = state.current_player
        if seat == 0 and state.phase is kanasta.Phase.DRAW and all(len(m) >= 2 for m in state.melds):
            return state
        state = state.apply(bot.choose(state.view(seat)))


def open_seat(page: Page, base: str, table: Table, seat: int) -> None:
    page.goto(f"{base}/seat/{seat}?token={table.token(seat)}")
    page.wait_for_selector("body[data-state=online][data-version]")


def main() -> int:
    executable = chromium_executable()
    if executable is None:
        print("no chromium found: apt-get install chromium", file=sys.stderr)
        return 1
    OUT.mkdir(exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=executable, args=["--no-sandbox"])
        page = browser.new_page(viewport=SIZE)

        # 1. Seat 0 mid-game, after drawing, a card selected: the buttons of the moves it allows.
        state = mid_game(seed=3)
        table = Table(state, humans=[0], bots={s: GreedyBot() for s in (1, 2, 3)}, bot_delay=600, title=TITLE)
        with running(table) as base:
            open_seat(page, base, table, 0)
            page.fill("#move-input", "draw")
            page.click("#move-send")
            page.wait_for_selector("body[data-phase=play]")
            page.locator("#hand .card").nth(0).click()
            page.screenshot(path=str(OUT / "table-play.png"))
            print("wrote", OUT / "table-play.png")

            # 2. A refused move: its message names the rule.
            page.locator("#hand .card").nth(0).click()
            page.fill("#move-input", f"discard {state.hands[0][0]} {state.hands[0][1]}")
            page.click("#move-send")
            page.wait_for_selector("#message:not([hidden])")
            page.fill("#move-input", f"meld {state.hands[0][0]} {state.hands[0][-1]}")
            page.click("#move-send")
            page.locator("#message", has_text="Refused").wait_for()
            page.locator("#me").screenshot(path=str(OUT / "table-refused.png"))
            print("wrote", OUT / "table-refused.png")

        # 3. The hand's score table: seat 0 plays the last move offered until the hand ends.
        state = kanasta.new_game(kanasta.Rules.classic(), seed=11)
        table = Table(state, humans=[0], bots={s: GreedyBot() for s in (1, 2, 3)}, title=TITLE)
        with running(table) as base:
            open_seat(page, base, table, 0)
            while True:
                page.wait_for_selector("body[data-turn=mine], #hand-end:not([hidden])")
                if not page.locator("#hand-end").is_hidden():
                    break
                version = page.get_attribute("body", "data-version")
                if page.locator("#all-moves-box").get_attribute("open") is None:
                    page.click("#all-moves-box summary")
                buttons = page.locator("#all-moves button")
                buttons.nth(buttons.count() - 1).click()
                page.wait_for_selector(f"body:not([data-version='{version}'])")
            page.screenshot(path=str(OUT / "table-hand-end.png"))
            print("wrote", OUT / "table-hand-end.png")
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
