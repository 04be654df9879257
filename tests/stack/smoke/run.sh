#!/usr/bin/env bash
# Standalone smoke run of rtl/stack_acct.sv against csim/stack_acct.c (not part of `make`;
# the lock-step harness proper lives in harness/). One Verilated model holds all 36
# configurations (4 widths x ISA, MESA and LLVM under each chip class) fed the same random
# ops; the driver compares every output every cycle. Then each broken variant
# (BUG_STACK_*) must mismatch.
# Usage: tests/stack/smoke/run.sh [CYCLES] [SEED]
set -euo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd)
here=$root/tests/stack/smoke
cycles=${1:-1000000} seed=${2:-88172645463325252}
make -s -C "$root" build/opt/libcsim.a
build() { # variant, define
  local dir=$root/build/stack-smoke/$1
  rm -f "$dir/Vsmoke_top" # the generated link rule ignores a changed libcsim.a
  verilator --cc --exe --build -O2 -Wno-fatal --assert -j 2 ${2:+-D$2} \
    -CFLAGS "-I$root/csim -O1" --top-module smoke_top -Mdir "$dir" \
    "$here/smoke_top.sv" "$root/rtl/stack_acct.sv" "$here/smoke_main.cpp" \
    "$root/build/opt/libcsim.a" >"$dir.log" 2>&1 || { cat "$dir.log"; exit 1; }
  echo "$dir/Vsmoke_top"
}
mkdir -p "$root/build/stack-smoke"
"$(build good)" "$cycles" "$seed"
for bug in BUG_STACK_CEIL_FLOOR BUG_STACK_FIRST_EXTRA_EACH BUG_STACK_WQM_SUBENTRY \
           BUG_STACK_POP_NOT_TAKEN; do
  if out=$("$(build "$bug" "$bug")" "$cycles" "$seed"); then
    echo "$bug: NOT caught ($out)"; exit 1
  fi
  echo "$bug: caught: $out"
done
