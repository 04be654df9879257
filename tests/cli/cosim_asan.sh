#!/usr/bin/env bash
# The lock-step C side (model, harness, DPI glue, reports, snapshots) under
# ASan/UBSan: a passing run and a caught broken variant with its waveform.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
san=$BUILD/san
make -s "$san/libcsim.a" "$san/libharness.a" "$san/cosim_config"
cp harness/cosim_front.sh "$san/cosim"
for name in pred-8x64x8 pred-8x64x8-inv_no_and; do
  [[ -x $san/cosim-$name ]] || COSIM_SAN=1 scripts/vbuild.sh "$name" "$san/cosim-$name" >/dev/null
done
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0
"$san/cosim-pred-8x64x8" --contexts 8 --lanes 64 --depth 8 --cycles 300k --json "$tmp/pass.json"
grep -q '"result":"pass"' "$tmp/pass.json"
set +e
"$san/cosim-pred-8x64x8-inv_no_and" --contexts 8 --lanes 64 --depth 8 --cycles 300k \
  --rtl-variant inv_no_and --snapshot-interval 16 --wave-window 40 --json "$tmp/bug.json" \
  --out "$tmp" >"$tmp/bug.txt" 2>"$tmp/bug.err"
rc=$?
set -e
cat "$tmp/bug.err"
((rc == 1)) || fail "broken variant exit $rc"
! grep -q 'Sanitizer' "$tmp/bug.err" || fail "sanitizer report"
grep -q '"wave":' "$tmp/bug.json"
echo "ok: sanitized lock-step pass and mismatch runs are clean"
