#!/usr/bin/env bash
# A user's `make cosim` from nothing, N times in a row (the build folder removed before each),
# with the parallelism a user has: every model of the default regression is built (the default
# models by make, two at a time, the others by the regression's one parallel make) and run. A
# build that fails now and then (a race between parallel links, a temporary file) shows up here.
#   scripts/cold-builds.sh [--runs N] [--build DIR] [--jobs J]
# Defaults: 10 runs, build/cold-builds (never the main build folder), JOBS=2.
# Prints one line per run and "cold builds: K/N"; exits 1 unless K == N (failed logs kept).
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
runs=10 build=build/cold-builds jobs=2
while (($#)); do
  case $1 in
    --runs) runs=$2; shift 2 ;;
    --build) build=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    -h|--help) sed -n '2,7p' "$0"; exit 0 ;;
    *) echo "cold-builds: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
cd "$root"
[[ $(realpath -m "$build") != "$(realpath -m build)" ]] || { echo "cold-builds: not the main build folder" >&2; exit 2; }
logs=$(realpath -m "$build").logs
mkdir -p "$logs"
ok=0
for ((i = 1; i <= runs; i++)); do
  rm -rf "$build"
  log=$logs/run-$i.log
  start=$SECONDS
  if make --no-print-directory JOBS="$jobs" PAR="$jobs" BUILD="$build" cosim >"$log" 2>&1; then
    ok=$((ok + 1))
    echo "run $i: ok in $((SECONDS - start)) s ($(ls "$build"/cosim-* | wc -l) models; $(grep '^regress: .* passed' "$log"))"
    rm -f "$log"
  else
    echo "run $i: FAILED after $((SECONDS - start)) s (log $log)"
    grep -E 'error|Error|cannot|FAIL' "$log" | head -5
  fi
done
rm -rf "$build"
echo "cold builds: $ok/$runs"
((ok == runs))
