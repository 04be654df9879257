#!/usr/bin/env bash
# scripts/regress.sh keeps an option whole when it holds spaces or quotes (a program path
# here), and reports a malformed job line by file and line before anything runs.
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
dir="$tmp/my dir"
mkdir -p "$dir"
cp "$BUILD/examples/mandelbrot.elf" "$dir/it's mandel.elf"
cat >"$tmp/q.jobs" <<JOBS
# program-driven fc jobs whose program path has a space and a quote
quoted-double pass --block fc --contexts 1 --lanes 64 --program "$dir/it's mandel.elf" --domain 8x8
quoted-escape pass --block fc --contexts 1 --lanes 64 --program $(printf '%q' "$dir/it's mandel.elf") --domain 4x4
JOBS
"$ROOT/scripts/regress.sh" --par 2 --out "$tmp/out" --cosim "$BUILD/cosim" "$tmp/q.jobs" >"$tmp/log" 2>&1
rc=$?
cat "$tmp/log"
((rc == 0)) && grep -q '^regress: 2 passed, 0 failed' "$tmp/out/summary.txt" || fail "exit $rc"
grep -q '"result": *"pass"' "$tmp/out/quoted-double.json" || fail "no pass report"

echo 'bad pass --block fc --program "unterminated' >"$tmp/bad.jobs"
"$ROOT/scripts/regress.sh" --out "$tmp/out2" --cosim "$BUILD/cosim" "$tmp/bad.jobs" 2>"$tmp/err"
rc=$?
((rc == 2)) && grep -q "^$tmp/bad.jobs:1: error: unmatched double quote" "$tmp/err" ||
  fail "bad quoting: exit $rc, $(cat "$tmp/err")"
echo "ok: $(cat "$tmp/err")"
