#!/usr/bin/env bash
# The cosim --json reports (pass, and a mismatch of every block) validate against
# docs/cosim-report.schema.json, and the schema is not vacuous: broken reports fail it.
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
py=/usr/bin/python3 # Debian's, with python3-jsonschema (scripts/deps.sh)
schema=docs/cosim-report.schema.json
validate() { schema_validate "$schema" "$@"; } # lib.sh's
cosim=$BUILD/cosim
run() { # name options... (exit 0 or 1 expected)
  local name=$1; shift
  "$cosim" "$@" --quiet --json "$tmp/$name.json" --out "$tmp/waves" --wave-window 20 >/dev/null
  (($? <= 1)) || fail "cosim $*"
}
run pred-pass --block pred --cycles 20k
run stack-pass --block stack --width 32 --rule mesa --chip evergreen --cycles 20k
run fc-pass --block fc --contexts 4 --lanes 16 --cycles 20k
run pred-mm --block pred --contexts 8 --lanes 64 --depth 8 --seed 21 --rtl-variant full_off_by_one
run stack-mm --block stack --width 16 --rule isa --seed 51 --rtl-variant stack_ceil_floor
run fc-mm --block fc --contexts 4 --lanes 16 --seed 41 --rtl-variant fc_else_any_counter
sys="--block system --contexts 3 --lanes 16 --addr-depth 2 --pred-depth 4 --domain 37x5"
run system-pass $sys --progen 2
run system-mm $sys --progen 1 --rtl-variant underflow_wrap
run system-cross-mm --block system --contexts 3 --lanes 16 --progen 1 --domain 37x5 --inject-map-bug else-as-pop
# commit level (docs/commit.md): the fc block and the system run, a pass and a mismatch each
prog="--program $BUILD/examples/mandelbrot.elf --domain 32x16 --check commit"
run fc-commit-pass --block fc --contexts 4 --lanes 16 $prog
run fc-commit-mm --block fc --contexts 4 --lanes 16 $prog --rtl-variant fc_any_as_all
run system-commit-pass $sys --progen 3 --check commit
run system-commit-mm $sys --program "$BUILD/examples/mandelbrot.elf" --check commit --rtl-variant fc_any_as_all
for b in pred stack fc system system-cross fc-commit system-commit; do
  grep -q '"result":"mismatch"' "$tmp/$b-mm.json" || fail "$b-mm did not mismatch"
done
# --check commit: the run's control coverage, every bin named, some hit (docs/commit.md)
for b in fc-commit-pass system-commit-pass fc-commit-mm; do
  "$py" -c 'import json, sys; c = json.load(open(sys.argv[1]))["control_coverage"]
assert c["bins"] == len(c["hits"]) and 0 < c["hit"] <= c["bins"] and c["steps"] > 0, c["hit"]
assert c["hit"] == sum(1 for n in c["hits"].values() if n), "hit is not the bins hit"' \
    "$tmp/$b.json" || fail "$b has no honest control_coverage"
done
# the library's own commit report, as ctm_commit_report writes it
"$py" -c 'import json, sys; json.dump(json.load(open(sys.argv[1]))["commit"], open(sys.argv[2], "w"))' \
  "$tmp/fc-commit-mm.json" "$tmp/libctm-commit-mm.json" || fail "fc-commit-mm has no commit report"
validate "$tmp"/*.json || fail "a report does not match $schema"
# Broken copies must be refused: a missing member, a wrong type, a stray block section.
"$py" - "$tmp" <<'PY'
import json, sys
d = sys.argv[1]
r = json.load(open(d + "/pred-mm.json"))
json.dump({k: v for k, v in r.items() if k != "field"}, open(d + "/bad-nofield.x", "w"))
r2 = dict(r, lanes="1,4"); json.dump(r2, open(d + "/bad-lanes.x", "w"))
s = json.load(open(d + "/stack-mm.json")); s["expected_outputs"]["overflow"] = 1
json.dump(s, open(d + "/bad-overflow.x", "w"))
p = json.load(open(d + "/pred-pass.json")); p["cycle"] = 3
json.dump(p, open(d + "/bad-passcycle.x", "w"))
c = json.load(open(d + "/libctm-commit-mm.json")); c["what"] = "late"
json.dump(c, open(d + "/bad-commitwhat.x", "w"))
v = json.load(open(d + "/fc-commit-pass.json")); v["control_coverage"]["hits"]["IF.taken.d0"] = -1
json.dump(v, open(d + "/bad-coverhits.x", "w"))
PY
for f in "$tmp"/bad-*.x; do
  if validate "$f" >/dev/null; then fail "the schema accepts $(basename "$f")"; fi
done
echo "ok: 6 broken reports refused"
