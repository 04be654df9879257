#!/usr/bin/env bash
# The hazard checks through `dpp run` and `dpp exec` (docs/model-defined.md, Hazard checks):
# SAXPY as it was written before the checks (its lookups never acquired) fails with exit 1 and
# a message naming the seed page, the pc and the fix; --no-hazard-check runs it and gives the
# corrected example's output; the shipped example runs clean.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
ex=$ROOT/examples/saxpy
sed 's/ unscaled acquire wait / unscaled /' "$ex/saxpy.s" >"$tmp/old.s"
grep -q acquire "$tmp/old.s" && fail "the old form still acquires"
"$DPP" asm "$tmp/old.s" -o "$tmp/old.elf"
"$DPP" asm "$ex/saxpy.s" -o "$tmp/new.elf"
args=(--domain 16x4 --in "0=$ex/x.pfm" --in "1=$ex/y.pfm")
rc=0
"$DPP" run "$tmp/old.elf" "${args[@]}" --out "0=$tmp/o.txt" 2>"$tmp/err" || rc=$?
want='wave 0 pc 2 \(out .*\): r1 is read before the texture lookup at pc 0 that writes it has completed \[seed 000, p37\]; set TEX_SEM_ACQUIRE'
if [[ $rc != 1 ]] || ! grep -qE "$want" "$tmp/err"; then
  fail "dpp run of the old SAXPY: exit $rc: $(cat "$tmp/err")"
fi
[[ ! -e $tmp/o.txt ]] || fail "an output was written by a run that faulted"
echo "ok: dpp run refuses it: $(cat "$tmp/err")"
"$DPP" run "$tmp/old.elf" "${args[@]}" --no-hazard-check --out "0=$tmp/old.txt" 2>/dev/null
"$DPP" run "$tmp/new.elf" "${args[@]}" --out "0=$tmp/new.txt" 2>/dev/null
cmp "$tmp/old.txt" "$tmp/new.txt" || fail "--no-hazard-check changes the results"
cmp "$tmp/new.txt" "$ex/golden.txt" || fail "the example differs from its golden"
echo "ok: --no-hazard-check runs it as written"
# dpp exec: the same command buffer, checked and not.
"$DPP" run "$tmp/old.elf" "${args[@]}" --no-hazard-check --emit "$tmp/cb" 2>/dev/null
rc=0
"$DPP" exec "$tmp/cb.cb" --mem "$tmp/cb.mem" 2>"$tmp/err" >/dev/null || rc=$?
if [[ $rc != 1 ]] || ! grep -q 'seed 000, p37' "$tmp/err"; then
  fail "dpp exec of the old SAXPY: exit $rc: $(cat "$tmp/err")"
fi
"$DPP" exec "$tmp/cb.cb" --mem "$tmp/cb.mem" --no-hazard-check >/dev/null 2>&1 ||
  fail "dpp exec --no-hazard-check"
echo "ok: dpp exec checks it too"
# [seed 000, p27] the first OUTPUT issued before other instructions is a warning naming its pc
# (it reserves output FIFO space early), not an error: the run succeeds.
printf '%s\n' '    alu rgb mad r1.rgb, r0.rgb, #1, #0' '    out rgb mad r2.rgb o0.rgb, r0.rgb, #1, #0' \
  '    alu rgb mad r1.rgb, r2.rgb, #1, #0' '    out rgb mad r0._ o1.rgb, r1.rgb, #1, #0' >"$tmp/early.s"
"$DPP" asm "$tmp/early.s" -o "$tmp/early.elf"
"$DPP" run "$tmp/early.elf" --domain 4x2 2>"$tmp/err" >/dev/null || fail "an early OUTPUT stopped the run"
grep -q 'warning: pc 1: the first OUTPUT instruction issues before other instructions .*\[seed 000, p27\]' "$tmp/err" ||
  fail "no early-OUTPUT warning: $(cat "$tmp/err")"
echo "ok: an early first OUTPUT is a warning naming its pc"
