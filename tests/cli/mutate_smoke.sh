#!/usr/bin/env bash
# make mutate in small: a seeded sample of 8 pred mutants judged by one short job
# (tests/mutate/smoke.jobs). The figures must add up, the JSON must agree with the text,
# every killed mutant names its job and shows its diff, the BENCH line is printed, and at
# least one mutant is killed (the schema really selects mutants).
# Bad input is an error.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

scripts/mutate.py --block pred --max 8 --seed 3 --jobs tests/mutate/smoke.jobs --build "$BUILD" \
  --out "$tmp/out" >"$tmp/log" || { cat "$tmp/log"; fail "mutate.py exit $?"; }
cat "$tmp/log"
python3 - "$tmp/out/pred.json" "$tmp/log" <<'PY'
import json, re, sys
d = json.load(open(sys.argv[1]))
log = open(sys.argv[2]).read()
def fail(m):
    sys.exit('FAIL: ' + m)
n = d['generated']
if n != 8 or len(d['mutants']) != 8:
    fail(f'generated {n}, expected 8')
if d['not_compilable'] + d['killed'] + d['equivalent'] + d['surviving'] != n:
    fail('the classes do not add up')
for m in d['mutants']:
    if m['status'] == 'killed' and not m.get('killed_by'):
        fail(f"m{m['id']} killed by no job")
    if not m['diff'].startswith('--- a/rtl/pred_stack.sv'):
        fail(f"m{m['id']}: no diff")
if d['killed'] < 1:
    fail('no mutant killed')
want = f"BENCH mutate.pred.score {d['score_percent']:.1f}%"
if want not in log:
    fail(f'no line {want!r}')
if not re.search(rf"generated {n} .*killed {d['killed']}, proven equivalent {d['equivalent']}, surviving {d['surviving']}", log):
    fail('text and JSON disagree')
PY
if scripts/mutate.py --block nosuch >/dev/null 2>&1; then fail "an unknown block was accepted"; fi
if scripts/mutate.py --block pred --jobs "$tmp/none.jobs" --out "$tmp/o2" --build "$BUILD" >/dev/null 2>&1; then
  fail "a missing job file was accepted"
fi
echo "ok: mutate smoke run"
