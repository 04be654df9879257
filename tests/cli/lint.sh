#!/usr/bin/env bash
# Every RTL module is lint-clean alone and at the corners of its parameters (scripts/lint.sh),
# as is each example design's RTL, and the lint is not blind: a module with an unused signal fails it, naming the warning.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
out=$(COSIM_CONFIG=$BUILD/cosim_config scripts/lint.sh) || { echo "$out"; exit 1; }
grep -q '^lint: clean' <<<"$out" || fail "no 'lint: clean' line: $out"
# each example design too, from its row of the parameter table
n=$(ls examples/designs/*/Makefile | wc -l)
grep -q " and $n example designs," <<<"$out" || fail "not every example design ($n) was linted: $out"
echo "ok: $out"
cat >"$tmp/lint_bad.sv" <<'SV'
module lint_bad (input logic a_i, output logic b_o);
  logic spare; // read nowhere ("unused" names are exempt from the warning)
  assign b_o = a_i;
endmodule
SV
if out=$(scripts/lint.sh "$tmp/lint_bad.sv"); then
  fail "an unused signal passed the lint: $out"
fi
grep -q 'UNUSED' <<<"$out" || fail "the lint failed without naming UNUSED: $out"
echo "ok: an unused signal fails the lint"
