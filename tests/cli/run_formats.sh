#!/usr/bin/env bash
# Every MC format in both layouts round-trips through an input and an output
# (a copy program), and PGM/PPM/PFM/PNG images round-trip through dpp run.
# The data come from a seeded generator (TEST_SEED, printed), so a failure replays.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
seed=${TEST_SEED:-20240613}
echo "data seed $seed (TEST_SEED=$seed replays this run)"
# rand_bytes N: N bytes of a 31-bit LCG (high byte of each state) on stdout; not in a
# subshell, so that the state carries on.
rand_bytes() {
  local n=$1 hex="" k
  for ((k = 0; k < n; k++)); do
    seed=$(((seed * 1103515245 + 12345) & 0x7fffffff))
    hex+=$(printf '\\x%02x' $(((seed >> 16) & 255)))
  done
  printf "$hex"
}
cat >"$tmp/copy.s" <<'S'
    tex ld r1.rgba, r0.rgba, i0 unscaled acquire wait
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
    UINT16_1) rand_bytes $((2 * n)) >"$out" ;;
    UINT8_4) rand_bytes $((4 * n)) >"$out" ;;
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
      --in "0=$tmp/in-$fmt.raw:$fmt:8x5" --out "0=$tmp/out.raw:$fmt" >/dev/null
    cmp "$tmp/in-$fmt.raw" "$tmp/out.raw" || fail "$fmt $layout"
    echo "ok: $fmt $layout"
  done
done
# Images: PGM (grey), PPM (8-bit RGB) and PFM (float RGB) come back unchanged.
{ printf 'P5\n7 3\n255\n'; rand_bytes 21; } >"$tmp/a.pgm"
{ printf 'P6\n5 2\n255\n'; rand_bytes 30; } >"$tmp/a.ppm"
{ printf 'PF\n2 2\n-1.0\n'; for k in $(seq 12); do printf "${floats[k % 8]}"; done; } >"$tmp/a.pfm"
for img in a.pgm:7x3 a.ppm:5x2 a.pfm:2x2; do
  f=${img%%:*}
  "$DPP" run "$tmp/copy.elf" --domain "${img##*:}" --in "0=$tmp/$f" --out "0=$tmp/out-$f" >/dev/null
  cmp "$tmp/$f" "$tmp/out-$f" || fail "image $f"
  echo "ok: image $f"
done
# A big-endian PFM (positive scale) reads as the same values: the byte order comes from the
# file, not from the host; it is written back little-endian.
be_floats=('\x3f\x80\x00\x00' '\x40\x00\x00\x00' '\x3f\x00\x00\x00' '\xc0\x40\x00\x00'
           '\x42\xc8\x00\x00' '\x3e\x80\x00\x00' '\x40\xe0\x00\x00' '\xbe\x00\x00\x00')
{ printf 'PF\n2 2\n1.0\n'; for k in $(seq 12); do printf "${be_floats[k % 8]}"; done; } >"$tmp/be.pfm"
"$DPP" run "$tmp/copy.elf" --domain 2x2 --in "0=$tmp/be.pfm" --out "0=$tmp/out-be.pfm" >/dev/null
cmp "$tmp/a.pfm" "$tmp/out-be.pfm" || fail "big-endian PFM"
echo "ok: big-endian PFM input"
# PNG: an RGB image written by dpp run is PNG image data and reads back to the same pixels;
# a one-channel output is a greyscale PNG.
"$DPP" run "$tmp/copy.elf" --domain 5x2 --in "0=$tmp/a.ppm" --out "0=$tmp/a.png" >/dev/null
file "$tmp/a.png" | drain_grep -q 'PNG image data, 5 x 2, 8-bit/color RGB' || fail "$(file "$tmp/a.png")"
"$DPP" run "$tmp/copy.elf" --domain 5x2 --in "0=$tmp/a.png" --out "0=$tmp/png.ppm" >/dev/null
cmp "$tmp/a.ppm" "$tmp/png.ppm" || fail "PNG round trip"
"$DPP" run "$tmp/copy.elf" --domain 7x3 --in "0=$tmp/a.pgm" --out "0=$tmp/g.png:FLOAT32_1" >/dev/null
file "$tmp/g.png" | drain_grep -q 'PNG image data, 7 x 3, 8-bit grayscale' || fail "$(file "$tmp/g.png")"
"$DPP" run "$tmp/copy.elf" --domain 7x3 --in "0=$tmp/g.png" --out "0=$tmp/g.pgm" >/dev/null
cmp "$tmp/a.pgm" "$tmp/g.pgm" || fail "grey PNG round trip"
echo "ok: PNG in and out"
# A file that is not a PNG is refused with its name.
cp "$tmp/a.pgm" "$tmp/fake.png"
set +e
"$DPP" run "$tmp/copy.elf" --domain 7x3 --in "0=$tmp/fake.png" 2>"$tmp/err"; rc=$?
set -e
[[ $rc == 1 ]] && grep -q "^$tmp/fake.png: error: not a PNG image" "$tmp/err" || fail "fake PNG: $rc $(cat "$tmp/err")"
echo "ok: $(cat "$tmp/err")"
