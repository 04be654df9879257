#!/usr/bin/env bash
# dpp progen SEED -o OUT.elf: the random structured program of a seed as an executable (what an
# example design's testbench runs for `cosim --design NAME --progen SEED`): the same seed gives
# the same bytes, another seed another program; the program runs under `dpp run` with an input
# 64 columns wider than the domain (it reads along its row); bad use is exit 2 and a bad output
# path exit 1, each with a message that names what is wrong.
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

"$DPP" progen 5 -o "$tmp/a.elf" || fail "progen 5"
"$DPP" progen 5 -o "$tmp/b.elf" || fail "progen 5 again"
"$DPP" progen 6 -o "$tmp/c.elf" || fail "progen 6"
cmp -s "$tmp/a.elf" "$tmp/b.elf" || bad "seed 5 gave two different executables"
cmp -s "$tmp/a.elf" "$tmp/c.elf" && bad "seeds 5 and 6 gave the same executable"
"$DPP" progen 5 -o "$tmp/p.elf" --print >"$tmp/print.txt" || fail "progen --print"
grep -q '^f0 ' "$tmp/print.txt" || bad "--print shows no function f0: $(head -3 "$tmp/print.txt")"
cmp -s "$tmp/a.elf" "$tmp/p.elf" || bad "--print changed the executable"
"$DPP" disasm "$tmp/a.elf" >"$tmp/a.s" || bad "disasm of progen 5"
grep -q 'fc_mode=full' "$tmp/a.s" || bad "the program is not in full flow-control mode"

# it runs: inputs 0..1 of (16 + 64) x 4 small integers, as the system bench binds them
python3 -c 'import struct, sys; sys.stdout.buffer.write(b"".join(struct.pack("<f", (k * 2654435761) % 17 - 8.0) for k in range(80 * 4 * 4)))' >"$tmp/in.raw"
"$DPP" run "$tmp/a.elf" --domain 16x4 --in "0=$tmp/in.raw:FLOAT32_4:80x4" \
  --in "1=$tmp/in.raw:FLOAT32_4:80x4" --out "0=$tmp/out0.txt" 2>"$tmp/run.err" ||
  bad "dpp run of progen 5: $(cat "$tmp/run.err")"
[[ -s $tmp/out0.txt ]] || bad "dpp run of progen 5 wrote no output 0"

expect_fail() { # rc pattern args...
  local want=$1 pat=$2 rc=0
  shift 2
  "$DPP" progen "$@" >/dev/null 2>"$tmp/err" || rc=$?
  ((rc == want)) || bad "progen $*: exit $rc, expected $want"
  grep -Eq -- "$pat" "$tmp/err" || bad "progen $*: no /$pat/ in: $(cat "$tmp/err")"
}
expect_fail 2 "SEED: 'x' is not a count" x -o "$tmp/x.elf"
expect_fail 2 'missing -o OUT.elf' 5
expect_fail 2 "--depth: '9' is not in 1..8" 5 --depth 9 -o "$tmp/x.elf"
expect_fail 2 'one seed only' 5 6 -o "$tmp/x.elf"
expect_fail 1 "$tmp/no/x.elf: error: cannot create" 5 -o "$tmp/no/x.elf"
finish
