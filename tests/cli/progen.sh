#!/usr/bin/env bash
# dpp progen SEED -o OUT.elf: the random structured program of a seed as an executable (what an
# example design's testbench runs for `cosim --design NAME --progen SEED`): the same seed gives
# the same bytes, another seed another program; the program runs under `dpp run` with an input
# 64 columns wider than the domain (it reads along its row); bad use is exit 2 and a bad output
# path exit 1, each with a message that names what is wrong. --profile partial: partial
# flow-control mode, and deeper than 6 refused. --profile divergent: reproducible,
# runs with input 0 left unbound (the run generates the pattern the executable names), and its
# lanes disagree: dpp run --fc-stats counts far more split flow-control steps than for the
# default program of the same seed.
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

"$DPP" progen 5 -o "$tmp/a.elf" || fail "progen 5"
"$DPP" progen 5 -o "$tmp/b.elf" || fail "progen 5 again"
"$DPP" progen 6 -o "$tmp/c.elf" || fail "progen 6"
cmp -s "$tmp/a.elf" "$tmp/b.elf" || bad "seed 5 gave two different executables"
cmp -s "$tmp/a.elf" "$tmp/c.elf" && bad "seeds 5 and 6 gave the same executable"
"$DPP" progen 5 -o "$tmp/p.elf" --print >"$tmp/print.txt" || fail "progen --print"
grep -q '^f0 ' "$tmp/print.txt" || bad "--print shows no function f0: $(head -3 "$tmp/print.txt")"
cmp -s "$tmp/a.elf" "$tmp/p.elf" || bad "--print changed the executable"
"$DPP" disasm "$tmp/a.elf" >"$tmp/a.s" || bad "disasm of progen 5"
grep -q 'fc_mode=full' "$tmp/a.s" || bad "the program is not in full flow-control mode"

# it runs: inputs 0..1 of (16 + 64) x 4, the kit's surface with the formats' edges (NaN, +-inf,
# denormals), as the system bench binds them (dpp input)
"$DPP" input 80x4 --edges -o "$tmp/in.raw" || fail "dpp input 80x4 --edges"
(($(stat -c %s "$tmp/in.raw") == 80 * 4 * 16)) || bad "dpp input 80x4: not 80 x 4 FLOAT32_4 elements"
# word 0 is the first edge word (+0), word 1 the small integer of k = 1 (-7.0)
[[ $(od -An -tx4 -N8 "$tmp/in.raw" | tr -s ' ') == " 00000000 c0e00000" ]] ||
  bad "dpp input --edges: words 0 and 1 are $(od -An -tx4 -N8 "$tmp/in.raw")"
rc=0; "$DPP" input 80x0 -o "$tmp/x.raw" 2>"$tmp/err" || rc=$?
((rc == 2)) && grep -q "WxH: '80x0' is not WxH" "$tmp/err" || bad "dpp input 80x0: exit $rc, $(cat "$tmp/err")"
rc=0; "$DPP" input 8x8 -o "$tmp/no/such/x.raw" 2>"$tmp/err" || rc=$?
((rc == 1)) && grep -q "$tmp/no/such/x.raw: cannot create" "$tmp/err" || bad "dpp input to a missing folder: exit $rc"
"$DPP" run "$tmp/a.elf" --domain 16x4 --in "0=$tmp/in.raw:FLOAT32_4:80x4" \
  --in "1=$tmp/in.raw:FLOAT32_4:80x4" --out "0=$tmp/out0.txt" 2>"$tmp/run.err" ||
  bad "dpp run of progen 5: $(cat "$tmp/run.err")"
[[ -s $tmp/out0.txt ]] || bad "dpp run of progen 5 wrote no output 0"

# --profile default is the default; divergent is another, reproducible program
"$DPP" progen 5 --profile default -o "$tmp/d5.elf" || fail "progen 5 --profile default"
cmp -s "$tmp/a.elf" "$tmp/d5.elf" || bad "--profile default changed seed 5's executable"
"$DPP" progen 5 --profile divergent -o "$tmp/v5.elf" || fail "progen 5 --profile divergent"
"$DPP" progen 5 --profile=divergent -o "$tmp/v5b.elf" || fail "progen 5 --profile=divergent"
cmp -s "$tmp/v5.elf" "$tmp/v5b.elf" || bad "divergent seed 5 gave two different executables"
cmp -s "$tmp/a.elf" "$tmp/v5.elf" && bad "the divergent profile gave the default program"
"$DPP" progen 5 --profile divergent -o "$tmp/v5p.elf" --print >"$tmp/vprint.txt" || fail "divergent --print"
grep -q '^profile divergent: input 0 is the lane-rank pattern' "$tmp/vprint.txt" ||
  bad "divergent --print does not say where its input comes from: $(head -2 "$tmp/vprint.txt")"
