#!/usr/bin/env bash
# The kit under each Verilator it is tested with, side by side: Debian 12's 5.006 (`verilator`
# on PATH) and 5.050 built from ../shared/vendor by scripts/verilator.sh (once; ~5 min).
# For each version, in its own build folder (build/matrix/<version>):
#   lint     scripts/lint.sh (every module, the corners of its parameters)
#   cosim    the default lock-step regression (tests/cosim/default.jobs, `make cosim`)
#   install  tests/cli/install.sh: make install, the installed .sv files linted, both
#            SystemVerilog example testbenches built by that Verilator against the installed
#            libctm, run, and broken RTL caught
#   designs  each example design's testbench (examples/designs/*) built by that Verilator and
#            run once: its first passing job of tests/cosim/default.jobs (scripts/regress.sh)
#   wave     a broken RTL variant caught, and its FST window read back by fst2vcd
#   speed    lock-step cycles/s of the default pred (32x20x32) and fc (4x16a4l4b6) models
#   cocotb   the cocotb testbenches (scripts/cocotb.sh): cocotb 1.8.1 under 5.006, 1.9.2 under
#            5.050 (cocotb 1.9 needs 5.022 or later), each in a venv under the build folder
# Prints each cell's time, a table and "matrix: all passed" or the failed cells; exits 1 if any
# failed. --parts runs only those cells (a comma list of the names above; without cosim, the
# kit's C side and example programs are built first, the "kit" step); --ci is the cells CI runs
# under 5.050 (.ci/run): --versions 5.050 --parts lint,install,designs. --prepare runs no cell:
# it builds what the cells would build first (the Verilator, the kit's C side, the designs
# cell's testbenches), so that the cells later only run (.ci/run prepares while make test runs).
#   scripts/matrix.sh [--versions "5.006 5.050"] [--parts LIST] [--ci] [--prepare] [--cycles N]
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
all_parts="lint cosim install designs wave speed cocotb"
versions="5.006 5.050" cycles=5M parts=$all_parts prepare=0
while (($#)); do
  case $1 in
    --versions) versions=$2; shift 2 ;;
    --parts) parts=${2//,/ }; shift 2 ;;
    --ci) versions=5.050 parts="lint install designs"; shift ;;
    --cycles) cycles=$2; shift 2 ;;
    --prepare) prepare=1; shift ;;
    -h|--help) sed -n '2,22p' "$0"; exit 0 ;;
    *) echo "matrix: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
for p in $parts; do
  [[ " $all_parts " == *" $p "* ]] || { echo "matrix: unknown part $p (of: $all_parts)" >&2; exit 2; }
done
has() { [[ " $parts " == *" $1 "* ]]; }
cd "$root"

# The verilator executable of a version: Debian's for the one on PATH, else built from source.
tool_of() {
  local v=$1 sys
  sys=$(verilator --version 2>/dev/null | awk '{print $2}')
  if [[ $sys == "$v" ]]; then command -v verilator; return; fi
  scripts/verilator.sh --version "$v"
}

# A mismatch of a broken variant (exit 1) whose waveform fst2vcd reads, with the signals of
# the cycle that failed.
mismatch_wave() { # BUILD LOGS
  local json=$2/wave.json rc fst
  rm -rf "$2/waves"
  "$1/cosim" --block pred --contexts 32 --lanes 20 --depth 32 --seed 3 --rtl-variant inv_no_and \
    --out "$2/waves" --json "$json"
  rc=$?
  ((rc == 1)) || { echo "the broken variant exited $rc, not 1 (a mismatch)"; return 1; }
  fst=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["wave"]["fst"])' "$json") || return 1
  fst2vcd "$fst" >"$2/wave.vcd" || { echo "fst2vcd cannot read $fst"; return 1; }
  grep -q 'obs_pred' "$2/wave.vcd" || { echo "no obs_pred in $fst"; return 1; }
  echo "ok: $fst read back, $(grep -c '^#' "$2/wave.vcd") time steps"
}

