#!/usr/bin/env bash
# How much the lanes of a wavefront disagree in the random programs of `dpp progen`, per profile
# (docs/model-defined.md, "Random structured programs"): SEEDS programs of each profile run by
# `dpp run --fc-stats` at one shape (16-lane wavefronts, a 32x24 domain: two wavefronts a row),
# their counts summed. A default program gets the system run's input surface (`dpp input --edges`:
# small integers of both signs and the formats' edges, 64 columns wider than the domain); a divergent or partial one (the divergent
# profile's conditions in partial flow-control mode: ifs 6 deep at most, no loops or calls)
# leaves input 0 to the run, which generates the lane-rank pattern its executable names.
# Prints, per profile P:
#   BENCH progen.P.diverged_fc_share X   flow-control steps with the live lanes split before or after
#   BENCH progen.P.split_fc_share Y      flow-control steps whose own condition split their lanes
#   BENCH progen.P.control_bins H        control coverage bins the same SEEDS programs hit (dpp
#                                        closure P --budget SEEDS: 4 contexts, the same shape)
# Counts, not times: the same on any machine.
# Usage: scripts/bench_progen.sh [--build DIR] [--seeds N (default 40)]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$root/build seeds=40 w=32 h=24 lanes=16
while (($#)); do
  case $1 in
    --build) build=$(cd "$2" && pwd); shift 2 ;;
    --seeds) [[ $2 =~ ^[1-9][0-9]*$ ]] || { echo "bench_progen: --seeds: '$2' is not a count" >&2; exit 2; }
      seeds=$2; shift 2 ;;
    -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
    *) echo "bench_progen: unknown option $1" >&2; exit 2 ;;
  esac
done
dpp=$build/dpp
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bench-progen-XXXXXX")
trap 'rm -rf "$tmp"' EXIT
"$dpp" input "$((w + 64))x$h" --edges -o "$tmp/in.raw"
for profile in default divergent partial; do
  in=()
  [[ $profile == default ]] && in=(--in "0=$tmp/in.raw:FLOAT32_4:$((w + 64))x$h")
  for ((s = 1; s <= seeds; s++)); do
    "$dpp" progen "$s" --profile "$profile" -o "$tmp/p.elf"
    "$dpp" run "$tmp/p.elf" --domain "${w}x$h" --wave "$lanes" "${in[@]}" --fc-stats
  done >"$tmp/$profile.txt"
  awk -v p="$profile" -v n="$seeds" -v shape="$lanes lanes, ${w}x$h" '
    /^fc steps/ { steps += $3 } /^fc diverged/ { div += $3 } /^fc split/ { split_ += $3 }
    END {
      if (!steps) { print "bench_progen: no flow-control steps counted for " p > "/dev/stderr"; exit 1 }
      printf "BENCH progen.%s.diverged_fc_share %.3f of %d flow-control steps (%d seeds, %s)\n", p, div / steps, steps, n, shape
      printf "BENCH progen.%s.split_fc_share %.3f of %d flow-control steps (%d seeds, %s)\n", p, split_ / steps, steps, n, shape
    }' "$tmp/$profile.txt"
  "$dpp" closure "$profile" --budget "$seeds" --lanes "$lanes" --domain "${w}x$h" --quiet |
    sed -En "1s/^closure: [a-z]+: ([0-9]+) programs, ([0-9]+) of ([0-9]+) bins hit.*/BENCH progen.$profile.control_bins \2 of \3 bins (\1 programs, $lanes lanes, ${w}x$h)/p"
done
