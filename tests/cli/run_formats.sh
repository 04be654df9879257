#!/usr/bin/env bash
# Every MC format in both layouts round-trips through an input and an output
# (a copy program), and PGM/PPM/PFM images round-trip through dpp run.
set -euo pipefail
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/copy.s" <<'S'
    tex ld r1.rgba, r0.rgba, i0 unscaled
    out rgb mad r0._ o0.rgb, s0.rgb, s1.rgb, s2.rgb alpha mad r0._ o0.a, s0.a, s1.a, s2.a src r1/r1, #1/#1, #0/#0 wait
S
"$DPP" asm "$tmp/copy.s" -o "$tmp/copy.elf"
# Exactly representable data: any bytes for the integer formats, a cycle of
# ordinary floats (no NaN, no -0) for the float formats.
floats=('\x00\x00\x80\x3f' '\x00\x00\x00\x40' '\x00\x00\x00\x3f' '\x00\x00\x40\xc0'
        '\x00\x00\xc8\x42' '\x00\x00\x80\x3e' '\x00\x00\xe0\x40' '\x00\x00\x00\xbe')
make_data() { # format, elements -> file
  local fmt=$1 n=$2 out=$3
  case $fmt in
    UINT16_1) head -c $((2 * n)) /dev/urandom >"$out" ;;
    UINT8_4) head -c $((4 * n)) /dev/urandom >"$out" ;;
    FLOAT32_1|FLOAT32_2|FLOAT32_4)
      local ch=${fmt#FLOAT32_}; : >"$out"
      for ((k = 0; k < n * ch; k++)); do printf "${floats[k % 8]}" >>"$out"; done ;;
  esac
}
for fmt in UINT16_1 UINT8_4 FLOAT32_1 FLOAT32_2 FLOAT32_4; do
  make_data "$fmt" 40 "$tmp/in-$fmt.raw"
  for layout in linear tiled; do
    flag=(); [[ $layout == tiled ]] && flag=(--tiled)
    "$DPP" run "$tmp/copy.elf" --domain 8x5 --wave 16 "${flag[@]}" \
      --in "0=$tmp/in-$fmt.raw:$fmt:8x5" --out "0=$tmp/out.raw:$fmt"
    cmp "$tmp/in-$fmt.raw" "$tmp/out.raw" || { echo "FAIL: $fmt $layout"; exit 1; }
    echo "ok: $fmt $layout"
  done
done
# Images: PGM (grey), PPM (8-bit RGB) and PFM (float RGB) come back unchanged.
{ printf 'P5\n7 3\n255\n'; head -c 21 /dev/urandom; } >"$tmp/a.pgm"
{ printf 'P6\n5 2\n255\n'; head -c 30 /dev/urandom; } >"$tmp/a.ppm"
{ printf 'PF\n2 2\n-1.0\n'; for k in $(seq 12); do printf "${floats[k % 8]}"; done; } >"$tmp/a.pfm"
for img in a.pgm:7x3 a.ppm:5x2 a.pfm:2x2; do
  f=${img%%:*}
  "$DPP" run "$tmp/copy.elf" --domain "${img##*:}" --in "0=$tmp/$f" --out "0=$tmp/out-$f"
  cmp "$tmp/$f" "$tmp/out-$f" || { echo "FAIL: image $f"; exit 1; }
  echo "ok: image $f"
done
