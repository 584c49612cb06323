"""Helpers to drive a table in a real browser: a server in a thread, and the system's Chromium.

Used by the end-to-end tests and by the script that takes the documentation's
screenshots; useful for testing any page written against the table's JSON.
Needs the ``web`` extra (uvicorn).

>>> from kanasta.web.testing import chromium_executable
>>> chromium_executable(["/nonexistent/chromium"]) is None
True
"""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Final

from kanasta.web.table import Table

__all__ = ["CHROMIUM_NAMES", "chromium_executable", "running"]

CHROMIUM_NAMES: Final = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
"""Program names looked up on ``PATH`` by :func:`chromium_executable` (Debian's package is ``chromium``)."""


def chromium_executable(candidates: Iterable[str] | None = None) -> str | None:
    """The path of a Chromium to launch, or None.

    ``$KANASTA_CHROMIUM`` when set, else the first of :data:`CHROMIUM_NAMES` found on ``PATH``.

    Playwright can drive it with ``launch(executable_path=...)``: no browser
    download is needed.
    """
    if candidates is None:
        override = os.environ.get("KANASTA_CHROMIUM")
        candidates = [override] if override else CHROMIUM_NAMES
    for name in candidates:
        path = shutil.which(name)
        if path is not None:
            return path
    return None


@contextmanager
def running(table: Table, host: str = "127.0.0.1") -> Iterator[str]:
    """Serve ``table`` with uvicorn in a background thread on a free loopback port; yield the base address.

    The server (and its bots) stop when the ``with`` block ends.
    """
    import uvicorn

    from kanasta.web.app import create_app

    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind((host, 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(create_app(table), log_level="warning", ws_max_size=65536))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 30
        while not server.started:
            if not thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the table's server did not start")
            time.sleep(0.02)
        yield f"http://{host}:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=30)
        sock.close()
