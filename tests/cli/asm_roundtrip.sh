#!/usr/bin/env bash
# asm -> disasm -> asm gives identical bytes for every program under tests/asm
# and examples; disassembling twice gives identical text; readelf sees OSABI
# 98, machine 122 and the "ATI DPP" notes.
set -u
fail=0 n=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for f in "$ROOT"/tests/asm/*.s "$ROOT"/examples/*.s "$ROOT"/examples/*/*.s; do
  [[ -f $f ]] || continue
  n=$((n + 1))
  b=$tmp/$(basename "$f" .s)
  if ! "$DPP" asm "$f" -o "$b.elf"; then echo "FAIL asm $f"; fail=1; continue; fi
  "$DPP" disasm "$b.elf" > "$b.dis.s" || { echo "FAIL disasm $f"; fail=1; continue; }
  "$DPP" asm "$b.dis.s" -o "$b.2.elf" || { echo "FAIL re-asm $f"; cat "$b.dis.s"; fail=1; continue; }
  cmp "$b.elf" "$b.2.elf" || { echo "FAIL $f: bytes differ after asm->disasm->asm"; fail=1; }
  "$DPP" disasm "$b.2.elf" | cmp - "$b.dis.s" || { echo "FAIL $f: disasm not stable"; fail=1; }
done
echo "$n programs round-tripped"
((n >= 7)) || { echo "FAIL: expected at least 7 programs"; fail=1; }
if command -v readelf >/dev/null; then
  h=$(readelf -h -n "$tmp/saxpy.elf")
  grep -qE 'OS/ABI:.*(62|98)' <<<"$h" || { echo "FAIL readelf OS/ABI: $h"; fail=1; }
  grep -qE 'Machine:.*(0x7a|122)' <<<"$h" || { echo "FAIL readelf machine"; fail=1; }
  [[ $(grep -c 'ATI DPP' <<<"$h") -ge 7 ]] || { echo "FAIL readelf notes"; fail=1; }
  grep -qE 'Type:.*EXEC' <<<"$h" || { echo "FAIL readelf type"; fail=1; }
fi
# usage errors exit 2, bad input exits 1
"$DPP" asm 2>/dev/null; [[ $? == 2 ]] || { echo "FAIL: asm without arguments should exit 2"; fail=1; }
"$DPP" disasm 2>/dev/null; [[ $? == 2 ]] || { echo "FAIL: disasm without arguments should exit 2"; fail=1; }
"$DPP" asm --help | grep -q usage || { echo "FAIL asm --help"; fail=1; }
"$DPP" disasm --help | grep -q usage || { echo "FAIL disasm --help"; fail=1; }
printf 'junk' > "$tmp/junk.elf"
out=$("$DPP" disasm "$tmp/junk.elf" 2>&1); rc=$?
[[ $rc == 1 && $out == "$tmp/junk.elf: byte 4: error: "* ]] || { echo "FAIL junk elf: $rc $out"; fail=1; }
"$DPP" asm "$tmp/missing.s" -o "$tmp/x.elf" 2>/dev/null; [[ $? == 1 ]] || { echo "FAIL missing file"; fail=1; }
exit $fail
