"""Tests of the browser table's server (kanasta.web): every endpoint, hostile requests, information hiding.

The server runs in-process under Starlette's test client (no socket), except
the command-line test, which starts ``kanasta serve`` on a loopback port.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import re
import socket
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from typing import Any

import attrs
import pytest
from starlette.testclient import TestClient

import kanasta
from kanasta.bots import GreedyBot, RandomBot, play_out
from kanasta.web import MAX_MOVE_TEXT, Table, TableError, seat_payload
from kanasta.web.app import MAX_BODY, create_app
from kanasta.web.serve import parse_seats

CARD = re.compile(r"(?<![A-Za-z0-9])(?:[2-9TJQKA][CDHS]|JK)(?![A-Za-z0-9])")


def _table(human: tuple[int, ...] = (0,), *, players: int = 4, seed: int = 5) -> Table:
    rules = kanasta.Rules.classic(players=players)
    state = kanasta.new_game(rules, seed=seed)
    bots = {s: GreedyBot() for s in range(players) if s not in human}
    return Table(state, humans=human, bots=bots)


@pytest.fixture
def table() -> Table:
    """Seats 0 and 2 human, 1 and 3 greedy bots; seat 3 plays first (seed 5)."""
    return _table((0, 2))


@pytest.fixture
def client(table: Table) -> Iterator[TestClient]:
    with TestClient(create_app(table)) as c:
        yield c


def _auth(table: Table, seat: int) -> dict[str, str]:
    return {"X-Kanasta-Token": table.token(seat)}


def _wait_for_human(client: TestClient, table: Table, seat: int) -> dict[str, Any]:
    """Read pushed payloads until it is ``seat``'s turn (the bots play the other seats)."""
    with client.websocket_connect(f"/api/seat/{seat}/updates?token={table.token(seat)}") as ws:
        for _ in range(500):
            payload: dict[str, Any] = ws.receive_json()
            if payload["view"]["player"] == seat:
                return payload
    raise AssertionError("the bots never handed the turn to the human")


# -- pages and static files ---------------------------------------------------------


def test_seat_page_is_served_for_a_human_seat_with_its_token(client: TestClient, table: Table) -> None:
    page = client.get(f"/seat/0?token={table.token(0)}")
    assert page.status_code == 200
    assert page.headers["content-type"].startswith("text/html")
    assert '<script src="/static/table.js"' in page.text
    assert table.token(0) not in page.text  # the page holds no secret of its own
    for name, kind in (("table.js", "javascript"), ("table.css", "text/css")):
        asset = client.get(f"/static/{name}")
        assert asset.status_code == 200 and kind in asset.headers["content-type"]


def test_every_response_has_the_security_headers(client: TestClient, table: Table) -> None:
    for path in (f"/seat/0?token={table.token(0)}", "/static/table.js", "/api/seat/0", "/nowhere", "/"):
        headers = client.get(path).headers
        assert headers["referrer-policy"] == "no-referrer", path  # the address holds the token
        assert headers["x-content-type-options"] == "nosniff", path
        assert "default-src 'self'" in headers["content-security-policy"], path


@pytest.mark.parametrize(
    ("path", "status"),
    [
        ("/seat/0?token=wrong", 403),
        ("/seat/0", 403),
        ("/seat/1?token=x", 403),  # a bot's seat
        ("/seat/4?token=x", 404),
        ("/seat/99999999999999999999", 404),
        ("/seat/-1", 404),
        ("/seat/abc", 404),
    ],
)
def test_bad_seat_pages_are_refused(client: TestClient, path: str, status: int) -> None:
    assert client.get(path).status_code == status


HUGE = "9" * 4301  # past CPython's int-string limit: int() of it raises ValueError (issue 25 R7)


def _has_security_headers(headers: Any) -> bool:
    return (
        headers.get("referrer-policy") == "no-referrer"
        and headers.get("x-content-type-options") == "nosniff"
        and "default-src 'self'" in headers.get("content-security-policy", "")
        and headers.get("x-frame-options") == "DENY"
    )


