#!/usr/bin/env bash
# dpp exec: a command buffer emitted by dpp run replays to the same memory;
# malformed buffers fail with exit 1 and "FILE: byte N: error: ..."; bad usage exits 2.
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
ex=$ROOT/examples/saxpy
set -e
"$DPP" asm "$ex/saxpy.s" -o "$tmp/saxpy.elf"
"$DPP" run "$tmp/saxpy.elf" --domain 16x4 --in "0=$ex/x.pfm" --in "1=$ex/y.pfm" --emit "$tmp/sx"
"$DPP" exec "$tmp/sx.cb" --mem "$tmp/sx.mem" --mem-out "$tmp/replay.mem" --wave 3 --contexts 4
cmp "$tmp/replay.mem" "$tmp/sx.after.mem"
! cmp -s "$tmp/sx.mem" "$tmp/sx.after.mem" # the run did write something
echo "ok: replay"
# the same buffer with flush_out_cache before wait_for_idle: it races the running program (seed 000
# 2.1.2): a warning naming both bytes; the model ran the program first, so the memory is the same
start=$(grep -oP 'start_program at byte \K[0-9]+' <("$DPP" exec "$tmp/sx.cb" --mem "$tmp/sx.mem" 2>&1) || true)
[[ -z $start ]] || bad "the buffer dpp run writes races its program at byte $start"
python3 - "$tmp/sx.cb" "$tmp/race.cb" <<'PY'
import struct, sys
b = bytearray(open(sys.argv[1], "rb").read())
words = [w for (w,) in struct.iter_unpack("<I", b)]
op = lambda k: words[k] >> 8 & 0xFF
k = 0
while op(k) != 0x02:  # start_program
    k += 1 + (words[k] >> 16 & 0x3FFF) + 1
w, f = k + 2, k + 4   # wait_for_idle, flush_out_cache: one parameter each
assert op(w) == 0x03 and op(f) == 0x19, [hex(x) for x in words[k:k + 6]]
words[w:w + 2], words[f:f + 2] = words[f:f + 2], words[w:w + 2]
open(sys.argv[2], "wb").write(struct.pack("<%dI" % len(words), *words))
PY
"$DPP" exec "$tmp/race.cb" --mem "$tmp/sx.mem" --mem-out "$tmp/race.mem" 2>"$tmp/race.err"
grep -qE "race.cb: byte 152: warning: flush_out_cache follows start_program at byte 144 with no wait_for_idle between \(1 such" "$tmp/race.err" ||
  bad "no race warning: $(cat "$tmp/race.err")"
cmp "$tmp/race.mem" "$tmp/sx.after.mem"
echo "ok: race warning"
set +e
bad_cmdbuf() { # name, expected message, bytes (printf format)
  printf "$3" >"$tmp/$1.cb"
  "$DPP" exec "$tmp/$1.cb" --mem "$tmp/sx.mem" 2>"$tmp/err"
  local rc=$?
  if [[ $rc != 1 ]] || ! grep -qF "$tmp/$1.cb: $2" "$tmp/err"; then
    bad "$1: exit $rc: $(cat "$tmp/err")"
  else
    echo "ok $1: $(cat "$tmp/err")"
  fi
}
bad_cmdbuf unknown-opcode 'byte 0: error: unknown opcode 0x42' '\x00\x42\x00\xc0\x00\x00\x00\x00'
bad_cmdbuf truncated 'byte 8: error: truncated header (3 of 4 bytes)' '\x00\x1b\x00\xc0\x01\x00\x00\x00\x00\x1b\x00'
bad_cmdbuf count 'byte 0: error: set_domain takes 4 parameters, header says 2' '\x00\x01\x01\xc0\x00\x00\x00\x00\x00\x00\x00\x00'
bad_cmdbuf type1 'byte 0: error: packet type 1' '\x00\x1b\x00\x40\x00\x00\x00\x00'
bad_cmdbuf no-domain 'byte 12: error: start_program: no domain: set_domain has not been issued' \
  '\x00\x0d\x01\xc0\x00\x00\x00\x00\x00\x00\x00\x00\x00\x02\x00\xc0\x03\x00\x00\x00'
"$DPP" exec "$tmp/sx.cb" >/dev/null 2>&1; [[ $? == 2 ]] || bad "missing --mem is not usage"
"$DPP" exec "$tmp/sx.cb" --mem "$tmp/sx.mem" --wave 65 >/dev/null 2>&1; [[ $? == 2 ]] || bad "--wave 65"
"$DPP" run "$tmp/saxpy.elf" >/dev/null 2>&1; [[ $? == 2 ]] || bad "run without --domain"
"$DPP" run "$tmp/saxpy.elf" --domain 0x3 >/dev/null 2>&1; [[ $? == 2 ]] || bad "--domain 0x3"
"$DPP" run "$tmp/nothere.elf" --domain 2x2 2>"$tmp/err"; [[ $? == 1 ]] && grep -q "nothere.elf" "$tmp/err" || bad "missing program"
"$DPP" run "$tmp/saxpy.elf" --domain 2x2 --in "0=$tmp/sx.cb:FLOAT32_4:9x9" 2>"$tmp/err"; [[ $? == 1 ]] && grep -q "byte 176: error: raw FLOAT32_4 9x9 input needs 1296 bytes" "$tmp/err" || bad "short raw input: $(cat "$tmp/err")"
"$DPP" run --help | drain_grep -q -- "--trace FILE" || bad "run --help"
"$DPP" exec --help | drain_grep -q -- "--mem IMAGE" || bad "exec --help"
finish
