#!/usr/bin/env bash
# build/cosim --design NAME (scripts/design_run.sh): an example design's testbench as a job of the
# regression. Bad options are exit 2 with a message naming the option, before anything is built;
# the model name regress.sh builds is the design, contexts, lanes and variant; a run over a
# random structured program passes with the checker's PASS line and its control coverage, and
# the front's --help lists the designs. A user's own folder outside the kit (a copy of pipe_fc)
# runs the same way: it passes, and with a bug planted in the copy it mismatches (exit 1, the
# field named).
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cosim=$BUILD/cosim

expect_bad() { # pattern args...
  local pat=$1 rc=0
  shift
  "$cosim" "$@" >/dev/null 2>"$tmp/err" || rc=$?
  ((rc == 2)) || bad "cosim $*: exit $rc, expected 2"
  grep -Eq -- "$pat" "$tmp/err" || bad "cosim $*: no /$pat/ in: $(cat "$tmp/err")"
}
expect_bad "no design 'nope' under examples/designs/ \(there: .*pipe_fc" --design nope --progen 1
expect_bad 'needs --program ELF or --progen SEED' --design pipe_fc
expect_bad -- "--program and --progen: one of them" --design pipe_fc --progen 1 --program x.elf
expect_bad "--lanes: '32' is not 16 or 64" --design pipe_fc --progen 1 --lanes 32
expect_bad "--contexts: '9' is not in 1..8" --design pipe_fc --progen 1 --contexts 9
expect_bad "--domain: '3' is not WxH" --design pipe_fc --progen 1 --domain 3
expect_bad "--level: pipe_fc commits level 0 2, not 1" --design pipe_fc --progen 1 --level 1
expect_bad "--rtl-variant: no zz.patch in tests/variants/designs/pipe_fc/" --design pipe_fc --progen 1 --rtl-variant zz
expect_bad '--program: cannot read /nonexistent.elf' --design pipe_fc --program /nonexistent.elf
expect_bad "unknown option '--bogus' for --design" --design pipe_fc --progen 1 --bogus 1
expect_bad '--seed needs a value' --design pipe_fc --progen 1 --seed
# --tb-mode: a mode the testbench names on its "// ctm-tb-modes:" line (mc_unit's cmd writes its
# own command buffer, so it needs no program); any other is refused naming the modes it has
expect_bad "--tb-mode: tb_pipe_fc.sv has no mode cmd \(its modes: none\)" --design pipe_fc --progen 1 --tb-mode cmd
expect_bad "--tb-mode: tb_mc_unit.sv has no mode elf \(its modes: cmd\)" --design mc_unit --tb-mode elf
expect_bad "--tb-mode: 'a-b' is not a mode name" --design mc_unit --tb-mode a-b
"$cosim" --design mc_unit --tb-mode cmd --print-config >"$tmp/cdesc" || bad "--tb-mode cmd --print-config: exit $?"
grep -qxF tb_mode=cmd "$tmp/cdesc" && grep -qxF program= "$tmp/cdesc" ||
  bad "--tb-mode cmd --print-config: $(cat "$tmp/cdesc")"
# the common options are every mode's (harness/cosim_design.c): those a design cannot take are
# refused with the reason, before anything is built
expect_bad "--cycles: not for --design: the design's testbench runs its program to the end" \
  --design pipe_fc --progen 1 --cycles 100
expect_bad "--wave-window: only 0 \(no waveform\)" --design pipe_fc --progen 1 --wave-window 5
expect_bad "--no-compare: not for --design" --design pipe_fc --progen 1 --no-compare
expect_bad "--seed: '4294967296' is not in 0..4294967295" --design pipe_fc --progen 1 --seed 4294967296
expect_bad "--json: cannot create /nonexistent/r.json" --design pipe_fc --progen 1 --json /nonexistent/r.json
# --print-config: the run's description, as cosim_config --model gives a model's
"$cosim" --design pipe_fc --lanes 64 --contexts 3 --progen 1 --seed 5 --quiet --print-config >"$tmp/desc" ||
  bad "--design --print-config: exit $?"
