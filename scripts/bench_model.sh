#!/usr/bin/env bash
# Golden-model speed: `dpp run` of the Mandelbrot example over 1024x1024, on
# one thread pinned to one core and on two threads. Prints BENCH lines; best
# of RUNS runs. The rate counts lane-instructions: instructions issued x
# lanes of the issuing wavefront (64 here), whether a lane is active or not,
# over the wall time of the run itself (dpp run --stats: device set-up, the
# command buffer and reading the outputs back; not the process start or the
# image file).
# Usage: scripts/bench_model.sh [--build DIR] [--runs N] [--domain WxH]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$root/build runs=3 domain=1024x1024
while (($#)); do
  case $1 in
    --build) build=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --domain) domain=$2; shift 2 ;;
    -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
    *) echo "bench_model: unknown option $1" >&2; exit 2 ;;
  esac
done
elf=$build/examples/mandelbrot.elf
[[ -f $elf ]] || { echo "bench_model: $elf missing (make build)" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# best_run THREADS CPUS -> "lane_instructions seconds" of the fastest run
best_run() {
  local best="" out n s
  for ((i = 0; i < runs; i++)); do
    out=$(taskset -c "$2" "$build/dpp" run "$elf" --domain "$domain" --threads "$1" \
      --out "0=$tmp/m.pgm" --stats)
    n=$(grep -oP '^lane-instructions\s+\K[0-9]+' <<<"$out")
    s=$(grep -oP '^wall time\s+\K[0-9.]+' <<<"$out")
    if [[ -z $best ]] || awk -v a="$s" -v b="${best#* }" 'BEGIN{exit !(a < b)}'; then
      best="$n $s"
    fi
  done
  echo "$best"
}

name=model.mandelbrot-${domain%%x*}
read -r n1 s1 <<<"$(best_run 1 0)"
read -r n2 s2 <<<"$(best_run 2 0,1)"
[[ $n1 == "$n2" ]] || { echo "bench_model: lane-instructions differ with 2 threads" >&2; exit 1; }
echo "BENCH $name.lane_instructions $n1 lane-instr"
echo "BENCH $name.wall_1thread $s1 s"
echo "BENCH $name.lane_instr_per_s $(awk -v n="$n1" -v s="$s1" 'BEGIN{printf "%.0f", n/s}') lane-instr/s"
echo "BENCH $name.wall_2threads $s2 s"
echo "BENCH $name.threads2_speedup $(awk -v a="$s1" -v b="$s2" 'BEGIN{printf "%.2f", a/b}') x"
