#!/usr/bin/env bash
# Functional coverage (COSIM_FCOV_DIR, make coverage) counts what the stimulus reached, through the
# fast check too: a pred run on 3 contexts (ctx_i carries 4) counts the ops at every depth and the
# ops sent to the context past the last one; a stack run counts drops, underflows and overflows;
# an fc run (which counts only when a run asks for coverage) counts ops, divergence, zero counts;
# a system run checked at commit level writes its control coverage.
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
COSIM_FCOV_DIR=$tmp "$BUILD/cosim" --block pred --contexts 3 --lanes 5 --depth 7 --seed 4 \
  --cycles 300k --wave-window 0 >/dev/null || fail "the pred run failed"
COSIM_FCOV_DIR=$tmp "$BUILD/cosim" --block stack --width 64 --rule isa --chip r7xx --seed 4 \
  --cycles 300k --wave-window 0 >/dev/null || fail "the stack run failed"
COSIM_FCOV_DIR=$tmp "$BUILD/cosim" --block fc --contexts 4 --lanes 16 --seed 4 \
  --cycles 200k --wave-window 0 >/dev/null || fail "the fc run failed"
count() { awk -v k="$1" '$1 == k {print $2}' "$tmp"/"$2"-*.txt; }
for k in pred.event.bad_context pred.event.overflow pred.event.underflow \
         pred.op_depth.PUSH.full pred.op_depth.POP.empty pred.op_mask.WRITE.one-lane; do
  n=$(count "$k" pred)
  [[ -n $n ]] && ((n > 0)) || bad "$k is '${n:-missing}', expected a count above 0"
done
for k in stack.event.drop stack.event.underflow stack.event.overflow stack.op_depth.PUSH.full; do
  n=$(count "$k" stack)
  [[ -n $n ]] && ((n > 0)) || bad "$k is '${n:-missing}', expected a count above 0"
done
for k in fc.op.ENDLOOP fc.op.BREAKLOOP fc.corner.divergent fc.corner.zero_count; do
  n=$(count "$k" fc)
  [[ -n $n ]] && ((n > 0)) || bad "$k is '${n:-missing}', expected a count above 0"
done
# --check commit: the checked run's control coverage, every bin as a row ctl.NAME (docs/commit.md);
# subroutine.elf over 64x48 is 192 wavefronts of 16 lanes, each with one conditional call that
# splits the lanes (a branch level and a return address: d2), its RET, and the jump over it.
COSIM_FCOV_DIR=$tmp "$BUILD/cosim" --block system --contexts 3 --lanes 16 --addr-depth 2 \
  --pred-depth 4 --program "$BUILD/examples/subroutine.elf" --domain 64x48 --check commit \
  --wave-window 0 >/dev/null || fail "the system commit run failed"
rows=$(grep -c '^ctl\.' "$tmp"/system-*.txt)
((rows == 329)) || bad "the commit run wrote $rows ctl rows, expected 329"
for kv in CALL.diverged.d2=192 RET.taken.d2=192 JUMP_ALL.taken.d0=192 reconverge.d2=192 \
          ret.from_diverged=192 call.from_diverged=0 IF.diverged.d1=0; do
  n=$(count "ctl.${kv%=*}" system)
  [[ $n == "${kv#*=}" ]] || bad "ctl.${kv%=*} is '${n:-missing}', expected ${kv#*=}"
done
((fails)) || echo "ok: the coverage counters count through the fast check"
finish
