#!/usr/bin/env bash
# build/cosim --design NAME (scripts/design_run.sh): an example design's testbench as a job of the
# regression. Bad options are exit 2 with a message naming the option, before anything is built;
# the model name regress.sh builds is the design, contexts, lanes and variant; a run over a
# random structured program passes with the checker's PASS line and its control coverage, and
# the front's --help lists the designs.
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
expect_bad 'unknown option --bogus' --design pipe_fc --progen 1 --bogus 1
expect_bad '--seed needs a value' --design pipe_fc --progen 1 --seed

name=$(COSIM_PRINT_MODEL=1 "$cosim" --design pipe_fc --lanes 64 --contexts 3 --progen 1 --rtl-variant stall_overwrite)
[[ $name == design-pipe_fc-c3l64-stall_overwrite ]] || bad "model name: $name"
# (into files: grep -q's early exit would give the writer a SIGPIPE under pipefail)
"$cosim" --help >"$tmp/help.txt"
grep -q -- '--design pipe_fc' "$tmp/help.txt" || bad "cosim --help lists no example design"
"$cosim" --design pipe_fc --help >"$tmp/dhelp.txt"
grep -q -- '--rtl-variant' "$tmp/dhelp.txt" || bad "cosim --design --help"

rc=0
"$cosim" --design pipe_fc --progen 7 --domain 32x16 --json "$tmp/r.json" >"$tmp/run.log" 2>&1 || rc=$?
((rc == 0)) || { cat "$tmp/run.log"; fail "pipe_fc over progen 7 exited $rc"; }
grep -Eq '^ctm_commit_check: PASS, [1-9][0-9]* commits' "$tmp/run.log" || bad "no PASS line: $(cat "$tmp/run.log")"
# after the pass, the run's control coverage (dpi/ctm_commit_check_state.sv, docs/commit.md)
grep -Eq '^ctm_commit_check: control coverage: [1-9][0-9]* of [0-9]+ bins hit, [1-9][0-9]* flow-control steps' \
  "$tmp/run.log" || bad "no control coverage after the PASS line: $(cat "$tmp/run.log")"
grep -Eq '^ +IF +(taken|not_taken|diverged)( +[0-9]+){8}$' "$tmp/run.log" || bad "no IF row: $(cat "$tmp/run.log")"
[[ ! -e $tmp/r.json ]] || bad "a pass wrote a JSON report"
finish
