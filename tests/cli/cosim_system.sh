#!/usr/bin/env bash
# The system run (--block system): one program drives fc_unit, pred_stack and stack_acct.
# - canonical programs map completely and are cross-checked (counts in the summary);
# - a program at the patent's shape (32 contexts x 20 lanes, SPU grouping) maps completely, with
#   the SFU lanes cross-checked;
# - every broken RTL variant of each block is caught by one of make cosim's system jobs alone,
#   and the report names the unit and the field;
# - a deliberately wrong predicate mapping is caught by the cross-check, the report naming both
#   sides, and its replay command reproduces it;
# - bad input is refused with a clear message.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cosim=$BUILD/cosim
jobs=tests/cosim/default.jobs

# The system jobs of make cosim, with the paths they use relative to the build folder.
mapfile -t sys_jobs < <(awk '/^sys-/ { $2 = ""; print }' "$jobs" | sed "s|{build}|$BUILD|g")
((${#sys_jobs[@]} >= 57)) || fail "make cosim has ${#sys_jobs[@]} system jobs (every example and 50 random programs expected)"

# run NAME OPTIONS...: the job's output in $tmp/NAME.txt, its JSON in $tmp/NAME.json; echoes rc
run() {
  local name=$1; shift
  set +e
  # shellcheck disable=SC2068
  "$cosim" $@ --json "$tmp/$name.json" --out "$tmp/waves" --wave-window 40 >"$tmp/$name.txt" 2>&1
  local rc=$?
  set -e
  echo "$rc"
}

# The first job holding $1. A loop: `printf | grep -m1` under pipefail fails when grep's early
# exit gives printf a SIGPIPE (exit 141, seen under load).
first_job() {
  local pattern=$1 j
  shift
  for j in "$@"; do
    if [[ $j == *"$pattern"* ]]; then echo "$j"; return 0; fi
  done
  return 1
}

# 1. A canonical program at full depth: every step expressible, every quarter checked.
job=$(first_job 'progen 26 ' "${sys_jobs[@]}")
rc=$(run canon ${job#* })
((rc == 0)) || fail "progen 26: exit $rc: $(cat "$tmp/canon.txt")"
python3 - "$tmp/canon.json" <<'PY' || fail "progen 26: summary $(cat "$tmp/canon.txt")"
import json, sys
s = json.load(open(sys.argv[1]))["summary"]
assert s["steps"] > 50 and s["pred_ops"] > 0 and s["mask_cross_checks"] >= s["steps"], s
assert s["pred_unmapped"] == 0 and s["pred_unchecked"] == 0 and s["stack_ops"] > 0, s
assert s["stack_size_known"] and 0 < s["stack_hwm"] <= s["stack_size"], s
PY
echo "ok: a canonical program maps completely and is cross-checked every step"

# 1b. The patent's shape [seed 003]: 8 wavefronts x 4 quarters = 32 contexts of 16 SC + 4 SFU lanes.
mapfile -t patent < <(printf '%s\n' "${sys_jobs[@]}" | grep -- '--pred-spu-sc 4')
((${#patent[@]} >= 8)) || fail "too few system jobs at the patent's shape"
job=$(first_job 'mandelbrot' "${patent[@]}")
rc=$(run patent ${job#* })
((rc == 0)) || fail "patent shape: exit $rc: $(cat "$tmp/patent.txt")"
grep -q "^PASS system 8x64a4l4b6.p32g4" "$tmp/patent.txt" || fail "patent shape: $(head -3 "$tmp/patent.txt")"
python3 - "$tmp/patent.json" <<'PY' || fail "patent shape: summary $(cat "$tmp/patent.txt")"
import json, sys
s = json.load(open(sys.argv[1]))["summary"]
assert s["mask_cross_checks"] >= 4 * s["steps"] > 1000, s
assert s["pred_unmapped"] == 0 and s["pred_unchecked"] == 0, s
PY
echo "ok: the patent's shape maps completely, every quarter (SC and SFU lanes) cross-checked"

# 2. Every broken variant is caught by one system job alone (of the small-stack configuration or
# the patent's shape); a
# variant of the SPU grouping (its patch changes the SpuSc logic, which only the grouped shape
# builds) by a job at the patent's shape alone. The mapping writes conditions as the patent does
# (WRITE) and never issues the model's AND forms, SETP and PUSH_SETP: a variant of those
# (listed below) must be caught by its block's own random run instead.
declare -A not_issued=([push_setp_order]="--contexts 8 --lanes 64 --depth 8")
mapfile -t small < <(printf '%s\n' "${sys_jobs[@]}" | grep -- '--pred-depth 4')
((${#small[@]} >= 20)) || fail "too few small-stack system jobs"
for patch in tests/variants/*/*.patch; do
  v=$(basename "$patch" .patch) block=$(basename "$(dirname "$patch")")
  unit=$(case $block in fc) echo fc_unit ;; pred) echo pred_stack ;; stack) echo stack_acct ;; esac)
  if [[ -n ${not_issued[$v]:-} ]]; then
    rc=$(run "$v" --block "$block" ${not_issued[$v]} --seed 3 --cycles 1M --rtl-variant "$v" --quiet)
    ((rc == 1)) || fail "$v: the block's random run does not catch it (exit $rc)"
    echo "ok: $v (an op the mapping never issues) caught by the $block block's random run"
    continue
  fi
  # the others: the small-stack jobs, then the patent's (a WRITE that ANDs differs from the store
  # only when a new wavefront's live lanes exceed the predicate its slot's last one left: after
  # a kill, which progen 92 at the patent's shape reaches)
  candidates=("${small[@]}" "${patent[@]}")
  grep -q '^[-+].*SpuSc' "$patch" && candidates=("${patent[@]}")
  caught=""
  for job in "${candidates[@]}"; do
    rc=$(run "$v" ${job#* } --rtl-variant "$v" --quiet)
    ((rc <= 1)) || fail "$v: exit $rc on ${job%% *}: $(head -5 "$tmp/$v.txt")"
    if ((rc == 1)); then caught=${job%% *}; break; fi
  done
  [[ -n $caught ]] || fail "$v: no system job catches it"
  grep -q "^MISMATCH system" "$tmp/$v.txt" || fail "$v: no report"
  grep -q "^  unit     $unit" "$tmp/$v.txt" || fail "$v: the report does not name $unit: $(head -12 "$tmp/$v.txt")"
  field=$(python3 -c "import json,sys; r=json.load(open(sys.argv[1])); print(r['unit'], r['field'])" "$tmp/$v.json")
  [[ $field == "$unit "* && $field != *cross* ]] || fail "$v: JSON names '$field'"
  echo "ok: $v caught by $caught ($field)"
done

# 3. A wrong mapping (ELSE as POP) is caught by the cross-check; the report names both sides.
caught=""
for job in "${sys_jobs[@]}"; do
  [[ $job == *"--progen"* && $job != *"--pred-depth 4"* ]] || continue
  rc=$(run mapbug ${job#* } --inject-map-bug else-as-pop)
  ((rc <= 1)) || fail "mapping bug: exit $rc"
  if ((rc == 1)); then caught=${job%% *}; break; fi
done
[[ -n $caught ]] || fail "the wrong mapping is caught by no job"
out=$tmp/mapbug.txt
grep -q "^  field    cross.pred_exec_mask" "$out" || fail "mapping bug: field: $(head -20 "$out")"
grep -q "model (csim/pa, after the step) *active" "$out" || fail "mapping bug: no model side"
grep -q "pred_stack RTL context" "$out" || fail "mapping bug: no pred_stack side"
grep -q "waveform .*\.fst" "$out" || fail "mapping bug: no waveform"
replay=$(grep -oP '^  replay   \K.*' "$out")
[[ $replay == *"--inject-map-bug else-as-pop"* ]] || fail "mapping bug: replay lacks the bug: $replay"
set +e
$replay --quiet --wave-window 0 >"$tmp/replay.txt" 2>&1
rc=$?
set -e
((rc == 1)) && diff <(grep -E '^  (field|expected|actual|context)' "$out") \
  <(grep -E '^  (field|expected|actual|context)' "$tmp/replay.txt") >/dev/null ||
  fail "mapping bug: the replay differs (exit $rc)"
echo "ok: the wrong mapping is caught by the cross-check ($caught), replay identical"

# 4. Bad input.
set +e
"$cosim" --block system --cycles 10 2>"$tmp/e1"; rc1=$?
"$cosim" --block system --program "$tmp/nope.elf" 2>"$tmp/e2"; rc2=$?
"$cosim" --block system --progen 1 --pred-depth 65 2>"$tmp/e3"; rc3=$?
"$cosim" --block system --progen 1 --contexts 17 --lanes 64 2>"$tmp/e4"; rc4=$?
"$cosim" --block system --progen 1 --inject-map-bug nope 2>"$tmp/e5"; rc5=$?
"$cosim" --block system --progen 1 --pred-spu-sc 3 2>"$tmp/e7"; rc7=$?
TMPDIR=$tmp/no-such-dir "$cosim" --block system --progen 1 2>"$tmp/e6"; rc6=$?
set -e
((rc1 == 3)) && grep -q "needs --program FILE.elf or --progen SEED" "$tmp/e1" || fail "no program: $rc1 $(cat "$tmp/e1")"
((rc2 == 3)) && grep -q "nope.elf" "$tmp/e2" || fail "missing file: $rc2 $(cat "$tmp/e2")"
((rc3 == 2)) && grep -q -- "--pred-depth" "$tmp/e3" || fail "bad depth: $rc3 $(cat "$tmp/e3")"
((rc4 == 2)) && grep -qF -- "--contexts: '17' is not in 1..16 for --block system" "$tmp/e4" ||
  fail "17 wavefronts: $rc4 $(cat "$tmp/e4")"
((rc5 == 2)) || fail "unknown mapping bug: $rc5"
((rc7 == 2)) && grep -q "does not divide a quarter-wave's 16 lanes" "$tmp/e7" ||
  fail "SPUs of 3: $rc7 $(cat "$tmp/e7")"
((rc6 == 3)) && grep -q "temporary executable in $tmp/no-such-dir" "$tmp/e6" ||
  fail "no room for the --progen executable: $rc6 $(cat "$tmp/e6")"
echo "ok: bad input refused"
