#!/usr/bin/env bash
# Every ```asm block of docs/asm.md assembles, and round-trips through
# disasm to identical bytes.
set -u
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
awk -v dir="$tmp" '
  /^```asm[ \t]*$/ { n++; f = sprintf("%s/example%02d.s", dir, n); inblk = 1; next }
  /^```/ && inblk { inblk = 0; close(f); next }
  inblk { print > f }
' "$ROOT/docs/asm.md"
n=0
for f in "$tmp"/example*.s; do
  [[ -f $f ]] || continue
  n=$((n + 1))
  if ! "$DPP" asm "$f" -o "$f.elf"; then bad "docs example $n:"; cat "$f"; continue; fi
  "$DPP" disasm "$f.elf" > "$f.dis.s" && "$DPP" asm "$f.dis.s" -o "$f.2.elf" && cmp "$f.elf" "$f.2.elf" \
    || bad "docs example $n does not round-trip"
done
echo "$n examples from docs/asm.md assembled"
((n >= 6)) || bad "expected at least 6 examples"
finish
