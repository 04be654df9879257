#!/usr/bin/env bash
# The fc bench checks its cycles in batches of 32 (docs/fc_unit_rtl.md): a mismatch must still be
# reported at its own cycle, whether the batch it is in fills or the run stops first. A broken
# variant's first mismatch at cycle X (in a run that went on past it) is found again when the run
# stops right after X, in a batch the end of the run checks, and not at all when it stops before.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cosim=$BUILD/cosim
opts=(--block fc --contexts 4 --lanes 16 --seed 3 --rtl-variant fc_break_no_restore --wave-window 0)
get() { python3 -c "import json,sys; print(json.load(open(sys.argv[1]))[sys.argv[2]])" "$1" "$2"; }

# rc 0 on a pass; else the mismatch's cycle and field in $cycle and $field
run() { # name cycles
  local rc=0
  "$cosim" "${opts[@]}" --cycles "$2" --json "$tmp/$1.json" >"$tmp/$1.txt" 2>&1 || rc=$?
  return $rc
}

"$cosim" "${opts[@]}" --cycles 1 >/dev/null 2>&1 || true # builds the model: no build lines below
run long 200k && fail "the broken variant passed 200k cycles"
[[ $(get "$tmp/long.json" result) == mismatch ]] || fail "long run: no mismatch in the JSON"
cycle=$(get "$tmp/long.json" cycle) field=$(get "$tmp/long.json" field)
(((cycle + 1) % 32)) || fail "cycle $cycle ends a batch: pick a case whose last batch is partial"

rc=0
run stop_after $((cycle + 1)) || rc=$?
((rc == 1)) || fail "a run of $((cycle + 1)) cycles exited $rc, not 1 (mismatch at $cycle)"
[[ $(get "$tmp/stop_after.json" cycle) == "$cycle" ]] ||
  fail "the end of the run found the mismatch at cycle $(get "$tmp/stop_after.json" cycle), not $cycle"
[[ $(get "$tmp/stop_after.json" field) == "$field" ]] || fail "the end of the run named another field"
diff <(sed '/^PASS\|^MISMATCH\|seconds\|waveform\|replay\|^cosim: building\|^  VLT/d' "$tmp/long.txt") \
  <(sed '/^PASS\|^MISMATCH\|seconds\|waveform\|replay\|^cosim: building\|^  VLT/d' "$tmp/stop_after.txt") >"$tmp/diff" ||
  fail "the report of the run stopped after the mismatch differs: $(head -5 "$tmp/diff")"

run stop_before "$cycle" || fail "a run of $cycle cycles (the mismatch not reached) did not pass"
drain_grep -q '^PASS' <"$tmp/stop_before.txt" || fail "no PASS line for the run that stops before"
echo "fc_batch: mismatch at cycle $cycle found by a full run and by the last batch of a run of $((cycle + 1))"
