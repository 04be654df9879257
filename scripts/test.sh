#!/usr/bin/env bash
# Runs every test group and ends with one summary line "total: N passed, M failed".
#   unit   : each build/san/tests/test_* (cmocka, ASan/UBSan); counts its tests
#   cli    : each tests/cli/*.sh (one test each; gets DPP, BUILD, ROOT in the environment)
#   cosim  : the lock-step job list tests/cosim/test.jobs (one test per job)
# Usage: scripts/test.sh [--build DIR] [--only unit|cli|cosim]
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=build only=""
while (($#)); do
  case $1 in
    --build) build=$2; shift 2 ;;
    --only) only=$2; shift 2 ;;
    -h|--help) sed -n '2,6p' "$0"; exit 0 ;;
    *) echo "test.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
cd "$root"
passed=0 failed=0 failures=()

note_fail() { failed=$((failed + $1)); failures+=("$2"); }

want() { [[ -z $only || $only == "$1" ]]; }

if want unit; then
  echo "== unit tests (cmocka, ASan/UBSan)"
  for t in "$build"/san/tests/test_*; do
    [[ -x $t ]] || continue
    log=$(mktemp)
    "$t" >"$log" 2>&1; rc=$?
    cat "$log"
    p=$(grep -oP '^\[  PASSED  \] \K[0-9]+' "$log" | tail -1)
    f=$(grep -oP '^\[  FAILED  \] \K[0-9]+' "$log" | tail -1)
    passed=$((passed + ${p:-0}))
    if ((rc != 0)) || [[ -n $f ]]; then note_fail "${f:-1}" "unit: $(basename "$t")"; fi
    rm -f "$log"
  done
fi

if want cli; then
  echo "== command-line tests"
  for t in tests/cli/*.sh; do
    [[ -f $t ]] || continue
    if DPP="$root/$build/san/dpp" BUILD="$root/$build" ROOT="$root" bash "$t" >"$build/cli-$(basename "$t").log" 2>&1; then
      echo "[ PASS ] $t"; passed=$((passed + 1))
    else
      echo "[ FAIL ] $t (log: $build/cli-$(basename "$t").log)"; tail -20 "$build/cli-$(basename "$t").log"
      note_fail 1 "cli: $t"
    fi
  done
fi

if want cosim && [[ -f tests/cosim/test.jobs ]]; then
  echo "== lock-step runs"
  out="$build/regress/test"
  scripts/regress.sh --par "${PAR:-2}" --out "$out" tests/cosim/test.jobs
  p=$(grep -oP '^regress: \K[0-9]+(?= passed)' "$out/summary.txt")
  f=$(grep -oP '^regress: [0-9]+ passed, \K[0-9]+(?= failed)' "$out/summary.txt")
  passed=$((passed + ${p:-0}))
  if [[ -z $p || ${f:-1} != 0 ]]; then note_fail "${f:-1}" "cosim: see $out/summary.txt"; fi
fi

echo
for f in "${failures[@]}"; do echo "FAILED: $f"; done
echo "total: $passed passed, $failed failed"
((failed == 0))