@pytest.mark.parametrize("seat", [HUGE, "-1", "1e3", "0x1", "٣", "²", "00000000000000000001", " 1", "1 ", "%00"])
@pytest.mark.parametrize(
    ("method", "route"),
    [("GET", "/seat/{}"), ("GET", "/api/seat/{}"), ("POST", "/api/seat/{}/move"), ("POST", "/api/seat/{}/continue")],
)
def test_every_route_answers_a_client_error_with_the_headers_for_any_seat(
    client: TestClient, table: Table, method: str, route: str, seat: str
) -> None:
    # any text where the seat number goes: a client error (never 500), with the security headers
    reply = client.request(method, route.format(seat), params={"token": table.token(0)}, json={"move": "draw"})
    assert reply.status_code in (400, 404), (route, seat[:20], reply.status_code)
    assert _has_security_headers(reply.headers)
    if route.startswith("/api"):
        assert reply.json()["error"]["code"] in ("bad_seat", "not_found")
        assert len(reply.text) < 500  # the huge number is not echoed back


def test_the_updates_socket_refuses_any_seat_text(client: TestClient, table: Table) -> None:
    for seat in (HUGE, "٣", "-1"):
        with client.websocket_connect(f"/api/seat/{seat}/updates?token={table.token(0)}") as ws:
            assert ws.receive_json()["error"]["code"] == "bad_seat"


