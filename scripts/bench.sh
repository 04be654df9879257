#!/usr/bin/env bash
# Lock-step speed: cycles/s of each configuration with the C model compared
# every cycle, and of the same run with the comparison off (RTL alone), pinned
# to one core. Prints "BENCH <name> <value> <unit>" lines. Best of RUNS runs.
# Usage: scripts/bench.sh [--build DIR] [--cycles N] [--runs N]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$root/build cycles=20M runs=3
while (($#)); do
  case $1 in
    --build) build=$2; shift 2 ;;
    --cycles) cycles=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    *) echo "bench: unknown option $1" >&2; exit 2 ;;
  esac
done
pin=()
command -v taskset >/dev/null && pin=(taskset -c 0)

best_rate() { # options... -> best cycles/s over $runs runs
  local best=0 r
  for ((i = 0; i < runs; i++)); do
    r=$("${pin[@]}" "$build/cosim" "$@" --cycles "$cycles" --wave-window 0 | grep -oP 'rate=\K[0-9]+')
    ((r > best)) && best=$r
  done
  echo "$best"
}

configs=(
  "pred-32x20x32 --block pred --contexts 32 --lanes 20 --depth 32"
  "pred-8x64x8 --block pred --contexts 8 --lanes 64 --depth 8"
  "pred-1x16x4 --block pred --contexts 1 --lanes 16 --depth 4"
  "stack-w64.isa --block stack --width 64 --rule isa"
  "stack-w32.mesa.evergreen --block stack --width 32 --rule mesa --chip evergreen"
  "stack-w16.llvm.cayman --block stack --width 16 --rule llvm --chip cayman"
)
for cfg in "${configs[@]}"; do
  read -r name rest <<<"$cfg"
  read -ra opts <<<"$rest --seed 1"
  lock=$(best_rate "${opts[@]}")
  alone=$(best_rate "${opts[@]}" --no-compare)
  echo "BENCH $name.lockstep $lock cycles/s"
  echo "BENCH $name.rtl_alone $alone cycles/s"
  echo "BENCH $name.ratio $(awk -v a="$lock" -v b="$alone" 'BEGIN{printf "%.2f", a/b}') lockstep/rtl_alone"
done
