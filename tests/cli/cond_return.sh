#!/usr/bin/env bash
# Conditional returns bring every lane back from the call (the assembler's
# branch-counter pops, spec 6.6), for several wavefront sizes; a first `ret if`
# that every lane takes is not a branch underflow.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
check() { # program, domain width, expected r of lanes 0..W-1
  local prog=$1 width=$2; shift 2
  "$DPP" asm "$ROOT/tests/asm/$prog.s" -o "$tmp/$prog.elf"
  for wave in 64 4 1; do
    "$DPP" run "$tmp/$prog.elf" --domain "${width}x1" --wave "$wave" --out "0=$tmp/out.txt"
    got=$(awk '{print $3}' "$tmp/out.txt" | tr '\n' ' ')
    [[ $got == "$* " ]] || fail "$prog width $width wave $wave: got '$got', want '$* '"
  done
  echo "ok: $prog over $width lanes"
}
check cond_return 4 0 0 12 13
check cond_return 2 0 0               # every lane takes the first ret if
check cond_return 6 0 0 12 13 14 15
check cond_call_return 6 0 0 0 13 14 15
check cond_call_return 3 0 0 0        # every caller returns early