def test_a_server_failure_still_carries_the_security_headers(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(seat: int) -> str:
        raise RuntimeError("a bug")

    with TestClient(create_app(table), raise_server_exceptions=False) as client:
        monkeypatch.setattr(table, "payload_json", broken)  # what the seat's route sends
        reply = client.get("/api/seat/0", params={"token": table.token(0)})
    assert reply.status_code == 500 and reply.json()["error"]["code"] == "server_error"
    assert "a bug" not in reply.text and _has_security_headers(reply.headers)


def test_without_the_token_a_bot_seat_looks_like_a_human_one(client: TestClient, table: Table) -> None:
    # seat 1 is a bot, seat 2 a human: a client without their tokens gets the same answer for both
    for path in ("/api/seat/{}", "/seat/{}"):
        bot, human = client.get(path.format(1)), client.get(path.format(2))
        assert bot.status_code == human.status_code == 403
        assert bot.text.replace("seat 1", "seat N") == human.text.replace("seat 2", "seat N")
        assert "bot" not in bot.text.lower()


def test_static_files_stay_in_their_folder(client: TestClient) -> None:
    for path in ("/static/../app.py", "/static/%2e%2e/app.py", "/static/..%2fapp.py", "/static/nothing.js"):
        response = client.get(path)
        assert response.status_code == 404, path
        assert "create_app" not in response.text


# -- the seat's view --------------------------------------------------------------------


def test_view_endpoint_sends_the_seats_payload(client: TestClient, table: Table) -> None:
    # Seat 3 (a bot) plays first, in the server's own thread: wait until the turn reaches the
    # human at seat 0, so the state stands still while the payload is compared with it.
    _wait_for_human(client, table, 0)
    got = client.get("/api/seat/2", params={"token": table.token(2)})
    assert got.status_code == 200
    body = got.json()
    assert body["seat"] == 2 and body["version"] == table.version
    assert body["seats"] == ["human", "GreedyBot", "human", "GreedyBot"]
    assert kanasta.parse_cards(body["view"]["hand"]) == table.state.hands[2]
    # The same JSON as the payload built from the seat's view alone.
    expected = seat_payload(table.state.view(2), version=table.version, seats=table.seats, title=table.title)
    table_keys = {"problem", "continued", "waiting_for"}
    assert {k: v for k, v in body.items() if k not in table_keys} == json.loads(json.dumps(expected))
    assert body["continued"] == 0 and body["waiting_for"] == []


@pytest.mark.parametrize(
    ("seat", "token", "status", "code"),
    [
        (0, None, 403, "bad_token"),
        (0, "", 403, "bad_token"),
        (0, "not-the-token", 403, "bad_token"),
        (1, "anything", 403, "bad_token"),  # a bot's seat: the token is checked first (issue 25 R7)
        (1, None, 403, "bad_token"),
        (7, "anything", 404, "bad_seat"),
    ],
)
def test_view_endpoint_refuses_bad_seats_and_tokens(
    client: TestClient, seat: int, token: str | None, status: int, code: str
) -> None:
    params = {} if token is None else {"token": token}
    got = client.get(f"/api/seat/{seat}", params=params)
    assert got.status_code == status
    assert got.json()["error"]["code"] == code
    assert "view" not in got.json()


def test_one_seats_token_does_not_open_another_seat(client: TestClient, table: Table) -> None:
    got = client.get("/api/seat/2", headers=_auth(table, 0))
    assert got.status_code == 403 and got.json()["error"]["code"] == "bad_token"


def test_unknown_addresses_and_methods_get_json_errors(client: TestClient, table: Table) -> None:
    seat_x = client.get("/api/seat/x")
    assert seat_x.status_code == 404 and seat_x.json()["error"]["code"] == "bad_seat"
    assert client.get("/api/nothing").status_code == 404
    wrong = client.get("/api/seat/0/move", headers=_auth(table, 0))
    assert wrong.status_code == 405 and wrong.json()["error"]["code"] == "bad_method"
    assert client.delete("/api/seat/0", headers=_auth(table, 0)).status_code == 405


def _keys(data: Any) -> set[str]:
    """Every key of every object in a JSON document."""
    if isinstance(data, dict):
        return set(data).union(*(_keys(v) for v in data.values()))
    if isinstance(data, list):
        return set().union(*(_keys(v) for v in data))
    return set()


def _secret_kinds(state: kanasta.State, seat: int) -> set[str]:
    """Card kinds whose every copy is hidden from ``seat`` and that no public record ever showed.

    Hidden places: the other hands, the stock, the packets.  Public records:
    every move of the history (moves are public) and every upcard turned.
    """
    hidden: Counter[kanasta.Card] = Counter()
    for other, hand in enumerate(state.hands):
        if other != seat:
            hidden.update(hand)
    hidden.update(state.stock)
    for packet in state.packets:
        hidden.update(packet)
    total = Counter(kanasta.DECK)
    shown: set[str] = set()
    events = list(state.start_events)
    for step in state.history:
        shown.update(CARD.findall(str(step.action)))
        events.extend(step.events)
    for event in events:
        if isinstance(event, kanasta.UpcardTurned):
            shown.update(str(c) for c in event.cards)
        if isinstance(event, kanasta.HandEnded):  # every hand is shown when it is scored
            for hand in event.result.hands:
                shown.update(str(c) for c in hand)
    return {str(card) for card, n in hidden.items() if n == total[card] and str(card) not in shown}


@pytest.mark.parametrize("name", ["classic", "kanasta"])
def test_a_seat_is_never_sent_a_card_it_may_not_see(name: str) -> None:
    """Information hiding (RULES E-4): a card kind held only in places the seat cannot see never appears in its JSON."""
    rules = kanasta.Rules.kanasta() if name == "kanasta" else kanasta.Rules.classic()
    rng = random.Random(7)
    checked = 0
    for seed in range(4):
        state = kanasta.new_game(rules, seed=seed)
        for _ in range(rng.randrange(0, 120)):
            if state.is_game_over:
                break
            state = state.apply(rng.choice(state.legal_actions()))
        table = Table(state, humans=range(4), bots={})
        for seat in range(4):
            payload = table.payload(seat)
            text = json.dumps(payload)
            secret = _secret_kinds(state, seat)
            leaked = secret & set(CARD.findall(text))
            assert not leaked, (seed, seat, leaked)
            assert not {"seed", "stock"} & _keys(payload)
            assert not {"hands", "packets"} & set(payload["view"])
            checked += len(secret)
    assert checked > 50  # the check had secrets to keep


def test_two_seats_get_their_own_hands(client: TestClient, table: Table) -> None:
    zero = client.get("/api/seat/0", headers=_auth(table, 0)).json()
    two = client.get("/api/seat/2", headers=_auth(table, 2)).json()
    assert kanasta.parse_cards(zero["view"]["hand"]) == table.state.hands[0]
    assert kanasta.parse_cards(two["view"]["hand"]) == table.state.hands[2]
    assert zero["view"]["hand"] != two["view"]["hand"]


# -- moves ----------------------------------------------------------------------------


def test_a_human_plays_by_notation_and_by_index_and_the_bots_answer(client: TestClient, table: Table) -> None:
    payload = _wait_for_human(client, table, 0)
    assert payload["view"]["legal_actions"][0] == "draw" and payload["view"]["phase"] == "draw"
    before = table.version
    drawn = client.post("/api/seat/0/move", json={"move": "DRAW "}, headers=_auth(table, 0))
    if drawn.status_code != 200:  # older notation: verbs in lower case only
        drawn = client.post("/api/seat/0/move", json={"move": "draw"}, headers=_auth(table, 0))
    assert drawn.status_code == 200, drawn.json()
    after = drawn.json()
    assert after["version"] == before + 1 and after["view"]["phase"] == "play"
    discards = [i for i, m in enumerate(after["view"]["legal_actions"]) if m.startswith("discard ")]
    played = client.post(
        "/api/seat/0/move", json={"index": discards[0], "version": after["version"]}, headers=_auth(table, 0)
    )
    assert played.status_code == 200, played.json()
    reply = played.json()  # the payload right after the move, before any bot moved
    assert reply["log"][-1] == f"seat 0: {after['view']['legal_actions'][discards[0]]}"
    assert reply["view"]["player"] == 1 and reply["version"] == before + 2
    # The bots play on: the next human turn comes back to seat 0 or seat 2.
    payload = _wait_for_human(client, table, 2)
    assert payload["view"]["player"] == 2 and table.version > before + 2


def test_an_illegal_move_is_refused_with_the_rules_reason(client: TestClient, table: Table) -> None:
    _wait_for_human(client, table, 0)
    version, state = table.version, table.state
    card = state.hands[0][0]
    refused = client.post("/api/seat/0/move", json={"move": f"discard {card}"}, headers=_auth(table, 0))
    assert refused.status_code == 422
    error = refused.json()["error"]
    assert error["code"] == "illegal" and error["rule"] == "G-TURN-1"  # draw first (RULES G-TURN-1)
    assert error["message"].endswith("[G-TURN-1]")
    with pytest.raises(kanasta.IllegalActionError, match=re.escape(error["message"])):
        state.apply(kanasta.Discard(card))
    assert table.version == version and table.state is state


def _move(client: TestClient, table: Table, seat: int, **kwargs: Any) -> Any:
    return client.post(f"/api/seat/{seat}/move", headers=_auth(table, seat), **kwargs)


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"move": "fly away"}, 400, "notation"),
        ({"move": "discard 1X"}, 400, "notation"),
        ({"move": ""}, 400, "notation"),
        ({"move": "draw " * (MAX_MOVE_TEXT // 5 + 1)}, 400, "bad_move"),
        ({"move": 7}, 400, "bad_move"),
        ({"move": None}, 400, "bad_move"),
        ({"index": "0"}, 400, "bad_move"),
        ({"index": True}, 400, "bad_move"),
        ({"index": 1.5}, 400, "bad_move"),
        ({"index": -1}, 400, "bad_index"),
        ({"index": 10**30}, 400, "bad_index"),
        ({"index": 0, "version": "1"}, 400, "bad_move"),
        ({"move": "draw", "index": 0}, 400, "bad_move"),
        ({}, 400, "bad_move"),
        ({"move": "draw", "seat": 2}, 400, "bad_move"),
        (["draw"], 400, "bad_move"),
        ("draw", 400, "bad_move"),
        (None, 400, "bad_move"),
    ],
)
def test_malformed_moves_are_refused_and_change_nothing(
    client: TestClient, table: Table, body: Any, status: int, code: str
) -> None:
    _wait_for_human(client, table, 0)
    version = table.version
    headers = {**_auth(table, 0), "Content-Type": "application/json"}
    got = client.post("/api/seat/0/move", content=json.dumps(body), headers=headers)
    assert got.status_code == status, got.json()
    assert got.json()["error"]["code"] == code
    assert got.json()["error"]["message"]
    assert table.version == version


@pytest.mark.parametrize(
    ("content", "content_type", "status", "code"),
    [
        (b"{not json", "application/json", 400, "bad_json"),
        (b'{"move": NaN}', "application/json", 400, "bad_json"),
        (b'{"index": Infinity}', "application/json", 400, "bad_json"),
        (b"[" * 3000 + b"]" * 1000, "application/json", 400, "bad_json"),
        (b"\xff\xfe\x00", "application/json", 400, "bad_json"),
        (b"", "application/json", 400, "bad_json"),
        (b'{"move": "draw"}', "text/plain", 415, "not_json"),
        (b'{"move": "draw"}', "", 415, "not_json"),
        (b'{"move": "' + b"x" * MAX_BODY + b'"}', "application/json", 413, "too_large"),
    ],
)
def test_hostile_bodies_are_refused_clearly(
    client: TestClient, table: Table, content: bytes, content_type: str, status: int, code: str
) -> None:
    _wait_for_human(client, table, 0)
    version = table.version
    headers = {**_auth(table, 0), "Content-Type": content_type}
    got = client.post("/api/seat/0/move", content=content, headers=headers)
    assert got.status_code == status
    assert got.json()["error"]["code"] == code
    assert table.version == version


def test_a_huge_streamed_body_is_cut_off(client: TestClient, table: Table) -> None:
    """No Content-Length (chunked): the server stops reading after MAX_BODY bytes."""

    def chunks() -> Iterator[bytes]:
        yield b'{"move": "'
        for _ in range(1000):  # 1 MB, if it were all read
            yield b"x" * 1024
        yield b'"}'

    headers = {**_auth(table, 0), "Content-Type": "application/json"}
    got = client.post("/api/seat/0/move", content=chunks(), headers=headers)
    assert got.status_code == 413 and got.json()["error"]["code"] == "too_large"


def test_moves_out_of_turn_are_refused(client: TestClient, table: Table) -> None:
    _wait_for_human(client, table, 0)
    got = _move(client, table, 2, json={"move": "draw"})
    assert got.status_code == 409 and got.json()["error"]["code"] == "not_your_turn"
    assert "seat 0" in got.json()["error"]["message"]
    bot = client.post("/api/seat/1/move", json={"move": "draw"}, headers={"X-Kanasta-Token": table.token(0)})
    assert bot.status_code == 403 and bot.json()["error"]["code"] == "bad_token"
    no_token = client.post("/api/seat/0/move", json={"move": "draw"})
    assert no_token.status_code == 403 and no_token.json()["error"]["code"] == "bad_token"


def test_moves_after_the_game_are_refused_and_the_winner_is_shown() -> None:
    rules = attrs.evolve(kanasta.Rules.classic(players=2), target_score=50)
    state = play_out(kanasta.new_game(rules, seed=2), [RandomBot(seed=1), RandomBot(seed=2)])
    assert state.is_game_over
    table = Table(state, humans=[0, 1], bots={})
    with TestClient(create_app(table)) as client:
        payload = client.get("/api/seat/1", headers=_auth(table, 1)).json()
        assert payload["view"]["phase"] == "game_over" and payload["view"]["winner"] == state.winner
        assert payload["view"]["legal_actions"] == []
        assert [h["hand_number"] for h in payload["hand_scores"]] == list(range(1, len(state.hand_results) + 1))
        got = _move(client, table, 1, json={"move": "draw"})
        assert got.status_code == 409 and got.json()["error"] == {"code": "game_over", "message": "the game is over"}


def test_an_index_from_an_older_list_is_refused(client: TestClient, table: Table) -> None:
    payload = _wait_for_human(client, table, 0)
    stale = _move(client, table, 0, json={"index": 0, "version": payload["version"] - 1})
    assert stale.status_code == 409 and stale.json()["error"]["code"] == "stale"
    fresh = _move(client, table, 0, json={"index": 0, "version": payload["version"]})
    assert fresh.status_code == 200 and fresh.json()["view"]["phase"] == "play"


# -- pushed updates --------------------------------------------------------------------


def test_updates_are_pushed_after_every_move(client: TestClient, table: Table) -> None:
    payload = _wait_for_human(client, table, 0)
    with client.websocket_connect(f"/api/seat/2/updates?token={table.token(2)}") as ws:
        first = ws.receive_json()
        assert first["seat"] == 2 and first["version"] == payload["version"]
        assert _move(client, table, 0, json={"move": "draw"}).status_code == 200
        pushed = ws.receive_json()
        assert pushed["version"] == first["version"] + 1
        assert pushed["log"][-2:] == ["seat 0: draw", pushed["log"][-1]]
        assert pushed["view"]["hand_sizes"][0] == first["view"]["hand_sizes"][0] + 1
        assert pushed["view"]["hand"] == first["view"]["hand"]  # seat 2 does not see what seat 0 drew


@pytest.mark.parametrize("query", ["", "?token=wrong", "?token=x"])
def test_updates_refuse_a_wrong_token(client: TestClient, table: Table, query: str) -> None:
    with client.websocket_connect(f"/api/seat/0/updates{query}") as ws:
        message = ws.receive_json()
        assert message == {
            "error": {
                "code": "bad_token",
                "message": "this is not seat 0's address: the token is missing or wrong",
            }
        }
        closed = ws.receive()
        assert closed["type"] == "websocket.close" and closed["code"] == 1008


def test_updates_for_a_bot_seat_are_refused(client: TestClient) -> None:
    with client.websocket_connect("/api/seat/1/updates?token=x") as ws:
        assert ws.receive_json()["error"]["code"] == "bad_token"


# -- the table --------------------------------------------------------------------


def _before_a_hand_ends(seed: int, players: int = 4) -> tuple[kanasta.State, kanasta.Action]:
    """A position one move before the first hand ends (greedy bots at every seat), and that move."""
    state = kanasta.new_game(kanasta.Rules.classic(players=players), seed=seed)
    bot = GreedyBot()
    while True:
        move = bot.choose(state.view(state.current_player))
        after = state.apply(move)
        if after.hand_results:
            return state, move
        state = after


def _hand_ending_table(seed: int) -> tuple[Table, kanasta.Action, int]:
    """A table whose human (the seat to move) ends hand 1 with its next move; bots at the other seats."""
    state, move = _before_a_hand_ends(seed)
    human = state.current_player
    assert human is not None
    bots = {s: GreedyBot() for s in range(4) if s != human}
    return Table(state, humans=[human], bots=bots), move, human


def test_the_bots_wait_after_a_hand_until_the_humans_continue() -> None:
    # a seed whose second hand is opened by a bot: without the pause it would play at once
    for seed in range(1, 40):
        table, move, human = _hand_ending_table(seed)
        if table.state.apply(move).current_player != human:
            break
    payload = table.move_now(human, str(move))
    assert len(table.state.hand_results) == 1 and table.state.current_player != human
    assert table.waiting_for == (human,) and table.bot_to_move() is None
    assert payload["continued"] == 0 and payload["waiting_for"] == [human]
    # the page draws the hand's end from these: the finished hand's board, not the next deal's
    result = table.state.hand_results[0]
    board = payload["final_board"]
    assert board["melds"] == [[kanasta.format_cards(m.cards) for m in team] for team in result.melds]
    assert board["hands"] == [kanasta.format_cards(h) for h in result.hands]
    assert any(board["melds"]) and not any(table.state.melds)  # the new deal has no melds yet
    assert payload["last_move"]["hand_ended"] and payload["last_move"]["meld"] is None

    async def scenario() -> tuple[int, int]:
        bots = asyncio.create_task(table.run_bots())
        for _ in range(20):  # the bots' task runs, and finds nothing to do
            await asyncio.sleep(0)
        waited = table.version
        changes = table.changes
        await table.continue_hand(human, 1)
        assert table.changes == changes + 1 and table.waiting_for == ()
        await table.wait_change(table.changes)  # the bots' next move
        bots.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await bots
        return waited, table.version

    version = table.version
    waited, after = asyncio.run(scenario())
    assert waited == version and after > version


def test_continue_is_checked() -> None:
    table, move, human = _hand_ending_table(3)
    with pytest.raises(TableError) as err:
        table.continue_now(human, 1)  # hand 1 has not ended yet
    assert err.value.status == 409
    for bad in (-1, True, "1", 1.0):
        with pytest.raises(TableError) as err:
            table.continue_now(human, bad)  # type: ignore[arg-type]
        assert err.value.status == 400
    table.move_now(human, str(move))
    assert table.continue_now(human, 1)["waiting_for"] == []
    assert table.continue_now(human, 0)["continued"] == 1  # never backwards


def test_continue_over_http(table: Table) -> None:
    with TestClient(create_app(table)) as client:
        for body, status in (({"hands": 1}, 409), ({"hands": "x"}, 400), ({}, 400), ([1], 400), ({"hands": 0}, 200)):
            reply = client.post("/api/seat/0/continue", json=body, headers=_auth(table, 0))
            assert reply.status_code == status, body
        assert client.post("/api/seat/0/continue", json={"hands": 0}).status_code == 403  # no token


def test_the_last_move_is_described_for_the_page() -> None:
    state = kanasta.new_game(kanasta.Rules.classic(players=2), seed=3)
    bot = GreedyBot()
    seen: set[str] = set()
    while not state.hand_results:
        mover = state.current_player
        assert mover is not None
        move = bot.choose(state.view(mover))
        state = state.apply(move)
        last = seat_payload(state.view(1 - mover), version=0, seats=("human", "human"))["last_move"]
        assert last["seat"] == mover and last["move"] == str(move)
        team = state.rules.team_of(mover)
        if state.hand_results:
            assert last["hand_ended"] and last["meld"] is None and not last["discard"]
        elif isinstance(move, kanasta.LayMeld):  # a new meld goes last in its team's list
            assert last["meld"] == len(state.melds[team]) - 1 and state.melds[team][-1].cards == move.cards
            seen.add("meld")
        elif isinstance(move, kanasta.AddToMeld):
            assert last["meld"] == move.meld
            seen.add("add")
        elif isinstance(move, kanasta.Discard):
            assert last["discard"] and last["meld"] is None and state.pile[-1] == move.card
            seen.add("discard")
        else:
            assert last["meld"] is None or isinstance(move, kanasta.TakePile)
    assert {"meld", "discard"} <= seen


def test_a_failing_bot_stops_the_bots_and_every_seat_is_told() -> None:
    class Broken:
        def choose(self, view: kanasta.PlayerView) -> kanasta.Action:
            raise RuntimeError("out of ideas")

    state = kanasta.new_game(kanasta.Rules.classic(players=2), seed=1)
    human = 1 - state.current_player  # the bot plays first
    table = Table(state, humans=[human], bots={state.current_player: Broken()})
    address = f"/api/seat/{human}/updates?token={table.token(human)}"
    with TestClient(create_app(table)) as client, client.websocket_connect(address) as ws:
        payload = ws.receive_json()
        while payload["problem"] is None:
            payload = ws.receive_json()
    assert payload["problem"] == f"the bot at seat {state.current_player} failed: RuntimeError: out of ideas"
    assert table.state is state


@pytest.mark.parametrize(
    ("humans", "bots", "message"),
    [
        ([0, 4], [1, 2, 3], "no seat 4"),
        ([0], [1, 2], "seat 3 has neither"),
        ([0, 1], [1, 2, 3], "seat 1 is given both"),
    ],
)
def test_a_table_checks_its_seats(humans: list[int], bots: list[int], message: str) -> None:
    state = kanasta.new_game(kanasta.Rules.classic(), seed=1)
    with pytest.raises(kanasta.KanastaError, match=message):
        Table(state, humans=humans, bots={s: RandomBot(seed=s) for s in bots})


def test_tokens_are_secret_and_distinct() -> None:
    a, b = _table((0, 1, 2, 3)), _table((0, 1, 2, 3))
    tokens = [a.token(s) for s in range(4)] + [b.token(s) for s in range(4)]
    assert len(set(tokens)) == 8 and all(len(t) >= 20 for t in tokens)


# -- the command line ---------------------------------------------------------------


def test_parse_seats() -> None:
    assert parse_seats("2,0", 4) == [2, 0]
    for text, message in (
        ("0,0", "named twice"),
        ("x", "not a seat"),
        ("-1", "not a seat"),
        ("3", "no seat 3"),
    ):
        with pytest.raises(ValueError, match=message):
            parse_seats(text, 3)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--human", "4"], "--human: no seat 4: seats are 0 to 3"),
        (["--rules", "classic-2", "--human", "0,2"], "--human: no seat 2"),
        (["--port", "70000"], "--port: must be from 0 to 65535"),
        (["--bots", "chess"], "--bots: unknown bot 'chess'; the bots are greedy, random, search"),
        (["--bot-delay", "-1"], "--bot-delay: must be at least 0"),
        (["--bot-delay", "nan"], "--bot-delay: must be at least 0"),
    ],
)
def test_serve_refuses_bad_arguments(capsys: pytest.CaptureFixture[str], args: list[str], message: str) -> None:
    from kanasta.cli import main

    with pytest.raises(SystemExit) as exit_:
        main(["serve", *args])
    assert exit_.value.code == 2
    assert message in capsys.readouterr().err


