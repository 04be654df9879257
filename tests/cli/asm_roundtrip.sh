#!/usr/bin/env bash
# asm -> disasm -> asm gives identical bytes for every program under tests/asm
# and examples; disassembling twice gives identical text; readelf sees OSABI
# 98, machine 122 and the "ATI DPP" notes.
set -u
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
n=0
for f in "$ROOT"/tests/asm/*.s "$ROOT"/examples/*.s "$ROOT"/examples/*/*.s; do
  [[ -f $f ]] || continue
  n=$((n + 1))
  b=$tmp/$(basename "$f" .s)
  if ! "$DPP" asm "$f" -o "$b.elf"; then bad "asm $f"; continue; fi
  "$DPP" disasm "$b.elf" > "$b.dis.s" || { bad "disasm $f"; continue; }
  "$DPP" asm "$b.dis.s" -o "$b.2.elf" || { bad "re-asm $f"; cat "$b.dis.s"; continue; }
  cmp "$b.elf" "$b.2.elf" || bad "$f: bytes differ after asm->disasm->asm"
  "$DPP" disasm "$b.2.elf" | cmp - "$b.dis.s" || bad "$f: disasm not stable"
done
echo "$n programs round-tripped"
((n >= 7)) || bad "expected at least 7 programs"
if command -v readelf >/dev/null; then
  h=$(readelf -h -n "$tmp/saxpy.elf")
  grep -qE 'OS/ABI:.*(62|98)' <<<"$h" || bad "readelf OS/ABI: $h"
  grep -qE 'Machine:.*(0x7a|122)' <<<"$h" || bad "readelf machine"
  [[ $(grep -c 'ATI DPP' <<<"$h") -ge 7 ]] || bad "readelf notes"
  grep -qE 'Type:.*EXEC' <<<"$h" || bad "readelf type"
fi
# usage errors exit 2, bad input exits 1
"$DPP" asm 2>/dev/null; [[ $? == 2 ]] || bad "asm without arguments should exit 2"
"$DPP" disasm 2>/dev/null; [[ $? == 2 ]] || bad "disasm without arguments should exit 2"
"$DPP" asm --help | grep -q usage || bad "asm --help"
"$DPP" disasm --help | grep -q usage || bad "disasm --help"
printf 'junk' > "$tmp/junk.elf"
out=$("$DPP" disasm "$tmp/junk.elf" 2>&1); rc=$?
[[ $rc == 1 && $out == "$tmp/junk.elf: byte 4: error: "* ]] || bad "junk elf: $rc $out"
"$DPP" asm "$tmp/missing.s" -o "$tmp/x.elf" 2>/dev/null; [[ $? == 1 ]] || bad "missing file"
finish
