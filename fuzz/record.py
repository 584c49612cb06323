"""Fuzz target: ``GameRecord.from_json`` on any bytes, and the replay of what it reads.

Bad input raises :class:`kanasta.SerializationError` (JSON that is not a
record, moves that are not legal where they are made); a record that reads
prints as JSON that reads back to the same record.  At most 40 moves are
replayed, so that one input stays cheap.

    python fuzz/record.py CORPUS_DIR -max_total_time=60
"""

from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from _harness import instrumented, library_errors_only, main

with instrumented(__name__ == "__main__"):
    import kanasta


def check(data: bytes) -> None:
    record = library_errors_only(lambda: kanasta.GameRecord.from_json(data))
    if not isinstance(record, kanasta.GameRecord):
        return
    assert kanasta.GameRecord.from_json(record.to_json()) == record
    library_errors_only(lambda: record.replay(min(len(record), 40)))


if __name__ == "__main__":
    main(check)
