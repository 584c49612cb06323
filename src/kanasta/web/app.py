"""The HTTP and WebSocket server of ``kanasta serve``: a Starlette app around a :class:`~kanasta.web.Table`.

Needs the ``web`` extra (``pip install "kanasta[web]"``: Starlette, and
uvicorn to run it).  Every address of a seat carries that seat's secret token
(``?token=...``, or the ``X-Kanasta-Token`` header); a seat is sent only
:func:`~kanasta.web.seat_payload` of its own view.

==========================================  =====================================================
``GET /seat/{seat}?token=T``                the table page for a human seat (static HTML)
``GET /static/...``                         the page's CSS and JavaScript
``GET /api/seat/{seat}?token=T``            the seat's payload as JSON
``POST /api/seat/{seat}/move?token=T``      a move: ``{"move": "discard 7H"}`` or
                                            ``{"index": 3, "version": 12}``
``POST /api/seat/{seat}/continue?token=T``  the seat has seen the scores of the first ``n``
                                            hands: ``{"hands": n}`` (the bots wait for it)
``WS /api/seat/{seat}/updates?token=T``     the seat's payload, pushed again after every move
==========================================  =====================================================

Errors are JSON ``{"error": {"code": ..., "message": ..., "rule": ...}}``
with a 4xx status: 400 bad request (bad JSON, notation, index), 403 (a
missing or wrong token; the token is checked first, so a client without it
is not told which seats bots play), 404 (no such seat or address, whatever
the address holds), 409 (not the seat's
turn, the game is over, a stale index), 413 (a body over
:data:`MAX_BODY` bytes), 415 (not JSON), 422 (the rules refuse the move: the
message ends with the rule's ID, also in ``rule``).

>>> import kanasta
>>> from kanasta.bots import GreedyBot
>>> from kanasta.web import Table
>>> from kanasta.web.app import create_app
>>> from starlette.testclient import TestClient
>>> table = Table(kanasta.new_game(kanasta.Rules.classic(players=2), seed=1), humans=[0], bots={1: GreedyBot()})
>>> with TestClient(create_app(table)) as client:
...     client.get("/api/seat/0", params={"token": table.token(0)}).json()["seat"]
...     client.get("/api/seat/1", params={"token": "x"}).json()["error"]["code"]
0
'bad_token'
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import json
from collections.abc import AsyncIterator
from importlib import resources
from typing import Any, Final

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect

from kanasta.web.table import Table, TableError

__all__ = ["MAX_BODY", "create_app"]

MAX_BODY: Final = 4096
"""The largest request body the server reads, in bytes (a move is a few dozen)."""

_HEADERS: Final = (
    (b"content-security-policy", b"default-src 'self'; img-src 'self' data:; frame-ancestors 'none'"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"cache-control", b"no-store"),
)
"""Sent with every response: no scripts from elsewhere, no framing, and no
``Referer`` (the address holds the seat's token)."""

_INDEX: Final = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>kanasta table</title>
<link rel="stylesheet" href="/static/table.css"></head>
<body class="notice"><h1>kanasta table</h1>
<p>Open the address printed for your seat by <code>kanasta serve</code>
(it looks like <code>/seat/0?token=...</code>).</p></body></html>
"""


class _SecurityHeaders:
    """ASGI middleware adding :data:`_HEADERS` to every HTTP response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        started = False

        async def send_with_headers(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                names = {name.lower() for name, _ in message.get("headers", [])}
                extra = [(name, value) for name, value in _HEADERS if name not in names]
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        try:
            await self.app(scope, receive, send_with_headers)
        except Exception:  # a bug must not answer without the headers (nor show a traceback)
            if started:
                raise
            body = json.dumps(TableError(500, "server_error", "the server failed").to_dict()).encode()
            await send_with_headers({
                "type": "http.response.start", "status": 500,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())],
            })
            await send({"type": "http.response.body", "body": body})


_SEAT_DIGITS: Final = 3
"""The most digits a seat number in an address may have (there are at most four seats)."""


def _seat(text: str) -> int:
    """The seat number an address names: a few ASCII digits, else 404 (never a conversion of a huge number)."""
    if not (text.isascii() and text.isdigit() and len(text) <= _SEAT_DIGITS):
        shown = text if len(text) <= 12 else text[:12] + "..."
        raise TableError(404, "bad_seat", f"no seat {shown!r}: a seat is a number such as 0")
    return int(text)


def _error(err: TableError) -> JSONResponse:
    return JSONResponse(err.to_dict(), status_code=err.status)


def _token(request: Request | WebSocket) -> str | None:
    return request.headers.get("x-kanasta-token") or request.query_params.get("token")


async def _read_json(request: Request) -> Any:
    """The request's JSON body, read at most :data:`MAX_BODY` bytes far."""
    length = request.headers.get("content-length")
    if length is not None:
        if not length.isdigit():
            raise TableError(400, "bad_request", "the Content-Length header is not a number")
        if int(length) > MAX_BODY:
            raise TableError(413, "too_large", f"the body is {length} bytes; at most {MAX_BODY} are read")
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            raise TableError(413, "too_large", f"the body is over {MAX_BODY} bytes")
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        raise TableError(415, "not_json", f"send the move as application/json, not {kind or 'no content type'!r}")

    def no_constant(name: str) -> Any:
        raise ValueError(f"{name} is not a JSON number")

    try:
        return json.loads(bytes(body).decode("utf-8"), parse_constant=no_constant)
    except UnicodeDecodeError:
        raise TableError(400, "bad_json", "the body is not UTF-8 text") from None
    except (ValueError, RecursionError) as err:
        raise TableError(400, "bad_json", f"the body is not valid JSON: {err}") from None


