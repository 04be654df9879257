#!/usr/bin/env bash
# A short `make fuzz`: every libFuzzer harness replays its regression inputs (tests/fuzz/NAME/)
# and runs from the repository's seeds for a few seconds without a crash, leak or sanitizer
# report, and executes inputs (BENCH fuzz.NAME.execs N, N > 0).
set -uo pipefail
"$ROOT/scripts/fuzz.sh" --build "$BUILD" --seconds "${FUZZ_SMOKE_SECONDS:-4}" --par 2 >"$BUILD/fuzz-smoke.log" 2>&1
rc=$?
cat "$BUILD/fuzz-smoke.log"
((rc == 0)) || { echo "FAIL: scripts/fuzz.sh exit $rc"; exit 1; }
for name in asm elf exec stack api; do
  n=$(grep -oP "^BENCH fuzz\.$name\.execs \K[0-9]+" "$BUILD/fuzz-smoke.log")
  ((${n:-0} > 0)) || { echo "FAIL: fuzz.$name ran no inputs"; exit 1; }
done
echo "ok: 5 harnesses"
