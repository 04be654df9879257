#!/usr/bin/env bash
# Every RTL module is lint-clean alone and at the corners of its parameters (scripts/lint.sh),
# and the lint is not blind: a module with an unused signal fails it, naming the warning.
set -euo pipefail
cd "$ROOT"
tmp=$(mktemp -d) && trap 'rm -rf "$tmp"' EXIT
out=$(scripts/lint.sh) || { echo "$out"; exit 1; }
grep -q '^lint: clean' <<<"$out" || { echo "FAIL: no 'lint: clean' line: $out"; exit 1; }
echo "ok: $out"
cat >"$tmp/lint_bad.sv" <<'SV'
module lint_bad (input logic a_i, output logic b_o);
  logic spare; // read nowhere ("unused" names are exempt from the warning)
  assign b_o = a_i;
endmodule
SV
if out=$(scripts/lint.sh "$tmp/lint_bad.sv"); then
  echo "FAIL: an unused signal passed the lint: $out"; exit 1
fi
grep -q 'UNUSED' <<<"$out" || { echo "FAIL: the lint failed without naming UNUSED: $out"; exit 1; }
echo "ok: an unused signal fails the lint"