def _read_move(body: Any) -> tuple[str | int, int | None]:
    """``(move, version)`` from a move request's JSON, checked."""
    if not isinstance(body, dict):
        raise TableError(400, "bad_move", 'send a JSON object: {"move": "draw"} or {"index": 0, "version": 5}')
    unknown = sorted(set(body) - {"move", "index", "version"})
    if unknown:
        raise TableError(400, "bad_move", f"unknown key {unknown[0]!r}: the keys are move, index and version")
    if ("move" in body) == ("index" in body):
        raise TableError(400, "bad_move", 'give exactly one of "move" (notation) and "index" (a legal move\'s number)')
    version = body.get("version")
    if version is not None and (not isinstance(version, int) or isinstance(version, bool)):
        raise TableError(400, "bad_move", f'"version" must be a whole number, not {json.dumps(version)[:40]}')
    if "move" in body:
        move = body["move"]
        if not isinstance(move, str):
            raise TableError(400, "bad_move", f'"move" must be text in action notation, not {json.dumps(move)[:40]}')
        return move, version
    index = body["index"]
    if not isinstance(index, int) or isinstance(index, bool):
        raise TableError(400, "bad_move", f'"index" must be a whole number, not {json.dumps(index)[:40]}')
    return index, version


def create_app(table: Table) -> Starlette:
    """The ASGI app serving ``table``; its lifespan runs the bots (:meth:`Table.run_bots`).

    Run it with any ASGI server, e.g. ``uvicorn.run(create_app(table), host="127.0.0.1")``;
    ``kanasta serve`` does that for you.
    """
    page = (resources.files("kanasta.web") / "static" / "table.html").read_text(encoding="utf-8")

    async def index(request: Request) -> Response:
        return HTMLResponse(_INDEX)

    async def seat_page(request: Request) -> Response:
        try:
            table.check_seat(_seat(request.path_params["seat"]), _token(request))
        except TableError as err:
            return HTMLResponse(
                f"<!doctype html><title>kanasta: {err.code}</title><p>{html.escape(err.message)}</p>",
                status_code=err.status,
            )
        return HTMLResponse(page)

    async def seat_view(request: Request) -> Response:
        try:
            seat = _seat(request.path_params["seat"])
            table.check_seat(seat, _token(request))
        except TableError as err:
            return _error(err)
        return Response(table.payload_json(seat), media_type="application/json")

    async def seat_move(request: Request) -> Response:
        try:
            seat = _seat(request.path_params["seat"])
            table.check_seat(seat, _token(request))
            move, version = _read_move(await _read_json(request))
            return JSONResponse(await table.move(seat, move, version))
        except TableError as err:
            return _error(err)

    async def seat_continue(request: Request) -> Response:
        try:
            seat = _seat(request.path_params["seat"])
            table.check_seat(seat, _token(request))
            body = await _read_json(request)
            if not isinstance(body, dict) or set(body) != {"hands"}:
                raise TableError(400, "bad_continue", 'send {"hands": n}: the number of finished hands seen')
            return JSONResponse(await table.continue_hand(seat, body["hands"]))
        except TableError as err:
            return _error(err)

    async def seat_updates(websocket: WebSocket) -> None:
        await websocket.accept()
        try:
            seat = _seat(websocket.path_params["seat"])
            table.check_seat(seat, _token(websocket))
        except TableError as err:
            await websocket.send_json(err.to_dict())
            await websocket.close(code=1008)
            return

        async def push() -> None:
            while True:
                changes = table.changes
                await websocket.send_text(table.payload_json(seat))
                await table.wait_change(changes)

        pusher = asyncio.create_task(push())
        try:
            while True:  # nothing is read from the client; this notices it leaving
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
        except WebSocketDisconnect:
            pass
        finally:
            pusher.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await pusher

    async def not_found(request: Request, exc: Exception) -> Response:
        status = exc.status_code if isinstance(exc, HTTPException) else 500
        detail = exc.detail if isinstance(exc, HTTPException) else "server error"
        code = {404: "not_found", 405: "bad_method"}.get(status, "error")
        return _error(TableError(status, code, f"{detail}: {request.method} {request.url.path}"))

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        bots = asyncio.create_task(table.run_bots())
        try:
            yield
        finally:
            bots.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await bots

    routes = [
        Route("/", index),
        # the seat is read by _seat: Starlette's int convertor would turn 5,000 digits into a 500
        Route("/seat/{seat}", seat_page),
        Route("/api/seat/{seat}", seat_view),
        Route("/api/seat/{seat}/move", seat_move, methods=["POST"]),
        Route("/api/seat/{seat}/continue", seat_continue, methods=["POST"]),
        WebSocketRoute("/api/seat/{seat}/updates", seat_updates),
        Mount("/static", app=StaticFiles(packages=[("kanasta.web", "static")]), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan, exception_handlers={HTTPException: not_found})
    app.add_middleware(_SecurityHeaders)
    return app
