#!/usr/bin/env bash
# Every ```asm block of docs/asm.md assembles, and round-trips through
# disasm to identical bytes.
set -u
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
awk -v dir="$tmp" '
  /^```asm[ \t]*$/ { n++; f = sprintf("%s/example%02d.s", dir, n); inblk = 1; next }
  /^```/ && inblk { inblk = 0; close(f); next }
  inblk { print > f }
' "$ROOT/docs/asm.md"
fail=0 n=0
for f in "$tmp"/example*.s; do
  [[ -f $f ]] || continue
  n=$((n + 1))
  if ! "$DPP" asm "$f" -o "$f.elf"; then echo "FAIL: docs example $n:"; cat "$f"; fail=1; continue; fi
  "$DPP" disasm "$f.elf" > "$f.dis.s" && "$DPP" asm "$f.dis.s" -o "$f.2.elf" && cmp "$f.elf" "$f.2.elf" \
    || { echo "FAIL: docs example $n does not round-trip"; fail=1; }
done
echo "$n examples from docs/asm.md assembled"
((n >= 6)) || { echo "FAIL: expected at least 6 examples"; fail=1; }
exit $fail