# The first passing job of each example design in the default regression, built (its testbench
# by this Verilator, through the design's Makefile against the installed library) and run.
design_jobs() { # BUILD LOGS [--build-only]
  local jobs=$2/designs.jobs m d line
  : >"$jobs"
  for m in examples/designs/*/Makefile; do
    d=$(basename "$(dirname "$m")")
    line=$(grep -m1 -E "^[A-Za-z0-9_.-]+[[:space:]]+pass[[:space:]]+--design $d([[:space:]]|$)" tests/cosim/default.jobs) ||
      { echo "no passing job of design $d in tests/cosim/default.jobs"; return 1; }
    echo "$line" >>"$jobs"
  done
  cat "$jobs"
  scripts/regress.sh --par 2 --cosim "$1/cosim" --out "$2/designs" ${3:-} "$jobs"
}

# One cell: PART of version $v, its output in $logs/PART.log.
run_part() { # PART COMMAND...
  local part=$1; shift
  local start=$SECONDS
  if "$@" >"$logs/$part.log" 2>&1; then cell[$v.$part]="pass"; else
    cell[$v.$part]="FAIL"; failed+=("$v $part: $logs/$part.log"); fi
  echo "matrix: $v $part: ${cell[$v.$part]} ($((SECONDS - start)) s)"
}
rate() { # OPTIONS... -> cycles/s of one lock-step run of version $v, or FAIL
  "$build/cosim" "$@" --seed 1 --cycles "$cycles" --wave-window 0 2>>"$logs/speed.log" |
    tee -a "$logs/speed.log" | grep -oP '\brate=\K[0-9]+' || echo FAIL
}

declare -A cell
failed=()
for v in $versions; do
  build=build/matrix/$v logs=build/matrix/$v-logs
  mkdir -p "$logs"
  if ! tool=$(tool_of "$v"); then
    for part in lint cosim install designs wave pred fc cocotb; do cell[$v.$part]="no tool"; done
    failed+=("$v: no Verilator $v"); continue
  fi
  export VERILATOR=$tool
  echo "matrix: Verilator $v: $("$tool" --version) ($tool)"
  ((prepare)) || { has lint && run_part lint scripts/lint.sh; }
  if has cosim && ((!prepare)); then
    run_part cosim make --no-print-directory BUILD="$build" cosim
  elif [[ $parts != lint ]]; then
    # what the other cells need of the kit (make cosim builds it all): the front, its option
    # checker, dpp, libctm and the example programs
    start=$SECONDS
    if ! make --no-print-directory -j"${JOBS:-2}" BUILD="$build" "$build/cosim" "$build/cosim_config" \
        "$build/dpp" "$build/libctm.a" "$build/libctm.so.1" examples-bin >"$logs/kit.log" 2>&1; then
      failed+=("$v kit build: $logs/kit.log")
    fi
    echo "matrix: $v kit (C side, example programs): $((SECONDS - start)) s"
  fi
  if ((prepare)); then
    if has designs; then
      start=$SECONDS
      design_jobs "$build" "$logs" --build-only >"$logs/designs-build.log" 2>&1 ||
        failed+=("$v designs' testbenches: $logs/designs-build.log")
      echo "matrix: $v designs' testbenches built: $((SECONDS - start)) s"
    fi
    unset VERILATOR
    continue
  fi
  # the designs before the install (CI's budget may cut the last: the longest goes last)
  has designs && run_part designs design_jobs "$build" "$logs"
  has install && run_part install env DPP="$root/$build/dpp" BUILD="$root/$build" ROOT="$root" bash tests/cli/install.sh
  has wave && run_part wave mismatch_wave "$build" "$logs"
  if has cocotb; then
    cocotb=1.9.2
    [[ $v == 5.0[01]* || $v == 5.02[01] ]] && cocotb=1.8.1  # cocotb 1.9 supports 5.022 on
    run_part cocotb scripts/cocotb.sh --build "$build" --cocotb "$cocotb"
  fi
  if has speed; then
    cell[$v.pred]=$(rate --block pred --contexts 32 --lanes 20 --depth 32)
    cell[$v.fc]=$(rate --block fc --contexts 4 --lanes 16)
    for p in pred fc; do [[ ${cell[$v.$p]} == FAIL ]] && failed+=("$v $p speed run: $logs/speed.log"); done
  fi
  unset VERILATOR
done

if ((prepare)); then
  ((${#failed[@]} == 0)) || { printf 'matrix: FAILED %s\n' "${failed[@]}"; exit 1; }
  echo "matrix: prepared"; exit 0
fi
echo
printf '%-34s' "part"; for v in $versions; do printf '%16s' "$v"; done; echo
for row in "lint:lint" "cosim:default regression" "install:install + SV examples" \
           "designs:example designs, a job each" "wave:mismatch FST window" \
           "pred:pred 32x20x32 cycles/s" "fc:fc 4x16a4l4b6 cycles/s" "cocotb:cocotb, pred_stack from Python"; do
  part=${row%%:*}
  [[ $part == pred || $part == fc ]] && part=speed
  has "$part" || continue
  printf '%-34s' "${row#*:}"
  for v in $versions; do printf '%16s' "${cell[$v.${row%%:*}]:-?}"; done; echo
done
echo
if ((${#failed[@]})); then
  printf 'matrix: FAILED %s\n' "${failed[@]}"; exit 1
fi
echo "matrix: all passed"
