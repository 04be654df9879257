#!/usr/bin/env bash
# dpp run says what it wrote, writes PNG for .png, and refuses an output name whose
# extension it does not know (listing the known ones) before running anything.
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
elf=$BUILD/examples/mandelbrot.elf

"$DPP" run "$elf" --domain 64x48 --out "0=$tmp/m.png" --emit "$tmp/e" --trace "$tmp/t.txt" 2>"$tmp/out" >/dev/null ||
  bad "run to m.png"
file "$tmp/m.png" | drain_grep -q 'PNG image data, 64 x 48' || bad "m.png: $(file "$tmp/m.png")"
for f in m.png e.cb e.mem e.after.mem t.txt; do
  grep -q "^dpp run: wrote $tmp/$f (" "$tmp/out" || bad "no 'wrote $f' line in: $(cat "$tmp/out")"
done
grep -qF "wrote $tmp/m.png (output 0, 64x48 FLOAT32_4: PNG" "$tmp/out" || bad "the PNG line: $(cat "$tmp/out")"
echo "ok: $(head -1 "$tmp/out")"

for name in x.foo x.bin noext x.png.bak; do
  "$DPP" run "$elf" --domain 4x4 --out "0=$tmp/$name" >/dev/null 2>"$tmp/err"; rc=$?
  [[ $rc == 2 ]] && grep -qF "$tmp/$name: error: unknown output extension" "$tmp/err" &&
    grep -qF "(known: .pgm .ppm .pfm .png .txt .raw)" "$tmp/err" && [[ ! -e $tmp/$name ]] ||
    bad "--out 0=$name: exit $rc, '$(cat "$tmp/err")'"
  "$DPP" run "$elf" --domain 4x4 --cond-buf "$ROOT/examples/mandelbrot/golden.pgm" \
    --cond-out "$tmp/$name" >/dev/null 2>"$tmp/err"; rc=$?
  [[ $rc == 2 ]] && grep -qF "unknown output extension" "$tmp/err" || bad "--cond-out $name: exit $rc"
done
echo "ok: $(cat "$tmp/err")"
# The raw output needs the .raw name and keeps the device bytes.
"$DPP" run "$elf" --domain 4x4 --out "0=$tmp/m.raw:FLOAT32_1" >/dev/null || bad "--out .raw"
[[ $(stat -c %s "$tmp/m.raw") == 64 ]] || bad "m.raw is $(stat -c %s "$tmp/m.raw") bytes, want 64"
finish
