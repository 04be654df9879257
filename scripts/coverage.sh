#!/usr/bin/env bash
# make coverage: the default regression built with Verilator coverage (line/branch, toggle,
# the RTL's `cover property` points), merged, exported to lcov and rendered by genhtml into
# OUT/index.html; then the toggle coverage of every DUT port and the cover points
# (scripts/covreport.py), and the functional coverage of the stimulus (the C side's
# counters, scripts/fcovreport.py), each row against its goal.
# Usage: scripts/coverage.sh [--build DIR] [--jobs FILE] [--par N]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$root/build jobs=$root/tests/cosim/default.jobs par=2
while (($#)); do
  case $1 in
    --build) build=$(cd "$2" && pwd); shift 2 ;;
    --jobs) jobs=$(cd "$(dirname "$2")" && pwd)/$(basename "$2"); shift 2 ;;
    --par) par=$2; shift 2 ;;
    -h|--help) sed -n '2,7p' "$0"; exit 0 ;;
    *) echo "coverage: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
cd "$root"
out=$build/coverage
rm -rf "$out/runs" "$out/fcov" && mkdir -p "$out/runs" "$out/fcov"
# A separate model folder (coverage builds are slower) sharing the C libraries.
cp harness/cosim_front.sh "$out/cosim" && chmod +x "$out/cosim"
ln -sfn "$build/opt" "$out/opt"
ln -sfn "$build/examples" "$out/examples" 2>/dev/null || true

export COSIM_ROOT=$root COSIM_COVERAGE=1 COSIM_COVERAGE_DIR=$out/runs COSIM_FCOV_DIR=$out/fcov
scripts/regress.sh --par "$par" --out "$out/regress" --cosim "$out/cosim" "$jobs" | tail -1
unset COSIM_COVERAGE

verilator_coverage --write "$out/merged.dat" "$out"/runs/cov-*.dat
verilator_coverage --write-info "$out/all.info" "$out/merged.dat"
# The report covers the RTL only (not the testbenches).
lcov -q --extract "$out/all.info" "*rtl/*" -o "$out/rtl.info" 2>/dev/null ||
  lcov --extract "$out/all.info" "*rtl/*" -o "$out/rtl.info" >/dev/null
genhtml -q --branch-coverage -o "$out" "$out/rtl.info" >/dev/null 2>&1 ||
  genhtml -o "$out" "$out/rtl.info" >"$out/genhtml.log" 2>&1
echo "coverage: HTML report $out/index.html"
python3 scripts/covreport.py "$out/merged.dat"
python3 scripts/fcovreport.py "$out/fcov"
