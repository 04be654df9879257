#!/usr/bin/env bash
# Every malformed source under tests/asm/bad/ is refused with exit 1 and a
# "file:line:col: error: ..." message containing the fragment on its first
# line ("; expect: ..."); a second line "; options: ..." adds asm options.
set -u
fail=0 n=0
for f in "$ROOT"/tests/asm/bad/*.s; do
  want=$(sed -n '1s/^; expect: //p' "$f")
  opts=$(sed -n '2s/^; options: //p' "$f")
  [[ -n $want ]] || { echo "FAIL $f: no '; expect:' line"; fail=1; continue; }
  out=$("$DPP" asm $opts "$f" -o "$BUILD/asm_bad.elf" 2>&1); rc=$?
  n=$((n + 1))
  if ((rc != 1)); then
    echo "FAIL $f: exit $rc (want 1): $out"; fail=1
  elif [[ $out != *"$want"* ]]; then
    echo "FAIL $f: message '$out' lacks '$want'"; fail=1
  elif ! grep -qE "^$f:[0-9]+:[0-9]+: error: " <<<"$out"; then
    echo "FAIL $f: message '$out' is not file:line:col: error: ..."; fail=1
  fi
done
echo "$n malformed sources checked"
((n >= 20)) || { echo "FAIL: only $n malformed sources"; fail=1; }
# distinct messages
dups=$(for f in "$ROOT"/tests/asm/bad/*.s; do sed -n '1s/^; expect: //p' "$f"; done | sort | uniq -d)
[[ -z $dups ]] || { echo "FAIL: repeated expectations: $dups"; fail=1; }
exit $fail
