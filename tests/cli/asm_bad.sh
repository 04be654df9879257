#!/usr/bin/env bash
# Every malformed source under tests/asm/bad/ is refused with exit 1 and a
# "file:line:col: error: ..." message containing the fragment on its first
# line ("; expect: ..."); a second line "; options: ..." adds asm options.
set -u
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
n=0
for f in "$ROOT"/tests/asm/bad/*.s; do
  want=$(sed -n '1s/^; expect: //p' "$f")
  opts=$(sed -n '2s/^; options: //p' "$f")
  [[ -n $want ]] || { bad "$f: no '; expect:' line"; continue; }
  out=$("$DPP" asm $opts "$f" -o "$BUILD/asm_bad.elf" 2>&1); rc=$?
  n=$((n + 1))
  if ((rc != 1)); then
    bad "$f: exit $rc (want 1): $out"
  elif [[ $out != *"$want"* ]]; then
    bad "$f: message '$out' lacks '$want'"
  elif ! grep -qE "^$f:[0-9]+:[0-9]+: error: " <<<"$out"; then
    bad "$f: message '$out' is not file:line:col: error: ..."
  fi
done
echo "$n malformed sources checked"
((n >= 20)) || bad "only $n malformed sources"
# distinct messages
dups=$(for f in "$ROOT"/tests/asm/bad/*.s; do sed -n '1s/^; expect: //p' "$f"; done | sort | uniq -d)
[[ -z $dups ]] || bad "repeated expectations: $dups"
finish
