#!/usr/bin/env bash
# Coverage-guided fuzzing of the native core's readers (rust/fuzz, cargo fuzz + libFuzzer).
#
#   benchmarks/fuzz_native.sh [SECONDS] [TARGET ...]
#
# Runs each target (default: position_doc notation rules) for SECONDS (default 600),
# one after the other, from a corpus seeded at run time with documents, moves and
# rules written by the Python engine (fuzz/seeds.py) plus the committed regression
# inputs in rust/fuzz/regressions/TARGET.  Prints, per target, the seconds,
# executions, executions per second, coverage, corpus size and findings; exits 1 if
# any target found something (libFuzzer writes it to rust/fuzz/artifacts/TARGET).
#
# Needs cargo-fuzz (`cargo install cargo-fuzz`).  cargo fuzz passes -Z flags to
# rustc, which a stable toolchain accepts only with RUSTC_BOOTSTRAP=1 (set here).
# The crate forbids unsafe code, so the targets build without a sanitizer
# (FUZZ_SANITIZER=address to add one) but with debug assertions: an arithmetic
# overflow panics, so it is a finding.  Environment: PYTHON (an interpreter that
# imports kanasta; default .venv/bin/python, else python3), FUZZ_TIMEOUT (seconds
# for one input before it counts as a hang, default 10), FUZZ_RSS_MB (2048).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT=$(pwd)
SECONDS_EACH=${1:-600}
shift || true
TARGETS=("$@")
[ ${#TARGETS[@]} -eq 0 ] && TARGETS=(position_doc notation rules)
if [ -z "${PYTHON:-}" ]; then
    if [ -x "$ROOT/.venv/bin/python" ]; then PYTHON="$ROOT/.venv/bin/python"; else PYTHON=python3; fi
fi
SANITIZER=${FUZZ_SANITIZER:-none}
TIMEOUT=${FUZZ_TIMEOUT:-10}
RSS_MB=${FUZZ_RSS_MB:-2048}
export RUSTC_BOOTSTRAP=1

if ! cargo fuzz --version >/dev/null 2>&1; then
    echo "cargo-fuzz is not installed: cargo install cargo-fuzz" >&2
    exit 2
fi

FUZZ="$ROOT/rust/fuzz"
BUILD=(cargo fuzz build --fuzz-dir "$FUZZ" --sanitizer "$SANITIZER" --debug-assertions)
echo "== build: RUSTC_BOOTSTRAP=1 ${BUILD[*]}"
(cd "$ROOT/rust" && "${BUILD[@]}")

seed() {  # seed TARGET DIR: the Python engine's inputs for TARGET
    local dir=$2
    mkdir -p "$dir"
    case $1 in
        position_doc) PYTHONPATH="$ROOT/src" "$PYTHON" "$ROOT/fuzz/seeds.py" position "$dir" >/dev/null ;;
        notation) PYTHONPATH="$ROOT/src" "$PYTHON" "$ROOT/fuzz/seeds.py" action "$dir" >/dev/null ;;
        rules)
            PYTHONPATH="$ROOT/src" "$PYTHON" - "$dir" <<'PY'
import hashlib, json, sys
from pathlib import Path
from kanasta.rules import PRESETS
out = []
for name, rules in PRESETS.items():
    out += [json.dumps(name), json.dumps(rules.to_dict()), json.dumps({"preset": name, "players": 2})]
for text in out:
    Path(sys.argv[1], hashlib.sha1(text.encode()).hexdigest()).write_text(text)
PY
            ;;
        *) echo "unknown target $1 (position_doc, notation, rules)" >&2; return 1 ;;
    esac
}

rows=()
found=0
for t in "${TARGETS[@]}"; do
    corpus="$FUZZ/corpus/$t"
    seed "$t" "$corpus"
    regress="$FUZZ/regressions/$t"
    mkdir -p "$regress" "$FUZZ/artifacts/$t"
    log="$FUZZ/artifacts/$t/last-run.log"
    echo "== $t: ${SECONDS_EACH} s from $(ls "$corpus" | wc -l) corpus inputs and $(ls "$regress" | wc -l) regression inputs"
    status=0
    (cd "$ROOT/rust" && cargo fuzz run --fuzz-dir "$FUZZ" --sanitizer "$SANITIZER" --debug-assertions \
        "$t" "$corpus" "$regress" -- \
        -max_total_time="$SECONDS_EACH" -timeout="$TIMEOUT" -rss_limit_mb="$RSS_MB" \
        -print_final_stats=1) >"$log" 2>&1 || status=$?
    execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1 || true)
    secs=$(grep -o 'Done [0-9]* runs in [0-9]*' "$log" | grep -o '[0-9]*$' | tail -1 || true)
    cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*' || true)
    corp=$(grep -o 'corp: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*' || true)
    findings=0
    if [ "$status" != 0 ]; then
        findings=1
        found=1
        echo "   FINDING (exit $status): $(grep -m1 -E 'panicked|ERROR: libFuzzer|deadly signal|timeout' "$log" || true)"
        grep -E '^(Test unit written to|artifact_prefix)' "$log" | sed 's/^/   /' || true
    fi
    per=$(( ${execs:-0} / (${secs:-0} > 0 ? ${secs:-0} : 1) ))
    rows+=("$(printf '%-13s %6s %12s %9s %6s %7s %8s' "$t" "${secs:-?}" "${execs:-?}" "$per" "${cov:-?}" "${corp:-?}" "$findings")")
done

echo
echo "commit $(git -C "$ROOT" rev-parse --short HEAD), $(date -u +%Y-%m-%dT%H:%MZ), sanitizer $SANITIZER"
printf '%-13s %6s %12s %9s %6s %7s %8s\n' target seconds executions execs/s cov corpus findings
for r in "${rows[@]}"; do echo "$r"; done
exit "$found"
