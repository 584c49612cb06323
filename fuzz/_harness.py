"""Shared pieces of the fuzz targets: the one exception they accept, and the atheris entry point.

Each target module defines ``check(data: bytes) -> None``, which feeds the
bytes to one reader and raises if the reader fails in any way but the
library's own errors (:class:`kanasta.KanastaError`), or if what it read does
not survive a round trip.  ``check`` needs nothing but kanasta, so the test
suite runs every target over its seeds; the targets' ``__main__`` hands
``check`` to atheris (coverage-guided, libFuzzer's flags: ``-runs=N``,
``-max_total_time=S``, a corpus directory).
"""

from __future__ import annotations

import contextlib
import json
import sys
from collections.abc import Callable
from typing import Any


def instrumented(active: bool) -> contextlib.AbstractContextManager[object]:
    """Around the target's ``import kanasta``: atheris instruments kanasta's code when fuzzing (``active``)."""
    if not active:
        return contextlib.nullcontext()
    import atheris  # the fuzz extra: pip install -e ".[fuzz]"

    return atheris.instrument_imports(include=["kanasta"])


def json_or_none(data: bytes) -> Any:
    """The JSON value of ``data``, or None when ``data`` is not JSON (the reader never sees it)."""
    try:
        return json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None


def text_of(data: bytes) -> str:
    """``data`` as text (bad UTF-8 replaced): the readers of notation take any string."""
    return data.decode("utf-8", "replace")


def library_errors_only(read: Callable[[], object]) -> object | None:
    """Run ``read``; a :class:`kanasta.KanastaError` means the input was refused (None), anything else escapes."""
    from kanasta import KanastaError

    try:
        return read()
    except KanastaError:
        return None


def document_round_trip(data: bytes, read: Callable[[Any], Any], write: Callable[[Any], Any]) -> None:
    """A reader of JSON documents: refuse with the library's errors, or read what ``write`` gives back alike."""
    doc = json_or_none(data)
    if doc is None:
        return
    value = library_errors_only(lambda: read(doc))
    if value is not None:
        assert read(write(value)) == value


def text_round_trip(data: bytes, read: Callable[[str], Any], write: Callable[[Any], str]) -> None:
    """A reader of notation: refuse with the library's errors, or read what ``write`` gives back alike."""
    text = text_of(data)
    value = library_errors_only(lambda: read(text))
    if value is not None:
        assert read(write(value)) == value


def main(check: Callable[[bytes], None]) -> None:  # pragma: no cover - run by hand or by benchmarks/fuzz.py
    """Fuzz ``check`` with atheris (kanasta was imported inside :func:`instrumented`)."""
    import atheris

    atheris.Setup(sys.argv, check)
    atheris.Fuzz()
