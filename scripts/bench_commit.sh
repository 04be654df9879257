#!/usr/bin/env bash
# Commit-level checking's cost on each example design (examples/designs/, docs/commit.md): the
# design's testbench built against the installed library, run on the Mandelbrot program with the
# commit check on (lockstep) and off (+ctm_commit_off: the same run, commits counted but not
# checked; the model still feeds the design), pinned to one core, the two interleaved and the
# best of RUNS each taken. Prints "BENCH commit.<design>.lockstep|rtl_alone <cycles/s>" and
# "BENCH commit.<design>.ratio <lockstep/rtl_alone>"; with valgrind, also ratio_ir: the same
# ratio in instructions (callgrind, 64x48), which the machine's load does not move.
# Usage: scripts/bench_commit.sh [--build DIR] [--runs N] [--domain WxH]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$root/build runs=5 domain=256x192
while (($#)); do
  case $1 in
    --build) build=$(cd "$2" && pwd); shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --domain) domain=$2; shift 2 ;;
    -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
    *) echo "bench_commit: unknown option $1" >&2; exit 2 ;;
  esac
done
[[ $domain =~ ^([0-9]+)x([0-9]+)$ ]] || { echo "bench_commit: --domain WxH, not '$domain'" >&2; exit 2; }
w=${BASH_REMATCH[1]} h=${BASH_REMATCH[2]}
out=$build/bench-commit
pin=()
command -v taskset >/dev/null && pin=(taskset -c 0)
make -C "$root" --no-print-directory install PREFIX="$out/prefix" BUILD="$build" >"$out.install.log" 2>&1 ||
  { cat "$out.install.log"; exit 1; }
export PKG_CONFIG_PATH=$out/prefix/lib/pkgconfig
elf=$build/examples/mandelbrot.elf
[[ -f $elf ]] || { echo "bench_commit: no $elf (make build)" >&2; exit 1; }

# rate LOG SECONDS: the design's cycles a second of one run
rate() {
  local cycles
  cycles=$(grep -oP ', \K[0-9]+(?= cycles)' "$1" | tail -1)
  awk -v c="$cycles" -v s="$2" 'BEGIN { printf "%d", c / s }'
}

for design in "$root"/examples/designs/*/; do
  name=$(basename "$design")
  # a design checked at its transactions (ctm_txn_check: mc_unit, co_unit) has no commit check
  # (scripts/bench_txn.sh times it)
  grep -q '^ *ctm_txn_check ' "$design/tb_$name.sv" && continue
  bin=$out/obj/$name/l64/tb_$name
  # the design's Makefile knows its sources, not the library it links: a library built since
  # the testbench rebuilds it (else a run after a change to the checker times the old one)
  for dep in "$build/libctm.a" "$root"/dpi/*.sv; do [[ $bin -nt $dep ]] || rm -f "$bin"; done
  make -C "$design" --no-print-directory OUT="$out/obj/$name" "$bin" >"$out.$name.build.log" 2>&1 ||
    { tail -20 "$out.$name.build.log"; exit 1; }
  best_on=0 best_off=0
  for ((i = 0; i < runs; i++)); do
    for mode in on off; do
      extra=()
      [[ $mode == off ]] && extra=(+ctm_commit_off)
      t0=$(date +%s.%N)
      "${pin[@]}" "$bin" +elf="$elf" +width="$w" +height="$h" +stall=0 +gap=0 "${extra[@]}" \
        >"$out.$name.$mode.log" 2>&1 || { cat "$out.$name.$mode.log"; exit 1; }
      t1=$(date +%s.%N)
      r=$(rate "$out.$name.$mode.log" "$(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')")
      if [[ $mode == on ]]; then ((r > best_on)) && best_on=$r; else ((r > best_off)) && best_off=$r; fi
    done
  done
  grep -q ': PASS, ' "$out.$name.on.log" || { cat "$out.$name.on.log"; exit 1; }
  echo "BENCH commit.$name.lockstep $best_on cycles/s"
  echo "BENCH commit.$name.rtl_alone $best_off cycles/s"
  echo "BENCH commit.$name.ratio $(awk -v a="$best_on" -v b="$best_off" 'BEGIN{printf "%.2f", a/b}') lockstep/rtl_alone"
  # the same ratio in instructions (callgrind: repeatable where the wall clock is noisy), on a
  # smaller domain: rtl_alone's instructions over lockstep's
  if command -v valgrind >/dev/null; then
    for mode in on off; do
      extra=()
      [[ $mode == off ]] && extra=(+ctm_commit_off)
      valgrind --tool=callgrind --callgrind-out-file="$out.$name.$mode.cg" "$bin" +elf="$elf" \
        +width=64 +height=48 +stall=0 +gap=0 "${extra[@]}" >/dev/null 2>"$out.$name.$mode.vg" ||
        { cat "$out.$name.$mode.vg"; exit 1; }
    done
    ir() { grep -oP '^summary: \K[0-9]+' "$1"; }
    echo "BENCH commit.$name.ratio_ir $(awk -v a="$(ir "$out.$name.off.cg")" -v b="$(ir "$out.$name.on.cg")" \
      'BEGIN{printf "%.2f", a/b}') rtl_alone/lockstep instructions (64x48)"
  fi
done
