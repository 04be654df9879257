#!/usr/bin/env bash
# The examples assemble, run and match their golden outputs, for several
# wavefront sizes and with wavefronts interleaved (results must not change).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
ex=$ROOT/examples
run() { # name, golden file, run arguments...
  local name=$1 golden=$2; shift 2
  "$DPP" asm "$ex/$name/$name.s" -o "$tmp/$name.elf"
  for wave in 64 16 5 1; do
    local out=$tmp/$name-$wave.${golden##*.}
    (cd "$ex/$name" && "$DPP" run "$tmp/$name.elf" --wave "$wave" --contexts 2 "$@" --out "0=$out")
    cmp "$out" "$ex/$name/$golden" || fail "$name with --wave $wave differs from $golden"
  done
  echo "ok: $name"
}
run saxpy golden.txt --domain 16x4 --in 0=x.pfm --in 1=y.pfm
run reduction golden.txt --domain 1x8 --in 0=in.pfm
run mandelbrot golden.pgm --domain 64x48
# The step comes from the domain (.domain c5): a larger, inexact-step domain still draws the
# whole set, as the previous model drew it (golden-160x120.pgm was made by the model before
# lanes ran as rows, with c5 written out as a .float).
run mandelbrot golden-160x120.pgm --domain 160x120
# --constf overrides the domain constant: with the 64x48 step, the top-left 64x48 of a
# 160x120 run is the 64x48 image.
"$DPP" run "$tmp/mandelbrot.elf" --domain 64x48 --out "0=$tmp/small.txt"
"$DPP" run "$tmp/mandelbrot.elf" --domain 160x120 --constf 5=64,48,0.015625,0.0208333340 \
  --out "0=$tmp/big.txt"
awk '$1 < 64 && $2 < 48' "$tmp/big.txt" | cmp - "$tmp/small.txt" ||
  fail "--constf 5=... does not override the .domain constant"
echo "ok: .domain constant and its override"
