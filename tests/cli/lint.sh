#!/usr/bin/env bash
# Every RTL module is lint-clean alone: `verilator --lint-only -Wall rtl/X.sv` prints nothing.
set -euo pipefail
cd "$ROOT"
for f in rtl/*.sv; do
  out=$(verilator --lint-only -Wall -y rtl rtl/lint.vlt "$f" 2>&1)
  [[ -z $out ]] || { echo "FAIL: $f"; echo "$out"; exit 1; }
  echo "ok: $f"
done
scripts/lint.sh
