"""Run the coverage-guided fuzz targets of ``fuzz/`` (atheris) and report executions and findings.

Each target (``fuzz/<name>.py``) runs in its own process for the time given,
from a fresh corpus seeded by ``fuzz/seeds.py``; a finding is an input that
made a reader fail with anything but the library's own errors, break a round
trip, run past the per-input time limit or exceed the memory limit.  libFuzzer
writes each one to the artifact directory (``crash-*``, ``timeout-*``,
``oom-*``); this script lists them and exits 1 if there are any.

Needs the ``fuzz`` extra (``pip install -e ".[fuzz]"``, atheris).

    python benchmarks/fuzz.py --minutes 10                 # every target, ten minutes each
    python benchmarks/fuzz.py --seconds 6 --targets cards  # a short run (what .ci/run does)
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
FUZZ = ROOT / "fuzz"
TARGETS = ("position", "action", "cards", "record", "view")


class Run(NamedTuple):
    """What one target's run did."""

    target: str
    seconds: float
    executions: int
    per_second: int
    coverage: int
    corpus: int
    findings: list[str]
    status: int


def _stat(text: str, name: str) -> int:
    found = re.search(rf"stat::{name}:\s+(\d+)", text)
    return int(found.group(1)) if found else 0


def _last(text: str, pattern: str) -> int:
    found = re.findall(pattern, text)
    return int(found[-1]) if found else 0


def run_target(target: str, seconds: int, artifacts: Path, timeout: int, rss_mb: int) -> Run:
    """Fuzz one target for ``seconds`` from a fresh seeded corpus; findings go to ``artifacts``."""
    out = artifacts / target
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix=f"kanasta-fuzz-{target}-") as corpus:
        subprocess.run([sys.executable, str(FUZZ / "seeds.py"), target, corpus], check=True, capture_output=True)
        start = time.monotonic()
        proc = subprocess.run(
            [
                sys.executable, str(FUZZ / f"{target}.py"), corpus,
                f"-max_total_time={seconds}", f"-timeout={timeout}", f"-rss_limit_mb={rss_mb}",
                "-print_final_stats=1", f"-artifact_prefix={out}/",
            ],
            capture_output=True,
            text=True,
            check=False,
        )
        elapsed = time.monotonic() - start
        corpus_size = sum(1 for _ in Path(corpus).iterdir())
    log = proc.stderr + proc.stdout
    (out / "log.txt").write_text(log)
    findings = sorted(str(p) for p in out.iterdir() if p.name.startswith(("crash-", "timeout-", "oom-", "leak-")))
    return Run(
        target=target,
        seconds=elapsed,
        executions=_stat(log, "number_of_executed_units"),
        per_second=_stat(log, "average_exec_per_sec"),
        coverage=_last(log, r"cov: (\d+)"),
        corpus=corpus_size,
        findings=findings,
        status=proc.returncode,
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    length = parser.add_mutually_exclusive_group()
    length.add_argument("--minutes", type=float, help="time per target in minutes (default: 1)")
    length.add_argument("--seconds", type=int, help="time per target in seconds")
    parser.add_argument("--targets", default=",".join(TARGETS),
                        help=f"comma-separated targets from {', '.join(TARGETS)} (default: all)")
    parser.add_argument("--artifacts", type=Path, default=None,
                        help="where findings and logs go (default: a new directory under /tmp)")
    parser.add_argument("--timeout", type=int, default=10, help="seconds one input may take (default: 10)")
    parser.add_argument("--rss-mb", type=int, default=2048, help="memory limit in MB (default: 2048)")
    args = parser.parse_args(argv)
    seconds = args.seconds if args.seconds is not None else int(60 * (args.minutes or 1))
    targets = [t for t in args.targets.split(",") if t]
    unknown = [t for t in targets if t not in TARGETS]
    if unknown:
        parser.error(f"unknown target(s) {', '.join(unknown)}; choose from {', '.join(TARGETS)}")
    artifacts = args.artifacts or Path(tempfile.mkdtemp(prefix="kanasta-fuzz-"))
    print(f"fuzzing {', '.join(targets)} for {seconds} s each; findings and logs in {artifacts}")
    print(f"{'target':<10}{'seconds':>9}{'executions':>12}{'exec/s':>8}{'cov':>7}{'corpus':>8}  findings")
    failed = False
    for target in targets:
        r = run_target(target, seconds, artifacts, args.timeout, args.rss_mb)
        print(f"{r.target:<10}{r.seconds:>9.0f}{r.executions:>12}{r.per_second:>8}{r.coverage:>7}{r.corpus:>8}  "
              f"{len(r.findings)}", flush=True)
        for path in r.findings:
            print(f"    {path}")
        if r.findings or r.status != 0:
            failed = True
            if not r.findings:
                print(f"    exit status {r.status}; see {artifacts / target / 'log.txt'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