# --profile partial: an executable in partial flow-control mode, as the assembler would pick
"$DPP" progen 5 --profile partial -o "$tmp/p5.elf" || fail "progen 5 --profile partial"
"$DPP" disasm "$tmp/p5.elf" | drain_grep -q 'fc_mode=partial' ||
  bad "progen 5 --profile partial is not a partial flow-control mode executable"

# share of steps "fc diverged" (field 4 of its line, "(0.1234")
share() { awk '$1 == "fc" && $2 == "'"$2"'" { gsub(/\(/, "", $4); print $4 }' "$1"; }
# the default program's input: the system run's surface for 32x24, 96 x 24
"$DPP" input 96x24 --edges -o "$tmp/in24.raw" || fail "dpp input 96x24 --edges"
sum_d=0 sum_v=0 sum_ds=0 sum_vs=0
for seed in 1 2 3 4; do
  "$DPP" progen $seed -o "$tmp/d.elf" && "$DPP" progen $seed --profile divergent -o "$tmp/v.elf" ||
    fail "progen $seed"
  "$DPP" run "$tmp/d.elf" --domain 32x24 --wave 16 --in "0=$tmp/in24.raw:FLOAT32_4:96x24" \
    --fc-stats >"$tmp/d.txt" 2>"$tmp/d.err" || bad "dpp run of progen $seed: $(cat "$tmp/d.err")"
  "$DPP" run "$tmp/v.elf" --domain 32x24 --wave 16 --fc-stats >"$tmp/v.txt" 2>"$tmp/v.err" ||
    bad "dpp run of divergent progen $seed with input 0 unbound: $(cat "$tmp/v.err")"
  dd=$(share "$tmp/d.txt" diverged) vd=$(share "$tmp/v.txt" diverged)
  ds=$(share "$tmp/d.txt" split) vs=$(share "$tmp/v.txt" split)
  echo "progen $seed, 16 lanes 32x24: diverged $dd (divergent $vd), split $ds (divergent $vs)"
  awk -v v="$vd" 'BEGIN { exit !(v > 0.6) }' ||
    bad "divergent progen $seed: lanes split at only $vd of the flow-control steps"
  read -r sum_d sum_v sum_ds sum_vs < <(awk -v a="$sum_d" -v b="$sum_v" -v c="$sum_ds" -v d="$sum_vs" \
    -v e="$dd" -v f="$vd" -v g="$ds" -v h="$vs" 'BEGIN { print a + e, b + f, c + g, d + h }')
done
# over the seeds (one default program may split early and stay split: seed 1's does)
awk -v d="$sum_d" -v v="$sum_v" 'BEGIN { exit !(v > d + 4 * 0.3) }' ||
  bad "divergent programs split their lanes at $sum_v/4 of the steps, default ones at $sum_d/4"
awk -v d="$sum_ds" -v v="$sum_vs" 'BEGIN { exit !(v > 4 * d && v > 4 * 0.1) }' ||
  bad "divergent programs' conditions split the lanes at $sum_vs/4 of the steps, default $sum_ds/4"
# the input pattern wins only where nothing is bound: bound, input 0 is the file's
"$DPP" run "$tmp/v5.elf" --domain 16x4 --wave 16 --out "0=$tmp/gen.txt" 2>/dev/null &&
  "$DPP" run "$tmp/v5.elf" --domain 16x4 --wave 16 --in "0=$tmp/in.raw:FLOAT32_4:80x4" \
    --out "0=$tmp/bound.txt" 2>/dev/null || bad "dpp run of divergent progen 5, input 0 generated or bound"
cmp -s "$tmp/gen.txt" "$tmp/bound.txt" && bad "binding input 0 did not replace the generated pattern"

expect_fail() { # rc pattern args...
  local want=$1 pat=$2 rc=0
  shift 2
  "$DPP" progen "$@" >/dev/null 2>"$tmp/err" || rc=$?
  ((rc == want)) || bad "progen $*: exit $rc, expected $want"
  grep -Eq -- "$pat" "$tmp/err" || bad "progen $*: no /$pat/ in: $(cat "$tmp/err")"
}
expect_fail 2 "SEED: 'x' is not a count" x -o "$tmp/x.elf"
expect_fail 2 'missing -o OUT.elf' 5
expect_fail 2 "--depth: '9' is not in 1..8" 5 --depth 9 -o "$tmp/x.elf"
expect_fail 2 'one seed only' 5 6 -o "$tmp/x.elf"
expect_fail 2 "--profile: 'foo' is not a profile \\(default, divergent, partial\\)" 5 --profile foo -o "$tmp/x.elf"
expect_fail 1 'profile partial nests at most 6 deep' 5 --profile partial --depth 7 -o "$tmp/x.elf"
expect_fail 1 "$tmp/no/x.elf: error: cannot create" 5 -o "$tmp/no/x.elf"
finish
