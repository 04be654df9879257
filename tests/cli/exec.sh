#!/usr/bin/env bash
# dpp exec: a command buffer emitted by dpp run replays to the same memory;
# malformed buffers fail with exit 1 and "FILE: byte N: error: ..."; bad usage exits 2.
set -uo pipefail
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ex=$ROOT/examples/saxpy
set -e
"$DPP" asm "$ex/saxpy.s" -o "$tmp/saxpy.elf"
"$DPP" run "$tmp/saxpy.elf" --domain 16x4 --in "0=$ex/x.pfm" --in "1=$ex/y.pfm" --emit "$tmp/sx"
"$DPP" exec "$tmp/sx.cb" --mem "$tmp/sx.mem" --mem-out "$tmp/replay.mem" --wave 3 --contexts 4
cmp "$tmp/replay.mem" "$tmp/sx.after.mem"
! cmp -s "$tmp/sx.mem" "$tmp/sx.after.mem" # the run did write something
echo "ok: replay"
set +e
fails=0
bad() { # name, expected message, bytes (printf format)
  printf "$3" >"$tmp/$1.cb"
  "$DPP" exec "$tmp/$1.cb" --mem "$tmp/sx.mem" 2>"$tmp/err"
  local rc=$?
  if [[ $rc != 1 ]] || ! grep -qF "$tmp/$1.cb: $2" "$tmp/err"; then
    echo "FAIL $1: exit $rc: $(cat "$tmp/err")"; fails=$((fails + 1))
  else
    echo "ok $1: $(cat "$tmp/err")"
  fi
}
bad unknown-opcode 'byte 0: error: unknown opcode 0x42' '\x00\x42\x00\xc0\x00\x00\x00\x00'
bad truncated 'byte 8: error: truncated header (3 of 4 bytes)' '\x00\x1b\x00\xc0\x01\x00\x00\x00\x00\x1b\x00'
bad count 'byte 0: error: set_domain takes 4 parameters, header says 2' '\x00\x01\x01\xc0\x00\x00\x00\x00\x00\x00\x00\x00'
bad type1 'byte 0: error: packet type 1' '\x00\x1b\x00\x40\x00\x00\x00\x00'
bad no-domain 'byte 12: error: start_program: no domain: set_domain has not been issued' \
  '\x00\x0d\x01\xc0\x00\x00\x00\x00\x00\x00\x00\x00\x00\x02\x00\xc0\x03\x00\x00\x00'
"$DPP" exec "$tmp/sx.cb" >/dev/null 2>&1; [[ $? == 2 ]] || { echo "FAIL: missing --mem is not usage"; fails=$((fails + 1)); }
"$DPP" exec "$tmp/sx.cb" --mem "$tmp/sx.mem" --wave 65 >/dev/null 2>&1; [[ $? == 2 ]] || { echo "FAIL: --wave 65"; fails=$((fails + 1)); }
"$DPP" run "$tmp/saxpy.elf" >/dev/null 2>&1; [[ $? == 2 ]] || { echo "FAIL: run without --domain"; fails=$((fails + 1)); }
"$DPP" run "$tmp/saxpy.elf" --domain 0x3 >/dev/null 2>&1; [[ $? == 2 ]] || { echo "FAIL: --domain 0x3"; fails=$((fails + 1)); }
"$DPP" run "$tmp/nothere.elf" --domain 2x2 2>"$tmp/err"; [[ $? == 1 ]] && grep -q "nothere.elf" "$tmp/err" || { echo "FAIL: missing program"; fails=$((fails + 1)); }
"$DPP" run "$tmp/saxpy.elf" --domain 2x2 --in "0=$tmp/sx.cb:FLOAT32_4:9x9" 2>"$tmp/err"; [[ $? == 1 ]] && grep -q "byte 176: error: raw FLOAT32_4 9x9 input needs 1296 bytes" "$tmp/err" || { echo "FAIL: short raw input: $(cat "$tmp/err")"; fails=$((fails + 1)); }
"$DPP" run --help | grep -q -- "--trace FILE" || { echo "FAIL: run --help"; fails=$((fails + 1)); }
"$DPP" exec --help | grep -q -- "--mem IMAGE" || { echo "FAIL: exec --help"; fails=$((fails + 1)); }
exit $((fails > 0))
