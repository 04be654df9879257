#!/usr/bin/env bash
# make mutate in small, on the real job list (tests/cosim/default.jobs, block and design jobs
# mixed, as make mutate reads it): a seeded sample of 4 pred mutants judged by the two
# pred-1x16x4 jobs cut to 200k cycles, and 3 mutants of an example design (co_unit) judged by
# one of its jobs. For each: the figures add up, the JSON agrees with the text, every killed
# mutant names its job and shows its diff, the BENCH line is printed, and at least one mutant
# is killed (the schema really selects mutants). Bad input is an error.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# check JSON LOG LABEL N FILE KIND NAME JOBS: the run's figures (JOBS: the job names, comma-separated)
check() {
  python3 - "$@" <<'PY'
import json, re, sys
path, log, label, n, file, kind, name, jobs = sys.argv[1:]
d, log, n = json.load(open(path)), open(log).read(), int(n)
def fail(m):
    sys.exit(f'FAIL: {label}: {m}')
if d.get(kind) != name:
    fail(f'the JSON names {kind} {d.get(kind)!r}')
if d['jobs'] != jobs.split(','):
    fail(f"judged by {d['jobs']}, expected {jobs}")
if d['generated'] != n or len(d['mutants']) != n:
    fail(f"generated {d['generated']}, expected {n}")
if d['not_compilable'] + d['killed'] + d['equivalent'] + d['surviving'] != n:
    fail('the classes do not add up')
for m in d['mutants']:
    if m['status'] == 'killed' and not m.get('killed_by', '').split(' ')[0] in d['jobs']:
        fail(f"m{m['id']} killed by {m.get('killed_by')!r}, not one of its jobs")
    if not m['diff'].startswith(f'--- a/{file}'):
        fail(f"m{m['id']}: no diff of {file}")
if d['killed'] < 1:
    fail('no mutant killed')
score = 100.0 * d['killed'] / (n - d['not_compilable'] - d['equivalent'])
if abs(score - d['score_percent']) > 0.01:
    fail(f"score {d['score_percent']}, the figures give {score:.2f}")
want = f"BENCH mutate.{label}.score {d['score_percent']:.1f}%"
if want not in log:
    fail(f'no line {want!r}')
if not re.search(rf"^mutate {label}: generated {n} .*killed {d['killed']}, proven equivalent "
                 rf"{d['equivalent']}, surviving {d['surviving']};", log, re.M):
    fail('text and JSON disagree')
PY
}

mutate() { # LOG ARGS...: one run of mutate.py into $tmp/out
  local log=$1
  shift
  scripts/mutate.py "$@" --build "$BUILD" --out "$tmp/out" >"$log" 2>&1 || { cat "$log"; fail "mutate.py $* exit $?"; }
  cat "$log"
}

mutate "$tmp/pred.log" --block pred --max 4 --seed 3 --job-filter '^pred-1x16x4-' --max-cycles 200000
check "$tmp/out/pred.json" "$tmp/pred.log" pred 4 rtl/pred_stack.sv block pred pred-1x16x4-s1,pred-1x16x4-s2
grep -q 'jobs cut to 200000 cycles' "$tmp/pred.log" || fail "the cut is not said"

# a design: its RTL file from its row of the parameter table, its testbench rebuilt on the schema, no proof
mutate "$tmp/co.log" --design co_unit --max 3 --seed 2 --job-filter '^design-co_unit-saxpy-s01$'
check "$tmp/out/design-co_unit.json" "$tmp/co.log" design-co_unit 3 examples/designs/co_unit/co_unit.sv \
  design co_unit design-co_unit-saxpy-s01
grep -q 'no equivalence proof' "$tmp/co.log" || fail "the design run does not say that it proves nothing"
python3 -c 'import json, sys; s = json.load(open(sys.argv[1])); sys.exit(len(s) != 1 or s[0]["design"] != "co_unit")' \
  "$tmp/out/summary.json" || fail "summary.json is not the design run's"

# bad input: a message and a non-zero exit
expect_error() { # WHAT PATTERN ARGS...
  local what=$1 pattern=$2 rc=0
  shift 2
  scripts/mutate.py "$@" --build "$BUILD" --out "$tmp/o2" >"$tmp/err" 2>&1 || rc=$?
  ((rc != 0)) || fail "$what was accepted"
  grep -q -- "$pattern" "$tmp/err" || { cat "$tmp/err"; fail "$what: no message '$pattern'"; }
}
expect_error "an unknown block" "no block 'nosuch'" --block nosuch
expect_error "an unknown design" "no design 'nosuch'.*pipe_fc" --design nosuch
expect_error "a missing job file" "cannot read job file" --block pred --jobs "$tmp/none.jobs"
expect_error "a filter that matches no job" "no pass jobs" --block pred --job-filter '^nosuch$'
echo "ok: mutate smoke run"
