#!/usr/bin/env bash
# The cocotb testbenches (examples/cocotb/, docs/python.md) under the Verilator on PATH, as a
# user of the README's commands gets them: cocotb 1.8.1 (Verilator before 5.022, Debian's 5.006)
# or 1.9.2, installed once from the vendored sources into a virtual environment under BUILD
# (scripts/cocotb.sh). pred_stack (every cycle) and pipe_fc (at commit level, a program run by
# the model) pass against libctm from Python, and a broken copy of each fails with the
# library's mismatch report in the test failure. Without the vendored sources (../shared/vendor
# beside the kit, or $CTM_VENDOR) it cannot run: exit 77, which scripts/test.sh reports SKIPPED.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
unset VERILATOR # the one on PATH, as the README's commands use
if ! why=$(scripts/cocotb.sh --vendor 2>&1); then
  echo "cocotb not tested: $why"
  exit 77
fi
v=$(verilator --version | cut -d' ' -f2)
version=1.9.2
[[ $v == 5.00* || $v == 5.01* || $v == 5.02[01] ]] && version=1.8.1 # cocotb 1.9 needs 5.022
out=$(scripts/cocotb.sh --build "$BUILD" --cocotb "$version" 2>&1) || { echo "$out"; fail "scripts/cocotb.sh failed"; }
echo "$out"
# Two benches, each passing on its RTL and failing, with the library's report, on a broken copy.
for b in pred_stack pipe_fc; do
  grep -q "^ok: $b checked against libctm from Python" <<<"$out" || bad "$b did not pass on its RTL"
  grep -q "^ok: $b broken by .* fails with the library's report: AssertionError: $b: .*expected" <<<"$out" ||
    bad "$b's broken copy did not fail with the library's mismatch report"
done
finish
