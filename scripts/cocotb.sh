#!/usr/bin/env bash
# The cocotb testbenches (examples/cocotb/): pred_stack checked against libctm every cycle, and
# the example design pipe_fc at commit level with a program run by the model, from Python; each
# on its RTL (must pass) and on a copy broken by one of tests/variants' patches (must fail with
# the library's mismatch report in the failure). cocotb comes from the vendored
# sources (../shared/vendor, or $CTM_VENDOR) into a virtual environment under BUILD, made once
# (about 2 minutes), that sees Debian's Python packages (numpy, setuptools, wheel).
#   scripts/cocotb.sh [--build DIR] [--cocotb 1.8.1|1.9.2] [--cycles N]
#   scripts/cocotb.sh --vendor    prints the folder of the vendored sources, or fails saying why
# Verilator is $VERILATOR (default verilator): cocotb 1.8 for 5.006, 1.9 for 5.022 and later.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$root/build version=1.8.1 cycles=3000 print_vendor=0
while (($#)); do
  case $1 in
    --vendor) print_vendor=1; shift ;;
    --build) build=$(realpath -m "$2"); shift 2 ;;
    --cocotb) version=$2; shift 2 ;;
    --cycles) cycles=$2; shift 2 ;;
    -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
    *) echo "cocotb.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
vendor=$(realpath -m "${CTM_VENDOR:-$root/../shared/vendor}")
venv=$build/cocotb-$version
# The vendored sources, needed to install (and what --vendor checks): stops saying what is missing.
need_vendor() {
  local f missing=()
  for f in "cocotb-$version.tar.gz" find_libpython-0.4.0.tar.gz; do
    [[ -f $vendor/$f ]] || missing+=("$vendor/$f")
  done
  ((${#missing[@]} == 0)) || { echo "cocotb.sh: no ${missing[*]} (set CTM_VENDOR to the folder)" >&2; exit 1; }
}
if ((print_vendor)); then need_vendor; echo "$vendor"; exit 0; fi
if [[ ! -x $venv/bin/cocotb-config ]]; then
  need_vendor
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
# cocotb's Makefile runs the `verilator` on PATH: $VERILATOR's when it names one by its path.
# The venv's bin goes first: its python3 is the one cocotb embeds (after /usr/bin, where
# Debian's verilator is, the simulator starts the system python3, without cocotb).
if [[ ${VERILATOR:-verilator} == */* ]]; then PATH=$(dirname "$VERILATOR"):$PATH; fi
export PATH=$venv/bin:$PATH CTM_LIB=$build/libctm.so.1 CTM_CYCLES=$cycles BUILD=$build
# (pipe_fc runs an example program: a build folder of its own needs them too)
[[ -f $CTM_LIB && -f $build/examples/mandelbrot.elf ]] ||
  make -C "$root" --no-print-directory BUILD="$build" lib examples-bin >/dev/null
work=$build/cocotb-run/$version
rm -rf "$work" && mkdir -p "$work"
verilator_v=$("${VERILATOR:-verilator}" --version | cut -d' ' -f2)

# Each testbench: its name, the folder of the RTL it checks, the patch that breaks it, and the
# first line of the library's report its failure must carry.
benches=(
  "pred_stack rtl tests/variants/pred/inv_no_and.patch MISMATCH pred_stack 8x16x8 at cycle"
  "pipe_fc examples/designs/pipe_fc tests/variants/designs/pipe_fc/exec_no_forward.patch commit-level mismatch (level 0"
)
rc=0
for b in "${benches[@]}"; do
  read -r name rtl patch report <<<"$b"
  good=$work/$name bad=$work/$name-broken
  mkdir -p "$good" "$bad"
  # cocotb's Makefile exits 0 on a failed test: its results.xml says it
  make -C "$good" -f "$root/examples/cocotb/$name/Makefile" >"$good/log" 2>&1 || true
  if grep -q "$name: PASS" "$good/log" && [[ -f $good/results.xml ]] && ! grep -q '<failure' "$good/results.xml"; then
    echo "ok: $name checked against libctm from Python (cocotb $version, Verilator $verilator_v): $(grep -o "$name: PASS.*" "$good/log")"
  else
    tail -40 "$good/log"; echo "FAIL: $name under cocotb $version, Verilator $verilator_v (log: $good/log)" >&2; rc=1
    continue
  fi
  mkdir -p "$bad/$(dirname "$rtl")"
  cp -r "$root/$rtl" "$bad/$rtl"
  patch -s -p1 -d "$bad" <"$root/$patch"
  make -C "$bad" -f "$root/examples/cocotb/$name/Makefile" RTL="$bad/$rtl" >"$bad/log" 2>&1 || true
  if [[ -f $bad/results.xml ]] && grep -q '<failure' "$bad/results.xml" &&
     grep -q "AssertionError: $name: " "$bad/log" && grep -qF "$report" "$bad/log"; then
    echo "ok: $name broken by $(basename "$patch") fails with the library's report: $(grep -m1 -o "AssertionError: $name: .*" "$bad/log")"
  else
    tail -40 "$bad/log"; echo "FAIL: $name broken by $(basename "$patch"): no failure with the library's report (log: $bad/log)" >&2; rc=1
  fi
done
exit $rc