for kv in model=design-pipe_fc-c3l64 design=pipe_fc "dir=$ROOT/examples/designs/pipe_fc" contexts=3 lanes=64 \
  "levels=0 2" progen=1 seed=5 quiet=1 wave=1 out=cosim-out; do
  grep -qxF "$kv" "$tmp/desc" || bad "--print-config: no line $kv in: $(cat "$tmp/desc")"
done
"$BUILD/cosim_config" --model design-pipe_fc-c3l64 >"$tmp/mdesc" || bad "cosim_config --model design-pipe_fc-c3l64"
grep -qxF "dir=$ROOT/examples/designs/pipe_fc" "$tmp/mdesc" && grep -qxF lanes=64 "$tmp/mdesc" ||
  bad "cosim_config --model design-pipe_fc-c3l64: $(cat "$tmp/mdesc")"
rc=0; "$BUILD/cosim_config" --model design-pipe_fc-c4l32 >/dev/null 2>"$tmp/err" || rc=$?
((rc == 2)) && grep -q "'32' is not 16 or 64" "$tmp/err" || bad "a design model of 32 lanes: exit $rc $(cat "$tmp/err")"

name=$(COSIM_PRINT_MODEL=1 "$cosim" --design pipe_fc --lanes 64 --contexts 3 --progen 1 --rtl-variant stall_overwrite)
[[ $name == design-pipe_fc-c3l64-stall_overwrite ]] || bad "model name: $name"
# (into files: grep -q's early exit would give the writer a SIGPIPE under pipefail)
"$cosim" --help >"$tmp/help.txt"
grep -q -- '--design pipe_fc' "$tmp/help.txt" || bad "cosim --help lists no example design"
"$cosim" --design pipe_fc --help >"$tmp/dhelp.txt"
grep -q -- '--rtl-variant' "$tmp/dhelp.txt" || bad "cosim --design --help"
grep -q -- '--quiet' "$tmp/dhelp.txt" && grep -q 'not taken by a design:.* --cycles' "$tmp/dhelp.txt" ||
  bad "cosim --design --help: no common options: $(cat "$tmp/dhelp.txt")"

rc=0
"$cosim" --design pipe_fc --progen 7 --domain 32x16 --json "$tmp/r.json" >"$tmp/run.log" 2>&1 || rc=$?
((rc == 0)) || { cat "$tmp/run.log"; fail "pipe_fc over progen 7 exited $rc"; }
grep -Eq '^ctm_commit_check: PASS, [1-9][0-9]* commits' "$tmp/run.log" || bad "no PASS line: $(cat "$tmp/run.log")"
# after the pass, the run's control coverage (dpi/ctm_commit_check_state.sv, docs/commit.md)
grep -Eq '^ctm_commit_check: control coverage: [1-9][0-9]* of [0-9]+ bins hit, [1-9][0-9]* flow-control steps' \
  "$tmp/run.log" || bad "no control coverage after the PASS line: $(cat "$tmp/run.log")"
grep -Eq '^ +IF +(taken|not_taken|diverged)( +[0-9]+){8}$' "$tmp/run.log" || bad "no IF row: $(cat "$tmp/run.log")"
# --json on a pass: the run's record with its control coverage
python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
assert r["result"] == "pass" and r["design"] == "design-pipe_fc-c4l16", r
c = r["control_coverage"]
assert c["bins"] > 0 and 0 < c["hit"] <= c["bins"] and c["steps"] > 0, c
assert sum(1 for v in c["hits"].values() if v) == c["hit"], c
' "$tmp/r.json" || bad "a pass's JSON: $(head -c 300 "$tmp/r.json" 2>&1)"

# --quiet: nothing on a pass, as for every block
rc=0
"$cosim" --design pipe_fc --progen 7 --domain 32x16 --quiet >"$tmp/quiet.log" 2>&1 || rc=$?
((rc == 0)) && [[ ! -s $tmp/quiet.log ]] || bad "--quiet pass: exit $rc, printed: $(head -3 "$tmp/quiet.log")"

