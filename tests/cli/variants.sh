#!/usr/bin/env bash
# Broken RTL variants are data, not RTL: rtl/ holds no BUG_ code; every patch in
# tests/variants/<block>/ applies to a copy of rtl/, changes it, has a one-line
# description, is listed by `cosim --help`, and has a mismatch job in tests/cosim/test.jobs.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

if grep -rn 'BUG_' rtl/; then fail "rtl/ holds BUG_ code"; fi
help=$("$BUILD/cosim" --help)
n=0
for p in tests/variants/*/*.patch; do
  v=$(basename "$p" .patch) b=$(basename "$(dirname "$p")")
  [[ $(sed -n 1p "$p") == "bug: "?* ]] || fail "$p: first line must be 'bug: <description>'"
  rm -rf "$tmp/copy" && mkdir -p "$tmp/copy" && cp -r rtl "$tmp/copy/"
  patch -s -p1 -d "$tmp/copy" <"$p" || fail "$p does not apply to rtl/"
  ! diff -rq rtl "$tmp/copy/rtl" >/dev/null || fail "$p changes nothing"
  grep -qE "^ +$v +" <<<"$help" || fail "cosim --help does not list $v"
  grep -qE "^[^#]* mismatch .*--block $b .*--rtl-variant $v( |\$)" tests/cosim/test.jobs ||
    fail "no mismatch job for $v in tests/cosim/test.jobs"
  n=$((n + 1))
done
((n >= 14)) || fail "only $n variants found"
echo "ok: $n variants, rtl/ pristine"
