#!/usr/bin/env bash
# Transaction-level checking's cost on the example designs checked at their transactions
# (ctm_txn_check, docs/txn.md: mc_unit on surfaces.elf, co_unit on saxpy.elf, 64 lanes, seed 1,
# +stall=0 +gap=0, inputs bound as cosim --design binds them): each design's testbench built
# against the installed library, run with the check on (lockstep) and off (+ctm_txn_off), pinned
# to one core, the two interleaved and the best of RUNS each taken, as scripts/bench_commit.sh
# times the designs checked at commit level.
# The baseline: these testbenches open the program's run once, as the stimulus (ctm_model_txn_next
# feeds the design), and hand it to ctm_txn_check as its reference too (start_shared). With
# +ctm_txn_off the checker counts the transactions and never creates its checker, so nothing is
# compared; the run still feeds the design the same cycles (the script checks the testbench's
# summary line is the same and the OFF count is the PASS count). So rtl_alone is the design, its
# testbench and the one model run it cannot do without; the ratio is what checking costs a user.
# Prints "BENCH txn.<design>.lockstep|rtl_alone <cycles/s>", "BENCH txn.<design>.ratio
# <lockstep/rtl_alone>"; with valgrind, also ratio_ir: the same ratio in instructions (callgrind,
# 64x48), which the machine's load does not move.
# Usage: scripts/bench_txn.sh [--build DIR] [--runs N] [--domain WxH (default 512x384: ~1-2 s a run)]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$root/build runs=5 domain=512x384
while (($#)); do
  case $1 in
    --build) build=$(cd "$2" && pwd); shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --domain) domain=$2; shift 2 ;;
    -h|--help) sed -n '2,20p' "$0"; exit 0 ;;
    *) echo "bench_txn: unknown option $1" >&2; exit 2 ;;
  esac
done
[[ $domain =~ ^([0-9]+)x([0-9]+)$ ]] || { echo "bench_txn: --domain WxH, not '$domain'" >&2; exit 2; }
w=${BASH_REMATCH[1]} h=${BASH_REMATCH[2]}
out=$build/bench-txn
mkdir -p "$out"
pin=()
command -v taskset >/dev/null && pin=(taskset -c 0)
make -C "$root" --no-print-directory install PREFIX="$out/prefix" BUILD="$build" >"$out.install.log" 2>&1 ||
  { cat "$out.install.log"; exit 1; }
export PKG_CONFIG_PATH=$out/prefix/lib/pkgconfig

# inputs W H: inputs 0 and 1, (W+64) x H FLOAT32_4 elements of the kit's input surface (`dpp
# input`) as cosim --design binds them, without the edge words (as the bench has always timed)
inputs() {
  local f=$out/in-$1x$2.raw
  [[ -s $f ]] || { "$build/dpp" input "$(($1 + 64))x$2" -o "$f.tmp" >/dev/null && mv "$f.tmp" "$f"; } ||
    { echo "bench_txn: cannot write the input surface (make build)" >&2; exit 1; }
  echo "$f"
}

# rate LOG SECONDS: the design's cycles a second of one run (the testbench's summary line)
rate() {
  local cycles
  cycles=$(grep '^tb_' "$1" | grep -oP '[0-9]+(?= cycles)' | tail -1)
  awk -v c="$cycles" -v s="$2" 'BEGIN { printf "%d", c / s }'
}

# run W H MODE LOG [PREFIX...]: one run of the design's testbench ($bin, $elf), the check on or
# off, under PREFIX (taskset, valgrind)
run() {
  local in extra=()
  in=$(inputs "$1" "$2")
  [[ $3 == off ]] && extra=(+ctm_txn_off)
  "${@:5}" "$bin" +elf="$elf" +width="$1" +height="$2" +seed=1 +stall=0 +gap=0 +in0="$in" \
    +in1="$in" "${extra[@]}" >"$4" 2>&1 || { cat "$4"; exit 1; }
}

for job in "mc_unit surfaces" "co_unit saxpy"; do
  read -r name prog <<<"$job"
  elf=$build/examples/$prog.elf
  [[ -f $elf ]] || { echo "bench_txn: no $elf (make build)" >&2; exit 1; }
  design=$root/examples/designs/$name
  bin=$out/obj/$name/l64/tb_$name
  # the design's Makefile knows its sources, not the library it links nor the installed SV: a
  # library or a kit SV file changed since the testbench rebuilds it (else a run after a change
  # to the checker times the old one)
  for dep in "$build/libctm.a" "$root"/dpi/*.sv; do [[ $bin -nt $dep ]] || rm -f "$bin"; done
  make -C "$design" --no-print-directory OUT="$out/obj/$name" "$bin" >"$out.$name.build.log" 2>&1 ||
    { tail -20 "$out.$name.build.log"; exit 1; }
  inputs "$w" "$h" >/dev/null
  best_on=0 best_off=0
  for ((i = 0; i < runs; i++)); do
    for mode in on off; do
      t0=$(date +%s.%N)
      run "$w" "$h" "$mode" "$out.$name.$mode.log" "${pin[@]}"
      t1=$(date +%s.%N)
      r=$(rate "$out.$name.$mode.log" "$(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')")
      if [[ $mode == on ]]; then ((r > best_on)) && best_on=$r; else ((r > best_off)) && best_off=$r; fi
    done
  done
  # the check passed, and the run with it off was the same run
  n=$(grep -oP '^ctm_txn_check: PASS, \K[1-9][0-9]*(?= transactions)' "$out.$name.on.log") ||
    { cat "$out.$name.on.log"; exit 1; }
  if ! grep -q "^ctm_txn_check: OFF, $n transactions not checked" "$out.$name.off.log" ||
    [[ $(grep '^tb_' "$out.$name.on.log") != "$(grep '^tb_' "$out.$name.off.log")" ]]; then
    echo "bench_txn: $name: the run with +ctm_txn_off is not the checked run" >&2
    cat "$out.$name.on.log" "$out.$name.off.log" >&2
    exit 1
  fi
  echo "BENCH txn.$name.lockstep $best_on cycles/s"
  echo "BENCH txn.$name.rtl_alone $best_off cycles/s"
  echo "BENCH txn.$name.ratio $(awk -v a="$best_on" -v b="$best_off" 'BEGIN{printf "%.2f", a/b}') lockstep/rtl_alone"
  # the same ratio in instructions (callgrind: repeatable where the wall clock is noisy), on a
  # smaller domain: rtl_alone's instructions over lockstep's
  if command -v valgrind >/dev/null; then
    for mode in on off; do
      run 64 48 "$mode" "$out.$name.$mode.vg" valgrind --tool=callgrind --callgrind-out-file="$out.$name.$mode.cg"
    done
    ir() { grep -oP '^summary: \K[0-9]+' "$1"; }
    echo "BENCH txn.$name.ratio_ir $(awk -v a="$(ir "$out.$name.off.cg")" -v b="$(ir "$out.$name.on.cg")" \
      'BEGIN{printf "%.2f", a/b}') rtl_alone/lockstep instructions (64x48)"
  fi
done
