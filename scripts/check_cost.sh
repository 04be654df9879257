#!/usr/bin/env bash
# What checking costs per lock-step cycle, in instructions (callgrind: repeatable on a noisy
# machine, where make bench's wall-clock ratios are not): the same run with the comparison on
# and off (--no-compare), divided by the cycles, and the functions where the difference goes.
# Usage: scripts/check_cost.sh [--build DIR] [--top N] COSIM-OPTIONS... (its own options first)
#   e.g. scripts/check_cost.sh --block pred --contexts 32 --lanes 20 --depth 32 --cycles 200k
# Prints "CHECK_COST lockstep=... rtl_alone=... check=... ratio=..." (Ir a cycle; ratio is
# rtl_alone / lockstep, make bench's ratio counted in instructions), then the top N functions of
# the difference (self cost, Ir a cycle).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$root/build top=15
while (($#)); do
  case $1 in
    --build) build=$2; shift 2 ;;
    --top) top=$2; shift 2 ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) break ;;
  esac
done
(($#)) || { echo "usage: scripts/check_cost.sh [--build DIR] [--top N] COSIM-OPTIONS..." >&2; exit 2; }
command -v valgrind >/dev/null || { echo "check_cost: valgrind is not installed" >&2; exit 1; }
tmp=$(mktemp -d) && trap 'rm -rf "$tmp"' EXIT
# A first short run builds the model if it is missing, outside callgrind.
"$build/cosim" "$@" --cycles 1 --wave-window 0 >/dev/null
for mode in on off; do
  extra=()
  [[ $mode == off ]] && extra=(--no-compare)
  # build/cosim is a bash front end that execs the model: trace it, keep the model's profile
  valgrind --tool=callgrind --trace-children=yes --callgrind-out-file="$tmp/cg.$mode.%p" \
    "$build/cosim" "$@" "${extra[@]}" --wave-window 0 >"$tmp/run.$mode" 2>"$tmp/vg.$mode" ||
    { cat "$tmp/run.$mode" "$tmp/vg.$mode" >&2; exit 1; }
  # the model's own profile: the process run as a cosim-* binary, not the front end's make or
  # the default model's --check-options
  # (grep -L exits 1 when it lists a file, GNU grep 3.5 on: the listing is what counts)
  profile=$(grep -lE '^cmd: +[^ ]*/cosim-[^ ]+ ' "$tmp"/cg."$mode".* |
            { xargs grep -L -- '--check-options' || true; } | head -1)
  [[ -n $profile ]] || { echo "check_cost: no model process was profiled" >&2; exit 1; }
  callgrind_annotate "$profile" >"$tmp/ann.$mode" 2>/dev/null
done
cycles=$(grep -oP 'cycles=\K[0-9]+' "$tmp/run.on" | head -1)
python3 - "$tmp/ann.on" "$tmp/ann.off" "$cycles" "$top" <<'PY'
import re, sys
def load(path):
    total, funcs = 0, {}
    for line in open(path):
        m = re.match(r'^\s*([\d,]+)\s+\([^)]*\)\s+(.*)$', line)
        if not m:
            continue
        n, name = int(m.group(1).replace(',', '')), re.sub(r'\s*\[.*\]$', '', m.group(2))
        if name == 'PROGRAM TOTALS':
            total = n
        elif re.match(r'^(\?\?\?|\S+\.(c|h|cpp|S)):\S', name):  # file:function lines only
            funcs[name] = funcs.get(name, 0) + n
    return total, funcs
(on, fon), (off, foff) = load(sys.argv[1]), load(sys.argv[2])
cycles, top = float(sys.argv[3]), int(sys.argv[4])
print("CHECK_COST lockstep=%.0f rtl_alone=%.0f check=%.0f ratio=%.2f (Ir a cycle, %d cycles)"
      % (on / cycles, off / cycles, (on - off) / cycles, off / on, cycles))
rows = sorted(((fon.get(k, 0) - foff.get(k, 0)) / cycles, k) for k in set(fon) | set(foff))
for d, k in reversed(rows[-top:]):
    k = re.sub(r'^.*?/(csim|harness|dpi)/', r'\1/', k)
    print("  %8.1f  %s" % (d, k[:120]))
PY
