#!/usr/bin/env bash
# Program faults end `dpp run` with exit 1 and a defined message: address,
# loop and branch stack overflow and underflow, the step limit, an input
# read outside its surface, an infinite texture coordinate.
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
OUT='out rgb mad r0._ o0.rgb, s0.rgb, s1.rgb, s2.rgb src r1/r1, #1/#1, #0/#0'
# name | expected message (grep -E) | program lines (\n separated) | extra run options
check() {
  local name=$1 want=$2 prog=$3; shift 3
  printf '%b\n%s\n' "$prog" "$OUT" >"$tmp/$name.s"
  if ! "$DPP" asm "$tmp/$name.s" -o "$tmp/$name.elf" 2>"$tmp/$name.asm.err"; then
    bad "$name: does not assemble: $(cat "$tmp/$name.asm.err")"; return
  fi
  "$DPP" run "$tmp/$name.elf" --domain 4x2 --wave 4 "$@" 2>"$tmp/$name.err"
  local rc=$?
  if [[ $rc != 1 ]] || ! grep -qE "$want" "$tmp/$name.err"; then
    bad "$name: exit $rc, stderr: $(cat "$tmp/$name.err")"
  else
    echo "ok $name: $(cat "$tmp/$name.err")"
  fi
}
check addr-overflow 'byte [0-9]+: error: start_program: wave 0 pc 1: JUMP: address stack overflow \(branch depth 0, loop stack 0, address stack 4\)' \
  '    fc jump main jump_func=0xff\nf:\n    call f\n    ret\nmain:\n    call f'
check addr-underflow 'wave 0 pc 0: JUMP: address stack underflow' '    ret'
check loop-overflow 'pc 4: LOOP: loop stack overflow \(branch depth 0, loop stack 4' \
  '.int i0, 2, 0, 0\n    loop i0\n    loop i0\n    loop i0\n    loop i0\n    loop i0\n    endloop\n    endloop\n    endloop\n    endloop\n    endloop'
check loop-underflow 'pc 0: ENDLOOP: loop stack underflow' \
  '.int i0, 2, 0, 0\n    fc endloop L0 int_addr=0 jump_func=0xff jump_any=1\nL0:'
check branch-underflow 'pc 0: JUMP: branch nesting underflow' \
  '    fc jump L0 jump_any=1 b_op0=decr b_pop_cnt=1\nL0:'
check step-limit 'wave 0: step limit of 5000 instructions reached at pc [0-9]+ \(runaway program\?\)' \
  '.int i0, 255, 0, 0\n    loop i0\n    loop i0\n    loop i0\n    endloop\n    endloop\n    endloop' --step-limit 5000
# Partial mode's nesting limit (6, seed 000 p38) is checked before the program starts
# (tests/asm/bad/partial_*.s, test_pa.c); the unit's own fault is tested in test_fc.c.
incr33=$(printf '    fc jump L0 b_op0=incr\\n%.0s' $(seq 33))
check branch-overflow-full 'pc 32: JUMP: branch nesting overflow \(branch depth 32,' \
  ".proginfo fc_mode=full\n${incr33}L0:"
printf '%032d' 0 >"$tmp/in.raw"
check input-outside 'lane 0 \(i 0, j 0\): input 0: access \(-1, 0\) outside its 4 x 2 surface' \
  '    alu rgb mad r2.r, s0.rgb, s1.rgb, s2.rgb src r0/r0, #1/#1, c0/c0\n    tex ld r1.rgba, r2.rgba, i0 unscaled aluwait acquire wait\n.float c0, -1' \
  --in 0="$tmp/in.raw":FLOAT32_1:4x2
# seed 000 p47: a large coordinate "may generate infinite values when scaled by the texture
# dimensions": 1e38 x the pitch 4 is 4e38, beyond fp32's 3.4e38
check input-infinite 'lane 0 \(i 0, j 0\): input coordinate S is infinite once scaled' \
  '    alu rgb mad r2.r, s0.rgb, s1.rgb, s2.rgb src r0/r0, #1/#1, c0/c0\n    tex ld r1.rgba, r2.rgba, i0 aluwait acquire wait\n.float c0, 1e38' \
  --in 0="$tmp/in.raw":FLOAT32_1:4x2
finish
