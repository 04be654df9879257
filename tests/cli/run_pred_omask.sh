#!/usr/bin/env bash
# seed 000, p34: "RGB_OMASK 3 bits Write R G B to output or to predicate bits". An ALU instruction
# writes predicate bit k (R, G, B, A) where its output mask enables channel k, here the compare
# i - 1.5 < 0 (true for i = 0, 1); the OUTPUT then writes 1 only on channels whose predicate is set.
# STAT_WE is not the predicate enable: with it alone (`stat rgba`) no predicate is written, and
# `stat_we=` in source is refused with the reason (docs/isa-model-defined.md I13).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
prog() { # $1: the predicate part of the ALU instruction
  echo "    alu rgb mad r1._, s0.rrr, s1.rrr, -s2.rrr alpha mad r1._, s0.r, s1.r, -s2.r src r0/r0, #1/#1, #1.5/#1.5 $1"
  echo '    out rgb mad r2._ o0.rgb, s0.rgb, s1.rgb, s2.rgb if p.rgba alpha mad r2._ o0.a, s0.a, s1.a, s2.a if p.a src #1/#1, #1/#1, #0/#0'
}
run() { # $1: name, $2: predicate part; runs 4 lanes and prints output 0
  prog "$2" >"$tmp/$1.s"
  "$DPP" asm "$tmp/$1.s" -o "$tmp/$1.elf"
  "$DPP" run "$tmp/$1.elf" --domain 4x1 --out "0=$tmp/$1.txt"
  cat "$tmp/$1.txt"
}
# R and A enabled: lanes 0 and 1 get 1 in R and A, G and B stay unwritten (0).
set_ra='0 0 1 0 0 1
1 0 1 0 0 1
2 0 0 0 0 0
3 0 0 0 0 0'
diff <(echo "$set_ra") <(run fields 'rgb_omask=1 alpha_omask=1 rgb_target=1 alpha_target=1')
diff <(echo "$set_ra") <(run setp 'setp ra lt lt')
"$DPP" disasm "$tmp/setp.elf" | drain_grep -q 'setp ra lt lt'
# STAT_WE with every bit set and no output mask: no predicate written, nothing output.
diff <(printf '%s 0 0 0 0 0\n' 0 1 2 3) <(run stat 'stat rgba rgb_target=1 alpha_target=1')
"$DPP" disasm "$tmp/stat.elf" | drain_grep -q 'stat rgba'
# the old spelling is an error naming file, line and the seed page
prog 'stat_we=15 rgb_target=1' >"$tmp/old.s"
if "$DPP" asm "$tmp/old.s" -o "$tmp/old.elf" 2>"$tmp/err"; then exit 1; fi
grep -q "old.s:1:.*error: .*seed 000, p34" "$tmp/err"
echo ok
