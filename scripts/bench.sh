#!/usr/bin/env bash
# Lock-step speed: cycles/s of each configuration with the C model compared
# every cycle, and of the same run with the comparison off (RTL alone), pinned
# to one core; then the golden model's own speed (scripts/bench_model.sh).
# Prints "BENCH <name> <value> <unit>" lines. Best of RUNS runs.
# The flow-control unit is ~20x slower per cycle than the predicate stack: it runs
# --fc-cycles (default 2M) instead of --cycles.
# Usage: scripts/bench.sh [--build DIR] [--cycles N] [--fc-cycles N] [--runs N]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$root/build cycles=20M fc_cycles=2M runs=3
while (($#)); do
  case $1 in
    --build) build=$2; shift 2 ;;
    --cycles) cycles=$2; shift 2 ;;
    --fc-cycles) fc_cycles=$2; shift 2 ;;
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

report() { # name options... -> the three BENCH lines of one configuration
  local name=$1 lock alone
  shift
  lock=$(best_rate "$@")
  alone=$(best_rate "$@" --no-compare)
  echo "BENCH $name.lockstep $lock cycles/s"
  echo "BENCH $name.rtl_alone $alone cycles/s"
  echo "BENCH $name.ratio $(awk -v a="$lock" -v b="$alone" 'BEGIN{printf "%.2f", a/b}') lockstep/rtl_alone"
}

for cfg in "32 20 32" "8 64 8" "1 16 4"; do
  read -r c l d <<<"$cfg"
  report "pred-${c}x${l}x${d}" --block pred --contexts "$c" --lanes "$l" --depth "$d" --seed 1
done
for cfg in "64 isa r7xx" "32 mesa evergreen" "16 llvm cayman"; do
  read -r w r ch <<<"$cfg"
  report "stack-w$w.$r.$ch" --block stack --width "$w" --rule "$r" --chip "$ch" --seed 1
done
cycles=$fc_cycles
for cfg in "4 16 4 4 6" "1 64 4 4 6" "16 64 32 32 8"; do
  read -r c l a lo w <<<"$cfg"
  report "fc-${c}x${l}a${a}l${lo}b${w}" --block fc --contexts "$c" --lanes "$l" --addr-depth "$a" \
    --loop-depth "$lo" --bc-width "$w" --seed 1
done
"$root/scripts/bench_model.sh" --build "$build" --runs "$runs"