# A design folder outside the kit, as a user keeps one: a copy of pipe_fc.
mkdir -p "$tmp/user"
cp -r "$ROOT/examples/designs/pipe_fc" "$tmp/user/" && rm -rf "$tmp/user/pipe_fc/obj"
# its binary is keyed by the folder's path, a new one each run: removed with the folder
user_model=$(COSIM_PRINT_MODEL=1 "$cosim" --design "$tmp/user/pipe_fc" --progen 1) || fail "no model name"
[[ $user_model == design-user-pipe_fc-[0-9]*-c4l16 ]] || bad "user model name: $user_model"
trap 'rm -rf "$tmp" "$BUILD/designs/${user_model#design-}" "$BUILD/designs/${user_model#design-}.lock" "$BUILD/cosim-$user_model"' EXIT
expect_bad "--rtl-variant: the kit's broken copies are of its example designs only" \
  --design "$tmp/user/pipe_fc" --progen 1 --rtl-variant stall_overwrite
rc=0
"$cosim" --design "$tmp/user/pipe_fc" --progen 7 --progen-profile divergent --domain 32x16 \
  --json "$tmp/user-pass.json" --out "$tmp/wave" >"$tmp/user.log" 2>&1 || rc=$?
((rc == 0)) || { cat "$tmp/user.log"; fail "a user's copy of pipe_fc over progen 7 exited $rc"; }
grep -Eq '^ctm_commit_check: PASS, [1-9][0-9]* commits' "$tmp/user.log" || bad "user design: no PASS line"
grep -Eq '^ctm_commit_check: control coverage: [1-9][0-9]* of [0-9]+ bins hit' "$tmp/user.log" ||
  bad "user design: no control coverage"
python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
assert r["result"] == "pass" and r["design"].startswith("design-user-pipe_fc-"), r
assert r["control_coverage"]["hit"] > 0, r
' "$tmp/user-pass.json" || bad "user design: its pass JSON has no control coverage"
# a bug planted in the user's copy: its own Makefile rebuilds it, and the run names the field
patch -s -p3 -d "$tmp/user" <"$ROOT/tests/variants/designs/pipe_fc/exec_no_forward.patch" ||
  fail "exec_no_forward.patch does not apply to the copy"
rc=0
"$cosim" --design "$tmp/user/pipe_fc" --program "$BUILD/examples/mandelbrot.elf" --domain 32x16 \
  --json "$tmp/user.json" --out "$tmp/wave" >"$tmp/bug.log" 2>&1 || rc=$?
((rc == 1)) || { cat "$tmp/bug.log"; fail "the user's broken copy exited $rc, expected 1"; }
grep -Eq 'ctm_commit_check: commit: cycle [0-9]+, .*FC: exec: expected' "$tmp/bug.log" || bad "broken copy: no exec mismatch"
python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
assert r["result"] == "mismatch" and r["field"] == "exec", r
assert r["control_coverage"]["steps"] > 0, r  # what the run exercised up to the mismatch
' "$tmp/user.json" || bad "broken copy: its JSON report (field, control coverage)"
grep -q "^replay: .*--design $tmp/user/pipe_fc" "$tmp/bug.log" || bad "broken copy: no replay line"
# the regression runner takes a user's folder as a job like any other, with its JUnit
printf 'user-bug mismatch --design %s --program {build}/examples/mandelbrot.elf --domain 32x16\n' \
  "$tmp/user/pipe_fc" >"$tmp/user.jobs"
rc=0
"$ROOT/scripts/regress.sh" --par 1 --out "$tmp/regress" --cosim "$cosim" "$tmp/user.jobs" >"$tmp/regress.log" 2>&1 || rc=$?
((rc == 0)) || { cat "$tmp/regress.log"; bad "regress over the user's folder exited $rc"; }
grep -q 'regress: 1 passed, 0 failed' "$tmp/regress.log" || bad "regress: $(tail -3 "$tmp/regress.log")"
grep -q '<testcase[^>]*name="user-bug"' "$tmp/regress/junit.xml" || bad "no JUnit testcase for the user's job"
finish
