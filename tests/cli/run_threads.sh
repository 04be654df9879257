#!/usr/bin/env bash
# dpp run/exec --threads: the same outputs, conditional buffer and statistics
# for any thread count; --stats names its units and its lane-instructions are
# the instructions issued times the wavefront's lanes; bad counts are usage errors.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
ex=$ROOT/examples
"$DPP" asm "$ex/mandelbrot/mandelbrot.s" -o "$tmp/mb.elf"
for t in 1 2 3; do
  "$DPP" run "$tmp/mb.elf" --domain 96x80 --wave 16 --contexts 3 --threads "$t" \
    --out "0=$tmp/mb$t.txt" --stats >"$tmp/stats$t.txt"
  cmp "$tmp/mb1.txt" "$tmp/mb$t.txt" || fail "--threads $t changes the image"
  # every line but the wall time and the rate is the same
  diff <(grep -vE '^(wall time|rate)' "$tmp/stats1.txt") <(grep -vE '^(wall time|rate)' "$tmp/stats$t.txt") ||
    fail "--threads $t changes the statistics"
done
cat "$tmp/stats2.txt"
grep -qE '^wall time +[0-9.]+ s \(2 threads, 3 wavefronts in flight\)$' "$tmp/stats2.txt"
grep -qE '^rate +[0-9.]+( [kMGT])? lane-instructions/s$' "$tmp/stats2.txt"
grep -qE '^clocks +[0-9]+ total, [0-9]+ active' "$tmp/stats2.txt"
issued=$(grep -oP '^issued +\K[0-9]+(?= instructions$)' "$tmp/stats2.txt")
lanes=$(grep -oP '^lane-instructions +\K[0-9]+(?= \(issued instructions x 16 lanes)' "$tmp/stats2.txt")
((issued > 0 && lanes == issued * 16)) || fail "lane-instructions $lanes != 16 x $issued"

# dpp exec of the same command buffer, with threads
"$DPP" run "$tmp/mb.elf" --domain 96x80 --threads 1 --emit "$tmp/e" --out "0=$tmp/o.pgm"
for t in 1 2; do
  "$DPP" exec "$tmp/e.cb" --mem "$tmp/e.mem" --mem-out "$tmp/after$t.mem" --threads "$t"
  cmp "$tmp/after$t.mem" "$tmp/e.after.mem"
done

for count in 0 65 x; do
  rc=0
  "$DPP" run "$tmp/mb.elf" --domain 8x8 --threads "$count" 2>"$tmp/err" || rc=$?
  ((rc == 2)) || fail "--threads $count exits $rc"
  grep -q -- "--threads" "$tmp/err"
done
echo "ok: threads"
