#!/usr/bin/env bash
# The cocotb testbenches (examples/cocotb/): pred_stack checked against libctm every cycle from
# Python, on the kit's RTL (must pass) and on a broken copy (tests/variants/pred/inv_no_and.patch:
# must fail with the library's mismatch report in the failure). cocotb comes from the vendored
# sources (../shared/vendor, or $CTM_VENDOR) into a virtual environment under BUILD, made once
# (about 2 minutes), that sees Debian's Python packages (numpy, setuptools, wheel).
#   scripts/cocotb.sh [--build DIR] [--cocotb 1.8.1|1.9.2] [--cycles N]
# Verilator is $VERILATOR (default verilator): cocotb 1.8 for 5.006, 1.9 for 5.022 and later.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$root/build version=1.8.1 cycles=3000
while (($#)); do
  case $1 in
    --build) build=$(realpath -m "$2"); shift 2 ;;
    --cocotb) version=$2; shift 2 ;;
    --cycles) cycles=$2; shift 2 ;;
    -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
    *) echo "cocotb.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
vendor=${CTM_VENDOR:-$root/../shared/vendor}
venv=$build/cocotb-$version
if [[ ! -x $venv/bin/cocotb-config ]]; then
  for f in "cocotb-$version.tar.gz" find_libpython-0.4.0.tar.gz; do
    [[ -f $vendor/$f ]] || { echo "cocotb.sh: no $vendor/$f (set CTM_VENDOR)" >&2; exit 1; }
  done
  echo "cocotb.sh: installing cocotb $version into $venv (once)"
  src=$(mktemp -d) && trap 'rm -rf "$src"' EXIT
  tar xzf "$vendor/cocotb-$version.tar.gz" -C "$src"
  tar xzf "$vendor/find_libpython-0.4.0.tar.gz" -C "$src"
  rm -rf "$venv"
  /usr/bin/python3 -m venv --system-site-packages "$venv"
  SETUPTOOLS_SCM_PRETEND_VERSION=0.4.0 "$venv/bin/pip" install -q --no-index --no-build-isolation \
    "$src/find_libpython-0.4.0" "$src/cocotb-$version" >"$build/cocotb-$version.log" 2>&1 ||
    { tail -30 "$build/cocotb-$version.log"; rm -rf "$venv"; exit 1; }
fi
export PATH=$venv/bin:$PATH CTM_LIB=$build/libctm.so.1 CTM_CYCLES=$cycles
# cocotb's Makefile runs the `verilator` on PATH: $VERILATOR's when it names one by its path
if [[ ${VERILATOR:-verilator} == */* ]]; then PATH=$(dirname "$VERILATOR"):$PATH; fi
[[ -f $CTM_LIB ]] || make -C "$root" --no-print-directory BUILD="$build" lib >/dev/null
work=$build/cocotb-run/$version
rm -rf "$work" && mkdir -p "$work/good" "$work/bad"

# run NAME [make args]: the testbench in work/NAME; its log there, exit status cocotb's
run() {
  local dir=$work/$1
  shift
  make -C "$dir" -f "$root/examples/cocotb/pred_stack/Makefile" "$@" >"$dir/log" 2>&1
}
verilator_v=$("${VERILATOR:-verilator}" --version | cut -d' ' -f2)
if ! run good || ! grep -q 'pred_stack: PASS' "$work/good/log" || grep -q 'FAIL=[1-9]' "$work/good/log"; then
  tail -40 "$work/good/log"; echo "FAIL: cocotb $version, Verilator $verilator_v: pred_stack" >&2; exit 1
fi
echo "ok: pred_stack checked against libctm every cycle for $cycles cycles (cocotb $version, Verilator $verilator_v)"

cp -r "$root/rtl" "$work/bad/rtl"
patch -s -p1 -d "$work/bad" <"$root/tests/variants/pred/inv_no_and.patch"
run bad RTL="$work/bad/rtl" || true
# cocotb's Makefile exits 0 on a failed test; its results.xml and log say it
grep -q '<failure' "$work/bad/results.xml" ||
  { tail -40 "$work/bad/log"; echo "FAIL: the broken pred_stack passes" >&2; exit 1; }
grep -Eq 'AssertionError: pred_stack: cycle [0-9]+, context [0-9]+: [a-z_]+: expected 0x' "$work/bad/log" &&
  grep -q 'MISMATCH pred_stack 8x16x8 at cycle' "$work/bad/log" ||
  { tail -40 "$work/bad/log"; echo "FAIL: the broken pred_stack's failure lacks the library's report" >&2; exit 1; }
echo "ok: a broken pred_stack (inv_no_and) fails with the library's report:"
grep -m1 -o "AssertionError: pred_stack:.*" "$work/bad/log"
