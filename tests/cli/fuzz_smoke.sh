#!/usr/bin/env bash
# A short `make fuzz`: every libFuzzer harness replays its regression inputs (tests/fuzz/NAME/)
# and runs from the repository's seeds for a few seconds without a crash, leak or sanitizer
# report, and executes inputs (BENCH fuzz.NAME.execs N, N > 0).
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
"$ROOT/scripts/fuzz.sh" --build "$BUILD" --seconds "${FUZZ_SMOKE_SECONDS:-4}" --par 2 >"$BUILD/fuzz-smoke.log" 2>&1
rc=$?
cat "$BUILD/fuzz-smoke.log"
((rc == 0)) || fail "scripts/fuzz.sh exit $rc"
for name in asm elf exec stack api commit pe txn cmdrun; do
  n=$(grep -oP "^BENCH fuzz\.$name\.execs \K[0-9]+" "$BUILD/fuzz-smoke.log")
  ((${n:-0} > 0)) || fail "fuzz.$name ran no inputs"
done
echo "ok: 9 harnesses"
