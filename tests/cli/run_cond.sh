#!/usr/bin/env bash
# dpp run with the CO on: v = W = i + 1 from the program, b = 2 everywhere. At
# the DPP, LESS passes only i = 0, whose outputs are written and v written back; at the PE with v = 1,
# GEQUAL fails for every pair (1 >= 2 is false), so nothing is written; a bad
# test name is a usage error. --stats of run and exec count the conditional output
# cache [seed 000, p11]: the 4 reads and 1 write-back of the 16-byte buffer
# are 1 miss (its one line pulled in) and 4 hits.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
echo '    out rgb mad r0._ o0.rgb, s0.rgb, s1.rgb, s2.rgb alpha mad r0._ o0.a w, s0.r, s1.r, s2.r src r0/r0, #1/#1, #1/#1' >"$tmp/w.s"
"$DPP" asm "$tmp/w.s" -o "$tmp/w.elf"
printf '\x00\x00\x00\x40%.0s' 1 2 3 4 >"$tmp/b.raw"
"$DPP" run "$tmp/w.elf" --domain 4x1 --wave 3 --cond-buf "$tmp/b.raw:FLOAT32_1:4x1" \
  --cond-test less --cond-loc dpp --cond-write --out "0=$tmp/o.txt" --cond-out "$tmp/b.txt" \
  --stats --emit "$tmp/e" >"$tmp/stats"
"$DPP" exec "$tmp/e.cb" --mem "$tmp/e.mem" --stats >"$tmp/exec"
for s in stats exec; do
  grep -qx 'cond cache         4 hits, 1 misses, 0 evictions (the CO.s reads and write-backs; 16 lines of 32 bytes)' "$tmp/$s" ||
    fail "$s: $(grep cache "$tmp/$s")"
  grep -qE '^output cache +0 hits, 1 misses, 0 evictions \(output writes; 64 lines of 32 bytes\)$' "$tmp/$s" ||
    fail "$s: $(grep cache "$tmp/$s")"
done
diff - "$tmp/o.txt" <<'T'
0 0 1 1 1 1
1 0 0 0 0 0
2 0 0 0 0 0
3 0 0 0 0 0
T
diff - "$tmp/b.txt" <<'T'
0 0 1 0 0 1
1 0 2 0 0 1
2 0 2 0 0 1
3 0 2 0 0 1
T
"$DPP" run "$tmp/w.elf" --domain 4x1 --cond-buf "$tmp/b.raw:FLOAT32_1:4x1" \
  --cond-test gequal --cond-loc pe --cond-val 1 --out "0=$tmp/o2.txt"
! grep -v ' 0 0 0 0$' "$tmp/o2.txt"
"$DPP" run "$tmp/w.elf" --domain 4x1 --cond-test sometimes >/dev/null 2>&1 && exit 1
echo ok