def test_kanasta_serve_prints_each_human_seats_address_and_serves_it() -> None:
    import httpx2

    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "kanasta",
            "serve",
            "--rules",
            "classic-2",
            "--seed",
            "3",
            "--port",
            "0",
            "--human",
            "0",
            "--bot-delay",
            "0",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        lines = [process.stdout.readline() for _ in range(3)]
        assert lines[0].startswith("Classic Canasta, 2 players, seed 3: seats 0 human, 1 GreedyBot")
        match = re.fullmatch(r"  seat 0: (http://127\.0\.0\.1:\d+)/seat/0\?token=([\w-]+)\n", lines[1])
        assert match, lines
        base, token = match.groups()
        page = httpx2.get(f"{base}/seat/0", params={"token": token}, timeout=30)
        assert page.status_code == 200 and "table.js" in page.text
        view = httpx2.get(f"{base}/api/seat/0", params={"token": token}, timeout=30).json()
        assert view["seat"] == 0 and view["seats"] == ["human", "GreedyBot"]
        assert httpx2.get(f"{base}/api/seat/0", timeout=30).status_code == 403
    finally:
        process.terminate()
        process.wait(timeout=30)


def _serve(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "kanasta", "serve", "--port", "0", "--bot-delay", "0", *args],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )


def test_kanasta_serve_hides_the_seed_when_two_humans_play() -> None:
    # a host who plays must not be able to rebuild every hand from the seed (issue 25 R7)
    process = _serve("--rules", "classic", "--seed", "77", "--human", "0,2")
    try:
        assert process.stdout is not None
        first = process.stdout.readline()
        urls = [process.stdout.readline(), process.stdout.readline()]
        seats = "seats 0 human, 1 GreedyBot, 2 human, 3 GreedyBot"
        assert first == f"Classic Canasta, 4 players (seed not shown: 2 people play): {seats}\n"
        for line, seat in zip(urls, (0, 2), strict=True):
            match = re.fullmatch(rf"  seat {seat}: http://127\.0\.0\.1:(\d+)/seat/{seat}\?token=[\w-]+\n", line)
            assert match, line
            # printed once the socket listens: a connection made at once is accepted
            with socket.create_connection(("127.0.0.1", int(match.group(1))), timeout=30):
                pass
    finally:
        process.terminate()
        process.wait(timeout=30)
