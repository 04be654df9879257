#!/usr/bin/env bash
# The examples assemble, run and match their golden outputs, for several
# wavefront sizes and with wavefronts interleaved (results must not change).
set -euo pipefail
ex=$ROOT/examples
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
run() { # name, golden file, run arguments...
  local name=$1 golden=$2; shift 2
  "$DPP" asm "$ex/$name/$name.s" -o "$tmp/$name.elf"
  for wave in 64 16 5 1; do
    local out=$tmp/$name-$wave.${golden##*.}
    (cd "$ex/$name" && "$DPP" run "$tmp/$name.elf" --wave "$wave" --contexts 2 "$@" --out "0=$out")
    cmp "$out" "$ex/$name/$golden" || { echo "FAIL: $name with --wave $wave differs from $golden"; exit 1; }
  done
  echo "ok: $name"
}
run saxpy golden.txt --domain 16x4 --in 0=x.pfm --in 1=y.pfm
run reduction golden.txt --domain 1x8 --in 0=in.pfm
run mandelbrot golden.pgm --domain 64x48
