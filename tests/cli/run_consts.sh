#!/usr/bin/env bash
# Constants from options and from a file override the executable's values:
# out = c0 * (loop trips of i0) when b0 is set, else -1.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cat >"$tmp/k.s" <<'S'
.float c0, 1
.float c1, -1
.int i0, 2, 0, 0
.bool b0, 1
    if b0
        loop i0
            alu rgb mad r1.rgb, s0.rgb, s1.rgb, s2.rgb src r1/r1, #1/#1, c0/c0
        endloop
    else
        alu rgb mad r1.rgb, s0.rgb, s1.rgb, s2.rgb src c1/c1, #1/#1, #0/#0
    endif
    out rgb mad r0._ o0.rgb, s0.rgb, s1.rgb, s2.rgb src r1/r1, #1/#1, #0/#0
S
"$DPP" asm "$tmp/k.s" -o "$tmp/k.elf"
val() { "$DPP" run "$tmp/k.elf" --domain 1x1 --out "0=$tmp/o.txt" "$@" && cut -d' ' -f3 "$tmp/o.txt"; }
[[ $(val) == 2 ]]                                          # the executable's own constants
[[ $(val --constf 0=2.5,0,0,0) == 5 ]]
[[ $(val --consti 0=7,0,0) == 7 ]]
[[ $(val --constb 0=0) == -1 ]]
printf '# constants\nf 0 0.5 0 0 0\ni 0 3 0 0   # three trips\nb 0 1\n' >"$tmp/c.txt"
[[ $(val --consts "$tmp/c.txt") == 1.5 ]]
printf 'f 0 1 2\n' >"$tmp/bad.txt"
if "$DPP" run "$tmp/k.elf" --domain 1x1 --consts "$tmp/bad.txt" 2>"$tmp/err"; then exit 1; fi
grep -q "bad.txt:1:1: error: expected 'f N a b c d'" "$tmp/err"
if "$DPP" run "$tmp/k.elf" --domain 1x1 --consti 0=300,0,0 2>/dev/null; then exit 1; fi
echo ok
