#!/usr/bin/env bash
# Lock-step speed: cycles/s of each configuration with the C model compared
# every cycle, and of the same run with the comparison off (RTL alone), pinned
# to one core; then the golden model's own speed (scripts/bench_model.sh).
# Prints "BENCH <name> <value> <unit>" lines. Best of RUNS runs of each, the lock-step and
# RTL-alone runs interleaved (lock, alone, lock, alone...): a burst of load on this shared
# machine then slows one run of each side, not all the runs of one side. 5 runs: with 3, one
# binary's ratio read anywhere from 0.84 to 0.97 within an hour here (bursts of load on the
# host last several runs); the golden model's own bench keeps 3 (no ratio).
# The flow-control unit is ~20x slower per cycle than the predicate stack: it runs
# --fc-cycles (default 2M) instead of --cycles.
# Then the system run (--block system) on the Mandelbrot example: speed with and without the
# comparison, and peak RSS at 64x64 and 2048x2048.
# Usage: scripts/bench.sh [--build DIR] [--cycles N] [--fc-cycles N] [--runs N]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$root/build cycles=20M fc_cycles=2M runs=5
while (($#)); do
  case $1 in
    --build) build=$2; shift 2 ;;
    --cycles) cycles=$2; shift 2 ;;
    --fc-cycles) fc_cycles=$2; shift 2 ;;
    --runs) runs=$2 model_runs=$2; shift 2 ;;
    *) echo "bench: unknown option $1" >&2; exit 2 ;;
  esac
done
pin=()
command -v taskset >/dev/null && pin=(taskset -c 0)

rates() { # options... -> "wall cpu": cycles/s of one run, by the wall clock and by its CPU time
  local line
  line=$("${pin[@]}" "$build/cosim" "$@" | grep '^PASS') ||
    { echo "bench: cosim $* did not pass" >&2; return 1; }
  echo "$(grep -oP '\brate=\K[0-9]+' <<<"$line") $(grep -oP '\bcpu_rate=\K[0-9]+' <<<"$line")"
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN{printf "%.2f", a/b}'; }

# name options... -> the BENCH lines of one configuration: the best of $runs interleaved runs of
# each side by the wall clock (the ratio that counts), and the same by CPU time (ratio_cpu:
# what the ratio is without the other jobs of a shared machine, which stretch the wall clock)
pair() {
  local prefix=$1 lock=0 alone=0 lock_cpu=0 alone_cpu=0 out w c
  shift
  for ((i = 0; i < runs; i++)); do
    out=$(rates "$@") || exit 1
    read -r w c <<<"$out"
    ((w > lock)) && lock=$w
    ((c > lock_cpu)) && lock_cpu=$c
    out=$(rates "$@" --no-compare) || exit 1
    read -r w c <<<"$out"
    ((w > alone)) && alone=$w
    ((c > alone_cpu)) && alone_cpu=$c
  done
  echo "BENCH $prefix.lockstep $lock cycles/s"
  echo "BENCH $prefix.rtl_alone $alone cycles/s"
  echo "BENCH $prefix.ratio $(ratio "$lock" "$alone") lockstep/rtl_alone"
  echo "BENCH $prefix.ratio_cpu $(ratio "$lock_cpu" "$alone_cpu") lockstep/rtl_alone (CPU time)"
}

report() { # name options... -> pair for a block's own configuration
  pair "$@" --cycles "$cycles" --wave-window 0
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

# The system run: the Mandelbrot program drives the three blocks. "rtl_alone" is the same run
# with the comparison off (the model still steps: it is the stimulus); the ratio is what the
# three C mirrors and the cross-checks cost. Then peak RSS (the run's own getrusage) at two
# domain sizes: the model is stepped on demand, so memory must not grow with the domain.
sys_opts=(--block system --contexts 4 --lanes 64 --program "$build/examples/mandelbrot.elf" --wave-window 0)
pair system.mandelbrot-192x144 "${sys_opts[@]}" --domain 192x144
rss() { "$build/cosim" "${sys_opts[@]}" --domain "$1" | grep -oP 'peak RSS \K[0-9.]+'; }
small=$(rss 64x64) large=$(rss 2048x2048)
echo "BENCH system.mandelbrot.peak_rss_64x64 $small MiB"
echo "BENCH system.mandelbrot.peak_rss_2048x2048 $large MiB"
echo "BENCH system.mandelbrot.peak_rss_ratio $(awk -v a="$large" -v b="$small" 'BEGIN{printf "%.2f", a/b}') 2048x2048/64x64"

"$root/scripts/bench_model.sh" --build "$build" --runs "${model_runs:-3}"
